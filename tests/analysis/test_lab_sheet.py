"""The lab sheet (croupier.analysis.lab_sheet): combination counts checked against dice
enumerated here, card counts worked by hand, "1 in N" by hand, the bet-mix hold as the
weighted sum by hand, and the CSV and XLSX exports read back."""

from __future__ import annotations

import csv
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from croupier.analysis.exact import criss_cross_poker, go_fore_it
from croupier.analysis.lab_export import SAFE_INTEGER, write_csv, write_xlsx
from croupier.analysis.lab_sheet import (
    HOLD_PER_INITIAL,
    HOLD_PER_TOTAL,
    LabSheet,
    LabWager,
    MixError,
    lab_sheet,
    lab_wager,
    mix_hold,
    parse_mix,
)
from croupier.analysis.par_sheet import Enumeration, ParSheet
from croupier.cli.analyze import _par_sheet, _with_variant

DICE_FACES = range(1, 7)


def lab(game: str, variant: str | None = None, mix: str | None = None) -> LabSheet:
    sheet = _par_sheet(game, None, variant)
    return lab_sheet(sheet, _with_variant(game, None, variant), parse_mix(mix) if mix else None)


def counts_by_label(wager: LabWager) -> dict[str, int]:
    return {line.label: line.count for line in wager.outcomes if line.count is not None}


def wager_of(sheet: LabSheet, name: str) -> LabWager:
    return next(w for w in sheet.wagers if w.figures.wager == name)


@pytest.fixture(scope="module")
def sic_bo() -> LabSheet:
    return lab("sic-bo")


@pytest.fixture(scope="module")
def craps() -> LabSheet:
    return lab("craps")


def test_every_wager_counts_sum_to_its_total_and_probabilities_to_one(
    sic_bo: LabSheet, craps: LabSheet
) -> None:
    for sheet in (sic_bo, craps, lab("high-roll-dice"), lab("go-fore-it")):
        for wager in sheet.wagers:
            assert wager.basis is not None
            counts = [line.count for line in wager.outcomes]
            assert sum(c for c in counts if c is not None) == wager.basis.total
            assert sum(line.probability for line in wager.outcomes) == 1
            assert sum(line.probability for line in wager.payouts) == 1
            assert sum(line.count or 0 for line in wager.payouts) == wager.basis.total
            for line in wager.outcomes:
                assert Fraction(line.count or 0, wager.basis.total) == line.probability


def _sic_bo_wins(spot: str, dice: tuple[int, int, int]) -> bool:
    """Whether ``spot`` wins on ``dice``, by the layout's plain rules (625a.3)."""
    kind, _, tail = spot.partition(":")
    total, triple = sum(dice), len(set(dice)) == 1
    if kind == "small":
        return 4 <= total <= 10 and not triple
    if kind == "big":
        return 11 <= total <= 17 and not triple
    if kind == "three_of_a_kind":
        return dice == (int(tail),) * 3
    if kind == "any_three_of_a_kind":
        return triple
    if kind == "two_of_a_kind":
        return dice.count(int(tail)) >= 2
    if kind == "total":
        return total == int(tail)
    if kind == "combination":
        low, high = (int(face) for face in tail.split("-"))
        return low in dice and high in dice
    raise AssertionError(spot)


def test_sic_bo_counts_are_the_dice_enumerated_here(sic_bo: LabSheet) -> None:
    shakes = list(product(DICE_FACES, repeat=3))
    assert len(shakes) == 216
    for wager in sic_bo.wagers:
        assert wager.basis == Enumeration(216, wager.basis.what)
        spot = wager.figures.wager
        if spot.startswith("one_of_a_kind:"):  # paid per matching die: 0, 1, 2 or 3
            face = int(spot.partition(":")[2])
            by_matches = Counter(shake.count(face) for shake in shakes)
            assert [line.count for line in wager.payouts] == [by_matches[k] for k in range(4)]
            continue
        wins = sum(_sic_bo_wins(spot, shake) for shake in shakes)
        hit = [line.count for line in wager.outcomes if line.hit]
        assert hit == [wins], spot
    # by hand: a given triple 1 way in 216, any triple 6 ways (1 in 36), small 105 ways
    triple = wager_of(sic_bo, "three_of_a_kind:4").outcomes
    assert [line.one_in for line in triple if line.hit] == [216]
    assert [
        line.one_in for line in wager_of(sic_bo, "any_three_of_a_kind").outcomes if line.hit
    ] == [36]
    assert [line.count for line in wager_of(sic_bo, "small").outcomes if line.hit] == [105]


