"""58 Pa. Code ch. 593 (2014 temporary regulations), High Roll Dice, proved against the text.

Every expected value is typed from ../shared/regulations/593-high-roll-dice-2014.txt
(the worked examples of 593.2 and 593.4 and the paytables of 593.5), never taken from
croupier's constants. Ch. 593 differs from ch. 675a in its five betting positions
(593.1(a)), its Extra Roll three-of-a-kind at 8 to 1 (593.5(d)) and in authorizing no
aggregate payout limit. Wagers are in cents: 500 is $5.

Where an example names only part of the ten dice, the throw is completed with dice that
cannot change the answer; each completion is stated.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from dice_table import (
    FIVE,
    ONE_DOLLAR,
    bet,
    first_roll,
    of_type,
    open_variant,
    refused,
    settled,
    throw_and_call,
)

from croupier.engine import DEALER, Outcome, WagerSettled
from croupier.errors import RulesSubmissionError
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
    WagerHeld,
)
from croupier.registry import load_text
from croupier.rules.high_roll_dice import HighRollDiceRules

NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

# 593.4(e), (f)(1), (f)(2): "four 5s, three 6s and two 1s and one 4" (all ten dice named).
FOUR_FIVES = (5, 5, 5, 5, 6, 6, 6, 1, 1, 4)
# 593.4(g): "three 6s, three 4s, two 2s and two 1s" (all ten dice named).
THREE_SIXES = (6, 6, 6, 4, 4, 4, 2, 2, 1, 1)


# --- helpers -----------------------------------------------------------------------------
def open_round(seats: dict[int, str] | None = None) -> HighRollDiceRound:
    """A ch. 593 round whose dealer enters the physical dice."""
    return open_variant("ten_dice_2014", seats)


# --- 593.1(a): five betting positions -------------------------------------------------------
def test_593_1_a_five_betting_positions_seat_6_refused() -> None:
    """593.1(a): betting positions for five players: seats 1-5 play, seat 6 is refused."""
    rnd = open_round({seat: f"p{seat}" for seat in range(1, 6)})
    bet(rnd, 5, "pip_street:ace")
    with pytest.raises(RulesSubmissionError) as info:
        open_round({6: "sixth"})
    assert info.value.cite == "593.1(a)"


# --- 593.2(d): die ranking ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("higher", "lower"), [(1, 6), (6, 5), (5, 4), (4, 3), (3, 2)], ids=lambda v: str(v)
)
def test_593_2_d_die_ranking_breaks_ties(higher: int, lower: int) -> None:
    """593.2(d): ace highest, then 6, 5, 4 and 3, with 2 lowest; five of each of two faces."""
    rnd = open_round()
    bet(rnd, 1, f"pip_street:{NAMES[higher]}")
    bet(rnd, 1, f"pip_street:{NAMES[lower]}")
    events = first_roll(rnd, (higher,) * 5 + (lower,) * 5)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (higher, 5)
    assert called.cite == "593.4(d)"
    assert settled(rnd)[f"pip_street:{NAMES[higher]}"].outcome is Outcome.WIN
    assert settled(rnd)[f"pip_street:{NAMES[lower]}"].outcome is Outcome.LOSE


# --- 593.2(e): worked examples --------------------------------------------------------------
def test_593_2_e_1_i_four_4s_beat_three_6s() -> None:
    """593.2(e)(1)(i): "Three 6s and four 4s, the 4s occurred the most during the first
    roll." Completed with one 2, one 3 and one 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:four")
    bet(rnd, 1, "pip_street:six")
    first_roll(rnd, (6, 6, 6, 4, 4, 4, 4, 2, 3, 5))
    assert settled(rnd)["pip_street:four"].won == FIVE * 5  # Four 5 to 1 (593.5(a))
    assert settled(rnd)["pip_street:six"].outcome is Outcome.LOSE


