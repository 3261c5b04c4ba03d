"""58 Pa. Code ch. 675a, High Roll Dice (ten dice), proved against the text.

Every expected value below is typed from ../shared/regulations/675a-high-roll-dice.txt
(the worked examples of 675a.2 and 675a.4 and the paytables of 675a.5), never taken from
croupier's own constants. Wagers are in cents: 500 is $5, so "3 to 5" on $5 pays $3 (300).

Where an example names only part of the ten dice ("three 6s and four 4s"), the throw is
completed with dice that cannot change the answer; each completion is stated in a comment.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from dice_table import (
    FIVE,
    ONE_DOLLAR,
    bet,
    first_roll,
    of_type,
    open_variant,
    open_with_rules,
    refused,
    settled,
    throw_and_call,
)

from croupier.engine import DEALER, Outcome, RoundCompleted, RoundVoided, WagerSettled
from croupier.errors import IllegalCommand, RulesSubmissionError
from croupier.games.high_roll_dice import (
    AnnounceNoMoreBets,
    CallResult,
    DeclareIrregularity,
    DiceThrown,
    DieCorrected,
    ExtraRollCalled,
    ExtraRollCollected,
    HighRollDiceRound,
    Irregularity,
    PlaceWager,
    ResultCalled,
    ThrowDice,
    ThrowInvalidated,
    VoidRound,
    WagerHeld,
)
from croupier.registry import load_text
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules

# The throw used by the examples of 675a.4(e), (f)(1) and (f)(2): "four 5s, three 6s and
# two 1s and one 4" -- all ten dice are named by the text.
FOUR_FIVES = (5, 5, 5, 5, 6, 6, 6, 1, 1, 4)
# The throw of the example of 675a.4(g): "three 6s, three 4s, two 2s and two 1s" -- all ten
# dice are named by the text.
THREE_SIXES = (6, 6, 6, 4, 4, 4, 2, 2, 1, 1)


# --- helpers -----------------------------------------------------------------------------
def open_round(seats: dict[int, str] | None = None, **rules: Any) -> HighRollDiceRound:
    """A ch. 675a ten-dice round whose dealer enters the physical dice."""
    return open_variant("ten_dice", seats, **rules)


# --- 675a.1(a): betting positions ------------------------------------------------------
def test_675a_1_a_six_betting_positions() -> None:
    """675a.1(a): betting positions for up to six players; a seventh seat does not exist."""
    rnd = open_round({seat: f"p{seat}" for seat in range(1, 7)})
    bet(rnd, 6, "pip_street:ace")
    with pytest.raises(RulesSubmissionError) as info:
        open_round({7: "g"})
    assert info.value.cite == "675a.1(a)"


# --- 675a.2(d): die ranking --------------------------------------------------------------
@pytest.mark.parametrize(
    ("higher", "lower"),
    [(1, 6), (6, 5), (5, 4), (4, 3), (3, 2), (1, 2)],
    ids=["ace>6", "6>5", "5>4", "4>3", "3>2", "ace>2"],
)
def test_675a_2_d_die_ranking_breaks_ties(higher: int, lower: int) -> None:
    """675a.2(d): ace highest, then 6, 5, 4 and 3, with 2 lowest; five of each face tie and
    the higher-ranked face is the one that "occurred the most" (675a.2(e)(1))."""
    names = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    rnd = open_round()
    bet(rnd, 1, f"pip_street:{names[higher]}")
    bet(rnd, 1, f"pip_street:{names[lower]}")
    events = first_roll(rnd, (higher,) * 5 + (lower,) * 5)
    assert of_type(events, ResultCalled)[0].face == higher
    assert of_type(events, ResultCalled)[0].count == 5
    result = settled(rnd)
    assert result[f"pip_street:{names[higher]}"].outcome is Outcome.WIN
    assert result[f"pip_street:{names[lower]}"].outcome is Outcome.LOSE


def test_675a_2_d_three_way_tie_goes_to_the_ace() -> None:
    """675a.2(d): three 2s, three 6s and three aces (and one 4): the ace ranks highest."""
    rnd = open_round()
    for face in ("two", "six", "ace"):
        bet(rnd, 1, f"pip_street:{face}")
    first_roll(rnd, (2, 2, 2, 6, 6, 6, 1, 1, 1, 4))
    result = settled(rnd)
    assert result["pip_street:ace"].outcome is Outcome.WIN
    assert result["pip_street:ace"].won == FIVE * 3  # One/ace 3 to 1 (675a.5(a))
    assert result["pip_street:six"].outcome is Outcome.LOSE
    assert result["pip_street:two"].outcome is Outcome.LOSE


# --- 675a.2(e): worked examples -----------------------------------------------------------
def test_675a_2_e_1_i_four_4s_beat_three_6s() -> None:
    """675a.2(e)(1)(i): "Three 6s and four 4s, the 4s occurred the most during the first
    roll." Completed with one 2, one 3 and one 5 (each occurs once: cannot change it)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:four")
    bet(rnd, 1, "pip_street:six")
    events = first_roll(rnd, (6, 6, 6, 4, 4, 4, 4, 2, 3, 5))
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (4, 4)
    result = settled(rnd)
    assert result["pip_street:four"].outcome is Outcome.WIN
    assert result["pip_street:four"].won == FIVE * 5  # Four: 5 to 1 (675a.5(a))
    assert result["pip_street:six"].outcome is Outcome.LOSE


def test_675a_2_e_1_ii_three_1s_beat_three_6s() -> None:
    """675a.2(e)(1)(ii): "Three 6s and three 1s, the 1s occurred the most as an ace has a
    higher value than a 6." Completed with two 2s, one 4 and one 5 (fewer than three)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "pip_street:six")
    events = first_roll(rnd, (6, 6, 6, 1, 1, 1, 2, 2, 4, 5))
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (1, 3)
    result = settled(rnd)
    assert result["pip_street:ace"].outcome is Outcome.WIN
    assert result["pip_street:ace"].won == FIVE * 3  # One/ace: 3 to 1 (675a.5(a))
    assert result["pip_street:six"].outcome is Outcome.LOSE


def test_675a_2_e_2_i_three_6s_four_1s_is_four_of_a_kind() -> None:
    """675a.2(e)(2)(i): "Three 6s and four 1s, the result would be four matching dice, or a
    four-of-a-kind." Completed with one 2, one 3 and one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    for circle in (3, 4, 5):
        bet(rnd, 1, f"like_kind:{circle}")
    first_roll(rnd, (6, 6, 6, 1, 1, 1, 1, 2, 3, 4))
    result = settled(rnd)
    assert result["like_kind:4"].outcome is Outcome.WIN
    assert result["like_kind:4"].won == FIVE * 1  # Four-of-a-kind 1 to 1 (675a.5(b))
    assert result["like_kind:3"].outcome is Outcome.LOSE
    assert result["like_kind:5"].outcome is Outcome.LOSE


