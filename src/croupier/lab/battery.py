"""The statistical battery on a table's scaled outcomes (``croupier rng test``).

Each draw a game's policy lists (``TablePolicy.random_draws``) is made many times
(:mod:`croupier.lab.sources`) and tested; every test gives its statistic, its p-value
and a verdict at the stated significance ``alpha`` (default 1%): it **fails** when its
p-value is below ``alpha``. The battery as a whole fails when any p-value is below
``alpha`` divided by the number of tests run (Bonferroni), so that a fair generator fails
the whole battery with a probability of at most ``alpha``. A test whose cells would
expect fewer than five outcomes is not run (too few outcomes for it), and says so.

On a stream of values (the faces of the dice, a number drawn, the card on top of each
shuffle), each taking ``k`` equally likely values (Knuth, TAOCP vol. 2, 3.3.2):

- **frequency**: chi-square of each value's count against ``n / k``;
- **serial pairs**: chi-square of the ``k^2`` pairs of successive values (pairs taken
  without overlap);
- **runs**: the number of runs of high and low values (the upper half of the values
  against the lower), Wald and Wolfowitz's normal test, two-sided;
- **gap**: chi-square of the gaps between successive draws of the lowest value
  (geometric, ``P(gap = g) = (1 - 1/k)^g / k``);
- **coupon collector**: chi-square of the lengths of the segments that first show every
  value (``P(L = r) = k! S(r - 1, k - 1) / k^r``);
- **poker**: chi-square of the number of different values in hands of five successive
  values (``k! / (k - r)! S(5, r) / k^5``);
- the GLI-19 3.2.2 families of :mod:`croupier.lab.families`: **overlapping tuples** (the
  first and second differences of ``psi2``), **serial correlation** at lags 1 to 8,
  **collisions** (Knuth's collision test, exact) and **birthday spacings** (Poisson,
  an approximation stated there).

On the dice also **each die of the throw**: chi-square of the faces of the first, second,
... die of a throw (``count x 6`` cells, each row its own total).

On a shuffle of ``m`` items:

- **positions**: every item's count at every position, against ``n / m``; the item-by-
  position table of a uniform random permutation has both margins fixed, and Pearson's
  statistic times ``(m - 1) / m`` is chi-square with ``(m - 1)^2`` degrees of freedom
  (the covariance of a permutation matrix is ``1 / (m - 1)`` times the projection on the
  tables with zero margins, by its symmetry under permuting rows and columns);
- **ascending runs**: the number of ascending runs of the items' original places in each
  shuffled order (mean ``(m + 1) / 2``, variance ``(m + 1) / 12``), summed over the
  shuffles, a normal test, two-sided;
- **permutation of a small deck**: the order in which the shuffle puts the deck's first
  five items, each of the 120 orderings equally likely;
- **repeated shuffles**: how many shuffles repeat an earlier one's whole order among the
  ``m!`` orders (exact collision distribution; a fair shuffle of more than a few items
  never repeats);
- the stream tests above on **the item on top** of each shuffle.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import numba
import numpy as np

from croupier.lab.families import (
    Found,
    TooFew,
    birthday_spacings,
    collisions,
    overlapping_tuples,
    repeats,
    serial_correlation,
    tuple_length,
)
from croupier.lab.sources import Outcomes
from croupier.lab.stats import (
    LEAST_EXPECTED,
    ChiSquare,
    chi_square,
    chi_square_sf,
    coupon_probabilities,
    gap_probabilities,
    lehmer_codes,
    normal_two_sided,
    poker_probabilities,
    pool,
    runs_moments,
)
from croupier.rng import DiceDraw, ShuffleDraw

ALPHA: Final = 0.01
"""The significance a test fails at, unless another is stated."""
SMALL_DECK: Final = 5
"""The items of the permutation test (5! = 120 orderings)."""
HAND: Final = 5
"""The values of a poker hand."""

PASS, FAIL, NOT_RUN = "pass", "fail", "not run"


@dataclass(frozen=True)
class TestResult:
    """One test of one draw: its statistic and p-value (``None`` when not run), the
    degrees of freedom of a chi-square test (``None`` for a normal test), its verdict
    and what was observed, for the report's plots."""

    draw: str
    test: str
    what: str
    statistic: float | None
    df: int | None
    p_value: float | None
    verdict: str
    note: str = ""
    observed: tuple[float, ...] = ()
    expected: tuple[float, ...] = ()
    residuals: Any = field(default=None, compare=False)
    """The position test's standardized residuals (an ``m x m`` array), for a heat map."""
    discrete: bool = False
    """The p-value is a count's (collisions, equal spacings, repeats): it takes few values,
    so it is not near uniform under the null, and the collective verdict's
    Kolmogorov-Smirnov check leaves it out (:mod:`croupier.lab.verdict`)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "test": self.test,
            "what": self.what,
            "statistic": self.statistic,
            "df": self.df,
            "p_value": self.p_value,
            "verdict": self.verdict,
            "note": self.note,
            "discrete": self.discrete,
        }


def _verdict(p_value: float, alpha: float) -> str:
    return FAIL if p_value < alpha else PASS


class Tester:
    """Collects the results of one draw's tests at significance ``alpha``."""

    def __init__(self, draw: str, alpha: float) -> None:
        self.draw, self.alpha = draw, alpha
        self.results: list[TestResult] = []

    def chi(
        self,
        test: str,
        what: str,
        observed: Any,
        expected: Any,
        constraints: int = 1,
        pooled: bool = False,
    ) -> None:
        obs, exp = pool(observed, expected) if pooled else (observed, expected)
        try:
            found: ChiSquare = chi_square(obs, exp, constraints)
        except ValueError as error:
            self.not_run(test, what, str(error))
            return
        small = np.asarray(obs).size <= 64
        self.results.append(
            TestResult(
                self.draw,
                test,
                what,
                found.statistic,
                found.df,
                found.p_value,
                _verdict(found.p_value, self.alpha),
                f"{found.cells} cells",
                tuple(np.asarray(obs, dtype=float).ravel()) if small else (),
                tuple(np.asarray(exp, dtype=float).ravel()) if small else (),
            )
        )

    def normal(self, test: str, what: str, z: float, note: str = "") -> None:
        p = normal_two_sided(z)
        self.results.append(
            TestResult(self.draw, test, what, z, None, p, _verdict(p, self.alpha), note)
        )

    def found(self, test: str, what: str, found: Found) -> None:
        self.results.append(
            TestResult(
                self.draw,
                test,
                what,
                found.statistic,
                found.df,
                found.p_value,
                _verdict(found.p_value, self.alpha),
                found.note,
                discrete=found.discrete,
            )
        )

    def not_run(self, test: str, what: str, why: str) -> None:
        self.results.append(TestResult(self.draw, test, what, None, None, None, NOT_RUN, why))


