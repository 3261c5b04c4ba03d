"""Generators for the battery to catch, and a fair one to pass, all reproducible.

- :class:`Counter`: SHA-256 of a seed and a counter, block after block: a deterministic
  stream a cryptographic hash makes indistinguishable from random bytes.
- :class:`Skewed`: bytes whose top bit is 1 with probability ``p`` (0.51, not 0.5): a
  fault in the generator's raw output, which every scaled draw inherits.
- :class:`ModuloRng`: a generator that scales by reducing modulo ``n``
  (``randbelow(n) = bytes % n``) instead of rejecting, the classic scaling fault: with one
  byte, the first ``256 % n`` values come once more in 256.
"""

from __future__ import annotations

import hashlib

import numpy as np


class Counter:
    """``source(size)``: SHA-256(seed || counter) blocks, in order."""

    def __init__(self, seed: bytes) -> None:
        self.seed, self.counter, self.held = seed, 0, b""

    def __call__(self, size: int) -> bytes:
        blocks = [self.held]
        have = len(self.held)
        while have < size:
            blocks.append(hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest())
            self.counter += 1
            have += 32
        joined = b"".join(blocks)
        out, self.held = joined[:size], joined[size:]
        return out


class Blob:
    """``source(size)`` reading a fixed byte string in order (many bytes a call, fast)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def __call__(self, size: int) -> bytes:
        out = self.data[self.at : self.at + size]
        if len(out) < size:
            raise ValueError("the blob is used up")
        self.at += size
        return out


def counter_blob(seed: bytes, size: int) -> Blob:
    """``size`` bytes of :class:`Counter` as a :class:`Blob` (hashlib in bulk)."""
    return Blob(Counter(seed)(size))


class Skewed:
    """``source(size)``: bytes with the top bit set with probability ``p``."""

    def __init__(self, p: float, seed: int) -> None:
        self.p = p
        self.generator = np.random.Generator(np.random.PCG64(seed))

    def __call__(self, size: int) -> bytes:
        top = (self.generator.random(size) < self.p).astype(np.uint8) << 7
        low = self.generator.integers(0, 128, size, dtype=np.uint8)
        return bytes(top | low)

    def blob(self, size: int) -> Blob:
        """``size`` of its bytes made at once, read by a :class:`Blob` (fast)."""
        return Blob(self(size))


class ModuloRng:
    """An :class:`~croupier.rng.Rng` that reduces modulo ``n`` (see the module docstring)."""

    def __init__(self, seed: int, size: int = 1 << 24) -> None:
        self.source = Blob(np.random.Generator(np.random.PCG64(seed)).bytes(size))

    def randbelow(self, n: int) -> int:
        width = (n.bit_length() + 7) // 8
        return int.from_bytes(self.source(width), "big") % n


class Sticky:
    """``source(size)``: each byte repeats the one before with probability ``p``, else is
    fresh: every byte value equally likely, but successive bytes correlated."""

    def __init__(self, p: float, seed: int) -> None:
        self.p = p
        self.generator = np.random.Generator(np.random.PCG64(seed))
        self.last = 0

    def __call__(self, size: int) -> bytes:
        # Element 0 is the last byte given; each byte takes the latest fresh one.
        fresh = np.concatenate([[self.last], self.generator.integers(0, 256, size)])
        repeat = np.concatenate([[False], self.generator.random(size) < self.p])
        latest = np.maximum.accumulate(np.where(repeat, 0, np.arange(size + 1)))
        out = fresh[latest][1:].astype(np.uint8)
        self.last = int(out[-1])
        return out.tobytes()


class ShortPeriod:
    """``source(size)``: a fixed block of ``period`` random bytes, over and over: a
    generator whose state repeats after ``period`` bytes."""

    def __init__(self, period: int, seed: int) -> None:
        self.block = np.random.Generator(np.random.PCG64(seed)).bytes(period)
        self.at = 0

    def __call__(self, size: int) -> bytes:
        out = bytearray()
        while len(out) < size:
            take = min(size - len(out), len(self.block) - self.at)
            out += self.block[self.at : self.at + take]
            self.at = (self.at + take) % len(self.block)
        return bytes(out)
