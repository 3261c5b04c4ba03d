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
HOSTILE = [
    # (method, path, body, content type, the sentence): each was a 500, a framework's
    # words, or a sentence that named the wrong fault
    ("DELETE", f"/tables/hrd/seats/{BIG}", None, None, WHOLE),  # pydantic's own words
    ("POST", "/tables/hrd/seats", '{"seat": 2}', "text/plain", SENT_AS_JSON),  # "a JSON object"
    ("POST", "/tables/hrd/seats", '{"seat": 2}', None, SENT_AS_JSON),  # "a JSON object"
    ("POST", "/tables/hrd/seats", "seat=2", "application/x-www-form-urlencoded", SENT_AS_JSON),
    ("POST", "/players", '{"name": "eve"}', "text/plain", SENT_AS_JSON),  # "a JSON object"
    (
        "POST",
        "/tables/hrd/commands",
        '{"command": {"type": {"a": 1}}}',
        "application/json",
        ONLY_TYPE,
    ),  # 500: a dict looked up among the dealer's commands
    (
        "POST",
        "/tables/hrd/commands",
        '{"command": {"type": ["PlaceWager"]}}',
        "application/json",
        ONLY_TYPE,
    ),  # 500 likewise
]


@pytest.mark.parametrize(("method", "path", "body", "media", "said"), HOSTILE)
def test_a_hostile_body_or_path_is_a_clear_422(
    api: Api, method: str, path: str, body: str | None, media: str | None, said: str
) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    auth = api.admin if path == "/players" else ann
    headers = {**auth, **api.key(), **({"Content-Type": media} if media else {})}
    r = api.client.request(method, path, content=body, headers=headers)
    assert r.status_code == 422, r.text
    assert r.json()["detail"] == said and r.json()["cite"] == "http:validation", r.text
    assert api.snapshot() == before
