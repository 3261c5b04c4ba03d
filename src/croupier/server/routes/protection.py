"""Player protection over HTTP: a player's limits (58 Pa. Code 814a.2), his suspension
or self-exclusion, the reminder's figures (814a.1, 812a.9), sign-in and sign-out
(GLI-19 2.5.3-2.5.4) and an admin's unlock.

Who may do what (docs/interpretations.md, "Who may change a player's limits"): the
player reads and changes his own limits (a decrease at once, an increase after the
period ends and his confirmation), suspends or excludes himself; an admin reads any
player's, lowers a limit at the player's request (never raises one), suspends a player
or lifts a suspension or exclusion, and unlocks an account.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy.orm import Session

from croupier.errors import AccessDenied, Unauthorized
from croupier.ledger import protection, sessions
from croupier.ledger.gaming_day import gaming_day_of
from croupier.ledger.models import Player
from croupier.reminders import reminder_words
from croupier.server import addresses
from croupier.server.routes.deps import PROBLEMS, Caller, Db, HimselfOrAdmin, Reader, server_of

router = APIRouter()

Cents = Annotated[StrictInt, Field(gt=0, le=protection.MAX_CENTS)]
Minutes = Annotated[StrictInt, Field(gt=0, le=1440)]


class LimitsIn(BaseModel):
    """The limits to change (cents; ``time_daily`` in minutes); ``null`` removes one (an
    increase); a limit left out is unchanged."""

    model_config = ConfigDict(extra="forbid")

    deposit_daily: Cents | None = None
    deposit_weekly: Cents | None = None
    deposit_monthly: Cents | None = None
    loss_daily: Cents | None = None
    loss_weekly: Cents | None = None
    loss_monthly: Cents | None = None
    spend_daily: Cents | None = None
    spend_weekly: Cents | None = None
    spend_monthly: Cents | None = None
    single_wager: Cents | None = None
    time_daily: Minutes | None = None


class Waiting(BaseModel):
    value: int | None
    """The raised limit (cents; ``time_daily``: minutes), ``None`` for none."""
    after: datetime
    """From when the player may confirm it."""
    confirmable: bool


class LimitsOut(BaseModel):
    """A player's limits in force (cents; ``time_daily`` in minutes; ``None``: none), the
    increases waiting, this period's totals, when each period resets, his status and his
    reminder's interval."""

    player_id: str
    limits: dict[str, int | None]
    words: dict[str, str]
    """Each limit in force in words ("$50.00", "2 hours", "no limit")."""
    pending: dict[str, Waiting]
    totals: dict[str, dict[str, int]]
    """``wagered``/``lost``/``deposited`` -> ``daily``/``weekly``/``monthly`` cents."""
    resets: dict[str, datetime]
    status: str
    status_until: datetime | None
    reminder_minutes: int
    gaming_day: str


class StatusIn(BaseModel):
    """A suspension of ``hours`` or ``days`` (one of them), or a self-exclusion for
    ``days`` (none given: until an admin lifts it)."""

    model_config = ConfigDict(extra="forbid")

    status: Literal["suspended", "self-excluded"]
    hours: Annotated[StrictInt, Field(gt=0, le=protection.MOST_HOURS)] | None = None
    days: Annotated[StrictInt, Field(gt=0, le=protection.MOST_DAYS)] | None = None


class RemindersIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    minutes: Literal[15, 30, 60]


class SignIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player_id: StrictStr = Field(min_length=1, max_length=32)
    token: StrictStr = Field(min_length=1, max_length=200)


class SessionOut(BaseModel):
    """A session's figures (814a.1, 812a.9): when it began, the seconds since, the cents
    wagered and lost (net) since, the previous session's start and end, the reminder's
    interval, the daily time limit (seconds; ``None``: none) and the idle limit."""

    session_id: str
    started_at: datetime
    now: datetime
    elapsed_seconds: float
    wagered_since_login: int
    lost_since_login: int
    previous_started_at: datetime | None
    previous_ended_at: datetime | None
    reminder_minutes: int
    time_limit_seconds: int | None
    played_today_seconds: float
    idle_minutes: float | None
    reminder: str
    """The reminder's sentence as of now (:func:`croupier.reminders.reminder_words`; the
    start in UTC)."""


