"""At most one open round per table, enforced by the database (a partial unique index).

Two server processes handling commands for one table cannot both open a round: the
second insert of an open round for the table is refused whatever the processes read
before. The index also serves the command path's lookup of a table's open round.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

OPEN = sa.text("status = 'open'")


def upgrade() -> None:
    op.create_index(
        "uq_rounds_one_open",
        "rounds",
        ["table_id"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )


def downgrade() -> None:
    op.drop_index("uq_rounds_one_open", table_name="rounds")
