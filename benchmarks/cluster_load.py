"""Many server processes on PostgreSQL + NATS under load and faults (issue #33):
``benchmarks/server_load.py --processes N`` runs this.

N real ``croupier serve --bus`` processes (each on a port of its own, ``--address`` its
own) on one fresh PostgreSQL database, a ``nats-server -js`` started here; T High Roll
Dice tables (ten dice), P simulated players seated P/T to a table, their wallets funded,
set up in bulk through the ledger (not timed). Then, for ``--seconds``, one client loop a
table: each seated player places a $5 Pip Street wager, the dealer announces "no more
bets", the server throws, calls and settles. A table's client first sends to a process
chosen by the table's number (the process that receives a table's first command takes its
lease) and then follows the ``Croupier-Owner`` header of a forwarded answer; a connection
refused (a killed process) sends it to the next live process (forwarded or told 421 until
the dead owner's lease expires and a live one takes the table over), always with the same
Idempotency-Key. ``--watched`` tables have their first player's WebSocket open on another
process than the table's first: the delay from a command's answer to the frame carrying
its round version there is the cross-process view delay.

Faults, while the load runs: at 30% of the time one process is SIGKILLed (mid-round at
most of its tables); at 50% the bus (``nats-server``) is stopped and started again; at 70%
every watching socket is dropped and opened again. Afterwards the checks: every watching
socket's frames never repeat a state within a connection and never go back, and its last
frame is its table's stored state (nothing lost, nothing shown twice); every round the
clients saw settled is settled in the database, once, and no table has two open rounds;
the ledger sums to zero; every table's event chain and money verify (what ``croupier
verify TABLE`` runs).

``--idle-tables K`` then opens K more tables (each with a seated player, one wager placed,
a round open waiting for its betting time of an hour: its lease held, its deadline timer
armed) and reports the server processes' memory per idle table and, over ``--idle``
seconds with ``--watched`` of them watched, the database's transactions and the scans of
the hot tables (events, rounds, seats) a second: a watched idle table reads nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from fanout_latency import NATS, fresh_database, start, start_nats, stop
from server_load import (
    NO_RATE_LIMIT,
    TEN_DICE,
    cpu_seconds,
    database_cpu_seconds,
    free_port,
    percentile,
)
from sqlalchemy import text
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.ledger.db import make_engine, upgrade
from croupier.ledger.significant_events import verify_significant_events
from croupier.rng import SecureRng
from croupier.server import schemas, service

SPOTS = ["pip_street:ace", "pip_street:two", "pip_street:three", "pip_street:four"]
NO_MORE_BETS = json.dumps({"command": {"type": "AnnounceNoMoreBets"}}).encode()
HOT = ("events", "rounds", "seats", "postings", "posting_lines")


# --- setting up in bulk ---------------------------------------------------------------
def bulk_tables(
    url: str,
    prefix: str,
    tables: int,
    per_table: int,
    settings: dict[str, Any],
    own: int | None = None,
) -> tuple[str, list[tuple[str, list[str]]]]:
    """``tables`` tables ``PREFIX-i`` with ``per_table`` seated, funded players each,
    made through the ledger directly (not over HTTP); returns the dealer's token and
    (table, player tokens) per table. Where ``own`` is given, only the first ``own``
    tables have players of their own; one funded player sits at every other table."""
    engine = make_engine(url)
    upgrade(engine)
    toml = TEN_DICE.read_text()
    rng = SecureRng()
    seated: list[tuple[str, list[str]]] = []
    with Session(engine) as session:
        _, dealer = repo.create_player(session, f"{prefix}-dealer", "dealer")
        shared, shared_token = repo.create_player(session, f"{prefix}-everywhere", "player")
        repo.deposit(session, shared.id, 10**10)
        session.commit()
        for i in range(tables):
            table = f"{prefix}-{i}"
            body = schemas.TableCreate.model_validate(
                {"id": table, "rules_toml": toml, "settings": {**NO_RATE_LIMIT, **settings}}
            )
            service.create_table(session, body, rng, by="load")
            tokens = []
            for seat in range(1, per_table + 1):
                if own is not None and i >= own:
                    service.join(session, shared, table, seat)
                    tokens.append(shared_token)
                    continue
                player, token = repo.create_player(session, f"{table}-p{seat}", "player")
                repo.deposit(session, player.id, 10**10)
                service.join(session, player, table, seat)
                tokens.append(token)
            seated.append((table, tokens))
            if i % 50 == 49:
                session.commit()
        session.commit()
    engine.dispose()
    return dealer, seated


# --- the client side ------------------------------------------------------------------
class Connection:
    """One keep-alive HTTP/1.1 connection (asyncio streams, a few tens of µs a request,
    so that the cores go to the servers); answers (status, headers, body)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def post(
        self, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, dict[bytes, bytes], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{head}\r\n".encode()
            + body
        )
        status_line = await self.reader.readline()
        if not status_line:
            self.close()
            raise ConnectionResetError("the server closed the connection")
        status = int(status_line.split(b" ", 2)[1])
        found: dict[bytes, bytes] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            found[name.strip().lower()] = value.strip()
        payload = await self.reader.readexactly(int(found.get(b"content-length", b"0")))
        if found.get(b"connection", b"").lower() == b"close":
            self.close()
        return status, found, payload


