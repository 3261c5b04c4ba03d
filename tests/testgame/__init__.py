"""Odd or Even ("one-die"): a game defined only here, in the tests, to prove that the one
game interface (:mod:`croupier.game`, :mod:`croupier.registry`) is all a game needs.

No line of ``src/`` knows this game. ``conftest.py`` registers :data:`SPEC` with
:func:`croupier.registry.register` and the tests play it through the table server, the
ledger, replay and ``croupier play``.

A round, with made-up rule numbers (``one-die:N``), as a chapter would run:

1. **Betting** (one-die:2): each seated player (seats 1 to 4) may wager on ``odd``, on
   ``even`` or on both, once each, between the table minimum and maximum.
2. **No more bets** (one-die:3): the dealer closes the betting once someone wagered.
3. **The throw** (one-die:4): the dealer throws one die (the RNG draws the face).
4. **Settlement** (one-die:5): a wager on the face's parity wins 1 to 1, the other loses.

The dealer (or floor) may void the round before the die is thrown (one-die:6).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, model_validator

from croupier.engine import (
    DEALER,
    Actor,
    ClientSeedGiven,
    Command,
    Event,
    LegalCommand,
    Round,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.errors import NotYourTurn, ReplayError
from croupier.game import GameSpec, TablePolicy
from croupier.games._common import dealer_only, expect_phase, passes, settled
from croupier.games._wagering import (
    AnnounceNoMoreBets,
    BettingSections,
    NoMoreBets,
    PlaceWager,
    VoidRound,
    WageringRound,
    WageringState,
)
from croupier.offers import offer
from croupier.rng import DiceDraw, Draw, Rng, ScriptedRng
from croupier.rules.base import RulesSubmission

GAME = "one-die"
SPOTS = ("odd", "even")
SEATS_CITE = "one-die:1"
WAGER_CITE = "one-die:2"
THROW_CITE = "one-die:4"
SETTLE_CITE = "one-die:5"
SECTIONS = BettingSections(
    seated=WAGER_CITE,
    wagers=WAGER_CITE,
    closed=WAGER_CITE,
    no_more_bets="one-die:3",
    void="one-die:6",
    over=WAGER_CITE,
)


class OneDieRules(RulesSubmission):
    """Odd or Even: the wager limits (cents) of the base submission, four seats."""

    game: Literal["one-die"] = "one-die"
    seats: ClassVar[int] = 4

    def seats_cite(self) -> str:
        return SEATS_CITE

    @model_validator(mode="after")
    def _limits(self) -> OneDieRules:
        if self.minimum_wager > self.maximum_wager:
            raise ValueError("the minimum wager may not exceed the maximum wager (one-die:2)")
        return self


class ThrowDie(Command):
    """The dealer throws the die; the RNG draws its face (one-die:4)."""

    type: Literal["ThrowDie"] = "ThrowDie"


class DieThrown(Event):
    """The die came to rest showing ``face``."""

    type: Literal["DieThrown"] = "DieThrown"
    face: int


OneDieCommand = Annotated[
    PlaceWager | AnnounceNoMoreBets | ThrowDie | VoidRound, Field(discriminator="type")
]
OneDieEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | WagerPlaced
    | NoMoreBets
    | DieThrown
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]


class Phase(StrEnum):
    BETTING = "betting"
    THROW = "throw"
    SETTLED = "settled"
    VOIDED = "voided"


@dataclass(kw_only=True)
class OneDieState(WageringState):
    rules: OneDieRules
    face: int | None = None


class OneDieRound(WageringRound[OneDieState]):
    """One round of Odd or Even: its rules, its outcome and its settlement; the wagers,
    "no more bets" and the void are the shared base's (:mod:`croupier.games._wagering`)."""

    game = GAME
    rules_type = OneDieRules
    event_adapter = TypeAdapter(list[OneDieEvent])
    command_adapter = TypeAdapter(OneDieCommand)
    betting_sections = SECTIONS
    betting, closed, completed, voided = Phase.BETTING, Phase.THROW, Phase.SETTLED, Phase.VOIDED

    def spots(self) -> tuple[str, ...]:
        return SPOTS

    def initial_state(self, opened: RoundOpened, rules: OneDieRules) -> OneDieState:
        return OneDieState(rules=rules, seats=dict(opened.seats), phase=Phase.BETTING)

    def evolve(self, state: OneDieState, event: Event) -> OneDieState:
        if isinstance(event, DieThrown):
            expect_phase(state, event, Phase.THROW)
            state.face = event.face
        elif not self.evolve_wagers(state, event):
            raise ReplayError(f"{event!r} is not an Odd or Even event", "engine:replay")
        return state

    def check_throw(self, actor: Actor) -> None:
        dealer_only(actor, "throw the die", THROW_CITE)
        if self.state.phase is not Phase.THROW:
            raise NotYourTurn("the die is thrown after no more bets", THROW_CITE)

    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        if not isinstance(command, ThrowDie):
            raise NotYourTurn(f"{type(command).__name__} is not an Odd or Even command", "")
        self.check_throw(actor)
        face = self.draw().randbelow(6) + 1
        yield DieThrown(face=face, cite=THROW_CITE)
        winner = "odd" if face % 2 else "even"
        for seat, spot, amount in self.in_play():
            if spot == winner:  # 1 to 1
                yield settled(seat, spot, amount, SETTLE_CITE, Fraction(1), won=amount)
            else:
                yield settled(seat, spot, amount, SETTLE_CITE)
        yield RoundCompleted(cite=SETTLE_CITE)

    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        return [offer("ThrowDie", THROW_CITE)] if passes(self.check_throw, actor) else []

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        if isinstance(event, DieThrown):
            return ThrowDie(), DEALER, ScriptedRng([event.face - 1])
        return None

    def table_view(self) -> dict[str, Any]:
        return {"face": self.state.face}


class OneDiePolicy(TablePolicy):
    """The dealer throws as soon as the betting is closed; the rest is the defaults."""

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        assert isinstance(round_, OneDieRound)
        return ThrowDie() if round_.state.phase is Phase.THROW else None

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The one die thrown by the RNG."""
        return (DiceDraw("the die", 1, THROW_CITE),)


SPEC = GameSpec(
    round_type=OneDieRound,
    policy=OneDiePolicy(),
    title="Odd or Even",
    chapter="test",
)
"""No sign, analysis, simulation or terminal module; the browser's generic layout."""
