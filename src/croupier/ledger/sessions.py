"""Sessions and sign-ins (58 Pa. Code 812a.9; GLI-19 2.5.3(d), 2.5.4).

A **session** (:class:`~croupier.ledger.models.PlayerSession`) starts when the player
signs in with his account's token (:func:`sign_in`), or at the account's first request
if it never signed in (the token is the credential either way); it ends at the next
sign-in, at a sign-out, or, for the server, once idle past its limit (the session is
then read as ended at its last activity: :func:`idle_since`).

A **failed sign-in** (a token that is not the account's) is recorded with the address it
came from and as a significant event; the third from one address within
:data:`LOCK_WINDOW` locks the account's sign-ins **from that address** for
:data:`LOCK_FOR` after the last of them (:func:`source_locked_until`), or until an admin
unlocks the account (:func:`unlock`). A stranger who knows an account's id locks out only
himself: the owner signs in from his own address (docs/interpretations.md, "A lockout
locks the source").

What a session has wagered and lost is the player's never-reset totals now, less those
at its start (:func:`figures`): no scan of postings.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from croupier.errors import Unauthorized
from croupier.ledger.accounts import token_hash
from croupier.ledger.models import FailedSignIn, Player, PlayerSession
from croupier.ledger.protection import Periods, row_of, when_words
from croupier.ledger.versions import utc

LOCK_AFTER = 3
"""Failed sign-ins within :data:`LOCK_WINDOW` that lock an account (GLI-19 2.5.3(d))."""
LOCK_WINDOW = timedelta(minutes=30)
LOCK_FOR = timedelta(minutes=30)
"""How long a locked account stays locked unless an admin unlocks it first."""
CITE = "GLI-19 2.5.3(d)"
IDLE_CITE = "GLI-19 2.5.4"


def latest(session: Session, player_id: str) -> PlayerSession | None:
    """The player's last session, or ``None``."""
    return session.scalars(
        select(PlayerSession)
        .where(PlayerSession.player_id == player_id)
        .order_by(PlayerSession.started_at.desc(), PlayerSession.id.desc())
        .limit(1)
    ).first()


def previous(session: Session, current: PlayerSession) -> PlayerSession | None:
    """The session before ``current`` (812a.9: shown at sign-in), or ``None``."""
    return session.scalars(
        select(PlayerSession)
        .where(
            PlayerSession.player_id == current.player_id,
            PlayerSession.id != current.id,
            PlayerSession.started_at <= current.started_at,
        )
        .order_by(PlayerSession.started_at.desc(), PlayerSession.id.desc())
        .limit(1)
    ).first()


def locked_until(
    session: Session, player_id: str, now: datetime, address: str = ""
) -> datetime | None:
    """When sign-ins to the account from ``address`` unlock, if they are locked at
    ``now``: by :func:`source_locked_until`, or by a lock of the whole account
    (``player_protection.locked_until``, set by no sign-in since the lock was kept per
    address; one stored before still holds until it ends)."""
    row = row_of(session, player_id)
    until = None if row.locked_until is None else utc(row.locked_until)
    whole = until if until is not None and until > now else None
    source = source_locked_until(session, player_id, address, now)
    return max((u for u in (whole, source) if u is not None), default=None)


def source_locked_until(
    session: Session, player_id: str, address: str, now: datetime
) -> datetime | None:
    """When sign-ins to account ``player_id`` from ``address`` unlock, if they are locked
    at ``now``: :data:`LOCK_AFTER` failed sign-ins from that address, each within
    :data:`LOCK_WINDOW` of the last of them, lock it for :data:`LOCK_FOR` from that last
    one (one more failure while locked locks it on from then). One indexed read of the
    address's failures in the last hour."""
    return _lock_end(_failures(session, player_id, address, now), now)


