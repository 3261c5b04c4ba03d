"""Five-card Poker hands ranked per 674a.6 (Criss-Cross Poker rankings).

Two evaluators that agree on all 2,598,960 five-card hands (``tests/hands``):

- **Readable** (:func:`evaluate`): counts ranks and suits and classifies the hand the
  way 674a.6(b) words it. It returns a :class:`HandValue`, a category and the ranks
  that break ties within it, ordered the way the hands rank: a greater value is a
  better hand, equal values are equal hands (suits never break ties, 674a.6(a)).
  :func:`best_of` is the best five-card hand out of five to seven cards.
- **Fast** (:func:`evaluate_many`, :func:`rank_five`): lookup tables built by listing
  every one of the 7,462 distinct five-card hand values in order, then a compiled
  (numba, cached on disk, releasing the GIL) loop. A hand's *rank* is an ``int`` from
  1 (7-5-4-3-2 offsuit, the worst) to 7,462 (a royal flush); a higher rank is a better
  hand and equal ranks are equal hands. :data:`PAIR_OF_SIXES_RANK` and
  :data:`PAIR_OF_JACKS_RANK` are the lowest ranks of the two qualifying thresholds of
  674a.7(e), 674a.11(h) and 674a.12.

The rankings of 674a.6:

- (a) Cards rank ace (high), king, queen, jack, 10 down to 2. The ace also completes
  the straight and straight flush 5-4-3-2-A, the lowest of each (5 high), and no other
  sequence: queen-king-ace-2-3 is not a straight. Suits are equal.
- (b) Highest to lowest: royal flush, straight flush, four-of-a-kind, full house,
  flush, straight, three-of-a-kind, two pairs, a pair. A hand with none of these is,
  as the field calls it, a *high card* hand (the regulation names no such category;
  it is what 674a.11(h) calls "less than a pair of 6s").
- Within a category, hands compare as Poker does everywhere: the rank that makes the
  category first (the four, the three, the higher pair then the lower pair, the pair,
  the top card of a straight), then the remaining cards highest first.

The card layout is that of :class:`~croupier.equipment.cards.Card`: card ``c`` is
``4 * (rank - 2) + suit``, so ``c >> 2`` is ``rank - 2`` and ``c & 3`` the suit index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import IntEnum
from itertools import combinations
from typing import Any, Final, NamedTuple, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.equipment.cards import Card, Rank

__all__ = [
    "DISTINCT_HAND_VALUES",
    "FIVE_CARD_HANDS",
    "FLUSH_RANKS",
    "LOWEST_PAIR_OF_JACKS",
    "LOWEST_PAIR_OF_SIXES",
    "OFFSUIT_RANKS",
    "PAIR_OF_JACKS_RANK",
    "PAIR_OF_SIXES_RANK",
    "RANK_CATEGORY",
    "RANK_KEYS",
    "HandCategory",
    "HandValue",
    "all_five_card_hands",
    "best_of",
    "categories_of_ranks",
    "category_of_rank",
    "evaluate",
    "evaluate_many",
    "pair_of_jacks_or_better",
    "pair_of_sixes_or_better",
    "rank_five",
]

FIVE_CARD_HANDS: Final = 2_598_960
"""The number of five-card hands from one 52-card deck, C(52, 5)."""

DISTINCT_HAND_VALUES: Final = 7_462
"""The number of distinct five-card hand values (ranks 1 .. 7,462)."""


class HandCategory(IntEnum):
    """The categories of 674a.6(b), lowest (``HIGH_CARD``) to highest (``ROYAL_FLUSH``);
    ``HIGH_CARD`` is the field's name for a hand in none of the nine categories the
    regulation lists. ``category.text`` is the regulation's wording (``"two pairs"``).
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def text(self) -> str:
        """The category in words, as 674a.6(b) writes it: ``"four-of-a-kind"``."""
        return _CATEGORY_TEXT[self]

    def __str__(self) -> str:
        return self.text


_CATEGORY_TEXT: Final = {
    HandCategory.HIGH_CARD: "high card",
    HandCategory.PAIR: "pair",
    HandCategory.TWO_PAIRS: "two pairs",
    HandCategory.THREE_OF_A_KIND: "three-of-a-kind",
    HandCategory.STRAIGHT: "straight",
    HandCategory.FLUSH: "flush",
    HandCategory.FULL_HOUSE: "full house",
    HandCategory.FOUR_OF_A_KIND: "four-of-a-kind",
    HandCategory.STRAIGHT_FLUSH: "straight flush",
    HandCategory.ROYAL_FLUSH: "royal flush",
}


