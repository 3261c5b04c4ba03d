"""The table sign of Sic Bo (ch. 625a): the payout odds of every wager, posted on the
layout or on a sign at the table (625a.1), the choice on Two of a Kind and the limits.
Each citation is shown marked "(inferred)" (:func:`croupier.citations.shown`: the
chapter's text is not at hand)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.citations import shown
from croupier.money import format_cents, format_odds
from croupier.rules.sic_bo import PAYOUTS, SIGN, TOTALS, WAGERS, SicBoRules
from croupier.signs import header, odds_rows, paytable

_NUMBERS = {1: "One die", 2: "Two dice", 3: "Three dice"}


def sign(rules: SicBoRules) -> RenderableType:
    """The sign of a Sic Bo submission: every wager of 625a.3 at its odds (625a.1,
    625a.6), whether Two of a Kind wins on three of a kind, the payout limit if the
    Rules Submission sets one, and the table limits (per wager, and per player per round
    where it sets that)."""
    odds = rules.odds
    triple = "wins" if rules.two_of_a_kind_on_triple else "loses"
    wagers = [
        ("Small (total 4 to 10, not a triple)", format_odds(odds.small)),
        ("Big (total 11 to 17, not a triple)", format_odds(odds.big)),
        ("Three of a Kind (a number on all three dice)", format_odds(odds.three_of_a_kind)),
        ("Any Three of a Kind", format_odds(odds.any_three_of_a_kind)),
        (
            f"Two of a Kind (a number on two dice; {triple} on three)",
            format_odds(odds.two_of_a_kind),
        ),
        ("Two Dice Combination (two numbers)", format_odds(odds.combination)),
    ]
    return Group(
        *header(f"Sic Bo (58 Pa. Code ch. 625a), paytable {rules.paytable}", rules),
        Text(f"PAYOUT ODDS ({shown(f'{SIGN}; {PAYOUTS}')})", style="bold"),
        paytable(f"Wagers ({shown(WAGERS)})", "Wager", wagers),
        paytable(
            f"Total Value ({shown(WAGERS)})",
            "Total of the three dice",
            odds_rows(odds.totals, {total: str(total) for total in TOTALS}),
        ),
        paytable(
            f"One of a Kind ({shown(WAGERS)})",
            "Dice showing the chosen number",
            odds_rows(odds.one_of_a_kind, _NUMBERS),
        ),
        Text(""),
        *(
            [Text(f"Payout limit: {format_cents(limit)} per player per round ({shown(PAYOUTS)})")]
            if (limit := rules.payout_limit) is not None
            else []
        ),
        Text(f"Table limits: {rules.describe_limits()}"),
    )
