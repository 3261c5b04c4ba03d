"""The money's hash chains: every posting is chained, like the events, so that a posting
raised, lowered or deleted in the database no longer verifies.

A table's postings (a round's money) are chained along the table: the head is kept on
the table's row (``posting_count``, ``posting_head``) and moves with the event chain's
head in the command's one compare-and-set (:mod:`croupier.ledger.commands`). Every other
posting (a deposit, a withdrawal, play money) is chained along the house chain, whose
head is the ``house`` row of ``ledger_heads``, locked while a posting is added
(:func:`advance`).

``hash = sha256(prev_hash + canonical JSON of {"cite", "event_index", "kind", "lines",
"round_id", "table_id"})``, ``lines`` being ``[[account id, signed cents], ...]`` in
account id order; the first ``prev_hash`` of a chain is :data:`GENESIS`. Migration 0009
chained the postings written before it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.errors import NotFound
from croupier.ledger.models import GameTable, LedgerHead
from croupier.sealing import canonical_json

GENESIS = "0" * 64
"""The ``prev_hash`` of a chain's first event or posting."""
HOUSE = "house"
"""The chain of the postings that belong to no table (``ledger_heads.chain``)."""


def posting_hash(
    prev_hash: str,
    *,
    kind: str,
    table_id: str | None,
    round_id: str | None,
    event_index: int | None,
    cite: str,
    lines: Mapping[int, int],
) -> str:
    """The posting's hash (64 hex digits) after ``prev_hash``; ``lines`` is account id ->
    signed cents."""
    body = {
        "cite": cite,
        "event_index": event_index,
        "kind": kind,
        "lines": [[account, amount] for account, amount in sorted(lines.items())],
        "round_id": round_id,
        "table_id": table_id,
    }
    return hashlib.sha256((prev_hash + canonical_json(body)).encode()).hexdigest()


@dataclass
class Head:
    """A chain's head as read: how many postings it holds and the last one's hash."""

    postings: int
    hash: str


def advance(session: Session, table_id: str | None) -> tuple[Head, LedgerHead | GameTable]:
    """Lock the head of the chain a posting of ``table_id`` (``None``: the house chain)
    joins, and return it with the row that keeps it; the caller stores the new head with
    :func:`store_head` in the same transaction. On PostgreSQL the row is locked (``FOR
    UPDATE``) so that two postings cannot both follow the same head; SQLite's ``BEGIN
    IMMEDIATE`` already serializes writers."""
    if table_id is not None:
        table = session.get(GameTable, table_id, with_for_update=True, populate_existing=True)
        if table is None:
            raise NotFound(f"there is no table {table_id!r}", NOT_FOUND)
        return Head(table.posting_count, table.posting_head), table
    row = session.get(LedgerHead, HOUSE, with_for_update=True, populate_existing=True)
    if row is None:  # a database made without the migrations (metadata.create_all)
        row = LedgerHead(chain=HOUSE, postings=0, head=GENESIS)
        session.add(row)
        session.flush()
    return Head(row.postings, row.head), row


def store_head(row: LedgerHead | GameTable, head: Head) -> None:
    """Keep ``head`` as the chain's new head on the row :func:`advance` returned."""
    if isinstance(row, GameTable):
        row.posting_count, row.posting_head = head.postings, head.hash
    else:
        row.postings, row.head = head.postings, head.hash
