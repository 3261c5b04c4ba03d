"""The RNG evidence pack (``croupier rng evidence``): every GLI-19 3.2.2 test family on
croupier's generators, each family's p-value, and the collective verdict at 99%
(:mod:`croupier.lab.verdict`).

The generators (:class:`OsSource`, :class:`SealedSource`):

- **the operating system's generator** as :class:`~croupier.rng.SecureRng` reads it
  (:func:`os.urandom`), what a table draws from when its rounds are not sealed;
- **the sealed draws** (:class:`~croupier.rng.SealedDraws`): each round's stream,
  ``HMAC-SHA256`` keyed by the round's server seed and what it draws, read round after
  round (the first :data:`ROUND_BYTES` bytes of the stream of round 0, 1, 2, ...).

On each, every part reads fresh output (so that the parts are independent):

- **three dice** (a throw, scaled ``randbelow(6) + 1``) and **a 52-card deck**
  (Fisher-Yates) made ``samples`` times (faces; cards placed), with the whole battery of
  :mod:`croupier.lab.battery` (chi-square, runs, coupon collector, serial pairs and
  correlation, overlapping tuples, collisions, birthday spacings, repeated shuffles);
- **interplay**: pairs of streams that ought to be independent, a die from each, tested
  by the cross correlation at lags -8 to 8 and the chi-square of the pairs
  (:mod:`croupier.lab.families`): for the operating system's generator, two tables
  throwing in turn from it; for the sealed draws, two server seeds over the same rounds
  (the second the SHA-256 of the first, an unrelated seed that makes the pack
  reproducible from the first), two seeds one bit apart, and a round's first and second
  commands;
- **duplicates of seeds**: the 32-byte seeds (:meth:`SealedDraws.fresh_seed
  <croupier.rng.SealedDraws.fresh_seed>`) the generator gives, or the first 16 bytes of
  successive rounds' streams, none of which may repeat.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

import numpy as np

from croupier import __version__
from croupier.lab.battery import ALPHA, FAIL, NOT_RUN, PASS, Tester, TestResult, battery_of
from croupier.lab.families import (
    TooFew,
    cross_correlation,
    pair_independence,
    repeats,
)
from croupier.lab.sources import ByteStream, draws_from_bytes, rows_for
from croupier.lab.verdict import CONFIDENCE, Collective, collective
from croupier.rng import SEED_BYTES, DiceDraw, SealedDraws, ShuffleDraw

Source = Callable[[int], bytes]
"""``source(size)``: the next ``size`` bytes of a generator's output."""

ROUND_BYTES: Final = 256
"""The bytes of each round's stream the sealed source reads (eight HMAC blocks; a shuffle
of a 52-card deck reads some 60, of an eight-deck shoe some 800)."""
STREAM_PREFIX: Final = 16
"""The bytes of each round's stream compared for repeats."""
DICE: Final = DiceDraw("three dice", 3, "GLI-19 3.2.2")
DECK: Final = ShuffleDraw(
    "a 52-card deck",
    tuple(f"{rank}{suit}" for suit in "cdhs" for rank in "23456789TJQKA"),
    "GLI-19 3.2.2",
)
BLOCK: Final = 1 << 16
"""Bytes read from a source at a time."""

FAMILIES: Final = {
    "frequency": "chi-square",
    "each die of the throw": "chi-square",
    "positions": "chi-square",
    "permutation of a small deck (5 items)": "chi-square",
    "gap": "chi-square",
    "poker": "chi-square",
    "runs": "runs",
    "ascending runs": "runs",
    "coupon collector": "coupon collector",
    "serial pairs": "serial correlation",
    "serial correlation": "serial correlation",
    "overlapping tuples": "overlaps",
    "overlapping tuples (second difference)": "overlaps",
    "cross correlation": "interplay correlation",
    "pair independence": "interplay correlation",
    "collisions": "duplicates",
    "birthday spacings": "duplicates",
    "repeated shuffles": "duplicates",
    "repeated seeds": "duplicates",
}
"""The GLI-19 3.2.2 family of each test (a shuffle's "top item: " tests as the stream's)."""
FAMILY_ORDER: Final = (
    "chi-square",
    "overlaps",
    "coupon collector",
    "runs",
    "interplay correlation",
    "serial correlation",
    "duplicates",
)


def family_of(test: str) -> str:
    """The family of a test's name. Raises ``KeyError`` for a test of no family."""
    return FAMILIES[test.removeprefix("top item: ")]


