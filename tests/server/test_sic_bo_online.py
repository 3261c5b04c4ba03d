"""Sic Bo (ch. 625a) through the table server: the RNG table shakes, shows and settles by
itself after "no more bets"; a manual shaker's dealer enters the reading, corrects a wrong
result and settles; the ledger moves each wallet by its wagers and settlements."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server_api import EXAMPLES, Api, ScriptedRng

SIC_BO = EXAMPLES / "sic-bo.toml"


def events(api: Api, round_id: str) -> list[dict[str, Any]]:
    r = api.client.get(f"/rounds/{round_id}/replay", headers=api.admin)
    assert r.status_code == 200, r.text
    return [stored["event"] for stored in r.json()["events"]]


def test_an_rng_round(api: Api, scripted: ScriptedRng) -> None:
    """$10 on total:10 and $10 on small; the RNG shakes 2-3-5 (10): total:10 wins 6 to 1
    ($60) and small 1 to 1 ($10): ann's $1,000 becomes $1,000 - $20 + $20 + $70 = $1,070."""
    api.table("sb", SIC_BO)
    ann_id, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 3, "sb")
    assert api.wager(ann, 3, "total:10", 1_000, table_id="sb").status_code == 200
    assert api.wager(ann, 3, "small", 1_000, table_id="sb").status_code == 200
    r = api.wager(ann, 3, "total:18", 1_000, table_id="sb")
    assert r.status_code == 422 and "625a.3" in r.text
    scripted.dice(2, 3, 5)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
    assert r.status_code == 200, r.text
    stored = events(api, "sb-1")
    [shown] = [e for e in stored if e["type"] == "ResultShown"]
    assert shown["faces"] == [2, 3, 5] and shown["total"] == 10
    settled = {e["spot"]: e["won"] for e in stored if e["type"] == "WagerSettled"}
    assert settled == {"small": 1_000, "total:10": 6_000}
    assert stored[-1]["type"] == "RoundCompleted"
    assert api.wallets()[ann_id] == 107_000
    assert api.ledger()["total"] == 0


def test_a_manual_shaker_round(migrated_sqlite: Callable[[str], str]) -> None:
    """The dealer enters 1-1-2, sees the layout lit wrong for dice lying 6-6-5, corrects
    it and settles: $10 on total:17 wins 50 to 1 ($500)."""
    api = Api(migrated_sqlite("sb.sqlite"), rng=ScriptedRng())
    try:
        body = {"id": "sb", "rules_toml": SIC_BO.read_text(), "settings": {"physical_dice": True}}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201, r.text
        ann_id, ann = api.player("ann", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "sb")
        assert api.wager(ann, 1, "total:17", 1_000, table_id="sb").status_code == 200
        for command in (
            {"type": "AnnounceNoMoreBets"},
            {"type": "ThrowDice", "faces": [1, 1, 2]},
            {"type": "CallResult"},
            {"type": "CorrectResult", "faces": [6, 6, 5]},
            {"type": "SettleWagers"},
        ):
            r = api.send(dealer, command, table_id="sb")
            assert r.status_code == 200, (command, r.text)
        r = api.send(ann, {"type": "CallResult"}, table_id="sb")
        assert r.status_code in (403, 409), r.text
        stored = events(api, "sb-1")
        [settled] = [e for e in stored if e["type"] == "WagerSettled"]
        assert settled["won"] == 50_000
        assert api.wallets()[ann_id] == 100_000 + 50_000
        assert api.ledger()["total"] == 0
    finally:
        api.close()
