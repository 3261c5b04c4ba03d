"""Many server processes on one PostgreSQL database with a real NATS JetStream bus
(issue #33): two apps in this test process stand for two server processes (each with its
own connection to ``nats-server``, its own leases and deadline timers).

- a change committed through one reaches a socket on the other through the bus, in
  order and never twice, with no poll; after the bus is restarted, too (catch-up);
- one owner per table: a command at the other process is forwarded to the owner and its
  answer returned (the same answer for the same Idempotency-Key, wherever it is sent);
  where the owner cannot be reached, it is answered 421 with the owner's address, nothing
  done;
- an owner that dies (its leases no longer renewed) is taken over: the open round goes
  on at the other process, which keeps its deadline by a timer and finishes the round,
  the stored answers of the dead owner's commands are given back for their
  Idempotency-Keys, the table never has two open rounds, the ledger sums to zero and the
  chain verifies; a socket dropped meanwhile and opened again catches up by sequence,
  nothing lost, nothing shown twice;
- an idle watched table costs no database statement (a counter on the engine).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from natsd import BINARY, MISSING, NatsServer
from sqlalchemy import text
from test_games import GameTable, player
from test_websocket import Socket, token

from croupier.rng import SeededRng
from croupier.server import create_app
from croupier.server.lease import CITE, MISDIRECTED
from croupier.server.scaleout import Scale, Scaled
from croupier.server.timers import Deadlines

SPOTS = [f"pip_street:{pips}" for pips in ("ace", "two", "three", "four", "five", "six")]


def wager(n: int) -> dict[str, Any]:
    """Seat 1's wager of $5 on the ``n``-th pip street (a spot takes one wager)."""
    return {"type": "PlaceWager", "seat": 1, "spot": SPOTS[n], "amount": 500}


@pytest.fixture
def nats(tmp_path: Path) -> Iterator[NatsServer]:
    if BINARY is None:
        pytest.skip(MISSING)
    server = NatsServer(tmp_path / "nats")
    yield server
    server.stop()


class Peers(httpx.AsyncBaseTransport):
    """The network between the test's processes: a request to a process's address reaches
    its app; to any other address (a process dead or never started) the connection is
    refused."""

    def __init__(self) -> None:
        self.apps: dict[str, Any] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        app = self.apps.get(f"{request.url.scheme}://{request.url.netloc.decode()}")
        if app is None:
            raise httpx.ConnectError("connection refused", request=request)
        return await httpx.ASGITransport(app=app).handle_async_request(request)


def close_embedded(table: GameTable, app: Any, *sockets: Socket) -> None:
    """Close the sockets, then the embedded server's timers, writer and connections,
    then the table's own client."""
    for socket in sockets:
        socket.close()
    app.state.scaled.close()
    app.state.writer.close()
    app.state.engine.dispose()
    table.api.close()


class Process:
    """One server process: an app on ``db_url`` with the bus and leases, reachable (for
    the clients it names) at ``address``; ``clock`` the test's fake one, where the views
    are compared whole (their deadlines' time left), else the time."""

    def __init__(
        self,
        db_url: str,
        bus: str,
        address: str,
        lease_seconds: float = 10.0,
        clock: Callable[[], datetime] | None = None,
        peers: Peers | None = None,
    ) -> None:
        self.address = address
        self.peers = peers
        self.app = create_app(
            db_url,
            migrate=False,
            rng=SeededRng(7),
            clock=clock,
            scale=Scale(
                bus=bus, address=address, lease_seconds=lease_seconds, forward_transport=peers
            ),
        )
        if peers is not None:
            peers.apps[address] = self.app
        self.client = TestClient(self.app)
        self.scaled: Scaled = self.app.state.scaled

    def send(self, auth: dict[str, str], command: dict[str, Any], key: str) -> Any:
        return self.client.post(
            "/tables/t/commands",
            json={"command": command},
            headers={**auth, "Idempotency-Key": key},
        )

    def kill(self) -> None:
        """What SIGKILL leaves: its leases not given up (they lapse), its timers and bus
        stopped, its address unreachable."""
        if self.peers is not None:
            self.peers.apps.pop(self.address, None)
        self.scaled.lapse()

    def close(self) -> None:
        if self.peers is not None:
            self.peers.apps.pop(self.address, None)
        self.scaled.close()
        self.app.state.writer.close()
        self.app.state.engine.dispose()


@pytest.fixture
def postgres(db_url: str) -> str:
    if not db_url.startswith("postgresql"):
        pytest.skip("many server processes share PostgreSQL (SQLite is the embedded server)")
    return db_url


