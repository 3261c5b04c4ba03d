"""Dice: a face, the reading of physical dice, and High Roll Dice's die ranking and
winning face.

A face is an ``int`` 1..6 (never a ``bool``, a text or a float: JSON ``true``, ``"1"``
and ``1.0`` are not faces). :func:`read_dice` is the one check of a dealer's reading of
physical dice, used by every dice game (High Roll Dice 675a.3(a), Pai Gow 621a.5(a),
Craps 623a.8, Sic Bo 625a.2). The ranking of 675a.2(d) (and 593.2(d)) puts the ace (1)
highest, then 6, 5, 4, 3, with 2 lowest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import factorial
from typing import Final

from croupier.errors import IllegalCommand, ImpossibleEquipment
from croupier.quoting import LONG, as_sent, cut

FACES: tuple[int, ...] = (2, 3, 4, 5, 6, 1)
"""Every face from lowest to highest rank (675a.2(d)): 2, 3, 4, 5, 6, ace."""

FACE_NAMES: dict[int, str] = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""The name of each face as used in wager spots (``pip_street:ace``)."""

RANK: dict[int, int] = {face: position for position, face in enumerate(FACES)}
"""Rank of each face, 0 (the 2) to 5 (the ace)."""

FACE_CITE: Final = "675a.2(d)"
"""The faces of a High Roll Dice die, ace (1) to 6, ranked (675a.2(d))."""
MOST_DICE: Final = 10
"""High Roll Dice is played with ten dice (675a.3(a), 593.3(a)); the variation of
675a.6(e) with six."""
MOST_DICE_CITE: Final = "675a.3(a)"

_COUNT_WORDS: Final = (
    "no",
    "one face",
    "two faces",
    "three faces",
    "four faces",
    "five faces",
    "six faces",
    "seven faces",
    "eight faces",
    "nine faces",
    "ten faces",
)


def is_face(value: object) -> bool:
    """Whether ``value`` is a face a die can show: an ``int`` 1..6, not a ``bool``
    (``True`` equals 1 in Python), a text or a float."""
    return type(value) is int and 1 <= value <= 6


def in_words(faces: object) -> str:
    """A reading as the dealer entered it, in words: ``(1, 2, 7)`` -> ``"1, 2 and 7"``,
    ``()`` -> ``"an empty reading"``; anything not a whole number as JSON writes it
    (``"1"``, ``true``, ``1.0``); something not a list at all as JSON writes it. Cut
    short when long (:mod:`croupier.quoting`): the first faces, then how many there
    are (``"1, 1, 1, … (50,000 faces)"``)."""
    if not isinstance(faces, list | tuple):
        return as_sent(faces)
    if not faces:
        return "an empty reading"
    shown = [str(f) if type(f) is int and 1 <= f <= 6 else as_sent(f) for f in faces[:LONG]]
    if len(faces) > LONG:
        return cut(", ".join(shown), f"{len(faces):,} faces")
    words = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    return cut(words)


def read_dice(faces: object, count: int, cite: str) -> tuple[int, ...]:
    """The dealer's reading of ``count`` physical dice (``count`` 1..10), checked: the
    faces as a tuple of ``int`` s.

    ``faces`` must be a list or tuple of exactly ``count`` faces, each an ``int`` 1 to 6
    (:func:`is_face`). A ``bool``, a text such as ``"1"`` or a float such as ``1.0`` is
    refused, never read as a face. Raises :class:`~croupier.errors.IllegalCommand`
    citing ``cite`` (the chapter's section on its dice: 675a.3(a), 621a.5(a), 623a.8,
    625a.2), whose message gives the reading as entered (:func:`in_words`). The one
    check every dice game makes of a reading.

    >>> read_dice([6, 1, 3], 3, "625a.2")
    (6, 1, 3)
    """
    if (
        isinstance(faces, list | tuple)
        and len(faces) == count
        and all(is_face(face) for face in faces)
    ):
        return tuple(faces)
    many = _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else f"{count} faces"
    each = "a whole number" if count == 1 else "each a whole number"
    raise IllegalCommand(f"a reading is {many}, {each} 1 to 6, not {in_words(faces)}", cite)


def opposite(face: int) -> int:
    """The face opposite ``face`` on a standard die (opposite faces sum to seven)."""
    return 7 - face


def face_counts(faces: Sequence[int]) -> dict[int, int]:
    """How many dice show each face, for faces 1..6 (zeros included)."""
    counts = dict.fromkeys(range(1, 7), 0)
    for face in faces:
        counts[face] += 1
    return counts


def winning_face(faces: Sequence[int]) -> tuple[int, int]:
    """``(face, count)``: the face that occurs the most, ties going to the higher rank
    (675a.2(e)(1), 675a.4(d)), and how many dice show it.

    ``faces`` is a throw of 1 to 10 dice (675a.3(a)), each an ``int`` 1 to 6
    (675a.2(d)). Raises :class:`~croupier.errors.ImpossibleEquipment` for no dice, more
    than ten, or a face no die has (0, 7, ``True``, ``"1"``, ``1.0``).

    >>> winning_face([6, 6, 6, 4, 4, 4, 4, 2, 3, 5])
    (4, 4)
    >>> winning_face([6, 6, 6, 1, 1, 1, 2, 3, 4, 5])
    (1, 3)
    """
    if isinstance(faces, str | bytes) or not isinstance(faces, Sequence):
        raise ImpossibleEquipment(
            f"a throw is a list of the faces of its dice, not {in_words(faces)}", FACE_CITE
        )
    if not 1 <= len(faces) <= MOST_DICE:
        given = f"{len(faces)} were given" if faces else "none were given"
        raise ImpossibleEquipment(
            f"a throw of High Roll Dice is 1 to {MOST_DICE} dice: {given}", MOST_DICE_CITE
        )
    wrong = [face for face in faces if not is_face(face)]
    if wrong:
        raise ImpossibleEquipment(
            f"a die shows a whole number 1 (the ace) to 6, not {in_words(wrong)}", FACE_CITE
        )
    counts = face_counts(faces)
    return max(counts.items(), key=lambda item: (item[1], RANK[item[0]]))


def count_vectors(dice: int) -> Iterator[tuple[int, int, int, int, int, int]]:
    """Every way ``dice`` dice can fall as counts of faces 1..6 (``C(dice + 5, 5)`` of them)."""
    for a in range(dice + 1):
        for b in range(dice - a + 1):
            for c in range(dice - a - b + 1):
                for d in range(dice - a - b - c + 1):
                    for e in range(dice - a - b - c - d + 1):
                        yield (a, b, c, d, e, dice - a - b - c - d - e)


def arrangements(counts: Sequence[int]) -> int:
    """How many ordered throws give these face counts (the multinomial coefficient)."""
    total = factorial(sum(counts))
    for count in counts:
        total //= factorial(count)
    return total


def winner_of_counts(counts: Sequence[int]) -> tuple[int, int]:
    """:func:`winning_face` for counts of faces 1..6."""
    return max(
        ((face, counts[face - 1]) for face in range(1, 7)),
        key=lambda item: (item[1], RANK[item[0]]),
    )
