"""The commands of a Double Back Jack round (58 Pa. Code ch. 673a): what the dealer,
the floor and the players do, and the irregularities the dealer or the floor declares."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import DEALER, Command, SentCentsOrNone
from croupier.games._wagering import PlaceWager as PlaceWager
from croupier.games._wagering import VoidRound as VoidRound


class Decision(StrEnum):
    """A player's decision on his hand (673a.7(i), 673a.7(l), 673a.9-673a.11, 673a.13(c),
    (g), (h))."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    """With ``amount``: at most the original Blackjack Wager (673a.10(a))."""
    SPLIT = "split"
    SURRENDER = "surrender"
    SECOND_CHANCE = "second_chance"
    """On a bust: a Second Chance Wager equal to the current Blackjack Wager (673a.7(l))."""
    DECLINE_SECOND_CHANCE = "decline_second_chance"
    REFUSE_CARD = "refuse_card"
    """Refuse a card drawn in error and exposed: no more cards this round (673a.13(c))."""
    TAKE_LATE_CARD = "take_late_card"
    """A box dealt only one card takes its second after every other player's second card
    (673a.13(g)); a player whose requested card the dealer missed takes it after every
    other player's additional cards, before the hole card is turned (673a.13(h))."""
    DECLINE_LATE_CARD = "decline_late_card"
    """A box dealt only one card declines the late second card: the hand is dead and its
    Blackjack Wager returned (673a.13(g); ``interpretations:late-card-declined``); a
    player whose requested card the dealer missed has the hand called dead and its
    Blackjack Wager returned instead (673a.13(h))."""


class Decide(Command):
    """Box ``seat`` decides on its hand in turn (``amount`` cents for a double down)."""

    type: Literal["Decide"] = "Decide"
    seat: int
    decision: Decision
    amount: SentCentsOrNone = None


class ShuffleCards(Command):
    """The dealer (or the automated shuffler) shuffles the cards (673a.5(a))."""

    type: Literal["ShuffleCards"] = "ShuffleCards"


class CutCards(Command):
    """``cutter`` (a seat offered the cut, or the dealer) places the cover card
    ``position`` cards in from the top, at least ten from the top or bottom; the dealer
    moves the cards above it to the bottom and reinserts the cover card with
    ``cover_from_bottom`` cards below it, at least 1/4 of the stack (673a.5(d))."""

    type: Literal["CutCards"] = "CutCards"
    position: int
    cover_from_bottom: int
    cutter: int | Literal["dealer"] = DEALER


class RefuseCut(Command):
    """Box ``seat``, offered the cut now, refuses it: the offer passes to the next player
    in the order of 673a.5(c), or to the dealer when no player accepts (673a.5(b))."""

    type: Literal["RefuseCut"] = "RefuseCut"
    seat: int


class AcceptCut(Command):
    """Box ``seat``, offered the cut now (673a.5(b), (c)), accepts it and cuts: it places
    the cover card ``position`` cards in from the top, at least ten from the top or
    bottom (673a.5(d): "The player or dealer making the cut shall place the cover card").
    The dealer then records the cut (:class:`CutCards` with this box as ``cutter`` and
    this ``position``), moving the cards above the cover card to the bottom and
    reinserting it, which 673a.5(d) makes the dealer's act.

    Raises :class:`~croupier.errors.NotYourTurn` unless the box is offered the cut now
    (673a.5(c)) and :class:`~croupier.errors.IllegalCommand` for a position out of
    bounds (673a.5(d))."""

    type: Literal["AcceptCut"] = "AcceptCut"
    seat: int
    position: int


class RequireRecut(Command):
    """A floorperson requires the cards to be recut before they go in the shoe
    (673a.5(e))."""

    type: Literal["RequireRecut"] = "RequireRecut"


class LoadShoe(Command):
    """The stack goes into the dealing shoe and its first card to the discard rack
    (673a.7(a), (c))."""

    type: Literal["LoadShoe"] = "LoadShoe"


