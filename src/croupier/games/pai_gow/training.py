"""Pai Gow drills (621a; :mod:`croupier.training`), each round dealt by the engine.

- **Payouts**: the player's two hands and the dealer's, exposed and compared; a winning
  wager is paid 1 to 1 less the vigorish (621a.10(k)), a push returned, a loss
  collected; what it pays is the round's :class:`~croupier.engine.WagerSettled`.
- **The house way**: the dealer's four tiles turned over; the trainee sets them (names
  the two tiles of the high hand), judged against the setting the round's house way
  gave (:class:`~croupier.games.pai_gow.events.DealerHandsSet`), the right setting shown
  with the rule of the Rules Submission's house way that makes it.

>>> from croupier.rng import SeededRng
>>> from croupier.rules.pai_gow import PaiGowRules
>>> item = house_way(None, PaiGowRules(), random.Random(1), SeededRng(5))
>>> item.pieces, item.first, item.cite
(('1-4', '1-1', '4-4', '6-6'), ('6-6', '4-4'), '621a.10(d)(2)')
"""

from __future__ import annotations

import random
from typing import Any

from croupier.engine import Event
from croupier.game import GameSpec
from croupier.games.pai_gow.events import DealerHandsSet, DealerTilesTurnedOver, HandsExposed
from croupier.hands.paigow import WAY_RULES
from croupier.money import format_cents
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.setting import Arrangement
from croupier.training.situation import LOSING, Level, Situation
from croupier.training.table import Payout, Table

TRIES = 60
"""The most rounds played to find one in which the wager wins (most Pai Gow hands tie or
lose against the dealer's)."""
RESULTS = {"win": "wins", "lose": "loses", "tie": "pushes"}


def _spec() -> GameSpec:
    from croupier.games.pai_gow.policy import SPEC

    return SPEC


def _first(events: list[Event], kind: type[Any]) -> Any:
    return next(e for e in events if isinstance(e, kind))


def _hands(high: tuple[Any, ...], low: tuple[Any, ...]) -> str:
    return f"high {' '.join(map(str, high))}, low {' '.join(map(str, low))}"


def payout_round(rules: RulesSubmission, amount: int, rng: Rng) -> Situation:
    """One round: seat 1 wagers ``amount`` cents; its hands set by the house way (its
    time to set runs out), the dealer's too; what was settled."""
    spec = _spec()
    table = Table.open(spec, rules, rng)
    table.wager(1, "pai_gow", amount)
    table.finish()
    events = table.round.events
    mine = _first(events, HandsExposed)
    dealer = _first(events, DealerHandsSet)
    payouts: list[Payout] = []
    for found in table.payouts():
        note = ""
        if found.outcome == "win" and found.pays < found.amount:
            note = f"1 to 1 less the {format_cents(found.amount - found.pays)} vigorish"
        payouts.append(
            Payout(
                found.seat,
                found.spot,
                found.label,
                found.amount,
                found.outcome,
                found.pays,
                found.cite,
                found.odds,
                note,
            )
        )
    scene = (
        f"Seat 1: {table.label('pai_gow')}, {format_cents(amount)}.",
        f"Seat 1 sets {_hands(mine.high, mine.low)}.",
        f"The dealer sets {_hands(dealer.high, dealer.low)}.",
        f"Seat 1 {RESULTS.get(mine.result, mine.result)}.",
    )
    return Situation(table.round.game, scene, tuple(payouts))


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: mostly a winning wager (the vigorish to take), now and then a
    copy or a loss (:data:`~croupier.training.situation.LOSING`)."""
    amount = level.amount(pick)
    any_result = pick.random() < LOSING
    found = payout_round(rules, amount, rng)
    for _ in range(TRIES):
        if any_result or found.total:
            break
        found = payout_round(rules, amount, rng)
    return found


def house_way(
    spec: GameSpec | None, rules: RulesSubmission, pick: random.Random, rng: Rng
) -> Arrangement:
    """A house-way item: a round played until the dealer's tiles are set by the Rules
    Submission's house way; the four tiles, and the setting with its rule."""
    table = Table.open(_spec(), rules, rng)
    table.wager(1, "pai_gow", rules.minimum_wager)
    table.finish(until=lambda: any(isinstance(e, DealerHandsSet) for e in table.round.events))
    events = table.round.events
    tiles = tuple(map(str, _first(events, DealerTilesTurnedOver).tiles))
    setting = _first(events, DealerHandsSet)
    rule = WAY_RULES.get(setting.rule)
    words = rule.text if rule is not None else "the dealer's setting as entered"
    cite = rule.cite if rule is not None and rule.cite else setting.cite
    return Arrangement(
        game=table.round.game,
        scene=(f"The dealer's tiles: {' '.join(tiles)}.",),
        pieces=tuple(tiles),
        first=tuple(map(str, setting.high)),
        second=tuple(map(str, setting.low)),
        first_name="high hand",
        second_name="low hand",
        rule=words,
        cite=cite,
        noun="tiles",
    )