def _frames_in_order(frames: list[dict[str, Any]]) -> None:
    """Each frame a later state than the one before: never the same twice, never back."""
    keys = [
        (m["data"]["round_id"] or "", m["data"]["round_version"] or 0, len(m["data"]["seats"]))
        for m in frames
    ]
    for before, after in itertools.pairwise(keys):
        assert before != after, f"a view sent twice: {keys}"
        if before[0] == after[0]:
            assert before[1] <= after[1], f"a view went back: {keys}"


def _phase(m: dict[str, Any]) -> str | None:
    """The phase a socket's frame shows (``None``: no round, as a frame read before the
    round was opened shows it)."""
    view = m["data"]["view"]
    return None if view is None else str(view["phase"])


def test_a_socket_on_one_process_sees_the_others_changes_through_the_bus(
    postgres: str, nats: NatsServer
) -> None:
    table = GameTable(postgres, "high-roll-dice", 1)
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock)
    socket = Socket(b.client, "t", token(table.players[1]))
    try:
        assert b.app.state.hub.poll_seconds is None  # fed by the bus, no poll
        socket.wait(lambda m: m["data"]["round_id"] is None)
        for n in range(3):
            r = a.send(table.players[1], wager(n), f"w{n}")
            assert r.status_code == 200, r.text
            expected = table.view(table.players[1])
            latency = socket.wait(lambda m, e=expected: m["data"] == e, timeout=5)
            assert latency < 2.0
        assert a.scaled.bus is not None and a.scaled.bus.published >= 3
        # The bus restarts; a change committed while it is down reaches B once it is back
        # (A publishes it again, B reads what it missed from the stored events).
        nats.stop()
        r = a.send(table.players[1], wager(3), "w-down")
        assert r.status_code == 200, r.text
        nats.start()
        expected = table.view(table.players[1])
        socket.wait(lambda m: m["data"] == expected, timeout=10)
        r = a.send(table.players[1], wager(4), "w-after")
        assert r.status_code == 200, r.text
        expected = table.view(table.players[1])
        socket.wait(lambda m: m["data"] == expected, timeout=10)
        assert b.scaled.bus is not None and b.scaled.bus.reconnects >= 1
        time.sleep(0.5)  # nothing more comes: no view sent twice
        _frames_in_order(socket.messages)
        versions = [m["data"]["round_version"] for m in socket.messages[1:]]
        assert versions == sorted(versions) and len(set(versions)) == len(versions) == 5
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()


def _events(table: GameTable) -> int:
    with table.api.engine.connect() as connection:
        return int(
            connection.execute(text("SELECT count(*) FROM events WHERE table_id = 't'")).scalar()
            or 0
        )


def test_a_command_at_a_process_that_does_not_deal_the_table_is_forwarded_to_the_owner(
    postgres: str, nats: NatsServer
) -> None:
    """B forwards the command to A, which deals the table, and returns A's answer; the same
    key sent to either process gets that answer again, nothing done twice."""
    table = GameTable(postgres, "high-roll-dice", 1)
    peers = Peers()
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock, peers=peers)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock, peers=peers)
    try:
        first = a.send(table.players[1], wager(0), "k1")  # A deals t now
        assert first.status_code == 200, first.text
        assert _events(table) == first.json()["round_version"]
        r = b.send(table.players[1], wager(1), "k2")
        assert r.status_code == 200, r.text
        assert r.headers["Croupier-Owner"] == "http://a.example:8000"
        assert r.json()["round_version"] == first.json()["round_version"] + 1
        assert r.json()["balance"] == first.json()["balance"] - 500  # $5 more on the layout
        assert a.app.state.scaled.leases.owned == ["t"] and b.scaled.leases.owned == []
        events = _events(table)
        for process, key, answer in ((b, "k2", r), (a, "k2", r), (b, "k1", first)):
            again = process.send(table.players[1], wager(1 if key == "k2" else 0), key)
            assert again.status_code == 200 and again.json() == answer.json()
        assert _events(table) == events  # three retries: nothing done again
        refused = b.send(table.players[1], wager(1), "k3")  # a wager the rules refuse there
        assert (
            refused.status_code == 422 and "already has a wager on Pip Street two" in refused.text
        )
        assert _events(table) == events
    finally:
        b.close()
        a.close()
        table.api.close()


