"""Typed spots: a betting position as a value with its parts, not a string to split.

A game's spot type (Craps' :class:`~croupier.games.craps.spots.CrapsSpot`, Sic Bo's
:class:`~croupier.rules.sic_bo.SicBoSpot`, High Roll Dice's
:class:`~croupier.games.high_roll_dice.spots.HighRollDiceSpot`) is a frozen dataclass
of its parts whose ``str()`` is the spot as commands and events write it (``"come:6"``).
It lists every spot it can be (:meth:`Spot.every`); :meth:`Spot.parse` reads a spot's
text back by looking it up among them, so parsing is the inverse of writing by
construction: no module splits a spot's text, and the JSON of commands and events is
byte for byte what it was.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Coin(Spot):
...     side: str
...     def __str__(self) -> str:
...         return f"coin:{self.side}"
...     @classmethod
...     def every(cls) -> tuple["Coin", ...]:
...         return (cls("heads"), cls("tails"))
>>> Coin.parse("coin:heads").side
'heads'
>>> Coin.parse("coin:edge")
Traceback (most recent call last):
...
ValueError: there is no spot 'coin:edge'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Self


class Spot(ABC):
    """A game's betting position (see the module). Subclasses are frozen dataclasses."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str:
        """The spot as commands and events write it (``"come:6"``)."""

    @classmethod
    @abstractmethod
    def every(cls) -> Sequence[Self]:
        """Every spot of the game, under any Rules Submission, in the layout's order."""

    @classmethod
    def why_not(cls, text: str) -> str:
        """Why ``text`` is no spot of the game, in words (a game says it in its terms)."""
        return f"there is no spot {text!r}"

    @classmethod
    def parse(cls, text: Any) -> Self:
        """The spot whose text is ``text``; raises :class:`ValueError` with
        :meth:`why_not` where there is none."""
        found = _TABLES.get(cls)
        if found is None:
            found = _TABLES[cls] = {str(spot): spot for spot in cls.every()}
        spot = found.get(text) if isinstance(text, str) else None
        if spot is None:
            raise ValueError(cls.why_not(str(text)))
        return spot  # type: ignore[return-value]

    @classmethod
    def is_spot(cls, text: str) -> bool:
        """Whether ``text`` is a spot of the game."""
        try:
            cls.parse(text)
        except ValueError:
            return False
        return True


_TABLES: dict[type[Spot], dict[str, Spot]] = {}
"""Per spot type, its spots by their text (filled on first use)."""


__all__ = ["Spot"]
