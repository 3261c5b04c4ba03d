"""Taking and leaving a seat honour an ``Idempotency-Key`` as commands, deposits and
withdrawals do (croupier.server.idempotency): the same request sent again gets its first
answer back, a refusal the rules decided included, and the key with another table, seat,
endpoint or body is refused 422 with nothing done. Without a key a seat request is judged
afresh each time, as before.

High Roll Dice, ten dice (examples/rules/high-roll-dice-ten-dice.toml): seats 1 to 7;
``pip_street:ace`` is a wager its rules take.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server_api import Api

USED = "this Idempotency-Key was used for a different request"


def _sit(api: Api, auth: dict[str, str], seat: int, table: str = "hrd", key: str = "K") -> Any:
    headers = {**auth, "Idempotency-Key": key}
    return api.client.post(f"/tables/{table}/seats", json={"seat": seat}, headers=headers)


def _leave(api: Api, auth: dict[str, str], seat: int, table: str = "hrd", key: str = "L") -> Any:
    headers = {**auth, "Idempotency-Key": key}
    return api.client.delete(f"/tables/{table}/seats/{seat}", headers=headers)


def _seats(api: Api) -> list[tuple[str, int, str]]:
    with api.engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT table_id, seat, player_id FROM seats ORDER BY table_id, seat"
        ).all()
    return [(str(table), int(seat), str(player)) for table, seat, player in rows]


def _refused_for_another_request(answer: Any) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.json()["cite"] == "server:idempotency-key"
    assert answer.json()["detail"].startswith(USED)


def _seated_at_3(player_id: str) -> dict[str, object]:
    """The seat answer of ann, seated at seat 3 of an open table: every field, exactly."""
    return {
        "seat": 3,
        "player_id": player_id,
        "name": "ann",
        "closed": False,
        "closed_reason": "",
        "closed_by": "",
    }


def test_a_seat_sent_again_gets_its_first_answer_and_the_key_binds_that_seat(api: Api) -> None:
    api.table()
    api.table("hrd2")
    ann_id, ann = api.player("ann", deposit=10_000)
    first = _sit(api, ann, 3)
    assert first.status_code == 201, first.text
    assert first.json() == _seated_at_3(ann_id)  # once None
    # The identical retry: the first answer, word for word, and no second seat.
    again = _sit(api, ann, 3)
    assert (again.status_code, again.text) == (201, first.text)
    assert _seats(api) == [("hrd", 3, ann_id)]
    # The key with another table, another seat, then a command: refused, nothing done.
    before = api.snapshot()
    _refused_for_another_request(_sit(api, ann, 3, table="hrd2"))
    _refused_for_another_request(_sit(api, ann, 4))
    wager = {"type": "PlaceWager", "seat": 3, "spot": "pip_street:ace", "amount": 500}
    _refused_for_another_request(api.send(ann, wager, key="K"))
    assert _seats(api) == [("hrd", 3, ann_id)]
    assert api.snapshot() == before  # no round, no wager, no posting
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 10_000
    # A fresh key is a fresh request: the wager the key K was refused is taken.
    assert api.wager(ann, 3, "pip_street:ace", 500).status_code == 200
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 9_500
    assert api.ledger()["total"] == 0


def test_a_refused_seat_is_refused_again_with_its_key_after_the_seat_is_free(api: Api) -> None:
    api.table()
    bob_id, bob = api.player("bob")
    _, ann = api.player("ann")
    api.sit(bob, 3)
    first = _sit(api, ann, 3)  # seat 3 is bob's: a refusal the rules decided
    assert first.status_code == 409, first.text
    assert first.json()["detail"].startswith("seat 3 is taken")
    assert api.client.delete("/tables/hrd/seats/3", headers=bob).status_code == 200
    # The same request, the same key: its stored refusal, though the seat is free now.
    again = _sit(api, ann, 3)
    assert (again.status_code, again.text) == (409, first.text)
    assert _seats(api) == []
    # With a new key it is judged afresh.
    assert _sit(api, ann, 3, key="K2").status_code == 201
    assert [player != bob_id for _, _, player in _seats(api)] == [True]


def test_a_leave_sent_again_gets_its_first_answer_and_frees_no_one_elses_seat(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann")
    bob_id, bob = api.player("bob")
    api.sit(ann, 3)
    first = _leave(api, ann, 3)
    assert first.status_code == 200, first.text
    assert first.json() == {"seat": 3, "player_id": ann_id, "name": "ann"}
    api.sit(bob, 3)  # the seat ann left, taken by bob
    # Ann's leave sent again: its first answer; bob keeps seat 3.
    again = _leave(api, ann, 3)
    assert (again.status_code, again.text) == (200, first.text)
    assert _seats(api) == [("hrd", 3, bob_id)]
    # The leave's key with a seat request (another endpoint): refused, nothing taken.
    _refused_for_another_request(_sit(api, ann, 4, key="L"))
    assert _seats(api) == [("hrd", 3, bob_id)]


def test_a_seat_without_a_key_is_judged_afresh_each_time(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann")
    api.sit(ann, 3)
    again = api.client.post("/tables/hrd/seats", json={"seat": 3}, headers=ann)
    assert again.status_code == 409, again.text
    assert again.json()["detail"].startswith("you already sit at seat 3")
    assert _seats(api) == [("hrd", 3, ann_id)]
    with api.engine.connect() as connection:
        kept = connection.exec_driver_sql("SELECT count(*) FROM idempotency_keys").scalar_one()
    assert kept == 0  # no request here carried a key: nothing stored


def test_one_seat_key_sent_eight_times_at_once_takes_one_seat(api: Api) -> None:
    """Eight identical seat requests with one key at once: one seat taken, and every
    answer is that first answer (a loser finds the winner's stored answer)."""
    api.table()
    ann_id, ann = api.player("ann")
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: _sit(api, ann, 3), range(8)))
    assert {(answer.status_code, answer.text) for answer in answers} == {(201, answers[0].text)}
    assert answers[0].json() == _seated_at_3(ann_id)
    assert _seats(api) == [("hrd", 3, ann_id)]