def test_675a_2_e_2_ii_five_2s_three_1s_is_five_of_a_kind() -> None:
    """675a.2(e)(2)(ii): "Five 2s and three 1s, the result would be five matching dice, or a
    five-of-a-kind." Completed with one 3 and one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    for circle in (3, 5):
        bet(rnd, 1, f"like_kind:{circle}")
    first_roll(rnd, (2, 2, 2, 2, 2, 1, 1, 1, 3, 4))
    result = settled(rnd)
    assert result["like_kind:5"].outcome is Outcome.WIN
    assert result["like_kind:5"].won == FIVE * 4  # Five-of-a-kind 4 to 1 (675a.5(b))
    assert result["like_kind:3"].outcome is Outcome.LOSE
    assert result["pip_street:two"].won == FIVE * 6  # Two: 6 to 1 (675a.5(a))


def test_the_view_names_a_wager_held_for_the_extra_roll_by_its_seat_and_spot() -> None:
    """A Like Kind wager held for the Extra Roll (675a.2(e)) is shown as its seat and its
    spot, each a field of its own, not a "seat:spot" string a page must split."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, (6, 6, 1, 1, 1, 1, 2, 3, 4, 5))
    assert rnd.view(DEALER)["held"] == [{"seat": 1, "spot": "like_kind:6"}]


def test_675a_2_e_3_extra_roll_two_more_1s_make_six_of_a_kind() -> None:
    """675a.2(e)(3): "two 6s and four 1s on the first throw and two additional 1s on the
    second roll, there would be a total of six matching dice, or a six-of-a-kind."
    First throw completed with one 2, 3, 4 and 5; the six non-matching dice are thrown
    again as two 1s and one 2, 3, 4 and 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, (6, 6, 1, 1, 1, 1, 2, 3, 4, 5))
    assert of_type(events, WagerHeld)[0].spot == "like_kind:6"
    # Only the six nonmatching dice are thrown again.
    refused(rnd, ThrowDice(faces=(1,) * 10), DEALER)
    events = throw_and_call(rnd, (1, 1, 2, 3, 4, 5))
    called = of_type(events, ExtraRollCalled)[0]
    assert (called.face, called.additional, called.total) == (1, 2, 6)
    win = settled(rnd)["like_kind:6"]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * 4  # Extra Roll six-of-a-kind 4 to 1 (675a.5(d))


# --- 675a.4: procedure and its worked examples --------------------------------------------
def test_675a_4_a_extra_roll_collected_at_no_more_bets() -> None:
    """675a.4(a): at "no more bets" every Extra Roll purchase is collected into the table
    inventory; it is not returned when the round is settled."""
    rnd = open_round({1: "a", 2: "b"})
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:4")
    bet(rnd, 1, "extra_roll")
    bet(rnd, 2, "pip_street:ace")
    events = rnd.handle(AnnounceNoMoreBets(), DEALER)
    collected = of_type(events, ExtraRollCollected)
    assert [(e.seat, e.amount, e.cite) for e in collected] == [(1, FIVE, "675a.4(a)")]
    throw_and_call(rnd, FOUR_FIVES)  # LK 4 wins; nothing is held
    assert not rnd.finished  # 675a.4(g): an Extra Roll was bought, so it is thrown
    throw_and_call(rnd, (2, 2, 3, 3, 4, 6))
    assert rnd.finished
    assert "extra_roll" not in settled(rnd)


def test_675a_4_e_four_5s_are_called_and_moved_to_five() -> None:
    """675a.4(e): "four 5s, three 6s and two 1s and one 4": the four 5s are the matching
    dice of the highest value, moved into the box labeled "Five"; the call is 675a.4(d)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    events = first_roll(rnd, FOUR_FIVES)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (5, 4)
    assert called.cite == "675a.4(d)"
    assert rnd.view(None)["first_roll"] == {"face": "five", "count": 4}


def test_675a_4_f_1_pip_street_5_paid_2_collected() -> None:
    """675a.4(f)(1): Pip Street on the 5 die and the 2 die, dealer throws four 5s, three 6s,
    two 1s and one 4: collect the 2, pay the 5 (Five: 4 to 1, 675a.5(a))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "pip_street:two")
    first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["pip_street:two"].outcome is Outcome.LOSE
    assert result["pip_street:two"].returned == 0
    assert result["pip_street:two"].cite == "675a.4(f)(1)"
    assert result["pip_street:five"].outcome is Outcome.WIN
    assert result["pip_street:five"].returned == FIVE
    assert result["pip_street:five"].won == FIVE * 4


def test_675a_4_f_2_i_without_extra_roll_only_four_of_a_kind_paid() -> None:
    """675a.4(f)(2)(i): no Extra Roll; four 5s, three 6s, two 1s and one 4: collect every Like
    Kind wager not on the four-of-a-kind circle, pay the four-of-a-kind (1 to 1)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    for circle in range(2, 9):
        bet(rnd, 1, f"like_kind:{circle}")
    events = first_roll(rnd, FOUR_FIVES)
    assert of_type(events, WagerHeld) == []
    result = settled(rnd)
    assert result["like_kind:4"].outcome is Outcome.WIN
    assert result["like_kind:4"].won == FIVE * 1
    for circle in (2, 3, 5, 6, 7, 8):
        assert result[f"like_kind:{circle}"].outcome is Outcome.LOSE
        assert result[f"like_kind:{circle}"].cite == "675a.4(f)(2)(i)"
    assert rnd.finished


