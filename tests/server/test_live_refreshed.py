"""Changes no event at a table says reach its live views at once (issue #33, leftovers of
:mod:`croupier.server.live`), with no poll, in the embedded server and across processes:

- a deposit or a withdrawal to the cashier: the player's sockets, at every table, are
  sent his view with the balance after it (read once), and no one else's socket is sent
  anything;
- a wager at one table: the player's sockets at the other tables he watches are sent his
  balance after it (from the command's notice, no read);
- a Rules Submission withdrawn (a table with no version in force offers nothing to
  open a round with): the table's sockets are sent views that offer nothing, read
  again once.

Each frame is the database's view (``GET /view``) at that point, and none is sent twice.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from natsd import NatsServer
from sqlalchemy.orm import Session
from test_games import RULES, START, GameTable
from test_scaleout import Process, close_embedded, nats, postgres, wager
from test_websocket import Socket, token

from croupier.ledger import repository as repo
from croupier.rng import SeededRng
from croupier.server import create_app, service
from croupier.server.live import LiveTables, payload
from croupier.server.scaleout import Scale

__all__ = ["nats", "postgres"]  # fixtures

WITHDRAWAL = {"state": "withdrawn", "reason": "the Board ordered the game closed"}


def _money(client: TestClient, table: GameTable, kind: str, cents: int, key: str) -> None:
    """A deposit or a withdrawal (``kind``, the path's last part) to seat 1's wallet."""
    r = client.post(
        f"/players/{table.ids[1]}/{kind}",
        json={"amount": cents},
        headers={**table.api.admin, "Idempotency-Key": key},
    )
    assert r.status_code == 201, r.text


def _withdraw_rules(client: TestClient, table: GameTable) -> None:
    """Version 1 of the table's Rules Submission, the one in force, withdrawn (the fake
    clock moved past the moment the table was made, by the wall clock, with it)."""
    table.clock.now = datetime.now(UTC)
    r = client.post("/tables/t/rules/versions/1/steps", json=WITHDRAWAL, headers=table.api.admin)
    assert r.status_code == 201 and r.json()["state"] == "withdrawn", r.text


def _settled(*sockets: Socket) -> list[int]:
    """How many frames each socket has, once nothing more comes for 0.3 s."""
    time.sleep(0.3)
    return [len(s.messages) for s in sockets]


def _wagers_offered(frame: dict[str, Any]) -> bool:
    return any(c["command"] == "PlaceWager" for c in frame["data"]["legal_commands"])


def _embedded(tmp_path: Path) -> tuple[GameTable, Any, TestClient]:
    """One process on SQLite with no bus, at a High Roll Dice table with two players."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 2)
    app = create_app(url, migrate=False, rng=SeededRng(3), clock=table.clock, scale=Scale())
    return table, app, TestClient(app)


def test_a_deposit_and_a_withdrawal_reach_the_players_sockets(tmp_path: Path) -> None:
    """Embedded server: seat 1 is sent a frame with $25.00 more, then $7.00 less; seat 2
    is sent nothing; each of seat 1's frames is his stored view."""
    table, app, client = _embedded(tmp_path)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    try:
        one.wait(lambda m: m["data"]["balance"] == START)
        two.wait(lambda m: m["data"]["balance"] == START)
        before = _settled(one, two)
        _money(client, table, "deposits", 2_500, "d1")
        one.wait(lambda m: m["data"]["balance"] == START + 2_500)
        assert one.messages[-1]["data"] == table.view(table.players[1])
        _money(client, table, "withdrawals", 700, "w1")
        one.wait(lambda m: m["data"]["balance"] == START + 2_500 - 700)
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert _settled(one, two) == [before[0] + 2, before[1]]  # each once; seat 2 nothing
    finally:
        close_embedded(table, app, one, two)


def test_a_wager_at_one_table_reaches_the_players_view_of_another(tmp_path: Path) -> None:
    """Embedded server: seat 1 watches table t and, as a spectator, table u; his $5.00
    wager at t is shown at u too, once, as $5.00 less, with no read at u."""
    table, app, client = _embedded(tmp_path)
    body = {"id": "u", **RULES["high-roll-dice"], "settings": {}}
    assert table.api.client.post("/tables", json=body, headers=table.api.admin).status_code == 201
    at_t = Socket(client, "t", token(table.players[1]))
    at_u = Socket(client, "u", token(table.players[1]))
    live = app.state.hub.live
    try:
        at_t.wait(lambda m: m["data"]["balance"] == START)
        at_u.wait(lambda m: m["data"]["balance"] == START)
        before, loads = _settled(at_u), live.loads
        r = client.post(
            "/tables/t/commands",
            json={"command": wager(0)},
            headers={**table.players[1], "Idempotency-Key": "w0"},
        )
        assert r.status_code == 200, r.text
        at_u.wait(lambda m: m["data"]["balance"] == START - 500)
        r = table.api.client.get("/tables/u/view", headers=table.players[1])
        assert at_u.messages[-1]["data"] == r.json()
        assert _settled(at_u) == [before[0] + 1] and live.loads == loads
    finally:
        close_embedded(table, app, at_t, at_u)


