"""What a Pai Gow table pays (ch. 621a asks for no payout sign)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.money import format_odds
from croupier.rules.pai_gow import PAYOUT_ODDS, SECTIONS, PaiGowRules
from croupier.signs import header, paytable


def sign(rules: PaiGowRules) -> RenderableType:
    """What a Pai Gow submission pays. Ch. 621a requires no payout sign or inscription
    (621a.2(b): the name or logo, the betting areas, the Dead Hand), so this says so and
    prints the payout the rules set: 1 to 1 less the 5% vigorish (621a.10(j)-(k)), a tie
    returned, the vigorish on a player bank's surplus (621a.11(q))."""
    s = SECTIONS
    rounding = (
        "rounded up to 25 cents or the next multiple of 25 cents"
        if rules.vigorish_to_quarter
        else "to the cent"
    )
    rows = [
        ("Both hands rank higher", f"{format_odds(PAYOUT_ODDS)} less 5% vigorish"),
        ("One hand higher, one not (a tie)", "Wager returned"),
        ("Neither hand higher", "Wager loses"),
    ]
    parts: list[RenderableType] = [
        *header("Pai Gow (58 Pa. Code ch. 621a)", rules),
        Text(
            "Ch. 621a requires no payout sign or inscription at the table (621a.2(b)); "
            "the payout below is what the rules pay."
        ),
        paytable(
            f"Pai Gow Wager ({s.lose}; {s.tie}; {s.win}; {s.vigorish})",
            "Against the dealer's (or the bank's) hands",
            rows,
            payout="Payout",
        ),
        Text(""),
        Text(f"Vigorish: 5% of the amount won, {rounding} ({s.vigorish})"),
        Text("Copy hands and zero-zero go to the dealer or the bank (621a.4(b), (e))"),
    ]
    if rules.player_banking:
        co = "; co-banking offered" if rules.co_banking else ""
        parts.append(
            Text(
                f"Player bank offered ({s.bank_offered}){co}: the bank pays 5% vigorish on "
                f"its surplus ({s.bank_vigorish})"
            )
        )
    parts.append(Text(f"Table limits: {rules.describe_limits()}"))
    return Group(*parts)
