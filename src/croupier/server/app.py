"""The table server: a FastAPI application over the ledger (see docs/architecture.md),
assembled here from its parts: the endpoints by resource (:mod:`croupier.server.routes`),
the error handlers (:mod:`croupier.server.handlers`), the lifespan (:func:`lifespan`)
and the OpenAPI description (:func:`_openapi`).

Every request runs in one database transaction. Money-moving requests carry an
``Idempotency-Key`` header; the first answer is stored with the request's
effects, in the same transaction, and a retry with the same key gets it back
without moving money again (:mod:`croupier.server.idempotency`).
"""

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from sqlalchemy import URL, Engine
from sqlalchemy.orm import sessionmaker
from starlette.concurrency import run_in_threadpool

import croupier
from croupier.ledger.db import make_engine, sqlite_file, upgrade, wal_checkpoint
from croupier.ledger.gaming_day import gaming_day_of
from croupier.ledger.models import now
from croupier.rng import Rng, SecureRng
from croupier.server import (
    addresses,
    fanout,
    handlers,
    idempotency,
    legacy,
    scaleout,
    seals,
    uptime,
)
from croupier.server.body_limit import MAX_BODY_BYTES, TooLarge
from croupier.server.browser import SIGNUP_LIMIT
from croupier.server.gate import Gate
from croupier.server.ratelimit import DEFAULT, Buckets
from croupier.server.routes import (
    client,
    commands,
    equipment,
    floor,
    oversight,
    players,
    protection,
    rounds,
    tables,
    training,
)
from croupier.server.routes.deps import Server
from croupier.server.security_headers import SecurityHeaders
from croupier.server.selfcheck import Schedule, schedule
from croupier.server.stall import STALLS, Stalls
from croupier.server.writer import Writer

ANSWERS_KEPT = timedelta(hours=24)
"""How long a command's stored answer is kept whole by default (then rebuilt from its
events when the request is sent again: :mod:`croupier.server.idempotency`)."""

log = logging.getLogger(__name__)


def forget_old_answers(app: FastAPI) -> int:
    """Forget the JSON of the command answers stored longer ago than the app's retention
    window (``answers_kept``, by its clock); returns how many. The lifespan runs it at
    start and then every quarter of the window (at most every hour)."""
    server: Server = app.state.server
    before = server.clock() - app.state.answers_kept
    return idempotency.forget(server.sessions, before)


async def _forgetting(app: FastAPI) -> None:
    every = min(app.state.answers_kept / 4, timedelta(hours=1)).total_seconds()
    while True:
        try:
            await run_in_threadpool(forget_old_answers, app)
        except Exception:  # a database busy or gone for a moment: the next time
            log.exception("forgetting the command answers past their window failed")
        await asyncio.sleep(every)


