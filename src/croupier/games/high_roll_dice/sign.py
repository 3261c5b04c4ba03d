"""The table sign of High Roll Dice (ch. 675a, its six-dice variation 675a.6, and the 2014
rules of ch. 593)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from croupier.money import FixedPrize, format_cents
from croupier.rules.high_roll_dice import NO_MATCH, HighRollDiceRules, Variant
from croupier.signs import header, odds_rows, paytable


@dataclass(frozen=True, slots=True)
class _Sign:
    """What a variant's text requires the sign to say, and where."""

    title: str
    odds_cite: str
    limit_cite: str | None
    inscription: str


_SIGNS: dict[Variant, _Sign] = {
    Variant.TEN_DICE: _Sign(
        title="High Roll Dice (58 Pa. Code ch. 675a)",
        odds_cite="675a.1(b)(3)",
        limit_cite="675a.1(b)(4)",
        inscription="All Pip Street and Like Kind Boulevard Wagers and the purchase "
        "of an Extra Roll must be of equal value.",
    ),
    Variant.SIX_DICE: _Sign(
        title="High Roll Dice, six-dice variation (58 Pa. Code 675a.6)",
        odds_cite="675a.6(b); 675a.1(b)(3)",
        limit_cite="675a.6(b); 675a.1(b)(4)",
        inscription="All wagers must be of equal value.",
    ),
    Variant.TEN_DICE_2014: _Sign(
        title="High Roll Dice, 2014 rules (58 Pa. Code ch. 593)",
        odds_cite="593.1(b)(3)",
        limit_cite=None,
        inscription="All Pip Street, Like Kind Boulevard and Extra Roll Wagers must be "
        "of equal value.",
    ),
}

_PIP_NAMES = {1: "One/ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_COUNT_NAMES = {NO_MATCH: "No matches"} | {
    count: f"{name}-of-a-kind"
    for count, name in zip(
        range(2, 11),
        ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
        strict=True,
    )
}


def _prize_rows(prizes: dict[int, FixedPrize]) -> list[tuple[str, str]]:
    return [(_COUNT_NAMES[count], str(prize)) for count, prize in prizes.items()]


def sign(rules: HighRollDiceRules) -> RenderableType:
    """The table sign of a High Roll Dice submission: the payout odds of every wager
    offered (675a.1(b)(3), 675a.6(b), 593.1(b)(3)), the equal-value inscription
    (675a.1(b)(2)(iv), 675a.6(b)(3), 593.1(b)(2)(iv)), the aggregate payout limit where
    one is set (675a.1(b)(4)) and the table limits."""
    drawn, s = _SIGNS[rules.variant], rules.sections
    parts: list[RenderableType] = [
        *header(drawn.title, rules),
        Text(f"PAYOUT ODDS ({drawn.odds_cite})", style="bold"),
        paytable(
            f"Pip Street Wager ({s.pip_street_odds})",
            "Die value with most matches",
            odds_rows(rules.pip_street_odds, _PIP_NAMES),
        ),
        paytable(
            f"Like Kind Boulevard Wager ({s.like_kind_odds})",
            "Most matching dice",
            odds_rows(rules.like_kind_odds, _COUNT_NAMES),
        ),
    ]
    if rules.extra_roll_odds is not None:
        parts.append(
            paytable(
                f"Like Kind Boulevard Wager on the Extra Roll ({s.extra_roll_odds})",
                "Matching dice after the Extra Roll",
                odds_rows(rules.extra_roll_odds, _COUNT_NAMES),
            )
        )
    if rules.millionaire_row_prizes is not None:
        parts.append(
            paytable(
                f"Millionaire Row Wager, First Roll Side Bet ({s.millionaire_row_prizes})",
                "Matching dice on the first roll",
                _prize_rows(rules.millionaire_row_prizes),
                payout="Payout",
            )
        )
    parts += [Text(""), Text(f"{drawn.inscription} ({s.equal_value})", style="bold")]
    if rules.payout_limit is not None:
        assert drawn.limit_cite is not None and s.payout_limit is not None
        excluded = ", Millionaire Row Wagers excluded" if rules.millionaire_row_prizes else ""
        parts.append(
            Text(
                f"Payout limit: {format_cents(rules.payout_limit)} per player per round of "
                f"play{excluded} ({drawn.limit_cite}; {s.payout_limit})"
            )
        )
    parts.append(_table_limits(rules))
    return Group(*parts)


def _table_limits(rules: HighRollDiceRules) -> Text:
    """The table limits, the Millionaire Row's beside them where it is offered."""
    limits = (
        f"Table limits: {format_cents(rules.minimum_wager)} minimum, "
        f"{format_cents(rules.maximum_wager)} maximum"
    )
    if rules.millionaire_row_prizes is not None:
        low, top = format_cents(rules.millionaire_row_minimum), format_cents(100)
        row = top if low == top else f"{low} to {top}"
        limits += f"; Millionaire Row {row} ({rules.sections.millionaire_row})"
    return Text(limits)
