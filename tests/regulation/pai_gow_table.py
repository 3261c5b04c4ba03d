"""A Pai Gow table for the worked examples: the tests choose the tiles and read the dice.

The mix is drawn from a scripted random source that makes the eight stacks the test
asks for (the Fisher-Yates draws are worked out backwards), so every hand is known in
advance; the dealer enters the reading of physical dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from croupier.engine import DEALER, Event, WagerSettled
from croupier.equipment.tiles import SET, Tile, parse_tile
from croupier.errors import IllegalCommand
from croupier.games.pai_gow import (
    AnnounceNoMoreBets,
    ChooseDelivery,
    DealTiles,
    MixTiles,
    PaiGowRound,
    PlaceWager,
    SetHands,
    ShakeDice,
    TableContext,
)
from croupier.rules.pai_gow import PaiGowRules

TEN = 1000
"""A $10 wager, in cents."""

# With the dice totalling nine the dealer is number one and takes the first stack; the
# standard delivery then gives the stacks from the dealer's right, in order, to the
# dealer, the betting positions from the dealer's right (6) to his left (1), and the
# Dead Hand (621a.8(c)-(d)).
NINE_ORDER = ("dealer", "6", "5", "4", "3", "2", "1", "dead_hand")


class ScriptedRng:
    """Returns the given draws in order, then zeros."""

    def __init__(self, draws: Sequence[int]) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        value = self.draws.pop(0) if self.draws else 0
        assert 0 <= value < n
        return value


def draws_for(target: Sequence[Tile]) -> list[int]:
    """The draws that make the Fisher-Yates shuffle of SET end as ``target``."""
    items = list(SET)
    draws = []
    for i in range(len(items) - 1, 0, -1):
        j = items.index(target[i], 0, i + 1)
        draws.append(j)
        items[i], items[j] = items[j], items[i]
    assert items == list(target)
    return draws


def stacks_from(hands: dict[str, Sequence[str]], order: Sequence[str] = NINE_ORDER) -> list[Tile]:
    """The 32 tiles in stacking order (stack 1 from the dealer's right first, each top
    tile first) such that the standard delivery in ``order`` gives each position in
    ``hands`` its four tiles; the other positions get the tiles left over."""
    left = Counter(SET)
    chosen: dict[str, list[Tile]] = {}
    for position, codes in hands.items():
        tiles = [parse_tile(c) for c in codes]
        assert len(tiles) == 4
        for tile in tiles:
            assert left[tile] > 0, f"no {tile.code} left for {position}"
            left[tile] -= 1
        chosen[position] = tiles
    rest = list(left.elements())
    out: list[Tile] = []
    for position in order:
        if position in chosen:
            out += chosen[position]
        else:
            out += [rest.pop(0) for _ in range(4)]
    return out


def rigged(stacks: Sequence[Tile]) -> ScriptedRng:
    return ScriptedRng(draws_for(stacks))


def open_round(
    hands: dict[str, Sequence[str]] | None = None,
    seats: dict[int, str] | None = None,
    context: TableContext | None = None,
    stacks: Sequence[Tile] | None = None,
    **rules: Any,
) -> PaiGowRound:
    """A round under ``rules`` whose mix deals ``hands`` with dice of nine and the
    standard delivery (or makes ``stacks``); the dealer reads physical dice."""
    if stacks is None:
        stacks = stacks_from(hands or {})
    return PaiGowRound.open(
        PaiGowRules(**rules),
        table_id="T1",
        round_id="R1",
        seats=seats if seats is not None else {1: "ann", 3: "bo", 6: "cy"},
        rng=rigged(stacks),
        physical_dice=True,
        context=context,
    )


def deal(
    rnd: PaiGowRound,
    wagers: dict[int, int],
    faces: tuple[int, int, int] | None = (3, 3, 3),
    style: str | None = None,
) -> list[Event]:
    """Mix, wager, "no more bets", a style if any, the dice, the deal."""
    if rnd.state.phase.value == "mixing":
        rnd.handle(MixTiles(), DEALER)
    for seat, amount in wagers.items():
        rnd.handle(PlaceWager(seat=seat, amount=amount), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    if style is not None:
        rnd.handle(ChooseDelivery(style=style), DEALER)
    rnd.handle(ShakeDice(faces=faces), DEALER)
    return rnd.handle(DealTiles(), DEALER)


def set_hands(rnd: PaiGowRound, seat: int, a: str, b: str) -> None:
    rnd.handle(SetHands(seat=seat, together=(a, b)), seat)


def settled(rnd: PaiGowRound) -> dict[int, WagerSettled]:
    out: dict[int, WagerSettled] = {}
    for event in rnd.events:
        if isinstance(event, WagerSettled):
            assert event.seat not in out
            out[event.seat] = event
    return out


def of_type(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def refused(rnd: PaiGowRound, command: Any, actor: Any) -> IllegalCommand:
    """Send a command that must be refused; prove nothing changed."""
    events_before = list(rnd.events)
    views = {a: rnd.view(a) for a in (None, DEALER, *rnd.state.seats)}
    with pytest.raises(IllegalCommand) as info:
        rnd.handle(command, actor)
    assert rnd.events == events_before
    assert {a: rnd.view(a) for a in views} == views
    error = info.value
    assert error.cite
    assert str(error).endswith(f"({error.cite})")
    return error
