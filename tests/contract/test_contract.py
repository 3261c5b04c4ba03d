"""The round contract on every registered game (see ``contract/__init__.py``).

``case`` is a game and one of its rules variants, ``game`` a game's name (both from
:data:`croupier.registry.GAMES` at collection, ``conftest.py``). Each case plays two seeded
sessions of rounds at a table (:func:`contract.play.session`), shared by the tests of the
case; the refused-command test plays its own.
"""

from __future__ import annotations

import functools
import importlib
import json
import random
from typing import Any, get_args

import pytest

from contract import checks
from contract.play import (
    Played,
    all_views,
    command_models,
    models_in,
    rules_for,
    session,
    tag_of,
    variants,
)
from croupier.engine import Command, Event, Round, RoundOpened, RoundVoided
from croupier.errors import ReplayError
from croupier.game import GameSpec, TablePolicy, Viewer
from croupier.registry import GAMES, find
from croupier.rules.base import validate

ROUNDS = 10
"""Rounds in each of a case's two sessions."""
CARD_AND_TILE_GAMES = {"go-fore-it", "criss-cross-poker", "double-back-jack", "pai-gow"}
"""Games whose tables hide cards or tiles (checked where registered)."""


def seeds(case: tuple[str, int]) -> tuple[int, int]:
    """A case's two sessions: the second offers the cut online where the game can."""
    _, index = case
    return 100 * index, 100 * index + 1


@functools.cache
def played(case: tuple[str, int]) -> list[Played]:
    """The rounds of the case's sessions (played once, for every test of the case)."""
    name, index = case
    variant = variants(name)[index]
    return [one for seed in seeds(case) for one in session(name, variant, rounds=ROUNDS, seed=seed)]


# --- 1. random play from legal_commands -------------------------------------------------
def test_random_play_from_legal_commands_finishes_every_round(case: tuple[str, int]) -> None:
    """Every command ``legal_commands`` offers (to any seat or the dealer), built from its
    bounds, is accepted; the policy's dealer steps and timeouts are accepted; each round
    finishes within the step bound and never gets stuck (:func:`contract.play.play_round`
    asserts all of it as it plays)."""
    rounds = played(case)
    assert len(rounds) == 2 * ROUNDS
    assert all(one.round.finished for one in rounds)
    completed = [
        one for one in rounds if not any(isinstance(e, RoundVoided) for e in one.round.events)
    ]
    assert completed, "every round was voided: the random play never reached a settlement"


def test_money_moves_balance(case: tuple[str, int]) -> None:
    """The postings of every round's events under the policy balance, touch only its
    players' wallets and leave the escrow empty when the round ends."""
    problems: list[str] = []
    for one in played(case):
        found = checks.money_problems(one.round, one.spec.policy)
        problems += [f"round {one.round.opened.round_id}: {p}" for p in found]
    assert not problems, "\n".join(problems[:10])


# --- 2. replay --------------------------------------------------------------------------
def _same(rebuilt: Round[Any], round_: Round[Any]) -> None:
    kind = type(round_)
    assert rebuilt.rng is None
    assert rebuilt.events == round_.events
    assert kind.events_to_json(rebuilt.events) == kind.events_to_json(round_.events)
    assert rebuilt.finished == round_.finished
    assert all_views(rebuilt) == all_views(round_)


def test_replay_rebuilds_every_round(case: tuple[str, int]) -> None:
    """Each round's events, through JSON and back, replay to the same events and the same
    views (the surveillance view, every seat's and the public's); so do the events up to
    points in the middle of the round, to the views the round showed then."""
    for one in played(case):
        kind = type(one.round)
        text = kind.events_to_json(one.round.events)
        _same(kind.replay(kind.events_from_json(text)), one.round)
        for count, views in one.snapshots:
            events = one.round.events[:count]
            middle = kind.replay(kind.events_from_json(kind.events_to_json(events)))
            assert middle.events == events
            assert all_views(middle) == views, f"replayed to event {count}"


def test_replay_refuses_tampered_rounds(case: tuple[str, int]) -> None:
    """A change no round can have (an event dropped, a citation, a wager, winnings, a
    card or tile, a die, the stored rules, an event after the end) makes replay raise
    ``ReplayError``."""
    pick = random.Random(7)
    tried: set[str] = set()
    for one in played(case):
        kind = type(one.round)
        for what, data in checks.tamperings(one.round, one.batches, pick):
            tried.add(what.split(" of ")[0].split(" (")[0])
            try:
                kind.replay(kind.events_from_json(json.dumps(data)))
            except ReplayError:
                continue
            pytest.fail(f"round {one.round.opened.round_id} replayed with {what}")
    assert len(tried) >= 4, tried


# --- 3. what each viewer sees -----------------------------------------------------------
def test_views_and_sent_events_hide_the_same(case: tuple[str, int]) -> None:
    """After every event, no seat and not the public is sent (the events so far with the
    fields ``policy.hidden`` blanks for it) a card or tile its view hides and never showed
    it, and its view shows none that the events sent to it did not."""
    problems: list[str] = []
    for one in played(case):
        problems += [
            f"round {one.round.opened.round_id}: {p}"
            for p in checks.leaks(one.round, one.spec.policy)
        ]
    assert not problems, "\n".join(problems[:10])


