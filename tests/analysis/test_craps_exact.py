"""Exact Craps figures (croupier.analysis.exact.craps), checked against the classic house
edges worked by hand here from the ways of two dice (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 for
2 to 12) and, for the Fire Bet and Bonus Craps, by inclusion-exclusion over the numbers,
a method the module does not use (it runs a Markov chain over the sets made)."""

from __future__ import annotations

import functools
import json
import math
from fractions import Fraction
from itertools import combinations
from typing import Any

from typer.testing import CliRunner

from croupier.analysis.exact.craps import distinct_points, par_sheet, point_cycle
from croupier.analysis.par_sheet import ParSheet, WagerFigures
from croupier.cli import app
from croupier.rules.base import validate
from croupier.rules.craps import CrapsRules

WAYS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
POINTS = (4, 5, 6, 8, 9, 10)
F = Fraction


@functools.cache
def _sheet(fields: str) -> ParSheet:
    return par_sheet(validate(CrapsRules, {"game": "craps", **json.loads(fields)}))


def figures(wager: str, **fields: Any) -> WagerFigures:
    return _sheet(json.dumps(fields, sort_keys=True)).wager(wager)


def extra(wager: WagerFigures, name: str) -> Fraction:
    return dict(wager.extra)[name]


def made(point: int) -> Fraction:
    """The point before a 7: its ways over its ways and the 7's six."""
    return F(WAYS[point], WAYS[point] + 6)


def test_pass_7_495_per_bet_and_7_1671_per_roll() -> None:
    """Pass wins on a come-out 7 or 11 (8/36) or a point made: sum of (ways/36) x
    ways/(ways + 6) over the points = 2 (3/36 x 3/9 + 4/36 x 4/10 + 5/36 x 5/11) =
    976/1980 - 8/36 ... in all P(win) = 244/495; edge 1 - 2 x 244/495 = 7/495. A decision
    takes 1 + sum (ways/36) x 36/(ways + 6) = 1 + 2 (3/9 + 4/10 + 5/11) = 557/165 rolls:
    7/495 / (557/165) = 7/1671 a roll."""
    win = F(8, 36) + sum(F(WAYS[p], 36) * made(p) for p in POINTS)
    assert win == F(244, 495)
    line = figures("pass")
    assert line.hit_frequency == win and line.house_edge == 1 - 2 * win == F(7, 495)
    assert extra(line, "rolls_to_decision") == 1 + sum(F(WAYS[p], WAYS[p] + 6) for p in POINTS)
    assert extra(line, "rolls_to_decision") == F(557, 165)
    assert extra(line, "house_edge_per_roll") == F(7, 1671)
    assert figures("come").house_edge == F(7, 495)
    assert math.isclose(line.std_dev, math.sqrt(1 - F(7, 495) ** 2))


def test_dont_pass_bar_12_is_3_220_and_bar_2_the_same() -> None:
    """Don't Pass wins on 2 or 3 (3/36) or a seven-out (sum (ways/36) x 6/(ways + 6) =
    196/495), pushes on 12 (1/36) and loses on 7, 11 or a point made (244/495): edge
    244/495 - 3/36 - 196/495 = 3/220. Barring 2 instead swaps the 2 and the 12: the same."""
    win = F(3, 36) + sum(F(WAYS[p], 36) * F(6, WAYS[p] + 6) for p in POINTS)
    assert win == F(3, 36) + F(196, 495)
    assert F(244, 495) - win == F(3, 220)
    assert figures("dont_pass").house_edge == F(3, 220)
    assert figures("dont_pass", dont_bar=2).house_edge == F(3, 220)
    assert figures("dont_come").house_edge == F(3, 220)


def test_place_to_win_and_to_lose() -> None:
    """Place 6 at 7 to 6: 5/11 x 7/6 - 6/11 = -1/66; 5 at 7 to 5: 4/10 x 7/5 - 6/10 =
    -1/25; 4 at 9 to 5: 3/9 x 9/5 - 6/9 = -1/15. To lose: 4 at 5 to 11: 6/9 x 5/11 - 3/9
    = -1/33; 5 at 5 to 8: -1/40; 6 at 4 to 5: 6/11 x 4/5 - 5/11 = -1/55. Per roll Place 6
    decides 11/36 of the rolls: 5/36 x 7/6 - 6/36 = -1/216."""
    assert figures("place:6").house_edge == F(1, 66) == -(made(6) * F(7, 6) - (1 - made(6)))
    assert figures("place:8").house_edge == F(1, 66)
    assert figures("place:5").house_edge == F(1, 25)
    assert figures("place:4").house_edge == F(1, 15)
    assert figures("place_to_lose:4").house_edge == F(1, 33)
    assert figures("place_to_lose:5").house_edge == F(1, 40)
    assert figures("place_to_lose:6").house_edge == F(1, 55)
    six = figures("place:6")
    assert extra(six, "decisions_per_roll") == F(11, 36)
    assert extra(six, "house_edge_per_roll") == F(1, 216)


