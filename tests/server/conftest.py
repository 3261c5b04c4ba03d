"""The table server under test: a fresh SQLite file, or a fresh PostgreSQL schema."""

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


@pytest.fixture(scope="session")
def sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the head once for the session (closed: no WAL left)."""
    path = tmp_path_factory.mktemp("at-head") / "croupier.sqlite"
    _migrated(f"sqlite:///{path}")
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL with an empty schema: a SQLite file, or a PostgreSQL schema of its own
    (dropped afterwards).

    Where the test takes the ``api`` fixture, whose server migrates the database to the
    head before anything else, the SQLite file is a copy of one migrated once for the
    session, which the server's migration then finds at the head: the same database,
    without each test running every migration again. (A PostgreSQL schema cannot be
    copied as cheaply: made from a template database, or replayed from a dump, it took
    about as long as the migrations under load.)"""
    at_head = "api" in request.fixturenames
    if request.param == "sqlite":
        path = tmp_path / "croupier.sqlite"
        if at_head:
            shutil.copyfile(request.getfixturevalue("sqlite_at_head"), path)
        yield f"sqlite:///{path}"
        return
    reason = _postgres_down()
    if reason:
        pytest.skip(reason)
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


@pytest.fixture
def scripted() -> ScriptedRng:
    return ScriptedRng()


@pytest.fixture
def api(db_url: str, scripted: ScriptedRng) -> Iterator[Api]:
    client = Api(db_url, rng=scripted)
    yield client
    client.close()
