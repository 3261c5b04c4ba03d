"""The table server under test: a fresh SQLite file, or a fresh PostgreSQL schema (the
SQLite file migrated once for the session is tests/conftest.py's)."""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_api import Api, ScriptedRng
from sqlalchemy import create_engine, text

from croupier.server import create_app

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def _postgres_down() -> str | None:
    try:
        engine = create_engine(POSTGRES, connect_args={"connect_timeout": 3})
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as error:
        return f"PostgreSQL at {POSTGRES} is unreachable: {type(error).__name__}: {error}"
    return None


def _migrated(url: str) -> None:
    """Bring the database at ``url`` to the migrations' head, as the server does at start."""
    create_app(url).state.engine.dispose()


class _SchemaAtHead:
    """A PostgreSQL schema migrated to the head once for a test worker, and put back to
    what the migrations left in it after each test that used it: every table emptied
    (``DELETE``), the migrations' own rows (the cage's account, the chains' heads, the
    version) written again and each sequence set past them. The same database a fresh
    schema migrated to the head would be, without each test paying the migrations."""

    def __init__(self) -> None:
        self.name = f"croupier_test_{secrets.token_hex(6)}"
        self.admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE SCHEMA {self.name}"))
        self.url = f"{POSTGRES}?options=-csearch_path%3D{self.name}"
        _migrated(self.url)
        self.engine = create_engine(self.url)
        with self.engine.connect() as connection:
            self.tables = [
                row[0]
                for row in connection.execute(
                    text("SELECT tablename FROM pg_tables WHERE schemaname = :s"),
                    {"s": self.name},
                )
            ]
            self.rows = {
                table: [
                    dict(row._mapping)
                    for row in connection.execute(text(f'SELECT * FROM "{table}"'))
                ]
                for table in self.tables
            }
            self.sequences = list(
                connection.execute(
                    text(
                        "SELECT table_name, column_name FROM information_schema.columns "
                        "WHERE table_schema = :s AND column_default LIKE 'nextval%'"
                    ),
                    {"s": self.name},
                )
            )

    def reset(self) -> None:
        # DELETE, not TRUNCATE: a TRUNCATE of the 27 tables makes new files for each and
        # its indexes (0.4 s a test); a test leaves a few rows, which DELETE removes in
        # milliseconds. As the replication role, the foreign keys and the events' append-only
        # trigger are not fired (the postgres role may); each sequence is set past the
        # migrations' rows below, as RESTART IDENTITY then the inserts left it.
        with self.engine.begin() as connection:
            connection.execute(text("SET LOCAL lock_timeout = '20s'"))
            connection.execute(text("SET LOCAL session_replication_role = replica"))
            for table in self.tables:
                connection.execute(text(f'DELETE FROM "{table}"'))
            for table, rows in self.rows.items():
                for row in rows:
                    columns = ", ".join(f'"{c}"' for c in row)
                    values = ", ".join(f":{c}" for c in row)
                    connection.execute(
                        text(f'INSERT INTO "{table}" ({columns}) VALUES ({values})'), row
                    )
            for table, column in self.sequences:
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
                        f'coalesce(max("{column}"), 0) + 1, false) FROM "{table}"'
                    )
                )

    def drop(self) -> None:
        self.engine.dispose()
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP SCHEMA {self.name} CASCADE"))
        self.admin.dispose()


@pytest.fixture(scope="session")
def postgres_at_head() -> Iterator[_SchemaAtHead | None]:
    """The worker's :class:`_SchemaAtHead`, or ``None`` where PostgreSQL is down."""
    if _postgres_down():
        yield None
        return
    schema = _SchemaAtHead()
    yield schema
    schema.drop()


def _database(request: pytest.FixtureRequest, tmp_path: Path, at_head: bool) -> Iterator[str]:
    """The URL of the test's database (``request.param``, ``sqlite`` or ``postgresql``): at
    the migrations' head, or with an empty schema."""
    if request.param == "sqlite":
        path = tmp_path / "croupier.sqlite"
        if at_head:
            shutil.copyfile(request.getfixturevalue("sqlite_at_head"), path)
        yield f"sqlite:///{path}"
        return
    reason = _postgres_down()
    if reason:
        pytest.skip(reason)
    if at_head:
        schema_at_head: _SchemaAtHead = request.getfixturevalue("postgres_at_head")
        try:
            yield schema_at_head.url
        finally:
            schema_at_head.reset()
        return
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    schema = f"croupier_test_{secrets.token_hex(6)}"
    with admin.connect() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL at the migrations' head: a SQLite file, or a PostgreSQL schema.

    The server migrates its database to the head before anything else; here the migrations
    were run once, not for each test. The SQLite file is a copy of one migrated once for
    the session, which a server's migration then finds at the head; the PostgreSQL schema
    is the worker's one, migrated once and emptied back to the head after the test
    (:class:`_SchemaAtHead`; made from a template database, or replayed from a dump, a
    schema took about as long as the migrations under load). The same database a server
    started on an empty one would have made; a test of the migrations themselves takes
    :func:`empty_db_url`."""
    yield from _database(request, tmp_path, at_head=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL with an empty schema: a SQLite file, or a PostgreSQL schema of its own
    (dropped afterwards), for a test that runs the migrations from the start."""
    yield from _database(request, tmp_path, at_head=False)


@pytest.fixture
def scripted() -> ScriptedRng:
    return ScriptedRng()


@pytest.fixture
def api(db_url: str, scripted: ScriptedRng) -> Iterator[Api]:
    client = Api(db_url, rng=scripted)
    yield client
    client.close()
