"""The event log as the outbox, NATS JetStream as the bus that carries it (issue #33).

Several server processes (on one machine or many) share one PostgreSQL database. Each
commits its own commands (:mod:`croupier.server.writer`); once a change at a table is
committed, :meth:`NatsBus.publish` sends its table's *signature* to JetStream on the
subject ``croupier.tables.TABLE``: ``{"seq": N, "seats": S}``, where ``N`` is the number
of events in the table's hash chain (the ``seq`` the next event will take: every event
below it is stored) and ``S`` the seats taken. A command's notice is ``{"seq": N}``, the
count its own write left (:class:`croupier.ledger.cache.Written`), read from nothing: a
command takes or leaves no seat. It also carries, under ``"live"``, what the command wrote
(:func:`croupier.server.live.payload`: its events with their sequence numbers, the round
after them, its deadline, the wallets it moved, the seal it announced); a timeout applied
is told the same way (:meth:`~croupier.server.fanout.Hub.expire`). Any other change (a
seat) has its signature read after the commit. Every process subscribes to
``croupier.tables.>`` and hands what it hears to its :class:`~croupier.server.fanout.Hub`
(:meth:`~croupier.server.fanout.Hub.heard`), which applies it to the table it keeps in
memory (:mod:`croupier.server.live`) and wakes the sockets watching that table and only
those; each socket then builds its viewer's view from memory, reading the stored events
only where a notice does not follow on (a gap). No process polls the database for
changes: an idle watched table costs nothing.

Order and duplicates. One stream keeps each table's messages in the order they were
published; two commands committed together may be published in either order. A message
with the signature the hub already knows, or an earlier ``seq`` and the seats it knows (a
duplicate, a redelivery, a message overtaken by a later one), wakes nothing
(:meth:`~croupier.server.fanout.Hub.heard`). (JetStream's own ``Nats-Msg-Id``
de-duplication is not used: a seat taken, left and taken again gives the same signature
twice, both news.) A socket sends a view only when the signature it reads differs from
the one it sent last, so nothing is shown twice.

Catching up. The messages are notices; the stored events are the truth. When this
process falls behind (the client drops notices it cannot take in time: a slow consumer)
or the connection to the bus is lost and made again (a restarted ``nats-server``, a network
partition), the subscription is made anew and every socket of the process reads its
table from the database once (:meth:`~croupier.server.fanout.Hub.catch_up`: every table
kept is marked behind), from the sequence number it kept on: whatever was committed
meanwhile is sent, nothing that was sent already. A change this
process committed while the bus was down is published again after the reconnect.

Changes no event at a table says (a deposit or withdrawal to the cashier, a Rules
Submission filed, a table disabled) go as plain NATS messages on :data:`REFRESHED`
(:meth:`NatsBus.refresh`): each other process forgets the balance or the table it keeps
and wakes the sockets concerned (:meth:`~croupier.server.fanout.Hub.moved`,
:meth:`~croupier.server.fanout.Hub.refreshed`).

The embedded server (SQLite, one process, no ``--bus``) needs none of this: the hub wakes
its own sockets (:meth:`~croupier.server.fanout.Hub.changed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import threading
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js import JetStreamContext, api

from croupier.ledger.cache import Written
from croupier.server.fanout import Hub
from croupier.server.live import payload

Signature = tuple[int, int]
"""A table's state as far as its sockets care: (events in its chain, seats taken)."""
Notice = tuple[int, int | None]
"""What a message says: a :data:`Signature`, or a command's (events in its chain, ``None``)."""

STREAM = "CROUPIER_TABLES"
"""The JetStream stream that carries the tables' notices."""
PREFIX = "croupier.tables"
"""Each table's subject is ``PREFIX.TABLE``."""
RELEASED = "croupier.leases.released"
"""The subject (plain NATS, not the stream) on which a process stopping cleanly says it
gave its leases up (its id): :meth:`NatsBus.release`."""
REFRESHED = "croupier.refreshed"
"""The subject (plain NATS, not the stream) of the changes no event at a table says:
``{"from": PROCESS, "wallet": PLAYER}`` (a deposit, a withdrawal) or ``{"from": PROCESS,
"table": TABLE}`` (a Rules Submission filed, a table disabled) or ``{"from": PROCESS,
"all": true}`` (a game or a paytable disabled, a self-check: what every table offers):
:meth:`NatsBus.refresh`; the command line says the same with :func:`tell`. One lost
while the connection is down is made good by the catch-up after it (every table kept is
read again, with its viewers' balances)."""
_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

