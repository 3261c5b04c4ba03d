"""The last round's result at the table, in headless Chromium (a fresh player's report):
it stays the player's until he wagers again, and it is his only if he sat in that round."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_support import (
    EXAMPLES,
    OPENING,
    Server,
    caught_up,
    missing,
    open_table,
    shown_balance,
    sign_up,
)
from test_presentation import close_betting, token

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_my_last_result_stays_until_i_wager_again(browser: Any, server: Server) -> None:
    """Two players at Sic Bo: the round settles; Ann wagers in the next round at once;
    Bob's result sentence stays (said to be the last round's) until he wagers himself."""
    assert server.table("stays-sb", "sic-bo.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-lastres")
    open_table(ann, "stays-sb", 1)
    bob_context, bob = sign_up(browser, server, "bob-lastres")
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


def test_my_result_stays_though_my_page_never_saw_the_round_settle(
    browser: Any, server: Server
) -> None:
    """A fresh player's report: Ann bet again the moment the round settled, and Bob's
    page went from the round under way straight to the next one's betting, never
    receiving the settled view; his result ("Last round: You lost $5.00 on Small: net
    -$5.00" or won) must still be said, in words with its net, until he wagers again.
    Bob's socket here drops every view of a round no longer open, as a fast table does."""
    assert server.table("missed-sb", "sic-bo.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-missed")
    open_table(ann, "missed-sb", 1)
    bob_context, bob = sign_up(browser, server, "bob-missed")

    def socket(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def forward(message: Any) -> None:
            data = json.loads(message).get("data") or {}
            if data.get("round_status") in (None, "open"):
                ws.send(message)

        upstream.on_message(forward)

    bob.route_web_socket(re.compile(r".*/ws$"), socket)
    open_table(bob, "missed-sb", 2)
    for page in (ann, bob):
        page.locator('[data-chip="500"]').click()
        page.locator('.sb-board [data-spot="small"]').click()
        page.wait_for_selector('.sb-board [data-spot="small"].has-wager')
    close_betting(server, "missed-sb", bob)
    ann.wait_for_selector(".round-summary", timeout=20_000)
    caught_up(ann, server)
    ann.locator('.sb-board [data-spot="big"]').click()
    ann.wait_for_selector('.round[data-round="missed-sb-2"]', state="attached")
    bob.wait_for_selector('.round[data-round="missed-sb-2"]', state="attached")
    kept = bob.locator(".round-summary")
    kept.wait_for(timeout=10_000)
    said = kept.inner_text()
    # Bob's $5.00 on Small: won $5.00 (net +$5.00) or lost it (net -$5.00), 2 to 1 odds aside.
    assert said.startswith("Last round: You "), said
    assert "on Small" in said and ("net +$5.00" in said or "net -$5.00" in said), said
    bob.locator('.sb-board [data-spot="big"]').click()
    bob.wait_for_selector('.sb-board [data-spot="big"].has-wager')
    assert bob.locator(".round-summary").count() == 0
    for context in (ann_context, bob_context):
        context.close()


def test_a_new_occupant_reads_no_result_of_the_last(browser: Any, server: Server) -> None:
    """Ann plays a round at seat 3 of a High Roll Dice table and leaves; Bob takes seat
    3: the round's result is not his (his balance is untouched), so no sentence, banner
    nor mark on the felt says it is, and the server's view says he did not sit in that round."""
    assert server.table("new-seat", "high-roll-dice-ten-dice.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-newseat")
    open_table(ann, "new-seat", 3)
    ann.locator('[data-chip="500"]').click()
    ann.locator(".felt [data-spot].legal").first.click()
    ann.wait_for_selector(".felt .has-wager")
    close_betting(server, "new-seat", ann)
    ann.wait_for_selector(".round-summary", timeout=20_000)
    assert server.get("/tables/new-seat/view", token(ann))["sat_in_round"] is True
    ann.locator('[data-leave="3"]').click()
    ann.wait_for_selector('[data-sit="3"]')
    ann_context.close()
    bob_context, bob = sign_up(browser, server, "bob-newseat")
    bob.locator('.table-card[data-table="new-seat"] h4 a').click()
    bob.wait_for_selector(".felt")
    bob.locator('[data-sit="3"]').click()
    bob.wait_for_selector('.seat.mine[data-seat="3"]')
    caught_up(bob, server)
    view = server.get("/tables/new-seat/view", token(bob))
    assert view["actor"] == 3 and view["sat_in_round"] is False
    assert bob.locator(".round-summary").count() == 0
    assert bob.locator(".win-banner").count() == 0
    # Nor does the felt mark Ann's settled wager won or lost on Bob's seat.
    marked = bob.locator('.seat.mine .spot[class*="outcome-"]')
    assert marked.count() == 0, marked.first.get_attribute("class")
    # Nor does the results table list Ann's rows under seat 3 (issue #34).
    assert bob.locator(".results tr[data-seat]").count() == 0
    assert shown_balance(bob) == OPENING
    bob_context.close()


def test_my_result_stays_when_the_next_round_is_opened_ahead(browser: Any, server: Server) -> None:
    """Issue #34: Pai Gow with player banking opens the next round the moment the last
    ends, to offer the bank (621a.11(c)); Ann and Bob played stays-pg-1. Bob's result stays
    his ("Last round: ...") once the offers have run out and the betting of stays-pg-2 is
    open, and after Ann wagers in it (it went as the bank's offers ended: the result was
    kept under the new round's id)."""
    settings = {"betting_seconds": None, "decision_seconds": 2, "optional_seconds": 1}
    text = (EXAMPLES / "pai-gow.toml").read_text()
    body = {"id": "stays-pg", "rules_toml": text, "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-ahead")
    open_table(ann, "stays-pg", 1)
    bob_context, bob = sign_up(browser, server, "bob-ahead")
    open_table(bob, "stays-pg", 2)
    for page in (ann, bob):
        page.locator('[data-chip="1000"]').click()
        page.locator('.seat.mine [data-spot="pai_gow"].legal').click()
        page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    close_betting(server, "stays-pg", bob)
    bob.wait_for_selector(".round-summary", timeout=30_000)
    said = bob.locator(".round-summary").inner_text()
    assert said.startswith("You "), said
    ann.wait_for_function(
        "() => document.querySelector('.seat.mine [data-spot=\"pai_gow\"].legal') !== null",
        timeout=60_000,
    )  # the bank's offers ran out: stays-pg-2 takes wagers
    view = server.get("/tables/stays-pg/view", token(bob))
    assert view["round_id"] == "stays-pg-2" and view["sat_in_round"] is True
    caught_up(bob, server)
    kept = bob.locator(".round-summary")
    assert kept.count() == 1, "Bob's result went when the betting of the next round opened"
    assert kept.inner_text() == f"Last round: {said}", kept.inner_text()
    ann.locator('.seat.mine [data-spot="pai_gow"].legal').click()
    ann.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(bob, server)
    assert bob.locator(".round-summary").inner_text() == f"Last round: {said}"
    for context in (ann_context, bob_context):
        context.close()


SEEN_AT_ONCE = """() => {
  window.scrollTo(0, 0);
  const node = document.querySelector('.round-summary');
  if (!node) return 'no sentence';
  const r = node.getBoundingClientRect();
  if (r.width < 1 || r.height < 1 || r.top < 0 || r.left < 0
      || r.bottom > window.innerHeight || r.right > window.innerWidth)
    return `at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}, outside the screen`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && (top === node || node.contains(top)) ? "" : `covered at ${Math.round(r.top)}`;
}"""


@pytest.mark.parametrize(
    ("game", "spot"), [("sic-bo", '[data-spot="small"]'), ("high-roll-dice", ".spot.legal")]
)
def test_my_result_is_in_sight_on_a_phone(
    browser: Any, server: Server, game: str, spot: str
) -> None:
    """A fresh player's report: at 390x844, after a round of Sic Bo or High Roll Dice,
    the result sentence sat below the board; only the balance changed in sight. The
    sentence must be on the screen without scrolling, and not covered."""
    table = f"sight-{game}"
    assert server.table(table, f'game = "{game}"\n').status_code == 201
    context, page = sign_up(browser, server, f"ann-{table}")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, table, 1)
    page.locator('[data-chip="500"]').click()
    page.locator(f".felt {spot}").first.click()
    page.wait_for_selector(".felt .has-wager")
    close_betting(server, table, page)
    page.wait_for_selector(".round-summary", timeout=20_000)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    assert page.evaluate(SEEN_AT_ONCE) == ""
    context.close()
