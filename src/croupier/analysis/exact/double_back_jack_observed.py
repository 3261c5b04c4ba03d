"""The house's expected win on a settled Double Back Jack round (58 Pa. Code ch. 673a)
given the decisions its players took: the hold report's observed-decisions figure
(:mod:`croupier.reports.observed`).

Each hand is valued once the player's decisions on it are over, exactly
(:class:`~fractions.Fraction` cents), conditioned on every player card of the round,
the dealer's up card and what the card reader said of the hole card:

- a hand settled before the dealer plays (a player Blackjack, a 21, a bust whose Second
  Chance Wager was declined, or a Second Chance hand that ended at or over 21, a
  surrender, every hand lost to a dealer Blackjack the card reader found) is worth its
  settlement: nothing about it is left to chance;
- a hand left standing against the dealer (under 21, a Second Chance hand included) is
  worth the exact expectation of its settlement (673a.7(q), (r)) over the dealer's
  final results, :func:`~croupier.analysis.exact.double_back_jack.dealer_outcomes` of
  the up card and the shoe less the up card and every player card of the round (the
  hole card and the dealer's draws are equally likely to be any of the unseen cards);
- an Insurance Wager is worth its stake times
  :func:`~croupier.analysis.exact.double_back_jack.insurance_return` of the shoe less
  the up card and the cards dealt to the boxes in the deal (what was seen when it was
  placed, 673a.8).

The shoe is the Rules Submission's full shoe: cards dealt in earlier rounds since the
shuffle are not known to the round. Any such conditioning leaves the average exact (the
tower property); the actual win scatters around it with the dealer's cards.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.analysis.exact.double_back_jack import (
    dealer_outcomes,
    full_shoe,
    insurance_return,
    remove,
)
from croupier.equipment.cards import Card
from croupier.game import settled_wagers
from croupier.hands.blackjack import card_value
from croupier.rules.double_back_jack import (
    DEALER_PUSH_TOTAL,
    SECOND_CHANCE_ODDS,
    WIN_ODDS,
    Spot,
    spot_name,
)

BLACKJACK = Spot.BLACKJACK.value
INSURANCE = Spot.INSURANCE.value


def stand_net(total: int, result: int | str, second_chance: bool) -> tuple[Fraction, Fraction]:
    """A hand standing on ``total`` (under 21) against the dealer's final ``result`` (17
    to 22, ``"bust"`` or ``"blackjack"``): the player's net per unit of its Blackjack
    Wager (the double included) and per unit of its Second Chance Wager (673a.7(q),
    (r)): a dealer 22 returns both; a win pays the Blackjack Wager 1 to 1, or, with a
    Second Chance Wager, returns it and pays the Second Chance Wager 1 to 1; a tie
    returns both; a loss loses both."""
    if result == DEALER_PUSH_TOTAL:
        return Fraction(0), Fraction(0)
    if result == "bust" or (isinstance(result, int) and total > result):
        return (Fraction(0), SECOND_CHANCE_ODDS) if second_chance else (WIN_ODDS, Fraction(0))
    if result == total:
        return Fraction(0), Fraction(0)
    return Fraction(-1), Fraction(-1)


def _player_cards(state: Any) -> list[Card]:
    cards: list[Card] = []
    for hand in state.hands.values():
        cards += hand.cards
        if hand.second_chance_card is not None:
            cards.append(hand.second_chance_card)
    return cards


def _deal_cards(state: Any) -> list[Card]:
    """The cards dealt to the boxes in the deal: a split hand's first card (673a.11)."""
    cards: list[Card] = []
    for (_seat, index), hand in state.hands.items():
        if index == 0:
            split = (_seat, 1) in state.hands
            cards += hand.cards[:1] if split else hand.cards[:2]
        else:
            cards += hand.cards[:1]
    return cards


def expected_given_decisions(round_: Any) -> dict[str, Fraction]:
    """The house's expected win (cents, exact) on each par-sheet wager of the settled
    Double Back Jack ``round_`` (replayed from its events) given its players' decisions:
    ``{"blackjack": ..., "insurance": ...}`` for the wagers the round holds, the
    Blackjack Wager counting every hand, double down and Second Chance Wager of its box
    (see the module's docstring). Voided wagers are not counted."""
    state = round_.state
    events = list(round_.events)
    begun = next((i for i, e in enumerate(events) if e.type == "SettlementBegun"), None)
    against = {
        (e.seat, e.spot): e.amount
        for e in settled_wagers(events[begun:] if begun is not None else [])
    }
    found: dict[str, Fraction] = {}
    up = state.up_card
    for event in settled_wagers(events):
        if (event.seat, event.spot) in against:
            continue
        if event.spot == INSURANCE:
            unseen = remove(full_shoe(state.rules.decks), [up, *_deal_cards(state)])
            value = -Fraction(event.amount) * insurance_return(unseen)
            found[INSURANCE] = found.get(INSURANCE, Fraction(0)) + value
            continue
        net = Fraction(event.returned + event.won - event.amount)
        found[BLACKJACK] = found.get(BLACKJACK, Fraction(0)) - net
    if not against:
        return found
    unseen = remove(full_shoe(state.rules.decks), [up, *_player_cards(state)])
    dealer = dealer_outcomes(card_value(up), unseen, no_blackjack=state.reader_read)
    for hand in state.hands.values():
        main = [spot_name(k, hand.index) for k in (Spot.BLACKJACK, Spot.DOUBLE)]
        if (hand.seat, main[0]) not in against:
            continue
        stake = Fraction(sum(against.get((hand.seat, spot), 0) for spot in main))
        extra = Fraction(against.get((hand.seat, spot_name(Spot.SECOND_CHANCE, hand.index)), 0))
        value = Fraction(0)
        for result, chance in dealer.items():
            on_main, on_extra = stand_net(hand.total, result, hand.second_chance)
            value += chance * (stake * on_main + extra * on_extra)
        found[BLACKJACK] = found.get(BLACKJACK, Fraction(0)) - value
    return found


__all__ = ["expected_given_decisions", "stand_net"]