def _limits_out(db: Session, player_id: str, now: datetime) -> LimitsOut:
    row = protection.row_of(db, player_id)
    gaming_day = gaming_day_of(db)
    periods = protection.periods(gaming_day, now)

    def public(name: str, value: int | None) -> int | None:
        return value // 60 if name == "time_daily" and value is not None else value

    limits = protection.in_force(row)
    status = protection.status_of(row, now)
    return LimitsOut(
        player_id=player_id,
        limits={name: public(name, value) for name, value in limits.items()},
        words={name: protection.shown(name, value) for name, value in limits.items()},
        pending={
            name: Waiting(
                value=public(name, wait["value"]),
                after=datetime.fromisoformat(wait["after"]),
                confirmable=datetime.fromisoformat(wait["after"]) <= now,
            )
            for name, wait in protection.pending(row).items()
        },
        totals=protection.totals(row, periods),
        resets={period: periods.end(period) for period in ("daily", "weekly", "monthly")},
        status=status["status"],
        status_until=None if status["until"] is None else datetime.fromisoformat(status["until"]),
        reminder_minutes=row.reminder_minutes,
        gaming_day=gaming_day.text(),
    )


@router.get("/players/{player_id}/limits", response_model=LimitsOut, responses=PROBLEMS)
def get_limits(player_id: str, request: Request, db: Db, me: HimselfOrAdmin) -> LimitsOut:
    """The player's limits, waiting increases, totals and status (himself or an admin)."""
    return _limits_out(db, player_id, server_of(request).clock())


@router.put("/players/{player_id}/limits", response_model=LimitsOut, responses=PROBLEMS)
def put_limits(
    player_id: str, body: LimitsIn, request: Request, db: Db, me: HimselfOrAdmin
) -> LimitsOut:
    """Change limits (814a.2): a decrease is in force at once; an increase (or a limit
    removed) waits for the end of its period and the player's confirmation. An admin may
    only lower a limit. Who may is checked first: anyone else is refused 403 whatever the
    body holds."""
    now = server_of(request).clock()
    asked = body.model_dump(exclude_unset=True)
    protection.set_limits(db, player_id, asked, now=now, by=me.id, may_raise=me.id == player_id)
    db.commit()
    return _limits_out(db, player_id, now)


@router.post("/players/{player_id}/limits/confirm", response_model=LimitsOut, responses=PROBLEMS)
def confirm_limits(player_id: str, request: Request, db: Db, me: Caller) -> LimitsOut:
    """The player confirms his raised limits whose period has ended (814a.2)."""
    if me.id != player_id:
        raise AccessDenied("only the player himself confirms a raised limit", "814a.2")
    now = server_of(request).clock()
    protection.confirm(db, player_id, now=now, by=me.id)
    db.commit()
    return _limits_out(db, player_id, now)


@router.put("/players/{player_id}/reminders", response_model=LimitsOut, responses=PROBLEMS)
def reminders(
    player_id: str, body: RemindersIn, request: Request, db: Db, me: HimselfOrAdmin
) -> LimitsOut:
    """How often the reminder of time played and amount wagered appears (814a.1: 60
    minutes, or 15 or 30 the player chooses); himself or an admin, checked first."""
    protection.row_of(db, player_id, lock=True).reminder_minutes = body.minutes
    db.commit()
    return _limits_out(db, player_id, server_of(request).clock())


@router.post("/players/{player_id}/status", response_model=LimitsOut, responses=PROBLEMS)
def suspend(
    player_id: str, body: StatusIn, request: Request, db: Db, me: HimselfOrAdmin
) -> LimitsOut:
    """Suspend play for ``hours`` or ``days``, or exclude oneself (for ``days``, else
    until an admin lifts it): the player may not take a seat or wager; a round he is in
    finishes (814a.2). Himself or an admin, checked before the body."""
    if body.hours is not None and body.days is not None:
        raise _field("days", "give the length in hours or in days, not both")
    now = server_of(request).clock()
    length = None
    if body.hours is not None:
        length = timedelta(hours=body.hours)
    elif body.days is not None:
        length = timedelta(days=body.days)
    if body.status == "suspended" and length is None:
        raise _field("hours", "a suspension lasts some hours or days: give hours or days")
    until = None if length is None else now + length
    protection.set_status(
        db, player_id, body.status, until, now=now, by=me.id, may_shorten=me.role == "admin"
    )
    db.commit()
    server_of(request).hub.moved(player_id)  # his views say why he may not play
    return _limits_out(db, player_id, now)


def _field(name: str, said: str) -> RequestValidationError:
    """The 422 of the status's field ``name`` (a field's error, as validation answers it:
    the permission was checked first)."""
    return RequestValidationError([{"type": "value_error", "loc": ("body", name), "msg": said}])


