"""One screen (issue 34): at 1366x768 and at 390x844 a seated player of every game sees,
without scrolling, the felt with every area he can bet, his own hand, the dealer's cards
or the dice, his decisions, the countdown, his balance and his total bet; the other
seats fold away under a disclosure. Each element is checked by its box (inside the
viewport, not empty) and by what the page shows at its centre (``elementFromPoint``: it
or something in it, so nothing covers it).

Each game is set up once: a player with a long name signs up and sits (beside another),
wagers (the betting's countdown starts with the first wager), is checked at both sizes
in the betting, and at a card game the dealer closes the betting (the API) and the
player is checked again at his decision.
With CROUPIER_SCREENSHOTS=1 the screen at each size goes to
docs/screenshots/one-screen-<game>-<size>.png.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from browser_support import (
    EXAMPLES,
    Server,
    caught_up,
    missing,
    open_table,
    pai_gow_dealt,
    shot,
    sign_up,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}

# What the player must see; each selector may match several elements (each is checked).
ALWAYS = {
    "balance": "#balance",
    "total bet": "[data-total-bet]",
    "countdown": ".turn .countdown",
    "dealer or dice": ".felt .centre > *",
}
BETTING = {
    "areas he can bet or has bet": ".felt .spot.legal, .felt .spot.has-wager",
    # The chip chosen, wherever a wager can be placed now ("?": none where none can).
    "chips?": ".controls:not(.no-wager) .rack .chip-button[aria-pressed='true']",
}
DECIDING = {
    "his hand": ".seat.mine .hand",
    "decisions": ".decisions .actions > button, .decisions .actions form button",
}

# Where to wager, and how the round reaches a player's decision (the dealer's command;
# None: a dice game, whose betting is the decision point). At Craps the dealer's command
# brings the come-out roll (the dice chosen for the shooter, the table's generator
# throwing) and the betting after it: the odds and the Come wagers, checked as betting.
GAMES: dict[str, tuple[str, str, str | None]] = {
    "craps": ('game = "craps"\n', "pass", "AnnounceNoMoreBets"),
    "mini-craps": ("mini-craps.toml", "pass", "AnnounceNoMoreBets"),
    "sic-bo": ('game = "sic-bo"\n', "small", None),
    "high-roll-dice": ('game = "high-roll-dice"\n', "pip_street:ace", None),
    "pai-gow": ('game = "pai-gow"\n', "pai_gow", "AnnounceNoMoreBets"),
    "double-back-jack": ('game = "double-back-jack"\n', "blackjack", "DealCards"),
    "criss-cross-poker": ('game = "criss-cross-poker"\n', "", "AnnounceNoMoreBets"),
    "go-fore-it": ('game = "go-fore-it"\n', "front_9", "AnnounceNoMoreBets"),
}

LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft"
"""Each player's name runs long: the layout must not move with a name's length (the
header and the seats cut a long name short; Craps' phone layout broke with one)."""

SEEN = """(selectors) => {
  const out = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  const named = (n) => {
    const cls = String(n.className.baseVal ?? n.className).split(' ')[0];
    return `${n.tagName.toLowerCase()}.${cls}${n.dataset?.spot ? ' ' + n.dataset.spot : ''}`;
  };
  const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
  for (const [what, selector] of Object.entries(selectors)) {
    const nodes = [...document.querySelectorAll(selector)].filter(
      (n) => !n.closest('details:not([open])') || n.closest('summary'));
    if (!nodes.length && !what.endsWith('?')) out.push(`${what}: nothing matches ${selector}`);
    for (const n of nodes) {
      const r = n.getBoundingClientRect();
      const name = `${what} (${named(n)})`;
      if (r.width < 1 || r.height < 1) { out.push(`${name}: empty box`); continue; }
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
        out.push(`${name}: at ${at(r)}, outside ${vw}x${vh}`);
        continue;
      }
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!top || !(n === top || n.contains(top))) {
        out.push(`${name}: covered by ${top ? named(top) : 'nothing'}`);
      }
    }
  }
  return out;
}"""


def unseen(page: Any, selectors: dict[str, str]) -> list[str]:
    """What of ``selectors`` the player cannot see on the screen as it is (no scroll)."""
    page.evaluate("window.scrollTo(0, 0)")
    problems: list[str] = page.evaluate(SEEN, selectors)
    return problems


def check(page: Any, game: str, phase: str, selectors: dict[str, str]) -> list[str]:
    problems = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        # The layout settles: no deal animation running (app.css: 0.35 s; the layout
        # follows the size by CSS alone), then two frames drawn at this size.
        page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
        # No command of the page's in flight: while one is, its buttons take no clicks
        # (aria-busy, app.css), so a point on one finds the area under it.
        page.wait_for_selector('.table-page:not([aria-busy="true"])', state="attached")
        page.evaluate(
            "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        problems += [f"{size}, {phase}: {p}" for p in unseen(page, selectors)]
        # Nothing sideways either: the page is no wider than the screen.
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"{size}, {phase}: the page is wider than the screen")
        if phase == "decision" or GAMES[game][2] is None:
            shot(page, f"one-screen-{game}-{size}", full_page=False)
    return problems


def wager(page: Any, spot: str) -> None:
    page.locator('[data-chip="1000"]').click()
    if not spot:  # Criss-Cross Poker: both Antes at once (674a.7(d))
        page.locator('[data-command="PlaceAntes"] [data-action="PlaceAntes"]').click()
        page.wait_for_selector('.seat.mine [data-spot="ante_down"].has-wager')
        return
    page.locator(f'.felt [data-spot="{spot}"].legal').first.click()
    page.wait_for_selector(f'.felt [data-spot="{spot}"].has-wager')


CODE = re.compile(r"\b[a-z]+:[a-z-]+\b")
"""An internal rule code (``server:seats``): never shown to a player."""

CONTRAST = """(selector) => {
  const node = document.querySelector(selector);
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(node);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
"""The WCAG contrast ratio of an element's text colour on its own (opaque) background."""

DECISION = ".decisions .actions [data-action]:not([data-decline])"


def decided(page: Any, server: Server, table_id: str, spot: str, deal: str, dealer: str) -> None:
    """Wait for the player's decision; a round that ends without one (a blackjack dealt)
    is followed by another, up to three."""
    for _ in range(3):
        # A decision shown once an optional wait (Insurance: one second, the turn's kind
        # "optional") has passed, or the round over.
        page.wait_for_function(
            f"(document.querySelector('{DECISION}') !== null && "
            "document.querySelector('.turn').dataset.kind !== 'optional') || "
            "document.querySelector('.round').dataset.status !== 'open'",
            timeout=15_000,
        )
        if page.locator(DECISION).count():
            page.wait_for_selector(".turn .countdown[data-seconds]")
            return
        # The round's marker is never shown (data for the page's scripts): attached.
        page.wait_for_selector('.round:not([data-status="open"])', state="attached")
        wager(page, spot)
        caught_up(page, server)
        r = server.admin.post(
            f"/tables/{table_id}/commands",
            json={"command": {"type": deal}},
            headers={"Authorization": f"Bearer {dealer}", **server.key()},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("three rounds without a decision for the player")


@pytest.mark.parametrize("game", list(GAMES))
def test_one_screen(browser: Any, server: Server, game: str) -> None:
    rules, spot, deal = GAMES[game]
    table_id = f"one-{game}"
    text = (EXAMPLES / rules).read_text() if rules.endswith(".toml") else rules
    # Clocks long enough for the test, shown as the player would see them.
    settings = {"betting_seconds": 600, "decision_seconds": 600, "optional_seconds": 1}
    body = {"id": table_id, "rules_toml": text, "settings": settings}
    made = server.admin.post("/tables", json=body)
    assert made.status_code == 201, made.text
    # Another player at the table: his seat folds away on the player's screen.
    bob = server.person(f"rob-{game} {LONG}", "player")
    r = httpx.post(
        f"{server.url}/tables/{table_id}/seats",
        json={"seat": 1},
        headers={"Authorization": f"Bearer {bob}"},
    )
    assert r.is_success, r.text
    context, page = sign_up(browser, server, f"amy-{game} {LONG}")
    open_table(page, table_id, 2)
    wager(page, spot)
    page.wait_for_selector(".turn .countdown[data-seconds]")
    # At Craps the seat is a line of the wagers on the board (no hand): in sight too.
    own = {"his own seat": ".cr-seats .mine"} if "craps" in game else {}
    problems = check(page, game, "betting", {**ALWAYS, **BETTING, **own})
    # The other seats are under one disclosure, closed.
    closed = page.evaluate(
        "[...document.querySelectorAll('.seat:not(.mine)')]"
        ".every((s) => s.closest('details.other-seats:not([open])') !== null)"
    )
    if not closed:
        problems.append("the other seats are not folded under a disclosure")
    if deal is not None:
        dealer = server.person(f"dealer-{game}", "dealer")
        caught_up(page, server)
        r = server.admin.post(
            f"/tables/{table_id}/commands",
            json={"command": {"type": deal}},
            headers={"Authorization": f"Bearer {dealer}", **server.key()},
        )
        assert r.status_code == 200, r.text
        if "craps" in game:
            page.wait_for_selector(".cr-history li", state="attached", timeout=15_000)
            page.wait_for_selector(".turn .countdown[data-seconds]")
            problems += check(page, game, "decision", {**ALWAYS, **BETTING, **own})
        else:
            decided(page, server, table_id, spot, deal, dealer)
            problems += check(page, game, "decision", {**ALWAYS, **DECIDING})
    assert problems == [], "\n".join(problems)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_craps_phone_seated_during_a_turn_of_the_dice(browser: Any, server: Server) -> None:
    """Issue 34 (a fresh player's report): at 390x844 a player who sits at Craps while a
    shooter's point is on sees the notice that he bets from the next round, and with it
    still his balance, total bet, countdown, the felt, the chips and his own seat, without
    scrolling; choosing a chip does not scroll the page. Then (a second report) she wins:
    her Don't Pass Bar 12 when her own point is sevened out; Rob's wager opens the next
    betting, her $1 chip on Don't Pass is refused in words (the least is $5): the win's
    banner is not in the bar held at the screen's bottom, and no area she can bet is
    under that bar."""
    toml = (EXAMPLES / "craps.toml").read_text()
    settings = {"betting_seconds": 600, "decision_seconds": 600, "physical_dice": True}
    body = {"id": "one-late-craps", "rules_toml": toml, "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    bob = server.person(f"rob-late {LONG}", "player")
    dealer = server.person("dealer-late", "dealer")
    r = httpx.post(
        f"{server.url}/tables/one-late-craps/seats",
        json={"seat": 1},
        headers={"Authorization": f"Bearer {bob}"},
    )
    assert r.is_success, r.text
    server.deposit(bob)
    server.send(
        "one-late-craps",
        bob,
        {"type": "PlaceWager", "seat": 1, "spot": "pass", "amount": 1000},
    )
    server.send("one-late-craps", dealer, {"type": "AnnounceNoMoreBets"})
    server.send("one-late-craps", bob, {"type": "SelectDice", "seat": 1, "first": 1, "second": 2})
    server.send("one-late-craps", dealer, {"type": "ThrowDice", "faces": [4, 2]})
    server.send("one-late-craps", dealer, {"type": "CallRoll"})  # the point is 6
    context, page = sign_up(browser, server, f"amy-late {LONG}")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, "one-late-craps", 2)
    late = page.locator(".cr-late")
    late.wait_for()
    page.wait_for_selector(".turn .countdown[data-seconds]")
    mine = {
        "his own seat": ".cr-seats .mine",
        "chips?": ".controls:not(.no-wager) .rack .chip-button",
    }
    problems = unseen(page, {**ALWAYS, **mine, "the notice": ".cr-late"})
    # The notice names the rule in words, never by its code, and reads dark on light.
    said = late.inner_text()
    if CODE.search(said):
        problems.append(f"the notice shows a code: {said}")
    ratio = page.evaluate(CONTRAST, ".cr-late")
    if ratio < 4.5:
        problems.append(f"the notice's contrast is {ratio:.2f}, under 4.5")
    # The shooter sevens out; the next round's come-out: the player bets.
    server.send("one-late-craps", dealer, {"type": "AnnounceNoMoreBets"})
    server.send("one-late-craps", dealer, {"type": "ThrowDice", "faces": [3, 4]})
    server.send("one-late-craps", dealer, {"type": "CallRoll"})
    late.wait_for(state="detached")
    page.locator('[data-chip="500"]').click()
    assert page.evaluate("window.scrollY") == 0, "choosing a chip scrolled the page"
    page.locator('.felt [data-spot="dont_pass"].legal').click()
    page.wait_for_selector('.felt [data-spot="dont_pass"].has-wager')
    page.wait_for_selector(".turn .countdown[data-seconds]")
    # Its command answered: while one is in flight no button takes a click (app.css).
    page.wait_for_selector(".table-page:not([aria-busy])")
    problems += unseen(page, {**ALWAYS, **BETTING, **mine})
    assert problems == [], "\n".join(problems)
    # She shoots (the first seat clockwise from Rob holding a line wager, 623a.10): 4-2
    # sets the point 6, 3-4 sevens out; her $5 Don't Pass wins $5 (1 to 1).
    amy = page.evaluate("localStorage.getItem('croupier.token')")
    caught_up(page, server)
    server.send("one-late-craps", dealer, {"type": "AnnounceNoMoreBets"})
    server.send("one-late-craps", amy, {"type": "SelectDice", "seat": 2, "first": 1, "second": 2})
    for faces in ([4, 2], [3, 4]):
        if faces == [3, 4]:
            server.send("one-late-craps", dealer, {"type": "AnnounceNoMoreBets"})
        server.send("one-late-craps", dealer, {"type": "ThrowDice", "faces": faces})
        server.send("one-late-craps", dealer, {"type": "CallRoll"})
    banner = page.locator(".win-banner")
    banner.wait_for(timeout=15_000)
    assert banner.inner_text() == "You win $5.00!"
    bet = {"type": "PlaceWager", "seat": 1, "spot": "pass", "amount": 1000}
    server.send("one-late-craps", bob, bet)
    page.wait_for_selector(".turn .countdown[data-seconds]")
    page.locator('[data-chip="100"]').click()
    page.locator('.felt [data-spot="dont_pass"].legal').click()
    page.wait_for_selector("#messages .error")
    page.wait_for_selector(".table-page:not([aria-busy])")
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    held = banner.evaluate(
        "(n) => { for (let a = n; a; a = a.parentElement) "
        "if (getComputedStyle(a).position === 'sticky') return a.className; return null; }"
    )
    assert held is None, f"the win banner is in the bar held on screen ({held})"
    problems = unseen(page, BETTING)
    assert problems == [], "\n".join(problems)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


HELP_FITS = """() => {
  const dialog = document.querySelector('dialog.help[open]');
  const out = [];
  const box = dialog.getBoundingClientRect();
  const vw = window.innerWidth, vh = window.innerHeight;
  if (box.left < -0.5 || box.right > vw + 0.5) out.push(`the panel at ${box.left}-${box.right}`);
  if (dialog.scrollWidth > dialog.clientWidth + 1) {
    out.push(`its content ${dialog.scrollWidth} px wide in ${dialog.clientWidth}`);
  }
  dialog.scrollTop = dialog.scrollHeight;  // the end of the help: Close still in reach
  const close = dialog.querySelector('[data-help="close"]').getBoundingClientRect();
  if (close.top < 0 || close.bottom > vh || close.right > vw || close.width < 1) {
    out.push(`Close at ${close.top}-${close.bottom} once scrolled to the end`);
  } else {
    const [x, y] = [close.left + close.width / 2, close.top + close.height / 2];
    const top = document.elementFromPoint(x, y);
    if (top?.dataset?.help !== 'close') out.push('Close is covered once scrolled to the end');
  }
  return out;
}"""


@pytest.mark.parametrize("rules", ["craps.toml", "pai-gow.toml"])
def test_the_help_fits_a_phone(browser: Any, server: Server, rules: str) -> None:
    """Issue 34 (a fresh player's report): at 390x844 the help panel was wider than the
    screen (its right edge at 412 px, its tables 513 px wide at Pai Gow, 1148 px at
    Craps) and its Close button came only at the very end. The panel and all it holds
    fit the width, and Close stays in reach at the top however far the player reads."""
    table_id = f"help-{rules.removesuffix('.toml')}"
    assert server.table(table_id, rules).status_code == 201
    context, page = sign_up(browser, server, f"ann-{table_id}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(f'.table-card[data-table="{table_id}"] [data-help-table]').click()
    dialog = page.locator("dialog.help[open]")
    dialog.locator('[data-help="sign"] table').first.wait_for()
    problems = page.evaluate(HELP_FITS)
    assert problems == [], problems
    dialog.locator('[data-help="close"]').click()
    page.locator("dialog.help").wait_for(state="detached")
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_sic_bo_phone_chips_stay_in_view_when_the_countdown_appears(
    browser: Any, server: Server
) -> None:
    """Issue 34 (a fresh player's report): at 390x844 the betting countdown, appearing
    with the round's first wager (another's), pushed Sic Bo's chips about 14 px below
    the screen."""
    text = 'game = "sic-bo"\n'
    settings = {"betting_seconds": 600, "decision_seconds": 600, "optional_seconds": 1}
    body = {"id": "one-sic-bo-chips", "rules_toml": text, "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    bob = server.person(f"rob-chips {LONG}", "player")
    r = httpx.post(
        f"{server.url}/tables/one-sic-bo-chips/seats",
        json={"seat": 2},
        headers={"Authorization": f"Bearer {bob}"},
    )
    assert r.is_success, r.text
    context, _first = sign_up(browser, server, f"amy-chips {LONG}")
    # A player back for another session: the header says when his last one was.
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector(".table-cards .table-card")
    open_table(page, "one-sic-bo-chips", 1)
    chips = {"every chip": ".rack .chip-button", **ALWAYS}
    # A round played first (its dice, its results and the strip of last throws shown);
    # in the next, before the player wagers (the rack offers his rebet), another's wager
    # starts the countdown.
    wager(page, "small")
    dealer = server.person("dealer-sic-bo-chips", "dealer")
    caught_up(page, server)
    server.send("one-sic-bo-chips", dealer, {"type": "AnnounceNoMoreBets"})
    page.wait_for_selector("table.results", timeout=20_000)
    page.wait_for_selector('[data-rack="rebet"]')
    server.deposit(bob)
    server.send(
        "one-sic-bo-chips",
        bob,
        {"type": "PlaceWager", "seat": 2, "spot": "big", "amount": 1000},
    )
    page.wait_for_selector(".turn .countdown[data-seconds]")
    problems = unseen(page, {**chips, **BETTING})
    assert problems == [], "\n".join(problems)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


CRAPS_REACH = """() => {
  const out = [];
  const vw = window.innerWidth;
  const shown = (n) => !n.closest('details:not([open])') || n.closest('summary');
  // Where its text lies (a label's words may run past its box).
  const extent = (n) => {
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    return r.width >= 1 ? r : n.getBoundingClientRect();
  };
  const named = (n) => `${n.tagName.toLowerCase()} "${n.textContent.trim().slice(0, 30)}"`;
  const at = (r) => [r.left, r.right].map(Math.round).join('..');
  const buttons = [...document.querySelectorAll('.table-page button')];
  const labels = [...document.querySelectorAll(
    '.cr-board .cr-word > strong, .cr-board .cr-word > small, .cr-board .cr-name, '
    + '.cr-board .cr-odds, .cr-board .cr-row-numbers')];
  // A button by its box (where it is clicked), a label by its box and its words.
  for (const n of [...buttons, ...labels].filter(shown)) {
    const box = n.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;  // not drawn at this size
    for (const r of labels.includes(n) ? [box, extent(n)] : [box]) {
      if (r.left < -0.5 || r.right > vw + 0.5) {
        out.push(`${named(n)} at ${at(r)}, outside 0..${vw}`);
        break;
      }
    }
  }
  // The propositions' words, each apart from every other.
  const props = [...document.querySelectorAll(
    '.cr-props .cr-word > *, .cr-side-bets .cr-word > *')]
    .filter((n) => n.getBoundingClientRect().width >= 1).map((n) => [n, extent(n)]);
  for (let i = 0; i < props.length; i++) {
    for (let j = i + 1; j < props.length; j++) {
      const [a, ra] = props[i], [b, rb] = props[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const hgt = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 0.5 && hgt > 0.5) out.push(`${named(a)} overlaps ${named(b)}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("rules", ["craps.toml", "mini-craps.toml"])
def test_craps_phone_every_control_and_label_in_reach(
    browser: Any, server: Server, rules: str
) -> None:
    """Issue 34 (a fresh player's report): at 390x844, after a bet, "Clear my wagers"
    ended at x=444 (no sideways scroll to reach it) and at Mini-Craps the proposition
    labels (the hardways, Horn, C and E, Fire) ran over each other. Every button and
    label of the table lies within the screen's width, and no two proposition labels
    overlap."""
    table_id = f"reach-{rules.removesuffix('.toml')}"
    assert server.table(table_id, rules).status_code == 201
    context, page = sign_up(browser, server, f"amy-{table_id} {LONG}")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, table_id, 1)
    page.locator('[data-chip="500"]').click()
    for spot in ("pass", "field"):
        page.locator(f'.felt [data-spot="{spot}"].legal').first.click()
        page.wait_for_selector(f'.felt [data-spot="{spot}"].has-wager')
    page.wait_for_selector('[data-rack="clear"]')
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    problems = page.evaluate(CRAPS_REACH)
    assert problems == [], "\n".join(problems)
    # The propositions run the felt's width under the numbers, lines and Field, as at
    # Craps (a second fresh player found Mini-Craps's crushed into a column a letter
    # wide at the right: its wider rule for a mini table outranked the phone's).
    # Both boxes in one reading of the page, once it shows the server's latest frame (two
    # readings can fall either side of a frame redrawing the layout: under load one did).
    caught_up(page, server)
    props, main = page.evaluate(
        "['.cr-props', '.cr-main'].map((s) => { const r = document.querySelector(s)"
        "?.getBoundingClientRect(); return r ? { y: r.y, width: r.width, height: r.height }"
        " : null; })"
    )
    assert props is not None and main is not None
    assert props["width"] > 0.9 * main["width"] and props["y"] >= main["y"] + main["height"] - 1
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_pai_gow_phone_both_hands_in_sight_at_the_surrender(browser: Any, server: Server) -> None:
    """A second fresh player at 390x844: once his hands were set and the Surrender was
    offered (621a.10(e)), his low hand sat under the sticky bar of the bet and the
    Surrender button, where he must see it to choose. Both his hands, the dealer's and
    the Surrender are in sight, none covered."""
    name = f"amy-gow-surrender {LONG}"
    context, page = pai_gow_dealt(browser, server, "gow-surrender", name)
    page.set_viewport_size({"width": 390, "height": 844})
    tiles = page.locator(".tile-picker [data-tile-index]")
    tiles.nth(0).click()
    tiles.nth(1).click()
    page.locator('.decisions [data-action="SetHands"]').click()
    page.locator('.decisions [data-action="Surrender"]').wait_for(timeout=15_000)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    seen = {
        "his hands": '.seat.mine .pg-hand[data-hand="high"], .seat.mine .pg-hand[data-hand="low"]',
        "the dealer's hands": ".dealer-area .pg-hand",
        "the surrender": '.decisions [data-action="Surrender"]',
    }
    problems = unseen(page, seen)
    # Whole, not only its middle: the top and the bottom of each are its own too.
    problems += page.evaluate(WHOLE, seen["his hands"])
    assert problems == [], "\n".join(problems)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


WHOLE = """(selector) => [...document.querySelectorAll(selector)].flatMap((n) => {
  const r = n.getBoundingClientRect();
  return [r.top + 2, r.bottom - 2].flatMap((y) => {
    const top = document.elementFromPoint(r.left + r.width / 2, y);
    const by = top ? top.className : 'nothing';
    return top && (n === top || n.contains(top)) ? [] : [
      `${n.dataset.hand} hand: covered at y=${Math.round(y)} by ${by}`];
  });
})"""


WIDE = """() => [document.scrollingElement.scrollWidth,
  [...document.querySelectorAll('.table-page *')].filter(
    (e) => e.getBoundingClientRect().right > 390.5)
    .map((e) => e.tagName + '.' + e.className).slice(0, 5)]"""


def test_no_table_is_wider_than_a_phone_seated_or_not(browser: Any, server: Server) -> None:
    """A fresh player's report: Craps at 390x844, not seated, was 658 px wide (the free
    seats' buttons in one row, Seats 11-14 off the screen) and the seats were at the very
    bottom, under the whole board. At every game, unseated and seated, the page is no
    wider than the screen; unseated, the first free seat's button is on the screen
    without scrolling and not covered, in the screen's upper half."""
    context, page = sign_up(browser, server, "ann-narrow")
    page.set_viewport_size({"width": 390, "height": 844})
    problems = []
    for game, (rules, _spot, _command) in GAMES.items():
        table = f"narrow-{game}"
        text = (EXAMPLES / rules).read_text() if rules.endswith(".toml") else rules
        body = {"id": table, "rules_toml": text, "settings": {"betting_seconds": None}}
        assert server.admin.post("/tables", json=body).status_code == 201
        page.goto(f"{server.url}/#/table/{table}")
        page.wait_for_selector(".felt")
        page.wait_for_selector("[data-sit]")
        width, wide = page.evaluate(WIDE)
        if width > 390:
            problems.append(f"{game} unseated: {width} px wide: {wide}")
        problems += [
            f"{game} unseated: {p}"
            for p in unseen(page, {"a seat": ".seat-bar [data-sit]:first-of-type"})
        ]
        # Near the top: in the screen's upper half, above the felt.
        box = page.locator(".seat-bar [data-sit]").first.bounding_box()
        if box["y"] > 422:
            problems.append(f"{game} unseated: the first free seat at y={box['y']:.0f}")
        page.locator('[data-sit="1"]').click()
        page.wait_for_selector('.seat.mine[data-seat="1"], .mine[data-seat="1"]')
        page.wait_for_selector("[data-leave]")
        width, wide = page.evaluate(WIDE)
        if width > 390:
            problems.append(f"{game} seated: {width} px wide: {wide}")
    assert problems == [], "\n".join(problems)
    context.close()
