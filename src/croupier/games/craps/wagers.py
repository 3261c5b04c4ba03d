"""The wagers of Craps and Mini-Craps (623a.3): their spots on the layout, how one roll
decides each (623a.9), the odds each pays (623a.5, 623a.6) and the amounts that pay whole
cents (623a.4). Pure functions of the dice and the Rules Submission: the round, the exact
analysis and the simulation kernel all settle by them.

**Spots.** ``pass``, ``dont_pass`` and the odds behind them ``pass_odds``,
``dont_pass_odds``; ``come`` and ``dont_come`` (in the box) and, once they travel to their
number N, ``come:N``, ``dont_come:N`` with ``come_odds:N``, ``dont_come_odds:N``;
``place:N``, ``place_to_lose:N``, ``buy:N``, ``lay:N`` (N a point number); ``field``,
``big_6``, ``big_8``; ``hard:N`` (4, 6, 8, 10); the one-roll ``any_seven``,
``any_craps``, ``two``, ``three``, ``eleven``, ``twelve``, ``horn`` (four equal parts on
2, 3, 11 and 12) and ``c_and_e`` (two equal parts on any craps and 11); ``fire_bet``
(623a.11); ``all_small``, ``all_tall``, ``make_em_all`` (623a.12).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, TypeVar

from croupier.games.craps.spots import BONUS_SPOTS, NUMBERED, CrapsSpot
from croupier.money import format_odds
from croupier.rules.craps import (
    BONUS,
    CRAPS_NUMBERS,
    FIRE,
    NATURALS,
    ODDS,
    SMALL_NUMBERS,
    TALL_NUMBERS,
    WAGERS,
    Commission,
    CrapsRules,
    WagerKind,
    true_odds,
)

BONUS_SETS: dict[str, frozenset[int]] = {
    "all_small": frozenset(SMALL_NUMBERS),
    "all_tall": frozenset(TALL_NUMBERS),
    "make_em_all": frozenset(SMALL_NUMBERS + TALL_NUMBERS),
}
"""The numbers each Bonus Craps wager needs rolled before a 7 (623a.12)."""
CALLABLE = ("place", "place_to_lose", "buy", "lay", "hard", "come_odds")
"""Wagers the player may call working or off; off on the come-out roll unless called
working, working on every other roll unless called off (623a.4)."""

_KIND: dict[str, WagerKind] = {
    "pass": WagerKind.PASS,
    "dont_pass": WagerKind.DONT_PASS,
    "come": WagerKind.COME,
    "dont_come": WagerKind.DONT_COME,
    "pass_odds": WagerKind.ODDS,
    "dont_pass_odds": WagerKind.ODDS,
    "come_odds": WagerKind.ODDS,
    "dont_come_odds": WagerKind.ODDS,
    "place": WagerKind.PLACE,
    "place_to_lose": WagerKind.PLACE_TO_LOSE,
    "buy": WagerKind.BUY,
    "lay": WagerKind.LAY,
    "field": WagerKind.FIELD,
    "big_6": WagerKind.BIG_6_8,
    "big_8": WagerKind.BIG_6_8,
    "hard": WagerKind.HARDWAYS,
    "any_seven": WagerKind.ANY_SEVEN,
    "any_craps": WagerKind.ANY_CRAPS,
    "two": WagerKind.TWO,
    "three": WagerKind.THREE,
    "eleven": WagerKind.ELEVEN,
    "twelve": WagerKind.TWELVE,
    "horn": WagerKind.HORN,
    "c_and_e": WagerKind.C_AND_E,
    "fire_bet": WagerKind.FIRE_BET,
    "all_small": WagerKind.BONUS_CRAPS,
    "all_tall": WagerKind.BONUS_CRAPS,
    "make_em_all": WagerKind.BONUS_CRAPS,
}


@cache
def all_spots() -> tuple[str, ...]:
    """Every spot of the layout, in the layout's order (the order of settlement within a
    class of results, and of the views): :meth:`CrapsSpot.every` as commands write them."""
    return tuple(str(spot) for spot in CrapsSpot.every())


ORDER: dict[str, int] = {spot: index for index, spot in enumerate(all_spots())}


@cache  # a spot's parts are asked for on every offer and view: looked up once
def kind_of(spot: str) -> str:
    """``"place:6"`` -> ``"place"``; ``"come:6"`` -> ``"come"`` (:class:`CrapsSpot`);
    raises :class:`ValueError` for a spot not on the layout."""
    return CrapsSpot.parse(spot).kind


def commission_up_front(rules: CrapsRules, spot: str) -> bool:
    """Whether the commission on ``spot`` is charged when it is made (a Buy or Lay wager
    whose Rules Submission charges it up front, 623a.5), not out of a win."""
    kind = kind_of(spot)
    if kind == "buy":
        return rules.buy_commission is Commission.UP_FRONT
    if kind == "lay":
        return rules.lay_commission is Commission.UP_FRONT
    return False


@cache
def number_of(spot: str) -> int | None:
    """``"place:6"`` -> 6; ``"field"`` -> ``None`` (:class:`CrapsSpot`)."""
    return CrapsSpot.parse(spot).number


@cache
def wager_kind(spot: str) -> WagerKind:
    """The wager of 623a.3 that ``spot`` is (the Rules Submission offers it or not)."""
    return _KIND[kind_of(spot)]


@cache
def is_odds(spot: str) -> bool:
    return CrapsSpot.parse(spot).is_odds


@cache
def contract_of(odds_spot: str) -> str:
    """The line wager an odds spot stands behind: ``come_odds:6`` -> ``come:6``."""
    return str(CrapsSpot.parse(odds_spot).contract)


def odds_spot(contract: str) -> str:
    """The odds spot behind a line wager: ``come:6`` -> ``come_odds:6``."""
    return str(CrapsSpot.parse(contract).odds)


_GROUPS = {
    "pass": "line",
    "dont_pass": "line",
    "come": "come",
    "dont_come": "come",
    "place": "numbers",
    "place_to_lose": "numbers",
    "buy": "numbers",
    "lay": "numbers",
    "field": "field",
    "big_6": "field",
    "big_8": "field",
    "hard": "hardways",
    "fire_bet": "fire",
}


def group_of(spot: str) -> str:
    """The part of the layout ``spot`` is in (line, come, odds, numbers, field,
    hardways, propositions, fire, bonus): how the wagers offered are listed."""
    if is_odds(spot):
        return "odds"
    if spot in BONUS_SPOTS:
        return "bonus"
    return _GROUPS.get(kind_of(spot), "propositions")


def section_of(spot: str) -> str:
    """The section that governs making ``spot``."""
    if is_odds(spot):
        return ODDS
    if spot == "fire_bet":
        return FIRE
    if spot in BONUS_SPOTS:
        return BONUS
    return WAGERS


# --- names in words ------------------------------------------------------------------------
_WORDS = {
    "pass": "Pass",
    "dont_pass": "Don't Pass",
    "pass_odds": "odds behind Pass",
    "dont_pass_odds": "odds laid behind Don't Pass",
    "come": "Come",
    "dont_come": "Don't Come",
    "field": "the Field",
    "big_6": "Big 6",
    "big_8": "Big 8",
    "any_seven": "Any Seven",
    "any_craps": "Any Craps",
    "two": "Two",
    "three": "Three",
    "eleven": "Eleven",
    "twelve": "Twelve",
    "horn": "the Horn",
    "c_and_e": "C and E",
    "fire_bet": "the Fire Bet",
    "all_small": "All Small",
    "all_tall": "All Tall",
    "make_em_all": "Make 'Em All",
}


def spot_words(spot: str, *, start: bool = False) -> str:
    """``spot`` as the layout says it: "Place 6", "Come on 9", "odds behind Come on 9",
    "the Field"; ``start``: as it begins a sentence, its first letter a capital ("The
    Field taken down", "Odds behind Pass is off")."""
    said = _spot_words(spot)
    return said[:1].upper() + said[1:] if start else said


@lru_cache(maxsize=1024)  # any text may be asked for: a bounded cache
def _spot_words(spot: str) -> str:
    """:func:`spot_words` mid-sentence."""
    if spot in _WORDS or spot not in ORDER:
        return _WORDS.get(spot, spot)
    kind, number = kind_of(spot), number_of(spot)
    return {
        "come": f"Come on {number}",
        "dont_come": f"Don't Come on {number}",
        "come_odds": f"odds behind Come on {number}",
        "dont_come_odds": f"odds laid behind Don't Come on {number}",
        "place": f"Place {number}",
        "place_to_lose": f"Place {number} to lose",
        "buy": f"Buy {number}",
        "lay": f"Lay {number}",
        "hard": f"Hard {number}",
    }.get(kind, spot)


# --- one roll ------------------------------------------------------------------------------
class Result(StrEnum):
    """What one roll does to one wager (623a.9)."""

    NONE = "none"
    """Nothing: the wager stays as it is."""
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    """A tie: the wager is returned (Don't bets on the barred number)."""
    MOVE = "move"
    """A Come or Don't Come wager travels to the number rolled."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A roll's decision on one wager: ``odds`` the winning ``part`` of the stake is paid
    at (the Horn's and C&E's winning part; 1 for every other wager); ``stays``: a win paid
    while the wager stays up (Place, Buy, Lay, Big 6 and 8, hardways); ``to`` the spot a
    Come or Don't Come wager travels to."""

    result: Result
    odds: Fraction = Fraction(0)
    part: Fraction = Fraction(1)
    stays: bool = False
    to: str = ""

    @property
    def net(self) -> Fraction:
        """The net per unit staked, before any commission."""
        if self.result is Result.WIN:
            return self.part * (1 + self.odds) - 1
        if self.result is Result.LOSE:
            return Fraction(-1)
        return Fraction(0)


NOTHING = Decision(Result.NONE)
LOSS = Decision(Result.LOSE)
PUSH = Decision(Result.PUSH)


def _win(odds: Fraction, stays: bool = False, part: Fraction = Fraction(1)) -> Decision:
    return Decision(Result.WIN, odds=odds, part=part, stays=stays)


def _line(total: int, point: int | None, dont: bool, bar: int) -> Decision:
    """Pass (``dont`` False) or Don't Pass with ``point`` (``None``: the come-out)."""
    if point is None:
        if total in NATURALS:
            return LOSS if dont else _win(Fraction(1))
        if total in CRAPS_NUMBERS:
            if dont:
                return PUSH if total == bar else _win(Fraction(1))
            return LOSS
        return NOTHING  # the point is set; the wager stays on it
    if total == point:
        return LOSS if dont else _win(Fraction(1))
    if total == 7:
        return _win(Fraction(1)) if dont else LOSS
    return NOTHING


def _number_odds(total: int) -> str:
    return {2: "two", 3: "three", 11: "eleven", 12: "twelve"}[total]


def decide(spot: str, total: int, hard: bool, point: int | None, rules: CrapsRules) -> Decision:
    """What a roll totalling ``total`` (``hard``: a pair) does to a working wager on
    ``spot`` with the point ``point`` before the roll (``None``: a come-out roll).

    The Fire Bet and Bonus Craps are decided over a shooter's rolls, not by one roll
    (:func:`fire_odds`, :func:`bonus_complete`): here they are :data:`NOTHING`.
    """
    kind, number = kind_of(spot), number_of(spot)
    bar = rules.dont_bar
    match kind:
        case "pass" | "dont_pass":
            return _line(total, point, kind == "dont_pass", bar)
        case "come" | "dont_come":
            dont = kind == "dont_come"
            if number is None:  # in the box: a come-out roll of its own
                decided = _line(total, None, dont, bar)
                if decided.result is Result.NONE:
                    return Decision(Result.MOVE, to=str(CrapsSpot(kind).moved_to(total)))
                return decided
            return _line(total, number, dont, bar)
        case "pass_odds" | "dont_pass_odds" | "come_odds" | "dont_come_odds":
            on = number if number is not None else point
            assert on is not None, f"{spot} stands only behind a point"
            if total == on:
                return LOSS if kind.startswith("dont") else _win(true_odds(on))
            if total == 7:
                return _win(1 / true_odds(on)) if kind.startswith("dont") else LOSS
            return NOTHING
        case "place" | "buy" | "big_6" | "big_8":
            on = number if number is not None else int(kind[-1])
            if total == on:
                return _win(win_odds(spot, rules), stays=True)
            return LOSS if total == 7 else NOTHING
        case "place_to_lose" | "lay":
            assert number is not None
            if total == 7:
                return _win(win_odds(spot, rules), stays=True)
            return LOSS if total == number else NOTHING
        case "hard":
            if total == number and hard:
                return _win(win_odds(spot, rules), stays=True)
            return LOSS if total in (number, 7) else NOTHING
    return _one_roll(kind, total, rules)


def _one_roll(kind: str, total: int, rules: CrapsRules) -> Decision:
    """:func:`decide` for the one-roll wagers (:data:`NOTHING` for a kind not one)."""
    match kind:
        case "field":
            if total in (2, 12):
                return _win(rules.odds_of(f"field:{total}"))
            return _win(rules.odds_of("field")) if total in (3, 4, 9, 10, 11) else LOSS
        case "any_seven":
            return _win(rules.odds_of("any_seven")) if total == 7 else LOSS
        case "any_craps":
            return _win(rules.odds_of("any_craps")) if total in CRAPS_NUMBERS else LOSS
        case "two" | "three" | "eleven" | "twelve":
            hit = {"two": 2, "three": 3, "eleven": 11, "twelve": 12}[kind]
            return _win(rules.odds_of(kind)) if total == hit else LOSS
        case "horn":
            if total in (2, 3, 11, 12):
                return _win(rules.odds_of(_number_odds(total)), part=Fraction(1, 4))
            return LOSS
        case "c_and_e":
            if total in CRAPS_NUMBERS:
                return _win(rules.odds_of("any_craps"), part=Fraction(1, 2))
            if total == 11:
                return _win(rules.odds_of("eleven"), part=Fraction(1, 2))
            return LOSS
    return NOTHING


def win_odds(spot: str, rules: CrapsRules) -> Fraction:
    """The odds a winning ``spot`` pays (before any commission), for the wagers whose odds
    do not depend on the point: Place, Place to lose, Buy and Lay (true odds), Big 6 and
    8, hardways, and the rest of :data:`~croupier.rules.craps.MINIMUM_ODDS`."""
    kind, number = kind_of(spot), number_of(spot)
    if kind == "buy" and number is not None:
        return true_odds(number)
    if kind == "lay" and number is not None:
        return 1 / true_odds(number)
    return rules.odds_of(spot)


def default_working(spot: str, come_out: bool) -> bool:
    """Whether ``spot`` works on a roll when its player has made no call (623a.4): Place,
    Place to lose, Buy, Lay, hardways and the odds behind a Come wager are off on the
    come-out roll; every wager works on every other roll."""
    return not (come_out and kind_of(spot) in CALLABLE)


# --- commission ------------------------------------------------------------------------------
def commission_base(spot: str, amount: int, rules: CrapsRules) -> Fraction:
    """The exact commission (cents) on ``amount`` cents on a Buy or Lay wager (623a.5):
    the rate times the wager on a Buy, times what it would win on a Lay; 0 elsewhere."""
    kind, number = kind_of(spot), number_of(spot)
    if kind == "buy":
        return rules.commission_rate * amount
    if kind == "lay" and number is not None:
        return rules.commission_rate * amount / true_odds(number)
    return Fraction(0)


def commission(spot: str, amount: int, rules: CrapsRules) -> int:
    """The commission in whole cents: exact where the amount pays whole cents; otherwise
    (``broken_payouts = "round"``) rounded against the payout's rounding, so that the net
    payout rounds as ``payout_rounding`` says."""
    exact = commission_base(spot, amount, rules)
    if exact.denominator == 1:
        return int(exact)
    down = exact.numerator // exact.denominator
    return down + 1 if rules.payout_rounding.value == "down" else down


# --- amounts that pay whole cents ------------------------------------------------------------
def _fractions(spot: str, rules: CrapsRules, point: int | None) -> list[Fraction]:
    """Each fraction of the amount that must be whole cents for ``spot`` (its parts
    always; with ``broken_payouts = "refuse"`` its payouts and commission too)."""
    kind, number = kind_of(spot), number_of(spot)
    parts: list[Fraction] = []
    odds: list[Fraction] = []
    if kind == "horn":
        parts = [Fraction(1, 4)]
        odds = [Fraction(1, 4) * rules.odds_of(n) for n in ("two", "three", "eleven", "twelve")]
    elif kind == "c_and_e":
        parts = [Fraction(1, 2)]
        odds = [Fraction(1, 2) * rules.odds_of(n) for n in ("any_craps", "eleven")]
    elif kind in ("pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds"):
        on = number if number is not None else point
        if on is not None:
            odds = [true_odds(on) if not kind.startswith("dont") else 1 / true_odds(on)]
    elif kind in ("buy", "lay"):
        odds = [win_odds(spot, rules), commission_base(spot, 1, rules)]
    elif kind == "field":
        odds = [rules.odds_of(k) for k in ("field", "field:2", "field:12")]
    elif kind in ("pass", "dont_pass", "come", "dont_come"):
        odds = [Fraction(1)]
    elif kind in ("fire_bet",):
        odds = list(rules.fire_tiers.values())
    else:
        odds = [rules.odds_of(spot)]
    return parts + (odds if rules.whole_cents else [])


T = TypeVar("T")

_KEPT: dict[int, dict[tuple[Any, ...], Any]] = {}
"""What :func:`kept` worked out, by ``id`` of a live Rules Submission; an entry goes
when its submission does (a submission is frozen but holds dicts, so it cannot be a
key itself)."""


def kept(key: tuple[Any, ...], rules: CrapsRules, work: Callable[[], T]) -> T:
    """``work()``, worked out once for ``rules`` and ``key`` (a figure that depends only
    on a Rules Submission, as a spot's step does)."""
    found = _KEPT.get(id(rules))
    if found is None:
        found = _KEPT[id(rules)] = {}
        weakref.finalize(rules, _KEPT.pop, id(rules), None)
    if key not in found:
        found[key] = work()
    value: T = found[key]
    return value


def amount_step(spot: str, rules: CrapsRules, point: int | None = None) -> int:
    """The amounts on ``spot`` are the multiples of this many cents (623a.4): those whose
    parts (a Horn's four, a C&E's two) and, where the Rules Submission refuses broken
    payouts, whose payout and commission are whole cents. ``point``: the point an odds
    wager behind Pass or Don't Pass stands on."""

    def work() -> int:
        step = 1
        for fraction in _fractions(spot, rules, point):
            step = math.lcm(step, fraction.denominator)
        return step

    return kept(("step", spot, point), rules, work)


def step_reason(spot: str, rules: CrapsRules, point: int | None = None) -> str:
    """Why the amounts on ``spot`` go in steps (:func:`amount_step`), in words (623a.4):
    ``"7 to 6 pays whole cents"``."""
    kind = kind_of(spot)
    if kind == "horn":
        return "each of its four equal parts is whole cents"
    if kind == "c_and_e":
        return "each of its two equal parts is whole cents"
    if kind in ("buy", "lay"):
        return f"the payout and the {rules.commission_percent}% commission are whole cents"
    on = number_of(spot) or point
    if is_odds(spot) and on is not None:
        odds = 1 / true_odds(on) if kind.startswith("dont") else true_odds(on)
    else:
        odds = win_odds(spot, rules)
    return f"{format_odds(odds)} pays whole cents"


def fire_odds(points_made: int, rules: CrapsRules) -> Fraction | None:
    """The odds of the highest Fire Bet tier ``points_made`` distinct points reach, or
    ``None`` where they reach none (623a.11)."""
    reached = [odds for tier, odds in rules.fire_tiers.items() if points_made >= tier]
    return max(reached) if reached else None


def bonus_complete(spot: str, rolled: frozenset[int] | set[int]) -> bool:
    """Whether ``rolled`` (the numbers rolled since the last 7) completes ``spot``."""
    return BONUS_SETS[spot] <= rolled


__all__ = [
    "BONUS_SETS",
    "BONUS_SPOTS",
    "CALLABLE",
    "LOSS",
    "NOTHING",
    "NUMBERED",
    "ORDER",
    "PUSH",
    "CrapsSpot",
    "Decision",
    "Result",
    "all_spots",
    "amount_step",
    "bonus_complete",
    "commission",
    "commission_base",
    "contract_of",
    "decide",
    "default_working",
    "fire_odds",
    "group_of",
    "is_odds",
    "kind_of",
    "number_of",
    "odds_spot",
    "section_of",
    "spot_words",
    "wager_kind",
    "win_odds",
]
