"""A payout drill: situations dealt one after another, the trainee's answers judged by
the engine's settlement, a correction quoting the section, a clock and a running score.

The game is found by name in the registry; its situations come from its own training
module (:attr:`croupier.game.GameSpec.training`) or, for a game that names none, from
:func:`~croupier.training.situation.default_situation`. Nothing here knows a game.

>>> from croupier.rng import ScriptedRng, dice_draws
>>> drill = PayoutDrill("high-roll-dice", seed=1, rng=ScriptedRng(dice_draws([6] * 10)))
>>> item = drill.deal()
>>> payout = item.payouts[0]
>>> verdict = drill.answer(0, "1")
>>> verdict.right, verdict.expected == payout.pays, payout.cite in verdict.words
(False, True, True)
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from croupier.citations import shown
from croupier.errors import InvalidAmount
from croupier.game import GameSpec
from croupier.money import Cents, format_cents, parse_dollars
from croupier.registry import find, rules_from_data
from croupier.rng import Rng, SecureRng
from croupier.rules.base import RulesSubmission
from croupier.training.setting import Arrangement, SettingVerdict, judge_setting
from croupier.training.situation import Level, Situation, SituationSource, default_situation
from croupier.training.table import Payout

ANSWER_CITE = "training:answer"
"""The rule an answer that is no amount breaks (an answer is dollars and cents)."""


def source_of(spec: GameSpec) -> SituationSource | None:
    """The game's training module, or ``None`` where its spec names none."""
    if spec.training is None:
        return None
    return cast(SituationSource, importlib.import_module(spec.training))


