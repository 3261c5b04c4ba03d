"""The hold report through the table server (SQLite and PostgreSQL), against a hand
calculation and against the ledger itself.

Two Sic Bo rounds (paytable as in examples/rules/sic-bo.toml): $10 on total:10 and $10 on
small, the dice 2-3-5: total:10 pays 6 to 1 and small 1 to 1, the table pays $70; then
$10 on big, the dice 1-1-1: big loses on a triple, the table wins $10. Drop $30, win
-$60, hold -200%. The theoretical win, from the 216 shakes counted by hand: small and
big win 105 of 216 (sums 4-10 or 11-17, triples excepted), a house edge of
1 - 2 * 105/216 = 1/36, variance 1 - (1/36)^2; total:10 comes 27 times in 216 = 1/8 and
pays 6, a house edge of 1 - 7/8 = 1/8, variance 36/8 + 7/8 - (1/8)^2. So the
theoretical win is $10/36 + $10/8 + $10/36 and the standard deviation $10 times the
square root of the three variances' sum.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from server_api import EXAMPLES, Api, ScriptedRng
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger.hold import rebuild
from croupier.ledger.models import HoldDay

SIC_BO = EXAMPLES / "sic-bo.toml"
TODAY = datetime.now(UTC).date().isoformat()


def play_two_rounds(api: Api, scripted: ScriptedRng) -> None:
    api.table("sb", SIC_BO)
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "sb")
    for spot in ("total:10", "small"):
        assert api.wager(ann, 1, spot, 1_000, table_id="sb").status_code == 200
    scripted.dice(2, 3, 5)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    assert api.wager(ann, 1, "big", 1_000, table_id="sb").status_code == 200
    scripted.dice(1, 1, 1)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200


def expected_theoretical() -> tuple[float, float]:
    small = (1 / 36, 1 - (1 / 36) ** 2)
    total_10 = (1 / 8, 36 / 8 + 7 / 8 - (1 / 8) ** 2)
    theoretical = 1_000 * (small[0] + total_10[0] + small[0])
    sd = 1_000 * math.sqrt(small[1] + total_10[1] + small[1])
    return theoretical, sd


def test_the_hold_report_of_two_rounds(api: Api, scripted: ScriptedRng, db_url: str) -> None:
    # GLI-19 A.6.1-A.6.2: the theoretical win against the actual, by the par sheet.
    play_two_rounds(api, scripted)
    _, dealer = api.player("floor", role="dealer")
    r = api.client.get("/reports/hold", headers=dealer)
    assert r.status_code == 200, r.text
    rows = r.json()["rows"]
    [table] = [row for row in rows if row["level"] == "table"]
    [game] = [row for row in rows if row["level"] == "game"]
    theoretical, sd = expected_theoretical()
    for row in (table, game):
        assert row["day"] == TODAY and row["game"] == "sic-bo" and row["rounds"] == 2
        assert row["drop"] == 3_000 and row["win"] == -6_000
        assert row["hold"] == -2.0
        assert row["handle"] == {"big": 1_000, "small": 1_000, "total:10": 1_000}
        assert row["theoretical_win"] == Close(theoretical)
        assert row["std_dev"] == Close(sd)
        assert row["deviations"] == Close((-6_000 - theoretical) / sd)
        assert row["missing_par_figures"] == []
    assert table["table_id"] == "sb" and game["table_id"] is None
    # A player may not read it.
    _, ann = api.player("bob")
    assert api.client.get("/reports/hold", headers=ann).status_code == 403
    # The totals kept as the rounds ended are those recomputed from the stored rounds.
    with Session(api.engine) as session:
        kept = _totals(session)
        assert rebuild(session) == 2
        assert _totals(session) == kept
        session.rollback()
    # The command line reads the same database.
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--csv", "--table", "sb"])
    assert result.exit_code == 0, result.output
    lines = list(csv.DictReader(io.StringIO(result.output)))
    assert [line["level"] for line in lines] == ["table", "game", "day", "game_total", "total"]
    assert lines[0]["drop_cents"] == "3000" and lines[0]["win_cents"] == "-6000"
    assert lines[0]["handle"] == "big=1000 small=1000 total:10=1000"
    result = CliRunner().invoke(
        cli, ["report", "hold", "--db", db_url, "--json", "--since", "2999-01-01"]
    )
    assert result.exit_code == 0 and json.loads(result.output)["rows"] == []


class Close(float):
    def __eq__(self, other: object) -> bool:
        return isinstance(other, float) and math.isclose(self, other, rel_tol=1e-9)

    __hash__ = float.__hash__


def _totals(session: Session) -> list[tuple[object, ...]]:
    rows = session.execute(select(HoldDay).order_by(HoldDay.wager)).scalars()
    return [
        (h.table_id, h.day, h.wager, h.rounds, h.stakes, h.handle, h.squares, h.drop_amount, h.win)
        for h in rows
    ]


def test_refusals(tmp_path: object) -> None:
    result = CliRunner().invoke(cli, ["report", "hold", "--since", "yesterday"])
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.output
    result = CliRunner().invoke(cli, ["report", "hold", "--json", "--csv"])
    assert result.exit_code == 2 and "one of" in result.output


def test_a_report_on_no_database_or_no_table_says_so(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    """A mistyped --db does not create an empty database and print an empty report (nor
    does rules history); a table that is not there is named, not an empty report."""
    missing = tmp_path / "typo.sqlite"
    for args in (["report", "hold"], ["rules", "history", "sb"]):
        result = CliRunner().invoke(cli, [*args, "--db", f"sqlite:///{missing}"])
        assert result.exit_code == 2, result.output
        assert f"no database at {missing}" in result.output
    assert not missing.exists()
    url = migrated_sqlite("floor.sqlite")
    Api(url).close()  # a database with its schema and no tables
    result = CliRunner().invoke(cli, ["report", "hold", "--db", url, "--table", "nope"])
    assert result.exit_code == 2, result.output
    assert "--table nope: there is no table 'nope'" in result.output


def test_the_text_report_cuts_nothing_short_in_80_columns(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Twelve columns do not fit a terminal of 80: each row is printed as its headings
    and values instead of cells cut to "…"; on a wide terminal it is one table."""
    url = migrated_sqlite("hold.sqlite")
    scripted = ScriptedRng()
    api = Api(url, rng=scripted)
    try:
        play_two_rounds(api, scripted)
    finally:
        api.close()
    result = CliRunner().invoke(cli, ["report", "hold", "--db", url], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    for text in ("Theoretical win", "Difference (sd)", TODAY, "$30", "-$60", "-200.00%"):
        assert text in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    result = CliRunner().invoke(cli, ["report", "hold", "--db", url], env={"COLUMNS": "250"})
    assert "…" not in result.output and result.output.count("Theoretical win") == 1
