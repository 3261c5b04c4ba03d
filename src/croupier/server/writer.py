"""Group commit: the commands of one server process, run in shared transactions.

Each command is one job. A writer thread takes the jobs waiting in its queue (up to
``batch`` at once), runs each inside a savepoint of one transaction and commits once
for all of them; only then does any of them get its answer. A job that fails rolls back
its own savepoint and answers its error; the others are untouched. If the commit itself
fails, every job of the batch answers that error and nothing of the batch is stored, so
a command's events, postings, round version and stored answer are still kept together
or not at all (the guarantee of docs/architecture.md, "A command is one transaction").

Why: a command's own work is a few statements of microseconds each, and the commit
(SQLite: the WAL write under the writer's lock; PostgreSQL: the WAL flush and a round
trip) costs as much as the rest together. Shared by the commands waiting at that
moment, it is paid once per batch. A batch never waits to fill: a lone command is
committed at once.

Jobs are run table by table (sorted by table id, arrival order kept at each table), so
two writers (threads or server processes on PostgreSQL) take the tables' row locks in
the same order and do not deadlock on them.

Server processes sharing one SQLite file take turns at writing through a lock file
(``lock_file``, an exclusive ``flock`` held from a batch's first statement to its commit):
a process waiting for it wakes the moment the other commits, where SQLite's own busy
handler would poll, sleeping up to many milliseconds between tries. SQLite's locking still
keeps the database correct without it (the lobby's writes and the timeouts do not take
it); the lock file only saves the waiting. For the same reason a writer on SQLite runs
the WAL's checkpoints (``checkpoint``, at most every ``checkpoint_seconds``) after a batch
or when idle, outside the lock, where SQLite would run one inside the commit that filled
the WAL, with the other processes waiting.

A job the database undoes to break a deadlock, or a serialization failure
(:func:`croupier.ledger.db.transient`; PostgreSQL with several writers or processes), is
rolled back to its savepoint and run again alone once the batch is committed, up to
:data:`RETRIES` times; a batch whose commit meets one runs each of its jobs again alone.
A job that meets one every time answers :class:`~croupier.errors.TryAgain` (409: nothing
was done, send it again with the same ``Idempotency-Key``), never the driver's error.

A job that finds a deadline passed (:class:`~croupier.server.service.DeadlinePassed`)
is handed back to the app once the batch is committed: the timeouts are applied in
transactions of their own (they take the database's one SQLite connection), then the
job runs again.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sqlalchemy.orm import Session

from croupier.errors import ShuttingDown as ShuttingDown
from croupier.errors import TryAgain
from croupier.ledger.db import Raw, Statement, raw, transient
from croupier.ledger.repository import STAGED, drop_staged
from croupier.server.service import DeadlinePassed

Run = Callable[[Session, bool], Any]
"""A job's work in the batch's transaction; the flag says whether to check deadlines."""
Recover = Callable[[Session, BaseException], Any]
"""After a job failed (its savepoint rolled back): its answer after all (e.g. the stored
answer of a request sent twice at once, or its refusal stored with its key: what it
writes is committed with the batch), or the error raised again (what it wrote undone)."""


def _raise(_session: Session, error: BaseException) -> Any:
    raise error


RETRIES = 3
"""How many times a job undone by a deadlock or serialization failure is run again."""
TRY_AGAIN = "server:try-again"


def try_again(error: BaseException | None) -> TryAgain:
    """The refusal of a request the database undid every time it was run (``error``: the
    last time's), saying that nothing was done and that it may be sent again."""
    refusal = TryAgain(
        "the database stopped this request to break a deadlock with others at the same "
        f"moment, {RETRIES + 1} times: nothing was done; please try again, with the same "
        "Idempotency-Key",
        TRY_AGAIN,
    )
    refusal.__cause__ = error
    return refusal


@dataclass(eq=False)
class _Job:
    table_id: str
    run: Run
    recover: Recover = _raise
    future: Future[Any] = field(default_factory=Future)
    check_deadline: bool = True
    attempts: int = 0
    """How many times the job was undone by a deadlock or serialization failure."""
    undone: BaseException | None = None
    """The last such error."""


_SAVEPOINT = Statement.of("SAVEPOINT command")
_RELEASE = Statement.of("RELEASE SAVEPOINT command")
_ROLLBACK = Statement.of("ROLLBACK TO SAVEPOINT command")


def _roll_back(session: Session, db: Raw | None, table_id: str, staged: dict[str, Any]) -> None:
    """Undo the job's writes: to its savepoint on ``db``, or (``None``: the job ran
    first in its transaction, with no savepoint) the whole transaction. Forget every
    object the session holds (some may have been written by the job), and the rounds
    staged for the process cache as they were before the job (``staged``), less the round
    of the job's table, which it may have changed."""
    if db is None:
        session.rollback()
    else:
        db.execute(_ROLLBACK)
        db.execute(_RELEASE)
    session.expunge_all()
    drop_staged(session)
    kept = {key: entry for key, entry in staged.items() if entry.round.opened.table_id != table_id}
    if kept:
        session.info[STAGED] = kept


def _answer(job: _Job, answer: Any = None, error: BaseException | None = None) -> None:
    """Hand the job its answer, unless its caller stopped waiting (a request cancelled:
    what the job did stands, and a retry with the same Idempotency-Key gets it)."""
    try:
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(answer)
    except InvalidStateError:  # cancelled
        pass


def _savepoint(session: Session, kept: bool) -> tuple[dict[str, Any], Raw | None]:
    """The rounds staged for the process cache as they are now, and the connection with a
    savepoint set on it, only where a job before this one is to be kept (``kept``). A
    savepoint on the connection itself (SQLAlchemy's costs ten times more); it is not
    released (the next one of the same name hides it, and the commit ends them all)."""
    staged = dict(session.info.get(STAGED, {}))
    db = raw(session) if kept else None
    if db is not None:
        db.execute(_SAVEPOINT)
    return staged, db


def _attempt(
    session: Session, job: _Job, kept: bool
) -> tuple[Literal["done", "overdue", "again", "answered"], Any]:
    """Run ``job`` in the batch's transaction: ``done`` with its answer (its writes kept),
    ``overdue`` (its deadline passed), ``again`` (undone by the database: to run again
    alone) or ``answered`` (with its own error); all but ``done`` leave its writes undone."""
    staged, db = _savepoint(session, kept)
    try:
        return "done", job.run(session, job.check_deadline)
    except DeadlinePassed:
        _roll_back(session, db, job.table_id, staged)
        return "overdue", None
    except BaseException as error:
        _roll_back(session, db, job.table_id, staged)
        if transient(error):
            job.undone = error
            return "again", None
        # What recover writes (a refusal stored with its key) is kept with the batch; in a
        # savepoint of its own, as the job's run.
        staged, db = _savepoint(session, kept)
        try:
            return "done", job.recover(session, error)
        except BaseException as final:  # the job's own answer: an error
            _roll_back(session, db, job.table_id, staged)
            if transient(final):
                job.undone = final
                return "again", None
            _answer(job, error=final)
            return "answered", None


class Writer:
    """``threads`` writer threads over ``sessions`` (one database connection each: SQLite
    takes one), each committing up to ``batch`` commands at once. ``expire(table_id)``
    applies a table's due timeouts in transactions of its own. With ``lock_file`` (SQLite
    shared by several processes), each batch holds an exclusive ``flock`` on that file
    (created if need be) from its first statement to its commit."""

    def __init__(
        self,
        sessions: Callable[[], Session],
        expire: Callable[[str], Any],
        *,
        threads: int = 1,
        batch: int = 32,
        lock_file: Path | None = None,
        checkpoint: Callable[[], Any] | None = None,
        checkpoint_seconds: float = 0.5,
    ) -> None:
        self.sessions = sessions
        self.expire = expire
        self.batch = batch
        self.lock_file = lock_file
        self.checkpoint = checkpoint
        self.checkpoint_seconds = checkpoint_seconds
        self._checkpointed = time.monotonic()
        self.retried = 0
        """How many times a job was run again after a deadlock or serialization failure."""
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._closed = False
        self._closing = threading.Lock()
        """Held to queue a job or to close: no job is queued behind the threads' stop."""
        self._threads = [
            threading.Thread(target=self._work, name=f"croupier-writer-{n}", daemon=True)
            for n in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    async def run(self, table_id: str, run: Run, recover: Recover = _raise) -> Any:
        """Queue one command's work and wait for its answer (after the commit)."""
        job = _Job(table_id, run, recover)
        with self._closing:
            if self._closed:
                raise ShuttingDown(
                    "the server is shutting down: send the command again", "server:shutdown"
                )
            self._queue.put(job)
        return await asyncio.wrap_future(job.future)

    def close(self) -> None:
        """Stop the writer threads once the jobs queued before are done; a job sent after
        is refused (:class:`ShuttingDown`) instead of waiting for a writer."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
            for _ in self._threads:
                self._queue.put(None)
        for thread in self._threads:
            thread.join()

    def _work(self) -> None:
        # A descriptor of the thread's own: flock excludes other open files, not this one.
        lock = (
            None
            if self.lock_file is None
            else os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
        )
        try:
            self._batches(lock)
        finally:
            if lock is not None:
                os.close(lock)

    def _batches(self, lock: int | None) -> None:
        while True:
            wait = None if self.checkpoint is None else self.checkpoint_seconds
            try:
                first = self._queue.get(timeout=wait)
            except queue.Empty:  # idle: the WAL's checkpoint is due
                self._checkpoint()
                continue
            if first is None:
                return
            jobs = [first]
            stop = False
            while len(jobs) < self.batch:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                jobs.append(job)
            jobs.sort(key=lambda job: job.table_id)  # stable: each table's jobs in order
            if lock is None:
                self._commit(jobs)
            else:
                fcntl.flock(lock, fcntl.LOCK_EX)  # the other processes' batches first
                try:
                    self._commit(jobs)
                finally:
                    fcntl.flock(lock, fcntl.LOCK_UN)
            if stop:
                return
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Run ``checkpoint`` if it is due. One that fails (a database busy at that
        moment) is simply tried again at the next."""
        if self.checkpoint is None:
            return
        moment = time.monotonic()
        if moment - self._checkpointed < self.checkpoint_seconds:
            return
        self._checkpointed = moment
        with contextlib.suppress(Exception):
            self.checkpoint()

    def _commit(self, jobs: list[_Job]) -> None:
        done: list[tuple[_Job, Any]] = []
        overdue: list[_Job] = []
        again: list[_Job] = []
        try:
            with self.sessions() as session:
                kept = False  # whether a job's writes are in the transaction so far
                for job in jobs:
                    session.expire_all()  # the session's objects are read anew by each job
                    outcome, answer = _attempt(session, job, kept)
                    if outcome == "done":
                        kept = True
                        done.append((job, answer))
                    elif outcome == "overdue":
                        overdue.append(job)
                    elif outcome == "again":
                        again.append(job)
                session.commit()
        except BaseException as error:  # the commit (or the session) failed: none is kept
            if transient(error):  # every job not answered yet, again alone
                waiting = [job for job in jobs if not job.future.done()]
                for job in waiting:
                    job.undone = error
                self._again(waiting)
                return
            for job in jobs:  # every job of the batch not yet answered with its own error
                if not job.future.done():
                    _answer(job, error=error)
            return
        for job, answer in done:
            _answer(job, answer)
        for job in overdue:  # the timeouts first, each in its own transaction; then again
            try:
                self.expire(job.table_id)
            except BaseException as error:
                _answer(job, error=try_again(error) if transient(error) else error)
                continue
            job.check_deadline = False
            self._commit([job])
        self._again(again)

    def _again(self, jobs: list[_Job]) -> None:
        """Run each of ``jobs``, undone by a deadlock or serialization failure, again in a
        transaction of its own; a job undone :data:`RETRIES` times already answers
        :class:`TryAgain`."""
        for job in jobs:
            job.attempts += 1
            if job.attempts > RETRIES:
                _answer(job, error=try_again(job.undone))
                continue
            self.retried += 1
            self._commit([job])
