"""A Double Back Jack table for the regulation tests: the shoe is stacked in a chosen
order.

The table hands each round the cards left in its shoe (``RoundSetup.shoe``), so a test
stacks the shoe by writing the cards in the order the text deals them (673a.7(e): one
card to each box clockwise from the dealer's left, i.e. the lowest box first, one face
up to the dealer, a second card to each box, the dealer's second face down), then the
cards drawn afterwards in the order they are drawn. The order is written here from the
text, not taken from croupier.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from croupier.engine import DEALER, Event, WagerSettled
from croupier.equipment.cards import Card, parse_cards
from croupier.errors import IllegalCommand
from croupier.games.double_back_jack import (
    DealCards,
    Decide,
    DoubleBackJackRound,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RoundSetup,
    SettleWagers,
)
from croupier.rng import SeededRng
from croupier.rules.double_back_jack import DoubleBackJackRules

FIVE = 500
"""A $5 wager, in cents."""

FILLER = parse_cards("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s")
"""Cards left in the shoe below the ones a test needs (nobody draws them)."""


def initial_deal(hands: dict[Any, str]) -> list[Card]:
    """The first two cards of each hand in the order of 673a.7(e)."""
    boxes = sorted(k for k in hands if k != DEALER)
    cards = {k: parse_cards(v) for k, v in hands.items()}
    return [
        *(cards[box][0] for box in boxes),
        cards[DEALER][0],
        *(cards[box][1] for box in boxes),
        cards[DEALER][1],
    ]


def stacked_shoe(cards: Sequence[Card], decks: int = 6) -> RoundSetup:
    """A shoe with ``cards`` on top and :data:`FILLER` below, the cover card below all."""
    shoe = (*cards, *FILLER)
    return RoundSetup(
        batch="red", shuffling="manual", shoe=shoe, cover_at=len(FILLER), cite="673a.7(a)"
    )


def open_round(
    hands: dict[Any, str],
    draws: str = "",
    wagers: dict[int, int] | None = None,
    seats: dict[int, str] | None = None,
    **rules: Any,
) -> DoubleBackJackRound:
    """A round under ``DoubleBackJackRules(**rules)`` whose shoe deals ``hands`` and then
    ``draws``, each box of ``hands`` wagering ``wagers[box]`` (default $5); dealt."""
    boxes = sorted(k for k in hands if k != DEALER)
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(**rules),
        table_id="T1",
        round_id="R1",
        seats=seats or {box: f"p{box}" for box in boxes},
        rng=SeededRng(0),
        setup=stacked_shoe([*initial_deal(hands), *parse_cards(draws)]),
    )
    for box in boxes:
        amount = (wagers or {}).get(box, FIVE)
        rnd.handle(PlaceWager(seat=box, spot="blackjack", amount=amount), box)
    rnd.handle(DealCards(), DEALER)
    return rnd


def decide(rnd: DoubleBackJackRound, seat: int, decision: str, amount: Any = None) -> list[Event]:
    return rnd.handle(Decide(seat=seat, decision=decision, amount=amount), seat)


def finish(rnd: DoubleBackJackRound) -> list[Event]:
    """The dealer reads the hole card if due, plays his hand and settles."""
    events: list[Event] = []
    if rnd.state.phase == "reader":
        events += rnd.handle(ReadHoleCard(), DEALER)
    if not rnd.finished:
        events += rnd.handle(PlayDealerHand(), DEALER)
        events += rnd.handle(SettleWagers(), DEALER)
    return events


def settled(rnd: DoubleBackJackRound, seat: int = 1) -> dict[str, WagerSettled]:
    """Every settlement of ``seat`` by spot (a spot is settled at most once)."""
    out: dict[str, WagerSettled] = {}
    for event in rnd.events:
        if isinstance(event, WagerSettled) and event.seat == seat:
            assert event.spot not in out, f"{event.spot} settled twice"
            out[event.spot] = event
    return out


def net(rnd: DoubleBackJackRound, seat: int = 1) -> int:
    """What ``seat`` gained (cents): stakes returned and winnings less the stakes."""
    return sum(e.returned + e.won - e.amount for e in settled(rnd, seat).values())


def of_type(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def refused(rnd: DoubleBackJackRound, command: Any, actor: Any) -> IllegalCommand:
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
