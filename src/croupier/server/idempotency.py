"""Requests sent again: a money-moving request carries an ``Idempotency-Key`` header; its
first answer is stored with the request's effects, in the same transaction, and a retry
with the same key gets that answer back without moving money again.

A key is bound to the request it first came with, as the IETF httpapi Idempotency-Key
draft and Stripe bind it: the caller, the method and path, and the body's fingerprint
(:func:`fingerprint`). The same key with another endpoint or body is refused (422,
``server:idempotency-key``) and nothing runs. A request the rules refused (a decided
answer, :func:`decided`: a wager the rules refuse, a balance too small, a limit reached)
binds its key too: its refusal is stored, with nothing else of the request
(:func:`refused`), and the same request sent again gets that refusal back. A refusal that
decided nothing (a stale round version, a deadlock broken, a deadline due, the rate
limit, the server shutting down, who asks) stores nothing, and the key stays free.

A command's answer is kept whole for the server's retention window (``answers_kept``,
24 hours by default; :func:`forget`), then rebuilt from the command's stored events when
the request is sent again (:func:`replayed`): the same fields, the events as the caller's
seat in that round sees them."""

import hashlib
import json
from collections.abc import Callable
from datetime import datetime
from typing import Literal, TypeGuard, TypeVar, cast

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor
from croupier.errors import (
    CroupierError,
    DeadlinePassed,
    NotRevealed,
    RateLimited,
    ShuttingDown,
    TryAgain,
    Unauthorized,
)
from croupier.ledger import repository as repo
from croupier.ledger.db import transient
from croupier.ledger.idempotency import CommandRef, command_ref, forget_answers, keep_refusal
from croupier.ledger.models import EventRow, Player
from croupier.server import driver, handlers, schemas, service
from croupier.server.legacy import LegacyChains
from croupier.server.writer import RETRIES, try_again

M = TypeVar("M", bound=BaseModel)
JSON = "application/json"


def fingerprint(request: Request, body: BaseModel | None) -> str:
    """What a request with an ``Idempotency-Key`` asked: its method, path and body (``None``
    where it has none)."""
    shown = None if body is None else body.model_dump(mode="json")
    asked = [request.method, url_path(request), shown]
    return hashlib.sha256(json.dumps(asked, sort_keys=True).encode()).hexdigest()


_URL_CHANGES = frozenset("?#\\\t\r\n")
"""What Starlette's ``request.url`` escapes (``?``, ``#``, ``\\``) or drops (tab, CR, LF,
as ``urllib.parse.urlsplit`` does) in a path."""


def url_path(request: Request) -> str:
    """``request.url.path``, byte for byte, without building the whole URL (host, scheme,
    query: about 17 µs a request) where the path has nothing that URL would change."""
    path: str = request.scope["path"]
    if path.startswith("//") or not _URL_CHANGES.isdisjoint(path):
        return request.url.path
    return path


def stored(
    db: Session, player: Player, key: str, asked: str, rebuild: Callable[[], str] | None = None
) -> Response | None:
    """The first answer to ``player``'s request with ``key``, or ``None``; 422 when the
    key was used for another request (``rebuild``: see :func:`first_answer`)."""
    found = repo.stored_answer(db, player.id, key)
    return None if found is None else first_answer(found, asked, rebuild)


def first_answer(
    found: repo.StoredAnswer, asked: str, rebuild: Callable[[], str] | None = None
) -> Response:
    """The stored answer of a request sent again; 422 when the key was used for
    another request. A command's answer past the retention window (its JSON forgotten)
    is ``rebuild()`` (:func:`replayed`)."""
    if found.request_sha256 != asked:
        raise service.Unprocessable(
            "this Idempotency-Key was used for a different request",
            "server:idempotency-key",
        )
    text = found.response_json
    if text is None:
        if rebuild is None:
            raise repo.LedgerError("this request's stored answer is no longer kept", "ledger")
        text = rebuild()
    return Response(text, status_code=found.status_code, media_type=JSON)


