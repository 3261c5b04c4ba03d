"""`croupier serve` opens one table per game on an empty database, and none on a
database already in use."""

from __future__ import annotations

from pathlib import Path

from server_api import Api
from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.cli.server import STARTER_BETTING_SECONDS, open_starter_tables
from croupier.ledger.db import make_engine, upgrade
from croupier.ledger.models import GameTable
from croupier.registry import GAMES
from croupier.server.service import table_rules

VARIANTS = {  # a fresh tester: neither Mini-Craps nor six-dice High Roll Dice was offered
    "mini-craps": ("craps", {"table": "mini_craps"}),
    "high-roll-dice-six-dice": ("high-roll-dice", {"variant": "six_dice"}),
    "high-roll-dice-2014": ("high-roll-dice", {"variant": "ten_dice_2014"}),
}


def test_an_empty_database_gets_one_table_per_game_and_variant(tmp_path: Path) -> None:
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
            *VARIANTS,
        ]
    )
    with Session(engine) as session:
        tables = session.scalars(select(GameTable)).all()
        expected = {game: (game, {}) for game in GAMES} | VARIANTS
        assert {t.id: t.game for t in tables} == {k: game for k, (game, _) in expected.items()}
        for table in tables:
            game, fields = expected[table.id]
            assert table_rules(table) == GAMES[game].rules_type.model_validate(
                {"game": game, **fields}
            )
            assert f'"betting_seconds":{STARTER_BETTING_SECONDS}' in table.settings_json.replace(
                " ", ""
            )
    assert open_starter_tables(engine) == []  # a database in use is left as it is
    engine.dispose()


def test_the_lobby_names_each_variant_and_its_tables_deal(tmp_path: Path) -> None:
    """The lobby, the table and its help give a variant's table the variant's own name
    and chapter (Mini-Craps, 623a; High Roll Dice's six dice, 675a.6; its 2014 rules,
    ch. 593), and a first wager at each is taken."""
    api = Api(f"sqlite:///{tmp_path / 'lobby.sqlite'}")
    try:
        open_starter_tables(api.engine)
        _, ann = api.player("ann", deposit=100_000)
        lobby = {t["id"]: t for t in api.client.get("/tables", headers=ann).json()["tables"]}
        named = {k: (lobby[k]["title"], lobby[k]["chapter"]) for k in [*VARIANTS, "craps"]}
        assert named == {
            "craps": ("Craps", "623a"),
            "mini-craps": ("Mini-Craps", "623a"),
            "high-roll-dice-six-dice": ("High Roll Dice, six dice", "675a"),
            "high-roll-dice-2014": ("High Roll Dice (2014)", "593"),
        }
        assert lobby["mini-craps"]["seat_count"] == 9  # 623a.2: at most nine players
        assert lobby["high-roll-dice-2014"]["seat_count"] == 5  # 593: five seats
        for table, spot in [
            ("mini-craps", "pass"),
            ("high-roll-dice-six-dice", "pip_street:ace"),
            ("high-roll-dice-2014", "pip_street:ace"),
        ]:
            shown = api.client.get(f"/tables/{table}", headers=ann).json()
            assert (shown["title"], shown["chapter"]) == named[table]
            helped = api.client.get(f"/tables/{table}/help", headers=ann).json()
            assert (helped["title"], helped["chapter"]) == named[table]
            api.sit(ann, 1, table)
            r = api.wager(ann, 1, spot, 500, table_id=table)
            assert r.status_code == 200, (table, r.text)
    finally:
        api.close()
