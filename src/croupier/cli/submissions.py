"""`croupier rules submit | approve | reject | withdraw | file`: a table's Rules Submission
through its workflow (:mod:`croupier.ledger.submissions`).

- ``submit TABLE FILE --by NAME [--draft] [--note TEXT]``: FILE as the table's next
  version, submitted (or drafted); ``submit TABLE --version N --by NAME`` submits a draft.
- ``approve TABLE VERSION --by NAME --reference REF``: the Board's approval, recorded.
- ``reject TABLE VERSION --by NAME --reason TEXT``: the Board's rejection, recorded.
- ``withdraw TABLE VERSION --by NAME [--reason TEXT]``.
- ``file TABLE VERSION|FILE --by NAME [--effective WHEN]``: put an approved version in
  force (by its number, or by its file: the table's approved version holding it), from
  WHEN (ISO 8601 with a zone, default now); the version it supersedes ends then, the
  round in progress under the version it opened with.

Each prints the version's state after the step; a step the workflow does not allow exits
2 naming the rule broken (``server:rules-submission``); every command takes ``--db``, and
``--bus nats://HOST:PORT``: the running servers' live views of the table show the step
at once (:mod:`croupier.cli.told`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli.rules import load_or_exit
from croupier.cli.server import Db, fail
from croupier.cli.told import Bus, told
from croupier.ledger.db import DEFAULT_URL

Table = Annotated[str, typer.Argument(metavar="TABLE", help="The table's id.")]
Number = Annotated[int, typer.Argument(metavar="VERSION", help="The version's number.")]
By = Annotated[str, typer.Option("--by", help="Who takes the step (a name).")]


def _run(db: str, table: str, step: Callable[[Any], Any], bus: str | None) -> None:
    """Run ``step(session)`` (it returns the version stepped) in one transaction and print
    the version's state, then tell the table's live views (:func:`croupier.cli.told.told`);
    a refusal exits 2 with its message and rule."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.errors import LedgerError
    from croupier.ledger import versions

    engine = existing(db, migrate=True)
    try:
        with Session(engine) as session:
            row = step(session)
            number, sha = row.version, row.rules_sha256
            session.commit()
            [listed] = [v for v in versions.history(session, table) if v.version.version == number]
            last = listed.steps[-1]
    except LedgerError as error:
        raise fail(error.told) from error
    finally:
        engine.dispose()
    when = versions.utc(last.at).isoformat()
    said = f"by {last.actor}, {when}"
    if last.state != listed.state:  # a step to come: in force from a later moment
        said = f"{last.state} from {when}, by {last.actor}"
    extra = "".join(
        f" ({label} {text})"
        for label, text in (("reference", last.reference), ("reason:", last.reason))
        if text
    )
    typer.echo(f"table {table}: version {number} ({sha[:16]}) is {listed.state} {said}{extra}")
    told(bus, ("table", table))


def _moment(option: str, given: str | None) -> datetime | None:
    """An ISO 8601 moment with a zone, or exit 2 saying what is wrong."""
    if given is None:
        return None
    try:
        when = datetime.fromisoformat(given)
    except ValueError as error:
        raise fail(f"{option} is a moment in ISO 8601, not {given!r}") from error
    if when.tzinfo is None:
        raise fail(f"{option} needs a zone (e.g. {given}+00:00)")
    return when


def submit(
    table: Table,
    by: By,
    file: Annotated[
        Path | None,
        typer.Argument(
            exists=True, dir_okay=False, readable=True, help="A Rules Submission (TOML)."
        ),
    ] = None,
    version: Annotated[
        int | None, typer.Option("--version", help="Submit this drafted version instead.")
    ] = None,
    draft: Annotated[bool, typer.Option("--draft", help="Keep it drafted.")] = False,
    note: Annotated[str, typer.Option("--note", help="A note kept with the version.")] = "",
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Record FILE as TABLE's next version, submitted (or drafted); or submit a draft."""
    from croupier.ledger import submissions

    if (file is None) == (version is None):
        raise fail("give the Rules Submission's FILE, or --version N of a draft")
    if file is not None:
        rules = load_or_exit(file)
        _run(
            db,
            table,
            lambda s: submissions.submit(s, table, rules, by=by, note=note, draft=draft),
            bus,
        )
    else:
        assert version is not None
        _run(db, table, lambda s: submissions.submit_draft(s, table, version, by=by), bus)


def approve(
    table: Table,
    number: Number,
    by: By,
    reference: Annotated[
        str, typer.Option("--reference", help="The approval's reference (letter, order).")
    ],
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Record the Board's approval of TABLE's submitted VERSION."""
    from croupier.ledger import submissions

    _run(
        db, table, lambda s: submissions.approve(s, table, number, by=by, reference=reference), bus
    )


def reject(
    table: Table,
    number: Number,
    by: By,
    reason: Annotated[str, typer.Option("--reason", help="Why it was rejected.")],
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Record the Board's rejection of TABLE's submitted VERSION."""
    from croupier.ledger import submissions

    _run(db, table, lambda s: submissions.reject(s, table, number, by=by, reason=reason), bus)


def withdraw(
    table: Table,
    number: Number,
    by: By,
    reason: Annotated[str, typer.Option("--reason", help="Why it is withdrawn.")] = "",
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Withdraw TABLE's VERSION (one in force leaves the table dealing nothing)."""
    from croupier.ledger import submissions

    _run(db, table, lambda s: submissions.withdraw(s, table, number, by=by, reason=reason), bus)


def file_version(
    table: Table,
    which: Annotated[
        str,
        typer.Argument(
            metavar="VERSION|FILE",
            help="The approved version's number, or its Rules Submission (TOML).",
        ),
    ],
    by: By,
    effective: Annotated[
        str | None,
        typer.Option(
            "--effective", help="When it takes effect: ISO 8601 with a zone (default now)."
        ),
    ] = None,
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Put TABLE's approved VERSION (or the approved version holding FILE) in force."""
    from croupier.ledger import submissions

    when = _moment("--effective", effective)
    rules = None
    if not which.isdigit():
        path = Path(which)
        if not path.is_file():
            raise fail(f"{which} is neither a version's number nor a file")
        rules = load_or_exit(path)

    def step(session: Any) -> Any:
        number = (
            int(which)
            if rules is None
            else submissions.approved_with(session, table, rules).version
        )
        return submissions.put_in_force(session, table, number, by=by, effective_at=when)

    _run(db, table, step, bus)


def register(group: typer.Typer) -> None:
    """Add `submit`, `approve`, `reject`, `withdraw` and `file` to the `rules` group."""
    group.command(
        "submit",
        help=(
            "Record a Rules Submission (TOML) as TABLE's next version, submitted to the Board "
            "(--draft: drafted), or submit a drafted --version."
        ),
    )(submit)
    group.command(
        "approve", help="Record the Board's approval of a submitted version (--reference)."
    )(approve)
    group.command("reject", help="Record the Board's rejection of a submitted version.")(reject)
    group.command(
        "withdraw",
        help="Withdraw a version (one in force leaves the table dealing no round).",
    )(withdraw)
    group.command(
        "file",
        help=(
            "Put an approved version in force at TABLE (by number, or by its TOML file), "
            "from --effective (default now)."
        ),
    )(file_version)
