"""Fuzzing the table server from its OpenAPI description (schemathesis, in-process ASGI),
and explicit hostile requests.

For every operation schemathesis generates requests (valid and invalid bodies, paths,
query strings and headers) sent with a real bearer token (an admin's, a seated
player's, a dealer's or none); the server must never answer 5xx, and a request it
refuses (4xx) must change nothing: no event, posting, round, idempotency record,
balance or chain head moves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from server_api import Api

from croupier.rng import SeededRng

EXAMPLES = 8
"""Examples per operation in the default run (the slow run takes many more)."""


class Fuzzed:
    """A server with an admin, a dealer, a seated player with money, a table and a
    completed round, so that generated requests reach past authentication."""

    def __init__(self, db_url: str) -> None:
        self.api = Api(db_url, rng=SeededRng(5))
        self.api.table()
        self.player_id, self.player = self.api.player("ann", deposit=100_000)
        _, self.dealer = self.api.player("dee", role="dealer")
        self.api.sit(self.player, 1)
        assert self.api.wager(self.player, 1, "pip_street:ace", 500).status_code == 200
        assert self.api.send(self.dealer, {"type": "AnnounceNoMoreBets"}).status_code == 200
        self.tokens = [self.api.admin, self.player, self.dealer, {}]


@pytest.fixture
def fuzzed(migrated_sqlite: Callable[[str], str]) -> Iterator[Fuzzed]:
    server = Fuzzed(migrated_sqlite("fuzz.sqlite"))
    yield server
    server.api.close()


def check_case(fuzzed: Fuzzed, case: Any, who: int) -> None:
    headers = dict(case.headers or {})
    headers.update(fuzzed.tokens[who])
    before = fuzzed.api.snapshot()
    response = case.call(headers=headers)
    assert response.status_code < 500, (case.method, case.path, response.text)
    if 400 <= response.status_code < 500:
        assert fuzzed.api.snapshot() == before, (case.method, case.path, response.text)


def fuzz(fuzzed: Fuzzed, examples: int) -> int:
    """Every operation: ``examples`` generated requests each, valid and invalid, with free
    path parameters and with ones that name the real table, round and player; each sent
    as every caller. Returns how many requests were sent."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", fuzzed.api.app)
    real = {
        "table_id": "hrd",
        "round_id": "hrd-1",
        "player_id": fuzzed.player_id,
        "game": "high-roll-dice",
    }
    sent = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        names = re.findall(r"{(\w+)}", operation.path)
        fixed = {name: real[name] for name in names if name in real}
        strategies = [
            operation.as_strategy(mode, path_parameters=path)
            for mode in GenerationMode
            for path in ([None, fixed] if fixed else [None])
        ]

        @settings(
            max_examples=examples,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        @given(case=st.one_of(strategies), who=st.integers(0, len(fuzzed.tokens) - 1))
        def run(case: Any, who: int) -> None:
            nonlocal sent
            if case.method.upper() == "GET" and case.path.endswith("/ws"):
                return  # the WebSocket route is not HTTP
            check_case(fuzzed, case, who)
            sent += 1

        run()
    return sent


def test_no_5xx_and_refusals_change_nothing(fuzzed: Fuzzed) -> None:
    assert fuzz(fuzzed, examples=EXAMPLES) >= 10 * EXAMPLES


@pytest.mark.slow
def test_no_5xx_long_run(fuzzed: Fuzzed) -> None:
    assert fuzz(fuzzed, examples=200) >= 1_000


# --- explicit hostile requests ------------------------------------------------------------
@pytest.fixture
def hostile(db_url: str) -> Iterator[Fuzzed]:
    server = Fuzzed(db_url)
    yield server
    server.api.close()


def post_raw(fuzzed: Fuzzed, path: str, content: bytes, auth: dict[str, str]) -> Any:
    headers = {**auth, "Idempotency-Key": "raw", "Content-Type": "application/json"}
    return fuzzed.api.client.post(path, content=content, headers=headers)


def test_malformed_json_is_refused_naming_the_body(hostile: Fuzzed) -> None:
    before = hostile.api.snapshot()
    for content in (b"{", b"not json", b'{"command": {"type": "PlaceWager"', b"\xff\xfe"):
        r = post_raw(hostile, "/tables/hrd/commands", content, hostile.player)
        assert r.status_code == 422, r.text
        assert r.json()["problems"][0]["loc"][0] == "body"
    assert hostile.api.snapshot() == before


def test_a_body_over_a_megabyte_is_refused_before_it_is_read(hostile: Fuzzed) -> None:
    """1 MiB is the most the server reads (a command is a few hundred bytes): 413, a
    Problem in words like every other refusal (it was the bare text "Content Too Large");
    with no bearer token a command is refused 401 before its body is read."""
    before = hostile.api.snapshot()
    padding = b" " * (1 << 20)
    body = b'{"command": {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", '
    body += b'"amount": 500}}' + padding
    for path, auth in (("/tables/hrd/commands", hostile.player), ("/tables", hostile.api.admin)):
        r = post_raw(hostile, path, body, auth)
        assert r.status_code == 413 and r.headers["content-type"] == "application/json", r.text
        assert r.json() == {
            "detail": "the request's body is larger than 1 MiB, the most the server reads: "
            "nothing was done; a command is a few hundred bytes, a Rules Submission at most "
            "100,000 characters",
            "cite": "http:body",
        }
    r = hostile.api.client.post(
        "/tables/hrd/commands", content=b"{", headers={"Idempotency-Key": "no-token"}
    )
    assert r.status_code == 401 and r.json()["cite"] == "server:auth", r.text
    assert hostile.api.snapshot() == before


def test_a_name_with_a_control_character_is_refused(hostile: Fuzzed) -> None:
    """A NUL in a name once reached PostgreSQL (whose text takes none) and answered 500:
    control characters are refused 422 naming the field, on both databases."""
    before = hostile.api.snapshot()
    for name in ("\u0000x", "a\u0001b", "tab\there", "a\u0085b", "a\u2028b", "a\u202eb"):
        r = hostile.api.client.post("/players", json={"name": name}, headers=hostile.api.admin)
        assert r.status_code == 422 and r.json()["problems"][0]["loc"] == ["body", "name"], r.text
        r = hostile.api.client.post("/players/play-money", json={"name": name})
        assert r.status_code == 422 and r.json()["problems"][0]["loc"] == ["body", "name"], r.text
    assert hostile.api.snapshot() == before


def test_nan_and_infinity_are_refused_422_not_500(hostile: Fuzzed) -> None:
    """JSON's NaN and Infinity (which Python's parser takes) once made the 422 itself
    fail to serialize, as a 500: they are refused naming the field, the input as text."""
    before = hostile.api.snapshot()
    wager = b'{"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}'
    for content, path, auth, field in (
        (
            b'{"command": ' + wager + b', "round_version": NaN}',
            "/tables/hrd/commands",
            hostile.player,
            "round_version",
        ),
        (b'{"name": NaN}', "/players/play-money", {}, "name"),
        (b'{"seat": Infinity}', "/tables/hrd/seats", hostile.player, "seat"),
    ):
        r = post_raw(hostile, path, content, auth)
        assert r.status_code == 422, (path, r.text)
        assert r.json()["problems"][0]["loc"][:2] == ["body", field], r.text
    assert hostile.api.snapshot() == before


def test_wrong_types_and_huge_numbers_are_refused_naming_the_field(hostile: Fuzzed) -> None:
    before = hostile.api.snapshot()
    wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace"}
    # (command, status, the rule cited or the field named)
    cases: list[tuple[dict[str, Any], int, Any]] = [
        ({**wager, "amount": "500"}, 422, "675a.2(e)"),  # not a whole number of cents
        ({**wager, "amount": 5.5}, 422, "675a.2(e)"),
        ({**wager, "amount": 50_001}, 422, "675a.2(e)(1)"),  # above the table maximum
        # Above any amount croupier takes ($1,000,000,000), whatever the table's maximum.
        ({**wager, "amount": 10**40}, 422, "money:largest-amount"),
        ({**wager, "seat": "one", "amount": 500}, 422, ["body", "command", "PlaceWager", "seat"]),
        # The caller's own seat as a string or a boolean: not a JSON integer, as with
        # round_version below (JSON "1" is text, true is no number).
        ({**wager, "seat": "1", "amount": 500}, 422, ["body", "command", "PlaceWager", "seat"]),
        ({**wager, "seat": True, "amount": 500}, 422, ["body", "command", "PlaceWager", "seat"]),
        ({**wager, "seat": 1.0, "amount": 500}, 422, ["body", "command", "PlaceWager", "seat"]),
        # No such seat at the table: refused as taking that seat is, 422 citing the rule
        # that numbers the table's betting positions (test_empty_seat.py).
        ({**wager, "seat": 10**30, "amount": 500}, 422, "675a.1(a)"),
        ({"type": "NoSuchCommand"}, 422, ["body", "command"]),
    ]
    for command, status, named in cases:
        r = hostile.api.send(hostile.player, command)
        assert r.status_code == status, (command, r.text)
        if isinstance(named, str):
            assert r.json()["cite"] == named, (command, r.json())
        else:
            assert r.json()["problems"][0]["loc"] == named, (command, r.json())
    # The envelope's own fields.
    for body, field in (
        ({"command": []}, "command"),
        ({"command": wager, "round_version": -1}, "round_version"),
        ({"command": wager, "round_version": "2"}, "round_version"),
        ({"command": wager, "extra": 1}, "extra"),
    ):
        r = hostile.api.client.post(
            "/tables/hrd/commands", json=body, headers={**hostile.player, **hostile.api.key()}
        )
        assert r.status_code == 422, (body, r.text)
        assert r.json()["problems"][0]["loc"][:2] == ["body", field], r.json()
    assert hostile.api.snapshot() == before


def test_negative_zero_and_huge_amounts_are_refused(hostile: Fuzzed) -> None:
    """Wagers below the table minimum (675a.2(e)) or above its maximum cite the rule; money
    requests must be positive and at most MAX_AMOUNT cents."""
    before = hostile.api.snapshot()
    for amount in (-500, 0, 1, 499):
        r = hostile.api.wager(hostile.player, 1, "pip_street:ace", amount)
        assert r.status_code == 422, (amount, r.text)
        assert r.json()["cite"].startswith("675a"), r.json()
    r = hostile.api.wager(hostile.player, 1, "pip_street:ace", 50_001)
    assert r.status_code == 422 and r.json()["cite"].startswith("675a"), r.text
    pid = hostile.api.client.get("/players/me", headers=hostile.player).json()["id"]
    for amount in (-1, 0, 10**11 + 1, 2**63):
        r = hostile.api.client.post(
            f"/players/{pid}/deposits",
            json={"amount": amount},
            headers={**hostile.api.admin, **hostile.api.key()},
        )
        assert r.status_code == 422, (amount, r.text)
        assert r.json()["problems"][0]["loc"] == ["body", "amount"]
    assert hostile.api.snapshot() == before


def test_forged_and_replayed_tokens_are_refused(hostile: Fuzzed) -> None:
    before = hostile.api.snapshot()
    token = hostile.player["Authorization"].split()[1]
    forged = [
        "Bearer " + token[:-1] + ("A" if token[-1] != "A" else "B"),  # one character off
        "Bearer " + token.upper(),
        "Basic " + token,  # the right token, the wrong scheme
        "Bearer",
        "Bearer " + "x" * 10_000,
    ]
    for header in forged:
        r = hostile.api.send({"Authorization": header}, {"type": "AnnounceNoMoreBets"})
        assert r.status_code == 401, (header[:20], r.text)
        assert r.json()["cite"] == "server:auth"
    # A replayed request (the same key and body) gets the first answer and moves nothing;
    # the same key with another body is refused naming the header's rule.
    command = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:six", "amount": 500}
    first = hostile.api.send(hostile.player, command, key="once")
    assert first.status_code == 200
    after_first = hostile.api.snapshot()
    again = hostile.api.send(hostile.player, command, key="once")
    assert again.status_code == 200 and again.json() == first.json()
    other = hostile.api.send(hostile.player, {**command, "amount": 600}, key="once")
    assert other.status_code == 422 and other.json()["cite"] == "server:idempotency-key"
    assert hostile.api.snapshot() == after_first
    assert before != after_first


def test_commands_for_another_seat_or_table_are_refused(hostile: Fuzzed) -> None:
    api = hostile.api
    api.table("second")
    _, bob = api.player("bob", deposit=100_000)
    api.sit(bob, 2)
    before = api.snapshot()
    # Ann (seat 1) wagers for Bob's seat: the rule that a player acts for his own seat.
    r = api.wager(hostile.player, 2, "pip_street:ace", 500)
    assert r.status_code == 403 and r.json()["cite"] == "675a.2(c)", r.text
    # Ann has no seat at the second table.
    r = api.wager(hostile.player, 1, "pip_street:ace", 500, table_id="second")
    assert r.status_code == 403 and "take a seat first" in r.json()["detail"], r.text
    # A table that does not exist.
    r = api.wager(hostile.player, 1, "pip_street:ace", 500, table_id="nowhere")
    assert r.status_code == 404 and r.json()["cite"] == "http:not-found", r.text
    # An admin does not play.
    r = api.send(api.admin, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 403 and r.json()["cite"] == "server:roles", r.text
    assert api.snapshot() == before


# --- issue #38: what the OpenAPI description left unsaid ---------------------------------
def _integers(node: Any, schemas: dict[str, Any], seen: set[str]) -> Iterator[dict[str, Any]]:
    """Every integer schema in ``node``, following each ``$ref`` once."""
    if isinstance(node, list):
        for item in node:
            yield from _integers(item, schemas, seen)
    elif isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref not in seen:
            seen.add(ref)
            yield from _integers(schemas[ref.rsplit("/", 1)[1]], schemas, seen)
        if node.get("type") == "integer":
            yield node
        for key, value in node.items():
            if key != "description":
                yield from _integers(value, schemas, seen)


def test_the_description_documents_413_and_whole_numbers(hostile: Fuzzed) -> None:
    """413 was answered but not described; 45.0 was refused where the description said
    "integer" (JSON Schema counts 45.0 as one), and one integer (a table's
    rate_limit_burst) took 45.0 as 45. Every operation with a body now describes its 413
    as it is sent, every integer a request carries says it is written without a decimal
    point, and each such field refuses 45.0."""
    from croupier.server.app import WHOLE_NUMBER

    schema = hostile.api.client.get("/openapi.json").json()
    schemas = schema["components"]["schemas"]
    with_body = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                with_body += 1
                problem = {"$ref": "#/components/schemas/Problem"}
                described = operation["responses"]["413"]["content"]
                assert described == {"application/json": {"schema": problem}}, (method, path)
            inputs = [p["schema"] for p in operation.get("parameters", [])]
            inputs += [
                m["schema"] for m in operation.get("requestBody", {}).get("content", {}).values()
            ]
            for integer in _integers(inputs, schemas, set()):
                assert WHOLE_NUMBER in integer.get("description", ""), (method, path, integer)
    assert with_body >= 8
    padding = b" " * (1 << 20)
    r = post_raw(hostile, "/players/play-money", b'{"name": "x"}' + padding, {})
    assert r.status_code == 413 and r.json()["cite"] == "http:body", r.text
    before = hostile.api.snapshot()
    admin = {**hostile.api.admin, **hostile.api.key()}
    refused = [
        hostile.api.client.post(
            f"/players/{hostile.player_id}/deposits", json={"amount": 45.0}, headers=admin
        ),
        hostile.api.client.post("/tables/hrd/seats", json={"seat": 2.0}, headers=hostile.player),
        hostile.api.client.post(
            "/tables",
            json={
                "id": "burst",
                "rules": {"game": "high-roll-dice"},
                "settings": {"rate_limit_burst": 45.0},
            },
            headers=hostile.api.admin,
        ),
    ]
    assert [r.status_code for r in refused] == [422, 422, 422], [r.text for r in refused]
    assert refused[2].json()["problems"][0]["loc"][-1] == "rate_limit_burst"
    assert hostile.api.snapshot() == before


def test_a_gaming_day_is_written_as_a_date(hostile: Fuzzed) -> None:
    """``GET /reports/hold?since=0`` was taken as 1 January 1970 (pydantic reads a number
    as seconds since then); the description says a date, YYYY-MM-DD."""
    for since in ("0", "1700000000", "20261129", "2026-02-30"):
        r = hostile.api.client.get(f"/reports/hold?since={since}", headers=hostile.api.admin)
        assert r.status_code == 422, (since, r.text)
        assert r.json()["problems"][0]["loc"] == ["query", "since"]
    r = hostile.api.client.get("/reports/hold?since=2026-11-29", headers=hostile.api.admin)
    assert r.status_code == 200, r.text
