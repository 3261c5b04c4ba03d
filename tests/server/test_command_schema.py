"""The JSON Schema of each game's commands (``GET /games/{game}/commands``) types every
field: an amount of money (a wager's ``amount``, a bank's ``chips``, the antes) is an
integer of cents, said so in its description (a fresh tester found ``amount`` with no
type at all, where the round reads it as sent to refuse a bad one citing the rule)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from server_api import Api

from croupier.money import MAX_CENTS
from croupier.registry import GAMES

MONEY = {"amount", "chips", "ante_across", "ante_down"}


def test_every_command_field_is_typed_and_money_is_integer_cents(api: Api) -> None:
    money = 0
    for game in GAMES:
        r = api.client.get(f"/games/{game}/commands")
        assert r.status_code == 200, r.text
        models: dict[str, Any] = r.json()["commands"]["$defs"]
        for name, model in models.items():
            for field, schema in model.get("properties", {}).items():
                typed = {"type", "anyOf", "$ref", "const", "enum"} & set(schema)
                assert typed, (game, name, field, schema)
                if field not in MONEY:
                    continue
                money += 1
                assert "cents" in schema["description"].lower(), (game, name, field)
                kinds = schema.get("anyOf", [schema])
                integer = next(kind for kind in kinds if kind.get("type") == "integer")
                assert integer["maximum"] == MAX_CENTS, (game, name, field)
                nothing = name == "DirectDealerWager"  # the bank may direct no wager
                assert integer["minimum"] == (0 if nothing else 1), (game, name, field)
    # PlaceWager in all seven games, Decide (double), TakeBank, DirectDealerWager and the
    # two antes of PlaceAntes.
    assert money == 7 + 1 + 2 + 2


def test_the_schema_shows_the_idempotency_key_a_command_needs(api: Api) -> None:
    """A fresh tester: the command schema and the POST's example showed no
    ``Idempotency-Key``, which the POST refuses to go without (422). Each game's schema
    says how a command is sent (``send``: the request, every header it needs with the key
    among them, the body); sent as it says, a command is taken, and without the key it is
    refused naming the header. The OpenAPI document shows the header (required, with an
    example) and the request written out."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    for game in GAMES:
        send = api.client.get(f"/games/{game}/commands").json()["send"]
        assert send["method"] == "POST" and send["path"] == "/tables/{table_id}/commands"
        assert set(send["headers"]) == {"Authorization", "Idempotency-Key", "Content-Type"}
        assert "Idempotency-Key: " in send["example"], send["example"]
        assert "Idempotency-Key" in send["headers"] and send["headers"]["Idempotency-Key"]
    # Sent as ``send`` says (High Roll Dice's), the token and a fresh key filled in.
    send = api.client.get("/games/high-roll-dice/commands").json()["send"]
    headers = {**send["headers"], "Authorization": ann["Authorization"], "Idempotency-Key": "k1"}
    command = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
    path = send["path"].replace("{table_id}", "hrd")
    taken = api.client.post(path, content=json.dumps({"command": command}), headers=headers)
    assert taken.status_code == 200, taken.text
    bare = {k: v for k, v in headers.items() if k != "Idempotency-Key"}
    r = api.client.post(path, content=json.dumps({"command": command}), headers=bare)
    assert r.status_code == 422 and "Idempotency-Key" in r.text, r.text
    # The OpenAPI document: the header, required, with an example; the request written out.
    post = api.client.get("/openapi.json").json()["paths"]["/tables/{table_id}/commands"]["post"]
    (key,) = [p for p in post["parameters"] if p["name"] == "Idempotency-Key"]
    assert key["in"] == "header" and key["required"] is True
    assert [e["value"] for e in key["examples"].values()] == [send["headers"]["Idempotency-Key"]]
    assert "\n    Idempotency-Key: " in post["description"]
    assert (
        "Idempotency-Key"
        in api.client.get("/openapi.json").json()["components"]["schemas"]["CommandIn"][
            "description"
        ]
    )


def test_the_send_example_is_a_command_of_the_game_taken_as_written(tmp_path: Path) -> None:
    """A fresh tester: the example's command was ``{"type": "...", "seat": 1, ...}``, not a
    command anyone could send. Each game's example is now its first offer to seat 1 (the
    least amount, the first spot); its body, copied from the request written out, is
    taken as it stands at a table of the game's standard Rules Submission where the
    sender sits at seat 1, and the wallet pays the amount it names (the server's own
    random source: the card games shuffle as a round opens)."""
    api = Api(f"sqlite:///{tmp_path / 'send.sqlite'}")
    try:
        _every_example_taken(api)
    finally:
        api.close()


def _every_example_taken(api: Api) -> None:
    _, ann = api.player("ann", deposit=100_000)
    for game in GAMES:
        send = api.client.get(f"/games/{game}/commands").json()["send"]
        written = json.loads(send["example"].split("\n\n", 1)[1])
        assert written == send["body"] and "..." not in send["example"], send
        command = written["command"]
        assert command["seat"] == 1 and command["type"] != "...", command
        table = game.replace("-", "")[:12]
        r = api.client.post(
            "/tables",
            json={"id": table, "rules_toml": f'game = "{game}"\n'},
            headers=api.admin,
        )
        assert r.status_code == 201, r.text
        api.sit(ann, 1, table)
        before = api.client.get("/players/me", headers=ann).json()["balance"]
        headers = {**send["headers"], "Authorization": ann["Authorization"]}
        headers["Idempotency-Key"] = f"example-{game}"
        path = send["path"].replace("{table_id}", table)
        taken = api.client.post(path, content=json.dumps(written), headers=headers)
        assert taken.status_code == 200, (game, taken.text)
        paid = sum(v for k, v in command.items() if k == "amount" or k.startswith("ante"))
        assert api.client.get("/players/me", headers=ann).json()["balance"] == before - paid


def test_the_send_body_works_when_copied_into_an_open_round(api: Api) -> None:
    """A fresh tester copied ``send``'s body, whose ``round_version`` was 0, into a table
    whose round was open: refused 409. The body now carries no version (optional: where
    to find one is said in its description), so, with a command of the game in it, it
    is taken whatever the round's version."""
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    _, bob = api.player("bob", deposit=10_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    opened = api.wager(bob, 2, "pip_street:two", 500)  # the round is open, version > 0
    assert opened.status_code == 200 and opened.json()["round_version"] > 0, opened.text
    send = api.client.get("/games/high-roll-dice/commands").json()["send"]
    body = json.loads(json.dumps(send["body"]))
    body["command"] = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
    headers = {**send["headers"], "Authorization": ann["Authorization"]}
    taken = api.client.post("/tables/hrd/commands", json=body, headers=headers)
    assert taken.status_code == 200, taken.text
    assert '"round_version"' not in send["example"]
    assert "GET /tables/{table_id}/view" in api.client.get("/openapi.json").text
