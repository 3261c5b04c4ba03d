"""One owner per table (issue #33): the lease a server process holds on each table it
deals, and the answer a command gets at a process that does not deal its table.

Leases come in two rows (migration 0018, after 0016): each process has one row of
``lease_holders`` (its id, the address its commands go to, and until when it is alive:
seconds since the epoch, by the servers' clocks, which an operator keeps in step with NTP
as any cluster needs), and each table it deals one row of ``table_leases`` naming it. A
table's lease is live while its holder's row has not expired.

- **Taking** a table: a command for a table without a live owner reaches a process (one
  upsert that succeeds only where the table's row is absent, its holder expired or gone,
  or already this process, so two processes taking one table at once get one owner).
  However it comes to deal a table (a command, even one refused, or a takeover), the
  process is told (:attr:`Leases.taken`) and arms the table's deadline.
- **Renewing**: every third of ``seconds``, one statement moves the process's own
  ``lease_holders`` row on: one row, however many tables it deals, so an idle table costs
  the database nothing (no row per table rewritten, no scan per table). Only where the
  process finds its own row had expired (it was paused past its lease) does it read which
  tables are still its own.
- **Taking over**: in the same turn one query reads the expired holders (a process that
  died stopped renewing; there are as many rows as processes, and usually none has
  expired: then nothing else is read); for each, its tables with an open round are
  found through ``table_leases``' index by owner, and this process takes each, with its
  open round, from the stored events, and keeps its deadlines by a timer
  (:mod:`croupier.server.timers`); the dead holder's other leases and then its row are
  deleted. At start, the tables with an open round and no live holder at all (rounds
  opened without the bus) are taken as well.
- **Giving up**: a process that stops cleanly (SIGTERM, the app's lifespan ending) gives
  up the leases of its tables with no round open and marks its holder row expired at
  once, in one transaction, and says so on the bus (:meth:`NatsBus.release
  <croupier.server.bus.NatsBus.release>`): every other process runs its take-over turn
  then, not a third of a lease later, so the tables with an open round are taken, with
  their deadlines, within a round trip; with no other process alive the rows wait for the
  next to start, which takes them at its start.

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

from sqlalchemy import bindparam, text
from sqlalchemy.orm import Session
from starlette.responses import JSONResponse

from croupier.server import schemas

CITE = "server:table-owner"
"""The citation of a command sent to a process that does not deal its table."""
MISDIRECTED = 421
"""The HTTP status of such a command: Misdirected Request."""

_REGISTER = text(
    "INSERT INTO lease_holders (owner, address, expires) "
    "VALUES (:owner, :address, :expires) ON CONFLICT (owner) DO UPDATE "
    "SET address = excluded.address, expires = excluded.expires"
)
_RENEW = text(
    "UPDATE lease_holders SET expires = :expires WHERE owner = :owner AND expires >= :now"
)
_ACQUIRE = text(
    "INSERT INTO table_leases (table_id, owner) "
    "SELECT CAST(:table_id AS VARCHAR(100)), CAST(:owner AS VARCHAR(100)) "
    "WHERE EXISTS (SELECT 1 FROM tables WHERE tables.id = :table_id) "
    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner "
    "WHERE table_leases.owner = excluded.owner OR NOT EXISTS (SELECT 1 FROM lease_holders "
    "WHERE lease_holders.owner = table_leases.owner AND lease_holders.expires >= :now)"
)
_ONE_AT_A_TIME = text("SELECT pg_advisory_xact_lock(hashtext(:table_id))")
_HOLDER = text(
    "SELECT table_leases.owner, lease_holders.address FROM table_leases "
    "JOIN lease_holders ON lease_holders.owner = table_leases.owner "
    "WHERE table_leases.table_id = :table_id"
)
_MINE = text("SELECT table_id FROM table_leases WHERE owner = :owner")
_RELEASE = (  # its idle tables' leases given up; its holder row expired at once
    text(
        "DELETE FROM table_leases WHERE owner = :owner AND NOT EXISTS (SELECT 1 FROM rounds "
        "WHERE rounds.table_id = table_leases.table_id AND rounds.status = 'open')"
    ),
    text("UPDATE lease_holders SET expires = 0 WHERE owner = :owner"),
)
_DEALT = text(
    "SELECT table_leases.table_id FROM table_leases "
    "JOIN lease_holders ON lease_holders.owner = table_leases.owner "
    "WHERE lease_holders.expires >= :now"
)
_EXPIRED = text("SELECT owner FROM lease_holders WHERE expires < :now")
_ORPHANED = text(
    "SELECT DISTINCT table_leases.table_id FROM table_leases "
    "JOIN rounds ON rounds.table_id = table_leases.table_id AND rounds.status = 'open' "
    "WHERE table_leases.owner IN :owners"
).bindparams(bindparam("owners", expanding=True))
_FORGET = (  # a dead holder's leases of tables with no round open, then the holder
    text(
        "DELETE FROM table_leases WHERE owner IN :owners AND NOT EXISTS (SELECT 1 FROM "
        "rounds WHERE rounds.table_id = table_leases.table_id AND rounds.status = 'open')"
    ).bindparams(bindparam("owners", expanding=True)),
    text(
        "DELETE FROM lease_holders WHERE owner IN :owners AND NOT EXISTS (SELECT 1 FROM "
        "table_leases WHERE table_leases.owner = lease_holders.owner)"
    ).bindparams(bindparam("owners", expanding=True)),
)
_ORPHANS_AT_START = text(
    "SELECT DISTINCT rounds.table_id FROM rounds "
    "LEFT JOIN table_leases ON table_leases.table_id = rounds.table_id "
    "LEFT JOIN lease_holders ON lease_holders.owner = table_leases.owner "
    "WHERE rounds.status = 'open' "
    "AND (lease_holders.owner IS NULL OR lease_holders.expires < :now)"
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
        self._owned: set[str] = set()
        """The tables this process owns while its holder row is alive."""
        self._until = 0.0
        """Until when this process's ``lease_holders`` row holds (0: not written yet)."""
        self._lock = threading.Lock()
        self.taken: list[Callable[[str], object]] = []
        """Told each table this process comes to deal (its lease taken by a command or a
        takeover, not renewed): the deadline timers, which arm its open round's deadline,
        however the lease was taken."""

    def owns(self, table_id: str) -> bool:
        """Whether this process holds a live lease on ``table_id`` (no database read)."""
        with self._lock:
            return table_id in self._owned and self._until > self.clock()

    def deals(self, table_id: str) -> bool:
        """Whether this process deals ``table_id``: it took its lease and has not learnt
        of another taking it (at a renewal), even where its own lease has lapsed
        meanwhile (a renewal turn late) and the table may be taken at any moment. The
        timers keep such a table's deadlines: a deadline dropped in that spell would be
        timed by no one, where one kept twice is applied once (the database checks
        the round's version)."""
        with self._lock:
            return table_id in self._owned

    @property
    def owned(self) -> list[str]:
        """The tables this process holds live leases on."""
        with self._lock:
            return sorted(self._owned) if self._until > self.clock() else []

    def _register(self, session: Session, now: float) -> float:
        expires = now + self.seconds
        session.execute(
            _REGISTER, {"owner": self.owner, "address": self.address, "expires": expires}
        )
        return expires

    def owner_of(self, table_id: str) -> str | None:
        """``None`` where this process deals ``table_id`` (taking its lease if nobody
        holds a live one) or there is no such table, else the address of the process
        that does."""
        if self.owns(table_id):
            return None
        now = self.clock()
        with self.sessions() as session:
            until = self._until
            if until <= now:  # alive first, as others see it, then the table
                until = self._register(session, now)
                session.commit()
            if session.get_bind().dialect.name == "postgresql":
                # One taker of a table at a time, each statement after it seeing what the
                # one before committed (its holder row above all).
                session.execute(_ONE_AT_A_TIME, {"table_id": table_id})
            parameters = {"table_id": table_id, "owner": self.owner, "now": now}
            session.execute(_ACQUIRE, parameters)
            holder = session.execute(_HOLDER, {"table_id": table_id}).one_or_none()
            session.commit()
        ours = holder is not None and holder.owner == self.owner
        with self._lock:
            self._until = max(self._until, until)
            new = ours and table_id not in self._owned
            if ours:
                self._owned.add(table_id)
        if new:
            for listener in self.taken:
                listener(table_id)
        if holder is None or ours:  # no such table, or ours
            return None
        return str(holder.address)

    def renew(self) -> list[str]:
        """Renew this process's leases (one statement, one row, whatever their number);
        returns the tables it found it no longer holds (taken over after it failed to
        renew in time)."""
        now = self.clock()
        expires = now + self.seconds
        parameters = {"expires": expires, "owner": self.owner, "now": now}
        with self.sessions() as session:
            alive = session.execute(_RENEW, parameters).rowcount == 1  # type: ignore[attr-defined]
            mine = None
            if not alive:  # expired (paused past its lease) or never written: what is left
                self._register(session, now)
                mine = {row[0] for row in session.execute(_MINE, {"owner": self.owner})}
            session.commit()
        with self._lock:
            self._until = expires
            if mine is None:
                return []
            lost = sorted(self._owned - mine)
            self._owned = mine
        return lost

    def take_over(self, at_start: bool = False) -> list[str]:
        """Take the lease of every table with an open round whose holder has expired (its
        owner died or stopped), and ``at_start`` of those with no holder at all; returns
        the tables taken, whose deadlines are now this process's to keep. Where no holder
        has expired (the usual turn) this reads the few ``lease_holders`` rows and
        nothing else; the dead holders' other leases (tables with no round open) and then
        the holders themselves are forgotten, so that they are not read again."""
        now = self.clock()
        with self.sessions() as session:
            if at_start:
                orphans = [row[0] for row in session.execute(_ORPHANS_AT_START, {"now": now})]
            else:
                dead = [row[0] for row in session.execute(_EXPIRED, {"now": now})]
                if not dead:
                    return []
                orphans = [row[0] for row in session.execute(_ORPHANED, {"owners": dead})]
        taken = [table_id for table_id in orphans if self.owner_of(table_id) is None]
        if not at_start:
            with self.sessions() as session:
                for statement in _FORGET:
                    session.execute(statement, {"owners": dead})
                session.commit()
        return taken

    def release(self) -> None:
        """Give up every lease this process holds (a clean stop: no one waits for them
        to expire): the tables with no round open are free at once, those with one are
        taken at another process's next take-over turn (:meth:`take_over`)."""
        with self.sessions() as session:
            for statement in _RELEASE:
                session.execute(statement, {"owner": self.owner})
            session.commit()
        with self._lock:
            self._owned.clear()
            self._until = 0.0


# --- the answer at a process that does not deal the table --------------------------------
def dealt(session: Session, now: float) -> set[str]:
    """The tables a live process deals at ``now`` (seconds since the epoch): those whose
    lease's holder has not expired. A process starting beside others (``croupier serve
    --bus``) leaves their rounds alone: they are in play, not interrupted."""
    return {row[0] for row in session.execute(_DEALT, {"now": now})}


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
