"""58 Pa. Code 675a.6, the six-dice variation of High Roll Dice, proved against the text.

Every expected value is typed from ../shared/regulations/675a-high-roll-dice.txt
(675a.6(d), (h) and the paytables of 675a.6(j)-(k)), never taken from croupier's constants.
Wagers are in cents: 500 is $5, so "1 to 2" on $5 pays $2.50 (250).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from dice_table import FIVE, bet, first_roll, open_with_rules, refused, settled

from croupier.engine import DEALER, Outcome
from croupier.errors import RulesSubmissionError
from croupier.games.high_roll_dice import (
    AnnounceNoMoreBets,
    CallResult,
    DeclareIrregularity,
    DieCorrected,
    HighRollDiceRound,
    Irregularity,
    PlaceWager,
    ResultCalled,
    ThrowDice,
    ThrowInvalidated,
    WagerHeld,
)
from croupier.registry import load_text
from croupier.rules.high_roll_dice import HighRollDiceRules

NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


# --- helpers -----------------------------------------------------------------------------
def open_round(seats: dict[int, str] | None = None) -> HighRollDiceRound:
    """A six-dice round (675a.6(a)) whose dealer enters the physical dice."""
    return open_with_rules(HighRollDiceRules(variant="six_dice"), seats or {1: "alice"})


def roll(rnd: HighRollDiceRound, faces: tuple[int, ...]) -> list[Any]:
    """No more bets, the throw of ``faces`` (the reading of the dice), and the call."""
    return first_roll(rnd, faces)


def called(events: list[Any]) -> tuple[int, int]:
    result = [e for e in events if isinstance(e, ResultCalled)]
    assert len(result) == 1
    return result[0].face, result[0].count


def test_675a_6_b_six_betting_positions() -> None:
    """675a.6(b): the table complies with 675a.1(a): up to six betting positions."""
    rnd = open_round({seat: f"p{seat}" for seat in range(1, 7)})
    bet(rnd, 6, "pip_street:ace")
    with pytest.raises(RulesSubmissionError):
        open_round({7: "seventh"})


# --- 675a.6(d): worked examples -----------------------------------------------------------
def test_675a_6_d_1_two_6s_four_1s_is_four_of_a_kind() -> None:
    """675a.6(d)(1): "Two 6s and four 1s, the result would be four matching dice, or a
    four-of-a-kind." (All six dice are named by the text.) Four-of-a-kind pays 15 to 1
    (675a.6(k))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    for circle in ("2", "3", "4", "5", "6", "no_match"):
        bet(rnd, 1, f"like_kind:{circle}")
    events = roll(rnd, (6, 6, 1, 1, 1, 1))
    assert called(events) == (1, 4)
    result = settled(rnd)
    assert result["like_kind:4"].outcome is Outcome.WIN
    assert result["like_kind:4"].won == FIVE * 15
    for circle in ("2", "3", "5", "6", "no_match"):
        assert result[f"like_kind:{circle}"].outcome is Outcome.LOSE
    assert result["pip_street:ace"].won == FIVE * 2  # One/ace 2 to 1 (675a.6(j))


def test_675a_6_d_2_all_numbers_is_no_match() -> None:
    """675a.6(d)(2): "All numbers 1-6, the result would be a no match." No match pays 60
    to 1 (675a.6(k)); every numbered circle loses."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    for circle in ("2", "3", "4", "5", "6", "no_match"):
        bet(rnd, 1, f"like_kind:{circle}")
    roll(rnd, (1, 2, 3, 4, 5, 6))
    result = settled(rnd)
    assert result["like_kind:no_match"].outcome is Outcome.WIN
    assert result["like_kind:no_match"].won == FIVE * 60
    for circle in range(2, 7):
        assert result[f"like_kind:{circle}"].outcome is Outcome.LOSE


def test_675a_6_c_no_match_pip_street_goes_to_the_ace() -> None:
    """675a.6(c) and 675a.2(d): in a no match every face occurs once; the dice are ranked
    ace highest, so the ace is the die of the highest value that occurs the most."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "pip_street:six")
    events = roll(rnd, (1, 2, 3, 4, 5, 6))
    assert called(events) == (1, 1)
    assert settled(rnd)["pip_street:ace"].won == FIVE * 2  # One/ace 2 to 1 (675a.6(j))
    assert settled(rnd)["pip_street:six"].outcome is Outcome.LOSE


