"""Random play of any registered game, driven only by ``legal_commands``.

A table plays a session of rounds as the server does: each round is opened by the game's
policy (:meth:`~croupier.game.TablePolicy.open_round`, which takes the opening dealer
steps and what the round carries from the last: a deck of two alternating, a shoe, a
bank rotation); then, until the round is finished, one of every actor's offered commands
(the seats' and the dealer's) is chosen at random and built from its bounds
(:func:`build`), now and then the policy's own dealer step or a timeout is taken instead,
and where nobody is offered anything the policy must move the round (its dealer steps or
its timeouts), else the round is stuck. The table has no time limits and RNG dice; every
other session of a game with the ``offer_cut`` option offers the cut online (its rounds
then open ahead of the players, as the server opens them).

A command is built from a :class:`~croupier.engine.LegalCommand` and the command's model
alone (:func:`build`):

- an option ``"name:low-high"`` is a range for the field ``name`` and ``"name:value"`` one
  value it may take (one is chosen among a field's values);
- ``spots``: one of them for the field ``spot``; spots that are the names of fields (a
  Criss-Cross Poker ``PlaceAntes``) each take the amount; any other spot is a value for the
  first field that takes it (an irregularity's kind);
- a bare option is a value for the first field still empty that takes it (a seat, a
  position, a decision, a delivery style); an option that names a ``bool`` field sets it,
  ``"not_<field>"`` clears it (``ResolveMiscount``);
- ``seat`` is the actor's seat where no option named it;
- ``min_amount``/``max_amount``: the amount (``amount``, else the spot-named fields, else
  the first empty whole-number field: a bank's ``chips``), the least, the most or one
  between;
- a required text is given one (a void's reason), a required ``bool`` a random value.

What the bounds cannot say (the tiles a Pai Gow player sets together, where a Go Fore It
card was exposed) is completed by the game's entry in :data:`COMPLETE`, keyed by game
name; a game without one is played from its bounds alone.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, get_args, get_origin

from pydantic import TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from croupier.engine import DEALER, Actor, Command, LegalCommand, Round
from croupier.errors import CroupierError, IllegalCommand
from croupier.game import GameSpec
from croupier.registry import GAMES, rules_from_data
from croupier.rng import Rng, SeededRng
from croupier.rules.base import RulesSubmission


@dataclass(frozen=True)
class Timings:
    """A table's timings and options (:class:`~croupier.game.TableTimings`): no time
    limits, RNG dice, and by default no cut offered online."""

    betting_seconds: float | None = None
    decision_seconds: float | None = None
    optional_seconds: float | None = None
    physical_dice: bool = False
    offer_cut: bool = False


VARIANTS: dict[str, list[dict[str, Any]]] = {
    "high-roll-dice": [{}, {"variant": "six_dice"}, {"variant": "ten_dice_2014"}],
    "go-fore-it": [
        {},
        {"shuffling": "automated"},
        {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
        {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
        {"dealing_procedure": "automated_shoe", "gopher_paytable": "b"},
    ],
    "criss-cross-poker": [
        {},
        {"five_card_bonus": True},
        {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
        {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
        {"five_card_bonus": True, "payout_limit": 5_000_000},
    ],
    "double-back-jack": [
        {"decks": 1},
        {"decks": 2, "shuffling": "automated"},
        {"decks": 6, "settlement": "each_player", "adjacent_boxes": 2, "bar_sat_out": True},
        {"decks": 8, "chip": 50},
    ],
    "pai-gow": [
        {"adjacent_boxes": 2},
        {"adjacent_boxes": 2, "starting_position": "rng", "vigorish_to_quarter": True},
        {"adjacent_boxes": 2, "player_banking": True, "co_banking": True},
    ],
    "craps": [
        {},
        {
            "table": "mini_craps",
            "odds_limit": "100x",
            "dont_bar": 2,
            "buy_commission": "on_win",
            "fire_bet_paytable": "b",
            "payout_limit": 100_000,
        },
        {"broken_payouts": "round", "lay_limit": "wager", "odds_limit": "2x", "positions": 4},
    ],
    "sic-bo": [
        {},
        {"paytable": "high", "two_of_a_kind_on_triple": False},
        {
            "paytable": "middle",
            "minimum_wager": 100,
            "maximum_wager": 300,
            "positions": 3,
            "maximum_per_round": 700,
            "payout_limit": 5_000_000,
        },
    ],
}
"""Rules Submissions played for each game (fields beside ``game``); a game not named
here plays its defaults (``{"game": name}``)."""


def variants(name: str) -> list[dict[str, Any]]:
    return VARIANTS.get(name, [{}])


def cases() -> list[tuple[str, int]]:
    """(game, index of its rules variant) for every registered game."""
    return [(name, index) for name in GAMES for index in range(len(variants(name)))]


def case_id(case: tuple[str, int]) -> str:
    name, index = case
    extra = variants(name)[index]
    return f"{name}-{index}" + "".join(f"-{k}={v}" for k, v in sorted(extra.items()))


def rules_for(name: str, index: int = 0) -> RulesSubmission:
    return rules_from_data({"game": name, **variants(name)[index]})


# --- the commands' models ---------------------------------------------------------------
def models_in(adapter: TypeAdapter[Any], base: type) -> list[type[Any]]:
    """The models (subclasses of ``base``) an adapter reads: the members of a game's
    union of commands or events (and any such model nested in them)."""
    found: list[type[Any]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            cls = node.get("cls")
            model = node.get("type") == "model" and isinstance(cls, type)
            if model and issubclass(cls, base) and cls not in found:
                found.append(cls)
            for value in node.values():
                walk(value)
        elif isinstance(node, list | tuple):
            for value in node:
                walk(value)

    walk(adapter.core_schema)
    return found


def tag_of(model: type[Any]) -> str | None:
    """A command's or event's ``type`` tag (the default of its ``type`` field)."""
    tag = model.model_fields.get("type")
    return tag.default if tag is not None and isinstance(tag.default, str) else None


@functools.cache
def command_models(round_type: type[Round[Any]]) -> dict[str, type[Command]]:
    """A game's commands by their ``type`` tag."""
    found = models_in(round_type.command_adapter, Command)
    return {tag: model for model in found if (tag := tag_of(model)) is not None}


