"""How the table server answers an error: a :class:`~croupier.errors.CroupierError` as a
:class:`~croupier.server.schemas.Problem` citing its rule, with the status
:func:`status_of` gives it; a deadlock the database broke as 409 (send it again); a body
that cannot be read as a 400 Problem; a malformed request in sentences (422, 415 where its
body is not sent as JSON: :mod:`croupier.server.invalid`), after 401 or 403 to a caller who
may not make it."""

import re
from collections.abc import Callable
from typing import Any

import pydantic_core
from fastapi import FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from croupier.citations import basis
from croupier.errors import (
    CroupierError,
    IllegalCommand,
    NoSign,
    NotYourTurn,
    RulesSubmissionError,
    Unauthorized,
)
from croupier.ledger import repository as repo
from croupier.ledger.db import transient
from croupier.ledger.models import Player
from croupier.quoting import ECHOED, LONG
from croupier.server import invalid, schemas, service
from croupier.server.ratelimit import RateLimited
from croupier.server.routes.deps import bearer, refusal
from croupier.server.writer import ShuttingDown, try_again


def status_of(error: CroupierError) -> int:
    """The HTTP status of ``error``: 429, 401, 403, 404, 422, 503, else 409."""
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


_QUOTED = re.compile(rf"(?<!\w)'[^']{{{LONG + 1},}}'(?!\w)|(?<!\w)\"[^\"]{{{LONG + 1},}}\"(?!\w)")


_DIGITS = re.compile(rf"\d[\d,]{{{LONG},}}")
"""A run of digits (commas between) longer than :data:`LONG`: a number sent (a seat, a
round's version) said back in a refusal."""


def bounded(detail: str) -> str:
    """``detail`` with each quoted value (a value sent, as ``repr`` quotes it) longer than
    :data:`LONG` characters cut to its first :data:`ECHOED` and its length (``'xxxx…'
    (100,000 characters)``), and each run of digits as long to its first :data:`ECHOED`
    and its count of digits: a refusal never sends back a long value it was sent (issue
    #34). An apostrophe inside a word (``table's``) opens or closes no quote.

    >>> bounded("seat " + "9" * 4000 + " may not wager")
    'seat 9999999999999999999999999999999999999999… (4,000 digits) may not wager'
    """

    def shorten(found: re.Match[str]) -> str:
        quote, inner = found.group()[0], found.group()[1:-1]
        return f"{quote}{inner[:ECHOED]}…{quote} ({len(inner):,} characters)"

    def digits(found: re.Match[str]) -> str:
        run = found.group()
        return f"{run[:ECHOED]}… ({sum(c.isdigit() for c in run):,} digits)"

    return _DIGITS.sub(digits, _QUOTED.sub(shorten, detail))


def croupier_error(_request: Request, error: CroupierError) -> JSONResponse:
    """A refusal as a Problem (:func:`refusal_of`)."""
    return refusal_of(error)


def refusal_of(error: CroupierError) -> JSONResponse:
    """A refusal as a Problem naming what was wrong and citing the rule; a value it
    quotes is cut short (:func:`bounded`)."""
    code = status_of(error)
    headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
    if isinstance(error, RateLimited):
        headers = {"Retry-After": str(error.retry_after)}
    detail = bounded(error.told)
    problem = schemas.Problem(detail=detail, cite=error.cite, cite_basis=basis(error.cite))
    body = problem.model_dump(exclude_none=True)
    return JSONResponse(body, status_code=code, headers=headers)


def database_error(request: Request, error: Exception) -> JSONResponse:
    """A deadlock or serialization failure the database broke by undoing the request
    (a request the server does not run again itself): 409, nothing was done, send it
    again; any other database error stays a 500. Raised through SQLAlchemy, or by
    the driver itself (the statements run on the DB-API connection)."""
    if transient(error):
        return croupier_error(request, try_again(error))
    raise error


async def unreadable(request: Request, error: StarletteHTTPException) -> Response:
    """A body FastAPI could not parse at all (not UTF-8): a 400 Problem like every other
    refusal. A body in UTF-8 that Python's reader gave up on (a number of more than 4,300
    digits, arrays nested thousands deep) is JSON the server does not take: answered as
    the command route answers it, 422 in a sentence (:func:`json_refused`), on every
    route alike."""
    if error.__cause__ is not None and not isinstance(error.__cause__, UnicodeError):
        refused = json_refused(await request.body())
        if refused is not None:
            return await invalid_request(request, RequestValidationError([refused]))
    body = schemas.Problem(detail=f"{error.detail}: send JSON in UTF-8", cite="http:body")
    return JSONResponse(body.model_dump(exclude_none=True), status_code=400)


