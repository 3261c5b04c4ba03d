"""Craps and Mini-Craps (58 Pa. Code ch. 623a): the wagers, the minimum payout odds, the
Fire Bet's paytables and the Rules Submission.

The chapter's text is not in croupier's seeds: what is known is the 2011 preamble, which
describes ch. 623a section by section (623a.1 definitions; 623a.2 Craps and Mini-Craps
tables; 623a.3 the permissible wagers, of which a certificate holder offers those it
chooses; 623a.4 making and removal of wagers; 623a.5 minimum payout odds; 623a.6 odds
taken or laid behind Pass, Don't Pass, Come and Don't Come; 623a.7 dice retention and
selection; 623a.8 the throw and an invalid roll; 623a.9 the point throw and settlement;
623a.10 continuation of the shooter and selection of a new shooter; 623a.11 the Fire
Bet), and the current chapter's 623a.12, Bonus Craps (``../shared/games/craps-and-sic-bo.md``).
Where the text is missing croupier builds the common practice that page lists, as the
choices below, and records each reading in ``docs/interpretations.md`` (Craps).

Amounts are in cents; odds are "to 1" fractions (``Fraction(7, 6)`` is 7 to 6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from croupier.money import format_cents, format_odds, parse_odds
from croupier.rules.base import RulesSubmission, WholeCents, WholeNumber

# --- the sections, as the 2011 preamble lays them out -----------------------------------
DEFINITIONS = "623a.1"
TABLES = "623a.2"
"""Craps and Mini-Craps tables: the betting positions and the staff."""
WAGERS = "623a.3"
"""The permissible wagers (a certificate holder offers those it chooses)."""
MAKING = "623a.4"
"""Making and removal of wagers."""
PAYOUTS = "623a.5"
"""Payout odds: the minimums (a certificate holder may pay more, never less)."""
ODDS = "623a.6"
"""Odds taken or laid behind Pass, Don't Pass, Come and Don't Come after the come-out."""
DICE = "623a.7"
"""Dice retention and selection: five dice offered, the shooter keeps two."""
THROW = "623a.8"
"""The throw of the dice; an invalid roll."""
SETTLEMENT = "623a.9"
"""The point throw and the settlement of wagers."""
SHOOTER = "623a.10"
"""Continuation of the shooter; selection of a new shooter (clockwise)."""
FIRE = "623a.11"
"""The Fire Bet: placement, handling, least and most amounts, distinct points."""
BONUS = "623a.12"
"""Bonus Craps (in the current chapter; not in the 2011 proposal)."""

# --- the dice ----------------------------------------------------------------------------
POINTS: tuple[int, ...] = (4, 5, 6, 8, 9, 10)
"""The point numbers (623a.1)."""
HARD_NUMBERS: tuple[int, ...] = (4, 6, 8, 10)
"""The numbers that can be rolled the hard way, as a pair (623a.1)."""
WAYS: dict[int, int] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""How many of the 36 throws of two dice make each total."""
NATURALS = (7, 11)
CRAPS_NUMBERS = (2, 3, 12)
SMALL_NUMBERS: tuple[int, ...] = (2, 3, 4, 5, 6)
"""All Small: each of these rolled before a 7 (623a.12)."""
TALL_NUMBERS: tuple[int, ...] = (8, 9, 10, 11, 12)
"""All Tall: each of these rolled before a 7 (623a.12)."""
DICE_OFFERED = 5
"""The dice the stickperson offers a new shooter, who keeps two (623a.7)."""


def true_odds(point: int) -> Fraction:
    """The true odds of ``point`` against a 7 (623a.6): 2 to 1 on 4 and 10, 3 to 2 on 5
    and 9, 6 to 5 on 6 and 8."""
    if point not in POINTS:
        raise ValueError(f"{point} is not a point number")
    return Fraction(WAYS[7], WAYS[point])


