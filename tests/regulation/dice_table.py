"""A High Roll Dice table for the worked examples: the dealer enters physical dice."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.engine import DEALER, WagerSettled
from croupier.errors import IllegalCommand
from croupier.games.high_roll_dice import (
    AnnounceNoMoreBets,
    CallResult,
    HighRollDiceRound,
    PlaceWager,
    ThrowDice,
)
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules

FIVE = 500
"""A $5 wager, in cents."""
ONE_DOLLAR = 100
"""The largest Millionaire Row wager, $1 (675a.2(e)(4))."""


def open_with_rules(rules: HighRollDiceRules, seats: dict[int, str]) -> HighRollDiceRound:
    """A round under ``rules`` whose dealer enters the reading of physical dice."""
    return HighRollDiceRound.open(
        rules, table_id="T1", round_id="R1", seats=seats, rng=SeededRng(0), physical_dice=True
    )


def open_variant(
    variant: str, seats: dict[int, str] | None = None, **rules: Any
) -> HighRollDiceRound:
    return open_with_rules(HighRollDiceRules(variant=variant, **rules), seats or {1: "alice"})


def bet(rnd: HighRollDiceRound, seat: int, spot: str, amount: Any = FIVE) -> None:
    rnd.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)


def throw_and_call(rnd: HighRollDiceRound, faces: tuple[int, ...]) -> list[Any]:
    """The dealer throws ``faces`` (the reading of the physical dice) and calls them."""
    rnd.handle(ThrowDice(faces=faces), DEALER)
    return rnd.handle(CallResult(), DEALER)


def first_roll(rnd: HighRollDiceRound, faces: tuple[int, ...]) -> list[Any]:
    """No more bets, then the first roll of ``faces``, called."""
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    return throw_and_call(rnd, faces)


def settled(rnd: HighRollDiceRound, seat: int = 1) -> dict[str, WagerSettled]:
    """Every settlement of ``seat`` by spot (a spot is settled at most once)."""
    out: dict[str, WagerSettled] = {}
    for event in rnd.events:
        if isinstance(event, WagerSettled) and event.seat == seat:
            assert event.spot not in out, f"{event.spot} settled twice"
            out[event.spot] = event
    return out


def of_type(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def refused(rnd: HighRollDiceRound, command: Any, actor: Any) -> IllegalCommand:
    """Send a command that must be refused; prove the round did not change."""
    events_before = list(rnd.events)
    view_before = rnd.view(None)
    with pytest.raises(IllegalCommand) as info:
        rnd.handle(command, actor)
    assert rnd.events == events_before
    assert rnd.view(None) == view_before
    error = info.value
    assert error.cite, "a refusal must cite its rule"
    assert str(error).endswith(f"({error.cite})")
    return error
