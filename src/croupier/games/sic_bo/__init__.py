"""Sic Bo (58 Pa. Code ch. 625a; the text is not in croupier's seeds: the sections are
as the 2011 preamble describes them, see :mod:`croupier.rules.sic_bo`).

A round:

1. **Wagers** (625a.3): seated players bet any number of the eight wagers, each within
   the table limits: Small, Big, Three of a Kind on a number, Any Three of a Kind, Two of
   a Kind on a number, a Total Value 4 to 17, a Two Dice Combination, One of a Kind on a
   number. More chips on a spot the seat holds add to that wager.
2. **No more bets** (625a.5), announced by the dealer.
3. **The shake** (625a.5, three dice of 625a.2): the automated shaker's dice are drawn by
   the RNG; with a manual shaker the dealer enters the reading of the three dice.
4. **The result** (625a.5): the dice, their total and the winning areas lit on the
   layout (625a.1), shown to everyone.
5. **Settlement** (625a.6): every wager, seat by seat (the highest seat first), in the
   layout's order.

Irregularities (625a.7), physical dice only: a die not resting flat, the dice not all
visible, or a shaker fault make the shake no roll, and the dice are shaken again; a wrong
result lit is corrected before settlement.

Commands: :class:`PlaceWager` (a seat), :class:`AnnounceNoMoreBets`, :class:`ThrowDice`,
:class:`DeclareIrregularity`, :class:`CallResult`, :class:`CorrectResult`,
:class:`SettleWagers` and :class:`VoidRound` (the dealer).

A short round, the dice scripted (:class:`~croupier.rng.ScriptedRng`; a table draws them
from its sealed source): one seat bets $10 on Small; the dealer announces "no more bets"
and the dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) throw, show and settle. 1, 2 and 3
total 6, a Small (4 to 10, no three of a kind): paid 1 to 1 (625a.6), $10.00 won.

>>> from croupier.engine import DEALER
>>> from croupier.registry import find
>>> from croupier.rng import ScriptedRng, dice_draws
>>> from croupier.rules.sic_bo import SicBoRules
>>> dice = ScriptedRng(dice_draws([1, 2, 3]))
>>> round_ = SicBoRound.open(SicBoRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=dice)
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="small", amount=1000), 1)]
['WagerPlaced']
>>> [e.type for e in round_.handle(AnnounceNoMoreBets(), DEALER)]
['NoMoreBets']
>>> [e.type for e in find("sic-bo").policy.run_dealer_steps(round_)]
['DiceThrown', 'ResultShown', 'WagerSettled', 'RoundCompleted']
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('small', 'win', 1000, 1000)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
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
from croupier.equipment.dice import in_words, read_dice
from croupier.errors import InvalidWager, NotYourTurn, ReplayError
from croupier.games._common import dealer_only, expect_phase, void_events
from croupier.money import Cents, PayoutLimit, format_cents, payout, require_cents
from croupier.offers import Amount, Numbers, Text, choice, offer
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice
from croupier.rules.sic_bo import (
    PAYOUTS,
    WAGERS,
    SicBoRules,
    SicBoSpot,
    all_spots,
    is_triple,
    odds_on,
)

DICE = "625a.2"
"""Three dice."""
ROUND = "625a.5"
"""The round of play: no more bets, the shake, the result shown."""
IRREGULARITIES = "625a.7"
VOID_ROUND_CITE = "interpretations:void-round"
DICE_COUNT = 3


# --- spots -------------------------------------------------------------------------
_SPOT_ORDER = {spot: index for index, spot in enumerate(all_spots())}


def spot_odds(spot: str, faces: Sequence[int], rules: SicBoRules) -> Fraction | None:
    """The odds ``spot`` wins at on ``faces`` (625a.3, the paytable of 625a.6), or
    ``None`` where it loses."""
    return odds_on(spot, faces, rules.odds, rules.two_of_a_kind_on_triple)


def winning_spots(faces: Sequence[int], rules: SicBoRules) -> tuple[str, ...]:
    """The areas the layout lights for ``faces`` (625a.1, 625a.5), in layout order."""
    odds, on_triple = rules.odds, rules.two_of_a_kind_on_triple
    return tuple(spot for spot in all_spots() if odds_on(spot, faces, odds, on_triple) is not None)


# --- commands ----------------------------------------------------------------------
class PlaceWager(Command):
    """Seat ``seat`` puts ``amount`` cents on ``spot`` (``small``, ``big``,
    ``three_of_a_kind:N``, ``any_three_of_a_kind``, ``two_of_a_kind:N``, ``total:T``,
    ``combination:A-B``, ``one_of_a_kind:N``)."""

    type: Literal["PlaceWager"] = "PlaceWager"
    seat: int
    spot: str
    amount: Any
    """Cents; validated as a positive ``int`` so that a bad value is refused with a
    cited error rather than coerced."""


class AnnounceNoMoreBets(Command):
    """The dealer announces "no more bets" (625a.5)."""

    type: Literal["AnnounceNoMoreBets"] = "AnnounceNoMoreBets"


class ThrowDice(Command):
    """The dealer shakes the three dice (625a.5). ``faces`` is the reading of a manual
    shaker's dice; otherwise the RNG draws them."""

    type: Literal["ThrowDice"] = "ThrowDice"
    faces: tuple[Any, ...] | None = None
    """Three faces 1 to 6 (checked by the round, with a cited refusal)."""


