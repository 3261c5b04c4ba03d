"""Any amount on any spot (issue 34): a wager whose amount the rules fix is offered at
exactly that amount, read from the round's typed offer, never the chip chosen; chips add
up on a spot where the table adds wagers; an amount may be typed.

Each test plays through the lobby on the session's `croupier serve` (conftest.py) and
checks the page against the server's ledger and view.
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
    me,
    missing,
    open_table,
    shown_balance,
    sign_up,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_a_front_9_of_two_chips_is_matched_by_the_back_9(browser: Any, server: Server) -> None:
    """The defect: a Front 9 of $25 + $5 could not be matched, as the Back 9 button sent
    the chip chosen ($5) and there is no $30 chip; the timer folded the player. The Back 9
    Wager equals the Front 9 (676a.7(d)(2)): its button says $30.00 and places $30.00,
    whatever chip is chosen."""
    assert server.table("match", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-match")
    open_table(page, "match", 1)
    dealer_context, dealer = as_dealer(browser, server, "match")
    front = page.locator('.seat.mine [data-spot="front_9"]')
    page.locator('[data-chip="2500"]').click()
    front.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(page, server)
    page.locator('[data-chip="500"]').click()
    front.click()
    page.wait_for_function(
        "document.querySelector('.seat.mine [data-spot=\"front_9\"] .amount')"
        "?.textContent === '$30.00'"
    )
    assert shown_balance(page) == OPENING - 3000
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    back = page.locator('.decisions [data-wager-spot="back_9"]')
    back.wait_for()
    assert back.count() == 1 and back.inner_text() == "Back 9 $30.00"
    # The chip chosen is $5: the Back 9's area on the felt (like its button) sends the
    # one amount its offer takes all the same.
    assert page.locator('[data-chip="500"]').get_attribute("aria-pressed") == "true"
    page.locator('.seat.mine [data-spot="back_9"]').click()
    page.wait_for_selector("table.results", timeout=20_000)
    # The round went on to its end: it staked the Front 9 and a Back 9 matching it.
    token = page.evaluate("localStorage.getItem('croupier.token')")
    (played,) = server.get("/tables/match/rounds", token)["rounds"]
    assert played["stake"] == 6000
    assert server.wallet(me(server, page)["id"]) == OPENING - 6000 + played["net"] + 6000
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_an_amount_typed_is_wagered_as_typed(browser: Any, server: Server) -> None:
    """The defect: High Roll Dice took one chip per spot, so no $15 on Pip Street. An
    amount typed beside the chips is the next wager's amount."""
    assert server.table("typed", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-typed")
    open_table(page, "typed", 1)
    spot = page.locator('.seat.mine [data-spot="pip_street:ace"]')
    spot.wait_for()
    page.locator("#chip-amount").fill("15")
    assert page.locator('.chip-button[aria-pressed="true"]').count() == 0
    spot.click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].has-wager')
    assert page.locator('.seat.mine [data-spot="pip_street:ace"] .amount').inner_text() == (
        "$15.00"
    )
    assert server.wallet(me(server, page)["id"]) == OPENING - 1500
    assert shown_balance(page) == OPENING - 1500
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


INSURANCE = """async () => {
  const { gameOf, laterWagerButtons } = await import('/play/js/layouts.js');
  const headers = { Authorization: `Bearer ${localStorage.getItem('croupier.token')}` };
  const table = { ...(await (await fetch('/tables/insure', { headers })).json()), seats: [] };
  // Insurance as the round offers it on a $25 Blackjack Wager: up to half, $12.50
  // (673a.8), any whole cent from $0.01.
  const offer = [{ command: 'PlaceWager', spots: ['insurance'], min_amount: 1,
    max_amount: 1250, step: 1, cite: '673a.8' }];
  const sent = [];
  const place = (spot, amount) => sent.push([spot, amount]);
  const nodes = laterWagerButtons(gameOf(table), offer, place);
  document.body.append(...nodes);
  const buttons = [...document.querySelectorAll('[data-wager-spot="insurance"]')];
  const texts = buttons.map((b) => b.textContent);
  buttons[0].click();
  const input = document.querySelector('[data-wager-form="insurance"] input');
  const bounds = [input.min, input.max, input.value];
  input.value = '7.25';
  document.querySelector('[data-wager-form="insurance"] button').click();
  return { texts, bounds, sent };
}"""


