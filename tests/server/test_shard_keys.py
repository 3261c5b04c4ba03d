"""The schema is ready to shard (issue #33, docs/architecture.md "Sharding"): every hot
table a command writes carries the table's id, found by an index that leads with it;
wallets and idempotency keys are the player's; and after a round is played every row it
wrote names the table it was played at, so that Citus could distribute them co-located
by table id (and wallets by player) without reading anything but the rows' own keys.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, text
from test_games import GameTable, player

HOT_BY_TABLE = (
    "events",
    "rounds",
    "seats",
    "table_states",
    "seals",
    "table_leases",
    "rules_versions",
    "hold_days",
)
"""The tables a command at a table writes or reads, keyed by the table."""


def _leading(engine: Any, name: str) -> set[str]:
    """The first column of ``name``'s primary key, unique constraints and indexes."""
    found = inspect(engine)
    keys = [found.get_pk_constraint(name)["constrained_columns"]]
    keys += [u["column_names"] for u in found.get_unique_constraints(name)]
    keys += [i["column_names"] for i in found.get_indexes(name)]
    return {columns[0] for columns in keys if columns}


def test_every_hot_table_is_keyed_by_table_and_every_wallet_by_player(db_url: str) -> None:
    table = GameTable(db_url, "high-roll-dice", 2)
    try:
        table.play(player("high-roll-dice"), dealer_closes=True)
        engine = table.api.engine
        found = inspect(engine)
        for name in HOT_BY_TABLE:
            column = {c["name"]: c for c in found.get_columns(name)}["table_id"]
            assert not column["nullable"], name
            assert "table_id" in _leading(engine, name), name
        assert "table_id" in {c["name"] for c in found.get_columns("postings")}
        for name in ("idempotency_keys", "player_protection"):
            assert found.get_pk_constraint(name)["constrained_columns"][0] == "player_id"
        assert "player_id" in _leading(engine, "player_sessions")
        with engine.connect() as connection:
            # Every posting of a round names the round's table; every line of such a
            # posting moves a wallet (its player's) or an account of that same table.
            stray = connection.execute(
                text(
                    "SELECT count(*) FROM postings JOIN rounds ON rounds.id = postings.round_id "
                    "WHERE postings.table_id IS NULL OR postings.table_id <> rounds.table_id"
                )
            ).scalar()
            assert stray == 0
            lines = connection.execute(
                text(
                    "SELECT accounts.kind, accounts.player_id, accounts.table_id, "
                    "postings.table_id FROM posting_lines "
                    "JOIN postings ON postings.id = posting_lines.posting_id "
                    "JOIN accounts ON accounts.id = posting_lines.account_id "
                    "WHERE postings.round_id IS NOT NULL"
                )
            ).all()
            assert lines
            for kind, owner, at, posted in lines:
                if kind == "wallet":
                    assert owner is not None and at is None  # the player's shard
                else:
                    assert at == posted == "t" and owner is None  # the table's shard
            # Every event and round of the table is found by its id alone.
            assert (
                connection.execute(
                    text("SELECT count(*) FROM events WHERE table_id <> 't'")
                ).scalar()
                == 0
            )
            rounds = connection.execute(text("SELECT id, table_id FROM rounds")).all()
            assert rounds and all(rid.startswith(f"{tid}-") for rid, tid in rounds)
    finally:
        table.close()
