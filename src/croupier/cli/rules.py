"""`croupier rules`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `rules` to the command line."""
