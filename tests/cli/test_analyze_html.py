"""`croupier analyze GAME --html DIR`: the report file, through the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def test_html_report_of_the_example_go_fore_it_table(tmp_path: Path) -> None:
    rules = str(EXAMPLES / "go-fore-it.toml")
    code, stdout, stderr = invoke("analyze", "go-fore-it", "--rules", rules, "--json")
    assert code == 0, stderr
    sheet = json.loads(stdout)
    code, stdout, stderr = invoke(
        "analyze", "go-fore-it", "--rules", rules, "--html", str(tmp_path)
    )
    assert code == 0, stderr
    path = tmp_path / "go-fore-it.html"
    assert f"wrote {path}" in stderr
    assert "House edge" in stdout  # the table is still printed
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert text.rstrip().endswith("</html>")
    for wager in sheet["wagers"]:
        assert f"({wager['house_edge_exact']})" in text
        assert f"{wager['house_edge'] * 100:.4f}%" in text
    assert f"<code>{sheet['rules_sha256']}</code>" in text
    # the example's limits (examples/rules/go-fore-it.toml): Front 9 $500, Skins $100,
    # Gopher $25 on paytable B; Front 9 1 to 1 + albatross 25 to 1, Skins 1 to 1, four
    # aces 1,000 to 1 (676a.12)
    assert "$13,000 ($500 staked)" in text
    assert "$100 ($100 staked)" in text
    assert "$25,000 ($25 staked)" in text
    assert text.count("<svg") == len(sheet["wagers"]) + 1
    assert [p.name for p in tmp_path.iterdir()] == ["go-fore-it.html"]


def test_html_report_with_the_json_document(tmp_path: Path) -> None:
    code, stdout, stderr = invoke(
        "analyze", "high-roll-dice", "--variant", "six_dice", "--json", "--html", str(tmp_path)
    )
    assert code == 0, stderr
    assert json.loads(stdout)["variant"] == "six_dice"
    text = (tmp_path / "high-roll-dice.html").read_text(encoding="utf-8")
    assert "high-roll-dice (six_dice)" in text
    # six dice, the default $5,000 maximum: six of a kind pays 6,000 to 1 (675a.6(k))
    assert "$30,000,000 ($5,000 staked)" in text


def test_a_report_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, _, stderr = invoke("analyze", "go-fore-it", "--html", str(blocker))
    assert code == 2
    assert "cannot write the report" in stderr