_REFUSED_422 = (
    "Unprocessable: a request whose fields fail validation (`cite` http:validation; "
    "`detail`: a sentence for each field, `problems`: each with its place) or one a "
    "cited rule refuses (`detail`: why, `cite`: the rule)."
)


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's OpenAPI description, with each 422 answer described as it is sent: a
    :class:`~croupier.server.schemas.Problem`, in sentences for fields that fail validation
    (:mod:`croupier.server.invalid`) or citing the rule (a Rules Submission refused, a seat
    that does not exist, an Idempotency-Key used for another request, a wager the rules
    refuse); the 400 of a request whose body cannot be read at all, the 413 of one too
    large to be read and the 415 of one not sent as JSON; and every integer a request
    carries said to be written without a decimal point (:data:`WHOLE_NUMBER`)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    schema = FastAPI.openapi(app)
    either = {"$ref": "#/components/schemas/Problem"}
    unreadable = {
        "description": "A body that cannot be read at all (not UTF-8): `cite` http:body.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
    too_large = {
        "description": f"A body over {MAX_BODY_BYTES // 2**20} MiB, the most the server reads: "
        "refused before it is read, nothing done (`cite` http:body).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
    not_json = {
        "description": "A body not sent as JSON (Content-Type: application/json): text, a "
        "form or no content type (`cite` http:validation, `detail` says how to send it).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            if "requestBody" in operation:
                operation["responses"].setdefault("400", unreadable)
                operation["responses"].setdefault("413", too_large)
                operation["responses"].setdefault("415", not_json)
            for parameter in operation.get("parameters", []):
                _whole_numbers(parameter.get("schema", {}), schema)
            body = operation.get("requestBody", {}).get("content", {})
            for media in body.values():
                _whole_numbers(media.get("schema", {}), schema)
            answer = operation.get("responses", {}).get("422")
            if answer is not None:
                answer["content"] = {"application/json": {"schema": either}}
                if answer.get("description") in (None, "", "Validation Error"):
                    answer["description"] = _REFUSED_422
    for unsent in ("HTTPValidationError", "ValidationError"):  # never sent (invalid.py)
        schema.get("components", {}).get("schemas", {}).pop(unsent, None)
    app.openapi_schema = schema
    return schema


WHOLE_NUMBER = (
    "A JSON integer, written without a decimal point or exponent: 45, not 45.0 or 4.5e1 "
    "(refused 422)."
)
"""What the OpenAPI description says of every integer a request carries: the server reads
them strictly, where JSON Schema would count 45.0 as an integer (issue #38)."""


def _whole_numbers(node: Any, schema: dict[str, Any], seen: set[str] | None = None) -> None:
    """Add :data:`WHOLE_NUMBER` to the description of every integer in ``node`` (a JSON
    Schema in ``schema``'s OpenAPI description, its ``$ref`` followed once each)."""
    seen = set() if seen is None else seen
    if isinstance(node, list):
        for item in node:
            _whole_numbers(item, schema, seen)
        return
    if not isinstance(node, dict):
        return
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/components/schemas/") and ref not in seen:
        seen.add(ref)
        _whole_numbers(schema["components"]["schemas"][ref.rsplit("/", 1)[1]], schema, seen)
    if node.get("type") == "integer" and WHOLE_NUMBER not in node.get("description", ""):
        node["description"] = f"{node.get('description', '')} {WHOLE_NUMBER}".strip()
    for key, value in node.items():
        if key != "description":
            _whole_numbers(value, schema, seen)


def writer_lock(url: str | URL) -> Path | None:
    """The lock file through which the processes sharing a SQLite file take turns at
    writing (:class:`~croupier.server.writer.Writer`): ``FILE-writer.lock`` beside the
    database; ``None`` for PostgreSQL and in-memory SQLite."""
    file = sqlite_file(url)
    return None if file is None else Path(f"{file}-writer.lock")


DESCRIPTION = (
    "Pennsylvania table games (58 Pa. Code Subpart K) over HTTP: players, "
    "wallets, tables, rounds, commands and their hash-chained events."
)


def create_app(
    db_url: str,
    *,
    rng: Rng | None = None,
    migrate: bool = True,
    clock: Callable[[], datetime] | None = None,
    command_limits: Buckets | None = None,
    write_batch: int = 32,
    sweep_seconds: float | None = None,
    forwarded_allow_ips: Sequence[str] = (),
    socket_limits: fanout.SocketLimits | None = None,
    sealed_draws: bool = True,
    stall_seconds: float = 2.0,
    selfcheck: Schedule | None = None,
    idle_timeout: timedelta | None = None,
    scale: scaleout.Scale | None = None,
    answers_kept: timedelta = ANSWERS_KEPT,
) -> FastAPI:
    """The table server on the database at ``db_url``; applies the migrations first
    (unless ``migrate`` is false: a worker whose parent migrated).

    ``rng`` is the random source of every round (default :class:`SecureRng`); ``clock``
    gives the time (aware UTC) the betting and decision deadlines are measured by;
    ``command_limits`` the token buckets that limit each caller's commands at a table
    where the table's settings set no limit of their own (default
    :data:`croupier.server.ratelimit.DEFAULT`); ``write_batch`` the most commands one
    transaction commits together (:mod:`croupier.server.writer`; 1: one transaction per
    command); ``sweep_seconds``, where set, how often the server applies by itself the
    timeouts due at every table (:meth:`fanout.Hub.sweep`), so that a round nobody watches
    or asks about does not stay open past its deadline (``croupier serve``: 1 s);
    ``forwarded_allow_ips`` the reverse proxies whose ``X-Forwarded-For`` header gives a
    request's client address (addresses, networks or ``*``; default none: the header is
    ignored, :mod:`croupier.server.addresses`). Raises ``ValueError`` for an empty entry,
    and :class:`~croupier.ledger.gaming_day.GamingDayError` where the gaming day set in the
    database names a time zone this host's time-zone database lacks.
    ``socket_limits`` bounds the WebSockets a process keeps open per player and per table,
    and the connections their reads take (default :class:`fanout.SocketLimits`);
    ``sealed_draws`` false (tests that script the dice) draws every round from ``rng``
    directly, as before sealed draws: no seed sealed, nothing announced
    (:class:`croupier.server.seals.Unsealed`); ``croupier serve`` always seals;
    ``stall_seconds`` how long a wait for the database must be to count as the server not
    serving (:mod:`croupier.server.stall`: a deadline that passes in one is extended);
    ``selfcheck``, where given, when the server verifies its critical files by itself (at
    start and every 24 hours by ``clock``; :mod:`croupier.server.selfcheck`; ``croupier
    serve`` always does), and which package folder ``POST /selfcheck`` checks.
    ``idle_timeout`` how long a player's session may go without a request before he must
    sign in again (GLI-19 2.5.4; ``None``, the default here: never; ``croupier serve``:
    30 minutes unless ``--idle-minutes`` says otherwise).
    ``scale``, where given, is how changes reach the sockets and deadlines are kept
    (:mod:`croupier.server.scaleout`: the embedded server, or a bus and leases); none:
    the sockets poll and ``sweep_seconds`` applies the deadlines.
    ``answers_kept`` how long a command's stored answer is kept whole (default 24 h; then
    a retry with its ``Idempotency-Key`` is answered from its events:
    :func:`forget_old_answers`). Raises ``ValueError`` where it is not positive."""
    trusted = addresses.TrustedProxies.of(forwarded_allow_ips)
    server, engine, stalls = _server(
        db_url,
        migrate=migrate,
        rng=rng if sealed_draws else seals.Unsealed(rng or SecureRng()),
        clock=clock or now,
        stall_seconds=stall_seconds,
        limits=command_limits or Buckets(DEFAULT),
        socket_limits=socket_limits,
        write_batch=write_batch,
        idle=idle_timeout,
    )
    app = FastAPI(
        lifespan=lifespan,
        title="croupier table server",
        version=croupier.__version__,
        description=DESCRIPTION,
    )
    _keep(app, server, engine, stalls, trusted, sweep_seconds, selfcheck, answers_kept)
    app.openapi = functools.partial(_openapi, app)  # type: ignore[method-assign]
    handlers.install(app, engine.dialect.dbapi.Error)  # type: ignore[union-attr]
    _route(app)
    _wrap(app, scale)
    return app


def _wrap(app: FastAPI, scale: scaleout.Scale | None) -> None:
    """The middleware around the routes, innermost first: the body limit, the forwarding
    of another process's tables (``scale``), the security headers of every answer (a
    forwarded one too)."""
    app.add_middleware(TooLarge)
    if scale is not None:
        scaleout.install(app, scale)
    app.add_middleware(SecurityHeaders)


def _keep(
    app: FastAPI,
    server: Server,
    engine: Engine,
    stalls: Stalls,
    trusted: addresses.TrustedProxies,
    sweep_seconds: float | None,
    selfcheck: Schedule | None,
    answers_kept: timedelta,
) -> None:
    """What the endpoints, the handlers and :func:`lifespan` read from ``app.state``: the
    server's parts, the engine, the stall watch, the trusted proxies, the sign-up buckets,
    the sweep's period, the self-checks' schedule and how long answers are kept whole.
    Raises ``ValueError`` where ``answers_kept`` is not positive."""
    if answers_kept <= timedelta(0):
        raise ValueError(f"answers_kept must be positive, not {answers_kept}")
    app.state.answers_kept = answers_kept
    app.state.server = server
    app.state.engine = engine
    app.state.stalls = stalls
    app.state.hub = server.hub
    app.state.writer = server.writer
    app.state.command_limits = server.limits
    app.state.trusted_proxies = trusted
    app.state.signup_limits = Buckets(SIGNUP_LIMIT)
    app.state.sweep_seconds = sweep_seconds
    app.state.selfcheck = selfcheck


RESOURCES = (
    players,
    protection,
    tables,
    commands,
    rounds,
    floor,
    equipment,
    oversight,
    training,
    client,
)
"""The endpoints by resource (:mod:`croupier.server.routes`), each module's ``router``
included in this order."""


def _route(app: FastAPI) -> None:
    """Add every resource's endpoints (:data:`RESOURCES`), mount the browser client's
    files, and put the lean command endpoint first (:data:`commands.LEAN`: it serves what
    ``commands.command`` documents).

    The routes themselves are added, not their routers included: FastAPI builds an
    included router's routes again for each app, at its first request (a validator for
    each parameter, body and answer: about 0.2 s), where a route added is the one built
    when its module was imported, shared by every app of the process."""
    for resource in RESOURCES:
        app.router.routes.extend(resource.router.routes)
    client.mount(app)
    app.router.routes.insert(0, commands.LEAN)


def _server(
    db_url: str,
    *,
    migrate: bool,
    rng: Rng | None,
    clock: Callable[[], datetime],
    stall_seconds: float,
    limits: Buckets,
    socket_limits: fanout.SocketLimits | None,
    write_batch: int,
    idle: timedelta | None,
) -> tuple[Server, Engine, Stalls]:
    """The application's parts (:class:`~croupier.server.routes.deps.Server`) over the
    database at ``db_url`` (migrated first where ``migrate``), its engine and the watch on
    its stalls; the arguments are :func:`create_app`'s."""
    lock = writer_lock(db_url)
    # SQLite: the WAL's checkpoints run in the writer, outside the processes' lock.
    engine = make_engine(db_url, autocheckpoint=lock is None)
    if migrate:
        upgrade(engine)
    source: Rng = rng or SecureRng()
    stalls = Stalls(clock, stall_seconds)
    sessions = sessionmaker(engine, expire_on_commit=False, info={STALLS: stalls})
    stalls.watch(sessions)
    with sessions() as reading:  # where events stored before sealing may be (0006)
        chains = legacy.LegacyChains.at_start(reading)
        gaming_day_of(reading)  # a zone this host cannot read stops it here, not at a round's end
    gate = Gate(idle, clock)
    hub = fanout.Hub(
        sessions,
        source,
        clock,
        limits=socket_limits,
        admit=lambda db, player: gate.admit(db, player, activity=False),
        trusted=gate.trusted,
    )
    # Commands are committed in groups by writer threads (croupier.server.writer): one on
    # SQLite, whose one writer at a time serializes them anyway; on PostgreSQL two, each
    # with a connection of the pool, so that one batch's round trips overlap the other's
    # work (three or more measured no better on two cores: docs/performance.md).
    threads = 1 if engine.dialect.name == "sqlite" else 2
    writer = Writer(
        sessions,
        hub.expire,
        threads=threads,
        batch=write_batch,
        lock_file=lock,
        checkpoint=None if lock is None else functools.partial(wal_checkpoint, engine),
    )
    server = Server(sessions, source, clock, hub, writer, limits, chains, gate)
    return server, engine, stalls


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """While ``app`` serves: the sweep of the timeouts due (every ``sweep_seconds``, where
    set), the self-checks (where ``selfcheck`` was given), and its start, stop and clock
    steps recorded as significant events (:mod:`croupier.server.uptime`); at its end, the commands
    queued before shutdown written, then the database's connections closed (SQLite: the
    last one checkpoints and removes the WAL)."""
    server: Server = app.state.server
    every = app.state.sweep_seconds
    sweeping = None if every is None else asyncio.create_task(server.hub.sweep(every))
    plan: Schedule | None = app.state.selfcheck
    checking = None
    if plan is not None:
        checking = asyncio.create_task(
            schedule(
                server.sessions,
                server.clock,
                root=plan.root,
                every=plan.every,
                poll_seconds=plan.poll_seconds,
                at_start=plan.at_start,
                checked=server.hub.refreshed_all,  # the sockets show or clear it at once
            )
        )
    forgetting = asyncio.create_task(_forgetting(app))
    async with uptime.recorded(app, server.sessions, server.clock):  # GLI-19 2.8.8
        yield
    forgetting.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await forgetting
    if checking is not None:
        checking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await checking
    if sweeping is not None:
        sweeping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeping
    await run_in_threadpool(server.writer.close)  # the commands queued before shutdown first
    scaled: scaleout.Scaled | None = getattr(app.state, "scaled", None)
    if scaled is not None:  # the bus, the timers; the leases given up
        await run_in_threadpool(scaled.close)
    await run_in_threadpool(app.state.engine.dispose)
