"""Issue #34 ("never stuck"): a seated player who may open no round is told why in his
view (its ``betting_held``, which the page shows where it says who acts), in plain
English: what happened, what he can do and the rule. GET /view and the socket's first
frame say it alike; once the cause is gone the table offers the wager again and says
nothing.

- the table disabled by the operator (GLI-19 2.4.1): closed for play by the operator,
  for the operator's reason (plain text as he wrote it), his balance untouched; the
  lobby's card, the table's page and the answer to taking a seat say it too, for a disabled game or
  paytable alike;
- no version of the table's Rules Submission in force (version 1 withdrawn): no rules in
  force, so no round until the operator files them;
- his account disabled (GLI-19 2.4.1, 4.15.1) or his play self-excluded (814a.2): in the
  words his wager is refused with (who, when and why; until when).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_api import Api, Clock, ScriptedRng
from test_games import GameTable
from test_scaleout import close_embedded
from test_websocket import Socket, token

from croupier.rng import SeededRng
from croupier.server import create_app
from croupier.server.scaleout import Scale

START = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
"""server_api.Clock's moment: Sunday 29 November 2026, 12:00 UTC."""


@pytest.fixture
def seated(db_url: str, scripted: ScriptedRng) -> Iterator[tuple[Api, str, dict[str, str]]]:
    """A High Roll Dice table with ann ($50.00) at seat 2, offered the wager."""
    api = Api(db_url, rng=scripted, clock=Clock())
    try:
        api.table()
        ann_id, ann = api.player("ann", deposit=5_000)
        api.sit(ann, 2)
        fresh = _view(api, ann)
        assert fresh["betting_held"] == "" and fresh["legal_commands"]
        yield api, ann_id, ann
    finally:
        api.close()


