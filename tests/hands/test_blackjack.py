"""Blackjack hand values (hands/blackjack.py) for Double Back Jack (673a.3(d))."""

from __future__ import annotations

from croupier.equipment.cards import Rank, Suit, deck, parse_cards
from croupier.hands.blackjack import (
    card_value,
    hand_value,
    is_blackjack,
    same_value,
    second_chance_value,
)


def test_every_card_value() -> None:
    """673a.3(d)(1)-(3): 2-10 face value, J Q K 10, an ace 1 or 11 (1 here)."""
    values = {card.rank: card_value(card) for card in deck()}
    assert values[Rank.ACE] == 1 and values[Rank.KING] == values[Rank.TEN] == 10
    assert [values[Rank(r)] for r in range(2, 10)] == list(range(2, 10))


def test_totals_and_blackjack() -> None:
    """673a.1: hard and soft totals, Blackjack only as the first two cards and not after a
    split (673a.11(b))."""
    assert hand_value(parse_cards("Ah 5c 5d")) == (21, True)
    assert hand_value(parse_cards("Ah 5c 5d Kc")) == (21, False)
    assert hand_value(parse_cards("Kh Qc 5d")) == (25, False)
    assert is_blackjack(parse_cards("Kh As")) and not is_blackjack(parse_cards("Kh As"), split=True)
    assert not is_blackjack(parse_cards("Kh Qs"))


def test_split_values_and_second_chance_ace() -> None:
    """673a.11(a): a king and a 10 are identical in value; 673a.7(l): a second chance ace
    counts 1."""
    king, ten, nine = parse_cards("Kc Td 9d")
    assert same_value(king, ten) and not same_value(king, nine)
    assert second_chance_value(parse_cards("As")[0]) == 1
    assert str(parse_cards("As")[0].suit) == Suit.SPADES
