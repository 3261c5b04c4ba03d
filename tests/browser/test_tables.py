"""End to end in headless Chromium: from the lobby, a play-money player signs in, sits
down and plays a full round of every game the server deals, a dealer drives the round
from the dealer console, and the balance the page shows equals the ledger's wallet.

The server is a real `croupier serve` subprocess on a temporary SQLite database and a
free port; the browser is Debian's headless Chromium driven by Playwright (no browser
download). Without either the tests are skipped (CI installs chromium, see .ci/run).
With CROUPIER_SCREENSHOTS=1 each table's screenshot goes to docs/screenshots/<game>.png
(docs/browser.md shows them).
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from browser_support import (
    EXAMPLES,
    OPENING,
    Server,
    as_dealer,
    caught_up,
    dealer_in_lobby,
    dollars,
    finish,
    me,
    missing,
    open_table,
    settled_total,
    shot,
    shown_balance,
    sign_up,
    unfold_others,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_high_roll_dice_round_with_an_extra_roll(browser: Any, server: Server) -> None:
    assert server.table("dice", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann")
    open_table(page, "dice", 2)
    dealer_context, dealer = as_dealer(browser, server, "dice")
    # $5 chip: Pip Street ace, Like Kind 4 (equal to it, 675a.2(e)(2)) and the Extra Roll.
    page.locator('[data-chip="500"]').click()
    for spot in ("pip_street:ace", "like_kind:4", "extra_roll"):
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].has-wager')
    assert shown_balance(page) == OPENING - 1500
    # The dealer sees the wagers live, and only the dealer has "no more bets".
    dealer.wait_for_selector('.seat[data-seat="2"] [data-spot="extra_roll"].has-wager')
    assert page.locator('[data-action="AnnounceNoMoreBets"]').count() == 0
    shot(dealer, "dealer-console")
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    # The throw, the call and the Extra Roll follow on the server; the page shows the dice
    # and the payouts per wager.
    page.wait_for_selector("table.results", timeout=15_000)
    ann = me(server, page)
    view = server.get("/tables/dice/view", server.person("watcher", "dealer"))["view"]
    # The dice on the page are the server's last throw (the first roll's ten dice, or the
    # Extra Roll's non-matching ones).
    dice = page.locator(".dice-tray .dice").get_attribute("data-dice") or ""
    assert [int(d) for d in dice.split(",")] == view["dice"]
    assert all(1 <= d <= 6 for d in view["dice"]) and 1 <= len(view["dice"]) <= 10
    staked, paid = settled_total(view, 2)
    # The two wagers settle; the $5 Extra Roll purchase stays with the table (675a.2(e)(3)).
    assert staked == 1000
    expected = OPENING - 1500 + paid
    page.wait_for_function(f"document.querySelector('#balance').dataset.cents === '{expected}'")
    assert shown_balance(page) == server.wallet(ann["id"]) == expected
    rows = page.locator("table.results tbody tr").count()
    # Each settlement, and the Extra Roll purchase (issue 20, item 7).
    assert rows == len([s for s in view["settlements"] if s["seat"] == 2]) + 1
    shot(page, "high-roll-dice")
    # History: the round replays hand by hand.
    page.get_by_role("link", name="Round history and replays").click()
    page.locator('[data-round="dice-1"] a[href^="#/replay"]').click()
    page.wait_for_selector(".replay-stage .felt")
    page.locator('[data-step="first"]').click()
    assert "Round opened" in page.locator(".replay-caption").inner_text()
    page.locator('[data-step="next"]').click()
    assert "Event 2 of" in page.locator(".replay-caption").inner_text()
    page.locator('[data-step="last"]').click()
    assert "Round completed" in page.locator(".replay-caption").inner_text()
    shot(page, "replay")
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_go_fore_it_fold_seen_by_two_players(browser: Any, server: Server) -> None:
    assert server.table("golf", "go-fore-it.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-golf")
    open_table(ann, "golf", 1)
    bob_context, bob = sign_up(browser, server, "bob-golf")
    open_table(bob, "golf", 3)
    dealer_context, dealer = as_dealer(browser, server, "golf")
    # $10 chips: each places a Front 9 Wager (676a.7(d)(1)); each sees the other's.
    for page in (ann, bob):
        page.locator('[data-chip="1000"]').click()
        page.locator('.seat.mine [data-spot="front_9"]').click()
        page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    unfold_others(ann)  # the other seats fold away (issue 34)
    unfold_others(bob)
    ann.wait_for_selector('.seat[data-seat="3"] [data-spot="front_9"].has-wager')
    bob.wait_for_selector('.seat[data-seat="1"] [data-spot="front_9"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    # The deal: Ann sees her two cards face up and only Back 9 or fold (676a.11(b)).
    ann.wait_for_selector('[data-action="Fold"]')
    assert ann.locator('.seat.mine .cards svg[aria-label$="card"]').count() >= 2
    # A reload restores the seat's state: cards, wager and the decision.
    ann.reload()
    ann.wait_for_selector('[data-action="Fold"]')
    assert ann.locator('.seat.mine [data-spot="front_9"].has-wager').count() == 1
    # Back 9 is a button under "Your decisions" beside Fold, not only an area on the felt.
    assert ann.locator('.decisions [data-wager-spot="back_9"]').inner_text() == "Back 9 $10.00"
    shot(ann, "go-fore-it")
    ann.locator('[data-action="Fold"]').click()
    # Bob, to act next, folds too; the dealer's hand is revealed and the round settles.
    bob.wait_for_selector('[data-action="Fold"]')
    bob.locator('[data-action="Fold"]').click()
    finish(ann, server, "golf", 1, 1000)
    finish(bob, server, "golf", 3, 1000)
    # A fold loses the Front 9 Wager (676a.11(b)): nothing comes back.
    assert shown_balance(ann) == OPENING - 1000
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    for context in (ann_context, bob_context, dealer_context):
        context.close()


UNCOVERED = """(n) => { const r = n.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.bottom <= innerHeight && top !== null && (top === n || n.contains(top)); }"""
"""Whether an element is on the screen, the page showing it (or its child) at its centre."""


def test_criss_cross_poker_round_and_phone_width(browser: Any, server: Server) -> None:
    assert server.table("cross", "criss-cross-poker.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-cross")
    open_table(page, "cross", 2)
    dealer_context, dealer = as_dealer(browser, server, "cross")
    # Equal Ante Across and Ante Down Wagers (674a.7(d)): at desktop width (issue 34) a
    # click on either Ante area, in sight and uncovered, places the $10 chip on each.
    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator('[data-chip="1000"]').click()
    antes = ('.seat.mine [data-spot="ante_across"]', '.seat.mine [data-spot="ante_down"]')
    for clicks, area in enumerate(antes, start=1):
        spot = page.locator(f"{area}.legal")
        spot.wait_for(timeout=5_000)
        assert spot.evaluate(UNCOVERED), area
        spot.click()
        for each in antes:
            page.wait_for_selector(f'{each}[aria-label*="{dollars(1000 * clicks)} wagered"]')
    # Undo takes both Antes back (674a.7(d)), $20 each: it says both and the $40.
    both = f"Undo: take down the {dollars(2 * 2000)} on Ante Across and Ante Down"
    assert page.locator('[data-rack="undo"]').inner_text() == both
    # Doubling them places the Antes once more, each its $20 again: $40 in all.
    double = page.locator('[data-rack="double"]').get_attribute("aria-label")
    assert double == f"Double: Ante Across, Ante Down +{dollars(2 * 2000)}", double
    page.set_viewport_size({"width": 1100, "height": 900})
    form = page.locator('[data-command="PlaceAntes"] form')
    # Each field is its label's (for=), named as the layout names the areas (674a.7(d)).
    linked = form.evaluate(
        "f => [...f.querySelectorAll('input, select')].map(i => i.labels.length === 1"
        " && i.labels[0].htmlFor === i.id ? i.labels[0].firstChild.textContent : i.name)"
    )
    assert linked == ["Ante Across", "Ante Down"], linked
    # The chips on an area leave its name readable: no overlap of the two boxes.
    overlaps = page.evaluate(
        "[...document.querySelectorAll('.seat.mine .spot.has-wager')].filter(spot => {"
        " const name = spot.querySelector('.spot-name');"
        " const chips = spot.querySelector('.stack svg');"
        " if (!name || !chips) return false;"
        " const a = name.getBoundingClientRect(), b = chips.getBoundingClientRect();"
        " return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;"
        " }).map(spot => spot.dataset.spot)"
    )
    assert page.locator(".seat.mine .spot.has-wager .spot-name").count() == 2
    assert overlaps == [], overlaps
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    # The Across, Down and Middle Bets, each at least the Ante Across (674a.11(b), (d), (f)).
    for spot in ("across", "down", "middle"):
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].legal')
        if spot == "down":
            shot(page, "criss-cross-poker")
        # Each later wager is also a button under "Your decisions" (1x the Ante here); a
        # double click sends one command (the controls are disabled while it is in flight).
        page.locator(f'.decisions [data-wager-spot="{spot}"][data-multiple="1"]').dblclick()
        # Placed, or (the Middle Bet, the last) settled at once: a lost one leaves no chip.
        area = f'.seat.mine [data-spot="{spot}"]'
        page.wait_for_selector(f'{area}.has-wager, {area}[class*="outcome-"]')
        assert page.locator("#messages .error").count() == 0
    # $20 on each Ante, then 1x the Ante on the Across, Down and Middle: 5 x $20.
    finish(page, server, "cross", 2, 5 * 2000)
    # The five community cards are face up in the cross (674a.2(b)(3)).
    assert page.locator('.cross svg[aria-label="face-down card"]').count() == 0
    assert page.locator(".cross svg").count() == 5
    # At phone width nothing overflows sideways and every control has a name.
    page.set_viewport_size({"width": 375, "height": 800})
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
        " > 376).map(e => e.tagName + '.' + e.className).slice(0, 8)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, wide
    # Inside the results box too: every cell within the box, and nothing in it scrolls
    # (the page's width alone misses a table wider than its scrolling box).
    box = page.evaluate(
        "(() => { const box = document.querySelector('.result-box');"
        " const edge = box.getBoundingClientRect().right;"
        " return {edge, cells: box.querySelectorAll('td').length,"
        " out: [...box.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right"
        " > edge + 0.5).map(e => e.tagName + ':' + e.textContent.slice(0, 20)),"
        " scrolls: [...box.querySelectorAll('*')].filter(e => e.scrollWidth >"
        " e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').length}; })()"
    )
    assert box["edge"] <= 375 and box["cells"] >= 7 * 5, box
    assert box["out"] == [] and box["scrolls"] == 0, box
    assert page.locator("table.results td[data-label='Won']").first.is_visible()
    unnamed = page.evaluate(
        "[...document.querySelectorAll('button, input, select')].filter(e => "
        "!(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length)).length"
    )
    assert unnamed == 0
    shot(page, "criss-cross-poker-phone")
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


DOUBLE_BACK_JACK = (
    'game = "double-back-jack"\ndecks = 2\nminimum_wager = 1000\nmaximum_wager = 50000\n'
)


def test_double_back_jack_split_or_second_chance(browser: Any, server: Server) -> None:
    assert server.table("jack", DOUBLE_BACK_JACK).status_code == 201
    context, page = sign_up(browser, server, "ann-jack")
    open_table(page, "jack", 4)
    dealer_context, dealer = as_dealer(browser, server, "jack")
    page.locator('[data-chip="1000"]').click()
    took = None
    for number in range(1, 9):  # rounds until a split or a Second Chance was played
        before, wagered = shown_balance(page), 0
        page.locator('.seat.mine [data-spot="blackjack"]').click()
        page.wait_for_selector(f'.round[data-round="jack-{number}"][data-status="open"]')
        page.wait_for_selector('.seat.mine [data-spot="blackjack"].has-wager')
        wagered += 1000
        caught_up(dealer, server)
        dealer.locator('[data-action="DealCards"]').click()
        while True:
            # Until the round is over, wait for the player's turn.
            page.wait_for_function(
                f"(document.querySelector('.round').dataset.round === 'jack-{number}' && "
                "document.querySelector('.round').dataset.status === 'completed') || "
                "document.querySelector('[data-action^=\"Decide:\"]') !== null",
                timeout=20_000,
            )
            actions = page.locator('[data-action^="Decide:"]')
            if actions.count() == 0:
                break
            names = [actions.nth(i).get_attribute("data-action") for i in range(actions.count())]
            version = page.locator(".round").get_attribute("data-version")
            preferred = ("second_chance", "split", "hit", "stand")
            choice = next((c for c in preferred if f"Decide:{c}" in names), None)
            if choice is None:  # only the optional surrender (673a.7(h)): let the wait pass
                page.wait_for_function(
                    f"document.querySelector('.round').dataset.version !== '{version}'"
                )
                continue
            if choice in ("second_chance", "split"):
                took = took or choice
                # Each equals the Blackjack Wager (673a.7(l), 673a.11).
                wagered += 1000
                shot(page, "double-back-jack")
            page.locator(f'[data-action="Decide:{choice}"]').click()
            page.wait_for_function(
                f"document.querySelector('.round').dataset.version !== '{version}'"
            )
        finish(page, server, "jack", 4, wagered, before)
        if took:
            break
    assert took in ("second_chance", "split")
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


CUT_CONTROLS = """async () => {
  const { control } = await import('/play/js/commands.js');
  const sent = [];
  const send = (c) => sent.push(c);
  const cite = '673a.5(b); 673a.5(c); 673a.5(d)';
  const lc = (command, fields) => ({ command, fields, cite });
  const seat = { kind: 'fixed', value: 2 };
  const range = (low, high) => ({ kind: 'integers', low, high });
  const accept = control(
    lc('AcceptCut', { seat, position: range(10, 42) }), { actor: 2 }, send
  );
  const refuse = control(lc('RefuseCut', { seat }), { actor: 2 }, send);
  const cut = lc('CutCards', {
    position: range(20, 20),
    cover_from_bottom: range(13, 51),
    cutter: { kind: 'choice', options: [{ value: 2, label: 'Seat 2' }] },
  });
  const dealer = control(cut, { actor: 'dealer' }, send);
  document.body.append(accept, refuse, dealer);
  const input = accept.querySelector('input[name=position]');
  const bounds = [input.min, input.max, input.value];
  input.value = '20';
  accept.querySelector('button').click();
  refuse.querySelector('button').click();
  const fields = [...dealer.querySelectorAll('input, select')].map((e) => e.name);
  dealer.querySelector('input[name=cover_from_bottom]').value = '13';
  dealer.querySelector('button').click();
  const labels = [accept, refuse].map((n) => n.querySelector('button').textContent);
  return { bounds, fields, labels, sent };
}"""


def test_double_back_jack_cut_controls(browser: Any, server: Server) -> None:
    """The box offered the cut (673a.5(c)) gets "Accept cut", a number bounded as
    ``legal_commands`` bounds it (673a.5(d): ten from the top or bottom), beside "Refuse
    cut"; the dealer's ``CutCards`` after an acceptance asks only the cover card's depth,
    the box's position and cutter fixed."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/play/")
    got = page.evaluate(CUT_CONTROLS)
    assert got["bounds"] == ["10", "42", "10"]
    assert got["labels"] == ["Accept cut", "Refuse cut"]
    assert got["fields"] == ["cover_from_bottom"]
    assert got["sent"] == [
        {"type": "AcceptCut", "seat": 2, "position": 20},
        {"type": "RefuseCut", "seat": 2},
        {"type": "CutCards", "position": 20, "cutter": 2, "cover_from_bottom": 13},
    ]
    context.close()


