"""A fresh player's trial of the browser tables: the header's won or lost figure since
the sign-in is the balance's change at every moment (it counted the stakes as lost and
added no win back until a reload); the keys still act after a click on the animation
checkbox; each decision carries its key from the moment it is drawn; the help lists
only the keys the table has; the round's status is said once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import (
    OPENING,
    Server,
    as_dealer,
    caught_up,
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


def header_net(page: Any) -> int:
    """The header's "Won/Lost since sign-in" figure in cents, won positive."""
    line = page.locator("#session").inner_text()
    match = re.search(r"(Won|Lost) since sign-in \$([\d,]+)\.(\d\d)", line)
    assert match, line
    cents = int(match.group(2).replace(",", "")) * 100 + int(match.group(3))
    return cents if match.group(1) == "Won" else -cents


def wait_net(page: Any, cents: int) -> None:
    """Wait (no reload) until the header's figure is ``cents`` (won positive)."""
    words = "Won" if cents >= 0 else "Lost"
    amount = f"${abs(cents) // 100:,}.{abs(cents) % 100:02d}"
    page.wait_for_function(
        f"document.querySelector('#session').innerText.includes('{words} since sign-in {amount}')",
        timeout=10_000,
    )


def test_sic_bo_won_or_lost_keys_and_help(browser: Any, server: Server) -> None:
    assert server.table("fresh-sb", "sic-bo.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-fresh")
    open_table(page, "fresh-sb", 1)
    dealer_context, dealer = as_dealer(browser, server, "fresh-sb")
    wait_net(page, 0)

    # A click on the animation checkbox leaves the keys working: "1" chooses the first chip.
    page.locator('[data-chip="1000"]').click()
    page.locator("[data-motion-toggle]").click()
    assert page.evaluate("document.activeElement.dataset.motionToggle") == ""
    first = page.locator(".rack .chip-button").first
    assert first.get_attribute("aria-pressed") == "false"
    page.keyboard.press("1")
    assert first.get_attribute("aria-pressed") == "true"

    # $20 on Small, $10 on Big: the balance is $30 down, and so is the figure.
    for chip, spot, placed in ((1000, "small", 1000), (1000, "small", 2000), (1000, "big", 1000)):
        page.locator(f'[data-chip="{chip}"]').click()
        page.locator(f'.sb-board [data-spot="{spot}"]').click()
        page.wait_for_selector(
            f'.sb-board [data-spot="{spot}"].has-wager[aria-label*="your wager ${placed // 100}."]'
        )
    assert shown_balance(page) == OPENING - 3000
    wait_net(page, -3000)

    # The help lists the keys of this table: no undo or clear (Sic Bo takes none down).
    page.keyboard.press("?")
    page.wait_for_selector("dialog.help [data-help='keys'] dt")
    keys = page.locator("dialog.help [data-help='keys'] dt").all_inner_texts()
    assert "R" in keys and "?" in keys
    assert "U" not in keys and "C" not in keys
    page.keyboard.press("Escape")

    # The shake, settled by the dealer's command: the figure follows the balance without
    # a reload, whatever the dice.
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector("table.results", timeout=20_000)
    view = server.get("/tables/fresh-sb/view", server.person("watch-fresh", "dealer"))
    dice = view["view"]["dice"]
    total, triple = sum(dice), len(set(dice)) == 1
    small = not triple and 4 <= total <= 10
    big = not triple and 11 <= total <= 17
    expected = OPENING - 3000 + (4000 if small else 0) + (2000 if big else 0)
    page.wait_for_function(f"document.querySelector('#balance').dataset.cents === '{expected}'")
    wait_net(page, expected - OPENING)
    assert header_net(page) == shown_balance(page) - OPENING

    # The round's status once: "(completed)", not "(completed, completed)".
    status = page.locator(".round").inner_text()
    assert re.fullmatch(r"Round \d+ \((\w[\w ]*)(, [\w ']+)?\)", status), status
    assert "completed, completed" not in status
    inside = status[status.index("(") + 1 : -1].split(", ")
    assert len(inside) == len(set(inside)), status
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_decisions_carry_their_keys_when_drawn(browser: Any, server: Server) -> None:
    assert server.table("fresh-keys", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "bob-fresh")
    open_table(page, "fresh-keys", 1)
    dealer_context, dealer = as_dealer(browser, server, "fresh-keys")
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]')
    # No key pressed yet: every decision already says its key.
    shortcuts = page.locator("section.decisions button:not([disabled])").evaluate_all(
        "l => l.map(b => b.getAttribute('aria-keyshortcuts'))"
    )
    assert shortcuts and all(s and re.fullmatch(r"[A-Z]", s) for s in shortcuts), shortcuts
    assert len(set(shortcuts)) == len(shortcuts)
    assert not set(shortcuts) & {"R", "U", "C"}
    dealer_context.close()
    context.close()


