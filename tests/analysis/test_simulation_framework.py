"""The simulation framework: statistics by hand, reproducibility, the registry, Dask, CLI.

The confidence-interval figures are worked by hand on a four-value sample; the 99.9%
quantile is the tabulated two-sided normal value 3.2905. Reproducibility: one seed gives
the same statistics in this process, on two local processes and on a local Dask cluster
of two worker processes.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.analysis import simulation
from croupier.analysis.simulation import (
    SimulationError,
    WagerEstimate,
    WagerStats,
    base,
    run,
)
from croupier.analysis.simulation.base import (
    chunk_seeds,
    chunk_sizes,
    merge_stats,
    outcome_stats,
    sample_stats,
    simulations,
    z_value,
)
from croupier.cli import app
from croupier.rules.high_roll_dice import HighRollDiceRules, Variant

HIGH_ROLL = "high-roll-dice"
SIX_DICE = HighRollDiceRules(variant=Variant.SIX_DICE)


# --- statistics, by hand -------------------------------------------------------------------
def test_confidence_interval_by_hand() -> None:
    """Nets 1, -1, -1, 3: mean 1/2; squared deviations 1/4 + 9/4 + 9/4 + 25/4 = 11, so the
    sample variance is 11/3; the 99.9% half-width is 3.2905 * sqrt(11/3) / 2."""
    stats = WagerStats.of([1.0, -1.0, -1.0, 3.0])
    assert stats.count == 4
    assert stats.total == 2
    assert stats.total_sq == 12
    assert dict(stats.values or {}) == {-1.0: 2, 1.0: 1, 3.0: 1}
    estimate = WagerEstimate.of("w", stats)
    assert estimate.mean == 0.5
    assert estimate.std_dev == pytest.approx(math.sqrt(11 / 3), rel=1e-15)
    assert estimate.std_error == pytest.approx(math.sqrt(11 / 3) / 2, rel=1e-15)
    half = 3.2905 * math.sqrt(11 / 3) / 2  # 3.15052...
    assert estimate.normal_half == pytest.approx(half, abs=1e-4)
    # two wins and two losses are too few for the normal interval alone: it is widened
    # (unboundedly, the kernel giving no net range)
    assert estimate.interval == "clopper-pearson"
    assert estimate.ci_low <= 0.5 - half and estimate.ci_high >= 0.5 + half
    assert estimate.frequencies == {-1.0: 0.5, 1.0: 0.25, 3.0: 0.25}
    assert estimate.hit_frequency == 0.5
    assert estimate.max_win == 3.0


def test_normal_quantiles_are_the_tabulated_ones() -> None:
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) == pytest.approx(2.575829, abs=1e-6)
    assert z_value(0.999) == pytest.approx(3.290527, abs=1e-6)
    with pytest.raises(SimulationError):
        z_value(1.0)


def test_a_hit_is_a_net_above_the_kernels_threshold() -> None:
    """A push (0) is no hit by default; a win offset by a cost (0, -0.2) is above -1."""
    stats = WagerStats.of([0.0, -1.0, -0.2, 2.0])
    assert WagerEstimate.of("push", stats).hit_frequency == 0.25
    assert WagerEstimate.of("offset", stats, hit_above=-1.0).hit_frequency == 0.75


def test_one_round_has_no_spread_and_no_round_is_an_error() -> None:
    """One round says nothing of the spread: no standard deviation, and (with no net range
    known) an interval unbounded below, the Clopper-Pearson bound of one win in one."""
    estimate = WagerEstimate.of("w", WagerStats.of([2.0]))
    assert estimate.mean == 2.0
    assert math.isnan(estimate.std_dev)
    assert estimate.interval == "clopper-pearson"
    assert estimate.ci_low == -math.inf
    with pytest.raises(SimulationError, match="no round"):
        WagerEstimate.of("w", WagerStats.empty())


def test_merging_is_exact_and_order_free() -> None:
    rng = np.random.default_rng(5)
    values = rng.choice([-1.0, 0.6, 12.0, -0.2], size=10_001)
    parts = [WagerStats.of(values[:3]), WagerStats.of(values[3:5000]), WagerStats.of(values[5000:])]
    whole = WagerStats.of(values)
    forward = parts[0].merge(parts[1]).merge(parts[2])
    backward = parts[2].merge(parts[1]).merge(parts[0])
    assert forward == whole == backward
    # the exact sum: 0.6 and -0.2 are the binary doubles, summed without rounding
    assert whole.total == sum((Fraction(float(v)) for v in values), Fraction(0))


def test_many_distinct_values_fall_back_to_sorting_then_drop_the_histogram() -> None:
    values = np.arange(200, dtype=np.float64) / 4
    stats = WagerStats.of(values)
    assert stats.values is not None
    assert len(stats.values) == 200
    assert stats.total == Fraction(199 * 200, 8)
    many = WagerStats.of(np.arange(simulation.base.MAX_DISTINCT + 1, dtype=np.float64))
    assert many.values is None
    assert many.count == simulation.base.MAX_DISTINCT + 1
    assert math.isnan(WagerEstimate.of("w", many).hit_frequency)


def test_bad_results_are_refused() -> None:
    with pytest.raises(SimulationError, match="finite"):
        WagerStats.of([1.0, float("nan")])
    with pytest.raises(SimulationError, match="one-dimensional"):
        WagerStats.of(np.zeros((2, 2)))


def test_outcome_counts_give_the_statistics_of_the_looked_up_arrays() -> None:
    rng = np.random.default_rng(9)
    table = np.array([3.0, -1.0, np.nan, 0.5, -1.0])
    keys = rng.choice([0, 1, 2, 3, 4], size=5000)
    by_counts = outcome_stats(keys, {"w": table})["w"]
    looked_up = table[keys]
    assert by_counts == WagerStats.of(looked_up[~np.isnan(looked_up)])
    assert by_counts.count == int(np.sum(keys != 2))


def test_merge_keeps_the_kernel_order_of_wagers() -> None:
    a = {"x": WagerStats.of([1.0]), "y": WagerStats.of([2.0])}
    b = {"z": WagerStats.of([3.0]), "x": WagerStats.of([-1.0])}
    merged = merge_stats(a, b)
    assert list(merged) == ["x", "y", "z"]
    assert merged["x"].count == 2


# --- chunks and seeds ----------------------------------------------------------------------
def test_chunks_depend_on_the_rounds_alone() -> None:
    assert chunk_sizes(10, 4) == [4, 4, 2]
    assert chunk_sizes(8, 4) == [4, 4]
    with pytest.raises(SimulationError):
        chunk_sizes(0, 4)
    seeds = chunk_seeds(42, 3)
    assert seeds == chunk_seeds(42, 3)
    assert len(set(seeds)) == 3
    assert chunk_seeds(42, 5)[:3] == seeds  # spawning more children keeps the first ones
    assert chunk_seeds(43, 3) != seeds


# --- the registry ----------------------------------------------------------------------------
def test_registry_names_every_game_and_refuses_the_unknown() -> None:
    assert set(simulations()) == {
        "high-roll-dice",
        "go-fore-it",
        "double-back-jack",
        "criss-cross-poker",
        "pai-gow",
        "sic-bo",
        "craps",
    }
    with pytest.raises(SimulationError, match="unknown game 'baccarat'"):
        run("baccarat", rounds=10)


def test_a_kernel_that_does_not_import_is_skipped_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    from croupier.registry import GAMES

    missing = dataclasses.replace(
        GAMES["pai-gow"], simulation="croupier.analysis.simulation.no_such_kernel"
    )
    monkeypatch.setitem(GAMES, "pai-gow", missing)
    with pytest.raises(SimulationError, match=r"not available: its module .*no_such_kernel"):
        run("pai-gow", rounds=10)
    assert simulation.available()["pai-gow"] is not None
    assert simulation.available()[HIGH_ROLL] is None


# --- reproducibility -------------------------------------------------------------------------
def _run(**where: object) -> simulation.SimulationResult:
    return run(HIGH_ROLL, SIX_DICE, 50_000, seed=2024, chunk_rounds=8_192, **where)  # type: ignore[arg-type]


def test_one_seed_gives_the_same_result_on_one_or_two_workers() -> None:
    here = _run(workers=1)
    pooled = _run(workers=2)
    assert here.chunks == 7
    assert here.stats == pooled.stats
    assert here.to_dict() == pooled.to_dict()
    assert _run(workers=1).stats == here.stats
    other = run(HIGH_ROLL, SIX_DICE, 50_000, seed=2025, chunk_rounds=8_192, workers=1)
    assert other.stats != here.stats


def test_one_seed_gives_the_same_result_whatever_the_workers_and_tasks() -> None:
    """97 chunks of 512 rounds, on 1, 2 and 3 workers: past the first tasks each holds
    several chunks (as many as the cap of a quarter of a worker's share allows, the chunks
    being fast), yet the chunks and their seeds are those of one worker's run."""
    one = run(HIGH_ROLL, SIX_DICE, 49_500, seed=31, chunk_rounds=512, workers=1)
    assert one.chunks == 97
    for workers in (2, 3):
        pooled = run(HIGH_ROLL, SIX_DICE, 49_500, seed=31, chunk_rounds=512, workers=workers)
        assert pooled.stats == one.stats
    assert sum(s.count for s in one.stats.values()) > 0