def _failures(session: Session, player_id: str, address: str, now: datetime) -> list[datetime]:
    """The failed sign-ins to ``player_id`` from ``address`` in the last
    :data:`LOCK_WINDOW` + :data:`LOCK_FOR`, oldest first (UTC): one indexed read."""
    found = session.scalars(
        select(FailedSignIn.at)
        .where(
            FailedSignIn.player_id == player_id,
            FailedSignIn.address == address[:64],
            FailedSignIn.at > now - LOCK_WINDOW - LOCK_FOR,
        )
        .order_by(FailedSignIn.at)
    )
    return [utc(at) for at in found]


def _lock_end(times: list[datetime], now: datetime) -> datetime | None:
    """When the lock that failures at ``times`` (oldest first) put on ends, if it holds at
    ``now`` (see :func:`source_locked_until`)."""
    until = None
    for n in range(LOCK_AFTER - 1, len(times)):
        if times[n - LOCK_AFTER + 1] > times[n] - LOCK_WINDOW:
            until = times[n] + LOCK_FOR
    return until if until is not None and until > now else None


def start(
    session: Session,
    player_id: str,
    now: datetime,
    address: str = "",
    why: str = "signed in again",
    idle: timedelta | None = None,
) -> PlayerSession:
    """A new session for the player from ``now``; an open one ends now (``why``), or at
    its last activity where it had gone idle past ``idle``."""
    for open_ in session.scalars(
        select(PlayerSession).where(
            PlayerSession.player_id == player_id, PlayerSession.ended_at.is_(None)
        )
    ):
        since = idle_since(open_, now, idle)
        if since is not None:
            open_.ended_at, open_.ended_why = since, "idle"
        else:
            open_.ended_at, open_.ended_why = max(utc(open_.last_seen_at), now), why
    totals = row_of(session, player_id)
    before = latest(session, player_id)
    if before is not None and utc(before.started_at) >= now:
        # Two sessions begun in one instant (the clock's resolution): the new one starts a
        # microsecond later, so that it is the latest (ordered by start; ids are random).
        now = utc(before.started_at) + timedelta(microseconds=1)
    row = PlayerSession(
        id=secrets.token_hex(16),
        player_id=player_id,
        started_at=now,
        last_seen_at=now,
        address=address[:64],
        wagered_at_start=totals.wagered_total or 0,
        lost_at_start=totals.lost_total or 0,
        ended_why="",
    )
    session.add(row)
    session.flush()
    return row


WRONG = (
    "that player id and token were not accepted: they do not match an account, or 3 "
    "failed sign-ins to the account from this address within 30 minutes have locked its "
    "sign-ins from this address for 30 minutes"
)
"""The answer to every refused sign-in: a wrong token, an id that is no account's, and
the right token from a locked address alike, so that the answer tells nobody which ids
exist (issue #32) nor, from a locked address, whether a guess was right (issue #34: the
lock holds one address, so a guess confirmed there would sign in from another)."""

_NOBODY = token_hash("")
"""The hash a sign-in to an id that is no account's is compared with (the same work)."""


