"""The vectorized Sic Bo simulation against the exact par sheet and the engine's rule.

Checks, every wager of the par sheet, under several Rules Submissions (the custom
example ``examples/rules/sic-bo.toml``, the ``high`` paytable, and ``middle`` with Two of
a Kind losing on three of a kind):

- **exact settlement**: the kernel's net for each of the 216 ordered shakes is the
  engine's own settlement (:func:`croupier.games.sic_bo.odds_on`), so the shakes, each
  of probability 1/216, give the par sheet's return, every outcome and the largest win;
- **the dice**: the outcome keys are the ordered shakes of the dice drawn from the seed;
- **sampling**: a million-round run's mean of every wager lies within its confidence
  interval of the exact return, the interval's level 99.9% Bonferroni-corrected for the
  number of figures checked (so that a correct kernel fails one run in a thousand,
  whatever the number of wagers), and its hit frequency and the frequency of every
  distinct net likewise within ``z`` exact standard errors;
- **reproducibility** from the seed, and ``croupier simulate sic-bo --json``.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.analysis.exact.sic_bo import par_sheet
from croupier.analysis.simulation import run
from croupier.analysis.simulation import sic_bo as kernel
from croupier.analysis.simulation.base import WagerStats, outcome_stats, simulations
from croupier.cli import app
from croupier.games.sic_bo import all_spots, odds_on
from croupier.registry import load
from croupier.rules.sic_bo import SicBoRules

GAME = "sic-bo"
EXAMPLE = Path(__file__).parents[2] / "examples" / "rules" / "sic-bo.toml"
LEVEL = 0.999


def _example() -> SicBoRules:
    rules = load(EXAMPLE)
    assert isinstance(rules, SicBoRules)
    return rules


RULES = {
    "example": _example,
    "high": lambda: SicBoRules(paytable="high"),
    "middle-no-double-on-triple": lambda: SicBoRules(
        paytable="middle", two_of_a_kind_on_triple=False
    ),
}


def bonferroni_z(checks: int, level: float = LEVEL) -> float:
    """The two-sided normal quantile keeping ``checks`` comparisons at ``level`` together."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * checks))


def test_the_kernel_is_registered() -> None:
    assert simulations()[GAME] == "croupier.analysis.simulation.sic_bo"


def test_the_example_is_a_custom_paytable() -> None:
    assert _example().paytable == "custom"


@pytest.mark.parametrize("name", list(RULES))
def test_the_kernel_settles_every_shake_as_the_engine_and_the_par_sheet(name: str) -> None:
    rules = RULES[name]()
    _, nets = kernel.sample_outcomes(rules, 1, 0)
    sheet = par_sheet(rules)
    assert list(nets) == [w.wager for w in sheet.wagers] == list(all_spots())
    assert len(kernel.SHAKES) == kernel.KEYS == 216
    for figures in sheet.wagers:
        table = nets[figures.wager]
        assert table.shape == (216,)
        for key, faces in enumerate(kernel.SHAKES):
            odds = odds_on(figures.wager, faces, rules.odds, rules.two_of_a_kind_on_triple)
            assert table[key] == (-1.0 if odds is None else float(odds)), (figures.wager, faces)
        expected = sum((Fraction(float(v)) for v in table), Fraction(0)) / 216
        assert float(expected) == pytest.approx(float(figures.expected_return), abs=1e-12)
        assert table.max() == pytest.approx(float(figures.max_win))
        by_net: dict[float, int] = defaultdict(int)
        for value in table:
            by_net[float(value)] += 1
        assert by_net == {float(o.net): o.probability * 216 for o in figures.outcomes}


def test_two_of_a_kind_on_a_triple_follows_the_rules() -> None:
    triple = kernel.SHAKES.index((4, 4, 4))
    wins = kernel.sample_outcomes(SicBoRules(), 1, 0)[1]["two_of_a_kind:4"]
    loses = kernel.sample_outcomes(SicBoRules(two_of_a_kind_on_triple=False), 1, 0)[1]
    assert wins[triple] == 8.0
    assert loses["two_of_a_kind:4"][triple] == -1.0
    # One of a Kind pays per die showing the number: 1, 2 and 3 to 1
    one = loses["one_of_a_kind:4"]
    shakes = [(1, 2, 3), (4, 2, 3), (4, 4, 3), (4, 4, 4)]
    assert [one[kernel.SHAKES.index(s)] for s in shakes] == [-1.0, 1.0, 2.0, 3.0]


def test_the_keys_are_the_shakes_of_the_seeded_dice() -> None:
    """The seed's first 10,000 faces are the first dice, then the second, then the
    third."""
    dice = np.random.default_rng(5).integers(0, 6, size=(3, 10_000), dtype=np.uint8)
    keys, _ = kernel.sample_outcomes(SicBoRules(), 10_000, 5)
    assert keys.dtype == np.uint8
    shakes = [tuple(row) for row in (dice.T + 1).tolist()]
    assert [kernel.SHAKES[k] for k in keys.tolist()] == shakes
    assert np.array_equal(kernel.keys_of(dice), keys)
    assert set(np.unique(keys).tolist()) == set(range(216))