# --- the readable evaluator ------------------------------------------------------------


def _rank_name(rank: Rank, plural: bool = False) -> str:
    """``ACE`` -> ``"ace"`` / ``"aces"``; ``SIX`` -> ``"6"`` / ``"6s"`` (674a.12's style)."""
    name = rank.name.lower() if rank >= Rank.JACK else str(int(rank))
    return name + "s" if plural else name


def _rank_list(ranks: Sequence[Rank]) -> str:
    return "-".join(_rank_name(rank) for rank in ranks)


class HandValue(NamedTuple):
    """The value of a five-card hand: its ``category`` and the ``ranks`` that order hands
    within that category, most significant first.

    - Four-of-a-kind: ``(four, kicker)``; full house: ``(three, pair)``;
      three-of-a-kind: ``(three, kicker, kicker)``; two pairs: ``(higher pair, lower
      pair, kicker)``; pair: ``(pair, kicker, kicker, kicker)``; flush and high card:
      the five ranks, highest first.
    - Straight and straight flush: ``(top card,)``, with 5-4-3-2-A as ``(FIVE,)``;
      royal flush: ``(ACE,)``.

    Values compare as the hands rank (674a.6): category first, then ``ranks``
    lexicographically (a :class:`HandValue` is a named tuple, so this is tuple order).
    Equal values are equal hands (suits never break ties).

    >>> from croupier.equipment.cards import parse_cards
    >>> value = evaluate(parse_cards("Jh Js 9c 4d Ac"))
    >>> value.category.text, [int(rank) for rank in value.ranks], str(value)
    ('pair', [11, 14, 9, 4], 'pair of jacks, kickers ace-9-4')
    >>> value > evaluate(parse_cards("Th Ts Ac Kd Qc"))
    True
    """

    category: HandCategory
    ranks: tuple[Rank, ...]

    def __str__(self) -> str:
        category, ranks = self.category, self.ranks
        if category is HandCategory.ROYAL_FLUSH:
            return "royal flush"
        if category in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT):
            return f"{category.text}, {_rank_name(ranks[0])} high"
        if category is HandCategory.FOUR_OF_A_KIND:
            return f"four-of-a-kind, {_rank_name(ranks[0], True)}, kicker {_rank_name(ranks[1])}"
        if category is HandCategory.FULL_HOUSE:
            return f"full house, {_rank_name(ranks[0], True)} full of {_rank_name(ranks[1], True)}"
        if category is HandCategory.THREE_OF_A_KIND:
            return f"three-of-a-kind, {_rank_name(ranks[0], True)}, kickers {_rank_list(ranks[1:])}"
        if category is HandCategory.TWO_PAIRS:
            return (
                f"two pairs, {_rank_name(ranks[0], True)} and {_rank_name(ranks[1], True)}, "
                f"kicker {_rank_name(ranks[2])}"
            )
        if category is HandCategory.PAIR:
            return f"pair of {_rank_name(ranks[0], True)}, kickers {_rank_list(ranks[1:])}"
        return f"{category.text}, {_rank_list(ranks)}"


