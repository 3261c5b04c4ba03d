"""The significant-events log (GLI-19 2.8.8, 2.9.5): every change an operator or the
system makes, typed, append-only and hash-chained like the event chain.

Each entry (:class:`~croupier.ledger.models.SignificantEventRow`) says **when** (UTC),
**who** (a player id, an operator's name or role, or :data:`SYSTEM`), what **kind** of
change (:class:`Kind`), what it concerns (**subject**: a table id, a player id, a game,
``<table>/<version>`` for a Rules Submission version), the values **before** and
**after** (any JSON value; ``None`` where there was none) and the sentence a person reads.

:func:`record` adds one inside the caller's session and transaction (as every ledger
function does: the caller commits, so the change and its entry are stored together or
not at all). The entries form one chain: ``hash = sha256(prev_hash + canonical JSON of
{"after", "at", "before", "kind", "seq", "subject", "who", "words"})``, the first
``prev_hash`` being :data:`GENESIS`; the head (count and last hash) is the
:data:`CHAIN` row of ``ledger_heads``, locked while an entry is added (PostgreSQL ``FOR
UPDATE``; SQLite's ``BEGIN IMMEDIATE`` serializes writers already).
:func:`verify_significant_events` recomputes the chain and names every entry edited,
forged (inserted) or deleted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.ledger.models import LedgerHead, Player, SignificantEventRow, now, utc
from croupier.ledger.posting_chain import GENESIS
from croupier.sealing import canonical_json, chain_hash

CHAIN = "significant events"
"""The ``ledger_heads`` row that keeps the log's head."""
SYSTEM = "system"
"""``who`` of a change the server made by itself (a round voided at start-up, a
self-check)."""
OPERATOR = "the operator (command line)"
"""``who`` of a change made at the server's command line (``croupier ...``) without a
name given."""
CITE = "GLI-19 2.8.8"
"""The requirement the log meets (significant events, with values before and after)."""


class Kind(StrEnum):
    """The kinds of significant event. The value is what is stored."""

    RULES_SUBMISSION_STEP = "rules_submission_step"
    TABLE_OPENED = "table_opened"
    TABLE_CLOSED = "table_closed"
    TABLE_DISABLED = "table_disabled"
    TABLE_ENABLED = "table_enabled"
    GAME_DISABLED = "game_disabled"
    GAME_ENABLED = "game_enabled"
    PAYTABLE_DISABLED = "paytable_disabled"
    PAYTABLE_ENABLED = "paytable_enabled"
    PLAYER_DISABLED = "player_disabled"
    PLAYER_ENABLED = "player_enabled"
    PLAYER_LIMITS_CHANGED = "player_limits_changed"
    PLAYER_STATUS_CHANGED = "player_status_changed"
    SEAT_FREED = "seat_freed"
    ROLE_GRANTED = "role_granted"
    EQUIPMENT_SIGNED = "equipment_signed"
    ROUND_VOIDED_BY_SYSTEM = "round_voided_by_system"
    ROUND_RESUMED_BY_SYSTEM = "round_resumed_by_system"
    SELFCHECK = "selfcheck"
    LOGIN_FAILED = "login_failed"
    ACCOUNT_LOCKED = "account_locked"
    LARGE_WAGER = "large_wager"
    LARGE_WIN = "large_win"
    CLOCK_CHANGED = "clock_changed"
    SERVER_STARTED = "server_started"
    SERVER_STOPPED = "server_stopped"


KIND_WORDS: dict[Kind, str] = {
    Kind.RULES_SUBMISSION_STEP: "Rules Submission step",
    Kind.TABLE_OPENED: "table opened",
    Kind.TABLE_CLOSED: "table closed",
    Kind.TABLE_DISABLED: "table disabled",
    Kind.TABLE_ENABLED: "table enabled",
    Kind.GAME_DISABLED: "game disabled",
    Kind.GAME_ENABLED: "game enabled",
    Kind.PAYTABLE_DISABLED: "paytable disabled",
    Kind.PAYTABLE_ENABLED: "paytable enabled",
    Kind.PLAYER_DISABLED: "player disabled",
    Kind.PLAYER_ENABLED: "player enabled",
    Kind.PLAYER_LIMITS_CHANGED: "player's limits changed",
    Kind.PLAYER_STATUS_CHANGED: "player's status changed",
    Kind.SEAT_FREED: "seat freed by the floor",
    Kind.ROLE_GRANTED: "role granted",
    Kind.EQUIPMENT_SIGNED: "equipment signed out of order or back in",
    Kind.ROUND_VOIDED_BY_SYSTEM: "round voided by the system",
    Kind.ROUND_RESUMED_BY_SYSTEM: "round resumed by the system",
    Kind.SELFCHECK: "self-verification",
    Kind.LOGIN_FAILED: "failed login",
    Kind.ACCOUNT_LOCKED: "account locked",
    Kind.LARGE_WAGER: "large wager",
    Kind.LARGE_WIN: "large win",
    Kind.CLOCK_CHANGED: "server clock changed",
    Kind.SERVER_STARTED: "server started",
    Kind.SERVER_STOPPED: "server stopped",
}
"""Each kind as a person reads it (the report and the floor page)."""


