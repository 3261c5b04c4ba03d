"""What a table keeps between its rounds (issue #37).

``table_states``: one row per table whose game keeps a table state
(:class:`croupier.game.TableState`: the decks and their hours, equipment out of order,
the start of the game and the bank's rotation), with the last round it took in and the
notices for the floor. A table with no row begins its state with its next round.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_states",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("state_json", sa.Text(), nullable=False),
        sa.Column("rounds_taken", sa.Integer(), nullable=False),
        sa.Column("notices_json", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_states")
