"""Long inputs are never echoed (issue #34): a 100,000-character spot was sent back whole
in its refusal. A name in a command over 100 characters (longer than any spot or command
name), or another text over 4,000, is refused at once naming the field and its length;
a refusal quoting a value over 100 characters (a table's id in the path) quotes its
first 40, then its length. Nothing is stored."""

from __future__ import annotations

from server_api import Api

ECHOED = 40
"""How many characters of a long value a refusal quotes (issue #34's bound)."""


def test_a_long_text_in_a_command_is_refused_without_being_echoed(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    for command in (
        {"type": "PlaceWager", "seat": 1, "spot": "x" * 100_000, "amount": 500},
        {"type": "y" * 100_000},
        {"type": "VoidRound", "reason": "x" * 100_000},
        {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500, "z" * 101: 1},
    ):
        r = api.send(ann, command)
        assert r.status_code == 422, r.text[:500]
        assert len(r.text) < 1_000
        assert "x" * 101 not in r.text and "y" * 101 not in r.text and "z" * 101 not in r.text
    r = api.wager(ann, 1, "x" * 100_000, 500)
    assert r.json()["problems"][0]["detail"] == (
        "The field command: the command's spot is 100,000 characters long; a command's "
        "names (types, spots, fields) hold at most 100."
    )
    assert api.snapshot() == before


def test_a_refusal_quotes_a_long_value_cut_short(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    before = api.snapshot()
    spot = "q" * 100  # as long as a command's text may be, and no spot: quoted whole
    r = api.wager(ann, 1, spot, 500)
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith(f"there is no spot '{spot}'")
    for path, what in (
        ("/tables/{}", "table"),
        ("/rounds/{}/steps", "round"),
        ("/players/{}/limits", "player"),
    ):
        r = api.client.get(path.format("t" * 10_000), headers=api.admin)
        assert r.status_code == 404
        assert r.json()["detail"].startswith(f"no {what} '{'t' * ECHOED}…' (10,000 characters)")
        assert len(r.text) < 500
    r = api.wager(ann, 1, "pip_street:ace", 500, client_seed="s" * 100_000)
    assert r.status_code == 422 and len(r.text) < 1_000, r.text[:500]
    assert api.snapshot() == before
