"""The Craps round (:class:`CrapsRound`): one turn of the dice around the table, from a
come-out roll to a seven-out, every roll in it (see the package docstring).

A short round, the dice scripted (:class:`~croupier.rng.ScriptedRng`; a table draws them
from its sealed source): one seat bets $10 on the Pass Line; the come-out roll, 4 and 2,
makes 6 the point; the next roll, 3 and 4, is a seven-out before the point: the Pass wager
loses (623a.9) and the seven-out ends the round. The dealer's steps that need no one's
choice (:meth:`~croupier.game.TablePolicy.run_dealer_steps`) throw and call each roll.

>>> from croupier.engine import DEALER
>>> from croupier.games.craps import AnnounceNoMoreBets, PlaceWager
>>> from croupier.registry import find
>>> from croupier.rng import ScriptedRng, dice_draws
>>> from croupier.rules.craps import CrapsRules
>>> dice = ScriptedRng(dice_draws([4, 2, 3, 4]))
>>> round_ = CrapsRound.open(
...     CrapsRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=dice
... )
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="pass", amount=1000), 1)]
['WagerPlaced']
>>> steps = find("craps").policy.run_dealer_steps
>>> [e.type for e in round_.handle(AnnounceNoMoreBets(), DEALER) + steps(round_)]
['NoMoreBets', 'DiceToShooter', 'DiceThrown', 'RollCalled']
>>> round_.state.point
6
>>> events = round_.handle(AnnounceNoMoreBets(), DEALER) + steps(round_)
>>> [e.type for e in events]
['NoMoreBets', 'DiceThrown', 'RollCalled', 'ShooterDone', 'WagerSettled', 'RoundCompleted']
>>> [(e.spot, e.outcome.value, e.won) for e in events if e.type == "WagerSettled"]
[('pass', 'lose', 0)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any, Self

from pydantic import TypeAdapter

from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    Outcome,
    RoundCompleted,
    RoundOpened,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.dice import read_dice
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, OtherSeat, ReplayError
from croupier.games._common import dealer_for, dealer_only, empty_seat, expect_phase, passes
from croupier.games._wagering import BettingSections, Bound, WageringRound
from croupier.games.craps.commands import (
    CallRoll,
    CallWager,
    CrapsCommand,
    DeclareIrregularity,
    EndTurn,
    GiveUpDice,
    Irregularity,
    LeaveTable,
    OfferDice,
    RemoveWager,
    SelectDice,
    ThrowDice,
)
from croupier.games.craps.events import (
    CommissionCollected,
    CommissionReturned,
    CrapsEvent,
    DiceOffered,
    DiceSelected,
    DiceThrown,
    DiceToShooter,
    NoMoreBets,
    NoRoll,
    PlayerLeft,
    Roll,
    RollCalled,
    ShooterDone,
    ShooterRotation,
    WagerCalled,
    WagerMoved,
    WagerPaid,
    WagerRemoved,
)
from croupier.games.craps.placing import (
    Limits,
    Refusal,
    amount_refusal,
    call_refusal,
    placement,
    removal,
    removed_with,
    why_no_spot,
)
from croupier.games.craps.settle import fire_settlements, settle_roll, taken_down
from croupier.games.craps.state import Bet, CrapsState, Phase
from croupier.games.craps.turn import Tally
from croupier.games.craps.wagers import (
    BONUS_SPOTS,
    ORDER,
    all_spots,
    amount_step,
    commission,
    commission_up_front,
    group_of,
    kept,
    kind_of,
    section_of,
    spot_words,
    step_reason,
    wager_kind,
    win_odds,
)
from croupier.money import Cents
from croupier.offers import Amount, Choice, Integers, Numbers, choice, offer
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice
from croupier.rules.craps import (
    DICE,
    DICE_OFFERED,
    MAKING,
    PAYOUTS,
    SETTLEMENT,
    SHOOTER,
    THROW,
    WAGERS,
    CrapsRules,
)

VOID_ROUND_CITE = "interpretations:void-round"
BETTING = BettingSections(
    seated=MAKING,
    wagers=WAGERS,
    closed=MAKING,
    no_more_bets=MAKING,
    void=VOID_ROUND_CITE,
    over=SHOOTER,
)
"""The sections the shared wagering base cites for Craps' wagers, "no more bets" and
the void."""


def _said(spot: str) -> str:
    """A spot as the layout names it, for an offer: "Place 6", "Odds behind Come on 9"."""
    words = spot_words(spot)
    return words[:1].upper() + words[1:]


@functools.lru_cache(maxsize=4096)
def _spots(spots: tuple[str, ...]) -> Choice:
    """The offered choice of ``spots``, each named as the layout names it (one frozen
    instance for each list of spots: the same lists come back at every step)."""
    return choice(spots, _said)


@functools.lru_cache(maxsize=1024)
def _amount(low: int, high: int, step: int, reason: str) -> Amount:
    """An offered amount (one frozen instance for the many spots that share it); a step
    cites 623a.4's whole-cent rule."""
    return Amount(low=low, high=high, step=step, reason=reason, cite=MAKING if step > 1 else "")