def test_a_command_for_an_owner_that_cannot_be_reached_is_told_where(
    postgres: str, nats: NatsServer
) -> None:
    table = GameTable(postgres, "high-roll-dice", 1)
    peers = Peers()  # A's address refuses connections: A is not among the peers
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock, peers=peers)
    try:
        assert a.send(table.players[1], wager(0), "k1").status_code == 200  # A deals t now
        before = table.view(table.players[1])
        r = b.send(table.players[1], wager(1), "k2")
        assert r.status_code == MISDIRECTED == 421
        assert r.json()["cite"] == CITE and r.json()["owner"] == "http://a.example:8000"
        assert r.headers["Croupier-Owner"] == "http://a.example:8000"
        assert "dealt by the server at http://a.example:8000" in r.json()["detail"]
        assert table.view(table.players[1]) == before  # nothing done
        assert b.send(table.players[1], wager(0), "k1").status_code == 421  # nor a retry
        assert a.send(table.players[1], wager(1), "k2").status_code == 200
    finally:
        b.close()
        a.close()
        table.api.close()


def test_a_dead_owner_is_taken_over_and_the_round_finishes(postgres: str, nats: NatsServer) -> None:
    """A deals a round and dies (its leases lapse, its timers and bus stop, its address
    refuses connections, as SIGKILL leaves it) before the betting time runs out. B takes
    the table over by itself, its timer closes the betting (no request), the round is
    played to its end at B; the dead owner's stored answer is given back for its key, the
    table never has two open rounds, the ledger sums to zero and the chain verifies. A
    socket dropped before the death and opened again after the round catches up: the
    frames of its two connections, together, never show a version twice or go back."""
    table = GameTable(postgres, "criss-cross-poker", 1, 2, {"betting_seconds": 3})
    peers = Peers()
    a = Process(postgres, nats.url, "http://a.example:8000", lease_seconds=1.5, peers=peers)
    b = Process(postgres, nats.url, "http://b.example:8000", lease_seconds=1.5, peers=peers)
    socket = Socket(b.client, "t", token(table.dealer))
    watcher = Socket(b.client, "t", token(table.players[1]))
    policy = player("criss-cross-poker")
    try:
        command = policy(1, table.view(table.players[1]))
        assert command is not None
        first = a.send(table.players[1], command, "bet")
        assert first.status_code == 200, first.text
        forwarded = b.send(table.players[1], command, "bet")  # to A: its stored answer
        assert forwarded.status_code == 200 and forwarded.json() == first.json()
        round_id = first.json()["round_id"]
        watcher.wait(lambda m: m["data"]["round_id"] == round_id, timeout=5)
        watcher.close()  # the subscriber drops
        before = list(watcher.messages)
        # B's leases' clock stands still at A's death until B's request is answered, so
        # that the request comes before A's lease expires however slow a loaded machine
        # is (with the lease of 1.5 s, a stall of a second after the death was enough
        # for B's renewal turn to take the table over first and run the command).
        assert b.scaled.leases is not None
        dead_at = time.time()
        b.scaled.leases.clock = lambda: dead_at
        a.kill()
        assert a.scaled.leases is not None and a.scaled.leases.owns("t")  # it thinks so
        # A's lease is live at ``dead_at`` (A owns t after it, by the same clock): until
        # it expires B cannot reach the owner: 421, nothing done.
        assert b.send(table.players[1], command, "again").status_code == 421
        b.scaled.leases.clock = time.time
        # B's renewal turn (every lease_seconds / 3) takes the orphaned round over and
        # its timer closes the betting when the three seconds are up. (The dealer's
        # socket may not have been sent the round yet: a frame with no round.)
        socket.wait(lambda m: _phase(m) == "across", timeout=10)
        assert b.scaled.leases is not None and b.scaled.leases.owned == ["t"]
        assert b.scaled.deadlines.fired >= 1
        assert socket.messages[-1]["data"]["round_id"] == round_id
        # The dead owner's answer, for its key, from the new owner: nothing done twice.
        again = b.send(table.players[1], command, "bet")
        assert again.status_code == 200 and again.json() == first.json()
        with table.api.engine.connect() as connection:
            open_rounds = connection.execute(
                text("SELECT count(*) FROM rounds WHERE table_id = 't' AND status = 'open'")
            ).scalar()
        assert open_rounds == 1
        for n in range(40):  # the round played to its end at its new owner
            view = table.view(table.players[1])
            if view["round_id"] == round_id and view["round_status"] != "open":
                break
            step = policy(1, view)
            if step is None:
                time.sleep(0.1)
                continue
            r = b.send(table.players[1], step, f"after-{n}")
            assert r.status_code == 200, r.text
        assert view["round_status"] == "completed", view
        replay = table.replay(round_id)
        assert [e["index"] for e in replay["events"]] == list(range(replay["version"]))
        verified = table.api.client.get("/tables/t/verify", headers=table.api.admin).json()
        assert verified["ok"], verified
        ledger = table.api.ledger()
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
        # The subscriber comes back: its first frame is the round as stored, at its last
        # version; nothing it saw is shown again.
        back = Socket(b.client, "t", token(table.players[1]))
        try:
            back.wait(lambda m: m["data"]["round_version"] == replay["version"], timeout=5)
            time.sleep(0.3)
            frames = before + back.messages
            assert len(back.messages) == 1
            _frames_in_order(frames)
            assert frames[-1]["data"]["round_status"] == "completed"
        finally:
            back.close()
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()


