"""Criss-Cross Poker drills (674a; :mod:`croupier.training`): the irregularities of
674a.13, each declared in a round the engine deals, the remedy read from what the engine
did (:mod:`croupier.games.card_training`), the section quoted; payout situations with
every wager, the Five Card Bonus Wager where the Rules Submission offers it.
"""

from __future__ import annotations

import random

from croupier.game import GameSpec
from croupier.games.card_training import (
    CARD_EVENTS,
    CARD_MENU,
    CARD_SAID,
    DRAWN_IN_ERROR_QUOTE,
    FACE_UP_QUOTE,
    OUT_OF_ORDER_QUOTE,
    SHUFFLER_JAM_QUOTE,
    card_incident,
)
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.rules.criss_cross_poker import CrissCrossPokerRules
from croupier.training.irregularity import Handling, Incident, Remedy
from croupier.training.situation import (
    LOSING,
    TRIES,
    Level,
    Situation,
    bets_offered,
    least_wager,
    place,
    played,
)
from croupier.training.table import Table

QUOTES = {
    "674a.13(a)": FACE_UP_QUOTE,
    "674a.13(b)": DRAWN_IN_ERROR_QUOTE,
    "674a.13(c)": (
        "If any player or the area designated for the placement of the community cards is "
        "dealt an incorrect number of cards, all hands shall be void, all wagers shall be "
        "returned to the players and the cards shall be reshuffled."
    ),
    "674a.13(d)": (
        "If any of the community cards are inadvertently exposed prior to the dealer "
        "revealing the community cards in accordance with § 674a.11(c), (e) and (g) (relating"
        " to procedures for completion of each round of play), all hands shall be void, all "
        "wagers shall be returned to the players and the cards shall be reshuffled."
    ),
    "674a.13(e)": SHUFFLER_JAM_QUOTE,
    "674a.13(f)": (
        "If an automated dealing shoe is being used and the device jams, stops dealing cards "
        "or fails to deal all cards during a round of play, the round of play shall be void, "
        "all wagers shall be returned to the players and the cards shall be removed from the "
        "device and reshuffled with any cards already dealt."
    ),
    "674a.13(g)": OUT_OF_ORDER_QUOTE,
}
"""The text of 674a.13, as the regulation writes it."""

HANDLING = Handling(
    said={
        **CARD_SAID,
        "face_up_card": "While the cards are being dealt, the next card is found face up.",
        "community_card_exposed": ("A community card is exposed before the dealer reveals it."),
    },
    events=CARD_EVENTS,
    quotes=QUOTES,
    menu=CARD_MENU,
    by_text={"card_drawn_in_error": Remedy.USE},
)
"""How the engine's handling of 674a.13 is read; a card drawn in error shows no event
of its own (the deal goes on with it, 674a.13(b))."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`)."""
    return card_incident(spec, rules, HANDLING, HANDLING.said, pick, rng)


BONUS = "five_card_bonus"
"""The Five Card Bonus Wager's spot (674a.7(e))."""
BONUS_SHARE = 0.6
"""How often a situation holds a Five Card Bonus Wager, where the Rules Submission
offers it."""
PLAYS_ON = 0.8
"""How often the drill's player makes each bet (else he folds when his time runs out)."""


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: seat 1's Ante Wagers, the Five Card Bonus Wager where the
    Rules Submission offers it (:data:`BONUS_SHARE`), each bet made at its least
    (:data:`PLAYS_ON`, else the hand folds), the round played to its end by the engine;
    played again (up to :data:`~croupier.training.situation.TRIES` rounds) while nothing
    is paid but one time in :data:`~croupier.training.situation.LOSING`."""
    assert isinstance(rules, CrissCrossPokerRules)
    losing_too = pick.random() < LOSING
    found: Situation | None = None
    for _ in range(TRIES):
        table = Table.open(spec, rules, rng)
        amount = level.amount(pick)
        legal, spot = next((o, s) for o, s in bets_offered(table.round, 1) if s != BONUS)
        place(table, 1, legal, spot, amount)
        if rules.five_card_bonus and pick.random() < BONUS_SHARE:
            table.wager(1, BONUS, amount)
        table.finish(least_wager if pick.random() < PLAYS_ON else None)
        found = played(table)
        if found.payouts and (losing_too or found.total):
            return found
    assert found is not None
    return found
