"""`croupier play`: a terminal table with a play-money wallet, to try a game by hand.

This module holds what every game's play loop shares: a :class:`Wallet` that money
moves in and out of by the round's own events, reading lines from stdin, and amount
formatting. ``croupier play <game>`` is there for every game in :mod:`croupier.registry`,
looked up when it is invoked (so a game registered after the command line was built, a
test's, is playable too): the table of the module its spec names
(:attr:`croupier.game.GameSpec.terminal`, listed in :data:`TABLES`), else the generic
table of :mod:`croupier.cli.tables.generic`, driven by the round's legal commands and
the game's table policy.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

import typer
import typer.main
from rich.console import Console
from typer.core import TyperGroup

from croupier.engine import Event, LegalCommand, Round
from croupier.errors import InvalidAmount
from croupier.game import WALLET, GameSpec, event_moves
from croupier.money import Cents, format_cents
from croupier.registry import GAMES, find


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


# --- game-independent: amounts, the wallet, input ------------------------------------
@dataclass
class Wallet:
    """The play money (cents) of the player at ``seat``; it never goes negative.

    Money moves only by the round's events, by the same rule as the table server's
    ledger (:func:`croupier.game.event_moves`, the game's table policy): a wager leaves
    the wallet when the round records it placed, a settlement brings back
    ``returned + won``, a withdrawn wager comes back, and so on. So the wallet agrees
    with the round, and with the server, by construction.
    """

    seat: int
    balance: Cents

    def check(self, amount: Cents, cite: str) -> None:
        """Raise :class:`InvalidAmount` (citing ``cite``) if ``amount`` is more than the
        balance."""
        if amount > self.balance:
            raise InvalidAmount(
                f"a wager of {format_cents(amount)} is more than your balance of "
                f"{format_cents(self.balance)}",
                cite,
            )

    def apply(self, round_: Round[Any], events: Sequence[Event]) -> None:
        """Move the money ``events`` (the last events of ``round_``) move to or from this
        seat's wallet."""
        seats = round_.opened.seats
        player = seats.get(self.seat)
        policy = find(round_.game).policy
        everything = round_.events
        for index in range(len(everything) - len(events), len(everything)):
            for (kind, owner), cents in event_moves(policy, everything, index, seats):
                if kind != WALLET or owner != player:
                    continue
                if self.balance + cents < 0:
                    raise ValueError(f"seat {self.seat} cannot cover {-cents} cents")
                self.balance += cents


def read_line(console: Console) -> str | None:
    """The next line of stdin after a prompt, or ``None`` at end of input. A line read
    from a pipe is echoed so that the transcript reads like a session."""
    console.print("> ", end="")
    line = sys.stdin.readline()
    if not line:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(line.rstrip("\n"), markup=False)
    return line.strip()


def amount_range(command: LegalCommand) -> str:
    """``"$5"`` or ``"$5 to $500"`` for a legal command's bounds."""
    low, high = command.min_amount, command.max_amount
    if low is None or high is None:
        return ""
    return format_cents(low) if low == high else f"{format_cents(low)} to {format_cents(high)}"


def signed(amount: Cents) -> str:
    """``"+$5"``, ``"-$5"`` or ``"$0"``."""
    return ("+" if amount > 0 else "") + format_cents(amount)


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
