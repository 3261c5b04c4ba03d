"""The runnable examples of issue #30: the engine (:mod:`croupier.engine`), the game
interface (:mod:`croupier.game`) and the module of every game's round open their docstring
with a short round (open, wager, play, settle) that runs as written. The whole suite also
collects them from ``src`` (``--doctest-modules``); this test runs only the modules'
own docstrings, so ``pytest tests`` checks them too and fails on a game without one."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest

from croupier.registry import GAMES

MODULES = sorted(
    {"croupier.engine", "croupier.game"} | {spec.round_type.__module__ for spec in GAMES.values()}
)
"""The engine, the game interface and each game's round module."""


@pytest.mark.parametrize("name", MODULES)
def test_the_module_docstring_plays_a_round(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    [example] = doctest.DocTestFinder(recurse=False).find(module, name)
    assert len(example.examples) >= 5, f"{name}'s docstring has no short round as an example"
    text = example.docstring or ""
    assert ".open(" in text and ("RoundCompleted" in text or "settlements" in text), name
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(example)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
