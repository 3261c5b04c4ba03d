"""The simulation framework: the game registry, chunked parallel runs and their statistics.

A game kernel module (``croupier.analysis.simulation.<game_module>``, registered in
:func:`simulations`) provides ``sample(rules, rounds, seed) -> dict[str, numpy.ndarray]``
(the contract is in :mod:`croupier.analysis.simulation`). :func:`run` splits the
requested rounds into chunks of a fixed size, gives each chunk an independent child seed
(:meth:`numpy.random.SeedSequence.spawn` of the run's seed), runs the chunks in this
process, on a pool of local processes, or on a Dask cluster, and reduces each chunk's
arrays in the worker to :class:`WagerStats` (count, exact sum, exact sum of squares, the
count of every distinct net result), so that memory stays flat whatever the number of
rounds. The sums are exact :class:`~fractions.Fraction`\\ s, so the merged statistics do
not depend on the order the chunks finish in: a run is reproducible from its seed
whatever the number of workers.

Estimates (:class:`WagerEstimate`) are per unit of the wager: the mean net result, the
sample standard deviation, a two-sided confidence interval for the mean by the normal
approximation (99.9% by default: ``mean ± z · s / √n`` with ``z = Φ⁻¹(0.9995) ≈
3.2905``) and the frequency of every distinct net result.

**Degenerate samples.** The normal interval needs enough wins and enough non-wins: with
no win in ``n`` rounds it has zero width at ``-1`` and excludes the true return of any
wager that can win. Where fewer than :data:`MIN_EVENTS` rounds won (or fewer than that did
not win) the interval is widened by a bound that accounts for the largest payout: the
Clopper-Pearson upper limit ``p⁺`` on the win probability (exact binomial, one-sided at
``(1 + level) / 2``; with no win ``1 - ((1 - level) / 2)^(1/n)``, the "rule of three"
``≈ 3/n`` at 95%) times the payout range, ``ci_high = max(normal high, (1 - p⁺) · (the
largest non-winning net seen) + p⁺ · (the largest net possible))`` and, for few
non-wins, the mirror image with the smallest net possible. The largest and smallest
possible nets come from the kernel's outcome tables (``sample_outcomes``) or its
``describe`` (:attr:`WagerInfo.net_range`); where neither gives them the bound is
infinite (JSON ``null``). Such an interval is marked ``"clopper-pearson"``
(:attr:`WagerEstimate.interval`), asymmetric and conservative.

**Setup time.** The tables a kernel needs (the Criss-Cross Poker strategy, a full exact
solve; Double Back Jack's best play; Pai Gow's house way settings) are built once: by the
kernel's ``prepare(rules)`` hook in the calling process, from the analysis cache on disk
after the first run on a machine (:mod:`croupier.analysis.tables`), and shipped to the
workers as numpy arrays (the pool's initializer; a Dask ``scatter``), never built by a
worker. Each worker then plays one throw-away round of the kernel (compilation, or
loading numba's cache) and waits until every worker is warm before the first chunk is
handed out. The wall time until then (the preparation, the workers' start, their
throw-away rounds) is :attr:`SimulationResult.setup_s`; the rounds per second are those
of the simulation proper, after it.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import islice
from statistics import NormalDist
from types import ModuleType
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis import tables
from croupier.money import counted


def simulations() -> dict[str, str]:
    """Game name -> the kernel module whose ``sample(rules, rounds, seed)`` simulates it:
    every registered game that names one (:attr:`croupier.game.GameSpec.simulation`)."""
    from croupier.registry import GAMES

    return {name: spec.simulation for name, spec in GAMES.items() if spec.simulation}


CONFIDENCE = 0.999
"""The default confidence level of the interval for a wager's mean result."""

CHUNK_ROUNDS = 1 << 17
"""Rounds per chunk unless the kernel module sets its own ``CHUNK_ROUNDS``. The chunking
depends only on the number of rounds, never on the number of workers."""

MIN_EVENTS = 10
"""A sample with fewer wins (or fewer non-wins) than this gets the Clopper-Pearson bound
of the module text instead of the normal interval alone (the usual ``n·p ≥ 10`` rule for
the normal approximation of a binomial)."""

MAX_DISTINCT = 10_000
"""A chunk whose wager shows more distinct net results than this keeps no histogram of
them for that wager (its count and sums stay exact)."""

FloatArray = npt.NDArray[np.float64]


class SimulationError(ValueError):
    """A simulation that cannot run as asked (unknown game, kernel not importable, a
    kernel that breaks the contract); the message says why."""


@dataclass(frozen=True, slots=True)
class WagerInfo:
    """What a kernel may say of a wager beyond its results (optional ``describe`` hook):
    a description, the units one such wager stakes, the strategy played, and
    ``hit_above``: a net result above it is a win (default 0; -1 where a win can be offset
    by a cost to a net of zero or less, as a Like Kind circle paid 3 to 5 with its Extra
    Roll's unit lost, and every loss is -1)."""

    description: str = ""
    units_staked: int = 1
    strategy: str | None = None
    hit_above: float = 0.0
    net_range: tuple[float, float] | None = None
    """The smallest and largest net result per unit the wager can have, where known (the
    bound of a degenerate sample's interval); :func:`run` fills it in from the kernel's
    outcome tables."""


