"""Craps simulation speed: rolls per second of croupier's numba kernel (whole shooters'
hands, ``croupier.analysis.simulation.craps``) against the random generator's ceiling and
against crapssim (PyPI ``crapssim``, the ``bench`` extras) playing the same strategy in
the same run: Pass with 3-4-5x odds, Place 6 and 8 working, the Fire Bet.

    .venv/bin/python benchmarks/craps_simulation.py [--seconds S]

croupier's kernel is run under a Rules Submission offering just those wagers (Pass, odds,
Place, the Fire Bet), so that it settles what crapssim settles (it follows each wager of
that par sheet: Pass, Pass with full odds, the six Place numbers, the odds, the Fire
Bet). Each figure is the best of several timings; the ratios are printed beside them.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from croupier.analysis.simulation import craps as kernel
from croupier.rules.craps import CrapsRules

HANDS = 50_000


def best_rate(step: Callable[[], int], seconds: float) -> float:
    """The best of the timings of ``step`` (which returns the rolls it made) within
    ``seconds``: rolls per second."""
    best = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        rolls = step()
        elapsed = time.perf_counter() - start
        best = max(best, rolls / elapsed)
        if time.perf_counter() > deadline:
            return best


def croupier_rate(seconds: float) -> tuple[float, float]:
    """croupier's rolls per second, end to end (draws included) and the generator's."""
    rules = CrapsRules(wagers=("pass", "odds", "place", "fire_bet"))
    plan = kernel.plan_for(rules)
    dice = np.random.default_rng(1).integers(0, 6, size=HANDS * 40, dtype=np.uint8)
    _, used = kernel.play(plan, dice, HANDS)  # compiled, and the rolls of HANDS hands
    rolls = used // 2
    seeds = iter(range(10**9))
    kernel_rate = best_rate(lambda: (kernel.sample(rules, HANDS, next(seeds)), rolls)[1], seconds)
    generator = np.random.default_rng(2)

    def draw() -> int:
        generator.integers(0, 6, size=2 * rolls, dtype=np.uint8)
        return rolls

    return kernel_rate, best_rate(draw, seconds)


def crapssim_rate(seconds: float) -> float | None:
    """crapssim's rolls per second on the same strategy, or ``None`` if not installed."""
    try:
        from crapssim import Table
        from crapssim.bet import Fire
        from crapssim.strategy import (
            AddIfNewShooter,
            AggregateStrategy,
            BetPassLine,
            BetPlace,
            PassLineOddsMultiplier,
        )
    except ImportError:
        return None
    rolls = 20_000

    def run() -> int:
        table = Table(seed=3)
        strategy = AggregateStrategy(
            BetPassLine(10),
            PassLineOddsMultiplier({4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}),
            BetPlace({6: 12, 8: 12}, always_working=True),
            AddIfNewShooter(Fire(1)),
        )
        table.add_player(bankroll=10**12, strategy=strategy)
        table.run(max_rolls=rolls, verbose=False)
        return rolls

    return best_rate(run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    ours, ceiling = croupier_rate(args.seconds)
    print(f"croupier kernel     {ours / 1e6:8.2f} M rolls/s")
    print(
        f"generator ceiling   {ceiling / 1e6:8.2f} M rolls/s  (kernel {ceiling / ours:.1f}x slower)"
    )
    theirs = crapssim_rate(args.seconds)
    if theirs is None:
        print("crapssim            not installed (pip install crapssim, the bench extras)")
    else:
        faster = ours / theirs
        print(
            f"crapssim            {theirs / 1e6:8.4f} M rolls/s  (croupier {faster:,.0f}x faster)"
        )


if __name__ == "__main__":
    main()
