"""Live tables: each process keeps the state of the tables its sockets watch in memory and
builds every viewer's view from it (issue #33: the cross-process view delay).

A command's notice on the bus (:mod:`croupier.server.bus`) carries what the command wrote
(:func:`payload`, from :class:`~croupier.ledger.cache.Written`): its events in order with
their sequence numbers and stored bodies, the round after them (id, version,
status), its deadline and the wait it times, the wallets it moved and the seal it
announced. A process that watches the table applies them to the table it keeps
(:func:`advanced`: the round replayed from its events, as a stored round is) and each of
its sockets builds its viewer's view from that (:func:`view_of`), per viewer as
:func:`croupier.server.service.view` does (the round's view for the viewer's actor, the
seats as he may read them): nothing is read from the database.

The database is read (:meth:`LiveTables.view`, one snapshot) only to catch up: at a
table's first socket in the process, after a notice whose events do not follow on from
the table's sequence number (one skipped, or a notice that carries no events: a seat
taken or left, a change of the process's own that it did not write down), after a reconnect
to the bus (every table is marked behind), and for what a notice never carries: a
viewer's balance the first time (then moved by the notices of every table, and read
again after his wallet moved outside the tables: :meth:`LiveTables.moved`; each kept with
his wallet's count of moves, :class:`Kept`, so that an older balance heard or read late
never replaces a newer one), and the
commands that would open the next round (read once between rounds, kept while the seats
stay as they are and no rules filing or disabling marks the table stale:
:meth:`LiveTables.stale`). A catch-up of a round already kept reads only its events from the
sequence number kept on.

The bus carries the events whole (a face-down card too, as the database holds it); it is
the servers' own, as the database is: a viewer is only ever sent his own view.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor, Round
from croupier.errors import CroupierError
from croupier.ledger import repository as repo
from croupier.ledger import versions
from croupier.ledger.cache import Written
from croupier.ledger.models import EventRow, GameTable, Player
from croupier.registry import round_type
from croupier.server import schemas, seals, service
from croupier.server.held import table_words

Signature = tuple[int, int]
"""(events in the table's chain, seats taken): the table's state as its notices tell it."""
Shown = tuple[int, int, int, Any]
"""What a socket compares with what it sent: the table's :data:`Signature`, then what a
view shows that no event at the table changes: the viewer's balance (a deposit, a
withdrawal) and what he may send and why not (a Rules Submission filed, a table
disabled, a self-check failed)."""


@dataclass(frozen=True)
class Kept:
    """A player's balance as kept: ``cents`` (``None``: read it again) as of his wallet's
    ``moves``th move (``accounts.moves``, raised under the wallet's lock by every move,
    so of two balances of one wallet the later committed has the higher count)."""

    cents: int | None
    moves: int


@dataclass(frozen=True)
class LiveRound:
    """The table's latest round as kept: its row's columns and its events' bodies."""

    id: str
    version: int
    status: str
    deadline: datetime | None
    deadline_kind: str | None
    bodies: tuple[str, ...]
    round: Round[Any]


@dataclass(frozen=True)
class LiveTable:
    """A watched table as kept in memory; ``behind``: a change is known that it lacks."""

    table_id: str
    game: str
    seq: int
    seats: tuple[schemas.SeatOut, ...]
    seal: str | None
    latest: LiveRound | None
    behind: bool = False
    words: tuple[str, str] = ("", "")
    """What the table says to every viewer (:func:`croupier.server.held.table_words`), as
    read: a disabling or a self-check marks the table stale, to be read again."""

    @property
    def signature(self) -> Signature:
        return self.seq, len(self.seats)


def payload(written: Written | None) -> dict[str, Any] | None:
    """What a command's notice carries for the other processes (``None`` where its write
    does not say all a view needs: no events, no round, or its deadline not known)."""
    if written is None or not written.events or written.round is None or not written.timed:
        return None
    deadline = written.deadline
    return {
        "events": [list(event) for event in written.events],
        "round": list(written.round),
        "deadline": None if deadline is None else deadline.isoformat(),
        "kind": written.kind,
        "balances": dict(written.balances),
        "moves": dict(written.moves),
        "seal": written.seal,
    }


def _replayed(game: str, bodies: tuple[str, ...]) -> Round[Any]:
    kind = round_type(game)
    return kind.replay(kind.events_from_json("[" + ",".join(bodies) + "]"))


