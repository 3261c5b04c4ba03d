"""Craps (623a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS: dict[str, str] = {}
TIMEOUTS = {
    "SelectDice": (
        "you keep the first two dice offered",
        "seat N keeps the first two dice offered",
        "kept the first two dice offered",
    ),
    "EndTurn": (
        None,
        "the dealer ends the shooter's turn with the dice",
        "the dealer ended the shooter's turn with the dice",
    ),
}

__all__ = ["TIMEOUTS", "WORDS"]
