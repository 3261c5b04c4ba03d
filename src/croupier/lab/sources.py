"""The outcomes the battery tests: a table's draws made many times over.

Two ways to make them, which give the same outcomes from the same bytes:

- :func:`draws_from_rng`: one value at a time through the draw's own functions
  (:mod:`croupier.rng`: ``roll_dice``, ``shuffle``, ``randbelow``) over any
  :class:`~croupier.rng.Rng`, as a table draws them: with :class:`~croupier.rng.SecureRng`
  each die reads :func:`os.urandom` itself. A few microseconds a value.
- :func:`draws_from_bytes`: the generator's bytes read in blocks (:class:`ByteStream`) and
  scaled by compiled loops (numba) that do what ``SecureRng.randbelow`` does with them,
  byte for byte: ``k = n.bit_length()`` bits from ``ceil(k / 8)`` big-endian bytes, drawn
  again while ``n`` or more; a die ``randbelow(6) + 1``; a shuffle Fisher-Yates from the
  bottom. Tens of millions of values a second. The tests check, for every registered
  game's draws, that both ways give the same outcomes from the same bytes.

An :class:`Outcomes` holds what was drawn, in order: a throw's faces ``0 .. 5`` (the face
less one) as rows of the throw's dice, numbers ``0 .. k - 1`` (less the lowest), or
shuffles as rows of positions (element ``p`` of a row is the index, in the draw's items,
of the item that ended at position ``p``; the top is 0).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numba
import numpy as np

from croupier.rng import DiceDraw, Draw, NumberDraw, Rng, ShuffleDraw

Progress = Callable[[int], None]
"""Called with how many values have been drawn so far."""

BLOCK: Final = 1 << 22
"""Bytes read from the generator at a time by :class:`ByteStream` (4 MiB)."""


class ByteStream:
    """The generator's bytes in order, read ``block`` at a time from ``source(size)``
    (:func:`os.urandom`). :meth:`ahead` shows at least ``size`` unread bytes without
    reading them; :meth:`take` marks bytes read; :attr:`taken` counts them."""

    def __init__(self, source: Callable[[int], bytes] = os.urandom, block: int = BLOCK) -> None:
        self.source = source
        self.block = block
        self._buffer = np.zeros(0, dtype=np.uint8)
        self.taken = 0

    def ahead(self, size: int) -> np.ndarray:
        if len(self._buffer) < size:
            more = max(size - len(self._buffer), self.block)
            fresh = np.frombuffer(self.source(more), dtype=np.uint8)
            self._buffer = np.concatenate([self._buffer, fresh])
        return self._buffer

    def take(self, size: int) -> None:
        self._buffer = self._buffer[size:]
        self.taken += size


@dataclass(frozen=True)
class Outcomes:
    """A draw made many times: ``values`` as the module docstring says, and ``kinds``,
    how many equally likely values each element takes (6 for a die; ``k`` for a number;
    the item count for a shuffle)."""

    draw: Draw
    values: np.ndarray
    kinds: int

    @property
    def count(self) -> int:
        """How many values (faces, numbers, items placed) were drawn."""
        return int(self.values.size)


def kinds_of(draw: Draw) -> int:
    if isinstance(draw, DiceDraw):
        return 6
    if isinstance(draw, NumberDraw):
        return draw.high - draw.low + 1
    return len(draw.items)


def rows_for(draw: Draw, values: int) -> int:
    """How many draws give at least ``values`` values (throws, numbers, shuffles)."""
    per = (
        draw.count
        if isinstance(draw, DiceDraw)
        else (1 if isinstance(draw, NumberDraw) else len(draw.items))
    )
    return max(1, math.ceil(values / per))


# --- one value at a time, through the draw's own functions ----------------------------------
def draws_from_rng(draw: Draw, rows: int, rng: Rng, progress: Progress | None = None) -> Outcomes:
    """``rows`` draws of ``draw`` from ``rng`` by the draw's own functions."""
    step = max(1, rows // 100)
    if isinstance(draw, ShuffleDraw):
        orders = np.empty((rows, len(draw.items)), dtype=np.int16)
        for row in range(rows):
            orders[row] = draw.order(rng)
            if progress is not None and row % step == 0:
                progress(row * len(draw.items))
        return Outcomes(draw, orders, len(draw.items))
    width = draw.count if isinstance(draw, DiceDraw) else 1
    lowest = 1 if isinstance(draw, DiceDraw) else draw.low
    values = np.empty((rows, width), dtype=np.int32)
    for row in range(rows):
        values[row] = draw.draw(rng)
        if progress is not None and row % step == 0:
            progress(row * width)
    values -= lowest
    return Outcomes(draw, values if width > 1 else values[:, 0], kinds_of(draw))


# --- many values at a time, from the generator's bytes --------------------------------------
def _below_py(raw: np.ndarray, pos: int, n: int, size: int, shift: int) -> tuple[int, int]:
    """``randbelow(n)`` from ``raw`` at ``pos``: (value, next position), or (-1, pos)
    where ``raw`` ends first."""
    while True:
        if pos + size > raw.shape[0]:
            return -1, pos
        value = 0
        for b in range(size):
            value = (value << 8) | int(raw[pos + b])
        pos += size
        value >>= shift
        if value < n:
            return value, pos


_below = numba.njit(cache=True, nogil=True, inline="always")(_below_py)


def _numbers_py(
    raw: np.ndarray, n: int, size: int, shift: int, out: np.ndarray, start: int
) -> tuple[int, int]:
    """Fill ``out[start:]`` with ``randbelow(n)``; (values filled to, bytes used)."""
    pos = 0
    for i in range(start, out.shape[0]):
        value, after = _below(raw, pos, n, size, shift)
        if value < 0:
            return i, pos
        out[i] = value
        pos = after
    return out.shape[0], pos


def _shuffles_py(
    raw: np.ndarray, sizes: np.ndarray, shifts: np.ndarray, out: np.ndarray, start: int
) -> tuple[int, int]:
    """Fill the rows ``out[start:]`` with Fisher-Yates shuffles of ``0 .. m - 1``; (rows
    filled to, bytes used). A shuffle the bytes do not finish is left to the next call."""
    m = out.shape[1]
    pos = 0
    for row in range(start, out.shape[0]):
        begin = pos
        for place in range(m):
            out[row, place] = place
        for i in range(m - 1, 0, -1):
            j, pos = _below(raw, pos, i + 1, sizes[i + 1], shifts[i + 1])
            if j < 0:
                return row, begin
            held = out[row, i]
            out[row, i] = out[row, j]
            out[row, j] = held
    return out.shape[0], pos


_numbers = numba.njit(cache=True, nogil=True)(_numbers_py)
_shuffles = numba.njit(cache=True, nogil=True)(_shuffles_py)


def scaling(n: int) -> tuple[int, int]:
    """How ``randbelow(n)`` reads the generator: (bytes a try, bits shifted off)."""
    bits = n.bit_length()
    size = (bits + 7) // 8
    return size, size * 8 - bits


def draws_from_bytes(
    draw: Draw, rows: int, stream: ByteStream, progress: Progress | None = None
) -> Outcomes:
    """``rows`` draws of ``draw`` scaled from ``stream`` as ``SecureRng`` scales it."""
    kinds = kinds_of(draw)
    if isinstance(draw, ShuffleDraw):
        out = np.empty((rows, kinds), dtype=np.int16)
        bounds = range(kinds + 1)
        sizes = np.array([scaling(max(b, 1))[0] for b in bounds], dtype=np.int64)
        shifts = np.array([scaling(max(b, 1))[1] for b in bounds], dtype=np.int64)
        per_row = int(sum(2 * sizes[2:]))
        filled = 0
        while filled < rows:
            want = min(rows - filled, max(1, (1 << 22) // max(per_row, 1)))
            raw = stream.ahead(want * per_row + 64)
            reached, used = _shuffles(raw, sizes, shifts, out, filled)
            stream.take(used)
            if reached == filled:
                stream.ahead(len(raw) * 2)  # a long run of rejections: read more
            filled = reached
            if progress is not None:
                progress(filled * kinds)
        return Outcomes(draw, out, kinds)
    width = draw.count if isinstance(draw, DiceDraw) else 1
    flat = np.empty(rows * width, dtype=np.int32)
    size, shift = scaling(kinds)
    per_value = 2 * size
    filled = 0
    while filled < flat.shape[0]:
        want = min(flat.shape[0] - filled, 1 << 22)
        raw = stream.ahead(want * per_value + 64)
        reached, used = _numbers(raw, kinds, size, shift, flat, filled)
        stream.take(used)
        if reached == filled:
            stream.ahead(len(raw) * 2)
        filled = reached
        if progress is not None:
            progress(filled)
    values = flat.reshape(rows, width) if width > 1 else flat
    return Outcomes(draw, values, kinds)
