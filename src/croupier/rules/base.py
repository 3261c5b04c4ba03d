"""The Rules Submission base model, canonical JSON, hashing and TOML loading."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    ValidationInfo,
)

from croupier.errors import RulesSubmissionError
from croupier.money import MAX_CENTS, Cents, Rounding

WholeCents = Annotated[Cents, Strict(), Field(le=MAX_CENTS)]
"""An amount in a Rules Submission: a whole number of cents, never ``true``, ``5.0`` or
``"500"``, and no more than croupier takes in any amount (:data:`~croupier.money.MAX_CENTS`,
$1,000,000,000.00: a table maximum above it could never be wagered)."""

WholeNumber = Annotated[int, Strict()]
"""A count in a Rules Submission (decks, boxes, minutes): a whole number, never
``true``, ``2.0`` or ``"2"``."""

YesNo = Annotated[bool, Strict()]
"""A choice in a Rules Submission: ``true`` or ``false``, never ``"yes"``, ``"no"`` or
``1``."""


STORED = {"stored": True}
"""Validation context for a Rules Submission read back from storage (a table's, a stored
round's): a check added after it was accepted does not refuse it, so nothing stored
becomes unreadable. New submissions are validated without it."""


def stored_context(info: ValidationInfo) -> bool:
    """Whether ``info`` is the :data:`STORED` context."""
    return bool(info.context and info.context.get("stored"))


def _whole_number(value: object) -> object:
    """Refuse anything but a whole number (``bool`` is not one) before a ``Literal`` of
    numbers, which would take ``true`` for 1 and ``2.0`` for 2."""
    if type(value) is not int:
        raise ValueError(f"Input should be a whole number, not {value!r}")
    return value


OneOrTwo = Annotated[Literal[1, 2], BeforeValidator(_whole_number)]
"""A deck count of 1 or 2 (a whole number, never ``true`` or ``2.0``)."""


class RulesSubmission(BaseModel):
    """Base of every game's Rules Submission (58 Pa. Code § 601a.2).

    Fields common to every table: the wager limits (cents) and the payout
    rounding. Subclasses add the chapter's choices and validate them, raising
    ``ValueError`` whose text ends with the section in parentheses. Every field is
    strictly typed (:data:`WholeCents`, :data:`WholeNumber`, :data:`YesNo`,
    :data:`OneOrTwo`): a boolean, float or string is refused where a number or a
    boolean is expected, with the field named; enumerations still take their values as
    text (TOML and JSON have no enums).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    minimum_wager: WholeCents = 500
    """The table minimum for a wager, in cents."""
    maximum_wager: WholeCents = 500_000
    """The table maximum for a wager, in cents."""
    payout_rounding: Rounding = Rounding.DOWN
    """How a payout that is not a whole number of cents is rounded."""

    seats: ClassVar[int] = 6
    variant_field: ClassVar[str | None] = None
    """The field that names the rule set a par sheet or a simulation is for (what
    ``croupier analyze --variant`` sets), ``None`` for a game with one rule set."""

    later_options: ClassVar[frozenset[str]] = frozenset()
    """Options added after tables had stored their submissions: written into the
    canonical JSON only when not at their default, so that a stored submission, its
    sha256 and every round stamped with it stay as they were."""

    def canonical_dict(self) -> dict[str, Any]:
        """The submission as plain JSON data, every field included but a
        :attr:`later_options` field at its default."""
        data: dict[str, Any] = self.model_dump(mode="json")
        for name in self.later_options:
            if getattr(self, name) == type(self).model_fields[name].default:
                del data[name]
        return data

    def canonical_json(self) -> str:
        """Sorted keys, no spaces: the text whose sha256 stamps each round."""
        return json.dumps(self.canonical_dict(), sort_keys=True, separators=(",", ":"))

    def sha256(self) -> str:
        """The hex sha256 of :meth:`canonical_json`."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()

    def named(self, title: str, chapter: str) -> tuple[str, str]:
        """The game's name and chapter as a player is shown them at a table of this
        submission (the game's ``title`` and ``chapter`` where it has one rule set):
        ``("Mini-Craps", "623a")``, ``("High Roll Dice (2014)", "593")``."""
        return title, chapter

    def variant_name(self) -> str | None:
        """The name of the rule set in force (the :attr:`variant_field`'s value as text),
        ``None`` for a game with one: what the par sheet and the simulation both name as
        their ``variant``."""
        if self.variant_field is None:
            return None
        return str(getattr(self, self.variant_field))

    def seat_count(self) -> int:
        """How many betting positions the table has."""
        return self.seats

    def seats_cite(self) -> str:
        """The section that sets the number of betting positions."""
        return "601a.2"

    def check_seats(self, seats: dict[int, str]) -> None:
        """Raise :class:`RulesSubmissionError` if a seat number is not on this table."""
        for seat in seats:
            self.check_seat_exists(seat)

    def check_seat_exists(self, seat: int) -> None:
        """Raise :class:`RulesSubmissionError` unless ``seat`` is one of this table's
        betting positions: one refusal, alike for a seat taken, a round's seats and a
        command sent for a seat.

        >>> from croupier.rules.sic_bo import SicBoRules
        >>> try:
        ...     SicBoRules(minimum_wager=100, maximum_wager=10_000).check_seat_exists(0)
        ... except RulesSubmissionError as error:
        ...     print(str(error).split(":")[0])
        seat 0 does not exist
        """
        count = self.seat_count()
        if not 1 <= seat <= count:
            raise RulesSubmissionError(
                f"seat {seat} does not exist: the table has betting positions 1 to {count}",
                self.seats_cite(),
            )

    def wager_maximum(self, wager: str) -> Cents:
        """The largest amount one unit of ``wager`` may be, cents: a par sheet's wager
        name, with or without its ``:`` qualifier (``pip_street:2``), parsed once here
        (:class:`ParWager`): its own maximum where :meth:`own_maximums` names its kind,
        else the table maximum."""
        return self.own_maximums().get(ParWager.parse(wager).kind, self.maximum_wager)

    def own_maximums(self) -> dict[str, Cents]:
        """The one hook every game shares for wager limits: each kind of wager the
        chapter sets a maximum of its own (cents), by its par-sheet name; none by
        default."""
        return {}

    def most_won_at_minimum(self) -> Cents | None:
        """The most one player can win in a round (cents) betting the table minimum, the
        figure an aggregate payout limit is held to; ``None`` where the chapter sets no
        payout limit (the default)."""
        return None

    def least_payout_limit(self) -> Cents | None:
        """The least aggregate payout limit the chapter allows (cents), ``None`` where it
        sets no payout limit (the default)."""
        return None

    def payout_limit_cite(self) -> str | None:
        """The section that sets the aggregate payout limit, ``None`` where there is none
        (the default)."""
        return None


@dataclass(frozen=True, slots=True)
class ParWager:
    """A par sheet's wager name in its parts: its kind (``pip_street``) and the
    qualifier after the ``:`` (``"2"``), ``None`` where it has none.

    >>> ParWager.parse("gopher:b")
    ParWager(kind='gopher', qualifier='b')
    """

    kind: str
    qualifier: str | None = None

    @classmethod
    def parse(cls, name: str) -> ParWager:
        kind, colon, qualifier = name.partition(":")
        return cls(kind, qualifier if colon else None)


R = TypeVar("R", bound=RulesSubmission)

CITED = re.compile(r"(.*)\s\((\S+)\)", re.DOTALL)
"""A validator's message ending in its section: ``"... (675a.5(e))"``."""


def validate(model: type[R], data: dict[str, Any]) -> R:
    """``model`` validated from ``data``; pydantic errors become one cited error."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = []
        cite = "601a.2"
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"])  # empty: the whole submission
            message = str(item["msg"]).removeprefix("Value error, ")
            if item["type"] == "extra_forbidden":
                known = ", ".join(sorted(set(model.model_fields) - {"game"}))
                game = model.model_fields["game"].default if "game" in model.model_fields else ""
                message = (
                    f"the {game} Rules Submission has no such rule: croupier does not model "
                    f"it (its engine and analysis take only {known})"
                )
            cited = CITED.fullmatch(message)
            if cited:
                message, cite = cited.group(1), cited.group(2)
            problems.append(f"{where}: {message}" if where else message)
        raise RulesSubmissionError("; ".join(problems), cite) from error