# --- sufficient statistics -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WagerStats:
    """The sufficient statistics of one wager's net results (per unit of the wager).

    ``count`` rounds with the wager in play and ``values``, the number of rounds per
    distinct net result (sorted); :attr:`total` and :attr:`total_sq`, the exact sum and
    sum of squares of the results, follow from them. Past :data:`MAX_DISTINCT` distinct
    results the histogram is dropped (``values`` is ``None``) and ``sums`` keeps the exact
    ``(sum, sum of squares)`` instead.
    """

    count: int
    values: Mapping[float, int] | None
    sums: tuple[Fraction, Fraction] | None = None

    @classmethod
    def empty(cls) -> WagerStats:
        """No rounds."""
        return cls(0, {})

    @classmethod
    def from_counts(cls, values: Mapping[float, int]) -> WagerStats:
        """The statistics of ``values``: distinct net result -> rounds (zeros dropped)."""
        kept = {float(v): int(c) for v, c in sorted(values.items()) if c}
        if len(kept) > MAX_DISTINCT:
            return cls(sum(kept.values()), None, _sums(kept))
        return cls(sum(kept.values()), kept)

    @classmethod
    def of(cls, results: npt.ArrayLike) -> WagerStats:
        """The statistics of a one-dimensional array of net results (float64).

        Raises :class:`SimulationError` for an array that is not one-dimensional or holds
        a value that is not finite.

        >>> WagerStats.of([1.0, -1.0, -1.0, 3.0])
        WagerStats(count=4, values={-1.0: 2, 1.0: 1, 3.0: 1}, sums=None)
        """
        array = np.ascontiguousarray(results, dtype=np.float64)
        if array.ndim != 1:
            raise SimulationError(f"net results must be one-dimensional, not {array.shape}")
        distinct, counts, status = _distinct_counts(array, _SCAN_DISTINCT)
        if status == _NOT_FINITE:
            raise SimulationError("a net result is not a finite number")
        if status == _TOO_MANY:
            distinct, counts = np.unique(array, return_counts=True)
        return cls.from_counts(dict(zip(distinct.tolist(), counts.tolist(), strict=True)))

    @property
    def total(self) -> Fraction:
        """The exact sum of the net results."""
        return self.sums[0] if self.values is None and self.sums else _sums(self.values)[0]

    @property
    def total_sq(self) -> Fraction:
        """The exact sum of the squared net results."""
        return self.sums[1] if self.values is None and self.sums else _sums(self.values)[1]

    def merge(self, other: WagerStats) -> WagerStats:
        """The statistics of both sets of rounds together (exact, order-free)."""
        if self.values is not None and other.values is not None:
            values = dict(self.values)
            for value, count in other.values.items():
                values[value] = values.get(value, 0) + count
            return WagerStats.from_counts(values)
        return WagerStats(
            self.count + other.count,
            None,
            (self.total + other.total, self.total_sq + other.total_sq),
        )


def _sums(values: Mapping[float, int] | None) -> tuple[Fraction, Fraction]:
    """The exact sum and sum of squares of a histogram of net results."""
    if not values:
        return Fraction(0), Fraction(0)
    total = sum((Fraction(v) * c for v, c in values.items()), Fraction(0))
    return total, sum((Fraction(v) ** 2 * c for v, c in values.items()), Fraction(0))


_SCAN_DISTINCT = 64
_OK, _TOO_MANY, _NOT_FINITE = 0, 1, 2


def _distinct_counts_py(
    array: FloatArray, cap: int
) -> tuple[FloatArray, npt.NDArray[np.int64], int]:
    """The distinct values of ``array`` and their counts, in order of appearance, by one
    linear scan (fast for the few distinct results of a wager); status ``_TOO_MANY`` past
    ``cap`` distinct values, ``_NOT_FINITE`` on a NaN or infinity."""
    values = np.empty(cap, dtype=np.float64)
    counts = np.zeros(cap, dtype=np.int64)
    known = 0
    last = 0
    for i in range(array.size):
        value = array[i]
        if known > 0 and values[last] == value:
            counts[last] += 1
            continue
        if not np.isfinite(value):
            return values[:0], counts[:0], _NOT_FINITE
        found = -1
        for j in range(known):
            if values[j] == value:
                found = j
                break
        if found < 0:
            if known == cap:
                return values[:0], counts[:0], _TOO_MANY
            values[known] = value
            found = known
            known += 1
        counts[found] += 1
        last = found
    return values[:known], counts[:known], _OK


_distinct_counts: Final = cast(
    Callable[[FloatArray, int], tuple[FloatArray, npt.NDArray[np.int64], int]],
    numba.njit(cache=True, nogil=True)(_distinct_counts_py),
)


ChunkStats = dict[str, WagerStats]
"""Wager name -> its statistics over one chunk (or a merge of chunks)."""


def merge_stats(into: ChunkStats, chunk: ChunkStats) -> ChunkStats:
    """``into`` with ``chunk`` merged wager by wager; a wager new to ``into`` is appended
    (so the wagers keep the order the kernel returns them in)."""
    merged = dict(into)
    for wager, stats in chunk.items():
        merged[wager] = merged[wager].merge(stats) if wager in merged else stats
    return merged


def clopper_pearson_upper(successes: int, n: int, level: float = CONFIDENCE) -> float:
    """The Clopper-Pearson upper limit of a binomial probability after ``successes`` in
    ``n`` trials, one-sided at ``(1 + level) / 2`` (the upper end of the two-sided
    ``level`` interval): the ``p`` at which ``P(X <= successes; n, p) = (1 - level) / 2``
    (by bisection on the exact binomial distribution). With no success it is
    ``1 - ((1 - level) / 2) ** (1 / n)`` (about ``3 / n`` at 95%: the rule of three).

    >>> round(clopper_pearson_upper(0, 100_000, 0.999) * 1e5, 3)
    7.601
    >>> round(clopper_pearson_upper(1, 10, 0.95), 4)
    0.445
    """
    if n < 1 or not 0 <= successes <= n:
        raise SimulationError(f"need 0 <= successes <= n and n >= 1, not {successes} of {n}")
    tail = (1 - level) / 2
    if successes == n:
        return 1.0
    if successes == 0:
        return float(1 - tail ** (1 / n))

    def cdf(p: float) -> float:
        log_p, log_q = math.log(p), math.log1p(-p)
        return math.fsum(
            math.exp(
                math.lgamma(n + 1)
                - math.lgamma(i + 1)
                - math.lgamma(n - i + 1)
                + i * log_p
                + (n - i) * log_q
            )
            for i in range(successes + 1)
        )

    low, high = successes / n, 1.0
    for _ in range(200):
        mid = (low + high) / 2
        if cdf(mid) > tail:
            low = mid
        else:
            high = mid
    return high


def z_value(level: float = CONFIDENCE) -> float:
    """The two-sided normal quantile for ``level``: ``Φ⁻¹((1 + level) / 2)``.

    >>> round(z_value(0.95), 4)
    1.96
    >>> round(z_value(0.999), 4)
    3.2905
    """
    if not 0 < level < 1:
        raise SimulationError(f"a confidence level is between 0 and 1, not {level}")
    return NormalDist().inv_cdf((1 + level) / 2)


