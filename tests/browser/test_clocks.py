"""The responsible-gaming clocks in the browser (58 Pa. Code 814a.1, 812a.9): the local
time and the session's elapsed time always shown, what was wagered since the sign-in as
the server counts it, and a reminder after the interval the player chose (the page's
clock moved by Playwright; the figures are the server's)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import Server, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_the_clock_the_elapsed_time_and_a_reminder_appear(browser: Any, server: Server) -> None:
    # 814a.1, 810a.4 (in part), GLI-19 4.4.1(r): the local time, the elapsed time, the
    # time limit, the bet placed and what was wagered, the reminder.
    assert server.table("clocks", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-clocks")
    page.clock.install()  # the page's timers and Date from here on are Playwright's
    page.reload()
    page.wait_for_selector(".table-cards .table-card, .table-cards li")
    local = page.get_by_test_id("local-time")
    assert re.fullmatch(r"\d\d:\d\d:\d\d( [AP]M)?", local.inner_text()), local.inner_text()
    assert re.fullmatch(r"0:0\d:\d\d", page.get_by_test_id("elapsed").inner_text())
    assert page.get_by_test_id("time-limit").inner_text() == "none"
    # 812a.9: the sign-up started the account's first session; there was none before it
    # (it said the sign-up's own first request as "Your previous session").
    assert page.get_by_test_id("previous-session").inner_text() == "This is your first session."
    open_table(page, "clocks", 1)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pip_street:ace"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].has-wager')
    page.wait_for_function(
        "document.querySelector('[data-testid=wagered]').textContent === '$10.00'"
    )
    page.select_option("#reminder-minutes", "15")
    page.clock.run_for("15:01")
    reminder = page.get_by_test_id("reminder")
    reminder.wait_for()
    text = reminder.inner_text()
    assert re.search(
        r"you have played for 15 minutes and wagered \$10\.00 since you signed in", text
    ), text
    assert page.get_by_test_id("elapsed").inner_text().startswith("0:15:")
    page.get_by_role("button", name="Continue").click()
    assert page.get_by_test_id("reminder").count() == 0
    assert not page.errors  # type: ignore[attr-defined]
    # Another tab signs in anew (the token saved): it says when the sign-up's session was.
    other = context.new_page()
    other.goto(server.url + "/")
    other.wait_for_selector(".table-cards .table-card, .table-cards li")
    previous = other.get_by_test_id("previous-session").inner_text()
    assert re.fullmatch(r"Your previous session: .+ to .+\.", previous), previous
    context.close()