def order(round_id: str | None, version: int | None) -> tuple[int, int]:
    """A frame's place in its table's history: (round number, round version)."""
    if round_id is None:
        return (0, 0)
    return (int(round_id.rsplit("-", 1)[1]), version or 0)


@dataclass
class Watch:
    """One table's watching socket (its first player's) on a process other than the
    table's first: every frame's place, per connection, and the commands awaiting a
    frame."""

    table: str
    token: str
    port: int
    connections: list[list[tuple[int, int]]] = field(default_factory=list)
    pending: list[tuple[tuple[int, int], float, float]] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)
    """Per command: from its answer to the frame (the commit was before the answer)."""
    sent_delays: list[float] = field(default_factory=list)
    """Per command: from its sending to the frame (the commit was after the sending)."""
    task: asyncio.Task[None] | None = None

    def expect(self, place: tuple[int, int], sent: float, answered: float) -> None:
        seen = self.connections[-1][-1] if self.connections and self.connections[-1] else None
        if seen is not None and seen >= place:  # the frame came before the answer was read
            self.delays.append(0.0)
            self.sent_delays.append(answered - sent)
        else:
            self.pending.append((place, sent, answered))

    async def run(self, live: Callable[[int], int]) -> None:
        while True:
            frames: list[tuple[int, int]] = []
            self.connections.append(frames)
            uri = f"ws://127.0.0.1:{self.port}/tables/{self.table}/ws"
            try:
                async with websockets.connect(
                    uri, subprotocols=["croupier.bearer", self.token], max_queue=None
                ) as ws:  # type: ignore[list-item]
                    async for raw in ws:
                        data = json.loads(raw)["data"]
                        place = order(data["round_id"], data["round_version"])
                        frames.append(place)
                        now = time.perf_counter()
                        kept = []
                        for wanted, sent, answered in self.pending:
                            if wanted <= place:
                                self.delays.append(now - answered)
                                self.sent_delays.append(now - sent)
                            else:
                                kept.append((wanted, sent, answered))
                        self.pending = kept
            except (OSError, websockets.ConnectionClosed):
                pass
            self.port = live(self.port)  # its process died: another one
            await asyncio.sleep(0.05)

    def drop(self, live: Callable[[int], int]) -> None:
        """Close the socket; it is opened again at once (a subscriber that reconnects)."""
        if self.task is not None:
            self.task.cancel()
        self.task = asyncio.create_task(self.run(live))


@dataclass
class Tally:
    rounds: int = 0
    commands: int = 0
    retries: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    settled: set[str] = field(default_factory=set)
    """The rounds the clients saw settled (the dealer's "no more bets" answered
    ``completed``)."""


class Cluster:
    """The server processes' ports, which are alive, and the client side's routing."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.dead: set[int] = set()

    def home(self, i: int) -> int:
        """The live process table ``i``'s commands are first sent to."""
        alive = [p for p in self.ports if p not in self.dead]
        return alive[i % len(alive)]

    def live(self, port: int) -> int:
        """The next live process after ``port``."""
        alive = [p for p in self.ports if p not in self.dead]
        after = [p for p in alive if p > port]
        return (after or alive)[0]


