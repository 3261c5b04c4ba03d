"""The terminal tables' help and refusals, driven by the terminal's input.

A refusal names a wager as the regulation does: Craps' Don't Pass (623a) is "don't pass"
when the player is told how to type it, and Go Fore It's wagers are the "Front 9 Wager",
"Skins Wager" and "Gopher Wager" of 676a.7(d).
"""

from __future__ import annotations

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


def test_go_fore_it_refusals_name_the_wagers_as_676a_7_d_does() -> None:
    out = play("go-fore-it", "remove skins\nbet gopher 10\nquit\n")
    assert refusals(out) == [
        "Refused: position 1 has no Skins Wager to withdraw (676a.7(d))",
        "Refused: a Gopher Wager needs a Front 9 Wager first: the Front 9 Wager is required "
        "to participate in a round of play (676a.7(d)(1))",
    ]


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
