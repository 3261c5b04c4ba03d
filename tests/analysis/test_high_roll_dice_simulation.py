"""The exact High Roll Dice figures, reproduced by playing rounds through the engine.

Two seats play every round: seat 1 bets every Pip Street face, every Like Kind
circle, the Extra Roll (ten dice) and both Millionaire Row spots ($1); seat 2 bets
every face and every circle without an Extra Roll. From the ``WagerSettled`` and
``ExtraRollCollected`` events each wager's net result per unit staked is tallied:
seat 2 gives ``pip_street:*`` and ``like_kind:*``; seat 1's circle ``t`` less the
Extra Roll's unit gives ``like_kind_extra_roll:t`` (two units staked). Each mean
must lie within the 99.9% confidence interval (z = 3.29, exact standard deviation)
of the exact return, and each hit frequency likewise.

The betting is the same every round, so it is placed through ``handle`` once and
each round starts from those events (``HighRollDiceRound(events, rng)``: the engine's
own fold); a test checks this gives exactly the rounds that placing every wager
anew gives. The dice, the calls and every settlement come from the engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest

from croupier.analysis.exact.high_roll_dice import like_kind_bundle_figures, par_sheet
from croupier.analysis.par_sheet import WagerFigures
from croupier.engine import DEALER, Event, Outcome, WagerSettled
from croupier.equipment.dice import FACES
from croupier.games.high_roll_dice import (
    EXTRA_ROLL,
    AnnounceNoMoreBets,
    CallResult,
    ExtraRollCollected,
    HighRollDiceRound,
    PlaceWager,
    ThrowDice,
    like_kind_spot,
    millionaire_row_spot,
    pip_street_spot,
)
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules, Variant

Z = 3.29
"""Two-sided 99.9% normal quantile."""
UNIT = 500
"""Cents on each Pip Street face, Like Kind circle and the Extra Roll ($5: 3 to 5 pays
whole cents)."""
MILLIONAIRE_UNIT = 100
"""Cents on each Millionaire Row spot: the $1 the prizes are quoted for."""
SEATS = {1: "all-with-extra-roll", 2: "all-without"}


@dataclass
class Tally:
    """Sum of net results (in cents per ``scale`` cents staked) and wins of one wager."""

    scale: int
    net: int = 0
    hits: int = 0

    def add(self, net_cents: int, hit: bool) -> None:
        self.net += net_cents
        self.hits += hit


@dataclass
class Simulation:
    rounds: int = 0
    tallies: dict[str, Tally] = field(default_factory=dict)

    def add(self, wager: str, scale: int, net_cents: int, hit: bool) -> None:
        self.tallies.setdefault(wager, Tally(scale)).add(net_cents, hit)


def _spots(rules: HighRollDiceRules, seat: int) -> list[tuple[str, int]]:
    spots = [(pip_street_spot(face), UNIT) for face in FACES]
    spots += [(like_kind_spot(t), UNIT) for t in sorted(rules.like_kind_odds)]
    if seat == 1 and rules.extra_roll_odds is not None:
        spots.append((EXTRA_ROLL, UNIT))
    if seat == 1 and rules.millionaire_row_prizes is not None:
        spots += [(millionaire_row_spot(c), MILLIONAIRE_UNIT) for c in (9, 10)]
    return spots


def _betting(rules: HighRollDiceRules, rng: SeededRng) -> HighRollDiceRound:
    round_ = HighRollDiceRound.open(rules, table_id="sim", round_id="r", seats=SEATS, rng=rng)
    for seat in SEATS:
        for spot, amount in _spots(rules, seat):
            round_.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)
    return round_


def _finish(round_: HighRollDiceRound) -> None:
    round_.handle(AnnounceNoMoreBets(), DEALER)
    round_.handle(ThrowDice(), DEALER)
    round_.handle(CallResult(), DEALER)
    if not round_.finished:  # a wager is held for the Extra Roll
        round_.handle(ThrowDice(), DEALER)
        round_.handle(CallResult(), DEALER)
    assert round_.finished


def _record(rules: HighRollDiceRules, events: list[Event], sim: Simulation) -> None:
    settled: dict[tuple[int, str], WagerSettled] = {}
    extra_cost = 0
    for event in events:
        if isinstance(event, WagerSettled):
            assert (event.seat, event.spot) not in settled, "a wager settled twice"
            settled[event.seat, event.spot] = event
        elif isinstance(event, ExtraRollCollected):
            assert event.seat == 1
            extra_cost += event.amount
    placed = {(seat, spot) for seat in SEATS for spot, _ in _spots(rules, seat)}
    assert set(settled) == placed - {(1, EXTRA_ROLL)}, "every wager settles exactly once"
    has_extra = rules.extra_roll_odds is not None
    assert extra_cost == (UNIT if has_extra else 0)

    def net(seat: int, spot: str) -> int:
        event = settled[seat, spot]
        return event.returned + event.won - event.amount

    def hit(seat: int, spot: str) -> bool:
        return settled[seat, spot].outcome is Outcome.WIN

    sim.rounds += 1
    for face in FACES:
        spot = pip_street_spot(face)
        assert net(1, spot) == net(2, spot)  # the same dice for both seats
        sim.add(spot, UNIT, net(2, spot), hit(2, spot))
    circles = sorted(rules.like_kind_odds)
    for t in circles:
        spot = like_kind_spot(t)
        sim.add(spot, UNIT, net(2, spot), hit(2, spot))
        if has_extra:
            sim.add(f"like_kind_extra_roll:{t}", 2 * UNIT, net(1, spot) - UNIT, hit(1, spot))
    bundle = "+".join(str(t) for t in circles)
    spots = [like_kind_spot(t) for t in circles]
    sim.add(
        f"like_kind:{bundle}",
        len(circles) * UNIT,
        sum(net(2, s) for s in spots),
        any(hit(2, s) for s in spots),
    )
    if has_extra:
        sim.add(
            f"like_kind:{bundle}+extra_roll",
            (len(circles) + 1) * UNIT,
            sum(net(1, s) for s in spots) - extra_cost,
            any(hit(1, s) for s in spots),
        )
    if rules.millionaire_row_prizes is not None:
        for count in (9, 10):
            spot = millionaire_row_spot(count)
            sim.add(spot, MILLIONAIRE_UNIT, net(1, spot), hit(1, spot))


def simulate(
    rules: HighRollDiceRules, rounds: int, seed: int, *, place_every_round: bool = False
) -> Simulation:
    """Play ``rounds`` rounds with a seeded RNG and tally every wager."""
    rng = SeededRng(seed)
    sim = Simulation()
    betting = _betting(rules, rng).events
    for _ in range(rounds):
        round_ = _betting(rules, rng) if place_every_round else HighRollDiceRound(betting, rng)
        _finish(round_)
        _record(rules, round_.events[len(betting) :], sim)
    return sim


def exact_figures(rules: HighRollDiceRules) -> dict[str, WagerFigures]:
    figures = {w.wager: w for w in par_sheet(rules).wagers}
    circles = sorted(rules.like_kind_odds)
    for extra in (False, True) if rules.extra_roll_odds is not None else (False,):
        bundle = like_kind_bundle_figures(rules, circles, extra_roll=extra)
        figures[bundle.wager] = bundle
    return figures


def check(rules: HighRollDiceRules, sim: Simulation) -> None:
    exact = exact_figures(rules)
    assert set(sim.tallies) == set(exact)
    n = sim.rounds
    failures = []
    for name, tally in sorted(sim.tallies.items()):
        figures = exact[name]
        mean = tally.net / (tally.scale * n)
        expected = float(figures.expected_return)
        margin = Z * figures.std_dev / math.sqrt(n)
        if abs(mean - expected) > margin:
            failures.append(f"{name}: mean {mean:.6f}, exact {expected:.6f} +- {margin:.6f}")
        p = float(figures.hit_frequency)
        frequency = tally.hits / n
        hit_margin = Z * math.sqrt(p * (1 - p) / n)
        if abs(frequency - p) > hit_margin:
            failures.append(f"{name}: hits {frequency:.6f}, exact {p:.6f} +- {hit_margin:.6f}")
    assert not failures, "\n".join(failures)


# rounds per variant in the default run (about 0.6 ms a round on ten dice)
DEFAULT_ROUNDS = {Variant.TEN_DICE: 30_000, Variant.TEN_DICE_2014: 15_000, Variant.SIX_DICE: 20_000}


@pytest.mark.parametrize(
    "variant",
    # One variant in make test; the other two (as many rounds again) in the long run.
    [v if v is Variant.TEN_DICE else pytest.param(v, marks=pytest.mark.slow) for v in Variant],
)
def test_engine_reproduces_exact_figures(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    check(rules, simulate(rules, DEFAULT_ROUNDS[variant], seed=675 + list(Variant).index(variant)))


@pytest.mark.parametrize("variant", [Variant.TEN_DICE, Variant.SIX_DICE])
def test_starting_from_the_betting_events_changes_nothing(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    fast = simulate(rules, 300, seed=11)
    full = simulate(rules, 300, seed=11, place_every_round=True)
    assert fast.tallies == full.tallies


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(Variant))
def test_engine_reproduces_exact_figures_long_run(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    check(rules, simulate(rules, 400_000, seed=593_675 + list(Variant).index(variant)))
