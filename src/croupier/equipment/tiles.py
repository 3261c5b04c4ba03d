"""The 32 Pai Gow tiles (58 Pa. Code 621a.3(c), 621a.4).

A :class:`Tile` is one of the 21 kinds of tile, named by its spots (``"6-6"``,
``"1-2"``): an ``int`` 0..20 in the order of the individual ranking of 621a.4(f),
highest first, with its ``code``, ``pips``, ``name`` ("Twelve") and ``rank``
(1 = first .. 17 = seventeenth; the two nines, the two eights, the two sevens and
the two fives share a rank). Two tiles of one kind are identical (621a.3(a)), so a
tile is its kind: the set (:data:`SET`) holds 11 kinds twice and 10 kinds once.

- :data:`SET`: the 32 tiles, arranged as for the opening display of 621a.6(b)
  (see :mod:`croupier.hands.paigow` for the 16 pairs in rank order).
- :data:`GEE_JOON`: the Three (1-2) and the Six (2-4), which count as three or six
  when used apart (621a.4(d)).
- :func:`from_one_set` refuses tiles no single set holds (two 2-4, three 1-1).
- :func:`parse_tile` reads ``"6-6"``, ``"66"``, ``"6 6"`` or ``"4-2"``.
- :data:`TileText`: a tile in a pydantic model, stored as its code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, ClassVar, Final

from pydantic import PlainSerializer, PlainValidator

from croupier.errors import ImpossibleEquipment

_KINDS: Final[tuple[tuple[str, str, int, int], ...]] = (
    # code, name, rank under 621a.4(f), tiles of the kind in a set
    ("6-6", "Twelve", 1, 2),
    ("1-1", "Two", 2, 2),
    ("4-4", "Eight", 3, 2),
    ("1-3", "Four", 4, 2),
    ("5-5", "Ten", 5, 2),
    ("3-3", "Six", 6, 2),
    ("2-2", "Four", 7, 2),
    ("5-6", "Eleven", 8, 2),
    ("4-6", "Ten", 9, 2),
    ("1-6", "Seven", 10, 2),
    ("1-5", "Six", 11, 2),
    ("3-6", "Nine", 12, 1),
    ("4-5", "Nine", 12, 1),
    ("2-6", "Eight", 13, 1),
    ("3-5", "Eight", 13, 1),
    ("2-5", "Seven", 14, 1),
    ("3-4", "Seven", 14, 1),
    ("2-4", "Six", 15, 1),
    ("1-4", "Five", 16, 1),
    ("2-3", "Five", 16, 1),
    ("1-2", "Three", 17, 1),
)
"""621a.4(f), typed from the text: each kind's spots, name, rank and number in a set."""


class Tile(int):
    """A Pai Gow tile: an ``int`` 0..20 (its kind, highest individual rank first).

    The 21 kinds are interned: build them with :func:`parse_tile` or :meth:`of`.

    >>> parse_tile("6-6").name, parse_tile("6-6").rank, parse_tile("4-2").code
    ('Twelve', 1, '2-4')
    """

    __slots__ = ()
    _all: ClassVar[list[Tile]] = []
    _by_code: ClassVar[dict[str, Tile]] = {}

    @property
    def code(self) -> str:
        """The spots, lower end first: ``"1-2"``, ``"6-6"``."""
        return _KINDS[self][0]

    @property
    def name(self) -> str:
        """The name the regulation gives it: ``"Twelve"``, ``"Three"``."""
        return _KINDS[self][1]

    @property
    def rank(self) -> int:
        """Its individual rank under 621a.4(f): 1 (Twelve) .. 17 (Three)."""
        return _KINDS[self][2]

    @property
    def copies(self) -> int:
        """How many tiles of this kind a set holds (2 or 1, 621a.4(f))."""
        return _KINDS[self][3]

    @property
    def pips(self) -> int:
        """The number of spots on the tile (the 1-2 has 3)."""
        low, high = self.code.split("-")
        return int(low) + int(high)

    @property
    def label(self) -> str:
        """``"Twelve (6-6)"``, as the regulation writes a tile."""
        return f"{self.name} ({self.code})"

    @classmethod
    def of(cls, index: int) -> Tile:
        """The tile of kind ``index`` (0..20)."""
        return cls._all[index]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code!r})"


