"""The ``croupier`` command line (Typer + Rich).

Each command group lives in its own module and is registered here.
"""

from __future__ import annotations

import typer

from croupier import __version__

app = typer.Typer(
    name="croupier",
    help="Pennsylvania table games: play, analyze and check Rules Submissions.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback(invoke_without_command=True)
def main(
    version: bool = typer.Option(False, "--version", help="Print the version and exit."),
) -> None:
    """croupier: 58 Pa. Code Subpart K table games."""
    if version:
        typer.echo(__version__)
        raise typer.Exit()


def _register() -> None:
    from croupier.cli import analyze, play, report, rng, rules, server, simulate, verify

    analyze.register(app)
    play.register(app)
    report.register(app)
    rng.register(app)
    rules.register(app)
    server.register(app)
    simulate.register(app)
    verify.register(app)


_register()
