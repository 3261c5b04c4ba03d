"""Several server processes on one database: real ``croupier serve`` processes, not apps.

Two processes take commands for the same table at once. The table's row lock (PostgreSQL
``SELECT ... FOR UPDATE``), the compare-and-set on the chain head and on the round's
version, and the unique index on a table's open round (migration 0004) must leave: one
open round at a time, every wager stored exactly once (a retry under its key answers
the first answer), a hash chain with no gap or fork, and a ledger that sums to zero.
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_api import TEN_DICE
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger import repository as repo
from croupier.ledger.db import make_engine, upgrade

CROUPIER = str(Path(sys.executable).with_name("croupier"))
SPOTS = ("pip_street:ace", "pip_street:six", "pip_street:three")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``croupier serve`` in a subprocess on ``db_url`` (restartable, killable)."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.log = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 60) -> None:
        """Start it and wait up to ``wait`` seconds for it to answer."""
        command = [
            CROUPIER,
            "serve",
            "--db",
            self.db_url,
            "--port",
            str(self.port),
            "--no-starter-tables",
            # The checkout's files may differ from its manifest while it is worked on
            # (tests/server/test_selfcheck.py checks a built copy).
            "--no-selfcheck",
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*command, "--no-access-log"], stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            try:
                httpx.get(f"{self.base}/players/me", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError(f"the server did not start in {wait:g} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, whatever was in flight is cut."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def bootstrap_admin(db_url: str) -> dict[str, str]:
    engine = make_engine(db_url)
    upgrade(engine)
    with Session(engine) as session:
        _, token = repo.create_player(session, "admin", "admin")
        session.commit()
    engine.dispose()
    return {"Authorization": f"Bearer {token}"}


def setup_table(
    client: httpx.Client, admin: dict[str, str], seats: int, deposit: int
) -> tuple[dict[str, str], dict[int, tuple[str, dict[str, str]]]]:
    """A High Roll Dice table ``hrd`` with ``seats`` seated players (each ``deposit``
    cents) and a dealer; returns the dealer's headers and seat -> (player id, headers)."""
    r = client.post(
        "/tables", json={"id": "hrd", "rules_toml": TEN_DICE.read_text()}, headers=admin
    )
    assert r.status_code == 201, r.text
    r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin)
    dealer = {"Authorization": f"Bearer {r.json()['token']}"}
    players = {}
    for seat in range(1, seats + 1):
        r = client.post("/players", json={"name": f"p{seat}"}, headers=admin)
        pid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        r = client.post(
            f"/players/{pid}/deposits",
            json={"amount": deposit},
            headers={**admin, "Idempotency-Key": f"deposit-{seat}"},
        )
        assert r.status_code == 201, r.text
        r = client.post("/tables/hrd/seats", json={"seat": seat}, headers=auth)
        assert r.status_code == 201, r.text
        players[seat] = (pid, auth)
    return dealer, players


def command(
    client: httpx.Client, auth: dict[str, str], body: dict[str, Any], key: str
) -> httpx.Response:
    return client.post(
        "/tables/hrd/commands",
        json={"command": body},
        headers={**auth, "Idempotency-Key": key},
        timeout=60,
    )


def stored_events(db_url: str) -> list[dict[str, Any]]:
    engine = create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT round_id, type, body FROM events ORDER BY seq")
        ).all()
    engine.dispose()
    import json

    return [{"round_id": r[0], "type": r[1], **json.loads(r[2])} for r in rows]


