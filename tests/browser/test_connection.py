"""The connection (issue 34): a banner when the table's socket drops and when it is back,
a command sent while the server cannot be reached refused in words, and the browser's own
error text ("Failed to fetch") never shown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import (
    OPENING,
    Server,
    SocketCut,
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


def test_a_banner_when_the_connection_drops_and_when_it_is_back(
    browser: Any, server: Server
) -> None:
    assert server.table("cut", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-cut")
    cut = SocketCut(page)
    open_table(page, "cut", 1)
    page.wait_for_selector('.conn[data-conn="live"]')
    banner = page.locator("#connection")
    assert banner.is_hidden()
    # The socket drops (the server still answers a GET): the banner says so at once.
    cut.down = True
    for ws in cut.sockets:
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
    # The banner's words are true: a wager sent now is not placed (issue 34: it said
    # "what you sent before is kept", and a chip clicked meanwhile was not placed).
    assert "a wager or decision sent now is not placed" in banner.inner_text()
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    refused = page.locator("#messages .error")
    refused.wait_for()
    assert refused.inner_text().startswith("The server could not be reached, so it may not")
    assert "Failed to fetch" not in page.locator("body").inner_text()
    # Back: the banner says so, the wager goes through.
    cut.down = False
    page.unroute("**/view")
    page.unroute("**/commands")
    page.wait_for_selector('#connection[data-state="back"]', timeout=40_000)
    assert banner.inner_text() == "Connected again: the table is up to date."
    # The refusal said while down goes once the connection is back (issue 34).
    assert page.locator("#messages .error").count() == 0
    page.wait_for_selector('.conn[data-conn="live"]', timeout=40_000)
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    assert shown_balance(page) == OPENING - 1000
    assert "Failed to fetch" not in page.locator("body").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_a_session_ended_socket_stops_and_says_so(browser: Any, server: Server) -> None:
    """Issue #34: the server accepts a socket whose session ended (or whose token is
    unknown) and closes it with code 4401 and a reason; the page neither reconnects nor
    polls in a loop (a retry could only be refused again): it says the session has
    ended."""
    assert server.table("ended", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-ended")
    state = {"ended": False, "sockets": 0}
    live: list[Any] = []

    def socket(ws: Any) -> None:
        if state["ended"]:
            state["sockets"] += 1
            ws.close(code=4401, reason="your session has ended or its token is unknown")
            return
        live.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws$"), socket)
    open_table(page, "ended", 1)
    page.wait_for_selector('.conn[data-conn="live"]')
    views: list[str] = []
    page.on("request", lambda r: views.append(r.url) if r.url.endswith("/view") else None)
    state["ended"] = True
    for ws in live:
        ws.close()
    # The live socket drops once (a server restart, say); the next one is closed 4401.
    page.wait_for_selector('#connection[data-state="ended"]', timeout=20_000)
    banner = page.locator("#connection")
    assert banner.inner_text().startswith("Your session has ended: sign in again")
    assert page.locator(".conn").inner_text() == "session ended"
    seen = (state["sockets"], len(views))
    page.wait_for_timeout(4_000)  # a loop would open sockets and poll the view meanwhile
    assert (state["sockets"], len(views)) == seen == (1, seen[1])
    assert "Failed to fetch" not in page.locator("body").inner_text()
    context.close()


def test_the_real_server_closes_a_bad_tokens_socket_with_4401(browser: Any, server: Server) -> None:
    """The server itself (``croupier serve``): a socket with a forged token is accepted and
    closed with 4401 and its reason, as a browser reads them (refused at the handshake, it
    was an HTTP 403, which a browser reports as code 1006 and no reason)."""
    assert server.table("forged", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-forged")
    closed = page.evaluate(
        """() => new Promise((done) => {
          const url = `ws://${location.host}/tables/forged/ws`;
          const ws = new WebSocket(url, ["croupier.bearer", "forged"]);
          ws.onclose = (e) => done({ code: e.code, reason: e.reason });
        })"""
    )
    assert closed == {
        "code": 4401,
        "reason": "your session has ended or its token is unknown: sign in again",
    }
    context.close()
