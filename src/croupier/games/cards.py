"""The card-handling procedure the card chapters share: one implementation of the
shuffle, the cut, the deal and the stub, cited to each chapter's own sections.

Criss-Cross Poker (674a) and Go Fore It (676a) deal from one 52-card deck by the same
procedure: "no more bets", the shuffle (by hand, then cut with the cover card; or by an
automated shuffler, not cut, which may count the cards), a recut a floorperson may
require before the first card, the deal (one card at a time from a manual shoe or the
hand, or stacks from an automated dealing shoe), the stub to the discard rack, counted at
least once every 5 rounds unless the shuffler counts, and a wrong count that voids the
round (674a.5, 674a.8-674a.10, 676a.5, 676a.8-676a.10). Double Back Jack (673a) shares
a few of the events.

- The **commands** (:class:`ShuffleCards`, :class:`CutCards`, :class:`RequireRecut`,
  :class:`DealCards`, :class:`CountStub`, :class:`DiscardStub`,
  :class:`ResolveMiscount`) and **events** (:class:`DeckShuffled`, :class:`DeckCut`,
  :class:`CardDealt`, :class:`StubCounted`, :class:`StubDiscarded`, ...) are defined
  once; each game module re-exports them under the same names. Events whose fields name
  a chapter's own types (its ``Shuffling``, its hand ids, its ``Device``) are generic
  and each game subclasses them with its types: the JSON is the same.
- :class:`CardState` is what the procedure keeps of a round; each game's state extends it.
- :class:`CardRound` is a :class:`~croupier.games._wagering.WageringRound` (its wagers
  placed, withdrawn, closed and voided by the shared wagering base) that implements the
  procedure for a game's state (fold, commands, replay, the dealer's legal commands, the
  irregularities of the deck and the equipment, the equipment part of the views): the
  game names its :class:`CardSections` (``SECTIONS``), its dealing procedures' sections
  (``PROCEDURE_SECTIONS``), its :class:`CardPhases` and its event classes, and gives
  its deal plan and its wagering hooks.
- :func:`check_setup` checks a round's equipment against the Rules Submission; the table
  across rounds is :class:`~croupier.games.card_table.CardTable`.

Every event cites the section of its own chapter: the sections are the game's data.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    RoundVoided,
    WagerSettled,
)
from croupier.equipment.cards import (
    MIN_CUT_FROM_TOP,
    Card,
    CardRules,
    CardText,
    DealingProcedure,
    DiscardRack,
    EquipmentSections,
    ProcedureSections,
    cut,
    deck,
    shuffled,
)
from croupier.errors import IllegalCommand, InvalidWager, NotYourTurn, OtherSeat, ReplayError
from croupier.games import _wagering
from croupier.games._common import (
    dealer_for,
    dealer_only,
    empty_seat,
    passes,
    require_phase,
    settled,
    view_head,
    void_events,
)
from croupier.games._wagering import (
    AnnounceNoMoreBets,
    PlaceWager,
    VoidRound,
    WageringRound,
    WagerWithdrawn,
    WithdrawWager,
    as_placed,
    offers_by_check,
    take_wager,
)
from croupier.money import Cents
from croupier.offers import Integers, choice, offer
from croupier.rng import Rng, ScriptedRng, shuffle_draws

DECK_SIZE = 52
"""The cards of one deck (674a.3(a), 676a.3(a))."""

MANUAL = "manual"
AUTOMATED = "automated"
"""The values of each chapter's ``Shuffling`` (674a.5(a), 676a.5(a))."""
SHUFFLER = "automated_shuffler"
DEALING_SHOE = "automated_dealing_shoe"
"""The values of each chapter's ``Device`` (674a.13(g), 676a.13(g))."""

MISDEAL_REASON = "misdeal found by the stub count; 52 cards remain"
INCOMPLETE_DECK_REASON = "the stub count shows the deck is not 52 cards"

ShufflingT = TypeVar("ShufflingT", bound=StrEnum)
DeviceT = TypeVar("DeviceT", bound=StrEnum)
HandT = TypeVar("HandT")


# --- the chapter's data ------------------------------------------------------------------
class CardSections(EquipmentSections, Protocol):
    """The sections of a chapter the card procedure cites (a game's ``SECTIONS``)."""

    @property
    def one_deck(self) -> str: ...
    @property
    def shuffle(self) -> str: ...
    @property
    def no_cut(self) -> str: ...
    @property
    def cut_required(self) -> str: ...
    @property
    def cut(self) -> str: ...
    @property
    def recut(self) -> str: ...
    @property
    def out_of_order(self) -> str: ...
    @property
    def seated_only(self) -> str: ...
    @property
    def one_position(self) -> str: ...
    @property
    def discard_rack(self) -> str: ...


class CardSetup(Protocol):
    """The equipment of a round as a table sets it (a ``RoundSetup`` or the command that
    asks for one)."""

    @property
    def deck(self) -> str: ...
    @property
    def shuffling(self) -> StrEnum: ...
    @property
    def shuffler_counts(self) -> bool: ...
    @property
    def dealing_procedure(self) -> DealingProcedure: ...
    @property
    def out_of_order(self) -> tuple[StrEnum, ...]: ...


