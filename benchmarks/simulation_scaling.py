"""Simulation on every core: rounds per second per worker for K = 1..cores local worker
processes and on a local Dask cluster (one worker per core), the setup apart.

Run: ``python benchmarks/simulation_scaling.py [--game criss-cross-poker] [--rounds N]
[--passes 3] [--no-dask]``. Prints, for each K, the median over the passes of
:func:`croupier.analysis.simulation.run`'s rounds per second (setup excluded: the wall
time until every worker is started, holds the shipped tables and has played its
throw-away round), per worker, and against one worker; the median setup; the rounds per
CPU second of the workers (:attr:`~croupier.analysis.simulation.SimulationResult.cpu_s`)
and K times it against one worker's, the scaling with a core for each worker; each
worker's share of a core; whether every K gave the same statistics for the seed. The K
run in turn within a pass (reversed every other pass), so a drift of the machine's
speed falls on every K alike, and the load average is printed after each pass.

On a Linux machine with ``kernel.sched_autogroup_enabled`` (this one) the processes of
one session share one fair share of the CPUs: under other sessions' load, K workers get
about the CPU one worker would, and the wall-time ratio measures the load, not the
workers; the CPU ratio and the core share say which.

The Dask part starts a ``LocalCluster`` with one single-threaded worker process per
core, measures the scheduler's overhead per task (2,000 empty tasks through the same
client: the CPU seconds of the client, the scheduler and the workers, and a worker's
wall time) against one chunk and against the run's own tasks (several chunks each,
:data:`~croupier.analysis.simulation.base.TASK_CPU_S`), and runs the same simulation
through ``--scheduler`` alternately with the local pool of as many workers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from croupier.analysis import tables
from croupier.analysis.simulation import run
from croupier.analysis.simulation.base import (
    CHUNK_ROUNDS,
    default_rules,
    kernel,
    prepare,
    sample_stats,
    simulations,
)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _noop(_: int) -> int:
    return 0


def local(game: str, rules: Any, rounds: int, passes: int, cores: int) -> None:
    counts = list(range(1, cores + 1))
    rates: dict[int, list[float]] = {k: [] for k in counts}
    cpu_rates: dict[int, list[float]] = {k: [] for k in counts}
    shares: dict[int, list[float]] = {k: [] for k in counts}
    setups: dict[int, list[float]] = {k: [] for k in counts}
    same = True
    for p in range(passes):
        first = None
        for k in counts if p % 2 == 0 else counts[::-1]:
            result = run(game, rules, rounds, seed=p, workers=k)
            rates[k].append(result.rounds_per_second)
            cpu_rates[k].append(rounds / result.cpu_s)
            shares[k].append(result.cpu_s / (k * result.simulation_s))
            setups[k].append(result.setup_s)
            if first is None:
                first = result.stats
            same = same and result.stats == first
        print(f"pass {p + 1}: load average {load()}")
    one = statistics.median(rates[1])
    one_cpu = statistics.median(cpu_rates[1])
    print(
        f"{'workers':>7} {'rounds/s':>12} {'per worker':>12} {'x one':>7} {'setup':>8}"
        f" {'per CPU s':>12} {'x one':>7} {'core share':>10}"
    )
    for k in counts:
        rate = statistics.median(rates[k])
        per_cpu = statistics.median(cpu_rates[k])  # rounds per CPU second of all the workers
        print(
            f"{k:>7} {rate:>12,.0f} {rate / k:>12,.0f} {rate / one:>6.2f}x "
            f"{statistics.median(setups[k]):>7.2f}s {per_cpu:>12,.0f} "
            f"{k * per_cpu / one_cpu:>6.2f}x {statistics.median(shares[k]):>9.0%}"
        )
    print(
        "(rounds/s: wall time, setup apart; per CPU s: rounds per CPU second of a worker, "
        "and K of them against one, the scaling if each worker had a core; core share: "
        "the workers' CPU seconds over K x the wall seconds, the part of a core each got)"
    )
    print(f"same statistics for a seed whatever the workers: {'yes' if same else 'NO'}")


def _worker_cpu(client: Any) -> float:
    return float(sum(client.run(time.process_time).values()))


def dask(game: str, rules: Any, rounds: int, passes: int, cores: int, chunk: int) -> None:
    from dask.distributed import Client, LocalCluster

    path = simulations()[game]
    sample_stats(path, rules, chunk, 0)  # compiled here, for the chunk's time
    began = time.thread_time()
    for i in range(3):
        sample_stats(path, rules, chunk, i + 1)
    chunk_cpu = (time.thread_time() - began) / 3
    with LocalCluster(
        n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with Client(cluster) as client:  # type: ignore[no-untyped-call]
            client.gather(client.map(_noop, range(100), pure=False))
            empty = 2000
            here, there = time.process_time(), _worker_cpu(client)
            began = time.perf_counter()
            client.gather(client.map(_noop, range(empty), pure=False))
            per_task = (time.perf_counter() - began) * cores / empty
            per_task_cpu = (time.process_time() - here + _worker_cpu(client) - there) / empty
        pool: list[float] = []
        on_dask: list[float] = []
        dask_cpu: list[float] = []
        task_cpu: list[float] = []
        same = True
        for p in range(passes):
            sides = ("pool", "dask") if p % 2 == 0 else ("dask", "pool")
            found = {}
            for side in sides:
                where: dict[str, Any] = (
                    {"scheduler": cluster.scheduler_address}
                    if side == "dask"
                    else {"workers": cores}
                )
                result = run(game, rules, rounds, seed=p, **where)
                (on_dask if side == "dask" else pool).append(result.rounds_per_second)
                if side == "dask":
                    dask_cpu.append(rounds / result.cpu_s)
                    task_cpu.append(result.cpu_s / result.tasks)
                found[side] = result.stats
            same = same and found["pool"] == found["dask"]
            print(f"Dask pass {p + 1}: load average {load()}")
    d, q = statistics.median(on_dask), statistics.median(pool)
    print(
        f"Dask LocalCluster, {cores} workers x 1 thread: {d:,.0f} rounds/s, {d / cores:,.0f} "
        f"per worker ({statistics.median(dask_cpu):,.0f} per CPU second); local pool of "
        f"{cores}: {q:,.0f} rounds/s; Dask / pool {d / q:.2f}x"
    )
    print(
        f"scheduler overhead per task (2,000 empty tasks): {per_task_cpu * 1000:.2f} ms of CPU "
        f"(the scheduler, the client and the workers), {per_task * 1000:.2f} ms of a worker's "
        f"wall time; a chunk of {chunk:,} rounds takes {chunk_cpu * 1000:.1f} ms of CPU: "
        f"overhead {per_task_cpu / chunk_cpu:.1%} of a chunk's CPU (target under 5%), "
        f"{per_task / chunk_cpu:.1%} counted in wall time"
    )
    task = statistics.median(task_cpu)
    print(
        f"the run's tasks (several chunks each, TASK_CPU_S) took {task * 1000:.0f} ms of CPU "
        f"each: overhead {per_task_cpu / task:.1%} of a task's CPU (target under 5%), "
        f"{per_task / task:.1%} counted in wall time"
    )
    print(f"same statistics on Dask and on the pool: {'yes' if same else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="criss-cross-poker")
    parser.add_argument("--rounds", type=int, default=16_000_000)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true")
    options = parser.parse_args()
    cores = os.cpu_count() or 1
    game = options.game
    rules = default_rules(game)
    module = kernel(game)
    chunk = int(getattr(module, "CHUNK_ROUNDS", CHUNK_ROUNDS))
    print(f"{cores} CPUs; load average {load()} before; {game}, {options.rounds:,} rounds a run")
    tables.forget()
    began = time.perf_counter()
    prepare(module, rules)
    print(
        f"tables from the analysis cache (the first run on a machine builds them): "
        f"{time.perf_counter() - began:.2f} s, once per run, shipped to the workers"
    )
    local(game, rules, options.rounds, options.passes, cores)
    if not options.no_dask:
        dask(game, rules, options.rounds, options.passes, cores, chunk)
    print(f"load average {load()} after")


if __name__ == "__main__":
    main()
