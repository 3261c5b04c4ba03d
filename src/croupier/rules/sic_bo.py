"""Sic Bo (58 Pa. Code ch. 625a): its wagers, the named paytables and the Rules Submission.

The chapter's text is not in croupier's seeds: what is known is the 2011 preamble, which
describes ch. 625a section by section (625a.1 the table, the Sic Bo shaker and the
layout, which lights the winning areas; 625a.2 the dice; then the permissible wagers, the
opening of the table and the round of play, payment and collection of wagers, and
irregularities), and the substance of the permissible wagers of 625a.3 (see
``../shared/games/craps-and-sic-bo.md``). croupier reads the remaining sections in the
order the preamble lists them: 625a.4 opening the table, 625a.5 the round of play,
625a.6 payment and collection of wagers, 625a.7 irregularities
(``docs/interpretations.md``, Sic Bo).

No payout section was found: the paytable is a Rules Submission choice among
:data:`PAYTABLES`, each built only from values that common practice shows, or a table
the operator writes out in full (``paytable = "custom"`` with ``custom_paytable``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any, ClassVar, Literal

from pydantic import field_validator, model_validator

from croupier.money import Cents, format_cents, format_odds, parse_odds, payout
from croupier.rules.base import RulesSubmission, WholeCents, WholeNumber, YesNo
from croupier.spots import Spot

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The faces of a die, 1 to 6 (625a.2)."""

TOTALS: tuple[int, ...] = tuple(range(4, 18))
"""The totals a Total Value wager may name, 4 to 17 (625a.3): 3 and 18 are three of a
kind, which no Total Value wager names."""

PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in FACES for b in FACES if a < b)
"""The fifteen Two Dice Combinations, two different numbers (625a.3)."""

SMALL_TOTALS = range(4, 11)
"""Small wins on a total of 4 to 10 that is not three of a kind (625a.3)."""
BIG_TOTALS = range(11, 18)
"""Big wins on a total of 11 to 17 that is not three of a kind (625a.3)."""

WAGERS = "625a.3"
"""The permissible wagers."""
PAYOUTS = "625a.6"
"""Payment and collection of wagers (croupier's reading of the preamble's order)."""
SIGN = "625a.1"
"""The payout odds posted on the layout or on a sign at the table."""
POSITIONS = "625a.1"
"""The table and its layout: the betting positions."""


PAYOUT_LIMIT_FLOOR: Cents = 5_000_000
"""$50,000: the least an aggregate payout limit may be, whatever the table minimum (as in
674a.12(d) and 675a.5(e); croupier's reading for 625a.6)."""


# --- the wagers as a paytable's rows -----------------------------------------------------
def paytable_keys() -> tuple[str, ...]:
    """The rows every paytable has, as a custom paytable names them: ``small``, ``big``,
    ``three_of_a_kind``, ``any_three_of_a_kind``, ``two_of_a_kind``, ``total:4`` to
    ``total:17``, ``combination``, ``one_of_a_kind:1`` to ``one_of_a_kind:3`` (the odds of
    a One of a Kind wager by how many dice show its number)."""
    return (
        "small",
        "big",
        "three_of_a_kind",
        "any_three_of_a_kind",
        "two_of_a_kind",
        *(f"total:{total}" for total in TOTALS),
        "combination",
        *(f"one_of_a_kind:{count}" for count in (1, 2, 3)),
    )


@dataclass(frozen=True, slots=True)
class Paytable:
    """The payout odds of every wager of 625a.3 ("to 1" unless a fraction says more)."""

    small: Fraction
    big: Fraction
    three_of_a_kind: Fraction
    """A chosen number on all three dice."""
    any_three_of_a_kind: Fraction
    two_of_a_kind: Fraction
    """A chosen number on (at least) two dice."""
    totals: dict[int, Fraction]
    """Total Value, by the total 4 to 17."""
    combination: Fraction
    """Two Dice Combination."""
    one_of_a_kind: dict[int, Fraction]
    """One of a Kind, by how many dice show the chosen number (1, 2 or 3)."""

    def rows(self) -> dict[str, Fraction]:
        """The odds by row, keyed as :func:`paytable_keys`."""
        return {
            "small": self.small,
            "big": self.big,
            "three_of_a_kind": self.three_of_a_kind,
            "any_three_of_a_kind": self.any_three_of_a_kind,
            "two_of_a_kind": self.two_of_a_kind,
            **{f"total:{total}": odds for total, odds in self.totals.items()},
            "combination": self.combination,
            **{f"one_of_a_kind:{count}": odds for count, odds in self.one_of_a_kind.items()},
        }

    @classmethod
    def from_rows(cls, rows: dict[str, Fraction]) -> Paytable:
        """The paytable of ``rows`` (every key of :func:`paytable_keys`)."""
        return cls(
            small=rows["small"],
            big=rows["big"],
            three_of_a_kind=rows["three_of_a_kind"],
            any_three_of_a_kind=rows["any_three_of_a_kind"],
            two_of_a_kind=rows["two_of_a_kind"],
            totals={total: rows[f"total:{total}"] for total in TOTALS},
            combination=rows["combination"],
            one_of_a_kind={count: rows[f"one_of_a_kind:{count}"] for count in (1, 2, 3)},
        )


