"""Pai Gow's events (621a) and their union."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import (
    ClientSeedGiven,
    Event,
    Outcome,
    Record,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.tiles import TileText
from croupier.games._wagering import NoMoreBets as NoMoreBets
from croupier.games._wagering import WagerWithdrawn as WagerWithdrawn
from croupier.games.pai_gow.commands import Irregularity
from croupier.money import Cents
from croupier.rules.pai_gow import DeliveryStyle


class TableContext(Event):
    """What the table carries into this round (621a.6(b), 621a.11(b)-(d)): whether it is
    the start of the game, the player who banked the last round, the seat the bank is
    first offered to (``None``: the offer is with the dealer this round) and each
    player's wager against the dealer in the last round with no player bank."""

    type: Literal["TableContext"] = "TableContext"
    start_of_game: bool = True
    previous_bank: str | None = None
    bank_offer_from: int | None = None
    last_dealer_round_wagers: dict[str, Cents] = Field(default_factory=dict)


class TilesDisplayed(Event):
    """The tiles face up in 16 pairs in rank order, the Supreme Pair first, for the first
    player to inspect (621a.6(b), (g))."""

    type: Literal["TilesDisplayed"] = "TilesDisplayed"
    pairs: tuple[tuple[TileText, TileText], ...]


class BankOffered(Event):
    """The dealer offers the bank to ``seat`` (621a.11(c))."""

    type: Literal["BankOffered"] = "BankOffered"
    seat: int


class BankPassed(Event):
    """``seat`` passes the bank, or may not take it (``reason``, cited)."""

    type: Literal["BankPassed"] = "BankPassed"
    seat: int
    reason: str = ""


class BankTaken(Event):
    """``seat`` is the bank with ``chips`` cents to cover the wagers; ``co_bank`` when the
    certificate holder covers half (621a.11(c)-(e))."""

    type: Literal["BankTaken"] = "BankTaken"
    seat: int
    chips: Cents
    co_bank: bool = False


class BankNotTaken(Event):
    """No player took the bank: the dealer banks the round (621a.11(c))."""

    type: Literal["BankNotTaken"] = "BankNotTaken"


class TilesMixed(Event):
    """The eight stacks after the mix, the dealer's rightmost first, each top tile first
    (621a.6(d)). Dealer-only: no player's or public view shows it."""

    type: Literal["TilesMixed"] = "TilesMixed"
    stacks: tuple[tuple[TileText, ...], ...]


class TilesRemixed(Event):
    """A tile was exposed while stacking: the whole set is mixed again (621a.6(e))."""

    type: Literal["TilesRemixed"] = "TilesRemixed"


class TilesCut(Event):
    """The bank's cut (621a.11(g)): stacks ``right`` moved to the right end, ``left`` to
    the left end (numbers from the dealer's right before the cut)."""

    type: Literal["TilesCut"] = "TilesCut"
    right: tuple[int, ...]
    left: tuple[int, ...]


class CutDeclined(Event):
    """The bank does not cut (621a.11(g))."""

    type: Literal["CutDeclined"] = "CutDeclined"


class DealerWagerPlaced(Event):
    """The dealer's wager of ``amount`` cents against the bank (621a.11(h))."""

    type: Literal["DealerWagerPlaced"] = "DealerWagerPlaced"
    amount: Cents


class DeliveryChosen(Event):
    """The delivery style, indicated to the table and to surveillance (621a.9,
    621a.11(i))."""

    type: Literal["DeliveryChosen"] = "DeliveryChosen"
    style: DeliveryStyle
    by: str


class DiceShaken(Event):
    """The three dice as they lie when the lid is removed, and their total (621a.8(a)(2),
    621a.8(b), 621a.11(i))."""

    type: Literal["DiceShaken"] = "DiceShaken"
    faces: tuple[int, ...]
    total: int
    by: str
    source: Literal["rng", "reading"] = "rng"


class NumberDrawn(Event):
    """The number the random number generator displays (621a.8(a)(1), (b))."""

    type: Literal["NumberDrawn"] = "NumberDrawn"
    number: int


class NoRoll(Event):
    """The dice do not count; they are shaken again (621a.12(a)-(b), 621a.11(i))."""

    type: Literal["NoRoll"] = "NoRoll"
    irregularity: Irregularity


class StartingPositionCounted(Event):
    """The count of ``total`` from ``counted_from`` (number one) ends at ``position``,
    which receives the first tiles (621a.8(c), 621a.11(j))."""

    type: Literal["StartingPositionCounted"] = "StartingPositionCounted"
    total: int
    counted_from: str
    position: str


class Delivery(Record):
    """Four tiles delivered to one position."""

    position: str
    tiles: tuple[TileText, ...]


class TilesDelivered(Event):
    """Every position's four tiles, in delivery order (621a.8(d), 621a.9, 621a.11(k)).
    Dealer-only: each player's view shows only its own tiles."""

    type: Literal["TilesDelivered"] = "TilesDelivered"
    style: DeliveryStyle
    deliveries: tuple[Delivery, ...]


