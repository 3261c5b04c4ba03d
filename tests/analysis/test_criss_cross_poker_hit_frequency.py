"""The Criss-Cross Poker antes hit frequency is the chance that a round nets more than
zero, counted case by case in the kernel (not the decision paths whose *expected* net is
positive). Checked by properties every count must have (the nets are whole antes, so a
won case nets at least one ante; a hand that folds at once never wins), and in the slow
test of ``test_simulation_criss_cross_poker`` against 4,000,000 simulated rounds."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from croupier.analysis.exact.criss_cross_poker import (
    OUT_WIDE,
    PATHS,
    PAY_BY_RANK,
    Solution,
    _solve_all,
    antes_figures,
)
from croupier.equipment.cards import Card

CASES = 46 * 1128 * 1225


def c(text: str) -> int:
    return int(Card.parse(text))


def _class(hand: tuple[int, int]) -> np.ndarray:
    out = np.zeros((1, OUT_WIDE), dtype=np.int64)
    _solve_all(np.array([hand], dtype=np.int64), PAY_BY_RANK, out, True)
    return out[0]


def test_a_hand_that_folds_never_wins() -> None:
    row = _class((c("3c"), c("2d")))
    assert row[1] == 0
    assert row[83:137].sum() == 0


def test_won_cases_of_a_pair_of_aces() -> None:
    """Aces bet 3x. Per path: the won cases are among the path's cases; each nets a whole
    positive number of antes, so their sum is at least their count and at most the sum of
    every positive net; folding at the Middle wins nothing. A pair of aces in the Across
    hand with any pair of 6s or better across wins the antes, so most cases are won."""
    row = _class((c("Ah"), c("Ad")))
    assert row[1] == 3
    count, nets = row[2:29], row[29:56]
    won, won_nets = row[83:110], row[110:137]
    assert (won <= count).all()
    assert (won_nets >= won).all()
    for index, (_, _, middle) in enumerate(PATHS):
        if middle == "fold":
            assert won[index] == 0
    # the cases not won net zero or less: the path total less the won nets is <= 0
    assert (nets - won_nets <= 0).all()
    assert won.sum() > CASES // 2


def test_antes_figures_split_each_path_into_won_and_not_won() -> None:
    """A made-up solution of two paths: 1x/1x/3x with probability 3/4 (expected net 2
    antes), of which 1/2 won with an expected net of 6; and a fold at the Across with
    1/4 (net -2). The hit frequency is 1/2 (not 3/4, the path with a positive expected
    net); the not-won part of the first path nets (3/4 * 2 - 1/2 * 6) / (1/4) = -6; per
    unit of total antes every net halves; the return is 3/4 * 2 / 2 - 1/4 = 1/2."""
    paths = {("1x", "1x", "3x"): Fraction(3, 4), ("fold", "fold", "fold"): Fraction(1, 4)}
    solution = Solution(
        value=Fraction(1),
        across={},
        paths=paths,
        path_nets={("1x", "1x", "3x"): Fraction(2), ("fold", "fold", "fold"): Fraction(-2)},
        second_moment=Fraction(3, 4) * 4 + Fraction(1, 4) * 4,
        path_wins={("1x", "1x", "3x"): (Fraction(1, 2), Fraction(6))},
    )
    figures = antes_figures(solution)
    assert figures.hit_frequency == Fraction(1, 2)
    by_label = {o.label: (o.probability, o.net, o.hit) for o in figures.outcomes}
    assert by_label["Across 1x, Down 1x, Middle 3x: won"] == (Fraction(1, 2), 3, True)
    assert by_label["Across 1x, Down 1x, Middle 3x: not won"] == (Fraction(1, 4), -3, False)
    assert by_label["Across fold, Down fold, Middle fold: not won"] == (
        Fraction(1, 4),
        -1,
        False,
    )
    assert sum(p * net for p, net, _ in by_label.values()) == Fraction(1, 2)
