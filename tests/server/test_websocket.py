"""The WebSocket fan-out: ``GET /tables/{table_id}/ws`` (the token as a subprotocol or
``?token=BEARER``) sends
``{"type": "view", "data": <GET /tables/{table_id}/view>}`` on connect and after every
change at the table, from this process or another one on the same database."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_api import EXAMPLES, Api, Clock
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


def test_the_token_may_come_as_a_subprotocol(migrated_sqlite: Callable[[str], str]) -> None:
    """``croupier.bearer, TOKEN`` as the subprotocols (what the browser sends: no token
    in the URL): accepted with ``croupier.bearer``, never echoing the token; the same
    view as with ``?token=``; a forged one refused as such."""
    table = GameTable(migrated_sqlite("ws.sqlite"), "high-roll-dice", 1)
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


def closed_after_accepting(
    client: TestClient, url: str, subprotocols: list[str] | None = None
) -> tuple[int, str]:
    """The close code and reason of a socket the server accepts and at once closes (a
    socket closed before accepting fails to connect: an HTTP 403 to a browser)."""
    with client.websocket_connect(url, subprotocols=subprotocols) as ws:  # accepted
        message = ws.receive()
    assert message["type"] == "websocket.close", message
    return message["code"], message.get("reason", "")


def test_a_bad_token_is_accepted_then_closed_4401_saying_why(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Issue #34: a bad token got HTTP 403 at the handshake, so a browser could tell
    neither the code nor why; the socket is accepted and closed with 4401 and a reason in
    words (an unknown table: 4404), with the token as a subprotocol too."""
    table = GameTable(migrated_sqlite("ws.sqlite"), "high-roll-dice", 1)
    try:
        client = table.api.client
        signed_out = (4401, "your session has ended or its token is unknown: sign in again")
        assert fanout.UNAUTHORIZED == 4401
        assert closed_after_accepting(client, "/tables/t/ws") == signed_out
        assert closed_after_accepting(client, "/tables/t/ws?token=forged") == signed_out
        forged = [fanout.BEARER_PROTOCOL, "forged"]
        assert closed_after_accepting(client, "/tables/t/ws", forged) == signed_out
        bearer = token(table.players[1])
        assert closed_after_accepting(client, f"/tables/nope/ws?token={bearer}") == (
            4404,
            "there is no table 'nope'",
        )
    finally:
        table.close()