for _index, (_code, *_rest) in enumerate(_KINDS):
    _tile = int.__new__(Tile, _index)
    Tile._all.append(_tile)
    Tile._by_code[_code] = _tile

KINDS: Final[tuple[Tile, ...]] = tuple(Tile._all)
"""The 21 kinds of tile, highest individual rank first (621a.4(f))."""

SET: Final[tuple[Tile, ...]] = tuple(tile for tile in KINDS for _ in range(tile.copies))
"""The 32 tiles of a set (621a.3(a), (c)): each doubled kind twice, in rank order."""

THREE: Final = Tile._by_code["1-2"]
SIX_GEE: Final = Tile._by_code["2-4"]
GEE_JOON: Final[frozenset[Tile]] = frozenset({THREE, SIX_GEE})
"""The tiles of the Supreme Pair, each counted as three or six when used apart (621a.4(d))."""


def parse_tile(text: str | int) -> Tile:
    """``"6-6"``, ``"66"``, ``"6 6"``, ``"4-2"`` (either end first) -> the tile.

    Raises ``ValueError`` naming the 21 kinds for anything else.
    """
    if isinstance(text, Tile):
        return text
    if isinstance(text, int):
        raise ValueError(f"a tile is written by its spots, such as '6-6', not {text!r}")
    cleaned = text.strip().replace("-", "").replace(" ", "").replace("/", "")
    if len(cleaned) == 2 and cleaned.isdigit():
        tile = Tile._by_code.get("-".join(sorted(cleaned)))
        if tile is not None:
            return tile
    known = ", ".join(tile.code for tile in KINDS)
    raise ValueError(f"{text!r} is not a Pai Gow tile; the tiles are {known}")


def is_subset(tiles: Sequence[Tile], of: Sequence[Tile]) -> bool:
    """True if every tile of ``tiles`` can be taken from ``of`` (counting duplicates)."""
    have = Counter(of)
    have.subtract(Counter(tiles))
    return all(count >= 0 for count in have.values())


SET_CITE: Final = "621a.3(c)"
"""A set is 32 tiles, each kind as many times as the table of 621a.4(f) says (621a.3(c))."""

_COPIES_IN_WORDS: Final = {1: "one", 2: "two"}
_HOLDS_IN_WORDS: Final = {2: "two", 3: "three", 4: "four"}


def from_one_set(tiles: Sequence[Tile]) -> None:
    """Check that ``tiles`` could all come from one set of 32 (621a.3(c)): no kind more
    often than the set holds it (the 11 doubled kinds twice, the 10 others once,
    621a.4(f)).

    Raises :class:`~croupier.errors.ImpossibleEquipment` citing :data:`SET_CITE`
    otherwise (two 2-4 tiles, three 1-1 tiles), naming the kind.
    """
    for tile, count in Counter(tiles).items():
        if count > tile.copies:
            holds = _COPIES_IN_WORDS[tile.copies]
            raise ImpossibleEquipment(
                f"a set of 32 tiles holds {holds} {tile.label}, so no hand has "
                f"{_HOLDS_IN_WORDS.get(count, str(count))} of it: "
                f"{' '.join(t.code for t in tiles)} is not tiles of one set",
                SET_CITE,
            )


def _tile_from_json(value: object) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return parse_tile(value)
    raise ValueError(f"a tile is written by its spots, such as '6-6', not {value!r}")


TileText = Annotated[Tile, PlainValidator(_tile_from_json), PlainSerializer(str, return_type=str)]
"""A :class:`Tile` in a pydantic model, stored as its code (``"6-6"``)."""


__all__ = [
    "GEE_JOON",
    "KINDS",
    "SET",
    "SET_CITE",
    "SIX_GEE",
    "THREE",
    "Tile",
    "TileText",
    "from_one_set",
    "is_subset",
    "parse_tile",
]
