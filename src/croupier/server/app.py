"""The table server: a FastAPI application over the ledger (see docs/architecture.md).

Every request runs in one database transaction. Money-moving requests carry an
``Idempotency-Key`` header; the first answer is stored with the request's
effects, in the same transaction, and a retry with the same key gets it back
without moving money again.
"""

import asyncio
import contextlib
import functools
import hashlib
import json
import math
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Header, Request, WebSocket
from fastapi.dependencies.models import Dependant
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, StringConstraints, TypeAdapter, ValidationError
from sqlalchemy import URL, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route

import croupier
from croupier.citations import basis
from croupier.errors import (
    CroupierError,
    IllegalCommand,
    NoSign,
    NotYourTurn,
    RulesSubmissionError,
)
from croupier.errors import Unauthorized as Unauthorized
from croupier.ledger import repository as repo
from croupier.ledger.db import make_engine, sqlite_file, transient, upgrade, wal_checkpoint
from croupier.ledger.gaming_day import gaming_day_of
from croupier.ledger.models import Account, Player
from croupier.rng import Rng, SecureRng
from croupier.server import (
    addresses,
    browser,
    driver,
    equipment,
    fanout,
    floor,
    legacy,
    schemas,
    seals,
    service,
)
from croupier.server.ratelimit import DEFAULT, Buckets, RateLimited
from croupier.server.stall import STALLS, Stalls
from croupier.server.writer import RETRIES, ShuttingDown, Writer, try_again

M = TypeVar("M", bound=BaseModel)
JSON = "application/json"
_KEY: TypeAdapter[str] = TypeAdapter(
    Annotated[str, StringConstraints(min_length=1, max_length=200)]
)
"""The ``Idempotency-Key`` header's constraints (the same as the declared ``Key``)."""
MAX_BODY_BYTES = 1 << 20
"""The largest request body the server reads (413 beyond): a Rules Submission is at most
100,000 characters, a command a few hundred bytes."""

PROBLEMS: dict[int | str, dict[str, Any]] = {
    401: {"model": schemas.Problem, "description": "No or unknown bearer token."},
    403: {"model": schemas.Problem, "description": "The caller's role or seat may not."},
    404: {"model": schemas.Problem, "description": "No such player, table or round."},
    409: {
        "model": schemas.Problem,
        "description": "Refused in the state as it stands (the rule is cited): wrong phase, "
        "a balance too small, a stale round version; or (server:try-again) the database "
        "undid the request to break a deadlock with another, after the server's own "
        "retries: nothing was done, send it again with the same Idempotency-Key.",
    },
}


def status_of(error: CroupierError) -> int:
    if isinstance(error, RateLimited):
        return 429
    if isinstance(error, Unauthorized):
        return 401
    if isinstance(error, service.AccessDenied):
        return 403
    if isinstance(error, repo.NotFound | NoSign):
        return 404
    if isinstance(error, IllegalCommand) and not isinstance(error, NotYourTurn):
        return 422
    if isinstance(error, RulesSubmissionError | service.Unprocessable):
        return 422
    if isinstance(error, ShuttingDown):
        return 503
    return 409


