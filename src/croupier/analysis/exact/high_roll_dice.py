"""Exact figures for High Roll Dice (58 Pa. Code ch. 675a, 675a.6 and ch. 593).

Every figure is an exact :class:`~fractions.Fraction`, from two distributions:

- the **first roll** (675a.2(e)(1)-(2), 675a.4(d)): over the ``C(n + 5, 5)`` count
  vectors of ``n`` dice, each weighted by its multinomial number of throws out of
  ``6**n``, the winning face (most dice, ties to the higher rank of 675a.2(d)) and
  its count;
- the **Extra Roll** (675a.4(g)-(h)): the ``10 - c`` non-matching dice are thrown
  again and the final count is ``c`` plus those showing the winning face, so
  ``final - c`` is Binomial(``10 - c``, 1/6).

Wagers, named as the engine names their spots, every figure per unit staked:

- ``pip_street:<face>`` (675a.5(a), 675a.6(j), 593.5(a));
- ``like_kind:<t>`` without an Extra Roll, settled on the first roll (675a.4(f)(2)(i),
  675a.5(b), 675a.6(k), 593.5(b)); ``like_kind:no_match`` on six dice;
- ``like_kind_extra_roll:<t>``: one unit on circle ``t`` and an Extra Roll bought for
  one unit (675a.2(e)(3), 675a.4(a)), two units staked; the circle is paid at the
  first-roll odds if the first roll makes ``t``, lost if it makes more, otherwise held
  and paid at the Extra Roll odds (675a.5(d), 593.5(d)) if the final count is ``t``;
- ``millionaire_row:<9|10>``: a $1 wager winning the fixed prize of 675a.5(c) if the
  first roll makes exactly nine (ten) of a kind.

Payout rounding to cents and the aggregate payout limit are not applied: the
figures are those of the odds themselves (see the par sheet's notes).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb, lcm

from croupier.analysis.par_sheet import (
    Enumeration,
    OutcomeFigures,
    ParSheet,
    WagerFigures,
    exact_text,
    percent,
)
from croupier.equipment.dice import (
    FACE_NAMES,
    FACES,
    arrangements,
    count_vectors,
    winner_of_counts,
)
from croupier.games.high_roll_dice import like_kind_spot, millionaire_row_spot, pip_street_spot
from croupier.money import Rounding, format_cents, format_odds
from croupier.rules.high_roll_dice import NO_MATCH, HighRollDiceRules

GAME = "high-roll-dice"
EXTRA_ROLL_WAGER = "like_kind_extra_roll"


# --- distributions -------------------------------------------------------------------
@cache
def _first_roll(dice: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    weights: dict[tuple[int, int], int] = {}
    for counts in count_vectors(dice):
        key = winner_of_counts(counts)
        weights[key] = weights.get(key, 0) + arrangements(counts)
    total = 6**dice
    return tuple((key, Fraction(weight, total)) for key, weight in sorted(weights.items()))


def first_roll_distribution(dice: int) -> dict[tuple[int, int], Fraction]:
    """The first roll of ``dice`` dice (10, or 6 under 675a.6(e)): ``(face, count)`` ->
    probability that ``face`` (1 = ace .. 6) is the winning face with ``count`` dice,
    ties going to the higher rank (675a.2(d), 675a.2(e)(1), 675a.4(d)).

    Exact: every count vector weighted by its multinomial number of throws out of
    ``6**dice``. Only possible pairs appear; the probabilities sum to one.
    """
    return dict(_first_roll(dice))


def face_distribution(dice: int) -> dict[int, Fraction]:
    """Face (1..6) -> probability that it is the winning face of the first roll
    (the Pip Street result, 675a.2(e)(1))."""
    result = dict.fromkeys(FACES, Fraction(0))
    for (face, _), probability in _first_roll(dice):
        result[face] += probability
    return result


def count_distribution(dice: int) -> dict[int, Fraction]:
    """Count -> probability that the most matching dice of the first roll number
    ``count`` (the Like Kind result, 675a.2(e)(2); 1 is "no match" on six dice,
    675a.6(d)(2))."""
    result: dict[int, Fraction] = {}
    for (_, count), probability in _first_roll(dice):
        result[count] = result.get(count, Fraction(0)) + probability
    return dict(sorted(result.items()))


def extra_roll_distribution(first_count: int, dice: int = 10) -> dict[int, Fraction]:
    """The Extra Roll (675a.4(g)-(h)): final count -> probability, given the first
    roll's count ``first_count`` of ``dice`` dice.

    The ``dice - first_count`` non-matching dice are thrown again; each shows the
    winning face with probability 1/6, so the final count is ``first_count`` plus a
    Binomial(``dice - first_count``, 1/6).
    """
    if not 0 <= first_count <= dice:
        raise ValueError(f"a first-roll count is 0 to {dice}, not {first_count}")
    rethrown = dice - first_count
    return {
        first_count + extra: Fraction(comb(rethrown, extra) * 5 ** (rethrown - extra), 6**rethrown)
        for extra in range(rethrown + 1)
    }


def extra_roll_hit(rules: HighRollDiceRules, circle: int) -> Fraction:
    """The probability that a Like Kind wager on ``circle``, held for the Extra Roll,
    wins on it: the first roll makes fewer than ``circle`` and the final count is
    ``circle`` (675a.4(f)(2)(ii), 675a.4(h)). Zero where ``circle`` is not on the
    Extra Roll paytable."""
    extra = _extra_odds(rules)
    if circle not in extra:
        return Fraction(0)
    return sum(
        (
            p * extra_roll_distribution(count, rules.dice).get(circle, Fraction(0))
            for count, p in count_distribution(rules.dice).items()
            if count < circle
        ),
        Fraction(0),
    )


def extra_roll_value(rules: HighRollDiceRules, circle: int) -> Fraction:
    """What the Extra Roll adds to the expected result of one unit on ``circle``, in
    units: a held wager that would have lost one unit instead wins the Extra Roll
    odds, ``P(held and final == circle) * (odds + 1)`` (675a.5(d), 593.5(d)). An Extra
    Roll costs one unit and serves every circle of the player at once."""
    extra = _extra_odds(rules)
    if circle not in extra:
        return Fraction(0)
    return extra_roll_hit(rules, circle) * (extra[circle] + 1)


def _extra_odds(rules: HighRollDiceRules) -> dict[int, Fraction]:
    extra = rules.extra_roll_odds
    if extra is None:
        raise ValueError(
            f"the {rules.variant} rules have no Extra Roll ({rules.sections.like_kind})"
        )
    return extra


def _count_name(count: int) -> str:
    return "no match" if count == NO_MATCH else f"{count} of a kind"


# --- one wager -------------------------------------------------------------------------
def pip_street_figures(rules: HighRollDiceRules, face: int) -> WagerFigures:
    """``pip_street:<face>``: one unit that ``face`` (1 = ace .. 6) is the winning face
    of the first roll, paid at the Pip Street odds (675a.5(a), 675a.6(j), 593.5(a))."""
    odds = rules.pip_street_odds[face]
    p = face_distribution(rules.dice)[face]
    name = FACE_NAMES[face]
    return WagerFigures.from_outcomes(
        pip_street_spot(face),
        [
            OutcomeFigures(f"{name} has the most matches", p, odds, hit=True),
            OutcomeFigures("another face has the most matches", 1 - p, Fraction(-1), hit=False),
        ],
        description=f"Pip Street {name}, {format_odds(odds)} ({rules.sections.pip_street_odds})",
    )


def like_kind_figures(rules: HighRollDiceRules, circle: int) -> WagerFigures:
    """``like_kind:<circle>``: one unit on a Like Kind circle, no Extra Roll: wins the
    Like Kind odds if the first roll's count is ``circle`` (675a.4(f)(2)(i), 675a.5(b),
    675a.6(k), 593.5(b)). ``circle`` 1 is six dice's "no match"."""
    odds = rules.like_kind_odds[circle]
    p = count_distribution(rules.dice).get(circle, Fraction(0))
    name = _count_name(circle)
    return WagerFigures.from_outcomes(
        like_kind_spot(circle),
        [
            OutcomeFigures(f"first roll {name}", p, odds, hit=True),
            OutcomeFigures("any other count", 1 - p, Fraction(-1), hit=False),
        ],
        description=f"Like Kind {name}, {format_odds(odds)} ({rules.sections.like_kind_odds})",
    )


