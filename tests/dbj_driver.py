"""Random play of Double Back Jack from ``legal_commands`` (shared by the contract tests)."""

from __future__ import annotations

import random
from typing import Any

from croupier.engine import DEALER, Actor, Command, LegalCommand
from croupier.games.double_back_jack import (
    AcceptCut,
    BurnCard,
    CutCards,
    DealCards,
    Decide,
    Decision,
    DeclareIrregularity,
    DoubleBackJackRound,
    Irregularity,
    LoadShoe,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    RequireRecut,
    SettleWagers,
    ShuffleCards,
    VoidRound,
)

RARE = {"VoidRound": 0.001, "DeclareIrregularity": 0.03, "RequireRecut": 0.1, "AcceptCut": 0.0}
"""Weights of the rarer commands; a weight of 0 leaves the command out (a box accepting
the cut, ``AcceptCut``, is left out by default so that the seeded sessions of
test_card_events_stable play as they did before it existed)."""
MISDEAL = 0.05
"""How often the dealer misses his own first or second card (673a.13(e)) or a box, or
deals a box one card (673a.13(g))."""


def build(
    legal: LegalCommand, choose: random.Random, round_: DoubleBackJackRound | None = None
) -> Command:
    """A command within ``legal``'s bounds (``round_``: the round, for the boxes a deal
    may miss)."""
    name = legal.command
    if name == "RefuseCut":
        return RefuseCut(seat=0)
    if name == "AcceptCut":
        position = legal.integers("position")
        return AcceptCut(seat=0, position=choose.randint(position.low, position.high))
    if name == "DealCards" and round_ is not None and choose.random() < MISDEAL:
        boxes = sorted(s for s, w in round_.state.wagers.items() if "blackjack" in w)
        missed = choose.sample(boxes, choose.randint(1, len(boxes)))
        split = choose.randint(0, len(missed))
        return DealCards(
            dealer_missed_first_card=choose.random() < 0.3,
            dealer_missed_second_card=choose.random() < 0.3,
            no_cards=tuple(missed[:split]),
            one_card=tuple(missed[split:]),
        )
    if name == "PlaceWager":
        assert legal.min_amount is not None and legal.max_amount is not None
        high = min(legal.max_amount, legal.min_amount * 4)
        amount = choose.randint(legal.min_amount, max(legal.min_amount, high))
        return PlaceWager(seat=0, spot=choose.choice(legal.spots), amount=amount)
    if name == "Decide":
        decision = Decision(choose.choice(legal.values("decision")))
        amount = None
        if decision is Decision.DOUBLE:
            assert legal.min_amount is not None and legal.max_amount is not None
            amount = choose.choice(
                [legal.max_amount, choose.randint(legal.min_amount, legal.max_amount)]
            )
        return Decide(seat=0, decision=decision, amount=amount)
    if name == "CutCards":
        position, cover = legal.integers("position"), legal.integers("cover_from_bottom")
        who = choose.choice(legal.values("cutter"))
        return CutCards(
            position=choose.randint(position.low, position.high),
            cover_from_bottom=choose.randint(cover.low, cover.high),
            cutter=who,
        )
    if name == "DeclareIrregularity":
        kinds = legal.values("irregularity")
        return DeclareIrregularity(irregularity=Irregularity(choose.choice(kinds)))
    simple: dict[str, Any] = {
        "ShuffleCards": ShuffleCards,
        "LoadShoe": LoadShoe,
        "RequireRecut": RequireRecut,
        "BurnCard": BurnCard,
        "DealCards": DealCards,
        "ReadHoleCard": ReadHoleCard,
        "PlayDealerHand": PlayDealerHand,
        "SettleWagers": SettleWagers,
    }
    if name == "VoidRound":
        return VoidRound(reason="random void")
    command: Command = simple[name]()
    return command


def step(round_: DoubleBackJackRound, choose: random.Random) -> tuple[Command, Actor]:
    """One random legal command (and its actor)."""
    options: list[tuple[float, Actor, LegalCommand]] = []
    seats = sorted(round_.state.seats)
    betting = round_.state.phase == "betting"
    waiting = [s for s in seats if round_.legal_commands(s)]
    for actor in [DEALER, *seats]:
        for legal in round_.legal_commands(actor):
            weight = RARE.get(legal.command, 1.0)
            if weight == 0:
                continue
            if legal.command == "DeclareIrregularity" and set(legal.values("irregularity")) <= {
                Irregularity.READER_MALFUNCTION.value
            }:
                weight = 0.005
            if legal.command == "DealCards" and betting and waiting:
                weight = 0.05
            options.append((weight, actor, legal))
    assert options, f"no legal command in phase {round_.state.phase}"
    _, actor, legal = choose.choices(options, weights=[w for w, _, _ in options])[0]
    command = build(legal, choose, round_)
    if isinstance(actor, int) and hasattr(command, "seat"):
        command = command.model_copy(update={"seat": actor})
    return command, actor


def play(round_: DoubleBackJackRound, choose: random.Random, limit: int = 2000) -> None:
    """Random legal commands until the round is over."""
    for _ in range(limit):
        if round_.finished:
            return
        command, actor = step(round_, choose)
        round_.handle(command, actor)
    raise AssertionError("the round did not finish")
