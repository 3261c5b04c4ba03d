"""The events of a Double Back Jack round (58 Pa. Code ch. 673a)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import (
    ClientSeedGiven,
    Event,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.cards import CardText
from croupier.games.cards import CardDiscarded, DeckShuffled, RecutRequired, ShuffleFailed
from croupier.games.double_back_jack.commands import Decision, Irregularity
from croupier.money import Cents
from croupier.rules.double_back_jack import Shuffling


class RoundSetup(Event):
    """The shoe as the table hands it to this round (dealer-only): the batch in use (its
    back colour), the cards left in the shoe top first (empty when a shuffle is due),
    how many cards lie below the cover card (``None``: it has appeared), why a shuffle is
    due, whether a new dealer must burn a card, the boxes barred since the shuffle
    (673a.6(b)) and the order in which the cut is offered (673a.5(c))."""

    type: Literal["RoundSetup"] = "RoundSetup"
    batch: str
    shuffling: Shuffling
    shoe: tuple[CardText, ...] = ()
    cover_at: int | None = None
    shuffle_due: str | None = None
    burn_due: bool = False
    barred: tuple[int, ...] = ()
    cut_offer: tuple[int, ...] = ()


class DeckCut(Event):
    """The cut at ``position`` by ``cutter`` and the cover card reinserted with
    ``cover_from_bottom`` cards below it (673a.5(d))."""

    type: Literal["DeckCut"] = "DeckCut"
    position: int
    cover_from_bottom: int
    cutter: int | Literal["dealer"]


class CutRefused(Event):
    """Box ``seat`` refused the cut offered to it (673a.5(b), (c))."""

    type: Literal["CutRefused"] = "CutRefused"
    seat: int


class CutAccepted(Event):
    """Box ``seat`` accepted the cut offered to it and placed the cover card
    ``position`` cards in from the top (673a.5(b)-(d)); the dealer's :class:`DeckCut`
    follows, by this box at this position."""

    type: Literal["CutAccepted"] = "CutAccepted"
    seat: int
    position: int


class ShoeLoaded(Event):
    """The stack of ``cards`` cards is in the dealing shoe (673a.7(a))."""

    type: Literal["ShoeLoaded"] = "ShoeLoaded"
    cards: int


class CardBurned(Event):
    """``card`` went face down to the discard rack unseen (673a.7(c), 673a.13(f));
    dealer-only."""

    type: Literal["CardBurned"] = "CardBurned"
    card: CardText


class DealStarted(Event):
    """The deal of 673a.7(e) begins for ``boxes`` (clockwise from the dealer's left)."""

    type: Literal["DealStarted"] = "DealStarted"
    boxes: tuple[int, ...]
    dealer_missed_first_card: bool = False
    dealer_missed_second_card: bool = False
    no_cards: tuple[int, ...] = ()
    one_card: tuple[int, ...] = ()


class CardDealt(Event):
    """``card`` dealt to ``hand`` (a box, or the dealer); ``split_hand`` is 0, or 1 for
    the second hand of a split. ``face_up`` is false only for the hole card (views hide
    it until it is turned up). ``sideways`` marks a double down or second chance card."""

    type: Literal["CardDealt"] = "CardDealt"
    hand: int | Literal["dealer"]
    split_hand: int = 0
    card: CardText
    face_up: bool = True
    sideways: bool = False


class CoverCardReached(Event):
    """The cover card came out of the shoe while dealing to ``hand``: it is set aside,
    the round is completed and the cards are then reshuffled (673a.7(d))."""

    type: Literal["CoverCardReached"] = "CoverCardReached"
    hand: int | Literal["dealer"]


class ShoeExhausted(Event):
    """No cards are left to complete the round: the discard rack is shuffled and cut
    (673a.13(f))."""

    type: Literal["ShoeExhausted"] = "ShoeExhausted"


class HoleCardRead(Event):
    """The card reader device says whether the hole card gives the dealer a Blackjack
    (673a.7(h))."""

    type: Literal["HoleCardRead"] = "HoleCardRead"
    blackjack: bool


class PlayerDecided(Event):
    """Box ``seat`` decided ``decision`` on hand ``split_hand`` (``amount``: a double)."""

    type: Literal["PlayerDecided"] = "PlayerDecided"
    seat: int
    split_hand: int = 0
    decision: Decision
    amount: Cents | None = None


class HandDiscarded(Event):
    """The cards of box ``seat`` hand ``split_hand`` go to the discard rack once its
    wagers are settled (673a.7(f), (l), (m))."""

    type: Literal["HandDiscarded"] = "HandDiscarded"
    seat: int
    split_hand: int = 0


class HoleCardTurned(Event):
    """The dealer's hole card turned face up (673a.7(h), (n))."""

    type: Literal["HoleCardTurned"] = "HoleCardTurned"
    card: CardText


class DealerTotalAnnounced(Event):
    """The dealer's total after a card (673a.7(o))."""

    type: Literal["DealerTotalAnnounced"] = "DealerTotalAnnounced"
    total: int
    soft: bool


class DealerHandComplete(Event):
    """The dealer's hand is final at ``total`` (673a.7(o), or 673a.7(p) with no draw)."""

    type: Literal["DealerHandComplete"] = "DealerHandComplete"
    total: int


class SettlementBegun(Event):
    """The dealer settles the remaining hands against ``dealer_total`` (673a.7(q))."""

    type: Literal["SettlementBegun"] = "SettlementBegun"
    dealer_total: int


class IrregularityDeclared(Event):
    """The dealer or the floor declared ``irregularity`` (673a.13)."""

    type: Literal["IrregularityDeclared"] = "IrregularityDeclared"
    irregularity: Irregularity


class RequestedCardMissed(Event):
    """Box ``seat`` hand ``split_hand`` requested an additional card that the dealer
    failed to deal (673a.13(h)): the hand waits for the player's option once every other
    hand is complete."""

    type: Literal["RequestedCardMissed"] = "RequestedCardMissed"
    seat: int
    split_hand: int = 0


class ShufflerOutOfOrder(Event):
    """The automated shuffler is covered or signed out of order; the cards are shuffled
    by hand (673a.13(l))."""

    type: Literal["ShufflerOutOfOrder"] = "ShufflerOutOfOrder"


DoubleBackJackEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | RoundSetup
    | DeckShuffled
    | DeckCut
    | CutRefused
    | CutAccepted
    | RecutRequired
    | ShoeLoaded
    | CardBurned
    | WagerPlaced
    | DealStarted
    | CardDealt
    | CoverCardReached
    | ShoeExhausted
    | HoleCardRead
    | PlayerDecided
    | HandDiscarded
    | HoleCardTurned
    | DealerTotalAnnounced
    | DealerHandComplete
    | SettlementBegun
    | IrregularityDeclared
    | CardDiscarded
    | RequestedCardMissed
    | ShuffleFailed
    | ShufflerOutOfOrder
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]