# --- stream tests ---------------------------------------------------------------------------
def _coupon_lengths_py(values: np.ndarray, kinds: int) -> np.ndarray:
    """The lengths of the successive segments of ``values`` that each first show all
    ``kinds`` values (an unfinished last segment is dropped)."""
    lengths = np.empty(values.shape[0] // kinds + 1, dtype=np.int64)
    seen = np.zeros(kinds, dtype=np.bool_)
    count = found = length = 0
    for value in values:
        length += 1
        if not seen[value]:
            seen[value] = True
            found += 1
            if found == kinds:
                lengths[count] = length
                count += 1
                seen[:] = False
                found = length = 0
    return lengths[:count]


_coupon_lengths = numba.njit(cache=True, nogil=True)(_coupon_lengths_py)


def _longest(tail: Callable[[int], float], total: int, start: int) -> int:
    """The longest category before the tail cell, so that the tail expects at least five."""
    length = start
    while tail(length + 1) * total >= LEAST_EXPECTED and length < 1_000_000:
        length = length * 2 + 1
    low, high = start, length
    while low < high:
        mid = (low + high + 1) // 2
        if tail(mid) * total >= LEAST_EXPECTED:
            low = mid
        else:
            high = mid - 1
    return low


def stream_tests(
    tester: Tester, values: np.ndarray, kinds: int, label: str, prefix: str = ""
) -> None:
    """The stream tests of the module docstring on ``values`` (0 .. kinds - 1), of
    ``label``; ``prefix`` starts each test's name."""
    n = values.size
    x = values.astype(np.int64, copy=False)
    tester.chi(
        f"{prefix}frequency",
        f"each of the {kinds} values of {label} equally often",
        np.bincount(x, minlength=kinds),
        np.full(kinds, n / kinds),
    )
    pairs = n // 2
    serial = x[0 : 2 * pairs : 2] * kinds + x[1 : 2 * pairs : 2]
    tester.chi(
        f"{prefix}serial pairs",
        f"each of the {kinds * kinds} pairs of successive values of {label} equally often",
        np.bincount(serial, minlength=kinds * kinds),
        np.full(kinds * kinds, pairs / kinds**2),
    )
    high = x >= kinds // 2
    ups = int(high.sum())
    what = f"runs of high and low values of {label} (values {kinds // 2} and above are high)"
    try:
        mean, variance = runs_moments(ups, n - ups)
        runs = 1 + int(np.count_nonzero(high[1:] != high[:-1]))
        tester.normal(f"{prefix}runs", what, (runs - mean) / math.sqrt(variance), f"{runs:,} runs")
    except ValueError as error:
        tester.not_run(f"{prefix}runs", what, str(error))
    for test in (_gap_test, _coupon_test, _poker_test):
        test(tester, x, kinds, label, prefix)
    family_tests(tester, x, kinds, label, prefix)


def _gap_test(tester: Tester, x: np.ndarray, kinds: int, label: str, prefix: str) -> None:
    """The gap test: how many draws between successive draws of the lowest value."""
    p = 1 / kinds
    where = np.flatnonzero(x == 0)
    gaps = np.diff(where) - 1
    what = f"gaps between successive draws of the lowest value of {label}"
    if gaps.size:
        longest = _longest(lambda g: (1 - p) ** g, gaps.size, 0)
        probabilities, tail = gap_probabilities(p, longest)
        observed = np.bincount(np.minimum(gaps, longest + 1), minlength=longest + 2)
        expected = np.array([*probabilities, tail]) * gaps.size
        tester.chi(f"{prefix}gap", what, observed, expected, pooled=True)
    else:
        tester.not_run(f"{prefix}gap", what, "the lowest value was never drawn twice")


def _coupon_test(tester: Tester, x: np.ndarray, kinds: int, label: str, prefix: str) -> None:
    """The coupon collector's test: segments until every value is shown."""
    lengths = _coupon_lengths(x, kinds)
    what = f"lengths of the segments of {label} that first show all {kinds} values"
    if lengths.size:
        cap = int(kinds * (math.log(kinds) + 12)) + kinds
        probabilities, tail = coupon_probabilities(kinds, cap)
        observed = np.bincount(
            np.minimum(lengths - kinds, cap - kinds + 1), minlength=cap - kinds + 2
        )
        expected = np.array([*probabilities, tail]) * lengths.size
        tester.chi(f"{prefix}coupon collector", what, observed, expected, pooled=True)
    else:
        tester.not_run(f"{prefix}coupon collector", what, "no segment showed every value")


def _poker_test(tester: Tester, x: np.ndarray, kinds: int, label: str, prefix: str) -> None:
    """The poker test: how many different values in hands of :data:`HAND`."""
    hands = x.size // HAND
    what = f"different values in hands of {HAND} successive values of {label}"
    if kinds >= 2 and hands:
        rows = np.sort(x[: hands * HAND].reshape(hands, HAND), axis=1)
        distinct = 1 + np.count_nonzero(np.diff(rows, axis=1), axis=1)
        probabilities = [float(q) for q in poker_probabilities(kinds, HAND)]
        observed = np.bincount(distinct - 1, minlength=len(probabilities))
        expected = np.array(probabilities) * hands
        tester.chi(f"{prefix}poker", what, observed, expected, pooled=True)
    else:
        tester.not_run(f"{prefix}poker", what, "fewer than five values")


def family_tests(tester: Tester, x: np.ndarray, kinds: int, label: str, prefix: str = "") -> None:
    """The GLI-19 3.2.2 families of :mod:`croupier.lab.families` on ``x``."""
    what = f"overlapping tuples of successive values of {label} equally often"
    try:
        first, second = overlapping_tuples(x, kinds, tuple_length(x.size, kinds))
        tester.found(f"{prefix}overlapping tuples", what, first)
        tester.found(f"{prefix}overlapping tuples (second difference)", what, second)
    except TooFew as error:
        tester.not_run(f"{prefix}overlapping tuples", what, str(error))
    checks = [
        (
            "serial correlation",
            f"correlation of {label} with itself 1 to 8 draws later",
            serial_correlation,
        ),
        ("collisions", f"tuples of {label} falling into urns already occupied", collisions),
        (
            "birthday spacings",
            f"equal spacings between birthdays made of {label}",
            birthday_spacings,
        ),
    ]
    for test, what, run in checks:
        try:
            tester.found(f"{prefix}{test}", what, run(x, kinds))
        except TooFew as error:
            tester.not_run(f"{prefix}{test}", what, str(error))


# --- shuffle tests --------------------------------------------------------------------------
def _positions_test(tester: Tester, orders: np.ndarray, label: str) -> None:
    """The positions test: every item at every position equally often."""
    shuffles, m = orders.shape
    what = f"every one of the {m} {label}'s items at every position equally often"
    expected = shuffles / m
    if expected < LEAST_EXPECTED:
        tester.not_run(
            "positions",
            what,
            f"too few outcomes: a cell expects {expected:.3g} (at least {LEAST_EXPECTED:g})",
        )
    else:
        source = orders.astype(np.int64).ravel()
        places = np.tile(np.arange(m, dtype=np.int64), shuffles)
        counts = np.bincount(source * m + places, minlength=m * m).reshape(m, m)
        residuals = (counts - expected) / math.sqrt(expected)
        pearson = float(np.sum(residuals**2))
        statistic = pearson * (m - 1) / m
        df = (m - 1) ** 2
        p = chi_square_sf(statistic, df)
        tester.results.append(
            TestResult(
                tester.draw,
                "positions",
                what,
                statistic,
                df,
                p,
                _verdict(p, tester.alpha),
                f"{m * m:,} cells; Pearson's statistic {pearson:,.1f} times (m - 1) / m",
                residuals=residuals,
            )
        )


def shuffle_tests(tester: Tester, orders: np.ndarray, label: str) -> None:
    """The shuffle tests of the module docstring on ``orders`` (rows of positions)."""
    shuffles, m = orders.shape
    _positions_test(tester, orders, label)
    runs = 1 + np.count_nonzero(orders[:, 1:] < orders[:, :-1], axis=1)
    mean, variance = (m + 1) / 2, (m + 1) / 12
    z = (float(runs.sum()) - shuffles * mean) / math.sqrt(shuffles * variance)
    tester.normal(
        "ascending runs",
        f"the number of ascending runs of the items' original places in each shuffled {label}",
        z,
        f"mean {runs.mean():.4f} against {mean:g}",
    )
    small = min(SMALL_DECK, m)
    picked = orders[orders < small].reshape(shuffles, small)  # in the order they lie
    orderings = math.factorial(small)
    tester.chi(
        f"permutation of a small deck ({small} items)",
        f"each of the {orderings} orders of the {label}'s first {small} items equally likely",
        np.bincount(lehmer_codes(picked), minlength=orderings),
        np.full(orderings, shuffles / orderings),
    )
    what = f"shuffles of the {label} that repeat an earlier shuffle's whole order"
    try:
        space = float(math.factorial(m)) if m <= 170 else math.inf
        whole = repeats(orders.astype(np.int16), space, "shuffles")
        tester.found("repeated shuffles", what, whole)
    except TooFew as error:
        tester.not_run("repeated shuffles", what, str(error))
    stream_tests(tester, orders[:, 0], m, f"the item on top of the {label}", "top item: ")


def battery_of(outcomes: Outcomes, alpha: float = ALPHA) -> list[TestResult]:
    """Every test of the module docstring that applies to ``outcomes``."""
    draw = outcomes.draw
    tester = Tester(draw.name, alpha)
    if isinstance(draw, ShuffleDraw):
        shuffle_tests(tester, outcomes.values, draw.name.removeprefix("the "))
        return tester.results
    values = outcomes.values
    stream_tests(tester, values.ravel(), outcomes.kinds, draw.name)
    if isinstance(draw, DiceDraw) and draw.count > 1:
        throws = values.shape[0]
        per_die = np.stack([np.bincount(values[:, die], minlength=6) for die in range(draw.count)])
        tester.chi(
            "each die of the throw",
            f"each face equally often on each of the {draw.count} dice of a throw",
            per_die,
            np.full(per_die.shape, throws / 6),
            constraints=draw.count,
        )
    return tester.results


def overall(results: list[TestResult], alpha: float) -> tuple[str, float]:
    """The battery's verdict and the threshold each p-value was held to: ``alpha`` over
    the number of tests run (Bonferroni)."""
    run = [r for r in results if r.p_value is not None]
    if not run:
        return NOT_RUN, alpha
    threshold = alpha / len(run)
    failed = any(r.p_value is not None and r.p_value < threshold for r in run)
    return (FAIL if failed else PASS), threshold