def _view(api: Api, auth: dict[str, str]) -> dict[str, Any]:
    r = api.client.get("/tables/hrd/view", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _held(api: Api, auth: dict[str, str]) -> str:
    """What the view says holds the table, the same in GET /view and the socket's first
    frame; nothing is offered and the balance is as it was."""
    view = _view(api, auth)
    assert view["legal_commands"] == [] and view["balance"] == 5_000
    bearer = auth["Authorization"].removeprefix("Bearer ")
    with api.client.websocket_connect(f"/tables/hrd/ws?token={bearer}") as ws:
        frame = ws.receive_json()
    assert frame["type"] == "view" and frame["data"]["betting_held"] == view["betting_held"]
    held: str = view["betting_held"]
    assert "_" not in held, held  # no code nor event name
    return held


def _offered_again(api: Api, auth: dict[str, str]) -> None:
    again = _view(api, auth)
    assert again["betting_held"] == "" and again["legal_commands"]


def _disabled(api: Api, thing: str, subject: str, disabled: bool, reason: str = "") -> None:
    body = {"thing": thing, "subject": subject, "disabled": disabled, "reason": reason}
    r = api.client.post("/disabled", json=body, headers=api.admin)
    assert r.status_code == 200, r.text


def test_a_table_disabled_by_the_operator_is_said(seated: tuple[Api, str, dict[str, str]]) -> None:
    api, _, ann = seated
    _disabled(api, "table", "hrd", True, "the dealer's shift ended")
    assert _held(api, ann) == (
        "This table is closed for play by the operator: the dealer's shift ended. No new "
        "round is dealt here. Your balance is untouched; play resumes here when the operator "
        "enables the table again (GLI-19 2.4.1)."
    )
    _disabled(api, "table", "hrd", False)
    _offered_again(api, ann)
    # The operator's words as he wrote them, markup and all: plain text, never HTML (the
    # page writes it as text); his own full stop is not doubled.
    _disabled(api, "table", "hrd", True, "a spill <b>on</b> the layout.")
    assert _held(api, ann).startswith(
        "This table is closed for play by the operator: a spill <b>on</b> the layout. No new "
    )


def _card(api: Api, auth: dict[str, str]) -> tuple[bool, str]:
    r = api.client.get("/tables", headers=auth)
    assert r.status_code == 200, r.text
    (card,) = [t for t in r.json()["tables"] if t["id"] == "hrd"]
    return card["closed"], card["closed_reason"]


@pytest.mark.parametrize(
    ("thing", "subject"),
    [("table", "hrd"), ("game", "high-roll-dice"), ("paytable", "hrd/1")],
)
def test_the_lobby_says_a_table_is_closed_and_why(
    seated: tuple[Api, str, dict[str, str]], thing: str, subject: str
) -> None:
    """The table, its game or the paytable in force (version 1) disabled closes the
    table for play (GLI-19 2.4.1): its card in the lobby says so, with the reason."""
    api, _, ann = seated
    assert _card(api, ann) == (False, "")
    _disabled(api, thing, subject, True, "a spill on the layout")
    assert _card(api, ann) == (True, "a spill on the layout")
    _disabled(api, thing, subject, False)
    assert _card(api, ann) == (False, "")


def _page(api: Api, auth: dict[str, str]) -> tuple[bool, str]:
    r = api.client.get("/tables/hrd", headers=auth)
    assert r.status_code == 200, r.text
    return r.json()["closed"], r.json()["closed_reason"]


@pytest.mark.parametrize(
    ("thing", "subject"),
    [("table", "hrd"), ("game", "high-roll-dice"), ("paytable", "hrd/1")],
)
def test_the_table_page_says_it_is_closed_and_why(
    seated: tuple[Api, str, dict[str, str]], thing: str, subject: str
) -> None:
    """GET /tables/{id} (the table's page) says it is closed for play and why, as the
    lobby's card does (GLI-19 2.4.1), to the seated player and the staff alike; open
    again once the operator enables it."""
    api, _, ann = seated
    assert _page(api, ann) == _page(api, api.admin) == (False, "")
    _disabled(api, thing, subject, True, "a spill on the layout")
    assert _page(api, ann) == _page(api, api.admin) == (True, "a spill on the layout")
    _disabled(api, thing, subject, False)
    assert _page(api, ann) == _page(api, api.admin) == (False, "")


def test_taking_a_seat_at_a_closed_table_says_it_is_closed(
    seated: tuple[Api, str, dict[str, str]],
) -> None:
    """He is seated (the seat is his once the table deals again), and told the table is
    closed for play and why, not to place his wagers."""
    api = seated[0]
    _, bob = api.player("bob", deposit=5_000)
    _, cy = api.player("cy", deposit=5_000)
    r = api.client.post("/tables/hrd/seats", json={"seat": 1}, headers=bob)
    assert r.status_code == 201, r.text
    assert (r.json()["closed"], r.json()["closed_reason"]) == (False, "")
    _disabled(api, "table", "hrd", True, "a spill on the layout")
    r = api.client.post("/tables/hrd/seats", json={"seat": 3}, headers=cy)
    assert r.status_code == 201, r.text
    assert r.json()["seat"] == 3
    assert (r.json()["closed"], r.json()["closed_reason"]) == (True, "a spill on the layout")


def test_a_table_with_no_rules_in_force_is_said(seated: tuple[Api, str, dict[str, str]]) -> None:
    api, _, ann = seated
    assert api.clock is not None
    api.clock.now = datetime.now(UTC)  # after the moment version 1 was put in force
    body = {"state": "withdrawn", "reason": "the Board ordered the game closed"}
    r = api.client.post("/tables/hrd/rules/versions/1/steps", json=body, headers=api.admin)
    assert r.status_code == 201, r.text
    held = _held(api, ann)
    assert held.startswith(
        "This table has no rules in force: no version of its Rules Submission is approved "
        "and in force, so no round can be dealt until the operator files them. Your balance "
        "is untouched"
    ), held
    assert held.endswith("(the operator's rules)."), held


def test_a_disabled_player_is_told_why_in_the_refusals_words(
    seated: tuple[Api, str, dict[str, str]],
) -> None:
    api, ann_id, ann = seated
    _disabled(api, "player", ann_id, True, "asked for a break")
    # Who (the admin's name, never his account id), when (the server's clock) and why.
    why = "your account was disabled by admin on 2026-11-29 12:00 UTC (asked for a break)"
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 403 and why in r.json()["detail"], r.text
    assert _held(api, ann) == (
        f"You may not wager here: {why}. Your balance is untouched; play resumes when the "
        "operator enables your account again (GLI-19 2.4.1; GLI-19 4.15.1)."
    )
    _disabled(api, "player", ann_id, False)
    _offered_again(api, ann)


def test_a_self_excluded_player_is_told_until_when(
    seated: tuple[Api, str, dict[str, str]],
) -> None:
    api, ann_id, ann = seated
    r = api.client.post(
        f"/players/{ann_id}/status", json={"status": "self-excluded", "days": 7}, headers=ann
    )
    assert r.status_code == 200, r.text
    # Seven days after Sunday 29 November 2026, 12:00 UTC.
    said = (
        "you have excluded yourself from play until 12:00 on Sunday 6 December 2026, UTC: "
        "no seat and no wager until then"
    )
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 403 and said in r.json()["detail"], r.text
    assert _held(api, ann) == (
        f"Y{said[1:]}. Your balance is untouched; only an admin may lift it sooner (814a.2)."
    )


def test_the_sockets_are_told_at_once(tmp_path: Path) -> None:
    """The embedded server (views pushed, no poll): seat 1's socket is sent why as soon
    as his play is self-excluded, his account disabled or the table's game disabled, and
    the wager again as soon as each is lifted; each frame is his stored view (GET /view);
    seat 2 is told only of the game."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 2)
    app = create_app(url, migrate=False, rng=SeededRng(3), clock=table.clock, scale=Scale())
    client = TestClient(app)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    steps = [
        (f"/players/{table.ids[1]}/status", {"status": "self-excluded", "days": 7}, "You have"),
        ("/disabled", _thing("player", table.ids[1], True), "You may not wager here: your"),
        ("/disabled", _thing("player", table.ids[1], False), ""),
        ("/disabled", _thing("game", "high-roll-dice", True), "This table is closed for play"),
        ("/disabled", _thing("game", "high-roll-dice", False), ""),
    ]
    try:
        for socket in (one, two):
            socket.wait(lambda m: m["data"]["legal_commands"] != [])
        for path, body, said in steps:
            r = client.post(path, json=body, headers=table.api.admin)
            assert r.status_code in (200, 201), r.text
            one.wait(lambda m, said=said: _says(m, said))
            assert one.messages[-1]["data"] == table.view(table.players[1])
            if path.endswith("/status"):  # the admin lifts it: offered again
                lift = client.delete(path, headers=table.api.admin)
                assert lift.status_code == 200, lift.text
                one.wait(lambda m: _says(m, ""))
        two.wait(lambda m: m["data"]["legal_commands"] != [])
        assert [_says(m, "This table is closed") for m in two.messages] == [False, True, False]
    finally:
        close_embedded(table, app, one, two)


def _thing(thing: str, subject: str, disabled: bool) -> dict[str, Any]:
    return {"thing": thing, "subject": subject, "disabled": disabled, "reason": "a test"}


def _says(message: dict[str, Any], said: str) -> bool:
    """Whether the frame's view says ``said`` first of what holds the table (``""``:
    nothing, the wager offered)."""
    view = message["data"]
    if not said:
        return view["betting_held"] == "" and view["legal_commands"] != []
    return bool(view["betting_held"].startswith(said)) and view["legal_commands"] == []


def _watched(api: Api, auth: dict[str, str]) -> dict[str, Any]:
    """A viewer's GET /view, which the socket's first frame says alike."""
    view = _view(api, auth)
    bearer = auth["Authorization"].removeprefix("Bearer ")
    with api.client.websocket_connect(f"/tables/hrd/ws?token={bearer}") as ws:
        frame = ws.receive_json()
    assert frame["type"] == "view", frame
    for key in ("betting_held", "last_round", "legal_commands"):
        assert frame["data"].get(key) == view.get(key), key
    return view


def test_a_viewer_with_no_seat_is_told_why_the_table_deals_no_round(
    seated: tuple[Api, str, dict[str, str]],
) -> None:
    """A player watching with no seat, and the admin, are told why the table opens no
    round, in the words a seated player is (GLI-19 2.4.1; no rules in force), never what
    holds only another player (ann's account disabled): nothing is offered to them."""
    api, ann_id, _ = seated
    _, bob = api.player("bob", deposit=5_000)
    assert _watched(api, bob)["betting_held"] == ""
    _disabled(api, "player", ann_id, True, "asked for a break")
    assert _watched(api, bob)["betting_held"] == ""
    _disabled(api, "player", ann_id, False)
    closed = (
        "This table is closed for play by the operator: a spill on the layout. No new round "
        "is dealt here. Your balance is untouched; play resumes here when the operator "
        "enables the table again (GLI-19 2.4.1)."
    )
    for thing, subject in [("table", "hrd"), ("game", "high-roll-dice"), ("paytable", "hrd/1")]:
        _disabled(api, thing, subject, True, "a spill on the layout")
        for viewer in (bob, api.admin):
            view = _watched(api, viewer)
            assert (view["betting_held"], view["legal_commands"]) == (closed, []), thing
        _disabled(api, thing, subject, False)
        assert _watched(api, bob)["betting_held"] == ""
    assert api.clock is not None
    api.clock.now = datetime.now(UTC)  # after the moment version 1 was put in force
    body = {"state": "withdrawn", "reason": "the Board ordered the game closed"}
    r = api.client.post("/tables/hrd/rules/versions/1/steps", json=body, headers=api.admin)
    assert r.status_code == 201, r.text
    assert _watched(api, bob)["betting_held"].startswith("This table has no rules in force: ")


def test_the_round_under_way_when_the_table_is_disabled_is_its_last(
    seated: tuple[Api, str, dict[str, str]], scripted: ScriptedRng
) -> None:
    """The operator disables the table during a round: that round goes on as any other
    (bob, seated, still wagers in its open betting; the dealer closes it and it is
    settled), and no new round opens after it (GLI-19 2.4.1). While it is under way its
    viewers are told it is the last before the table closes, and why; once it is over,
    that the table is closed."""
    api, _, ann = seated
    _, bob = api.player("bob", deposit=5_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(bob, 1)
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
    assert _view(api, ann).get("last_round", "") == ""
    _disabled(api, "table", "hrd", True, "the dealer's shift ended")
    last = (
        "This round is the last before the table closes: the operator has closed the table "
        "for play: the dealer's shift ended. This round is played out as usual and settled; "
        "no new round is dealt here until the operator enables the table again "
        "(GLI-19 2.4.1)."
    )
    for viewer in (ann, bob, dealer):
        view = _watched(api, viewer)
        assert (view["round_status"], view.get("last_round")) == ("open", last)
    assert api.wager(bob, 1, "pip_street:five", 500).status_code == 200
    scripted.dice(5, 5, 5, 1, 2, 3, 4, 6, 2, 3)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
    after = _view(api, ann)
    assert after["last_round"] == "" and after["betting_held"].startswith(
        "This table is closed for play by the operator: the dealer's shift ended."
    )
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 409
