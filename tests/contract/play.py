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

A command is built from a :class:`~croupier.engine.LegalCommand` alone
(:meth:`~croupier.offers.LegalCommand.pick`): each typed field drawn within its offer (a
choice among its values, a whole number in its range, an amount in its range and step),
an optional field now and then (a dealer's misdeal, 673a.13; a Pai Gow bank's cut of the
tiles, 621a.11(g): their offers carry them). The harness knows no game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from croupier.engine import DEALER, Actor, Command, LegalCommand, Round
from croupier.errors import CroupierError, IllegalCommand
from croupier.game import GameSpec
from croupier.offers import Amount
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


@dataclass(frozen=True)
class Built:
    """A command built from a legal command, with the fields its amount went to."""

    command: Command
    data: dict[str, Any]
    amount_fields: tuple[str, ...] = ()


def build(round_: Round[Any], legal: LegalCommand, actor: Actor, pick: random.Random) -> Built:
    """A command inside ``legal`` for ``actor`` (see the module docstring)."""
    data = legal.pick(pick)
    try:
        command: Command = type(round_).command_adapter.validate_python(data)
    except ValidationError as error:
        raise AssertionError(
            f"{round_.game}: {legal!r} for {actor!r} built {data}, which is no command: {error}"
        ) from None
    amounts = tuple(name for name, typed in legal.fields.items() if isinstance(typed, Amount))
    return Built(command, data, amounts)


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
