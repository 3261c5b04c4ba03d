"""The table server: a FastAPI application over the ledger (see docs/architecture.md).

Every request runs in one database transaction. Money-moving requests carry an
``Idempotency-Key`` header; the first answer is stored with the request's
effects, in the same transaction, and a retry with the same key gets it back
without moving money again.
"""

import hashlib
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Header, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

import croupier
from croupier.errors import CroupierError, IllegalCommand, NotYourTurn, RulesSubmissionError
from croupier.ledger import repository as repo
from croupier.ledger.db import make_engine, upgrade
from croupier.ledger.models import Account, Player
from croupier.rng import Rng, SecureRng
from croupier.server import browser, driver, fanout, schemas, service
from croupier.server.ratelimit import DEFAULT, Buckets, RateLimited

M = TypeVar("M", bound=BaseModel)
JSON = "application/json"

PROBLEMS: dict[int | str, dict[str, Any]] = {
    401: {"model": schemas.Problem, "description": "No or unknown bearer token."},
    403: {"model": schemas.Problem, "description": "The caller's role or seat may not."},
    404: {"model": schemas.Problem, "description": "No such player, table or round."},
    409: {
        "model": schemas.Problem,
        "description": "Refused in the state as it stands (the rule is cited): wrong phase, "
        "a balance too small, a stale round version.",
    },
}


class Unauthorized(CroupierError):
    """No bearer token, or one that belongs to nobody."""


def status_of(error: CroupierError) -> int:
    if isinstance(error, RateLimited):
        return 429
    if isinstance(error, Unauthorized):
        return 401
    if isinstance(error, service.AccessDenied):
        return 403
    if isinstance(error, repo.NotFound):
        return 404
    if isinstance(error, IllegalCommand) and not isinstance(error, NotYourTurn):
        return 422
    if isinstance(error, RulesSubmissionError | service.Unprocessable):
        return 422
    return 409


def _utc_now() -> datetime:
    return datetime.now(UTC)


