"""Issue #34: a refusal names a spot in the game's own words, never by its internal id
("pip_street:five"). Every example Rules Submission's table is swept through the server:
a player sends, on every spot its table serves, a wager under the minimum, one over the
maximum and one of the minimum (refused where the spot is not offered now: another spot
first, a point first, the bank's turn...), at the opening of the round and again once
the round has moved on; every refusal's ``detail`` and ``cite_shown`` (what a player
reads) are searched for a snake_case token or a ``word:word`` id. The ``cite`` field,
for tools, may keep its codes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api

CODE = re.compile(r"\b[a-z_]+:[a-z0-9_]+\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
"""A snake_case token (``pip_street``) or an id of two parts (``pip_street:five``,
``ledger:no-negative-balance``'s first part)."""

TABLES = sorted(p.name for p in EXAMPLES.glob("*.toml"))


def codes(text: str) -> list[str]:
    """The internal codes in ``text`` (a refusal as a player reads it)."""
    return CODE.findall(text)


def test_codes_are_found() -> None:
    """The search itself, on the refusal this issue reported and on plain words."""
    assert codes("seat 1 may not wager on pip_street:five now") == ["pip_street:five"]
    assert codes("a wager on Don't Come on 6 must be $5.00 to $500.00") == []
    assert codes("12:50 on Sunday, 621a.11(c), (the operator's rules)") == []


def _sweep(api: Api, auth: dict[str, str], spots: list[str], low: int, high: int) -> list[Any]:
    refused = []
    for spot in spots:
        for amount in (max(low - 100, 1), high + 100, low):
            command = {"type": "PlaceWager", "seat": 1, "spot": spot, "amount": amount}
            r = api.send(auth, command, table_id="t")
            if r.status_code != 200:
                refused.append((spot, amount, r.json()))
    return refused


@pytest.mark.parametrize("rules", TABLES)
def test_no_refusal_names_a_spot_by_its_id(rules: str, tmp_path: Path) -> None:
    api = Api(f"sqlite:///{tmp_path / 'words.sqlite'}")
    try:
        table = api.table("t", EXAMPLES / rules)
        _, ann = api.player("ann", deposit=10_000_000)
        api.sit(ann, 1, "t")
        spots = [spot["value"] for spot in table["spots"]]
        low, high = table["minimum_wager"], table["maximum_wager"]
        refused = _sweep(api, ann, spots, low, high)
        refused += _sweep(api, ann, spots, low, high)  # with wagers already on the layout
        assert len(refused) >= len(spots), refused  # each spot at least once (its minimum less)
        for spot, amount, body in refused:
            for field in ("detail", "cite_shown"):
                found = codes(str(body.get(field, "")))
                assert not found, (rules, spot, amount, field, body)
    finally:
        api.close()
