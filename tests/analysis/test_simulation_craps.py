"""The Craps simulation kernel (whole shooters' hands) against the exact par sheet and the
engine itself.

- **sampling**: a run of whole hands gives every wager of the par sheet a mean within its
  confidence interval of the exact return, the 99.9% level Bonferroni-corrected for the
  number of wagers (a correct kernel fails one run in a thousand, whatever their number);
- **the engine**: hands played by the engine (an RNG table, seeded) with a bettor who
  makes Pass, Don't Pass, Place 6 and hard 8 called working, the Field, Any Craps, the Fire
  Bet and All Small at the start of the hand, a Come wager on the first roll with a point,
  and (another seat) Pass with full 3-4-5x odds: the kernel, given the same dice, nets
  each wager's first decision exactly as the engine settled it;
- **reproducibility** from the seed, and ``croupier simulate craps --json``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.analysis.exact.craps import par_sheet
from croupier.analysis.simulation import craps as kernel
from croupier.analysis.simulation import run
from croupier.cli import app
from croupier.engine import DEALER, Event, Outcome, WagerSettled
from croupier.games.craps import (
    AnnounceNoMoreBets,
    CallWager,
    CrapsRound,
    PlaceWager,
    RollCalled,
    WagerPaid,
)
from croupier.games.craps.policy import SPEC
from croupier.rng import SeededRng
from croupier.rules.craps import CrapsRules

LEVEL = 0.999


def test_every_wager_within_its_interval_of_the_exact_figure() -> None:
    rules = CrapsRules(fire_bet_paytable="b")
    sheet = par_sheet(rules)
    names = [w.wager for w in sheet.wagers]
    level = 1 - (1 - LEVEL) / len(names)
    result = run("craps", rules, rounds=400_000, seed=2024, workers=1)
    z = NormalDist().inv_cdf(1 - (1 - level) / 2)
    for wager in sheet.wagers:
        estimate = result.estimate(wager.wager, LEVEL)
        half = z * estimate.std_error
        exact = float(wager.expected_return)
        assert abs(estimate.mean - exact) <= half, (wager.wager, estimate.mean, exact, half)
    # Every hand has the line wagers and the Fire Bet; the odds on 4 about 3/36 of them
    # (the first come-out point of a hand, or a later one).
    assert result.estimate("pass", LEVEL).rounds == 400_000
    assert result.estimate("fire_bet", LEVEL).rounds == 400_000
    assert 0 < result.estimate("odds:4", LEVEL).rounds < 400_000


def test_the_same_seed_gives_the_same_hands() -> None:
    rules = CrapsRules()
    first, again = kernel.sample(rules, 2_000, 7), kernel.sample(rules, 2_000, 7)
    assert first.keys() == again.keys()
    assert all(np.array_equal(first[k], again[k]) for k in first)
    assert list(first) == [w.wager for w in par_sheet(rules).wagers]


def test_the_kernels_counts_are_those_of_its_hands() -> None:
    """``sample_counts`` (what a run reduces) counts, per wager, the very nets ``sample``
    gives for the same seed, each distinct net once per hand that had it; and a run
    on two workers gives the statistics of one."""
    rules = CrapsRules(fire_bet_paytable="b")
    for seed in (3, 11):
        nets = kernel.sample(rules, 5_000, seed)
        counts = kernel.sample_counts(rules, 5_000, seed)
        assert list(counts) == list(nets)
        for wager, array in nets.items():
            values, hands = np.unique(array, return_counts=True)
            assert counts[wager] == dict(zip(values.tolist(), hands.tolist(), strict=True))
    one = run("craps", rules, rounds=30_000, seed=5, workers=1, chunk_rounds=8_192)
    two = run("craps", rules, rounds=30_000, seed=5, workers=2, chunk_rounds=8_192)
    assert one.stats == two.stats


# --- the engine's hands -----------------------------------------------------------------------
SPOTS = {
    1: {
        "pass": 1_000,
        "dont_pass": 1_000,
        "place:6": 1_200,
        "hard:8": 1_000,
        "field": 1_000,
        "any_craps": 1_000,
        "fire_bet": 500,
        "all_small": 500,
    },
    2: {"pass": 1_000},
}
WORKING = ("place:6", "hard:8")


def _net(event: Event) -> Fraction:
    if isinstance(event, WagerPaid):
        return Fraction(event.won, event.amount)
    assert isinstance(event, WagerSettled)
    return Fraction(event.returned + event.won - event.amount, event.amount)


def engine_hand(rnd: CrapsRound) -> tuple[dict[str, Fraction], list[tuple[int, ...]]]:
    """Play one hand as the module docstring says; the first decision's net per unit of
    each wager, and the dice of every roll."""
    policy = SPEC.policy
    for seat, spots in SPOTS.items():
        for spot, amount in spots.items():
            rnd.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)
    for spot in WORKING:
        rnd.handle(CallWager(seat=1, spot=spot, working=True), 1)
    come_made = odds_made = False
    decided: dict[tuple[int, str], Fraction] = {}
    odds_amount = 0
    while not rnd.finished:
        state = rnd.state
        if state.come_out:
            for seat in (1, 2):  # the shooter's line wager for later come-outs
                if not state.line_wager(seat):
                    rnd.handle(PlaceWager(seat=seat, spot="pass", amount=1_000), seat)
        elif not come_made:
            rnd.handle(PlaceWager(seat=1, spot="come", amount=1_000), 1)
            come_made = True
        first_pass = (2, "pass") not in decided
        if not state.come_out and not odds_made and first_pass:
            odds_amount = 1_000 * {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}[state.point or 0]
            rnd.handle(PlaceWager(seat=2, spot="pass_odds", amount=odds_amount), 2)
            odds_made = True
        start = len(rnd.events)
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        policy.run_dealer_steps(rnd)
        for event in rnd.events[start:]:
            if isinstance(event, WagerSettled | WagerPaid):
                spot = "come" if event.spot.startswith("come:") else event.spot
                decided.setdefault((event.seat, spot), _net(event))
    nets = {spot: decided[(1, spot)] for spot in (*SPOTS[1], "come")}
    line, odds = decided[(2, "pass")], decided.get((2, "pass_odds"))
    nets["pass_with_odds"] = line if odds is None else line + odds * odds_amount / 1_000
    rolls = [e.faces for e in rnd.events if isinstance(e, RollCalled)]
    return nets, rolls


def test_the_kernel_settles_the_engines_hands_as_the_engine_did() -> None:
    rules = CrapsRules()
    plan = kernel.plan_for(rules)
    rng = SeededRng(99)
    after: Any = None
    hands = 0
    for number in range(40):
        rnd = CrapsRound.open(
            rules,
            table_id="T",
            round_id=f"R{number}",
            seats={1: "ann", 2: "bo"},
            rng=rng,
            after=after,
        )
        nets, rolls = engine_hand(rnd)
        after = rnd.state.last_shooter
        dice = np.array([face - 1 for faces in rolls for face in faces], dtype=np.uint8)
        out, used = kernel.play(plan, dice, 1)
        assert out.shape[1] == 1 and used == dice.size
        row = dict(zip(plan.names, out[:, 0], strict=True))
        for spot, net in nets.items():
            assert row[spot] == float(net), (number, spot, rolls, row[spot], net)
        hands += 1
    assert hands == 40


def test_croupier_simulate_craps() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "craps", "--rounds", "20000", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    wagers = {w["wager"]: w for w in data["wagers"]}
    assert {"pass", "place:6", "fire_bet", "all_small", "pass_with_odds"} <= set(wagers)
    assert data["method"] == "simulation"


def test_the_engines_outcomes_are_what_the_test_read() -> None:
    """A check of the helper: a lost wager nets -1 a unit, a push 0."""
    lost = WagerSettled(seat=1, spot="pass", amount=1_000, outcome=Outcome.LOSE, cite="x")
    push = WagerSettled(
        seat=1, spot="dont_pass", amount=1_000, outcome=Outcome.PUSH, returned=1_000, cite="x"
    )
    assert _net(lost) == -1 and _net(push) == 0


# --- a plain reference of settlement, from the rules ------------------------------------------
TRUE_ODDS = {4: Fraction(2), 5: Fraction(3, 2), 6: Fraction(6, 5)}
PLACE_PAYS = {4: Fraction(9, 5), 5: Fraction(7, 5), 6: Fraction(7, 6)}
HARD_PAYS = {4: Fraction(7), 6: Fraction(9)}


def _mirror(number: int) -> int:
    return number if number <= 6 else 14 - number


def _line(totals: list[int], dont: bool, bar: int) -> tuple[Fraction, int]:
    """A Pass (or Don't Pass) wager's net on its first decision from ``totals[0]`` as its
    come-out roll, and its point (0: decided on the come-out)."""
    first = totals[0]
    if first in (7, 11):
        return Fraction(-1 if dont else 1), 0
    if first in (2, 3, 12):
        return Fraction(0 if dont and first == bar else (1 if dont else -1)), 0
    for total in totals[1:]:
        if total in (first, 7):
            won = (total == first) != dont
            return Fraction(1 if won else -1), first
    raise AssertionError("a hand ends in a seven-out")


def reference_hand(rolls: list[tuple[int, int]], rules: CrapsRules) -> dict[str, Fraction]:
    """One shooter's hand, settled wager by wager as ch. 623a states the wagers: the net
    per unit of each one's first decision (the bettor of :mod:`kernel`)."""
    totals = [a + b for a, b in rolls]
    nets: dict[str, Fraction] = {}
    nets["pass"], point = _line(totals, False, rules.dont_bar)
    nets["dont_pass"], _ = _line(totals, True, rules.dont_bar)
    if point:  # full odds, paid at true odds behind the point
        units = rules.limit.multiple(point)
        odds = TRUE_ODDS[_mirror(point)]
        won = nets["pass"] > 0
        nets["pass_with_odds"] = 1 + units * odds if won else -1 - Fraction(units)
    else:
        nets["pass_with_odds"] = nets["pass"]
    # A Come wager on the first roll with a point on: its own come-out roll there.
    on = 0
    for i, total in enumerate(totals):
        if on:
            nets["come"], _ = _line(totals[i:], False, rules.dont_bar)
            nets["dont_come"], _ = _line(totals[i:], True, rules.dont_bar)
            break
        on = 0 if total in (2, 3, 7, 11, 12) else total
    for number in (4, 5, 6, 8, 9, 10):  # working from the first roll
        decided = next(t for t in totals if t in (number, 7))
        pays = PLACE_PAYS[_mirror(number)]
        nets[f"place:{number}"] = pays if decided == number else Fraction(-1)
    for number in (4, 6, 8, 10):
        decided = next((a, b) for a, b in rolls if a + b in (number, 7))
        hard = decided == (number // 2, number // 2)
        nets[f"hard:{number}"] = HARD_PAYS[_mirror(number)] if hard else Fraction(-1)
    nets["any_seven"] = Fraction(4) if totals[0] == 7 else Fraction(-1)
    nets["any_craps"] = Fraction(7) if totals[0] in (2, 3, 12) else Fraction(-1)
    for number in (4, 5, 6, 8, 9, 10):  # the odds, from the first roll with that point
        runs = [i for i in range(1, len(totals)) if _point_before(totals, i) == number]
        if runs:
            decided = next(t for t in totals[runs[0] :] if t in (number, 7))
            odds = TRUE_ODDS[_mirror(number)]
            nets[f"odds:{number}"] = odds if decided == number else Fraction(-1)
            nets[f"lay_odds:{number}"] = Fraction(-1) if decided == number else 1 / odds
    made = {p for i, p in enumerate(totals) if i and _point_before(totals, i) == p}
    tiers = [pays for count, pays in rules.fire_tiers.items() if len(made) >= count]
    nets["fire_bet"] = Fraction(max(tiers)) if tiers else Fraction(-1)
    before_seven = set(totals[: totals.index(7)])
    small = {2, 3, 4, 5, 6} <= before_seven
    nets["all_small"] = Fraction(rules.odds_of("all_small")) if small else Fraction(-1)
    return nets


def _point_before(totals: list[int], roll: int) -> int:
    """The shooter's point when roll ``roll`` is thrown (0: a come-out roll)."""
    point = 0
    for total in totals[:roll]:
        if point == 0:
            point = 0 if total in (2, 3, 7, 11, 12) else total
        elif total in (point, 7):
            point = 0
    return point


def test_the_kernel_settles_hands_as_a_plain_reference_does() -> None:
    """Hands from fixed seeds: the kernel's nets (``play``) against :func:`reference_hand`,
    written from the rules of each wager, not from the kernel's tables or codes."""
    rules = CrapsRules()
    plan = kernel.plan_for(rules)
    checked = 0
    for seed in (1, 2, 3):
        dice = np.random.default_rng(seed).integers(0, 6, size=4_000, dtype=np.uint8)
        out, used = kernel.play(plan, dice, 60)
        position = 0
        for hand in range(out.shape[1]):
            rolls: list[tuple[int, int]] = []
            while True:
                a, b = int(dice[position]) + 1, int(dice[position + 1]) + 1
                position += 2
                rolls.append((a, b))
                if a + b == 7 and _point_before([x + y for x, y in rolls], len(rolls) - 1):
                    break
            row = dict(zip(plan.names, out[:, hand], strict=True))
            expected = reference_hand(rolls, rules)
            for name, net in expected.items():
                assert row[name] == float(net), (seed, hand, name, rolls, row[name], net)
            reached = {n for n in row if n.startswith(("odds:", "lay_odds:"))} & set(expected)
            for name in {n for n in row if n.startswith(("odds:", "lay_odds:"))} - reached:
                assert np.isnan(row[name]), (seed, hand, name, rolls)
            checked += 1
        assert position == used
    assert checked == 180


def _complete_hands(dice: list[int]) -> tuple[int, int]:
    """The hands that end in a seven-out within ``dice`` (faces 0 to 5, two a roll) and
    the dice they use, by :func:`_point_before`, hand after hand."""
    hands = used = 0
    totals: list[int] = []
    for roll in range(len(dice) // 2):
        totals.append(dice[2 * roll] + dice[2 * roll + 1] + 2)
        if totals[-1] == 7 and _point_before(totals, len(totals) - 1):
            hands, used, totals = hands + 1, 2 * roll + 2, []
    return hands, used


def test_a_hand_the_dice_cut_short_is_not_played() -> None:
    """Every cut of the dice, odd ones included, after each state a hand can be in (no
    point, the point 4, another point): the kernel plays the hands that end before the cut
    and no more (the faces it puts past the cut never decide one), and leaves the dice, read
    only or not, as they were."""
    plan = kernel.plan_for(CrapsRules())
    seeded = np.random.default_rng(5).integers(0, 6, size=120, dtype=np.uint8).tolist()
    # a 4 set, a 6 set, a 6 made, a 4 set, a 4 made, a 7 on the come-out, a 5 set, a 7 out
    made = [0, 2, 2, 2, 2, 2, 0, 2, 1, 1, 0, 5, 1, 2, 0, 5]
    for dice in (seeded, made):
        for cut in range(len(dice) + 1):
            given = np.array(dice[:cut], dtype=np.uint8)
            given.flags.writeable = cut % 2 == 0
            out, used = kernel.play(plan, given, 1_000)
            assert (out.shape[1], used) == _complete_hands(dice[:cut]), (dice, cut)
            assert given.tolist() == dice[:cut]  # the dice given are left as they were


def test_a_hand_longer_than_max_rolls_is_refused() -> None:
    plan = kernel.plan_for(CrapsRules())
    endless = [0, 2] + [0, 0] * kernel.MAX_ROLLS  # the point 4, then MAX_ROLLS 2s
    for tail in ([0, 5], [], [0, 5] + [1] * 40):
        with pytest.raises(ValueError, match="longer than MAX_ROLLS"):
            kernel.play(plan, np.array(endless + tail, dtype=np.uint8), 1)
    out, used = kernel.play(plan, np.array([*endless[:-4], 0, 5], dtype=np.uint8), 1)
    assert out.shape[1] == 1 and used == 2 * kernel.MAX_ROLLS


def _by_the_rules(point: int, sevened: int, total: int) -> tuple[int, int]:
    """One roll by the rules: the point after it and whether a 7 has come in the hand (a
    seven-out ends it: the next roll is a new hand's come-out)."""
    if point and total == 7:
        return 0, 0
    if point == 0:
        return (total if total in (4, 5, 6, 8, 9, 10) else 0), sevened | int(total == 7)
    return (0 if total == point else point), sevened


def test_two_rolls_in_one_look_up_follow_the_point() -> None:
    """The state two rolls on, read at once (``nexts`` from ``_PAIRS``), has the point and
    the 7 the rules give for every state and two totals (a come-out 4-10 sets the point,
    the point takes it off, a 7 with a point on starts a new hand), and is the state one
    roll at a time reaches through the state between them."""
    nexts = kernel.plan_for(CrapsRules()).nexts
    points = (0, 4, 5, 6, 8, 9, 10)
    for state in range(112):  # (7 points * 8 Come wager states + point) * 2 + 7 rolled
        for first in range(2, 13):
            for second in range(2, 13):
                point, sevened = _by_the_rules(points[state >> 4], state & 1, first)
                point, sevened = _by_the_rules(point, sevened, second)
                at = kernel._PAIRS + (state << 7) + 11 * (first - 2) + second - 2
                after = int(nexts[at]) >> 7
                assert (points[after >> 4], after & 1) == (point, sevened), (state, first, second)
                between = int(nexts[(state << 4) + first - 2])
                assert after << 4 == nexts[between + second - 2], (state, first, second)