class StacksCollected(Event):
    """The stacks of ``positions`` (no wager) go unseen to the Dead Hand (621a.8(e),
    621a.11(l))."""

    type: Literal["StacksCollected"] = "StacksCollected"
    positions: tuple[str, ...]


class ShakerCovered(Event):
    """The dealer covers the shaker, shakes it once and sets it to his right (621a.8(f),
    621a.11(m))."""

    type: Literal["ShakerCovered"] = "ShakerCovered"


class TileExposed(Event):
    """A tile of ``position`` was exposed (621a.12(d)-(e))."""

    type: Literal["TileExposed"] = "TileExposed"
    position: str
    tile: TileText


class ExposedHandDecided(Event):
    """The player of ``seat`` voids the hand or plays it out (621a.12(d))."""

    type: Literal["ExposedHandDecided"] = "ExposedHandDecided"
    seat: int
    void: bool


class HouseWayShown(Event):
    """The dealer shows the player of ``seat`` how the house sets the dealer's hands, for
    these tiles (621a.10(b)). Seen by that player only."""

    type: Literal["HouseWayShown"] = "HouseWayShown"
    seat: int
    high: tuple[TileText, TileText]
    low: tuple[TileText, TileText]
    rule: str


class HandsSet(Event):
    """Seat ``seat`` (a player, or the bank) set its hands face down (621a.10(a));
    ``by_dealer`` for a co-bank's hand set by the dealer (621a.11(e))."""

    type: Literal["HandsSet"] = "HandsSet"
    seat: int
    high: tuple[TileText, TileText]
    low: tuple[TileText, TileText]
    by_dealer: bool = False


class DealerTilesTurnedOver(Event):
    """The dealer's four tiles, turned over after every player has set (621a.10(c))."""

    type: Literal["DealerTilesTurnedOver"] = "DealerTilesTurnedOver"
    tiles: tuple[TileText, ...]


class DealerHandsSet(Event):
    """The dealer's high and low hands, face up (621a.10(c)); ``rule`` is the house-way
    rule that set them, or ``"entered"`` for a setting entered by the dealer."""

    type: Literal["DealerHandsSet"] = "DealerHandsSet"
    high: tuple[TileText, TileText]
    low: tuple[TileText, TileText]
    rule: str


class DealerHandsReset(Event):
    """The dealer's setting did not follow the house way: reset by it (621a.12(f))."""

    type: Literal["DealerHandsReset"] = "DealerHandsReset"
    high: tuple[TileText, TileText]
    low: tuple[TileText, TileText]
    rule: str


class HandsExposed(Event):
    """The hands of ``seat`` (or of the bank) exposed and compared (621a.10(f),
    621a.11(n)-(o)); ``result`` is the seat's result, empty for the bank."""

    type: Literal["HandsExposed"] = "HandsExposed"
    seat: int
    high: tuple[TileText, TileText]
    low: tuple[TileText, TileText]
    result: str = ""


class DealerWagerSettled(Event):
    """The dealer's wager against the bank: ``outcome`` and the ``won`` cents
    (621a.11(n), (p))."""

    type: Literal["DealerWagerSettled"] = "DealerWagerSettled"
    amount: Cents
    outcome: Outcome
    won: Cents = 0


class VigorishCollected(Event):
    """The vigorish of ``amount`` cents on a win of ``won`` cents (621a.10(k),
    621a.11(o), (q)); ``seat`` is the winner, ``None`` for the bank's surplus."""

    type: Literal["VigorishCollected"] = "VigorishCollected"
    seat: int | None
    won: Cents
    amount: Cents


class BankSettled(Event):
    """The bank's account of the round (621a.11(o), (r)), all in cents: ``centre`` (the
    losing and surrendered wagers, and a losing dealer's wager), ``paid`` (the winning
    wagers paid, a winning dealer's included), ``from_bank`` (the shortfall the bank
    paid), ``house_share`` (under co-banking, the half of a shortfall the house paid, or
    the half of a surplus it took), ``vigorish`` (on the bank's surplus) and ``net`` (the
    bank's result)."""

    type: Literal["BankSettled"] = "BankSettled"
    seat: int
    centre: Cents
    paid: Cents
    from_bank: Cents
    house_share: Cents
    vigorish: Cents
    net: Cents
    co_bank: bool = False


PaiGowEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | TableContext
    | TilesDisplayed
    | BankOffered
    | BankPassed
    | BankTaken
    | BankNotTaken
    | TilesMixed
    | TilesRemixed
    | TilesCut
    | CutDeclined
    | DealerWagerPlaced
    | WagerPlaced
    | WagerWithdrawn
    | NoMoreBets
    | DeliveryChosen
    | DiceShaken
    | NumberDrawn
    | NoRoll
    | StartingPositionCounted
    | TilesDelivered
    | StacksCollected
    | ShakerCovered
    | TileExposed
    | ExposedHandDecided
    | HouseWayShown
    | HandsSet
    | DealerTilesTurnedOver
    | DealerHandsSet
    | DealerHandsReset
    | HandsExposed
    | DealerWagerSettled
    | VigorishCollected
    | WagerSettled
    | BankSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]
