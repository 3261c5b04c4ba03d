"""The spots of the Craps layout (623a.3), typed: a kind and, where the spot has one, its
number (crapssim writes ``Come(amount, number)``; croupier keeps the amount on the wager
and the position here).

``str(spot)`` is the spot as commands and events write it: the kind alone (``"pass"``,
``"field"``, ``"big_6"``), or the kind and its number (``"come:6"``, ``"place:4"``,
``"hard:8"``); :meth:`CrapsSpot.parse` reads it back (:class:`~croupier.spots.Spot`).

>>> spot = CrapsSpot.parse("come_odds:6")
>>> spot.kind, spot.number, str(spot.contract), str(CrapsSpot("come").moved_to(9))
('come_odds', 6, 'come:6', 'come:9')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from croupier.rules.craps import HARD_NUMBERS, POINTS
from croupier.spots import Spot

NUMBERED = ("place", "place_to_lose", "buy", "lay")
"""The wagers made on one of the point numbers."""
BONUS_SPOTS = ("all_small", "all_tall", "make_em_all")
"""The Bonus Craps wagers (623a.12)."""
_ON_POINTS = (*NUMBERED, "come_odds", "dont_come_odds")
"""The wagers that name a point number (in their words when a spot is not one)."""
_ONE_ROLL_AND_FIELD = (
    "field",
    "big_6",
    "big_8",
)
_PROPOSITIONS = (
    "any_seven",
    "any_craps",
    "two",
    "three",
    "eleven",
    "twelve",
    "horn",
    "c_and_e",
)


@dataclass(frozen=True, slots=True)
class CrapsSpot(Spot):
    """A spot of the layout: ``kind`` (``"come"``, ``"place"``, ``"field"``...) and its
    ``number`` (a point number, or a hardway's 4, 6, 8 or 10; ``None``: the spot has
    none, e.g. ``come`` in the box)."""

    kind: str
    number: int | None = None

    def __str__(self) -> str:
        return self.kind if self.number is None else f"{self.kind}:{self.number}"

    @classmethod
    def every(cls) -> tuple[CrapsSpot, ...]:
        return _every()

    def family(self) -> tuple[str, str] | None:
        return None if self.number is None else (self.kind, str(self.number))

    @classmethod
    def why_not(cls, text: str) -> str:
        """Why ``text`` is no spot: a numbered wager off its numbers, or no wager."""
        for kind in _ON_POINTS:
            if text == kind or text.startswith(f"{kind}:"):
                return f"there is no spot {text!r}: {kind} names a point number 4, 5, 6, 8, 9 or 10"
        if text == "hard" or text.startswith("hard:"):
            return f"there is no spot {text!r}: a hardway is 4, 6, 8 or 10 (hard:4 ... hard:10)"
        return (
            f"there is no spot {text!r}; the wagers are pass, dont_pass, pass_odds, "
            "dont_pass_odds, come, dont_come, come_odds:N, dont_come_odds:N, place:N, "
            "place_to_lose:N, buy:N, lay:N, field, big_6, big_8, hard:N, any_seven, any_craps, "
            "two, three, eleven, twelve, horn, c_and_e, fire_bet, all_small, all_tall, "
            "make_em_all"
        )

    @property
    def is_odds(self) -> bool:
        """Whether the spot is odds behind a line wager (623a.6)."""
        return self.kind.endswith("_odds")

    @property
    def contract(self) -> CrapsSpot:
        """The line wager an odds spot stands behind: ``come_odds:6`` -> ``come:6``."""
        return CrapsSpot(self.kind.removesuffix("_odds"), self.number)

    @property
    def odds(self) -> CrapsSpot:
        """The odds spot behind a line wager: ``come:6`` -> ``come_odds:6``."""
        return CrapsSpot(f"{self.kind}_odds", self.number)

    def moved_to(self, number: int) -> CrapsSpot:
        """A Come or Don't Come wager in the box, travelled to ``number``."""
        return CrapsSpot(self.kind, number)


@cache
def _every() -> tuple[CrapsSpot, ...]:
    """Every spot of the layout, in the layout's order."""
    return (
        CrapsSpot("pass"),
        CrapsSpot("pass_odds"),
        CrapsSpot("dont_pass"),
        CrapsSpot("dont_pass_odds"),
        CrapsSpot("come"),
        *(CrapsSpot("come", n) for n in POINTS),
        *(CrapsSpot("come_odds", n) for n in POINTS),
        CrapsSpot("dont_come"),
        *(CrapsSpot("dont_come", n) for n in POINTS),
        *(CrapsSpot("dont_come_odds", n) for n in POINTS),
        *(CrapsSpot(kind, n) for kind in NUMBERED for n in POINTS),
        *(CrapsSpot(kind) for kind in _ONE_ROLL_AND_FIELD),
        *(CrapsSpot("hard", n) for n in HARD_NUMBERS),
        *(CrapsSpot(kind) for kind in _PROPOSITIONS),
        CrapsSpot("fire_bet"),
        *(CrapsSpot(kind) for kind in BONUS_SPOTS),
    )


__all__ = ["BONUS_SPOTS", "NUMBERED", "CrapsSpot"]
