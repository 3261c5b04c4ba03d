"""What the contract suite checks of a round played by :mod:`contract.play`.

**What a viewer sees** (:func:`leaks`). The secret data of a round is its equipment: the
cards (``"Ah"``) and the tiles (``"6-6"``), as text in the serialized views and events
(dice are public at every table, so they are not secrets here). The round is folded again
event by event (a round's state is a fold over its events; the views are taken after
each event, not only after each command, so that a card dealt face up and cleared in the
same command counts as seen). After each event, for each seat and for the public
(``None``):

- *hidden* is every card or tile that the surveillance view (``view(DEALER)``) shows and
  the viewer's view does not;
- *sent* is every card or tile in the events so far as the server sends them to that
  viewer: each event's JSON with the fields the policy hides from it
  (:meth:`~croupier.game.TablePolicy.hidden`, for :meth:`~croupier.game.Viewer.of` the
  seat) blanked, as :func:`croupier.server.driver.redact` does;
- a leak is a card or tile both sent and hidden, unless the viewer's view showed it at an
  earlier moment (a card turned up and later cleared away is no secret any more), or it
  is the viewer's own: sent to that player alone and shown by its view, not the
  public's, at some moment of the round (or, in a round voided before its view showed
  it any card of its own, sent to that player alone). The policy decides from the event
  alone, so a Go Fore It or Criss-Cross Poker player is sent his own cards as they are
  dealt, while his view shows them once the stub is discarded (676a.11(a), 674a.11(a));
- and the other way round, every card or tile the viewer's view shows must have been sent
  to it (a view that showed a hole card the events hide would leak it).

Where a card or tile exists twice (two decks in a shoe, the Pai Gow pairs) the check sees
one text for both, which only makes it weaker, never wrong.

**Money** (:func:`money_problems`): the postings each event causes under the policy
(:func:`croupier.game.event_moves`) sum to zero, touch only the wallets of the round's
players, never take the table's escrow below zero and leave it empty when the round ends.

**Tampering** (:func:`tamperings`): copies of a finished round's events with one change
that no round under its rules can produce.

**Refused commands** (:func:`probe`): commands the round must refuse now, which must leave
it as it was.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from contract.play import Played, build, command_models
from croupier.engine import DEALER, Actor, Command, Event, LegalCommand, Round, RoundVoided
from croupier.equipment.cards import deck
from croupier.equipment.tiles import SET
from croupier.errors import IllegalCommand
from croupier.game import ESCROW, WALLET, TablePolicy, Viewer, concealed, event_moves
from croupier.money import MAX_CENTS

CARDS = frozenset(str(card) for card in deck())
TILES = frozenset(tile.code for tile in SET)
SECRETS = CARDS | TILES
"""The text of every card and tile: the values a view or an event may hide."""


def secrets_in(data: object) -> set[str]:
    """The card and tile texts among the string values of JSON-ready ``data``."""
    found: set[str] = set()
    stack = [data]
    pop, extend = stack.pop, stack.extend
    while stack:
        node = pop()
        kind = type(node)  # the exact JSON types first: a view holds thousands of numbers
        if kind is int or kind is bool or node is None:
            continue
        if kind is str:
            if node in SECRETS:
                found.add(node)
        elif kind is dict:
            extend(node.values())
        elif kind is list or kind is tuple:
            extend(node)
        elif isinstance(node, str):
            if node in SECRETS:
                found.add(node)
        elif isinstance(node, dict):
            extend(node.values())
        elif isinstance(node, list | tuple):
            extend(node)
    return found


def sent_to(event: Event, policy: TablePolicy, viewer: Viewer) -> dict[str, Any]:
    """``event`` as the server sends it to ``viewer``: its JSON with the fields the policy
    hides from that viewer blanked (as ``croupier.server.driver.redact`` does)."""
    data = event.model_dump(mode="json")
    blank = concealed(policy, event, viewer)
    return {**data, **blank} if blank else data


def refold(round_: Round[Any]) -> Iterator[tuple[int, Round[Any]]]:
    """The round again after each of its events (index, the round up to that event),
    folded as ``handle`` folds them (one round object, moved on in place)."""
    events = round_.events
    again = type(round_)(events[:1], rng=None)
    yield 0, again
    for index in range(1, len(events)):
        event = events[index]
        again.state = again.evolve(again.state, event)
        again.events.append(event)
        yield index, again


Timeline = list[tuple[set[str], dict[Actor | None, set[str]]]]
_TIMELINES: dict[tuple[int, int], tuple[Round[Any], Timeline]] = {}


def timeline(round_: Round[Any]) -> Timeline:
    """After each event of ``round_``: the cards and tiles the dealer's view shows, and
    those each looker's (the public, each seat) shows. Views do not depend on the table
    policy, so a round's timeline is worked out once for every check of it (kept with
    the round and its length: a round played on is another)."""
    key = (id(round_), len(round_.events))
    kept = _TIMELINES.get(key)
    if kept is not None and kept[0] is round_:
        return kept[1]
    lookers: list[Actor | None] = [None, *sorted(round_.opened.seats)]
    found: Timeline = [
        (secrets_in(again.view(DEALER)), {v: secrets_in(again.view(v)) for v in lookers})
        for _, again in refold(round_)
    ]
    _TIMELINES[key] = (round_, found)
    return found


def leaks(round_: Round[Any], policy: TablePolicy) -> list[str]:
    """Every leak found in ``round_`` (see the module docstring), as messages."""
    seats = round_.opened.seats
    lookers: list[Actor | None] = [None, *sorted(seats)]
    # What a seat's view shows at some moment and the public's does not then: its own
    # cards, which the events may bring it before its view shows them (a player's front
    # cards are sent as they are dealt and shown once the stub is discarded, 676a.11(a)).
    own: dict[Actor | None, set[str]] = {v: set() for v in lookers}
    for _, shown in timeline(round_):
        for looker in lookers[1:]:
            own[looker] |= shown[looker] - shown[None]
    voided = any(isinstance(event, RoundVoided) for event in round_.events)
    seen: dict[Actor | None, set[str]] = {v: set() for v in lookers}
    sent: dict[Actor | None, set[str]] = {v: set() for v in lookers}
    problems: list[str] = []
    for index, (surveillance, shown) in enumerate(timeline(round_)):
        event = round_.events[index]
        where = f"after event {index} ({type(event).__name__})"
        for looker in lookers:
            sent[looker] |= secrets_in(sent_to(event, policy, Viewer.of(looker, seats)))
        for looker in lookers:
            hidden = surveillance - shown[looker]
            early: set[str] = set()
            if looker is not None:
                others = set().union(*(sent[v] for v in lookers[1:] if seats[v] != seats[looker]))
                alone = sent[looker] - sent[None] - others
                # A round voided before the seat's view showed it any card of its own:
                # what the events sent to that player alone is its own too.
                early = alone if voided and not own[looker] else alone & own[looker]
            leaked = (sent[looker] & hidden) - seen[looker] - early
            if leaked:
                problems.append(
                    f"{where}: the events sent to {looker!r} show {sorted(leaked)}, "
                    "which its view hides"
                )
            unsent = shown[looker] - sent[looker]
            if unsent:
                problems.append(
                    f"{where}: the view of {looker!r} shows {sorted(unsent)}, which no "
                    "event sent to it showed"
                )
            seen[looker] |= shown[looker]
    return problems


def hides_anything(round_: Round[Any]) -> bool:
    """Whether some view of ``round_`` ever lacks a card or tile the dealer's shows."""
    return any(
        surveillance - shown_to
        for surveillance, shown in timeline(round_)
        for shown_to in shown.values()
    )


