"""`croupier play`: a terminal table with a play-money wallet, to try a game by hand.

This module holds what every game's play loop shares: a :class:`Wallet` that money
moves in and out of by the round's own events, reading lines from stdin, and amount
formatting. Each game's table lives in ``croupier.cli.tables.<game>`` and is listed
in :data:`TABLES`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable
from dataclasses import dataclass

import typer
from rich.console import Console

from croupier.engine import Event, LegalCommand, WagerPlaced, WagerSettled
from croupier.errors import InvalidAmount
from croupier.money import Cents, format_cents

TABLES: dict[str, str] = {
    "high-roll-dice": "croupier.cli.tables.high_roll_dice",
    "go-fore-it": "croupier.cli.tables.go_fore_it",
    "pai-gow": "croupier.cli.tables.pai_gow",
    "criss-cross-poker": "croupier.cli.tables.criss_cross_poker",
    "double-back-jack": "croupier.cli.tables.double_back_jack",
}
"""Game name -> the module whose ``play`` function runs its terminal table."""


# --- game-independent: amounts, the wallet, input ------------------------------------
@dataclass
class Wallet:
    """The play money (cents) of the player at ``seat``; it never goes negative.

    A wager leaves the wallet when the round records it placed (``WagerPlaced``); a
    settlement brings back ``returned + won`` (``WagerSettled``). Money moves only by
    events, so the wallet agrees with the round by construction.
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

    def apply(self, events: Iterable[Event]) -> None:
        """Move the money of this seat's wagers placed and settled in ``events``."""
        for event in events:
            if isinstance(event, WagerPlaced) and event.seat == self.seat:
                if event.amount > self.balance:
                    raise ValueError(f"seat {self.seat} cannot cover {event.amount} cents")
                self.balance -= event.amount
            elif isinstance(event, WagerSettled) and event.seat == self.seat:
                self.balance += event.returned + event.won


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


def register(app: typer.Typer) -> None:
    """Add ``play <game>`` for every game in :data:`TABLES`."""
    group = typer.Typer(help="Play a game by hand with play money.", no_args_is_help=True)
    for game, module in TABLES.items():
        group.command(game)(importlib.import_module(module).play)
    app.add_typer(group, name="play")
