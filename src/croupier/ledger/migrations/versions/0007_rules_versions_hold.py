"""Versioned Rules Submissions and the hold report's running totals.

- ``rules_versions``: every version of a table's Rules Submission, with the date it takes
  effect and who filed it; each existing table's submission becomes its version 1, in
  force since the table was created.
- ``hold_days``: per table, gaming day, Rules Submission and par-sheet wager, what the
  rounds that ended put in action and won (:mod:`croupier.ledger.hold`); rounds that
  ended before this revision are added by ``croupier report hold --rebuild``.
- ``par_figures``: each wager's house edge and standard deviation per Rules Submission,
  computed once.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rules_versions",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("effective_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("filed_by", sa.String(100), nullable=False),
        sa.Column("filed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("note", sa.Text(), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("table_id", "version", name="pk_rules_versions"),
    )
    op.execute(
        "INSERT INTO rules_versions (table_id, version, rules_json, rules_sha256, "
        "effective_at, filed_by, filed_at, note) SELECT id, 1, rules_json, rules_sha256, "
        "created_at, 'table created', created_at, '' FROM tables"
    )
    op.create_table(
        "hold_days",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("wager", sa.String(80), nullable=False),
        sa.Column("rounds", sa.BigInteger(), nullable=False),
        sa.Column("stakes", sa.BigInteger(), nullable=False),
        sa.Column("handle", sa.BigInteger(), nullable=False),
        sa.Column("squares", sa.Numeric(), nullable=False),
        sa.Column("drop_amount", sa.BigInteger(), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "day", "rules_sha256", "wager", name="pk_hold_days"),
    )
    op.create_table(
        "par_figures",
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("wager", sa.String(80), nullable=False),
        sa.Column("house_edge", sa.String(200), nullable=False),
        sa.Column("std_dev", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("rules_sha256", "wager", name="pk_par_figures"),
    )


def downgrade() -> None:
    op.drop_table("par_figures")
    op.drop_table("hold_days")
    op.drop_table("rules_versions")
