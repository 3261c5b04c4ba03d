"""Criss-Cross Poker (58 Pa. Code ch. 674a).

A round, as the text runs:

1. **Setup**: the table's equipment for the round (:class:`RoundSetup`: the deck in
   play, the shuffle, the dealing procedure, whether the stub must be counted, devices
   signed out of order; 674a.3, 674a.5, 674a.8(f), 674a.13(g)).
2. **Wagers** (674a.7): each seated player places two equal but separate Ante Wagers,
   Ante Across and Ante Down (674a.7(d), :class:`PlaceAntes`), and, where the Rules
   Submission offers it, a Five Card Bonus Wager (674a.7(e)); all before "no more bets"
   (674a.7(c)). One position per player (674a.7(g)).
3. **No more bets, shuffle and cut** (674a.5, 674a.8(b), 674a.9(a)(3), 674a.10(a)(2)):
   the stack order is drawn when the dealer shuffles and recorded in the dealer-only
   :class:`DeckShuffled`; a manual shuffle is cut (674a.5(d)) and may be recut
   (674a.5(e)).
4. **The deal** (674a.8(d), 674a.9(b), 674a.10(b)): five community cards face down in
   the cross (far box, the second row left to right, near box), then one card at a time
   clockwise from the dealer's left to each player with both antes until each has two;
   from an automated shoe a stack of five for the cross, then a stack of two per player.
5. **The stub** (674a.8(e)-(h), 674a.9(c)-(f), 674a.10(c)-(f)): to the discard rack,
   counted at least once every 5 rounds unless the shuffler counts; a wrong count voids
   the round (and removes the deck unless the cards were misdealt).
6. **Across, Down and Middle Bets** (674a.11(b)-(g)): clockwise from the dealer's left
   each player bets one to three times his ante or folds, forfeiting his antes and
   earlier bets; the two outer horizontal cards are turned up, then the two outer
   vertical cards, then the middle card. A folded player's Five Card Bonus Wager stays.
7. **Settlement** (674a.11(h), 674a.12): counterclockwise from the dealer's right each
   player's two cards are turned up; the Across Hand settles the Ante Across and Across
   Bet, the Down Hand the Ante Down and Down Bet, the higher of the two the Middle Bet,
   the five community cards the Five Card Bonus; an aggregate payout limit per player
   (674a.12(d)) withholds what exceeds it.

Irregularities (674a.13) are declared with :class:`DeclareIrregularity`. A voided round
returns every wager still in play. A :class:`CrissCrossPokerTable` outlives rounds.

A short round at one seat, the shuffle drawn from a seeded source (a table draws from its
sealed one): the seat antes $5 Across and $5 Down, the dealer announces "no more bets"
and the dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) shuffle, cut and deal; asked for
an Across Bet the seat folds, so both antes are collected (674a.11(b)) and the round ends
with the community cards turned for the table.

>>> from croupier.engine import DEALER
>>> from croupier.registry import find
>>> from croupier.rng import SeededRng
>>> from croupier.rules.criss_cross_poker import CrissCrossPokerRules
>>> steps = find("criss-cross-poker").policy.run_dealer_steps
>>> round_ = CrissCrossPokerRound.open(
...     CrissCrossPokerRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=SeededRng(0)
... )
>>> [e.type for e in round_.handle(PlaceAntes(seat=1, ante_across=500, ante_down=500), 1)]
['WagerPlaced', 'WagerPlaced']
>>> dealt = round_.handle(AnnounceNoMoreBets(), DEALER) + steps(round_)
>>> [e.type for e in dealt].count("CardDealt")
7
>>> events = round_.handle(Fold(seat=1), 1) + steps(round_)
>>> events[-1].type
'RoundCompleted'
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('ante_across', 'lose', 0, 0), ('ante_down', 'lose', 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Literal, Self

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
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.cards import (
    Card,
    DealingProcedure,
    deal_order,
)
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, OtherSeat, ReplayError
from croupier.games import cards as shared
from croupier.games._common import checked, empty_seat, settled
from croupier.games._wagering import (
    NOT_SENT,
    BettingSections,
    Bound,
    added_bound,
    refuse_in_all,
)
from croupier.games.card_table import CardTable
from croupier.games.cards import (
    AnnounceNoMoreBets,
    CardDiscarded,
    CardPhases,
    CardRound,
    CardState,
    CountStub,
    CutCards,
    DealCards,
    DeckCut,
    DeckRemoved,
    DiscardStub,
    NoMoreBets,
    PlaceWager,
    RecutRequired,
    RequireRecut,
    ResolveMiscount,
    ShuffleCards,
    ShuffleFailed,
    StubCounted,
    StubDiscarded,
    VoidRound,
    WagerWithdrawn,
    WithdrawWager,
    check_positions,
)
from croupier.games.criss_cross_poker.commands import (
    CrissCrossPokerCommand,
    DeclareIrregularity,
    Fold,
    Irregularity,
    PlaceAntes,
    RevealCommunityCards,
    SetUpRound,
)
from croupier.games.criss_cross_poker.events import (
    CardDealt,
    CommunityCardsTurned,
    CrissCrossPokerEvent,
    DeckShuffled,
    EquipmentOutOfOrder,
    Folded,
    HandCollected,
    HandId,
    HandsTurnedUp,
    IrregularityDeclared,
    MisdealDetermined,
    RoundSetup,
)
from croupier.hands.poker import HandValue, evaluate
from croupier.money import Cents, PayoutLimit, format_cents, payout, require_cents
from croupier.offers import Amount, choice, offer
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.rules.criss_cross_poker import (
    ANTE_ODDS,
    ANTES,
    BET_ODDS,
    BET_SECTIONS,
    BETS,
    BONUS_ODDS,
    CROSS,
    HORIZONTAL,
    MAX_BET_MULTIPLE,
    PAYLINE_ORDER,
    PLAYER_CARDS,
    PROCEDURE_SECTIONS,
    REVEALS,
    SECTIONS,
    SPOT_LABELS,
    VERTICAL,
    CrissCrossPokerRules,
    CrossPosition,
    Device,
    Payline,
    Shuffling,
    Spot,
    payline,
)

VOID_ROUND_CITE = "interpretations:void-round"

COMMUNITY: Literal["community"] = "community"
"""The hand id of the five community cards in the cross."""


# --- state -------------------------------------------------------------------------------
class Phase(StrEnum):
    SETUP = "setup"
    BETTING = "betting"
    SHUFFLE = "shuffle"
    CUT = "cut"
    DEAL = "deal"
    STUB = "stub"
    MISCOUNT = "miscount"
    ACROSS = "across"
    """Across Bet or fold (674a.11(b))."""
    REVEAL_ACROSS = "reveal_across"
    DOWN = "down"
    """Down Bet or fold (674a.11(d))."""
    REVEAL_DOWN = "reveal_down"
    MIDDLE = "middle"
    """Middle Bet or fold (674a.11(f))."""
    REVEAL_MIDDLE = "reveal_middle"
    COMPLETED = "completed"
    VOIDED = "voided"


DECISION_PHASES: dict[Phase, Spot] = {
    Phase.ACROSS: Spot.ACROSS,
    Phase.DOWN: Spot.DOWN,
    Phase.MIDDLE: Spot.MIDDLE,
}
BEFORE_ACROSS = frozenset(
    (Phase.SETUP, Phase.BETTING, Phase.SHUFFLE, Phase.CUT, Phase.DEAL, Phase.STUB, Phase.MISCOUNT)
)
"""The phases before the dealer asks for the Across Bet (674a.11(b))."""
REVEAL_PHASES: tuple[Phase, Phase, Phase] = (
    Phase.REVEAL_ACROSS,
    Phase.REVEAL_DOWN,
    Phase.REVEAL_MIDDLE,
)
_AFTER_REVEAL: dict[Phase, tuple[Phase, Phase]] = {
    Phase.REVEAL_ACROSS: (Phase.DOWN, Phase.REVEAL_DOWN),
    Phase.REVEAL_DOWN: (Phase.MIDDLE, Phase.REVEAL_MIDDLE),
}


@dataclass(kw_only=True)
class CrissCrossPokerState(CardState):
    """A round of Criss-Cross Poker as its events have left it (the card procedure's
    :class:`~croupier.games.cards.CardState` and the bets and reveals of 674a.11)."""

    rules: CrissCrossPokerRules
    phase: Phase = Phase.SETUP
    shuffling: Shuffling = Shuffling.MANUAL
    out_of_order: set[Device] = field(default_factory=set)
    wagers: dict[int, dict[Spot, Cents]] = field(default_factory=dict)
    hands: dict[HandId, list[Card]] = field(default_factory=dict)
    plan: list[tuple[HandId, int]] = field(default_factory=list)
    decisions: dict[int, dict[Spot, Literal["bet", "fold"]]] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    collected: set[int] = field(default_factory=set)
    turned: set[CrossPosition] = field(default_factory=set)
    """Community boxes turned face up."""
    turned_up: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Seat -> (Across Hand, Down Hand) described at settlement."""

    def active(self) -> list[int]:
        """Players dealt in who have not folded, clockwise."""
        return [seat for seat in self.players if seat not in self.folded]

    def to_act(self) -> int | None:
        """The seat the dealer asks now (674a.11(b), (d), (f)), or ``None``."""
        spot = DECISION_PHASES.get(self.phase)
        if spot is None:
            return None
        return next(
            (s for s in self.active() if spot not in self.decisions.get(s, {})),
            None,
        )

    def next_delivery(self) -> list[tuple[HandId, int]]:
        """The next card, or the next stack from an automated shoe (five for the cross,
        two per player); empty once the deal is complete."""
        if self.procedure is not DealingProcedure.AUTOMATED_SHOE:
            return self.plan[self.dealt : self.dealt + 1]
        size = len(CROSS) if self.dealt < len(CROSS) else PLAYER_CARDS
        return self.plan[self.dealt : self.dealt + size]

    def community(self, position: CrossPosition) -> Card:
        return self.hands[COMMUNITY][CROSS.index(position)]


