"""The terminal tables' help and refusals, driven by the terminal's input.

A refusal names a wager as the regulation does: Craps' Don't Pass (623a) is "don't pass"
when the player is told how to type it, and Go Fore It's wagers are the "Front 9 Wager",
"Skins Wager" and "Gopher Wager" of 676a.7(d).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def play(game: str, script: str) -> str:
    result = CliRunner().invoke(app, ["play", game, "--seed", "1"], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def refusals(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Refused:")]


def test_craps_refusal_spells_dont_pass_as_typed_and_the_spelling_is_taken() -> None:
    out = play("craps", "bet nothing 10\nbet don't pass 10\nquit\n")
    (refused,) = refusals(out)
    assert "write it as pass, don't pass, come" in refused and "dont pass" not in refused
    assert "Placed $10 on Don't Pass." in out


def test_a_craps_refusal_gives_only_examples_this_table_offers() -> None:
    # The shipped Mini-Craps submission offers pass, don't pass, come, don't come, odds,
    # place, field, hardways, any seven and any craps (examples/rules/mini-craps.toml): a
    # fresh player was told to write "buy 4, big 6, horn, fire, all small" there.
    from pathlib import Path

    rules = Path(__file__).resolve().parents[2] / "examples" / "rules" / "mini-craps.toml"
    result = CliRunner().invoke(
        app,
        ["play", "craps", "--rules", str(rules), "--seed", "1"],
        input="bet nothing 10\nquit\n",
        env=ENV,
    )
    (refused,) = refusals(result.output)
    assert "write it as pass, don't pass, come, place 6, field, hard 8, any seven (" in refused
    for absent in ("buy 4", "lay 10", "big 6", "horn", "fire", "all small"):
        assert absent not in refused, (absent, refused)


def test_go_fore_it_refusals_name_the_wagers_as_676a_7_d_does() -> None:
    out = play("go-fore-it", "remove skins\nbet gopher 10\nquit\n")
    assert refusals(out) == [
        "Refused: seat 1 has no Skins Wager to withdraw (676a.7(d))",
        "Refused: a Gopher Wager needs a Front 9 Wager first: the Front 9 Wager is required "
        "to participate in a round of play (676a.7(d)(1))",
    ]


@pytest.mark.parametrize(
    ("game", "script", "told"),
    [
        ("go-fore-it", "remove skins\n", "seat 1 has no Skins Wager to withdraw (676a.7(d))"),
        (
            "criss-cross-poker",
            "remove antes\n",
            "seat 1 has no Ante Across wager to withdraw (674a.7(d))",
        ),
    ],
)
def test_the_players_seat_is_named_as_the_browser_names_it(
    game: str, script: str, told: str
) -> None:
    """The browser names the player's place "seat 1" ("You sit at seat 1"); a fresh player
    read "position 1" in a terminal refusal. The terminal says the seat, never "position"."""
    out = play(game, script + "quit\n")
    assert refusals(out) == [f"Refused: {told}"]
    assert not re.search(r"\bposition \d", out), out


@pytest.mark.parametrize(
    "script",
    [
        "bet nonsense 5\n",
        "bet front 9 5\nbet nonsense 5\n",
        "bet front 9 5\ndeal\nbet nonsense 5\n",
    ],
)
def test_go_fore_it_refusal_of_an_unknown_spot_names_all_four_spots(script: str) -> None:
    """Go Fore It has four spots (676a.7(d)): the Front 9, Skins and Gopher Wagers, typed
    bet front 9, bet skins, bet gopher, and the Back 9, typed back 9 once the cards are
    dealt. A spot the layout has not is refused naming all four as the player types them,
    at every moment of the round (it named only those open then: one or two of them)."""
    out = play("go-fore-it", script + "quit\n")
    told = " ".join(refusals(out)[-1].split())
    assert told.startswith("Refused: there is no spot 'nonsense' on this layout"), told
    assert (
        "this table's four spots, as you type them: bet front 9 AMOUNT, bet skins AMOUNT, "
        "bet gopher AMOUNT (the Skins and Gopher with a Front 9), and back 9 once the cards "
        "are dealt"
    ) in told, told


@pytest.mark.parametrize(
    ("game", "wager"),
    [
        ("pai-gow", "bet AMOUNT"),
        ("go-fore-it", "bet Front 9 AMOUNT"),
        ("criss-cross-poker", "bet antes AMOUNT"),
        ("craps", "bet SPOT AMOUNT"),
        ("sic-bo", "bet Small AMOUNT"),
        ("high-roll-dice", "bet SPOT AMOUNT"),
    ],
)
def test_a_round_opens_with_what_the_player_may_type(game: str, wager: str) -> None:
    """As a round opens, before the player types anything, the table prints its "You may"
    table once, with the wager it takes first (Pai Gow printed none until show or help)."""
    out = play(game, "quit\n")
    opening = out.split("Round r0001", 1)[1].split("> ", 1)[0]
    assert opening.count("You may:") == 1, opening
    assert f"│ {wager} " in opening, opening


def you_may_after_help(output: str) -> list[str]:
    """The "Type" cells of each "You may" table printed after a ``help``."""
    tables = []
    for part in output.split("> help")[1:]:
        body = part.split("You may:", 1)[1].split("> ", 1)[0]
        rows = [line.split("│")[1].strip() for line in body.splitlines() if "│" in line]
        tables.append(" / ".join(row for row in rows if row and row != "Type"))
    return tables


def test_go_fore_it_help_lists_what_the_round_offers_at_each_moment() -> None:
    """Before any wager only the Front 9 Wager is offered (it is required to take part,
    676a.7(d)(1)); once it is made, help lists the Skins and Gopher Wagers too."""
    out = play("go-fore-it", "help\nbet front 9 10\nhelp\nquit\n")
    before, after = you_may_after_help(out)
    assert "bet Front 9 AMOUNT" in before and "Skins" not in before and "Gopher" not in before
    assert "Skins" in after and "Gopher" in after


MOMENTS = {
    "craps": ("", "bet pass 5\nbet place 6 6\n"),
    "double-back-jack": ("refuse cut\n", "refuse cut\nbet 5\ndeal\n"),
    "go-fore-it": ("", "bet front_9 5\ndeal\n"),
    "criss-cross-poker": ("", "bet antes 5\ndeal\n"),
    "high-roll-dice": ("", "bet pip_street:ace 5\n"),
    "pai-gow": ("", "bet 5\ndeal\n"),
    "sic-bo": ("", "bet big 5\n"),
}
"""Each game's lines (seed 1) to its betting time and to a moment after a wager: a
decision on the cards or tiles dealt, Craps' wagers to take down, call working or roll
for."""

ROW = re.compile(r"^│ (\S[^│]*?)\s*│ ([^│]*?)\s*│ ([^│]*?)\s*│[^│]*│$", re.M)
"""A row of the "You may:" table: what is typed, what it does, its amount."""


def after_help(output: str) -> str:
    """What the last ``help`` printed (up to the next prompt)."""
    return output.rsplit("> help\n", 1)[1].split("\n> ", 1)[0]


def listed(help_said: str) -> tuple[list[tuple[str, str, str]], list[str]]:
    """The "You may:" rows (typed, does, amount) and the commands of "At any moment:"."""
    rows = [row for row in ROW.findall(help_said) if row[0] != "Type"]
    (anytime,) = [line for line in help_said.splitlines() if line.startswith("At any moment:")]
    words = re.findall(r"(?:: |\), )([a-z][a-z ]*?) \(", anytime)
    return rows, words


def filled(typed: str, does: str, amount: str) -> str:
    """``typed`` with its placeholders filled from its row: AMOUNT the least amount the
    row gives, SPOT or WAGER the first it names (after its colon), N or T the least
    number it gives."""
    line = re.sub(r"\s*\[[A-Z]+\]", "", typed)
    least = re.search(r"\$([\d,]+(?:\.\d\d)?)", amount)
    line = line.replace("AMOUNT", least[1].replace(",", "") if least else "5")
    spot = re.search(r"SPOT: ([^,)]+)", does)
    first = re.split(r", | \(", does.split(": ")[-1])[0]
    line = line.replace("SPOT", spot[1] if spot else first).replace("WAGER", first)
    number = re.search(r"\b[NT],? (?:from )?(\d+)", does)
    if number:
        line = re.sub(r"\b[NT]\b", number[1], line)
    return line.replace("A-B", "1-2").replace("A and B", "1 and 2")


def reply(output: str, line: str) -> str:
    """What the table answered ``line`` (up to the next prompt)."""
    return output.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]


@pytest.fixture
def no_long_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """``odds`` and ``hint`` are taken as typed, without the minutes of exact work."""
    from croupier.cli.tables import base, criss_cross_poker, double_back_jack, go_fore_it, pai_gow

    def told(self: base.Terminal[Any, Any], *_: object) -> None:
        self.console.print("(worked out)")

    monkeypatch.setattr(base.Terminal, "odds", told)
    for table in (
        criss_cross_poker.CrissCrossPokerTerminal,
        double_back_jack.DoubleBackJackTerminal,
        go_fore_it.GoForeItTerminal,
        pai_gow.PaiGowPlay,
    ):
        monkeypatch.setattr(table, "hint", told)


@pytest.mark.usefixtures("no_long_work")
@pytest.mark.parametrize("moment", ["betting", "after a wager"])
@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_help_lists_each_command_once_and_each_is_taken_now(game: str, moment: str) -> None:
    """At betting time and after a wager, help explains the game in words and lists what
    may be typed only from the round's offers ("You may:") and the commands taken at any
    moment: no command line twice, none in the explanation; and every line listed, typed
    then (its AMOUNT, SPOT, N filled from its row), is taken: never "Unknown command" or
    a usage line, and never refused where every placeholder could be filled."""
    before = MOMENTS[game][moment != "betting"]
    out = play(game, f"{before}help\nquit\n")
    said = after_help(out)
    assert "Commands:" not in said and not re.search(r"^  \S", said, re.M)
    rows, anytime = listed(said)
    assert rows
    assert len(set(rows)) == len(rows), rows
    typed = [usage for row in rows for usage in row[0].split(", ")]
    assert len(set(anytime)) == len(anytime) and not set(anytime) & {
        usage.split()[0] for usage in typed
    }
    assert {"show", "history", "odds", "clock", "help", "quit"} <= set(anytime) | {
        usage.split()[0] for usage in typed
    }
    lines = [filled(usage, does, amount) for t, does, amount in rows for usage in t.split(", ")]
    for line in [*lines, *anytime]:
        answered = reply(play(game, f"{before}{line}\nquit\n"), line)
        assert "Unknown command" not in answered and "usage:" not in answered, (line, answered)
        if not re.search(r"\b(?:[A-Z]{2,}|T\d)\b", line):
            assert "Refused:" not in answered, (line, answered)
