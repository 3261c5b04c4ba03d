"""Double Back Jack's typed spot (issue 30): a hand's wager is a :class:`HandSpot` (its
kind and its hand), written as events have always written it and read back by lookup,
never split ("blackjack_2" is the Blackjack Wager of a split's second hand, 673a.11)."""

from __future__ import annotations

import pytest

from croupier.rules.double_back_jack import HandSpot, Spot, spot_words

WRITTEN = {
    "blackjack": (Spot.BLACKJACK, 0, "Blackjack"),
    "second_chance": (Spot.SECOND_CHANCE, 0, "Second Chance"),
    "insurance": (Spot.INSURANCE, 0, "Insurance"),
    "double": (Spot.DOUBLE, 0, "Double"),
    "blackjack_2": (Spot.BLACKJACK, 1, "Blackjack (hand 2)"),
    "second_chance_2": (Spot.SECOND_CHANCE, 1, "Second Chance (hand 2)"),
    "double_2": (Spot.DOUBLE, 1, "Double (hand 2)"),
}
"""Every spot a round's events write, with its parts and its name (673a.11: two hands at
most; Insurance is taken on the first hand only, 673a.8)."""


def test_every_spot_is_written_and_read_back_as_events_write_it() -> None:
    assert {str(spot) for spot in HandSpot.every()} == set(WRITTEN)
    for text, (kind, hand, said) in WRITTEN.items():
        spot = HandSpot.parse(text)
        assert (spot.kind, spot.hand, spot.label, str(spot)) == (kind, hand, said, text)
        assert HandSpot(kind, hand) == spot
        assert spot_words(text) == said


@pytest.mark.parametrize("text", ["blackjack_3", "insurance_2", "blackjack:2", "pass", ""])
def test_no_other_text_is_a_spot(text: str) -> None:
    assert not HandSpot.is_spot(text)
    with pytest.raises(ValueError, match="there is no spot"):
        HandSpot.parse(text)
    assert spot_words(text) == text  # said as it was sent