def test_a_withdrawn_rules_submission_reaches_the_tables_sockets(tmp_path: Path) -> None:
    """Embedded server: with version 1 withdrawn no version is in force, so the table
    offers no wager to either player; each socket is sent that once."""
    table, app, client = _embedded(tmp_path)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    try:
        one.wait(_wagers_offered)
        two.wait(_wagers_offered)
        before = _settled(one, two)
        _withdraw_rules(client, table)
        one.wait(lambda m: m["data"]["legal_commands"] == [])
        two.wait(lambda m: m["data"]["legal_commands"] == [])
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert two.messages[-1]["data"] == table.view(table.players[2])
        assert _settled(one, two) == [before[0] + 1, before[1] + 1]
    finally:
        close_embedded(table, app, one, two)


@contextlib.contextmanager
def _two_processes(
    postgres: str, nats: NatsServer
) -> Iterator[tuple[GameTable, Process, Process, Socket, Socket]]:
    """A High Roll Dice table with two players; process A takes their money and rules, B
    holds seat 1's and seat 2's sockets."""
    table = GameTable(postgres, "high-roll-dice", 2)
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock)
    one = Socket(b.client, "t", token(table.players[1]))
    two = Socket(b.client, "t", token(table.players[2]))
    try:
        yield table, a, b, one, two
    finally:
        one.close()
        two.close()
        b.close()
        a.close()
        table.api.close()


def test_a_deposit_at_one_process_reaches_the_players_socket_at_another(
    postgres: str, nats: NatsServer
) -> None:
    """A takes the deposit, B holds the players' sockets: B's seat 1 socket is sent the
    balance $25.00 higher (B reads the balance, not the table), seat 2's nothing."""
    with _two_processes(postgres, nats) as (table, a, b, one, two):
        live = b.app.state.hub.live
        one.wait(lambda m: m["data"]["balance"] == START)
        two.wait(lambda m: m["data"]["balance"] == START)
        before, loads = _settled(one, two), live.loads
        _money(a.client, table, "deposits", 2_500, "d1")
        one.wait(lambda m: m["data"]["balance"] == START + 2_500)
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert _settled(one, two) == [before[0] + 1, before[1]]
        assert live.loads == loads  # the table kept was not read again


def test_a_rules_withdrawal_at_one_process_reaches_the_sockets_at_another(
    postgres: str, nats: NatsServer
) -> None:
    """A takes the withdrawal of version 1, B holds the sockets: each is sent, once, a
    view that offers no wager, the table read again once at B."""
    with _two_processes(postgres, nats) as (table, a, b, one, two):
        live = b.app.state.hub.live
        one.wait(_wagers_offered)
        two.wait(_wagers_offered)
        before, loads = _settled(one, two), live.loads
        _withdraw_rules(a.client, table)
        one.wait(lambda m: m["data"]["legal_commands"] == [])
        two.wait(lambda m: m["data"]["legal_commands"] == [])
        assert one.messages[-1]["data"] == table.view(table.players[1])
        assert two.messages[-1]["data"] == table.view(table.players[2])
        assert _settled(one, two) == [before[0] + 1, before[1] + 1]
        assert live.loads == loads + 1


def test_a_table_disabled_during_a_round_reaches_its_sockets(tmp_path: Path) -> None:
    """Embedded server: the operator disables the table while seat 1's round is open; both
    seats' sockets are sent at once, with no poll, that this round is the last before the
    table closes, and why (GLI-19 2.4.1); each frame is the stored view (GET /view); once
    the operator enables it again they are sent that it is not."""
    table, app, client = _embedded(tmp_path)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    try:
        for socket in (one, two):
            socket.wait(_wagers_offered)
        r = client.post(
            "/tables/t/commands",
            json={"command": wager(0)},
            headers={**table.players[1], "Idempotency-Key": "w0"},
        )
        assert r.status_code == 200, r.text
        for socket in (one, two):
            socket.wait(lambda m: m["data"]["round_status"] == "open")
            assert socket.messages[-1]["data"].get("last_round", "") == ""
        body = {"thing": "table", "subject": "t", "disabled": True, "reason": "a spill"}
        r = client.post("/disabled", json=body, headers=table.api.admin)
        assert r.status_code == 200, r.text
        for n, socket in ((1, one), (2, two)):
            socket.wait(lambda m: m["data"].get("last_round", "").startswith(
                "This round is the last before the table closes: the operator has closed "
                "the table for play: a spill."
            ))  # fmt: skip
            assert socket.messages[-1]["data"] == table.view(table.players[n])
        body = {**body, "disabled": False, "reason": ""}
        r = client.post("/disabled", json=body, headers=table.api.admin)
        assert r.status_code == 200, r.text
        for socket in (one, two):
            socket.wait(lambda m: m["data"]["last_round"] == "")
    finally:
        close_embedded(table, app, one, two)


