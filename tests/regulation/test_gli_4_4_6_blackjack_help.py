"""GLI-19 4.4.6: a blackjack game's help explains Insurance, splitting (what split aces
get, whether a split hand is split again, doubling after a split), the limits of doubling
down and surrender, and the results of each hand after a split are shown. Double Back
Jack's help is its table sign (what the browser and ``croupier rules sign`` show) and the
terminal table's ``help``; each is held against the text of 673a.8-673a.11, and the game
against what the help says."""

from __future__ import annotations

import io
from pathlib import Path

from dbj_table import FIVE, decide, finish, open_round, settled
from rich.console import Console

from croupier.cli.tables.double_back_jack import HELP, DoubleBackJackTerminal
from croupier.engine import DEALER, Outcome
from croupier.games.double_back_jack.sign import sign
from croupier.registry import load_text
from croupier.rules.double_back_jack import DoubleBackJackRules

EXAMPLE = Path(__file__).parents[2] / "examples" / "rules" / "double-back-jack.toml"
NINE_EIGHT = "9h 8c"


def _sign_text() -> str:
    rules = load_text(EXAMPLE.read_text())
    assert isinstance(rules, DoubleBackJackRules)
    console = Console(file=io.StringIO(), width=400)
    console.print(sign(rules))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return " ".join(text.split())


def test_gli_19_4_4_6_the_sign_explains_each_decision() -> None:
    text = _sign_text()
    # Insurance (673a.8): on a dealer ace, at most half the initial wager, paid 2 to 1.
    assert "Insurance Wager (673a.12(c)) Dealer shows an ace" in text
    assert "Dealer's hole card is a king, queen, jack or 10 │ 2 to 1" in text
    assert "Insurance Wager: at most half the initial Blackjack Wager" in text
    # Double down (673a.10): at most the original wager, one card; after a split too.
    assert (
        "Double down: one additional wager of at most the original Blackjack Wager, one card"
        in text
    )
    assert "also after a split (673a.10(c))" in text
    # Splitting (673a.11): identical values, two hands at most (no split again), the
    # second wager equal; an ace and a 10 after a split is 21, not a Blackjack.
    assert "Split pairs: cards of identical value, at most 2 hands" in text
    assert "the second wager equal to the original" in text
    assert "split aces draw, stand or double as any pair" in text
    assert "an ace and a 10 value card after a split pays as 21, not a Blackjack" in text
    # Surrender (673a.9): half returned; all lost to a dealer Blackjack under an ace or 10.
    assert (
        "Surrender: half the wager returned, the whole wager lost to a dealer Blackjack when "
        "the dealer shows an ace or 10 value card (673a.9(a))" in text
    )


def test_gli_19_4_4_6_the_terminal_help_explains_each_decision() -> None:
    help_text = " ".join(HELP.split())
    assert "the Insurance Wager, at most half the first Blackjack Wager" in help_text
    assert "it pays 2 to 1 if the hole card is a king, queen, jack or 10" in help_text
    assert "double down on your first two cards, also after a split" in help_text
    assert "at most the Blackjack Wager (default: all of it), then one card only" in help_text
    assert "split two cards of identical value into two hands, no more" in help_text
    assert "split aces are played as any pair, each drawing, standing or doubling" in help_text
    assert "an ace and a 10 value card after a split is 21, not a Blackjack" in help_text
    assert "each hand is settled on its own line" in help_text
    assert "give up half the wager (all of it if the dealer" in help_text


def test_gli_19_4_4_6_split_aces_draw_and_each_hand_is_settled_on_its_own() -> None:
    """673a.11 gives split aces no rule of their own (the help says they are played as
    any pair): the first ace draws to 18 and wins against 17; the second stands on a soft
    14 and loses. The terminal's results name each hand."""
    rnd = open_round({1: "Ac Ad", DEALER: NINE_EIGHT}, draws="2h 5c 3d")
    decide(rnd, 1, "split")  # the first hand gets the 2 of hearts
    decide(rnd, 1, "hit")  # a split ace draws: the 5 of clubs, soft 18
    decide(rnd, 1, "stand")  # the second hand gets the 3 of diamonds, soft 14
    decide(rnd, 1, "stand")
    finish(rnd)
    results = settled(rnd)
    assert (results["blackjack"].outcome, results["blackjack"].won) == (Outcome.WIN, FIVE)
    assert (results["blackjack_2"].outcome, results["blackjack_2"].won) == (Outcome.LOSE, 0)
    rows = [
        DoubleBackJackTerminal.settlement_row(results[spot])
        for spot in ("blackjack", "blackjack_2")
    ]
    assert [(row[0], row[1], row[2]) for row in rows] == [
        ("1", "Blackjack", "win"),
        ("2", "Blackjack", "lose"),
    ]
