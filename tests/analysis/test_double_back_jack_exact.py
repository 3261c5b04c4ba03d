"""Exact Double Back Jack figures (analysis/exact/double_back_jack.py) against hand
calculations and against an independent enumeration of every order of a small shoe."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from croupier.analysis.exact.double_back_jack import (
    Shoe,
    dealer_outcomes,
    full_shoe,
    insurance_return,
    remove,
)


def by_permutation(up: int, cards: list[int], no_blackjack: bool = False) -> dict[object, Fraction]:
    """Deal the hole card and the dealer's draws from every order of ``cards`` (values 1
    to 10), applying 673a.7(o) directly: count an ace as 11 while that keeps 21 or less,
    draw below 17, stand on any 17."""
    tally: Counter[object] = Counter()
    orders = 0
    for order in permutations(cards):
        hand = [up, order[0]]
        if sorted(hand) == [1, 10]:
            if not no_blackjack:
                tally["blackjack"] += 1
                orders += 1
            continue
        rest = list(order[1:])
        while True:
            total = sum(hand)
            if 1 in hand and total + 10 <= 21:
                total += 10
            if total >= 17:
                break
            hand.append(rest.pop(0))
        tally[total if total <= 22 else "bust"] += 1
        orders += 1
    return {result: Fraction(n, orders) for result, n in tally.items()}


def shoe_of(cards: list[int]) -> Shoe:
    counts = [0] * 10
    for value in cards:
        counts[value - 1] += 1
    return tuple(counts)


@pytest.mark.parametrize(
    ("up", "cards"),
    [
        (6, [1, 2, 3, 5, 10, 10, 7, 9]),
        (1, [1, 6, 10, 10, 4, 5, 2, 8]),
        (10, [1, 1, 2, 3, 4, 5, 6, 10]),
        (2, [2, 3, 4, 4, 5, 6, 1, 1]),
    ],
)
def test_dealer_outcomes_match_every_order(up: int, cards: list[int]) -> None:
    """673a.7(o), 673a.7(q): the recursion equals the enumeration of all 8! orders."""
    for no_blackjack in (False, True):
        expected = by_permutation(up, cards, no_blackjack)
        assert dealer_outcomes(up, shoe_of(cards), no_blackjack=no_blackjack) == expected


def test_dealer_outcomes_by_hand() -> None:
    """673a.7(q)(1): an ace up over an ace and two tens: a Blackjack 2 times in 3, else
    A-A (soft 12) draws a ten (hard 12) and the other ten: 22; a ten up over nothing but
    7s stands on 17."""
    third = Fraction(1, 3)
    assert dealer_outcomes(1, shoe_of([1, 10, 10])) == {"blackjack": 2 * third, 22: third}
    assert dealer_outcomes(1, shoe_of([1, 10, 10]), no_blackjack=True) == {22: Fraction(1)}
    assert dealer_outcomes(10, shoe_of([7, 7, 7])) == {17: Fraction(1)}


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_full_shoe_probabilities_sum_to_one(decks: int) -> None:
    """Every up card of 1, 2, 6 and 8 decks: the results are a distribution."""
    for up in range(1, 11):
        outcomes = dealer_outcomes(up, remove(full_shoe(decks), [up]))
        assert sum(outcomes.values()) == 1
        assert ("blackjack" in outcomes) == (up in (1, 10))


def test_insurance_return_by_hand() -> None:
    """673a.8, 673a.12(c): 2 to 1 on a ten-value hole card: one deck less the dealer's ace,
    16 tens of 51: 3 * 16/51 - 1 = -1/17; six decks: 3 * 96/311 - 1 = -23/311; one deck
    with the player holding two tens: 3 * 14/49 - 1 = -1/7."""
    assert insurance_return(remove(full_shoe(1), [1])) == Fraction(-1, 17)
    assert insurance_return(remove(full_shoe(6), [1])) == Fraction(-23, 311)
    assert insurance_return(remove(full_shoe(1), [1, 10, 10])) == Fraction(-1, 7)