def test_craps_counts_are_the_dice_enumerated_here(craps: LabSheet) -> None:
    throws = [a + b for a, b in product(DICE_FACES, repeat=2)]
    ways = Counter(throws)
    for wager in craps.wagers:
        assert wager.basis is not None
        if wager.basis.total == 36:  # one roll: "win: N" / "lose: N" over the 36 throws
            for line in wager.outcomes:
                assert line.count == ways[int(line.label.split(": ")[1])], line.label
    place_4 = counts_by_label(wager_of(craps, "place:4"))
    assert place_4 == {"win: 4": ways[4], "lose: 7": ways[7]}  # 3 and 6 of 9
    hard_6 = counts_by_label(wager_of(craps, "hard:6"))
    assert hard_6 == {"win: 6 the hard way": 1, "lose: 6 easy": 4, "lose: 7": 6}
    assert wager_of(craps, "hard:6").basis == Enumeration(11, wager_of(craps, "hard:6").basis.what)
    # the pass line, by hand over 1980: wins 976 (the classic 244/495), loses 1004;
    # 1980 is the least common denominator, so the counts are weights, and said so
    passes = wager_of(craps, "pass")
    assert passes.basis is not None and passes.basis.total == 1980
    assert not passes.basis.equally_likely and "weights" in passes.basis.what
    assert sum(line.count or 0 for line in passes.outcomes if line.hit) == 976
    assert sum(line.count or 0 for line in passes.outcomes if not line.hit) == 1004
    twelve = next(line for line in wager_of(craps, "twelve").outcomes if line.hit)
    assert twelve.one_in == 36 and twelve.count == 1


def _winner(dice: tuple[int, ...]) -> tuple[int, int]:
    """The winning face of a High Roll Dice throw and its count: most dice, ties to the
    higher rank, ace (1) ranking above six (675a.2(d))."""
    counts = Counter(dice)
    rank = {face: face for face in range(2, 7)} | {1: 7}
    face = max(counts, key=lambda f: (counts[f], rank[f]))
    return face, counts[face]


def test_high_roll_dice_six_dice_counts_are_the_throws_enumerated_here() -> None:
    sheet = lab("high-roll-dice", "six_dice")
    throws = [_winner(throw) for throw in product(DICE_FACES, repeat=6)]
    assert len(throws) == 6**6
    faces = Counter(face for face, _ in throws)
    sizes = Counter(count for _, count in throws)
    names = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    for face, name in names.items():
        wager = wager_of(sheet, f"pip_street:{name}")
        assert wager.basis is not None and wager.basis.total == 6**6
        assert [line.count for line in wager.outcomes if line.hit] == [faces[face]]
    for wager in sheet.wagers:
        kind, _, tail = wager.figures.wager.partition(":")
        if kind == "like_kind" and tail.isdigit():
            assert [line.count for line in wager.outcomes if line.hit] == [sizes[int(tail)]]


def test_high_roll_dice_ten_dice_by_hand() -> None:
    sheet = lab("high-roll-dice")
    ten = wager_of(sheet, "millionaire_row:10")
    nine = wager_of(sheet, "millionaire_row:9")
    assert ten.basis is not None and ten.basis.total == 6**10
    # ten of a kind: 6 throws; nine of a kind: 6 faces x 10 places for the odd die x 5
    assert [line.count for line in ten.outcomes if line.hit] == [6]
    assert [line.count for line in nine.outcomes if line.hit] == [6 * 10 * 5]
    assert [line.one_in for line in ten.outcomes if line.hit] == [6**9]
    extra = wager_of(sheet, "like_kind_extra_roll:8")
    assert extra.basis is not None and extra.basis.total == 6**20


