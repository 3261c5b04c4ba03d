"""Craps (623a) in the browser's words, served with the table (``TableOut.words`` and
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

WORDS: dict[str, str] = {}
TIMEOUTS = {
    "SelectDice": (
        "you keep the first two dice offered",
        "seat N keeps the first two dice offered",
        "kept the first two dice offered",
    ),
}

__all__ = ["TIMEOUTS", "WORDS"]