def test_pai_gow_player_sets_his_hand(browser: Any, server: Server) -> None:
    assert server.table("gow", "pai-gow.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-gow")
    open_table(page, "gow", 5)
    dealer_context, dealer = as_dealer(browser, server, "gow")
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    # The player's four tiles: he chooses the two that go together (621a.10(a)).
    page.wait_for_selector(".tile-picker [data-tile-index]")
    tiles = page.locator(".tile-picker [data-tile-index]")
    assert tiles.count() == 4
    tiles.nth(0).click()
    tiles.nth(3).click()
    assert tiles.nth(0).get_attribute("aria-pressed") == "true"
    shot(page, "pai-gow")
    page.locator('[data-command="SetHands"] [data-action="SetHands"]').click()
    finish(page, server, "gow", 5, 1000)
    assert page.locator(".seat.mine .pg-set").count() == 1
    # The wager by the table sign's name (621a.7(a)), not "Wager" nor its key.
    row = page.locator("table.results td[data-label='Wager']")
    assert row.all_inner_texts() == ["Pai Gow Wager"]
    assert not page.errors  # type: ignore[attr-defined]
    # Game recall says it so too, on its "betting area" (621a.7(a)), not "spot Pai gow".
    page.goto(server.url + "/play/recall.html?table=gow&seat=5")
    recalled = page.wait_for_selector(".recalled").inner_text()
    assert "betting area Pai Gow Wager" in recalled, recalled
    assert "spot" not in recalled.lower() and "Pai gow" not in recalled, recalled
    dealer_context.close()
    context.close()


