"""The one game interface: what a game is to every layer outside its own package.

A game is a :class:`GameSpec` in :mod:`croupier.registry`: its name, its round class (the
rules of one round: commands in, events out, :mod:`croupier.engine`), its Rules
Submission model, and its :class:`TablePolicy`, the conduct of a *table* around its
rounds, which the server, the terminal table and the tests all follow:

- **dealer steps** (:meth:`TablePolicy.dealer_step`): the dealer's commands that involve
  no one's choice (shuffle, cut at a drawn position, deal, the RNG throw, settlement);
  :meth:`TablePolicy.run_dealer_steps` takes them until a human must act;
- **waits**: when betting is open (:attr:`TablePolicy.betting_phases`) and what closes
  it (:attr:`TablePolicy.closing_commands`); a player's decision; an optional choice with
  no command to decline it (:meth:`TablePolicy.optional_phase`); :meth:`TablePolicy.wait`
  says which wait is in progress and how long it lasts under a table's timings;
- **timeouts** (:meth:`TablePolicy.timeout_action`, :attr:`TablePolicy.timeout_cite`):
  the safest action the rules allow for a seat whose time ran out;
- **leaving** (:meth:`TablePolicy.leaving_action`): what a player's leaving the seat
  does at once to an offer made to it (a Double Back Jack cut);
- **the next round** (:meth:`TablePolicy.carried_over`, :meth:`TablePolicy.opens_ahead`):
  what a round inherits from the last (the shoe) and whether it opens as soon as the
  last ends (an offer to time); where the game keeps a :class:`TableState`
  (:attr:`TablePolicy.state_type`: the decks and their hours, equipment out of order,
  the start of the game and the bank's rotation), the next round opens with what that
  state hands it, and the state takes each round in when it ends;
- **what each viewer sees** of each event (:meth:`TablePolicy.hidden`), decided from the
  event's own data: the fields blanked for a seat or a spectator;
- **money** (:meth:`TablePolicy.moves`): the postings an event causes beyond a wager
  placed and settled (a purchase collected by the table, a player bank's chips);
- **the par sheet's wagers** of a finished round (:meth:`TablePolicy.par_wagers`), for
  the hold report's theoretical win;
- **random draws** (:meth:`TablePolicy.random_draws`): the dice, shuffles and numbers
  its rounds draw, for the testing lab (``croupier rng``);
- its **table sign**, exact analysis, report's strategy chart, simulation kernel,
  terminal table and browser layout, named in the spec (modules imported only when used).

No module outside a game's package branches on the game: the model is python-chess's
variants (one class per variant, one registry, hooks with defaults).

A short round as a table conducts it, knowing the game only by its spec: Sic Bo, the dice
scripted (:class:`~croupier.rng.ScriptedRng`; a table draws them from its sealed source).
While betting is open one seat bets $10 on Big; the dealer closes betting, and the
policy's dealer steps throw, show and settle. 4, 5 and 6 total 15, a Big (11 to 17, no
three of a kind), paid 1 to 1. The money each event moves (:func:`event_moves`, cents):
the wager takes $10.00 from the player's wallet into escrow; the settlement returns it
from escrow and pays $10.00 from the table's inventory, $20.00 to the wallet.

>>> from croupier.registry import find
>>> from croupier.rng import ScriptedRng, dice_draws
>>> spec = find("sic-bo")
>>> game = spec.round_type
>>> round_ = game.open(
...     game.rules_type(), table_id="T1", round_id="R1", seats={1: "ann"},
...     rng=ScriptedRng(dice_draws([4, 5, 6])),
... )
>>> spec.policy.betting_open(round_)
True
>>> wager = game.command_adapter.validate_python(
...     {"type": "PlaceWager", "seat": 1, "spot": "big", "amount": 1000}
... )
>>> [e.type for e in round_.handle(wager, 1)]
['WagerPlaced']
>>> closing = game.command_adapter.validate_python({"type": spec.policy.closing_commands[0]})
>>> [e.type for e in round_.handle(closing, DEALER) + spec.policy.run_dealer_steps(round_)]
['NoMoreBets', 'DiceThrown', 'ResultShown', 'WagerSettled', 'RoundCompleted']
>>> for i, event in enumerate(round_.events):
...     if moves := event_moves(spec.policy, round_.events, i, round_.opened.seats):
...         print(event.type, moves)
WagerPlaced [(('wallet', 'ann'), -1000), (('escrow', None), 1000)]
WagerSettled [(('escrow', None), -1000), (('wallet', 'ann'), 2000), (('inventory', None), -1000)]
"""

