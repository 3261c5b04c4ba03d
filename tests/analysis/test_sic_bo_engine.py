"""The Sic Bo engine itself against the exact par sheet: rounds played through
:class:`~croupier.games.sic_bo.SicBoRound` and its table policy (RNG dice from a seeded
generator, the table shaking, showing and settling by itself), $5 on every one of the 50
spots each round, many rounds; what the settlements paid is compared with
:func:`croupier.analysis.exact.sic_bo.par_sheet`, whose figures
``tests/analysis/test_sic_bo_exact.py`` checks against house edges worked by hand.

The bounds, stated in advance:

- **the shakes**: the 216 ordered shakes counted; Pearson's chi-square against equal
  frequencies (215 degrees of freedom) must be under its 0.9999 quantile (about 301,
  Wilson-Hilferty), a false alarm 1 time in 10,000;
- **each wager**: its mean net per unit staked within ``K`` = 4.5 standard errors of the
  exact return (the exact standard deviation over the square root of the rounds), and its
  hit frequency within ``K`` standard errors of the exact one: a false alarm about 1 time
  in 150,000 per figure, under 1 in 1,000 for the hundred figures together.

The default run plays 1,500 rounds (about 10 s here); the ``slow`` run 30,000.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from croupier.analysis.exact.sic_bo import par_sheet
from croupier.engine import DEALER, Outcome, WagerSettled
from croupier.games.sic_bo import AnnounceNoMoreBets, DiceThrown, PlaceWager, SicBoRound
from croupier.games.sic_bo.policy import SPEC
from croupier.rng import SeededRng
from croupier.rules.sic_bo import SicBoRules, all_spots

STAKE = 500
"""$5 on each spot, cents."""
K = 4.5
CHI_SQUARE_Z = 3.719
"""The standard normal 0.9999 quantile."""


def chi_square_bound(df: int, z: float = CHI_SQUARE_Z) -> float:
    """The chi-square quantile at the normal quantile ``z`` (Wilson-Hilferty)."""
    c = 2 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


Tally = dict[str, list[Fraction | int]]
"""Per spot: the sum of its nets per unit staked, and its wins."""


def play(rules: SicBoRules, rounds: int, seed: int) -> tuple[Counter[tuple[int, ...]], Tally]:
    """The shakes of ``rounds`` rounds and, per spot, (sum of nets per unit, hits)."""
    rng = SeededRng(seed)
    shakes: Counter[tuple[int, ...]] = Counter()
    nets: Tally = {spot: [Fraction(0), 0] for spot in all_spots()}
    for number in range(rounds):
        round_ = SicBoRound.open(
            rules, table_id="T", round_id=f"R{number}", seats={1: "ann"}, rng=rng
        )
        for spot in all_spots():
            round_.handle(PlaceWager(seat=1, spot=spot, amount=STAKE), 1)
        round_.handle(AnnounceNoMoreBets(), DEALER)
        SPEC.policy.run_dealer_steps(round_)
        assert round_.finished
        (thrown,) = [e for e in round_.events if isinstance(e, DiceThrown)]
        shakes[thrown.faces] += 1
        settled = [e for e in round_.events if isinstance(e, WagerSettled)]
        assert len(settled) == 50
        for event in settled:
            total = nets[event.spot]
            total[0] += Fraction(event.returned + event.won - event.amount, event.amount)
            total[1] += event.outcome is Outcome.WIN
    return shakes, nets


def check(rules: SicBoRules, rounds: int, seed: int) -> None:
    shakes, nets = play(rules, rounds, seed)
    expected = rounds / 216
    chi_square = sum(
        (shakes.get((a, b, c), 0) - expected) ** 2 / expected
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
    )
    bound = chi_square_bound(215)
    print(f"{rounds} rounds: chi-square {chi_square:.1f} on 215 df (bound {bound:.1f})")
    assert chi_square < bound
    failures = []
    for figures in par_sheet(rules).wagers:
        total, hits = nets[figures.wager]
        mean = float(total) / rounds
        error = figures.std_dev / math.sqrt(rounds)
        if abs(mean - float(figures.expected_return)) > K * error:
            failures.append(
                f"{figures.wager}: mean {mean:+.5f}, exact "
                f"{float(figures.expected_return):+.5f} (SE {error:.5f})"
            )
        p = float(figures.hit_frequency)
        seen = int(hits) / rounds
        if abs(seen - p) > K * math.sqrt(p * (1 - p) / rounds):
            failures.append(f"{figures.wager}: hit frequency {seen:.5f}, exact {p:.5f}")
    assert not failures, "\n".join(failures)


def test_the_engine_agrees_with_the_exact_par_sheet() -> None:
    check(SicBoRules(), 1_500, seed=2024)


def test_the_chi_square_bound() -> None:
    """Wilson-Hilferty against known quantiles: chi-square(10) 0.99 is 23.209; chi-square
    (100) 0.999 is 149.449 (standard tables)."""
    assert chi_square_bound(10, 2.3263) == pytest.approx(23.209, abs=0.1)
    assert chi_square_bound(100, 3.0902) == pytest.approx(149.449, abs=0.2)


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [SicBoRules(), SicBoRules(paytable="high", two_of_a_kind_on_triple=False)],
    ids=["low", "high-no-double-on-triple"],
)
def test_the_engine_agrees_with_the_exact_par_sheet_at_length(rules: SicBoRules) -> None:
    check(rules, 30_000, seed=7)
