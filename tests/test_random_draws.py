"""Every game's ``random_draws`` are what its rounds draw, drawn as its rounds draw them.

For every registered game and Rules Submission of the contract suite, random rounds are
played (``contract.play``) with a random source that records each ``randbelow(n)`` and
its answer. The record must split, in order, into the game's declared draws (dice: up to
``count`` draws below 6; a shuffle of ``m``: draws below ``m, m - 1, ..., 2``; a number:
one draw below ``high - low + 1``; a draw below 1, which carries no chance, such as a cut
at the one position a player chose, is passed over), and each part, drawn again by the
declared draw from its recorded answers, must give what the round's events recorded: the
faces thrown (face by face, as the record does not mark where a throw ends), the stack
shuffled, the tiles mixed, the number drawn, the cut.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from contract.play import case_id, cases, random_rounds, variants
from croupier.engine import Round
from croupier.registry import GAMES, rules_from_data
from croupier.rng import DiceDraw, Draw, NumberDraw, ScriptedRng, SeededRng, ShuffleDraw


class Recording:
    """A seeded source that records every draw: (bound, answer)."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededRng(seed)
        self.log: list[tuple[int, int]] = []

    def randbelow(self, n: int) -> int:
        value = self.inner.randbelow(n)
        self.log.append((n, value))
        return value


class Fewer(Exception):
    """A shuffle of fewer items than declared, where the draw allows it (the split ends)."""


def parts(log: list[tuple[int, int]], draws: tuple[Draw, ...]) -> Iterator[tuple[Draw, list[int]]]:
    """The record split into the declared draws (see the module docstring), up to a
    shuffle of fewer items than a draw declares where that draw allows it (``fewer``:
    its source and its cut's bounds are the round's, so the split stops there)."""
    i = 0
    while i < len(log):
        n = log[i][0]
        if n == 1:
            i += 1
            continue
        short = [d for d in draws if isinstance(d, ShuffleDraw) and d.fewer and n < len(d.items)]
        run = [b for b, _ in log[i : i + n - 1]]
        if short and n > 6 and run == list(range(n, 1, -1)):
            raise Fewer
        for draw in draws:
            if isinstance(draw, DiceDraw) and n == 6:
                end = i
                while end < len(log) and end - i < draw.count and log[end][0] == 6:
                    end += 1
                yield DiceDraw(draw.name, end - i, draw.cite), [v for _, v in log[i:end]]
                i = end
                break
            if isinstance(draw, ShuffleDraw) and n == len(draw.items):
                bounds = list(range(n, 1, -1))
                assert [b for b, _ in log[i : i + n - 1]] == bounds, f"a broken shuffle at {i}"
                yield draw, [v for _, v in log[i : i + n - 1]]
                i += n - 1
                break
            if isinstance(draw, NumberDraw) and n == draw.high - draw.low + 1:
                yield draw, [log[i][1]]
                i += 1
                break
        else:
            names = ", ".join(draw.name for draw in draws)
            raise AssertionError(f"a draw below {n} at {i} is none of the declared ({names})")


def _split(
    log: list[tuple[int, int]], draws: tuple[Draw, ...]
) -> Iterator[tuple[Draw, list[int]] | None]:
    """:func:`parts`, then ``None`` where the split stopped at a shorter shuffle."""
    try:
        yield from parts(log, draws)
    except Fewer:
        yield None


CUT_FIELDS = {"the cut": "position", "the cover card's depth from the bottom": "cover_from_bottom"}
"""The declared cut draws and the field of the cut event that records each."""


def recorded(rounds: list[Round[Any]]) -> dict[str, list[tuple[Any, ...]]]:
    """What the events recorded, by draw name, in order."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    for round_ in rounds:
        for event in round_.events:
            kind = type(event).__name__
            if kind in ("DiceThrown", "DiceShaken") and getattr(event, "source", "rng") == "rng":
                faces = event.faces  # type: ignore[attr-defined]
                found.setdefault("dice", []).extend((face,) for face in faces)
            elif kind == "DeckShuffled":
                found.setdefault("shuffle", []).append(tuple(map(str, event.stack)))  # type: ignore[attr-defined]
            elif kind == "TilesMixed":
                tiles = [str(t) for stack in event.stacks for t in stack]  # type: ignore[attr-defined]
                found.setdefault("shuffle", []).append(tuple(tiles))
            elif kind == "NumberDrawn":
                found.setdefault("the starting position", []).append((event.number,))  # type: ignore[attr-defined]
            elif kind == "DeckCut":
                for name, field in CUT_FIELDS.items():
                    if hasattr(event, field):
                        found.setdefault(name, []).append((getattr(event, field),))
    return found


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(item == other for other in it) for item in part)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_declared_draws_are_what_the_rounds_draw(case: tuple[str, int]) -> None:
    name, index = case
    variant = variants(name)[index]
    rules = rules_from_data({"game": name, **variant})
    draws = GAMES[name].policy.random_draws(rules)
    assert draws, f"{name} declares no random draws"
    drawn: dict[str, list[tuple[Any, ...]]] = {}
    for seed in (11, 12):
        source = Recording(seed)
        rounds = random_rounds(name, variant, rounds=6, seed=seed, rng=source)
        events = recorded(rounds)
        drawn = {}
        split = list(_split(source.log, draws))
        whole = None not in split
        for draw, answers in (part for part in split if part is not None):
            outcome = tuple(map(str, draw.draw(ScriptedRng(answers))))
            if isinstance(draw, DiceDraw):  # the faces one by one: throws are not marked
                drawn.setdefault("dice", []).extend((int(v),) for v in outcome)
                continue
            elif isinstance(draw, ShuffleDraw):
                key = "shuffle"
            else:
                key = draw.name
                outcome = (int(outcome[0]),)
            drawn.setdefault(key, []).append(outcome)
        for key, outcomes in drawn.items():
            if key in CUT_FIELDS:  # the contract driver also cuts at positions of its own
                assert is_subsequence(outcomes, events.get(key, [])), key
            else:
                found = events.get(key, [])
                assert outcomes == (found if whole else found[: len(outcomes)]), f"{name}: {key}"
        if whole:
            for key in ("dice", "shuffle", "the starting position"):
                assert len(events.get(key, [])) == len(drawn.get(key, [])), f"{name}: {key}"
    assert drawn, f"{name}: nothing drawn in random play"