def test_593_2_e_1_ii_three_1s_beat_three_6s() -> None:
    """593.2(e)(1)(ii): "Three 6s and three 1s, the 1s occurred the most as an ace has a
    higher value than a 6." Completed with two 2s, one 4 and one 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "pip_street:six")
    first_roll(rnd, (6, 6, 6, 1, 1, 1, 2, 2, 4, 5))
    assert settled(rnd)["pip_street:ace"].won == FIVE * 3  # One/ace 3 to 1 (593.5(a))
    assert settled(rnd)["pip_street:six"].outcome is Outcome.LOSE


def test_593_2_e_2_i_three_6s_four_1s_is_four_of_a_kind() -> None:
    """593.2(e)(2)(i): "Three 6s and four 1s ... four-of-a-kind." Completed with one 2, one
    3 and one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:3")
    bet(rnd, 1, "like_kind:4")
    first_roll(rnd, (6, 6, 6, 1, 1, 1, 1, 2, 3, 4))
    assert settled(rnd)["like_kind:4"].won == FIVE * 1  # 1 to 1 (593.5(b))
    assert settled(rnd)["like_kind:3"].outcome is Outcome.LOSE


def test_593_2_e_2_ii_five_2s_three_1s_is_five_of_a_kind() -> None:
    """593.2(e)(2)(ii): "Five 2s and three 1s ... five-of-a-kind." Completed with one 3 and
    one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, "like_kind:5")
    first_roll(rnd, (2, 2, 2, 2, 2, 1, 1, 1, 3, 4))
    assert settled(rnd)["like_kind:5"].won == FIVE * 4  # 4 to 1 (593.5(b))


def test_593_2_e_3_extra_roll_two_more_1s_make_six_of_a_kind() -> None:
    """593.2(e)(3): two 6s and four 1s on the first throw and two additional 1s on the
    second roll: six-of-a-kind (4 to 1, 593.5(d)). First throw completed with one 2, 3, 4
    and 5; the six other dice come back as two 1s and one 2, 3, 4 and 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, (6, 6, 1, 1, 1, 1, 2, 3, 4, 5))
    assert [e.spot for e in of_type(events, WagerHeld)] == ["like_kind:6"]
    events = throw_and_call(rnd, (1, 1, 2, 3, 4, 5))
    extra = of_type(events, ExtraRollCalled)[0]
    assert (extra.additional, extra.total) == (2, 6)
    assert settled(rnd)["like_kind:6"].won == FIVE * 4


# --- 593.4: procedure and its worked examples ------------------------------------------------
def test_593_4_a_extra_roll_wager_collected_at_no_more_bets() -> None:
    """593.4(a): at "no more bets" the Extra Roll Wagers are collected into the table
    inventory container."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, "like_kind:4")
    bet(rnd, 1, "extra_roll")
    events = rnd.handle(AnnounceNoMoreBets(), DEALER)
    collected = of_type(events, ExtraRollCollected)
    assert [(e.seat, e.amount, e.cite) for e in collected] == [(1, FIVE, "593.4(a)")]


def test_593_4_e_four_5s_are_called_and_moved_to_five() -> None:
    """593.4(e): four 5s, three 6s and two 1s and one 4: the four 5s go to "Five"."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    events = first_roll(rnd, FOUR_FIVES)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (5, 4)
    assert rnd.view(None)["first_roll"] == {"face": "five", "count": 4}


def test_593_4_f_1_pip_street_5_paid_2_collected() -> None:
    """593.4(f)(1): Pip Street on the 5 and the 2, four 5s thrown: collect the 2, pay the 5
    (Five 4 to 1, 593.5(a))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "pip_street:two")
    first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["pip_street:two"].outcome is Outcome.LOSE
    assert result["pip_street:two"].cite == "593.4(f)(1)"
    assert result["pip_street:five"].won == FIVE * 4
    assert result["pip_street:five"].cite == "593.5(a)"


def test_593_4_f_2_i_without_extra_roll_only_four_of_a_kind_paid() -> None:
    """593.4(f)(2)(i): no Extra Roll Wager, four 5s thrown: every Like Kind wager not on
    the four-of-a-kind circle is collected; the four-of-a-kind is paid 1 to 1."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    for circle in range(2, 9):
        bet(rnd, 1, f"like_kind:{circle}")
    first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["like_kind:4"].won == FIVE * 1
    for circle in (2, 3, 5, 6, 7, 8):
        assert result[f"like_kind:{circle}"].outcome is Outcome.LOSE
        assert result[f"like_kind:{circle}"].cite == "593.4(f)(2)(i)"
    assert rnd.finished


