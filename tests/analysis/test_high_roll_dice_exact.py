"""Exact High Roll Dice figures, checked against values derived independently.

Nothing here reuses the code under test to make an expected value: the paytables
are typed again from the regulation text (675a.5, 675a.6(j)-(k), 593.5), the
winning face is worked out again from the ranking of 675a.2(d), six dice are
brute-forced over all 6**6 throws, ten dice are counted twice by other methods
(exponential generating functions, and every 6**5 x 6**5 pair of half-throws),
the Extra Roll by a die-by-die convolution, and the rarest figures by hand.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.analysis.exact.high_roll_dice import (
    count_distribution,
    extra_roll_distribution,
    first_roll_distribution,
    like_kind_bundle_figures,
    par_sheet,
)
from croupier.analysis.par_sheet import ParSheet, WagerFigures
from croupier.cli import app
from croupier.rules.high_roll_dice import HighRollDiceRules, Variant

F = Fraction

# --- the paytables, typed again from the regulation text ---------------------------------
# 675a.5(a) / 593.5(a): "Two 6 to 1 Three 6 to 1 Four 5 to 1 Five 4 to 1 Six 4 to 1 One/ace 3 to 1"
PIP_10 = {2: F(6), 3: F(6), 4: F(5), 5: F(4), 6: F(4), 1: F(3)}
# 675a.5(b) / 593.5(b): "Eight 5,000 to 1 Seven 400 to 1 Six 30 to 1 Five 4 to 1 Four 1 to 1
# Three 3 to 5 Two 12 to 1"
LIKE_10 = {8: F(5000), 7: F(400), 6: F(30), 5: F(4), 4: F(1), 3: F(3, 5), 2: F(12)}
# 675a.5(c): "Ten-of-a-kind $1,000,000 Nine-of-a-kind $50,000" (for the $1 maximum wager)
MILLIONAIRE = {9: F(50_000), 10: F(1_000_000)}
# 675a.5(d): "Eight 50 to 1 Seven 10 to 1 Six 4 to 1 Five 2 to 1 Four 1 to 1 Three 6 to 1"
EXTRA_2016 = {8: F(50), 7: F(10), 6: F(4), 5: F(2), 4: F(1), 3: F(6)}
# 593.5(d): the same but "Three-of-a-kind 8 to 1"
EXTRA_2014 = {8: F(50), 7: F(10), 6: F(4), 5: F(2), 4: F(1), 3: F(8)}
# 675a.6(j): "Two 8 to 1 Three 6 to 1 Four 5 to 1 Five 4 to 1 Six 3 to 1 One/ace 2 to 1"
PIP_6 = {2: F(8), 3: F(6), 4: F(5), 5: F(4), 6: F(3), 1: F(2)}
# 675a.6(k): "Six 6,000 to 1 Five 200 to 1 Four 15 to 1 Three 2 to 1 Two 1 to 2 No matches 60 to 1"
LIKE_6 = {6: F(6000), 5: F(200), 4: F(15), 3: F(2), 2: F(1, 2), 1: F(60)}

# 675a.2(d): ace highest, then 6, 5, 4, 3, 2
BY_RANK = (1, 6, 5, 4, 3, 2)
NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
TEN_DICE = 6**10


def winner(counts: dict[int, int]) -> tuple[int, int]:
    """The face with the most dice, the higher rank on a tie, and its count."""
    most = max(counts.values())
    return next(face for face in BY_RANK if counts.get(face, 0) == most), most


# --- independent distributions ------------------------------------------------------------
@cache
def six_dice_brute_force() -> dict[tuple[int, int], Fraction]:
    """Every one of the 6**6 throws of six dice."""
    tally: Counter[tuple[int, int]] = Counter()
    for throw in product(range(1, 7), repeat=6):
        tally[winner(Counter(throw))] += 1
    return {key: F(n, 6**6) for key, n in tally.items()}


def _poly_mul(a: list[Fraction], b: list[Fraction], degree: int) -> list[Fraction]:
    out = [F(0)] * (degree + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: degree + 1 - i]):
                out[i + j] += x * y
    return out


@cache
def ten_dice_generating_functions() -> dict[tuple[int, int], Fraction]:
    """P(face wins with c dice) = 10!/6**10 [x**10] x**c/c! E_{c-1}(x)**above E_c(x)**below,
    with E_k(x) = sum_{j<=k} x**j/j!: faces ranked above the winner show fewer than c dice,
    faces below at most c."""
    n = 10

    def truncated_exp(k: int) -> list[Fraction]:
        return [F(1, math.factorial(j)) if j <= k else F(0) for j in range(n + 1)]

    result: dict[tuple[int, int], Fraction] = {}
    for position, face in enumerate(BY_RANK):
        above, below = position, 5 - position
        for c in range(1, n + 1):
            poly = [F(0)] * (n + 1)
            poly[c] = F(1, math.factorial(c))
            for _ in range(above):
                poly = _poly_mul(poly, truncated_exp(c - 1), n)
            for _ in range(below):
                poly = _poly_mul(poly, truncated_exp(c), n)
            p = poly[n] * math.factorial(n) / TEN_DICE
            if p:
                result[face, c] = p
    return result


@cache
def ten_dice_half_throws() -> dict[tuple[int, int], Fraction]:
    """All 6**10 throws, as every pair of two five-dice half-throws (6**5 each)."""
    halves: Counter[tuple[int, ...]] = Counter()
    for throw in product(range(1, 7), repeat=5):
        halves[tuple(throw.count(face) for face in range(1, 7))] += 1
    tally: Counter[tuple[int, int]] = Counter()
    for (left, a), (right, b) in product(halves.items(), repeat=2):
        counts = {face: left[face - 1] + right[face - 1] for face in range(1, 7)}
        tally[winner(counts)] += a * b
    assert sum(tally.values()) == TEN_DICE
    return {key: F(n, TEN_DICE) for key, n in tally.items()}


def rethrow_convolution(rethrown: int) -> dict[int, Fraction]:
    """Additional matches of the Extra Roll, one die at a time (each 1/6 to match)."""
    dist = {0: F(1)}
    for _ in range(rethrown):
        step: dict[int, Fraction] = {}
        for k, p in dist.items():
            step[k + 1] = step.get(k + 1, F(0)) + p * F(1, 6)
            step[k] = step.get(k, F(0)) + p * F(5, 6)
        dist = step
    return dist


def counts_of(first: dict[tuple[int, int], Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for (_, c), p in first.items():
        out[c] = out.get(c, F(0)) + p
    return out


def faces_of(first: dict[tuple[int, int], Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for (face, _), p in first.items():
        out[face] = out.get(face, F(0)) + p
    return out


def figures(outcomes: list[tuple[Fraction, Fraction, bool]]) -> tuple[Fraction, Fraction, float]:
    """(house edge, hit frequency, std dev) of (probability, net, hit) outcomes."""
    assert sum(p for p, _, _ in outcomes) == 1
    mean = sum(p * net for p, net, _ in outcomes)
    var = sum(p * (net - mean) ** 2 for p, net, _ in outcomes)
    return -mean, sum(p for p, _, hit in outcomes if hit), math.sqrt(var)


def expected_sheet(variant: Variant) -> dict[str, tuple[Fraction, Fraction, float]]:
    """Every wager's (house edge, hit frequency, std dev), from the independent methods."""
    if variant is Variant.SIX_DICE:
        first, pip, like = six_dice_brute_force(), PIP_6, LIKE_6
    else:
        first, pip, like = ten_dice_generating_functions(), PIP_10, LIKE_10
    faces, counts = faces_of(first), counts_of(first)
    out: dict[str, tuple[Fraction, Fraction, float]] = {}
    for face, odds in pip.items():
        p = faces[face]
        out[f"pip_street:{NAMES[face]}"] = figures([(p, odds, True), (1 - p, F(-1), False)])
    for t, odds in like.items():
        p = counts.get(t, F(0))
        name = "no_match" if variant is Variant.SIX_DICE and t == 1 else str(t)
        out[f"like_kind:{name}"] = figures([(p, odds, True), (1 - p, F(-1), False)])
    if variant is Variant.SIX_DICE:
        return out
    extra = EXTRA_2014 if variant is Variant.TEN_DICE_2014 else EXTRA_2016
    for t, odds in like.items():
        first_win = counts[t]
        later_win = F(0)
        if t in extra:
            for c, p in counts.items():
                if c < t:
                    later_win += p * rethrow_convolution(10 - c).get(t - c, F(0))
        lost = 1 - first_win - later_win
        # two units staked: the circle and the Extra Roll (always lost)
        outcomes = [(first_win, (odds - 1) / 2, True), (lost, F(-1), False)]
        if t in extra:
            outcomes.append((later_win, (extra[t] - 1) / 2, True))
        out[f"like_kind_extra_roll:{t}"] = figures(outcomes)
    for t, prize in MILLIONAIRE.items():
        p = counts[t]
        out[f"millionaire_row:{t}"] = figures([(p, prize, True), (1 - p, F(-1), False)])
    return out


