"""Issue #34: a wager sent for a seat nobody sits at was refused as if another player held
it ("seat 1 may not wager for seat 2", 403, a permission). Nobody sits there: in every game
it is refused as the table stands (409), saying so and what to do (take a seat first),
citing the game's rule that only seated players wager; a seat another player holds is
still the other-seat refusal (403)."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_api import EXAMPLES, Api

from croupier.registry import GAMES

SEATED = {
    # game: (example, the rule that only seated players wager, what the game calls a seat)
    "high-roll-dice": ("high-roll-dice-ten-dice.toml", "675a.2(c)", "seat"),
    "go-fore-it": ("go-fore-it.toml", "676a.7(b)", "position"),
    "pai-gow": ("pai-gow.toml", "621a.7(b)", "seat"),
    "double-back-jack": ("double-back-jack.toml", "673a.6(a)", "box"),
    "criss-cross-poker": ("criss-cross-poker.toml", "674a.7(b)", "position"),
    "sic-bo": ("sic-bo.toml", "625a.3", "seat"),
    "craps": ("craps.toml", "623a.4", "seat"),
}


def test_every_game_is_here() -> None:
    assert set(SEATED) == set(GAMES)


@pytest.mark.parametrize("game", list(SEATED))
def test_a_wager_for_an_empty_seat_says_nobody_sits_there(tmp_path: Path, game: str) -> None:
    example, cite, place = SEATED[game]
    api = Api(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    try:
        table = api.table("t", EXAMPLES / example)
        assert table["game"] == game
        _, ann = api.player("ann", deposit=100_000)
        api.sit(ann, 1, "t")
        spot, low = table["spots"][0]["value"], table["minimum_wager"]
        before = api.snapshot()
        r = api.wager(ann, 2, spot, low, table_id="t")
        assert r.status_code == 409, r.text
        body = r.json()
        assert body["detail"].startswith(
            f"nobody sits at {place} 2: take a seat first (a player wagers and acts only "
            f"for the {place} he sits at)"
        ), body
        assert body["cite"] == cite, body
        assert "may not" not in body["detail"]
        assert api.snapshot() == before
        # Seat 2 taken by another player: the other-seat refusal, a permission.
        _, bob = api.player("bob", deposit=100_000)
        api.sit(bob, 2, "t")
        r = api.wager(ann, 2, spot, low, table_id="t")
        assert r.status_code == 403, r.text
        assert "nobody sits" not in r.json()["detail"]
    finally:
        api.close()