def test_a_table_taken_by_a_command_has_its_deadline_kept(postgres: str, nats: NatsServer) -> None:
    """A deals a round and dies with the betting open, its lease rows gone (deleted by an
    operator: no takeover turn will find the table). A command at B that the rules refuse
    (seat 1's player wagering for position 2, where nobody sits, 674a.7(b): nothing done,
    nothing committed) makes B the table's dealer, and B's timer closes the betting when
    its time is up, with no other request."""
    table = GameTable(postgres, "criss-cross-poker", 1, 2, {"betting_seconds": 2})
    peers = Peers()
    a = Process(postgres, nats.url, "http://a.example:8000", peers=peers)
    b = Process(postgres, nats.url, "http://b.example:8000", peers=peers)
    socket = Socket(b.client, "t", token(table.dealer))
    try:
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        assert command is not None
        first = a.send(table.players[1], command, "bet")
        assert first.status_code == 200, first.text
        a.kill()
        with table.api.engine.begin() as connection:
            connection.execute(text("DELETE FROM table_leases"))
            connection.execute(
                text("DELETE FROM lease_holders WHERE address = :a"), {"a": a.address}
            )
        other = b.send(table.players[1], {**command, "seat": 2}, "other")
        assert other.status_code == 409 and "(674a.7(b))" in other.json()["detail"], other.text
        assert "Croupier-Owner" not in other.headers  # answered by B, not forwarded
        assert b.scaled.leases is not None and b.scaled.leases.owned == ["t"]
        socket.wait(lambda m: _phase(m) == "across", timeout=10)
        assert b.scaled.deadlines.fired == 1
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()


def test_a_clean_stop_gives_the_tables_over_at_once(postgres: str, nats: NatsServer) -> None:
    """A deals a round and stops cleanly (its app's lifespan ends) with the betting open;
    its lease would hold a minute more and B's own turn is twenty seconds away. B takes
    the table over at once, told on the bus: it deals the table, and its timer closes the
    betting when its time is up, with no request to B."""
    table = GameTable(postgres, "criss-cross-poker", 1, 2, {"betting_seconds": 2})
    a = Process(postgres, nats.url, "http://a.example:8000", lease_seconds=60)
    b = Process(postgres, nats.url, "http://b.example:8000", lease_seconds=60)
    socket = Socket(b.client, "t", token(table.dealer))
    try:
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        assert command is not None
        assert a.send(table.players[1], command, "bet").status_code == 200
        assert b.scaled.leases is not None and b.scaled.leases.owned == []
        with a.client:  # the lifespan runs and ends: a clean stop (SIGTERM's)
            pass
        socket.wait(lambda m: _phase(m) == "across", timeout=10)
        assert b.scaled.leases.owned == ["t"]
        assert b.scaled.deadlines.fired == 1
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()


def test_a_deadline_due_while_the_owners_lease_has_lapsed_is_still_timed(
    postgres: str, nats: NatsServer
) -> None:
    """B deals a round; its renewal turn stalls past its lease (a paused process, the
    database away a while) and nobody takes the table meanwhile. The betting time runs
    out then: B's timer closes it, and the decisions' deadlines after it are still
    B's to time: once the turn comes the round is played to its end by the clock, with
    no request (each of seat 1's decisions timed out)."""
    table = GameTable(
        postgres, "criss-cross-poker", 1, 2, {"betting_seconds": 3, "decision_seconds": 0.5}
    )
    b = Process(postgres, nats.url, "http://b.example:8000", lease_seconds=1.5)
    leases = b.scaled.leases
    assert leases is not None
    renew, stalled = leases.renew, threading.Event()

    def late() -> list[str]:
        stalled.wait(30)
        return renew()

    socket = Socket(b.client, "t", token(table.dealer))
    try:
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        assert command is not None
        assert b.send(table.players[1], command, "bet").status_code == 200
        deadline = _stored_deadline(table.api.engine)
        assert deadline is not None and leases.owns("t")
        leases.renew = late  # type: ignore[method-assign]  # the next turn stalls
        lapsed = time.time() + leases.seconds
        leases.clock = lambda: max(time.time(), lapsed)  # past its lease at once
        assert not leases.owns("t") and datetime.now(UTC) < deadline  # betting still open
        socket.wait(lambda m: _phase(m) not in (None, "betting"), timeout=10)
        # B's timer closed the betting with the lease lapsed (no request was sent); on a
        # loaded machine the first decision's half second may have run out too before
        # the frame is read, so at least that one deadline has fired (CI, load 22: 2).
        assert b.scaled.deadlines.fired >= 1
        stalled.set()
        socket.wait(lambda m: m["data"]["round_status"] == "completed", timeout=15)
        assert leases.owns("t")
    finally:
        stalled.set()
        socket.close()
        b.close()
        table.api.close()


