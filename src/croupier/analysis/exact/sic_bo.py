"""Exact figures for Sic Bo (58 Pa. Code ch. 625a; the sections as the 2011 preamble
describes them).

Every figure is an exact :class:`~fractions.Fraction` over the 216 equally likely ordered
shakes of three dice (625a.2): for each wager of 625a.3, named as the engine names its
spot, every shake is settled by the engine's own rule
(:func:`croupier.games.sic_bo.odds_on`) at the paytable of the Rules Submission
(625a.6), and the shakes are grouped by their net result per unit staked.

Payout rounding to cents is not applied: the figures are those of the odds themselves.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from croupier.analysis.par_sheet import Enumeration, OutcomeFigures, ParSheet, WagerFigures
from croupier.citations import shown
from croupier.games.sic_bo import all_spots, odds_on
from croupier.money import format_cents, format_odds
from croupier.rules.sic_bo import FACES, SicBoRules, SicBoSpot

GAME = "sic-bo"
SHAKES: tuple[tuple[int, int, int], ...] = tuple(product(FACES, FACES, FACES))
"""The 216 ordered shakes of three dice, each of probability 1/216."""

# The citations the descriptions and notes end with, as a reader is shown them: ch. 625a's
# text is not at hand, so each is marked "(inferred)" (croupier.citations).
_WAGERS = shown("625a.3")
_PAYOUTS = shown("625a.6")


def wager_figures(rules: SicBoRules, spot: str) -> WagerFigures:
    """The figures of one unit on ``spot`` under ``rules``."""
    weights: dict[Fraction | None, int] = {}
    paytable, on_triple = rules.odds, rules.two_of_a_kind_on_triple
    for faces in SHAKES:
        odds = odds_on(spot, faces, paytable, on_triple)
        weights[odds] = weights.get(odds, 0) + 1
    outcomes = [
        OutcomeFigures(
            label="lose" if odds is None else f"win {format_odds(odds)}",
            probability=Fraction(count, len(SHAKES)),
            net=Fraction(-1) if odds is None else odds,
            hit=odds is not None,
        )
        for odds, count in sorted(weights.items(), key=lambda item: item[0] or Fraction(-1))
    ]
    return WagerFigures.from_outcomes(spot, outcomes, description=_describe(spot))


def _describe(spot: str) -> str:
    typed = SicBoSpot.parse(spot)
    kind, tail = typed.kind, "-".join(str(n) for n in typed.numbers)
    return {
        "small": f"Small: a total of 4 to 10, not three of a kind ({_WAGERS})",
        "big": f"Big: a total of 11 to 17, not three of a kind ({_WAGERS})",
        "three_of_a_kind": f"Three of a Kind: {tail} on all three dice ({_WAGERS})",
        "any_three_of_a_kind": f"Any Three of a Kind ({_WAGERS})",
        "two_of_a_kind": f"Two of a Kind: {tail} on two of the dice ({_WAGERS})",
        "total": f"Total Value: the three dice total {tail} ({_WAGERS})",
        "combination": f"Two Dice Combination: {tail.replace('-', ' and ')} both show ({_WAGERS})",
        "one_of_a_kind": f"One of a Kind: {tail} on one or more dice, paid per die ({_WAGERS})",
    }[kind]


def par_sheet(rules: SicBoRules | None = None) -> ParSheet:
    """The par sheet of Sic Bo under ``rules`` (default: the ``low`` paytable): exact
    figures per unit staked for every wager spot of the layout."""
    rules = rules if rules is not None else SicBoRules()
    triple = "wins" if rules.two_of_a_kind_on_triple else "loses"
    limited = []
    if rules.payout_limit is not None:
        limited.append(
            f"The aggregate payout limit of {format_cents(rules.payout_limit)} per player per "
            f"round ({_PAYOUTS}) is not applied; it is at least the most one player can win at the "
            "table minimum, so it can bind only on larger wagers."
        )
    return ParSheet(
        game=GAME,
        variant=rules.variant_name(),
        wagers=tuple(wager_figures(rules, spot) for spot in all_spots()),
        notes=(
            "Exact over the 216 equally likely shakes of three dice (625a.2).",
            f"Paytable {rules.paytable} (625a.6); Two of a Kind {triple} on three of a kind.",
            "Figures are per unit staked, at the odds themselves: payout rounding to "
            "cents is not applied.",
            *limited,
        ),
        rules_sha256=rules.sha256(),
    )


def enumeration(figures: WagerFigures, rules: SicBoRules) -> Enumeration:
    """Every wager's counts are out of the 216 ordered shakes of three dice (the lab
    sheet, :mod:`croupier.analysis.lab_sheet`)."""
    return Enumeration(len(SHAKES), "ordered shakes of three dice, 6**3, equally likely")


__all__ = ["SHAKES", "enumeration", "par_sheet", "wager_figures"]
