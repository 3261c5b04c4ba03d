"""The GLI-19 3.2.2 test families the first battery lacked: overlaps, serial and
interplay correlation, duplicates. Each function takes a stream of values ``0 .. k - 1``
(the faces of the dice less one, a number drawn, the item on top of each shuffle) that a
fair generator makes independent and uniform, and gives a :class:`Found`: the statistic,
its null distribution and the p-value from it, or raises :class:`TooFew` when the stream
is too short for the distribution to hold.

- **overlapping tuples** (:func:`overlapping_tuples`): the generalized serial test on
  *overlapping* ``m``-tuples, read cyclically (NIST SP 800-22 2.11, for ``k`` values in
  place of two). With ``nu`` the counts of the ``k^m`` tuples of ``n`` overlapping
  positions, ``psi2_m = k^m / n * sum(nu^2) - n`` (``psi2_0 = 0``). Overlapping counts are
  not independent, so ``psi2_m`` is not chi-square; its differences are (Good 1953):
  ``psi2_m - psi2_(m-1)`` with ``k^m - k^(m-1)`` degrees of freedom and ``psi2_m - 2
  psi2_(m-1) + psi2_(m-2)`` with ``k^(m-2) (k - 1)^2``.
- **serial correlation** (:func:`serial_correlation`): for each lag ``h = 1 .. L``, ``z_h
  = sum(y_t y_(t+h)) / (sigma^2 sqrt(n - h))`` with ``y = x - (k - 1) / 2`` and ``sigma^2 =
  (k^2 - 1) / 12``, the mean and variance of the uniform on ``0 .. k - 1``. Under the
  null every product has mean 0 and variance ``sigma^4`` and any two products differ in
  some factor, so each ``z_h`` has mean 0 and variance exactly 1, the ``z_h`` are
  uncorrelated, and (a martingale central limit) ``sum z_h^2`` is asymptotically
  chi-square with ``L`` degrees of freedom.
- **interplay correlation** (:func:`cross_correlation`, :func:`pair_independence`): two
  streams that ought to be independent (two tables drawing in turn, two server seeds):
  the same ``z`` between ``a_t`` and ``b_(t+h)`` for ``h = -L .. L`` (chi-square with
  ``2L + 1`` degrees of freedom), and the chi-square of the ``k^2`` pairs ``(a_t, b_t)``
  against ``n / k^2`` each (``k^2 - 1`` degrees of freedom).
- **collisions** (:func:`collisions`): Knuth's collision test (TAOCP 3.3.2 I): ``t``
  successive values make one of ``k^t`` urns; the number of balls that fall into an urn
  already occupied has the exact distribution
  :func:`~croupier.lab.stats.collision_probabilities`; two-sided (too few collisions,
  a too-even generator, fails as well as too many), by the mid-p-value (:func:`mid_p`).
- **birthday spacings** (:func:`birthday_spacings`): Marsaglia's test (Knuth 3.3.2 J):
  ``t`` successive values make a birthday in a year of ``N = k^t`` days (``N >=
  2^24``); ``M`` birthdays, sorted, give ``M`` spacings (the last around the year); the
  count of spacings equal to an earlier one is asymptotically Poisson with mean ``M^3 /
  (4N)`` (``M`` chosen so that the mean is about 2). **An approximation**: the exact mean
  is a little lower (Knuth's exact figures for ``M = 512``, ``N = 2^25`` differ from the
  Poisson by under 0.002 a cell; 150 runs of 200 years of 10 dice measured 395.4 against
  400.0, about 1% low, 0.4% its standard error), so the test sums at most
  :data:`BIRTHDAY_REPEATS` years (a Poisson mean of about 200, where 1% is a sixth of a
  standard deviation) and takes the sum as Poisson with the summed mean, two-sided
  (mid-p).
- **repeated outcomes** (:func:`repeats`): the collision count of whole outcomes (the
  orders of whole shuffles, the seeds of rounds) in their enormous space: any repeat is a
  failure far below any significance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numba
import numpy as np

from croupier.lab.stats import (
    LEAST_EXPECTED,
    chi_square,
    chi_square_sf,
    collision_probabilities,
    poisson_cdf,
    poisson_sf,
)

LAGS: Final = 8
"""The lags of the serial and cross correlations."""
LONGEST_TUPLE: Final = 5
"""The longest overlapping tuple tested."""
TUPLE_EXPECTED: Final = 10.0
"""The fewest outcomes each overlapping ``m``-tuple must expect for its test to run."""
COLLISION_BALLS: Final = 1 << 16
"""The most balls a collision test throws."""
COLLISION_MEAN: Final = 256.0
"""The collision test takes the shortest tuple whose urns expect at most this many
collisions."""
BIRTHDAY_DAYS: Final = 1 << 24
"""The fewest days of a birthday year."""
BIRTHDAY_MEAN: Final = 2.0
"""The Poisson mean of one year's equal spacings (Marsaglia's choice)."""
BIRTHDAY_REPEATS: Final = 100
"""The most years a birthday-spacings test sums."""


class TooFew(ValueError):
    """The stream is too short for the test's null distribution (the message says why)."""


