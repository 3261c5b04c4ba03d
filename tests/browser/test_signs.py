"""The payout odds sign on the table page, in headless Chromium: the page's "Payout odds
(table sign)" opens on the sign the server draws, posting the payouts under the section
that requires the sign and the payout limit or inscription under its own: 675a.1(b)(3)-(4)
and 593.1(b)(3) (High Roll Dice), 676a.2(b)(3)-(4) (Go Fore It), 674a.2(b)(5)-(6)
(Criss-Cross Poker). The server and the browser are the session's (conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, missing, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


@pytest.mark.parametrize(
    ("rules", "required"),
    [
        ("high-roll-dice-ten-dice.toml", ["PAYOUT ODDS (675a.1(b)(3))", "675a.1(b)(4)"]),
        ("high-roll-dice-2014.toml", ["PAYOUT ODDS (593.1(b)(3))"]),
        ("go-fore-it.toml", ["(676a.2(b)(3))", "(676a.2(b)(4); 676a.11(d)(4)(i))"]),
        ("criss-cross-poker.toml", ["(674a.2(b)(5))", "674a.2(b)(6)"]),
    ],
)
def test_the_table_page_shows_the_sign_its_section_requires(
    browser: Any, server: Server, rules: str, required: list[str]
) -> None:
    """675a.1(b)(3), 675a.1(b)(4), 593.1(b)(3), 676a.2(b)(3), 676a.2(b)(4), 674a.2(b)(5),
    674a.2(b)(6): the sign a player opens at the table cites the section requiring it."""
    table_id = "sign-" + rules.removesuffix(".toml")
    assert server.table(table_id, rules).status_code == 201
    context, page = sign_up(browser, server, f"reader-{table_id}")
    page.locator(f'.table-card[data-table="{table_id}"] h4 a').click()
    page.wait_for_selector(".felt")
    page.locator("details.sign summary").click()
    text = page.locator("details.sign pre").inner_text()
    assert [cite for cite in required if cite not in text] == []
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()
