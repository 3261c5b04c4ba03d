"""58 Pa. Code ch. 625a, Sic Bo, worked by hand.

The chapter's text is not in the seeds: the sections are those the 2011 preamble
describes (625a.1 the layout and sign, 625a.2 three dice, 625a.3 the wagers, 625a.5 the
round, 625a.6 payment, 625a.7 irregularities; docs/interpretations.md, Sic Bo). The odds
are typed here from ../shared/games/craps-and-sic-bo.md, never taken from croupier's
constants. Wagers are in cents: 1_000 is $10.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from croupier.engine import DEALER, Outcome, RoundCompleted, RoundVoided, WagerSettled
from croupier.errors import IllegalCommand, RulesSubmissionError
from croupier.game import Viewer
from croupier.games.sic_bo import (
    AnnounceNoMoreBets,
    CallResult,
    CorrectResult,
    DeclareIrregularity,
    DiceThrown,
    Irregularity,
    PlaceWager,
    ResultCorrected,
    ResultShown,
    SettleWagers,
    ShakeVoided,
    SicBoRound,
    ThrowDice,
    VoidRound,
    all_spots,
)
from croupier.games.sic_bo.policy import SPEC
from croupier.registry import load, load_text, rules_from_data
from croupier.rng import SeededRng
from croupier.rules.sic_bo import SicBoRules, paytable_keys

TEN = 1_000
"""$10, in cents."""
EXAMPLE = Path(__file__).parents[2] / "examples" / "rules" / "sic-bo.toml"


# --- helpers -----------------------------------------------------------------------------
def open_round(seats: dict[int, str] | None = None, **rules: Any) -> SicBoRound:
    """A round whose dealer enters the reading of a manual shaker's dice."""
    return SicBoRound.open(
        SicBoRules(**rules),
        table_id="T1",
        round_id="R1",
        seats=seats or {1: "ann"},
        rng=SeededRng(0),
        physical_dice=True,
    )


def bet(rnd: SicBoRound, spot: str, amount: Any = TEN, seat: int = 1) -> None:
    rnd.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)


def shake(rnd: SicBoRound, faces: tuple[int, int, int]) -> None:
    """No more bets, and the reading ``faces``, shown on the layout."""
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=faces), DEALER)
    rnd.handle(CallResult(), DEALER)


def play(
    faces: tuple[int, int, int], wagers: dict[str, int], **rules: Any
) -> dict[str, WagerSettled]:
    """One seat's ``wagers`` (spot -> cents) on a shake of ``faces``, settled: by spot."""
    rnd = open_round(**rules)
    for spot, amount in wagers.items():
        bet(rnd, spot, amount)
    shake(rnd, faces)
    rnd.handle(SettleWagers(), DEALER)
    assert rnd.finished
    settled = {e.spot: e for e in rnd.events if isinstance(e, WagerSettled)}
    assert len(settled) == len(wagers)
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events
    return settled


def refused(rnd: SicBoRound, command: Any, actor: Any) -> IllegalCommand:
    """Send a command that must be refused; prove the round did not change."""
    before, view = list(rnd.events), rnd.view(None)
    with pytest.raises(IllegalCommand) as info:
        rnd.handle(command, actor)
    assert rnd.events == before and rnd.view(None) == view
    assert info.value.cite and str(info.value).endswith(f"({info.value.cite})")
    return info.value


def won(settled: WagerSettled) -> int:
    assert settled.outcome is Outcome.WIN and settled.returned == settled.amount
    return settled.won


def lost(settled: WagerSettled) -> bool:
    return settled.outcome is Outcome.LOSE and settled.returned == settled.won == 0


# --- 625a.3: the layout's wagers -------------------------------------------------------------
def test_625a_3_the_layout_has_every_wager() -> None:
    """Small, Big, six Three of a Kind, Any Three of a Kind, six Two of a Kind, fourteen
    totals 4 to 17, fifteen combinations and six One of a Kind: 2+6+1+6+14+15+6 = 50."""
    spots = all_spots()
    assert len(spots) == len(set(spots)) == 50
    assert "total:3" not in spots and "total:18" not in spots
    assert {"total:4", "total:17", "combination:1-2", "combination:5-6"} <= set(spots)
    assert "combination:2-1" not in spots and "combination:3-3" not in spots


def test_625a_3_total_value_ten_pays_its_odds() -> None:
    """$10 on total:10, dice 2-3-5 (2+3+5 = 10): 6 to 1 pays $60 (table ``low``)."""
    assert won(play((2, 3, 5), {"total:10": TEN})["total:10"]) == 6_000


