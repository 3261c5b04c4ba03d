"""The round contract (engine.py), exercised on Criss-Cross Poker (ch. 674a).

The generic contract (random play from ``legal_commands``, replay from JSON, refused
commands change nothing, what the events and views show each viewer) is checked for every
game in tests/contract. Here, in random play: every cent wagered is withdrawn or settled
exactly once, and no view but the dealer's shows a card that is not face up or the
viewer's own; and a tampered record is rejected. The cards a viewer may see are worked
out here from the events alone (674a.11(a): a player sees his own two cards after the
deal; 674a.11(c), (e), (g): the community cards turned up; 674a.11(g): each settled
player's cards; 674a.13(a): a card found face up), independently of the engine's
``view``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from contract.play import random_rounds
from croupier.engine import DEALER, Actor, Command, Outcome, WagerPlaced, WagerSettled
from croupier.equipment.cards import deck
from croupier.errors import IllegalCommand, NotYourTurn, OtherSeat, ReplayError
from croupier.games.criss_cross_poker import (
    AnnounceNoMoreBets,
    CardDealt,
    CardDiscarded,
    CommunityCardsTurned,
    CountStub,
    CrissCrossPokerRound,
    CutCards,
    DealCards,
    DeclareIrregularity,
    DiscardStub,
    Fold,
    HandsTurnedUp,
    PlaceAntes,
    PlaceWager,
    RequireRecut,
    ResolveMiscount,
    RevealCommunityCards,
    ShuffleCards,
    StubDiscarded,
    VoidRound,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.registry import GAMES
from croupier.rng import SeededRng
from croupier.rules.criss_cross_poker import CrissCrossPokerRules

SEATS = {1: "ann", 2: "bo", 5: "cy"}
RULE_SETS: list[dict[str, Any]] = [
    {},
    {"five_card_bonus": True},
    {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
    {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
    {"five_card_bonus": True, "payout_limit": 5_000_000},
]
CARD_TEXTS = {str(card) for card in deck()}


def command_from(
    legal: Any, actor: Actor, rnd: CrissCrossPokerRound, pick: random.Random
) -> Command:
    """A command built from one ``LegalCommand`` offer, with random bounds."""
    name = legal.command
    amount = (
        pick.randint(legal.min_amount, min(legal.max_amount, legal.min_amount + 2000))
        if legal.min_amount is not None
        else None
    )
    if name == "PlaceAntes":
        assert isinstance(actor, int)
        return PlaceAntes(seat=actor, ante_across=amount, ante_down=amount)
    if name == "PlaceWager":
        assert isinstance(actor, int)
        value = pick.choice([legal.min_amount, legal.max_amount, amount])
        return PlaceWager(seat=actor, spot=legal.spots[0], amount=value)
    if name == "WithdrawWager":
        assert isinstance(actor, int)
        return WithdrawWager(seat=actor, spot=pick.choice(legal.spots))
    if name == "Fold":
        assert isinstance(actor, int)
        return Fold(seat=actor)
    if name == "DeclareIrregularity":
        if "position" in legal.fields:
            return DeclareIrregularity(
                irregularity=legal.values("irregularity")[0],
                position=pick.choice(legal.values("position")),
            )
        return DeclareIrregularity(irregularity=pick.choice(legal.values("irregularity")))
    if name == "CutCards":
        position = legal.integers("position")
        return CutCards(position=pick.choice(range(position.low, position.high + 1)))
    if name == "CountStub":
        return CountStub(counted=pick.choice([None, None, None, 3]))
    if name == "ResolveMiscount":
        return ResolveMiscount(misdealt=pick.random() < 0.5)
    if name == "VoidRound":
        return VoidRound(reason="floor decision")
    simple = {
        "AnnounceNoMoreBets": AnnounceNoMoreBets,
        "ShuffleCards": ShuffleCards,
        "DealCards": DealCards,
        "DiscardStub": DiscardStub,
        "RequireRecut": RequireRecut,
        "RevealCommunityCards": RevealCommunityCards,
    }
    return simple[name]()


def random_round(seed: int, rules: dict[str, Any]) -> CrissCrossPokerRound:
    pick = random.Random(seed)
    rnd = CrissCrossPokerRound.open(
        CrissCrossPokerRules(**rules),
        table_id="T",
        round_id=f"R{seed}",
        seats=SEATS,
        rng=SeededRng(seed),
    )
    for _ in range(400):
        if rnd.finished:
            break
        actors: list[Actor] = [*SEATS, DEALER]
        offers = [(actor, legal) for actor in actors for legal in rnd.legal_commands(actor)]
        # irregularities and voids are rare, as at a real table
        weights = [
            0.02 if legal.command in ("DeclareIrregularity", "VoidRound") else 1.0
            for _, legal in offers
        ]
        actor, legal = pick.choices(offers, weights)[0]
        if legal.command == "AnnounceNoMoreBets" and pick.random() < 0.5:
            continue
        command = command_from(legal, actor, rnd, pick)
        rnd.handle(command, actor)  # an offered command must be accepted
        check_views(rnd)
    assert rnd.finished
    return rnd


def visible_cards(rnd: CrissCrossPokerRound, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may see, from the events alone."""
    seen: set[str] = set()
    own: list[str] = []
    examined = False
    for event in rnd.events:
        match event:
            case CardDealt(hand=hand, card=card) if hand == viewer:
                own.append(str(card))
            case StubDiscarded():
                examined = True
            case CommunityCardsTurned(cards=cards):
                seen.update(str(c) for c in cards)
            case HandsTurnedUp(cards=cards):
                seen.update(str(c) for c in cards)
            case CardDiscarded(card=card):
                seen.add(str(card))
    if examined:
        seen.update(own)
    return seen


