"""Table settings (timers, physical dice) and the deadline of a round's current wait.

Revision ID: 0003
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (no table rebuild): SQLite keeps the tables' triggers and keys.
    op.add_column(
        "tables", sa.Column("settings_json", sa.Text, nullable=False, server_default="{}")
    )
    op.add_column("rounds", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column("rounds", sa.Column("deadline_kind", sa.String(60), nullable=True))
    op.create_index("ix_rounds_deadline", "rounds", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_rounds_deadline", table_name="rounds")
    op.drop_column("rounds", "deadline_kind")
    op.drop_column("rounds", "deadline")
    op.drop_column("tables", "settings_json")
