"""`croupier analyze`: the generic warning for a negative house edge and the label of a
wager the Rules Submission does not offer, in the table, --json and --html alike.

Criss-Cross Poker's enumeration takes minutes, so its ``solve`` is replaced by a made-up
two-path solution (the labelling does not depend on the figures)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.analysis.exact import criss_cross_poker as ccp
from croupier.analysis.par_sheet import OutcomeFigures, ParSheet, WagerFigures
from croupier.analysis.report import render_html
from croupier.cli import app
from croupier.cli.analyze import NOT_OFFERED, warnings
from croupier.rules.criss_cross_poker import CrissCrossPokerRules

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def _wager(name: str, win: Fraction) -> WagerFigures:
    """Win ``win`` with probability 1/2, else lose 1: return (win - 1) / 2."""
    half = Fraction(1, 2)
    return WagerFigures.from_outcomes(
        name,
        [OutcomeFigures("win", half, win, hit=True), OutcomeFigures("lose", half, -1, hit=False)],
    )


def test_a_negative_house_edge_warns_whatever_the_game() -> None:
    """Win 3/2 or lose 1, evens: return +1/4 (house edge -25%): a warning; win 1/2 or lose
    1: return -1/4: none."""
    sheet = ParSheet(
        "double-back-jack", None, (_wager("good", Fraction(3, 2)), _wager("bad", Fraction(1, 2)))
    )
    lines = warnings(sheet)
    assert len(lines) == 1
    assert lines[0].startswith("WARNING: good has a negative house edge")
    assert "+25.0000%" in lines[0]
    assert "WARNING: negative house edge" in render_html(sheet)


def _fake_solution() -> ccp.Solution:
    path, fold = ("1x", "1x", "3x"), ("fold", "fold", "fold")
    return ccp.Solution(
        value=Fraction(1),
        across={"AA": ("3x", Fraction(1)), "32o": ("fold", Fraction(-2))},
        paths={path: Fraction(3, 4), fold: Fraction(1, 4)},
        path_nets={path: Fraction(2), fold: Fraction(-2)},
        second_moment=Fraction(4),
        path_wins={path: (Fraction(1, 2), Fraction(6))},
    )


@pytest.fixture
def fake_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ccp, "solve", lambda *args, **kwargs: _fake_solution())
    monkeypatch.setattr(ccp, "solved", _fake_solution)  # the par sheet's cached solve


@pytest.mark.usefixtures("fake_solve")
def test_the_bonus_is_labelled_where_the_rules_do_not_offer_it(tmp_path: Path) -> None:
    """The default Rules Submission does not offer the Five Card Bonus (674a.7(e)): it is
    listed (designers compare) and labelled in the table, the JSON and the HTML; the fake
    solution has a player advantage, so the antes row warns."""
    assert not CrissCrossPokerRules().five_card_bonus
    runner = CliRunner()
    result = runner.invoke(app, ["analyze", "criss-cross-poker"], env=ENV)
    assert result.exit_code == 0, result.output
    assert f"Five Card Bonus Wager {NOT_OFFERED}" in result.stdout
    warned = "WARNING: Ante Across and Ante Down Wagers, with the Across, Down and Middle Bets"
    assert warned in result.stdout
    result = runner.invoke(app, ["analyze", "criss-cross-poker", "--json"], env=ENV)
    wagers = {w["wager"]: w for w in json.loads(result.stdout)["wagers"]}
    assert wagers["five_card_bonus"]["description"].startswith(NOT_OFFERED)
    assert not wagers["antes"]["description"].startswith(NOT_OFFERED)
    result = runner.invoke(app, ["analyze", "criss-cross-poker", "--html", str(tmp_path)], env=ENV)
    assert result.exit_code == 0, result.output
    assert NOT_OFFERED in (tmp_path / "criss-cross-poker.html").read_text(encoding="utf-8")


@pytest.mark.usefixtures("fake_solve")
def test_an_offered_bonus_is_not_labelled() -> None:
    rules = CrissCrossPokerRules(five_card_bonus=True)
    sheet = ccp.par_sheet(rules)
    assert not sheet.wager("five_card_bonus").description.startswith(NOT_OFFERED)
    assert sheet.wager("antes").hit_frequency == Fraction(1, 2)


@pytest.mark.parametrize("game", ["sic-bo", "high-roll-dice", "pai-gow"])
def test_decks_on_a_game_without_them_says_so(game: str) -> None:
    """--decks belongs to a Rules Submission that sets decks (Double Back Jack); on any
    other game it is refused in words, not as a validator's "Extra inputs" message."""
    result = CliRunner().invoke(app, ["analyze", game, "--decks", "2"], env=ENV)
    assert result.exit_code == 2
    assert f"{game}'s Rules Submission sets no number of decks: --decks does not apply" in (
        result.output
    )
    assert "Extra inputs" not in result.output


def test_analyze_and_simulate_name_each_wager_in_words() -> None:
    """The rows of ``croupier analyze`` and ``croupier simulate`` name each wager as the
    terminal's ``odds`` does (``returns.wager_said``), not by its par sheet key
    ("pip_street:ace"); ``--json`` keeps the keys."""
    runner = CliRunner()
    table = runner.invoke(app, ["analyze", "sic-bo"], env=ENV)
    assert table.exit_code == 0, table.output
    rows = re.findall(r"^│ (\S[^│]*?)\s*│", table.stdout, re.M)
    assert rows[:3] == ["Small", "Big", "Three of a Kind 1"], rows
    assert not any(re.search(r"[a-z]_[a-z]|[a-z]:[a-z0-9]", row) for row in rows), rows
    keys = [
        w["wager"]
        for w in json.loads(runner.invoke(app, ["analyze", "sic-bo", "--json"], env=ENV).stdout)[
            "wagers"
        ]
    ]
    assert keys[:3] == ["small", "big", "three_of_a_kind:1"], keys
    args = ["simulate", "high-roll-dice", "--rounds", "200", "--seed", "1", "--workers", "1"]
    simulated = runner.invoke(app, args, env=ENV)
    assert simulated.exit_code == 0, simulated.output
    rows = re.findall(r"^│ (\S[^│]*?)\s*│", simulated.stdout, re.M)
    assert "Pip Street ace" in rows, rows
    # The title by the game's and the variant's names, not their keys.
    assert "High Roll Dice (ten dice): simulated figures per unit staked" in simulated.stdout
    assert "high-roll-dice" not in simulated.stdout and "ten_dice" not in simulated.stdout
    assert not any(re.search(r"[a-z]_[a-z]|[a-z]:[a-z0-9]", row) for row in rows), rows
    document = json.loads(runner.invoke(app, [*args, "--json"], env=ENV).stdout)
    assert "pip_street:ace" in json.dumps(document)
    assert (document["game"], document["variant"]) == ("high-roll-dice", "ten_dice")


def test_the_printed_chart_is_titled_in_words() -> None:
    """Double Back Jack's analysis: its title and the printed chart's by the game's name,
    no par sheet key ("double-back-jack:", "(blackjack:chart)")."""
    shown = CliRunner().invoke(app, ["analyze", "double-back-jack"], env=ENV)
    assert shown.exit_code == 0, shown.output
    assert "Double Back Jack: figures per unit staked" in shown.stdout
    assert "Double Back Jack printed chart, 6 decks" in shown.stdout
    assert "blackjack:chart" not in shown.stdout and "double-back-jack:" not in shown.stdout