class _Running:
    """The time of day, moved on by ``ahead`` (the time a test lets pass at once)."""

    def __init__(self) -> None:
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead


def test_a_suspension_that_runs_out_reaches_the_players_socket(tmp_path: Path) -> None:
    """Embedded server: seat 1 suspended for 1 hour (the least 814a.2's form takes), then
    the clock moved on to 2 s before its end; his socket, opened then, says his play is
    suspended and offers no wager. With no command and no change stored, once the hour
    has passed his socket is sent his view offering the wager again, saying nothing held
    (the server's timer of the suspension's end); seat 2's socket is sent nothing."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 2)
    clock = _Running()
    app = create_app(url, migrate=False, rng=SeededRng(3), clock=clock, scale=Scale())
    client = TestClient(app)
    body = {"status": "suspended", "hours": 1}
    r = client.post(f"/players/{table.ids[1]}/status", json=body, headers=table.api.admin)
    assert r.status_code == 200, r.text
    clock.ahead = timedelta(hours=1, seconds=-2)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    try:
        one.wait(lambda m: "your play is suspended until" in m["data"]["betting_held"].lower())
        assert one.messages[-1]["data"]["legal_commands"] == []
        two.wait(_wagers_offered)
        before = _settled(two)
        one.wait(lambda m: m["data"]["betting_held"] == "" and _wagers_offered(m), timeout=6)
        r = client.get("/tables/t/view", headers=table.players[1])
        assert one.messages[-1]["data"] == r.json()
        assert _settled(two) == before
        assert app.state.scaled.expiries.fired >= 1
    finally:
        close_embedded(table, app, one, two)


def _kept_balances(tmp_path: Path) -> tuple[GameTable, Any, Any, Any]:
    """A High Roll Dice table on SQLite, the process's :class:`LiveTables`, seat 1's
    player (detached) and a ``reading`` that opens a session and counts its reads."""
    table = GameTable(f"sqlite:///{tmp_path / 'one.sqlite'}", "high-roll-dice", 2)
    with Session(table.api.engine) as session:
        someone = repo.player_by_token(session, token(table.players[1]))
    reads: list[int] = []

    @contextlib.contextmanager
    def reading() -> Iterator[Session]:
        reads.append(1)
        with Session(table.api.engine) as session:
            yield session

    reading.reads = reads  # type: ignore[attr-defined]
    return table, LiveTables(), someone, reading


def _wallet_notice(player_id: str, cents: int, moves: int) -> dict[str, Any]:
    """A command's notice that moved only ``player_id``'s wallet (no events)."""
    return {"balances": {player_id: cents}, "moves": {player_id: moves}}


def test_an_older_balance_heard_after_a_newer_one_is_not_shown(tmp_path: Path) -> None:
    """Seat 1's wallet after his one deposit of START: count of moves 1. His balance is
    kept as read; then two wallet updates are heard out of order, the newer (count 3,
    $7.00 less) first, the older (count 2, $5.00 less) after it: his view shows $7.00
    less, read from no session, and the older update is not news."""
    table, live, someone, reading = _kept_balances(tmp_path)
    now = table.clock()
    with Session(table.api.engine) as session:
        assert service.wallet_of(session, someone.id) == (START, 1)
    shown, _ = live.view(someone, "t", now, reading)
    assert shown[2] == START
    seq = shown[0]
    assert live.told("t", seq, None, _wallet_notice(someone.id, START - 700, 3)) == [someone.id]
    assert live.told("t", seq, None, _wallet_notice(someone.id, START - 500, 2)) == []
    reads = len(reading.reads)
    shown, seen = live.view(someone, "t", now, reading)
    assert (shown[2], seen["balance"]) == (START - 700, START - 700)
    assert len(reading.reads) == reads  # from memory
    table.api.close()


def test_a_balance_read_before_a_write_it_overlaps_is_not_kept(tmp_path: Path) -> None:
    """Seat 1's balance is read for his first view while a $25.00 deposit commits: the
    read sees START (before it), the deposit's notice (count of moves 2) is heard before
    the read ends. His next view reads his balance again and shows START + $25.00, as
    stored, and keeps it."""
    table, live, someone, reading = _kept_balances(tmp_path)
    now = table.clock()
    first = reading

    @contextlib.contextmanager
    def overlapped() -> Iterator[Session]:
        with first() as session:
            live.told("t", None, None, _wallet_notice(someone.id, START + 2_500, 2))
            yield session

    shown, _ = live.view(someone, "t", now, overlapped)
    assert shown[2] == START  # what the read saw, shown once
    with Session(table.api.engine) as session:
        repo.deposit(session, someone.id, 2_500)
        session.commit()
    shown, seen = live.view(someone, "t", now, reading)
    assert (shown[2], seen["balance"]) == (START + 2_500, START + 2_500)
    reads = len(reading.reads)
    assert live.view(someone, "t", now, reading)[0][2] == START + 2_500
    assert len(reading.reads) == reads  # kept
    table.api.close()


TEN_DOLLARS = RULES["high-roll-dice"]["rules_toml"].replace(
    "minimum_wager = 500 ", "minimum_wager = 1_000 "
)
APPROVAL = {"approved_by": "a Board reviewer", "approval_reference": "BR-2026-118"}


def _lowest(frame: dict[str, Any]) -> int | None:
    """The least wager a frame's view offers (cents; ``None``: none offered)."""
    for command in frame["data"]["legal_commands"]:
        if command["command"] == "PlaceWager":
            return int(command["fields"]["amount"]["low"])
    return None


