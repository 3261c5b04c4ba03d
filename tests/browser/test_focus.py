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
    # The Back 9 placed from the keyboard: its button is gone, the focus goes on from it
    # (it fell to the page's body): to a decision left, or, the round over and nothing
    # to decide, to the chip chosen for the next round's betting (issue 34).
    page.keyboard.press("Enter")
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]', state="detached")
    page.wait_for_selector(".table-page:not([aria-busy])")
    page.wait_for_function("document.activeElement !== document.body", timeout=5_000)
    assert page.evaluate(PLAYABLE), page.evaluate(FOCUSED)
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


TURN_FOCUS = """async () => {
  const { control } = await import('/play/js/commands.js');
  const { turnFocus } = await import('/play/js/focus.js');
  const decide = (values, gives_up) => ({ command: 'Decide', title: '', gives_up, fields: {
    seat: { kind: 'fixed', value: 1 },
    decision: { kind: 'choice', options: values.map((v) => ({ value: v, label: v })) } } });
  const section = document.createElement('section');
  section.tabIndex = -1;
  const actions = document.createElement('div');
  actions.className = 'actions';
  section.append(actions);
  document.getElementById('main').append(section);
  actions.append(control(decide(['surrender'], true), {}, () => {}));
  const start = turnFocus(section, true);
  start.focus();
  const before = document.activeElement === section ? 'the decisions' : 'elsewhere';
  actions.append(control(decide(['Hit', 'Stand'], false), {}, () => {}));
  const next = turnFocus(section, false);
  return [before, next ? next.textContent : 'stays'];
}"""


def test_the_focus_moves_from_the_decisions_to_hit_when_it_appears(
    browser: Any, server: Server
) -> None:
    """A fresh player's report (Double Back Jack, desktop): the turn started with only a
    surrender offered, the focus on "your decisions"; when Hit and Stand appeared it
    stayed there, not on the first decision as docs/browser.md promises."""
    context, page = sign_up(browser, server, "ann-focus-hit")
    assert page.evaluate(TURN_FOCUS) == ["the decisions", "Hit"]
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


# Where the focus may be once the control clicked is gone: the decisions where one is to
# make, the chip chosen or an area of the felt he may bet; never the page's body, nor the
# skip link above the table, nor decisions with nothing to decide.
PLAYABLE = """() => {
  const n = document.activeElement;
  if (!n || n === document.body || n.classList.contains('skip')) return false;
  const decisions = document.querySelector('.decisions');
  const deciding = decisions && decisions.querySelector('.actions button:not([disabled])');
  return (deciding && n.closest('.decisions') !== null) || n.matches('.rack .chip-button')
    || n.matches('.felt .spot.legal');
}"""


def settle_down(page: Any) -> None:
    """The command's answer and the redraws it brings are over."""
    page.wait_for_selector(".table-page:not([aria-busy])")
    page.evaluate("new Promise((done) => setTimeout(done, 1500))")


def table(server: Server, table_id: str, game: str, optional: int = 1) -> None:
    """A table of ``game`` whose clocks outlast the test but an optional choice's
    (Insurance, a Pai Gow surrender): ``optional`` seconds."""
    settings = {"betting_seconds": 600, "decision_seconds": 600, "optional_seconds": optional}
    body = {"id": table_id, "rules_toml": f'game = "{game}"\n', "settings": settings}
    made = server.admin.post("/tables", json=body)
    assert made.status_code == 201, made.text


ON_THE_BETTING = """(clicked) => {
  const n = document.activeElement;
  const spot = document.querySelector(`.seat.mine [data-spot="${clicked}"]`);
  if (spot && !spot.disabled) return n === spot;
  return n.matches('.rack .chip-button[aria-pressed="true"]') || n.matches('.felt .spot.legal');
}"""
"""The focus after a wager: on the area clicked, or where it takes no more (High Roll
Dice: one wager per spot, 675a.2(e)), on the chip chosen or an area he may bet."""