@pytest.mark.parametrize(
    ("faces", "expected"),
    [((4, 1, 2), 1_000), ((4, 4, 2), 2_000), ((4, 4, 4), 3_000)],
    ids=["one die: 1 to 1", "two dice: 2 to 1", "three dice: 3 to 1"],
)
def test_625a_3_one_of_a_kind_pays_per_die(faces: tuple[int, int, int], expected: int) -> None:
    """$10 on one_of_a_kind:4: one 4 pays $10, two pay $20, three pay $30."""
    result = play(faces, {"one_of_a_kind:4": TEN})
    assert won(result["one_of_a_kind:4"]) == expected
    assert result["one_of_a_kind:4"].odds == expected // TEN


def test_625a_3_one_of_a_kind_loses_without_its_number() -> None:
    assert lost(play((1, 2, 3), {"one_of_a_kind:4": TEN})["one_of_a_kind:4"])


def test_625a_3_small_and_big_lose_on_any_triple() -> None:
    """3-3-3 totals 9, a Small total, and 5-5-5 totals 15, a Big total: both lose, as
    three of a kind; 1-2-3 (6) wins Small and 6-6-5 (17) wins Big, 1 to 1."""
    triple_small = play((3, 3, 3), {"small": TEN, "big": TEN})
    assert lost(triple_small["small"]) and lost(triple_small["big"])
    assert lost(play((5, 5, 5), {"big": TEN})["big"])
    assert won(play((1, 2, 3), {"small": TEN})["small"]) == TEN
    assert won(play((6, 6, 5), {"big": TEN})["big"]) == TEN
    # The edges of the ranges: 10 is Small, 11 is Big.
    edge = play((4, 4, 2), {"small": TEN, "big": TEN})
    assert won(edge["small"]) == TEN and lost(edge["big"])
    edge = play((5, 4, 2), {"small": TEN, "big": TEN})
    assert lost(edge["small"]) and won(edge["big"]) == TEN


def test_625a_3_two_of_a_kind_on_a_triple_is_a_choice() -> None:
    """6-6-6 with $10 on two_of_a_kind:6: wins 8 to 1 ($80) by default, loses when the
    Rules Submission says a triple is not two of a kind; 6-6-1 wins either way."""
    assert won(play((6, 6, 6), {"two_of_a_kind:6": TEN})["two_of_a_kind:6"]) == 8_000
    strict = play((6, 6, 6), {"two_of_a_kind:6": TEN}, two_of_a_kind_on_triple=False)
    assert lost(strict["two_of_a_kind:6"])
    strict = play((6, 1, 6), {"two_of_a_kind:6": TEN}, two_of_a_kind_on_triple=False)
    assert won(strict["two_of_a_kind:6"]) == 8_000


def test_625a_3_triples_combinations_and_totals_on_one_shake() -> None:
    """2-2-2: three_of_a_kind:2 150 to 1 ($1,500), any triple 24 to 1 ($240), total:6 14
    to 1 ($140); three_of_a_kind:3 and combination:1-2 lose. 1-2-2: combination:1-2 5 to
    1 ($50), total:5 18 to 1 ($180)."""
    wagers = {
        "three_of_a_kind:2": TEN,
        "three_of_a_kind:3": TEN,
        "any_three_of_a_kind": TEN,
        "total:6": TEN,
        "combination:1-2": TEN,
    }
    result = play((2, 2, 2), wagers)
    assert won(result["three_of_a_kind:2"]) == 150_000
    assert won(result["any_three_of_a_kind"]) == 24_000
    assert won(result["total:6"]) == 14_000
    assert lost(result["three_of_a_kind:3"]) and lost(result["combination:1-2"])
    result = play((2, 1, 2), {"combination:1-2": TEN, "total:5": TEN})
    assert won(result["combination:1-2"]) == 5_000
    assert won(result["total:5"]) == 18_000


# --- the paytables (625a.6; posted, 625a.1) ---------------------------------------------------
# Each row typed from craps-and-sic-bo.md: specific triple 150/180, any triple 24/30,
# specific double 8/10/11, combination 5/6, totals 4&17 50/60, 5&16 18/30, 6&15 14/17/18,
# 7&14 12, 8&13 8, 9&12 6/7, 10&11 6.
TABLES: dict[str, dict[str, int]] = {
    "low": {"triple": 150, "any": 24, "double": 8, "combo": 5},
    "middle": {"triple": 150, "any": 24, "double": 10, "combo": 6},
    "high": {"triple": 180, "any": 30, "double": 11, "combo": 6},
}
TOTALS: dict[str, dict[int, int]] = {
    "low": {4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6},
    "middle": {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6},
    "high": {4: 60, 5: 30, 6: 18, 7: 12, 8: 8, 9: 7, 10: 6},
}
SHAKES: dict[int, tuple[int, int, int]] = {
    4: (1, 1, 2),
    5: (1, 2, 2),
    6: (1, 2, 3),
    7: (1, 2, 4),
    8: (1, 3, 4),
    9: (1, 2, 6),
    10: (1, 3, 6),
}
"""A shake of each total 4 to 10; 7 minus each face gives its mirror, 21 minus it."""


