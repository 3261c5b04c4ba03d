"""The hold report's theoretical hold, its sums (by game and day, by day, by game over all
the days, and overall) in every form, and the strategy its theoretical win assumes
(issue #31).

Three Sic Bo rounds, the gaming day from 6 a.m. America/New_York (see test_gaming_day):

- table sb, round 1 at 09:30 UTC on 2026-03-08 (gaming day 2026-03-07): $10 total:10 and
  $10 small, dice 2-3-5, the table pays $70: drop $20, win -$70, theoretical
  $10/8 + $10/36 = $15.2777...;
- table sb, round 2 at 10:30 UTC (gaming day 2026-03-08): $10 big, dice 1-1-1, the table
  wins $10: drop $10, theoretical $10/36 = $2.7777...;
- table sb2, at 10:30 UTC (gaming day 2026-03-08): $10 big, dice 4-5-6 (15, big wins
  1 to 1): drop $10, win -$10, theoretical $10/36.

Summed: gaming day 2026-03-08 holds drop $20, win $0, theoretical $20/36, theoretical
hold 1/36; the three rounds drop $40, win -$70 (hold -175%), theoretical
$30/36 + $10/8 = $20.8333..., theoretical hold (1/12 + 1/8) / 4 = 5/96. House edges and
variances as in test_hold_report: small and big 1/36 and 1 - (1/36)^2, total:10 1/8 and
43/8 - (1/8)^2.
"""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from server_api import EXAMPLES, Api, ScriptedRng
from sqlalchemy.orm import Session
from test_gaming_day import play_across_the_spring_change
from test_hold_report import SIC_BO, Close
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger.models import HoldDay
from croupier.reports.hold import HoldRow, hold_report

SMALL = (1 / 36, 1 - (1 / 36) ** 2)
TOTAL_10 = (1 / 8, 43 / 8 - (1 / 8) ** 2)
PIT = ["--gaming-day-zone", "America/New_York", "--gaming-day-start", "6"]


def _third_round(api: Api, scripted: ScriptedRng) -> None:
    api.table("sb2", SIC_BO)
    _, bea = api.player("bea", deposit=100_000)
    _, dealer = api.player("dee2", role="dealer")
    api.sit(bea, 1, "sb2")
    assert api.wager(bea, 1, "big", 1_000, table_id="sb2").status_code == 200
    scripted.dice(4, 5, 6)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb2").status_code == 200


def _key(row: dict[str, object]) -> tuple[object, ...]:
    return (row["level"], row["table_id"], row["game"], row["day"])


def test_theoretical_hold_and_the_sums_in_every_form(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    api, scripted = play_across_the_spring_change(db_url, monkeypatch)
    _third_round(api, scripted)
    api.close()
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--json", *PIT])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["gaming_day"] == {
        "zone": "America/New_York",
        "start_hour": 6,
        "text": "from 06:00 to 06:00, America/New_York time",
    }
    rows = {_key(row): row for row in report["rows"]}
    march_7 = (1, 2_000, -7_000, 1_000 / 8 + 1_000 / 36)
    march_8 = (2, 2_000, 0, 2_000 / 36)
    everything = (3, 4_000, -7_000, 3_000 / 36 + 1_000 / 8)
    expected = {
        ("table", "sb", "sic-bo", "2026-03-07"): march_7,
        ("table", "sb", "sic-bo", "2026-03-08"): (1, 1_000, 1_000, 1_000 / 36),
        ("table", "sb2", "sic-bo", "2026-03-08"): (1, 1_000, -1_000, 1_000 / 36),
        ("game", None, "sic-bo", "2026-03-07"): march_7,
        ("game", None, "sic-bo", "2026-03-08"): march_8,
        ("day", None, None, "2026-03-07"): march_7,
        ("day", None, None, "2026-03-08"): march_8,
        ("game_total", None, "sic-bo", None): everything,
        ("total", None, None, None): everything,
    }
    assert list(rows) == list(expected)  # in this order
    for key, (rounds, drop, win, theoretical) in expected.items():
        row = rows[key]
        assert (row["rounds"], row["drop"], row["win"]) == (rounds, drop, win), key
        assert row["theoretical_win"] == Close(theoretical), key
        assert row["theoretical_hold"] == Close(theoretical / drop), key
        assert row["strategies"] == []  # Sic Bo has no decisions
    total = rows[("total", None, None, None)]
    assert total["hold"] == -1.75
    assert total["theoretical_hold"] == Close(float(Fraction(5, 96)))
    assert rows[("day", None, None, "2026-03-08")]["theoretical_hold"] == Close(1 / 36)
    assert total["handle"] == {"big": 2_000, "small": 1_000, "total:10": 1_000}
    sd = 1_000 * math.sqrt(3 * SMALL[1] + TOTAL_10[1])
    assert total["std_dev"] == Close(sd)
    assert total["deviations"] == Close((-7_000 - (3_000 / 36 + 1_000 / 8)) / sd)
    # The CSV, the HTML and the text carry the same sums.
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--csv"])
    assert result.exit_code == 0, result.output
    lines = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [line["level"] for line in lines] == [key[0] for key in expected]
    last = lines[-1]
    assert (last["drop_cents"], last["win_cents"], last["hold"]) == ("4000", "-7000", "-1.750000")
    assert last["theoretical_win_cents"] == "208.33"  # $30/36 + $10/8 in cents
    assert last["theoretical_hold"] == f"{5 / 96:.6f}" == "0.052083"
    assert last["gaming_day"] == "from 06:00 to 06:00, America/New_York time"
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--html"])
    assert result.exit_code == 0, result.output
    page = result.stdout
    for text in ("all games, all days", "<td>5.21%</td>", "<td>-175.00%</td>", "$2.08"):
        assert text in page, text
    assert "from 06:00 to 06:00, America/New_York time" in page
    assert "Theoretical hold" in page and "Strategy assumed" in page
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    for text in ("all games, all days", "5.21%", "-175.00%", "Theoretical hold", "06:00"):
        assert text in result.stdout, text


