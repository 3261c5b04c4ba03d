"""One module per chapter: each game's round as a state machine (commands -> events)."""

from typing import Any

from croupier.engine import Round
from croupier.games.go_fore_it import GoForeItRound
from croupier.games.high_roll_dice import HighRollDiceRound
from croupier.games.pai_gow import PaiGowRound

GAMES: dict[str, type[Round[Any]]] = {
    HighRollDiceRound.game: HighRollDiceRound,
    GoForeItRound.game: GoForeItRound,
    PaiGowRound.game: PaiGowRound,
}
"""Every game's round class by its name."""

__all__ = ["GAMES", "GoForeItRound", "HighRollDiceRound", "PaiGowRound"]