def test_dealer_console_declares_an_exposed_community_card(browser: Any, server: Server) -> None:
    assert server.table("cross2", "criss-cross-poker.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-exposed")
    open_table(page, "cross2", 1)
    dealer_context, dealer = as_dealer(browser, server, "cross2")
    page.locator('[data-command="PlaceAntes"] [data-action="PlaceAntes"]').click()
    page.wait_for_selector('.seat.mine [data-spot="ante_down"].has-wager')
    assert shown_balance(page) == OPENING - 2000  # two $10 antes, the chip's default
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    # The console offers 674a.13(d) with the community card positions as a choice.
    form = dealer.locator('[data-command="DeclareIrregularity"] form').filter(
        has=dealer.locator('select[name="position"]')
    )
    form.locator('select[name="position"]').select_option("far")
    shot(dealer, "dealer-irregularity")
    form.locator('[data-action="DeclareIrregularity"]').click()
    # A community card exposed before the dealer reveals it voids the round and every
    # wager is returned (674a.13(d)).
    page.wait_for_selector('.round[data-status="voided"]')
    page.wait_for_function(f"document.querySelector('#balance').dataset.cents === '{OPENING}'")
    assert shown_balance(page) == server.wallet(me(server, page)["id"]) == OPENING
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_a_view_fetched_before_a_change_does_not_hide_it(browser: Any, server: Server) -> None:
    """The page fetches the table's view as it opens (GET /tables/{id}/view) while its
    WebSocket connects; an answer read before a change can arrive after the socket's
    view of that change. It must not replace it: the socket sends only changes, so the
    page would show the table as it was until the next one (the dealer console of the
    test above once waited for "no more bets" in vain). Here the dealer's first GET is
    answered at once and handed to the page only after the antes."""
    assert server.table("late", "criss-cross-poker.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-late")
    open_table(page, "late", 1)
    dealer_context, dealer = dealer_in_lobby(browser, server, "late")
    held: list[tuple[Any, Any]] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))  # answered now, before the antes

    dealer.route("**/tables/late/view", hold_the_first)
    dealer.goto(f"{server.url}/play/#/table/late")
    dealer.wait_for_selector('.conn[data-conn="live"]')
    while not held:
        dealer.wait_for_timeout(50)
    page.locator('[data-command="PlaceAntes"] [data-action="PlaceAntes"]').click()
    page.wait_for_selector('.seat.mine [data-spot="ante_down"].has-wager')
    dealer.wait_for_selector('[data-action="AnnounceNoMoreBets"]')  # from the socket
    route, answer = held[0]
    with dealer.expect_request_finished(lambda r: r.url.endswith("/tables/late/view")):
        route.fulfill(response=answer)
    dealer.evaluate("new Promise((done) => setTimeout(done, 200))")  # the page reads it
    assert dealer.locator('.round[data-round="late-1"]').count() == 1
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click(timeout=5_000)
    page.wait_for_selector('.seat.mine [data-spot="across"].legal')
    dealer_context.close()
    context.close()


