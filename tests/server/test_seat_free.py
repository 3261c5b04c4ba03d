"""The floor frees a seat another player holds (``DELETE /tables/{id}/seats/{seat}`` by an
admin, with a reason): a player whose browser closed kept his seat, and a newcomer found
the table full. Only where the player loses nothing: between rounds, or while the seat
has no wager in the open round; a wager in play stays and is settled as the rules say.
Recorded as a significant event (who, the seat, the player, why); the player is told.

High Roll Dice, ten dice (examples/rules/high-roll-dice-ten-dice.toml): seats 1 to 6 (675a.1(a)),
each player's wallet 5,000 cents.
"""

from __future__ import annotations

from typing import Any

from server_api import Api
from sqlalchemy.orm import Session

from croupier.ledger.significant_events import Kind, significant_events


def _free(api: Api, auth: dict[str, str], seat: int, reason: str | None) -> Any:
    body = None if reason is None else {"reason": reason}
    return api.client.request("DELETE", f"/tables/hrd/seats/{seat}", json=body, headers=auth)


def _seats(api: Api) -> list[tuple[int, str]]:
    with api.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT seat, player_id FROM seats ORDER BY seat")
        return [(int(seat), str(pid)) for seat, pid in rows]


def _lobby_free(api: Api, auth: dict[str, str]) -> list[int]:
    r = api.client.get("/tables", headers=auth)
    assert r.status_code == 200, r.text
    (table,) = [t for t in r.json()["tables"] if t["id"] == "hrd"]
    return list(table["free_seats"])


def _freed(api: Api) -> list[Any]:
    with Session(api.engine) as session:
        return significant_events(session, kinds=[Kind.SEAT_FREED])


def test_the_floor_frees_a_seat_between_rounds(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    _, newcomer = api.player("newcomer", deposit=5_000)
    for seat in range(1, 7):  # the table full: Ann at 1, five others
        if seat == 1:
            api.sit(ann, 1)
        else:
            api.sit(api.player(f"p{seat}", deposit=5_000)[1], seat)
    assert _lobby_free(api, newcomer) == []
    bearer = ann["Authorization"].removeprefix("Bearer ")
    with api.client.websocket_connect(f"/tables/hrd/ws?token={bearer}") as ws:
        assert ws.receive_json()["data"]["actor"] == 1
        r = _free(api, api.admin, 1, "Ann left the table; her browser closed")
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == 1 and r.json()["name"] == "ann"
        view = ws.receive_json()
        assert view["type"] == "view" and view["data"]["actor"] is None
        told = ws.receive_json()
    assert told["type"] == "notice"
    assert told["text"] == (
        "The floor (admin) freed seat 1 of table hrd, where ann sat: "
        "Ann left the table; her browser closed"
    )
    assert _lobby_free(api, newcomer) == [1]
    assert api.wallets()[ann_id] == 5_000  # she loses nothing
    (event,) = _freed(api)
    assert event.who.startswith("admin (") and event.subject == "hrd"
    assert event.before == {"seat": 1, "player_id": ann_id, "name": "ann"}
    assert event.words.endswith("Ann left the table; her browser closed")
    api.sit(newcomer, 1)  # the newcomer plays


def test_the_floor_frees_a_seat_with_no_wager_in_the_open_round(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    bob_id, bob = api.player("bob", deposit=5_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200  # round hrd-1 open
    r = _free(api, api.admin, 2, "away from the table")
    assert r.status_code == 200, r.text
    assert _seats(api) == [(1, ann_id)]
    assert api.wallets()[bob_id] == 5_000
    assert len(_freed(api)) == 1


def test_a_wager_in_play_keeps_the_seat(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    before, seated = api.snapshot(), _seats(api)
    r = _free(api, api.admin, 1, "her browser closed")
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith(
        "seat 1 of table hrd has a wager in round hrd-1, which is not over: "
        "a wager in play stays and is settled as the rules say"
    )
    assert api.snapshot() == before and _seats(api) == seated == [(1, ann_id)]
    assert _freed(api) == []


def test_only_the_floor_frees_another_players_seat_and_says_why(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    _, bob = api.player("bob", deposit=5_000)
    _, dee = api.player("dee", role="dealer")
    api.sit(ann, 1)
    for who in (bob, dee):
        r = _free(api, who, 1, "I want that seat")
        assert r.status_code == 403, r.text
        assert r.json()["detail"].startswith(
            "you do not sit at seat 1 of table hrd: only the floor (an admin) frees "
            "another player's seat"
        )
    for reason in (None, "  "):
        r = _free(api, api.admin, 1, reason)
        assert r.status_code == 409, r.text
        assert r.json()["detail"].startswith(
            "freeing seat 1 of table hrd for another player needs a reason"
        )
    assert _seats(api) == [(1, ann_id)] and _freed(api) == []


def test_a_reason_that_would_forge_a_line_of_the_report_is_refused(api: Api) -> None:
    """The reason is one line of text, recorded and printed as written: a NUL, a newline
    (a second line of `croupier report events` forged) or a right-to-left override (the
    line reordered on screen) is refused 422 in words, as is a body naming a seat that is
    not the path's; the seat stays held and nothing is logged."""
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    api.sit(ann, 1)
    for reason in ("a\u0000b", "left\nseat 2 freed by the floor", "left \u202eeno"):
        r = _free(api, api.admin, 1, reason)
        assert r.status_code == 422, r.text
        assert "a reason is one line of text as written" in r.text
    r = api.client.request(
        "DELETE", "/tables/hrd/seats/1", json={"reason": "gone", "seat": 3}, headers=api.admin
    )
    assert r.status_code == 422, r.text
    assert _seats(api) == [(1, ann_id)] and _freed(api) == []
