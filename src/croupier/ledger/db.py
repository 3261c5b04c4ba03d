"""Database engines and the schema's migrations.

SQLite (the default, a file in the working directory) runs in WAL mode with
foreign keys on; every transaction starts with ``BEGIN IMMEDIATE`` so that
writers queue for the lock instead of failing on a stale snapshot. PostgreSQL
runs at READ COMMITTED; the ledger's writes are single conditional ``UPDATE``
statements (see :mod:`croupier.ledger.repository`), so they need no more.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

if TYPE_CHECKING:
    from alembic.config import Config

DEFAULT_URL = "sqlite:///croupier.sqlite"
"""An embedded database file in the working directory."""

MIGRATIONS = Path(__file__).with_name("migrations")


def sqlite_file(url: str | URL) -> Path | None:
    """The file of a SQLite database URL; ``None`` for PostgreSQL or an in-memory SQLite
    database (``sqlite://``, ``sqlite:///:memory:``).

    >>> str(sqlite_file("sqlite:///croupier.sqlite")), sqlite_file("sqlite://")
    ('croupier.sqlite', None)
    >>> sqlite_file("sqlite:///:memory:"), sqlite_file("postgresql+psycopg://h/db")
    (None, None)
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def make_engine(url: str, *, autocheckpoint: bool = True) -> Engine:
    """An engine for ``url`` (``sqlite:///FILE`` or ``postgresql+psycopg://...``).

    ``autocheckpoint`` false (a SQLite file): the engine's connections leave the WAL's
    checkpoints to :func:`wal_checkpoint` (the table server's writer runs it between
    batches) instead of running one inside whichever commit fills the WAL."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    file_database = sqlite_file(parsed) is not None
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30},
        isolation_level=None,
        # One connection per process: SQLite takes one writer at a time anyway, and a
        # queue on the pool wakes the next request at once where the busy handler polls.
        **({"pool_size": 1, "max_overflow": 0, "pool_timeout": 30} if file_database else {}),
    )

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        if file_database:
            cursor.execute("PRAGMA journal_mode=WAL")
            # A WAL that grew while a reader held it back (its checkpoint waits for every
            # reader) is cut back to 64 MiB once checkpointed, not kept at its largest.
            cursor.execute(f"PRAGMA journal_size_limit={64 * 2**20}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        if file_database and not autocheckpoint:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        # On the driver's connection: SQLAlchemy's statement path costs more than BEGIN.
        connection.connection.driver_connection.execute("BEGIN IMMEDIATE")

    return engine


TRANSIENT_SQLSTATES = frozenset({"40P01", "40001"})
"""PostgreSQL's deadlock_detected and serialization_failure: the database undid the
transaction to let another go on; the same transaction run again may succeed."""


def transient(error: BaseException) -> bool:
    """Whether ``error`` (the driver's own, or SQLAlchemy's around it) is a deadlock or a
    serialization failure (:data:`TRANSIENT_SQLSTATES`), after which the transaction,
    undone whole by the database, may simply be run again."""
    seen: set[int] = set()
    found: BaseException | None = error
    while found is not None and id(found) not in seen:
        seen.add(id(found))
        if getattr(found, "sqlstate", None) in TRANSIENT_SQLSTATES:
            return True
        found = getattr(found, "orig", None) or found.__cause__
    return False


def wal_checkpoint(engine: Engine) -> tuple[int, int] | None:
    """Copy what a SQLite file's WAL holds into the database file, as far as no reader
    still needs it, without waiting for any reader or writer (``PRAGMA
    wal_checkpoint(PASSIVE)``); returns the frames in the WAL and how many of them are in
    the database file now. ``None`` (nothing done) for PostgreSQL or an in-memory
    database."""
    if sqlite_file(engine.url) is None:
        return None
    with engine.connect() as connection:  # no transaction: the pragma needs none
        driver: Any = connection.connection.driver_connection
        _, frames, copied = driver.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(frames), int(copied)


def alembic_config(url: str | None = None) -> Config:
    """Alembic's configuration for croupier's migrations (in the installed package)."""
    from alembic.config import Config  # imported here: alembic is slow to import

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the migrations up to ``revision`` on ``engine``'s database. A database
    already at the head is left as it is without running Alembic's environment (the
    head read once a process: about 50 ms a start)."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        if revision == "head" and _revision(connection) == _head():
            return
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


@functools.cache
def _head() -> str | None:
    """The last migration's revision, of the scripts installed with croupier."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _revision(connection: Connection) -> str | None:
    """The revision the database stands at, or ``None`` where it has none (new)."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    return versions[0][0] if len(versions) == 1 else None


# --- the command path's statements, on the DB-API connection ------------------------------
_NAMED = re.compile(r"(?<!:):([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True)
class Statement:
    """One SQL statement written once with ``:name`` parameters, in the text each driver
    takes (sqlite3 takes ``:name``; psycopg ``%(name)s``)."""

    sqlite: str
    postgresql: str

    @classmethod
    def of(cls, sql: str) -> Statement:
        return cls(sql, _NAMED.sub(r"%(\1)s", sql.replace("%", "%%")))


class Raw:
    """The DB-API connection under a session's transaction: the command path runs its
    statements here, skipping SQLAlchemy's per-statement work (about 0.1 ms each, many
    times what SQLite itself takes; see docs/performance.md). A unique-index violation is
    raised as SQLAlchemy's :class:`~sqlalchemy.exc.IntegrityError`, as on the session."""

    __slots__ = ("_integrity", "_shown", "connection", "postgresql")

    def __init__(self, connection: Connection) -> None:
        self.postgresql = connection.dialect.name == "postgresql"
        self.connection: Any = connection.connection.driver_connection
        self._integrity = connection.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        self._shown: tuple[datetime | None, Any] = (None, None)
        """The last moment :meth:`when` wrote, and how (a command writes one a few times)."""

    def execute(self, statement: Statement, params: dict[str, Any] | None = None) -> Any:
        """Run ``statement``; returns the driver's cursor (``fetchone``, ``rowcount``)."""
        sql = statement.postgresql if self.postgresql else statement.sqlite
        try:
            return self.connection.execute(sql, params or {})
        except self._integrity as error:
            raise IntegrityError(sql, params, error) from error

    def when(self, moment: datetime | None) -> Any:
        """``moment`` as the column stores it: SQLite keeps UTC text in SQLAlchemy's
        format (so that ``<=`` compares times), PostgreSQL a timestamp."""
        if moment is None or self.postgresql:
            return moment
        last, shown = self._shown
        if moment != last:
            # as strftime("%Y-%m-%d %H:%M:%S.%f") writes it, in half the time
            shown = moment.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")
            self._shown = (moment, shown)
        return shown


RAW = "croupier.raw"
"""``Session.info`` key of the transaction's :class:`Raw` connection."""


def raw(session: Session) -> Raw:
    """The :class:`Raw` connection of ``session``'s transaction (begun if need be)."""
    session.flush()  # what the session holds goes first (cheap when it holds nothing)
    found: Raw | None = session.info.get(RAW)
    if found is None:
        found = session.info[RAW] = Raw(session.connection())
    return found


@event.listens_for(Session, "after_transaction_end")
def _forget_raw(session: Session, _transaction: Any) -> None:
    session.info.pop(RAW, None)