@dataclass(frozen=True, slots=True)
class WagerEstimate:
    """The simulated figures of one wager, per unit of the wager.

    ``rounds`` with the wager in play; ``mean`` net result (the return; the house edge is
    ``-mean``); ``std_dev`` the sample standard deviation (``n - 1`` divisor);
    ``std_error = std_dev / √rounds``; ``ci_low``/``ci_high`` the ``level`` confidence
    interval of the mean: the normal approximation, widened for a degenerate sample by the
    Clopper-Pearson bound of the module text (``interval`` says which:
    ``"normal"`` or ``"clopper-pearson"``; an unknown bound is infinite; ``normal_half``
    the normal half-width either way); ``wins`` the
    rounds with a net above ``hit_above`` (-1 without a histogram); ``frequencies``
    distinct net result -> its relative frequency (empty without a histogram);
    ``hit_frequency`` the frequency of a net result above ``hit_above`` (a win; default: a
    positive net); ``max_win`` the largest net result seen. With fewer than two rounds the
    standard deviation is NaN (JSON ``null``) and the interval is the bound alone.
    """

    wager: str
    rounds: int
    mean: float
    std_dev: float
    std_error: float
    ci_low: float
    ci_high: float
    level: float
    frequencies: Mapping[float, float]
    hit_frequency: float
    max_win: float
    hit_above: float = 0.0
    wins: int = -1
    interval: str = "normal"
    normal_half: float = math.nan
    """The half-width ``z · std_error`` of the normal interval (NaN for one round), which
    is the interval where :attr:`reliable`."""

    @property
    def reliable(self) -> bool:
        """Whether the normal interval stood alone (enough wins and non-wins)."""
        return self.interval == "normal"

    @classmethod
    def of(
        cls,
        wager: str,
        stats: WagerStats,
        level: float = CONFIDENCE,
        *,
        hit_above: float = 0.0,
        net_range: tuple[float, float] | None = None,
    ) -> WagerEstimate:
        """The estimate from ``stats``; ``net_range`` the smallest and largest net the
        wager can have (for the bound of a degenerate sample; ``None``: unknown, the bound
        is infinite). Raises :class:`SimulationError` with no rounds."""
        n = stats.count
        if n == 0:
            raise SimulationError(f"{wager}: no round had the wager in play")
        total, total_sq = stats.total, stats.total_sq
        mean = total / n
        if n > 1:
            variance = (total_sq - total * total / n) / (n - 1)
            std_dev = math.sqrt(max(variance, Fraction(0)))
            std_error = std_dev / math.sqrt(n)
            half = z_value(level) * std_error
        else:
            std_dev = std_error = half = math.nan
        values = stats.values or {}
        low, high = float(mean) - half, float(mean) + half
        wins = sum(c for v, c in values.items() if v > hit_above) if stats.values else -1
        interval = "normal"
        if wins >= 0 and (wins < MIN_EVENTS or n - wins < MIN_EVENTS):
            interval = "clopper-pearson"
            low, high = _bounded(values, n, wins, hit_above, level, net_range, (low, high))
        return cls(
            wager=wager,
            rounds=n,
            mean=float(mean),
            std_dev=std_dev,
            std_error=std_error,
            ci_low=low,
            ci_high=high,
            level=level,
            frequencies={v: c / n for v, c in values.items()},
            hit_frequency=sum(c for v, c in values.items() if v > hit_above) / n
            if stats.values is not None
            else math.nan,
            max_win=max(values) if values else math.nan,
            hit_above=hit_above,
            wins=wins,
            interval=interval,
            normal_half=half,
        )

    def to_dict(self, info: WagerInfo | None = None) -> dict[str, Any]:
        """JSON data in the shape of a par sheet's wager
        (:meth:`~croupier.analysis.par_sheet.WagerFigures.to_dict`) with
        ``"method": "simulation"``, plus ``rounds``, ``std_error`` and
        ``confidence_interval`` (``level``, ``low``, ``high``, ``method``: ``"normal"`` or
        ``"clopper-pearson"``). Outcomes are the distinct net results with their
        frequencies; ``hit`` marks a win (a net above ``hit_above``). A figure that is not
        a finite number (the standard deviation of one round, an unbounded interval) is
        ``null``, so the document is valid JSON."""
        info = info if info is not None else WagerInfo()
        data: dict[str, Any] = _finite(
            {
                "wager": self.wager,
                "description": info.description,
                "units_staked": info.units_staked,
                "return": self.mean,
                "house_edge": -self.mean,
                "hit_frequency": self.hit_frequency,
                "std_dev": self.std_dev,
                "max_win": self.max_win,
                "strategy": info.strategy,
                "method": "simulation",
                "rounds": self.rounds,
                "std_error": self.std_error,
                "confidence_interval": {
                    "level": self.level,
                    "low": self.ci_low,
                    "high": self.ci_high,
                    "method": self.interval,
                },
                "outcomes": [
                    {
                        "label": f"net {value:+g}",
                        "hit": value > self.hit_above,
                        "probability": frequency,
                        "net": value,
                    }
                    for value, frequency in self.frequencies.items()
                ],
            }
        )
        return data


