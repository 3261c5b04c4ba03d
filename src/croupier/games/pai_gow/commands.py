"""Pai Gow's commands (621a), the irregularities the dealer declares (621a.6(e),
621a.12) and their union. :class:`AnnounceNoMoreBets` (621a.7(c), 621a.8(a)) and
:class:`VoidRound` are the shared wagering base's (:mod:`croupier.games._wagering`, the
same JSON); a wager is the base's :class:`~croupier.games._wagering.PlaceWager` with
one difference: its spot, the one betting area, may be left out (and so in
:class:`WithdrawWager`, the base's withdrawal before "no more bets", 621a.7(c))."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field

from croupier.engine import Command, SentCents, SentCentsOrZero
from croupier.games._wagering import AnnounceNoMoreBets as AnnounceNoMoreBets
from croupier.games._wagering import PlaceWager as SharedPlaceWager
from croupier.games._wagering import VoidRound as VoidRound
from croupier.games._wagering import WithdrawWager as SharedWithdrawWager
from croupier.rules.pai_gow import DeliveryStyle

SPOT = "pai_gow"
"""The one wager of a betting area."""
SPOT_LABEL = "Pai Gow Wager"
""":data:`SPOT` as the table sign names it."""


class TakeBank(Command):
    """The player offered the bank takes it, with ``chips`` cents on the table to cover
    every wager (621a.11(c)-(d)); ``co_bank`` asks the certificate holder to cover half
    of the winning wagers (621a.11(e))."""

    type: Literal["TakeBank"] = "TakeBank"
    seat: int
    chips: SentCents
    co_bank: bool = False


class PassBank(Command):
    """The player offered the bank passes it to the next player (621a.11(c))."""

    type: Literal["PassBank"] = "PassBank"
    seat: int


class MixTiles(Command):
    """The dealer mixes the tiles face down and stacks them in eight stacks of four
    (621a.6(c)-(d), (f))."""

    type: Literal["MixTiles"] = "MixTiles"


class CutTiles(Command):
    """The bank directs a cut (621a.11(g)): the stacks numbered ``right`` (1..8 from the
    dealer's right) go to the right end, those numbered ``left`` to the left end."""

    type: Literal["CutTiles"] = "CutTiles"
    seat: int
    right: tuple[int, ...] = ()
    left: tuple[int, ...] = ()


class DeclineCut(Command):
    """The bank does not cut: there is no cut (621a.11(g))."""

    type: Literal["DeclineCut"] = "DeclineCut"
    seat: int


class PlaceWager(SharedPlaceWager):
    """Seat ``seat`` wagers ``amount`` cents on its betting area (621a.7)."""

    spot: str = SPOT


class WithdrawWager(SharedWithdrawWager):
    """Seat ``seat`` takes back its wager on its betting area before "no more bets"
    (621a.7(c)); the spot, the one betting area, may be left out, as in a wager."""

    spot: str = SPOT


class DirectDealerWager(Command):
    """The bank directs the dealer to wager ``amount`` cents against it, less than the
    dealer's wager, or nothing (621a.11(h))."""

    type: Literal["DirectDealerWager"] = "DirectDealerWager"
    seat: int
    amount: SentCentsOrZero


class ChooseDelivery(Command):
    """The dealer (or the bank, 621a.11(i)) chooses a delivery style of 621a.9."""

    type: Literal["ChooseDelivery"] = "ChooseDelivery"
    style: DeliveryStyle


class ShakeDice(Command):
    """The dealer (or the bank, 621a.11(i)) shakes the three dice (621a.5(a)); ``faces``
    is the reading of physical dice where the table uses them, otherwise the RNG shakes."""

    type: Literal["ShakeDice"] = "ShakeDice"
    faces: tuple[Any, ...] | None = None
    """Three faces 1 to 6 (checked by the round, with a cited refusal: ``true``, ``"1"``
    or ``1.0`` is not a face)."""


class DrawNumber(Command):
    """The computerized random number generator selects and displays a number
    (621a.8(a)(1))."""

    type: Literal["DrawNumber"] = "DrawNumber"


class DealTiles(Command):
    """The dealer counts to the starting position and delivers the tiles (621a.8(b)-(f),
    621a.11(j)-(m))."""

    type: Literal["DealTiles"] = "DealTiles"


class Irregularity(StrEnum):
    """What can go wrong, and the section that says what follows."""

    TILE_TURNED_OVER_WHILE_STACKING = "tile_turned_over_while_stacking"
    """A tile exposed while stacking: the set is remixed (621a.6(e))."""
    DICE_NOT_FLAT = "dice_not_flat"
    """The three dice have not all landed flat: no roll (621a.12(a))."""
    DIE_FELL_OUT = "die_fell_out"
    """A die fell out of the shaker: no roll (621a.12(b))."""
    BANK_REMOVED_LID = "bank_removed_lid"
    """The bank removed the lid: covered and reshaken (621a.11(i))."""
    WRONG_POSITIONS = "wrong_positions"
    """The dice were totalled wrongly and the tiles dealt to the wrong positions: every
    hand is void (621a.12(c))."""
    TILE_EXPOSED = "tile_exposed"
    """A tile of ``position`` was exposed: a player may void his hand (621a.12(d)); a
    tile of the dealer, the Dead Hand, a position without a wager (or the bank's) voids
    every hand (621a.12(e))."""


class DeclareIrregularity(Command):
    """The dealer declares an irregularity; ``position`` and ``tile`` name an exposed
    tile."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity
    position: str | None = None
    tile: str | None = None


class DecideExposedHand(Command):
    """A player whose tile was exposed plays his hand out or voids it, without looking at
    the tiles not exposed (621a.12(d))."""

    type: Literal["DecideExposedHand"] = "DecideExposedHand"
    seat: int
    void: bool


class RequestHouseWay(Command):
    """A player asks for help: the dealer tells how the house requires the dealer's hands
    to be set, for this player's tiles (621a.10(b))."""

    type: Literal["RequestHouseWay"] = "RequestHouseWay"
    seat: int


class SetHands(Command):
    """Seat ``seat`` sets its hands: the two tiles ``together`` form one hand, the other
    two the other; the higher-ranking is the high hand (621a.1, 621a.10(a))."""

    type: Literal["SetHands"] = "SetHands"
    seat: int
    together: tuple[str, str]


class SetDealerHands(Command):
    """The dealer turns over his tiles and sets them (621a.10(c)-(d)); ``together`` is
    the dealer's own setting where entered by hand, checked against the house way
    (621a.12(f)); ``None`` sets by the house way."""

    type: Literal["SetDealerHands"] = "SetDealerHands"
    together: tuple[str, str] | None = None


class Surrender(Command):
    """The player surrenders the wager of ``seat`` before its hands are exposed
    (621a.10(e))."""

    type: Literal["Surrender"] = "Surrender"
    seat: int


class DeclareAbandoned(Command):
    """The player of ``seat`` left the table during the round: the wager is treated as
    losing (621a.7(b))."""

    type: Literal["DeclareAbandoned"] = "DeclareAbandoned"
    seat: int


class SettleWagers(Command):
    """The dealer exposes the hands and settles (621a.10(f)-(k), 621a.11(n)-(r))."""

    type: Literal["SettleWagers"] = "SettleWagers"


PaiGowCommand = Annotated[
    TakeBank
    | PassBank
    | MixTiles
    | CutTiles
    | DeclineCut
    | PlaceWager
    | WithdrawWager
    | DirectDealerWager
    | AnnounceNoMoreBets
    | ChooseDelivery
    | ShakeDice
    | DrawNumber
    | DealTiles
    | DeclareIrregularity
    | DecideExposedHand
    | RequestHouseWay
    | SetHands
    | SetDealerHands
    | Surrender
    | DeclareAbandoned
    | SettleWagers
    | VoidRound,
    Field(discriminator="type"),
]
