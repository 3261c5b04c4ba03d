"""Helpers of the table server tests: a scripted random source and an API client."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.rng import Rng
from croupier.server import create_app
from croupier.server.fanout import SocketLimits
from croupier.server.ratelimit import Buckets
from croupier.server.selfcheck import Schedule
from example_rules import EXAMPLES

TEN_DICE = EXAMPLES / "high-roll-dice-ten-dice.toml"


class ScriptedRng:
    """Answers ``randbelow`` from a script (a die shows answer + 1), so a test knows the dice."""

    def __init__(self) -> None:
        self.script: list[int] = []

    def dice(self, *faces: int) -> None:
        self.script += [face - 1 for face in faces]

    def randbelow(self, n: int) -> int:
        assert self.script, "the test did not script this draw"
        answer = self.script.pop(0)
        assert 0 <= answer < n
        return answer


class Clock:
    """A fake clock for the server's deadlines: it moves only when a test says so."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class Api:
    """A client of the table server with an admin, helpers and direct database access;
    ``clock`` (kept as ``self.clock``), ``command_limits``, ``socket_limits``,
    ``selfcheck`` and ``sealed_draws`` go to the app (``sealed_draws`` by default off for a
    :class:`ScriptedRng`, whose script gives the dice)."""

    def __init__(
        self,
        db_url: str,
        rng: Rng | None = None,
        clock: Clock | None = None,
        command_limits: Buckets | None = None,
        socket_limits: SocketLimits | None = None,
        sealed_draws: bool | None = None,
        selfcheck: Schedule | None = None,
        idle_timeout: timedelta | None = None,
    ) -> None:
        self.clock = clock
        if sealed_draws is None:  # a test that scripts the dice draws from its script
            sealed_draws = not isinstance(rng, ScriptedRng)
        self.app = create_app(
            db_url,
            rng=rng,
            clock=clock,
            command_limits=command_limits,
            socket_limits=socket_limits,
            sealed_draws=sealed_draws,
            selfcheck=selfcheck,
            idle_timeout=idle_timeout,
        )
        self.engine = self.app.state.engine
        with Session(self.engine) as session:
            _admin, token = repo.create_player(session, "admin", "admin")
            session.commit()
        self.admin = {"Authorization": f"Bearer {token}"}
        self.client = TestClient(self.app)
        self._keys = itertools.count()

    def key(self) -> dict[str, str]:
        return {"Idempotency-Key": f"key-{next(self._keys)}"}

    def player(
        self, name: str, role: str = "player", deposit: int = 0
    ) -> tuple[str, dict[str, str]]:
        r = self.client.post("/players", json={"name": name, "role": role}, headers=self.admin)
        assert r.status_code == 201, r.text
        pid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        if deposit:
            r = self.client.post(
                f"/players/{pid}/deposits",
                json={"amount": deposit},
                headers={**self.admin, **self.key()},
            )
            assert r.status_code == 201, r.text
        return pid, auth

    def table(self, table_id: str = "hrd", toml: Path = TEN_DICE) -> dict[str, Any]:
        r = self.client.post(
            "/tables", json={"id": table_id, "rules_toml": toml.read_text()}, headers=self.admin
        )
        assert r.status_code == 201, r.text
        body: dict[str, Any] = r.json()
        return body

    def sit(self, auth: dict[str, str], seat: int, table_id: str = "hrd") -> None:
        r = self.client.post(f"/tables/{table_id}/seats", json={"seat": seat}, headers=auth)
        assert r.status_code == 201, r.text

    def send(
        self,
        auth: dict[str, str],
        command: dict[str, Any],
        table_id: str = "hrd",
        key: str | None = None,
        **extra: Any,
    ) -> Any:
        headers = {**auth, **({"Idempotency-Key": key} if key else self.key())}
        return self.client.post(
            f"/tables/{table_id}/commands", json={"command": command, **extra}, headers=headers
        )

    def wager(self, auth: dict[str, str], seat: int, spot: str, amount: int, **kw: Any) -> Any:
        return self.send(
            auth, {"type": "PlaceWager", "seat": seat, "spot": spot, "amount": amount}, **kw
        )

    def ledger(self) -> dict[str, Any]:
        r = self.client.get("/ledger", headers=self.admin)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def wallets(self) -> dict[str, int]:
        return {
            a["player_id"]: a["balance"] for a in self.ledger()["accounts"] if a["kind"] == "wallet"
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything a refused request must leave as it was."""
        with self.engine.connect() as connection:
            counts = {
                table: connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
                for table in ("events", "postings", "posting_lines", "rounds")
            }
            # A refusal the rules decided keeps its key (its answer, nothing else): the
            # answers that did something are counted.
            counts["idempotency_keys"] = connection.execute(
                text("SELECT count(*) FROM idempotency_keys WHERE status_code < 400")
            ).scalar_one()
            rounds = connection.execute(
                text("SELECT id, version, status FROM rounds ORDER BY id")
            ).all()
            balances = connection.execute(
                text("SELECT id, balance FROM accounts ORDER BY id")
            ).all()
            heads = connection.execute(
                text("SELECT id, event_count, head_hash FROM tables ORDER BY id")
            ).all()
        return {"counts": counts, "rounds": rounds, "balances": balances, "heads": heads}

    def close(self) -> None:
        """Close the client, stop the app's writer threads (the lifespan's end would, but a
        client used outside ``with`` never runs it: each thread left behind would wake
        twice a second for the rest of the session to checkpoint a database no test
        reads) and close the database's connections."""
        self.client.close()
        self.app.state.server.writer.close()
        self.engine.dispose()
