"""An ``Idempotency-Key`` is bound to the request it first came with (issue #34), as the
IETF httpapi Idempotency-Key draft and Stripe bind it: the caller, the method and path and
the body. A refusal the rules decided binds the key too: the same request again gets the
same refusal back, and the key with another endpoint or body is refused 422 with nothing
run. A refusal stores nothing but its answer: no wager, no posting, no balance moved.

High Roll Dice, ten dice (examples/rules/high-roll-dice-ten-dice.toml): seats 1 to 7;
``pip_street:ace`` is a wager its rules take, ``moon_shot`` is no spot of the game.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server_api import Api

KEY = {"Idempotency-Key": "ann-1"}
USED = "this Idempotency-Key was used for a different request"


def _command(api: Api, auth: dict[str, str], command: dict[str, Any], table: str = "hrd") -> Any:
    return api.client.post(
        f"/tables/{table}/commands", json={"command": command}, headers={**auth, **KEY}
    )


def _wager(spot: str, amount: int) -> dict[str, Any]:
    return {"type": "PlaceWager", "seat": 1, "spot": spot, "amount": amount}


def _keys(api: Api) -> list[tuple[int, str]]:
    with api.engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT status_code, response_json FROM idempotency_keys "
            "WHERE key = 'ann-1' ORDER BY created_at"
        ).all()
    return [(int(code), str(text)) for code, text in rows]


def test_a_refused_command_keeps_its_key_for_that_request_alone(api: Api) -> None:
    api.table()
    api.table("hrd2")
    ann_id, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    first = _command(api, ann, _wager("moon_shot", 500))
    assert first.status_code == 422, first.text
    assert api.snapshot() == before  # nothing but the refusal's answer is stored
    assert _keys(api) == [(422, first.text)]
    # The same request again: the same refusal, word for word.
    again = _command(api, ann, _wager("moon_shot", 500))
    assert (again.status_code, again.text) == (422, first.text)
    # Another body, then another endpoint (another table's path): refused, nothing runs.
    refusals = [
        _command(api, ann, _wager("pip_street:ace", 500)),
        _command(api, ann, _wager("pip_street:ace", 500), table="hrd2"),
    ]
    for refusal in refusals:
        assert refusal.status_code == 422, refusal.text
        assert refusal.json()["cite"] == "server:idempotency-key"
        assert refusal.json()["detail"].startswith(USED)
    assert api.snapshot() == before
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 10_000
    assert api.ledger()["total"] == 0
    assert _keys(api) == [(422, first.text)]
    # A fresh key is a fresh request.
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    assert api.client.get(f"/players/{ann_id}/limits", headers=ann).status_code == 200


def test_a_decided_refusal_is_answered_again_even_after_the_state_changed(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann", deposit=300)
    api.sit(ann, 1)
    before = api.snapshot()
    first = _command(api, ann, _wager("pip_street:ace", 500))  # $5 from a $3 wallet
    assert first.status_code == 409, first.text
    assert api.snapshot() == before
    r = api.client.post(
        f"/players/{ann_id}/deposits", json={"amount": 1_000}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 201, r.text
    # The same request, the same key: its stored refusal (the draft's "same response").
    again = _command(api, ann, _wager("pip_street:ace", 500))
    assert (again.status_code, again.text) == (409, first.text)
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 1_300
    # The same wager with a new key is judged afresh.
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 800
    assert api.ledger()["total"] == 0


def test_a_refusal_that_decided_nothing_leaves_the_key_free(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200  # round hrd-1
    stale = api.client.post(
        "/tables/hrd/commands",
        json={"command": _wager("pip_street:two", 500), "round_version": 0},
        headers={**ann, **KEY},
    )
    assert stale.status_code == 409, stale.text  # a stale version: judge it again
    assert _keys(api) == []
    r = _command(api, ann, _wager("pip_street:two", 500))
    assert r.status_code == 200, r.text
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 9_000


def test_a_refused_withdrawal_keeps_its_key_from_a_deposit(api: Api) -> None:
    ann_id, ann = api.player("ann", deposit=1_000)
    key = {**api.admin, "Idempotency-Key": "cage-1"}
    before = api.snapshot()
    first = api.client.post(f"/players/{ann_id}/withdrawals", json={"amount": 5_000}, headers=key)
    assert first.status_code == 409, first.text
    assert api.snapshot() == before
    deposit = api.client.post(f"/players/{ann_id}/deposits", json={"amount": 5_000}, headers=key)
    assert deposit.status_code == 422, deposit.text
    assert deposit.json()["detail"].startswith(USED)
    again = api.client.post(f"/players/{ann_id}/withdrawals", json={"amount": 5_000}, headers=key)
    assert (again.status_code, again.text) == (409, first.text)
    assert api.snapshot() == before
    assert api.client.get("/players/me", headers=ann).json()["balance"] == 1_000
    assert api.ledger()["total"] == 0


def test_one_key_sent_at_once_with_a_refused_and_a_taken_body_does_one_of_them(
    api: Api,
) -> None:
    """Eight requests with one key at once, half a refused wager and half one the rules
    take: whichever is judged first binds the key; every answer is its answer or the
    422 of a key used for another request, and the wallet moved by that answer alone."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    bodies = [_wager("moon_shot", 500), _wager("pip_street:ace", 500)] * 4
    with ThreadPoolExecutor(len(bodies)) as pool:
        answers = list(pool.map(lambda body: _command(api, ann, body), bodies))
    [(code, text)] = _keys(api)
    won = bodies[1] if code == 200 else bodies[0]
    for body, answer in zip(bodies, answers, strict=True):
        if body == won:
            assert (answer.status_code, answer.text) == (code, text)
        else:
            assert answer.status_code == 422, answer.text
            assert answer.json()["detail"].startswith(USED)
    balance = api.client.get("/players/me", headers=ann).json()["balance"]
    assert (code, balance) in ((200, 9_500), (422, 10_000))
    assert api.ledger()["total"] == 0
