"""The money's hash chains (issue #31): ``postings.prev_hash`` and ``postings.hash``, each
table's posting head (``tables.posting_count``, ``tables.posting_head``) and the house
chain's (``ledger_heads``, the postings that belong to no table: deposits, withdrawals,
play money); :mod:`croupier.ledger.posting_chain`.

The postings written before this revision are chained here, in id order along their
chain, so that every posting verifies alike (``croupier verify``).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

GENESIS = "0" * 64
HOUSE = "house"


def _posting_hash(prev_hash: str, row: sa.Row[tuple[object, ...]], lines: list[list[int]]) -> str:
    """``croupier.ledger.posting_chain.posting_hash`` as of this revision (a migration
    keeps its own copy; tests/server/test_money_audit.py checks that the two agree)."""
    body = {
        "cite": row.cite,
        "event_index": row.event_index,
        "kind": row.kind,
        "lines": sorted(lines),
        "round_id": row.round_id,
        "table_id": row.table_id,
    }
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((prev_hash + text).encode()).hexdigest()


def upgrade() -> None:
    op.add_column("postings", sa.Column("prev_hash", sa.String(64), nullable=True))
    op.add_column("postings", sa.Column("hash", sa.String(64), nullable=True))
    op.add_column(
        "tables", sa.Column("posting_count", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column(
        "tables",
        sa.Column("posting_head", sa.String(64), nullable=False, server_default=GENESIS),
    )
    op.create_table(
        "ledger_heads",
        sa.Column("chain", sa.String(64), nullable=False),
        sa.Column("postings", sa.Integer(), nullable=False),
        sa.Column("head", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("chain", name="pk_ledger_heads"),
    )
    bind = op.get_bind()
    lines: dict[int, list[list[int]]] = defaultdict(list)
    for posting_id, account_id, amount in bind.execute(
        sa.text("SELECT posting_id, account_id, amount FROM posting_lines")
    ):
        lines[posting_id].append([int(account_id), int(amount)])
    heads: dict[str | None, tuple[int, str]] = {}
    postings = bind.execute(
        sa.text("SELECT id, kind, table_id, round_id, event_index, cite FROM postings ORDER BY id")
    ).all()
    for row in postings:
        count, prev = heads.get(row.table_id, (0, GENESIS))
        digest = _posting_hash(prev, row, lines[row.id])
        bind.execute(
            sa.text("UPDATE postings SET prev_hash = :prev, hash = :hash WHERE id = :id"),
            {"prev": prev, "hash": digest, "id": row.id},
        )
        heads[row.table_id] = (count + 1, digest)
    for table_id, (count, head) in heads.items():
        if table_id is not None:
            bind.execute(
                sa.text(
                    "UPDATE tables SET posting_count = :count, posting_head = :head WHERE id = :id"
                ),
                {"count": count, "head": head, "id": table_id},
            )
    count, head = heads.get(None, (0, GENESIS))
    bind.execute(
        sa.text("INSERT INTO ledger_heads (chain, postings, head) VALUES (:chain, :n, :head)"),
        {"chain": HOUSE, "n": count, "head": head},
    )


def downgrade() -> None:
    # A plain DROP COLUMN on both databases (SQLite 3.35 or later): rebuilding ``tables``
    # in a batch would drop a table other tables' foreign keys name.
    op.drop_table("ledger_heads")
    for table, column in (
        ("tables", "posting_head"),
        ("tables", "posting_count"),
        ("postings", "hash"),
        ("postings", "prev_hash"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
