"""Leases renewed per process, not per table (issue #33): ``lease_holders``, one row per
server process (its address, until when it is alive); ``table_leases`` keeps only which
process deals each table (:mod:`croupier.server.lease`). A renewal then writes one row
however many tables a process deals.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lease_holders",
        sa.Column("owner", sa.String(100), primary_key=True),
        sa.Column("address", sa.String(300), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.execute("DELETE FROM table_leases")  # leases of the old form: taken again at once
    with op.batch_alter_table("table_leases") as batch:
        batch.drop_column("address")
        batch.drop_column("expires")


def downgrade() -> None:
    op.execute("DELETE FROM table_leases")
    with op.batch_alter_table("table_leases") as batch:
        batch.add_column(sa.Column("address", sa.String(300), nullable=False))
        batch.add_column(sa.Column("expires", sa.Float(), nullable=False))
    op.drop_table("lease_holders")
