"""The round contract (``docs/architecture.md``), checked on every registered game.

Every test here is parametrized over :data:`croupier.registry.GAMES` when it is collected
(``conftest.py``), so a game registered later (a test's, with
:func:`croupier.registry.register`) is covered too. The games are driven only through the
one game interface: the round class (``open``, ``handle``, ``legal_commands``, ``view``,
``replay``) and the game's :class:`~croupier.game.TablePolicy` (``open_round``, the dealer
steps, the timeouts, ``hidden``, ``moves``).

- :mod:`contract.play`: random play from ``legal_commands`` at a table of rounds, each
  command built from the offered bounds alone (a few games complete a command the bounds
  cannot describe: the tiles of a hand).
- :mod:`contract.checks`: what is checked of a round (what each viewer may see of its
  events, its money, its replay and tampered copies of it).
"""
