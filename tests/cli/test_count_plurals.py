"""Counts printed by ``croupier simulate`` (and the texts it shares with ``analyze`` and
``play``) take the singular for one: "1 round", "1 deck", never "1 rounds"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.analysis.simulation.base import counted
from croupier.analysis.simulation.double_back_jack import describe
from croupier.cli import app
from croupier.rules.double_back_jack import DoubleBackJackRules

runner = CliRunner()
ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


@pytest.mark.parametrize(
    ("count", "noun", "expected"),
    [
        (1, "round", "1 round"),
        (0, "round", "0 rounds"),
        (2, "round", "2 rounds"),
        (1000, "round", "1,000 rounds"),
        (1, "deck", "1 deck"),
        (8, "deck", "8 decks"),
    ],
)
def test_counted(count: int, noun: str, expected: str) -> None:
    assert counted(count, noun) == expected


@pytest.mark.parametrize(("rounds", "said"), [(1, "1 round in "), (2, "2 rounds in ")])
def test_simulate_says_round_for_one(rounds: int, said: str) -> None:
    args = ["simulate", "high-roll-dice", "--rounds", str(rounds), "--seed", "1", "--workers", "1"]
    result = runner.invoke(app, args, env=ENV)
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert not re.search(r"(?<![\d,.])1 rounds", result.output)


def test_simulate_json_note_says_one_round() -> None:
    args = ["simulate", "high-roll-dice", "--rounds", "1", "--seed", "1", "--workers", "1"]
    result = runner.invoke(app, [*args, "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    notes = json.loads(result.stdout)["notes"]
    assert notes[0].startswith("Estimated by simulating 1 round (seed 1); ")


def test_one_deck_is_one_deck(tmp_path: Path) -> None:
    """673a.3(a) allows a single deck: the simulated strategy's description and the
    terminal table's round header say "1 deck"."""
    strategy = describe(DoubleBackJackRules(decks=1))["blackjack"].strategy
    assert strategy is not None and "play of the card-by-card analysis, 1 deck (" in strategy
    other = describe(DoubleBackJackRules(decks=3))["blackjack"].strategy
    assert other is not None and "basic strategy, 3 decks (" in other
    rules = tmp_path / "rules.toml"
    rules.write_text('game = "double-back-jack"\ndecks = 1\n')
    result = runner.invoke(
        app,
        ["play", "double-back-jack", "--seed", "1", "--rules", str(rules)],
        input="quit\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    assert "(1 deck, " in result.output and "1 decks" not in result.output
