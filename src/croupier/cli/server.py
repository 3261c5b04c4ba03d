"""`croupier serve`, `croupier db upgrade`, `croupier players add`, `croupier verify`,
`croupier replay`: the table server and its database from the command line."""

from __future__ import annotations

import copy
import json
import logging
import re
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.ledger.db import DEFAULT_URL

if TYPE_CHECKING:
    from fastapi import FastAPI
    from sqlalchemy import Engine


def database_url(value: str) -> str:
    """``--db`` as a database URL: a URL as given, a plain file path as that SQLite file
    (``games.sqlite`` -> ``sqlite:///games.sqlite``)."""
    return value if "://" in value else f"sqlite:///{value}"


Db = Annotated[
    str,
    typer.Option(
        "--db",
        help="Database: a SQLite file (a path, or sqlite:///FILE; default: croupier.sqlite "
        "here) or postgresql+psycopg://USER@HOST:PORT/DB.",
        callback=database_url,
    ),
]


USAGE_ERROR = 2
"""The exit code of a command that cannot run as asked."""


def fail(message: str) -> typer.Exit:
    """Say ``message`` on standard error; the exit to raise (:data:`USAGE_ERROR`)."""
    typer.echo(message, err=True)
    return typer.Exit(USAGE_ERROR)


def fail_error(message: str) -> typer.Exit:
    """:func:`fail` with ``error: `` before ``message``."""
    return fail(f"error: {message}")


DB_VARIABLE = "CROUPIER_DB"
"""The environment variable that hands ``croupier serve``'s database URL to its workers."""
RATE_VARIABLE = "CROUPIER_RATE_LIMIT"
"""The environment variable that hands ``--rate-limit`` and ``--rate-burst`` to the workers
(``PER_SECOND,BURST``)."""
SOCKETS_VARIABLE = "CROUPIER_SOCKET_LIMITS"
"""The environment variable that hands ``--sockets-per-player`` and ``--sockets-per-table``
to the workers (``PER_PLAYER,PER_TABLE``)."""
FORWARDED_VARIABLE = "CROUPIER_FORWARDED_ALLOW_IPS"
"""The environment variable that hands ``--forwarded-allow-ips`` to the workers (the
entries joined by commas; empty: none)."""
IDLE_VARIABLE = "CROUPIER_IDLE_MINUTES"
"""The environment variable that hands ``--idle-minutes`` to the workers."""
ANSWERS_VARIABLE = "CROUPIER_ANSWERS_KEPT_HOURS"
"""The environment variable that hands ``--answers-kept-hours`` to the workers."""
SIGNUP_VARIABLE = "CROUPIER_SIGNUP_LIMIT"
"""Play-money sign-ups per client address (``PER_SECOND,BURST``) in place of
:data:`croupier.server.browser.SIGNUP_LIMIT`, e.g. for a test that signs many players up."""
SCALE_VARIABLE = "CROUPIER_SCALE"
"""The environment variable that hands ``--bus``, ``--address`` and ``--lease-seconds``
to the worker (``BUS ADDRESS SECONDS``, space-separated; ``-`` for no bus: the embedded
server, one process on SQLite; unset: processes sharing a database without a bus, whose
sockets poll)."""
SELFCHECK_VARIABLE = "CROUPIER_SELFCHECK"
"""``1``: each worker checks the critical files every 24 hours (the parent checked them
at start); ``0``: ``croupier serve --no-selfcheck``."""


_TOKEN = re.compile(r"([?&](?:token|access_token)=)[^&\s\"']*", re.IGNORECASE)


def redact_tokens(text: str) -> str:
    """``text`` with the value of every ``token=`` query parameter replaced by ``***``
    (``/tables/t/ws?token=abc&x=1`` -> ``/tables/t/ws?token=***&x=1``)."""
    return _TOKEN.sub(r"\1***", text)