def _symmetric(by_low: dict[int, int]) -> dict[int, Fraction]:
    """Total Value odds from those of 4 to 10, each shared with its mirror 21 - T."""
    odds = {total: Fraction(value) for total, value in by_low.items()}
    odds |= {21 - total: value for total, value in odds.items()}
    return {total: odds[total] for total in TOTALS}


ONE_TWO_THREE = {1: Fraction(1), 2: Fraction(2), 3: Fraction(3)}
"""One of a Kind: 1 to 1 for one die, 2 to 1 for two, 3 to 1 for three."""


class PaytableName(StrEnum):
    """The paytable a table posts (625a.1) and pays (625a.6)."""

    LOW = "low"
    """The lowest odds of each row seen in common practice."""
    MIDDLE = "middle"
    """Higher Total Value and Two of a Kind odds, the triples as in ``low``."""
    HIGH = "high"
    """The highest odds of each row seen in common practice."""
    CUSTOM = "custom"
    """The operator's own table, written out in full in ``custom_paytable``."""


PAYTABLES: dict[PaytableName, Paytable] = {
    PaytableName.LOW: Paytable(
        small=Fraction(1),
        big=Fraction(1),
        three_of_a_kind=Fraction(150),
        any_three_of_a_kind=Fraction(24),
        two_of_a_kind=Fraction(8),
        totals=_symmetric({4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6}),
        combination=Fraction(5),
        one_of_a_kind=ONE_TWO_THREE,
    ),
    PaytableName.MIDDLE: Paytable(
        small=Fraction(1),
        big=Fraction(1),
        three_of_a_kind=Fraction(150),
        any_three_of_a_kind=Fraction(24),
        two_of_a_kind=Fraction(10),
        totals=_symmetric({4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6}),
        combination=Fraction(6),
        one_of_a_kind=ONE_TWO_THREE,
    ),
    PaytableName.HIGH: Paytable(
        small=Fraction(1),
        big=Fraction(1),
        three_of_a_kind=Fraction(180),
        any_three_of_a_kind=Fraction(30),
        two_of_a_kind=Fraction(11),
        totals=_symmetric({4: 60, 5: 30, 6: 18, 7: 12, 8: 8, 9: 7, 10: 6}),
        combination=Fraction(6),
        one_of_a_kind=ONE_TWO_THREE,
    ),
}
"""The named paytables. Every figure is one that ``craps-and-sic-bo.md`` lists as seen
in rooms (specific triple 150 or 180; any triple 24 or 30; specific double 8, 10 or 11;
combination 5 or 6; One of a Kind 1, 2 and 3 to 1; totals 4/17 50 or 60, 5/16 18 or 30,
6/15 14, 17 or 18, 7/14 12, 8/13 8, 9/12 6 or 7, 10/11 6; Small and Big 1 to 1). Which
figures go together in one named table is croupier's grouping (``low``: the lowest of
each row, ``high``: the highest), not a table recorded whole in a room."""


