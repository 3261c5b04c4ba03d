"""The server's own significant events (GLI-19 2.8.8): each process's start and stop
(with the significant-events log, the periods the server was unavailable) and every step
of its clock.

A **clock change** is a jump of the wall clock against the monotonic clock: between two
looks (every :attr:`ClockWatch.every` seconds) the wall clock should have moved as far as
the monotonic one; a difference beyond :data:`TOLERANCE` is a step (someone set the
time, or the time service stepped it), recorded with the time expected and the time
read. The slow slewing of a time service (milliseconds a minute) stays under it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

import croupier
from croupier.ledger.significant_events import SYSTEM, Kind, record

TOLERANCE = timedelta(seconds=2)
"""The largest difference between the wall clock's and the monotonic clock's progress
that is not a clock change."""


@dataclass
class ClockWatch:
    """Watches the wall clock (``wall``: seconds since the epoch) against the monotonic
    clock (``monotonic``: seconds), looking every ``every`` seconds."""

    wall: Callable[[], float] = time.time
    monotonic: Callable[[], float] = time.monotonic
    tolerance: timedelta = TOLERANCE
    every: float = 10.0
    _base: tuple[float, float] | None = field(default=None, repr=False)

    def step(self) -> tuple[datetime, datetime] | None:
        """The wall time expected and the wall time read, where the wall clock stepped
        beyond :attr:`tolerance` since the last look (the first look only sets the base);
        else ``None``."""
        wall, mono = self.wall(), self.monotonic()
        base, self._base = self._base, (wall, mono)
        if base is None:
            return None
        expected = base[0] + (mono - base[1])
        if abs(wall - expected) <= self.tolerance.total_seconds():
            return None
        return datetime.fromtimestamp(expected, UTC), datetime.fromtimestamp(wall, UTC)


def _span(seconds: float) -> str:
    """``3 hours 5 seconds``, ``1 minute``: the whole seconds of ``seconds``, unsigned."""
    hours, rest = divmod(round(abs(seconds)), 3600)
    minutes, secs = divmod(rest, 60)
    units = ((hours, "hour"), (minutes, "minute"), (secs, "second"))
    said = [f"{n} {unit}{'s' * (n != 1)}" for n, unit in units if n]
    return " ".join(said) or "less than a second"


def record_clock_change(session: Session, expected: datetime, read: datetime) -> None:
    """Record a step of the server's clock (in ``session``'s transaction)."""
    moved = (read - expected).total_seconds()
    way = "forward" if moved > 0 else "back"
    record(
        session,
        kind=Kind.CLOCK_CHANGED,
        who=SYSTEM,
        subject="server clock",
        before={"expected": expected.isoformat()},
        after={"read": read.isoformat(), "seconds": round(moved, 3)},
        words=f"The server's clock stepped {way} by {_span(moved)}: it read "
        f"{read.isoformat(timespec='seconds')} where {expected.isoformat(timespec='seconds')} "
        f"was due (GLI-19 2.8.8).",
        at=read,
    )


def _process(sessions: sessionmaker[Session], kind: Kind, at: datetime) -> None:
    started = kind is Kind.SERVER_STARTED
    words = (
        f"Server process {os.getpid()} started (croupier {croupier.__version__})"
        if started
        else f"Server process {os.getpid()} stopped (shut down in order)"
    )
    with sessions() as session:
        record(
            session,
            kind=kind,
            who=SYSTEM,
            subject="server",
            before=None,
            after={"process": os.getpid(), "version": croupier.__version__},
            words=f"{words} (GLI-19 2.8.8).",
            at=at,
        )
        session.commit()


async def _watch(sessions: sessionmaker[Session], watch: ClockWatch) -> None:
    watch.step()
    while True:
        await asyncio.sleep(watch.every)
        stepped = watch.step()
        if stepped is not None:

            def write(expected: datetime = stepped[0], read: datetime = stepped[1]) -> None:
                with sessions() as session:
                    record_clock_change(session, expected, read)
                    session.commit()

            await run_in_threadpool(write)


@contextlib.asynccontextmanager
async def recorded(
    app: FastAPI, sessions: sessionmaker[Session], clock: Callable[[], datetime]
) -> AsyncIterator[None]:
    """While ``app`` serves: its start recorded, its clock watched
    (``app.state.clock_watch``, a :class:`ClockWatch`; default the host's clocks), and its
    stop recorded as it shuts down in order (a process killed records no stop: the log
    shows a start without one)."""
    watch: ClockWatch = getattr(app.state, "clock_watch", None) or ClockWatch()
    await run_in_threadpool(_process, sessions, Kind.SERVER_STARTED, clock())
    watching = asyncio.create_task(_watch(sessions, watch))
    try:
        yield
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
        await run_in_threadpool(_process, sessions, Kind.SERVER_STOPPED, clock())
