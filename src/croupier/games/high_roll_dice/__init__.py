"""High Roll Dice (58 Pa. Code ch. 675a; the six-dice variation of 675a.6; ch. 593).

A round, as the text runs:

1. **Wagers** (675a.2): seated players bet Pip Street on any or all faces (required
   to play), Like Kind Boulevard on circles equal to the Pip Street wager, an Extra
   Roll equal to the Like Kind wager, and Millionaire Row (at most $1) on 9 and/or 10.
2. **No more bets** (675a.4(a)): Extra Roll purchases go to the table inventory.
3. **The throw** (675a.4(b)-(c)): the dealer throws; a die off the table or on
   another die invalidates the throw, a cocked die counts the face opposite the
   side resting on the object, a die resting on more than one side voids the roll;
   invalid and void throws are thrown again.
4. **The call** (675a.4(d)-(e)) and **first-roll settlement** (675a.4(f)): per
   player, Pip Street, then Like Kind (wagers that an Extra Roll can still win are
   held), then Millionaire Row.
5. **The Extra Roll** (675a.4(g)-(h)): the non-matching dice are thrown again and
   held Like Kind wagers settle on the final count at the Extra Roll odds.

Commands: :class:`PlaceWager` (a seat), :class:`AnnounceNoMoreBets`,
:class:`ThrowDice`, :class:`DeclareIrregularity`, :class:`CallResult` and
:class:`VoidRound` (the dealer).

A short round, the dice scripted (:class:`~croupier.rng.ScriptedRng`; a table draws them
from its sealed source): one seat bets $5 on the six at Pip Street, the dealer announces
"no more bets", and the dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) throw, call and settle. Four sixes
are the most of any face, so the six wins at 4 to 1 (675a.5(a)): $20.00 won, the $5.00
returned.

>>> from croupier.registry import find
>>> from croupier.rng import ScriptedRng, dice_draws
>>> from croupier.rules.high_roll_dice import HighRollDiceRules
>>> dice = ScriptedRng(dice_draws([6, 6, 6, 2, 3, 4, 5, 1, 6, 2]))
>>> round_ = HighRollDiceRound.open(
...     HighRollDiceRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=dice
... )
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="pip_street:six", amount=500), 1)]
['WagerPlaced']
>>> [e.type for e in round_.handle(AnnounceNoMoreBets(), DEALER)]
['NoMoreBets']
>>> [e.type for e in find("high-roll-dice").policy.run_dealer_steps(round_)]
['DiceThrown', 'ResultCalled', 'DiceSetAside', 'WagerSettled', 'RoundCompleted']
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('pip_street:six', 'win', 500, 2000)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

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
from croupier.equipment.dice import (
    FACE_NAMES,
    FACES,
    opposite,
    read_dice,
    winning_face,
)
from croupier.errors import InvalidWager, NotYourTurn, ReplayError
from croupier.games._common import dealer_only, expect_phase, void_events
from croupier.games.high_roll_dice.spots import HighRollDiceSpot
from croupier.money import Cents, PayoutLimit, format_cents, payout, require_cents
from croupier.offers import Amount, Integers, Numbers, Text, choice, offer
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice
from croupier.rules.high_roll_dice import (
    MILLIONAIRE_ROW_MAXIMUM,
    HighRollDiceRules,
    millionaire_row_win,
)

EXTRA_ROLL = "extra_roll"
VOID_ROUND_CITE = "interpretations:void-round"


# --- spots -------------------------------------------------------------------------
def pip_street_spot(face: int) -> str:
    """``"pip_street:ace"`` etc. for face 1..6."""
    return str(HighRollDiceSpot("pip_street", face))


def like_kind_spot(count: int) -> str:
    """``"like_kind:4"``; ``"like_kind:no_match"`` for the six-dice no-match circle."""
    return str(HighRollDiceSpot("like_kind", count))


def millionaire_row_spot(count: int) -> str:
    """``"millionaire_row:9"`` or ``"millionaire_row:10"``."""
    return str(HighRollDiceSpot("millionaire_row", count))


def like_kind_count(spot: str) -> int:
    """The circle of a Like Kind spot (``"like_kind:no_match"`` -> 1)."""
    count = HighRollDiceSpot.parse(spot).number
    assert count is not None
    return count


def spot_label(spot: str) -> str:
    """A spot as the layout names it (:attr:`HighRollDiceSpot.label`): "Pip Street ace",
    "Like Kind 4", "Like Kind no match", "Millionaire Row 9", "Extra Roll"."""
    return HighRollDiceSpot.parse(spot).label


def _kind(spot: str) -> str:
    """The wager ``spot`` is (:data:`~croupier.games.high_roll_dice.spots.KINDS`)."""
    return HighRollDiceSpot.parse(spot).kind


@cache
def spots_of(rules: HighRollDiceRules) -> tuple[str, ...]:
    """Every wager spot at a table under ``rules``, in layout order."""
    spots = [pip_street_spot(face) for face in FACES]
    spots += [like_kind_spot(count) for count in sorted(rules.like_kind_odds)]
    if rules.extra_roll_odds is not None:
        spots.append(EXTRA_ROLL)
    if rules.millionaire_row_prizes is not None:
        spots += [millionaire_row_spot(count) for count in sorted(rules.millionaire_row_prizes)]
    return tuple(spots)


# --- commands ----------------------------------------------------------------------
class PlaceWager(Command):
    """Seat ``seat`` puts ``amount`` cents on ``spot`` (``pip_street:<face>``,
    ``like_kind:<2..8|no_match>``, ``extra_roll``, ``millionaire_row:<9|10>``)."""

    type: Literal["PlaceWager"] = "PlaceWager"
    seat: int
    spot: str
    amount: Any
    """Cents; validated as a positive ``int`` so that a bad value is refused with a
    cited error rather than coerced."""


class AnnounceNoMoreBets(Command):
    """The dealer announces "no more bets" (675a.4(a))."""

    type: Literal["AnnounceNoMoreBets"] = "AnnounceNoMoreBets"


class ThrowDice(Command):
    """The dealer shakes and throws (675a.4(b)). ``faces`` is the reading of physical
    dice on a table that uses them; otherwise the RNG throws."""

    type: Literal["ThrowDice"] = "ThrowDice"
    faces: tuple[Any, ...] | None = None
    """The faces 1 to 6 of the dice thrown (checked by the round, with a cited refusal:
    ``true``, ``"1"`` or ``1.0`` is not a face)."""


class Irregularity(StrEnum):
    """What can go wrong with a throw (675a.4(b)-(c))."""

    DIE_OFF_TABLE = "die_off_table"
    """A die went off the table: the throw is invalid (675a.4(b))."""
    DIE_ON_ANOTHER_DIE = "die_on_another_die"
    """A die came to rest on top of another: the throw is invalid (675a.4(b))."""
    COCKED_DIE = "cocked_die"
    """A die rests cocked on one side against an object: the face opposite that side
    counts (675a.4(c)); give ``die`` and ``resting_face``."""
    DIE_RESTING_ON_SEVERAL_SIDES = "die_resting_on_several_sides"
    """More than one side of a die rests on an object: the roll is void and the dice
    are rethrown (675a.4(c))."""


class DeclareIrregularity(Command):
    """The dealer declares an irregularity of the throw on the table."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity
    die: int | None = None
    """For a cocked die: its position in the throw, 0-based."""
    resting_face: int | None = None
    """For a cocked die: the face resting against the chips or other object."""


