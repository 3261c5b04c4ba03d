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
from dataclasses import dataclass, field
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
    Outcome,
    Round,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.errors import InvalidWager, NotYourTurn, ReplayError
from croupier.game import GameSpec, TablePolicy
from croupier.money import Cents, format_cents, require_cents
from croupier.offers import Amount, Text, choice, offer
from croupier.rng import DiceDraw, Draw, Rng, ScriptedRng
from croupier.rules.base import RulesSubmission

GAME = "one-die"
SPOTS = ("odd", "even")
SEATS_CITE = "one-die:1"
WAGER_CITE = "one-die:2"
NO_MORE_BETS_CITE = "one-die:3"
THROW_CITE = "one-die:4"
SETTLE_CITE = "one-die:5"
VOID_CITE = "one-die:6"
EVEN_MONEY = Fraction(1)


# --- the Rules Submission ------------------------------------------------------------
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


# --- commands --------------------------------------------------------------------------
class PlaceWager(Command):
    """Seat ``seat`` puts ``amount`` cents on ``spot`` (``odd`` or ``even``)."""

    type: Literal["PlaceWager"] = "PlaceWager"
    seat: int
    spot: str
    amount: int


class AnnounceNoMoreBets(Command):
    """The dealer closes the betting (one-die:3)."""

    type: Literal["AnnounceNoMoreBets"] = "AnnounceNoMoreBets"


class ThrowDie(Command):
    """The dealer throws the die; the RNG draws its face (one-die:4)."""

    type: Literal["ThrowDie"] = "ThrowDie"


class VoidRound(Command):
    """The dealer voids the round before the throw; every wager is returned (one-die:6)."""

    type: Literal["VoidRound"] = "VoidRound"
    reason: str = Field(min_length=1, max_length=500)


OneDieCommand = Annotated[
    PlaceWager | AnnounceNoMoreBets | ThrowDie | VoidRound, Field(discriminator="type")
]


# --- events ----------------------------------------------------------------------------
class NoMoreBets(Event):
    """The betting is closed."""

    type: Literal["NoMoreBets"] = "NoMoreBets"


class DieThrown(Event):
    """The die came to rest showing ``face``."""

    type: Literal["DieThrown"] = "DieThrown"
    face: int


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


# --- state -----------------------------------------------------------------------------
class Phase(StrEnum):
    BETTING = "betting"
    THROW = "throw"
    SETTLED = "settled"
    VOIDED = "voided"


@dataclass
class OneDieState:
    rules: OneDieRules
    seats: dict[int, str]
    phase: Phase = Phase.BETTING
    wagers: dict[int, dict[str, Cents]] = field(default_factory=dict)
    """Wagers in play: seat -> spot -> cents (the shape TablePolicy's defaults read)."""
    face: int | None = None
    settlements: list[WagerSettled] = field(default_factory=list)


