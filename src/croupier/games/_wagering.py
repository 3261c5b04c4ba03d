"""The shared wagering base: placing wagers, "no more bets" and voiding, written once.

A game whose round opens with seated players wagering on spots, closes with "no more
bets", and may be voided with every wager returned, subclasses :class:`WageringRound`
and gives only its rules: its spots (:meth:`~WageringRound.spots`), what a seat holds
(:meth:`~WageringRound.wagers_of`), the limits of a wager on a spot now (the one limit
hook, :meth:`~WageringRound.wager_bound`), when the round may be voided
(:meth:`~WageringRound.why_not_void`), and the rest of its commands
(:meth:`~WageringRound.decide_play`, :meth:`~WageringRound.play_offers`). A game whose
wager or void brings more events adds them in :meth:`~WageringRound.placed_events` and
:meth:`~WageringRound.voiding_events` (Craps' commission); one whose betting opens again
after each roll closes it with :meth:`~WageringRound.closing_events` each time (Craps).

**One check per command, used twice.** Each shared command has one check that raises the
refusal (:class:`~croupier.errors.IllegalCommand`, naming the rule the game cites in its
:class:`BettingSections`): :meth:`~WageringRound.check_wager` (and, for a spot without its
amount, :meth:`~WageringRound.check_spot`), :meth:`~WageringRound.check_no_more_bets`,
:meth:`~WageringRound.check_void`. :meth:`~WageringRound.decide` calls it before the
command's events; :meth:`~WageringRound.legal_commands` offers the command exactly where
it passes (a spot with its amounts from the same bound), so what is offered cannot drift
from what is refused (PokerKit's verify/can/do).

The commands and the event keep the ``type`` names and fields every game wrote before:
their JSON is unchanged.

At a High Roll Dice table (675a) with no wager, "no more bets" is refused and so not
offered; the dealer may only void. A Pip Street wager on the six is offered within the
table limits; once it is placed, every further wager of the seat equals it (675a.2(e)),
and "no more bets" is offered because its check now passes.

>>> from croupier.games.high_roll_dice import HighRollDiceRound
>>> from croupier.rng import ScriptedRng
>>> from croupier.rules.high_roll_dice import HighRollDiceRules
>>> round_ = HighRollDiceRound.open(
...     HighRollDiceRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=ScriptedRng([])
... )
>>> [o.command for o in round_.legal_commands(DEALER)]
['VoidRound']
>>> round_.check_no_more_bets(DEALER)
Traceback (most recent call last):
  ...
croupier.errors.NotYourTurn: no player has wagered: there is no round to play (675a.2(e)(1))
>>> [(len(o.spots), o.min_amount, o.max_amount) for o in round_.legal_commands(1)]
[(6, 500, 500000)]
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="pip_street:six", amount=500), 1)]
['WagerPlaced']
>>> [(len(o.spots), o.min_amount, o.max_amount) for o in round_.legal_commands(1)][:2]
[(5, 500, 500), (7, 500, 500)]
>>> [o.command for o in round_.legal_commands(DEALER)]
['AnnounceNoMoreBets', 'VoidRound']
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, TypeVar, cast

from pydantic import Field

from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    Round,
    RoundCompleted,
    RoundVoided,
    SentCents,
    WagerPlaced,
    WagerSettled,
)
from croupier.errors import (
    CroupierError,
    IllegalCommand,
    InvalidWager,
    NotYourTurn,
    OtherSeat,
    ReplayError,
)
from croupier.games._common import (
    checked,
    dealer_for,
    dealer_only,
    empty_seat,
    expect_phase,
    no_spot,
    passes,
    view_head,
    void_events,
)
from croupier.money import Cents, format_cents, require_cents
from croupier.offers import Amount, Text, choice, offer, words
from croupier.rng import Rng

MONEY_FIELDS = frozenset({"amount", "returned", "won", "withheld"})
"""The fields of a wager's events (:class:`WagerPlaced`, :class:`WagerSettled`) that are
cents."""

NOT_SENT: Any = object()
"""The ``amount`` of :meth:`WageringRound.check_spot` where only the spot is asked about
(the offers), told apart from an amount sent as JSON ``null`` (``None``), which is an
amount refused as such."""


# --- commands and the event ----------------------------------------------------------------
class PlaceWager(Command):
    """Seat ``seat`` puts ``amount`` cents on ``spot`` (the game's spots)."""

    type: Literal["PlaceWager"] = "PlaceWager"
    seat: int
    spot: str
    amount: SentCents
    """Cents; checked as a positive ``int`` by the round so that a bad value is refused with
    a cited error rather than coerced."""


class AnnounceNoMoreBets(Command):
    """The dealer announces "no more bets": wagering is closed."""

    type: Literal["AnnounceNoMoreBets"] = "AnnounceNoMoreBets"


class VoidRound(Command):
    """The dealer or the floor voids the round; every wager still in play is returned."""

    type: Literal["VoidRound"] = "VoidRound"
    reason: str = Field(min_length=1, max_length=500)


class NoMoreBets(Event):
    """Wagering is closed."""

    type: Literal["NoMoreBets"] = "NoMoreBets"


class WithdrawWager(Command):
    """Seat ``seat`` takes back its wager on ``spot`` before "no more bets" (a game that
    declares :attr:`WageringRound.withdrawal_rule`)."""

    type: Literal["WithdrawWager"] = "WithdrawWager"
    seat: int
    spot: str


class WagerWithdrawn(Event):
    """A wager taken back before "no more bets"; ``amount`` cents return."""

    type: Literal["WagerWithdrawn"] = "WagerWithdrawn"
    seat: int
    spot: str
    amount: Cents


# --- what a game gives -----------------------------------------------------------------------
@dataclass(frozen=True)
class BettingSections:
    """The sections a game cites for the shared refusals and events."""

    seated: str
    """Who may wager: a seat wagers for itself, and only a seated player wagers."""
    wagers: str
    """The wagers: the spots, an amount in cents, one wager per spot."""
    closed: str
    """No wager after "no more bets"."""
    no_more_bets: str
    """"No more bets" (its event, and the dealer's refusals)."""
    void: str
    """Voiding the round."""
    over: str
    """Any command once the round is over."""
    none_wagered: str = ""
    """"No more bets" with no wager on the layout (``""``: :attr:`no_more_bets`)."""


class Bound(NamedTuple):
    """A wager on a spot now: ``low`` to ``high`` cents (``high < low``: no amount fits)
    in multiples of ``step`` cents, under rule ``cite``."""

    low: Cents
    high: Cents
    cite: str
    step: Cents = 1


class Seated(Protocol):
    """What the base reads of any wagering round's state: who is seated and the phase."""

    @property
    def seats(self) -> dict[int, str]: ...

    @property
    def phase(self) -> StrEnum: ...


LayoutT = TypeVar("LayoutT", bound=Seated)


@dataclass(kw_only=True)
class WageringState:
    """The layout of a round with the shared wagering commands: the seats (seat -> player
    id), the phase, the wagers in play (seat -> spot -> cents) and the settlements, in
    order. A game's state adds its own fields."""

    seats: dict[int, str]
    phase: StrEnum
    wagers: dict[int, dict[str, Cents]] = field(default_factory=dict)
    """Wagers in play (not settled): seat -> spot -> cents."""
    settlements: list[WagerSettled] = field(default_factory=list)


class WageringRound(Round[LayoutT]):
    """A round with the shared wagering commands (see the module). ``decide`` and
    ``legal_commands`` are written here; a game writes :meth:`decide_play` and
    :meth:`play_offers` for its own commands."""

    betting: ClassVar[StrEnum]
    """The phase of wagering (where the state is a :class:`WageringState`)."""
    closed: ClassVar[StrEnum]
    """The phase "no more bets" leads to."""
    completed: ClassVar[StrEnum]
    voided: ClassVar[StrEnum]

    adds_to_wager: bool = False
    """True where more chips on a spot the seat holds add to that wager (Sic Bo); else a
    seat has one wager per spot."""

    withdrawal_rule: ClassVar[str | None] = None
    """The rule under which a seat may take back (withdraw) a wager it placed before "no
    more bets" (:class:`WithdrawWager`; Go Fore It's 676a.7(c), Criss-Cross Poker's
    674a.7(c), Pai Gow's 621a.7(c)): what the withdrawal, its offer and its refusal after
    "no more bets" cite. ``None`` (the default): the game offers no withdrawal (Double
    Back Jack, 673a.6(c); High Roll Dice, 675a.2(c)), and the command is not one of its
    own."""

    @classmethod
    def one_wager_rule(cls, rules: Any) -> str | None:
        """The rule allowing a seat one wager per spot under ``rules`` (its cite, the
        section a second wager's refusal cites, :meth:`why_held`), said with the table so
        that a page tells why a spot holding a wager takes no more; ``None`` where wagers
        on a spot add up, or where the sections are found only with a round."""
        sections = getattr(cls, "betting_sections", None)
        if cls.adds_to_wager or not isinstance(sections, BettingSections):
            return None
        return sections.wagers

    # -- the game's rules (hooks) ------------------------------------------------------------
    @property
    @abstractmethod
    def betting_sections(self) -> BettingSections:
        """The sections the shared refusals and events cite."""

    @property
    def finished(self) -> bool:
        """True once the round is completed or voided."""
        return self.state.phase in (self.completed, self.voided)

    def betting_open(self) -> bool:
        """True before "no more bets"."""
        return self.state.phase is self.betting

    @abstractmethod
    def spots(self) -> tuple[str, ...]:
        """Every spot of the layout, in its order (offers list them in this order)."""

    def is_spot(self, spot: str) -> bool:
        """Whether ``spot`` is a spot of the layout (a game may answer faster)."""
        return spot in self.spots()

    def wagers_of(self, seat: int) -> Mapping[str, Cents]:
        """What ``seat`` has on the layout now: spot -> cents."""
        return cast(WageringState, self.state).wagers.get(seat, {})

    def evolve_wagers(self, state: WageringState, event: Event) -> bool:
        """Fold the shared events into ``state`` (a wager placed, "no more bets", a wager
        settled, the round completed or voided); ``False`` for any other event."""
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                expect_phase(state, event, self.betting)
                held = state.wagers.setdefault(seat, {})
                held[spot] = held.get(spot, 0) + amount
            case NoMoreBets():
                expect_phase(state, event, self.betting)
                state.phase = self.closed
            case WagerSettled(seat=seat, spot=spot):
                del state.wagers[seat][spot]
                if not state.wagers[seat]:
                    del state.wagers[seat]
                state.settlements.append(event)
            case RoundCompleted():
                state.phase = self.completed
            case RoundVoided():
                state.phase = self.voided
            case _:
                return False
        return True

    highest_seat_first: bool = False
    """True where wagers are settled and returned from the highest seat down (from the
    dealer's right); else from seat 1."""

    def in_play(self) -> Sequence[tuple[int, str, Cents]]:
        """Every wager in play (seat, spot, cents), in the order a void returns them: seat by
        seat (:attr:`highest_seat_first`), each seat's in layout order."""
        seats = sorted(self.state.seats, reverse=self.highest_seat_first)
        held = {seat: self.wagers_of(seat) for seat in seats}
        return [
            (seat, spot, held[seat][spot])
            for seat in seats
            if held[seat]
            for spot in self.spots()
            if spot in held[seat]
        ]

    def wagered(self) -> bool:
        """True once a wager is on the layout."""
        return any(self.wagers_of(seat) for seat in self.state.seats)

    def wager_bound(self, seat: int, spot: str) -> Bound | None:
        """The one limit hook: the amounts a wager by ``seat`` on ``spot`` may take now, or
        ``None`` where the seat may not wager there now (:meth:`why_no_bound` says why).
        By default the table minimum to the table maximum (less what the seat holds there,
        where wagers add up)."""
        rules = self.submission
        held = self.wagers_of(seat).get(spot, 0) if self.adds_to_wager else 0
        return Bound(rules.minimum_wager, rules.maximum_wager - held, self.betting_sections.wagers)

    def why_no_bound(self, seat: int, spot: str) -> tuple[str, str]:
        """Why ``seat`` may not wager on ``spot`` now where :meth:`wager_bound` is ``None``:
        (words, cite)."""
        return (
            f"seat {seat} may not wager on {self.spot_label(spot)} now",
            self.betting_sections.wagers,
        )

    def why_no_spot(self, spot: str) -> str:
        """Why ``spot`` is not a spot of the layout, in words: one shape in every game
        (:func:`~croupier.games._common.no_spot`), listing the spots this table offers
        (:meth:`offered_layout`)."""
        spots = self.offered_layout()
        return no_spot(spot, (self.spot_label(one) for one in spots), sent=spots)

    def offered_layout(self) -> tuple[str, ...]:
        """The spots of the layout this table's Rules Submission offers, in order: by
        default every spot (:meth:`spots`); a game whose table may leave a spot out
        (a wager its Rules Submission does not offer) lists only the others."""
        return self.spots()

    def refuse_amount(self, seat: int, spot: str, amount: Cents, bound: Bound) -> IllegalCommand:
        """The refusal of ``amount`` outside ``bound`` on ``spot``."""
        if bound.low == bound.high:
            rule = f"must equal {format_cents(bound.low)}"
        else:
            rule = f"must be {format_cents(bound.low)} to {format_cents(bound.high)}"
        return InvalidWager(
            f"a wager on {self.spot_label(spot)} {rule}, not {format_cents(amount)}", bound.cite
        )

    def refuse_closed(self, spot: str) -> IllegalCommand:
        """The refusal of a wager on ``spot`` after "no more bets"."""
        return NotYourTurn(
            'wagers are closed: "no more bets" has been announced', self.betting_sections.closed
        )

    def amount_terms(self, spot: str) -> tuple[str, str]:
        """How a bad amount on ``spot`` is named in its refusal, and the rule it cites:
        ("a wager", the wagers' section) unless the game says otherwise."""
        return "a wager", self.betting_sections.wagers

    def placed_cite(self, spot: str) -> str:
        """The rule a wager placed on ``spot`` cites."""
        return self.betting_sections.wagers

    def spot_label(self, spot: str) -> str:
        """``spot`` in a person's words, for the offers and the refusals (never its id:
        ``"pip_street:five"`` is "Pip Street five")."""
        return words(spot)

    def said_of(self, name: str, value: Any) -> str | None:
        """A wager's ``spot`` as the layout names it (:meth:`spot_label`: "Pip Street
        ace", not ``pip_street:ace``) and an amount of money (:data:`MONEY_FIELDS`) in
        dollars ("$20", not 2000), as the rest of a round's words say them; a value no
        spot or amount could be is said as stored."""
        try:
            if name == "spot" and isinstance(value, str):
                return self.spot_label(value)
            if name in MONEY_FIELDS and isinstance(value, int) and not isinstance(value, bool):
                return format_cents(value)
        except (CroupierError, ValueError, KeyError):  # a forged spot of no layout
            return None
        return None

    def why_not_void(self) -> str | None:
        """Why the round may not be voided now (``None``: it may)."""
        return None

    def closing_events(self) -> Iterator[Event]:
        """The events of "no more bets" (the game may add to :class:`NoMoreBets`)."""
        yield NoMoreBets(cite=self.betting_sections.no_more_bets)

    def placed_events(self, placed: WagerPlaced) -> Iterator[Event]:
        """The events of a wager placed (the game may add to ``placed``)."""
        yield placed

    def voiding_events(self, reason: str) -> Iterator[Event]:
        """The events of the dealer's void: :class:`RoundVoided`, then every wager in play
        returned (:meth:`in_play`)."""
        yield from void_events(reason, self.betting_sections.void, self.in_play())

    @abstractmethod
    def decide_play(self, command: Command, actor: Actor) -> Iterator[Event]:
        """The game's own commands: validate (raising before the first event), yield the
        events."""

    @abstractmethod
    def play_offers(self, actor: Actor) -> list[LegalCommand]:
        """What ``actor`` may send now of the game's own commands."""

    def play_command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """:meth:`command_for` for the game's own commands' events."""
        return None

    def table_view(self) -> dict[str, Any]:
        """What the game's own state shows in :meth:`view` (between the wagers and the
        settlements)."""
        return {}

    def view(self, actor: Actor | None) -> dict[str, Any]:
        """Everything on the layout, in plain sight: one view for everybody (a game whose
        players may not see everything writes its own)."""
        state = cast(WageringState, self.state)
        return {
            **view_head(self, actor),
            "wagers": {str(k): dict(v) for k, v in state.wagers.items()},
            **self.table_view(),
            "settlements": [e.model_dump(mode="json") for e in state.settlements],
        }

    # -- the checks, one per command ---------------------------------------------------------
    def check_seat(self, seat: int, actor: Actor) -> None:
        """Refuse unless ``actor`` is seat ``seat``, seated: the dealer's wager and one for
        a seat another player holds as a permission (403), one for a seat nobody holds as
        the table stands (:func:`~croupier.games._common.empty_seat`, 409), as is one for
        a seat its player has left during the round (:attr:`vacated`)."""
        s = self.betting_sections
        if actor == DEALER:
            raise OtherSeat(dealer_for(seat), s.seated)
        if self.seat_empty(seat, self.state.seats):
            raise empty_seat(seat, s.seated)
        if actor != seat:
            raise OtherSeat(f"seat {actor} may not wager for seat {seat}", s.seated)

    def check_spot(self, seat: int, spot: str, actor: Actor, amount: object = NOT_SENT) -> Bound:
        """The amounts a wager by ``seat`` on ``spot`` may take now; refuses (changing
        nothing) a wager by another actor, from an empty seat, after "no more bets", on no
        spot of the layout, on a spot the seat holds (one wager per spot, unless wagers
        add up: :meth:`refuse_held`, given the ``amount`` sent), or one the game's rules
        do not allow now (:meth:`wager_bound`)."""
        self.check_seat(seat, actor)
        if not self.betting_open():
            raise self.refuse_closed(spot)
        cite = self.betting_sections.wagers
        if not self.is_spot(spot):
            raise InvalidWager(self.why_no_spot(spot), cite)
        held = self.wagers_of(seat)
        bound = self.open_bound(seat, spot, held)
        if bound is None:
            if not self.adds_to_wager and spot in held:
                raise self.refuse_held(seat, spot, amount)
            raise InvalidWager(*self.why_no_bound(seat, spot))
        return bound

    def why_held(self, seat: int, spot: str) -> tuple[str, str]:
        """Why ``seat`` may not wager again on ``spot``, which holds its wager: (words,
        cite)."""
        return (
            f"seat {seat} already has a wager on {self.spot_label(spot)}",
            self.betting_sections.wagers,
        )

    def refuse_held(self, seat: int, spot: str, amount: object) -> IllegalCommand:
        """The refusal of a second wager by ``seat`` on ``spot``, which holds one: an
        amount no wager there could be (not whole cents, outside what :meth:`wager_bound`
        allows on the spot) is refused for its amount, as a pit refuses chips no wager
        there takes before saying the spot is taken; any other as the wager already there.
        ``amount`` :data:`NOT_SENT`: the spot alone is asked about (the offers); ``None``
        is an amount sent as ``null``, refused as no whole number of cents."""
        held = InvalidWager(*self.why_held(seat, spot))
        if amount is NOT_SENT:
            return held
        try:
            bound = self.wager_bound(seat, spot)
            cents = require_cents(amount, *self.amount_terms(spot))
        except IllegalCommand as refused:
            return refused
        if bound is not None and not bound.low <= cents <= bound.high:
            return self.refuse_amount(seat, spot, cents, bound)
        return held

    def open_bound(self, seat: int, spot: str, held: Mapping[str, Cents]) -> Bound | None:
        """The test behind :meth:`check_spot` once the seat may wager and betting is open,
        for a spot of the layout (``held``: the seat's wagers): ``None`` on a spot the seat
        holds (unless wagers add up) or where :meth:`wager_bound` allows none; the words of
        the refusal are found only when a command is refused."""
        if not self.adds_to_wager and spot in held:
            return None
        return self.wager_bound(seat, spot)

    def check_wager(self, command: PlaceWager, actor: Actor) -> WagerPlaced:
        """The wager ``command`` places (:meth:`check_spot`, then its amount: whole cents
        within the spot's :class:`Bound`, in its steps)."""
        seat, spot = command.seat, command.spot
        bound = self.check_spot(seat, spot, actor, command.amount)
        amount = require_cents(command.amount, *self.amount_terms(spot))
        if amount % bound.step or not bound.low <= amount <= bound.high:
            raise self.refuse_amount(seat, spot, amount, bound)
        return WagerPlaced(seat=seat, spot=spot, amount=amount, cite=self.placed_cite(spot))

    def check_no_more_bets(self, actor: Actor) -> None:
        """Refuse "no more bets" but from the dealer, while wagering is open, with a wager
        on the layout."""
        s = self.betting_sections
        dealer_only(actor, 'announce "no more bets"', s.no_more_bets)
        if not self.betting_open():
            raise NotYourTurn('"no more bets" has already been announced', s.no_more_bets)
        if not self.wagered():
            raise NotYourTurn(
                "no player has wagered: there is no round to play", s.none_wagered or s.no_more_bets
            )

    def check_void(self, actor: Actor) -> None:
        """Refuse a void but from the dealer, or where :meth:`why_not_void` says why not."""
        dealer_only(actor, "void the round", self.betting_sections.void)
        why = self.why_not_void()
        if why is not None:
            raise NotYourTurn(why, self.betting_sections.void)

    # -- the round contract ------------------------------------------------------------------
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        if self.finished:
            raise NotYourTurn("the round is over", self.betting_sections.over)
        match command:
            case PlaceWager():
                yield from self.placed_events(self.check_wager(command, actor))
            case AnnounceNoMoreBets():
                self.check_no_more_bets(actor)
                yield from self.closing_events()
            case VoidRound(reason=reason):
                self.check_void(actor)
                yield from self.voiding_events(reason)
            case WithdrawWager() if self.withdrawal_rule is not None:
                yield from self.withdrawals(command, actor)
            case _:
                yield from self.decide_play(command, actor)

    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        match event:
            case WagerPlaced(seat=seat, spot=spot, amount=amount):
                return PlaceWager(seat=seat, spot=spot, amount=amount), seat, None
            case NoMoreBets():
                return AnnounceNoMoreBets(), DEALER, None
            case RoundVoided(reason=reason, cite=cite) if cite == self.betting_sections.void:
                return VoidRound(reason=reason), DEALER, None
            case WagerWithdrawn(seat=seat, spot=spot) if self.withdrawal_rule is not None:
                return WithdrawWager(seat=seat, spot=spot), seat, None
        return self.play_command_for(event, following)

    def legal_commands(self, actor: Actor) -> list[LegalCommand]:
        """The wagers ``actor`` may place (and withdraw), "no more bets", the game's own
        commands, then a void: each offered exactly where its check passes ("no more bets"
        and the void are the dealer's: their checks refuse a seat first, so a seat is not
        asked)."""
        if self.finished:
            return []
        if actor != DEALER:
            return self.wager_offers(actor) + self.withdraw_offers(actor) + self.play_offers(actor)
        s = self.betting_sections
        offers = []
        if passes(self.check_no_more_bets, actor):
            offers.append(offer("AnnounceNoMoreBets", s.no_more_bets))
        offers += self.play_offers(actor)
        if passes(self.check_void, actor):
            offers.append(offer("VoidRound", s.void, reason=Text()))
        return offers

    def wager_offers(self, seat: int) -> list[LegalCommand]:
        """A :class:`PlaceWager` offer per bound, its spots those :meth:`check_spot` passes
        (by its test, :meth:`open_bound`, after its seat and betting checks) with that bound,
        in layout order."""
        if not passes(self.check_seat, seat, seat) or not self.betting_open():
            return []
        groups: dict[Bound, list[str]] = {}
        held = self.wagers_of(seat)
        for spot in self.spots():
            bound = self.open_bound(seat, spot, held)
            if bound is not None and bound.high >= bound.low:
                groups.setdefault(bound, []).append(spot)
        return [
            offer(
                "PlaceWager",
                bound.cite,
                seat=seat,
                spot=choice(spots, self.spot_label),
                amount=Amount(low=bound.low, high=bound.high, step=bound.step),
            )
            for bound, spots in groups.items()
        ]

    # -- withdrawing (where the game declares its withdrawal_rule) --------------------------
    def spot_of(self, text: str) -> str:
        """The spot ``text`` names; refuses a spot not on the layout."""
        if not self.is_spot(text):
            raise InvalidWager(self.why_no_spot(text), self.betting_sections.wagers)
        return text

    def check_withdraw(self, seat: int, text: str, actor: Actor) -> str:
        """The spot ``text`` names, where ``seat`` may withdraw its wager there now: the
        game declares its :attr:`withdrawal_rule`; by the seat's player (:meth:`check_seat`),
        before "no more bets", a wager the seat holds, in the order the game's rule allows
        (:meth:`check_withdraw_order`); refuses otherwise, changing nothing."""
        s, rule = self.betting_sections, self.withdrawal_rule
        if rule is None:
            raise NotYourTurn("a wager may not be withdrawn at this table", s.wagers)
        self.check_seat(seat, actor)
        spot = self.spot_of(text)
        if not self.betting_open():
            raise NotYourTurn('a wager may not be withdrawn after "no more bets"', rule)
        wagers = self.wagers_of(seat)
        if spot not in wagers:
            raise InvalidWager(self.nothing_to_withdraw(seat, spot), s.wagers)
        self.check_withdraw_order(spot, wagers)
        return spot

    def nothing_to_withdraw(self, seat: int, spot: str) -> str:
        """The refusal's words where ``seat`` holds no wager on ``spot`` to withdraw."""
        return f"seat {seat} has no wager on {self.spot_label(spot)} to withdraw"

    def check_withdraw_order(self, spot: str, wagers: Mapping[str, Cents]) -> None:
        """Refuse withdrawing the wager on ``spot`` while ``wagers`` (the seat's) hold one
        that needs it (none by default)."""

    def withdrawn_with(self, spot: str) -> tuple[str, ...]:
        """The wagers withdrawn together with the one on ``spot`` (itself alone by
        default)."""
        return (spot,)

    def withdrawals(self, command: WithdrawWager, actor: Actor) -> Iterator[Event]:
        """The wagers :class:`WithdrawWager` takes back, checked by :meth:`check_withdraw`,
        each returning its cents under the game's :attr:`withdrawal_rule`."""
        seat = command.seat
        spot = self.check_withdraw(seat, command.spot, actor)
        wagers, cite = self.wagers_of(seat), str(self.withdrawal_rule)
        for taken in self.withdrawn_with(spot):
            yield WagerWithdrawn(seat=seat, spot=str(taken), amount=wagers[taken], cite=cite)

    def withdraw_areas(self, seat: int) -> Sequence[int]:
        """The seats whose wagers the player at ``seat`` may withdraw: his own (a game in
        which a player holds several betting areas names them all)."""
        return (seat,)

    def withdraw_offers(self, seat: int) -> list[LegalCommand]:
        """A :class:`WithdrawWager` offer per area of :meth:`withdraw_areas` holding a wager,
        of the spots :meth:`check_withdraw` passes; none where the game declares no
        :attr:`withdrawal_rule`."""
        rule = self.withdrawal_rule
        if rule is None or not self.betting_open():  # where check_withdraw cannot pass
            return []
        offers = []
        for area in self.withdraw_areas(seat):
            held = self.wagers_of(area)
            spots = [spot for spot in held if passes(self.check_withdraw, area, spot, seat)]
            if spots:
                made = offer("WithdrawWager", rule, seat=area, spot=choice(spots, self.spot_label))
                offers.append(made.model_copy(update={"together": self.withdrawn_together(spots)}))
        return offers

    def withdrawn_together(self, spots: Sequence[str]) -> tuple[tuple[str, ...], ...]:
        """The groups of ``spots`` withdrawn as one (:meth:`withdrawn_with`), for the
        offer's :attr:`~croupier.offers.LegalCommand.together`."""
        groups = {tuple(str(s) for s in self.withdrawn_with(spot)) for spot in spots}
        return tuple(sorted(group for group in groups if len(group) > 1))


# === Wagers that add up, and the fold of the wager events ==================================
# (used by the card games: Go Fore It, Criss-Cross Poker, Double Back Jack)
def added_bound(low: Cents, high: Cents, held: Cents, cite: str) -> Bound:
    """What more chips on a spot holding ``held`` cents may add so that the wager is ``low``
    to ``high`` cents in all (at least a cent), under rule ``cite``."""
    return Bound(max(low - held, 1), high - held, cite)


def refuse_in_all(
    what: str,
    limits: tuple[Cents, Cents],
    held: Cents,
    amount: Cents,
    cite: str,
    *,
    on: str = "it",
    in_all: str = "",
) -> InvalidWager:
    """The refusal of ``amount`` more cents on a wager holding ``held`` whose total must be
    within ``limits``: "``what`` must be $L to $H``in_all``, not $T (with the $N already on
    ``on``)"."""
    low, high = limits
    already = f" (with the {format_cents(held)} already on {on})" if held else ""
    return InvalidWager(
        f"{what} must be {format_cents(low)} to {format_cents(high)}{in_all}, not "
        f"{format_cents(held + amount)}{already}",
        cite,
    )


def take_wager(wagers: dict[int, dict[Any, Cents]], seat: int, spot: str) -> Cents:
    """Take the wager of ``seat`` on ``spot`` off ``wagers`` (seat -> spot -> cents; a seat
    left with none goes) and return its cents; :class:`ReplayError` where there is none."""
    held = wagers.get(seat, {})
    if spot not in held:
        raise ReplayError(f"seat {seat} has no wager on {spot} to take", "engine:replay")
    amount = held.pop(spot)
    if not held:
        del wagers[seat]
    return amount


def as_placed(
    wagers: Mapping[int, Mapping[Any, Cents]], highest_seat_first: bool = True
) -> list[tuple[int, str, Cents]]:
    """Every wager in ``wagers`` (seat -> spot -> cents) as (seat, spot, cents), seat by seat
    (the highest first, from the dealer's right, unless ``highest_seat_first`` is false),
    each seat's in the order placed: the order a void returns them in the card games."""
    return [
        (seat, str(spot), amount)
        for seat in sorted(wagers, reverse=highest_seat_first)
        for spot, amount in wagers[seat].items()
    ]


def offers_by_check(
    round_: WageringRound[Any], seat: int, spots: Iterable[str]
) -> list[LegalCommand]:
    """A :class:`PlaceWager` offer for each of ``spots`` where ``round_.check_spot`` passes
    for ``seat`` (a game whose :meth:`~WageringRound.wager_bound` raises its refusal
    itself): one spot an offer, its amounts and cite its bound's."""
    legal = []
    for spot in spots:
        bound: Bound | None = checked(round_.check_spot, seat, spot, seat)
        if bound is not None and bound.high >= bound.low:
            amount = Amount(low=bound.low, high=bound.high)
            legal.append(
                offer("PlaceWager", bound.cite, seat=seat, spot=choice([spot]), amount=amount)
            )
    return legal


__all__ = [
    "AnnounceNoMoreBets",
    "BettingSections",
    "Bound",
    "NoMoreBets",
    "PlaceWager",
    "VoidRound",
    "WagerWithdrawn",
    "WageringRound",
    "WageringState",
    "WithdrawWager",
    "added_bound",
    "as_placed",
    "offers_by_check",
    "refuse_in_all",
    "take_wager",
]
