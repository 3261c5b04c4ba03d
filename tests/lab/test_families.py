"""The GLI-19 3.2.2 families (overlaps, serial and interplay correlation, duplicates) and
the collective verdict's distributions, against values derived apart from the code: NIST's
worked example, hand calculation, closed forms, published critical values."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from croupier.lab import battery
from croupier.lab.families import (
    TooFew,
    birthday_spacings,
    cross_correlation,
    overlapping_tuples,
    pair_independence,
    psi_squared,
    repeats,
    serial_correlation,
    spacing_collisions,
    tuple_length,
)
from croupier.lab.stats import (
    binomial_sf,
    collision_probabilities,
    kolmogorov_cdf,
    ks_statistic,
    poisson_cdf,
    poisson_sf,
    stirling2,
)
from croupier.lab.verdict import collective


def test_overlapping_tuples_reproduce_nists_worked_example() -> None:
    """NIST SP 800-22 rev. 1a, 2.11.8: epsilon = 0011011101, m = 3: psi2_3 = 2.8, psi2_2 =
    1.2, psi2_1 = 0.4, P-value1 = 0.808792, P-value2 = 0.670320."""
    bits = np.array([int(c) for c in "0011011101"])
    assert [psi_squared(bits, 2, m) for m in (3, 2, 1)] == pytest.approx([2.8, 1.2, 0.4])
    first, second = overlapping_tuples(bits, 2, 3)
    assert (first.statistic, first.df) == (pytest.approx(1.6), 4)
    assert (second.statistic, second.df) == (pytest.approx(0.8), 2)
    assert first.p_value == pytest.approx(0.808792, abs=1e-6)
    assert second.p_value == pytest.approx(0.670320, abs=1e-6)


def test_the_tuple_length_wants_ten_outcomes_a_tuple() -> None:
    assert tuple_length(300_000, 6) == 5  # 6^5 = 7,776 tuples, 38 each
    assert tuple_length(5_000, 6) == 3  # 216 tuples, 23 each; 1,296 would get 3.9
    with pytest.raises(TooFew, match="overlapping pairs"):
        tuple_length(20_000, 52)


def test_serial_correlation_of_an_alternating_stream_by_hand() -> None:
    """0, 1, 0, 1, ...: y = -1/2, +1/2 and sigma^2 = 1/4, so each product at an odd lag is
    -1/4 and at an even lag +1/4: z_h = -+(n - h) / sqrt(n - h) and the statistic is
    sum of (n - h) over h = 1 .. 8 = 8n - 36."""
    x = np.arange(1000) % 2
    found = serial_correlation(x, 2)
    assert found.statistic == pytest.approx(8 * 1000 - 36)
    assert found.df == 8 and found.p_value < 1e-300


def test_cross_correlation_of_a_stream_with_itself() -> None:
    """b = a: at lag 0, z = sum(y^2) / (sigma^2 sqrt(n)) = sqrt(n) for 0/1 values."""
    a = np.arange(4000) % 2
    found = cross_correlation(a, a.copy(), 2, lags=0)
    assert found.statistic == pytest.approx(4000) and found.df == 1


def test_pairs_of_equal_faces_by_hand() -> None:
    """Each of the 36 pairs (i, j) ten times: no departure at all."""
    a = np.repeat(np.arange(6), 60)
    b = np.tile(np.repeat(np.arange(6), 10), 6)
    found = pair_independence(a, b, 6)
    assert found.statistic == 0 and found.df == 35 and found.p_value == 1.0


def test_birthday_spacings_by_hand() -> None:
    # Birthdays 1, 3, 5, 10 in a year of 12 days: spacings 2, 2, 5 and 3 around the year.
    assert spacing_collisions(np.array([10, 3, 1, 5]), 12) == 1
    # Spacings 1, 1, 1, 9: two repeat the first.
    assert spacing_collisions(np.array([0, 1, 2, 3]), 12) == 2


def test_a_constant_stream_fails_the_birthday_test() -> None:
    found = birthday_spacings(np.zeros(200_000, dtype=np.int64), 6)
    assert found.discrete and found.p_value < 1e-12


def test_collision_probabilities_match_knuths_closed_form() -> None:
    """P(C = c) = m! / (m - j)! S(n, j) / m^n with j = n - c occupied (TAOCP 3.3.2 I),
    in exact fractions, 10 balls in 20 urns."""
    balls, urns = 10, 20
    found, tail = collision_probabilities(balls, urns, balls)
    for c in range(balls):
        j = balls - c
        exact = Fraction(math.perm(urns, j) * stirling2(balls, j), urns**balls)
        assert found[c] == pytest.approx(float(exact), rel=1e-12, abs=1e-300)
    assert tail == 0.0 and math.fsum(found) == pytest.approx(1.0)


def test_collision_mean_matches_the_occupancy_formula() -> None:
    # E[C] = n - m (1 - (1 - 1/m)^n): n balls less the urns expected occupied.
    balls, urns = 33_333, 6**9
    found, tail = collision_probabilities(balls, urns, 200)
    mean = math.fsum(c * p for c, p in enumerate(found))
    assert tail < 1e-30
    occupied = urns * -math.expm1(balls * math.log1p(-1 / urns))
    assert mean == pytest.approx(balls - occupied, rel=1e-9)


def test_repeats_of_whole_outcomes() -> None:
    """Three of 1,000 seeds repeated in a space of 2^256: the chance is below 10^-140."""
    seeds = [bytes([i % 256, i // 256]) * 16 for i in range(997)]
    found = repeats([*seeds, seeds[0], seeds[1], seeds[2]], 2.0**256, "seeds")
    assert found.statistic == 3 and found.p_value < 1e-140
    clean = repeats(seeds, 2.0**256, "seeds")
    assert clean.statistic == 0 and clean.p_value == 1.0


def test_poisson_and_binomial_tails_by_their_sums() -> None:
    def pmf(i: int, mean: float) -> float:
        return math.exp(i * math.log(mean) - mean - math.lgamma(i + 1))

    for mean in (0.5, 2.0, 30.0):
        for c in (0, 1, 3, 10, 45):
            below = math.fsum(pmf(i, mean) for i in range(c + 1))
            assert poisson_cdf(c, mean) == pytest.approx(below, rel=1e-10)
            above = math.fsum(pmf(i, mean) for i in range(c, 200))
            assert poisson_sf(c, mean) == pytest.approx(above, rel=1e-9)
    # P(X >= 5), 100 trials of 1%: 1 - sum_{i<5} C(100, i) 0.01^i 0.99^(100 - i).
    exact = 1 - sum(
        Fraction(math.comb(100, i)) * Fraction(1, 100) ** i * Fraction(99, 100) ** (100 - i)
        for i in range(5)
    )
    assert binomial_sf(5, 100, 0.01) == pytest.approx(float(exact), rel=1e-10)


def test_kolmogorov_distribution() -> None:
    # n = 1: D = max(U, 1 - U), so P(D < d) = 2d - 1.
    assert kolmogorov_cdf(1, 0.7) == pytest.approx(0.4, abs=1e-12)
    # Published two-sided critical values for n = 10: 0.409 at 5%, 0.489 at 1%.
    assert kolmogorov_cdf(10, 0.409) == pytest.approx(0.95, abs=2e-3)
    assert kolmogorov_cdf(10, 0.489) == pytest.approx(0.99, abs=1e-3)
    # Large n: Kolmogorov's limit 1 - 2 sum (-1)^(j-1) exp(-2 j^2 x^2), x = d sqrt(n).
    x = 0.02 * math.sqrt(5000)
    limit = 1 - 2 * math.fsum((-1) ** (j - 1) * math.exp(-2 * j * j * x * x) for j in range(1, 50))
    assert kolmogorov_cdf(5000, 0.02) == pytest.approx(limit, abs=3e-3)
    assert ks_statistic([0.25, 0.75]) == pytest.approx(0.25)


def _results(p_values: list[float]) -> list[battery.TestResult]:
    return [
        battery.TestResult("d", f"t{i}", "", 0.0, 1, p, "pass" if p >= 0.01 else "fail")
        for i, p in enumerate(p_values)
    ]


def test_the_collective_verdict_fails_on_each_check_alone() -> None:
    # GLI-19 3.2.2: the families judged collectively at 99%.
    even = [(i + 0.5) / 100 for i in range(100)]
    assert collective(_results(even)).verdict == "pass"
    # One p-value of 1e-5 among 100: 100 x 1e-5 = 0.001, below 0.01 / 3.
    one = collective(_results([1e-5, *even[1:]]))
    assert one.verdict == "fail" and one.checks[0].p_value == pytest.approx(1e-3)
    # Six of 100 below 1% (0.005 each): Bonferroni 0.5, but P(Bin(100, .01) >= 6) = 0.0005.
    six = collective(_results([0.005] * 6 + even[6:]))
    assert six.verdict == "fail"
    assert six.checks[0].p_value == pytest.approx(0.5)
    assert six.checks[1].p_value == pytest.approx(binomial_sf(6, 100, 0.01))
    assert six.checks[1].p_value < 0.01 / 3 < six.checks[2].p_value
    # Every p-value 0.5: none small, but D = 0.5 is far from uniform (too even).
    flat = collective(_results([0.5] * 100))
    assert flat.verdict == "fail" and flat.checks[0].p_value == 1.0
    assert flat.checks[2].p_value < 1e-12
    assert "FAIL at 99%" in flat.reasoning


def test_the_collective_verdict_refuses_what_it_cannot_judge() -> None:
    with pytest.raises(ValueError, match="no test ran"):
        collective([])
    with pytest.raises(ValueError, match="between 0 and 1"):
        collective(_results([0.5]), confidence=1.0)
