"""The table sign of Criss-Cross Poker (ch. 674a)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import groupby

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.money import format_cents, format_odds
from croupier.rules.criss_cross_poker import (
    ANTE_ODDS,
    BET_ODDS,
    BONUS_ODDS,
    MAX_BET_MULTIPLE,
    PAYLINE_ORDER,
    CrissCrossPokerRules,
    Payline,
)
from croupier.signs import header, limit_range, paytable

_HAND_NAMES: dict[Payline, str] = {
    Payline.ROYAL_FLUSH: "Royal flush",
    Payline.STRAIGHT_FLUSH: "Straight flush",
    Payline.FOUR_OF_A_KIND: "Four-of-a-kind",
    Payline.FULL_HOUSE: "Full house",
    Payline.FLUSH: "Flush",
    Payline.STRAIGHT: "Straight",
    Payline.THREE_OF_A_KIND: "Three-of-a-kind",
    Payline.TWO_PAIR: "Two pair",
    Payline.JACKS_OR_BETTER: "Pair of jacks, queens, kings or aces",
    Payline.SIXES_TO_TENS: "Pair of 6s through 10s",
}
_OR_BETTER: dict[Payline, str] = {
    Payline.JACKS_OR_BETTER: "Pair of jacks or better",
    Payline.SIXES_TO_TENS: "Pair of 6s or better",
}


def _poker_rows(odds: Mapping[Payline, Fraction | None]) -> list[tuple[str, str]]:
    """The rows of a 674a.12 paytable, best hand first (``None`` is a push). Adjacent
    lines that pay alike down to a pair are one row, "Pair of ... or better", as the
    regulation prints them (674a.12(a), (c))."""
    rows: list[tuple[str, str]] = []
    lines = sorted(odds, key=PAYLINE_ORDER.index, reverse=True)
    for payout, group in groupby(lines, key=lambda line: odds[line]):
        run = list(group)
        text = "Push" if payout is None else format_odds(payout)
        if len(run) > 1 and run[-1] in _OR_BETTER:
            rows.append((_OR_BETTER[run[-1]], text))
        else:
            rows += [(_HAND_NAMES[line], text) for line in run]
    return rows


def sign(rules: CrissCrossPokerRules) -> RenderableType:
    """The table sign of a Criss-Cross Poker submission: the payout odds of every
    permissible wager (674a.2(b)(5)): the antes (674a.12(a)), the Across, Down and Middle
    Bets (674a.12(b)) and, where offered, the Five Card Bonus (674a.12(c)); the aggregate
    payout limit where one is set (674a.2(b)(6), 674a.12(d)); and the table limits."""
    s = rules.sections
    parts: list[RenderableType] = [
        *header("Criss-Cross Poker (58 Pa. Code ch. 674a)", rules),
        Text("PAYOUT ODDS (674a.2(b)(5))", style="bold"),
        paytable(
            f"Ante Across and Ante Down Wagers ({s.ante_odds})",
            "Across Hand or Down Hand",
            _poker_rows(ANTE_ODDS),
        ),
        paytable(
            f"Across, Down and Middle Bets ({s.bet_odds})",
            "Across Hand, Down Hand, or the higher of the two for the Middle Bet",
            _poker_rows(BET_ODDS),
        ),
    ]
    if rules.five_card_bonus:
        parts.append(
            paytable(
                f"Five Card Bonus Wager ({s.bonus_odds})",
                "The five community cards",
                _poker_rows(BONUS_ODDS),
            )
        )
    parts += [
        Text(""),
        Text(
            "A hand less than a pair of 6s loses (674a.11(h)(1)(i), (h)(2)(i)); the Middle "
            "Bet loses if neither hand is a pair of 6s or better (674a.11(h)(3))."
        ),
    ]
    if rules.payout_limit is not None:
        parts.append(
            Text(
                f"Payout limit: {format_cents(rules.payout_limit)} per player per round of "
                f"play (674a.2(b)(6); {s.payout_limit})",
                style="bold",
            )
        )
    parts.append(_table_limits(rules))
    return Group(*parts)


def _table_limits(rules: CrissCrossPokerRules) -> Text:
    """The table limits: the antes', the bets' as multiples, the Five Card Bonus's."""
    s = rules.sections
    antes = limit_range(rules.minimum_wager, rules.maximum_wager)
    limits = (
        f"Table limits: Ante Across and Ante Down {antes} each; Across, Down and Middle "
        f"Bets 1 to {MAX_BET_MULTIPLE} times the ante ({s.across}, {s.down}, {s.middle})"
    )
    if rules.five_card_bonus:
        limits += f"; Five Card Bonus {limit_range(*rules.bonus_limits())}"
    return Text(limits)
