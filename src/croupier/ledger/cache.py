"""What a server process keeps between requests: the :class:`ProcessCache` (live
rounds, account ids, players, table settings and rules) and the rounds a transaction
staged for it.

A transaction that stores a round stages it (:func:`stage_round`); the session's
``after_commit`` hook hands the staged rounds to the cache, and its
``after_soft_rollback`` hook drops them and evicts them (:func:`drop_staged`). The
hooks are registered on :class:`~sqlalchemy.orm.Session` when this module is imported.
"""

from __future__ import annotations

import copy
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine
from sqlalchemy import event as orm_event
from sqlalchemy.orm import Session

from croupier.engine import Round
from croupier.ledger.models import Player
from croupier.rules.base import RulesSubmission


class ProcessCache:
    """What one server process keeps between requests, per database (engine).

    - **Live rounds**: the round object of each open round as of its last committed
      version, keyed by round id and version (the event count). A command whose round is
      stored at the cached version takes it out of the cache (:meth:`take`) instead of
      reading and replaying the round's events; any other version is read from the
      database and verified by replay. Only committed states enter (:func:`stage_round`
      hands them over after the commit), and a round taken out comes back only then, so a
      command that fails halfway, or a commit that fails, cannot leave a wrong round here.
    - **Account ids** by (kind, player, table), **players** by token hash, and **table
      settings and games** by table id: none is ever deleted, and none changes owner,
      role, token, settings or game.
    """

    def __init__(self, capacity: int = 20_000) -> None:
        self.capacity = capacity
        self._rounds: OrderedDict[str, tuple[int, Round[Any]]] = OrderedDict()
        self._accounts: dict[tuple[str, str | None, str | None], int] = {}
        self.players: dict[str, Player] = {}
        """Token hash -> the player, detached (:func:`player_by_token`)."""
        self.settings: dict[str, Any] = {}
        """Table id -> the table's settings (croupier.server.driver.settings_of); stored
        once when the table is created and never changed."""
        self.large: dict[str, Any] = {}
        """Table id -> its large-amount thresholds (:mod:`croupier.ledger.large_amounts`)."""
        self.versions: dict[str, tuple[int, Any]] = {}
        """Table id -> (its count of workflow steps, its versions put in force then): the
        cache of :func:`croupier.ledger.versions.in_force`, current while the count is."""
        self.rules: dict[str, RulesSubmission] = {}
        """Table id -> the Rules Submission the table was created with, for its game (which
        never changes; the submission in force is its last version in force,
        :mod:`croupier.ledger.versions`)."""
        self._lock = threading.Lock()

    def take(self, round_id: str, version: int) -> Round[Any] | None:
        """The cached round at ``version``, taken out of the cache (no copy: the command
        that takes it changes it, and it comes back only when that command commits), or
        ``None``."""
        with self._lock:
            entry = self._rounds.pop(round_id, None)
        if entry is None or entry[0] != version:
            return None
        return entry[1]

    def keep(self, round_id: str, version: int, round_: Round[Any]) -> None:
        """Keep ``round_`` (committed at ``version``); a finished round is dropped."""
        with self._lock:
            if round_.finished:
                self._rounds.pop(round_id, None)
                return
            current = self._rounds.get(round_id)
            if current is not None and current[0] > version:
                return
            self._rounds[round_id] = (version, round_)
            self._rounds.move_to_end(round_id)
            while len(self._rounds) > self.capacity:
                self._rounds.popitem(last=False)

    def evict(self, round_id: str) -> None:
        with self._lock:
            self._rounds.pop(round_id, None)

    def __len__(self) -> int:
        return len(self._rounds)