def test_card_games_by_hand() -> None:
    fore = lab("go-fore-it")
    gopher = wager_of(fore, "gopher:a")
    assert gopher.basis is not None and gopher.basis.total == comb(52, 4)
    # four aces: one hand of C(52, 4) = 270,725
    four_aces = min(gopher.outcomes, key=lambda line: line.probability)
    assert four_aces.count == 1 and four_aces.one_in == 270725
    front = wager_of(fore, "front_9")
    assert front.basis is not None and front.basis.total == comb(52, 2) * comb(50, 2)
    # the fold count: every start the optimal strategy folds times the C(50, 2) hole pairs
    folded = sum(
        row.probability * comb(52, 2) for row in go_fore_it.strategy() if row.decision == "fold"
    )
    fold = next(line for line in front.outcomes if line.label.startswith("fold"))
    assert fold.count == folded * comb(50, 2)
    # Criss-Cross Poker's Five Card Bonus over C(52, 5): the hand-rank counts every poker
    # table prints
    bonus_sheet = ParSheet("criss-cross-poker", None, (criss_cross_poker.bonus_figures(),))
    bonus = lab_wager(bonus_sheet, bonus_sheet.wagers[0], None)
    assert bonus.basis is not None and bonus.basis.total == 2598960
    counts = counts_by_label(bonus)
    assert counts["royal_flush"] == 4
    assert counts["straight_flush"] == 36
    assert counts["four_of_a_kind"] == 13 * 48
    assert counts["full_house"] == 13 * 4 * 12 * 6
    dbj = lab("double-back-jack")
    insurance = wager_of(dbj, "insurance")
    assert counts_by_label(insurance) == {"ten-value hole card": 96, "any other hole card": 215}
    assert wager_of(dbj, "blackjack").basis is None  # approximate figures: no counts
    assert all(line.count is None for line in wager_of(dbj, "blackjack").outcomes)


def test_a_wrong_declared_enumeration_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.analysis.exact import sic_bo

    monkeypatch.setattr(sic_bo, "enumeration", lambda figures, rules: Enumeration(100, "wrong"))
    with pytest.raises(ValueError, match="not a whole number of the 100 combinations"):
        lab("sic-bo")


# --- the bet mix -------------------------------------------------------------------------------
PASS_EDGE = 1 - 2 * Fraction(244, 495)
"""The pass line: wins 244/495 (976/1980) at even money."""
FIELD_EDGE = -(Fraction(14, 36) + Fraction(2 * 2, 36) - Fraction(20, 36))
"""The field: 3, 4, 9, 10, 11 (14 ways) even money, 2 and 12 (one way each) 2 to 1, 5 to 8
(20 ways) lose."""


def test_craps_bet_mix_hold_is_the_weighted_sum_by_hand() -> None:
    sheet = lab("craps", mix="pass=0.6,come=0.2,field=0.2")
    assert sheet.mix is not None
    assert Fraction(7, 495) == PASS_EDGE and Fraction(1, 18) == FIELD_EDGE
    by_hand = (
        Fraction(6, 10) * PASS_EDGE + Fraction(2, 10) * PASS_EDGE + Fraction(2, 10) * FIELD_EDGE
    )
    assert sheet.mix.per_initial == by_hand == Fraction(37, 1650)
    assert sheet.mix.per_total == by_hand  # nothing added to the stake
    assert sheet.mix.exact
    # weights on any scale: 3:1:1 is the same mix
    assert lab("craps", mix="pass=3,come=1,field=1").mix == sheet.mix