def test_675a_4_f_2_ii_pay_four_collect_three_hold_five() -> None:
    """675a.4(f)(2)(ii): Like Kind on three, four and five of a kind with an Extra Roll and a
    four-of-a-kind thrown: pay the four (1 to 1), collect the three, hold the five on the
    layout until the Extra Roll (subsection (g)). Four-of-a-kind thrown as four 5s, three
    6s, two 1s and one 4 (the throw of 675a.4(e))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    for circle in (3, 4, 5):
        bet(rnd, 1, f"like_kind:{circle}")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["like_kind:4"].outcome is Outcome.WIN
    assert result["like_kind:4"].won == FIVE * 1
    assert result["like_kind:3"].outcome is Outcome.LOSE
    assert "like_kind:5" not in result
    held = of_type(events, WagerHeld)
    assert [(e.seat, e.spot, e.cite) for e in held] == [(1, "like_kind:5", "675a.4(f)(2)(ii)")]
    view = rnd.view(None)
    assert view["wagers"]["1"] == {"like_kind:5": FIVE}
    assert view["phase"] == "extra_throw"
    assert not rnd.finished


def test_675a_4_f_2_extra_roll_is_per_player() -> None:
    """675a.4(f)(2)(i)-(ii): the holding of (ii) applies only to the player who purchased an
    Extra Roll; another player's five-of-a-kind circle is collected under (i)."""
    rnd = open_round({1: "buyer", 2: "other"})
    for seat in (1, 2):
        bet(rnd, seat, "pip_street:five")
        bet(rnd, seat, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    assert "like_kind:5" not in settled(rnd, 1)
    assert settled(rnd, 2)["like_kind:5"].outcome is Outcome.LOSE
    assert settled(rnd, 2)["like_kind:5"].cite == "675a.4(f)(2)(i)"


def test_675a_4_f_2_ii_two_of_a_kind_circle_cannot_win_on_extra_roll() -> None:
    """675a.4(f)(2)(ii): a circle below the first roll's count has no possibility of winning
    with an Extra Roll and is collected; circles above it are held."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    for circle in range(2, 9):
        bet(rnd, 1, f"like_kind:{circle}")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["like_kind:2"].outcome is Outcome.LOSE
    assert result["like_kind:3"].outcome is Outcome.LOSE
    assert result["like_kind:4"].outcome is Outcome.WIN
    assert sorted(e.spot for e in of_type(events, WagerHeld)) == [
        "like_kind:5",
        "like_kind:6",
        "like_kind:7",
        "like_kind:8",
    ]


def test_675a_4_f_3_nine_matching_dice_pay_nine_collect_ten() -> None:
    """675a.4(f)(3): nine matching dice: collect Millionaire Row wagers not on nine of a
    kind, pay those on the nine-of-a-kind circle ($50,000 for $1, 675a.5(c)). Nine 3s
    completed with one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:three")
    bet(rnd, 1, "millionaire_row:9", ONE_DOLLAR)
    bet(rnd, 1, "millionaire_row:10", ONE_DOLLAR)
    first_roll(rnd, (3,) * 9 + (4,))
    result = settled(rnd)
    assert result["millionaire_row:10"].outcome is Outcome.LOSE
    assert result["millionaire_row:10"].cite == "675a.4(f)(3)"
    assert result["millionaire_row:9"].outcome is Outcome.WIN
    assert result["millionaire_row:9"].won == 5_000_000  # $50,000
    assert result["millionaire_row:9"].returned == ONE_DOLLAR


def test_675a_4_g_extra_roll_throws_the_seven_other_dice() -> None:
    """675a.4(g): three 6s, three 4s, two 2s and two 1s: the three 6s stay on "Six"; the
    three 4s, two 2s and two 1s (seven dice) are shaken and thrown again."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, THREE_SIXES)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (6, 3)
    assert rnd.view(None)["phase"] == "extra_throw"
    for wrong in ((1,) * 10, (1,) * 6, (1,) * 8):
        refused(rnd, ThrowDice(faces=wrong), DEALER)
    thrown = rnd.handle(ThrowDice(faces=(4, 4, 4, 2, 2, 1, 1)), DEALER)
    assert isinstance(thrown[0], DiceThrown)
    assert thrown[0].roll == "extra"
    assert len(thrown[0].faces) == 7
    assert thrown[0].cite == "675a.4(g)"


def test_675a_4_g_extra_roll_thrown_whenever_a_player_purchased_one() -> None:
    """675a.4(g): "If any player purchased an Extra Roll, the dealer shall then collect all
    dice except those of the highest value ... shake and throw the remaining dice." The
    text makes the Extra Roll throw depend only on the purchase, even when the purchaser's
    only Like Kind wager (four of a kind) was already paid on the first roll."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:4")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    assert settled(rnd)["like_kind:4"].won == FIVE * 1
    assert not rnd.finished
    assert rnd.view(None)["phase"] == "extra_throw"
    events = throw_and_call(rnd, (1, 2, 3, 4, 6, 6))
    assert of_type(events, ExtraRollCalled)[0].total == 4
    assert rnd.finished
    assert settled(rnd)["like_kind:4"].won == FIVE * 1  # paid once (675a.4(h))


def test_675a_4_h_two_more_6s_make_five_of_a_kind() -> None:
    """675a.4(h): three 6s on "Six" after the first throw and two additional 6s on the
    second: a total of five-of-a-kind, paid at the Extra Roll odds (five-of-a-kind 2 to 1,
    675a.5(d)). First throw: 675a.4(g)'s; second throw completed with 1, 2, 3, 4, 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    for circle in (4, 5, 6):
        bet(rnd, 1, f"like_kind:{circle}")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, THREE_SIXES)
    events = throw_and_call(rnd, (6, 6, 1, 2, 3, 4, 5))
    called = of_type(events, ExtraRollCalled)[0]
    assert (called.face, called.additional, called.total) == (6, 2, 5)
    assert called.cite == "675a.4(h)"
    result = settled(rnd)
    assert result["like_kind:5"].outcome is Outcome.WIN
    assert result["like_kind:5"].won == FIVE * 2
    assert result["like_kind:5"].cite == "675a.5(d)"
    for circle in (4, 6):
        assert result[f"like_kind:{circle}"].outcome is Outcome.LOSE
        assert result[f"like_kind:{circle}"].cite == "675a.4(h)"
    assert of_type(events, RoundCompleted)
    assert rnd.finished


def test_675a_4_h_four_of_a_kind_not_paid_again_on_extra_roll() -> None:
    """675a.4(h): a winning Like Kind wager on the four-of-a-kind and no additional
    matching dice on the second roll: "the player may not be paid out for the
    four-of-a-kind for the Extra Roll". First throw: four 5s, three 6s, two 1s and one 4;
    the six other dice come back with no 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:4")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    events = throw_and_call(rnd, (1, 2, 3, 4, 6, 6))
    called = of_type(events, ExtraRollCalled)[0]
    assert (called.additional, called.total) == (0, 4)
    four = [e for e in rnd.events if isinstance(e, WagerSettled) and e.spot == "like_kind:4"]
    assert len(four) == 1, "the four-of-a-kind is paid once, after the first roll"
    assert four[0].won == FIVE * 1
    assert four[0].cite == "675a.5(b)"
    assert settled(rnd)["like_kind:5"].outcome is Outcome.LOSE
    total_won = sum(e.won for e in settled(rnd).values())
    assert total_won == FIVE * 4 + FIVE * 1  # Pip Street Five 4 to 1 + four-of-a-kind 1 to 1


