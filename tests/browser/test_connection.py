"""The connection (issue 34): a banner when the table's socket drops and when it is back,
a command sent while the server cannot be reached refused in words, and the browser's own
error text ("Failed to fetch") never shown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import OPENING, Server, missing, open_table, shown_balance, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_a_banner_when_the_connection_drops_and_when_it_is_back(
    browser: Any, server: Server
) -> None:
    assert server.table("cut", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-cut")
    down = {"on": False}
    sockets: list[Any] = []

    def socket(ws: Any) -> None:
        if down["on"]:
            ws.close()
            return
        sockets.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws$"), socket)
    open_table(page, "cut", 1)
    page.wait_for_selector('.conn[data-conn="live"]')
    banner = page.locator("#connection")
    assert banner.is_hidden()
    # The socket drops (the server still answers a GET): the banner says so at once.
    down["on"] = True
    for ws in sockets:
        ws.close()
    page.wait_for_selector('#connection[data-state="down"]', timeout=10_000)
    assert banner.inner_text().startswith("Connection lost: reconnecting")
    assert page.locator(".conn").inner_text() in ("reconnecting", "updating every second")
    # Then the server cannot be reached at all: a wager is refused in words, nothing
    # of the browser's own error text is shown.
    page.route("**/view", lambda route: route.abort())
    page.route("**/commands", lambda route: route.abort())
    page.wait_for_selector('.conn[data-conn="offline"]', timeout=10_000)
    assert "the server cannot be reached" in banner.inner_text()
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    refused = page.locator("#messages .error")
    refused.wait_for()
    assert refused.inner_text().startswith("The server could not be reached, so it may not")
    assert "Failed to fetch" not in page.locator("body").inner_text()
    # Back: the banner says so, the wager goes through.
    down["on"] = False
    page.unroute("**/view")
    page.unroute("**/commands")
    page.wait_for_selector('#connection[data-state="back"]', timeout=40_000)
    assert banner.inner_text() == "Connected again: the table is up to date."
    page.wait_for_selector('.conn[data-conn="live"]', timeout=40_000)
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    assert shown_balance(page) == OPENING - 1000
    assert "Failed to fetch" not in page.locator("body").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