def like_kind_extra_roll_figures(rules: HighRollDiceRules, circle: int) -> WagerFigures:
    """``like_kind_extra_roll:<circle>``: one unit on ``circle`` plus an Extra Roll bought
    for one unit (two units staked; every figure per unit staked).

    The Extra Roll unit is always lost (675a.4(a)). The circle wins the first-roll odds
    if the first roll makes ``circle`` (675a.4(f)(2)(ii), 675a.5(b)); loses if it makes
    more; is otherwise held and wins the Extra Roll odds if the final count is
    ``circle`` (675a.4(h), 675a.5(d), 593.5(d)), not paid twice for one count.
    """
    extra = _extra_odds(rules)
    odds = rules.like_kind_odds[circle]
    counts = count_distribution(rules.dice)
    first = counts.get(circle, Fraction(0))
    later = extra_roll_hit(rules, circle)
    half = Fraction(1, 2)
    outcomes = [OutcomeFigures(f"first roll {circle} of a kind", first, (odds - 1) * half, True)]
    if circle in extra:
        outcomes.append(
            OutcomeFigures(
                f"held, Extra Roll makes {circle} of a kind",
                later,
                (extra[circle] - 1) * half,
                True,
            )
        )
    outcomes.append(OutcomeFigures("circle lost", 1 - first - later, Fraction(-1), False))
    extra_text = f", Extra Roll {format_odds(extra[circle])}" if circle in extra else ""
    return WagerFigures.from_outcomes(
        f"{EXTRA_ROLL_WAGER}:{circle}",
        outcomes,
        units_staked=2,
        description=(
            f"Like Kind {circle} of a kind {format_odds(odds)}{extra_text}, with an Extra "
            f"Roll bought for it ({rules.sections.extra_roll}; {rules.sections.extra_roll_odds})"
        ),
    )