async def table_loop(
    cluster: Cluster,
    table: str,
    tokens: list[str],
    dealer: str,
    first: int,
    tally: Tally,
    until: float,
    watch: Watch | None,
    gap: float = 0.0,
) -> None:
    """One table's client: rounds one after another until ``until``, ``gap`` seconds
    between one round's end and the next (0: at once, a closed loop)."""
    connections: dict[int, Connection] = {}
    port = first
    wagers = [
        json.dumps(
            {"command": {"type": "PlaceWager", "seat": s + 1, "spot": SPOTS[s], "amount": 500}}
        ).encode()
        for s in range(len(tokens))
    ]

    async def send(who: str, body: bytes, key: str) -> dict[str, Any] | None:
        nonlocal port
        for _ in range(600):
            connection = connections.setdefault(port, Connection(port))
            began = time.perf_counter()
            try:
                status, headers, payload = await connection.post(
                    f"/tables/{table}/commands",
                    body,
                    {"Authorization": f"Bearer {who}", "Idempotency-Key": key},
                )
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                connection.close()
                connections.pop(port, None)
                tally.retries += 1
                port = cluster.live(port)  # refused: its process died
                await asyncio.sleep(0.05)
                continue
            answered = time.perf_counter()
            tally.latencies.append(answered - began)
            tally.commands += 1
            if status in (421, 503, 504):  # the owner is away or stopping: the same key again
                tally.retries += 1
                owner = headers.get(b"croupier-owner", b"").decode()
                if status == 421 and owner:
                    port = int(owner.rsplit(":", 1)[1])
                    if port in cluster.dead:
                        port = cluster.live(port)
                await asyncio.sleep(0.1)
                continue
            if status != 200:
                tally.errors[str(status)] = tally.errors.get(str(status), 0) + 1
                return None
            owner = headers.get(b"croupier-owner", b"").decode()
            if owner:  # forwarded: its owner is there
                port = int(owner.rsplit(":", 1)[1])
            answer: dict[str, Any] = json.loads(payload)
            if watch is not None:
                watch.expect(order(answer["round_id"], answer["round_version"]), began, answered)
            return answer
        tally.errors["gave up"] = tally.errors.get("gave up", 0) + 1
        return None

    number = 0
    while time.perf_counter() < until:
        number += 1
        key = f"{table}-{number}"
        for seat, token in enumerate(tokens):
            await send(token, wagers[seat], f"{key}-w{seat}")
        answer = await send(dealer, NO_MORE_BETS, f"{key}-n")
        if answer is not None and answer["round_status"] == "completed":
            tally.rounds += 1
            tally.settled.add(answer["round_id"])
        if gap:
            await asyncio.sleep(gap)
    for connection in connections.values():
        connection.close()


# --- faults ---------------------------------------------------------------------------
async def faults(
    seconds: float,
    servers: dict[str, Any],
    cluster: Cluster,
    watches: list[Watch],
    log: list[str],
    cpu: dict[int, float],
) -> None:
    began = time.perf_counter()

    async def at(fraction: float) -> None:
        await asyncio.sleep(max(0.0, began + fraction * seconds - time.perf_counter()))

    await at(0.3)
    victim = cluster.ports[0]
    process = servers["procs"][victim]
    cpu[victim] = cpu_seconds(process.pid) - servers["cpu_before"][victim]
    process.send_signal(signal.SIGKILL)
    process.wait()
    cluster.dead.add(victim)
    log.append(f"{time.perf_counter() - began:5.1f} s: SIGKILLed the process on port {victim}")
    await at(0.5)
    servers["nats"].terminate()
    servers["nats"].wait()
    await asyncio.sleep(0.5)
    servers["nats"] = start_nats(servers["nats_port"], servers["store"])
    log.append(f"{time.perf_counter() - began:5.1f} s: the bus stopped for 0.5 s and started")
    await at(0.7)
    for watch in watches:
        watch.drop(cluster.live)
    log.append(f"{time.perf_counter() - began:5.1f} s: dropped {len(watches)} sockets")


async def load(
    cluster: Cluster,
    dealer: str,
    seated: list[tuple[str, list[str]]],
    seconds: float,
    watched: int,
    servers: dict[str, Any],
    cpu: dict[int, float],
    with_faults: bool,
    gap: float = 0.0,
) -> tuple[Tally, list[Watch], list[str]]:
    tally = Tally()
    n = len(cluster.ports)
    watches = [
        Watch(table, tokens[0], cluster.ports[(i + 1) % n])
        for i, (table, tokens) in enumerate(seated[:watched])
    ]
    for watch in watches:
        watch.task = asyncio.create_task(watch.run(cluster.live))
    deadline = time.perf_counter() + 20
    while any(not w.connections or not w.connections[-1] for w in watches):
        if time.perf_counter() > deadline:
            raise RuntimeError("the watching sockets did not open in 20 s")
        await asyncio.sleep(0.05)
    log: list[str] = []
    until = time.perf_counter() + seconds
    loops = [
        table_loop(
            cluster,
            table,
            tokens,
            dealer,
            cluster.ports[i % n],
            tally,
            until,
            watches[i] if i < watched else None,
            gap,
        )
        for i, (table, tokens) in enumerate(seated)
    ]
    jobs: list[Any] = loops
    if with_faults:
        jobs = [*loops, faults(seconds, servers, cluster, watches, log, cpu)]
    await asyncio.gather(*jobs)
    tally_seconds = time.perf_counter() - (until - seconds)
    log.append(f"load ran {tally_seconds:.1f} s")
    await asyncio.sleep(3.0)  # the last frames
    for watch in watches:
        if watch.task is not None:
            watch.task.cancel()
    await asyncio.gather(*(w.task for w in watches if w.task), return_exceptions=True)
    return tally, watches, log


