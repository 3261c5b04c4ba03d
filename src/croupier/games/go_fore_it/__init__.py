"""Go Fore It (58 Pa. Code ch. 676a).

A round, as the text runs:

1. **Wagers** (676a.7): each seated player places a Front 9 Wager to take part
   (676a.7(d)(1)) and may add a Skins Wager and a Gopher Wager; all before the dealer
   announces "no more bets" (676a.7(c)). One position per player (676a.7(e)).
2. **No more bets, shuffle and cut** (676a.5, 676a.8(b), 676a.9(b), 676a.10(a)(2)):
   croupier draws the stack order when the dealer shuffles, after "no more bets", and
   records it in :class:`DeckShuffled` (a dealer-only event: no player's view shows
   it). A manual shuffle is cut with the cover card at least ten cards in from the top
   (676a.5(d)); a floorperson may require a recut before the first card (676a.5(e)).
   An automated shuffler's shuffle is not cut (676a.5(c)(1)).
3. **The deal** (676a.8(b), 676a.9(b), 676a.10(b)): one card at a time clockwise from
   the dealer's left to each player with a Front 9 Wager and then the dealer, until
   each has four (the first two in front, the last two the hole cards); from an
   automated dealing shoe, one stack of four per hand, its top two the hole cards.
4. **The stub** (676a.8(c)-(f), 676a.9(c)-(f), 676a.10(c)-(f)): to the discard rack,
   counted at least once every 5 rounds unless the shuffler counts; a wrong count
   voids the round (and removes the deck unless it was a misdeal).
5. **Back 9 or fold** (676a.11(a)-(c)): each player sees his own front two cards; the
   dealer asks each in turn clockwise from the dealer's left for a Back 9 Wager equal
   to the Front 9 or a fold forfeiting it. Forfeited Front 9 Wagers are collected; a
   folded player's Skins and Gopher Wagers stay, his cards held under them.
6. **Reveal and settlement** (676a.11(d)-(e), 676a.12): the dealer's four cards are
   turned up; counterclockwise from the dealer's right each player's hand is turned up
   and totalled (676a.6), and the Front 9 and Back 9 (total at most par, 24), Skins
   (total less than the dealer's) and Gopher (an ace) Wagers are settled in that order.

Irregularities (676a.13) are declared by the dealer or the floor with
:class:`DeclareIrregularity`. A voided round returns every wager still in play.

A :class:`GoForeItTable` outlives rounds: the decks (one, or two alternating with an
automated shuffler), their time in use (676a.3(c)), the stub count every 5 rounds and
equipment put out of order (676a.13(g)). The round itself does no I/O.

A short round at one seat, the shuffle drawn from a seeded source (a table draws from its
sealed one): the seat bets $5 on the Front 9, the dealer announces "no more bets" and the
dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) shuffle, cut and deal; asked for a
Back 9 Wager equal to the Front 9 the seat folds and forfeits the Front 9 (676a.11(b)).

>>> from croupier.engine import DEALER
>>> from croupier.registry import find
>>> from croupier.rng import SeededRng
>>> from croupier.rules.go_fore_it import GoForeItRules
>>> steps = find("go-fore-it").policy.run_dealer_steps
>>> round_ = GoForeItRound.open(
...     GoForeItRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=SeededRng(0)
... )
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="front_9", amount=500), 1)]
['WagerPlaced']
>>> dealt = round_.handle(AnnounceNoMoreBets(), DEALER) + steps(round_)
>>> [e.type for e in dealt].count("CardDealt")
8
>>> events = round_.handle(Fold(seat=1), 1) + steps(round_)
>>> events[-1].type
'RoundCompleted'
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('front_9', 'lose', 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
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
from croupier.games._common import empty_seat, passes, settled
from croupier.games._wagering import BettingSections, Bound, added_bound, refuse_in_all
from croupier.games.card_table import CardTable
from croupier.games.cards import (
    INCOMPLETE_DECK_REASON,
    MISDEAL_REASON,
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
from croupier.games.go_fore_it.commands import (
    DeclareIrregularity,
    Fold,
    GoForeItCommand,
    Irregularity,
    RevealDealerHand,
)
from croupier.games.go_fore_it.events import (
    CardDealt,
    DealerHandRevealed,
    DeckShuffled,
    EquipmentOutOfOrder,
    Folded,
    GoForeItEvent,
    HandCollected,
    HandId,
    HandTurnedUp,
    IrregularityDeclared,
    RoundSetup,
)
from croupier.money import Cents, format_cents, payout, require_cents
from croupier.offers import Amount, choice, offer
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.rules.go_fore_it import (
    BACK_9_ODDS,
    CARDS_PER_HAND,
    FRONT_9_ODDS,
    FRONT_CARDS,
    PAR,
    PROCEDURE_SECTIONS,
    SECTIONS,
    SKINS_ODDS,
    Device,
    GoForeItRules,
    Score,
    Shuffling,
    Spot,
    aces,
    hand_total,
    score,
)

VOID_ROUND_CITE = "interpretations:void-round"


# --- state ---------------------------------------------------------------------------
class Phase(StrEnum):
    BETTING = "betting"
    SHUFFLE = "shuffle"
    """No more bets: the dealer shuffles."""
    CUT = "cut"
    """A manual shuffle awaits its cut."""
    DEAL = "deal"
    STUB = "stub"
    """Every hand has four cards: the stub goes to the discard rack (counted or not)."""
    MISCOUNT = "miscount"
    """The stub count was wrong: the dealer determines whether it was a misdeal."""
    DECISIONS = "decisions"
    """Back 9 or fold, clockwise from the dealer's left."""
    REVEAL = "reveal"
    COMPLETED = "completed"
    VOIDED = "voided"


