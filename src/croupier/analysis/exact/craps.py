"""Exact figures for Craps and Mini-Craps (58 Pa. Code ch. 623a; the sections as the 2011
preamble describes them).

Every figure is an exact :class:`~fractions.Fraction` over the 36 equally likely throws of
two dice, settled by the engine's own rule (:func:`croupier.games.craps.wagers.decide`)
under the Rules Submission:

- **Per wager resolved.** A wager that stands from roll to roll (Pass, Come, Place, ...)
  is followed through the states the rolls take it to (a Pass on the come-out, then on
  its point; a Come in its box, then on its number) to its decision; its outcomes are the
  decisions with their probabilities and nets per unit staked. A Place, Buy, Lay, Big 6 or
  8 or hardway that wins stays up: each decision (a win, or the loss) is one wager
  resolved, and it is taken as working on every roll. A push (a Don't bet on the barred
  number) is a resolution of net zero.
- **Per roll.** Each wager's ``rolls_to_decision`` (the expected rolls from the wager
  made to its decision), ``decisions_per_roll`` (its inverse: the probability that a roll
  decides it, over the rolls it stands) and ``house_edge_per_roll`` (the house edge over
  the expected rolls: the expected loss per unit per roll on the layout), as extra
  figures.
- **The commission** on a Buy or Lay (623a.5) is charged per decision, up front or on a
  win only, as the submission says; up front its ``element_of_risk`` is the edge per unit
  of wager and commission together.
- **Odds** (623a.6): ``odds:N`` taken and ``lay_odds:N`` laid behind a point N pay the
  true odds (no edge); ``pass_with_odds`` and ``dont_pass_with_odds`` are a line wager
  with full odds at the table's limit behind every point, per unit of the line wager,
  their ``element_of_risk`` the edge per unit of everything wagered; the notes give the
  combined edge at every common limit.
- **The Fire Bet** (623a.11): the distinct points a shooter makes before his seven-out,
  by a Markov chain over the sets of points made (each point cycle, come-out to decision,
  makes point N with probability ``m_N`` and sevens out with ``r``; naturals and craps
  change nothing), paid on the tier table in force.
- **Bonus Craps** (623a.12): the numbers rolled before a 7, by a Markov chain over the
  sets of the wager's numbers rolled so far.

Payout rounding to cents is not applied: the figures are those of the odds themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Final

from croupier.analysis.par_sheet import Enumeration, OutcomeFigures, ParSheet, WagerFigures
from croupier.citations import shown
from croupier.games.craps.spots import NUMBERED, CrapsSpot
from croupier.games.craps.wagers import (
    BONUS_SETS,
    Decision,
    Result,
    commission_base,
    commission_up_front,
    decide,
    fire_odds,
    kind_of,
    number_of,
    spot_words,
)
from croupier.money import format_odds
from croupier.rules.craps import (
    HARD_NUMBERS,
    POINTS,
    STANDARD_ODDS_LIMITS,
    WAYS,
    CrapsRules,
    LayLimit,
    WagerKind,
    odds_limit,
    true_odds,
)

GAME = "craps"
THROWS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 equally likely throws of two dice."""
ONE = Fraction(1)
SEVEN = Fraction(WAYS[7], 36)

# The citations each wager's description ends with, as a reader is shown them: ch. 623a's
# text is not at hand, so each is marked "(inferred)" (croupier.citations).
_WAGERS = shown("623a.3; 623a.5")
_ODDS = shown("623a.6")
_FIRE = shown("623a.11")
_BONUS = shown("623a.12")
_SETTLE = shown("623a.9")


# --- following a wager to its decision -----------------------------------------------------
State = tuple[str, int | None]
"""A wager as it stands: its spot and the point it stands on (``None``: a come-out)."""


def _next(state: State, total: int, decision: Decision) -> State:
    spot, point = state
    if decision.result is Result.MOVE:
        return (decision.to, point)
    if kind_of(spot) in ("pass", "dont_pass") and point is None:
        return (spot, total)  # the point is set
    return state


