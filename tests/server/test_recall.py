"""Game recall through the table server: the last ten rounds of a seat, every card as
dealt and the settlement, and nothing a player could not see."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from server_api import EXAMPLES, Api

GO_FORE_IT = EXAMPLES / "go-fore-it.toml"
CARD = re.compile(r'"((?:10|[2-9TJQKA])[shdc])"')


def round_of_two(api: Api, ann: dict[str, str], bob: dict[str, str], dealer: dict[str, str]) -> str:
    for auth, seat in ((ann, 1), (bob, 2)):
        assert api.wager(auth, seat, "front_9", 1_000, table_id="g").status_code == 200
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="g")
    assert r.status_code == 200, r.text
    round_id: str = r.json()["round_id"]
    for auth, seat in ((ann, 1), (bob, 2)):
        r = api.send(auth, {"type": "Fold", "seat": seat}, table_id="g")
        assert r.status_code == 200, r.text
    assert r.json()["round_status"] == "completed"
    return round_id


def recall(api: Api, auth: dict[str, str], seat: int) -> dict[str, Any]:
    r = api.client.get(f"/tables/g/seats/{seat}/recall", headers=auth)
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def test_the_last_ten_rounds_of_a_seat(migrated_sqlite: Callable[[str], str]) -> None:
    # GLI-19 2.5.7, 2.8.2, 4.14.1-4.14.2 (in part): per seat, the status, the Rules
    # Submission version, the wagers, the wins and the events.
    api = Api(migrated_sqlite("recall.sqlite"))
    try:
        api.table("g", GO_FORE_IT)
        ann_id, ann = api.player("ann", deposit=100_000)
        _, bob = api.player("bob", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "g")
        api.sit(bob, 2, "g")
        played = [round_of_two(api, ann, bob, dealer) for _ in range(11)]
        mine = recall(api, ann, 1)
        assert [r["round_id"] for r in mine["rounds"]] == played[:0:-1]  # the last ten
        whole = recall(api, api.admin, 1)
        for seen, full in zip(mine["rounds"], whole["rounds"], strict=True):
            assert seen["player_id"] == ann_id and seen["rules_version"] == 1
            assert seen["status"] == "completed"
            # A folded Front 9 Wager loses its $10 (676a.11(b)).
            assert seen["settlements"] == full["settlements"]
            assert [(s["spot"], s["amount"], s["outcome"]) for s in seen["settlements"]] == [
                ("front_9", 1_000, "lose")
            ]
            assert seen["wallet_net"] == -1_000
            # The events are those the round's steps show her, the shuffle's order blank.
            steps = api.client.get(f"/rounds/{seen['round_id']}/steps", headers=ann).json()
            assert [e["event"] for e in seen["events"]] == [
                s["event"]["event"] for s in steps["steps"]
            ]
            [shuffled] = [e for e in seen["events"] if e["type"] == "DeckShuffled"]
            assert shuffled["event"]["stack"] == []
            # Her own first two cards are there, as dealt; no card she did not see is.
            dealt = [e["event"] for e in full["events"] if e["type"] == "CardDealt"]
            hers = [d["card"] for d in dealt if d["hand"] == 1][:2]
            text = json.dumps(seen)
            assert all(f'"{card}"' in text for card in hers)
            others = {d["card"] for d in dealt if d["hand"] == 2}
            visible = set(CARD.findall(json.dumps(seen["view"])))
            assert not (set(CARD.findall(text)) - visible - set(hers)), "a card she never saw"
            assert not (others - visible) & set(CARD.findall(text))
        # Bob never held seat 1: he recalls nothing there; the dealer sees it whole.
        assert recall(api, bob, 1)["rounds"] == []
        assert len(recall(api, dealer, 1)["rounds"]) == 10
        [full_shuffle] = [e for e in whole["rounds"][0]["events"] if e["type"] == "DeckShuffled"]
        assert len(full_shuffle["event"]["stack"]) == 52
        assert api.client.get("/tables/nope/seats/1/recall", headers=ann).status_code == 404
    finally:
        api.close()
