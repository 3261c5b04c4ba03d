"""Sealed events: ``events.sealed`` (the commitments of the values a spectator may not
see) and ``events.salts`` (their secret salts), so that the chain runs over each event's
public form and no hash a player receives can be tried against the 52 cards it might
hide (:mod:`croupier.sealing`). Events stored before have neither: their public form is
their body, as the chain then hashed them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN on both databases: the table (and its append-only trigger) stays.
    op.add_column("events", sa.Column("sealed", sa.Text(), nullable=True))
    op.add_column("events", sa.Column("salts", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("salts")
        batch.drop_column("sealed")