def _label(state: State, total: int, hard: bool, decision: Decision) -> str:
    spot, point = state
    what = {Result.WIN: "win", Result.LOSE: "lose", Result.PUSH: "push"}[decision.result]
    kind, number = kind_of(spot), number_of(spot)
    line = kind in ("pass", "dont_pass", "come", "dont_come")
    if line and number is None and point is None:
        return f"{what}: {total} on the come-out"
    if line and (number is not None or kind in ("pass", "dont_pass")):
        on = point if point is not None else number
        return f"{what}: {'the point' if total == on else total} with the point {on}"
    if kind == "hard" and total != 7:
        return f"{what}: {total} {'the hard way' if hard else 'easy'}"
    return f"{what}: {total}"


def follow(
    spot: str, rules: CrapsRules, point: int | None = None
) -> tuple[dict[tuple[str, Fraction, bool], Fraction], Fraction]:
    """The decisions of a working wager on ``spot`` made with ``point`` on (``None``: a
    come-out), each ``(label, net per unit before commission, won)`` -> probability, and
    the expected rolls to its decision. Raises ``ValueError`` for a wager no sequence of
    rolls decides."""
    memo: dict[State, tuple[dict[tuple[str, Fraction, bool], Fraction], Fraction]] = {}

    def value(state: State) -> tuple[dict[tuple[str, Fraction, bool], Fraction], Fraction]:
        if state in memo:
            return memo[state]
        spot, point = state
        stay = Fraction(0)
        found: dict[tuple[str, Fraction, bool], Fraction] = {}
        onward: dict[State, Fraction] = {}
        for a, b in THROWS:
            total, p = a + b, Fraction(1, 36)
            decision = decide(spot, total, a == b, point, rules)
            if decision.result in (Result.WIN, Result.LOSE, Result.PUSH):
                key = (
                    _label(state, total, a == b, decision),
                    decision.net,
                    decision.result is Result.WIN,
                )
                found[key] = found.get(key, Fraction(0)) + p
                continue
            after = _next(state, total, decision)
            if after == state:
                stay += p
            else:
                onward[after] = onward.get(after, Fraction(0)) + p
        if stay == 1:
            raise ValueError(f"no roll decides {spot} with the point {point}")
        leave = 1 - stay
        found = {k: v / leave for k, v in found.items()}
        rolls = Fraction(1)
        for after, p in onward.items():
            sub, sub_rolls = value(after)
            for k, v in sub.items():
                found[k] = found.get(k, Fraction(0)) + p / leave * v
            rolls += p * sub_rolls
        memo[state] = (found, rolls / leave)
        return memo[state]

    return value((spot, point))


def _per_roll(edge: Fraction, rolls: Fraction) -> tuple[tuple[str, Fraction], ...]:
    return (
        ("rolls_to_decision", rolls),
        ("decisions_per_roll", 1 / rolls),
        ("house_edge_per_roll", edge / rolls),
    )


def _figures(
    wager: str,
    outcomes: Iterable[OutcomeFigures],
    rolls: Fraction,
    description: str,
    *,
    strategy: str | None = None,
    element_of_risk: Fraction | None = None,
) -> WagerFigures:
    made = WagerFigures.from_outcomes(
        wager,
        list(outcomes),
        strategy=strategy,
        description=description,
        element_of_risk=element_of_risk,
    )
    extra = _per_roll(made.house_edge, rolls)
    return WagerFigures.from_outcomes(
        wager,
        made.outcomes,
        strategy=strategy,
        description=description,
        element_of_risk=element_of_risk,
        extra=extra,
    )


