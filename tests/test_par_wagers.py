"""Every wager a game's policy hands the hold report (``TablePolicy.par_wagers``) is one
its par sheet figures, and the drop covers them: random rounds of each game and Rules
Submission of the contract suite (the slow par sheets, Pai Gow's, Double Back Jack's and
Criss-Cross Poker's, under the ``slow`` mark)."""

from __future__ import annotations

import functools
import importlib

import pytest

from contract.play import random_rounds, variants
from croupier.registry import GAMES, rules_from_data

SLOW = {"pai-gow", "double-back-jack", "criss-cross-poker"}


@functools.cache
def par_names(game: str, index: int) -> frozenset[str]:
    rules = rules_from_data({"game": game, **variants(game)[index]})
    module = importlib.import_module(GAMES[game].analysis or "")
    return frozenset(w.wager for w in module.par_sheet(rules).wagers)


def _cases() -> list[object]:
    found = []
    for game, spec in GAMES.items():
        if spec.analysis is None:
            continue
        for index in range(len(variants(game))):
            marks = [pytest.mark.slow] if game in SLOW else []
            found.append(pytest.param(game, index, marks=marks, id=f"{game}-{index}"))
    return found


@pytest.mark.parametrize(("game", "index"), _cases())
def test_par_wagers_are_the_par_sheets(game: str, index: int) -> None:
    names = par_names(game, index)
    policy = GAMES[game].policy
    seen: set[str] = set()
    for round_ in random_rounds(game, variants(game)[index], rounds=25, seed=index + 3):
        wagers = policy.par_wagers(round_)
        seen |= {name for name, _ in wagers}
        assert all(stake > 0 for _, stake in wagers)
        assert sum(stake for _, stake in wagers) <= policy.drop(round_)
    assert seen, f"{game}: no wager settled in 25 rounds"
    assert seen <= names, f"{game}: {sorted(seen - names)} are not in the par sheet"