def test_a_signed_out_session_gets_no_view_over_a_socket(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """A hostile tester's finding: after ``DELETE /sessions/current`` the HTTP API
    refuses the token (401, GLI-19 2.5.4) but a socket opened with it still had the live
    table. Now a socket opened after the sign-out is closed 4401 at once, and one open
    before it is closed 4401 when it happens (in this process)."""
    table = GameTable(migrated_sqlite("ws.sqlite"), "high-roll-dice", 1)
    try:
        client = table.api.client
        auth = table.players[1]
        watching = client.websocket_connect(f"/tables/t/ws?token={token(auth)}")
        ws = watching.__enter__()
        assert ws.receive_json()["type"] == "view"  # signed in: the table
        assert client.delete("/sessions/current", headers=auth).status_code == 200
        message = ws.receive()
        assert message["type"] == "websocket.close" and message["code"] == 4401, message
        watching.__exit__(None, None, None)
        assert client.get("/tables/t", headers=auth).status_code == 401
        assert closed_after_accepting(client, f"/tables/t/ws?token={token(auth)}") == (
            4401,
            "your session has ended or its token is unknown: sign in again",
        )
    finally:
        table.close()


@pytest.mark.parametrize("ended", ["signed out in another process", "idle"])
def test_a_socket_closes_when_its_session_ends_elsewhere(
    migrated_sqlite: Callable[[str], str], ended: str
) -> None:
    """A hostile tester's finding: only a sign-out in the socket's own process closed it;
    one in another process (another server on the same database), or a session gone
    idle past the limit (GLI-19 2.5.4), left it sending the live table. Now the socket
    is closed 4401 before any further view: at once when idle, and within the minute a
    process trusts what it read of a session (``gate.TOUCH``) for a sign-out elsewhere."""
    from datetime import timedelta

    from sqlalchemy.orm import Session as DbSession

    from croupier.ledger import sessions
    from croupier.server.gate import TOUCH

    clock = Clock()
    idle = timedelta(minutes=30)
    api = Api(migrated_sqlite("ws.sqlite"), clock=clock, idle_timeout=idle)
    try:
        api.table("t", EXAMPLES / "high-roll-dice-ten-dice.toml")
        ann_id, ann = api.player("ann", deposit=10_000)
        api.sit(ann, 1, "t")
        with api.client.websocket_connect(f"/tables/t/ws?token={token(ann)}") as ws:
            assert ws.receive_json()["type"] == "view"
            if ended == "idle":
                clock.advance(idle.total_seconds() + 60)
            else:
                with DbSession(api.engine) as db:  # what another process's sign-out writes
                    sessions.sign_out(db, ann_id, clock())
                    db.commit()
                clock.advance(TOUCH.total_seconds() + 1)
            message = ws.receive()  # the next poll finds it
        assert message["type"] == "websocket.close", message
        assert (message["code"], message["reason"]) == (4401, fanout.SIGNED_OUT)
    finally:
        api.close()


def test_every_change_is_pushed_as_the_callers_view(migrated_sqlite: Callable[[str], str]) -> None:
    table = GameTable(
        migrated_sqlite("ws.sqlite"),
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


def test_a_timeout_is_pushed_without_any_request(migrated_sqlite: Callable[[str], str]) -> None:
    """The sockets' poll enforces the deadline: the betting timer closes the betting and
    the new view reaches the watchers with no HTTP request."""
    table = GameTable(
        migrated_sqlite("ws.sqlite"), "criss-cross-poker", 1, 2, {"betting_seconds": 10}
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


# --- issue #38: one free token opened 150 sockets and starved the table's views ---------
def _closed(client: TestClient, url: str) -> tuple[int, str]:
    """The close code and reason of a socket the server closes before its first view."""
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(url) as ws:
        ws.receive_json()
    return caught.value.code, caught.value.reason


def test_sockets_beyond_the_limits_are_closed_saying_why(db_url: str) -> None:
    """At most ``per_player`` sockets for one player (his one token), ``per_table`` at one
    table: one more is closed with 4429 and a sentence naming the limit, in plain words,
    and the table's views keep answering; a socket closed makes room for another."""
    api = Api(db_url, socket_limits=fanout.SocketLimits(per_player=2, per_table=4))
    try:
        api.table()
        ann = token(api.player("ann")[1])
        bob = token(api.player("bob")[1])
        cat = token(api.player("cat")[1])
        anns = [Socket(api.client, "hrd", ann) for _ in range(2)]
        for socket in anns:
            socket.wait(lambda m: m["type"] == "view")
        code, reason = _closed(api.client, f"/tables/hrd/ws?token={ann}")
        assert code == fanout.TOO_MANY == 4429
        assert reason == (
            "you already have 2 live table views open, the most allowed: close one to open another"
        )
        bobs = [Socket(api.client, "hrd", bob) for _ in range(2)]
        for socket in bobs:
            socket.wait(lambda m: m["type"] == "view")
        code, reason = _closed(api.client, f"/tables/hrd/ws?token={cat}")
        assert (code, reason) == (
            4429,
            "table hrd already has 4 live views open, the most allowed: try again later",
        )
        for _ in range(10):  # ten more of ann's refused; the table answers its views
            more = _closed(api.client, f"/tables/hrd/ws?token={ann}")
            assert more[0] == 4429
        headers = {"Authorization": f"Bearer {cat}"}
        views = [api.client.get("/tables/hrd/view", headers=headers) for _ in range(10)]
        assert [r.status_code for r in views] == [200] * 10
        anns.pop().close()
        deadline = time.monotonic() + 5
        while api.app.state.hub.watching("hrd") > 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        cats = Socket(api.client, "hrd", cat)
        cats.wait(lambda m: m["type"] == "view")
        for socket in (*anns, *bobs, cats):
            socket.close()
    finally:
        api.close()


class _CountedSessions:
    """The hub's session factory, counting the sessions its sockets hold at once, the
    most at once and the views they read."""

    def __init__(self, sessions: Callable[[], Any]) -> None:
        self.sessions = sessions
        self.lock = threading.Lock()
        self.open = self.most = self.opened = 0

    @contextlib.contextmanager
    def __call__(self) -> Iterator[Any]:
        with self.lock:
            self.open += 1
            self.opened += 1
            self.most = max(self.most, self.open)
        try:
            with self.sessions() as session:
                yield session
        finally:
            with self.lock:
                self.open -= 1


def test_many_sockets_take_one_connection_and_the_views_keep_answering(db_url: str) -> None:
    """30 sockets of one token and 5 of another at a table in play: their reads hold at
    most one connection at a time (the default ``SocketLimits.connections``), none at
    all while they wait, and a change costs one view read per viewer, not per socket;
    the table's plain views all answer meanwhile."""
    api = Api(db_url, socket_limits=fanout.SocketLimits(per_player=40, per_table=40))
    hub = api.app.state.hub
    counted = _CountedSessions(hub.sessions)
    hub.sessions = counted
    try:
        api.table()
        _, ann = api.player("ann", deposit=10_000)
        _, bob = api.player("bob")
        api.sit(ann, 1)
        sockets = [Socket(api.client, "hrd", token(ann)) for _ in range(30)]
        sockets += [Socket(api.client, "hrd", token(bob)) for _ in range(5)]
        for socket in sockets:
            socket.wait(lambda m: m["type"] == "view")
        hub.poll_seconds = 60.0  # no poll from here on: only a change wakes them
        time.sleep(0.6)  # every socket back to waiting, its poll interval changed
        with counted.lock:
            counted.opened = 0
        time.sleep(0.5)
        assert counted.opened == 0 and counted.open == 0  # idle: no connection at all
        views = [
            api.client.get("/tables/hrd/view", headers=who).status_code for who in (ann, bob) * 10
        ]
        assert views == [200] * 20
        with counted.lock:
            counted.opened = 0
        assert api.wager(ann, 1, "pip_street:two", 500).status_code == 200

        def placed(message: dict[str, Any]) -> bool:
            return bool(message["data"]["round_version"])

        for socket in sockets:
            socket.wait(placed)
        assert counted.most == 1
        # One change, two viewers: the table's signature read once for all 35 sockets,
        # and each viewer's view once for all of his (35 reads of each before).
        assert counted.opened == 3, counted.opened
        views = [
            api.client.get("/tables/hrd/view", headers=who).status_code for who in (ann, bob) * 10
        ]
        assert views == [200] * 20
        for socket in sockets:
            socket.close()
    finally:
        api.close()


def test_serve_hands_its_socket_limits_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`croupier serve --sockets-per-player 3 --sockets-per-table 9`: each worker's hub
    keeps those limits; without them, the defaults; a limit below 1 is refused."""
    import uvicorn
    from typer.testing import CliRunner

    from croupier.cli import app as cli
    from croupier.cli.server import DB_VARIABLE, SOCKETS_VARIABLE, app_from_environment

    for variable in (DB_VARIABLE, SOCKETS_VARIABLE):
        monkeypatch.setenv(variable, "")  # restored after the test
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    for given, limits in (
        ([], fanout.SocketLimits(per_player=16, per_table=256)),
        (
            ["--sockets-per-player", "3", "--sockets-per-table", "9"],
            fanout.SocketLimits(per_player=3, per_table=9),
        ),
    ):
        result = CliRunner().invoke(cli, ["serve", "--db", url, *given])
        assert result.exit_code == 0, result.output
        app = app_from_environment()
        assert app.state.hub.limits == limits
        app.state.engine.dispose()
    result = CliRunner().invoke(cli, ["serve", "--db", url, "--sockets-per-player", "0"])
    assert result.exit_code == 2
    with pytest.raises(ValueError, match="per_table is 0"):
        fanout.SocketLimits(per_table=0)
