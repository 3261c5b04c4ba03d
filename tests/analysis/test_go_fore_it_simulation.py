"""The exact Go Fore It figures, reproduced by playing rounds through the engine.

Six seats play every round with $5 on the Front 9, Skins and Gopher. Each player looks
at his own view (``round.view(seat)``: his two front cards) and makes the Back 9 or
folds by the exact optimal strategy; the dealer shuffles, cuts, deals, counts the stub
and settles as the engine does. Rounds alternate between a table that selected Gopher
paytable A and one that selected B.

The six hands of a round share one deck and the dealer's hand, so they are not
independent (Skins especially): each wager's net is summed per round, rounds are
independent, and each mean must lie within z = 3.29 (99.9%) standard errors of the
exact value, with the standard error estimated from the per-round sums.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import pytest

from croupier.analysis.exact.go_fore_it import decide, front_9_outcomes, par_sheet
from croupier.engine import DEALER, Outcome, WagerSettled
from croupier.equipment.cards import Card
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CountStub,
    CutCards,
    DealCards,
    Fold,
    GoForeItRound,
    HandTurnedUp,
    PlaceWager,
    RevealDealerHand,
    ShuffleCards,
)
from croupier.rng import SeededRng
from croupier.rules.go_fore_it import GoForeItRules, point_value

Z = 3.29
UNIT = 500
SEATS = {seat: f"p{seat}" for seat in range(1, 7)}
SPOTS = ("front_9", "skins", "gopher")


def play_round(rules: GoForeItRules, rng: SeededRng, number: int) -> GoForeItRound:
    """One round through the engine; every seat plays the optimal Back 9 strategy from
    what its own view shows."""
    rnd = GoForeItRound.open(rules, table_id="sim", round_id=str(number), seats=SEATS, rng=rng)
    for seat in SEATS:
        for spot in SPOTS:
            rnd.handle(PlaceWager(seat=seat, spot=spot, amount=UNIT), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(CutCards(position=10 + rng.randbelow(42)), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    while (seat := rnd.state.to_act()) is not None:
        front = rnd.view(seat)["hands"][str(seat)][:2]
        values = tuple(point_value(Card.parse(text)) for text in front)
        if decide((values[0], values[1])) == "back_9":
            rnd.handle(PlaceWager(seat=seat, spot="back_9", amount=UNIT), seat)
        else:
            rnd.handle(Fold(seat=seat), seat)
    rnd.handle(RevealDealerHand(), DEALER)
    assert rnd.finished
    return rnd


class Sums:
    """Per-round sums of a quantity; the mean per hand and its standard error."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self.hands = 0

    def add(self, value: float, hands: int) -> None:
        self.values.append(value)
        self.hands += hands

    def check(self, exact: Fraction, what: str) -> None:
        n = len(self.values)
        per_round = sum(self.values) / n
        variance = sum((v - per_round) ** 2 for v in self.values) / (n - 1)
        hands_per_round = self.hands / n
        mean = per_round / hands_per_round
        error = math.sqrt(variance / n) / hands_per_round
        assert abs(mean - float(exact)) <= Z * error, (
            f"{what}: simulated {mean:.5f}, exact {float(exact):.5f}, 3.29 s.e. {Z * error:.5f}"
        )


def simulate(rounds: int) -> dict[str, Sums]:
    tables = [GoForeItRules(gopher_paytable="a"), GoForeItRules(gopher_paytable="b")]
    rng = SeededRng(20_260_676)
    sums: dict[str, Sums] = defaultdict(Sums)
    outcomes = list(front_9_outcomes())
    for number in range(rounds):
        rules = tables[number % 2]
        rnd = play_round(rules, rng, number)
        net: dict[str, int] = defaultdict(int)
        scores: dict[str, int] = defaultdict(int)
        for event in rnd.events:
            if isinstance(event, WagerSettled):
                result = event.won if event.outcome is Outcome.WIN else -event.amount
                wager = {"back_9": "front_9"}.get(event.spot, event.spot)
                if wager == "gopher":
                    wager = f"gopher:{rules.gopher_paytable.value}"
                net[wager] += result
            elif isinstance(event, HandTurnedUp) and rnd.state.decisions[event.seat] == "back_9":
                scores[event.score.value] += 1
        scores["fold"] = sum(1 for d in rnd.state.decisions.values() if d == "fold")
        for wager in ("front_9", "skins", f"gopher:{rules.gopher_paytable.value}"):
            sums[wager].add(net[wager] / UNIT, len(SEATS))
        for outcome in outcomes:
            sums[f"outcome:{outcome}"].add(scores[outcome], len(SEATS))
    return sums


def check(sums: dict[str, Sums]) -> None:
    sheet = par_sheet()
    for figures in sheet.wagers:
        sums[figures.wager].check(figures.expected_return, figures.wager)
    for outcome, p in front_9_outcomes().items():
        sums[f"outcome:{outcome}"].check(p, f"P({outcome})")


def test_engine_reproduces_the_exact_figures() -> None:
    """2,000 rounds of six hands (6,000 under each Gopher paytable)."""
    check(simulate(2_000))


@pytest.mark.slow
def test_engine_reproduces_the_exact_figures_long() -> None:
    """30,000 rounds of six hands."""
    check(simulate(30_000))