def deal_plan(procedure: DealingProcedure, players: tuple[int, ...]) -> list[tuple[HandId, int]]:
    """Every card of the deal in order, (hand, position): the five community cards in
    :data:`CROSS` order, then the players' cards one at a time clockwise from the
    dealer's left (674a.8(d), 674a.9(b)) or a stack of two each (674a.10(b))."""
    cross: list[tuple[HandId, int]] = [(COMMUNITY, n) for n in range(len(CROSS))]
    names = [str(seat) for seat in players]
    return cross + [(int(h), n) for h, n in deal_order(procedure, names, PLAYER_CARDS)]


def default_setup(rules: CrissCrossPokerRules) -> SetUpRound:
    """The equipment of a round under ``rules`` with the first deck and the stub count
    due (a :class:`CrissCrossPokerTable` passes its own)."""
    return SetUpRound(
        deck=rules.deck_colors[0],
        shuffling=rules.shuffling,
        shuffler_counts=rules.shuffler_counts,
        dealing_procedure=rules.dealing_procedure,
        stub_count_due=not rules.shuffler_counts,
    )


def _check_setup(rules: CrissCrossPokerRules, setup: SetUpRound) -> None:
    """Raise :class:`IllegalCommand` unless ``setup`` is what ``rules`` allow, allowing
    for equipment signed out of order (674a.13(g))."""
    shared.check_setup(rules, setup, SECTIONS)


