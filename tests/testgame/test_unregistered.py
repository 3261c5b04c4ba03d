"""A database that holds a table of a game the serving process does not know (a game
registered in another process only, with :func:`croupier.registry.register`): the lobby
still answers, without that table."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from croupier.game import GameSpec
from croupier.registry import register, unregister

SERVER_TESTS = str(Path(__file__).parents[1] / "server")
if SERVER_TESTS not in sys.path:  # the table server tests' helpers (server_api)
    sys.path.insert(0, SERVER_TESTS)

from server_api import EXAMPLES, Api  # noqa: E402


def test_the_lobby_leaves_out_a_table_of_a_game_not_registered(
    migrated_sqlite: Callable[[str], str], one_die: GameSpec
) -> None:
    url = migrated_sqlite("c.sqlite")
    first = Api(url)
    try:
        body = {"id": "od", "rules": {"game": one_die.name}}
        assert first.client.post("/tables", json=body, headers=first.admin).status_code == 201
        body = {"id": "g", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()}
        assert first.client.post("/tables", json=body, headers=first.admin).status_code == 201
    finally:
        first.close()
    unregister(one_die.name)  # a server started without the game's registration
    try:
        again = Api(url)
        try:
            r = again.client.get("/tables", headers=again.admin)
            assert r.status_code == 200, r.text
            assert [table["id"] for table in r.json()["tables"]] == ["g"]
        finally:
            again.close()
    finally:
        register(one_die)  # the fixture unregisters it after the test
