"""Exact figures for Go Fore It (58 Pa. Code ch. 676a), by exhaustive enumeration of one
52-card deck.

Only point values matter (676a.6): aces count 1, 2 to 9 their face, and the sixteen tens,
jacks, queens and kings 10. A hand is therefore enumerated as a multiset of point values
weighted by its number of card combinations (a product of binomial coefficients over the
value counts 4, 4, ..., 4, 16): rank-count symmetry. Every figure is an exact
:class:`~fractions.Fraction`.

Wagers, every figure per unit of the wager named:

- ``front_9``: the Front 9 and Back 9 game (676a.7(d)(1)-(2), 676a.11(b)-(d),
  676a.12(a)-(b)) played with the optimal Back 9 strategy, per Front 9 unit. The
  player sees his two front cards and makes the Back 9 Wager exactly when its expected
  result beats the -1 of folding; the net of a played hand is +1 (Front 9) plus the
  Back 9 odds when the four cards total par (24) or less, and -2 over par.
- ``skins``: wins 1 to 1 when the player's four cards total less than the dealer's;
  ties and higher totals lose (676a.11(d)(4), 676a.12(c)).
- ``gopher:a`` and ``gopher:b``: paid by the number of aces in the player's four cards
  at paytable A or B (676a.11(d)(5), 676a.12(d)).

One player against the dealer. Other players' cards are face down and unseen, so by
symmetry the four cards of any hand are a uniformly random four of the cards the player
has not seen: other hands change no expectation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any, Literal

from croupier.analysis.par_sheet import (
    Enumeration,
    OutcomeFigures,
    ParSheet,
    WagerFigures,
    exact_text,
    percent,
)
from croupier.equipment.cards import deck
from croupier.game import settled_wagers
from croupier.money import format_odds
from croupier.rules.base import ParWager
from croupier.rules.go_fore_it import (
    BACK_9_ODDS,
    CARDS_PER_HAND,
    FRONT_9_ODDS,
    GOPHER_PAYTABLES,
    SKINS_ODDS,
    GoForeItRules,
    GopherPaytable,
    Score,
    point_value,
    score,
)

GAME = "go-fore-it"
FRONT_9 = "front_9"
SKINS = "skins"

Counts = tuple[int, ...]
"""How many cards of each point value 1..10 (index 0 is the ace)."""


def _deck_counts() -> Counts:
    values = Counter(point_value(card) for card in deck())
    return tuple(values[value] for value in range(1, 11))


DECK_COUNTS: Counts = _deck_counts()
"""One 52-card deck by point value (676a.6): four of each of 1..9, sixteen of 10."""


# --- combinatorics -------------------------------------------------------------------
def _multisets(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``size`` point values as (values ascending, total)."""
    return tuple(
        (values, sum(values)) for values in combinations_with_replacement(range(1, 11), size)
    )


def ways(values: tuple[int, ...], counts: Counts) -> int:
    """How many sets of cards from ``counts`` have exactly the point values ``values``."""
    tally = Counter(values)
    return prod(comb(counts[value - 1], k) for value, k in tally.items())


def remove(counts: Counts, values: tuple[int, ...]) -> Counts:
    """``counts`` less the cards of ``values``."""
    left = list(counts)
    for value in values:
        left[value - 1] -= 1
    return tuple(left)


