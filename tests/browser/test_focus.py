"""The focus (issue 34): it stays on the control clicked though the command redraws the
table, and moves to the decision when the player's turn starts (it fell to the page's
body after every click, and a turn began with the focus wherever it was: up to 30 Tab
presses an action)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, as_dealer, caught_up, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

FOCUSED = (
    "(() => { const n = document.activeElement; return n ? n.outerHTML.slice(0, 120) : ''; })()"
)


def test_the_focus_stays_on_the_control_and_moves_to_the_decision(
    browser: Any, server: Server
) -> None:
    assert server.table("focus", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-focus")
    open_table(page, "focus", 1)
    dealer_context, dealer = as_dealer(browser, server, "focus")
    # A chip chosen from the keyboard: the rack is redrawn, the focus stays on the chip.
    chip = page.locator('[data-chip="1000"]')
    chip.focus()
    page.keyboard.press("Enter")
    assert chip.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.chip") == "1000", page.evaluate(FOCUSED)
    # A wager placed from the keyboard: the felt is redrawn, the focus is on the area.
    area = page.locator('.seat.mine [data-spot="front_9"]')
    area.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.wait_for_function("document.activeElement.dataset.spot === 'front_9'")
    assert page.evaluate("document.activeElement.closest('.seat.mine') !== null")
    # The deal: the turn is the player's; the focus goes to his first decision.
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]')
    page.wait_for_function("document.activeElement.closest('.decisions') !== null", timeout=10_000)
    assert page.evaluate("document.activeElement.dataset.wagerSpot") == "back_9"
    # The Fold beside it gives the hand up (its offer's gives_up, from the game).
    assert page.locator('.decisions [data-command="Fold"][data-gives-up]').count() == 1
    # The Back 9 placed from the keyboard: its button is gone, the focus stays on the
    # decisions (it fell to the page's body).
    page.keyboard.press("Enter")
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]', state="detached")
    page.wait_for_selector(".table-page:not([aria-busy])")
    page.wait_for_function("document.activeElement !== document.body", timeout=5_000)
    assert page.evaluate("document.activeElement.closest('.decisions') !== null"), page.evaluate(
        FOCUSED
    )
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_the_focus_goes_to_the_chip_once_seated(browser: Any, server: Server) -> None:
    """The "Seat N" clicked is gone once the player sits: the focus goes to the chip
    chosen, his first step to a wager (it fell to the page's body)."""
    assert server.table("focus-seat", "sic-bo.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-focus-seat")
    page.locator('.table-card[data-table="focus-seat"] h4 a').click()
    page.wait_for_selector(".felt")
    page.locator('[data-sit="2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.seat.mine[data-seat="2"]')
    page.wait_for_function("document.activeElement.dataset.chip !== undefined", timeout=5_000)
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


FIRST = """async () => {
  const { control } = await import('/play/js/commands.js');
  const { firstDecision } = await import('/play/js/focus.js');
  const decide = (values, gives_up) => ({ command: 'Decide', title: '', gives_up, fields: {
    seat: { kind: 'fixed', value: 1 },
    decision: { kind: 'choice', options: values.map((v) => ({ value: v, label: v })) } } });
  const fold = { command: 'Fold', gives_up: true, fields: { seat: { kind: 'fixed', value: 1 } } };
  const first = (offers) => {
    const section = document.createElement('section');
    const actions = document.createElement('div');
    actions.className = 'actions';
    section.append(actions);
    actions.append(...offers.map((lc) => control(lc, {}, () => {})));
    const got = firstDecision(section);
    return got === section ? 'the decisions' : got.textContent;
  };
  return [
    first([decide(['surrender'], true)]),
    first([fold, decide(['Hit', 'Stand'], false)]),
    first([decide(['surrender'], true), decide(['Hit', 'Stand'], false)]),
  ];
}"""


def test_a_turn_never_starts_on_giving_the_hand_up(browser: Any, server: Server) -> None:
    """A turn's focus goes to its first decision that plays the hand, never to a
    surrender or a fold (an offer the game flags ``gives_up``): at a phone's Double Back
    Jack with the dealer showing a ten it went to "Surrender", and Enter surrendered.
    Where only a surrender is offered, the focus is on the decisions, not on it."""
    context, page = sign_up(browser, server, "ann-focus-first")
    assert page.evaluate(FIRST) == ["the decisions", "Hit", "Hit"]
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