# --- the checks -----------------------------------------------------------------------
def check(url: str, tally: Tally, watches: list[Watch], tables: list[str]) -> list[str]:
    """What must hold after the load and its faults; returns the failures (none: all
    held) and prints what was checked."""
    failures: list[str] = []
    engine = make_engine(url)
    with engine.connect() as connection:
        stored = {
            row[0]: order(row[1], row[2])
            for row in connection.execute(
                text(
                    "SELECT DISTINCT ON (table_id) table_id, id, version FROM rounds "
                    "ORDER BY table_id, number DESC"
                )
            )
        }
        completed = {
            row[0]
            for row in connection.execute(text("SELECT id FROM rounds WHERE status = 'completed'"))
        }
        two_open = connection.execute(
            text(
                "SELECT count(*) FROM (SELECT table_id FROM rounds WHERE status = 'open' "
                "GROUP BY table_id HAVING count(*) > 1) AS t"
            )
        ).scalar()
    twice = back = 0
    resent = 0
    for watch in watches:
        flat: list[tuple[int, int]] = []
        for frames in watch.connections:
            twice += sum(1 for x, y in itertools.pairwise(frames) if x == y)
            if flat and frames and frames[0] == flat[-1]:
                resent += 1  # a reconnect's first frame: the state it had seen, once more
            flat += frames
        back += sum(1 for x, y in itertools.pairwise(flat) if y < x)
        last = flat[-1] if flat else None
        if last != stored.get(watch.table, (0, 0)):
            failures.append(f"{watch.table}: last frame {last}, stored {stored.get(watch.table)}")
    print(
        f"  sockets: {len(watches)} watching, {sum(len(w.connections) for w in watches)} "
        f"connections, {sum(len(f) for w in watches for f in w.connections)} frames; "
        f"a state shown twice on one connection: {twice}; a frame going back: {back}; "
        f"a reconnect's first frame repeating the last seen: {resent}; last frame = stored "
        f"state: {len(watches) - len([f for f in failures if 'last frame' in f])}/{len(watches)}"
    )
    if twice or back:
        failures.append(f"{twice} states shown twice, {back} frames going back")
    lost = tally.settled - completed
    print(
        f"  rounds: {len(tally.settled)} settled as the clients saw them, "
        f"{len(completed)} completed in the database; seen settled but not stored: "
        f"{len(lost)}; tables with two open rounds: {two_open}"
    )
    if lost or two_open:
        failures.append(f"{len(lost)} settled rounds lost, {two_open} tables with 2 open rounds")
    with Session(engine) as session:
        total, lines = repo.ledger_total(session)
        bad = []
        for table in tables:
            chain = repo.verify_chain(session, table)
            money = repo.verify_money(session, table)
            if not (chain.ok and money.ok):
                bad.append(f"{table}: {chain.problem or money.problems[:1]}")
        logged = verify_significant_events(session)
    engine.dispose()
    print(
        f"  ledger total {total} (lines {lines}); chains and money of {len(tables)} tables: "
        f"{len(tables) - len(bad)} verify; significant events: "
        f"{'verify' if not logged else logged[:1]}"
    )
    if total or lines:
        failures.append(f"the ledger sums to {total}, its lines to {lines}")
    failures += bad + logged
    return failures


# --- idle tables ----------------------------------------------------------------------
def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def activity(url: str) -> dict[str, int]:
    """The database's transactions so far and the scans (sequential and by index) of
    each hot table and of the leases."""
    engine = make_engine(url)
    with engine.connect() as connection:
        found = {
            "transactions": int(
                connection.execute(
                    text(
                        "SELECT xact_commit + xact_rollback FROM pg_stat_database "
                        "WHERE datname = current_database()"
                    )
                ).scalar()
                or 0
            )
        }
        for name, scans in connection.execute(
            text(
                "SELECT relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) "
                "FROM pg_stat_user_tables"
            )
        ):
            found[name] = int(scans)
    engine.dispose()
    return found


