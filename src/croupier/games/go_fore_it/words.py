"""Go Fore It (676a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS = {
    "back_9": "Back 9 Wager",
    "front_9": "Front 9",
    "over_par": "over par",
}
TIMEOUTS = {
    "Fold": ("you fold", "seat N folds", "folded"),
}

__all__ = ["TIMEOUTS", "WORDS"]
