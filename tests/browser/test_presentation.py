"""Presentation (issue 34): the deal and the roll come in with a short animation that a
switch turns off (remembered in the browser) and that prefers-reduced-motion turns off;
a round the player won ends with a banner saying what it brought him; a dice table shows
its last 20 throws with their totals.

What the page shows is compared with what the server says: each round's net from the
history (``GET /tables/{id}/rounds``, computed there from the wallet's moves) and each
throw from the views the server serves (the rounds' views and the table's view)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import Server, caught_up, dollars, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

# Every animation started on a piece dealt or rolled, as it was computed when it came.
WATCH = """() => {
  window.dealt = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const p of [n, ...n.querySelectorAll('.dealt')]) {
        if (!p.classList || !p.classList.contains('dealt')) continue;
        window.dealt.push(getComputedStyle(p).animationName);
      }
    }
  }).observe(document.getElementById('main'), { childList: true, subtree: true });
}"""


def close_betting(server: Server, table_id: str, page: Any) -> None:
    dealer = server.person(f"dealer-{table_id}-{server.key()['Idempotency-Key']}", "dealer")
    caught_up(page, server)
    server.send(table_id, dealer, {"type": "AnnounceNoMoreBets"})


def play(page: Any, server: Server, table_id: str, spot: str, number: int) -> None:
    """A $10 wager on ``spot`` in round ``number``; the betting closed; the round over."""
    page.locator(f'.felt [data-spot="{spot}"].legal').first.click()
    page.wait_for_selector(f'.round[data-round="{table_id}-{number}"][data-status="open"]')
    close_betting(server, table_id, page)
    page.wait_for_selector(
        f'.round[data-round="{table_id}-{number}"]:not([data-status="open"])', timeout=20_000
    )


def token(page: Any) -> str:
    value: str = page.evaluate("localStorage.getItem('croupier.token')")
    return value


def test_the_win_banner_and_the_animation(browser: Any, server: Server) -> None:
    assert server.table("show", 'game = "sic-bo"\n').status_code == 201
    context, page = sign_up(browser, server, "ann-show")
    open_table(page, "show", 1)
    page.locator('[data-chip="1000"]').click()
    page.evaluate(WATCH)
    wins = 0
    number = 0
    while number < 12 and (wins == 0 or number < 2):
        number += 1
        play(page, server, "show", "small", number)
        (played,) = [
            r
            for r in server.get("/tables/show/rounds", token(page))["rounds"]
            if r["round_id"] == f"show-{number}"
        ]
        if played["net"] > 0:
            wins += 1
            banner = page.locator(".win-banner")
            banner.wait_for()
            assert banner.get_attribute("data-won") == str(played["net"])
            assert banner.inner_text() == f"You win {dollars(played['net'])}!"
        else:
            assert page.locator(".win-banner").count() == 0
    assert wins, "no win in 12 rounds of Small (each 48.6%)"
    # The shaker's three dice came in with the animation, every round.
    dealt = page.evaluate("window.dealt")
    assert dealt.count("croupier-deal") >= 3 * number, dealt
    # Off by the switch: remembered after a reload, no animation.
    page.locator("[data-motion-toggle]").uncheck()
    page.reload()
    page.wait_for_selector(".felt")
    assert not page.locator("[data-motion-toggle]").is_checked()
    assert page.evaluate("localStorage.getItem('croupier.motion')") == "off"
    page.locator('[data-chip="1000"]').click()
    page.evaluate(WATCH)
    number += 1
    play(page, server, "show", "small", number)
    page.wait_for_function("window.dealt.length >= 3")
    assert set(page.evaluate("window.dealt")) == {"none"}
    # On again, but the system asks for reduced motion: none either.
    page.locator("[data-motion-toggle]").check()
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(WATCH)
    number += 1
    play(page, server, "show", "small", number)
    page.wait_for_function("window.dealt.length >= 3")
    assert set(page.evaluate("window.dealt")) == {"none"}
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(WATCH)
    number += 1
    play(page, server, "show", "small", number)
    page.wait_for_function("window.dealt.length >= 3")
    assert set(page.evaluate("window.dealt")) == {"croupier-deal"}
    # The Sic Bo table's last results strip: every throw of these rounds.
    strip_shows_the_throws(page, server, "show")
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def expected_throws(server: Server, table_id: str, who: str) -> list[tuple[int, str]]:
    """(total, what it says) of every throw at the table, newest first, from the views
    the server serves: the rounds' (history) and the round open now (the table's)."""
    rounds = server.get(f"/tables/{table_id}/rounds", who)["rounds"]
    views = [r["view"] for r in rounds if r["view"]]
    now = server.get(f"/tables/{table_id}/view", who)
    if now["round_status"] == "open":
        views.insert(0, now["view"])
    out: list[tuple[int, str]] = []
    for v in views:
        if "history" in v:  # Craps: every roll of the turn, oldest first
            out += [(sum(r["dice"]), str(sum(r["dice"]))) for r in reversed(v["history"])]
        elif v.get("first_roll"):  # High Roll Dice: the count of the face called
            first = v["first_roll"]
            count = v["final_count"] if v["final_count"] is not None else first["count"]
            out.append((count, f"{count} × {first['face']}"))
        elif v.get("dice"):  # Sic Bo: the three dice
            out.append((sum(v["dice"]), str(sum(v["dice"]))))
    return out


def strip_shows_the_throws(page: Any, server: Server, table_id: str) -> None:
    """The page's last results (at least four) are the table's last 20 throws, newest
    first, each with its total and what it says."""
    expected = expected_throws(server, table_id, token(page))
    assert len(expected) >= 4
    page.wait_for_function(
        f"document.querySelectorAll('.last-results li').length === {min(len(expected), 20)}"
    )
    items = page.locator(".last-results li")
    shown = [
        (
            int(items.nth(i).get_attribute("data-total") or -1),
            items.nth(i).locator("strong").inner_text(),
        )
        for i in range(items.count())
    ]
    assert shown == expected[:20]


@pytest.mark.parametrize(
    ("game", "spot"),
    # Sic Bo's strip: test_the_win_banner_and_the_animation, after its rounds.
    [("high-roll-dice", "pip_street:six"), ("craps", "field")],
)
def test_the_last_results_strip(browser: Any, server: Server, game: str, spot: str) -> None:
    table_id = f"strip-{game}"
    assert server.table(table_id, f'game = "{game}"\n').status_code == 201
    context, page = sign_up(browser, server, f"ann-{table_id}")
    open_table(page, table_id, 1)
    page.locator('[data-chip="1000"]').click()
    for n in range(4):
        if game == "craps":  # one round is a turn of the dice: a roll at a time
            if page.locator('.felt [data-spot="pass"].legal:not(.has-wager)').count():
                page.locator('.felt [data-spot="pass"]').click()  # a shooter (623a.10)
                page.wait_for_selector('.felt [data-spot="pass"].has-wager')
            page.locator(f'.felt [data-spot="{spot}"].legal').first.click()
            page.wait_for_selector(f'.felt [data-spot="{spot}"].has-wager')
            caught_up(page, server)
            at = page.evaluate("JSON.stringify(document.querySelector('.round').dataset)")
            close_betting(server, table_id, page)
            page.wait_for_function(
                f"JSON.stringify(document.querySelector('.round').dataset) !== {at!r} && "
                f"document.querySelector('.felt [data-spot=\"{spot}\"].legal') !== null",
                timeout=20_000,
            )
        else:
            play(page, server, table_id, spot, n + 1)
    strip_shows_the_throws(page, server, table_id)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