@pytest.mark.parametrize("name", sorted(TABLES))
def test_625a_6_each_named_paytable(name: str) -> None:
    """$10 on each wager, paid at the named table's odds; a total and its mirror (4 and
    17, ..., 10 and 11) pay alike."""
    table = TABLES[name]
    result = play(
        (1, 1, 1),
        {"three_of_a_kind:1": TEN, "any_three_of_a_kind": TEN, "two_of_a_kind:1": TEN},
        paytable=name,
    )
    assert won(result["three_of_a_kind:1"]) == table["triple"] * TEN
    assert won(result["any_three_of_a_kind"]) == table["any"] * TEN
    assert won(result["two_of_a_kind:1"]) == table["double"] * TEN
    combination = play((3, 5, 1), {"combination:3-5": TEN}, paytable=name)
    assert won(combination["combination:3-5"]) == table["combo"] * TEN
    for total, faces in SHAKES.items():
        a, b, c = faces
        mirror = (7 - a, 7 - b, 7 - c)
        for spot, dice in ((f"total:{total}", faces), (f"total:{21 - total}", mirror)):
            assert won(play(dice, {spot: TEN}, paytable=name)[spot]) == TOTALS[name][total] * TEN


def custom_rows(**changes: str) -> dict[str, str]:
    rows = dict.fromkeys(paytable_keys(), "1 to 1")
    return {**rows, **changes}


def test_625a_6_a_custom_paytable_written_out_in_full() -> None:
    """The example submission's own table: total:10 at "6 to 1"; a table with total:10 at
    "7 to 2" pays $10 * 7/2 = $35; the odds are stored as "N to M"."""
    rules = load(EXAMPLE)
    assert isinstance(rules, SicBoRules)
    assert rules.odds.totals[10] == 6
    result = play(
        (4, 4, 2),
        {"total:10": TEN},
        paytable="custom",
        custom_paytable=custom_rows(**{"total:10": "7/2"}),
    )
    assert won(result["total:10"]) == 3_500
    stored = rules_from_data(
        {"game": "sic-bo", "paytable": "custom", "custom_paytable": custom_rows(small="2/1")}
    )
    assert isinstance(stored, SicBoRules) and stored.custom_paytable is not None
    assert stored.custom_paytable["small"] == "2 to 1"


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({k: v for k, v in custom_rows().items() if k != "total:7"}, "missing total:7"),
        ({**custom_rows(), "odd": "1 to 1"}, "unknown odd"),
        (custom_rows(big="0 to 1"), "more than zero"),
        (custom_rows(big="-1 to 1"), "more than zero"),
        (custom_rows(big="lots"), "is not odds"),
        (custom_rows(big="1 to 0"), "is not odds"),
        ({**custom_rows(), "big": 2}, "written as text"),
    ],
    ids=["missing", "unknown", "zero", "negative", "words", "divide-by-zero", "number"],
)
def test_625a_6_a_bad_custom_paytable_is_refused(table: dict[str, Any], words: str) -> None:
    data = {"game": "sic-bo", "paytable": "custom", "custom_paytable": table}
    with pytest.raises(RulesSubmissionError) as info:
        rules_from_data(data)
    assert info.value.cite == "625a.6"
    assert words in str(info.value)


def test_625a_6_a_custom_paytable_needs_paytable_custom() -> None:
    for data in (
        {"game": "sic-bo", "paytable": "custom"},
        {"game": "sic-bo", "paytable": "low", "custom_paytable": custom_rows()},
    ):
        with pytest.raises(RulesSubmissionError) as info:
            rules_from_data(data)
        assert info.value.cite == "625a.6"


def test_601a_2_table_limits_and_positions_are_checked() -> None:
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "sic-bo"\nminimum_wager = 1000\nmaximum_wager = 500\n')
    assert info.value.cite == "601a.2"
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "sic-bo"\npositions = 0\n')
    assert info.value.cite == "625a.1"
    with pytest.raises(RulesSubmissionError) as info:
        open_round({4: "ann"}, positions=3)
    assert info.value.cite == "625a.1"