def hands(size: int, counts: Counts = DECK_COUNTS) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Every ``size``-card hand from ``counts`` by point values: (values, total, ways);
    the ways sum to ``C(sum(counts), size)``."""
    for values, total in _multisets(size):
        weight = ways(values, counts)
        if weight:
            yield values, total, weight


# --- Front 9 and Back 9 ------------------------------------------------------------------


FOLD_NET = Fraction(-1)
"""Folding forfeits the Front 9 Wager (676a.11(b))."""


@dataclass(frozen=True, slots=True)
class StartFigures:
    """One two-card start (the player's front cards, by point value) under the optimal
    strategy.

    ``probability`` is the chance of the start out of C(52, 2); ``scores`` gives, for a
    hand that plays on, the chance of each score given the start (the hole cards are two
    of the 50 unseen cards); ``play_return`` is the expected net per Front 9 unit of
    making the Back 9 Wager; ``decision`` is ``"back_9"`` when that beats folding's -1.
    """

    first: int
    second: int
    probability: Fraction
    scores: dict[Score, Fraction]
    play_return: Fraction
    decision: Literal["back_9", "fold"]

    @property
    def total(self) -> int:
        return self.first + self.second

    @property
    def value(self) -> Fraction:
        """The expected net per Front 9 unit with the decision taken."""
        return self.play_return if self.decision == "back_9" else FOLD_NET

    def to_dict(self) -> dict[str, Any]:
        """JSON data: the start, its probability, the return of playing and the decision."""
        return {
            "cards": [self.first, self.second],
            "total": self.total,
            "probability": float(self.probability),
            "probability_exact": exact_text(self.probability),
            "back_9_return": float(self.play_return),
            "back_9_return_exact": exact_text(self.play_return),
            "fold_return": float(FOLD_NET),
            "decision": self.decision,
        }


@cache
def strategy() -> tuple[StartFigures, ...]:
    """The optimal Back 9 strategy: every two-card start by point values (55 of them,
    low card first) with the exact expected result of playing on and the decision
    (Back 9 exactly when playing beats folding; a tie would fold)."""
    rows = []
    starts = comb(sum(DECK_COUNTS), 2)
    for front, front_total, front_ways in hands(2):
        left = remove(DECK_COUNTS, front)
        holes = comb(sum(left), 2)
        scores: dict[Score, Fraction] = dict.fromkeys(Score, Fraction(0))
        for _, hole_total, hole_ways in hands(2, left):
            scores[score(front_total + hole_total)] += Fraction(hole_ways, holes)
        play = sum(
            (p * _score_net(name) for name, p in scores.items()),
            Fraction(0),
        )
        rows.append(
            StartFigures(
                first=front[0],
                second=front[1],
                probability=Fraction(front_ways, starts),
                scores=scores,
                play_return=play,
                decision="back_9" if play > FOLD_NET else "fold",
            )
        )
    return tuple(rows)


def _score_net(name: Score) -> Fraction:
    """Per Front 9 unit: both wagers lost over par, else the Front 9 and Back 9 odds."""
    if name is Score.OVER_PAR:
        return Fraction(-2)
    return FRONT_9_ODDS + BACK_9_ODDS[name]


def strategy_in_words(rows: tuple[StartFigures, ...] | None = None) -> str:
    """The strategy as a sentence, derived from ``rows`` (default :func:`strategy`)."""
    rows = strategy() if rows is None else rows
    played = [row.total for row in rows if row.decision == "back_9"]
    folded = [row.total for row in rows if row.decision == "fold"]
    if played and folded and max(played) < min(folded):
        return (
            f"Make the Back 9 Wager when the two front cards total {max(played)} or less "
            f"(aces 1, picture cards 10); fold at {min(folded)} or more."
        )
    plays = ", ".join(f"{row.first}+{row.second}" for row in rows if row.decision == "back_9")
    return f"Make the Back 9 Wager with the starts {plays}; fold every other."


def decide(front: tuple[int, int]) -> Literal["back_9", "fold"]:
    """The optimal decision for front cards of point values ``front`` (any order)."""
    low, high = sorted(front)
    return _decisions()[(low, high)]


@cache
def _decisions() -> dict[tuple[int, int], Literal["back_9", "fold"]]:
    return {(row.first, row.second): row.decision for row in strategy()}


def front_9_outcomes() -> dict[str, Fraction]:
    """Probability of each end of the Front 9 game under the optimal strategy: ``fold``
    and each score of a hand played on (albatross, eagle, birdie, par, over par)."""
    return dict(_front_9_outcomes())


@cache
def _front_9_outcomes() -> tuple[tuple[str, Fraction], ...]:
    result: dict[str, Fraction] = {"fold": Fraction(0)} | {
        name.value: Fraction(0) for name in Score
    }
    for row in strategy():
        if row.decision == "fold":
            result["fold"] += row.probability
            continue
        for name, p in row.scores.items():
            result[name.value] += row.probability * p
    return tuple(result.items())


def back_9_probability() -> Fraction:
    """The probability that the optimal player makes the Back 9 Wager."""
    return sum((row.probability for row in strategy() if row.decision == "back_9"), Fraction(0))


def element_of_risk() -> Fraction:
    """The house edge of the Front 9 game per total amount wagered: the expected loss
    per Front 9 unit divided by the expected units wagered, 1 + P(Back 9)."""
    return front_9_figures().house_edge / (1 + back_9_probability())


def always_play_return() -> Fraction:
    """The expected net per Front 9 unit of a player who never folds (for comparison)."""
    return sum((row.probability * row.play_return for row in strategy()), Fraction(0))


_FRONT_LABELS: dict[str, str] = {
    "fold": "fold: Front 9 forfeited",
    Score.ALBATROSS.value: "albatross (8 or less): Front 9 1 to 1, Back 9 25 to 1",
    Score.EAGLE.value: "eagle (9-13): Front 9 1 to 1, Back 9 5 to 1",
    Score.BIRDIE.value: "birdie (14-18): Front 9 1 to 1, Back 9 2 to 1",
    Score.PAR.value: "par (19-24): Front 9 1 to 1, Back 9 1 to 1",
    Score.OVER_PAR.value: "over par (25 or more): Front 9 and Back 9 lose",
}


@cache
def front_9_figures() -> WagerFigures:
    """``front_9``: the Front 9 + Back 9 game with the optimal strategy, per Front 9
    unit (676a.11(b)-(d), 676a.12(a)-(b))."""
    nets = {"fold": FOLD_NET} | {name.value: _score_net(name) for name in Score}
    outcomes = [
        OutcomeFigures(_FRONT_LABELS[key], p, nets[key], nets[key] > 0)
        for key, p in front_9_outcomes().items()
    ]
    return WagerFigures.from_outcomes(
        FRONT_9,
        outcomes,
        strategy="optimal Back 9: " + strategy_in_words(),
        description=(
            "Front 9 Wager with the Back 9 decision, per Front 9 unit: Front 9 1 to 1 "
            "(676a.12(a)) and Back 9 by score (676a.12(b)) at par 24 or less; fold "
            "forfeits the Front 9 (676a.11(b))"
        ),
    )


# --- Skins -------------------------------------------------------------------------------
@cache
def skins_distribution() -> dict[str, Fraction]:
    """``lower`` (the player's four cards total less than the dealer's: the Skins Wager
    wins), ``tie`` and ``higher`` (both lose, 676a.11(d)(4)), over every pair of
    disjoint four-card hands of one deck."""
    player_hands = comb(sum(DECK_COUNTS), CARDS_PER_HAND)
    dealer_hands = comb(sum(DECK_COUNTS) - CARDS_PER_HAND, CARDS_PER_HAND)
    binomial = [
        [comb(n, k) for k in range(CARDS_PER_HAND + 1)] for n in range(max(DECK_COUNTS) + 1)
    ]
    dealers = [
        (total, tuple(Counter(values).items())) for values, total in _multisets(CARDS_PER_HAND)
    ]
    lower = tie = 0
    for values, total, weight in hands(CARDS_PER_HAND):
        left = remove(DECK_COUNTS, values)
        above = same = 0
        for dealer_total, tally in dealers:
            if dealer_total < total:
                continue
            dealer_ways = 1
            for value, k in tally:
                dealer_ways *= binomial[left[value - 1]][k]
            if dealer_total > total:
                above += dealer_ways
            else:
                same += dealer_ways
        lower += weight * above
        tie += weight * same
    pairs = player_hands * dealer_hands
    return {
        "lower": Fraction(lower, pairs),
        "tie": Fraction(tie, pairs),
        "higher": 1 - Fraction(lower + tie, pairs),
    }


@cache
def skins_figures() -> WagerFigures:
    """``skins``: 1 to 1 when the player's total is less than the dealer's
    (676a.11(d)(4), 676a.12(c))."""
    dist = skins_distribution()
    return WagerFigures.from_outcomes(
        SKINS,
        [
            OutcomeFigures(
                "player's total less than the dealer's", dist["lower"], SKINS_ODDS, True
            ),
            OutcomeFigures("totals tie: the Skins Wager loses", dist["tie"], Fraction(-1), False),
            OutcomeFigures(
                "player's total more than the dealer's", dist["higher"], Fraction(-1), False
            ),
        ],
        description="Skins Wager 1 to 1, ties lose (676a.11(d)(4), 676a.12(c))",
    )


# --- Gopher ------------------------------------------------------------------------------
def ace_distribution() -> dict[int, Fraction]:
    """Number of aces among the player's four cards -> probability (hypergeometric)."""
    total = comb(sum(DECK_COUNTS), CARDS_PER_HAND)
    ace_count = DECK_COUNTS[0]
    others = sum(DECK_COUNTS) - ace_count
    return {
        k: Fraction(comb(ace_count, k) * comb(others, CARDS_PER_HAND - k), total)
        for k in range(CARDS_PER_HAND + 1)
    }


@cache
def gopher_figures(paytable: GopherPaytable) -> WagerFigures:
    """``gopher:a`` / ``gopher:b``: paid by the number of aces (676a.11(d)(5),
    676a.12(d))."""
    odds = GOPHER_PAYTABLES[paytable]
    outcomes = [
        OutcomeFigures(
            f"{k} ace{'s' if k > 1 else ''}" if k else "no ace",
            p,
            odds[k] if k else Fraction(-1),
            k > 0,
        )
        for k, p in sorted(ace_distribution().items(), reverse=True)
    ]
    table = ", ".join(f"{k}: {format_odds(odds[k])}" for k in sorted(odds, reverse=True))
    return WagerFigures.from_outcomes(
        f"gopher:{paytable.value}",
        outcomes,
        description=f"Gopher Wager, paytable {paytable.name} ({table}) (676a.12(d))",
    )


# --- the par sheet -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GoForeItParSheet(ParSheet):
    """The par sheet with the Back 9 strategy table and the element of risk."""

    strategy: tuple[StartFigures, ...] = ()
    element_of_risk: Fraction = Fraction(0)
    back_9_probability: Fraction = Fraction(0)

    def to_dict(self) -> dict[str, Any]:
        """The shared par-sheet JSON plus ``strategy`` (one row per two-card start),
        ``element_of_risk`` and ``back_9_probability`` of the Front 9 game."""
        data = ParSheet.to_dict(self)
        data["element_of_risk"] = float(self.element_of_risk)
        data["element_of_risk_exact"] = exact_text(self.element_of_risk)
        data["back_9_probability"] = float(self.back_9_probability)
        data["back_9_probability_exact"] = exact_text(self.back_9_probability)
        data["strategy"] = [row.to_dict() for row in self.strategy]
        return data


def strategy_table_text(rows: tuple[StartFigures, ...] | None = None) -> str:
    """The strategy as a grid: low card down, high card across, ``B`` for the Back 9 and
    ``f`` for fold."""
    rows = strategy() if rows is None else rows
    decision = {(row.first, row.second): row.decision for row in rows}
    names = {1: "A", 10: "T"} | {v: str(v) for v in range(2, 10)}
    lines = ["    " + " ".join(names[v] for v in range(1, 11))]
    for low in range(1, 11):
        cells = [
            " " if high < low else ("B" if decision[(low, high)] == "back_9" else "f")
            for high in range(1, 11)
        ]
        lines.append(f"  {names[low]} " + " ".join(cells))
    return "\n".join(lines)


def _notes(rules: GoForeItRules) -> list[str]:
    rows = strategy()
    front = front_9_figures()
    outcomes = front_9_outcomes()
    ties = [row for row in rows if row.play_return == FOLD_NET]
    never = always_play_return()
    return [
        "Exact enumeration of one 52-card deck by point values (rank-count symmetry); a "
        "single player against the dealer. The other players' cards are face down and "
        "unseen, so they change no expectation.",
        "front_9 is the Front 9 + Back 9 game per Front 9 unit with the optimal Back 9 "
        f"strategy: {strategy_in_words(rows)} "
        + ("No start is a tie between playing and folding." if not ties else "")
        + f" The Back 9 is made with probability {float(back_9_probability()):.6f} "
        f"({exact_text(back_9_probability())}).",
        f"Element of risk of the Front 9 game (house edge per total amount wagered, Front 9 "
        f"+ Back 9): {percent(element_of_risk())} (exact {exact_text(element_of_risk())}); "
        f"house edge per Front 9 unit {percent(front.house_edge)} (exact "
        f"{exact_text(front.house_edge)}).",
        "Outcome probabilities of the Front 9 game: "
        + "; ".join(f"{key} {float(p):.6f} ({exact_text(p)})" for key, p in outcomes.items())
        + ".",
        f"A player who never folds returns {float(never):+.6f} per Front 9 unit "
        f"(exact {exact_text(never)}).",
        "Skins ties lose (676a.11(d)(4)(i)), so the lower total must be strictly lower.",
        f"This Rules Submission selects Gopher paytable {rules.gopher_paytable.name} "
        "(676a.12(d)); both are shown.",
        "Strategy table (low front card down, high across; B: Back 9, f: fold):\n"
        + strategy_table_text(rows),
    ]


def par_sheet(rules: GoForeItRules | None = None) -> GoForeItParSheet:
    """The par sheet of Go Fore It under ``rules`` (default :class:`GoForeItRules`):
    exact figures per unit for ``front_9`` (the Front 9 + Back 9 game with the optimal
    strategy, per Front 9 unit), ``skins``, ``gopher:a`` and ``gopher:b``, with the
    strategy table and the element of risk. Every odds is a whole number, so payout
    rounding never applies."""
    rules = rules if rules is not None else GoForeItRules()
    return GoForeItParSheet(
        game=GAME,
        variant=None,
        wagers=(
            front_9_figures(),
            skins_figures(),
            gopher_figures(GopherPaytable.A),
            gopher_figures(GopherPaytable.B),
        ),
        notes=tuple(_notes(rules)),
        rules_sha256=rules.sha256(),
        strategy=strategy(),
        element_of_risk=element_of_risk(),
        back_9_probability=back_9_probability(),
    )


def offered(figures: WagerFigures, rules: GoForeItRules) -> bool:
    """Whether the wager of ``figures`` is offered under ``rules``: every wager but the
    Gopher paytable the submission does not select (676a.12(d))."""
    wager = ParWager.parse(figures.wager)
    return wager.kind != "gopher" or wager.qualifier == rules.gopher_paytable.value


def start_return(front: tuple[int, int]) -> Fraction:
    """The exact expected net per Front 9 unit of making the Back 9 Wager on front cards
    of point values ``front`` (any order): the two hole cards are two of the 50 unseen
    cards (:attr:`StartFigures.play_return`)."""
    low, high = sorted(front)
    return _returns()[(low, high)]


@cache
def _returns() -> dict[tuple[int, int], Fraction]:
    return {(row.first, row.second): row.play_return for row in strategy()}


def expected_given_decisions(round_: Any) -> dict[str, Fraction]:
    """The house's expected win (cents, exact) on each par-sheet wager of the settled
    ``round_`` (a Go Fore It round replayed from its events) given the decisions its
    players took (the hold report's observed-decisions theoretical win,
    :mod:`croupier.reports.observed`): the Front 9 of a seat that made the Back 9 Wager
    is worth its stake times :func:`start_return` of its two front cards (676a.11(c)),
    of a seat that folded minus its stake (676a.11(b)); Skins and Gopher have no
    decision and keep the par sheet's house edge. Voided wagers are not counted."""
    state = round_.state
    rules: GoForeItRules = state.rules
    found: dict[str, Fraction] = {}
    for event in settled_wagers(round_.events):
        spot, stake = event.spot, Fraction(event.amount)
        if spot == "back_9":
            continue
        if spot == FRONT_9:
            if state.decisions.get(event.seat) == "back_9":
                cards = state.hands[event.seat][:2]
                net = start_return((point_value(cards[0]), point_value(cards[1])))
            else:
                net = FOLD_NET
            found[FRONT_9] = found.get(FRONT_9, Fraction(0)) - stake * net
            continue
        name = f"gopher:{rules.gopher_paytable}" if spot == "gopher" else spot
        edge = (
            skins_figures() if name == SKINS else gopher_figures(rules.gopher_paytable)
        ).house_edge
        found[name] = found.get(name, Fraction(0)) + stake * edge
    return found


def enumeration(figures: WagerFigures, rules: GoForeItRules) -> Enumeration | None:
    """The equally likely combinations a wager's counts are out of (the lab sheet,
    :mod:`croupier.analysis.lab_sheet`): Front 9, the two front cards then the two
    hole cards (the optimal decision is taken on the front cards); Skins, the player's
    four cards then the dealer's; a Gopher Wager, the player's four cards."""
    cards = sum(DECK_COUNTS)
    hand = CARDS_PER_HAND
    if figures.wager == FRONT_9:
        return Enumeration(
            comb(cards, 2) * comb(cards - 2, 2),
            f"the two front cards and then the two hole cards of one {cards}-card deck, "
            f"C({cards}, 2) x C({cards - 2}, 2), equally likely",
        )
    if figures.wager == SKINS:
        return Enumeration(
            comb(cards, hand) * comb(cards - hand, hand),
            f"the player's {hand} cards and the dealer's {hand} of one {cards}-card deck, "
            f"C({cards}, {hand}) x C({cards - hand}, {hand}), equally likely",
        )
    if figures.wager.startswith("gopher:"):
        return Enumeration(
            comb(cards, hand),
            f"the player's {hand} cards of one {cards}-card deck, C({cards}, {hand}), "
            "equally likely",
        )
    return None


__all__ = [
    "DECK_COUNTS",
    "FOLD_NET",
    "GoForeItParSheet",
    "StartFigures",
    "ace_distribution",
    "always_play_return",
    "back_9_probability",
    "decide",
    "element_of_risk",
    "enumeration",
    "expected_given_decisions",
    "front_9_figures",
    "front_9_outcomes",
    "gopher_figures",
    "hands",
    "offered",
    "par_sheet",
    "remove",
    "skins_distribution",
    "skins_figures",
    "start_return",
    "strategy",
    "strategy_in_words",
    "strategy_table_text",
    "ways",
]
