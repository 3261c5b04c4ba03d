"""Server CPU per command against the floor, side by side in one run (issue #33).

**The floor** is what any table server on this stack pays per command at the least: a
bare Starlette request on uvicorn (uvloop, httptools, as ``croupier serve`` runs) that
reads the command's JSON and its two headers, plus **one group-committed insert** of the
request into the same kind of database, through croupier's own writer
(:class:`croupier.server.writer.Writer`: the request waits for the commit of its batch,
one writer thread on SQLite, two on PostgreSQL, SQLite in WAL mode as the server opens
it). No rules, no ledger, no hash chain.

**croupier** is ``croupier serve`` (one process) under the load of
``benchmarks/server_load.py``: at each table a player's $5 Pip Street wager and the
dealer's "no more bets" (the server throws, calls, settles), two commands a round.

Both sides get the same load generator (``server_load.play``: the same connections, the
same requests, 16 tables by default), on a fresh database each run, and the sides
alternate (floor, croupier, floor, croupier, ...) so that a drift of the machine's speed
falls on both. The server's CPU (user + system of the server process, from ``/proc``)
is divided by the commands answered; on PostgreSQL the database's own CPU (its
processes, machine-wide) is printed beside it. Prints every run, the medians, the
ratio croupier / floor and the load average.

    PYTHONPATH=src .venv/bin/python benchmarks/server_cpu.py --runs 3 --seconds 8
    PYTHONPATH=src .venv/bin/python benchmarks/server_cpu.py --db sqlite --runs 2
    PYTHONPATH=src .venv/bin/python benchmarks/server_cpu.py --base /tmp/main/src

``--base`` adds a third side, the server on another revision's code (a worktree's
``src``, e.g. ``git worktree add --detach /tmp/main main``), so that before and after
alternate with the floor in one run: floor, base, croupier, floor, ...
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session, sessionmaker
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

sys.path.insert(0, str(Path(__file__).parent))
import server_load  # the load generator and its helpers, beside this file

from croupier.ledger.db import Statement, make_engine, raw, sqlite_file, wal_checkpoint
from croupier.server.writer import Writer

FLOOR_DB = "CROUPIER_FLOOR_DB"
"""The environment variable that gives the floor app its database."""
_CREATE = (
    "CREATE TABLE IF NOT EXISTS floor_commands (player TEXT NOT NULL, key TEXT NOT NULL, "
    "body TEXT NOT NULL, PRIMARY KEY (player, key))"
)
_INSERT = Statement.of(
    "INSERT INTO floor_commands (player, key, body) VALUES (:player, :key, :body)"
)


def floor_app() -> Starlette:
    """The floor (``uvicorn server_cpu:floor_app --factory``): one route that parses the
    command's JSON, reads the bearer token and the ``Idempotency-Key``, inserts the
    request in a group-committed batch and answers a small JSON once it is committed."""
    url = os.environ[FLOOR_DB]
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql(_CREATE)
    sessions = sessionmaker(engine, expire_on_commit=False)
    sqlite = engine.dialect.name == "sqlite"
    writer = Writer(
        sessions,
        lambda _table: None,
        threads=1 if sqlite else 2,
        checkpoint=(lambda: wal_checkpoint(engine)) if sqlite_file(url) else None,
    )

    async def command(request: Request) -> Response:
        raw_body = await request.body()
        body = json.loads(raw_body)
        player = request.headers.get("authorization", "")
        key = request.headers.get("idempotency-key", "")
        params = {"player": player, "key": key, "body": raw_body.decode()}

        def insert(session: Session, _check: bool) -> None:
            raw(session).execute(_INSERT, params)

        await writer.run(request.path_params["table_id"], insert)
        answer = {"round_status": "completed", "command": body.get("command")}
        return Response(json.dumps(answer), media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        writer.close()
        engine.dispose()

    route = Route("/tables/{table_id}/commands", command, methods=["POST"])
    return Starlette(routes=[route], lifespan=lifespan)


def floor_run(kind: str, clients: int, seconds: float) -> dict[str, Any]:
    """One run of the floor on a fresh database of ``kind``."""
    with tempfile.TemporaryDirectory(prefix="croupier-floor-") as tmp:
        url, drop = server_load.fresh_database(kind, Path(tmp))
        port = server_load.free_port()
        command = [sys.executable, "-m", "uvicorn", "server_cpu:floor_app", "--factory"]
        command += ["--port", str(port), "--no-access-log", "--log-level", "warning"]
        command += ["--loop", "uvloop", "--http", "httptools"]
        command += ["--app-dir", str(Path(__file__).parent)]
        server = subprocess.Popen(command, env={**os.environ, FLOOR_DB: url})
        try:
            base = f"http://127.0.0.1:{port}"
            server_load.wait_for_bare_app(base, "the floor app")
            seated = [(f"floor-{i}", "token") for i in range(clients)]
            cpu_before = server_load.cpu_seconds(server.pid)
            database_before = server_load.database_cpu_seconds()
            tally = asyncio.run(server_load.play(base, "dealer", seated, seconds, None))
            server_cpu = server_load.cpu_seconds(server.pid) - cpu_before
            database_cpu = server_load.database_cpu_seconds() - database_before
        finally:
            server.terminate()
            server.wait(30)
            drop()
    commands = max(1, tally.commands)
    return {
        "server_cpu_ms": 1000 * server_cpu / commands,
        "database_cpu_ms": 1000 * database_cpu / commands if kind != "sqlite" else None,
        "commands_per_s": tally.commands / tally.seconds,
        "p99_ms": 1000 * server_load.percentile(tally.latencies, 0.99),
        "errors": tally.errors,
    }


def croupier_run(kind: str, clients: int, seconds: float, src: str | None = None) -> dict[str, Any]:
    """One run of ``croupier serve`` (one process) under the load test's rounds; ``src``:
    the server runs the code under that folder (``PYTHONPATH``), else this checkout's."""
    before = os.environ.get("PYTHONPATH")
    if src is not None:
        os.environ["PYTHONPATH"] = src  # the server's subprocess inherits it
    try:
        result = server_load.run_configuration(kind, 1, clients, 1, seconds, None)
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before
    result["commands_per_s"] = result["commands"] / result["seconds"]
    return result


