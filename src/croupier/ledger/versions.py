"""Rules Submissions as versioned records (``rules_versions``) and the version in force.

A table's Rules Submission changes only by a new version (:func:`add_version`, through
the workflow of :mod:`croupier.ledger.submissions`: drafted, submitted, approved or
rejected, in force, superseded, withdrawn, each step kept in ``rules_version_states``);
versions and their steps are never changed or deleted. The version **in force** at a
moment (:func:`in_force`) is the last one put in force by then and not yet superseded or
withdrawn; a round opened then is played under it to its end (its ``RoundOpened``
carries the submission and its sha256), so a change at a table with players waits for
the round in progress to end, and every round keeps the version it was played under. A
table with no version in force deals no round (:class:`NotInForce`). A table's first
version is its submission when it was created (``table created``), submitted, approved
and put in force by the operator at setup (migration 0007 made one for every table
created before, migration 0012 its steps).

Rules (cited ``server:rules-version``): a version is of the table's game, and names who
files it.

**The versions in force, cached per table** (:func:`in_force`): each process keeps, per
database and table, the versions ever put in force (their moments and texts) with the
number of workflow steps the table had when they were read. Every change to which version
is in force (filed, put in force, superseded, withdrawn) is a step of its own, appended in
the same transaction (steps are never changed or deleted), so the count of a table's steps
is its cache's version: a command reads it (the command head's query, or one indexed
``count(*)``) and finds the version in force in memory unless the count moved, whichever
process or command line took the step. What a transaction reads enters the process's cache
only when it commits (:func:`croupier.ledger.cache.stage_versions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.ledger.accounts import LedgerError, NotFound, StaleVersion
from croupier.ledger.cache import process_cache, stage_versions, staged_versions
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import (
    HOLD_TOTAL,
    GameTable,
    HoldDay,
    RulesVersion,
    RulesVersionState,
    now,
)
from croupier.ledger.models import (
    utc as utc,
)
from croupier.ledger.significant_events import Kind
from croupier.ledger.significant_events import record as record_event
from croupier.rules.base import RulesSubmission

CITE = "server:rules-version"
SUBMISSION_CITE = "server:rules-submission"
"""The rules of a Rules Submission's workflow (:mod:`croupier.ledger.submissions`)."""
CREATED = "table created"
"""``filed_by`` of a table's first version."""
LEEWAY = timedelta(seconds=5)
"""How far before its filing a version's ``effective_at`` may lie (clocks differ a little:
"now" sent by a client)."""


class NotInForce(LedgerError):
    """No version of a table's Rules Submission is approved and in force: the table
    deals no round (409)."""


OPERATOR_AT_SETUP = "the operator, at table setup"
"""Who submitted and approved a table's first version (docs/interpretations.md, "A new
table's Rules Submission is approved at setup")."""
SETUP_REFERENCE = "the Rules Submission the table was set up with"
"""The approval reference of a table's first version."""


def record(
    session: Session,
    row: RulesVersion,
    state: str,
    at: datetime,
    by: str,
    *,
    reference: str = "",
    reason: str = "",
    taken: list[RulesVersionState] | None = None,
) -> RulesVersionState:
    """Add one step to ``row``'s workflow (the next ``seq``); the caller checked that the
    step is allowed (:mod:`croupier.ledger.submissions`). The step is also a significant
    event (:data:`Kind.RULES_SUBMISSION_STEP`, subject ``<table>/<version>``): the
    version's state before it and after, dated when it is taken (the words give the
    moment of a step from a later moment). ``taken``: the version's steps so far where
    the caller knows them (a version it made in this transaction), else they are read."""
    if taken is None:
        taken = steps(session, row)
    last = taken[-1].seq if taken else 0
    before = state_at(taken, at) if taken else None
    extra = f" (reference: {reference})" if reference else f" ({reason})" if reason else ""
    record_event(
        session,
        kind=Kind.RULES_SUBMISSION_STEP,
        who=by,
        subject=f"{row.table_id}/{row.version}",
        before={"state": before},
        after={"state": state, "reference": reference, "reason": reason},
        words=f"{by}: version {row.version} of table {row.table_id}'s Rules Submission "
        f"{'was ' + state if before is None else 'went from ' + before + ' to ' + state}"
        f" at {utc(at):%Y-%m-%d %H:%M:%S} UTC{extra}",
        at=min(utc(at), now()),  # a step from a later moment is recorded when it is taken
    )
    step = RulesVersionState(
        table_id=row.table_id,
        version=row.version,
        seq=last + 1,
        state=state,
        at=utc(at),
        actor=by,
        reference=reference,
        reason=reason,
    )
    session.add(step)
    session.flush()
    return step


