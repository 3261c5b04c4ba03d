"""What every terminal table of ``croupier play`` shares, whatever the game: a
:class:`Wallet` that money moves in and out of by the round's own events (the ledger's
rule), reading lines from stdin, and amount formatting. The command itself is
:mod:`croupier.cli.play`; the tables are ``croupier.cli.tables.<game>`` and
:mod:`croupier.cli.tables.generic`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from croupier.engine import Command, Event, LegalCommand, Round
from croupier.errors import InvalidAmount
from croupier.game import WALLET, event_moves
from croupier.money import Cents, format_cents
from croupier.offers import Amount
from croupier.registry import find


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
    wagered: Cents = 0
    """Every cent wagered from this wallet (the reminder's figure, 814a.1)."""

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
                self.wagered += max(0, -cents)


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
    """``"$5"`` or ``"$5 to $500"`` for a legal command's amount (its first field in
    cents)."""
    amount = next((f for f in command.fields.values() if isinstance(f, Amount)), None)
    if amount is None or amount.high is None:
        return ""
    low, high = amount.low, amount.high
    return format_cents(low) if low == high else f"{format_cents(low)} to {format_cents(high)}"


def signed(amount: Cents) -> str:
    """``"+$5"``, ``"-$5"`` or ``"$0"``."""
    return ("+" if amount > 0 else "") + format_cents(amount)


def dealer_steps(round_: Round[Any]) -> Iterator[Command]:
    """The dealer's steps that involve no one's choice, exactly as the table server takes
    them (the game's :meth:`~croupier.game.TablePolicy.dealer_steps`), one at a time."""
    return find(round_.game).policy.dealer_steps(round_)
