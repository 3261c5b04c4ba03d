"""One round of Double Back Jack (58 Pa. Code ch. 673a) and the checks and plans it uses
to open and deal: the boxes, the shoe handed to it, the order of the deal.

A short round at one box, the shuffle drawn from a seeded source (a table draws from its
sealed one): the dealer's steps that need no one's choice
(:meth:`~croupier.game.TablePolicy.run_dealer_steps`) shuffle, cut, load the shoe and
burn a card; the box bets $10 on the Blackjack Wager, the cards are dealt, the box stands
on Q K (20) and the dealer stands on 9 8 (17): the box wins, paid 1 to 1 (673a.12(a)).

>>> from croupier.engine import DEALER
>>> from croupier.games.double_back_jack import DealCards, Decide, Decision, PlaceWager
>>> from croupier.registry import find
>>> from croupier.rng import SeededRng
>>> from croupier.rules.double_back_jack import DoubleBackJackRules
>>> steps = find("double-back-jack").policy.run_dealer_steps
>>> round_ = DoubleBackJackRound.open(
...     DoubleBackJackRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=SeededRng(2)
... )
>>> [e.type for e in steps(round_)]
['DeckShuffled', 'DeckCut', 'ShoeLoaded', 'CardBurned']
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="blackjack", amount=1000), 1)]
['WagerPlaced']
>>> [e.type for e in round_.handle(DealCards(), DEALER) + steps(round_)]
['DealStarted', 'CardDealt', 'CardDealt', 'CardDealt', 'CardDealt']
>>> box, dealer = round_.state.hands[(1, 0)].cards, round_.state.dealer
>>> [str(card) for card in box], [str(card) for card in dealer]
(['Qs', 'Ks'], ['9c', '8c'])
>>> events = round_.handle(Decide(seat=1, decision=Decision.STAND), 1) + steps(round_)
>>> [e.type for e in events]  # doctest: +NORMALIZE_WHITESPACE
['PlayerDecided', 'HoleCardTurned', 'DealerHandComplete', 'SettlementBegun',
 'WagerSettled', 'RoundCompleted']
>>> [(s.spot, s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
[('blackjack', 'win', 1000, 1000)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter

from croupier.citations import shown
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
from croupier.equipment.cards import (
    Card,
    cover_positions,
    cut,
    cut_positions,
    insert_cover_card,
    shoe,
    shuffled,
)
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, OtherSeat, ReplayError
from croupier.games._common import (
    checked,
    dealer_for,
    dealer_only,
    empty_seat,
    expect_phase,
    no_spot,
    passes,
    require_phase,
    view_head,
    void_events,
)
from croupier.games._wagering import (
    BettingSections,
    Bound,
    WageringRound,
    as_placed,
    offers_by_check,
    refuse_in_all,
    take_wager,
)
from croupier.games.cards import CardDiscarded, DeckShuffled, RecutRequired, ShuffleFailed
from croupier.games.double_back_jack.commands import (
    AcceptCut,
    BurnCard,
    CutCards,
    DealCards,
    Decide,
    Decision,
    DeclareIrregularity,
    DoubleBackJackCommand,
    Irregularity,
    LoadShoe,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    RequireRecut,
    SettleWagers,
    ShuffleCards,
)
from croupier.games.double_back_jack.events import (
    CardBurned,
    CardDealt,
    CoverCardReached,
    CutAccepted,
    CutRefused,
    DealerHandComplete,
    DealerTotalAnnounced,
    DealStarted,
    DeckCut,
    DoubleBackJackEvent,
    HandDiscarded,
    HoleCardRead,
    HoleCardTurned,
    IrregularityDeclared,
    PlayerDecided,
    RequestedCardMissed,
    RoundSetup,
    SettlementBegun,
    ShoeExhausted,
    ShoeLoaded,
    ShufflerOutOfOrder,
)
from croupier.games.double_back_jack.state import (
    DoubleBackJackState,
    Hand,
    HandId,
    HandStatus,
    Phase,
)
from croupier.games.double_back_jack.words import SURRENDER_LOST
from croupier.hands.blackjack import (
    BLACKJACK_TOTAL,
    card_value,
    hand_value,
    is_blackjack,
    same_value,
)
from croupier.money import Cents, format_cents, payout, require_cents
from croupier.offers import Amount, Integers, Subset, choice, offer
from croupier.rng import Rng, ScriptedRng, shuffle_draws
from croupier.rules.base import RulesSubmission
from croupier.rules.double_back_jack import (
    BLACKJACK_ODDS,
    COVER_FRACTION,
    DEALER_PUSH_TOTAL,
    DEALER_STANDS_ON,
    INSURANCE_ODDS,
    MAX_HANDS,
    MIN_CUT,
    SECOND_CHANCE_ODDS,
    SECTIONS,
    WIN_ODDS,
    DoubleBackJackRules,
    SecondChanceAmount,
    Settlement,
    Shuffling,
    Spot,
    insurance_limit,
    spot_name,
    spot_words,
)

VOID_ROUND_CITE = "interpretations:void-round"


LATE_CARD = (Decision.TAKE_LATE_CARD, Decision.DECLINE_LATE_CARD)
"""A box's option on a late card (673a.13(g), (h))."""
STAND = Decision.STAND


def _cutter(who: Actor) -> str:
    """Who cuts, as an offer says it: "The dealer", "Seat 3"."""
    return "The dealer" if who == DEALER else f"Seat {who}"


LATE_CARD_DECLINED = "interpretations:late-card-declined"
"""A one-card box that declines its late second card is dead, its wager returned."""
BUST_CITE = f"{SECTIONS.second_chance}; interpretations:bust-without-second-chance"
"""A bust that declines the Second Chance Wager is collected at once (a reading)."""


def deal_plan(
    boxes: Sequence[int],
    dealer_missed_first_card: bool = False,
    one_card: Sequence[int] = (),
) -> list[tuple[HandId, bool]]:
    """Every card of the deal in order, (hand, face up) (673a.7(e)): a card to each box
    clockwise from the dealer's left, one face up to the dealer, a second card to each box
    and the dealer's second face down. A dealer who missed his first card deals both of
    his after the players' (673a.13(e)); a box dealt one card only gets its second after
    every other player's second card (673a.13(g))."""
    late = [box for box in boxes if box in one_card]
    second = [(box, True) for box in boxes if box not in one_card] + [(b, True) for b in late]
    first: list[tuple[HandId, bool]] = [(box, True) for box in boxes]
    if dealer_missed_first_card:
        return [*first, *second, (DEALER, True), (DEALER, False)]
    return [*first, (DEALER, True), *second, (DEALER, False)]


def check_boxes(rules: DoubleBackJackRules, seats: dict[int, str]) -> None:
    """Raise :class:`InvalidWager` unless each player's boxes are adjacent and no more
    than the Rules Submission allows (673a.6(e))."""
    by_player: dict[str, list[int]] = {}
    for seat, player in sorted(seats.items()):
        by_player.setdefault(player, []).append(seat)
    for player, boxes in by_player.items():
        if len(boxes) > rules.adjacent_boxes or boxes[-1] - boxes[0] != len(boxes) - 1:
            raise InvalidWager(
                f"player {player!r} holds boxes {boxes}: a player may wager on at most "
                f"{rules.adjacent_boxes} adjacent box(es) under the Rules Submission",
                SECTIONS.adjacent_boxes,
            )


def check_setup(rules: DoubleBackJackRules, seats: dict[int, str], setup: RoundSetup) -> None:
    """Raise :class:`IllegalCommand` unless ``setup`` is a shoe ``rules`` allow."""
    s = SECTIONS
    if setup.batch not in rules.batch_colors:
        raise IllegalCommand(
            f"the batch in play must be one of {list(rules.batch_colors)}, not {setup.batch!r}",
            s.alternate,
        )
    if setup.shuffling is not rules.shuffling and setup.shuffling is not Shuffling.MANUAL:
        raise IllegalCommand("an automated shuffler is not in the Rules Submission", s.batches)
    if setup.cite != s.shoe:
        raise IllegalCommand(f"a round's shoe is set under {s.shoe}", s.shoe)
    extra = Counter(setup.shoe) - Counter(shoe(rules.decks))
    if extra:
        raise IllegalCommand(
            f"the shoe holds cards that are not in {rules.decks} deck(s): "
            f"{sorted(map(str, extra))}",
            s.decks,
        )
    if setup.shuffle_due is None:
        if not setup.shoe or setup.cover_at is None or not 0 < setup.cover_at <= len(setup.shoe):
            raise IllegalCommand(
                "without a shuffle the shoe must hold cards above its cover card", s.cover_card
            )
    elif setup.shoe or setup.cover_at is not None:
        raise IllegalCommand("a shoe due for a shuffle is emptied first", s.cover_card)
    for seat in (*setup.barred, *setup.cut_offer):
        if seat not in seats:
            raise IllegalCommand(f"box {seat} is not occupied", s.cut_order)


def new_shoe_setup(rules: DoubleBackJackRules, reason: str = "the game is beginning") -> RoundSetup:
    """The setup of a round that begins with a fresh shuffle of the first batch."""
    return RoundSetup(
        batch=rules.batch_colors[0],
        shuffling=rules.shuffling,
        shuffle_due=reason,
        cite=SECTIONS.shoe,
    )


