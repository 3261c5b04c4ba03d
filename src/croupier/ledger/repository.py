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
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import CursorResult, func, select, true, update
from sqlalchemy.orm import Session

from croupier.engine import Event, Round, RoundOpened, WagerPlaced, WagerSettled
from croupier.errors import CroupierError
from croupier.games import GAMES
from croupier.games.high_roll_dice import EXTRA_ROLL, ExtraRollCollected
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
    return session.scalars(select(Player).where(Player.token_hash == token_hash(token))).first()


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
            whose = "your balance" if row.kind == WALLET else f"the {row.kind}"
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
    """The stored round and the round rebuilt from its events (no random source)."""
    row = session.get(RoundRow, round_id)
    if row is None:
        raise NotFound(f"no round {round_id!r}", "ledger")
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


def post_round_events(
    session: Session, table_id: str, round_id: str, events: Sequence[Event], first_new: int
) -> list[Posting]:
    """Store the postings of ``events[first_new:]`` of a round at ``table_id``."""
    ids: dict[tuple[str, str | None], int] = {}
    postings = []
    for derived in round_postings(events, first_new):
        lines: dict[int, Cents] = {}
        for (kind, player_id), amount in derived.lines.items():
            if (kind, player_id) not in ids:
                if kind == WALLET:
                    ids[(kind, player_id)] = account(session, WALLET, player_id=player_id).id
                else:
                    ids[(kind, player_id)] = account(session, kind, table_id=table_id).id
            key = ids[(kind, player_id)]
            lines[key] = lines.get(key, 0) + amount
        posting = post(
            session,
            derived.kind,
            lines,
            table_id=table_id,
            round_id=round_id,
            event_index=derived.event_index,
            cite=derived.cite,
        )
        if posting is not None:
            postings.append(posting)
    return postings
