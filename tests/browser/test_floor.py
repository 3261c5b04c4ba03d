"""The floor page (/play/floor.html): the hold report as a dealer sees it in the browser,
the same figures as ``GET /reports/hold``."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from browser_support import Server
from test_tables import MISSING, browser, server  # noqa: F401  (the session's fixtures)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_the_floor_page_shows_the_hold_report(browser: Any, server: Server) -> None:  # noqa: F811
    assert server.table("floor-sb", "sic-bo.toml").status_code == 201
    player = server.person("floor-player", "player")
    player_id = server.get("/players/me", player)["id"]
    r = server.admin.post(
        f"/players/{player_id}/deposits", json={"amount": 10_000}, headers=server.key()
    )
    assert r.status_code == 201, r.text
    auth = {"Authorization": f"Bearer {player}"}
    dealer_token = server.person("floor-dealer", "dealer")
    dealer = {"Authorization": f"Bearer {dealer_token}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/tables/floor-sb/seats", json={"seat": 1}, headers=auth).is_success
        for n, (who, command) in enumerate(
            [
                (auth, {"type": "PlaceWager", "seat": 1, "spot": "small", "amount": 1000}),
                (dealer, {"type": "AnnounceNoMoreBets"}),
            ]
        ):
            r = client.post(
                "/tables/floor-sb/commands",
                json={"command": command},
                headers={**who, "Idempotency-Key": f"floor-{n}"},
            )
            assert r.status_code == 200, r.text
    [row] = [
        row
        for row in server.get("/reports/hold?table=floor-sb", dealer_token)["rows"]
        if row["level"] == "table"
    ]
    assert row["drop"] == 1000 and row["rounds"] == 1 and row["win"] in (1000, -1000)
    context = browser.new_context(viewport={"width": 1300, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/play/floor.html")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(dealer_token)})")
    page.fill("#table", "floor-sb")
    page.click("button[type=submit]")
    report = page.wait_for_selector("[data-testid=hold-report]")
    cells = [c.inner_text() for c in report.query_selector_all("tbody tr:first-child td")]
    assert cells[:7] == [
        "floor-sb",
        "sic-bo",
        row["day"],
        "1",
        "$10.00",
        "$10.00" if row["win"] > 0 else "-$10.00",
        "100.00%" if row["win"] > 0 else "-100.00%",
    ]
    assert cells[7] == f"${round(row['theoretical_win']) / 100:.2f}"  # $10 / 36, rounded
    assert page.query_selector("#chart svg rect") is not None
    assert not errors
    context.close()
