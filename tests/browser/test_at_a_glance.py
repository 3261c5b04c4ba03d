"""The browser tables as a new player reads them (issue 20), in headless Chromium: who
sits where, what an amount will be, the regulation's choices as buttons, hands and
results in words, whose turn it is and for how long, and the history of each round.

Each test plays through the lobby on the session's `croupier serve` (conftest.py) and
checks what the page says against what the server's ledger and events say.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    EXAMPLES,
    OPENING,
    Server,
    as_dealer,
    caught_up,
    finish,
    me,
    missing,
    open_table,
    shown_balance,
    sign_up,
    unfold_others,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_a_player_seated_after_the_page_loaded_shows_at_once(browser: Any, server: Server) -> None:
    """Defect 1: Ann's page was open before Bob sat down; Bob's seat shows taken, with
    his name, without a reload (the seats come with every view, not from the table as
    read on load); and when he leaves it shows free again."""
    assert server.table("seen", "go-fore-it.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-seen")
    open_table(ann, "seen", 1)
    unfold_others(ann)  # the other seats fold away (issue 34)
    ann.wait_for_selector('.seat[data-seat="3"].empty')
    bob_context, bob = sign_up(browser, server, "bob-seen")
    open_table(bob, "seen", 3)
    ann.wait_for_selector('.seat[data-seat="3"]:not(.empty)')
    assert ann.locator('.seat[data-seat="3"] h3').inner_text() == "Seat 3 — bob-seen"
    assert ann.locator('.seat[data-seat="1"] h3').inner_text() == "Seat 1 (you)"
    bob.get_by_role("button", name="Leave seat 3").click()
    ann.wait_for_selector('.seat[data-seat="3"].empty')
    assert ann.locator('.seat[data-seat="3"] h3').inner_text() == "Seat 3 — free"
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    ann_context.close()
    bob_context.close()


def test_an_amount_outside_the_limits_is_refused_in_words(browser: Any, server: Server) -> None:
    """Defect 2: a $1 chip on Pip Street (least wager $5) was placed as $5 without a
    word. It is refused in words naming the limits, nothing is wagered, and each legal
    area says what may be wagered there; a chip within the limits is placed as it is."""
    assert server.table("limits", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-limits")
    open_table(page, "limits", 1)
    spot = page.locator('.seat.mine [data-spot="pip_street:ace"]')
    spot.wait_for()
    assert "wager $5.00 to $500.00" in (spot.get_attribute("aria-label") or "")
    page.locator('[data-chip="100"]').click()
    spot.click()
    message = page.locator("#messages .error")
    message.wait_for()
    assert message.inner_text() == (
        "A $1.00 chip is less than the least wager on Pip Street ace, $5.00: "
        "wager an amount from $5.00 to $500.00."
    )
    assert page.locator(".seat.mine .has-wager").count() == 0
    assert shown_balance(page) == OPENING
    assert server.wallet(me(server, page)["id"]) == OPENING
    page.locator('[data-chip="1000"]').click()
    spot.click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].has-wager')
    assert shown_balance(page) == OPENING - 1000
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_criss_cross_bets_are_one_two_or_three_times_the_ante(browser: Any, server: Server) -> None:
    """Defect 3: the Across, Down and Middle Bets are "one to three times" the Ante
    (674a.11(b), (d), (f)). With $25 Antes the decisions are 1x, 2x, 3x and Fold, each
    amount written on its button; 3x Across is $75 (a $10 chip on the area is refused in
    words, not pushed up to $25); then Fold at the Down Bet collects the hand."""
    rules = (EXAMPLES / "criss-cross-poker.toml").read_text()
    rules = rules.replace("minimum_wager = 1000", "minimum_wager = 2500")
    rules = rules.replace("payout_limit = 5000000", "payout_limit = 10000000")
    assert server.table("times", rules).status_code == 201
    context, page = sign_up(browser, server, "ann-times")
    open_table(page, "times", 2)
    dealer_context, dealer = as_dealer(browser, server, "times")
    page.locator('[data-chip="2500"]').click()
    page.locator('[data-command="PlaceAntes"] [data-action="PlaceAntes"]').click()
    page.wait_for_selector('.seat.mine [data-spot="ante_down"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="across"]')
    buttons = page.locator(".decisions .actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    assert labels == [
        "1x Across — $25.00",
        "2x Across — $50.00",
        "3x Across — $75.00",
        "Fold",
    ]
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="across"]').click()
    assert (
        "less than the least wager on Across, $25.00"
        in page.locator("#messages .error").inner_text()
    )
    assert page.locator('.seat.mine [data-spot="across"].has-wager').count() == 0
    page.locator('.decisions [data-wager-spot="across"][data-multiple="3"]').click()
    page.wait_for_selector('.seat.mine [data-spot="across"].has-wager')
    assert shown_balance(page) == OPENING - 5000 - 7500
    page.wait_for_selector('.decisions [data-wager-spot="down"][data-multiple="1"]')
    page.locator('.decisions [data-action="Fold"]').click()
    finish(page, server, "times", 2, 12_500)
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


DOUBLE_CONTROLS = """async () => {
  const { control } = await import('/play/js/commands.js');
  const sent = [];
  const lc = (low, high) => ({ command: 'Decide', cite: '673a.10(a)', fields: {
    seat: { kind: 'fixed', value: 3 },
    decision: { kind: 'choice', options: [{ value: 'double', label: 'Double' }] },
    amount: { kind: 'amount', low, high, step: 1 } } });
  const send = (c) => sent.push(c);
  const less = control(lc(1, 1000), { actor: 3 }, send);
  const fixed = control(lc(1000, 1000), { actor: 3 }, send);
  document.body.append(less, fixed);
  const texts = (n) => [...n.querySelectorAll('button')].map((b) => b.textContent);
  const buttons = [less, fixed].map(texts);
  const selects = [less, fixed].map((n) => n.querySelectorAll('select').length);
  less.querySelector('[data-action="Decide:double"]').click();
  less.querySelector('input[name=amount]').value = '4.00';
  less.querySelector('[data-action="Decide:double:less"]').click();
  fixed.querySelector('[data-action="Decide:double"]').click();
  return { buttons, selects, sent };
}"""


def test_double_back_jack_double_is_a_button(browser: Any, server: Server) -> None:
    """Defect 3: Double Back Jack's double (up to the Blackjack Wager, 673a.10(a)) was a
    form "Decision [Double] / Amount / Decide". It is a Double button with the amount on
    it, and an amount to type only where less than the wager is allowed."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/play/")
    got = page.evaluate(DOUBLE_CONTROLS)
    assert got["buttons"] == [["Double $10.00", "Double for less"], ["Double $10.00"]]
    assert got["selects"] == [0, 0]
    assert got["sent"] == [
        {"type": "Decide", "seat": 3, "decision": "double", "amount": 1000},
        {"type": "Decide", "seat": 3, "decision": "double", "amount": 400},
        {"type": "Decide", "seat": 3, "decision": "double", "amount": 1000},
    ]
    context.close()
