"""The ledger's repository: players, tables, money, rounds and the event chain.

Every function works inside the caller's session and transaction; the caller
commits (or rolls back) once, so a command's events, postings and round version
are stored together or not at all.

- **Money** moves only through :func:`post`: the lines of a posting sum to zero
  and each line is one conditional ``UPDATE`` that refuses to take a wallet or
  escrow below zero (:class:`InsufficientFunds`), so two transactions can never
  both spend the same cents.
- **Events** are appended with :func:`append_events`: each row's hash is
  sha256(previous hash + canonical event JSON) along its table's chain; the
  table's head moves with a compare-and-set on its event count, so two writers
  cannot fork a chain (:class:`StaleVersion`).
- **Round money** comes from the events (:func:`round_postings`): a wager moves
  from the wallet to the table's escrow when placed; a purchase collected by the
  table (High Roll Dice's Extra Roll) moves to the table inventory; a settlement
  pays ``returned + won`` to the wallet, the stake from escrow (or from the
  inventory for a collected purchase) and the rest from or to the inventory.
- **The command path** (:func:`command_head`, :func:`live_round`,
  :func:`store_command`): one query to read the table, the caller's seat and the open
  round; the round from this process's :class:`ProcessCache` when its stored version
  matches (else from its events, verified by replay); then prebuilt statements for the
  chain head, the round, the events, the balances and the postings. See
  docs/performance.md, "Table server".
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import secrets
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    func,
    select,
    true,
    update,
)
from sqlalchemy import event as orm_event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, make_transient_to_detached

from croupier.engine import Event, Round, RoundOpened, WagerPlaced, WagerSettled
from croupier.errors import CroupierError
from croupier.games import GAMES
from croupier.games.high_roll_dice import EXTRA_ROLL, ExtraRollCollected
from croupier.ledger.bank_postings import BANK_EVENTS, bank_moves
from croupier.ledger.db import Raw, Statement, raw
from croupier.ledger.models import (
    CAGE,
    ESCROW,
    INVENTORY,
    NON_NEGATIVE,
    WALLET,
    Account,
    EventRow,
    GameTable,
    Player,
    Posting,
    PostingLine,
    RoundRow,
    now,
)
from croupier.money import Cents, format_cents
from croupier.rules.base import RulesSubmission

GENESIS = "0" * 64
"""The ``prev_hash`` of a table's first event."""


class LedgerError(CroupierError):
    """A request the ledger refuses; nothing is stored."""


class InsufficientFunds(LedgerError):
    """A movement that would take a wallet or escrow below zero."""


class StaleVersion(LedgerError):
    """A round or table changed since it was read (optimistic concurrency)."""


class NotFound(LedgerError):
    """No such player, table or round."""


# --- players and accounts ------------------------------------------------------------
def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_player(session: Session, name: str, role: str) -> tuple[Player, str]:
    """A new player with a wallet; returns the bearer token (stored only as its hash)."""
    token = secrets.token_urlsafe(32)
    player = Player(id=secrets.token_hex(8), name=name, role=role, token_hash=token_hash(token))
    session.add(player)
    session.flush()
    session.add(Account(kind=WALLET, player_id=player.id, balance=0))
    session.flush()
    return player, token


def player_by_token(session: Session, token: str) -> Player | None:
    """The holder of a bearer token, or ``None``. A process remembers the tokens it has
    seen (a player's id, name, role and token never change), so a known token costs no
    query: the player comes back as stored, one object per token shared by the process's
    requests, detached from any session (only read; the models have no relationships
    that could attach it to one)."""
    digest = token_hash(token)
    cache = process_cache(session)
    known = cache.players.get(digest)
    if known is not None:
        return known
    player = session.scalars(select(Player).where(Player.token_hash == digest)).first()
    if player is not None:
        stored = Player(
            id=player.id,
            name=player.name,
            role=player.role,
            token_hash=digest,
            created_at=player.created_at,
        )
        make_transient_to_detached(stored)
        cache.players[digest] = stored
    return player


def account(
    session: Session, kind: str, *, player_id: str | None = None, table_id: str | None = None
) -> Account:
    found = session.scalars(
        select(Account).where(
            Account.kind == kind,
            Account.player_id.is_(None) if player_id is None else Account.player_id == player_id,
            Account.table_id.is_(None) if table_id is None else Account.table_id == table_id,
        )
    ).first()
    if found is None:
        raise NotFound(f"no {kind} account for {player_id or table_id or 'the house'}", "ledger")
    return found


def balance(session: Session, player_id: str) -> Cents:
    return account(session, WALLET, player_id=player_id).balance