# --- 675a.5: every paytable row -----------------------------------------------------------
def _five_of(face: int) -> tuple[int, ...]:
    """Five dice of ``face`` and one die of each other face: ``face`` occurs the most."""
    return (face,) * 5 + tuple(f for f in range(1, 7) if f != face)


@pytest.mark.parametrize(
    ("spot", "face", "odds"),
    [
        ("pip_street:two", 2, Fraction(6, 1)),  # Two 6 to 1
        ("pip_street:three", 3, Fraction(6, 1)),  # Three 6 to 1
        ("pip_street:four", 4, Fraction(5, 1)),  # Four 5 to 1
        ("pip_street:five", 5, Fraction(4, 1)),  # Five 4 to 1
        ("pip_street:six", 6, Fraction(4, 1)),  # Six 4 to 1
        ("pip_street:ace", 1, Fraction(3, 1)),  # One/ace 3 to 1
    ],
)
def test_675a_5_a_pip_street_odds(spot: str, face: int, odds: Fraction) -> None:
    """675a.5(a): Pip Street odds by the die value with the most matches."""
    rnd = open_round()
    bet(rnd, 1, spot)
    first_roll(rnd, _five_of(face))
    win = settled(rnd)[spot]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * odds
    assert win.returned == FIVE
    assert win.cite == "675a.5(a)"


@pytest.mark.parametrize(
    ("circle", "faces", "odds"),
    [
        (8, (4,) * 8 + (1, 2), Fraction(5000, 1)),  # Eight-of-a-kind 5,000 to 1
        (7, (4,) * 7 + (1, 2, 3), Fraction(400, 1)),  # Seven-of-a-kind 400 to 1
        (6, (4,) * 6 + (1, 2, 3, 5), Fraction(30, 1)),  # Six-of-a-kind 30 to 1
        (5, (4,) * 5 + (1, 2, 3, 5, 6), Fraction(4, 1)),  # Five-of-a-kind 4 to 1
        (4, (4,) * 4 + (1, 1, 2, 3, 5, 6), Fraction(1, 1)),  # Four-of-a-kind 1 to 1
        (3, (4, 4, 4, 1, 1, 2, 2, 3, 5, 6), Fraction(3, 5)),  # Three-of-a-kind 3 to 5
        (2, (4, 4, 1, 1, 2, 2, 3, 3, 5, 6), Fraction(12, 1)),  # Two-of-a-kind 12 to 1
    ],
)
def test_675a_5_b_like_kind_odds(circle: int, faces: tuple[int, ...], odds: Fraction) -> None:
    """675a.5(b): Like Kind odds on the first roll by the count of the most matching dice."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, f"like_kind:{circle}")
    events = first_roll(rnd, faces)
    assert of_type(events, ResultCalled)[0].count == circle
    win = settled(rnd)[f"like_kind:{circle}"]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * odds
    assert win.cite == "675a.5(b)"


def test_675a_5_b_three_to_five_on_five_dollars_is_three_dollars() -> None:
    """675a.5(b): Three-of-a-kind 3 to 5: a $5 wager wins $3 and keeps its $5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:3")
    first_roll(rnd, (4, 4, 4, 1, 1, 2, 2, 3, 5, 6))
    win = settled(rnd)["like_kind:3"]
    assert (win.returned, win.won) == (500, 300)


@pytest.mark.parametrize(
    ("circle", "faces", "prize"),
    [
        (10, (6,) * 10, 100_000_000),  # Ten-of-a-kind $1,000,000
        (9, (6,) * 9 + (1,), 5_000_000),  # Nine-of-a-kind $50,000
    ],
)
def test_675a_5_c_millionaire_row_prizes(circle: int, faces: tuple[int, ...], prize: int) -> None:
    """675a.5(c): Millionaire Row pays $1,000,000 for ten of a kind, $50,000 for nine, on the
    largest ($1) wager of 675a.2(e)(4)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, f"millionaire_row:{circle}", ONE_DOLLAR)
    first_roll(rnd, faces)
    win = settled(rnd)[f"millionaire_row:{circle}"]
    assert win.outcome is Outcome.WIN
    assert win.won == prize
    assert win.returned == ONE_DOLLAR
    assert win.cite == "675a.5(c)"


# First roll for the Extra Roll rows: two aces, two 6s, two 5s, two 4s, one 3 and one 2 --
# the most matching dice are two, and the ace ranks highest (675a.2(d)), so the two aces
# stay and eight dice are thrown again.
TWO_ACES = (1, 1, 6, 6, 5, 5, 4, 4, 3, 2)


@pytest.mark.parametrize(
    ("final", "odds"),
    [
        (8, Fraction(50, 1)),  # Eight-of-a-kind 50 to 1
        (7, Fraction(10, 1)),  # Seven-of-a-kind 10 to 1
        (6, Fraction(4, 1)),  # Six-of-a-kind 4 to 1
        (5, Fraction(2, 1)),  # Five-of-a-kind 2 to 1
        (4, Fraction(1, 1)),  # Four-of-a-kind 1 to 1
        (3, Fraction(6, 1)),  # Three-of-a-kind 6 to 1
    ],
)
def test_675a_5_d_extra_roll_odds(final: int, odds: Fraction) -> None:
    """675a.5(d): Like Kind wagers won on the Extra Roll by the final count. The first roll
    is two of a kind (two aces); the eight other dice come back with ``final - 2`` aces,
    the rest filled with non-aces."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, f"like_kind:{final}")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, TWO_ACES)
    assert (of_type(events, ResultCalled)[0].face, of_type(events, ResultCalled)[0].count) == (
        1,
        2,
    )
    aces = final - 2
    extra = (1,) * aces + (2, 3, 4, 5, 6, 2, 3, 4)[: 8 - aces]
    events = throw_and_call(rnd, extra)
    assert of_type(events, ExtraRollCalled)[0].total == final
    win = settled(rnd)[f"like_kind:{final}"]
    assert win.outcome is Outcome.WIN
    assert win.won == FIVE * odds
    assert win.cite == "675a.5(d)"


