"""Requests sent again: a money-moving request carries an ``Idempotency-Key`` header; its
first answer is stored with the request's effects, in the same transaction, and a retry
with the same key gets that answer back without moving money again."""

import hashlib
import json
from collections.abc import Callable
from typing import TypeVar

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.ledger.db import transient
from croupier.ledger.models import Player
from croupier.server import service
from croupier.server.writer import RETRIES, try_again

M = TypeVar("M", bound=BaseModel)
JSON = "application/json"


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
