"""The floor's and the regulator's endpoints (see docs/browser.md, "The floor page").

- ``GET /reports/hold``: the hold report (:mod:`croupier.reports.hold`), dealer or
  admin; the page ``/play/floor.html`` draws it.
- ``GET /tables/{id}/rules/versions``: every version of the table's Rules Submission,
  with its state (drafted, submitted, approved, rejected, in force, superseded,
  withdrawn), its steps and the rounds played under it; anyone signed in (a table's
  rules are public, its sign shows them).
- ``POST /tables/{id}/rules/versions``: an admin records a new version, drafted or
  submitted, or with the Board's approval given approved and put in force from
  ``effective_at`` (default: now); a round in progress ends under the version it opened
  with (:mod:`croupier.ledger.versions`).
- ``POST /tables/{id}/rules/versions/{n}/steps``: an admin takes a step of version n's
  workflow: submit a draft, approve, reject, withdraw, put in force
  (:mod:`croupier.ledger.submissions`).
- ``GET /tables/{id}/seats/{seat}/recall``: game recall, the seat's last ten rounds with
  every card, die and tile as dealt and the settlement (:mod:`croupier.server.recall`);
  the page ``/play/recall.html`` draws it.
"""

import json
import re
from datetime import date, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import AwareDatetime, BaseModel, BeforeValidator, Field
from sqlalchemy.orm import Session

