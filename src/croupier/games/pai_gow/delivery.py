"""Pai Gow's positions, the starting position and the delivery of the tiles (621a.8,
621a.9, 621a.11)."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.equipment.tiles import Tile
from croupier.rules.pai_gow import POSITIONS_COUNTED, STACKS, DeliveryStyle

DEALER_POSITION = "dealer"
DEAD_HAND = "dead_hand"

COUNTERCLOCKWISE: tuple[str, ...] = (DEALER_POSITION, "6", "5", "4", "3", "2", "1", DEAD_HAND)
"""Every position counterclockwise from the dealer (621a.8(c)): the dealer, the betting
positions from the dealer's right (seat 6) to the dealer's left (seat 1), the Dead Hand
(to the dealer's left, 621a.2(b)(3))."""


def position_of(seat: int) -> str:
    """The position name of betting area ``seat``."""
    return str(seat)


# --- the starting position and the delivery (621a.8, 621a.9, 621a.11) --------------------
def count_positions(total: int, first: str = DEALER_POSITION) -> tuple[str, ...]:
    """The eight positions in the order they receive tiles when the count is ``total``:
    ``first`` (the dealer, or the bank's seat) is number one, counting counterclockwise
    through every betting position and the Dead Hand (621a.8(c), 621a.11(j)); the
    position the count ends on comes first, then the others counterclockwise.

    >>> count_positions(9)[0], count_positions(15)[0]
    ('dealer', '1')
    """
    if total < 1:
        raise ValueError(f"a count is 1 or more, not {total}")
    start = COUNTERCLOCKWISE.index(first)
    begin = (start + total - 1) % POSITIONS_COUNTED
    return tuple(COUNTERCLOCKWISE[(begin + k) % POSITIONS_COUNTED] for k in range(8))


Slot = tuple[int, int]
"""``(stack, level)``: a stack 1..8 counted from the dealer's right, a level 1..4 from
the top."""


def _whole(stack: int) -> tuple[Slot, ...]:
    return tuple((stack, level) for level in range(1, 5))


def _cup_say(pairs: Sequence[tuple[int, int]]) -> tuple[tuple[Slot, ...], ...]:
    """Two stacks pushed forward: their top two tiles each to one position, the four left
    to the next (621a.9(2)-(5))."""
    out: list[tuple[Slot, ...]] = []
    for a, b in pairs:
        out.append(((a, 1), (a, 2), (b, 1), (b, 2)))
        out.append(((a, 3), (a, 4), (b, 3), (b, 4)))
    return tuple(out)


def _pin_say(first: Sequence[int], second: Sequence[int]) -> tuple[tuple[Slot, ...], ...]:
    """The top tile of each of four stacks to one position, then of the other four to the
    next, level by level (621a.9(6)-(7))."""
    out: list[tuple[Slot, ...]] = []
    for level in range(1, 5):
        out.append(tuple((stack, level) for stack in first))
        out.append(tuple((stack, level) for stack in second))
    return tuple(out)


def _dragon(head: Sequence[int], tail: Sequence[int]) -> tuple[tuple[Slot, ...], ...]:
    """The dragon head (the first two stacks set on the next two, two tiles from each
    eight-tile stack) and the phoenix tail (the top tile of each of the other four
    stacks), alternately (621a.9(8)-(9))."""
    top, under = head[:2], head[2:]
    out: list[tuple[Slot, ...]] = []
    heads = [
        ((top[0], 1), (top[0], 2), (top[1], 1), (top[1], 2)),
        ((top[0], 3), (top[0], 4), (top[1], 3), (top[1], 4)),
        ((under[0], 1), (under[0], 2), (under[1], 1), (under[1], 2)),
        ((under[0], 3), (under[0], 4), (under[1], 3), (under[1], 4)),
    ]
    for level in range(1, 5):
        out.append(heads[level - 1])
        out.append(tuple((stack, level) for stack in tail))
    return tuple(out)


DELIVERY_SLOTS: dict[DeliveryStyle, tuple[tuple[Slot, ...], ...]] = {
    DeliveryStyle.STANDARD: tuple(_whole(stack) for stack in range(1, 9)),
    DeliveryStyle.HOUSE_WAY_FROM_THE_LEFT: tuple(_whole(stack) for stack in range(8, 0, -1)),
    DeliveryStyle.CUP_SAY_FROM_THE_RIGHT: _cup_say([(1, 2), (3, 4), (5, 6), (7, 8)]),
    DeliveryStyle.CUP_SAY_FROM_THE_LEFT: _cup_say([(8, 7), (6, 5), (4, 3), (2, 1)]),
    DeliveryStyle.JUNG_QUAT: _cup_say([(4, 5), (3, 6), (2, 7), (1, 8)]),
    DeliveryStyle.CHEE_YEE: _cup_say([(1, 8), (2, 7), (3, 6), (4, 5)]),
    DeliveryStyle.PIN_SAY_FROM_THE_RIGHT: _pin_say([1, 2, 3, 4], [8, 7, 6, 5]),
    DeliveryStyle.PIN_SAY_FROM_THE_LEFT: _pin_say([8, 7, 6, 5], [1, 2, 3, 4]),
    DeliveryStyle.DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_RIGHT: _dragon([1, 2, 3, 4], [8, 7, 6, 5]),
    DeliveryStyle.DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_LEFT: _dragon([8, 7, 6, 5], [1, 2, 3, 4]),
}
"""For each style, the slots whose tiles go to the starting position, the next position
counterclockwise, and so on (621a.8(d), 621a.9(1)-(9))."""


def deliver(stacks: Sequence[Sequence[Tile]], style: DeliveryStyle) -> tuple[tuple[Tile, ...], ...]:
    """The four tiles each position receives, in delivery order (starting position
    first), from ``stacks`` (eight stacks of four, the dealer's rightmost first, each top
    tile first) in ``style``."""
    if len(stacks) != STACKS or any(len(stack) != 4 for stack in stacks):
        raise ValueError("the tiles are delivered from eight stacks of four (621a.6(d))")
    return tuple(
        tuple(stacks[stack - 1][level - 1] for stack, level in slots)
        for slots in DELIVERY_SLOTS[style]
    )


def cut_stacks(
    stacks: Sequence[Sequence[Tile]], right: Sequence[int], left: Sequence[int]
) -> list[list[Tile]]:
    """The stacks after a player bank's cut (621a.11(g)): the stacks numbered ``right``
    (1..8 from the dealer's right) move to the right end and those numbered ``left`` to
    the left end, each group keeping its order. Raises ``ValueError`` unless the moved
    stacks are adjacent and the move is one of the two of 621a.11(g)."""
    moved = sorted([*right, *left])
    if not moved:
        raise ValueError("a cut moves at least one stack (621a.11(g))")
    if len(set(moved)) != len(moved) or any(not 1 <= s <= STACKS for s in moved):
        raise ValueError(f"stacks are numbered 1 to 8 from the dealer's right, not {moved}")
    if moved != list(range(moved[0], moved[0] + len(moved))):
        raise ValueError(f"a cut moves adjacent stacks, not stacks {moved} (621a.11(g))")
    if right and left and len(moved) < 2:  # pragma: no cover - excluded above
        raise ValueError("a cut to both ends moves two or more stacks (621a.11(g)(2))")
    kept = [s for s in range(1, STACKS + 1) if s not in moved]
    order = sorted(right) + kept + sorted(left)
    return [list(stacks[s - 1]) for s in order]
