"""Why a spot takes no more (issue 34): at Pai Gow, Double Back Jack and each High Roll
Dice spot the rules allow one wager per spot; after the first chip the spot greyed out
with no word why. The seat now says it, with the rule the server's refusal of a second
wager cites, on the spot (its title) and in a line beside it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_support import Server, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


@pytest.mark.parametrize(
    ("table_id", "toml"),
    [("one-hrd", "high-roll-dice-ten-dice.toml"), ("one-pg", "pai-gow.toml")],
)
def test_a_spot_holding_a_wager_says_why_it_takes_no_more(
    browser: Any, server: Server, table_id: str, toml: str
) -> None:
    assert server.table(table_id, toml).status_code == 201
    context, page = sign_up(browser, server, f"ann-{table_id}")
    open_table(page, table_id, 1)
    token = page.evaluate("localStorage.getItem('croupier.token')")
    spots = server.get(f"/tables/{table_id}", token)["spots"]
    first = next(s for s in spots if s["always"])
    spot = page.locator(f'.seat.mine [data-spot="{first["value"]}"]')
    spot.click()
    page.wait_for_selector(f'.seat.mine [data-spot="{first["value"]}"].has-wager')
    # The server refuses a second wager there, citing its rule.
    r = httpx.post(
        f"{server.url}/tables/{table_id}/commands",
        json={"command": {"type": "PlaceWager", "seat": 1, "spot": first["value"], "amount": 500}},
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": f"one-{table_id}"},
        timeout=30,
    )
    assert r.status_code == 422, r.text
    cite = r.json()["cite"]
    assert "already has a wager" in r.json()["detail"]
    line = page.locator(".seat.mine .one-wager")
    line.wait_for()
    assert line.inner_text() == (f"One wager per spot ({cite}): {first['label']} holds your wager.")
    assert spot.is_disabled()
    assert spot.get_attribute("title").endswith(f"(one wager per spot ({cite}))")
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