# --- the round -------------------------------------------------------------------------
class OneDieRound(Round[OneDieState]):
    """One round of Odd or Even."""

    game = GAME
    rules_type = OneDieRules
    event_adapter = TypeAdapter(list[OneDieEvent])
    command_adapter = TypeAdapter(OneDieCommand)

    @property
    def rules(self) -> OneDieRules:
        return self.state.rules

    @property
    def finished(self) -> bool:
        return self.state.phase in (Phase.SETTLED, Phase.VOIDED)

    # -- fold ---------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: OneDieRules) -> OneDieState:
        return OneDieState(rules=rules, seats=dict(opened.seats))

    def evolve(self, state: OneDieState, event: Event) -> OneDieState:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                self._expect(state, event, Phase.BETTING)
                state.wagers.setdefault(seat, {})[spot] = amount
            case NoMoreBets():
                self._expect(state, event, Phase.BETTING)
                state.phase = Phase.THROW
            case DieThrown(face=face):
                self._expect(state, event, Phase.THROW)
                state.face = face
            case WagerSettled(seat=seat, spot=spot):
                del state.wagers[seat][spot]
                if not state.wagers[seat]:
                    del state.wagers[seat]
                state.settlements.append(event)
            case RoundCompleted():
                state.phase = Phase.SETTLED
            case RoundVoided():
                state.phase = Phase.VOIDED
            case _:
                raise ReplayError(f"{event!r} is not an Odd or Even event", "engine:replay")
        return state

    @staticmethod
    def _expect(state: OneDieState, event: Event, phase: Phase) -> None:
        if state.phase is not phase:
            raise ReplayError(
                f"{type(event).__name__} cannot follow phase {state.phase}", "engine:replay"
            )

    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                return PlaceWager(seat=seat, spot=spot, amount=amount), seat, None
            case NoMoreBets():
                return AnnounceNoMoreBets(), DEALER, None
            case DieThrown(face=face):
                return ThrowDie(), DEALER, ScriptedRng([face - 1])
            case RoundVoided(reason=reason):
                return VoidRound(reason=reason), DEALER, None
        return None

    # -- commands -----------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        if self.finished:
            raise NotYourTurn("the round is over", WAGER_CITE)
        match command:
            case PlaceWager():
                yield self._place_wager(command, actor)
            case AnnounceNoMoreBets():
                self._dealer_only(actor, 'announce "no more bets"', NO_MORE_BETS_CITE)
                if self.state.phase is not Phase.BETTING:
                    raise NotYourTurn("the betting is closed already", NO_MORE_BETS_CITE)
                if not self.state.wagers:
                    raise NotYourTurn("no one has wagered", NO_MORE_BETS_CITE)
                yield NoMoreBets(cite=NO_MORE_BETS_CITE)
            case ThrowDie():
                self._dealer_only(actor, "throw the die", THROW_CITE)
                if self.state.phase is not Phase.THROW:
                    raise NotYourTurn("the die is thrown after no more bets", THROW_CITE)
                face = self.draw().randbelow(6) + 1
                yield DieThrown(face=face, cite=THROW_CITE)
                yield from self._settle(face)
            case VoidRound(reason=reason):
                self._dealer_only(actor, "void the round", VOID_CITE)
                yield RoundVoided(reason=reason, cite=VOID_CITE)
                for seat, spot, amount in self._in_play():
                    yield WagerSettled(
                        seat=seat,
                        spot=spot,
                        amount=amount,
                        outcome=Outcome.VOID,
                        returned=amount,
                        cite=VOID_CITE,
                    )
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not an Odd or Even command", "")

    @staticmethod
    def _dealer_only(actor: Actor, what: str, cite: str) -> None:
        if actor != DEALER:
            raise NotYourTurn(f"only the dealer may {what}", cite)

    def _in_play(self) -> list[tuple[int, str, Cents]]:
        wagers = self.state.wagers
        return [
            (seat, spot, wagers[seat][spot])
            for seat in sorted(wagers)
            for spot in SPOTS
            if spot in wagers[seat]
        ]

    def _place_wager(self, command: PlaceWager, actor: Actor) -> WagerPlaced:
        state, seat, spot = self.state, command.seat, command.spot
        if actor != seat:
            raise NotYourTurn(f"seat {actor} may not wager for seat {seat}", WAGER_CITE)
        if seat not in state.seats:
            raise NotYourTurn(f"seat {seat} is not taken", WAGER_CITE)
        if state.phase is not Phase.BETTING:
            raise NotYourTurn("the betting is closed", WAGER_CITE)
        if spot not in SPOTS:
            raise InvalidWager(f"there is no spot {spot!r}: the spots are odd, even", WAGER_CITE)
        if spot in state.wagers.get(seat, {}):
            raise InvalidWager(f"seat {seat} already has a wager on {spot}", WAGER_CITE)
        amount = require_cents(command.amount, "a wager", WAGER_CITE)
        low, high = self.rules.minimum_wager, self.rules.maximum_wager
        if not low <= amount <= high:
            raise InvalidWager(
                f"a wager is {format_cents(low)} to {format_cents(high)}, "
                f"not {format_cents(amount)}",
                WAGER_CITE,
            )
        return WagerPlaced(seat=seat, spot=spot, amount=amount, cite=WAGER_CITE)

    def _settle(self, face: int) -> Iterator[Event]:
        winner = "odd" if face % 2 else "even"
        for seat, spot, amount in self._in_play():
            if spot == winner:
                yield WagerSettled(
                    seat=seat,
                    spot=spot,
                    amount=amount,
                    outcome=Outcome.WIN,
                    odds=EVEN_MONEY,
                    returned=amount,
                    won=amount,
                    cite=SETTLE_CITE,
                )
            else:
                yield WagerSettled(
                    seat=seat, spot=spot, amount=amount, outcome=Outcome.LOSE, cite=SETTLE_CITE
                )
        yield RoundCompleted(cite=SETTLE_CITE)

    # -- what may be done and seen ------------------------------------------------------
    def legal_commands(self, actor: Actor) -> list[LegalCommand]:
        state = self.state
        if self.finished:
            return []
        if actor != DEALER:
            if actor not in state.seats or state.phase is not Phase.BETTING:
                return []
            free = tuple(spot for spot in SPOTS if spot not in state.wagers.get(actor, {}))
            if not free:
                return []
            amount = Amount(low=self.rules.minimum_wager, high=self.rules.maximum_wager)
            return [offer("PlaceWager", WAGER_CITE, seat=actor, spot=choice(free), amount=amount)]
        void = offer("VoidRound", VOID_CITE, reason=Text())
        if state.phase is Phase.BETTING:
            if not state.wagers:
                return [void]
            return [offer("AnnounceNoMoreBets", NO_MORE_BETS_CITE), void]
        return [offer("ThrowDie", THROW_CITE), void]

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """Everything is in plain sight: one view for everybody."""
        state, opened = self.state, self.opened
        return {
            "game": self.game,
            "table_id": opened.table_id,
            "round_id": opened.round_id,
            "rules_sha256": opened.rules_sha256,
            "phase": str(state.phase),
            "viewer": actor,
            "seats": {str(k): v for k, v in state.seats.items()},
            "wagers": {str(k): dict(v) for k, v in state.wagers.items()},
            "face": state.face,
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
        }


# --- the table -------------------------------------------------------------------------
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