@dataclass(frozen=True, slots=True)
class CardPhases:
    """A game's phases of the card procedure (members of its own ``Phase``)."""

    betting: StrEnum
    shuffle: StrEnum
    """No more bets: the dealer shuffles."""
    cut: StrEnum
    """A manual shuffle awaits its cut."""
    deal: StrEnum
    stub: StrEnum
    """Every hand has its cards: the stub goes to the discard rack (counted or not)."""
    miscount: StrEnum
    """The stub count was wrong: the dealer determines whether it was a misdeal."""
    after_stub: StrEnum
    """The phase once the stub is in the discard rack."""
    completed: StrEnum
    voided: StrEnum

    @classmethod
    def of(cls, phase: type[StrEnum], after_stub: StrEnum) -> CardPhases:
        """The members ``BETTING``, ``SHUFFLE``, ``CUT``, ``DEAL``, ``STUB``,
        ``MISCOUNT``, ``COMPLETED`` and ``VOIDED`` of a game's ``phase`` enum, and the
        phase that follows the stub."""
        return cls(
            betting=phase["BETTING"],
            shuffle=phase["SHUFFLE"],
            cut=phase["CUT"],
            deal=phase["DEAL"],
            stub=phase["STUB"],
            miscount=phase["MISCOUNT"],
            after_stub=after_stub,
            completed=phase["COMPLETED"],
            voided=phase["VOIDED"],
        )


# --- commands ----------------------------------------------------------------------------
_DEAL = {False: "One card", True: "Every card left"}
_MISDEALT = {True: "Misdeal", False: "Not a misdeal"}


class ShuffleCards(Command):
    """The dealer shuffles, by hand or with the automated shuffler (674a.5(a), 676a.5(a)).

    ``device_count`` is the number of cards a counting shuffler reports (674a.5(b),
    676a.5(b)); ``None`` where it reports 52 or does not count.
    """

    type: Literal["ShuffleCards"] = "ShuffleCards"
    device_count: int | None = None


class CutCards(Command):
    """The dealer inserts the cover card ``position`` cards in from the top (at least 10)
    and moves the cards above it and the cover card to the bottom (674a.5(d), 676a.5(d))."""

    type: Literal["CutCards"] = "CutCards"
    position: int


class RequireRecut(Command):
    """A floorperson requires the cards to be recut, after the cut and before the first
    card is dealt (674a.5(e), 676a.5(e))."""

    type: Literal["RequireRecut"] = "RequireRecut"


class DealCards(Command):
    """The dealer deals the next card (manual shoe, hand) or delivers the next stack
    (automated dealing shoe); with ``all_remaining`` every delivery left."""

    type: Literal["DealCards"] = "DealCards"
    all_remaining: bool = False


class CountStub(Command):
    """The dealer counts the stub face down (674a.8(f), 676a.8(d)). ``counted`` is the
    dealer's count; ``None`` lets croupier count the cards it holds."""

    type: Literal["CountStub"] = "CountStub"
    counted: int | None = None


class DiscardStub(Command):
    """The dealer places the stub in the discard rack uncounted (674a.8(e), 676a.8(c))."""

    type: Literal["DiscardStub"] = "DiscardStub"


class ResolveMiscount(Command):
    """After a wrong stub count the dealer determines whether the cards were misdealt
    (674a.8(h), 674a.9(f), 674a.10(f), 676a.8(f), 676a.9(f), 676a.10(f))."""

    type: Literal["ResolveMiscount"] = "ResolveMiscount"
    misdealt: bool


# --- events ------------------------------------------------------------------------------
class RoundSetup(Event, Generic[ShufflingT, DeviceT]):
    """The equipment of this round, set by the table: the deck in play (its back
    colour), the shuffle, the dealing procedure, whether the stub must be counted this
    round, and devices signed out of order (674a.3, 674a.5, 674a.8(f), 674a.13(g);
    676a.3, 676a.5, 676a.8(d), 676a.13(g))."""

    type: Literal["RoundSetup"] = "RoundSetup"
    deck: str
    shuffling: ShufflingT
    shuffler_counts: bool
    dealing_procedure: DealingProcedure
    stub_count_due: bool
    out_of_order: tuple[DeviceT, ...] = ()


class NoMoreBets(_wagering.NoMoreBets):
    """Wagering is closed; ``players`` (clockwise) are dealt in."""

    players: tuple[int, ...]


class DeckShuffled(Event):
    """The stack after the shuffle, top card first (673a.5(a), 674a.5(a), 676a.5(a)).
    Dealer-only: no player's or public view shows it."""

    type: Literal["DeckShuffled"] = "DeckShuffled"
    stack: tuple[CardText, ...]


class DeckShuffledBy(DeckShuffled, Generic[ShufflingT]):
    """A :class:`DeckShuffled` with how it was shuffled and what a counting automated
    shuffler counted (674a.5(a)-(b), 676a.5(a)-(b))."""

    shuffling: ShufflingT
    device_count: int | None = None


class DeckRemoved(Event):
    """The deck is removed from the table (674a.5(b), 674a.8(h), 676a.5(b), 676a.8(f));
    ``counted`` is the shuffler's count where it found the wrong number."""

    type: Literal["DeckRemoved"] = "DeckRemoved"
    reason: str
    counted: int | None = None


class DeckCut(Event):
    """The cover card went ``position`` cards in from the top; the cards above it and
    the cover card went to the bottom (674a.5(d), 676a.5(d))."""

    type: Literal["DeckCut"] = "DeckCut"
    position: int


class RecutRequired(Event):
    """A floorperson required a recut (673a.5(e), 674a.5(e), 676a.5(e))."""

    type: Literal["RecutRequired"] = "RecutRequired"


class CardDealt(Event, Generic[HandT]):
    """``card`` dealt face down to ``hand`` as its card ``position``. The card is in the
    event for the record and replay; views hide it."""

    type: Literal["CardDealt"] = "CardDealt"
    hand: HandT
    position: int
    card: CardText


class CardDiscarded(Event):
    """A card went face up to the discard rack unused (673a.13(a), (c), (d); 674a.13(a);
    676a.13(a)); it is face up, so every view shows it."""

    type: Literal["CardDiscarded"] = "CardDiscarded"
    card: CardText