# --- money ------------------------------------------------------------------------------
def money_problems(round_: Round[Any], policy: TablePolicy) -> list[str]:
    """What is wrong with the postings of ``round_``'s events (see the module docstring)."""
    seats = round_.opened.seats
    players = set(seats.values())
    escrow = 0
    problems: list[str] = []
    for index, event in enumerate(round_.events):
        moves = event_moves(policy, round_.events, index, seats)
        where = f"event {index} ({type(event).__name__})"
        if sum(amount for _, amount in moves) != 0:
            problems.append(f"{where} moves {moves}, which do not sum to zero")
        for (kind, owner), amount in moves:
            if kind == WALLET and owner not in players:
                problems.append(f"{where} moves {amount} for {owner!r}, not seated")
            if kind == ESCROW:
                escrow += amount
        if escrow < 0:
            problems.append(f"{where} takes the escrow to {escrow}")
    if round_.finished and escrow != 0:
        problems.append(f"the round ended with {escrow} cents left in escrow")
    return problems


# --- tampering ----------------------------------------------------------------------------
Data = list[dict[str, Any]]


def _first(data: Data, start: int, test: Callable[[dict[str, Any]], bool]) -> int | None:
    return next((i for i in range(start, len(data)) if test(data[i])), None)


def _secret_path(node: object) -> list[Any] | None:
    """The path (keys and indices) to the first card or tile in ``node``."""
    if isinstance(node, str):
        return [] if node in SECRETS else None
    items: list[tuple[Any, Any]]
    if isinstance(node, dict):
        items = [(k, v) for k, v in node.items() if k != "type"]
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return None
    for key, value in items:
        path = _secret_path(value)
        if path is not None:
            return [key, *path]
    return None


