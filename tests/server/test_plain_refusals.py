"""Refusals a client reads (issue #32): a request that fails validation is answered in
sentences naming each field and what was wrong, never with the value sent back; who asks
is checked before what is asked; a failed sign-in says nothing of which ids exist; a
recall of a seat that no version of the table has is refused in words."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from server_api import EXAMPLES, Api

from croupier.server.invalid import field, sentence

SECRET = "hunter2-do-not-echo"


@pytest.fixture
def api(migrated_sqlite: Callable[[str], str]) -> Api:
    return Api(migrated_sqlite("plain.sqlite"))


def test_a_command_that_fails_validation_is_answered_in_sentences(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    # The seat as text, and a field the command does not take carrying a secret.
    r = api.send(
        ann,
        {
            "type": "PlaceWager",
            "seat": "1",
            "spot": "pip_street:ace",
            "amount": 500,
            "note": SECRET,
        },
    )
    assert r.status_code == 422, r.text
    body = r.json()
    assert SECRET not in r.text and "input" not in r.text
    assert body["cite"] == "http:validation"
    assert body["detail"] == (
        "The field command.seat must be a whole number, written as a JSON integer such as "
        "3 (no quotes, no decimal point). The field command.note is not a field this "
        "request takes."
    )
    assert [p["loc"] for p in body["problems"]] == [
        ["body", "command", "PlaceWager", "seat"],
        ["body", "command", "PlaceWager", "note"],
    ]
    # The envelope, the header and the JSON itself.
    r = api.client.post("/tables/hrd/commands", json={"round_version": -1}, headers=ann)
    assert r.status_code == 422
    assert r.json()["detail"] == (
        "The header Idempotency-Key is missing. The field command is missing. "
        "The field round version must be at least 0."
    )
    r = api.client.post(
        "/tables/hrd/commands",
        content=b'{"command": ' + SECRET.encode(),
        headers={**ann, **api.key(), "Content-Type": "application/json"},
    )
    assert r.status_code == 422 and SECRET not in r.text
    assert r.json()["detail"].startswith("The body is not valid JSON"), r.text


def test_every_endpoint_answers_validation_in_sentences(api: Api) -> None:
    pid, _ = api.player("ann")
    r = api.client.post(
        f"/players/{pid}/deposits", json={"amount": SECRET}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 422 and SECRET not in r.text
    assert r.json()["detail"] == (
        "The field amount must be a whole number, written as a JSON integer such as 500 "
        "(no quotes, no decimal point)."
    )
    r = api.client.post("/players", json={"name": "", "role": "croupier"}, headers=api.admin)
    assert r.status_code == 422 and "croupier" not in r.text
    assert r.json()["detail"] == (
        "The field name must not be empty. The field role must be one of player, dealer or admin."
    )
    r = api.client.get("/significant-events?since=yesterday", headers=api.admin)
    assert r.status_code == 422 and "yesterday" not in r.text
    assert r.json()["detail"].startswith("The query parameter since must be a date and time")


def test_the_role_is_checked_before_the_form(api: Api) -> None:
    """A player who may not create players or tables is told so (403), not what the
    request lacks (422), whatever he sends; an unknown token is 401 (GLI-19 2.5.3: who
    asks comes before what is asked)."""
    _, ann = api.player("ann")
    for content in (b"{}", b'{"name": 5}', b"not json"):
        for path in ("/players", "/tables"):
            headers = {**ann, "Content-Type": "application/json"}
            r = api.client.post(path, content=content, headers=headers)
            assert r.status_code == 403 and r.json()["cite"] == "server:roles", (path, r.text)
            r = api.client.post(
                path,
                content=content,
                headers={"Authorization": "Bearer forged", "Content-Type": "application/json"},
            )
            assert r.status_code == 401 and r.json()["cite"] == "server:auth", r.text
    r = api.client.get("/significant-events?since=yesterday", headers=ann)
    assert r.status_code == 403


def test_a_sign_in_tells_nobody_which_ids_exist(api: Api) -> None:
    """GLI-19 2.5.3: a wrong token for an account and any token for an id that is no
    account's get the same answer, after the same hashing; the failed sign-in to an id
    that is no account's is a significant event too (2.8.8, with the address)."""
    pid, _ = api.player("ann")
    answers = []
    spent: dict[str, list[float]] = {"account": [], "nobody": []}
    for _ in range(5):
        for who, player_id in (("account", pid), ("nobody", "0123456789abcdef")):
            began = time.perf_counter()
            r = api.client.post("/sessions", json={"player_id": player_id, "token": "guess"})
            spent[who].append(time.perf_counter() - began)
            answers.append((r.status_code, r.json(), r.headers.get("www-authenticate")))
    assert len(set(map(repr, answers))) == 1, answers
    status, body, _ = answers[0]
    assert status == 401 and body["cite"] == "GLI-19 2.5.3(d)"
    assert "0123456789abcdef" not in body["detail"] and pid not in body["detail"]
    # Comparable timing: the fastest of each within a factor of three (both hash, compare
    # and write a significant event; the fastest is the least disturbed by other work).
    fastest = {who: min(times) for who, times in spent.items()}
    assert fastest["nobody"] < 3 * fastest["account"] and fastest["account"] < 3 * fastest["nobody"]
    # An id of white space only (found by the fuzzer: the log names every subject).
    r = api.client.post("/sessions", json={"player_id": "\r", "token": "guess"})
    assert r.status_code == 401 and r.json() == answers[0][1]
    r = api.client.get("/significant-events?kind=login_failed", headers=api.admin)
    subjects = [e["subject"] for e in r.json()["events"]]
    assert subjects.count("0123456789abcdef") == 5 and subjects.count(pid) == 5


