"""Cards, decks, the cut, the deal order, the deck rotation and the discard rack
(equipment/cards.py), shared by the card chapters (673a, 674a, 676a)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

import pytest
from pydantic import BaseModel

from croupier.equipment.cards import (
    COVER_CARD,
    STUB_COUNT_EVERY,
    Card,
    CardText,
    DealingProcedure,
    DeckInPlay,
    DeckRotation,
    DiscardRack,
    Rank,
    Suit,
    cut,
    deal_order,
    deck,
    insert_cover_card,
    least_cover_from_bottom,
    parse_cards,
    shoe,
    shuffled,
)
from croupier.errors import IllegalCommand, ImpossibleEquipment
from croupier.rng import SeededRng


def test_the_52_cards_are_interned_and_round_trip() -> None:
    cards = deck()
    assert len(cards) == len(set(cards)) == 52
    for card in cards:
        assert Card.parse(str(card)) is card
        assert Card.of(card.rank, card.suit) is card
        assert Card.from_index(int(card)) is card
    assert Card.parse("10h") is Card.of(Rank.TEN, Suit.HEARTS)
    assert Card.parse("as") is Card.parse("As")
    assert parse_cards("As Kd 2c") == (Card.parse("As"), Card.parse("Kd"), Card.parse("2c"))
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("1x")


def test_card_text_in_models() -> None:
    class Hand(BaseModel):
        cards: tuple[CardText, ...]

    hand = Hand(cards=parse_cards("As Td"))
    assert hand.model_dump(mode="json") == {"cards": ["As", "Td"]}
    assert Hand.model_validate_json('{"cards": ["As", "Td"]}') == hand


def test_deck_is_spread_by_suit_and_in_sequence() -> None:
    """674a.4(b), 676a.4(b): spread by suit and in sequence."""
    cards = deck()
    assert [str(c) for c in cards[:13]] == [f"{r}c" for r in "23456789TJQKA"]
    assert [c.suit for c in cards[::13]] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert Counter(shoe(2)) == Counter(cards * 2)


def test_shuffled_is_a_reproducible_permutation() -> None:
    """676a.5(a): randomly intermixed; the top of the stack is index 0."""
    first = shuffled(SeededRng(7))
    assert sorted(first) == sorted(deck()) and first != deck()
    assert shuffled(SeededRng(7)) == first
    assert sorted(shuffled(SeededRng(1), deck()[:10])) == sorted(deck()[:10])


def test_shuffled_positions_are_uniform() -> None:
    """Chi-square of the position of the ace of spades over 5,200 shuffles: 51 degrees of
    freedom, 87.97 is the 0.1% critical value."""
    rng = SeededRng(2026)
    ace = Card.parse("As")
    counts = Counter(shuffled(rng).index(ace) for _ in range(5_200))
    expected = 5_200 / 52
    chi_square = sum((counts[i] - expected) ** 2 / expected for i in range(52))
    assert chi_square < 87.97


def test_cut_with_the_cover_card() -> None:
    """674a.5(d), 676a.5(d): at least ten in from the top; the cards above and the cover
    card go to the bottom."""
    stack = deck()
    assert cut(stack, 10, "676a.5(d)") == [*stack[10:], *stack[:10], COVER_CARD]
    assert cut(stack, 51, "676a.5(d)")[0] == stack[51]
    for bad in (9, 52):
        with pytest.raises(IllegalCommand) as info:
            cut(stack, bad, "676a.5(d)")
        assert info.value.cite == "676a.5(d)"


def test_cut_ten_from_the_bottom_too() -> None:
    """673a.5(d): the cutter's cover card goes at least ten cards from the top or the
    bottom."""
    stack = shoe(2)
    assert cut(stack, 94, "673a.5(d)", minimum_from_bottom=10)[0] == stack[94]
    with pytest.raises(IllegalCommand):
        cut(stack, 95, "673a.5(d)", minimum_from_bottom=10)


def test_cover_card_a_quarter_from_the_bottom() -> None:
    """673a.5(d): the dealer reinserts the cover card at least 1/4 of the way in from the
    bottom: 13 of 52 cards (52/4), 78 of 312, 27 of 105 (105/4 = 26.25, rounded up)."""
    assert [least_cover_from_bottom(n) for n in (52, 312, 105)] == [13, 78, 27]
    stack = deck()
    inserted = insert_cover_card(stack, 13, "673a.5(d)")
    assert inserted[39] is COVER_CARD and inserted[:39] == stack[:39] and len(inserted) == 53
    for bad in (12, 52):
        with pytest.raises(IllegalCommand) as info:
            insert_cover_card(stack, bad, "673a.5(d)")
        assert info.value.cite == "673a.5(d)"


def test_deal_order() -> None:
    """676a.8(b): one card at a time clockwise; 676a.10(b): a stack per hand."""
    one = deal_order(DealingProcedure.MANUAL_SHOE, ["1", "3", "dealer"], 4)
    assert one[:4] == [("1", 0), ("3", 0), ("dealer", 0), ("1", 1)]
    assert len(one) == 12 and one[-1] == ("dealer", 3)
    assert deal_order(DealingProcedure.HAND, ["1", "dealer"], 2) == deal_order(
        DealingProcedure.MANUAL_SHOE, ["1", "dealer"], 2
    )
    stacks = deal_order(DealingProcedure.AUTOMATED_SHOE, ["1", "3", "dealer"], 4)
    assert stacks[:5] == [("1", 0), ("1", 1), ("1", 2), ("1", 3), ("3", 0)]


def test_deck_rotation_alternates_two_decks() -> None:
    """674a.3(b)(3), 676a.3(b)(3): each deck is used every other round."""
    now = datetime(2026, 1, 1)
    rotation = DeckRotation(
        decks=[DeckInPlay("red", now), DeckInPlay("blue", now)], change_after=timedelta(hours=8)
    )
    used = []
    for _ in range(4):
        used.append(rotation.current.color)
        rotation.finish_round(stub_counted=False)
    assert used == ["red", "blue", "red", "blue"]
    assert [d.rounds for d in rotation.decks] == [2, 2]
    rotation.single_deck()
    assert [d.color for d in rotation.decks] == ["red"]
    rotation.finish_round(stub_counted=False)
    assert rotation.current.color == "red"


@pytest.mark.parametrize("every", [1, 3, STUB_COUNT_EVERY])
def test_stub_count_due_at_least_every_n_rounds(every: int) -> None:
    """676a.8(d): counted at least once every 5 rounds (or more often by choice)."""
    rotation = DeckRotation(
        decks=[DeckInPlay("red", datetime(2026, 1, 1))],
        change_after=timedelta(hours=8),
        count_every=every,
    )
    due = []
    for _ in range(2 * every):
        due.append(rotation.stub_count_due())
        rotation.finish_round(stub_counted=due[-1])
    assert due == ([False] * (every - 1) + [True]) * 2
    counting = DeckRotation(
        decks=[DeckInPlay("red", datetime(2026, 1, 1))],
        change_after=timedelta(hours=8),
        shuffler_counts=True,
    )
    for _ in range(12):
        assert not counting.stub_count_due()
        counting.finish_round(stub_counted=False)


def test_deck_changes_due_after_their_time() -> None:
    """676a.3(c): a deck past its time in use is reported until it is replaced."""
    opened = datetime(2026, 1, 1, 8)
    rotation = DeckRotation(decks=[DeckInPlay("red", opened)], change_after=timedelta(hours=4))
    assert rotation.changes_due(opened + timedelta(hours=3, minutes=59)) == []
    assert rotation.changes_due(opened + timedelta(hours=4)) == ["red"]
    rotation.change("red", opened + timedelta(hours=4))
    assert rotation.changes_due(opened + timedelta(hours=5)) == []
    assert rotation.history and "changed red" in rotation.history[0]
    with pytest.raises(KeyError):
        rotation.change("green", opened)


def test_discard_rack_keeps_hands_together() -> None:
    """676a.11(e): hands stay together and in order for reconstruction."""
    rack = DiscardRack()
    rack.place("seat 1", parse_cards("As Kd 2c 3h"))
    rack.place("dealer", parse_cards("4s 5d 6c 7h"))
    assert len(rack) == 8
    assert [label for label, _ in rack] == ["seat 1", "dealer"]
    assert dict(rack)["dealer"] == parse_cards("4s 5d 6c 7h")


# --- impossible cards (#29) ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rank", "suit", "shown"),
    [
        (1, "s", "not 1"),  # was read as the ace of spades
        (0, "c", "not 0"),  # was read as the king of clubs
        (15, "h", "not 15"),
        (True, "s", "not True"),
        ("2", "c", "not '2'"),
        (2.0, "c", "not 2.0"),
        (2, "x", "not 'x'"),
        (2, "S", "not 'S'"),
    ],
)
def test_card_of_refuses_a_rank_or_suit_no_deck_has(rank: object, suit: object, shown: str) -> None:
    """A deck's ranks are 2 to 10, jack, queen, king and ace (673a.3(d), 674a.6(a),
    676a.6), in four suits: 2..14 and c, d, h, s, nothing else (no wrapping round)."""
    with pytest.raises(ImpossibleEquipment) as refused:
        Card.of(rank, suit)  # type: ignore[arg-type]
    assert refused.value.cite == "673a.3(d); 674a.6(a); 676a.6"
    assert f"{shown} (673a.3(d); 674a.6(a); 676a.6)" in str(refused.value)
    assert isinstance(refused.value, ValueError)


@pytest.mark.parametrize("index", [-1, 52, -52, True, 1.0])
def test_card_from_index_refuses_an_index_outside_0_to_51(index: object) -> None:
    """52 cards, indexed 0..51: -1 is not the last card (it was read as the ace of spades)."""
    with pytest.raises(ImpossibleEquipment) as refused:
        Card.from_index(index)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"a deck has 52 cards, indexed 0 to 51: there is no card {index!r} "
        "(673a.3(d); 674a.6(a); 676a.6)"
    )


def test_every_card_of_the_deck_is_still_made() -> None:
    """The 52 cards by rank and suit, and by index 4 * (rank - 2) + suit (clubs 0,
    diamonds 1, hearts 2, spades 3), counted by hand at the ends."""
    assert str(Card.of(14, "s")) == "As" and str(Card.of(Rank.ACE, Suit.SPADES)) == "As"
    assert str(Card.of(2, "c")) == "2c" and str(Card.of(13, Suit.CLUBS)) == "Kc"
    assert str(Card.from_index(0)) == "2c" and str(Card.from_index(51)) == "As"
    assert str(Card.from_index(4 * (10 - 2) + 1)) == "Td"
    assert len({Card.of(rank, suit) for rank in range(2, 15) for suit in "cdhs"}) == 52