# --- 675a.5(e): aggregate payout limit ----------------------------------------------------
LIMIT_TOML = """
game = "high-roll-dice"
variant = "ten_dice"
minimum_wager = 500
maximum_wager = 1000000
payout_limit = 5000000
"""


def test_675a_5_e_payout_limit_caps_winnings_but_not_millionaire_row() -> None:
    """675a.5(e): a $50,000 aggregate payout limit caps a player's winnings in the round; a
    winning Millionaire Row wager is not included. Nine 2s and a 3: Pip Street Two on
    $10,000 at 6 to 1 would win $60,000 and is capped at $50,000; Millionaire Row nine of
    a kind still pays its full $50,000."""
    rules = load_text(LIMIT_TOML)
    assert isinstance(rules, HighRollDiceRules)
    rnd = open_with_rules(rules, {1: "whale"})
    bet(rnd, 1, "pip_street:two", 1_000_000)
    bet(rnd, 1, "millionaire_row:9", ONE_DOLLAR)
    first_roll(rnd, (2,) * 9 + (3,))
    result = settled(rnd)
    pip = result["pip_street:two"]
    assert pip.won == 5_000_000
    assert pip.withheld == 1_000_000
    assert pip.won + pip.withheld == 1_000_000 * 6
    assert "675a.5(e)" in pip.cite
    row = result["millionaire_row:9"]
    assert row.won == 5_000_000
    assert row.withheld == 0


def test_675a_5_e_payout_limit_is_aggregate_over_the_extra_roll() -> None:
    """675a.5(e): the limit is per player per round: first-roll and Extra Roll winnings add
    up. $5,000 wagers: Pip Street Six 4 to 1 ($20,000) + four-of-a-kind 1 to 1 ($5,000) on
    the first roll, then seven-of-a-kind on the Extra Roll 10 to 1 ($50,000): $75,000 is
    capped at $50,000. First throw four 6s, three 1s, one 2, 3 and 4; the six other dice
    come back with three 6s and one 1, 2, 3."""
    rules = load_text(LIMIT_TOML)
    assert isinstance(rules, HighRollDiceRules)
    rnd = open_with_rules(rules, {1: "whale"})
    for spot in ("pip_street:six", "like_kind:4", "like_kind:7", "extra_roll"):
        bet(rnd, 1, spot, 500_000)
    first_roll(rnd, (6, 6, 6, 6, 1, 1, 1, 2, 3, 4))
    throw_and_call(rnd, (6, 6, 6, 1, 2, 3))
    result = settled(rnd)
    assert result["pip_street:six"].won == 2_000_000
    assert result["like_kind:4"].won == 500_000
    assert result["like_kind:7"].won == 2_500_000
    assert result["like_kind:7"].withheld == 2_500_000
    assert sum(e.won for e in result.values()) == 5_000_000


def test_675a_5_e_payout_limit_is_per_player() -> None:
    """675a.5(e): the aggregate limit applies to each player separately."""
    rules = load_text(LIMIT_TOML)
    assert isinstance(rules, HighRollDiceRules)
    rnd = open_with_rules(rules, {1: "a", 2: "b"})
    for seat in (1, 2):
        bet(rnd, seat, "pip_street:six", 500_000)
        bet(rnd, seat, "like_kind:6", 500_000)
    # Six 6s and one 1, 2, 3 and 4: Six 4 to 1 + six-of-a-kind 30 to 1 = $170,000 each.
    first_roll(rnd, (6,) * 6 + (1, 2, 3, 4))
    for seat in (1, 2):
        assert sum(e.won for e in settled(rnd, seat).values()) == 5_000_000


def test_675a_5_e_payout_limit_not_below_50000() -> None:
    """675a.5(e): the limit may not be less than $50,000."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text(LIMIT_TOML.replace("payout_limit = 5000000", "payout_limit = 4999999"))
    assert info.value.cite == "675a.5(e)"


def test_675a_5_e_payout_limit_not_below_max_win_at_minimum_wager() -> None:
    """675a.5(e): nor less than the most one patron could win per round betting the minimum
    wager. At a $10 minimum on every spot, eight 2s pay Pip Street Two 6 to 1 plus
    eight-of-a-kind 5,000 to 1 = 5,006 x $10 = $50,060 (no Extra Roll circle is above
    eight), which is more than $50,000."""
    text = LIMIT_TOML.replace("minimum_wager = 500", "minimum_wager = 1000")
    with pytest.raises(RulesSubmissionError) as info:
        load_text(text.replace("payout_limit = 5000000", "payout_limit = 5005999"))
    assert info.value.cite == "675a.5(e)"
    rules = load_text(text.replace("payout_limit = 5000000", "payout_limit = 5006000"))
    assert isinstance(rules, HighRollDiceRules)
    assert rules.payout_limit == 5_006_000


# --- 675a.4(b)-(c): throw irregularities ---------------------------------------------------
@pytest.mark.parametrize(
    "irregularity", [Irregularity.DIE_OFF_TABLE, Irregularity.DIE_ON_ANOTHER_DIE]
)
def test_675a_4_b_invalid_throw_is_thrown_again(irregularity: Irregularity) -> None:
    """675a.4(b): a roll is invalid if any die goes off the table or one die comes to rest
    on top of another; the dice of the invalid throw do not count and a new throw follows."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, "pip_street:five")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(2,) * 10), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=irregularity), DEALER)
    assert len(events) == 1
    assert isinstance(events[0], ThrowInvalidated)
    assert events[0].cite == "675a.4(b)"
    assert rnd.view(None)["dice"] == []
    refused(rnd, CallResult(), DEALER)  # nothing valid to call until the dice are rethrown
    events = throw_and_call(rnd, FOUR_FIVES)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (5, 4)
    result = settled(rnd)
    assert result["pip_street:five"].outcome is Outcome.WIN
    assert result["pip_street:two"].outcome is Outcome.LOSE


