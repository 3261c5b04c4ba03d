"""The events of a Criss-Cross Poker round (58 Pa. Code ch. 674a): the card procedure's
with the game's types, and the game's own."""

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
from croupier.games import cards as shared
from croupier.games.cards import (
    CardDiscarded,
    DeckCut,
    DeckRemoved,
    NoMoreBets,
    RecutRequired,
    ShuffleFailed,
    StubCounted,
    StubDiscarded,
    WagerWithdrawn,
)
from croupier.games.criss_cross_poker.commands import Irregularity
from croupier.rules.criss_cross_poker import (
    CrossPosition,
    Device,
    Payline,
    Shuffling,
)

HandId = int | Literal["community"]
"""A hand on the layout: a seat number, or :data:`COMMUNITY` (the cross)."""


# --- events ------------------------------------------------------------------------------
class RoundSetup(shared.RoundSetup[Shuffling, Device]):
    """The equipment of this round (674a.3, 674a.5, 674a.8(f), 674a.13(g))."""


class DeckShuffled(shared.DeckShuffledBy[Shuffling]):
    """The stack after the shuffle, top card first (674a.5(a)). Dealer-only."""


class CardDealt(shared.CardDealt[HandId]):
    """``card`` dealt face down to ``hand`` as its card ``position`` (the community
    boxes 0-4 in :data:`CROSS` order; a player's 0-1). Views hide it."""


class IrregularityDeclared(Event):
    type: Literal["IrregularityDeclared"] = "IrregularityDeclared"
    irregularity: Irregularity
    position: CrossPosition | None = None


class EquipmentOutOfOrder(shared.EquipmentOutOfOrder[Device, Shuffling]):
    """``device`` is covered or signed out of order; another method takes over
    (674a.13(g))."""


class MisdealDetermined(Event):
    """After a wrong stub count: whether the cards were misdealt (674a.8(h))."""

    type: Literal["MisdealDetermined"] = "MisdealDetermined"
    misdealt: bool


class Folded(Event):
    """``seat`` declined the ``spot`` bet (674a.11(b), (d), (f))."""

    type: Literal["Folded"] = "Folded"
    seat: int
    spot: str


class HandCollected(Event):
    """A folded player's cards go to the discard rack (674a.11(b), (d), (f))."""

    type: Literal["HandCollected"] = "HandCollected"
    seat: int


class CommunityCardsTurned(Event):
    """Community cards turned face up (674a.11(c), (e), (g))."""

    type: Literal["CommunityCardsTurned"] = "CommunityCardsTurned"
    positions: tuple[CrossPosition, ...]
    cards: tuple[CardText, ...]


class HandsTurnedUp(Event):
    """A player's two cards turned up and his Across and Down Hands formed
    (674a.11(g)); ``across`` and ``down`` describe each hand (674a.6), the lines are
    those of the paytables (674a.12)."""

    type: Literal["HandsTurnedUp"] = "HandsTurnedUp"
    seat: int
    cards: tuple[CardText, ...]
    across: str
    across_line: Payline
    down: str
    down_line: Payline


CrissCrossPokerEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | RoundSetup
    | WagerPlaced
    | WagerWithdrawn
    | NoMoreBets
    | DeckShuffled
    | DeckRemoved
    | DeckCut
    | RecutRequired
    | CardDealt
    | IrregularityDeclared
    | CardDiscarded
    | ShuffleFailed
    | EquipmentOutOfOrder
    | StubCounted
    | StubDiscarded
    | MisdealDetermined
    | Folded
    | HandCollected
    | CommunityCardsTurned
    | HandsTurnedUp
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]