def _finite(data: Any) -> Any:
    """``data`` with every float that is not finite (NaN, infinity) made ``None``."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_finite(value) for value in data]
    return data


def _bounded(
    values: Mapping[float, int],
    n: int,
    wins: int,
    hit_above: float,
    level: float,
    net_range: tuple[float, float] | None,
    normal: tuple[float, float],
) -> tuple[float, float]:
    """The interval of a degenerate sample (module text): the normal ``(low, high)``
    widened by the Clopper-Pearson bound on the rarer side(s). NaN ends are replaced."""
    low, high = normal
    smallest, largest = net_range if net_range is not None else (-math.inf, math.inf)
    if wins < MIN_EVENTS:
        p_win = clopper_pearson_upper(wins, n, level)
        losses = [v for v in values if v <= hit_above]
        top_loss = max(losses) if losses else hit_above
        bound = (1 - p_win) * top_loss + p_win * largest if p_win > 0 else top_loss
        high = bound if math.isnan(high) else max(high, bound)
    if n - wins < MIN_EVENTS:
        p_lose = clopper_pearson_upper(n - wins, n, level)
        won = [v for v in values if v > hit_above]
        bottom_win = min(won) if won else hit_above
        bound = (1 - p_lose) * bottom_win + p_lose * smallest if p_lose > 0 else bottom_win
        low = bound if math.isnan(low) else min(low, bound)
    if math.isnan(low):
        low = min(values) if values else -math.inf
    if math.isnan(high):
        high = max(values) if values else math.inf
    return low, high


# --- the registry ----------------------------------------------------------------------------
def kernel(game: str) -> ModuleType:
    """The kernel module of ``game``. Raises :class:`SimulationError` if the game is not
    registered or its module does not import (yet)."""
    known = simulations()
    if game not in known:
        raise SimulationError(f"unknown game {game!r}; games simulated: {', '.join(sorted(known))}")
    return _import(known[game], game)


def _import(path: str, game: str) -> ModuleType:
    try:
        module = importlib.import_module(path)
    except ImportError as error:
        raise SimulationError(
            f"the simulation of {game!r} is not available: its module {path} does not "
            f"import ({error})"
        ) from error
    if not callable(getattr(module, "sample", None)):
        raise SimulationError(f"the simulation module {path} has no sample(rules, rounds, seed)")
    return module


def available() -> dict[str, str | None]:
    """Every registered game -> ``None`` if its kernel imports, else why not."""
    result: dict[str, str | None] = {}
    for game in simulations():
        try:
            kernel(game)
        except SimulationError as error:
            result[game] = str(error)
        else:
            result[game] = None
    return result


def default_rules(game: str) -> Any:
    """The default Rules Submission of ``game`` (its rules model with no choices made)."""
    from croupier.registry import GAMES
    from croupier.rules.base import validate

    if game not in GAMES:
        raise SimulationError(f"unknown game {game!r}")
    return validate(GAMES[game].rules_type, {"game": game})


# --- chunks -----------------------------------------------------------------------------------
def chunk_sizes(rounds: int, chunk_rounds: int) -> list[int]:
    """``rounds`` split into chunks of ``chunk_rounds`` (the last one shorter).

    >>> chunk_sizes(10, 4)
    [4, 4, 2]
    """
    return list(_chunk_sizes(rounds, chunk_rounds))


def _chunk_sizes(rounds: int, chunk_rounds: int) -> Iterator[int]:
    if rounds < 1:
        raise SimulationError(f"a simulation plays at least one round, not {rounds}")
    if chunk_rounds < 1:
        raise SimulationError(f"a chunk holds at least one round, not {chunk_rounds}")
    full, rest = divmod(rounds, chunk_rounds)
    for _ in range(full):
        yield chunk_rounds
    if rest:
        yield rest


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index``: a 128-bit integer from the ``index``-th child of
    ``numpy.random.SeedSequence(seed)`` (the child
    :meth:`~numpy.random.SeedSequence.spawn` gives, made directly from its spawn key, so
    no list of children is kept)."""
    child = np.random.SeedSequence(seed, spawn_key=(index,))
    return int.from_bytes(child.generate_state(4, np.uint32).tobytes(), "little")


def chunk_seeds(seed: int, chunks: int) -> list[int]:
    """The seeds of the first ``chunks`` chunks (:func:`chunk_seed`)."""
    return [chunk_seed(seed, index) for index in range(chunks)]


def sample_stats(module_path: str, rules: Any, rounds: int, seed: int) -> ChunkStats:
    """Run the kernel at ``module_path`` for one chunk and reduce its results to
    :class:`WagerStats` (the work a worker process does): through the kernel's
    ``sample_counts`` where it has one (counted in the kernel), else its
    ``sample_outcomes`` (a count per outcome), else ``sample``."""
    module = _import(module_path, module_path)
    counts = getattr(module, "sample_counts", None)
    if callable(counts):
        by_net = counts(rules, rounds, seed)
        stats: ChunkStats = {}
        for wager, values in by_net.items():
            if not all(math.isfinite(value) for value in values):
                raise SimulationError(f"{wager}: a net result is not a finite number")
            stats[wager] = WagerStats.from_counts(values)
            if stats[wager].count > rounds:
                raise SimulationError(
                    f"{module_path}.sample_counts gave {counted(stats[wager].count, 'result')}"
                    f" for {wager} in {counted(rounds, 'round')}"
                )
        return stats
    by_outcome = getattr(module, "sample_outcomes", None)
    if callable(by_outcome):
        keys, nets = by_outcome(rules, rounds, seed)
        if len(keys) != rounds:
            raise SimulationError(
                f"{module_path}.sample_outcomes gave {counted(len(keys), 'outcome')} for "
                f"{counted(rounds, 'round')}"
            )
        return outcome_stats(keys, nets)
    results = module.sample(rules, rounds, seed)
    if not isinstance(results, dict):
        raise SimulationError(f"{module_path}.sample returned {type(results).__name__}, not dict")
    stats = {}
    for wager, array in results.items():
        if len(array) > rounds:
            raise SimulationError(
                f"{module_path}.sample gave {counted(len(array), 'result')} for {wager} in "
                f"{counted(rounds, 'round')}"
            )
        stats[wager] = WagerStats.of(array)
    return stats