def test_675a_4_c_die_resting_on_several_sides_voids_the_roll() -> None:
    """675a.4(c): more than one side of a die resting on chips or another object: the roll
    is void and the dice are rethrown."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(2,) * 10), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.DIE_RESTING_ON_SEVERAL_SIDES), DEALER
    )
    assert isinstance(events[0], ThrowInvalidated)
    assert events[0].cite == "675a.4(c)"
    assert rnd.view(None)["phase"] == "first_throw"
    throw_and_call(rnd, FOUR_FIVES)
    assert settled(rnd)["pip_street:two"].outcome is Outcome.LOSE


@pytest.mark.parametrize(("resting", "counted"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_675a_4_c_cocked_die_counts_the_opposite_side(resting: int, counted: int) -> None:
    """675a.4(c): a die resting cocked on a stack of chips: the side directly opposite the
    side resting on the chips is uppermost (opposite sides of a die sum to seven)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(1, 1, 6, 6, 5, 5, 4, 4, 3, 2)), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.COCKED_DIE, die=9, resting_face=resting),
        DEALER,
    )
    assert isinstance(events[0], DieCorrected)
    assert events[0].cite == "675a.4(c)"
    assert events[0].face == counted
    assert rnd.view(None)["dice"][9] == counted


def test_675a_4_c_cocked_die_decides_the_winner() -> None:
    """675a.4(c): three aces, three 6s, two 5s, one 4 and a die cocked with its ace side on
    the chips: it counts as a 6 (opposite the ace), so four 6s win, not the aces."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "pip_street:ace")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(1, 1, 1, 6, 6, 6, 5, 5, 4, 1)), DEALER)
    rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.COCKED_DIE, die=9, resting_face=1), DEALER
    )
    events = rnd.handle(CallResult(), DEALER)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (6, 4)
    assert settled(rnd)["pip_street:six"].won == FIVE * 4  # Six: 4 to 1 (675a.5(a))
    assert settled(rnd)["pip_street:ace"].outcome is Outcome.LOSE


def test_675a_4_g_invalid_extra_roll_throw_is_thrown_again() -> None:
    """675a.4(g): the remaining dice are thrown "in accordance with subsections (b) and
    (c)": a die off the table on the Extra Roll invalidates it; the rethrow counts. The
    invalid throw held two 5s (five of a kind); the valid one holds none (four)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    rnd.handle(ThrowDice(faces=(5, 5, 1, 2, 3, 4)), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.DIE_OFF_TABLE), DEALER)
    assert isinstance(events[0], ThrowInvalidated)
    assert events[0].cite == "675a.4(b)"
    assert rnd.view(None)["phase"] == "extra_throw"
    events = throw_and_call(rnd, (1, 2, 3, 4, 6, 6))
    assert of_type(events, ExtraRollCalled)[0].total == 4
    assert settled(rnd)["like_kind:6"].outcome is Outcome.LOSE


def test_675a_4_g_cocked_die_on_extra_roll() -> None:
    """675a.4(g) with 675a.4(c): a die of the Extra Roll cocked with its 2 side on the chips
    counts as a 5: one additional 5 makes five of a kind (2 to 1, 675a.5(d))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    rnd.handle(ThrowDice(faces=(1, 2, 3, 4, 6, 2)), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.COCKED_DIE, die=5, resting_face=2), DEALER
    )
    assert events[0].cite == "675a.4(c)"
    events = rnd.handle(CallResult(), DEALER)
    assert of_type(events, ExtraRollCalled)[0].total == 5
    assert settled(rnd)["like_kind:5"].won == FIVE * 2


# --- refused input ------------------------------------------------------------------------
def test_675a_1_b_2_iv_pip_street_wagers_of_unequal_value_refused() -> None:
    """675a.1(b)(2)(iv): all Pip Street wagers must be of equal value."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="pip_street:ace", amount=1000), 1)
    assert error.cite == "675a.1(b)(2)(iv)"


@pytest.mark.parametrize("amount", [400, 1000])
def test_675a_2_e_2_like_kind_must_equal_pip_street(amount: int) -> None:
    """675a.2(e)(2): a Like Kind Boulevard Wager equal to the player's Pip Street Wager."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="like_kind:4", amount=amount), 1)
    assert error.cite == "675a.2(e)(2)"


@pytest.mark.parametrize("amount", [400, 1000])
def test_675a_2_e_3_extra_roll_must_equal_like_kind(amount: int) -> None:
    """675a.2(e)(3): the Extra Roll costs an amount equal to the Like Kind Boulevard Wager."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, "like_kind:4")
    error = refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=amount), 1)
    assert error.cite == "675a.2(e)(3)"


def test_675a_2_e_2_like_kind_needs_pip_street() -> None:
    """675a.2(e)(2): a Like Kind wager may be placed only "after placing a Pip Street
    Wager"."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, spot="like_kind:4", amount=FIVE), 1)
    assert error.cite == "675a.2(e)(2)"


def test_675a_2_e_3_extra_roll_needs_like_kind() -> None:
    """675a.2(e)(3): an Extra Roll may be purchased only "if a player placed a Like Kind
    Boulevard Wager"."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=FIVE), 1)
    assert error.cite == "675a.2(e)(3)"