def post(
    session: Session,
    kind: str,
    lines: dict[int, Cents],
    *,
    table_id: str | None = None,
    round_id: str | None = None,
    event_index: int | None = None,
    cite: str = "",
) -> Posting | None:
    """Move money between accounts (account id -> signed cents); the lines must sum to zero.

    Raises :class:`InsufficientFunds` if a wallet or escrow would go below zero.
    Returns ``None`` when every line is zero (nothing moves).
    """
    lines = {acc: amount for acc, amount in lines.items() if amount}
    if sum(lines.values()) != 0:
        raise LedgerError(f"a posting must sum to zero, not {sum(lines.values())}", "ledger")
    if not lines:
        return None
    for account_id, amount in sorted(lines.items()):
        row = session.get(Account, account_id)
        assert row is not None
        guard = Account.balance + amount >= 0 if row.kind in NON_NEGATIVE else true()
        result = cast(
            CursorResult[Any],
            session.execute(
                update(Account)
                .where(Account.id == account_id, guard)
                .values(balance=Account.balance + amount)
                .execution_options(synchronize_session=False)
            ),
        )
        if result.rowcount != 1:
            session.refresh(row)
            whose = "the wallet balance" if row.kind == WALLET else f"the {row.kind}"
            raise InsufficientFunds(
                f"{format_cents(-amount)} is more than {whose} of {format_cents(row.balance)}",
                "ledger:no-negative-balance",
            )
        session.expire(row)
    posting = Posting(
        kind=kind, table_id=table_id, round_id=round_id, event_index=event_index, cite=cite
    )
    session.add(posting)
    session.flush()
    session.add_all(
        PostingLine(posting_id=posting.id, account_id=acc, amount=amount)
        for acc, amount in lines.items()
    )
    return posting


def deposit(session: Session, player_id: str, amount: Cents) -> Posting:
    wallet = account(session, WALLET, player_id=player_id)
    cage = account(session, CAGE)
    posting = post(session, "deposit", {cage.id: -amount, wallet.id: amount})
    assert posting is not None
    return posting


def withdraw(session: Session, player_id: str, amount: Cents) -> Posting:
    wallet = account(session, WALLET, player_id=player_id)
    cage = account(session, CAGE)
    posting = post(session, "withdrawal", {wallet.id: -amount, cage.id: amount})
    assert posting is not None
    return posting


def ledger_total(session: Session) -> tuple[Cents, Cents]:
    """(sum of all balances, sum of all posting lines): both zero in a sound ledger."""
    balances = session.scalar(select(func.coalesce(func.sum(Account.balance), 0)))
    lines = session.scalar(select(func.coalesce(func.sum(PostingLine.amount), 0)))
    return int(balances or 0), int(lines or 0)


# --- tables ----------------------------------------------------------------------------
def create_table(session: Session, table_id: str, rules: RulesSubmission) -> GameTable:
    table = GameTable(
        id=table_id,
        game=rules.game,
        rules_json=rules.canonical_json(),
        rules_sha256=rules.sha256(),
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        event_count=0,
        head_hash=GENESIS,
    )
    session.add(table)
    session.flush()
    session.add_all(
        [
            Account(kind=ESCROW, table_id=table_id, balance=0),
            Account(kind=INVENTORY, table_id=table_id, balance=0),
        ]
    )
    session.flush()
    return table


def get_table(session: Session, table_id: str) -> GameTable:
    table = session.get(GameTable, table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}", "ledger")
    return table