def _moment(text: Any) -> datetime | None:
    if text is None:
        return None
    moment = text if isinstance(text, datetime) else datetime.fromisoformat(str(text))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def advanced(table: LiveTable, notice: dict[str, Any]) -> LiveTable | None:
    """``table`` after the events ``notice`` carries, or ``None`` where they do not follow
    on from it (a sequence number skipped or repeated, a round's event missing)."""
    try:
        events = [(int(s), str(r), int(i), str(b)) for s, r, i, b in notice["events"]]
        round_id, version, status = notice["round"]
    except (KeyError, TypeError, ValueError):
        return None
    if [seq for seq, *_ in events] != list(range(table.seq, table.seq + len(events))):
        return None
    ours = [(index, body) for _, rid, index, body in events if rid == round_id]
    latest = table.latest
    before = latest.bodies if latest is not None and latest.id == round_id else ()
    if [index for index, _ in ours] != list(range(len(before), len(before) + len(ours))):
        return None
    bodies = before + tuple(body for _, body in ours)
    if len(bodies) != int(version):
        return None
    try:
        replayed = _replayed(table.game, bodies)
    except (CroupierError, ValueError):  # not a whole command's events: read them instead
        return None
    kept = LiveRound(
        str(round_id),
        int(version),
        str(status),
        _moment(notice.get("deadline")),
        notice.get("kind"),
        bodies,
        replayed,
    )
    seal = notice.get("seal") or table.seal
    return replace(table, seq=table.seq + len(events), seal=seal, latest=kept)


def loaded(session: Session, table_id: str, known: LiveTable | None) -> LiveTable:
    """``table_id`` as stored (raises :class:`~croupier.ledger.repository.NotFound`): a
    round ``known`` keeps is caught up from its sequence number on, any other read whole."""
    table = session.get(GameTable, table_id)
    if table is None:
        raise repo.NotFound(f"no table {table_id!r}", "ledger")
    row = service.latest_round(session, table_id)
    latest = None
    if row is not None:
        kept = known.latest if known is not None else None
        before: tuple[str, ...] = ()
        wanted = select(EventRow.body).where(EventRow.round_id == row.id)
        if kept is not None and kept.id == row.id and kept.version <= row.version:
            before = kept.bodies
            wanted = wanted.where(EventRow.seq >= cast(LiveTable, known).seq)
        bodies = before + tuple(session.scalars(wanted.order_by(EventRow.index)))
        if len(bodies) != row.version:  # not what was kept after all: read it whole
            found = select(EventRow.body).where(EventRow.round_id == row.id)
            bodies = tuple(session.scalars(found.order_by(EventRow.index)))
        latest = LiveRound(row.id, row.version, row.status, _moment(row.deadline),
                           row.deadline_kind, bodies, _replayed(table.game, bodies))  # fmt: skip
    seats = tuple(service.seated(session, table_id))
    seal = seals.seal_of(session, table_id)
    words = table_words(session, table_id, table.game)
    count = int(table.event_count or 0)
    return LiveTable(table_id, table.game, count, seats, seal, latest, words=words)


def actor_in(table: LiveTable, player: Player) -> Actor | None:
    """The player's actor at ``table`` as kept (:func:`service.actor_of`'s answer)."""
    if player.role == "dealer":
        return DEALER
    if player.role != "player":
        return None
    return next((s.seat for s in table.seats if s.player_id == player.id), None)


def needs_preview(table: LiveTable, actor: Actor | None) -> bool:
    """Whether ``actor``'s view offers what would open the next round (none is open)."""
    return actor is not None and (table.latest is None or table.latest.status != "open")


def view_of(
    table: LiveTable,
    player: Player,
    balance: int,
    preview: service.Preview,
    now: datetime,
) -> schemas.ViewOut:
    """The player's view of ``table`` as :func:`service.view` builds it from the database,
    built from memory: ``preview``, what he may send where no round is open."""
    actor = actor_in(table, player)
    latest = table.latest
    parts = service.RoundParts()
    if latest is not None:
        parts = service.round_parts(latest, latest.round, actor, player.id, now)
    legal, held = parts.legal, parts.held
    if legal is None:
        upcoming = preview if needs_preview(table, actor) else service.Preview()
        legal, held = upcoming.legal, held or upcoming.held
    status = latest.status if latest else None
    shut, last = service.said_to(actor, status, table.words)
    seen, waiting, deadline, sat = parts.seen, parts.waiting, parts.deadline, parts.sat
    seats = list(table.seats)
    names = {s.seat: s.name for s in seats if s.name}
    return schemas.ViewOut(
        table_id=table.table_id,
        actor=actor,
        round_id=latest.id if latest else None,
        round_version=latest.version if latest else None,
        round_status=cast(Any, latest.status) if latest else None,
        view=service.shielded_view(seen, player, names),
        legal_commands=legal,
        balance=balance,
        seats=service.shielded(seats, player),
        waiting_for=waiting,
        deadline=deadline,
        betting_held=held or shut,
        last_round=last,
        seal=table.seal,
        sat_in_round=sat,
    )


