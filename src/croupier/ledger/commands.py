"""The command path: few statements, live rounds kept between requests.

:func:`command_head`, :func:`live_round`, :func:`store_command`: one query to read the
table, the caller's seat and the open round; the round from this process's
:class:`~croupier.ledger.cache.ProcessCache` when its stored version matches (else from
its events, verified by replay); then prebuilt statements (:mod:`croupier.ledger.sql`)
for the chain head, the round, the events, the balances and the postings. See
docs/performance.md, "Table server".
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.engine import Round
from croupier.game import TablePolicy, stakes_taken_back
from croupier.ledger import large_amounts
from croupier.ledger.accounts import LedgerError, NotFound, StaleVersion, account_id
from croupier.ledger.cache import process_cache, stage_round, staged_round, written
from croupier.ledger.chain import load_round, seal_event
from croupier.ledger.db import Raw, raw
from croupier.ledger.gaming_day import UTC_DAY, GamingDay
from croupier.ledger.hold import record_round
from croupier.ledger.idempotency import StoredAnswer
from croupier.ledger.models import WALLET, RoundRow, now
from croupier.ledger.posting_chain import GENESIS
from croupier.ledger.postings import Moved, _Money, _money, round_postings
from croupier.ledger.protection import (
    Guard,
    add_totals,
    check_wager,
    guard_of,
    periods,
    totals_params,
    wallet_moves,
)
from croupier.ledger.sessions import played_in
from croupier.ledger.sql import (
    _EVENT_COLUMNS,
    _HEAD,
    _INSERT_ROUND,
    _MOVE_HEAD,
    _MOVE_ROUND,
    _insert_events,
    _numbered_attributes,
    _write_command,
)
from croupier.money import Cents
from croupier.registry import spec_of
from croupier.sealing import chain_hash


class RoundRef:
    """The columns of a round the command path carries (its id, table, number, version and
    deadline as stored), in a plain object: the round a command opens or finds open is
    written by prebuilt statements, never through the ORM, so it needs no
    :class:`~croupier.ledger.models.RoundRow` (whose construction, with SQLAlchemy's
    instrumentation, cost about 17 µs, two or three times a round; issue #33)."""

    __slots__ = ("deadline", "deadline_kind", "id", "number", "table_id", "version")

    def __init__(
        self,
        id: str,
        table_id: str,
        number: int | None = None,
        version: int | None = None,
        deadline: Any = None,
        deadline_kind: str | None = None,
    ) -> None:
        self.id = id
        self.table_id = table_id
        self.number = number
        self.version = version
        self.deadline = deadline
        """As stored (SQLite: text), or ``None``."""
        self.deadline_kind = deadline_kind


RoundLike = RoundRow | RoundRef
"""A round's row: read through the ORM, or carried by the command path."""


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
    posting_count: int = 0
    """How many postings the table's money chain holds (:mod:`~croupier.ledger.posting_chain`)."""
    posting_head: str = GENESIS
    """The hash of the table's last posting."""
    gaming_day: GamingDay = UTC_DAY
    """The casino's gaming day (the periods of players' limits)."""
    guard: Guard | None = None
    """The caller's status, limits and totals (``None``: no row, so none;
    :mod:`croupier.ledger.protection`)."""
    rules_steps: int | None = None
    """How many workflow steps the table's Rules Submissions have: the version of the
    versions in force this process keeps (:func:`croupier.ledger.versions.in_force`)."""


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
        raise NotFound(f"there is no table {table_id!r}", NOT_FOUND)
    game, count, head, posting_count, posting_head = found[:5]
    seat, round_id, version, due, deadline, kind, last, seated = found[5:13]
    request_sha256, status_code, response_json = found[13:16]
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
        posting_count,
        posting_head,
        _gaming_day(found[16]),
        guard_of(found[18:]),
        int(found[17]),
    )


