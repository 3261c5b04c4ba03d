"""Sic Bo (625a) in the player's words: ``HOW_TO_PLAY`` as
:attr:`croupier.game.GameSpec.how_to_play` describes it."""

from __future__ import annotations

HOW_TO_PLAY = (
    "Every player bets on one layout before the dealer shakes three dice (625a.3, 625a.5): "
    "Small (a total of 4 to 10) and Big (11 to 17), neither winning on three of a kind; a "
    "total; three of a kind of a number, or any three of a kind; two of a kind of a "
    "number; a combination of two numbers; or One of a Kind, a number on one, two or "
    "three dice.",
    "When betting closes the dealer shakes the dice, calls the result and lights the "
    "winning areas; each winning wager is paid at the odds below and the others are "
    "collected (625a.5, 625a.6).",
)

__all__ = ["HOW_TO_PLAY"]
