"""High Roll Dice drills (675a; :mod:`croupier.training`): payout situations over the
wagers of the table's layout (the six-dice variation where the Rules Submission selects it),
and the irregularities of the throw (675a.4(b)-(c)) declared at a table of physical dice
the engine deals, the remedy read from what the engine did, the section quoted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from croupier.game import GameSpec
from croupier.games.high_roll_dice import DieCorrected, ThrowInvalidated
from croupier.money import Cents
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.rules.high_roll_dice import HighRollDiceRules
from croupier.training.irregularity import Handling, Incident, Remedy, incident, play_to, read_in
from croupier.training.situation import (
    LOSING,
    TRIES,
    Level,
    Situation,
    least_wager,
    played,
)
from croupier.training.table import Decide, Table, wager_offer

_THROW = (
    "The dealer shall cover and shake the shaker containing the dice at least three times"
    " to cause a random mixture of the dice. The dealer shall then simultaneously throw "
    "the dice into the throw box. A roll of the dice shall be invalid if any of the dice "
    "go off the table or if one die comes to rest on top of the other."
)
_NOT_FLAT = (
    "In the event any of the dice do not land flat on the table (for example, one edge of"
    " the die is resting cocked on a stack of chips), the side directly opposite the side"
    " that is resting on the chips or other object shall be considered uppermost or "
    "skyward. If more than one side of a die is resting on a stack of chips or other "
    "object, the roll shall be void and the dice shall be placed back in the throw cup, "
    "shaken and rethrown."
)
QUOTES = {"675a.4(b)": _THROW, "675a.4(c)": _NOT_FLAT, "593.4(b)": _THROW, "593.4(c)": _NOT_FLAT}
"""The text of 675a.4(b)-(c) (and of 593.4(b)-(c), the 2014 temporary chapter a Rules
Submission may still be filed under), as the regulation writes it."""

HANDLING = Handling(
    said={
        "die_off_table": "On the throw, a die goes off the table.",
        "die_on_another_die": "On the throw, one die comes to rest on top of another.",
        "cocked_die": (
            "On the throw, a die rests cocked on a stack of chips, one side against them."
        ),
        "die_resting_on_several_sides": (
            "On the throw, more than one side of a die rests on a stack of chips."
        ),
    },
    events={ThrowInvalidated: Remedy.NO_ROLL, DieCorrected: Remedy.OPPOSITE_FACE},
    quotes=QUOTES,
    menu=(Remedy.NO_ROLL, Remedy.AS_THEY_LIE, Remedy.OPPOSITE_FACE, Remedy.VOID),
    refers={
        "675a.6(g)": {
            "die_off_table": "675a.4(b)",
            "die_on_another_die": "675a.4(b)",
            "cocked_die": "675a.4(c)",
            "die_resting_on_several_sides": "675a.4(c)",
        }
    },
)
"""How the engine's handling of 675a.4(b)-(c) is read; the six-dice variation cites
675a.6(g), which sends the dealer to 675a.4(b) and (c)."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`): a wager on the
    layout, the dice thrown and read in (only physical dice can leave the table), one of
    the irregularities the round offers declared (a cocked die: one drawn, its side
    resting drawn)."""
    from croupier.training.situation import bets_offered, place

    for _ in range(20):
        table = Table.open(spec, rules, rng, physical_dice=True)
        legal, spot = pick.choice(bets_offered(table.round, 1))
        place(table, 1, legal, spot, rules.minimum_wager)
        kind = play_to(table, HANDLING.said, pick, stay=1.0, stuck=read_in(rng))
        if kind is None:
            continue
        extra: dict[str, Any] = {}
        if kind == "cocked_die":
            extra = {
                "die": pick.randrange(len(table.round.state.dice)),
                "resting_face": pick.randint(1, 6),
            }
        return incident(table, kind, HANDLING, pick, **extra)
    raise RuntimeError("20 High Roll Dice rounds offered no irregularity")


def play(
    rules: HighRollDiceRules,
    wagers: Sequence[tuple[str, Cents]],
    rng: Rng,
    *,
    decide: Decide | None = None,
) -> Situation:
    """One round: seat 1's ``wagers`` (spot, cents: moved to what the offer allows) made
    before the throw, the dice thrown by ``rng`` (as many as the Rules Submission throws:
    ten, or six in the variation of 675a.6), an Extra Roll bought where ``decide`` buys
    it; what the engine settled."""
    table = Table.open(_spec(), rules, rng)
    for spot, cents in wagers:
        table.wager(1, spot, cents)
    table.finish(decide)
    return played(table)


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: up to ``level.wagers`` of the wagers the table's layout offers
    before the throw (Pip Street, Like Kind Boulevard, Millionaire Row where the Rules
    Submission has them), the dice thrown by ``rng``, an Extra Roll bought one time in
    three where offered; played again (up to :data:`TRIES` rounds) while nothing is paid
    but one time in :data:`~croupier.training.situation.LOSING`."""
    assert isinstance(rules, HighRollDiceRules)
    opened = Table.open(spec, rules, rng)
    spots = [i.value for i in spec.spots_of(rules) if wager_offer(opened.round, 1, i.value)]
    losing_too = pick.random() < LOSING
    found: Situation | None = None
    for _ in range(TRIES):
        chosen = pick.sample(spots, pick.randint(1, min(level.wagers, len(spots))))
        amount = level.amount(pick)  # a Like Kind wager equals the Pip Street one (675a.4)
        decide = least_wager if pick.random() < 1 / 3 else None
        found = play(rules, [(spot, amount) for spot in chosen], rng, decide=decide)
        if found.payouts and (losing_too or found.total):
            return found
    assert found is not None
    return found


def _spec() -> GameSpec:
    from croupier.games.high_roll_dice.policy import SPEC

    return SPEC