def test_an_idle_watched_table_costs_no_database_statement(postgres: str, nats: NatsServer) -> None:
    """Sockets open on B at a table A deals, nothing happening: over an idle spell the
    only statements either process sends are its leases' renewal turn (its one holder
    row renewed, the expired holders' tables looked for), whatever the number of sockets
    or tables; none reads a table's events, seats or rounds for the sockets."""
    from sqlalchemy import event

    table = GameTable(postgres, "high-roll-dice", 1)
    a = Process(postgres, nats.url, "http://a.example:8000", lease_seconds=1.5)
    b = Process(postgres, nats.url, "http://b.example:8000", lease_seconds=1.5)
    sockets = [Socket(b.client, "t", token(auth)) for auth in (table.players[1], table.dealer)]
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    try:
        assert a.send(table.players[1], wager(0), "k1").status_code == 200
        for socket in sockets:
            socket.wait(lambda m: m["data"]["round_version"] is not None, timeout=5)
        time.sleep(0.3)  # the last change's reads done
        for process in (a, b):  # and A's read of t's deadline, on taking its lease
            _reads_done(process.scaled.deadlines)
        for process in (a, b):
            event.listen(process.app.state.engine, "before_cursor_execute", count)
        time.sleep(2.0)
        for process in (a, b):
            event.remove(process.app.state.engine, "before_cursor_execute", count)
        assert statements, "the leases are renewed while idle"
        assert [s for s in statements if "lease_holders" not in s] == [], statements
        assert len(statements) <= 2 * 2 * 5  # two processes, 2 a turn, a turn each 0.5 s
        assert [len(socket.messages) for socket in sockets] == [2, 2]  # nothing sent idle
    finally:
        for socket in sockets:
            socket.close()
        b.close()
        a.close()
        table.api.close()


def test_the_embedded_server_neither_polls_nor_sweeps(tmp_path: Path) -> None:
    """One process on SQLite, no bus (``croupier serve``'s default): a command wakes the
    table's sockets at once, and the betting deadline is a timer that closes the betting
    with no request and no poll of the database."""
    table = GameTable(
        f"sqlite:///{tmp_path / 'one.sqlite'}",
        "criss-cross-poker",
        1,
        2,
        {"betting_seconds": 1},
    )
    app = create_app(
        f"sqlite:///{tmp_path / 'one.sqlite'}", migrate=False, rng=SeededRng(3), scale=Scale()
    )
    client = TestClient(app)
    socket = Socket(client, "t", token(table.dealer))
    try:
        assert app.state.hub.poll_seconds is None and app.state.sweep_seconds is None
        assert app.state.scaled.bus is None and app.state.scaled.leases is None
        socket.wait(lambda m: m["data"]["round_id"] is None)
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        assert command is not None
        sent = datetime.now(UTC)
        r = client.post(
            "/tables/t/commands",
            json={"command": command},
            headers={**table.players[1], "Idempotency-Key": "bet"},
        )
        assert r.status_code == 200, r.text
        socket.wait(lambda m: m["data"]["view"] is not None, timeout=2)
        # The socket's read may come after the second of betting on a loaded machine
        # (then its first frame of the round shows the betting closed already); the
        # timer closed it no sooner than a second after the wager, once.
        socket.wait(lambda m: _phase(m) == "across", timeout=5)
        assert datetime.now(UTC) >= sent + timedelta(seconds=1)
        assert app.state.scaled.deadlines.fired == 1
    finally:
        close_embedded(table, app, socket)


