"""Exact Sic Bo figures (croupier.analysis.exact.sic_bo), checked against house edges
worked by hand over the 216 shakes of three dice."""

from __future__ import annotations

from fractions import Fraction

from croupier.analysis.exact.sic_bo import par_sheet
from croupier.rules.sic_bo import SicBoRules


def edge(spot: str, **rules: object) -> Fraction:
    return par_sheet(SicBoRules.model_validate(rules)).wager(spot).house_edge


def test_small_and_big_at_1_to_1() -> None:
    # Totals 3..10 are half the 216 shakes: 108. Less total 3 (1-1-1): 107 for 4..10,
    # of which two are triples (2-2-2, 3-3-3): Small wins 105. Edge 1 - 2 * 105/216 = 1/36.
    sheet = par_sheet(SicBoRules())
    assert sheet.wager("small").hit_frequency == Fraction(105, 216)
    assert sheet.wager("small").house_edge == 1 - 2 * Fraction(105, 216) == Fraction(1, 36)
    assert sheet.wager("big").house_edge == Fraction(1, 36)


def test_triples() -> None:
    # A specific triple: 1/216 at 150 to 1: 1 - 151/216 = 65/216; at 180: 35/216.
    assert edge("three_of_a_kind:4") == Fraction(65, 216)
    assert edge("three_of_a_kind:4", paytable="high") == Fraction(35, 216)
    # Any triple: 6/216 = 1/36 at 24 to 1: 1 - 25/36 = 11/36; at 30: 5/36.
    assert edge("any_three_of_a_kind") == Fraction(11, 36)
    assert edge("any_three_of_a_kind", paytable="high") == Fraction(5, 36)


def test_one_of_a_kind_paid_per_die() -> None:
    # One die shows N: 3 * 25 = 75 shakes (1 to 1); two: 3 * 5 = 15 (2 to 1); three: 1
    # (3 to 1); none: 125 (-1). Return (75 + 30 + 3 - 125)/216 = -17/216.
    figures = par_sheet().wager("one_of_a_kind:2")
    assert figures.house_edge == Fraction(17, 216)
    assert [o.probability for o in figures.outcomes] == [
        Fraction(125, 216),
        Fraction(75, 216),
        Fraction(15, 216),
        Fraction(1, 216),
    ]


def test_total_two_of_a_kind_and_combination() -> None:
    # Total 10: 27 shakes at 6 to 1: 27 * 7/216 - 1 = -1/8.
    assert edge("total:10") == Fraction(1, 8)
    # Two of a Kind: 15 shakes with exactly two, 1 with three: at 8 to 1, 16 * 9/216 - 1
    # = -1/3 when the triple wins; 15 * 9/216 - 1 = -3/8 when it loses.
    assert edge("two_of_a_kind:5") == Fraction(1, 3)
    assert edge("two_of_a_kind:5", two_of_a_kind_on_triple=False) == Fraction(3, 8)
    # Combination 1-2: 216 - 2 * 125 + 64 = 30 shakes show both; at 5 to 1: 30 * 6/216 - 1
    # = -1/6.
    assert edge("combination:1-2") == Fraction(1, 6)


def test_every_spot_and_probabilities_sum_to_one() -> None:
    sheet = par_sheet()
    assert len(sheet.wagers) == 50
    for figures in sheet.wagers:
        assert sum(o.probability for o in figures.outcomes) == 1
        assert figures.house_edge > 0
