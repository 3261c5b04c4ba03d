"""High Roll Dice (675a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS = {
    "no_match": "no match",
}
TIMEOUTS: dict[str, tuple[str | None, str, str]] = {}

__all__ = ["TIMEOUTS", "WORDS"]
