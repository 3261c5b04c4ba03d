"""A Double Back Jack round as its events leave it (58 Pa. Code ch. 673a): the phase,
the hands and the round's state."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from croupier.engine import DEALER, WagerSettled
from croupier.equipment.cards import Card, DiscardRack
from croupier.hands.blackjack import (
    BLACKJACK_TOTAL,
    card_value,
    hand_value,
    is_blackjack,
    is_ten_value,
    second_chance_value,
)
from croupier.money import Cents
from croupier.rules.double_back_jack import DoubleBackJackRules, InsufficientCardsCut, Shuffling

HandId = int | Literal["dealer"]
"""A hand on the layout: a box (seat) number, or :data:`~croupier.engine.DEALER`."""


class Phase(StrEnum):
    SHUFFLE = "shuffle"
    CUT = "cut"
    LOAD = "load"
    """Cut: the stack goes in the shoe (a recut may be required first)."""
    BURN = "burn"
    """A new dealer burns a card before dealing (673a.7(c))."""
    BETTING = "betting"
    DEAL = "deal"
    READER = "reader"
    """The dealer shows an ace or ten-value card: Insurance (on an ace) and surrender,
    then the card reader."""
    PLAY = "play"
    """Players decide in turn; with no one to act, the dealer plays."""
    DEALER = "dealer"
    SETTLE = "settle"
    COMPLETED = "completed"
    VOIDED = "voided"


class HandStatus(StrEnum):
    """Where a player's hand stands (derived from its cards and decisions)."""

    NEEDS_CARD = "needs_card"
    BLACKJACK = "blackjack"
    TWENTY_ONE = "twenty_one"
    """21 (or a Second Chance hand that ended at or over 21): settled at once."""
    PLAYING = "playing"
    BUST = "bust"
    """Over 21: the Second Chance Wager is offered (673a.7(l))."""
    STOOD = "stood"
    SURRENDERED = "surrendered"
    """Surrendered before the card reader: settled after it (673a.9(a)(2))."""
    MISSED_CARD = "missed_card"
    """The dealer missed the card the player requested: the hand waits until every other
    hand is complete, then the player takes the card or has the hand called dead
    (673a.13(h))."""
    SETTLED = "settled"


@dataclass
class Hand:
    """One player hand: box ``seat``, ``index`` 0 (or 1, the second of a split)."""

    seat: int
    index: int
    cards: list[Card] = field(default_factory=list)
    split: bool = False
    doubled: bool = False
    second_chance: bool = False
    second_chance_card: Card | None = None
    owed: bool = False
    stood: bool = False
    surrendered: bool = False
    decided: bool = False
    discarded: bool = False
    missed: bool = False
    """The dealer missed the card requested for this hand (673a.13(h))."""

    @property
    def total(self) -> int:
        """The hand's total (673a.3(d)), less a second chance card (673a.7(l))."""
        total = hand_value(self.cards).total
        if self.second_chance_card is not None:
            total -= second_chance_value(self.second_chance_card)
        return total

    def status(self) -> HandStatus:
        if self.discarded:
            return HandStatus.SETTLED
        if self.surrendered:
            return HandStatus.SURRENDERED
        if self.missed:
            return HandStatus.MISSED_CARD
        if self.owed or (len(self.cards) < 2 and not self.stood):
            return HandStatus.NEEDS_CARD
        if is_blackjack(self.cards, split=self.split):
            return HandStatus.BLACKJACK
        total = self.total
        if self.second_chance_card is not None:
            return HandStatus.STOOD if total < BLACKJACK_TOTAL else HandStatus.TWENTY_ONE
        if total == BLACKJACK_TOTAL:
            return HandStatus.TWENTY_ONE
        if total > BLACKJACK_TOTAL:
            return HandStatus.BUST
        if self.stood or self.doubled:
            return HandStatus.STOOD
        return HandStatus.PLAYING


