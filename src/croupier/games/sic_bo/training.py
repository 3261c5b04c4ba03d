"""Sic Bo drills (625a; :mod:`croupier.training`): payout situations over every spot of the
table's layout under its paytable (625a.6), and the
irregularities of a shake (625a.7, inferred: the chapter's text is not at hand) declared
at a table of physical dice the engine deals, the remedy read from what the engine did.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from croupier.game import GameSpec
from croupier.games.sic_bo import IRREGULARITIES, ShakeVoided, winning_spots
from croupier.money import Cents
from croupier.rng import Rng, ScriptedRng, dice_draws
from croupier.rules.base import RulesSubmission
from croupier.rules.sic_bo import SicBoRules
from croupier.training.irregularity import Handling, Incident, Remedy, incident, play_to, read_in
from croupier.training.situation import (
    Level,
    Situation,
    bets_offered,
    place,
    played,
)
from croupier.training.table import Table

QUOTES = {
    IRREGULARITIES: (
        "(the text of 625a is not at hand; croupier's reading, docs/interpretations.md) "
        "a shake with a die not resting flat, the three dice not all visible, or a shaker "
        "that failed is no roll: the dice are shaken again"
    ),
}
"""croupier's reading of 625a.7 (its text is not at hand)."""

HANDLING = Handling(
    said={
        "die_not_flat": "The shaker shows a die not resting flat.",
        "dice_not_visible": "The three dice are not all visible in the shaker.",
        "shaker_fault": "The shaker failed: it did not shake, or did not open.",
    },
    events={ShakeVoided: Remedy.NO_ROLL},
    quotes=QUOTES,
    menu=(Remedy.NO_ROLL, Remedy.AS_THEY_LIE, Remedy.VOID, Remedy.CARRY_ON),
)
"""How the engine's handling of 625a.7 is read."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`): a wager on the
    layout, the dice shaken and read in, one of the irregularities the round offers
    declared."""
    for _ in range(20):
        table = Table.open(spec, rules, rng, physical_dice=True)
        legal, spot = pick.choice(bets_offered(table.round, 1))
        place(table, 1, legal, spot, rules.minimum_wager)
        kind = play_to(table, HANDLING.said, pick, stay=1.0, stuck=read_in(rng))
        if kind is not None:
            return incident(table, kind, HANDLING, pick)
    raise RuntimeError("20 Sic Bo rounds offered no irregularity")


OUTCOMES = tuple(itertools.product(range(1, 7), repeat=3))
"""Every throw of the three dice, in order."""
ANY_THROW = 0.15
"""The chance a situation's dice are any throw (else a throw that wins one of its
wagers, so that the trainee pays something mostly)."""


def play(
    rules: SicBoRules, wagers: Sequence[tuple[str, Cents]], faces: tuple[int, ...]
) -> Situation:
    """One round: seat 1's ``wagers`` (spot, cents: moved to what the offer allows), the
    dice ``faces`` thrown through the round's random source; what the engine settled."""
    table = Table.open(_spec(), rules, ScriptedRng(dice_draws(faces)))
    for spot, cents in wagers:
        table.wager(1, spot, cents)
    table.finish()
    return played(table)


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: up to ``level.wagers`` of the table's spots (every spot of its
    layout under its paytable as likely), and mostly a throw that wins one of them (the
    throw drawn among those the layout lights for it, :func:`winning_spots`), else any
    throw; the payouts are the round's settlement."""
    assert isinstance(rules, SicBoRules)
    spots = [info.value for info in spec.spots_of(rules)]
    chosen = pick.sample(spots, pick.randint(1, min(level.wagers, len(spots))))
    target = pick.choice(chosen)
    winning = [f for f in OUTCOMES if target in winning_spots(f, rules)]
    faces = pick.choice(OUTCOMES if pick.random() < ANY_THROW else winning)
    return play(rules, [(spot, level.amount(pick)) for spot in chosen], faces)


def _spec() -> GameSpec:
    from croupier.games.sic_bo.policy import SPEC

    return SPEC