@dataclass(frozen=True)
class SignificantEvent:
    """One entry as read back: ``before`` and ``after`` are the JSON values recorded;
    ``at`` is aware UTC."""

    seq: int
    at: datetime
    who: str
    kind: Kind
    subject: str
    before: Any
    after: Any
    words: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON: ``at`` in ISO 8601, ``kind`` its stored value and
        ``kind_words`` as a person reads it."""
        return {
            "seq": self.seq,
            "at": self.at.isoformat(),
            "who": self.who,
            "kind": self.kind.value,
            "kind_words": KIND_WORDS[self.kind],
            "subject": self.subject,
            "before": self.before,
            "after": self.after,
            "words": self.words,
            "hash": self.hash,
        }


def entry_hash(
    prev_hash: str,
    *,
    seq: int,
    at: datetime,
    who: str,
    kind: str,
    subject: str,
    before_json: str,
    after_json: str,
    words: str,
) -> str:
    """The entry's hash (64 hex digits) after ``prev_hash``; ``at`` is taken in UTC to the
    microsecond, ``before_json``/``after_json`` are the stored canonical JSON texts."""
    body = {
        "after": after_json,
        "at": utc(at).isoformat(timespec="microseconds"),
        "before": before_json,
        "kind": kind,
        "seq": seq,
        "subject": subject,
        "who": who,
        "words": words,
    }
    return chain_hash(prev_hash, canonical_json(body))


_LOCKED = "croupier.significant_events.locked"
"""``session.info`` key: (the innermost transaction in which the head row was locked, the
row), the row held here because the session keeps unchanged rows only weakly."""


def _head(session: Session) -> LedgerHead:
    """The log's head, locked for this transaction (made where a database was built
    without the migrations, by ``metadata.create_all``). The lock is taken once a
    transaction: later entries in the same (innermost) transaction take the row where the
    previous entry left it, with no statement; a new transaction or savepoint (whose
    rollback would release a lock taken inside it) locks and reads again."""
    current = session.get_nested_transaction() or session.get_transaction()
    held = session.info.get(_LOCKED)
    if current is not None and held is not None and held[0] is current and held[1] in session:
        row: LedgerHead = held[1]
        return row
    found = session.get(LedgerHead, CHAIN, with_for_update=True, populate_existing=True)
    if found is None:
        found = LedgerHead(chain=CHAIN, postings=0, head=GENESIS)
        session.add(found)
        session.flush()
    session.info[_LOCKED] = (session.get_nested_transaction() or session.get_transaction(), found)
    return found


def record(
    session: Session,
    *,
    kind: Kind,
    who: str,
    subject: str,
    before: Any,
    after: Any,
    words: str,
    at: datetime | None = None,
) -> SignificantEventRow:
    """Add one significant event to the log, inside ``session``'s transaction (the caller
    commits it with the change it records). ``before`` and ``after`` are JSON values (a
    dict, a string, ``None``...); ``words`` is the plain-English sentence; ``at`` (default
    now) is stored in UTC.

    Raises ``TypeError`` for a ``kind`` that is not a :class:`Kind` or values that are
    not JSON, ``ValueError`` for a blank ``who``, ``subject`` or ``words`` (programming
    errors of the caller: nothing is stored)."""
    if not isinstance(kind, Kind):
        raise TypeError(f"a significant event's kind is a Kind, not {kind!r}")
    for name, value in (("who", who), ("subject", subject), ("words", words)):
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"a significant event names its {name}: {value!r} does not")
    moment = utc(at or now())
    before_json, after_json = canonical_json(before), canonical_json(after)
    head = _head(session)
    seq = head.postings
    entry: dict[str, Any] = {
        "seq": seq,
        "at": moment,
        "who": who,
        "kind": kind.value,
        "subject": subject,
        "before_json": before_json,
        "after_json": after_json,
        "words": words,
    }
    digest = entry_hash(head.head, **entry)
    row = SignificantEventRow(**entry, prev_hash=head.head, hash=digest)
    session.add(row)
    head.postings, head.head = seq + 1, digest
    session.flush()
    return row


def _read(row: SignificantEventRow) -> SignificantEvent:
    return SignificantEvent(
        seq=row.seq,
        at=utc(row.at),
        who=row.who,
        kind=Kind(row.kind),
        subject=row.subject,
        before=json.loads(row.before_json),
        after=json.loads(row.after_json),
        words=row.words,
        hash=row.hash,
    )


def significant_events(
    session: Session,
    *,
    kinds: Iterable[Kind] = (),
    subject: str | None = None,
    since: datetime | None = None,
) -> list[SignificantEvent]:
    """The log in ``seq`` order, only the ``kinds`` given (none: every kind), about
    ``subject`` and at or after ``since`` where given."""
    query = select(SignificantEventRow).order_by(SignificantEventRow.seq)
    wanted = [kind.value for kind in kinds]
    if wanted:
        query = query.where(SignificantEventRow.kind.in_(wanted))
    if subject is not None:
        query = query.where(SignificantEventRow.subject == subject)
    if since is not None:
        query = query.where(SignificantEventRow.at >= utc(since))
    return [_read(row) for row in session.scalars(query)]


def latest(session: Session, kind: Kind, subject: str | None = None) -> SignificantEvent | None:
    """The last entry of ``kind`` (about ``subject`` where given), or ``None``."""
    query = select(SignificantEventRow).where(SignificantEventRow.kind == kind.value)
    if subject is not None:
        query = query.where(SignificantEventRow.subject == subject)
    row = session.scalars(query.order_by(SignificantEventRow.seq.desc()).limit(1)).first()
    return None if row is None else _read(row)


def _as_hashed(row: SignificantEventRow) -> bool:
    """Whether ``row`` records what its hash was worked out over (a kind croupier has,
    JSON before and after)."""
    try:
        kind_known = row.kind in {kind.value for kind in Kind}
        json.loads(row.before_json)
        json.loads(row.after_json)
    except ValueError:
        kind_known = False
    recomputed = entry_hash(
        row.prev_hash,
        seq=row.seq,
        at=row.at,
        who=row.who,
        kind=row.kind,
        subject=row.subject,
        before_json=row.before_json,
        after_json=row.after_json,
        words=row.words,
    )
    return recomputed == row.hash and kind_known


def verify_significant_events(session: Session) -> list[str]:
    """Recompute the log's hash chain from :data:`GENESIS` and compare it with every
    stored entry and the stored head; each problem in words, naming the entry (none: the
    log verifies). An entry edited no longer matches its hash; one deleted leaves a gap
    in ``seq`` (or, at the end, a head naming more entries than are found); one forged
    (inserted, or added past the head) does not follow the hash before it or is not
    counted by the head."""
    problems: list[str] = []
    prev, expected, before = GENESIS, 0, "the start of the log"
    rows = session.scalars(select(SignificantEventRow).order_by(SignificantEventRow.seq))
    for row in rows:
        if row.seq != expected:
            gap = f"entries {expected}-{row.seq - 1}"
            missing = f"entry {expected}" if row.seq == expected + 1 else gap
            problems.append(
                f"significant event {row.seq} follows {before}: {missing} of the log was deleted"
            )
        if row.prev_hash != prev:
            problems.append(
                f"significant event {row.seq} does not follow the hash of {before}: an entry "
                "before it was deleted, altered or forged"
            )
        if not _as_hashed(row):
            problems.append(
                f"significant event {row.seq} ({row.kind} of {row.subject}) was altered: its "
                "hash does not match what it records"
            )
        prev, expected, before = row.hash, row.seq + 1, f"significant event {row.seq}"
    head = session.get(LedgerHead, CHAIN)
    count, last = (head.postings, head.head) if head is not None else (0, GENESIS)
    if count != expected or last != prev:
        problems.append(
            f"the significant-events log ends at {before}, but its head names {count} "
            f"entries ({expected} found): an entry at its end was deleted or forged"
        )
    return problems


def significant_events_count(session: Session) -> int:
    """How many entries the log's head counts."""
    head = session.get(LedgerHead, CHAIN)
    return 0 if head is None else head.postings


def granted(session: Session, player: Player, by: str) -> SignificantEventRow:
    """Record that ``by`` created ``player``'s account with its role (a role granted)."""
    return record(
        session,
        kind=Kind.ROLE_GRANTED,
        who=by,
        subject=player.id,
        before=None,
        after={"name": player.name, "role": player.role},
        words=f"{by} created the account of {player.name} (player {player.id}) with the "
        f"role {player.role}",
    )
