"""Random sources.

:class:`SecureRng` (the operating system's CSPRNG through :mod:`secrets`) is
the default for live play; :class:`SeededRng` gives reproducible runs for
tests, simulations and demonstrations. Both draw with ``randbelow(n)``, which
rejects out-of-range bits rather than reducing modulo ``n``, so no outcome is
favoured; shuffles are Fisher-Yates over ``randbelow``. The global
:mod:`random` module is never seeded or used.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Rng(Protocol):
    """A uniform random source: ``randbelow(n)`` is uniform over ``0 .. n-1``."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be positive."""
        ...


def shuffle(rng: Rng, items: MutableSequence[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates, every order equally likely)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def roll_dice(rng: Rng, count: int) -> tuple[int, ...]:
    """``count`` fair six-sided dice, faces 1 (ace) to 6."""
    return tuple(rng.randbelow(6) + 1 for _ in range(count))


class SecureRng:
    """The operating system's cryptographic generator (:func:`secrets.randbelow`)."""

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        return secrets.randbelow(n)


class SeededRng:
    """A reproducible generator (Mersenne Twister, unbiased ``randrange``) for a seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        return self._random.randrange(n)
