"""The one grammar every terminal table reads a round's typed offers by, whatever the game.

A table words the commands it knows in its own terms (``bet 10``, ``hit``); any other
offer of the round (:class:`croupier.offers.LegalCommand`) is typed by its name in words
and its fields in order, read from the offer's types alone, so that no offer is ever left
without a command (a Pai Gow player offered the bank types ``take bank 50`` or
``pass bank``):

- the command's name in words, any case (``TakeBank``: ``take bank``; the name itself,
  or joined by ``-`` or ``_``, works too);
- then each field the offer leaves to choose, in order: an :class:`~croupier.offers.Amount`
  in dollars (cents may be given: ``12.50``), a :class:`~croupier.offers.Choice` by its
  value or its label (``yes``/``no`` for a yes-or-no; a choice of several values, such as
  two tiles set together, as that many words), an :class:`~croupier.offers.Integers` as a
  number, :class:`~croupier.offers.Numbers` as that many numbers, a
  :class:`~croupier.offers.Subset` as its items joined by commas (``none`` for none), and
  :class:`~croupier.offers.Text` as the rest of the line; ``FIELD=VALUE`` names a field,
  ``-`` or ``_`` between its words (an optional one is left out, or given so);
- ``bet SPOT AMOUNT`` is the wager offer that lists ``SPOT`` (by its value or label);
  ``remove SPOT`` the offer that withdraws or removes a wager on it;
- a decision offered by its choice alone (:attr:`~croupier.offers.LegalCommand.title`
  ``""``) is typed by the choice's label (``hit``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.errors import IllegalCommand
from croupier.money import Cents, parse_dollars
from croupier.offers import (
    Amount,
    Choice,
    Fixed,
    Integers,
    LegalCommand,
    Numbers,
    Subset,
    Text,
    field_words,
    plain,
)
from croupier.quoting import typed_back

YES = frozenset({"yes", "y", "true"})
NO = frozenset({"no", "n", "false"})
REMOVING = ("withdraw", "remove")
"""The words of a command's name that make it ``remove SPOT``'s."""


def command_words(name: str) -> str:
    """A command's name as typed: ``"TakeBank"`` -> ``"take bank"``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()


def key(text: Any) -> str:
    """A value or label as compared with what is typed: any case, ``_``, ``-`` or ``:``
    as a space."""
    return re.sub(r"[\s_:]+", " ", str(text).strip().lower())


def free_fields(offer: LegalCommand) -> list[tuple[str, Any]]:
    """The fields of ``offer`` the player chooses (all but the :class:`Fixed` ones), in
    order."""
    return [(name, typed) for name, typed in offer.fields.items() if not isinstance(typed, Fixed)]


def usage(offer: LegalCommand) -> str:
    """What the player types for ``offer``: ``"take bank CHIPS [co_bank=yes|no]"``."""
    parts = [command_words(offer.command)]
    for name, typed in free_fields(offer):
        shown = _slot(name, typed)
        parts.append(f"[{_name(name)}={shown}]" if typed.optional else shown)
    return " ".join(parts)


def _name(name: str) -> str:
    """A field's name as typed: ``"co_bank"`` -> ``"co-bank"`` (``_`` is read too)."""
    return name.replace("_", "-")


def _slot(name: str, typed: Any) -> str:
    if isinstance(typed, Choice) and 0 < len(typed.options) <= 4:
        return "|".join(_said(value) for value in typed.values)
    return _name(name).upper()


