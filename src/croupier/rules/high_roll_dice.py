"""High Roll Dice: the three rule sets, their paytables and the Rules Submission.

- ``ten_dice``: ch. 675a (2016), ten dice, six seats.
- ``six_dice``: the six-dice variation of 675a.6.
- ``ten_dice_2014``: the temporary 2014 rules of ch. 593, five seats, whose
  Extra Roll pays 8 to 1 (not 6 to 1) for three of a kind.

Each rule set is typed data: :class:`Sections` names the section behind every
step, and the paytables below are constants with their citations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import ClassVar, Literal

from pydantic import model_validator

from croupier.equipment.dice import FACES, count_vectors, winner_of_counts
from croupier.money import Cents, FixedPrize, Rounding, format_cents, payout, prize
from croupier.rules.base import RulesSubmission, WholeCents

NO_MATCH = 1
"""The Like Kind count of a six-dice throw with no two dice alike (675a.6(d)(2))."""

MILLIONAIRE_ROW_MAXIMUM: Cents = 100
"""A Millionaire Row wager may not be more than $1 (675a.2(e)(4), 593.2(e)(4))."""

PAYOUT_LIMIT_FLOOR: Cents = 5_000_000
"""An aggregate payout limit may not be less than $50,000 (675a.5(e), 675a.6(l))."""


class Variant(StrEnum):
    """Which High Roll Dice rules the table follows."""

    TEN_DICE = "ten_dice"
    """Ch. 675a: ten dice, six seats, Extra Roll and Millionaire Row."""
    SIX_DICE = "six_dice"
    """675a.6(a): six dice, Like Kind on 2..6 of a kind or no match; no Extra Roll,
    no Millionaire Row."""
    TEN_DICE_2014 = "ten_dice_2014"
    """Ch. 593 (2014, temporary): ten dice, five seats, Extra Roll three of a kind 8 to 1."""


@dataclass(frozen=True, slots=True)
class Sections:
    """The section of the variant's text behind each step of the game."""

    seats: str
    ranking: str
    dice: str
    before_shake: str
    seated_only: str
    wagers: str
    pip_street: str
    like_kind: str
    extra_roll: str | None
    lockout: str | None
    """The Extra Roll lock-out at "no more bets" (675a.1(c)(2))."""
    millionaire_row: str | None
    equal_value: str
    no_more_bets: str
    throw: str
    cocked_die: str
    call: str
    set_aside: str
    settle_pip_street: str
    settle_like_kind: str
    hold_like_kind: str | None
    settle_millionaire_row: str | None
    extra_throw: str | None
    settle_extra_roll: str | None
    pip_street_odds: str
    like_kind_odds: str
    millionaire_row_prizes: str | None
    extra_roll_odds: str | None
    payout_limit: str | None


