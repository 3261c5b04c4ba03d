"""Display names' keys stored (issue #33, :mod:`croupier.ledger.names`): ``players.name_key``
holds each account's name as names are compared (:func:`croupier.ledger.names.key`) under
a unique index, so that the check at sign-up is one indexed lookup, not a scan of every
player, and two sign-ups of one name at once are told apart by the database.

Existing accounts get their key here, by the same function; where accounts opened before
the rule share a name, the oldest (by opening, then id) holds the key and the others none
(``NULL``, which the unique index allows any number of): none is renamed, and the name
stays refused to new accounts.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.ledger.names import key

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.Text(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, name FROM players ORDER BY created_at, id"))
    holders: dict[str, str] = {}  # key: the oldest account of that name
    for player_id, name in rows:
        holders.setdefault(key(name), player_id)
    if holders:
        connection.execute(
            sa.text("UPDATE players SET name_key = :wanted WHERE id = :player_id"),
            [{"wanted": k, "player_id": p} for k, p in holders.items()],
        )
    op.create_index("ix_players_name_key", "players", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_name_key", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