# --- events ------------------------------------------------------------------------------
def canonical(event: Event) -> str:
    """The event's canonical JSON: sorted keys, no spaces."""
    return json.dumps(event.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


def chain_hash(prev_hash: str, body: str) -> str:
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


def append_events(
    session: Session, table: GameTable, round_id: str, first_index: int, events: Sequence[Event]
) -> list[EventRow]:
    """Append ``events`` (indexes ``first_index``...) of ``round_id`` to ``table``'s chain."""
    seq, head = table.event_count, table.head_hash
    rows = []
    for offset, event in enumerate(events):
        body = canonical(event)
        digest = chain_hash(head, body)
        rows.append(
            EventRow(
                table_id=table.id,
                seq=seq,
                round_id=round_id,
                index=first_index + offset,
                type=str(getattr(event, "type", type(event).__name__)),
                body=body,
                prev_hash=head,
                hash=digest,
            )
        )
        seq, head = seq + 1, digest
    moved = cast(
        CursorResult[Any],
        session.execute(
            update(GameTable)
            .where(GameTable.id == table.id, GameTable.event_count == table.event_count)
            .values(event_count=seq, head_hash=head)
            .execution_options(synchronize_session=False)
        ),
    )
    if moved.rowcount != 1:
        raise StaleVersion(
            f"table {table.id} changed while this command was handled; send it again",
            "server:optimistic-concurrency",
        )
    session.add_all(rows)
    session.flush()
    session.expire(table)
    return rows


def round_events(session: Session, round_id: str) -> list[EventRow]:
    return list(
        session.scalars(
            select(EventRow).where(EventRow.round_id == round_id).order_by(EventRow.index)
        )
    )


def load_round(session: Session, round_id: str) -> tuple[RoundRow, Round[Any]]:
    """The stored round and the round rebuilt from its stored events (no random source),
    verified by replay; a round this transaction itself just stored (a command's events,
    produced by the rules moments ago) is a copy of what the command left instead."""
    row = session.get(RoundRow, round_id)
    if row is None:
        raise NotFound(f"no round {round_id!r}", "ledger")
    own = staged_round(session, round_id, row.version)
    if own is not None:
        return row, own
    table = get_table(session, row.table_id)
    game = GAMES[table.game]
    bodies = [event.body for event in round_events(session, round_id)]
    events = game.events_from_json("[" + ",".join(bodies) + "]")
    return row, game.replay(events)


@dataclass(frozen=True)
class ChainReport:
    table_id: str
    events: int
    head_hash: str
    ok: bool
    problem: str | None = None
    first_bad_seq: int | None = None


def verify_chain(session: Session, table_id: str) -> ChainReport:
    """Recompute the table's hash chain from its stored events and compare."""
    table = get_table(session, table_id)
    head, count = GENESIS, 0
    rows = session.scalars(
        select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
    )

    def bad(seq: int, problem: str) -> ChainReport:
        return ChainReport(table_id, count, head, False, problem, seq)

    for row in rows:
        if row.seq != count:
            return bad(count, f"event {count} is missing (found seq {row.seq})")
        if row.prev_hash != head:
            return bad(row.seq, f"event {row.seq} does not follow the hash of event {count - 1}")
        if chain_hash(head, row.body) != row.hash:
            return bad(row.seq, f"event {row.seq} was altered: its hash does not match its body")
        head, count = row.hash, count + 1
    if count != table.event_count or head != table.head_hash:
        return bad(count, f"the table's head names {table.event_count} events, found {count}")
    return ChainReport(table_id, count, head, True)


# --- round money ---------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundPosting:
    event_index: int
    kind: str
    cite: str
    lines: dict[tuple[str, str | None], Cents]
    """(account kind, player id or None for the table's accounts) -> signed cents."""


def round_postings(events: Sequence[Event], first_new: int) -> list[RoundPosting]:
    """The money each event from index ``first_new`` on moves (see the module's notes)."""
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    seats = opened.seats
    collected: set[tuple[int, str]] = set()
    result: list[RoundPosting] = []
    for index, event in enumerate(events):
        moves: list[tuple[tuple[str, str | None], Cents]] = []
        if isinstance(event, WagerPlaced):
            moves += [((WALLET, seats[event.seat]), -event.amount), ((ESCROW, None), event.amount)]
        elif isinstance(event, ExtraRollCollected):
            collected.add((event.seat, EXTRA_ROLL))
            moves += [((ESCROW, None), -event.amount), ((INVENTORY, None), event.amount)]
        elif isinstance(event, BANK_EVENTS):  # a Pai Gow player bank (621a.11)
            moves += bank_moves(events, index, seats)
        elif isinstance(event, WagerSettled):
            source = INVENTORY if (event.seat, event.spot) in collected else ESCROW
            collected.discard((event.seat, event.spot))
            moves += [
                ((source, None), -event.amount),
                ((WALLET, seats[event.seat]), event.returned + event.won),
                ((INVENTORY, None), event.amount - event.returned - event.won),
            ]
        lines: dict[tuple[str, str | None], Cents] = {}
        for key, amount in moves:
            lines[key] = lines.get(key, 0) + amount
        lines = {key: amount for key, amount in lines.items() if amount}
        if index >= first_new and lines:
            kind = str(getattr(event, "type", type(event).__name__))
            result.append(RoundPosting(index, kind, event.cite, lines))
    return result


# --- idempotency keys ---------------------------------------------------------------------
_ANSWER = Statement.of(
    "SELECT request_sha256, status_code, response_json FROM idempotency_keys "
    "WHERE player_id = :player AND key = :key"
)
_INSERT_ANSWER = Statement.of(
    "INSERT INTO idempotency_keys (player_id, key, request_sha256, status_code, "
    "response_json, created_at) VALUES (:player_id, :key, :request_sha256, :status_code, "
    ":response_json, :created_at)"
)


@dataclass(frozen=True)
class StoredAnswer:
    """The first answer to a request made with an ``Idempotency-Key``: the request's
    sha256, the HTTP status and the JSON body."""

    request_sha256: str
    status_code: int
    response_json: str


def stored_answer(session: Session, player_id: str, key: str) -> StoredAnswer | None:
    """The answer stored for ``player_id``'s ``key``, or ``None`` (one SELECT)."""
    found = raw(session).execute(_ANSWER, {"player": player_id, "key": key}).fetchone()
    return None if found is None else StoredAnswer(*found)


def store_answer(session: Session, player_id: str, key: str, answer: StoredAnswer) -> None:
    """Store ``answer`` for ``player_id``'s ``key`` in the caller's transaction (one
    ``INSERT``); the same key twice raises :class:`IntegrityError` (the primary key)."""
    db = raw(session)
    db.execute(
        _INSERT_ANSWER,
        {
            "player_id": player_id,
            "key": key,
            "request_sha256": answer.request_sha256,
            "status_code": answer.status_code,
            "response_json": answer.response_json,
            "created_at": db.when(now()),
        },
    )


# --- the command path: few statements, live rounds kept between requests ------------------
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
      settings and rules** by table id: none is ever deleted, and none changes owner,
      role, token, settings or rules.
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
        self.rules: dict[str, RulesSubmission] = {}
        """Table id -> the table's Rules Submission (likewise never changed)."""
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


@orm_event.listens_for(Session, "after_commit")
def _publish_staged(session: Session) -> None:
    staged = session.info.pop(STAGED, None)
    if staged:
        cache = process_cache(session)
        for round_id, entry in staged.items():
            cache.keep(round_id, entry.version, entry.round)


@orm_event.listens_for(Session, "after_soft_rollback")
def _drop_staged(session: Session, _previous: Any) -> None:
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


# The command path's statements, on the DB-API connection (croupier.ledger.db.Raw).
_MOVE_HEAD = Statement.of(
    "UPDATE tables SET event_count = :count, head_hash = :head "
    "WHERE id = :id AND event_count = :old"
)
_MOVE_ROUND = Statement.of(
    "UPDATE rounds SET version = :version, status = :status WHERE id = :id AND version = :old"
)
_BALANCE = Statement.of("SELECT kind, balance FROM accounts WHERE id = :id")
_INSERT_ROUND = Statement.of(
    "INSERT INTO rounds (id, table_id, number, version, status, opened_at) "
    "VALUES (:id, :table_id, :number, :version, :status, :opened_at)"
)
_EVENT_COLUMNS = ("table_id", "seq", "round_id", "index", "type", "body", "prev_hash", "hash")


def _rows(count: int, columns: Sequence[str], casts: dict[str, str] | None = None) -> str:
    """``VALUES`` rows of named parameters ``:column0, ...`` (cast where ``casts`` says, so
    that PostgreSQL knows a bare parameter's type)."""
    casts = casts or {}

    def one(i: int) -> str:
        return ", ".join(
            f"CAST(:{c}{i} AS {casts[c]})" if c in casts else f":{c}{i}" for c in columns
        )

    return ", ".join(f"({one(i)})" for i in range(count))


def _numbered(rows: Sequence[dict[str, Any]], prefix: str = "") -> dict[str, Any]:
    """The parameters of :func:`_rows`: row ``i``'s ``column`` as ``{prefix}column{i}``."""
    return {f"{prefix}{key}{i}": value for i, row in enumerate(rows) for key, value in row.items()}


@functools.lru_cache(maxsize=64)
def _insert_events(count: int) -> Statement:
    """``count`` events in one ``INSERT`` (one round trip, where ``executemany`` costs
    more)."""
    columns = ", ".join(f'"{c}"' if c == "index" else c for c in _EVENT_COLUMNS)
    rows = ", ".join(
        "(" + ", ".join(f":{c}{i}" for c in _EVENT_COLUMNS) + ", :created_at)" for i in range(count)
    )
    return Statement.of(f"INSERT INTO events ({columns}, created_at) VALUES {rows}")


@functools.lru_cache(maxsize=64)
def _move_balances(count: int) -> Statement:
    """``count`` accounts' balances moved in one ``UPDATE``, returning each moved account's
    id and new balance; an account where a wallet or escrow would go below zero is not
    moved (and not returned)."""
    values = _rows(count, ("id", "amount"), {"id": "INTEGER", "amount": "BIGINT"})
    return Statement.of(
        "UPDATE accounts SET balance = accounts.balance + v.column2 "
        f"FROM (VALUES {values}) AS v WHERE accounts.id = v.column1 "
        "AND (accounts.kind NOT IN ('wallet', 'escrow') OR accounts.balance + v.column2 >= 0) "
        "RETURNING accounts.id, accounts.balance"
    )


@functools.lru_cache(maxsize=64)
def _insert_lines(count: int) -> Statement:
    values = _rows(count, ("posting_id", "account_id", "amount"))
    return Statement.of(
        f"INSERT INTO posting_lines (posting_id, account_id, amount) VALUES {values}"
    )


@functools.lru_cache(maxsize=64)
def _insert_postings(count: int) -> Statement:
    """``count`` postings of one round in one ``INSERT``, returning each id with its event
    index and kind (together unique in a command's postings), so that no order of the
    returned rows is assumed."""
    rows = ", ".join(
        f"(:kind{i}, :table_id, :round_id, :event_index{i}, :cite{i}, :created_at)"
        for i in range(count)
    )
    return Statement.of(
        "INSERT INTO postings (kind, table_id, round_id, event_index, cite, created_at) "
        f"VALUES {rows} RETURNING id, event_index, kind"
    )


@functools.lru_cache(maxsize=512)
def _write_command(
    events: int, *, new_round: bool, moves: int, postings: int, lines: int
) -> Statement:
    """PostgreSQL: everything a command writes, in one statement (one round trip; a data-
    modifying ``WITH``): the chain head's compare-and-set; the round's (an ``INSERT`` when
    new, else a compare-and-set on its version); ``events`` events; ``moves`` balances
    (:func:`_move_balances`); ``postings`` postings and their ``lines`` lines, each line
    joined to its posting by (event index, kind). Returns one row per balance moved (at
    least one row): how many table rows, round rows and lines it wrote, and the account's
    id and new balance (``NULL`` where none moved). Table rows or round rows other than 1
    mean the command is stale; fewer balances than ``moves``, that a guard refused."""
    if new_round:
        round_ = (
            "INSERT INTO rounds (id, table_id, number, version, status, opened_at) "
            "VALUES (:round_id, :id, :number, :version, :status, :created_at)"
        )
    else:
        round_ = (
            "UPDATE rounds SET version = :version, status = :status "
            "WHERE id = :round_id AND version = :round_old"
        )
    parts = [
        f"h AS ({_MOVE_HEAD.sqlite} RETURNING 1)",
        f"r AS ({round_} RETURNING 1)",
        f"e AS ({_insert_events(events).sqlite} RETURNING 1)",
    ]
    counted = "0"
    if moves:
        parts.append(f"b AS ({_move_balances(moves).sqlite})")
    if postings:
        values = _rows(
            lines,
            ("line_event_index", "line_kind", "line_account_id", "line_amount"),
            {
                "line_event_index": "INTEGER",
                "line_kind": "VARCHAR",
                "line_account_id": "INTEGER",
                "line_amount": "BIGINT",
            },
        )
        parts += [
            f"p AS ({_insert_postings(postings).sqlite})",
            "l AS (INSERT INTO posting_lines (posting_id, account_id, amount) "
            f"SELECT p.id, v.column3, v.column4 FROM p JOIN (VALUES {values}) AS v "
            "ON p.event_index = v.column1 AND p.kind = v.column2 RETURNING 1)",
        ]
        counted = "(SELECT count(*) FROM l)"
    counts = f"SELECT (SELECT count(*) FROM h) AS h, (SELECT count(*) FROM r) AS r, {counted} AS l"
    balances = "LEFT JOIN b ON true" if moves else "LEFT JOIN (SELECT NULL, NULL) AS b ON false"
    return Statement.of(f"WITH {', '.join(parts)} SELECT c.*, b.* FROM ({counts}) AS c {balances}")


def _head_sql(aggregate: str) -> str:
    """The command head's query; ``aggregate`` is the dialect's string aggregate."""
    return (
        "SELECT t.game, t.event_count, t.head_hash, "
        "(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.player_id = :player), "
        "r.id, r.version, "
        "CASE WHEN r.deadline IS NOT NULL AND r.deadline <= :now THEN 1 ELSE 0 END, "
        "r.deadline, r.deadline_kind, "
        # What opening the next round needs, read only when none is open:
        "CASE WHEN r.id IS NULL THEN "
        "(SELECT max(x.number) FROM rounds x WHERE x.table_id = t.id) END, "
        f"CASE WHEN r.id IS NULL THEN (SELECT {aggregate}(s.seat || '=' || s.player_id, ',') "
        "FROM seats s WHERE s.table_id = t.id) END, "
        "k.request_sha256, k.status_code, k.response_json "
        "FROM tables t LEFT JOIN rounds r ON r.table_id = t.id AND r.status = 'open' "
        "LEFT JOIN idempotency_keys k ON k.player_id = :player AND k.key = :key "
        "WHERE t.id = :table"
    )


_HEAD = Statement(
    Statement.of(_head_sql("group_concat")).sqlite,
    # PostgreSQL: the table's row locked in the same statement, so that commands at one
    # table queue instead of racing (SQLite's BEGIN IMMEDIATE already serializes writers).
    Statement.of(_head_sql("string_agg") + " FOR UPDATE OF t").postgresql,
)


@dataclass(frozen=True)
class CommandHead:
    """What a command needs to know first, read in one query: the table's game and chain
    head, the caller's seat there, the open round with its version and deadline, what
    opening the next round needs when none is open, and the answer stored for the
    command's ``Idempotency-Key``."""

    table_id: str
    game: str
    event_count: int
    head_hash: str
    seat: int | None
    round_id: str | None
    round_version: int | None
    deadline_passed: bool = False
    """The open round has a deadline (croupier.server.driver.schedule) at or before the
    ``now`` given to :func:`command_head`."""
    deadline: Any = None
    """The open round's deadline as stored (SQLite: text), or ``None``."""
    deadline_kind: str | None = None
    last_number: int | None = None
    """With no round open: the number of the table's last round (``None``: none yet)."""
    seats: dict[int, str] | None = None
    """With no round open: seat -> player id of everyone seated now."""
    answer: StoredAnswer | None = None
    """The answer stored for the ``key`` given to :func:`command_head`, if any."""


def command_head(
    session: Session,
    table_id: str,
    player_id: str,
    now: datetime | None = None,
    key: str | None = None,
) -> CommandHead:
    """Read :class:`CommandHead` (with ``now``: also whether the open round's deadline has
    passed by then; with ``key``: the answer stored for ``player_id``'s request with that
    ``Idempotency-Key``; all in the same query). On PostgreSQL the table's row is locked
    first (``FOR UPDATE``) so that commands at one table queue instead of racing (SQLite's
    ``BEGIN IMMEDIATE`` already serializes writers). Raises :class:`NotFound`."""
    db = raw(session)
    found = db.execute(
        _HEAD, {"table": table_id, "player": player_id, "now": db.when(now), "key": key}
    ).fetchone()
    if found is None:
        raise NotFound(f"no table {table_id!r}", "ledger")
    game, count, head, seat, round_id, version, due, deadline, kind, last, seated = found[:11]
    request_sha256, status_code, response_json = found[11:]
    seats = None
    if round_id is None:
        pairs = (pair.split("=", 1) for pair in seated.split(",")) if seated else ()
        seats = {int(number): player for number, player in pairs}
    answer = None
    if request_sha256 is not None:
        answer = StoredAnswer(request_sha256, status_code, response_json)
    return CommandHead(
        table_id,
        game,
        count,
        head,
        seat,
        round_id,
        version,
        bool(due),
        deadline,
        kind,
        last,
        seats,
        answer,
    )


def live_round(session: Session, round_id: str, version: int) -> Round[Any]:
    """The open round ``round_id`` stored at ``version``, for a command to change: the round
    this transaction staged at that version, or this process's live round taken out of its
    cache (:meth:`ProcessCache.take`), else read from the database and verified by replay
    (:func:`load_round`). If the command fails, the transaction's rollback drops what it
    changed, and the next command reads the round back from its events."""
    found = staged_round(session, round_id, version, copy=False)
    if found is None:
        found = process_cache(session).take(round_id, version)
    if found is not None:
        return found
    row, round_ = load_round(session, round_id)
    if row.version != version:
        raise StaleVersion(
            f"round {round_id} changed while this command was handled; send it again",
            "server:optimistic-concurrency",
        )
    return round_


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event row as :func:`store_command` inserted it."""

    table_id: str
    seq: int
    round_id: str
    index: int
    type: str
    body: str
    prev_hash: str
    hash: str


@dataclass
class StoredCommand:
    """What :func:`store_command` wrote."""

    events: list[NewEvent]
    balances: dict[int, Cents] = field(default_factory=dict)
    """Account id -> balance after the command, for every account it moved."""


def account_id(
    session: Session, kind: str, *, player_id: str | None = None, table_id: str | None = None
) -> int:
    """The id of an account (cached per process: accounts never change owner)."""
    cache = process_cache(session)
    key = (kind, player_id, table_id)
    found = cache._accounts.get(key)
    if found is None:
        found = cache._accounts[key] = account(
            session, kind, player_id=player_id, table_id=table_id
        ).id
    return found


def store_command(
    session: Session,
    head: CommandHead,
    round_row: RoundRow,
    old_version: int | None,
    round_: Round[Any],
    first_new: int,
    status: str,
) -> StoredCommand:
    """Store what one command did to ``round_`` (events from ``first_new`` on), all in the
    caller's transaction and in few statements:

    1. the table's chain head, compare-and-set on its event count (:class:`StaleVersion`);
    2. the round: inserted when new (``old_version`` ``None``; a second open round at the
       table, or the same number twice, is refused by unique indexes), else its version
       and status, compare-and-set on ``old_version``;
    3. the events (one multi-row ``INSERT``), hash-chained from the head;
    4. the balances: one ``UPDATE`` for every account the command's postings move, which
       refuses (:class:`InsufficientFunds`) to take a wallet or escrow below zero;
    5. the postings and their lines (multi-row ``INSERT`` statements).

    On PostgreSQL all of it is one statement (:func:`_write_command`); on SQLite (local
    calls, no round trips) a statement each. After any error the caller rolls back. The
    round goes to the process cache when the transaction commits (:func:`stage_round`).
    """
    db = raw(session)
    events = round_.events[first_new:]
    version = len(round_.events)
    old_count = head.event_count
    seq, chain = head.event_count, head.head_hash
    created = db.when(now())
    rows: list[NewEvent] = []
    for offset, new_event in enumerate(events):
        body = canonical(new_event)
        digest = chain_hash(chain, body)
        kind = str(getattr(new_event, "type", type(new_event).__name__))
        rows.append(
            NewEvent(
                round_row.table_id, seq, round_row.id, first_new + offset, kind, body, chain, digest
            )
        )
        seq, chain = seq + 1, digest
    stale = StaleVersion(
        f"table {round_row.table_id} changed while this command was handled; send it again",
        "server:optimistic-concurrency",
    )
    money = _money(session, round_row.table_id, round_.events, first_new)
    chain_params = {"id": round_row.table_id, "old": old_count, "count": seq, "head": chain}
    event_params = _numbered([{c: getattr(r, c) for c in _EVENT_COLUMNS} for r in rows])
    if db.postgresql and rows:  # everything in one statement: one round trip
        params = (
            event_params | chain_params | money.params(round_row.table_id, round_row.id, created)
        )
        params |= {"round_id": round_row.id, "version": version, "status": status}
        params |= {"number": round_row.number, "round_old": old_version}
        statement = _write_command(
            len(rows),
            new_round=old_version is None,
            moves=len(money.moves),
            postings=len(money.postings),
            lines=len(money.lines),
        )
        try:
            found = db.execute(statement, params).fetchall()
        except IntegrityError as error:
            raise StaleVersion(
                f"another round opened at table {round_row.table_id}, or the table moved on; "
                "send the command again",
                "server:optimistic-concurrency",
            ) from error
        heads, rounds, lines = found[0][:3]
        if heads != 1 or rounds != 1:
            raise stale
        if lines != len(money.lines):
            raise LedgerError("a posting line lost its posting", "ledger")
        balances = {row[3]: row[4] for row in found if row[3] is not None}
        money.check(db, balances)
    else:
        moved = db.execute(_MOVE_HEAD, chain_params)
        if moved.rowcount != 1:
            raise stale
        if old_version is None:
            try:
                db.execute(
                    _INSERT_ROUND,
                    {
                        "id": round_row.id,
                        "table_id": round_row.table_id,
                        "number": round_row.number,
                        "version": version,
                        "status": status,
                        "opened_at": created,
                    },
                )
            except IntegrityError as error:
                raise StaleVersion(
                    f"another round opened at table {round_row.table_id}; send the command again",
                    "server:optimistic-concurrency",
                ) from error
        else:
            moved = db.execute(
                _MOVE_ROUND,
                {"id": round_row.id, "old": old_version, "version": version, "status": status},
            )
            if moved.rowcount != 1:
                raise stale
        if rows:
            db.execute(_insert_events(len(rows)), {**event_params, "created_at": created})
        balances = money.write(db, round_row.table_id, round_row.id, created)
    if old_version is None:  # a new round has no deadline yet
        stage_round(session, round_row.id, version, round_)
    else:
        stage_round(session, round_row.id, version, round_, head.deadline, head.deadline_kind)
    return StoredCommand(rows, balances)


@dataclass(frozen=True)
class _Money:
    """The postings of a command's new events (:func:`round_postings`), by account id."""

    postings: list[tuple[RoundPosting, dict[int, Cents]]]
    """Each posting with its lines: account id -> signed cents (summing to zero)."""
    moves: list[dict[str, Any]]
    """The net amount per account (``id``, ``amount``), in account id order."""
    lines: list[dict[str, Any]]
    """Every posting's lines (``event_index``, ``kind``, ``account_id``, ``amount``)."""

    def params(self, table_id: str, round_id: str, created: Any) -> dict[str, Any]:
        """The parameters of :func:`_move_balances`, :func:`_insert_postings` and (with
        the prefix ``line_``) the lines."""
        params: dict[str, Any] = {"table_id": table_id, "round_id": round_id}
        params["created_at"] = created
        for i, (posting, _) in enumerate(self.postings):
            params[f"kind{i}"] = posting.kind
            params[f"event_index{i}"] = posting.event_index
            params[f"cite{i}"] = posting.cite
        return params | _numbered(self.moves) | _numbered(self.lines, "line_")

    def check(self, db: Raw, balances: dict[int, Cents]) -> None:
        """Raise :class:`InsufficientFunds` for an account that the balances' guard
        refused to move (no wallet or escrow goes below zero): its id is missing from
        ``balances``, the moved accounts' new balances."""
        for move in self.moves:
            if move["id"] not in balances:
                kind, held = db.execute(_BALANCE, {"id": move["id"]}).fetchone()
                whose = "the wallet balance" if kind == WALLET else f"the {kind}"
                raise InsufficientFunds(
                    f"{format_cents(-move['amount'])} is more than {whose} of {format_cents(held)}",
                    "ledger:no-negative-balance",
                )

    def write(self, db: Raw, table_id: str, round_id: str, created: Any) -> dict[int, Cents]:
        """SQLite: move the balances (one ``UPDATE``), then the postings and their lines
        (two ``INSERT`` statements); returns the moved accounts' new balances."""
        balances: dict[int, Cents] = {}
        if self.moves:
            moved = db.execute(_move_balances(len(self.moves)), _numbered(self.moves))
            balances = dict(moved.fetchall())
            self.check(db, balances)
        if not self.postings:
            return balances
        params = self.params(table_id, round_id, created)
        made = db.execute(_insert_postings(len(self.postings)), params).fetchall()
        ids = {(index, kind): posting_id for posting_id, index, kind in made}
        written = [
            {
                "posting_id": ids[(line["event_index"], line["kind"])],
                "account_id": line["account_id"],
                "amount": line["amount"],
            }
            for line in self.lines
        ]
        db.execute(_insert_lines(len(written)), _numbered(written))
        return balances


def _money(session: Session, table_id: str, events: Sequence[Event], first_new: int) -> _Money:
    """The postings of ``events[first_new:]`` (see :func:`round_postings`) by account id.
    Each posting's lines sum to zero (checked), and no two postings of one event share a
    kind (their lines are joined to them by event index and kind)."""
    postings: list[tuple[RoundPosting, dict[int, Cents]]] = []
    net: dict[int, Cents] = {}
    for posting in round_postings(events, first_new):
        lines: dict[int, Cents] = {}
        for (kind, player_id), amount in posting.lines.items():
            if kind == WALLET:
                key = account_id(session, WALLET, player_id=player_id)
            else:
                key = account_id(session, kind, table_id=table_id)
            lines[key] = lines.get(key, 0) + amount
        lines = {key: amount for key, amount in lines.items() if amount}
        if sum(lines.values()) != 0:
            raise LedgerError(f"a posting must sum to zero, not {sum(lines.values())}", "ledger")
        if lines:
            postings.append((posting, lines))
            for key, amount in lines.items():
                net[key] = net.get(key, 0) + amount
    if len({(posting.event_index, posting.kind) for posting, _ in postings}) < len(postings):
        raise LedgerError("two postings of one event share a kind", "ledger")
    moves = [{"id": key, "amount": amount} for key, amount in sorted(net.items()) if amount]
    lines_out = [
        {"event_index": posting.event_index, "kind": posting.kind, "account_id": key, "amount": v}
        for posting, moved in postings
        for key, v in moved.items()
    ]
    return _Money(postings, moves, lines_out)