def json_refused(raw: bytes) -> dict[str, Any] | None:
    """Why pydantic's JSON reader (the command route's) refuses ``raw``, as a validation
    error of the body (``"number out of range at line 1 column 4311"``), or ``None``
    where it reads it."""
    try:
        pydantic_core.from_json(raw)
    except ValueError as why:
        return {"type": "json_invalid", "loc": ("body",), "msg": "JSON", "ctx": {"error": str(why)}}
    return None


NO_ADDRESS_CITE = "http:no-address"
"""The ``cite`` of a 404 for an address the server has no endpoint at (a player, table or
round it does not know is a 404 citing ``http:not-found``,
:data:`croupier.citations.NOT_FOUND`)."""

METHOD_CITE = "http:method"
"""The ``cite`` of a 405: an address the server has, asked with a method it does not take."""


async def no_route(request: Request, error: StarletteHTTPException) -> Response:
    """A 404 for an address no endpoint serves, or a 405 for a method the address does
    not take: a Problem citing ``http:no-address`` or ``http:method`` like every other
    refusal (Starlette's own answer carried a bare ``detail``). A 405 keeps Starlette's
    ``Allow`` header but its sentence names no method: Starlette lists those of the
    first endpoint at the address only (``DELETE /tables`` is told POST, yet GET
    answers), so the reader is sent to the description."""
    where = f"{request.method} {request.url.path}"
    if error.status_code == 405:
        detail = f"{where}: this address does not take {request.method} (see /docs)"
        cite = METHOD_CITE
    else:
        detail = f"{where}: there is no such address on this server (see /docs)"
        cite = NO_ADDRESS_CITE
    body = schemas.Problem(detail=bounded(detail), cite=cite)
    return JSONResponse(
        body.model_dump(exclude_none=True), status_code=error.status_code, headers=error.headers
    )


async def invalid_request(request: Request, error: RequestValidationError) -> Response:
    """A request that fails validation, as sentences (:func:`croupier.server.invalid.problem`,
    422; 415 where its body was not sent as JSON: :func:`~croupier.server.invalid.status_of`).
    Who asks comes before what they asked: to an endpoint that needs a bearer token,
    a request with none or an unknown one answers 401, one in an ended or idle session
    401, and one from a caller whose role may not make it 403, before anything is said
    of its form (the role and the session are checked by the endpoint's dependencies
    before its fields; here only for a body that is not JSON at all, which FastAPI reads
    first)."""
    route = request.scope.get("route")
    if isinstance(route, APIRoute) and _secured(route.dependant):
        credentials = await bearer(request)
        roles, allows = _roles(route.dependant), _allows(route.dependant)
        refused = await run_in_threadpool(refusal, request, credentials, roles, allows)
        if refused is not None:
            return croupier_error(request, refused)
    errors = invalid.sent_as(request.headers.get("content-type", ""), list(error.errors()))
    return JSONResponse(invalid.problem(errors), status_code=invalid.status_of(errors))


def _secured(dependant: Dependant) -> bool:
    return dependant.call is bearer or any(_secured(d) for d in dependant.dependencies)


def _roles(dependant: Dependant) -> tuple[str, ...]:
    """The roles a dependency of the endpoint requires (:func:`deps.needs`), if any."""
    found: tuple[str, ...] = getattr(dependant.call, "roles", ())
    for sub in dependant.dependencies:
        found = found or _roles(sub)
    return found


def _allows(dependant: Dependant) -> Callable[[Player, HTTPConnection], None] | None:
    """The check of who may that a dependency of the endpoint makes (:func:`deps.allowing`)."""
    found = getattr(dependant.call, "allows", None)
    for sub in dependant.dependencies:
        found = found or _allows(sub)
    return found


def command_invalid(_request: Request, error: ValidationError) -> JSONResponse:
    """A command the game's model refuses, in sentences as any other request's fields."""
    errors = [
        {**item, "loc": ("body", "command", *item["loc"])}
        for item in error.errors(include_url=False)
    ]
    return JSONResponse(invalid.problem(errors), status_code=422)


def install(app: FastAPI, driver_error: type[Exception]) -> None:
    """Add these handlers to ``app``; ``driver_error`` is the base class of the database
    driver's own errors (DB-API ``Error``)."""
    app.add_exception_handler(CroupierError, croupier_error)  # type: ignore[arg-type]
    app.add_exception_handler(DBAPIError, database_error)
    app.add_exception_handler(driver_error, database_error)
    app.add_exception_handler(400, unreadable)  # type: ignore[arg-type]
    app.add_exception_handler(404, no_route)  # type: ignore[arg-type]
    app.add_exception_handler(405, no_route)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(ValidationError, command_invalid)  # type: ignore[arg-type]
