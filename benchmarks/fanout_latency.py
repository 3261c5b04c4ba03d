"""Fan-out across server processes: the NATS JetStream bus against the 0.25 s poll (issue #33).

Two real server processes (``croupier serve``) on one fresh PostgreSQL schema, A and B,
in two modes, one after the other in the same run:

- **poll** (the baseline: no ``--bus``): B's sockets poll their table's signature every
  0.25 s;
- **bus** (``--bus nats://...``, a ``nats-server -js`` started here on a free port): A
  publishes each committed change, B's sockets are woken by it.

``--tables`` tables, each with one seated player whose socket is open on B; the player's
wagers are sent to A one table after another, and the time from sending the command to
the frame carrying its new round version on B's socket is measured (it includes the
command's own time, reported beside it). Then ``--idle`` seconds with nothing sent: the
database transactions committed meanwhile (``pg_stat_database.xact_commit``; the
sockets' polls) per watched table and second. Then, in the bus mode only, the faults:
the bus restarted (a wager sent while it is down reaches B's socket once it is back), and
A SIGKILLed with a round open (B takes the table over once A's lease expires and deals
the next wager; B's socket sees it).

    .venv/bin/python benchmarks/fanout_latency.py --tables 20 --wagers 200

Targets (issue #33): cross-process view delay p99 <= 20 ms; zero database queries per
idle watched table. Needs Debian's nats-server and PostgreSQL at 127.0.0.1:5432.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from server_load import POSTGRES, bootstrap_admin, free_port, setup_tables
from sqlalchemy import create_engine, text

NATS = shutil.which("nats-server") or "/usr/sbin/nats-server"
SPOTS = [f"pip_street:{pips}" for pips in ("ace", "two", "three", "four", "five", "six")]
TARGET_P99_MS = 20.0


def start(url: str, port: int, log: Path, bus: str | None, lease: float) -> subprocess.Popen[bytes]:
    croupier = shutil.which("croupier", path=str(Path(sys.executable).parent)) or "croupier"
    command = [croupier, "serve", "--db", url, "--port", str(port), "--no-starter-tables"]
    command += ["--no-selfcheck", "--no-access-log"]
    if bus is not None:
        command += ["--bus", bus, "--lease-seconds", str(lease)]
    with log.open("ab") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/players/me", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start in 90 s")


def stop(server: subprocess.Popen[bytes], sig: int = signal.SIGINT) -> None:
    server.send_signal(sig)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def start_nats(port: int, store: Path) -> subprocess.Popen[bytes]:
    nats = subprocess.Popen(
        [NATS, "-js", "-a", "127.0.0.1", "-p", str(port), "-sd", str(store)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return nats


def fresh_database() -> tuple[str, Any]:
    """A database of its own (so that its transaction count is this run's alone), and a
    function that drops it."""
    name = f"croupier_fanout_{os.getpid()}_{time.monotonic_ns() % 10**6}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()

    return POSTGRES.rsplit("/", 1)[0] + f"/{name}", drop


def activity(url: str) -> tuple[int, int]:
    """The database's transactions so far (``pg_stat_database``: the server's, and
    PostgreSQL's own autovacuum of the fresh tables) and its table scans (sequential and
    by index, ``pg_stat_user_tables``: what the server's statements read)."""
    engine = create_engine(url)
    with engine.connect() as connection:
        transactions = connection.execute(
            text(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database "
                "WHERE datname = current_database()"
            )
        ).scalar()
        scans = connection.execute(
            text(
                "SELECT sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)) FROM pg_stat_user_tables"
            )
        ).scalar()
    engine.dispose()
    return int(transactions or 0), int(scans or 0)


class Watch:
    """One socket on B: the latest round version seen, and when each arrived."""

    def __init__(self) -> None:
        self.versions: list[tuple[float, int | None]] = []
        self.changed = asyncio.Event()

    async def run(self, uri: str, token: str) -> None:
        offered: Any = ["croupier.bearer", token]
        async with websockets.connect(uri, subprotocols=offered) as ws:
            async for raw in ws:
                data = json.loads(raw)["data"]
                self.versions.append((time.perf_counter(), data["round_version"]))
                self.changed.set()

    async def until(self, predicate: Any, timeout: float) -> float:
        end = time.perf_counter() + timeout
        while True:
            if self.versions and predicate(self.versions[-1][1]):
                return self.versions[-1][0]
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no such frame in {timeout} s: {self.versions[-3:]}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


async def measure(
    a: str,
    b: str,
    dealer: str,
    seated: list[tuple[str, str]],
    wagers: int,
    idle: float,
    url: str,
) -> dict[str, Any]:
    """The wagers' delays, then the idle database activity once every round is settled
    (the dealer closes each table's betting: no deadline is left to fire)."""
    watches = [Watch() for _ in seated]
    tasks = [
        asyncio.create_task(w.run(f"ws://{b.removeprefix('http://')}/tables/{t}/ws", tok))
        for w, (t, tok) in zip(watches, seated, strict=True)
    ]
    for watch in watches:
        await watch.until(lambda v: True, 10)
    delays: list[float] = []
    answers: list[float] = []
    after: list[float] = []
    async with httpx.AsyncClient(base_url=a, timeout=30) as client:
        for n in range(wagers):
            i = n % len(seated)
            table, token = seated[i]
            spot = SPOTS[(n // len(seated)) % len(SPOTS)]
            before = watches[i].versions[-1][1] or 0
            sent = time.perf_counter()
            r = await client.post(
                f"/tables/{table}/commands",
                json={"command": {"type": "PlaceWager", "seat": 1, "spot": spot, "amount": 500}},
                headers={"Authorization": f"Bearer {token}", "Idempotency-Key": f"w{n}-{sent}"},
            )
            answered = time.perf_counter()
            r.raise_for_status()
            version = r.json()["round_version"]
            seen = await watches[i].until(lambda v, v0=version, b0=before: (v or 0) >= v0 > b0, 10)
            delays.append((seen - sent) * 1000)
            after.append((seen - answered) * 1000)
            answers.append((answered - sent) * 1000)
        for (table, _), watch in zip(seated, watches, strict=True):  # no deadline left
            r = await client.post(
                f"/tables/{table}/commands",
                json={"command": {"type": "AnnounceNoMoreBets"}},
                headers={"Authorization": f"Bearer {dealer}", "Idempotency-Key": f"end-{table}"},
            )
            if r.status_code == 409:  # its betting time ran out first: settled already
                continue
            r.raise_for_status()
            version = r.json()["round_version"]
            await watch.until(lambda v, v0=version: (v or 0) >= v0, 10)
    # PostgreSQL's backends flush their statistics at most every second while busy and
    # 10 s after they fall idle (PGSTAT_IDLE_INTERVAL): the last commands' counts first.
    await asyncio.sleep(11.0)
    begun = activity(url)
    await asyncio.sleep(idle)
    ended = activity(url)
    frames = [len(w.versions) for w in watches]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "delays": delays,
        "answers": answers,
        "after": after,
        "idle_transactions": (ended[0] - begun[0] - 2) / idle,
        "idle_scans": (ended[1] - begun[1]) / idle,
        "tables": len(seated),
        "frames": sum(frames),
    }


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(mode: str, got: dict[str, Any]) -> None:
    d, a = got["delays"], got["answers"]
    print(
        f"{mode:>5}: {len(d)} wagers; commit-to-frame on the other process "
        f"p50 {statistics.median(d):.1f} ms, p99 {pct(d, 0.99):.1f} ms "
        f"(the command's own answer p50 {statistics.median(a):.1f} ms; from the answer "
        f"p50 {statistics.median(got['after']):.1f} ms, p99 {pct(got['after'], 0.99):.1f} ms); "
        f"idle, {got['tables']} tables watched: {got['idle_transactions']:.1f} database "
        f"transactions and {got['idle_scans']:.1f} table scans a second"
    )


async def faults(
    a_port: int, b_port: int, dealer: str, seated: list[tuple[str, str]], servers: dict[str, Any]
) -> None:
    """The bus restarted, then A killed: B's socket still sees every change, once."""
    a, b = f"http://127.0.0.1:{a_port}", f"http://127.0.0.1:{b_port}"
    table, token = seated[0]
    watch = Watch()
    task = asyncio.create_task(watch.run(f"ws://127.0.0.1:{b_port}/tables/{table}/ws", token))
    await watch.until(lambda v: True, 10)
    headers = {"Authorization": f"Bearer {token}"}
    body = {"command": {"type": "AnnounceNoMoreBets"}}
    wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
    async with httpx.AsyncClient(timeout=30) as client:
        r = await client.post(  # a round to close while the bus is down
            f"{a}/tables/{table}/commands",
            json={"command": wager},
            headers={**headers, "Idempotency-Key": "fault-open"},
        )
        r.raise_for_status()
        servers["nats"].terminate()
        servers["nats"].wait()
        r = await client.post(  # the dealer closes the betting: the round is settled
            f"{a}/tables/{table}/commands",
            json=body,
            headers={"Authorization": f"Bearer {dealer}", "Idempotency-Key": "down"},
        )
        servers["nats"] = start_nats(servers["nats_port"], servers["store"])
        print(f"fault: bus restarted; a command while it was down answered {r.status_code}", end="")
        if r.status_code == 200:
            version = r.json()["round_version"]
            began = time.perf_counter()
            await watch.until(lambda v: (v or 0) >= version, 15)
            print(f", reached B's socket {time.perf_counter() - began:.2f} s after the restart")
        else:
            print(f" ({r.text[:120]})")
        # A killed with the round open: B takes over after the lease, deals the next one.
        r = await client.post(
            f"{a}/tables/{table}/commands",
            json={"command": wager},
            headers={**headers, "Idempotency-Key": "before-kill"},
        )
        killed = time.perf_counter()
        servers["a"].send_signal(signal.SIGKILL)
        servers["a"].wait()
        while True:
            r2 = await client.post(
                f"{b}/tables/{table}/commands",
                json={"command": wager},
                headers={**headers, "Idempotency-Key": "before-kill"},
            )
            if r2.status_code != 421:
                break
            await asyncio.sleep(0.1)
        same = r2.json() == r.json()
        print(
            f"fault: A SIGKILLed; B dealt table {table} {time.perf_counter() - killed:.2f} s "
            f"later, answering A's key with A's stored answer: {same}"
        )
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument(
        "--wagers", type=int, default=120, help="at most 6 a table (one a Pip Street)"
    )
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--lease", type=float, default=3.0)
    parser.add_argument("--modes", default="poll,bus", help="poll, bus or both (the default)")
    args = parser.parse_args()
    if not Path(NATS).exists():
        print(f"skipped: no nats-server ({NATS})")
        return
    workdir = Path(tempfile.mkdtemp(prefix="fanout-"))
    results = {}
    for mode in args.modes.split(","):
        url, drop = fresh_database()
        servers: dict[str, Any] = {"store": workdir / f"nats-{mode}"}
        try:
            admin = bootstrap_admin(url)
            bus = None
            if mode == "bus":
                servers["nats_port"] = free_port()
                servers["nats"] = start_nats(servers["nats_port"], servers["store"])
                bus = f"nats://127.0.0.1:{servers['nats_port']}"
            a_port, b_port = free_port(), free_port()
            log = workdir / f"{mode}.log"
            servers["a"] = start(url, a_port, log, bus, args.lease)
            servers["b"] = start(url, b_port, log, bus, args.lease)
            dealer, seated = setup_tables(f"http://127.0.0.1:{a_port}", admin, args.tables)
            results[mode] = asyncio.run(
                measure(
                    f"http://127.0.0.1:{a_port}",
                    f"http://127.0.0.1:{b_port}",
                    dealer,
                    seated,
                    args.wagers,
                    args.idle,
                    url,
                )
            )
            report(mode, results[mode])
            if mode == "bus":
                asyncio.run(faults(a_port, b_port, dealer, seated, servers))
        finally:
            for name in ("a", "b", "nats"):
                if name in servers and servers[name].poll() is None:
                    stop(servers[name])
            drop()
    if len(results) < 2:
        return
    poll, bus = results["poll"]["delays"], results["bus"]["delays"]
    print(
        f"bus against the poll: p50 {statistics.median(poll) / statistics.median(bus):.1f}x, "
        f"p99 {pct(poll, 0.99) / pct(bus, 0.99):.1f}x faster; target p99 <= {TARGET_P99_MS} ms: "
        f"{'met' if pct(bus, 0.99) <= TARGET_P99_MS else 'NOT met'}"
    )
    shutil.rmtree(workdir, ignore_errors=True)
    os.environ.pop("CROUPIER_SCALE", None)


if __name__ == "__main__":
    main()
