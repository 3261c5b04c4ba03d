"""Pai Gow (621a) in the browser's words, served with the table (``TableOut.words`` and
``TableOut.timeouts``, from :attr:`croupier.game.GameSpec.words` and
:attr:`~croupier.game.GameSpec.timeouts`), so that no generic browser module holds a
game's words.

``WORDS``: the states, phases and decisions its views and offers carry, as the regulation
writes them (a value not listed is said from its own text, ``"over_par"`` -> ``"over
par"``). ``TIMEOUTS``: what a timeout sends, by command (or ``command:decision``), said
to the seat it acts for (``None``: a dealer's step), of another seat (``seat N``) and
once it is done.
"""

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
