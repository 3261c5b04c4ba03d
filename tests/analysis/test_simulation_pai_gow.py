"""The Pai Gow simulation kernel (croupier.analysis.simulation.pai_gow) against values
derived without it.

- :func:`sample`'s mean of each wager lies within the 99.9% confidence interval
  (z = 3.29, the par sheet's exact standard deviation) of the par sheet's exact return:
  200,000 rounds in the default run, 20,000,000 in the slow one.
- Rounds played through the engine (mix, dice, delivery, settings, the dealer's house
  way, settlement with the vigorish) settle, hand by hand, exactly as the kernel's
  tables settle the same tiles, for house-way and optimal players and for a player bank
  against the house-way player; and the engine's mean lies within the 99.9% interval of
  the kernel's (two samples).
- A hand settled by hand from 621a.4 and 621a.10.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from croupier.analysis.exact.pai_gow import optimal_setting, par_sheet
from croupier.analysis.simulation import pai_gow as sim
from croupier.engine import DEALER, WagerSettled
from croupier.equipment.tiles import parse_tile
from croupier.games.pai_gow import (
    DEALER_POSITION,
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
from croupier.hands.paigow import REGULATION
from croupier.rng import SeededRng
from croupier.rules.pai_gow import PaiGowRules

Z = 3.29
"""Two-sided 99.9% normal quantile."""
WAGER = 1000
SEATS = {seat: f"p{seat}" for seat in range(1, 7)}


def check_against_par_sheet(rounds: int, seed: int) -> None:
    sheet = par_sheet()
    result = sim.sample(None, rounds, seed)
    assert list(result) == [figures.wager for figures in sheet.wagers]
    for figures in sheet.wagers:
        values = result[figures.wager]
        assert values.shape == (rounds,)
        assert set(np.unique(values).tolist()) <= {float(o.net) for o in figures.outcomes}
        bound = Z * figures.std_dev / math.sqrt(rounds)
        assert abs(values.mean() - float(figures.expected_return)) <= bound, figures.wager


def test_sample_agrees_with_the_par_sheet() -> None:
    check_against_par_sheet(200_000, 621)


@pytest.mark.slow
def test_sample_agrees_with_the_par_sheet_at_length() -> None:
    check_against_par_sheet(20_000_000, 6210)


def test_reproducible_from_the_seed() -> None:
    first = sim.sample(None, 100_000, 7)
    again = sim.sample(None, 100_000, 7)
    other = sim.sample(None, 100_000, 8)
    for name, values in first.items():
        assert np.array_equal(values, again[name])
        assert not np.array_equal(values, other[name])
    assert all(len(v) == 0 for v in sim.sample(None, 0, 7).values())
    with pytest.raises(ValueError, match="at least 0"):
        sim.sample(None, -1, 7)


@pytest.mark.parametrize(("rounds", "seed"), [(0, 1), (1, 2), (70_000, 3), (150_000, 4)])
def test_counts_are_the_sample_counted(rounds: int, seed: int) -> None:
    """The counting kernel (the framework's fast path) deals the same tiles and settles
    them as :func:`sample` does: its counts are those of the sample's arrays, over more
    than one block of rounds."""
    counted = {
        wager: dict(zip(*(x.tolist() for x in np.unique(values, return_counts=True)), strict=True))
        for wager, values in sim.sample(None, rounds, seed).items()
    }
    assert sim.sample_counts(None, rounds, seed) == counted
    with pytest.raises(ValueError, match="at least 0"):
        sim.sample_counts(None, -1, seed)


def test_a_hand_settled_by_hand() -> None:
    """Player 6-6 6-6 1-1 1-1: the pair of Teens and the pair of Days (621a.4(a)), set as
    the two pairs by the house way (621a.10(d)(2)) and optimally.

    Against the dealer's 1-2 2-4 5-6 4-6: whichever way it is set, a hand with the
    Supreme Pair beats the Teens (rank 1 against 2), and the other, 5-6 4-6 (value
    1, 621a.4(c)), or any hand with one of the Gee Joon tiles and a 5-6 or 4-6 without
    a pair, is beaten by the Days: one hand higher, a tie (621a.10(h)): 0 for the player
    and for a bank.

    Against 2-3 3-6 5-5 1-5, which holds no pair, Wong or Gong (the 2-3 pairs only with
    1-4, the 3-6 only with 4-5): both pairs beat any hand without one: the player wins,
    0.95 after the 5% vigorish (621a.10(j), (k)); a bank loses 1.
    """
    player = np.array([[int(parse_tile(t)) for t in ["6-6", "6-6", "1-1", "1-1"]]] * 2)
    dealer = np.array(
        [
            [int(parse_tile(t)) for t in hand.split()]
            for hand in ("1-2 2-4 5-6 4-6", "2-3 3-6 5-5 1-5")
        ]
    )
    result = sim.settle_hands(None, player, dealer)
    assert result["pai_gow:house_way"].tolist() == [0.0, 0.95]
    assert result["pai_gow:optimal"].tolist() == [0.0, 0.95]
    assert result["pai_gow:player_bank"].tolist() == [0.0, -1.0]
    # three 6-6 tiles: a set has two (621a.3(c))
    teens = [int(parse_tile(t)) for t in ("6-6", "6-6", "6-6", "5-6")]
    with pytest.raises(ValueError, match=r"621a\.3\(c\)"):
        sim.settle_hands(
            None, [teens], [[int(parse_tile(t)) for t in ("1-1", "4-4", "1-3", "5-5")]]
        )


def _play(seed: int, optimal: bool) -> tuple[list[list[int]], list[int], list[float]]:
    """One round of six players through the engine: each seat's tiles, the dealer's,
    and each seat's net per unit wagered."""
    rnd = PaiGowRound.open(
        PaiGowRules(), table_id="sim", round_id=str(seed), seats=SEATS, rng=SeededRng(seed)
    )
    for seat in SEATS:
        rnd.handle(PlaceWager(seat=seat, amount=WAGER), seat)
    for command in (MixTiles(), AnnounceNoMoreBets(), ShakeDice(), DealTiles()):
        rnd.handle(command, DEALER)
    hands = []
    for seat in sorted(SEATS, reverse=True):
        tiles = rnd.tiles_of(seat)
        hands.append([int(t) for t in tiles])
        way = REGULATION.set(tiles)
        setting = optimal_setting(tiles, REGULATION).setting if optimal else way
        rnd.handle(SetHands(seat=seat, together=(setting.high[0].code, setting.high[1].code)), seat)
    rnd.handle(SetDealerHands(), DEALER)
    settled = {e.seat: e for e in rnd.handle(SettleWagers(), DEALER) if isinstance(e, WagerSettled)}
    nets = [
        (settled[seat].returned + settled[seat].won - WAGER) / WAGER
        for seat in sorted(SEATS, reverse=True)
    ]
    return hands, [int(t) for t in rnd.state.hands[DEALER_POSITION]], nets


def test_engine_rounds_settle_as_the_kernel_settles_them() -> None:
    """150 rounds of six players through the engine, by the house way and optimally on
    the same seeds (the same tiles)."""
    rounds = 150
    per_round: list[float] = []
    for seed in range(rounds):
        hands, dealer, house = _play(seed, optimal=False)
        same_hands, same_dealer, best = _play(seed, optimal=True)
        assert (same_hands, same_dealer) == (hands, dealer)
        result = sim.settle_hands(None, hands, [dealer] * len(hands))
        assert result["pai_gow:house_way"].tolist() == house
        assert result["pai_gow:optimal"].tolist() == best
        bank = [0.95 if net < 0 else -1.0 if net > 0 else 0.0 for net in house]
        assert result["pai_gow:player_bank"].tolist() == bank
        per_round.append(sum(house) / len(house))
    engine = np.array(per_round)
    kernel = sim.sample(None, 200_000, 62)["pai_gow:house_way"]
    spread = math.sqrt(engine.var(ddof=1) / len(engine) + kernel.var(ddof=1) / len(kernel))
    assert abs(engine.mean() - kernel.mean()) <= Z * spread