# --- the wagers ----------------------------------------------------------------------------
class WagerKind(StrEnum):
    """The wagers a table may offer (623a.3); the Rules Submission lists those offered."""

    PASS = "pass"
    DONT_PASS = "dont_pass"
    COME = "come"
    DONT_COME = "dont_come"
    ODDS = "odds"
    """Odds taken or laid behind Pass, Don't Pass, Come and Don't Come (623a.6)."""
    PLACE = "place"
    """Place to win, on 4, 5, 6, 8, 9 or 10."""
    PLACE_TO_LOSE = "place_to_lose"
    BUY = "buy"
    LAY = "lay"
    FIELD = "field"
    BIG_6_8 = "big_6_8"
    ANY_SEVEN = "any_seven"
    ANY_CRAPS = "any_craps"
    TWO = "two"
    THREE = "three"
    ELEVEN = "eleven"
    TWELVE = "twelve"
    HORN = "horn"
    C_AND_E = "c_and_e"
    HARDWAYS = "hardways"
    FIRE_BET = "fire_bet"
    BONUS_CRAPS = "bonus_craps"
    """All Small, All Tall and Make 'Em All (623a.12)."""


MINIMUM_ODDS: dict[str, Fraction] = {
    **{f"place:{n}": Fraction(9, 5) for n in (4, 10)},
    **{f"place:{n}": Fraction(7, 5) for n in (5, 9)},
    **{f"place:{n}": Fraction(7, 6) for n in (6, 8)},
    **{f"place_to_lose:{n}": Fraction(5, 11) for n in (4, 10)},
    **{f"place_to_lose:{n}": Fraction(5, 8) for n in (5, 9)},
    **{f"place_to_lose:{n}": Fraction(4, 5) for n in (6, 8)},
    "field": Fraction(1),
    "field:2": Fraction(2),
    "field:12": Fraction(2),
    "big_6": Fraction(1),
    "big_8": Fraction(1),
    "any_seven": Fraction(4),
    "any_craps": Fraction(7),
    "two": Fraction(30),
    "three": Fraction(15),
    "eleven": Fraction(15),
    "twelve": Fraction(30),
    "hard:4": Fraction(7),
    "hard:10": Fraction(7),
    "hard:6": Fraction(9),
    "hard:8": Fraction(9),
    "all_small": Fraction(34),
    "all_tall": Fraction(34),
    "make_em_all": Fraction(175),
}
"""The least odds each wager with a posted payout pays (croupier's reading of 623a.5,
from the common practice of ``craps-and-sic-bo.md``, "to 1"): Place to win 9 to 5 on 4
and 10, 7 to 5 on 5 and 9, 7 to 6 on 6 and 8; Place to lose 5 to 11, 5 to 8, 4 to 5;
the Field 1 to 1 on 3, 4, 9, 10 and 11 and 2 to 1 on 2 and 12; Big 6 and Big 8 1 to 1;
Any Seven 4 to 1; Any Craps 7 to 1; 2 and 12 30 to 1; 3 and 11 15 to 1; hard 4 and 10
7 to 1, hard 6 and 8 9 to 1; All Small and All Tall 34 to 1, Make 'Em All 175 to 1.
A Rules Submission may pay more (``payouts``), never less. Pass, Don't Pass, Come and
Don't Come pay 1 to 1; odds, Buy and Lay pay the true odds (:func:`true_odds`); the Horn
and C&E are paid as their parts (the numbers' odds)."""


class FirePaytable(StrEnum):
    """The Fire Bet's tier table (623a.11)."""

    A = "a"
    """4 points 24 to 1, 5 points 249 to 1, 6 points 999 to 1."""
    B = "b"
    """3 points 6 to 1, 4 points 29 to 1, 5 points 149 to 1, 6 points 299 to 1 (the
    table seen as 7, 30, 150 and 300 "for 1")."""
    CUSTOM = "custom"
    """The operator's own tiers, in ``custom_fire_bet``."""


FIRE_PAYTABLES: dict[FirePaytable, dict[int, Fraction]] = {
    FirePaytable.A: {4: Fraction(24), 5: Fraction(249), 6: Fraction(999)},
    FirePaytable.B: {3: Fraction(6), 4: Fraction(29), 5: Fraction(149), 6: Fraction(299)},
}
"""The named Fire Bet tiers: distinct points made -> odds ("to 1"), from
``craps-and-sic-bo.md`` (table B converted from "for 1")."""


class TableKind(StrEnum):
    """The table (623a.2)."""

    CRAPS = "craps"
    """A full table: a boxperson, two base dealers and a stickperson."""
    MINI_CRAPS = "mini_craps"
    """A smaller table (at most nine seated players) run by one dealer."""


POSITIONS: dict[TableKind, tuple[int, int]] = {
    TableKind.CRAPS: (14, 20),
    TableKind.MINI_CRAPS: (9, 9),
}
"""The betting positions of each table kind: (the default, the most)."""
STAFF: dict[TableKind, str] = {
    TableKind.CRAPS: "a boxperson, two base dealers and a stickperson",
    TableKind.MINI_CRAPS: "one dealer",
}


