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
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api

from croupier.registry import GAMES

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
def test_no_refusal_names_a_spot_by_its_id(
    rules: str, migrated_sqlite: Callable[[str], str]
) -> None:
    api = Api(migrated_sqlite("words.sqlite"))
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


@pytest.mark.parametrize(
    "rules", ["high-roll-dice-ten-dice.toml", "go-fore-it.toml", "criss-cross-poker.toml"]
)
def test_an_unknown_spot_is_refused_saying_where_the_spots_names_are(api: Api, rules: str) -> None:
    """A fresh tester: a wager on a spot the layout lacks was refused with the spots'
    labels ("Pip Street ace"), which the API does not take as a spot. The refusal still
    lists them in words, and says where the name to send is: the round's offers, where
    each spot offered now has its label and its name (``legal_commands`` of the view)."""
    api.table("t", EXAMPLES / rules)
    _, ann = api.player("ann", deposit=100_000)
    api.sit(ann, 1, "t")
    r = api.wager(ann, 1, "nowhere", 500, table_id="t")
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert "each sent as the round's offers name it (a wager's spot in the table's view)" in detail
    # The names a command sends are given in brackets after the words; none elsewhere.
    assert codes(re.sub(r" \([^()]*\)", "", detail)) == []
    view = api.client.get("/tables/t/view", headers=ann).json()
    wagers = [c for c in view["legal_commands"] if c["command"] in ("PlaceWager", "PlaceAntes")]
    options = [o for c in wagers for o in c["fields"].get("spot", {}).get("options", [])]
    for option in options:  # each offered spot: its label in the refusal, its name taken
        assert option["label"] in detail, (option, detail)
    if options:  # the name taken (an amount within the offer's limits)
        low = wagers[0]["fields"]["amount"]["low"]
        taken = api.wager(ann, 1, options[0]["value"], low, table_id="t")
        assert taken.status_code == 200, taken.text
    assert options or rules == "criss-cross-poker.toml"  # antes: no spot to choose


def _examples_by_game() -> dict[str, Path]:
    """One example Rules Submission per game (the first by file name), by its ``game``."""
    found: dict[str, Path] = {}
    for path in sorted(EXAMPLES.glob("*.toml")):
        found.setdefault(tomllib.loads(path.read_text())["game"], path)
    return found


SHAPE = re.compile(
    r"^there is no spot 'nowhere' at this table(?:: [^;]+)?; "
    r"(?:the spots are (?P<known>.+), each|the only spot is (?P<only>the .+),) "
    + re.escape("sent as the round's offers name it (a wager's spot in the table's view)")
    + r" \(.+\)$"
)
"""The one shape of the refusal of a spot the layout lacks, in every game (a layout of
one spot says it as one: "the only spot is the Pai Gow Wager (pai_gow), sent as ...")."""


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_spot_is_refused_in_one_shape_in_every_game(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A fresh tester: Pai Gow said "the only wager is 'pai_gow', not 'nowhere'", High
    Roll Dice "there is no spot 'nowhere' at this table; the spots are ...", Sic Bo and
    Craps listed spot ids. Every game of the registry now says one sentence: no such spot
    at this table, the spots in words (each followed by the name a command sends, in
    brackets), and where the names to send are (the offers)."""
    example = _examples_by_game()[game]
    api = Api(migrated_sqlite("spots.sqlite"))
    try:
        api.table("t", example)
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        r = api.wager(ann, 1, "nowhere", 500, table_id="t")
        assert r.status_code == 422, r.text
        detail = r.json()["detail"]
        shaped = SHAPE.match(detail)
        assert shaped is not None, (game, detail)
        # The names a command sends are given in brackets after the words; none elsewhere.
        assert codes(re.sub(r" \([^()]*\)", "", detail)) == [], (game, detail)
        view = api.client.get("/tables/t/view", headers=ann).json()
        offered = [
            option["label"]
            for command in view["legal_commands"]
            for option in command["fields"].get("spot", {}).get("options", [])
        ]
        known = (shaped["known"] or shaped["only"]).casefold()
        for label in offered:  # each spot offered now, in words (a run's number once)
            words = label.casefold()
            assert words in known or words.rpartition(" ")[0] in known, (label, detail)
    finally:
        api.close()


def _sent_in(value: str, label: str, detail: str) -> bool:
    """Whether ``detail`` gives the name ``value`` a command sends: as itself, within a
    run written ``kind:2…kind:8``, or not at all where it is its words (``small``)."""
    if value.casefold() == label.casefold() or value in detail.split(" (")[0]:
        return True
    if re.search(rf"[(/]{re.escape(value)}[)/]", detail):
        return True
    head, number = re.fullmatch(r"(.*?)(\d+)", value).groups()  # type: ignore[union-attr]
    return any(
        int(low) <= int(number) <= int(high)
        for low, high in re.findall(rf"\({re.escape(head)}(\d+)…{re.escape(head)}(\d+)\)", detail)
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_spot_gives_the_names_to_send(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A hostile tester: High Roll Dice listed "Like Kind 2 to 8" where what must be sent
    is ``like_kind:2`` to ``like_kind:8``. Every spot offered now is named in the
    refusal as a command sends it (a run once: ``like_kind:2…like_kind:8``)."""
    example = _examples_by_game()[game]
    api = Api(migrated_sqlite("spots.sqlite"))
    try:
        api.table("t", example)
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        detail = api.wager(ann, 1, "nowhere", 500, table_id="t").json()["detail"]
        view = api.client.get("/tables/t/view", headers=ann).json()
        offered = [
            (option["value"], option["label"])
            for command in view["legal_commands"]
            for option in command["fields"].get("spot", {}).get("options", [])
        ]
        for value, label in offered:
            assert _sent_in(value, label, detail), (value, detail)
    finally:
        api.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_unknown_spot_is_shown_back_escaped(
    migrated_sqlite: Callable[[str], str], game: str
) -> None:
    """A hostile tester: Sic Bo showed the part of an unknown spot after its family's
    name as sent, so a spot of terminal escapes or a right-to-left override reached a
    terminal or a log raw. No game shows back a control or direction character."""
    example = _examples_by_game()[game]
    api = Api(migrated_sqlite("spots.sqlite"))
    try:
        api.table("t", example)
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        for spot in ("total:\x1b[2J\x1b[31mYOU WON", "total:\u202eevil", "big:\x07"):
            r = api.wager(ann, 1, spot, 500, table_id="t")
            assert r.status_code == 422, r.text
            detail = r.json()["detail"]
            shown = [c for c in detail if unicodedata.category(c) in ("Cc", "Cf")]
            assert shown == [], (game, spot, detail)
    finally:
        api.close()


def test_every_game_has_an_example_to_refuse_a_spot_at() -> None:
    assert set(_examples_by_game()) == set(GAMES)
