"""`croupier analyze`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `analyze` to the command line."""