@dataclass
class DoubleBackJackState:
    """A round of Double Back Jack as its events have left it."""

    rules: DoubleBackJackRules
    seats: dict[int, str]
    batch: str = ""
    shuffling: Shuffling = Shuffling.MANUAL
    barred: tuple[int, ...] = ()
    cut_offer: tuple[int, ...] = ()
    phase: Phase = Phase.BETTING
    shoe: list[Card] = field(default_factory=list)
    """The cards in the dealing shoe, top first (dealer-only)."""
    cover_at: int | None = None
    """Cards below the cover card in the shoe; ``None`` once it has appeared."""
    cover_reached: bool = False
    cover_hand: HandId | None = None
    """Where the cover card last appeared this round (673a.5(c)(2)-(3), 673a.13(f))."""
    stack: list[Card] = field(default_factory=list)
    """A shuffled stack not yet in the shoe."""
    cover_from_bottom: int = 0
    cut_done: bool = False
    cut_refused: list[int] = field(default_factory=list)
    """The boxes that refused the cut of this stack, in turn (673a.5(b), (c))."""
    cut_accepted: tuple[int, int] | None = None
    """The box that accepted the cut and the position of its cover card, until the dealer
    records the cut (673a.5(d))."""
    last_cutter: int | Literal["dealer"] | None = None
    recut: bool = False
    """A floorperson required a recut (673a.5(e))."""
    burn_due: bool = False
    resume: Phase | None = None
    """The phase to return to after a reshuffle for insufficient cards (673a.13(f))."""
    setup_done: bool = False
    wagers: dict[int, dict[str, Cents]] = field(default_factory=dict)
    boxes: tuple[int, ...] = ()
    plan: list[tuple[HandId, bool]] = field(default_factory=list)
    dealt: int = 0
    one_card: tuple[int, ...] = ()
    """Boxes dealt only one card in the deal (673a.13(g))."""
    late_choices: dict[int, bool] = field(default_factory=dict)
    """A one-card box's option: ``True`` take the late second card, ``False`` decline it
    (673a.13(g))."""
    hands: dict[tuple[int, int], Hand] = field(default_factory=dict)
    dealer: list[Card] = field(default_factory=list)
    hole_turned: bool = False
    reader_read: bool = False
    dealer_blackjack: bool = False
    exposed: bool = False
    """The top card of the shoe was drawn in error and exposed (673a.13(c))."""
    refused: set[int] = field(default_factory=set)
    reader_down: bool = False
    shuffler_down: bool = False
    dealer_total: int | None = None
    burned: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    discard_rack: DiscardRack = field(default_factory=DiscardRack)
    settlements: list[WagerSettled] = field(default_factory=list)
    void_reason: str | None = None

    @property
    def up_card(self) -> Card | None:
        return self.dealer[0] if self.dealer else None

    def cut_entitled(self) -> tuple[int | Literal["dealer"], ...]:
        """Who may cut the stack now (673a.5(b), (c), (e)).

        The cut is offered to the boxes of :attr:`cut_offer` in turn, skipping each that
        refused; when no player accepts, the dealer cuts (673a.5(b)). A recut is made by
        the one who last cut or by the next entitled after him (673a.5(e)). Once a box
        has accepted the cut (:class:`AcceptCut`), it alone.
        """
        if self.cut_accepted is not None:
            return (self.cut_accepted[0],)
        order: list[int | Literal["dealer"]] = [*self.cut_offer, DEALER]
        start = 0
        if self.recut:
            last = self.last_cutter
            start = order.index(last) + 1 if last in order[:-1] else len(order) - 1
        following = next(who for who in order[start:] if who not in self.cut_refused)
        if self.recut and self.last_cutter is not None and self.last_cutter != following:
            return (self.last_cutter, following)
        return (following,)

    def cut_offered_to(self) -> int | None:
        """The box offered the cut now, which may accept or refuse it (673a.5(c));
        ``None`` when it is the dealer's, a box has accepted it or no cut is due."""
        if self.phase is not Phase.CUT or self.cut_accepted is not None:
            return None
        offered = self.cut_entitled()[-1]
        return offered if isinstance(offered, int) else None

    def late_card_due(self) -> int | None:
        """The box whose option on a late card is due now, else ``None``: in the deal,
        a box dealt only one card whose late second card is next and who has not yet
        chosen to take or decline it (673a.13(g)); in play, a box whose requested card
        the dealer missed, once every other hand is complete (673a.13(h), the hand
        :meth:`current` returns)."""
        if self.phase is Phase.PLAY:
            hand = self.current()
            return hand.seat if hand is not None and hand.missed else None
        if self.phase is not Phase.DEAL or self.dealt >= len(self.plan):
            return None
        to, _ = self.plan[self.dealt]
        if (
            isinstance(to, int)
            and to in self.one_card
            and len(self.hands[(to, 0)].cards) == 1
            and to not in self.late_choices
        ):
            return to
        return None

    def offers_reader(self) -> bool:
        """The dealer's first card is an ace or ten-value card (673a.7(h))."""
        up = self.up_card
        return up is not None and (card_value(up) == 1 or is_ten_value(up))

    def ordered(self, reverse: bool = False) -> list[Hand]:
        """The hands clockwise from the dealer's left (``reverse``: counterclockwise from
        the dealer's right)."""
        return [self.hands[key] for key in sorted(self.hands, reverse=reverse)]

    def current(self) -> Hand | None:
        """The hand the dealer is completing now (673a.7(i), 673a.11(b)); a hand whose
        requested card was missed comes after every other hand (673a.13(h))."""
        if self.phase is not Phase.PLAY:
            return None
        waiting: Hand | None = None
        for hand in self.ordered():
            status = hand.status()
            if status is HandStatus.MISSED_CARD:
                waiting = waiting or hand
            elif status not in (HandStatus.SETTLED, HandStatus.STOOD, HandStatus.SURRENDERED):
                return hand
        return waiting

    def insufficient_cards_offer(self) -> tuple[int, ...]:
        """The boxes offered the cut of the discard rack when the shoe runs out mid-round
        (673a.13(f)), in the order of 673a.5(c) as the Rules Submission reads it
        (:class:`~croupier.rules.double_back_jack.InsufficientCardsCut`)."""
        by_cover = self.rules.insufficient_cards_cut is InsufficientCardsCut.COVER_CARD
        if by_cover and isinstance(self.cover_hand, int) and self.cover_hand in self.seats:
            return (self.cover_hand,)
        return tuple(sorted(self.seats, reverse=True))

    def to_act(self) -> Hand | None:
        """The hand whose player must decide now, or ``None``."""
        hand = self.current()
        if hand is not None and hand.status() in (HandStatus.PLAYING, HandStatus.BUST):
            return hand
        return None

    def live(self) -> list[Hand]:
        """Hands still standing against the dealer."""
        return [h for h in self.ordered() if h.status() is HandStatus.STOOD]

    def layout_cards(self) -> list[Card]:
        """Every card on the layout (not yet in the discard rack)."""
        cards = list(self.dealer)
        for hand in self.hands.values():
            if not hand.discarded:
                cards += hand.cards
                if hand.second_chance_card is not None:
                    cards.append(hand.second_chance_card)
        return cards
