"""Database engines and the schema's migrations.

SQLite (the default, a file in the working directory) runs in WAL mode with
foreign keys on; every transaction starts with ``BEGIN IMMEDIATE`` so that
writers queue for the lock instead of failing on a stale snapshot. PostgreSQL
runs at READ COMMITTED; the ledger's writes are single conditional ``UPDATE``
statements (see :mod:`croupier.ledger.repository`), so they need no more.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from alembic.config import Config

DEFAULT_URL = "sqlite:///croupier.sqlite"
"""An embedded database file in the working directory."""

MIGRATIONS = Path(__file__).with_name("migrations")


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (``sqlite:///FILE`` or ``postgresql+psycopg://...``)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    file_database = parsed.database not in (None, "", ":memory:")
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
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def alembic_config(url: str | None = None) -> Config:
    """Alembic's configuration for croupier's migrations (in the installed package)."""
    from alembic.config import Config  # imported here: alembic is slow to import

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the migrations up to ``revision`` on ``engine``'s database."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
