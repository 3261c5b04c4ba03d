"""Go Fore It drills (676a; :mod:`croupier.training`): the irregularities of
676a.13, each declared in a round the engine deals, the remedy read from what the engine
did (:mod:`croupier.games.card_training`), the section quoted; payout situations with the
Front 9, Back 9, Skins and Gopher Wagers.
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
from croupier.training.irregularity import Handling, Incident, Remedy
from croupier.training.situation import (
    LOSING,
    TRIES,
    Level,
    Situation,
    least_wager,
    played,
)
from croupier.training.table import Table

QUOTES = {
    "676a.13(a)": FACE_UP_QUOTE,
    "676a.13(b)": DRAWN_IN_ERROR_QUOTE,
    "676a.13(c)": (
        "If any player or the dealer is dealt an incorrect number of cards, all hands shall "
        "be void, all wagers shall be returned to the players and the cards shall be "
        "reshuffled."
    ),
    "676a.13(d)": (
        "If any of the dealer's cards or the player's hole cards are inadvertently exposed "
        "prior to each player having either folded or placed a Back 9 Wager as provided under"
        " § 676a.11 (relating to procedures for completion of each round of play), all hands "
        "shall be void, all wagers shall be returned to the players and the cards shall be "
        "reshuffled."
    ),
    "676a.13(e)": SHUFFLER_JAM_QUOTE,
    "676a.13(f)": (
        "If an automated dealing shoe is being used and the device jams, stops dealing cards "
        "or fails to deal cards during a round of play, the round of play shall be void, all "
        "wagers shall be returned to the players and the cards shall be removed from the "
        "device and reshuffled with any cards already dealt."
    ),
    "676a.13(g)": OUT_OF_ORDER_QUOTE,
}
"""The text of 676a.13, as the regulation writes it."""

HANDLING = Handling(
    said={
        **CARD_SAID,
        "face_up_card": "While the cards are being dealt, the next card is found face up.",
        "card_exposed": (
            "A dealer's card or a player's hole card is exposed before every player has "
            "folded or made the Back 9 Wager."
        ),
    },
    events=CARD_EVENTS,
    quotes=QUOTES,
    menu=CARD_MENU,
    by_text={"card_drawn_in_error": Remedy.USE},
)
"""How the engine's handling of 676a.13 is read; a card drawn in error shows no event
of its own (the deal goes on with it, 676a.13(b))."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`)."""
    return card_incident(spec, rules, HANDLING, HANDLING.said, pick, rng)


SIDE_WAGERS = ("skins", "gopher")
"""The optional wagers a situation may hold beside the Front 9 Wager (676a.7(d))."""
SIDE_SHARE = 0.5
"""How often a situation holds each of them."""
PLAYS_ON = 0.8
"""How often the drill's player places the Back 9 Wager (else he folds when his time
runs out)."""


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: seat 1's Front 9 Wager, a Skins and a Gopher Wager each one time
    in two (:data:`SIDE_SHARE`), the Back 9 Wager made at its least (:data:`PLAYS_ON`,
    else the hand folds), the round played to its end by the engine; played again (up to
    :data:`~croupier.training.situation.TRIES` rounds) while nothing is paid but one time
    in :data:`~croupier.training.situation.LOSING`."""
    losing_too = pick.random() < LOSING
    found: Situation | None = None
    for _ in range(TRIES):
        table = Table.open(spec, rules, rng)
        table.wager(1, "front_9", level.amount(pick))
        for side in SIDE_WAGERS:
            if pick.random() < SIDE_SHARE:
                table.wager(1, side, level.amount(pick))
        table.finish(least_wager if pick.random() < PLAYS_ON else None)
        found = played(table)
        if found.payouts and (losing_too or found.total):
            return found
    assert found is not None
    return found