@dataclass(kw_only=True)
class GoForeItState(CardState):
    """A round of Go Fore It as its events have left it (the card procedure's
    :class:`~croupier.games.cards.CardState` and the decisions and results of 676a.11)."""

    rules: GoForeItRules
    phase: Phase = Phase.BETTING
    shuffling: Shuffling = Shuffling.MANUAL
    out_of_order: set[Device] = field(default_factory=set)
    wagers: dict[int, dict[Spot, Cents]] = field(default_factory=dict)
    hands: dict[HandId, list[Card]] = field(default_factory=dict)
    plan: list[tuple[HandId, int]] = field(default_factory=list)
    decisions: dict[int, Literal["back_9", "fold"]] = field(default_factory=dict)
    collected: dict[int, Literal["discard_rack", "under_wagers"]] = field(default_factory=dict)
    dealer_revealed: bool = False
    turned_up: dict[int, tuple[int, Score]] = field(default_factory=dict)
    """Seat -> (total, score) of each hand turned up at settlement."""

    def to_act(self) -> int | None:
        """The seat the dealer asks now for Back 9 or fold (676a.11(b)), or ``None``."""
        if self.phase is not Phase.DECISIONS:
            return None
        return next((seat for seat in self.players if seat not in self.decisions), None)

    def next_delivery(self) -> list[tuple[HandId, int]]:
        """The next card (manual shoe, hand) or stack of four (automated dealing shoe) to
        deal, as (hand, position); empty once the deal is complete."""
        size = CARDS_PER_HAND if self.procedure is DealingProcedure.AUTOMATED_SHOE else 1
        return self.plan[self.dealt : self.dealt + size]


def deal_plan(procedure: DealingProcedure, players: tuple[int, ...]) -> list[tuple[HandId, int]]:
    """Every card of the deal in order, (hand, position): one card at a time clockwise
    from the dealer's left, the dealer last (676a.8(b), 676a.9(b)), or a stack of four
    per hand (676a.10(b)). ``players`` are the seats dealt in, clockwise."""
    names = [str(seat) for seat in players] + [DEALER]
    return [
        (DEALER if hand == DEALER else int(hand), n)
        for hand, n in deal_order(procedure, names, CARDS_PER_HAND)
    ]


def default_setup(rules: GoForeItRules) -> RoundSetup:
    """The equipment of a round under ``rules`` with the first deck and the stub count
    due (a table that keeps count across rounds passes its own, see
    :class:`GoForeItTable`)."""
    return RoundSetup(
        deck=rules.deck_colors[0],
        shuffling=rules.shuffling,
        shuffler_counts=rules.shuffler_counts,
        dealing_procedure=rules.dealing_procedure,
        stub_count_due=not rules.shuffler_counts,
        cite=SECTIONS.two_decks if rules.decks == 2 else SECTIONS.one_deck,
    )


def _check_setup(rules: GoForeItRules, setup: RoundSetup) -> None:
    """Raise :class:`IllegalCommand` unless ``setup`` is what ``rules`` allow, allowing
    for equipment signed out of order (676a.13(g))."""
    s = SECTIONS
    cites = {s.one_deck, s.two_decks, s.alternate} if rules.decks == 2 else {s.one_deck}
    if setup.cite not in cites:
        raise IllegalCommand(
            f"the equipment of a round is set under {' or '.join(sorted(cites))}, "
            f"not {setup.cite!r}",
            s.two_decks if rules.decks == 2 else s.one_deck,
        )
    shared.check_setup(rules, setup, s)