def higher_line(across: HandValue, down: HandValue) -> Payline:
    """The paytable line of the higher ranking of the Across and Down Hands, on which
    the Middle Bet is paid (674a.11(h)(4))."""
    return payline(max(across, down))


# --- the round ---------------------------------------------------------------------------
ASKED_WHEN = {
    Spot.ACROSS: "after the cards are dealt and examined",
    Spot.DOWN: "after the first two community cards are exposed, once his Across Bet is made",
    Spot.MIDDLE: (
        "after the third and fourth community cards are exposed, once his Across and Down "
        "Bets are made"
    ),
}
"""When the dealer asks for each bet (674a.11(b), (d), (f))."""


class CrissCrossPokerRound(CardRound[CrissCrossPokerState]):
    """One round of Criss-Cross Poker under a :class:`CrissCrossPokerRules`.

    Open it with :meth:`open`; drive it with :meth:`handle`. Seats are numbered from 1
    at the dealer's left. Replay re-derives every event (:meth:`command_for`).
    """

    game = "criss-cross-poker"
    rules_type = CrissCrossPokerRules
    event_adapter = TypeAdapter(list[CrissCrossPokerEvent])
    command_adapter = TypeAdapter(CrissCrossPokerCommand)
    verified_replay = True
    sections = SECTIONS
    procedures = PROCEDURE_SECTIONS
    phases = CardPhases.of(Phase, after_stub=Phase.ACROSS)
    deck_shuffled = DeckShuffled
    card_dealt = CardDealt
    equipment_out_of_order = EquipmentOutOfOrder
    spot_type = Spot
    title = "Criss-Cross Poker"
    entry_spot = Spot.ANTE_ACROSS
    entry_words = "the two Ante Wagers"
    withdrawal_rule = SECTIONS.before_no_more_bets
    """674a.7(c): a wager may not be withdrawn after "no more bets" (and so may before)."""

    @property
    def betting_sections(self) -> BettingSections:
        s = SECTIONS
        return BettingSections(
            seated=s.seated_only,
            wagers=s.antes,
            closed=s.before_no_more_bets,
            no_more_bets=self.procedure_sections().no_more_bets,
            void=VOID_ROUND_CITE,
            over=s.discard_rack,
            none_wagered=s.antes,
        )

    @classmethod
    def open(
        cls,
        rules: RulesSubmission,
        *,
        table_id: str,
        round_id: str,
        seats: dict[int, str],
        rng: Rng,
        physical_dice: bool = False,
        setup: SetUpRound | None = None,
    ) -> Self:
        """A new round at ``table_id`` with ``seats`` (seat -> player id) seated.

        Raises :class:`InvalidWager` if one player holds two positions (674a.7(g)),
        :class:`~croupier.errors.RulesSubmissionError` for a seat the table does not have
        (674a.2(a)), :class:`IllegalCommand` for a setup the rules do not allow.
        """
        if not isinstance(rules, CrissCrossPokerRules):
            raise TypeError(f"{cls.game} needs CrissCrossPokerRules, not {type(rules)}")
        check_positions(seats, SECTIONS)
        command = setup if setup is not None else default_setup(rules)
        _check_setup(rules, command)
        round_ = super().open(
            rules,
            table_id=table_id,
            round_id=round_id,
            seats=seats,
            rng=rng,
            physical_dice=physical_dice,
        )
        round_.handle(command, DEALER)
        return round_

    @property
    def rules(self) -> CrissCrossPokerRules:
        return self.state.rules

    # -- replay -------------------------------------------------------------------------
    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """The shared wagering commands' (:meth:`CardRound.command_for`), but the two Ante
        Wagers are placed together (:class:`PlaceAntes`) and withdrawn together."""
        match event:
            case WagerPlaced(seat=seat, spot=Spot.ANTE_ACROSS, amount=amount):
                down = following[0] if following else None
                paired = down.amount if isinstance(down, WagerPlaced) else amount
                return PlaceAntes(seat=seat, ante_across=amount, ante_down=paired), seat, None
            case WagerPlaced(spot=Spot.ANTE_DOWN) | WagerWithdrawn(spot=Spot.ANTE_DOWN):
                return None
        return super().command_for(event, following)

    def game_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case RoundSetup():
                fields = event.model_dump(exclude={"type", "cite"})
                return SetUpRound(**fields), DEALER, None
            case DeckRemoved(counted=counted) if counted is not None:
                return ShuffleCards(device_count=counted), DEALER, None
            case IrregularityDeclared(irregularity=kind, position=position):
                return DeclareIrregularity(irregularity=kind, position=position), DEALER, None
            case MisdealDetermined(misdealt=misdealt):
                return ResolveMiscount(misdealt=misdealt), DEALER, None
            case Folded(seat=seat):
                return Fold(seat=seat), seat, None
            case CommunityCardsTurned():
                return RevealCommunityCards(), DEALER, None
        return None

    # -- fold ---------------------------------------------------------------------------
    def initial_state(
        self, opened: RoundOpened, rules: CrissCrossPokerRules
    ) -> CrissCrossPokerState:
        return CrissCrossPokerState(rules=rules, seats=dict(opened.seats))

    def deal_plan(
        self, procedure: DealingProcedure, players: tuple[int, ...]
    ) -> list[tuple[HandId, int]]:
        return deal_plan(procedure, players)

    def evolve(self, state: CrissCrossPokerState, event: Event) -> CrissCrossPokerState:
        if self.evolve_cards(state, event):
            return state
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                if state.phase in DECISION_PHASES:
                    self._decide(state, seat, Spot(spot), "bet")
                else:
                    self._expect(state, event, Phase.BETTING)
                wagers = state.wagers.setdefault(seat, {})
                wagers[Spot(spot)] = wagers.get(Spot(spot), 0) + amount
            case RoundSetup():
                self._expect(state, event, Phase.SETUP)
                self.set_up(state, event)
                state.phase = Phase.BETTING
            case IrregularityDeclared() | MisdealDetermined():
                pass
            case Folded(seat=seat, spot=spot):
                self._decide(state, seat, Spot(spot), "fold")
            case HandCollected(seat=seat):
                state.collected.add(seat)
                state.discard_rack.place(f"seat {seat}", state.hands[seat])
            case CommunityCardsTurned(positions=positions):
                self._expect(state, event, *REVEAL_PHASES)
                state.turned.update(positions)
                if state.phase in _AFTER_REVEAL:
                    decide, reveal = _AFTER_REVEAL[state.phase]
                    state.phase = decide if state.active() else reveal
            case HandsTurnedUp(seat=seat, across=across, down=down):
                self._expect(state, event, Phase.REVEAL_MIDDLE)
                state.turned_up[seat] = (across, down)
            case RoundCompleted():
                self._expect(state, event, Phase.REVEAL_MIDDLE)
                for hand, cards in state.hands.items():
                    if hand == COMMUNITY:
                        state.discard_rack.place(COMMUNITY, cards)
                    elif hand not in state.collected:
                        state.discard_rack.place(f"seat {hand}", cards)
                state.phase = Phase.COMPLETED
            case _:
                raise ReplayError(f"{event!r} is not a Criss-Cross Poker event", "engine:replay")
        return state

    @staticmethod
    def _decide(
        state: CrissCrossPokerState, seat: int, spot: Spot, decision: Literal["bet", "fold"]
    ) -> None:
        if state.to_act() != seat or DECISION_PHASES[state.phase] is not spot:
            raise ReplayError(f"seat {seat} does not decide the {spot} bet now", "engine:replay")
        state.decisions.setdefault(seat, {})[spot] = decision
        if decision == "fold":
            state.folded.add(seat)
        if state.to_act() is None:
            state.phase = REVEAL_PHASES[BETS.index(spot)]

    # -- commands -----------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        """The wagering base's, but an Across, Down or Middle Bet is a decision when the
        dealer asks."""
        match command:
            case PlaceWager(seat=seat, spot=spot) if spot in BETS and not self.finished:
                yield self._bet(seat, Spot(spot), actor, command.amount)
                yield from self._after_decision()
            case _:
                yield from super().decide(command, actor)

    def decide_game(self, command: Command, actor: Actor) -> Iterator[Event]:
        s = SECTIONS
        match command:
            case SetUpRound():
                self._dealer_only(actor, "set up the round", s.one_deck)
                self._phase(Phase.SETUP, "set up the round", s.one_deck)
                _check_setup(self.rules, command)
                two = self.rules.decks == 2
                fields = command.model_dump(exclude={"type"})
                yield RoundSetup(**fields, cite=s.alternate if two else s.one_deck)
            case PlaceAntes():
                yield from self._place_antes(command, actor)
            case Fold(seat=seat):
                spot = self.check_decision(seat, actor)
                yield Folded(seat=seat, spot=spot.value, cite=BET_SECTIONS[spot])
                yield from self._after_decision()
            case RevealCommunityCards():
                yield from self._reveal(actor)
            case DeclareIrregularity():
                yield from self._irregularity(command, actor)
            case _:
                raise NotYourTurn(
                    f"{type(command).__name__} is not a Criss-Cross Poker command", s.antes
                )

    # -- wagers -------------------------------------------------------------------------
    def check_antes(self, seat: int, actor: Actor) -> Bound:
        """What each Ante Wager of ``seat`` may add now (to the table's limits in all);
        refuses Ante Wagers by another actor or for an empty position, or after "no more
        bets" (674a.7(d))."""
        self.check_seat(seat, actor)
        if not self.betting_open():
            raise self.refuse_closed(Spot.ANTE_ACROSS)
        return self.wager_bound(seat, Spot.ANTE_ACROSS)

    def check_spot(self, seat: int, spot: str, actor: Actor, amount: object = NOT_SENT) -> Bound:
        """As for every game, but an Ante Wager alone: the two are placed together
        (:class:`PlaceAntes`, 674a.7(d))."""
        if spot not in ANTES:
            return super().check_spot(seat, spot, actor, amount)
        self.check_seat(seat, actor)
        if not self.betting_open():
            raise self.refuse_closed(spot)
        raise InvalidWager(
            "the Ante Across and Ante Down Wagers are two equal wagers placed together: "
            "use PlaceAntes",
            SECTIONS.antes,
        )

    def _place_antes(self, command: PlaceAntes, actor: Actor) -> Iterator[Event]:
        s, rules = SECTIONS, self.rules
        seat = command.seat
        bound = self.check_antes(seat, actor)
        across = require_cents(command.ante_across, "an Ante Across Wager", s.antes)
        down = require_cents(command.ante_down, "an Ante Down Wager", s.antes)
        if across != down:
            raise InvalidWager(
                "the Ante Across and Ante Down Wagers must be equal: "
                f"{format_cents(across)} and {format_cents(down)} are not",
                s.antes,
            )
        if not bound.low <= across <= bound.high:
            limits = rules.minimum_wager, rules.maximum_wager
            held = self.wagers_of(seat).get(Spot.ANTE_ACROSS, 0)
            raise refuse_in_all("each Ante Wager", limits, held, across, s.antes, on="each")
        yield WagerPlaced(seat=seat, spot=Spot.ANTE_ACROSS.value, amount=across, cite=s.antes)
        yield WagerPlaced(seat=seat, spot=Spot.ANTE_DOWN.value, amount=down, cite=s.antes)

    def wager_bound(self, seat: int, spot: str) -> Bound:
        """The one limit hook, for every wager of the layout: what each Ante Wager of
        ``seat`` may add now (the table's limits in all, 674a.7(d)); an Across, Down or
        Middle Bet, one to three times its ante (674a.11(b), (d), (f); refused unless the
        dealer asks ``seat`` for it now); what a Five Card Bonus Wager may add (its limits
        in all), refused at a table that does not offer it or before the Ante Wagers
        (674a.7(e))."""
        s, rules = SECTIONS, self.rules
        if spot in ANTES:
            held = self.wagers_of(seat).get(Spot.ANTE_ACROSS, 0)
            return added_bound(rules.minimum_wager, rules.maximum_wager, held, s.antes)
        if spot in BETS:
            self.check_decision(seat, seat, Spot(spot))  # refuses: none before the deal
            ante_spot = Spot.ANTE_ACROSS if spot == Spot.ACROSS else Spot.ANTE_DOWN
            ante = self.state.wagers[seat][ante_spot]
            return Bound(ante, MAX_BET_MULTIPLE * ante, BET_SECTIONS[Spot(spot)])
        if not rules.five_card_bonus:
            raise InvalidWager(
                "this table's Rules Submission does not offer the Five Card Bonus Wager",
                s.five_card_bonus,
            )
        wagers = self.wagers_of(seat)
        if Spot.ANTE_ACROSS not in wagers:
            raise InvalidWager(
                "the Five Card Bonus Wager is made after placing the Ante Wagers",
                s.five_card_bonus,
            )
        held = wagers.get(Spot.FIVE_CARD_BONUS, 0)
        return added_bound(*rules.bonus_limits(), held, s.five_card_bonus)

    def offered_spots(self, seat: int) -> tuple[str, ...]:
        # The bonus needs the Ante Wagers (wager_bound): not asked without them.
        return (Spot.FIVE_CARD_BONUS,) if self.wagers_of(seat) else ()

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        """The Ante Wagers (two equal amounts), then the Five Card Bonus Wager."""
        bound = checked(self.check_antes, seat, seat) if self.betting_open() else None
        legal = []
        if bound is not None and bound.high >= bound.low:
            each = Amount(low=bound.low, high=bound.high)
            s = SECTIONS
            antes = offer("PlaceAntes", s.antes, seat=seat, ante_across=each, ante_down=each)
            legal.append(antes.model_copy(update={"equal": ("ante_across", "ante_down")}))
        return legal + super().wager_offers(seat)

    def offered_layout(self) -> tuple[str, ...]:
        """The spots a refusal lists: the Five Card Bonus only where this table's Rules
        Submission offers it (674a.7(e)); :meth:`spots` keeps it, so that ``remove five
        card bonus`` is still read as that wager at every table."""
        offered = self.rules.five_card_bonus
        return tuple(s for s in self.spots() if offered or s != Spot.FIVE_CARD_BONUS)

    def spot_label(self, spot: str) -> str:
        """``spot`` as the layout names it (674a.2(b)): "Ante Across", "Five Card Bonus"."""
        known = spot in Spot.__members__.values()
        return SPOT_LABELS[Spot(spot)] if known else super().spot_label(spot)

    def amount_terms(self, spot: str) -> tuple[str, str]:
        return "a Five Card Bonus Wager", SECTIONS.five_card_bonus

    def placed_cite(self, spot: str) -> str:
        return SECTIONS.five_card_bonus

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        held = self.wagers_of(seat).get(spot, 0)
        what, cite = self.amount_terms(spot)
        return refuse_in_all(what, self.rules.bonus_limits(), held, amount, cite)

    def check_withdraw_order(self, spot: str, wagers: Mapping[str, Cents]) -> None:
        """Both Ante Wagers go together, after the Five Card Bonus Wager (674a.7(c))."""
        if spot in ANTES and Spot.FIVE_CARD_BONUS in wagers:
            raise InvalidWager(
                "withdraw the Five Card Bonus Wager first: it is made after the antes",
                SECTIONS.five_card_bonus,
            )

    def withdrawn_with(self, spot: str) -> tuple[str, ...]:
        return ANTES if spot in ANTES else (spot,)

    def check_decision(self, seat: int, actor: Actor, wanted: Spot = Spot.ACROSS) -> Spot:
        """The bet ``seat`` decides now; raises unless ``actor`` may decide it now (before
        the deal, saying when the bet ``wanted`` is asked for)."""
        state = self.state
        spot = DECISION_PHASES.get(state.phase)
        cite = BET_SECTIONS[spot] if spot is not None else SECTIONS.bets
        if actor == DEALER:
            raise OtherSeat(f"only the player at seat {seat} makes his bets", cite)
        if self.seat_empty(seat, state.seats):
            raise empty_seat(seat, cite)
        if actor != seat:
            raise OtherSeat(
                f"seat {actor} may not decide for seat {seat}: each player is asked for "
                "his own hand",
                cite,
            )
        if spot is None and state.phase in BEFORE_ACROSS:
            raise NotYourTurn(
                f"no {wanted.value.title()} Bet is being asked for yet: the dealer asks "
                f"each player for it {ASKED_WHEN[wanted]}",
                BET_SECTIONS[wanted],
            )
        if spot is None:
            raise NotYourTurn(
                "the dealer is not asking for an Across, Down or Middle Bet now", SECTIONS.bets
            )
        if seat not in state.players:
            raise NotYourTurn(f"seat {seat} placed no Ante Wagers and has no hand", cite)
        if seat in state.folded:
            raise NotYourTurn(f"seat {seat} has folded", cite)
        current = state.to_act()
        if seat != current:
            raise NotYourTurn(
                "the dealer asks each player in turn, clockwise from the dealer's left: "
                f"seat {current} decides now, not {seat}",
                cite,
            )
        return spot

    def _bet(self, seat: int, spot: Spot, actor: Actor, amount: object) -> WagerPlaced:
        now = self.check_decision(seat, actor, spot)
        cite = BET_SECTIONS[spot]
        if spot is not now:
            raise NotYourTurn(
                f"the dealer asks for the {now} bet now, not the {spot} bet", BET_SECTIONS[now]
            )
        bound = self.wager_bound(seat, spot)
        named = f"{'an' if spot is Spot.ACROSS else 'a'} {spot.value.title()} Bet"
        value = require_cents(amount, named, cite)
        if not bound.low <= value <= bound.high:
            raise InvalidWager(
                f"{named} is one to three times the ante of {format_cents(bound.low)}: "
                f"{format_cents(bound.low)} to {format_cents(bound.high)}, not "
                f"{format_cents(value)}",
                cite,
            )
        return WagerPlaced(seat=seat, spot=spot.value, amount=value, cite=cite)

    def _after_decision(self) -> Iterator[Event]:
        """Once every player has decided: collect the forfeited wagers and cards of those
        who folded now; a Five Card Bonus stays (674a.11(b), (d), (f))."""
        state = self.state
        if state.phase not in REVEAL_PHASES:
            return
        spot = BETS[REVEAL_PHASES.index(state.phase)]
        cite = BET_SECTIONS[spot]
        for seat in state.players:
            if state.decisions.get(seat, {}).get(spot) != "fold":
                continue
            for forfeit in (*ANTES, *BETS):
                if forfeit in state.wagers.get(seat, {}):
                    yield self._lose(seat, forfeit, state.wagers[seat][forfeit], cite)
            yield HandCollected(seat=seat, cite=cite)

    # -- the dealer's procedure ---------------------------------------------------------
    def why_not_void(self) -> str | None:
        """The round is voided once it is set up."""
        return "the round is not set up yet" if self.state.phase is Phase.SETUP else None

    def misdeal_determined(self, misdealt: bool, cite: str) -> Iterator[Event]:
        """The dealer's determination after a wrong stub count (674a.8(h))."""
        yield MisdealDetermined(misdealt=misdealt, cite=cite)

    # -- reveal and settlement ----------------------------------------------------------
    def check_reveal(self, actor: Actor) -> int:
        """Which turn of the community cards (0 to 2: across, down, middle) the dealer
        takes now; refuses it but by the dealer, once every player has made the bet
        asked for or folded (674a.11(c))."""
        s, state = SECTIONS, self.state
        cites = (s.reveal_across, s.reveal_down, s.reveal_middle)
        if state.phase in DECISION_PHASES:
            spot = DECISION_PHASES[state.phase]
            self._dealer_only(actor, "turn up community cards", BET_SECTIONS[spot])
            raise NotYourTurn(
                f"seat {state.to_act()} has not yet made a {spot} bet or folded",
                BET_SECTIONS[spot],
            )
        if state.phase not in REVEAL_PHASES:
            self._dealer_only(actor, "turn up community cards", s.reveal_across)
            raise NotYourTurn("no community card is turned up now", s.reveal_across)
        step = REVEAL_PHASES.index(state.phase)
        self._dealer_only(actor, "turn up community cards", cites[step])
        return step

    def _reveal(self, actor: Actor) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        cites = (s.reveal_across, s.reveal_down, s.reveal_middle)
        step = self.check_reveal(actor)
        positions = REVEALS[step]
        cards = tuple(state.community(position) for position in positions)
        yield CommunityCardsTurned(positions=positions, cards=cards, cite=cites[step])
        if step == len(REVEAL_PHASES) - 1:
            yield from self._settle()

    def _settle(self) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        community = evaluate(state.hands[COMMUNITY])
        for seat in sorted(state.players, reverse=True):
            wagers = dict(state.wagers.get(seat, {}))
            if not wagers:
                continue
            limit = PayoutLimit(self.rules.payout_limit)
            if seat not in state.folded:
                yield from self._settle_lines(seat, wagers, limit)
            if Spot.FIVE_CARD_BONUS in wagers:
                line = payline(community)
                amount = wagers[Spot.FIVE_CARD_BONUS]
                if line is Payline.LESS_THAN_SIXES:
                    yield self._lose(seat, Spot.FIVE_CARD_BONUS, amount, s.bonus_settled)
                else:
                    cite = f"{s.bonus_settled}; {s.bonus_odds}"
                    yield self._pay(
                        seat, Spot.FIVE_CARD_BONUS, amount, BONUS_ODDS[line], cite, limit
                    )
        yield RoundCompleted(cite=s.discard_rack)

    def _settle_lines(
        self, seat: int, wagers: dict[Spot, Cents], limit: PayoutLimit
    ) -> Iterator[Event]:
        """Turn up the hand of ``seat`` (not folded) and settle its Ante, Bet and Middle
        wagers on its Across and Down lines."""
        s, state = SECTIONS, self.state
        cards = tuple(state.hands[seat])
        across = evaluate([*cards, *(state.community(p) for p in HORIZONTAL)])
        down = evaluate([*cards, *(state.community(p) for p in VERTICAL)])
        a_line, d_line = payline(across), payline(down)
        yield HandsTurnedUp(
            seat=seat,
            cards=cards,
            across=str(across),
            across_line=a_line,
            down=str(down),
            down_line=d_line,
            cite=s.reveal_middle,
        )
        for ante, bet, line, lose_cite, win_cite in (
            (Spot.ANTE_ACROSS, Spot.ACROSS, a_line, s.across_loses, s.across_qualifies),
            (Spot.ANTE_DOWN, Spot.DOWN, d_line, s.down_loses, s.down_qualifies),
        ):
            if line is Payline.LESS_THAN_SIXES:
                yield self._lose(seat, ante, wagers[ante], lose_cite)
                yield self._lose(seat, bet, wagers[bet], lose_cite)
            else:
                cite = f"{win_cite}; {s.ante_odds}"
                yield self._pay(seat, ante, wagers[ante], ANTE_ODDS[line], cite, limit)
                cite = f"{win_cite}; {s.bet_odds}"
                yield self._pay(seat, bet, wagers[bet], BET_ODDS[line], cite, limit)
        best = higher_line(across, down)
        if best is Payline.LESS_THAN_SIXES:
            yield self._lose(seat, Spot.MIDDLE, wagers[Spot.MIDDLE], s.middle_loses)
        else:
            cite = f"{s.middle_qualifies}; {s.bet_odds}"
            yield self._pay(seat, Spot.MIDDLE, wagers[Spot.MIDDLE], BET_ODDS[best], cite, limit)

    def _pay(
        self,
        seat: int,
        spot: Spot,
        amount: Cents,
        odds: Fraction | None,
        cite: str,
        limit: PayoutLimit,
    ) -> WagerSettled:
        """A winning wager at ``odds`` (``None``: a push), capped by the aggregate payout
        limit (674a.12(d))."""
        if odds is None:
            return WagerSettled(
                seat=seat,
                spot=spot.value,
                amount=amount,
                outcome=Outcome.PUSH,
                returned=amount,
                cite=cite,
            )
        won = payout(amount, odds, self.rules.payout_rounding)
        paid = limit.cap(won)
        if paid < won:
            cite = f"{cite}; {SECTIONS.payout_limit}"
        return settled(seat, spot.value, amount, cite, odds, paid, won - paid)

    # -- irregularities -----------------------------------------------------------------
    def _irregularity(self, command: DeclareIrregularity, actor: Actor) -> Iterator[Event]:
        kind = command.irregularity
        cite = self.check_irregularity(kind, actor)
        declared = IrregularityDeclared(irregularity=kind, cite=cite)
        match kind:
            case Irregularity.WRONG_NUMBER_OF_CARDS:
                yield declared
                yield from self._void(
                    "a player or the cross was dealt an incorrect number of cards", cite
                )
            case Irregularity.COMMUNITY_CARD_EXPOSED:
                position = command.position
                if position is None or position not in self._exposable():
                    raise IllegalCommand(
                        "name a community card that is dealt and not yet turned up: "
                        f"{[str(p) for p in self._exposable()]}, not {position!r}",
                        cite,
                    )
                yield declared.model_copy(update={"position": position})
                yield from self._void(
                    f"the {position} community card was exposed before the dealer revealed it",
                    cite,
                )
            case _:
                yield from self.card_irregularity(kind, declared, cite)

    def check_irregularity(self, kind: Irregularity, actor: Actor) -> str:
        """The section ``kind`` cites; refuses it but from the dealer, where
        :meth:`_why_not_irregularity` says why not (an exposed card's position is checked
        apart, against :meth:`_exposable`)."""
        cite = self._irregularity_cite(kind)
        self._dealer_only(actor, "declare an irregularity", cite)
        why = self._why_not_irregularity(kind)
        if why is not None:
            raise NotYourTurn(why, cite)
        return cite

    @staticmethod
    def _irregularity_cite(kind: Irregularity) -> str:
        s = SECTIONS
        return {
            Irregularity.FACE_UP_CARD: s.face_up_card,
            Irregularity.CARD_DRAWN_IN_ERROR: s.drawn_in_error,
            Irregularity.WRONG_NUMBER_OF_CARDS: s.wrong_number,
            Irregularity.COMMUNITY_CARD_EXPOSED: s.exposed,
            Irregularity.SHUFFLER_JAM: s.shuffler_jam,
            Irregularity.DEALING_SHOE_FAULT: s.shoe_fault,
            Irregularity.SHUFFLER_OUT_OF_ORDER: s.out_of_order,
            Irregularity.DEALING_SHOE_OUT_OF_ORDER: s.out_of_order,
        }[kind]

    def _why_not_irregularity(self, kind: Irregularity) -> str | None:
        """Why ``kind`` cannot be declared now, or ``None`` if it can."""
        state = self.state
        in_play = state.phase in (
            Phase.DEAL,
            Phase.STUB,
            Phase.MISCOUNT,
            *DECISION_PHASES,
            *REVEAL_PHASES,
        )
        match kind:
            case Irregularity.WRONG_NUMBER_OF_CARDS:
                if not (in_play and state.deal_started()):
                    return (
                        "an incorrect number of cards voids the round only once cards are "
                        "dealt and before the settlement"
                    )
            case Irregularity.COMMUNITY_CARD_EXPOSED:
                if not (in_play and self._exposable()):
                    return "no community card is dealt and still face down"
            case _:
                return self.why_not_card_irregularity(kind)
        return None

    def _exposable(self) -> list[CrossPosition]:
        """Community cards dealt and still face down (674a.13(d))."""
        dealt = len(self.state.hands.get(COMMUNITY, []))
        return [p for p in CROSS[:dealt] if p not in self.state.turned]

    # -- what may be done and seen ------------------------------------------------------
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """Each command offered exactly where its check passes, with what it allows."""
        if not isinstance(actor, int):
            return self._dealer_commands()
        state, seat = self.state, actor
        if state.phase not in DECISION_PHASES:  # the only phases where these checks may pass
            return []  # before "no more bets" the withdrawals are the wagering base's
        spot = checked(self.check_decision, seat, seat)
        if spot is None:
            return []
        bound = self.wager_bound(seat, spot)
        amount = Amount(low=bound.low, high=bound.high)
        cite = BET_SECTIONS[spot]
        return [
            offer("PlaceWager", cite, seat=seat, spot=choice([spot]), amount=amount),
            offer("Fold", cite, seat=seat).giving_up(),
        ]

    def _dealer_commands(self) -> list[LegalCommand]:
        """Each command offered exactly where its check passes, with what it allows."""
        s = SECTIONS
        legal: list[LegalCommand] = []
        phase = self.state.phase  # each check asked only in the phase it requires
        step = checked(self.check_reveal, DEALER) if phase in REVEAL_PHASES else None
        if step is not None:
            cites = (s.reveal_across, s.reveal_down, s.reveal_middle)
            legal.append(offer("RevealCommunityCards", cites[step]))
        legal += self.card_commands()
        # check_irregularity, for the dealer: whether _why_not_irregularity says why not.
        kinds = [
            kind
            for kind in Irregularity
            if kind is not Irregularity.COMMUNITY_CARD_EXPOSED
            and self._why_not_irregularity(kind) is None
        ]
        if kinds:
            cite = "; ".join(self._irregularity_cite(kind) for kind in kinds)
            legal.append(offer("DeclareIrregularity", cite, irregularity=choice(kinds)))
        if self._why_not_irregularity(Irregularity.COMMUNITY_CARD_EXPOSED) is None:
            legal.append(
                offer(
                    "DeclareIrregularity",
                    s.exposed,
                    irregularity=choice([Irregularity.COMMUNITY_CARD_EXPOSED]),
                    position=choice(self._exposable()),
                )
            )
        return legal

    def visible(self, actor: Actor | None, hand: HandId, position: int) -> bool:
        """Whether ``actor`` may see card ``position`` of ``hand``: the dealer sees
        everything; others see community cards once turned up and players' cards turned
        up at settlement; a player sees his own two cards once dealt and the stub is
        gone (674a.11(a))."""
        state = self.state
        if actor == DEALER:
            return True
        if hand == COMMUNITY:
            return CROSS[position] in state.turned
        if hand in state.turned_up:
            return True
        return hand == actor and state.examined

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """What ``actor`` may see (JSON-ready): ``None`` is the public view, a seat adds
        its own two cards after the deal, ``"dealer"`` is the surveillance view with the
        stack. Hidden cards are ``null``; the stack and face-down cards of others never
        appear in a player's or the public view."""
        state = self.state
        hands = self.visible_hands(actor)
        cross = {str(CROSS[n]): value for n, value in enumerate(hands.pop(COMMUNITY, []))}
        view: dict[str, Any] = {
            **self.card_view(actor),
            "decisions": {
                str(seat): {str(spot): d for spot, d in made.items()}
                for seat, made in state.decisions.items()
            },
            "to_act": state.to_act(),
            "cross": cross,
            "hands": hands,
            "collected": sorted(state.collected),
            "face_up_discards": [str(card) for card in state.face_up],
            "stub_counted": state.stub_counted,
            "results": {
                str(seat): {"across": across, "down": down}
                for seat, (across, down) in state.turned_up.items()
            },
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
            "void_reason": state.void_reason,
        }
        if actor == DEALER:
            view |= self.dealer_view()
        return view


# --- the table ---------------------------------------------------------------------------
@dataclass
class CrissCrossPokerTable(CardTable):
    """A Criss-Cross Poker table across rounds (no I/O; the clock is passed in): the
    decks (one, or two alternating with an automated shuffler, 674a.3(b)), their time in
    use (674a.3(c)), the stub count due every 5 rounds (674a.8(f)), devices out of order
    (674a.13(g)) and the discard rack, one deck's cards at a time (674a.3(b)(4))."""

    rules: CrissCrossPokerRules
    out_of_order: set[Device] = field(default_factory=set)
    sections = SECTIONS
    inspection = "674a.4"
    device_type = Device

    def default_setup(self) -> SetUpRound:
        return default_setup(self.rules)

    @property
    def shuffling(self) -> Shuffling:
        if Device.SHUFFLER in self.out_of_order:
            return Shuffling.MANUAL
        return self.rules.shuffling

    def setup(self) -> SetUpRound:
        """The equipment of the next round (674a.3(b)(3), 674a.8(f), 674a.13(g))."""
        counts = self.rules.shuffler_counts and self.shuffling is Shuffling.AUTOMATED
        self.rotation.shuffler_counts = counts
        return SetUpRound(
            deck=self.rotation.current.color,
            shuffling=self.shuffling,
            shuffler_counts=counts,
            dealing_procedure=self.dealing_procedure,
            stub_count_due=self.rotation.stub_count_due(),
            out_of_order=tuple(sorted(self.out_of_order)),
        )

    def open_round(
        self, seats: dict[int, str], rng: Rng, round_id: str | None = None
    ) -> CrissCrossPokerRound:
        return CrissCrossPokerRound.open(
            self.rules,
            table_id=self.table_id,
            round_id=round_id or f"{self.table_id}-{self.rounds + 1:06d}",
            seats=seats,
            rng=rng,
            setup=self.setup(),
        )


__all__ = [
    "COMMUNITY",
    "PAYLINE_ORDER",
    "AnnounceNoMoreBets",
    "CardDealt",
    "CardDiscarded",
    "CommunityCardsTurned",
    "CountStub",
    "CrissCrossPokerCommand",
    "CrissCrossPokerEvent",
    "CrissCrossPokerRound",
    "CrissCrossPokerState",
    "CrissCrossPokerTable",
    "CutCards",
    "DealCards",
    "DeckCut",
    "DeckRemoved",
    "DeckShuffled",
    "DeclareIrregularity",
    "DiscardStub",
    "EquipmentOutOfOrder",
    "Fold",
    "Folded",
    "HandCollected",
    "HandsTurnedUp",
    "Irregularity",
    "IrregularityDeclared",
    "MisdealDetermined",
    "NoMoreBets",
    "Phase",
    "PlaceAntes",
    "PlaceWager",
    "RecutRequired",
    "RequireRecut",
    "ResolveMiscount",
    "RevealCommunityCards",
    "RoundSetup",
    "SetUpRound",
    "ShuffleCards",
    "ShuffleFailed",
    "StubCounted",
    "StubDiscarded",
    "VoidRound",
    "WagerWithdrawn",
    "WithdrawWager",
    "deal_plan",
    "default_setup",
    "higher_line",
]