class LiveTables:
    """The tables this process's sockets watch, kept in memory (thread-safe); ``loads``
    counts the catch-up reads, ``applied`` the notices applied with no read."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, LiveTable] = {}
        self._told: dict[str, int] = {}
        """Per table: the highest sequence number a notice told of."""
        self._balances: dict[str, Kept] = {}
        """Per player: his balance as kept (``None``: read it again) and the count of moves
        of his wallet it is as of, or the least count a balance read must have to be kept
        (:class:`Kept`): an older balance, heard or read late, never replaces it."""
        self._previews: dict[tuple[str, str], service.Preview] = {}
        self._epoch = 0
        """Counts :meth:`moved` and :meth:`stale`: a read begun before one of them is not
        kept as what is known after it."""
        self.loads = 0
        self.applied = 0
        self.ends: list[Callable[[str, datetime], Any]] = []
        """Told ``(player, moment)`` for every read of what a player may send whose
        reason for holding his play runs out by itself at ``moment`` (a suspension's end:
        :class:`~croupier.server.timers.Expiries`)."""
        self.turns: list[Callable[[str, datetime], Any]] = []
        """Told ``(table, moment)`` for every read of a table whose version of its Rules
        Submission in force changes by itself at ``moment`` (one put in force from a later
        moment: :func:`croupier.ledger.versions.next_change`), with nothing stored then
        to tell its views."""

    def told(
        self, table_id: str, seq: int | None, seats: int | None, notice: dict[str, Any] | None
    ) -> list[str]:
        """A change at ``table_id`` is committed: ``seq`` the events in its chain after it
        (``None``: not known), ``seats`` the seats taken (``None``: as they were),
        ``notice`` what it wrote (:func:`payload`; ``None``: not carried). Returns the
        players whose balance kept it moved (their views elsewhere show it too)."""
        with self._lock:
            moved = self._heard_balances(notice or {})
            if seq is not None:
                self._told[table_id] = max(seq, self._told.get(table_id, 0))
            table = self._tables.get(table_id)
            if table is None or table.behind:
                return moved
            after = None if notice is None else advanced(table, notice)
            if after is not None and after.seq == seq:
                self._tables[table_id] = after
                self.applied += 1
            elif seq is None or seq > table.seq or seats not in (None, len(table.seats)):
                self._tables[table_id] = replace(table, behind=True)
        return moved

    def _heard_balances(self, notice: dict[str, Any]) -> list[str]:
        """Keep the balances ``notice`` carries that are newer than those kept (a higher
        count of moves; a notice that carries no count makes the balance read again);
        returns the players whose balance kept moved. Called with the lock held."""
        moved = []
        counts = notice.get("moves") or {}
        for player_id, cents in (notice.get("balances") or {}).items():
            kept = self._balances.get(player_id)
            if kept is None:
                continue  # not kept here: read at his first view
            count = counts.get(player_id)
            if count is None:
                after = Kept(None, kept.moves) if kept.cents != int(cents) else kept
            elif int(count) <= kept.moves:
                continue  # as old as what is kept, or older: heard out of order
            elif kept.cents is None:  # to be read again: only the least count rises
                after = Kept(None, int(count))
            else:
                after = Kept(int(cents), int(count))
            if after.cents != kept.cents or after.cents is None:
                moved.append(player_id)
            self._balances[player_id] = after
        return moved

    def behind(self) -> None:
        """Mark every table behind (the bus reconnected: notices may have been lost)."""
        with self._lock:
            self._tables = {t: replace(table, behind=True) for t, table in self._tables.items()}

    def forget(self, table_id: str) -> None:
        """No socket of this process watches ``table_id`` any more."""
        with self._lock:
            self._tables.pop(table_id, None)
            for key in [key for key in self._previews if key[0] == table_id]:
                del self._previews[key]

    def moved(self, player_id: str) -> None:
        """The player's wallet moved outside any table's command (a deposit, a
        withdrawal), or what he may do did (his account disabled or enabled, his play
        suspended, self-excluded or resumed): his balance and what he may send, kept, are
        forgotten, read again at his next view."""
        with self._lock:
            self._epoch += 1
            kept = self._balances.get(player_id)
            if kept is not None:  # read again; a notice until then raises only the count
                self._balances[player_id] = Kept(None, kept.moves)
            for key in [key for key in self._previews if key[1] == player_id]:
                del self._previews[key]

    def stale(self, table_id: str) -> None:
        """What ``table_id`` offers changed with no event (a Rules Submission filed, put
        in force or withdrawn; the table disabled): read again at its next view."""
        with self._lock:
            self._epoch += 1
            table = self._tables.get(table_id)
            if table is not None:
                self._tables[table_id] = replace(table, behind=True)

    def forget_player(self, player_id: str) -> None:
        """No socket of this process is the player's any more."""
        with self._lock:
            self._balances.pop(player_id, None)

    def view(
        self,
        player: Player,
        table_id: str,
        now: datetime,
        reading: Callable[[], AbstractContextManager[Session]],
    ) -> tuple[Shown, dict[str, Any]]:
        """The player's view of ``table_id`` and what it shows (:data:`Shown`), built
        from memory; ``reading`` opens a session for what must be read first (a catch-up,
        the player's balance, the next round's opening)."""
        with self._lock:
            table = self._tables.get(table_id)
            kept = self._balances.setdefault(player.id, Kept(None, 0))
            balance = kept.cents
            preview = self._previews.get((table_id, player.id))
            epoch = self._epoch
        if (
            table is None
            or table.behind
            or balance is None
            or (preview is None and needs_preview(table, actor_in(table, player)))
        ):
            with reading() as session:
                table, balance, preview = self._read(session, player, table, (table_id, now), epoch)
        out = view_of(table, player, balance, preview or service.Preview(), now)
        dumped = out.model_dump(mode="json")
        return (
            *table.signature,
            balance,
            (dumped["legal_commands"], dumped["betting_held"], dumped["last_round"]),
        ), dumped

    def _read(
        self,
        session: Session,
        player: Player,
        table: LiveTable | None,
        where: tuple[str, datetime],
        epoch: int,
    ) -> tuple[LiveTable, int, service.Preview | None]:
        """What :meth:`view` lacks, read: the table ``where`` says (and the time) where it
        is behind (or not kept), the player's balance, and what he may send where no
        round is open; kept only where no wallet moved and no table went stale since
        ``epoch`` (the read may be older)."""
        table_id, now = where
        if table is None or table.behind:
            table = self._install(loaded(session, table_id, table), epoch)
            turn = versions.next_change(session, table_id, now)
            if turn is not None:
                for told in self.turns:
                    told(table_id, turn)
        read = service.wallet_of(session, player.id)
        preview = None
        actor = actor_in(table, player)
        if actor is not None and needs_preview(table, actor):
            preview = service.preview(session, player, actor, table_id, table.game)
            if preview.until is not None:
                for end in self.ends:
                    end(player.id, preview.until)
        with self._lock:
            balance = self._keep_balance(player.id, read, epoch)
            if self._epoch == epoch and preview is not None:
                self._previews[(table_id, player.id)] = preview
        return table, balance, preview

    def _keep_balance(self, player_id: str, read: tuple[int, int], epoch: int) -> int:
        """The balance to show of ``read`` (cents, count of moves): a newer one kept
        meanwhile (heard while it was read) wins; ``read`` is kept where it is as new as
        what is kept and no wallet moved or table went stale since ``epoch``. Called
        with the lock held."""
        cents, count = read
        kept = self._balances.get(player_id)
        if kept is not None and kept.cents is not None and kept.moves > count:
            return kept.cents
        if self._epoch == epoch and (kept is None or count >= kept.moves):
            self._balances[player_id] = Kept(cents, count)
        return cents

    def _install(self, fresh: LiveTable, epoch: int) -> LiveTable:
        """Keep ``fresh`` (just read) unless what is kept is as far on; behind where a
        notice told of more than it read (committed after its snapshot began), or where
        a table went stale since ``epoch``."""
        with self._lock:
            self.loads += 1
            current = self._tables.get(fresh.table_id)
            if current is not None and not current.behind and current.seq >= fresh.seq:
                return current
            late = fresh.seq < self._told.get(fresh.table_id, 0) or self._epoch != epoch
            fresh = replace(fresh, behind=late)
            self._tables[fresh.table_id] = fresh
            for key in [key for key in self._previews if key[0] == fresh.table_id]:
                del self._previews[key]  # the seats or what is in force may have changed
            return fresh