def test_a_table_has_one_lease_holder_however_many_ask_at_once(postgres: str) -> None:
    """Eight processes' leases ask for one table at the same instant: one holds it, the
    seven others are told its address; a renewal keeps it; once it has expired (its
    holder gone), another takes it; no row is made for a table that does not exist."""
    import threading

    from sqlalchemy.orm import sessionmaker

    from croupier.server.lease import Leases

    table = GameTable(postgres, "high-roll-dice", 1)
    sessions = sessionmaker(table.api.engine)
    now = [1_000_000.0]
    leases = [
        Leases(sessions, f"p{n}", f"http://p{n}:8000", seconds=10, clock=lambda: now[0])
        for n in range(8)
    ]
    answers: dict[int, str | None] = {}
    start = threading.Barrier(8)

    def ask(n: int) -> None:
        start.wait()
        answers[n] = leases[n].owner_of("t")

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    holders = [n for n, address in answers.items() if address is None]
    assert len(holders) == 1
    holder = holders[0]
    assert {answers[n] for n in range(8) if n != holder} == {f"http://p{holder}:8000"}
    assert leases[holder].owned == ["t"] and leases[holder].renew() == []
    other = (holder + 1) % 8
    now[0] += 9.0  # renewed at +0: still held at +9
    assert leases[other].owner_of("t") == f"http://p{holder}:8000"
    now[0] += 2.0  # expired at +10
    assert leases[other].owner_of("t") is None and leases[other].owns("t")
    assert leases[holder].renew() == ["t"]  # it learns it lost the table
    assert leases[holder].owner_of("t") == f"http://p{other}:8000"
    assert leases[other].owner_of("no-such-table") is None
    with table.api.engine.connect() as connection:
        rows = connection.execute(text("SELECT table_id, owner FROM table_leases")).all()
    assert rows == [("t", f"p{other}")]
    table.api.close()


def test_serve_is_embedded_on_sqlite_and_refuses_a_bus_with_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`croupier serve` on SQLite with one worker is the embedded server (no poll, its
    deadlines timers); with --workers 2 its sockets poll; --bus takes a NATS URL and one
    process per port."""
    import uvicorn
    from typer.testing import CliRunner

    from croupier.cli import app as cli
    from croupier.cli.server import DB_VARIABLE, SCALE_VARIABLE, app_from_environment

    for variable in (DB_VARIABLE, SCALE_VARIABLE):
        monkeypatch.setenv(variable, "")  # restored after the test
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    common = ["serve", "--db", url, "--no-selfcheck", "--no-starter-tables"]
    for given, poll in (([], None), (["--workers", "2"], 0.25)):
        result = CliRunner().invoke(cli, [*common, *given])
        assert result.exit_code == 0, result.output
        app = app_from_environment()
        assert app.state.hub.poll_seconds == poll
        scaled = getattr(app.state, "scaled", None)
        assert (scaled is None) == (poll is not None)
        if scaled is not None:
            assert scaled.bus is None and scaled.leases is None
            scaled.close()
        app.state.writer.close()
        app.state.engine.dispose()
    result = CliRunner().invoke(cli, [*common, "--bus", "nats://127.0.0.1:1", "--workers", "2"])
    assert result.exit_code == 2 and "one process per port" in result.output
    result = CliRunner().invoke(cli, [*common, "--bus", "127.0.0.1:4222"])
    assert result.exit_code == 2 and "nats://HOST:PORT" in result.output


def test_changes_during_a_deadline_read_share_one_read_after_it() -> None:
    """Three changes committed while the table's deadline is being read cost one more
    read, not three, and that read sees the newest deadline (which fires)."""
    now = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)
    stored: dict[str, datetime | None] = {"t": now + timedelta(hours=1)}
    reads: list[datetime | None] = []
    first_read = threading.Event()
    release = threading.Event()

    class Found:
        def __init__(self, value: datetime | None) -> None:
            self.value = value

        def first(self) -> tuple[int, datetime | None]:
            return 0, self.value  # (the table's events, unchanged here; its deadline)

    class FakeSession:
        def __enter__(self) -> FakeSession:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def execute(self, _statement: Any, _values: Any = None) -> Found:
            value = stored["t"]
            reads.append(value)
            if len(reads) == 1:
                first_read.set()
                release.wait(10)
            return Found(value)

    def expire(table_id: str) -> None:
        stored[table_id] = None  # the timeouts applied: no deadline left

    deadlines = Deadlines(FakeSession, expire, lambda: now)  # type: ignore[arg-type]
    try:
        deadlines.arm("t")
        assert first_read.wait(10)
        stored["t"] = now  # due now: committed while the first read is under way
        for _ in range(3):
            deadlines.arm("t")
        queued = threading.Event()
        deadlines._loop.call_soon_threadsafe(queued.set)  # the three arms were handled
        assert queued.wait(10)
        release.set()
        waited = 0
        while (deadlines.fired < 1 or len(reads) < 3) and waited < 1000:
            time.sleep(0.01)
            waited += 1
        time.sleep(0.1)
        # 1: the first read (an hour away); 2: the three changes' one read (due now,
        # fires); 3: the read after the timeouts applied (none left).
        assert reads == [now + timedelta(hours=1), now, None]
        assert deadlines.fired == 1
        assert deadlines.armed == 0
    finally:
        release.set()
        deadlines.close()


class _Flaky:
    """A database whose table ``t`` has the deadline ``stored["t"]``, the first read of
    which fails as a database away for a moment would; every read is counted."""

    def __init__(self, stored: dict[str, datetime | None]) -> None:
        self.stored = stored
        self.reads = 0

    def session(self) -> Any:
        flaky = self

        class Found:
            def __init__(self, value: datetime | None) -> None:
                self.value = value

            def first(self) -> tuple[int, datetime | None]:
                return 0, self.value

        class FlakySession:
            def __enter__(self) -> FlakySession:
                return self

            def __exit__(self, *_: object) -> None:
                return None

            def execute(self, _statement: Any, _values: Any = None) -> Found:
                flaky.reads += 1
                if flaky.reads == 1:
                    raise OSError("connection refused (the database restarting)")
                return Found(flaky.stored["t"])

        return FlakySession()


def test_a_failed_deadline_read_is_tried_again() -> None:
    """The first read of a table's deadline (a takeover's) fails; it is read again after
    a short wait, and the timer it sets fires: the betting does not stay open for good.
    A timeout whose application fails once is applied again, too."""
    now = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)
    flaky = _Flaky({"t": now})  # due now
    applied: list[str] = []

    def expire(table_id: str) -> None:
        applied.append(table_id)
        if len(applied) == 1:
            raise OSError("connection reset (the database restarting)")
        flaky.stored[table_id] = None  # the timeouts applied: no deadline left

    deadlines = Deadlines(flaky.session, expire, lambda: now)
    try:
        deadlines.arm("t")
        for _ in range(1000):
            if flaky.reads >= 4:
                break
            time.sleep(0.01)
        _reads_done(deadlines)
        # Reads: 1 failed; 2 due now (fires, its application fails); 3 after a wait,
        # due still (fires again, applied); 4 none left.
        assert applied == ["t", "t"]
        assert flaky.reads == 4
        assert deadlines.retries == 2
        assert deadlines.fired == 2
        assert deadlines.armed == 0
    finally:
        deadlines.close()


def _settled(deadlines: Deadlines) -> None:
    """Wait until the timers' thread has handled what it was told so far."""
    handled = threading.Event()
    deadlines._loop.call_soon_threadsafe(handled.set)
    assert handled.wait(10)