# --- the spots and how each is settled ---------------------------------------------
@dataclass(frozen=True, slots=True)
class SicBoSpot(Spot):
    """An area of the layout (625a.3): ``kind`` (``small``, ``big``, ``three_of_a_kind``,
    ``any_three_of_a_kind``, ``two_of_a_kind``, ``total``, ``combination``,
    ``one_of_a_kind``) and the numbers it names: a number 1 to 6, a total 4 to 17, or a
    combination's two numbers, the lower first. ``str()``: ``"small"``, ``"total:10"``,
    ``"combination:1-2"``.

    >>> spot = SicBoSpot.parse("combination:2-5")
    >>> spot.kind, spot.numbers, spot.label
    ('combination', (2, 5), 'Two Dice Combination 2 and 5')
    """

    kind: str
    numbers: tuple[int, ...] = ()

    def __str__(self) -> str:
        if not self.numbers:
            return self.kind
        return f"{self.kind}:{'-'.join(str(n) for n in self.numbers)}"

    def family(self) -> tuple[str, str] | None:
        if not self.numbers:
            return None
        return self.kind, "-".join(str(n) for n in self.numbers)

    @classmethod
    def every(cls) -> tuple[SicBoSpot, ...]:
        return _every()

    @classmethod
    def why_not(cls, text: str) -> str:
        """Why ``text`` is not on the layout, in the words of 625a.3 and the layout's names
        (``"total:3"`` -> ``there is no Total Value "3": ...``)."""
        for kind in ("total", *_KIND_NAMES, "combination"):
            if text.startswith(f"{kind}:"):
                what = text.removeprefix(f"{kind}:")
                return f'there is no {_FAMILY_NAMES[kind]} "{what}": {_rule(kind)}'
        return (
            f'there is no spot "{text}"; the wagers are small, big, three_of_a_kind:N, '
            "any_three_of_a_kind, two_of_a_kind:N, total:T, combination:A-B, one_of_a_kind:N"
        )

    @property
    def number(self) -> int:
        """The number (or total) the area names; raises :class:`ValueError` for an area
        that names none or two."""
        if len(self.numbers) != 1:
            raise ValueError(f"{self} names no one number")
        return self.numbers[0]

    @property
    def label(self) -> str:
        """The area's name as the sign writes it: ``"Small"``, ``"Total 10"``, ``"Two Dice
        Combination 1 and 2"``."""
        what = " and ".join(str(n) for n in self.numbers)
        return {
            "small": "Small",
            "big": "Big",
            "any_three_of_a_kind": "Any Three of a Kind",
            "three_of_a_kind": f"Three of a Kind {what}",
            "two_of_a_kind": f"Two of a Kind {what}",
            "total": f"Total {what}",
            "combination": f"Two Dice Combination {what}",
            "one_of_a_kind": f"One of a Kind {what}",
        }[self.kind]


_KIND_NAMES = {
    "three_of_a_kind": "Three of a Kind",
    "two_of_a_kind": "Two of a Kind",
    "one_of_a_kind": "One of a Kind",
}


_FAMILY_NAMES = {"total": "Total Value", "combination": "Two Dice Combination", **_KIND_NAMES}


def _rule(kind: str) -> str:
    """What a wager of the family ``kind`` names, in 625a.3's words."""
    if kind == "total":
        return "a Total Value wager names a total 4 to 17 (3 and 18 are three of a kind)"
    if kind in _KIND_NAMES:
        return f"a {_KIND_NAMES[kind]} wager names a number 1 to 6"
    return "a Two Dice Combination names two different numbers 1 to 6, the lower first (1-2 to 5-6)"


def family_words(text: str) -> tuple[str, str] | None:
    """``text``, of a family of wagers but not on the layout, in words, and what a wager
    of its family names (``"total:3"``: ``('Total Value "3"', "a Total Value wager names
    a total 4 to 17 ...")``), or ``None`` where it starts with no family's name: said in
    the refusal of a spot the layout lacks."""
    for kind in ("total", *_KIND_NAMES, "combination"):
        if text.startswith(f"{kind}:"):
            # Quoted as JSON writes it (ASCII, control and direction characters escaped):
            # the part after the colon is the sender's, and is shown back to him.
            return f"{_FAMILY_NAMES[kind]} {json.dumps(text.removeprefix(f'{kind}:'))}", _rule(kind)
    return None


@cache
def _every() -> tuple[SicBoSpot, ...]:
    return (
        SicBoSpot("small"),
        SicBoSpot("big"),
        *(SicBoSpot("three_of_a_kind", (n,)) for n in FACES),
        SicBoSpot("any_three_of_a_kind"),
        *(SicBoSpot("two_of_a_kind", (n,)) for n in FACES),
        *(SicBoSpot("total", (t,)) for t in TOTALS),
        *(SicBoSpot("combination", pair) for pair in PAIRS),
        *(SicBoSpot("one_of_a_kind", (n,)) for n in FACES),
    )


@cache
def all_spots() -> tuple[str, ...]:
    """Every wager spot of the layout, in the layout's order (625a.3)."""
    return tuple(str(spot) for spot in SicBoSpot.every())


def is_triple(faces: Sequence[int]) -> bool:
    """Whether the three dice show one number (three of a kind)."""
    return faces[0] == faces[1] == faces[2]


