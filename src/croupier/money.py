"""Money: integer cents, odds as fractions, fixed prizes, one payout rule.

Every amount in croupier is an ``int`` of cents; floats never carry money.
Payout odds are :class:`fractions.Fraction` ("3 to 5" is ``Fraction(3, 5)``).
The rounding rule is stated once, in :func:`payout`: a payout that is not a
whole number of cents is rounded down, unless the Rules Submission chooses
rounding up (in the player's favour).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from croupier.errors import InvalidAmount
from croupier.quoting import figure, kind_of

Cents = int
"""An amount of money in cents (``500`` is $5.00)."""

MAX_CENTS: Cents = 10**11
"""The most cents one amount may be (a wager, a bank's chips, a deposit): $1,000,000,000,
far above any table's limits; it keeps every balance well inside the databases' 64-bit
integers."""


class Rounding(StrEnum):
    """How a payout that is not a whole number of cents is rounded."""

    DOWN = "down"
    """Towards the house: $7.00 at 3 to 5 pays $4.20, $0.01 at 3 to 5 pays $0.00."""
    UP = "up"
    """Towards the player: the next whole cent."""


@dataclass(frozen=True, slots=True)
class FixedPrize:
    """A prize of a fixed amount (cents) for a winning wager of ``for_wager`` cents,
    such as Millionaire Row's $1,000,000 for ten of a kind (675a.5(c))."""

    amount: Cents
    for_wager: Cents

    def __str__(self) -> str:
        return f"{format_cents(self.amount)} for {format_cents(self.for_wager)}"


def format_cents(amount: Cents) -> str:
    """``123456`` -> ``"$1,234.56"``; whole dollars drop the cents (``"$5"``)."""
    sign = "-" if amount < 0 else ""
    dollars, cents = divmod(abs(amount), 100)
    return f"{sign}${dollars:,}" + (f".{cents:02d}" if cents else "")


def format_dollars(amount: Cents) -> str:
    """``5000`` -> ``"$50.00"``, ``123405`` -> ``"$1,234.05"``: the cents always written, as
    a player reads a limit or what he wagered."""
    sign = "-" if amount < 0 else ""
    dollars, cents = divmod(abs(amount), 100)
    return f"{sign}${dollars:,}.{cents:02d}"


def format_odds(odds: Fraction) -> str:
    """``Fraction(3, 5)`` -> ``"3 to 5"``; ``Fraction(5000)`` -> ``"5,000 to 1"``."""
    return f"{odds.numerator:,} to {odds.denominator:,}"


def parse_odds(text: str) -> Fraction:
    """``"3 to 5"`` or ``"3/5"`` -> ``Fraction(3, 5)``; raises ValueError otherwise."""
    normalized = text.replace(",", "").replace(" to ", "/").replace(" ", "")
    return Fraction(normalized)


def require_cents(amount: object, what: str, cite: str) -> Cents:
    """Return ``amount`` if it is a positive whole number of cents.

    Raises :class:`InvalidAmount` (citing ``cite``) for zero, negative,
    non-integer (floats included, even ``5.0``) and boolean amounts, and (citing
    ``money:largest-amount``) for more than :data:`MAX_CENTS`. The message says what the
    amount is, never what a text says (:func:`croupier.quoting.kind_of`: ``text``, ``a
    list of 50,000 items``, ``a number of 31 digits``), as the validation's sentences do.
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidAmount(
            f"{what} must be a whole number of cents, written as a JSON integer such as 500 "
            f"(no quotes, no decimal point), not {kind_of(amount)}",
            cite,
        )
    if amount <= 0:
        shown = figure(amount, format_cents)
        raise InvalidAmount(f"{what} must be more than zero, not {shown}", cite)
    if amount > MAX_CENTS:
        raise InvalidAmount(
            f"{what} of {figure(amount, format_cents)} is more than the largest amount "
            "croupier takes, "
            f"{format_cents(MAX_CENTS)}",
            "money:largest-amount",
        )
    return amount


def payout(wager: Cents, odds: Fraction, rounding: Rounding = Rounding.DOWN) -> Cents:
    """The winnings (cents, stake not included) of ``wager`` cents at ``odds``.

    >>> payout(700, Fraction(3, 5))
    420
    >>> payout(501, Fraction(3, 5)), payout(501, Fraction(3, 5), Rounding.UP)
    (300, 301)
    """
    exact = wager * odds
    if rounding is Rounding.DOWN:
        return exact.numerator // exact.denominator
    return -(-exact.numerator // exact.denominator)


def prize(wager: Cents, fixed: FixedPrize, rounding: Rounding = Rounding.DOWN) -> Cents:
    """The winnings of ``wager`` cents on a fixed prize: the full amount for a wager of
    ``fixed.for_wager`` cents, and in proportion for a smaller wager."""
    return payout(wager, Fraction(fixed.amount, fixed.for_wager), rounding)


VIGORISH_RATE: Fraction = Fraction(5, 100)
"""The Pai Gow vigorish: 5% of the amount won (621a.10(k))."""

VIGORISH_STEP: Cents = 25
"""The Pai Gow vigorish may be rounded up to 25 cents or the next multiple of 25 cents
(621a.10(k))."""


def vigorish(won: Cents, *, to_quarter: bool = False, rounding: Rounding = Rounding.DOWN) -> Cents:
    """The Pai Gow commission (cents) on a win of ``won`` cents: 5% of the amount won
    (621a.10(k)).

    With ``to_quarter`` (the Rules Submission's choice) it is rounded up to 25 cents or
    the next multiple of 25 cents. Otherwise a fraction of a cent follows the payout
    rounding: the net payout rounds ``rounding`` (down: the commission rounds up).

    >>> vigorish(1000), vigorish(510), vigorish(510, rounding=Rounding.UP)
    (50, 26, 25)
    >>> vigorish(500, to_quarter=True), vigorish(600, to_quarter=True)
    (25, 50)
    """
    if won <= 0:
        return 0
    exact = won * VIGORISH_RATE
    if to_quarter:
        steps = exact / VIGORISH_STEP
        return -(-steps.numerator // steps.denominator) * VIGORISH_STEP
    if rounding is Rounding.DOWN:
        return -(-exact.numerator // exact.denominator)
    return exact.numerator // exact.denominator


@dataclass(slots=True)
class PayoutLimit:
    """An aggregate payout limit per player per round (674a.12(d), 675a.5(e), 675a.6(l)).

    ``limit`` is in cents, ``None`` for no limit. :meth:`cap` is called for each
    winning wager in settlement order and returns what may still be paid.
    """

    limit: Cents | None
    paid: Cents = 0

    def cap(self, winnings: Cents) -> Cents:
        """The part of ``winnings`` (cents) that fits under the limit; records it as paid."""
        allowed = winnings if self.limit is None else min(winnings, self.limit - self.paid)
        self.paid += allowed
        return allowed


_DOLLARS = re.compile(r"(-)?\$?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{0,12})(?:\.([0-9]{1,2}))?")
"""Dollars as typed, in the ASCII digits ``0``-``9`` only (not any Unicode decimal digit)."""


def parse_dollars(text: str, cite: str) -> Cents:
    """Dollars as typed (``"5"``, ``"2.50"``, ``".75"``, ``"$1,000"``, ``"-5"``) as exact
    integer cents, read digit by digit, never through a float.

    The sign is kept so that the round refuses a zero or negative wager by its own rule.
    Raises :class:`InvalidAmount` citing ``cite`` for anything else (words, exponents,
    more than two decimals (a fraction of a cent, said so), more than twelve digits of
    dollars) and for digits other than
    the ASCII ``0``-``9`` (a full-width ``５`` or an Arabic-Indic ``٥`` is not taken as 5).
    """
    digits = text.strip().lstrip("-$").split(".")[0].replace(",", "")
    if digits.isascii() and digits.isdigit() and len(digits) > 12:
        raise InvalidAmount(f"{text!r} is too large: at most twelve digits of dollars", cite)
    match = _DOLLARS.fullmatch(text.strip())
    if match is None and re.fullmatch(r"-?\$?[0-9,]*\.[0-9]{3,}", text.strip()):
        raise InvalidAmount(
            f"{text!r} is not an amount in whole cents: it has a fraction of a cent (at "
            "most two places after the point, such as 5 or 2.50)",
            cite,
        )
    if match is None or not (match[2] or match[3]):
        raise InvalidAmount(
            f"{text!r} is not an amount in dollars and cents such as 5 or 2.50", cite
        )
    cents = int(match[2].replace(",", "") or "0") * 100 + int((match[3] or "").ljust(2, "0"))
    return -cents if match[1] else cents


def counted(count: int, noun: str) -> str:
    """``"1 round"``, ``"2 rounds"``, ``"1,000 rounds"``: ``count`` (with thousands
    separators) and ``noun``, plural (``noun + "s"``) unless ``count`` is 1."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"