@dataclass(frozen=True)
class Found:
    """A test's statistic, the degrees of freedom of a chi-square (``None`` for another
    distribution), its p-value and a note; ``discrete`` where the p-value is a count's
    (collisions, equal spacings, repeats), whose distribution has atoms of a few percent
    (or, for repeats, is almost always 0), so that its p-values take few values and are
    not near uniform under the null."""

    statistic: float
    df: int | None
    p_value: float
    note: str
    discrete: bool = False


def _codes_py(x: np.ndarray, kinds: int, length: int) -> np.ndarray:
    """The index of each of ``x``'s cyclic overlapping ``length``-tuples among
    ``k^length``, rolled along: the next tuple's index drops the first value's place and
    adds the next value."""
    n = x.shape[0]
    top = kinds ** (length - 1)
    code = np.empty(n, dtype=np.int64)
    rolling = 0
    for place in range(length - 1):
        rolling = rolling * kinds + int(x[place % n])
    for i in range(n):
        rolling = (
            (rolling % top) * kinds + int(x[(i + length - 1) % n]) if length > 1 else int(x[i])
        )
        code[i] = rolling
    return code


_codes = numba.njit(cache=True, nogil=True)(_codes_py)


def psi_squared(x: np.ndarray, kinds: int, length: int) -> float:
    """``psi2_length = k^length / n * sum(nu^2) - n`` over the cyclic overlapping tuples."""
    return _psi_of_counts(_tuple_counts(x, kinds, length), x.size)


def _tuple_counts(x: np.ndarray, kinds: int, length: int) -> np.ndarray:
    """The counts of the ``k^length`` cyclic overlapping tuples (of one count when
    ``length`` is 0)."""
    if length <= 0:
        return np.array([float(x.size)])
    return np.bincount(_codes(x, kinds, length), minlength=kinds**length).astype(float)


def _psi_of_counts(counts: np.ndarray, n: int) -> float:
    return float(counts.size / n * np.dot(counts, counts) - n)


def tuple_length(n: int, kinds: int) -> int:
    """The longest ``m <= LONGEST_TUPLE`` whose tuples expect ``TUPLE_EXPECTED`` each
    among ``n`` positions. Raises :class:`TooFew` when not even pairs do."""
    m = 0
    while m < LONGEST_TUPLE and n / kinds ** (m + 1) >= TUPLE_EXPECTED:
        m += 1
    if m < 2:
        raise TooFew(
            f"too few outcomes: {n:,} values give the {kinds**2:,} overlapping pairs fewer "
            f"than {TUPLE_EXPECTED:g} each"
        )
    return m


def overlapping_tuples(x: np.ndarray, kinds: int, length: int) -> tuple[Found, Found]:
    """The first and second differences of ``psi2`` at ``length`` (module docstring)."""
    n = x.size
    # The (m - 1)-tuple starting at each position is the m-tuple's prefix there (the
    # tuples are read cyclically), so its counts sum the m-tuples' over their last value.
    counts = [_tuple_counts(x, kinds, length)]
    for _ in (1, 2):
        counts.append(
            counts[-1].reshape(-1, kinds).sum(axis=1) if counts[-1].size > 1 else counts[-1]
        )
    psi = [_psi_of_counts(c, n) if c.size > 1 else 0.0 for c in counts]
    first = psi[0] - psi[1]
    second = psi[0] - 2 * psi[1] + psi[2]
    df1 = kinds**length - kinds ** (length - 1)
    df2 = kinds ** (length - 2) * (kinds - 1) ** 2
    note = f"{kinds**length:,} overlapping {length}-tuples of {n:,} values, cyclic"
    return (
        Found(first, df1, chi_square_sf(max(first, 0.0), df1), note),
        Found(second, df2, chi_square_sf(max(second, 0.0), df2), note),
    )


