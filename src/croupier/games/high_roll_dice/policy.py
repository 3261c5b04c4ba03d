"""How a High Roll Dice table conducts its rounds (the :class:`~croupier.game.TablePolicy`
of ch. 675a, 675a.6 and 593).

With RNG dice, once "no more bets" is announced the dealer throws (675a.4(b)), calls
(675a.4(d)-(f)) and, where Extra Rolls were bought, throws and calls the Extra Roll
(675a.4(g)-(h)): no one chooses, so the table takes those steps. With physical dice the
dealer sends the throw (its faces) and the call. An Extra Roll bought is collected by the
table (675a.4(g)): its stake moves to the table's inventory, and its settlement is paid
from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from croupier.engine import Command, Event, Round, WagerSettled
from croupier.game import (
    ESCROW,
    INVENTORY,
    GameSpec,
    Move,
    TablePolicy,
    settled_wagers,
    settlement_moves,
)
from croupier.games.high_roll_dice import (
    EXTRA_ROLL,
    CallResult,
    ExtraRollCollected,
    HighRollDiceRound,
    Phase,
    ThrowDice,
    spots_of,
    words,
)
from croupier.games.high_roll_dice.spots import GROUPS, HighRollDiceSpot
from croupier.money import Cents
from croupier.rng import DiceDraw, Draw
from croupier.rules.base import RulesSubmission
from croupier.rules.high_roll_dice import NO_MATCH, HighRollDiceRules
from croupier.spots import SpotInfo


class HighRollDicePolicy(TablePolicy):
    physical_dice: ClassVar[bool] = True

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        assert isinstance(round_, HighRollDiceRound)
        if round_.state.physical_dice:
            return None
        phase = round_.state.phase
        if phase in (Phase.FIRST_THROW, Phase.EXTRA_THROW):
            return ThrowDice()
        if phase in (Phase.FIRST_CALL, Phase.EXTRA_CALL):
            return CallResult()
        return None

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The dice thrown by the RNG (675a.4(b); the Extra Roll throws again those that
        did not match, 675a.4(g))."""
        assert isinstance(rules, HighRollDiceRules)
        return (DiceDraw("the dice", rules.dice, rules.sections.throw),)

    def drop(self, round_: Round[Any]) -> Cents:
        """The settled wagers and the Extra Rolls collected (675a.4(a))."""
        collected = sum(e.amount for e in round_.events if isinstance(e, ExtraRollCollected))
        return super().drop(round_) + collected

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """Each settled wager by its spot; a Like Kind circle of a seat that bought an
        Extra Roll is the par sheet's ``like_kind_extra_roll:<t>`` (the circle and the
        Extra Roll, 675a.4(a)), the seat's Extra Roll shared among its circles
        (docs/interpretations.md, "The hold report's wagers")."""
        extra = {e.seat: e.amount for e in round_.events if isinstance(e, ExtraRollCollected)}
        settled = settled_wagers(round_.events)
        circles: dict[int, int] = {}
        for event in settled:
            if event.spot.startswith("like_kind:") and event.seat in extra:
                circles[event.seat] = circles.get(event.seat, 0) + 1
        found: list[tuple[str, Cents]] = []
        shared: dict[int, int] = {}
        for event in settled:
            if event.spot == EXTRA_ROLL:
                continue
            spot = HighRollDiceSpot.parse(event.spot)
            if spot.kind == "like_kind" and event.seat in extra:
                count, done = circles[event.seat], shared.get(event.seat, 0)
                part = extra[event.seat] // count + (extra[event.seat] % count if done == 0 else 0)
                shared[event.seat] = done + 1
                found.append((f"like_kind_extra_roll:{spot.part}", event.amount + part))
            else:
                found.append((event.spot, event.amount))
        return found

    def seats_wagered(self, round_: Round[Any]) -> set[int]:
        assert isinstance(round_, HighRollDiceRound)
        return {seat for seat, placed in round_.state.open_wagers.items() if placed}

    def moves(
        self, events: Sequence[Event], index: int, seats: Mapping[int, str]
    ) -> list[Move] | None:
        """An Extra Roll collected (675a.4(a)): its stake from escrow to the inventory;
        its settlement then pays from the inventory."""
        event = events[index]
        if isinstance(event, ExtraRollCollected):
            return [((ESCROW, None), -event.amount), ((INVENTORY, None), event.amount)]
        if isinstance(event, WagerSettled) and event.spot == EXTRA_ROLL:
            return settlement_moves(event, seats, _stake_source(events, index))
        return None


def _stake_source(events: Sequence[Event], index: int) -> str:
    """Where the stake of the Extra Roll settled at ``events[index]`` is held: the
    inventory if it was collected since that seat's Extra Roll was last settled."""
    settled = events[index]
    assert isinstance(settled, WagerSettled)
    for event in reversed(events[:index]):
        if isinstance(event, ExtraRollCollected) and event.seat == settled.seat:
            return INVENTORY
        if (
            isinstance(event, WagerSettled)
            and event.seat == settled.seat
            and event.spot == EXTRA_ROLL
        ):
            return ESCROW
    return ESCROW


def layout_spots(rules: HighRollDiceRules) -> list[SpotInfo]:
    """Every spot at a table under ``rules`` (675a.2), in layout order, named as the layout
    names it, with what its area shows: Pip Street's face, a circle's number (``0``: Like
    Kind's no-match circle)."""
    sections = rules.sections
    cites = {
        "pip_street": sections.pip_street,
        "like_kind": sections.like_kind,
        "extra_roll": sections.extra_roll or "",
        "millionaire_row": sections.millionaire_row or "",
    }
    out = []
    for text in spots_of(rules):
        spot = HighRollDiceSpot.parse(text)
        circle = spot.kind in ("like_kind", "millionaire_row")
        mark = (
            ("0" if spot.number == NO_MATCH and spot.kind == "like_kind" else str(spot.number))
            if circle
            else ""
        )
        out.append(
            SpotInfo(
                value=text,
                label=spot.label,
                group=spot.kind,
                group_label=GROUPS.get(spot.kind, ""),
                numbers=() if spot.number is None else (spot.number,),
                mark=mark,
                cite=cites[spot.kind],
            )
        )
    return out


SPEC = GameSpec(
    round_type=HighRollDiceRound,
    policy=HighRollDicePolicy(),
    title="High Roll Dice",
    chapter="675a",
    variants={
        "high-roll-dice-six-dice": {"variant": "six_dice"},
        "high-roll-dice-2014": {"variant": "ten_dice_2014"},
    },
    layout="high-roll-dice",
    layout_spots=layout_spots,
    spot_type=HighRollDiceSpot,
    sign="croupier.games.high_roll_dice.sign",
    analysis="croupier.analysis.exact.high_roll_dice",
    simulation="croupier.analysis.simulation.high_roll_dice",
    terminal="croupier.cli.tables.high_roll_dice",
    training="croupier.games.high_roll_dice.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
    main_wager=words.MAIN_WAGER,
)