def test_blanking_nothing_is_caught(case: tuple[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is strict enough: with ``policy.hidden`` blanking nothing, a game
    whose views hide cards or tiles (every card and tile game) is found leaking them."""
    name, _ = case
    spec = GAMES[name]
    rounds = played(case)
    hides = any(checks.hides_anything(one.round) for one in rounds)
    if name in CARD_AND_TILE_GAMES:
        assert hides, f"{name}'s views never hide a card or tile"
    monkeypatch.setattr(spec.policy, "hidden", lambda event, viewer: {})
    leaking = [one for one in rounds if checks.leaks(one.round, spec.policy)]
    if hides:
        assert leaking, "an empty hidden() leaked nothing the check could see"
    else:
        assert not leaking


def test_viewer_of_a_seat_holds_every_position_of_its_player() -> None:
    """The viewer the leak check asks the policy about (as the server does)."""
    seats = {1: "ann", 2: "bo", 3: "bo"}
    assert Viewer.of(2, seats) == Viewer(frozenset({2, 3}))
    assert Viewer.of(None, seats) == Viewer.of(5, seats) == Viewer()


# --- 4. a refused command changes nothing ---------------------------------------------------
def test_refused_command_changes_nothing(case: tuple[str, int]) -> None:
    """At about half the steps of random play, commands the round must refuse (an amount
    a cent outside the offered bounds, another player's seat, a seat not at the table,
    the dealer's command from a player or the reverse, a command of an earlier phase)
    raise ``IllegalCommand`` citing the rule and leave the events, the surveillance view
    and the public view as they were (:func:`contract.checks.probe`)."""
    name, index = case
    plays = session(name, variants(name)[index], rounds=4, seed=1000 + index, probe=checks.probe)
    tried = sum(one.probes for one in plays)
    assert tried >= 20, f"only {tried} refused commands tried"


# --- 5. a reading of physical dice -----------------------------------------------------------
def test_a_reading_of_physical_dice_refuses_a_face_no_die_has(game: str) -> None:
    """At a table whose dice are physical (every game whose policy says its dice may be),
    the first command offered that takes the dealer's reading (a field ``faces``) refuses
    a reading with a face sent as true, "1", 1.0, 0 or 7, whatever the number of dice,
    citing its rule, showing the face as entered and changing nothing; the command's model
    passes the reading to the round as sent (not coerced to 1, not refused without the
    round's sentence), in Python and as the server reads JSON; then a reading of whole
    faces 1 to 6 of one number of dice is taken (:func:`contract.checks.reading_probe`).
    A game whose dice are never physical has no command that takes a reading."""
    spec = GAMES[game]
    readers = [
        name
        for name in command_models(spec.round_type)
        if checks.takes_a_reading(spec.round_type, name)
    ]
    if not spec.policy.physical_dice:
        assert not readers, f"{game} takes a reading ({readers}) but its dice are never physical"
        return
    reached: list[checks.ReadingChecked] = []
    for index, variant in enumerate(variants(game)):
        for seed in (2900 + index, 2950 + index):
            try:
                for _ in session(
                    game,
                    variant,
                    rounds=3,
                    seed=seed,
                    probe=checks.reading_probe,
                    physical_dice=True,
                ):
                    pass
            except checks.ReadingChecked as checked:
                reached.append(checked)
    assert reached, f"{game}: no reading of physical dice was offered in any variant"
    assert {checked.command for checked in reached} <= set(readers)


# --- 6. the spec --------------------------------------------------------------------------
def test_the_spec_is_consistent(game: str) -> None:
    """The registered spec names its round's game, its rules validate from the game's name
    alone, every event and command is tagged by ``type``, the policy's closing commands are
    commands of the game, and the modules it names import (not run: the analyses are
    slow)."""
    spec: GameSpec = GAMES[game]
    assert spec.name == game == spec.round_type.game
    assert find(game) is spec
    assert isinstance(spec.policy, TablePolicy)
    assert spec.title and spec.chapter
    rules = validate(spec.rules_type, {"game": game})
    assert isinstance(rules, spec.rules_type)
    assert rules_for(game, 0).game == game
    for index in range(len(variants(game))):
        assert isinstance(rules_for(game, index), spec.rules_type)
    for base, adapter in ((Event, spec.round_type.event_adapter), (Command, None)):
        models = models_in(adapter or spec.round_type.command_adapter, base)
        assert models
        tags = [tag_of(model) for model in models]
        for model, tag in zip(models, tags, strict=True):
            assert tag is not None, f"{model.__name__} has no type tag"
            assert get_args(model.model_fields["type"].annotation) == (tag,)
        assert len(set(tags)) == len(tags), f"two {base.__name__}s share a tag: {tags}"
    events = {tag_of(model) for model in models_in(spec.round_type.event_adapter, Event)}
    assert "RoundOpened" in events
    assert models_in(spec.round_type.event_adapter, RoundOpened)
    assert set(spec.policy.closing_commands) <= set(command_models(spec.round_type))
    for attribute, function in (
        ("sign", "sign"),
        ("analysis", "par_sheet"),
        ("simulation", None),
        ("terminal", "play"),
    ):
        module_name = getattr(spec, attribute)
        if module_name is None:
            continue
        module = importlib.import_module(module_name)
        if function is not None:
            assert callable(getattr(module, function, None)), f"{module_name}.{function}"
