"""`croupier filing GAME --rules FILE [--out DIR]`: the filing a Board reviewer reads
(:mod:`croupier.reports.filing`), written as ``DIR/GAME-filing.html``.

``--rounds N`` (default 100,000) rounds are simulated for the cross-check from ``--seed``;
``--rng-count N`` (default 10,000; 0 skips it) values of each draw go through the RNG
battery; ``--db URL`` adds the approval history of every table version holding the
submission; ``--no-plots`` leaves out each wager's outcome plot (a draft). A submission of
another game, or one the regulation refuses, exits 2.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.rules import load_or_exit
from croupier.cli.server import fail
from croupier.registry import GAMES

DEFAULT_ROUNDS = 100_000


def filing(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. go-fore-it.")],
    rules_file: Annotated[
        Path,
        typer.Option(
            "--rules", exists=True, dir_okay=False, help="The Rules Submission (TOML) filed."
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="The folder to write into.")] = Path("."),
    rounds: Annotated[
        int, typer.Option("--rounds", min=1, help="Rounds simulated for the cross-check.")
    ] = DEFAULT_ROUNDS,
    seed: Annotated[int, typer.Option("--seed", min=0, help="The simulation's seed.")] = 1,
    rng_count: Annotated[
        int, typer.Option("--rng-count", min=0, help="Values of each draw tested (0: none).")
    ] = 10_000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="A croupier database: adds the approval history."),
    ] = None,
    plots: Annotated[
        bool,
        typer.Option(
            "--plots/--no-plots",
            help="Draw each wager's outcome plot (--no-plots: a draft without them, "
            "written in seconds).",
        ),
    ] = True,
) -> None:
    """Write the filing of a Rules Submission: rules in words, sign, par sheet,
    simulation cross-check, RNG evidence, traceability, software identity, approval."""
    from croupier.reports import filing as document

    if game not in GAMES:
        raise fail(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    rules = load_or_exit(rules_file)
    if rules.game != game:
        raise fail(f"{rules_file} is a Rules Submission of {rules.game}, not {game}")
    analysis = GAMES[game].analysis
    assert analysis is not None, f"{game} names no exact analysis"
    sheet = importlib.import_module(analysis).par_sheet(rules)
    made = document.build(
        rules, sheet, rounds=rounds, seed=seed, rng_count=rng_count, db=db, plots=plots
    )
    try:
        path = document.write(made, out)
    except OSError as error:
        raise fail(f"cannot write the filing into {str(out)!r}: {error}") from error
    typer.echo(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Add `filing` to the command line."""
    app.command(
        "filing",
        help=(
            "Write the filing of a Rules Submission as one printable HTML document: the "
            "rules in words, the sign, the par sheet, a simulation cross-check, the RNG "
            "evidence, the chapter's traceability, the software identity and the approval "
            "history (--db)."
        ),
    )(filing)