async def open_idle(cluster: Cluster, seated: list[tuple[str, list[str]]], tally: Tally) -> None:
    """One wager at each table (a round opens, waiting an hour for more): 64 at a time."""
    limit = asyncio.Semaphore(64)

    async def one(i: int, table: str, tokens: list[str]) -> None:
        async with limit:
            connection = Connection(cluster.home(i))
            body = json.dumps(
                {"command": {"type": "PlaceWager", "seat": 1, "spot": SPOTS[0], "amount": 500}}
            ).encode()
            headers = {"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": f"idle-{table}"}
            for _ in range(100):
                try:
                    status, found, _ = await connection.post(
                        f"/tables/{table}/commands", body, headers
                    )
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                    connection.close()
                    await asyncio.sleep(0.1)
                    continue
                if status == 200:
                    tally.commands += 1
                    break
                owner = found.get(b"croupier-owner", b"").decode()
                if status == 421 and owner:
                    connection.close()
                    connection = Connection(int(owner.rsplit(":", 1)[1]))
                await asyncio.sleep(0.05)
            else:
                tally.errors["gave up"] = tally.errors.get("gave up", 0) + 1
            connection.close()

    await asyncio.gather(*(one(i, t, tok) for i, (t, tok) in enumerate(seated)))


async def idle_spell(
    url: str, cluster: Cluster, seated: list[tuple[str, list[str]]], watched: int, idle: float
) -> dict[str, Any]:
    watches = [
        Watch(table, tokens[0], cluster.home(i + 1))
        for i, (table, tokens) in enumerate(seated[:watched])
    ]
    for watch in watches:
        watch.task = asyncio.create_task(watch.run(cluster.live))
    while any(not w.connections or not w.connections[-1] for w in watches):
        await asyncio.sleep(0.05)
    # PostgreSQL's backends flush their statistics at most every second while busy and
    # 10 s after they fall idle: the last commands' counts first.
    await asyncio.sleep(11.0)
    before = activity(url)
    await asyncio.sleep(idle)
    after = activity(url)
    frames = sum(len(f) for w in watches for f in w.connections)
    for watch in watches:
        if watch.task is not None:
            watch.task.cancel()
    await asyncio.gather(*(w.task for w in watches if w.task), return_exceptions=True)
    rates = {name: (after[name] - before.get(name, 0)) / idle for name in after}
    return {"rates": rates, "frames_while_idle": frames - len(watches)}


