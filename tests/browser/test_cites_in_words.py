"""Issue #34 in headless Chromium: the page names a rule in words, never by an internal
code. A voided round's replay and the seat's recall say our published interpretation
"Voiding a round" (the server's ``cite_shown``), not ``interpretations:void-round``; a
timed decision says what its timeout does under its section, and no code."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from browser_support import EXAMPLES, Server, missing

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

CODE = re.compile(r"[a-z]+:[a-z-]+")
"""An internal code (``interpretations:void-round``, ``server:deadlines``)."""
VOID = "our published interpretation \u201cVoiding a round\u201d"
"""docs/interpretations.md publishes the void under the heading "Voiding a round"."""


def _player(server: Server, name: str) -> dict[str, str]:
    token = server.person(name, "player")
    server.deposit(token)
    return {"Authorization": f"Bearer {token}"}


def _send(client: httpx.Client, table_id: str, who: dict[str, str], command: Any, n: int) -> Any:
    r = client.post(
        f"/tables/{table_id}/commands",
        json={"command": command},
        headers={**who, "Idempotency-Key": f"cites-{table_id}-{n}"},
    )
    assert r.status_code == 200, r.text
    return r.json()


def _page_as(browser: Any, server: Server, who: dict[str, str], path: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    token = who["Authorization"].split()[1]
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(token)})")
    page.goto(server.url + path)
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def test_a_voided_round_is_cited_in_words(browser: Any, server: Server) -> None:
    assert server.table("cites-void", "high-roll-dice-ten-dice.toml").status_code == 201
    ann = _player(server, "cites-ann")
    dealer = {"Authorization": f"Bearer {server.person('cites-dealer', 'dealer')}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        r = client.post("/tables/cites-void/seats", json={"seat": 1}, headers=ann)
        assert r.is_success, r.text
        wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
        _send(client, "cites-void", ann, wager, 1)
        void = {"type": "VoidRound", "reason": "the table's power failed"}
        answer = _send(client, "cites-void", dealer, void, 2)
    assert answer["round_status"] == "voided"
    round_id = answer["round_id"]
    context, page = _page_as(browser, server, ann, f"/play/#/replay/{round_id}")
    caption = page.locator(".replay-caption")
    caption.wait_for()
    page.wait_for_function("document.querySelector('.replay-caption').textContent !== ''")
    # The last event voids the round: its rule in words, where the code used to be.
    assert VOID in caption.inner_text(), caption.inner_text()
    text = page.locator("body").inner_text()
    assert CODE.findall(text) == [], CODE.findall(text)
    page.goto(server.url + "/play/recall.html?table=cites-void&seat=1")
    section = page.wait_for_selector(f'[data-round="{round_id}"]')
    recalled = section.inner_text()
    assert "voided" in recalled and VOID in recalled, recalled
    text = page.locator("body").inner_text()
    assert CODE.findall(text) == [], CODE.findall(text)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_a_timed_decision_is_cited_in_words(browser: Any, server: Server) -> None:
    """A Go Fore It decision under a time limit: the turn box says what the timeout will
    do, under 676a.11(b) (GoForeItPolicy.timeout_cite), and the page shows no code."""
    toml = (EXAMPLES / "go-fore-it.toml").read_text()
    settings = {"betting_seconds": None, "decision_seconds": 600, "optional_seconds": 1}
    r = server.admin.post(
        "/tables", json={"id": "cites-gfi", "rules_toml": toml, "settings": settings}
    )
    assert r.status_code == 201, r.text
    ann = _player(server, "cites-gfi-ann")
    dealer = {"Authorization": f"Bearer {server.person('cites-gfi-dealer', 'dealer')}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        r = client.post("/tables/cites-gfi/seats", json={"seat": 1}, headers=ann)
        assert r.is_success, r.text
        wager = {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}
        _send(client, "cites-gfi", ann, wager, 1)
        _send(client, "cites-gfi", dealer, {"type": "AnnounceNoMoreBets"}, 2)
    deadline = server.get("/tables/cites-gfi/view", ann["Authorization"].split()[1])["deadline"]
    assert deadline["kind"] == "decision" and deadline["cite_shown"] == "676a.11(b)"
    context, page = _page_as(browser, server, ann, "/play/#/table/cites-gfi")
    page.wait_for_function(
        "(document.querySelector('.on-timeout') || {}).textContent?.startsWith('When the time')"
    )
    said = page.locator(".on-timeout").inner_text()
    assert said.endswith("(676a.11(b)).") and CODE.search(said) is None, said
    text = page.locator("body").inner_text()
    assert CODE.findall(text) == [], CODE.findall(text)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
