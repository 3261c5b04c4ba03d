"""A round interrupted by a server stop (SIGKILL of a real ``croupier serve``), under each
value of the table setting ``interrupted_rounds`` (issue #37), a table of each killed
by one SIGKILL:

- ``resume``: after the restart the round is still open with its wagers held, and plays
  on to its end (GLI-19 4.16);
- ``void``: the restarted server voids it before serving anyone, every wager returned
  (GLI-19 A.6.4): each wallet is back at its deposit, the escrow empty.

Either way the ledger sums to zero and ``croupier verify`` passes. The amounts checked
are the deposits and wagers sent here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from server_api import TEN_DICE
from test_concurrency import ServerProcess, bootstrap_admin
from typer.testing import CliRunner

from croupier.cli import app as cli

STARTUP = 300
"""Seconds a start may take on a loaded machine (a second or two when it is not)."""
DEPOSIT = 100_000
WAGER = 500


def _table(
    client: httpx.Client, admin: dict[str, str], setting: str
) -> list[tuple[int, dict[str, str]]]:
    """Table ``setting`` (its ``interrupted_rounds`` setting), two players seated with
    their deposits; returns [(seat, authorization)]."""
    r = client.post(
        "/tables",
        json={
            "id": setting,
            "rules_toml": TEN_DICE.read_text(),
            "settings": {"interrupted_rounds": setting, "betting_seconds": None},
        },
        headers=admin,
    )
    assert r.status_code == 201, r.text
    assert r.json()["settings"]["interrupted_rounds"] == setting
    players = []
    for seat, name in enumerate(NAMES[setting], start=1):
        r = client.post("/players", json={"name": name}, headers=admin)
        pid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        r = client.post(
            f"/players/{pid}/deposits",
            json={"amount": DEPOSIT},
            headers={**admin, "Idempotency-Key": f"deposit-{name}"},
        )
        assert r.status_code == 201, r.text
        seated = client.post(f"/tables/{setting}/seats", json={"seat": seat}, headers=auth)
        assert seated.status_code == 201, seated.text
        players.append((seat, auth))
    return players


NAMES = {"resume": ("ann", "bob"), "void": ("cy", "dot")}


def test_a_round_interrupted_by_a_sigkill(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    # GLI-19 4.16, A.6.4, 2.8.8 voids: resumed, or voided with every wager returned, and
    # recorded. One server deals a table of each setting, each with its round in play
    # when it is killed.
    db_url = migrated_sqlite("interrupted.sqlite")
    admin = bootstrap_admin(db_url)
    server = ServerProcess(db_url, tmp_path / "server.log")
    try:
        server.start(wait=STARTUP)
        with httpx.Client(base_url=server.base, timeout=30) as client:
            r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin)
            dealer = {"Authorization": f"Bearer {r.json()['token']}"}
            seated = {setting: _table(client, admin, setting) for setting in NAMES}
            for setting, players in seated.items():
                for seat, auth in players:
                    body = {"type": "PlaceWager", "seat": seat, "spot": "pip_street:six"}
                    r = client.post(
                        f"/tables/{setting}/commands",
                        json={"command": {**body, "amount": WAGER}},
                        headers={**auth, "Idempotency-Key": f"w{seat}"},
                    )
                    assert r.status_code == 200, r.text
                    assert r.json()["balance"] == DEPOSIT - WAGER
        server.kill()  # each round is in play: two wagers held, the betting open
        server.start(wait=STARTUP)
        with httpx.Client(base_url=server.base, timeout=30) as client:
            for setting, players in seated.items():
                _after_the_restart(client, admin, dealer, setting, players)
        server.stop()
        for setting in NAMES:
            # `croupier verify` in this process (a subprocess's start-up is its cost).
            verified = CliRunner().invoke(cli, ["verify", setting, "--db", db_url])
            assert verified.exit_code == 0, verified.output
    finally:
        server.stop()


def _after_the_restart(
    client: httpx.Client,
    admin: dict[str, str],
    dealer: dict[str, str],
    setting: str,
    players: list[tuple[int, dict[str, str]]],
) -> None:
    """What the restarted server did with table ``setting``'s round."""
    round_id = f"{setting}-1"
    view = client.get(f"/tables/{setting}/view", headers=dealer).json()
    assert view["round_id"] == round_id
    replay = client.get(f"/rounds/{round_id}/replay", headers=dealer).json()
    events = [e["event"] for e in replay["events"]]
    if setting == "void":
        assert view["round_status"] == "voided"
        voided = [e for e in events if e["type"] == "RoundVoided"]
        assert len(voided) == 1 and "server:interrupted-rounds" in voided[0]["reason"]
        settled = [e for e in events if e["type"] == "WagerSettled"]
        assert [(e["outcome"], e["returned"], e["won"]) for e in settled] == [
            ("void", WAGER, 0)
        ] * 2
        for _, auth in players:
            me = client.get("/players/me", headers=auth).json()
            assert me["balance"] == DEPOSIT
    else:
        assert view["round_status"] == "open"
        assert [e["type"] for e in events].count("WagerPlaced") == 2
        assert not any(e["type"] == "RoundVoided" for e in events)
        r = client.post(
            f"/tables/{setting}/commands",
            json={"command": {"type": "AnnounceNoMoreBets"}},
            headers={**dealer, "Idempotency-Key": "close"},
        )
        assert r.status_code == 200, r.text
        assert r.json()["round_status"] == "completed"
    ledger = client.get("/ledger", headers=admin)
    if ledger.status_code == 200:
        assert ledger.json()["total"] == 0
    # What the system decided at start-up is a significant event (GLI-19 2.8.8).
    r = client.get("/significant-events", params={"subject": round_id}, headers=dealer)
    [decided] = r.json()["events"]
    assert decided["who"] == "system"
    assert decided["before"] == {"status": "open", "version": 3}  # opened, 2 wagers
    if setting == "void":
        assert decided["kind"] == "round_voided_by_system"
        assert decided["after"]["status"] == "voided"
    else:
        assert decided["kind"] == "round_resumed_by_system"
        assert decided["after"] == {"status": "open", "version": 3}
        assert "this table resumes them" in decided["words"]


