"""Dice (equipment/dice.py): the one check of a reading of physical dice that every dice
game makes, and High Roll Dice's winning face, refusing what no die can show (#29)."""

from __future__ import annotations

import pytest

from croupier.equipment.dice import is_face, read_dice, winning_face
from croupier.errors import IllegalCommand, ImpossibleEquipment

NOT_FACES = [True, False, "1", 1.0, 0, 7, -1, None, [1]]
"""JSON true and false, the text "1", the number 1.0, 0, 7: no die shows them."""


@pytest.mark.parametrize("value", NOT_FACES)
def test_is_face_only_a_whole_number_1_to_6(value: object) -> None:
    assert not is_face(value)


def test_every_face_is_a_face() -> None:
    assert [is_face(face) for face in range(1, 7)] == [True] * 6


@pytest.mark.parametrize(
    ("bad", "written"),
    [
        (True, "true"),
        (False, "false"),
        ("1", '"1"'),
        (1.0, "1.0"),
        (0, "0"),
        (7, "7"),
        (-1, "-1"),
        (None, "null"),
        ([1], "[1]"),
    ],
)
@pytest.mark.parametrize("count", [1, 2, 3, 10])
def test_read_dice_refuses_a_face_no_die_shows(bad: object, written: str, count: int) -> None:
    """A reading with one face no die has is refused, wherever it is, citing the section
    given, and says what was entered (as JSON writes it): the other faces are 4s."""
    for where in range(count):
        faces: list[object] = [4] * count
        faces[where] = bad
        shown = ["4"] * count
        shown[where] = written
        entered = shown[0] if count == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        with pytest.raises(IllegalCommand) as refused:
            read_dice(faces, count, "625a.2")
        assert refused.value.cite == "625a.2"
        assert str(refused.value).endswith(f"not {entered} (625a.2)")


THREE = "a reading is three faces, each a whole number 1 to 6, not "


@pytest.mark.parametrize(
    ("faces", "entered"),
    [
        ([True, True, True], "true, true and true"),
        (["1", 2, 3], '"1", 2 and 3'),
        ([1.0, 2, 3], "1.0, 2 and 3"),
        ([1, 2], "1 and 2"),
        ([], "an empty reading"),
        ("123", '"123"'),
    ],
)
def test_read_dice_says_what_was_entered(faces: object, entered: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        read_dice(faces, 3, "621a.5(a)")
    assert str(refused.value) == f"{THREE}{entered} (621a.5(a))"


def test_read_dice_takes_a_reading_of_the_right_number_of_faces() -> None:
    assert read_dice([6, 1, 3], 3, "625a.2") == (6, 1, 3)
    assert read_dice((1, 6), 2, "623a.8") == (1, 6)
    assert read_dice([2] * 10, 10, "675a.3(a)") == (2,) * 10
    with pytest.raises(IllegalCommand, match="a reading is one face, a whole number 1 to 6"):
        read_dice([1, 1], 1, "675a.4(g)")


# --- the winning face (675a.2(d), (e)(1); 675a.3(a)) -----------------------------------------
def test_winning_face_as_the_regulation_counts() -> None:
    """675a.2(e)(1)(i)-(ii): three 6s and four 4s -> the 4s; three 6s and three 1s -> the
    1s (the ace ranks above the 6, 675a.2(d)); one die alone is its own winner."""
    assert winning_face([6, 6, 6, 4, 4, 4, 4, 2, 3, 5]) == (4, 4)
    assert winning_face([6, 6, 6, 1, 1, 1, 2, 3, 4, 5]) == (1, 3)
    assert winning_face([2]) == (2, 1)
    assert winning_face([2, 3, 4, 5, 6, 1]) == (1, 1)


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([], "a throw of High Roll Dice is 1 to 10 dice: none were given (675a.3(a))"),
        ([1] * 11, "a throw of High Roll Dice is 1 to 10 dice: 11 were given (675a.3(a))"),
        ([1, 2, 0], "a die shows a whole number 1 (the ace) to 6, not 0 (675a.2(d))"),
        ([7, 1, 2], "a die shows a whole number 1 (the ace) to 6, not 7 (675a.2(d))"),
        ([True, 1], "a die shows a whole number 1 (the ace) to 6, not true (675a.2(d))"),
        (["1", 1.0], 'a die shows a whole number 1 (the ace) to 6, not "1" and 1.0 (675a.2(d))'),
        ("111", 'a throw is a list of the faces of its dice, not "111" (675a.2(d))'),
    ],
)
def test_winning_face_refuses_a_throw_no_dice_make(faces: object, message: str) -> None:
    """No dice (it answered (1, 0)), eleven dice (it answered (1, 11)), and a face no die
    has (0 and 7 raised a bare KeyError; true counted as an ace)."""
    with pytest.raises(ImpossibleEquipment) as refused:
        winning_face(faces)  # type: ignore[arg-type]
    assert str(refused.value) == message
    assert isinstance(refused.value, ValueError)
