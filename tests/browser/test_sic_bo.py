"""Sic Bo in headless Chromium: two players at one table bet on the classic layout (one
board for everyone: Small, Big, the triples, the doubles, the totals, the fifteen
combinations and the six numbers), several wagers each in one round; the dealer announces
"no more bets"; the automated shaker's three dice show, the winning areas light, and each
balance is the ledger's wallet and what the paytable pays on those dice, worked here.

The server and the browser are the session's (conftest.py), the helpers browser_support's. With
CROUPIER_SCREENSHOTS=1 the table after the shake goes to docs/screenshots/sic-bo.png.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    OPENING,
    Server,
    as_dealer,
    caught_up,
    dollars,
    me,
    missing,
    open_table,
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


# The example's paytable (examples/rules/sic-bo.toml, the figures of the low table),
# typed from ../shared/games/craps-and-sic-bo.md.
TOTAL_ODDS = {4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6}
TOTAL_ODDS |= {21 - t: odds for t, odds in TOTAL_ODDS.items()}


def winnings(spot: str, dice: list[int]) -> int | None:
    """Winnings per unit of ``spot`` on ``dice``, ``None`` where it loses (625a.3)."""
    total, triple = sum(dice), len(set(dice)) == 1
    kind, _, what = spot.partition(":")
    if kind in ("small", "big"):
        low = kind == "small"
        return 1 if not triple and (4 <= total <= 10 if low else 11 <= total <= 17) else None
    if kind == "any_three_of_a_kind":
        return 24 if triple else None
    if kind == "total":
        return TOTAL_ODDS[total] if total == int(what) else None
    if kind == "combination":
        a, b = (int(n) for n in what.split("-"))
        return 5 if a in dice and b in dice else None
    count = dice.count(int(what))
    if kind == "three_of_a_kind":
        return 150 if count == 3 else None
    if kind == "two_of_a_kind":
        return 8 if count >= 2 else None  # two_of_a_kind_on_triple = true
    return count or None  # one_of_a_kind: 1, 2 or 3 to 1


ALL_SPOTS = [
    "small",
    "big",
    *(f"three_of_a_kind:{n}" for n in range(1, 7)),
    "any_three_of_a_kind",
    *(f"two_of_a_kind:{n}" for n in range(1, 7)),
    *(f"total:{t}" for t in range(4, 18)),
    *(f"combination:{a}-{b}" for a in range(1, 7) for b in range(a + 1, 7)),
    *(f"one_of_a_kind:{n}" for n in range(1, 7)),
]


def bet(page: Any, chip: int, spot: str, placed: int) -> None:
    """Choose the chip, click the area, wait for the caller's chips there (``placed``)."""
    page.locator(f'[data-chip="{chip}"]').click()
    page.locator(f'.sb-board [data-spot="{spot}"]').click()
    mine = f'[aria-label*="your wager ${placed // 100}."]'
    page.wait_for_selector(f'.sb-board [data-spot="{spot}"].has-wager{mine}')


def paid(wagers: dict[str, int], dice: list[int]) -> int:
    """What the settlements bring back: each winning stake and its winnings."""
    back = 0
    for spot, amount in wagers.items():
        odds = winnings(spot, dice)
        if odds is not None:
            back += amount + amount * odds
    return back


