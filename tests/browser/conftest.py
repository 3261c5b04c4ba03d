"""The browser tests' server (a real `croupier serve` on a temporary SQLite file) and
headless Chromium, one of each for the session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import CHROMIUM, Server, free_port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    db = f"sqlite:///{folder / 'croupier.sqlite'}"
    croupier = [str(Path(sys.executable).with_name("croupier"))]
    made = subprocess.run(
        [*croupier, "players", "add", "admin", "--role", "admin", "--db", db],
        capture_output=True,
        text=True,
        check=True,
    )
    admin_token = json.loads(made.stdout.strip().splitlines()[-1])["token"]
    port = free_port()
    log = (folder / "serve.log").open("w")
    process = subprocess.Popen(
        [
            *croupier,
            "serve",
            "--db",
            db,
            "--port",
            str(port),
            "--no-starter-tables",
            "--no-selfcheck",
        ],  # the checkout's files may differ from its manifest
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "CROUPIER_SIGNUP_LIMIT": "1,100"},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(url + "/play/", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError((folder / "serve.log").read_text())
        time.sleep(0.2)
    # `croupier serve` prints the address to open.
    assert f"open {url}/play/ in a browser" in (folder / "serve.log").read_text()
    try:
        yield Server(url, admin_token, folder / "serve.log")
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield Unpoliced(chromium)
        chromium.close()


class Unpoliced:
    """The browser, its contexts set to pass over the pages' Content-Security-Policy:
    Playwright's ``wait_for_function`` evaluates its string, which the policy (no
    ``unsafe-eval``) refuses. tests/browser/test_content_policy.py plays with the policy
    kept, through the browser itself (:attr:`chromium`)."""

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self.chromium.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.chromium, name)
