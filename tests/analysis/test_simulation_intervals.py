"""Confidence intervals of degenerate samples, valid JSON and setup time in `simulate`.

The Clopper-Pearson limits are checked against the closed form for no success
(``1 - (α/2)^(1/n)``), against the published 95% interval of 1 success in 10 trials
(0.0025 to 0.4450) and against the exact binomial tail computed here with fractions.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from croupier.analysis.simulation import WagerEstimate, WagerStats, run
from croupier.analysis.simulation.base import (
    MIN_EVENTS,
    clopper_pearson_upper,
    default_rules,
    kernel,
    net_ranges,
    warm_up,
)
from croupier.cli import app
from croupier.rules.high_roll_dice import HighRollDiceRules

runner = CliRunner()


def test_clopper_pearson_with_no_success_is_the_closed_form() -> None:
    """No success in n: P(X = 0) = (1 - p)^n = α/2 gives p = 1 - (α/2)^(1/n); at 95% and
    n = 1,000 about 3.68/1,000 (the rule of three's 3/n is the one-sided 95% figure)."""
    n = 100_000
    assert clopper_pearson_upper(0, n, 0.999) == pytest.approx(1 - 0.0005 ** (1 / n), rel=1e-12)
    assert clopper_pearson_upper(0, 1000, 0.95) == pytest.approx(0.003682, abs=1e-6)
    assert clopper_pearson_upper(0, 1000, 0.90) == pytest.approx(3 / 1000, rel=0.005)


def test_clopper_pearson_matches_the_published_table_and_the_exact_tail() -> None:
    """1 success in 10: the 95% Clopper-Pearson interval is (0.0025, 0.4450). And at the
    limit p the exact tail P(X <= k) = sum C(n,i) p^i (1-p)^(n-i) is α/2."""
    assert clopper_pearson_upper(1, 10, 0.95) == pytest.approx(0.4450, abs=5e-5)
    for k, n in ((1, 10), (3, 200), (9, 1000)):
        p = Fraction(clopper_pearson_upper(k, n, 0.999))
        tail = sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))
        assert float(tail) == pytest.approx(0.0005, rel=1e-6)
    assert clopper_pearson_upper(10, 10, 0.95) == 1.0


def test_no_win_gives_an_interval_that_reaches_the_payout() -> None:
    """100,000 losses of a wager that pays at most 999 to 1: the normal interval would be
    [-1, -1]; the bound is -1 + p⁺ (999 + 1) with p⁺ = 1 - 0.0005^(1/100,000)
    (about 7.6e-5: +0.076), which contains the return of, say, a 1-in-20,000 shot paying
    999 (999/20,000 - 19,999/20,000 = -0.95)."""
    stats = WagerStats.from_counts({-1.0: 100_000})
    estimate = WagerEstimate.of("w", stats, net_range=(-1.0, 999.0))
    p = 1 - 0.0005 ** (1 / 100_000)
    assert estimate.interval == "clopper-pearson" and not estimate.reliable
    assert estimate.wins == 0
    assert estimate.ci_low == -1.0
    assert estimate.ci_high == pytest.approx(-1 + p * 1000, rel=1e-9)
    assert estimate.ci_low < 999 / 20_000 - 19_999 / 20_000 < estimate.ci_high
    unknown = WagerEstimate.of("w", stats)
    assert unknown.ci_high == math.inf
    document = unknown.to_dict()
    assert document["confidence_interval"]["high"] is None
    json.dumps(document, allow_nan=False)


def test_enough_wins_keep_the_normal_interval() -> None:
    values = {-1.0: 1000 - MIN_EVENTS, 1.0: MIN_EVENTS}
    estimate = WagerEstimate.of("w", WagerStats.from_counts(values), net_range=(-1.0, 1.0))
    assert estimate.reliable
    half = estimate.ci_high - estimate.mean
    assert half == pytest.approx(estimate.ci_high - estimate.mean)
    assert half == pytest.approx(3.290527 * estimate.std_error, rel=1e-6)


def test_net_ranges_come_from_the_outcome_tables() -> None:
    """High Roll Dice under the defaults: a Pip Street Wager loses at most its unit; the
    Millionaire Row pays its prize (the largest net is far above the unit)."""
    ranges = net_ranges(kernel("high-roll-dice"), HighRollDiceRules())
    low, high = ranges["pip_street:two"]
    assert low == -1.0 and high > 0
    assert ranges["millionaire_row:10"][1] > 1000


def test_high_roll_dice_millionaire_row_interval_is_not_zero_width() -> None:
    """The reviewer's case: 100,000 rounds, seed 1, no Millionaire Row 9 win; the interval
    must still reach above -1 (the true return is above -1)."""
    result = run("high-roll-dice", None, 100_000, 1, workers=1)
    estimate = result.estimate("millionaire_row:9")
    assert estimate.wins == 0
    assert estimate.ci_low == -1.0 < estimate.ci_high


def test_one_round_json_is_valid_and_uses_null() -> None:
    result = runner.invoke(
        app, ["simulate", "go-fore-it", "--rounds", "1", "--seed", "1", "--json", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "NaN" not in result.stdout and "Infinity" not in result.stdout
    document = json.loads(result.stdout)
    assert all(wager["std_dev"] is None for wager in document["wagers"])


@pytest.mark.parametrize("address", ["nonsense", "host:notaport", "tcp://host:notaport"])
def test_a_bad_scheduler_address_is_a_clean_error(address: str) -> None:
    result = runner.invoke(
        app, ["simulate", "go-fore-it", "--rounds", "1000", "--scheduler", address]
    )
    assert result.exit_code == 2
    assert "not a Dask scheduler address" in result.output
    assert "Traceback" not in result.output


def test_setup_is_timed_apart_from_the_rounds() -> None:
    """A process warms a kernel once: the first warm-up takes time, the next none; the
    result's rounds per second leave the setup out."""
    path = "croupier.analysis.simulation.go_fore_it"
    rules = default_rules("go-fore-it")  # what run() plays for None
    warm_up(path, rules)
    assert warm_up(path, rules) == 0.0
    result = run("go-fore-it", None, 10_000, 2, workers=1)
    assert result.setup_s == 0.0
    assert result.simulation_s == result.elapsed_s
    assert result.rounds_per_second == pytest.approx(10_000 / result.simulation_s)
    output = runner.invoke(
        app, ["simulate", "go-fore-it", "--rounds", "1000", "--seed", "1", "--workers", "1"]
    ).output
    assert "of setup" in output