class Commission(StrEnum):
    """When the 5% commission on a Buy or Lay wager is charged (623a.5)."""

    UP_FRONT = "up_front"
    """When the wager is made (and again when it wins and stays up); returned if the
    wager is taken down before it is decided."""
    ON_WIN = "on_win"
    """Only when the wager wins, out of its payout."""


class LayLimit(StrEnum):
    """What the odds limit bounds on a Don't Pass or Don't Come wager (623a.6)."""

    WIN = "win"
    """What the laid odds may win: at most the limit times the wager (3-4-5x lets the
    don't bettor lay 6x on every point)."""
    WAGER = "wager"
    """The laid amount itself: at most the limit times the wager."""


class BrokenPayouts(StrEnum):
    """A wager whose payout (or commission) at its odds is not a whole number of cents."""

    REFUSE = "refuse"
    """Refused when made (623a.4): the amount must pay whole cents."""
    ROUND = "round"
    """Taken; the payout is rounded by ``payout_rounding`` (a commission the other way)."""


_ODDS_LIMIT = re.compile(r"([0-9]{1,3})x")


@dataclass(frozen=True, slots=True)
class OddsLimit:
    """The most odds behind a line wager, as a multiple of it, by point (623a.6)."""

    name: str
    multiples: dict[int, int]

    def multiple(self, point: int) -> int:
        return self.multiples[point]


def odds_limit(text: str) -> OddsLimit:
    """``"3-4-5x"`` or ``"Nx"`` (N 1 to 100) as an :class:`OddsLimit`; ``ValueError``
    otherwise."""
    if text == "3-4-5x":
        return OddsLimit(text, {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5})
    match = _ODDS_LIMIT.fullmatch(text)
    if match is None or not 1 <= int(match[1]) <= 100:
        raise ValueError(
            f'odds_limit {text!r} is not "1x" to "100x" or "3-4-5x", the most odds behind a '
            f"line wager ({ODDS})"
        )
    return OddsLimit(text, dict.fromkeys(POINTS, int(match[1])))


STANDARD_ODDS_LIMITS: tuple[str, ...] = ("1x", "2x", "3x", "3-4-5x", "5x", "10x", "20x", "100x")
"""The limits ``craps-and-sic-bo.md`` lists as common; any of 1x to 100x may be filed."""


