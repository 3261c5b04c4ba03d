"""A game's RNG evidence: the battery on its draws (``croupier rng test``) and the dump of
the generator's raw bytes and the game's scaled use of them (``croupier rng dump``).

The draws are the game's own (its policy's ``random_draws`` under a Rules Submission).
The dump makes them exactly as a table does: each draw through its own functions over
:class:`~croupier.rng.SecureRng`, which reads :func:`os.urandom` for every value; the
bytes it read are the raw output, rejected bytes included, in the order read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO

from croupier import __version__
from croupier.errors import CroupierError
from croupier.lab.battery import ALPHA, TestResult, battery_of, overall
from croupier.lab.dumps import BitPacker, RecordingRng, value_bits
from croupier.lab.sources import ByteStream, Outcomes, draws_from_bytes, draws_from_rng, rows_for
from croupier.registry import find
from croupier.rng import DiceDraw, Draw, NumberDraw, Rng, SecureRng, ShuffleDraw
from croupier.rules.base import RulesSubmission


class NoDraws(CroupierError):
    """The game draws nothing at random (its policy lists no draws)."""


def draws_of(rules: RulesSubmission) -> tuple[Draw, ...]:
    """The draws of ``rules``'s game under ``rules``. Raises :class:`NoDraws`."""
    draws = find(rules.game).policy.random_draws(rules)
    if not draws:
        raise NoDraws(f"{rules.game} draws nothing at random", "lab:no-draws")
    return draws


def key_of(draw: Draw) -> str:
    """A draw's short name in a dump: ``"the three dice"`` -> ``three-dice``."""
    return re.sub(r"[^a-z0-9]+", "-", draw.name.lower().removeprefix("the ")).strip("-")


# --- the generators the battery draws from ---------------------------------------------------
class BytesGenerator:
    """The generator's bytes (``source(size)``: :func:`os.urandom`) read in blocks and
    scaled as :class:`~croupier.rng.SecureRng` scales them (:func:`draws_from_bytes`)."""

    def __init__(self, source: Callable[[int], bytes] = os.urandom, description: str = "") -> None:
        self.stream = ByteStream(source)
        self.description = description or (
            "os.urandom read in 4 MiB blocks, scaled as SecureRng.randbelow scales it"
        )

    def outcomes(self, draw: Draw, rows: int, progress: Callable[[int], None] | None) -> Outcomes:
        return draws_from_bytes(draw, rows, self.stream, progress)


class RngGenerator:
    """Any :class:`~croupier.rng.Rng`, one value at a time through the draw's own
    functions (:func:`draws_from_rng`)."""

    def __init__(self, rng: Rng, description: str = "") -> None:
        self.rng = rng
        self.description = description or f"{type(rng).__name__}, one value at a time"

    def outcomes(self, draw: Draw, rows: int, progress: Callable[[int], None] | None) -> Outcomes:
        return draws_from_rng(draw, rows, self.rng, progress)


Generator = BytesGenerator | RngGenerator


@dataclass
class DrawReport:
    """One draw's outcomes and tests."""

    draw: Draw
    count: int
    results: list[TestResult]
    outcomes: Outcomes | None = field(default=None, repr=False)


@dataclass
class Battery:
    """The battery run on one game: every draw's tests, at significance ``alpha``."""

    game: str
    rules_sha256: str
    generator: str
    alpha: float
    draws: list[DrawReport]

    @property
    def results(self) -> list[TestResult]:
        return [result for report in self.draws for result in report.results]

    @property
    def verdict(self) -> str:
        """``pass`` or ``fail`` (Bonferroni over the tests run: :func:`overall`)."""
        return overall(self.results, self.alpha)[0]

    @property
    def threshold(self) -> float:
        return overall(self.results, self.alpha)[1]

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "rules_sha256": self.rules_sha256,
            "generator": self.generator,
            "alpha": self.alpha,
            "threshold": self.threshold,
            "verdict": self.verdict,
            "croupier": __version__,
            "draws": [
                {
                    "draw": report.draw.name,
                    "cite": report.draw.cite,
                    "values": report.count,
                    "tests": [result.to_dict() for result in report.results],
                }
                for report in self.draws
            ],
        }


Stage = Callable[[str, int], Callable[[int], None]]
"""``stage(description, total)`` -> a callback for the values done: the progress bar."""


