"""Pai Gow (621a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS = {
    "bank_offer": "bank offered",
}
TIMEOUTS = {
    "PassBank": ("you pass the bank", "seat N passes the bank", "passed the bank"),
    "DeclineCut": ("you make no cut", "seat N makes no cut", "made no cut"),
    "ShakeDice": (
        None,
        "the dealer shakes with the standard delivery",
        "the dealer shook with the standard delivery",
    ),
    "DecideExposedHand": (
        "your hand with the exposed tile is void",
        "the hand of seat N with the exposed tile is void",
        "had the hand with the exposed tile voided",
    ),
    "SetHands": (
        "your hands are set by the house way",
        "the hands of seat N are set by the house way",
        "had the hands set by the house way",
    ),
}

__all__ = ["TIMEOUTS", "WORDS"]