def replayed(db: Session, player: Player, key: str, chains: LegacyChains | None) -> str:
    """The answer to the command ``player`` sent with ``key``, rebuilt from its stored
    events once its JSON is past the retention window: the fields it had (the round, its
    version and status after the command, the caller's balance then) and the command's
    events, each shown as the caller's seat in that round sees it (the dealer sees all);
    the JSON is that of the first answer. Raises :class:`repo.LedgerError` where the key
    answered no command."""
    ref = command_ref(db, player.id, key)
    if ref is None:
        raise repo.LedgerError("this request's stored answer is no longer kept", "ledger")
    rows = db.scalars(
        select(EventRow)
        .where(
            EventRow.round_id == ref.round_id,
            EventRow.seq >= ref.first_seq,
            EventRow.index < ref.round_version,
        )
        .order_by(EventRow.seq)
    ).all()
    status = cast(Literal["open", "completed", "voided"], ref.round_status)
    out = schemas.CommandOut(
        table_id=ref.table_id,
        round_id=ref.round_id,
        round_version=ref.round_version,
        round_status=status,
        events=service.stored(rows),
        balance=ref.balance,
    )
    _, round_ = repo.load_round(db, ref.round_id)
    actor: Actor | None = DEALER if player.role == "dealer" else None
    if player.role == "player":
        seats = round_.opened.seats.items()
        actor = next((seat for seat, pid in seats if pid == player.id), None)
    return driver.shown_to(db, out, actor, chains, round_).model_dump_json()


def forget(sessions: Callable[[], Session], before: datetime) -> int:
    """Forget the JSON of the command answers stored before ``before``, in a transaction
    of its own (:func:`croupier.ledger.idempotency.forget_answers`); returns how many."""
    with sessions() as db:
        count = forget_answers(db, before)
        db.commit()
    return count


UNDECIDED = (
    repo.StaleVersion,
    DeadlinePassed,
    NotRevealed,
    RateLimited,
    ShuttingDown,
    TryAgain,
    Unauthorized,
)
"""The refusals that decide nothing about the request itself: it may be sent again with
its key and be judged afresh."""


def decided(error: BaseException) -> TypeGuard[CroupierError]:
    """Whether ``error`` is a refusal the rules decided (a :class:`CroupierError` not in
    :data:`UNDECIDED`): stored with the request's key (:func:`refused`)."""
    return isinstance(error, CroupierError) and not isinstance(error, UNDECIDED)


def refused(
    db: Session,
    player: Player,
    key: str,
    asked: str,
    error: CroupierError,
    at: datetime | None = None,
    rebuild: Callable[[], str] | None = None,
) -> Response:
    """The refusal ``error`` answered as every refusal is (a Problem citing its rule,
    :func:`croupier.server.handlers.refusal_of`) and stored with ``player``'s
    ``key`` in the caller's transaction, which holds nothing else of the request (its
    writes undone first). Where the key was answered at the same moment by another
    transaction, that answer (``rebuild``: see :func:`first_answer`)."""
    answer = handlers.refusal_of(error)
    text = bytes(answer.body).decode()
    if keep_refusal(db, player.id, key, repo.StoredAnswer(asked, answer.status_code, text), at):
        return Response(text, status_code=answer.status_code, media_type=JSON)
    first = stored(db, player, key, asked, rebuild)
    if first is None:  # the other transaction's answer was undone after all
        raise error
    return first


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
    db: Session,
    player: Player,
    key: str,
    asked: str,
    code: int,
    answer: BaseModel,
    *,
    command: CommandRef | None = None,
    at: datetime | None = None,
) -> Response:
    """``answer`` serialized once, stored with ``key`` in the caller's transaction (at
    ``at``, default now; with ``command`` where it answers a command) and sent as stored."""
    text = answer.model_dump_json()
    stored_answer = repo.StoredAnswer(asked, code, text)
    repo.store_answer(db, player.id, key, stored_answer, command=command, at=at)
    return Response(text, status_code=code, media_type=JSON)


def idempotent(
    db: Session,
    player: Player,
    key: str,
    request: Request,
    body: BaseModel | None,
    code: int,
    run: Callable[[], M],
) -> Response:
    """Run ``run`` once per (caller, key) in a transaction of its own and answer with
    its JSON (:func:`answer_once`, then the commit); run again, up to
    :data:`~croupier.server.writer.RETRIES` times, where the database undid it to
    break a deadlock (then :class:`~croupier.errors.TryAgain`, 409). A refusal ``run``
    decided (:func:`decided`) is stored with the key, its writes undone (:func:`refused`)."""
    asked = fingerprint(request, body)
    judged = False

    def judge() -> M:
        nonlocal judged
        judged = True
        return run()

    for attempt in range(RETRIES + 1):
        judged = False
        try:
            answer = answer_once(db, player, key, asked, code, judge)
            db.commit()
        except (IntegrityError, repo.StaleVersion):
            db.rollback()
            if (first := stored(db, player, key, asked)) is not None:  # sent twice at once
                return first
            raise
        except BaseException as error:
            db.rollback()
            if judged and decided(error):
                answer = refused(db, player, key, asked, error)
                db.commit()
                return answer
            if not transient(error):
                raise
            if attempt == RETRIES:  # undone by a deadlock every time
                raise try_again(error) from error
            continue
        return answer
    raise AssertionError("unreachable: the last attempt returns or raises")
