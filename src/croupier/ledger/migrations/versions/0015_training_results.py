"""Dealer training (issue #35): ``training_results``, one row per answer of a trainee's
drill session (the game, the drill and level, what was asked, the engine's answer and
the one given, right or wrong, the seconds taken, the section).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "training_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("session_id", sa.String(32), nullable=False),
        sa.Column("trainee", sa.String(100), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("drill", sa.String(20), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("item", sa.Integer(), nullable=False),
        sa.Column("question", sa.String(200), nullable=False),
        sa.Column("expected", sa.String(100), nullable=False),
        sa.Column("given", sa.String(100), nullable=False),
        sa.Column("right", sa.Boolean(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("cite", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_training_results"),
    )
    op.create_index("ix_training_results_session_id", "training_results", ["session_id"])
    op.create_index("ix_training_results_trainee", "training_results", ["trainee", "at"])


def downgrade() -> None:
    op.drop_index("ix_training_results_trainee", "training_results")
    op.drop_index("ix_training_results_session_id", "training_results")
    op.drop_table("training_results")