# --- the run ----------------------------------------------------------------------------
def run(args: Any) -> None:
    if not Path(NATS).exists():
        print(f"skipped: no nats-server ({NATS})")
        return
    import tempfile

    workdir = Path(tempfile.mkdtemp(prefix="cluster-"))
    url, drop = fresh_database()
    servers: dict[str, Any] = {"store": workdir / "nats", "procs": {}, "cpu_before": {}}
    per_table = max(1, min(4, args.players // args.tables))
    try:
        began = time.perf_counter()
        dealer, seated = bulk_tables(url, "load", args.tables, per_table, {})
        print(
            f"set up {args.tables} tables, {per_table * args.tables} players "
            f"({per_table} a table) in {time.perf_counter() - began:.0f} s"
        )
        servers["nats_port"] = free_port()
        servers["nats"] = start_nats(servers["nats_port"], servers["store"])
        bus = f"nats://127.0.0.1:{servers['nats_port']}"
        ports = [free_port() for _ in range(args.processes)]
        for port in ports:
            servers["procs"][port] = start(url, port, workdir / f"{port}.log", bus, args.lease)
        cluster = Cluster(ports)
        cpu: dict[int, float] = {}
        for port in ports:
            servers["cpu_before"][port] = cpu_seconds(servers["procs"][port].pid)
        database_before = database_cpu_seconds()
        nats_before = cpu_seconds(servers["nats"].pid)
        tally, watches, log = asyncio.run(
            load(
                cluster,
                dealer,
                seated,
                args.seconds,
                min(args.watched, args.tables),
                servers,
                cpu,
                not args.no_faults,
                args.round_gap,
            )
        )
        for port in ports:
            if port not in cpu:
                cpu[port] = cpu_seconds(servers["procs"][port].pid) - servers["cpu_before"][port]
        database = database_cpu_seconds() - database_before
        nats_cpu = cpu_seconds(servers["nats"].pid)
        if not args.no_faults:  # the bus was restarted: its CPU since
            nats_before = 0.0
        for line in log:
            print(f"  {line}")
        elapsed = args.seconds
        delays = [d for w in watches for d in w.delays]
        sent_delays = [d for w in watches for d in w.sent_delays]
        load_average = os.getloadavg()
        ok = max(1, tally.commands)
        print(
            f"{args.processes} processes, {args.tables} tables, {per_table * args.tables} "
            f"players: {tally.rounds} rounds settled in {elapsed:.0f} s = "
            f"{tally.rounds / elapsed:.1f} rounds/s; {tally.commands} commands answered "
            f"({tally.retries} sent again after a refused connection, a 421 or a 503), "
            f"errors {tally.errors or 'none'}"
        )
        print(
            f"  command latency p50 {1000 * percentile(tally.latencies, 0.5):.1f} ms, "
            f"p99 {1000 * percentile(tally.latencies, 0.99):.1f} ms; "
            f"server CPU {1000 * sum(cpu.values()) / ok:.2f} ms a command "
            f"(PostgreSQL {1000 * database / ok:.2f} ms, nats-server "
            f"{1000 * (nats_cpu - nats_before) / ok:.3f} ms)"
        )
        if delays:
            print(
                f"  commit to frame on another process ({len(delays)} commands at "
                f"{len(watches)} watched tables), between the answer to the frame: p50 "
                f"{1000 * statistics.median(delays):.1f} ms, p99 "
                f"{1000 * percentile(delays, 0.99):.1f} ms, and the sending to the frame: p50 "
                f"{1000 * statistics.median(sent_delays):.1f} ms, p99 "
                f"{1000 * percentile(sent_delays, 0.99):.1f} ms (target p99 <= 20 ms); load "
                f"average at the end {load_average[0]:.2f}, {load_average[1]:.2f}"
            )
        failures = check(url, tally, watches, [t for t, _ in seated])
        print("  checks: " + ("all held" if not failures else f"FAILED: {failures[:5]}"))
        if args.idle_tables:
            idle_tables(args, url, cluster, servers)
    finally:
        for proc in servers["procs"].values():
            if proc.poll() is None:
                stop(proc)
        if "nats" in servers and servers["nats"].poll() is None:
            stop(servers["nats"])
        drop()
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


def idle_tables(args: Any, url: str, cluster: Cluster, servers: dict[str, Any]) -> None:
    live = [p for p in cluster.ports if p not in cluster.dead]
    began = time.perf_counter()
    _, seated = bulk_tables(
        url, "idle", args.idle_tables, 1, {"betting_seconds": 3600}, own=args.watched
    )
    print(f"idle: set up {args.idle_tables} more tables in {time.perf_counter() - began:.0f} s")
    rss = {p: rss_bytes(servers["procs"][p].pid) for p in live}
    tally = Tally()
    began = time.perf_counter()
    asyncio.run(open_idle(cluster, seated, tally))
    opened = time.perf_counter() - began
    time.sleep(2.0)
    grown = {p: rss_bytes(servers["procs"][p].pid) - rss[p] for p in live}
    print(
        f"idle: {args.idle_tables} tables opened (a wager each, a round open, its deadline "
        f"an hour away) in {opened:.0f} s by {len(live)} processes; their memory grew "
        f"{sum(grown.values()) / 2**20:.1f} MiB = "
        f"{sum(grown.values()) / args.idle_tables / 1024:.1f} KiB a table "
        f"(per process: {', '.join(f'{g / 2**20:.0f} MiB' for g in grown.values())})"
    )
    spell = asyncio.run(idle_spell(url, cluster, seated, args.watched, args.idle))
    rates = spell["rates"]
    hot = {name: rates.get(name, 0.0) for name in HOT}
    print(
        f"idle: {args.watched} of them watched, over {args.idle:.0f} s: "
        f"{rates['transactions']:.1f} database transactions a second, table_leases scans "
        f"{rates.get('table_leases', 0.0):.1f} a second, hot tables' scans a second "
        + ", ".join(f"{k} {v:.1f}" for k, v in hot.items())
        + f"; frames sent while idle: {spell['frames_while_idle']}; per idle watched table: "
        f"{sum(hot.values()) / max(1, args.watched):.3f} hot-table scans a second"
    )
