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
from dataclasses import dataclass
from enum import StrEnum
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
from croupier.equipment.dice import in_words, read_dice
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, ReplayError
from croupier.games._common import dealer_only, expect_phase, no_spot, passes, settled
from croupier.games._wagering import (
    AnnounceNoMoreBets,
    BettingSections,
    Bound,
    NoMoreBets,
    PlaceWager,
    VoidRound,
    WageringRound,
    WageringState,
)
from croupier.money import Cents, PayoutLimit, format_cents, payout
from croupier.offers import Numbers, choice, offer
from croupier.rng import Rng, ScriptedRng, dice_draws, roll_dice
from croupier.rules.sic_bo import (
    PAYOUTS,
    WAGERS,
    SicBoRules,
    SicBoSpot,
    all_spots,
    family_words,
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
SECTIONS = BettingSections(
    seated=WAGERS,
    wagers=WAGERS,
    closed=ROUND,
    no_more_bets=ROUND,
    void=VOID_ROUND_CITE,
    over=ROUND,
)


# --- spots -------------------------------------------------------------------------
_SPOT_ORDER = {spot: index for index, spot in enumerate(all_spots())}


def winning_spots(faces: Sequence[int], rules: SicBoRules) -> tuple[str, ...]:
    """The areas the layout lights for ``faces`` (625a.1, 625a.5), in layout order."""
    odds, on_triple = rules.odds, rules.two_of_a_kind_on_triple
    return tuple(spot for spot in all_spots() if odds_on(spot, faces, odds, on_triple) is not None)


def label(spot: str) -> str:
    """The area's name as the sign writes it (:attr:`SicBoSpot.label`): ``"small"`` ->
    ``"Small"``, ``"total:10"`` -> ``"Total 10"``, ``"combination:1-2"`` -> ``"Two Dice
    Combination 1 and 2"``; a spot not on the layout as it is."""
    return SicBoSpot.parse(spot).label if spot in _SPOT_ORDER else spot


# --- commands ----------------------------------------------------------------------
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


@dataclass(kw_only=True)
class SicBoState(WageringState):
    """A round of Sic Bo as its events have left it (the wagers in play: seat -> spot ->
    cents)."""

    rules: SicBoRules
    physical_dice: bool
    dice: tuple[int, ...] = ()
    """The three dice of the shake on display (or shown)."""
    winning: tuple[str, ...] = ()
    """The winning areas lit."""
    shown: bool = False


# --- the round -----------------------------------------------------------------------
class SicBoRound(WageringRound[SicBoState]):
    """One round of Sic Bo under a :class:`SicBoRules`; the wagers, "no more bets" and the
    void are the shared base's (:mod:`croupier.games._wagering`)."""

    game = "sic-bo"
    rules_type = SicBoRules
    event_adapter = TypeAdapter(list[SicBoEvent])
    command_adapter = TypeAdapter(SicBoCommand)
    betting_sections = SECTIONS
    betting, closed, completed, voided = Phase.BETTING, Phase.SHAKE, Phase.COMPLETED, Phase.VOIDED
    adds_to_wager = True
    highest_seat_first = True

    @property
    def rules(self) -> SicBoRules:
        return self.state.rules

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: SicBoRules) -> SicBoState:
        return SicBoState(
            rules=rules,
            seats=dict(opened.seats),
            physical_dice=opened.physical_dice,
            phase=Phase.BETTING,
        )

    def evolve(self, state: SicBoState, event: Event) -> SicBoState:
        match event:
            case DiceThrown(faces=faces):
                expect_phase(state, event, Phase.SHAKE)
                state.dice = faces
                state.phase = Phase.SHAKEN
            case ShakeVoided():
                expect_phase(state, event, Phase.SHAKEN)
                state.dice = ()
                state.phase = Phase.SHAKE
            case ResultShown(faces=faces, winning=winning):
                expect_phase(state, event, Phase.SHAKEN)
                state.dice, state.winning, state.shown = faces, winning, True
                state.phase = Phase.SHOWN
            case ResultCorrected(faces=faces, winning=winning):
                expect_phase(state, event, Phase.SHOWN)
                state.dice, state.winning = faces, winning
            case RoundCompleted():
                expect_phase(state, event, Phase.SHOWN)
                state.phase = Phase.COMPLETED
            case _ if not self.evolve_wagers(state, event):
                raise ReplayError(f"{event!r} is not a Sic Bo event", "engine:replay")
        return state

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
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
            case WagerSettled() | RoundCompleted() if self.state.phase is Phase.SHOWN:
                return SettleWagers(), DEALER, None
        return None

    # -- wagers (the shared base's hooks) -----------------------------------------------
    def spots(self) -> tuple[str, ...]:
        return all_spots()

    def is_spot(self, spot: str) -> bool:
        return spot in _SPOT_ORDER

    def wager_bound(self, seat: int, spot: str) -> Bound:
        """The table minimum, up to the table maximum less what the seat holds on ``spot``
        and, under a maximum per player per round, what the player has left of it
        (625a.3)."""
        rules = self.state.rules
        room = rules.maximum_wager - self.state.wagers.get(seat, {}).get(spot, 0)
        if rules.maximum_per_round is not None:
            room = min(room, rules.maximum_per_round - self._player_total(seat))
        return Bound(rules.minimum_wager, room, WAGERS)

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        rules = self.rules
        held = self.wagers_of(seat).get(spot, 0)
        if amount < rules.minimum_wager:
            return InvalidWager(
                f"a wager on {label(spot)} must be at least the table minimum of "
                f"{format_cents(rules.minimum_wager)}, not {format_cents(amount)}",
                WAGERS,
            )
        if held + amount > rules.maximum_wager:
            already = f", and seat {seat} has {format_cents(held)} there already" if held else ""
            return InvalidWager(
                f"a wager on {label(spot)} may be at most the table maximum of "
                f"{format_cents(rules.maximum_wager)} in all: {format_cents(amount)} is too "
                f"much{already}",
                WAGERS,
            )
        total = self._player_total(seat) + amount
        return InvalidWager(
            f"a wager of {format_cents(amount)} would bring the player's wagers this round "
            f"to {format_cents(total)}, over the table's maximum of "
            f"{format_cents(rules.maximum_per_round or 0)} per player per round",
            WAGERS,
        )

    def why_no_spot(self, spot: str) -> str:
        spots = self.spots()
        labels = (self.spot_label(one) for one in spots)
        family = family_words(spot)
        if family is None:
            return no_spot(spot, labels, sent=spots)
        return no_spot(spot, labels, family[1], named=family[0], sent=spots)

    spot_label = staticmethod(label)

    def why_not_void(self) -> str | None:
        if self.state.phase not in (Phase.BETTING, Phase.SHAKE):
            return "a round may be voided only before its dice are shaken"
        return None

    def _player_total(self, seat: int) -> Cents:
        """What the player at ``seat`` has on the layout in this round, every seat of his
        together (cents)."""
        player = self.state.seats[seat]
        return sum(
            sum(spots.values())
            for other, spots in self.state.wagers.items()
            if self.state.seats[other] == player
        )

    # -- the dealer's commands: one check each, for decide and for the offers -----------
    def check_throw(self, actor: Actor) -> None:
        dealer_only(actor, "shake the dice", ROUND)
        if self.state.phase is not Phase.SHAKE:
            raise NotYourTurn("the dice are not to be shaken now", ROUND)

    def check_show(self, actor: Actor) -> None:
        dealer_only(actor, "show the result", ROUND)
        if self.state.phase is not Phase.SHAKEN:
            raise NotYourTurn("there are no dice on display to show", ROUND)

    def check_settle(self, actor: Actor) -> None:
        dealer_only(actor, "settle the wagers", PAYOUTS)
        if self.state.phase is not Phase.SHOWN:
            raise NotYourTurn("no result is shown to settle on", PAYOUTS)

    def check_irregularity(self, actor: Actor, phase: Phase = Phase.SHAKEN) -> None:
        """A shake declared no roll (on display, ``phase`` SHAKEN) or a result corrected
        (shown, ``phase`` SHOWN): physical dice only (625a.7)."""
        what = "declare a shake no roll" if phase is Phase.SHAKEN else "correct the result"
        dealer_only(actor, what, IRREGULARITIES)
        if not self.state.physical_dice:
            raise NotYourTurn(
                "this table's dice are drawn by RNG: there is no die, shaker or lit result "
                "to be irregular",
                IRREGULARITIES,
            )
        if self.state.phase is not phase:
            where = "dice on display" if phase is Phase.SHAKEN else "result shown, not settled"
            raise NotYourTurn(f"there is no {where} now", IRREGULARITIES)

    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        match command:
            case ThrowDice(faces=faces):
                self.check_throw(actor)
                yield self._throw(faces)
            case DeclareIrregularity(irregularity=irregularity):
                self.check_irregularity(actor)
                yield ShakeVoided(irregularity=irregularity, cite=IRREGULARITIES)
            case CallResult():
                self.check_show(actor)
                faces = self.state.dice
                yield ResultShown(
                    faces=faces,
                    total=sum(faces),
                    winning=winning_spots(faces, self.rules),
                    cite=f"{ROUND}; 625a.1",
                )
            case CorrectResult(faces=faces):
                self.check_irregularity(actor, Phase.SHOWN)
                yield self._correct(faces)
            case SettleWagers():
                self.check_settle(actor)
                yield from self._settle()
            case _:
                raise NotYourTurn(f"{type(command).__name__} is not a Sic Bo command", ROUND)

    def _throw(self, faces: tuple[Any, ...] | None) -> DiceThrown:
        if faces is None:
            if self.state.physical_dice:
                raise NotYourTurn(
                    "this table's dice are shaken by hand: enter the reading of the three dice",
                    ROUND,
                )
            return DiceThrown(faces=roll_dice(self.draw(), DICE_COUNT), cite=f"{ROUND}; {DICE}")
        if not self.state.physical_dice:
            raise NotYourTurn(
                "this table's automated shaker draws its dice by RNG: no reading is taken",
                ROUND,
            )
        reading = read_dice(faces, DICE_COUNT, DICE)
        return DiceThrown(faces=reading, source="reading", cite=f"{ROUND}; {DICE}")

    def _correct(self, faces: tuple[Any, ...]) -> ResultCorrected:
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

    def _settle(self) -> Iterator[Event]:
        """Every wager, the highest seat first, each seat's in the layout's order; under a
        payout limit, what a player's winnings in the round pass it is withheld, from the
        wager that passes it on (625a.6)."""
        rules, faces = self.rules, self.state.dice
        paytable, on_triple = rules.odds, rules.two_of_a_kind_on_triple
        limits = {player: PayoutLimit(rules.payout_limit) for player in self.state.seats.values()}
        for seat, spot, amount in self.in_play():
            odds = odds_on(spot, faces, paytable, on_triple)
            if odds is None:
                yield settled(seat, spot, amount, PAYOUTS)
                continue
            due = payout(amount, odds, rules.payout_rounding)
            won = limits[self.state.seats[seat]].cap(due)
            yield settled(seat, spot, amount, PAYOUTS, odds, won, due - won)
        yield RoundCompleted(cite=PAYOUTS)

    # -- what may be done and seen ------------------------------------------------------
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """The dealer's own commands, each where its check passes (each refuses a seat
        first)."""
        if actor != DEALER:
            return []
        state, dice = self.state, Numbers(count=DICE_COUNT, low=1, high=6)
        offers: list[LegalCommand] = []
        if passes(self.check_throw, actor):
            reading = {"faces": dice} if state.physical_dice else {}
            offers.append(offer("ThrowDice", ROUND, **reading))
        if passes(self.check_show, actor):
            offers.append(offer("CallResult", ROUND))
        if passes(self.check_irregularity, actor):
            kinds = choice(Irregularity)
            offers.append(offer("DeclareIrregularity", IRREGULARITIES, irregularity=kinds))
        if passes(self.check_settle, actor):
            offers.append(offer("SettleWagers", PAYOUTS))
        if passes(self.check_irregularity, actor, Phase.SHOWN):
            other = dice.model_copy(update={"other_than": tuple(state.dice)})
            offers.append(offer("CorrectResult", IRREGULARITIES, faces=other))
        return offers

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
    "winning_spots",
]