def first_version(session: Session, table: GameTable, rules: RulesSubmission, at: datetime) -> None:
    """A new table's version 1: its submission, submitted and approved by the operator at
    setup (:data:`OPERATOR_AT_SETUP`) and in force from ``at``."""
    row = RulesVersion(
        table_id=table.id,
        version=1,
        rules_json=rules.canonical_json(),
        rules_sha256=rules.sha256(),
        effective_at=utc(at),
        filed_by=CREATED,
        filed_at=utc(at),
        note="",
    )
    session.add(row)
    session.flush()
    taken: list[RulesVersionState] = []  # a version made here has no step yet: none read
    for state, reference in (
        ("submitted", ""),
        ("approved", SETUP_REFERENCE),
        ("in force", ""),
    ):
        taken.append(
            record(session, row, state, at, OPERATOR_AT_SETUP, reference=reference, taken=taken)
        )


def versions(session: Session, table_id: str) -> list[RulesVersion]:
    """Every version of the table's Rules Submission, oldest first. Raises
    :class:`NotFound` for no such table."""
    if session.get(GameTable, table_id) is None:
        raise NotFound(f"there is no table {table_id!r}", NOT_FOUND)
    return list(
        session.scalars(
            select(RulesVersion)
            .where(RulesVersion.table_id == table_id)
            .order_by(RulesVersion.version)
        )
    )


def version(session: Session, table_id: str, number: int) -> RulesVersion:
    """Version ``number`` of the table's Rules Submission. Raises :class:`NotFound`."""
    found = [v for v in versions(session, table_id) if v.version == number]
    if not found:
        raise NotFound(f"table {table_id} has no version {number} of its Rules Submission", CITE)
    return found[0]


def steps(session: Session, row: RulesVersion) -> list[RulesVersionState]:
    """``row``'s workflow, step by step (oldest first)."""
    return list(
        session.scalars(
            select(RulesVersionState)
            .where(
                RulesVersionState.table_id == row.table_id,
                RulesVersionState.version == row.version,
            )
            .order_by(RulesVersionState.seq)
        )
    )


def state_at(found: list[RulesVersionState], at: datetime | None = None) -> str:
    """The state a version is in at ``at`` (default now), from its steps: the last one
    taken by then (a step to come, put in force from a later moment, not yet)."""
    moment = utc(at or now())
    reached = [step.state for step in found if utc(step.at) <= moment]
    return reached[-1] if reached else found[0].state


@dataclass(frozen=True, slots=True)
class Effective:
    """A version put in force at some moment, as :func:`in_force` keeps it: its number, its
    submission's text and sha256, and the moments it took effect and ended (aware UTC;
    ``None``: not ended)."""

    version: int
    rules_json: str
    rules_sha256: str
    effective_at: datetime
    ended_at: datetime | None

    def covers(self, moment: datetime) -> bool:
        """Whether this version is in force at ``moment`` (the first version from the
        table's creation, its clock notwithstanding)."""
        started = self.effective_at <= moment or self.version == 1
        return started and (self.ended_at is None or self.ended_at > moment)


_STEPS = Statement.of("SELECT count(*) FROM rules_version_states WHERE table_id = :table")


def steps_count(session: Session, table_id: str) -> int:
    """How many workflow steps table ``table_id``'s versions have (the version of its
    cached versions in force; one indexed ``count(*)``)."""
    return int(raw(session).execute(_STEPS, {"table": table_id}).fetchone()[0])


def _effective(session: Session, table_id: str) -> tuple[Effective, ...]:
    rows = session.execute(
        select(
            RulesVersion.version,
            RulesVersion.rules_json,
            RulesVersion.rules_sha256,
            RulesVersion.effective_at,
            RulesVersion.ended_at,
        )
        .where(RulesVersion.table_id == table_id, RulesVersion.effective_at.is_not(None))
        .order_by(RulesVersion.version)
    ).all()
    return tuple(
        Effective(number, text, sha, utc(start), None if end is None else utc(end))
        for number, text, sha, start, end in rows
        if start is not None  # the query's condition: every row has a moment
    )


def _cached(session: Session, table_id: str, steps: int | None = None) -> tuple[Effective, ...]:
    """The table's versions put in force, from the process's cache (read again where the
    table's count of steps, ``steps`` when the caller read it, moved)."""
    count = steps_count(session, table_id) if steps is None else steps
    found = staged_versions(session, table_id, count)
    if found is None:
        cached: Any = process_cache(session).versions.get(table_id)
        if cached is not None and cached[0] == count:
            found = cached[1]
        else:
            found = _effective(session, table_id)
            stage_versions(session, table_id, count, found)
    return cast(tuple[Effective, ...], found)


def _in_force(
    session: Session, table_id: str, moment: datetime, steps: int | None = None
) -> Effective | None:
    """The version in force at ``moment`` from the cached versions (read again where the
    table's count of steps, ``steps`` when the caller read it, moved)."""
    found = _cached(session, table_id, steps)
    effective: Effective
    for effective in reversed(found):
        if effective.covers(moment):
            return effective
    return None


def next_change(session: Session, table_id: str, at: datetime) -> datetime | None:
    """The first moment after ``at`` (aware UTC) when the table's version in force
    changes by itself, with nothing filed then (a version put in force from a later
    moment takes effect, or one in force ends), or ``None``: none to come."""
    moment = utc(at)
    later = [
        when
        for effective in _cached(session, table_id)
        # the first version is in force from the table's creation, whatever its moment
        for when in (None if effective.version == 1 else effective.effective_at, effective.ended_at)
        if when is not None and when > moment
    ]
    return min(later, default=None)