def create_app(
    db_url: str,
    *,
    rng: Rng | None = None,
    migrate: bool = True,
    clock: Callable[[], datetime] | None = None,
    command_limits: Buckets | None = None,
) -> FastAPI:
    """The table server on the database at ``db_url``; applies the migrations first
    (unless ``migrate`` is false: a worker whose parent migrated).

    ``rng`` is the random source of every round (default :class:`SecureRng`); ``clock``
    gives the time (aware UTC) the betting and decision deadlines are measured by;
    ``command_limits`` the token buckets that limit each caller's commands at a table
    where the table's settings set no limit of their own (default
    :data:`croupier.server.ratelimit.DEFAULT`).
    """
    engine = make_engine(db_url)
    if migrate:
        upgrade(engine)
    sessions = sessionmaker(engine, expire_on_commit=False)
    source: Rng = rng or SecureRng()
    now: Callable[[], datetime] = clock or _utc_now
    hub = fanout.Hub(sessions, source, now)
    limits = command_limits or Buckets(DEFAULT)
    app = FastAPI(
        title="croupier table server",
        version=croupier.__version__,
        description="Pennsylvania table games (58 Pa. Code Subpart K) over HTTP: players, "
        "wallets, tables, rounds, commands and their hash-chained events.",
    )
    app.state.engine = engine
    app.state.hub = hub
    app.state.command_limits = limits
    bearer = HTTPBearer(auto_error=False)

    @app.exception_handler(CroupierError)
    def _croupier_error(_request: Request, error: CroupierError) -> JSONResponse:
        code = status_of(error)
        headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
        if isinstance(error, RateLimited):
            headers = {"Retry-After": str(error.retry_after)}
        body = schemas.Problem(detail=str(error), cite=error.cite).model_dump()
        return JSONResponse(body, status_code=code, headers=headers)

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
        if credentials is None:
            raise Unauthorized("send a bearer token (Authorization: Bearer ...)", "server:auth")
        player = repo.player_by_token(db, credentials.credentials)
        if player is None:
            raise Unauthorized("this bearer token belongs to nobody", "server:auth")
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

    def idempotent(
        db: Session,
        player: Player,
        key: str,
        request: Request,
        body: BaseModel,
        code: int,
        run: Callable[[], M],
    ) -> Response:
        """Run ``run`` once per (caller, key) and answer with its JSON; the answer is
        serialized once, stored with the key in the same transaction and sent as stored
        (no second validation against the response model)."""
        fingerprint = hashlib.sha256(
            json.dumps(
                [request.method, request.url.path, body.model_dump(mode="json")], sort_keys=True
            ).encode()
        ).hexdigest()

        def stored() -> Response | None:
            found = repo.stored_answer(db, player.id, key)
            if found is None:
                return None
            if found.request_sha256 != fingerprint:
                raise service.Unprocessable(
                    "this Idempotency-Key was used for a different request",
                    "server:idempotency-key",
                )
            return Response(found.response_json, status_code=found.status_code, media_type=JSON)

        if (first := stored()) is not None:
            return first
        try:
            answer = run().model_dump_json()
            repo.store_answer(db, player.id, key, repo.StoredAnswer(fingerprint, code, answer))
            db.commit()
        except (IntegrityError, repo.StaleVersion):
            db.rollback()
            if (first := stored()) is not None:  # the same key, committed concurrently
                return first
            raise
        except BaseException:
            db.rollback()
            raise
        return Response(answer, status_code=code, media_type=JSON)

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
        out = service.create_table(db, body)
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
        out = service.join(db, me, table_id, body.seat)
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
        # One trip to the thread pool for the session, the caller and the command (a sync
        # dependency or endpoint costs a trip each).
        return await run_in_threadpool(command_in_thread, table_id, body, request, key, credentials)

    def command_in_thread(
        table_id: str,
        body: schemas.CommandIn,
        request: Request,
        key: str,
        credentials: HTTPAuthorizationCredentials | None,
    ) -> Response:
        with sessions() as db:
            return command_in_session(db, caller(db, credentials), table_id, body, request, key)

    def command_in_session(
        db: Session,
        me: Player,
        table_id: str,
        body: schemas.CommandIn,
        request: Request,
        key: str,
    ) -> Response:
        settings = driver.table_settings(db, table_id)  # per process: read once a table
        limit = limits.for_table(settings.rate_limit_per_second, settings.rate_limit_burst)
        limits.take(me.id, table_id, limit)  # 429 before the command is read

        def run(check_deadline: bool) -> schemas.CommandOut:
            moment = now()
            due_by = moment if check_deadline else None
            out = service.handle_command(db, me, table_id, body, source, due_by)
            return driver.after_command(db, out, source, moment, me)

        try:
            out = idempotent(db, me, key, request, body, 200, lambda: run(True))
        except service.DeadlinePassed:  # rolled back: the timeouts come first, then again
            hub.expire(table_id)
            out = idempotent(db, me, key, request, body, 200, lambda: run(False))
        hub.changed(table_id)
        return out

    @app.get("/tables/{table_id}/view", response_model=schemas.ViewOut, responses=PROBLEMS)
    def view(table_id: str, db: Db, me: Caller) -> schemas.ViewOut:
        """The caller's view of the table's round and what they may send now."""
        if driver.due(db, table_id, now()):  # a deadline passed: its timeout comes first
            db.commit()  # end this read (SQLite: its lock) before the timeouts' writes
            hub.expire(table_id)
        return service.view(db, me, table_id)

    @app.websocket("/tables/{table_id}/ws")
    async def watch(websocket: WebSocket, table_id: str, token: str = "") -> None:
        """The caller's view, pushed on connect and after every change at the table
        (``{"type": "view", "data": <GET /tables/{table_id}/view>}``); the bearer token
        is the ``token`` query parameter. A bad token is refused with close code 4401."""
        await hub.serve(websocket, table_id, token)

    @app.get("/tables/{table_id}/verify", response_model=schemas.VerifyOut, responses=PROBLEMS)
    def verify(table_id: str, db: Db, me: Caller) -> schemas.VerifyOut:
        """Dealer or admin: recompute the table's event hash chain."""
        role(me, "dealer", "admin")
        return service.verify(db, table_id)

    @app.get("/rounds/{round_id}/replay", response_model=schemas.ReplayOut, responses=PROBLEMS)
    def replay(round_id: str, db: Db, me: Caller) -> schemas.ReplayOut:
        """Dealer or admin: the round rebuilt from its stored events, for a dispute."""
        role(me, "dealer", "admin")
        return service.replay(db, round_id)

    browser.register(app, session, caller, PROBLEMS)  # the lobby's endpoints and /play/
    return app