def test_a_recall_of_a_seat_that_does_not_exist_is_refused_in_words(api: Api) -> None:
    api.table("g", EXAMPLES / "go-fore-it.toml")
    _, ann = api.player("ann")
    # 676a.1(a): Go Fore It has betting positions for no more than six players.
    for seat in (0, -3, 7, 10**9):
        r = api.client.get(f"/tables/g/seats/{seat}/recall", headers=ann)
        assert r.status_code == 422, (seat, r.text)
        assert r.json()["detail"] == (
            f"seat {seat} does not exist at table g: its betting positions are numbered "
            "1 to 6 (the operator's rules)"
        ), r.text
    assert api.client.get("/tables/g/seats/6/recall", headers=ann).status_code == 200


def test_the_sentences_name_the_field() -> None:
    assert field(["header", "Idempotency-Key"]) == "the header Idempotency-Key"
    assert field(["query", "since"]) == "the query parameter since"
    assert field(["body", "command", "PlaceWager", "seat"]) == "the field command.seat"
    assert field(["body", "limits", 0, "amount"]) == "the field limits[0].amount"
    assert field(["body"]) == "the body"
    said = sentence(
        {"type": "less_than_equal", "loc": ["body", "amount"], "ctx": {"le": 100}, "input": SECRET}
    )
    assert said == "The field amount must be at most $1."  # amounts are sent in cents
    said = sentence(
        {
            "type": "value_error",
            "loc": ["body", "settings"],
            "msg": "Value error, offer_cut is for Double Back Jack (673a.5)",
        }
    )
    assert said == "The field settings: offer_cut is for Double Back Jack (673a.5)."


def test_an_address_or_method_the_server_lacks_is_a_problem_citing_its_rule(api: Api) -> None:
    """A 404 for an address no endpoint serves and a 405 for a method an address does not
    take are Problems like every other refusal: a sentence and a ``cite`` (a fresh tester
    found Starlette's bare ``{"detail": "Not Found"}``, no ``cite``); a 404 for a table
    the ledger lacks is told apart by its own (``http:not-found``)."""
    r = api.client.get("/nothing-here", headers=api.admin)
    assert r.status_code == 404
    assert r.json() == {
        "detail": "GET /nothing-here: there is no such address on this server (see /docs)",
        "cite": "http:no-address",
    }
    r = api.client.delete("/tables", headers=api.admin)
    assert r.status_code == 405
    assert r.json() == {
        "detail": "DELETE /tables: this address does not take DELETE (see /docs)",
        "cite": "http:method",
    }
    assert "POST" in r.headers["Allow"]  # Starlette's header is kept
    r = api.client.get("/tables/nope", headers=api.admin)
    assert r.status_code == 404 and r.json()["cite"] != "http:no-address", r.text