class Irregularity(StrEnum):
    """What makes a shake no roll (625a.7)."""

    DIE_NOT_FLAT = "die_not_flat"
    """A die is not resting flat in the shaker."""
    DICE_NOT_VISIBLE = "dice_not_visible"
    """The three dice are not all visible."""
    SHAKER_FAULT = "shaker_fault"
    """The shaker failed (it did not shake, or did not open)."""


class DeclareIrregularity(Command):
    """The dealer declares the shake on display no roll (625a.7): it is shaken again."""

    type: Literal["DeclareIrregularity"] = "DeclareIrregularity"
    irregularity: Irregularity


class CallResult(Command):
    """The dealer shows the result: the layout lights the winning areas (625a.5)."""

    type: Literal["CallResult"] = "CallResult"


class CorrectResult(Command):
    """The dealer corrects a wrong result lit, before settlement (625a.7): ``faces`` are
    the three dice as they lie."""

    type: Literal["CorrectResult"] = "CorrectResult"
    faces: tuple[Any, ...]


class SettleWagers(Command):
    """The dealer settles every wager on the result shown (625a.6)."""

    type: Literal["SettleWagers"] = "SettleWagers"


class VoidRound(Command):
    """The floor voids the round before the dice are shaken; every wager is returned."""

    type: Literal["VoidRound"] = "VoidRound"
    reason: str = Field(min_length=1, max_length=500)


SicBoCommand = Annotated[
    PlaceWager
    | AnnounceNoMoreBets
    | ThrowDice
    | DeclareIrregularity
    | CallResult
    | CorrectResult
    | SettleWagers
    | VoidRound,
    Field(discriminator="type"),
]


# --- events --------------------------------------------------------------------------
class NoMoreBets(Event):
    """Wagering is closed (625a.5)."""

    type: Literal["NoMoreBets"] = "NoMoreBets"


class DiceThrown(Event):
    """The three dice of a shake, as drawn by the RNG or read from a manual shaker."""

    type: Literal["DiceThrown"] = "DiceThrown"
    faces: tuple[int, ...]
    source: Literal["rng", "reading"] = "rng"


class ShakeVoided(Event):
    """The shake on display is no roll; the dice are shaken again (625a.7)."""

    type: Literal["ShakeVoided"] = "ShakeVoided"
    irregularity: Irregularity


class ResultShown(Event):
    """The result on the layout: the dice, their total and the winning areas lit (625a.5,
    625a.1)."""

    type: Literal["ResultShown"] = "ResultShown"
    faces: tuple[int, ...]
    total: int
    winning: tuple[str, ...]


class ResultCorrected(Event):
    """A wrong result lit, corrected before settlement (625a.7): the dice as they lie,
    their total and the winning areas lit now, and the faces shown before."""

    type: Literal["ResultCorrected"] = "ResultCorrected"
    faces: tuple[int, ...]
    total: int
    winning: tuple[str, ...]
    previous: tuple[int, ...]


