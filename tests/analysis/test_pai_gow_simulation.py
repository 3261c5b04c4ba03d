"""Pai Gow through the engine agrees with the exact figures.

Rounds are played by the real engine (mix, dice, delivery, settings, settlement with
the vigorish) with six players wagering $10; the mean result per unit wagered must lie
within 3.29 standard errors (99.9%) of the exact expectation, for house-way players and
for optimal players, and so must their difference on the same tiles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pytest

from croupier.analysis.exact.pai_gow import analyze, optimal_setting
from croupier.engine import DEALER, Outcome, WagerSettled
from croupier.equipment.tiles import Tile
from croupier.games.pai_gow import (
    AnnounceNoMoreBets,
    DealTiles,
    MixTiles,
    PaiGowRound,
    PlaceWager,
    SetDealerHands,
    SetHands,
    SettleWagers,
    ShakeDice,
)
from croupier.hands.paigow import REGULATION, Setting
from croupier.rng import SeededRng
from croupier.rules.pai_gow import PaiGowRules

Z = 3.29
WAGER = 1000
SEATS = {seat: f"p{seat}" for seat in range(1, 7)}
Strategy = Callable[[Sequence[Tile]], Setting]


def house_way(tiles: Sequence[Tile]) -> Setting:
    return REGULATION.set(tiles)


def optimal(tiles: Sequence[Tile]) -> Setting:
    return optimal_setting(tiles, REGULATION).setting


def play(seed: int, strategy: Strategy) -> tuple[float, list[Outcome]]:
    """One round; the mean net result per unit wagered of its six wagers."""
    rnd = PaiGowRound.open(
        PaiGowRules(), table_id="sim", round_id=str(seed), seats=SEATS, rng=SeededRng(seed)
    )
    for seat in SEATS:
        rnd.handle(PlaceWager(seat=seat, amount=WAGER), seat)
    for command in (MixTiles(), AnnounceNoMoreBets(), ShakeDice(), DealTiles()):
        rnd.handle(command, DEALER)
    for seat in sorted(SEATS, reverse=True):
        setting = strategy(rnd.tiles_of(seat))
        rnd.handle(SetHands(seat=seat, together=(setting.high[0].code, setting.high[1].code)), seat)
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    settled = [e for e in events if isinstance(e, WagerSettled)]
    net = sum(e.returned + e.won - e.amount for e in settled)
    return net / (WAGER * len(settled)), [e.outcome for e in settled]


def mean_and_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def check(rounds: int, first_seed: int) -> None:
    exact = analyze(REGULATION)
    hw, opt, diff = [], [], []
    wins = 0
    for seed in range(first_seed, first_seed + rounds):
        a, outcomes = play(seed, house_way)
        b, _ = play(seed, optimal)  # the same seed: the same tiles
        hw.append(a)
        opt.append(b)
        diff.append(b - a)
        wins += sum(1 for o in outcomes if o is Outcome.WIN)
    for values, expected in (
        (hw, exact.expected("house_way")),
        (opt, exact.expected("optimal")),
        (diff, exact.expected("optimal") - exact.expected("house_way")),
    ):
        mean, se = mean_and_se(values)
        assert abs(mean - float(expected)) <= Z * se, (mean, float(expected), se)
    p_win = float(exact.probabilities("house_way")[0])
    n = 6 * rounds
    # Hands of one round share the dealer: allow for it with a design effect of 2.
    assert abs(wins / n - p_win) <= Z * math.sqrt(2 * p_win * (1 - p_win) / n)


def test_engine_agrees_with_exact_figures() -> None:
    check(rounds=700, first_seed=0)


@pytest.mark.slow
def test_engine_agrees_with_exact_figures_at_length() -> None:
    check(rounds=20_000, first_seed=1_000_000)
