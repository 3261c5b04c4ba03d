"""`croupier report events | access`, `croupier disable | enable`, `croupier selfcheck`: the
significant-events log, disabling and self-verification from the command line (GLI-19
2.8.8, 2.9.5, 2.4.1, 2.3.2).

- ``report events [--db] [--kind K ...] [--subject S] [--since WHEN] [--json | --csv]``:
  the log, oldest first: who, what, when, before -> after, in words; "No Activity" when
  nothing matches (:mod:`croupier.ledger.significant_events`).
- ``report access [--db] [--player ID] [--since WHEN] [--json]``: the user access report,
  every account with its sessions, failed sign-ins and locks (GLI-19 2.8.9,
  :mod:`croupier.ledger.access`).
- ``disable THING SUBJECT --by NAME --reason TEXT [--db]`` and ``enable THING SUBJECT
  --by NAME [--db]``: THING is ``table``, ``game``, ``paytable`` (SUBJECT
  ``<table>/<version>``) or ``player`` (:mod:`croupier.ledger.disabling`); a refusal
  exits 2 with its rule.
- ``selfcheck [--db] [--by NAME] [--package DIR]``: hash the critical files against the
  manifest, record the result; exit 1 naming each file that differs.

``disable``, ``enable`` and ``selfcheck`` take ``--bus nats://HOST:PORT``: the running
servers' live views of the player, the table or every table show the change at once
(:mod:`croupier.cli.told`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.server import Db, fail
from croupier.cli.told import Bus, told
from croupier.ledger.db import DEFAULT_URL
from croupier.ledger.significant_events import OPERATOR, Kind, SignificantEvent

COLUMNS = ("seq", "at", "who", "kind", "subject", "before", "after", "words", "hash")
"""The CSV's columns (``before`` and ``after`` as JSON text)."""


def _since(given: str | None) -> datetime | None:
    if given is None:
        return None
    try:
        moment = datetime.fromisoformat(given)
    except ValueError as error:
        raise fail(f"error: --since is a moment in ISO 8601, not {given!r}") from error
    if moment.tzinfo is None:
        raise fail(f"error: --since needs a zone (e.g. {given}+00:00)")
    return moment


def _shown(value: Any) -> str:
    return "nothing" if value is None else json.dumps(value, sort_keys=True)


def events(
    db: Db = DEFAULT_URL,
    kind: Annotated[
        list[Kind] | None, typer.Option("--kind", help="Only this kind (repeat for more).")
    ] = None,
    subject: Annotated[
        str | None, typer.Option("--subject", help="Only entries about this (a table id...).")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="From this moment on (ISO 8601 with a zone).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
) -> None:
    """The significant-events report: every change an operator or the system made, with
    the values before and after (GLI-19 2.8.8, 2.9.5)."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.ledger.significant_events import significant_events

    if as_json and as_csv:
        raise fail("error: give one of --json and --csv")
    moment = _since(since)
    engine = existing(db, migrate=True)
    with Session(engine) as session:
        found = significant_events(session, kinds=kind or (), subject=subject, since=moment)
    engine.dispose()
    rows = [entry.to_dict() for entry in found]
    if as_json:
        typer.echo(json.dumps({"events": rows}, indent=2, sort_keys=True))
    elif as_csv:
        typer.echo(_events_csv(rows), nl=False)
    else:
        _echo_events(found, moment)


def _events_csv(rows: list[dict[str, Any]]) -> str:
    """The significant events as CSV, :data:`COLUMNS` its heading."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(
            [
                *(row[c] for c in COLUMNS[:5]),
                json.dumps(row["before"], sort_keys=True),
                json.dumps(row["after"], sort_keys=True),
                row["words"],
                row["hash"],
            ]
        )
    return out.getvalue()


def _echo_events(found: Sequence[SignificantEvent], moment: datetime | None) -> None:
    """Print the significant events ``found`` since ``moment`` as the report reads."""
    from croupier.identity import identity
    from croupier.ledger.significant_events import KIND_WORDS

    generated = datetime.now(UTC)
    start = "the first entry" if moment is None else f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
    typer.echo(f"Significant events (GLI-19 2.8.8, 2.9.5): {len(found)} entries")
    until = f"{generated:%Y-%m-%d %H:%M} UTC"
    typer.echo(f"From {start} to {until}; generated {generated:%Y-%m-%d %H:%M:%S} UTC")
    if not found:
        typer.echo("No Activity")
    for entry in found:
        typer.echo("")
        typer.echo(
            f"#{entry.seq}  {entry.at:%Y-%m-%d %H:%M:%S} UTC  {KIND_WORDS[entry.kind]}: "
            f"{entry.subject}"
        )
        typer.echo(f"  who:    {entry.who}")
        typer.echo(f"  before: {_shown(entry.before)}")
        typer.echo(f"  after:  {_shown(entry.after)}")
        typer.echo(f"  {entry.words}")
    typer.echo("\n".join(["", "Made by", *identity().lines()]))


