"""Typed offers: what an actor may send now, field by field.

A :class:`LegalCommand` names a command and types each of its fields:

- :class:`Choice`: one of a list of values, each with its label in plain English
  (the spots a wager may go on, a decision, an irregularity);
- :class:`Integers`: a whole number from ``low`` to ``high`` inclusive (a cut's position);
- :class:`Amount`: cents from ``low`` to ``high`` in multiples of ``step`` (Craps' whole-cent
  rule of 623a.4 is a step of 6 cents on a Place 6);
- :class:`Fixed`: the one value the field takes (the caller's seat);
- :class:`Text`: words the actor writes (why a round is voided);
- :class:`Numbers`: ``count`` whole numbers from ``low`` to ``high`` (physical dice read);
- :class:`Subset`: some of a list of values, each once (boxes a dealer missed).

A field the offer does not list takes the command's default. :meth:`LegalCommand.build`
makes the command (its JSON form, ``{"type": ..., field: value}``) from a choice and
raises :class:`~croupier.errors.IllegalCommand` on a value outside the offer;
:meth:`LegalCommand.why_not` says why a command is outside it. The JSON of an offer
carries these types (``"kind"``), so that a browser, a terminal or a test reads only them.

>>> offer = LegalCommand(
...     command="PlaceWager",
...     fields={"seat": Fixed(value=1), "spot": choice(["odd", "even"]),
...             "amount": Amount(low=500, high=10_000, step=6)},
... )
>>> offer.build(spot="odd", amount=600)
{'type': 'PlaceWager', 'seat': 1, 'spot': 'odd', 'amount': 600}
>>> offer.why_not({"type": "PlaceWager", "seat": 1, "spot": "odd", "amount": 601})
'amount: $6.01 is not a multiple of $0.06'
"""

from __future__ import annotations

import functools
import math
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, model_validator

from croupier.citations import basis, shown
from croupier.errors import IllegalCommand
from croupier.money import Cents, format_cents

SPOT_SENT = "sent as the round's offers name it (a wager's spot in the table's view)"
""":data:`SPOTS_SENT` of a layout of one spot."""
SPOTS_SENT = f"each {SPOT_SENT}"
"""How a refusal of a spot the layout lacks says where the spots' names to send are: the
labels it lists are a reader's words ("Pip Street ace"), the offers (``legal_commands``
of ``GET /tables/{id}/view``) give each with the name a command sends
(``pip_street:ace``)."""


def spots_listed(names: list[str], plural: str, single: str) -> str:
    """``names`` (spots in words, at least one) said as a list in a sentence: ``plural``
    followed by them (``"the spots are Front 9, Back 9"``), or for one spot ``single``
    followed by it with its article (``"the only spot is the Pai Gow Wager"``), never an
    awkward list of one."""
    if len(names) != 1:
        return f"{plural} {', '.join(names)}"
    return f"{single} {the(names[0])}"


def the(name: str) -> str:
    """A spot's name with its article, once: ``"Pai Gow Wager"`` -> ``"the Pai Gow
    Wager"``; ``"the Field"`` stays as it is."""
    return name if name.lower().startswith("the ") else f"the {name}"


def words(value: Any) -> str:
    """A value as a person reads it when its offer gives no label: ``"die_off_table"`` ->
    ``"Die off table"``, ``"come:6"`` -> ``"Come 6"``, ``True`` -> ``"Yes"``."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, list | tuple):
        return " and ".join(words(item) for item in value)
    text = str(value).replace("_", " ").replace(":", " ")
    return text[:1].upper() + text[1:]


def plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists, enum members as their values), so
    that an offered value and a value sent compare equal."""
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


