"""Stored answers: the first answer to a request made with an ``Idempotency-Key``,
kept so that the same request again gets the same answer."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from croupier.ledger.db import Statement, raw
from croupier.ledger.models import now

_ANSWER = Statement.of(
    "SELECT request_sha256, status_code, response_json FROM idempotency_keys "
    "WHERE player_id = :player AND key = :key"
)
_INSERT_ANSWER = Statement.of(
    "INSERT INTO idempotency_keys (player_id, key, request_sha256, status_code, "
    "response_json, created_at) VALUES (:player_id, :key, :request_sha256, :status_code, "
    ":response_json, :created_at)"
)


@dataclass(frozen=True)
class StoredAnswer:
    """The first answer to a request made with an ``Idempotency-Key``: the request's
    sha256, the HTTP status and the JSON body."""

    request_sha256: str
    status_code: int
    response_json: str


def stored_answer(session: Session, player_id: str, key: str) -> StoredAnswer | None:
    """The answer stored for ``player_id``'s ``key``, or ``None`` (one SELECT)."""
    found = raw(session).execute(_ANSWER, {"player": player_id, "key": key}).fetchone()
    return None if found is None else StoredAnswer(*found)


def store_answer(session: Session, player_id: str, key: str, answer: StoredAnswer) -> None:
    """Store ``answer`` for ``player_id``'s ``key`` in the caller's transaction (one
    ``INSERT``); the same key twice raises :class:`IntegrityError` (the primary key)."""
    db = raw(session)
    db.execute(
        _INSERT_ANSWER,
        {
            "player_id": player_id,
            "key": key,
            "request_sha256": answer.request_sha256,
            "status_code": answer.status_code,
            "response_json": answer.response_json,
            "created_at": db.when(now()),
        },
    )