# --- wagers refused (625a.3, 625a.5) ----------------------------------------------------------
@pytest.mark.parametrize(
    "spot",
    [
        "total:3",
        "total:18",
        "three_of_a_kind:0",
        "two_of_a_kind:7",
        "one_of_a_kind:0",
        "combination:3-3",
        "combination:4-2",
        "combination:0-1",
        "odd",
    ],
)
def test_625a_3_a_spot_not_on_the_layout_is_refused(spot: str) -> None:
    error = refused(open_round(), PlaceWager(seat=1, spot=spot, amount=TEN), 1)
    assert error.cite == "625a.3"


def test_625a_3_amounts_within_the_table_limits() -> None:
    """Limits $5 to $100 a wager: $4.99 is refused, $100 taken; then $1 more on the same
    spot is refused (the spot holds $100), while $50 and $50 on another spot add up to
    $100 and are taken. Amounts are whole cents, never a bool or a float."""
    rnd = open_round(minimum_wager=500, maximum_wager=10_000)
    assert refused(rnd, PlaceWager(seat=1, spot="small", amount=499), 1).cite == "625a.3"
    for odd in (True, 500.0, "500", 0, -500):
        refused(rnd, PlaceWager(seat=1, spot="small", amount=odd), 1)
    bet(rnd, "small", 10_000)
    refused(rnd, PlaceWager(seat=1, spot="small", amount=500), 1)
    bet(rnd, "big", 5_000)
    bet(rnd, "big", 5_000)
    assert rnd.state.wagers == {1: {"small": 10_000, "big": 10_000}}
    offered = rnd.legal_commands(1)
    assert all("small" not in legal.spots and "big" not in legal.spots for legal in offered)
    assert {legal.min_amount for legal in offered} == {500}
    assert {legal.max_amount for legal in offered} == {10_000}
    assert sum(len(legal.spots) for legal in offered) == 48


def test_625a_5_no_wager_after_no_more_bets() -> None:
    rnd = open_round()
    bet(rnd, "small")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, PlaceWager(seat=1, spot="big", amount=TEN), 1).cite == "625a.5"
    assert rnd.legal_commands(1) == []


def test_625a_3_only_a_seated_player_wagers_for_his_own_seat() -> None:
    rnd = open_round({1: "ann", 2: "bo"})
    refused(rnd, PlaceWager(seat=2, spot="small", amount=TEN), 1)
    refused(rnd, PlaceWager(seat=3, spot="small", amount=TEN), 3)
    refused(rnd, PlaceWager(seat=1, spot="small", amount=TEN), DEALER)
    refused(rnd, AnnounceNoMoreBets(), DEALER)  # nobody has wagered
    refused(rnd, AnnounceNoMoreBets(), 1)


# --- the shake and the reading (625a.2, 625a.5) ----------------------------------------------
@pytest.mark.parametrize(
    "faces",
    [(1, 2), (1, 2, 3, 4), (0, 2, 3), (1, 2, 7), (True, 2, 3), (1.0, 2, 3), ("1", 2, 3)],
    ids=["two", "four", "zero", "seven", "bool", "float", "text"],
)
def test_625a_2_a_reading_is_three_faces(faces: tuple[Any, ...]) -> None:
    rnd = open_round()
    bet(rnd, "small")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, ThrowDice(faces=faces), DEALER).cite == "625a.2"


def test_625a_2_a_bad_reading_is_told_in_words() -> None:
    """The refusal writes the reading as entered, in words (no list or tuple written as
    Python would): 1, 2 and 7; text and booleans as JSON writes them."""
    rnd = open_round()
    bet(rnd, "small")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    for faces, shown in [
        ((1, 2, 7), "not 1, 2 and 7 (625a.2)"),
        (("1", 2, 3), 'not "1", 2 and 3 (625a.2)'),
        ((True, 2), "not true and 2 (625a.2)"),
        ((), "not an empty reading (625a.2)"),
    ]:
        assert str(refused(rnd, ThrowDice(faces=faces), DEALER)).endswith(shown)
    shake_ = rnd.handle(ThrowDice(faces=(1, 1, 2)), DEALER)
    assert shake_[0].faces == (1, 1, 2)
    rnd.handle(CallResult(), DEALER)
    same = refused(rnd, CorrectResult(faces=(1, 1, 2)), DEALER)
    assert str(same) == (
        "the result shown is 1, 1 and 2 already: there is nothing to correct (625a.7)"
    )