def sign_in(
    session: Session,
    player_id: str,
    token: str,
    now: datetime,
    address: str = "",
    idle: timedelta | None = None,
) -> tuple[PlayerSession, PlayerSession | None]:
    """Authenticate ``token`` as ``player_id``'s and start a session; returns it and the
    session before it. A wrong token, or an id that is no account's, is recorded (a
    significant event with the address; for an account, the third within
    :data:`LOCK_WINDOW` locks it) and raises :class:`Unauthorized` with :data:`WRONG`,
    the same answer either way, after the same hashing and comparison; the caller must
    commit on that error too. The right token from a locked address gets that answer too
    (it is no failure: the lock is not lengthened), so a guesser there cannot tell a right
    guess from a wrong one."""
    from croupier.ledger.significant_events import Kind, record

    player = session.get(Player, player_id)
    matches = hmac.compare_digest(
        token_hash(token), _NOBODY if player is None else player.token_hash
    )
    if player is None or not matches:
        named = player_id[:64] if player_id.strip() else repr(player_id[:60])
        was, count = _failed(session, player_id, player is not None, now, address)
        record(
            session,
            kind=Kind.LOGIN_FAILED,
            who=named,
            subject=named,
            before=None,
            after={
                "address": address,
                "failures_in_30_minutes": count,
                "account": player is not None,
            },
            words=f"Failed sign-in to {'account' if player else 'an id that is no account,'} "
            f"{named} from {address or 'an unknown address'} "
            f"({count} from that address within 30 minutes; {CITE}).",
            at=now,
        )
        if player is not None and count >= LOCK_AFTER and was is None:
            record(
                session,
                kind=Kind.ACCOUNT_LOCKED,
                who="system",
                subject=player_id,
                before={"locked_until": None, "address": address},
                after={"locked_until": (now + LOCK_FOR).isoformat(), "address": address},
                words=f"Sign-ins to account {player_id} from {address or 'an unknown address'} "
                f"locked until {when_words(now + LOCK_FOR, 'UTC')} after {count} failed "
                f"sign-ins from it within 30 minutes ({CITE}).",
                at=now,
            )
        session.flush()
        raise Unauthorized(WRONG, CITE)
    if locked_until(session, player_id, now, address) is not None:
        raise Unauthorized(WRONG, CITE)  # not a failure: the lock is not lengthened
    current = start(session, player_id, now, address, idle=idle)
    return current, previous(session, current)


def _failed(
    session: Session, player_id: str, account: bool, now: datetime, address: str
) -> tuple[datetime | None, int]:
    """Record a failed sign-in to ``player_id`` from ``address``: the lock that held on it
    before, and the failures from that address within :data:`LOCK_WINDOW`, this one
    included. An id that is no account's (``account`` false) has none stored, but the
    same statements are sent for it, a read in place of the insert, so that the time of
    the answer does not tell which ids are accounts (GLI-19 2.5.3(d))."""
    times = _failures(session, player_id, address, now)
    if account:
        session.add(FailedSignIn(player_id=player_id, at=now, address=address[:64]))
        session.flush()
    else:
        session.scalar(
            select(func.count())
            .select_from(FailedSignIn)
            .where(FailedSignIn.player_id == player_id, FailedSignIn.address == address[:64])
        )
    return _lock_end(times, now), 1 + sum(1 for at in times if at > now - LOCK_WINDOW)


def unlock(session: Session, player_id: str, *, now: datetime, by: str) -> None:
    """An admin unlocks the account, from every address (recorded as a significant
    event); the count of failed sign-ins starts again (each failure stays in the
    significant-events log), so that the next wrong token is the first of three, not the
    fourth."""
    from croupier.ledger.significant_events import Kind, record

    row = row_of(session, player_id, lock=True)
    before = None if row.locked_until is None else utc(row.locked_until).isoformat()
    row.locked_until = None
    session.execute(delete(FailedSignIn).where(FailedSignIn.player_id == player_id))
    session.flush()
    record(
        session,
        kind=Kind.ACCOUNT_LOCKED,
        who=by,
        subject=player_id,
        before={"locked_until": before},
        after={"locked_until": None},
        words=f"Account {player_id} unlocked by {by} ({CITE}).",
        at=now,
    )


def sign_out(session: Session, player_id: str, now: datetime) -> PlayerSession | None:
    """End the player's open session now; returns it (``None``: none was open)."""
    found = latest(session, player_id)
    if found is None or found.ended_at is not None:
        return None
    found.ended_at, found.ended_why = now, "signed out"
    session.flush()
    return found


def idle_since(found: PlayerSession, now: datetime, idle: timedelta | None) -> datetime | None:
    """When an open session went idle past ``idle`` (its last activity), if it has by
    ``now``; ``None`` while it is live (or with no idle limit)."""
    last = utc(found.last_seen_at)
    if idle is None or found.ended_at is not None or now - last <= idle:
        return None
    return last