def test_a_start_beside_other_processes_leaves_the_tables_they_deal_alone(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """With ``--bus`` a process starting beside others must not void (or record as
    resumed) a round another live process is dealing: it is in play, not interrupted. Once
    that owner's lease has expired the round is an interrupted one and is voided."""
    import time

    from fastapi.testclient import TestClient
    from sqlalchemy import text

    from croupier.cli.server import _settle_interrupted
    from croupier.ledger.db import make_engine
    from croupier.server.app import create_app

    db_url = migrated_sqlite("beside.sqlite")
    admin = bootstrap_admin(db_url)
    with TestClient(create_app(db_url)) as client:
        players = _table(client, admin, "void")
        for seat, auth in players:
            body = {"type": "PlaceWager", "seat": seat, "spot": "pip_street:six"}
            r = client.post(
                "/tables/void/commands",
                json={"command": {**body, "amount": WAGER}},
                headers={**auth, "Idempotency-Key": f"w{seat}"},
            )
            assert r.status_code == 200, r.text
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO lease_holders (owner, address, expires) VALUES (:o, :a, :e)"),
            {"o": "other", "a": "http://10.0.0.2:8000", "e": time.time() + 60},
        )
        connection.execute(
            text("INSERT INTO table_leases (table_id, owner) VALUES ('void', 'other')")
        )

    def status_and_decisions() -> tuple[str, int]:
        with engine.connect() as connection:
            status = connection.execute(
                text("SELECT status FROM rounds WHERE id = 'void-1'")
            ).scalar_one()
            decided = connection.execute(
                text("SELECT count(*) FROM significant_events WHERE subject = 'void-1'")
            ).scalar_one()
        return str(status), int(decided)

    assert _settle_interrupted(engine, beside_others=True) == []
    assert status_and_decisions() == ("open", 0)  # in play at the other process
    with engine.begin() as connection:  # the other process dies: its lease runs out
        connection.execute(text("UPDATE lease_holders SET expires = :e"), {"e": time.time() - 1})
    assert _settle_interrupted(engine, beside_others=True) == ["void-1"]
    assert status_and_decisions() == ("voided", 1)
    engine.dispose()
