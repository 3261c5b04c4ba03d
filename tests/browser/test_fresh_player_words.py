"""A fresh player's trial of the browser tables (issue 34), in words: the status says
why the dice wait where no shooter holds a line wager (it said "Betting is open" for
ever), and claims no open betting while the connection is down; the headings and links
name a table as the lobby does (they showed its id); a surrendered hand lost to the
dealer's Blackjack says why, with its rule (it said only "You lost $10.00")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import (
    EXAMPLES,
    Server,
    SocketCut,
    missing,
    open_table,
    pai_gow_dealt,
    sign_up,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

WHO = ".turn .who-acts"
NEEDS_SHOOTER = "a come-out roll needs a shooter holding a Pass or Don't Pass wager"
"""The terminal's words for a come-out with no line wager (623a.10)."""


@pytest.mark.parametrize("rules", ["craps.toml", "mini-craps.toml"])
def test_the_status_says_why_the_dice_wait(browser: Any, server: Server, rules: str) -> None:
    """A Field wager alone, no Pass or Don't Pass: the come-out waits for a shooter, and
    the status says so with its rule, not only that the betting is open."""
    table_id = f"wait-{rules.removesuffix('.toml')}"
    body = {
        "id": table_id,
        "rules_toml": (EXAMPLES / rules).read_text(),
        "settings": {"betting_seconds": 600, "decision_seconds": 600},
    }
    assert server.admin.post("/tables", json=body).status_code == 201
    context, page = sign_up(browser, server, f"amy-{table_id}")
    open_table(page, table_id, 1)
    page.locator('[data-chip="500"]').click()
    page.locator('.felt [data-spot="field"].legal').first.click()
    page.wait_for_selector('.felt [data-spot="field"].has-wager')
    page.wait_for_function(
        f"document.querySelector('{WHO}').textContent.includes({json.dumps(NEEDS_SHOOTER)})",
        timeout=10_000,
    )
    said = page.locator(WHO).inner_text()
    assert "623a.10" in said, said
    # The Pass placed: a shooter holds a line wager, the reason goes.
    page.locator('.felt [data-spot="pass"].legal').first.click()
    page.wait_for_selector('.felt [data-spot="pass"].has-wager')
    page.wait_for_function(
        f"!document.querySelector('{WHO}').textContent.includes({json.dumps(NEEDS_SHOOTER)})",
        timeout=10_000,
    )
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_no_open_betting_is_claimed_while_disconnected(browser: Any, server: Server) -> None:
    assert server.table("cut-status", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-cut-status")
    cut = SocketCut(page)
    open_table(page, "cut-status", 1)
    page.wait_for_selector('.conn[data-conn="live"]')
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    page.wait_for_function(f"document.querySelector('{WHO}').textContent.startsWith('Betting')")
    # The server cannot be reached: the status waits for the connection.
    cut.down = True
    page.route("**/view", lambda route: route.abort())
    for ws in cut.sockets:
        ws.close()
    page.wait_for_selector('#connection[data-state="down"]', timeout=10_000)
    page.wait_for_selector('.conn[data-conn="offline"]', timeout=10_000)
    said = page.locator(WHO).inner_text()
    assert "Betting is open" not in said, said
    assert "waiting for the connection" in said, said
    # Back: the betting is said open again.
    cut.down = False
    page.unroute("**/view")
    page.wait_for_selector('#connection[data-state="back"]', timeout=40_000)
    page.wait_for_function(
        f"document.querySelector('{WHO}').textContent.startsWith('Betting is open')",
        timeout=10_000,
    )
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def expected_name(server: Server, table_id: str) -> str:
    """The table's name as the lobby's cards say it: its game's title, with its id only
    where another table bears the same title (the lobby's list, asked for here)."""
    tables = server.admin.get("/tables").json()["tables"]
    (mine,) = [t for t in tables if t["id"] == table_id]
    title = mine["title"] or mine["game"]
    same = [t for t in tables if (t["title"] or t["game"]) == title]
    return title if len(same) == 1 else f"{title} (table {table_id})"


def test_a_table_is_named_as_the_lobby_names_it(browser: Any, server: Server) -> None:
    table_id = "named-go-fore-it"
    assert server.table(table_id, "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-named")
    card = page.locator(f'.table-card[data-table="{table_id}"]')
    history = card.locator(f'a[href="#/history/{table_id}"]')
    name = expected_name(server, table_id)
    assert history.inner_text() == f"Rounds of {name}"
    open_table(page, table_id, 1)
    heading = page.locator("#table-heading")
    assert heading.inner_text() == expected_name(server, table_id)
    assert "— table" not in heading.inner_text()
    # The help's title: the game, the table's id only where the name is shared.
    page.locator(".table-page [data-help-table]").click()
    title = page.locator("dialog.help[open] #help-title")
    page.wait_for_function(
        "document.querySelector('#help-title').textContent.startsWith('How to play Go')"
    )
    expected = expected_name(server, table_id)
    said = "" if expected == "Go Fore It" else f" (table {table_id})"
    assert title.inner_text() == f"How to play Go Fore It (58 Pa. Code ch. 676a){said}"
    page.keyboard.press("Escape")
    page.goto(f"{server.url}/play/#/history/{table_id}")
    page.wait_for_selector(".history h2")
    named = expected_name(server, table_id)
    assert page.locator(".history h2").inner_text() == f"Rounds of {named}"
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def surrendered_to_blackjack() -> dict[str, Any]:
    """A Double Back Jack round's view for seat 1: 8 Q surrendered, the dealer's A J
    (the seeded shoe of seed 1, checked here): the hand loses its whole wager after the
    card reader (673a.9(a)(2))."""
    from croupier.engine import DEALER
    from croupier.games.double_back_jack import DealCards, Decide, Decision, PlaceWager
    from croupier.games.double_back_jack.round import DoubleBackJackRound
    from croupier.registry import find
    from croupier.rng import SeededRng
    from croupier.rules.double_back_jack import DoubleBackJackRules

    policy = find("double-back-jack").policy
    round_ = DoubleBackJackRound.open(
        DoubleBackJackRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=SeededRng(1)
    )
    policy.run_dealer_steps(round_)
    round_.handle(PlaceWager(seat=1, spot="blackjack", amount=1000), 1)
    round_.handle(DealCards(), DEALER)
    policy.run_dealer_steps(round_)
    assert [str(c) for c in round_.state.dealer] == ["As", "Js"]
    round_.handle(Decide(seat=1, decision=Decision.SURRENDER), 1)
    policy.run_dealer_steps(round_)
    # The wait for Insurance passes with none taken: the card reader, the settlement.
    while (step := policy.dealer_step(round_, proceed=True)) is not None:
        round_.handle(step, DEALER)
    assert round_.finished
    view: dict[str, Any] = round_.view(1)
    return view


SUMMARY = """async (v) => {
  const { roundSummary } = await import('/play/js/words.js');
  const { results } = await import('/play/js/layouts.js');
  const table = { game: 'double-back-jack', seats: [] };
  const view = { round_status: 'completed', view: v };
  const shown = results(table, view);
  return [roundSummary(v.settlements, 1, (s) => s), shown ? shown.textContent : ''];
}"""


def test_a_surrender_lost_to_the_dealers_blackjack_says_why(browser: Any, server: Server) -> None:
    context, page = sign_up(browser, server, "ann-surrender-why")
    summary, table = page.evaluate(SUMMARY, surrendered_to_blackjack())
    for said in (summary, table):
        assert "the dealer had Blackjack" in said, said
        assert "673a.9(a)(2)" in said, said
    assert summary.startswith("You lost $10.00 on blackjack: the dealer had Blackjack"), summary
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_sitting_where_no_round_is_open_says_to_wager_now(browser: Any, server: Server) -> None:
    """A second fresh player read "you play from the next round that opens" on sitting at
    a Sic Bo table with no round open, took the table for stuck and bet nothing: he is
    late only where a round is open, and here his wager opens the round."""
    assert server.table("seat-words", "sic-bo.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-seat-words")
    open_table(page, "seat-words", 1)
    # The notice follows the seat's answer: read once it is there (under load it was not yet).
    page.wait_for_selector('#messages :text("You sit at seat 1")')
    said = page.locator("#messages").inner_text()
    assert "You sit at seat 1: place your wagers." in said, said
    assert "next round" not in said, said
    page.locator('[data-chip="500"]').click()
    page.locator('.felt [data-spot="big"].legal').first.click()
    page.wait_for_selector('.felt [data-spot="big"].has-wager')
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_set_hands_before_two_tiles_are_chosen_says_so_and_sends_nothing(
    browser: Any, server: Server
) -> None:
    """A second fresh player pressed Pai Gow's "Set hands" before choosing his tiles and
    read "The field command.together[0] is missing": the tile picker says to choose two
    tiles first, and nothing is sent."""
    context, page = pai_gow_dealt(browser, server, "gow-early", "ann-gow-early")
    set_hands = page.locator('.decisions [data-action="SetHands"]')
    sent: list[Any] = []
    page.on("request", lambda q: sent.append(q) if q.method == "POST" else None)
    set_hands.click()
    page.wait_for_selector(".tile-picker .error")
    said = page.locator(".tile-picker .error").inner_text()
    assert said == "Choose two tiles for one hand first."
    assert sent == []
    assert "command.together" not in page.locator("#messages").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
