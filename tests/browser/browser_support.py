"""Helpers of the browser tests: where things are, and the running server's admin side."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples" / "rules"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """The running server: its URL, an admin client, and helpers to set tables up."""

    def __init__(self, url: str, admin_token: str, log: Path | None = None) -> None:
        self.url = url
        self.log = log
        """The server's log (stdout and stderr of ``croupier serve``)."""
        self.admin = httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {admin_token}"}, timeout=30
        )
        self._keys = 0

    def key(self) -> dict[str, str]:
        self._keys += 1
        return {"Idempotency-Key": f"browser-test-{self._keys}"}

    def table(self, table_id: str, toml: str) -> httpx.Response:
        """A table under an example Rules Submission (or TOML text), with no betting or
        decision time limit (the test, not a clock, closes the betting) and a one-second
        wait for optional choices (Insurance, surrender)."""
        text = (EXAMPLES / toml).read_text() if toml.endswith(".toml") else toml
        settings = {"betting_seconds": None, "decision_seconds": None, "optional_seconds": 1}
        return self.admin.post(
            "/tables", json={"id": table_id, "rules_toml": text, "settings": settings}
        )

    def person(self, name: str, role: str) -> str:
        r = self.admin.post("/players", json={"name": name, "role": role})
        assert r.status_code == 201, r.text
        token: str = r.json()["token"]
        return token

    def wallet(self, player_id: str) -> int:
        ledger = self.admin.get("/ledger").json()
        (balance,) = [
            a["balance"]
            for a in ledger["accounts"]
            if a["kind"] == "wallet" and a["player_id"] == player_id
        ]
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
        return int(balance)

    def get(self, path: str, token: str) -> Any:
        r = httpx.get(self.url + path, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()
