"""`croupier play`: a terminal table with a play-money wallet, to try a game by hand.

``croupier play <game>`` is there for every game in :mod:`croupier.registry`,
looked up when it is invoked (so a game registered after the command line was built, a
test's, is playable too): the table of the module its spec names
(:attr:`croupier.game.GameSpec.terminal`, listed in :data:`TABLES`), else the generic
table of :mod:`croupier.cli.tables.generic`, driven by the round's legal commands and
the game's table policy. What every table shares (the wallet, input, amounts) is
:mod:`croupier.cli.tables.terminal`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any

import typer
import typer.main
from typer.core import TyperGroup

from croupier.game import GameSpec
from croupier.registry import GAMES


class _Terminals(Mapping[str, str]):
    """Game name -> the module whose ``play`` runs its own terminal table, for every
    registered game whose spec names one (read from the registry when asked)."""

    def __getitem__(self, game: str) -> str:
        module = GAMES[game].terminal
        if module is None:
            raise KeyError(game)
        return module

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, spec in GAMES.items() if spec.terminal is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)


TABLES: Mapping[str, str] = _Terminals()
"""Game name -> the module whose ``play`` function runs its terminal table (a game with
none plays at the generic table)."""


# --- `croupier play <game>`: one command per registered game ---------------------------
def play_function(spec: GameSpec) -> Callable[..., None]:
    """The function behind ``croupier play <game>``: the ``play`` of the spec's terminal
    module, else the generic table's."""
    if spec.terminal is not None:
        play: Callable[..., None] = importlib.import_module(spec.terminal).play
        return play
    from croupier.cli.tables.generic import play_for

    return play_for(spec)


class _GameCommands(MutableMapping[str, Any]):
    """The ``play`` group's commands: one per game in the registry, in its order, each
    made (its table's module imported) when first asked for; then any command added to
    the group itself."""

    def __init__(self, added: Mapping[str, Any]) -> None:
        self._made: dict[str, tuple[GameSpec, Any]] = {}
        self._added = dict(added)

    def __getitem__(self, name: str) -> Any:
        if name in self._added:
            return self._added[name]
        spec = GAMES[name]
        made = self._made.get(name)
        if made is None or made[0] is not spec:
            single = typer.Typer(add_completion=False)
            single.command(name)(play_function(spec))
            made = (spec, typer.main.get_command(single))
            self._made[name] = made
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter([*GAMES, *(name for name in self._added if name not in GAMES)])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __setitem__(self, name: str, command: Any) -> None:
        self._added[name] = command

    def __delitem__(self, name: str) -> None:
        del self._added[name]


class PlayGroup(TyperGroup):
    """``croupier play``: its commands are the registered games, read from the registry
    each time the group lists or looks one up (a game registered after the command line
    was built is there; one unregistered is gone)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _GameCommands(self.commands)


def register(app: typer.Typer) -> None:
    """Add ``play <game>`` for every registered game (:class:`PlayGroup`)."""
    group = typer.Typer(
        cls=PlayGroup, help="Play a game by hand with play money.", no_args_is_help=True
    )
    app.add_typer(group, name="play")
