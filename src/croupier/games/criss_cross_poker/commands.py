"""The commands of a Criss-Cross Poker round (58 Pa. Code ch. 674a): the game's own, and
the union of every command it takes (with the wagering base's and the card procedure's)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from croupier.engine import (
    Command,
    SentCents,
)
from croupier.equipment.cards import DealingProcedure
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
from croupier.rules.criss_cross_poker import (
    CrossPosition,
    Device,
    Shuffling,
)


# --- the game's own commands -------------------------------------------------------------
class SetUpRound(Command):
    """The table sets the round's equipment (sent by :meth:`CrissCrossPokerRound.open`)."""

    type: Literal["SetUpRound"] = "SetUpRound"
    deck: str
    shuffling: Shuffling
    shuffler_counts: bool
    dealing_procedure: DealingProcedure
    stub_count_due: bool
    out_of_order: tuple[Device, ...] = ()


class PlaceAntes(Command):
    """Seat ``seat`` places its Ante Across and Ante Down Wagers, cents; they must be
    equal (674a.7(d)). A second placement before "no more bets" adds to both."""

    type: Literal["PlaceAntes"] = "PlaceAntes"
    seat: int
    ante_across: SentCents
    ante_down: SentCents


class Fold(Command):
    """Seat ``seat`` declines the bet the dealer asks for now, forfeiting its antes and
    earlier bets (674a.11(b), (d), (f))."""

    type: Literal["Fold"] = "Fold"
    seat: int


class RevealCommunityCards(Command):
    """The dealer turns up the next community cards: the two outer horizontal cards
    (674a.11(c)), the two outer vertical cards (674a.11(e)), then the middle card, and
    settles every player (674a.11(g)-(h))."""

    type: Literal["RevealCommunityCards"] = "RevealCommunityCards"


class Irregularity(StrEnum):
    """What the dealer or the floor can declare (674a.13)."""

    FACE_UP_CARD = "face_up_card"
    """674a.13(a): discarded; a second one voids the round."""
    CARD_DRAWN_IN_ERROR = "card_drawn_in_error"
    """674a.13(b): used as the next card."""
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    """674a.13(c): void."""
    COMMUNITY_CARD_EXPOSED = "community_card_exposed"
    """674a.13(d): a community card exposed before the dealer reveals it: void. Give
    ``position``."""
    SHUFFLER_JAM = "shuffler_jam"
    """674a.13(e): reshuffle."""
    DEALING_SHOE_FAULT = "dealing_shoe_fault"
    """674a.13(f): void, reshuffle."""
    SHUFFLER_OUT_OF_ORDER = "shuffler_out_of_order"
    """674a.13(g): covered or signed; shuffled by hand and cut."""
    DEALING_SHOE_OUT_OF_ORDER = "dealing_shoe_out_of_order"
    """674a.13(g): covered or signed; dealt from a manual shoe."""


class DeclareIrregularity(Command):
    """The dealer or the floor declares an irregularity of 674a.13."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity
    position: CrossPosition | None = None
    """For an exposed community card: its box in the cross."""


CrissCrossPokerCommand = Annotated[
    SetUpRound
    | PlaceAntes
    | PlaceWager
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
    | RevealCommunityCards
    | DeclareIrregularity
    | VoidRound,
    Field(discriminator="type"),
]