def outcome_stats(keys: npt.ArrayLike, nets: Mapping[str, npt.ArrayLike]) -> ChunkStats:
    """The statistics of rounds given as outcome keys (non-negative integers, one per
    round) and, per wager, the net of each outcome key (NaN where the wager is not in
    play): the same as :meth:`WagerStats.of` over ``{wager: net[keys]}`` without NaNs,
    from one count per key (:func:`numpy.bincount`). The wagers whose tables have one
    length are reduced together (one sort of their nets of the keys seen), so that the
    cost per chunk does not grow by a NumPy call per wager.

    >>> outcome_stats([0, 1, 1, 2], {"w": [3.0, -1.0, float("nan")]})["w"]
    WagerStats(count=3, values={-1.0: 2, 3.0: 1}, sums=None)
    """
    key_array = np.asarray(keys)
    try:
        counts = np.bincount(key_array) if key_array.size else np.zeros(0, dtype=np.int64)
    except ValueError as error:  # what bincount says of a negative key
        raise SimulationError("an outcome key is negative") from error
    seen = np.flatnonzero(counts)
    weights = counts[seen]
    tables = {wager: np.asarray(table, dtype=np.float64) for wager, table in nets.items()}
    for wager, net in tables.items():
        if net.ndim != 1 or (seen.size and seen[-1] >= net.size):
            raise SimulationError(f"{wager}: an outcome key has no net (table of {net.size})")
    by_length: dict[int, list[str]] = {}
    for wager, net in tables.items():
        by_length.setdefault(net.size, []).append(wager)
    stats: ChunkStats = {}
    for wagers in by_length.values():
        grid = np.stack([tables[wager] for wager in wagers])[:, seen]
        if np.any(np.isinf(grid)):
            bad = wagers[int(np.flatnonzero(np.isinf(grid).any(axis=1))[0])]
            raise SimulationError(f"{bad}: a net result is not a finite number")
        stats |= _grouped_counts(wagers, grid, weights)
    return {wager: stats[wager] for wager in nets}


def _grouped_counts(
    wagers: Sequence[str], grid: npt.NDArray[np.float64], weights: npt.NDArray[np.int64]
) -> ChunkStats:
    """Per row of ``grid`` (a wager's net for each key seen, NaN: not in play), the rounds
    (``weights``, per key) by distinct net: each row sorted, its runs of one value summed."""
    if grid.shape[1] == 0:
        return {wager: WagerStats.empty() for wager in wagers}
    order = np.argsort(grid, axis=1, kind="stable")
    values = np.take_along_axis(grid, order, axis=1)
    rounds = weights[order]
    starts = np.ones(values.shape, dtype=bool)
    starts[:, 1:] = values[:, 1:] != values[:, :-1]
    flat = np.flatnonzero(starts)
    totals = np.add.reduceat(rounds.ravel(), flat)
    distinct = values.ravel()[flat]
    rows = flat // values.shape[1]
    played = ~np.isnan(distinct)
    edges = np.searchsorted(rows[played], np.arange(len(wagers) + 1))
    distinct_list, totals_list = distinct[played].tolist(), totals[played].tolist()
    return {
        wager: WagerStats.from_counts(
            dict(zip(distinct_list[low:high], totals_list[low:high], strict=True))
        )
        for wager, low, high in zip(wagers, edges[:-1], edges[1:], strict=True)
    }


