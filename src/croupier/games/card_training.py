"""Irregularity drills of the card games dealt by :mod:`croupier.games.cards` (their
irregularity sections share a pattern: 673a.13, 674a.13, 676a.13): a round played to a
moment at which its dealer is offered an irregularity, declared through the round's
offer, the remedy read from the events the engine produced
(:mod:`croupier.training.irregularity`).
"""

from __future__ import annotations

import random
from collections.abc import Collection

from croupier.engine import RoundVoided
from croupier.game import GameSpec
from croupier.games.cards import CardDiscarded, EquipmentOutOfOrder, ShuffleFailed
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.irregularity import (
    Handling,
    Incident,
    Remedy,
    declare,
    incident,
    offered_kinds,
    play_to,
)
from croupier.training.situation import bets_offered, place
from croupier.training.table import Table

CARD_EVENTS: dict[type, Remedy] = {
    CardDiscarded: Remedy.DISCARD,
    ShuffleFailed: Remedy.RESHUFFLE,
    EquipmentOutOfOrder: Remedy.OTHER_MEANS,
    RoundVoided: Remedy.VOID,
}
"""What the shared card events show (a void read last: a second face-up card discards
the card, then voids the round)."""
CARD_MENU = (
    Remedy.VOID,
    Remedy.DISCARD,
    Remedy.USE,
    Remedy.RESHUFFLE,
    Remedy.OTHER_MEANS,
    Remedy.CARRY_ON,
)
"""The remedies a trainee chooses among at a card table."""
CARD_SAID = {
    "card_drawn_in_error": "A card is drawn in error; its face was not exposed.",
    "wrong_number_of_cards": "A hand is dealt an incorrect number of cards.",
    "shuffler_jam": "The automated card shuffler jams before completing its cycle.",
    "dealing_shoe_fault": "The automated dealing shoe jams and stops dealing.",
    "shuffler_out_of_order": "The automated card shuffler malfunctions and cannot be used.",
    "dealing_shoe_out_of_order": "The automated dealing shoe malfunctions and cannot be used.",
}
"""The irregularities every card table with a shuffler and a dealing shoe may have, in
words (a game takes those its chapter has, ``{key: CARD_SAID[key] ...}``)."""
FACE_UP_QUOTE = (
    "A card that is found face up in the shoe or the deck while the cards are being dealt"
    " may not be used in that round of play and shall be placed in the discard rack. If "
    "more than one card is found face up in the shoe or the deck during the dealing of "
    "the cards, all hands shall be void, all wagers shall be returned to the players and "
    "the cards shall be reshuffled."
)
DRAWN_IN_ERROR_QUOTE = (
    "A card drawn in error without its face being exposed shall be used as though it were"
    " the next card from the shoe or the deck."
)
SHUFFLER_JAM_QUOTE = (
    "If an automated card shuffling device is being used and the device jams, stops "
    "shuffling during a shuffle or fails to complete a shuffle cycle, the cards shall be "
    "reshuffled."
)
OUT_OF_ORDER_QUOTE = (
    "If an automated card shuffling device or automated dealing shoe malfunctions and "
    "cannot be used, the automated card shuffling device or automated dealing shoe shall "
    "be covered or have a sign indicating that the automated card shuffling device or "
    "automated dealing shoe is out of order placed on the device before any other method "
    "of shuffling or dealing may be utilized at that table."
)
"""Paragraphs 674a.13 and 676a.13 write alike, (a), (b), (e) and (g) (673a.13(k) is
(e)'s words too), as the regulation writes them."""
FACE_UP = "face_up_card"
AGAIN = "A card was found face up earlier in this deal and put in the discard rack."


def card_incident(
    spec: GameSpec,
    rules: RulesSubmission,
    handling: Handling,
    kinds: Collection[str],
    pick: random.Random,
    rng: Rng,
    *,
    tries: int = 20,
) -> Incident:
    """A round of ``spec``'s game under ``rules``: seat 1's wager (one of its offers,
    at the table minimum), dealt on to a moment at which one of ``kinds`` is
    offered to the dealer, declared; a face-up card is now and then a second one (the
    first declared before). Each kind is as likely: one is aimed at, and a kind a round
    does not offer (an automated shuffler at a table that shuffles by hand) is aimed at
    no more. Raises :class:`RuntimeError` where ``tries`` rounds offer none."""
    left = list(kinds)
    for _ in range(tries):
        table = Table.open(spec, rules, rng)
        bets = bets_offered(table.round, 1)
        if bets:
            legal, spot = pick.choice(bets)
            place(table, 1, legal, spot, rules.minimum_wager)
        aim = pick.choice(left)
        kind = play_to(table, {aim}, pick)
        if kind is None:
            if len(left) > 1:
                left.remove(aim)
            continue
        before: tuple[str, ...] = ()
        if kind == FACE_UP and pick.random() < 1 / 3:
            declare(table, FACE_UP)
            before = (AGAIN,)
            if FACE_UP not in offered_kinds(table):
                continue
        return incident(table, kind, handling, pick, before=before)
    raise RuntimeError(f"{spec.name}: {tries} rounds offered none of {sorted(kinds)}")
