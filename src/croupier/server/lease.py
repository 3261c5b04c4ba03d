"""One owner per table (issue #33): the lease a server process holds on each table it
deals, and the answer a command gets at a process that does not deal its table.

A lease is a row of ``table_leases`` (migration 0016): the table, the owning process's id,
the address its commands go to, and when the lease expires (seconds since the epoch, by
the servers' clocks, which an operator keeps in step with NTP as any cluster needs). A
process takes a table's lease when a command for a table without a live owner reaches it
(one statement: an upsert that succeeds only where the row is absent, expired or already
its own, so two processes taking one table at once get one owner); it renews all of its
leases every third of ``seconds`` with one statement whatever their number, and gives
them up when it stops. A process that dies stops renewing: ``seconds`` later its tables
are free, and another process takes each over, with its open round, from the stored
events (:meth:`Leases.take_over` finds the tables with an open round and no live owner,
so that their deadlines are kept by a timer of the new owner,
:mod:`croupier.server.timers`).

What the lease guarantees and what it does not. The lease decides who *deals*: which
process runs a table's commands and keeps its deadlines. Correctness never rests on it:
every command is still one transaction whose round version, one-open-round index and
stored idempotency answer the database checks (docs/architecture.md), so two processes
that both believe they own a table for an instant (a lease that expired under a paused
process) cannot double-spend, open a second round or answer one key twice; one of them is
refused and its client sends again.

A command reaching a process that does not own its table is forwarded to the owner
(:mod:`croupier.server.forward`); where the owner cannot be reached it is answered ``421
Misdirected Request`` (:func:`misdirected`), naming the owner's address in ``owner`` and in
the ``Croupier-Owner`` header, with nothing done: the client sends it there, with the same
Idempotency-Key.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from sqlalchemy import text
from sqlalchemy.orm import Session
from starlette.responses import JSONResponse

from croupier.server import schemas

CITE = "server:table-owner"
"""The citation of a command sent to a process that does not deal its table."""
MISDIRECTED = 421
"""The HTTP status of such a command: Misdirected Request."""

_ACQUIRE = text(
    "INSERT INTO table_leases (table_id, owner, address, expires) "
    "SELECT CAST(:table_id AS VARCHAR(100)), CAST(:owner AS VARCHAR(100)), "
    "CAST(:address AS VARCHAR(300)), CAST(:expires AS FLOAT) "
    "WHERE EXISTS (SELECT 1 FROM tables WHERE tables.id = :table_id) "
    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
    "address = excluded.address, expires = excluded.expires "
    "WHERE table_leases.expires < :now OR table_leases.owner = excluded.owner"
)
_HOLDER = text("SELECT owner, address, expires FROM table_leases WHERE table_id = :table_id")
_RENEW = text("UPDATE table_leases SET expires = :expires WHERE owner = :owner")
_MINE = text("SELECT table_id FROM table_leases WHERE owner = :owner")
_RELEASE = text("DELETE FROM table_leases WHERE owner = :owner")
_ORPHANS = text(
    "SELECT DISTINCT rounds.table_id FROM rounds LEFT JOIN table_leases "
    "ON table_leases.table_id = rounds.table_id WHERE rounds.status = 'open' "
    "AND (table_leases.table_id IS NULL OR table_leases.expires < :now)"
)


class Leases:
    """The leases of one server process, ``owner`` (an id unique to the process),
    reachable at ``address``; a lease lasts ``seconds`` unless renewed. ``sessions`` opens
    a database session; ``clock`` gives seconds since the epoch (default ``time.time``).
    Thread-safe."""

    def __init__(
        self,
        sessions: Callable[[], Session],
        owner: str,
        address: str,
        seconds: float = 10.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if seconds <= 0:
            raise ValueError(f"a lease lasts more than 0 seconds, not {seconds}")
        self.sessions = sessions
        self.owner = owner
        self.address = address
        self.seconds = seconds
        self.clock = clock
        self._owned: dict[str, float] = {}
        """Per table this process owns: until when its lease holds."""
        self._lock = threading.Lock()

    def owns(self, table_id: str) -> bool:
        """Whether this process holds a live lease on ``table_id`` (no database read)."""
        with self._lock:
            until = self._owned.get(table_id)
        return until is not None and until > self.clock()

    @property
    def owned(self) -> list[str]:
        """The tables this process holds live leases on."""
        now = self.clock()
        with self._lock:
            return sorted(t for t, until in self._owned.items() if until > now)

    def owner_of(self, table_id: str) -> str | None:
        """``None`` where this process deals ``table_id`` (taking its lease if nobody
        holds a live one) or there is no such table, else the address of the process
        that does."""
        if self.owns(table_id):
            return None
        now = self.clock()
        expires = now + self.seconds
        with self.sessions() as session:
            session.execute(
                _ACQUIRE,
                {
                    "table_id": table_id,
                    "owner": self.owner,
                    "address": self.address,
                    "expires": expires,
                    "now": now,
                },
            )
            holder = session.execute(_HOLDER, {"table_id": table_id}).one_or_none()
            session.commit()
        if holder is None:  # no such table: nobody deals it, the request is told so
            return None
        if holder.owner == self.owner:
            with self._lock:
                self._owned[table_id] = float(holder.expires)
            return None
        return str(holder.address)

    def renew(self) -> list[str]:
        """Renew every lease this process holds (one statement); returns the tables it
        found it no longer holds (taken over after it failed to renew in time)."""
        expires = self.clock() + self.seconds
        with self.sessions() as session:
            session.execute(_RENEW, {"expires": expires, "owner": self.owner})
            mine = {row[0] for row in session.execute(_MINE, {"owner": self.owner})}
            session.commit()
        with self._lock:
            lost = sorted(set(self._owned) - mine)
            self._owned = dict.fromkeys(mine, expires)
        return lost

    def take_over(self) -> list[str]:
        """Take the lease of every table with an open round and no live owner (its owner
        died or stopped); returns the tables taken, whose deadlines are now this
        process's to keep."""
        with self.sessions() as session:
            orphans = [row[0] for row in session.execute(_ORPHANS, {"now": self.clock()})]
        return [table_id for table_id in orphans if self.owner_of(table_id) is None]

    def release(self) -> None:
        """Give up every lease this process holds (a clean stop: no one waits for them
        to expire)."""
        with self.sessions() as session:
            session.execute(_RELEASE, {"owner": self.owner})
            session.commit()
        with self._lock:
            self._owned.clear()


# --- the answer at a process that does not deal the table --------------------------------
def misdirected(table_id: str, address: str) -> JSONResponse:
    """The answer to a command sent to a process that does not deal ``table_id``: 421,
    a Problem saying where to send it, the address in ``owner`` and ``Croupier-Owner``."""
    problem = schemas.Problem(
        detail=f"table {table_id} is dealt by the server at {address}: nothing was done; "
        "send the command there, with the same Idempotency-Key",
        cite=CITE,
    )
    body = {**problem.model_dump(mode="json", exclude_none=True), "owner": address}
    return JSONResponse(body, status_code=MISDIRECTED, headers={"Croupier-Owner": address})