def test_593_4_f_2_ii_pay_four_collect_three_hold_five() -> None:
    """593.4(f)(2)(ii): three, four and five of a kind with an Extra Roll Wager and a
    four-of-a-kind thrown: pay the four, collect the three, leave the five on the layout
    until resolved under subsection (g)."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    for circle in (3, 4, 5):
        bet(rnd, 1, f"like_kind:{circle}")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, FOUR_FIVES)
    result = settled(rnd)
    assert result["like_kind:4"].won == FIVE * 1
    assert result["like_kind:3"].outcome is Outcome.LOSE
    assert "like_kind:5" not in result
    held = of_type(events, WagerHeld)
    assert [(e.spot, e.cite) for e in held] == [("like_kind:5", "593.4(f)(2)(ii)")]
    assert rnd.view(None)["wagers"]["1"] == {"like_kind:5": FIVE}


def test_593_4_f_3_nine_matching_dice_pay_nine_collect_ten() -> None:
    """593.4(f)(3): nine matching dice: collect Millionaire Row wagers not on nine of a
    kind, pay the nine-of-a-kind ($50,000 for $1, 593.5(c)). Nine 3s and one 4."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:three")
    bet(rnd, 1, "millionaire_row:9", ONE_DOLLAR)
    bet(rnd, 1, "millionaire_row:10", ONE_DOLLAR)
    first_roll(rnd, (3,) * 9 + (4,))
    result = settled(rnd)
    assert result["millionaire_row:10"].outcome is Outcome.LOSE
    assert result["millionaire_row:10"].cite == "593.4(f)(3)"
    assert result["millionaire_row:9"].won == 5_000_000


def test_593_4_g_extra_roll_throws_the_seven_other_dice() -> None:
    """593.4(g): three 6s, three 4s, two 2s and two 1s: the three 6s stay on "Six"; the
    other seven dice are shaken and thrown."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    events = first_roll(rnd, THREE_SIXES)
    called = of_type(events, ResultCalled)[0]
    assert (called.face, called.count) == (6, 3)
    refused(rnd, ThrowDice(faces=(1,) * 10), DEALER)
    thrown = rnd.handle(ThrowDice(faces=(4, 4, 4, 2, 2, 1, 1)), DEALER)
    assert isinstance(thrown[0], DiceThrown)
    assert (thrown[0].roll, len(thrown[0].faces), thrown[0].cite) == ("extra", 7, "593.4(g)")


def test_593_4_h_two_more_6s_make_five_of_a_kind() -> None:
    """593.4(h): three 6s on "Six" and two additional 6s on the second throw: five-of-a-kind,
    paid at the Extra Roll (Second Roll) odds, 2 to 1 (593.5(d)). Second throw completed
    with 1, 2, 3, 4 and 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "like_kind:6")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, THREE_SIXES)
    events = throw_and_call(rnd, (6, 6, 1, 2, 3, 4, 5))
    extra = of_type(events, ExtraRollCalled)[0]
    assert (extra.additional, extra.total, extra.cite) == (2, 5, "593.4(h)")
    result = settled(rnd)
    assert result["like_kind:5"].won == FIVE * 2
    assert result["like_kind:5"].cite == "593.5(d)"
    assert result["like_kind:6"].outcome is Outcome.LOSE
    assert result["like_kind:6"].cite == "593.4(h)"


def test_593_4_h_four_of_a_kind_not_paid_again_on_extra_roll() -> None:
    """593.4(h): a winning Like Kind wager on the four-of-a-kind and no additional matching
    dice on the second roll: "the player may not be paid out for the four-of-a-kind for the
    Extra Roll Wager". The six other dice come back with no 5."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:five")
    bet(rnd, 1, "like_kind:4")
    bet(rnd, 1, "like_kind:5")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, FOUR_FIVES)
    events = throw_and_call(rnd, (1, 2, 3, 4, 6, 6))
    assert of_type(events, ExtraRollCalled)[0].total == 4
    four = [e for e in rnd.events if isinstance(e, WagerSettled) and e.spot == "like_kind:4"]
    assert len(four) == 1
    assert four[0].won == FIVE * 1
    assert four[0].cite == "593.5(b)"
    assert settled(rnd)["like_kind:5"].outcome is Outcome.LOSE


# --- 593.4(b)-(c): throw irregularities ------------------------------------------------------
@pytest.mark.parametrize(
    ("irregularity", "cite"),
    [
        (Irregularity.DIE_OFF_TABLE, "593.4(b)"),
        (Irregularity.DIE_ON_ANOTHER_DIE, "593.4(b)"),
        (Irregularity.DIE_RESTING_ON_SEVERAL_SIDES, "593.4(c)"),
    ],
)
def test_593_4_b_c_invalid_or_void_throw_is_thrown_again(
    irregularity: Irregularity, cite: str
) -> None:
    """593.4(b)-(c): a die off the table or on another die makes the roll invalid; a die
    resting on more than one side voids it; the dice are thrown again and only the new
    throw counts."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(2,) * 10), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=irregularity), DEALER)
    assert isinstance(events[0], ThrowInvalidated)
    assert events[0].cite == cite
    throw_and_call(rnd, FOUR_FIVES)
    assert settled(rnd)["pip_street:two"].outcome is Outcome.LOSE