def opening_events(round_: Round[Any]) -> int:
    """How many events the round's ``open`` wrote: RoundOpened and the events that record
    the table's inputs (:meth:`~croupier.engine.Round.opening`)."""
    again = type(round_)(round_.events[:1], rng=None)
    return 1 + len(list(again.opening(round_.events)))


def tamperings(
    round_: Round[Any], batches: list[tuple[int, int]], pick: random.Random
) -> Iterator[tuple[str, Data]]:
    """(what was changed, the events' JSON with that change) for each change that applies
    to the finished ``round_``; each must make ``replay`` raise ``ReplayError``.
    ``batches`` are the (first, end) events of commands sent one by one.

    Only changes that no round can have are made: a change to one of several events that
    replay may re-derive one by one (a deal of all the cards is a deal of each) could make
    another valid round, so an event is dropped only from the command that ended the
    round; and the opening events record the table's inputs (the shoe or context carried
    over, with their citations), which other values could replace validly, so citations
    and cards are changed after them. A die is changed to a face no die has, since another
    face could make a round with the same results."""
    text = type(round_).events_to_json(round_.events)
    original: Data = json.loads(text)
    after = opening_events(round_)

    def fresh() -> Data:
        return copy.deepcopy(original)

    if batches and batches[-1][1] == len(original) and batches[-1][1] - batches[-1][0] >= 2:
        first, end = batches[-1]
        data = fresh()
        del data[-1]
        yield f"the last event dropped (of the {end - first} the last command emitted)", data
    if after < len(original):
        data = fresh()
        index = pick.randrange(after, len(data))
        data[index]["cite"] = data[index]["cite"] + "; 601a.1"
        yield f"the citation of event {index} changed", data
    for index in range(1, after):  # an opening event's citation follows from its data
        data = fresh()
        data[index]["cite"] = data[index]["cite"] + "; 601a.1"
        yield f"the citation of opening event {index} changed", data
    data = fresh()
    data[0]["rules"] = {**data[0]["rules"], "tampered": True}
    yield "the stored rules changed, their stamp kept", data
    placed = _first(original, 1, lambda e: e["type"] == "WagerPlaced")
    if placed is not None:
        data = fresh()
        data[placed]["amount"] += 1
        yield f"the wager of event {placed} changed", data
        data = fresh()
        data.append(copy.deepcopy(original[placed]))
        yield "a wager appended after the end", data
    else:
        data = fresh()
        data.append(copy.deepcopy(original[-1]))
        yield "the last event repeated", data
    settled = _first(original, 1, lambda e: e["type"] == "WagerSettled")
    if settled is not None:
        data = fresh()
        data[settled]["won"] += 1
        yield f"the winnings of event {settled} changed", data
    at = _first(original, after, lambda e: _secret_path(e) is not None)
    if at is not None:
        data = fresh()
        path = _secret_path(data[at])
        assert path is not None
        parent: Any = data[at]
        for key in path[:-1]:
            parent = parent[key]
        value = parent[path[-1]]
        pool = CARDS if value in CARDS else TILES
        parent[path[-1]] = min(pool - {value})
        yield f"a card or tile of event {at} changed ({value} at {path})", data
    thrown = _first(original, 1, lambda e: isinstance(e.get("faces"), list) and e["faces"])
    if thrown is not None:
        data = fresh()
        data[thrown]["faces"][0] = 7
        yield f"a die of event {thrown} changed to 7", data


# --- refused commands ---------------------------------------------------------------------
Offers = Callable[[Actor], list[LegalCommand]]
"""``round_.legal_commands``, asked once per actor while the round stands still."""


def _admitted(offers: Offers, actor: Actor, name: str, amount: int) -> bool:
    """Whether some offer of ``name`` to ``actor`` takes ``amount``."""
    return any(
        legal.command == name
        and legal.min_amount is not None
        and legal.min_amount <= amount <= (legal.max_amount or MAX_CENTS)
        for legal in offers(actor)
    )


def _offered(offers: Offers, actor: Actor, name: str) -> bool:
    return any(legal.command == name for legal in offers(actor))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse(round_: Round[Any], data: dict[str, Any]) -> Command | None:
    try:
        command: Command = type(round_).command_adapter.validate_python(data)
    except ValidationError:
        return None  # refused before it reaches the round (422 at the server)
    return command


