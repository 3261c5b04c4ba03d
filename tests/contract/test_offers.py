"""Offers and refusals cannot drift apart, on every registered game.

Across rounds played at random from the typed offers (:func:`contract.play.session`,
seeded by hypothesis), at every step of a round:

- every command :meth:`~croupier.offers.LegalCommand.build` makes from an offer (each
  field drawn within its type) is accepted by the round (handled on a copy of it);
- a command one field outside an offer (a value no choice offers, a whole number past
  its range, an amount under, over or off its step), outside every offer of the same
  command for that actor, is refused by the round, changing nothing.
"""

from __future__ import annotations

import copy
import io
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract.play import Played, session, variants
from croupier.engine import DEALER, Actor, LegalCommand, Round
from croupier.errors import AccessDenied, CroupierError
from croupier.offers import Amount, Choice, Integers


def _outside(legal: LegalCommand, pick: random.Random) -> dict[str, Any] | None:
    """``legal``'s command with one field just outside its offer, or ``None`` where the
    offer has no field to put outside."""
    data = legal.pick(pick)
    wrong: list[tuple[str, Any]] = []
    for name, typed in legal.fields.items():
        if isinstance(typed, Choice):
            wrong.append((name, "no such value"))
        elif isinstance(typed, Integers):
            wrong += [(name, typed.low - 1), (name, typed.high + 1)]
        elif isinstance(typed, Amount):
            wrong.append((name, typed.low - 1))
            if typed.high is not None:
                wrong.append((name, typed.high + 1))
            if typed.step > 1:
                wrong.append((name, typed.least + 1))
    if not wrong:
        return None
    name, value = pick.choice(wrong)
    return {**data, name: value}


class _Keeping(pickle.Pickler):
    """Pickles a round's own objects, naming the shared ones (``keep``) by their id."""

    def __init__(self, file: io.BytesIO, keep: dict[int, Any]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.keep = keep

    def persistent_id(self, obj: Any) -> int | None:
        return id(obj) if id(obj) in self.keep else None


class _Finding(pickle.Unpickler):
    """Reads what :class:`_Keeping` wrote, the shared objects being the same ones."""

    def __init__(self, file: io.BytesIO, keep: dict[int, Any]) -> None:
        super().__init__(file)
        self.keep = keep

    def persistent_load(self, pid: Any) -> Any:
        return self.keep[pid]


def _forks(round_: Round[Any]) -> Callable[[], Round[Any]]:
    """Makes copies of ``round_`` as it is now, to try a command on. Events are frozen,
    so a copy shares them and copies only the list (deep-copying a long Craps round's
    events was 80% of this module's time); so are the rules (large: Craps' paytables).
    The rest (the state, the generator) is pickled once here and read back for each copy
    (a deep copy of a Craps state at each try was half of this module's time)."""
    keep: dict[int, Any] = {id(event): event for event in round_.events}
    rules = getattr(round_.state, "rules", None)
    keep[id(rules)] = rules
    own = {name: value for name, value in vars(round_).items() if name != "events"}
    file = io.BytesIO()
    _Keeping(file, keep).dump(own)
    data = file.getvalue()

    def fork() -> Round[Any]:
        trial = copy.copy(round_)
        vars(trial).update(_Finding(io.BytesIO(data), keep).load())
        trial.events = list(round_.events)
        return trial

    return fork


def _accepted(
    fork: Callable[[], Round[Any]], data: dict[str, Any], actor: Actor
) -> CroupierError | None:
    """Whether the round takes the command ``data`` from ``actor`` (tried on a copy)."""
    trial = fork()
    try:
        trial.handle(type(trial).command_adapter.validate_python(data), actor)
    except CroupierError as error:
        return error
    return None


def _probe(
    round_: Round[Any], offered: list[tuple[Actor, LegalCommand]], _: Played, pick: random.Random
) -> int:
    # Each step tries up to 16 of its offers (a Craps step makes about a hundred; over a
    # round's steps every kind comes up, and the three examples pick other ones).
    dealers = type(round_).dealer_commands()
    fork = _forks(round_)
    for actor, legal in pick.sample(offered, min(16, len(offered))):
        data = legal.pick(pick)
        refused = _accepted(fork, data, actor)
        assert refused is None, (
            f"{round_.game}: {data} built from {legal!r} for {actor!r} was refused: {refused}"
        )
        # Round.dealer_commands (what the server refuses a player for his role before
        # reading the fields) as the round itself tells: never offered to a seat, and
        # refused to every seat for its role (some
        # of the dealer's commands name a seat: Pai Gow's DeclareAbandoned).
        assert actor == DEALER or legal.command not in dealers, (actor, legal.command)
        if legal.command in dealers:
            for seat in round_.opened.seats:
                assert isinstance(_accepted(fork, data, seat), AccessDenied), (seat, data)
        outside = _outside(legal, pick)
        if outside is None:
            continue
        try:  # (first: most of a Craps step's values no choice offers stop here)
            command = type(round_).command_adapter.validate_python(outside)
        except ValueError:
            continue  # refused before it reaches the round (422 at the server)
        same = [o for a, o in offered if a == actor and o.command == legal.command]
        if any(o.why_not(outside) is None for o in same):
            continue
        before = list(round_.events)
        trial = fork()
        with pytest.raises(CroupierError):
            trial.handle(command, actor)
        assert round_.events == before
    return len(offered)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_what_is_offered_is_accepted_and_nothing_else(game: str, seed: int) -> None:
    """Every registered game (``game``, from the conftest) under its first Rules
    Submission of the contract suite."""
    for played in session(game, variants(game)[0], rounds=2, seed=seed, probe=_probe):
        assert played.round.finished