class ShuffleFailed(Event):
    """The shuffle did not complete: the cards are reshuffled (673a.13(k), 674a.13(e),
    676a.13(e))."""

    type: Literal["ShuffleFailed"] = "ShuffleFailed"


class EquipmentOutOfOrder(Event, Generic[DeviceT, ShufflingT]):
    """``device`` is covered or signed out of order; another method takes over
    (674a.13(g), 676a.13(g))."""

    type: Literal["EquipmentOutOfOrder"] = "EquipmentOutOfOrder"
    device: DeviceT
    shuffling: ShufflingT
    dealing_procedure: DealingProcedure


class StubCounted(Event):
    """The dealer counted ``counted`` cards in the stub where ``expected`` belong
    (674a.8(f), 676a.8(d))."""

    type: Literal["StubCounted"] = "StubCounted"
    counted: int
    expected: int


class StubDiscarded(Event):
    """The stub of ``cards`` cards went to the discard rack unexposed (674a.8(e), (g);
    676a.8(c), (e))."""

    type: Literal["StubDiscarded"] = "StubDiscarded"
    cards: int


# --- the players and the equipment of a round -------------------------------------------
def check_positions(seats: dict[int, str], sections: CardSections) -> None:
    """Raise :class:`InvalidWager` if one player holds two positions of ``seats`` (seat
    -> player id; 674a.7(g), 676a.7(e))."""
    players = list(seats.values())
    for player in players:
        if players.count(player) > 1:
            taken = sorted(seat for seat, who in seats.items() if who == player)
            raise InvalidWager(
                f"player {player!r} is seated at positions {taken}: a player may not "
                "wager on more than one player position",
                sections.one_position,
            )


def check_setup(rules: CardRules, setup: CardSetup, sections: CardSections) -> None:
    """Raise :class:`IllegalCommand` (citing ``sections``) unless ``setup`` is what
    ``rules`` allow, allowing for equipment signed out of order (674a.13(g), 676a.13(g)):
    a deck of the rules' back colours; the rules' shuffle unless the automated shuffler is
    out of order; their dealing procedure, or a manual shoe once the automated device it
    needs is out of order; the hand only with an automated shuffler (674a.9(a)(1),
    676a.9(a)(1)); a shuffler count only from a counting automated shuffler in use."""
    s = sections
    if setup.deck not in rules.deck_colors:
        raise IllegalCommand(
            f"the deck in play must be one of {list(rules.deck_colors)}, not {setup.deck!r}",
            s.two_decks if rules.decks == 2 else s.one_deck,
        )
    out = set(setup.out_of_order)
    if setup.shuffling != rules.shuffling and not (
        rules.shuffling == AUTOMATED and SHUFFLER in out
    ):
        raise IllegalCommand(
            f"the Rules Submission shuffles {rules.shuffling}: another method may be used "
            "only once the automated shuffler is covered or signed out of order",
            s.out_of_order,
        )
    procedure = setup.dealing_procedure
    if procedure is not rules.dealing_procedure:
        fallback = procedure is DealingProcedure.MANUAL_SHOE and (
            (rules.dealing_procedure is DealingProcedure.AUTOMATED_SHOE and DEALING_SHOE in out)
            or (rules.dealing_procedure is DealingProcedure.HAND and SHUFFLER in out)
        )
        if not fallback:
            raise IllegalCommand(
                f"the Rules Submission deals by {rules.dealing_procedure}: a manual shoe may "
                "be used only once the automated device is covered or signed out of order",
                s.out_of_order,
            )
    if procedure is DealingProcedure.HAND and setup.shuffling != AUTOMATED:
        raise IllegalCommand(
            "cards dealt from the hand must be shuffled by an automated shuffler",
            s.hand_needs_shuffler,
        )
    if setup.shuffler_counts and not (rules.shuffler_counts and setup.shuffling == AUTOMATED):
        raise IllegalCommand(
            "only a counting automated shuffler in use can stand in for the stub count",
            s.shuffler_count,
        )


# --- state -------------------------------------------------------------------------------
@dataclass(kw_only=True)
class CardState:
    """What the card procedure keeps of a round; each game's state extends it (and
    narrows ``rules``, ``phase``, ``shuffling``, ``out_of_order``, ``wagers``, ``hands``
    and ``plan`` to its own types)."""

    rules: Any
    seats: dict[int, str]
    phase: StrEnum
    deck: str = ""
    shuffling: StrEnum
    shuffler_counts: bool = False
    procedure: DealingProcedure = DealingProcedure.MANUAL_SHOE
    stub_count_due: bool = True
    out_of_order: set[Any] = field(default_factory=set)
    wagers: dict[int, dict[Any, Cents]] = field(default_factory=dict)
    """Wagers in play (not settled, not collected): seat -> spot -> cents."""
    players: tuple[int, ...] = ()
    """Seats dealt in at "no more bets", clockwise from the dealer's left."""
    stack: list[Card] = field(default_factory=list)
    """The cards not yet dealt, top first (dealer-only)."""
    cut_done: bool = False
    hands: dict[Any, list[Card]] = field(default_factory=dict)
    plan: list[tuple[Any, int]] = field(default_factory=list)
    """Every card of the deal in order, (hand, position), fixed by the shuffle."""
    dealt: int = 0
    """Cards dealt so far."""
    face_up: list[Card] = field(default_factory=list)
    """Cards found face up in the deck and discarded (674a.13(a), 676a.13(a))."""
    stub_counted: bool = False
    examined: bool = False
    """Each player has seen his own cards (the stub is in the discard rack)."""
    discard_rack: DiscardRack = field(default_factory=DiscardRack)
    settlements: list[WagerSettled] = field(default_factory=list)
    decks_removed: int = 0
    void_reason: str | None = None

    def deal_started(self) -> bool:
        return self.dealt > 0 or bool(self.face_up)

    @abstractmethod
    def next_delivery(self) -> list[tuple[Any, int]]:
        """The next card (manual shoe, hand) or stack (automated dealing shoe) to deal,
        as (hand, position); empty once the deal is complete."""