@pytest.mark.parametrize(
    ("higher", "lower"), [(1, 6), (6, 5), (5, 4), (4, 3), (3, 2)], ids=lambda v: str(v)
)
def test_675a_6_c_die_ranking_breaks_ties(higher: int, lower: int) -> None:
    """675a.6(c): the dice are ranked as in 675a.2(d) -- ace, 6, 5, 4, 3, 2; three of each of
    two faces: the higher-ranked face wins Pip Street."""
    rnd = open_round()
    bet(rnd, 1, f"pip_street:{NAMES[higher]}")
    bet(rnd, 1, f"pip_street:{NAMES[lower]}")
    events = roll(rnd, (higher,) * 3 + (lower,) * 3)
    assert called(events) == (higher, 3)
    assert settled(rnd)[f"pip_street:{NAMES[higher]}"].outcome is Outcome.WIN
    assert settled(rnd)[f"pip_street:{NAMES[lower]}"].outcome is Outcome.LOSE


# --- 675a.6(h)-(i): the call and the settlement -------------------------------------------
def test_675a_6_h_three_5s_are_called_and_moved_to_five() -> None:
    """675a.6(h): "three 5s, two 6s and one 4": the three 5s are the matching dice of the
    highest value, moved into the box labeled "five"."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    events = roll(rnd, (5, 5, 5, 6, 6, 4))
    assert called(events) == (5, 3)
    assert [e.cite for e in events if isinstance(e, ResultCalled)] == ["675a.6(h)"]
    assert rnd.view(None)["first_roll"] == {"face": "five", "count": 3}


def test_675a_6_i_settles_everything_after_one_roll() -> None:
    """675a.6(i): the dealer collects losing Pip Street and Like Kind wagers and pays the
    winners (Five 4 to 1, three-of-a-kind 2 to 1) -- there is no Extra Roll, nothing is
    held and the round ends. Throw: three 5s, two 6s and one 4 (675a.6(h))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "like_kind:3")
    bet(rnd, 1, "like_kind:4")
    events = roll(rnd, (5, 5, 5, 6, 6, 4))
    assert not [e for e in events if isinstance(e, WagerHeld)]
    result = settled(rnd)
    assert result["pip_street:five"].won == FIVE * 4
    assert result["like_kind:3"].won == FIVE * 2
    assert result["pip_street:six"].outcome is Outcome.LOSE
    assert result["like_kind:4"].outcome is Outcome.LOSE
    assert result["pip_street:six"].cite == "675a.6(i)"
    assert rnd.finished
    refused(rnd, ThrowDice(faces=(1, 2, 3)), DEALER)


# --- 675a.6(j)-(k): every paytable row -----------------------------------------------------
@pytest.mark.parametrize(
    ("face", "odds"),
    [
        (2, Fraction(8, 1)),  # Two 8 to 1
        (3, Fraction(6, 1)),  # Three 6 to 1
        (4, Fraction(5, 1)),  # Four 5 to 1
        (5, Fraction(4, 1)),  # Five 4 to 1
        (6, Fraction(3, 1)),  # Six 3 to 1
        (1, Fraction(2, 1)),  # One/ace 2 to 1
    ],
)
def test_675a_6_j_pip_street_odds(face: int, odds: Fraction) -> None:
    """675a.6(j): six-dice Pip Street odds. Throw: three of ``face`` and one die each of
    three other faces, so ``face`` occurs the most."""
    others = tuple(f for f in (1, 2, 3, 4, 5, 6) if f != face)[:3]
    rnd = open_round()
    spot = f"pip_street:{NAMES[face]}"
    bet(rnd, 1, spot)
    roll(rnd, (face,) * 3 + others)
    win = settled(rnd)[spot]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * odds
    assert win.returned == FIVE
    assert win.cite == "675a.6(j)"


