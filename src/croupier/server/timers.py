"""Deadlines as timers of the table's owner (issue #33), not found by polling.

After every change this process commits at a table it deals (the hub's listeners,
:meth:`croupier.server.fanout.Hub.changed`), and every notice of a change another process
made there (a seat left: :class:`croupier.server.bus.NatsBus`), :meth:`Deadlines.arm`
sets one timer for the deadline of the table's open round (``rounds.deadline``, stored by
:func:`croupier.server.driver.schedule`), replacing the table's last. A command tells it
the deadline it left (:class:`croupier.ledger.cache.Written`: no read); any other change
has it read. Each is kept with the table's count of events then, so that a deadline read
or told late never replaces a newer one. When it fires, the timeouts due are applied
(:func:`croupier.server.driver.expire`, through the hub, which wakes the sockets and
publishes the change) and the table's next
deadline, if any, is armed. A deadline the driver moved on because the server was not
serving (:mod:`croupier.server.stall`) is simply armed again. A process that takes a
table's lease (:attr:`croupier.server.lease.Leases.taken`: a command's, even one refused,
or a takeover's) arms its deadline; the embedded server arms every table's at start
(:meth:`Deadlines.arm_all`).

A read of a deadline or an application of timeouts that fails (the database away for a
moment, at a takeover or any time) is tried again after 0.1 s, then twice as long after
each further failure in a row, up to 5 s, for as long as the process deals the table: a
transient error never leaves a table's betting open for good.

An idle table costs nothing: a timer waits in the event loop of this module's one thread;
the database is read for a deadline once per change other than a command and once per
deadline, and a busy table's changes that arrive while its deadline is being read share
one read after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from croupier.ledger.cache import Written

_DEADLINE = text(
    "SELECT t.event_count, r.deadline FROM tables t LEFT JOIN rounds r ON r.table_id = t.id "
    "AND r.status = 'open' AND r.deadline IS NOT NULL WHERE t.id = :table_id"
)
_ALL = text("SELECT DISTINCT table_id FROM rounds WHERE status = 'open' AND deadline IS NOT NULL")

RETRY_FIRST = 0.1
"""Seconds before a failed deadline read or timeout is tried again; each further failure
in a row doubles the wait, up to :data:`RETRY_MOST`."""
RETRY_MOST = 5.0

log = logging.getLogger(__name__)


def _utc(moment: datetime | str) -> datetime:
    if isinstance(moment, str):  # SQLite through a text() statement
        moment = datetime.fromisoformat(moment)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Deadlines:
    """The deadline timers of the tables this process deals (``owns(table_id)``; every
    table where it is ``None``: the embedded server). ``expire(table_id)`` applies a
    table's timeouts due; ``clock`` gives the time (aware UTC) deadlines are measured by.
    Thread-safe; :meth:`close` stops the timers' thread."""

    def __init__(
        self,
        sessions: Callable[[], Session],
        expire: Callable[[str], Any],
        clock: Callable[[], datetime],
        owns: Callable[[str], bool] | None = None,
    ) -> None:
        self.sessions = sessions
        self.expire = expire
        self.clock = clock
        self.owns = owns
        self.fired = 0
        """How many timers fired (the tests and the benchmark read it)."""
        self.reads = 0
        """How many deadlines were read from the database (the tests read it)."""
        self.due: dict[str, datetime] = {}
        """Per table with a timer set: the deadline it keeps (aware UTC; timers' thread)."""
        self._seq: dict[str, int] = {}
        """Per table: the events in its chain when the deadline its timer keeps was read
        or written (touched only on the timers' thread), so that an older one, read or
        told late, never replaces it."""
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._reading: set[str] = set()
        """Tables whose deadline is being read (touched only on the timers' thread)."""
        self._again: set[str] = set()
        """Tables armed while their read was under way: read once more after it."""
        self._failed: dict[str, int] = {}
        """Per table: how many reads or timeouts in a row failed (the database away), so
        that the next is tried after :data:`RETRY_FIRST` doubled as many times."""
        self.retries = 0
        """How many reads or timeouts were tried again after a failure (the tests)."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="croupier-deadlines", daemon=True
        )
        self._thread.start()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop of the timers' thread (:class:`Expiries` keeps its timers there)."""
        return self._loop

    @property
    def armed(self) -> int:
        """How many tables have a timer set."""
        return len(self._timers)

    def arm(self, table_id: str, written: Written | None = None) -> None:
        """Set ``table_id``'s timer for its open round's deadline (none: no timer), if
        this process deals it (thread-safe; does not wait). The deadline is read from the
        database, unless ``written`` (what a command just committed there left, from its
        own writes) gives it and the number of events it left."""
        if self.owns is not None and not self.owns(table_id):
            return
        with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
            if written is not None and written.timed and written.seq is not None:
                self._loop.call_soon_threadsafe(self._take, table_id, written.seq, written.deadline)
            else:
                self._loop.call_soon_threadsafe(self._read, table_id)

    def arm_all(self, tables: list[str] | None = None) -> None:
        """Arm ``tables`` (default: every table with an open round and a deadline)."""
        if tables is None:
            with self.sessions() as session:
                tables = [row[0] for row in session.execute(_ALL)]
        for table_id in tables:
            self.arm(table_id)

    def close(self) -> None:
        """Cancel every timer and stop the thread."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._cancel_all)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)

    def _cancel_all(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        self.due.clear()
        self._seq.clear()

    def _read(self, table_id: str) -> None:
        # Changes that arrive while a read of the table is under way are coalesced into
        # one read after it (it starts after every one of them was committed), so a busy
        # table costs one read at a time, not one per command.
        if table_id in self._reading:
            self._again.add(table_id)
            return
        self._reading.add(table_id)
        self.reads += 1
        self._loop.run_in_executor(None, self._deadline, table_id).add_done_callback(
            lambda done: self._read_done(table_id, done)
        )

    def _read_done(self, table_id: str, done: asyncio.Future[tuple[int, datetime | None]]) -> None:
        self._reading.discard(table_id)
        try:
            seq, deadline = done.result()
        except Exception:  # the timer it keeps, if any, stands; the read is tried again
            log.exception("reading the deadline of table %s failed", table_id)
            self._again.discard(table_id)  # the retry reads what they changed
            self._retry(table_id)
            return
        else:
            if deadline is None or deadline > self.clock():  # not a timeout failing again
                self._failed.pop(table_id, None)
            # At the same count of events the read is the newer: a deadline moved on
            # (:mod:`croupier.server.stall`) or given up by the timeouts, with no event.
            if seq >= self._seq.get(table_id, -1):
                self._seq[table_id] = seq
                self._set(table_id, deadline)
        if table_id in self._again:
            self._again.discard(table_id)
            self._read(table_id)

    def _take(self, table_id: str, seq: int, deadline: datetime | None) -> None:
        """A command's deadline, as it left the table at ``seq`` events (no read): kept
        unless the timer keeps one read or told at that count or later."""
        if seq > self._seq.get(table_id, -1):
            self._seq[table_id] = seq
            self._set(table_id, deadline)

    def _deadline(self, table_id: str) -> tuple[int, datetime | None]:
        with self.sessions() as session:
            found = session.execute(_DEADLINE, {"table_id": table_id}).first()
        if found is None:  # no such table
            return -1, None
        seq, deadline = found
        return int(seq or 0), None if deadline is None else _utc(deadline)

    def _cancel(self, table_id: str) -> None:
        self.due.pop(table_id, None)
        old = self._timers.pop(table_id, None)
        if old is not None:
            old.cancel()

    def _set(self, table_id: str, deadline: datetime | None) -> None:
        self._cancel(table_id)
        if deadline is None:
            return
        self.due[table_id] = deadline
        seconds = max(0.0, (deadline - self.clock()).total_seconds())
        self._timers[table_id] = self._loop.call_later(seconds, self._fire, table_id)

    def _fire(self, table_id: str) -> None:
        self._timers.pop(table_id, None)
        self.due.pop(table_id, None)
        self.fired += 1
        self._loop.run_in_executor(None, self._apply, table_id)

    def _retry(self, table_id: str) -> None:
        """Read ``table_id``'s deadline again after a failure, later the more failures in
        a row (a database away for a while is not hammered), for as long as this process
        deals the table."""
        failures = self._failed.get(table_id, 0)
        self._failed[table_id] = failures + 1
        wait = min(RETRY_MOST, RETRY_FIRST * 2**failures)
        self._loop.call_later(wait, self._read_again, table_id)

    def _read_again(self, table_id: str) -> None:
        if self.owns is not None and not self.owns(table_id):
            self._failed.pop(table_id, None)
            return
        self.retries += 1
        self._read(table_id)

    def _apply(self, table_id: str) -> None:
        try:
            self.expire(table_id)
        except Exception:  # its deadline read again after a wait, and fired again
            log.exception("applying the timeouts due at table %s failed", table_id)
            with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
                self._loop.call_soon_threadsafe(self._retry, table_id)
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._failed.pop, table_id, None)
        self.arm(table_id)  # the next wait's deadline, or the same one moved on


class Expiries:
    """When a reason a player's views give for holding his play runs out by itself (a
    suspension's or a self-exclusion's end, 814a.2): no change is stored then, so nothing
    else would tell his open views. Each process keeps, per player whose views it built
    with such a reason (``LiveTables.ends``), one timer on ``loop`` (the deadline timers'
    thread) at the earliest end told; when it passes, ``fire(player_id)`` (the hub's
    ``moved``, not told to the bus: every process that shows the reason keeps its own
    timer), which reads his views again, and a reason still in force (``clock`` behind)
    is told again and timed anew. Thread-safe; ``fired`` counts the timers that fired.

    The same timers keyed by table (``LiveTables.turns``, ``fire``: the hub's
    ``refreshed``, not told to the bus) time the moment a table's version of its Rules
    Submission put in force from later takes effect, or one in force ends: what the
    table offers changes then with nothing stored."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        clock: Callable[[], datetime],
        fire: Callable[[str], Any],
    ) -> None:
        self.loop = loop
        self.clock = clock
        self.fire = fire
        self.fired = 0
        self.due: dict[str, datetime] = {}
        """Per player with a timer set: the moment it keeps (touched on the loop only)."""
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def at(self, player_id: str, moment: datetime) -> None:
        """Time ``player_id``'s views for ``moment``, unless an earlier moment is timed
        for him already (thread-safe; does not wait)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
            self.loop.call_soon_threadsafe(self._set, player_id, moment)

    def _set(self, player_id: str, moment: datetime) -> None:
        kept = self.due.get(player_id)
        if kept is not None and kept <= moment:
            return
        old = self._timers.pop(player_id, None)
        if old is not None:
            old.cancel()
        self.due[player_id] = moment
        seconds = max(0.0, (moment - self.clock()).total_seconds())
        self._timers[player_id] = self.loop.call_later(seconds, self._fire, player_id)

    def _fire(self, player_id: str) -> None:
        self._timers.pop(player_id, None)
        self.due.pop(player_id, None)
        self.fired += 1
        try:
            self.fire(player_id)
        except Exception:  # told again at his views' next read
            log.exception("refreshing the views of player %s failed", player_id)