def odds_on(
    spot: str, faces: Sequence[int], odds: Paytable, two_of_a_kind_on_triple: bool
) -> Fraction | None:
    """The odds ``spot`` wins at on ``faces`` (625a.3) under the paytable ``odds`` (625a.6)
    and the choice on Two of a Kind when all three dice show its number, or ``None``
    where it loses: the one settlement rule of the round, the par sheet and the
    simulation."""
    total, triple = sum(faces), is_triple(faces)
    typed = SicBoSpot.parse(spot)
    kind, numbers = typed.kind, typed.numbers
    if kind == "small":
        return odds.small if not triple and total in SMALL_TOTALS else None
    if kind == "big":
        return odds.big if not triple and total in BIG_TOTALS else None
    if kind == "any_three_of_a_kind":
        return odds.any_three_of_a_kind if triple else None
    if kind == "total":
        return odds.totals[total] if total == typed.number else None
    if kind == "combination":
        low, high = numbers
        return odds.combination if low in faces and high in faces else None
    number = typed.number
    count = sum(1 for face in faces if face == number)
    if kind == "three_of_a_kind":
        return odds.three_of_a_kind if count == 3 else None
    if kind == "two_of_a_kind":
        wins = count == 2 or (count == 3 and two_of_a_kind_on_triple)
        return odds.two_of_a_kind if wins else None
    assert kind == "one_of_a_kind"
    return odds.one_of_a_kind[count] if count else None


def shake_odds(
    faces: Sequence[int], odds: Paytable, two_of_a_kind_on_triple: bool
) -> list[Fraction]:
    """The odds of every spot that wins on ``faces`` (:func:`odds_on`), in layout order."""
    found = (odds_on(spot, faces, odds, two_of_a_kind_on_triple) for spot in all_spots())
    return [won for won in found if won is not None]