class DoubleBackJackRound(WageringRound[DoubleBackJackState]):
    """One round of Double Back Jack under a :class:`DoubleBackJackRules`.

    Open it with :meth:`open` (a :class:`DoubleBackJackTable` does, with the table's
    shoe); drive it with :meth:`handle`. Boxes (seats) are numbered from 1 at the dealer's
    left; the actor for a box is its number.

    Its Blackjack Wager and its void are the shared wagering base's
    (:class:`~croupier.games._wagering.WageringRound`); the deal, not "no more bets",
    closes wagering, and Insurance is placed when the dealer offers it.
    """

    game = "double-back-jack"
    rules_type = DoubleBackJackRules
    event_adapter = TypeAdapter(list[DoubleBackJackEvent])
    command_adapter = TypeAdapter(DoubleBackJackCommand)
    betting = Phase.BETTING
    completed = Phase.COMPLETED
    voided = Phase.VOIDED
    highest_seat_first = True
    betting_sections = BettingSections(
        seated=SECTIONS.wagers,
        wagers=SECTIONS.wagers,
        closed=SECTIONS.before_deal,
        no_more_bets=SECTIONS.before_deal,
        void=VOID_ROUND_CITE,
        over=SECTIONS.discard_rack,
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
        """A new round at ``table_id`` with ``seats`` (box -> player id).

        ``setup`` is the shoe the table hands over (default: a fresh shuffle,
        :func:`new_shoe_setup`). Raises :class:`InvalidWager` for boxes that are not
        adjacent or too many (673a.6(e)), :class:`~croupier.errors.RulesSubmissionError`
        for a box the table does not have (673a.2(a)), :class:`IllegalCommand` for a shoe
        the rules do not allow.
        """
        if not isinstance(rules, DoubleBackJackRules):
            raise TypeError(f"{cls.game} needs DoubleBackJackRules, not {type(rules)}")
        check_boxes(rules, seats)
        setup = setup if setup is not None else new_shoe_setup(rules)
        rules.check_seats(seats)
        check_setup(rules, seats, setup)
        round_ = super().open(rules, table_id=table_id, round_id=round_id, seats=seats, rng=rng)
        round_.state = round_.evolve(round_.state, setup)
        round_.events.append(setup)
        return round_

    def opening(self, events: Sequence[Event]) -> Iterator[Event]:
        """On replay: the stored RoundSetup, checked as :meth:`open` checks it."""
        setup = events[1] if len(events) > 1 else None
        if not isinstance(setup, RoundSetup):
            raise ReplayError(
                "event 1 of a Double Back Jack round is its RoundSetup (the table's shoe)",
                "engine:replay",
            )
        check_boxes(self.rules, self.state.seats)
        check_setup(self.rules, self.state.seats, setup)
        yield setup

    @property
    def rules(self) -> DoubleBackJackRules:
        return self.state.rules

    # -- fold -------------------------------------------------------------------------
    def initial_state(self, opened: RoundOpened, rules: DoubleBackJackRules) -> DoubleBackJackState:
        return DoubleBackJackState(rules=rules, seats=dict(opened.seats))

    def evolve(self, state: DoubleBackJackState, event: Event) -> DoubleBackJackState:
        """``state`` after ``event``, by the handler :data:`_EVOLVE` names for its class
        (:class:`ReplayError` for an event out of place or of another game)."""
        for kind in type(event).__mro__:
            handler = self._EVOLVE.get(kind)
            if handler is not None:
                handler(self, state, event)
                return state
        raise ReplayError(f"{event!r} is not a Double Back Jack event", "engine:replay")

    def _on_card_dealt(self, state: DoubleBackJackState, event: CardDealt) -> None:
        hand, index, card = event.hand, event.split_hand, event.card
        self._take(state, event, card)
        if state.phase is Phase.DEAL:
            expected = state.plan[state.dealt] if state.dealt < len(state.plan) else None
            if expected != (hand, event.face_up) or index:
                raise ReplayError(f"{event!r} is not the next card of the deal", "engine:replay")
            state.dealt += 1
            if hand == DEALER:
                state.dealer.append(card)
            else:
                state.hands[(hand, 0)].cards.append(card)
            if state.dealt == len(state.plan):
                state.phase = Phase.READER if state.offers_reader() else Phase.PLAY
        elif hand == DEALER:
            self._expect(state, event, Phase.DEALER)
            state.dealer.append(card)
        else:
            self._expect(state, event, Phase.PLAY)
            current = state.current()
            if current is None or (current.seat, current.index) != (hand, index):
                raise ReplayError(f"{event!r} is not for the hand in play", "engine:replay")
            if current.second_chance and current.second_chance_card is None:
                current.second_chance_card = card
            else:
                current.cards.append(card)
            current.owed = False

    def _on_wager_settled(self, state: DoubleBackJackState, event: WagerSettled) -> None:
        take_wager(state.wagers, event.seat, event.spot)
        state.settlements.append(event)

    def _on_wager_placed(self, state: DoubleBackJackState, event: WagerPlaced) -> None:
        wagers = state.wagers.setdefault(event.seat, {})
        if event.spot in wagers:
            raise ReplayError(f"{event!r}: that wager is already placed", "engine:replay")
        wagers[event.spot] = event.amount

    def _on_player_decided(self, state: DoubleBackJackState, event: PlayerDecided) -> None:
        if event.decision in (Decision.TAKE_LATE_CARD, Decision.DECLINE_LATE_CARD):
            self._on_late_card(state, event)
            return
        played = state.hands[(event.seat, event.split_hand)]
        played.decided = True
        match event.decision:
            case Decision.HIT:
                played.owed = True
            case Decision.STAND:
                played.stood = True
            case Decision.DOUBLE:
                played.doubled = True
                played.owed = True
            case Decision.SPLIT:
                second = played.cards.pop()
                played.split = True
                played.decided = False
                state.hands[(event.seat, 1)] = Hand(
                    seat=event.seat, index=1, cards=[second], split=True
                )
            case Decision.SURRENDER:
                played.surrendered = True
            case Decision.SECOND_CHANCE:
                played.second_chance = True
                played.owed = True
            case Decision.DECLINE_SECOND_CHANCE:
                pass
            case Decision.REFUSE_CARD:
                state.refused.add(event.seat)
                for other in state.hands.values():
                    if other.seat == event.seat:
                        other.stood = True

    def _on_late_card(self, state: DoubleBackJackState, event: PlayerDecided) -> None:
        """A box's answer to the late card (or to its missed requested card, in play)."""
        seat, take = event.seat, event.decision == Decision.TAKE_LATE_CARD
        self._expect(state, event, Phase.DEAL, Phase.PLAY)
        if state.phase is Phase.PLAY:
            missed = self._missed_hand(state, event, seat)
            if take:
                missed.missed = False
                missed.owed = True
        elif take:
            state.late_choices[seat] = True
        else:
            if state.late_card_due() != seat:
                raise ReplayError(f"{event!r}: no late card is due to it", "engine:replay")
            state.late_choices[seat] = False
            del state.plan[state.dealt]

    def _on_hand_discarded(self, state: DoubleBackJackState, event: HandDiscarded) -> None:
        index = event.split_hand
        played = state.hands[(event.seat, index)]
        played.discarded = True
        cards = [*played.cards]
        if played.second_chance_card is not None:
            cards.append(played.second_chance_card)
        state.discard_rack.place(
            f"box {event.seat}" + (f" hand {index + 1}" if played.split else ""), cards
        )

    def _on_round_setup(self, state: DoubleBackJackState, event: RoundSetup) -> None:
        if state.setup_done:
            raise ReplayError("a round has one RoundSetup", "engine:replay")
        state.setup_done = True
        state.batch = event.batch
        state.shuffling = event.shuffling
        state.shoe = list(event.shoe)
        state.cover_at = event.cover_at
        state.burn_due = event.burn_due
        state.barred = event.barred
        state.cut_offer = event.cut_offer
        if event.shuffle_due is not None:
            state.phase = Phase.SHUFFLE
        elif event.burn_due:
            state.phase = Phase.BURN
        else:
            state.phase = Phase.BETTING

    def _on_deck_shuffled(self, state: DoubleBackJackState, event: DeckShuffled) -> None:
        self._expect(state, event, Phase.SHUFFLE)
        state.stack = list(event.stack)
        state.cut_done = False
        state.cut_refused, state.last_cutter, state.recut = [], None, False
        state.cut_accepted = None
        state.phase = Phase.CUT

    def _on_deck_cut(self, state: DoubleBackJackState, event: DeckCut) -> None:
        self._expect(state, event, Phase.CUT)
        after = cut(state.stack, event.position, SECTIONS.cut, MIN_CUT, MIN_CUT)
        cards = [card for card in after if isinstance(card, Card)]
        insert_cover_card(cards, event.cover_from_bottom, SECTIONS.cut, COVER_FRACTION)
        state.stack = cards
        state.cover_from_bottom = event.cover_from_bottom
        state.cut_done = True
        state.last_cutter = event.cutter
        state.cut_accepted = None
        state.phase = Phase.LOAD

    def _on_cut_refused(self, state: DoubleBackJackState, event: CutRefused) -> None:
        self._expect(state, event, Phase.CUT)
        state.cut_refused.append(event.seat)

    def _on_cut_accepted(self, state: DoubleBackJackState, event: CutAccepted) -> None:
        self._expect(state, event, Phase.CUT)
        state.cut_accepted = (event.seat, event.position)

    def _on_recut_required(self, state: DoubleBackJackState, event: RecutRequired) -> None:
        self._expect(state, event, Phase.LOAD)
        state.recut = True
        state.phase = Phase.CUT

    def _on_shoe_loaded(self, state: DoubleBackJackState, event: ShoeLoaded) -> None:
        self._expect(state, event, Phase.LOAD)
        state.shoe = state.stack
        state.stack = []
        state.cover_at = state.cover_from_bottom
        state.burn_due = True
        if state.resume is None:
            state.barred = ()
        state.phase = Phase.BURN

    def _on_card_burned(self, state: DoubleBackJackState, event: CardBurned) -> None:
        self._expect(state, event, Phase.BURN)
        self._take(state, event, event.card)
        state.burned.append(event.card)
        state.discard_rack.place("burn card", [event.card])
        state.burn_due = False
        if state.resume is not None:
            state.phase, state.resume = state.resume, None
        else:
            state.phase = Phase.BETTING

    def _on_deal_started(self, state: DoubleBackJackState, event: DealStarted) -> None:
        self._expect(state, event, Phase.BETTING)
        state.boxes = event.boxes
        dealt = [box for box in event.boxes if box not in event.no_cards]
        state.plan = deal_plan(dealt, event.dealer_missed_first_card, event.one_card)
        state.one_card, state.late_choices = event.one_card, {}
        state.hands = {(box, 0): Hand(seat=box, index=0) for box in dealt}
        state.phase = Phase.DEAL

    def _on_cover_card_reached(self, state: DoubleBackJackState, event: CoverCardReached) -> None:
        if state.cover_at is None or len(state.shoe) != state.cover_at:
            raise ReplayError(f"{event!r}: the cover card is not next", "engine:replay")
        state.cover_at = None
        state.cover_reached = True
        state.cover_hand = event.hand

    def _on_shoe_exhausted(self, state: DoubleBackJackState, event: ShoeExhausted) -> None:
        if state.shoe:
            raise ReplayError(f"{event!r}: the shoe still holds cards", "engine:replay")
        state.resume = state.phase
        state.phase = Phase.SHUFFLE
        state.cut_offer = state.insufficient_cards_offer()

    def _on_card_missed(self, state: DoubleBackJackState, event: RequestedCardMissed) -> None:
        self._expect(state, event, Phase.PLAY)
        turn = state.to_act()
        if turn is None or (turn.seat, turn.index) != (event.seat, event.split_hand):
            raise ReplayError(f"{event!r} is not for the hand in turn", "engine:replay")
        turn.missed = True
        turn.decided = True

    def _on_hole_card_read(self, state: DoubleBackJackState, event: HoleCardRead) -> None:
        self._expect(state, event, Phase.READER)
        state.reader_read = True
        state.dealer_blackjack = event.blackjack
        state.phase = Phase.SETTLE if event.blackjack else Phase.PLAY

    def _on_hole_card_turned(self, state: DoubleBackJackState, event: HoleCardTurned) -> None:
        state.hole_turned = True
        if state.phase is Phase.PLAY:
            state.phase = Phase.DEALER

    def _in_dealer_phase(self, state: DoubleBackJackState, event: DealerTotalAnnounced) -> None:
        self._expect(state, event, Phase.DEALER)

    def _on_dealer_done(self, state: DoubleBackJackState, event: DealerHandComplete) -> None:
        self._expect(state, event, Phase.DEALER)
        state.dealer_total = event.total
        state.phase = Phase.SETTLE

    def _in_settle_phase(self, state: DoubleBackJackState, event: SettlementBegun) -> None:
        self._expect(state, event, Phase.SETTLE)

    def _on_irregularity(self, state: DoubleBackJackState, event: IrregularityDeclared) -> None:
        kind = event.irregularity
        if kind is Irregularity.EXPOSED_CARD_DRAWN_IN_ERROR:
            state.exposed = True
        elif kind is Irregularity.READER_MALFUNCTION:
            state.reader_down = True
        elif kind is Irregularity.READER_REPAIRED:
            state.reader_down = False

    def _on_card_discarded(self, state: DoubleBackJackState, event: CardDiscarded) -> None:
        self._take(state, event, event.card)
        state.discards.append(event.card)
        state.discard_rack.place("discarded", [event.card])

    def _on_shuffle_failed(self, state: DoubleBackJackState, event: ShuffleFailed) -> None:
        self._expect(state, event, Phase.CUT, Phase.LOAD)
        state.stack = []
        state.phase = Phase.SHUFFLE

    def _on_shuffler_down(self, state: DoubleBackJackState, event: ShufflerOutOfOrder) -> None:
        self._expect(state, event, Phase.SHUFFLE)
        state.shuffler_down = True
        state.shuffling = Shuffling.MANUAL

    def _on_round_voided(self, state: DoubleBackJackState, event: RoundVoided) -> None:
        state.void_reason = event.reason
        state.phase = Phase.VOIDED

    def _on_round_completed(self, state: DoubleBackJackState, event: RoundCompleted) -> None:
        self._expect(state, event, Phase.SETTLE)
        for played in state.ordered():
            if not played.discarded:
                state.discard_rack.place(f"box {played.seat}", played.cards)
        if state.dealer:
            state.discard_rack.place(DEALER, state.dealer)
        state.phase = Phase.COMPLETED

    _EVOLVE: ClassVar[dict[type[Event], Callable[[Any, DoubleBackJackState, Any], None]]] = {
        CardDealt: _on_card_dealt,
        WagerSettled: _on_wager_settled,
        WagerPlaced: _on_wager_placed,
        PlayerDecided: _on_player_decided,
        HandDiscarded: _on_hand_discarded,
        RoundSetup: _on_round_setup,
        DeckShuffled: _on_deck_shuffled,
        DeckCut: _on_deck_cut,
        CutRefused: _on_cut_refused,
        CutAccepted: _on_cut_accepted,
        RecutRequired: _on_recut_required,
        ShoeLoaded: _on_shoe_loaded,
        CardBurned: _on_card_burned,
        DealStarted: _on_deal_started,
        CoverCardReached: _on_cover_card_reached,
        ShoeExhausted: _on_shoe_exhausted,
        RequestedCardMissed: _on_card_missed,
        HoleCardRead: _on_hole_card_read,
        HoleCardTurned: _on_hole_card_turned,
        DealerTotalAnnounced: _in_dealer_phase,
        DealerHandComplete: _on_dealer_done,
        SettlementBegun: _in_settle_phase,
        IrregularityDeclared: _on_irregularity,
        CardDiscarded: _on_card_discarded,
        ShuffleFailed: _on_shuffle_failed,
        ShufflerOutOfOrder: _on_shuffler_down,
        RoundVoided: _on_round_voided,
        RoundCompleted: _on_round_completed,
    }
    """Per event class, the handler that folds it into the state."""

    @staticmethod
    def _take(state: DoubleBackJackState, event: Event, card: Card) -> None:
        if not state.shoe or state.shoe[0] != card:
            raise ReplayError(f"{event!r}: that card is not next in the shoe", "engine:replay")
        state.shoe.pop(0)
        state.exposed = False

    @staticmethod
    def _missed_hand(state: DoubleBackJackState, event: Event, seat: int) -> Hand:
        """The hand whose missed requested card is due to box ``seat`` (673a.13(h))."""
        hand = state.current()
        index = getattr(event, "split_hand", 0)
        if hand is None or not hand.missed or (hand.seat, hand.index) != (seat, index):
            raise ReplayError(f"{event!r}: no missed card is due to it", "engine:replay")
        return hand

    _expect = staticmethod(expect_phase)

    def shuffle_source(self) -> list[Card]:
        """The cards a shuffle intermixes: a full batch, or after the shoe ran out
        mid-round every card not on the layout (the discard rack, 673a.13(f)), in deck
        order."""
        state = self.state
        full = shoe(self.rules.decks)
        if state.resume is None:
            return full
        remaining = Counter(state.layout_cards())
        source = []
        for card in full:
            if remaining[card]:
                remaining[card] -= 1
            else:
                source.append(card)
        return source

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case PlayerDecided(seat=seat, decision=decision, amount=amount):
                return Decide(seat=seat, decision=decision, amount=amount), seat, None
            case DeckShuffled(stack=stack):
                try:
                    draws = shuffle_draws(self.shuffle_source(), stack)
                except ValueError as error:
                    raise ReplayError(
                        f"{event!r} is not a shuffle of the cards to shuffle: {error}",
                        "engine:replay",
                    ) from None
                return ShuffleCards(), DEALER, ScriptedRng(draws)
            case DeckCut(position=position, cover_from_bottom=below, cutter=cutter):
                return (
                    CutCards(position=position, cover_from_bottom=below, cutter=cutter),
                    DEALER,
                    None,
                )
            case CutRefused(seat=seat):
                return RefuseCut(seat=seat), seat, None
            case CutAccepted(seat=seat, position=position):
                return AcceptCut(seat=seat, position=position), seat, None
            case RecutRequired():
                return RequireRecut(), DEALER, None
            case ShoeLoaded():
                return LoadShoe(), DEALER, None
            case CardBurned():
                return BurnCard(), DEALER, None
            case DealStarted():
                command = DealCards(
                    dealer_missed_first_card=event.dealer_missed_first_card,
                    dealer_missed_second_card=event.dealer_missed_second_card,
                    no_cards=event.no_cards,
                    one_card=event.one_card,
                )
                return command, DEALER, None
            case HoleCardRead():
                return ReadHoleCard(), DEALER, None
            case HoleCardTurned():
                return PlayDealerHand(), DEALER, None
            case SettlementBegun():
                return SettleWagers(), DEALER, None
            case IrregularityDeclared(irregularity=kind):
                return DeclareIrregularity(irregularity=kind), DEALER, None
        return None

    # -- commands ---------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        """The wagering base's, but Insurance is placed when the dealer offers it."""
        match command:
            case PlaceWager(seat=seat, spot=Spot.INSURANCE) if not self.finished:
                self.check_seat(seat, actor)
                yield self._insure(seat, actor, command.amount)
            case _:
                yield from super().decide(command, actor)

    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        s = SECTIONS
        match command:
            case Decide():
                yield from self._decide(command, actor)
            case ShuffleCards():
                yield self._shuffle(actor)
            case CutCards():
                yield self._cut(command, actor)
            case RefuseCut():
                yield self._refuse_cut(command, actor)
            case AcceptCut():
                yield self._accept_cut(command, actor)
            case RequireRecut():
                self.check_recut(actor)
                yield RecutRequired(cite=s.recut)
            case LoadShoe():
                self.check_load(actor)
                yield ShoeLoaded(cards=len(self.state.stack), cite=s.shoe)
                yield from self._burn()
            case BurnCard():
                self.check_burn(actor)
                yield from self._burn()
            case DealCards():
                yield from self._deal(command, actor)
            case ReadHoleCard():
                yield from self._read(actor)
            case PlayDealerHand():
                yield from self._play_dealer(actor)
            case SettleWagers():
                yield from self._settle(actor)
            case DeclareIrregularity(irregularity=kind):
                yield from self._irregularity(kind, actor)
            case _:
                raise NotYourTurn(
                    f"{type(command).__name__} is not a Double Back Jack command", s.wagers
                )

    _dealer_only = staticmethod(dealer_only)

    def _phase(self, phase: Phase, what: str, cite: str) -> None:
        require_phase(self.state, phase, what, cite)

    def _reader_working(self) -> None:
        if self.state.reader_down:
            raise NotYourTurn(
                "the card reader device malfunctions: the game may not continue until it is "
                "repaired or replaced",
                SECTIONS.reader_malfunction,
            )

    # -- the checks of the dealer's procedure, one per command -----------------------------
    # Each refuses its command in decide and, through passes(), decides its offer.
    def check_shuffle(self, actor: Actor) -> str:
        """The section the shuffle cites; refuses it but by the dealer, in its phase."""
        s = SECTIONS
        cite = s.insufficient_cards if self.state.resume is not None else s.shuffle
        self._dealer_only(actor, "shuffle", cite)
        self._phase(Phase.SHUFFLE, "shuffle", cite)
        return cite

    def check_cut(self, actor: Actor) -> None:
        """Refuse the cut but by the dealer, in its phase (who cuts, and where, is checked
        against :meth:`~DoubleBackJackState.cut_entitled`, which the offer names)."""
        self._dealer_only(actor, "cut the cards", SECTIONS.cut)
        self._phase(Phase.CUT, "cut the cards", SECTIONS.cut)

    def check_recut(self, actor: Actor) -> None:
        """Refuse a recut but by the dealer, before the shoe is loaded."""
        self._dealer_only(actor, "require a recut", SECTIONS.recut)
        self._phase(Phase.LOAD, "require a recut", SECTIONS.recut)

    def check_load(self, actor: Actor) -> None:
        """Refuse loading the shoe but by the dealer, after the cut."""
        self._dealer_only(actor, "load the shoe", SECTIONS.shoe)
        self._phase(Phase.LOAD, "load the shoe", SECTIONS.shoe)

    def check_burn(self, actor: Actor) -> None:
        """Refuse a burn but by the dealer, when a new dealer burns, from a shoe with
        cards."""
        s = SECTIONS
        self._dealer_only(actor, "burn a card", s.burn)
        self._phase(Phase.BURN, "burn a card", s.burn)
        if not self.state.shoe:
            raise NotYourTurn("the shoe is empty", s.insufficient_cards)

    def check_deal(self, actor: Actor) -> tuple[int, ...]:
        """The boxes dealt in (those with a Blackjack Wager); refuses the deal but by the
        dealer, with the card reader working, after any burn, before the deal."""
        s, state = SECTIONS, self.state
        self._dealer_only(actor, "deal", s.deal)
        self._reader_working()
        if state.phase is Phase.BURN:
            raise NotYourTurn("a new dealer burns one card before dealing", s.burn)
        self._phase(Phase.BETTING, "deal", s.deal)
        boxes = tuple(seat for seat in sorted(state.wagers) if Spot.BLACKJACK in state.wagers[seat])
        if not boxes:
            raise NotYourTurn(
                "no box has a Blackjack Wager: there is no one to deal to", s.blackjack_wager
            )
        return boxes

    def check_read(self, actor: Actor) -> None:
        """Refuse the card reader but by the dealer, with the reader working, after the
        deal (on an ace or ten-value first card)."""
        s, state = SECTIONS, self.state
        self._dealer_only(actor, "use the card reader", s.card_reader)
        self._reader_working()
        if state.phase is Phase.PLAY and not state.reader_read and not state.offers_reader():
            raise NotYourTurn(
                "the card reader is used only when the dealer's first card is an ace or "
                "ten-value card (declare reader_misused if it was)",
                s.card_reader,
            )
        self._phase(Phase.READER, "use the card reader", s.card_reader)

    def check_play_dealer(self, actor: Actor) -> None:
        """Refuse the dealer's play but by the dealer, with the reader working, once
        every player has decided and every missed card is dealt or called dead."""
        s, state = SECTIONS, self.state
        self._dealer_only(actor, "play the dealer's hand", s.hole_card)
        self._reader_working()
        if state.phase is Phase.READER:
            raise NotYourTurn("the hole card goes into the card reader first", s.card_reader)
        if state.phase is not Phase.PLAY or state.current() is not None:
            hand = state.to_act()
            late = state.late_card_due()
            who = f"box {hand.seat} has not finished its hand" if hand else "not at this point"
            if late is not None:
                who = f"box {late} has not taken or declined the card the dealer missed"
                raise NotYourTurn(
                    "the missed card is dealt or the hand called dead before the dealer "
                    f"reveals his hole card ({who})",
                    s.missed_draw,
                )
            raise NotYourTurn(
                f"the dealer turns the hole card up once every player has decided ({who})",
                s.hole_card,
            )

    def check_settle(self, actor: Actor) -> None:
        """Refuse settlement but by the dealer, once the dealer's hand is complete."""
        self._dealer_only(actor, "settle", SECTIONS.settle)
        self._phase(Phase.SETTLE, "settle", SECTIONS.settle)

    def check_irregularity(self, kind: Irregularity, actor: Actor) -> str:
        """The section ``kind`` cites; refuses it but from the dealer, where
        :meth:`why_not_irregularity` says why not."""
        cite = self.irregularity_cite(kind)
        self._dealer_only(actor, "declare an irregularity", cite)
        why = self.why_not_irregularity(kind)
        if why is not None:
            raise NotYourTurn(why, cite)
        return cite

    # -- the shoe -----------------------------------------------------------------------
    def _shuffle(self, actor: Actor) -> DeckShuffled:
        cite = self.check_shuffle(actor)
        stack = shuffled(self.draw(), self.shuffle_source())
        return DeckShuffled(stack=tuple(stack), cite=cite)

    def _cut(self, command: CutCards, actor: Actor) -> DeckCut:
        s, state = SECTIONS, self.state
        self.check_cut(actor)
        cutter = command.cutter
        if state.cut_accepted is not None:
            self._check_accepted(command, state.cut_accepted)
        entitled = state.cut_entitled()
        if cutter not in entitled:
            named = " or ".join("the dealer" if who == DEALER else f"box {who}" for who in entitled)
            if state.recut:
                why, cite = f"the recut is made by {named}", s.recut
            elif cutter == DEALER:
                why, cite = (
                    f"the cut is offered to {named}; the dealer cuts only when no player "
                    "accepts it",
                    s.cut_offered,
                )
            else:
                boxes = [f"box {box}" for box in state.cut_offer]
                order = ", then ".join(boxes) if boxes else "no player"
                why, cite = (
                    f"the cut is offered to {order} in the order of 673a.5(c), then cut by "
                    f"the dealer: it is {named}'s now, not box {cutter}'s",
                    s.cut_order,
                )
            raise IllegalCommand(why, cite)
        after = cut(state.stack, command.position, s.cut, MIN_CUT, MIN_CUT)
        cards = [card for card in after if isinstance(card, Card)]
        insert_cover_card(cards, command.cover_from_bottom, s.cut, COVER_FRACTION)
        return DeckCut(
            position=command.position,
            cover_from_bottom=command.cover_from_bottom,
            cutter=cutter,
            cite=s.cut if state.resume is None else f"{s.cut}; {s.insufficient_cards}",
        )

    @staticmethod
    def _check_accepted(command: CutCards, accepted: tuple[int, int]) -> None:
        """The dealer records the cut a box accepted: by that box, at the position where
        it placed the cover card (673a.5(d)); only the reinsertion is the dealer's."""
        seat, position = accepted
        s = SECTIONS
        if command.cutter != seat:
            who = "the dealer" if command.cutter == DEALER else f"box {command.cutter}"
            raise IllegalCommand(
                f"box {seat} accepted the cut: the cut is box {seat}'s, not {who}'s",
                f"{s.cut_offered}; {s.cut_order}",
            )
        if command.position != position:
            raise IllegalCommand(
                f"box {seat} placed the cover card {position} cards in from the top: the "
                f"dealer records that cut, not one at {command.position}; he chooses only "
                "where the cover card is reinserted",
                s.cut,
            )

    def _check_offered(self, seat: int, actor: Actor) -> None:
        """``seat`` is the box offered the cut now, acting for itself (673a.5(c))."""
        s = SECTIONS
        self._check_player(seat, actor, s.cut_order)
        offered = self.state.cut_offered_to()
        if offered != seat:
            now = f"box {offered}" if offered is not None else "no player"
            raise NotYourTurn(
                f"the cut is offered now to {now}, not to box {seat}: each player in the "
                "order of 673a.5(c) accepts or refuses it in turn",
                s.cut_order,
            )

    def _refuse_cut(self, command: RefuseCut, actor: Actor) -> CutRefused:
        s, state = SECTIONS, self.state
        seat = command.seat
        self._check_offered(seat, actor)
        cite = f"{s.cut_offered}; {s.cut_order}"
        if state.resume is not None:
            cite = f"{cite}; {s.insufficient_cards}"
        return CutRefused(seat=seat, cite=cite)

    def _accept_cut(self, command: AcceptCut, actor: Actor) -> CutAccepted:
        s, state = SECTIONS, self.state
        seat = command.seat
        self._check_offered(seat, actor)
        cut(state.stack, command.position, s.cut, MIN_CUT, MIN_CUT)  # within 673a.5(d)
        cite = f"{s.cut_offered}; {s.cut_order}; {s.cut}"
        if state.resume is not None:
            cite = f"{cite}; {s.insufficient_cards}"
        return CutAccepted(seat=seat, position=command.position, cite=cite)

    def _burn(self) -> Iterator[Event]:
        state = self.state
        cite = SECTIONS.insufficient_cards if state.resume is not None else SECTIONS.burn
        yield from self._cover()
        yield CardBurned(card=state.shoe[0], cite=cite)
        if state.phase not in (Phase.BETTING, Phase.BURN):
            yield from self._advance()

    def _draw(
        self, hand: HandId, index: int, face_up: bool, sideways: bool, cite: str
    ) -> Iterator[Event]:
        """Deal the next card to ``hand``; stop with :class:`ShoeExhausted` when the shoe
        is empty (673a.13(f)). The cover card is set aside when it appears (673a.7(d))."""
        state = self.state
        if not state.shoe:
            yield ShoeExhausted(cite=SECTIONS.insufficient_cards)
            return
        yield from self._cover(hand)
        yield CardDealt(
            hand=hand,
            split_hand=index,
            card=state.shoe[0],
            face_up=face_up,
            sideways=sideways,
            cite=cite,
        )

    def _cover(self, hand: HandId = DEALER) -> Iterator[Event]:
        """The cover card, if it is next in the shoe, is set aside (673a.7(d))."""
        state = self.state
        if state.cover_at is not None and len(state.shoe) == state.cover_at:
            yield CoverCardReached(hand=hand, cite=SECTIONS.cover_card)

    # -- wagers: the wagering base's hooks ------------------------------------------------
    def check_seat(self, seat: int, actor: Actor) -> None:
        self._check_player(seat, actor, SECTIONS.wagers)

    def _check_player(self, seat: int, actor: Actor, cite: str) -> None:
        if actor == DEALER:
            raise OtherSeat(dealer_for(seat, "box", "act"), cite)
        if self.seat_empty(seat, self.state.seats):
            raise empty_seat(seat, cite, "box")
        if actor != seat:
            raise OtherSeat(f"box {actor} may not act for box {seat}", cite)

    def spots(self) -> tuple[str, ...]:
        return (Spot.BLACKJACK,)

    def spot_label(self, spot: str) -> str:
        return spot_words(spot)

    def why_no_spot(self, spot: str) -> str:
        how = (
            "the Blackjack Wager goes before the deal and Insurance on a dealer ace, while "
            "doubles, splits and Second Chance are decisions (a Decide command)"
        )
        if spot_words(spot) != spot:  # a wager of the game (a hand's), not placed so
            return f"there is no {spot_words(spot)} wager to place now: {how}"
        # Insurance is placed as a wager too (on a dealer ace), though not before the deal.
        placed = (Spot.BLACKJACK, Spot.INSURANCE)
        return no_spot(spot, (spot_words(one) for one in placed), how, sent=placed)

    def refuse_closed(self, spot: str) -> IllegalCommand:
        return NotYourTurn(
            "the Blackjack Wager is placed before the first card is dealt", SECTIONS.before_deal
        )

    def open_bound(self, seat: int, spot: str, held: Mapping[str, Cents]) -> Bound | None:
        return None if spot in held else self.wager_bound(seat, spot)

    def why_held(self, seat: int, spot: str) -> tuple[str, str]:
        return "a wager once made may not be altered until it is settled", SECTIONS.before_deal

    def wager_bound(self, seat: int, spot: str) -> Bound:
        """The one limit hook: the table limits, for a box not barred since the shuffle,
        once (673a.5(a), 673a.6); an Insurance Wager, up to half the initial Blackjack
        Wager to the next chip, where :meth:`check_insurance` allows it (673a.8(b))."""
        s, rules = SECTIONS, self.rules
        if spot == Spot.INSURANCE:
            return Bound(1, self.check_insurance(seat, seat), s.insurance_limit)
        if seat in self.state.barred:
            raise NotYourTurn(
                f"box {seat} made no wager since the shuffle and may not wager again until "
                "the cards are reshuffled",
                s.sat_out,
            )
        return Bound(rules.minimum_wager, rules.maximum_wager, s.blackjack_wager)

    def amount_terms(self, spot: str) -> tuple[str, str]:
        return "a Blackjack Wager", SECTIONS.blackjack_wager

    def placed_cite(self, spot: str) -> str:
        return SECTIONS.blackjack_wager

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        limits = bound.low, bound.high
        return refuse_in_all("a Blackjack Wager", limits, 0, amount, SECTIONS.blackjack_wager)

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        if not self.betting_open():  # the only phase in which check_spot may pass
            return []
        return offers_by_check(self, seat, self.spots())

    def check_no_more_bets(self, actor: Actor) -> None:
        """Refused: the first card dealt closes wagering (673a.6(c)); there is no call."""
        raise NotYourTurn(
            'there is no "no more bets" at Double Back Jack: the Blackjack Wager is placed '
            "before the first card is dealt",
            SECTIONS.before_deal,
        )

    def check_insurance(self, seat: int, actor: Actor) -> Cents:
        """The most an Insurance Wager of ``seat`` may be (cents); refuses it but by the
        player at ``seat``, on a dealer ace before the card reader, for a hand in play,
        once (673a.7(e))."""
        s, state = SECTIONS, self.state
        self._check_player(seat, actor, s.wagers)
        up = state.up_card
        if state.phase is not Phase.READER or up is None or card_value(up) != 1:
            raise NotYourTurn(
                "Insurance is offered only when the dealer's first card is an ace, before "
                "the hole card goes into the card reader",
                s.insurance,
            )
        hand = state.hands.get((seat, 0))
        if hand is None or hand.status() not in (HandStatus.PLAYING, HandStatus.SURRENDERED):
            raise NotYourTurn(f"box {seat} has no hand in play to insure", s.insurance)
        if Spot.INSURANCE in state.wagers.get(seat, {}):
            raise InvalidWager(
                f"box {seat} has already made its Insurance Wager", s.insurance_limit
            )
        return insurance_limit(state.wagers[seat][Spot.BLACKJACK], self.rules.chip)

    def _insure(self, seat: int, actor: Actor, amount: object) -> WagerPlaced:
        s, state = SECTIONS, self.state
        self.check_insurance(seat, actor)
        bound = self.wager_bound(seat, Spot.INSURANCE)
        limit = bound.high
        initial = state.wagers[seat][Spot.BLACKJACK]
        value = require_cents(amount, "an Insurance Wager", s.insurance_limit)
        if not bound.low <= value <= limit:
            raise InvalidWager(
                f"an Insurance Wager is at most half the initial Blackjack Wager of "
                f"{format_cents(initial)} (to the next chip of {format_cents(self.rules.chip)}): "
                f"at most {format_cents(limit)}, not {format_cents(value)}",
                s.insurance_limit,
            )
        return WagerPlaced(
            seat=seat, spot=Spot.INSURANCE.value, amount=value, cite=s.insurance_limit
        )

    # -- the deal -----------------------------------------------------------------------
    def _deal(self, command: DealCards, actor: Actor) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        boxes = self.check_deal(actor)
        for seat in (*command.no_cards, *command.one_card):
            if seat not in boxes:
                raise IllegalCommand(f"box {seat} has no Blackjack Wager to deal to", s.no_cards)
        if set(command.no_cards) & set(command.one_card):
            raise IllegalCommand("a box is missed entirely or dealt one card, not both", s.no_cards)
        cites = [s.deal]
        if command.dealer_missed_first_card or command.dealer_missed_second_card:
            cites.append(s.dealer_missed_card)
        if command.no_cards or command.one_card:
            cites.append(s.no_cards)
        yield DealStarted(
            boxes=boxes,
            dealer_missed_first_card=command.dealer_missed_first_card,
            dealer_missed_second_card=command.dealer_missed_second_card,
            no_cards=tuple(sorted(command.no_cards)),
            one_card=tuple(sorted(command.one_card)),
            cite="; ".join(cites),
        )
        for seat in sorted(command.no_cards, reverse=True):
            amount = state.wagers[seat][Spot.BLACKJACK]
            yield WagerSettled(
                seat=seat,
                spot=Spot.BLACKJACK.value,
                amount=amount,
                outcome=Outcome.VOID,
                returned=amount,
                cite=s.no_cards,
            )
        yield from self._advance()

    def _paused(self) -> bool:
        """True when the shoe ran out and the discard rack must be shuffled (673a.13(f))."""
        return self.state.phase is Phase.SHUFFLE

    def _advance(self) -> Iterator[Event]:
        """Deal whatever is owed and settle whatever is due until a decision is needed
        (or the shoe runs out, 673a.13(f))."""
        s, state = SECTIONS, self.state
        while state.phase is Phase.DEAL:
            if state.late_card_due() is not None:
                return
            to, face_up = state.plan[state.dealt]
            before = len(self.events)
            yield from self._draw(to, 0, face_up, False, s.deal)
            if self._paused() or len(self.events) == before:
                return
        if state.phase in (Phase.READER, Phase.PLAY):
            for hand in state.ordered(reverse=True):
                if hand.status() is HandStatus.BLACKJACK:
                    yield from self._pay_blackjack(hand)
        while state.phase is Phase.PLAY:
            current = state.current()
            if current is None:
                return
            status = current.status()
            if status is HandStatus.NEEDS_CARD:
                sideways = current.doubled or current.second_chance
                cite = (
                    s.double_card
                    if current.doubled and not current.second_chance
                    else (
                        s.second_chance
                        if current.second_chance
                        else (s.split_order if len(current.cards) < 2 else s.draw)
                    )
                )
                yield from self._draw(current.seat, current.index, True, sideways, cite)
                if self._paused():
                    return
            elif status is HandStatus.TWENTY_ONE:
                yield from self._pay_21(current)
            else:
                return
        if state.phase is Phase.DEALER:
            yield from self._dealer_draws()

    def _settled(
        self, hand: Hand, kind: Spot, outcome: Outcome, cite: str, odds: Fraction | None = None
    ) -> WagerSettled:
        spot = spot_name(kind, hand.index) if kind is not Spot.INSURANCE else kind.value
        amount = self.state.wagers[hand.seat][spot]
        returned = amount if outcome in (Outcome.WIN, Outcome.PUSH, Outcome.VOID) else 0
        won = payout(amount, odds, self.rules.payout_rounding) if odds is not None else 0
        if outcome is Outcome.SURRENDER:
            returned = payout(amount, Fraction(1, 2), self.rules.payout_rounding)
        return WagerSettled(
            seat=hand.seat,
            spot=spot,
            amount=amount,
            outcome=outcome,
            odds=odds,
            returned=returned,
            won=won,
            cite=cite,
        )

    def _has(self, hand: Hand, kind: Spot) -> bool:
        spot = spot_name(kind, hand.index) if kind is not Spot.INSURANCE else kind.value
        return spot in self.state.wagers.get(hand.seat, {})

    def _pay_blackjack(self, hand: Hand) -> Iterator[Event]:
        s = SECTIONS
        cite = f"{s.player_blackjack}; {s.blackjack_odds}"
        yield self._settled(hand, Spot.BLACKJACK, Outcome.WIN, cite, BLACKJACK_ODDS)
        yield HandDiscarded(seat=hand.seat, split_hand=hand.index, cite=s.player_blackjack)

    def _pay_21(self, hand: Hand) -> Iterator[Event]:
        s = SECTIONS
        if hand.second_chance_card is not None:
            if hand.total > BLACKJACK_TOTAL:
                for kind in (Spot.BLACKJACK, Spot.DOUBLE, Spot.SECOND_CHANCE):
                    if self._has(hand, kind):
                        yield self._settled(hand, kind, Outcome.LOSE, s.second_chance_bust)
                yield HandDiscarded(
                    seat=hand.seat, split_hand=hand.index, cite=s.second_chance_bust
                )
                return
            for kind in (Spot.BLACKJACK, Spot.DOUBLE):
                if self._has(hand, kind):
                    yield self._settled(hand, kind, Outcome.PUSH, s.second_chance_21)
            cite = f"{s.second_chance_21}; {s.second_chance_odds}"
            yield self._settled(hand, Spot.SECOND_CHANCE, Outcome.WIN, cite, SECOND_CHANCE_ODDS)
            yield HandDiscarded(seat=hand.seat, split_hand=hand.index, cite=s.second_chance_21)
            return
        cite = f"{s.player_21}; {s.blackjack_odds}"
        if hand.split and is_blackjack(hand.cards):
            cite = f"{s.split_order}; {cite}"
        for kind in (Spot.BLACKJACK, Spot.DOUBLE):
            if self._has(hand, kind):
                yield self._settled(hand, kind, Outcome.WIN, cite, WIN_ODDS)
        yield HandDiscarded(seat=hand.seat, split_hand=hand.index, cite=s.player_21)

    # -- insurance and the card reader ----------------------------------------------------
    def _read(self, actor: Actor) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        self.check_read(actor)
        hole = state.dealer[1]
        blackjack = is_blackjack(state.dealer)
        yield HoleCardRead(blackjack=blackjack, cite=s.card_reader)
        for hand in state.ordered(reverse=True):
            if hand.status() is HandStatus.SETTLED:
                continue
            insured = self._has(hand, Spot.INSURANCE)
            if blackjack:
                if insured:
                    cite = f"{s.insurance_paid}; {s.insurance_odds}"
                    yield self._settled(hand, Spot.INSURANCE, Outcome.WIN, cite, INSURANCE_ODDS)
                cite = s.surrender_after_reader if hand.surrendered else s.card_reader
                yield self._settled(hand, Spot.BLACKJACK, Outcome.LOSE, cite)
            else:
                if insured:
                    yield self._settled(hand, Spot.INSURANCE, Outcome.LOSE, s.insurance_collected)
                if hand.surrendered:
                    yield self._settled(
                        hand, Spot.BLACKJACK, Outcome.SURRENDER, s.surrender_after_reader
                    )
                    yield HandDiscarded(seat=hand.seat, cite=s.surrender_after_reader)
        if blackjack:
            yield HoleCardTurned(card=hole, cite=s.card_reader)
            if state.exposed:
                yield from self._cover()
                yield CardDiscarded(card=state.shoe[0], cite=s.exposed_in_error)
            yield RoundCompleted(cite=s.discard_rack)
            return
        yield from self._advance()

    # -- decisions ------------------------------------------------------------------------
    def check_decide(
        self, seat: int, decision: Decision, actor: Actor, amount: object = None
    ) -> Hand | None:
        """The hand ``decision`` is made on (``None`` for a late card's option and a
        surrender before the card reader, which need none); refuses it but by the player
        at ``seat``, in turn (:meth:`check_turn`), where the rules of play allow it
        (:meth:`_why_not`; ``amount``: a double down's)."""
        hand = self.check_turn(seat, decision, actor)
        if hand is not None:
            why = self._why_not(hand, decision, amount)
            if why is not None:
                raise why
        return hand

    def check_turn(self, seat: int, decision: Decision, actor: Actor) -> Hand | None:
        """:meth:`check_decide` but the rules of play: the hand ``decision`` is made on
        (``None`` for a late card's option and a surrender before the card reader);
        refuses it but by the player at ``seat``, with the reader working, in turn. In
        play, whether it refuses does not depend on ``decision`` (only its words do)."""
        s, state = SECTIONS, self.state
        self._check_player(seat, actor, s.decisions)
        if state.phase in (Phase.DEAL, Phase.PLAY):
            self._reader_working()
        if decision in (Decision.TAKE_LATE_CARD, Decision.DECLINE_LATE_CARD):
            self._check_late_card_due(seat)
            return None
        if state.phase is Phase.PLAY and state.late_card_due() == seat:
            raise NotYourTurn(
                f"box {seat} first takes the card the dealer missed (take_late_card) or has "
                "the hand called dead (decline_late_card)",
                s.missed_draw,
            )
        if decision is Decision.SURRENDER and state.phase is Phase.READER:
            hand = state.hands.get((seat, 0))
            if hand is None or hand.status() is not HandStatus.PLAYING:
                raise NotYourTurn(f"box {seat} has no hand in play to surrender", s.surrender)
            return None
        if state.phase is Phase.READER:
            raise NotYourTurn(
                "the dealer checks the hole card with the card reader before the players "
                "decide (Insurance and surrender only until then)",
                s.decisions,
            )
        if state.phase is not Phase.PLAY:
            raise NotYourTurn("players decide after the deal, in turn", s.decisions)
        hand = state.to_act()
        if hand is None or hand.seat != seat:
            own = [h for h in state.ordered() if h.seat == seat]
            if decision is Decision.HIT and own and own[-1].total == BLACKJACK_TOTAL:
                raise NotYourTurn(
                    "a player having a hard or soft total of 21 may not draw additional cards",
                    s.no_hit_on_21,
                )
            now = f"box {hand.seat} decides now" if hand is not None else "no player decides now"
            raise NotYourTurn(
                f"the dealer asks each player in turn, clockwise from the dealer's left: {now}, "
                f"not box {seat}",
                s.decisions,
            )
        return hand

    def _check_late_card_due(self, seat: int) -> None:
        """Refuse a late card's option unless ``seat``'s late card is due."""
        state = self.state
        if state.late_card_due() != seat:
            in_play = state.phase is Phase.PLAY and seat not in state.one_card
            cite = SECTIONS.missed_draw if in_play else SECTIONS.no_cards
            raise NotYourTurn(
                f"box {seat} has no late card due now: the option is a box's dealt only "
                "one card, once every other player has received a second card "
                "(673a.13(g)), or a box's whose requested card the dealer missed, once "
                "every other player has received his additional cards (673a.13(h))",
                cite,
            )

    def _decide(self, command: Decide, actor: Actor) -> Iterator[Event]:
        s = SECTIONS
        seat, decision = command.seat, command.decision
        hand = self.check_decide(seat, decision, actor, command.amount)
        if decision in (Decision.TAKE_LATE_CARD, Decision.DECLINE_LATE_CARD):
            yield from self._late_card(seat, decision)
            return
        if hand is None:  # a surrender before the card reader
            yield PlayerDecided(seat=seat, decision=decision, cite=s.surrender_after_reader)
            return
        amount = None
        if decision is Decision.DOUBLE:
            amount = command.amount
        yield PlayerDecided(
            seat=seat,
            split_hand=hand.index,
            decision=decision,
            amount=amount,
            cite=self._decision_cite(hand, decision),
        )
        yield from self._decided(hand, decision, amount)
        yield from self._advance()

    def _decided(self, hand: Hand, decision: Decision, amount: Cents | None) -> Iterator[Event]:
        """What ``decision`` on ``hand`` moves: a wager placed, or the hand settled."""
        s, state, seat = SECTIONS, self.state, hand.seat
        wager = state.wagers[seat][spot_name(Spot.BLACKJACK, hand.index)]
        if decision is Decision.DOUBLE:
            yield WagerPlaced(
                seat=seat, spot=spot_name(Spot.DOUBLE, hand.index), amount=amount, cite=s.double
            )
        elif decision is Decision.SPLIT:
            yield WagerPlaced(
                seat=seat, spot=spot_name(Spot.BLACKJACK, 1), amount=wager, cite=s.split
            )
        elif decision is Decision.SECOND_CHANCE:
            # "the amount of the player's current Blackjack Wager" (673a.7(l)): with a
            # double down, both (the default) or the original alone, as the submission says.
            current = wager
            if self.rules.second_chance_amount is SecondChanceAmount.CURRENT:
                current += state.wagers[seat].get(spot_name(Spot.DOUBLE, hand.index), 0)
            yield WagerPlaced(
                seat=seat,
                spot=spot_name(Spot.SECOND_CHANCE, hand.index),
                amount=current,
                cite=s.second_chance,
            )
        elif decision is Decision.SURRENDER:
            cite = s.surrender_after_reader if state.offers_reader() else s.surrender_now
            yield self._settled(hand, Spot.BLACKJACK, Outcome.SURRENDER, cite)
            yield HandDiscarded(seat=seat, cite=cite)
        elif decision is Decision.DECLINE_SECOND_CHANCE:
            for kind in (Spot.BLACKJACK, Spot.DOUBLE):
                if self._has(hand, kind):
                    yield self._settled(hand, kind, Outcome.LOSE, BUST_CITE)
            yield HandDiscarded(seat=seat, split_hand=hand.index, cite=BUST_CITE)

    def _late_card(self, seat: int, decision: Decision) -> Iterator[Event]:
        """A box dealt only one card takes its late second card or declines it: the
        hand is dead and its Blackjack Wager returned (673a.13(g)). In play, a box whose
        requested card the dealer missed takes it or has the hand called dead
        (673a.13(h))."""
        s, state = SECTIONS, self.state
        if state.phase is Phase.PLAY:
            yield from self._missed_card(seat, decision)
            return
        if decision is Decision.TAKE_LATE_CARD:
            yield PlayerDecided(seat=seat, decision=decision, cite=s.no_cards)
            yield from self._advance()
            return
        cite = f"{s.no_cards}; {LATE_CARD_DECLINED}"
        yield PlayerDecided(seat=seat, decision=decision, cite=cite)
        hand = state.hands[(seat, 0)]
        yield self._settled(hand, Spot.BLACKJACK, Outcome.VOID, cite)
        yield HandDiscarded(seat=seat, cite=cite)
        yield from self._advance()

    def _missed_card(self, seat: int, decision: Decision) -> Iterator[Event]:
        """673a.13(h): "at the player's option, the dealer shall either deal the
        additional card after all other players have received their additional cards but
        prior to the dealer revealing his hole card or call the player's hand dead and
        return the player's original Blackjack Wager." A hand that takes the card plays
        on (``interpretations:missed-requested-card``)."""
        s, state = SECTIONS, self.state
        hand = state.current()
        assert hand is not None and hand.missed
        cite = s.missed_draw
        yield PlayerDecided(seat=seat, split_hand=hand.index, decision=decision, cite=cite)
        if decision is Decision.TAKE_LATE_CARD:
            yield from self._draw(seat, hand.index, True, False, cite)
            if not self._paused():
                yield from self._advance()
            return
        yield self._settled(hand, Spot.BLACKJACK, Outcome.VOID, cite)
        yield HandDiscarded(seat=seat, split_hand=hand.index, cite=cite)
        yield from self._advance()

    def _decision_cite(self, hand: Hand, decision: Decision) -> str:
        s = SECTIONS
        return {
            Decision.HIT: s.hit,
            Decision.STAND: s.decisions,
            Decision.DOUBLE: f"{s.double}; {s.double_after_split}" if hand.split else s.double,
            Decision.SPLIT: s.split,
            Decision.SURRENDER: s.surrender,
            Decision.SECOND_CHANCE: s.second_chance,
            Decision.DECLINE_SECOND_CHANCE: BUST_CITE,
            Decision.REFUSE_CARD: s.exposed_in_error,
            Decision.TAKE_LATE_CARD: s.no_cards,
            Decision.DECLINE_LATE_CARD: s.no_cards,
        }[decision]

    def _why_not(self, hand: Hand, decision: Decision, amount: object) -> IllegalCommand | None:
        """Why ``decision`` is refused on ``hand`` (an error to raise), or ``None``."""
        s, state = SECTIONS, self.state
        if hand.status() is HandStatus.BUST:
            if decision in (Decision.SECOND_CHANCE, Decision.DECLINE_SECOND_CHANCE):
                return None
            return NotYourTurn(
                f"the hand totals {hand.total}, over 21: place a Second Chance Wager or decline it",
                s.second_chance,
            )
        if decision in (Decision.SECOND_CHANCE, Decision.DECLINE_SECOND_CHANCE):
            return NotYourTurn(
                "the Second Chance Wager is offered only when the hand is greater than 21",
                s.second_chance,
            )
        if decision in (Decision.TAKE_LATE_CARD, Decision.DECLINE_LATE_CARD):
            return NotYourTurn(
                "the late second card is offered only to a box dealt one card, during the deal",
                s.no_cards,
            )
        if decision is Decision.REFUSE_CARD:
            if not state.exposed:
                return NotYourTurn("no card drawn in error is exposed", s.exposed_in_error)
            return None
        if (
            decision in (Decision.HIT, Decision.DOUBLE, Decision.SPLIT)
            and hand.seat in state.refused
        ):
            return NotYourTurn(
                "a player who refused an exposed card may not have additional cards dealt",
                s.exposed_in_error,
            )
        if decision in (Decision.HIT, Decision.STAND):
            return None
        if decision is Decision.DOUBLE:
            return self._why_not_double(hand, amount)
        if decision is Decision.SPLIT:
            return self._why_not_split(hand)
        # surrender
        if hand.split or not _two_cards(hand):
            return NotYourTurn(
                "a player may surrender only after his first two cards, before any other decision",
                s.surrender,
            )
        return None

    def _why_not_double(self, hand: Hand, amount: object) -> IllegalCommand | None:
        """Why doubling down ``amount`` on ``hand`` is refused, or ``None``."""
        s = SECTIONS
        if not _two_cards(hand):
            return NotYourTurn(
                "a player may double down only on his first two cards or the first two "
                "cards of a split pair",
                s.double,
            )
        bound = self._double_bound(hand)
        value = require_cents(amount, "a double down", s.double)
        if not bound.low <= value <= bound.high:
            return InvalidWager(
                f"a double down may not exceed the original Blackjack Wager of "
                f"{format_cents(bound.high)}, not {format_cents(value)}",
                s.double,
            )
        return None

    def _double_bound(self, hand: Hand) -> Bound:
        """What doubling down on ``hand`` may add: up to its original Blackjack Wager
        (673a.10(a)); the one range the refusal and the offer read."""
        wager = self.state.wagers[hand.seat][spot_name(Spot.BLACKJACK, hand.index)]
        return Bound(1, wager, SECTIONS.double)

    def _why_not_split(self, hand: Hand) -> IllegalCommand | None:
        """Why splitting ``hand`` is refused, or ``None``."""
        s = SECTIONS
        if hand.split or len([h for h in self.state.hands if h[0] == hand.seat]) >= MAX_HANDS:
            return InvalidWager("a hand may be split into a maximum of two hands", s.split)
        if not _two_cards(hand):
            return NotYourTurn("only the initial two cards may be split", s.split)
        if not same_value(hand.cards[0], hand.cards[1]):
            first, second = hand.cards
            return InvalidWager(
                f"{first.rank.named} and {second.rank.named} are not identical in value: "
                "only a pair of equal "
                "value may be split",
                s.split,
            )
        return None

    # -- the dealer -------------------------------------------------------------------------
    def _play_dealer(self, actor: Actor) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        self.check_play_dealer(actor)
        yield HoleCardTurned(card=state.dealer[1], cite=s.hole_card)
        yield from self._advance()

    def _dealer_draws(self) -> Iterator[Event]:
        s, state = SECTIONS, self.state
        while state.phase is Phase.DEALER:
            value = hand_value(state.dealer)
            if not state.live():
                if state.exposed:
                    yield from self._cover()
                    yield CardDiscarded(card=state.shoe[0], cite=s.exposed_in_error)
                yield DealerHandComplete(total=value.total, cite=s.dealer_no_draw)
                return
            if value.total >= DEALER_STANDS_ON:
                if state.exposed:
                    yield from self._cover()
                    yield CardDiscarded(card=state.shoe[0], cite=s.exposed_in_error)
                yield DealerHandComplete(total=value.total, cite=s.dealer_draws)
                return
            before = len(self.events)
            yield from self._draw(DEALER, 0, True, False, s.dealer_draws)
            if self._paused() or len(self.events) == before:
                return
            value = hand_value(state.dealer)
            yield DealerTotalAnnounced(total=value.total, soft=value.soft, cite=s.dealer_draws)

    # -- settlement -----------------------------------------------------------------------
    def _settle(self, actor: Actor) -> Iterator[Event]:
        s, state, rules = SECTIONS, self.state, self.rules
        self.check_settle(actor)
        dealer = state.dealer_total
        assert dealer is not None
        yield SettlementBegun(
            dealer_total=dealer, cite=s.dealer_22 if dealer == DEALER_PUSH_TOTAL else s.settle
        )
        rows = [self._settled_hand(hand, dealer) for hand in reversed(state.live())]
        if rules.settlement is Settlement.COLLECT_THEN_PAY:
            flat = [e for row in rows for e in row]
            losing = [e for e in flat if e.outcome is Outcome.LOSE]
            others = [e for e in flat if e.outcome is not Outcome.LOSE]
            ordered = [
                e.model_copy(update={"cite": f"{e.cite}; {s.collect_then_pay}"})
                for e in losing + others
            ]
        else:
            ordered = [
                e.model_copy(update={"cite": f"{e.cite}; {s.each_player}"})
                for row in rows
                for e in sorted(row, key=lambda e: e.outcome is not Outcome.LOSE)
            ]
        yield from ordered
        yield RoundCompleted(cite=s.discard_rack)

    def _settled_hand(self, hand: Hand, dealer: int) -> list[WagerSettled]:
        """The settlements of ``hand``'s wagers against the dealer's ``dealer`` total."""
        s = SECTIONS
        kinds = [k for k in (Spot.BLACKJACK, Spot.DOUBLE, Spot.SECOND_CHANCE) if self._has(hand, k)]
        settled: list[WagerSettled] = []
        player = hand.total
        if dealer == DEALER_PUSH_TOTAL:
            settled = [self._settled(hand, k, Outcome.PUSH, s.dealer_22) for k in kinds]
        elif dealer > BLACKJACK_TOTAL or player > dealer:
            why = s.win_dealer_bust if dealer > BLACKJACK_TOTAL else s.win_higher
            if hand.second_chance:
                cite = f"{why}; {s.win_with_second_chance}"
                for kind in kinds:
                    if kind is Spot.SECOND_CHANCE:
                        odds_cite = f"{cite}; {s.second_chance_odds}"
                        settled.append(
                            self._settled(hand, kind, Outcome.WIN, odds_cite, SECOND_CHANCE_ODDS)
                        )
                    else:
                        settled.append(self._settled(hand, kind, Outcome.PUSH, cite))
            else:
                cite = f"{why}; {s.win_without_second_chance}; {s.blackjack_odds}"
                settled = [self._settled(hand, k, Outcome.WIN, cite, WIN_ODDS) for k in kinds]
        elif player == dealer:
            settled = [self._settled(hand, k, Outcome.PUSH, f"{s.tie}; {s.push}") for k in kinds]
        else:
            settled = [
                self._settled(hand, k, Outcome.LOSE, f"{s.lose_lower}; {s.lose}") for k in kinds
            ]
        return settled

    def in_play(self) -> list[tuple[int, str, Cents]]:
        return as_placed(self.state.wagers)

    def _void(self, reason: str, cite: str) -> Iterator[Event]:
        """Void the round: every wager still in play is returned."""
        return void_events(reason, cite, self.in_play())

    # -- irregularities -----------------------------------------------------------------
    @staticmethod
    def irregularity_cite(kind: Irregularity) -> str:
        """The section of 673a.13 behind ``kind``."""
        s = SECTIONS
        return {
            Irregularity.FACE_UP_CARD: s.face_up_card,
            Irregularity.CARD_DRAWN_IN_ERROR: s.drawn_in_error,
            Irregularity.EXPOSED_CARD_DRAWN_IN_ERROR: s.exposed_in_error,
            Irregularity.DEALER_DREW_ON_17: s.dealer_drew_on_17,
            Irregularity.READER_MISUSED: s.reader_misused,
            Irregularity.READER_MALFUNCTION: s.reader_malfunction,
            Irregularity.READER_REPAIRED: s.reader_malfunction,
            Irregularity.SHUFFLER_JAM: s.shuffler_jam,
            Irregularity.SHUFFLER_OUT_OF_ORDER: s.shuffler_out_of_order,
            Irregularity.MISSED_REQUESTED_CARD: s.missed_draw,
        }[kind]

    def why_not_irregularity(self, kind: Irregularity) -> str | None:
        """Why ``kind`` cannot be declared now, or ``None`` if it can."""
        state = self.state
        phase = state.phase
        drawing = phase in (Phase.BETTING, Phase.DEAL, Phase.READER, Phase.PLAY, Phase.DEALER)
        automated = state.shuffling is Shuffling.AUTOMATED
        match kind:
            case Irregularity.FACE_UP_CARD | Irregularity.CARD_DRAWN_IN_ERROR:
                if not drawing or not state.shoe or state.exposed:
                    return "no card is being drawn from the shoe now"
            case Irregularity.EXPOSED_CARD_DRAWN_IN_ERROR:
                after_deal = (Phase.READER, Phase.PLAY, Phase.DEALER)
                if phase not in after_deal or not state.shoe or state.exposed:
                    return "this applies after the initial two cards, while cards are drawn"
            case Irregularity.DEALER_DREW_ON_17:
                if phase is not Phase.SETTLE or state.dealer_blackjack or not state.shoe:
                    return (
                        "the dealer's hand is not complete (at 17 or more, or with no hand "
                        "left against it)"
                    )
            case Irregularity.MISSED_REQUESTED_CARD:
                hand = state.to_act()
                if phase is not Phase.PLAY or hand is None:
                    return "no player is deciding on his hand now"
                if hand.status() is not HandStatus.PLAYING or hand.seat in state.refused:
                    return f"box {hand.seat} may not request a card now"
                if state.reader_down:
                    return "the card reader device malfunctions: the game is stopped"
            case Irregularity.READER_MISUSED:
                if phase is not Phase.PLAY or state.offers_reader() or state.hole_turned:
                    return "the dealer's first card is an ace or ten-value card, or play is over"
            case Irregularity.READER_MALFUNCTION:
                if state.reader_down:
                    return "the card reader is already out of order"
            case Irregularity.READER_REPAIRED:
                if not state.reader_down:
                    return "the card reader is working"
            case Irregularity.SHUFFLER_JAM:
                if not automated or phase not in (Phase.CUT, Phase.LOAD):
                    return "no automated shuffle has just been made"
            case Irregularity.SHUFFLER_OUT_OF_ORDER:
                if not automated or phase is not Phase.SHUFFLE:
                    return "no automated shuffler is about to shuffle"
        return None

    def _irregularity(self, kind: Irregularity, actor: Actor) -> Iterator[Event]:
        state = self.state
        cite = self.check_irregularity(kind, actor)
        yield IrregularityDeclared(irregularity=kind, cite=cite)
        match kind:
            case Irregularity.FACE_UP_CARD | Irregularity.DEALER_DREW_ON_17:
                yield from self._cover()
                yield CardDiscarded(card=state.shoe[0], cite=cite)
            case Irregularity.SHUFFLER_JAM:
                yield ShuffleFailed(cite=cite)
            case Irregularity.SHUFFLER_OUT_OF_ORDER:
                yield ShufflerOutOfOrder(cite=cite)
            case Irregularity.MISSED_REQUESTED_CARD:
                hand = state.to_act()
                assert hand is not None
                yield RequestedCardMissed(seat=hand.seat, split_hand=hand.index, cite=cite)
                yield from self._advance()

    # -- what is legal, what is visible ---------------------------------------------------
    def _deal_offer(self) -> LegalCommand:
        """The deal, and the misdeals the dealer records with it: a card of the dealer's
        missed, boxes dealt no cards or one card, never both (673a.13(e), (g))."""
        s = self.rules.sections
        boxes = sorted(seat for seat, w in self.state.wagers.items() if Spot.BLACKJACK in w)
        missed = choice([False, True], optional=True)
        dealt = offer(
            "DealCards",
            s.deal,
            dealer_missed_first_card=missed,
            dealer_missed_second_card=missed,
            no_cards=Subset(of=tuple(boxes), optional=True),
            one_card=Subset(of=tuple(boxes), optional=True),
        )
        return dealt.model_copy(update={"apart": ("no_cards", "one_card")})

    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        if isinstance(actor, int):
            return self._player_commands(actor)
        return self._dealer_commands()

    def _player_commands(self, seat: int) -> list[LegalCommand]:
        """Each command offered exactly where its check passes (each check asked only in
        the phases it requires, for speed), with what it allows."""
        s, state = SECTIONS, self.state
        phase = state.phase
        legal: list[LegalCommand] = []
        if phase is Phase.CUT and passes(self._check_offered, seat, seat):
            low, high = cut_positions(len(state.stack), MIN_CUT, MIN_CUT)
            position = Integers(low=low, high=high)
            cite = f"{s.cut_offered}; {s.cut_order}"
            legal += [
                offer("AcceptCut", f"{cite}; {s.cut}", seat=seat, position=position),
                offer("RefuseCut", cite, seat=seat),
            ]
        insured = checked(self.wager_bound, seat, Spot.INSURANCE) if phase is Phase.READER else None
        if insured is not None:
            amount = Amount(low=insured.low, high=insured.high)
            spot = choice([Spot.INSURANCE])
            legal.append(
                offer("PlaceWager", s.insurance_limit, seat=seat, spot=spot, amount=amount)
            )
        if phase is Phase.READER and passes(self.check_decide, seat, Decision.SURRENDER, seat):
            surrender = choice([Decision.SURRENDER])
            legal.append(
                offer("Decide", s.surrender, seat=seat, decision=surrender)
                .said_by_choice()
                .giving_up()
            )
        if phase not in (Phase.DEAL, Phase.PLAY):
            return legal
        # The late card's two options pass or fail check_decide together, only for the
        # box whose late card is due (asked only of it, for speed).
        due = state.late_card_due() == seat
        if due and passes(self.check_decide, seat, Decision.TAKE_LATE_CARD, seat):
            cite = s.no_cards if phase is Phase.DEAL else s.missed_draw
            late = offer("Decide", cite, seat=seat, decision=choice(LATE_CARD))
            legal.append(late.said_by_choice())
            return legal
        # check_decide is check_turn (the same for every decision in play, and only for the
        # box whose hand is to act), then _why_not.
        hand = state.to_act() if phase is Phase.PLAY else None
        if hand is None or hand.seat != seat or not passes(self.check_turn, seat, STAND, seat):
            return legal
        return legal + self._decision_offers(hand)

    def _decision_offers(self, hand: Hand) -> list[LegalCommand]:
        """The decisions offered on ``hand``, the one to act (its turn checked)."""
        s, seat = SECTIONS, hand.seat
        legal: list[LegalCommand] = []
        decisions = [
            d
            for d in Decision
            if d is not Decision.DOUBLE
            and d not in LATE_CARD
            and self._why_not(hand, d, None) is None
        ]
        if decisions:
            chosen = offer("Decide", s.decisions, seat=seat, decision=choice(decisions))
            legal.append(chosen.said_by_choice())
        if self._why_not(hand, Decision.DOUBLE, 1) is None:
            bound = self._double_bound(hand)
            double = choice([Decision.DOUBLE])
            amount = Amount(low=bound.low, high=bound.high)
            legal.append(
                offer(
                    "Decide", s.double, seat=seat, decision=double, amount=amount
                ).said_by_choice()
            )
        return legal

    def _dealer_commands(self) -> list[LegalCommand]:
        """Each command offered exactly where its check passes (each check asked only in
        the phase it requires, for speed), with what it allows."""
        s, state = SECTIONS, self.state
        phase = state.phase
        legal: list[LegalCommand] = []
        if phase is Phase.SHUFFLE and passes(self.check_shuffle, DEALER):
            legal.append(offer("ShuffleCards", s.shuffle))
        if phase is Phase.CUT and passes(self.check_cut, DEALER):
            size = len(state.stack)
            least, most = cover_positions(size, COVER_FRACTION)
            low, high = cut_positions(size, MIN_CUT, MIN_CUT)
            if state.cut_accepted is not None:  # the box placed the cover card (673a.5(d))
                low = high = state.cut_accepted[1]
            legal.append(
                offer(
                    "CutCards",
                    f"{s.cut_order}; {s.cut}",
                    position=Integers(low=low, high=high),
                    cover_from_bottom=Integers(low=least, high=most),
                    cutter=choice(state.cut_entitled(), _cutter),
                )
            )
        if phase is Phase.LOAD and passes(self.check_load, DEALER):
            legal.append(offer("LoadShoe", s.shoe))
        if phase is Phase.LOAD and passes(self.check_recut, DEALER):
            legal.append(offer("RequireRecut", s.recut))
        if phase is Phase.BURN and passes(self.check_burn, DEALER):
            legal.append(offer("BurnCard", s.burn))
        if phase is Phase.BETTING and passes(self.check_deal, DEALER):
            legal.append(self._deal_offer())
        if phase is Phase.READER and passes(self.check_read, DEALER):
            legal.append(offer("ReadHoleCard", s.card_reader))
        if (
            phase is Phase.PLAY
            and state.current() is None  # which check_play_dealer requires
            and passes(self.check_play_dealer, DEALER)
        ):
            legal.append(offer("PlayDealerHand", s.hole_card))
        if phase is Phase.SETTLE and passes(self.check_settle, DEALER):
            legal.append(offer("SettleWagers", s.settle))
        # check_irregularity, for the dealer: whether why_not_irregularity says why not.
        kinds = [k for k in Irregularity if self.why_not_irregularity(k) is None]
        if kinds:
            cite = "; ".join(sorted({self.irregularity_cite(k) for k in kinds}))
            legal.append(offer("DeclareIrregularity", cite, irregularity=choice(kinds)))
        return legal

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """What ``actor`` may see (JSON-ready): ``None`` is the public view, a box sees the
        same (every player card is dealt face up), and ``"dealer"`` is the surveillance
        view adding the hole card, the shoe, the stack, the burned cards and the discard
        rack. The hole card is ``null`` until it is turned up (673a.7(h), (n))."""
        state = self.state
        dealer_view = actor == DEALER
        dealer_cards = [
            str(card) if (n == 0 or state.hole_turned or dealer_view) else None
            for n, card in enumerate(state.dealer)
        ]
        hands = {f"{hand.seat}.{hand.index + 1}": _hand_view(hand) for hand in state.ordered()}
        to_act = state.to_act()
        view: dict[str, Any] = {
            **view_head(self, actor),
            "batch": state.batch,
            "shuffling": str(state.shuffling),
            "barred": list(state.barred),
            "cut_offer": list(state.cut_offer),
            "cut_refused": list(state.cut_refused),
            "cut_offered_to": state.cut_offered_to(),
            "cut_accepted": (
                None
                if state.cut_accepted is None
                else {"seat": state.cut_accepted[0], "position": state.cut_accepted[1]}
            ),
            "late_card_due": state.late_card_due(),
            "cards_in_shoe": len(state.shoe),
            "cover_card_reached": state.cover_reached,
            "wagers": {str(seat): dict(wagers) for seat, wagers in sorted(state.wagers.items())},
            "hands": hands,
            "dealer": dealer_cards,
            "dealer_total": hand_value(state.dealer).total if state.hole_turned else None,
            "to_act": None if to_act is None else f"{to_act.seat}.{to_act.index + 1}",
            "reader_down": state.reader_down,
            "discards": [str(card) for card in state.discards],
            "settlements": [_settled_view(e) for e in state.settlements],
            "void_reason": state.void_reason,
        }
        return (view | _surveillance_view(state)) if dealer_view else view


def _settled_view(event: WagerSettled) -> dict[str, Any]:
    """A settlement as the views show it; a surrendered hand lost to the dealer's
    Blackjack says why, with its rule (673a.9(a)(2))."""
    out = event.model_dump(mode="json")
    if event.outcome is Outcome.LOSE and event.cite == SECTIONS.surrender_after_reader:
        out["said"] = f"{SURRENDER_LOST} ({shown(event.cite)})"
    return out


def _hand_view(hand: Hand) -> dict[str, Any]:
    """A box's hand as every view shows it."""
    return {
        "cards": [str(card) for card in hand.cards],
        "second_chance_card": (
            str(hand.second_chance_card) if hand.second_chance_card is not None else None
        ),
        "total": hand.total if hand.cards else None,
        # An ace counted 11 (673a.3(d)): "soft 14" as a player reads A-3 (none once a
        # Second Chance card is subtracted).
        "soft": bool(hand.cards)
        and hand.second_chance_card is None
        and hand_value(hand.cards).soft,
        "status": str(hand.status()),
    }


def _surveillance_view(state: DoubleBackJackState) -> dict[str, Any]:
    """What the dealer's (surveillance) view adds: the shoe, the stack, the burned cards
    and the discard rack."""
    return {
        "shoe": [str(card) for card in state.shoe],
        "cover_at": state.cover_at,
        "stack": [str(card) for card in state.stack],
        "burned": [str(card) for card in state.burned],
        "discard_rack": [
            {"label": label, "cards": [str(card) for card in cards]}
            for label, cards in state.discard_rack
        ],
    }


def _two_cards(hand: Hand) -> bool:
    """Whether ``hand`` holds its first two cards, no decision taken on it yet."""
    return len(hand.cards) == 2 and not hand.decided
