"""Alembic environment: runs on the connection croupier hands it (see croupier.ledger.db)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from croupier.ledger.models import Base

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    assert url, "set sqlalchemy.url or pass a connection"
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic (not when a test collector imports it)
    main()
