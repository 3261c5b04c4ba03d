"""Double Back Jack's cut offered to the players online (table setting ``offer_cut``;
673a.5(b)-(c)), through the HTTP API, on a one-deck shoe whose cover card the dealer's
random cut places so that it appears in the first round (seeds chosen for that).

After the round in which the cover card appears, a reshuffle is due (673a.7(d)); the
server opens the next round at once, shuffles and offers the cut: to the player on whose
box the cover card appeared (673a.5(c)(2)), or, when it appeared on the dealer's hand,
from the dealer's right counterclockwise (673a.5(c)(3)). Each player accepts
(``AcceptCut``: he places the cover card, and the server records his cut, 673a.5(d)),
refuses (``RefuseCut``) or lets ``decision_seconds`` run out, which refuses; when no
player accepts, the dealer cuts (673a.5(b)). With the setting off (the default) no player
is offered the cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_api import Api, Clock

from croupier.rng import SeededRng

COVER_ON_BOX_1 = 7
"""A seed whose first round's cover card comes out dealing to box 1."""
COVER_ON_DEALER = 8
"""A seed whose first round's cover card comes out dealing to the dealer."""


class Table(Api):
    clock: Clock

    """A one-deck Double Back Jack table, two seated players, a dealer, a fake clock."""

    def __init__(self, db_url: str, seed: int, offer_cut: bool) -> None:
        # The seeds above were found dealing from the generator directly: no sealed draws.
        super().__init__(db_url, SeededRng(seed), Clock(), sealed_draws=False)
        settings = {"offer_cut": offer_cut, "betting_seconds": 10, "decision_seconds": 20}
        body = {"id": "bj", "rules": {"game": "double-back-jack", "decks": 1}, "settings": settings}
        r = self.client.post("/tables", json=body, headers=self.admin)
        assert r.status_code == 201, r.text
        assert r.json()["settings"]["offer_cut"] is offer_cut
        self.auth: dict[int, dict[str, str]] = {}
        for seat in (1, 2):
            _, auth = self.player(f"p{seat}", deposit=100_000)
            self.sit(auth, seat, "bj")
            self.auth[seat] = auth
        _, self.dealer = self.player("dee", role="dealer")

    def view(self, seat: int | None) -> dict[str, Any]:
        auth = self.dealer if seat is None else self.auth[seat]
        r = self.client.get("/tables/bj/view", headers=auth)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def do(self, seat: int, command: dict[str, Any]) -> dict[str, Any]:
        r = self.send(self.auth[seat], command, table_id="bj")
        assert r.status_code == 200, (command, r.text)
        body: dict[str, Any] = r.json()
        return body

    def legal(self, seat: int) -> set[str]:
        return {c["command"] for c in self.view(seat)["legal_commands"]}

    def first_round(self) -> list[dict[str, Any]]:
        """Box 1 wagers; the clock closes the betting and stands for it."""
        self.do(1, {"type": "PlaceWager", "seat": 1, "spot": "blackjack", "amount": 500})
        for _ in range(20):
            dealer = self.view(None)
            if dealer["round_id"] != "bj-1" or dealer["round_status"] != "open":
                return self.events("bj-1")
            self.clock.advance(21)
        raise AssertionError("the first round did not end")

    def events(self, round_id: str) -> list[dict[str, Any]]:
        r = self.client.get(f"/rounds/{round_id}/replay", headers=self.dealer)
        assert r.status_code == 200, r.text
        return [stored["event"] for stored in r.json()["events"]]


