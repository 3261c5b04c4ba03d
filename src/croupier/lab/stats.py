"""The statistics the RNG battery needs, written out so that a lab can check them.

- :func:`chi_square_sf`: the upper tail of the chi-square distribution, ``Q(df/2, x/2)``,
  the regularized upper incomplete gamma function: the power series of the lower tail
  below ``x = a + 1`` and a continued fraction (modified Lentz) for the upper tail above
  (the two expansions of Abramowitz and Stegun 6.5.29 and 6.5.31), with ``ln Γ`` from
  :func:`math.lgamma`. The tests check it against the closed forms: ``erfc`` for one and
  three degrees of freedom, and the Poisson sum ``exp(-x/2) Σ (x/2)^i / i!`` for even
  degrees of freedom.
- :func:`normal_two_sided`: ``P(|Z| >= |z|)`` for a standard normal ``Z``
  (:func:`math.erfc`).
- :func:`chi_square`: Pearson's statistic of observed counts against expected ones, with
  the tail cells pooled until each expects at least :data:`LEAST_EXPECTED`.
- The exact null distributions: :func:`stirling2`, :func:`coupon_probabilities`,
  :func:`poker_probabilities`, :func:`gap_probabilities`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

LEAST_EXPECTED = 5.0
"""The fewest outcomes a cell of a chi-square test may expect (the usual rule of thumb)."""

_EPSILON = 1e-16
_TINY = 1e-300


def _log_prefactor(a: float, x: float) -> float:
    """``ln(x^a e^-x / Γ(a))``."""
    return a * math.log(x) - x - math.lgamma(a)


def _lower_series(a: float, x: float) -> float:
    """``P(a, x)`` by its power series (for ``x < a + 1``)."""
    term = total = 1.0 / a
    n = a
    for _ in range(1_000_000):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(_log_prefactor(a, x))


def _upper_fraction(a: float, x: float) -> float:
    """``Q(a, x)`` by its continued fraction (for ``x >= a + 1``), modified Lentz."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, 1_000_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPSILON:
            break
    return math.exp(_log_prefactor(a, x)) * h


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function ``Q(a, x) = Γ(a, x) / Γ(a)``.

    Raises ``ValueError`` unless ``a > 0`` and ``x >= 0``."""
    if a <= 0 or x < 0 or math.isnan(x):
        raise ValueError(f"Q(a, x) needs a > 0 and x >= 0, not a={a}, x={x}")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def chi_square_sf(statistic: float, df: int | float) -> float:
    """``P(X >= statistic)`` for ``X`` chi-square with ``df`` degrees of freedom.

    Raises ``ValueError`` for ``df <= 0`` or a negative statistic."""
    if df <= 0:
        raise ValueError(f"a chi-square test needs at least one degree of freedom, not {df}")
    return gamma_q(df / 2.0, statistic / 2.0)


def normal_two_sided(z: float) -> float:
    """``P(|Z| >= |z|)`` for a standard normal ``Z``."""
    return math.erfc(abs(z) / math.sqrt(2.0))


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's statistic, its degrees of freedom and upper-tail p-value, and the cells
    it was taken over (after pooling)."""

    statistic: float
    df: int
    p_value: float
    cells: int