def run_battery(
    rules: RulesSubmission,
    count: int,
    generator: Generator,
    *,
    alpha: float = ALPHA,
    stage: Stage | None = None,
    keep_outcomes: bool = False,
) -> Battery:
    """The battery on ``count`` values (faces, numbers, items placed by shuffles; whole
    throws and shuffles, so a little more) of every draw of ``rules``'s game.

    Raises :class:`NoDraws`; ``ValueError`` for a count below one or ``alpha`` outside
    (0, 1)."""
    if count < 1:
        raise ValueError(f"the battery needs at least one outcome, not {count}")
    if not 0 < alpha < 1:
        raise ValueError(f"the significance is a probability between 0 and 1, not {alpha}")
    reports = []
    for draw in draws_of(rules):
        rows = rows_for(draw, count)
        progress = stage(f"{rules.game}: {draw.name}", count) if stage is not None else None
        outcomes = generator.outcomes(draw, rows, progress)
        if progress is not None:
            progress(outcomes.count)
        results = battery_of(outcomes, alpha)
        reports.append(
            DrawReport(draw, outcomes.count, results, outcomes if keep_outcomes else None)
        )
    return Battery(rules.game, rules.sha256(), generator.description, alpha, reports)


# --- the dump -------------------------------------------------------------------------------
class Recorder:
    """``source(size)`` (:func:`os.urandom`), writing every byte it gives to ``raw``."""

    def __init__(self, raw: IO[bytes] | None, source: Callable[[int], bytes] = os.urandom) -> None:
        self.raw, self.source = raw, source
        self.given = 0

    def __call__(self, size: int) -> bytes:
        data = self.source(size)
        if self.raw is not None:
            self.raw.write(data)
        self.given += len(data)
        return data


def outcome_text(draw: Draw, outcome: Iterable[object]) -> str:
    """One line of a scaled dump: the draw's key and its values, space separated."""
    return " ".join([key_of(draw), *(str(value) for value in outcome)])


def scaling_text(draw: Draw) -> str:
    """How a draw scales ``randbelow`` (for the dump's header)."""
    if isinstance(draw, DiceDraw):
        return f"{draw.count} faces, each randbelow(6) + 1"
    if isinstance(draw, NumberDraw):
        return f"{draw.low} + randbelow({draw.high - draw.low + 1})"
    assert isinstance(draw, ShuffleDraw)
    return (
        f"the {len(draw.items)} items from top to bottom after Fisher-Yates: for i = "
        f"{len(draw.items) - 1} down to 1, swap items i and randbelow(i + 1); before the "
        f"shuffle: {' '.join(map(str, draw.items))}"
    )


def dump(
    rules: RulesSubmission,
    count: int,
    *,
    scaled: IO[str] | None,
    raw: IO[bytes] | None,
    only: str | None = None,
    source: Callable[[int], bytes] = os.urandom,
    progress: Callable[[int], None] | None = None,
    bits: IO[bytes] | None = None,
) -> int:
    """Draw ``count`` of each of the game's draws (or of the draw keyed ``only``), in
    the order a round makes them, through :class:`~croupier.rng.SecureRng` over
    ``source``; write each outcome as a line to ``scaled`` (after a ``#`` header), every
    byte read to ``raw`` and every ``randbelow`` the draws make as bits to ``bits``
    (:mod:`croupier.lab.dumps`). Returns the bytes read.

    Raises :class:`NoDraws`, and ``ValueError`` for a count below one or an unknown key."""
    if count < 1:
        raise ValueError(f"the dump needs at least one outcome, not {count}")
    draws = draws_of(rules)
    if only is not None:
        chosen = [draw for draw in draws if key_of(draw) == only]
        if not chosen:
            keys = ", ".join(key_of(draw) for draw in draws)
            raise ValueError(f"{rules.game} has no draw {only!r}; its draws: {keys}")
        draws = tuple(chosen)
    recorder = Recorder(raw, source)
    rng = RecordingRng(SecureRng(recorder))
    packer = BitPacker(bits) if bits is not None else None
    if scaled is not None:
        scaled.write(
            f"# croupier {__version__} rng dump: {rules.game}, Rules Submission sha256 "
            f"{rules.sha256()}\n# generator: os.urandom; randbelow(n) reads ceil(k/8) bytes "
            "(k = n.bit_length()) as a big-endian number, keeps its top k bits and reads "
            "again while it is n or more\n"
        )
        for draw in draws:
            scaled.write(f"# {key_of(draw)}: {draw.name} ({draw.cite}): {scaling_text(draw)}\n")
    step = max(1, count // 200)
    for done in range(count):
        for draw in draws:
            outcome = draw.draw(rng)
            if scaled is not None:
                scaled.write(outcome_text(draw, outcome) + "\n")
            if packer is not None:
                packer.add("".join(value_bits(value, n) for value, n in rng.given))
            rng.given.clear()
        if progress is not None and done % step == 0:
            progress(done)
    if progress is not None:
        progress(count)
    if packer is not None:
        packer.close()
    return recorder.given
