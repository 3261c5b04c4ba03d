"""The vectorized High Roll Dice simulation against the exact par sheet and the engine.

Three checks per variant, every wager of the par sheet:

- **exact settlement**: the kernel's net for each outcome (winning face, first-roll
  count, final count), weighted by the exact first-roll and Extra Roll distributions of
  :mod:`croupier.analysis.exact.high_roll_dice`, gives the par sheet's return;
- **the engine's settlement**: throws made by the engine (seeded) are settled by the
  kernel exactly as the engine settles them, wager by wager (the engine's figures come
  from ``WagerSettled`` events, through the tally of test_high_roll_dice_simulation);
- **sampling**: a simulated run's mean lies within ``z`` exact standard errors of the
  exact return, its hit frequency likewise, and the frequency of every distinct net
  within ``z`` standard errors of its exact probability, with ``z`` the two-sided normal
  quantile of 99.9% Bonferroni-corrected for the number of figures checked (so that a
  correct kernel fails one run in a thousand, whatever the number of wagers).

The engine test (test_high_roll_dice_simulation) checks the engine against the same
exact figures: exact, engine and vectorized simulation agree three ways.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from statistics import NormalDist

import numpy as np
import pytest
from test_high_roll_dice_simulation import Simulation, _betting, _finish, _record

from croupier.analysis.exact.high_roll_dice import (
    extra_roll_distribution,
    first_roll_distribution,
    par_sheet,
)
from croupier.analysis.simulation import high_roll_dice as kernel
from croupier.analysis.simulation import run
from croupier.analysis.simulation.base import WagerStats, outcome_stats
from croupier.games.high_roll_dice import DiceThrown, HighRollDiceRound
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules, Variant


def bonferroni_z(checks: int, level: float = 0.999) -> float:
    """The two-sided normal quantile keeping ``checks`` comparisons at ``level`` together."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * checks))


GAME = "high-roll-dice"
VARIANTS = list(Variant)


def _key(face: int, count: int, final: int) -> int:
    return face * 121 + count * 11 + final


