"""`croupier report hold`: the hold report from the ledger (`croupier report events`, the
significant-events report, is :mod:`croupier.cli.oversight`'s).

``croupier report hold [--db URL] [--table T] [--since YYYY-MM-DD] [--json | --csv |
--html] [--rebuild] [--observed]``: per table, game and gaming day the rounds, drop, win,
hold %, the theoretical win (the par sheet of the Rules Submission the rounds were played
under times the handle of each wager), the theoretical hold, the strategy the theoretical
win assumes and the difference in standard deviations, with each game's and every
table's sums by day and over all the days (:mod:`croupier.reports.hold`). A table of text
by default; ``--json``, ``--csv`` (amounts in cents) or ``--html`` print that format
instead. ``--rebuild`` first recomputes the running totals from the stored rounds
(rounds that ended before the totals were kept). ``--observed`` adds the theoretical win
under the decisions the players actually made (:mod:`croupier.reports.observed`, every
round replayed). A par sheet not yet kept is computed and kept (the first report of a
Criss-Cross Poker submission takes a minute or two).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from croupier.cli.server import Db, fail
from croupier.cli.wide import print_rows
from croupier.ledger.db import DEFAULT_URL

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from croupier.ledger.gaming_day import GamingDay
    from croupier.reports.hold import HoldRow


OnlyTable = Annotated[str | None, typer.Option("--table", help="Only this table.")]
Since = Annotated[str | None, typer.Option("--since", help="From this gaming day on (YYYY-MM-DD).")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
AsCsv = Annotated[bool, typer.Option("--csv", help="Print CSV (amounts in cents).")]
AsHtml = Annotated[bool, typer.Option("--html", help="Print an HTML page.")]
Rebuild = Annotated[
    bool, typer.Option("--rebuild", help="Recompute the totals from the stored rounds.")
]
Zone = Annotated[
    str | None,
    typer.Option(
        "--gaming-day-zone",
        help="Set the casino's gaming day: its time zone (IANA, e.g. America/New_York); "
        "every table's totals are recomputed.",
    ),
]
Observed = Annotated[
    bool,
    typer.Option(
        "--observed",
        help="Also give the theoretical win under the decisions the players actually "
        "made (every round replayed from its events; Go Fore It, Pai Gow and Criss-Cross "
        "Poker decisions exactly, games without decisions as the par sheet, Double Back "
        "Jack not yet).",
    ),
]
Start = Annotated[
    int | None,
    typer.Option(
        "--gaming-day-start",
        help="Set the local hour (0-23) the gaming day starts, e.g. 6; every table's "
        "totals are recomputed.",
    ),
]


def hold(
    db: Db = DEFAULT_URL,
    table: OnlyTable = None,
    since: Since = None,
    as_json: AsJson = False,
    as_csv: AsCsv = False,
    as_html: AsHtml = False,
    rebuild: Rebuild = False,
    zone: Zone = None,
    observed: Observed = False,
    start: Start = None,
) -> None:
    """The hold report: drop, win, hold %, theoretical win and the difference in standard
    deviations, per table, game and gaming day."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing

    if sum((as_json, as_csv, as_html)) > 1:
        raise fail("error: give one of --json, --csv and --html")
    day = None
    if since is not None:
        try:
            day = date.fromisoformat(since)
        except ValueError as error:
            raise fail(f"error: --since is a date YYYY-MM-DD, not {since!r}") from error
    engine = existing(db, migrate=True)
    with Session(engine) as session:
        days = _gaming_day(session, table, zone, start, rebuild)
        rows = _hold_rows(session, table, day, observed)
        session.commit()
    engine.dispose()
    form = "json" if as_json else "csv" if as_csv else "html" if as_html else None
    _print_hold(rows, days, form, observed)