def test_a_rules_version_that_takes_effect_later_reaches_the_tables_sockets(
    tmp_path: Path,
) -> None:
    """Embedded server: a version of the table's Rules Submission with a $10 minimum
    wager is filed, approved, to take effect 2 s later. Until then seat 1's socket
    offers the $5 minimum; with no command and no change stored once that moment has
    passed, his socket and seat 2's are each sent their view offering $10 (the server's
    timer of the moment), each the stored view."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 2)
    clock = _Running()
    app = create_app(url, migrate=False, rng=SeededRng(3), clock=clock, scale=Scale())
    client = TestClient(app)
    one = Socket(client, "t", token(table.players[1]))
    two = Socket(client, "t", token(table.players[2]))
    try:
        one.wait(_wagers_offered)
        two.wait(_wagers_offered)
        before = one.messages[-1]["data"]["legal_commands"]
        assert _lowest(one.messages[-1]) == 500
        moment = clock() + timedelta(seconds=2)
        body = {"rules_toml": TEN_DOLLARS, **APPROVAL, "effective_at": moment.isoformat()}
        r = client.post("/tables/t/rules/versions", json=body, headers=table.api.admin)
        assert r.status_code == 201 and r.json()["state"] == "approved", r.text
        time.sleep(0.5)
        assert one.messages[-1]["data"]["legal_commands"] == before  # not yet in force
        for socket, seat in ((one, 1), (two, 2)):
            socket.wait(lambda m: _lowest(m) == 1_000, timeout=6)
            r = client.get("/tables/t/view", headers=table.players[seat])
            assert socket.messages[-1]["data"] == r.json()
    finally:
        close_embedded(table, app, one, two)


def test_each_move_of_a_wallet_raises_its_count(db_url: str) -> None:
    """Seat 1's wallet, on SQLite and PostgreSQL (each writes a command its own way):
    one deposit of START when his account opened, count of moves 1; his $5.00 wager, a
    command, START - $5.00 at count 2, which the command's notice carries; a $7.00
    withdrawal to the cashier, START - $12.00 at count 3."""
    table = GameTable(db_url, "high-roll-dice", 1)
    heard: list[dict[str, Any]] = []
    hub = table.api.app.state.hub
    hub.listeners.append(lambda _table, written: heard.append(payload(written) or {}))
    someone = table.ids[1]
    with Session(table.api.engine) as session:
        assert service.wallet_of(session, someone) == (START, 1)
    table.send(1, wager(0))
    with Session(table.api.engine) as session:
        assert service.wallet_of(session, someone) == (START - 500, 2)
    assert [(n["balances"], n["moves"]) for n in heard if n.get("balances")] == [
        ({someone: START - 500}, {someone: 2})
    ]
    _money(table.api.client, table, "withdrawals", 700, "w1")
    with Session(table.api.engine) as session:
        assert service.wallet_of(session, someone) == (START - 1_200, 3)
    table.api.close()
