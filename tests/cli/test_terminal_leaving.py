"""Leaving a terminal table, driven by the terminal's input: a wager the round still lets
the player take back is taken back as he quits and he is told so; only a wager that may not
come back keeps him seated, with the rule that keeps it.

The money is worked by hand: the balance after the quit is the balance before the first
wager (the $1,000 the session starts with), nothing dealt, nothing lost.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def play(game: str, script: str, seed: int = 1) -> str:
    result = CliRunner().invoke(app, ["play", game, "--seed", str(seed)], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def after_quit(output: str) -> str:
    """What the table printed once the player typed quit."""
    return output.split("> quit", 1)[1]


@pytest.mark.parametrize(
    ("script", "back"),
    [
        ("bet front 9 5\n", [("$5", "Front 9")]),
        (
            "bet front 9 5\nbet skins 10\nbet gopher 5\n",
            [("$5", "Front 9"), ("$10", "Skins"), ("$5", "Gopher")],
        ),
    ],
)
def test_go_fore_it_quit_before_the_deal_returns_the_wagers(
    script: str, back: list[tuple[str, str]]
) -> None:
    """Before "no more bets" a Go Fore It wager may be withdrawn (676a.7(c)): a player who
    quits then gets it back, told so, and no card is dealt; 676a.7(b) (a player who has
    "received cards") is not cited, for none were. (He lost the $5 Front 9 to a fold.)"""
    out = after_quit(play("go-fore-it", script + "quit\n"))
    for amount, spot in back:
        assert f"your {amount} wager on {spot}, returned to you (676a.7(c))" in out, out
    assert "676a.7(b)" not in out
    assert "Your front cards" not in out and "fold" not in out.lower()
    assert "Final balance: $1,000" in out  # $1,000 before the first wager


def test_criss_cross_quit_before_the_deal_returns_both_antes() -> None:
    """The Ante Across and the Ante Down ($5 each) may be withdrawn before "no more bets"
    (674a.7(c)): the quit returns the $10, and 674a.7(b) is not cited."""
    out = after_quit(play("criss-cross-poker", "bet antes 5\nquit\n"))
    assert "your $5 wager on Ante Across, returned to you (674a.7(c))" in out, out
    assert "your $5 wager on Ante Down, returned to you (674a.7(c))" in out, out
    assert "$10 came back to your balance" in out
    assert "674a.7(b)" not in out and "Your cards" not in out
    assert "Final balance: $1,000" in out


def test_go_fore_it_quit_after_the_deal_still_folds_citing_676a_7_b() -> None:
    """Once the cards are dealt nothing may be withdrawn (676a.7(c)): the quit folds the
    hand, citing 676a.7(b), and the $5 Front 9 is lost (676a.11(c))."""
    out = after_quit(play("go-fore-it", "bet front 9 5\ndeal\nquit\n"))
    assert "returned to you" not in out
    assert "(676a.7(b))" in out
    assert "Final balance: $995" in out


def test_pai_gow_quit_before_the_deal_returns_the_wager() -> None:
    """Before "no more bets" a Pai Gow wager may be withdrawn (621a.7(c)): a player who
    quits then gets his $10 back, told so with the rule; no tile is dealt, so 621a.7(b)
    ("placed a wager and received tiles") is not cited and no hand is played out."""
    out = after_quit(play("pai-gow", "bet 10\nquit\n"))
    assert "your $10 wager on Pai Gow Wager, returned to you (621a.7(c))" in out, out
    assert "$10 came back to your balance" in out
    assert "621a.7(b)" not in out and "Dice:" not in out and "house way" not in out
    assert "Final balance: $1,000" in out  # $1,000 before the wager


def test_pai_gow_quit_after_no_more_bets_plays_the_hand_out() -> None:
    """Once "no more bets" is announced the wager may not be withdrawn (621a.7(c)) and the
    player has received tiles (621a.7(b)): the quit returns nothing and the hand is set by
    the house way and played out."""
    out = after_quit(play("pai-gow", "bet 10\ndeal\nquit\n"))
    assert "returned to you" not in out
    assert "(621a.7(b))" in out and "set by the house way and played out" in out
    net = re.search(r"Balance: \$[\d,.]+ \(this round ([^)]*)\)", out)
    assert net is not None and net[1] in ("-$10", "$0", "+$9.50"), out


def test_sic_bo_quit_before_the_roll_shakes_the_dice() -> None:
    """No Sic Bo wager is taken down once placed (625a): the quit returns nothing and the
    dice are shaken for the $5 Big."""
    out = after_quit(play("sic-bo", "bet big 5\nquit\n"))
    assert "returned to you" not in out
    assert "The dice:" in out


def test_craps_quit_before_the_roll_takes_the_place_6_down() -> None:
    """A Place 6 may be taken down before the roll (623a): the quit takes it down, $6 back."""
    out = after_quit(play("craps", "bet place 6 6\nquit\n"))
    assert "Place 6 taken down: $6 back to you." in out
    assert "Final balance: $1,000" in out


def test_double_back_jack_quit_before_the_deal_keeps_the_wager_citing_673a_6_c() -> None:
    """A Double Back Jack wager may not be removed until a decision is rendered on it
    (673a.6(c)), and the round offers no removal: the quit returns nothing, cites 673a.6(c)
    and plays the $5 Blackjack Wager out standing."""
    out = after_quit(play("double-back-jack", "refuse cut\nbet 5\nquit\n"))
    assert "returned to you" not in out
    assert "(673a.6(c))" in out and "played out standing" in out


def test_high_roll_dice_quit_before_the_roll_keeps_the_wager_citing_675a_2_c() -> None:
    """Once a High Roll Dice player has wagered he stays until the round is completed
    (675a.2(c): no cards to receive first), and no wager is taken down: nothing returned."""
    out = after_quit(play("high-roll-dice", "bet pip street six 5\nquit\n"))
    assert "returned to you" not in out
    assert "stays seated until the round is completed (675a.2(c))" in out
