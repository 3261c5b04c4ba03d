"""Group commit (croupier.server.writer): jobs share a transaction, each in a savepoint;
a failing job leaves the others' work, a failing commit keeps nothing and fails them all,
a job whose deadline passed runs again after the timeouts."""

from __future__ import annotations

import asyncio
import fcntl
import os
import threading
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from croupier.ledger.db import Statement, make_engine, raw, wal_checkpoint
from croupier.server.app import writer_lock
from croupier.server.service import DeadlinePassed
from croupier.server.writer import ShuttingDown, Writer

INSERT = Statement.of("INSERT INTO marks (n) VALUES (:n)")
T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own (an earlier test may leave a loop running on
    this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def sessions(tmp_path: Path) -> sessionmaker[Session]:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE marks (n INTEGER PRIMARY KEY)"))
    return sessionmaker(engine, expire_on_commit=False)


def marks(sessions: sessionmaker[Session]) -> list[int]:
    with sessions() as session:
        return [n for (n,) in session.execute(text("SELECT n FROM marks ORDER BY n"))]


def mark(n: int, *, fail: bool = False) -> Any:
    def run(session: Session, _check: bool) -> int:
        raw(session).execute(INSERT, {"n": n})
        if fail:
            raise ValueError(f"job {n} refused after writing")
        return n

    return run


async def in_one_batch(writer: Writer, jobs: list[Any]) -> list[Any]:
    """Run ``jobs`` so that they land in one batch: the first waits until all are queued."""
    release = threading.Event()

    def hold(session: Session, check: bool) -> str:
        release.wait(10)
        return "held"

    first = asyncio.ensure_future(writer.run("a", hold))
    await asyncio.sleep(0.05)  # the writer thread now runs `hold` in its own batch
    rest = [asyncio.ensure_future(writer.run(f"t{i}", job)) for i, job in enumerate(jobs)]
    await asyncio.sleep(0.05)
    release.set()
    await asyncio.gather(first, return_exceptions=True)
    return await asyncio.gather(*rest, return_exceptions=True)


def test_a_failing_job_keeps_the_others(sessions: sessionmaker[Session]) -> None:
    writer = Writer(sessions, lambda table: None, batch=8)
    answers = run_async(in_one_batch(writer, [mark(1), mark(2, fail=True), mark(3)]))
    writer.close()
    assert answers[0] == 1 and answers[2] == 3
    assert isinstance(answers[1], ValueError)
    assert marks(sessions) == [1, 3]


def test_recover_answers_after_the_rollback(sessions: sessionmaker[Session]) -> None:
    writer = Writer(sessions, lambda table: None)

    def recover(session: Session, error: BaseException) -> str:
        # The job's own write is gone when recover runs.
        found = session.execute(text("SELECT count(*) FROM marks WHERE n = 7")).scalar()
        return f"recovered from {type(error).__name__}, {found} rows"

    answer = run_async(writer.run("t", mark(7, fail=True), recover))
    writer.close()
    assert answer == "recovered from ValueError, 0 rows"
    assert marks(sessions) == []


def test_a_failed_commit_keeps_nothing(sessions: sessionmaker[Session]) -> None:
    class Failing(Session):
        def commit(self) -> None:
            raise RuntimeError("the disk is full")

    failing = sessionmaker(sessions.kw["bind"], class_=Failing)
    writer = Writer(failing, lambda table: None, batch=8)
    answers = run_async(in_one_batch(writer, [mark(1), mark(2)]))
    writer.close()
    assert all(isinstance(a, RuntimeError) for a in answers)
    assert marks(sessions) == []


def test_a_cancelled_caller_does_not_stop_the_writer(sessions: sessionmaker[Session]) -> None:
    """A request cancelled while its command waits in the queue: the command still runs and
    is committed (a retry with its key gets the answer), and the writer goes on."""
    writer = Writer(sessions, lambda table: None, batch=8)

    async def scenario() -> int:
        release = threading.Event()
        held = asyncio.ensure_future(writer.run("a", lambda s, c: release.wait(10)))
        await asyncio.sleep(0.05)
        gone = asyncio.ensure_future(writer.run("b", mark(5)))
        await asyncio.sleep(0.05)
        gone.cancel()
        release.set()
        await held
        answer: int = await writer.run("c", mark(6))
        return answer

    assert run_async(scenario()) == 6
    writer.close()
    assert marks(sessions) == [5, 6]


def test_a_passed_deadline_runs_the_timeouts_then_the_job(
    sessions: sessionmaker[Session],
) -> None:
    expired: list[str] = []
    checks: list[bool] = []

    def job(session: Session, check: bool) -> str:
        checks.append(check)
        raw(session).execute(INSERT, {"n": len(checks)})
        if check:
            raise DeadlinePassed("a deadline passed", "server:deadlines")
        return "done"

    writer = Writer(sessions, expired.append)
    answer = run_async(writer.run("t9", job))
    writer.close()
    assert answer == "done" and expired == ["t9"] and checks == [True, False]
    assert marks(sessions) == [2]  # the first try's write was rolled back


def test_a_closed_writer_finishes_what_was_queued_and_refuses_the_rest(
    sessions: sessionmaker[Session],
) -> None:
    """Closing waits for the jobs queued before it; a job sent after is refused at once
    (503, server:shutdown) instead of waiting for a writer that has stopped (a test client
    that shut the app down under the others' requests once hung the suite this way)."""
    writer = Writer(sessions, lambda table: None, threads=2, batch=8)

    async def before() -> list[Any]:
        return await asyncio.gather(*(writer.run(f"t{n}", mark(n)) for n in (1, 2, 3)))

    assert run_async(before()) == [1, 2, 3]
    writer.close()
    writer.close()  # again: nothing more to do
    with pytest.raises(
        ShuttingDown, match=r"shutting down: send the command again \(server:shutdown\)$"
    ):
        run_async(writer.run("t4", mark(4)))
    assert marks(sessions) == [1, 2, 3]


def test_processes_sharing_a_sqlite_file_take_turns_through_the_lock_file(
    sessions: sessionmaker[Session], tmp_path: Path
) -> None:
    """While another process (here: another open file) holds the writer lock, a batch
    waits without touching the database; it commits as soon as the lock is let go."""
    lock_file = tmp_path / "w.sqlite-writer.lock"
    writer = Writer(sessions, lambda table: None, lock_file=lock_file)
    other = os.open(lock_file, os.O_RDWR | os.O_CREAT)
    fcntl.flock(other, fcntl.LOCK_EX)

    async def scenario() -> tuple[bool, int]:
        job = asyncio.ensure_future(writer.run("a", mark(1)))
        await asyncio.sleep(0.3)
        waited = not job.done() and marks(sessions) == []
        fcntl.flock(other, fcntl.LOCK_UN)
        return waited, await job

    try:
        assert run_async(scenario()) == (True, 1)
        # The writer lets the lock go just after it answers the batch's jobs (its thread
        # unlocks once _commit returns): taken without blocking within moments.
        for _ in range(200):
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                time.sleep(0.01)
        else:
            raise AssertionError("the writer kept the lock after its batch")
    finally:
        os.close(other)
        writer.close()
    assert marks(sessions) == [1]


def test_the_writer_lock_is_beside_a_sqlite_file_only(tmp_path: Path) -> None:
    file = tmp_path / "t.sqlite"
    assert writer_lock(make_url(f"sqlite:///{file}")) == Path(f"{file}-writer.lock")
    assert writer_lock(make_url("sqlite://")) is None
    assert writer_lock(make_url("postgresql+psycopg://postgres@127.0.0.1/test")) is None


def test_the_writer_checkpoints_the_wal_after_a_batch_and_when_idle(tmp_path: Path) -> None:
    """With SQLite's own checkpoints off, the commits leave their frames in the WAL until
    the writer's checkpoint (after a batch, or idle, once due) copies them into the
    database file."""
    engine = make_engine(f"sqlite:///{tmp_path / 'c.sqlite'}", autocheckpoint=False)
    with engine.connect() as connection:
        driver: Any = connection.connection.driver_connection
        assert driver.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
        driver.execute("CREATE TABLE marks (n INTEGER PRIMARY KEY)")
    sessions = sessionmaker(engine, expire_on_commit=False)
    done: list[tuple[int, int] | None] = []
    writer = Writer(
        sessions,
        lambda table: None,
        checkpoint=lambda: done.append(wal_checkpoint(engine)),
        checkpoint_seconds=3600,
    )
    try:
        run_async(writer.run("a", mark(1)))
        run_async(writer.run("a", mark(2)))
        assert done == []  # not due yet
        writer.checkpoint_seconds = 0.05
        time.sleep(0.1)
        run_async(writer.run("a", mark(3)))  # due after this batch (run after its answer)
        for _ in range(100):
            if done:
                break
            time.sleep(0.01)
        assert done, "no checkpoint after the batch"
        frames, copied = done[0] or (0, 0)
        assert frames > 0 and copied == frames  # the commits' frames, all copied
        time.sleep(0.5)  # idle: again every 0.05 s
        assert len(done) > 2
    finally:
        writer.close()
    assert marks(sessions) == [1, 2, 3]


def test_a_server_that_stops_leaves_no_wal_behind(tmp_path: Path) -> None:
    """On shutdown the app closes its connections, and SQLite's last one checkpoints and
    removes the WAL (a server stopped with SIGTERM once left a 105 MB one)."""
    from fastapi.testclient import TestClient

    from croupier.server import create_app

    database = tmp_path / "s.sqlite"
    with TestClient(create_app(f"sqlite:///{database}")) as client:
        assert client.get("/tables").status_code in (200, 401)
        assert Path(f"{database}-wal").exists()
    assert database.exists() and not Path(f"{database}-wal").exists()