from __future__ import annotations

import hashlib
import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from croupier.citations import shown
from croupier.engine import (
    DEALER,
    Actor,
    Command,
    Event,
    LegalCommand,
    Outcome,
    Round,
    RoundOpened,
    WagerPlaced,
    WagerSettled,
)
from croupier.errors import IllegalCommand
from croupier.money import Cents
from croupier.rng import Draw, Rng, SecureRng
from croupier.spots import Spot, SpotInfo

if TYPE_CHECKING:
    from rich.console import RenderableType

    from croupier.rules.base import RulesSubmission

Account = tuple[str, str | None]
"""(account kind: ``wallet``, ``escrow``, ``inventory``; player id, or ``None`` for the
table's accounts)."""
Move = tuple[Account, Cents]
"""An account and the signed cents an event moves in or out of it."""

WALLET = "wallet"
ESCROW = "escrow"
INVENTORY = "inventory"

Previous = Callable[[], "Round[Any] | None"]
"""Loads the table's last round (``None`` at a new table), only when a game needs it."""


class TableTimings(Protocol):
    """A table's timings and options, as the server's table settings give them."""

    @property
    def betting_seconds(self) -> float | None: ...
    @property
    def decision_seconds(self) -> float | None: ...
    @property
    def optional_seconds(self) -> float | None: ...
    @property
    def physical_dice(self) -> bool: ...
    @property
    def offer_cut(self) -> bool: ...


@dataclass(frozen=True)
class Viewer:
    """Who looks at an event: the betting positions they play (a player may hold
    several; none for a spectator). The dealer and surveillance see every event whole and
    are never redacted."""

    positions: frozenset[int] = frozenset()

    @classmethod
    def of(cls, actor: Actor | None, seats: Mapping[int, str]) -> Viewer:
        """The viewer at seat ``actor`` of a round seated as ``seats`` (seat -> player id):
        every position that player holds; ``None`` or a seat not in the round: a
        spectator."""
        if not isinstance(actor, int) or actor not in seats:
            return cls()
        player = seats[actor]
        return cls(frozenset(seat for seat, held in seats.items() if held == player))

    def owns(self, position: object) -> bool:
        """Whether the viewer plays betting position ``position`` (a seat number, or a
        position's name such as ``"3"``; anything else, e.g. ``"dealer"``: no)."""
        if isinstance(position, bool):
            return False
        if isinstance(position, int):
            return position in self.positions
        try:
            return int(str(position)) in self.positions
        except ValueError:
            return False


@dataclass(frozen=True)
class Wait:
    """What the round waits for now: ``kind`` (betting, decision, optional), a ``key``
    that changes when a new wait begins, and its length in seconds.

    A decision's key is ``decision:N:S``: ``N`` the events of the round that may answer
    a decision (every event but the policy's :attr:`TablePolicy.asides`), ``S`` the seats
    waiting, comma-separated (docs/interpretations.md, "A decision's time is not pushed
    back")."""

    kind: str
    key: str
    seconds: float

    def continues(self, stored: str | None) -> bool:
        """Whether this wait is the one timed under the ``stored`` key, so that its
        deadline stands: the same key, or a decision from which some of the seats waiting
        have answered and left while every seat still waiting waits on the decision it
        was timed for (nobody else's answer gives it more time)."""
        if stored is None or stored == self.key:
            return stored is not None
        read = WaitKey.parse(stored)
        if self.kind != "decision" or read.kind != "decision" or not read.parts:
            return False
        return WaitKey.parse(self.key).seats < read.seats


WAIT_KEY_LENGTH = 60
"""The longest wait key the server stores (``rounds.deadline_kind``)."""


@dataclass(frozen=True)
class WaitKey:
    """A wait key as stored (``rounds.deadline_kind``), read into its parts: its ``kind``
    (``betting``, ``optional``, ``decision``) and what follows it, ``:``-separated
    (``decision:N:S``: ``N`` the events that may answer, ``S`` the seats waiting; a game
    may add its own part, as Craps adds the rolls). :meth:`parse` is the one place the
    server reads a key's text; ``str()`` writes it back as it was.

    >>> key = WaitKey.parse("decision:12:1,3")
    >>> key.kind, sorted(key.seats), str(key)
    ('decision', ['1', '3'], 'decision:12:1,3')
    """

    kind: str
    parts: tuple[str, ...] = ()

    def __str__(self) -> str:
        return ":".join((self.kind, *self.parts))

    @classmethod
    def parse(cls, key: str) -> WaitKey:
        """The key ``key`` (any text: a kind alone reads as a kind with no parts)."""
        kind, *parts = key.split(":")
        return cls(kind, tuple(parts))

    @property
    def seats(self) -> frozenset[str]:
        """The seats a decision's key names (``decision:N:S``; none for another key)."""
        if self.kind != "decision" or len(self.parts) != 2 or not self.parts[1]:
            return frozenset()
        return frozenset(self.parts[1].split(","))