SECTIONS: dict[Variant, Sections] = {
    Variant.TEN_DICE: Sections(
        seats="675a.1(a)",
        ranking="675a.2(d)",
        dice="675a.3(a)",
        before_shake="675a.2(a)",
        seated_only="675a.2(c)",
        wagers="675a.2(e)",
        pip_street="675a.2(e)(1)",
        like_kind="675a.2(e)(2)",
        extra_roll="675a.2(e)(3)",
        lockout="675a.1(c)(2)",
        millionaire_row="675a.2(e)(4)",
        equal_value="675a.1(b)(2)(iv)",
        no_more_bets="675a.4(a)",
        throw="675a.4(b)",
        cocked_die="675a.4(c)",
        call="675a.4(d)",
        set_aside="675a.4(e)",
        settle_pip_street="675a.4(f)(1)",
        settle_like_kind="675a.4(f)(2)(i)",
        hold_like_kind="675a.4(f)(2)(ii)",
        settle_millionaire_row="675a.4(f)(3)",
        extra_throw="675a.4(g)",
        settle_extra_roll="675a.4(h)",
        pip_street_odds="675a.5(a)",
        like_kind_odds="675a.5(b)",
        millionaire_row_prizes="675a.5(c)",
        extra_roll_odds="675a.5(d)",
        payout_limit="675a.5(e)",
    ),
    Variant.SIX_DICE: Sections(
        seats="675a.6(b)",
        ranking="675a.6(c)",
        dice="675a.6(e)",
        before_shake="675a.6(d)",
        seated_only="675a.6(d)",
        wagers="675a.6(d)",
        pip_street="675a.6(d)",
        like_kind="675a.6(d)",
        extra_roll=None,
        lockout=None,
        millionaire_row=None,
        equal_value="675a.6(b)(3)",
        no_more_bets="675a.6(g)",
        throw="675a.6(g)",
        cocked_die="675a.6(g)",
        call="675a.6(h)",
        set_aside="675a.6(h)",
        settle_pip_street="675a.6(i)",
        settle_like_kind="675a.6(i)",
        hold_like_kind=None,
        settle_millionaire_row=None,
        extra_throw=None,
        settle_extra_roll=None,
        pip_street_odds="675a.6(j)",
        like_kind_odds="675a.6(k)",
        millionaire_row_prizes=None,
        extra_roll_odds=None,
        payout_limit="675a.6(l)",
    ),
    Variant.TEN_DICE_2014: Sections(
        seats="593.1(a)",
        ranking="593.2(d)",
        dice="593.3(a)",
        before_shake="593.2(a)",
        seated_only="593.2(c)",
        wagers="593.2(e)",
        pip_street="593.2(e)(1)",
        like_kind="593.2(e)(2)",
        extra_roll="593.2(e)(3)",
        lockout="593.1(c)(2)",
        millionaire_row="593.2(e)(4)",
        equal_value="593.1(b)(2)(iv)",
        no_more_bets="593.4(a)",
        throw="593.4(b)",
        cocked_die="593.4(c)",
        call="593.4(d)",
        set_aside="593.4(e)",
        settle_pip_street="593.4(f)(1)",
        settle_like_kind="593.4(f)(2)(i)",
        hold_like_kind="593.4(f)(2)(ii)",
        settle_millionaire_row="593.4(f)(3)",
        extra_throw="593.4(g)",
        settle_extra_roll="593.4(h)",
        pip_street_odds="593.5(a)",
        like_kind_odds="593.5(b)",
        millionaire_row_prizes="593.5(c)",
        extra_roll_odds="593.5(d)",
        payout_limit=None,
    ),
}

# --- paytables (typed constants; each row is checked against the text in tests) -------
PIP_STREET_TEN_DICE: dict[int, Fraction] = {
    2: Fraction(6),
    3: Fraction(6),
    4: Fraction(5),
    5: Fraction(4),
    6: Fraction(4),
    1: Fraction(3),
}
"""675a.5(a) and 593.5(a): Pip Street odds by the face with the most matches."""

LIKE_KIND_TEN_DICE: dict[int, Fraction] = {
    8: Fraction(5000),
    7: Fraction(400),
    6: Fraction(30),
    5: Fraction(4),
    4: Fraction(1),
    3: Fraction(3, 5),
    2: Fraction(12),
}
"""675a.5(b) and 593.5(b): Like Kind odds by the count of the most matching dice."""

MILLIONAIRE_ROW_PRIZES: dict[int, FixedPrize] = {
    10: FixedPrize(amount=100_000_000, for_wager=MILLIONAIRE_ROW_MAXIMUM),
    9: FixedPrize(amount=5_000_000, for_wager=MILLIONAIRE_ROW_MAXIMUM),
}
"""675a.5(c) and 593.5(c): $1,000,000 for ten of a kind, $50,000 for nine."""

EXTRA_ROLL_2016: dict[int, Fraction] = {
    8: Fraction(50),
    7: Fraction(10),
    6: Fraction(4),
    5: Fraction(2),
    4: Fraction(1),
    3: Fraction(6),
}
"""675a.5(d): Like Kind odds on the Extra Roll by the final count."""

EXTRA_ROLL_2014: dict[int, Fraction] = {**EXTRA_ROLL_2016, 3: Fraction(8)}
"""593.5(d): as 675a.5(d) but three of a kind pays 8 to 1."""

