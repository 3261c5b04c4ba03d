"""Exact Pai Gow figures (analysis/exact/pai_gow.py) against an independent count.

The exact module weighs 8,130 distinct hands with numpy; here a few player hands are
played, tile by tile, against every one of the C(28, 4) = 20,475 dealer hands of the
other 28 tiles with plain Python, and the counts must agree exactly.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from croupier.analysis.exact.pai_gow import (
    DEALER_HANDS,
    HOUSE_WAY_WAGER,
    OPTIMAL_WAGER,
    PLAYER_BANK_WAGER,
    PLAYER_HANDS,
    analyze,
    optimal_setting,
    par_sheet,
)
from croupier.equipment.tiles import SET, parse_tile
from croupier.hands.paigow import (
    CASINO,
    HOUSE_WAYS,
    REGULATION,
    Result,
    departures,
    distinct_hands,
    outcome,
    settings,
)
from croupier.rules.pai_gow import PaiGowRules


def brute_force(codes: list[str]) -> list[tuple[int, int]]:
    """(wins, losses) of each of the three settings of ``codes`` against every dealer
    hand of the 28 other tiles, told apart, the dealer setting by the regulation way."""
    pool = list(range(32))
    for code in codes:
        tile = parse_tile(code)
        index = next(i for i in pool if SET[i] == tile)
        pool.remove(index)
    options = settings(codes)
    counts = [[0, 0] for _ in options]
    for four in combinations(pool, 4):
        dealer = REGULATION.set([SET[i] for i in four])
        for k, option in enumerate(options):
            result = outcome(option, dealer)
            if result is Result.WIN:
                counts[k][0] += 1
            elif result is Result.LOSE:
                counts[k][1] += 1
    return [(w, lose) for w, lose in counts]


@pytest.mark.parametrize(
    "codes",
    [
        ["6-6", "6-6", "4-5", "2-3"],  # a pair of Twelves, or two Wongs' worth
        ["1-2", "2-4", "1-1", "3-5"],  # the Supreme Pair
        ["1-3", "2-2", "4-6", "1-4"],  # no pair, several 9s
        ["5-6", "5-6", "1-2", "3-4"],  # a pair and the Gee Joon tile
    ],
)
def test_counts_agree_with_brute_force(codes: list[str]) -> None:
    advice = optimal_setting(codes, REGULATION)
    assert sum(1 for _ in combinations(range(28), 4)) == DEALER_HANDS
    expected = brute_force(codes)
    got = list(zip(advice.wins, advice.losses, strict=True))
    assert got == expected


def test_every_deal_is_counted_once() -> None:
    assert sum(ways for _, ways in distinct_hands()) == PLAYER_HANDS == 35_960
    assert len(list(distinct_hands())) == 8_130
    result = analyze(REGULATION)
    assert sum(result.house_way) == sum(result.optimal) == PLAYER_HANDS * DEALER_HANDS


def test_copies_favour_the_dealer() -> None:
    """House way against house way, the only asymmetries are the copies and the zero-zero
    ties (621a.4(b), (e), (g)): the player loses more often than he wins."""
    win, tie, lose = analyze(REGULATION).probabilities("house_way")
    assert lose > win and win + tie + lose == 1


def test_optimal_is_at_least_the_house_way_hand_by_hand() -> None:
    result = analyze(REGULATION)
    for advice in result.advice.values():
        assert advice.expected[advice.best] >= advice.expected[advice.house_way]
        assert advice.expected[advice.best] == max(advice.expected)


def test_par_sheet_figures() -> None:
    sheet = par_sheet(PaiGowRules())
    result = analyze(REGULATION)
    hw = sheet.wager(HOUSE_WAY_WAGER)
    win, _tie, lose = result.probabilities("house_way")
    assert hw.expected_return == win * Fraction(19, 20) - lose
    assert hw.hit_frequency == win
    opt = sheet.wager(OPTIMAL_WAGER)
    assert opt.expected_return == result.expected("optimal")
    bank = sheet.wager(PLAYER_BANK_WAGER)
    assert bank.expected_return == lose * Fraction(19, 20) - win
    # Against the four steps of 621a.10(d) a player who sets optimally has the edge; the
    # par sheet must say so plainly.
    assert opt.expected_return > 0
    assert any("HAS THE ADVANTAGE" in note for note in sheet.notes)
    assert sheet.to_dict()["wagers"][0]["wager"] == HOUSE_WAY_WAGER


def test_shipped_ways_and_the_regulation() -> None:
    """Both readings of 621a.10(d) comply with it in every hand; the casino way does not
    (it splits pairs), so a Rules Submission may not give it to the dealer."""
    assert departures(HOUSE_WAYS["regulation"]) == []
    assert departures(HOUSE_WAYS["regulation_low_first"]) == []
    assert len(departures(CASINO)) > 0


@pytest.mark.slow
def test_every_shipped_way() -> None:
    """Each shipped way's exact figures: a house-way player always has a house edge."""
    for way in HOUSE_WAYS.values():
        result = analyze(way)
        assert result.expected("house_way") < 0
        assert result.expected("optimal") >= result.expected("house_way")
