"""The workflow of a table's Rules Submission, version by version (issue #31).

A version is **drafted** (kept, not yet sent) or **submitted** (sent to the Board); a
submitted one is **approved** (by whom, when, with the approval's reference) or
**rejected** (by whom, when, why); only an approved one is put **in force** (now or from
a later moment), and putting one in force **supersedes** the version in force before it
from that moment. A drafted, submitted, approved or in-force version may be
**withdrawn** (one in force leaves the table dealing nothing until another is put in
force). Rejected, superseded and withdrawn are final: a change is a new version. Every
step is kept (``rules_version_states``, :func:`croupier.ledger.versions.record`); a table
deals only under an approved version in force (:func:`croupier.ledger.versions.in_force`).

Every refusal is a :class:`~croupier.errors.LedgerError` cited ``server:rules-submission``
naming the rule of the workflow broken; nothing is stored.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.ledger.accounts import LedgerError
from croupier.ledger.models import RulesVersion, now
from croupier.ledger.versions import (
    LEEWAY,
    SUBMISSION_CITE,
    add_version,
    record,
    state_at,
    steps,
    utc,
    version,
    versions,
)
from croupier.rules.base import RulesSubmission

DRAFTED = "drafted"
SUBMITTED = "submitted"
APPROVED = "approved"
REJECTED = "rejected"
IN_FORCE = "in force"
SUPERSEDED = "superseded"
WITHDRAWN = "withdrawn"

NEXT: dict[str, tuple[str, ...]] = {
    DRAFTED: (SUBMITTED, WITHDRAWN),
    SUBMITTED: (APPROVED, REJECTED, WITHDRAWN),
    APPROVED: (IN_FORCE, WITHDRAWN),
    IN_FORCE: (SUPERSEDED, WITHDRAWN),
    REJECTED: (),
    SUPERSEDED: (),
    WITHDRAWN: (),
}
"""The steps each state allows (superseded only by putting another version in force)."""

_RULE = {
    SUBMITTED: "only a drafted Rules Submission may be submitted",
    APPROVED: "only a submitted Rules Submission may be approved",
    REJECTED: "only a submitted Rules Submission may be rejected",
    IN_FORCE: "only an approved Rules Submission may be put in force",
    WITHDRAWN: "only a drafted, submitted, approved or in-force Rules Submission may be withdrawn",
}


def _refuse(message: str) -> LedgerError:
    return LedgerError(message, SUBMISSION_CITE)


def _named(by: str, what: str) -> str:
    if not by.strip():
        raise _refuse(f"{what} names who does it: it may not be left blank")
    return by.strip()


def _step(
    session: Session, table_id: str, number: int, wanted: str, moment: datetime
) -> RulesVersion:
    """Version ``number``, checked to allow the step to ``wanted`` at ``moment``."""
    row = version(session, table_id, number)
    taken = steps(session, row)
    coming = [step for step in taken if utc(step.at) > moment]
    if coming:
        raise _refuse(
            f"version {number} is to be {coming[0].state} from "
            f"{utc(coming[0].at).isoformat()}: nothing else may be done with it before then"
        )
    now_in = state_at(taken, moment)
    if wanted not in NEXT[now_in]:
        final = " (final: a change is a new version)" if not NEXT[now_in] else ""
        raise _refuse(f"{_RULE[wanted]}, and version {number} is {now_in}{final}")
    return row


def submit(
    session: Session,
    table_id: str,
    rules: RulesSubmission,
    *,
    by: str,
    note: str = "",
    draft: bool = False,
    at: datetime | None = None,
) -> RulesVersion:
    """Record ``rules`` as the table's next version, drafted (``draft``) or submitted by
    ``by``. Raises what :func:`~croupier.ledger.versions.add_version` raises."""
    moment = utc(at or now())
    row = add_version(session, table_id, rules, filed_by=by, note=note, at=moment)
    record(session, row, DRAFTED if draft else SUBMITTED, moment, by.strip())
    return row


def submit_draft(
    session: Session, table_id: str, number: int, *, by: str, at: datetime | None = None
) -> RulesVersion:
    """Submit drafted version ``number``. Raises :class:`LedgerError` (not drafted)."""
    moment = utc(at or now())
    who = _named(by, "a submission")
    row = _step(session, table_id, number, SUBMITTED, moment)
    record(session, row, SUBMITTED, moment, who)
    return row


def approve(
    session: Session,
    table_id: str,
    number: int,
    *,
    by: str,
    reference: str,
    at: datetime | None = None,
) -> RulesVersion:
    """Record the approval of submitted version ``number`` by ``by`` with ``reference``
    (the Board's letter or order). Raises :class:`LedgerError` (not submitted, a blank
    name or reference)."""
    moment = utc(at or now())
    who = _named(by, "an approval")
    if not reference.strip():
        raise _refuse("an approval gives its reference (the approval's letter or order number)")
    row = _step(session, table_id, number, APPROVED, moment)
    record(session, row, APPROVED, moment, who, reference=reference.strip())
    return row


def reject(
    session: Session,
    table_id: str,
    number: int,
    *,
    by: str,
    reason: str,
    at: datetime | None = None,
) -> RulesVersion:
    """Record the rejection of submitted version ``number`` by ``by`` for ``reason``.
    Raises :class:`LedgerError` (not submitted, a blank name or reason)."""
    moment = utc(at or now())
    who = _named(by, "a rejection")
    if not reason.strip():
        raise _refuse("a rejection gives its reason")
    row = _step(session, table_id, number, REJECTED, moment)
    record(session, row, REJECTED, moment, who, reason=reason.strip())
    return row


def withdraw(
    session: Session,
    table_id: str,
    number: int,
    *,
    by: str,
    reason: str = "",
    at: datetime | None = None,
) -> RulesVersion:
    """Withdraw version ``number`` (drafted, submitted, approved or in force: a table whose
    version in force is withdrawn deals no round until another is put in force). Raises
    :class:`LedgerError` (rejected, superseded or withdrawn already; a step to come)."""
    moment = utc(at or now())
    who = _named(by, "a withdrawal")
    row = _step(session, table_id, number, WITHDRAWN, moment)
    if row.effective_at is not None and row.ended_at is None:
        row.ended_at = moment
    record(session, row, WITHDRAWN, moment, who, reason=reason.strip())
    return row


def put_in_force(
    session: Session,
    table_id: str,
    number: int,
    *,
    by: str,
    effective_at: datetime | None = None,
    at: datetime | None = None,
) -> RulesVersion:
    """Put approved version ``number`` in force from ``effective_at`` (default: now, ``at``);
    the version in force then (or to be) is superseded from that moment. The round in
    progress ends under the version it opened with.

    Raises :class:`LedgerError`: not approved, a blank name, a moment already past, or
    one before the version it supersedes took effect."""
    moment = utc(at or now())
    who = _named(by, "putting a version in force")
    effective = utc(effective_at) if effective_at is not None else moment
    row = _step(session, table_id, number, IN_FORCE, moment)
    if effective < moment - LEEWAY:
        raise _refuse(
            f"a version is put in force now or later, not before: {effective.isoformat()} "
            f"is before {moment.isoformat()}"
        )
    before = session.scalars(
        select(RulesVersion)
        .where(
            RulesVersion.table_id == table_id,
            RulesVersion.effective_at.is_not(None),
            RulesVersion.ended_at.is_(None),
        )
        .order_by(RulesVersion.version.desc())
        .limit(1)
    ).first()
    # The first version is in force from the table's creation, whatever its clock said.
    if before is not None and before.effective_at is not None:
        started = utc(before.effective_at)
        if before.version > 1 and effective < started:
            raise _refuse(
                f"version {number} would take effect before version {before.version} "
                f"({started.isoformat()}), which it supersedes; put it in force after"
            )
        before.ended_at = effective
        record(
            session,
            before,
            SUPERSEDED,
            effective,
            who,
            reason=f"version {number} was put in force",
        )
    row.effective_at = effective
    record(session, row, IN_FORCE, effective, who)
    return row


def approved_with(session: Session, table_id: str, rules: RulesSubmission) -> RulesVersion:
    """The table's latest approved version (not yet in force) holding ``rules`` (by
    sha256), for putting it in force by its file. Raises :class:`LedgerError` naming the
    state of the versions that hold it, or saying none does."""
    sha = rules.sha256()
    held = [v for v in versions(session, table_id) if v.rules_sha256 == sha]
    states = [(v.version, state_at(steps(session, v))) for v in held]
    for number, state in reversed(states):
        if state == APPROVED:
            return version(session, table_id, number)
    if not states:
        raise _refuse(
            f"{_RULE[IN_FORCE]}, and this one has not been submitted for table {table_id}: "
            "submit it (croupier rules submit) and record its approval first"
        )
    listed = ", ".join(f"version {number} is {state}" for number, state in states)
    raise _refuse(f"{_RULE[IN_FORCE]}, and of this submission at table {table_id}: {listed}")
