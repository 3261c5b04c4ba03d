"""A request that fails validation is answered in words (issue #34): no field's name or
choice is said as an identifier joined by underscores (``loss_daily``,
``die_off_table``) in a 422's sentences; ``problems[].loc`` keeps each field's own name
for programs. A fresh tester found both in the answers; this sweeps every enum-typed
and every underscored field of every request body the OpenAPI description lists, and of
every game's commands."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from server_api import Api

from croupier.registry import GAMES
from example_rules import BY_GAME, EXAMPLES

JOINED = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
"""An identifier joined by underscores."""


@pytest.fixture
def api(migrated_sqlite: Callable[[str], str]) -> Iterator[Api]:
    """SQLite only: the words of an answer do not depend on the database."""
    client = Api(migrated_sqlite("words.sqlite"))
    yield client
    client.close()


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref is None:
        return schema
    return defs[ref.rsplit("/", 1)[1]]


def _enum_like(schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    kinds = [_resolve(kind, defs) for kind in schema.get("anyOf", [schema])]
    return any("enum" in kind or "const" in kind for kind in kinds)


def _bad_bodies(model: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """For each enum-typed or underscored field of ``model``: a body with a value no field
    takes there (the other required fields missing, so that their names are said too)."""
    bodies = []
    for name, schema in model.get("properties", {}).items():
        if name != "type" and (_enum_like(schema, defs) or "_" in name):
            bodies.append({name: "no such choice"})
    return bodies


def _said(r: Any) -> list[str]:
    """The identifiers joined by underscores in a validation's sentences (a rule's own
    refusal to staff may name the field to send: "give the Rules Submission as `rules`
    or `rules_toml`")."""
    assert r.status_code == 422, r.text
    if r.json()["cite"] != "http:validation":
        return []
    return JOINED.findall(r.json()["detail"])


def test_no_underscored_identifier_in_a_422_of_any_request_body(api: Api) -> None:
    api.table()
    ann_id, ann = api.player("ann")
    spec = api.client.get("/openapi.json").json()
    defs = spec["components"]["schemas"]
    fill = {"table_id": "hrd", "player_id": ann_id, "round_id": "hrd-1", "seat": "1"}
    fill |= {"number": "1", "game": "high-roll-dice"}
    found: dict[str, list[str]] = {}
    swept = 0
    for path, operations in spec["paths"].items():
        url = re.sub(r"{(\w+)}", lambda m: fill[m.group(1)], path)
        for method, operation in operations.items():
            media = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if media is None:
                continue
            model = _resolve(media["schema"], defs)
            who = ann if path == "/tables/{table_id}/seats" else api.admin  # a seat's taker
            headers = {**who, **api.key()}
            for body in _bad_bodies(model, defs):
                r = api.client.request(method.upper(), url, json=body, headers=headers)
                swept += 1
                if said := _said(r):
                    found[f"{method} {path} {body}"] = said
    assert found == {}
    assert swept >= 20


def test_no_underscored_identifier_in_a_422_of_any_games_command(api: Api) -> None:
    _, dee = api.player("dee", role="dealer")
    found: dict[str, list[str]] = {}
    swept = 0
    for game in GAMES:
        table = f"t-{game}"
        api.table(table, EXAMPLES / BY_GAME[game])
        commands = api.client.get(f"/games/{game}/commands").json()["commands"]
        for name, model in commands["$defs"].items():
            if "type" not in model.get("properties", {}):
                continue
            for body in _bad_bodies(model, commands["$defs"]):
                r = api.send(dee, {"type": name, **body}, table_id=table)
                swept += 1
                if said := _said(r):
                    found[f"{game} {name} {body}"] = said
    assert found == {}
    assert swept >= 30


def test_a_field_the_request_made_up_is_named_as_sent(api: Api) -> None:
    """A field's own name is said in words; a name that is no field's (the request made it
    up) is said as sent, so the sender can find it: it is his, not the server's."""
    ann_id, ann = api.player("ann")
    body = {"loss_daily": -5, "no_such_limit": 1}
    r = api.client.put(f"/players/{ann_id}/limits", json=body, headers=ann)
    assert r.status_code == 422, r.text
    assert r.json()["detail"] == (
        "The field daily loss limit must be more than 0. "
        "The field no_such_limit is not a field this request takes."
    )


def test_a_seat_in_the_path_that_is_not_a_number_is_told_as_text(api: Api) -> None:
    """A seat in a URL's path is text, not JSON: one that is not a number is told it must
    be a whole number, such as 1, with no word of a JSON integer, quotes or decimal
    points; a seat in a JSON body keeps those words (they are what a JSON sender needs)."""
    api.table()
    _, ann = api.player("ann")
    said = "The path's part seat must be a whole number, such as 1."
    for sent in ("abc", "1.5", "%20"):
        for r in (
            api.client.delete(f"/tables/hrd/seats/{sent}", headers=ann),
            api.client.get(f"/tables/hrd/seats/{sent}/recall", headers=api.admin),
        ):
            assert r.status_code == 422, r.text
            assert r.json()["detail"] == said, r.text
    r = api.client.post("/tables/hrd/seats", json={"seat": "2"}, headers=ann)
    assert r.status_code == 422, r.text
    assert "seat must be a whole number, written as a JSON integer" in r.json()["detail"]
