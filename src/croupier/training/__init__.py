"""Dealer training (issue #35): drills in which the trainee deals and the engine judges.

- :mod:`croupier.training.table`: a drill's round, really played through the engine by
  the game's table policy and typed offers; what it settled (:class:`Payout`).
- :mod:`croupier.training.situation`: a settled situation and the level it is dealt at;
  the default situation of a game with no training module of its own.
- :mod:`croupier.training.drill`: the payout drill, its judging (every correction quotes
  the settlement's section), clock and score.
- :mod:`croupier.training.irregularity`: the irregularity drill: typed remedies, judged by
  the engine's own handling of the irregularity declared in a real round, the section
  quoted.

No module here names a game: a game supplies its situations from its own package
(:attr:`croupier.game.GameSpec.training`).
"""