from croupier.errors import LedgerError, RulesSubmissionError
from croupier.ledger import submissions, versions
from croupier.ledger.gaming_day import gaming_day_of
from croupier.registry import load_text, rules_from_data
from croupier.reports.hold import ASSUMES, hold_report
from croupier.rules.base import RulesSubmission
from croupier.server import recall
from croupier.server.routes.deps import PROBLEMS, Admin, Caller, Db, Staff
from croupier.server.schemas import Reason, SoftwareOut, software


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
    JSON or ``rules_toml``) and a note, recorded drafted (``draft``) or submitted by the
    admin. With the Board's approval (``approved_by`` and ``approval_reference``) it is
    also approved and put in force from ``effective_at`` (default: now; never before
    now); ``effective_at`` without an approval is refused (only an approved Rules
    Submission is put in force)."""

    rules: dict[str, Any] | None = None
    rules_toml: str | None = Field(default=None, max_length=100_000)
    effective_at: AwareDatetime | None = None
    note: str = Field(default="", max_length=2_000)
    draft: bool = False
    approved_by: str | None = Field(default=None, max_length=100)
    approval_reference: str | None = Field(default=None, max_length=2_000)


class StepIn(BaseModel):
    """A step of a version's workflow: ``state`` (``submitted`` for a draft,
    ``approved``, ``rejected``, ``withdrawn``, ``in force``), who takes it (``by``; default
    the admin who sends it: the Board's reviewer for an approval or a rejection), the
    approval's ``reference``, a rejection's or withdrawal's ``reason`` and, for ``in
    force``, from when (``effective_at``, default now)."""

    state: Literal["submitted", "approved", "rejected", "withdrawn", "in force"]
    by: str | None = Field(default=None, max_length=100)
    reference: str = Field(default="", max_length=2_000)
    reason: Reason = Field(default="", max_length=2_000)
    effective_at: AwareDatetime | None = None


class StepOut(BaseModel):
    """One step taken: the state entered, when (a moment to come for a version put in
    force from then), by whom, the approval's reference, the reason given."""

    state: str
    at: datetime
    by: str
    reference: str
    reason: str


class VersionOut(BaseModel):
    """One version: its number, the submission and its sha256, its limits (cents), when it
    was put in force and went out of it (``None``: not), who filed it and when, its state
    at the moment asked (drafted, submitted, approved, rejected, in force, superseded,
    withdrawn), every step of its workflow and how many rounds ended under its
    submission."""

    table_id: str
    version: int
    rules: dict[str, Any]
    rules_sha256: str
    minimum_wager: int
    maximum_wager: int
    effective_at: datetime | None
    ended_at: datetime | None
    filed_by: str
    filed_at: datetime
    note: str
    state: str
    rounds: int
    steps: list[StepOut]


class VersionsOut(BaseModel):
    versions: list[VersionOut]


def _moment(value: datetime | None) -> datetime | None:
    return None if value is None else versions.utc(value)


def version_out(listed: versions.VersionState) -> VersionOut:
    row = listed.version
    data = json.loads(row.rules_json)
    return VersionOut(
        table_id=row.table_id,
        version=row.version,
        rules=data,
        rules_sha256=row.rules_sha256,
        minimum_wager=data["minimum_wager"],
        maximum_wager=data["maximum_wager"],
        effective_at=_moment(row.effective_at),
        ended_at=_moment(row.ended_at),
        filed_by=row.filed_by,
        filed_at=versions.utc(row.filed_at),
        note=row.note,
        state=listed.state,
        rounds=listed.rounds,
        steps=[
            StepOut(
                state=s.state,
                at=versions.utc(s.at),
                by=s.actor,
                reference=s.reference,
                reason=s.reason,
            )
            for s in listed.steps
        ],
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
    me: Staff,
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
    """Every version of the table's Rules Submission, oldest first, with its state now,
    its steps and the rounds that ended under it."""
    listed = versions.history(db, table_id, request.app.state.hub.clock())
    return VersionsOut(versions=[version_out(v) for v in listed])


def _listed(db: Session, table_id: str, number: int, clock: datetime) -> VersionOut:
    [found] = [v for v in versions.history(db, table_id, clock) if v.version.version == number]
    return version_out(found)


@router.post(
    "/tables/{table_id}/rules/versions",
    status_code=201,
    response_model=VersionOut,
    responses=PROBLEMS,
)
def file_version(table_id: str, body: VersionIn, request: Request, db: Db, me: Admin) -> VersionOut:
    """Admin: record a new version of the table's Rules Submission, drafted or
    submitted; with the Board's approval given, also approved and put in force from
    ``effective_at`` (default now). Rounds opened before it takes effect, the one in
    progress included, are played to their end under the version they opened with
    (``server:rules-submission``)."""
    clock = request.app.state.hub.clock()
    admin = f"{me.name} ({me.id})"
    approved = body.approved_by is not None or body.approval_reference is not None
    if (body.effective_at is not None or approved) and body.draft:
        raise LedgerError(
            "a draft is neither approved nor put in force: leave out draft, or the "
            "approval and effective_at",
            versions.SUBMISSION_CITE,
        )
    if body.effective_at is not None and not approved:
        raise LedgerError(
            "only an approved Rules Submission may be put in force: give the approval "
            "(approved_by, approval_reference) with effective_at",
            versions.SUBMISSION_CITE,
        )
    row = submissions.submit(
        db, table_id, _submission(body), by=admin, note=body.note, draft=body.draft, at=clock
    )
    if approved:
        submissions.approve(
            db,
            table_id,
            row.version,
            by=body.approved_by or "",
            reference=body.approval_reference or "",
            at=clock,
        )
        submissions.put_in_force(
            db, table_id, row.version, by=admin, effective_at=body.effective_at, at=clock
        )
    number = row.version
    db.commit()
    request.app.state.hub.refreshed(table_id)  # what the table offers may have changed
    return _listed(db, table_id, number, clock)


@router.post(
    "/tables/{table_id}/rules/versions/{number}/steps",
    status_code=201,
    response_model=VersionOut,
    responses=PROBLEMS,
)
def take_step(
    table_id: str, number: int, body: StepIn, request: Request, db: Db, me: Admin
) -> VersionOut:
    """Admin: take a step of version ``number``'s workflow (only those the workflow
    allows: :mod:`croupier.ledger.submissions`, ``server:rules-submission``)."""
    clock = request.app.state.hub.clock()
    by = body.by if body.by is not None else f"{me.name} ({me.id})"
    if body.state == "submitted":
        submissions.submit_draft(db, table_id, number, by=by, at=clock)
    elif body.state == "approved":
        submissions.approve(db, table_id, number, by=by, reference=body.reference, at=clock)
    elif body.state == "rejected":
        submissions.reject(db, table_id, number, by=by, reason=body.reason, at=clock)
    elif body.state == "withdrawn":
        submissions.withdraw(db, table_id, number, by=by, reason=body.reason, at=clock)
    else:
        submissions.put_in_force(
            db, table_id, number, by=by, effective_at=body.effective_at, at=clock
        )
    db.commit()
    request.app.state.hub.refreshed(table_id)  # what the table offers may have changed
    return _listed(db, table_id, number, clock)


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