def test_675a_2_e_3_extra_roll_refusal_names_the_missing_like_kind_wager() -> None:
    """675a.2(e)(3): "If a player placed a Like Kind Boulevard Wager, the player may also
    purchase an extra roll". With a Pip Street Wager placed, only the Like Kind Boulevard
    Wager is missing, and the refusal says so without claiming the Pip Street Wager is."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=FIVE), 1)
    text = str(error)
    assert "no Like Kind Boulevard wager" in text
    assert "has a Pip Street wager" in text
    assert "needs a Pip Street wager" not in text


def test_675a_2_e_3_extra_roll_with_no_wager_names_both_missing_wagers() -> None:
    """675a.2(e)(2), (3): a Like Kind Boulevard Wager is placed "after placing a Pip Street
    Wager", and the Extra Roll only "if a player placed a Like Kind Boulevard Wager": a
    player with no wager lacks both, and the refusal names both (citing the Extra Roll's
    own rule, 675a.2(e)(3))."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=FIVE), 1)
    assert error.cite == "675a.2(e)(3)"
    text = str(error)
    assert "neither a Pip Street wager nor a Like Kind Boulevard wager" in text


def test_675a_2_e_1_millionaire_row_needs_pip_street() -> None:
    """675a.2(e)(1): "To participate in a round of play, each player shall place a Pip
    Street Wager": a Millionaire Row wager alone is refused."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, spot="millionaire_row:10", amount=ONE_DOLLAR), 1)
    assert error.cite == "675a.2(e)(1)"


@pytest.mark.parametrize("amount", [101, 500])
def test_675a_2_e_4_millionaire_row_over_one_dollar_refused(amount: int) -> None:
    """675a.2(e)(4): "The Millionaire Row Wager may not be more than $1.\""""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="millionaire_row:10", amount=amount), 1)
    assert error.cite == "675a.2(e)(4)"


@pytest.mark.parametrize(
    "spot",
    ["pip_street:ace", "pip_street:two", "like_kind:5", "extra_roll", "millionaire_row:9"],
)
def test_675a_2_a_no_wager_after_no_more_bets(spot: str) -> None:
    """675a.2(a): all wagers and the purchase of an Extra Roll are made before the dice are
    shaken; after "no more bets" (675a.4(a)) every wager is refused, and an Extra Roll is
    locked out (675a.1(c)(2))."""
    rnd = open_round({1: "a", 2: "b"})
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:4")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    amount = ONE_DOLLAR if spot.startswith("millionaire_row") else FIVE
    error = refused(rnd, PlaceWager(seat=1, spot=spot, amount=amount), 1)
    # The Extra Roll lock-out after "no more bets" is also the rule of 675a.1(c)(2).
    allowed = {"675a.2(a)", "675a.1(c)(2)"} if spot == "extra_roll" else {"675a.2(a)"}
    assert error.cite in allowed
    error = refused(rnd, PlaceWager(seat=2, spot="pip_street:ace", amount=FIVE), 2)
    assert error.cite == "675a.2(a)"


def test_675a_2_a_no_wager_while_the_extra_roll_is_pending() -> None:
    """675a.2(a): no wager once the dice have been shaken, including before the Extra Roll."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    error = refused(rnd, PlaceWager(seat=1, spot="like_kind:7", amount=FIVE), 1)
    assert error.cite == "675a.2(a)"


def test_675a_2_c_unseated_player_refused() -> None:
    """675a.2(c): only players seated at the table may place a wager."""
    rnd = open_round({1: "a"})
    error = refused(rnd, PlaceWager(seat=3, spot="pip_street:ace", amount=FIVE), 3)
    assert error.cite == "675a.2(c)"


@pytest.mark.parametrize("actor", [1, DEALER])
def test_675a_2_c_no_wager_for_another_seat(actor: Any) -> None:
    """675a.2(c): a wager is placed by the seated player; seat 1 (or the dealer) may not
    wager for seat 2."""
    rnd = open_round({1: "a", 2: "b"})
    error = refused(rnd, PlaceWager(seat=2, spot="pip_street:ace", amount=FIVE), actor)
    assert error.cite == "675a.2(c)"


@pytest.mark.parametrize(
    "amount",
    [-500, 0, 5.0, 500.0, "500", True, False, None, Decimal(500), Fraction(500)],
    ids=repr,
)
def test_675a_2_b_amount_must_be_positive_whole_cents(amount: Any) -> None:
    """675a.2(b): wagers are value chips placed on the layout; a wager that is not a
    positive whole number of cents (negative, zero, a float even 5.0, a string, a boolean)
    is refused with a cited message."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, spot="pip_street:ace", amount=amount), 1)
    assert error.cite.startswith("675a.2(")


