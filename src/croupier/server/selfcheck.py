"""Self-verification of the critical software (GLI-19 2.3.2): the installed package's
critical files (the engine, the games, the rules, the random number generator, the
ledger, the server: :data:`croupier.identity.CRITICAL`) hashed (sha256) and compared with
the manifest written when it was built (:func:`croupier.identity.check_manifest`).

:func:`run` checks and records the result as a significant event (``selfcheck``: passed
or not, how many files, their digest, each file that differs by name), in the caller's
transaction. It runs when the server starts, every :data:`EVERY` by the server's clock
(:func:`schedule`, a task of the application's lifespan), on demand (``POST
/selfcheck``, an admin) and from the command line (``croupier selfcheck``).

While the last self-check recorded failed, no table opens a new round
(:func:`check_dealing`: a 409 naming the files and GLI-19 2.3.2); the next passing check
lets them deal again. The round in progress finishes.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from croupier.errors import LedgerError
from croupier.identity import check_manifest, critical_files, files_digest
from croupier.ledger.db import Statement, raw
from croupier.ledger.disabling import stored_moment
from croupier.ledger.models import now, utc
from croupier.ledger.significant_events import SYSTEM, Kind, latest, record

CITE = "GLI-19 2.3.2"
EVERY = timedelta(hours=24)
"""How often the server checks itself (GLI-19 2.3.2: at least every 24 hours)."""
SUBJECT = "critical files"
"""The ``subject`` of a self-check's significant event."""
LOG = logging.getLogger("croupier.selfcheck")


CLOSED = (
    "This table is closed for play: the software's self-check found that part of croupier "
    "has changed since it was built, so no new round is dealt. Your balance is untouched; "
    "play resumes here when the operator's check passes (GLI-19 2.3.2)."
)
"""What a seated player's view says (its ``betting_held``) while the last self-check
recorded failed: what happened and what he can do, in words."""


class SelfCheckFailed(LedgerError):
    """The last self-check found a critical file changed: no round is dealt (409)."""


@dataclass(frozen=True)
class SelfCheck:
    """A self-check's result: when, whether every critical file matched the manifest,
    how many files were hashed, their digest (:func:`croupier.identity.files_digest`)
    and each difference in words (a file by name)."""

    at: datetime
    passed: bool
    files: int
    files_sha256: str
    differences: tuple[str, ...]

    def words(self) -> str:
        """The result in a sentence."""
        if self.passed:
            return (
                f"self-verification passed: all {self.files} critical files match the "
                f"manifest written when croupier was built (sha256 {self.files_sha256})"
            )
        return (
            f"self-verification FAILED: {len(self.differences)} critical file(s) differ "
            f"from the manifest: {'; '.join(self.differences)}. No table deals a new round "
            "until a self-check passes"
        )


def run(
    session: Session, *, who: str = SYSTEM, root: Path | None = None, at: datetime | None = None
) -> SelfCheck:
    """Hash the critical files under ``root`` (default: the installed package) against its
    manifest, record the result (by ``who``, at ``at``, default now) as a significant
    event in ``session``'s transaction and return it (the caller commits)."""
    moment = utc(at or now())
    differences = tuple(str(difference) for difference in check_manifest(root))
    files = critical_files(root)
    result = SelfCheck(moment, not differences, len(files), files_digest(files), differences)
    previous = latest(session, Kind.SELFCHECK)
    record(
        session,
        kind=Kind.SELFCHECK,
        who=who,
        subject=SUBJECT,
        before=None if previous is None else {"passed": previous.after.get("passed")},
        after={
            "passed": result.passed,
            "files": result.files,
            "files_sha256": result.files_sha256,
            "differences": list(differences),
        },
        words=result.words(),
        at=moment,
    )
    return result


_LAST = Statement.of(
    "SELECT after_json, at FROM significant_events WHERE kind = :kind ORDER BY seq DESC LIMIT 1"
)
"""The last self-check's result, on the command path's DB-API connection."""


def failed(session: Session) -> bool:
    """Whether the last self-check recorded failed."""
    row = raw(session).execute(_LAST, {"kind": Kind.SELFCHECK.value}).fetchone()
    return row is not None and not json.loads(row[0]).get("passed", False)


def check_dealing(session: Session) -> None:
    """Refuse (:class:`SelfCheckFailed`, 409) a new round while the last self-check
    recorded failed."""
    row = raw(session).execute(_LAST, {"kind": Kind.SELFCHECK.value}).fetchone()
    if row is None:
        return
    after = json.loads(row[0])
    if after.get("passed", False):
        return
    # Which files and their digests are the operator's (the significant event, croupier
    # selfcheck): a player is told only that play has stopped and why.
    count = len(after.get("differences") or [])
    files = f"{count} of croupier's critical files" if count != 1 else "a critical file"
    raise SelfCheckFailed(
        f"no round is dealt: the self-verification of {stored_moment(row[1]):%Y-%m-%d %H:%M} "
        f"UTC found {files} changed since croupier was built; a passing self-check lets "
        "the tables deal again",
        CITE,
    )


def last_at(session: Session) -> datetime | None:
    """When the last self-check ran, or ``None``."""
    last = latest(session, Kind.SELFCHECK)
    return None if last is None else last.at


@dataclass(frozen=True)
class Schedule:
    """When the server checks itself: at start and every ``every`` by its clock, looking
    every ``poll_seconds``; ``root`` the package folder checked (default: the installed
    package)."""

    root: Path | None = None
    every: timedelta = EVERY
    poll_seconds: float = 60.0
    at_start: bool = True
    """Check when the server starts (``croupier serve``'s workers do not: their parent
    process checked before they started)."""


async def schedule(
    sessions: sessionmaker[Session],
    clock: Callable[[], datetime],
    *,
    root: Path | None = None,
    every: timedelta = EVERY,
    poll_seconds: float = 60.0,
    at_start: bool = True,
    checked: Callable[[], None] | None = None,
) -> None:
    """Check at once (``at_start``), then whenever ``every`` has passed on ``clock`` since
    the last self-check recorded (by anyone: a check on demand counts); wakes every
    ``poll_seconds`` to look; ``checked`` is called once each result is committed (the
    live views: a failure closes every table, a pass opens them again). Runs until
    cancelled (the application's lifespan owns it)."""

    def check(moment: datetime) -> None:
        try:
            with sessions() as session:
                result = run(session, root=root, at=moment)
                session.commit()
        except Exception:  # the database away a moment: the next wake tries again
            LOG.exception("the self-check could not be recorded")
            return
        if checked is not None:
            checked()
        if not result.passed:
            LOG.error("%s", result.words())

    def due() -> datetime | None:
        moment = clock()
        with sessions() as session:
            last = last_at(session)
        return moment if last is None or moment - last >= every else None

    if at_start:
        await run_in_threadpool(check, clock())
    while True:
        await asyncio.sleep(poll_seconds)
        moment: Any = await run_in_threadpool(due)
        if moment is not None:
            await run_in_threadpool(check, moment)