def test_go_fore_it_mix_per_total_counts_the_back_9() -> None:
    sheet = lab("go-fore-it", mix="front_9=1/2,gopher:a=1/2")
    assert sheet.mix is not None
    front = wager_of(sheet, "front_9").figures.house_edge
    gopher = wager_of(sheet, "gopher:a").figures.house_edge
    back_9 = go_fore_it.back_9_probability()
    assert sheet.mix.per_initial == (front + gopher) / 2
    # per unit of all money wagered: the Back 9 Wager (one more unit, when made) counts
    assert sheet.mix.per_total == (front + gopher) / ((1 + back_9) + 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pass", "is not WAGER=WEIGHT"),
        ("pass=0.5,", "is not WAGER=WEIGHT"),
        ("pass=abc", "'abc' of pass is not a number"),
        ("pass=0", "a weight must be positive"),
        ("pass=-1", "a weight must be positive"),
        ("pass=1,pass=2", "names pass twice"),
    ],
)
def test_a_bad_mix_is_refused_naming_what(text: str, message: str) -> None:
    with pytest.raises(MixError, match=message):
        parse_mix(text)


def test_a_mix_of_an_unknown_wager_names_the_wagers(sic_bo: LabSheet) -> None:
    with pytest.raises(MixError, match=r"no wager pass .*its wagers: small, big"):
        mix_hold(sic_bo.sheet, {"pass": Fraction(1)})


def test_parse_mix_reads_decimals_exactly() -> None:
    assert parse_mix("pass=0.1,field=1/3") == {"pass": Fraction(1, 10), "field": Fraction(1, 3)}


# --- exports -----------------------------------------------------------------------------------
def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_csv_read_back(tmp_path: Path, craps: LabSheet) -> None:
    sheet = lab("craps", mix="pass=0.6,come=0.2,field=0.2")
    paths = write_csv(sheet, tmp_path)
    assert sorted(path.name for path in paths) == [
        f"craps-{name}.csv" for name in ("about", "mix", "outcomes", "payouts", "wagers")
    ]
    outcomes = _read_csv(tmp_path / "craps-outcomes.csv")
    totals: dict[str, int] = {}
    sums: Counter[str] = Counter()
    for row in outcomes:
        probability = Fraction(row["probability exact"])
        assert Fraction(int(row["combinations"]), int(row["of total"])) == probability
        assert Fraction(row["1 in N exact"]) == 1 / probability
        totals[row["wager"]] = int(row["of total"])
        sums[row["wager"]] += int(row["combinations"])
    assert dict(sums) == totals
    assert totals["pass"] == 1980 and totals["field"] == 36
    mix = {row["wager"]: row for row in _read_csv(tmp_path / "craps-mix.csv")}
    assert Fraction(mix[HOLD_PER_INITIAL]["house edge exact"]) == Fraction(37, 1650)
    assert Fraction(mix[HOLD_PER_TOTAL]["house edge exact"]) == Fraction(37, 1650)
    payouts = [row for row in _read_csv(tmp_path / "craps-payouts.csv") if row["wager"] == "field"]
    assert [(row["net exact"], int(row["combinations"])) for row in payouts] == [
        ("-1/1", 20),
        ("1/1", 14),
        ("2/1", 2),
    ]


def test_xlsx_opened_with_openpyxl(tmp_path: Path, craps: LabSheet) -> None:
    path = write_xlsx(craps, tmp_path)
    assert path == tmp_path / "craps.xlsx"
    book = load_workbook(path, read_only=True)
    assert book.sheetnames == ["wagers", "outcomes", "payouts", "about"]
    rows: list[tuple[Any, ...]] = list(book["outcomes"].iter_rows(values_only=True))
    heading = rows[0]
    column = {name: index for index, name in enumerate(heading)}
    found = {}
    for row in rows[1:]:
        count = row[column["combinations"]]
        total = row[column["of total"]]
        if isinstance(total, str):  # beyond 2**53: written as text, every digit kept
            assert int(total) >= SAFE_INTEGER
        found[(row[column["wager"]], row[column["outcome"]])] = (int(count), int(total))
    assert found[("field", "win: 2")] == (1, 36)
    assert found[("hard:4", "win: 4 the hard way")] == (1, 9)
    fire = [key for key in found if key[0] == "fire_bet"]
    assert fire and all(found[key][1] >= SAFE_INTEGER for key in fire)  # text, read back whole
    wagers = list(book["wagers"].iter_rows(values_only=True))
    assert wagers[0][0] == "wager" and len(wagers) == len(craps.wagers) + 1
