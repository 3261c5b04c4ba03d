"""The focus (issue 34): it stays on the control clicked though the command redraws the
table, and moves to the decision when the player's turn starts (it fell to the page's
body after every click, and a turn began with the focus wherever it was: up to 30 Tab
presses an action)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, as_dealer, caught_up, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

FOCUSED = (
    "(() => { const n = document.activeElement; return n ? n.outerHTML.slice(0, 120) : ''; })()"
)


def test_the_focus_stays_on_the_control_and_moves_to_the_decision(
    browser: Any, server: Server
) -> None:
    assert server.table("focus", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-focus")
    open_table(page, "focus", 1)
    dealer_context, dealer = as_dealer(browser, server, "focus")
    # A chip chosen from the keyboard: the rack is redrawn, the focus stays on the chip.
    chip = page.locator('[data-chip="1000"]')
    chip.focus()
    page.keyboard.press("Enter")
    assert chip.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.chip") == "1000", page.evaluate(FOCUSED)
    # A wager placed from the keyboard: the felt is redrawn, the focus is on the area.
    area = page.locator('.seat.mine [data-spot="front_9"]')
    area.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.wait_for_function("document.activeElement.dataset.spot === 'front_9'")
    assert page.evaluate("document.activeElement.closest('.seat.mine') !== null")
    # The deal: the turn is the player's; the focus goes to his first decision.
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]')
    page.wait_for_function("document.activeElement.closest('.decisions') !== null", timeout=10_000)
    assert page.evaluate("document.activeElement.dataset.wagerSpot") == "back_9"
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()
