"""A seat's command: ``POST /tables/{table_id}/commands``, served by :data:`LEAN`, a plain
Starlette route placed before the FastAPI declaration that documents it (FastAPI's
per-request dependency solving took a fifth of a command's CPU; docs/performance.md)."""

from typing import Any

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from croupier.ledger import repository as repo
from croupier.ledger.idempotency import CommandRef
from croupier.server import driver, schemas, service
from croupier.server.idempotency import (
    decided,
    fingerprint,
    first_answer,
    refused,
    remember,
    replayed,
    stored,
)
from croupier.server.routes.deps import (
    KEY,
    PROBLEMS,
    Credentials,
    Key,
    bearer,
    identify,
    refusal,
    server_of,
    unauthorized,
)

router = APIRouter()

ANSWERS: dict[int | str, dict[str, Any]] = {
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
}


@router.post("/tables/{table_id}/commands", response_model=schemas.CommandOut, responses=ANSWERS)
async def command(
    table_id: str, body: schemas.CommandIn, request: Request, key: Key, credentials: Credentials
) -> Response:
    """A player's command for their seat, or a dealer's. With no round open, the command
    opens the next one. After the command the server takes the dealer steps that involve
    no choice (High Roll Dice: after "no more bets", the throw, the call and any Extra
    Roll). Events, postings and the round's version are stored in one transaction.

    Sent again with the same ``Idempotency-Key``, the command gets its first answer and
    nothing is done twice: the answer is kept whole for the server's retention window (24
    hours unless ``croupier serve --answers-kept-hours`` says otherwise), and after it is
    rebuilt from the command's stored events, the same JSON. A command the rules refuse
    binds its key too: the refusal is stored (nothing else of the command) and sent again
    to the same request; the key with another endpoint or body is refused 422
    (:mod:`croupier.server.idempotency`).

    The request, written out (``GET /games/{game}/commands`` gives each game's commands and
    this request as ``send``)::

        POST /tables/high-roll-dice/commands
        Authorization: Bearer TOKEN
        Idempotency-Key: 3f1c9a52-7d4e-4b8a-9c1f-0e6d2b5a7c43
        Content-Type: application/json

        {"command": {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}}
    """
    return await run_command(request, table_id, body, key, credentials)


async def lean_command(request: Request) -> Response:
    """``POST /tables/{table_id}/commands`` as :func:`command` declares it, without
    FastAPI's per-request work: the bearer token, the ``Idempotency-Key`` header and the
    body are read and validated here, with the same answers (401 before 422; 422 naming
    the header or the body's field)."""
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
            key = KEY.validate_python(key)
        except ValidationError as error:
            errors += _located(error, "header", "Idempotency-Key")
    body, refused = _body(await request.body(), request.headers.get("content-type", ""))
    errors += refused
    if errors or body is None or key is None:
        denied = await run_in_threadpool(refusal, request, credentials)
        if denied is not None:
            raise denied
        raise RequestValidationError(errors)
    return await run_command(request, request.path_params["table_id"], body, key, credentials)


LEAN = Route("/tables/{table_id}/commands", lean_command, methods=["POST"], include_in_schema=False)
"""The route that serves commands; the declaration above documents it (OpenAPI)."""


def _body(raw: bytes, content_type: str) -> tuple[schemas.CommandIn | None, list[dict[str, Any]]]:
    """The command in a request's body, or ``None`` and why not (FastAPI's words)."""
    media = content_type.split(";", 1)[0].strip().lower()
    if not raw:
        return None, [{"type": "missing", "loc": ("body",), "msg": "Field required"}]
    if not (media.startswith("application/") and media.endswith(("/json", "+json"))):
        return None, [
            {
                "type": "content_type",
                "loc": ("body",),
                "msg": "send the command as JSON (Content-Type: application/json)",
            }
        ]
    try:
        return schemas.CommandIn.model_validate_json(raw), []
    except ValidationError as error:
        return None, _located(error, "body")


def _located(error: ValidationError, *where: str) -> list[dict[str, Any]]:
    return [
        {"type": e["type"], "loc": (*where, *e["loc"]), "msg": e["msg"], "ctx": e.get("ctx", {})}
        for e in error.errors(include_url=False, include_input=False)
    ]


async def run_command(
    request: Request,
    table_id: str,
    body: schemas.CommandIn,
    key: str,
    credentials: HTTPAuthorizationCredentials | None,
) -> Response:
    """Run the command in the process's writer, committed with the commands waiting
    beside it; the rate limit counts the request once, not the server's retries."""
    server = server_of(request)
    asked = fingerprint(request, body)
    counted = False
    left: repo.Written | None = None
    """What the command left at the table, known from its writes (:meth:`Hub.changed`)."""
    judged = False  # whether the rules judged the command (its refusal is kept)

    def run(db: Session, check_deadline: bool) -> Response:
        nonlocal counted, left, judged
        left = None
        judged = False
        repo.take_written(db, table_id)  # an earlier command's of the batch
        me = identify(db, credentials)
        server.gate.admit(db, me)  # committed with the command
        if not counted:
            settings = service.table_settings(db, table_id)  # per process: read once
            limits = server.limits
            limit = limits.for_table(settings.rate_limit_per_second, settings.rate_limit_burst)
            limits.take(me.id, table_id, limit)  # 429 before the command is read
            counted = True
        moment = server.clock()
        due_by = moment if check_deadline else None
        # The table, the round, the seat and the key's stored answer in one query.
        head = repo.command_head(db, table_id, me.id, due_by, key)
        if head.answer is not None:
            return first_answer(head.answer, asked, lambda: replayed(db, me, key, server.chains))
        judged = True
        out = service.handle_command(db, me, table_id, body, server.rng, due_by, head=head)
        after = driver.after_command(db, out, server.rng, moment, me, server.chains)
        judged = False
        ref = CommandRef(
            table_id,
            after.round_id,
            head.event_count,  # the table's sequence number of the command's first event
            after.round_version,
            after.round_status,
            after.balance,
        )
        answer = remember(db, me, key, asked, 200, after, command=ref, at=moment)
        left = repo.take_written(db, table_id)
        return answer

    def recover(db: Session, error: BaseException) -> Response:
        nonlocal left
        left = None  # undone: the table is as another command left it
        if isinstance(error, IntegrityError | repo.StaleVersion):
            me = identify(db, credentials)
            first = stored(db, me, key, asked, lambda: replayed(db, me, key, server.chains))
            if first is not None:  # the same request, sent twice at once
                return first
        if judged and decided(error):
            me = identify(db, credentials)  # the command's writes are undone: its refusal
            again = lambda: replayed(db, me, key, server.chains)  # noqa: E731
            return refused(db, me, key, asked, error, server.clock(), again)
        raise error

    out: Response = await server.writer.run(table_id, run, recover)
    server.hub.changed(table_id, left)
    return out