@pytest.mark.parametrize(
    ("circle", "faces", "odds"),
    [
        ("6", (3, 3, 3, 3, 3, 3), Fraction(6000, 1)),  # Six-of-a-kind 6,000 to 1
        ("5", (3, 3, 3, 3, 3, 1), Fraction(200, 1)),  # Five-of-a-kind 200 to 1
        ("4", (3, 3, 3, 3, 1, 2), Fraction(15, 1)),  # Four-of-a-kind 15 to 1
        ("3", (3, 3, 3, 1, 2, 4), Fraction(2, 1)),  # Three-of-a-kind 2 to 1
        ("2", (3, 3, 1, 2, 4, 5), Fraction(1, 2)),  # Two-of-a-kind 1 to 2
        ("no_match", (1, 2, 3, 4, 5, 6), Fraction(60, 1)),  # No matches 60 to 1
    ],
)
def test_675a_6_k_like_kind_odds(circle: str, faces: tuple[int, ...], odds: Fraction) -> None:
    """675a.6(k): six-dice Like Kind odds by the count of the most matching dice."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:three")
    bet(rnd, 1, f"like_kind:{circle}")
    roll(rnd, faces)
    win = settled(rnd)[f"like_kind:{circle}"]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * odds
    assert win.cite == "675a.6(k)"


def test_675a_6_k_one_to_two_on_five_dollars_is_two_fifty() -> None:
    """675a.6(k): Two-of-a-kind 1 to 2: a $5 wager wins $2.50 and keeps its $5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:three")
    bet(rnd, 1, "like_kind:2")
    roll(rnd, (3, 3, 1, 2, 4, 5))
    win = settled(rnd)["like_kind:2"]
    assert (win.returned, win.won) == (500, 250)


# --- 675a.6(g): throw irregularities --------------------------------------------------------
@pytest.mark.parametrize(
    "irregularity",
    [
        Irregularity.DIE_OFF_TABLE,
        Irregularity.DIE_ON_ANOTHER_DIE,
        Irregularity.DIE_RESTING_ON_SEVERAL_SIDES,
    ],
)
def test_675a_6_g_invalid_or_void_throw_is_thrown_again(irregularity: Irregularity) -> None:
    """675a.6(g): the dealer completes the procedures of 675a.4(b) and (c): an invalid or
    void throw does not count and the dice are thrown again."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(2, 2, 2, 2, 2, 2)), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=irregularity), DEALER)
    assert isinstance(events[0], ThrowInvalidated)
    assert events[0].cite == "675a.6(g)"
    rnd.handle(ThrowDice(faces=(5, 5, 5, 6, 6, 4)), DEALER)
    assert called(rnd.handle(CallResult(), DEALER)) == (5, 3)
    assert settled(rnd)["pip_street:two"].outcome is Outcome.LOSE


def test_675a_6_g_cocked_die_counts_the_opposite_side() -> None:
    """675a.6(g) with 675a.4(c): the dice read two 5s, two 6s, an ace and a 2, but the 2 is
    cocked with its 2 side resting on the chips: the opposite side, a 5, is uppermost, so
    three 5s win (the reading as thrown would have made the two 6s win)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "pip_street:six")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(5, 5, 6, 6, 1, 2)), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.COCKED_DIE, die=5, resting_face=2), DEALER
    )
    assert isinstance(events[0], DieCorrected)
    assert events[0].face == 5
    assert events[0].cite == "675a.6(g)"
    assert called(rnd.handle(CallResult(), DEALER)) == (5, 3)
    assert settled(rnd)["pip_street:five"].won == FIVE * 4  # Five 4 to 1 (675a.6(j))
    assert settled(rnd)["pip_street:six"].outcome is Outcome.LOSE


def test_675a_6_e_six_dice_are_thrown() -> None:
    """675a.6(e): the variation is played with six dice; a reading of ten is refused."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    refused(rnd, ThrowDice(faces=(2,) * 10), DEALER)
    refused(rnd, ThrowDice(faces=(2,) * 5), DEALER)


# --- 675a.6(d), (b): refused wagers ----------------------------------------------------------
@pytest.mark.parametrize(
    ("spot", "amount"),
    [
        ("extra_roll", FIVE),
        ("millionaire_row:9", 100),
        ("millionaire_row:10", 100),
        ("like_kind:7", FIVE),
        ("like_kind:8", FIVE),
        ("like_kind:1", FIVE),
    ],
)
def test_675a_6_d_no_extra_roll_or_millionaire_row(spot: str, amount: int) -> None:
    """675a.6(d): "Instead of the optional wagers in § 675a.2(e)(2)-(4)" the player may bet
    Like Kind on two through six or no match only: no Extra Roll, no Millionaire Row, no
    seven or eight of a kind."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, "like_kind:3")
    error = refused(rnd, PlaceWager(seat=1, spot=spot, amount=amount), 1)
    assert error.cite == "675a.6(d)"


