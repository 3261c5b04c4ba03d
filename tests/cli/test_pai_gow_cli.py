"""`croupier play pai-gow` and `croupier analyze pai-gow` through the command line."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def test_analyze_json() -> None:
    result = CliRunner().invoke(app, ["analyze", "pai-gow", "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    names = [w["wager"] for w in sheet["wagers"]]
    assert names == ["pai_gow:house_way", "pai_gow:optimal", "pai_gow:player_bank"]
    for wager in sheet["wagers"]:
        assert abs(sum(o["probability"] for o in wager["outcomes"]) - 1) < 1e-12
    assert any("HAS THE ADVANTAGE" in note for note in sheet["notes"])


def test_play_a_round() -> None:
    """Bet $10, deal, ask for the house way, set by it, settle: the balance moves by the
    result the settlement line prints (1 to 1 less 5%: +$9.50, $0 or -$10)."""
    script = "bet 10\ndeal\nhouse\n"
    first = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "11", "--rounds", "1"], input=script, env=ENV
    )
    shown = re.search(r"The house would set high (\S+) (\S+)", first.output)
    assert shown, first.output
    script += f"set {shown[1]} {shown[2]}\nshow\n"
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "11", "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    final = re.search(r"Final balance: \$([\d,.]+)", result.output)
    assert final, result.output
    balance = float(final[1].replace(",", ""))
    assert balance in (1009.5, 1000.0, 990.0)
    if balance == 1009.5:
        assert "wins +$9.50" in result.output


def test_play_refuses_a_setting_with_other_tiles() -> None:
    script = "bet 10\ndeal\nset 6-6 6-6\nset 1-2 1-2\n"
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "3", "--rounds", "1"], input=script, env=ENV
    )
    assert "Refused:" in result.output and "(621a.10(a))" in result.output