def wager_figures(spot: str, rules: CrapsRules, point: int | None = None) -> WagerFigures:
    """The figures of one unit on ``spot`` (a wager the rolls alone decide), with the
    commission where it is a Buy or Lay."""
    decisions, rolls = follow(spot, rules, point)
    charge = commission_base(spot, 1, rules)
    up_front = commission_up_front(rules, spot)
    outcomes = []
    for (label, net, hit), probability in decisions.items():
        if charge and (up_front or hit):
            net -= charge
        outcomes.append(OutcomeFigures(label, probability, net, hit))
    risk = None
    if charge and up_front:
        mean = sum((o.probability * o.net for o in outcomes), Fraction(0))
        risk = -mean / (1 + charge)
    return _figures(spot, outcomes, rolls, _describe(spot, rules), element_of_risk=risk)


def _describe(spot: str, rules: CrapsRules) -> str:
    words = spot_words(spot)
    kind = kind_of(spot)
    if kind in ("buy", "lay"):
        when = (rules.buy_commission if kind == "buy" else rules.lay_commission).value
        return (
            f"{words}: true odds less {rules.commission_percent}% commission "
            f"({when.replace('_', ' ')}) ({_WAGERS})"
        )
    if kind in ("place", "place_to_lose", "big_6", "big_8", "hard"):
        return f"{words}, working on every roll: each decision counted ({_WAGERS})"
    return f"{words} ({_WAGERS})"


# --- odds ----------------------------------------------------------------------------------
def odds_figures(point: int, laid: bool) -> WagerFigures:
    """One unit of odds taken (or ``laid``) behind the point ``point`` (623a.6)."""
    odds = 1 / true_odds(point) if laid else true_odds(point)
    made = Fraction(WAYS[point], WAYS[point] + WAYS[7])
    win, lose = (1 - made, made) if laid else (made, 1 - made)
    rolls = Fraction(36, WAYS[point] + WAYS[7])
    outcomes = [
        OutcomeFigures("win: " + ("7 first" if laid else f"{point} first"), win, odds, True),
        OutcomeFigures("lose: " + (f"{point} first" if laid else "7 first"), lose, -ONE, False),
    ]
    name = odds_name(point, laid)
    action = "laid against" if laid else "taken on"
    return _figures(
        name, outcomes, rolls, f"Odds {action} the point {point}, {format_odds(odds)} ({_ODDS})"
    )


def _lay_units(rules: CrapsRules, limit: str, point: int) -> Fraction:
    multiple = odds_limit(limit).multiple(point)
    if rules.lay_limit is LayLimit.WIN:
        return multiple * true_odds(point)
    return Fraction(multiple)


def line_with_odds(rules: CrapsRules, dont: bool, limit: str | None = None) -> WagerFigures:
    """Pass (or Don't Pass) with full odds taken (laid) behind every point at ``limit``
    (default: the table's), per unit of the line wager (623a.6)."""
    limit = limit if limit is not None else rules.odds_limit
    spot = "dont_pass" if dont else "pass"
    outcomes: list[OutcomeFigures] = []
    staked = ONE
    come_out, _ = follow(spot, rules)
    # The come-out decisions (no point yet: no odds).
    for (label, net, hit), p in come_out.items():
        if "come-out" in label:
            outcomes.append(OutcomeFigures(label, p, net, hit))
    rolls = Fraction(1)
    for point in POINTS:
        p_point = Fraction(WAYS[point], 36)
        units = (
            _lay_units(rules, limit, point) if dont else Fraction(odds_limit(limit).multiple(point))
        )
        made = Fraction(WAYS[point], WAYS[point] + WAYS[7])
        odds = 1 / true_odds(point) if dont else true_odds(point)
        staked += p_point * units
        rolls += p_point * Fraction(36, WAYS[point] + WAYS[7])
        win_p, lose_p = (1 - made, made) if dont else (made, 1 - made)
        outcomes.append(
            OutcomeFigures(f"win: the point {point}", p_point * win_p, 1 + units * odds, True)
        )
        outcomes.append(
            OutcomeFigures(f"lose: the point {point}", p_point * lose_p, -1 - units, False)
        )
    mean = sum((o.probability * o.net for o in outcomes), Fraction(0))
    name = "dont_pass_with_odds" if dont else "pass_with_odds"
    what = "laid" if dont else "taken"
    return _figures(
        name,
        outcomes,
        rolls,
        f"{spot_words(spot)} with full odds {what} at {limit} behind every point, per unit "
        f"of the line wager ({_ODDS})",
        strategy=f"full odds at {limit} behind every point",
        element_of_risk=-mean / staked,
    )


