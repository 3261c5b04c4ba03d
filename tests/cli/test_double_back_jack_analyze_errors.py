"""`croupier analyze double-back-jack` refuses what it cannot analyze with one plain
error line naming the rule, exit code 2, and no traceback: a shoe of no decks
(673a.3(a) requires at least one), more than croupier's eight, and a Rules Submission
naming a rule croupier does not model."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def refuse(*arguments: str) -> str:
    result = CliRunner().invoke(app, ["analyze", "double-back-jack", *arguments], env=ENV)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize(
    ("decks", "words"),
    [("0", "at least one deck (673a.3(a))"), ("9", "at most 8, not 9"), ("-1", "not -1")],
)
def test_decks_out_of_range(decks: str, words: str) -> None:
    assert words in refuse("--decks", decks)


def test_rule_not_modelled(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('game = "double-back-jack"\ndecks = 6\nresplit_aces = true\n')
    output = refuse("--rules", str(rules))
    assert "resplit_aces" in output and "croupier does not model it" in output
    assert "(601a.2)" in output


def test_decks_not_a_number(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('game = "double-back-jack"\ndecks = 2.5\n')
    assert "decks" in refuse("--rules", str(rules))


def test_rules_file_not_utf8(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_bytes(b"\xff\xfe\x00")
    output = refuse("--rules", str(rules))
    assert "cannot read the Rules Submission" in output and "utf-8" in output
