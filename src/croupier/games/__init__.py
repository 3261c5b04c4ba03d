"""One module per chapter: each game's round as a state machine (commands -> events)."""

from typing import Any

from croupier.engine import Round
from croupier.games.criss_cross_poker import CrissCrossPokerRound
from croupier.games.double_back_jack import DoubleBackJackRound
from croupier.games.go_fore_it import GoForeItRound
from croupier.games.high_roll_dice import HighRollDiceRound
from croupier.games.pai_gow import PaiGowRound

GAMES: dict[str, type[Round[Any]]] = {
    HighRollDiceRound.game: HighRollDiceRound,
    GoForeItRound.game: GoForeItRound,
    PaiGowRound.game: PaiGowRound,
    DoubleBackJackRound.game: DoubleBackJackRound,
    CrissCrossPokerRound.game: CrissCrossPokerRound,
}
"""Every game's round class by its name."""

__all__ = ["GAMES", "CrissCrossPokerRound", "GoForeItRound", "HighRollDiceRound", "PaiGowRound"]
