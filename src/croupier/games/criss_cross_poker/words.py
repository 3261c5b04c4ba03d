"""Criss-Cross Poker (674a) in the browser's words: ``WORDS`` and ``TIMEOUTS`` as
:attr:`croupier.game.GameSpec.words` and :attr:`~croupier.game.GameSpec.timeouts` describe them."""

from __future__ import annotations

WORDS: dict[str, str] = {
    # The par sheet's wagers where no spot names them (``croupier analyze``, ``odds``).
    "antes": "Ante Across and Ante Down Wagers, with the Across, Down and Middle Bets",
    "five_card_bonus": "Five Card Bonus Wager",
}
TIMEOUTS = {
    "Fold": ("you fold", "seat N folds", "folded"),
}

HOW_TO_PLAY = (
    "Each player places an Ante Across Wager and an Ante Down Wager of equal amounts, and "
    "may place a Five Card Bonus Wager where the table offers it (674a.7). The dealer "
    "deals each player two cards and five community cards face down in a cross.",
    "After looking at his two cards, each player may place an Across Bet of one to three "
    "times his Ante Across Wager, or fold that hand (674a.11(b)). The two outside cards of "
    "the row across are turned up; each player may place a Down Bet of one to three times "
    "his Ante Down Wager (674a.11(d)). The two outside cards of the column are turned up; "
    "each player may place a Middle Bet of one to three times an ante (674a.11(f)). The "
    "middle card is turned up last.",
    "The Across Hand is the player's two cards with the three cards across; the Down Hand "
    "his two cards with the three cards down. A hand less than a pair of 6s loses; a pair "
    "of 6s or better wins, the antes by the paytable and the bets 1 to 1 (674a.11(h), "
    "674a.12). The Middle Bet wins if either hand is a pair of 6s or better.",
)

__all__ = ["HOW_TO_PLAY", "TIMEOUTS", "WORDS"]