def _cuts(events: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    return [
        (e["type"], e.get("seat", e.get("cutter")))
        for e in events
        if e["type"] in ("CutRefused", "DeckCut")
    ]


def test_the_cut_rotates_from_the_dealers_right(migrated_sqlite: Callable[[str], str]) -> None:
    """The cover card came out on the dealer's hand: box 2 (the farthest right) is offered
    the cut first and refuses; box 1's time runs out; the dealer cuts (673a.5(b), (c)(3))."""
    table = Table(migrated_sqlite("right.sqlite"), COVER_ON_DEALER, offer_cut=True)
    try:
        first = table.first_round()
        assert [e["hand"] for e in first if e["type"] == "CoverCardReached"] == ["dealer"]
        dealer = table.view(None)
        assert (dealer["round_id"], dealer["round_status"]) == ("bj-2", "open")
        assert (dealer["view"]["phase"], dealer["view"]["cut_offered_to"]) == ("cut", 2)
        assert (table.legal(2), table.legal(1)) == ({"AcceptCut", "RefuseCut"}, set())
        table.do(2, {"type": "RefuseCut", "seat": 2})
        assert table.view(None)["view"]["cut_offered_to"] == 1
        table.clock.advance(19)
        assert table.legal(1) == {"AcceptCut", "RefuseCut"}  # not yet
        table.clock.advance(2)
        assert table.view(None)["view"]["phase"] == "betting"
        assert "PlaceWager" in table.legal(1)
        second = table.events("bj-2")
        assert _cuts(second) == [("CutRefused", 2), ("CutRefused", 1), ("DeckCut", "dealer")]
        assert table.ledger()["total"] == 0
    finally:
        table.close()


def test_the_cut_goes_to_the_box_the_cover_card_came_out_on(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """The cover card came out on box 1: box 1 alone is offered the cut (673a.5(c)(2));
    its time runs out and the dealer cuts."""
    table = Table(migrated_sqlite("box.sqlite"), COVER_ON_BOX_1, offer_cut=True)
    try:
        first = table.first_round()
        assert [e["hand"] for e in first if e["type"] == "CoverCardReached"] == [1]
        assert table.view(None)["view"]["cut_offered_to"] == 1
        assert (table.legal(1), table.legal(2)) == ({"AcceptCut", "RefuseCut"}, set())
        table.clock.advance(21)
        assert table.view(None)["view"]["phase"] == "betting"  # the server acted when asked
        assert _cuts(table.events("bj-2")) == [("CutRefused", 1), ("DeckCut", "dealer")]
    finally:
        table.close()


def test_a_player_accepts_the_cut_online(migrated_sqlite: Callable[[str], str]) -> None:
    """Box 2, offered the cut (673a.5(c)(3)), accepts it through the command API and
    places the cover card 20 cards in (``AcceptCut``, 673a.5(d)); a position under ten
    from the top or bottom is refused 422, and box 1, not offered the cut, is refused 409
    naming box 2. The server then records the cut as the dealer: by box 2 at 20, the cover
    card reinserted at least a quarter of the 52 cards from the bottom, in the same
    transaction; the betting opens."""
    table = Table(migrated_sqlite("accept.sqlite"), COVER_ON_DEALER, offer_cut=True)
    try:
        table.first_round()
        accept = next(c for c in table.view(2)["legal_commands"] if c["command"] == "AcceptCut")
        position = accept["fields"]["position"]
        assert (position["kind"], position["low"], position["high"]) == ("integers", 10, 42)
        for position in (9, 43):
            command = {"type": "AcceptCut", "seat": 2, "position": position}
            r = table.send(table.auth[2], command, table_id="bj")
            assert r.status_code == 422, r.text
            assert "673a.5(d)" in r.text
        r = table.send(
            table.auth[1], {"type": "AcceptCut", "seat": 1, "position": 20}, table_id="bj"
        )
        assert r.status_code == 409, r.text
        assert "offered now to box 2" in r.text and "673a.5(c)" in r.text
        assert _cuts(table.events("bj-2")) == []
        answer = table.do(2, {"type": "AcceptCut", "seat": 2, "position": 20})
        kinds = [e["type"] for e in answer["events"]]
        assert kinds[:2] == ["CutAccepted", "DeckCut"]
        dealer = table.view(None)
        assert dealer["view"]["phase"] == "betting"
        events = table.events("bj-2")
        assert _cuts(events) == [("DeckCut", 2)]
        accepted = next(e for e in events if e["type"] == "CutAccepted")
        assert (accepted["seat"], accepted["position"]) == (2, 20)
        cut = next(e for e in events if e["type"] == "DeckCut")
        assert (cut["cutter"], cut["position"]) == (2, 20)
        assert 13 <= cut["cover_from_bottom"] <= 51  # 673a.5(d): at least 1/4 of 52
        _chain_ok(table)
        assert table.ledger()["total"] == 0
    finally:
        table.close()


def test_no_cut_is_offered_by_default(migrated_sqlite: Callable[[str], str]) -> None:
    """``offer_cut`` off: no round opens ahead of the players and the dealer cuts."""
    table = Table(migrated_sqlite("off.sqlite"), COVER_ON_DEALER, offer_cut=False)
    try:
        first = table.first_round()
        assert [e["hand"] for e in first if e["type"] == "CoverCardReached"] == ["dealer"]
        dealer = table.view(None)
        assert (dealer["round_id"], dealer["round_status"]) == ("bj-1", "completed")
        table.do(2, {"type": "PlaceWager", "seat": 2, "spot": "blackjack", "amount": 500})
        second = table.events("bj-2")
        assert _cuts(second) == [("DeckCut", "dealer")]
        assert next(e for e in second if e["type"] == "RoundSetup")["cut_offer"] == []
    finally:
        table.close()


def _leave(table: Table, seat: int) -> None:
    r = table.client.delete(f"/tables/bj/seats/{seat}", headers=table.auth[seat])
    assert r.status_code == 200, r.text


def _chain_ok(table: Table) -> None:
    r = table.client.get("/tables/bj/verify", headers=table.dealer)
    assert r.status_code == 200, r.text
    assert r.json()["ok"] is True, r.json()


def test_a_box_offered_the_cut_that_leaves_refuses_it_at_once(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Box 2, offered the cut, leaves its seat: leaving refuses the cut (673a.5(c): the
    offer passes to the next player), at once and without any clock running; the refusal
    is stored as a command's events, on the table's hash chain. Box 1 then has its own
    full decision time; when it runs out the dealer cuts (673a.5(b)) and the game goes on."""
    table = Table(migrated_sqlite("left.sqlite"), COVER_ON_DEALER, offer_cut=True)
    try:
        table.first_round()
        assert table.view(None)["view"]["cut_offered_to"] == 2
        _leave(table, 2)
        dealer = table.view(None)  # no time has passed
        assert (dealer["round_id"], dealer["view"]["cut_offered_to"]) == ("bj-2", 1)
        refused = [e for e in table.events("bj-2") if e["type"] == "CutRefused"]
        assert [e["seat"] for e in refused] == [2]
        assert "673a.5(c)" in refused[0]["cite"]
        _chain_ok(table)
        table.clock.advance(19)  # box 1's 20 seconds run from box 2's leaving
        assert table.legal(1) == {"AcceptCut", "RefuseCut"}
        table.clock.advance(2)
        assert table.view(None)["view"]["phase"] == "betting"
        assert _cuts(table.events("bj-2")) == [
            ("CutRefused", 2),
            ("CutRefused", 1),
            ("DeckCut", "dealer"),
        ]
        table.do(1, {"type": "PlaceWager", "seat": 1, "spot": "blackjack", "amount": 500})
        for _ in range(20):  # the clock plays the round out; the next one opens cleanly
            dealer = table.view(None)
            if dealer["round_id"] != "bj-2":
                break
            table.clock.advance(21)
        assert table.events("bj-2")[-1]["type"] == "RoundCompleted"
        _chain_ok(table)
        ledger = table.ledger()
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
    finally:
        table.close()


@pytest.mark.parametrize("box_2", ["leaves", "refuses"])
def test_an_offer_passed_on_to_a_box_that_has_left_is_refused_for_it_at_once(
    migrated_sqlite: Callable[[str], str], box_2: str
) -> None:
    """Box 1 leaves while box 2 is offered the cut (box 1's turn has not come: nothing is
    refused for it yet); then box 2 leaves, or refuses (a command, not a timeout): the
    offer passes to box 1, whose player has gone, and is refused for it in the same
    transaction instead of waiting out its decision time; no player is left to accept, so
    the dealer cuts at once (673a.5(b)) and the betting opens, with no time passed."""
    table = Table(migrated_sqlite("gone.sqlite"), COVER_ON_DEALER, offer_cut=True)
    try:
        table.first_round()
        _leave(table, 1)
        assert table.view(None)["view"]["cut_offered_to"] == 2
        assert _cuts(table.events("bj-2")) == []
        if box_2 == "leaves":
            _leave(table, 2)
        else:
            answer = table.do(2, {"type": "RefuseCut", "seat": 2})
            kinds = [e["type"] for e in answer["events"]]
            assert kinds[:3] == ["CutRefused", "CutRefused", "DeckCut"]
        assert table.view(None)["view"]["phase"] == "betting"
        assert _cuts(table.events("bj-2")) == [
            ("CutRefused", 2),
            ("CutRefused", 1),
            ("DeckCut", "dealer"),
        ]
        _chain_ok(table)
        assert table.ledger()["total"] == 0
    finally:
        table.close()


def test_leaving_without_a_cut_offered_sends_no_command(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """With ``offer_cut`` off, leaving between rounds stores nothing: no round opens."""
    table = Table(migrated_sqlite("none.sqlite"), COVER_ON_DEALER, offer_cut=False)
    try:
        table.first_round()
        before = table.client.get("/tables/bj", headers=table.dealer).json()["events"]
        _leave(table, 2)
        after = table.client.get("/tables/bj", headers=table.dealer).json()
        assert after["events"] == before
        assert [s["seat"] for s in after["seats"]] == [1]
    finally:
        table.close()


def test_a_seat_sent_as_text_is_refused_naming_the_field(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Box 2, offered the cut, sends its seat as the string "2": a JSON integer is
    required (as for ``round_version``), so the command is refused 422 naming the field
    and nothing is stored; the same command with the integer is taken."""
    table = Table(migrated_sqlite("text.sqlite"), COVER_ON_DEALER, offer_cut=True)
    try:
        table.first_round()
        before = table.events("bj-2")
        r = table.send(table.auth[2], {"type": "RefuseCut", "seat": "2"}, table_id="bj")
        assert r.status_code == 422, r.text
        assert r.json()["problems"][0]["loc"] == ["body", "command", "RefuseCut", "seat"]
        assert table.events("bj-2") == before
        table.do(2, {"type": "RefuseCut", "seat": 2})
        assert table.view(None)["view"]["cut_offered_to"] == 1
    finally:
        table.close()


def _create(api: Api, body: dict[str, Any]) -> Any:
    return api.client.post("/tables", json=body, headers=api.admin)


def test_table_settings_take_json_booleans_only(migrated_sqlite: Callable[[str], str]) -> None:
    """``offer_cut`` and the other switches are JSON true or false: "yes", "true", 1 are
    refused 422 naming the setting, and no table is created."""
    api = Api(migrated_sqlite("strict.sqlite"), SeededRng(1), Clock())
    try:
        rules = {"game": "double-back-jack", "decks": 1}
        for name in ("offer_cut", "close_when_all_wagered", "physical_dice"):
            for value in ("yes", "true", 1):
                r = _create(api, {"id": "bj", "rules": rules, "settings": {name: value}})
                assert r.status_code == 422, (name, value, r.text)
                assert r.json()["problems"][0]["loc"] == ["body", "settings", name], r.json()
        assert api.client.get("/tables/bj", headers=api.admin).status_code == 404
        r = _create(api, {"id": "bj", "rules": rules, "settings": {"offer_cut": True}})
        assert r.status_code == 201 and r.json()["settings"]["offer_cut"] is True, r.text
    finally:
        api.close()


def test_offer_cut_is_refused_for_a_game_without_a_players_cut(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """The players' cut of 673a.5(b)-(c) is Double Back Jack's: ``offer_cut: true`` for
    any other game (rules as JSON or TOML) is refused 422 naming the setting, with the
    cite; off (the default), those games take their tables as before."""
    api = Api(migrated_sqlite("games.sqlite"), SeededRng(1), Clock())
    try:
        on = {"offer_cut": True}
        bodies = [
            {"id": "pg", "rules": {"game": "pai-gow"}, "settings": on},
            {"id": "gfi", "rules_toml": 'game = "go-fore-it"\n', "settings": on},
        ]
        for body in bodies:
            r = _create(api, body)
            assert r.status_code == 422, r.text
            message = r.json()["problems"][0]["detail"]
            assert "offer_cut" in message and "server:table-settings" in message, message
            assert "673a.5" in message, message
            assert api.client.get(f"/tables/{body['id']}", headers=api.admin).status_code == 404
            r = _create(api, {**body, "settings": {"offer_cut": False}})
            assert r.status_code == 201, r.text
    finally:
        api.close()


def test_physical_dice_are_refused_for_a_game_without_dice(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """``physical_dice`` is for the games with dice (High Roll Dice, Pai Gow: the
    game's policy says so): ``true`` at a card game is refused 422 naming the setting,
    where it used to be taken and ignored; at High Roll Dice it is taken."""
    api = Api(migrated_sqlite("dice.sqlite"), SeededRng(1), Clock())
    try:
        on = {"physical_dice": True}
        for game in ("go-fore-it", "criss-cross-poker", "double-back-jack"):
            r = _create(api, {"id": "t", "rules": {"game": game}, "settings": on})
            assert r.status_code == 422, r.text
            message = r.json()["problems"][0]["detail"]
            assert "physical_dice" in message and "server:table-settings" in message, message
        assert api.client.get("/tables/t", headers=api.admin).status_code == 404
        r = _create(api, {"id": "t", "rules": {"game": "high-roll-dice"}, "settings": on})
        assert r.status_code == 201 and r.json()["settings"]["physical_dice"] is True, r.text
    finally:
        api.close()
