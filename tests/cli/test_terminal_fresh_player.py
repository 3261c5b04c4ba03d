"""Defects a fresh player met at the terminal tables, each driven by what he types.

A won or pushed Double Back Jack hand got no sentence where a lost one did; a player who
quit mid-round was shown a "You may" table while his round was played out for him; the
"You may" table offered wagers his balance could not cover; and a wager over the table
maximum was refused for the balance first, though no balance could make it legal.

The money is worked by hand: a $10 Blackjack Wager won at 1 to 1 is +$10 (673a.7(r)(1)),
a push returns the $10 (673a.7(r)(2)); $996 on the Front 9 leaves $4 of $1,000, under the
$5 least of the Skins and Gopher Wagers; the shipped limits are $5 to $5,000.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def play(game: str, script: str, *options: str) -> str:
    args = ["play", game, *options]
    result = CliRunner().invoke(app, args, input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def answer(output: str, line: str) -> str:
    """What the table printed to the first ``line`` typed, up to the next prompt."""
    return output.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]


DBJ = "refuse cut\nbet 10\ndeal\ndeal\nstand\n"
"""A $10 Blackjack Wager, no Insurance, the hand stood."""


@pytest.mark.parametrize(
    ("seed", "line"),
    [
        # seed 2: Q K (20) against the dealer's 9 8 (17): won at 1 to 1, +$10
        (2, "You win hand 1: +$10 on the Blackjack Wager (your 20 against the dealer's 17; "),
        # seed 35: K K (20) against the dealer's 2 2 8 8 (20): a push, the $10 returned
        (
            35,
            "Hand 1 is a push: your $10 on the Blackjack Wager is returned to you (your 20 "
            "against the dealer's 20; ",
        ),
    ],
)
def test_double_back_jack_says_a_won_or_pushed_hand_with_its_amount(seed: int, line: str) -> None:
    """Every settled hand gets a sentence with its amount, as a lost one does."""
    out = play("double-back-jack", DBJ, "--seed", str(seed), "--rounds", "1")
    assert any(said.startswith(line) for said in out.splitlines()), out


def test_a_player_who_quits_mid_round_is_offered_nothing_while_it_is_played_out() -> None:
    """Seed 1: the $5 wager stays (673a.6(c)) and the round is played out for him; he
    cannot act, so no "You may" table and no prompt to type is printed after ``quit``."""
    out = play("double-back-jack", "refuse cut\nbet 5\nquit\n", "--seed", "1")
    after = out.split("> quit\n", 1)[1]
    assert "your hand is played out standing" in after
    assert "You may" not in after and "bet insurance" not in after, after


def test_you_may_marks_a_wager_the_balance_cannot_cover() -> None:
    """$4 left after $996 on the Front 9: the Skins and Gopher Wagers ($5 least) are
    marked as more than the balance; the Front 9 (from $0.01 more) is not."""
    out = play("go-fore-it", "bet front 9 996\nshow\nquit\n", "--seed", "1")
    rows = [row for row in answer(out, "show").splitlines() if row.startswith("│ bet")]
    short = "(the least is more than your balance of $4)"
    assert [short in row for row in rows] == [False, True, True], rows


@pytest.mark.parametrize(
    ("game", "wager"),
    [
        ("pai-gow", "bet 5000000"),
        ("pai-gow", "bet pai gow 5000000"),
        ("go-fore-it", "bet front 9 5000000"),
        ("criss-cross-poker", "bet antes 5000000"),
        ("double-back-jack", "refuse cut\nbet 5000000"),
        ("craps", "bet pass 5000000"),
        ("sic-bo", "bet big 5000000"),
        ("high-roll-dice", "bet pip street ace 5000000"),
    ],
)
def test_a_wager_over_the_table_maximum_is_told_the_maximum_before_the_balance(
    game: str, wager: str
) -> None:
    """$5,000,000 with $1,000: refused for the table maximum ($5,000), which no balance
    could make legal, not for the balance."""
    out = play(game, f"{wager}\nquit\n", "--seed", "1")
    said = answer(out, wager.splitlines()[-1])
    assert said.startswith("Refused:") and "table maximum of $5,000" in said, said
    assert "balance of" not in said, said
