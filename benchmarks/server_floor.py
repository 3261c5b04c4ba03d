"""What this machine allows any table server to reach: the baselines for server_load.py.

Two measurements, each of the machine and its software, not of croupier:

1. **The HTTP stack alone.** The load generator of ``benchmarks/server_load.py`` (same
   connections, same requests, two a round) against a bare Starlette app on uvicorn
   (uvloop, httptools: the stack ``croupier serve`` runs), with 1 and 2 processes. The
   app reads each request's JSON body and answers a small JSON: no database, no rules.
2. **PostgreSQL alone.** ``pgbench``'s built-in TPC-B-like transaction (three
   ``UPDATE``s, a ``SELECT`` and an ``INSERT`` in a transaction that commits to disk, the
   standard measure of a small money-moving transaction), prepared, 4 and 8 clients on
   2 threads, on a database of its own (scale 4; dropped afterwards). pgbench is written
   in C: what it costs is the database's CPU and little else. Skipped where pgbench or
   PostgreSQL is missing.

For each it prints the rate and the CPU a request (or a transaction) costs, and what the
load test's targets would ask of the machine at that cost: at 1,500 settled rounds/s
(3,000 commands/s), the share of the machine's cores the HTTP stack and the load
generator alone would take, and the share a TPC-B-like transaction per command would
take in PostgreSQL alone. A croupier command writes more than a TPC-B transaction (its
events, the round, the balances, postings and their lines, the stored answer) and its
transactions are shared by several commands (group commit), so the second figure is a
guide, not a bound.

    .venv/bin/python benchmarks/server_floor.py --seconds 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

sys.path.insert(0, str(Path(__file__).parent))
import server_load  # the load generator and its helpers, beside this file

TARGET_COMMANDS = 2 * server_load.TARGET_ROUNDS["postgresql"]
"""Commands a second at the PostgreSQL target (two commands a settled round)."""


async def _command(request: Request) -> Response:
    """The bare app's one route: parse the command's JSON, read the headers croupier
    reads, answer a small JSON (``round_status: completed`` ends the generator's round)."""
    body = json.loads(await request.body())
    _ = request.headers.get("authorization"), request.headers.get("idempotency-key")
    answer = {"round_status": "completed", "command": body.get("command")}
    return Response(json.dumps(answer), media_type="application/json")


app = Starlette(routes=[Route("/tables/{table_id}/commands", _command, methods=["POST"])])
"""The bare app (``uvicorn server_floor:app``)."""


def own_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (all cores, not idle nor waiting for
    the disk), from ``/proc/stat``."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def http_floor(workers: int, clients: int, seconds: float) -> str:
    """The load generator against the bare app on uvicorn with ``workers`` processes."""
    port = server_load.free_port()
    command = [sys.executable, "-m", "uvicorn", "server_floor:app", "--port", str(port)]
    command += ["--workers", str(workers), "--no-access-log", "--log-level", "warning"]
    command += ["--app-dir", str(Path(__file__).parent)]
    server = subprocess.Popen(command)
    try:
        base = f"http://127.0.0.1:{port}"
        server_load.wait_for_bare_app(base, "the bare app")
        time.sleep(0.5 * workers)  # every worker up
        seated = [(f"floor-{i}", "token") for i in range(clients)]
        server_before, own_before = server_load.cpu_seconds(server.pid), own_cpu()
        try:
            import uvloop

            uvloop.install()
        except ImportError:
            pass
        tally = asyncio.run(server_load.play(base, "dealer", seated, seconds, None))
        server_cpu = server_load.cpu_seconds(server.pid) - server_before
        generator_cpu = own_cpu() - own_before
    finally:
        server.terminate()
        server.wait(30)
    per_request = (server_cpu + generator_cpu) / tally.commands
    cores = os.cpu_count() or 1
    share = TARGET_COMMANDS * per_request / cores
    return (
        f"bare Starlette on uvicorn, workers={workers} clients={clients}: "
        f"{tally.commands / tally.seconds:,.0f} requests/s; server CPU "
        f"{1000 * server_cpu / tally.commands:.3f} ms a request, load generator "
        f"{1000 * generator_cpu / tally.commands:.3f} ms; p99 "
        f"{1000 * server_load.percentile(tally.latencies, 0.99):.1f} ms; at "
        f"{TARGET_COMMANDS:,.0f} commands/s the HTTP stack and the generator alone would "
        f"take {share:.0%} of the {cores} cores"
    )


def pgbench_floor(clients: int, seconds: float) -> str:
    """pgbench's TPC-B-like transaction on a database of its own."""
    pgbench = shutil.which("pgbench")
    if pgbench is None:
        return "PostgreSQL alone: skipped (no pgbench on this machine)"
    from sqlalchemy import create_engine, text

    name = f"croupier_floor_{secrets.token_hex(4)}"
    admin = create_engine(
        server_load.POSTGRES.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT"
    )
    try:
        with admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}"))
    except Exception as error:  # no server: say so and go on
        return f"PostgreSQL alone: skipped ({type(error).__name__}: {error})"
    connect = ["-h", "127.0.0.1", "-U", "postgres"]
    try:
        subprocess.run(
            [pgbench, *connect, "-i", "-s", "4", "-q", name], check=True, capture_output=True
        )
        run = [pgbench, *connect, "-M", "prepared", "-c", str(clients), "-j", "2"]
        busy_before, children_before = machine_busy_seconds(), children_cpu()
        done = subprocess.run(
            [*run, "-T", str(max(1, round(seconds))), name],
            check=True,
            capture_output=True,
            text=True,
        )
        # pgbench's backends exit with it (their CPU leaves /proc): the machine's busy
        # time less pgbench's own is PostgreSQL's (and whatever else ran meanwhile).
        database_cpu = machine_busy_seconds() - busy_before - (children_cpu() - children_before)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()
    transactions = int(re.search(r"processed: (\d+)", done.stdout).group(1))  # type: ignore[union-attr]
    tps = float(re.search(r"tps = ([\d.]+)", done.stdout).group(1))  # type: ignore[union-attr]
    cores = os.cpu_count() or 1
    per_transaction = database_cpu / transactions
    return (
        f"PostgreSQL alone (pgbench TPC-B-like, prepared, clients={clients}): {tps:,.0f} "
        f"transactions/s; PostgreSQL CPU {1000 * per_transaction:.3f} ms a transaction; "
        f"{TARGET_COMMANDS:,.0f} of them a second would take "
        f"{TARGET_COMMANDS * per_transaction / cores:.0%} of the {cores} cores"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16, help="concurrent tables (HTTP)")
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    # Stopped with SIGTERM as with Ctrl-C: the cleanup (servers, databases) still runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    print(f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f} before")
    for workers in (1, 2):
        print(http_floor(workers, args.clients, args.seconds), flush=True)
    for clients in (4, 8):
        print(pgbench_floor(clients, args.seconds), flush=True)


if __name__ == "__main__":
    main()