SicBoEvent = Annotated[
    RoundOpened
    | ClientSeedGiven
    | WagerPlaced
    | NoMoreBets
    | DiceThrown
    | ShakeVoided
    | ResultShown
    | ResultCorrected
    | WagerSettled
    | RoundVoided
    | RoundCompleted,
    Field(discriminator="type"),
]


# --- state ---------------------------------------------------------------------------
class Phase(StrEnum):
    BETTING = "betting"
    SHAKE = "shake"
    """Waiting for the dealer to shake."""
    SHAKEN = "shaken"
    """The dice are on display: the dealer shows the result or declares no roll."""
    SHOWN = "shown"
    """The result is lit: the dealer settles, or corrects a wrong result first."""
    COMPLETED = "completed"
    VOIDED = "voided"


@dataclass
class SicBoState:
    """A round of Sic Bo as its events have left it."""

    rules: SicBoRules
    seats: dict[int, str]
    physical_dice: bool
    phase: Phase = Phase.BETTING
    wagers: dict[int, dict[str, Cents]] = field(default_factory=dict)
    """Wagers in play (not settled): seat -> spot -> cents."""
    dice: tuple[int, ...] = ()
    """The three dice of the shake on display (or shown)."""
    winning: tuple[str, ...] = ()
    """The winning areas lit."""
    shown: bool = False
    settlements: list[WagerSettled] = field(default_factory=list)