def _said(value: Any) -> str:
    """A value as typed: ``True`` -> ``yes``, a list as its items spaced."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return " ".join(_said(item) for item in value)
    return str(value)


def does(offer: LegalCommand, words: str) -> str:
    """What ``offer`` does in words: its title (or ``words``, its name as words), then what
    each field leaves to choose."""
    said = [offer.title or words]
    said += [
        f"{name.replace('_', ' ')}: {offered}"
        for name, typed in free_fields(offer)
        if (offered := field_words(typed))
    ]
    return "; ".join(said)


@dataclass(frozen=True, slots=True)
class Typed:
    """A line read as an offer: the offer and the command's JSON form (already checked
    against the offer by :meth:`~croupier.offers.LegalCommand.build`)."""

    offer: LegalCommand
    data: dict[str, Any]


def read(offers: Sequence[LegalCommand], line: str) -> Typed | None:
    """The offer of ``offers`` that ``line`` names, with the command it builds; ``None``
    where the line names none. Raises :class:`IllegalCommand` (the offer's rule) where it
    names one with a value the offer does not take, or a field missing."""
    words = line.split()
    if not words:
        return None
    found = _named(offers, words)
    if found is not None:
        return Typed(found[0], found[0].build(**_fields(found[0], found[1])))
    head = words[0].lower()
    if head == "bet" and len(words) >= 3:
        named = " ".join(words[1:-1])
        wager = _spotted(offers, named, removing=False)
        if wager is not None:
            spot = _spot_value(wager, named)
            return Typed(wager, wager.build(spot=spot, **_fields(wager, words[-1:], "spot")))
    if head == "remove" and len(words) >= 2:
        named = " ".join(words[1:])
        removal = _spotted(offers, named, removing=True)
        if removal is not None:
            return Typed(removal, removal.build(spot=_spot_value(removal, named)))
    decided = _decision(offers, line)
    if decided is not None:
        return decided
    return None


def _named(
    offers: Sequence[LegalCommand], words: list[str]
) -> tuple[LegalCommand, list[str]] | None:
    """The offer whose name ``words`` begin with (the longest), and the words after it."""
    best: tuple[LegalCommand, list[str]] | None = None
    first = re.sub(r"[-_]", "", words[0]).lower()
    for offer in offers:
        name = command_words(offer.command).split()
        if first == offer.command.lower():
            size = 1
        elif [w.lower() for w in words[: len(name)]] == name:
            size = len(name)
        else:
            continue
        if best is None or size > len(words) - len(best[1]):
            best = (offer, words[size:])
    return best


def _spotted(offers: Sequence[LegalCommand], spot: str, *, removing: bool) -> LegalCommand | None:
    """The offer that takes ``spot`` and an amount (a wager) or, ``removing``, that
    withdraws it."""
    for offer in offers:
        name = offer.command.lower()
        if removing != any(word in name for word in REMOVING):
            continue
        if (removing or offer.amount is not None) and _spot_value(offer, spot) is not None:
            return offer
    return None


def _spot_value(offer: LegalCommand, typed: str) -> Any:
    field = offer.fields.get("spot")
    if isinstance(field, Choice):
        for option in field.options:
            if key(typed) in (key(option.value), key(option.label)):
                return option.value
    elif isinstance(field, Fixed) and key(typed) == key(field.value):
        return field.value
    return None


def _decision(offers: Sequence[LegalCommand], line: str) -> Typed | None:
    """A decision typed by its label: the offer with one field to choose, a choice."""
    for offer in offers:
        free = free_fields(offer)
        if len(free) != 1 or not isinstance(free[0][1], Choice):
            continue
        name, field = free[0]
        for option in field.options:
            if key(line) in (key(option.label), key(_said(option.value))):
                return Typed(offer, offer.build(**{name: option.value}))
    return None


def _fields(offer: LegalCommand, args: list[str], *given: str) -> dict[str, Any]:
    """The fields of ``offer`` read from ``args`` (``FIELD=VALUE`` or in order), but
    those ``given`` already."""
    cite = offer.cite or "offer"
    free = {name: typed for name, typed in free_fields(offer) if name not in given}
    chosen: dict[str, Any] = {}
    positional: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        name, equals, value = arg.partition("=")
        name = name.replace("-", "_")
        if equals and name in free:
            typed = free[name]
            text = " ".join([value, *rest]) if isinstance(typed, Text) else value
            if isinstance(typed, Text):
                rest = []
            chosen[name] = _value(name, typed, text.split(" ") if text else [], cite)
        else:
            positional.append(arg)
    for name, typed in free.items():
        if name in chosen or not positional:
            continue
        if isinstance(typed, Text):
            taken, positional = positional, []
        else:
            count = _width(typed)
            if count > 1 and "," in positional[0]:
                count = 1
            taken, positional = positional[:count], positional[count:]
        chosen[name] = _value(name, typed, taken, cite)
    if positional:
        raise IllegalCommand(
            f"{command_words(offer.command)} takes {usage(offer)}; "
            f"{typed_back(' '.join(positional))} is more than it takes",
            cite,
        )
    return chosen


def _width(typed: Any) -> int:
    """How many words a field's value takes."""
    if isinstance(typed, Numbers):
        return typed.count
    if isinstance(typed, Choice) and typed.values and isinstance(typed.values[0], list):
        return len(typed.values[0])
    return 1


def _value(name: str, typed: Any, words: list[str], cite: str) -> Any:
    """Field ``name``'s value read from ``words`` by its offer ``typed``."""
    text = " ".join(words)
    if isinstance(typed, Amount):
        return parse_dollars(text, cite)
    if isinstance(typed, Text):
        return text
    if isinstance(typed, Subset):
        if key(text) in ("none", "-", ""):
            return []
        return [_item(item, typed.of) for item in text.split(",") if item]
    if isinstance(typed, Integers | Numbers):
        numbers = text.replace(",", " ").split()
        if not all(n.lstrip("-").isdecimal() for n in numbers):
            raise IllegalCommand(
                f"{name.replace('_', ' ')}: {typed_back(text)} is not a number", cite
            )
        values = [int(n) for n in numbers]
        return values[0] if isinstance(typed, Integers) and len(values) == 1 else values
    if isinstance(typed, Choice):
        return _chosen(name, typed, text, cite)
    return text


def _item(text: str, values: Iterable[Any]) -> Any:
    for value in values:
        if key(text) == key(value):
            return value
    return int(text) if text.strip().isdecimal() else text


def _chosen(name: str, typed: Choice, text: str, cite: str) -> Any:
    wanted = key(text.replace(",", " "))
    for option in typed.options:
        value = plain(option.value)
        if isinstance(value, bool):
            if wanted in (YES if value else NO) or wanted == key(option.label):
                return value
            continue
        if wanted in (key(_said(value)), key(option.label)):
            return value
        if (
            isinstance(value, list)
            and typed.any_order
            and sorted(wanted.split()) == sorted(key(_said(value)).split())
        ):
            return value
    offered = ", ".join(option.label or _said(option.value) for option in typed.options)
    raise IllegalCommand(
        f"{name.replace('_', ' ')}: {typed_back(key(text))} is not offered now "
        f"(offered: {offered or 'nothing'})",
        cite,
    )


def line_for(offer: LegalCommand, data: dict[str, Any]) -> str:
    """The line that types the command ``data`` (within ``offer``) in this grammar: its
    name in words, then each field chosen (an optional one as ``FIELD=VALUE``)."""
    spot = data.get("spot")
    free = len(free_fields(offer))
    field = offer.fields.get("spot")
    if spot is not None and isinstance(field, Choice):  # as the layout names it
        spot = next((o.label for o in field.options if o.value == spot and o.label), spot)
    if spot is not None and offer.amount is not None and "amount" in data and free == 2:
        return f"bet {_said(spot)} {_dollars(data['amount'])}"
    removing = any(word in offer.command.lower() for word in REMOVING)
    if spot is not None and removing and free == 1:
        return f"remove {_said(spot)}"
    parts = [command_words(offer.command)]
    for name, typed in free_fields(offer):
        if name not in data:
            continue
        value = data[name]
        if isinstance(typed, Amount):
            text = _dollars(value)
        elif isinstance(typed, Subset):
            text = ",".join(str(item) for item in value) or "none"
        elif isinstance(typed, Numbers | Integers) and isinstance(value, list):
            text = " ".join(str(item) for item in value)
        else:
            text = _said(value)
        parts.append(f"{_name(name)}={text}" if typed.optional else text)
    return " ".join(parts)


def _dollars(cents: Cents) -> str:
    """``cents`` as typed in dollars: ``"5.04"``."""
    return f"{cents // 100}.{cents % 100:02d}"


__all__ = ["Typed", "command_words", "does", "free_fields", "key", "line_for", "read", "usage"]