def test_593_4_c_cocked_die_counts_the_opposite_side() -> None:
    """593.4(c): a die cocked on a stack of chips counts the side directly opposite the side
    resting on the chips: resting on its ace, it counts as a 6, making four 6s."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:six")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(1, 1, 1, 6, 6, 6, 5, 5, 4, 1)), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.COCKED_DIE, die=9, resting_face=1), DEALER
    )
    assert isinstance(events[0], DieCorrected)
    assert (events[0].face, events[0].cite) == (6, "593.4(c)")
    called = of_type(rnd.handle(CallResult(), DEALER), ResultCalled)[0]
    assert (called.face, called.count) == (6, 4)


# --- 593.5: every paytable row --------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "odds"),
    [
        (2, Fraction(6, 1)),  # Two 6 to 1
        (3, Fraction(6, 1)),  # Three 6 to 1
        (4, Fraction(5, 1)),  # Four 5 to 1
        (5, Fraction(4, 1)),  # Five 4 to 1
        (6, Fraction(4, 1)),  # Six 4 to 1
        (1, Fraction(3, 1)),  # One/ace 3 to 1
    ],
)
def test_593_5_a_pip_street_odds(face: int, odds: Fraction) -> None:
    """593.5(a): Pip Street odds. Five of ``face`` and one die of each other face."""
    rnd = open_round()
    spot = f"pip_street:{NAMES[face]}"
    bet(rnd, 1, spot)
    first_roll(rnd, (face,) * 5 + tuple(f for f in range(1, 7) if f != face))
    win = settled(rnd)[spot]
    assert win.won == FIVE * odds
    assert win.cite == "593.5(a)"


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
def test_593_5_b_like_kind_odds(circle: int, faces: tuple[int, ...], odds: Fraction) -> None:
    """593.5(b): Like Kind odds on the first roll."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, f"like_kind:{circle}")
    first_roll(rnd, faces)
    win = settled(rnd)[f"like_kind:{circle}"]
    assert win.won == FIVE * odds
    assert win.cite == "593.5(b)"


@pytest.mark.parametrize(
    ("circle", "faces", "prize"),
    [
        (10, (2,) * 10, 100_000_000),  # Ten-of-a-kind $1,000,000
        (9, (2,) * 9 + (1,), 5_000_000),  # Nine-of-a-kind $50,000
    ],
)
def test_593_5_c_millionaire_row_prizes(circle: int, faces: tuple[int, ...], prize: int) -> None:
    """593.5(c): Millionaire Row: ten of a kind $1,000,000, nine $50,000, on a $1 wager."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, f"millionaire_row:{circle}", ONE_DOLLAR)
    first_roll(rnd, faces)
    win = settled(rnd)[f"millionaire_row:{circle}"]
    assert win.won == prize
    assert win.cite == "593.5(c)"


# Two aces, two 6s, two 5s, two 4s, a 3 and a 2: two of a kind, the aces rank highest.
TWO_ACES = (1, 1, 6, 6, 5, 5, 4, 4, 3, 2)


@pytest.mark.parametrize(
    ("final", "odds"),
    [
        (8, Fraction(50, 1)),  # Eight-of-a-kind 50 to 1
        (7, Fraction(10, 1)),  # Seven-of-a-kind 10 to 1
        (6, Fraction(4, 1)),  # Six-of-a-kind 4 to 1
        (5, Fraction(2, 1)),  # Five-of-a-kind 2 to 1
        (4, Fraction(1, 1)),  # Four-of-a-kind 1 to 1
        (3, Fraction(8, 1)),  # Three-of-a-kind 8 to 1 (675a.5(d) says 6 to 1)
    ],
)
def test_593_5_d_extra_roll_odds(final: int, odds: Fraction) -> None:
    """593.5(d): Extra Roll (Second Roll) odds by the final count; three of a kind pays 8
    to 1. First roll two aces; the eight other dice come back with ``final - 2`` aces."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:ace")
    bet(rnd, 1, f"like_kind:{final}")
    bet(rnd, 1, "extra_roll")
    first_roll(rnd, TWO_ACES)
    aces = final - 2
    events = throw_and_call(rnd, (1,) * aces + (2, 3, 4, 5, 6, 2, 3, 4)[: 8 - aces])
    assert of_type(events, ExtraRollCalled)[0].total == final
    win = settled(rnd)[f"like_kind:{final}"]
    assert win.won == FIVE * odds
    assert win.cite == "593.5(d)"


