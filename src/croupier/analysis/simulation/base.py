"""The simulation framework: the game registry, chunked parallel runs and their statistics.

A game kernel module (``croupier.analysis.simulation.<game_module>``, registered in
:data:`SIMULATIONS`) provides ``sample(rules, rounds, seed) -> dict[str, numpy.ndarray]``
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
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from statistics import NormalDist
from types import ModuleType
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt

SIMULATIONS: dict[str, str] = {
    "high-roll-dice": "croupier.analysis.simulation.high_roll_dice",
    "go-fore-it": "croupier.analysis.simulation.go_fore_it",
    "double-back-jack": "croupier.analysis.simulation.double_back_jack",
    "criss-cross-poker": "croupier.analysis.simulation.criss_cross_poker",
    "pai-gow": "croupier.analysis.simulation.pai_gow",
}
"""Game name -> the kernel module whose ``sample(rules, rounds, seed)`` simulates it."""

CONFIDENCE = 0.999
"""The default confidence level of the interval for a wager's mean result."""

CHUNK_ROUNDS = 1 << 17
"""Rounds per chunk unless the kernel module sets its own ``CHUNK_ROUNDS``. The chunking
depends only on the number of rounds, never on the number of workers."""

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
    interval of the mean (normal approximation); ``frequencies`` distinct net result ->
    its relative frequency (empty without a histogram); ``hit_frequency`` the frequency of
    a net result above ``hit_above`` (a win; default: a positive net); ``max_win`` the
    largest net result seen. With fewer than two rounds the standard deviation and
    interval are NaN.
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

    @classmethod
    def of(
        cls,
        wager: str,
        stats: WagerStats,
        level: float = CONFIDENCE,
        *,
        hit_above: float = 0.0,
    ) -> WagerEstimate:
        """The estimate from ``stats``; raises :class:`SimulationError` with no rounds."""
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
        return cls(
            wager=wager,
            rounds=n,
            mean=float(mean),
            std_dev=std_dev,
            std_error=std_error,
            ci_low=float(mean) - half,
            ci_high=float(mean) + half,
            level=level,
            frequencies={v: c / n for v, c in values.items()},
            hit_frequency=sum(c for v, c in values.items() if v > hit_above) / n
            if stats.values is not None
            else math.nan,
            max_win=max(values) if values else math.nan,
            hit_above=hit_above,
        )

    def to_dict(self, info: WagerInfo | None = None) -> dict[str, Any]:
        """JSON data in the shape of a par sheet's wager
        (:meth:`~croupier.analysis.par_sheet.WagerFigures.to_dict`) with
        ``"method": "simulation"``, plus ``rounds``, ``std_error`` and
        ``confidence_interval`` (``level``, ``low``, ``high``). Outcomes are the distinct
        net results with their frequencies; ``hit`` marks a win (a net above
        ``hit_above``)."""
        info = info if info is not None else WagerInfo()
        return {
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


# --- the registry ----------------------------------------------------------------------------
def kernel(game: str) -> ModuleType:
    """The kernel module of ``game``. Raises :class:`SimulationError` if the game is not
    registered or its module does not import (yet)."""
    if game not in SIMULATIONS:
        raise SimulationError(
            f"unknown game {game!r}; games simulated: {', '.join(sorted(SIMULATIONS))}"
        )
    return _import(SIMULATIONS[game], game)


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
    for game in SIMULATIONS:
        try:
            kernel(game)
        except SimulationError as error:
            result[game] = str(error)
        else:
            result[game] = None
    return result


def default_rules(game: str) -> Any:
    """The default Rules Submission of ``game`` (its rules model with no choices made)."""
    from croupier.games import GAMES
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
    ``sample_outcomes`` where it has one (a count per outcome), else ``sample``."""
    module = _import(module_path, module_path)
    by_outcome = getattr(module, "sample_outcomes", None)
    if callable(by_outcome):
        keys, nets = by_outcome(rules, rounds, seed)
        if len(keys) != rounds:
            raise SimulationError(
                f"{module_path}.sample_outcomes gave {len(keys)} outcomes for {rounds} rounds"
            )
        return outcome_stats(keys, nets)
    results = module.sample(rules, rounds, seed)
    if not isinstance(results, dict):
        raise SimulationError(f"{module_path}.sample returned {type(results).__name__}, not dict")
    stats: ChunkStats = {}
    for wager, array in results.items():
        if len(array) > rounds:
            raise SimulationError(
                f"{module_path}.sample gave {len(array)} results for {wager} in {rounds} rounds"
            )
        stats[wager] = WagerStats.of(array)
    return stats


def outcome_stats(keys: npt.ArrayLike, nets: Mapping[str, npt.ArrayLike]) -> ChunkStats:
    """The statistics of rounds given as outcome keys (non-negative integers, one per
    round) and, per wager, the net of each outcome key (NaN where the wager is not in
    play): the same as :meth:`WagerStats.of` over ``{wager: net[keys]}`` without NaNs,
    from one count per key (:func:`numpy.bincount`).

    >>> outcome_stats([0, 1, 1, 2], {"w": [3.0, -1.0, float("nan")]})["w"]
    WagerStats(count=3, values={-1.0: 2, 3.0: 1}, sums=None)
    """
    key_array = np.asarray(keys)
    if key_array.size and key_array.min() < 0:
        raise SimulationError("an outcome key is negative")
    counts = np.bincount(key_array) if key_array.size else np.zeros(0, dtype=np.int64)
    seen = np.flatnonzero(counts)
    weights = counts[seen]
    stats: ChunkStats = {}
    for wager, table in nets.items():
        net = np.asarray(table, dtype=np.float64)
        if seen.size and seen[-1] >= net.size:
            raise SimulationError(f"{wager}: an outcome key has no net (table of {net.size})")
        results = net[seen]
        if np.any(np.isinf(results)):
            raise SimulationError(f"{wager}: a net result is not a finite number")
        played = ~np.isnan(results)
        distinct, inverse = np.unique(results[played], return_inverse=True)
        totals = np.zeros(distinct.size, dtype=np.int64)
        np.add.at(totals, inverse, weights[played])
        stats[wager] = WagerStats.from_counts(
            dict(zip(distinct.tolist(), totals.tolist(), strict=True))
        )
    return stats


@dataclass(frozen=True, slots=True)
class ProgressReport:
    """A run in progress: ``rounds_done`` of ``rounds_total`` after ``elapsed_s`` seconds
    and the statistics merged so far."""

    rounds_done: int
    rounds_total: int
    elapsed_s: float
    stats: ChunkStats

    @property
    def rounds_per_second(self) -> float:
        """Rounds simulated per second of wall time so far."""
        return self.rounds_done / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def estimate(self, wager: str, level: float = CONFIDENCE) -> WagerEstimate:
        """The running estimate of ``wager``."""
        return WagerEstimate.of(wager, self.stats[wager], level)


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The outcome of :func:`run`: the merged statistics of every wager (in the order the
    kernel returns them), with what produced them."""

    game: str
    variant: str | None
    rules_sha256: str | None
    rounds: int
    seed: int
    chunks: int
    elapsed_s: float
    stats: ChunkStats
    info: Mapping[str, WagerInfo] = field(default_factory=dict)

    @property
    def rounds_per_second(self) -> float:
        """Rounds simulated per second of wall time."""
        return self.rounds / self.elapsed_s if self.elapsed_s > 0 else math.inf

    def estimate(self, wager: str, level: float = CONFIDENCE) -> WagerEstimate:
        """The estimate of ``wager``; ``KeyError`` if the kernel has no such wager."""
        info = self.info.get(wager, WagerInfo())
        return WagerEstimate.of(wager, self.stats[wager], level, hit_above=info.hit_above)

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
                f"Estimated by simulating {self.rounds:,} rounds (seed {self.seed}); every "
                "figure is per unit of the wager; confidence_interval is the "
                f"{level:.1%} interval of the mean by the normal approximation.",
                "A wager's rounds count only the rounds it was in play; hit_frequency is the "
                "frequency of a win (a positive net, or any net above -1 for a wager whose win "
                "can be offset by a cost).",
            ],
        }


