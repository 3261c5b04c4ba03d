"""Dice for High Roll Dice: faces, the die ranking and the winning face.

A face is an ``int`` 1..6; 1 is the ace. The ranking of 675a.2(d) (and
593.2(d)) puts the ace highest, then 6, 5, 4, 3, with 2 lowest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import factorial

FACES: tuple[int, ...] = (2, 3, 4, 5, 6, 1)
"""Every face from lowest to highest rank (675a.2(d)): 2, 3, 4, 5, 6, ace."""

FACE_NAMES: dict[int, str] = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""The name of each face as used in wager spots (``pip_street:ace``)."""

FACE_BY_NAME: dict[str, int] = {name: face for face, name in FACE_NAMES.items()}

RANK: dict[int, int] = {face: position for position, face in enumerate(FACES)}
"""Rank of each face, 0 (the 2) to 5 (the ace)."""


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

    >>> winning_face([6, 6, 6, 4, 4, 4, 4, 2, 3, 5])
    (4, 4)
    >>> winning_face([6, 6, 6, 1, 1, 1, 2, 3, 4, 5])
    (1, 3)
    """
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