class SicBoRules(RulesSubmission):
    """The Rules Submission of a Sic Bo table.

    Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow.
    """

    game: Literal["sic-bo"] = "sic-bo"
    paytable: PaytableName = PaytableName.LOW
    """The named paytable posted and paid (625a.1, 625a.6), or ``custom``."""
    custom_paytable: dict[str, str] | None = None
    """With ``paytable = "custom"``: the odds of every row of :func:`paytable_keys`, as
    text ("150 to 1", "3/2"), each a positive fraction. Stored as ``"N to M"``."""
    two_of_a_kind_on_triple: YesNo = True
    """Whether a Two of a Kind wager on a number also wins when all three dice show it
    (625a.3 leaves it open; most rooms: it wins)."""
    positions: WholeNumber = 10
    """The betting positions at the table (625a.1), 1 to 20."""
    maximum_per_round: WholeCents | None = None
    """The most one player may have on the layout in a round, all his wagers together
    (cents; ``None``: no limit but the table maximum per wager), at least the table
    minimum (625a.3; ``docs/interpretations.md``, Sic Bo)."""
    payout_limit: WholeCents | None = None
    """An aggregate payout limit per player per round (cents; ``None``: none): no less
    than the greater of $50,000 and :meth:`most_won_at_minimum`, as in 674a.12(d) and
    675a.5(e) (625a.6, croupier's reading)."""

    variant_field: ClassVar[str | None] = "paytable"
    """The paytable names the rule set a par sheet is for (``analyze --variant high``)."""

    # -- the paytable --------------------------------------------------------------------
    @property
    def odds(self) -> Paytable:
        """The paytable in force."""
        if self.paytable is PaytableName.CUSTOM:
            assert self.custom_paytable is not None
            return Paytable.from_rows(
                {key: parse_odds(value) for key, value in self.custom_paytable.items()}
            )
        return PAYTABLES[self.paytable]

    def seat_count(self) -> int:
        return self.positions

    # -- the payout limit (625a.6, as 674a.12(d) and 675a.5(e) word it) ------------------
    def most_won(self, wager: Cents) -> Cents:
        """The most one player can win in a round (cents) with ``wager`` on every spot of
        the layout: the winnings of every spot (:func:`odds_on` at the paytable, the
        payout rounding applied to each), summed, on the best of the 216 shakes."""
        return max(
            sum(
                payout(wager, odds, self.payout_rounding)
                for odds in shake_odds(faces, self.odds, self.two_of_a_kind_on_triple)
            )
            for faces in product(FACES, repeat=3)
        )

    def most_won_at_minimum(self) -> Cents:
        """:meth:`most_won` at the table minimum, the figure a payout limit is held to."""
        return self.most_won(self.minimum_wager)

    def least_payout_limit(self) -> Cents:
        """The least aggregate payout limit allowed (cents): the greater of $50,000 and
        :meth:`most_won_at_minimum`."""
        return max(PAYOUT_LIMIT_FLOOR, self.most_won_at_minimum())

    def payout_limit_cite(self) -> str:
        return PAYOUTS

    def seats_cite(self) -> str:
        return POSITIONS

    # -- validation ------------------------------------------------------------------------
    @field_validator("custom_paytable", mode="before")
    @classmethod
    def _normalize(cls, value: Any) -> Any:
        """Every row present, nothing else, each odds a positive fraction; written back
        as ``"N to M"`` so that one table has one canonical form."""
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ValueError(
                f"custom_paytable is a table of odds by wager, not {value!r} ({PAYOUTS})"
            )
        keys = paytable_keys()
        missing = [key for key in keys if key not in value]
        unknown = sorted(str(key) for key in value if key not in keys)
        if missing or unknown:
            parts = []
            if missing:
                parts.append("missing " + ", ".join(missing))
            if unknown:
                parts.append("unknown " + ", ".join(unknown))
            raise ValueError(
                "custom_paytable must give the odds of every wager of 625a.3 and nothing "
                f"else: {'; '.join(parts)} ({PAYOUTS})"
            )
        normalized: dict[str, str] = {}
        for key in keys:
            text = value[key]
            if not isinstance(text, str):
                raise ValueError(
                    f'custom_paytable.{key}: odds are written as text such as "8 to 1", '
                    f"not {text!r} ({PAYOUTS})"
                )
            try:
                odds = parse_odds(text)
            except (ValueError, ZeroDivisionError):
                raise ValueError(
                    f'custom_paytable.{key}: {text!r} is not odds such as "8 to 1" or '
                    f'"3/2" ({PAYOUTS})'
                ) from None
            if odds <= 0:
                raise ValueError(
                    f"custom_paytable.{key}: the odds {text!r} must be more than zero ({PAYOUTS})"
                )
            normalized[key] = format_odds(odds)
        return normalized

    @model_validator(mode="after")
    def _check(self) -> SicBoRules:
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the table limits must satisfy 0 < minimum ({self.minimum_wager}) <= "
                f"maximum ({self.maximum_wager}) cents (601a.2)"
            )
        if (self.paytable is PaytableName.CUSTOM) != (self.custom_paytable is not None):
            raise ValueError(
                f'a custom_paytable is given with paytable = "custom", and only then ({PAYOUTS})'
            )
        if self.maximum_per_round is not None and self.maximum_per_round < self.minimum_wager:
            raise ValueError(
                f"maximum_per_round {format_cents(self.maximum_per_round)} is less than the "
                f"table minimum of {format_cents(self.minimum_wager)}: no wager could be "
                f"placed ({WAGERS})"
            )
        if self.payout_limit is not None and self.payout_limit < self.least_payout_limit():
            raise ValueError(
                f"payout_limit {format_cents(self.payout_limit)} is below "
                f"{format_cents(self.least_payout_limit())}, the greater of $50,000 and the "
                "most one player can win per round at the minimum wager of "
                f"{format_cents(self.minimum_wager)} ({PAYOUTS})"
            )
        if not 1 <= self.positions <= 20:
            raise ValueError(
                f"positions must be 1 to 20 betting positions, not {self.positions} ({POSITIONS})"
            )
        return self

    def describe_limits(self) -> str:
        """The table limits as the sign writes them."""
        limits = (
            f"{format_cents(self.minimum_wager)} minimum, "
            f"{format_cents(self.maximum_wager)} maximum per wager"
        )
        if self.maximum_per_round is not None:
            limits += f", {format_cents(self.maximum_per_round)} in all per player per round"
        return limits


__all__ = [
    "BIG_TOTALS",
    "FACES",
    "ONE_TWO_THREE",
    "PAIRS",
    "PAYOUTS",
    "PAYOUT_LIMIT_FLOOR",
    "PAYTABLES",
    "POSITIONS",
    "SIGN",
    "SMALL_TOTALS",
    "TOTALS",
    "WAGERS",
    "Paytable",
    "PaytableName",
    "SicBoRules",
    "SicBoSpot",
    "all_spots",
    "is_triple",
    "odds_on",
    "paytable_keys",
    "shake_odds",
]
