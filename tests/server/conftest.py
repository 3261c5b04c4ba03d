"""The table server under test: a fresh SQLite file, or a fresh PostgreSQL schema."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_api import Api, ScriptedRng
from sqlalchemy import create_engine, text

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


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL with an empty schema: a SQLite file, or a PostgreSQL schema of its own
    (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'croupier.sqlite'}"
        return
    reason = _postgres_down()
    if reason:
        pytest.skip(reason)
    schema = f"croupier_test_{secrets.token_hex(6)}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
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
