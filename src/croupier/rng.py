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
from collections.abc import Hashable, Iterable, MutableSequence, Sequence
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


class ScriptedRng:
    """Gives back recorded draws, in order: how a replay re-derives a recorded throw or
    shuffle without any random source. ``randbelow(n)`` raises ``ValueError`` when the
    next recorded draw is missing or not below ``n``."""

    def __init__(self, draws: Iterable[int]) -> None:
        self._draws = list(draws)
        self._used = 0

    def randbelow(self, n: int) -> int:
        if self._used >= len(self._draws):
            raise ValueError("the recorded draws are used up")
        value = self._draws[self._used]
        if not 0 <= value < n:
            raise ValueError(f"the recorded draw {value} is not below {n}")
        self._used += 1
        return value

    @property
    def exhausted(self) -> bool:
        """True once every recorded draw has been used."""
        return self._used == len(self._draws)


def dice_draws(faces: Sequence[int]) -> list[int]:
    """The ``randbelow(6)`` draws that :func:`roll_dice` turns into ``faces``."""
    return [face - 1 for face in faces]


def shuffle_draws(before: Sequence[Hashable], after: Sequence[Hashable]) -> list[int]:
    """The ``randbelow`` draws with which :func:`shuffle` turns ``before`` into ``after``.

    Raises ``ValueError`` if ``after`` is not an arrangement of ``before``.
    """
    items = list(before)
    if sorted(map(repr, items)) != sorted(map(repr, after)):
        raise ValueError("the shuffled order is not an arrangement of the same items")
    draws = []
    for i in range(len(items) - 1, 0, -1):
        j = items.index(after[i], 0, i + 1)
        draws.append(j)
        items[i], items[j] = items[j], items[i]
    return draws