class CrapsRules(RulesSubmission):
    """The Rules Submission of a Craps or Mini-Craps table.

    Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow, naming the
    section.
    """

    game: Literal["craps"] = "craps"
    table: TableKind = TableKind.CRAPS
    """Craps or Mini-Craps (623a.2)."""
    positions: WholeNumber | None = None
    """The betting positions (623a.2): default 14 at Craps (at most 20), 9 at Mini-Craps
    (at most 9)."""
    wagers: tuple[WagerKind, ...] = tuple(WagerKind)
    """The wagers offered (623a.3), in any order; default: all of them."""
    dont_bar: WholeNumber = 12
    """The number barred on a Don't Pass or Don't Come come-out (a push): 12 or 2."""
    odds_limit: str = "3-4-5x"
    """The most odds behind a line wager (623a.6): ``"1x"`` to ``"100x"`` or ``"3-4-5x"``."""
    lay_limit: LayLimit = LayLimit.WIN
    """What the limit bounds on laid odds (623a.6)."""
    payouts: dict[str, str] = Field(default_factory=dict)
    """Odds above the minimum of :data:`MINIMUM_ODDS` for any wager there ("3 to 1" for
    ``field:12``); each at least the minimum (623a.5). Stored as ``"N to M"``."""
    commission_percent: WholeNumber = 5
    """The commission on Buy and Lay wagers, 0 to 5 percent: of the wager on a Buy, of
    what the wager would win on a Lay (623a.5)."""
    buy_commission: Commission = Commission.UP_FRONT
    lay_commission: Commission = Commission.UP_FRONT
    broken_payouts: BrokenPayouts = BrokenPayouts.REFUSE
    """An amount that would not pay whole cents at its odds: refused, or rounded."""
    fire_bet_paytable: FirePaytable = FirePaytable.A
    custom_fire_bet: dict[str, str] | None = None
    """With ``fire_bet_paytable = "custom"``: distinct points ("2" to "6") -> odds."""
    fire_bet_minimum: WholeCents = 100
    fire_bet_maximum: WholeCents = 1_000
    """The least and most a Fire Bet may be (623a.11)."""
    bonus_minimum: WholeCents = 100
    bonus_maximum: WholeCents = 2_500
    """The least and most an All Small, All Tall or Make 'Em All wager may be (623a.12)."""
    payout_limit: WholeCents | None = None
    """The most one player is paid on one roll, all his wagers together (623a.5);
    ``None``: no limit."""

    variant_field: ClassVar[str | None] = "table"

    def named(self, title: str, chapter: str) -> tuple[str, str]:
        return ("Mini-Craps" if self.table is TableKind.MINI_CRAPS else title), chapter

    # -- derived -------------------------------------------------------------------------
    def seat_count(self) -> int:
        return self.positions if self.positions is not None else POSITIONS[self.table][0]

    def seats_cite(self) -> str:
        return TABLES

    def offers(self, kind: WagerKind) -> bool:
        return kind in self.wagers

    @property
    def limit(self) -> OddsLimit:
        return odds_limit(self.odds_limit)

    def odds_of(self, key: str) -> Fraction:
        """The odds paid on ``key`` of :data:`MINIMUM_ODDS`: the submission's, else the
        minimum."""
        text = self.payouts.get(key)
        return parse_odds(text) if text is not None else MINIMUM_ODDS[key]

    @property
    def fire_tiers(self) -> dict[int, Fraction]:
        """The Fire Bet's tiers in force: distinct points -> odds."""
        if self.fire_bet_paytable is FirePaytable.CUSTOM:
            assert self.custom_fire_bet is not None
            return {int(k): parse_odds(v) for k, v in sorted(self.custom_fire_bet.items())}
        return FIRE_PAYTABLES[self.fire_bet_paytable]

    @property
    def commission_rate(self) -> Fraction:
        return Fraction(self.commission_percent, 100)

    @property
    def whole_cents(self) -> bool:
        return self.broken_payouts is BrokenPayouts.REFUSE

    # -- validation ------------------------------------------------------------------------
    @field_validator("payouts", mode="before")
    @classmethod
    def _payouts(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"payouts is a table of odds by wager, not {value!r} ({PAYOUTS})")
        normalized: dict[str, str] = {}
        for key in sorted(value):
            text = value[key]
            if key not in MINIMUM_ODDS:
                raise ValueError(
                    f"payouts.{key}: no such wager with posted odds; the wagers are "
                    f"{', '.join(MINIMUM_ODDS)} ({PAYOUTS})"
                )
            odds = _odds_text(f"payouts.{key}", text, PAYOUTS)
            if odds < MINIMUM_ODDS[key]:
                raise ValueError(
                    f"payouts.{key}: {format_odds(odds)} is less than the minimum "
                    f"{format_odds(MINIMUM_ODDS[key])}: a certificate holder may pay more, "
                    f"never less ({PAYOUTS})"
                )
            normalized[key] = format_odds(odds)
        return normalized

    @field_validator("wagers", mode="after")
    @classmethod
    def _wagers(cls, value: tuple[WagerKind, ...]) -> tuple[WagerKind, ...]:
        """One canonical order (the enumeration's), so one choice has one sha256."""
        if len(set(value)) != len(value):
            raise ValueError(f"wagers lists a wager twice ({WAGERS})")
        return tuple(kind for kind in WagerKind if kind in value)

    @field_validator("custom_fire_bet", mode="before")
    @classmethod
    def _fire(cls, value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, dict) or not value:
            raise ValueError(
                f"custom_fire_bet is a table of odds by distinct points made, not {value!r} "
                f"({FIRE})"
            )
        tiers: dict[int, Fraction] = {}
        for key, text in value.items():
            if str(key) not in ("2", "3", "4", "5", "6"):
                raise ValueError(
                    f"custom_fire_bet.{key}: a tier is 2 to 6 distinct points made ({FIRE})"
                )
            tiers[int(key)] = _odds_text(f"custom_fire_bet.{key}", text, FIRE)
        ordered = [tiers[k] for k in sorted(tiers)]
        if ordered != sorted(set(ordered)):
            raise ValueError(
                f"custom_fire_bet: each tier must pay more than the one below it ({FIRE})"
            )
        if 6 not in tiers:
            raise ValueError(f"custom_fire_bet: the table must pay for all six points ({FIRE})")
        return {str(k): format_odds(tiers[k]) for k in sorted(tiers)}

    @model_validator(mode="after")
    def _check(self) -> CrapsRules:
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the table limits must satisfy 0 < minimum ({self.minimum_wager}) <= "
                f"maximum ({self.maximum_wager}) cents ({MAKING})"
            )
        _, most = POSITIONS[self.table]
        if self.positions is not None and not 1 <= self.positions <= most:
            raise ValueError(
                f"a {self.table.value.replace('_', '-')} table has 1 to {most} betting positions, "
                f"not {self.positions} ({TABLES})"
            )
        if self.dont_bar not in (2, 12):
            raise ValueError(
                f"dont_bar is 12 or 2 (the number a Don't bet pushes on at the come-out), "
                f"not {self.dont_bar} ({WAGERS})"
            )
        odds_limit(self.odds_limit)
        line = {WagerKind.PASS, WagerKind.DONT_PASS} & set(self.wagers)
        if not line:
            raise ValueError(
                f"wagers must offer Pass or Don't Pass: the shooter holds one on the "
                f"come-out ({SHOOTER})"
            )
        if not 0 <= self.commission_percent <= 5:
            raise ValueError(
                f"commission_percent is 0 to 5, not {self.commission_percent}: Buy and Lay "
                f"pay the true odds less at most 5% ({PAYOUTS})"
            )
        if (self.fire_bet_paytable is FirePaytable.CUSTOM) != (self.custom_fire_bet is not None):
            raise ValueError(
                f'a custom_fire_bet is given with fire_bet_paytable = "custom", and only then '
                f"({FIRE})"
            )
        for what, low, high, cite in (
            ("fire_bet", self.fire_bet_minimum, self.fire_bet_maximum, FIRE),
            ("bonus", self.bonus_minimum, self.bonus_maximum, BONUS),
        ):
            if low <= 0 or high < low:
                raise ValueError(
                    f"the {what} limits must satisfy 0 < minimum ({low}) <= maximum ({high}) "
                    f"cents ({cite})"
                )
        if self.payout_limit is not None and self.payout_limit <= 0:
            raise ValueError(f"payout_limit must be more than zero cents ({PAYOUTS})")
        return self

    def describe_limits(self) -> str:
        """The table limits as the sign writes them."""
        text = (
            f"{format_cents(self.minimum_wager)} minimum, "
            f"{format_cents(self.maximum_wager)} maximum per wager; odds {self.odds_limit}"
        )
        if self.offers(WagerKind.FIRE_BET):
            text += (
                f"; Fire Bet {format_cents(self.fire_bet_minimum)} to "
                f"{format_cents(self.fire_bet_maximum)}"
            )
        if self.offers(WagerKind.BONUS_CRAPS):
            text += (
                f"; Bonus Craps {format_cents(self.bonus_minimum)} to "
                f"{format_cents(self.bonus_maximum)}"
            )
        if self.payout_limit is not None:
            text += f"; at most {format_cents(self.payout_limit)} paid to a player on a roll"
        return text