def _standardized(x: np.ndarray, kinds: int) -> np.ndarray:
    return (x.astype(float) - (kinds - 1) / 2) / math.sqrt((kinds * kinds - 1) / 12)


def _lag_z(a: np.ndarray, b: np.ndarray, lag: int) -> float:
    """``z`` between ``a_t`` and ``b_(t + lag)`` (``lag`` may be negative)."""
    if lag < 0:
        a, b, lag = b, a, -lag
    n = min(a.size, b.size) - lag
    return float(np.dot(a[:n], b[lag : lag + n]) / math.sqrt(n))


def serial_correlation(x: np.ndarray, kinds: int, lags: int = LAGS) -> Found:
    """``sum z_h^2`` over the lags ``1 .. lags`` (module docstring)."""
    if kinds < 2 or x.size < 100 * lags:
        raise TooFew(f"too few outcomes: {x.size:,} values for {lags} lags (100 a lag)")
    y = _standardized(x, kinds)
    z = [_lag_z(y, y, h) for h in range(1, lags + 1)]
    statistic = math.fsum(v * v for v in z)
    worst = max(range(lags), key=lambda i: abs(z[i]))
    note = f"lags 1 to {lags}; the largest |z| {abs(z[worst]):.2f} at lag {worst + 1}"
    return Found(statistic, lags, chi_square_sf(statistic, lags), note)


def cross_correlation(a: np.ndarray, b: np.ndarray, kinds: int, lags: int = LAGS) -> Found:
    """``sum z_h^2`` between ``a_t`` and ``b_(t + h)``, ``h = -lags .. lags``."""
    n = min(a.size, b.size)
    if kinds < 2 or n < 100 * (2 * lags + 1):
        raise TooFew(f"too few outcomes: {n:,} pairs for {2 * lags + 1} lags (100 a lag)")
    ya, yb = _standardized(a[:n], kinds), _standardized(b[:n], kinds)
    z = {h: _lag_z(ya, yb, h) for h in range(-lags, lags + 1)}
    statistic = math.fsum(v * v for v in z.values())
    worst = max(z, key=lambda h: abs(z[h]))
    note = f"lags -{lags} to {lags}; the largest |z| {abs(z[worst]):.2f} at lag {worst}"
    return Found(statistic, 2 * lags + 1, chi_square_sf(statistic, 2 * lags + 1), note)


def pair_independence(a: np.ndarray, b: np.ndarray, kinds: int) -> Found:
    """Chi-square of the pairs ``(a_t, b_t)``, each of the ``k^2`` expected ``n / k^2``."""
    n = min(a.size, b.size)
    cells = kinds * kinds
    if n / cells < LEAST_EXPECTED:
        raise TooFew(f"too few outcomes: {n:,} pairs for {cells:,} cells")
    codes = a[:n].astype(np.int64) * kinds + b[:n].astype(np.int64)
    found = chi_square(np.bincount(codes, minlength=cells), np.full(cells, n / cells))
    return Found(found.statistic, found.df, found.p_value, f"{cells:,} pairs of values")


def _tuples(x: np.ndarray, kinds: int, length: int, count: int) -> np.ndarray:
    """The first ``count`` non-overlapping ``length``-tuples of ``x`` as numbers."""
    rows = x[: count * length].astype(np.int64).reshape(count, length)
    code = np.zeros(count, dtype=np.int64)
    for place in range(length):
        code = code * kinds + rows[:, place]
    return code


def mid_p(below: float, at: float, above: float) -> float:
    """The two-sided mid-p-value of a count: twice the smaller of ``P(X < c) + P(X = c) /
    2`` and ``P(X > c) + P(X = c) / 2``, at most 1. Counting only half the observed
    count's own probability keeps a discrete count's p-values near uniform (mean 1/2)
    rather than skewed upward, as the collective verdict's check of their uniformity
    needs."""
    return min(1.0, 2 * min(below + at / 2, above + at / 2))


