"""Display names' keys stored (issue #33, :mod:`croupier.ledger.names`): ``players.name_key``
holds each account's name as names are compared (:func:`croupier.ledger.names.key`) and
``players.name_look`` its confusables skeleton (:func:`croupier.ledger.names.look`), each
under a unique index, so that the check at sign-up is two indexed lookups, not a scan of
every player, and two sign-ups of one name (or of two look-alike names) at once are told
apart by the database.

Existing accounts get their key and look here, by the same functions; where accounts
opened before the rule share a name or look alike, the oldest (by opening, then id) holds
it and the others none (``NULL``, which a unique index allows any number of): none is
renamed, and the name stays refused to new accounts.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.ledger.names import key, look

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (SQLite takes it as it is): a batch would copy the table and drop
    # the old one, which the accounts' foreign keys to their players refuse.
    op.add_column("players", sa.Column("name_key", sa.Text(), nullable=True))
    op.add_column("players", sa.Column("name_look", sa.Text(), nullable=True))
    connection = op.get_bind()
    query = sa.text("SELECT id, name FROM players ORDER BY created_at, id")
    rows = connection.execute(query).all()
    for column, of in (("name_key", key), ("name_look", look)):
        holders: dict[str, str] = {}  # key or look: the oldest account that has it
        for player_id, name in rows:
            holders.setdefault(of(name), player_id)
        if holders:
            connection.execute(
                sa.text(f"UPDATE players SET {column} = :wanted WHERE id = :player_id"),
                [{"wanted": k, "player_id": p} for k, p in holders.items()],
            )
        op.create_index(f"ix_players_{column}", "players", [column], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_name_look", table_name="players")
    op.drop_index("ix_players_name_key", table_name="players")
    op.drop_column("players", "name_look")  # a plain DROP COLUMN, as upgrade adds them
    op.drop_column("players", "name_key")
