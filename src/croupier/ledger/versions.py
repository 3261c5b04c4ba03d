"""Rules Submissions as versioned records (``rules_versions``).

A table's Rules Submission changes only by a new version (:func:`file_version`): the
whole submission, the moment it takes effect and who filed it; versions are never
changed or deleted. The version **in force** at a moment (:func:`in_force`) is the last
one whose ``effective_at`` is not after it; a round opened then is played under it to its
end (its ``RoundOpened`` carries the submission and its sha256), so a change at a table
with players waits for the round in progress to end, and every round keeps the version it
was played under. A table's first version is its submission when it was created
(``table created``; migration 0007 made one for every table created before).

Rules (cited ``server:rules-version``): a version is of the table's game; it takes effect
no earlier than when it is filed, and no earlier than the version before it (the first
version is in force from the table's creation, until another takes effect).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.ledger.accounts import LedgerError, NotFound, StaleVersion
from croupier.ledger.models import HOLD_TOTAL, GameTable, HoldDay, RulesVersion, now
from croupier.rules.base import RulesSubmission

CITE = "server:rules-version"
CREATED = "table created"
"""``filed_by`` of a table's first version."""
LEEWAY = timedelta(seconds=5)
"""How far before its filing a version's ``effective_at`` may lie (clocks differ a little:
"now" sent by a client)."""

State = Literal["in force", "superseded", "pending"]


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC (a stored moment with no zone, as SQLite gives it back, is UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def first_version(session: Session, table: GameTable, rules: RulesSubmission, at: datetime) -> None:
    """A new table's version 1: its submission, in force from ``at``."""
    session.add(
        RulesVersion(
            table_id=table.id,
            version=1,
            rules_json=rules.canonical_json(),
            rules_sha256=rules.sha256(),
            effective_at=utc(at),
            filed_by=CREATED,
            filed_at=utc(at),
            note="",
        )
    )


def versions(session: Session, table_id: str) -> list[RulesVersion]:
    """Every version of the table's Rules Submission, oldest first. Raises
    :class:`NotFound` for no such table."""
    if session.get(GameTable, table_id) is None:
        raise NotFound(f"no table {table_id!r}", "ledger")
    return list(
        session.scalars(
            select(RulesVersion)
            .where(RulesVersion.table_id == table_id)
            .order_by(RulesVersion.version)
        )
    )


def in_force(session: Session, table_id: str, at: datetime | None = None) -> RulesVersion:
    """The version in force at ``at`` (default: now): the last one in effect by then,
    the first version until another takes effect (a table always has its rules). Raises
    :class:`NotFound` for a table with no version."""
    moment = utc(at or now())
    found = session.scalars(
        select(RulesVersion)
        .where(
            RulesVersion.table_id == table_id,
            (RulesVersion.effective_at <= moment) | (RulesVersion.version == 1),
        )
        .order_by(RulesVersion.version.desc())
        .limit(1)
    ).first()
    if found is None:
        raise NotFound(f"table {table_id!r} has no Rules Submission", CITE)
    return found


def file_version(
    session: Session,
    table_id: str,
    rules: RulesSubmission,
    *,
    filed_by: str,
    effective_at: datetime | None = None,
    note: str = "",
    at: datetime | None = None,
) -> RulesVersion:
    """File ``rules`` as the table's next version, in force from ``effective_at``
    (default: ``at``, the moment of filing, default now).

    Raises :class:`NotFound` (no such table) and :class:`LedgerError` (a blank
    ``filed_by``, another game, an effective moment before the filing or before the last
    version's; ``server:rules-version``); :class:`StaleVersion` where another version was
    filed at the same time."""
    table = session.get(GameTable, table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}", "ledger")
    if not filed_by.strip():
        raise LedgerError("a new version names who files it: the filer may not be left blank", CITE)
    filed = utc(at or now())
    effective = utc(effective_at) if effective_at is not None else filed
    if rules.game != table.game:
        raise LedgerError(
            f"table {table_id} deals {table.game}: a new version of its Rules Submission is "
            f"of that game, not {rules.game}",
            CITE,
        )
    if effective < filed - LEEWAY:
        raise LedgerError(
            f"a new version takes effect when it is filed or later, not before: "
            f"{effective.isoformat()} is before {filed.isoformat()}",
            CITE,
        )
    last = session.scalars(
        select(RulesVersion)
        .where(RulesVersion.table_id == table_id)
        .order_by(RulesVersion.version.desc())
        .limit(1)
    ).first()
    number = 1 if last is None else last.version + 1
    # The first version is in force from the table's creation, whatever its clock said.
    if last is not None and last.version > 1 and effective < utc(last.effective_at):
        raise LedgerError(
            f"version {number} would take effect before version {last.version} "
            f"({utc(last.effective_at).isoformat()}); file it to take effect after",
            CITE,
        )
    row = RulesVersion(
        table_id=table_id,
        version=number,
        rules_json=rules.canonical_json(),
        rules_sha256=rules.sha256(),
        effective_at=effective,
        filed_by=filed_by,
        filed_at=filed,
        note=note,
    )
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError as error:
        raise StaleVersion(
            f"another version of table {table_id}'s Rules Submission was filed at the same "
            "time; file it again",
            "server:optimistic-concurrency",
        ) from error
    return row


@dataclass(frozen=True)
class VersionState:
    """A version as a history lists it: the record, whether it is in force, superseded
    or pending at the moment asked, and the rounds that ended under its submission."""

    version: RulesVersion
    state: State
    rounds: int


def history(session: Session, table_id: str, at: datetime | None = None) -> list[VersionState]:
    """Every version of the table, oldest first, with its state at ``at`` (default now)
    and the rounds that ended under its submission (by sha256: two versions with the same
    submission share them). Raises :class:`NotFound`."""
    moment = utc(at or now())
    found = versions(session, table_id)
    played: dict[str, int] = {
        sha: int(rounds)
        for sha, rounds in session.execute(
            select(HoldDay.rules_sha256, func.sum(HoldDay.rounds))
            .where(HoldDay.table_id == table_id, HoldDay.wager == HOLD_TOTAL)
            .group_by(HoldDay.rules_sha256)
        )
    }
    current = max((v.version for v in found if utc(v.effective_at) <= moment), default=1)
    listed = []
    for version in found:
        if utc(version.effective_at) > moment and version.version != 1:
            state: State = "pending"
        elif version.version == current:
            state = "in force"
        else:
            state = "superseded"
        listed.append(VersionState(version, state, int(played.get(version.rules_sha256, 0))))
    return listed
