"""`croupier simulate GAME`: estimate a game's par sheet by vectorized simulation.

``croupier simulate high-roll-dice --rounds 100000000 [--rules FILE.toml] [--seed S]
[--workers K | --scheduler tcp://HOST:8786] [--json]``. The rounds run in chunks on every
local core (``--workers``: how many processes; 1 runs in this process) or on a Dask
cluster (``--scheduler``); the result depends only on the game, rules, rounds and seed
(:func:`croupier.analysis.simulation.run`). A Rich progress bar shows the rounds per
second and the running estimate of the first wager with its 99.9% confidence interval.
``--json`` prints the par-sheet document of ``croupier analyze --json`` with
``"method": "simulation"``, the rounds played and the confidence interval per wager,
and ``timing`` (``setup_s``, ``simulation_s``, ``rounds_per_second``: setup apart;
``cpu_s``, the workers' CPU seconds on the rounds, and ``tasks``, what they were sent in);
a figure that is not a finite number (the standard deviation of a single round, an
unbounded interval) is ``null``, so the document is always valid JSON.

The interval is the normal one (``mean ± half``) unless fewer than ten rounds won (or
did not win) the wager: then it is widened by the Clopper-Pearson bound on the win
probability times the payout range (:mod:`croupier.analysis.simulation.base`), printed
as ``[low, high]`` and marked ``*``. The time the workers spend setting up (compiling,
building strategy tables) is reported apart from the rounds per second of the
simulation proper.

Errors (unknown game, kernel not available, bad submission, a scheduler address that is
not one, an unreachable scheduler) print the message and exit with code 2.
"""

from __future__ import annotations

import json
import math
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import TextColumn, TimeRemainingColumn
from rich.table import Table

from croupier.analysis.returns import game_said, wager_said
from croupier.cli.analyze import Game
from croupier.cli.server import fail_error
from croupier.cli.wide import progress_bar
from croupier.errors import RulesSubmissionError
from croupier.registry import GAMES, load
from croupier.rules import RulesSubmission

if TYPE_CHECKING:  # the simulation (numba, numpy, its process pools) only when one is run
    from croupier.analysis.simulation import ProgressReport, SimulationResult, WagerEstimate


def _rules(game: str, rules_file: Path | None) -> Any:
    """The Rules Submission to simulate under: ``rules_file`` if given, else the game's
    defaults. Raises :class:`SimulationError` for a submission of another game."""
    from croupier.analysis.simulation.base import SimulationError, default_rules

    if rules_file is None:
        return default_rules(game)
    submission: RulesSubmission = load(rules_file)
    if submission.game != game:
        raise SimulationError(f"the Rules Submission is for {submission.game!r}, not {game!r}")
    return submission


def _table(result: SimulationResult, rules: RulesSubmission) -> Table:
    """The simulated figures, one row per wager named as the player reads it
    (:func:`croupier.analysis.returns.wager_said`); ``--json`` keeps the keys."""
    game = game_said(result.game, result.variant)
    table = Table(title=f"{game}: simulated figures per unit staked")
    table.add_column("Wager")
    table.add_column("Rounds", justify="right")
    table.add_column("Return ± 99.9%", justify="right", no_wrap=True)
    table.add_column("Hit freq.", justify="right")
    table.add_column("Std dev", justify="right")
    for estimate in result.estimates():
        table.add_row(
            wager_said(rules, estimate.wager),
            f"{estimate.rounds:,}",
            _interval(estimate),
            f"{estimate.hit_frequency:.5g}",
            f"{estimate.std_dev:.4g}",
        )
    return table


def _bound(value: float) -> str:
    return f"{value:+.5f}" if math.isfinite(value) else ("+∞" if value > 0 else "-∞")


def _interval(estimate: WagerEstimate) -> str:
    """``mean ± half`` (normal interval), or ``mean [low, high]*`` where the interval is
    the Clopper-Pearson bound of a degenerate sample."""
    if estimate.reliable:
        half = (estimate.ci_high - estimate.ci_low) / 2
        return f"{estimate.mean:+.5f} ± {half:.5f}"
    return f"{estimate.mean:+.5f} [{_bound(estimate.ci_low)}, {_bound(estimate.ci_high)}]*"


def _running(report: ProgressReport, rules: RulesSubmission) -> str:
    """The rounds per second and the first wager's running estimate (named in words)."""
    rate = f"{report.rounds_per_second:,.0f} rounds/s"
    wager = next((w for w, stats in report.stats.items() if stats.count > 1), None)
    if wager is None:
        return rate
    estimate = report.estimate(wager)
    return f"{rate}  {wager_said(rules, wager)} {_interval(estimate)} (99.9%)"