def test_625a_5_the_result_is_shown_to_everyone_with_its_winning_areas() -> None:
    """1-3-3 lights small, two_of_a_kind:3, total:7, combination:1-3, one_of_a_kind:1 and
    one_of_a_kind:3, and nothing else; every view shows it."""
    rnd = open_round({1: "ann", 2: "bo"})
    bet(rnd, "small")
    shake(rnd, (1, 3, 3))
    shown = [e for e in rnd.events if isinstance(e, ResultShown)]
    assert len(shown) == 1 and shown[0].faces == (1, 3, 3) and shown[0].total == 7
    lit = ("small", "two_of_a_kind:3", "total:7", "combination:1-3")
    assert shown[0].winning == (*lit, "one_of_a_kind:1", "one_of_a_kind:3")
    views = [rnd.view(viewer) for viewer in (None, DEALER, 1, 2)]
    for view in views:
        assert view["dice"] == [1, 3, 3] and view["total"] == 7
        assert view["winning"] == list(shown[0].winning)
    assert SPEC.policy.hidden(shown[0], Viewer()) == {}


def test_625a_6_settlement_seat_by_seat_in_layout_order() -> None:
    """The highest seat first; each seat's wagers in the layout's order."""
    rnd = open_round({1: "ann", 3: "cy"})
    bet(rnd, "total:9", seat=1)
    bet(rnd, "small", seat=1)
    bet(rnd, "big", seat=3)
    shake(rnd, (2, 3, 4))
    events = rnd.handle(SettleWagers(), DEALER)
    order = [(e.seat, e.spot) for e in events if isinstance(e, WagerSettled)]
    assert order == [(3, "big"), (1, "small"), (1, "total:9")]
    assert isinstance(events[-1], RoundCompleted)


def test_the_rng_table_shakes_shows_and_settles_by_itself() -> None:
    """With the automated shaker, "no more bets" is followed by the RNG's shake, the
    result and the settlement, taken by the table's policy; no reading is taken."""
    rules = SicBoRules()
    rnd = SicBoRound.open(rules, table_id="T", round_id="R", seats={1: "ann"}, rng=SeededRng(3))
    bet(rnd, "small")
    refused(rnd, ThrowDice(faces=(1, 2, 3)), DEALER)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    refused(rnd, ThrowDice(faces=(1, 2, 3)), DEALER)
    SPEC.policy.run_dealer_steps(rnd)
    assert rnd.finished
    thrown = [e for e in rnd.events if isinstance(e, DiceThrown)]
    assert len(thrown) == 1 and thrown[0].source == "rng"
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events


def test_the_rng_table_has_no_irregularities() -> None:
    rnd = SicBoRound.open(
        SicBoRules(), table_id="T", round_id="R", seats={1: "ann"}, rng=SeededRng(3)
    )
    bet(rnd, "small")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(), DEALER)
    error = refused(rnd, DeclareIrregularity(irregularity=Irregularity.DIE_NOT_FLAT), DEALER)
    assert error.cite == "625a.7"
    rnd.handle(CallResult(), DEALER)
    refused(rnd, CorrectResult(faces=(1, 1, 1)), DEALER)


