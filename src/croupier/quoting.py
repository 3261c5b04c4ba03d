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


FIGURE = 15
"""The most digits of an amount a refusal writes out; a longer one is said by its
count of digits alone (a wager of 10**30 cents was written out in 31 digits)."""


def kind_of(value: object) -> str:
    """What ``value`` (as read from a JSON body) is, never what it says, as the
    validation's sentences do (README: the value sent is never repeated back): text,
    a list or an object by its size; ``null``, ``true``, ``false`` and a number with a
    fraction (few characters, no text) as JSON writes them; an integer by its figure, or
    its count of digits past :data:`FIGURE`.

    >>> kind_of("500"), kind_of(None), kind_of(5.5)
    ('text', 'null', '5.5')
    >>> kind_of([1, 2]), kind_of({"a": 1}), kind_of(10**30)
    ('a list of 2 items', 'an object of 1 key', 'a number of 31 digits')
    """
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return f"an object of {len(value):,} key{'' if len(value) == 1 else 's'}"
    if isinstance(value, int) and not isinstance(value, bool):
        return figure(value, str)
    if value is None or isinstance(value, bool | float):
        return json.dumps(value)
    return f"a {type(value).__name__}"


def figure(value: int, write: Callable[[int], str]) -> str:
    """``value`` as ``write`` writes it (``str``, ``format_cents``) where it has at most
    :data:`FIGURE` digits, else its count of digits: ``a number of 31 digits``."""
    try:
        digits = len(str(abs(value)))
    except ValueError:  # over Python's 4,300 digits written out
        return _too_long(value)
    return write(value) if digits <= FIGURE else f"a number of {digits:,} digits"


def _too_long(value: int) -> str:
    """An integer too long for Python to write (``sys.get_int_max_str_digits``), said
    by its size alone."""
    return f"a number of about {int(abs(value).bit_length() * 0.30103):,} digits"


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
        return _too_long(value)


TYPED = 40
"""The most characters of a line typed at a terminal table that a refusal shows back."""


def typed_back(text: str) -> str:
    """A line typed at a terminal table as its refusal shows it back, in quotes: a byte
    the terminal could not decode as its own (read as a lone surrogate) written ``\\xff``,
    a control or direction character by its code (``\\x1b``, ``\\u202e``), and cut after
    :data:`TYPED` characters with an ellipsis (a hostile tester's 3,000 characters came
    back whole, and ``\\xff\\xfe`` as ``'\\udcff\\udcfe'``).

    >>> typed_back("pass line"), typed_back("\\udcff\\udcfe"), typed_back("a\\x1b[2J")
    ("'pass line'", "'\\\\xff\\\\xfe'", "'a\\\\x1b[2J'")
    >>> typed_back("x" * 3000) == "'" + "x" * TYPED + "…'"
    True
    """
    shown = visible(text[:TYPED]) + ("…" if len(text) > TYPED else "")
    return f"'{shown}'"


def visible(text: str) -> str:
    r"""``text`` with each character a terminal would not show as itself written as its
    escape: a byte it could not decode (read as a lone surrogate) as ``\xff``, a control,
    formatting or blank other than the space by its code (``\x1b``, ``\t``, ``\u200b``).

    >>> print(visible("bet 5\x1b[A\t\udcff"))
    bet 5\x1b[A\t\xff
    """
    return "".join(
        f"\\x{ord(char) - 0xDC00:02x}"
        if 0xDC80 <= ord(char) <= 0xDCFF
        else char
        if char.isprintable()
        else char.encode("unicode_escape", "backslashreplace").decode("ascii")
        for char in text
    )
