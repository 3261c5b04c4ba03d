"""The floor's and the regulator's endpoints (see docs/browser.md, "The floor page").

- ``GET /reports/hold``: the hold report (:mod:`croupier.reports.hold`), dealer or
  admin; the page ``/play/floor.html`` draws it.
- ``GET /tables/{id}/rules/versions``: every version of the table's Rules Submission,
  with its state (in force, superseded, pending) and the rounds played under it; anyone
  signed in (a table's rules are public, its sign shows them).
- ``POST /tables/{id}/rules/versions``: an admin files a new version, in force from
  ``effective_at`` (default: now); a round in progress ends under the version it opened
  with (:mod:`croupier.ledger.versions`).
- ``GET /tables/{id}/seats/{seat}/recall``: game recall, the seat's last ten rounds with
  every card, die and tile as dealt and the settlement (:mod:`croupier.server.recall`);
  the page ``/play/recall.html`` draws it.
"""

import json
import re
from datetime import date, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import AwareDatetime, BaseModel, BeforeValidator, Field

from croupier.errors import RulesSubmissionError
from croupier.ledger import versions
from croupier.ledger.gaming_day import gaming_day_of
from croupier.ledger.models import RulesVersion
from croupier.registry import load_text, rules_from_data
from croupier.reports.hold import ASSUMES, hold_report
from croupier.rules.base import RulesSubmission
from croupier.server import recall, service
from croupier.server.routes.deps import PROBLEMS, Caller, Db
from croupier.server.schemas import SoftwareOut, software


def _iso_day(value: object) -> object:
    """A gaming day as the query string must give it, ``YYYY-MM-DD``; anything else (a
    number such as ``0``, which pydantic would take for seconds since 1970) raises
    ``ValueError``, a 422 naming the parameter."""
    if not (isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value)):
        raise ValueError("a gaming day is written YYYY-MM-DD, e.g. 2026-11-29")
    return value


GamingDay = Annotated[date, BeforeValidator(_iso_day)]
"""A gaming day (as the casino sets it, :mod:`croupier.ledger.gaming_day`) written
``YYYY-MM-DD``."""


class StrategyOut(BaseModel):
    """The strategy a par-sheet wager's figures assume (the par sheet's words)."""

    game: str
    wager: str
    strategy: str


class HoldRowOut(BaseModel):
    """One row of the hold report, by ``level``: ``table`` (a table's gaming day),
    ``game`` (a game's day, its tables summed), ``day`` (every table's day; ``game``
    null), ``game_total`` (a game over all the report's days; ``day`` null) or ``total``
    (everything). Amounts in cents; ``hold`` is win / drop (0.05 is 5%);
    ``theoretical_win`` the par sheet's house edge times each wager's handle and
    ``theoretical_hold`` it over the drop; ``deviations`` (win - theoretical) in standard
    deviations; ``None`` where no par figure covers the handle (``missing_par_figures``
    names the wagers). ``strategies``: what the theoretical win assumes of each wager
    with decisions."""

    level: str
    table_id: str | None
    game: str | None
    day: str | None
    rounds: int
    drop: int
    win: int
    hold: float | None
    handle: dict[str, int]
    theoretical_win: float | None
    theoretical_hold: float | None
    std_dev: float | None
    deviations: float | None
    rules_sha256: list[str]
    missing_par_figures: list[str]
    strategies: list[StrategyOut]


class GamingDayOut(BaseModel):
    """The casino's gaming day: its time zone (IANA), the local hour it starts, in words."""

    zone: str
    start_hour: int
    text: str


class HoldOut(BaseModel):
    software: SoftwareOut
    """The croupier that made the report."""
    gaming_day: GamingDayOut
    theoretical_assumes: str
    """Which player the theoretical win is for (a sentence)."""
    rows: list[HoldRowOut]


class VersionIn(BaseModel):
    """A new version of a table's Rules Submission: the whole submission (``rules`` as
    JSON or ``rules_toml``), when it takes effect (default: now; never before now) and a
    note."""

    rules: dict[str, Any] | None = None
    rules_toml: str | None = Field(default=None, max_length=100_000)
    effective_at: AwareDatetime | None = None
    note: str = Field(default="", max_length=2_000)


class VersionOut(BaseModel):
    """One version: its number, the submission and its sha256, its limits (cents), when it
    takes effect, who filed it and when, its state at the moment asked (``in force``,
    ``superseded``, ``pending``) and how many rounds ended under its submission."""

    table_id: str
    version: int
    rules: dict[str, Any]
    rules_sha256: str
    minimum_wager: int
    maximum_wager: int
    effective_at: datetime
    filed_by: str
    filed_at: datetime
    note: str
    state: str
    rounds: int


