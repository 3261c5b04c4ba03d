"""The ledger: players, tables, seats, accounts, postings, rounds, events, idempotency keys.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)

APPEND_ONLY = "events are append-only (ledger:append-only)"


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.CheckConstraint("role IN ('player', 'dealer', 'admin')", name="role"),
        sa.UniqueConstraint("token_hash", name="uq_players_token_hash"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules_json", sa.Text, nullable=False),
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("minimum_wager", sa.BigInteger, nullable=False),
        sa.Column("maximum_wager", sa.BigInteger, nullable=False),
        sa.Column("event_count", sa.Integer, nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.UniqueConstraint("table_id", "player_id", name="uq_seats_table_player"),
        sa.CheckConstraint("seat >= 1", name="seat_positive"),
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("kind", "player_id", "table_id", name="uq_accounts_owner"),
        sa.CheckConstraint("kind IN ('wallet', 'escrow', 'inventory', 'cage')", name="kind"),
        sa.CheckConstraint(
            "kind NOT IN ('wallet', 'escrow') OR balance >= 0", name="balance_not_negative"
        ),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("opened_at", TZ, nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_rounds_table_number"),
        sa.CheckConstraint("status IN ('open', 'completed', 'voided')", name="status"),
    )
    op.create_table(
        "postings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("round_id", sa.String(100), sa.ForeignKey("rounds.id"), nullable=True),
        sa.Column("event_index", sa.Integer, nullable=True),
        sa.Column("cite", sa.String(200), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "posting_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("posting_id", sa.Integer, sa.ForeignKey("postings.id"), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_posting_lines_posting_id", "posting_lines", ["posting_id"])
    op.create_index("ix_posting_lines_account_id", "posting_lines", ["account_id"])
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("round_id", sa.String(100), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        sa.UniqueConstraint("round_id", "index", name="uq_events_round_index"),
    )
    op.create_index("ix_events_round", "events", ["round_id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("request_sha256", sa.String(64), nullable=False),
        sa.Column("status_code", sa.Integer, nullable=False),
        sa.Column("response_json", sa.Text, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    # The cage: where play money comes from. Balance 0 minus everything deposited.
    op.execute("INSERT INTO accounts (kind, balance) VALUES ('cage', 0)")
    # Events are append-only in the database itself, not only in the code.
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
                f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{APPEND_ONLY}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
        )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS events_no_update")
        op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    elif dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS events_append_only ON events")
        op.execute("DROP FUNCTION IF EXISTS events_append_only()")
    for table in (
        "idempotency_keys",
        "events",
        "posting_lines",
        "postings",
        "rounds",
        "accounts",
        "seats",
        "tables",
        "players",
    ):
        op.drop_table(table)
