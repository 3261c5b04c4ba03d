"""The player's own limits in the lobby (issue #32, 58 Pa. Code 814a.2): he lowers his
daily loss limit and the page shows it, in force at once and held by the server; a raise
waits for the end of the gaming day, and the page says from when."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, missing, sign_up

MISSING = missing()

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

SAID = "[data-testid=my-limits-said]"


def _row(page: Any, name: str) -> list[str]:
    cells = page.query_selector_all(f"[data-testid=player-limits] tr[data-limit={name}] td")
    return [c.inner_text() for c in cells]


def test_814a_2_the_player_lowers_his_daily_loss_limit_and_a_raise_waits(
    browser: Any, server: Server
) -> None:
    context, page = sign_up(browser, server, "Limits Lee")
    token = page.evaluate("localStorage.getItem('croupier.token')")
    player_id = server.get("/players/me", token)["id"]
    page.wait_for_selector("[data-testid=player-limits]")
    assert _row(page, "loss_daily") == ["Losses in a gaming day", "no limit", ""]
    assert page.inner_text("[data-testid=my-status]") == "You may play."

    # Lowered (from none) to $50: in force at once, in the page and on the server.
    page.select_option("#my-limit-name", "loss_daily")
    page.fill("#my-limit-value", "50")
    page.click("#my-limit-form button[type=submit]")
    page.wait_for_function(f"document.querySelector('{SAID}').textContent !== ''")
    assert page.inner_text(SAID) == "Losses in a gaming day: $50.00 from now on."
    assert _row(page, "loss_daily") == ["Losses in a gaming day", "$50.00", ""]
    assert server.get(f"/players/{player_id}/limits", token)["limits"]["loss_daily"] == 5_000

    # Raised to $80: $50 stays in force; the raise waits for the end of the gaming day
    # (the server's daily reset) and the player's confirmation.
    page.fill("#my-limit-value", "80")
    page.click("#my-limit-form button[type=submit]")
    page.wait_for_function(f"document.querySelector('{SAID}').textContent.includes('raised')")
    held = server.get(f"/players/{player_id}/limits", token)
    assert held["limits"]["loss_daily"] == 5_000
    waiting = held["pending"]["loss_daily"]
    assert waiting["value"] == 8_000 and waiting["confirmable"] is False
    assert waiting["after"] == held["resets"]["daily"]
    after = waiting["after"][:16].replace("T", " ") + " UTC"
    assert page.inner_text(SAID) == (
        f"Losses in a gaming day: $50.00 for now, raised to $80.00 from {after}, "
        "once you confirm it (58 Pa. Code 814a.2)."
    )
    assert _row(page, "loss_daily") == [
        "Losses in a gaming day",
        "$50.00",
        f"raised to $80.00 from {after}, once you confirm it",
    ]
    # Not confirmable yet: no confirm button.
    assert page.query_selector("#my-limit-confirm") is None
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()


def test_814a_2_the_player_takes_a_break_and_may_not_shorten_it(
    browser: Any, server: Server
) -> None:
    context, page = sign_up(browser, server, "Break Bo")
    token = page.evaluate("localStorage.getItem('croupier.token')")
    player_id = server.get("/players/me", token)["id"]
    page.wait_for_selector("[data-testid=player-limits]")

    # A week's break: suspended on the server, and the page says until when.
    page.select_option("#my-break", "days:7")
    page.click("#my-break-take")
    page.wait_for_function(f"document.querySelector('{SAID}').textContent !== ''")
    held = server.get(f"/players/{player_id}/limits", token)
    assert held["status"] == "suspended"
    until = held["status_until"][:16].replace("T", " ") + " UTC"
    shown = f"You are taking a break: you may not take a seat or wager until {until}."
    assert page.inner_text(SAID) == page.inner_text("[data-testid=my-status]") == shown

    # A day's break would end it sooner: the server refuses, and the page shows its words.
    page.select_option("#my-break", "hours:24")
    page.click("#my-break-take")
    page.wait_for_function(f"document.querySelector('{SAID}').textContent.includes('shorten')")
    r = server.admin.post(
        f"/players/{player_id}/status",
        json={"status": "suspended", "hours": 24},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code >= 400
    assert page.inner_text(SAID).startswith(r.json()["detail"])
    assert "never shorten it" in page.inner_text(SAID)

    # A self-exclusion needs the box ticked first; nothing is sent without it.
    page.click("#my-exclude-take")
    assert page.inner_text(SAID).startswith("Tick the box first")
    assert server.get(f"/players/{player_id}/limits", token)["status"] == "suspended"
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()