def millionaire_row_figures(rules: HighRollDiceRules, count: int) -> WagerFigures:
    """``millionaire_row:<count>``: a $1 wager that the first roll makes exactly
    ``count`` (9 or 10) of a kind, winning the fixed prize of 675a.5(c) / 593.5(c)
    with the stake returned. A smaller wager wins in proportion: the same figures
    per unit."""
    prizes = rules.millionaire_row_prizes
    if prizes is None:
        raise ValueError(f"the {rules.variant} rules have no Millionaire Row")
    prize = prizes[count]
    win = Fraction(prize.amount, prize.for_wager)
    p = count_distribution(rules.dice).get(count, Fraction(0))
    return WagerFigures.from_outcomes(
        millionaire_row_spot(count),
        [
            OutcomeFigures(f"first roll {count} of a kind", p, win, hit=True),
            OutcomeFigures("any other count", 1 - p, Fraction(-1), hit=False),
        ],
        description=(
            f"Millionaire Row {count} of a kind, {format_cents(prize.amount)} for "
            f"{format_cents(prize.for_wager)} ({rules.sections.millionaire_row_prizes})"
        ),
    )


# --- several circles sharing one Extra Roll -------------------------------------------------
def like_kind_bundle_figures(
    rules: HighRollDiceRules, circles: Iterable[int], *, extra_roll: bool
) -> WagerFigures:
    """One unit on each Like Kind circle of ``circles``, and, if ``extra_roll``, one
    Extra Roll bought for one unit that serves them all (675a.2(e)(3), 675a.4(f)(2)(ii),
    675a.4(h)). Figures per unit staked (``len(circles) + extra_roll`` units); a hit is
    a round in which at least one circle wins. Wager name:
    ``like_kind:3+4+5+6+7+8`` with ``+extra_roll`` appended when bought."""
    chosen = sorted(set(circles))
    if not chosen:
        raise ValueError("a bundle needs at least one circle")
    for circle in chosen:
        if circle not in rules.like_kind_odds:
            raise ValueError(f"there is no Like Kind circle {circle} ({rules.sections.like_kind})")
    like = rules.like_kind_odds
    extra = _extra_odds(rules) if extra_roll else {}
    units = len(chosen) + (1 if extra_roll else 0)
    cost = Fraction(-1 if extra_roll else 0)
    outcomes: list[OutcomeFigures] = []
    for count, p in count_distribution(rules.dice).items():
        first = sum((like[c] if c == count else Fraction(-1) for c in chosen if c <= count), cost)
        held = [c for c in chosen if c > count and c in extra]
        lost = len([c for c in chosen if c > count and c not in extra])
        paid = count in chosen
        if not held:
            net = first - lost
            outcomes.append(
                OutcomeFigures(f"first roll {_count_name(count)}", p, net / units, paid)
            )
            continue
        for final, q in extra_roll_distribution(count, rules.dice).items():
            net = first - lost + sum(extra[c] if c == final else Fraction(-1) for c in held)
            outcomes.append(
                OutcomeFigures(
                    f"first roll {count} of a kind, Extra Roll makes {final}",
                    p * q,
                    net / units,
                    paid or final in held,
                )
            )
    name = "like_kind:" + "+".join(str(c) for c in chosen) + ("+extra_roll" if extra_roll else "")
    return WagerFigures.from_outcomes(
        name,
        outcomes,
        units_staked=units,
        description=(
            "one unit on each Like Kind circle "
            + ", ".join(str(c) for c in chosen)
            + (", one Extra Roll serving them all" if extra_roll else ", no Extra Roll")
        ),
    )


