"""What a new player found still wrong, playing each game of the lobby in headless
Chromium with two players at one table: chips left on Sic Bo's losing areas and no names
in its list of seats, High Roll Dice's Extra Roll purchase left on the sensor once the
table has kept it, Pai Gow's starting position and tile picker in internal words and the
chips hiding the tiles at phone width, and what a timeout did gone as soon as another
player acts.

The server and the browser are the session's (conftest.py), the helpers browser_support's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import (
    EXAMPLES,
    Server,
    as_dealer,
    caught_up,
    finish,
    missing,
    open_table,
    sign_up,
    unfold_others,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""A word in snake_case (dead_hand): internal, never shown."""


def test_sic_bo_collects_the_losing_chips_and_names_the_seats(browser: Any, server: Server) -> None:
    """Once the round is settled, no chip is left on an area whose wager lost (the
    dealer collects it, 625a.6), the caller's or another player's; a winning wager's
    stays. The list of seats under the board names who sits there, as the other
    layouts' seats do."""
    assert server.table("sb-chips", "sic-bo.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-sbchips")
    open_table(ann, "sb-chips", 1)
    bob_context, bob = sign_up(browser, server, "bob-sbchips")
    open_table(bob, "sb-chips", 2)
    dealer_context, dealer = as_dealer(browser, server, "sb-chips")
    board = ".sb-board"
    # Small and Big: one of them loses whatever the dice (both on a triple).
    for page, spots in ((ann, ("small", "big")), (bob, ("total:10", "combination:1-2"))):
        page.locator('[data-chip="500"]').click()
        for spot in spots:
            page.locator(f'{board} [data-spot="{spot}"]').click()
            page.wait_for_selector(f'{board} [data-spot="{spot}"].has-wager')
    ann.wait_for_selector(f'{board} [data-spot="total:10"] .sb-others')
    unfold_others(ann)  # the other seats fold away (issue 34)
    assert ann.locator('.sb-seats [data-seat="2"]').inner_text().startswith("Seat 2 — bob-sbchips")
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    for page in (ann, bob):
        page.wait_for_selector("table.results", timeout=20_000)
    watcher = server.person("w-sb-chips", "dealer")
    settlements = server.get("/rounds/sb-chips-1/replay", watcher)["view"]["settlements"]
    outcomes = {(s["seat"], s["spot"]): s["outcome"] for s in settlements}
    assert len(outcomes) == 4 and "lose" in {outcomes[(1, "small")], outcomes[(1, "big")]}
    for (seat, spot), outcome in outcomes.items():
        area = ann.locator(f'{board} [data-spot="{spot}"]')
        chips = area.locator(".stack" if seat == 1 else ".sb-others")
        assert chips.count() == (0 if outcome == "lose" else 1), (seat, spot, outcome)
        # The area still says how the caller's wager ended.
        if seat == 1:
            assert area.get_attribute("class") is not None
            assert f"outcome-{outcome}" in (area.get_attribute("class") or "")
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    for context in (ann_context, bob_context, dealer_context):
        context.close()


