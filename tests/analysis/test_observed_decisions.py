"""The hold report's theoretical win under the decisions players actually made
(croupier.reports.observed), against an always-Back-9 Go Fore It player whose edge is
enumerated here from the paytable of 676a.12.

The session is scripted so that the exact answer is known: one round for each of the 55
two-card starts by point value, the Front 9 stake of each proportional to the number of
card pairs making that start (6, 16, 64 or 120 of the C(52, 2) = 1,326), and the player
always makes the Back 9 Wager. The stake-weighted average of the expected results is then
exactly the always-Back-9 return, which the test finds by enumerating every four-card
hand of one deck (the order of the four cards does not change their total).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from croupier.analysis.exact.go_fore_it import front_9_figures
from croupier.engine import DEALER
from croupier.equipment.cards import Card, deck, parse_cards
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CountStub,
    DealCards,
    Fold,
    GoForeItRound,
    PlaceWager,
    RevealDealerHand,
    ShuffleCards,
)
from croupier.reports.hold import HoldRow
from croupier.reports.observed import round_observed
from croupier.rules.go_fore_it import GoForeItRules

RANKS = {1: "A", **{v: str(v) for v in range(2, 10)}, 10: "T"}
"""A card of each point value (676a.6: ace 1, 2 to 9 their face, ten to king 10)."""
UNIT = 100
"""Cents of Front 9 stake per card pair of a start."""


def always_back_9_return() -> Fraction:
    """The expected net per Front 9 unit of a player who always makes the Back 9 Wager:
    +1 (Front 9) and the Back 9 odds at par 24 or less (albatross 8 or less 25 to 1,
    eagle 9-13 5 to 1, birdie 14-18 2 to 1, par 19-24 1 to 1), both lost over par
    (676a.12(a)-(b)), over the C(52, 4) hands of four cards."""
    values = [min(rank, 10) for rank in range(1, 14) for _ in range(4)]
    totals = Counter(sum(hand) for hand in combinations(values, 4))
    assert sum(totals.values()) == comb(52, 4)

    def net(total: int) -> int:
        if total <= 8:
            return 1 + 25
        if total <= 13:
            return 1 + 5
        if total <= 18:
            return 1 + 2
        if total <= 24:
            return 1 + 1
        return -2

    return Fraction(sum(net(total) * n for total, n in totals.items()), comb(52, 4))


class StackedRng:
    """Answers ``randbelow`` so that the Fisher-Yates shuffle of :func:`deck` gives
    ``stack`` (top card first)."""

    def __init__(self, stack: list[Card]) -> None:
        items = deck()
        self.answers: list[int] = []
        for i in range(len(items) - 1, 0, -1):
            j = items.index(stack[i])
            self.answers.append(j)
            items[i], items[j] = items[j], items[i]
        assert items == stack

    def randbelow(self, n: int) -> int:
        return self.answers.pop(0)


def play(first: int, second: int, stake: int, back_9: bool, number: int) -> GoForeItRound:
    """One round (automated shuffler, cards dealt one at a time) whose player's front
    cards have the point values ``first`` and ``second``."""
    front = list(parse_cards(f"{RANKS[first]}h {RANKS[second]}s"))
    rest = [card for card in deck() if card not in front]
    # player c1, dealer, player c2, dealer, then the hole cards and the dealer's
    dealt = [front[0], rest[0], front[1], rest[1]]
    stack = [*dealt, *(card for card in rest if card not in dealt)]
    rnd = GoForeItRound.open(
        GoForeItRules(shuffling="automated"),
        table_id="T",
        round_id=f"R{number}",
        seats={1: "ann"},
        rng=StackedRng(stack),
    )
    rnd.handle(PlaceWager(seat=1, spot="front_9", amount=stake), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    assert tuple(rnd.state.hands[1][:2]) == tuple(front)
    if back_9:
        rnd.handle(PlaceWager(seat=1, spot="back_9", amount=stake), 1)
    else:
        rnd.handle(Fold(seat=1), 1)
    rnd.handle(RevealDealerHand(), DEALER)
    return rnd


def starts() -> list[tuple[int, int, int]]:
    """(first, second, card pairs) of the 55 starts by point value."""
    count = {v: 16 if v == 10 else 4 for v in range(1, 11)}
    found = []
    for first in range(1, 11):
        for second in range(first, 11):
            pairs = comb(count[first], 2) if first == second else count[first] * count[second]
            found.append((first, second, pairs))
    assert sum(pairs for _, _, pairs in found) == comb(52, 2)
    return found


def test_an_always_back_9_session_has_the_always_back_9_edge() -> None:
    edge = -always_back_9_return()
    assert edge == Fraction(63109, 270725)  # 23.31% per Front 9 unit
    observed = Fraction(0)
    front_handle = drop = 0
    for number, (first, second, pairs) in enumerate(starts()):
        stake = pairs * UNIT
        rnd = play(first, second, stake, back_9=True, number=number)
        value, why = round_observed(rnd, None)
        assert value is not None, why
        observed += value
        front_handle += stake
        drop += 2 * stake  # the Front 9 and the Back 9
    assert observed / front_handle == edge  # exactly: every start in its proportion
    # the hold report's figures: observed against the optimal, both per drop
    optimal = front_9_figures().house_edge
    row = HoldRow("go-fore-it", "2026-01-01", "T", rounds=55, drop=drop)
    row.theoretical = float(optimal * front_handle)
    row.observed_on, row.observed = True, observed
    assert row.observed_hold == float(edge / 2)  # 11.66% of the drop
    assert row.theoretical_hold == float(optimal / 2)  # the optimal figure, unchanged
    assert row.observed_hold is not None and row.observed_hold > 3 * row.theoretical_hold


def test_a_fold_is_worth_the_front_9_and_a_back_9_the_start_by_hand() -> None:
    folded = play(10, 10, 500, back_9=False, number=1)
    assert round_observed(folded, None) == (Fraction(500), "")
    # two aces in front: the hole cards are two of the 50 others (2 aces, 32 cards of 2-9
    # and 16 tens); the total is 2 + the hole pair, so over par (25+) needs 23+ from two
    # cards (impossible), albatross needs hole pair <= 6, eagle 7-11, birdie 12-16, par 17+
    hole = [1] * 2 + [v for v in range(2, 10) for _ in range(4)] + [10] * 16
    nets = Counter()
    for pair in combinations(hole, 2):
        total = 2 + sum(pair)
        nets[26 if total <= 8 else 6 if total <= 13 else 3 if total <= 18 else 2] += 1
    expected = Fraction(sum(net * n for net, n in nets.items()), comb(50, 2))
    aces = play(1, 1, 500, back_9=True, number=2)
    assert round_observed(aces, None) == (-500 * expected, "")