def test_sums_across_two_games() -> None:
    """Two games' rows (figures made up for the sum, not played): the overall row adds
    them, and one missing par figure leaves the sum with no theoretical win."""
    a = HoldRow("sic-bo", "2026-03-07", "sb", rounds=2, drop=3_000, win=500)
    a.theoretical, a.variance = 100.0, 4.0
    b = HoldRow("craps", "2026-03-07", "cr", rounds=1, drop=1_000, win=-200)
    b.theoretical, b.variance = 14.0, 5.0
    total = HoldRow(None, None, None)
    total.add(a)
    total.add(b)
    assert (total.level, total.rounds, total.drop, total.win) == ("total", 3, 4_000, 300)
    assert total.theoretical == 114.0 and total.std_dev == 3.0
    assert total.theoretical_hold == Close(114 / 4_000) and total.hold == 300 / 4_000
    c = HoldRow("pai-gow", "2026-03-08", "pg", rounds=1, drop=500, win=50, theoretical=None)
    c.missing.add("pai_gow:house_way")
    total.add(c)
    assert total.theoretical is None and total.theoretical_hold is None
    assert total.missing == {"pai_gow:house_way"}


def test_the_report_names_the_strategy_its_theoretical_assumes(
    api: Api, db_url: str, tmp_path: Path
) -> None:
    """A Go Fore It table-day with $10 of Front 9 handle (the totals a finished round
    writes, written here directly): the theoretical win is the par sheet's Front 9 house
    edge, 7901/270725 (2.92%, the issue's 2.9%), of it, and the report says that edge is
    for the optimal Back 9 decision, not what the players decided."""
    # GLI-19 4.7.2(b): a theoretical figure names the strategy it assumes.
    table = api.table("gfi", EXAMPLES / "go-fore-it.toml")
    with Session(api.engine) as session:
        common = {"table_id": "gfi", "day": "2026-03-07", "rules_sha256": table["rules_sha256"]}
        session.add(HoldDay(**common, wager="", rounds=1, drop_amount=1_000, win=1_000))
        session.add(HoldDay(**common, wager="front_9", stakes=1, handle=1_000, squares=1_000_000))
        session.commit()
        rows = hold_report(session)
        session.commit()
    [row] = [r for r in rows if r.level == "table"]
    assert row.theoretical == Close(1_000 * 7901 / 270725)
    [(game, wager, strategy)] = row.strategies
    assert (game, wager) == ("go-fore-it", "front_9")
    assert strategy.startswith("optimal Back 9: Make the Back 9 Wager when the two front")
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--json"])
    report = json.loads(result.stdout)
    assert "a player who decides otherwise" in report["theoretical_assumes"]
    for out in report["rows"]:
        assert out["strategies"] == [
            {"game": "go-fore-it", "wager": "front_9", "strategy": strategy}
        ]
    _, floor = api.player("floor", role="dealer")
    served = api.client.get("/reports/hold", headers=floor).json()
    assert served["rows"] == report["rows"] and served["gaming_day"]["zone"] == "UTC"