def test_the_extra_roll_purchase_leaves_the_sensor_once_the_round_is_over(
    browser: Any, server: Server
) -> None:
    """The Extra Roll purchase is the table's (675a.2(e)(3)): once the round is settled
    no chip of it is left on the Extra Roll sensor, as none is left on a losing wager's
    area; the results still count it as a row of its own."""
    assert server.table("sensor", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-sensor")
    open_table(page, "sensor", 2)
    dealer_context, dealer = as_dealer(browser, server, "sensor")
    page.locator('[data-chip="500"]').click()
    for spot in ("pip_street:ace", "like_kind:4", "extra_roll"):
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    finish(page, server, "sensor", 2, 1500)
    sensor = page.locator('.seat.mine [data-spot="extra_roll"]')
    assert sensor.locator(".stack").count() == 0
    assert "wagered" not in (sensor.get_attribute("aria-label") or "")
    wagers = page.locator('table.results td[data-label="Wager"]').all_inner_texts()
    assert "Extra Roll purchase" in wagers
    # The replay's last step, an event with nothing more to say than its section.
    page.goto(f"{server.url}/play/#/replay/sensor-1")
    page.wait_for_selector(".replay-stage .felt")
    page.locator('[data-step="last"]').click()
    caption = page.locator(".replay-caption").inner_text()
    assert caption.endswith("Round completed (675a.4(h))"), caption
    assert page.locator('.replay-stage [data-spot="extra_roll"] .stack').count() == 0
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_pai_gow_in_words_and_the_tiles_in_view_at_phone_width(
    browser: Any, server: Server
) -> None:
    """The shaker says who receives the first stack as 621a.8(c) counts it (the dealer,
    the Dead Hand or a seat), never the view's "dead_hand"; the tile picker is captioned
    "Your tiles", not with the command field's name; and at phone width, while the hands
    are set and no wager can be placed, the chips leave the screen to the tiles."""
    assert server.table("gow-phone", "pai-gow.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-gowphone")
    page.set_viewport_size({"width": 375, "height": 740})
    open_table(page, "gow-phone", 1)
    dealer_context, dealer = as_dealer(browser, server, "gow-phone")
    rack = page.locator(".controls .rack")
    assert rack.is_visible()
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    picker = page.locator('[data-command="SetHands"]')
    picker.wait_for()
    token = page.evaluate("localStorage.getItem('croupier.token')")
    view = server.get("/tables/gow-phone/view", token)["view"]
    start = view["starting_position"]
    named = {"dealer": "the dealer", "dead_hand": "the Dead Hand"}.get(start, f"seat {start}")
    shaker = page.locator(".shaker").inner_text()
    assert f"First stack to {named}" in shaker
    assert not SNAKE.search(shaker), shaker
    assert picker.locator(".field label").first.inner_text() == "Your tiles"
    # No wager can be placed while the hands are set: no chips on the phone's screen.
    assert rack.is_hidden()
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_what_a_timeout_did_stays_when_another_player_acts(browser: Any, server: Server) -> None:
    """At a timed Go Fore It table, Ann (seat 1, asked first, 676a.11(b)) lets her
    decision time run out and is folded; Bob then folds at once. The sentence saying what
    the timeout did to Ann stays on her page for the rest of the round: Bob's fold, the
    next change of the table, does not take it away before she could read it."""
    # Bob's decision time is Ann's too: long enough that a loaded machine still clicks his
    # Fold inside it (at 3 s, under a load of 18, his own time ran out before the click).
    settings = {"betting_seconds": 4, "decision_seconds": 7, "optional_seconds": 1}
    rules = (EXAMPLES / "go-fore-it.toml").read_text()
    r = server.admin.post(
        "/tables", json={"id": "stays", "rules_toml": rules, "settings": settings}
    )
    assert r.status_code == 201, r.text
    ann_context, ann = sign_up(browser, server, "ann-stays")
    open_table(ann, "stays", 1)
    bob_context, bob = sign_up(browser, server, "bob-stays")
    open_table(bob, "stays", 2)
    for page in (ann, bob):
        page.locator('[data-chip="1000"]').click()
        page.locator('.seat.mine [data-spot="front_9"]').click()
        page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    ann.wait_for_selector('.turn[data-kind="decision"]', timeout=15_000)
    assert ann.locator(".turn .who-acts").inner_text() == "Your turn: decide now."
    # Ann does nothing; once her time is up it is Bob's turn, and he folds.
    fold = bob.locator('.decisions [data-action="Fold"]')
    fold.wait_for(timeout=15_000)
    fold.click()
    finish(ann, server, "stays", 1, 1000)
    bob.wait_for_selector("table.results", timeout=20_000)
    message = ann.locator("#messages .message")
    assert message.inner_text() == "Time ran out: you folded (676a.11(b))."
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    ann_context.close()
    bob_context.close()


DBJ_HAND = """(hands) => import('/play/js/layouts.js').then(({ LAYOUTS }) =>
    LAYOUTS['double-back-jack'].hand({ hands }, 1).querySelector('.tag').textContent)"""


def test_a_double_back_jack_hand_collected_over_21_says_bust(browser: Any, server: Server) -> None:
    """A Double Back Jack hand over 21 whose cards the dealer collected (the Second
    Chance declined or lost, 673a.7(l)) is said to be bust, as it is before the
    collection, not "settled"; a 21 paid at once and collected keeps its word."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/play/")
    bust = {"1": {"cards": ["3h", "Kh", "Qs"], "total": 23, "status": "settled"}}
    assert page.evaluate(DBJ_HAND, bust) == "23 bust"
    before = {"1": {"cards": ["3h", "Kh", "Qs"], "total": 23, "status": "bust"}}
    assert page.evaluate(DBJ_HAND, before) == "23 bust"
    paid = {"1": {"cards": ["9h", "Kh", "2s"], "total": 21, "status": "settled"}}
    assert page.evaluate(DBJ_HAND, paid) == "21 settled"
    context.close()
