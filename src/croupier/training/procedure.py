"""A procedure drill: the trainee takes the dealer's steps of a round in order, and the
engine judges each: a step out of order is refused by the round itself, with the section
that orders it (:class:`~croupier.errors.IllegalCommand`), and changes nothing.

The steps are those the game's table policy takes in a round (its dealer steps, the
closing of the betting), found by playing the same round once beforehand from the same
seed; the players' wagers and decisions are made for the trainee (the least wager, else
the table's timeout). Nothing here knows a game.

>>> drill = ProcedureDrill("go-fore-it", seed=2)
>>> drill.choices()[:3]
['Announce no more bets', 'Count stub', 'Cut cards']
>>> verdict = drill.take("Shuffle cards")
>>> verdict.right, "676a" in verdict.words
(False, True)
>>> drill.take("Announce no more bets").right
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from croupier.citations import shown
from croupier.engine import DEALER, Command, Round, in_words
from croupier.errors import IllegalCommand
from croupier.game import GameSpec
from croupier.registry import find, rules_from_data
from croupier.rng import SeededRng
from croupier.rules.base import RulesSubmission
from croupier.training.drill import Scored
from croupier.training.situation import bets_offered, least_wager, place
from croupier.training.table import STEPS, TRAINING_TABLE, Table, Timings

SEATS = {1: "player"}


def step_name(command: Command) -> str:
    """A dealer's step in words: ``ShuffleCards`` -> ``"Shuffle cards"``."""
    said = in_words(type(command).__name__)
    return said[:1].upper() + said[1:]


def _open(spec: GameSpec, rules: RulesSubmission, seed: int) -> Table:
    """A round opened as the table opens it, but its opening dealer steps left to take."""
    kind = spec.policy.state_type
    extra: dict[str, Any] = {}
    if kind is not None:
        state = kind.begin(rules, TRAINING_TABLE, datetime(2026, 1, 1, 12, tzinfo=UTC))
        extra = state.opening(SEATS, Timings())
    round_ = spec.round_type.open(
        rules,
        table_id=TRAINING_TABLE,
        round_id="procedure",
        seats=dict(SEATS),
        rng=SeededRng(seed),
        **extra,
    )
    return Table(spec, round_, {i.value: i.label for i in spec.spots_of(rules)})


def _players(table: Table) -> bool:
    """The players' part now: the first wager offered while the betting is open and none
    is in, their decisions after it (the least wager, else the timeout). ``True``: a
    player acted."""
    round_, policy = table.round, table.spec.policy
    if policy.betting_open(round_):
        if policy.closing_step(round_) is not None:
            return False  # a wager is in: the dealer may close the betting
        for legal, spot in bets_offered(round_, 1)[:1]:
            place(table, 1, legal, spot, 1000)
            return True
        return False
    for seat in SEATS:
        offers = round_.legal_commands(seat)
        chosen = least_wager(round_, seat, offers) if offers else None
        if chosen is None and offers:
            for actor, command in policy.timeout_steps(round_):
                if actor != DEALER:
                    round_.handle(command, actor)
                    return True
        if chosen is not None:
            round_.handle(chosen, seat)
            return True
    return False


def _dealer_step(table: Table) -> Command | None:
    """The table policy's next step for the dealer now, or ``None``."""
    round_, policy = table.round, table.spec.policy
    own = policy.dealer_step(round_)
    if own is not None:
        return own
    for actor, command in policy.timeout_steps(round_):
        if actor == DEALER:
            return command
    return None


def reference(spec: GameSpec, rules: RulesSubmission, seed: int) -> list[Command]:
    """The dealer's steps of the round played from ``seed``, in the order the table
    policy takes them."""
    table = _open(spec, rules, seed)
    steps: list[Command] = []
    for _ in range(STEPS):
        if table.round.finished:
            return steps
        if _players(table):
            continue
        step = _dealer_step(table)
        if step is None:
            raise RuntimeError(f"{spec.name}: the procedure's round is stuck")
        table.round.handle(step, DEALER)
        steps.append(step)
    raise RuntimeError(f"{spec.name}: the procedure's round did not end")


@dataclass(frozen=True)
class StepVerdict:
    """A step judged: ``right`` (the round took it), the step ``given``, the ``cite`` of
    the refusal (or of the events it caused) and the verdict in ``words``."""

    right: bool
    given: str
    cite: str
    words: str


@dataclass
class ProcedureDrill(Scored):
    """A procedure drill of the game ``game`` under ``rules`` (its default where
    ``None``), its round dealt from ``seed``; ``clock`` times each step."""

    def __post_init__(self) -> None:
        self.spec = find(self.game)
        if self.rules is None:
            self.rules = rules_from_data({"game": self.spec.name})
        self.seed = self.seed if self.seed is not None else random.SystemRandom().getrandbits(32)
        self.steps = reference(self.spec, self.rules, self.seed)
        self.table = _open(self.spec, self.rules, self.seed)
        self.next = 0
        """The reference step due next."""
        self._asked_at = self.clock()
        self._advance()

    @property
    def finished(self) -> bool:
        """Whether the round is over."""
        return self.table.round.finished

    @property
    def round(self) -> Round[Any]:
        return self.table.round

    def _advance(self) -> None:
        """The players act until the dealer must."""
        for _ in range(STEPS):
            if self.finished or not _players(self.table):
                return

    def choices(self) -> list[str]:
        """Every step of the round's procedure, in words, in alphabetical order (the
        trainee chooses the next among them)."""
        return sorted({step_name(step) for step in self.steps})

    def take(self, name: str) -> StepVerdict:
        """The trainee's step ``name`` (one of :meth:`choices`, any case), sent to the
        round as the table's step of that name (the one due, where it is due): taken
        where the round allows it now, else refused with its section and the step due
        named; recorded either way (the one due is the expected answer). Raises
        :class:`ValueError` for a name not among the steps."""
        wanted = name.strip().lower()
        matches = [s for s in self.steps if step_name(s).lower() == wanted]
        if not matches:
            raise ValueError(f"{name!r} is no step of this round; the steps: {self.choices()}")
        due = self.steps[self.next] if self.next < len(self.steps) else None
        expected = step_name(due) if due is not None else ""
        command = due if due is not None and expected.lower() == wanted else matches[0]
        said = step_name(command)
        try:
            events = self.round.handle(command, DEALER)
        except IllegalCommand as error:
            due_now = f" The step due: {expected}." if expected else ""
            verdict = StepVerdict(
                False,
                said,
                error.cite,
                f"Refused: {said}: {error.reason} ({shown(error.cite)}).{due_now}",
            )
        else:
            cite = events[0].cite if events else ""
            done = ", ".join(dict.fromkeys(in_words(type(e).__name__) for e in events))
            verdict = StepVerdict(True, said, cite, f"Right: {said}: {done} ({shown(cite)}).")
            self.next += 1
            self._advance()
        self.items += 1  # each step taken is an item
        self.keep("the next step", expected or said, said, verdict.right, verdict.cite)
        return verdict
