"""The events of a Go Fore It round (58 Pa. Code ch. 676a): the card procedure's with the
game's types, and the game's own."""

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
from croupier.games.go_fore_it.commands import Irregularity
from croupier.rules.go_fore_it import (
    Device,
    Score,
    Shuffling,
)

HandId = int | Literal["dealer"]
"""A hand on the layout: a seat number, or :data:`~croupier.engine.DEALER`."""


# --- events --------------------------------------------------------------------------
class RoundSetup(shared.RoundSetup[Shuffling, Device]):
    """The equipment of this round, set by the table: the deck in play (its back
    colour), the shuffle, the dealing procedure, whether the stub must be counted this
    round, and devices signed out of order (676a.3, 676a.5, 676a.8(d), 676a.13(g))."""


class DeckShuffled(shared.DeckShuffledBy[Shuffling]):
    """The stack after the shuffle, top card first (676a.5(a)). Dealer-only: no
    player's or public view shows it."""


class CardDealt(shared.CardDealt[HandId]):
    """``card`` dealt face down as card ``position`` (0-3; 2 and 3 are the hole cards) of
    ``hand``. The card is in the event for the record and replay; views hide it."""


class IrregularityDeclared(Event):
    """The dealer or the floor declared ``irregularity`` (676a.13)."""

    type: Literal["IrregularityDeclared"] = "IrregularityDeclared"
    irregularity: Irregularity
    hand: int | Literal["dealer"] | None = None
    card: int | None = None


class EquipmentOutOfOrder(shared.EquipmentOutOfOrder[Device, Shuffling]):
    """``device`` is covered or signed out of order; another method takes over
    (676a.13(g))."""


class Folded(Event):
    """``seat`` declined the Back 9 Wager (676a.11(b))."""

    type: Literal["Folded"] = "Folded"
    seat: int


class HandCollected(Event):
    """A folded player's cards go face down to the discard rack (676a.11(c)(1)) or under
    his Skins or Gopher Wagers until they are settled (676a.11(c)(2))."""

    type: Literal["HandCollected"] = "HandCollected"
    seat: int
    to: Literal["discard_rack", "under_wagers"]


class DealerHandRevealed(Event):
    """The dealer's four cards, face up (676a.11(d))."""

    type: Literal["DealerHandRevealed"] = "DealerHandRevealed"
    cards: tuple[CardText, ...]
    total: int


class HandTurnedUp(Event):
    """A player's four cards turned face up and totalled (676a.11(d)(1)-(2))."""

    type: Literal["HandTurnedUp"] = "HandTurnedUp"
    seat: int
    cards: tuple[CardText, ...]
    total: int
    score: Score


GoForeItEvent = Annotated[
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
    | Folded
    | HandCollected
    | DealerHandRevealed
    | HandTurnedUp
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]
