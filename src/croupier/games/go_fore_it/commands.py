"""The commands of a Go Fore It round (58 Pa. Code ch. 676a): the game's own, and the
union of every command it takes (with the wagering base's and the card procedure's)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import Command
from croupier.games.cards import (
    AnnounceNoMoreBets,
    CountStub,
    CutCards,
    DealCards,
    DiscardStub,
    PlaceWager,
    RequireRecut,
    ResolveMiscount,
    ShuffleCards,
    VoidRound,
    WithdrawWager,
)


# --- the game's own commands -------------------------------------------------------------
class Fold(Command):
    """Seat ``seat`` declines the Back 9 Wager and forfeits its Front 9 (676a.11(b))."""

    type: Literal["Fold"] = "Fold"
    seat: int


class RevealDealerHand(Command):
    """The dealer turns up his four cards and settles every player (676a.11(d))."""

    type: Literal["RevealDealerHand"] = "RevealDealerHand"


class Irregularity(StrEnum):
    """What the dealer or the floor can declare (676a.13)."""

    FACE_UP_CARD = "face_up_card"
    """The next card is found face up in the shoe or deck: it is discarded and the next
    card used; a second one voids the round (676a.13(a))."""
    CARD_DRAWN_IN_ERROR = "card_drawn_in_error"
    """A card drawn in error, face unexposed, is used as the next card (676a.13(b))."""
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    """A player or the dealer was dealt an incorrect number of cards: void (676a.13(c))."""
    CARD_EXPOSED = "card_exposed"
    """A dealer's card or a player's hole card was exposed before every player folded
    or made the Back 9: void (676a.13(d)). Give ``hand`` and ``card``."""
    SHUFFLER_JAM = "shuffler_jam"
    """The automated shuffler jammed or did not complete its cycle: reshuffle
    (676a.13(e))."""
    DEALING_SHOE_FAULT = "dealing_shoe_fault"
    """The automated dealing shoe jammed or failed to deal: void (676a.13(f))."""
    SHUFFLER_OUT_OF_ORDER = "shuffler_out_of_order"
    """The automated shuffler cannot be used: it is covered or signed out of order and
    the cards are shuffled by hand and cut (676a.13(g))."""
    DEALING_SHOE_OUT_OF_ORDER = "dealing_shoe_out_of_order"
    """The automated dealing shoe cannot be used: it is covered or signed out of order
    and the cards are dealt from a manual shoe (676a.13(g))."""


class DeclareIrregularity(Command):
    """The dealer or the floor declares an irregularity of 676a.13."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity
    hand: int | Literal["dealer"] | None = None
    """For an exposed card: the seat, or ``"dealer"``."""
    card: int | None = None
    """For an exposed card: its position in the hand, 0 to 3 (2 and 3 are hole cards)."""


GoForeItCommand = Annotated[
    PlaceWager
    | WithdrawWager
    | Fold
    | AnnounceNoMoreBets
    | ShuffleCards
    | CutCards
    | RequireRecut
    | DealCards
    | CountStub
    | DiscardStub
    | ResolveMiscount
    | RevealDealerHand
    | DeclareIrregularity
    | VoidRound,
    Field(discriminator="type"),
]
