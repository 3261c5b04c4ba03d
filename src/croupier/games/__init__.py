"""One module per chapter: each game's round as a state machine (commands -> events)."""

from croupier.games.high_roll_dice import HighRollDiceRound

GAMES = {HighRollDiceRound.game: HighRollDiceRound}
"""Every game's round class by its name."""

__all__ = ["GAMES", "HighRollDiceRound"]
