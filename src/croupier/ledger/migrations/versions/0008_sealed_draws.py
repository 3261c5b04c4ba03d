"""Sealed draws: each table's next server seed, announced before the round it decides,
and each player's commitment to the seed he gives with his first wager
(docs/architecture.md, "Sealed before the first wager").

- ``seals``: per table, the seed (hex) of its next round and the salt of the commitment
  announced for it (``GET /tables/{id}``' ``seal``); replaced when that round opens.
- ``seed_commitments``: per table and player, the sha256 (hex) of the seed the player
  will give with his first wager of the next round he plays there.

Tables created before this revision get their first seal when their next round opens
(that round's seed is then drawn at its opening, and its check says so).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seals",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("salt", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_seals"),
    )
    op.create_table(
        "seed_commitments",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "player_id", name="pk_seed_commitments"),
    )


def downgrade() -> None:
    op.drop_table("seed_commitments")
    op.drop_table("seals")