@dataclass(frozen=True, slots=True)
class ProgressReport:
    """A run in progress: ``rounds_done`` of ``rounds_total`` after ``elapsed_s`` seconds
    (of which ``setup_s`` went to the workers' setup) and the statistics merged so far."""

    rounds_done: int
    rounds_total: int
    elapsed_s: float
    stats: ChunkStats
    setup_s: float = 0.0

    @property
    def rounds_per_second(self) -> float:
        """Rounds simulated per second of wall time so far, setup excluded."""
        simulating = self.elapsed_s - self.setup_s
        return self.rounds_done / simulating if simulating > 0 else 0.0

    def estimate(self, wager: str, level: float = CONFIDENCE) -> WagerEstimate:
        """The running estimate of ``wager``."""
        return WagerEstimate.of(wager, self.stats[wager], level)


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The outcome of :func:`run`: the merged statistics of every wager (in the order the
    kernel returns them), with what produced them. ``elapsed_s`` is the wall time of the
    whole run, ``setup_s`` its wall time before the first chunk was handed out: the
    tables prepared, the workers started and every one warm (its throw-away first round:
    compilation or numba's cache)."""

    game: str
    variant: str | None
    rules_sha256: str | None
    rounds: int
    seed: int
    chunks: int
    elapsed_s: float
    stats: ChunkStats
    info: Mapping[str, WagerInfo] = field(default_factory=dict)
    setup_s: float = 0.0
    cpu_s: float = 0.0
    """The CPU seconds the workers spent on the chunks (the thread's, setup excluded): on
    a machine shared with other work, rounds per CPU second per worker say what the
    workers cost apart from how much of a core each was given."""
    tasks: int = 0
    """The tasks the chunks were sent in (several consecutive chunks a task, past the
    first; :data:`TASK_CPU_S`)."""

    @property
    def simulation_s(self) -> float:
        """Wall time of the simulation proper: ``elapsed_s - setup_s``."""
        return max(self.elapsed_s - self.setup_s, 0.0)

    @property
    def rounds_per_second(self) -> float:
        """Rounds simulated per second of the simulation proper (setup excluded)."""
        return self.rounds / self.simulation_s if self.simulation_s > 0 else math.inf

    def estimate(self, wager: str, level: float = CONFIDENCE) -> WagerEstimate:
        """The estimate of ``wager``; ``KeyError`` if the kernel has no such wager."""
        info = self.info.get(wager, WagerInfo())
        return WagerEstimate.of(
            wager,
            self.stats[wager],
            level,
            hit_above=info.hit_above,
            net_range=info.net_range,
        )

    def estimates(self, level: float = CONFIDENCE) -> list[WagerEstimate]:
        """The estimate of every wager that was in play at least once."""
        return [self.estimate(wager, level) for wager, stats in self.stats.items() if stats.count]

    def to_dict(self, level: float = CONFIDENCE) -> dict[str, Any]:
        """The JSON document, in the shape of ``croupier analyze --json``
        (:meth:`~croupier.analysis.par_sheet.ParSheet.to_dict`) with
        ``"method": "simulation"``, the rounds, the seed and the confidence level."""
        return {
            "game": self.game,
            "variant": self.variant,
            "rules_sha256": self.rules_sha256,
            "method": "simulation",
            "rounds": self.rounds,
            "seed": self.seed,
            "confidence_level": level,
            "wagers": [e.to_dict(self.info.get(e.wager)) for e in self.estimates(level)],
            "notes": [
                f"Estimated by simulating {counted(self.rounds, 'round')} (seed {self.seed}); "
                "every figure is per unit of the wager; confidence_interval is the "
                f"{level:.1%} interval of the mean by the normal approximation, widened "
                f"where fewer than {MIN_EVENTS} rounds won (or did not win) by the "
                "Clopper-Pearson bound on the win probability times the payout range "
                '(method "clopper-pearson"); null marks a figure that is undefined (the '
                "standard deviation of a single round) or unbounded.",
                "A wager's rounds count only the rounds it was in play; hit_frequency is the "
                "frequency of a win (a positive net, or any net above -1 for a wager whose win "
                "can be offset by a cost).",
            ],
        }


Progress = Callable[[ProgressReport], None]
"""Called in the calling process after every chunk is merged."""


def _wager_info(module: ModuleType, rules: Any) -> dict[str, WagerInfo]:
    """What the kernel ``module`` says of each wager under ``rules``, each with its range of
    nets (from :func:`net_ranges` where the kernel gives none)."""
    describe = getattr(module, "describe", None)
    info: dict[str, WagerInfo] = dict(describe(rules)) if callable(describe) else {}
    for wager, net_range in net_ranges(module, rules).items():
        known = info.get(wager, WagerInfo())
        if known.net_range is None:
            info[wager] = replace(known, net_range=net_range)
    return info


def _merged(
    outputs: Iterator[Sized],
    rounds: int,
    start: float,
    ready: list[float],
    progress: Progress | None,
) -> tuple[ChunkStats, float, int]:
    """The chunks' statistics merged as they come (``progress`` told after each), the CPU
    seconds their tasks took and how many tasks there were."""
    merged: ChunkStats = {}
    done, cpu, sent = 0, 0.0, 0
    for n, stats, task_cpu in outputs:
        merged = merge_stats(merged, stats)
        done += n
        cpu += task_cpu
        sent += 1
        if progress is not None:
            elapsed_now = time.perf_counter() - start
            progress(ProgressReport(done, rounds, elapsed_now, merged, ready[0] - start))
    return merged, cpu, sent


def run(
    game: str,
    rules: Any = None,
    rounds: int = 1_000_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    *,
    chunk_rounds: int | None = None,
) -> SimulationResult:
    """Simulate ``rounds`` rounds of ``game`` under ``rules`` (``None``: the defaults).

    The rounds are split into chunks (``chunk_rounds``, else the kernel's
    ``CHUNK_ROUNDS``, else :data:`CHUNK_ROUNDS`) seeded by :func:`chunk_seeds`, so the
    result depends only on the game, rules, rounds, seed and chunk size. Where they run:
    on the Dask cluster whose scheduler is at ``scheduler`` (``"tcp://host:8786"``) if
    given; else in this process if ``workers`` is 1 or there is one chunk; else on a pool
    of ``workers`` local processes (``None``: every core), started from a fork server on
    Linux (a script calling :func:`run` needs the ``if __name__ == "__main__":`` guard of
    :mod:`multiprocessing`). ``progress`` is called after each chunk.

    Each worker first plays one throw-away round (:func:`warm_up`) and the chunks start
    when every worker is warm; the wall time until then is
    :attr:`SimulationResult.setup_s`.

    Raises :class:`SimulationError` for an unknown game, a kernel that does not import,
    fewer than one round or worker, or a scheduler address that is not one
    (``host:port``); ``OSError`` if the Dask scheduler cannot be reached.
    """
    if scheduler is not None:
        check_scheduler(scheduler)
    module = kernel(game)
    rules = default_rules(game) if rules is None else rules
    size = chunk_rounds or int(getattr(module, "CHUNK_ROUNDS", CHUNK_ROUNDS))
    if rounds < 1 or size < 1:
        chunk_sizes(rounds, size)  # raises, naming the bad number
    chunks = -(-rounds // size)
    path = simulations()[game]
    pieces = ((n, chunk_seed(seed, index)) for index, n in enumerate(_chunk_sizes(rounds, size)))
    start = time.perf_counter()
    count = workers if workers is not None else os.cpu_count() or 1
    if count < 1:
        raise SimulationError(f"a simulation needs at least one worker, not {count}")
    ready: list[float] = []
    if scheduler is not None:
        prepare(module, rules)
        outputs = _run_dask(
            scheduler, _Batches(path, rules, pieces, chunks), tables.collected(), ready
        )
    elif min(count, chunks) == 1:
        ready.append(start + warm_up(path, rules))
        outputs = (_sized((path, rules, (piece,))) for piece in pieces)
    else:
        prepare(module, rules)
        batches = _Batches(path, rules, pieces, chunks)
        outputs = _run_pool(min(count, chunks), batches, tables.collected(), ready)
    merged, cpu, sent = _merged(outputs, rounds, start, ready, progress)
    elapsed = time.perf_counter() - start
    variant = getattr(rules, "variant_name", None)
    sha = getattr(rules, "sha256", None)
    return SimulationResult(
        game=game,
        variant=variant() if callable(variant) else None,
        rules_sha256=sha() if callable(sha) else None,
        rounds=rounds,
        seed=seed,
        chunks=chunks,
        elapsed_s=elapsed,
        stats=merged,
        info=_wager_info(module, rules),
        setup_s=ready[0] - start,
        cpu_s=cpu,
        tasks=sent,
    )


def check_scheduler(address: str) -> None:
    """Raise :class:`SimulationError` unless ``address`` is a Dask scheduler address
    (``tcp://host:8786`` or ``host:8786``); reaching it is :func:`run`'s business."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        _, location = parse_address(address)
        parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise SimulationError(
            f"{address!r} is not a Dask scheduler address ({error}); give one such as "
            "tcp://host:8786"
        ) from error


def net_ranges(module: ModuleType, rules: Any) -> dict[str, tuple[float, float]]:
    """Per wager, the smallest and largest net result per unit it can have, from the
    kernel's outcome tables (``sample_outcomes`` of one round); empty for a kernel
    without them."""
    by_outcome = getattr(module, "sample_outcomes", None)
    if not callable(by_outcome):
        return {}
    _, nets = by_outcome(rules, 1, 0)
    ranges: dict[str, tuple[float, float]] = {}
    for wager, table in nets.items():
        array = np.asarray(table, dtype=np.float64)
        played = array[~np.isnan(array)]
        if played.size:
            ranges[wager] = (float(played.min()), float(played.max()))
    return ranges


Task = tuple[str, Any, tuple[tuple[int, int], ...]]
"""What a worker is sent: the kernel's module, the rules and consecutive chunks (rounds,
seed)."""
Sized = tuple[int, ChunkStats, float]
"""A task done: its rounds, their statistics and the CPU seconds the worker spent on it."""

TASK_CPU_S: Final = 0.5
"""A task holds as many chunks as take about this many seconds of a worker's CPU (at
most a quarter of each worker's share of the run), so that the cost of sending a task
and its result (a few milliseconds on a Dask cluster) stays a small part of it; the
statistics do not depend on it, the chunks and their seeds being the same."""


class _Batches:
    """The chunks of a run (``total`` of them, (rounds, seed) from ``pieces``) handed out
    as tasks of consecutive chunks: one chunk each until a task comes back, then as many
    as the chunks done so far say take :data:`TASK_CPU_S` of a worker's CPU."""

    def __init__(
        self, path: str, rules: Any, pieces: Iterator[tuple[int, int]], total: int
    ) -> None:
        self.path, self.rules, self.pieces, self.total = path, rules, pieces, total
        self.size = 1
        self.cap = 1
        self.chunks = 0
        self.cpu = 0.0

    def spread(self, workers: int) -> None:
        """Keep at least four tasks for each of ``workers``, so that they end together."""
        self.cap = max(1, self.total // (4 * workers))

    def next(self) -> Task | None:
        """The next task, or ``None`` when every chunk is handed out."""
        batch = tuple(islice(self.pieces, self.size))
        return (self.path, self.rules, batch) if batch else None

    def done(self, chunks: int, cpu: float) -> None:
        """Note a task of ``chunks`` chunks done in ``cpu`` seconds of a worker's CPU."""
        self.chunks += chunks
        self.cpu += cpu
        per_chunk = self.cpu / self.chunks
        wanted = int(TASK_CPU_S / per_chunk) if per_chunk > 0 else self.cap
        self.size = max(1, min(self.cap, wanted))


_WARM: set[str] = set()
"""The kernel modules this process has played its throw-away round of."""


def warm_up(module_path: str, rules: Any) -> float:
    """Play one throw-away round of the kernel at ``module_path`` (seed 0, result
    discarded) the first time this process meets it, so that compilation and the
    kernel's tables are paid for before the timed chunks; returns the seconds it took
    (0 when the process was already warm)."""
    if module_path in _WARM:
        return 0.0
    began = time.perf_counter()
    sample_stats(module_path, rules, 1, 0)
    _WARM.add(module_path)
    return time.perf_counter() - began


def prepare(module: ModuleType, rules: Any) -> float:
    """Build the tables the kernel ``module`` needs under ``rules`` in this process (its
    optional ``prepare(rules)`` hook, which fills :mod:`croupier.analysis.tables`), so
    that they are shipped to the workers instead of built by each; returns the seconds
    it took."""
    began = time.perf_counter()
    hook = getattr(module, "prepare", None)
    if callable(hook):
        hook(rules)
    return time.perf_counter() - began


def _sized(task: Task) -> Sized:
    """Play a task's chunks one after the other and merge their statistics."""
    path, rules, pieces = task
    warm_up(path, rules)  # a no-op but in a worker started after the others
    began = time.thread_time()
    merged: ChunkStats = {}
    for n, seed in pieces:
        merged = merge_stats(merged, sample_stats(path, rules, n, seed))
    return sum(n for n, _ in pieces), merged, time.thread_time() - began


_BARRIER: list[Any] = []
"""In a pool's worker: the barrier at which every worker waits once warm."""


def _start_worker(shipped: Mapping[str, tables.Table], barrier: Any) -> None:
    """A pool worker's initializer: take the parent's tables and the pool's barrier."""
    tables.install(shipped)
    _BARRIER[:] = [barrier]


def _ready(module_path: str, rules: Any) -> None:
    """Warm this worker (:func:`warm_up`), then wait until every worker of the pool is
    warm: a worker held at the barrier takes no other task, so each of the pool's
    ``workers`` processes runs exactly one of these."""
    warm_up(module_path, rules)
    _BARRIER[0].wait(_READY_TIMEOUT_S)


_READY_TIMEOUT_S: Final = 3600.0


def _pool_context(module_path: str) -> Any:
    """Workers start clean, with no thread or lock inherited from the caller (a progress
    bar): from a fork server that has imported the kernel once (Linux), else spawned."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__, module_path])
        return context
    return multiprocessing.get_context("spawn")


def _run_pool(
    workers: int,
    batches: _Batches,
    shipped: Mapping[str, tables.Table],
    ready: list[float],
) -> Iterator[Sized]:
    """Yield each task's rounds, statistics and CPU seconds as it finishes, at most ``2 *
    workers`` tasks in flight. Every worker starts with the ``shipped`` tables
    (:func:`croupier.analysis.tables.install`) and is warm (:func:`_ready`) before the
    first chunk is handed out; that moment (``time.perf_counter``) is appended to
    ``ready``, so that setup and simulation are timed apart."""
    context = _pool_context(batches.path)
    barrier = context.Barrier(workers)
    batches.spread(workers)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(shipped, barrier),
    ) as pool:
        warming = [pool.submit(_ready, batches.path, batches.rules) for _ in range(workers)]
        for warm in warming:
            warm.result()
        ready.append(time.perf_counter())
        running: dict[Future[Sized], int] = {}
        for _ in range(2 * workers):
            task = batches.next()
            if task is not None:
                running[pool.submit(_sized, task)] = len(task[2])
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                result = future.result()
                batches.done(running.pop(future), result[2])
                yield result
                task = batches.next()
                if task is not None:
                    running[pool.submit(_sized, task)] = len(task[2])


def _shipped_and_sized(task: Task, shipped: Mapping[str, tables.Table]) -> Sized:
    """:func:`_sized` in a Dask worker, which first takes the parent's tables."""
    tables.install(shipped)
    return _sized(task)


def _shipped_and_warm(module_path: str, rules: Any, shipped: Mapping[str, tables.Table]) -> None:
    """Take the parent's tables and warm this Dask worker (:func:`warm_up`)."""
    tables.install(shipped)
    warm_up(module_path, rules)


def _run_dask(
    scheduler: str,
    batches: _Batches,
    shipped: Mapping[str, tables.Table],
    ready: list[float],
) -> Iterator[Sized]:
    """Yield each task's rounds, statistics and CPU seconds from the Dask cluster at
    ``scheduler`` as it finishes, at most twice the cluster's thread count in flight. The
    ``shipped`` tables go to every worker once (:meth:`~distributed.Client.scatter`,
    broadcast); every worker present is warmed first, and the moment they all are
    (``time.perf_counter``) is appended to ``ready``."""
    from dask.distributed import Client, as_completed

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        threads = sum(client.nthreads().values()) or 1
        batches.spread(threads)
        [held] = client.scatter([dict(shipped)], broadcast=True, hash=False)
        warming = [
            client.submit(
                _shipped_and_warm,
                batches.path,
                batches.rules,
                held,
                workers=[address],
                allow_other_workers=False,
                pure=False,
            )
            for address in client.nthreads()
        ]
        client.gather(warming)
        ready.append(time.perf_counter())
        sizes: dict[str, int] = {}

        def submit(task: Task) -> Any:
            future = client.submit(_shipped_and_sized, task, held, pure=False)
            sizes[future.key] = len(task[2])
            return future

        first = [batches.next() for _ in range(2 * threads)]
        queue = as_completed([submit(task) for task in first if task is not None])  # type: ignore[no-untyped-call]
        for future in queue:
            result = future.result()
            batches.done(sizes.pop(future.key), result[2])
            yield result
            task = batches.next()
            if task is not None:
                queue.add(submit(task))  # type: ignore[no-untyped-call]


# --- throughput ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Throughput:
    """Measured speed of one game's kernel, one process, one core.

    ``rounds_per_second``: rounds simulated and reduced to statistics per second.
    ``ceiling_rounds_per_second``: the generator's ceiling in rounds: the rate at which
    the kernel's random generator alone produces the random draws one round needs (the
    kernel's ``draws(rules, rounds, seed)``), ``None`` if the kernel has no ``draws``.
    ``generator_integers_per_second``: raw numpy PCG64 64-bit integers per second.
    Each is the best of repeated, interleaved timings of one chunk (see :func:`throughput`).
    ``ratio``: ceiling / rounds per second (1 is the generator's speed).
    """

    game: str
    rounds_per_second: float
    ceiling_rounds_per_second: float | None
    generator_integers_per_second: float
    draws_per_round: str

    @property
    def ratio(self) -> float | None:
        """How many times slower than the generator's ceiling the kernel runs."""
        if self.ceiling_rounds_per_second is None:
            return None
        return self.ceiling_rounds_per_second / self.rounds_per_second

    def to_dict(self) -> dict[str, Any]:
        """JSON data: every field and the ratio."""
        return {
            "game": self.game,
            "rounds_per_second": self.rounds_per_second,
            "ceiling_rounds_per_second": self.ceiling_rounds_per_second,
            "generator_integers_per_second": self.generator_integers_per_second,
            "draws_per_round": self.draws_per_round,
            "ratio": self.ratio,
        }


def _best_rates(steps: list[tuple[Callable[[int], None], int]], seconds: float) -> list[float]:
    """Units per second of each ``step(i)`` (doing ``units`` each): the steps run in turn,
    again and again for about ``seconds``, and each keeps its fastest run, so that a
    machine shared with other work slows every step alike and the best case is reported."""
    for step, _ in steps:
        step(0)  # warm up: compilation, caches
    best = [math.inf] * len(steps)
    start = time.perf_counter()
    i = 0
    while i < 3 or time.perf_counter() - start < seconds:
        i += 1
        for n, (step, _) in enumerate(steps):
            began = time.perf_counter()
            step(i)
            best[n] = min(best[n], time.perf_counter() - began)
    return [units / elapsed for (_, units), elapsed in zip(steps, best, strict=True)]


def throughput(game: str, seconds: float = 2.0, rules: Any = None) -> Throughput:
    """Measure ``game``'s kernel (default rules) for about ``seconds``: rounds per second
    through :func:`sample_stats` (one chunk at a time, one core), the generator's ceiling
    in rounds per second (see :class:`Throughput`) and raw PCG64 64-bit integers per
    second (:meth:`numpy.random.BitGenerator.random_raw`), each the best of repeated
    interleaved timings.

    Raises :class:`SimulationError` if the kernel does not import.
    """
    module = kernel(game)
    if rules is None:
        rules = default_rules(game)
    path = simulations()[game]
    size = int(getattr(module, "CHUNK_ROUNDS", CHUNK_ROUNDS))
    generator = np.random.Generator(np.random.PCG64(0))
    block = 1 << 22

    def simulate(i: int) -> None:
        sample_stats(path, rules, size, i)

    def integers(_: int) -> None:
        generator.bit_generator.random_raw(block)

    steps = [(simulate, size), (integers, block)]
    draws = getattr(module, "draws", None)
    if callable(draws):

        def draw(i: int) -> None:
            draws(rules, size, i)

        steps.append((draw, size))
    rates = _best_rates(steps, seconds)
    return Throughput(
        game=game,
        rounds_per_second=rates[0],
        ceiling_rounds_per_second=rates[2] if len(rates) > 2 else None,
        generator_integers_per_second=rates[1],
        draws_per_round=str(getattr(module, "DRAWS_PER_ROUND", "")),
    )


__all__ = [
    "CHUNK_ROUNDS",
    "CONFIDENCE",
    "ChunkStats",
    "Progress",
    "ProgressReport",
    "SimulationError",
    "SimulationResult",
    "Throughput",
    "WagerEstimate",
    "WagerInfo",
    "WagerStats",
    "available",
    "check_scheduler",
    "chunk_seeds",
    "chunk_sizes",
    "clopper_pearson_upper",
    "counted",
    "default_rules",
    "kernel",
    "merge_stats",
    "net_ranges",
    "outcome_stats",
    "prepare",
    "run",
    "sample_stats",
    "throughput",
    "warm_up",
    "z_value",
]