def in_force(
    session: Session, table_id: str, at: datetime | None = None, *, steps: int | None = None
) -> Effective:
    """The version in force at ``at`` (default: now): the last one put in force by then
    and not yet superseded or withdrawn (the first version from the table's creation, its
    clock notwithstanding). A table deals only under it. ``steps``: the table's count of
    workflow steps where the caller read it already (:func:`steps_count`); found in the
    process's cache unless that count moved (see the module's description). Raises
    :class:`NotInForce` (``server:rules-submission``) where none is, saying why, and
    :class:`NotFound` for no such table."""
    moment = utc(at or now())
    found = _in_force(session, table_id, moment, steps)
    if found is None:
        raise NotInForce(_why_none(session, table_id, moment), SUBMISSION_CITE)
    return found


def shown(session: Session, table_id: str, at: datetime | None = None) -> RulesVersion:
    """The version a table shows at ``at`` (its sign, limits, seats): the one in force,
    else the last one that was (a table whose version was withdrawn), else its first.
    Raises :class:`NotFound`."""
    moment = utc(at or now())
    found = _in_force(session, table_id, moment)
    if found is not None:
        row = session.get(RulesVersion, (table_id, found.version))
        if row is not None:
            return row
    listed = versions(session, table_id)
    if not listed:
        raise NotFound(f"table {table_id!r} has no Rules Submission", CITE)
    were = [v for v in listed if v.effective_at is not None and utc(v.effective_at) <= moment]
    return (were or listed)[-1]


def _why_none(session: Session, table_id: str, moment: datetime) -> str:
    """Why no version of the table is in force at ``moment``, in words."""
    head = (
        f"table {table_id} deals no round: a table deals only under a Rules Submission "
        "approved and put in force"
    )
    listed = versions(session, table_id)
    ended = [v for v in listed if v.ended_at is not None and utc(v.ended_at) <= moment]
    if ended:
        last = ended[-1]
        step = steps(session, last)[-1]
        why = f": {step.reason}" if step.reason else ""
        return (
            f"{head}, and version {last.version} was {step.state} by {step.actor} on "
            f"{utc(step.at):%Y-%m-%d %H:%M} UTC{why}; none has been put in force since"
        )
    return f"{head}, and none of its versions has been"


def add_version(
    session: Session,
    table_id: str,
    rules: RulesSubmission,
    *,
    filed_by: str,
    note: str = "",
    at: datetime | None = None,
) -> RulesVersion:
    """Add ``rules`` as the table's next version, in no state yet and in force at no
    moment (:func:`croupier.ledger.submissions.submit` records its first step).

    Raises :class:`NotFound` (no such table) and :class:`LedgerError` (a blank
    ``filed_by``, another game; ``server:rules-version``); :class:`StaleVersion` where
    another version was filed at the same time."""
    table = session.get(GameTable, table_id)
    if table is None:
        raise NotFound(f"there is no table {table_id!r}", NOT_FOUND)
    if not filed_by.strip():
        raise LedgerError("a new version names who files it: the filer may not be left blank", CITE)
    if rules.game != table.game:
        raise LedgerError(
            f"table {table_id} deals {table.game}: a new version of its Rules Submission is "
            f"of that game, not {rules.game}",
            CITE,
        )
    last = session.scalars(
        select(func.max(RulesVersion.version)).where(RulesVersion.table_id == table_id)
    ).first()
    row = RulesVersion(
        table_id=table_id,
        version=(last or 0) + 1,
        rules_json=rules.canonical_json(),
        rules_sha256=rules.sha256(),
        effective_at=None,
        ended_at=None,
        filed_by=filed_by,
        filed_at=utc(at or now()),
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
    """A version as a history lists it: the record, its state at the moment asked
    (drafted, submitted, approved, rejected, in force, superseded, withdrawn), every step
    of its workflow and the rounds that ended under its submission."""

    version: RulesVersion
    state: str
    rounds: int
    steps: tuple[RulesVersionState, ...]


def history(session: Session, table_id: str, at: datetime | None = None) -> list[VersionState]:
    """Every version of the table, oldest first, with its state at ``at`` (default now),
    its steps and the rounds that ended under its submission (by sha256: two versions
    with the same submission share them). Raises :class:`NotFound`."""
    found = versions(session, table_id)
    played: dict[str, int] = {
        sha: int(rounds)
        for sha, rounds in session.execute(
            select(HoldDay.rules_sha256, func.sum(HoldDay.rounds))
            .where(HoldDay.table_id == table_id, HoldDay.wager == HOLD_TOTAL)
            .group_by(HoldDay.rules_sha256)
        )
    }
    listed = []
    for row in found:
        taken = steps(session, row)
        listed.append(
            VersionState(
                row, state_at(taken, at), int(played.get(row.rules_sha256, 0)), tuple(taken)
            )
        )
    return listed