class TokenRedactor(logging.Filter):
    """A logging filter that keeps bearer tokens out of the server's log: uvicorn logs a
    WebSocket connect (``"WebSocket /tables/t/ws?token=..." [accepted]``) and every request
    with its query string; the message and its string arguments are passed through
    :func:`redact_tokens`. Installed on uvicorn's handlers by ``croupier serve``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`TokenRedactor` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": TokenRedactor}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config


def app_from_environment() -> FastAPI:
    """The app of one ``croupier serve`` worker, on the database named by ``CROUPIER_DB``
    (already migrated by the parent process)."""
    import os

    from croupier.server import create_app
    from croupier.server.fanout import SocketLimits
    from croupier.server.ratelimit import DEFAULT, Buckets, RateLimit
    from croupier.server.selfcheck import Schedule

    limit = DEFAULT
    if rate := os.environ.get(RATE_VARIABLE):
        per_second, burst = rate.split(",")
        limit = RateLimit(per_second=float(per_second), burst=int(burst))
    # Each worker applies the deadlines due by itself, once a second (another process
    # that applied one first is harmless: its stale version is refused).
    proxies = [ip for ip in os.environ.get(FORWARDED_VARIABLE, "").split(",") if ip.strip()]
    sockets = None
    if given := os.environ.get(SOCKETS_VARIABLE):
        per_player, per_table = given.split(",")
        sockets = SocketLimits(per_player=int(per_player), per_table=int(per_table))
    checks = os.environ.get(SELFCHECK_VARIABLE, "1") == "1"
    idle_minutes = float(os.environ.get(IDLE_VARIABLE, "30"))
    answers_hours = float(os.environ.get(ANSWERS_VARIABLE, "24"))
    scale = None
    if given := os.environ.get(SCALE_VARIABLE):
        from croupier.server.scaleout import Scale

        bus, address, seconds = given.split(" ")
        scale = Scale(
            bus=None if bus == "-" else bus, address=address, lease_seconds=float(seconds)
        )
    app = create_app(
        os.environ[DB_VARIABLE],
        migrate=False,
        scale=scale,
        selfcheck=Schedule(at_start=False) if checks else None,
        idle_timeout=timedelta(minutes=idle_minutes) if idle_minutes > 0 else None,
        command_limits=Buckets(limit),
        sweep_seconds=1.0,
        forwarded_allow_ips=proxies,
        socket_limits=sockets,
        answers_kept=timedelta(hours=answers_hours),
    )
    if signups := os.environ.get(SIGNUP_VARIABLE):
        per_second, burst = signups.split(",")
        app.state.signup_limits = Buckets(RateLimit(per_second=float(per_second), burst=int(burst)))
    return app


STARTER_BETTING_SECONDS = 15
"""Starter tables close the betting this long after the first wager (a table setting)."""


def _settle_interrupted(engine: Engine, beside_others: bool) -> list[str]:
    """The rounds a start voids (:func:`croupier.server.interrupted.settle_interrupted`);
    ``beside_others`` (``--bus``): the tables other live processes deal are left alone,
    their rounds are in play, not interrupted."""
    import time

    from sqlalchemy.orm import Session

    from croupier.server.interrupted import settle_interrupted
    from croupier.server.lease import dealt

    with Session(engine) as session:
        in_play = dealt(session, time.time()) if beside_others else set()
    return settle_interrupted(engine, dealt=in_play)


def open_starter_tables(engine: Engine) -> list[str]:
    """Open one table per game (its id the game's name, the default Rules Submission)
    and one per other rule set its spec names (:attr:`~croupier.game.GameSpec.variants`:
    Mini-Craps, High Roll Dice's six dice and 2014 rules), betting closing
    :data:`STARTER_BETTING_SECONDS` after the first wager, when the database has no table
    at all; return the ids opened (none on a database in use)."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from croupier.ledger.models import GameTable
    from croupier.ledger.significant_events import SYSTEM
    from croupier.registry import GAMES
    from croupier.rng import SecureRng
    from croupier.server import schemas, service

    with Session(engine) as session:
        if session.scalars(select(GameTable.id).limit(1)).first() is not None:
            return []
        settings = schemas.TableSettings(betting_seconds=STARTER_BETTING_SECONDS)
        opened = []
        for game, spec in GAMES.items():
            for table_id, rules in {game: {}, **spec.variants}.items():
                body = schemas.TableCreate(
                    id=table_id, rules={"game": game, **rules}, settings=settings
                )
                service.create_table(session, body, SecureRng(), by=SYSTEM)
                opened.append(table_id)
        session.commit()
    return opened


def existing(db: str, *, migrate: bool = False) -> Any:
    """The engine of an existing croupier database at ``db`` (with ``migrate``, brought
    to the latest schema); exit 2 with a message (nothing created) where there is none,
    or it cannot be reached."""
    from sqlalchemy import exc, inspect

    from croupier.ledger.db import make_engine, sqlite_file, upgrade

    try:
        file = sqlite_file(db)
        if file is not None and not file.is_file():
            raise fail(f"no database at {file}: give the server's --db")
        engine = make_engine(db)
        if not inspect(engine).has_table("tables"):
            raise fail(f"{db} holds no croupier tables: give the server's --db")
        if migrate:
            upgrade(engine)
    except (exc.SQLAlchemyError, ValueError) as error:
        raise fail(f"cannot open the database {db}: {error}") from error
    return engine


def migrated(db: str) -> Any:
    """The engine of the database at ``db`` with the migrations applied (a SQLite file
    is created if need be); exit 2 with a message where it cannot be opened."""
    from sqlalchemy import exc

    from croupier.ledger.db import make_engine, upgrade

    try:
        engine = make_engine(db)
        upgrade(engine)
    except (exc.SQLAlchemyError, ValueError) as error:
        raise fail(f"cannot open the database {db}: {error}") from error
    return engine


def db_upgrade(db: Db = DEFAULT_URL) -> None:
    """Apply the schema's migrations (Alembic) up to the newest."""
    migrated(db).dispose()
    typer.echo(f"{db}: schema up to date")


def players_add(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The name shown at the tables.")],
    role: Annotated[str, typer.Option(help="player, dealer or admin")] = "player",
    db: Db = DEFAULT_URL,
) -> None:
    """Create a player (an admin to bootstrap the server) and print its bearer token."""
    from pydantic import ValidationError
    from sqlalchemy.orm import Session

    from croupier.errors import LedgerError
    from croupier.ledger import names, repository
    from croupier.ledger.significant_events import OPERATOR, granted
    from croupier.server.schemas import PlayerCreate

    try:  # the API's own rules for a name and a role
        PlayerCreate.model_validate({"name": name, "role": role})
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in problem["loc"])
        raise fail(f"{field}: {problem['msg']} (given {problem['input']!r})") from error
    engine = migrated(db)
    with Session(engine) as session:
        player, token = repository.create_player(session, name, role)
        try:  # as at sign-up: a name another account holds is refused
            names.claim(player)
        except LedgerError as error:
            engine.dispose()
            raise fail(f"{error} (given {name!r})") from error
        granted(session, player, OPERATOR)
        player_id = player.id
        session.commit()
    engine.dispose()
    typer.echo(json.dumps({"id": player_id, "name": name, "role": role, "token": token}))


Host = Annotated[str, typer.Option(help="Interface to listen on.")]
Port = Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")]
Workers = Annotated[
    int,
    typer.Option(
        min=1,
        help="Server processes sharing the port and the database (SQLite or "
        "PostgreSQL); two use both cores of a two-core machine.",
    ),
]
AccessLog = Annotated[bool, typer.Option(help="Log every request.")]
RatePerSecond = Annotated[
    float,
    typer.Option(
        min=0.001,
        help="Commands a second each caller may send at a table (server:rate-limit), "
        "where the table's settings set no rate_limit_per_second; each of the "
        "--workers counts on its own.",
    ),
]
RateBurst = Annotated[
    int,
    typer.Option(
        min=1,
        help="Commands each caller may send at once at a table, where the table's "
        "settings set no rate_limit_burst.",
    ),
]
StarterTables = Annotated[
    bool,
    typer.Option(
        help="On a database with no tables, open one table per game with its "
        "default Rules Submission, so that the lobby has somewhere to play."
    ),
]
ForwardedAllowIps = Annotated[
    str,
    typer.Option(
        help="The reverse proxies (addresses or networks, comma-separated; * for "
        "any) whose X-Forwarded-For header gives a request's client address, for "
        "the play-money sign-up limit per address. Default: none, the header is "
        "ignored (anyone can write it).",
    ),
]
SocketsPerPlayer = Annotated[
    int,
    typer.Option(
        min=1,
        help="Live table views (WebSockets) one player may keep open in each of "
        "the --workers; one more is closed at once, saying why.",
    ),
]
SocketsPerTable = Annotated[
    int,
    typer.Option(min=1, help="Live table views (WebSockets) one table may have in each worker."),
]
Selfcheck = Annotated[
    bool,
    typer.Option(
        help="Verify croupier's critical files against the build's manifest at "
        "start and every 24 hours (GLI-19 2.3.2); a failure stops the tables "
        "dealing. --no-selfcheck: a development checkout whose files changed since "
        "`make manifest`.",
    ),
]
IdleMinutes = Annotated[
    float,
    typer.Option(
        min=0,
        help="Minutes a player's session may go without a request before he must "
        "sign in again (GLI-19 2.5.4); 0: never.",
    ),
]
AnswersKeptHours = Annotated[
    float,
    typer.Option(
        min=0.01,
        help="Hours a command's stored answer is kept whole; a command sent again "
        "with its Idempotency-Key after that is answered from its stored events.",
    ),
]
Bus = Annotated[
    str | None,
    typer.Option(
        help="The NATS server (JetStream on) that carries every committed change to "
        "the other server processes (nats://HOST:PORT; docs/scaling.md): run any "
        "number of `croupier serve --bus` on PostgreSQL, one process each, each "
        "dealing the tables it holds the lease of. Without it, on SQLite, one process "
        "deals every table; processes sharing a database without a bus (--workers "
        "N, or PostgreSQL) find each other's changes by polling.",
    ),
]
Address = Annotated[
    str,
    typer.Option(
        help="With --bus: the address clients reach this process at, which the "
        "others name to a command for a table this process deals (default: "
        "http://HOST:PORT).",
    ),
]
LeaseSeconds = Annotated[
    float,
    typer.Option(
        min=0.1,
        help="With --bus: how long a table's lease holds unless renewed; a dead "
        "process's tables are taken over that long after.",
    ),
]


def serve(
    db: Db = DEFAULT_URL,
    host: Host = "127.0.0.1",
    port: Port = 8000,
    workers: Workers = 1,
    access_log: AccessLog = True,
    rate_limit: RatePerSecond = 20.0,
    rate_burst: RateBurst = 40,
    starter_tables: StarterTables = True,
    forwarded_allow_ips: ForwardedAllowIps = "",
    sockets_per_player: SocketsPerPlayer = 16,
    sockets_per_table: SocketsPerTable = 256,
    selfcheck: Selfcheck = True,
    idle_minutes: IdleMinutes = 30.0,
    answers_kept_hours: AnswersKeptHours = 24.0,
    bus: Bus = None,
    address: Address = "",
    lease_seconds: LeaseSeconds = 10.0,
) -> None:
    """Run the table server (FastAPI on uvicorn); applies the migrations first.

    With --workers N, N processes share the port and the database; with --bus, this
    is one of any number of processes on any number of machines (docs/scaling.md).
    """
    import os

    import uvicorn

    proxies = _check_serve_options(forwarded_allow_ips, bus, workers)
    engine = _ready_database(db, starter_tables, beside_others=bus is not None, check=selfcheck)
    os.environ[SELFCHECK_VARIABLE] = "1" if selfcheck else "0"
    os.environ[DB_VARIABLE] = db
    os.environ[RATE_VARIABLE] = f"{rate_limit!r},{rate_burst}"
    os.environ[FORWARDED_VARIABLE] = ",".join(proxies)
    os.environ[SOCKETS_VARIABLE] = f"{sockets_per_player},{sockets_per_table}"
    os.environ[IDLE_VARIABLE] = repr(idle_minutes)
    os.environ[ANSWERS_VARIABLE] = repr(answers_kept_hours)
    if bus is not None or (workers == 1 and engine.dialect.name == "sqlite"):
        shown_at = address or f"http://{host}:{port}"
        os.environ[SCALE_VARIABLE] = f"{bus or '-'} {shown_at} {lease_seconds!r}"
    else:
        os.environ.pop(SCALE_VARIABLE, None)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"croupier: open http://{shown}:{port}/play/ in a browser")
    uvicorn.run(
        "croupier.cli.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        access_log=access_log,
        log_config=log_config(),  # no bearer token in the log (TokenRedactor)
        # uvicorn by default believes X-Forwarded-For from 127.0.0.1: the app decides
        # (croupier.server.addresses), from the proxies named by --forwarded-allow-ips.
        proxy_headers=False,
    )