def _gaming_day(
    session: Session, table: str | None, zone: str | None, start: int | None, rebuild: bool
) -> GamingDay:
    """The casino's gaming day, once ``--table`` is checked, the day set anew where
    ``zone`` or ``start`` is given, and the running totals recomputed where asked (every
    table's when the day moved)."""
    from croupier.ledger.gaming_day import gaming_day_of
    from croupier.ledger.hold import rebuild as rebuild_totals
    from croupier.ledger.models import GameTable

    if table is not None and session.get(GameTable, table) is None:
        raise fail(f"error: --table {table}: there is no table {table!r}")
    days = gaming_day_of(session)
    if zone is not None or start is not None:
        days = _set_gaming_day(session, days, zone, start)
        table = None  # every table's days move
        rebuild = True
    if rebuild:
        counted = rebuild_totals(session, table)
        _said(f"the totals recomputed from {counted:,} rounds")
    return days


def _hold_rows(
    session: Session, table: str | None, day: date | None, observed: bool
) -> list[HoldRow]:
    """The hold report's rows (of ``table``, from ``day`` on), saying on standard error
    each par sheet it computes."""
    from croupier.reports.hold import hold_report

    return hold_report(
        session,
        table_id=table,
        since=day,
        observed=observed,
        computing=lambda game: _said(f"computing the par sheet of {game} ..."),
    )


def _said(text: str) -> None:
    """Say ``text`` on standard error (what the report is doing)."""
    Console(stderr=True).print(text, highlight=False)


def _set_gaming_day(
    session: Session, days: GamingDay, zone: str | None, start: int | None
) -> GamingDay:
    """Set the casino's gaming day to ``zone`` and ``start`` (each, where ``None``, as
    ``days`` has it); a zone or hour :class:`GamingDay` refuses ends the command with its
    reason (exit 2)."""
    from croupier.ledger.gaming_day import GamingDay, GamingDayError, set_gaming_day

    try:
        days = GamingDay(
            days.zone if zone is None else zone,
            days.start_hour if start is None else start,
        )
    except GamingDayError as error:
        raise fail(f"error: {error}") from error
    set_gaming_day(session, days)
    _said(f"the gaming day is now {days.text()}")
    return days


def _print_hold(rows: Sequence[HoldRow], days: GamingDay, form: str | None, observed: bool) -> None:
    """Print the hold report's ``rows`` as JSON, CSV or HTML (``form``), or as a table for
    the terminal (``None``) with what it assumes, the observed lines where asked, and
    who made it."""
    from croupier.identity import identity
    from croupier.reports.hold import ASSUMES
    from croupier.reports.hold_formats import (
        HEADINGS,
        NUMERIC,
        observed_lines,
        text_cells,
        to_csv,
        to_html,
        to_json,
    )

    if form == "json":
        typer.echo(to_json(rows, days))
    elif form in ("csv", "html"):
        typer.echo((to_csv if form == "csv" else to_html)(rows, days), nl=False)
    else:
        out = Console()
        print_rows(
            out,
            f"Hold report (amounts in dollars; gaming day: {days.text()})",
            HEADINGS,
            [text_cells(row) for row in rows],
            right=NUMERIC,
        )
        out.print(ASSUMES, highlight=False)  # wrapped to the terminal
        if observed:
            out.print("\n".join(observed_lines(rows)), highlight=False)
        typer.echo("\n".join(["Made by", *identity().lines()]))


def register(app: typer.Typer) -> None:
    """Add `report hold` to the command line."""
    group = typer.Typer(
        help="Reports from the ledger for the floor and the regulator.", no_args_is_help=True
    )
    group.command(
        "hold",
        help=(
            "The hold report: per table, game and gaming day the drop, win, hold %, the "
            "theoretical win from the par sheet of the Rules Submission in force times the "
            "handle per wager, and the difference in standard deviations."
        ),
    )(hold)
    from croupier.cli.oversight import access, events

    group.command(
        "events",
        help="The significant-events report: every change an operator or the system made, "
        "who, when, the values before and after (GLI-19 2.8.8, 2.9.5).",
    )(events)
    group.command(
        "access",
        help="The user access report: every account, its role, creation and last access, "
        "with its sessions, failed sign-ins and locks (GLI-19 2.8.9).",
    )(access)
    app.add_typer(group, name="report")