Progress = Callable[[ProgressReport], None]
"""Called in the calling process after every chunk is merged."""


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

    Raises :class:`SimulationError` for an unknown game, a kernel that does not import, or
    fewer than one round or worker; ``OSError`` if the Dask scheduler cannot be reached.
    """
    module = kernel(game)
    if rules is None:
        rules = default_rules(game)
    size = chunk_rounds or int(getattr(module, "CHUNK_ROUNDS", CHUNK_ROUNDS))
    if rounds < 1 or size < 1:
        chunk_sizes(rounds, size)  # raises, naming the bad number
    chunks = -(-rounds // size)
    path = SIMULATIONS[game]
    tasks = (
        (path, rules, n, chunk_seed(seed, index))
        for index, n in enumerate(_chunk_sizes(rounds, size))
    )
    start = time.perf_counter()
    merged: ChunkStats = {}
    done = 0
    count = workers if workers is not None else os.cpu_count() or 1
    if count < 1:
        raise SimulationError(f"a simulation needs at least one worker, not {count}")
    if scheduler is not None:
        outputs = _run_dask(scheduler, tasks)
    elif min(count, chunks) == 1:
        outputs = (_sized(task) for task in tasks)
    else:
        outputs = _run_pool(min(count, chunks), path, tasks)
    for n, stats in outputs:
        merged = merge_stats(merged, stats)
        done += n
        if progress is not None:
            progress(ProgressReport(done, rounds, time.perf_counter() - start, merged))
    elapsed = time.perf_counter() - start
    describe = getattr(module, "describe", None)
    info: dict[str, WagerInfo] = describe(rules) if callable(describe) else {}
    variant = getattr(rules, "variant", None)
    sha = getattr(rules, "sha256", None)
    return SimulationResult(
        game=game,
        variant=None if variant is None else str(variant),
        rules_sha256=sha() if callable(sha) else None,
        rounds=rounds,
        seed=seed,
        chunks=chunks,
        elapsed_s=elapsed,
        stats=merged,
        info=info,
    )


Task = tuple[str, Any, int, int]


def _sized(task: Task) -> tuple[int, ChunkStats]:
    return task[2], sample_stats(*task)


def _pool_context(module_path: str) -> Any:
    """Workers start clean, with no thread or lock inherited from the caller (a progress
    bar): from a fork server that has imported the kernel once (Linux), else spawned."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__, module_path])
        return context
    return multiprocessing.get_context("spawn")


