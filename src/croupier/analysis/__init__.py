"""The mathematics of each game: exact figures per wager, gathered in a par sheet.

- :mod:`croupier.analysis.par_sheet`: the game-independent par sheet shape.
- :mod:`croupier.analysis.exact`: exact enumeration, one module per game.
"""

from croupier.analysis.par_sheet import OutcomeFigures, ParSheet, WagerFigures

__all__ = ["OutcomeFigures", "ParSheet", "WagerFigures"]
