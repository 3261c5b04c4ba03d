"""Player protection (issue #32): ``player_protection`` (a player's limits, pending
increases, status and the running totals of the current day, week and month;
58 Pa. Code 814a.2), ``player_sessions`` (812a.9, GLI-19 2.5.4) and
``failed_sign_ins`` (GLI-19 2.5.3(d)).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

LIMITS = (
    "deposit_daily",
    "deposit_weekly",
    "deposit_monthly",
    "loss_daily",
    "loss_weekly",
    "loss_monthly",
    "spend_daily",
    "spend_weekly",
    "spend_monthly",
    "single_wager",
    "time_daily",
)
TOTALS = (
    *(
        f"{what}_{period}"
        for what in ("wagered", "lost", "deposited")
        for period in ("day", "week", "month")
    ),
    "wagered_total",
    "lost_total",
)


def upgrade() -> None:
    when = sa.DateTime(timezone=True)
    op.create_table(
        "player_protection",
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("status", sa.String(20), nullable=False, server_default="active"),
        sa.Column("status_until", when, nullable=True),
        sa.Column("status_by", sa.String(32), nullable=False, server_default=""),
        sa.Column("locked_until", when, nullable=True),
        *(sa.Column(name, sa.BigInteger(), nullable=True) for name in LIMITS),
        sa.Column("pending_json", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("reminder_minutes", sa.Integer(), nullable=False, server_default="60"),
        sa.Column("day_key", sa.String(10), nullable=False, server_default=""),
        sa.Column("week_key", sa.String(10), nullable=False, server_default=""),
        sa.Column("month_key", sa.String(10), nullable=False, server_default=""),
        *(sa.Column(name, sa.BigInteger(), nullable=False, server_default="0") for name in TOTALS),
        sa.PrimaryKeyConstraint("player_id", name="pk_player_protection"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_player_protection_player_id_players"
        ),
        sa.CheckConstraint(
            "status IN ('active', 'suspended', 'self-excluded')",
            name="ck_player_protection_status_known",
        ),
    )
    op.create_table(
        "player_sessions",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("started_at", when, nullable=False),
        sa.Column("last_seen_at", when, nullable=False),
        sa.Column("ended_at", when, nullable=True),
        sa.Column("ended_why", sa.String(40), nullable=False, server_default=""),
        sa.Column("address", sa.String(64), nullable=False, server_default=""),
        sa.Column("wagered_at_start", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("lost_at_start", sa.BigInteger(), nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("id", name="pk_player_sessions"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_player_sessions_player_id_players"
        ),
    )
    # Every player has a row (its totals are kept from now on; none set a limit yet).
    op.execute("INSERT INTO player_protection (player_id) SELECT id FROM players")
    op.create_index("ix_player_sessions_player", "player_sessions", ["player_id", "started_at"])
    op.create_table(
        "failed_sign_ins",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("at", when, nullable=False),
        sa.Column("address", sa.String(64), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("id", name="pk_failed_sign_ins"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_failed_sign_ins_player_id_players"
        ),
    )
    op.create_index("ix_failed_sign_ins_player", "failed_sign_ins", ["player_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_failed_sign_ins_player", "failed_sign_ins")
    op.drop_table("failed_sign_ins")
    op.drop_index("ix_player_sessions_player", "player_sessions")
    op.drop_table("player_sessions")
    op.drop_table("player_protection")
