"""The events of a Craps round (besides the engine's RoundOpened, WagerPlaced,
WagerSettled, RoundVoided and RoundCompleted)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import (
    ClientSeedGiven,
    Event,
    ExactFraction,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.games._wagering import NoMoreBets
from croupier.games.craps.commands import Irregularity
from croupier.money import Cents


class ShooterRotation(Event):
    """The round's opening: the seat whose turn with the dice ended the table's last round
    (``None`` at a new table); the dice go next to the first seat clockwise after it
    (623a.10)."""

    type: Literal["ShooterRotation"] = "ShooterRotation"
    after: int | None = None


class CommissionCollected(Event):
    """The commission on a Buy or Lay wager charged when it is made (623a.5): ``amount``
    cents from the player to the table."""

    type: Literal["CommissionCollected"] = "CommissionCollected"
    seat: int
    spot: str
    amount: Cents


class WagerRemoved(Event):
    """A wager taken down and returned (623a.4): ``amount`` cents, and the ``commission``
    charged on it up front, which it no longer owes. ``reason``: taken down by the
    player, for a player who left, or an idle wager returned when the round ends."""

    type: Literal["WagerRemoved"] = "WagerRemoved"
    seat: int
    spot: str
    amount: Cents
    commission: Cents = 0
    reason: Literal["taken_down", "player_left", "round_over"] = "taken_down"


class WagerCalled(Event):
    """A wager called working or off by its player (623a.4)."""

    type: Literal["WagerCalled"] = "WagerCalled"
    seat: int
    spot: str
    working: bool


class PlayerLeft(Event):
    """Seat ``seat``'s player has left the table; his contract wagers keep working."""

    type: Literal["PlayerLeft"] = "PlayerLeft"
    seat: int


class DiceToShooter(Event):
    """The dice pass to the shooter at ``seat`` (623a.10); ``None``: no player is left to
    shoot, and the stickperson finishes the point."""

    type: Literal["DiceToShooter"] = "DiceToShooter"
    seat: int | None


class ShooterDone(Event):
    """The shooter at ``seat`` is done with the dice (623a.10): ``reason`` seven-out, he
    gave them up, he held no Pass or Don't Pass wager on a come-out, or he left; his
    ``points`` are the distinct points he made (623a.11)."""

    type: Literal["ShooterDone"] = "ShooterDone"
    seat: int
    reason: Literal["seven_out", "gave_up", "no_line_wager", "left"]
    points: tuple[int, ...] = ()


class DiceOffered(Event):
    """Five dice offered to the shooter (623a.7)."""

    type: Literal["DiceOffered"] = "DiceOffered"
    count: int = 5


class DiceSelected(Event):
    """The two dice kept, by their places among the five offered; the others go back to
    the stickperson (623a.7)."""

    type: Literal["DiceSelected"] = "DiceSelected"
    seat: int | None
    dice: tuple[int, int]


class DiceThrown(Event):
    """The two dice of a throw, as drawn by the RNG or read by the dealer (623a.8)."""

    type: Literal["DiceThrown"] = "DiceThrown"
    faces: tuple[int, ...]
    source: Literal["rng", "reading"] = "rng"


class NoRoll(Event):
    """The throw on display is no roll (623a.8)."""

    type: Literal["NoRoll"] = "NoRoll"
    irregularity: Irregularity


class Roll(StrEnum):
    """What a roll is, as the stickperson calls it (623a.1, 623a.9)."""

    NATURAL = "natural"
    """7 or 11 on a come-out roll."""
    CRAPS = "craps"
    """2, 3 or 12 on a come-out roll."""
    POINT_SET = "point_set"
    """4, 5, 6, 8, 9 or 10 on a come-out roll: the point."""
    POINT_MADE = "point_made"
    """The point rolled again before a 7."""
    SEVEN_OUT = "seven_out"
    """A 7 while a point is on: the shooter's turn ends."""
    NUMBER = "number"
    """Any other roll while a point is on."""


class RollCalled(Event):
    """The roll as called (623a.9): the dice, their total, whether a pair (the hard way),
    what it is, and the point after it (``None``: the puck is off)."""

    type: Literal["RollCalled"] = "RollCalled"
    faces: tuple[int, ...]
    total: int
    roll: Roll
    hard: bool = False
    point: int | None = None


class WagerMoved(Event):
    """A Come or Don't Come wager travels from the box to its number (623a.9)."""

    type: Literal["WagerMoved"] = "WagerMoved"
    seat: int
    spot: str
    to: str
    amount: Cents


class WagerPaid(Event):
    """A winning wager paid while it stays up (Place, Buy, Lay, Big 6 and 8, the
    hardways; 623a.9): ``won`` cents (after any ``commission``) to the player, the stake
    stays on the layout; ``withheld`` is what the payout limit kept back."""

    type: Literal["WagerPaid"] = "WagerPaid"
    seat: int
    spot: str
    amount: Cents
    odds: ExactFraction
    won: Cents
    commission: Cents = 0
    withheld: Cents = 0


class CommissionReturned(Event):
    """A commission charged up front returned with a voided round's wager."""

    type: Literal["CommissionReturned"] = "CommissionReturned"
    seat: int
    spot: str
    amount: Cents


CrapsEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | ShooterRotation
    | WagerPlaced
    | CommissionCollected
    | WagerRemoved
    | WagerCalled
    | PlayerLeft
    | DiceToShooter
    | ShooterDone
    | NoMoreBets
    | DiceOffered
    | DiceSelected
    | DiceThrown
    | NoRoll
    | RollCalled
    | WagerMoved
    | WagerPaid
    | WagerSettled
    | CommissionReturned
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]

__all__ = [
    "CommissionCollected",
    "CommissionReturned",
    "CrapsEvent",
    "DiceOffered",
    "DiceSelected",
    "DiceThrown",
    "DiceToShooter",
    "NoMoreBets",
    "NoRoll",
    "PlayerLeft",
    "Roll",
    "RollCalled",
    "ShooterDone",
    "ShooterRotation",
    "WagerCalled",
    "WagerMoved",
    "WagerPaid",
    "WagerRemoved",
]