PIP_STREET_SIX_DICE: dict[int, Fraction] = {
    2: Fraction(8),
    3: Fraction(6),
    4: Fraction(5),
    5: Fraction(4),
    6: Fraction(3),
    1: Fraction(2),
}
"""675a.6(j): Pip Street odds of the six-dice variation."""

LIKE_KIND_SIX_DICE: dict[int, Fraction] = {
    6: Fraction(6000),
    5: Fraction(200),
    4: Fraction(15),
    3: Fraction(2),
    2: Fraction(1, 2),
    NO_MATCH: Fraction(60),
}
"""675a.6(k): Like Kind odds of the six-dice variation (count 1 is "no match")."""


class HighRollDiceRules(RulesSubmission):
    """The Rules Submission of a High Roll Dice table.

    Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow.
    """

    game: Literal["high-roll-dice"] = "high-roll-dice"
    variant: Variant = Variant.TEN_DICE
    """Ten dice (675a), six dice (675a.6) or the 2014 rules (ch. 593)."""
    payout_limit: WholeCents | None = None
    """Aggregate payout limit per player per round, cents (675a.5(e), 675a.6(l)); not
    counting Millionaire Row. At least $50,000 and at least :meth:`max_win` at the
    table minimum. Ch. 593 authorizes none."""
    millionaire_row_minimum: WholeCents = MILLIONAIRE_ROW_MAXIMUM
    """The smallest Millionaire Row wager taken, cents; the wager is at most $1
    (675a.2(e)(4)). A wager under $1 wins the fixed prize in proportion."""

    seats: ClassVar[int] = 6
    variant_field: ClassVar[str | None] = "variant"

    def named(self, title: str, chapter: str) -> tuple[str, str]:
        if self.variant is Variant.SIX_DICE:  # 675a.6
            return f"{title}, six dice", chapter
        if self.variant is Variant.TEN_DICE_2014:
            return f"{title} (2014)", "593"
        return title, chapter

    # -- the rule set ------------------------------------------------------------------
    @property
    def sections(self) -> Sections:
        return SECTIONS[self.variant]

    @property
    def dice(self) -> int:
        """How many dice are thrown on the first roll (675a.3(a), 675a.6(e), 593.3(a))."""
        return 6 if self.variant is Variant.SIX_DICE else 10

    @property
    def pip_street_odds(self) -> dict[int, Fraction]:
        return PIP_STREET_SIX_DICE if self.variant is Variant.SIX_DICE else PIP_STREET_TEN_DICE

    @property
    def like_kind_odds(self) -> dict[int, Fraction]:
        return LIKE_KIND_SIX_DICE if self.variant is Variant.SIX_DICE else LIKE_KIND_TEN_DICE

    @property
    def extra_roll_odds(self) -> dict[int, Fraction] | None:
        """The Extra Roll paytable, or ``None`` where the variant has no Extra Roll."""
        return {
            Variant.TEN_DICE: EXTRA_ROLL_2016,
            Variant.TEN_DICE_2014: EXTRA_ROLL_2014,
            Variant.SIX_DICE: None,
        }[self.variant]

    @property
    def millionaire_row_prizes(self) -> dict[int, FixedPrize] | None:
        return None if self.variant is Variant.SIX_DICE else MILLIONAIRE_ROW_PRIZES

    def seat_count(self) -> int:
        """Six betting positions (675a.1(a)); five under the 2014 rules (593.1(a))."""
        return 5 if self.variant is Variant.TEN_DICE_2014 else 6

    def seats_cite(self) -> str:
        return self.sections.seats

    def own_maximums(self) -> dict[str, Cents]:
        """A Millionaire Row wager at most :data:`MILLIONAIRE_ROW_MAXIMUM` ($1,
        675a.2(e)(4))."""
        return {"millionaire_row": MILLIONAIRE_ROW_MAXIMUM}

    def max_win(self, wager: Cents) -> Cents:
        """The most one player can win in a round (cents) betting ``wager`` on every
        Pip Street face and Like Kind circle, with an Extra Roll where offered;
        Millionaire Row excluded (675a.5(e)). Computed over every possible throw."""
        return _max_win(self.variant, wager, self.payout_rounding)

    def most_won_at_minimum(self) -> Cents | None:
        """:meth:`max_win` at the table minimum (cents), the figure a payout limit is held
        to (675a.5(e), 675a.6(l)); ``None`` under the 2014 rules, which authorize no limit
        (593.5)."""
        return None if self.sections.payout_limit is None else self.max_win(self.minimum_wager)

    def least_payout_limit(self) -> Cents | None:
        """The least aggregate payout limit allowed (cents): the greater of $50,000 and
        :meth:`most_won_at_minimum` (675a.5(e), 675a.6(l)); ``None`` under the 2014 rules."""
        most = self.most_won_at_minimum()
        return None if most is None else max(PAYOUT_LIMIT_FLOOR, most)

    def payout_limit_cite(self) -> str | None:
        """675a.5(e) or 675a.6(l); ``None`` under the 2014 rules."""
        return self.sections.payout_limit

    # -- validation --------------------------------------------------------------------
    @model_validator(mode="after")
    def _check(self) -> HighRollDiceRules:
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the table limits must satisfy 0 < minimum ({self.minimum_wager}) <= "
                f"maximum ({self.maximum_wager}) cents (601a.2)"
            )
        if (
            self.variant is Variant.SIX_DICE
            and self.millionaire_row_minimum != MILLIONAIRE_ROW_MAXIMUM
        ):
            raise ValueError(
                "the six-dice variation has no Millionaire Row: leave "
                "millionaire_row_minimum out (675a.6(d))"
            )
        if not 1 <= self.millionaire_row_minimum <= MILLIONAIRE_ROW_MAXIMUM:
            raise ValueError(
                "millionaire_row_minimum must be 1 to 100 cents: a Millionaire Row wager "
                f"may not be more than $1 ({self.sections.millionaire_row or '675a.2(e)(4)'})"
            )
        if self.payout_limit is not None:
            cite = self.sections.payout_limit
            if cite is None:
                raise ValueError(
                    "the 2014 rules authorize no aggregate payout limit: remove payout_limit "
                    "or choose variant ten_dice (593.5)"
                )
            floor = max(PAYOUT_LIMIT_FLOOR, self.max_win(self.minimum_wager))
            if self.payout_limit < floor:
                raise ValueError(
                    f"payout_limit {format_cents(self.payout_limit)} is below "
                    f"{format_cents(floor)}, the greater of $50,000 and the most one player "
                    f"can win per round at the minimum wager of "
                    f"{format_cents(self.minimum_wager)} ({cite})"
                )
        return self