_PLACE = Integers(low=1, high=DICE_OFFERED)
"""The places of the five dice offered (623a.7)."""


class CrapsRound(WageringRound[CrapsState]):
    """One round of Craps or Mini-Craps under a :class:`CrapsRules`. Placing a wager,
    "no more bets" and the void are the shared base's (:mod:`croupier.games._wagering`),
    betting opening again after each roll; the wagers that stay up across rolls, their
    removal, calls and settlement are Craps' own."""

    game = "craps"
    rules_type = CrapsRules
    event_adapter = TypeAdapter(list[CrapsEvent])
    command_adapter = TypeAdapter(CrapsCommand)
    betting_sections = BETTING
    betting, closed, completed, voided = Phase.BETTING, Phase.THROW, Phase.COMPLETED, Phase.VOIDED
    adds_to_wager = True

    @property
    def rules(self) -> CrapsRules:
        return self.state.rules

    # -- opening ------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        rules: Any,
        *,
        table_id: str,
        round_id: str,
        seats: dict[int, str],
        rng: Rng,
        physical_dice: bool = False,
        after: int | None = None,
    ) -> Self:
        """A new round at ``table_id`` with ``seats`` seated; ``after`` is the seat whose
        turn with the dice ended the table's last round (623a.10; ``None``: a new table).
        Raises :class:`~croupier.errors.RulesSubmissionError` for a seat the table does not
        have (623a.2)."""
        round_ = super().open(
            rules,
            table_id=table_id,
            round_id=round_id,
            seats=seats,
            rng=rng,
            physical_dice=physical_dice,
        )
        if after is not None:
            rules.check_seats({after: ""})
        rotation = ShooterRotation(after=after, cite=SHOOTER)
        round_.state = round_.evolve(round_.state, rotation)
        round_.events.append(rotation)
        return round_

    def opening(self, events: Sequence[Event]) -> Iterator[Event]:
        """On replay: the ShooterRotation again from the seat it records."""
        rotation = events[1] if len(events) > 1 else None
        if not isinstance(rotation, ShooterRotation):
            raise ReplayError(
                "event 1 of a Craps round is its ShooterRotation (whose turn ended last)",
                "engine:replay",
            )
        if rotation.after is not None:
            self.rules.check_seats({rotation.after: ""})
        yield ShooterRotation(after=rotation.after, cite=SHOOTER)

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: CrapsRules) -> CrapsState:
        return CrapsState(rules=rules, seats=dict(opened.seats), physical_dice=opened.physical_dice)

    def evolve(self, state: CrapsState, event: Event) -> CrapsState:
        match event:
            case ShooterRotation(after=after):
                state.last_shooter = after
            case PlayerLeft(seat=seat):
                state.departed.add(seat)
            case ShooterDone(seat=seat):
                state.last_shooter = seat
                state.shooter, state.shooter_rolls = None, 0
                state.shooter_points = []
                state.dice_ready = False
            case DiceToShooter(seat=seat):
                state.shooter, state.shooter_rolls = seat, 0
                state.dice_ready = False
            case NoMoreBets():
                self._expect(state, event, Phase.BETTING)
                state.phase = Phase.THROW
                state.last_settled = []
            case DiceOffered():
                self._expect(state, event, Phase.THROW)
                state.phase = Phase.OFFERED
            case DiceSelected():
                self._expect(state, event, Phase.OFFERED)
                state.dice_ready, state.phase = True, Phase.THROW
            case DiceThrown(faces=faces):
                self._expect(state, event, Phase.THROW)
                state.dice, state.phase = faces, Phase.THROWN
            case NoRoll(irregularity=irregularity):
                self._expect(state, event, Phase.THROWN)
                state.dice, state.phase = (), Phase.THROW
                if irregularity is Irregularity.DIE_OFF_TABLE:
                    state.dice_ready = False
            case RollCalled():
                self._expect(state, event, Phase.THROWN)
                self._called(state, event)
            case RoundVoided():
                state.phase = Phase.VOIDED
            case RoundCompleted():
                state.phase = Phase.COMPLETED
            case _:
                self._evolve_wagers(state, event)
        return state

    @staticmethod
    def _called(state: CrapsState, event: RollCalled) -> None:
        """A roll called: the point it makes or keeps, the shooter's rolls, the Bonus."""
        if event.roll is Roll.POINT_MADE and state.point not in state.shooter_points:
            assert state.point is not None
            state.shooter_points.append(state.point)
        state.point, state.phase = event.point, Phase.BETTING
        state.rolls.append(event.faces)
        state.shooter_rolls += 1
        if event.total == 7:
            state.bonus_rolled, state.bonus_open = set(), True
        else:
            state.bonus_rolled.add(event.total)
            state.bonus_open = False

    def _evolve_wagers(self, state: CrapsState, event: Event) -> None:
        """:meth:`evolve` for the events that move wagers (any other is not Craps')."""
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                self._expect(state, event, Phase.BETTING)
                bet = state.wagers.setdefault(seat, {}).setdefault(spot, Bet(0))
                bet.amount += amount
            case CommissionCollected(seat=seat, spot=spot, amount=amount):
                state.wagers[seat][spot].commission += amount
            case WagerRemoved(seat=seat, spot=spot):
                state.remove(seat, spot)
            case WagerCalled(seat=seat, spot=spot, working=working):
                state.wagers[seat][spot].call = working
            case WagerMoved(seat=seat, spot=spot, to=to):
                moved = state.remove(seat, spot)
                target = state.wagers.setdefault(seat, {}).setdefault(to, Bet(0))
                target.amount += moved.amount
            case WagerPaid(seat=seat, spot=spot, commission=charged):
                if commission_up_front(state.rules, spot):
                    state.wagers[seat][spot].commission = charged
                state.last_settled.append(event)
            case WagerSettled(seat=seat, spot=spot):
                state.remove(seat, spot)
                state.last_settled.append(event)
            case CommissionReturned():
                pass
            case _:
                raise ReplayError(f"{event!r} is not a Craps event", "engine:replay")

    _expect = staticmethod(expect_phase)

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case WagerRemoved(seat=seat, spot=spot, reason="taken_down"):
                return RemoveWager(seat=seat, spot=spot), seat, None
            case WagerCalled(seat=seat, spot=spot, working=working):
                return CallWager(seat=seat, spot=spot, working=working), seat, None
            case PlayerLeft(seat=seat):
                return LeaveTable(seat=seat), seat, None
            case ShooterDone(seat=seat, reason="gave_up"):
                return GiveUpDice(seat=seat), seat, None
            case DiceOffered():
                return OfferDice(), DEALER, None
            case DiceSelected(seat=seat, dice=(first, second)):
                select = SelectDice(seat=seat, first=first, second=second)
                return select, DEALER if seat is None else seat, None
            case DiceThrown(faces=faces, source="reading"):
                return ThrowDice(faces=faces), DEALER, None
            case DiceThrown(faces=faces):
                return ThrowDice(), DEALER, ScriptedRng(dice_draws(faces))
            case NoRoll(irregularity=irregularity):
                return DeclareIrregularity(irregularity=irregularity), DEALER, None
            case RollCalled():
                return CallRoll(), DEALER, None
            case (
                ShooterDone(reason="no_line_wager")
                | WagerRemoved(reason="round_over")
                | RoundCompleted()
            ):
                # The first event of a command: the turn ended with no shooter for the
                # come-out (within "no more bets" or a roll's call they follow its first
                # event).
                return EndTurn(), DEALER, None
        return None

    # -- commands ---------------------------------------------------------------------
    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        state = self.state
        match command:
            case RemoveWager(seat=seat, spot=spot):
                self.check_remove(seat, spot, actor)
                for taken in removed_with(state, seat, spot):
                    bet = state.wagers[seat][taken]
                    yield WagerRemoved(
                        seat=seat,
                        spot=taken,
                        amount=bet.amount,
                        commission=bet.commission,
                        cite=MAKING,
                    )
            case CallWager(seat=seat, spot=spot, working=working):
                self.check_call(seat, spot, working, actor)
                yield WagerCalled(seat=seat, spot=spot, working=working, cite=MAKING)
            case GiveUpDice(seat=seat):
                self.check_give_up(seat, actor)
                yield from self._shooter_done(seat, "gave_up")
            case LeaveTable(seat=seat):
                self.check_leave(seat, actor)
                yield from self._leave(seat)
            case OfferDice():
                self.check_offer_dice(actor)
                yield DiceOffered(count=DICE_OFFERED, cite=DICE)
            case SelectDice():
                yield self._select(command, actor)
            case ThrowDice(faces=faces):
                self.check_throw(actor, faces is not None)
                yield self._throw(faces)
            case DeclareIrregularity(irregularity=irregularity):
                self.check_no_roll(actor)
                yield NoRoll(irregularity=irregularity, cite=THROW)
            case CallRoll():
                self.check_call_roll(actor)
                yield from settle_roll(state, state.dice)
            case EndTurn():
                self.check_end_turn(actor)
                yield from self._end_turn()
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a Craps command", SHOOTER)

    # -- the checks, one per command ------------------------------------------------------
    # Each raises the command's refusal in decide and, through passes() (or, over the spots
    # of a seat already checked, its own test: placement, removal, call_refusal), decides
    # what legal_commands offers, so an offer cannot drift from a refusal.
    @staticmethod
    def _refuse(refusal: Refusal | None) -> None:
        if refusal is not None:
            raise InvalidWager(refusal.reason, refusal.cite)

    def check_seat(self, seat: int, actor: Actor, what: str = "make a wager") -> None:
        """Refuse unless ``actor`` is seat ``seat``, at the table, while wagers are taken
        (623a.4): "seat 2 may not ``what`` for seat 1"."""
        state = self.state
        empty = seat in state.departed or self.seat_empty(seat, state.seats)
        if actor == DEALER:
            raise OtherSeat(dealer_for(seat, what=what), MAKING)
        if actor != seat and not empty:
            raise OtherSeat(f"seat {actor} may not {what} for seat {seat}", MAKING)
        if empty:
            raise empty_seat(seat, MAKING)
        if self.state.phase is not Phase.BETTING:
            raise NotYourTurn('wagers are closed: "no more bets" has been called', MAKING)

    # The shared base's hooks for a wager: what ``seat`` may add to ``spot`` now is
    # :func:`placement`'s Limits, its refusal :func:`placement`'s or :func:`amount_refusal`'s.
    def spots(self) -> tuple[str, ...]:
        return all_spots()

    def is_spot(self, spot: str) -> bool:
        return spot in ORDER

    def why_no_spot(self, spot: str) -> str:
        return why_no_spot(self.rules, spot)

    def wagers_of(self, seat: int) -> dict[str, Cents]:
        return {spot: bet.amount for spot, bet in self.state.wagers.get(seat, {}).items()}

    def wager_bound(self, seat: int, spot: str) -> Bound | None:
        limits = placement(self.state, seat, spot)
        if isinstance(limits, Refusal):
            return None
        return Bound(limits.low, limits.high, limits.cite, limits.step)

    def why_no_bound(self, seat: int, spot: str) -> tuple[str, str]:
        refusal = placement(self.state, seat, spot)
        assert isinstance(refusal, Refusal)
        return refusal.reason, refusal.cite

    def amount_terms(self, spot: str) -> tuple[str, str]:
        return "a wager", MAKING

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        refusal = amount_refusal(self.state, seat, spot, amount)
        assert refusal is not None
        return InvalidWager(refusal.reason, refusal.cite)

    def placed_cite(self, spot: str) -> str:
        return section_of(spot)

    def placed_events(self, placed: WagerPlaced) -> Iterator[Event]:
        """The wager, then a commission charged when it is made (623a.5)."""
        yield placed
        seat, spot, amount = placed.seat, placed.spot, placed.amount
        if commission_up_front(self.rules, spot):
            charged = commission(spot, amount, self.rules)
            if charged:
                yield CommissionCollected(seat=seat, spot=spot, amount=charged, cite=PAYOUTS)

    def check_remove(self, seat: int, spot: str, actor: Actor) -> None:
        """Refuse taking down ``spot`` (:func:`removal`, 623a.4)."""
        self.check_seat(seat, actor, "take down a wager")
        self._refuse(removal(self.state, seat, spot))

    def check_call(self, seat: int, spot: str, working: bool, actor: Actor) -> None:
        """Refuse calling ``spot`` working or off (:func:`call_refusal`, 623a.4)."""
        self.check_seat(seat, actor, "call a wager")
        self._refuse(call_refusal(self.state, seat, spot, working))

    def check_give_up(self, seat: int, actor: Actor) -> None:
        """Refuse giving up the dice but by the shooter before a come-out roll (623a.10)."""
        state = self.state
        self.check_seat(seat, actor, "give up the dice")
        if state.shooter != seat:
            raise NotYourTurn(f"seat {seat} does not hold the dice", SHOOTER)
        if not state.come_out:
            raise NotYourTurn(
                f"the shooter gives up the dice only before a come-out roll; the point "
                f"is {state.point}",
                SHOOTER,
            )

    def check_leave(self, seat: int, actor: Actor) -> None:
        """Refuse a player's leaving but his own, once the roll in progress is settled
        (623a.4, 623a.10). The table sends it; it is never offered."""
        state = self.state
        if actor != seat:
            raise OtherSeat(f"seat {actor} may not leave for seat {seat}", MAKING)
        if seat not in state.seats or seat in state.departed:
            raise NotYourTurn(f"seat {seat} has no player at the table", MAKING)
        betting = state.phase is Phase.BETTING
        if not betting and (seat in state.wagers or state.shooter == seat):
            raise NotYourTurn("a player leaves once the roll in progress is settled", MAKING)

    def check_no_more_bets(self, actor: Actor) -> None:
        """Refuse "no more bets" but by the dealer in betting where, on a come-out, a
        shooter holding a line wager is found or wagers stand for the stickperson to throw
        for (623a.10): :meth:`shooter_for_roll`."""
        self.shooter_for_roll(actor)

    def shooter_for_roll(self, actor: Actor) -> int | None:
        """The shooter for the next roll (``None``: the stickperson), once "no more bets"
        is called; refuses as :meth:`check_no_more_bets`."""
        state = self.state
        dealer_only(actor, 'call "no more bets"', MAKING)
        if state.phase is not Phase.BETTING:
            raise NotYourTurn('"no more bets" has been called already', MAKING)
        current = state.shooter
        if not state.come_out or (current is not None and state.line_wager(current)):
            return current
        # A shooter with no line wager on the come-out gives up the dice (623a.10); with
        # no one to take them, the stickperson throws for the wagers standing.
        shooter = self._next_shooter(line=True, after=current)
        if shooter is None and not self._standing():
            raise NotYourTurn(
                "a come-out roll needs a shooter holding a Pass or Don't Pass wager, and no "
                "player at the table holds one",
                SHOOTER,
            )
        return shooter

    def check_offer_dice(self, actor: Actor) -> None:
        """Refuse offering the dice but by the dealer, at a table of physical dice, before
        a throw whose dice are not selected (623a.7)."""
        state = self.state
        dealer_only(actor, "offer the dice", DICE)
        if not state.physical_dice or state.phase is not Phase.THROW or state.dice_ready:
            raise NotYourTurn("no dice are to be offered now", DICE)

    def check_select(self, seat: int | None, actor: Actor) -> None:
        """Refuse a selection but of dice offered, by the shooter (with none, the
        stickperson: ``seat`` ``None``) (623a.7)."""
        state = self.state
        if state.phase is not Phase.OFFERED:
            raise NotYourTurn("no dice are offered to select from", DICE)
        chooser: Actor = state.shooter if state.shooter is not None else DEALER
        if actor != chooser or (seat if seat is not None else DEALER) != chooser:
            who = f"the shooter at seat {chooser}" if chooser != DEALER else "the stickperson"
            raise NotYourTurn(f"{who} selects the dice", DICE)

    def check_throw(self, actor: Actor, reading: bool) -> None:
        """Refuse the throw but by the dealer when the dice are to be thrown: drawn by RNG
        (no ``reading``) at an RNG table, a ``reading`` of the selected dice at a table of
        physical dice (623a.7, 623a.8)."""
        state = self.state
        dealer_only(actor, "enter the throw", THROW)
        if state.phase is not Phase.THROW:
            raise NotYourTurn("the dice are not to be thrown now", THROW)
        if not reading:
            if state.physical_dice:
                raise NotYourTurn(
                    "this table's dice are thrown by hand: enter the reading of the two dice", THROW
                )
            return
        if not state.physical_dice:
            raise NotYourTurn("this table's dice are drawn by RNG: no reading is taken", THROW)
        if not state.dice_ready:
            raise NotYourTurn("the shooter has not selected his two dice (623a.7)", DICE)

    def check_no_roll(self, actor: Actor) -> None:
        """Refuse "no roll" but by the dealer, with physical dice on display (623a.8)."""
        dealer_only(actor, "call a throw no roll", THROW)
        if not self.state.physical_dice:
            raise NotYourTurn("this table's dice are drawn by RNG: no throw is irregular", THROW)
        if self.state.phase is not Phase.THROWN:
            raise NotYourTurn("there are no dice on display to call no roll", THROW)

    def check_call_roll(self, actor: Actor) -> None:
        """Refuse the call but by the dealer, with dice on display (623a.9)."""
        dealer_only(actor, "call the roll", SETTLEMENT)
        if self.state.phase is not Phase.THROWN:
            raise NotYourTurn("there are no dice on display to call", SETTLEMENT)

    def check_end_turn(self, actor: Actor) -> None:
        """Refuse ending the turn of the dice but by the dealer at a come-out roll after
        rolls, in betting, that no shooter can throw: nobody holds a Pass or Don't Pass
        wager and nothing stands for the stickperson (623a.10; docs/interpretations.md,
        "A come-out nobody can shoot is voided when the betting time runs out")."""
        state = self.state
        dealer_only(actor, "end the turn of the dice", SHOOTER)
        if not (
            state.phase is Phase.BETTING
            and state.come_out
            and bool(state.rolls)
            and not self.may_close()
        ):
            raise NotYourTurn(
                "the turn of the dice ends so only at a come-out roll after the first, with "
                "no shooter holding a Pass or Don't Pass wager and no wager standing",
                SHOOTER,
            )

    def why_not_void(self) -> str | None:
        """A round is voided only while no throw is on display."""
        if self.state.phase not in (Phase.BETTING, Phase.OFFERED, Phase.THROW):
            return "a round may be voided only while no throw is on display"
        return None

    # -- the events of a command, once its check has passed ---------------------------------
    def _shooter_done(self, seat: int, reason: Any) -> Iterator[Event]:
        points = tuple(self.state.shooter_points)
        yield ShooterDone(seat=seat, reason=reason, points=points, cite=SHOOTER)
        yield from fire_settlements(self.state, len(points))

    def _leave(self, seat: int) -> Iterator[Event]:
        """A player leaves: what he may take down is returned, the dice pass on; his
        contract wagers keep working (623a.4, 623a.10)."""
        state = self.state
        removable = [
            (spot, bet)
            for spot, bet in state.wagers.get(seat, {}).items()
            if removal(state, seat, spot) is None
        ]
        yield PlayerLeft(seat=seat, cite=MAKING)
        for spot, bet in removable:
            yield WagerRemoved(
                seat=seat,
                spot=spot,
                amount=bet.amount,
                commission=bet.commission,
                reason="player_left",
                cite=MAKING,
            )
        if state.shooter == seat:
            yield from self._shooter_done(seat, "left")
            if not state.come_out:  # the next player clockwise finishes the point
                yield DiceToShooter(seat=self._next_shooter(line=False), cite=SHOOTER)

    def _clockwise(self, after: int | None) -> list[int]:
        """The seats at the table in the order the dice pass (623a.10): clockwise from
        the one after seat ``after`` (seat 1 is at the dealer's left)."""
        state = self.state
        seats = sorted(s for s in state.seats if s not in state.departed)
        start = after or 0
        return [s for s in seats if s > start] + [s for s in seats if s <= start]

    def _next_shooter(self, *, line: bool, after: int | None = None) -> int | None:
        """The next shooter clockwise after ``after`` (default: the last shooter): on a
        come-out, the first holding a Pass or Don't Pass wager (``line``); finishing a
        point, the first at the table."""
        start = after if after is not None else self.state.last_shooter
        for seat in self._clockwise(start):
            if not line or self.state.line_wager(seat):
                return seat
        return None

    def closing_events(self) -> Iterator[Event]:
        """ "No more bets", the dice to the shooter :meth:`shooter_for_roll` finds: a
        shooter without a line wager on a come-out gives them up first."""
        shooter = self.shooter_for_roll(DEALER)
        current = self.state.shooter
        yield NoMoreBets(cite=MAKING)
        if current is not None and shooter != current:
            yield from self._shooter_done(current, "no_line_wager")
        if shooter is not None and shooter != current:
            yield DiceToShooter(seat=shooter, cite=SHOOTER)

    def _standing(self) -> bool:
        """Whether a wager stands on the layout that its player may not take down (a Come
        wager on its number, Bonus Craps once a number is rolled, 623a.4): with no shooter
        holding a line wager on a come-out, the stickperson throws for it, as for a point
        whose shooter has left with nobody to finish it (623a.10). The Fire Bet is the
        shooter's turn's and ends with it (623a.11)."""
        state = self.state
        return any(
            spot != "fire_bet" and removal(state, seat, spot) is not None
            for seat, spot, _ in state.bets()
        )

    def _select(self, command: SelectDice, actor: Actor) -> DiceSelected:
        self.check_select(command.seat, actor)
        dice = (command.first, command.second)
        places = range(1, DICE_OFFERED + 1)
        if any(type(d) is not int or d not in places for d in dice) or dice[0] == dice[1]:
            raise InvalidWager(
                f"the shooter keeps two different dice of the five offered, by their places 1 "
                f"to 5, not {list(dice)}",
                DICE,
            )
        return DiceSelected(seat=self.state.shooter, dice=(dice[0], dice[1]), cite=DICE)

    def _throw(self, faces: tuple[Any, ...] | None) -> DiceThrown:
        if faces is None:
            return DiceThrown(faces=roll_dice(self.draw(), 2), cite=THROW)
        reading = read_dice(faces, 2, THROW)
        return DiceThrown(faces=reading, source="reading", cite=THROW)

    def _end_turn(self) -> Iterator[Event]:
        """The turn ends: the shooter is done (his Fire Bet settled, 623a.11) and every
        wager still on the layout, each one its player may take down, is returned."""
        shooter = self.state.shooter
        idle = [(seat, spot, bet) for seat, spot, bet in self.state.bets() if spot != "fire_bet"]
        if shooter is not None:
            yield from self._shooter_done(shooter, "no_line_wager")
        yield from taken_down(idle)
        yield RoundCompleted(cite=SHOOTER)

    def voiding_events(self, reason: str) -> Iterator[Event]:
        in_play = list(self.state.bets())
        yield RoundVoided(reason=reason, cite=VOID_ROUND_CITE)
        for seat, spot, bet in in_play:
            if bet.commission:
                yield CommissionReturned(
                    seat=seat, spot=spot, amount=bet.commission, cite=VOID_ROUND_CITE
                )
            yield WagerSettled(
                seat=seat,
                spot=spot,
                amount=bet.amount,
                outcome=Outcome.VOID,
                returned=bet.amount,
                cite=VOID_ROUND_CITE,
            )

    # -- what may be done and seen ------------------------------------------------------
    def amount_step(self, spot: str) -> int:
        """The amounts that may go on ``spot`` now are multiples of this many cents
        (623a.4: the parts, and where refused the payouts, in whole cents)."""
        return amount_step(spot, self.rules, self.state.point)

    def may_close(self) -> bool:
        """Whether "no more bets" may be called (:meth:`check_no_more_bets` passes)."""
        return passes(self.check_no_more_bets, DEALER)

    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """What ``actor`` may send now besides a wager, "no more bets" and the void (the
        base's): each command offered exactly where its check passes (``LeaveTable``,
        which the table sends, is never offered)."""
        if actor == DEALER:
            return self._dealer_legal()
        legal = [self._select_offer(actor)] if passes(self.check_select, actor, actor) else []
        if passes(self.check_seat, actor, actor):
            legal += self._player_legal(actor)
        return legal

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        """A seat's wagers, once :meth:`check_seat` has passed: each spot where the test of
        its check (:func:`placement`) passes, grouped by the layout's groups, their cite
        and amounts (with their steps)."""
        if not passes(self.check_seat, seat, seat):
            return []
        state = self.state
        groups: dict[tuple[str, str, Amount], list[str]] = {}
        for spot in all_spots():
            limits = placement(state, seat, spot)
            if isinstance(limits, Limits):
                reason = step_reason(spot, self.rules, state.point) if limits.step > 1 else ""
                amount = _amount(limits.low, limits.high, limits.step, reason)
                groups.setdefault((group_of(spot), limits.cite, amount), []).append(spot)
        return [
            offer("PlaceWager", cite, seat=seat, spot=_spots(tuple(spots)), amount=amount)
            for (_, cite, amount), spots in groups.items()
        ]

    def _player_legal(self, seat: int) -> list[LegalCommand]:
        """A seat's take-downs, calls and giving up the dice, once :meth:`check_seat` has
        passed: each spot where the test of its check (:func:`removal`,
        :func:`call_refusal`) passes."""
        state = self.state
        legal: list[LegalCommand] = []
        held = state.wagers.get(seat, {})
        removable = [s for s in held if removal(state, seat, s) is None]
        if removable:
            legal.append(offer("RemoveWager", MAKING, seat=seat, spot=_spots(tuple(removable))))
        for working in (True, False):
            callable_ = [s for s in held if call_refusal(state, seat, s, working) is None]
            if callable_:
                spots = _spots(tuple(callable_))
                legal.append(offer("CallWager", MAKING, seat=seat, spot=spots, working=working))
        if passes(self.check_give_up, seat, seat):
            legal.append(offer("GiveUpDice", SHOOTER, seat=seat))
        return legal

    def _select_offer(self, seat: Actor) -> LegalCommand:
        """The shooter's (or, with none, the stickperson's) two dice of five (623a.7)."""
        chooser = {} if seat == DEALER else {"seat": seat}
        return LegalCommand(
            command="SelectDice",
            fields={**offer("", "", **chooser).fields, "first": _PLACE, "second": _PLACE},
            distinct=("first", "second"),
            cite=DICE,
        )

    def _dealer_legal(self) -> list[LegalCommand]:
        """The dealer's commands, each where its check passes, in the order of a roll,
        between "no more bets" and the void (the base's: the turn is ended only where
        "no more bets" may not be called, with nothing on the layout)."""
        legal = []
        if passes(self.check_end_turn, DEALER):
            legal.append(offer("EndTurn", SHOOTER))
        if passes(self.check_select, None, DEALER):
            legal.append(self._select_offer(DEALER))
        if passes(self.check_offer_dice, DEALER):
            legal.append(offer("OfferDice", DICE))
        if passes(self.check_throw, DEALER, False):
            legal.append(offer("ThrowDice", THROW))
        if passes(self.check_throw, DEALER, True):
            legal.append(offer("ThrowDice", THROW, faces=Numbers(count=2, low=1, high=6)))
        if passes(self.check_call_roll, DEALER):
            legal.append(offer("CallRoll", SETTLEMENT))
        if passes(self.check_no_roll, DEALER):
            legal.append(offer("DeclareIrregularity", THROW, irregularity=choice(Irregularity)))
        return legal

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """Everything at a dice table is in plain sight: every player, the dealer and the
        public see the same layout (the puck, the shooter, the wagers in cents by seat and
        spot, those off for the next roll, the dice, every roll of the round, the last
        roll's settlements)."""
        state, opened = self.state, self.opened
        return {
            "game": self.game,
            "table": str(self.rules.table),
            "table_id": opened.table_id,
            "round_id": opened.round_id,
            "rules_sha256": opened.rules_sha256,
            "phase": str(state.phase),
            "viewer": actor,
            "seats": {str(k): v for k, v in state.seats.items()},
            "departed": sorted(state.departed),
            "shooter": state.shooter,
            "point": state.point,
            "puck": "off" if state.point is None else "on",
            "wagers": {
                str(seat): {spot: bet.amount for spot, bet in spots.items()}
                for seat, spots in state.wagers.items()
            },
            "off": {
                str(seat): [spot for spot, bet in spots.items() if not state.working(spot, bet)]
                for seat, spots in state.wagers.items()
                if any(not state.working(spot, bet) for spot, bet in spots.items())
            },
            "dice": list(state.dice),
            "rolls": [list(faces) for faces in state.rolls],
            "points_made": list(state.shooter_points),
            "bonus_rolled": sorted(state.bonus_rolled),
            "history": self._tally().history(self.events),
            "odds": posted_odds(self.rules),
            "fire_tiers": {str(n): _ratio(odds) for n, odds in self.rules.fire_tiers.items()},
            "settlements": [
                {"outcome": "win", **e.model_dump(mode="json")}
                if isinstance(e, WagerPaid)
                else e.model_dump(mode="json")
                for e in state.last_settled
            ],
            "round_settlements": self._tally().rows(self.events),
        }

    def _tally(self) -> Tally:
        """The round's rolls and money rows, kept as its events grow (:class:`Tally`)."""
        tally: Tally | None = self.__dict__.get("_kept_tally")
        if tally is None:
            tally = self.__dict__["_kept_tally"] = Tally(self.rules.dont_bar)
        return tally