# --- the par sheet ---------------------------------------------------------------------------
def wager_figures(rules: HighRollDiceRules) -> list[WagerFigures]:
    """Every wager of the variant, in layout order: Pip Street (2 .. ace), Like Kind
    circles, Like Kind circles with the Extra Roll (ten dice), Millionaire Row (ten
    dice). Figures per unit staked."""
    figures = [pip_street_figures(rules, face) for face in FACES]
    figures += [like_kind_figures(rules, circle) for circle in sorted(rules.like_kind_odds)]
    if rules.extra_roll_odds is not None:
        figures += [
            like_kind_extra_roll_figures(rules, circle) for circle in sorted(rules.like_kind_odds)
        ]
    if rules.millionaire_row_prizes is not None:
        figures += [
            millionaire_row_figures(rules, count) for count in sorted(rules.millionaire_row_prizes)
        ]
    return figures


def _rounding_note(rules: HighRollDiceRules) -> str:
    odds = [*rules.pip_street_odds.values(), *rules.like_kind_odds.values()]
    odds += (rules.extra_roll_odds or {}).values()
    step = lcm(*(o.denominator for o in odds))
    fractional = ", ".join(sorted({format_odds(o) for o in odds if o.denominator != 1}))
    rounded = (
        "down, in the house's favour"
        if rules.payout_rounding is Rounding.DOWN
        else "up, in the player's favour"
    )
    return (
        f"Payout rounding is not applied: the odds of {fractional} pay whole cents only on "
        f"wagers that are multiples of {step} cents; on other wagers the Rules Submission "
        f"rounds {rounded}."
    )


def _notes(rules: HighRollDiceRules) -> list[str]:
    s = rules.sections
    notes = [
        "Every figure is per unit staked and exact (enumeration of every throw); "
        "house_edge is the expected loss per unit staked as a fraction (0.05 is 5%).",
        _rounding_note(rules),
    ]
    if rules.payout_limit is not None:
        notes.append(
            f"The aggregate payout limit of {format_cents(rules.payout_limit)} per player per "
            f"round ({s.payout_limit}) is not applied; it is at least the most one player can "
            "win at the table minimum, so it can bind only on larger wagers."
        )
    if rules.dice == 6:
        notes.append(
            "Six dice (675a.6): no Extra Roll and no Millionaire Row. like_kind:no_match is "
            "the circle for six different faces (675a.6(d)(2)); such a throw makes the ace "
            "the winning face for Pip Street."
        )
        return notes
    notes += _extra_roll_notes(rules)
    notes.append(
        "Millionaire Row figures are for a $1 wager (the most allowed, "
        f"{s.millionaire_row}); a smaller wager wins the prize in proportion, the same "
        "figures per unit. Its fixed prizes count toward no payout limit."
    )
    return notes