@functools.lru_cache(maxsize=16)
def _gaming_day(stored: str | None) -> GamingDay:
    """The gaming day stored as ``zone|hour`` (none: the UTC date)."""
    if stored is None:
        return UTC_DAY
    zone, hour = stored.rsplit("|", 1)
    return GamingDay(zone, int(hour))


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


def _in_round(round_: Round[Any], first_new: int, player_id: str) -> bool:
    """Whether ``player_id`` has a wager in ``round_`` before its event ``first_new`` (he
    plays in the round in progress, which he may finish)."""
    if first_new == 0:
        return False
    earlier = round_postings(round_.events[:first_new], 0, spec_of(round_).policy)
    return any(amount < 0 for amount in wallet_moves([p.lines for p in earlier]).get(player_id, []))


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event row as :func:`store_command` inserted it."""

    table_id: str
    seq: int
    round_id: str
    index: int
    type: str
    body: str
    sealed: str | None
    salts: str | None
    prev_hash: str
    hash: str


@dataclass
class StoredCommand:
    """What :func:`store_command` wrote."""

    events: list[NewEvent]
    balances: dict[int, Cents] = field(default_factory=dict)
    """Account id -> balance after the command, for every account it moved."""
    moves: dict[int, int] = field(default_factory=dict)
    """Account id -> its count of moves after the command (``accounts.moves``)."""


def store_command(
    session: Session,
    head: CommandHead,
    round_row: RoundLike,
    old_version: int | None,
    round_: Round[Any],
    first_new: int,
    status: str,
    *,
    player_id: str | None = None,
    at: datetime | None = None,
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
    5. the postings and their lines (multi-row ``INSERT`` statements), hash-chained from
       the table's posting head, which moves with the event head in step 1
       (:mod:`croupier.ledger.posting_chain`);
    6. when the command ends the round, its drop, win and par-sheet wagers added to the
       table's hold totals (:func:`croupier.ledger.hold.record_round`, one statement);
    7. each moved wallet's wagered and lost cents added to its player's totals of the
       day, week and month at ``at`` (default now; :func:`protection.add_totals`);
    8. each large wager or win over the table's thresholds, single or (at the round's
       end) aggregate, as a significant event (:func:`croupier.ledger.large_amounts.watch`).

    Before anything is written, the wagers of ``player_id`` (the caller, when a player)
    are checked against his status and limits (:func:`protection.check_wager`, 814a.2:
    :class:`LimitReached`, :class:`PlayStopped`).

    On PostgreSQL all of it is one statement (:func:`_write_command`); on SQLite (local
    calls, no round trips) a statement each. After any error the caller rolls back. The
    round goes to the process cache when the transaction commits (:func:`stage_round`).
    """
    db = raw(session)
    version = len(round_.events)
    moment = now()
    created = db.when(moment)
    policy = spec_of(round_).policy
    rows, seq, chain = _event_rows(head, round_row, round_, first_new, policy)
    posting_head = (head.posting_count, head.posting_head)
    money = _money(
        session, round_row.table_id, round_row.id, round_.events, first_new, policy, posting_head
    )
    wallets = wallet_moves([posting.lines for posting, _ in money.postings])
    when = at or moment
    if player_id is not None and player_id in wallets:
        _check_stakes(session, head, round_, first_new, player_id, wallets[player_id], when)
    totals = _totals(round_, first_new, policy, wallets)
    chain_params = {"id": round_row.table_id, "old": head.event_count, "count": seq, "head": chain}
    chain_params |= {"posting_count": money.head[0], "posting_head": money.head[1]}
    event_params = _numbered_attributes(rows, _EVENT_COLUMNS)
    write = _write_at_once if db.postgresql and rows else _write_each
    to_write = _Write(head, round_row, old_version, version, status, len(rows), event_params,
                         chain_params, money, totals, when, created)  # fmt: skip
    moved = write(db, to_write)
    if status != "open":  # the round ended with this command: the hold report's totals
        record_round(db, round_row.table_id, round_, moment, head.gaming_day)
    large_amounts.watch(  # GLI-19 2.8.8 (nothing read for a table without thresholds)
        session, round_row.table_id, round_row.id, round_.events, first_new, status != "open", when
    )
    _note(session, round_row, rows, seq, (version, status), wallets, moved)
    if old_version is None:  # a new round has no deadline yet
        stage_round(session, round_row.id, version, round_)
    else:
        stage_round(session, round_row.id, version, round_, head.deadline, head.deadline_kind)
    balances = {account: cents for account, (cents, _) in moved.items()}
    return StoredCommand(rows, balances, {account: n for account, (_, n) in moved.items()})


