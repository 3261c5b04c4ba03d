"""Unicode's confusables skeleton (Unicode TS #39, section 4): two strings that look
alike have the same skeleton (Cyrillic ``рор`` and Latin ``pop``; ``rn`` and ``m``).

The mapping is Unicode's confusables.txt as the ``confusable-homoglyphs`` package ships
it (its ``confusables.json``), read once: that file links each character to the
characters confusables.txt maps to it and from it, so each link joins a source to its
prototype. A prototype is the one character of its group linked to more than one, or a
sequence of characters; a group of two single characters is given one of them
(consistently: skeletons then compare as Unicode's do). A skeleton is the NFD form with
the characters shown as nothing removed, each character replaced by its prototype, and
NFD again.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib.resources import files

_LRM = "\u200e"
"""The mark the file writes around a right-to-left character; not part of it."""

_NOTHING = frozenset(
    chr(code) for code in (0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFEFF)
) | frozenset(chr(code) for code in range(0x200B, 0x2010))
"""Characters shown as nothing that a name may hold or that the skeleton drops (TS #39
removes Default_Ignorable_Code_Point characters first): the zero width joiners among
them."""


@functools.cache
def _prototypes() -> dict[int, str]:
    """Character (code point) -> its prototype, for every source in the file."""
    data = json.loads(
        (files("confusable_homoglyphs") / "confusables.json").read_text(encoding="utf-8")
    )
    links: dict[str, set[str]] = {}
    for char, others in data.items():
        for other in others:
            links.setdefault(char.replace(_LRM, ""), set()).add(other["c"].replace(_LRM, ""))
    prototype: dict[str, str] = {}
    for char, linked in links.items():
        if len(char) > 1 or len(linked) > 1:
            continue  # a prototype (of a group of more than two, or a sequence)
        (other,) = linked
        if len(other) > 1 or len(links[other]) > 1 or other < char:
            prototype[char] = other  # a source; of a pair, the greater maps to the lesser
    single = {char: proto for char, proto in prototype.items() if len(proto) == 1}
    return {
        ord(char): "".join(single.get(c, c) for c in proto)  # a sequence's own pairs too
        for char, proto in prototype.items()
    }


def skeleton(text: str) -> str:
    """``text``'s confusables skeleton (see the module): ``skeleton("рор") ==
    skeleton("pop")``.

    >>> skeleton("\u0440\u043e\u0440") == skeleton("pop"), skeleton("rn") == skeleton("m")
    (True, True)
    """
    shown = "".join(c for c in unicodedata.normalize("NFD", text) if c not in _NOTHING)
    return unicodedata.normalize("NFD", shown.translate(_prototypes()))