# --- the round -----------------------------------------------------------------------
class GoForeItRound(CardRound[GoForeItState]):
    """One round of Go Fore It under a :class:`GoForeItRules`.

    Open it with :meth:`open` (a :class:`GoForeItTable` does, with the table's deck
    and stub count); drive it with :meth:`handle`. Seats are numbered from 1 at the
    dealer's left.
    """

    game = "go-fore-it"
    rules_type = GoForeItRules
    event_adapter = TypeAdapter(list[GoForeItEvent])
    command_adapter = TypeAdapter(GoForeItCommand)
    sections = SECTIONS
    procedures = PROCEDURE_SECTIONS
    phases = CardPhases.of(Phase, after_stub=Phase.DECISIONS)
    deck_shuffled = DeckShuffled
    card_dealt = CardDealt
    equipment_out_of_order = EquipmentOutOfOrder
    spot_type = Spot
    title = "Go Fore It"
    entry_spot = Spot.FRONT_9
    entry_words = "a Front 9 Wager"
    withdrawal_rule = SECTIONS.before_no_more_bets
    """676a.7(c): a wager may not be withdrawn after "no more bets" (and so may before)."""

    @property
    def betting_sections(self) -> BettingSections:
        s = SECTIONS
        return BettingSections(
            seated=s.seated_only,
            wagers=s.wagers,
            closed=s.before_no_more_bets,
            no_more_bets=self.procedure_sections().no_more_bets,
            void=VOID_ROUND_CITE,
            over=s.discard_rack,
            none_wagered=s.front_9,
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
        setup: RoundSetup | None = None,
    ) -> Self:
        """A new round at ``table_id`` with ``seats`` (seat -> player id) seated.

        ``setup`` is the equipment of the round (default: :func:`default_setup`). Raises
        :class:`InvalidWager` if one player holds two positions (676a.7(e)),
        :class:`~croupier.errors.RulesSubmissionError` for a seat the table does not
        have (676a.2(a)), :class:`IllegalCommand` for a setup the rules do not allow.
        """
        if not isinstance(rules, GoForeItRules):
            raise TypeError(f"{cls.game} needs GoForeItRules, not {type(rules)}")
        check_positions(seats, SECTIONS)
        setup = setup if setup is not None else default_setup(rules)
        _check_setup(rules, setup)
        round_ = super().open(
            rules,
            table_id=table_id,
            round_id=round_id,
            seats=seats,
            rng=rng,
            physical_dice=physical_dice,
        )
        round_.state = round_.evolve(round_.state, setup)
        round_.events.append(setup)
        return round_

    def opening(self, events: Sequence[Event]) -> Iterator[Event]:
        """On replay: the stored RoundSetup, checked as :meth:`open` checks it."""
        setup = events[1] if len(events) > 1 else None
        if not isinstance(setup, RoundSetup):
            raise ReplayError(
                "event 1 of a Go Fore It round is its RoundSetup (the table's equipment)",
                "engine:replay",
            )
        check_positions(self.state.seats, SECTIONS)
        _check_setup(self.rules, setup)
        yield setup

    @property
    def rules(self) -> GoForeItRules:
        return self.state.rules

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: GoForeItRules) -> GoForeItState:
        return GoForeItState(rules=rules, seats=dict(opened.seats))

    def deal_plan(
        self, procedure: DealingProcedure, players: tuple[int, ...]
    ) -> list[tuple[HandId, int]]:
        return deal_plan(procedure, players)

    def evolve(self, state: GoForeItState, event: Event) -> GoForeItState:
        if self.evolve_cards(state, event):
            return state
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                self._expect(state, event, Phase.BETTING, Phase.DECISIONS)
                wagers = state.wagers.setdefault(seat, {})
                wagers[Spot(spot)] = wagers.get(Spot(spot), 0) + amount
                if state.phase is Phase.DECISIONS:
                    self._decide(state, seat, "back_9")
            case RoundSetup():
                if state.deck:
                    raise ReplayError("a round has one RoundSetup", "engine:replay")
                self.set_up(state, event)
            case IrregularityDeclared():
                pass
            case Folded(seat=seat):
                self._expect(state, event, Phase.DECISIONS)
                self._decide(state, seat, "fold")
            case HandCollected(seat=seat, to=to):
                self._expect(state, event, Phase.REVEAL)
                state.collected[seat] = to
                if to == "discard_rack":
                    state.discard_rack.place(f"seat {seat}", state.hands[seat])
            case DealerHandRevealed():
                self._expect(state, event, Phase.REVEAL)
                state.dealer_revealed = True
            case HandTurnedUp(seat=seat, total=total, score=hand_score):
                self._expect(state, event, Phase.REVEAL)
                state.turned_up[seat] = (total, hand_score)
            case RoundCompleted():
                self._expect(state, event, Phase.REVEAL)
                for hand, cards in state.hands.items():
                    if hand == DEALER:
                        state.discard_rack.place(DEALER, cards)
                    elif state.collected.get(hand) != "discard_rack":
                        state.discard_rack.place(f"seat {hand}", cards)
                state.phase = Phase.COMPLETED
            case _:
                raise ReplayError(f"{event!r} is not a Go Fore It event", "engine:replay")
        return state

    def game_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case Folded(seat=seat):
                return Fold(seat=seat), seat, None
            case DeckRemoved(counted=counted):
                return ShuffleCards(device_count=counted), DEALER, None
            case IrregularityDeclared(irregularity=kind, hand=hand, card=card):
                return DeclareIrregularity(irregularity=kind, hand=hand, card=card), DEALER, None
            case DealerHandRevealed():
                return RevealDealerHand(), DEALER, None
        return None

    @staticmethod
    def _decide(state: GoForeItState, seat: int, decision: Literal["back_9", "fold"]) -> None:
        if state.to_act() != seat:
            raise ReplayError(f"seat {seat} does not decide now", "engine:replay")
        state.decisions[seat] = decision
        if state.to_act() is None:
            state.phase = Phase.REVEAL

    # -- commands ---------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        """The wagering base's, but a Back 9 Wager is a decision when the dealer asks."""
        match command:
            case PlaceWager(seat=seat, spot=Spot.BACK_9) if self.state.phase is Phase.DECISIONS:
                yield self._back_9(seat, actor, command.amount)
                yield from self._after_decision(seat)
            case _:
                yield from super().decide(command, actor)

    def decide_game(self, command: Command, actor: Actor) -> Iterator[Event]:
        match command:
            case Fold(seat=seat):
                self.check_decision(seat, actor)
                yield Folded(seat=seat, cite=SECTIONS.decision)
                yield from self._after_decision(seat)
            case RevealDealerHand():
                yield from self._reveal(actor)
            case DeclareIrregularity():
                yield from self._irregularity(command, actor)
            case _:
                raise NotYourTurn(
                    f"{type(command).__name__} is not a Go Fore It command", SECTIONS.wagers
                )

    # -- wagers: the wagering base's hooks ------------------------------------------------
    def wager_bound(self, seat: int, spot: str) -> Bound:
        """The one limit hook: what a wager by ``seat`` on ``spot`` may add before "no
        more bets" (to the spot's limits in all; the offer cites 676a.7(c) where it adds to
        a wager), and the Back 9 Wager, equal to the Front 9 (676a.11(b)), when the dealer
        asks ``seat`` for it; refuses the Back 9 spot before, and Skins or Gopher without
        a Front 9 Wager (676a.5)."""
        s = SECTIONS
        if spot == Spot.BACK_9:
            if self.state.phase is not Phase.DECISIONS:
                raise InvalidWager(
                    "the Back 9 Wager is made only after the player has viewed his first two "
                    'cards, when the dealer asks; every other wager goes before "no more bets"',
                    s.before_no_more_bets,
                )
            self.check_decision(seat, seat)
            front = self.state.wagers[seat][Spot.FRONT_9]
            return Bound(front, front, s.back_9)
        wagers = self.wagers_of(seat)
        if spot != Spot.FRONT_9 and Spot.FRONT_9 not in wagers:
            raise InvalidWager(
                f"a {self.wager_words(Spot(spot))} needs a Front 9 Wager first: the Front 9 "
                "Wager is required to participate in a round of play",
                s.front_9,
            )
        held = wagers.get(spot, 0)
        cite = s.before_no_more_bets if held else self.placed_cite(spot)
        return added_bound(*self.rules.limits(Spot(spot)), held, cite)

    def offered_spots(self, seat: int) -> tuple[str, ...]:
        # Skins and Gopher need a Front 9 Wager (wager_bound): not asked without one.
        if self.wagers_of(seat):
            return (Spot.FRONT_9, Spot.SKINS, Spot.GOPHER)
        return (Spot.FRONT_9,)

    def amount_terms(self, spot: str) -> tuple[str, str]:
        return f"a {self.wager_words(Spot(spot))}", self.placed_cite(spot)

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        limits = self.rules.limits(Spot(spot))
        held = self.wagers_of(seat).get(spot, 0)
        cite = self.placed_cite(spot)
        wager = f"a {self.wager_words(Spot(spot))}"
        return refuse_in_all(wager, limits, held, amount, cite, in_all=" in all")

    def wager_words(self, spot: StrEnum) -> str:
        """The wager as 676a.7(d) names it: ``"Skins Wager"``, ``"Front 9 Wager"``."""
        return f"{str(spot).replace('_', ' ').title()} Wager"

    def placed_cite(self, spot: str) -> str:
        s = SECTIONS
        return {
            Spot.FRONT_9: s.front_9,
            Spot.BACK_9: s.back_9,
            Spot.SKINS: s.skins,
            Spot.GOPHER: s.gopher,
        }[Spot(spot)]

    def check_withdraw_order(self, spot: str, wagers: Mapping[str, Cents]) -> None:
        """The Front 9 Wager goes last (676a.5)."""
        if spot is Spot.FRONT_9 and len(wagers) > 1:
            raise InvalidWager(
                "withdraw the Skins and Gopher Wagers first: they need the Front 9 Wager, "
                "which is required to participate",
                SECTIONS.front_9,
            )

    def check_decision(self, seat: int, actor: Actor) -> None:
        """Refuse a Back 9 Wager or a fold but from the player the dealer asks now
        (676a.9(b))."""
        s, state = SECTIONS, self.state
        if actor == DEALER:
            raise OtherSeat(
                f"only the player at seat {seat} decides between Back 9 and fold",
                s.decision,
            )
        if self.seat_empty(seat, state.seats):
            raise empty_seat(seat, s.decision)
        if actor != seat:
            raise OtherSeat(
                f"seat {actor} may not decide for seat {seat}: each player is asked for "
                "his own hand",
                s.decision,
            )
        if state.phase is not Phase.DECISIONS:
            raise NotYourTurn(
                "the dealer asks for Back 9 Wagers only after the deal, once each player "
                "has examined his first two cards",
                s.decision,
            )
        if seat not in state.players:
            raise NotYourTurn(f"seat {seat} placed no Front 9 Wager and has no hand", s.decision)
        current = state.to_act()
        if seat != current:
            raise NotYourTurn(
                "the dealer asks each player in turn, clockwise from the dealer's left: "
                f"seat {current} decides now, not {seat}",
                s.decision,
            )

    def _back_9(self, seat: int, actor: Actor, amount: object) -> WagerPlaced:
        s = SECTIONS
        self.check_decision(seat, actor)
        bound = self.wager_bound(seat, Spot.BACK_9)
        value = require_cents(amount, "a Back 9 Wager", s.back_9)
        if not bound.low <= value <= bound.high:
            raise InvalidWager(
                f"a Back 9 Wager must equal the Front 9 Wager of {format_cents(bound.low)}, not "
                f"{format_cents(value)}",
                s.back_9,
            )
        return WagerPlaced(seat=seat, spot=Spot.BACK_9.value, amount=value, cite=s.decision)

    def _after_decision(self, seat: int) -> Iterator[Event]:
        """Once every player has decided: collect forfeited Front 9 Wagers and the folded
        players' cards (676a.11(c))."""
        s, state = SECTIONS, self.state
        if state.phase is not Phase.REVEAL:
            return
        for folded in [p for p in state.players if state.decisions[p] == "fold"]:
            yield self._lose(folded, Spot.FRONT_9, state.wagers[folded][Spot.FRONT_9], s.collect)
            side = set(state.wagers.get(folded, {})) & {Spot.SKINS, Spot.GOPHER}
            yield HandCollected(
                seat=folded,
                to="under_wagers" if side else "discard_rack",
                cite=s.hold_folded if side else s.rack_folded,
            )

    # -- the dealer's procedure ---------------------------------------------------------
    def check_reveal(self, actor: Actor) -> None:
        """Refuse the dealer's reveal but by the dealer, once every player has decided."""
        s, state = SECTIONS, self.state
        self._dealer_only(actor, "reveal the dealer's hand", s.reveal)
        if state.phase is Phase.DECISIONS:
            raise NotYourTurn(
                f"seat {state.to_act()} has not yet made a Back 9 Wager or folded",
                s.collect,
            )
        self._phase(Phase.REVEAL, "reveal the dealer's hand", s.reveal)

    # -- reveal and settlement ----------------------------------------------------------
    def _reveal(self, actor: Actor) -> Iterator[Event]:
        s, state, rules = SECTIONS, self.state, self.rules
        self.check_reveal(actor)
        dealer = tuple(state.hands[DEALER])
        dealer_total = hand_total(dealer)
        yield DealerHandRevealed(cards=dealer, total=dealer_total, cite=s.reveal)
        for seat in sorted(state.players, reverse=True):
            wagers = dict(state.wagers.get(seat, {}))
            if not wagers:
                continue
            cards = tuple(state.hands[seat])
            total = hand_total(cards)
            hand_score = score(total)
            yield HandTurnedUp(
                seat=seat,
                cards=cards,
                total=total,
                score=hand_score,
                cite=f"{s.turn_up}; {s.total}",
            )
            if Spot.BACK_9 in wagers:
                front, back = wagers[Spot.FRONT_9], wagers[Spot.BACK_9]
                if total <= PAR:
                    odds = BACK_9_ODDS[hand_score]
                    yield self._win(seat, Spot.FRONT_9, front, FRONT_9_ODDS, s.front_9_odds)
                    yield self._win(seat, Spot.BACK_9, back, odds, s.back_9_odds)
                else:
                    yield self._lose(seat, Spot.FRONT_9, front, s.lose_front_back)
                    yield self._lose(seat, Spot.BACK_9, back, s.lose_front_back)
            if Spot.SKINS in wagers:
                if total < dealer_total:
                    yield self._win(seat, Spot.SKINS, wagers[Spot.SKINS], SKINS_ODDS, s.skins_odds)
                else:
                    yield self._lose(seat, Spot.SKINS, wagers[Spot.SKINS], s.lose_skins)
            if Spot.GOPHER in wagers:
                found = aces(cards)
                if found:
                    odds = rules.gopher_odds[found]
                    yield self._win(seat, Spot.GOPHER, wagers[Spot.GOPHER], odds, s.gopher_odds)
                else:
                    yield self._lose(seat, Spot.GOPHER, wagers[Spot.GOPHER], s.lose_gopher)
        yield RoundCompleted(cite=s.discard_rack)

    def _win(self, seat: int, spot: Spot, amount: Cents, odds: Fraction, cite: str) -> WagerSettled:
        won = payout(amount, odds, self.rules.payout_rounding)
        return settled(seat, spot.value, amount, cite, odds, won)

    # -- irregularities -----------------------------------------------------------------
    def _irregularity(self, command: DeclareIrregularity, actor: Actor) -> Iterator[Event]:
        kind = command.irregularity
        cite = self.check_irregularity(kind, actor)
        declared = IrregularityDeclared(irregularity=kind, cite=cite)
        match kind:
            case Irregularity.WRONG_NUMBER_OF_CARDS:
                yield declared
                yield from self._void("a hand was dealt an incorrect number of cards", cite)
            case Irregularity.CARD_EXPOSED:
                hand, position = command.hand, command.card
                problem = self._why_not_exposed(hand, position)
                if problem is not None:
                    raise IllegalCommand(problem, cite)
                yield declared.model_copy(update={"hand": hand, "card": position})
                whose = "the dealer's card" if hand == DEALER else f"a hole card of position {hand}"
                yield from self._void(f"{whose} was exposed before every decision", cite)
            case _:
                yield from self.card_irregularity(kind, declared, cite)

    def check_irregularity(self, kind: Irregularity, actor: Actor) -> str:
        """The section ``kind`` cites; refuses it but from the dealer, where
        :meth:`_why_not_irregularity` says why not (an exposed card's hand and card are
        checked apart, by :meth:`_why_not_exposed`)."""
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
            Irregularity.CARD_EXPOSED: s.exposed,
            Irregularity.SHUFFLER_JAM: s.shuffler_jam,
            Irregularity.DEALING_SHOE_FAULT: s.shoe_fault,
            Irregularity.SHUFFLER_OUT_OF_ORDER: s.out_of_order,
            Irregularity.DEALING_SHOE_OUT_OF_ORDER: s.out_of_order,
        }[kind]

    def _why_not_irregularity(self, kind: Irregularity) -> str | None:
        """Why ``kind`` cannot be declared now, or ``None`` if it can."""
        state = self.state
        phase = state.phase
        undecided = phase in (Phase.DEAL, Phase.STUB, Phase.MISCOUNT, Phase.DECISIONS)
        match kind:
            case Irregularity.WRONG_NUMBER_OF_CARDS:
                if not (undecided and state.deal_started()):
                    return (
                        "an incorrect number of cards voids the round only once cards are "
                        "dealt and before every player has decided"
                    )
            case Irregularity.CARD_EXPOSED:
                if not undecided:
                    return (
                        "an exposed card voids the round only before each player has folded "
                        "or placed a Back 9 Wager"
                    )
                if not self._exposable():
                    return "no dealer's card or hole card has been dealt yet"
            case _:
                return self.why_not_card_irregularity(kind)
        return None

    def _exposable(self) -> list[tuple[HandId, int]]:
        """Every dealt card whose exposure voids the round: the dealer's, and the players'
        hole cards (676a.13(d))."""
        found: list[tuple[HandId, int]] = []
        for hand, cards in self.state.hands.items():
            for position in range(len(cards)):
                if hand == DEALER or position >= FRONT_CARDS:
                    found.append((hand, position))
        return found

    def _why_not_exposed(self, hand: HandId | None, position: int | None) -> str | None:
        if hand is None or position is None:
            return "name the hand ('dealer' or a seat) and the card (0 to 3) that was exposed"
        if (hand, position) in self._exposable():
            return None
        if hand != DEALER and position in range(FRONT_CARDS) and hand in self.state.hands:
            return (
                "a player's front cards are his to examine: only the dealer's cards and the "
                "players' hole cards void the round when exposed"
            )
        return f"there is no dealt card {position} in hand {hand!r}"

    # -- what may be done and seen ------------------------------------------------------
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """Each command offered exactly where its check passes, with what it allows."""
        if not isinstance(actor, int):
            return self._dealer_commands()
        s, state, seat = SECTIONS, self.state, actor
        # DECISIONS is the only phase where check_decision may pass.
        if state.phase is not Phase.DECISIONS or not passes(self.check_decision, seat, seat):
            return []  # before "no more bets" the withdrawals are the wagering base's
        bound = self.wager_bound(seat, Spot.BACK_9)
        back = Amount(low=bound.low, high=bound.high)
        return [
            offer("PlaceWager", s.back_9, seat=seat, spot=Spot.BACK_9, amount=back),
            offer("Fold", s.decision, seat=seat).giving_up(),
        ]

    def _dealer_commands(self) -> list[LegalCommand]:
        """Each command offered exactly where its check passes, with what it allows."""
        s = SECTIONS
        legal: list[LegalCommand] = []
        phase = self.state.phase  # each check asked only in the phase it requires
        if phase is Phase.REVEAL and passes(self.check_reveal, DEALER):
            legal.append(offer("RevealDealerHand", s.reveal))
        legal += self.card_commands()
        # check_irregularity, for the dealer: whether _why_not_irregularity says why not.
        kinds = [
            kind
            for kind in Irregularity
            if kind is not Irregularity.CARD_EXPOSED and self._why_not_irregularity(kind) is None
        ]
        if kinds:
            cite = "; ".join(self._irregularity_cite(kind) for kind in kinds)
            legal.append(offer("DeclareIrregularity", cite, irregularity=choice(kinds)))
        if self._why_not_irregularity(Irregularity.CARD_EXPOSED) is None:
            exposable: dict[HandId, list[int]] = {}
            for hand, position in self._exposable():
                exposable.setdefault(hand, []).append(position)
            legal += [
                offer(
                    "DeclareIrregularity",
                    s.exposed,
                    irregularity=Irregularity.CARD_EXPOSED,
                    hand=hand,
                    card=choice(positions, lambda n: f"Card {n + 1}"),
                )
                for hand, positions in exposable.items()
            ]
        return legal

    def visible(self, actor: Actor | None, hand: HandId, position: int) -> bool:
        """Whether ``actor`` may see card ``position`` of ``hand``: the dealer view sees
        everything; others see face-up cards (the dealer's after the reveal, hands turned
        up at settlement) and a player sees his own front two cards once dealt and
        examined (676a.11(a))."""
        state = self.state
        if actor == DEALER:
            return True
        if hand == DEALER:
            return state.dealer_revealed
        if hand in state.turned_up:
            return True
        return hand == actor and position < FRONT_CARDS and state.examined

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """What ``actor`` may see (JSON-ready): ``None`` is the public view (wagers,
        decisions, face-up cards, results), a seat adds its own front two cards after the
        deal, and ``"dealer"`` is the surveillance view with every card and the stack.

        Hidden cards are ``null``; the stack, the stub and face-down cards of others never
        appear in a player's or the public view.
        """
        state = self.state
        hands = self.visible_hands(actor)
        dealer_total = hand_total(state.hands[DEALER]) if state.dealer_revealed else None
        view: dict[str, Any] = {
            **self.card_view(actor),
            "decisions": {str(seat): decision for seat, decision in state.decisions.items()},
            "to_act": state.to_act(),
            "hands": hands,
            "collected": {str(seat): to for seat, to in state.collected.items()},
            "face_up_discards": [str(card) for card in state.face_up],
            "stub_counted": state.stub_counted,
            "dealer_total": dealer_total,
            "results": {
                str(seat): {"total": total, "score": str(hand_score)}
                for seat, (total, hand_score) in state.turned_up.items()
            },
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
            "void_reason": state.void_reason,
        }
        if actor == DEALER:
            view |= self.dealer_view()
        return view


