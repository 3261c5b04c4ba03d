"""A hostile tester's findings at the seats, commands and players routes: each bad body or
path is a 4xx in plain words naming what was wrong (never a 500, never a framework's
own message), and nothing is stored."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from server_api import Api

from croupier.registry import find
from example_rules import BY_GAME, EXAMPLES

BIG = "9" * 5_000
"""A seat number of 5,000 digits: more than any JSON reader the server uses takes."""

TOO_LONG = "a number may have at most 4,300 digits."


@pytest.fixture
def api(migrated_sqlite: Callable[[str], str]) -> Iterator[Api]:
    """SQLite only: the words and the status of a refusal do not depend on the database."""
    client = Api(migrated_sqlite("hostile.sqlite"))
    yield client
    client.close()


def _json(auth: dict[str, str]) -> dict[str, str]:
    return {**auth, "Content-Type": "application/json"}


def test_a_number_too_long_is_the_same_422_at_every_route(api: Api) -> None:
    """A 5,000-digit seat was 400 "send JSON in UTF-8" at the seats route (Python's reader
    gave up on it) and 422 at the commands route; every route now answers the 422, in
    the same sentence."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    before = api.snapshot()
    seats = api.client.post("/tables/hrd/seats", content=f'{{"seat": {BIG}}}', headers=_json(ann))
    command = f'{{"command": {{"type": "PlaceWager", "seat": {BIG}}}}}'
    commands = api.client.post(
        "/tables/hrd/commands", content=command, headers={**_json(ann), **api.key()}
    )
    players = api.client.post(
        "/players", content=f'{{"name": "x", "n": {BIG}}}', headers=_json(api.admin)
    )
    for r in (seats, commands, players):
        assert r.status_code == 422, r.text
        assert r.json()["cite"] == "http:validation", r.text
        assert r.json()["detail"].startswith("The body has a number too long to read at line 1")
        assert r.json()["detail"].endswith(TOO_LONG), r.text
    # nested a thousand deep: Python's reader ran out of recursion (400 "send JSON in UTF-8")
    r = api.client.post("/tables/hrd/seats", content="[" * 1_000, headers=_json(ann))
    assert r.status_code == 422 and "nested too deep" in r.json()["detail"], r.text
    # a body that is not UTF-8 is still the 400 it was
    r = api.client.post("/tables/hrd/seats", content=b"\xa9%G", headers=_json(ann))
    assert r.status_code == 400 and r.json()["cite"] == "http:body", r.text
    assert api.snapshot() == before


def test_leaving_a_seat_the_table_does_not_have_says_so(api: Api) -> None:
    """``DELETE /tables/hrd/seats/99`` said "nobody sits at seat 99", as if the table had
    one: it is refused as sitting there is, 422 naming the seats the table has (High Roll
    Dice: betting positions 1 to 6, 675a.1(a)); an empty seat it has is still 409."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    before = api.snapshot()
    sitting = api.client.post("/tables/hrd/seats", json={"seat": 99}, headers=ann)
    leaving = api.client.delete("/tables/hrd/seats/99", headers=ann)
    assert leaving.status_code == sitting.status_code == 422, leaving.text
    assert (
        leaving.json()
        == sitting.json()
        == {
            "detail": "seat 99 does not exist: the table has betting positions 1 to 6 (675a.1(a))",
            "cite": "675a.1(a)",
        }
    )
    r = api.client.delete("/tables/hrd/seats/7", headers=ann)
    assert r.status_code == 422 and "positions 1 to 6" in r.json()["detail"], r.text
    r = api.client.delete("/tables/hrd/seats/6", headers=ann)
    assert r.status_code == 409 and r.json()["detail"].startswith("nobody sits at seat 6"), r.text
    assert api.snapshot() == before


def test_a_table_there_is_none_of_is_a_404_naming_no_rule(api: Api) -> None:
    """The 404 for an unknown table cited ``ledger`` and ended "(the operator's rules)":
    no rule refuses it, the table is not there. It cites ``http:not-found`` (an address
    no endpoint serves stays ``http:no-address``) and says so in a sentence alone, at
    every route that names a table."""
    _, ann = api.player("ann", deposit=10_000)
    before = api.snapshot()
    answers = [
        api.client.get("/tables/nope", headers=ann),
        api.client.post("/tables/nope/seats", json={"seat": 1}, headers=ann),
        api.client.delete("/tables/nope/seats/1", headers=ann),
        api.wager(ann, 1, "pip_street:ace", 500, table_id="nope"),
    ]
    for r in answers:
        assert r.status_code == 404, r.text
        assert r.json() == {"detail": "there is no table 'nope'", "cite": "http:not-found"}
    assert api.snapshot() == before


def test_a_player_is_told_only_the_commands_a_player_may_send(api: Api) -> None:
    """A player's command of a type the game has not was answered with every type of the
    game's, the dealer's among them. High Roll Dice: a player places Pip Street and
    other wagers (675a.2); the dealer calls "no more bets", throws and calls the result
    (675a.4), so a player is told PlaceWager alone."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    for sent in ({"type": "Shuffle"}, {"type": "DealCards"}, {"type": 7}):
        r = api.send(ann, sent)
        assert r.status_code == 422, r.text
        assert r.json()["detail"] == "The field command must be of the type PlaceWager.", r.text
    assert api.snapshot() == before


