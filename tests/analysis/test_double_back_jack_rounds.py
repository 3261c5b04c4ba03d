"""The card-by-card enumeration of Double Back Jack
(analysis/exact/double_back_jack_rounds.py).

Its dealer (summed over the sets of cards the dealer can draw) equals the exact fractions
of :func:`~croupier.analysis.exact.double_back_jack.dealer_outcomes`, drawn sequence by
sequence, for shoes with cards removed; its chance of no dealer Blackjack is the hand
count. Under ``-m slow``: the whole one-deck round under the printed chart lies within the
99.9% interval of a fresh-shoe simulation playing the same chart (the simulation's own
reading of the chart, :func:`chart_strategy_tables`).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from numba import types
from numba.typed import Dict

from croupier.analysis.exact import double_back_jack as dbj
from croupier.analysis.exact import double_back_jack_rounds as rounds
from croupier.analysis.simulation.double_back_jack import sample
from croupier.rules.double_back_jack import DoubleBackJackRules

RESULTS = (17, 18, 19, 20, 21, 22, "bust")


@pytest.mark.parametrize(
    ("up", "removed"), [(2, [10, 10, 5]), (1, [1, 10, 9]), (10, [10, 6, 1, 1]), (6, [])]
)
def test_dealer_sums_equal_exact_sequences(up: int, removed: list[int]) -> None:
    shoe = dbj.remove(dbj.full_shoe(1), [up, *removed])
    memo = Dict.empty(key_type=types.int64, value_type=types.float64[:])
    table = (memo, *rounds.dealer_compositions(up), memo)
    counts = np.array(shoe, dtype=np.int64)
    got = rounds._dealer(counts, int(counts.sum()), 1, table)
    exact = dbj.dealer_outcomes(up, shoe, no_blackjack=True)
    # no Blackjack: an ace up misses the ten-value cards, a ten up the aces
    blackjack_card = {1: 9, 10: 0}.get(up)
    clear = 1 - (shoe[blackjack_card] / sum(shoe) if blackjack_card is not None else 0)
    for k, name in enumerate(RESULTS):
        assert got[k] == pytest.approx(clear * float(exact.get(name, 0)), abs=1e-15)


@pytest.mark.slow
def test_one_deck_chart_within_simulation() -> None:
    bins, staked = rounds.play(1, rounds.CHART)
    assert bins.sum() == pytest.approx(1.0, abs=1e-12)
    value = float(np.dot(bins, (np.arange(rounds.BINS) - 16) / 2))
    nets = sample(DoubleBackJackRules(decks=1), 4_000_000, 7, fresh_shoe=True, chart=True)
    x = nets["blackjack"]
    half = 3.29 * float(x.std()) / math.sqrt(len(x))
    assert abs(float(x.mean()) - value) < half, (value, float(x.mean()), half)
    assert 1.0 < staked < 1.5
