"""The terminal tables in the regulation's words, each driven by what a player types.

Each test is a defect a fresh player met at ``croupier play``: Pai Gow's bank round told
in event names ("Bank passed: seat 1"), Sic Bo's "You may" printed twice, High Roll Dice's
results a table per throw with no total, a Craps Buy/Lay commission that did not say when
it is taken, and "no more bets" before the required wagers at the card tables.
"""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from croupier.cli.play import play_function
from croupier.cli.rules import load_or_exit
from croupier.cli.tables import offered
from croupier.cli.tables.base import SEAT, Terminal
from croupier.registry import find
from croupier.rng import SeededRng

EXAMPLES = Path(__file__).parents[2] / "examples" / "rules"


class Typist(io.TextIOBase):
    """stdin for a table: each line from ``next_line(table)``; ``None`` ends the input."""

    def __init__(self, next_line: Callable[[Terminal[Any, Any]], str | None]) -> None:
        self.next_line = next_line
        self.table: Terminal[Any, Any] | None = None

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        assert self.table is not None
        line = self.next_line(self.table)
        return "" if line is None else line + "\n"


def session(
    example: str,
    lines: Callable[[Terminal[Any, Any]], str | None] | list[str],
    monkeypatch: pytest.MonkeyPatch,
    *,
    seed: int = 1,
    rounds: int = 2,
) -> str:
    """The transcript of ``rounds`` rounds at the table of ``examples/rules/<example>``."""
    if isinstance(lines, list):
        typed: Iterator[str] = iter(lines)
        lines = lambda table: next(typed, None)  # noqa: E731
    rules = load_or_exit(EXAMPLES / f"{example}.toml")
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, soft_wrap=True, no_color=True)
    make = play_function(find(rules.game)).terminal  # type: ignore[attr-defined]
    table: Terminal[Any, Any] = make(rules, SeededRng(seed), 100_000, console)
    typist = Typist(lines)
    typist.table = table
    monkeypatch.setattr(sys, "stdin", typist)
    table.session(rounds)
    return out.getvalue()


def test_pai_gow_bank_round_is_told_in_621a_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 2 of the shipped submission (``player_banking = true``) offers the bank
    (621a.11(c)): passing it is said as the dealer says it, never "Bank passed: seat 1"."""
    rng = random.Random(7)

    def play(table: Terminal[Any, Any]) -> str | None:
        round_ = table.current
        if table.rounds >= 2 or round_ is None:
            return None
        offers = {offer.command: offer for offer in round_.legal_commands(SEAT)}
        if "PassBank" in offers:
            return "pass bank"
        if "PlaceWager" in offers and not round_.view(SEAT)["wagers"]:
            return "bet 5"
        if "SetHands" in offers:
            offer = offers["SetHands"]
            return offered.line_for(offer, offer.pick(rng))
        if any(choice.typed == "deal" for choice in table.choices(round_)):
            return "deal"
        return "show"

    text = session("pai-gow", play, monkeypatch)
    assert "The dealer offers the bank to you: be the bank, or pass it (621a.11(c))" in text
    assert "You pass the bank (621a.11(c))" in text
    assert "No player takes the bank: the dealer banks this round (621a.11(c))" in text
    for internal in ("Bank passed", "Bank not taken", "Tiles mixed", "rule seven", "seat 1"):
        assert internal not in text, internal


def test_sic_bo_says_what_you_may_do_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = session("sic-bo", ["bet Total 10 5", "shake"], monkeypatch, rounds=1)
    before_first_prompt = text[: text.index("\n> ")]
    assert before_first_prompt.count("You may:") == 1
    assert "Placed $5 on Total 10." in text


def test_high_roll_dice_results_are_itemised_with_their_total(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One results table a round: a row per wager (the Extra Roll bought too) and the
    total, which is the round's net on the balance line."""
    lines = ["bet pip street ace 10", "bet like kind 3 10", "bet extra roll 10", "roll"]
    text = session("high-roll-dice-2014", lines, monkeypatch, rounds=1)
    rows = re.findall(
        r"│ (Pip Street ace|Like Kind 3|Extra Roll) +│ (\w+) .*?│ \$10 +│ ([-+]\$[\d,]+)", text
    )
    assert sorted(row[0] for row in rows) == ["Extra Roll", "Like Kind 3", "Pip Street ace"]
    total = re.search(r"│ Total +│ +│ +│ \$30 +│ ([-+]?\$[\d,]+) ", text)
    assert total is not None, text
    net = sum(int(row[2].replace("$", "").replace(",", "")) for row in rows)
    assert total[1] == (f"+${net}" if net > 0 else f"-${-net}")
    assert f"(this round {total[1]})" in text