@router.delete("/players/{player_id}/status", response_model=LimitsOut, responses=PROBLEMS)
def lift(player_id: str, request: Request, db: Db, me: Caller) -> LimitsOut:
    """Admin: lift a suspension or a self-exclusion (the player may play again)."""
    if me.role != "admin":
        raise AccessDenied(
            "only an admin lifts a suspension or a self-exclusion before its end", "814a.2"
        )
    now = server_of(request).clock()
    protection.set_status(db, player_id, "active", None, now=now, by=me.id)
    db.commit()
    server_of(request).hub.moved(player_id)  # his views offer the wager again
    return _limits_out(db, player_id, now)


@router.post("/players/{player_id}/unlock", response_model=LimitsOut, responses=PROBLEMS)
def unlock(player_id: str, request: Request, db: Db, me: Caller) -> LimitsOut:
    """Admin: unlock an account locked after failed sign-ins (GLI-19 2.5.3(d))."""
    if me.role != "admin":
        raise AccessDenied("only an admin unlocks an account", sessions.CITE)
    now = server_of(request).clock()
    sessions.unlock(db, player_id, now=now, by=me.id)
    db.commit()
    server_of(request).gate.forget(player_id)
    return _limits_out(db, player_id, now)


def _session_out(db: Session, request: Request, found: Player, session_id: str) -> SessionOut:
    server = server_of(request)
    now = server.clock()
    current = sessions.latest(db, found.id)
    assert current is not None and current.id == session_id
    figures = sessions.figures(db, current, now)
    row = protection.row_of(db, found.id)
    periods = protection.periods(gaming_day_of(db), now)
    idle = server.gate.idle
    return SessionOut(
        session_id=current.id,
        started_at=figures.started_at,
        now=now,
        elapsed_seconds=figures.elapsed_seconds,
        wagered_since_login=figures.wagered,
        lost_since_login=figures.lost,
        previous_started_at=figures.previous_started_at,
        previous_ended_at=figures.previous_ended_at,
        reminder_minutes=row.reminder_minutes,
        time_limit_seconds=row.time_daily,
        played_today_seconds=sessions.played_in(db, found.id, periods, now, idle),
        idle_minutes=None if idle is None else idle.total_seconds() / 60,
        reminder=reminder_words(
            figures.elapsed_seconds,
            figures.wagered,
            figures.started_at.strftime("%H:%M UTC"),
        ),
    )


@router.post("/sessions", status_code=201, response_model=SessionOut, responses=PROBLEMS)
def sign_in(body: SignIn, request: Request, db: Db) -> SessionOut:
    """Sign in with the account's id and token: a new session (812a.9), the previous
    session's date and time in the answer. A wrong token is a failed sign-in; the third
    within 30 minutes locks the account for 30 minutes (GLI-19 2.5.3(d))."""
    server = server_of(request)
    trusted = getattr(request.app.state, "trusted_proxies", addresses.NONE)
    address = addresses.client_address(request, trusted)
    try:
        current, _ = sessions.sign_in(
            db, body.player_id, body.token, server.clock(), address, server.gate.idle
        )
    except (Unauthorized, AccessDenied):
        db.commit()  # the failed sign-in and the lock are kept
        server.gate.forget(body.player_id)
        raise
    db.commit()
    server.gate.forget(body.player_id)
    player = db.get(Player, body.player_id)
    assert player is not None
    return _session_out(db, request, player, current.id)


@router.get("/sessions/current", response_model=SessionOut, responses=PROBLEMS)
def current(request: Request, db: Db, me: Reader) -> SessionOut:
    """The caller's session figures for the clocks and reminders (814a.1): read without
    counting as activity."""
    found = sessions.latest(db, me.id)
    if found is None:
        raise Unauthorized("you have no session: sign in", sessions.IDLE_CITE)
    return _session_out(db, request, me, found.id)


class SignedOut(BaseModel):
    player_id: str
    ended_at: datetime | None
    """When the session ended (``None``: none was open)."""


@router.delete("/sessions/current", response_model=SignedOut, responses=PROBLEMS)
def sign_out(request: Request, db: Db, me: Reader) -> SignedOut:
    """Sign out: the session ends now (the next request needs a sign-in)."""
    ended = sessions.sign_out(db, me.id, server_of(request).clock())
    db.commit()
    server_of(request).gate.forget(me.id)
    server_of(request).hub.signed_out(me.id)
    return SignedOut(player_id=me.id, ended_at=None if ended is None else ended.ended_at)