class BurnCard(Command):
    """A new dealer places one card in the discard rack before dealing (673a.7(c))."""

    type: Literal["BurnCard"] = "BurnCard"


class DealCards(Command):
    """The dealer deals the first two cards of the round (673a.7(e)).

    ``dealer_missed_first_card``: the dealer missed his first card and deals his two
    cards after the players' (673a.13(e)). ``dealer_missed_second_card``: he missed his
    second card and deals it after the players' second cards, where the deal puts it
    anyway (673a.13(e); recorded). ``no_cards``: boxes dealt no cards (dead;
    included in the next deal, 673a.13(g)). ``one_card``: boxes dealt only one card,
    whose second card comes after every other player's second card (673a.13(g)).
    """

    type: Literal["DealCards"] = "DealCards"
    dealer_missed_first_card: bool = False
    dealer_missed_second_card: bool = False
    no_cards: tuple[int, ...] = ()
    one_card: tuple[int, ...] = ()


class ReadHoleCard(Command):
    """The dealer inserts the hole card in the card reader device (673a.7(h))."""

    type: Literal["ReadHoleCard"] = "ReadHoleCard"


class PlayDealerHand(Command):
    """The dealer turns up the hole card and draws to 16, standing on all 17s
    (673a.7(n)-(p))."""

    type: Literal["PlayDealerHand"] = "PlayDealerHand"


class SettleWagers(Command):
    """The dealer settles the remaining hands (673a.7(q)-(u))."""

    type: Literal["SettleWagers"] = "SettleWagers"


class Irregularity(StrEnum):
    """What the dealer or the floor can declare (673a.13)."""

    FACE_UP_CARD = "face_up_card"
    """The next card is face up in the shoe: it goes to the discard rack (673a.13(a))."""
    CARD_DRAWN_IN_ERROR = "card_drawn_in_error"
    """A card drawn in error, unexposed, is used as the next card (673a.13(b))."""
    EXPOSED_CARD_DRAWN_IN_ERROR = "exposed_card_drawn_in_error"
    """After the initial two cards a card drawn in error is exposed: it is the next card;
    a player may refuse it (673a.13(c))."""
    DEALER_DREW_ON_17 = "dealer_drew_on_17"
    """The dealer, standing, drew a card: it goes to the discard rack (673a.13(d))."""
    READER_MISUSED = "reader_misused"
    """The hole card went into the reader under a card other than an ace or ten-value
    card: the floor is notified and play continues (673a.13(i))."""
    READER_MALFUNCTION = "reader_malfunction"
    """The card reader malfunctions: no dealing until it is repaired (673a.13(j))."""
    READER_REPAIRED = "reader_repaired"
    """The card reader is repaired or replaced (673a.13(j))."""
    SHUFFLER_JAM = "shuffler_jam"
    """The automated shuffler jammed or failed to complete: reshuffle (673a.13(k))."""
    SHUFFLER_OUT_OF_ORDER = "shuffler_out_of_order"
    """The automated shuffler cannot be used: covered or signed out of order, the cards
    are shuffled by hand (673a.13(l))."""
    MISSED_REQUESTED_CARD = "missed_requested_card"
    """The player in turn, after his first two cards, requested a card and the dealer
    failed to deal it: the hand waits until every other player has received his
    additional cards, then the player takes the card or has the hand called dead and his
    Blackjack Wager returned, before the hole card is turned (673a.13(h))."""


class DeclareIrregularity(Command):
    """The dealer or the floor declares an irregularity of 673a.13."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity


DoubleBackJackCommand = Annotated[
    PlaceWager
    | Decide
    | ShuffleCards
    | CutCards
    | RefuseCut
    | AcceptCut
    | RequireRecut
    | LoadShoe
    | BurnCard
    | DealCards
    | ReadHoleCard
    | PlayDealerHand
    | SettleWagers
    | DeclareIrregularity
    | VoidRound,
    Field(discriminator="type"),
]
