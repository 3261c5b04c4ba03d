"""Fixtures of every folder of tests: a SQLite database migrated to the head once for the
session, and copies of it for the tests that start a server on a new file. At the root,
not in tests/: tests/ is on the import path (``pythonpath``), where a ``conftest`` module
of its own would clash with the folders' conftest.py when the doctests collect it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from croupier.server import create_app


@pytest.fixture(scope="session")
def sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the head once for the session (closed: no WAL left)."""
    path = tmp_path_factory.mktemp("at-head") / "croupier.sqlite"
    create_app(f"sqlite:///{path}").state.engine.dispose()
    return path


@pytest.fixture
def migrated_sqlite(tmp_path: Path, sqlite_at_head: Path) -> Callable[[str], str]:
    """Makes the URL of a new SQLite file of that name in the test's folder, a copy of the
    one migrated to the head for the session: what a server started on a new file would
    have made of it, without the migrations run again."""

    def made(name: str) -> str:
        path = tmp_path / name
        shutil.copyfile(sqlite_at_head, path)
        return f"sqlite:///{path}"

    return made
