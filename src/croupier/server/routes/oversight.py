"""What the floor and surveillance oversee: the significant-events log, what is disabled,
and the self-check (GLI-19 2.8.8, 2.9.5, 2.4.1, 4.15, 2.3.2).

- ``GET /significant-events``: dealer (the floor) or admin: the log, oldest first,
  filtered by ``kind``, ``subject`` and ``since``; the floor page
  (``/play/floor.html``) shows it (:mod:`croupier.ledger.significant_events`).
- ``GET /disabled``: dealer or admin: every table, game, paytable and player disabled now.
- ``POST /disabled``: disable (``disabled`` true) or enable a table, a game, a paytable
  (``<table>/<version>``) or a player (:mod:`croupier.ledger.disabling`). An admin does
  any; the floor (dealer) may disable a table, not enable it nor touch anything else
  (docs/interpretations.md, "Who disables").
- ``POST /selfcheck``: admin: verify the critical files now, recorded
  (:mod:`croupier.server.selfcheck`).
- ``GET /reports/access``: admin: the user access report (GLI-19 2.8.9,
  :mod:`croupier.ledger.access`).
"""

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import AwareDatetime, BaseModel, Field, StrictBool

from croupier.ledger import access, disabling
from croupier.ledger.models import utc
from croupier.ledger.significant_events import Kind, significant_events
from croupier.server import selfcheck, service
from croupier.server.routes.deps import PROBLEMS, Admin, Db, Staff
from croupier.server.schemas import Reason


class SignificantEventOut(BaseModel):
    """One entry of the log: ``seq``, when (ISO 8601, UTC), who, the kind (its code and
    in words), what it concerns, the values before and after, the sentence, its hash."""

    seq: int
    at: str
    who: str
    kind: str
    kind_words: str
    subject: str
    before: Any
    after: Any
    words: str
    hash: str


class SignificantEventsOut(BaseModel):
    """The log as asked for, oldest first."""

    events: list[SignificantEventOut]


class DisabledIn(BaseModel):
    """Disable (``disabled`` true, with a ``reason``) or enable (false) a thing."""

    thing: disabling.Thing
    subject: str = Field(min_length=1, max_length=200)
    disabled: StrictBool
    reason: Reason = Field(default="", max_length=1000)


class DisabledOut(BaseModel):
    """A thing disabled now: by whom, when (ISO 8601, UTC), why, and in words."""

    thing: str
    subject: str
    by: str
    at: str
    reason: str
    named: str


class DisabledListOut(BaseModel):
    disabled: list[DisabledOut]


class AccessLineOut(BaseModel):
    """A session (from ``at`` to ``until``, null while open; ``why`` it ended), a failed
    sign-in, a lock or an unlock (``why``: by whom); ``address`` where known."""

    at: str
    what: str
    address: str
    until: str | None
    why: str


class AccountAccessOut(BaseModel):
    """An account: its role and what the role may do, its creation, its last access and
    from where, its lines (an id that is no account's: blank name and role)."""

    player_id: str
    name: str
    role: str
    functions: str
    created_at: str | None
    last_access: str | None
    last_address: str
    lines: list[AccessLineOut]


class AccessReportOut(BaseModel):
    """The user access report (GLI-19 2.8.9), generated at ``generated_at``."""

    generated_at: str
    since: str | None
    accounts: list[AccountAccessOut]


class SelfCheckOut(BaseModel):
    """A self-check's result: passed, how many critical files, their digest, each file
    that differs, and the sentence recorded."""

    at: str
    passed: bool
    files: int
    files_sha256: str
    differences: list[str]
    words: str


router = APIRouter()


@router.get("/significant-events", response_model=SignificantEventsOut, responses=PROBLEMS)
def list_events(
    db: Db,
    me: Staff,
    kind: Annotated[list[Kind] | None, Query(description="Only these kinds.")] = None,
    subject: Annotated[str | None, Query(max_length=200)] = None,
    since: Annotated[AwareDatetime | None, Query(description="From this moment on.")] = None,
) -> SignificantEventsOut:
    """Dealer or admin: the significant-events log, oldest first (GLI-19 2.8.8, 2.9.5)."""
    found = significant_events(db, kinds=kind or (), subject=subject, since=since)
    return SignificantEventsOut(events=[SignificantEventOut(**e.to_dict()) for e in found])


