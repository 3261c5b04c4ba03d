"""The table sign of Craps and Mini-Craps (ch. 623a): the table and its staff (623a.2),
the wagers offered (623a.3) at their payout odds (623a.5, 623a.6), the Buy and Lay
commission, the Fire Bet's tiers (623a.11), Bonus Craps (623a.12) and the limits. Each
citation is shown marked "(inferred)" (:func:`croupier.citations.shown`: the chapter's
text is not at hand)."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.citations import shown
from croupier.money import format_odds
from croupier.rules.craps import (
    BONUS,
    FIRE,
    ODDS,
    PAYOUTS,
    POINTS,
    STAFF,
    TABLES,
    WAGERS,
    Commission,
    CrapsRules,
    WagerKind,
    true_odds,
)
from croupier.signs import header, paytable

_WHEN = {Commission.UP_FRONT: "when the wager is made", Commission.ON_WIN: "on a win only"}


def _rows(rules: CrapsRules) -> list[tuple[str, str]]:
    odds = rules.odds_of
    offers = rules.offers
    rows: list[tuple[str, str]] = []
    even = format_odds(Fraction(1))
    bar = f"bar {rules.dont_bar}"
    for kind, label in (
        (WagerKind.PASS, "Pass"),
        (WagerKind.DONT_PASS, f"Don't Pass ({bar})"),
        (WagerKind.COME, "Come"),
        (WagerKind.DONT_COME, f"Don't Come ({bar})"),
    ):
        if offers(kind):
            rows.append((label, even))
    for kind, key, label in (
        (WagerKind.PLACE, "place", "Place {n} to win"),
        (WagerKind.PLACE_TO_LOSE, "place_to_lose", "Place {n} to lose"),
    ):
        if offers(kind):
            rows += [(label.format(n=n), format_odds(odds(f"{key}:{n}"))) for n in POINTS]
    if offers(WagerKind.FIELD):
        rows.append(("Field 3, 4, 9, 10, 11", format_odds(odds("field"))))
        rows.append(("Field 2", format_odds(odds("field:2"))))
        rows.append(("Field 12", format_odds(odds("field:12"))))
    if offers(WagerKind.BIG_6_8):
        rows += [("Big 6", format_odds(odds("big_6"))), ("Big 8", format_odds(odds("big_8")))]
    if offers(WagerKind.HARDWAYS):
        rows += [(f"Hard {n}", format_odds(odds(f"hard:{n}"))) for n in (4, 6, 8, 10)]
    for kind, key, label in (
        (WagerKind.ANY_SEVEN, "any_seven", "Any Seven"),
        (WagerKind.ANY_CRAPS, "any_craps", "Any Craps (2, 3, 12)"),
        (WagerKind.TWO, "two", "Two"),
        (WagerKind.THREE, "three", "Three"),
        (WagerKind.ELEVEN, "eleven", "Eleven"),
        (WagerKind.TWELVE, "twelve", "Twelve"),
    ):
        if offers(kind):
            rows.append((label, format_odds(odds(key))))
    if offers(WagerKind.HORN):
        rows.append(("Horn: four equal parts on 2, 3, 11, 12", "each part at its odds"))
    if offers(WagerKind.C_AND_E):
        rows.append(("C and E: two equal parts, any craps and 11", "each part at its odds"))
    return rows


def sign(rules: CrapsRules) -> RenderableType:
    """The sign of a Craps or Mini-Craps submission (see the module docstring)."""
    kind = "Mini-Craps" if rules.table.value == "mini_craps" else "Craps"
    parts: list[RenderableType] = [
        *header(f"{kind} (58 Pa. Code ch. 623a)", rules),
        Text(
            f"{rules.seat_count()} betting positions; staffed by {STAFF[rules.table]} "
            f"({shown(TABLES)})"
        ),
        Text(f"PAYOUT ODDS ({shown(f'{WAGERS}; {PAYOUTS}')})", style="bold"),
        paytable(f"Wagers ({shown(f'{WAGERS}; {PAYOUTS}')})", "Wager", _rows(rules)),
    ]
    if rules.offers(WagerKind.ODDS):
        taken = [(f"Odds behind {n}", format_odds(true_odds(n))) for n in (4, 5, 6)]
        laid = [(f"Odds laid against {n}", format_odds(1 / true_odds(n))) for n in (4, 5, 6)]
        limit = (
            f"Odds ({shown(ODDS)}): limit {rules.odds_limit}, "
            f"laid odds by their {rules.lay_limit.value}"
        )
        parts.append(paytable(limit, "Odds (the same for 10, 9, 8)", taken + laid))
    if rules.offers(WagerKind.BUY) or rules.offers(WagerKind.LAY):
        parts.append(Text(""))
        parts.append(
            Text(
                f"Buy and Lay pay true odds less a {rules.commission_percent}% commission "
                f"({shown(PAYOUTS)}): on the wager for a Buy, charged "
                f"{_WHEN[rules.buy_commission]}; on the win for a Lay, charged "
                f"{_WHEN[rules.lay_commission]}."
            )
        )
    if rules.offers(WagerKind.FIRE_BET):
        tiers = [(f"{n} distinct points", format_odds(o)) for n, o in rules.fire_tiers.items()]
        parts.append(paytable(f"Fire Bet ({shown(FIRE)})", "The shooter makes", tiers))
    if rules.offers(WagerKind.BONUS_CRAPS):
        bonus = [
            ("All Small: 2, 3, 4, 5, 6 before a 7", format_odds(rules.odds_of("all_small"))),
            ("All Tall: 8, 9, 10, 11, 12 before a 7", format_odds(rules.odds_of("all_tall"))),
            ("Make 'Em All: all ten before a 7", format_odds(rules.odds_of("make_em_all"))),
        ]
        parts.append(paytable(f"Bonus Craps ({shown(BONUS)})", "Wager", bonus))
    parts += [Text(""), Text(f"Table limits: {rules.describe_limits()}")]
    return Group(*parts)
