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
from functools import cache, cached_property
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from croupier.engine import (
    DEALER,
    Actor,
    ClientSeedGiven,
    Command,
    Event,
    LegalCommand,
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
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, ReplayError
from croupier.games._common import dealer_only, expect_phase, passes, settled
from croupier.games._wagering import (
    AnnounceNoMoreBets,
    BettingSections,
    Bound,
    NoMoreBets,
    PlaceWager,
    VoidRound,
    WageringRound,
)
from croupier.games.high_roll_dice.spots import HighRollDiceSpot
from croupier.money import Cents, PayoutLimit, payout
from croupier.offers import Integers, Numbers, choice, offer
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice
from croupier.rules.high_roll_dice import (
    MILLIONAIRE_ROW_MAXIMUM,
    HighRollDiceRules,
    Sections,
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
def betting_sections(s: Sections) -> BettingSections:
    """The sections of the variant's text the shared wagering refusals cite."""
    return BettingSections(
        seated=s.seated_only,
        wagers=s.wagers,
        closed=s.before_shake,
        no_more_bets=s.no_more_bets,
        none_wagered=s.pip_street,
        void=VOID_ROUND_CITE,
        over=s.before_shake,
    )


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


HighRollDiceCommand = Annotated[
    PlaceWager | AnnounceNoMoreBets | ThrowDice | DeclareIrregularity | CallResult | VoidRound,
    Field(discriminator="type"),
]


# --- events --------------------------------------------------------------------------
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
    extra_thrown: bool = False
    """Whether the Extra Roll's dice are on the table (thrown and not invalidated)."""
    limited_winnings: dict[str, Cents] = field(default_factory=dict)
    """Winnings paid per player (id) that count toward the aggregate payout limit, which
    is per player, not per seat (675a.5(e))."""
    settlements: list[WagerSettled] = field(default_factory=list)

    def unit(self, seat: int) -> Cents | None:
        """The seat's Pip Street value, which fixes every equal-value wager."""
        wagers = self.open_wagers.get(seat, {})
        return next((v for k, v in wagers.items() if _kind(k) == "pip_street"), None)


# --- the round -----------------------------------------------------------------------
class HighRollDiceRound(WageringRound[HighRollDiceState]):
    """One round of High Roll Dice under a :class:`HighRollDiceRules`; the wagers, "no
    more bets" and the void are the shared base's (:mod:`croupier.games._wagering`), its
    limits by spot (675a.2) through the one limit hook, :meth:`wager_bound`."""

    game = "high-roll-dice"
    rules_type = HighRollDiceRules
    event_adapter = TypeAdapter(list[HighRollDiceEvent])
    command_adapter = TypeAdapter(HighRollDiceCommand)
    betting, closed = Phase.BETTING, Phase.FIRST_THROW
    completed, voided = Phase.COMPLETED, Phase.VOIDED
    highest_seat_first = True

    @property
    def rules(self) -> HighRollDiceRules:
        return self.state.rules

    @cached_property
    def betting_sections(self) -> BettingSections:
        return betting_sections(self.rules.sections)

    @classmethod
    def one_wager_rule(cls, rules: Any) -> str | None:
        return None if cls.adds_to_wager else betting_sections(rules.sections).wagers

    @cached_property
    def _spots(self) -> tuple[str, ...]:
        return spots_of(self.rules)

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
            case WagerSettled():
                _settled(state, event)
            case RoundVoided():
                state.phase = Phase.VOIDED
            case RoundCompleted():
                state.phase = Phase.COMPLETED
            case _:
                self._evolve_throw(state, event)
        return state

    def _evolve_throw(self, state: HighRollDiceState, event: Event) -> None:
        """:meth:`evolve` for the dice thrown, invalidated or corrected (any other event is
        not High Roll Dice's)."""
        match event:
            case DiceThrown(roll=roll, faces=faces):
                self._expect(
                    state, event, Phase.FIRST_THROW if roll == "first" else Phase.EXTRA_THROW
                )
                state.dice = faces
                state.extra_thrown = roll == "extra"
                state.phase = Phase.FIRST_CALL if roll == "first" else Phase.EXTRA_CALL
            case ThrowInvalidated():
                self._expect(state, event, Phase.FIRST_CALL, Phase.EXTRA_CALL)
                state.dice = ()
                state.extra_thrown = False
                first = state.phase is Phase.FIRST_CALL
                state.phase = Phase.FIRST_THROW if first else Phase.EXTRA_THROW
            case DieCorrected(die=die, face=face):
                self._expect(state, event, Phase.FIRST_CALL, Phase.EXTRA_CALL)
                state.dice = (*state.dice[:die], face, *state.dice[die + 1 :])
            case _:
                raise ReplayError(f"{event!r} is not a High Roll Dice event", "engine:replay")

    _expect = staticmethod(expect_phase)

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
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
        return None

    # -- wagers (the shared base's hooks) -----------------------------------------------
    def spots(self) -> tuple[str, ...]:
        return self._spots

    def wagers_of(self, seat: int) -> dict[str, Cents]:
        """The seat's wagers in play, its Extra Roll purchase among them."""
        wagers = self.state.open_wagers.get(seat, {})
        bought = self.state.extra_rolls.get(seat)
        return wagers if bought is None else {**wagers, EXTRA_ROLL: bought}

    def in_play(self) -> list[tuple[int, str, Cents]]:
        """Every wager in play, then every Extra Roll purchased (collected or not) whose
        roll has not been called: what a void returns."""
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
        return in_play

    def wagered(self) -> bool:
        return bool(self.state.open_wagers)

    def refuse_closed(self, spot: str) -> IllegalCommand:
        s = self.rules.sections
        if spot == EXTRA_ROLL and s.lockout is not None:
            return NotYourTurn(
                'wagers are closed: "no more bets" has been announced; the Extra Roll '
                "sensors are locked out",
                s.lockout,
            )
        return super().refuse_closed(spot)

    def placed_cite(self, spot: str) -> str:
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

    def spot_label(self, spot: str) -> str:
        return spot_label(spot)

    def wager_bound(self, seat: int, spot: str) -> Bound | None:
        """A Pip Street wager is first, within the table limits; every other wager of the
        seat equals it (675a.2(e)), Millionaire Row from its minimum to $1; an Extra Roll
        follows a Like Kind wager (675a.2)."""
        rules, s, state = self.rules, self.rules.sections, self.state
        unit = state.unit(seat)
        kind = HighRollDiceSpot.parse(spot).kind
        if kind == "pip_street":
            if unit is None:
                return Bound(rules.minimum_wager, rules.maximum_wager, s.pip_street)
            return Bound(unit, unit, s.equal_value)
        if unit is None:
            return None
        if kind == "like_kind":
            return Bound(unit, unit, s.like_kind)
        if kind == "extra_roll":
            wagers = state.open_wagers.get(seat, {})
            if s.extra_roll is None or not any(_kind(k) == "like_kind" for k in wagers):
                return None
            return Bound(unit, unit, s.extra_roll)
        assert s.millionaire_row is not None
        return Bound(rules.millionaire_row_minimum, MILLIONAIRE_ROW_MAXIMUM, s.millionaire_row)

    def why_no_bound(self, seat: int, spot: str) -> tuple[str, str]:
        s = self.rules.sections
        if self.state.unit(seat) is None:
            if spot == EXTRA_ROLL:
                assert s.extra_roll is not None
                return (
                    f"seat {seat} has neither a Pip Street wager nor a Like Kind Boulevard "
                    "wager: an Extra Roll is bought only by a player who placed a Like Kind "
                    "Boulevard wager, which follows a Pip Street wager",
                    s.extra_roll,
                )
            return (
                f"a wager on {spot_label(spot)} needs a Pip Street wager first: a player "
                "takes part in "
                "a round by wagering on Pip Street",
                self.placed_cite(spot) if _kind(spot) != "millionaire_row" else s.pip_street,
            )
        assert s.extra_roll is not None
        return (
            f"seat {seat} has a Pip Street wager but no Like Kind Boulevard wager: an Extra "
            "Roll is bought only by a player who placed a Like Kind Boulevard wager",
            s.extra_roll,
        )

    def why_not_void(self) -> str | None:
        if self.state.phase not in (Phase.BETTING, Phase.FIRST_THROW):
            return "a round may be voided only before its dice are thrown"
        return None

    def closing_events(self) -> Iterator[Event]:
        """ "No more bets", then every Extra Roll purchase to the table inventory
        (675a.4(a))."""
        s = self.rules.sections
        yield NoMoreBets(cite=s.no_more_bets)
        for seat, amount in sorted(self.state.extra_rolls.items()):
            yield ExtraRollCollected(seat=seat, amount=amount, cite=s.no_more_bets)

    # -- the dealer's commands: one check each, for decide and for the offers -----------
    def check_throw(self, actor: Actor) -> None:
        dealer_only(actor, "throw the dice", self.rules.sections.throw)
        state = self.state
        if state.phase is not Phase.FIRST_THROW and (
            state.phase is not Phase.EXTRA_THROW or state.first is None
        ):
            raise NotYourTurn("the dice are not to be thrown now", self.rules.sections.throw)

    def check_call(self, actor: Actor) -> None:
        dealer_only(actor, "call the result", self.rules.sections.call)
        if self.state.phase not in (Phase.FIRST_CALL, Phase.EXTRA_CALL):
            raise NotYourTurn(
                "there is no valid throw on the table to call", self.rules.sections.call
            )

    def check_irregularity(self, actor: Actor) -> None:
        s, state = self.rules.sections, self.state
        dealer_only(actor, "declare an irregularity", s.cocked_die)
        if not state.physical_dice:
            raise NotYourTurn(
                "this table throws its dice by RNG: no die can leave the table, rest on "
                "another or lie cocked, so there is no irregularity to declare",
                s.throw,
            )
        if state.phase not in (Phase.FIRST_CALL, Phase.EXTRA_CALL):
            raise NotYourTurn("there is no throw on the table to declare irregular", s.throw)

    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        match command:
            case ThrowDice(faces=faces):
                self.check_throw(actor)
                yield self._throw(faces)
            case DeclareIrregularity():
                self.check_irregularity(actor)
                yield self._irregularity(command)
            case CallResult():
                self.check_call(actor)
                if self.state.phase is Phase.FIRST_CALL:
                    yield from self._settle_first_roll()
                else:
                    yield from self._settle_extra_roll()
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a High Roll Dice command", "")

    def _throw(self, faces: tuple[Any, ...] | None) -> DiceThrown:
        s, state = self.rules.sections, self.state
        roll: Literal["first", "extra"] = "first"
        count = self.rules.dice
        if state.phase is Phase.EXTRA_THROW and state.first is not None:
            roll, count = "extra", self.rules.dice - state.first[1]
        cite = s.throw if roll == "first" else s.extra_throw
        assert cite is not None
        if faces is None:
            return DiceThrown(roll=roll, faces=roll_dice(self.draw(), count), cite=cite)
        if not state.physical_dice:
            raise NotYourTurn("this table throws its dice by RNG: no reading is taken", s.throw)
        reading = read_dice(faces, count, s.dice)
        return DiceThrown(roll=roll, faces=reading, source="reading", cite=cite)

    def _irregularity(self, command: DeclareIrregularity) -> Event:
        s, state = self.rules.sections, self.state
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
        return settled(seat, spot, amount, cite, odds, won, withheld)

    _lose = staticmethod(settled)

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
                        odds = Fraction(won, amount)
                        yield settled(seat, spot, amount, s.millionaire_row_prizes, odds, won)
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

    # -- what may be done and seen ------------------------------------------------------
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """The dealer's own commands, each where its check passes (each refuses a seat
        first)."""
        if actor != DEALER:
            return []
        state, s = self.state, self.rules.sections
        if passes(self.check_throw, actor):
            first = state.phase is Phase.FIRST_THROW
            count = self.rules.dice - (0 if first or state.first is None else state.first[1])
            faces = Numbers(count=count, low=1, high=6, optional=True)
            reading = {"faces": faces} if state.physical_dice else {}
            return [offer("ThrowDice", s.throw if first else s.extra_throw or s.throw, **reading)]
        if not passes(self.check_call, actor):
            return []
        call = [offer("CallResult", s.call)]
        if not passes(self.check_irregularity, actor):
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
        # Whether an Extra Roll is part of this round: "thrown" (its dice are `dice`),
        # "due" (waiting for its throw; `dice` still the first throw's) or None (none).
        extra_roll = (
            "thrown" if state.extra_thrown else "due" if state.phase is Phase.EXTRA_THROW else None
        )
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
            "held": [{"seat": seat, "spot": spot} for seat, spot in sorted(state.held)],
            "dice": list(state.dice),
            "set_aside": list(state.set_aside),
            "first_roll": first,
            "final_count": state.final_count,
            "extra_roll": extra_roll,
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


def _settled(state: HighRollDiceState, event: WagerSettled) -> None:
    """A wager settled: off the table (and out of the held circles); its winnings count
    toward the player's aggregate payout limit (675a.5(e)), a Millionaire Row prize's
    excepted."""
    seat, spot = event.seat, event.spot
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
            state.limited_winnings[player] = paid + event.won
    state.settlements.append(event)