class PackSource(Protocol):
    """A generator the pack tests."""

    description: str

    def stream(self) -> Source:
        """A fresh part of the generator's output, read in order."""
        ...

    def pairs(self, values: int) -> list[tuple[str, np.ndarray, np.ndarray]]:
        """Pairs of streams of die faces (0 .. 5) that ought to be independent: a name
        and ``values`` faces of each."""
        ...

    def seeds(self, count: int) -> tuple[str, list[bytes], float]:
        """``count`` outcomes that may never repeat: what they are, them, their space."""
        ...


def faces(source: Source, values: int) -> np.ndarray:
    """``values`` die faces (0 .. 5) scaled from ``source`` as SecureRng scales them."""
    die = DiceDraw("a die", 1, "")
    return draws_from_bytes(die, values, ByteStream(source, block=BLOCK)).values


class OsSource:
    """The operating system's generator (``source``: :func:`os.urandom`; another
    callable of the same form for a test)."""

    def __init__(self, source: Source = os.urandom, description: str = "") -> None:
        self.source = source
        self.description = description or (
            "the operating system's generator (os.urandom), as SecureRng reads it"
        )

    def stream(self) -> Source:
        return self.source

    def pairs(self, values: int) -> list[tuple[str, np.ndarray, np.ndarray]]:
        both = faces(self.source, 2 * values)
        return [("two tables throwing in turn from one generator", both[0::2], both[1::2])]

    def seeds(self, count: int) -> tuple[str, list[bytes], float]:
        return "server seeds", [self.source(SEED_BYTES) for _ in range(count)], 2.0**256


Derive = Callable[[bytes, str, int], Source]
"""``derive(seed, round_id, count)``: the bytes of a round's stream for what its
``count``-th command draws."""


def sealed_stream(seed: bytes, round_id: str, count: int) -> Source:
    """croupier's own derivation: :meth:`SealedDraws.stream
    <croupier.rng.SealedDraws.stream>` (purpose ``"command"``, no seats' seeds)."""
    return SealedDraws(seed).stream("command", round_id, count, {}).source


class SealedSource:
    """The sealed draws: round after round of one server seed's streams (``derive``:
    :func:`sealed_stream`; another derivation for a test)."""

    def __init__(
        self, seed: bytes | None = None, derive: Derive = sealed_stream, description: str = ""
    ) -> None:
        self.seed = seed if seed is not None else os.urandom(SEED_BYTES)
        self.derive = derive
        self.next_round = 0
        self.description = description or (
            "the sealed draws (SealedDraws: HMAC-SHA256 streams keyed by the round's server "
            f"seed), the first {ROUND_BYTES} bytes of each round's stream, round after round"
        )

    def _rounds(self, seed: bytes, count: int = 0, start: int | None = None) -> Source:
        """A source reading rounds' streams from ``start`` (default: rounds not yet read)."""
        return _RoundReader(self, seed, count, self.next_round if start is None else start)

    def stream(self) -> Source:
        return self._rounds(self.seed)

    def pairs(self, values: int) -> list[tuple[str, np.ndarray, np.ndarray]]:
        start = self.next_round
        other = hashlib.sha256(b"another table's seed" + self.seed).digest()
        flipped = self.seed[:-1] + bytes([self.seed[-1] ^ 1])
        found = []
        for name, seed_b, count_b in (
            ("two server seeds over the same rounds", other, 0),
            ("two server seeds one bit apart over the same rounds", flipped, 0),
            ("a round's first and second commands", self.seed, 1),
        ):
            a = faces(self._rounds(self.seed, 0, start), values)
            b = faces(self._rounds(seed_b, count_b, start), values)
            found.append((name, a, b))
        return found

    def seeds(self, count: int) -> tuple[str, list[bytes], float]:
        first = self.next_round
        self.next_round += count
        prefixes = [
            self.derive(self.seed, f"round-{r}", 0)(STREAM_PREFIX)
            for r in range(first, first + count)
        ]
        return "rounds' streams (first 16 bytes)", prefixes, 2.0 ** (8 * STREAM_PREFIX)


class _RoundReader:
    """``source(size)`` over the streams of rounds ``start``, ``start + 1``, ... of
    ``seed`` (:data:`ROUND_BYTES` of each), marking them read on ``owner``."""

    def __init__(self, owner: SealedSource, seed: bytes, count: int, start: int) -> None:
        self.owner, self.seed, self.count = owner, seed, count
        self.round, self.held = start, b""

    def __call__(self, size: int) -> bytes:
        chunks = [self.held]
        have = len(self.held)
        while have < size:
            chunks.append(
                self.owner.derive(self.seed, f"round-{self.round}", self.count)(ROUND_BYTES)
            )
            have += ROUND_BYTES
            self.round += 1
        joined = b"".join(chunks)
        self.held = joined[size:]
        self.owner.next_round = max(self.owner.next_round, self.round)
        return joined[:size]


