"""The commands of a Craps round: the players' (wagers made, taken down, called working
or off; the shooter's choice of dice and his giving up the dice) and the dealer's (no more
bets, the dice offered, the throw or its reading, an invalid roll, the call, a void).

:class:`PlaceWager`, :class:`AnnounceNoMoreBets` and :class:`VoidRound` are the shared
wagering base's (:mod:`croupier.games._wagering`, the same JSON): at a dice table more
chips on a spot the seat holds add to that wager where 623a.4 allows it (623a.3, 623a.4,
623a.6), "no more bets" on a come-out roll sends the dice to the shooter (623a.10), and
the floor voids a round only before a roll is thrown."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field

from croupier.engine import Command
from croupier.games._wagering import AnnounceNoMoreBets, PlaceWager, VoidRound


class RemoveWager(Command):
    """Seat ``seat`` takes down its wager on ``spot`` (623a.4): refused for a Pass or Come
    wager once it has a point."""

    type: Literal["RemoveWager"] = "RemoveWager"
    seat: int
    spot: str


class CallWager(Command):
    """Seat ``seat`` calls its wager on ``spot`` working (``working``) or off (623a.4):
    Place, Place to lose, Buy, Lay, the hardways and the odds behind a Come wager."""

    type: Literal["CallWager"] = "CallWager"
    seat: int
    spot: str
    working: bool


class GiveUpDice(Command):
    """The shooter at seat ``seat`` declines to shoot again, before a come-out roll
    (623a.10): the dice pass clockwise."""

    type: Literal["GiveUpDice"] = "GiveUpDice"
    seat: int


class LeaveTable(Command):
    """Seat ``seat``'s player leaves the table (sent by the table, not offered as a
    choice): every wager he may take down is returned to him and the shooter's dice pass
    on; his Pass and Come wagers with a point, his Fire Bet and Bonus Craps keep working
    (623a.4, 623a.10)."""

    type: Literal["LeaveTable"] = "LeaveTable"
    seat: int


class SelectDice(Command):
    """The shooter keeps two of the five dice offered, by their places 1 to 5 (623a.7).
    With no shooter (every player has left during a point) the stickperson selects."""

    type: Literal["SelectDice"] = "SelectDice"
    seat: int | None = None
    first: int
    second: int
    """Two different places 1 to 5 (checked by the round, with a cited refusal)."""


class OfferDice(Command):
    """The stickperson offers a new shooter five dice (623a.7)."""

    type: Literal["OfferDice"] = "OfferDice"


class ThrowDice(Command):
    """The throw (623a.8): ``faces`` is the dealer's reading of two physical dice;
    otherwise the RNG draws them."""

    type: Literal["ThrowDice"] = "ThrowDice"
    faces: tuple[Any, ...] | None = None
    """Two faces 1 to 6 (checked by the round, with a cited refusal)."""


class Irregularity(StrEnum):
    """What makes a throw no roll (623a.8)."""

    DIE_OFF_TABLE = "die_off_table"
    """A die left the table: the dice are offered again (623a.7)."""
    DIE_ON_RAIL = "die_on_rail"
    """A die came to rest on the rail or a chip rack."""
    DIE_ON_DIE = "die_on_die"
    """A die came to rest on the other die or leaning against it."""
    SHORT_THROW = "short_throw"
    """The dice did not hit the far wall of the table."""


class DeclareIrregularity(Command):
    """The dealer calls the throw on display no roll (623a.8): it is thrown again."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity


class CallRoll(Command):
    """The stickperson calls the roll and the dealers settle every wager it decides
    (623a.9)."""

    type: Literal["CallRoll"] = "CallRoll"


class EndTurn(Command):
    """The dealer ends the turn of the dice at a come-out roll after rolls, with nothing
    on the layout and no wager made before the betting time ran out (623a.10): the shooter
    is done with the dice, and the round, which decided every wager made in it, is over
    (not voided)."""

    type: Literal["EndTurn"] = "EndTurn"


CrapsCommand = Annotated[
    PlaceWager
    | RemoveWager
    | CallWager
    | GiveUpDice
    | LeaveTable
    | SelectDice
    | AnnounceNoMoreBets
    | OfferDice
    | ThrowDice
    | DeclareIrregularity
    | CallRoll
    | EndTurn
    | VoidRound,
    Field(discriminator="type"),
]

__all__ = [
    "AnnounceNoMoreBets",
    "CallRoll",
    "CallWager",
    "CrapsCommand",
    "DeclareIrregularity",
    "EndTurn",
    "GiveUpDice",
    "Irregularity",
    "LeaveTable",
    "OfferDice",
    "PlaceWager",
    "RemoveWager",
    "SelectDice",
    "ThrowDice",
    "VoidRound",
]