# --- the table -------------------------------------------------------------------------
@dataclass
class GoForeItTable(CardTable):
    """A Go Fore It table across rounds (tables outlive rounds; no I/O, the clock is
    passed in).

    It keeps the decks (one, or two of different back colours alternating round by
    round with an automated shuffler, 676a.3(b)), when each was opened (changed at least
    every 4 hours dealt by hand, 8 from a shoe, 676a.3(c)), the stub count due at least
    once every 5 rounds when the shuffler does not count (676a.8(d)), the devices
    signed out of order (676a.13(g)) and the discard rack, which holds one deck's cards
    at a time (676a.3(b)(4)).
    """

    rules: GoForeItRules
    out_of_order: set[Device] = field(default_factory=set)
    sections = SECTIONS
    inspection = "676a.4"
    device_type = Device

    def default_setup(self) -> RoundSetup:
        return default_setup(self.rules)

    def carried_fields(self) -> dict[str, Any]:
        """The decks alternating (676a.3(b)(3)), or one deck (676a.3(a))."""
        two = len(self.rotation.decks) == 2
        return {"cite": SECTIONS.alternate if two else SECTIONS.one_deck}

    @property
    def shuffling(self) -> Shuffling:
        """The shuffle in use: the rules', or by hand once the shuffler is out of order."""
        if Device.SHUFFLER in self.out_of_order:
            return Shuffling.MANUAL
        return self.rules.shuffling

    def setup(self) -> RoundSetup:
        """The equipment of the next round (676a.3(b)(3), 676a.8(d), 676a.13(g))."""
        counts = self.rules.shuffler_counts and self.shuffling is Shuffling.AUTOMATED
        self.rotation.shuffler_counts = counts
        two = len(self.rotation.decks) == 2
        return RoundSetup(
            deck=self.rotation.current.color,
            shuffling=self.shuffling,
            shuffler_counts=counts,
            dealing_procedure=self.dealing_procedure,
            stub_count_due=self.rotation.stub_count_due(),
            out_of_order=tuple(sorted(self.out_of_order)),
            cite=SECTIONS.alternate if two else SECTIONS.one_deck,
        )

    def open_round(
        self, seats: dict[int, str], rng: Rng, round_id: str | None = None
    ) -> GoForeItRound:
        """The next round with ``seats`` seated (see :meth:`GoForeItRound.open`)."""
        return GoForeItRound.open(
            self.rules,
            table_id=self.table_id,
            round_id=round_id or f"{self.table_id}-{self.rounds + 1:06d}",
            seats=seats,
            rng=rng,
            setup=self.setup(),
        )

    def change_deck(self, color: str, now: datetime) -> None:
        """Replace the deck of back colour ``color`` (676a.3(c))."""
        self.rotation.change(color, now)


__all__ = [
    "INCOMPLETE_DECK_REASON",
    "MISDEAL_REASON",
    "AnnounceNoMoreBets",
    "CardDealt",
    "CardDiscarded",
    "CountStub",
    "CutCards",
    "DealCards",
    "DealerHandRevealed",
    "DeckCut",
    "DeckRemoved",
    "DeckShuffled",
    "DeclareIrregularity",
    "DiscardStub",
    "EquipmentOutOfOrder",
    "Fold",
    "Folded",
    "GoForeItCommand",
    "GoForeItEvent",
    "GoForeItRound",
    "GoForeItState",
    "GoForeItTable",
    "HandCollected",
    "HandId",
    "HandTurnedUp",
    "Irregularity",
    "IrregularityDeclared",
    "NoMoreBets",
    "Phase",
    "PlaceWager",
    "RecutRequired",
    "RequireRecut",
    "ResolveMiscount",
    "RevealDealerHand",
    "RoundSetup",
    "ShuffleCards",
    "ShuffleFailed",
    "StubCounted",
    "StubDiscarded",
    "VoidRound",
    "WagerWithdrawn",
    "WithdrawWager",
    "deal_plan",
    "default_setup",
]