def _extra_roll_notes(rules: HighRollDiceRules) -> list[str]:
    """What the Extra Roll costs and is worth, to one circle and to several."""
    s = rules.sections
    extra = _extra_odds(rules)
    notes: list[str] = []
    notes.append(
        f"like_kind_extra_roll:<t> is one unit on circle t plus an Extra Roll bought for one "
        f"unit ({s.extra_roll}): two units staked, figures per unit staked. The Extra Roll "
        f"unit goes to the table inventory and is never returned ({s.no_more_bets}); circle t "
        f"is paid at the first-roll odds if the first roll makes t ({s.hold_like_kind}), and "
        f"otherwise, if held, at the Extra Roll odds on a final count of t ({s.settle_extra_roll})."
    )
    notes.append(
        "like_kind_extra_roll:2: circle 2 can never be held (the first roll of ten dice "
        "always makes at least two of a kind, and the Extra Roll pays no 2), so the Extra "
        "Roll only costs it a unit."
    )
    values = {t: extra_roll_value(rules, t) for t in sorted(extra)}
    notes.append(
        "Value of the Extra Roll to one unit on each circle (expected units it adds): "
        + "; ".join(f"{t}: {float(v):.6f} ({exact_text(v)})" for t, v in values.items())
        + f". Their sum over circles 3..8 is {float(sum(values.values())):.6f} units."
    )
    bundle_plain = like_kind_bundle_figures(rules, range(3, 9), extra_roll=False)
    bundle_extra = like_kind_bundle_figures(rules, range(3, 9), extra_roll=True)
    full_extra = like_kind_bundle_figures(rules, range(2, 9), extra_roll=True)
    single = {t: like_kind_extra_roll_figures(rules, t).house_edge for t in range(3, 9)}
    notes.append(
        f"One Extra Roll serves every circle of the player ({s.extra_roll}, "
        f"{s.hold_like_kind}): its one-unit price is paid once, and each held circle gets "
        "the value above. "
        + (
            "Bought for a single circle it costs 1 unit for a value below 1 "
            if all(v < 1 for v in values.values())
            else "Bought for a single circle "
        )
        + "(house edge of like_kind_extra_roll:<t> from "
        f"{percent(min(single.values()))} to {percent(max(single.values()))}); one Extra Roll "
        f"covering circles 3..8 (7 units staked) has house edge {percent(bundle_extra.house_edge)} "
        f"per unit staked (exact {exact_text(bundle_extra.house_edge)}), against "
        f"{percent(bundle_plain.house_edge)} for circles 3..8 without it (6 units, exact "
        f"{exact_text(bundle_plain.house_edge)}); with circle 2 too (8 units) "
        f"{percent(full_extra.house_edge)} (exact {exact_text(full_extra.house_edge)}). Shared, "
        "the Extra Roll adds "
        f"{float(sum(values.values()) - 1):+.6f} units to the expected result of the bundle."
    )
    return notes


def par_sheet(rules: HighRollDiceRules | None = None) -> ParSheet:
    """The par sheet of High Roll Dice under ``rules`` (default: ten dice, ch. 675a):
    exact figures per unit staked for every wager of its variant, with notes on units,
    rounding, the payout limit and how one Extra Roll serves several circles."""
    rules = rules if rules is not None else HighRollDiceRules()
    return ParSheet(
        game=GAME,
        variant=str(rules.variant),
        wagers=tuple(wager_figures(rules)),
        notes=tuple(_notes(rules)),
        rules_sha256=rules.sha256(),
    )


def enumeration(figures: WagerFigures, rules: HighRollDiceRules) -> Enumeration:
    """The equally likely combinations a wager's counts are out of (the lab sheet,
    :mod:`croupier.analysis.lab_sheet`): the ordered throws of the dice, ``6**dice``;
    with an Extra Roll, those times the ordered throws of as many dice again for the
    Extra Roll, ``6**(2 * dice)``, of which the dice thrown again are read in order and
    the rest ignored (each rethrow is then counted equally often)."""
    dice = rules.dice
    if figures.wager.startswith(f"{EXTRA_ROLL_WAGER}:"):
        return Enumeration(
            6 ** (2 * dice),
            f"ordered throws of {dice} dice and of {dice} dice for the Extra Roll, "
            f"6**{2 * dice}, equally likely (the non-matching dice are read from the second "
            "throw in order, the rest of it ignored)",
        )
    return Enumeration(6**dice, f"ordered throws of {dice} dice, 6**{dice}, equally likely")


__all__ = [
    "count_distribution",
    "enumeration",
    "extra_roll_distribution",
    "extra_roll_hit",
    "extra_roll_value",
    "face_distribution",
    "first_roll_distribution",
    "like_kind_bundle_figures",
    "like_kind_extra_roll_figures",
    "like_kind_figures",
    "millionaire_row_figures",
    "par_sheet",
    "pip_street_figures",
    "wager_figures",
]
