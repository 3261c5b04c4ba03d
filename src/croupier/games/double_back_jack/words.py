"""Double Back Jack (673a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS = {
    "needs_card": "needs a card",
    "twenty_one": "21",
    "missed_card": "card missed",
    "stood": "stands",
    "second_chance": "Second Chance",
    "decline_second_chance": "no Second Chance",
    # the round's phases where their names alone say little (the table header)
    "phase:burn": "burning a card",
    "phase:load": "loading the shoe",
    "phase:reader": "the card reader",
    "phase:play": "players' turns",
}
SURRENDER_LOST = (
    "the dealer had Blackjack: a hand surrendered before the card reader loses its whole wager"
)
"""Why a hand surrendered before the card reader lost its Blackjack Wager (673a.9(a)(2)),
the result's words in the browser (the round view's settlement ``said``)."""
TIMEOUTS = {
    # the betting's wait: the wagers placed, the dealer deals (673a.7(e))
    "DealCards": (
        None,
        "the dealer deals the cards to each box with a Blackjack Wager",
        "the dealer dealt the cards to each box with a Blackjack Wager",
    ),
    "Decide:stand": ("you stand", "seat N stands", "stood"),
    "Decide:decline_second_chance": (
        "you decline the Second Chance Wager",
        "seat N declines the Second Chance Wager",
        "declined the Second Chance Wager",
    ),
    "RefuseCut": (
        "you refuse the cut and the dealer cuts",
        "seat N refuses the cut and the dealer cuts",
        "refused the cut; the dealer cut",
    ),
}

HOW_TO_PLAY = (
    "Each player places a Blackjack Wager (673a.7). The dealer deals each player two cards "
    "face up and himself two cards; the object is a hand closer to 21 than the dealer's "
    "without going over. Aces count 1 or 11, face cards 10.",
    "When the dealer shows an ace, a player may make an Insurance Wager of up to half his "
    "Blackjack Wager (673a.8). Each player in turn stands, draws cards, doubles down or "
    "splits a pair, as the table below allows (673a.9, 673a.10).",
    "A hand that goes over 21 may take a Second Chance Wager and draw one more card, whose "
    "value is subtracted from the hand (673a.7(l)). The dealer draws to 16 and stands on "
    "17s; a dealer's total of 22 pushes the Blackjack Wagers still in play. Each wager is "
    "paid as the sign below says (673a.12).",
)

__all__ = ["HOW_TO_PLAY", "SURRENDER_LOST", "TIMEOUTS", "WORDS"]
