"""The pages keep their own Content-Security-Policy (croupier.server.security_headers):
with the policy enforced, signing up, sitting at a table of each layout, wagering and the
floor, recall and training pages raise no policy violation and no page error."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, missing

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_the_pages_keep_their_content_policy(browser: Any, server: Server) -> None:
    for table_id, toml in (("csp-dice", "high-roll-dice-ten-dice.toml"), ("csp-sb", "sic-bo.toml")):
        assert server.table(table_id, toml).status_code == 201
    context = browser.chromium.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security" in m.text else 0)
    seen: list[str] = []
    page.goto(server.url + "/")
    assert (
        "frame-ancestors 'none'"
        in (page.context.request.get(server.url + "/play/").headers)["content-security-policy"]
    )
    page.get_by_label("Your name").fill("Polly")
    page.get_by_role("button", name="Get play money").click()
    page.wait_for_selector(".table-cards .table-card, .table-cards li")
    for table_id in ("csp-dice", "csp-sb"):
        page.goto(f"{server.url}/play/#/table/{table_id}")
        page.wait_for_selector(".felt")
        page.locator('[data-sit="1"]').click()
        page.wait_for_selector('.seat.mine[data-seat="1"]')
        seen += page.evaluate("window.__violations")
    for extra in ("floor.html", "recall.html", "training.html"):
        page.goto(f"{server.url}/play/{extra}")
        page.wait_for_load_state("networkidle")
        seen += page.evaluate("window.__violations")
    context.close()
    assert seen == [], seen
    assert errors == [], errors