@pytest.mark.parametrize(
    "spot",
    [
        "pip_street:seven",
        "pip_street:1",
        "like_kind:1",
        "like_kind:9",
        "like_kind:no_match",
        "millionaire_row:8",
        "banker",
        "",
    ],
)
def test_675a_2_e_unknown_spot_refused(spot: str) -> None:
    """675a.2(e): only the authorized wagers exist: Pip Street on six faces, Like Kind on
    two through eight, the Extra Roll and Millionaire Row on nine and ten."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot=spot, amount=FIVE), 1)
    assert error.cite == "675a.2(e)"


# --- voiding a round ----------------------------------------------------------------------
def _stake_everything(rnd: HighRollDiceRound) -> None:
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    bet(rnd, 1, "millionaire_row:10", ONE_DOLLAR)


@pytest.mark.parametrize("after_no_more_bets", [False, True])
def test_675a_2_void_round_returns_every_wager_and_the_extra_roll(
    after_no_more_bets: bool,
) -> None:
    """675a.2(e)(1)-(4), 675a.4(a): a voided round returns every wager in play and the
    Extra Roll purchase, even after it was collected at "no more bets"."""
    rnd = open_round()
    _stake_everything(rnd)
    if after_no_more_bets:
        rnd.handle(AnnounceNoMoreBets(), DEALER)
    events = rnd.handle(VoidRound(reason="shaker damaged"), DEALER)
    assert isinstance(events[0], RoundVoided)
    returned = {
        e.spot: (e.outcome, e.returned, e.won) for e in events if isinstance(e, WagerSettled)
    }
    assert returned == {
        "pip_street:ace": (Outcome.VOID, FIVE, 0),
        "like_kind:5": (Outcome.VOID, FIVE, 0),
        "like_kind:6": (Outcome.VOID, FIVE, 0),
        "extra_roll": (Outcome.VOID, FIVE, 0),
        "millionaire_row:10": (Outcome.VOID, ONE_DOLLAR, 0),
    }
    assert rnd.finished
    refused(rnd, CallResult(), DEALER)


def test_675a_4_f_2_ii_no_void_once_dice_are_seen() -> None:
    """675a.4(f)(2)(ii): wagers held for the Extra Roll stay in play until the Extra Roll
    settles them (675a.4(h)); once dice have been thrown the round may not be voided
    (interpretations:void-round), so a dealer who has seen a throw cannot undo it."""
    rnd = open_round()
    _stake_everything(rnd)
    first_roll(rnd, FOUR_FIVES)
    paid_first = {spot: e.outcome for spot, e in settled(rnd).items()}
    assert paid_first == {
        "pip_street:ace": Outcome.LOSE,
        "millionaire_row:10": Outcome.LOSE,
    }
    error = refused(rnd, VoidRound(reason="dice lost"), DEALER)
    assert error.cite == "interpretations:void-round"


@pytest.mark.parametrize(
    ("variant", "cite"), [("ten_dice", "675a.3(a)"), ("ten_dice_2014", "593.3(a)")]
)
def test_675a_3_a_ten_dice_are_thrown(variant: str, cite: str) -> None:
    """675a.3(a) and 593.3(a): High Roll Dice is played with ten dice; a reading of any
    other number of dice is refused."""
    rules = HighRollDiceRules(variant=variant)
    rnd = HighRollDiceRound.open(
        rules, table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(3), physical_dice=True
    )
    bet(rnd, 1, "pip_street:ace")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    with pytest.raises(IllegalCommand) as refused:
        rnd.handle(ThrowDice(faces=(1,) * 9), DEALER)
    assert refused.value.cite == cite
    rng_round = HighRollDiceRound.open(
        rules, table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(3)
    )
    bet(rng_round, 1, "pip_street:ace")
    rng_round.handle(AnnounceNoMoreBets(), DEALER)
    (thrown,) = rng_round.handle(ThrowDice(), DEALER)
    assert isinstance(thrown, DiceThrown) and len(thrown.faces) == 10


def test_675a_4_b_no_irregularity_on_an_rng_table() -> None:
    """675a.4(b): throw irregularities exist only where physical dice are thrown; on a
    table whose throws come from the RNG the dealer may not declare one (and so cannot
    redraw or rewrite a throw)."""
    rnd = HighRollDiceRound.open(
        HighRollDiceRules(), table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(1)
    )
    bet(rnd, 1, "pip_street:ace")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(), DEALER)
    assert [c.command for c in rnd.legal_commands(DEALER)] == ["CallResult"]
    for irregularity in Irregularity:
        command = DeclareIrregularity(irregularity=irregularity, die=0, resting_face=6)
        assert refused(rnd, command, DEALER).cite == "675a.4(b)"


def test_675a_5_e_payout_limit_is_per_player_not_per_seat() -> None:
    """675a.5(e): the aggregate payout limit is per player per round: one player at two
    positions shares one limit. Eight 2s pay Pip Street 6 to 1 and eight of a kind
    5,000 to 1: $30 + $25,000 per $5 position, $50,060 for two, capped at $50,000."""
    rnd = open_with_rules(
        HighRollDiceRules(payout_limit=5_000_000), {1: "pat", 2: "pat", 3: "quinn"}
    )
    for seat in (1, 2, 3):
        bet(rnd, seat, "pip_street:two")
        bet(rnd, seat, "like_kind:8")
    first_roll(rnd, (2, 2, 2, 2, 2, 2, 2, 2, 3, 4))
    pat = sum(e.won for seat in (1, 2) for e in settled(rnd, seat).values())
    quinn = sum(e.won for e in settled(rnd, 3).values())
    assert quinn == 3_000 + 2_500_000
    assert pat == 5_000_000
    withheld = sum(e.withheld for seat in (1, 2) for e in settled(rnd, seat).values())
    assert withheld == 6_000


# --- a reading of the dice is whole faces 1 to 6 (#29) ------------------------------------------
NOT_A_FACE = [True, "1", 1.0, 0, 7]
"""JSON true, the text "1" and the number 1.0 (each was recorded as a 1), 0 and 7."""


@pytest.mark.parametrize("bad", NOT_A_FACE, ids=["true", "text", "float", "zero", "seven"])
def test_675a_3_a_a_reading_is_ten_faces_1_to_6(bad: object) -> None:
    """675a.3(a), 675a.2(d): the first throw's reading is ten faces 1 to 6; a face sent as
    true, "1" or 1.0 is refused, not recorded as a 1, and the round is unchanged; so is
    the same reading sent as JSON."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    faces = [bad, 1, 1, 1, 2, 3, 4, 5, 6, 6]
    error = refused(rnd, ThrowDice(faces=tuple(faces)), DEALER)
    assert error.cite == "675a.3(a)"
    assert str(error).startswith("a reading is ten faces, each a whole number 1 to 6, not ")
    command = HighRollDiceRound.command_adapter.validate_json(
        json.dumps({"type": "ThrowDice", "faces": faces}), strict=True
    )
    assert refused(rnd, command, DEALER).cite == "675a.3(a)"
    (thrown,) = rnd.handle(ThrowDice(faces=(1, 1, 1, 1, 2, 3, 4, 5, 6, 6)), DEALER)
    assert isinstance(thrown, DiceThrown) and thrown.faces == (1, 1, 1, 1, 2, 3, 4, 5, 6, 6)


@pytest.mark.parametrize("bad", NOT_A_FACE, ids=["true", "text", "float", "zero", "seven"])
def test_675a_4_g_the_extra_roll_reading_is_faces_1_to_6(bad: object) -> None:
    """675a.4(g): the Extra Roll throws the seven dice that did not match the three 6s;
    its reading refuses a face no die has, as the first throw's does."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, THREE_SIXES)
    assert rnd.view(None)["phase"] == "extra_throw"
    error = refused(rnd, ThrowDice(faces=(4, 4, 4, 2, 2, 1, bad)), DEALER)
    assert error.cite == "675a.3(a)"
    assert "a reading is seven faces" in str(error)
    (thrown,) = rnd.handle(ThrowDice(faces=(4, 4, 4, 2, 2, 1, 1)), DEALER)
    assert isinstance(thrown, DiceThrown) and thrown.roll == "extra"
