"""Parametrize the contract tests over the games registered when they are collected:
``game`` takes every name in :data:`croupier.registry.GAMES`, ``case`` every (game, rules
variant) pair (:data:`contract.play.VARIANTS`)."""

from __future__ import annotations

import pytest

from contract.play import case_id, cases
from croupier.registry import GAMES


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", list(GAMES))
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", cases(), ids=case_id)
