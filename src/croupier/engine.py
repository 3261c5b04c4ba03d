"""The round contract shared by every game.

A round takes **commands** and answers with **events**; its state is a fold
over those events, so :meth:`Round.replay` rebuilds any round exactly from its
stored events with no random source. Random outcomes are drawn while a command
is handled and are written into the events it emits.

- :meth:`Round.handle` validates a command against the phase and the rules,
  then emits the events. A refused command raises
  :class:`~croupier.errors.IllegalCommand` naming the rule and changes nothing.
- :meth:`Round.legal_commands` says what an actor (a seat, or :data:`DEALER`)
  may send now, each field typed (:mod:`croupier.offers`).
- :meth:`Round.view` shows what an actor may see (``None``: the public view).
- Every round starts with :class:`RoundOpened`, which stamps it with the
  croupier version, the table, the round and the sha256 of the Rules
  Submission in force, and carries that submission so the round replays alone.
- Events are pydantic models that serialize to JSON and back losslessly
  (:meth:`Round.events_to_json`, :meth:`Round.events_from_json`).

A short round of High Roll Dice (675a) by its commands, the dice scripted
(:class:`~croupier.rng.ScriptedRng`; a table draws them from its sealed source). A wager
under the table minimum is refused, citing the rule, and changes nothing; $5 on the five
at Pip Street is taken; the dealer announces "no more bets", throws and calls. Five fives
are the most of any face: the five wins at 4 to 1 (675a.5(a)), $20.00. The stored
events, read back from JSON, replay to the same round with no random source.

>>> from croupier.games.high_roll_dice import (
...     AnnounceNoMoreBets, CallResult, HighRollDiceRound, PlaceWager, ThrowDice
... )
>>> from croupier.rng import ScriptedRng, dice_draws
>>> from croupier.rules.high_roll_dice import HighRollDiceRules
>>> dice = ScriptedRng(dice_draws([5, 5, 5, 5, 5, 1, 2, 3, 4, 6]))
>>> round_ = HighRollDiceRound.open(
...     HighRollDiceRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=dice
... )
>>> round_.handle(PlaceWager(seat=1, spot="pip_street:five", amount=100), 1)
Traceback (most recent call last):
  ...
croupier.errors.InvalidWager: a wager on Pip Street five must be $5 to $5,000, not $1 (675a.2(e)(1))
>>> [e.type for e in round_.handle(PlaceWager(seat=1, spot="pip_street:five", amount=500), 1)]
['WagerPlaced']
>>> [e.type for e in round_.handle(AnnounceNoMoreBets(), DEALER)]
['NoMoreBets']
>>> [e.faces for e in round_.handle(ThrowDice(), DEALER)]
[(5, 5, 5, 5, 5, 1, 2, 3, 4, 6)]
>>> [e.type for e in round_.handle(CallResult(), DEALER)]
['ResultCalled', 'DiceSetAside', 'WagerSettled', 'RoundCompleted']
>>> round_.finished, [(s.outcome.value, s.returned, s.won) for s in round_.state.settlements]
(True, [('win', 500, 2000)])
>>> stored = HighRollDiceRound.events_to_json(round_.events)
>>> again = HighRollDiceRound.replay(HighRollDiceRound.events_from_json(stored))
>>> again.view(1) == round_.view(1)
True
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Generic, Literal, Self, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
    model_serializer,
)

import croupier
from croupier.errors import (
    AccessDenied,
    CroupierError,
    EmptySeat,
    IllegalCommand,
    NoRandomSource,
    NotYourTurn,
    ReplayError,
)
from croupier.money import MAX_CENTS, Cents
from croupier.offers import LegalCommand as LegalCommand
from croupier.rng import Rng, ScriptedRng, SealedDraws
from croupier.rules.base import STORED, RulesSubmission

DEALER: Literal["dealer"] = "dealer"
"""The actor for the dealer and the floor (throws, calls, irregularities)."""

Actor = int | Literal["dealer"]
"""Who sends a command: a seat number (1 is at the dealer's left) or :data:`DEALER`."""


def in_words(type_name: str) -> str:
    """An event's or command's type in words, for a person: ``"DeckShuffled"`` ->
    ``"deck shuffled"``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", type_name).lower()


def difference(
    produced: Event,
    found: Event | None,
    *,
    seeded: bool = False,
    said: Callable[[str, Any], str | None] | None = None,
) -> str:
    """How a stored event (``found``; None: there is none) differs from the one the rules
    produce, in words: ``"card dealt: card is As, the rules give 3c"``; ``seeded``: the
    event was produced again drawing from the round's server seed, which gives the values
    ("faces is 2 2 2, the server seed gives 4 2 6"); ``said``: a field's value in the
    player's words where the game has them (:meth:`Round.said_of`: ``"won is $20, the
    rules give $10"``, ``"spot is Big, the rules give Small"``), else as stored."""
    named = in_words(type(produced).__name__)
    gives, goes = ("the server seed gives", "goes") if seeded else ("the rules give", "go")
    if found is None:
        return f"it is missing: {gives.rsplit(' ', 1)[0]} {goes} on with {named}"
    if type(found) is not type(produced):
        return f"it is {in_words(type(found).__name__)}, where {gives} {named}"
    want, got = produced.model_dump(mode="json"), found.model_dump(mode="json")
    fields = [
        f"{name.replace('_', ' ')} is {_shown(got.get(name), name, said)}, {gives} "
        f"{_shown(want[name], name, said)}"
        for name in want
        if want[name] != got.get(name)
    ]
    return f"{named}: {'; '.join(fields)}"


def _shown(value: Any, name: str = "", said: Callable[[str, Any], str | None] | None = None) -> str:
    worded = None if said is None or value is None else said(name, value)
    if worded is not None:
        return worded
    if isinstance(value, list):
        return " ".join(str(item) for item in value) or "nothing"
    return "nothing" if value is None else str(value)


def _parse_fraction(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        return Fraction(value)
    raise ValueError(f"not a fraction: {value!r}")


ExactFraction = Annotated[
    Fraction, PlainValidator(_parse_fraction), PlainSerializer(str, return_type=str)
]
"""A :class:`~fractions.Fraction` stored as its exact text (``"3/5"``)."""


class Record(BaseModel):
    """Base of commands and events: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Event(Record):
    """Something that happened in a round, with the rule that made it happen."""

    cite: str


class Command(Record):
    """Something an actor asks a round to do."""


_DEALER_COMMANDS: dict[type, frozenset[str]] = {}
""":meth:`Round.dealer_commands` by game, found once."""


CENTS_SENT = (
    'Cents, a JSON integer: 500 is $5.00 (not 5, 5.0 or "500"); a value that is not a '
    "whole number of cents, or over the table's limits, is refused citing the rule."
)
"""What a command's amount field says of itself in its JSON Schema."""

SentCents = Annotated[
    Any,
    WithJsonSchema(
        {"type": "integer", "minimum": 1, "maximum": MAX_CENTS, "description": CENTS_SENT}
    ),
]
"""A command's amount of money, in cents: described as an integer in the command's JSON
Schema (``GET /games/{game}/commands``), read as sent (``Any``) so that the round refuses
a bad value with a cited error (:func:`croupier.money.require_cents`) rather than pydantic
coercing or refusing it without the rule."""

SentCentsOrNone = Annotated[
    Any,
    WithJsonSchema(
        {
            "anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_CENTS}, {"type": "null"}],
            "description": f"{CENTS_SENT} Left out (null) where the decision moves no money.",
        }
    ),
]
"""As :data:`SentCents`, for an amount a command may leave out."""

SentCentsOrZero = Annotated[
    Any,
    WithJsonSchema(
        {"type": "integer", "minimum": 0, "maximum": MAX_CENTS, "description": CENTS_SENT}
    ),
]
"""As :data:`SentCents`, for an amount that may be nothing (0)."""


class Outcome(StrEnum):
    """How a wager ended."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    SURRENDER = "surrender"
    VOID = "void"


class RoundOpened(Event):
    """The first event of every round: its stamp, the rules in force and who is seated."""

    type: Literal["RoundOpened"] = "RoundOpened"
    game: str
    croupier_version: str
    table_id: str
    round_id: str
    rules_sha256: str
    rules: dict[str, Any]
    seats: dict[int, str]
    """Seat number -> player id of every seated player when the round opened."""
    physical_dice: bool = False
    """True where the dealer enters the reading of physical dice instead of the RNG."""
    seed: str | None = None
    """A sealed round's server seed (hex, :data:`~croupier.rng.SEED_BYTES` bytes), from which
    every random value of the round is drawn (:class:`~croupier.rng.SealedDraws`); hidden
    from every player until the round is revealed. ``None``: the round draws from its
    generator directly (a terminal table, a round stored before sealed draws)."""
    next_seal: str | None = None
    """The commitment (salted sha256, :func:`croupier.sealing.commit`) of the next round's
    seed, published here, before any wager of that round."""
    seed_commitments: dict[int, str] | None = None
    """Seat -> sha256 (hex) of the seed that seat gives with its first wager
    (:class:`ClientSeedGiven`), each fixed before the round opened."""

    @model_serializer(mode="wrap")
    def _unsealed_as_before(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A round with no sealed draws is written as it always was (no new keys)."""
        data: dict[str, Any] = handler(self)
        for name in ("seed", "next_seal", "seed_commitments"):
            if data.get(name) is None:
                data.pop(name, None)
        return data


class ClientSeedGiven(Event):
    """A seat's own seed, given with its first wager of the round: it enters every random
    value drawn after it (:class:`~croupier.rng.SealedDraws`). Its sha256 is the commitment
    the round opened with (:attr:`RoundOpened.seed_commitments`), so the seat could not
    choose it knowing the server's seed or another seat's."""

    type: Literal["ClientSeedGiven"] = "ClientSeedGiven"
    seat: int
    seed: str


CLIENT_SEED_CITE = "GLI-19 4.4.4(a)"
"""Random values drawn ahead of play are kept sealed until used (GLI-19 4.4.4(a))."""

CLIENT_SEED_CHARACTERS = re.compile(r"[0-9A-Za-z_-]{16,64}")
"""A seat's seed: 16 to 64 letters, digits, ``_`` or ``-`` (a browser sends 64 hex
digits from its own secure generator)."""


class WagerPlaced(Event):
    """A wager of ``amount`` cents put on ``spot`` by ``seat``."""

    type: Literal["WagerPlaced"] = "WagerPlaced"
    seat: int
    spot: str
    amount: Cents


class WagerSettled(Event):
    """A wager resolved: the stake ``returned`` to the player and the winnings ``won``
    (both cents; a losing wager has both zero). ``withheld`` is what an aggregate
    payout limit kept back from the winnings."""

    type: Literal["WagerSettled"] = "WagerSettled"
    seat: int
    spot: str
    amount: Cents
    outcome: Outcome
    odds: ExactFraction | None = None
    returned: Cents = 0
    won: Cents = 0
    withheld: Cents = 0


class RoundVoided(Event):
    """The round is void; every wager still in play is returned (see WagerSettled)."""

    type: Literal["RoundVoided"] = "RoundVoided"
    reason: str


class RoundCompleted(Event):
    """Every wager of the round is settled."""

    type: Literal["RoundCompleted"] = "RoundCompleted"


StateT = TypeVar("StateT")


def _late_first(error: BaseException, actor: Actor) -> bool:
    """Whether a player who sat down after the round opened is told so in place of
    ``error``: for any refusal of the round's state but a permission (who may comes
    first) and but another seat's being empty ("nobody sits at seat 3" is true of it
    whoever asks)."""
    if not isinstance(error, IllegalCommand) or isinstance(error, AccessDenied):
        return False
    return not (isinstance(error, EmptySeat) and error.seat != actor)


class Round(ABC, Generic[StateT]):
    """One round of one game: commands in, events out, state as a fold over events.

    Subclasses set :attr:`game`, :attr:`rules_type`, :attr:`event_adapter` and
    :attr:`command_adapter`, and implement :meth:`initial_state`,
    :meth:`evolve` (state + event -> state, no validation of rules, no
    randomness), :meth:`decide` (validate a command, yield its events),
    :meth:`legal_commands` and :meth:`view`.
    """

    game: ClassVar[str]
    rules_type: ClassVar[type[RulesSubmission]]
    event_adapter: ClassVar[TypeAdapter[list[Any]]]
    """Reads and writes a list of this game's events (a union tagged by ``type``)."""
    command_adapter: ClassVar[TypeAdapter[Any]]
    """Reads one of this game's commands (a union tagged by ``type``)."""

    def __init__(
        self, events: Sequence[Event], rng: Rng | None, rules: RulesSubmission | None = None
    ) -> None:
        self.rng = rng
        self._rules = rules
        self._stream: Rng | None = None
        self._start: int | None = None
        """Where the command being handled began (:meth:`draw`)."""
        self._drawn = 0
        """How many commands have drawn in the round (a sealed draw's key)."""
        self._seeds_fixed_at: int | None = None
        """Where the first command that drew after a wager began: the seats' seeds given
        before it enter every draw from it on, and no seed is taken after it."""
        self.stepped = False
        """Set by :meth:`step_draw`: the table policy drew for a dealer's step."""
        self.vacated: frozenset[int] = frozenset()
        """While a command is handled: the round's seats whose player has left the seat
        since the round opened, but the actor's (the table says so, :meth:`handle`; no
        event records it). A command for one of them is refused as for a seat nobody
        holds, not as another player's."""
        self.joined: frozenset[int] = frozenset()
        """While a command is handled: the seats another player has taken since the round
        opened (the table says so, :meth:`handle`). A command for one is refused as for
        another player's seat (403), not as for a seat nobody holds."""
        self.state = self._fold(events)
        self.events = list(events)

    # -- construction -----------------------------------------------------------------
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
    ) -> Self:
        """A new round at ``table_id`` with ``seats`` (seat -> player id) seated."""
        if not isinstance(rules, cls.rules_type):
            raise TypeError(f"{cls.game} needs {cls.rules_type.__name__}, not {type(rules)}")
        rules.check_seats(seats)
        opened = RoundOpened(
            game=cls.game,
            croupier_version=croupier.__version__,
            table_id=table_id,
            round_id=round_id,
            rules_sha256=rules.sha256(),
            rules=rules.canonical_dict(),
            seats=dict(sorted(seats.items())),
            physical_dice=physical_dice,
            cite=rules.seats_cite(),
        )
        if isinstance(rng, SealedDraws):
            opened = opened.model_copy(
                update={
                    "seed": rng.seed.hex(),
                    "next_seal": rng.next_seal,
                    "seed_commitments": dict(sorted(rng.commitments.items())) or None,
                }
            )
        return cls([opened], rng, rules)

    @classmethod
    def replay(
        cls,
        events: Iterable[Event],
        *,
        draws: SealedDraws | None = None,
        before: Callable[[Round[Any], Command, Actor], None] | None = None,
    ) -> Self:
        """Rebuild a round from its stored events, with no random source, verifying them.

        Every event is re-derived: each event that a command causes (a wager, a throw,
        a call, a declared irregularity) is turned back into that command
        (:meth:`command_for`), the command is handled again under the rules (random
        outcomes re-drawn from what the events recorded), and what the rules produce
        must equal the stored events one for one. The events that :meth:`open` writes
        after RoundOpened are produced again from the table's inputs they record
        (:meth:`opening`). Raises :class:`ReplayError` naming the first event that is not
        what the rules produce.

        With ``draws`` (a sealed round's server seed, revealed), every random value is drawn
        again from the seed and the seats' seeds (:class:`~croupier.rng.SealedDraws`)
        instead of being taken from what the events record, so a value the seed does not
        give is a :class:`ReplayError`; ``before(round, command, actor)`` is called before
        each command is handled again (a check of the dealer's steps).
        """
        events = list(events)
        if not events or not isinstance(events[0], RoundOpened):
            raise ReplayError("a round's first event must be RoundOpened", "engine:replay")
        opened = events[0]
        if opened.game != cls.game:
            raise ReplayError(f"events of {opened.game}, not {cls.game}", "engine:replay")
        stored = json.dumps(opened.rules, sort_keys=True, separators=(",", ":"))
        if hashlib.sha256(stored.encode()).hexdigest() != opened.rules_sha256:
            raise ReplayError("the stored rules do not match their sha256 stamp", "engine:replay")
        try:
            rules = cls.rules_type.model_validate(opened.rules, context=STORED)
        except ValidationError as error:
            raise ReplayError(f"the stored rules are not valid: {error}", "engine:replay") from None
        # A rule added to the Rules Submission after the round was stored is absent
        # from it and takes its default (a new rule's default is the earlier behaviour);
        # every rule that was stored must be in canonical form.
        canonical = rules.canonical_dict()
        if {key: canonical[key] for key in opened.rules if key in canonical} != opened.rules:
            raise ReplayError("the stored rules are not in canonical form", "engine:replay")
        try:
            rules.check_seats(opened.seats)
        except CroupierError as error:
            raise ReplayError(f"the stored seats are not valid: {error}", "engine:replay") from None
        if draws is not None and opened.seed != draws.seed.hex():
            raise ReplayError("the round was not opened with this seed", "engine:replay")
        round_ = cls([opened], rng=draws, rules=rules)
        index = round_._reopen(events)
        last = (index, index)  # the events of the last command handled again
        while index < len(events):
            event = events[index]
            if isinstance(event, ClientSeedGiven):
                round_._given_again(events, index, last)
                index += 1
                continue
            count = round_._rederive(events, index, draws, before)
            last, index = (index, index + count), index + count
        round_.rng = None
        return round_

    def _given_again(self, events: Sequence[Event], index: int, last: tuple[int, int]) -> None:
        """A stored seat's seed: given right after the command that placed that seat's
        first wager of the round (``last``: that command's events), as the server writes
        it, and allowed there."""
        event = events[index]
        assert isinstance(event, ClientSeedGiven)
        where = f"event {index} (client seed given)"
        if last[1] != index:
            raise ReplayError(f"{where} does not follow a command", "engine:replay")
        try:
            self.give_seed(event.seat, event.seed, last[0])
        except CroupierError as error:
            raise ReplayError(f"{where} was not allowed: {error}", "engine:replay") from None

    def _reopen(self, events: Sequence[Event]) -> int:
        """Re-derive the events that :meth:`open` writes after RoundOpened
        (:meth:`opening`); return the index of the first stored event after them."""
        index = 1
        try:
            for produced in self.opening(events):
                if index >= len(events) or events[index] != produced:
                    found = events[index] if index < len(events) else None
                    raise ReplayError(
                        f"event {index} is not what the rules produce when the round opens: "
                        f"{difference(produced, found, said=self.said_of)}",
                        "engine:replay",
                    )
                self.state = self.evolve(self.state, produced)
                self.events.append(produced)
                index += 1
        except ReplayError:
            raise
        except (CroupierError, ValueError) as error:
            raise ReplayError(
                f"the round's opening was not allowed: {error}", "engine:replay"
            ) from None
        return index

    def opening(self, events: Sequence[Event]) -> Iterator[Event]:
        """On replay, the events that :meth:`open` writes after RoundOpened (a game's
        equipment or table context), produced again under the rules from the table's
        inputs that the stored ``events`` record; they must equal the stored ones. A game
        whose :meth:`open` writes only RoundOpened has none."""
        return iter(())

    def _rederive(
        self,
        events: Sequence[Event],
        index: int,
        draws: SealedDraws | None = None,
        before: Callable[[Round[Any], Command, Actor], None] | None = None,
    ) -> int:
        """Handle again the command behind ``events[index]`` (its draws from ``draws``
        where given, else from what the events record); return how many stored events it
        accounts for."""
        event = events[index]
        where = f"event {index} ({in_words(type(event).__name__)})"
        derived = self.command_for(event, events[index + 1 :])
        if derived is None:
            raise ReplayError(f"{where} does not follow from any command here", "engine:replay")
        command, actor, rng = derived
        self.rng = draws if draws is not None else rng
        if before is not None:
            before(self, command, actor)
        try:
            emitted = self.handle(command, actor)
        except (CroupierError, ValueError) as error:
            raise ReplayError(f"{where} was not allowed: {error}", "engine:replay") from None
        if draws is None and isinstance(rng, ScriptedRng) and not rng.exhausted:
            raise ReplayError(f"{where} records more draws than it used", "engine:replay")
        for offset, produced in enumerate(emitted):
            position = index + offset
            if position >= len(events) or events[position] != produced:
                found = events[position] if position < len(events) else None
                produce = "the server seed draws" if draws is not None else "the rules produce"
                raise ReplayError(
                    f"event {position} is not what {produce}: "
                    f"{difference(produced, found, seeded=draws is not None, said=self.said_of)}",
                    "engine:replay",
                )
        return len(emitted)

    def said_of(self, name: str, value: Any) -> str | None:
        """The value ``value`` of an event's field ``name`` (as JSON writes it) in the
        player's words, for a replay's differences (:func:`difference`), or ``None``
        where it has none (then it is said as stored)."""
        return None

    def command_for(
        self, event: Event, following: Sequence[Event] = ()
    ) -> tuple[Command, Actor, Rng | None] | None:
        """The command (with its actor, and an Rng that repeats any recorded draw) that
        caused ``event``, if ``event`` is the first event a command emits; ``None`` for
        the events that follow from it (settlements, collections, completions).
        ``following`` are the stored events after ``event``, for a command whose input
        shows only in a later event it emits."""
        return None

    # -- the contract -----------------------------------------------------------------
    @property
    def opened(self) -> RoundOpened:
        first = self.events[0]
        assert isinstance(first, RoundOpened)
        return first

    @property
    def submission(self) -> RulesSubmission:
        """The Rules Submission the round is dealt under (the one its ``RoundOpened``
        stores), whether or not it is still in force at the table."""
        return self._stored_rules(self.opened)

    def handle(
        self,
        command: Command,
        actor: Actor,
        vacated: Collection[int] = (),
        joined: Collection[int] = (),
        *,
        late: NotYourTurn | None = None,
    ) -> list[Event]:
        """Apply ``command`` from ``actor``; return the events it caused. ``vacated``: the
        round's seats whose player has left the seat since it opened (:attr:`vacated`);
        ``joined``: the seats another player has taken since (:attr:`joined`); ``late``,
        where the actor himself sat down after the round opened: the refusal raised in
        place of whatever the command would do and of any refusal but a permission's
        (who may comes before the round's state: the dealer's command or another seat's
        wager is still refused 403).

        Raises :class:`IllegalCommand` (naming the rule) and leaves the round
        exactly as it was when the command is refused.
        """
        if actor != DEALER and (isinstance(actor, bool) or not isinstance(actor, int)):
            raise NotYourTurn(
                f"an actor is a seat number or {DEALER!r}, not {actor!r}", "engine:actor"
            )
        before = len(self.events)
        emitted: list[Event] = []
        self._stream, self._start = None, before  # a sealed round's draws start afresh
        drawn = (self._drawn, self._seeds_fixed_at)
        self.vacated = frozenset(seat for seat in vacated if seat != actor)
        self.joined = frozenset(seat for seat in joined if seat != actor)
        try:
            for event in self.decide(command, actor):
                if late is not None:
                    raise late
                self.state = self.evolve(self.state, event)
                self.events.append(event)
                emitted.append(event)
        except BaseException as error:
            del self.events[before:]
            self.state = self._fold(self.events)
            self._drawn, self._seeds_fixed_at = drawn
            if late is not None and _late_first(error, actor):
                raise late from None
            raise
        finally:
            self._stream, self._start = None, None
            self.vacated = self.joined = frozenset()
        return emitted

    def seat_empty(self, seat: int, seats: Collection[int]) -> bool:
        """Whether a command for ``seat`` finds nobody there: not taken by another player
        since the round opened (:attr:`joined`), and not one of the round's ``seats`` or
        left since (:attr:`vacated`)."""
        return seat not in self.joined and (seat in self.vacated or seat not in seats)

    def apply(self, event: Event) -> None:
        """Add ``event``, already stored, to the round as a fold over its events does (a
        seat's seed is the table's input, not the game's: no ``evolve``); for a reader
        that walks a stored round event by event."""
        if not isinstance(event, ClientSeedGiven):
            self.state = self.evolve(self.state, event)
        self.events.append(event)

    def draw(self) -> Rng:
        """The random source, for ``decide``; a replayed round has none. A sealed round's
        (:class:`~croupier.rng.SealedDraws`) is the stream keyed by how many commands drew
        before this one in the round (not by where it stands: no wager moves it) and by
        the seats' seeds that enter the round's draws (:meth:`entered_seeds`)."""
        if self.rng is None:
            raise NoRandomSource("a replayed round has no random source", "engine:replay")
        if self._stream is None:
            start = len(self.events) if self._start is None else self._start
            if self._seeds_fixed_at is None and any(
                isinstance(event, WagerPlaced) for event in self.events[:start]
            ):
                self._seeds_fixed_at = start
            count, self._drawn = self._drawn, self._drawn + 1
            self._stream = self.rng
            if isinstance(self.rng, SealedDraws):
                self._stream = self.rng.stream(
                    "command", self.opened.round_id, count, self.entered_seeds()
                )
        return self._stream

    def step_draw(self, what: str) -> Rng | None:
        """The random source for ``what`` a dealer's step with no human choice draws when
        the table policy takes it now (the ``position`` of the dealer's cut, the cover
        card's depth): a sealed round's stream ``"step:<what>"``, keyed by how many
        commands drew before it; else the round's source (``None`` when it has none)."""
        self.stepped = True
        if not isinstance(self.rng, SealedDraws):
            return self.rng
        return self.rng.stream(
            f"step:{what}", self.opened.round_id, self._drawn, self.entered_seeds()
        )

    def entered_seeds(self) -> dict[int, str]:
        """The seats' seeds that a sealed round's draws mix in: none before the first draw
        that follows a wager (a shuffle or mixing at the opening), then those given before
        that draw, the same for every draw after it."""
        if self._seeds_fixed_at is None:
            return {}
        return self.client_seeds(self._seeds_fixed_at)

    def client_seeds(self, upto: int | None = None) -> dict[int, str]:
        """Seat -> seed of the seats' seeds given before event ``upto`` (all: ``None``)."""
        return {
            event.seat: event.seed
            for event in self.events[:upto]
            if isinstance(event, ClientSeedGiven)
        }

    def give_seed(self, seat: int, seed: str, command_began: int) -> ClientSeedGiven:
        """Record ``seat``'s own seed (:class:`ClientSeedGiven`) right after the command
        whose events began at ``command_began``, which must have placed the seat's first
        wager of the round; a sealed round's draws after the wagers mix it in. Raises
        :class:`~croupier.errors.IllegalCommand` (changing nothing) when that command placed
        no first wager of the seat, the round is over, the seat did not commit to a seed
        before the round opened, already gave it, the draws after the wagers have begun, or
        ``seed`` is not the one committed to (:data:`CLIENT_SEED_CITE`)."""
        first = next(
            (n for n, e in enumerate(self.events) if isinstance(e, WagerPlaced) and e.seat == seat),
            None,
        )
        if first is None or first < command_began:
            raise IllegalCommand(
                "a seed is given with your first wager of the round, in the same command",
                CLIENT_SEED_CITE,
            )
        committed = (self.opened.seed_commitments or {}).get(seat)
        if self.finished:
            raise IllegalCommand(
                "the round is over: a seed enters only a round in play", CLIENT_SEED_CITE
            )
        if committed is None:
            raise IllegalCommand(
                f"seat {seat} committed to no seed before the round opened: give a seed's "
                "commitment between rounds, and the seed with your first wager of the next",
                CLIENT_SEED_CITE,
            )
        if seat in self.client_seeds():
            raise IllegalCommand(f"seat {seat} gave its seed already this round", CLIENT_SEED_CITE)
        if self._seeds_fixed_at is not None:
            raise IllegalCommand(
                "the round's values are being drawn after its wagers: a seed enters only "
                "before the first of them (commit to one for the next round)",
                CLIENT_SEED_CITE,
            )
        if not isinstance(seed, str) or not CLIENT_SEED_CHARACTERS.fullmatch(seed):
            raise IllegalCommand("a seed is 16 to 64 letters, digits, '_' or '-'", CLIENT_SEED_CITE)
        if hashlib.sha256(seed.encode()).hexdigest() != committed:
            raise IllegalCommand(
                f"that seed is not the one seat {seat} committed to before the round opened "
                "(its sha256 differs)",
                CLIENT_SEED_CITE,
            )
        given = ClientSeedGiven(seat=seat, seed=seed, cite=CLIENT_SEED_CITE)
        self.events.append(given)
        return given

    @abstractmethod
    def initial_state(self, opened: RoundOpened, rules: Any) -> StateT:
        """The state right after :class:`RoundOpened`, under ``rules`` (an instance of
        :attr:`rules_type`, validated once: strictly by :meth:`open`, as stored by
        :meth:`replay`)."""

    @abstractmethod
    def evolve(self, state: StateT, event: Event) -> StateT:
        """The state after ``event``; raises :class:`ReplayError` if it cannot follow."""

    @abstractmethod
    def decide(self, command: Command, actor: Actor) -> Iterator[Event]:
        """Validate ``command`` (raising before the first event) and yield its events."""

    @classmethod
    def dealer_commands(cls) -> frozenset[str]:
        """The ``type`` of each of this game's commands that name no seat: only the dealer
        sends them (each of a player's commands names the seat it is for; the contract
        suite holds every game to it, and to the round refusing each to a seat for its
        role). The server refuses one sent by a player for his role (403) whatever its
        fields."""
        found = _DEALER_COMMANDS.get(cls)
        if found is None:
            models = cls.command_adapter.json_schema().get("$defs", {}).values()
            found = frozenset(
                model["properties"]["type"]["const"]
                for model in models
                if "const" in model.get("properties", {}).get("type", {})
                and "seat" not in model["properties"]
            )
            _DEALER_COMMANDS[cls] = found
        return found

    @abstractmethod
    def legal_commands(self, actor: Actor) -> list[LegalCommand]:
        """What ``actor`` may send now, each field typed (:mod:`croupier.offers`)."""

    def build(self, offer: LegalCommand, **choice: Any) -> Command:
        """The command that ``offer`` (one of :meth:`legal_commands`) makes from ``choice``
        (field -> value; fixed fields filled in); raises
        :class:`~croupier.errors.IllegalCommand` for a value outside the offer."""
        command: Command = self.command_adapter.validate_python(offer.build(**choice))
        return command

    @abstractmethod
    def view(self, actor: Actor | None) -> dict[str, Any]:
        """What ``actor`` may see (JSON-ready); ``None`` is the public view."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True once the round is completed or voided."""

    # -- serialization ----------------------------------------------------------------
    @classmethod
    def events_to_json(cls, events: Sequence[Event]) -> str:
        """The events as a JSON array (lossless; :meth:`events_from_json` reads it)."""
        return cls.event_adapter.dump_json(list(events)).decode()

    @classmethod
    def events_from_json(cls, text: str | bytes) -> list[Event]:
        """Events of this game from the JSON that :meth:`events_to_json` wrote."""
        return list(cls.event_adapter.validate_json(text))

    # -- helpers ----------------------------------------------------------------------
    def _stored_rules(self, opened: RoundOpened) -> RulesSubmission:
        """The rules the round was built with, else those ``opened`` stores (validated as
        stored, once per round object)."""
        if self._rules is None:
            self._rules = self.rules_type.model_validate(opened.rules, context=STORED)
        return self._rules

    def _fold(self, events: Sequence[Event]) -> StateT:
        if not events:
            raise ReplayError("a round needs its RoundOpened event", "engine:replay")
        first = events[0]
        if not isinstance(first, RoundOpened):
            raise ReplayError("a round's first event must be RoundOpened", "engine:replay")
        state = self.initial_state(first, self._stored_rules(first))
        for event in events[1:]:
            if not isinstance(event, ClientSeedGiven):  # the table's input, not the game's
                state = self.evolve(state, event)
        return state