def cards_in(data: Any) -> set[str]:
    text = json.dumps(data)
    return {token for token in CARD_TEXTS if f'"{token}"' in text}


def check_views(rnd: CrissCrossPokerRound) -> None:
    for viewer in (None, *rnd.opened.seats):
        shown = cards_in(rnd.view(viewer))
        assert shown <= visible_cards(rnd, viewer), f"view {viewer} leaks {shown}"
    assert "stack" in rnd.view(DEALER)


def check_balance(rnd: CrissCrossPokerRound) -> None:
    """Every cent placed is withdrawn or settled exactly once."""
    placed: dict[tuple[int, str], int] = {}
    for event in rnd.events:
        if isinstance(event, WagerPlaced):
            key = (event.seat, event.spot)
            placed[key] = placed.get(key, 0) + event.amount
        elif isinstance(event, WagerWithdrawn):
            placed.pop((event.seat, event.spot))
        elif isinstance(event, WagerSettled):
            assert placed.pop((event.seat, event.spot)) == event.amount
    assert placed == {}


@pytest.mark.parametrize("rules", RULE_SETS)
def test_random_play_balances_and_views_never_leak(rules: dict[str, Any]) -> None:
    """Random play from ``legal_commands`` (the contract suite's driver; the generic
    contract, replay included, is checked in tests/contract): views never show a card the
    rules above hide, every cent is withdrawn or settled once."""
    for rnd in random_rounds(
        "criss-cross-poker", rules, rounds=25, seed=len(str(rules)), on_step=check_views
    ):
        assert isinstance(rnd, CrissCrossPokerRound)
        check_balance(rnd)


def test_registered() -> None:
    """The game is in the registry under its name."""
    assert GAMES["criss-cross-poker"].round_type is CrissCrossPokerRound
    assert CrissCrossPokerRound.verified_replay


def completed_round() -> CrissCrossPokerRound:
    for seed in range(100):
        rnd = random_round(seed, {"five_card_bonus": True})
        if any(isinstance(e, WagerSettled) and e.outcome is Outcome.WIN for e in rnd.events):
            return rnd
    raise AssertionError("no winning round in 100 seeds")


def test_tampered_payout_is_rejected() -> None:
    """Replay re-derives settlements: a changed payout is named."""
    rnd = completed_round()
    events = list(rnd.events)
    index = next(
        i for i, e in enumerate(events) if isinstance(e, WagerSettled) and e.outcome is Outcome.WIN
    )
    settlement = events[index]
    assert isinstance(settlement, WagerSettled)
    events[index] = settlement.model_copy(update={"won": settlement.won + 1})
    with pytest.raises(ReplayError, match=f"event {index}"):
        CrissCrossPokerRound.replay(events)


def test_tampered_antes_and_stack_are_rejected() -> None:
    """Unequal antes in a record (674a.7(d)) and a dealt card that is not the next card
    of the recorded stack are not what the rules produce."""
    rnd = completed_round()
    events = list(rnd.events)
    index = next(
        i for i, e in enumerate(events) if isinstance(e, WagerPlaced) and e.spot == "ante_down"
    )
    placed = events[index]
    assert isinstance(placed, WagerPlaced)
    bad = [
        *events[:index],
        placed.model_copy(update={"amount": placed.amount + 100}),
        *events[index + 1 :],
    ]
    with pytest.raises(ReplayError):
        CrissCrossPokerRound.replay(bad)
    dealt_at = next(i for i, e in enumerate(events) if isinstance(e, CardDealt))
    first = events[dealt_at]
    assert isinstance(first, CardDealt)
    other = next(c for c in deck() if c != first.card)
    swapped = [
        *events[:dealt_at],
        first.model_copy(update={"card": other}),
        *events[dealt_at + 1 :],
    ]
    with pytest.raises(ReplayError, match=f"event {dealt_at}"):
        CrissCrossPokerRound.replay(swapped)


def test_refused_command_changes_nothing() -> None:
    """A refused command leaves events and every view as they were."""
    rnd = random_round(3, {})
    fresh = CrissCrossPokerRound.open(
        CrissCrossPokerRules(), table_id="T", round_id="X", seats=SEATS, rng=SeededRng(1)
    )
    before = list(fresh.events)
    with pytest.raises(IllegalCommand) as info:
        fresh.handle(PlaceAntes(seat=1, ante_across=500, ante_down=600), 1)
    assert info.value.cite == "674a.7(d)"
    assert fresh.events == before
    assert rnd.finished


def test_a_decision_for_a_position_left_or_taken_during_the_round() -> None:
    """As at Go Fore It: a bet decision for a position its player left during the round
    finds nobody there (409); the dealer's and, once another player has taken the
    position, another player's are permissions (403)."""
    rnd = CrissCrossPokerRound.open(
        CrissCrossPokerRules(), table_id="T", round_id="R", seats=SEATS, rng=SeededRng(1)
    )
    for seat in SEATS:
        rnd.handle(PlaceAntes(seat=seat, ante_across=500, ante_down=500), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(CutCards(position=17), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    assert any(o.command == "Fold" for seat in SEATS for o in rnd.legal_commands(seat))
    events = len(rnd.events)
    with pytest.raises(NotYourTurn) as left:
        rnd.handle(Fold(seat=2), 1, vacated={2})
    assert not isinstance(left.value, OtherSeat)
    assert str(left.value).startswith("nobody sits at seat 2: take a seat first")
    with pytest.raises(OtherSeat, match="only the player at seat 2 makes his bets"):
        rnd.handle(Fold(seat=2), DEALER)
    with pytest.raises(OtherSeat, match="seat 1 may not decide for seat 2"):
        rnd.handle(Fold(seat=2), 1, vacated={2}, joined={2})
    assert len(rnd.events) == events
