"""One owner per table (issue #33): ``table_leases``, the lease a server process holds on
each table it deals (:mod:`croupier.server.lease`).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(100), primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("address", sa.String(300), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_owner", table_name="table_leases")
    op.drop_table("table_leases")
