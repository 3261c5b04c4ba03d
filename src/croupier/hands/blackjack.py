"""Blackjack hand totals (58 Pa. Code ch. 673a, Double Back Jack).

- :func:`card_value` is a card's value: 2 to 10 their face value, jack, queen and king
  10, an ace 11 or 1 (673a.3(d)).
- :func:`hand_value` is a hand's total with each ace counted as 11 unless that would
  take the total past 21 (673a.3(d)(3)): a :class:`HandValue` with ``total`` (points)
  and ``soft`` (an ace counted as 11, 673a.1 "Soft total"; otherwise a hard total).
- :func:`is_blackjack` is an ace and a ten-value card as a hand's initial two cards
  (673a.1 "Blackjack"); a hand formed by a split is never a Blackjack (673a.11(b)).
- :func:`second_chance_value` is a card's value when it is subtracted from a busted
  hand: an ace counts 1 (673a.7(l)).

>>> from croupier.equipment.cards import parse_cards
>>> hand_value(parse_cards("As 6d"))
HandValue(total=17, soft=True)
>>> hand_value(parse_cards("As 6d Tc"))
HandValue(total=17, soft=False)
>>> is_blackjack(parse_cards("As Kd")), is_blackjack(parse_cards("As Kd"), split=True)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from croupier.equipment.cards import Card, Rank

BLACKJACK_TOTAL: Final = 21
"""The best total; more than 21 is a bust (673a.1 "Bust")."""

TEN_VALUE: Final = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
"""The cards valued 10 (673a.3(d)(1)-(2))."""


class HandValue(NamedTuple):
    """A hand's total point count and whether an ace in it is counted as 11 (soft)."""

    total: int
    soft: bool


def card_value(card: Card) -> int:
    """The value of ``card`` with an ace counted as 1 (673a.3(d)); 1 to 10."""
    if card.rank is Rank.ACE:
        return 1
    return 10 if card.rank in TEN_VALUE else int(card.rank)


def is_ten_value(card: Card) -> bool:
    """True for a 10, jack, queen or king (673a.3(d)(1)-(2))."""
    return card.rank in TEN_VALUE


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The total of ``cards`` (673a.3(d)): one ace counts 11 when that keeps the total at
    21 or less (a soft total, 673a.1), every other ace 1 (a hard total)."""
    hard = sum(card_value(card) for card in cards)
    if any(card.rank is Rank.ACE for card in cards) and hard + 10 <= BLACKJACK_TOTAL:
        return HandValue(hard + 10, True)
    return HandValue(hard, False)


def is_blackjack(cards: Sequence[Card], *, split: bool = False) -> bool:
    """True when ``cards`` are an ace and a ten-value card dealt as the initial two cards
    (673a.1); never for a hand formed by splitting (673a.11(b))."""
    if split or len(cards) != 2:
        return False
    ranks = {cards[0].rank, cards[1].rank}
    return Rank.ACE in ranks and bool(ranks & TEN_VALUE)


def second_chance_value(card: Card) -> int:
    """The value subtracted from a busted hand by a second chance card: an ace is 1
    (673a.7(l)); 1 to 10."""
    return card_value(card)


def same_value(first: Card, second: Card) -> bool:
    """True when two cards are identical in value, a king and a 10 included
    (673a.11(a))."""
    return card_value(first) == card_value(second)


__all__ = [
    "BLACKJACK_TOTAL",
    "TEN_VALUE",
    "HandValue",
    "card_value",
    "hand_value",
    "is_blackjack",
    "is_ten_value",
    "same_value",
    "second_chance_value",
]