Thing = Annotated[str, typer.Argument(metavar="THING", help="table, game, paytable or player")]
Subject = Annotated[
    str,
    typer.Argument(
        metavar="SUBJECT", help="Its id (a paytable: TABLE/VERSION of its Rules Submission)."
    ),
]
By = Annotated[str, typer.Option("--by", help="Who does it (a name).")]


def _step(db: str, thing: str, subject: str, step: Any, bus: str | None) -> None:
    """Run ``step(session)`` in one transaction and print what is disabled after, then
    tell the live views concerned (:func:`croupier.cli.told.told`); a refusal exits 2
    with its message and rule."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.errors import LedgerError
    from croupier.ledger import disabling
    from croupier.ledger.models import Disabled

    if thing not in disabling.THINGS:
        raise fail(f"error: THING is table, game, paytable or player, not {thing!r}")
    engine = existing(db, migrate=True)
    try:
        with Session(engine) as session:
            step(session)
            session.commit()
            held = session.get(Disabled, (thing, subject))
    except LedgerError as error:
        raise fail(error.told) from error
    finally:
        engine.dispose()
    what = disabling.named(thing, subject)
    typer.echo(f"{what} is {'disabled' if held is not None else 'enabled'}")
    told(bus, _concerned(thing, subject))


def _concerned(thing: str, subject: str) -> tuple[str, str]:
    """Whose live views a change of ``thing`` ``subject`` concerns, as the bus says it:
    the player's, the table's, or (a game, a paytable) every table's."""
    if thing == "player":
        return ("wallet", subject)
    return ("table", subject) if thing == "table" else ("all", "")


def disable(
    thing: Thing,
    subject: Subject,
    by: By,
    reason: Annotated[str, typer.Option("--reason", help="Why (kept and shown).")],
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Disable a table, a game, a paytable or a player (GLI-19 2.4.1); the round in
    progress finishes."""
    from croupier.ledger import disabling

    _step(
        db,
        thing,
        subject,
        lambda s: disabling.disable(s, thing, subject, by=by, reason=reason),  # type: ignore[arg-type]
        bus,
    )


def enable(thing: Thing, subject: Subject, by: By, db: Db = DEFAULT_URL, bus: Bus = None) -> None:
    """Enable a disabled table, game, paytable or player again."""
    from croupier.ledger import disabling

    _step(db, thing, subject, lambda s: disabling.enable(s, thing, subject, by=by), bus)  # type: ignore[arg-type]


def selfcheck(
    db: Db = DEFAULT_URL,
    by: Annotated[str, typer.Option("--by", help="Who runs it (a name).")] = OPERATOR,
    package: Annotated[
        Path | None,
        typer.Option(
            "--package",
            file_okay=False,
            exists=True,
            help="The croupier package folder to check (default: this one, installed).",
        ),
    ] = None,
    bus: Bus = None,
) -> None:
    """Verify croupier's critical files (engine, games, rules, rng, ledger, server)
    against the manifest written when it was built (GLI-19 2.3.2) and record the result
    as a significant event; exit 1 naming each file that differs (no table then deals a
    new round until a self-check passes)."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.server import selfcheck as check

    engine = existing(db, migrate=True)
    with Session(engine) as session:
        result = check.run(session, who=by, root=package)
        session.commit()
    engine.dispose()
    if result.passed:
        typer.echo(result.words())
    told(bus, ("all", ""))  # every table shows the held reason, or clears it
    if result.passed:
        return
    typer.echo(f"self-verification FAILED: {len(result.differences)} difference(s)", err=True)
    for difference in result.differences:
        typer.echo(f"  - {difference}", err=True)
    typer.echo("no table deals a new round until a self-check passes (GLI-19 2.3.2)", err=True)
    raise typer.Exit(1)


def access(
    db: Db = DEFAULT_URL,
    player: Annotated[
        str | None, typer.Option("--player", help="Only this account (its id).")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="From this moment on (ISO 8601 with a zone).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The user access report: every account with its role, creation and last access, and
    its sessions, failed sign-ins and locks (GLI-19 2.8.9)."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.ledger.access import access_report, words

    moment = _since(since)
    engine = existing(db, migrate=True)
    with Session(engine) as session:
        found = access_report(session, since=moment, player_id=player)
    engine.dispose()
    if as_json:
        typer.echo(json.dumps({"accounts": [a.to_dict() for a in found]}, indent=2))
        return
    generated = datetime.now(UTC)
    start = "the first record" if moment is None else f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
    typer.echo(f"User access (GLI-19 2.8.9): {len(found)} account{'s' * (len(found) != 1)}")
    typer.echo(
        f"From {start} to {generated:%Y-%m-%d %H:%M} UTC; generated "
        f"{generated:%Y-%m-%d %H:%M:%S} UTC"
    )
    if not found:
        typer.echo("No Activity")
    for account in found:
        typer.echo("")
        typer.echo("\n".join(words(account)))


def register(app: typer.Typer) -> None:
    """Add `disable`, `enable` and `selfcheck` to the command line."""
    app.command("disable")(disable)
    app.command("enable")(enable)
    app.command("selfcheck")(selfcheck)