@pytest.mark.parametrize("game", sorted(BY_GAME))
def test_no_game_lists_the_dealers_commands_to_a_player(api: Api, game: str) -> None:
    """At every game's table, the types a player is told are those of his commands, each
    naming his seat; none of the dealer's is named."""
    api.table("t", EXAMPLES / BY_GAME[game])
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1, "t")
    r = api.send(ann, {"type": "NoSuchCommand"}, table_id="t")
    assert r.status_code == 422, r.text
    told = r.json()["detail"]
    dealers = find(game).round_type.dealer_commands()
    assert dealers and not [name for name in dealers if re.search(rf"\b{name}\b", told)], told
    assert "PlaceWager" in told, told


SENT_AS_JSON = "The body must be sent as JSON (Content-Type: application/json)."
WHOLE = "The path's part seat must be a whole number of at most 4,300 digits."
ONLY_TYPE = "The field command must be of the type PlaceWager."
FORM = "application/x-www-form-urlencoded"
HOSTILE = [
    # (method, path, body, content type, the sentence, the status): each was a 500, a
    # framework's words, or a sentence that named the wrong fault; a body not sent as JSON
    # was a 422 (issue #34): it is 415 Unsupported Media Type (RFC 9110 15.5.16)
    ("DELETE", f"/tables/hrd/seats/{BIG}", None, None, WHOLE, 422),  # pydantic's own words
    ("POST", "/tables/hrd/seats", '{"seat": 2}', "text/plain", SENT_AS_JSON, 415),
    ("POST", "/tables/hrd/seats", '{"seat": 2}', None, SENT_AS_JSON, 415),  # "a JSON object"
    ("POST", "/tables/hrd/seats", "seat=2", FORM, SENT_AS_JSON, 415),
    ("POST", "/players", '{"name": "eve"}', "text/plain", SENT_AS_JSON, 415),
    ("POST", "/tables/hrd/commands", '{"command": {}}', "text/plain", SENT_AS_JSON, 415),
    ("POST", "/tables/hrd/commands", "command=x", FORM, SENT_AS_JSON, 415),
    (
        "POST",
        "/tables/hrd/commands",
        '{"command": {"type": {"a": 1}}}',
        "application/json",
        ONLY_TYPE,
        422,
    ),  # 500: a dict looked up among the dealer's commands
    (
        "POST",
        "/tables/hrd/commands",
        '{"command": {"type": ["PlaceWager"]}}',
        "application/json",
        ONLY_TYPE,
        422,
    ),  # 500 likewise
]


@pytest.mark.parametrize(("method", "path", "body", "media", "said", "status"), HOSTILE)
def test_a_hostile_body_or_path_is_a_clear_4xx(
    api: Api, method: str, path: str, body: str | None, media: str | None, said: str, status: int
) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    auth = api.admin if path == "/players" else ann
    headers = {**auth, **api.key(), **({"Content-Type": media} if media else {})}
    r = api.client.request(method, path, content=body, headers=headers)
    assert r.status_code == status, r.text
    assert r.json()["detail"] == said and r.json()["cite"] == "http:validation", r.text
    assert api.snapshot() == before


def _json_routes(api: Api) -> list[tuple[str, str]]:
    """Every route of the server that reads a JSON body, as its OpenAPI document lists
    them (the commands route among them): its method and its path, each path parameter
    given a value (a table ``hrd``, any other part 1)."""
    paths = api.client.get("/openapi.json").json()["paths"]
    for methods in paths.values():  # each says it answers 415
        for operation in methods.values():
            assert "415" in operation["responses"] or "requestBody" not in operation
    found = [
        (method.upper(), re.sub(r"\{[^}]+\}", lambda m: "hrd" if "table" in m[0] else "1", path))
        for path, methods in paths.items()
        for method, operation in methods.items()
        if "application/json" in operation.get("requestBody", {}).get("content", {})
    ]
    return sorted(set(found))


@pytest.mark.parametrize("media", ["text/plain", FORM])
def test_a_body_not_sent_as_json_is_415_at_every_json_route(api: Api, media: str) -> None:
    """Issue #34: at every route that reads a JSON body, a body sent as text or as a form
    is answered 415 Unsupported Media Type (RFC 9110 15.5.16) with the one sentence
    saying how to send it; nothing is stored. Each route is asked by a caller it lets in
    (the admin, else a seated player): who asks is answered before what is asked."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    routes = _json_routes(api)
    assert len(routes) > 5, routes
    for method, path in routes:
        for auth in (api.admin, ann):
            headers = {**auth, **api.key(), "Content-Type": media}
            r = api.client.request(method, path, content='{"a": 1}', headers=headers)
            if r.status_code not in (401, 403):
                break
        assert r.status_code == 415, (method, path, r.text)
        assert r.json()["detail"] == SENT_AS_JSON, (method, path, r.text)
    assert api.snapshot() == before