_CACHES: weakref.WeakKeyDictionary[Engine, ProcessCache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()
STAGED = "croupier.staged_rounds"
"""``Session.info`` key of the rounds a transaction wrote, handed to the cache on commit."""


_CACHE = "croupier.process_cache"
"""``Session.info`` key of the session's :class:`ProcessCache` (found once a session)."""


def process_cache(session: Session) -> ProcessCache:
    """The :class:`ProcessCache` of the session's database."""
    found: ProcessCache | None = session.info.get(_CACHE)
    if found is not None:
        return found
    bind = session.get_bind()
    engine = bind.engine if isinstance(bind, Connection) else bind
    with _CACHES_LOCK:
        cache = _CACHES.get(engine)
        if cache is None:
            cache = _CACHES[engine] = ProcessCache()
    session.info[_CACHE] = cache
    return cache


def clone_round(round_: Round[Any]) -> Round[Any]:
    """A copy of ``round_`` that shares only its (frozen) events and no random source."""
    memo: dict[int, Any] = {id(event): event for event in round_.events}
    memo[id(round_.rng)] = None
    clone = copy.deepcopy(round_, memo)
    clone.rng = None
    return clone


class StagedRound(NamedTuple):
    """A round this transaction stored (:func:`stage_round`), with its deadline's columns
    as the transaction left them (the deadline as stored: on SQLite, text)."""

    version: int
    round: Round[Any]
    deadline: Any = None
    deadline_kind: str | None = None


def stage_round(
    session: Session,
    round_id: str,
    version: int,
    round_: Round[Any],
    deadline: Any = None,
    deadline_kind: str | None = None,
) -> None:
    """Hand ``round_`` (as stored at ``version`` by this transaction, with its deadline's
    columns) to the process cache once the transaction commits; a rollback drops it and
    evicts the round."""
    staged: dict[str, StagedRound] = session.info.setdefault(STAGED, {})
    staged[round_id] = StagedRound(version, round_, deadline, deadline_kind)


def staged_entry(session: Session, round_id: str, version: int) -> StagedRound | None:
    """What this transaction staged for ``round_id`` at ``version``, if it did."""
    entry: StagedRound | None = session.info.get(STAGED, {}).get(round_id)
    return entry if entry is not None and entry.version == version else None


WRITTEN = "croupier.written"
"""``Session.info`` key of what this transaction's commands left at each table
(:class:`Written`, by table id)."""


@dataclass
class Written:
    """What the command path of this transaction left at one table, known from its own
    writes, for the process to act on once it commits without reading it back: ``seq``,
    the events in the table's hash chain (``None``: not known; set by
    :func:`croupier.ledger.commands.store_command`); ``deadline``, the deadline of the
    table's open round (aware UTC; ``None``: no open round or no deadline), known only
    where ``timed`` (set by :func:`croupier.server.driver.after_command`), and ``kind``
    the wait it times. What the other processes need to show the change with no read
    (:mod:`croupier.server.live`): ``events`` (seq, round id, index, stored body),
    ``round`` (id, version, status after them), the wallets moved (``balances``,
    player id -> cents; ``moves``, player id -> the wallet's count of moves after it,
    ``accounts.moves``, which orders two balances of one wallet) and ``seal``, the
    commitment announced for the next round where the command announced one."""

    seq: int | None = None
    timed: bool = False
    deadline: datetime | None = None
    kind: str | None = None
    events: list[tuple[int, str, int, str]] = field(default_factory=list)
    round: tuple[str, int, str] | None = None
    balances: dict[str, int] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)
    seal: str | None = None

    def time(self, deadline: Any, kind: str | None = None) -> None:
        """Note the open round's deadline, as stored or as a datetime (``None``: none),
        and the wait it times."""
        if isinstance(deadline, str):  # SQLite's stored text
            deadline = datetime.fromisoformat(deadline)
        if deadline is not None and deadline.tzinfo is None:
            deadline = deadline.replace(tzinfo=UTC)
        self.timed, self.deadline, self.kind = True, deadline, kind


def written(session: Session, table_id: str) -> Written:
    """What this transaction's commands left at ``table_id`` so far (noted as they write)."""
    notes: dict[str, Written] = session.info.setdefault(WRITTEN, {})
    found = notes.get(table_id)
    if found is None:
        found = notes[table_id] = Written()
    return found


def take_written(session: Session, table_id: str) -> Written | None:
    """What was noted at ``table_id`` (:func:`written`), forgotten here: a command takes
    it before it starts (an earlier command's notes, perhaps rolled back, are not its
    own) and once it is done."""
    notes: dict[str, Written] = session.info.get(WRITTEN, {})
    return notes.pop(table_id, None)


VERSIONS_STAGED = "croupier.staged_versions"
"""``Session.info`` key of the versions in force this transaction read, table id -> (count
of steps, versions): handed to the cache on commit (what a transaction that rolls back
read, its own uncommitted steps perhaps, never enters)."""


def stage_versions(session: Session, table_id: str, steps: int, found: Any) -> None:
    """Hand ``found`` (table ``table_id``'s versions in force, read at ``steps`` workflow
    steps) to the process cache once this transaction commits."""
    session.info.setdefault(VERSIONS_STAGED, {})[table_id] = (steps, found)


def staged_versions(session: Session, table_id: str, steps: int) -> Any:
    """What this transaction read of table ``table_id``'s versions at ``steps``, if it did."""
    entry = session.info.get(VERSIONS_STAGED, {}).get(table_id)
    return entry[1] if entry is not None and entry[0] == steps else None


@orm_event.listens_for(Session, "after_commit")
def _publish_staged(session: Session) -> None:
    session.info.pop(WRITTEN, None)  # a command took its own before the commit
    versions = session.info.pop(VERSIONS_STAGED, None)
    if versions:
        process_cache(session).versions.update(versions)
    staged = session.info.pop(STAGED, None)
    if staged:
        cache = process_cache(session)
        for round_id, entry in staged.items():
            cache.keep(round_id, entry.version, entry.round)


@orm_event.listens_for(Session, "after_soft_rollback")
def _drop_staged(session: Session, _previous: Any) -> None:
    session.info.pop(VERSIONS_STAGED, None)
    session.info.pop(WRITTEN, None)
    drop_staged(session)


def drop_staged(session: Session) -> None:
    """Forget the rounds this transaction staged, and evict them from the process cache
    (after a rollback: they were never stored)."""
    staged = session.info.pop(STAGED, None)
    if staged:
        cache = process_cache(session)
        for round_id in staged:
            cache.evict(round_id)


def staged_round(
    session: Session, round_id: str, version: int, *, copy: bool = True
) -> Round[Any] | None:
    """A copy of the round this transaction stored at ``version``, if it did
    (``copy=False``: the staged round itself, for a caller that only reads it)."""
    entry = staged_entry(session, round_id, version)
    if entry is None:
        return None
    return clone_round(entry.round) if copy else entry.round