def test_two_players_several_wagers_the_shake_and_the_lit_layout(
    browser: Any, server: Server
) -> None:
    assert server.table("sicbo", "sic-bo.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-sicbo")
    open_table(ann, "sicbo", 1)
    bob_context, bob = sign_up(browser, server, "bob-sicbo")
    open_table(bob, "sicbo", 4)
    dealer_context, dealer = as_dealer(browser, server, "sicbo")

    # Every area of the layout is there and takes a click: 50 areas, all legal for a
    # seated player, none for the dealer.
    ann.wait_for_selector('.sb-board [data-spot="small"].legal')
    areas = ann.locator(".sb-board [data-spot]")
    assert sorted(areas.evaluate_all("l => l.map(a => a.dataset.spot)")) == sorted(ALL_SPOTS)
    assert ann.locator(".sb-board [data-spot].legal").count() == 50
    assert dealer.locator(".sb-board [data-spot].legal").count() == 0
    # Ann: $5 and $5 more on Small (one wager of $10), $5 on total 10, $10 on the number 3.
    bet(ann, 500, "small", 500)
    # The round is open: every area shows the odds its paytable posts (625a.1).
    total_4 = ann.locator('.sb-board [data-spot="total:4"]')
    assert "pays 50 to 1" in (total_4.get_attribute("aria-label") or "")
    assert ann.locator('.sb-board [data-spot="one_of_a_kind:3"] .sb-odds').inner_text() == (
        "1 to 1 · 2 to 1 · 3 to 1"
    )
    bet(ann, 500, "small", 1000)
    bet(ann, 500, "total:10", 500)
    bet(ann, 1000, "one_of_a_kind:3", 1000)
    # Bob: $25 on Big, $5 on the combination 1 and 2, $5 on Any Three of a Kind.
    bet(bob, 2500, "big", 2500)
    bet(bob, 500, "combination:1-2", 500)
    bet(bob, 500, "any_three_of_a_kind", 500)
    ann_wagers = {"small": 1000, "total:10": 500, "one_of_a_kind:3": 1000}
    bob_wagers = {"big": 2500, "combination:1-2": 500, "any_three_of_a_kind": 500}
    assert shown_balance(ann) == OPENING - 2500
    assert shown_balance(bob) == OPENING - 3500
    # Each sees the other's chips on the one board; the dealer sees both.
    ann.wait_for_selector('.sb-board [data-spot="big"] .sb-others[data-others="2500"]')
    bob.wait_for_selector('.sb-board [data-spot="small"] .sb-others[data-others="1000"]')
    dealer.wait_for_selector('.sb-board [data-spot="one_of_a_kind:3"] [data-others="1000"]')

    # No more bets: the automated shaker shakes, the result is shown and settled (625a.5,
    # 625a.6).
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    for page in (ann, bob):
        page.wait_for_selector("table.results", timeout=20_000)
    faces = ann.locator(".sb-shaker .dice").get_attribute("data-dice") or ""
    dice = [int(d) for d in faces.split(",")]
    assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)
    assert ann.locator(".sb-shaker .dice svg").count() == 3
    assert ann.locator(".sb-shaker .call").get_attribute("data-total") == str(sum(dice))
    # The lit areas are exactly those that win on these dice, on every page.
    lit = sorted(spot for spot in ALL_SPOTS if winnings(spot, dice) is not None)
    for page in (ann, bob, dealer):
        page.wait_for_selector(".sb-board .lit")
        shown = page.locator(".sb-board .lit").evaluate_all("l => l.map(a => a.dataset.spot)")
        assert sorted(shown) == lit
    view = server.get("/tables/sicbo/view", server.person("watch-sicbo", "dealer"))
    assert view["view"]["dice"] == dice
    shot(ann, "sic-bo")

    # Balances: the opening money, less the wagers, plus each winning stake and its
    # winnings at the posted odds; what the page shows is the ledger's wallet.
    for page, wagers in ((ann, ann_wagers), (bob, bob_wagers)):
        expected = OPENING - sum(wagers.values()) + paid(wagers, dice)
        page.wait_for_function(f"document.querySelector('#balance').dataset.cents === '{expected}'")
        assert shown_balance(page) == server.wallet(me(server, page)["id"]) == expected
        # One results row per wager of the seat, each marked on the board.
        for spot in wagers:
            outcome = "win" if winnings(spot, dice) is not None else "lose"
            assert page.locator(f'.sb-board [data-spot="{spot}"].outcome-{outcome}').count() == 1
    assert ann.locator("table.results tbody tr").count() == 6
    # The seats of the round, each with what it staked and what came back.
    bob_back = paid(bob_wagers, dice)
    unfold_others(ann)  # the other seats fold away (issue 34)
    seat_4 = ann.locator('.sb-seats [data-seat="4"]').inner_text()
    assert f"staked $35.00, paid back {dollars(bob_back)}" in seat_4
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]
    for context in (ann_context, bob_context, dealer_context):
        context.close()
