"""Criss-Cross Poker (674a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS: dict[str, str] = {}
TIMEOUTS = {
    "Fold": ("you fold", "seat N folds", "folded"),
}

__all__ = ["TIMEOUTS", "WORDS"]
