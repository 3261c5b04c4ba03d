"""`croupier play criss-cross-poker` through the command line: the printed settlement of
each round agrees with the money the wallet moved, and the antes game folded at once
loses exactly both antes (674a.11(b))."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def run(lines: str, seed: int = 4) -> str:
    result = CliRunner().invoke(
        app,
        ["play", "criss-cross-poker", "--seed", str(seed), "--rounds", "1"],
        input=lines,
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_fold_at_across_loses_both_antes() -> None:
    """674a.11(b): no Across Bet: both antes are collected; the cross is still turned."""
    out = run("antes 5\ndeal\nfold\n")
    assert "this round -$10" in out
    assert "674a.11(c)" in out and "674a.11(g)" in out


def test_full_round_settles_every_wager() -> None:
    """674a.11(h): a round played 1x throughout settles the five wagers, and the round's
    net printed equals the sum of the printed results."""
    out = run("antes 5\ndeal\n1x\n1x\n1x\n")
    rows = re.findall(
        r"│ (ante_across|across|ante_down|down|middle)\s*│ (\w+)\s*│[^│]*│[^│]*│ (\S+)", out
    )
    assert {spot for spot, _, _ in rows} == {"ante_across", "across", "ante_down", "down", "middle"}
    total = 0
    for _, outcome, result in rows:
        if outcome in ("win", "lose"):
            sign = -1 if result.startswith("-") else 1
            total += sign * int(result.strip("+-$").replace(",", ""))
    net = re.search(r"this round ([+-]?\$[\d,]+)", out)
    assert net is not None
    printed = net.group(1)
    value = int(printed.strip("+-$").replace(",", "")) * (-1 if printed.startswith("-") else 1)
    assert value == total


def test_bonus_refused_where_not_offered() -> None:
    """674a.7(e): the default table does not offer the Five Card Bonus."""
    out = run("antes 5\nbonus 5\ndeal\nfold\n")
    assert "Refused" in out and "674a.7(e)" in out


def test_example_rules_submission() -> None:
    """674a.12(d): the example's $50,000 limit is at least the greater of $50,000 and
    3,302 x $10 (antes at the minimum, every bet 3x: Across a royal flush, Down a
    straight flush) + 10 x $5 (the bonus at its minimum on the flush those leave in the
    cross) = $33,070; it plays at the command line."""
    from pathlib import Path

    from croupier.rules import load
    from croupier.rules.criss_cross_poker import CrissCrossPokerRules

    path = Path(__file__).resolve().parents[2] / "examples" / "rules" / "criss-cross-poker.toml"
    rules = load(path)
    assert isinstance(rules, CrissCrossPokerRules)
    assert rules.most_won_at_minimum() == 3302 * 1000 + 10 * 500
    assert rules.least_payout_limit() == 5_000_000
    result = CliRunner().invoke(
        app,
        ["play", "criss-cross-poker", "--rules", str(path), "--seed", "1", "--rounds", "1"],
        input="antes 10\nbonus 5\ndeal\nfold\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    assert "five_card_bonus" in result.output


@pytest.mark.slow
def test_analyze_json() -> None:
    """`croupier analyze criss-cross-poker --json`: wagers `antes` and `five_card_bonus`,
    the bonus edge 7,653/216,580 (by hand in tests/test_criss_cross_poker_exact.py)."""
    import json

    result = CliRunner().invoke(app, ["analyze", "criss-cross-poker", "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    wagers = {w["wager"]: w for w in sheet["wagers"]}
    assert set(wagers) == {"antes", "five_card_bonus"}
    assert wagers["five_card_bonus"]["house_edge_exact"] == "7653/216580"
    assert wagers["antes"]["house_edge_exact"] == "579091/13378456"
    assert "Across 3x" in wagers["antes"]["strategy"]
    assert 0 < wagers["antes"]["std_dev"] < 100  # exact, from the second moments