def _check_serve_options(forwarded_allow_ips: str, bus: str | None, workers: int) -> list[str]:
    """The proxies ``--forwarded-allow-ips`` names; exit 2 with a message for one that is
    not an address or a network, or a ``--bus`` that is not a NATS URL or is given with
    ``--workers``."""
    from croupier.server.addresses import TrustedProxies

    proxies = forwarded_allow_ips.split(",") if forwarded_allow_ips.strip() else []
    try:
        TrustedProxies.of(proxies)
    except ValueError as error:
        raise fail(str(error)) from error
    if bus is not None and workers > 1:
        raise fail(
            "--bus: run one process per port (each deals its own tables and is named by "
            "its --address), not --workers"
        )
    if bus is not None and not bus.startswith(("nats://", "tls://")):
        raise fail(f"--bus: a NATS server's URL, nats://HOST:PORT, not {bus!r}")
    return proxies


def _ready_database(db: str, starter_tables: bool, *, beside_others: bool, check: bool) -> Any:
    """The engine of ``db`` (disposed), migrated, with the starter tables opened where
    asked, the interrupted rounds voided and, with ``check``, the critical files verified,
    each said on standard output; exit 2 for an in-memory SQLite database."""
    from croupier.ledger.db import sqlite_file

    engine = migrated(db)
    if engine.dialect.name == "sqlite" and sqlite_file(engine.url) is None:
        raise fail(
            f"{db}: an in-memory database lives and dies with one connection, and the "
            "server opens several: give a file (sqlite:///FILE) or PostgreSQL"
        )
    if starter_tables:
        for table_id in open_starter_tables(engine):
            typer.echo(f"croupier: opened table {table_id} (default Rules Submission)")
    for round_id in _settle_interrupted(engine, beside_others):
        typer.echo(f"croupier: round {round_id}, interrupted by the server's stop, is void")
    if check:
        from sqlalchemy.orm import Session

        from croupier.server.selfcheck import run

        with Session(engine) as session:
            result = run(session)
            session.commit()
        typer.echo(f"croupier: {result.words()}", err=not result.passed)
    else:
        _say_a_failed_selfcheck_stands(engine)
    engine.dispose()
    return engine


