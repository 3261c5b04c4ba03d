"""The 32 Pai Gow tiles (equipment/tiles.py), checked against 621a.4(f)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from croupier.equipment.tiles import GEE_JOON, KINDS, SET, TileText, is_subset, parse_tile


def test_names_and_pips() -> None:
    """621a.4(f) names each tile by its spots: Twelve (6-6) .. Three (1-2)."""
    assert parse_tile("6-6").label == "Twelve (6-6)"
    assert parse_tile("1-2").label == "Three (1-2)"
    assert parse_tile("4-2").code == "2-4" and parse_tile("42").name == "Six"
    assert [t.pips for t in KINDS][:3] == [12, 2, 8]
    assert sum(t.pips for t in SET) == 2 * sum(t.pips for t in KINDS if t.copies == 2) + sum(
        t.pips for t in KINDS if t.copies == 1
    )
    assert {t.code for t in GEE_JOON} == {"1-2", "2-4"}


@pytest.mark.parametrize("text", ["7-1", "0-0", "six", "", "1-2-3"])
def test_bad_tiles_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a Pai Gow tile"):
        parse_tile(text)


def test_subsets_count_duplicates() -> None:
    hand = [parse_tile(c) for c in ("6-6", "6-6", "1-2", "2-4")]
    assert is_subset([parse_tile("6-6"), parse_tile("6-6")], hand)
    assert not is_subset([parse_tile("1-2"), parse_tile("1-2")], hand)


def test_tiles_serialize_as_their_codes() -> None:
    class Holder(BaseModel):
        tiles: tuple[TileText, ...]

    held = Holder(tiles=(parse_tile("6-6"), parse_tile("2-4")))
    assert held.model_dump_json() == '{"tiles":["6-6","2-4"]}'
    assert Holder.model_validate_json(held.model_dump_json()) == held
