"""Pai Gow hands and house ways (hands/paigow.py), and the Rules Submission's checks of
the dealer's way (rules/pai_gow.py)."""

from __future__ import annotations

import pytest

from croupier.errors import ImpossibleEquipment, RulesSubmissionError
from croupier.hands.paigow import (
    CASINO,
    HOUSE_WAYS,
    REGULATION,
    Result,
    departures,
    distinct_hands,
    hand_value,
    house_way,
    outcome,
    rank_hand,
    regulation_allowed,
    setting_with,
    settings,
)
from croupier.registry import load_text
from croupier.rules.pai_gow import PaiGowRules


def test_every_hand_has_three_settings_and_a_way() -> None:
    for way in HOUSE_WAYS.values():
        for hand, _ in list(distinct_hands())[::97]:
            choice = way.choose(hand)
            assert any(choice.setting.same_as(s) for s in settings(hand))


def test_outcome_is_antisymmetric_except_for_copies() -> None:
    """Swapping player and dealer turns a win into a loss; a tie stays a tie unless a
    copy hand, which the dealer wins, is involved."""
    a = setting_with(["6-6", "6-6", "4-5", "2-3"], ("6-6", "6-6"))
    b = setting_with(["1-3", "2-2", "4-6", "1-4"], ("1-3", "1-4"))
    assert outcome(a, b) is Result.TIE  # Twelves beat 9; 4 (4-5 2-3) loses to 4 (2-2 4-6)
    assert outcome(b, a) is Result.TIE
    assert outcome(a, a) is Result.LOSE  # copies on both hands


def test_casino_way_rules() -> None:
    """The casino way, worked by hand from its rules."""
    # Two pairs: play them as two hands.
    s = CASINO.set(["6-6", "6-6", "1-1", "1-1"])
    assert s.high_rank.pair == 2 and s.low_rank.pair == 3
    # Never split tens: 5-5 5-5 6-6 1-1 keeps the Tens (the 6-6 1-1 makes 4).
    s = CASINO.set(["5-5", "5-5", "6-6", "1-1"])
    assert s.high_rank.pair == 6
    # Split the Twelves with 4-5 and 2-3: a Wong and a 7 (6/8 or better).
    s = CASINO.set(["6-6", "6-6", "4-5", "2-3"])
    assert s.high_rank.pair == 17 and rank_hand(*s.low).value == 7
    # No pair, no special hand: the most points, then the low hand if a high 3 or better:
    # 1-3 2-2 4-6 1-4 makes 8/5 (13 points), 9/4 (13) or 9/4 (13); the best low is the 5.
    s = CASINO.set(["1-3", "2-2", "4-6", "1-4"])
    assert rank_hand(*s.low).value == 5 and rank_hand(*s.high).value == 8


def test_house_ways_by_name_or_rules() -> None:
    way = house_way(["supreme_pair", "pair_wong_gong", "seven_eight_nine", "highest_with_lowest"])
    assert departures(way) == []
    with pytest.raises(ValueError, match="unknown house way"):
        house_way("nevada")
    assert house_way("regulation") is REGULATION


def test_rules_submission_refuses_a_dealer_way_that_breaks_621a_10_d() -> None:
    """621a.10(d): the dealer's way must follow its four steps; the casino way splits
    pairs, so it may only set a co-bank's hand (621a.11(e))."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "pai-gow"\nhouse_way = "casino"\n')
    assert info.value.cite == "621a.10(d)"
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "pai-gow"\nhouse_way = ["max_points"]\n')
    assert info.value.cite == "621a.10(d)"
    rules = load_text(
        'game = "pai-gow"\nplayer_banking = true\nco_banking = true\nco_bank_way = "casino"\n'
    )
    assert isinstance(rules, PaiGowRules) and rules.co_bank_house_way is CASINO
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "pai-gow"\nco_banking = true\n')
    assert info.value.cite == "621a.11(e)"
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "pai-gow"\nadjacent_boxes = 7\n')
    assert info.value.cite == "621a.13(a)"


# --- tiles no set holds (#29) ----------------------------------------------------------------
SET_CITE = "621a.3(c)"


def test_rank_hand_refuses_two_of_a_tile_the_set_holds_once() -> None:
    """621a.4(f): a set holds one Six (2-4); "2-4 2-4" is no hand (it was ranked)."""
    with pytest.raises(ImpossibleEquipment) as refused:
        rank_hand("2-4", "2-4")
    assert refused.value.cite == SET_CITE
    assert str(refused.value) == (
        "a set of 32 tiles holds one Six (2-4), so no hand has two of it: 2-4 2-4 is not "
        "tiles of one set (621a.3(c))"
    )
    with pytest.raises(ImpossibleEquipment):
        hand_value("1-2", "1-2")


def test_setting_with_refuses_three_of_a_tile_the_set_holds_twice() -> None:
    """621a.4(f): a set holds two Two (1-1) tiles; four tiles with three of them come from no
    set (setting_with accepted them). Every function given four tiles refuses them."""
    three = ["1-1", "1-1", "1-1", "6-6"]
    with pytest.raises(ImpossibleEquipment) as refused:
        setting_with(three, ["1-1", "1-1"])
    assert str(refused.value) == (
        "a set of 32 tiles holds two Two (1-1), so no hand has three of it: 1-1 1-1 1-1 6-6 "
        "is not tiles of one set (621a.3(c))"
    )
    for choose in (settings, REGULATION.choose, regulation_allowed):
        with pytest.raises(ImpossibleEquipment) as again:
            choose(three)
        assert again.value.cite == SET_CITE
    with pytest.raises(ImpossibleEquipment, match="holds one Nine"):
        settings(["3-6", "3-6", "1-1", "6-6"])


def test_tiles_a_set_holds_are_still_set() -> None:
    """621a.4(a): two Two (1-1) tiles (a set holds two) are the third-ranking pair, two
    Twelves (6-6) the second; the 2-4 and the 1-2 together are the Supreme Pair, the
    first."""
    assert rank_hand("1-1", "1-1").pair == 3
    assert rank_hand("1-2", "2-4").pair == 1
    setting = setting_with(["1-1", "1-1", "6-6", "6-6"], ["1-1", "1-1"])
    assert setting.high_rank.pair == 2 and setting.low_rank.pair == 3


def test_a_hand_is_two_tiles_and_a_player_has_four() -> None:
    """621a.10(a): four tiles set as two hands of two."""
    with pytest.raises(ImpossibleEquipment, match=r"a player's tiles are four \(621a.10\(a\)\)"):
        settings(["1-1", "6-6", "5-5"])
