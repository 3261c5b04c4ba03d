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

import contextlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.engine import Command, Event, LegalCommand, Round, WagerPlaced, in_words
from croupier.errors import IllegalCommand
from croupier.game import GameSpec
from croupier.money import Cents, format_cents
from croupier.offers import Amount, words
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.table import Payout, Table, allowed

TRIES = 12
"""The most rounds the default situation plays to find one that pays."""
LOSING = 0.15
"""How often the default situation may be one in which every wager loses."""
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


def _holder(hand: Any) -> str:
    """Whose cards a card event's ``hand`` names, in words."""
    if isinstance(hand, int) or str(hand).isdigit():
        return f"seat {hand}"
    return "the dealer" if hand == "dealer" else f"the {words(hand).lower()}"


def event_words(event: Event) -> str | None:
    """What an event shows at the table, in words, where it shows dice, cards or tiles
    (``"dice thrown: 4 5 6"``); ``None`` for any other event."""
    data: dict[str, Any] = event.model_dump(mode="json")
    shown = [
        " ".join(str(item) for item in value) if isinstance(value, list) else str(value)
        for name, value in data.items()
        if name in ("face", "faces", "cards", "card", "tiles", "dice")
        and value
        and (name in ("face", "faces", "dice") or not isinstance(value, int))
    ]
    if not shown:
        return None
    return f"{in_words(type(event).__name__)}: {', '.join(shown)}"


def scene_of(events: Sequence[Event]) -> list[str]:
    """What ``events`` showed, in words: the cards dealt gathered by hand (``"Cards to
    seat 1: 7h Kh"``), then each event that shows dice, cards or tiles, a showing of the
    same values again left out."""
    dealt: dict[str, list[str]] = {}
    lines: list[str] = []
    for event in events:
        data = event.model_dump(mode="json")
        if "card" in data and "hand" in data and data["card"]:
            dealt.setdefault(_holder(data["hand"]), []).append(str(data["card"]))
            continue
        said = event_words(event)
        if said is not None:
            lines.append(said[:1].upper() + said[1:])
    seen = {" ".join(sorted(cards)) for cards in dealt.values()}
    kept: list[str] = []
    for line in lines:
        values = " ".join(sorted(line.split(": ", 1)[-1].split()))
        if values not in seen:
            seen.add(values)
            kept.append(line)
    lines = kept
    return [f"Cards to {who}: {' '.join(cards)}" for who, cards in dealt.items()] + lines


def wagers_said(table: Table, events: Sequence[Event]) -> list[str]:
    """The wagers of ``events`` in words, one a line: ``"Seat 1: Big, $10"``."""
    return [
        f"Seat {event.seat}: {table.label(event.spot)}, {format_cents(event.amount)}"
        for event in events
        if isinstance(event, WagerPlaced)
    ]


def played(table: Table) -> Situation:
    """The situation ``table``'s round left: its wagers and what its events showed, in
    words (:func:`wagers_said`, :func:`scene_of`), and each wager's payout."""
    events = table.round.events
    scene = (*wagers_said(table, events), *scene_of(events))
    return Situation(table.round.game, scene, tuple(table.payouts()))


def bets_offered(round_: Round[Any], seat: int) -> list[tuple[LegalCommand, str | None]]:
    """Every wager ``seat`` is offered now: (offer, spot), the spot ``None`` for an offer
    that takes amounts and names no spot (two Antes placed together)."""
    found: list[tuple[LegalCommand, str | None]] = []
    for legal in round_.legal_commands(seat):
        if any(isinstance(f, Amount) for f in legal.fields.values()):
            found += [(legal, str(spot)) for spot in legal.spots] or [(legal, None)]
    return found


def place(table: Table, seat: int, legal: LegalCommand, spot: str | None, cents: Cents) -> None:
    """Send ``legal`` for ``seat`` with ``spot`` and every amount it takes at ``cents``
    (moved to what each allows)."""
    choice: dict[str, Any] = {} if spot is None else {"spot": spot}
    for name, typed in legal.fields.items():
        if isinstance(typed, Amount):
            choice[name] = allowed(typed, cents)
    table.send(seat, legal, **choice)


def least_wager(round_: Round[Any], seat: int, offers: list[LegalCommand]) -> Command | None:
    """A player's decision once the betting is closed (:data:`Decide`): the first offer
    that puts more in action (a raise, a double), at its least; else ``None``, the
    table's timeout acts for him."""
    for legal in offers:
        amounts = {n: f for n, f in legal.fields.items() if isinstance(f, Amount)}
        if amounts:
            choice: dict[str, Any] = {n: f.least for n, f in amounts.items()}
            spots = legal.spots
            if spots:
                choice["spot"] = spots[0]
            try:
                return round_.build(legal, **choice)
            except IllegalCommand:
                continue
    return None


def default_situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A situation of any game from its interface alone: up to ``level.wagers`` wagers
    drawn among seat 1's offers, the round played to its end by the table policy (a
    decision after the betting takes the least wager offered, else the timeout acts), the
    dice, cards or tiles said from the events. Mostly a situation in which something is
    paid: played again (up to :data:`TRIES` rounds) while nothing is, but one time in
    about seven (:data:`LOSING`)."""
    losing_too = pick.random() < LOSING
    found: Situation | None = None
    for _ in range(TRIES):
        table = Table.open(spec, rules, rng)
        placed: set[tuple[str, str | None]] = set()
        for _ in range(pick.randint(1, level.wagers)):
            # Offered again after each wager: one may open another (the Antes a bonus).
            bets = [(o, s) for o, s in bets_offered(table.round, 1) if (o.command, s) not in placed]
            if not bets:
                break
            legal, spot = pick.choice(bets)
            placed.add((legal.command, spot))
            with contextlib.suppress(IllegalCommand):
                place(table, 1, legal, spot, level.amount(pick))
        table.finish(least_wager)
        settled = played(table)
        if settled.payouts:
            found = settled
            if losing_too or found.total:
                return found
    if found is None:
        raise RuntimeError(f"{spec.name}: {TRIES} rounds settled no wager")
    return found