def _reads_done(deadlines: Deadlines) -> None:
    """Wait until the timers' thread has handled what it was told so far and no read of
    a deadline is under way."""
    for _ in range(1000):
        _settled(deadlines)
        if not deadlines._reading:
            return
        time.sleep(0.01)
    raise AssertionError("a deadline read did not end in 10 s")


def _stored_deadline(engine: Any) -> datetime | None:
    with engine.connect() as connection:
        found = connection.execute(
            text("SELECT deadline FROM rounds WHERE table_id = 't' AND status = 'open'")
        ).scalar()
    if isinstance(found, str):  # SQLite's text
        found = datetime.fromisoformat(found)
    return None if found is None else found.replace(tzinfo=found.tzinfo or UTC)


def _statements_beside_the_writer(engine: Any) -> list[tuple[str, str]]:
    """From now on, every statement ``engine`` runs in a thread other than the writer's
    (where the commands run): the thread's name and the statement."""
    from sqlalchemy import event

    seen: list[tuple[str, str]] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        name = threading.current_thread().name
        if not name.startswith("croupier-writer"):
            seen.append((name, statement))

    event.listen(engine, "before_cursor_execute", count)
    return seen


def test_a_commands_deadline_is_timed_with_no_read_and_a_new_owner_keeps_it(
    db_url: str,
) -> None:
    """The betting deadline a command sets (the first wager opens the round, its time runs
    from then) is the owner's timer at once, with no statement reading it back; a second
    wager in the same betting time leaves it where it was. The timer is the stored
    deadline to the microsecond, and nothing fires before it. The owner then stops (as a
    killed one does) and a new one, from the stored rounds alone, reads that deadline
    once, and its timer closes the betting: the round is played to its end."""
    # Six seconds of betting: the two wagers and their checks must end before the timer
    # fires, even on a loaded machine (with two, a CI run at load 5 saw it fire between
    # the second wager and its check: ``due`` was empty, the deadline not yet cleared).
    table = GameTable(db_url, "high-roll-dice", 1, 2, {"betting_seconds": 6})
    first = create_app(db_url, migrate=False, rng=SeededRng(3), scale=Scale())
    client = TestClient(first)
    deadlines: Deadlines = first.state.scaled.deadlines
    second = None
    try:
        _settled(deadlines)
        beside = _statements_beside_the_writer(first.state.engine)
        before = deadlines.reads
        for n in range(2):
            r = client.post(
                "/tables/t/commands",
                json={"command": wager(n)},
                headers={**table.players[1], "Idempotency-Key": f"w{n}"},
            )
            assert r.status_code == 200, r.text
            _settled(deadlines)
            stored = _stored_deadline(table.api.engine)
            assert stored is not None
            if n == 0:
                set_by_first = stored
            assert stored == set_by_first  # the betting time runs from the first wager
            assert deadlines.due == {"t": stored}  # taken from the command
        assert beside == [] and deadlines.reads == before  # no read: not the timer's
        assert deadlines.fired == 0 and datetime.now(UTC) < set_by_first
        # The owner stops without a word; another takes the table over from the store.
        first.state.scaled.lapse()
        first.state.writer.close()
        first.state.engine.dispose()
        second = create_app(db_url, migrate=False, rng=SeededRng(4), scale=Scale())
        taken: Deadlines = second.state.scaled.deadlines
        waited = 0
        while not (taken.due or taken.fired) and waited < 500:  # its read done
            time.sleep(0.01)
            waited += 1
        assert taken.reads == 1
        if taken.fired == 0:  # not yet due (a slow machine may be past it already)
            assert taken.due == {"t": set_by_first}
        waited = 0
        while _stored_deadline(table.api.engine) is not None and waited < 2000:
            time.sleep(0.01)
            waited += 1
        assert taken.fired == 1
        assert datetime.now(UTC) >= set_by_first
        view = table.view(table.players[1])
        assert view["round_status"] == "completed", view
    finally:
        if second is not None:
            second.state.scaled.close()
            second.state.writer.close()
            second.state.engine.dispose()
        else:
            first.state.scaled.close()
            first.state.writer.close()
            first.state.engine.dispose()
        table.api.close()


