"""Random sources, and what a table draws from them.

:class:`SecureRng` (the operating system's CSPRNG, :func:`os.urandom`) is the
default for live play; :class:`SeededRng` gives reproducible runs for tests,
simulations and demonstrations. Both draw with ``randbelow(n)``, which rejects
out-of-range bits rather than reducing modulo ``n``, so no outcome is favoured;
shuffles are Fisher-Yates over ``randbelow``. The global :mod:`random` module is
never seeded or used.

**How the secure generator is scaled** (for a testing lab, ``croupier rng dump``):
``randbelow(n)`` takes ``k = n.bit_length()`` bits; it reads ``ceil(k / 8)`` bytes
from the generator, reads them as one big-endian number, keeps its top ``k`` bits
and draws again while that number is ``n`` or more (exactly
:func:`secrets.randbelow`). A die is ``randbelow(6) + 1``: one byte, its top three
bits, 6 and 7 drawn again. A shuffle of ``m`` items is Fisher-Yates from the bottom
of the stack: for ``i = m - 1`` down to 1, swap item ``i`` with item
``randbelow(i + 1)``.

**What a table draws** (:data:`Draw`): a game's policy lists the random draws of its
rounds (``TablePolicy.random_draws``) as :class:`DiceDraw`, :class:`ShuffleDraw`
and :class:`NumberDraw`, each drawn by the same functions the game's round calls
(:func:`roll_dice`, :func:`shuffle`, ``low + randbelow(high - low + 1)``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Iterable, MutableSequence, Sequence
from dataclasses import dataclass
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
    """The operating system's cryptographic generator, scaled as the module docstring
    says (byte for byte what :func:`secrets.randbelow` does).

    ``source(size)`` gives ``size`` bytes of the generator's output: :func:`os.urandom`,
    or for a lab's dump a reader that also records what it gave."""

    def __init__(self, source: Callable[[int], bytes] = os.urandom) -> None:
        self.source = source

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        bits = n.bit_length()
        size = (bits + 7) // 8
        shift = size * 8 - bits
        while True:
            value = int.from_bytes(self.source(size), "big") >> shift
            if value < n:
                return value


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


@dataclass(frozen=True)
class DiceDraw:
    """A throw of up to ``count`` dice (:func:`roll_dice`): faces 1 to 6. A round may
    throw fewer at once (High Roll Dice's Extra Roll throws the dice that did not match)."""

    name: str
    """What the regulation calls it: "the dice"."""
    count: int
    cite: str

    def draw(self, rng: Rng) -> tuple[int, ...]:
        return roll_dice(rng, self.count)


@dataclass(frozen=True)
class ShuffleDraw:
    """A shuffle of ``items`` (:func:`shuffle`, every order equally likely): a deck, a
    shoe, the tiles. :meth:`order` is the shuffle as positions of ``items`` (element
    ``p`` is the index in ``items`` of the item that ends at position ``p``, the top
    being 0); :meth:`draw` the items in that order."""

    name: str
    items: tuple[Hashable, ...]
    cite: str
    fewer: str = ""
    """Where not empty, the rule under which a round may shuffle fewer of the items (the
    cards left when a shoe runs out, 673a.13(f)), its cut then within that stack."""

    def order(self, rng: Rng) -> list[int]:
        positions = list(range(len(self.items)))
        shuffle(rng, positions)
        return positions

    def draw(self, rng: Rng) -> tuple[Hashable, ...]:
        return tuple(self.items[i] for i in self.order(rng))


@dataclass(frozen=True)
class NumberDraw:
    """A whole number from ``low`` to ``high`` inclusive (``low + randbelow(high - low +
    1)``): an RNG starting position, the position of a cut."""

    name: str
    low: int
    high: int
    cite: str

    def draw(self, rng: Rng) -> tuple[int]:
        return (self.low + rng.randbelow(self.high - self.low + 1),)


Draw = DiceDraw | ShuffleDraw | NumberDraw
"""One kind of random draw a table makes (``TablePolicy.random_draws``)."""