def sides_of(base: str | None) -> list[tuple[str, Any]]:
    """The sides of a run, in the order they alternate: the floor, the ``--base`` code's
    server where given, this checkout's."""
    sides: list[tuple[str, Any]] = [("floor", floor_run)]
    if base is not None:
        sides.append(
            ("base", lambda kind, clients, seconds: croupier_run(kind, clients, seconds, base))
        )
    return [*sides, ("croupier", croupier_run)]


def _line(side: str, figures: dict[str, Any]) -> str:
    database = figures.get("database_cpu_ms")
    extra = "" if database is None else f", PostgreSQL {database:.3f} ms"
    return (
        f"{side:<9} {figures['commands_per_s']:8,.0f} commands/s, p99 "
        f"{figures['p99_ms']:6.1f} ms, server CPU {figures['server_cpu_ms']:.3f} ms a command"
        f"{extra}; errors {figures['errors'] or 'none'}"
        + (f"; {figures['check']}" if "check" in figures else "")
    )


def _medians(
    kind: str, side: str, floor_runs: list[dict[str, Any]], runs: list[dict[str, Any]]
) -> None:
    """Print ``side``'s median server CPU a command against the floor's (and PostgreSQL's)."""
    floor = statistics.median(f["server_cpu_ms"] for f in floor_runs)
    ours = statistics.median(f["server_cpu_ms"] for f in runs)
    print(
        f"{kind:<10} median server CPU a command: floor {floor:.3f} ms, {side} "
        f"{ours:.3f} ms: {ours / floor:.1f}x the floor (target 2x); load average "
        f"{os.getloadavg()[0]:.2f}",
        flush=True,
    )
    if kind != "sqlite":
        floor_db = statistics.median(f["database_cpu_ms"] for f in floor_runs)
        ours_db = statistics.median(f["database_cpu_ms"] for f in runs)
        print(
            f"{kind:<10} median PostgreSQL CPU a command: floor {floor_db:.3f} ms, "
            f"{side} {ours_db:.3f} ms: {ours_db / floor_db:.1f}x",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--runs", type=int, default=3, help="runs of each side, alternating")
    parser.add_argument("--clients", type=int, default=16, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument(
        "--base", help="src folder of another revision's code, run as a third side (before/after)"
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    print(
        f"{os.cpu_count()} CPUs; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"before; {args.clients} tables, {args.seconds:g} s a run, {args.runs} runs a side",
        flush=True,
    )
    for kind in args.db:
        sides: dict[str, list[dict[str, Any]]] = {}
        for run in range(1, args.runs + 1):
            for side, measure in sides_of(args.base):
                figures = measure(kind, args.clients, args.seconds)
                sides.setdefault(side, []).append(figures)
                print(f"{kind:<10} run {run} {_line(side, figures)}", flush=True)
        for side in sides:
            if side != "floor":
                _medians(kind, side, sides["floor"], sides[side])


if __name__ == "__main__":
    main()