def _odds_text(where: str, text: object, cite: str) -> Fraction:
    if not isinstance(text, str):
        raise ValueError(
            f'{where}: odds are written as text such as "3 to 1", not {text!r} ({cite})'
        )
    try:
        odds = parse_odds(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f'{where}: {text!r} is not odds such as "3 to 1" or "7/6" ({cite})'
        ) from None
    if odds <= 0:
        raise ValueError(f"{where}: the odds {text!r} must be more than zero ({cite})")
    return odds


__all__ = [
    "BONUS",
    "CRAPS_NUMBERS",
    "DEFINITIONS",
    "DICE",
    "DICE_OFFERED",
    "FIRE",
    "FIRE_PAYTABLES",
    "HARD_NUMBERS",
    "MAKING",
    "MINIMUM_ODDS",
    "NATURALS",
    "ODDS",
    "PAYOUTS",
    "POINTS",
    "POSITIONS",
    "SETTLEMENT",
    "SHOOTER",
    "SMALL_NUMBERS",
    "STAFF",
    "STANDARD_ODDS_LIMITS",
    "TABLES",
    "TALL_NUMBERS",
    "THROW",
    "WAGERS",
    "WAYS",
    "BrokenPayouts",
    "Commission",
    "CrapsRules",
    "FirePaytable",
    "LayLimit",
    "OddsLimit",
    "TableKind",
    "WagerKind",
    "odds_limit",
    "true_odds",
]