def sheet_of(variant: Variant) -> ParSheet:
    return par_sheet(HighRollDiceRules(variant=variant))


# --- the distributions --------------------------------------------------------------------
def test_six_dice_first_roll_matches_brute_force() -> None:
    assert first_roll_distribution(6) == six_dice_brute_force()


def test_ten_dice_first_roll_matches_generating_functions() -> None:
    assert first_roll_distribution(10) == ten_dice_generating_functions()


def test_ten_dice_first_roll_matches_every_pair_of_half_throws() -> None:
    assert ten_dice_half_throws() == ten_dice_generating_functions()


@pytest.mark.parametrize("dice", [6, 10])
def test_first_roll_probabilities_sum_to_one(dice: int) -> None:
    assert sum(first_roll_distribution(dice).values()) == 1
    assert sum(count_distribution(dice).values()) == 1


def test_hand_counted_probabilities() -> None:
    counts = count_distribution(10)
    assert counts[10] == F(6, TEN_DICE)  # six faces
    assert counts[9] == F(300, TEN_DICE)  # 6 faces x 5 odd faces x 10 places for the odd die
    # at most two of any face: (2,2,2,2,1,1) or (2,2,2,2,2,0)
    assert counts[2] == F(15 * 3_628_800 // 2**4 + 6 * 3_628_800 // 2**5, TEN_DICE)
    assert min(counts) == 2  # ten dice on six faces always pair up
    six = count_distribution(6)
    assert six[1] == F(720, 6**6)  # no match: all six faces, 6! orders
    assert six[6] == F(6, 6**6)
    # a throw with no match has every face, so the ace wins it (675a.2(d))
    assert first_roll_distribution(6)[1, 1] == F(720, 6**6)


@pytest.mark.parametrize("first_count", range(2, 11))
def test_extra_roll_matches_convolution(first_count: int) -> None:
    expected = {first_count + k: p for k, p in rethrow_convolution(10 - first_count).items()}
    assert extra_roll_distribution(first_count) == expected
    assert sum(expected.values()) == 1


@pytest.mark.parametrize("rethrown", range(5))
def test_extra_roll_matches_brute_force(rethrown: int) -> None:
    face = 6
    tally = Counter(throw.count(face) for throw in product(range(1, 7), repeat=rethrown))
    expected = {10 - rethrown + k: F(n, 6**rethrown) for k, n in tally.items()}
    assert extra_roll_distribution(10 - rethrown) == expected


# --- every wager of every variant ---------------------------------------------------------
@pytest.mark.parametrize("variant", list(Variant))
def test_every_wager_matches_independent_figures(variant: Variant) -> None:
    sheet = sheet_of(variant)
    expected = expected_sheet(variant)
    assert {w.wager for w in sheet.wagers} == set(expected)
    for wager in sheet.wagers:
        edge, hit, std = expected[wager.wager]
        assert wager.house_edge == edge, wager.wager
        assert wager.expected_return == -edge, wager.wager
        assert wager.hit_frequency == hit, wager.wager
        assert wager.std_dev == pytest.approx(std, rel=1e-12), wager.wager
        assert wager.method == "exact"
        assert sum(o.probability for o in wager.outcomes) == 1


@pytest.mark.parametrize("variant", list(Variant))
def test_outcomes_reproduce_the_figures(variant: Variant) -> None:
    for wager in sheet_of(variant).wagers:
        rebuilt = WagerFigures.from_outcomes(wager.wager, wager.outcomes)
        assert rebuilt.house_edge == wager.house_edge
        assert rebuilt.std_dev == pytest.approx(float(wager.variance) ** 0.5)
        assert wager.max_win == max(o.net for o in wager.outcomes)


def test_millionaire_row_by_hand() -> None:
    sheet = sheet_of(Variant.TEN_DICE)
    nine, ten = sheet.wager("millionaire_row:9"), sheet.wager("millionaire_row:10")
    assert ten.house_edge == 1 - F(6 * 1_000_001, TEN_DICE)
    assert nine.house_edge == 1 - F(300 * 50_001, TEN_DICE)
    assert ten.hit_frequency == F(6, TEN_DICE)
    assert nine.max_win == 50_000
    assert ten.max_win == 1_000_000


def test_pip_street_ace_and_six_by_value() -> None:
    sheet = sheet_of(Variant.TEN_DICE)
    # the two lowest Pip Street edges of ten dice: 46603/2519424 and 149801/10077696
    assert float(sheet.wager("pip_street:ace").house_edge) == pytest.approx(0.0184975, abs=1e-7)
    assert float(sheet.wager("pip_street:six").house_edge) == pytest.approx(0.0148646, abs=1e-7)


def test_the_2014_rules_differ_only_on_the_extra_roll_three_of_a_kind() -> None:
    new, old = sheet_of(Variant.TEN_DICE), sheet_of(Variant.TEN_DICE_2014)
    differ = {w.wager for w in new.wagers if w.outcomes != old.wager(w.wager).outcomes}
    assert differ == {"like_kind_extra_roll:3"}
    # 8 to 1 instead of 6 to 1 when circle 3 is held (a first-roll pair) and exactly one of
    # the eight rethrown dice matches: two more units, over the two units staked
    gain = new.wager("like_kind_extra_roll:3").house_edge
    gain -= old.wager("like_kind_extra_roll:3").house_edge
    held_then_three = counts_of(ten_dice_generating_functions())[2] * F(8 * 5**7, 6**8)
    assert gain == held_then_three * (8 - 6) / 2


@pytest.mark.parametrize("variant", [Variant.TEN_DICE, Variant.TEN_DICE_2014])
def test_one_extra_roll_shared_by_several_circles(variant: Variant) -> None:
    rules = HighRollDiceRules(variant=variant)
    expected = expected_sheet(variant)
    for circles in (range(3, 9), range(2, 9)):
        bundle = like_kind_bundle_figures(rules, circles, extra_roll=True)
        # each circle with its own Extra Roll returns -2 * edge; the shared roll costs one unit
        # once instead of once per circle
        per_circle = sum(-2 * expected[f"like_kind_extra_roll:{t}"][0] + 1 for t in circles)
        assert bundle.expected_return * bundle.units_staked == per_circle - 1
        assert bundle.units_staked == len(circles) + 1
        plain = like_kind_bundle_figures(rules, circles, extra_roll=False)
        assert plain.expected_return * len(circles) == sum(
            -expected[f"like_kind:{t}"][0] for t in circles
        )
        assert bundle.house_edge < plain.house_edge
    shared = like_kind_bundle_figures(rules, range(3, 9), extra_roll=True)
    notes = " ".join(sheet_of(variant).notes)
    assert f"{shared.house_edge.numerator}/{shared.house_edge.denominator}" in notes


# --- the command line ---------------------------------------------------------------------
WAGER_KEYS = {
    "wager",
    "house_edge",
    "house_edge_exact",
    "return",
    "return_exact",
    "hit_frequency",
    "hit_frequency_exact",
    "std_dev",
    "method",
    "outcomes",
    "max_win",
    "strategy",
}


@pytest.mark.parametrize("variant", list(Variant))
def test_cli_json_for_each_variant(variant: Variant) -> None:
    result = CliRunner().invoke(
        app, ["analyze", "high-roll-dice", "--variant", str(variant), "--json"]
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["game"] == "high-roll-dice"
    assert document["variant"] == str(variant)
    assert isinstance(document["notes"], list) and document["notes"]
    expected = expected_sheet(variant)
    assert [w["wager"] for w in document["wagers"]] == [w.wager for w in sheet_of(variant).wagers]
    for wager in document["wagers"]:
        assert set(wager) >= WAGER_KEYS
        edge, hit, std = expected[wager["wager"]]
        assert F(wager["house_edge_exact"]) == edge
        assert F(wager["hit_frequency_exact"]) == hit
        assert wager["house_edge"] == pytest.approx(float(edge), rel=1e-12)
        assert 0 < wager["house_edge"] < 1  # a fraction, not a percentage
        assert wager["hit_frequency"] == pytest.approx(float(hit), rel=1e-12)
        assert wager["std_dev"] == pytest.approx(std, rel=1e-12)
        assert wager["method"] == "exact"
        assert sum(F(o["probability_exact"]) for o in wager["outcomes"]) == 1


def test_cli_table_by_default() -> None:
    result = CliRunner().invoke(app, ["analyze", "high-roll-dice"])
    assert result.exit_code == 0, result.output
    # Each wager as the layout names it, not its par sheet key (pip_street:ace).
    for text in ("Wager", "House edge", "Pip Street ace", "Millionaire Row 10", "1.8497%"):
        assert text in result.stdout
    assert "pip_street" not in result.stdout and "millionaire_row" not in result.stdout


def test_cli_unknown_game() -> None:
    result = CliRunner().invoke(app, ["analyze", "roulette"])
    assert result.exit_code == 2
    assert "unknown game 'roulette'" in result.stderr
    assert "high-roll-dice" in result.stderr


def test_cli_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('game = "high-roll-dice"\nvariant = "six_dice"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", "high-roll-dice", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["variant"] == "six_dice"
    assert document["rules_sha256"] == HighRollDiceRules(variant=Variant.SIX_DICE).sha256()
    override = CliRunner().invoke(
        app,
        ["analyze", "high-roll-dice", "--rules", str(path), "--variant", "ten_dice", "--json"],
    )
    assert override.exit_code == 0, override.output
    assert json.loads(override.stdout)["variant"] == "ten_dice"


def test_cli_bad_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('game = "high-roll-dice"\nmillionaire_row_minimum = 500\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", "high-roll-dice", "--rules", str(path)])
    assert result.exit_code == 2
    assert "a Millionaire Row wager may not be more than $1" in result.stderr
    assert "675a.2(e)" in result.stderr
    missing = CliRunner().invoke(
        app, ["analyze", "high-roll-dice", "--rules", str(tmp_path / "none.toml")]
    )
    assert missing.exit_code == 2
    assert "none.toml" in missing.stderr
