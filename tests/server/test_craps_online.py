"""Craps (ch. 623a) through the table server: a turn of the dice at an RNG table with two
players, the server restarted in the middle of it (every standing wager resumes), a
player who leaves with his Pass wager on the point (it is paid to him), the dice passing
to the next seat, the seven-out ending the round; the betting time restarting roll by
roll; refusals cited. Every wallet is checked against a hand calculation and the ledger
sums to zero."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api, Clock, ScriptedRng

CRAPS = EXAMPLES / "craps.toml"


def events(api: Api, round_id: str) -> list[dict[str, Any]]:
    r = api.client.get(f"/rounds/{round_id}/replay", headers=api.admin)
    assert r.status_code == 200, r.text
    return [stored["event"] for stored in r.json()["events"]]


def view(api: Api, auth: dict[str, str]) -> dict[str, Any]:
    r = api.client.get("/tables/cr/view", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def roll(api: Api, scripted: ScriptedRng, dealer: dict[str, str], *faces: int) -> None:
    scripted.dice(*faces)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="cr")
    assert r.status_code == 200, r.text


def ok(response: Any) -> None:
    assert response.status_code == 200, response.text


def test_a_turn_of_the_dice_survives_a_restart_and_a_player_leaving(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """ann (seat 1, $1,000) and bo (seat 3, $1,000).

    - ann $10 Pass, bo $10 Don't Pass; 4-2: the point is 6, ann shoots.
    - ann $25 odds and $12 Place 8; bo $10 Come; 5-5: bo's Come travels to 10.
    - The server restarts: the view (point, shooter, every wager) is as it was.
    - ann leaves: her odds and Place 8 come back ($37), her Pass stays; the dice go to bo.
    - bo $20 odds on his Come 10; 3-3 makes the 6: ann's Pass wins $10 (she has left),
      bo's Don't Pass loses. ann: 1,000 - 10 - 25 - 12 + 37 + 20 = $1,010.
    - bo $10 Pass; 6-1, a natural: his Pass wins $10, his Come 10 loses, its odds (off on
      the come-out) come back. bo $10 Pass; 2-2, then 3-4: the seven-out ends the round.
      bo: 1,000 - 10 - 10 - 20 - 10 + 20 + 20 - 10 = $980.
    """
    url = migrated_sqlite("craps.sqlite")
    scripted = ScriptedRng()
    api = Api(url, rng=scripted)
    api.table("cr", CRAPS)
    ann_id, ann = api.player("ann", deposit=100_000)
    bo_id, bo = api.player("bo", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "cr")
    api.sit(bo, 3, "cr")
    ok(api.wager(ann, 1, "pass", 1_000, table_id="cr"))
    ok(api.wager(bo, 3, "dont_pass", 1_000, table_id="cr"))
    roll(api, scripted, dealer, 4, 2)
    seen = view(api, ann)["view"]
    assert (seen["point"], seen["puck"], seen["shooter"]) == (6, "on", 1)
    r = api.wager(ann, 1, "pass_odds", 6_000, table_id="cr")  # 3-4-5x: at most $50
    assert r.status_code == 422 and "623a.6" in r.text
    r = api.wager(ann, 1, "fire_bet", 500, table_id="cr")
    assert r.status_code == 422 and "623a.11" in r.text
    r = api.send(ann, {"type": "RemoveWager", "seat": 1, "spot": "pass"}, table_id="cr")
    assert r.status_code == 422 and "623a.4" in r.text
    ok(api.wager(ann, 1, "pass_odds", 2_500, table_id="cr"))
    ok(api.wager(ann, 1, "place:8", 1_200, table_id="cr"))
    ok(api.wager(bo, 3, "come", 1_000, table_id="cr"))
    roll(api, scripted, dealer, 5, 5)
    before = view(api, bo)["view"]
    assert before["wagers"]["3"]["come:10"] == 1_000
    assert before["off"] == {}
    api.close()

    api = Api(url, rng=scripted)  # the server restarts on the same database
    after = view(api, bo)["view"]
    assert after == before
    r = api.client.delete("/tables/cr/seats/1", headers=ann)
    assert r.status_code == 200, r.text
    assert api.wallets()[ann_id] == 100_000 - 1_000
    seen = view(api, bo)["view"]
    assert seen["shooter"] == 3 and seen["departed"] == [1]
    assert seen["wagers"]["1"] == {"pass": 1_000}
    ok(api.wager(bo, 3, "come_odds:10", 2_000, table_id="cr"))
    roll(api, scripted, dealer, 3, 3)
    assert api.wallets()[ann_id] == 101_000
    ok(api.wager(bo, 3, "pass", 1_000, table_id="cr"))
    roll(api, scripted, dealer, 6, 1)
    ok(api.wager(bo, 3, "pass", 1_000, table_id="cr"))
    roll(api, scripted, dealer, 2, 2)
    roll(api, scripted, dealer, 3, 4)
    stored = events(api, "cr-1")
    assert stored[-1]["type"] == "RoundCompleted"
    assert [e["seat"] for e in stored if e["type"] == "DiceToShooter"] == [1, 3]
    settled = [(e["seat"], e["spot"], e["outcome"]) for e in stored if e["type"] == "WagerSettled"]
    assert (1, "pass", "win") in settled and (3, "come_odds:10", "push") in settled
    assert api.wallets() == {ann_id: 101_000, bo_id: 98_000, **_others(api, ann_id, bo_id)}
    assert api.ledger()["total"] == 0
    r = api.client.get("/tables/cr/verify", headers=api.admin)
    assert r.status_code == 200 and r.json()["ok"], r.text
    # The next round: the dice go on clockwise from seat 3, bo's (ann has gone).
    ok(api.wager(bo, 3, "pass", 1_000, table_id="cr"))
    roll(api, scripted, dealer, 5, 6)
    assert [e["seat"] for e in events(api, "cr-2") if e["type"] == "DiceToShooter"] == [3]
    assert events(api, "cr-2")[1] == {"type": "ShooterRotation", "after": 3, "cite": "623a.10"}
    api.close()


def _others(api: Api, *known: str) -> dict[str, int]:
    return {pid: balance for pid, balance in api.wallets().items() if pid not in known}


def test_the_betting_time_restarts_every_roll(migrated_sqlite: Callable[[str], str]) -> None:
    """A table with 30 seconds of betting: ann's Pass stands on its point 8, and with no
    new wager the table rolls again each time the betting time of a roll runs out."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("timed.sqlite"), rng=scripted, clock=clock)
    try:
        body = {"id": "cr", "rules_toml": CRAPS.read_text(), "settings": {"betting_seconds": 30}}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201, r.text
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 2, "cr")
        ok(api.wager(ann, 2, "pass", 1_000, table_id="cr"))
        scripted.dice(5, 3, 2, 2, 1, 2)  # the point 8, then 4, then 3
        clock.advance(31)
        assert view(api, ann)["view"]["rolls"] == [[5, 3]]
        clock.advance(20)
        assert view(api, ann)["view"]["rolls"] == [[5, 3]]  # this roll's time runs on
        clock.advance(11)
        assert view(api, ann)["view"]["rolls"] == [[5, 3], [2, 2]]
        clock.advance(31)
        assert view(api, ann)["view"]["rolls"] == [[5, 3], [2, 2], [1, 2]]
        assert view(api, ann)["view"]["point"] == 8
    finally:
        api.close()