EMPTY_ROUND = (
    "no wager was placed in the betting time of a round the server opened ahead of the "
    "players (server:betting-seconds)"
)


def draw_between(rng: Rng | None, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` inclusive (an offer's
    :class:`~croupier.offers.Integers`), drawn from ``rng`` (a round's random source), or
    from the secure generator where the round has none."""
    source = rng if rng is not None else SecureRng()
    return low + source.randbelow(high - low + 1)


def concealed(policy: TablePolicy, event: Event, viewer: Viewer) -> dict[str, Any]:
    """The fields of ``event`` that ``viewer`` may not see, with their blanks: the game's
    (:meth:`TablePolicy.hidden`) and, at every game, a sealed round's server seed
    (``RoundOpened.seed``: revealed with the round, never while it is played)."""
    blank = policy.hidden(event, viewer)
    if isinstance(event, RoundOpened) and event.seed is not None:
        return {**blank, "seed": None}
    return blank


def offered(round_: Round[Any], name: str, actor: Actor = DEALER) -> LegalCommand | None:
    """The legal command ``name`` for ``actor`` now, if it is offered."""
    return next((c for c in round_.legal_commands(actor) if c.command == name), None)


class TableState(ABC):
    """What a table keeps between its rounds (tables outlive rounds; no I/O, the clock is
    passed in): one class per game, the same for the table server (which stores it with
    the table, :mod:`croupier.server.table_state`), the terminal table and the tests.

    The round ends: :meth:`take_in`; between rounds, what the text does by the clock
    (a deck past its hours changed, an idle table back at the start of the game):
    :meth:`between`; the next round opens with :meth:`opening`. Equipment signed out of
    order (:meth:`sign_out`) stays so until signed back in (:meth:`sign_in`). Each of
    these returns the notices for the floor, in words, each ending with its section."""

    devices: ClassVar[tuple[str, ...]] = ()
    """The equipment that may be signed out of order at the game's table."""
    sealed: ClassVar[frozenset[str]] = frozenset()
    """The keys of :meth:`to_data` not shown to the floor (the cards left in a shoe,
    sealed until it is reshuffled)."""

    @classmethod
    @abstractmethod
    def begin(cls, rules: Any, table_id: str, now: datetime) -> Self:
        """A table opened ``now`` under ``rules`` (fresh equipment)."""

    @classmethod
    @abstractmethod
    def restore(cls, rules: Any, table_id: str, data: Mapping[str, Any]) -> Self:
        """The state :meth:`to_data` wrote, under the rules in force now. Raises
        ``KeyError`` or ``ValueError`` for data it did not write."""

    @abstractmethod
    def to_data(self) -> dict[str, Any]:
        """The state as JSON data."""

    @abstractmethod
    def take_in(self, round_: Round[Any], now: datetime) -> list[str]:
        """Record ``round_``, which ended at ``now``; the notices for the floor."""

    def between(self, now: datetime) -> list[str]:
        """What the text makes the table do by ``now`` before its next round; its
        notices. Default: nothing."""
        return []

    @abstractmethod
    def opening(
        self, seats: Mapping[int, str], timings: TableTimings, *, ahead: bool = False
    ) -> dict[str, Any]:
        """What the next round opens with (keyword arguments of the round's ``open``),
        with ``seats`` seated under the table's ``timings``, ``ahead``: opened before any
        player's command (:meth:`TablePolicy.open_round`); empty: a table's first
        round."""

    def equipment_out_of_order(self) -> list[str]:
        """The equipment out of order now, each in words ending with its section (the
        floor page shows them). Default: none."""
        return []

    def sign_out(self, device: str, now: datetime) -> list[str]:
        """Sign ``device`` out of order (covered or signed) before another method is used
        at the table; raises :class:`~croupier.errors.IllegalCommand` where the table has
        no such device."""
        raise no_device(device, self.devices)

    def sign_in(self, device: str, now: datetime) -> list[str]:
        """Sign ``device`` back into use (it was signed out of order)."""
        raise no_device(device, self.devices)


def no_device(device: str, devices: Sequence[str]) -> IllegalCommand:
    """The error for ``device`` at a table whose equipment that may be signed out of order
    is ``devices``."""
    listed = ", ".join(devices) or "none"
    return IllegalCommand(
        f"this table has no {device!r} to sign out of order or back in (its equipment that "
        f"may be: {listed})",
        "server:equipment",
    )


class TablePolicy:
    """How a table conducts the rounds of one game (see the module docstring). The
    defaults fit a game in which the dealer takes no step alone, betting is the phase
    ``betting`` closed by "no more bets", a timed-out player has nothing done for him,
    nothing is carried from round to round, every event is public and money moves only
    by wagers placed and settled. A game overrides what differs."""

    betting_phases: ClassVar[tuple[str, ...]] = ("betting",)
    """The phases in which the game waits for wagers."""
    closing_commands: ClassVar[tuple[str, ...]] = ("AnnounceNoMoreBets",)
    """The dealer's commands that close the betting ("no more bets")."""
    timeout_cite: ClassVar[str] = ""
    """The rule behind what :meth:`timeout_action` does for a player out of time."""
    physical_dice: ClassVar[bool] = False
    """Whether the game's dice may be physical (the dealer enters their reading)."""
    options: ClassVar[frozenset[str]] = frozenset()
    """The game-specific table settings this game takes (``offer_cut``)."""
    asides: ClassVar[frozenset[str]] = frozenset()
    """Event types that record something shown to a player on request and answer no
    decision (Pai Gow's house way shown): they do not restart a decision's time."""
    state_type: ClassVar[type[TableState] | None] = None
    """What the game's table keeps between rounds (``None``: nothing but what
    :meth:`carried_over` reads of the last round)."""

    # -- dealer steps -------------------------------------------------------------------
    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        """The dealer's next command where it involves no human choice, else ``None``.
        ``proceed``: an optional wait has ended (the players are taken to decline), so
        the dealer goes on."""
        return None

    def dealer_steps(self, round_: Round[Any]) -> Iterator[Command]:
        """Each :meth:`dealer_step` in turn until a human must act, for a caller that sends
        each one (and shows what it did) before asking for the next."""
        while not round_.finished and (step := self.dealer_step(round_)) is not None:
            yield step

    def run_dealer_steps(self, round_: Round[Any]) -> list[Event]:
        """Take :meth:`dealer_step` until a human must act; returns the events."""
        emitted: list[Event] = []
        for step in self.dealer_steps(round_):
            emitted += round_.handle(step, DEALER)
        return emitted

    # -- betting ------------------------------------------------------------------------
    def betting_open(self, round_: Round[Any]) -> bool:
        """Whether wagers are still taken (the phase before "no more bets")."""
        phase = str(getattr(round_.state, "phase", ""))
        return not round_.finished and phase in self.betting_phases

    def closing_step(self, round_: Round[Any]) -> Command | None:
        """The dealer's command that closes the betting, when it may be sent now; ``None``
        while no one has wagered."""
        if not self.betting_open(round_):
            return None
        for legal in round_.legal_commands(DEALER):
            if legal.command in self.closing_commands:
                command: Command = round_.command_adapter.validate_python({"type": legal.command})
                return command
        return None

    def empty_void(self, round_: Round[Any]) -> Command | None:
        """The dealer's void of a round in betting with no wager in play, where the dealer
        may void it (a round the server opened ahead of the players, or one whose wagers
        were all withdrawn, voided when the betting time runs out, so that players who
        sat down since play the next one)."""
        if not self.betting_open(round_):
            return None
        if any(self.has_wager(round_, seat) for seat in round_.opened.seats):
            return None
        if offered(round_, "VoidRound") is None:
            return None
        command: Command = round_.command_adapter.validate_python(
            {"type": "VoidRound", "reason": EMPTY_ROUND}
        )
        return command

    def has_wager(self, round_: Round[Any], seat: int) -> bool:
        """Whether ``seat`` has put a wager into this round that it has not taken back (it
        stays seated until the round is over)."""
        return any(isinstance(e, WagerPlaced) and e.seat == seat for e in round_.events)

    def wagering_players(self, round_: Round[Any]) -> set[str]:
        """The players expected to wager (every player seated when the round opened)."""
        return set(round_.opened.seats.values())

    def seats_wagered(self, round_: Round[Any]) -> set[int]:
        """The seats with a wager in play (from the state's ``wagers``: seat -> wagers)."""
        wagers: Mapping[int, Any] = getattr(round_.state, "wagers", {})
        return {seat for seat, placed in wagers.items() if placed}

    def all_wagered(self, round_: Round[Any]) -> bool:
        """Every player expected to wager has a wager in play."""
        seats = round_.opened.seats
        players = {seats[seat] for seat in self.seats_wagered(round_) if seat in seats}
        expected = self.wagering_players(round_)
        return bool(expected) and players == expected

    def betting_held(self, round_: Round[Any]) -> str:
        """Why the betting cannot be closed now though it is open (the round waits on a
        wager the game needs), in the game's words with their rule, or ``""``."""
        return ""

    # -- decisions and timeouts ---------------------------------------------------------
    def players_waiting(self, round_: Round[Any]) -> list[int]:
        """Seats with something to send now."""
        return [seat for seat in round_.opened.seats if round_.legal_commands(seat)]

    def optional_phase(self, round_: Round[Any]) -> bool:
        """Whether the round is at an optional choice that has no command to decline it
        (Insurance, surrender): the dealer goes on after the wait."""
        return False

    def decision_pending(self, round_: Round[Any]) -> bool:
        """A player must decide now (outside the betting): the game waits for them."""
        if round_.finished or self.betting_open(round_) or self.optional_phase(round_):
            return False
        return bool(self.players_waiting(round_))

    def optional_pending(self, round_: Round[Any]) -> bool:
        """Players may send an optional choice that has no command to decline it."""
        if round_.finished or not self.optional_phase(round_):
            return False
        return bool(self.players_waiting(round_))

    def answered_before(self, round_: Round[Any], command: Command, actor: Actor) -> bool:
        """Whether ``command`` only asks again for what the round has shown ``actor``
        already (an aside recorded before, and in his view): the server answers it with
        no event, so a repeated request adds nothing to the round and moves no deadline.
        ``False`` by default."""
        return False

    def timeout_action(self, round_: Round[Any], seat: int) -> Command | None:
        """What the server sends for ``seat`` when its decision time runs out: the safest
        action the rules allow (:attr:`timeout_cite`), or ``None``."""
        return None

    def timeout_steps(self, round_: Round[Any]) -> list[tuple[Actor, Command]]:
        """What is sent when the wait now in progress times out: the betting closed (or an
        empty round voided), the dealer's next step after an optional choice, or each
        waiting player's :meth:`timeout_action`. Empty when nothing is waiting."""
        if round_.finished:
            return []
        if self.betting_open(round_):
            close = self.closing_step(round_) or self.empty_void(round_)
            return [(DEALER, close)] if close is not None else []
        if self.optional_pending(round_):
            step = self.dealer_step(round_, proceed=True)
            return [(DEALER, step)] if step is not None else []
        steps: list[tuple[Actor, Command]] = []
        for seat in self.players_waiting(round_):
            command = self.timeout_action(round_, seat)
            if command is not None:
                steps.append((seat, command))
        return steps

    def wait(self, round_: Round[Any], timings: TableTimings) -> Wait | None:
        """The timed wait in progress, or ``None`` (nothing to time, or no limit set)."""
        if round_.finished:
            return None
        if self.betting_open(round_):
            if timings.betting_seconds is None:
                return None
            if self.closing_step(round_) is not None:
                return Wait("betting", "betting", timings.betting_seconds)
            if self.empty_void(round_) is not None:  # opened ahead, and nobody wagered
                return Wait("betting", "betting:empty", timings.betting_seconds)
            return None
        if self.optional_pending(round_):
            if timings.optional_seconds is None:
                return None
            phase = getattr(round_.state, "phase", "")
            return Wait("optional", f"optional:{phase}", timings.optional_seconds)
        if self.decision_pending(round_):
            if timings.decision_seconds is None:
                return None
            # Timed from when the decision became due: an aside (a request answered) does
            # not restart it, nor does one seat's answer for the seats still waiting
            # (Wait.continues).
            answers = len(round_.events)
            if self.asides:
                answers -= sum(getattr(e, "type", "") in self.asides for e in round_.events)
            seats = ",".join(str(seat) for seat in self.players_waiting(round_))
            key = f"decision:{answers}:{seats}"
            if len(key) > WAIT_KEY_LENGTH:  # too many seats to name: a new wait each time
                key = f"decision:{answers}:#{hashlib.sha256(seats.encode()).hexdigest()[:16]}"
            return Wait("decision", key, timings.decision_seconds)
        return None

    def leaving_action(self, round_: Round[Any], seat: int) -> Command | None:
        """What the server sends at once for ``seat`` when its player leaves the seat (or
        has left it) during the round: the refusal of an offer made to it. ``None``: the
        seat plays on (its hands stand, its timeouts apply)."""
        return None

    # -- the next round -----------------------------------------------------------------
    def opens_ahead(self, rules: RulesSubmission, timings: TableTimings) -> bool:
        """Whether the round after one that ends may open at once (it begins with a
        player's decision to show and time: a bank offer, a cut offered)."""
        return False

    def may_open_ahead(self) -> bool:
        """Whether :meth:`opens_ahead` may ever say yes: the game overrides it (one that
        does not reads no rules for it when a round ends)."""
        return type(self).opens_ahead is not TablePolicy.opens_ahead

    def carried_over(
        self,
        rules: RulesSubmission,
        previous: Previous,
        seats: dict[int, str],
        timings: TableTimings,
        *,
        ahead: bool,
    ) -> dict[str, Any]:
        """What the next round takes from the last (keyword arguments of the round's
        ``open``): ``previous`` loads the last round; ``ahead``: the server opens the
        round before any player's command."""
        return {}

    def open_round(
        self,
        game: type[Round[Any]],
        rules: RulesSubmission,
        timings: TableTimings,
        *,
        table_id: str,
        round_id: str,
        seats: dict[int, str],
        rng: Rng,
        previous: Previous | None = None,
        ahead: bool = False,
        state: TableState | None = None,
    ) -> Round[Any]:
        """A new round of ``game`` with the table's timings and options (physical dice
        where the game has dice) and what it carries from ``previous`` (``None``: a
        preview, opened as the table's first round) and from the table's ``state`` (its
        :meth:`TableState.opening`), its opening dealer steps taken."""
        physical = timings.physical_dice and self.physical_dice
        extra = (
            self.carried_over(rules, previous, seats, timings, ahead=ahead)
            if previous is not None
            else {}
        )
        if state is not None:
            extra |= state.opening(seats, timings, ahead=ahead)
        round_ = game.open(
            rules,
            table_id=table_id,
            round_id=round_id,
            seats=seats,
            rng=rng,
            physical_dice=physical,
            **extra,
        )
        self.run_dealer_steps(round_)
        return round_

    # -- what the table draws -----------------------------------------------------------
    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """Every kind of random draw a round under ``rules`` makes from its random source
        (:mod:`croupier.rng`: dice, a shuffle, a number), drawn by the same functions the
        round calls, in the order a round first makes them; a round may make each more
        than once or not at all. Empty: the game draws nothing. What the testing lab
        dumps and tests (``croupier rng``)."""
        return ()

    # -- the par sheet of a round ------------------------------------------------------
    def drop(self, round_: Round[Any]) -> Cents:
        """The cents a finished round put in action: every settled wager's stake that
        was not voided (decisions' extra stakes included), and what a game collects
        beyond them (High Roll Dice's Extra Roll, 675a.4(a))."""
        return sum(event.amount for event in settled_wagers(round_.events))

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """The wagers of a finished round as the game's par sheet names them
        (``ParSheet.wagers``), each with its stake in cents as the par sheet's figures
        count it (per unit staked: a wager of two units, both): what a hold report's
        theoretical win multiplies by the house edge. Default: every settled wager that
        was not voided, by its spot. A game overrides where its spots and its par
        sheet's wagers differ (a decision's extra stake, a wager its par sheet figures
        with another)."""
        return [(event.spot, event.amount) for event in settled_wagers(round_.events)]

    # -- what a viewer sees -------------------------------------------------------------
    def hidden(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """The fields of ``event`` that ``viewer`` may not see, each with the blank shown
        in its place (``None``, or an empty list for an order); empty: all of it is
        public at the table. The dealer and surveillance are never asked."""
        return {}

    def players_named(self, event: Event) -> set[str]:
        """The account ids ``event`` names besides the round's seats (what the table
        carried over from rounds before it), which a player or spectator reads under a
        stand-in, as he does the seats' (:mod:`croupier.server.privacy`). Default: none."""
        return set()

    def sealed_until_later(self, round_: Round[Any]) -> bool:
        """Whether the sealed values of ``round_``, which is over, stay sealed after it
        because a later round still deals from them (a shoe carried on: its order and its
        burned cards). They are revealed (:mod:`croupier.sealing`) with the first later
        round at the table for which this is false. Default: no, a round is revealed
        when it is over."""
        return False

    def carried_on(self, round_: Round[Any]) -> bool:
        """Whether ``round_`` (over) was dealt from something the round before it at the
        table left (the cards left in a shoe) rather than from a draw of its own: a check
        of it (:func:`croupier.verify_round.check_rounds`) then takes that round too, and
        :meth:`follows` links the two. Default: no."""
        return False

    def follows(self, previous: Round[Any], round_: Round[Any]) -> str | None:
        """Where :meth:`carried_on` says ``round_`` carries on what ``previous`` (the round
        before it at the table; both over, replayed from their reveals) left: the problem,
        in words, if it does not carry it on exactly (a shoe restacked between rounds);
        ``None``: it does."""
        return None

    # -- money ----------------------------------------------------------------------------
    def moves(
        self, events: Sequence[Event], index: int, seats: Mapping[int, str]
    ) -> list[Move] | None:
        """The money ``events[index]`` moves where the game says more than a wager placed
        (wallet to escrow) and settled (:func:`settlement_moves`); ``None``: the common
        rule. ``seats`` maps seat -> player id."""
        return None

    def taken_back(self, event: Event) -> tuple[int, Cents] | None:
        """(seat, cents) where ``event`` returns a stake unplayed: a wager taken back or
        taken down, or returned by a void; ``None`` for any other event. What a player
        has wagered (814a.2's spend, the reminder's figure) does not count it
        (docs/interpretations.md, "What a loss, a spend and a deposit count"). Default: a
        wager settled as void."""
        if isinstance(event, WagerSettled) and event.outcome is Outcome.VOID:
            return event.seat, event.returned
        return None


def wager_moves(event: WagerPlaced, seats: Mapping[int, str]) -> list[Move]:
    """A wager placed: its amount from the player's wallet to the table's escrow."""
    return [((WALLET, seats[event.seat]), -event.amount), ((ESCROW, None), event.amount)]


def settlement_moves(
    event: WagerSettled, seats: Mapping[int, str], source: str = ESCROW
) -> list[Move]:
    """A wager settled: the stake leaves ``source`` (the escrow, or the inventory for a
    stake the table collected), ``returned + won`` goes to the wallet and the rest comes
    from or goes to the table's inventory."""
    return [
        ((source, None), -event.amount),
        ((WALLET, seats[event.seat]), event.returned + event.won),
        ((INVENTORY, None), event.amount - event.returned - event.won),
    ]


def settled_wagers(events: Sequence[Event]) -> list[WagerSettled]:
    """The wagers of ``events`` settled with an outcome other than void."""
    return [e for e in events if isinstance(e, WagerSettled) and e.outcome is not Outcome.VOID]


def stakes_taken_back(
    policy: TablePolicy, events: Sequence[Event], seats: Mapping[int, str]
) -> dict[str, Cents]:
    """Player id -> the cents ``events`` return to him unplayed
    (:meth:`TablePolicy.taken_back`); ``seats`` maps seat -> player id.

    >>> from croupier.engine import WagerSettled
    >>> void = WagerSettled(seat=2, spot="odd", amount=500, outcome=Outcome.VOID,
    ...                     returned=500, cite="x")
    >>> stakes_taken_back(TablePolicy(), [void], {2: "ann"})
    {'ann': 500}
    """
    found: dict[str, Cents] = {}
    for event in events:
        taken = policy.taken_back(event)
        if taken is not None and taken[0] in seats:
            player = seats[taken[0]]
            found[player] = found.get(player, 0) + taken[1]
    return found


def event_moves(
    policy: TablePolicy, events: Sequence[Event], index: int, seats: Mapping[int, str]
) -> list[Move]:
    """The money ``events[index]`` moves under ``policy`` (see :meth:`TablePolicy.moves`)."""
    found = policy.moves(events, index, seats)
    if found is not None:
        return found
    event = events[index]
    if isinstance(event, WagerPlaced):
        return wager_moves(event, seats)
    if isinstance(event, WagerSettled):
        return settlement_moves(event, seats)
    return []


@dataclass(frozen=True)
class GameSpec:
    """Everything a layer needs of one game, found by name in :mod:`croupier.registry`.

    The analysis, simulation, sign and terminal modules are named, not imported, so that
    the server does not load numba or Rich tables it never uses."""

    round_type: type[Round[Any]]
    policy: TablePolicy
    title: str
    """The game's name as the regulation writes it ("High Roll Dice")."""
    chapter: str
    """The chapter of 58 Pa. Code (``"675a"``)."""
    layout: str = ""
    """The browser's layout for the table (``static/js/layouts.js``); empty: the generic
    table drawn from the view."""
    sign: str | None = None
    """Module whose ``sign(rules)`` draws the table sign (a Rich renderable)."""
    analysis: str | None = None
    """Module whose ``par_sheet(rules)`` returns the exact par sheet."""
    chart: str | None = None
    """Module whose ``strategy_chart(sheet, rules)`` draws the report's strategy chart
    (:mod:`croupier.analysis.charts`); ``None``: a game with no decisions to chart."""
    simulation: str | None = None
    """Module of the simulation kernel (:mod:`croupier.analysis.simulation`)."""
    terminal: str | None = None
    """Module whose ``play`` runs ``croupier play <game>``."""
    training: str | None = None
    """Module whose ``situation(spec, rules, level, pick, rng)`` plays a round for a
    payout drill and returns what the engine settled (:mod:`croupier.training`); where it
    has them, ``irregularity(spec, rules, pick, rng)`` an irregularity declared in a real
    round (:mod:`croupier.training.irregularity`) and ``house_way(...)`` a hand to set;
    ``None``: the payout drill's default, wagers drawn among the round's offers."""
    layout_spots: Callable[[Any], Sequence[SpotInfo]] | None = None
    """The spots of the layout under a Rules Submission, in its order, with their names
    (:class:`~croupier.spots.SpotInfo`): served with the table, read by the browser."""
    spot_type: type[Spot] | None = None
    """The game's typed spots (:class:`~croupier.spots.Spot`): an offer's spots are read
    as them once, at the edge (the terminal's list of them); ``None``: spots are shown
    as their text."""
    layout_cites: Mapping[str, str] = field(default_factory=dict)
    """Sections the layout names beside its areas and notes, by what they govern
    (``{"working": "623a.4"}``): served with the table as a reader is shown them."""
    words: Mapping[str, str] = field(default_factory=dict)
    """The game's own words for the values its views and offers carry (states, phases,
    decisions: ``{"needs_card": "needs a card"}``), served with the table: no generic
    browser module holds them."""
    timeouts: Mapping[str, tuple[str | None, str, str]] = field(default_factory=dict)
    """What a timeout sends, by command (or ``"command:decision"``), said to the seat it
    acts for (``None``: none does), of another seat (``"seat N ..."``) and once done;
    served with the table."""
    how_to_play: tuple[str, ...] = ()
    """How the game is played, paragraph by paragraph, in the regulation's words (its
    package's ``words.HOW_TO_PLAY``): the help panel's first part, served with the
    table's help (``GET /tables/{id}/help``); the wagers' pay comes from the sign."""
    main_wager: str = ""
    """The par sheet's name of the game's principal wager, the lobby card's headline
    return (``"pip_street"``: the best-returning of ``pip_street:two`` ..
    ``pip_street:ace``); empty: the par sheet's first wager."""
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The game's other rule sets a new database opens a table of beside the game's own
    (``croupier serve``'s starter tables): table id -> the Rules Submission's fields
    (``{"mini-craps": {"table": "mini_craps"}}``)."""
    extra: dict[str, Any] = field(default_factory=dict)

    def named(self, rules: RulesSubmission) -> tuple[str, str]:
        """The game's name and chapter at a table of ``rules`` (its variant's:
        :meth:`~croupier.rules.base.RulesSubmission.named`)."""
        return rules.named(self.title, self.chapter)

    def spots_of(self, rules: RulesSubmission) -> list[SpotInfo]:
        """:attr:`layout_spots` under ``rules`` (none where the game gives none)."""
        return [] if self.layout_spots is None else list(self.layout_spots(rules))

    def cites_shown(self) -> dict[str, str]:
        """:attr:`layout_cites` as a reader is shown them (``"623a.4 (inferred)"``)."""
        return {what: shown(cite) for what, cite in self.layout_cites.items()}

    @property
    def name(self) -> str:
        """The game's name in Rules Submissions and URLs (``high-roll-dice``)."""
        return self.round_type.game

    @property
    def rules_type(self) -> type[RulesSubmission]:
        return self.round_type.rules_type

    def draw_sign(self, rules: RulesSubmission) -> RenderableType | None:
        """The table sign of ``rules``, or ``None`` where the game has none drawn."""
        if self.sign is None:
            return None
        drawn: RenderableType = importlib.import_module(self.sign).sign(rules)
        return drawn


__all__ = [
    "EMPTY_ROUND",
    "ESCROW",
    "INVENTORY",
    "WALLET",
    "Account",
    "GameSpec",
    "Move",
    "Previous",
    "TablePolicy",
    "TableState",
    "TableTimings",
    "Viewer",
    "Wait",
    "WaitKey",
    "draw_between",
    "event_moves",
    "no_device",
    "offered",
    "settled_wagers",
    "settlement_moves",
    "wager_moves",
]
