"""A physical-dice reading through the table server's JSON command path (#29): at every
dice table, a face sent as JSON true, the text "1", the number 1.0, 0 or 7 is refused with
422 and the sentence citing the section on the game's dice (675a.3(a), 621a.5(a), 623a.8,
625a.2), and nothing is stored; the same reading with whole faces is then taken."""

from __future__ import annotations

from typing import Any

import pytest
from server_api import Api

from croupier.rng import SeededRng

SETTINGS = {"physical_dice": True, "betting_seconds": None, "decision_seconds": None}

GAMES: dict[str, tuple[str, list[tuple[str, dict[str, Any]]], str, list[int], str]] = {
    # game: (rules, the commands up to the reading (who, command), the reading's command,
    #        a reading of whole faces, the section cited)
    "high-roll-dice": (
        'game = "high-roll-dice"',
        [
            ("ann", {"type": "PlaceWager", "seat": 1, "spot": "pip_street:six", "amount": 500}),
            ("dealer", {"type": "AnnounceNoMoreBets"}),
        ],
        "ThrowDice",
        [6, 6, 6, 6, 6, 1, 2, 3, 4, 5],
        "675a.3(a)",
    ),
    "pai-gow": (
        'game = "pai-gow"',
        [
            ("ann", {"type": "PlaceWager", "seat": 1, "amount": 1000}),
            ("dealer", {"type": "AnnounceNoMoreBets"}),
        ],
        "ShakeDice",
        [1, 2, 3],
        "621a.5(a)",
    ),
    "sic-bo": (
        'game = "sic-bo"',
        [
            ("ann", {"type": "PlaceWager", "seat": 1, "spot": "small", "amount": 1000}),
            ("dealer", {"type": "AnnounceNoMoreBets"}),
        ],
        "ThrowDice",
        [1, 2, 3],
        "625a.2",
    ),
    "craps": (
        'game = "craps"',
        [
            ("ann", {"type": "PlaceWager", "seat": 1, "spot": "pass", "amount": 1000}),
            ("dealer", {"type": "AnnounceNoMoreBets"}),
            ("ann", {"type": "SelectDice", "seat": 1, "first": 1, "second": 2}),
        ],
        "ThrowDice",
        [3, 4],
        "623a.8",
    ),
}

NOT_A_FACE = [True, "1", 1.0, 0, 7]
"""No die shows these (JSON true, "1" and 1.0 were recorded as a 1 at two tables)."""


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reading_with_a_face_no_die_has_is_refused(db_url: str, game: str) -> None:
    """Refused at the reading step of each dice table, at the first and the last die."""
    api = Api(db_url, rng=SeededRng(29))  # the tiles are mixed before the shake
    try:
        _refused_then_read(api, game)
    finally:
        api.close()


def _refused_then_read(api: Api, game: str) -> None:
    rules, before, command, faces, cite = GAMES[game]
    body = {"id": "d", "rules_toml": rules, "settings": SETTINGS}
    r = api.client.post("/tables", json=body, headers=api.admin)
    assert r.status_code == 201, r.text
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "d")
    who = {"ann": ann, "dealer": dealer}
    for actor, step in before:
        r = api.send(who[actor], step, table_id="d")
        assert r.status_code == 200, (step, r.text)
    for bad in NOT_A_FACE:
        for where in (0, len(faces) - 1):
            reading: list[Any] = list(faces)
            reading[where] = bad
            stored = api.snapshot()
            r = api.send(dealer, {"type": command, "faces": reading}, table_id="d")
            assert r.status_code == 422, (reading, r.text)
            problem = r.json()
            assert problem["cite"] == cite, problem
            assert "each a whole number 1 to 6, not " in problem["detail"], problem
            assert api.snapshot() == stored, f"the refused reading {reading} stored something"
    r = api.send(dealer, {"type": command, "faces": faces}, table_id="d")
    assert r.status_code == 200, r.text
    [read] = [e["event"] for e in r.json()["events"] if "faces" in e["event"]]
    assert read["faces"] == faces and read["source"] == "reading"