def test_675a_6_b_3_pip_street_wagers_of_equal_value() -> None:
    """675a.6(b)(3): all wagers must be of equal value."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="pip_street:six", amount=1000), 1)
    assert error.cite == "675a.6(b)(3)"


@pytest.mark.parametrize("amount", [400, 1000])
def test_675a_6_d_like_kind_equal_to_pip_street(amount: int) -> None:
    """675a.6(d): a Like Kind Boulevard Wager "equal to the player's Pip Street Wager"."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="like_kind:no_match", amount=amount), 1)
    assert error.cite in {"675a.6(d)", "675a.6(b)(3)"}


def test_675a_6_d_like_kind_after_pip_street() -> None:
    """675a.6(d): Like Kind only "after placing a Pip Street Wager"."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, spot="like_kind:3", amount=FIVE), 1)
    assert error.cite == "675a.6(d)"


def test_675a_6_d_wagers_before_the_shake_and_by_seated_players() -> None:
    """675a.6(d): wagers are made in accordance with 675a.2(a)-(c): only seated players,
    only before "no more bets" (675a.6(g))."""
    rnd = open_round({1: "a", 2: "b"})
    error = refused(rnd, PlaceWager(seat=4, spot="pip_street:two", amount=FIVE), 4)
    assert error.cite == "675a.6(d)"
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, PlaceWager(seat=2, spot="pip_street:two", amount=FIVE), 2)
    assert error.cite == "675a.6(d)"


# --- 675a.6(l): aggregate payout limit -----------------------------------------------------
SIX_LIMIT = """
game = "high-roll-dice"
variant = "six_dice"
minimum_wager = 500
maximum_wager = 500000
payout_limit = 5000000
"""


def test_675a_6_l_payout_limit_caps_winnings() -> None:
    """675a.6(l): a $50,000 aggregate payout limit per player per round. Five 3s and an ace
    on $5,000 wagers: Pip Street Three 6 to 1 ($30,000) + five-of-a-kind 200 to 1
    ($1,000,000) is capped at $50,000."""
    rules = load_text(SIX_LIMIT)
    assert isinstance(rules, HighRollDiceRules)
    rnd = open_with_rules(rules, {1: "whale"})
    bet(rnd, 1, "pip_street:three", 500_000)
    bet(rnd, 1, "like_kind:5", 500_000)
    roll(rnd, (3, 3, 3, 3, 3, 1))
    result = settled(rnd)
    assert result["pip_street:three"].won == 3_000_000
    assert result["like_kind:5"].won == 2_000_000
    assert result["like_kind:5"].withheld == 100_000_000 - 2_000_000
    assert "675a.6(l)" in result["like_kind:5"].cite


def test_675a_6_l_payout_limit_floor() -> None:
    """675a.6(l): the limit may not be less than $50,000 or the most one patron could win
    per round betting the minimum wager. At a $10 minimum on every spot, six 2s pay Pip
    Street Two 8 to 1 plus six-of-a-kind 6,000 to 1 = 6,008 x $10 = $60,080."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text(SIX_LIMIT.replace("payout_limit = 5000000", "payout_limit = 4999999"))
    assert info.value.cite == "675a.6(l)"
    text = SIX_LIMIT.replace("minimum_wager = 500", "minimum_wager = 1000")
    with pytest.raises(RulesSubmissionError) as info:
        load_text(text.replace("payout_limit = 5000000", "payout_limit = 6007999"))
    assert info.value.cite == "675a.6(l)"
    rules = load_text(text.replace("payout_limit = 5000000", "payout_limit = 6008000"))
    assert isinstance(rules, HighRollDiceRules)
    assert rules.payout_limit == 6_008_000
