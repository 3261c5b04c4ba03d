"""The WebSocket fan-out: ``GET /tables/{table_id}/ws`` (the token as a subprotocol or
``?token=BEARER``) sends
``{"type": "view", "data": <GET /tables/{table_id}/view>}`` on connect and after every
change at the table, from this process or another one on the same database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_games import GameTable, player

from croupier.server import fanout


def token(auth: dict[str, str]) -> str:
    return auth["Authorization"].removeprefix("Bearer ")


class Socket:
    """A WebSocket client that collects every message in a thread of its own."""

    def __init__(self, client: TestClient, table_id: str, bearer: str) -> None:
        self._context = client.websocket_connect(f"/tables/{table_id}/ws?token={bearer}")
        self.ws = self._context.__enter__()
        self.messages: list[dict[str, Any]] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while True:
                self.messages.append(self.ws.receive_json())
        except Exception:  # the socket closed
            return

    def wait(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> float:
        """Seconds until the last message satisfies ``predicate``; fails after ``timeout``."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.messages and predicate(self.messages[-1]):
                return time.monotonic() - start
            time.sleep(0.005)
        last = self.messages[-1] if self.messages else None
        raise AssertionError(f"no such message in {timeout} s; the last was {last!r}")

    def close(self) -> None:
        self._context.__exit__(None, None, None)
        self._thread.join(5)


def refused(client: TestClient, url: str, subprotocols: list[str] | None = None) -> int:
    with (
        pytest.raises(WebSocketDisconnect) as caught,
        client.websocket_connect(url, subprotocols=subprotocols) as ws,
    ):
        ws.receive_json()
    return caught.value.code


def test_the_token_may_come_as_a_subprotocol(tmp_path: Path) -> None:
    """``croupier.bearer, TOKEN`` as the subprotocols (what the browser sends: no token
    in the URL): accepted with ``croupier.bearer``, never echoing the token; the same
    view as with ``?token=``; a forged one refused as such."""
    table = GameTable(f"sqlite:///{tmp_path / 'ws.sqlite'}", "high-roll-dice", 1)
    try:
        client = table.api.client
        bearer = token(table.players[1])
        offered = [fanout.BEARER_PROTOCOL, bearer]
        with client.websocket_connect("/tables/t/ws", subprotocols=offered) as ws:
            assert ws.accepted_subprotocol == "croupier.bearer"
            first = ws.receive_json()
        with client.websocket_connect(f"/tables/t/ws?token={bearer}") as ws:
            assert ws.accepted_subprotocol is None
            assert ws.receive_json() == first
        assert first["type"] == "view" and first["data"] == table.view(table.players[1])
        forged = [fanout.BEARER_PROTOCOL, "forged"]
        assert refused(client, "/tables/t/ws", forged) == fanout.UNAUTHORIZED
        assert refused(client, "/tables/nope/ws", offered) == fanout.NOT_FOUND
    finally:
        table.close()


def test_a_bad_token_is_refused_before_accepting(tmp_path: Path) -> None:
    table = GameTable(f"sqlite:///{tmp_path / 'ws.sqlite'}", "high-roll-dice", 1)
    try:
        client = table.api.client
        assert refused(client, "/tables/t/ws") == fanout.UNAUTHORIZED == 4401
        assert refused(client, "/tables/t/ws?token=forged") == 4401
        assert refused(client, f"/tables/nope/ws?token={token(table.players[1])}") == 4404
    finally:
        table.close()


def test_every_change_is_pushed_as_the_callers_view(tmp_path: Path) -> None:
    table = GameTable(
        f"sqlite:///{tmp_path / 'ws.sqlite'}",
        "go-fore-it",
        2,
        3,
        {"close_when_all_wagered": True},
    )
    watchers = {"1": table.players[1], "dealer": table.dealer, "spectator": table.spectator}
    sockets = {name: Socket(table.api.client, "t", token(auth)) for name, auth in watchers.items()}
    try:
        for name, auth in watchers.items():
            # On connect: exactly what GET /view returns for this caller.
            expected = table.view(auth)
            sockets[name].wait(lambda m, e=expected: m == {"type": "view", "data": e})
        assert sockets["1"].messages[0]["data"]["actor"] == 1
        assert sockets["spectator"].messages[0]["data"]["actor"] is None
        choose = player("go-fore-it")
        for seat in (1, 2):
            command = choose(seat, table.view(table.players[seat]))
            assert command is not None
            table.send(seat, command)
            for name, auth in watchers.items():
                expected = table.view(auth)
                sockets[name].wait(lambda m, e=expected: m["data"] == e)
        # Seat 2's wager closed the betting and the server dealt: seat 1 sees its cards.
        mine = sockets["1"].messages[-1]["data"]
        assert mine["view"]["phase"] == "decisions"
        assert [c is not None for c in mine["view"]["hands"]["1"]] == [True, True, False, False]
        assert (
            mine["legal_commands"]
            and sockets["spectator"].messages[-1]["data"]["legal_commands"] == []
        )
        # Nothing is sent while nothing changes.
        count = len(sockets["1"].messages)
        time.sleep(0.6)
        assert len(sockets["1"].messages) == count
    finally:
        for socket in sockets.values():
            socket.close()
        table.close()


def test_a_timeout_is_pushed_without_any_request(tmp_path: Path) -> None:
    """The sockets' poll enforces the deadline: the betting timer closes the betting and
    the new view reaches the watchers with no HTTP request."""
    table = GameTable(
        f"sqlite:///{tmp_path / 'ws.sqlite'}", "criss-cross-poker", 1, 2, {"betting_seconds": 10}
    )
    socket = Socket(table.api.client, "t", token(table.dealer))
    try:
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        assert command is not None
        table.send(1, command)
        socket.wait(lambda m: m["data"]["view"] is not None and m["data"]["round_version"] > 0)
        table.clock.advance(11)
        socket.wait(lambda m: m["data"]["view"]["phase"] == "across")
    finally:
        socket.close()
        table.close()


def test_a_change_by_another_process_reaches_this_ones_sockets(db_url: str) -> None:
    """Two apps on one database (SQLite, PostgreSQL), as two server processes would be: a
    command through one reaches a socket on the other within the poll interval."""
    table = GameTable(db_url, "high-roll-dice", 1)
    other = GameTable.__new__(GameTable)
    other.__dict__.update(table.__dict__)
    from test_games import ClockedApi

    from croupier.rng import SeededRng

    other.api = ClockedApi(db_url, SeededRng(9), table.clock)
    socket = Socket(other.api.client, "t", token(table.players[1]))
    try:
        socket.wait(lambda m: m["data"]["round_id"] is None)
        table.send(1, {"type": "PlaceWager", "seat": 1, "spot": "pip_street:six", "amount": 500})
        expected = table.view(table.players[1])
        latency = socket.wait(lambda m: m["data"] == expected, timeout=3)
        assert latency < 2.0  # the poll is every 0.25 s; measured about 0.2 s (p50)
        assert other.api.app.state.hub.poll_seconds == 0.25
    finally:
        socket.close()
        other.api.close()
        table.close()
