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

from pydantic import BaseModel, ConfigDict, model_validator

from croupier.citations import basis, shown


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

    def family(self) -> tuple[str, str] | None:
        """The family the spot belongs to and its member's part, as the spot's text
        writes them (``("come", "6")``, ``("combination", "1-2")``); ``None`` for a spot
        of no family (``"pass"``). A list of spots may write each family once."""
        return None

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


class SpotInfo(BaseModel):
    """A spot as a layout draws it, served with the table (``TableOut.spots``) from the
    game's package (:attr:`croupier.game.GameSpec.layout_spots`), so that no browser code
    re-types a game's spots or their names.

    ``value``: the spot's text; ``label``: its name in plain English; ``group`` and
    ``group_label``: the part of the layout it is in (``""``: none); ``numbers`` and
    ``mark``: what its area shows (a die's face, a combination's two numbers, a circle's
    number); ``pays``: the rows of the round view's ``odds`` that pay it, where they are
    not keyed by ``value`` (Sic Bo's One of a Kind by how many dice show the number, the
    Craps Field's 2 and 12); ``always``: drawn before a wager is on it; ``cite``: the section that
    governs it, ``cite_shown`` as a reader is shown it (``"623a.3 (inferred)"``) and
    ``cite_basis`` (:func:`croupier.citations.basis`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: str
    label: str
    group: str = ""
    group_label: str = ""
    numbers: tuple[int, ...] = ()
    mark: str = ""
    pays: tuple[str, ...] = ()
    always: bool = True
    """False for an area drawn only while a wager is on it (a split's second hand)."""
    cite: str = ""
    cite_shown: str = ""
    cite_basis: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _shown(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("cite") and "cite_shown" not in data:
            return {**data, "cite_shown": shown(data["cite"]), "cite_basis": basis(data["cite"])}
        return data


_TABLES: dict[type[Spot], dict[str, Spot]] = {}
"""Per spot type, its spots by their text (filled on first use)."""


__all__ = ["Spot", "SpotInfo"]