def _note(
    session: Session,
    round_row: RoundLike,
    rows: list[NewEvent],
    seq: int,
    after: tuple[int, str],
    wallets: Mapping[str, Any],
    balances: Mapping[int, Moved],
) -> None:
    """Note what the command left at its table (:func:`written`): the chain's events now,
    the events it wrote, the round after them, and the wallets it moved with their counts
    of moves (account ids are cached per process: no read)."""
    noted = written(session, round_row.table_id)
    noted.seq = seq
    noted.events.extend((row.seq, row.round_id, row.index, row.body) for row in rows)
    noted.round = (round_row.id, *after)
    for player_id in wallets:
        account = account_id(session, WALLET, player_id=player_id)
        if account in balances:
            cents, moves = balances[account]
            noted.balances[player_id] = int(cents)
            noted.moves[player_id] = int(moves)


def _event_rows(
    head: CommandHead, round_row: RoundLike, round_: Round[Any], first_new: int, policy: TablePolicy
) -> tuple[list[NewEvent], int, str]:
    """The rows of ``round_``'s events from ``first_new`` on, sealed and hash-chained from
    the table's head: (rows, the chain's event count after them, its last hash)."""
    seq, chain = head.event_count, head.head_hash
    rows: list[NewEvent] = []
    for offset, new_event in enumerate(round_.events[first_new:]):
        stored = seal_event(new_event, policy, round_.rng)
        digest = chain_hash(chain, stored.public)
        kind = str(getattr(new_event, "type", type(new_event).__name__))
        rows.append(
            NewEvent(
                round_row.table_id,
                seq,
                round_row.id,
                first_new + offset,
                kind,
                stored.body,
                stored.sealed,
                stored.salts,
                chain,
                digest,
            )
        )
        seq, chain = seq + 1, digest
    return rows, seq, chain


def _totals(
    round_: Round[Any], first_new: int, policy: TablePolicy, wallets: Mapping[str, list[int]]
) -> dict[str, tuple[Cents, Cents]]:
    """The players' running totals a command adds (814a.2): player id -> (wagered, lost).
    Wagered is what left the wallet for the table less the stakes the command's events
    return unplayed (:meth:`TablePolicy.taken_back`: withdrawn, taken down, voided); lost
    is net, the wallet's moves summed."""
    back = stakes_taken_back(policy, round_.events[first_new:], round_.opened.seats)
    return {
        pid: (-sum(a for a in amounts if a < 0) - back.get(pid, 0), -sum(amounts))
        for pid, amounts in wallets.items()
    }


def _check_stakes(
    session: Session,
    head: CommandHead,
    round_: Round[Any],
    first_new: int,
    player_id: str,
    moves: list[Cents],
    when: datetime,
) -> None:
    """Check the caller's wagers (his wallet's ``moves`` out) against his status and limits
    (814a.2, :func:`protection.check_wager`: :class:`LimitReached`, :class:`PlayStopped`)."""
    stakes = [-amount for amount in moves if amount < 0]
    check_wager(
        head.guard,
        stakes,
        now=when,
        gaming_day=head.gaming_day,
        in_round=lambda: _in_round(round_, first_new, player_id),
        played_today=lambda day: played_in(session, player_id, day, when, None),
    )


