"""Round money: the postings a round's events make, and (:class:`_Money`) those of a
command's new events by account id, with the statements that write them on SQLite.

**Round money** comes from the events (:func:`round_postings`), as the game's table
policy says (:func:`croupier.game.event_moves`): by the common rule a wager moves from
the wallet to the table's escrow when placed, and a settlement pays ``returned + won``
to the wallet, the stake from escrow and the rest from or to the inventory; a game moves
more where its rules do (High Roll Dice's Extra Roll collected by the table; a Pai Gow
player bank's chips and result: :meth:`croupier.game.TablePolicy.moves`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from croupier.engine import Event, RoundOpened
from croupier.game import TablePolicy, event_moves
from croupier.ledger.accounts import InsufficientFunds, LedgerError, account_id
from croupier.ledger.db import Raw
from croupier.ledger.models import WALLET
from croupier.ledger.posting_chain import posting_hash
from croupier.ledger.sql import (
    _BALANCE,
    _insert_lines,
    _insert_postings,
    _move_balances,
    _numbered,
)
from croupier.money import Cents, format_cents

Moved = tuple[Cents, int]
"""A moved account's new balance and its count of moves (``accounts.moves``)."""


@dataclass(frozen=True)
class RoundPosting:
    event_index: int
    kind: str
    cite: str
    lines: dict[tuple[str, str | None], Cents]
    """(account kind, player id or None for the table's accounts) -> signed cents."""


def round_postings(
    events: Sequence[Event], first_new: int, policy: TablePolicy
) -> list[RoundPosting]:
    """The money each event from index ``first_new`` on moves under the game's ``policy``
    (see the module's notes)."""
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    seats = opened.seats
    result: list[RoundPosting] = []
    for index in range(first_new, len(events)):
        lines: dict[tuple[str, str | None], Cents] = {}
        for key, amount in event_moves(policy, events, index, seats):
            lines[key] = lines.get(key, 0) + amount
        lines = {key: amount for key, amount in lines.items() if amount}
        if lines:
            event = events[index]
            kind = str(getattr(event, "type", type(event).__name__))
            result.append(RoundPosting(index, kind, event.cite, lines))
    return result


@dataclass(frozen=True)
class _Money:
    """The postings of a command's new events (:func:`round_postings`), by account id."""

    postings: list[tuple[RoundPosting, dict[int, Cents]]]
    """Each posting with its lines: account id -> signed cents (summing to zero)."""
    moves: list[dict[str, Any]]
    """The net amount per account (``id``, ``amount``), in account id order."""
    lines: list[dict[str, Any]]
    """Every posting's lines (``event_index``, ``kind``, ``account_id``, ``amount``)."""
    hashes: list[tuple[str, str]]
    """Each posting's place in the table's posting chain: (``prev_hash``, ``hash``)."""
    head: tuple[int, str]
    """The table's posting chain after these postings: (postings, hash of the last)."""

    def params(self, table_id: str, round_id: str, created: Any) -> dict[str, Any]:
        """The parameters of :func:`_move_balances`, :func:`_insert_postings` and (with
        the prefix ``line_``) the lines."""
        moves = _numbered(self.moves) | _numbered(self.lines, "line_")
        return self.posting_params(table_id, round_id, created) | moves

    def posting_params(self, table_id: str, round_id: str, created: Any) -> dict[str, Any]:
        """The parameters of :func:`_insert_postings` alone (SQLite's statement)."""
        params: dict[str, Any] = {"table_id": table_id, "round_id": round_id}
        params["created_at"] = created
        for i, (posting, _) in enumerate(self.postings):
            params[f"kind{i}"] = posting.kind
            params[f"event_index{i}"] = posting.event_index
            params[f"cite{i}"] = posting.cite
            params[f"posting_prev{i}"], params[f"posting_hash{i}"] = self.hashes[i]
        return params

    def check(self, db: Raw, balances: Mapping[int, object]) -> None:
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

    def write(self, db: Raw, table_id: str, round_id: str, created: Any) -> dict[int, Moved]:
        """SQLite: move the balances (one ``UPDATE``), then the postings and their lines
        (two ``INSERT`` statements); returns the moved accounts' new balances and counts
        of moves."""
        balances: dict[int, Moved] = {}
        if self.moves:
            moved = db.execute(_move_balances(len(self.moves)), _numbered(self.moves))
            balances = {row[0]: (int(row[1]), int(row[2])) for row in moved.fetchall()}
            self.check(db, balances)
        if not self.postings:
            return balances
        params = self.posting_params(table_id, round_id, created)
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


def _money(
    session: Session,
    table_id: str,
    round_id: str,
    events: Sequence[Event],
    first_new: int,
    policy: TablePolicy,
    head: tuple[int, str],
) -> _Money:
    """The postings of ``events[first_new:]`` (see :func:`round_postings`) by account id,
    hash-chained after the table's posting chain ``head`` (postings, last hash;
    :mod:`croupier.ledger.posting_chain`). Each posting's lines sum to zero (checked), and
    no two postings of one event share a kind (their lines are joined to them by event
    index and kind)."""
    postings: list[tuple[RoundPosting, dict[int, Cents]]] = []
    net: dict[int, Cents] = {}
    for posting in round_postings(events, first_new, policy):
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
    count, last = head
    hashes: list[tuple[str, str]] = []
    for posting, moved in postings:
        digest = posting_hash(
            last,
            kind=posting.kind,
            table_id=table_id,
            round_id=round_id,
            event_index=posting.event_index,
            cite=posting.cite,
            lines=moved,
        )
        hashes.append((last, digest))
        count, last = count + 1, digest
    moves = [{"id": key, "amount": amount} for key, amount in sorted(net.items()) if amount]
    lines_out = [
        {"event_index": posting.event_index, "kind": posting.kind, "account_id": key, "amount": v}
        for posting, moved in postings
        for key, v in moved.items()
    ]
    return _Money(postings, moves, lines_out, hashes, (count, last))