def test_craps_commission_says_what_is_taken_and_when(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped craps.toml charges the Buy commission up front and the Lay commission
    on a win (623a.5): 5% of a $20 Buy is $1, taken now; 5% of what a $40 Lay of 10
    would win at 1 to 2 ($20) is $1, taken only out of a win."""
    text = session("craps", ["bet buy 4 20", "bet lay 10 40"], monkeypatch, rounds=1)
    assert (
        "Placed $20 on Buy 4. Commission of $1 taken now, when the wager is made, as this "
        "table's rules charge it (623a.5 (inferred)); it comes back if you take the wager "
        "down before it is decided. $21 left your balance. Balance: $979"
    ) in text
    assert (
        "Placed $40 on Lay 10. Commission of $1 is taken only if the wager wins, out of "
        "what it wins, as this table's rules charge it (623a.5 (inferred)). Balance: $939"
    ) in text


@pytest.mark.parametrize(
    ("example", "wager", "rule"),
    [
        ("go-fore-it", "bet front 9 10", "676a.7(d)(1)"),
        ("criss-cross-poker", "bet antes 10", "674a.7(d)"),
    ],
)
def test_no_deal_before_the_required_wagers(
    example: str, wager: str, rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "No more bets" (``deal``) is refused until the required wager is placed; the
    shuffle and cut follow it (docs/interpretations.md, "The stack is drawn after 'no
    more bets'"), and the cards are dealt only after both."""
    text = session(example, ["deal", wager, "deal"], monkeypatch, rounds=1)
    first = text.split("\n> deal\n", 1)[1]
    assert first.startswith("Refused:") and f"({rule})" in first.splitlines()[0]
    after = text.split(f"\n> {wager}\n", 1)[1].split("\n> deal\n", 1)[1]
    assert "Refused" not in after.splitlines()[0]
    assert "Your" in after


def test_a_pai_gow_wager_is_said_on_its_betting_area_by_the_signs_name() -> None:
    """A fresh tester read "spot Wager": the field's internal name and a label that said
    nothing. The event is said on its betting area (621a.7(a)) by the table sign's name."""
    from croupier.cli.tables.terminal import describe
    from croupier.engine import WagerPlaced
    from croupier.games.pai_gow.policy import layout_spots
    from croupier.rules.pai_gow import PaiGowRules

    spots = {s.value: s.label for s in layout_spots(PaiGowRules())}
    said = describe(WagerPlaced(seat=1, spot="pai_gow", amount=1000, cite="621a.7(a)"), {}, spots)
    assert "betting area Pai Gow Wager" in said, said
    assert "spot" not in said, said


EXAMPLE_OF = {
    "craps": "craps",
    "criss-cross-poker": "criss-cross-poker",
    "double-back-jack": "double-back-jack",
    "go-fore-it": "go-fore-it",
    "high-roll-dice": "high-roll-dice-2014",
    "pai-gow": "pai-gow",
    "sic-bo": "sic-bo",
}
"""Each game's shipped Rules Submission (``examples/rules``)."""


def answers(text: str) -> dict[str, str]:
    """What the table printed after each line typed, up to the next prompt."""
    return {
        part.split("\n", 1)[0]: part.split("\n", 1)[1] if "\n" in part else ""
        for part in text.split("\n> ")[1:]
    }


@pytest.mark.parametrize("game", sorted(EXAMPLE_OF))
def test_a_bet_that_is_no_amount_says_what_an_amount_is(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bet -1``, ``bet 0`` and ``bet abc`` at every table (the shared grammar) are
    refused saying what was wrong and what an amount is, with the rule of the wagers
    offered and an example, never a bare usage line; the example is a wager the table
    takes now: typed next, it is placed (the balance goes down by its amount)."""
    said: dict[str, str] = {}

    def lines(table: Terminal[Any, Any]) -> str | None:
        if game == "double-back-jack" and "refuse" not in said:
            said["refuse"] = ""
            return "refuse cut"  # the cut is offered first (673a.5(c))
        typed = next((line for line in ("bet -1", "bet 0", "bet abc") if line not in said), None)
        if typed is not None:
            said[typed] = ""
            return typed
        if "example" not in said:
            said["example"] = ""
            out = table.console.file.getvalue()  # type: ignore[attr-defined]
            example = re.search(r"e\.g\. (bet [^()]+?) \(", out)
            assert example is not None, out
            said["typed"] = example[1]
            said["before"] = str(table.wallet.balance)
            return example[1]
        said["after"] = str(table.wallet.balance)
        return None

    text = session(EXAMPLE_OF[game], lines, monkeypatch, rounds=1)
    told = answers(text)
    for line, wrong in (
        ("bet -1", "a wager must be more than zero, not -$1"),
        ("bet 0", "a wager must be more than zero, not $0"),
        ("bet abc", "'abc' is not an amount in dollars and cents such as 5 or 2.50"),
    ):
        reply = " ".join(told[line].split())
        assert reply.startswith(f"Refused: {wrong}: an amount is a positive number of dollars")
        assert re.search(r"e\.g\. bet .+ \(\d{3}a?\.[\w().]+( \(inferred\))?\)$", reply), reply
        assert "usage:" not in reply
    typed = said["typed"]
    placed = int(said["before"]) - int(said["after"])
    amount = re.search(r"(\d+(?:\.\d\d)?)$", typed)
    assert amount is not None and "Refused" not in told[typed], (typed, told[typed])
    per_spot = round(float(amount[1]) * 100)
    assert placed in (per_spot, 2 * per_spot), (typed, placed)  # both antes at Criss-Cross


def said(text: str, line: str) -> str:
    """What the table answered ``line`` with: the lines up to the next prompt."""
    return text.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0].strip()


@pytest.mark.parametrize(
    ("example", "rule"),
    [
        ("sic-bo", "(625a.5 (inferred))"),
        ("high-roll-dice-2014", "(593.2(e))"),
    ],
)
def test_remove_alone_at_a_table_that_takes_no_wager_down_says_so(
    example: str, rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``remove`` with no spot, where no wager is ever taken down, is refused as ``remove
    X`` is there (its rule), not answered "usage: remove SPOT" as if a spot would do."""
    text = session(example, ["remove", "remove x"], monkeypatch, rounds=1)
    alone, named = said(text, "remove"), said(text, "remove x")
    assert alone == named
    assert alone.startswith("Refused: a wager may not be removed: ") and alone.endswith(rule)
    assert "usage" not in text


@pytest.mark.parametrize(
    ("example", "typed", "example_bet", "rule"),
    [
        ("high-roll-dice-2014", "pip street ace", "bet Pip Street two 10", "(593.2(e))"),
        ("sic-bo", "small", "bet Small 5", "(625a.3 (inferred))"),
        ("go-fore-it", "front 9", "bet 10", "(676a.7(d)(1))"),
        ("pai-gow", "pai gow wager", "bet 5", "(621a.7(a))"),
    ],
)
def test_no_amount_more_than_zero_is_told_in_one_shape(
    example: str, typed: str, example_bet: str, rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bet 0`` and ``bet SPOT 0`` (and -1) get the one sentence: what is wrong, what an
    amount is, a wager this table takes now, the rule; nothing is wagered."""
    lines = ["bet 0", f"bet {typed} 0", f"bet {typed} -1"]
    text = session(example, lines, monkeypatch, rounds=1)
    shape = (
        ": an amount is a positive number of dollars (cents may be given, as in 12.50), "
        f"e.g. {example_bet}"
    )
    for line, amount in zip(lines, ["$0", "$0", "-$1"], strict=True):
        told = said(text, line)
        assert told.startswith(f"Refused: a wager must be more than zero, not {amount}{shape}")
        assert told.endswith(")"), told
    assert said(text, f"bet {typed} 0").endswith(rule)
    assert "Placed" not in text


def test_pai_gow_says_why_no_wager_may_be_made_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the one Pai Gow Wager (621a.7(a)), and after "no more bets" (621a.7(c)), a
    wager on a spot the layout lacks is refused saying why none may be made now, with the
    rule, never "none is open now" with no rule."""
    text = session("pai-gow", ["bet 5", "bet xyz 5", "deal", "bet xyz 5"], monkeypatch, rounds=1)
    placed, closed = (part.split("\n> ", 1)[0] for part in text.split("> bet xyz 5\n")[1:])
    assert placed.strip() == (
        "Refused: there is no spot 'xyz' on this layout, and no wager may be made now: your "
        "Pai Gow Wager is already placed, and a player places one wager a round (621a.7(a))"
    )
    assert closed.strip() == (
        "Refused: there is no spot 'xyz' on this layout, and no wager may be made now: "
        '"no more bets" has been announced; a wager may not be made after it (621a.7(c))'
    )
    assert "none is open now" not in text


def test_a_layout_of_one_spot_is_said_as_one_not_as_a_list_of_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh player read "the spots are Pai Gow Wager": Pai Gow's layout has one
    betting area (621a.7(a)), so a spot off the layout is refused saying "the only spot
    is the Pai Gow Wager", typed as the layout names it; the same before a wager, where
    the spots open now are listed ("the only spot you may bet on now is ...")."""
    text = session("pai-gow", ["remove xyz", "bet xyz 5"], monkeypatch, rounds=1)
    assert said(text, "remove xyz") == (
        "Refused: there is no spot 'xyz' at this table; the only spot is the Pai Gow Wager, "
        "typed as the layout names it (help lists it) (621a.7(a))"
    )
    assert said(text, "bet xyz 5") == (
        "Refused: there is no spot 'xyz' on this layout; the only spot you may bet on now "
        "is the Pai Gow Wager (621a.7(a))"
    )
    assert "the spots are Pai Gow Wager" not in text
    assert "names them: Pai Gow Wager" not in text


def test_sic_bo_names_a_spot_off_the_layout_in_its_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bet total 3 5`` (3 is three of a kind, 625a.3): the spots are said as the player types
    them, as the layout names them, never as "the round's offers name it" (the API's
    words, for a program reading the table's view)."""
    text = session("sic-bo", ["bet total 3 5", "bet total 18 5"], monkeypatch, rounds=1)
    told = said(text, "bet total 3 5")
    assert told.startswith('Refused: there is no spot Total Value "3" at this table')
    assert told.endswith(
        "One of a Kind 1 to 6, each typed as the layout names it (help lists them) "
        "(625a.3 (inferred))"
    )
    for internal in ("offers name it", "table's view"):
        assert internal not in text, internal


def test_hostile_input_is_shown_back_short_and_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile tester: ``bet <3,000 characters> 5`` printed all 3,000 back, and ``bet
    \\xff\\xfe 5`` (bytes the terminal could not decode, read as lone surrogates) printed
    ``'\\udcff\\udcfe'``. A refusal shows at most 40 characters and an ellipsis, a byte as
    ``\\xff``, a control character by its code; the transcript's echo of a piped line at
    most 100 and its length."""
    long = "q" * 3_000
    lines = [f"bet {long} 5", "bet \udcff\udcfe 5", "bet \x1b[2J 5", "\x07\udcff"]
    text = session("sic-bo", lines, monkeypatch, rounds=1)
    # The refusal shows 40 characters; the transcript's echo of the line 100 and its length.
    assert "q" * 101 not in text and f"'bet {'q' * 36}…' is not a wager" in text
    assert "… (3,006 characters)" in text
    assert (
        "'bet \\xff\\xfe 5' is not a wager" in text and "\\udc" not in text and "\udcff" not in text
    )
    assert "'bet \\x1b[2J 5' is not a wager" in text and "\x1b" not in text
    assert "Unknown command '\\x07\\xff'" in text


@pytest.mark.parametrize(
    "game",
    [
        "craps",
        "criss-cross-poker",
        "double-back-jack",
        "go-fore-it",
        "high-roll-dice",
        "pai-gow",
        "sic-bo",
    ],
)
def test_an_empty_line_is_ignored(game: str) -> None:
    """An empty line (or one of spaces) asks the table nothing: it answers nothing, and
    the next prompt follows at once, before a round and with a wager down."""
    from typer.testing import CliRunner

    from croupier.cli import app

    env = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
    result = CliRunner().invoke(app, ["play", game, "--seed", "1"], input="\n   \nquit\n", env=env)
    assert result.exit_code == 0, result.output
    assert "> \n>    \n> quit\n" in result.output, result.output
    assert "Unknown command" not in result.output
