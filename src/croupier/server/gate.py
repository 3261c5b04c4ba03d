"""Who may make a request now (GLI-19 2.5.3(d), 2.5.4): the caller's account not locked
and, for a player, his session not ended nor idle past the server's limit.

:class:`Gate` keeps, per process, each account's session and when its activity was last
written; a request within :data:`TOUCH` of that write costs no query (another process's
sign-in or lock reaches this one within :data:`TOUCH`: docs/interpretations.md,
"Authentication hygiene"). Otherwise the account's row and last session are read, the
refusals applied, and the session's ``last_seen_at`` moved to now in the caller's
transaction (a first request of an account that never signed in starts its session).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session

from croupier.ledger import sessions
from croupier.ledger.models import Player, PlayerSession
from croupier.ledger.versions import utc

TOUCH = timedelta(seconds=60)
"""How long a process trusts what it last read of an account's session."""


@dataclass
class _Seen:
    session_id: str
    written: datetime
    last: datetime


class Gate:
    """The sign-in rules of one server process; ``idle`` is the idle limit (``None``: a
    session does not expire), ``clock`` the server's clock (aware UTC)."""

    def __init__(self, idle: timedelta | None, clock: Callable[[], datetime]) -> None:
        self.idle = idle
        self.clock = clock
        self._seen: dict[str, _Seen] = {}
        self._lock = threading.Lock()

    def admit(self, db: Session, player: Player, *, activity: bool = True) -> None:
        """Refuse (:class:`~croupier.errors.Unauthorized`) a request in a player's ended or
        idle session (a locked account signs in again only once unlocked); else count it
        as activity (``activity`` false: a
        read that does not keep a session alive, e.g. the reminder's figures). Writes in
        ``db``'s transaction; the caller commits."""
        if player.id == "server":
            return
        now = self.clock()
        with self._lock:
            seen = self._seen.get(player.id)
        if seen is not None and self._fresh(seen, now):
            if activity:
                seen.last = now
            return
        # A lock (GLI-19 2.5.3(d)) stops new sign-ins (sessions.sign_in), not a request
        # carrying the account's own token: anyone who knows a player id can fail three
        # sign-ins, and that must not put the player out of the session he is playing.
        found = sessions.latest(db, player.id)
        if found is None:  # the account's first request: its token authenticates it
            found = sessions.start(db, player.id, now, why="signed in again")
        else:
            if (
                seen is not None
                and seen.session_id == found.id
                and seen.last > utc(found.last_seen_at)
            ):
                found.last_seen_at = seen.last
            refusal = sessions.ended(found, now, self.idle if player.role == "player" else None)
            if refusal is not None:
                self.forget(player.id)
                raise refusal
            if activity:
                db.execute(
                    update(PlayerSession)
                    .where(PlayerSession.id == found.id)
                    .values(last_seen_at=now)
                    .execution_options(synchronize_session=False)
                )
        last = now if activity else utc(found.last_seen_at)
        with self._lock:
            self._seen[player.id] = _Seen(found.id, now, last)

    def trusted(self, player: Player) -> bool:
        """Whether a read by ``player`` now would pass :meth:`admit` with no query: what
        this process last read of his session is within :data:`TOUCH` and still live."""
        if player.id == "server":
            return True
        now = self.clock()
        with self._lock:
            seen = self._seen.get(player.id)
        return seen is not None and self._fresh(seen, now)

    def _fresh(self, seen: _Seen, now: datetime) -> bool:
        return now - seen.written < TOUCH and (self.idle is None or now - seen.last <= self.idle)

    def forget(self, player_id: str) -> None:
        """Drop what this process knows of the account (after a sign-in, a sign-out or a
        lock, so that its next request reads the database)."""
        with self._lock:
            self._seen.pop(player_id, None)
