"""Significant events and disabling (issue #32): ``significant_events``, the typed,
append-only, hash-chained log of every change an operator or the system makes (GLI-19
2.8.8, 2.9.5; :mod:`croupier.ledger.significant_events`), whose head is the
``significant events`` row of ``ledger_heads``; and ``disabled``, the tables, games,
paytables (Rules Submission versions) and players disabled now (GLI-19 2.4.1, 4.15;
:mod:`croupier.ledger.disabling`).

The log begins empty: what was done before this revision is in the records it was kept
in then (``rules_version_states``, the events of the rounds).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

CHAIN = "significant events"
GENESIS = "0" * 64


def upgrade() -> None:
    op.create_table(
        "significant_events",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("before_json", sa.Text(), nullable=False),
        sa.Column("after_json", sa.Text(), nullable=False),
        sa.Column("words", sa.Text(), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("seq", name="pk_significant_events"),
    )
    op.create_index("ix_significant_events_kind", "significant_events", ["kind"])
    op.create_index("ix_significant_events_subject", "significant_events", ["subject"])
    op.create_table(
        "disabled",
        sa.Column("thing", sa.String(20), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("by", sa.String(100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("thing", "subject", name="pk_disabled"),
        sa.CheckConstraint("thing IN ('table', 'game', 'paytable', 'player')", name="thing"),
    )
    op.execute(
        sa.text(
            "INSERT INTO ledger_heads (chain, postings, head) VALUES (:chain, 0, :head)"
        ).bindparams(chain=CHAIN, head=GENESIS)
    )


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM ledger_heads WHERE chain = :chain").bindparams(chain=CHAIN))
    op.drop_table("disabled")
    op.drop_index("ix_significant_events_subject", "significant_events")
    op.drop_index("ix_significant_events_kind", "significant_events")
    op.drop_table("significant_events")