class CallResult(Command):
    """The dealer calls the valid throw on the table and settles (675a.4(d)-(h))."""

    type: Literal["CallResult"] = "CallResult"


class VoidRound(Command):
    """The floor voids the round; every wager still in play is returned."""

    type: Literal["VoidRound"] = "VoidRound"
    reason: str = Field(min_length=1, max_length=500)


HighRollDiceCommand = Annotated[
    PlaceWager | AnnounceNoMoreBets | ThrowDice | DeclareIrregularity | CallResult | VoidRound,
    Field(discriminator="type"),
]


# --- events --------------------------------------------------------------------------
class NoMoreBets(Event):
    """Wagering is closed; the Extra Roll sensors are locked out (675a.4(a))."""

    type: Literal["NoMoreBets"] = "NoMoreBets"


class ExtraRollCollected(Event):
    """An Extra Roll purchase of ``amount`` cents goes to the table inventory (675a.4(a))."""

    type: Literal["ExtraRollCollected"] = "ExtraRollCollected"
    seat: int
    amount: Cents


class DiceThrown(Event):
    """The dice of the first roll or of the Extra Roll, as they came to rest."""

    type: Literal["DiceThrown"] = "DiceThrown"
    roll: Literal["first", "extra"]
    faces: tuple[int, ...]
    source: Literal["rng", "reading"] = "rng"


