"""The battery's statistics against values derived apart from the code: closed forms of
the chi-square tail, hand-counted distributions, enumeration."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from croupier.lab.sources import ByteStream, draws_from_bytes
from croupier.lab.stats import (
    chi_square,
    chi_square_sf,
    coupon_probabilities,
    gap_probabilities,
    lehmer_codes,
    normal_two_sided,
    poker_probabilities,
    pool,
    runs_moments,
    stirling2,
)
from croupier.rng import ShuffleDraw


def poisson_tail(df: int, x: float) -> float:
    """Q(df/2, x/2) for even df: exp(-x/2) * sum_{i < df/2} (x/2)^i / i!, term by term in
    logarithms (summed with fsum)."""
    half = x / 2
    return math.fsum(
        math.exp(i * math.log(half) - half - math.lgamma(i + 1)) for i in range(df // 2)
    )


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.84, 6.63, 10.83, 30.0, 80.0])
def test_one_and_three_degrees_of_freedom_match_erfc(x: float) -> None:
    # df 1: P(Z^2 >= x) = erfc(sqrt(x/2)); df 3 adds sqrt(2x/pi) exp(-x/2).
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)
    three = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    assert chi_square_sf(x, 3) == pytest.approx(three, rel=1e-10)


@pytest.mark.parametrize(
    ("df", "x"),
    [
        (2, 5.99),
        (4, 9.49),
        (10, 2.0),
        (10, 23.21),
        (36, 50.0),
        (120, 80.0),
        (120, 160.0),
        (2704, 2600.0),
        (2704, 2900.0),
        (2704, 3300.0),
        (97344, 96000.0),
        (97344, 99000.0),
    ],
)
def test_even_degrees_of_freedom_match_the_poisson_sum(df: int, x: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(poisson_tail(df, x), rel=1e-8)


def test_textbook_critical_values() -> None:
    # The 5% and 1% points of tables of the chi-square distribution.
    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(15.086, 5) == pytest.approx(0.01, abs=1e-4)
    assert normal_two_sided(1.959964) == pytest.approx(0.05, abs=1e-6)


def test_stirling_numbers_by_hand() -> None:
    # S(5, 2) = 2^4 - 1; S(5, 3) = 25; S(n, n - 1) = C(n, 2); S(10, 4) from the tables.
    assert stirling2(5, 2) == 15
    assert stirling2(5, 3) == 25
    assert stirling2(7, 6) == 21
    assert stirling2(10, 4) == 34105
    assert stirling2(0, 0) == 1 and stirling2(4, 0) == 0


def test_poker_on_dice_by_counting() -> None:
    found = poker_probabilities(6)
    # All five alike: 6 hands of 7776; all different: 6*5*4*3*2 = 720.
    assert found[0] == Fraction(6, 7776)
    assert found[4] == Fraction(720, 7776)
    # Counted over every hand of five dice.
    counts = [0] * 5
    for hand in itertools.product(range(6), repeat=5):
        counts[len(set(hand)) - 1] += 1
    assert found == [Fraction(c, 6**5) for c in counts]


def test_coupon_collector_on_dice() -> None:
    probabilities, tail = coupon_probabilities(6, 400)
    # P(L = 6) = 6!/6^6 (the first six faces all different); P(L = 7) = 6!*S(6,5)/6^7.
    assert probabilities[0] == pytest.approx(720 / 6**6, rel=1e-12)
    assert probabilities[1] == pytest.approx(720 * 15 / 6**7, rel=1e-12)
    assert math.fsum(probabilities) + tail == pytest.approx(1.0, abs=1e-12)
    # The mean is 6 * (1 + 1/2 + ... + 1/6) = 14.7.
    mean = math.fsum(p * (6 + i) for i, p in enumerate(probabilities))
    assert mean == pytest.approx(14.7, abs=1e-9)


def test_gap_is_geometric() -> None:
    probabilities, tail = gap_probabilities(1 / 6, 3)
    assert probabilities == pytest.approx([1 / 6, 5 / 36, 25 / 216, 125 / 1296])
    assert tail == pytest.approx((5 / 6) ** 4)


def test_runs_moments_by_enumeration() -> None:
    # Every order of 3 high and 4 low outcomes, equally likely.
    counts = []
    for places in itertools.combinations(range(7), 3):
        seq = [i in places for i in range(7)]
        counts.append(1 + sum(a != b for a, b in itertools.pairwise(seq)))
    mean = Fraction(sum(counts), len(counts))
    variance = Fraction(sum(c * c for c in counts), len(counts)) - mean**2
    found_mean, found_variance = runs_moments(3, 4)
    assert found_mean == pytest.approx(float(mean))
    assert found_variance == pytest.approx(float(variance))


def test_lehmer_codes_number_every_ordering_once() -> None:
    orders = np.array(list(itertools.permutations(range(5))))
    codes = lehmer_codes(orders)
    assert sorted(codes.tolist()) == list(range(120))
    assert codes[0] == 0 and codes[-1] == 119


def test_pooling_keeps_the_totals() -> None:
    observed, expected = pool([1, 2, 40, 50, 3, 1, 0], [0.5, 3.0, 41.0, 49.0, 4.0, 2.0, 0.5])
    assert observed.sum() == 97 and expected.sum() == pytest.approx(100.0)
    assert expected.min() >= 5


def test_chi_square_refuses_sparse_cells() -> None:
    with pytest.raises(ValueError, match="too few outcomes"):
        chi_square([1, 2], [1.5, 1.5])


def test_the_position_statistic_is_chi_square_with_m_minus_1_squared_degrees() -> None:
    """Scaled by (m - 1)/m, Pearson's statistic of the item-by-position table of uniform
    shuffles has the mean (m - 1)^2 and variance 2 (m - 1)^2 of a chi-square: 3,000
    batteries of 40 shuffles of 4 items (numpy's own generator for the bytes)."""
    m, shuffles, batteries = 4, 40, 3000
    blob = np.random.Generator(np.random.PCG64(2026)).bytes(batteries * shuffles * m * 2 + 4096)
    at = [0]

    def read(size: int) -> bytes:
        chunk = blob[at[0] : at[0] + size]
        at[0] += size
        return chunk

    draw = ShuffleDraw("four", tuple(range(m)), "")
    orders = draws_from_bytes(draw, batteries * shuffles, ByteStream(read, block=1 << 16)).values
    statistics = []
    for batch in orders.reshape(batteries, shuffles, m):
        counts = np.zeros((m, m))
        for row in batch:
            counts[row, np.arange(m)] += 1
        pearson = float(((counts - shuffles / m) ** 2 / (shuffles / m)).sum())
        statistics.append(pearson * (m - 1) / m)
    df = (m - 1) ** 2
    assert np.mean(statistics) == pytest.approx(df, abs=4 * math.sqrt(2 * df / batteries))
    assert np.var(statistics) == pytest.approx(2 * df, rel=0.15)