def _stale(table_id: str) -> StaleVersion:
    """The error for a table or round that moved on under a command."""
    return StaleVersion(
        f"table {table_id} changed while this command was handled; send it again",
        "server:optimistic-concurrency",
    )


@dataclass(frozen=True, slots=True)
class _Write:
    """What :func:`store_command` hands :func:`_write_at_once` or :func:`_write_each`."""

    head: CommandHead
    round_row: RoundLike
    old_version: int | None
    version: int
    status: str
    events: int
    event_params: dict[str, Any]
    chain_params: dict[str, Any]
    money: _Money
    totals: dict[str, tuple[Cents, Cents]]
    when: datetime
    created: Any


def _write_at_once(db: Raw, cmd: _Write) -> dict[int, Moved]:
    """PostgreSQL: write the command in one statement (:func:`_write_command`, one round
    trip); returns the moved accounts' balances and counts of moves."""
    params = (
        cmd.event_params
        | cmd.chain_params
        | cmd.money.params(cmd.round_row.table_id, cmd.round_row.id, cmd.created)
    )
    params |= {"round_id": cmd.round_row.id, "version": cmd.version, "status": cmd.status}
    params |= {"number": cmd.round_row.number, "round_old": cmd.old_version}
    if cmd.totals:
        params |= totals_params(cmd.totals, periods(cmd.head.gaming_day, cmd.when))
    statement = _write_command(
        cmd.events,
        new_round=cmd.old_version is None,
        moves=len(cmd.money.moves),
        postings=len(cmd.money.postings),
        lines=len(cmd.money.lines),
        totals=len(cmd.totals),
    )
    try:
        found = db.execute(statement, params).fetchall()
    except IntegrityError as error:
        raise StaleVersion(
            f"another round opened at table {cmd.round_row.table_id}, or the table moved on; "
            "send the command again",
            "server:optimistic-concurrency",
        ) from error
    heads, rounds, lines = found[0][:3]
    if heads != 1 or rounds != 1:
        raise _stale(cmd.round_row.table_id)
    if lines != len(cmd.money.lines):
        raise LedgerError("a posting line lost its posting", "ledger")
    balances = {row[3]: (int(row[4]), int(row[5])) for row in found if row[3] is not None}
    cmd.money.check(db, balances)
    return balances


def _write_each(db: Raw, cmd: _Write) -> dict[int, Moved]:
    """SQLite (no round trips), or no events: write the command a statement each; returns
    the moved accounts' balances and counts of moves."""
    moved = db.execute(_MOVE_HEAD, cmd.chain_params)
    if moved.rowcount != 1:
        raise _stale(cmd.round_row.table_id)
    if cmd.old_version is None:
        try:
            db.execute(
                _INSERT_ROUND,
                {
                    "id": cmd.round_row.id,
                    "table_id": cmd.round_row.table_id,
                    "number": cmd.round_row.number,
                    "version": cmd.version,
                    "status": cmd.status,
                    "opened_at": cmd.created,
                },
            )
        except IntegrityError as error:
            raise StaleVersion(
                f"another round opened at table {cmd.round_row.table_id}; send the command again",
                "server:optimistic-concurrency",
            ) from error
    else:
        moved = db.execute(
            _MOVE_ROUND,
            {
                "id": cmd.round_row.id,
                "old": cmd.old_version,
                "version": cmd.version,
                "status": cmd.status,
            },
        )
        if moved.rowcount != 1:
            raise _stale(cmd.round_row.table_id)
    if cmd.events:
        db.execute(_insert_events(cmd.events), {**cmd.event_params, "created_at": cmd.created})
    balances = cmd.money.write(db, cmd.round_row.table_id, cmd.round_row.id, cmd.created)
    add_totals(db, cmd.totals, periods(cmd.head.gaming_day, cmd.when))
    return balances