def test_sample_is_the_lookup_of_the_outcomes() -> None:
    rules = _example()
    keys, nets = kernel.sample_outcomes(rules, 5_000, 17)
    arrays = kernel.sample(rules, 5_000, 17)
    assert list(arrays) == list(nets)
    for wager, array in arrays.items():
        assert array.shape == (5_000,)
        assert array.dtype == np.float64
        assert np.array_equal(array, nets[wager][keys])
    assert outcome_stats(keys, nets) == {w: WagerStats.of(a) for w, a in arrays.items()}


def test_the_kernel_is_reproducible_from_the_seed() -> None:
    rules = SicBoRules(paytable="high")
    first, again, other = (kernel.sample(rules, 2_000, s) for s in (9, 9, 10))
    assert all(np.array_equal(first[w], again[w]) for w in first)
    assert not np.array_equal(first["total:10"], other["total:10"])
    a, b = run(GAME, rules, 300_000, 21, workers=1), run(GAME, rules, 300_000, 21, workers=1)
    assert a.stats == b.stats
    assert run(GAME, rules, 300_000, 22, workers=1).stats != a.stats


def test_describe_names_every_wager_with_its_odds() -> None:
    info = kernel.describe(_example())
    assert list(info) == list(all_spots())
    assert info["three_of_a_kind:6"].description.startswith("Three of a Kind 6, 150 to 1")
    assert info["total:4"].description.startswith("Total Value 4, 50 to 1")
    assert info["one_of_a_kind:1"].description.startswith("One of a Kind 1, 1 to 1, 2 to 1, 3 to 1")
    assert all(w.units_staked == 1 for w in info.values())


@pytest.mark.parametrize("name", list(RULES))
def test_the_simulation_reproduces_the_exact_figures(name: str) -> None:
    """One million rounds in this process: every mean, hit frequency and outcome."""
    rules = RULES[name]()
    rounds = 1_000_000
    result = run(GAME, rules, rounds, seed=625 + list(RULES).index(name), workers=1)
    sheet = par_sheet(rules)
    assert [e.wager for e in result.estimates()] == [w.wager for w in sheet.wagers]
    checks = 2 * len(sheet.wagers) + sum(len({o.net for o in w.outcomes}) for w in sheet.wagers)
    z = bonferroni_z(checks)
    level = 1 - (1 - LEVEL) / checks
    failures = []
    for figures in sheet.wagers:
        estimate = result.estimate(figures.wager, level)
        assert estimate.rounds == rounds  # every wager is in play every round
        assert estimate.interval == "normal"
        exact = float(figures.expected_return)
        if not estimate.ci_low <= exact <= estimate.ci_high:
            failures.append(
                f"{figures.wager}: mean {estimate.mean:.6f} "
                f"[{estimate.ci_low:.6f}, {estimate.ci_high:.6f}], exact {exact:.6f}"
            )
        assert abs(estimate.mean - exact) <= z * figures.std_dev / math.sqrt(rounds)
        p = float(figures.hit_frequency)
        if abs(estimate.hit_frequency - p) > z * math.sqrt(p * (1 - p) / rounds) + 1 / rounds:
            failures.append(f"{figures.wager}: hits {estimate.hit_frequency:.6f}, exact {p:.6f}")
        by_net: dict[float, Fraction] = defaultdict(Fraction)
        for outcome in figures.outcomes:
            by_net[float(outcome.net)] += outcome.probability
        assert set(estimate.frequencies) == set(by_net)
        for value, probability in by_net.items():
            q = float(probability)
            seen = estimate.frequencies.get(value, 0.0)
            if abs(seen - q) > z * math.sqrt(q * (1 - q) / rounds) + 1 / rounds:
                failures.append(f"{figures.wager} net {value}: {seen:.6g}, exact {q:.6g}")
    assert not failures, "\n".join(failures)


def test_croupier_simulate_sic_bo_json() -> None:
    args = ["simulate", GAME, "--rounds", "200000", "--seed", "1", "--workers", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["method"] == "simulation"
    assert document["rounds"] == 200_000
    assert document["seed"] == 1
    assert document["rules_sha256"] == SicBoRules().sha256()
    assert document["variant"] == "low"  # the paytable, as croupier analyze names it
    assert json.loads(CliRunner().invoke(app, ["analyze", GAME, "--json"]).stdout)["variant"] == (
        "low"
    )
    assert [w["wager"] for w in document["wagers"]] == list(all_spots())
    small = document["wagers"][0]
    assert small["method"] == "simulation"
    assert small["rounds"] == 200_000
    interval = small["confidence_interval"]
    assert interval["low"] < small["return"] < interval["high"]
    assert interval["low"] < -1 / 36 < interval["high"]
    with_rules = CliRunner().invoke(app, [*args, "--rules", str(EXAMPLE)])
    assert with_rules.exit_code == 0, with_rules.output
    assert json.loads(with_rules.stdout)["rules_sha256"] == _example().sha256()
    assert json.loads(with_rules.stdout)["variant"] == str(_example().paytable)
