"""A Go Fore It table for the regulation tests: the deck is stacked in a chosen order.

:class:`StackedRng` answers the engine's Fisher-Yates draws so that the shuffle of a
fresh deck yields exactly the stack a test asks for; the round itself is untouched.
The order in which the cards are wanted is written here from the text (one card at a
time clockwise from the dealer's left, the dealer last, 676a.8(b); stacks of four,
676a.10(b)), not taken from croupier.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from croupier.engine import DEALER, WagerSettled
from croupier.equipment.cards import Card, deck, parse_cards
from croupier.errors import IllegalCommand
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CountStub,
    CutCards,
    DealCards,
    Fold,
    GoForeItRound,
    PlaceWager,
    RevealDealerHand,
    ShuffleCards,
)
from croupier.rules.go_fore_it import GoForeItRules, Spot

FIVE = 500
"""A $5 wager, in cents."""

AUTOMATED = {"shuffling": "automated"}
"""Rules fields for an automated shuffler (no cut, 676a.5(c)(1))."""


class StackedRng:
    """Answers ``randbelow`` so that the Fisher-Yates shuffle of :func:`deck` gives
    ``stack`` (top card first). Raises if asked anything else."""

    def __init__(self, stack: Sequence[Card]) -> None:
        assert sorted(stack) == sorted(deck()), "a stack is the 52 cards of one deck"
        items = deck()
        self.answers: list[tuple[int, int]] = []
        for i in range(len(items) - 1, 0, -1):
            j = items.index(stack[i])
            assert j <= i
            self.answers.append((i + 1, j))
            items[i], items[j] = items[j], items[i]
        assert items == list(stack)

    def randbelow(self, n: int) -> int:
        bound, answer = self.answers.pop(0)
        assert n == bound, f"the shuffle asked randbelow({n}), expected {bound}"
        return answer


def one_at_a_time(hands: dict[Any, str]) -> list[Card]:
    """The cards of ``hands`` in the order of 676a.8(b)/676a.9(b): one card at a time,
    starting with the player farthest to the dealer's left (the lowest seat) and going
    clockwise, the dealer last, until each has four."""
    order = [*sorted(k for k in hands if k != DEALER), DEALER]
    cards = {k: parse_cards(v) for k, v in hands.items()}
    return [cards[hand][n] for n in range(4) for hand in order]


def in_stacks(hands: dict[Any, str]) -> list[Card]:
    """The cards of ``hands`` dispensed by an automated shoe (676a.10(b)): a stack of four
    for each player clockwise from the dealer's left, then the dealer's."""
    order = [*sorted(k for k in hands if k != DEALER), DEALER]
    return [card for hand in order for card in parse_cards(hands[hand])]


def full_stack(dealt: Sequence[Card]) -> list[Card]:
    """``dealt`` on top, then the rest of the deck (the stub) in deck order."""
    assert len(set(dealt)) == len(dealt), "a card appears twice"
    return [*dealt, *(card for card in deck() if card not in dealt)]


def open_round(
    seats: dict[int, str] | None = None, stack: Sequence[Card] | None = None, **rules: Any
) -> GoForeItRound:
    """A round under ``GoForeItRules(**rules)`` whose shuffle yields ``stack``."""
    stack = list(stack) if stack is not None else deck()
    return GoForeItRound.open(
        GoForeItRules(**rules),
        table_id="T1",
        round_id="R1",
        seats=seats or {1: "alice"},
        rng=StackedRng(stack),
    )


def bet(rnd: GoForeItRound, seat: int, spot: str, amount: Any = FIVE) -> None:
    rnd.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)


def deal(
    hands: dict[Any, str],
    wagers: dict[int, Sequence[str]],
    rules: dict[str, Any] | None = None,
    amount: int = FIVE,
) -> GoForeItRound:
    """A round (automated shuffler, manual shoe unless ``rules`` say otherwise) where each
    seat of ``wagers`` bets ``amount`` on its spots, dealt ``hands`` (seat or
    ``"dealer"`` -> four cards, the first two the front cards), the stub counted and
    discarded: the round waits for the Back 9 decisions."""
    rules = {**AUTOMATED, **(rules or {})}
    automated_shoe = rules.get("dealing_procedure") == "automated_shoe"
    dealt = in_stacks(hands) if automated_shoe else one_at_a_time(hands)
    rnd = open_round({seat: f"p{seat}" for seat in wagers}, full_stack(dealt), **rules)
    for seat, spots in wagers.items():
        for spot in spots:
            bet(rnd, seat, spot, amount)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    if rnd.state.phase == "cut":
        raise AssertionError("deal() uses an automated shuffler: no cut")
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    return rnd


def play_out(rnd: GoForeItRound, back_9: Sequence[int] = (), fold: Sequence[int] = ()) -> list[Any]:
    """Each player in turn makes the Back 9 (seats in ``back_9``) or folds; then the
    dealer reveals and settles. Returns the events of the reveal."""
    while rnd.state.to_act() is not None:
        seat = rnd.state.to_act()
        assert seat is not None
        if seat in back_9:
            front = rnd.state.wagers[seat][Spot.FRONT_9]
            rnd.handle(PlaceWager(seat=seat, spot="back_9", amount=front), seat)
        else:
            assert seat in fold, f"seat {seat} has no decision in the test"
            rnd.handle(Fold(seat=seat), seat)
    return rnd.handle(RevealDealerHand(), DEALER)


def cut_round(
    position: int, stack: Sequence[Card], seats: dict[int, str] | None = None
) -> GoForeItRound:
    """A manual-shuffle round (the default rules) shuffled to ``stack`` and cut at
    ``position``."""
    rnd = open_round(seats or {1: "alice"}, stack)
    for seat in rnd.state.seats:
        bet(rnd, seat, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(CutCards(position=position), DEALER)
    return rnd


def settled(rnd: GoForeItRound, seat: int = 1) -> dict[str, WagerSettled]:
    """Every settlement of ``seat`` by spot (a spot is settled at most once)."""
    out: dict[str, WagerSettled] = {}
    for event in rnd.events:
        if isinstance(event, WagerSettled) and event.seat == seat:
            assert event.spot not in out, f"{event.spot} settled twice"
            out[event.spot] = event
    return out


def of_type(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def refused(rnd: GoForeItRound, command: Any, actor: Any) -> IllegalCommand:
    """Send a command that must be refused; prove the round did not change (events and
    every view)."""
    events_before = list(rnd.events)
    views_before = {who: rnd.view(who) for who in (None, DEALER, *rnd.state.seats)}
    with pytest.raises(IllegalCommand) as info:
        rnd.handle(command, actor)
    assert rnd.events == events_before
    assert {who: rnd.view(who) for who in views_before} == views_before
    error = info.value
    assert error.cite, "a refusal must cite its rule"
    assert str(error).endswith(f"({error.cite})")
    return error