def _say_a_failed_selfcheck_stands(engine: Any) -> None:
    """Under --no-selfcheck, warn (standard error) where the last self-check recorded
    failed: it still stops the tables dealing (GLI-19 2.3.2), since not checking is not
    a pass, and say how to clear it."""
    from sqlalchemy.orm import Session

    from croupier.server.selfcheck import SelfCheckFailed, check_dealing

    with Session(engine) as session:
        try:
            check_dealing(session)
        except SelfCheckFailed as failed:
            typer.echo(
                f"croupier: warning: {failed.reason}; --no-selfcheck does not clear it "
                "(GLI-19 2.3.2): rebuild the manifest (`make manifest`) or restore the "
                "files, then run `croupier selfcheck`",
                err=True,
            )


def verify(
    table: Annotated[
        str | None,
        typer.Argument(metavar="TABLE", help="The table's id (none: the significant events only)."),
    ] = None,
    db: Db = DEFAULT_URL,
) -> None:
    """Audit a table: its event hash chain, and its money (the postings' hash chains,
    each posting balanced, each round's postings against what replaying it pays,
    every account against its postings, the ledger summing to zero); and the
    significant-events log's hash chain (an entry edited, forged or deleted). Exit 1,
    naming each problem, if it does not verify."""
    from sqlalchemy.orm import Session

    from croupier.ledger import repository
    from croupier.ledger.significant_events import (
        significant_events_count,
        verify_significant_events,
    )
    from croupier.server import service

    with Session(existing(db)) as session:
        if table is None:
            problems = verify_significant_events(session)
            count = significant_events_count(session)
            if not problems:
                typer.echo(f"significant events: {count} entries, chain verifies")
                return
            typer.echo("significant events: DO NOT VERIFY:", err=True)
            for problem in problems:
                typer.echo(f"  - {problem}", err=True)
            raise typer.Exit(1)
        try:
            report = service.verify(session, table)
        except repository.NotFound as error:
            raise fail(str(error)) from error
    if report.ok:
        typer.echo(
            f"table {table}: {report.events} events, chain verifies, head {report.head_hash}"
        )
        typer.echo(
            f"table {table}: {report.postings} postings, money verifies (chains, "
            f"balanced postings, rounds replayed, accounts, ledger total zero), "
            f"head {report.postings_head}"
        )
        typer.echo(f"significant events: {report.significant_events} entries, chain verifies")
        return
    typer.echo(f"table {table}: DOES NOT VERIFY:", err=True)
    for problem in report.problems:
        typer.echo(f"  - {problem}", err=True)
    raise typer.Exit(1)


def replay(
    round_id: Annotated[str, typer.Argument(metavar="ROUND", help="The round's id, e.g. dice-1.")],
    db: Db = DEFAULT_URL,
) -> None:
    """Rebuild a round from its stored events and print them with the final view (JSON)."""
    from sqlalchemy.orm import Session

    from croupier.ledger import repository
    from croupier.server import service

    with Session(existing(db)) as session:
        try:
            out = service.replay(session, round_id)
        except repository.NotFound as error:
            raise fail(str(error)) from error
    typer.echo(out.model_dump_json(indent=2))


def register(app: typer.Typer) -> None:
    db_app = typer.Typer(help="The table server's database.", no_args_is_help=True)
    players_app = typer.Typer(help="Players, dealers and admins.", no_args_is_help=True)
    app.add_typer(db_app, name="db")
    app.add_typer(players_app, name="players")
    db_app.command("upgrade")(db_upgrade)
    players_app.command("add")(players_add)
    app.command("serve")(serve)
    app.command("verify")(verify)
    app.command("replay")(replay)
