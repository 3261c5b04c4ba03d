"""Drop ``ix_events_round``: the unique index on (round_id, index) serves every lookup of
a round's events (its leftmost column), and a second index on round_id only cost every
event's insert one more B-tree write.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_events_round", table_name="events")


def downgrade() -> None:
    op.create_index("ix_events_round", "events", ["round_id"])
