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
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version, the commit it was built from and the sha256 of its "
        "critical files, and exit (croupier identity checks them against the manifest).",
    ),
) -> None:
    """croupier: 58 Pa. Code Subpart K table games."""
    if version:
        from croupier.identity import identity

        found = identity()
        typer.echo(f"croupier {__version__}")
        typer.echo(f"commit {found.commit}")
        typer.echo(f"critical files sha256 {found.files_sha256}")
        raise typer.Exit()


@app.command("identity")
def identity_command() -> None:
    """Print which croupier this is (version, commit, sha256 of its critical files) and
    check every critical file (engine, games, rules, rng, ledger, server) against the
    manifest written when it was built; exit 1 naming each file that differs."""
    from croupier.identity import check_manifest, identity

    found = identity()
    typer.echo(found.text())
    differences = check_manifest()
    if not differences:
        typer.echo("manifest: every critical file matches")
        return
    typer.echo(f"manifest: {len(differences)} difference(s)", err=True)
    for difference in differences:
        typer.echo(f"  - {difference}", err=True)
    raise typer.Exit(1)


def _register() -> None:
    from croupier.cli import (
        analyze,
        filing,
        oversight,
        play,
        players,
        report,
        rng,
        rules,
        server,
        simulate,
        submissions,
        train,
        verify,
    )

    analyze.register(app)
    filing.register(app)
    oversight.register(app)
    play.register(app)
    players.register(app)
    report.register(app)
    rng.register(app)
    rules.register(app, submissions.register)
    server.register(app)
    simulate.register(app)
    train.register(app)
    verify.register(app)


_register()