@dataclass(frozen=True)
class Part:
    """One part of the pack: a generator's description, what was drawn, its tests."""

    source: str
    name: str
    results: list[TestResult]


@dataclass(frozen=True)
class Family:
    """One GLI-19 3.2.2 family: its tests run, its p-value (the smallest of its tests'
    times their number, Bonferroni, at most 1) and its verdict at the significance."""

    name: str
    tests: int
    p_value: float | None
    verdict: str


@dataclass(frozen=True)
class Pack:
    """The evidence pack: its parts, families and the collective verdict."""

    samples: int
    alpha: float
    parts: list[Part]
    collective: Collective

    @property
    def results(self) -> list[TestResult]:
        return [result for part in self.parts for result in part.results]

    @property
    def verdict(self) -> str:
        return self.collective.verdict

    def families(self) -> list[Family]:
        found = []
        for name in FAMILY_ORDER:
            ran = [
                r.p_value
                for r in self.results
                if r.p_value is not None and family_of(r.test) == name
            ]
            if not ran:
                found.append(Family(name, 0, None, NOT_RUN))
                continue
            p = min(1.0, len(ran) * min(ran))
            found.append(Family(name, len(ran), p, FAIL if p < self.alpha else PASS))
        return found

    def to_dict(self) -> dict[str, object]:
        return {
            "croupier": __version__,
            "samples": self.samples,
            "alpha": self.alpha,
            "verdict": self.verdict,
            "collective": self.collective.to_dict(),
            "families": [
                {"family": f.name, "tests": f.tests, "p_value": f.p_value, "verdict": f.verdict}
                for f in self.families()
            ],
            "parts": [
                {
                    "generator": part.source,
                    "part": part.name,
                    "tests": [{**r.to_dict(), "family": family_of(r.test)} for r in part.results],
                }
                for part in self.parts
            ],
        }


def interplay(name: str, a: np.ndarray, b: np.ndarray, alpha: float) -> list[TestResult]:
    """The interplay tests on two streams of die faces."""
    tester = Tester(name, alpha)
    for test, what, run in (
        ("cross correlation", "correlation between the streams at lags -8 to 8", cross_correlation),
        (
            "pair independence",
            "each pair of faces, one from each stream, equally often",
            pair_independence,
        ),
    ):
        try:
            tester.found(test, what, run(a, b, 6))
        except TooFew as error:
            tester.not_run(test, what, str(error))
    return tester.results


def seed_repeats(source: PackSource, count: int, alpha: float) -> list[TestResult]:
    """How many of ``count`` seeds (or stream prefixes) repeat an earlier one."""
    what, seeds, space = source.seeds(count)
    tester = Tester(what, alpha)
    try:
        tester.found(
            "repeated seeds", f"{what} that repeat an earlier one", repeats(seeds, space, what)
        )
    except TooFew as error:
        tester.not_run("repeated seeds", what, str(error))
    return tester.results


def run_pack(
    sources: Sequence[PackSource],
    samples: int,
    *,
    confidence: float = CONFIDENCE,
    alpha: float = ALPHA,
    progress: Callable[[str], None] | None = None,
) -> Pack:
    """The pack on ``samples`` values (faces; cards placed; die faces of each interplay
    stream) of each part, on each of ``sources``.

    Raises ``ValueError`` for fewer than 1,000 samples or a confidence outside (0, 1)."""
    if samples < 1000:
        raise ValueError(f"the evidence pack needs at least 1,000 samples, not {samples:,}")
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence is a probability between 0 and 1, not {confidence}")
    parts = []
    for source in sources:
        for draw in (DICE, DECK):
            if progress is not None:
                progress(f"{source.description}: {draw.name}")
            stream = ByteStream(source.stream(), block=BLOCK)
            outcomes = draws_from_bytes(draw, rows_for(draw, samples), stream)
            parts.append(Part(source.description, draw.name, battery_of(outcomes, alpha)))
        if progress is not None:
            progress(f"{source.description}: interplay")
        for name, a, b in source.pairs(samples):
            parts.append(Part(source.description, name, interplay(name, a, b, alpha)))
        seeds = seed_repeats(source, max(2, samples // 100), alpha)
        parts.append(Part(source.description, "seeds", seeds))
    verdict = collective([r for part in parts for r in part.results], confidence)
    return Pack(samples, alpha, parts, verdict)