def test_an_rng_table_rolls_on_for_a_come_wager_left_on_its_number(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """ann's $10 Pass makes its point 6 (4-2, then 5-3 takes her $10 Come to 8, then
    3-3); nobody bets the line for the next come-out, and her Come on 8 may not be taken
    down (623a.4): when the betting time runs out the stickperson throws for it (623a.10),
    6-2: the Come wins $10. ann: 1,000 - 10 + 20 - 10 + 20 = $1,020."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("rolls-on.sqlite"), rng=scripted, clock=clock)
    try:
        body = {"id": "cr", "rules_toml": CRAPS.read_text(), "settings": {"betting_seconds": 30}}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201, r.text
        ann_id, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "cr")
        ok(api.wager(ann, 1, "pass", 1_000, table_id="cr"))
        scripted.dice(4, 2)
        clock.advance(31)
        assert view(api, ann)["view"]["point"] == 6
        ok(api.wager(ann, 1, "come", 1_000, table_id="cr"))
        scripted.dice(5, 3, 3, 3, 6, 2)
        for _ in range(3):
            clock.advance(31)
            view(api, ann)
        seen = view(api, ann)
        assert [h["shooter"] for h in seen["view"]["history"]] == [1, 1, 1, None]
        assert seen["view"]["rolls"][-1] == [6, 2]
        assert api.wallets()[ann_id] == 102_000
    finally:
        api.close()


def test_a_turn_nobody_plays_on_ends_completed_when_the_betting_time_runs_out(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """ann's $10 Pass: 4-2 sets the point 6, 3-3 makes it (+$10). At the next come-out
    nobody wagers: when the 30 seconds run out the turn ends (623a.10) and the round is
    completed, not voided. ann: $1,010."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("ends.sqlite"), rng=scripted, clock=clock)
    try:
        body = {"id": "cr", "rules_toml": CRAPS.read_text(), "settings": {"betting_seconds": 30}}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201, r.text
        ann_id, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "cr")
        ok(api.wager(ann, 1, "pass", 1_000, table_id="cr"))
        scripted.dice(4, 2, 3, 3)
        clock.advance(31)
        clock.advance(31)
        assert view(api, ann)["view"]["point"] is None
        clock.advance(31)
        seen = view(api, ann)
        assert (seen["round_id"], seen["round_status"]) == ("cr-1", "completed")
        assert api.wallets()[ann_id] == 101_000
    finally:
        api.close()


