"""Cards, decks, the cover card, and the card-handling procedures the card chapters
share (673a, 674a, 676a).

- :class:`Card` is compact and hashable: 52 interned instances, each an ``int``
  index 0..51 with a ``rank`` and a ``suit``, written ``"As"``, ``"Td"``, ``"2c"``.
- :func:`deck` is the 52 cards by suit and in sequence, as spread for inspection
  (674a.4(b), 676a.4(b)); :func:`shoe` is several decks; :func:`shuffled` a stack
  randomly intermixed by Fisher-Yates over an :class:`~croupier.rng.Rng`.
- :func:`cut` is the cut with the cover card at least ten cards in from the top,
  the cards above it and the cover card going to the bottom (674a.5(d), 676a.5(d)).
- :func:`insert_cover_card` puts the cover card a fraction of the way in from the bottom
  (at least 1/4 for 673a.5(d)); :func:`least_cover_from_bottom` is that least depth.
- :func:`deal_order` gives who receives each card under each dealing procedure:
  one card at a time clockwise (674a.8, 676a.8 manual shoe; 674a.9, 676a.9 hand)
  or in stacks from an automated dealing shoe (676a.10).
- :class:`DeckRotation` is the table's record of its decks across rounds: two
  decks alternating with an automated shuffler (674a.3(b), 676a.3(b)), the stub
  count due at least once every 5 rounds when the shuffler does not count
  (676a.8(d)), and the deck change due after its time in use (676a.3(c)).
- :class:`DiscardRack` keeps each hand together, in order, so that every hand can
  be reconstructed (676a.11(e)).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import IntEnum, StrEnum
from fractions import Fraction
from typing import Annotated, ClassVar, Final, Protocol

from pydantic import PlainSerializer, PlainValidator

from croupier.errors import IllegalCommand, ImpossibleEquipment
from croupier.rng import Rng, shuffle


class Rank(IntEnum):
    """Card ranks, 2 (lowest in poker) to ace (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """``"2"`` .. ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return RANK_SYMBOLS[self - 2]

    @property
    def named(self) -> str:
        """The rank in a player's words, with its article: ``"a 4"``, ``"an 8"``, ``"a
        10"``, ``"a jack"``, ``"an ace"``.

        >>> Rank.EIGHT.named, Rank.TEN.named, Rank.QUEEN.named, Rank.ACE.named
        ('an 8', 'a 10', 'a queen', 'an ace')
        """
        word = str(int(self)) if self <= Rank.TEN else self.name.lower()
        return f"{'an' if word[0] in 'a8' else 'a'} {word}"


class Suit(StrEnum):
    """The four suits; no suit outranks another in these games (674a.6(a))."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


RANK_SYMBOLS: Final = "23456789TJQKA"
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX: Final[dict[str, int]] = {suit.value: index for index, suit in enumerate(SUITS)}
CARDS_IN_DECK: Final = 52
DECK: Final = "673a.3(d); 674a.6(a); 676a.6"
"""The sections that name the cards of a deck (ranks 2 to 10, jack, queen, king, ace;
four suits of equal rank) in each card chapter: what an impossible card cites."""


class Card(int):
    """A playing card: an ``int`` 0..51 (``4 * (rank - 2) + suit``) with its rank and suit.

    The 52 cards are interned: build them with :meth:`of` or :meth:`parse`.

    >>> Card.parse("As").rank, Card.parse("As").suit
    (<Rank.ACE: 14>, <Suit.SPADES: 's'>)
    >>> str(Card.of(Rank.TEN, Suit.DIAMONDS))
    'Td'
    """

    __slots__ = ()
    _all: ClassVar[list[Card]] = []
    _by_text: ClassVar[dict[str, Card]] = {}

    @property
    def rank(self) -> Rank:
        return Rank(int(self) // 4 + 2)

    @property
    def suit(self) -> Suit:
        return SUITS[int(self) % 4]

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | str) -> Card:
        """The card of ``rank`` (a :class:`Rank` or an ``int`` 2..14: 2 to 10, jack 11,
        queen 12, king 13, ace 14) and ``suit`` (a :class:`Suit` or ``"c"``, ``"d"``,
        ``"h"``, ``"s"``).

        Raises :class:`~croupier.errors.ImpossibleEquipment` (citing :data:`DECK`) for a
        rank or suit no deck has: a rank 1 or 0 is not read as an ace or a king, and a
        ``bool`` is not a rank.
        """
        if (type(rank) is not int and not isinstance(rank, Rank)) or not 2 <= rank <= 14:
            raise ImpossibleEquipment(
                f"a card's rank is 2 to 10, jack (11), queen (12), king (13) or ace (14), "
                f"not {rank!r}",
                DECK,
            )
        if not isinstance(suit, str) or suit not in _SUIT_INDEX:
            raise ImpossibleEquipment(
                f"a card's suit is c, d, h or s (clubs, diamonds, hearts, spades), not {suit!r}",
                DECK,
            )
        return cls._all[4 * (int(rank) - 2) + _SUIT_INDEX[suit]]

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"As"``, ``"td"``, ``"10h"`` -> the card; raises ``ValueError`` otherwise."""
        key = text.strip()
        key = key[:-1].upper().replace("10", "T") + key[-1:].lower()
        try:
            return cls._by_text[key]
        except KeyError:
            raise ValueError(
                f"{text!r} is not a card: write rank (2-9, T, J, Q, K, A) then suit "
                "(c, d, h, s), e.g. 'As' or 'Td'"
            ) from None

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose index is ``index`` (an ``int`` 0..51, ``4 * (rank - 2) + suit``).

        Raises :class:`~croupier.errors.ImpossibleEquipment` (citing :data:`DECK`) for
        any other index: -1 is not read as the last card, and a ``bool`` is not an index.
        """
        if type(index) is not int or not 0 <= index < CARDS_IN_DECK:
            raise ImpossibleEquipment(
                f"a deck has {CARDS_IN_DECK} cards, indexed 0 to {CARDS_IN_DECK - 1}: "
                f"there is no card {index!r}",
                DECK,
            )
        return cls._all[index]

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


for _index in range(52):
    _card = int.__new__(Card, _index)
    Card._all.append(_card)
    Card._by_text[str(_card)] = _card


def _card_from_json(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ValueError(f"a card is written as text such as 'As', not {value!r}")


CardText = Annotated[Card, PlainValidator(_card_from_json), PlainSerializer(str, return_type=str)]
"""A :class:`Card` in a pydantic model, stored as its text (``"As"``)."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"As Kd 2c"`` -> three cards."""
    return tuple(Card.parse(part) for part in text.split())


def deck() -> list[Card]:
    """A fresh deck of 52, by suit and in sequence (674a.4(b), 676a.4(b))."""
    return [Card.of(rank, suit) for suit in SUITS for rank in Rank]


def shoe(decks: int) -> list[Card]:
    """``decks`` fresh decks one after another."""
    return [card for _ in range(decks) for card in deck()]


def shuffled(rng: Rng, cards: Sequence[Card] | None = None) -> list[Card]:
    """A new stack: ``cards`` (default: a fresh :func:`deck`) randomly intermixed by
    Fisher-Yates over ``rng`` (674a.5(a), 676a.5(a)); the top of the stack is index 0."""
    stack = list(deck() if cards is None else cards)
    shuffle(rng, stack)
    return stack


class CoverCard:
    """The cover card: a blank card used for the cut, not a playing card."""

    _instance: ClassVar[CoverCard | None] = None

    def __new__(cls) -> CoverCard:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "COVER_CARD"


COVER_CARD: Final = CoverCard()

MIN_CUT_FROM_TOP: Final = 10
"""The cover card goes at least ten cards in from the top (674a.5(d), 676a.5(d))."""


def cut(
    stack: Sequence[Card],
    position: int,
    cite: str,
    minimum: int = MIN_CUT_FROM_TOP,
    minimum_from_bottom: int = 1,
) -> list[Card | CoverCard]:
    """The stack after the cut: the cover card inserted ``position`` cards in from the
    top, then the cards above it and the cover card placed on the bottom.

    The top of a stack is index 0. Raises :class:`IllegalCommand` (citing ``cite``)
    unless ``minimum <= position <= len(stack) - minimum_from_bottom`` (673a.5(d) also
    keeps the cover card ten cards from the bottom).
    """
    least, most = cut_positions(len(stack), minimum, minimum_from_bottom)
    if not least <= position <= most:
        raise IllegalCommand(
            f"the cover card goes at least {minimum} cards in from the top of the "
            f"{len(stack)}-card stack and at least {minimum_from_bottom} from its bottom; "
            f"not {position}",
            cite,
        )
    return [*stack[position:], *stack[:position], COVER_CARD]


def cut_positions(
    cards: int, minimum: int = MIN_CUT_FROM_TOP, minimum_from_bottom: int = 1
) -> tuple[int, int]:
    """The least and most positions (cards in from the top) a cut of a stack of ``cards``
    may be made at, keeping ``minimum`` cards above it and ``minimum_from_bottom`` below:
    the one range :func:`cut` refuses outside and an offer of a cut gives.

    >>> cut_positions(312, 10, 10)
    (10, 302)
    """
    return minimum, cards - minimum_from_bottom


def cover_positions(cards: int, fraction: Fraction = Fraction(1, 4)) -> tuple[int, int]:
    """The least and most cards below a cover card reinserted in a stack of ``cards``, at
    least ``fraction`` of the way in from the bottom and not on top (673a.5(d)): the one
    range :func:`insert_cover_card` refuses outside and an offer of a cut gives.

    >>> cover_positions(52)
    (13, 51)
    """
    return least_cover_from_bottom(cards, fraction), cards - 1


def least_cover_from_bottom(cards: int, fraction: Fraction = Fraction(1, 4)) -> int:
    """The fewest cards that may lie below a cover card inserted at least ``fraction``
    of the way in from the bottom of a stack of ``cards`` (673a.5(d): 1/4).

    >>> least_cover_from_bottom(52), least_cover_from_bottom(312)
    (13, 78)
    """
    exact = cards * fraction
    return -(-exact.numerator // exact.denominator)


def insert_cover_card(
    stack: Sequence[Card], from_bottom: int, cite: str, fraction: Fraction = Fraction(1, 4)
) -> list[Card | CoverCard]:
    """``stack`` with the cover card inserted so that ``from_bottom`` cards lie below it,
    at least ``fraction`` of the way in from the bottom (673a.5(d)) and not on top.

    Raises :class:`IllegalCommand` (citing ``cite``) otherwise.
    """
    least, most = cover_positions(len(stack), fraction)
    if not least <= from_bottom <= most:
        raise IllegalCommand(
            f"the cover card goes at least {fraction} of the way in from the bottom of the "
            f"{len(stack)}-card stack: {least} to {len(stack) - 1} cards below it, not "
            f"{from_bottom}",
            cite,
        )
    split = len(stack) - from_bottom
    return [*stack[:split], COVER_CARD, *stack[split:]]


class DealingProcedure(StrEnum):
    """How the cards leave the deck (674a.8-674a.10, 676a.8-676a.10)."""

    MANUAL_SHOE = "manual_shoe"
    """One card at a time from a manual dealing shoe, clockwise."""
    HAND = "hand"
    """One card at a time from the dealer's hand, clockwise; needs an automated
    shuffler (676a.9(a)(1))."""
    AUTOMATED_SHOE = "automated_shoe"
    """Stacks dispensed by an automated dealing shoe, one stack per hand."""


@dataclass(frozen=True, slots=True)
class ProcedureSections:
    """The sections of one dealing procedure in a chapter (674a.8-674a.10,
    676a.8-676a.10): each card game's ``PROCEDURE_SECTIONS`` maps a
    :class:`DealingProcedure` to one."""

    no_more_bets: str
    deal: str
    stub: str
    stub_count: str
    stub_correct: str
    miscount: str
    deck_change: str


DECK_CHANGE_HOURS: Final[dict[DealingProcedure, int]] = {
    DealingProcedure.HAND: 4,
    DealingProcedure.MANUAL_SHOE: 8,
    DealingProcedure.AUTOMATED_SHOE: 8,
}
"""674a.3(c), 676a.3(c): decks are changed at least every 4 hours dealt by hand, 8 from a
shoe."""


class EquipmentSections(Protocol):
    """The sections of a chapter that bound a card table's equipment (a game's
    ``SECTIONS``)."""

    @property
    def two_decks(self) -> str: ...
    @property
    def back_colors(self) -> str: ...
    @property
    def shuffler_count(self) -> str: ...
    @property
    def hand_needs_shuffler(self) -> str: ...


class CardRules(Protocol):
    """What the card procedure reads of a Rules Submission (674a, 676a)."""

    @property
    def decks(self) -> int: ...
    @property
    def deck_colors(self) -> tuple[str, ...]: ...
    @property
    def shuffling(self) -> StrEnum: ...
    @property
    def shuffler_counts(self) -> bool: ...
    @property
    def dealing_procedure(self) -> DealingProcedure: ...
    @property
    def stub_count_every(self) -> int: ...
    @property
    def deck_change_minutes(self) -> int | None: ...
    @property
    def procedure_sections(self) -> ProcedureSections: ...


def deck_change_after(rules: CardRules) -> timedelta:
    """How long a deck stays in use before it must be changed: the Rules Submission's
    ``deck_change_minutes``, or the most 674a.3(c) and 676a.3(c) allow."""
    most = DECK_CHANGE_HOURS[rules.dealing_procedure] * 60
    minutes = most if rules.deck_change_minutes is None else rules.deck_change_minutes
    return timedelta(minutes=minutes)


def check_equipment(rules: CardRules, sections: EquipmentSections) -> None:
    """Raise ``ValueError`` (its text ending with the section) for equipment the card
    chapters do not allow: dealing from the hand without an automated shuffler (x.9(a)(1)),
    two decks without one (x.3(b)) or with backs of one colour (x.3(b)(1)), a counting
    shuffler where the shuffle is manual (x.5(b)), a stub count less often than every 5
    rounds (x.8(d)), decks kept longer than x.3(c) allows (x = 674a, 676a)."""
    s = sections
    automated = rules.shuffling == "automated"
    if rules.dealing_procedure is DealingProcedure.HAND and not automated:
        raise ValueError(
            "cards dealt from the dealer's hand must be shuffled by an automated card "
            f"shuffling device: set shuffling = 'automated' ({s.hand_needs_shuffler})"
        )
    if rules.decks == 2 and not automated:
        raise ValueError(
            f"two decks may be used only with an automated card shuffling device ({s.two_decks})"
        )
    if rules.shuffler_counts and not automated:
        raise ValueError(
            "shuffler_counts describes an automated card shuffling device; manual "
            f"shuffling has none ({s.shuffler_count})"
        )
    colors = rules.deck_colors
    if len(colors) < rules.decks or any(not color.strip() for color in colors):
        raise ValueError(
            f"name a back colour for each of the {rules.decks} deck(s) ({s.back_colors})"
        )
    if len(set(colors)) != len(colors):
        raise ValueError(
            "the backs of the cards in one deck must be of a different color than the "
            f"other deck's, not both {colors[0]!r} ({s.back_colors})"
        )
    if not 1 <= rules.stub_count_every <= STUB_COUNT_EVERY:
        raise ValueError(
            "the stub is counted at least once every 5 rounds of play: stub_count_every "
            f"must be 1 to 5, not {rules.stub_count_every} "
            f"({rules.procedure_sections.stub_count})"
        )
    most = DECK_CHANGE_HOURS[rules.dealing_procedure] * 60
    minutes = rules.deck_change_minutes
    if minutes is not None and not 1 <= minutes <= most:
        raise ValueError(
            f"decks dealt by {rules.dealing_procedure} are changed at least every "
            f"{most // 60} hours: deck_change_minutes must be 1 to {most}, not "
            f"{minutes} ({rules.procedure_sections.deck_change})"
        )


def deal_order(
    procedure: DealingProcedure, hands: Sequence[str], cards_each: int
) -> list[tuple[str, int]]:
    """``(hand, n)`` for each card off the top in turn: the ``n``-th card (from 0) of
    ``hand``. ``hands`` lists the hands clockwise from the dealer's left, the dealer's
    last. One card at a time round the table, or each hand's stack in turn from an
    automated dealing shoe.

    >>> deal_order(DealingProcedure.MANUAL_SHOE, ["1", "dealer"], 2)
    [('1', 0), ('dealer', 0), ('1', 1), ('dealer', 1)]
    >>> deal_order(DealingProcedure.AUTOMATED_SHOE, ["1", "dealer"], 2)
    [('1', 0), ('1', 1), ('dealer', 0), ('dealer', 1)]
    """
    if procedure is DealingProcedure.AUTOMATED_SHOE:
        return [(hand, n) for hand in hands for n in range(cards_each)]
    return [(hand, n) for n in range(cards_each) for hand in hands]


@dataclass
class DeckInPlay:
    """One deck (or batch of decks) at the table: its back colour, when it was opened,
    and how many rounds it has dealt."""

    color: str
    opened_at: datetime
    rounds: int = 0


STUB_COUNT_EVERY: Final = 5
"""The stub is counted at least once every 5 rounds when the shuffler does not count
(674a.8(d), 676a.8(d))."""


@dataclass
class DeckRotation:
    """The table's decks across rounds (tables outlive rounds).

    ``decks`` holds one deck, or two of different back colours that alternate round by
    round with an automated shuffler (674a.3(b)(3), 676a.3(b)(3)). ``change_after``
    is how long a deck may be used (676a.3(c): 4 hours dealt by hand, 8 from a
    shoe; 673a.3(c): 24 hours). ``shuffler_counts`` is true when the automated
    shuffler counts the cards after each shuffle; otherwise the stub must be counted
    at least every :data:`STUB_COUNT_EVERY` rounds.
    """

    decks: list[DeckInPlay]
    change_after: timedelta
    shuffler_counts: bool = False
    in_play: int = 0
    rounds_since_stub_count: int = 0
    history: list[str] = field(default_factory=list)
    count_every: int = STUB_COUNT_EVERY
    """Count the stub at least once every this many rounds (1 to
    :data:`STUB_COUNT_EVERY`; a Rules Submission may count more often)."""

    @property
    def current(self) -> DeckInPlay:
        return self.decks[self.in_play]

    def stub_count_due(self) -> bool:
        """True when this round's stub must be counted (the fifth round since the last
        count, or sooner)."""
        return not self.shuffler_counts and self.rounds_since_stub_count >= self.count_every - 1

    def finish_round(self, stub_counted: bool) -> None:
        """Record a completed round: the deck dealt it, the stub was counted or not, and
        with two decks the other deck comes into play."""
        self.current.rounds += 1
        self.rounds_since_stub_count = 0 if stub_counted else self.rounds_since_stub_count + 1
        if len(self.decks) == 2:
            self.in_play = 1 - self.in_play

    def single_deck(self) -> None:
        """Stop alternating: keep only the deck in play (when the automated shuffler that
        holds the other deck can no longer be used, 676a.3(b)(2), 676a.13(g))."""
        if len(self.decks) == 2:
            retired = self.decks[1 - self.in_play]
            self.decks = [self.current]
            self.in_play = 0
            self.history.append(f"{retired.color} taken out of play: one deck from now on")

    def changes_due(self, now: datetime) -> list[str]:
        """The back colours of decks past their time in use: the floor must change them."""
        return [d.color for d in self.decks if now - d.opened_at >= self.change_after]

    def change(self, color: str, now: datetime) -> None:
        """Replace the deck of back colour ``color`` with a fresh one opened ``now``."""
        for index, old in enumerate(self.decks):
            if old.color == color:
                self.decks[index] = DeckInPlay(color=color, opened_at=now)
                self.history.append(f"{now.isoformat()} changed {color} after {old.rounds} rounds")
                return
        raise KeyError(color)


@dataclass
class DiscardRack:
    """Cards face down in the discard rack, in the order placed, each batch labelled
    (``"seat 3"``, ``"dealer"``, ``"stub"``) so every hand can be reconstructed
    (676a.11(e))."""

    batches: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)

    def place(self, label: str, cards: Sequence[Card]) -> None:
        self.batches.append((label, tuple(cards)))

    def __iter__(self) -> Iterator[tuple[str, tuple[Card, ...]]]:
        return iter(self.batches)

    def __len__(self) -> int:
        return sum(len(cards) for _, cards in self.batches)
