"""A setting drill's item (the house way): pieces the dealer must split into two groups
(four tiles into a high hand and a low hand), the right split the engine made, and the
rule that makes it. The trainee names the pieces of the first group; the answer is
judged piece by piece.

>>> item = Arrangement("g", ("Tiles: 6-6 4-4 1-1 1-4",), ("6-6", "4-4", "1-1", "1-4"),
...     ("6-6", "4-4"), ("1-1", "1-4"), "high hand", "low hand", "Play a pair.", "621a.10(d)(2)")
>>> judge_setting(item, "4-4 6-6").right
True
>>> print(judge_setting(item, "6-6 1-4").words.split("; ")[-1])
4-4 belongs in the high hand, 1-4 in the low hand.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from croupier.citations import shown
from croupier.errors import IllegalCommand

SETTING_CITE = "training:setting"
"""The rule an answer that names no setting breaks (the pieces shown, as many as the first
group holds)."""


class InvalidAnswer(IllegalCommand):
    """An answer that is not one the item asks for (nothing is recorded)."""


@dataclass(frozen=True)
class Arrangement:
    """A setting item: the ``game``, what the trainee is shown (``scene``), the
    ``pieces`` to split, the engine's ``first`` and ``second`` groups (named
    ``first_name`` and ``second_name``), the ``rule`` that makes the split, in words, its
    ``cite``, and what the pieces are called (``noun``)."""

    game: str
    scene: tuple[str, ...]
    pieces: tuple[str, ...]
    first: tuple[str, ...]
    second: tuple[str, ...]
    first_name: str
    second_name: str
    rule: str
    cite: str
    noun: str = "pieces"
    """What the pieces are called (``"tiles"``)."""

    @property
    def question(self) -> str:
        """What is asked, in words."""
        return f"the {self.first_name} of {' '.join(self.pieces)}"

    def said(self) -> str:
        """The right setting in words."""
        return (
            f"the {self.first_name} {' '.join(self.first)} and the {self.second_name} "
            f"{' '.join(self.second)}"
        )


@dataclass(frozen=True)
class SettingVerdict:
    """A setting judged: ``right``, the ``given`` pieces, the right setting
    (``expected``, in words), the ``cite`` and the verdict in ``words``."""

    right: bool
    expected: str
    given: str
    cite: str
    words: str


def read_setting(item: Arrangement, text: str) -> tuple[str, ...]:
    """The pieces named in ``text`` (separated by spaces or commas), each one of the
    item's, as many as its first group; raises :class:`InvalidAnswer` otherwise."""
    named = tuple(part for part in re.split(r"[\s,]+", text.strip()) if part)
    offered = Counter(item.pieces)
    if len(named) != len(item.first) or Counter(named) - offered:
        raise InvalidAnswer(
            f"name the {len(item.first)} {item.noun} of the {item.first_name} among "
            f"{' '.join(item.pieces)}, e.g. {' '.join(item.pieces[: len(item.first)])}",
            SETTING_CITE,
        )
    return named


def judge_setting(item: Arrangement, text: str) -> SettingVerdict:
    """``text`` (the pieces of the first group) judged against the engine's setting,
    piece by piece."""
    named = read_setting(item, text)
    given = " ".join(named)
    rule = f"{item.rule} ({shown(item.cite)})"
    if Counter(named) == Counter(item.first):
        return SettingVerdict(True, item.said(), given, item.cite, f"Right: {item.said()}: {rule}.")
    up = list((Counter(item.first) - Counter(named)).elements())
    down = list((Counter(named) - Counter(item.first)).elements())
    moves = [f"{' '.join(up)} belongs in the {item.first_name}"] if up else []
    moves += [f"{' '.join(down)} in the {item.second_name}"] if down else []
    return SettingVerdict(
        False,
        item.said(),
        given,
        item.cite,
        f"Wrong: the house way sets {item.said()}: {rule}; {', '.join(moves)}.",
    )
