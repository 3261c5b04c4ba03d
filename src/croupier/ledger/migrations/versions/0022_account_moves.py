"""Each account counts the times its balance moved (issue #33): ``accounts.moves``, raised
by one in the same ``UPDATE`` that moves the balance (no write more), under the row's
lock, so that of two moves of one wallet the one committed later has the higher count.
A server process that keeps a player's balance in memory
(:class:`croupier.server.live.LiveTables`) keeps it with its count and never takes an
older balance, heard or read late, for a newer one. Existing accounts start at 0.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN on SQLite too (a constant default): no copy of the table, which
    # the postings' and sessions' foreign keys to it would refuse.
    op.add_column(
        "accounts",
        sa.Column("moves", sa.BigInteger(), nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    op.drop_column("accounts", "moves")
