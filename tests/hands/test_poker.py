"""Five-card Poker hands (674a.6), checked against values derived independently.

- The category counts over all C(52, 5) hands are the published ones (and each is
  derived again by its counting formula); the distinct values per category are the
  published 7,462 classes.
- The readable evaluator and the fast one agree on every one of the 2,598,960 hands:
  each readable value maps to exactly one fast rank and back, in the same order and
  with the same category.
- The rules of 674a.6(a) (ace high, 5-4-3-2-A the lowest straight, no wrap-around,
  suits equal) and the two thresholds of 674a.7(e), 674a.11(h) and 674a.12 are
  checked on hands written out by hand, at their boundaries.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import chain, combinations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from croupier.equipment.cards import Card, Rank, parse_cards
from croupier.hands.poker import (
    DISTINCT_HAND_VALUES,
    FIVE_CARD_HANDS,
    LOWEST_PAIR_OF_JACKS,
    LOWEST_PAIR_OF_SIXES,
    PAIR_OF_JACKS_RANK,
    PAIR_OF_SIXES_RANK,
    HandCategory,
    HandValue,
    all_five_card_hands,
    best_of,
    categories_of_ranks,
    category_of_rank,
    evaluate,
    evaluate_many,
    pair_of_jacks_or_better,
    pair_of_sixes_or_better,
    rank_five,
)

REGULATION = (
    Path(
        os.environ.get(
            "CROUPIER_REGULATIONS",
            Path(__file__).resolve().parents[2].parent / "shared" / "regulations",
        )
    )
    / "674a-criss-cross-poker.txt"
)

C = HandCategory

# Published counts of five-card hands (e.g. Wikipedia, "Poker probability"), with the
# counting formula of each: ranks chosen, then suits.
PUBLISHED_HANDS = {
    C.ROYAL_FLUSH: 4,
    C.STRAIGHT_FLUSH: 36,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIRS: 123_552,
    C.PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
}
NO_STRAIGHT = comb(13, 5) - 10  # five different ranks that are not one of the 10 straights
FORMULAS = {
    C.ROYAL_FLUSH: 4,
    C.STRAIGHT_FLUSH: 9 * 4,
    C.FOUR_OF_A_KIND: 13 * 12 * 4,
    C.FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),
    C.FLUSH: NO_STRAIGHT * 4,
    C.STRAIGHT: 10 * (4**5 - 4),
    C.THREE_OF_A_KIND: 13 * comb(4, 3) * comb(12, 2) * 4**2,
    C.TWO_PAIRS: comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
    C.PAIR: 13 * comb(4, 2) * comb(12, 3) * 4**3,
    C.HIGH_CARD: NO_STRAIGHT * (4**5 - 4),
}
# Published distinct values per category (the 7,462 equivalence classes).
PUBLISHED_CLASSES = {
    C.ROYAL_FLUSH: 1,
    C.STRAIGHT_FLUSH: 9,
    C.FOUR_OF_A_KIND: 156,
    C.FULL_HOUSE: 156,
    C.FLUSH: 1_277,
    C.STRAIGHT: 10,
    C.THREE_OF_A_KIND: 858,
    C.TWO_PAIRS: 858,
    C.PAIR: 2_860,
    C.HIGH_CARD: 1_277,
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def fast(text: str) -> int:
    return int(evaluate_many([cards(text)])[0])


# --- every hand ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def every_hand() -> npt.NDArray[np.int8]:
    """All C(52, 5) hands in :func:`itertools.combinations` order, built here."""
    flat = chain.from_iterable(combinations(range(52), 5))
    return np.fromiter(flat, dtype=np.int8, count=5 * FIVE_CARD_HANDS).reshape(-1, 5)


@pytest.fixture(scope="module")
def every_rank(every_hand: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    return evaluate_many(every_hand)


DECK = [Card.from_index(index) for index in range(52)]


def readable_values(first: int, ranks: list[int]) -> tuple[dict[HandValue, int], list[str]]:
    """The readable value of every hand whose lowest card is ``first`` (in
    :func:`itertools.combinations` order), each mapped to the fast rank in ``ranks``
    of the same hand; and every hand whose value was already met with another rank."""
    found: dict[HandValue, int] = {}
    clashes = []
    rest = combinations(DECK[first + 1 :], 4)
    for others, rank in zip(rest, ranks, strict=True):
        hand = (DECK[first], *others)
        value = evaluate(hand)
        if found.setdefault(value, rank) != rank:
            clashes.append(f"{hand}: {value} has ranks {rank} and {found[value]}")
    return found, clashes


@pytest.fixture(scope="module")
def rank_of_value(every_rank: npt.NDArray[np.int32]) -> dict[HandValue, int]:
    """The readable value of every hand mapped to the fast rank of the same hand; a
    value met with two different ranks fails here. The hands are shared out by their
    lowest card among one process per available core."""
    starts = np.cumsum([0] + [comb(51 - first, 4) for first in range(48)])
    tasks = [(first, every_rank[starts[first] : starts[first + 1]].tolist()) for first in range(48)]
    workers = len(os.sched_getaffinity(0))
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(readable_values, *zip(*tasks, strict=True)))
    found: dict[HandValue, int] = {}
    clashes = [clash for _, part_clashes in parts for clash in part_clashes]
    for part, _ in parts:
        for value, rank in part.items():
            if found.setdefault(value, rank) != rank:
                clashes.append(f"{value} has ranks {rank} and {found[value]}")
    assert clashes == []
    return found


def test_the_counts_are_the_published_ones() -> None:
    assert FORMULAS == PUBLISHED_HANDS
    assert sum(PUBLISHED_HANDS.values()) == comb(52, 5) == FIVE_CARD_HANDS
    assert sum(PUBLISHED_CLASSES.values()) == DISTINCT_HAND_VALUES


def test_all_five_card_hands_is_every_hand_once(every_hand: npt.NDArray[np.int8]) -> None:
    assert np.array_equal(all_five_card_hands(), every_hand)


def test_category_counts_over_every_hand(every_rank: npt.NDArray[np.int32]) -> None:
    counts = np.bincount(categories_of_ranks(every_rank), minlength=10)
    assert {category: int(counts[category]) for category in C} == PUBLISHED_HANDS


def test_distinct_hand_values(every_rank: npt.NDArray[np.int32]) -> None:
    distinct = np.unique(every_rank)
    assert distinct.tolist() == list(range(1, DISTINCT_HAND_VALUES + 1))
    classes = np.bincount(categories_of_ranks(distinct), minlength=10)
    assert {category: int(classes[category]) for category in C} == PUBLISHED_CLASSES


def test_the_two_evaluators_agree_on_every_hand(rank_of_value: dict[HandValue, int]) -> None:
    # Each readable value has one fast rank (the fixture); and back: 7,462 values,
    # 7,462 ranks, in the same order, with the same category.
    assert len(rank_of_value) == DISTINCT_HAND_VALUES
    in_order = sorted(rank_of_value.items())
    assert [rank for _, rank in in_order] == list(range(1, DISTINCT_HAND_VALUES + 1))
    assert all(category_of_rank(rank) is value.category for value, rank in in_order)


def test_category_counts_of_the_readable_evaluator(
    rank_of_value: dict[HandValue, int], every_rank: npt.NDArray[np.int32]
) -> None:
    # Every hand's readable value has its fast rank (the fixture), so the hands of a
    # value are the hands of its rank.
    hands_of_rank = np.bincount(every_rank)
    counts = dict.fromkeys(C, 0)
    for value, rank in rank_of_value.items():
        counts[value.category] += int(hands_of_rank[rank])
    assert counts == PUBLISHED_HANDS


def test_the_predicates_agree_with_the_thresholds_on_every_value(
    rank_of_value: dict[HandValue, int],
) -> None:
    for value, rank in rank_of_value.items():
        assert pair_of_sixes_or_better(value) == (rank >= PAIR_OF_SIXES_RANK), value
        assert pair_of_jacks_or_better(value) == (rank >= PAIR_OF_JACKS_RANK), value


# --- the rankings of 674a.6 ------------------------------------------------------------


def test_category_names_are_the_regulations() -> None:
    # 674a.6(b)(1)-(9) in order, highest first: "(1) A royal flush, which ...".
    if not REGULATION.is_file():
        pytest.fail(
            f"the regulation text is expected beside the clone, at {REGULATION} "
            "(or in the folder CROUPIER_REGULATIONS names; README, 'Tests')"
        )
    text = REGULATION.read_text(encoding="utf-8")
    section = text[text.index("§ 674a.6.") : text.index("§ 674a.7.")]
    listed = re.findall(r"\(\d\) (?:A |An )?([A-Za-z -]+?), which", section)
    named = [category.text for category in sorted(C, reverse=True) if category is not C.HIGH_CARD]
    assert [name.lower() for name in listed] == named
    assert C.HIGH_CARD.text == "high card"
    assert str(C.TWO_PAIRS) == "two pairs"


# One hand of each category, highest first, with its readable value (674a.6(b)).
LADDER = [
    ("Ah Kh Qh Jh Th", C.ROYAL_FLUSH, (Rank.ACE,)),
    ("Kd Qd Jd Td 9d", C.STRAIGHT_FLUSH, (Rank.KING,)),
    ("9c 9d 9h 9s Kc", C.FOUR_OF_A_KIND, (Rank.NINE, Rank.KING)),
    ("4c 4d 4h As Ac", C.FULL_HOUSE, (Rank.FOUR, Rank.ACE)),
    ("Ks 9s 7s 4s 2s", C.FLUSH, (Rank.KING, Rank.NINE, Rank.SEVEN, Rank.FOUR, Rank.TWO)),
    ("Tc 9d 8h 7s 6c", C.STRAIGHT, (Rank.TEN,)),
    ("3c 3d 3h Ks Qc", C.THREE_OF_A_KIND, (Rank.THREE, Rank.KING, Rank.QUEEN)),
    ("Kc Kd 7h 7s 2c", C.TWO_PAIRS, (Rank.KING, Rank.SEVEN, Rank.TWO)),
    ("Jc Jd Ah 9s 4c", C.PAIR, (Rank.JACK, Rank.ACE, Rank.NINE, Rank.FOUR)),
    ("Ac Qd Th 8s 6c", C.HIGH_CARD, (Rank.ACE, Rank.QUEEN, Rank.TEN, Rank.EIGHT, Rank.SIX)),
]


@pytest.mark.parametrize(("text", "category", "ranks"), LADDER)
def test_one_hand_of_each_category(text: str, category: C, ranks: tuple[Rank, ...]) -> None:
    assert evaluate(cards(text)) == HandValue(category, ranks)
    assert category_of_rank(fast(text)) is category


def test_the_categories_rank_in_the_regulations_order() -> None:
    values = [evaluate(cards(text)) for text, _, _ in LADDER]
    ranks = [fast(text) for text, _, _ in LADDER]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)


def test_hand_order_is_independent_of_card_order_and_suits() -> None:
    a = cards("Kc Kd 7h 7s 2c")
    assert evaluate(a) == evaluate(a[::-1]) == evaluate(cards("7d Ks 2h 7c Kh"))
    assert fast("Kc Kd 7h 7s 2c") == fast("7d Ks 2h 7c Kh")
    assert evaluate(cards("Ks 9s 7s 4s 2s")) == evaluate(cards("Kd 9d 7d 4d 2d"))


# (better, worse) pairs within a category: the rank that makes it first, then kickers.
WITHIN = [
    ("5c 5d 5h 5s 2c", "4c 4d 4h 4s Ac"),  # the four first
    ("5c 5d 5h 5s 3c", "5c 5d 5h 5s 2c"),  # then the kicker
    ("5c 5d 5h 2s 2c", "4c 4d 4h As Ac"),  # full house: the three first
    ("Ac Jc 9c 8c 2c", "Ac Jc 9c 7c 6c"),  # flush: highest first, down to the 4th card
    ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),  # broadway above the king-high straight
    ("Kc Kd 3h 3s 2c", "Qc Qd Jh Js Ac"),  # two pairs: the higher pair first
    ("Kc Kd 4h 4s 2c", "Kc Kd 3h 3s Ac"),  # then the lower pair
    ("Kc Kd 4h 4s 3c", "Kh Ks 4c 4d 2c"),  # then the kicker
    ("2c 2d 5h 4s 3c", "Ac Kd Qh Js 9c"),  # any pair beats any high card
    ("7c 7d Ah 4s 3c", "7h 7s Kh Qs Jc"),  # pair: kickers highest first
    ("7c 7d Ah Ks 3c", "7h 7s Ac Kd 2h"),  # down to the last
    ("Ac 6d 5h 4s 2c", "Kc Qd Jh Ts 8c"),  # high card: the ace is high
]


@pytest.mark.parametrize(("better", "worse"), WITHIN)
def test_within_a_category(better: str, worse: str) -> None:
    assert evaluate(cards(better)) > evaluate(cards(worse))
    assert fast(better) > fast(worse)


EQUAL = [
    ("Ac Kd Qh Js 9c", "As Kh Qd Jc 9s"),
    ("7c 7d Ah 4s 3c", "7h 7s Ad 4c 3h"),
    ("5c 4d 3h 2s Ac", "5h 4s 3c 2d Ad"),
]


@pytest.mark.parametrize(("one", "other"), EQUAL)
def test_suits_are_equal(one: str, other: str) -> None:
    assert evaluate(cards(one)) == evaluate(cards(other))
    assert fast(one) == fast(other)


# The ten straights: 5-4-3-2-A, then 6 high (index 4 of the symbols) to ace high.
STRAIGHTS = [
    "5c 4d 3h 2s Ac",
    *(
        " ".join(f"{'23456789TJQKA'[top - k]}{'cdhs'[k % 4]}" for k in range(5))
        for top in range(4, 13)
    ),
]


def test_the_ace_low_straight_is_the_lowest_straight() -> None:
    # 674a.6(a): the ace may complete 5-4-3-2-A; it is then the lowest card, 5 high.
    wheel, six_high = "5c 4d 3h 2s Ac", "6c 5d 4h 3s 2c"
    assert evaluate(cards(wheel)) == HandValue(C.STRAIGHT, (Rank.FIVE,))
    assert evaluate(cards(wheel)) < evaluate(cards(six_high))
    assert fast(wheel) < fast(six_high)
    straights = [fast(text) for text in STRAIGHTS]
    assert straights == sorted(straights) and len(set(straights)) == 10
    assert [evaluate(cards(text)) for text in STRAIGHTS] == [
        HandValue(C.STRAIGHT, (top,)) for top in Rank if top >= Rank.FIVE
    ]
    # still a straight: above every three-of-a-kind
    assert fast(wheel) > fast("Ac Ad Ah Ks Qc")
    assert evaluate(cards(wheel)) > evaluate(cards("Ac Ad Ah Ks Qc"))


def test_the_ace_low_straight_flush_is_the_lowest_straight_flush() -> None:
    steel, six_high = "5h 4h 3h 2h Ah", "6h 5h 4h 3h 2h"
    assert evaluate(cards(steel)) == HandValue(C.STRAIGHT_FLUSH, (Rank.FIVE,))
    assert evaluate(cards(steel)) < evaluate(cards(six_high))
    assert fast(steel) < fast(six_high)
    # above every four-of-a-kind, below the royal flush
    assert fast("Ac Ad Ah As Kc") < fast(steel) < fast("As Ks Qs Js Ts")
    assert evaluate(cards("Ac Ad Ah As Kc")) < evaluate(cards(steel))


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Qc Kd Ah 2s 3c", C.HIGH_CARD),  # 674a.6(a)'s own example
        ("Jc Qd Kh As 2c", C.HIGH_CARD),
        ("Kc Ad 2h 3s 4c", C.HIGH_CARD),
        ("Qh Kh Ah 2h 3h", C.FLUSH),  # suited: a flush, not a straight flush
        ("Kh Ah 2h 3h 4h", C.FLUSH),
    ],
)
def test_no_wrap_around(text: str, category: C) -> None:
    assert evaluate(cards(text)).category is category
    assert category_of_rank(fast(text)) is category


def test_the_royal_flush_is_the_ace_high_straight_flush_only() -> None:
    for suit in "cdhs":
        assert evaluate(cards(f"A{suit} K{suit} Q{suit} J{suit} T{suit}")).category is C.ROYAL_FLUSH
    assert evaluate(cards("Kd Qd Jd Td 9d")).category is C.STRAIGHT_FLUSH


# --- a pair of 6s or better; a pair of jacks or better ----------------------------------


@pytest.mark.parametrize(
    ("text", "sixes", "jacks"),
    [
        ("Ac Kd Qh Js 9c", False, False),  # ace high
        ("5c 5d Ah Ks Qc", False, False),  # the best pair of 5s
        ("6c 6d 4h 3s 2c", True, False),  # the worst pair of 6s
        ("Tc Td Ah Ks Qc", True, False),  # the best pair of 10s
        ("Jc Jd 4h 3s 2c", True, True),  # the worst pair of jacks
        ("Ac Ad Kh Qs Jc", True, True),
        ("3c 3d 2h 2s 4c", True, True),  # the worst two pairs: "or better"
        ("2c 2d 2h 4s 3c", True, True),
        ("5c 4d 3h 2s Ac", True, True),
        ("Kh 9h 7h 4h 2h", True, True),
    ],
)
def test_the_two_thresholds(text: str, sixes: bool, jacks: bool) -> None:
    hand = cards(text)
    assert pair_of_sixes_or_better(hand) is sixes
    assert pair_of_sixes_or_better(evaluate(hand)) is sixes
    assert pair_of_jacks_or_better(hand) is jacks
    assert (fast(text) >= PAIR_OF_SIXES_RANK) is sixes
    assert (fast(text) >= PAIR_OF_JACKS_RANK) is jacks


def test_the_thresholds_are_the_lowest_qualifying_hands() -> None:
    assert evaluate(cards("6c 6d 4h 3s 2c")) == LOWEST_PAIR_OF_SIXES
    assert evaluate(cards("Jc Jd 4h 3s 2c")) == LOWEST_PAIR_OF_JACKS
    assert fast("6c 6d 4h 3s 2c") == PAIR_OF_SIXES_RANK
    assert fast("5c 5d Ah Ks Qc") == PAIR_OF_SIXES_RANK - 1
    assert fast("Jc Jd 4h 3s 2c") == PAIR_OF_JACKS_RANK
    assert fast("Tc Td Ah Ks Qc") == PAIR_OF_JACKS_RANK - 1


# --- text, best of seven, the fast entry points, bad input ------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("5h 4h 3h 2h Ah", "straight flush, 5 high"),
        ("9c 9d 9h 9s Kc", "four-of-a-kind, 9s, kicker king"),
        ("Qc Qd Qh 4s 4c", "full house, queens full of 4s"),
        ("Ks 9s 7s 4s 2s", "flush, king-9-7-4-2"),
        ("Ac Kd Qh Js Tc", "straight, ace high"),
        ("3c 3d 3h Ks Qc", "three-of-a-kind, 3s, kickers king-queen"),
        ("Kc Kd 7h 7s 2c", "two pairs, kings and 7s, kicker 2"),
        ("Tc Td Ah 9s 4c", "pair of 10s, kickers ace-9-4"),
        ("Ac Qd Th 8s 6c", "high card, ace-queen-10-8-6"),
    ],
)
def test_hand_in_words(text: str, words: str) -> None:
    assert str(evaluate(cards(text))) == words


def test_best_of_seven() -> None:
    # two pairs on the board and a third in the hand: the best two pairs, best kicker
    assert best_of(cards("Kc Kd 7h 7s 2c 2d Ac")) == HandValue(
        C.TWO_PAIRS, (Rank.KING, Rank.SEVEN, Rank.ACE)
    )
    # a flush and a straight: the flush; a straight flush hidden in six suited cards
    assert best_of(cards("9h 8h 7h 6c 5h 2h Ts")).category is C.FLUSH
    assert best_of(cards("9h 8h 7h 6h 5h 2h Ah")) == HandValue(C.STRAIGHT_FLUSH, (Rank.NINE,))
    assert best_of(cards("Ac Kd 5h 4s 3c 2d 9h")) == HandValue(C.STRAIGHT, (Rank.FIVE,))
    assert best_of(cards("Ac Kd 5h 4s 3c")) == evaluate(cards("Ac Kd 5h 4s 3c"))


def test_rank_five_is_evaluate_many() -> None:
    for text, _, _ in LADDER:
        assert rank_five(*(int(card) for card in cards(text))) == fast(text)


def test_evaluate_many_takes_any_integer_array() -> None:
    hands = [cards(text) for text, _, _ in LADDER]
    expected = evaluate_many(hands)
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.int64):
        assert np.array_equal(evaluate_many(np.array(hands, dtype=dtype)), expected)
    assert evaluate_many(np.empty((0, 5), dtype=np.int8)).shape == (0,)
    assert evaluate_many(np.array(hands)[::2]).tolist() == expected[::2].tolist()


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=np.int8), r"shape \(n, 5\)"),
        (np.zeros(5, dtype=np.int8), r"shape \(n, 5\)"),
        (np.array([[0.0, 1, 2, 3, 4]]), "integers"),
        (np.array([[0, 1, 2, 3, 52]]), "hand 0 is not five different cards"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]), "hand 1 is not five"),
        (np.array([[0, 1, 2, 3, 4], [9, 1, 2, 9, 4]]), "hand 1 is not five"),
    ],
)
def test_evaluate_many_refuses_bad_hands(hands: npt.NDArray[np.generic], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_many(hands)


@pytest.mark.parametrize(
    "hand",
    [cards("Ac Kd Qh Js"), cards("Ac Kd Qh Js Tc 9c"), cards("Ac Ac Qh Js Tc")],
)
def test_evaluate_refuses_other_than_five_different_cards(hand: Sequence[Card]) -> None:
    with pytest.raises(ValueError, match="five different cards"):
        evaluate(hand)


@pytest.mark.parametrize(
    "hand", [cards("Ac Kd Qh Js"), cards("Ac Kd Qh Js Tc 9c 8c 7c"), cards("Ac Ac Qh Js Tc")]
)
def test_best_of_refuses_bad_hands(hand: Sequence[Card]) -> None:
    with pytest.raises(ValueError, match="5 to 7 different cards"):
        best_of(hand)


@pytest.mark.parametrize("rank", [0, DISTINCT_HAND_VALUES + 1, -3])
def test_category_of_rank_refuses_ranks_out_of_range(rank: int) -> None:
    with pytest.raises(ValueError, match="1 to 7462"):
        category_of_rank(rank)
    with pytest.raises(ValueError, match="1 to 7462"):
        categories_of_ranks([1, rank])


# --- other people's evaluators (the optional "bench" dependencies) ----------------------


@pytest.mark.slow
@pytest.mark.parametrize("library", ["eval7", "phevaluator"])
def test_the_fast_evaluator_orders_every_hand_as_other_libraries_do(
    library: str, every_hand: npt.NDArray[np.int8], every_rank: npt.NDArray[np.int32]
) -> None:
    module = pytest.importorskip(library)
    text = [str(card) for card in DECK]
    if library == "eval7":  # higher is better
        native = [module.Card(t) for t in text]
        theirs = [module.evaluate([native[c] for c in hand]) for hand in every_hand.tolist()]
    else:  # phevaluator: lower is better; its card ids are croupier's indices
        assert [module.Card(t).id_ for t in text] == list(range(52))
        theirs = [-module.evaluate_cards(*hand) for hand in every_hand.tolist()]
    ours = every_rank.tolist()
    their_rank = dict(zip(theirs, ours, strict=True))  # their score -> our rank
    assert len(their_rank) == DISTINCT_HAND_VALUES
    assert all(their_rank[score] == rank for score, rank in zip(theirs, ours, strict=True))
    ordered = [rank for _, rank in sorted(their_rank.items())]
    assert ordered == list(range(1, DISTINCT_HAND_VALUES + 1))