@cache
def _max_win(variant: Variant, wager: Cents, rounding: Rounding) -> Cents:
    rules = HighRollDiceRules.model_construct(variant=variant, payout_rounding=rounding)
    dice = rules.dice
    pip, like, extra = rules.pip_street_odds, rules.like_kind_odds, rules.extra_roll_odds
    best = 0
    possible = {winner_of_counts(counts) for counts in count_vectors(dice)}
    for face, count in possible:
        first = payout(wager, pip[face], rounding)
        if count in like:
            first += payout(wager, like[count], rounding)
        later = 0
        if extra is not None:
            # The Extra Roll can add any number of the remaining dice; a circle paid on
            # the first roll is not paid again (675a.4(h)).
            later = max(
                (payout(wager, extra[final], rounding) for final in extra if final > count),
                default=0,
            )
        best = max(best, first + later)
    return best


def millionaire_row_win(wager: Cents, count: int, rules: HighRollDiceRules) -> Cents:
    """Winnings (cents) of a Millionaire Row wager on ``count`` (9 or 10)."""
    prizes = rules.millionaire_row_prizes
    assert prizes is not None
    return prize(wager, prizes[count], rules.payout_rounding)


__all__ = [
    "EXTRA_ROLL_2014",
    "EXTRA_ROLL_2016",
    "FACES",
    "LIKE_KIND_SIX_DICE",
    "LIKE_KIND_TEN_DICE",
    "MILLIONAIRE_ROW_PRIZES",
    "NO_MATCH",
    "PIP_STREET_SIX_DICE",
    "PIP_STREET_TEN_DICE",
    "SECTIONS",
    "HighRollDiceRules",
    "Sections",
    "Variant",
]