class _Typed(BaseModel, ABC):
    """A field's offer; each kind says what it takes (:meth:`why_not`) and draws one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    optional: bool = False
    """True where the field may be left out (the command's default then applies)."""

    @abstractmethod
    def why_not(self, value: Any) -> str | None:
        """Why ``value`` is outside this field's offer, in words; ``None``: it is inside."""

    @abstractmethod
    def pick(self, rng: random.Random) -> Any:
        """A value inside the offer, drawn by ``rng`` (for programs that play)."""


class Option(BaseModel):
    """One value a :class:`Choice` offers, with its label."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: Any
    label: str


class Choice(_Typed):
    """One of ``options``' values."""

    kind: Literal["choice"] = "choice"
    options: tuple[Option, ...]
    any_order: bool = False
    """True where each value is a list whose items may be sent in any order (the two
    tiles set together, 621a.10)."""

    @property
    def values(self) -> tuple[Any, ...]:
        """The values offered, in order."""
        return tuple(option.value for option in self.options)

    def label(self, value: Any) -> str:
        """The label of ``value``; raises :class:`KeyError` where it is not offered."""
        for option in self.options:
            if self._key(option.value) == self._key(value):
                return option.label
        raise KeyError(value)

    def _key(self, value: Any) -> Any:
        value = plain(value)
        return sorted(value, key=repr) if self.any_order and isinstance(value, list) else value

    def why_not(self, value: Any) -> str | None:
        if self._key(value) in [self._key(v) for v in self.values]:
            return None
        offered = ", ".join(option.label for option in self.options) or "nothing"
        return f"{words(plain(value))} is not offered now (offered: {offered})"

    def pick(self, rng: random.Random) -> Any:
        return rng.choice(self.values)


class Integers(_Typed):
    """A whole number from ``low`` to ``high`` inclusive."""

    kind: Literal["integers"] = "integers"
    low: int
    high: int

    def why_not(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} is not a whole number"
        if not self.low <= value <= self.high:
            return f"{value} is not from {self.low} to {self.high}"
        return None

    def pick(self, rng: random.Random) -> Any:
        return rng.randint(self.low, self.high)


class Amount(_Typed):
    """Cents from ``low`` to ``high`` (``None``: no upper bound) in multiples of ``step``."""

    kind: Literal["amount"] = "amount"
    low: Cents
    high: Cents | None = None
    step: Cents = 1
    reason: str = ""
    """Why amounts go in steps, in words (``"7 to 6 pays whole cents"``, 623a.4)."""
    cite: str = ""
    """The section behind the step (``"623a.4"``; ``""``: the offer's own)."""
    cite_basis: str | None = None
    """``"inferred"`` where :attr:`cite` is a section of a chapter croupier has no text of
    (:func:`croupier.citations.basis`), as a refusal's ``cite_basis``; filled from
    :attr:`cite` when not given, so that a page shows the step's rule as the server's
    refusals show it."""

    @model_validator(mode="before")
    @classmethod
    def _basis(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("cite") and "cite_basis" not in data:
            return {**data, "cite_basis": basis(data["cite"])}
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cite_shown(self) -> str:
        """:attr:`cite` as a reader is shown it (:func:`croupier.citations.shown`:
        ``"623a.4 (inferred)"``; never a code of croupier's own); ``""`` where none."""
        return shown(self.cite) if self.cite else ""

    @property
    def least(self) -> int:
        """The least amount allowed (``low`` rounded up to a multiple of ``step``)."""
        return math.ceil(self.low / self.step) * self.step

    @property
    def most(self) -> int | None:
        """The most amount allowed (``high`` rounded down to a multiple of ``step``)."""
        return None if self.high is None else self.high // self.step * self.step

    def why_not(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} is not a whole number of cents"
        if value < self.low:
            return f"{format_cents(value)} is less than {format_cents(self.low)}"
        if self.high is not None and value > self.high:
            return f"{format_cents(value)} is more than {format_cents(self.high)}"
        if value % self.step:
            return f"{format_cents(value)} is not a multiple of {format_cents(self.step)}"
        return None

    def pick(self, rng: random.Random) -> Any:
        most = self.most
        high = max(self.least * 20, self.least + 10_000) if most is None else most
        if high < self.least:
            raise ValueError(f"no multiple of {self.step} from {self.low} to {self.high}")
        between = rng.randint(self.least, min(high, max(self.least * 5, self.least + 1_000)))
        return rng.choice([self.least, high, between, between]) // self.step * self.step


class Fixed(_Typed):
    """The one value the field takes."""

    kind: Literal["fixed"] = "fixed"
    value: Any

    def why_not(self, value: Any) -> str | None:
        return None if plain(value) == self.value else f"it is {words(self.value)} here"

    def pick(self, rng: random.Random) -> Any:
        return self.value


class Text(_Typed):
    """Words the actor writes, ``1`` to ``max_length`` characters."""

    kind: Literal["text"] = "text"
    max_length: int = 500

    def why_not(self, value: Any) -> str | None:
        if not isinstance(value, str) or not 1 <= len(value) <= self.max_length:
            return f"it is text of 1 to {self.max_length} characters"
        return None

    def pick(self, rng: random.Random) -> Any:
        return "contract test"


class Numbers(_Typed):
    """``count`` whole numbers, each from ``low`` to ``high`` (physical dice read)."""

    kind: Literal["numbers"] = "numbers"
    count: int
    low: int
    high: int
    other_than: tuple[int, ...] | None = None
    """Numbers it may not be, in any order (a correction of the result shown)."""

    def why_not(self, value: Any) -> str | None:
        if not isinstance(value, list | tuple) or len(value) != self.count:
            return f"it is {self.count} numbers"
        if any(isinstance(n, bool) or not isinstance(n, int) for n in value):
            return "each is a whole number"
        if any(not self.low <= n <= self.high for n in value):
            return f"each is from {self.low} to {self.high}"
        if self.other_than is not None and sorted(value) == sorted(self.other_than):
            return f"it is {', '.join(map(str, self.other_than))} already"
        return None

    def pick(self, rng: random.Random) -> Any:
        while True:
            drawn = [rng.randint(self.low, self.high) for _ in range(self.count)]
            if self.why_not(drawn) is None:
                return drawn


class Subset(_Typed):
    """Some of ``of``'s values, each at most once, in any order (boxes a dealer missed,
    stacks moved by a cut); none is a subset too."""

    kind: Literal["subset"] = "subset"
    of: tuple[Any, ...]

    def why_not(self, value: Any) -> str | None:
        if not isinstance(value, list | tuple):
            return f"{words(plain(value))} is not a list"
        items = plain(value)
        if len({repr(item) for item in items}) != len(items):
            return "each is named once"
        outside = [item for item in items if item not in self.of]
        if outside:
            offered = ", ".join(words(item) for item in self.of) or "nothing"
            return f"{words(outside)} is not offered (offered: {offered})"
        return None

    def pick(self, rng: random.Random) -> Any:
        return [item for item in self.of if rng.random() < 0.5]


Typed = Annotated[
    Choice | Integers | Amount | Fixed | Text | Numbers | Subset, Field(discriminator="kind")
]
"""One field's offer."""


def field_words(field: _Typed) -> str:
    """What a field's offer leaves to choose, in words (``""``: nothing, or an amount, which
    is said apart): ``"Hit, Stand"``, ``"10 to 42"``, ``"3 numbers 1 to 6"``."""
    if isinstance(field, Choice):
        return ", ".join(option.label for option in field.options)
    if isinstance(field, Integers):
        return f"{field.low} to {field.high}"
    if isinstance(field, Numbers):
        return f"{field.count} numbers {field.low} to {field.high}"
    if isinstance(field, Subset):
        return f"any of {', '.join(words(item) for item in field.of)}"
    if isinstance(field, Text):
        return f"words (up to {field.max_length} characters)"
    return ""


def offer(command: str, cite: str = "", /, **fields: Any) -> LegalCommand:
    """A :class:`LegalCommand` of ``fields``: each a typed offer, or a value the field is
    fixed to (:class:`Fixed`)."""
    typed = {
        name: value if isinstance(value, _Typed) else _fixed(plain(value))
        for name, value in fields.items()
    }
    return LegalCommand(command=command, fields=typed, cite=cite)


@functools.lru_cache(maxsize=4096)
def _shared_option(kind: str, value: Any, label: str) -> Option:
    return Option(value=value, label=label)


def _option(value: Any, label: str) -> Option:
    """``Option(value=value, label=label)``, one shared instance for a hashable value (an
    option is frozen; a Craps offer lists some seventy spots at every step)."""
    try:
        return _shared_option(type(value).__name__, value, label)
    except TypeError:  # a list: not hashable, built afresh
        return Option(value=value, label=label)


def _fixed(value: Any) -> Fixed:
    """``Fixed(value=value)``, shared for a hashable value (see :func:`_option`)."""
    try:
        return _shared_fixed(type(value).__name__, value)
    except TypeError:
        return Fixed(value=value)


@functools.lru_cache(maxsize=1024)
def _shared_fixed(kind: str, value: Any) -> Fixed:
    return Fixed(value=value)


def choice(
    values: Iterable[Any],
    label: Callable[[Any], str] | Mapping[Any, str] | None = None,
    *,
    optional: bool = False,
    any_order: bool = False,
) -> Choice:
    """A :class:`Choice` of ``values`` (enum members are offered by their values), each
    labelled by ``label`` (a function or mapping of the value; :func:`words` by default)."""
    options = []
    for value in values:
        said = (
            label(value)
            if callable(label)
            else label[value]
            if label is not None and value in label
            else words(plain(value))
        )
        options.append(_option(plain(value), said))
    return Choice(options=tuple(options), optional=optional, any_order=any_order)


class LegalCommand(BaseModel):
    """A command an actor may send now: each field it takes, typed (see the module)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str
    fields: dict[str, Typed] = {}
    distinct: tuple[str, ...] = ()
    """Fields whose values must all differ (the two dice kept of five, 623a.7)."""
    equal: tuple[str, ...] = ()
    """Fields that take one value (the two Ante Wagers of Criss-Cross Poker, 674a.7(d))."""
    apart: tuple[str, ...] = ()
    """:class:`Subset` fields no item of which is in another (a box is missed entirely or
    dealt one card, not both, 673a.13(g))."""
    run: tuple[str, ...] = ()
    """:class:`Subset` fields whose items together are one run of adjacent whole numbers,
    at least one (the stacks a cut moves, 621a.11(g))."""
    together: tuple[tuple[Any, ...], ...] = ()
    """Groups of a choice's values the command acts on as one: any of a group chosen,
    each of them is done (withdrawing either of Criss-Cross Poker's two Ante Wagers
    withdraws both, 674a.7(d)); a value in no group is done alone."""
    cite: str = ""
    title: str | None = None
    """The words of the command before its choice, for a reader (``None``: the command's
    name in words; ``""``: the choice's label says it all, as a player's decision "Hit"
    or "Stand" does)."""
    gives_up: bool = False
    """The command gives up the hand and what is wagered on it, or part of it (a fold, a
    surrender): a reader never makes it the first or default choice (a page's focus goes
    to the play, never to it, so that Enter does not give the hand up)."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cite_shown(self) -> str:
        """:attr:`cite` as a reader is shown it (:func:`croupier.citations.shown`): what a
        page prints, never a code of croupier's own (``"server:seats"`` is "the
        operator's rules"); ``""`` where the offer cites nothing."""
        return shown(self.cite) if self.cite else ""

    def said_by_choice(self) -> LegalCommand:
        """This offer with :attr:`title` ``""``: a reader is shown its choice alone (a
        player's decision: "Hit", "Stand")."""
        return self.model_copy(update={"title": ""})

    def giving_up(self) -> LegalCommand:
        """This offer with :attr:`gives_up` set: a fold or a surrender."""
        return self.model_copy(update={"gives_up": True})

    def field(self, name: str) -> Choice | Integers | Amount | Fixed | Text | Numbers | Subset:
        """The offer of field ``name``; raises :class:`KeyError` where the offer has none."""
        try:
            return self.fields[name]
        except KeyError:
            raise KeyError(f"{self.command} offers no field {name!r}") from None

    def integers(self, name: str) -> Integers:
        """The range of field ``name``; raises :class:`KeyError` where the offer gives
        none."""
        found = self.fields.get(name)
        if not isinstance(found, Integers):
            raise KeyError(f"{self.command} offers no range for {name!r}")
        return found

    @property
    def spots(self) -> tuple[Any, ...]:
        """The values the field ``spot`` is offered (``()``: the offer has none)."""
        spot = self.fields.get("spot")
        if isinstance(spot, Choice):
            return spot.values
        if isinstance(spot, Fixed):
            return (spot.value,)
        return ()

    @property
    def min_amount(self) -> int | None:
        """The least of the offer's first amount (cents; ``None``: it takes none)."""
        found = self.first_amount
        return None if found is None else found.low

    @property
    def max_amount(self) -> int | None:
        """The most of the offer's first amount (cents; ``None``: none, or no bound)."""
        found = self.first_amount
        return None if found is None else found.high

    @property
    def first_amount(self) -> Amount | None:
        """The offer's first field in cents (an amount, a chip count, an Ante)."""
        return next((f for f in self.fields.values() if isinstance(f, Amount)), None)

    @property
    def amount(self) -> Amount | None:
        """The offer of field ``amount``, where it is an :class:`Amount`."""
        found = self.fields.get("amount")
        return found if isinstance(found, Amount) else None

    def values(self, name: str) -> tuple[Any, ...]:
        """The values field ``name`` is offered (a :class:`Choice`'s, a :class:`Fixed`'s
        one; ``()`` for any other field or none)."""
        found = self.fields.get(name)
        if isinstance(found, Choice):
            return found.values
        if isinstance(found, Fixed):
            return (found.value,)
        return ()

    def why_not(self, command: Mapping[str, Any] | BaseModel) -> str | None:
        """Why ``command`` (a command or its JSON form) is outside this offer, in words
        naming the field; ``None`` where it is inside (the round may still refuse it for a
        reason the offer does not carry)."""
        data = command.model_dump(mode="json") if isinstance(command, BaseModel) else command
        if data.get("type") != self.command:
            return f"it is not {self.command}"
        for name, typed in self.fields.items():
            if name not in data or (typed.optional and data[name] is None):
                if typed.optional:
                    continue
                return f"{name.replace('_', ' ')}: it is missing"
            why = typed.why_not(plain(data[name]))
            if why is not None:
                return f"{name.replace('_', ' ')}: {why}"
        chosen = [plain(data.get(name)) for name in self.distinct]
        if any(chosen.count(value) > 1 for value in chosen):
            return f"{' and '.join(n.replace('_', ' ') for n in self.distinct)} must differ"
        if len({repr(plain(data.get(name))) for name in self.equal}) > 1:
            return f"{' and '.join(n.replace('_', ' ') for n in self.equal)} must be equal"
        return self._why_not_together(data)

    def _why_not_together(self, data: Mapping[str, Any]) -> str | None:
        """Why the :attr:`apart` and :attr:`run` fields of ``data`` do not go together."""
        if self.apart:
            named = [item for name in self.apart for item in plain(data.get(name) or [])]
            if len({repr(item) for item in named}) != len(named):
                fields = " and ".join(n.replace("_", " ") for n in self.apart)
                return f"{fields} may not name the same one"
        if self.run:
            moved = sorted(item for name in self.run for item in plain(data.get(name) or []))
            fields = " and ".join(n.replace("_", " ") for n in self.run)
            if not moved:
                return f"{fields}: name at least one"
            if moved != list(range(moved[0], moved[0] + len(moved))):
                return f"{fields} together are adjacent numbers, not {words(moved)}"
        return None

    def build(self, **choice: Any) -> dict[str, Any]:
        """The command (its JSON form) with the values chosen in ``choice`` and every
        :class:`Fixed` value; raises :class:`~croupier.errors.IllegalCommand` (citing the
        offer's rule) for a value outside the offer, a field missing or one not offered."""
        unknown = sorted(set(choice) - set(self.fields))
        if unknown:
            raise IllegalCommand(
                f"{self.command} offers no {', '.join(unknown)} now", self.cite or "offer"
            )
        data: dict[str, Any] = {"type": self.command}
        for name, typed in self.fields.items():
            if name in choice:
                data[name] = plain(choice[name])
            elif isinstance(typed, Fixed):
                data[name] = typed.value
        why = self.why_not(data)
        if why is not None:
            named = self.title or re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", self.command).lower()
            raise IllegalCommand(f"{named}: {why}", self.cite or "offer")
        return data

    def pick(self, rng: random.Random) -> dict[str, Any]:
        """A command inside this offer, every field drawn by ``rng`` (an optional field is
        given one time in ten, as a table sees it: a stub miscounted, a card missed)."""
        while True:
            chosen = {
                name: typed.pick(rng)
                for name, typed in self.fields.items()
                if not typed.optional or rng.random() < 0.1
            }
            if self.equal:
                chosen.update(dict.fromkeys(self.equal[1:], chosen[self.equal[0]]))
            if self.why_not({"type": self.command, **chosen}) is None:
                return self.build(**chosen)


__all__ = [
    "Amount",
    "Choice",
    "Fixed",
    "Integers",
    "LegalCommand",
    "Numbers",
    "Option",
    "Subset",
    "Text",
    "Typed",
    "choice",
    "field_words",
    "offer",
    "plain",
    "words",
]