def test_the_focus_stays_on_the_betting_at_high_roll_dice(browser: Any, server: Server) -> None:
    """Issue 34: after a click on a Pip Street area the focus went to "Skip to the table"
    (390x844) or to "Your decisions" (1366x768), though there is no decision to make; it
    stays on the area or, the area taking no more, goes to the chip or another area."""
    table(server, "focus-hrd", "high-roll-dice")
    context, page = sign_up(browser, server, "ann-focus-hrd")
    open_table(page, "focus-hrd", 1)
    page.locator('[data-chip="500"]').click()
    sizes = {"pip_street:ace": (390, 844), "pip_street:two": (1366, 768)}
    for n, (spot, (width, height)) in enumerate(sizes.items(), start=1):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'[data-total-bet="{500 * n}"]')
        settle_down(page)
        assert page.evaluate(ON_THE_BETTING, spot), (width, page.evaluate(FOCUSED))
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_the_focus_after_stand_at_double_back_jack(browser: Any, server: Server) -> None:
    """Issue 34: at 390x844, after "Stand" the focus went to "Skip to the table"; it goes
    to the next decision or, the turn over, to the chips or the felt."""
    table(server, "focus-dbj", "double-back-jack")
    dealer = server.person("dealer-focus-dbj", "dealer")
    context, page = sign_up(browser, server, "ann-focus-dbj")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, "focus-dbj", 1)
    page.locator('[data-chip="1000"]').click()
    stand = '.decisions [data-action="Decide:stand"]'
    for _ in range(4):  # a round dealt a Blackjack has no decision: another
        page.locator('.seat.mine [data-spot="blackjack"].legal').first.click()
        page.wait_for_selector('.seat.mine [data-spot="blackjack"].has-wager')
        caught_up(page, server)
        server.send("focus-dbj", dealer, {"type": "DealCards"})
        page.wait_for_function(
            f"document.querySelector('{stand}') !== null || "
            "document.querySelector('.round').dataset.status !== 'open'",
            timeout=15_000,
        )
        if page.locator(stand).count():
            break
        page.wait_for_selector('.seat.mine [data-spot="blackjack"].legal', timeout=15_000)
    page.locator(stand).click()
    page.wait_for_selector(stand, state="detached", timeout=15_000)
    settle_down(page)
    assert page.evaluate(PLAYABLE), page.evaluate(FOCUSED)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


@pytest.mark.parametrize("action", ["SetHands", "Surrender"])
def test_the_focus_after_set_hands_or_surrender_at_pai_gow(
    browser: Any, server: Server, action: str
) -> None:
    """Issue 34: at 1366x768, after "Set hands" or "Surrender" the focus fell to the page's
    body; it goes to the next decision or, the hand done, to the chips or the felt. The
    surrender is offered after the hands are set (621a.10(e)): with a second to choose it
    at the table where the hands are set, a minute where it is clicked."""
    table_id = f"focus-gow-{action.lower()}"
    table(server, table_id, "pai-gow", 1 if action == "SetHands" else 600)
    dealer = server.person(f"dealer-{table_id}", "dealer")
    context, page = sign_up(browser, server, f"ann-{table_id}")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_table(page, table_id, 5)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"].legal').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(page, server)
    server.send(table_id, dealer, {"type": "AnnounceNoMoreBets"})
    button = page.locator(f'.decisions [data-action="{action}"]')
    page.locator('.decisions [data-action="SetHands"]').wait_for(timeout=15_000)
    tiles = page.locator(".tile-picker [data-tile-index]")
    tiles.nth(0).click()
    tiles.nth(1).click()
    page.locator('.decisions [data-action="SetHands"]').click()
    if action == "Surrender":
        button.click()
    button.wait_for(state="detached", timeout=15_000)
    page.wait_for_selector("table.results", timeout=20_000)  # the round is over
    settle_down(page)
    assert page.evaluate(PLAYABLE), page.evaluate(FOCUSED)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
