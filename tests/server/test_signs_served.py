"""The payout odds sign each chapter requires at the table, as the server serves it
(``GET /tables/{id}/sign``): it posts the payouts under the section that requires the sign,
and the payout limit or inscription the chapter asks for under its own section. The
sections are the text's: 675a.1(b)(3)-(4) and 593.1(b)(3) (High Roll Dice), 676a.2(b)(3)-(4)
(Go Fore It), 674a.2(b)(5)-(6) (Criss-Cross Poker)."""

from __future__ import annotations

import pytest
from server_api import EXAMPLES, Api


@pytest.mark.parametrize(
    ("rules", "required"),
    [
        ("high-roll-dice-ten-dice.toml", ["PAYOUT ODDS (675a.1(b)(3))", "675a.1(b)(4)"]),
        ("high-roll-dice-2014.toml", ["PAYOUT ODDS (593.1(b)(3))"]),
        ("go-fore-it.toml", ["(676a.2(b)(3))", "(676a.2(b)(4); 676a.11(d)(4)(i))"]),
        ("criss-cross-poker.toml", ["(674a.2(b)(5))", "674a.2(b)(6)"]),
    ],
)
def test_the_sign_posts_what_its_section_requires(
    api: Api, rules: str, required: list[str]
) -> None:
    """675a.1(b)(3), 675a.1(b)(4), 593.1(b)(3), 676a.2(b)(3), 676a.2(b)(4), 674a.2(b)(5),
    674a.2(b)(6): each served sign cites the section that requires it."""
    # 810a.3: a player with no deposit (ann's wallet is empty) reads the sign.
    api.table("t", EXAMPLES / rules)
    _, ann = api.player("ann")
    r = api.client.get("/tables/t/sign", headers=ann)
    assert r.status_code == 200, r.text
    text = r.json()["text"]
    assert [cite for cite in required if cite not in text] == []
