"""The lobby as a new player meets it (issue 34): "Loading tables…" until the tables
arrive and, where they cannot be had, why in words (the Tables heading stood empty for
three seconds after sign-in); each card's link says the game and its seats, the
table's id only where another table bears the same name (it read "Craps table craps");
a table the operator closed for play says so and why, his reason as plain text, on its
card and when a player sits down at it (it read "Sic Bo, 9 of 10 seats free", then "You
sit at seat 1: place your wagers.")."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, missing

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

TABLES = "**/tables?wait=*"
"""The lobby's request for its tables (GET /tables, waiting for their returns)."""


def _signed_up(browser: Any, server: Server, name: str, route: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.route(TABLES, route)
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Get play money").click()
    return context, page


def test_the_tables_are_said_to_be_loading_then_shown(browser: Any, server: Server) -> None:
    assert server.table("lw-one", "sic-bo.toml").status_code == 201
    held: list[Any] = []
    context, page = _signed_up(browser, server, "ann-loading", lambda r: held.append(r))
    loading = page.locator(".tables-loading")
    loading.wait_for()
    assert loading.inner_text() == "Loading tables…"
    assert loading.get_attribute("role") == "status"
    for _ in range(100):  # the lobby's request, held here until the text is read
        if held:
            break
        page.wait_for_timeout(100)
    held[0].continue_()
    page.wait_for_selector('.table-card[data-table="lw-one"]')
    assert loading.count() == 0
    context.close()


def test_tables_that_cannot_be_loaded_are_said_so_in_words(browser: Any, server: Server) -> None:
    context, page = _signed_up(browser, server, "ann-unloaded", lambda r: r.abort())
    page.wait_for_selector(".tables-loading.error")
    said = page.locator(".tables-loading").inner_text()
    assert said.startswith("The tables could not be loaded. The server cannot be reached"), said
    assert "fetch" not in said.lower()
    page.unroute(TABLES)
    # Asked again shortly: once the server answers, the tables show.
    page.wait_for_selector(".table-card", timeout=15_000)
    assert page.locator(".tables-loading").count() == 0
    context.close()


def test_a_cards_link_says_the_game_and_its_seats(browser: Any, server: Server) -> None:
    for table in ("lw-dbj-1", "lw-dbj-2"):
        assert server.table(table, "double-back-jack.toml").status_code == 201
    assert server.table("lw-pai", "pai-gow.toml").status_code == 201
    assert server.table("lw-mini", "mini-craps.toml").status_code == 201
    assert server.table("lw-craps", 'game = "craps"\n').status_code == 201
    spill = "a spill <b>on</b> the layout"  # the operator's words: text, never markup
    closing = {"thing": "table", "subject": "lw-craps", "disabled": True, "reason": spill}
    assert server.admin.post("/disabled", json=closing).status_code == 200
    context, page = _signed_up(browser, server, "ann-links", lambda r: r.continue_())
    page.wait_for_selector('.table-card[data-table="lw-pai"]')
    listed = server.admin.get("/tables").json()["tables"]
    for t in listed:
        link = page.locator(f'.table-card[data-table="{t["id"]}"] h4 a').inner_text()
        shares = sum(1 for other in listed if other["title"] == t["title"]) > 1
        free = len(t["free_seats"])
        seats = f"{free} of {t['seat_count']} seats free" if free else "full"
        named = f" (table {t['id']})" if shares else ""
        closed = ", closed for play" if t["closed"] else ""
        assert link == f"{t['title']}{named}{closed}, {seats}"
    # Two tables of one game: each link names its table.
    dbj = page.locator('.table-card[data-table="lw-dbj-2"] h4 a').inner_text()
    assert dbj.endswith("(table lw-dbj-2), 6 of 6 seats free") or "(table lw-dbj-2), " in dbj
    # A variant's table is named by its rule set (Craps beside Mini-Craps, one game): the
    # loop above gives either its id only where another table bears the same name (the
    # worker's server may hold other tables of either from other tests).
    mini = page.locator('.table-card[data-table="lw-mini"] h4 a').inner_text()
    craps = page.locator('.table-card[data-table="lw-craps"] h4 a').inner_text()
    assert mini.startswith("Mini-Craps") and craps.startswith("Craps"), (mini, craps)
    assert "closed for play" not in mini and ", closed for play, " in craps, (mini, craps)
    why = (
        f"by the operator: {spill}. No round is dealt here until the operator enables the "
        "table again."
    )
    card = page.locator('.table-card[data-table="lw-craps"]')
    assert card.locator('[data-card="closed"]').inner_text() == f"Closed for play {why}"
    assert card.locator("b").count() == 0
    # Seated at it, he is told it is closed and why, not to place his wagers.
    card.locator("h4 a").click()
    page.locator('[data-sit="1"]').click()
    said = page.locator(".message").filter(has_text="You sit at seat 1")
    assert said.inner_text() == f"You sit at seat 1, but this table is closed for play {why}"
    # Enabled again, the table is no longer said to be closed; disabled while he sits,
    # he is no longer told to place his wagers (GLI-19 2.4.1).
    opening = {**closing, "disabled": False, "reason": ""}
    assert server.admin.post("/disabled", json=opening).status_code == 200
    page.locator(".turn .who-acts").filter(has_text="Betting is open").wait_for()
    assert said.count() == 0  # gone with the view that says the betting is open
    page.locator('[data-leave="1"]').click()
    page.locator('[data-sit="1"]').click()
    said.wait_for()
    assert said.inner_text() == "You sit at seat 1: place your wagers."
    assert server.admin.post("/disabled", json=closing).status_code == 200
    said.wait_for(state="detached")
    assert page.locator(".turn .who-acts").inner_text().startswith("This table is closed")
    context.close()