_ADAPTERS: dict[int, TypeAdapter[Any]] = {}


def _taken(info: FieldInfo, value: str) -> tuple[bool, Any]:
    """Whether the field takes the option ``value`` (as pydantic reads it), and as what."""
    if info.annotation is bool:
        return False, None
    adapter = _ADAPTERS.get(id(info))
    if adapter is None:
        adapter = _ADAPTERS[id(info)] = TypeAdapter(info.annotation)
    try:
        parsed = adapter.validate_python(value)
    except ValidationError:
        return False, None
    return parsed is not None, parsed


def _is_whole(info: FieldInfo) -> bool:
    annotation = info.annotation
    if annotation is int or annotation is Any:  # an amount is read by a validator
        return True
    return get_origin(annotation) is not None and int in get_args(annotation)


Complete = Callable[[Round[Any], LegalCommand, Actor, random.Random, dict[str, Any]], None]


@dataclass(frozen=True)
class Built:
    """A command built from a legal command, with the fields its amount went to."""

    command: Command
    data: dict[str, Any]
    amount_fields: tuple[str, ...] = ()


def _amount(legal: LegalCommand, pick: random.Random) -> int:
    low = legal.min_amount
    assert low is not None
    high = legal.max_amount if legal.max_amount is not None else max(low * 20, low + 10_000)
    between = pick.randint(low, min(high, max(low * 5, low + 1_000)))
    return pick.choice([low, high, between, between])


def build(round_: Round[Any], legal: LegalCommand, actor: Actor, pick: random.Random) -> Built:
    """A command within ``legal``'s bounds for ``actor`` (see the module docstring)."""
    models = command_models(type(round_))
    model = models.get(legal.command)
    assert model is not None, f"{round_.game} offers {legal.command}, which is not a command"
    fields = {name: info for name, info in model.model_fields.items() if name != "type"}
    data: dict[str, Any] = {"type": legal.command}
    bare: list[str] = []
    choices: dict[str, list[str]] = {}
    for option in legal.options:
        name, colon, rest = option.partition(":")
        if not colon or name not in fields:
            bare.append(option)
            continue
        low, dash, high = rest.partition("-")
        if dash and low.isdigit() and high.isdigit():
            data[name] = pick.randint(int(low), int(high))
        else:
            choices.setdefault(name, []).append(rest)
    for name, values in choices.items():
        value = pick.choice(values)
        data[name] = int(value) if value.lstrip("-").isdigit() else value
    amount_fields: list[str] = []
    if legal.min_amount is not None and "amount" in fields:
        amount_fields = ["amount"]
    if legal.spots:
        if "spot" in fields:
            data["spot"] = pick.choice(legal.spots)
        elif all(spot in fields for spot in legal.spots):
            amount_fields = list(legal.spots)
        else:
            _fill(data, fields, pick.choice(legal.spots), set(amount_fields))
    if bare:
        option = pick.choice(bare)
        bools = [n for n, i in fields.items() if i.annotation is bool and n not in data]
        flag = next((n for n in bools if option in (n, f"not_{n}")), None)
        if flag is not None:
            data[flag] = option == flag
        else:
            _fill(data, fields, option, set(amount_fields))
    if "seat" in fields and "seat" not in data and isinstance(actor, int):
        data["seat"] = actor
    if legal.min_amount is not None:
        if not amount_fields:
            amount_fields = [
                next(
                    n
                    for n, i in fields.items()
                    if n not in data and i.is_required() and _is_whole(i)
                )
            ]
        amount = _amount(legal, pick)
        for name in amount_fields:
            data[name] = amount
    for name, info in fields.items():
        if name in data or not info.is_required():
            continue
        if info.annotation is str:
            data[name] = "contract test"
        elif info.annotation is bool:
            data[name] = pick.random() < 0.5
    complete = COMPLETE.get(round_.game, {}).get(legal.command)
    if complete is not None:
        complete(round_, legal, actor, pick, data)
    try:
        command: Command = type(round_).command_adapter.validate_python(data)
    except ValidationError as error:
        raise AssertionError(
            f"{round_.game}: cannot build {legal!r} for {actor!r} from its bounds: {data}; "
            f"add a completion to contract.play.COMPLETE: {error}"
        ) from None
    return Built(command, data, tuple(amount_fields))


