"""`croupier serve` opens one table per game on an empty database, and none on a
database already in use."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.cli.server import STARTER_BETTING_SECONDS, open_starter_tables
from croupier.ledger.db import make_engine, upgrade
from croupier.ledger.models import GameTable
from croupier.registry import GAMES
from croupier.server.service import table_rules


def test_an_empty_database_gets_one_table_per_game(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    upgrade(engine)
    opened = open_starter_tables(engine)
    assert sorted(opened) == sorted(
        [
            "high-roll-dice",
            "go-fore-it",
            "pai-gow",
            "criss-cross-poker",
            "double-back-jack",
            "sic-bo",
            "craps",
        ]
    )
    with Session(engine) as session:
        tables = session.scalars(select(GameTable)).all()
        assert {t.id: t.game for t in tables} == {game: game for game in GAMES}
        for table in tables:
            assert table_rules(table) == GAMES[table.game].rules_type()
            assert f'"betting_seconds":{STARTER_BETTING_SECONDS}' in table.settings_json.replace(
                " ", ""
            )
    assert open_starter_tables(engine) == []  # a database in use is left as it is
    engine.dispose()
