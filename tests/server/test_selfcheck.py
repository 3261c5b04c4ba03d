"""Self-verification (GLI-19 2.3.2; issue #32) on a built copy of croupier's critical
files: the server checks them at start, on demand (``POST /selfcheck``, an admin) and
every 24 hours by its clock, each result a significant event; a changed file is named,
the round in progress finishes and no new round is dealt (409 citing GLI-19 2.3.2) until
a check passes; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_api import Api, Clock, ScriptedRng
from test_games import GameTable
from test_websocket import Socket, token

from croupier.identity import CRITICAL, PACKAGE, write_manifest
from croupier.rng import SeededRng
from croupier.server import create_app
from croupier.server.scaleout import Scale
from croupier.server.selfcheck import Schedule

HRD_DICE = (5, 5, 5, 1, 2, 3, 4, 6, 2, 3)
CLOSED_START = "This table is closed for play: the software's self-check found"


def built_copy(root: Path) -> Path:
    """A copy of the critical files (no compiled caches) with its own manifest."""
    for name in CRITICAL:
        source = PACKAGE / name
        if source.is_file():
            shutil.copy2(source, root / name)
        else:
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    write_manifest(root, commit="a test build")
    return root


def listing_digest(root: Path) -> tuple[int, str]:
    """How many files the copy holds and the sha256 of their ``sha256sum`` listing,
    computed here from the files on disk."""
    lines = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        relative = path.relative_to(root).as_posix()
        if relative == "identity_manifest.json":
            continue
        lines.append((relative, hashlib.sha256(path.read_bytes()).hexdigest()))
    listing = "".join(f"{digest}  {path}\n" for path, digest in sorted(lines))
    return len(lines), hashlib.sha256(listing.encode()).hexdigest()


@pytest.fixture
def package(tmp_path: Path) -> Path:
    root = tmp_path / "croupier"
    root.mkdir()
    return built_copy(root)


def _checks(api: Api) -> list[dict[str, Any]]:
    r = api.client.get("/significant-events", params={"kind": "selfcheck"}, headers=api.admin)
    assert r.status_code == 200, r.text
    found: list[dict[str, Any]] = r.json()["events"]
    return found


def _until(done: Callable[[], bool], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the self-check did not run"
        time.sleep(0.05)


def test_selfcheck_at_start_on_demand_and_every_24_hours(
    db_url: str, package: Path, scripted: ScriptedRng
) -> None:
    # GLI-19 2.8.8 program errors: a failed self-check is a significant event.
    clock = Clock()
    plan = Schedule(root=package, poll_seconds=0.05)
    api = Api(db_url, rng=scripted, clock=clock, selfcheck=plan)
    try:
        with api.client:  # the lifespan runs: the check at start
            _until(lambda: len(_checks(api)) == 1)
            [first] = _checks(api)
            files, digest = listing_digest(package)
            assert first["who"] == "system" and first["subject"] == "critical files"
            assert first["before"] is None
            assert first["after"] == {
                "passed": True,
                "files": files,
                "files_sha256": digest,
                "differences": [],
            }
            api.table()
            _, ann = api.player("ann", deposit=5_000)
            _, dealer = api.player("dee", role="dealer")
            api.sit(ann, 2)
            assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
            # A critical file changed after the build.
            rng = package / "rng.py"
            original = rng.read_bytes()
            rng.write_bytes(original + b"\n# changed after the build\n")
            r = api.client.post("/selfcheck", headers=api.admin)
            assert r.status_code == 200, r.text
            result = r.json()
            old = hashlib.sha256(original).hexdigest()
            new = hashlib.sha256(rng.read_bytes()).hexdigest()
            assert result["passed"] is False
            assert result["differences"] == [
                f"rng.py: changed (sha256 {new}, the manifest has {old})"
            ]
            assert api.client.post("/selfcheck", headers=dealer).status_code == 403
            # The round in progress finishes; no new one is dealt.
            scripted.dice(*HRD_DICE)
            r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
            assert r.status_code == 200 and r.json()["round_status"] == "completed"
            before = api.snapshot()
            r = api.wager(ann, 2, "pip_street:five", 500)
            assert r.status_code == 409
            assert r.json()["cite"] == "GLI-19 2.3.2"
            # Found playing a table after a failed self-check: the refusal gave the player
            # the file's name and both digests. Those are the operator's (the event above).
            assert r.json()["detail"].endswith(
                "UTC found a critical file changed since croupier was built; a passing "
                "self-check lets the tables deal again (GLI-19 2.3.2)"
            )
            assert "rng.py" not in r.text and new not in r.text
            assert api.snapshot() == before
            # Restored: the next check passes and the table deals again.
            rng.write_bytes(original)
            r = api.client.post("/selfcheck", headers=api.admin)
            assert r.json()["passed"] is True
            assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
            checks = _checks(api)
            assert [c["after"]["passed"] for c in checks] == [True, False, True]
            assert checks[1]["before"] == {"passed": True}
            assert checks[2]["before"] == {"passed": False}
            assert checks[1]["who"].startswith("admin (")
            # Every 24 hours by the server's clock, from the last check.
            clock.advance(24 * 3600 - 1)
            time.sleep(0.5)  # ten wakes of the schedule: not due yet
            assert len(_checks(api)) == 3
            clock.advance(1)
            _until(lambda: len(_checks(api)) == 4)
            assert _checks(api)[-1]["who"] == "system"
            assert _checks(api)[-1]["after"]["passed"] is True
    finally:
        api.close()


def test_a_failed_self_check_is_said_in_the_view(
    db_url: str, package: Path, scripted: ScriptedRng
) -> None:
    """Issue #34 ("never stuck"): after a failed self-check a seated player is offered
    nothing, and his view says why in words (its ``betting_held``, where the page says
    what holds the table): the table is closed for play until the operator's check passes
    (GLI-19 2.3.2); no file name nor digest. GET /view and the socket's first frame say
    it alike; once a check passes the table offers the wager again and says nothing."""
    plan = Schedule(root=package, poll_seconds=3600, at_start=False)
    api = Api(db_url, rng=scripted, clock=Clock(), selfcheck=plan)
    try:
        api.table()
        _, ann = api.player("ann", deposit=5_000)
        api.sit(ann, 2)
        fresh = api.client.get("/tables/hrd/view", headers=ann).json()
        assert fresh["betting_held"] == "" and fresh["legal_commands"]
        rng = package / "rng.py"
        original = rng.read_bytes()
        rng.write_bytes(original + b"\n# changed after the build\n")
        assert api.client.post("/selfcheck", headers=api.admin).json()["passed"] is False
        view = api.client.get("/tables/hrd/view", headers=ann).json()
        assert view["legal_commands"] == []
        held = view["betting_held"]
        assert held.startswith("This table is closed for play"), held
        assert "play resumes here when the operator's check passes" in held
        assert held.endswith("(GLI-19 2.3.2).")
        assert "rng.py" not in held and "_" not in held
        bearer = ann["Authorization"].removeprefix("Bearer ")
        with api.client.websocket_connect(f"/tables/hrd/ws?token={bearer}") as ws:
            frame = ws.receive_json()
        assert frame["type"] == "view" and frame["data"]["betting_held"] == held
        rng.write_bytes(original)
        assert api.client.post("/selfcheck", headers=api.admin).json()["passed"] is True
        again = api.client.get("/tables/hrd/view", headers=ann).json()
        assert again["betting_held"] == "" and again["legal_commands"]
    finally:
        api.close()


def test_a_self_check_reaches_the_sockets_at_once(tmp_path: Path, package: Path) -> None:
    """Issue #34: the table's sockets (the embedded server: views pushed, no poll) are
    sent the closed table's words as soon as a self-check fails (on demand) and sent the
    wager again, without them, as soon as the next passes (the 24-hourly one of the
    lifespan, by the server's clock); each frame is the stored view (GET /view)."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 2)
    plan = Schedule(root=package, poll_seconds=0.05, at_start=False)
    app = create_app(
        url, migrate=False, rng=SeededRng(3), clock=table.clock, scale=Scale(), selfcheck=plan
    )
    rng = package / "rng.py"
    original = rng.read_bytes()
    try:
        with TestClient(app) as client:
            _until(lambda: len(_checks(table.api)) == 1)  # none recorded: one is due
            one = Socket(client, "t", token(table.players[1]))
            try:
                one.wait(lambda m: m["data"]["legal_commands"] != [])
                rng.write_bytes(original + b"\n# changed after the build\n")
                r = client.post("/selfcheck", headers=table.api.admin)
                assert r.json()["passed"] is False
                one.wait(lambda m: m["data"]["betting_held"].startswith(CLOSED_START))
                assert one.messages[-1]["data"]["legal_commands"] == []
                assert one.messages[-1]["data"] == table.view(table.players[1])
                rng.write_bytes(original)
                table.clock.advance(24 * 3600)  # the next self-check is due: it passes
                one.wait(lambda m: m["data"]["betting_held"] == "", timeout=10)
                assert one.messages[-1]["data"]["legal_commands"]
                assert one.messages[-1]["data"] == table.view(table.players[1])
                assert [c["after"]["passed"] for c in _checks(table.api)] == [True, False, True]
            finally:
                one.close()
    finally:
        table.api.close()


def test_a_failed_self_check_closes_the_tables_in_the_lobby_page_and_seat(
    db_url: str, package: Path, scripted: ScriptedRng
) -> None:
    """While the last self-check failed no round is dealt (GLI-19 2.3.2): the lobby's
    card, the table's page (GET /tables/{id}) and the answer to taking a seat say the
    table is closed for play and why, in words, closed by the self-check (not the
    operator); open again once a check passes."""
    plan = Schedule(root=package, poll_seconds=3600, at_start=False)
    api = Api(db_url, rng=scripted, clock=Clock(), selfcheck=plan)
    said = (
        "play is stopped until the software's self-check passes: it found part of croupier "
        "changed since it was built (GLI-19 2.3.2)"
    )

    def shown(auth: dict[str, str]) -> list[tuple[bool, str, str]]:
        r = api.client.get("/tables", headers=auth)
        assert r.status_code == 200, r.text
        (card,) = [t for t in r.json()["tables"] if t["id"] == "hrd"]
        page = api.client.get("/tables/hrd", headers=auth).json()
        return [(t["closed"], t["closed_reason"], t.get("closed_by", "")) for t in (card, page)]

    try:
        api.table()
        _, ann = api.player("ann", deposit=5_000)
        _, bob = api.player("bob", deposit=5_000)
        assert shown(ann) == [(False, "", "")] * 2
        rng = package / "rng.py"
        original = rng.read_bytes()
        rng.write_bytes(original + b"\n# changed after the build\n")
        assert api.client.post("/selfcheck", headers=api.admin).json()["passed"] is False
        assert shown(ann) == shown(api.admin) == [(True, said, "self-check")] * 2
        r = api.client.post("/tables/hrd/seats", json={"seat": 2}, headers=ann)
        assert r.status_code == 201, r.text
        taken = (r.json()["closed"], r.json()["closed_reason"], r.json().get("closed_by"))
        assert taken == (True, said, "self-check")
        rng.write_bytes(original)
        assert api.client.post("/selfcheck", headers=api.admin).json()["passed"] is True
        assert shown(ann) == [(False, "", "")] * 2
        r = api.client.post("/tables/hrd/seats", json={"seat": 1}, headers=bob)
        assert (r.json()["closed"], r.json()["closed_reason"]) == (False, ""), r.text
    finally:
        api.close()