# --- the Fire Bet ------------------------------------------------------------------------------
def point_cycle() -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """One cycle of a shooter's hand, a come-out to its decision: the probability ``m_N``
    that it makes point N, ``r`` that it sevens out, and its expected rolls."""
    made = {n: Fraction(WAYS[n], 36) * Fraction(WAYS[n], WAYS[n] + WAYS[7]) for n in POINTS}
    seven_out = sum(
        (Fraction(WAYS[n], 36) * Fraction(WAYS[7], WAYS[n] + WAYS[7]) for n in POINTS),
        Fraction(0),
    )
    rolls = 1 + sum(
        (Fraction(WAYS[n], 36) * Fraction(36, WAYS[n] + WAYS[7]) for n in POINTS), Fraction(0)
    )
    return made, seven_out, rolls


def distinct_points() -> tuple[dict[int, Fraction], Fraction]:
    """The distribution of the distinct points a shooter makes before he sevens out (the
    sixth ends the Fire Bet at once), 0 to 6, and the expected rolls of a Fire Bet, by the
    Markov chain over the sets of points made (see the module docstring)."""
    made, seven_out, cycle_rolls = point_cycle()
    ends: dict[int, Fraction] = {}
    cycles = Fraction(0)
    # Probability of reaching each set, in order of size.
    reach: dict[frozenset[int], Fraction] = {frozenset(): ONE}
    for size in range(7):
        for subset in [s for s in reach if len(s) == size]:
            p = reach[subset]
            if size == 6:
                ends[6] = ends.get(6, Fraction(0)) + p
                continue
            new = sum((made[n] for n in POINTS if n not in subset), Fraction(0))
            leave = seven_out + new
            cycles += p / leave  # the cycles spent at this set (each leaves it w.p. leave)
            ends[size] = ends.get(size, Fraction(0)) + p * seven_out / leave
            for n in POINTS:
                if n not in subset:
                    bigger = subset | {n}
                    reach[bigger] = reach.get(bigger, Fraction(0)) + p * made[n] / leave
    return {k: ends.get(k, Fraction(0)) for k in range(7)}, cycles * cycle_rolls


def fire_figures(rules: CrapsRules) -> WagerFigures:
    """One unit on the Fire Bet under the tier table in force (623a.11)."""
    counts, rolls = distinct_points()
    outcomes = []
    for points, p in counts.items():
        odds = fire_odds(points, rules)
        label = f"{points} distinct point{'s' if points != 1 else ''}"
        if odds is None:
            outcomes.append(OutcomeFigures(f"lose: {label}", p, -ONE, False))
        else:
            outcomes.append(OutcomeFigures(f"win: {label}", p, odds, True))
    tiers = ", ".join(f"{n}: {format_odds(o)}" for n, o in rules.fire_tiers.items())
    return _figures(
        "fire_bet",
        outcomes,
        rolls,
        f"the Fire Bet, distinct points made before the seven-out, paid {tiers} ({_FIRE})",
    )


# --- Bonus Craps ---------------------------------------------------------------------------------
def bonus_chance(numbers: frozenset[int]) -> tuple[Fraction, Fraction]:
    """The probability that every one of ``numbers`` is rolled before a 7, and the
    expected rolls to the decision (all rolled, or the 7), by the Markov chain over the
    sets rolled so far (623a.12)."""

    @cache
    def value(rolled: frozenset[int]) -> tuple[Fraction, Fraction]:
        if rolled == numbers:
            return ONE, Fraction(0)
        missing = numbers - rolled
        new = {n: Fraction(WAYS[n], 36) for n in missing}
        leave = SEVEN + sum(new.values(), Fraction(0))
        win = Fraction(0)
        rolls = ONE
        for n, p in new.items():
            sub_win, sub_rolls = value(rolled | {n})
            win += p * sub_win
            rolls += p * sub_rolls
        return win / leave, rolls / leave

    return value(frozenset())


