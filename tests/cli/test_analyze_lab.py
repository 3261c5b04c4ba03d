"""`croupier analyze GAME --csv DIR --xlsx DIR --mix ...`: the lab sheet through the
command line."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def test_lab_exports_and_mix_of_sic_bo(tmp_path: Path) -> None:
    mix = "small=1,big=1"  # both 105 ways in 216 at even money: edge 6/216 = 1/36 each
    code, stdout, stderr = invoke(
        "analyze", "sic-bo", "--csv", str(tmp_path), "--xlsx", str(tmp_path), "--mix", mix
    )
    assert code == 0, stderr
    assert f"wrote {tmp_path / 'sic-bo.xlsx'}" in stderr
    assert "theoretical hold per unit initially wagered (house edge basis): 2.7778% (1/36)" in (
        " ".join(stdout.split())
    )
    assert (tmp_path / "sic-bo-outcomes.csv").is_file()
    book = load_workbook(tmp_path / "sic-bo.xlsx", read_only=True)
    assert "mix" in book.sheetnames
    code, stdout, stderr = invoke("analyze", "sic-bo", "--json", "--mix", mix)
    assert code == 0, stderr
    document = json.loads(stdout)
    assert Fraction(document["bet_mix"]["hold_per_initial_wager_exact"]) == Fraction(1, 36)


def test_a_bad_mix_exits_2_naming_it() -> None:
    code, _, stderr = invoke("analyze", "sic-bo", "--mix", "small=1,pass=2")
    assert code == 2
    assert "sic-bo has no wager pass" in stderr
    code, _, stderr = invoke("analyze", "sic-bo", "--mix", "small=-1")
    assert code == 2
    assert "a weight must be positive" in stderr
