"""The last round's result at the table, in headless Chromium (a fresh player's report):
the win banner never covers a spot the player can bet at phone width (390x844)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, caught_up, missing, open_table, sign_up
from test_presentation import close_betting

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

# Each spot the player can bet, on the one screen (test_one_screen: every spot fits it
# unscrolled): what the page shows at its centre is the spot or something in it.
COVERED = """() => [...document.querySelectorAll('.felt [data-spot].legal')].flatMap((n) => {
  const r = n.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && (n === top || n.contains(top)) ? [] : [
    `${n.dataset.spot}: covered by ${top ? top.tagName + '.' + top.className : 'nothing'}`];
})"""


def roll(page: Any, server: Server, table_id: str) -> None:
    """A $10 Field wager (and a Pass Line wager on a come-out roll, which needs a shooter
    with one); the betting closed; the page shows the roll."""
    passes = page.locator('.felt [data-spot="pass"].legal')
    if passes.count():
        passes.first.click()
    page.locator('.felt [data-spot="field"].legal').first.click()
    caught_up(page, server)
    close_betting(server, table_id, page)
    caught_up(page, server)


@pytest.mark.parametrize("game", ["craps", "mini-craps"])
def test_the_win_banner_covers_no_spot_at_phone_width(
    browser: Any, server: Server, game: str
) -> None:
    table_id = f"banner-{game}"
    assert server.table(table_id, f"{game}.toml").status_code == 201
    context, page = sign_up(browser, server, f"ann-{table_id}")
    open_table(page, table_id, 1)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator('[data-chip="1000"]').click()
    for _ in range(40):
        roll(page, server, table_id)
        if page.locator(".win-banner").count():
            break
    else:
        raise AssertionError("no round won in 40 rolls of Pass Line and Field")
    page.locator(".win-banner").wait_for()
    page.wait_for_selector(".felt [data-spot].legal")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(COVERED) == []
    context.close()


def test_my_last_result_stays_until_i_wager_again(browser: Any, server: Server) -> None:
    """Two players at Sic Bo: the round settles; Ann wagers in the next round at once;
    Bob's result sentence stays (said to be the last round's) until he wagers himself."""
    assert server.table("stays-sb", "sic-bo.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-stays")
    open_table(ann, "stays-sb", 1)
    bob_context, bob = sign_up(browser, server, "bob-stays")
    open_table(bob, "stays-sb", 2)
    for page in (ann, bob):
        page.locator('[data-chip="500"]').click()
        page.locator('.sb-board [data-spot="small"]').click()
        page.wait_for_selector('.sb-board [data-spot="small"].has-wager')
    close_betting(server, "stays-sb", bob)
    bob.wait_for_selector(".round-summary", timeout=20_000)
    said = bob.locator(".round-summary").inner_text()
    assert "on Small" in said, said
    caught_up(ann, server)
    ann.locator('.sb-board [data-spot="big"]').click()
    ann.wait_for_selector('.round[data-round="stays-sb-2"]', state="attached")
    bob.wait_for_selector('.round[data-round="stays-sb-2"]', state="attached")
    caught_up(bob, server)
    kept = bob.locator(".round-summary")
    assert kept.count() == 1, "Bob's result went when Ann wagered"
    assert kept.inner_text().startswith("Last round: "), kept.inner_text()
    assert said.split(":", 1)[0].lower() in kept.inner_text().lower()
    bob.locator('.sb-board [data-spot="big"]').click()
    bob.wait_for_selector('.sb-board [data-spot="big"].has-wager')
    assert bob.locator(".round-summary").count() == 0
    for context in (ann_context, bob_context):
        context.close()