_WHEEL: Final = (Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
"""5-4-3-2-A, highest first: the only straight in which the ace is low (674a.6(a))."""


def _straight_top(ranks_high_first: Sequence[Rank]) -> Rank | None:
    """The top card of the straight these five different ranks (highest first) form,
    or ``None``. The ace is high (A-K-Q-J-10) or completes 5-4-3-2-A, where it is the
    lowest card and the five is the top; nothing wraps around (674a.6(a))."""
    if ranks_high_first[0] - ranks_high_first[4] == 4:
        return ranks_high_first[0]
    if tuple(ranks_high_first) == _WHEEL:
        return Rank.FIVE
    return None


_RANK_OF: Final = tuple(Card.from_index(index).rank for index in range(52))
"""The rank of each card, by index (``Card.rank``, looked up rather than rebuilt)."""
_SUIT_OF: Final = tuple(Card.from_index(index).suit for index in range(52))
"""The suit of each card, by index."""


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The value of the five-card Poker hand ``cards`` under 674a.6.

    ``cards``: five distinct :class:`~croupier.equipment.cards.Card` s, in any order.
    Raises ``ValueError`` for another number of cards or a repeated card.

    >>> from croupier.equipment.cards import parse_cards
    >>> str(evaluate(parse_cards("5d 4d 3d 2d Ad")))
    'straight flush, 5 high'
    >>> str(evaluate(parse_cards("Qs Kd Ac 2h 3s")))
    'high card, ace-king-queen-3-2'
    """
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"a Poker hand is five different cards, not {cards!r}")
    ranks = sorted([_RANK_OF[card] for card in cards], reverse=True)

    if len(set(ranks)) == 5:  # five different ranks: a straight, a flush, both or neither
        flush = len({_SUIT_OF[card] for card in cards}) == 1
        top = _straight_top(ranks)
        if flush and top is Rank.ACE:
            return HandValue(HandCategory.ROYAL_FLUSH, (top,))
        if flush and top is not None:
            return HandValue(HandCategory.STRAIGHT_FLUSH, (top,))
        if flush:
            return HandValue(HandCategory.FLUSH, tuple(ranks))
        if top is not None:
            return HandValue(HandCategory.STRAIGHT, (top,))
        return HandValue(HandCategory.HIGH_CARD, tuple(ranks))

    # A repeated rank (so no flush: one deck). The cards by how many share their rank,
    # then by rank (``sorted`` is stable and ``ranks`` is highest first): 9-9-9-K-K,
    # 7-7-K-K-2 as K-K-7-7-2. Each rank once, in that order, are the ranks that decide.
    by_group = sorted(ranks, key=ranks.count, reverse=True)
    groups = tuple(dict.fromkeys(by_group))
    return HandValue(_CATEGORY_OF_GROUPS[ranks.count(groups[0]), len(groups)], groups)


_CATEGORY_OF_GROUPS: Final = {
    (4, 2): HandCategory.FOUR_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (3, 3): HandCategory.THREE_OF_A_KIND,
    (2, 3): HandCategory.TWO_PAIRS,
    (2, 4): HandCategory.PAIR,
}
"""The category of a hand with a repeated rank, by (how many cards share the most
common rank, how many different ranks): four and one, three and two, three and two
singles, two pairs and a single, a pair and three singles."""


def best_of(cards: Sequence[Card]) -> HandValue:
    """The best five-card hand value among ``cards`` (five to seven distinct cards:
    every five-card combination is evaluated). Raises ``ValueError`` for fewer than
    five or more than seven cards, or a repeated card.

    >>> from croupier.equipment.cards import parse_cards
    >>> str(best_of(parse_cards("As Ks Qs Js 2d 2c Ts")))
    'royal flush'
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError(f"the best hand is chosen from 5 to 7 different cards, not {cards!r}")
    return max(evaluate(five) for five in combinations(cards, 5))


LOWEST_PAIR_OF_SIXES: Final = HandValue(
    HandCategory.PAIR, (Rank.SIX, Rank.FOUR, Rank.THREE, Rank.TWO)
)
"""6-6-4-3-2, the lowest hand that is "a pair of 6s or better"."""

LOWEST_PAIR_OF_JACKS: Final = HandValue(
    HandCategory.PAIR, (Rank.JACK, Rank.FOUR, Rank.THREE, Rank.TWO)
)
"""J-J-4-3-2, the lowest hand that is "a pair of jacks or better"."""


def _value(hand: HandValue | Sequence[Card]) -> HandValue:
    return hand if isinstance(hand, HandValue) else evaluate(hand)


def pair_of_sixes_or_better(hand: HandValue | Sequence[Card]) -> bool:
    """Whether ``hand`` (a :class:`HandValue` or five cards) is "a pair of 6s or better"
    (674a.7(e), 674a.11(h), 674a.12(a)-(c)): a pair of 6s through aces, or any hand of a
    higher category (two pairs and up). A pair of 5s is not.

    >>> from croupier.equipment.cards import parse_cards
    >>> pair_of_sixes_or_better(parse_cards("6c 6d 4h 3s 2c"))
    True
    >>> pair_of_sixes_or_better(parse_cards("5c 5d Ah Ks Qc"))
    False
    """
    value = _value(hand)
    return value.category > HandCategory.PAIR or (
        value.category is HandCategory.PAIR and value.ranks[0] >= Rank.SIX
    )


def pair_of_jacks_or_better(hand: HandValue | Sequence[Card]) -> bool:
    """Whether ``hand`` (a :class:`HandValue` or five cards) is "a pair of jacks or
    better" (674a.12(a)-(b)): a pair of jacks, queens, kings or aces, or any hand of a
    higher category (two pairs and up). A pair of 10s is not.

    >>> from croupier.equipment.cards import parse_cards
    >>> pair_of_jacks_or_better(parse_cards("Jc Jd 4h 3s 2c"))
    True
    >>> pair_of_jacks_or_better(parse_cards("Tc Td Ah Ks Qc"))
    False
    """
    value = _value(hand)
    return value.category > HandCategory.PAIR or (
        value.category is HandCategory.PAIR and value.ranks[0] >= Rank.JACK
    )


# --- the fast evaluator: tables --------------------------------------------------------
#
# Every hand value is listed once, worst to best, as the multiset of its five ranks
# (ranks here are 0 = deuce .. 12 = ace) and whether it is suited. Its position in the
# list (from 1) is its rank. Then:
# - a suited hand (flush, straight flush, royal flush) is looked up in FLUSH_RANKS by
#   the 13-bit mask of its ranks;
# - any other hand is looked up in OFFSUIT_RANKS by the sum of one key per card,
#   RANK_KEYS[rank]. The keys are chosen (greedily, smallest first) so that no two
#   multisets of five ranks with at most four of each have the same sum; the table is
#   as long as the largest sum, four aces and a king.

RANK_KEYS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""The key of each rank, deuce (index 0) to ace (12): sums of five are unique."""

_ACE: Final = 12
_DESCENDING: Final = tuple(range(_ACE, -1, -1))
_STRAIGHT_TOPS: Final = tuple(range(3, _ACE + 1))
"""Tops of the ten straights, 5 (index 3, the 5-4-3-2-A) to ace (12)."""


def _straight(top: int) -> tuple[int, ...]:
    """The five ranks of the straight topped by ``top``, with the ace low under a 5."""
    return (3, 2, 1, 0, _ACE) if top == 3 else tuple(range(top, top - 5, -1))


def _hand_values() -> Iterator[tuple[HandCategory, bool, tuple[int, ...]]]:
    """Every distinct five-card hand value, worst to best: its category, whether it is
    suited, and its five ranks (0..12). Within a category the ranks that make it come
    first, then the kickers, each compared highest first (``sorted`` on tuples of
    ranks written highest first)."""
    straights = {frozenset(_straight(top)) for top in _STRAIGHT_TOPS}
    no_straight = sorted(
        five for five in combinations(_DESCENDING, 5) if frozenset(five) not in straights
    )

    def others(*excluded: int) -> tuple[int, ...]:
        return tuple(rank for rank in _DESCENDING if rank not in excluded)

    for five in no_straight:
        yield HandCategory.HIGH_CARD, False, five
    for pair in range(13):
        for kickers in sorted(combinations(others(pair), 3)):
            yield HandCategory.PAIR, False, (pair, pair, *kickers)
    for high, low in sorted(combinations(_DESCENDING, 2)):
        for kicker in sorted(others(high, low)):
            yield HandCategory.TWO_PAIRS, False, (high, high, low, low, kicker)
    for three in range(13):
        for two in sorted(combinations(others(three), 2)):
            yield HandCategory.THREE_OF_A_KIND, False, (three, three, three, *two)
    for top in _STRAIGHT_TOPS:
        yield HandCategory.STRAIGHT, False, _straight(top)
    for five in no_straight:
        yield HandCategory.FLUSH, True, five
    for three in range(13):
        for pair in others(three)[::-1]:
            yield HandCategory.FULL_HOUSE, False, (three, three, three, pair, pair)
    for four in range(13):
        for kicker in others(four)[::-1]:
            yield HandCategory.FOUR_OF_A_KIND, False, (four, four, four, four, kicker)
    for top in _STRAIGHT_TOPS[:-1]:
        yield HandCategory.STRAIGHT_FLUSH, True, _straight(top)
    yield HandCategory.ROYAL_FLUSH, True, _straight(_ACE)


class _Tables(NamedTuple):
    offsuit: npt.NDArray[np.int16]
    suited: npt.NDArray[np.int16]
    category: npt.NDArray[np.int8]
    pair_of_sixes: int
    pair_of_jacks: int


def _build_tables() -> _Tables:
    offsuit = np.zeros(4 * RANK_KEYS[_ACE] + RANK_KEYS[_ACE - 1] + 1, dtype=np.int16)
    suited = np.zeros(1 << 13, dtype=np.int16)
    category = np.full(DISTINCT_HAND_VALUES + 1, -1, dtype=np.int8)
    sixes = jacks = 0
    rank = 0
    for rank, (kind, is_suited, five) in enumerate(_hand_values(), start=1):
        category[rank] = kind
        if is_suited:
            mask = sum(1 << r for r in five)
            if suited[mask]:
                raise AssertionError(f"two suited hand values share the ranks {five}")
            suited[mask] = rank
        else:
            key = sum(RANK_KEYS[r] for r in five)
            if offsuit[key]:
                raise AssertionError(f"two hand values share the key {key}")
            offsuit[key] = rank
        if kind is HandCategory.PAIR and not sixes and five[0] == int(Rank.SIX) - 2:
            sixes = rank
        if kind is HandCategory.PAIR and not jacks and five[0] == int(Rank.JACK) - 2:
            jacks = rank
    if rank != DISTINCT_HAND_VALUES:
        raise AssertionError(f"{rank} hand values listed, not {DISTINCT_HAND_VALUES}")
    for table in (offsuit, suited, category):
        table.flags.writeable = False
    return _Tables(offsuit, suited, category, sixes, jacks)


_TABLES: Final = _build_tables()
OFFSUIT_RANKS: Final = _TABLES.offsuit
"""Rank of a hand not all of one suit, by the sum of its cards' :data:`RANK_KEYS`
(0 where no five cards have that sum)."""
FLUSH_RANKS: Final = _TABLES.suited
"""Rank of a hand all of one suit, by the 13-bit mask of its ranks (bit 0 the deuce)."""
RANK_CATEGORY: Final = _TABLES.category
"""The :class:`HandCategory` value of each rank 1 .. 7,462 (index 0 holds -1)."""
PAIR_OF_SIXES_RANK: Final = _TABLES.pair_of_sixes
"""The rank of 6-6-4-3-2: a hand is "a pair of 6s or better" iff its rank is at least this."""
PAIR_OF_JACKS_RANK: Final = _TABLES.pair_of_jacks
"""The rank of J-J-4-3-2: a hand is "a pair of jacks or better" iff its rank is at least
this."""

_CARD_KEYS: Final = np.array([RANK_KEYS[card >> 2] for card in range(52)], dtype=np.int32)
_CARD_KEYS.flags.writeable = False


def category_of_rank(rank: int) -> HandCategory:
    """The category of the hand of rank ``rank`` (1 .. 7,462); ``ValueError`` otherwise.

    >>> category_of_rank(PAIR_OF_SIXES_RANK)
    <HandCategory.PAIR: 1>
    """
    if not 1 <= rank <= DISTINCT_HAND_VALUES:
        raise ValueError(f"a hand rank is 1 to {DISTINCT_HAND_VALUES}, not {rank}")
    return HandCategory(int(RANK_CATEGORY[rank]))


def categories_of_ranks(ranks: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The :class:`HandCategory` value of each rank in ``ranks`` (any shape, values 1 ..
    7,462), as an ``int8`` array of the same shape. Raises ``ValueError`` for a value
    out of range."""
    array = np.asarray(ranks)
    if array.size and (array.min() < 1 or array.max() > DISTINCT_HAND_VALUES):
        raise ValueError(f"hand ranks are 1 to {DISTINCT_HAND_VALUES}")
    return np.asarray(RANK_CATEGORY[array], dtype=np.int8)


# --- the fast evaluator: compiled kernels ----------------------------------------------


def _rank_five_py(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    suit = c0 & 3
    if (c1 & 3) == suit and (c2 & 3) == suit and (c3 & 3) == suit and (c4 & 3) == suit:
        mask = (1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2))
        return int(FLUSH_RANKS[mask | (1 << (c3 >> 2)) | (1 << (c4 >> 2))])
    key = _CARD_KEYS[c0] + _CARD_KEYS[c1] + _CARD_KEYS[c2] + _CARD_KEYS[c3] + _CARD_KEYS[c4]
    return int(OFFSUIT_RANKS[key])


rank_five: Final = cast(
    Callable[[int, int, int, int, int], int],
    numba.njit(cache=True, nogil=True)(_rank_five_py),
)
"""The rank (1 .. 7,462) of the five distinct cards ``c0 .. c4`` (card indices 0..51).

A compiled function: call it from other numba code for the fastest evaluation (from
Python, :func:`evaluate_many` is faster per hand). It does not check its input: five
distinct cards in 0..51 give a rank, anything else an unspecified number.

>>> rank_five(48, 44, 40, 36, 32) == DISTINCT_HAND_VALUES  # Ac Kc Qc Jc Tc
True
"""


def _rank_many_py(cards: npt.NDArray[np.int8], out: npt.NDArray[np.int32]) -> int:
    """Fill ``out`` with the rank of each row of ``cards``; return the index of the first
    row that is not five distinct cards in 0..51, or -1."""
    one = np.uint64(1)
    for i in range(cards.shape[0]):
        c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
        seen = np.uint64(0)
        for c in (c0, c1, c2, c3, c4):
            if c < 0 or c > 51 or (seen >> np.uint64(c)) & one:
                return i
            seen |= one << np.uint64(c)
        out[i] = rank_five(c0, c1, c2, c3, c4)
    return -1


_rank_many: Final = cast(
    Callable[[npt.NDArray[np.int8], npt.NDArray[np.int32]], int],
    numba.njit(cache=True, nogil=True)(_rank_many_py),
)


def evaluate_many(cards: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """The rank of each five-card hand in ``cards``, an integer array of shape ``(n, 5)``
    of card indices 0..51 (:class:`~croupier.equipment.cards.Card` s are such indices);
    ``int8`` in C order is used as it is, anything else is converted first.

    Returns an ``int32`` array of shape ``(n,)`` with values 1 (7-5-4-3-2 offsuit) to
    7,462 (a royal flush): a higher rank is a better hand under 674a.6 and equal ranks
    are equal hands. Compare with :data:`PAIR_OF_SIXES_RANK` and
    :data:`PAIR_OF_JACKS_RANK`; :func:`categories_of_ranks` gives the categories.
    Raises ``ValueError`` for another shape, a non-integer array, a card outside 0..51
    or a card repeated within a hand (naming the first such row).

    >>> from croupier.equipment.cards import parse_cards
    >>> hands = [parse_cards("As Ks Qs Js Ts"), parse_cards("5c 4d 3h 2s Ac")]
    >>> [HandCategory(c) for c in categories_of_ranks(evaluate_many(hands))]
    [<HandCategory.ROYAL_FLUSH: 9>, <HandCategory.STRAIGHT: 4>]
    """
    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] != 5:
        raise ValueError(f"hands are an array of shape (n, 5), not {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"cards are integers 0..51, not {array.dtype}")
    if array.dtype != np.int8:
        outside = np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))
        if outside.size:
            raise ValueError(_not_five(outside[0], array))
    small = np.ascontiguousarray(array, dtype=np.int8)
    out = np.empty(small.shape[0], dtype=np.int32)
    bad = _rank_many(small, out)
    if bad >= 0:
        raise ValueError(_not_five(bad, array))
    return out


def _not_five(row: int, hands: npt.NDArray[np.integer[Any]]) -> str:
    return f"hand {row} is not five different cards 0..51: {hands[row].tolist()}"


def all_five_card_hands() -> npt.NDArray[np.int8]:
    """Every five-card hand from one deck, an ``int8`` array of shape (2,598,960, 5):
    each row is five card indices in increasing order, rows in lexicographic order
    (the order of :func:`itertools.combinations`)."""
    return _all_hands()


def _all_hands_py() -> npt.NDArray[np.int8]:
    out = np.empty((FIVE_CARD_HANDS, 5), dtype=np.int8)
    i = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


_all_hands: Final = cast(Callable[[], npt.NDArray[np.int8]], numba.njit(cache=True)(_all_hands_py))