# What 623a.4 lets a player make before a come-out roll, typed here: the line wagers, the
# numbers (Place to win and to lose, Buy, Lay), the Field, Big 6 and 8, the hardways, the
# propositions, the Fire Bet (before the shooter's first roll, 623a.11) and Bonus Craps
# (before the first roll after a 7, 623a.12); never Come, Don't Come or odds (they need a
# point), and nothing to take down or call.
NUMBERS = (4, 5, 6, 8, 9, 10)
COME_OUT = {
    "pass",
    "dont_pass",
    *(f"{kind}:{n}" for kind in ("place", "place_to_lose", "buy", "lay") for n in NUMBERS),
    "field",
    "big_6",
    "big_8",
    *(f"hard:{n}" for n in (4, 6, 8, 10)),
    *("any_seven", "any_craps", "two", "three", "eleven", "twelve", "horn", "c_and_e"),
    "fire_bet",
    "all_small",
    "all_tall",
    "make_em_all",
}
MINI_COME_OUT = {
    "pass",
    "dont_pass",
    *(f"place:{n}" for n in NUMBERS),
    "field",
    *(f"hard:{n}" for n in (4, 6, 8, 10)),
    "any_seven",
    "any_craps",
}


def offered(seen: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """spot -> (least, most) cents of every PlaceWager offered; asserts nothing else is."""
    found: dict[str, tuple[int, int]] = {}
    for legal in seen["legal_commands"]:
        assert legal["command"] == "PlaceWager", legal
        amount = legal["fields"]["amount"]
        for spot in legal["fields"]["spot"]["options"]:
            found[spot["value"]] = (amount["low"], amount["high"])
    return found


def test_the_preview_offers_what_a_come_out_takes(migrated_sqlite: Callable[[str], str]) -> None:
    """Before a round opens (a new table, and again after a seven-out has ended one) a
    seated player is offered exactly the come-out's wagers (623a.4 as implemented, above),
    the amounts those of the round once it opens: Place 6 and 8 from $5.04, the
    multiples of 6 cents paying whole cents at 7 to 6; the Fire Bet $1 to $10. At the
    Mini-Craps example, only the wagers it offers."""
    scripted = ScriptedRng()
    api = Api(migrated_sqlite("preview.sqlite"), rng=scripted)
    try:
        api.table("cr", CRAPS)
        api.table("mini", EXAMPLES / "mini-craps.toml")
        _, ann = api.player("ann", deposit=100_000)
        _, bo = api.player("bo", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "cr")
        api.sit(bo, 2, "cr")
        before = offered(view(api, bo))
        assert set(before) == COME_OUT
        assert before["place:6"] == (504, 499_998) and before["fire_bet"] == (100, 1_000)
        assert before["pass"] == before["field"] == (500, 500_000)
        ok(api.wager(ann, 1, "pass", 1_000, table_id="cr"))
        assert offered(view(api, bo)) == before  # the round, opened: the same offers
        roll(api, scripted, dealer, 4, 2)
        assert "come" in offered(view(api, bo)) and "pass" not in offered(view(api, bo))
        roll(api, scripted, dealer, 3, 4)  # the seven-out ends the round
        assert view(api, bo)["round_status"] == "completed"
        assert offered(view(api, bo)) == before == offered(view(api, ann))
        r = api.client.get("/tables/cr/view", headers=dealer)
        assert r.json()["legal_commands"] == []  # nothing to close before a wager
        api.sit(ann, 3, "mini")
        assert set(offered(api.client.get("/tables/mini/view", headers=ann).json())) == (
            MINI_COME_OUT
        )
    finally:
        api.close()


def test_a_come_out_with_only_place_wagers_is_voided_when_its_betting_time_runs_out(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Issue #38 (a round holding only Place wagers waited with no deadline), read again
    after the fresh player's Field report (docs/interpretations.md, "A come-out nobody can
    shoot is voided when the betting time runs out"; 623a.10): the betting time runs from
    ann's $12 Place 6; at 31 seconds nobody holds a line wager, so the round is voided and
    her $12 comes back. In the next round ann's Place 6 again, and bob's Pass 10 seconds
    later makes him the shooter without restarting the time: the dice roll 20 seconds on."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("place.sqlite"), rng=scripted, clock=clock)
    try:
        timed_table(api, "cr", CRAPS)
        ann_id, ann = api.player("ann", deposit=100_000)
        bob_id, bob = api.player("bob", deposit=100_000)
        api.sit(ann, 1, "cr")
        api.sit(bob, 2, "cr")
        ok(api.wager(ann, 1, "place:6", 1_200, table_id="cr"))
        waiting = view(api, ann)
        assert waiting["deadline"]["kind"] == "betting" and waiting["round_status"] == "open"
        assert waiting["deadline"]["seconds_left"] == 30
        assert api.wallets()[ann_id] == 100_000 - 1_200
        clock.advance(31)
        voided = view(api, ann)
        assert (voided["round_id"], voided["round_status"]) == ("cr-1", "voided")
        assert voided["view"]["rolls"] == []
        assert api.wallets()[ann_id] == 100_000
        ok(api.wager(ann, 1, "place:6", 1_200, table_id="cr"))
        clock.advance(10)
        ok(api.wager(bob, 2, "pass", 1_000, table_id="cr"))
        timed = view(api, bob)
        assert timed["round_id"] == "cr-2" and timed["deadline"]["seconds_left"] == 20
        scripted.dice(4, 2)  # the point 6; ann's Place is off on the come-out
        clock.advance(21)
        rolled = view(api, bob)["view"]
        assert rolled["rolls"] == [[4, 2]] and rolled["point"] == 6
        assert rolled["shooter"] == 2
        assert api.wallets() == {
            **api.wallets(),
            ann_id: 100_000 - 1_200,
            bob_id: 100_000 - 1_000,
        }
    finally:
        api.close()


def timed_table(api: Api, table_id: str, rules: Path) -> None:
    body = {"id": table_id, "rules_toml": rules.read_text(), "settings": {"betting_seconds": 30}}
    r = api.client.post("/tables", json=body, headers=api.admin)
    assert r.status_code == 201, r.text


def table_view(api: Api, table_id: str, auth: dict[str, str]) -> dict[str, Any]:
    r = api.client.get(f"/tables/{table_id}/view", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize(
    ("table_id", "rules"), [("mini", EXAMPLES / "mini-craps.toml"), ("cr", CRAPS)]
)
def test_a_field_wager_alone_does_not_stall_the_table_for_a_newcomer(
    migrated_sqlite: Callable[[str], str], table_id: str, rules: Path
) -> None:
    """The fresh player's report, at the Mini-Craps and the Craps examples: ann's $10 Field
    wager alone opens a round; bo sits down after it opened, so he plays from the next
    round. The betting time (30 seconds) runs from the opening though nobody holds a line
    wager; when it runs out with no shooter holding a Pass or Don't Pass wager, the round
    is voided and ann's $10 comes back (docs/interpretations.md, "A come-out nobody can
    shoot is voided when the betting time runs out"). bo may then make his Pass wager: it
    opens the next round, ann and bo seated, and the dice roll when its time runs out."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite(f"field-{table_id}.sqlite"), rng=scripted, clock=clock)
    try:
        timed_table(api, table_id, rules)
        ann_id, ann = api.player("ann", deposit=100_000)
        bo_id, bo = api.player("bo", deposit=100_000)
        api.sit(ann, 1, table_id)
        ok(api.wager(ann, 1, "field", 1_000, table_id=table_id))
        api.sit(bo, 2, table_id)
        late = table_view(api, table_id, bo)
        assert late["round_status"] == "open" and late["sat_in_round"] is False
        assert late["legal_commands"] == []
        assert late["deadline"]["kind"] == "betting"
        assert late["deadline"]["seconds_left"] == 30
        assert api.wallets()[ann_id] == 100_000 - 1_000
        clock.advance(31)
        after = table_view(api, table_id, bo)
        assert after["round_status"] == "voided", after
        assert api.wallets()[ann_id] == 100_000
        assert "pass" in offered(after)
        ok(api.wager(bo, 2, "pass", 1_000, table_id=table_id))
        scripted.dice(4, 2)
        clock.advance(31)
        rolled = table_view(api, table_id, bo)
        assert rolled["sat_in_round"] is True
        assert rolled["view"]["rolls"] == [[4, 2]] and rolled["view"]["shooter"] == 2
        assert api.wallets()[bo_id] == 100_000 - 1_000
    finally:
        api.close()


def test_the_betting_time_runs_from_the_first_wager_though_it_is_taken_back(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """The report's ending: ann's $10 Field opens the round at 0 s, bo sits down, ann
    leaves at 20 s (her Field comes back). The betting time still runs from her wager:
    at 31 s the round is voided (not 30 s after she left), and bo may make his Pass."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("left.sqlite"), rng=scripted, clock=clock)
    try:
        timed_table(api, "mini", EXAMPLES / "mini-craps.toml")
        ann_id, ann = api.player("ann", deposit=100_000)
        _, bo = api.player("bo", deposit=100_000)
        api.sit(ann, 1, "mini")
        ok(api.wager(ann, 1, "field", 1_000, table_id="mini"))
        api.sit(bo, 2, "mini")
        clock.advance(20)
        r = api.client.delete("/tables/mini/seats/1", headers=ann)
        assert r.status_code == 200, r.text
        assert api.wallets()[ann_id] == 100_000
        assert table_view(api, "mini", bo)["deadline"]["seconds_left"] == 10
        clock.advance(11)
        after = table_view(api, "mini", bo)
        assert after["round_status"] == "voided"
        assert "pass" in offered(after)
    finally:
        api.close()


def test_a_later_come_out_with_a_field_wager_alone_ends_the_turn_for_a_newcomer(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """After rolls: ann's $10 Pass, 4-2 sets the point 6, 3-3 makes it (+$10). At the next
    come-out she bets only $10 on the Field, and bo sits down (he plays from the next
    round). When the betting time runs out nobody holds a line wager: the turn of the
    dice ends, her Field comes back unplayed and the round is completed; bo may make his
    Pass. ann: 1,000 - 10 + 20 - 10 + 10 = $1,010."""
    scripted = ScriptedRng()
    clock = Clock()
    api = Api(migrated_sqlite("later.sqlite"), rng=scripted, clock=clock)
    try:
        timed_table(api, "cr", CRAPS)
        ann_id, ann = api.player("ann", deposit=100_000)
        _, bo = api.player("bo", deposit=100_000)
        api.sit(ann, 1, "cr")
        ok(api.wager(ann, 1, "pass", 1_000, table_id="cr"))
        scripted.dice(4, 2, 3, 3)
        clock.advance(31)
        clock.advance(31)
        assert view(api, ann)["view"]["point"] is None
        ok(api.wager(ann, 1, "field", 1_000, table_id="cr"))
        api.sit(bo, 2, "cr")
        assert view(api, bo)["legal_commands"] == []
        clock.advance(31)
        ended = view(api, bo)
        assert (ended["round_id"], ended["round_status"]) == ("cr-1", "completed")
        assert ended["view"]["rolls"] == [[4, 2], [3, 3]]
        assert api.wallets()[ann_id] == 101_000
        last = events(api, "cr-1")[-3:]
        assert [e["type"] for e in last] == ["ShooterDone", "WagerRemoved", "RoundCompleted"]
        assert (last[1]["spot"], last[1]["amount"]) == ("field", 1_000)
        assert "pass" in offered(ended)
    finally:
        api.close()
