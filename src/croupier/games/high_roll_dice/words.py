"""High Roll Dice (675a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS = {
    "no_match": "no match",
}
TIMEOUTS: dict[str, tuple[str | None, str, str]] = {}

HOW_TO_PLAY = (
    "Players wager on Pip Street (the number of the die thrown most), on the Like Kind "
    "Boulevard circles (how many dice of that number match) and on Millionaire Row, and "
    "may buy an Extra Roll (675a.2(e), 675a.4). All these wagers at one position are of "
    "equal value.",
    "After no more bets, the dealer throws all the dice at once and calls which die of the "
    "highest value occurs the most (675a.4(d)); the Pip Street, Like Kind and Millionaire "
    "Row Wagers are settled at the odds below (675a.4(f), 675a.5).",
    "If an Extra Roll was bought, the matching dice are set aside and the others thrown "
    "again; each further die of that number counts with them for the Like Kind Wagers "
    "(675a.4(g), (h)). The purchase of an Extra Roll is kept by the table.",
)

__all__ = ["HOW_TO_PLAY", "TIMEOUTS", "WORDS"]


MAIN_WAGER = "pip_street"
"""The principal wager, the lobby card's headline return: every player places a Pip
Street Wager to take part in a round (675a.2(e)(1)); the card gives the best of the six."""
