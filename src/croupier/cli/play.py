"""`croupier play`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `play` to the command line."""
