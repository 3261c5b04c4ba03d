"""The event chain: each table's events, hash-chained, and the rounds rebuilt from them.

**Events** are appended by :func:`croupier.ledger.commands.store_command`: each row's hash is
sha256(previous hash + the event's public form) along its table's chain, where the public
form is the canonical event JSON with every value a spectator may not see replaced by a
salted commitment (:mod:`croupier.sealing`; the row keeps the full body, the commitments
and their salts); the table's head moves with a compare-and-set on its event count, so
two writers cannot fork a chain (:class:`StaleVersion`). :func:`verify_chain` recomputes
a table's chain from :data:`GENESIS`, opening every commitment.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.engine import Event, Round, RoundOpened
from croupier.game import TablePolicy, Viewer, concealed
from croupier.ledger.accounts import NotFound
from croupier.ledger.cache import staged_round
from croupier.ledger.models import EventRow, RoundRow
from croupier.ledger.tables import GENESIS, get_table
from croupier.registry import round_type
from croupier.rng import Rng, SealedDraws
from croupier.sealing import Seal, canonical_json, chain_hash, check_seal, public_form, seal

SPECTATOR = Viewer()


@dataclass(frozen=True)
class SealedEvent:
    """An event as the chain stores it: its canonical JSON, its sealed fields'
    commitments and salts (JSON text, ``None`` when nothing is sealed) and its public
    form, which the chain hashes."""

    body: str
    sealed: str | None
    salts: str | None
    public: str


def seal_event(event: Event, policy: TablePolicy, rng: Rng | None = None) -> SealedEvent:
    """``event`` made ready for the chain: every field ``policy`` hides from a spectator
    (:func:`~croupier.game.concealed`) sealed with fresh salts; a sealed round's seed
    (``rng``: the round's :class:`~croupier.rng.SealedDraws`) with the salt of the
    commitment announced before the round."""
    data = event.model_dump(mode="json")
    body = canonical_json(data)
    fields = list(concealed(policy, event, SPECTATOR))
    if not fields:
        return SealedEvent(body, None, None, body)
    given = None
    if isinstance(event, RoundOpened) and isinstance(rng, SealedDraws) and rng.salt is not None:
        given = {"seed": rng.salt}
    sealed: Seal = seal(data, fields, given=given)
    return SealedEvent(
        body,
        json.dumps(sealed.sealed, sort_keys=True),
        json.dumps(sealed.salts, sort_keys=True),
        public_form(data, sealed.sealed),
    )


def canonical(event: Event) -> str:
    """The event's canonical JSON: sorted keys, no spaces."""
    return canonical_json(event.model_dump(mode="json"))


def round_events(session: Session, round_id: str) -> list[EventRow]:
    return list(
        session.scalars(
            select(EventRow).where(EventRow.round_id == round_id).order_by(EventRow.index)
        )
    )


def load_round(session: Session, round_id: str) -> tuple[RoundRow, Round[Any]]:
    """The stored round and the round rebuilt from its stored events (no random source),
    verified by replay; a round this transaction itself just stored (a command's events,
    produced by the rules moments ago) is a copy of what the command left instead."""
    row = session.get(RoundRow, round_id)
    if row is None:
        raise NotFound(f"there is no round {round_id!r}", NOT_FOUND)
    own = staged_round(session, round_id, row.version)
    if own is not None:
        return row, own
    table = get_table(session, row.table_id)
    game = round_type(table.game)
    bodies = [event.body for event in round_events(session, round_id)]
    events = game.events_from_json("[" + ",".join(bodies) + "]")
    return row, game.replay(events)


@dataclass(frozen=True)
class ChainReport:
    table_id: str
    events: int
    head_hash: str
    ok: bool
    problem: str | None = None
    first_bad_seq: int | None = None


def verify_chain(session: Session, table_id: str) -> ChainReport:
    """Recompute the table's hash chain from its stored events and compare: every
    sealed value must open to its commitment with its stored salt, and every hash must
    be that of the previous hash and the event's public form."""
    table = get_table(session, table_id)
    head, count = GENESIS, 0
    rows = session.scalars(
        select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
    )

    def bad(seq: int, problem: str) -> ChainReport:
        return ChainReport(table_id, count, head, False, problem, seq)

    for row in rows:
        if row.seq != count:
            return bad(count, f"event {count} is missing (found seq {row.seq})")
        if row.prev_hash != head:
            return bad(row.seq, f"event {row.seq} does not follow the hash of event {count - 1}")
        try:
            body = json.loads(row.body)
            sealed = json.loads(row.sealed) if row.sealed else {}
            salts = json.loads(row.salts or "{}")
        except ValueError:
            return bad(row.seq, f"event {row.seq} was altered: what is stored of it is not JSON")
        if not (isinstance(body, dict) and isinstance(sealed, dict) and isinstance(salts, dict)):
            return bad(row.seq, f"event {row.seq} was altered: it is not stored as an object")
        if sealed or row.salts:
            problem = check_seal(body, sealed, salts)
            if problem is not None:
                return bad(row.seq, f"event {row.seq} was altered: {problem}")
        public = public_form(body, sealed) if sealed else row.body
        if chain_hash(head, public) != row.hash:
            return bad(row.seq, f"event {row.seq} was altered: its hash does not match its body")
        head, count = row.hash, count + 1
    if count != table.event_count or head != table.head_hash:
        return bad(count, f"the table's head names {table.event_count} events, found {count}")
    return ChainReport(table_id, count, head, True)
