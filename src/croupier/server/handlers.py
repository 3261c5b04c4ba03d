"""How the table server answers an error: a :class:`~croupier.errors.CroupierError` as a
:class:`~croupier.server.schemas.Problem` citing its rule, with the status
:func:`status_of` gives it; a deadlock the database broke as 409 (send it again); a body
that cannot be read as a 400 Problem; a malformed request without a valid bearer token as
401 before 422."""

import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

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
from croupier.server import schemas, service
from croupier.server.ratelimit import RateLimited
from croupier.server.routes.deps import bearer, known, unauthorized
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


def _finite(value: Any) -> Any:
    """``value`` (JSON-like) with every NaN or infinite float written as its text."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def croupier_error(_request: Request, error: CroupierError) -> JSONResponse:
    """A refusal as a Problem naming what was wrong and citing the rule."""
    code = status_of(error)
    headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
    if isinstance(error, RateLimited):
        headers = {"Retry-After": str(error.retry_after)}
    problem = schemas.Problem(detail=error.told, cite=error.cite, cite_basis=basis(error.cite))
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


async def unreadable(_request: Request, error: StarletteHTTPException) -> Response:
    """A body FastAPI could not parse at all (not UTF-8): a Problem like every other
    refusal."""
    body = schemas.Problem(detail=f"{error.detail}: send JSON in UTF-8", cite="http:body")
    return JSONResponse(body.model_dump(exclude_none=True), status_code=400)


async def invalid_request(request: Request, error: RequestValidationError) -> Response:
    """A malformed request to an endpoint that needs a bearer token, sent with no token
    or an unknown one, answers 401 first: who asks comes before what they asked."""
    route = request.scope.get("route")
    if isinstance(route, APIRoute) and _secured(route.dependant):
        credentials = await bearer(request)
        if (
            credentials is None
            or await run_in_threadpool(known, request, credentials.credentials) is None
        ):
            return croupier_error(request, unauthorized(credentials))
    # FastAPI's own answer, with what JSON cannot carry (NaN, Infinity sent as input)
    # written as text: it once made the 422 itself fail, as a 500.
    detail = _finite(jsonable_encoder(error.errors()))
    return JSONResponse({"detail": detail}, status_code=422)


def _secured(dependant: Dependant) -> bool:
    return dependant.call is bearer or any(_secured(d) for d in dependant.dependencies)


def command_invalid(_request: Request, error: ValidationError) -> JSONResponse:
    """A command the game's model refuses, as FastAPI words a body's 422."""
    detail = [
        {"loc": ["body", "command", *item["loc"]], "msg": item["msg"], "type": item["type"]}
        for item in error.errors(include_url=False)
    ]
    return JSONResponse({"detail": detail}, status_code=422)


def install(app: FastAPI, driver_error: type[Exception]) -> None:
    """Add these handlers to ``app``; ``driver_error`` is the base class of the database
    driver's own errors (DB-API ``Error``)."""
    app.add_exception_handler(CroupierError, croupier_error)  # type: ignore[arg-type]
    app.add_exception_handler(DBAPIError, database_error)
    app.add_exception_handler(driver_error, database_error)
    app.add_exception_handler(400, unreadable)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(ValidationError, command_invalid)  # type: ignore[arg-type]