def _fill(data: dict[str, Any], fields: dict[str, FieldInfo], value: str, skip: set[str]) -> None:
    """Put ``value`` in the first empty field that takes it."""
    for name, info in fields.items():
        if name in data or name in skip:
            continue
        taken, parsed = _taken(info, value)
        if taken:
            data[name] = parsed
            return


# --- what the bounds cannot say, game by game ---------------------------------------------
def _card_exposed(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Go Fore It: an exposed card is offered as ``"hand:position"``."""
    if legal.spots == ("card_exposed",):
        hand, position = pick.choice(legal.options).split(":")
        data.update(
            irregularity="card_exposed",
            hand=hand if hand == DEALER else int(hand),
            card=int(position),
        )


def _deal(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """A card game deals one card at a time or all of them."""
    data["all_remaining"] = pick.random() < 0.5


def _count_stub(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Now and then the stub is miscounted (the round then resolves the miscount)."""
    if pick.random() < 0.05:
        data["counted"] = pick.randint(0, 52)


def _dbj_deal(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Now and then the dealer misses a card or a box (673a.13(e), (g))."""
    if pick.random() >= 0.05:
        return
    boxes = sorted(s for s, w in round_.state.wagers.items() if "blackjack" in w)
    missed = pick.sample(boxes, pick.randint(1, len(boxes))) if boxes else []
    split = pick.randint(0, len(missed))
    data.update(
        dealer_missed_first_card=pick.random() < 0.3,
        dealer_missed_second_card=pick.random() < 0.3,
        no_cards=tuple(missed[:split]),
        one_card=tuple(missed[split:]),
    )


def _set_hands(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Pai Gow: two of the area's four tiles make the high hand."""
    tiles = [tile.code for tile in round_.tiles_of(data["seat"])]
    i, j = pick.sample(range(len(tiles)), 2)
    data["together"] = (tiles[i], tiles[j])


def _set_dealer_hands(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Pai Gow: the dealer sometimes enters a setting (reset if not the house way)."""
    tiles = [tile.code for tile in round_.state.hands.get("dealer", ())]
    if len(tiles) == 4 and round_.state.dealer_plays() and pick.random() < 0.3:
        data["together"] = (tiles[0], tiles[pick.randint(1, 3)])


def _cut_tiles(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Pai Gow: a player bank cuts a block of stacks to the right and left."""
    start = pick.randint(1, 7)
    length = pick.randint(1, 9 - start)
    block = list(range(start, start + length))
    split = pick.randint(0, length)
    data.update(right=tuple(block[:split]), left=tuple(block[split:]))


def _take_bank(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    if round_.rules.co_banking:
        data["co_bank"] = pick.random() < 0.5


def _tile_exposed(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Pai Gow: an exposed tile names its position and the tile."""
    if data.get("irregularity") != "tile_exposed":
        return
    exposable = round_.exposable_positions()
    position = pick.choice(sorted(exposable))
    data.update(position=position, tile=pick.choice([t.code for t in exposable[position]]))


def _craps_amount(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Craps: an amount in the multiples the spot takes (whole-cent payouts, 623a.4)."""
    step = round_.amount_step(data["spot"])
    data["amount"] = max(legal.min_amount, data["amount"] // step * step)


def _craps_dice(round_: Any, legal: LegalCommand, actor: Actor, pick: Any, data: Any) -> None:
    """Craps: two different dice of the five offered (623a.7)."""
    data["first"], data["second"] = pick.sample(range(1, 6), 2)


COMPLETE: dict[str, dict[str, Complete]] = {
    "go-fore-it": {
        "DeclareIrregularity": _card_exposed,
        "DealCards": _deal,
        "CountStub": _count_stub,
    },
    "criss-cross-poker": {"DealCards": _deal, "CountStub": _count_stub},
    "double-back-jack": {"DealCards": _dbj_deal},
    "pai-gow": {
        "SetHands": _set_hands,
        "SetDealerHands": _set_dealer_hands,
        "CutTiles": _cut_tiles,
        "TakeBank": _take_bank,
        "DeclareIrregularity": _tile_exposed,
    },
    "craps": {"PlaceWager": _craps_amount, "SelectDice": _craps_dice},
}
"""Per game and command, what a command needs beyond its bounds (or a variation of an
optional field the rules allow); ``data`` is the command as built, changed in place."""


# --- playing ------------------------------------------------------------------------------
RARE = {
    "VoidRound": 0.01,
    "DeclareIrregularity": 0.04,
    "DeclareAbandoned": 0.02,
    "RequireRecut": 0.1,
}
"""Weights of the commands a real table rarely sees (every other command weighs 1)."""
STEPS = 2000
"""The most commands a round may take before it counts as stuck (a Craps round is every
roll of a turn of the dice, tens of rolls now and then)."""


def offers(round_: Round[Any]) -> list[tuple[Actor, LegalCommand]]:
    """Every actor's offered commands now (each seat's, then the dealer's)."""
    actors: list[Actor] = [*sorted(round_.opened.seats), DEALER]
    return [(actor, legal) for actor in actors for legal in round_.legal_commands(actor)]


@dataclass
class Played:
    """A round played to its end, with what the driver did."""

    round: Round[Any]
    spec: GameSpec
    batches: list[tuple[int, int]] = field(default_factory=list)
    """(first, end) indices of the events of each command the driver sent itself (not
    those of the policy's ``open_round`` and ``run_dealer_steps``)."""
    sent: list[tuple[Actor, Command]] = field(default_factory=list)
    """Every command sent, by its actor."""
    snapshots: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """(event count, every viewer's view) at a few points of the round, as it was live."""
    probes: int = 0
    """How many refused commands were tried (:func:`play_round` with ``probe``)."""


Probe = Callable[[Round[Any], list[tuple[Actor, LegalCommand]], "Played", random.Random], int]
OnStep = Callable[[Round[Any]], None]


def viewers(round_: Round[Any]) -> list[Actor | None]:
    return [None, DEALER, *sorted(round_.opened.seats)]


def all_views(round_: Round[Any]) -> dict[str, Any]:
    return {str(viewer): round_.view(viewer) for viewer in viewers(round_)}


def _send(played: Played, actor: Actor, command: Command, why: str) -> None:
    round_ = played.round
    first = len(round_.events)
    try:
        emitted = round_.handle(command, actor)
    except IllegalCommand as error:
        phase = getattr(round_.state, "phase", "?")
        raise AssertionError(
            f"{round_.game}: {why} {command!r} from {actor!r} was refused in phase {phase}: {error}"
        ) from None
    assert emitted, f"{round_.game}: {command!r} emitted no event"
    assert all(event.cite for event in emitted), f"an event of {command!r} cites no rule"
    played.batches.append((first, len(round_.events)))
    played.sent.append((actor, command))


def play_round(
    played: Played,
    pick: random.Random,
    *,
    probe: Probe | None = None,
    on_step: OnStep | None = None,
) -> Played:
    """Play ``played.round`` to its end from random offered commands (see the module
    docstring). ``probe`` is called before each step (it tries refused commands);
    ``on_step`` after each."""
    round_ = played.round
    policy = played.spec.policy
    closing = set(policy.closing_commands)
    snap_at = {pick.randint(0, 40), pick.randint(0, 40)}
    for step in range(STEPS):
        if step in snap_at:
            played.snapshots.append((len(round_.events), all_views(round_)))
        if round_.finished:
            return played
        offered = offers(round_)
        if probe is not None:
            played.probes += probe(round_, offered, played, pick)
        if not offered:
            # Nobody may send anything: the table must move the round on its own.
            if not policy.run_dealer_steps(round_):
                timeouts = policy.timeout_steps(round_)
                phase = getattr(round_.state, "phase", "?")
                assert timeouts, (
                    f"{round_.game}: stuck in phase {phase}: no legal command for anyone, "
                    "no dealer step and no timeout"
                )
                _send(played, *timeouts[0], "the timeout")
        elif (roll := pick.random()) < 0.1 and (own := policy.dealer_step(round_)) is not None:
            _send(played, DEALER, own, "the policy's dealer step")
        elif roll < 0.15 and (timeouts := policy.timeout_steps(round_)):
            _send(played, *timeouts[0], "the timeout")
        else:
            # "No more bets" (or the deal) while players may still act comes less often,
            # so that most rounds see several wagers.
            players = any(isinstance(actor, int) for actor, _ in offered)
            weights = [
                0.15 if legal.command in closing and players else RARE.get(legal.command, 1.0)
                for _, legal in offered
            ]
            actor, legal = pick.choices(offered, weights)[0]
            _send(played, actor, build(round_, legal, actor, pick).command, "the offered")
        if on_step is not None:
            on_step(round_)
    phase = getattr(round_.state, "phase", "?")
    raise AssertionError(f"{round_.game}: not finished after {STEPS} commands (phase {phase})")


def _seats(rules: RulesSubmission, pick: random.Random) -> tuple[dict[int, str], dict[int, str]]:
    """Random seats, and the same with one player at two adjacent seats where possible."""
    count = rules.seat_count()
    chosen = sorted(pick.sample(range(1, count + 1), pick.randint(1, min(count, 6))))
    seats = {seat: f"p{seat}" for seat in chosen}
    pairs = [s for s in chosen if s + 1 in seats]
    shared = dict(seats)
    if pairs and pick.random() < 0.4:
        seat = pick.choice(pairs)
        shared[seat + 1] = shared[seat]
    return seats, shared


def session(
    name: str,
    variant: dict[str, Any] | None = None,
    *,
    rounds: int,
    seed: int,
    probe: Probe | None = None,
    on_step: OnStep | None = None,
    rng: Rng | None = None,
    physical_dice: bool = False,
) -> Iterator[Played]:
    """``rounds`` rounds of ``name`` under the Rules Submission ``{"game": name,
    **variant}`` at one table, each opened by the policy from the last (a new table's
    first round with no previous); ``rng`` is the table's random source (default: seeded
    from ``seed``); ``physical_dice``: the table's dice are physical where the game's may
    be (the dealer enters their reading: the driver cannot, so ``probe`` must stop the
    play before a reading is due)."""
    spec = GAMES[name]
    rules = rules_from_data({"game": name, **(variant or {})})
    pick = random.Random(seed)
    rng = rng if rng is not None else SeededRng(seed + 1)
    # A table that offers the cut online (where the game has the option) in every other
    # session: its rounds open ahead of the players, as the server opens them.
    timings = Timings(
        offer_cut=seed % 2 == 1 and "offer_cut" in spec.policy.options,
        physical_dice=physical_dice,
    )
    ahead = spec.policy.opens_ahead(rules, timings)
    last: Round[Any] | None = None
    # What the table keeps between rounds, as the server keeps it (the decks, the bank).
    kind = spec.policy.state_type
    now = datetime(2026, 1, 1, tzinfo=UTC)
    state = None if kind is None else kind.begin(rules, "T1", now)
    for number in range(rounds):
        distinct, shared = _seats(rules, pick)
        round_: Round[Any] | None = None
        for seats in (shared, distinct) if shared != distinct else (distinct,):
            try:
                round_ = spec.policy.open_round(
                    spec.round_type,
                    rules,
                    timings,
                    table_id="T1",
                    round_id=f"R{number}",
                    seats=seats,
                    rng=rng,
                    previous=None if last is None else (lambda last=last: last),
                    ahead=ahead,
                    state=state,
                )
                break
            except CroupierError:
                if seats is distinct:
                    raise
        assert round_ is not None
        played = Played(round_, spec)
        yield play_round(played, pick, probe=probe, on_step=on_step)
        last = round_
        if state is not None and round_.finished:
            state.take_in(round_, now)


def random_rounds(
    name: str,
    variant: dict[str, Any] | None = None,
    *,
    rounds: int,
    seed: int,
    on_step: OnStep | None = None,
    rng: Rng | None = None,
) -> list[Round[Any]]:
    """Finished rounds of random play of ``name`` (see :func:`session`), for a game's own
    checks."""
    played = session(name, variant, rounds=rounds, seed=seed, on_step=on_step, rng=rng)
    return [one.round for one in played]