def test_buy_and_lay_with_the_commission() -> None:
    """Buy 4, 5% up front: true odds (no edge) less 1/20 a decision: 1/20 a unit, 1/21
    of wager and commission (the classic 4.76%); on a win only 1/3 x 1/20 = 1/60. Lay 4
    ($1 wins $0.50; 5% of it, 1/40): 1/40 up front, 1/41 of everything; on a win 2/3 x
    1/40 = 1/60."""
    up = figures("buy:4")
    assert up.house_edge == F(1, 20) and up.element_of_risk == F(1, 21)
    assert figures("buy:4", buy_commission="on_win").house_edge == F(1, 60)
    lay = figures("lay:4")
    assert lay.house_edge == F(1, 40) and lay.element_of_risk == F(1, 41)
    assert figures("lay:4", lay_commission="on_win").house_edge == F(1, 60)
    assert figures("buy:6", commission_percent=0).house_edge == 0


def test_field_big_hardways_and_propositions() -> None:
    """Field: 3, 4, 9, 10, 11 (14/36) at 1 to 1, 2 and 12 (1/36 each) at 2 to 1, 5 to 8
    lose (20/36): (14 + 4 - 20)/36 = -1/18; 3 to 1 on 12: -1/36; on both, 0. Big 6:
    5/11 - 6/11 = -1/11. Hard 4: 1 way against 2 easy and 6 sevens, 7/9 - 8/9 = -1/9; hard
    6: 1/11 x 9 - 10/11 = -1/11. Any Seven 6/36 x 4 - 30/36 = -1/6; Any Craps 4/36 x 7 -
    32/36 = -1/9; 2 at 30 to 1: 30/36 - 35/36 = -5/36; 3 at 15: 30/36 - 34/36 = -1/9.
    Horn: 2 and 12 net 27/4, 3 and 11 net 12/4: (2 x 27/4 + 4 x 3 - 30)/36 = -1/8. C&E:
    craps net 3, 11 net 7: (12 + 14 - 30)/36 = -1/9."""
    assert figures("field").house_edge == F(1, 18)
    assert figures("field", payouts={"field:12": "3 to 1"}).house_edge == F(1, 36)
    both = figures("field", payouts={"field:12": "3 to 1", "field:2": "3 to 1"})
    assert both.house_edge == 0
    assert figures("big_6").house_edge == F(1, 11)
    assert figures("hard:4").house_edge == F(1, 9) and figures("hard:10").hit_frequency == F(1, 9)
    assert figures("hard:6").house_edge == F(1, 11)
    assert figures("any_seven").house_edge == F(1, 6)
    assert figures("any_craps").house_edge == F(1, 9)
    assert figures("two").house_edge == figures("twelve").house_edge == F(5, 36)
    assert figures("three").house_edge == figures("eleven").house_edge == F(1, 9)
    assert figures("horn").house_edge == F(1, 8)
    assert figures("c_and_e").house_edge == F(1, 9)
    assert extra(figures("field"), "rolls_to_decision") == 1


def test_odds_and_a_line_wager_with_full_odds() -> None:
    """Odds pay the true odds: no edge. Pass with 3-4-5x: the odds expected behind it are
    (6/36) 3 + (8/36) 4 + (10/36) 5 = 25/9 units, so the edge per everything wagered is
    (7/495)/(1 + 25/9) = 7/1870. Don't Pass laying 6x on every point ((24/36) x 6 = 4
    units): (3/220)/5 = 3/1100. At 1x: (7/495)/(1 + 24/36) = 7/825."""
    assert all(figures(f"odds:{p}").house_edge == 0 for p in POINTS)
    assert all(figures(f"lay_odds:{p}").house_edge == 0 for p in POINTS)
    line = figures("pass_with_odds")
    assert line.house_edge == F(7, 495) and line.element_of_risk == F(7, 1870)
    dont = figures("dont_pass_with_odds")
    assert dont.house_edge == F(3, 220) and dont.element_of_risk == F(3, 1100)
    assert figures("pass_with_odds", odds_limit="1x").element_of_risk == F(7, 825)
    # Laying the limit itself (not what it wins) at 3-4-5x lays 3, 4, 5 units:
    # (6/36) 3 + (8/36) 4 + (10/36) 5 = 25/9 again.
    assert figures("dont_pass_with_odds", lay_limit="wager").element_of_risk == F(3, 220) / (
        1 + F(25, 9)
    )