def count_test(observed: int, balls: int, urns: float) -> tuple[float, float, float]:
    """The collision count's two-sided mid-p-value (:func:`mid_p`), its mean and
    ``P(C >= observed)``."""
    mean = balls * (balls - 1) / (2 * urns)
    most = int(mean + 12 * math.sqrt(mean) + 40)
    probabilities, tail = collision_probabilities(balls, urns, most)
    if observed > most:
        return 0.0 if tail == 0 else min(1.0, 2 * tail), mean, tail
    at = float(probabilities[observed])
    above = math.fsum(probabilities[observed + 1 :]) + tail
    below = math.fsum(probabilities[:observed])
    return mid_p(below, at, above), mean, above + at


def collisions(x: np.ndarray, kinds: int) -> Found:
    """Knuth's collision test on tuples of ``x`` (module docstring)."""
    length = 1
    while True:
        balls = min(x.size // length, COLLISION_BALLS)
        if balls < 2:
            raise TooFew(f"too few outcomes: {x.size:,} values for a collision test")
        if balls * balls / (2 * kinds**length) <= COLLISION_MEAN:
            break
        length += 1
    urns = kinds**length
    if urns >= 1 << 62:
        raise TooFew(f"{kinds} values make too many urns for a collision test")
    codes = _tuples(x, kinds, length, balls)
    observed = balls - int(np.unique(codes).size)
    p, mean, _ = count_test(observed, balls, float(urns))
    note = (
        f"{balls:,} tuples of {length} values in {urns:,} urns: {observed:,} collisions, "
        f"{mean:.1f} expected"
    )
    return Found(float(observed), None, p, note, discrete=True)


def repeats(codes: list[bytes] | np.ndarray, space: float, what: str) -> Found:
    """The collision count of whole outcomes ``codes`` in a space of ``space`` equally
    likely ones: ``P(C >= observed)`` (one-sided: a fair generator almost never repeats)."""
    balls = len(codes)
    if balls < 2:
        raise TooFew(f"too few outcomes: {balls} {what}")
    distinct = len({bytes(c) for c in codes}) if isinstance(codes, list) else None
    if distinct is None:
        distinct = int(np.unique(np.asarray(codes), axis=0).shape[0])
    observed = balls - distinct
    _, mean, upper = count_test(observed, balls, space)
    note = f"{balls:,} {what}: {observed:,} repeated, {mean:.3g} expected"
    return Found(float(observed), None, upper, note, discrete=True)


def birthday_length(kinds: int) -> int:
    """The fewest values whose tuples make a year of at least :data:`BIRTHDAY_DAYS`."""
    return max(1, math.ceil(math.log(BIRTHDAY_DAYS) / math.log(kinds) - 1e-12))


def spacing_collisions(days: np.ndarray, year: int) -> int:
    """The spacings of the sorted birthdays ``days`` (the last around the year) that equal
    an earlier one."""
    ordered = np.sort(days.astype(np.int64))
    spacings = np.diff(np.concatenate([ordered, ordered[:1] + year]))
    return int(spacings.size - np.unique(spacings).size)


def birthday_spacings(x: np.ndarray, kinds: int) -> Found:
    """Marsaglia's birthday spacings on tuples of ``x`` (module docstring)."""
    if kinds < 2:
        raise TooFew("a birthday test needs at least two values")
    length = birthday_length(kinds)
    year = kinds**length
    if year >= 1 << 62:
        raise TooFew(f"{kinds} values make too long a year for a birthday test")
    birthdays = round((4 * BIRTHDAY_MEAN * year) ** (1 / 3))
    years = min(x.size // (length * birthdays), BIRTHDAY_REPEATS)
    if years < 1:
        raise TooFew(
            f"too few outcomes: a year of {year:,} days takes {length * birthdays:,} values"
        )
    days = _tuples(x, kinds, length, years * birthdays).reshape(years, birthdays)
    observed = sum(spacing_collisions(row, year) for row in days)
    mean = years * birthdays**3 / (4 * year)
    below, above = poisson_cdf(observed - 1, mean), poisson_sf(observed + 1, mean)
    p = mid_p(below, max(0.0, 1.0 - below - above), above)
    note = (
        f"{years} years of {year:,} days, {birthdays} birthdays each: {observed:,} equal "
        f"spacings, {mean:.1f} expected (Poisson)"
    )
    return Found(float(observed), None, p, note, discrete=True)
