"""The state of a Craps round, as its events have left it (a fold: no rules checks)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from croupier.engine import Event
from croupier.games.craps.wagers import ORDER, default_working
from croupier.money import Cents
from croupier.rules.craps import CrapsRules


class Phase(StrEnum):
    BETTING = "betting"
    """Wagers are made, taken down and called before the next roll."""
    OFFERED = "offered"
    """Five dice before the shooter, who keeps two (623a.7)."""
    THROW = "throw"
    """No more bets: the dice are to be thrown."""
    THROWN = "thrown"
    """The dice are on display: the dealer calls the roll, or calls it no roll."""
    COMPLETED = "completed"
    VOIDED = "voided"


@dataclass
class Bet:
    """One wager on the layout: ``amount`` cents, the player's ``call`` (``None``: the
    wager works as 623a.4 says by default) and the ``commission`` charged on it up front
    for the decision ahead (returned if it is taken down first)."""

    amount: Cents
    call: bool | None = None
    commission: Cents = 0


@dataclass
class CrapsState:
    """A round of Craps: one turn of the dice around the table, from a come-out roll to a
    seven-out (docs/architecture.md, Craps)."""

    rules: CrapsRules
    seats: dict[int, str]
    physical_dice: bool
    phase: Phase = Phase.BETTING
    last_shooter: int | None = None
    """The seat whose turn with the dice ended last; the dice go next to the first seat
    clockwise after it (623a.10)."""
    shooter: int | None = None
    """The seat holding the dice (``None``: they go to a new shooter on the next
    come-out)."""
    shooter_rolls: int = 0
    """The rolls the shooter has thrown (0: his first roll is ahead)."""
    shooter_points: list[int] = field(default_factory=list)
    """The distinct points the shooter has made, in the order made (623a.11)."""
    point: int | None = None
    """The point (the puck on it); ``None``: the puck is off, the next roll a come-out."""
    wagers: dict[int, dict[str, Bet]] = field(default_factory=dict)
    """Wagers in play: seat -> spot -> :class:`Bet`."""
    departed: set[int] = field(default_factory=set)
    """Seats whose player has left the table during the round."""
    dice: tuple[int, ...] = ()
    """The two dice on display."""
    dice_ready: bool = False
    """Whether the shooter holds the two dice he kept (physical dice, 623a.7)."""
    rolls: list[tuple[int, ...]] = field(default_factory=list)
    """Every roll of the round, in order."""
    bonus_rolled: set[int] = field(default_factory=set)
    """The numbers rolled since the last 7 (623a.12)."""
    bonus_open: bool = True
    """Whether Bonus Craps wagers may be made: no number has been rolled since the last
    7 (or the round's start) (623a.12)."""
    last_settled: list[Event] = field(default_factory=list)
    """The settlements of the last roll (WagerSettled, WagerPaid), and of any wager decided
    since (a Fire Bet when its shooter gives up the dice)."""

    @property
    def come_out(self) -> bool:
        return self.point is None

    def bets(self) -> Iterator[tuple[int, str, Bet]]:
        """Every wager in play: seat ascending, each seat's in the layout's order."""
        for seat in sorted(self.wagers):
            for spot in sorted(self.wagers[seat], key=ORDER.__getitem__):
                yield seat, spot, self.wagers[seat][spot]

    def held(self, seat: int, spot: str) -> Bet | None:
        return self.wagers.get(seat, {}).get(spot)

    def working(self, spot: str, bet: Bet) -> bool:
        """Whether ``bet`` on ``spot`` works on the next roll (623a.4)."""
        if bet.call is not None:
            return bet.call
        return default_working(spot, self.come_out)

    def amount_on(self, seat: int, spot: str) -> Cents:
        bet = self.held(seat, spot)
        return bet.amount if bet is not None else 0

    def remove(self, seat: int, spot: str) -> Bet:
        bet = self.wagers[seat].pop(spot)
        if not self.wagers[seat]:
            del self.wagers[seat]
        return bet

    def line_wager(self, seat: int) -> bool:
        """Whether ``seat`` holds a Pass or Don't Pass wager (the shooter's, 623a.10)."""
        held = self.wagers.get(seat, {})
        return "pass" in held or "dont_pass" in held

    def fire_open(self) -> bool:
        """Whether a Fire Bet may be made: the next roll is a come-out roll and the
        shooter's first (623a.11)."""
        return self.come_out and self.shooter_rolls == 0


__all__ = ["Bet", "CrapsState", "Phase"]
