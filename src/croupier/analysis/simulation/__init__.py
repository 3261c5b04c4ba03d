"""Vectorized simulation of each game, at scale (``croupier simulate GAME``).

The contract every game kernel module ``croupier.analysis.simulation.<game_module>``
follows:

- ``sample(rules, rounds: int, seed: int) -> dict[str, numpy.ndarray]``: simulate
  ``rounds`` independent rounds under ``rules`` (the game's Rules Submission model) with
  a generator seeded by ``seed`` (a non-negative integer of up to 128 bits; use
  ``numpy.random.default_rng(seed)``, whose draws the result must depend on alone).
  Returns wager name (the same names as that game's par sheet, ``croupier analyze``)
  -> float64 array, one entry per round, of the net result per unit of that wager
  (winnings, or minus the stake lost, divided by the units the wager stakes). A wager not
  in play in a round is excluded from its array, so arrays may be shorter than
  ``rounds``; each module documents which of its wagers may be. The rules and strategy
  are the engine's.

Optional, in the same module:

- ``CHUNK_ROUNDS: int``: rounds per chunk (default
  :data:`~croupier.analysis.simulation.base.CHUNK_ROUNDS`); keep a chunk's arrays to
  tens of megabytes.
- ``draws(rules, rounds: int, seed: int) -> None``: draw, and discard, the random numbers
  ``rounds`` rounds need, exactly as ``sample`` draws them; its speed is the generator's
  ceiling reported by :func:`throughput`. ``DRAWS_PER_ROUND: str`` says what one round
  draws (e.g. ``"10 dice"``).
- ``sample_outcomes(rules, rounds: int, seed: int) -> tuple[numpy.ndarray, dict[str,
  numpy.ndarray]]``: the same rounds as ``sample`` (same seed, same draws) as one
  non-negative integer outcome key per round and, per wager, a float64 table of its net
  for each key (NaN where the wager is not in play); ``sample`` must equal each table
  looked up at the keys, NaNs dropped. Where present the framework reduces a chunk with
  one :func:`numpy.bincount` instead of scanning every wager's array.
- ``sample_counts(rules, rounds: int, seed: int) -> dict[str, dict[float, int]]``: the
  same rounds as ``sample`` (same seed, same draws) counted by the kernel itself: per
  wager, each distinct net -> the rounds with it (those not in play left out). Where
  present the framework reduces a chunk from it, with no array per wager.
- ``prepare(rules) -> None``: build the tables ``sample`` needs under ``rules`` through
  :func:`croupier.analysis.tables.shared` (a strategy, an exact solve); :func:`run`
  calls it once in the calling process and ships the tables to its workers as numpy
  arrays, so that no worker builds them.
- ``describe(rules) -> dict[str, WagerInfo]``: each wager's description, units staked,
  strategy and ``hit_above`` (a net above it is a win; default 0), for the JSON document
  and the hit frequency.

The registry (:func:`simulations`, from each game's spec in :mod:`croupier.registry`)
maps each game name to its kernel module; :func:`run` splits the rounds into chunks with
independent child seeds (:class:`numpy.random.SeedSequence`), runs them in this process,
on local processes or on a Dask cluster, reduces each chunk to sufficient statistics in
the worker and merges them into a :class:`SimulationResult`: per wager the rounds
played, mean return, standard deviation, a 99.9% confidence interval and the frequency of
every distinct net result. A game whose module does not import yet raises
:class:`SimulationError` saying so.
"""

from croupier.analysis.simulation.base import (
    CHUNK_ROUNDS,
    CONFIDENCE,
    ProgressReport,
    SimulationError,
    SimulationResult,
    Throughput,
    WagerEstimate,
    WagerInfo,
    WagerStats,
    available,
    kernel,
    run,
    simulations,
    throughput,
)

__all__ = [
    "CHUNK_ROUNDS",
    "CONFIDENCE",
    "ProgressReport",
    "SimulationError",
    "SimulationResult",
    "Throughput",
    "WagerEstimate",
    "WagerInfo",
    "WagerStats",
    "available",
    "kernel",
    "run",
    "simulations",
    "throughput",
]
