"""Deadlocks and serialization failures (issue #38): PostgreSQL undid a command's
transaction to break a deadlock on wallet rows, and the server answered a bare 500 (5 of
5,550 requests with two processes). Nothing was stored, but a client could not tell a
deadlock from a crash. The server runs such a request again itself, a bounded number of
times, and then answers 409 saying to try again with the same Idempotency-Key."""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg.errors
import pytest
from server_api import Api
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.ledger.models import WALLET
from croupier.server import service
from croupier.server.writer import RETRIES

STAKE = 500


@pytest.fixture
def table(api: Api) -> tuple[Api, str, dict[str, str]]:
    """A High Roll Dice table with Ann seated and $100 in her wallet."""
    api.table()
    ann_id, ann = api.player("ann", deposit=10_000)
    api.sit(ann, 1)
    return api, ann_id, ann


def test_a_deadlock_on_a_wallet_row_is_run_again_by_the_server(
    table: tuple[Api, str, dict[str, str]], db_url: str
) -> None:
    """A real deadlock: another connection holds Ann's wallet row while her wager waits
    for it with the table's row locked, then asks for the table's row. PostgreSQL undoes
    the wager (its deadlock_timeout is the shorter); the server runs it again once the
    other transaction ends, and Ann gets her answer, the money moved once."""
    if not db_url.startswith("postgresql"):
        pytest.skip("row locks that deadlock: PostgreSQL (SQLite takes one writer at a time)")
    api, ann_id, ann = table
    with Session(api.engine) as session:
        wallet = repo.account(session, WALLET, player_id=ann_id).id
    other = create_engine(db_url)
    answer: dict[str, Any] = {}
    try:
        with other.connect() as connection:
            # This side waits long before looking for a deadlock: the server's is the one
            # PostgreSQL undoes.
            connection.execute(text("SET deadlock_timeout = '20s'"))
            connection.execute(
                text("SELECT balance FROM accounts WHERE id = :w FOR UPDATE"), {"w": wallet}
            )
            sender = threading.Thread(
                target=lambda: answer.update(r=api.wager(ann, 1, "pip_street:two", STAKE))
            )
            sender.start()
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # the wager waits for the wallet's row
                waiting = connection.execute(  # blocked by this connection: the wager
                    text(
                        "SELECT count(*) FROM pg_stat_activity "
                        "WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
                    )
                ).scalar_one()
                if waiting:
                    break
                time.sleep(0.05)
            else:
                pytest.fail("the wager never waited for the wallet's row")
            # The table's row, which the waiting wager holds: a deadlock.
            connection.execute(text("SELECT id FROM tables WHERE id = 'hrd' FOR UPDATE"))
            connection.rollback()
        sender.join(60)
    finally:
        other.dispose()
    r = answer["r"]
    assert r.status_code == 200, r.text
    assert [e["event"]["type"] for e in r.json()["events"]][-1] == "WagerPlaced"
    assert api.app.state.writer.retried >= 1
    assert api.wallets()[ann_id] == 10_000 - STAKE  # moved once
    assert api.ledger()["total"] == 0


def _deadlocking(monkeypatch: pytest.MonkeyPatch, times: int) -> list[int]:
    """Make the next ``times`` commands fail as PostgreSQL's driver fails a deadlock's
    victim (psycopg's DeadlockDetected, SQLSTATE 40P01), after the command was handled
    and before anything is stored; returns the count of commands handled."""
    handled = [0]
    real = service.handle_command

    def handle(*args: Any, **kwargs: Any) -> Any:
        handled[0] += 1
        out = real(*args, **kwargs)
        if handled[0] <= times:
            raise psycopg.errors.DeadlockDetected("deadlock detected")
        return out

    monkeypatch.setattr(service, "handle_command", handle)
    return handled


def test_a_command_undone_by_deadlocks_is_run_again(
    table: tuple[Api, str, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    api, ann_id, ann = table
    handled = _deadlocking(monkeypatch, RETRIES)
    r = api.wager(ann, 1, "pip_street:two", STAKE)
    assert r.status_code == 200, r.text
    assert handled[0] == RETRIES + 1
    assert api.wallets()[ann_id] == 10_000 - STAKE


def test_a_command_undone_every_time_answers_409_try_again(
    table: tuple[Api, str, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the retries: 409 saying what happened and to send it again with the same
    key; nothing stored (no event, posting, balance or stored answer); sent again with
    that key once the deadlocks stop, the wager is placed once."""
    api, ann_id, ann = table
    before = api.snapshot()
    handled = _deadlocking(monkeypatch, RETRIES + 1)
    r = api.wager(ann, 1, "pip_street:two", STAKE, key="the-wager")
    assert r.status_code == 409, r.text
    problem = r.json()
    assert problem["cite"] == "server:try-again"
    assert "deadlock" in problem["detail"] and "nothing was done" in problem["detail"]
    assert "try again, with the same Idempotency-Key" in problem["detail"]
    assert handled[0] == RETRIES + 1
    assert api.snapshot() == before
    again = api.wager(ann, 1, "pip_street:two", STAKE, key="the-wager")
    assert again.status_code == 200, again.text
    assert api.wallets()[ann_id] == 10_000 - STAKE


def test_a_deposit_undone_by_a_deadlock_is_run_again(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for the requests outside the command path: an admin's deposit."""
    ann_id, _ = api.player("ann")
    real = repo.deposit
    calls = [0]

    def deposit(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        posting = real(*args, **kwargs)
        if calls[0] == 1:
            raise psycopg.errors.SerializationFailure("could not serialize access")
        return posting

    monkeypatch.setattr(repo, "deposit", deposit)
    r = api.client.post(
        f"/players/{ann_id}/deposits", json={"amount": 700}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 201, r.text
    assert calls[0] == 2 and api.wallets()[ann_id] == 700

    def deadlocked(*args: Any, **kwargs: Any) -> Any:
        real(*args, **kwargs)
        raise psycopg.errors.DeadlockDetected("deadlock detected")

    monkeypatch.setattr(repo, "deposit", deadlocked)  # every attempt from now on
    before = api.snapshot()
    r = api.client.post(
        f"/players/{ann_id}/deposits", json={"amount": 700}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 409 and r.json()["cite"] == "server:try-again", r.text
    assert api.snapshot() == before


def test_any_request_the_database_undoes_answers_409(
    table: tuple[Api, str, dict[str, str]], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request the server does not run again itself: a view whose timeouts (run on the
    driver's connection, so the driver's own error) were undone by a deadlock answers
    409 saying to try again, not a bare 500."""
    if not db_url.startswith("postgresql"):
        pytest.skip("the driver's deadlock error: PostgreSQL's (psycopg)")
    from croupier.server import driver

    api, _, ann = table

    def deadlocked(*args: Any, **kwargs: Any) -> Any:
        raise psycopg.errors.DeadlockDetected("deadlock detected")

    monkeypatch.setattr(driver, "due", lambda *args, **kwargs: True)
    monkeypatch.setattr(driver, "expire", deadlocked)
    r = api.client.get("/tables/hrd/view", headers=ann)
    assert r.status_code == 409, r.text
    assert r.json()["cite"] == "server:try-again"