def illegal_commands(
    round_: Round[Any],
    offered: list[tuple[Actor, LegalCommand]],
    played: Played,
    pick: random.Random,
) -> Iterator[tuple[Actor, Command, str]]:
    """A sample of commands ``round_`` must refuse now, each with its actor and what is
    wrong with it: an offered command one cent under its least amount or over its most,
    with an amount that is no whole number of cents, on a spot not offered, sent for a
    seat by another player, by a seat not at the table or by the dealer, and a
    command sent earlier in the round that is not offered now (the wrong phase)."""
    seats = round_.opened.seats
    offers: Offers = functools.cache(round_.legal_commands)  # nothing is sent till the end
    if offered:
        actor, legal = pick.choice(offered)
        built = build(round_, legal, actor, pick)
        if legal.min_amount is not None and built.amount_fields:
            wrong = [legal.min_amount - 1]
            if legal.max_amount is not None:
                wrong.append(legal.max_amount + 1)
            for amount in wrong:
                if _admitted(offers, actor, legal.command, amount):
                    continue
                data = {**built.data, **dict.fromkeys(built.amount_fields, amount)}
                command = _parse(round_, data)
                if command is not None:
                    yield (
                        actor,
                        command,
                        f"an amount outside {legal.min_amount}..{legal.max_amount}",
                    )
        if built.amount_fields:
            odd = pick.choice([(legal.min_amount or 0) + 0.5, str(legal.min_amount), True])
            command = _parse(round_, {**built.data, **dict.fromkeys(built.amount_fields, odd)})
            if command is not None and not any(
                _whole(getattr(command, name)) for name in built.amount_fields
            ):
                yield actor, command, "an amount that is not a whole number of cents"
        if "spot" in built.data:
            command = _parse(round_, {**built.data, "spot": "no_such_spot"})
            if command is not None:
                yield actor, command, "a spot that is not offered"
        seat = built.data.get("seat")
        if isinstance(actor, int) and isinstance(seat, int) and seat in seats:
            others = [s for s in seats if seats[s] != seats[seat]]
            if others:
                yield pick.choice(others), built.command, "a command for another player's seat"
            stranger = next(s for s in range(1, 100) if s not in seats)
            yield stranger, built.command, "a command from a seat not at the table"
            command = _parse(round_, {**built.data, "seat": stranger})
            if command is not None:
                yield stranger, command, "a command for a seat not at the table"
            if not _offered(offers, DEALER, legal.command):
                yield DEALER, built.command, "a player's command from the dealer"
        elif actor == DEALER:
            players = [s for s in seats if not _offered(offers, s, legal.command)]
            if players:
                yield pick.choice(players), built.command, "the dealer's command from a player"
    earlier = [(a, c) for a, c in played.sent if not _offered(offers, a, c.type)]  # type: ignore[attr-defined]
    for actor, command in pick.sample(earlier, min(2, len(earlier))):
        yield actor, command, "a command of an earlier phase"


def probe(
    round_: Round[Any],
    offered: list[tuple[Actor, LegalCommand]],
    played: Played,
    pick: random.Random,
) -> int:
    """Send some :func:`illegal_commands` (at about half the steps); each must raise
    ``IllegalCommand`` citing its rule and leave the events and the surveillance view as
    they were. Returns how many were sent."""
    if pick.random() < 0.5:
        return 0
    tried = 0
    # The round before the first refusal: each refusal must leave it so, which refused()
    # asserts, so it is the round before the next one too (taken once, not again for each).
    before: Snapshot | None = None
    for actor, command, why in list(illegal_commands(round_, offered, played, pick)):
        before = before or Snapshot.of(round_)
        refused(round_, actor, command, why, before)
        tried += 1
    return tried


@dataclass(frozen=True)
class Snapshot:
    """What a refused command must leave as it was: the events (and their JSON), the
    surveillance view and the public view."""

    events: list[Any]
    text: str
    surveillance: str
    public: str

    @classmethod
    def of(cls, round_: Round[Any]) -> Snapshot:
        events = list(round_.events)
        return cls(
            events,
            type(round_).events_to_json(events),
            json.dumps(round_.view(DEALER), sort_keys=True),
            json.dumps(round_.view(None), sort_keys=True),
        )