def test_tasks_hand_out_every_chunk_once_in_order() -> None:
    """The batcher's tasks: one chunk until a task is done, then as many as take
    TASK_CPU_S of CPU (capped at a quarter of each worker's share), every chunk once."""
    pieces = [(10, seed) for seed in range(40)]
    batches = base._Batches("kernel", None, iter(pieces), len(pieces))
    batches.spread(2)  # cap: 40 // 8 = 5 chunks a task
    first = batches.next()
    assert first == ("kernel", None, ((10, 0),))
    batches.done(1, base.TASK_CPU_S / 3)  # three chunks a task from now on
    second = batches.next()
    assert second is not None and second[2] == ((10, 1), (10, 2), (10, 3))
    batches.done(3, 0.0)  # 4 chunks in a third of TASK_CPU_S: 12 wanted, 5 allowed
    handed = [first[2], second[2]]
    while (task := batches.next()) is not None:
        assert len(task[2]) == 5 or task[2][-1] == pieces[-1]
        handed.append(task[2])
    assert [piece for task in handed for piece in task] == pieces


def test_no_round_is_refused_before_anything_runs() -> None:
    with pytest.raises(SimulationError, match="at least one round, not 0"):
        run(HIGH_ROLL, SIX_DICE, 0, seed=1, workers=2)