def bonus_figures(spot: str, rules: CrapsRules) -> WagerFigures:
    chance, rolls = bonus_chance(BONUS_SETS[spot])
    odds = rules.odds_of(spot)
    outcomes = [
        OutcomeFigures("win: every number before a 7", chance, odds, True),
        OutcomeFigures("lose: a 7 first", 1 - chance, -ONE, False),
    ]
    numbers = ", ".join(str(n) for n in sorted(BONUS_SETS[spot]))
    return _figures(
        spot,
        outcomes,
        rolls,
        f"{spot_words(spot)}: {numbers} all rolled before a 7, {format_odds(odds)} ({_BONUS})",
    )


# --- the sheet ---------------------------------------------------------------------------
def spots(rules: CrapsRules) -> list[str]:
    """The wagers of the sheet the rolls alone decide, in layout order."""
    offered = rules.offers
    found: list[str] = []
    for kind, names in (
        (WagerKind.PASS, ["pass"]),
        (WagerKind.DONT_PASS, ["dont_pass"]),
        (WagerKind.COME, ["come"]),
        (WagerKind.DONT_COME, ["dont_come"]),
        (WagerKind.PLACE, [f"place:{n}" for n in POINTS]),
        (WagerKind.PLACE_TO_LOSE, [f"place_to_lose:{n}" for n in POINTS]),
        (WagerKind.BUY, [f"buy:{n}" for n in POINTS]),
        (WagerKind.LAY, [f"lay:{n}" for n in POINTS]),
        (WagerKind.FIELD, ["field"]),
        (WagerKind.BIG_6_8, ["big_6", "big_8"]),
        (WagerKind.HARDWAYS, [f"hard:{n}" for n in HARD_NUMBERS]),
        (WagerKind.ANY_SEVEN, ["any_seven"]),
        (WagerKind.ANY_CRAPS, ["any_craps"]),
        (WagerKind.TWO, ["two"]),
        (WagerKind.THREE, ["three"]),
        (WagerKind.ELEVEN, ["eleven"]),
        (WagerKind.TWELVE, ["twelve"]),
        (WagerKind.HORN, ["horn"]),
        (WagerKind.C_AND_E, ["c_and_e"]),
    ):
        if offered(kind):
            found += names
    return found


def par_sheet(rules: CrapsRules | None = None) -> ParSheet:
    """The par sheet of Craps under ``rules`` (default: every wager, 3-4-5x odds): exact
    figures per unit staked for every wager the table offers, in the layout's order."""
    rules = rules if rules is not None else CrapsRules()
    wagers = [wager_figures(spot, rules) for spot in spots(rules)]
    notes = [
        "Exact over the 36 equally likely throws of two dice, every wager settled by the "
        f"engine's rule ({_SETTLE}) and followed to its decision.",
        "Per roll (Rolls to decision, Decisions per roll and House edge per roll; in --json "
        "rolls_to_decision, decisions_per_roll and house_edge_per_roll): the expected rolls "
        "from a wager made to its decision, their inverse, and the house edge spread over "
        "those rolls.",
        "Figures are per unit staked, at the odds themselves: payout rounding to cents is "
        "not applied.",
    ]
    if rules.offers(WagerKind.ODDS):
        for laid in (False, True):
            wagers += [odds_figures(point, laid) for point in POINTS]
        line = []
        if rules.offers(WagerKind.PASS):
            wagers.append(line_with_odds(rules, dont=False))
            line.append(False)
        if rules.offers(WagerKind.DONT_PASS):
            wagers.append(line_with_odds(rules, dont=True))
            line.append(True)
        notes += [_full_odds_note(rules, dont) for dont in line]
    if rules.offers(WagerKind.FIRE_BET):
        wagers.append(fire_figures(rules))
    if rules.offers(WagerKind.BONUS_CRAPS):
        wagers += [bonus_figures(spot, rules) for spot in BONUS_SETS]
    return ParSheet(
        game=GAME,
        variant=str(rules.table),
        wagers=tuple(wagers),
        notes=tuple(notes),
        rules_sha256=rules.sha256(),
    )


