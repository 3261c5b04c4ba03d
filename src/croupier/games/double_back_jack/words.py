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
}
TIMEOUTS = {
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

__all__ = ["TIMEOUTS", "WORDS"]