class ThrowInvalidated(Event):
    """The throw does not count; the same dice are thrown again (675a.4(b)-(c))."""

    type: Literal["ThrowInvalidated"] = "ThrowInvalidated"
    irregularity: Irregularity


class DieCorrected(Event):
    """A cocked die counts the face opposite the side it rests on (675a.4(c))."""

    type: Literal["DieCorrected"] = "DieCorrected"
    die: int
    resting_face: int
    face: int


class ResultCalled(Event):
    """The first roll's winning face (the face of the highest rank among those that
    occur the most) and its count, called out (675a.4(d))."""

    type: Literal["ResultCalled"] = "ResultCalled"
    face: int
    count: int


class DiceSetAside(Event):
    """The matching dice of the winning face moved, exposed, into its box of the throw
    box layout (675a.4(e)); they stay there through an Extra Roll (675a.4(g))."""

    type: Literal["DiceSetAside"] = "DiceSetAside"
    face: int
    count: int


class WagerHeld(Event):
    """A Like Kind wager left on the layout for the Extra Roll (675a.4(f)(2)(ii))."""

    type: Literal["WagerHeld"] = "WagerHeld"
    seat: int
    spot: str


class ExtraRollCalled(Event):
    """The Extra Roll's additional matching dice and the final count (675a.4(h))."""

    type: Literal["ExtraRollCalled"] = "ExtraRollCalled"
    face: int
    additional: int
    total: int


HighRollDiceEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | WagerPlaced
    | NoMoreBets
    | ExtraRollCollected
    | DiceThrown
    | ThrowInvalidated
    | DieCorrected
    | ResultCalled
    | DiceSetAside
    | WagerHeld
    | ExtraRollCalled
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]


# --- state ---------------------------------------------------------------------------
class Phase(StrEnum):
    BETTING = "betting"
    FIRST_THROW = "first_throw"
    """Waiting for the dealer to throw the first roll."""
    FIRST_CALL = "first_call"
    """The first roll is on the table: the dealer calls it or declares an irregularity."""
    EXTRA_THROW = "extra_throw"
    EXTRA_CALL = "extra_call"
    COMPLETED = "completed"
    VOIDED = "voided"


@dataclass
class HighRollDiceState:
    """A round of High Roll Dice as its events have left it."""

    rules: HighRollDiceRules
    seats: dict[int, str]
    physical_dice: bool
    phase: Phase = Phase.BETTING
    open_wagers: dict[int, dict[str, Cents]] = field(default_factory=dict)
    """Wagers in play (not settled, not collected): seat -> spot -> cents."""
    extra_rolls: dict[int, Cents] = field(default_factory=dict)
    """Extra Roll purchases by seat (cents), in play until collected."""
    collected: dict[int, Cents] = field(default_factory=dict)
    """Extra Roll purchases in the table inventory (675a.4(a))."""
    held: set[tuple[int, str]] = field(default_factory=set)
    dice: tuple[int, ...] = ()
    """The dice of the throw on the table."""
    first: tuple[int, int] | None = None
    """The first roll's winning face and count."""
    set_aside: tuple[int, ...] = ()
    """The matching dice moved into the throw box layout, which stay through an Extra
    Roll (675a.4(e), (g))."""
    final_count: int | None = None
    limited_winnings: dict[str, Cents] = field(default_factory=dict)
    """Winnings paid per player (id) that count toward the aggregate payout limit, which
    is per player, not per seat (675a.5(e))."""
    settlements: list[WagerSettled] = field(default_factory=list)

    def unit(self, seat: int) -> Cents | None:
        """The seat's Pip Street value, which fixes every equal-value wager."""
        wagers = self.open_wagers.get(seat, {})
        return next((v for k, v in wagers.items() if _kind(k) == "pip_street"), None)


