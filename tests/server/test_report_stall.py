"""The floor's hold report never holds a connection the tables need (issue 29: computing a
par sheet held the SQLite server's only connection; every other request waited 30 s and
failed with 500, and a player's decision timed out). A par sheet stand-in blocks on a
threading event until the test has been answered at a table."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from server_api import Api, ScriptedRng
from test_hold_report import Close, expected_theoretical, play_two_rounds

import croupier.analysis.exact.sic_bo as sic_bo_sheet


def test_a_table_is_served_while_the_report_computes_a_par_sheet(
    migrated_sqlite: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted = ScriptedRng()
    api = Api(migrated_sqlite("floor.sqlite"), scripted)  # one connection a process
    play_two_rounds(api, scripted)
    _, floor = api.player("floor", role="dealer")
    _, bob = api.player("bob", deposit=10_000)
    api.sit(bob, 2, "sb")
    computing, release = threading.Event(), threading.Event()
    real = sic_bo_sheet.par_sheet

    def slow_sheet(rules: Any) -> Any:
        computing.set()
        assert release.wait(60), "the test never let the par sheet finish"
        return real(rules)

    monkeypatch.setattr(sic_bo_sheet, "par_sheet", slow_sheet)
    answers: list[Any] = []
    report = threading.Thread(
        target=lambda: answers.append(api.client.get("/reports/hold", headers=floor))
    )
    report.start()
    try:
        assert computing.wait(30), "the report computed no par sheet"
        # While the sheet is computed, the table answers a view and takes a wager.
        seen = api.client.get("/tables/sb/view", headers=bob)
        assert seen.status_code == 200, seen.text
        placed = api.wager(bob, 2, "big", 1_000, table_id="sb")
        assert placed.status_code == 200, placed.text
        assert placed.json()["balance"] == 9_000
    finally:
        release.set()
        report.join(60)
    [answer] = answers
    assert answer.status_code == 200, answer.text
    theoretical, sd = expected_theoretical()
    [table] = [row for row in answer.json()["rows"] if row["level"] == "table"]
    assert table["rounds"] == 2
    assert table["theoretical_win"] == Close(theoretical)
    assert table["std_dev"] == Close(sd)
    # Kept: a second report computes nothing.
    computing.clear()
    again = api.client.get("/reports/hold", headers=floor)
    assert again.status_code == 200 and not computing.is_set()
    assert again.json()["rows"] == answer.json()["rows"]
    api.close()
