"""The table sign of Go Fore It (ch. 676a)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.money import format_odds
from croupier.rules.go_fore_it import (
    BACK_9_ODDS,
    FRONT_9_ODDS,
    PAR,
    SCORE_BOUNDS,
    SKINS_ODDS,
    GoForeItRules,
    Spot,
)
from croupier.signs import header, limit_range, odds_rows, paytable

SKINS_TIE = "Skins Wager loses if the dealer's hand and the player's hand tie."
"""The inscription of 676a.2(b)(4)."""

_ACE_NAMES = {4: "Four aces", 3: "Three aces", 2: "Two aces", 1: "One ace"}


def sign(rules: GoForeItRules) -> RenderableType:
    """The table sign of a Go Fore It submission: the payout odds of every wager, the
    Gopher paytable selected (676a.2(b)(3), 676a.12), the Skins tie inscription
    (676a.2(b)(4)) and the table limits."""
    s = rules.sections
    fewest = min(low for low, _ in SCORE_BOUNDS.values())
    back_rows = []
    for score, odds in BACK_9_ODDS.items():
        low, high = SCORE_BOUNDS[score]
        totals = f"{high} or less" if low == fewest else f"{low} to {high}"
        name = score.value.replace("_", " ").title()
        back_rows.append((f"{name} ({totals})", format_odds(odds)))
    gopher = rules.gopher_paytable.value.upper()
    front = limit_range(*rules.limits(Spot.FRONT_9))
    return Group(
        *header("Go Fore It (58 Pa. Code ch. 676a)", rules),
        Text("PAYOUT ODDS (676a.2(b)(3))", style="bold"),
        paytable(
            f"Front 9 Wager ({s.front_9_odds})",
            "Player's hand",
            [(f"Total of {PAR} or less", format_odds(FRONT_9_ODDS))],
        ),
        paytable(f"Back 9 Wager ({s.back_9_odds})", "Player's score (total)", back_rows),
        paytable(
            f"Skins Wager ({s.skins_odds})",
            "Player's hand",
            [("Total less than the dealer's", format_odds(SKINS_ODDS))],
        ),
        paytable(
            f"Gopher Wager, paytable {gopher} ({s.gopher_odds})",
            "Aces in the player's hand",
            odds_rows(rules.gopher_odds, _ACE_NAMES),
        ),
        Text(""),
        Text(f"{SKINS_TIE} (676a.2(b)(4); {s.lose_skins})", style="bold"),
        Text(
            f"Table limits: Front 9 and Back 9 {front}; "
            f"Skins {limit_range(*rules.limits(Spot.SKINS))}; "
            f"Gopher {limit_range(*rules.limits(Spot.GOPHER))}"
        ),
    )