def refused(
    round_: Round[Any], actor: Actor, command: Command, why: str, before: Snapshot | None = None
) -> IllegalCommand:
    """Send ``command``, which ``round_`` must refuse: it raises ``IllegalCommand`` citing
    its rule, and the events, the surveillance view and the public view are as they were
    (``before``: as taken of the round now, by default here). Returns the refusal."""
    taken = before if before is not None else Snapshot.of(round_)
    events, text = taken.events, taken.text
    surveillance, public = taken.surveillance, taken.public
    error: IllegalCommand | None = None
    try:
        round_.handle(command, actor)
    except IllegalCommand as refusal:
        error = refusal
    phase = getattr(round_.state, "phase", "?")
    assert error is not None, (
        f"{round_.game}: {why}, {command!r} from {actor!r}, was accepted in {phase}"
    )
    assert error.cite, f"{why}: the refusal of {command!r} cites no rule"
    assert str(error).endswith(f"({error.cite})"), str(error)
    assert round_.events == events, f"{why}: the refused {command!r} changed the events"
    assert type(round_).events_to_json(round_.events) == text
    assert json.dumps(round_.view(DEALER), sort_keys=True) == surveillance, (
        f"{why}: the refused {command!r} changed the surveillance view"
    )
    assert json.dumps(round_.view(None), sort_keys=True) == public
    return error


# --- a reading of physical dice -------------------------------------------------------------
READING = "faces"
"""The field of a command that carries the dealer's reading of physical dice."""
NOT_A_FACE: tuple[object, ...] = (True, "1", 1.0, 0, 7)
"""What no die shows: JSON true, the text "1", the number 1.0, 0 and 7."""
MOST_DICE = 10
"""The most dice a reading may hold (High Roll Dice's ten, 675a.3(a)); a reading of more
is not tried."""


class ReadingChecked(Exception):
    """Raised by :func:`reading_probe` once it has checked a reading, to end the play;
    ``count`` is how many faces the reading the round took had."""

    def __init__(self, command: str, count: int) -> None:
        super().__init__(command, count)
        self.command = command
        self.count = count


def takes_a_reading(round_type: type[Round[Any]], name: str) -> bool:
    """Whether the game's command ``name`` carries a reading of dice (a field ``faces``)."""
    model = command_models(round_type).get(name)
    return model is not None and READING in model.model_fields


def _reading_command(round_: Round[Any], data: dict[str, Any], why: str) -> Command:
    """``data`` read as the game reads a command, in Python and as the server reads JSON
    (strictly): the reading must reach the round (whose refusal cites the rule), not be
    coerced or refused by the command's model alone."""
    adapter = type(round_).command_adapter
    try:
        command: Command = adapter.validate_python(data)
        adapter.validate_json(json.dumps(data), strict=True)
    except ValidationError as error:
        raise AssertionError(
            f"{round_.game}: {why}: the command's model refused {data} before the round "
            f"could say why: {error}"
        ) from None
    read = getattr(command, READING)
    assert [(type(f), f) for f in read] == [(type(f), f) for f in data[READING]], (
        f"{round_.game}: {why}: the model changed the reading {data[READING]} into "
        f"{getattr(command, READING)}"
    )
    return command


def reading_probe(
    round_: Round[Any],
    offered: list[tuple[Actor, LegalCommand]],
    played: Played,
    pick: random.Random,
) -> int:
    """Where a command that takes a reading of the dice is offered: for every count of
    dice 1 to :data:`MOST_DICE`, a reading with one face no die shows
    (:data:`NOT_A_FACE`) first or last among whole faces is refused, changing nothing,
    and the refusal shows the face as entered; then the round takes a reading of whole
    faces 1 to 6 of exactly one count. Raises :class:`ReadingChecked` to end the play."""
    readings = [(a, legal) for a, legal in offered if takes_a_reading(type(round_), legal.command)]
    if not readings:
        return 0
    actor, legal = readings[0]
    base = {**build(round_, legal, actor, pick).data}
    tried = 0
    for count in range(1, MOST_DICE + 1):
        for bad in NOT_A_FACE:
            for where in {0, count - 1}:
                faces: list[object] = [pick.randint(1, 6) for _ in range(count)]
                faces[where] = bad
                why = f"a reading of {count} dice with {json.dumps(bad)} among them"
                command = _reading_command(round_, {**base, READING: faces}, why)
                error = refused(round_, actor, command, why)
                assert json.dumps(bad) in str(error), (
                    f"{round_.game}: the refusal of {why} does not show it: {error}"
                )
                tried += 1
    taken = []
    for count in range(1, MOST_DICE + 1):
        faces = [pick.randint(1, 6) for _ in range(count)]
        command = _reading_command(round_, {**base, READING: faces}, "a reading of whole faces")
        events = list(round_.events)
        try:
            round_.handle(command, actor)
        except IllegalCommand:
            assert round_.events == events, f"the refused reading {faces} changed the events"
            continue
        taken.append(count)
        break
    assert taken, f"{round_.game}: {legal.command} took no reading of 1 to {MOST_DICE} dice"
    raise ReadingChecked(legal.command, taken[0])
