"""What a view says of the wait in progress (issue 20, item 5): who has something to
send (``waiting_for``), the seconds left by the server's clock and what the timeout will
send, never a hidden value; and the sweep that applies a deadline at a table nobody
watches or asks about (item 10)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from server_api import EXAMPLES, Api, Clock
from sqlalchemy import text

from croupier.rng import SeededRng
from croupier.server import create_app

TILE = re.compile(r"\b[1-6]-[1-6]\b")


def view(api: Api, auth: dict[str, str], table_id: str) -> dict[str, Any]:
    r = api.client.get(f"/tables/{table_id}/view", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_the_betting_time_left_by_the_servers_clock(migrated_sqlite: Callable[[str], str]) -> None:
    # GLI-19 4.4.13(b) (in part): the time left, by the server's clock.
    clock = Clock()
    api = Api(migrated_sqlite("c.sqlite"), SeededRng(3), clock)
    body = {
        "id": "hrd",
        "rules_toml": (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text(),
        "settings": {"betting_seconds": 10},
    }
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    assert view(api, ann, "hrd")["deadline"] is None  # no round yet: nothing is timed
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    clock.advance(4)
    seen = view(api, ann, "hrd")
    assert seen["waiting_for"] == [1]
    assert seen["deadline"] == {
        "kind": "betting",
        "seconds_left": 6.0,
        "timeout": [{"seat": None, "command": "AnnounceNoMoreBets", "decision": None}],
        "cite": "",
        "cite_shown": "",
    }
    api.close()


def test_a_pai_gow_timeout_names_no_tile(migrated_sqlite: Callable[[str], str]) -> None:
    """The timeout of a Pai Gow hand sets it by the house way: the view says "SetHands"
    for the seat, and no tile, to the player and to anyone else (621a.10(b))."""
    clock = Clock()
    api = Api(migrated_sqlite("g.sqlite"), SeededRng(5), clock)
    body = {
        "id": "gow",
        "rules_toml": (EXAMPLES / "pai-gow.toml").read_text(),
        "settings": {"betting_seconds": None, "decision_seconds": 30},
    }
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=100_000)
    _, bob = api.player("bob", deposit=100_000)
    api.sit(ann, 2, "gow")
    _, dealer = api.player("dee", role="dealer")
    assert api.wager(ann, 2, "pai_gow", 1000, table_id="gow").status_code == 200
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="gow")
    assert r.status_code == 200, r.text
    mine = view(api, ann, "gow")
    assert mine["view"]["my_tiles"]["2"]  # he sees his tiles ...
    assert mine["waiting_for"] == [2]
    assert mine["deadline"]["kind"] == "decision"
    assert mine["deadline"]["seconds_left"] == 30.0
    assert {"seat": 2, "command": "SetHands", "decision": None} in mine["deadline"]["timeout"]
    for who in (ann, bob):  # ... the deadline names none of them, to him or to another
        assert not TILE.search(str(view(api, who, "gow")["deadline"]))
    api.close()


def test_the_sweep_applies_a_deadline_nobody_asks_about(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """With ``sweep_seconds`` the server closes a betting time that has passed though no
    request comes for the table (``croupier serve`` sweeps every second)."""
    clock = Clock()
    url = migrated_sqlite("s.sqlite")
    api = Api(url, SeededRng(3), clock)
    body = {
        "id": "hrd",
        "rules_toml": (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text(),
        "settings": {"betting_seconds": 10},
    }
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    api.close()
    swept = create_app(url, rng=SeededRng(4), clock=clock, migrate=False, sweep_seconds=0.05)
    clock.advance(11)
    with TestClient(swept):  # the lifespan runs the sweep
        deadline = time.monotonic() + 5
        while True:
            with swept.state.engine.connect() as connection:
                status = connection.execute(text("SELECT status FROM rounds")).scalar_one()
            if status != "open" or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    assert status == "completed"
