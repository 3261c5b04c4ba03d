"""How a refusal quotes a value it was sent: whole when short, else its first
:data:`ECHOED` characters and its size, so that no answer repeats a long value back
(issue #34). The engine's own messages (:func:`croupier.money.require_cents`,
:func:`croupier.equipment.dice.in_words`) and the server's refusals
(:func:`croupier.server.handlers.bounded`) share these bounds."""

from __future__ import annotations

import json
from collections.abc import Callable

LONG = 100
"""A quoted value longer than this (characters) is cut short."""
ECHOED = 40
"""How many characters of a value cut short are quoted."""


def cut(text: str, size: str | None = None) -> str:
    """``text`` whole if at most :data:`LONG` characters, else its first :data:`ECHOED`,
    an ellipsis and ``size`` in brackets (by default its length in characters).

    >>> cut("abc")
    'abc'
    >>> cut("x" * 1000)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (1,000 characters)'
    """
    if len(text) <= LONG:
        return text
    return f"{text[:ECHOED]}… ({size or f'{len(text):,} characters'})"


def as_sent(value: object) -> str:
    """``value`` (as read from a JSON body) as JSON writes it, cut short (:func:`cut`),
    its size said as a list's items, an object's keys or a text's characters:
    ``[1, 1, 1, … (a list of 50,000 items)``. Never raises; a value JSON cannot write
    is given by ``repr``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value, str)
    if isinstance(value, str) and len(value) > LONG:  # the quotes kept: "xxxx…"
        return f'{json.dumps(value[:ECHOED])[:-1]}…" ({len(value):,} characters)'
    try:
        text = json.dumps(value, default=str)
    except (TypeError, ValueError, RecursionError):  # a circular or too deep list, a key
        return cut(_repr(value))  # not a text, an int of over 4,300 digits inside
    if isinstance(value, list | tuple):
        return cut(text, f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}")
    if isinstance(value, dict):
        return cut(text, f"an object of {len(value):,} key{'' if len(value) == 1 else 's'}")
    return cut(text)


def _repr(value: object) -> str:
    try:
        return repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too long to write out"


def number(value: int, write: Callable[[int], str]) -> str:
    """``value`` as ``write`` writes it (``str``, ``format_cents``), cut short with its
    count of digits: ``$99,999,… (4,000 digits)``. An integer too long for Python to
    write (``sys.get_int_max_str_digits``) is said by its size alone."""
    try:
        return cut(write(value), f"{len(str(abs(value))):,} digits")
    except ValueError:
        return f"a number of about {int(abs(value).bit_length() * 0.30103):,} digits"
