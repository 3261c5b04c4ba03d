"""The browser tables as a new player reads them (issue 20), in headless Chromium: who
sits where, what an amount will be, the regulation's choices as buttons, hands and
results in words, whose turn it is and for how long, and the history of each round.

Each test plays through the lobby on the session's `croupier serve` (conftest.py) and
checks what the page says against what the server's ledger and events say.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    OPENING,
    Server,
    me,
    missing,
    open_table,
    shown_balance,
    sign_up,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_a_player_seated_after_the_page_loaded_shows_at_once(browser: Any, server: Server) -> None:
    """Defect 1: Ann's page was open before Bob sat down; Bob's seat shows taken, with
    his name, without a reload (the seats come with every view, not from the table as
    read on load); and when he leaves it shows free again."""
    assert server.table("seen", "go-fore-it.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-seen")
    open_table(ann, "seen", 1)
    ann.wait_for_selector('.seat[data-seat="3"].empty')
    bob_context, bob = sign_up(browser, server, "bob-seen")
    open_table(bob, "seen", 3)
    ann.wait_for_selector('.seat[data-seat="3"]:not(.empty)')
    assert ann.locator('.seat[data-seat="3"] h3').inner_text() == "Seat 3 — bob-seen"
    assert ann.locator('.seat[data-seat="1"] h3').inner_text() == "Seat 1 (you)"
    bob.get_by_role("button", name="Leave seat 3").click()
    ann.wait_for_selector('.seat[data-seat="3"].empty')
    assert ann.locator('.seat[data-seat="3"] h3').inner_text() == "Seat 3 — free"
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    ann_context.close()
    bob_context.close()


def test_an_amount_outside_the_limits_is_refused_in_words(browser: Any, server: Server) -> None:
    """Defect 2: a $1 chip on Pip Street (least wager $5) was placed as $5 without a
    word. It is refused in words naming the limits, nothing is wagered, and each legal
    area says what may be wagered there; a chip within the limits is placed as it is."""
    assert server.table("limits", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-limits")
    open_table(page, "limits", 1)
    spot = page.locator('.seat.mine [data-spot="pip_street:ace"]')
    spot.wait_for()
    assert "wager $5.00 to $500.00" in (spot.get_attribute("aria-label") or "")
    page.locator('[data-chip="100"]').click()
    spot.click()
    message = page.locator("#messages .error")
    message.wait_for()
    assert message.inner_text() == (
        "A $1.00 chip is less than the least wager on Pip Street ace, $5.00: "
        "choose a chip of $5.00 to $500.00."
    )
    assert page.locator(".seat.mine .has-wager").count() == 0
    assert shown_balance(page) == OPENING
    assert server.wallet(me(server, page)["id"]) == OPENING
    page.locator('[data-chip="1000"]').click()
    spot.click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].has-wager')
    assert shown_balance(page) == OPENING - 1000
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
