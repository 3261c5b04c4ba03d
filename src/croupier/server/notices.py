"""How the changes a server process commits or hears of reach its sockets (issue #33):
:class:`Notices`, the base of :class:`croupier.server.fanout.Hub`, keeps the process's
sockets by table and by player (the hub registers each as it serves it) and wakes those a
change concerns, with no database read:

- a change this process committed at a table (:meth:`Notices.changed`: a command, a seat
  taken, a timeout), applied to the table kept in memory
  (:class:`~croupier.server.live.LiveTables`) from what it wrote and told to the
  listeners (the bus that publishes it, the owner's deadline timers);
- a change another process committed, as the bus tells of it (:meth:`Notices.heard`,
  :mod:`croupier.server.bus`), a message heard twice or overtaken waking nothing;
- a change no event says: a wallet moved outside the tables or a player's standing
  (:meth:`Notices.moved`), what a table offers (:meth:`Notices.refreshed`, and for every
  watched table :meth:`Notices.refreshed_all`), told to the refreshers (the bus) unless
  heard from them;
- a reconnect to the bus (:meth:`Notices.catch_up`): every table kept is read again.

How a woken socket is served (its view, read or built from memory, and sent) is the hub's
(:mod:`croupier.server.fanout`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from croupier.ledger.cache import Written
from croupier.server.live import LiveTables, payload


@dataclass(eq=False)
class Watcher:
    """One socket of this process: its event loop, its player and table, and the event
    that wakes it."""

    loop: asyncio.AbstractEventLoop
    player_id: str = ""
    table_id: str = ""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    ended: bool = False
    """The player's session ended (signed out in this process): the socket closes 4401."""
    notes: list[str] = field(default_factory=list)
    """Sentences for the player not yet sent (:meth:`Notices.tell`), oldest first."""