Rounds = Annotated[int, typer.Option("--rounds", min=1, help="How many rounds to simulate.")]
UnderRules = Annotated[
    Path | None,
    typer.Option("--rules", help="A Rules Submission (TOML) to simulate under."),
]
Seed = Annotated[
    int | None, typer.Option("--seed", min=0, help="The seed (default: a fresh one, printed).")
]
Workers = Annotated[
    int | None, typer.Option("--workers", min=1, help="Local processes (default: every core).")
]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help="A Dask scheduler address, e.g. tcp://host:8786."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the estimated par sheet as JSON.")]


def simulate(
    game: Game,
    rounds: Rounds,
    rules_file: UnderRules = None,
    seed: Seed = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    as_json: AsJson = False,
) -> None:
    """Estimate GAME's par sheet by simulating ROUNDS rounds: return, 99.9% confidence
    interval, hit frequency and standard deviation of every wager, per unit staked."""
    from croupier.analysis.simulation import SimulationError, run

    rules = _checked(game, rules_file, workers, scheduler)
    seed = seed if seed is not None else secrets.randbits(64)
    try:
        with progress_bar(
            as_json, TimeRemainingColumn(), TextColumn("{task.fields[running]}")
        ) as bar:
            task = bar.add_task(game, total=rounds, running="")

            def show(report: ProgressReport) -> None:
                bar.update(task, completed=report.rounds_done, running=_running(report, rules))

            result = run(game, rules, rounds, seed, workers, scheduler, show)
    except SimulationError as error:
        raise fail_error(str(error)) from error
    except OSError as error:
        raise fail_error(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from error
    if as_json:
        typer.echo(json.dumps(_document(result), indent=2, allow_nan=False))
        return
    _print_result(result, rules)


def _checked(game: str, rules_file: Path | None, workers: int | None, scheduler: str | None) -> Any:
    """The Rules Submission to simulate ``game`` under (:func:`_rules`) once the game, the
    choice of workers or scheduler and the scheduler's address are checked; exit 2 with
    the reason otherwise."""
    from croupier.analysis.simulation.base import SimulationError, check_scheduler, simulations

    known = simulations()
    if game not in known:
        named = f"{game!r} has no simulation kernel" if game in GAMES else f"unknown game {game!r}"
        raise fail_error(f"{named}; games simulated: {', '.join(sorted(known))}")
    if workers is not None and scheduler is not None:
        raise fail_error("give --workers or --scheduler, not both")
    try:
        if scheduler is not None:
            check_scheduler(scheduler)
        return _rules(game, rules_file)
    except RulesSubmissionError as error:
        raise fail_error(error.told) from error
    except SimulationError as error:
        raise fail_error(str(error)) from error
    except (OSError, UnicodeDecodeError) as error:
        raise fail_error(
            f"cannot read the Rules Submission {str(rules_file)!r}: {error}"
        ) from error


def _document(result: SimulationResult) -> dict[str, Any]:
    """The ``--json`` document: the estimated par sheet and its ``timing``."""
    timing = {
        "setup_s": result.setup_s,
        "simulation_s": result.simulation_s,
        "rounds_per_second": rate if math.isfinite(rate := result.rounds_per_second) else None,
        "cpu_s": result.cpu_s,
        "tasks": result.tasks,
    }
    return result.to_dict() | {"timing": timing}


def _print_result(result: SimulationResult, rules: RulesSubmission) -> None:
    """Print the simulated figures for the terminal, what a starred interval means, and
    the rounds, time and seed."""
    from croupier.analysis.simulation.base import counted

    console = Console()
    console.print(_table(result, rules))
    if not all(estimate.reliable for estimate in result.estimates()):
        console.print(
            "* too few wins (or non-wins) for the normal interval: the interval is widened "
            "by the Clopper-Pearson bound on the win probability times the payout range "
            "(±∞ where the payout range is not known)",
            highlight=False,
        )
    console.print(
        f"{counted(result.rounds, 'round')} in {result.simulation_s:.1f} s "
        f"({result.rounds_per_second:,.0f} rounds/s) after {result.setup_s:.1f} s of setup, "
        f"seed {result.seed}",
        highlight=False,
    )


SIMULATE_HELP = (
    "Estimate GAME's par sheet by simulating ROUNDS rounds: return, 99.9% confidence "
    "interval, hit frequency and standard deviation of every wager, per unit staked. "
    "Setup time (compilation, strategy tables) is reported apart from the rounds per second."
)
"""The help text (one paragraph, so the terminal wraps it, not the docstring's lines)."""


def register(app: typer.Typer) -> None:
    """Add `simulate` to the command line."""
    app.command("simulate", help=SIMULATE_HELP)(simulate)
