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

import hashlib
import hmac
import json
import os
import random
from collections.abc import (
    Callable,
    Hashable,
    Iterable,
    Mapping,
    MutableSequence,
    Sequence,
)
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

    def __deepcopy__(self, memo: dict[int, object]) -> SeededRng:
        """A twin that draws what this one would from here on: the generator's state is
        copied whole (a deep copy of ``random.Random`` copies its 625 words one by one)."""
        twin = SeededRng.__new__(SeededRng)
        twin.seed = self.seed
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin


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


SEED_BYTES = 32
"""256 bits of server seed per round (:class:`SealedDraws`)."""


class DrawStream:
    """The bytes of one keyed stream (:meth:`SealedDraws.stream`), read as
    :class:`SecureRng` reads the operating system's generator: block ``k`` (from 0) is
    ``HMAC-SHA256(key, k as 8 bytes big-endian)``, the blocks concatenated."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer = b""

    def read(self, size: int) -> bytes:
        while len(self._buffer) < size:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256)
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out


class SealedDraws:
    """Every random value of a round derived from a server seed fixed (and its salted
    commitment published) before the round's first wager, and from each seat's own seed
    given with its first wager (docs/architecture.md, "Sealed before the first wager").

    The draws of the round's ``k``-th command that draws (from 0), or of a dealer's step
    chosen after ``k`` commands drew, read the stream :meth:`stream` keys by ``(purpose,
    round_id, k, seeds)``, ``seeds`` being the seats' seeds that enter the round's draws
    (seat -> text, ``Round.entered_seeds``); the stream is scaled exactly as
    :class:`SecureRng` scales the operating system's bytes. So the same seed, round, count
    and seats' seeds give the same values whatever else the round's log holds, and a
    player who is shown the seed at the end of the round can draw every value again.
    ``seed`` is :data:`SEED_BYTES` bytes; a shorter one raises ``ValueError``.

    What the round's opening publishes beside the sealed seed travels with it: ``salt``,
    the salt (hex) of the seed's commitment announced before the round (the sealing of
    ``RoundOpened.seed`` uses it, so that the commitment is the one announced; ``None``:
    a fresh salt), ``next_seal`` (the next round's seed's commitment) and ``commitments``
    (seat -> sha256 of the seed the seat will give)."""

    def __init__(
        self,
        seed: bytes,
        *,
        salt: str | None = None,
        next_seal: str | None = None,
        commitments: Mapping[int, str] | None = None,
    ) -> None:
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise ValueError(f"a server seed is {SEED_BYTES} bytes")
        self.seed = seed
        self.salt = salt
        self.next_seal = next_seal
        self.commitments = dict(commitments or {})

    @staticmethod
    def fresh_seed(rng: Rng) -> bytes:
        """A new seed of :data:`SEED_BYTES` bytes from ``rng`` (the table's certified
        generator): its bytes where it reads them (:class:`SecureRng`), else one
        ``randbelow(256)`` a byte (a seeded test generator)."""
        if isinstance(rng, SecureRng):
            return rng.source(SEED_BYTES)
        return bytes(rng.randbelow(256) for _ in range(SEED_BYTES))

    @staticmethod
    def message(purpose: str, round_id: str, count: int, seeds: Mapping[int, str]) -> bytes:
        """What keys a stream: the canonical JSON (sorted keys, no spaces, ASCII) of
        ``{"index": count, "purpose": purpose, "round_id": round_id, "seeds": seeds}``
        (``seeds`` keyed by seat number as text), UTF-8."""
        body = {
            "index": count,
            "purpose": purpose,
            "round_id": round_id,
            "seeds": {str(seat): seed for seat, seed in sorted(seeds.items())},
        }
        return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()

    def stream(
        self, purpose: str, round_id: str, count: int, seeds: Mapping[int, str]
    ) -> SecureRng:
        """The draws of ``round_id`` for ``purpose`` after ``count`` commands drew
        (``"command"``: what a command's handling draws; ``"step:<what>"``: what a dealer's
        step with no human choice draws, such as the position of the dealer's cut): a
        :class:`SecureRng` reading :class:`DrawStream` keyed by ``HMAC-SHA256(seed,
        message(purpose, round_id, count, seeds))``."""
        key = hmac.new(self.seed, self.message(purpose, round_id, count, seeds), hashlib.sha256)
        return SecureRng(DrawStream(key.digest()).read)

    def randbelow(self, n: int) -> int:
        """Refused: a sealed round draws only through :meth:`stream`, keyed by how many
        commands drew before (``Round.draw``)."""
        raise TypeError("a sealed round's draws are keyed by the draws before: use stream()")
