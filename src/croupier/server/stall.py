"""When the server was not serving, so that nobody is timed out for it (issue 29).

A player may not lose a wager because the server could not answer him: a request that
waits for the database (the pool's connection, SQLite's lock) is a server that is not
serving. :class:`Stalls` records each such wait of ``threshold`` seconds or more (by the
app's clock, from when a session's transaction was asked for to when it began on a
connection, or ended without one), and :meth:`Stalls.extended` moves a deadline that
passed during one on by the time the server was not serving within that wait
(docs/interpretations.md, "A deadline passed while the server was not serving"):
:func:`croupier.server.driver.expire` stores the later deadline instead of timing the
player out.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction, sessionmaker

STALLS = "croupier.stalls"
"""The key of a session's ``info`` under which the app's :class:`Stalls` is found."""
_ASKED = "croupier.stalls.asked"

Clock = Callable[[], datetime]


class Stalls:
    """The spans during which this process waited ``threshold`` seconds or more for its
    database (thread-safe): each ``(start, end)`` in aware UTC, the last ``keep`` kept."""

    def __init__(self, clock: Clock, threshold: float = 2.0, keep: int = 1_000) -> None:
        if threshold <= 0:
            raise ValueError(f"a stall is a wait of more than 0 seconds, not {threshold}")
        self.clock = clock
        self.threshold = timedelta(seconds=threshold)
        self.keep = keep
        self._spans: list[tuple[datetime, datetime]] = []
        self._waiting = 0
        self._changed = threading.Condition()

    @property
    def spans(self) -> list[tuple[datetime, datetime]]:
        """The stalls recorded, oldest first."""
        with self._changed:
            return sorted(self._spans)

    @property
    def waiting(self) -> int:
        """How many sessions are waiting for their transaction to begin now."""
        with self._changed:
            return self._waiting

    def until_waiting(self, count: int, timeout: float) -> bool:
        """Block until ``count`` sessions wait for the database (``False`` after
        ``timeout`` seconds): for a test that stalls the server on purpose."""
        with self._changed:
            return self._changed.wait_for(lambda: self._waiting >= count, timeout)

    def waited(self, asked: datetime, got: datetime) -> None:
        """A session asked for its transaction at ``asked`` and had it (or gave up) at
        ``got``: recorded as a stall if that took ``threshold`` or more."""
        if got - asked < self.threshold:
            return
        with self._changed:
            self._spans.append((asked, got))
            del self._spans[: -self.keep]

    def extended(self, deadline: datetime, seconds: float) -> datetime:
        """``deadline`` (of a wait ``seconds`` long) moved on by every stall it passed in:
        a stall from ``a`` to ``b`` with ``a < deadline <= b`` adds the time from ``a``
        (or from the wait's start, if later) to ``b``, the time the wait lost; the
        deadline then lies after the stall, so it is never extended twice for one."""
        start = deadline - timedelta(seconds=seconds)
        for a, b in self.spans:
            if a < deadline <= b:
                deadline += b - max(a, start)
        return deadline

    def watch(self, sessions: sessionmaker[Session]) -> None:
        """Time every transaction ``sessions`` begins (its sessions find this object in
        ``session.info[STALLS]`` when the sessionmaker's ``info`` has it)."""

        def asked(session: Session, transaction: SessionTransaction) -> None:
            if transaction.parent is None and _ASKED not in session.info:
                session.info[_ASKED] = self.clock()
                with self._changed:
                    self._waiting += 1
                    self._changed.notify_all()

        def got(session: Session, *_: object) -> None:
            moment = session.info.pop(_ASKED, None)
            if moment is not None:
                with self._changed:
                    self._waiting -= 1
                self.waited(moment, self.clock())

        def ended(session: Session, transaction: SessionTransaction) -> None:
            if transaction.parent is None:
                got(session)  # ended without a connection: it waited in vain

        event.listen(sessions, "after_transaction_create", asked)
        event.listen(sessions, "after_begin", got)
        event.listen(sessions, "after_transaction_end", ended)
