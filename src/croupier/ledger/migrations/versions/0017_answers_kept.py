"""Stored command answers kept for a window (issue #33): ``idempotency_keys`` keeps, for a
command's answer, where its events are (the table, the round, the table's event sequence
number its first event took, the round's version and status after it) and the caller's
balance then, so that once the answer's JSON is forgotten (``response_json`` set to NULL
after the retention window, :func:`croupier.ledger.idempotency.forget_answers`) a request
sent again is answered from the stored events, in the same shape.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

_COLUMNS = (
    ("table_id", sa.String(64)),
    ("round_id", sa.String(200)),
    ("first_seq", sa.Integer()),
    ("round_version", sa.Integer()),
    ("round_status", sa.String(16)),
    ("balance", sa.BigInteger()),
)


def upgrade() -> None:
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.alter_column("response_json", existing_type=sa.Text(), nullable=True)
        for name, kind in _COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM idempotency_keys WHERE response_json IS NULL")
    with op.batch_alter_table("idempotency_keys") as batch:
        for name, _kind in reversed(_COLUMNS):
            batch.drop_column(name)
        batch.alter_column("response_json", existing_type=sa.Text(), nullable=False)