def test_no_bearer_token_in_the_server_log(browser: Any, server: Server) -> None:
    """The page's WebSocket carries the token as a subprotocol, not in its URL: uvicorn
    logs the connect with no token in the line (a ``?token=`` there would be written
    ``token=***`` by ``croupier serve``'s TokenRedactor)."""
    assert server.table("logged", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-log")
    token = page.evaluate("localStorage.getItem('croupier.token')")
    open_table(page, "logged", 1)
    assert server.log is not None
    deadline = time.monotonic() + 10
    while "/tables/logged/ws" not in (text := server.log.read_text()):
        assert time.monotonic() < deadline, "no WebSocket connect in the log"
        time.sleep(0.2)
    assert "/tables/logged/ws?" not in text
    assert token not in text
    assert server.person("a-dealer", "dealer") not in server.log.read_text()
    context.close()


def test_a_player_leaves_his_seat(browser: Any, server: Server) -> None:
    """The Leave button frees the seat (DELETE /tables/{id}/seats/{seat}); the seat shows
    as free again in the lobby and at the table."""
    assert server.table("leave", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-leave")
    open_table(page, "leave", 4)
    page.get_by_role("button", name="Leave seat 4").click()
    page.wait_for_selector('[data-sit="4"]')
    assert page.locator(".seat.mine").count() == 0
    token = page.evaluate("localStorage.getItem('croupier.token')")
    assert server.get("/tables/leave/view", token)["actor"] is None
    tables = {t["id"]: t for t in server.get("/tables", token)["tables"]}
    assert 4 in tables["leave"]["free_seats"]
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_a_forged_token_says_why_it_is_refused(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/play/")
    page.evaluate("localStorage.setItem('croupier.token', 'forged-token')")
    page.reload()
    message = page.locator("#messages .error")
    message.wait_for()
    assert "Sign in again" in message.inner_text() and "server:" not in message.inner_text()
    assert page.evaluate("localStorage.getItem('croupier.token')") is None
    # A problem's message names the regulation's section once, though the server's detail
    # ends with it, and no code of the server's own (issue 20, item 6).
    message = page.evaluate(
        "import('/play/js/api.js').then(({Problem}) => [new Problem(409, 'stale (server:x)',"
        " 'server:x').message, new Problem(409, 'stale', 'server:x').message,"
        " new Problem(409, 'late (673a.5(c))', '673a.5(c)').message,"
        " new Problem(409, 'late', '673a.5(c)').message])"
    )
    assert message == ["stale", "stale", "late (673a.5(c))", "late (673a.5(c))"]
    context.close()


def test_the_history_page_reaches_older_rounds(browser: Any, server: Server) -> None:
    """Fifty rounds a page, newest first; "Older rounds" shows those before, "Newest
    rounds" comes back (GET /tables/{id}/rounds with ``before``)."""
    rules = (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text()
    settings = {"betting_seconds": None, "rate_limit_per_second": 1000, "rate_limit_burst": 1000}
    body = {"id": "paged", "rules_toml": rules, "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    player = server.person("pager", "player")
    dealer = {"Authorization": f"Bearer {server.person('pager-dealer', 'dealer')}"}
    auth = {"Authorization": f"Bearer {player}"}
    server.deposit(player, 100_000)
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/tables/paged/seats", json={"seat": 1}, headers=auth).is_success
        wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
        for n in range(51):
            for who, command in ((auth, wager), (dealer, {"type": "AnnounceNoMoreBets"})):
                r = client.post(
                    "/tables/paged/commands",
                    json={"command": command},
                    headers={**who, "Idempotency-Key": f"paged-{n}-{command['type']}"},
                )
                assert r.status_code == 200, r.text
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(player)})")
    page.goto(server.url + "/play/#/history/paged")
    page.wait_for_selector('[data-round="paged-51"]')
    assert page.locator("ol.rounds li").count() == 50
    assert page.locator('[data-page="newest"]').count() == 0
    page.locator('[data-page="older"]').click()
    page.wait_for_selector('[data-round="paged-1"]')
    assert page.locator("ol.rounds li").count() == 1
    assert page.locator('[data-page="older"]').count() == 0
    page.locator('[data-page="newest"]').click()
    page.wait_for_selector('[data-round="paged-51"]')
    context.close()
