"""Issue #34: a wager sent for a seat nobody sits at was refused as if another player held
it ("seat 1 may not wager for seat 2", 403, a permission). Nobody sits there: in every game
it is refused as the table stands (409), saying so and what to do (take a seat first),
citing the game's rule that only seated players wager; a seat another player holds is
still the other-seat refusal (403)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_api import EXAMPLES, Api

from croupier.registry import GAMES

SEATED = {
    # game: (example, the rule that only seated players wager, what the game calls a seat)
    "high-roll-dice": ("high-roll-dice-ten-dice.toml", "675a.2(c)", "seat"),
    "go-fore-it": ("go-fore-it.toml", "676a.7(b)", "seat"),
    "pai-gow": ("pai-gow.toml", "621a.7(b)", "seat"),
    "double-back-jack": ("double-back-jack.toml", "673a.6(a)", "box"),
    "criss-cross-poker": ("criss-cross-poker.toml", "674a.7(b)", "seat"),
    "sic-bo": ("sic-bo.toml", "625a.3", "seat"),
    "craps": ("craps.toml", "623a.4", "seat"),
}


def test_every_game_is_here() -> None:
    assert set(SEATED) == set(GAMES)


@pytest.mark.parametrize("game", list(SEATED))
def test_a_wager_for_an_empty_seat_says_nobody_sits_there(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    example, cite, place = SEATED[game]
    api = Api(migrated_sqlite("empty.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        assert table["game"] == game
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        spot, low = table["spots"][0]["value"], table["minimum_wager"]
        before = api.snapshot()
        r = api.wager(ann, 2, spot, low, table_id="t")
        assert r.status_code == 409, r.text
        body = r.json()
        assert body["detail"].startswith(
            f"nobody sits at {place} 2: take a seat first (a player wagers and acts only "
            f"for the {place} he sits at)"
        ), body
        assert body["cite"] == cite, body
        assert "may not" not in body["detail"]
        assert api.snapshot() == before
        # Seat 2 taken by another player: the other-seat refusal, a permission.
        _, bob = api.player("bob", deposit=100_000)
        api.sit(bob, 2, "t")
        r = api.wager(ann, 2, spot, low, table_id="t")
        assert r.status_code == 403, r.text
        assert "nobody sits" not in r.json()["detail"]
    finally:
        api.close()


def opening(table: dict[str, Any], seat: int) -> dict[str, object]:
    """A wager a round may open with at ``table`` (as ``POST /tables`` answered), for
    ``seat``, at the table minimum."""
    game, amount = table["game"], table["minimum_wager"]
    if game == "criss-cross-poker":
        return {"type": "PlaceAntes", "seat": seat, "ante_across": amount, "ante_down": amount}
    first = {"go-fore-it": "front_9", "sic-bo": "small", "craps": "pass"}
    spot = first.get(game, table["spots"][0]["value"])
    return {"type": "PlaceWager", "seat": seat, "spot": spot, "amount": amount}


@pytest.mark.parametrize("game", list(SEATED))
def test_a_wager_for_a_seat_left_during_the_round_says_nobody_sits_there(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A hostile tester's finding: carl sits at seat 3 when the round opens, then leaves
    it; a wager for seat 3 is the empty-seat refusal (409), not another player's (403):
    the round still has the seat it opened with, but nobody sits there. Once bob sits at
    seat 3 (the next round), ann's wager for it is the other-seat refusal (403)."""
    example, cite, place = SEATED[game]
    api = Api(migrated_sqlite("left.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, carl = api.player("carl", deposit=100_000)
        api.sit(ann, 1, "t")
        api.sit(carl, 3, "t")
        r = api.send(ann, opening(table, 1), "t")  # the round opens, carl in it
        assert r.status_code == 200, r.text
        r = api.client.delete("/tables/t/seats/3", headers={**carl, **api.key()})
        assert r.status_code == 200, r.text
        before = api.snapshot()
        r = api.send(ann, opening(table, 3), "t")
        assert r.status_code == 409, r.text
        body = r.json()
        assert body["detail"].startswith(f"nobody sits at {place} 3: take a seat first"), body
        assert body["cite"] == cite, body
        assert api.snapshot() == before
    finally:
        api.close()


def test_a_seat_left_is_another_players_once_taken_again(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """The seat carl left during the round, taken by bob for the next round: ann's wager
    for it is the other-seat refusal (403) again."""
    example, cite, _ = SEATED["high-roll-dice"]
    api = Api(migrated_sqlite("again.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, bob = api.player("bob", deposit=100_000)
        api.sit(ann, 1, "t")
        api.sit(bob, 3, "t")
        spot, low = table["spots"][0]["value"], table["minimum_wager"]
        assert api.wager(ann, 1, spot, low, table_id="t").status_code == 200
        r = api.wager(ann, 3, spot, low, table_id="t")
        assert r.status_code == 403, r.text
        assert r.json()["detail"].startswith("seat 1 may not wager for seat 3"), r.json()
        assert r.json()["cite"] == cite
    finally:
        api.close()


@pytest.mark.parametrize("game", list(SEATED))
def test_a_wager_for_a_seat_the_table_lacks_is_refused_as_taking_it(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A hostile tester's finding: a wager for seat 0, -1, one past the table's last
    betting position or 10**30 said "nobody sits at seat 0: take a seat first", where
    taking a seat the table lacks says it does not exist: the wager gets that refusal,
    in the same words, status (422) and rule."""
    example, _, _ = SEATED[game]
    api = Api(migrated_sqlite("none.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, bob = api.player("bob")
        api.sit(ann, 1, "t")
        taking = api.client.post("/tables/t/seats", json={"seat": 99}, headers=bob)
        assert taking.status_code == 422, taking.text
        said, cite = taking.json()["detail"], taking.json()["cite"]
        assert said.startswith("seat 99 does not exist: the table has betting positions 1 to ")
        last = int(
            said.removeprefix(
                "seat 99 does not exist: the table has betting positions 1 to "
            ).split()[0]
        )
        before = api.snapshot()
        for seat in (0, -1, last + 1, 10**30):
            r = api.send(ann, opening(table, seat), "t")
            assert r.status_code == 422, r.text
            assert r.json()["detail"] == said.replace("seat 99", f"seat {seat}"), r.json()
            assert r.json()["cite"] == cite
        assert api.snapshot() == before
    finally:
        api.close()


DEALER_FOR = {
    # game: how the dealer's wager for the seat is refused (what the game calls a seat)
    "high-roll-dice": "the dealer may not wager for seat 2",
    "go-fore-it": "the dealer may not wager for seat 2",
    "pai-gow": "the dealer may not wager for seat 2",
    "double-back-jack": "the dealer may not act for box 2",
    "criss-cross-poker": "the dealer may not wager for seat 2",
    "sic-bo": "the dealer may not wager for seat 2",
    "craps": "the dealer may not make a wager for seat 2",
}


@pytest.mark.parametrize("game", list(SEATED))
def test_the_dealers_wager_for_a_seat_is_refused_alike(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A hostile tester's finding: the dealer's wager for a seat was 403 "seat dealer may
    not wager for seat 2" in three games and 409 "only a seated player may place a wager"
    at Pai Gow: in every game it is a permission (403) refused in one plain sentence,
    citing the rule that only seated players wager."""
    example, cite, _ = SEATED[game]
    api = Api(migrated_sqlite("dealer.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, dealer = api.player("dan", role="dealer")
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 2, "t")
        spot, low = table["spots"][0]["value"], table["minimum_wager"]
        before = api.snapshot()
        r = api.wager(dealer, 2, spot, low, table_id="t")
        assert r.status_code == 403, r.text
        assert r.json()["detail"].startswith(DEALER_FOR[game]), r.json()
        assert r.json()["cite"] == cite, r.json()
        assert "seat dealer" not in r.json()["detail"]
        assert api.snapshot() == before
    finally:
        api.close()


@pytest.mark.parametrize("game", ["go-fore-it", "criss-cross-poker"])
def test_another_players_position_is_his(migrated_sqlite: Callable[[str], str], game: str) -> None:
    """A hostile tester's finding: ann's wager for bob's position was refused under the
    rule that a player wagers on one position only: she holds one; the position is
    bob's, refused (403) under the rule that only the seated player wagers for it."""
    example, cite, _ = SEATED[game]
    api = Api(migrated_sqlite("his.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, bob = api.player("bob", deposit=100_000)
        api.sit(ann, 1, "t")
        api.sit(bob, 2, "t")
        spot, low = table["spots"][0]["value"], table["minimum_wager"]
        r = api.wager(ann, 2, spot, low, table_id="t")
        assert r.status_code == 403, r.text
        assert r.json()["detail"].startswith("seat 2 is another player's"), r.json()
        assert "more than one" not in r.json()["detail"]
        assert r.json()["cite"] == cite
    finally:
        api.close()


@pytest.mark.parametrize("game", list(SEATED))
def test_a_player_who_sat_after_the_round_opened(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A fresh tester's finding: bob, who sat down at seat 2 after the round opened, was
    told "you sat down after round ... opened" (409) for a dealer's command and for ann's
    seat, where who may comes first (403, as for anyone); and ann's wager for bob's seat
    said "nobody sits" there. Now: the permission first, the late seat for his own."""
    example, cite, _ = SEATED[game]
    api = Api(migrated_sqlite("late.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, bob = api.player("bob", deposit=100_000)
        api.sit(ann, 1, "t")
        r = api.send(ann, opening(table, 1), "t")  # the round opens with ann alone
        assert r.status_code == 200, r.text
        api.sit(bob, 2, "t")
        before = api.snapshot()
        r = api.send(bob, {"type": "VoidRound", "reason": "a test"}, "t")
        assert r.status_code == 403, r.text
        assert "sat down" not in r.json()["detail"]
        r = api.send(bob, opening(table, 1), "t")
        assert r.status_code == 403, r.text
        assert "sat down" not in r.json()["detail"] and r.json()["cite"] == cite
        r = api.send(bob, opening(table, 2), "t")
        assert r.status_code == 409, r.text
        assert r.json()["detail"].startswith("you sat down at seat 2 after round "), r.json()
        assert "opened: you play from the next round" in r.json()["detail"], r.json()
        r = api.send(ann, opening(table, 2), "t")
        assert r.status_code == 403, r.text
        assert "nobody sits" not in r.json()["detail"] and r.json()["cite"] == cite
        # A seat nobody sits at is empty whoever asks (a fresh user's finding: bob was
        # told he sat down late).
        r = api.send(bob, opening(table, 3), "t")
        assert r.status_code == 409, r.text
        assert r.json()["detail"].startswith("nobody sits at "), r.json()
        assert " 3: take a seat first" in r.json()["detail"], r.json()
        assert api.snapshot() == before
    finally:
        api.close()


@pytest.mark.parametrize("game", list(SEATED))
def test_a_players_dealer_command_is_refused_for_his_role_whatever_its_fields(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A fresh tester's finding: a player's ``VoidRound`` with no reason was 422 ("the
    field command.reason is missing"), where the README says who asks comes first: 403
    whatever the body. Each of the game's dealer commands, sent by a player with its
    fields missing, is 403; the dealer sending it so is still told of the field (422)."""
    example, _, _ = SEATED[game]
    api = Api(migrated_sqlite("role.sqlite"))
    try:
        table = api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        _, dan = api.player("dan", role="dealer")
        api.sit(ann, 1, "t")
        assert api.send(ann, opening(table, 1), "t").status_code == 200
        before = api.snapshot()
        r = api.send(ann, {"type": "VoidRound"}, "t")
        assert r.status_code == 403, r.text
        assert r.json() == {
            "detail": "VoidRound is the dealer's command: a player may not send it "
            "(the operator's rules)",
            "cite": "server:roles",
        }
        r = api.send(dan, {"type": "VoidRound"}, "t")
        assert r.status_code == 422 and "reason" in r.text, r.text
        assert api.snapshot() == before
    finally:
        api.close()


@pytest.mark.parametrize(
    ("game", "spot", "told"),
    [
        ("go-fore-it", "skins", "seat 1 has no Skins Wager to withdraw"),
        ("criss-cross-poker", "ante_across", "seat 1 has no Ante Across wager to withdraw"),
    ],
)
def test_the_api_names_the_players_seat_as_the_terminal_and_the_browser_do(
    migrated_sqlite: Callable[[str], str], game: str, spot: str, told: str
) -> None:
    """The browser says "seat 1" ("You sit at seat 1") and so does the terminal; the API
    said "position 1" for the same place: ann's wager withdrawn where she has none says
    her seat."""
    example, _, _ = SEATED[game]
    api = Api(migrated_sqlite("named.sqlite"))
    try:
        api.table("t", EXAMPLES / example)
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        r = api.send(ann, {"type": "WithdrawWager", "seat": 1, "spot": spot}, table_id="t")
        assert r.status_code in (403, 409, 422), r.text
        assert r.json()["detail"].startswith(told), r.json()
        assert "position" not in r.json()["detail"], r.json()
    finally:
        api.close()
