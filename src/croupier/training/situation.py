"""A payout drill's item: a settled situation (:class:`Situation`), and the difficulty it
is dealt at (:class:`Level`).

A game supplies its situations from its own package: the module its spec names
(:attr:`croupier.game.GameSpec.training`) has ``situation(spec, rules, level, pick, rng)``,
which plays a round through the engine (:class:`~croupier.training.table.Table`) and
returns what was settled. A game whose spec names none gets :func:`default_situation`:
wagers drawn among its round's offers, the round played on by its table policy, the
dice, cards or tiles said from its events. Either way every answer is the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.engine import Event, WagerPlaced, WagerSettled, in_words
from croupier.game import GameSpec
from croupier.money import Cents, format_cents
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.table import Payout, Table, pick_spots

LEVELS = (1, 2, 3)
"""The difficulty levels a drill is dealt at."""


@dataclass(frozen=True)
class Level:
    """A drill's difficulty: ``number`` 1 to 3. Level 1 deals one or two wagers of round
    amounts ($5 to $25 in fives); level 2 up to three wagers of any whole dollars from $5
    to $100; level 3 up to five wagers of odd amounts from $11 to $500, and asks the
    total paid as well."""

    number: int = 1

    def __post_init__(self) -> None:
        if self.number not in LEVELS:
            raise ValueError(f"a drill's level is 1, 2 or 3, not {self.number}")

    @property
    def wagers(self) -> int:
        """The most wagers dealt at once."""
        return {1: 2, 2: 3, 3: 5}[self.number]

    @property
    def asks_total(self) -> bool:
        """Whether the trainee also says the total paid."""
        return self.number == 3

    def amount(self, pick: random.Random) -> Cents:
        """A wager's amount in cents, drawn by ``pick`` (a game's offer may move it to a
        multiple of its step)."""
        if self.number == 1:
            return pick.choice((5, 10, 15, 20, 25)) * 100
        if self.number == 2:
            return pick.randint(5, 100) * 100
        return (pick.randrange(11, 500, 2)) * 100


@dataclass(frozen=True)
class Situation:
    """A settled situation: the ``game`` (its name), what the trainee is shown (``scene``:
    lines in words, the dice, cards or tiles and the wagers on the layout) and each
    wager's decision as the engine settled it (``payouts``)."""

    game: str
    scene: tuple[str, ...]
    payouts: tuple[Payout, ...]

    @property
    def total(self) -> Cents:
        """What the dealer pays in all (cents)."""
        return sum(payout.pays for payout in self.payouts)


class SituationSource(Protocol):
    """A game's training module (:attr:`croupier.game.GameSpec.training`)."""

    def situation(
        self,
        spec: GameSpec,
        rules: RulesSubmission,
        level: Level,
        pick: random.Random,
        rng: Rng,
    ) -> Situation: ...


def event_words(event: Event) -> str | None:
    """What an event shows at the table, in words, where it shows dice, cards or tiles
    (``"dice thrown: 4 5 6"``); ``None`` for any other event."""
    data: dict[str, Any] = event.model_dump(mode="json")
    shown = [
        " ".join(str(item) for item in value) if isinstance(value, list) else str(value)
        for name, value in data.items()
        if name in ("faces", "cards", "card", "tiles", "hand", "dice") and value
    ]
    if not shown:
        return None
    return f"{in_words(type(event).__name__)}: {', '.join(shown)}"


def wagers_said(table: Table, events: Sequence[Event]) -> list[str]:
    """The wagers of ``events`` in words, one a line: ``"Seat 1: Big, $10"``."""
    return [
        f"Seat {event.seat}: {table.label(event.spot)}, {format_cents(event.amount)}"
        for event in events
        if isinstance(event, WagerPlaced)
    ]


def default_situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A situation of any game from its interface alone: up to ``level.wagers`` wagers
    on spots drawn among seat 1's offers, the round played to its end by the table
    policy (the timeouts decide for the player), the dice, cards or tiles said from the
    events; tried again (up to ten rounds) where nothing was settled."""
    for _ in range(10):
        table = Table.open(spec, rules, rng)
        count = pick.randint(1, level.wagers)
        for spot in pick_spots(table.round, 1, count, pick):
            table.wager(1, spot, level.amount(pick))
        table.finish()
        payouts = table.payouts()
        if payouts:
            events = table.round.events
            shown = [said for event in events if (said := event_words(event)) is not None]
            return Situation(spec.name, (*wagers_said(table, events), *shown), tuple(payouts))
    raise RuntimeError(f"{spec.name}: ten rounds settled no wager")


def settled_in(events: Sequence[Event]) -> list[WagerSettled]:
    """The settlements among ``events``, voids left out."""
    return [e for e in events if isinstance(e, WagerSettled) and e.outcome.value != "void"]
