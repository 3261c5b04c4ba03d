"""The round reveal and the hold report name the croupier that produced them (issue #31):
its version, commit and the sha256 of its critical files (croupier.identity; the digest
itself is checked against the files in tests/test_identity.py)."""

from __future__ import annotations

import csv
import io
import json

from server_api import Api, ScriptedRng
from test_money_audit import play
from typer.testing import CliRunner

import croupier
from croupier.cli import app as cli
from croupier.identity import identity


def software() -> dict[str, str]:
    found = identity()
    assert found.version == croupier.__version__
    return {
        "name": "croupier",
        "version": croupier.__version__,
        "commit": found.commit,
        "files_sha256": found.files_sha256,
    }


def test_the_reveal_and_the_hold_report_name_the_software(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    play(api, scripted)
    reveal = api.client.get("/rounds/hrd-1/reveal", headers=api.admin)
    assert reveal.status_code == 200, reveal.text
    assert reveal.json()["software"] == software()
    report = api.client.get("/reports/hold", headers=api.admin)
    assert report.status_code == 200, report.text
    assert report.json()["software"] == software()
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["software"] == software()
    # one table on one day: its row, then the game's day, the day, the game and the total
    assert [row["level"] for row in data["rows"]] == ["table", "game", "day", "game_total", "total"]
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--csv"])
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert rows and all(row["software"] == identity().text() for row in rows)
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--html"])
    assert f"Made by {identity().text()}." in result.output
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url], env={"COLUMNS": "80"})
    assert "\n".join(["Made by", *identity().lines()]) in result.output