def _run_pool(
    workers: int, module_path: str, tasks: Iterator[Task]
) -> Iterator[tuple[int, ChunkStats]]:
    """Yield each chunk's statistics as it finishes, at most ``2 * workers`` in flight."""
    pending = tasks
    context = _pool_context(module_path)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        running: set[Future[tuple[int, ChunkStats]]] = {
            pool.submit(_sized, task) for task in islice(pending, 2 * workers)
        }
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                running.remove(future)
                yield future.result()
                task = next(pending, None)
                if task is not None:
                    running.add(pool.submit(_sized, task))


def _run_dask(scheduler: str, tasks: Iterator[Task]) -> Iterator[tuple[int, ChunkStats]]:
    """Yield each chunk's statistics from the Dask cluster at ``scheduler`` as it finishes,
    at most twice the cluster's thread count in flight."""
    from dask.distributed import Client, as_completed

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        threads = sum(client.nthreads().values()) or 1
        pending = tasks
        first = [client.submit(_sized, task, pure=False) for task in islice(pending, 2 * threads)]
        queue = as_completed(first)  # type: ignore[no-untyped-call]
        for future in queue:
            yield future.result()
            task = next(pending, None)
            if task is not None:
                queue.add(client.submit(_sized, task, pure=False))  # type: ignore[no-untyped-call]


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
    path = SIMULATIONS[game]
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
    "SIMULATIONS",
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
    "chunk_seeds",
    "chunk_sizes",
    "default_rules",
    "kernel",
    "merge_stats",
    "outcome_stats",
    "run",
    "sample_stats",
    "throughput",
    "z_value",
]