class VersionsOut(BaseModel):
    versions: list[VersionOut]


def version_out(row: RulesVersion, state: str, rounds: int) -> VersionOut:
    data = json.loads(row.rules_json)
    return VersionOut(
        table_id=row.table_id,
        version=row.version,
        rules=data,
        rules_sha256=row.rules_sha256,
        minimum_wager=data["minimum_wager"],
        maximum_wager=data["maximum_wager"],
        effective_at=versions.utc(row.effective_at),
        filed_by=row.filed_by,
        filed_at=versions.utc(row.filed_at),
        note=row.note,
        state=state,
        rounds=rounds,
    )


def _submission(body: VersionIn) -> RulesSubmission:
    if (body.rules is None) == (body.rules_toml is None):
        raise RulesSubmissionError("give the Rules Submission as `rules` or `rules_toml`", "601a.2")
    if body.rules_toml is not None:
        return load_text(body.rules_toml)
    return rules_from_data(body.rules or {})


router = APIRouter()


@router.get("/reports/hold", response_model=HoldOut, responses=PROBLEMS)
def hold(
    db: Db,
    me: Caller,
    table: Annotated[str | None, Query(description="Only this table.")] = None,
    since: Annotated[
        GamingDay | None,
        Query(description="From this gaming day on, written YYYY-MM-DD (2026-11-29)."),
    ] = None,
) -> HoldOut:
    """Dealer or admin: per table and gaming day (the casino's, ``gaming_day``), then
    summed by game and day, by day, by game and overall, the rounds, drop, win, hold,
    theoretical win and hold, the strategies the theoretical win assumes and the
    difference in standard deviations. A par sheet not yet kept is computed first
    (for Criss-Cross Poker, a minute or two, once), on this request's worker thread
    and holding no database connection, so that the tables are served meanwhile
    (:func:`croupier.reports.hold.prepare_par_figures`)."""
    if me.role not in ("dealer", "admin"):
        raise service.AccessDenied(
            f"this needs the role dealer or admin, not {me.role}", "server:roles"
        )
    rows = hold_report(db, table_id=table, since=since)
    days = gaming_day_of(db)
    db.commit()  # the report's reads end
    return HoldOut(
        software=software(),
        gaming_day=GamingDayOut(zone=days.zone, start_hour=days.start_hour, text=days.text()),
        theoretical_assumes=ASSUMES,
        rows=[HoldRowOut(**row.to_dict()) for row in rows],
    )


@router.get("/tables/{table_id}/rules/versions", response_model=VersionsOut, responses=PROBLEMS)
def list_versions(table_id: str, request: Request, db: Db, me: Caller) -> VersionsOut:
    """Every version of the table's Rules Submission, oldest first, with its state now
    and the rounds that ended under it."""
    listed = versions.history(db, table_id, request.app.state.hub.clock())
    return VersionsOut(versions=[version_out(v.version, v.state, v.rounds) for v in listed])


@router.post(
    "/tables/{table_id}/rules/versions",
    status_code=201,
    response_model=VersionOut,
    responses=PROBLEMS,
)
def file_version(
    table_id: str, body: VersionIn, request: Request, db: Db, me: Caller
) -> VersionOut:
    """Admin: file a new version of the table's Rules Submission, in force from
    ``effective_at`` (default now). Rounds opened before it takes effect, the one in
    progress included, are played to their end under the version they opened with
    (``server:rules-version``)."""
    if me.role != "admin":
        raise service.AccessDenied(f"this needs the role admin, not {me.role}", "server:roles")
    clock = request.app.state.hub.clock()
    row = versions.file_version(
        db,
        table_id,
        _submission(body),
        filed_by=f"{me.name} ({me.id})",
        effective_at=body.effective_at,
        note=body.note,
        at=clock,
    )
    db.commit()
    [state] = [v for v in versions.history(db, table_id, clock) if v.version.version == row.version]
    return version_out(row, state.state, state.rounds)


@router.get(
    "/tables/{table_id}/seats/{seat}/recall",
    response_model=recall.RecallOut,
    responses=PROBLEMS,
)
def recall_seat(table_id: str, seat: int, db: Db, me: Caller) -> recall.RecallOut:
    """Game recall: the seat's last ten rounds that are over, newest first, each with
    every event as dealt and the seat's settlements. A player gets the rounds in which
    he held the seat, each event as the table showed it to him (no other hand's
    face-down cards, no shuffled order); a dealer or admin gets any seat's whole."""
    return recall.recall(db, table_id, seat, me)
