"""A player may not hold a table open (issue 29, "a hostile player or a slow report stalls
a table"): a request that changes nothing the table must record is no event, and no
command pushes back a decision it does not answer. The fake clock moves; nothing sleeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server_api import EXAMPLES, Api, Clock
from sqlalchemy import text

from croupier.game import Wait
from croupier.rng import SeededRng

DECISION = 3
"""The table's ``decision_seconds`` (as in the attack: 15 requests in 30 s kept it open)."""
OPTIONAL = 10
"""The table's ``optional_seconds`` (surrender before the hands are exposed)."""


def _view(api: Api, auth: dict[str, str]) -> dict[str, Any]:
    r = api.client.get("/tables/gow/view", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _setting(url: str) -> tuple[Api, Clock, dict[str, str], dict[str, str]]:
    """A Pai Gow table whose dealer banks, ann at seat 2 and bob at seat 4 with $5.00 and
    $500.00 wagered, the hands dealt: both have hands to set, timed from now."""
    clock = Clock()
    api = Api(url, SeededRng(5), clock)
    body = {
        "id": "gow",
        "rules_toml": (EXAMPLES / "pai-gow.toml").read_text(),
        "settings": {
            "betting_seconds": None,
            "decision_seconds": DECISION,
            "optional_seconds": OPTIONAL,
        },
    }
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    _, ann = api.player("ann", deposit=100_000)
    _, bob = api.player("bob", deposit=100_000)
    api.sit(ann, 2, "gow")
    api.sit(bob, 4, "gow")
    _, dealer = api.player("dee", role="dealer")
    assert api.wager(ann, 2, "pai_gow", 500, table_id="gow").status_code == 200
    assert api.wager(bob, 4, "pai_gow", 50_000, table_id="gow").status_code == 200
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="gow")
    assert r.status_code == 200, r.text
    assert _view(api, ann)["waiting_for"] == [2, 4]
    return api, clock, ann, bob


def _count(api: Api, sql: str) -> Any:
    with api.engine.connect() as connection:
        return connection.execute(text(sql)).scalar_one()


def test_asking_for_the_house_way_again_records_nothing_and_holds_nobody(
    migrated_sqlite: Callable[[str], str],
) -> None:
    api, clock, ann, bob = _setting(migrated_sqlite("gow.sqlite"))
    ask = {"type": "RequestHouseWay", "seat": 2}
    first = api.send(ann, ask, table_id="gow")
    assert first.status_code == 200, first.text
    assert [e["event"]["type"] for e in first.json()["events"]] == ["HouseWayShown"]
    version = first.json()["round_version"]
    shown = _view(api, ann)["view"]["house_way_shown"]
    for _ in range(15):  # the attack: the request again and again
        clock.advance(0.1)
        again = api.send(ann, ask, table_id="gow")
        assert again.status_code == 200, again.text
        assert again.json()["events"] == []  # answered: it is in his view
        assert again.json()["round_version"] == version
    assert _view(api, ann)["view"]["house_way_shown"] == shown
    assert _count(api, "SELECT count(*) FROM events WHERE body LIKE '%HouseWayShown%'") == 1
    # 1.5 s have passed; the hands were dealt with 3 s to set them: 1.5 s are left.
    assert _view(api, bob)["deadline"]["seconds_left"] == DECISION - 1.5
    clock.advance(1.5)  # the deadline: ann's hands are set by the house way (621a.10(b))
    assert _view(api, bob)["view"]["phase"] == "surrender"
    clock.advance(OPTIONAL)  # nobody surrenders: the wagers are settled
    _view(api, bob)  # (the next round opens at once: the bank is offered, 621a.11(c))
    assert _count(api, "SELECT status FROM rounds WHERE number = 1") == "completed"
    assert _count(api, "SELECT sum(balance) FROM accounts WHERE kind = 'escrow'") == 0
    api.close()


def test_one_seats_answer_does_not_give_another_more_time(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Bob sets his hands 2 s into the 3 s decision; ann, who has not, is timed out 1 s
    later, when her own 3 s are up (before: bob's hands restarted her clock)."""
    api, clock, ann, bob = _setting(migrated_sqlite("gow.sqlite"))
    clock.advance(2)
    tiles = _view(api, bob)["view"]["my_tiles"]["4"]
    r = api.send(bob, {"type": "SetHands", "seat": 4, "together": tiles[:2]}, table_id="gow")
    assert r.status_code == 200, r.text
    mine = _view(api, ann)
    assert mine["waiting_for"] == [2]
    assert mine["deadline"]["seconds_left"] == 1.0
    clock.advance(1)
    assert _view(api, ann)["view"]["phase"] == "surrender"
    api.close()


def test_which_waits_go_on() -> None:
    """A decision timed for seats 2 and 4 goes on when seat 4 has answered and left (the
    key names seat 2 alone), not when an answer leaves both waiting (a new decision, as a
    Double Back Jack hit) nor when another seat's decision becomes due."""
    timed = "decision:12:2,4"
    assert Wait("decision", timed, 3).continues(timed)
    assert Wait("decision", "decision:13:2", 3).continues(timed)
    assert not Wait("decision", "decision:13:2,4", 3).continues(timed)
    assert not Wait("decision", "decision:13:2,5", 3).continues(timed)
    assert not Wait("decision", "decision:13:2", 3).continues(None)
    assert not Wait("betting", "betting", 60).continues("betting:empty")
    assert not Wait("decision", "decision:13:2", 3).continues("optional:surrender")
