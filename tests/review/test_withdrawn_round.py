"""Reviewer's reproductions (branch wt-review): a Go Fore It / Criss-Cross Poker round
whose only wagers were withdrawn before "no more bets" (676a.7(c), 674a.7(c))."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "server"))
from server_api import EXAMPLES, Api, Clock  # noqa: E402

from croupier.rng import SeededRng  # noqa: E402

SETTINGS = {"betting_seconds": 60, "decision_seconds": 30, "optional_seconds": 10}


@pytest.fixture
def gfi(tmp_path: Path):
    api = Api(f"sqlite:///{tmp_path / 'c.sqlite'}", SeededRng(3), Clock())
    body = {"id": "g", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text(), "settings": SETTINGS}
    assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
    players = []
    for seat in (1, 2):
        pid, auth = api.player(f"p{seat}", deposit=100_000)
        api.sit(auth, seat, "g")
        players.append(auth)
    yield api, players
    api.close()


def _wager_and_withdraw(api: Api, auth: dict[str, str]) -> None:
    r = api.wager(auth, 1, "front_9", 1_000, table_id="g")
    assert r.status_code == 200, r.text
    r = api.send(auth, {"type": "WithdrawWager", "seat": 1, "spot": "front_9"}, table_id="g")
    assert r.status_code == 200, r.text


def test_a_seat_whose_wager_was_withdrawn_may_leave(gfi) -> None:
    """DELETE /tables/{id}/seats/{seat} is refused "while the seat has a wager in the
    table's open round" (browser.leave); a withdrawn wager is no longer in play."""
    api, (ann, _bob) = gfi
    _wager_and_withdraw(api, ann)
    r = api.client.delete("/tables/g/seats/1", headers=ann)
    assert r.status_code == 200, r.text  # actual: 409 "seat 1 has a wager in round g-1"


def test_a_round_left_with_no_wager_in_play_does_not_hang(gfi) -> None:
    """After the only wager is withdrawn the round sits in betting with nothing in play;
    when the betting time runs out the server neither closes it (no one to deal to) nor
    voids it (empty_void looks for any WagerPlaced in the events), so the round stays
    open with no deadline, and a player who sits down meanwhile cannot play."""
    api, (ann, _bob) = gfi
    _wager_and_withdraw(api, ann)
    api.clock.advance(61)
    view = api.client.get("/tables/g/view", headers=api.admin).json()
    assert view["round_status"] != "open", view["view"]["phase"]  # actual: still open, betting


def test_the_lobby_survives_a_table_of_a_game_not_registered(tmp_path: Path) -> None:
    """A game joins with croupier.registry.register in the serving process only (no
    plugin hook for `croupier serve`); a database holding one table of a game the
    process does not know answers GET /tables 422 for every table (table_summary ->
    registry.find raises UnknownGame), not the lobby without that table."""
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from testgame import SPEC

    from croupier.registry import register, unregister

    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    register(SPEC)
    try:
        first = Api(url)
        r = first.client.post("/tables", json={"id": "od", "rules": {"game": "one-die"}}, headers=first.admin)
        assert r.status_code == 201, r.text
        body = {"id": "g", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()}
        assert first.client.post("/tables", json=body, headers=first.admin).status_code == 201
        first.close()
    finally:
        unregister(SPEC.name)
    again = Api(url)  # the server restarted without the game's registration
    try:
        r = again.client.get("/tables", headers=again.admin)
        assert r.status_code == 200, r.text  # actual: 422 unknown game 'one-die'
    finally:
        again.close()