def deal(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A situation of ``spec``'s game: its own training module's, else the default."""
    source = source_of(spec)
    if source is None:
        return default_situation(spec, rules, level, pick, rng)
    return source.situation(spec, rules, level, pick, rng)


def read_answer(text: str) -> Cents:
    """An answer in dollars (``"14"``, ``"$14.50"``, ``"0"``) as cents; raises
    :class:`~croupier.errors.InvalidAmount` saying what an answer is."""
    cents = parse_dollars(text, ANSWER_CITE)
    if cents < 0:
        raise InvalidAmount(
            f"{text!r} is less than nothing: a payout is $0 or more (type 0 for a wager "
            "that loses or pushes)",
            ANSWER_CITE,
        )
    return cents


@dataclass(frozen=True)
class Verdict:
    """An answer judged: ``right``, the engine's amount ``expected``, the one ``given``,
    the ``cite`` of the settlement and the verdict in ``words`` (a wrong answer's words
    give the amount and the section as a reader is shown it)."""

    right: bool
    expected: Cents
    given: Cents
    cite: str
    words: str


def judge(payout: Payout, given: Cents) -> Verdict:
    """``given`` (cents) as what ``payout``'s wager pays, judged by the engine's
    settlement."""
    said = f"{payout.wager} {payout.how()}"
    if payout.pays:
        pays = f"pays {format_cents(payout.pays)}"
    else:
        pays = (
            "pays nothing (the stake is returned)" if payout.outcome == "push" else ("pays nothing")
        )
    note = f"; {payout.note}" if payout.note else ""
    cite = shown(payout.cite)
    if given == payout.pays:
        return Verdict(True, payout.pays, given, payout.cite, f"Right: {said}: {pays}{note}.")
    return Verdict(
        False,
        payout.pays,
        given,
        payout.cite,
        f"Wrong: {said}: it {pays}, not {format_cents(given)}{note} ({cite}).",
    )


def judge_total(situation: Situation, given: Cents) -> Verdict:
    """``given`` as the total the dealer pays in ``situation``."""
    cites = "; ".join(dict.fromkeys(p.cite for p in situation.payouts if p.pays))
    expected = situation.total
    if given == expected:
        return Verdict(True, expected, given, cites, f"Right: {format_cents(expected)} in all.")
    parts = " + ".join(format_cents(p.pays) for p in situation.payouts if p.pays) or "$0"
    where = f" ({'; '.join(shown(c) for c in cites.split('; '))})" if cites else ""
    return Verdict(
        False,
        expected,
        given,
        cites,
        f"Wrong: the total is {parts} = {format_cents(expected)}, not "
        f"{format_cents(given)}{where}.",
    )


@dataclass(frozen=True)
class Result:
    """One answer of a session: the ``item`` number, the ``question`` in words, the
    answers ``expected`` and ``given`` as a reader reads them (``"$14"``, ``"6-6 4-4"``),
    whether ``right``, the ``seconds`` taken and the ``cite`` of the rule that decides
    it."""

    item: int
    question: str
    expected: str
    given: str
    right: bool
    seconds: float
    cite: str


@dataclass(frozen=True)
class Score:
    """A running score: answers ``right`` of ``asked``, and the ``seconds`` they took."""

    right: int = 0
    asked: int = 0
    seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        """The share of answers right, 0 to 1 (0 before any answer)."""
        return self.right / self.asked if self.asked else 0.0

    @property
    def pace(self) -> float:
        """The mean seconds an answer took (0 before any answer)."""
        return self.seconds / self.asked if self.asked else 0.0

    def __str__(self) -> str:
        return (
            f"{self.right} of {self.asked} right ({self.accuracy:.0%}), {self.pace:.1f} s an answer"
        )


@dataclass
class Scored:
    """What every drill keeps: its ``game`` (its name) and ``rules`` (its default where
    ``None``), the ``seed`` that picks its items, the ``results`` of its answers timed by
    ``clock``, the count of ``items`` dealt and when the last was asked."""

    game: str
    rules: RulesSubmission | None = None
    seed: int | None = None
    clock: Callable[[], float] = time.monotonic
    results: list[Result] = field(default_factory=list)
    items: int = 0
    _asked_at: float = 0.0

    def _asked(self) -> None:
        self.items += 1
        self._asked_at = self.clock()

    def lap(self) -> float:
        """The seconds since the last answer (or the item was dealt); the clock restarts."""
        now = self.clock()
        seconds, self._asked_at = now - self._asked_at, now
        return seconds

    def keep(self, question: str, expected: str, given: str, right: bool, cite: str) -> None:
        """Record an answer to item :attr:`items` (timed by :meth:`lap`)."""
        self.results.append(Result(self.items, question, expected, given, right, self.lap(), cite))

    @property
    def score(self) -> Score:
        """The running score."""
        return Score(
            sum(r.right for r in self.results),
            len(self.results),
            sum(r.seconds for r in self.results),
        )


@dataclass
class Dealt(Scored):
    """A drill whose items are dealt from ``rng`` (default: the secure generator)."""

    rng: Rng | None = None

    def _open(self, drill: str = "payouts", named: str = "payout") -> None:
        """Find :attr:`game` (:class:`ValueError` where it has no ``drill``), its default
        rules and the secure generator where none are given, the picker of :attr:`seed`."""
        self.spec = find(self.game)
        if drill not in drills_of(self.spec):
            raise ValueError(
                f"{self.spec.title} has no {named} drill; its drills: "
                f"{', '.join(drills_of(self.spec))}"
            )
        if self.rules is None:
            self.rules = rules_from_data({"game": self.spec.name})
        self.pick = random.Random(self.seed)
        if self.rng is None:
            self.rng = SecureRng()


@dataclass
class PayoutDrill(Dealt):
    """A payout drill of the game ``game`` (its name) under ``rules`` (default: the
    game's default Rules Submission) at ``level`` (1 to 3); ``seed`` draws the wagers,
    ``rng`` the dice, cards and tiles (default: the secure generator); ``clock`` times
    each answer from the moment its situation is dealt."""

    level: Level = field(default_factory=Level)
    item: Situation | None = None

    def __post_init__(self) -> None:
        self._open()

    def deal(self) -> Situation:
        """The next situation; the clock starts."""
        assert self.rules is not None and self.rng is not None
        self.item = deal(self.spec, self.rules, self.level, self.pick, self.rng)
        self._asked()
        return self.item

    def _record(self, question: str, verdict: Verdict) -> Verdict:
        expected, given = format_cents(verdict.expected), format_cents(verdict.given)
        self.keep(question, expected, given, verdict.right, verdict.cite)
        return verdict

    def answer(self, index: int, text: str) -> Verdict:
        """The trainee's ``text`` (dollars) as what wager ``index`` of the situation
        dealt pays, judged and recorded; raises
        :class:`~croupier.errors.InvalidAmount` (nothing recorded) for an answer that is
        no amount."""
        if self.item is None:
            raise ValueError("no situation is dealt: deal one first")
        payout = self.item.payouts[index]
        return self._record(payout.wager, judge(payout, read_answer(text)))

    def answer_total(self, text: str) -> Verdict:
        """The trainee's ``text`` as the total paid in the situation dealt, judged and
        recorded (see :meth:`answer`)."""
        if self.item is None:
            raise ValueError("no situation is dealt: deal one first")
        return self._record("the total paid", judge_total(self.item, read_answer(text)))


def drills_of(spec: GameSpec) -> list[str]:
    """The drills a game has: ``payouts`` and ``procedure`` always (its own situations or
    the default; its table policy's steps), ``house-way`` where its training module sets
    hands (``house_way``), ``irregularities`` where it deals irregularities
    (``irregularity``, :mod:`croupier.training.irregularity`)."""
    source = source_of(spec)
    found = ["payouts", "procedure"]
    if source is not None and hasattr(source, "house_way"):
        found.append("house-way")
    if source is not None and hasattr(source, "irregularity"):
        found.append("irregularities")
    return found


@dataclass
class SettingDrill(Dealt):
    """A house-way drill of the game ``game`` under ``rules`` (its default where
    ``None``): the game's training module deals an :class:`Arrangement` (``house_way``),
    the trainee names the pieces of its first group, the engine's setting judges them;
    ``seed``, ``rng`` and ``clock`` as in :class:`PayoutDrill`. Raises
    :class:`ValueError` for a game that has no such drill."""

    item: Arrangement | None = None

    def __post_init__(self) -> None:
        self._open("house-way", "house-way")

    def deal(self) -> Arrangement:
        """The next item; the clock starts."""
        source: Any = source_of(self.spec)
        self.item = source.house_way(self.spec, self.rules, self.pick, self.rng)
        self._asked()
        return self.item

    def answer(self, text: str) -> SettingVerdict:
        """The trainee's ``text`` (the pieces of the first group) judged and recorded;
        raises :class:`~croupier.training.setting.InvalidAnswer` (nothing recorded) for
        an answer that names no setting of the pieces shown."""
        if self.item is None:
            raise ValueError("no item is dealt: deal one first")
        verdict = judge_setting(self.item, text)
        self.keep(self.item.question, verdict.expected, verdict.given, verdict.right, verdict.cite)
        return verdict