@pytest.mark.slow
def test_two_processes_never_open_two_rounds_nor_lose_a_wager(db_url: str, tmp_path: Path) -> None:
    """Six players wager at once through two server processes, each wager sent to a
    random process and retried (same key, maybe the other process) until it answers;
    the dealer closes each round through either. Four rounds."""
    admin = bootstrap_admin(db_url)
    servers = [ServerProcess(db_url, tmp_path / f"server-{i}.log") for i in (1, 2)]
    choose = random.Random(7)
    try:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(ServerProcess.start, servers))
        clients = [httpx.Client(base_url=s.base) for s in servers]
        dealer, players = setup_table(clients[0], admin, seats=6, deposit=100_000)
        placed: dict[str, dict[str, Any]] = {}

        def wager(job: tuple[int, int, str, int]) -> dict[str, Any]:
            number, seat, spot, first = job
            body = {"type": "PlaceWager", "seat": seat, "spot": spot, "amount": 500}
            key = f"r{number}-s{seat}"
            for attempt in range(30):
                r = command(clients[(first + attempt) % 2], players[seat][1], body, key)
                if r.status_code == 200:
                    answer: dict[str, Any] = r.json()
                    return answer
                assert r.status_code == 409, r.text
                assert r.json()["cite"] == "server:optimistic-concurrency", r.text
            raise AssertionError(f"wager {key} refused 30 times")

        for number in range(4):
            jobs = [(number, seat, choose.choice(SPOTS), choose.randrange(2)) for seat in players]
            with ThreadPoolExecutor(len(jobs)) as pool:
                answers = list(pool.map(wager, jobs))
            rounds = {a["round_id"] for a in answers}
            assert rounds == {f"hrd-{number + 1}"}, rounds  # all in one round, opened once
            for (_, seat, _, _), answer in zip(jobs, answers, strict=True):
                placed[f"r{number}-s{seat}"] = answer
            # The same keys again, through the other process: the first answers, nothing new.
            again = command(
                clients[1],
                players[1][1],
                {"type": "PlaceWager", "seat": 1, "spot": jobs[0][2], "amount": 500},
                f"r{number}-s1",
            )
            assert again.status_code == 200 and again.json() == placed[f"r{number}-s1"]
            r = command(clients[number % 2], dealer, {"type": "AnnounceNoMoreBets"}, f"n{number}")
            assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
        for client in clients:
            client.close()
    finally:
        for server in servers:
            server.stop()
    events = stored_events(db_url)
    wagers = Counter((e["round_id"], e["seat"]) for e in events if e["type"] == "WagerPlaced")
    assert wagers == Counter({(f"hrd-{n + 1}", seat): 1 for n in range(4) for seat in players})
    engine = create_engine(db_url)
    with engine.connect() as connection:
        statuses = connection.execute(text("SELECT status, count(*) FROM rounds GROUP BY status"))
        assert dict(statuses.all()) == {"completed": 4}
        total = connection.execute(text("SELECT sum(balance) FROM accounts")).scalar_one()
        lines = connection.execute(text("SELECT sum(amount) FROM posting_lines")).scalar_one()
        assert (total, lines) == (0, 0)
        # Every wallet: its deposit, less its wagers, plus what the settlements returned.
        wallets = dict(
            connection.execute(
                text("SELECT player_id, balance FROM accounts WHERE kind = 'wallet'")
            ).all()
        )
    engine.dispose()
    seats = {seat: pid for seat, (pid, _) in players.items()}
    expected = dict.fromkeys(seats.values(), 100_000)
    for e in events:
        if e["type"] == "WagerPlaced":
            expected[seats[e["seat"]]] -= e["amount"]
        elif e["type"] == "WagerSettled":
            expected[seats[e["seat"]]] += e["returned"] + e["won"]
    assert {pid: wallets[pid] for pid in expected} == expected
    verify = CliRunner().invoke(cli, ["verify", "hrd", "--db", db_url])
    assert verify.exit_code == 0, verify.output


def test_the_database_refuses_a_second_open_round(db_url: str) -> None:
    """Whatever two writers read, the unique index on (table, open) refuses the second
    open round of a table (migration 0004); a completed round does not count."""
    bootstrap_admin(db_url)
    engine = make_engine(db_url)
    rules_json = '{"game":"high-roll-dice"}'
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, rules_json, rules_sha256, minimum_wager, "
                "maximum_wager, event_count, head_hash, created_at) VALUES "
                "('t', 'high-roll-dice', :rules, :sha, 500, 50000, 0, :head, "
                "CURRENT_TIMESTAMP)"
            ),
            {"rules": rules_json, "sha": "0" * 64, "head": "0" * 64},
        )
    insert = text(
        "INSERT INTO rounds (id, table_id, number, version, status, opened_at) "
        "VALUES (:id, 't', :number, 0, :status, CURRENT_TIMESTAMP)"
    )
    with engine.begin() as connection:
        connection.execute(insert, {"id": "t-1", "number": 1, "status": "completed"})
        connection.execute(insert, {"id": "t-2", "number": 2, "status": "open"})
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(insert, {"id": "t-3", "number": 3, "status": "open"})
    engine.dispose()


def test_process_cache_never_serves_another_database(migrated_sqlite: Callable[[str], str]) -> None:
    """Two databases in one process hold rounds with the same id; each engine has its own
    cache, so a command at one never starts from the other's round."""
    from server_api import Api

    from croupier.rng import SeededRng

    first = Api(migrated_sqlite("a.sqlite"), rng=SeededRng(1))
    second = Api(migrated_sqlite("b.sqlite"), rng=SeededRng(2))
    try:
        for api, spot in ((first, "pip_street:ace"), (second, "pip_street:six")):
            api.table()
            _, auth = api.player("ann", deposit=10_000)
            api.sit(auth, 1)
            r = api.wager(auth, 1, spot, 500)
            assert r.status_code == 200 and r.json()["round_id"] == "hrd-1"
            r = api.wager(auth, 1, "like_kind:3", 500)
            assert r.status_code == 200, r.text
            r = api.client.get("/rounds/hrd-1/replay", headers=api.admin)
            placed = [e["event"]["spot"] for e in r.json()["events"] if e["type"] == "WagerPlaced"]
            assert placed == [spot, "like_kind:3"]
    finally:
        first.close()
        second.close()