def _at_least(points: frozenset[int], m: dict[int, Fraction], r: Fraction) -> Fraction:
    """P(every point of ``points`` made before the seven-out), by inclusion-exclusion:
    the first of the competing events {a point of T made, the seven-out} that comes."""
    return sum(
        (
            (-1) ** len(t) * r / (r + sum((m[p] for p in t), F(0)))
            for size in range(len(points) + 1)
            for t in map(frozenset, combinations(sorted(points), size))
        ),
        F(0),
    )


def test_the_fire_bet_by_inclusion_exclusion() -> None:
    """A point cycle makes point N with m_N = (ways/36) x ways/(ways + 6) and sevens out
    with r = 196/495. P(the made set is exactly S) = sum over U containing S of (-1)^(|U|
    - |S|) P(every point of U made); summed over |S| = k, the distribution of distinct
    points, which the module gets by its Markov chain. Table a (24, 249, 999 to 1 for 4, 5,
    6 points) then has the edge 1 - 25 P(4) - 250 P(5) - 1000 P(6)."""
    m = {p: F(WAYS[p], 36) * made(p) for p in POINTS}
    r = 1 - F(12, 36) - sum(m.values(), F(0))  # neither a natural, craps nor a point made
    assert r == F(196, 495)
    assert point_cycle() == (m, r, F(557, 165))
    everything = frozenset(POINTS)
    by_count = {k: F(0) for k in range(7)}
    for size in range(7):
        for chosen in combinations(POINTS, size):
            s = frozenset(chosen)
            rest = everything - s
            exact = sum(
                (
                    (-1) ** extra_size * _at_least(s | frozenset(more), m, r)
                    for extra_size in range(len(rest) + 1)
                    for more in combinations(sorted(rest), extra_size)
                ),
                F(0),
            )
            by_count[size] += exact
    assert sum(by_count.values()) == 1
    counts, rolls = distinct_points()
    assert counts == by_count
    fire = figures("fire_bet")
    assert fire.house_edge == 1 - 25 * by_count[4] - 250 * by_count[5] - 1000 * by_count[6]
    assert 0.2075 < float(fire.house_edge) < 0.2078  # the published 20.76%
    table_b = figures("fire_bet", fire_bet_paytable="b")
    assert table_b.house_edge == (
        1 - 7 * by_count[3] - 30 * by_count[4] - 150 * by_count[5] - 300 * by_count[6]
    )
    # A shooter's hand lasts 557/165 rolls a cycle over 1/r cycles: 1671/196 rolls; the
    # Fire Bet ends a little sooner, at the sixth point.
    assert F(557, 165) / r == F(1671, 196)
    assert rolls < F(1671, 196) and extra(fire, "rolls_to_decision") == rolls


def test_bonus_craps_by_inclusion_exclusion() -> None:
    """P(every number of S rolled before a 7) = sum over T in S of (-1)^|T| p7/(p7 +
    p(T)); All Small at 34 to 1 pays 35 P - 1, Make 'Em All at 175 to 1, 176 P - 1."""

    def before_seven(numbers: tuple[int, ...]) -> Fraction:
        seven = F(6, 36)
        return sum(
            (
                (-1) ** size * seven / (seven + sum((F(WAYS[n], 36) for n in t), F(0)))
                for size in range(len(numbers) + 1)
                for t in combinations(numbers, size)
            ),
            F(0),
        )

    small = before_seven((2, 3, 4, 5, 6))
    assert figures("all_small").hit_frequency == small
    assert figures("all_small").house_edge == 1 - 35 * small
    assert figures("all_tall").house_edge == 1 - 35 * before_seven((8, 9, 10, 11, 12))
    every = before_seven((2, 3, 4, 5, 6, 8, 9, 10, 11, 12))
    assert figures("make_em_all").house_edge == 1 - 176 * every
    assert 0.0776 < float(figures("all_small").house_edge) < 0.0777  # the published 7.76%
    assert 0.0746 < float(figures("make_em_all").house_edge) < 0.0747


def test_the_sheet_lists_what_the_table_offers() -> None:
    mini = par_sheet(validate(CrapsRules, {"game": "craps", "wagers": ["pass", "field"]}))
    assert [w.wager for w in mini.wagers] == ["pass", "field"]
    sheet = par_sheet()
    for wager in sheet.wagers:
        assert sum((o.probability for o in wager.outcomes), F(0)) == 1


def test_analyze_craps_json() -> None:
    result = CliRunner().invoke(app, ["analyze", "craps", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    rows = {w["wager"]: w for w in data["wagers"]}
    assert rows["pass"]["house_edge_exact"] == "7/495"
    assert rows["pass"]["house_edge_per_roll_exact"] == "7/1671"
    assert rows["dont_pass"]["house_edge_exact"] == "3/220"
    assert rows["place:6"]["house_edge_exact"] == "1/66"
    assert {"fire_bet", "all_small", "hard:8", "buy:4", "lay:10"} <= set(rows)