def _ratio(odds: Fraction) -> str:
    """Odds as "7/6" (7 to 6), "4" (4 to 1)."""
    return str(odds)


def posted_odds(rules: CrapsRules) -> dict[str, str]:
    """The odds the layout posts for each spot the table offers whose payout does not
    depend on the point (623a.5): Place and Place to lose, Buy and Lay (true odds, before
    the commission), the Field (``field:2``, ``field:12`` where they pay more), Big 6 and 8,
    the hardways, the propositions (the Horn and C and E at their numbers' odds, per part)
    and Bonus Craps."""
    return dict(kept(("posted odds",), rules, lambda: _posted_odds(rules)))


def _posted_odds(rules: CrapsRules) -> dict[str, str]:
    posted: dict[str, str] = {}
    for spot in all_spots():
        kind = kind_of(spot)
        if kind in ("pass", "dont_pass", "come", "dont_come", "fire_bet", "horn", "c_and_e"):
            continue
        if kind.endswith("_odds") or not rules.offers(wager_kind(spot)):
            continue
        posted[spot] = _ratio(win_odds(spot, rules))
    if rules.offers(wager_kind("field")):
        for total in (2, 12):
            posted[f"field:{total}"] = _ratio(rules.odds_of(f"field:{total}"))
    return posted


__all__ = ["BONUS_SPOTS", "CrapsRound", "posted_odds"]
