"""The casino's gaming day and the par figures' strategies (issue #31).

``gaming_day``: one row holding the IANA time zone and the local hour each gaming day
starts (:mod:`croupier.ledger.gaming_day`). No row
means the UTC date from midnight, the day every total so far was kept under, so the
existing ``hold_days`` stay right as they are.

``par_figures.strategy``: the playing strategy each wager's figures assume, so that the
hold report can say which player its theoretical win is for. The figures kept so far
were kept without it; they are a cache of the games' exact analyses, so they are
deleted and the next report computes them again, with their strategies.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gaming_day",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("zone", sa.String(64), nullable=False),
        sa.Column("start_hour", sa.Integer(), nullable=False),
    )
    op.add_column("par_figures", sa.Column("strategy", sa.Text(), nullable=True))
    op.execute("DELETE FROM par_figures")


def downgrade() -> None:
    with op.batch_alter_table("par_figures") as batch:
        batch.drop_column("strategy")
    op.drop_table("gaming_day")