def test_insurance_is_offered_up_to_half_the_wager(browser: Any, server: Server) -> None:
    """The defect: Insurance sent the chip chosen, so full insurance on a $25 wager
    ($12.50) could not be reached, and after a $10 chip the button was gone. Its button
    is the most the offer takes, and any amount up to it may be typed."""
    assert server.table("insure", "double-back-jack.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-insure")
    got = page.evaluate(INSURANCE)
    assert got["texts"] == ["Insurance $12.50", "Insurance for less"]
    assert got["bounds"] == ["0.01", "12.5", "12.50"]
    assert got["sent"] == [["insurance", 1250], ["insurance", 725]]
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_undo_clear_and_rebet(browser: Any, server: Server) -> None:
    """As on commercial tables: Undo takes down the last wager placed, Clear every one
    (where the table lets a wager be taken down before "no more bets", 676a.7), and the
    next round's Rebet places the last round's wagers again at their amounts."""
    assert server.table("again", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-again")
    open_table(page, "again", 1)
    dealer_context, dealer = as_dealer(browser, server, "again")
    front = page.locator('.seat.mine [data-spot="front_9"]')
    page.locator('[data-chip="1000"]').click()
    front.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    undo = page.locator('[data-rack="undo"]')
    assert undo.inner_text() == "Undo: take down the $10.00 on Front 9"
    # Doubled, the Front 9 holds $20: the Undo takes the whole wager down, and says so.
    page.locator('[data-rack="double"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"][aria-label*="$20.00 wagered"]')
    page.wait_for_function(
        "document.querySelector('[data-rack=undo]').textContent"
        " === 'Undo: take down the $20.00 on Front 9'"
    )
    # One button for one act: the Undo, not also "Withdraw wager: Front 9" in the decisions;
    # a wager the Undo does not take down keeps its own button there.
    withdraw = page.locator('.decisions [data-action^="WithdrawWager"]')
    assert withdraw.count() == 0
    for spot in ("skins", "gopher"):
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].has-wager')
    page.wait_for_function(
        "document.querySelector('[data-rack=undo]').textContent"
        " === 'Undo: take down the $10.00 on Gopher'"
    )
    assert withdraw.all_inner_texts() == ["Withdraw wager: Skins"]  # (Front 9 under them)
    for spot in ("gopher", "skins"):
        undo.click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"]:not(.has-wager)')
    assert undo.inner_text() == "Undo: take down the $20.00 on Front 9"
    undo.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"]:not(.has-wager)')
    assert shown_balance(page) == OPENING
    caught_up(page, server)
    front.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.locator('[data-rack="clear"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"]:not(.has-wager)')
    assert shown_balance(page) == OPENING
    caught_up(page, server)
    page.locator('[data-chip="2500"]').click()
    front.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.locator('.decisions [data-action="Fold"]').click()
    page.wait_for_selector("table.results", timeout=20_000)
    assert shown_balance(page) == OPENING - 2500
    rebet = page.locator('[data-rack="rebet"]')
    rebet.wait_for()
    assert rebet.inner_text() == "Rebet $25.00"
    page.locator('[data-chip="500"]').click()
    rebet.click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager:not(.outcome-lose)')
    assert page.locator('.seat.mine [data-spot="front_9"] .amount').inner_text() == "$25.00"
    assert shown_balance(page) == OPENING - 5000
    assert server.wallet(me(server, page)["id"]) == OPENING - 5000
    assert rebet.count() == 0
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_a_pai_gow_wager_is_taken_down_before_no_more_bets(browser: Any, server: Server) -> None:
    """Pai Gow lets a wager be withdrawn before "no more bets" and not after (621a.7(c)):
    the rack's Undo and Clear take it down, in one button each (no second "Withdraw wager"
    among the decisions), and the balance comes back to the cent."""
    assert server.table("pg-undo", 'game = "pai-gow"\n').status_code == 201
    context, page = sign_up(browser, server, "ann-pg-undo")
    open_table(page, "pg-undo", 5)
    spot = page.locator('.seat.mine [data-spot="pai_gow"]')
    page.locator('[data-chip="1000"]').click()
    spot.click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    assert shown_balance(page) == OPENING - 1000
    undo = page.locator('[data-rack="undo"]')
    assert undo.inner_text() == "Undo: take down the $10.00 on Pai Gow Wager"
    assert page.locator('.decisions [data-action^="WithdrawWager"]').count() == 0
    undo.click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"]:not(.has-wager)')
    assert shown_balance(page) == OPENING
    caught_up(page, server)
    page.locator('[data-chip="2500"]').click()
    spot.click()  # one wager a spot (621a.7(a)): Clear takes it down as Undo did
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    assert shown_balance(page) == OPENING - 2500
    page.locator('[data-rack="clear"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"]:not(.has-wager)')
    assert shown_balance(page) == OPENING
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_clear_takes_down_wagers_that_free_others(browser: Any, server: Server) -> None:
    """Undo takes the $5 Gopher down, said with amount and spot; Clear then takes down
    the Skins and the Front 9, which may be withdrawn only once the Skins and Gopher are
    down (676a.7(d)(1)): $10 + $5 + $5 all come back, each take-down said in words."""
    assert server.table("clearall", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-clearall")
    open_table(page, "clearall", 1)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.locator('[data-chip="500"]').click()
    for spot in ("skins", "gopher"):
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].has-wager')
    assert shown_balance(page) == OPENING - 2000
    caught_up(page, server)
    page.locator('[data-rack="undo"]').click()
    page.wait_for_selector('.seat.mine [data-spot="gopher"]:not(.has-wager)')
    page.wait_for_function("document.getElementById('messages').textContent.includes('Gopher')")
    assert page.locator("#messages").inner_text() == "$5.00 taken down from Gopher."
    caught_up(page, server)
    page.locator('[data-rack="clear"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"]:not(.has-wager)')
    assert page.locator(".seat.mine .has-wager").count() == 0
    assert shown_balance(page) == OPENING
    page.wait_for_function(  # both take-downs said in one message, once the last is answered
        "document.getElementById('messages').textContent.includes('from Skins. ')"
    )
    said = page.locator("#messages").inner_text()
    assert said == "$5.00 taken down from Skins. $10.00 taken down from Front 9."
    assert "You chose" not in said
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_rebet_places_wagers_that_open_after_another(browser: Any, server: Server) -> None:
    """Rebet places the last round's wagers in the order placed, each once the one before
    is answered: a $25 Front 9 then a $5 Skins (offered only beside a Front 9) is
    "Rebet $30.00" and puts both up again."""
    assert server.table("rebet2", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-rebet2")
    open_table(page, "rebet2", 1)
    dealer_context, dealer = as_dealer(browser, server, "rebet2")
    page.locator('[data-chip="2500"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.locator('[data-chip="500"]').click()
    page.locator('.seat.mine [data-spot="skins"]').click()
    page.wait_for_selector('.seat.mine [data-spot="skins"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.locator('.decisions [data-action="Fold"]').click()
    page.wait_for_selector("table.results", timeout=20_000)
    rebet = page.locator('[data-rack="rebet"]')
    rebet.wait_for()
    before = server.wallet(me(server, page)["id"])
    assert rebet.inner_text() == "Rebet $30.00"
    rebet.click()
    page.wait_for_selector('.seat.mine [data-spot="skins"].has-wager:not(.outcome-lose)')
    assert page.locator('.seat.mine [data-spot="front_9"] .amount').inner_text() == "$25.00"
    assert page.locator('.seat.mine [data-spot="skins"] .amount').inner_text() == "$5.00"
    assert shown_balance(page) == before - 3000
    assert server.wallet(me(server, page)["id"]) == before - 3000
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_double_adds_each_wager_again(browser: Any, server: Server) -> None:
    """Double, as on commercial tables (its key "*"): a $10 Front 9 (a spot that takes
    more chips) is doubled to $20.00, $10 more off the balance; Pai Gow's one wager a
    spot (621a.7(a)) takes no more, so no Double is shown (a disabled one read as a button)."""
    assert server.table("double", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-double")
    open_table(page, "double", 1)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(page, server)
    double = page.locator('[data-rack="double"]')
    assert double.inner_text() == "Double: Front 9 +$10.00"
    # Its key, "*" (times): no chip's digit nor any letter a decision may take.
    assert double.get_attribute("aria-keyshortcuts") == "*"
    page.wait_for_selector('[data-rack="double"]:not([disabled])')  # no command in flight
    page.keyboard.press("*")
    page.wait_for_function(
        "document.querySelector('.seat.mine [data-spot=\"front_9\"] .amount')"
        "?.textContent === '$20.00'"
    )
    assert shown_balance(page) == OPENING - 2000
    assert server.wallet(me(server, page)["id"]) == OPENING - 2000
    # A $15 Gopher may take $10 more (the example's maximum is $25), not $15: Double
    # leaves it, rather than doubling the Front 9 and then being refused halfway.
    gopher = page.locator('.seat.mine [data-spot="gopher"]')
    for chip, shown in (("1000", "$10.00"), ("500", "$15.00")):
        page.locator(f'[data-chip="{chip}"]').click()
        gopher.click()
        page.wait_for_function(
            "document.querySelector('.seat.mine [data-spot=\"gopher\"] .amount')"
            f"?.textContent === '{shown}'"
        )
        caught_up(page, server)
    page.wait_for_function(
        "document.querySelector('[data-rack=double]')?.textContent === 'Double: Front 9 +$20.00'"
    )
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
    assert server.table("pg-double", 'game = "pai-gow"\n').status_code == 201
    context, page = sign_up(browser, server, "ann-pg-double")
    open_table(page, "pg-double", 5)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(page, server)
    # No Double at all (a fresh player's report: the disabled one read as a button).
    assert page.locator('[data-rack="double"]').count() == 0
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_double_short_of_balance_is_refused_in_words(browser: Any, server: Server) -> None:
    """A $490 Front 9 and a $20 Skins leave $490 of the $1,000 opening balance: doubling
    takes $510, so nothing is placed and the page says why. (The table's maximum is
    $1,000, so that the Front 9 may take its $490 again: at the example's $500 Double
    would leave it.)"""
    rules = (EXAMPLES / "go-fore-it.toml").read_text()
    assert "maximum_wager = 50_000" in rules
    rules = rules.replace("maximum_wager = 50_000", "maximum_wager = 100_000")
    assert server.table("double-short", rules).status_code == 201
    context, page = sign_up(browser, server, "ann-double-short")
    open_table(page, "double-short", 1)
    page.locator("#chip-amount").fill("490")
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.locator("#chip-amount").fill("20")
    page.locator('.seat.mine [data-spot="skins"]').click()
    page.wait_for_selector('.seat.mine [data-spot="skins"].has-wager')
    caught_up(page, server)
    page.locator('[data-rack="double"]').click()
    page.wait_for_function("document.getElementById('messages').textContent.includes('balance')")
    assert page.locator("#messages").inner_text() == (
        "Doubling takes $510.00 and your balance is $490.00: nothing was doubled."
    )
    assert shown_balance(page) == OPENING - 51000
    assert server.wallet(me(server, page)["id"]) == OPENING - 51000
    context.close()


ANTE_BOXES = """async () => {
  const { control } = await import('/play/js/commands.js');
  const each = { kind: 'amount', low: 1, high: 48000, step: 1 };
  const lc = { command: 'PlaceAntes', title: 'Place antes', fields: {
    seat: { kind: 'fixed', value: 1 }, ante_across: each, ante_down: each } };
  const said = (held) => [...control(lc, { held }, () => {}).querySelectorAll('label .muted')]
    .map((n) => n.textContent.trim());
  return [said({ ante_across: 2000, ante_down: 2000 }), said({})];
}"""


def test_the_ante_boxes_say_an_addition_as_one(browser: Any, server: Server) -> None:
    """A fresh player's report: a $10-minimum Criss-Cross table's ante boxes said
    "$0.01–$480.00" with $20.00 on each Ante already (the $500.00 maximum less $20.00):
    what may be added, said as an addition ("add ..."); with none on the area,
    the range alone."""
    context, page = sign_up(browser, server, "ann-ante-boxes")
    added = "add $0.01–$480.00"
    assert page.evaluate(ANTE_BOXES) == [[added, added], ["$0.01–$480.00"] * 2]
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
