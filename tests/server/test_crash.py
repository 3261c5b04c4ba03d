"""Crash safety: the server is SIGKILLed at random points while a client plays rounds.

After each kill the server is restarted on the same database and every request that had
no answer is sent again with the same ``Idempotency-Key``; a request that had an answer
is sent again too and must get the same answer, byte for byte (a committed command
survives the crash, and is not applied twice). At the end: every round is completed,
or is the table's one open round and can be played on from its stored events; each
wager the client sent is stored exactly once; every wallet equals its deposit less its
wagers plus what the settlements returned (computed here from the stored events); the
ledger sums to zero; ``croupier verify`` passes.
"""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from test_concurrency import ServerProcess, bootstrap_admin, setup_table
from typer.testing import CliRunner

from croupier.cli import app as cli

SPOTS = ("pip_street:ace", "pip_street:two", "pip_street:six")
DEPOSIT = 1_000_000


class Player:
    """The client's side of the game: every request with its key, and the first answer
    it got for each key (``None`` while the server never answered)."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.answers: dict[str, Any] = {}
        self.sent: dict[str, tuple[dict[str, str], dict[str, Any]]] = {}

    def send(self, auth: dict[str, str], body: dict[str, Any], key: str) -> Any:
        """The answer's JSON (status, body), or ``None`` when the server did not answer."""
        self.sent[key] = (auth, body)
        try:
            r = httpx.post(
                f"{self.server.base}/tables/hrd/commands",
                json={"command": body},
                headers={**auth, "Idempotency-Key": key},
                timeout=30,
            )
        except httpx.TransportError:
            return None
        answer = (r.status_code, r.json())
        first = self.answers.get(key)
        if first is not None and first[0] == 200:  # stored with its effects: answered again
            assert answer == first, (key, answer, first)
            return answer
        self.answers[key] = answer  # a refusal is judged afresh (nothing was stored)
        return answer


def play_until_killed(
    client: Player,
    dealer: dict[str, str],
    players: dict[int, tuple[str, dict[str, str]]],
    choose: random.Random,
    first_round: int,
    stop: threading.Event,
) -> int:
    """Play rounds (each seat wagers, the dealer closes) until the server stops
    answering; returns the next round number."""
    number = first_round
    while not stop.is_set():
        for seat, (_, auth) in players.items():
            body = {"type": "PlaceWager", "seat": seat, "spot": choose.choice(SPOTS), "amount": 500}
            if client.send(auth, body, f"w{number}-{seat}") is None:
                return number + 1
        if client.send(dealer, {"type": "AnnounceNoMoreBets"}, f"n{number}") is None:
            return number + 1
        number += 1
    return number


def crash_run(db_url: str, tmp_path: Path, kills: int, seed: int) -> None:
    admin = bootstrap_admin(db_url)
    server = ServerProcess(db_url, tmp_path / "server.log")
    server.start()
    choose = random.Random(seed)
    try:
        with httpx.Client(base_url=server.base, timeout=30) as setup:
            dealer, players = setup_table(setup, admin, seats=3, deposit=DEPOSIT)
        client = Player(server)
        number = 0
        for _ in range(kills):
            stop = threading.Event()
            killer = threading.Timer(choose.uniform(0.3, 1.5), server.kill)
            killer.start()
            number = play_until_killed(client, dealer, players, choose, number, stop)
            killer.join()
            server.start()
            # Every request again, same key: an answered one gets its first answer again;
            # an unanswered one is applied now, or answers the answer it had committed.
            for key, (auth, body) in list(client.sent.items()):
                answer = client.send(auth, body, key)
                assert answer is not None
                status, _ = answer
                # A wager sent again into a round that has moved on may be refused.
                assert status in (200, 409, 422), (key, answer)
        # The round left open (if any) plays on from its stored events.
        r = client.send(dealer, {"type": "AnnounceNoMoreBets"}, "final")
        assert r is not None and r[0] in (200, 409), r
        r = httpx.get(f"{server.base}/tables/hrd/view", headers=dealer)
        assert r.status_code == 200, r.text
        assert r.json()["round_status"] in (None, "completed", "voided"), r.json()
    finally:
        server.stop()
    check_ledger(db_url, client, players)
    # `croupier verify` in this process (its start-up is the costly part of a subprocess).
    verify = CliRunner().invoke(cli, ["verify", "hrd", "--db", db_url])
    assert verify.exit_code == 0, verify.output


def check_ledger(
    db_url: str, client: Player, players: dict[int, tuple[str, dict[str, str]]]
) -> None:
    engine = create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT round_id, type, body FROM events ORDER BY seq"))
        events = [{"round_id": r[0], "type": r[1], **json.loads(r[2])} for r in rows]
        counted = connection.execute(text("SELECT status, count(*) FROM rounds GROUP BY status"))
        statuses: Counter[str] = Counter({row[0]: int(row[1]) for row in counted.all()})
        total = connection.execute(text("SELECT sum(balance) FROM accounts")).scalar_one()
        lines = connection.execute(text("SELECT sum(amount) FROM posting_lines")).scalar_one()
        wallets = dict(
            connection.execute(
                text("SELECT player_id, balance FROM accounts WHERE kind = 'wallet'")
            ).all()
        )
    engine.dispose()
    assert (total, lines) == (0, 0)
    assert statuses["open"] == 0 and statuses["completed"] >= 1, statuses
    # Every wager the server accepted (answered 200) is stored exactly once, and nothing
    # else: the stored wagers are exactly the accepted ones.
    accepted: Counter[tuple[str, int]] = Counter()
    for key, answer in client.answers.items():
        if key.startswith("w") and answer is not None and answer[0] == 200:
            placed = [e for e in answer[1]["events"] if e["type"] == "WagerPlaced"]
            assert len(placed) == 1, answer
            accepted[(answer[1]["round_id"], placed[0]["event"]["seat"])] += 1
    stored = Counter((e["round_id"], e["seat"]) for e in events if e["type"] == "WagerPlaced")
    assert stored == accepted
    seats = {seat: pid for seat, (pid, _) in players.items()}
    expected = dict.fromkeys(seats.values(), DEPOSIT)
    for e in events:
        if e["type"] == "WagerPlaced":
            expected[seats[e["seat"]]] -= e["amount"]
        elif e["type"] == "WagerSettled":
            expected[seats[e["seat"]]] += e["returned"] + e["won"]
    assert {pid: wallets[pid] for pid in expected} == expected


def test_a_killed_server_loses_and_doubles_nothing(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    """SQLite, one SIGKILL (the short default run)."""
    # GLI-19 B.3.5: nothing lost or doubled across a restart.
    crash_run(migrated_sqlite("crash.sqlite"), tmp_path, kills=1, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_a_server_killed_many_times_loses_and_doubles_nothing(
    db_url: str, tmp_path: Path, seed: int
) -> None:
    """SQLite and PostgreSQL, five SIGKILLs each."""
    crash_run(db_url, tmp_path, kills=5, seed=seed)
