"""The spots of the High Roll Dice layout (675a.2, 593.2), typed: Pip Street's six faces,
Like Kind Boulevard's circles, the Extra Roll sensor and Millionaire Row's circles.

``str(spot)`` is the spot as commands and events write it: ``"pip_street:ace"`` (the
face's name), ``"like_kind:4"`` (``"like_kind:no_match"`` for the six-dice circle of no
two alike, 675a.6(d)(2)), ``"extra_roll"``, ``"millionaire_row:9"``.

>>> spot = HighRollDiceSpot.parse("pip_street:six")
>>> spot.kind, spot.number, spot.label
('pip_street', 6, 'Pip Street six')
>>> HighRollDiceSpot.parse("like_kind:no_match").number == NO_MATCH
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from croupier.equipment.dice import FACE_NAMES, FACES
from croupier.rules.high_roll_dice import NO_MATCH
from croupier.spots import Spot

KINDS = ("pip_street", "like_kind", "extra_roll", "millionaire_row")
"""The wagers of the layout, in its order."""
GROUPS = {
    "pip_street": "Pip Street",
    "like_kind": "Like Kind Boulevard",
    "millionaire_row": "Millionaire Row",
}
"""The parts of the layout that hold several spots, as the layout names them."""
_MOST_DICE = 10


@dataclass(frozen=True, slots=True)
class HighRollDiceSpot(Spot):
    """A spot: ``kind`` (see :data:`KINDS`) and its ``number``: a Pip Street face 1 to 6,
    a Like Kind circle (how many dice alike; :data:`~croupier.rules.high_roll_dice.NO_MATCH`
    for no two alike), a Millionaire Row circle; ``None`` for the Extra Roll."""

    kind: str
    number: int | None = None

    def __str__(self) -> str:
        return self.kind if self.number is None else f"{self.kind}:{self.part}"

    @property
    def part(self) -> str:
        """What the text writes after the kind: the face's name (``"ace"``), the circle
        (``"4"``, ``"no_match"``); ``""`` for the Extra Roll."""
        if self.number is None:
            return ""
        if self.kind == "pip_street":
            return FACE_NAMES[self.number]
        if self.kind == "like_kind" and self.number == NO_MATCH:
            return "no_match"
        return str(self.number)

    def family(self) -> tuple[str, str] | None:
        return None if self.number is None else (self.kind, self.part)

    @classmethod
    def every(cls) -> tuple[HighRollDiceSpot, ...]:
        return _every()

    @property
    def label(self) -> str:
        """The spot as the layout names it: "Pip Street ace", "Like Kind 4", "Like Kind no
        match", "Millionaire Row 9", "Extra Roll"."""
        if self.kind == "pip_street":
            assert self.number is not None
            return f"Pip Street {FACE_NAMES[self.number]}"
        if self.kind == "like_kind":
            return "Like Kind no match" if self.number == NO_MATCH else f"Like Kind {self.number}"
        if self.kind == "millionaire_row":
            return f"Millionaire Row {self.number}"
        return "Extra Roll"


@cache
def _every() -> tuple[HighRollDiceSpot, ...]:
    return (
        *(HighRollDiceSpot("pip_street", face) for face in FACES),
        *(HighRollDiceSpot("like_kind", n) for n in range(1, _MOST_DICE + 1)),
        HighRollDiceSpot("extra_roll"),
        *(HighRollDiceSpot("millionaire_row", n) for n in range(1, _MOST_DICE + 1)),
    )


__all__ = ["GROUPS", "KINDS", "HighRollDiceSpot"]
