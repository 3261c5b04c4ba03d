"""The JSON Schema of each game's commands (``GET /games/{game}/commands``) types every
field: an amount of money (a wager's ``amount``, a bank's ``chips``, the antes) is an
integer of cents, said so in its description (a fresh tester found ``amount`` with no
type at all, where the round reads it as sent to refuse a bad one citing the rule)."""

from __future__ import annotations

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
