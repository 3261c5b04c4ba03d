"""A dealer's timeout in the regulation's words, in headless Chromium: when the Double
Back Jack betting time runs out, the dealer deals (673a.7(e): "After all Blackjack Wagers
have been placed, the dealer shall ... deal the cards"), said so, never in the command's
words ("deal cards")."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from browser_support import EXAMPLES, Server, missing

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_the_dealers_timeout_is_said_in_the_regulations_words(browser: Any, server: Server) -> None:
    toml = (EXAMPLES / "double-back-jack.toml").read_text()
    settings = {"betting_seconds": 600}
    r = server.admin.post(
        "/tables", json={"id": "tw-dbj", "rules_toml": toml, "settings": settings}
    )
    assert r.status_code == 201, r.text
    token = server.person("tw-ann", "player")
    ann = {"Authorization": f"Bearer {token}"}
    server.deposit(token)
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/tables/tw-dbj/seats", json={"seat": 1}, headers=ann).is_success
        wager = {"type": "PlaceWager", "seat": 1, "spot": "blackjack", "amount": 1500}
        r = client.post(
            "/tables/tw-dbj/commands",
            json={"command": wager},
            headers={**ann, "Idempotency-Key": "tw-dbj-1"},
        )
        assert r.status_code == 200, r.text
    deadline = server.get("/tables/tw-dbj/view", token)["deadline"]
    assert deadline["kind"] == "betting", deadline
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(token)})")
    page.goto(server.url + "/play/#/table/tw-dbj")
    page.wait_for_function(
        "(document.querySelector('.on-timeout') || {}).textContent?.startsWith('When the time')"
    )
    ahead = page.locator(".on-timeout").inner_text()
    # What the timeout did, as the page says it once the wait has run out.
    done = page.evaluate(
        "async (d) => (await import('./js/words.js')).timeoutSentence(d, 1, true)", deadline
    )
    for said in (ahead, done):
        assert "deal cards" not in said.lower(), said
    assert "the dealer deals the cards" in ahead, ahead
    assert done.startswith("Time ran out: the dealer dealt the cards"), done
    context.close()