def _exact_keys(rules: HighRollDiceRules) -> dict[int, Fraction]:
    """Outcome key -> exact probability, with an Extra Roll where a circle is held (a
    first-roll count below 8 on ten dice)."""
    extra = rules.extra_roll_odds
    keys: dict[int, Fraction] = {}
    for (face, count), p in first_roll_distribution(rules.dice).items():
        if extra is None or count >= max(extra):
            keys[_key(face, count, count)] = p
            continue
        for final, q in extra_roll_distribution(count, rules.dice).items():
            keys[_key(face, count, final)] = p * q
    return keys


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_kernel_settles_every_outcome_to_the_exact_returns(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    _, nets = kernel.sample_outcomes(rules, 1, 0)
    sheet = par_sheet(rules)
    assert list(nets) == [w.wager for w in sheet.wagers]
    keys = _exact_keys(rules)
    assert sum(keys.values()) == 1
    for figures in sheet.wagers:
        table = nets[figures.wager]
        expected = sum((p * Fraction(float(table[key])) for key, p in keys.items()), Fraction(0))
        # the table holds doubles: 3/5 and 1/2-steps differ from the odds by < 1e-16
        assert float(expected) == pytest.approx(float(figures.expected_return), abs=1e-12)
        possible = {float(table[key]) for key in keys}
        assert not any(math.isnan(v) for v in possible)
        assert max(possible) == pytest.approx(float(figures.max_win))


def _engine_rounds(
    rules: HighRollDiceRules, rounds: int, seed: int
) -> list[tuple[tuple[int, ...], tuple[int, ...], dict[str, float]]]:
    """(first-roll faces, Extra Roll faces, wager -> engine net per unit) of engine rounds
    in which seat 1 bets everything with an Extra Roll and seat 2 without."""
    rng = SeededRng(seed)
    betting = _betting(rules, rng).events
    played = []
    for _ in range(rounds):
        round_ = HighRollDiceRound(betting, rng)
        _finish(round_)
        events = round_.events[len(betting) :]
        throws = {e.roll: e.faces for e in events if isinstance(e, DiceThrown)}
        tally = Simulation()
        _record(rules, events, tally)
        nets = {name: t.net / t.scale for name, t in tally.tallies.items()}
        played.append((throws["first"], throws.get("extra", ()), nets))
    return played


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_kernel_settles_the_engines_throws_as_the_engine_does(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    _, nets = kernel.sample_outcomes(rules, 1, 0)
    rounds = _engine_rounds(rules, 300, seed=4_675 + VARIANTS.index(variant))
    dice = np.array([first for first, _, _ in rounds], dtype=np.uint8) - 1
    keys = np.empty(len(rounds), dtype=np.int16)
    # no Extra Roll in the kernel here: its keys give the face and count of each throw
    kernel._play(dice, np.zeros(0), np.ones((11, 11)), 0, keys)
    checked = 0
    for (first, extra, engine), key in zip(rounds, keys, strict=True):
        face, count = int(key) // 121, int(key) // 11 % 11
        assert first.count(face) == count
        assert max(first.count(f) for f in range(1, 7)) == count
        final = count + extra.count(face)
        for wager, table in nets.items():
            assert table[_key(face, count, final)] == engine[wager], (wager, first, extra)
            checked += 1
    assert checked == 300 * len(nets)


def test_sample_is_the_lookup_of_the_outcomes() -> None:
    rules = HighRollDiceRules()
    keys, nets = kernel.sample_outcomes(rules, 5_000, 17)
    arrays = kernel.sample(rules, 5_000, 17)
    assert list(arrays) == list(nets)
    for wager, array in arrays.items():
        assert array.shape == (5_000,)
        assert np.array_equal(array, nets[wager][keys])
    by_counts = outcome_stats(keys, nets)
    assert by_counts == {wager: WagerStats.of(array) for wager, array in arrays.items()}


def _check_run(
    rules: HighRollDiceRules, rounds: int, seed: int, *, workers: int | None = None
) -> None:
    result = run(GAME, rules, rounds, seed, workers)
    sheet = par_sheet(rules)
    assert [e.wager for e in result.estimates()] == [w.wager for w in sheet.wagers]
    checks = 2 * len(sheet.wagers) + sum(len({o.net for o in w.outcomes}) for w in sheet.wagers)
    z = bonferroni_z(checks)
    failures = []
    for figures in sheet.wagers:
        estimate = result.estimate(figures.wager)
        assert estimate.rounds == rounds  # every wager is in play every round
        exact = float(figures.expected_return)
        if abs(estimate.mean - exact) > z * figures.std_dev / math.sqrt(rounds):
            failures.append(f"{figures.wager}: mean {estimate.mean:.6f}, exact {exact:.6f}")
        p = float(figures.hit_frequency)
        if abs(estimate.hit_frequency - p) > z * math.sqrt(p * (1 - p) / rounds) + 1 / rounds:
            failures.append(f"{figures.wager}: hits {estimate.hit_frequency:.6f}, exact {p:.6f}")
        by_net: dict[float, Fraction] = defaultdict(Fraction)
        for outcome in figures.outcomes:
            by_net[float(outcome.net)] += outcome.probability
        assert set(estimate.frequencies) <= set(by_net)
        for value, probability in by_net.items():
            q = float(probability)
            seen = estimate.frequencies.get(value, 0.0)
            if abs(seen - q) > z * math.sqrt(q * (1 - q) / rounds) + 1 / rounds:
                failures.append(f"{figures.wager} net {value}: {seen:.6g}, exact {q:.6g}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_simulation_reproduces_the_exact_figures(variant: Variant) -> None:
    """One million rounds in this process: every mean, hit frequency and outcome."""
    rules = HighRollDiceRules(variant=variant)
    _check_run(rules, 1_000_000, seed=675 + VARIANTS.index(variant), workers=1)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_simulation_reproduces_the_exact_figures_long_run(variant: Variant) -> None:
    """100 million rounds per variant on every core (about 15-40 s each on two cores)."""
    rules = HighRollDiceRules(variant=variant)
    _check_run(rules, 100_000_000, seed=593 + VARIANTS.index(variant))
