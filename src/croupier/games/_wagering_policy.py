"""The table policy of a wager withdrawn before "no more bets", written once for every
game whose round declares a :attr:`~croupier.games._wagering.WageringRound.withdrawal_rule`
(Go Fore It, 676a.7(c); Criss-Cross Poker, 674a.7(c); Pai Gow, 621a.7(c)).

A :class:`~croupier.games._wagering.WagerWithdrawn` moves its cents from the table's
escrow back to the player's wallet; it was never at risk, so what the player has wagered
does not count it (:meth:`~croupier.game.TablePolicy.taken_back`), and a seat whose
wagers were all withdrawn has none in the round (it may leave, and a round left with none
is voided when the betting time runs out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.engine import Event, Round, WagerPlaced
from croupier.game import ESCROW, WALLET, Move, TablePolicy
from croupier.games._wagering import WagerWithdrawn
from croupier.money import Cents


class WithdrawingPolicy(TablePolicy):
    """A :class:`~croupier.game.TablePolicy` for a round that takes wagers back before "no
    more bets": the money of the withdrawal and a seat's wagers net of it."""

    def has_wager(self, round_: Round[Any], seat: int) -> bool:
        """A wager placed and not withdrawn before "no more bets"."""
        held = 0
        for event in round_.events:
            if isinstance(event, WagerPlaced) and event.seat == seat:
                held += event.amount
            elif isinstance(event, WagerWithdrawn) and event.seat == seat:
                held -= event.amount
        return held > 0

    def moves(
        self, events: Sequence[Event], index: int, seats: Mapping[int, str]
    ) -> list[Move] | None:
        """A wager withdrawn before "no more bets": its amount from the escrow back to the
        player's wallet."""
        event = events[index]
        if isinstance(event, WagerWithdrawn):
            return [((ESCROW, None), -event.amount), ((WALLET, seats[event.seat]), event.amount)]
        return super().moves(events, index, seats)

    def taken_back(self, event: Event) -> tuple[int, Cents] | None:
        """A wager withdrawn before "no more bets" was never at risk, as a void's was not."""
        if isinstance(event, WagerWithdrawn):
            return event.seat, event.amount
        return super().taken_back(event)
