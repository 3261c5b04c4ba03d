"""Taking and leaving a seat, refused (issue #34): 403 where the caller is not allowed
(his role, his self-exclusion, his account disabled, a seat he does not hold), 409 where
the table as it stands is in the way (a seat taken, a second seat, a seat still playing a
round, a seat with a wager in the open round). Nothing is stored by a refusal.

High Roll Dice, ten dice (examples/rules/high-roll-dice-ten-dice.toml): seats 1 to 7.
"""

from __future__ import annotations

from typing import Any

from server_api import Api


def _sit(api: Api, auth: dict[str, str], seat: int) -> Any:
    return api.client.post("/tables/hrd/seats", json={"seat": seat}, headers=auth)


def _leave(api: Api, auth: dict[str, str], seat: int) -> Any:
    return api.client.delete(f"/tables/hrd/seats/{seat}", headers=auth)


def _seats(api: Api) -> list[tuple[int, str]]:
    with api.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT seat, player_id FROM seats ORDER BY seat")
        return [(int(seat), str(pid)) for seat, pid in rows]


def test_not_allowed_is_403(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    bob_id, bob = api.player("bob", deposit=5_000)
    cat_id, cat = api.player("cat", deposit=5_000)
    _, dee = api.player("dee", role="dealer")
    api.sit(ann, 1)
    seated = _seats(api)
    for body in ({"seat": 2}, {"seat": "two"}):  # a dealer takes no seat, whatever he sends
        r = api.client.post("/tables/hrd/seats", json=body, headers=dee)
        assert r.status_code == 403 and r.json()["detail"].startswith("a dealer does not take")
    # Bob excludes himself; Cat's account is disabled by the admin.
    r = api.client.post(f"/players/{bob_id}/status", json={"status": "self-excluded"}, headers=bob)
    assert r.status_code == 200, r.text
    r = api.client.post(
        "/disabled",
        json={"thing": "player", "subject": cat_id, "disabled": True, "reason": "review"},
        headers=api.admin,
    )
    assert r.status_code == 200, r.text
    for who in (bob, cat):
        r = _sit(api, who, 2)
        assert r.status_code == 403, r.text
    # Leaving Ann's seat (a seat nobody holds is the table as it stands: 409, below).
    r = _leave(api, bob, 1)
    assert r.status_code == 403, r.text
    assert r.json()["detail"].startswith("you do not sit at seat 1 of table hrd")
    assert _seats(api) == seated == [(1, ann_id)]


def test_a_conflict_with_the_table_as_it_stands_is_409(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=5_000)
    _, bob = api.player("bob", deposit=5_000)
    api.sit(ann, 1)
    r = _sit(api, bob, 1)
    assert r.status_code == 409 and r.json()["detail"].startswith("seat 1 is taken"), r.text
    r = _sit(api, ann, 2)
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith("you already sit at seat 1")
    # A hostile tester: Ann asking for her own seat again was told "seat 1 is taken".
    r = _sit(api, ann, 1)
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith("you already sit at seat 1 of table hrd"), r.text
    # A hostile tester: leaving a seat nobody sits at was 403, "you do not sit at seat 6".
    r = _leave(api, bob, 6)
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith("nobody sits at seat 6 of table hrd"), r.text
    # Bob sits at 2 before round hrd-1 opens and leaves it without a wager: seat 2 plays
    # in round hrd-1 still, and Cat may take it once the round is over.
    _, cat = api.player("cat", deposit=5_000)
    assert _sit(api, bob, 2).status_code == 201
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    r = _leave(api, ann, 1)
    assert r.status_code == 409 and "has a wager in round hrd-1" in r.json()["detail"], r.text
    assert _leave(api, bob, 2).status_code == 200
    r = _sit(api, cat, 2)
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith("seat 2 still plays in round hrd-1")
    assert _seats(api) == [(1, ann_id)]
