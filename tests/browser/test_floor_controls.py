"""The floor page's controls (issue #32): an admin disables and enables a table and a
player (GLI-19 2.4.1), reads a player's limits and lowers one (814a.2), in the page, and
the server holds what the page did; a refusal is the server's sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Server, missing

MISSING = missing()

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_gli_19_2_4_1_an_admin_disables_a_table_and_a_player_and_lowers_a_limit(
    browser: Any, server: Server
) -> None:
    assert server.table("ctl-hrd", "high-roll-dice-ten-dice.toml").status_code == 201
    player_token = server.person("ctl-player", "player")
    player_id = server.get("/players/me", player_token)["id"]
    admin_token = str(server.admin.headers["Authorization"]).removeprefix("Bearer ")
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/play/floor.html")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(admin_token)})")
    said = "[data-testid=control-said]"

    # A table: disabling it needs a reason; with one it is disabled, then enabled again.
    page.select_option("#control-thing", "table")
    page.fill("#control-subject", "ctl-hrd")
    page.click("#control-disable")
    assert page.inner_text(said) == "Give the reason: it is kept with the change (GLI-19 A.6.3)."
    page.fill("#control-reason", "a chipped die")
    page.click("#control-disable")
    page.wait_for_function(f"document.querySelector('{said}').textContent.startsWith('The table')")
    assert page.inner_text(said).startswith(
        "The table ctl-hrd is disabled: the round in progress finishes, then no other is dealt."
    )
    [row] = [
        d for d in server.get("/disabled", admin_token)["disabled"] if d["subject"] == "ctl-hrd"
    ]
    assert (row["thing"], row["reason"]) == ("table", "a chipped die")
    page.click("#control-enable")
    page.wait_for_function(f"document.querySelector('{said}').textContent.includes('enabled')")
    assert page.inner_text(said).startswith("The table ctl-hrd is enabled: it may be played again.")
    disabled = server.get("/disabled", admin_token)["disabled"]
    assert all(d["subject"] != "ctl-hrd" for d in disabled)

    # A player: disabled, and the server refuses him a seat in words.
    page.select_option("#control-thing", "player")
    page.fill("#control-subject", player_id)
    page.fill("#control-reason", "asked for a break")
    page.click("#control-disable")
    page.wait_for_function(f"document.querySelector('{said}').textContent.startsWith('The player')")
    r = server.admin.post(
        "/tables/ctl-hrd/seats",
        json={"seat": 1},
        headers={"Authorization": f"Bearer {player_token}"},
    )
    assert r.status_code == 403 and "disabled" in r.json()["detail"], r.text
    # Enabling a table that is not disabled: the server's sentence, shown as it is.
    page.select_option("#control-thing", "table")
    page.fill("#control-subject", "ctl-hrd")
    page.click("#control-enable")
    page.wait_for_function(
        f"!document.querySelector('{said}').textContent.startsWith('The player')"
    )
    refusal = page.inner_text(said)
    assert "table ctl-hrd is not disabled" in refusal and "[object" not in refusal

    # The player's limits: shown in words, one lowered to $25 (in cents on the server).
    page.fill("#limits-player", player_id)
    page.click("#limits-form button[type=submit]")
    table = page.wait_for_selector("[data-testid=player-limits]")
    cells = [c.inner_text() for c in table.query_selector_all("tbody tr:first-child td")]
    assert cells[:2] == ["Deposits in a gaming day", "no limit"]
    page.select_option("#limits-name", "single_wager")
    assert page.inner_text("#limits-unit") == "dollars"
    page.fill("#limits-value", "25")
    page.click("#limits-lower")
    page.wait_for_function(
        "document.querySelector('[data-testid=limits-said]').textContent.startsWith('One wager')"
    )
    assert page.inner_text("[data-testid=limits-said]").startswith("One wager: $25")
    limits = server.get(f"/players/{player_id}/limits", admin_token)
    assert limits["limits"]["single_wager"] == 2_500
    row_of = {
        tr.query_selector("td").inner_text(): [c.inner_text() for c in tr.query_selector_all("td")]
        for tr in page.query_selector_all("[data-testid=player-limits] tbody tr")
    }
    assert row_of["One wager"][1] == limits["words"]["single_wager"]
    # An admin may not raise a limit (814a.2): the server's refusal, in its words.
    page.fill("#limits-value", "100")
    page.click("#limits-lower")
    page.wait_for_function(
        "!document.querySelector('[data-testid=limits-said]').textContent.startsWith('One wager')"
    )
    assert "814a.2" in page.inner_text("[data-testid=limits-said]")
    assert (
        server.get(f"/players/{player_id}/limits", admin_token)["limits"]["single_wager"] == 2_500
    )
    assert errors == []
    context.close()