# --- the round -----------------------------------------------------------------------
class HighRollDiceRound(Round[HighRollDiceState]):
    """One round of High Roll Dice under a :class:`HighRollDiceRules`."""

    game = "high-roll-dice"
    rules_type = HighRollDiceRules
    event_adapter = TypeAdapter(list[HighRollDiceEvent])
    command_adapter = TypeAdapter(HighRollDiceCommand)

    @property
    def rules(self) -> HighRollDiceRules:
        return self.state.rules

    @property
    def finished(self) -> bool:
        return self.state.phase in (Phase.COMPLETED, Phase.VOIDED)

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: HighRollDiceRules) -> HighRollDiceState:
        return HighRollDiceState(
            rules=rules, seats=dict(opened.seats), physical_dice=opened.physical_dice
        )

    def evolve(self, state: HighRollDiceState, event: Event) -> HighRollDiceState:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                self._expect(state, event, Phase.BETTING)
                if spot == EXTRA_ROLL:
                    state.extra_rolls[seat] = amount
                else:
                    state.open_wagers.setdefault(seat, {})[spot] = amount
            case NoMoreBets():
                self._expect(state, event, Phase.BETTING)
                state.phase = Phase.FIRST_THROW
            case ExtraRollCollected(seat=seat, amount=amount):
                state.collected[seat] = state.extra_rolls.pop(seat)
            case DiceThrown(roll=roll, faces=faces):
                self._expect(
                    state, event, Phase.FIRST_THROW if roll == "first" else Phase.EXTRA_THROW
                )
                state.dice = faces
                state.phase = Phase.FIRST_CALL if roll == "first" else Phase.EXTRA_CALL
            case ThrowInvalidated():
                self._expect(state, event, Phase.FIRST_CALL, Phase.EXTRA_CALL)
                state.dice = ()
                first = state.phase is Phase.FIRST_CALL
                state.phase = Phase.FIRST_THROW if first else Phase.EXTRA_THROW
            case DieCorrected(die=die, face=face):
                self._expect(state, event, Phase.FIRST_CALL, Phase.EXTRA_CALL)
                state.dice = (*state.dice[:die], face, *state.dice[die + 1 :])
            case ResultCalled(face=face, count=count):
                self._expect(state, event, Phase.FIRST_CALL)
                state.first = (face, count)
                state.phase = Phase.EXTRA_THROW
            case DiceSetAside(face=face, count=count):
                self._expect(state, event, Phase.EXTRA_THROW)
                state.set_aside = (face,) * count
            case WagerHeld(seat=seat, spot=spot):
                state.held.add((seat, spot))
            case ExtraRollCalled(total=total):
                self._expect(state, event, Phase.EXTRA_CALL)
                state.final_count = total
            case WagerSettled(seat=seat, spot=spot, won=won):
                if spot == EXTRA_ROLL:
                    source = state.collected if seat in state.collected else state.extra_rolls
                    source.pop(seat)
                else:
                    del state.open_wagers[seat][spot]
                    if not state.open_wagers[seat]:
                        del state.open_wagers[seat]
                    state.held.discard((seat, spot))
                    if not (_kind(spot) == "millionaire_row" and state.rules.dice == 10):
                        player = state.seats[seat]
                        paid = state.limited_winnings.get(player, 0)
                        state.limited_winnings[player] = paid + won
                state.settlements.append(event)
            case RoundVoided():
                state.phase = Phase.VOIDED
            case RoundCompleted():
                state.phase = Phase.COMPLETED
            case _:
                raise ReplayError(f"{event!r} is not a High Roll Dice event", "engine:replay")
        return state

    _expect = staticmethod(expect_phase)

    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                return PlaceWager(seat=seat, spot=spot, amount=amount), seat, None
            case NoMoreBets():
                return AnnounceNoMoreBets(), DEALER, None
            case DiceThrown(faces=faces, source="reading"):
                return ThrowDice(faces=faces), DEALER, None
            case DiceThrown(faces=faces):
                return ThrowDice(), DEALER, ScriptedRng(dice_draws(faces))
            case ThrowInvalidated(irregularity=irregularity):
                return DeclareIrregularity(irregularity=irregularity), DEALER, None
            case DieCorrected(die=die, resting_face=resting):
                cocked = DeclareIrregularity(
                    irregularity=Irregularity.COCKED_DIE, die=die, resting_face=resting
                )
                return cocked, DEALER, None
            case ResultCalled() | ExtraRollCalled():
                return CallResult(), DEALER, None
            case RoundVoided(reason=reason):
                return VoidRound(reason=reason), DEALER, None
        return None

    # -- commands ---------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        if self.finished:
            raise NotYourTurn("the round is over", self._phase_cite())
        match command:
            case PlaceWager():
                yield self._place_wager(command, actor)
            case AnnounceNoMoreBets():
                yield from self._no_more_bets(actor)
            case ThrowDice(faces=faces):
                yield self._throw(faces, actor)
            case DeclareIrregularity():
                yield self._irregularity(command, actor)
            case CallResult():
                self._dealer_only(actor, "call the result", self.rules.sections.call)
                if self.state.phase is Phase.FIRST_CALL:
                    yield from self._settle_first_roll()
                elif self.state.phase is Phase.EXTRA_CALL:
                    yield from self._settle_extra_roll()
                else:
                    raise NotYourTurn(
                        "there is no valid throw on the table to call", self.rules.sections.call
                    )
            case VoidRound(reason=reason):
                self._dealer_only(actor, "void the round", VOID_ROUND_CITE)
                if self.state.phase not in (Phase.BETTING, Phase.FIRST_THROW):
                    raise NotYourTurn(
                        "a round may be voided only before its dice are thrown",
                        VOID_ROUND_CITE,
                    )
                yield from self._void(reason)
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a High Roll Dice command", "")

    def _phase_cite(self) -> str:
        return self.rules.sections.before_shake

    _dealer_only = staticmethod(dealer_only)

    def _place_wager(self, command: PlaceWager, actor: Actor) -> WagerPlaced:
        s, state = self.rules.sections, self.state
        seat, spot = command.seat, command.spot
        if actor != seat:
            raise NotYourTurn(f"seat {actor} may not place a wager for seat {seat}", s.seated_only)
        if seat not in state.seats:
            raise NotYourTurn(
                f"seat {seat} is not occupied: only seated players may wager", s.seated_only
            )
        if state.phase is not Phase.BETTING:
            locked = spot == EXTRA_ROLL and s.lockout is not None
            raise NotYourTurn(
                'wagers are closed: "no more bets" has been announced'
                + ("; the Extra Roll sensors are locked out" if locked else ""),
                s.lockout if locked and s.lockout else s.before_shake,
            )
        amount = require_cents(command.amount, "a wager", s.wagers)
        bound = self._spot_bound(seat, spot) if spot in self._all_spots() else None
        if bound is None:
            raise InvalidWager(*self._why_not(seat, spot))
        low, high, cite = bound
        if not low <= amount <= high:
            if low == high:
                rule = f"must equal {format_cents(low)}"
            else:
                rule = f"must be {format_cents(low)} to {format_cents(high)}"
            raise InvalidWager(f"a wager on {spot} {rule}, not {format_cents(amount)}", cite)
        return WagerPlaced(seat=seat, spot=spot, amount=amount, cite=self._spot_cite(spot))

    def _spot_cite(self, spot: str) -> str:
        s = self.rules.sections
        kind = HighRollDiceSpot.parse(spot).kind
        cite = {
            "pip_street": s.pip_street,
            "like_kind": s.like_kind,
            "extra_roll": s.extra_roll,
            "millionaire_row": s.millionaire_row,
        }[kind]
        assert cite is not None
        return cite

    def _all_spots(self) -> tuple[str, ...]:
        return spots_of(self.rules)

    def _spot_bounds(self, seat: int) -> dict[str, tuple[Cents, Cents, str]]:
        """Spot -> (least, most, rule) for every spot ``seat`` may still bet now."""
        bounds = {spot: self._spot_bound(seat, spot) for spot in self._all_spots()}
        return {spot: bound for spot, bound in bounds.items() if bound is not None}

    def _spot_bound(self, seat: int, spot: str) -> tuple[Cents, Cents, str] | None:
        """(least, most, rule) for a wager by ``seat`` on ``spot`` now, or ``None``."""
        rules, s, state = self.rules, self.rules.sections, self.state
        wagers = state.open_wagers.get(seat, {})
        if spot in wagers or (spot == EXTRA_ROLL and seat in state.extra_rolls):
            return None
        unit = state.unit(seat)
        kind = HighRollDiceSpot.parse(spot).kind
        if kind == "pip_street":
            if unit is None:
                return (rules.minimum_wager, rules.maximum_wager, s.pip_street)
            return (unit, unit, s.equal_value)
        if unit is None:
            return None
        if kind == "like_kind":
            return (unit, unit, s.like_kind)
        if kind == "extra_roll":
            if s.extra_roll is None or not any(_kind(k) == "like_kind" for k in wagers):
                return None
            return (unit, unit, s.extra_roll)
        assert s.millionaire_row is not None
        return (rules.millionaire_row_minimum, MILLIONAIRE_ROW_MAXIMUM, s.millionaire_row)

    def _why_not(self, seat: int, spot: str) -> tuple[str, str]:
        s, state = self.rules.sections, self.state
        if spot not in self._all_spots():
            known = ", ".join(self._all_spots())
            return f"there is no spot {spot!r} at this table; the spots are {known}", s.wagers
        if spot in state.open_wagers.get(seat, {}) or (
            spot == EXTRA_ROLL and seat in state.extra_rolls
        ):
            return f"seat {seat} already has a wager on {spot}", s.wagers
        if state.unit(seat) is None:
            if spot == EXTRA_ROLL:
                assert s.extra_roll is not None
                return (
                    f"seat {seat} has neither a Pip Street wager nor a Like Kind Boulevard "
                    "wager: an Extra Roll is bought only by a player who placed a Like Kind "
                    "Boulevard wager, which follows a Pip Street wager",
                    s.extra_roll,
                )
            return (
                f"a wager on {spot} needs a Pip Street wager first: a player takes part in "
                "a round by wagering on Pip Street",
                self._spot_cite(spot) if _kind(spot) != "millionaire_row" else s.pip_street,
            )
        assert s.extra_roll is not None
        return (
            f"seat {seat} has a Pip Street wager but no Like Kind Boulevard wager: an Extra "
            "Roll is bought only by a player who placed a Like Kind Boulevard wager",
            s.extra_roll,
        )

    def _no_more_bets(self, actor: Actor) -> Iterator[Event]:
        s, state = self.rules.sections, self.state
        self._dealer_only(actor, 'announce "no more bets"', s.no_more_bets)
        if state.phase is not Phase.BETTING:
            raise NotYourTurn('"no more bets" has already been announced', s.no_more_bets)
        if not state.open_wagers:
            raise NotYourTurn("no player has wagered: there is no round to play", s.pip_street)
        yield NoMoreBets(cite=s.no_more_bets)
        for seat, amount in sorted(state.extra_rolls.items()):
            yield ExtraRollCollected(seat=seat, amount=amount, cite=s.no_more_bets)

    def _throw(self, faces: tuple[Any, ...] | None, actor: Actor) -> DiceThrown:
        s, state = self.rules.sections, self.state
        self._dealer_only(actor, "throw the dice", s.throw)
        if state.phase is Phase.FIRST_THROW:
            roll: Literal["first", "extra"] = "first"
            count = self.rules.dice
        elif state.phase is Phase.EXTRA_THROW and state.first is not None:
            roll, count = "extra", self.rules.dice - state.first[1]
        else:
            raise NotYourTurn("the dice are not to be thrown now", s.throw)
        cite = s.throw if roll == "first" else s.extra_throw
        assert cite is not None
        if faces is None:
            return DiceThrown(roll=roll, faces=roll_dice(self.draw(), count), cite=cite)
        if not state.physical_dice:
            raise NotYourTurn("this table throws its dice by RNG: no reading is taken", s.throw)
        reading = read_dice(faces, count, s.dice)
        return DiceThrown(roll=roll, faces=reading, source="reading", cite=cite)

    def _irregularity(self, command: DeclareIrregularity, actor: Actor) -> Event:
        s, state = self.rules.sections, self.state
        self._dealer_only(actor, "declare an irregularity", s.cocked_die)
        if not state.physical_dice:
            raise NotYourTurn(
                "this table throws its dice by RNG: no die can leave the table, rest on "
                "another or lie cocked, so there is no irregularity to declare",
                s.throw,
            )
        if state.phase not in (Phase.FIRST_CALL, Phase.EXTRA_CALL):
            raise NotYourTurn("there is no throw on the table to declare irregular", s.throw)
        if command.irregularity is Irregularity.COCKED_DIE:
            die, resting = command.die, command.resting_face
            if die is None or not 0 <= die < len(state.dice):
                raise InvalidWager(
                    f"a cocked die is named by its position 0 to {len(state.dice) - 1}, not {die}",
                    s.cocked_die,
                )
            if resting is None or resting not in range(1, 7):
                raise InvalidWager(
                    f"give the face (1 to 6) resting on the object, not {resting}", s.cocked_die
                )
            return DieCorrected(
                die=die, resting_face=resting, face=opposite(resting), cite=s.cocked_die
            )
        several = command.irregularity is Irregularity.DIE_RESTING_ON_SEVERAL_SIDES
        cite = s.cocked_die if several else s.throw
        return ThrowInvalidated(irregularity=command.irregularity, cite=cite)

    # -- settlement -------------------------------------------------------------------
    def _settlement_order(self) -> list[int]:
        """Counterclockwise from the dealer's right: the highest seat first."""
        return sorted(self.state.open_wagers, reverse=True)

    def _win(self, seat: int, spot: str, amount: Cents, odds: Fraction, cite: str) -> WagerSettled:
        due = payout(amount, odds, self.rules.payout_rounding)
        player = self.state.seats[seat]
        paid_so_far = self.state.limited_winnings.get(player, 0)
        won = PayoutLimit(self.rules.payout_limit, paid_so_far).cap(due)
        withheld = due - won
        if withheld:
            cite = f"{cite}; {self.rules.sections.payout_limit}"
        return WagerSettled(
            seat=seat,
            spot=spot,
            amount=amount,
            outcome=Outcome.WIN,
            odds=odds,
            returned=amount,
            won=won,
            withheld=withheld,
            cite=cite,
        )

    @staticmethod
    def _lose(seat: int, spot: str, amount: Cents, cite: str) -> WagerSettled:
        return WagerSettled(seat=seat, spot=spot, amount=amount, outcome=Outcome.LOSE, cite=cite)

    def _settle_first_roll(self) -> Iterator[Event]:
        rules, s, state = self.rules, self.rules.sections, self.state
        face, count = winning_face(state.dice)
        yield ResultCalled(face=face, count=count, cite=s.call)
        yield DiceSetAside(face=face, count=count, cite=s.set_aside)
        extra = rules.extra_roll_odds
        for seat in self._settlement_order():
            wagers = dict(state.open_wagers[seat])
            bought = seat in state.collected
            typed = {spot: HighRollDiceSpot.parse(spot) for spot in wagers}
            for spot, amount in wagers.items():
                if typed[spot].kind == "pip_street":
                    if typed[spot].number == face:
                        yield self._win(
                            seat, spot, amount, rules.pip_street_odds[face], s.pip_street_odds
                        )
                    else:
                        yield self._lose(seat, spot, amount, s.settle_pip_street)
            for spot, amount in wagers.items():
                if typed[spot].kind == "like_kind":
                    circle = like_kind_count(spot)
                    if circle == count:
                        yield self._win(
                            seat, spot, amount, rules.like_kind_odds[count], s.like_kind_odds
                        )
                    elif bought and extra is not None and circle > count and circle in extra:
                        assert s.hold_like_kind is not None
                        yield WagerHeld(seat=seat, spot=spot, cite=s.hold_like_kind)
                    else:
                        cite = s.hold_like_kind if bought else s.settle_like_kind
                        assert cite is not None
                        yield self._lose(seat, spot, amount, cite)
            for spot, amount in wagers.items():
                if typed[spot].kind == "millionaire_row":
                    assert s.settle_millionaire_row is not None and s.millionaire_row_prizes
                    if typed[spot].number == count:
                        won = millionaire_row_win(amount, count, rules)
                        yield WagerSettled(
                            seat=seat,
                            spot=spot,
                            amount=amount,
                            outcome=Outcome.WIN,
                            odds=Fraction(won, amount),
                            returned=amount,
                            won=won,
                            cite=s.millionaire_row_prizes,
                        )
                    else:
                        yield self._lose(seat, spot, amount, s.settle_millionaire_row)
        if not state.collected or count == rules.dice:
            # No Extra Roll was bought, or no die is left to throw (675a.4(g)).
            yield RoundCompleted(cite=s.settle_pip_street)

    def _settle_extra_roll(self) -> Iterator[Event]:
        rules, s, state = self.rules, self.rules.sections, self.state
        assert state.first is not None and rules.extra_roll_odds is not None
        assert s.settle_extra_roll is not None and s.extra_roll_odds is not None
        face, count = state.first
        additional = sum(1 for die in state.dice if die == face)
        total = count + additional
        yield ExtraRollCalled(
            face=face, additional=additional, total=total, cite=s.settle_extra_roll
        )
        for seat in self._settlement_order():
            for spot, amount in dict(state.open_wagers[seat]).items():
                if (seat, spot) not in state.held:
                    continue
                if like_kind_count(spot) == total:
                    odds = rules.extra_roll_odds[total]
                    yield self._win(seat, spot, amount, odds, s.extra_roll_odds)
                else:
                    yield self._lose(seat, spot, amount, s.settle_extra_roll)
        yield RoundCompleted(cite=s.settle_extra_roll)

    def _void(self, reason: str) -> Iterator[Event]:
        """Void the round: every wager in play is returned, then every Extra Roll
        purchased (collected or not) whose roll has not been called."""
        state = self.state
        in_play = [
            (seat, spot, amount)
            for seat in sorted(state.open_wagers, reverse=True)
            for spot, amount in state.open_wagers[seat].items()
        ]
        if state.final_count is None:
            purchases = {**state.extra_rolls, **state.collected}
            for seat, amount in sorted(purchases.items(), reverse=True):
                in_play.append((seat, EXTRA_ROLL, amount))
        yield from void_events(reason, VOID_ROUND_CITE, in_play)

    # -- what may be done and seen ------------------------------------------------------
    def legal_commands(self, actor: Actor) -> list[LegalCommand]:
        state, s = self.state, self.rules.sections
        if self.finished:
            return []
        if actor != DEALER:
            if actor not in state.seats or state.phase is not Phase.BETTING:
                return []
            groups: dict[tuple[Cents, Cents, str], list[str]] = {}
            for spot, bound in self._spot_bounds(actor).items():
                groups.setdefault(bound, []).append(spot)
            return [
                offer(
                    "PlaceWager",
                    cite,
                    seat=actor,
                    spot=choice(spots, spot_label),
                    amount=Amount(low=low, high=high),
                )
                for (low, high, cite), spots in groups.items()
            ]
        void = offer("VoidRound", VOID_ROUND_CITE, reason=Text())
        if state.phase is Phase.BETTING:
            ready = [offer("AnnounceNoMoreBets", s.no_more_bets)]
            return [*ready, void] if state.open_wagers else [void]
        if state.phase in (Phase.FIRST_THROW, Phase.EXTRA_THROW):
            first = state.phase is Phase.FIRST_THROW
            count = self.rules.dice - (0 if first or state.first is None else state.first[1])
            faces = Numbers(count=count, low=1, high=6, optional=True)
            reading = {"faces": faces} if state.physical_dice else {}
            throw = offer("ThrowDice", s.throw if first else s.extra_throw or s.throw, **reading)
            return [throw, void] if first else [throw]
        call = [offer("CallResult", s.call)]
        if not state.physical_dice:
            return call
        cite = f"{s.throw}; {s.cocked_die}"
        plain = [kind for kind in Irregularity if kind is not Irregularity.COCKED_DIE]
        cocked = offer(
            "DeclareIrregularity",
            cite,
            irregularity=Irregularity.COCKED_DIE,
            die=Integers(low=0, high=len(state.dice) - 1),
            resting_face=Integers(low=1, high=6),
        )
        return [*call, offer("DeclareIrregularity", cite, irregularity=choice(plain)), cocked]

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """Everything at a dice table is in plain sight: every player, the dealer and the
        public see the same layout (wagers, dice, calls, settlements)."""
        state, opened = self.state, self.opened
        first = None
        if state.first is not None:
            face, count = state.first
            first = {"face": FACE_NAMES[face], "count": count}
        return {
            "game": self.game,
            "table_id": opened.table_id,
            "round_id": opened.round_id,
            "rules_sha256": opened.rules_sha256,
            "variant": str(self.rules.variant),
            "phase": str(state.phase),
            "viewer": actor,
            "seats": {str(k): v for k, v in state.seats.items()},
            "wagers": {str(k): dict(v) for k, v in state.open_wagers.items()},
            "extra_rolls": {str(k): v for k, v in {**state.extra_rolls, **state.collected}.items()},
            "held": sorted(f"{seat}:{spot}" for seat, spot in state.held),
            "dice": list(state.dice),
            "set_aside": list(state.set_aside),
            "first_roll": first,
            "final_count": state.final_count,
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
        }


__all__ = [
    "EXTRA_ROLL",
    "AnnounceNoMoreBets",
    "CallResult",
    "DeclareIrregularity",
    "DiceSetAside",
    "DiceThrown",
    "DieCorrected",
    "ExtraRollCalled",
    "ExtraRollCollected",
    "HighRollDiceCommand",
    "HighRollDiceEvent",
    "HighRollDiceRound",
    "HighRollDiceState",
    "Irregularity",
    "NoMoreBets",
    "Phase",
    "PlaceWager",
    "ResultCalled",
    "ThrowDice",
    "ThrowInvalidated",
    "VoidRound",
    "WagerHeld",
    "like_kind_count",
    "like_kind_spot",
    "millionaire_row_spot",
    "pip_street_spot",
]
