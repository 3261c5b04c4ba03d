"""Stored answers: the first answer to a request made with an ``Idempotency-Key``,
kept so that the same request again gets the same answer.

A command's answer (``POST /tables/{id}/commands``) is kept whole for a retention window
(:func:`forget_answers`, run by the table server; 24 hours unless configured), and with it
where its events are (:class:`CommandRef`); after the window only that reference is kept
and a request sent again is answered from the stored events
(:func:`croupier.server.idempotency.replayed`). Every other request's answer is kept
whole for good, a refusal's too (:func:`keep_refusal`): the key stays bound to the
request it first came with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.ledger.db import Raw, Statement, raw
from croupier.ledger.models import now

_ANSWER = Statement.of(
    "SELECT request_sha256, status_code, response_json FROM idempotency_keys "
    "WHERE player_id = :player AND key = :key"
)
_INSERT_ANSWER = Statement.of(
    "INSERT INTO idempotency_keys (player_id, key, request_sha256, status_code, "
    "response_json, created_at, table_id, round_id, first_seq, round_version, round_status, "
    "balance) VALUES (:player_id, :key, :request_sha256, :status_code, :response_json, "
    ":created_at, :table_id, :round_id, :first_seq, :round_version, :round_status, :balance)"
)
_KEEP_REFUSAL = Statement.of(
    "INSERT INTO idempotency_keys (player_id, key, request_sha256, status_code, "
    "response_json, created_at) VALUES (:player_id, :key, :request_sha256, :status_code, "
    ":response_json, :created_at) ON CONFLICT (player_id, key) DO NOTHING"
)
_REF = Statement.of(
    "SELECT table_id, round_id, first_seq, round_version, round_status, balance "
    "FROM idempotency_keys WHERE player_id = :player AND key = :key AND table_id IS NOT NULL"
)
_FORGET = Statement.of(
    "UPDATE idempotency_keys SET response_json = NULL WHERE table_id IS NOT NULL "
    "AND response_json IS NOT NULL AND created_at < :before"
)


@dataclass(frozen=True)
class StoredAnswer:
    """The first answer to a request made with an ``Idempotency-Key``: the request's
    sha256, the HTTP status and the JSON body (``None``: a command's answer past the
    retention window, rebuilt from its :class:`CommandRef`)."""

    request_sha256: str
    status_code: int
    response_json: str | None


@dataclass(frozen=True)
class CommandRef:
    """Where a command's answer comes from: its table and round, the table's event
    sequence number its first event took (its events are the round's from there up to
    ``round_version``), the round's status after it, and the caller's balance then
    (cents; ``None`` for a dealer)."""

    table_id: str
    round_id: str
    first_seq: int
    round_version: int
    round_status: str
    balance: int | None


def stored_answer(session: Session, player_id: str, key: str) -> StoredAnswer | None:
    """The answer stored for ``player_id``'s ``key``, or ``None`` (one SELECT)."""
    found = raw(session).execute(_ANSWER, {"player": player_id, "key": key}).fetchone()
    return None if found is None else StoredAnswer(*found)


def command_ref(session: Session, player_id: str, key: str) -> CommandRef | None:
    """Where the command ``player_id`` sent with ``key`` left its events, if it was a
    command (one SELECT)."""
    found = raw(session).execute(_REF, {"player": player_id, "key": key}).fetchone()
    return None if found is None else CommandRef(*found)


def store_answer(
    session: Session,
    player_id: str,
    key: str,
    answer: StoredAnswer,
    *,
    command: CommandRef | None = None,
    at: datetime | None = None,
) -> None:
    """Store ``answer`` for ``player_id``'s ``key`` in the caller's transaction (one
    ``INSERT``), stored at ``at`` (default now), with ``command`` where it answers a
    command; the same key twice raises :class:`IntegrityError` (the primary key)."""
    db = raw(session)
    ref = {
        "table_id": None,
        "round_id": None,
        "first_seq": None,
        "round_version": None,
        "round_status": None,
        "balance": None,
    }
    if command is not None:
        ref = {name: getattr(command, name) for name in ref}
    db.execute(_INSERT_ANSWER, {**_row(db, player_id, key, answer, at), **ref})


def _row(
    db: Raw, player_id: str, key: str, answer: StoredAnswer, at: datetime | None
) -> dict[str, Any]:
    """The columns every stored answer has (a command's adds its :class:`CommandRef`)."""
    return {
        "player_id": player_id,
        "key": key,
        "request_sha256": answer.request_sha256,
        "status_code": answer.status_code,
        "response_json": answer.response_json,
        "created_at": db.when(at or now()),
    }


def keep_refusal(
    session: Session, player_id: str, key: str, answer: StoredAnswer, at: datetime | None = None
) -> bool:
    """Store the refusal ``answer`` for ``player_id``'s ``key`` in the caller's
    transaction (one ``INSERT``, at ``at``, default now), unless the key holds an answer
    already (a request with it answered at the same moment in another transaction, which
    this one waits for): returns whether it was stored. A refusal's answer is kept whole
    for good, as every answer but a command's."""
    db = raw(session)
    params = _row(db, player_id, key, answer, at)
    return int(db.execute(_KEEP_REFUSAL, params).rowcount) == 1


def forget_answers(session: Session, before: datetime) -> int:
    """Forget the JSON of every command's answer stored before ``before`` (its
    :class:`CommandRef` stays, from which a request sent again is answered); returns how
    many. Other requests' answers are kept."""
    db = raw(session)
    return int(db.execute(_FORGET, {"before": db.when(before)}).rowcount)