# --- irregularities (625a.7) ---------------------------------------------------------------
@pytest.mark.parametrize("irregularity", list(Irregularity))
def test_625a_7_no_roll_and_a_reshake(irregularity: Irregularity) -> None:
    """The shake on display is declared no roll: nothing is settled on it, the dice are
    shaken again, and the round settles on the second shake (4-5-6 = 15: Big wins)."""
    rnd = open_round()
    bet(rnd, "big")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ThrowDice(faces=(1, 1, 2)), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=irregularity), DEALER)
    assert [type(e) for e in events] == [ShakeVoided] and events[0].cite == "625a.7"
    assert rnd.view(None)["dice"] == []
    refused(rnd, CallResult(), DEALER)
    rnd.handle(ThrowDice(faces=(4, 5, 6)), DEALER)
    rnd.handle(CallResult(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    settled = [e for e in rnd.events if isinstance(e, WagerSettled)]
    assert len(settled) == 1 and won(settled[0]) == TEN
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events


def test_625a_7_a_wrong_result_lit_is_corrected_before_settlement() -> None:
    """The dealer entered 1-1-2 (total 4) for dice lying 6-6-5 (total 17): corrected,
    total:17 wins 50 to 1 ($500) and total:4 loses."""
    rnd = open_round()
    bet(rnd, "total:4")
    bet(rnd, "total:17")
    shake(rnd, (1, 1, 2))
    refused(rnd, CorrectResult(faces=(1, 1, 2)), DEALER)  # the same result: nothing to correct
    refused(rnd, CorrectResult(faces=(6, 6, 0)), DEALER)
    refused(rnd, CorrectResult(faces=(6, 6, 5)), 1)
    events = rnd.handle(CorrectResult(faces=(6, 6, 5)), DEALER)
    assert isinstance(events[0], ResultCorrected)
    assert events[0].previous == (1, 1, 2) and events[0].total == 17
    assert "total:17" in events[0].winning and "total:4" not in events[0].winning
    assert rnd.view(None)["winning"] == list(events[0].winning)
    rnd.handle(SettleWagers(), DEALER)
    settled = {e.spot: e for e in rnd.events if isinstance(e, WagerSettled)}
    assert won(settled["total:17"]) == 50_000 and lost(settled["total:4"])
    refused(rnd, CorrectResult(faces=(1, 2, 3)), DEALER)  # settled: too late
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events


def test_625a_7_no_irregularity_outside_its_moment() -> None:
    rnd = open_round()
    bet(rnd, "small")
    refused(rnd, DeclareIrregularity(irregularity=Irregularity.SHAKER_FAULT), DEALER)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    refused(rnd, DeclareIrregularity(irregularity=Irregularity.SHAKER_FAULT), DEALER)
    refused(rnd, CorrectResult(faces=(1, 2, 3)), DEALER)
    rnd.handle(ThrowDice(faces=(1, 2, 3)), DEALER)
    refused(rnd, DeclareIrregularity(irregularity=Irregularity.SHAKER_FAULT), 1)
    rnd.handle(CallResult(), DEALER)
    refused(rnd, DeclareIrregularity(irregularity=Irregularity.SHAKER_FAULT), DEALER)


# --- voiding ----------------------------------------------------------------------------------
def test_a_round_is_voided_only_before_the_shake() -> None:
    rnd = open_round()
    bet(rnd, "small")
    bet(rnd, "total:9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    refused(rnd, VoidRound(reason="table closed"), 1)
    events = rnd.handle(VoidRound(reason="table closed"), DEALER)
    assert isinstance(events[0], RoundVoided)
    returned = [e for e in events if isinstance(e, WagerSettled)]
    assert [(e.spot, e.outcome, e.returned) for e in returned] == [
        ("small", Outcome.VOID, TEN),
        ("total:9", Outcome.VOID, TEN),
    ]
    late = open_round()
    bet(late, "small")
    late.handle(AnnounceNoMoreBets(), DEALER)
    late.handle(ThrowDice(faces=(1, 2, 3)), DEALER)
    assert refused(late, VoidRound(reason="x"), DEALER).cite == "interpretations:void-round"


# --- the sign (625a.1) -------------------------------------------------------------------------
def test_625a_1_the_sign_posts_every_wager_at_its_odds() -> None:
    from croupier.registry import sign_for
    from croupier.signs import sign_text

    text = sign_text(sign_for(SicBoRules(paytable="high", two_of_a_kind_on_triple=False)))
    assert "Sic Bo (58 Pa. Code ch. 625a), paytable high" in text
    for odds in ("180 to 1", "30 to 1", "11 to 1", "60 to 1", "7 to 1", "3 to 1"):
        assert odds in text
    assert "loses on three" in text
    assert "Table limits: $5 minimum, $5,000 maximum per wager" in text


# --- random rounds with a manual shaker, irregularities included --------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_random_manual_rounds_replay_and_settle_by_the_result_shown(seed: int) -> None:
    """Random wagers, shakes declared no roll and results corrected: every round replays
    from its JSON, and every wager is settled by the last result shown (the odds of the
    paytable ``high`` for a winning spot lit, nothing for a spot not lit)."""
    pick = random.Random(seed)
    rnd = open_round({1: "ann", 2: "bo", 4: "cy"}, paytable="high")
    for _ in range(pick.randint(1, 12)):
        seat = pick.choice([1, 2, 4])
        bet(rnd, pick.choice(all_spots()), pick.choice([500, 1_000, 2_500]), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)

    def faces() -> tuple[int, int, int]:
        return (pick.randint(1, 6), pick.randint(1, 6), pick.randint(1, 6))

    rnd.handle(ThrowDice(faces=faces()), DEALER)
    while pick.random() < 0.4:
        rnd.handle(DeclareIrregularity(irregularity=pick.choice(list(Irregularity))), DEALER)
        rnd.handle(ThrowDice(faces=faces()), DEALER)
    rnd.handle(CallResult(), DEALER)
    while pick.random() < 0.4:
        corrected = faces()
        if corrected != rnd.state.dice:
            rnd.handle(CorrectResult(faces=corrected), DEALER)
    lit = set(rnd.state.winning)
    final = rnd.state.dice
    rnd.handle(SettleWagers(), DEALER)
    for event in rnd.events:
        if isinstance(event, WagerSettled):
            assert (event.outcome is Outcome.WIN) == (event.spot in lit), (final, event.spot)
            if event.outcome is Outcome.WIN:
                assert event.odds is not None and event.won == event.amount * event.odds
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events and again.view(None) == rnd.view(None)


def test_625a_3_the_table_maximum_counts_what_the_seat_has_there() -> None:
    """$10 on Small, then $995 more at a $1,000 maximum: $1,005 in all is refused, and
    the message says both amounts in a sentence, naming the spot as the layout does; $4
    on Total 10 is below the $5 minimum."""
    rnd = open_round(maximum_wager=100_000)
    bet(rnd, "small", 1_000)
    error = refused(rnd, PlaceWager(seat=1, spot="small", amount=99_500), 1)
    assert error.reason == (
        "a wager on Small may be at most the table maximum of $1,000 in all: $995 is too "
        "much, and seat 1 has $10 there already"
    )
    error = refused(rnd, PlaceWager(seat=1, spot="total:10", amount=400), 1)
    assert error.reason == "a wager on Total 10 must be at least the table minimum of $5, not $4"


def test_a_rules_submission_naming_no_game_says_so() -> None:
    with pytest.raises(RulesSubmissionError, match="the Rules Submission names no game"):
        rules_from_data({"paytable": "low"})


# --- the table's maximum per player per round (625a.3; interpretations, Sic Bo) --------------
def test_625a_3_the_maximum_per_player_per_round() -> None:
    """Limits $5 to $100 a wager and $150 a player a round. Ann (seats 1 and 2) puts $100
    on small and $40 on big: $140; $20 more on total:10 would be $160 and is refused, $10
    is taken ($150 in all) and then nothing more, at either of her seats. Bo, at seat 3,
    still has his own $150."""
    rnd = open_round({1: "ann", 2: "ann", 3: "bo"}, maximum_wager=10_000, maximum_per_round=15_000)
    bet(rnd, "small", 10_000)
    offered = rnd.legal_commands(1)
    assert {legal.max_amount for legal in offered} == {5_000}  # $150 - $100 for every spot
    bet(rnd, "big", 4_000, seat=2)
    error = refused(rnd, PlaceWager(seat=1, spot="total:10", amount=2_000), 1)
    assert str(error) == (
        "a wager of $20 would bring the player's wagers this round to $160, over the "
        "table's maximum of $150 per player per round (625a.3)"
    )
    assert [legal.max_amount for legal in rnd.legal_commands(2)] == [1_000]
    bet(rnd, "total:10", 1_000, seat=2)
    assert rnd.legal_commands(1) == [] and rnd.legal_commands(2) == []
    refused(rnd, PlaceWager(seat=1, spot="big", amount=500), 1)
    bet(rnd, "small", 10_000, seat=3)
    bet(rnd, "big", 5_000, seat=3)
    assert rnd.legal_commands(3) == []
    assert rnd.state.wagers == {
        1: {"small": 10_000},
        2: {"big": 4_000, "total:10": 1_000},
        3: {"small": 10_000, "big": 5_000},
    }


def test_625a_3_the_maximum_per_round_is_checked_and_posted() -> None:
    from croupier.registry import sign_for
    from croupier.signs import sign_text

    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "sic-bo"\nminimum_wager = 500\nmaximum_per_round = 400\n')
    assert info.value.cite == "625a.3" and "less than the table minimum of $5" in str(info.value)
    text = " ".join(sign_text(sign_for(SicBoRules(maximum_per_round=50_000))).split())
    assert "$5 minimum, $5,000 maximum per wager, $500 in all per player per round" in text


# --- the payout limit (625a.6, as 674a.12(d) and 675a.5(e) word it) ---------------------------
def test_625a_6_a_payout_limit_per_player_per_round() -> None:
    """Limit $50,000, paytable ``low`` (a specific triple 150 to 1, any triple 24 to 1),
    dice 4-4-4. Seat 3 (ann) $300 on three_of_a_kind:4: $45,000, paid (settled first, the
    highest seat). Seat 2 (bo) $100 there: $15,000, his own limit. Seat 1 (ann again) $100
    there: $15,000 due, $5,000 left under her limit: won $5,000, withheld $10,000; and $100
    on any_three_of_a_kind: $2,400 due, all withheld. Every stake comes back."""
    rnd = open_round({1: "ann", 2: "bo", 3: "ann"}, payout_limit=5_000_000)
    bet(rnd, "three_of_a_kind:4", 30_000, seat=3)
    bet(rnd, "three_of_a_kind:4", 10_000, seat=2)
    bet(rnd, "three_of_a_kind:4", 10_000, seat=1)
    bet(rnd, "any_three_of_a_kind", 10_000, seat=1)
    shake(rnd, (4, 4, 4))
    rnd.handle(SettleWagers(), DEALER)
    settled = [
        (e.seat, e.spot, e.returned, e.won, e.withheld, e.cite)
        for e in rnd.events
        if isinstance(e, WagerSettled)
    ]
    assert settled == [
        (3, "three_of_a_kind:4", 30_000, 4_500_000, 0, "625a.6"),
        (2, "three_of_a_kind:4", 10_000, 1_500_000, 0, "625a.6"),
        (1, "three_of_a_kind:4", 10_000, 500_000, 1_000_000, "625a.6"),
        (1, "any_three_of_a_kind", 10_000, 0, 240_000, "625a.6"),
    ]
    again = SicBoRound.replay(SicBoRound.events_from_json(SicBoRound.events_to_json(rnd.events)))
    assert again.events == rnd.events


def test_625a_6_the_least_payout_limit() -> None:
    """The most one player can win betting the minimum on every spot: on 5-5-5 (or 2-2-2)
    under ``low``, three_of_a_kind:5 150 + any triple 24 + two_of_a_kind:5 8 + total:15
    14 + one_of_a_kind:5 3 = 199 units (Small and Big lose; no other total, triple or
    combination wins); at a $5 minimum $995, so the limit is at least $50,000. At a $300
    minimum, 199 x $300 = $59,700 is more than $50,000 and is the least. ``high``: 180 +
    30 + 11 + 18 + 3 = 242 units; with Two of a Kind losing on a triple, ``low`` is 191."""
    assert SicBoRules().most_won_at_minimum() == 99_500
    assert SicBoRules().least_payout_limit() == 5_000_000
    assert SicBoRules(paytable="high").most_won_at_minimum() == 242 * 500
    assert SicBoRules(two_of_a_kind_on_triple=False).most_won_at_minimum() == 191 * 500
    high_minimum = SicBoRules(minimum_wager=30_000)
    assert high_minimum.least_payout_limit() == 5_970_000
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "sic-bo"\nminimum_wager = 30_000\npayout_limit = 5_000_000\n')
    assert info.value.cite == "625a.6"
    assert "below $59,700, the greater of $50,000 and the most one player" in str(info.value)
    assert load_text('game = "sic-bo"\nminimum_wager = 30_000\npayout_limit = 5_970_000\n')
    with pytest.raises(RulesSubmissionError):
        load_text('game = "sic-bo"\npayout_limit = 4_999_999\n')


def test_625a_6_the_payout_limit_is_posted_and_checked(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from croupier.cli import app
    from croupier.registry import sign_for
    from croupier.signs import sign_text

    assert "Payout limit: $60,000 per player per round (625a.6 (inferred))" in sign_text(
        sign_for(SicBoRules(payout_limit=6_000_000))
    )
    assert "Payout limit" not in sign_text(sign_for(SicBoRules()))
    limit = tmp_path / "limit.toml"
    limit.write_text('game = "sic-bo"\npayout_limit = 6_000_000\n')
    result = CliRunner().invoke(app, ["rules", "check", str(limit)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert (
        "payout limit $60,000 per player per round: at least $50,000, the greater of "
        "$50,000 and $995, the most one player can win in a round betting the minimum "
        "(625a.6)"
    ) in result.output


def test_a_replay_says_in_words_what_differs_from_the_rules() -> None:
    """$10 on Small, a shake of 1-2-3 (6: Small wins 1 to 1, $10). A stored settlement
    altered to pay $20, or cut off before the round ends, does not replay: the reason
    names the event and the field in words, not as Python reprs of the event classes."""
    import json

    from croupier.errors import ReplayError

    rnd = open_round()
    bet(rnd, "small")
    shake(rnd, (1, 2, 3))
    rnd.handle(SettleWagers(), DEALER)
    stored = json.loads(SicBoRound.events_to_json(rnd.events))
    [at] = [n for n, e in enumerate(stored) if e["type"] == "WagerSettled"]
    assert stored[at]["won"] == TEN
    stored[at]["won"] = 2 * TEN
    with pytest.raises(ReplayError) as info:
        SicBoRound.replay(SicBoRound.events_from_json(json.dumps(stored)))
    assert info.value.reason == (
        f"event {at} is not what the rules produce: wager settled: won is $20, the rules give $10"
    )
    cut = json.loads(SicBoRound.events_to_json(rnd.events))[:-1]
    with pytest.raises(ReplayError) as info:
        SicBoRound.replay(SicBoRound.events_from_json(json.dumps(cut)))
    assert info.value.reason.endswith("it is missing: the rules go on with round completed")
    assert "WagerSettled(" not in str(info.value)
