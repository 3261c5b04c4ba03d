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

HOW_TO_PLAY = (
    "Each player places a Front 9 Wager, and may also place a Skins Wager and a Gopher "
    "Wager (676a.7). The dealer deals each player four cards and himself four; each player "
    "sees his closest two cards first.",
    "After looking at his first two cards, each player makes a Back 9 Wager equal to his "
    "Front 9 Wager, or folds and forfeits his Front 9 Wager (676a.11(b)).",
    "The dealer then turns up his four cards and each player's, and adds the point values "
    "of all four cards (676a.11(d)). A hand is an Albatross (8 or less), an Eagle (9 to "
    "13), a Birdie (14 to 18) or Par (19 to 24); a total greater than par loses the Front 9 "
    "and Back 9 Wagers. A Front 9 Wager wins 1 to 1 and a Back 9 Wager by the score, as "
    "the table below pays (676a.12).",
    "The Skins Wager wins when the player's total is lower than the dealer's; a tie loses "
    "(676a.11(d)(4)). The Gopher Wager pays by the number of aces among the player's four "
    "cards (676a.12(d)).",
)

__all__ = ["HOW_TO_PLAY", "TIMEOUTS", "WORDS"]