StateT = TypeVar("StateT", bound=CardState)


# --- the round ---------------------------------------------------------------------------
class CardRound(WageringRound[StateT]):
    """A round dealt from one deck by the procedure of 674a and 676a, its wagers placed,
    withdrawn, closed by "no more bets" and voided by the shared wagering base
    (:class:`~croupier.games._wagering.WageringRound`): more chips on a spot add to its
    wager, a void returns the wagers from the dealer's right in the order placed.

    A game sets :attr:`sections` (its ``SECTIONS``), :attr:`procedures` (its
    ``PROCEDURE_SECTIONS``), :attr:`phases`, the event classes with its own types
    (:attr:`deck_shuffled`, :attr:`card_dealt`, :attr:`equipment_out_of_order`), its
    :attr:`spot_type`, :attr:`title`, the wager that deals a seat in (:attr:`entry_spot`,
    named :attr:`entry_words`), implements :meth:`deal_plan`, the wagering base's
    :meth:`~croupier.games._wagering.WageringRound.betting_sections` and
    :meth:`~croupier.games._wagering.WageringRound.wager_bound`, and its own commands in
    :meth:`decide_game`; its ``evolve`` passes every event to :meth:`evolve_cards`
    first, its ``play_command_for`` every event it does not know to
    :meth:`card_command_for`.
    """

    adds_to_wager = True
    highest_seat_first = True
    spot_type: ClassVar[type[StrEnum]]
    title: ClassVar[str]
    """The game's name as its refusals say it."""
    entry_spot: ClassVar[StrEnum]
    """The wager that deals a seat in at "no more bets"."""
    entry_words: ClassVar[str]

    sections: ClassVar[CardSections]
    procedures: ClassVar[Mapping[DealingProcedure, ProcedureSections]]
    phases: ClassVar[CardPhases]
    deck_shuffled: ClassVar[type[DeckShuffledBy[Any]]]
    card_dealt: ClassVar[type[CardDealt[Any]]]
    equipment_out_of_order: ClassVar[type[EquipmentOutOfOrder[Any, Any]]]

    @abstractmethod
    def deal_plan(self, procedure: DealingProcedure, players: tuple[int, ...]) -> list[Any]:
        """Every card of the deal in order, (hand, position), for ``players``."""

    def procedure_sections(self) -> ProcedureSections:
        """The sections of the dealing procedure this round uses (674a.8-674a.10,
        676a.8-676a.10)."""
        return self.procedures[self.state.procedure]

    @property
    def finished(self) -> bool:
        return self.state.phase in (self.phases.completed, self.phases.voided)

    # -- the wagering base's hooks ---------------------------------------------------------
    def betting_open(self) -> bool:
        return self.state.phase is self.phases.betting

    def spots(self) -> tuple[str, ...]:
        return tuple(self.spot_type)

    def spot_of(self, text: str) -> StrEnum:
        """The spot ``text`` names; refuses a spot not on the layout."""
        if not self.is_spot(text):
            raise InvalidWager(self.why_no_spot(text), self.betting_sections.wagers)
        return self.spot_type(text)

    def refuse_closed(self, spot: str) -> IllegalCommand:
        return NotYourTurn(
            'wagers are closed: a wager may not be made or increased after "no more bets"',
            self.betting_sections.closed,
        )

    def in_play(self) -> list[tuple[int, str, Cents]]:
        return as_placed(self.state.wagers)

    def offered_spots(self, seat: int) -> tuple[str, ...]:
        """The spots a wager of ``seat`` may be offered on now (their checks decide)."""
        return self.spots()

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        """A :class:`PlaceWager` offer per spot of :meth:`offered_spots` its check passes."""
        if not self.betting_open():  # the only phase in which check_spot may pass
            return []
        return offers_by_check(self, seat, self.offered_spots(seat))

    def dealt_in(self) -> tuple[int, ...]:
        """The seats with the wager that deals them in (:attr:`entry_spot`), clockwise."""
        wagers = self.state.wagers
        return tuple(seat for seat in sorted(wagers) if self.entry_spot in wagers[seat])

    def check_no_more_bets(self, actor: Actor) -> None:
        """Refuse "no more bets" but from the dealer, before "no more bets", with a seat
        dealt in (:meth:`dealt_in`)."""
        cite = self.procedure_sections().no_more_bets
        self._dealer_only(actor, 'announce "no more bets"', cite)
        self._phase(self.phases.betting, 'announce "no more bets"', cite)
        if not self.dealt_in():
            raise NotYourTurn(
                f"no player has placed {self.entry_words}: there is no one to deal to",
                self.betting_sections.none_wagered,
            )

    def closing_events(self) -> Iterator[Event]:
        cite = self.procedure_sections().no_more_bets
        yield NoMoreBets(players=self.dealt_in(), cite=cite)

    # -- withdrawing (the wagering base's, where the game declares its withdrawal_rule) --
    def nothing_to_withdraw(self, seat: int, spot: str) -> str:
        return f"seat {seat} has no {self.wager_words(self.spot_type(spot))} to withdraw"

    def wager_words(self, spot: StrEnum) -> str:
        """The wager on ``spot`` in words, as a refusal says it: ``"Ante wager"`` (a game
        whose regulation names its wagers says them so; else the spot's words:
        ``"Ante across wager"``)."""
        return f"{self.spot_label(str(spot))} wager"

    # -- fold -----------------------------------------------------------------------------
    def evolve_cards(self, state: StateT, event: Event) -> bool:
        """Apply ``event`` if it is one of the card procedure's; ``False`` otherwise."""
        phases = self.phases
        match event:
            case CardDealt():
                self._deal_card(state, event)
            case WagerSettled(seat=seat, spot=spot):
                take_wager(state.wagers, seat, spot)
                state.settlements.append(event)
            case WagerWithdrawn(seat=seat, spot=spot):
                self._expect(state, event, phases.betting)
                take_wager(state.wagers, seat, spot)
            case NoMoreBets(players=players):
                self._expect(state, event, phases.betting)
                state.players = players
                state.phase = phases.shuffle
            case CardDiscarded():
                self._discard_face_up(state, event)
            case EquipmentOutOfOrder():
                self._out_of_order(state, event)
            case RoundVoided(reason=reason):
                state.void_reason = reason
                state.phase = phases.voided
            case _:
                return self._evolve_deck(state, event)
        return True

    def _evolve_deck(self, state: StateT, event: Event) -> bool:
        """:meth:`evolve_cards` for the deck's events: shuffled, cut, the stub; ``False``
        for another."""
        phases = self.phases
        match event:
            case DeckShuffled(stack=stack):
                self._expect(state, event, phases.shuffle)
                state.stack = list(stack)
                state.cut_done = False
                state.phase = phases.cut if state.shuffling == MANUAL else phases.deal
                state.plan = self.deal_plan(state.procedure, state.players)
            case DeckRemoved():
                state.decks_removed += 1
            case DeckCut(position=position):
                self._expect(state, event, phases.cut)
                after = cut(state.stack, position, self.sections.cut)
                state.stack = [card for card in after if isinstance(card, Card)]
                state.cut_done = True
                state.phase = phases.deal
            case RecutRequired():
                self._expect(state, event, phases.deal)
                state.phase = phases.cut
            case ShuffleFailed():
                self._expect(state, event, phases.cut, phases.deal)
                state.stack = []
                state.phase = phases.shuffle
            case StubCounted(counted=counted, expected=expected):
                self._expect(state, event, phases.stub)
                state.stub_counted = True
                if counted != expected:
                    state.phase = phases.miscount
            case StubDiscarded():
                self._expect(state, event, phases.stub)
                state.discard_rack.place("stub", state.stack)
                state.stack = []
                state.examined = True
                state.phase = phases.after_stub
            case _:
                return False
        return True

    def _deal_card(self, state: StateT, event: CardDealt[Any]) -> None:
        """The next card of the deal plan to its hand; the stub's turn after the last."""
        self._expect(state, event, self.phases.deal)
        expected = state.plan[state.dealt] if state.dealt < len(state.plan) else None
        card = event.card
        if expected != (event.hand, event.position) or not state.stack or state.stack[0] != card:
            raise ReplayError(f"{event!r} is not the next card of the deal", "engine:replay")
        state.stack.pop(0)
        state.hands.setdefault(event.hand, []).append(card)
        state.dealt += 1
        if state.dealt == len(state.plan):
            state.phase = self.phases.stub

    def _discard_face_up(self, state: StateT, event: CardDiscarded) -> None:
        """The next card, found face up, to the discard rack (674a.13(a), 676a.13(a))."""
        self._expect(state, event, self.phases.deal)
        if not state.stack or state.stack[0] != event.card:
            raise ReplayError(f"{event!r} is not the next card", "engine:replay")
        state.stack.pop(0)
        state.face_up.append(event.card)
        state.discard_rack.place("face-up card", [event.card])

    def _out_of_order(self, state: StateT, event: EquipmentOutOfOrder[Any, Any]) -> None:
        """A device signed out of order (674a.13(g), 676a.13(g)): the round goes on with the
        event's shuffle and dealing procedure; a shuffler's stack is shuffled again, a deal
        still to come is planned again."""
        state.out_of_order.add(event.device)
        state.shuffling = event.shuffling
        state.procedure = event.dealing_procedure
        state.shuffler_counts = False
        if event.device == SHUFFLER:
            state.stack = []
            state.phase = self.phases.shuffle
        elif state.plan:
            state.plan = self.deal_plan(state.procedure, state.players)

    def set_up(self, state: StateT, setup: RoundSetup[Any, Any]) -> None:
        """Take in the table's equipment for the round."""
        state.deck = setup.deck
        state.shuffling = setup.shuffling
        state.shuffler_counts = setup.shuffler_counts
        state.procedure = setup.dealing_procedure
        state.stub_count_due = setup.stub_count_due
        state.out_of_order = set(setup.out_of_order)

    @staticmethod
    def _expect(state: CardState, event: Event, *phases: StrEnum) -> None:
        if state.phase not in phases:
            raise ReplayError(
                f"{type(event).__name__} cannot follow phase {state.phase}", "engine:replay"
            )

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """The game's own command (:meth:`game_command_for`), else a card command's (a
        withdrawal's is the wagering base's)."""
        return self.game_command_for(event, following) or self.card_command_for(event)

    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """As the wagering base's, but a void that opens a command with another cite than
        the dealer's void is the dealer's finding after a wrong stub count."""
        match event:
            case RoundVoided(reason=reason, cite=cite) if cite != self.betting_sections.void:
                return ResolveMiscount(misdealt=reason == MISDEAL_REASON), DEALER, None
        return super().command_for(event, following)

    def game_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """The game's own command that caused ``event`` (``None`` if not one of them)."""
        return None

    def card_command_for(self, event: Event) -> tuple[Command, Actor, Rng | None] | None:
        """The dealer's command that caused card event ``event`` (see ``command_for``)."""
        match event:
            case DeckShuffled(stack=stack):
                try:
                    draws = shuffle_draws(deck(), stack)
                except ValueError as error:
                    raise ReplayError(
                        f"{event!r} is not a shuffle of one deck: {error}", "engine:replay"
                    ) from None
                count = event.device_count if isinstance(event, DeckShuffledBy) else None
                return ShuffleCards(device_count=count), DEALER, ScriptedRng(draws)
            case DeckCut(position=position):
                return CutCards(position=position), DEALER, None
            case RecutRequired():
                return RequireRecut(), DEALER, None
            case CardDealt():
                return DealCards(), DEALER, None
            case StubCounted(counted=counted):
                return CountStub(counted=counted), DEALER, None
            case StubDiscarded():
                return DiscardStub(), DEALER, None
        return None

    # -- commands -------------------------------------------------------------------------
    _dealer_only = staticmethod(dealer_only)

    def _phase(self, phase: StrEnum, what: str, cite: str) -> None:
        require_phase(self.state, phase, what, cite)

    def check_seat(self, seat: int, actor: Actor) -> None:
        """Raise :class:`NotYourTurn` unless ``actor`` is the player seated at ``seat``
        (674a.7(b); 676a.7(b)): the dealer's and one for another player's position a
        permission (403), one for a position nobody holds, or its player left during the
        round (:attr:`vacated`), the table as it stands (409)."""
        s = self.sections
        if actor == DEALER:
            raise OtherSeat(dealer_for(seat), s.seated_only)
        if self.seat_empty(seat, self.state.seats):
            raise empty_seat(seat, s.seated_only)
        if actor != seat:
            raise OtherSeat(
                f"seat {seat} is another player's: a player wagers and acts only for "
                "the seat he sits at",
                s.seated_only,
            )

    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        """A card command, else the game's own (:meth:`decide_game`); a withdrawal is the
        wagering base's."""
        events = self.decide_cards(command, actor)
        return self.decide_game(command, actor) if events is None else events

    @abstractmethod
    def decide_game(self, command: Command, actor: Actor) -> Iterator[Event]:
        """The game's own commands (as :meth:`decide_play`)."""

    def decide_cards(self, command: Command, actor: Actor) -> Iterator[Event] | None:
        """The events of card command ``command``; ``None`` if it is not one."""
        match command:
            case ShuffleCards(device_count=device_count):
                return iter((self._shuffle(device_count, actor),))
            case CutCards(position=position):
                return iter((self._cut(position, actor),))
            case RequireRecut():
                return iter((self._recut(actor),))
            case DealCards(all_remaining=all_remaining):
                return self._deal(all_remaining, actor)
            case CountStub(counted=counted):
                return self._count_stub(counted, actor)
            case DiscardStub():
                return iter((self._discard_stub(actor),))
            case ResolveMiscount(misdealt=misdealt):
                return self._resolve_miscount(misdealt, actor)
        return None

    # The checks, one per card command: each refuses the command (changing nothing) and,
    # through :func:`passes`, decides whether :meth:`card_commands` offers it.
    def check_shuffle(self, actor: Actor) -> None:
        """Refuse a shuffle but by the dealer, in the shuffle phase."""
        s = self.sections
        self._dealer_only(actor, "shuffle", s.shuffle)
        self._phase(self.phases.shuffle, "shuffle", s.shuffle)

    def check_cut(self, actor: Actor) -> None:
        """Refuse a cut but by the dealer, of cards shuffled by hand, before the deal."""
        s, state = self.sections, self.state
        self._dealer_only(actor, "cut the cards", s.cut)
        if state.phase is self.phases.deal and not state.cut_done:
            raise NotYourTurn("cards shuffled by an automated shuffler are not cut", s.no_cut)
        self._phase(self.phases.cut, "cut the cards", s.cut_required)

    def check_recut(self, actor: Actor) -> None:
        """Refuse a recut but by the dealer, after a cut and before any card is dealt."""
        s, state = self.sections, self.state
        self._dealer_only(actor, "require a recut", s.recut)
        if state.phase is not self.phases.deal or not state.cut_done:
            raise NotYourTurn("there is no cut to redo", s.recut)
        if state.deal_started():
            raise NotYourTurn(
                "a recut may be required only before any cards have been dealt", s.recut
            )

    def check_deal(self, actor: Actor) -> None:
        """Refuse a deal but by the dealer, in the deal phase (after the cut)."""
        cite = self.procedure_sections().deal
        self._dealer_only(actor, "deal", cite)
        if self.state.phase is self.phases.cut:
            raise NotYourTurn(
                "cards shuffled by hand are cut before they are dealt",
                self.sections.cut_required,
            )
        self._phase(self.phases.deal, "deal", cite)

    def check_count_stub(self, actor: Actor) -> None:
        """Refuse a count of the stub but by the dealer, in the stub phase."""
        p = self.procedure_sections()
        self._dealer_only(actor, "count the stub", p.stub_count)
        self._phase(self.phases.stub, "count the stub", p.stub)

    def check_discard_stub(self, actor: Actor) -> None:
        """Refuse the stub's discard but by the dealer, in the stub phase, once counted
        where a count is due."""
        state, p = self.state, self.procedure_sections()
        self._dealer_only(actor, "place the stub in the discard rack", p.stub)
        self._phase(self.phases.stub, "place the stub in the discard rack", p.stub)
        if state.stub_count_due and not state.stub_counted:
            raise NotYourTurn(
                "the stub must be counted this round: it is counted at least once every "
                f"{state.rules.stub_count_every} rounds when the shuffler does not count",
                p.stub_count,
            )

    def check_resolve_miscount(self, actor: Actor) -> None:
        """Refuse the determination of a misdeal but by the dealer, after a wrong count."""
        p = self.procedure_sections()
        self._dealer_only(actor, "determine a misdeal", p.miscount)
        self._phase(self.phases.miscount, "determine a misdeal", p.miscount)

    def _shuffle(self, device_count: int | None, actor: Actor) -> Event:
        s, state = self.sections, self.state
        self.check_shuffle(actor)
        if device_count is not None:
            if not state.shuffler_counts:
                raise IllegalCommand(
                    "this round's shuffle is not counted by a counting automated shuffler",
                    s.shuffler_count,
                )
            if device_count != DECK_SIZE:
                return DeckRemoved(
                    reason=f"the automated shuffler counted {device_count} cards, not 52",
                    counted=device_count,
                    cite=s.shuffler_count,
                )
        stack = shuffled(self.draw())
        return self.deck_shuffled(
            stack=tuple(stack),
            shuffling=state.shuffling,
            device_count=device_count,
            cite=s.shuffle if state.shuffling == MANUAL else f"{s.shuffle}; {s.no_cut}",
        )

    def _cut(self, position: int, actor: Actor) -> DeckCut:
        s = self.sections
        self.check_cut(actor)
        if not MIN_CUT_FROM_TOP <= position < DECK_SIZE:
            raise IllegalCommand(
                f"the cover card goes at least {MIN_CUT_FROM_TOP} cards in from the top of "
                f"the {DECK_SIZE}-card stack, and within it: 10 to 51, not {position}",
                s.cut,
            )
        return DeckCut(position=position, cite=s.cut)

    def _recut(self, actor: Actor) -> RecutRequired:
        self.check_recut(actor)
        return RecutRequired(cite=self.sections.recut)

    def _deal(self, all_remaining: bool, actor: Actor) -> Iterator[Event]:
        state = self.state
        cite = self.procedure_sections().deal
        self.check_deal(actor)
        while True:
            delivery = state.next_delivery()
            if not delivery:
                return
            for hand, position in delivery:
                yield self.card_dealt(hand=hand, position=position, card=state.stack[0], cite=cite)
            if not all_remaining:
                return

    def _count_stub(self, counted: int | None, actor: Actor) -> Iterator[Event]:
        state, p = self.state, self.procedure_sections()
        self.check_count_stub(actor)
        expected = len(state.stack)
        if counted is not None and (isinstance(counted, bool) or not 0 <= counted <= DECK_SIZE):
            raise IllegalCommand(
                f"a count of the stub's cards is 0 to {DECK_SIZE} (one deck), not {counted}",
                p.stub_count,
            )
        count = expected if counted is None else counted
        yield StubCounted(counted=count, expected=expected, cite=p.stub_count)
        if count == expected:
            yield StubDiscarded(cards=expected, cite=p.stub_correct)

    def _discard_stub(self, actor: Actor) -> StubDiscarded:
        self.check_discard_stub(actor)
        return StubDiscarded(cards=len(self.state.stack), cite=self.procedure_sections().stub)

    def _resolve_miscount(self, misdealt: bool, actor: Actor) -> Iterator[Event]:
        p = self.procedure_sections()
        self.check_resolve_miscount(actor)
        yield from self.misdeal_determined(misdealt, p.miscount)
        if misdealt:
            yield from self._void(MISDEAL_REASON, p.miscount)
            return
        yield from self._void(INCOMPLETE_DECK_REASON, p.miscount)
        yield DeckRemoved(reason="the stub count shows the deck is incomplete", cite=p.miscount)

    # -- irregularities -------------------------------------------------------------------
    def card_irregularity(self, kind: StrEnum, declared: Event, cite: str) -> Iterator[Event]:
        """``declared`` and what follows it for an irregularity of the deck, the deal or
        the equipment (674a.13(a), (b), (e)-(g); 676a.13(a), (b), (e)-(g)): a card found
        face up is discarded and a second voids the round; a card drawn in error is used;
        a jammed shuffler reshuffles; a failed dealing shoe voids the round; a device out
        of order gives way to the shuffle by hand and the manual shoe. ``kind`` is the
        value of the game's ``Irregularity``; :meth:`why_not_card_irregularity` says when
        each may be declared."""
        s, state = self.sections, self.state
        yield declared
        match kind:
            case "face_up_card":
                again = bool(state.face_up)
                yield CardDiscarded(card=state.stack[0], cite=cite)
                if again:
                    yield from self._void("more than one card found face up in the deck", cite)
            case "shuffler_jam":
                yield ShuffleFailed(cite=cite)
            case "dealing_shoe_fault":
                yield from self._void(
                    "the automated dealing shoe failed to deal; the cards are reshuffled", cite
                )
            case "shuffler_out_of_order":
                procedure = state.procedure
                if procedure is DealingProcedure.HAND:
                    procedure = DealingProcedure.MANUAL_SHOE
                yield self.equipment_out_of_order(
                    device=SHUFFLER,
                    shuffling=MANUAL,
                    dealing_procedure=procedure,
                    cite=s.out_of_order
                    if procedure is state.procedure
                    else f"{s.out_of_order}; {s.hand_needs_shuffler}",
                )
            case "dealing_shoe_out_of_order":
                yield self.equipment_out_of_order(
                    device=DEALING_SHOE,
                    shuffling=state.shuffling,
                    dealing_procedure=DealingProcedure.MANUAL_SHOE,
                    cite=s.out_of_order,
                )

    def why_not_card_irregularity(self, kind: StrEnum) -> str | None:
        """Why the irregularity ``kind`` of :meth:`card_irregularity` cannot be declared
        now, or ``None`` if it can (``None`` too for any other kind)."""
        state, phases = self.state, self.phases
        phase = state.phase
        dealing = phase is phases.deal and bool(state.next_delivery())
        before_deal = phase in (phases.shuffle, phases.cut) or (
            phase is phases.deal and not state.deal_started()
        )
        automated_shuffle = state.shuffling == AUTOMATED
        automated_shoe = state.procedure is DealingProcedure.AUTOMATED_SHOE
        match kind:
            case "face_up_card" | "card_drawn_in_error":
                if not dealing:
                    return "this applies while the cards are being dealt"
            case "shuffler_jam":
                if not automated_shuffle:
                    return "this round is not shuffled by an automated shuffler"
                if not (phase is phases.deal and not state.deal_started()):
                    return "a shuffle can fail only between the shuffle and the first card"
            case "dealing_shoe_fault":
                if not automated_shoe:
                    return "this round is not dealt from an automated dealing shoe"
                if phase is not phases.deal:
                    return "the dealing shoe can fail only while it deals"
            case "shuffler_out_of_order":
                if not automated_shuffle:
                    return "this round uses no automated shuffler"
                if not before_deal:
                    return "another method may be used only before the deal begins"
            case "dealing_shoe_out_of_order":
                if not automated_shoe:
                    return "this round uses no automated dealing shoe"
                if not before_deal:
                    return "another method may be used only before the deal begins"
        return None

    @staticmethod
    def _lose(seat: int, spot: StrEnum, amount: Cents, cite: str) -> WagerSettled:
        return settled(seat, spot.value, amount, cite)

    def misdeal_determined(self, misdealt: bool, cite: str) -> Iterator[Event]:
        """Events recording the dealer's determination after a wrong stub count, before
        the round is voided (none by default)."""
        return iter(())

    def _void(self, reason: str, cite: str) -> Iterator[Event]:
        """Void the round: every wager still in play is returned."""
        return void_events(reason, cite, self.in_play())

    # -- what may be done and seen -----------------------------------------------------------
    def card_commands(self) -> list[LegalCommand]:
        """The dealer's card commands (shuffle to the stub), each offered exactly where its
        check passes (each check asked only in the phase it requires, for speed)."""
        s, p = self.sections, self.procedure_sections()
        phase, phases = self.state.phase, self.phases
        legal = []
        if phase is phases.shuffle and passes(self.check_shuffle, DEALER):
            legal.append(offer("ShuffleCards", s.shuffle))
        if phase is phases.cut and passes(self.check_cut, DEALER):
            position = Integers(low=MIN_CUT_FROM_TOP, high=DECK_SIZE - 1)
            legal.append(offer("CutCards", s.cut, position=position))
        if phase is phases.deal and passes(self.check_deal, DEALER):
            remaining = choice((False, True), _DEAL, optional=True)
            legal.append(offer("DealCards", p.deal, all_remaining=remaining))
        if phase is phases.deal and passes(self.check_recut, DEALER):
            legal.append(offer("RequireRecut", s.recut))
        if phase is phases.stub and passes(self.check_count_stub, DEALER):
            counted = Integers(low=0, high=DECK_SIZE, optional=True)
            legal.append(offer("CountStub", p.stub_count, counted=counted))
        if phase is phases.stub and passes(self.check_discard_stub, DEALER):
            legal.append(offer("DiscardStub", p.stub))
        if phase is phases.miscount and passes(self.check_resolve_miscount, DEALER):
            misdealt = choice((True, False), _MISDEALT)
            legal.append(offer("ResolveMiscount", p.miscount, misdealt=misdealt))
        return legal

    @abstractmethod
    def visible(self, actor: Actor | None, hand: Any, position: int) -> bool:
        """Whether ``actor`` (``None``: the public) may see card ``position`` of ``hand``."""

    def visible_hands(self, actor: Actor | None) -> dict[str, list[str | None]]:
        """Every hand's cards as ``actor`` sees them: hidden cards are ``None``."""
        return {
            str(hand): [
                str(card) if self.visible(actor, hand, position) else None
                for position, card in enumerate(cards)
            ]
            for hand, cards in self.state.hands.items()
        }

    def card_view(self, actor: Actor | None) -> dict[str, Any]:
        """The first part of every view: the round, the seats, the equipment (the deck,
        the shuffle, the procedure, the devices out of order), the players dealt in and
        the wagers in play."""
        state = self.state
        return {
            **view_head(self, actor),
            "deck": state.deck,
            "shuffling": str(state.shuffling),
            "dealing_procedure": str(state.procedure),
            "out_of_order": sorted(str(device) for device in state.out_of_order),
            "players": list(state.players),
            "wagers": {
                str(seat): {str(spot): amount for spot, amount in wagers.items()}
                for seat, wagers in state.wagers.items()
            },
        }

    def dealer_view(self) -> dict[str, Any]:
        """What the dealer's (surveillance) view adds: the stack and the discard rack."""
        state = self.state
        return {
            "stack": [str(card) for card in state.stack],
            "discard_rack": [
                {"label": label, "cards": [str(card) for card in cards]}
                for label, cards in state.discard_rack
            ],
        }


__all__ = [
    "AUTOMATED",
    "DEALING_SHOE",
    "DECK_SIZE",
    "INCOMPLETE_DECK_REASON",
    "MANUAL",
    "MISDEAL_REASON",
    "SHUFFLER",
    "AnnounceNoMoreBets",
    "CardDealt",
    "CardDiscarded",
    "CardPhases",
    "CardRound",
    "CardRules",
    "CardSections",
    "CardSetup",
    "CardState",
    "CountStub",
    "CutCards",
    "DealCards",
    "DeckCut",
    "DeckRemoved",
    "DeckShuffled",
    "DeckShuffledBy",
    "DiscardStub",
    "EquipmentOutOfOrder",
    "NoMoreBets",
    "PlaceWager",
    "ProcedureSections",
    "RecutRequired",
    "RequireRecut",
    "ResolveMiscount",
    "RoundSetup",
    "ShuffleCards",
    "ShuffleFailed",
    "StubCounted",
    "StubDiscarded",
    "VoidRound",
    "WagerWithdrawn",
    "WithdrawWager",
    "check_positions",
    "check_setup",
]
