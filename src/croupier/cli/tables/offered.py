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

**The one rule for decisions** (:func:`decision_usages`, :func:`read_decision`): every offer
of the player's that is neither a wager (``bet SPOT AMOUNT``, :func:`is_wager`) nor a
removal (``remove SPOT``) is a decision, typed at every table
the same way, by its label in words, any case, then what it leaves to choose:

- an offer said by its choice (a player's decision, ``title`` ``""``): each option's label
  (``hit``, ``double``, ``second chance``, ``decline second chance``);
- a wager of one amount on one spot the round names (Go Fore It's Back 9): the spot's
  name in words (``back 9``);
- any other: the command's name in words (``fold``, ``surrender``, ``give up dice``,
  ``take bank``, ``pass bank``, ``refuse cut``).

An amount the offer bounds above may be left out: it is then the most the offer allows
(``double`` doubles for the whole wager); an amount of one value is never typed.
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


def is_wager(offer: LegalCommand) -> bool:
    """Whether ``offer`` is typed ``bet SPOT AMOUNT``: an amount on a spot the player
    chooses, or an amount he chooses on the one spot offered (a wager of one amount on
    the one spot the round names is a decision: Go Fore It's Back 9)."""
    amount, spot = offer.amount, offer.fields.get("spot")
    if amount is None or spot is None:
        return False
    return isinstance(spot, Choice) or amount.high is None or amount.low < amount.high


def is_removal(offer: LegalCommand) -> bool:
    """Whether ``offer`` is typed ``remove SPOT``: it withdraws or removes a wager."""
    return "spot" in offer.fields and any(word in offer.command.lower() for word in REMOVING)


def is_decision(offer: LegalCommand) -> bool:
    """Whether ``offer`` is a decision, typed by :func:`decision_usages`' rule."""
    return not is_wager(offer) and not is_removal(offer)


def decision_heads(offer: LegalCommand) -> list[tuple[str, dict[str, Any]]]:
    """The words each way of taking a decision ``offer`` begins with, and the fields
    those words choose (module docstring: the one rule for decisions)."""
    free = dict(free_fields(offer))
    said = [(n, f) for n, f in free.items() if isinstance(f, Choice)]
    if offer.title == "" and said:
        name, field = said[0]
        return [
            (key(option.label or _said(option.value)), {name: option.value})
            for option in field.options
        ]
    spot = offer.fields.get("spot")
    if isinstance(spot, Fixed) and offer.amount is not None:
        return [(key(spot.value), {})]
    return [(command_words(offer.command), {})]


def _fixed_amount(typed: Any) -> bool:
    return isinstance(typed, Amount) and typed.high is not None and typed.low == typed.high


def decision_usages(offer: LegalCommand) -> list[str]:
    """What the player types for a decision ``offer``, one line for each way of taking it:
    ``["hit", "stand"]``, ``["double [AMOUNT]"]``, ``["back 9"]``, ``["take bank CHIPS
    [co-bank=no|yes]"]``."""
    lines = []
    for head, chosen in decision_heads(offer):
        parts = [head]
        for name, typed in free_fields(offer):
            if name in chosen or _fixed_amount(typed):
                continue
            slot = _slot(name, typed)
            if typed.optional:
                parts.append(f"[{_name(name)}={slot}]")
            elif isinstance(typed, Amount) and typed.high is not None:
                parts.append(f"[{slot}]")
            else:
                parts.append(slot)
        lines.append(" ".join(parts))
    return lines


class TooMany(ValueError):
    """A decision typed with more than it takes: its usage line is the message."""


def read_decision(offers: Sequence[LegalCommand], line: str, *, check: bool = True) -> Typed | None:
    """The decision of ``offers`` that ``line`` takes by the one rule, with the command it
    builds (the longest words that match win); ``None`` where it takes none. ``check``:
    the command is checked against the offer (a remembered offer, not offered now, is not:
    the round refuses it with its rule). Raises :class:`IllegalCommand` for a value the
    offer does not take."""
    words = line.split()
    best: tuple[LegalCommand, dict[str, Any], list[str]] | None = None
    for offer in offers:
        if not is_decision(offer):
            continue
        for head, chosen in decision_heads(offer):
            size = len(head.split())
            if key(" ".join(words[:size])) != head:
                continue
            if best is None or size > len(words) - len(best[2]):
                best = (offer, chosen, words[size:])
    if best is None:
        return None
    offer, chosen, rest = best
    head = " ".join(words[: len(words) - len(rest)])
    said = next(u for u in decision_usages(offer) if u.startswith(key(head)))
    if len(words) > len(said.split()):
        raise TooMany(said)
    fields = {**chosen, **_fields(offer, rest, *chosen, most=True)}
    if check:
        return Typed(offer, offer.build(**fields))
    fixed = {n: f.value for n, f in offer.fields.items() if isinstance(f, Fixed)}
    return Typed(offer, {"type": offer.command, **fixed, **fields})


def unoffered(schema: dict[str, Any], line: str, seat: int) -> dict[str, Any] | None:
    """The command ``line`` types by the one rule for decisions where no offer of it is
    known, read from the JSON Schema of the game's commands (``schema``), for the round
    to refuse with its rule: a command named by its words whose every field but its seat
    has a default (``fold``), or a decision by its choice, the value of the one field it
    requires besides the seat (``hit``); ``None`` where none."""
    defs = schema.get("$defs", {})
    wanted = key(line)
    for model in [schema, *defs.values()]:
        properties = model.get("properties", {})
        name = properties.get("type", {}).get("const")
        if not isinstance(name, str):
            continue
        required = set(model.get("required", ())) - {"type", "seat"}
        command = {"type": name, **({"seat": seat} if "seat" in properties else {})}
        if wanted == command_words(name) and not required:
            return command
        if len(required) != 1:
            continue
        (field,) = required
        ref = str(properties[field].get("$ref", "")).rsplit("/", 1)[-1]
        for value in (defs.get(ref) or properties[field]).get("enum", ()):
            if key(value) == wanted:
                return {**command, field: value}
    return None


def _fields(
    offer: LegalCommand, args: list[str], *given: str, most: bool = False
) -> dict[str, Any]:
    """The fields of ``offer`` read from ``args`` (``FIELD=VALUE`` or in order), but
    those ``given`` already; ``most``: an amount bounded above and left out is its most."""
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
    for name, typed in free.items():
        if most and name not in chosen and isinstance(typed, Amount) and typed.high is not None:
            chosen[name] = typed.high
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


__all__ = [
    "TooMany",
    "Typed",
    "command_words",
    "decision_heads",
    "decision_usages",
    "does",
    "free_fields",
    "is_decision",
    "is_removal",
    "is_wager",
    "key",
    "line_for",
    "read",
    "read_decision",
    "unoffered",
    "usage",
]
