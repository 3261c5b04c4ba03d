"""``GET /rounds/{id}/steps`` folds a round's events once (issue 29: 605 events made a
spectator's steps take 9.4 s, each view rebuilt from the first event). The work is
counted (the game's ``evolve`` calls), never timed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_api import EXAMPLES, Api
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.registry import find
from croupier.rng import SeededRng
from croupier.server.ratelimit import Buckets, RateLimit

CYCLES = 150
"""Wagers placed and withdrawn before "no more bets" (676a.7(c)): two events each."""


def test_a_rounds_steps_fold_its_events_once(
    migrated_sqlite: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    limits = Buckets(RateLimit(per_second=1e6, burst=1_000_000))
    api = Api(migrated_sqlite("steps.sqlite"), SeededRng(3), command_limits=limits)
    body = {"id": "gfi", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()}
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=100_000)
    _, spectator = api.player("sam")
    api.sit(ann, 1, "gfi")
    withdraw = {"type": "WithdrawWager", "seat": 1, "spot": "front_9"}
    for _ in range(CYCLES):
        assert api.wager(ann, 1, "front_9", 1_000, table_id="gfi").status_code == 200
        r = api.send(ann, withdraw, table_id="gfi")
        assert r.status_code == 200, r.text
    round_id, events = r.json()["round_id"], r.json()["round_version"]
    assert events >= 2 * CYCLES

    game = find("go-fore-it").round_type
    folds = 0
    evolve = game.evolve

    def counted(self: Any, state: Any, event: Any) -> Any:
        nonlocal folds
        folds += 1
        return evolve(self, state, event)

    monkeypatch.setattr(game, "evolve", counted)
    r = api.client.get(f"/rounds/{round_id}/steps", headers=spectator)
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    assert len(steps) == events
    # Once to verify the stored events by replay, once for the views: each event after
    # RoundOpened folded twice at most (each view rebuilt from the start: 22,000 here).
    assert folds <= 2 * (events - 1)
    monkeypatch.undo()

    # Each view is the spectator's view of the round as it stood after that event, with
    # the seat named, not by its player's account id (test_seat_privacy.py).
    with Session(api.engine) as session:
        stored = [row.body for row in repo.round_events(session, round_id)]
    parsed = game.events_from_json("[" + ",".join(stored) + "]")
    for n in (0, 1, events // 2, events - 1):
        seen = game(parsed[: n + 1], None).view(None)
        seen["seats"] = dict.fromkeys(seen["seats"], "ann")
        assert steps[n]["view"] == seen
    api.close()