def pool(observed: ArrayLike, expected: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Ordered cells (a distribution's categories, smallest first) merged with their
    neighbours so that each expects at least :data:`LEAST_EXPECTED`: cells are gathered
    from the first until they expect that much, and a short remainder joins the last
    cell made."""
    obs_in = np.asarray(observed, dtype=float).ravel()
    exp_in = np.asarray(expected, dtype=float).ravel()
    obs: list[float] = []
    exp: list[float] = []
    held_obs = held_exp = 0.0
    for o, e in zip(obs_in, exp_in, strict=True):
        held_obs += o
        held_exp += e
        if held_exp >= LEAST_EXPECTED:
            obs.append(held_obs)
            exp.append(held_exp)
            held_obs = held_exp = 0.0
    if held_exp > 0 or held_obs > 0:
        if exp:
            obs[-1] += held_obs
            exp[-1] += held_exp
        else:
            obs.append(held_obs)
            exp.append(held_exp)
    return np.array(obs), np.array(exp)


def chi_square(observed: ArrayLike, expected: ArrayLike, constraints: int = 1) -> ChiSquare:
    """Pearson's chi-square of ``observed`` counts against ``expected`` (same shape, same
    total), with ``cells - constraints`` degrees of freedom.

    Raises ``ValueError`` when a cell expects fewer than :data:`LEAST_EXPECTED` outcomes
    or fewer than two cells remain (too few outcomes for the test)."""
    obs = np.asarray(observed, dtype=float).ravel()
    exp = np.asarray(expected, dtype=float).ravel()
    if obs.shape != exp.shape:
        raise ValueError(f"observed {obs.shape} and expected {exp.shape} differ in shape")
    if len(exp) < 2:
        raise ValueError("too few outcomes: they fill only one cell")
    if exp.min() < LEAST_EXPECTED:
        raise ValueError(
            f"too few outcomes: a cell expects {exp.min():.3g} (at least "
            f"{LEAST_EXPECTED:g} are needed)"
        )
    statistic = float(np.sum((obs - exp) ** 2 / exp))
    df = len(exp) - constraints
    return ChiSquare(statistic, df, chi_square_sf(statistic, df), len(exp))


# --- exact null distributions ---------------------------------------------------------------
def stirling2(n: int, k: int) -> int:
    """The Stirling number of the second kind: the ways to split ``n`` things into ``k``
    non-empty groups (``S(n, n) = 1``, ``S(n, 0) = 0`` for ``n > 0``, ``S(0, 0) = 1``)."""
    if n < 0 or k < 0:
        raise ValueError("Stirling numbers need n, k >= 0")
    row = [1] + [0] * k  # S(0, j)
    for i in range(1, n + 1):
        new = [0] * (k + 1)
        for j in range(1, min(i, k) + 1):
            new[j] = j * row[j] + row[j - 1]
        row = new
    return row[k]


def poker_probabilities(values: int, hand: int = 5) -> list[Fraction]:
    """``P(r different values)`` for ``r = 1 .. min(hand, values)`` in ``hand`` draws of
    ``values`` equally likely values: ``values! / (values - r)! * S(hand, r) /
    values^hand`` (Knuth, TAOCP 3.3.2 D)."""
    found = []
    for r in range(1, min(hand, values) + 1):
        falling = math.perm(values, r)
        found.append(Fraction(falling * stirling2(hand, r), values**hand))
    return found


def coupon_probabilities(values: int, longest: int) -> tuple[list[float], float]:
    """The length ``L`` of a segment that first shows all ``values`` equally likely
    values: ``[P(L = values), ..., P(L = longest)]`` and ``P(L > longest)``.

    Computed by the chain of how many values have been seen (each draw is new with
    probability ``(values - j) / values``), in floats with every term positive;
    ``P(L = r) = values! / values^r * S(r - 1, values - 1)`` (Knuth, TAOCP 3.3.2 C)."""
    if values < 2:
        raise ValueError("a coupon collector needs at least two values")
    seen = np.zeros(values + 1)
    seen[0] = 1.0
    probabilities: list[float] = []
    indices = np.arange(values + 1)
    for draw in range(1, longest + 1):
        # The draw completes the set from values - 1 seen.
        if draw >= values:
            probabilities.append(seen[values - 1] / values)
        new = np.zeros_like(seen)
        new[:-1] += seen[:-1] * indices[:-1] / values
        new[1:] += seen[:-1] * (values - indices[:-1]) / values
        new[values] = 0.0  # a completed segment ends
        seen = new
    tail = float(seen[:values].sum())
    return probabilities, tail


def gap_probabilities(p: float, longest: int) -> tuple[list[float], float]:
    """A gap between two successive draws in a set of probability ``p``:
    ``[P(gap = 0), ..., P(gap = longest)]`` and ``P(gap > longest)``
    (``P(gap = g) = (1 - p)^g p``)."""
    if not 0 < p < 1:
        raise ValueError(f"a gap test needs 0 < p < 1, not {p}")
    found = [(1 - p) ** g * p for g in range(longest + 1)]
    return found, (1 - p) ** (longest + 1)


def runs_moments(high: int, low: int) -> tuple[float, float]:
    """The mean and variance of the number of runs in a sequence of ``high`` and ``low``
    outcomes in random order (Wald and Wolfowitz): ``2 h l / n + 1`` and
    ``2 h l (2 h l - n) / (n^2 (n - 1))``."""
    n = high + low
    if high == 0 or low == 0 or n < 2:
        raise ValueError("a runs test needs both kinds of outcome")
    product = 2.0 * high * low
    return product / n + 1.0, product * (product - n) / (n * n * (n - 1.0))


def lehmer_codes(orders: np.ndarray) -> np.ndarray:
    """The index (0 .. t! - 1) of each row of ``orders`` (rows of ``t`` distinct values)
    among the ``t!`` orderings, by its Lehmer code (the count of smaller values after each
    place)."""
    rows, t = orders.shape
    code = np.zeros(rows, dtype=np.int64)
    for place in range(t):
        smaller = (orders[:, place + 1 :] < orders[:, place : place + 1]).sum(axis=1)
        code = code * (t - place) + smaller
    return code