IN_SIGHT = """(ids) => ids.map((id) => {
  const n = id === 'helpline'
    ? [...document.querySelectorAll('#session span')].find(
        (s) => s.textContent.startsWith('Gambling problem?'))
    : document.querySelector(`[data-testid="${id}"]`);
  const r = n.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const ok = r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0
    && r.bottom <= innerHeight && (hit === n || n.contains(hit));
  return ok ? '' : `${id} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)}`;
}).filter(Boolean)"""


def test_the_helpline_and_the_money_figures_in_sight_at_390(browser: Any, server: Server) -> None:
    assert server.table("fresh-phone", "sic-bo.toml").status_code == 201
    # A long name: the header cuts it short, never the balance (it clipped the clocks).
    context, page = sign_up(browser, server, "cy-fresh Maximiliana Wolfeschlegelsteinhausen")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, "fresh-phone", 1)
    page.locator('[data-chip="1000"]').click()
    page.locator('.sb-board [data-spot="small"]').click()
    page.wait_for_selector('.sb-board [data-spot="small"].has-wager')
    wait_net(page, -1000)
    clocks = ["local-time", "elapsed", "time-limit", "previous-session"]
    problems = page.evaluate(IN_SIGHT, ["balance", "helpline", "wagered", "net", *clocks])
    assert problems == [], problems
    # Nothing in the header runs past the screen's edge or is scrolled out of sight.
    cut = page.evaluate(
        "[...document.querySelectorAll('header.top *')].filter(e => e.id !== 'who' && ("
        "e.getBoundingClientRect().right > innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1"
        " && getComputedStyle(e).overflowX !== 'visible')).map(e => e.tagName + '.' + e.className)"
    )
    assert cut == [], cut
    # The helpline and the figures take at most two short lines.
    lines = page.evaluate(
        "(() => { const n = document.querySelector('.session-main');"
        " return Math.round(n.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(n.closest('.session')).lineHeight)); })()"
    )
    assert 1 <= lines <= 2, lines
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_lobby_shows_the_tables_first_and_the_principal_wager(
    browser: Any, server: Server
) -> None:
    high_roll = 'game = "high-roll-dice"\n'
    assert server.table("fresh-hrd", high_roll).status_code == 201
    context, page = sign_up(browser, server, "di-fresh")
    page.set_viewport_size({"width": 1366, "height": 768})
    card = page.locator('.table-card[data-table="fresh-hrd"]')
    page.wait_for_function(
        "document.querySelector('.table-card[data-table=\"fresh-hrd\"] [data-card=return]')"
        ".dataset.edge !== ''",
        timeout=60_000,
    )
    # Signed in, the first table card is in sight without scrolling, above the forms.
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(".table-card").first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, box
    forms = page.locator("form.signin").first.bounding_box()
    assert forms is not None
    assert forms["y"] > box["y"]
    # The headline return is the principal wager's, Pip Street (675a.2(e)(1)), at its
    # best face under the table's odds (the help's table of returns, every face).
    headline = card.locator("[data-card=return]").inner_text()
    help_ = server.get("/tables/fresh-hrd/help", server.person("watch-hrd", "dealer"))
    pip = {w["wager"]: w for w in help_["returns"] if w["wager"].startswith("pip_street:")}
    assert len(pip) == 6
    best = max(pip.values(), key=lambda w: float(w["to_player"].rstrip("%")))
    assert headline.startswith(f"{best['to_player']} to the player"), headline
    assert best["words"] in headline, headline
    assert card.locator("[data-card=return]").get_attribute("data-edge") == best["exact"]
    assert pip["pip_street:two"]["to_player"] not in headline
    context.close()
