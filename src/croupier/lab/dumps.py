"""The forms of a dump that dieharder and ent read directly (``croupier rng dump
--format``).

- ``raw``: the generator's bytes in the order read, rejected ones included: what
  ``dieharder -g 201 -f FILE`` (raw binary input) and ``ent FILE`` read.
- ``dieharder``: the same bytes as dieharder's ASCII input (``dieharder -g 202 -f
  FILE``): a ``#`` header, then ``type: d``, ``count: N``, ``numbit: 32`` and one unsigned
  32-bit number a line, each four bytes read little-endian, as dieharder's raw reader
  reads them on a little-endian machine, so that both inputs give dieharder the same
  numbers (a trailing 1 to 3 bytes are left out).
- ``bits``: the game's **scaled outcomes** as bits (binary), for dieharder ``-g 201`` and
  ent: every ``randbelow(n)`` the game's draws make (a die's face less one, each
  Fisher-Yates swap of a shuffle, a number less its lowest) is written by the binary
  decomposition of ``n`` (:func:`value_bits`): with ``n = 2^b1 + 2^b2 + ...`` (``b1 >
  b2 > ...``), a value below ``2^b1`` gives its ``b1`` low bits, else the value less
  ``2^b1`` is placed in the next block the same way. Given the block, the bits are
  uniform and independent, and the block does not depend on them, so a fair game's
  outcomes give independent fair bits, and any bias or dependence in the outcomes shows
  in the bits. A die (6 = 4 + 2) gives two bits for faces 1-4, one for 5 and 6; a
  52-card shuffle some 220 bits.
- ``bits-dieharder``: those bits as dieharder's ASCII input, as ``dieharder`` above.
"""

from __future__ import annotations

from typing import IO, Final

from croupier.rng import Rng

FORMATS: Final = ("scaled", "raw", "dieharder", "bits", "bits-dieharder")
"""The forms of a dump."""


def value_bits(value: int, n: int) -> str:
    """The bits (as ``0``/``1`` text, most significant first) that a value uniform on
    ``0 .. n - 1`` gives by the binary decomposition of ``n`` (module docstring).

    Raises ``ValueError`` when ``value`` is not below ``n``."""
    if not 0 <= value < n:
        raise ValueError(f"the value {value} is not in 0 .. {n - 1}")
    for bit in range(n.bit_length() - 1, -1, -1):
        block = 1 << bit
        if not n & block:
            continue
        if value < block:
            return format(value, f"0{bit}b") if bit else ""
        value -= block
    raise AssertionError("unreachable: the blocks of n cover 0 .. n - 1")


class RecordingRng:
    """An :class:`~croupier.rng.Rng` that passes ``randbelow`` to ``rng`` and keeps each
    ``(value, n)`` it gave, for :class:`BitPacker`."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.given: list[tuple[int, int]] = []

    def randbelow(self, n: int) -> int:
        value = self.rng.randbelow(n)
        self.given.append((value, n))
        return value


class BitPacker:
    """Gathers bits and writes them to ``out`` as bytes, the first bit the most
    significant of its byte; :meth:`close` drops a last byte left incomplete."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.held = ""
        self.written = 0

    def add(self, bits: str) -> None:
        self.held += bits
        whole = len(self.held) // 8 * 8
        if whole >= 4096:
            self._flush(whole)

    def _flush(self, whole: int) -> None:
        chunk = self.held[:whole]
        self.out.write(int(chunk, 2).to_bytes(whole // 8, "big") if chunk else b"")
        self.written += whole // 8
        self.held = self.held[whole:]

    def close(self) -> int:
        """Write the whole bytes held; the bytes written in all."""
        self._flush(len(self.held) // 8 * 8)
        return self.written


def write_dieharder(data: bytes, out: IO[str], header: str) -> int:
    """``data`` as dieharder's ASCII input (module docstring), after ``header`` (lines
    that each start with ``#``); the numbers written."""
    count = len(data) // 4
    out.write("#" + "=" * 66 + "\n")
    for line in header.splitlines():
        out.write(f"# {line}\n")
    out.write("#" + "=" * 66 + "\n")
    out.write(f"type: d\ncount: {count}\nnumbit: 32\n")
    for start in range(0, count * 4, 1 << 16):
        block = data[start : min(start + (1 << 16), count * 4)]
        words = (int.from_bytes(block[i : i + 4], "little") for i in range(0, len(block), 4))
        out.write("".join(f"{word}\n" for word in words))
    return count