def test_throughput_reports_rounds_and_the_generator_ceiling() -> None:
    measured = simulation.throughput(HIGH_ROLL, seconds=0.3, rules=SIX_DICE)
    assert measured.rounds_per_second > 0
    assert measured.ceiling_rounds_per_second is not None
    assert measured.ceiling_rounds_per_second > 0
    assert measured.generator_integers_per_second > 0
    assert measured.ratio == measured.ceiling_rounds_per_second / measured.rounds_per_second
    assert set(measured.to_dict()) >= {"rounds_per_second", "ceiling_rounds_per_second", "ratio"}


def test_chunks_are_the_kernel_run_on_their_child_seeds() -> None:
    result = run(HIGH_ROLL, SIX_DICE, 10, seed=7, chunk_rounds=4, workers=1)
    seeds = chunk_seeds(7, 3)
    path = simulations()[HIGH_ROLL]
    by_hand: dict[str, WagerStats] = {}
    for size, seed in zip([4, 4, 2], seeds, strict=True):
        by_hand = merge_stats(by_hand, sample_stats(path, SIX_DICE, size, seed))
    assert result.stats == by_hand


def test_progress_is_reported_after_every_chunk() -> None:
    seen: list[int] = []
    run(
        HIGH_ROLL,
        SIX_DICE,
        10,
        seed=1,
        chunk_rounds=4,
        workers=1,
        progress=lambda r: seen.append(r.rounds_done),
    )
    assert seen == [4, 8, 10]


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_result() -> None:
    """A LocalCluster of two worker processes (one thread each) and its scheduler address."""
    from dask.distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = _run(scheduler=cluster.scheduler_address)
    assert on_dask.stats == _run(workers=1).stats


# --- the command line --------------------------------------------------------------------------
runner = CliRunner()


def test_simulate_json_has_the_par_sheet_shape() -> None:
    result = runner.invoke(
        app,
        ["simulate", HIGH_ROLL, "--rounds", "20000", "--seed", "3", "--workers", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["method"] == "simulation"
    assert document["rounds"] == 20_000
    assert document["seed"] == 3
    assert document["variant"] == "ten_dice"
    assert document["timing"]["tasks"] == 1  # one chunk of 20,000 rounds, in this process
    assert document["timing"]["cpu_s"] > 0
    assert document["rules_sha256"] == HighRollDiceRules().sha256()
    wager = document["wagers"][0]
    assert wager["wager"] == "pip_street:two"
    assert wager["method"] == "simulation"
    assert wager["rounds"] == 20_000
    assert wager["house_edge"] == -wager["return"]
    interval = wager["confidence_interval"]
    assert interval["level"] == 0.999
    assert interval["low"] < wager["return"] < interval["high"]
    assert sum(o["probability"] for o in wager["outcomes"]) == pytest.approx(1)
    extra = next(w for w in document["wagers"] if w["wager"] == "like_kind_extra_roll:4")
    assert extra["units_staked"] == 2
    # the same keys as a wager of `analyze --json`, less the exact texts
    analyzed = json.loads(runner.invoke(app, ["analyze", HIGH_ROLL, "--json"]).stdout)
    exact_keys = {k for k in analyzed["wagers"][0] if not k.endswith("_exact")}
    assert exact_keys <= set(wager)


def test_simulate_is_reproducible_from_the_seed_on_the_command_line() -> None:
    args = ["simulate", HIGH_ROLL, "--rounds", "5000", "--seed", "11", "--workers", "1", "--json"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert json.loads(first.stdout)["wagers"] == json.loads(second.stdout)["wagers"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "baccarat", "--rounds", "10"], "unknown game"),
        (
            ["simulate", HIGH_ROLL, "--rounds", "10", "--workers", "2", "--scheduler", "tcp://x:1"],
            "not both",
        ),
    ],
)
def test_simulate_refuses_what_it_cannot_run(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output


def test_simulate_refuses_a_submission_of_another_game(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "rules.toml"
    path.write_text('game = "go-fore-it"\n')
    result = runner.invoke(app, ["simulate", HIGH_ROLL, "--rounds", "10", "--rules", str(path)])
    assert result.exit_code == 2
    assert "'go-fore-it', not 'high-roll-dice'" in result.output


def test_simulate_refuses_a_submission_that_is_not_utf8(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "rules.toml"
    path.write_bytes(b"\xff\xfe\x00")
    result = runner.invoke(app, ["simulate", HIGH_ROLL, "--rounds", "10", "--rules", str(path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "cannot read the Rules Submission" in result.output and "utf-8" in result.output