def _finite(value: Any) -> Any:
    """``value`` (JSON-like) with every NaN or infinite float written as its text."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def _utc_now() -> datetime:
    return datetime.now(UTC)


_REFUSED_422 = (
    "Unprocessable: a field that fails validation (`detail`: a list naming each field) "
    "or a request a cited rule refuses (`detail`: why, `cite`: the rule)."
)


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's OpenAPI description, with each 422 answer described as it is sent: either
    FastAPI's validation error or a :class:`~croupier.server.schemas.Problem` citing the
    rule (a Rules Submission refused, a seat that does not exist, an Idempotency-Key used
    for another request, a wager the rules refuse); the 400 of a request whose body
    cannot be read at all and the 413 of one too large to be read; and every integer a
    request carries said to be written without a decimal point (:data:`WHOLE_NUMBER`)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    schema = FastAPI.openapi(app)
    either = {
        "anyOf": [
            {"$ref": "#/components/schemas/HTTPValidationError"},
            {"$ref": "#/components/schemas/Problem"},
        ]
    }
    unreadable = {
        "description": "A body that cannot be read at all (not UTF-8): `cite` http:body.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
    too_large = {
        "description": f"A body over {MAX_BODY_BYTES // 2**20} MiB, the most the server reads: "
        "refused before it is read, nothing done.",
        "content": {"text/plain": {"schema": {"type": "string", "example": "Content Too Large"}}},
    }
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            if "requestBody" in operation:
                operation["responses"].setdefault("400", unreadable)
                operation["responses"].setdefault("413", too_large)
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
    serving (:mod:`croupier.server.stall`: a deadline that passes in one is extended).
    """
    trusted = addresses.TrustedProxies.of(forwarded_allow_ips)
    lock = writer_lock(db_url)
    # SQLite: the WAL's checkpoints run in the writer, outside the processes' lock.
    engine = make_engine(db_url, autocheckpoint=lock is None)
    if migrate:
        upgrade(engine)
    source: Rng = rng or SecureRng()
    if not sealed_draws:
        source = seals.Unsealed(source)
    now: Callable[[], datetime] = clock or _utc_now
    stalls = Stalls(now, stall_seconds)
    sessions = sessionmaker(engine, expire_on_commit=False, info={STALLS: stalls})
    stalls.watch(sessions)
    with sessions() as reading:  # where events stored before sealing may be (0006)
        chains = legacy.LegacyChains.at_start(reading)
        gaming_day_of(reading)  # a zone this host cannot read stops it here, not at a round's end
    hub = fanout.Hub(sessions, source, now, limits=socket_limits)
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
    limits = command_limits or Buckets(DEFAULT)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        sweeping = None if sweep_seconds is None else asyncio.create_task(hub.sweep(sweep_seconds))
        yield
        if sweeping is not None:
            sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeping
        await run_in_threadpool(writer.close)  # the commands queued before shutdown first
        # The pool's connections closed: SQLite's last one checkpoints and removes the WAL.
        await run_in_threadpool(engine.dispose)

    app = FastAPI(
        lifespan=lifespan,
        title="croupier table server",
        version=croupier.__version__,
        description="Pennsylvania table games (58 Pa. Code Subpart K) over HTTP: players, "
        "wallets, tables, rounds, commands and their hash-chained events.",
        max_body_size=MAX_BODY_BYTES,
    )
    app.state.engine = engine
    app.state.stalls = stalls
    app.state.hub = hub
    app.openapi = functools.partial(_openapi, app)  # type: ignore[method-assign]
    app.state.writer = writer
    app.state.command_limits = limits
    app.state.trusted_proxies = trusted
    bearer = HTTPBearer(auto_error=False)

    @app.exception_handler(CroupierError)
    def _croupier_error(_request: Request, error: CroupierError) -> JSONResponse:
        code = status_of(error)
        headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
        if isinstance(error, RateLimited):
            headers = {"Retry-After": str(error.retry_after)}
        problem = schemas.Problem(detail=error.told, cite=error.cite, cite_basis=basis(error.cite))
        body = problem.model_dump(exclude_none=True)
        return JSONResponse(body, status_code=code, headers=headers)

    def _database_error(request: Request, error: Exception) -> JSONResponse:
        """A deadlock or serialization failure the database broke by undoing the request
        (a request the server does not run again itself): 409, nothing was done, send it
        again; any other database error stays a 500. Raised through SQLAlchemy, or by
        the driver itself (the statements run on the DB-API connection)."""
        if transient(error):
            return _croupier_error(request, try_again(error))
        raise error

    app.add_exception_handler(DBAPIError, _database_error)
    app.add_exception_handler(engine.dialect.dbapi.Error, _database_error)  # type: ignore[union-attr]

    @app.exception_handler(400)
    async def _unreadable(_request: Request, error: StarletteHTTPException) -> Response:
        """A body FastAPI could not parse at all (not UTF-8): a Problem like every other
        refusal."""
        body = schemas.Problem(detail=f"{error.detail}: send JSON in UTF-8", cite="http:body")
        return JSONResponse(body.model_dump(exclude_none=True), status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, error: RequestValidationError) -> Response:
        """A malformed request to an endpoint that needs a bearer token, sent with no token
        or an unknown one, answers 401 first: who asks comes before what they asked."""
        route = request.scope.get("route")
        if isinstance(route, APIRoute) and secured(route.dependant):
            credentials = await bearer(request)
            if (
                credentials is None
                or await run_in_threadpool(known, credentials.credentials) is None
            ):
                return _croupier_error(request, unauthorized(credentials))
        # FastAPI's own answer, with what JSON cannot carry (NaN, Infinity sent as input)
        # written as text: it once made the 422 itself fail, as a 500.
        detail = _finite(jsonable_encoder(error.errors()))
        return JSONResponse({"detail": detail}, status_code=422)

    def secured(dependant: Dependant) -> bool:
        return dependant.call is bearer or any(secured(d) for d in dependant.dependencies)

    def known(token: str) -> Player | None:
        with sessions() as db:
            return repo.player_by_token(db, token)

    def unauthorized(credentials: HTTPAuthorizationCredentials | None) -> Unauthorized:
        if credentials is None:
            return Unauthorized("send a bearer token (Authorization: Bearer ...)", "server:auth")
        return Unauthorized("this bearer token belongs to nobody", "server:auth")

    @app.exception_handler(ValidationError)
    def _command_invalid(_request: Request, error: ValidationError) -> JSONResponse:
        detail = [
            {"loc": ["body", "command", *item["loc"]], "msg": item["msg"], "type": item["type"]}
            for item in error.errors(include_url=False)
        ]
        return JSONResponse({"detail": detail}, status_code=422)

    def session() -> Iterator[Session]:
        with sessions() as s:
            yield s

    Db = Annotated[Session, Depends(session)]  # noqa: N806

    def caller(
        db: Db, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
    ) -> Player:
        player = None if credentials is None else repo.player_by_token(db, credentials.credentials)
        if player is None:
            raise unauthorized(credentials)
        return player

    Caller = Annotated[Player, Depends(caller)]  # noqa: N806
    Key = Annotated[  # noqa: N806
        str,
        Header(
            alias="Idempotency-Key",
            min_length=1,
            max_length=200,
            description="A key unique to this request; a retry with it gets the first answer.",
        ),
    ]

    def role(player: Player, *roles: str) -> None:
        if player.role not in roles:
            raise service.AccessDenied(
                f"this needs the role {' or '.join(roles)}, not {player.role}", "server:roles"
            )

    def fingerprint(request: Request, body: BaseModel) -> str:
        """What a request with an ``Idempotency-Key`` asked: its method, path and body."""
        asked = [request.method, request.url.path, body.model_dump(mode="json")]
        return hashlib.sha256(json.dumps(asked, sort_keys=True).encode()).hexdigest()

    def stored(db: Session, player: Player, key: str, asked: str) -> Response | None:
        """The first answer to ``player``'s request with ``key``, or ``None``; 422 when the
        key was used for another request."""
        found = repo.stored_answer(db, player.id, key)
        return None if found is None else first_answer(found, asked)

    def first_answer(found: repo.StoredAnswer, asked: str) -> Response:
        """The stored answer of a request sent again; 422 when the key was used for
        another request."""
        if found.request_sha256 != asked:
            raise service.Unprocessable(
                "this Idempotency-Key was used for a different request",
                "server:idempotency-key",
            )
        return Response(found.response_json, status_code=found.status_code, media_type=JSON)

    def answer_once(
        db: Session, player: Player, key: str, asked: str, code: int, run: Callable[[], M]
    ) -> Response:
        """Run ``run`` unless ``key`` was answered before, in the caller's transaction; the
        answer is serialized once, stored with the key and sent as stored (no second
        validation against the response model)."""
        if (first := stored(db, player, key, asked)) is not None:
            return first
        return remember(db, player, key, asked, code, run())

    def remember(
        db: Session, player: Player, key: str, asked: str, code: int, answer: BaseModel
    ) -> Response:
        """``answer`` serialized once, stored with ``key`` in the caller's transaction and
        sent as stored."""
        text = answer.model_dump_json()
        repo.store_answer(db, player.id, key, repo.StoredAnswer(asked, code, text))
        return Response(text, status_code=code, media_type=JSON)

    def idempotent(
        db: Session,
        player: Player,
        key: str,
        request: Request,
        body: BaseModel,
        code: int,
        run: Callable[[], M],
    ) -> Response:
        """Run ``run`` once per (caller, key) in a transaction of its own and answer with
        its JSON (:func:`answer_once`, then the commit); run again, up to
        :data:`~croupier.server.writer.RETRIES` times, where the database undid it to
        break a deadlock (then :class:`~croupier.errors.TryAgain`, 409)."""
        asked = fingerprint(request, body)
        for attempt in range(RETRIES + 1):
            try:
                answer = answer_once(db, player, key, asked, code, run)
                db.commit()
            except (IntegrityError, repo.StaleVersion):
                db.rollback()
                if (first := stored(db, player, key, asked)) is not None:  # sent twice at once
                    return first
                raise
            except BaseException as error:
                db.rollback()
                if not transient(error):
                    raise
                if attempt == RETRIES:  # undone by a deadlock every time
                    raise try_again(error) from error
                continue
            return answer
        raise AssertionError("unreachable: the last attempt returns or raises")

    # --- players and money -------------------------------------------------------------
    @app.post("/players", status_code=201, response_model=schemas.PlayerCreated, responses=PROBLEMS)
    def create_player(body: schemas.PlayerCreate, db: Db, me: Caller) -> schemas.PlayerCreated:
        """Admin: a new player, dealer or admin; the bearer token is returned once."""
        role(me, "admin")
        player, token = repo.create_player(db, body.name, body.role)
        db.commit()
        return schemas.PlayerCreated(
            id=player.id, name=player.name, role=player.role, balance=0, token=token
        )

    @app.get("/players/me", response_model=schemas.PlayerOut, responses=PROBLEMS)
    def me(db: Db, me: Caller) -> schemas.PlayerOut:
        """The caller and their wallet's balance."""
        return schemas.PlayerOut(
            id=me.id, name=me.name, role=me.role, balance=repo.balance(db, me.id)
        )

    def money(kind: str) -> Any:
        def endpoint(
            player_id: str,
            body: schemas.MoneyIn,
            request: Request,
            db: Db,
            me: Caller,
            key: Key,
        ) -> Response:
            role(me, "admin")

            def run() -> schemas.MoneyOut:
                if db.get(Player, player_id) is None:
                    raise repo.NotFound(f"no player {player_id!r}", "ledger")
                move = repo.deposit if kind == "deposit" else repo.withdraw
                posting = move(db, player_id, body.amount)
                return schemas.MoneyOut(
                    player_id=player_id,
                    posting_id=posting.id,
                    amount=body.amount,
                    balance=repo.balance(db, player_id),
                )

            return idempotent(db, me, key, request, body, 201, run)

        endpoint.__doc__ = f"Admin: a {kind} of play money (cents) to or from a wallet."
        return endpoint

    app.post(
        "/players/{player_id}/deposits",
        status_code=201,
        response_model=schemas.MoneyOut,
        responses=PROBLEMS,
        name="deposit",
    )(money("deposit"))
    app.post(
        "/players/{player_id}/withdrawals",
        status_code=201,
        response_model=schemas.MoneyOut,
        responses=PROBLEMS,
        name="withdraw",
    )(money("withdrawal"))

    @app.get("/ledger", response_model=schemas.LedgerOut, responses=PROBLEMS)
    def ledger(db: Db, me: Caller) -> schemas.LedgerOut:
        """Admin: every account and the two sums that must be zero."""
        role(me, "admin")
        accounts = db.scalars(select(Account).order_by(Account.id))
        total, lines = repo.ledger_total(db)
        return schemas.LedgerOut(
            accounts=[schemas.AccountOut.model_validate(a, from_attributes=True) for a in accounts],
            total=total,
            lines_total=lines,
        )

    # --- tables ----------------------------------------------------------------------------
    @app.post("/tables", status_code=201, response_model=schemas.TableOut, responses=PROBLEMS)
    def create_table(body: schemas.TableCreate, db: Db, me: Caller) -> schemas.TableOut:
        """Admin: a table for a game under a Rules Submission (JSON or TOML)."""
        role(me, "admin")
        out = service.create_table(db, body, hub.rng)
        db.commit()
        return out

    @app.get("/tables/{table_id}", response_model=schemas.TableOut, responses=PROBLEMS)
    def get_table(table_id: str, db: Db, me: Caller) -> schemas.TableOut:
        """A table, its rules and its seats."""
        return service.table_out(db, repo.get_table(db, table_id))

    @app.post(
        "/tables/{table_id}/seats",
        status_code=201,
        response_model=schemas.SeatOut,
        responses=PROBLEMS,
    )
    def join(table_id: str, body: schemas.SeatIn, db: Db, me: Caller) -> schemas.SeatOut:
        """A player takes a free seat; it plays from the next round that opens."""
        out = service.join(db, me, table_id, body.seat, body.seed_commitment)
        db.commit()
        hub.changed(table_id)
        return out

    @app.post(
        "/tables/{table_id}/commands",
        response_model=schemas.CommandOut,
        responses={
            **PROBLEMS,
            422: {
                "description": "A command that is not valid JSON for the game, or a wager "
                "the rules refuse (the rule is cited)."
            },
            429: {
                "model": schemas.Problem,
                "description": "Too many commands from the caller at this table "
                "(server:rate-limit); the Retry-After header gives the seconds to wait.",
            },
            503: {
                "model": schemas.Problem,
                "description": "The server is shutting down (server:shutdown): nothing was "
                "done; send the command again.",
            },
        },
    )
    async def command(
        table_id: str,
        body: schemas.CommandIn,
        request: Request,
        key: Key,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> Response:
        """A player's command for their seat, or a dealer's. With no round open, the command
        opens the next one. After the command the server takes the dealer steps that involve
        no choice (High Roll Dice: after "no more bets", the throw, the call and any Extra
        Roll). Events, postings and the round's version are stored in one transaction."""
        return await run_command(request, table_id, body, key, credentials)

    async def lean_command(request: Request) -> Response:
        """``POST /tables/{table_id}/commands`` as :func:`command` declares it, without
        FastAPI's per-request work (dependency solving and parameter validation took a
        fifth of a command's CPU; docs/performance.md): the bearer token, the
        ``Idempotency-Key`` header and the body are read and validated here, with the
        same answers (401 before 422; 422 naming the header or the body's field)."""
        credentials = await bearer(request)
        if credentials is None:  # refused before its body is read
            raise unauthorized(credentials)
        errors: list[dict[str, Any]] = []
        key = request.headers.get("idempotency-key")
        if key is None:
            errors.append(
                {"type": "missing", "loc": ("header", "Idempotency-Key"), "msg": "Field required"}
            )
        else:
            try:
                key = _KEY.validate_python(key)
            except ValidationError as error:
                errors += located(error, "header", "Idempotency-Key")
        raw_body = await request.body()
        body = None
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if not raw_body:
            errors.append({"type": "missing", "loc": ("body",), "msg": "Field required"})
        elif not (media.startswith("application/") and media.endswith(("/json", "+json"))):
            errors.append(
                {
                    "type": "model_attributes_type",
                    "loc": ("body",),
                    "msg": "send the command as JSON (Content-Type: application/json)",
                }
            )
        else:
            try:
                body = schemas.CommandIn.model_validate_json(raw_body)
            except ValidationError as error:
                errors += located(error, "body")
        if errors or body is None or key is None:
            if await run_in_threadpool(known, credentials.credentials) is None:
                raise unauthorized(credentials)
            raise RequestValidationError(errors)
        return await run_command(request, request.path_params["table_id"], body, key, credentials)

    def located(error: ValidationError, *where: str) -> list[dict[str, Any]]:
        def shown(value: Any) -> Any:  # the body as sent may not be UTF-8
            return value.decode(errors="replace") if isinstance(value, bytes) else value

        return [
            {
                "type": e["type"],
                "loc": (*where, *e["loc"]),
                "msg": e["msg"],
                "input": shown(e["input"]),
            }
            for e in error.errors(include_url=False, include_context=False)
        ]

    async def run_command(
        request: Request,
        table_id: str,
        body: schemas.CommandIn,
        key: str,
        credentials: HTTPAuthorizationCredentials | None,
    ) -> Response:
        asked = fingerprint(request, body)
        counted = False  # the rate limit counts the request once, not the server's retries

        def run(db: Session, check_deadline: bool) -> Response:
            nonlocal counted
            me = caller(db, credentials)
            if not counted:
                settings = service.table_settings(db, table_id)  # per process: read once
                limit = limits.for_table(settings.rate_limit_per_second, settings.rate_limit_burst)
                limits.take(me.id, table_id, limit)  # 429 before the command is read
                counted = True
            moment = now()
            due_by = moment if check_deadline else None
            # The table, the round, the seat and the key's stored answer in one query.
            head = repo.command_head(db, table_id, me.id, due_by, key)
            if head.answer is not None:
                return first_answer(head.answer, asked)
            out = service.handle_command(db, me, table_id, body, source, due_by, head=head)
            return remember(
                db, me, key, asked, 200, driver.after_command(db, out, source, moment, me, chains)
            )

        def recover(db: Session, error: BaseException) -> Response:
            if isinstance(error, IntegrityError | repo.StaleVersion):
                first = stored(db, caller(db, credentials), key, asked)
                if first is not None:  # the same request, sent twice at once
                    return first
            raise error

        # Run by the process's writer, committed with the commands waiting beside it.
        out: Response = await writer.run(table_id, run, recover)
        hub.changed(table_id)
        return out

    # Served by the lean route; the declaration above documents it (OpenAPI).
    app.router.routes.insert(
        0,
        Route(
            "/tables/{table_id}/commands", lean_command, methods=["POST"], include_in_schema=False
        ),
    )

    @app.get("/tables/{table_id}/view", response_model=schemas.ViewOut, responses=PROBLEMS)
    def view(table_id: str, db: Db, me: Caller) -> schemas.ViewOut:
        """The caller's view of the table's round and what they may send now."""
        if driver.due(db, table_id, now()):  # a deadline passed: its timeout comes first
            db.commit()  # end this read (SQLite: its lock) before the timeouts' writes
            hub.expire(table_id)
        return service.view(db, me, table_id, now())

    @app.websocket("/tables/{table_id}/ws")
    async def watch(websocket: WebSocket, table_id: str, token: str = "") -> None:
        """The caller's view, pushed on connect and after every change at the table
        (``{"type": "view", "data": <GET /tables/{table_id}/view>}``). The bearer token
        goes as the subprotocols ``croupier.bearer, TOKEN`` (``new WebSocket(url,
        ["croupier.bearer", token])``; the server answers ``croupier.bearer``), which
        keeps it out of the URL and so out of any log, or as the ``token`` query
        parameter. A bad token is refused with close code 4401."""
        offered = websocket.scope.get("subprotocols") or []
        if len(offered) == 2 and offered[0] == fanout.BEARER_PROTOCOL:
            await hub.serve(websocket, table_id, offered[1], fanout.BEARER_PROTOCOL)
        else:
            await hub.serve(websocket, table_id, token)

    @app.get("/tables/{table_id}/verify", response_model=schemas.VerifyOut, responses=PROBLEMS)
    def verify(table_id: str, db: Db, me: Caller) -> schemas.VerifyOut:
        """Dealer or admin: audit the table: recompute its event hash chain and check its
        money (the postings' hash chains, each posting balanced, each round's postings
        against what replaying the round pays, every account against its postings, the
        ledger summing to zero). ``problems`` names each event, posting or account that
        does not verify."""
        role(me, "dealer", "admin")
        return service.verify(db, table_id)

    @app.get("/rounds/{round_id}/replay", response_model=schemas.ReplayOut, responses=PROBLEMS)
    def replay(round_id: str, db: Db, me: Caller) -> schemas.ReplayOut:
        """Dealer or admin: the round rebuilt from its stored events, for a dispute."""
        role(me, "dealer", "admin")
        return service.replay(db, round_id)

    floor.register(app, session, caller, PROBLEMS)  # reports, Rules Submissions, recall
    equipment.register(app, session, caller, PROBLEMS)  # the table's state, out of order
    browser.register(app, session, caller, PROBLEMS)  # the lobby's endpoints and /play/
    return app
