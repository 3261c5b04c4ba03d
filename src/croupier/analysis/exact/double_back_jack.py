"""Exact figures for Double Back Jack (58 Pa. Code ch. 673a) from a finite shoe: the
first piece of the game's analysis.

Only card values matter (673a.3(d)), so a shoe is a :data:`Shoe`: ten counts, index 0
for aces, 1 to 8 for the values 2 to 9, and 9 for the ten-value cards (tens, jacks,
queens and kings). Every figure is an exact :class:`~fractions.Fraction`.

- :func:`dealer_outcomes` is the probability of each final dealer result given the
  up card and the cards known to be out of the shoe, the dealer drawing to 16 and
  standing on all 17s (673a.7(o)): ``"blackjack"`` (673a.1), 17 to 21, ``22`` (which
  returns every remaining wager, 673a.7(q)(1)) and ``"bust"`` (23 or more). With
  ``no_blackjack`` the hole card is known, from the card reader, not to give a
  Blackjack (673a.7(h)).
- :func:`insurance_return` is the Insurance Wager's expected result per unit: it wins
  2 to 1 when the hole card is ten-value (673a.8(a), 673a.12(c)).

Not yet here (issue 5): the player's optimal decisions, the game's expected return and
the par sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from croupier.equipment.cards import Card
from croupier.hands.blackjack import card_value
from croupier.rules.double_back_jack import DEALER_STANDS_ON, INSURANCE_ODDS

Shoe = tuple[int, ...]
"""Ten counts: aces, 2, 3, ..., 9 and ten-value cards."""

DealerResult = int | str
"""17 to 22, ``"bust"`` (23 or more) or ``"blackjack"``."""


def full_shoe(decks: int) -> Shoe:
    """The counts of ``decks`` full decks: 4 of each value and 16 ten-value cards each."""
    return (4 * decks,) * 9 + (16 * decks,)


def remove(shoe: Shoe, cards: Iterable[Card | int]) -> Shoe:
    """``shoe`` less ``cards`` (cards, or values 1 to 10); raises ``ValueError`` for a
    card the shoe does not hold."""
    counts = list(shoe)
    for card in cards:
        value = card_value(card) if isinstance(card, Card) else card
        counts[value - 1] -= 1
        if counts[value - 1] < 0:
            raise ValueError(f"the shoe holds no more cards of value {value}")
    return tuple(counts)


def _total(hard: int, soft: bool) -> int:
    return hard + 10 if soft and hard + 10 <= 21 else hard


@cache
def _draw(shoe: Shoe, hard: int, ace: bool) -> dict[DealerResult, Fraction]:
    """The dealer's final results from a hand of ``hard`` points (``ace``: it holds an
    ace) with ``shoe`` left, drawing to 16 and standing on all 17s."""
    total = _total(hard, ace)
    if total >= DEALER_STANDS_ON:
        return {total if total <= 22 else "bust": Fraction(1)}
    cards = sum(shoe)
    if not cards:
        raise ValueError("the shoe runs out before the dealer's hand is complete")
    out: dict[DealerResult, Fraction] = {}
    for index, count in enumerate(shoe):
        if not count:
            continue
        value = index + 1
        rest = list(shoe)
        rest[index] -= 1
        chance = Fraction(count, cards)
        for result, p in _draw(tuple(rest), hard + value, ace or value == 1).items():
            out[result] = out.get(result, Fraction(0)) + chance * p
    return out


def dealer_outcomes(
    up: int, shoe: Shoe, *, no_blackjack: bool = False
) -> dict[DealerResult, Fraction]:
    """The probability of each final dealer result (673a.7(o), 673a.7(q)) with the up card
    of value ``up`` (1 for an ace, 10 for a ten-value card) and ``shoe`` the cards the
    dealer may still receive (the up card and every known card removed). With
    ``no_blackjack`` the hole card is conditioned not to give a Blackjack. Raises
    ``ValueError`` if the shoe can run out before the dealer stands."""
    cards = sum(shoe)
    out: dict[DealerResult, Fraction] = {}
    for index, count in enumerate(shoe):
        if not count:
            continue
        hole = index + 1
        if {up, hole} == {1, 10}:
            if not no_blackjack:
                out["blackjack"] = out.get("blackjack", Fraction(0)) + Fraction(count, cards)
            continue
        rest = list(shoe)
        rest[index] -= 1
        for result, p in _draw(tuple(rest), up + hole, 1 in (up, hole)).items():
            out[result] = out.get(result, Fraction(0)) + Fraction(count, cards) * p
    weight = sum(out.values())
    return {result: p / weight for result, p in out.items()}


def insurance_return(shoe: Shoe) -> Fraction:
    """The Insurance Wager's expected result per unit when the dealer shows an ace and
    ``shoe`` holds the unseen cards: 2 to 1 on a ten-value hole card (673a.12(c)), the
    wager lost otherwise."""
    tens = Fraction(shoe[9], sum(shoe))
    return tens * INSURANCE_ODDS - (1 - tens)


__all__ = ["DealerResult", "Shoe", "dealer_outcomes", "full_shoe", "insurance_return", "remove"]