def test_a_commands_notice_is_published_from_its_write_with_no_read(
    postgres: str, nats: NatsServer
) -> None:
    """A deals the table, a socket on B watches it. Commands at A are published with
    the events each left (no statement at A but the commands' own, in its writer, and its
    leases' turn); B's socket is sent each state once, in order. A seat taken at A (no
    command: its signature read after the commit) reaches B's socket too, and a socket
    dropped and opened again at B catches up from the stored events: one frame, the table
    as stored, nothing shown twice."""
    table = GameTable(postgres, "high-roll-dice", 1)
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock)
    socket = Socket(b.client, "t", token(table.players[1]))
    try:
        socket.wait(lambda m: m["data"]["round_id"] is None)
        beside: list[tuple[str, str]] = []
        for n in range(4):
            if n == 1:  # A holds the table's lease now (the first command took it)
                _reads_done(a.scaled.deadlines)  # the table's deadline read on taking it
                beside = _statements_beside_the_writer(a.app.state.engine)
            r = a.send(table.players[1], wager(n), f"w{n}")
            assert r.status_code == 200, r.text
            expected = table.view(table.players[1])
            socket.wait(lambda m, e=expected: m["data"] == e, timeout=5)
        assert a.scaled.bus is not None and a.scaled.bus.published == 4
        assert [s for s in beside if "lease_holders" not in s[1]] == []
        _, newcomer = table.api.player("nell", deposit=10_000)
        r = a.client.post("/tables/t/seats", json={"seat": 2}, headers=newcomer)
        assert r.status_code == 201, r.text
        socket.wait(lambda m: len(m["data"]["seats"]) == 2, timeout=5)
        assert a.scaled.bus.published == 5
        time.sleep(0.3)  # nothing more comes
        _frames_in_order(socket.messages)
        assert len(socket.messages) == 6  # the empty table, four wagers, the seat
        socket.close()
        back = Socket(b.client, "t", token(table.players[1]))
        try:
            back.wait(lambda m: len(m["data"]["seats"]) == 2, timeout=5)
            time.sleep(0.3)
            assert len(back.messages) == 1
            assert back.messages[0]["data"] == table.view(table.players[1])
        finally:
            back.close()
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()
