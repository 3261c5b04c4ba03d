"""Craps and Mini-Craps, the definitions the 2011 preamble lists first (623a.1, inferred:
the chapter's text is not at hand; the terms are those of common practice,
../shared/games/craps-and-sic-bo.md). Each total of two dice is classed here by hand: on
a come-out 7 and 11 are naturals, 2, 3 and 12 craps, 4, 5, 6, 8, 9 and 10 set the point;
with a point on, the point again makes it and a 7 is a seven-out; 4, 6, 8 and 10 rolled
as a pair are the hardways."""

from __future__ import annotations

import pytest

from croupier.games.craps.events import Roll
from croupier.games.craps.settle import roll_of
from croupier.rules.craps import HARD_NUMBERS, POINTS

COME_OUT = {
    2: Roll.CRAPS,
    3: Roll.CRAPS,
    4: Roll.POINT_SET,
    5: Roll.POINT_SET,
    6: Roll.POINT_SET,
    7: Roll.NATURAL,
    8: Roll.POINT_SET,
    9: Roll.POINT_SET,
    10: Roll.POINT_SET,
    11: Roll.NATURAL,
    12: Roll.CRAPS,
}


@pytest.mark.parametrize(("total", "roll"), sorted(COME_OUT.items()))
def test_623a_1_a_come_out_roll_is_a_natural_craps_or_a_point(total: int, roll: Roll) -> None:
    """623a.1: the come-out classes every total 2 to 12; a point is set only by a point
    number, and it is that total."""
    assert roll_of(total, None) == (roll, total if roll is Roll.POINT_SET else None)


@pytest.mark.parametrize("point", [4, 5, 6, 8, 9, 10])
def test_623a_1_with_a_point_on_the_point_wins_and_a_seven_is_a_seven_out(point: int) -> None:
    """623a.1: the point again is made (the next roll is a come-out), a 7 is a seven-out,
    any other total leaves the point on."""
    assert roll_of(point, point) == (Roll.POINT_MADE, None)
    assert roll_of(7, point) == (Roll.SEVEN_OUT, None)
    others = [total for total in range(2, 13) if total not in (point, 7)]
    assert {roll_of(total, point) for total in others} == {(Roll.NUMBER, point)}


def test_623a_1_the_point_numbers_and_the_hardways() -> None:
    """623a.1: six point numbers; the four even ones are the hardways (a pair)."""
    assert POINTS == (4, 5, 6, 8, 9, 10)
    assert HARD_NUMBERS == (4, 6, 8, 10)
