"""Registers the test game (Odd or Even) for every test here, and removes it after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier.game import GameSpec
from croupier.registry import GAMES, register, unregister
from testgame import SPEC


@pytest.fixture(autouse=True)
def one_die() -> Iterator[GameSpec]:
    """Odd or Even in :data:`croupier.registry.GAMES` for the test, and not after it."""
    assert SPEC.name not in GAMES
    register(SPEC)
    try:
        yield SPEC
    finally:
        unregister(SPEC.name)