log = logging.getLogger(__name__)


class BusUnavailable(RuntimeError):
    """The bus named at start cannot be reached (the server does not start without it)."""


def subject(table_id: str) -> str:
    """The subject of ``table_id`` (a table id is letters, digits, ``_`` and ``-``,
    :class:`~croupier.server.schemas.TableCreate`); raises ``ValueError`` for another."""
    if not _SAFE.match(table_id):
        raise ValueError(f"a table id is 1 to 64 letters, digits, _ or -, not {table_id!r}")
    return f"{PREFIX}.{table_id}"


class NatsBus:
    """A connection to the NATS server at ``url`` (``nats://HOST:PORT``, JetStream on),
    run on a thread and event loop of its own so that any thread may publish.

    ``signature(table_id)`` reads a table's :data:`Signature` from the database (run in a
    thread of the bus's own); ``keep_seconds`` how long the stream keeps a notice (it
    keeps each table's latest only: the stored events keep everything for ever).
    Counters for the benchmark and the tests: ``published``, ``heard``, ``reconnects``."""

    def __init__(
        self,
        url: str,
        signature: Callable[[str], Signature],
        *,
        keep_seconds: float = 3600.0,
        connect_seconds: float = 5.0,
    ) -> None:
        self.url = url
        self.signature = signature
        self.keep_seconds = keep_seconds
        self.connect_seconds = connect_seconds
        self.published = 0
        self.heard = 0
        self.reconnects = 0
        self.listeners: list[Callable[[str], Any]] = []
        """Told the table of every notice heard that was news (the owner's deadline
        timers: a seat left at another process may have ended a wait)."""
        self.released: list[Callable[[str], Any]] = []
        """Told the id of every other process that says it gave its leases up
        (:meth:`release`): the take-over turn, run at once."""
        self.origin = uuid.uuid4().hex
        """This connection's id in what it says on :data:`REFRESHED` (its own ignored)."""
        self._hub: Hub | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="croupier-bus")
        self._thread.daemon = True
        self._reads = ThreadPoolExecutor(1, thread_name_prefix="croupier-bus-read")
        self._queue: asyncio.Queue[tuple[str, Written | None] | None] | None = None
        self._unsent: set[str] = set()
        self._nc: Client | None = None
        self._js: JetStreamContext | None = None
        self._sub: Any = None
        self._sender: asyncio.Task[None] | None = None

    # -- start and stop ------------------------------------------------------------------
    def attach(self, hub: Hub) -> None:
        """Connect, make sure the stream exists, subscribe, and hand every notice heard to
        ``hub``; every change ``hub`` is told of is published from now on. Raises
        :class:`BusUnavailable` if the server cannot be reached in ``connect_seconds``."""
        self._hub = hub
        self._thread.start()
        started = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            started.result(self.connect_seconds + 5)
        except Exception as error:
            self.close()
            raise BusUnavailable(
                f"the message bus at {self.url} cannot be reached: {error or type(error).__name__}"
            ) from error
        hub.listeners.append(self.publish)
        hub.refreshers.append(self.refresh)

    async def _start(self) -> None:
        self._queue = asyncio.Queue()
        self._nc = await nats.connect(
            self.url,
            connect_timeout=self.connect_seconds,
            allow_reconnect=True,
            max_reconnect_attempts=-1,
            reconnect_time_wait=0.1,
            reconnected_cb=self._reconnected,
            error_cb=self._error,
        )
        self._js = self._nc.jetstream()
        await self._nc.subscribe(RELEASED, cb=self._on_released)  # kept across reconnects
        await self._nc.subscribe(REFRESHED, cb=self._on_refreshed)
        await self._subscribe()
        self._sender = asyncio.create_task(self._send())

    async def _subscribe(self) -> None:
        assert self._js is not None
        config = api.StreamConfig(
            name=STREAM,
            subjects=[f"{PREFIX}.>"],
            storage=api.StorageType.FILE,
            max_age=self.keep_seconds,
            max_msgs_per_subject=1,  # a table's latest notice says all an earlier one did
        )
        try:
            await self._js.add_stream(config)
        except nats.js.errors.BadRequestError:  # there already, made by another process
            await self._js.update_stream(config)
        if self._sub is not None:
            with contextlib.suppress(Exception):
                await self._sub.unsubscribe()
        self._sub = await self._js.subscribe(
            f"{PREFIX}.>",
            cb=self._on_message,
            ordered_consumer=True,
            deliver_policy=api.DeliverPolicy.NEW,
        )

    async def _error(self, error: Exception) -> None:
        log.warning("message bus %s: %s", self.url, error)
        if isinstance(error, nats.errors.SlowConsumerError) and self._hub is not None:
            self._hub.catch_up()  # notices were dropped: read what was missed

    async def _reconnected(self) -> None:
        """The connection is back: subscribe anew, publish what could not be sent, and
        let every socket read what it missed from the stored events."""
        self.reconnects += 1
        try:
            await self._subscribe()
        except Exception:
            log.exception("subscribing again to the message bus failed")
        assert self._queue is not None
        for table_id in sorted(self._unsent):
            self._queue.put_nowait((table_id, None))  # read: the latest since
        self._unsent.clear()
        if self._hub is not None:
            self._hub.catch_up()

    def close(self) -> None:
        """Stop publishing, drain the connection, stop the bus's thread."""
        if self._hub is not None and self.publish in self._hub.listeners:
            self._hub.listeners.remove(self.publish)
        if self._hub is not None and self.refresh in self._hub.refreshers:
            self._hub.refreshers.remove(self.refresh)
        if self._thread.is_alive():
            stopping = asyncio.run_coroutine_threadsafe(self._stop(), self._loop)
            with contextlib.suppress(Exception):
                stopping.result(5)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
        self._reads.shutdown(wait=False)

    async def _stop(self) -> None:
        if self._queue is not None and self._sender is not None:
            self._queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._sender, 2)
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.close()
        rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in rest:  # the client's own (heartbeat checks of the subscription)
            task.cancel()
        await asyncio.gather(*rest, return_exceptions=True)

    # -- publishing ----------------------------------------------------------------------
    def publish(self, table_id: str, written: Written | None = None) -> None:
        """A change at ``table_id`` is committed: publish its signature, the events
        ``written`` says a command left there, else read (thread-safe; does not wait)."""
        queue = self._queue
        if queue is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
                self._loop.call_soon_threadsafe(queue.put_nowait, (table_id, written))

    async def _send(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            item = await self._queue.get()
            if item is None:
                return
            table_id, written = item
            try:
                notice: Notice
                if written is None or written.seq is None:
                    notice = await loop.run_in_executor(self._reads, self.signature, table_id)
                else:  # a command's, from its own write
                    notice = (written.seq, None)
                if self._hub is not None:  # this process's sockets were woken already
                    self._hub.heard(table_id, notice, wake=False)
                await self._publish(table_id, notice, payload(written))
            except Exception as error:  # the bus is down: sent again once it is back
                self._unsent.add(table_id)
                log.warning("publishing a change at %s failed: %s", table_id, error)

    async def _publish(
        self, table_id: str, notice: Notice, events: dict[str, Any] | None = None
    ) -> None:
        assert self._js is not None
        seq, seats = notice
        body: dict[str, Any] = {"seq": seq} if seats is None else {"seq": seq, "seats": seats}
        if events is not None:  # what the command wrote: shown with no read (live.py)
            body["live"] = events
        await self._js.publish(subject(table_id), json.dumps(body).encode(), timeout=2.0)
        self.published += 1

    def refresh(self, kind: str, key: str) -> None:
        """Tell the other processes of a change no event at a table says: ``kind``
        ``"wallet"`` (``key`` the player), ``"table"`` or ``"all"`` (every table; ``key``
        unused) (thread-safe; does not wait)."""
        if not self._thread.is_alive():
            return
        body = said(self.origin, kind, key)
        with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
            self._loop.call_soon_threadsafe(self._loop.create_task, self._say(REFRESHED, body))

    async def _say(self, subject_: str, body: bytes) -> None:
        if self._nc is None:
            return
        try:
            await self._nc.publish(subject_, body)
        except Exception as error:  # the catch-up after the reconnect makes it good
            log.warning("saying %s failed: %s", body.decode(errors="replace"), error)

    async def _on_refreshed(self, message: Msg) -> None:
        try:
            data = json.loads(message.data)
            origin, wallet, table = data.get("from"), data.get("wallet"), data.get("table")
            every = data.get("all") is True
        except (ValueError, AttributeError):
            log.warning("a message on %s that says no change: ignored", message.subject)
            return
        if self._hub is None or origin == self.origin:
            return
        if isinstance(wallet, str):
            self._hub.moved(wallet, tell=False)
        if isinstance(table, str):
            self._hub.refreshed(table, tell=False)
        if every:
            self._hub.refreshed_all(tell=False)

    def release(self, owner: str) -> None:
        """Say that the process ``owner`` gave its leases up (a clean stop), so that the
        others take its tables over at once; waits at most 2 s, and a bus that is away
        leaves them to their next take-over turn."""
        if not self._thread.is_alive() or self._nc is None:
            return
        saying = asyncio.run_coroutine_threadsafe(self._say_released(owner), self._loop)
        try:
            saying.result(2)
        except Exception as error:
            log.warning("saying the leases of %s were given up failed: %s", owner, error)

    async def _say_released(self, owner: str) -> None:
        assert self._nc is not None
        await self._nc.publish(RELEASED, owner.encode())
        await self._nc.flush(timeout=2)

    async def _on_released(self, message: Msg) -> None:
        for listener in self.released:
            listener(message.data.decode(errors="replace"))

    # -- hearing -------------------------------------------------------------------------
    async def _on_message(self, message: Msg) -> None:
        table_id = message.subject.removeprefix(PREFIX + ".")
        try:
            data = json.loads(message.data)
            seats = data.get("seats")
            notice: Notice = (int(data["seq"]), None if seats is None else int(seats))
            events = data.get("live") if isinstance(data.get("live"), dict) else None
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("a message on %s that is no table's signature: ignored", message.subject)
            return
        self.heard += 1
        if self._hub is not None and self._hub.heard(table_id, notice, notice=events):
            for listener in self.listeners:
                listener(table_id)


def said(origin: str, kind: str, key: str) -> bytes:
    """The body of a message on :data:`REFRESHED` from ``origin``: ``kind`` ``"wallet"``
    or ``"table"`` with ``key`` (the player, the table), or ``"all"`` (every table)."""
    value: Any = True if kind == "all" else key
    return json.dumps({"from": origin, kind: value}).encode()


def tell(url: str, changes: Sequence[tuple[str, str]], seconds: float = 5.0) -> None:
    """Say each of ``changes`` (``(kind, key)`` as :meth:`NatsBus.refresh` takes them) on
    :data:`REFRESHED` of the NATS server at ``url``, from a process with no hub (the
    command line, after its commit): every server process on the bus wakes the sockets
    concerned at once. Waits until the server has them (at most ``seconds``); raises
    :class:`BusUnavailable` where it cannot be reached."""
    try:
        asyncio.run(asyncio.wait_for(_tell(url, changes, seconds), seconds * 2))
    except Exception as error:
        raise BusUnavailable(
            f"the message bus at {url} cannot be reached: {error or type(error).__name__}"
        ) from error


async def _tell(url: str, changes: Sequence[tuple[str, str]], seconds: float) -> None:
    origin = f"command-line-{uuid.uuid4().hex}"
    nc = await nats.connect(  # one try (nats-py tries again for ever with 0 attempts)
        url,
        connect_timeout=seconds,
        allow_reconnect=False,
        max_reconnect_attempts=1,
        reconnect_time_wait=0.1,
        error_cb=_quiet,
    )
    try:
        for kind, key in changes:
            await nc.publish(REFRESHED, said(origin, kind, key))
        await nc.flush(timeout=max(1, round(seconds)))
    finally:
        await nc.close()


async def _quiet(error: Exception) -> None:
    """The command line's connection's errors: :func:`tell` says the one that counts."""