def _full_odds_note(rules: CrapsRules, dont: bool) -> str:
    """The note on Pass (or Don't Pass, ``dont``) with full odds: its element of risk at
    the table's odds limit and at each common one."""
    edges = ", ".join(
        f"{limit} {float(_risk(line_with_odds(rules, dont, limit))):.4%}"
        for limit in STANDARD_ODDS_LIMITS
    )
    words = spot_words("dont_pass" if dont else "pass")
    here = _risk(line_with_odds(rules, dont))
    return (
        f"{words} with full odds ({'dont_pass' if dont else 'pass'}_with_odds): its "
        f"house edge is per unit of the {words} wager, the same as {words} alone, as "
        "the odds pay true odds and add no edge; per unit of everything wagered, line "
        f"wager and odds (the element of risk), it is {float(here):.4%} at "
        f"{rules.odds_limit}, and at each common limit ({_ODDS}): {edges}."
    )


def _risk(figures: WagerFigures) -> Fraction:
    assert figures.element_of_risk is not None
    return figures.element_of_risk


ONE_ROLL: Final = frozenset(
    {"field", "any_seven", "any_craps", "two", "three", "eleven", "twelve", "horn", "c_and_e"}
)
"""The wagers the next roll always decides (623a.5)."""


def odds_name(point: int, laid: bool) -> str:
    """The sheet's name of odds taken (``odds:N``) or laid (``lay_odds:N``) on ``point``."""
    return f"{'lay_odds' if laid else 'odds'}:{point}"


_DECIDED_BY: Final = {
    **{str(CrapsSpot(kind, n)): n for kind in NUMBERED for n in POINTS},
    **{str(CrapsSpot("hard", n)): n for n in HARD_NUMBERS},
    **{odds_name(n, laid): n for laid in (False, True) for n in POINTS},
    "big_6": 6,
    "big_8": 8,
}
"""The wagers of the sheet decided by the first roll of their number (a hardway: its
number, hard or easy) or of a 7, and that number: Place, Place to lose, Buy, Lay, the
hardways, Big 6 and Big 8, and the sheet's odds taken (``odds:N``) and laid
(``lay_odds:N``) on each point."""


def enumeration(figures: WagerFigures, rules: CrapsRules) -> Enumeration | None:
    """The equally likely combinations a wager's counts are out of (the lab sheet,
    :mod:`croupier.analysis.lab_sheet`): a one-roll wager, the 36 ordered throws of two
    dice; a wager decided by its number or a 7, the throws that decide it (the others
    leave it standing); ``None`` for the line wagers, the Fire Bet and the bonus wagers,
    decided over an unbounded number of rolls (their counts are weights)."""
    spot = figures.wager
    if spot in ONE_ROLL:
        return Enumeration(36, "ordered throws of two dice, 6**2, equally likely")
    number = _DECIDED_BY.get(spot)
    if number is not None:
        return Enumeration(
            WAYS[number] + WAYS[7],
            f"the ordered throws of two dice that decide it: the {WAYS[number]} making "
            f"{number} and the {WAYS[7]} making 7, equally likely (every other throw "
            "leaves it standing)",
        )
    return None


__all__ = [
    "THROWS",
    "bonus_chance",
    "bonus_figures",
    "distinct_points",
    "enumeration",
    "fire_figures",
    "follow",
    "line_with_odds",
    "odds_figures",
    "odds_name",
    "par_sheet",
    "point_cycle",
    "spots",
    "wager_figures",
]
