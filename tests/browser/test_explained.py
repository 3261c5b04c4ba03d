"""The game explained and the keyboard (issue 34): the lobby's picture-free cards (game,
limits, seats free, return), the help panel reachable before sitting (how to play, every
wager's pay under the table's own Rules Submission, its limits, each wager's return from
the par sheet) and the table's keyboard shortcuts, never acting while the player types."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from typing import Any

import pytest
from browser_support import EXAMPLES, Server, as_dealer, dollars, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def percent(value: Fraction) -> str:
    """A fraction as a percentage to two places, worked here (not by the server)."""
    hundredths = round(value * 10_000)
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def limits(name: str) -> tuple[int, int]:
    rules = tomllib.loads((EXAMPLES / name).read_text())
    return rules["minimum_wager"], rules["maximum_wager"]


def test_the_lobby_cards_and_the_help_before_sitting(browser: Any, server: Server) -> None:
    assert server.table("ex-sicbo", "sic-bo.toml").status_code == 201
    assert server.table("ex-craps", "craps.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-explained")
    # Sic Bo's Small (first on its par sheet) wins on a total of 4 to 10 but not a
    # triple: of the 216 shakes 108 total 3 to 10, less 1,1,1 (total 3), 2,2,2 and 3,3,3:
    # 105 win and 111 lose at 1 to 1, so the house keeps (111 - 105) / 216 = 1/36.
    small = Fraction(216 - 105 - 105, 216)
    assert small == Fraction(1, 36)
    # Craps' Pass line: wins 244/495 of the time at 1 to 1, so loses 7/495 per unit.
    pass_line = 1 - 2 * Fraction(244, 495)
    assert pass_line == Fraction(7, 495)
    for table, name, edge, words in (
        ("ex-sicbo", "sic-bo.toml", small, "Small"),
        ("ex-craps", "craps.toml", pass_line, "Pass"),
    ):
        card = page.locator(f'.table-card[data-table="{table}"]')
        low, high = limits(name)
        assert card.locator('[data-card="limits"]').inner_text() == (
            f"{dollars(low)} to {dollars(high)} a wager"
        )
        page.wait_for_function(
            f'document.querySelector(\'.table-card[data-table="{table}"] '
            "[data-card=return]').dataset.edge !== ''",
            timeout=60_000,
        )
        said = card.locator('[data-card="return"]').inner_text()
        assert said.startswith(f"{percent(1 - edge)} to the player, house edge {percent(edge)}")
        assert f"on {words}" in said
        assert card.locator('[data-card="return"]').get_attribute("data-edge") == (
            f"{edge.numerator}/{edge.denominator}"
        )
        seats = card.locator('[data-card="seats"]').inner_text()
        assert re.match(r"\d+ of \d+ \(", seats), seats
    # The help, opened from the lobby's card, before taking a seat.
    page.locator('.table-card[data-table="ex-sicbo"] [data-help-table]').click()
    dialog = page.locator("dialog.help[open]")
    dialog.locator('[data-help="sign"]').wait_for()
    dialog.locator('[data-help="returns"]').wait_for(), dialog.inner_text()
    text = dialog.inner_text()
    assert "How to play Sic Bo (58 Pa. Code ch. 625a)" in text
    assert "Small (a total of 4 to 10)" in text  # the game's own words
    low, high = limits("sic-bo.toml")
    assert dialog.locator('[data-help="limits"]').inner_text() == (
        f"{dollars(low)} to {dollars(high)} a wager"
    )
    # The pay of each wager is the table's sign: the submission's odds, not retyped.
    rows = dialog.locator('[data-help="sign"] tr').all_inner_texts()
    big = next(r for r in rows if r.startswith("Big"))
    assert big.split("\t")[-1].strip() == "1 to 1", big
    total_4 = next(r for r in rows if r.split("\t")[0].strip() == "4")
    assert total_4.split("\t")[-1].strip() == "50 to 1"
    # Each wager's return: Big like Small, exactly 1/36.
    edge = dialog.locator('[data-help="returns"] tr[data-wager="big"] [data-edge]')
    assert edge.get_attribute("data-edge") == "1/36"
    assert edge.inner_text() == "2.78% (exactly 1/36)"
    assert "Keyboard shortcuts" in text and "rebet" in text
    page.keyboard.press("Escape")
    page.locator("dialog.help").wait_for(state="detached")  # removed on its close event
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_the_keyboard_shortcuts(browser: Any, server: Server) -> None:
    assert server.table("ex-keys", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-keys")
    open_table(page, "ex-keys", 1)
    dealer_context, dealer = as_dealer(browser, server, "ex-keys")
    chips = page.locator(".rack .chip-button")
    # "3" chooses the third chip on the rack.
    page.keyboard.press("3")
    assert chips.nth(2).get_attribute("aria-pressed") == "true"
    third = int(chips.nth(2).get_attribute("data-chip") or 0)
    # Typing in the amount field: no key acts ("1" is the amount's, not the first chip).
    page.locator("#chip-amount").focus()
    page.keyboard.type("1")
    assert chips.nth(0).get_attribute("aria-pressed") == "false"
    assert page.locator("#chip-amount").input_value() == "1"
    page.locator("#chip-amount").fill("")
    page.locator("h2").first.click()
    page.keyboard.press("3")
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    # "?" opens the help, listing the keys; Escape closes it.
    page.keyboard.press("?")
    dialog = page.locator("dialog.help[open]")
    dialog.locator('[data-help="keys"]').wait_for()
    assert "U" in dialog.locator('[data-help="keys"]').inner_text()
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.help[open]", state="detached")
    # "U" undoes the last wager (Go Fore It takes a wager down before the deal): once
    # the page offers the undo (no key acts while a dialog is open, or on a button not
    # yet drawn).
    page.wait_for_selector('[data-rack="undo"]')
    page.keyboard.press("u")
    page.wait_for_selector('.seat.mine [data-spot="front_9"]:not(.has-wager)')
    page.keyboard.press("3")
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]')
    # The decisions: "Back 9 ..." is B, "Fold" F; the help lists them as shown now.
    page.keyboard.press("?")
    keys = page.locator('dialog.help[open] [data-help="keys"]')
    keys.wait_for()
    listed = keys.inner_text()
    assert re.search(r"B\s+Back 9", listed) and re.search(r"F\s+Fold", listed), listed
    assert re.search(r"\*\s+double my wagers", listed), listed
    page.keyboard.press("Escape")
    wallet = page.locator("#balance").inner_text()
    page.keyboard.press("b")
    page.wait_for_function(
        f"document.querySelector('#balance').textContent !== {wallet!r}", timeout=10_000
    )
    assert third > 0 and page.locator("#balance").inner_text() != wallet
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()
