"""Sic Bo drills (625a; :mod:`croupier.training`): the payout drill's situations, and the
irregularities of a shake (625a.7, inferred: the chapter's text is not at hand) declared
at a table of physical dice the engine deals, the remedy read from what the engine did.
"""

from __future__ import annotations

import random

from croupier.game import GameSpec
from croupier.games.sic_bo import IRREGULARITIES, ShakeVoided
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.irregularity import Handling, Incident, Remedy, incident, play_to, read_in
from croupier.training.situation import Level, Situation, bets_offered, default_situation, place
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


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: the drill's default, wagers drawn among the round's offers
    (:func:`~croupier.training.situation.default_situation`)."""
    return default_situation(spec, rules, level, pick, rng)
