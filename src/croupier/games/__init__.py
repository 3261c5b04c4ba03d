"""One package per game: each chapter's round as a state machine (commands -> events),
its table policy (``policy.py``: the :class:`~croupier.game.TablePolicy` and the game's
:class:`~croupier.game.GameSpec`) and its table sign (``sign.py``). The games are found
by name in :mod:`croupier.registry`; shared card-game pieces are :mod:`.cards` and
:mod:`.card_policy`.
"""
