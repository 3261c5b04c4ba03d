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
  :func:`poker_probabilities`, :func:`gap_probabilities`, :func:`collision_probabilities`
  (Knuth's collision test, TAOCP 3.3.2 I, by the chain of occupied urns).
- :func:`poisson_sf`, :func:`poisson_cdf`: the Poisson tails, by the identity
  ``P(X >= c) = P(c, mean)`` with the regularized lower incomplete gamma function.
- :func:`binomial_sf`: the binomial upper tail, summed term by term in logarithms.
- :func:`kolmogorov_cdf`: the exact distribution of the one-sample Kolmogorov-Smirnov
  statistic ``D_n`` (Marsaglia, Tsang and Wang 2003: a power of a ``(2k - 1)``-square
  matrix).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numba
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


def gamma_p(a: float, x: float) -> float:
    """The regularized lower incomplete gamma function ``P(a, x) = 1 - Q(a, x)``, each
    side taken by the expansion that keeps its own small values exact.

    Raises ``ValueError`` unless ``a > 0`` and ``x >= 0``."""
    if a <= 0 or x < 0 or math.isnan(x):
        raise ValueError(f"P(a, x) needs a > 0 and x >= 0, not a={a}, x={x}")
    if x == 0:
        return 0.0
    if x < a + 1.0:
        return min(1.0, _lower_series(a, x))
    return max(0.0, 1.0 - _upper_fraction(a, x))


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


def collision_probabilities(balls: int, urns: float, most: int) -> tuple[np.ndarray, float]:
    """The number of collisions ``C`` when ``balls`` balls fall independently into
    ``urns`` equally likely urns (a ball that falls into an occupied urn collides):
    ``[P(C = 0), ..., P(C = most)]`` and ``P(C > most)``.

    By the chain over the balls: after ``i`` balls with ``c`` collisions, ``i - c`` urns
    are occupied, and the next ball collides with probability ``(i - c) / urns`` (Knuth,
    TAOCP 3.3.2 I, whose closed form is ``P(C = c) = urns! / (urns - j)! S(balls, j) /
    urns^balls`` with ``j = balls - c`` urns occupied). Raises ``ValueError`` for fewer
    than one urn or a negative count."""
    if urns < 1 or balls < 0 or most < 0:
        raise ValueError(f"a collision test needs urns >= 1, balls >= 0: {urns}, {balls}")
    found = np.zeros(most + 1)
    found[0] = 1.0
    tail = _collision_chain(balls, float(urns), found)
    return found, tail


def _collision_chain_py(balls: int, urns: float, found: np.ndarray) -> float:
    """Run the chain of :func:`collision_probabilities` on ``found`` (in place); the
    probability carried past its last cell."""
    most = found.shape[0] - 1
    tail = 0.0
    for i in range(balls):
        # Highest collision count first, so each cell is moved once per ball.
        for c in range(min(i, most), -1, -1):
            occupied = i - c
            hit = found[c] * occupied / urns
            found[c] -= hit
            if c == most:
                tail += hit
            else:
                found[c + 1] += hit
    return tail


_collision_chain = numba.njit(cache=True, nogil=True)(_collision_chain_py)


def poisson_cdf(count: int, mean: float) -> float:
    """``P(X <= count)`` for ``X`` Poisson with ``mean``: ``Q(count + 1, mean)``."""
    if mean < 0:
        raise ValueError(f"a Poisson mean is not negative: {mean}")
    if count < 0:
        return 0.0
    return 1.0 if mean == 0 else gamma_q(count + 1.0, mean)


def poisson_sf(count: int, mean: float) -> float:
    """``P(X >= count)`` for ``X`` Poisson with ``mean``: ``P(count, mean)``."""
    if mean < 0:
        raise ValueError(f"a Poisson mean is not negative: {mean}")
    if count <= 0:
        return 1.0
    return 0.0 if mean == 0 else gamma_p(float(count), mean)


def binomial_sf(count: int, trials: int, p: float) -> float:
    """``P(X >= count)`` for ``X`` binomial with ``trials`` trials of probability ``p``,
    the terms ``C(trials, i) p^i (1 - p)^(trials - i)`` summed (in logarithms)."""
    if not 0 < p < 1 or trials < 0:
        raise ValueError(f"a binomial needs 0 < p < 1 and trials >= 0, not {p}, {trials}")
    if count <= 0:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    terms = [
        math.exp(
            math.lgamma(trials + 1)
            - math.lgamma(i + 1)
            - math.lgamma(trials - i + 1)
            + i * log_p
            + (trials - i) * log_q
        )
        for i in range(count, trials + 1)
    ]
    return min(1.0, math.fsum(terms))


def _scaled_power(matrix: np.ndarray, power: int) -> tuple[np.ndarray, float]:
    """``matrix ** power`` as ``(M, e)`` with the power ``M * exp(e)`` (renormalized
    after every product so that nothing overflows)."""
    result = np.eye(matrix.shape[0])
    log_result = 0.0
    base, log_base = matrix.copy(), 0.0
    while power:
        if power & 1:
            result = result @ base
            log_result += log_base
            top = float(np.abs(result).max())
            result /= top
            log_result += math.log(top)
        power >>= 1
        if power:
            base = base @ base
            log_base *= 2
            top = float(np.abs(base).max())
            base /= top
            log_base += math.log(top)
    return result, log_result


def kolmogorov_cdf(n: int, d: float) -> float:
    """``P(D_n < d)``: the exact distribution of the Kolmogorov-Smirnov statistic ``D_n =
    sup |F_n(x) - x|`` of ``n`` independent uniforms (Marsaglia, Tsang and Wang,
    "Evaluating Kolmogorov's distribution", J. Stat. Software 8(18), 2003): with ``k =
    floor(n d) + 1``, ``m = 2k - 1`` and ``h = k - n d``, the ``m x m`` matrix ``H`` with
    ``H[i][j] = 1 / (i - j + 1)!`` where ``i - j + 1 >= 0`` (``0! = 1``), its first column
    and last row less ``h^(i + 1)`` and ``h^(m - j)``, its corner plus ``(2h - 1)^m``
    where ``2h > 1``; then ``P = n! / n^n (H^n)[k - 1][k - 1]``.

    Raises ``ValueError`` for ``n < 1``."""
    if n < 1:
        raise ValueError(f"a Kolmogorov-Smirnov statistic needs at least one value, not {n}")
    if d <= 0:
        return 0.0
    if d >= 1:
        return 1.0
    k = int(n * d) + 1
    m = 2 * k - 1
    h = k - n * d
    rows, cols = np.indices((m, m))
    gap = rows - cols + 1
    weights = np.where(gap >= 0, 1.0, 0.0)
    weights[:, 0] -= h ** np.arange(1, m + 1)
    weights[m - 1, :] -= h ** np.arange(m, 0, -1)
    if 2 * h - 1 > 0:
        weights[m - 1, 0] += (2 * h - 1) ** m
    factorials = np.array([math.lgamma(g + 1) if g > 0 else 0.0 for g in gap.ravel()])
    weights = weights * np.exp(-factorials.reshape(m, m))
    power, log_scale = _scaled_power(weights, n)
    corner = float(power[k - 1, k - 1])
    if corner <= 0:
        return 0.0
    log_p = math.log(corner) + log_scale + math.lgamma(n + 1) - n * math.log(n)
    return min(1.0, math.exp(log_p))


def ks_statistic(values: ArrayLike) -> float:
    """``D_n = sup |F_n(x) - x|`` of ``values`` against the uniform on [0, 1]."""
    ordered = np.sort(np.asarray(values, dtype=float))
    n = ordered.size
    if n == 0:
        raise ValueError("a Kolmogorov-Smirnov statistic needs at least one value")
    ranks = np.arange(1, n + 1)
    return float(max((ranks / n - ordered).max(), (ordered - (ranks - 1) / n).max()))
