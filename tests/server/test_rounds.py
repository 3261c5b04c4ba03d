"""Full High Roll Dice rounds through the API, with the money checked to the cent."""

from __future__ import annotations

import json
from typing import Any

from server_api import Api, ScriptedRng

from croupier.games.high_roll_dice import HighRollDiceRound

HUNDRED = 10_000


def seat_two_players(api: Api) -> dict[str, tuple[str, dict[str, str]]]:
    api.table()
    people = {
        "ann": api.player("ann", deposit=HUNDRED),
        "bob": api.player("bob", deposit=HUNDRED),
        "dealer": api.player("dee", role="dealer"),
    }
    api.sit(people["ann"][1], 1)
    api.sit(people["bob"][1], 3)
    return people


def test_a_round_with_two_players_pays_the_paytable(api: Api, scripted: ScriptedRng) -> None:
    people = seat_two_players(api)
    (ann, ann_auth), (bob, bob_auth) = people["ann"], people["bob"]
    dealer = people["dealer"][1]
    # Ann: $5 Pip Street ace, $5 Like Kind 4. Bob: $10 Pip Street six, $10 Like Kind 5 and
    # a $10 Extra Roll.
    for auth, seat, spot, amount in [
        (ann_auth, 1, "pip_street:ace", 500),
        (ann_auth, 1, "like_kind:4", 500),
        (bob_auth, 3, "pip_street:six", 1000),
        (bob_auth, 3, "like_kind:5", 1000),
        (bob_auth, 3, "extra_roll", 1000),
    ]:
        r = api.wager(auth, seat, spot, amount)
        assert r.status_code == 200, r.text
    assert api.wallets()[ann] == HUNDRED - 1000
    assert api.wallets()[bob] == HUNDRED - 3000
    # First roll: four aces (the most matches) -> ace wins with a count of 4. The Extra Roll
    # throws the 6 non-matching dice again: one more ace makes a final count of 5.
    scripted.dice(1, 1, 1, 1, 2, 3, 4, 5, 6, 2)
    scripted.dice(1, 2, 2, 3, 3, 4)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["round_status"] == "completed"
    types = [e["type"] for e in body["events"]]
    assert types[:3] == ["NoMoreBets", "ExtraRollCollected", "DiceThrown"]
    assert types[-1] == "RoundCompleted"
    wallets = api.wallets()
    # Ann: Pip Street ace pays 3 to 1 on four aces (675a.5(a)): $15 + her $5 back; Like Kind
    # 4 pays 1 to 1 (675a.5(b)): $5 + $5 back. $100 - $10 + $20 + $10 = $120.
    assert wallets[ann] == 12_000
    # Bob: six loses; Like Kind 5 held for the Extra Roll pays 2 to 1 on a final count of 5
    # (675a.5(d)): $20 + $10 back; the Extra Roll purchase stays with the table.
    assert wallets[bob] == HUNDRED - 3000 + 3000
    ledger = api.ledger()
    by_kind = {(a["kind"], a["table_id"]): a["balance"] for a in ledger["accounts"]}
    assert by_kind[("escrow", "hrd")] == 0
    # The table took Bob's $10 six and $10 Extra Roll and paid $15 + $5 + $20.
    assert by_kind[("inventory", "hrd")] == 2000 - 4000
    assert by_kind[("cage", None)] == -2 * HUNDRED
    assert ledger["total"] == 0 and ledger["lines_total"] == 0
    # The next command opens round 2 with the same seats.
    r = api.wager(ann_auth, 1, "pip_street:two", 500)
    assert r.json()["round_id"] == "hrd-2"
    assert r.json()["events"][0]["type"] == "RoundOpened"


def test_replay_equals_the_live_round(api: Api, scripted: ScriptedRng) -> None:
    people = seat_two_players(api)
    live: list[dict[str, Any]] = []
    for auth, seat, spot in [
        (people["ann"][1], 1, "pip_street:three"),
        (people["bob"][1], 3, "pip_street:three"),
        (people["bob"][1], 3, "like_kind:6"),
        (people["bob"][1], 3, "extra_roll"),
    ]:
        live += api.wager(auth, seat, spot, 500).json()["events"]
    scripted.dice(3, 3, 3, 3, 3, 1, 2, 4, 5, 6)
    scripted.dice(3, 1, 1, 1, 1)
    live += api.send(people["dealer"][1], {"type": "AnnounceNoMoreBets"}).json()["events"]
    r = api.client.get("/rounds/hrd-1/replay", headers=api.admin)
    assert r.status_code == 200, r.text
    replayed = r.json()
    # The players read the opening event's seats by stand-ins for their account ids (issue
    # #34, docs/architecture.md "Seat privacy"); the dealer's replay has them whole.
    opened = replayed["events"][0]
    stand_ins = {"1": "player at seat 1", "3": "player at seat 3"}
    assert live[0] == {
        **opened,
        "event": {**opened["event"], "seats": stand_ins},
        "ids_replaced": True,
    }
    assert replayed["events"][1:] == live[1:]
    assert [e["index"] for e in live] == list(range(len(live)))
    # The engine, folding the events the live commands answered, sees what the server's
    # replay shows (the seats by their stand-ins).
    events = HighRollDiceRound.events_from_json(
        "[" + ",".join(_json(e["event"]) for e in live) + "]"
    )
    rebuilt = HighRollDiceRound.replay(events)
    assert {**replayed["view"], "seats": stand_ins} == _roundtrip(rebuilt.view("dealer"))
    assert replayed["view"]["final_count"] == 6
    assert replayed["status"] == "completed" and replayed["version"] == len(live)
    # A player sees the finished round too.
    view = api.client.get("/tables/hrd/view", headers=people["ann"][1]).json()
    assert view["view"]["dice"] == replayed["view"]["dice"]


def _json(data: Any) -> str:
    return json.dumps(data)


def _roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data))
