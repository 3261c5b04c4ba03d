"""WebSocket fan-out of table views: ``GET /tables/{table_id}/ws``.

Protocol (the browser client is written against it): the bearer token comes as the
subprotocols ``croupier.bearer, TOKEN`` (the server accepts with ``croupier.bearer``;
the token never appears in a URL, so in no log), or as the ``token`` query parameter
(``croupier serve`` writes ``token=***`` for it in its log). The server accepts every
socket, then closes one with a missing or unknown token with code 4401 and one for an
unknown table with 4404, each with a reason in words (issue #34: closed before accepting,
a socket is an HTTP 403 to a browser, which reads neither code nor reason and cannot tell
a session that ended from a server that is down); otherwise it sends
``{"type": "view", "data": VIEW}`` at once and after every change at the table, where
``VIEW`` is exactly what ``GET /tables/{table_id}/view`` returns for the token's holder
(their seat's view, the dealer's, or a spectator's), and, after a view, ``{"type":
"notice", "text": SENTENCE}`` for something said to the player alone (the floor freed
his seat: :meth:`~croupier.server.notices.Notices.tell`). Anything the client sends is
ignored.

Limits (:class:`SocketLimits`, ``create_app(socket_limits=...)``, ``croupier serve
--sockets-per-player --sockets-per-table``): a player (one bearer token: a player has
exactly one) may keep at most ``per_player`` sockets open in a process, a table at most
``per_table``; one more is accepted and at once closed with code 4429 and a sentence
saying which limit it met. Each server process counts its own sockets.

What a socket costs the database (issue #38: 150 sockets of one token held SQLite's one
connection so long that a plain view took over 30 s): nothing while it waits (an asyncio
event, no thread, no connection). Its reads, when a change or the poll wakes it, run in
at most ``SocketLimits.connections`` threads of the process at once, whatever the number
of sockets (every socket waits its turn on the event loop, the app's own thread pool and
the requests are left alone); the table's signature is read once for all of its sockets
(:meth:`Hub._poll`) and each viewer's view once per change for all of his sockets.

How changes are found where they are pushed (issue #33, :mod:`croupier.server.scaleout`:
the embedded server, or a bus between processes; ``poll_seconds`` is ``None``): a
command, a seat taken or a timeout in this process wakes the table's sockets at once
(:meth:`Hub.changed`), a change another process committed when the bus tells of it
(:meth:`Hub.heard`, :mod:`croupier.server.bus`); nothing else, so an idle watched table
costs no database read; its deadlines are the owner's timers. Which sockets a change
wakes is :mod:`croupier.server.notices` (the hub's base); this module serves them.

Otherwise (``poll_seconds`` set, the default of ``create_app``; processes sharing a
database without a bus): a change in this process wakes the table's sockets at once;
every socket also polls its table's
signature (the event count of its hash chain and the number of seats taken) every
``poll_seconds``, which finds changes made by other server processes on the same
database (PostgreSQL or SQLite alike) within that time. The poll also enforces the
table's deadlines (:func:`croupier.server.driver.expire`), so a watched table times out
without waiting for a request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from anyio import CapacityLimiter, to_thread
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from croupier.errors import CroupierError
from croupier.ledger import repository as repo
from croupier.ledger.cache import Written
from croupier.ledger.models import GameTable, Player, Seat
from croupier.rng import Rng
from croupier.server import driver, service
from croupier.server.live import Shown
from croupier.server.notices import Notices, Watcher

BEARER_PROTOCOL = "croupier.bearer"
"""The subprotocol that says the next one offered is the bearer token."""
UNAUTHORIZED = 4401
"""Close code: no token, or one that belongs to nobody."""
SIGNED_OUT = "your session has ended or its token is unknown: sign in again"
"""The reason a socket closed with :data:`UNAUTHORIZED` gives (at most 123 bytes)."""
NOT_FOUND = 4404
"""Close code: no such table."""
TOO_MANY = 4429
"""Close code: the player's or the table's limit of open sockets is reached."""


@dataclass(frozen=True)
class SocketLimits:
    """The sockets one process keeps open: at most ``per_player`` for one player (one
    bearer token), at most ``per_table`` at one table; the database reads of all of them
    in at most ``connections`` threads at once (each holds a connection of the pool while
    it reads). Raises ``ValueError`` for a limit below 1."""

    per_player: int = 16
    per_table: int = 256
    connections: int = 1

    def __post_init__(self) -> None:
        for name in ("per_player", "per_table", "connections"):
            if getattr(self, name) < 1:
                raise ValueError(
                    f"a socket limit must be at least 1: {name} is {getattr(self, name)}"
                )


def _reason(text: str) -> str:
    """``text`` cut to the 123 bytes a WebSocket close reason may hold."""
    data = text.encode()
    return text if len(data) <= 123 else data[:120].decode(errors="ignore") + "..."


class Hub(Notices):
    """How the sockets of this process are served (each registered with, and woken by,
    :class:`~croupier.server.notices.Notices`, its base).

    ``sessions`` opens a database session; ``rng`` and ``clock`` are the app's (the
    clock gives aware UTC datetimes) for the deadlines the poll enforces; ``limits`` the
    sockets it keeps open and the connections their reads take.
    """

    def __init__(
        self,
        sessions: Callable[[], Session],
        rng: Rng,
        clock: Callable[[], datetime],
        poll_seconds: float | None = 0.25,
        limits: SocketLimits | None = None,
        admit: Callable[[Session, Player], None] | None = None,
        trusted: Callable[[Player], bool] | None = None,
    ) -> None:
        super().__init__()
        self.sessions = sessions
        self.admit = admit
        """Refuses (:class:`~croupier.errors.CroupierError`) a player whose session has
        ended or gone idle (the server's :class:`~croupier.server.gate.Gate`): his socket
        is closed as an unknown token's is."""
        self.trusted = trusted
        """Whether ``admit`` would pass the player with no read (the gate's
        :meth:`~croupier.server.gate.Gate.trusted`): a socket woken then opens no
        session to ask."""
        self.rng = rng
        self.clock = clock
        self.poll_seconds = poll_seconds
        self.limits = limits or SocketLimits()
        self._reading = threading.BoundedSemaphore(self.limits.connections)
        """Held by a socket's thread while it reads the database."""
        self._limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter]
        self._limiters = weakref.WeakKeyDictionary()
        """Per event loop, the threads its sockets' reads may take at once (the sockets
        wait for one on the loop, not in a thread)."""

    def expire(self, table_id: str) -> bool:
        """Apply the timeouts due at ``table_id``; wake its sockets if any was applied,
        telling each change with what it wrote (:meth:`changed`)."""
        notes: list[Written] = []
        done = driver.expire(self.sessions, table_id, self.rng, self.clock(), notes)
        for note in notes if len(notes) == len(done) else [None]:
            self.changed(table_id, note)
        return bool(done)

    async def sweep(self, seconds: float) -> None:
        """Every ``seconds``, until cancelled: apply the timeouts due at every table with
        an open round whose deadline has passed, watched or not (a table nobody looks at
        still closes its betting and times its decisions out)."""
        while True:
            await asyncio.sleep(seconds)
            try:
                for table_id in await to_thread.run_sync(self._due_tables):
                    await to_thread.run_sync(self.expire, table_id)
            except Exception:  # a failed sweep is logged and tried again at the next one
                logging.getLogger(__name__).exception("applying the deadlines due failed")

    def _due_tables(self) -> list[str]:
        with self.sessions() as session:
            return driver.due_tables(session, self.clock())

    # -- one socket -----------------------------------------------------------------------
    def _caller(self, token: str, table_id: str) -> tuple[Player | None, bool]:
        with self.sessions() as session:
            player = repo.player_by_token(session, token) if token else None
            if player is not None and self.admit is not None:
                try:
                    self.admit(session, player)
                    session.commit()
                except CroupierError:
                    player = None  # signed out or idle: no view, as for no token
            exists = session.get(GameTable, table_id) is not None
            return player, exists  # closing the session detaches the player (only read)

    def _caller_read(self, token: str, table_id: str) -> tuple[Player | None, bool]:
        with self._reading:
            return self._caller(token, table_id)

    def signature(self, table_id: str) -> tuple[int, int]:
        """``table_id``'s signature as stored: (events in its chain, seats taken)."""
        with self.sessions() as session:
            return self._signature(session, table_id)

    def _signature(self, session: Session, table_id: str) -> tuple[int, int]:
        events = session.scalar(select(GameTable.event_count).where(GameTable.id == table_id))
        seats = session.scalar(
            select(func.count()).select_from(Seat).where(Seat.table_id == table_id)
        )
        return int(events or 0), int(seats or 0)

    def _poll(self, table_id: str) -> tuple[tuple[int, int], bool]:
        """The table's signature and whether a deadline has passed, read at most once per
        half poll interval for all of the table's sockets."""
        with self._lock:
            polled = self._polled.get(table_id)
            changes = self._changes.get(table_id, 0)
        if polled is not None and (
            self.poll_seconds is None  # no poll: kept until a change is told
            or time.monotonic() - polled[0] < self.poll_seconds / 2
        ):
            return polled[1], polled[2]
        with self.sessions() as session:
            overdue = driver.due(session, table_id, self.clock())
            signature = self._signature(session, table_id)
        with self._lock:
            # Read before a change that was told meanwhile: not kept for the other sockets,
            # which the change woke and which would take it for the table after it.
            if self._changes.get(table_id, 0) == changes:
                self._polled[table_id] = (time.monotonic(), signature, overdue)
        return signature, overdue

    def _admitted_snapshot(
        self, player: Player, table_id: str, last: Any
    ) -> tuple[Any, dict[str, Any] | None] | None:
        """:meth:`_snapshot`, or ``None`` where the player's session has ended since the
        socket opened: signed out in another process, or idle past the limit (GLI-19
        2.5.4; the gate's check, which costs no query within ``gate.TOUCH`` of its last
        read), so that no view is sent after it."""
        if self.admit is not None and not (self.trusted is not None and self.trusted(player)):
            with self._reading, self.sessions() as session:
                try:
                    self.admit(session, player)
                except CroupierError:
                    return None
                session.commit()
        return self._snapshot(player, table_id, last)

    def _snapshot(
        self, player: Player, table_id: str, last: Any
    ) -> tuple[Any, dict[str, Any] | None]:
        """The table's signature (where changes are pushed: what the view shows,
        :data:`~croupier.server.live.Shown`), and the caller's view when it differs from
        ``last``;
        a deadline that has passed is applied first. At most
        ``SocketLimits.connections`` threads read at once; a view read for another socket
        of the same player at the same signature is used again."""
        if self.poll_seconds is None:
            return self._pushed(player, table_id, last)
        with self._reading:
            signature, overdue = self._poll(table_id)
            if overdue:
                self.expire(table_id)
                with self._lock:
                    self._polled.pop(table_id, None)
            elif signature == last:
                return signature, None
            else:
                with self._lock:
                    cached = self._views.get((table_id, player.id))
                if cached is not None and cached[0] == signature:
                    return cached
            with self.sessions() as session:
                signature = self._signature(session, table_id)
                if signature == last:
                    return signature, None
                seen = service.view(session, player, table_id, self.clock()).model_dump(mode="json")
            with self._lock:
                self._views[(table_id, player.id)] = (signature, seen)
            return signature, seen

    def _pushed(
        self, player: Player, table_id: str, last: Shown | None
    ) -> tuple[Shown, dict[str, Any] | None]:
        """:meth:`_snapshot` where changes are pushed (no poll): the deadlines are the
        owner's timers (:mod:`croupier.server.timers`), and a socket is woken only by a
        change, so its viewer's view is built at once from the table kept in memory
        (:class:`~croupier.server.live.LiveTables`: the database is read, in one
        snapshot, only to catch up), and sent where what it shows differs from ``last``:
        the signature of the table it was built from, the viewer's balance or what he
        may send (a deposit, a rules filing: changes no event says). A view built for
        another socket of the same player since the table's last change is used again."""
        key = (table_id, player.id)
        with self._lock:
            cached = self._views.get(key)
            changes = self._changes.get(table_id, 0)
        if cached is None:
            cached = self.live.view(player, table_id, self.clock(), self._snapshot_session)
            if cached[0] == last:
                return last, None
            with self._lock:  # kept for his other sockets unless a change came meanwhile
                if self._changes.get(table_id, 0) == changes:
                    self._views[key] = cached
        signature, seen = cached
        return signature, (None if signature == last else seen)

    @contextlib.contextmanager
    def _snapshot_session(self) -> Iterator[Session]:
        """A session that reads one snapshot of the database (PostgreSQL: a repeatable-read
        transaction; under read committed a change committed meanwhile would be shown,
        then shown again when its notice wakes the socket), in one of the reading
        threads."""
        with self._reading, self.sessions() as session:
            if session.get_bind().dialect.name == "postgresql":
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield session

    def _limiter(self) -> CapacityLimiter:
        """This event loop's limit on the threads its sockets' reads take at once."""
        loop = asyncio.get_running_loop()
        with self._lock:
            limiter = self._limiters.get(loop)
            if limiter is None:
                limiter = self._limiters[loop] = CapacityLimiter(self.limits.connections)
            return limiter

    def _admit(self, watcher: Watcher, table_id: str) -> str | None:
        """Count ``watcher``'s socket at ``table_id``, or say (a sentence) which limit
        refuses it."""
        with self._lock:
            mine = len(self._by_player.get(watcher.player_id, ()))
            here = len(self._watchers.get(table_id, ()))
            if mine >= self.limits.per_player:
                return (
                    f"you already have {mine} live table views open, the most allowed: "
                    "close one to open another"
                )
            if here >= self.limits.per_table:
                return (
                    f"table {table_id} already has {here} live views open, the most "
                    "allowed: try again later"
                )
            self._by_player.setdefault(watcher.player_id, set()).add(watcher)
            self._watchers.setdefault(table_id, set()).add(watcher)
            return None

    async def _accepted(
        self,
        websocket: WebSocket,
        table_id: str,
        token: str,
        subprotocol: str | None,
        limiter: CapacityLimiter,
    ) -> tuple[Player, Watcher] | None:
        """Accept the socket, then admit its caller and his watcher; ``None`` where it was
        closed instead (signed out, no such table, too many sockets), with why."""
        player, exists = await to_thread.run_sync(
            self._caller_read, token, table_id, limiter=limiter
        )
        # Accepted first, so that the client reads the close code and its reason.
        await websocket.accept(subprotocol=subprotocol)
        if player is None:
            await websocket.close(code=UNAUTHORIZED, reason=SIGNED_OUT)
            return None
        if not exists:
            await websocket.close(code=NOT_FOUND, reason=_reason(f"there is no table {table_id!r}"))
            return None
        watcher = Watcher(asyncio.get_running_loop(), player.id, table_id)
        refused = self._admit(watcher, table_id)
        if refused is not None:  # accepted first, so that the client reads why
            await websocket.close(code=TOO_MANY, reason=_reason(refused))
            return None
        return player, watcher

    async def serve(
        self, websocket: WebSocket, table_id: str, token: str, subprotocol: str | None = None
    ) -> None:
        """Serve one socket until the client goes away (see the module docstring),
        accepting it with ``subprotocol`` (:data:`BEARER_PROTOCOL` where the token came
        as a subprotocol)."""
        limiter = self._limiter()
        admitted = await self._accepted(websocket, table_id, token, subprotocol, limiter)
        if admitted is None:
            return
        player, watcher = admitted
        gone = asyncio.Event()

        async def drain() -> None:
            try:
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        break
            except (WebSocketDisconnect, RuntimeError):
                pass
            finally:
                gone.set()
                watcher.wake.set()

        reader = asyncio.create_task(drain())
        last: Any = None
        try:
            while not gone.is_set():
                watcher.wake.clear()
                if watcher.ended:
                    await websocket.close(code=UNAUTHORIZED, reason=SIGNED_OUT)
                    break
                seen = await to_thread.run_sync(
                    self._admitted_snapshot, player, table_id, last, limiter=limiter
                )
                if seen is None:
                    await websocket.close(code=UNAUTHORIZED, reason=SIGNED_OUT)
                    break
                last, view = seen
                if view is not None:
                    if websocket.application_state is not WebSocketState.CONNECTED:
                        break
                    await websocket.send_json({"type": "view", "data": view})
                while watcher.notes:  # after the view, which shows what it says
                    await websocket.send_json({"type": "notice", "text": watcher.notes.pop(0)})
                if self.poll_seconds is None:  # woken by a change, nothing else
                    await watcher.wake.wait()
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(watcher.wake.wait(), self.poll_seconds)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            reader.cancel()
            self._release(watcher, table_id)