# --- ch. 593 authorizes no aggregate payout limit -------------------------------------------
def test_593_5_no_aggregate_payout_limit() -> None:
    """593.5: the 2014 payout odds carry no aggregate payout limit (unlike 675a.5(e)); a
    Rules Submission for ch. 593 naming one is refused."""
    text = """
game = "high-roll-dice"
variant = "ten_dice_2014"
payout_limit = 5000000
"""
    with pytest.raises(RulesSubmissionError) as info:
        load_text(text)
    assert "593" in str(info.value)
    rules = load_text(text.replace("payout_limit = 5000000", ""))
    assert isinstance(rules, HighRollDiceRules)
    assert rules.payout_limit is None


# --- refused input --------------------------------------------------------------------------
def test_593_1_b_2_iv_equal_value() -> None:
    """593.1(b)(2)(iv): all Pip Street, Like Kind Boulevard and Extra Roll Wagers must be of
    equal value (593.2(e)(2)-(3))."""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    assert refused(rnd, PlaceWager(seat=1, spot="pip_street:six", amount=1000), 1).cite == (
        "593.1(b)(2)(iv)"
    )
    assert refused(rnd, PlaceWager(seat=1, spot="like_kind:4", amount=1000), 1).cite == (
        "593.2(e)(2)"
    )
    bet(rnd, 1, "like_kind:4")
    assert refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=1000), 1).cite == (
        "593.2(e)(3)"
    )


def test_593_2_e_2_3_order_of_wagers() -> None:
    """593.2(e)(2)-(3): Like Kind only after a Pip Street Wager; an Extra Roll Wager only
    with a Like Kind Boulevard Wager."""
    rnd = open_round()
    assert refused(rnd, PlaceWager(seat=1, spot="like_kind:4", amount=FIVE), 1).cite == (
        "593.2(e)(2)"
    )
    bet(rnd, 1, "pip_street:two")
    assert refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=FIVE), 1).cite == (
        "593.2(e)(3)"
    )


def test_593_2_e_4_millionaire_row_over_one_dollar_refused() -> None:
    """593.2(e)(4): "The Millionaire Row Wager may not be more than $1.\""""
    rnd = open_round()
    bet(rnd, 1, "pip_street:two")
    error = refused(rnd, PlaceWager(seat=1, spot="millionaire_row:9", amount=101), 1)
    assert error.cite == "593.2(e)(4)"


def test_593_2_a_c_before_the_shake_and_seated_only() -> None:
    """593.2(a): all wagers before the dice are shaken; 593.2(c): only seated players."""
    rnd = open_round({1: "a", 2: "b"})
    assert refused(rnd, PlaceWager(seat=4, spot="pip_street:two", amount=FIVE), 4).cite == (
        "593.2(c)"
    )
    assert refused(rnd, PlaceWager(seat=2, spot="pip_street:two", amount=FIVE), 1).cite == (
        "593.2(c)"
    )
    bet(rnd, 1, "pip_street:two")
    bet(rnd, 1, "like_kind:4")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, PlaceWager(seat=2, spot="pip_street:two", amount=FIVE), 2).cite == (
        "593.2(a)"
    )
    # The lock-out of Extra Roll Wagers after "no more bets" is also 593.1(c)(2).
    assert refused(rnd, PlaceWager(seat=1, spot="extra_roll", amount=FIVE), 1).cite in {
        "593.2(a)",
        "593.1(c)(2)",
    }