class Notices:
    """The sockets of this process by table and by player, the views read for them, and
    how a change wakes them (see the module; thread-safe). The hub
    (:class:`croupier.server.fanout.Hub`) serves the sockets."""

    def __init__(self) -> None:
        self._watchers: dict[str, set[Watcher]] = {}
        self._by_player: dict[str, set[Watcher]] = {}
        """Per player: the sockets of this process he keeps open."""
        self._views: dict[tuple[str, str], tuple[Any, dict[str, Any]]] = {}
        """Per (table, player): the last view read for his sockets and its signature
        (where changes are pushed: what it shows, :data:`~croupier.server.live.Shown`)."""
        self._lock = threading.Lock()
        self._polled: dict[str, tuple[float, tuple[int, int], bool]] = {}
        """Per table: when it was last polled, its signature and whether a deadline had
        passed; shared by the table's sockets, so a table costs one poll per interval."""
        self.listeners: list[Callable[[str, Written | None], Any]] = []
        """Told the table of every change this process commits (:meth:`changed`)."""
        self.refreshers: list[Callable[[str, str], Any]] = []
        """Told ``("wallet", PLAYER)`` or ``("table", TABLE)`` for every change this
        process commits that no event at a table says (:meth:`moved`, :meth:`refreshed`):
        the bus, which tells the other processes."""
        self._heard: dict[str, tuple[int, int | None]] = {}
        """Per table: the latest signature the bus told of (:meth:`heard`)."""
        self.live = LiveTables()
        """The watched tables kept in memory, from which views are built where changes
        are pushed (:mod:`croupier.server.live`)."""
        self._changes: dict[str, int] = {}
        """Per table: how many times :meth:`changed` was told, so that a poll read before
        a change is not kept as the table's state after it."""

    def watching(self, table_id: str) -> int:
        """How many sockets of this process watch ``table_id``."""
        with self._lock:
            return len(self._watchers.get(table_id, ()))

    def changed(self, table_id: str, written: Written | None = None) -> None:
        """A change at ``table_id`` was committed by this process: wake every socket of
        this process that watches it, and tell each of :attr:`listeners` (the bus that
        publishes it to the other processes, the owner's deadline timers; thread-safe)
        the table and ``written``, what a command left there where it knows (else
        ``None``: each reads what it needs)."""
        seq = None if written is None else written.seq
        moved = self.live.told(table_id, seq, None, payload(written))
        self.wake(table_id)
        for player_id in moved:  # his balance at the other tables he watches
            self._wake_player(player_id, table_id)
        for listener in self.listeners:
            listener(table_id, written)

    def heard(
        self,
        table_id: str,
        signature: tuple[int, int | None],
        wake: bool = True,
        notice: dict[str, Any] | None = None,
    ) -> bool:
        """The bus says ``table_id`` is now at ``signature`` (its chain's event count, the
        next ``seq``, and its seats taken; ``None``: a command's notice, which leaves the
        seats as they were): wake its sockets here (``wake``) unless it is no news, with
        events this process knew of already and the seats it knew (a message heard
        twice, or overtaken by a later one, wakes nothing; seats that differ wake the
        sockets even in a message overtaken, as a seat taken elsewhere may be in no later
        one); ``notice``, what the change wrote (:func:`croupier.server.live.payload`),
        is applied to the table kept in memory. Returns whether it was news (thread-safe)."""
        seq, seats = signature
        told, taken = signature
        with self._lock:
            known = self._heard.get(table_id)
            if known is not None:
                if seq <= known[0] and (seats is None or seats == known[1]):
                    return False
                seq = max(seq, known[0])
                if seats is None:
                    seats = known[1]
            self._heard[table_id] = (seq, seats)
        moved = self.live.told(table_id, told, taken, notice)
        if wake:
            self.wake(table_id)
        for player_id in moved:  # his balance at the other tables he watches
            self._wake_player(player_id, table_id)
        return True

    def moved(self, player_id: str, tell: bool = True) -> None:
        """The player's wallet moved outside any table's command (a deposit, a withdrawal
        to the cashier), or what he may do did (disabled, suspended, self-excluded or
        back), committed: his balance and previews kept are forgotten and his sockets, at
        every table, are woken, each sent his view with the balance read once; told to
        :attr:`refreshers` unless heard from them (``tell``; thread-safe)."""
        self.live.moved(player_id)
        self._wake_player(player_id)
        if tell:
            self._tell("wallet", player_id)

    def _tell(self, kind: str, subject: str) -> None:
        """Tell each of :attr:`refreshers` that ``subject`` (of ``kind``: ``"wallet"``, a
        player's; ``"table"``; ``"all"``, with ``""``) changed with no event."""
        for refresher in self.refreshers:
            refresher(kind, subject)

    def _wake_player(self, player_id: str, but: str | None = None) -> None:
        """Wake the player's sockets of this process at every table but ``but``: what
        they show of him (his balance) changed."""
        with self._lock:
            mine = [w for w in self._by_player.get(player_id, ()) if w.table_id != but]
            for table_id in {w.table_id for w in mine}:
                self._views.pop((table_id, player_id), None)
                self._changes[table_id] = self._changes.get(table_id, 0) + 1
        wake_each(mine)

    def refreshed(self, table_id: str, tell: bool = True) -> None:
        """What ``table_id`` offers changed with no event, committed (a Rules Submission
        filed, put in force or withdrawn; the table disabled or enabled): the table kept
        is read again at its sockets' next view, and they are woken; told to
        :attr:`refreshers` unless heard from them (``tell``; thread-safe)."""
        self.live.stale(table_id)
        self.wake(table_id)
        if tell:
            self._tell("table", table_id)

    def refreshed_all(self, tell: bool = True) -> None:
        """What every table offers changed with no event, committed (a self-check that
        failed or passed: :mod:`croupier.server.selfcheck`; a game or a paytable disabled
        or enabled): :meth:`refreshed` for each table this process's sockets watch, told
        once to :attr:`refreshers` as ``("all", "")`` unless heard from them (``tell``:
        each other process refreshes the tables its own sockets watch; thread-safe)."""
        with self._lock:
            tables = list(self._watchers)
        for table_id in tables:
            self.refreshed(table_id, tell=False)
        if tell:
            self._tell("all", "")

    def catch_up(self) -> None:
        """Wake every socket of this process (after the bus lost messages: a reconnect),
        so that each reads its table's signature from the stored events once and is sent
        what it missed, and nothing it was sent already."""
        self.live.behind()
        with self._lock:
            tables = list(self._watchers)
        for table_id in tables:
            self.wake(table_id)

    def wake(self, table_id: str) -> None:
        """Wake every socket of this process that watches ``table_id`` (thread-safe)."""
        with self._lock:
            watchers = list(self._watchers.get(table_id, ()))
            self._polled.pop(table_id, None)
            for watcher in watchers:
                self._views.pop((table_id, watcher.player_id), None)
            self._changes[table_id] = self._changes.get(table_id, 0) + 1
        wake_each(watchers)

    def tell(self, player_id: str, table_id: str, words: str) -> None:
        """Send ``words`` to the player's sockets of this process at ``table_id`` after
        their next view (the floor freed his seat there: :mod:`croupier.server.seat_free`),
        and wake them (thread-safe). Said once; a socket opened later is not told."""
        with self._lock:
            mine = [w for w in self._by_player.get(player_id, ()) if w.table_id == table_id]
            for watcher in mine:
                watcher.notes.append(words)
        wake_each(mine)

    def signed_out(self, player_id: str) -> None:
        """Close the player's sockets of this process (4401): his session has ended."""
        with self._lock:
            mine = list(self._by_player.get(player_id, ()))
        for watcher in mine:
            watcher.ended = True
            with contextlib.suppress(RuntimeError):  # a closed loop: the socket is gone
                watcher.loop.call_soon_threadsafe(watcher.wake.set)

    def _release(self, watcher: Watcher, table_id: str) -> None:
        with self._lock:
            left = self._watchers.get(table_id, set())
            left.discard(watcher)
            if not left:
                self._watchers.pop(table_id, None)
                self.live.forget(table_id)
            if not any(w.player_id == watcher.player_id for w in left):
                self._views.pop((table_id, watcher.player_id), None)
            mine = self._by_player.get(watcher.player_id, set())
            mine.discard(watcher)
            if not mine:
                self._by_player.pop(watcher.player_id, None)
                self.live.forget_player(watcher.player_id)


def wake_each(watchers: Iterable[Watcher]) -> None:
    """Wake each of ``watchers`` from any thread (one whose loop has closed is gone)."""
    for watcher in watchers:
        with contextlib.suppress(RuntimeError):
            watcher.loop.call_soon_threadsafe(watcher.wake.set)