def span_words(span: timedelta) -> str:
    """``span`` exactly, in words: ``30 minutes``, ``15 seconds``, ``1 minute 30 seconds``,
    ``2 hours``, ``1.5 seconds`` (a part of a second to the millisecond).

    >>> span_words(timedelta(minutes=30)), span_words(timedelta(seconds=15))
    ('30 minutes', '15 seconds')
    >>> span_words(timedelta(seconds=90)), span_words(timedelta(hours=1, seconds=1.5))
    ('1 minute 30 seconds', '1 hour 1.5 seconds')
    """
    millis = round(span.total_seconds() * 1000)
    minutes, millis = divmod(millis, 60_000)
    hours, minutes = divmod(minutes, 60)
    seconds = f"{millis / 1000:.3f}".rstrip("0").rstrip(".")
    parts = [(hours, "hour", str(hours)), (minutes, "minute", str(minutes))]
    parts.append((millis, "second", seconds))
    said = [f"{shown} {unit}{'' if shown == '1' else 's'}" for n, unit, shown in parts if n]
    return " ".join(said) or "0 seconds"


def ended(found: PlayerSession, now: datetime, idle: timedelta | None) -> Unauthorized | None:
    """The refusal of a request in a session that has ended (signed out, replaced, or
    idle past the limit): the player must sign in again."""
    if found.ended_at is not None:
        return Unauthorized(
            f"your session ended at {when_words(found.ended_at, 'UTC')} "
            f"({found.ended_why}): sign in again",
            IDLE_CITE,
        )
    since = idle_since(found, now, idle)
    if since is None:
        return None
    return Unauthorized(
        f"no activity for {span_words(idle or timedelta())} since {when_words(since, 'UTC')}: "
        "sign in "
        "again to go on playing",
        IDLE_CITE,
    )


@dataclass(frozen=True)
class Figures:
    """A session's figures for the reminder (814a.1): when it started, the seconds since,
    the cents wagered and lost (net) since, and the session before it."""

    started_at: datetime
    elapsed_seconds: float
    wagered: int
    lost: int
    previous_started_at: datetime | None
    previous_ended_at: datetime | None


def figures(session: Session, found: PlayerSession, now: datetime) -> Figures:
    """The figures of session ``found`` as of ``now``."""
    totals = row_of(session, found.player_id)
    before = previous(session, found)
    end = None
    if before is not None:
        end = utc(before.ended_at) if before.ended_at is not None else utc(before.last_seen_at)
    return Figures(
        started_at=utc(found.started_at),
        elapsed_seconds=max(0.0, (now - utc(found.started_at)).total_seconds()),
        wagered=(totals.wagered_total or 0) - found.wagered_at_start,
        lost=(totals.lost_total or 0) - found.lost_at_start,
        previous_started_at=None if before is None else utc(before.started_at),
        previous_ended_at=end,
    )


def played_in(
    session: Session, player_id: str, period: Periods, now: datetime, idle: timedelta | None
) -> float:
    """Seconds the player's sessions covered in the gaming day ``period`` up to ``now``
    (an open session counts to ``now``, or to its last activity once idle): the daily
    time limit's measure (814a.2). One indexed read of the day's sessions."""
    rows = session.scalars(
        select(PlayerSession)
        .where(
            PlayerSession.player_id == player_id,
            PlayerSession.started_at < now,
        )
        .order_by(PlayerSession.started_at.desc())
        .limit(50)
    )
    total = 0.0
    for row in rows:
        end = utc(row.ended_at) if row.ended_at is not None else now
        since = idle_since(row, now, idle)
        if since is not None:
            end = since
        begin = max(utc(row.started_at), period.day_start)
        if end > begin:
            total += (min(end, now) - begin).total_seconds()
        if utc(row.started_at) < period.day_start:
            break
    return total


__all__ = [
    "WRONG",
    "Figures",
    "ended",
    "figures",
    "latest",
    "locked_until",
    "played_in",
    "previous",
    "sign_in",
    "sign_out",
    "start",
    "unlock",
]