def _out(row: Any) -> DisabledOut:
    return DisabledOut(
        thing=row.thing,
        subject=row.subject,
        by=row.by,
        at=utc(row.at).isoformat(),
        reason=row.reason,
        named=disabling.named(row.thing, row.subject),
    )


@router.get("/disabled", response_model=DisabledListOut, responses=PROBLEMS)
def list_disabled(db: Db, me: Staff) -> DisabledListOut:
    """Dealer or admin: every table, game, paytable and player disabled now."""
    return DisabledListOut(disabled=[_out(row) for row in disabling.listed(db)])


@router.post("/disabled", response_model=DisabledListOut, responses=PROBLEMS)
def set_disabled(body: DisabledIn, request: Request, db: Db, me: Staff) -> DisabledListOut:
    """Disable or enable a table, a game, a paytable (``<table>/<version>``) or a player
    (GLI-19 2.4.1): the round in progress finishes; a disabled table, game or paytable
    opens no new round, a disabled player takes no seat and wagers in no new round.
    Admin; the floor (dealer) may disable a table. Answers what is disabled now."""
    floor_may = body.thing == "table" and body.disabled
    allowed = ("dealer", "admin") if floor_may else ("admin",)
    if me.role not in allowed:
        what = f"{'disable' if body.disabled else 'enable'} a {body.thing}"
        raise service.AccessDenied(
            f"to {what} needs the role {' or '.join(allowed)}, not {me.role}", "server:roles"
        )
    who = f"{me.name} ({me.id})"
    moment = request.app.state.hub.clock()
    if body.disabled:
        disabling.disable(db, body.thing, body.subject, by=who, reason=body.reason, at=moment)
    else:
        disabling.enable(db, body.thing, body.subject, by=who, at=moment)
    db.commit()
    hub = request.app.state.hub
    if body.thing == "table":
        hub.changed(body.subject)
        hub.refreshed(body.subject)  # what it offers: at every process
    elif body.thing == "player":
        hub.moved(body.subject)  # what he may send, and why not, at every table
    else:  # a game or a paytable: what the tables of this process's sockets offer
        hub.refreshed_all()
    return DisabledListOut(disabled=[_out(row) for row in disabling.listed(db)])


@router.post("/selfcheck", response_model=SelfCheckOut, responses=PROBLEMS)
def run_selfcheck(request: Request, db: Db, me: Admin) -> SelfCheckOut:
    """Admin: verify croupier's critical files against the manifest now (GLI-19 2.3.2),
    recorded as a significant event. A failure stops every table dealing new rounds
    until a self-check passes."""
    plan: selfcheck.Schedule | None = request.app.state.selfcheck
    moment: datetime = request.app.state.hub.clock()
    result = selfcheck.run(
        db, who=f"{me.name} ({me.id})", root=plan.root if plan else None, at=moment
    )
    db.commit()
    request.app.state.hub.refreshed_all()  # every table's sockets show or clear it
    return SelfCheckOut(
        at=result.at.isoformat(),
        passed=result.passed,
        files=result.files,
        files_sha256=result.files_sha256,
        differences=list(result.differences),
        words=result.words(),
    )


@router.get("/reports/access", response_model=AccessReportOut, responses=PROBLEMS)
def access_report(
    request: Request,
    db: Db,
    me: Admin,
    player_id: Annotated[str | None, Query(max_length=64, description="Only this id.")] = None,
    since: Annotated[AwareDatetime | None, Query(description="From this moment on.")] = None,
) -> AccessReportOut:
    """Admin: who signed in (players and staff), when and from where, each failed sign-in
    and each lock, with every account's role, creation and last access (GLI-19 2.8.9)."""
    found = access.access_report(db, since=since, player_id=player_id)
    return AccessReportOut(
        generated_at=request.app.state.hub.clock().isoformat(),
        since=None if since is None else since.isoformat(),
        accounts=[AccountAccessOut(**account.to_dict()) for account in found],
    )