# --- the round -----------------------------------------------------------------------
class SicBoRound(Round[SicBoState]):
    """One round of Sic Bo under a :class:`SicBoRules`."""

    game = "sic-bo"
    rules_type = SicBoRules
    event_adapter = TypeAdapter(list[SicBoEvent])
    command_adapter = TypeAdapter(SicBoCommand)

    @property
    def rules(self) -> SicBoRules:
        return self.state.rules

    @property
    def finished(self) -> bool:
        return self.state.phase in (Phase.COMPLETED, Phase.VOIDED)

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: SicBoRules) -> SicBoState:
        return SicBoState(rules=rules, seats=dict(opened.seats), physical_dice=opened.physical_dice)

    def evolve(self, state: SicBoState, event: Event) -> SicBoState:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                self._expect(state, event, Phase.BETTING)
                placed = state.wagers.setdefault(seat, {})
                placed[spot] = placed.get(spot, 0) + amount
            case NoMoreBets():
                self._expect(state, event, Phase.BETTING)
                state.phase = Phase.SHAKE
            case DiceThrown(faces=faces):
                self._expect(state, event, Phase.SHAKE)
                state.dice = faces
                state.phase = Phase.SHAKEN
            case ShakeVoided():
                self._expect(state, event, Phase.SHAKEN)
                state.dice = ()
                state.phase = Phase.SHAKE
            case ResultShown(faces=faces, winning=winning):
                self._expect(state, event, Phase.SHAKEN)
                state.dice, state.winning, state.shown = faces, winning, True
                state.phase = Phase.SHOWN
            case ResultCorrected(faces=faces, winning=winning):
                self._expect(state, event, Phase.SHOWN)
                state.dice, state.winning = faces, winning
            case WagerSettled(seat=seat, spot=spot):
                del state.wagers[seat][spot]
                if not state.wagers[seat]:
                    del state.wagers[seat]
                state.settlements.append(event)
            case RoundVoided():
                state.phase = Phase.VOIDED
            case RoundCompleted():
                self._expect(state, event, Phase.SHOWN)
                state.phase = Phase.COMPLETED
            case _:
                raise ReplayError(f"{event!r} is not a Sic Bo event", "engine:replay")
        return state

    _expect = staticmethod(expect_phase)
    _dealer_only = staticmethod(dealer_only)

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
            case ShakeVoided(irregularity=irregularity):
                return DeclareIrregularity(irregularity=irregularity), DEALER, None
            case ResultShown():
                return CallResult(), DEALER, None
            case ResultCorrected(faces=faces):
                return CorrectResult(faces=faces), DEALER, None
            case WagerSettled() if self.state.phase is Phase.SHOWN:
                return SettleWagers(), DEALER, None
            case RoundCompleted() if self.state.phase is Phase.SHOWN:
                return SettleWagers(), DEALER, None
            case RoundVoided(reason=reason):
                return VoidRound(reason=reason), DEALER, None
        return None

    # -- commands ---------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        if self.finished:
            raise NotYourTurn("the round is over", ROUND)
        match command:
            case PlaceWager():
                yield self._place_wager(command, actor)
            case AnnounceNoMoreBets():
                self._dealer_only(actor, 'announce "no more bets"', ROUND)
                if self.state.phase is not Phase.BETTING:
                    raise NotYourTurn('"no more bets" has already been announced', ROUND)
                if not self.state.wagers:
                    raise NotYourTurn("no player has wagered: there is no round to play", ROUND)
                yield NoMoreBets(cite=ROUND)
            case ThrowDice(faces=faces):
                yield self._throw(faces, actor)
            case DeclareIrregularity(irregularity=irregularity):
                self._check_irregularity(actor, "declare a shake no roll", Phase.SHAKEN)
                yield ShakeVoided(irregularity=irregularity, cite=IRREGULARITIES)
            case CallResult():
                self._dealer_only(actor, "show the result", ROUND)
                if self.state.phase is not Phase.SHAKEN:
                    raise NotYourTurn("there are no dice on display to show", ROUND)
                faces = self.state.dice
                yield ResultShown(
                    faces=faces,
                    total=sum(faces),
                    winning=winning_spots(faces, self.rules),
                    cite=f"{ROUND}; 625a.1",
                )
            case CorrectResult(faces=faces):
                yield self._correct(faces, actor)
            case SettleWagers():
                self._dealer_only(actor, "settle the wagers", PAYOUTS)
                if self.state.phase is not Phase.SHOWN:
                    raise NotYourTurn("no result is shown to settle on", PAYOUTS)
                yield from self._settle()
            case VoidRound(reason=reason):
                self._dealer_only(actor, "void the round", VOID_ROUND_CITE)
                if self.state.phase not in (Phase.BETTING, Phase.SHAKE):
                    raise NotYourTurn(
                        "a round may be voided only before its dice are shaken", VOID_ROUND_CITE
                    )
                in_play = [
                    (seat, spot, amount)
                    for seat in sorted(self.state.wagers, reverse=True)
                    for spot, amount in self._in_layout_order(self.state.wagers[seat])
                ]
                yield from void_events(reason, VOID_ROUND_CITE, in_play)
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a Sic Bo command", ROUND)

    def _place_wager(self, command: PlaceWager, actor: Actor) -> WagerPlaced:
        state, rules = self.state, self.rules
        seat, spot = command.seat, command.spot
        if actor != seat:
            raise NotYourTurn(f"seat {actor} may not place a wager for seat {seat}", WAGERS)
        if seat not in state.seats:
            raise NotYourTurn(f"seat {seat} is not occupied: only seated players may wager", WAGERS)
        if state.phase is not Phase.BETTING:
            raise NotYourTurn('wagers are closed: "no more bets" has been announced', ROUND)
        if spot not in _SPOT_ORDER:
            raise InvalidWager(SicBoSpot.why_not(spot), WAGERS)
        amount = require_cents(command.amount, "a wager", WAGERS)
        held = state.wagers.get(seat, {}).get(spot, 0)
        if amount < rules.minimum_wager:
            raise InvalidWager(
                f"a wager on {label(spot)} must be at least the table minimum of "
                f"{format_cents(rules.minimum_wager)}, not {format_cents(amount)}",
                WAGERS,
            )
        if held + amount > rules.maximum_wager:
            already = f", and seat {seat} has {format_cents(held)} there already" if held else ""
            raise InvalidWager(
                f"a wager on {label(spot)} may be at most the table maximum of "
                f"{format_cents(rules.maximum_wager)} in all: {format_cents(amount)} is too "
                f"much{already}",
                WAGERS,
            )
        limit = rules.maximum_per_round
        if limit is not None and (total := self._player_total(seat) + amount) > limit:
            raise InvalidWager(
                f"a wager of {format_cents(amount)} would bring the player's wagers this round "
                f"to {format_cents(total)}, over the table's maximum of "
                f"{format_cents(limit)} per player per round",
                WAGERS,
            )
        return WagerPlaced(seat=seat, spot=spot, amount=amount, cite=WAGERS)

    def _player_total(self, seat: int) -> Cents:
        """What the player at ``seat`` has on the layout in this round, every seat of his
        together (cents)."""
        player = self.state.seats[seat]
        return sum(
            sum(spots.values())
            for other, spots in self.state.wagers.items()
            if self.state.seats[other] == player
        )

    def _throw(self, faces: tuple[Any, ...] | None, actor: Actor) -> DiceThrown:
        state = self.state
        self._dealer_only(actor, "shake the dice", ROUND)
        if state.phase is not Phase.SHAKE:
            raise NotYourTurn("the dice are not to be shaken now", ROUND)
        if faces is None:
            if state.physical_dice:
                raise NotYourTurn(
                    "this table's dice are shaken by hand: enter the reading of the three dice",
                    ROUND,
                )
            return DiceThrown(faces=roll_dice(self.draw(), DICE_COUNT), cite=f"{ROUND}; {DICE}")
        if not state.physical_dice:
            raise NotYourTurn(
                "this table's automated shaker draws its dice by RNG: no reading is taken",
                ROUND,
            )
        reading = read_dice(faces, DICE_COUNT, DICE)
        return DiceThrown(faces=reading, source="reading", cite=f"{ROUND}; {DICE}")

    def _check_irregularity(self, actor: Actor, what: str, phase: Phase) -> None:
        self._dealer_only(actor, what, IRREGULARITIES)
        if not self.state.physical_dice:
            raise NotYourTurn(
                "this table's dice are drawn by RNG: there is no die, shaker or lit result "
                "to be irregular",
                IRREGULARITIES,
            )
        if self.state.phase is not phase:
            where = "dice on display" if phase is Phase.SHAKEN else "result shown, not settled"
            raise NotYourTurn(f"there is no {where} now", IRREGULARITIES)

    def _correct(self, faces: tuple[Any, ...], actor: Actor) -> ResultCorrected:
        self._check_irregularity(actor, "correct the result", Phase.SHOWN)
        reading = read_dice(faces, DICE_COUNT, IRREGULARITIES)
        if reading == self.state.dice:
            raise InvalidWager(
                f"the result shown is {in_words(reading)} already: there is nothing to correct",
                IRREGULARITIES,
            )
        return ResultCorrected(
            faces=reading,
            total=sum(reading),
            winning=winning_spots(reading, self.rules),
            previous=self.state.dice,
            cite=IRREGULARITIES,
        )

    @staticmethod
    def _in_layout_order(wagers: dict[str, Cents]) -> list[tuple[str, Cents]]:
        return sorted(wagers.items(), key=lambda item: _SPOT_ORDER[item[0]])

    def _settle(self) -> Iterator[Event]:
        """Every wager, the highest seat first, each seat's in the layout's order; under a
        payout limit, what a player's winnings in the round pass it is withheld, from the
        wager that passes it on (625a.6)."""
        rules, faces = self.rules, self.state.dice
        paytable, on_triple = rules.odds, rules.two_of_a_kind_on_triple
        limits = {player: PayoutLimit(rules.payout_limit) for player in self.state.seats.values()}
        for seat in sorted(self.state.wagers, reverse=True):
            for spot, amount in self._in_layout_order(self.state.wagers[seat]):
                odds = odds_on(spot, faces, paytable, on_triple)
                if odds is None:
                    yield WagerSettled(
                        seat=seat, spot=spot, amount=amount, outcome=Outcome.LOSE, cite=PAYOUTS
                    )
                else:
                    due = payout(amount, odds, rules.payout_rounding)
                    won = limits[self.state.seats[seat]].cap(due)
                    yield WagerSettled(
                        seat=seat,
                        spot=spot,
                        amount=amount,
                        outcome=Outcome.WIN,
                        odds=odds,
                        returned=amount,
                        won=won,
                        withheld=due - won,
                        cite=PAYOUTS,
                    )
        yield RoundCompleted(cite=PAYOUTS)

    # -- what may be done and seen ------------------------------------------------------
    def legal_commands(self, actor: Actor) -> list[LegalCommand]:
        state, rules = self.state, self.rules
        if self.finished:
            return []
        if actor != DEALER:
            if actor not in state.seats or state.phase is not Phase.BETTING:
                return []
            held = state.wagers.get(actor, {})
            left = rules.maximum_wager
            if rules.maximum_per_round is not None:
                left = rules.maximum_per_round - self._player_total(actor)
            groups: dict[Cents, list[str]] = {}
            for spot in all_spots():
                room = min(rules.maximum_wager - held.get(spot, 0), left)
                if room >= rules.minimum_wager:
                    groups.setdefault(room, []).append(spot)
            return [
                offer(
                    "PlaceWager",
                    WAGERS,
                    seat=actor,
                    spot=choice(spots, label),
                    amount=Amount(low=rules.minimum_wager, high=room),
                )
                for room, spots in groups.items()
            ]
        void = offer("VoidRound", VOID_ROUND_CITE, reason=Text())
        dice = Numbers(count=DICE_COUNT, low=1, high=6)
        if state.phase is Phase.BETTING:
            close = offer("AnnounceNoMoreBets", ROUND)
            return [close, void] if state.wagers else [void]
        if state.phase is Phase.SHAKE:
            throw = offer("ThrowDice", ROUND, faces=dice) if state.physical_dice else None
            return [throw or offer("ThrowDice", ROUND), void]
        if state.phase is Phase.SHAKEN:
            show = offer("CallResult", ROUND)
            if not state.physical_dice:
                return [show]
            kinds = choice(Irregularity)
            return [show, offer("DeclareIrregularity", IRREGULARITIES, irregularity=kinds)]
        settle = offer("SettleWagers", PAYOUTS)
        if not state.physical_dice:
            return [settle]
        shown = state.dice
        other = dice.model_copy(update={"other_than": None if shown is None else tuple(shown)})
        return [settle, offer("CorrectResult", IRREGULARITIES, faces=other)]

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """Everything at a dice table is in plain sight: every player, the dealer and the
        public see the same layout (wagers, dice, the areas lit, settlements) and the odds
        it posts (625a.1: ``odds``, the paytable's rows as fractions, ``"150"``)."""
        state, opened = self.state, self.opened
        return {
            "game": self.game,
            "table_id": opened.table_id,
            "round_id": opened.round_id,
            "rules_sha256": opened.rules_sha256,
            "paytable": str(self.rules.paytable),
            "odds": {row: str(odds) for row, odds in self.rules.odds.rows().items()},
            "phase": str(state.phase),
            "viewer": actor,
            "seats": {str(k): v for k, v in state.seats.items()},
            "wagers": {str(k): dict(v) for k, v in state.wagers.items()},
            "dice": list(state.dice),
            "total": sum(state.dice) if state.shown else None,
            "winning": list(state.winning),
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
        }


def label(spot: str) -> str:
    """The area's name as the sign writes it (:attr:`SicBoSpot.label`): ``"small"`` ->
    ``"Small"``, ``"total:10"`` -> ``"Total 10"``, ``"combination:1-2"`` -> ``"Two Dice
    Combination 1 and 2"``; a spot not on the layout as it is."""
    return SicBoSpot.parse(spot).label if spot in _SPOT_ORDER else spot


__all__ = [
    "AnnounceNoMoreBets",
    "CallResult",
    "CorrectResult",
    "DeclareIrregularity",
    "DiceThrown",
    "Irregularity",
    "NoMoreBets",
    "Phase",
    "PlaceWager",
    "ResultCorrected",
    "ResultShown",
    "SettleWagers",
    "ShakeVoided",
    "SicBoCommand",
    "SicBoEvent",
    "SicBoRound",
    "SicBoSpot",
    "SicBoState",
    "ThrowDice",
    "VoidRound",
    "all_spots",
    "is_triple",
    "label",
    "odds_on",
    "spot_odds",
    "winning_spots",
]
