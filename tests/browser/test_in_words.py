"""The browser table speaks in sentences (issue 20, items 4 to 10), in headless Chromium:
what a command did and how a round ended in the regulation's words, the clock of whoever
must act, Pai Gow's house way and hands named, High Roll Dice's held dice and Extra Roll,
the history of each round, the phone layout and the small things around the felt.

Each test plays through the lobby on the session's `croupier serve` (conftest.py) and
checks what the page says against what the server's ledger and events say.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from browser_support import (
    EXAMPLES,
    OPENING,
    Server,
    SocketCut,
    as_dealer,
    caught_up,
    dollars,
    finish,
    missing,
    open_table,
    shot,
    sign_up,
    unfold_others,
)

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""A word in snake_case (needs_card, back_9, over_par): internal, never shown."""
CODE = re.compile(r"\((?:server|engine):[^)]*\)")
"""An internal rule code, such as (server:play-money)."""

NAMES = {"front_9": "Front 9", "back_9": "Back 9", "skins": "Skins", "gopher": "Gopher"}


def summary_of(settlements: list[dict[str, Any]], seat: int) -> str:
    """The round's sentence for ``seat``, worked from its settlements: each wager's
    outcome and the net (what came back less what was staked)."""
    parts: list[str] = []
    net = 0
    for s in settlements:
        if s["seat"] != seat:
            continue
        net += s["returned"] + s["won"] - s["amount"]
        name = NAMES[s["spot"]]
        if s["outcome"] == "win":
            parts.append(f"won {dollars(s['won'])} on {name}")
        elif s["outcome"] == "lose":
            parts.append(f"lost {dollars(s['amount'])} on {name}")
        else:
            assert s["outcome"] == "push"
            parts.append(f"pushed {name}")
    sign = "+" if net > 0 else "-" if net < 0 else ""
    return f"You {', '.join(parts)}: net {sign}{dollars(abs(net))}."


def test_messages_are_sentences_in_the_regulations_words(browser: Any, server: Server) -> None:
    """Item 6: the welcome names no rule code; a wager placed is said as a sentence,
    not a list of event names; the Go Fore It decision and score are words (no
    back_9, over_par); the round's result says what each wager did and the net; a
    malformed command is refused without "Field required" or list indexes; and the
    message that the server cannot be reached goes once it answers again."""
    assert server.table("words", "go-fore-it.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-words")
    welcome = page.locator("#messages").inner_text()
    assert welcome == "Welcome, ann-words: $1,000.00 of play money."
    # The table's socket passes through a route the test can cut (the server "gone").
    cut = SocketCut(page)
    open_table(page, "words", 1)
    dealer_context, dealer = as_dealer(browser, server, "words")
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    assert page.locator("#messages").inner_text() == "You placed $10.00 on Front 9."
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.locator('.decisions [data-wager-spot="back_9"]').click()
    finish(page, server, "words", 1, 2000)
    note = page.locator(".seat.mine .note").inner_text()
    assert note.startswith("decision: Back 9 Wager · ")
    watcher = server.person("w-words-2", "dealer")
    view = server.get("/rounds/words-1/replay", watcher)["view"]
    summary = page.locator(".round-summary").inner_text()
    assert summary == summary_of(view["settlements"], 1)
    text = page.locator("main").inner_text() + page.locator("#messages").inner_text()
    assert not SNAKE.search(text), SNAKE.search(text)
    assert not CODE.search(text)
    # A command the server cannot read: refused in a sentence naming the field.
    refused = page.evaluate(
        """() => import('/play/js/api.js').then(({ api }) =>
            api.command('words', { type: 'PlaceWager', seat: 1 }).catch((e) => e.message))"""
    )
    assert "Field required" not in refused and not re.search(r"\b\d+:", refused)
    # The server's sentences (issue #32), after the page's own.
    assert refused == (
        "That was not sent as the table needs it. The field command.spot is missing. "
        "The field command.amount is missing."
    )
    # The server gone, then back: the message goes by itself.
    cut.down = True
    page.route("**/view", lambda route: route.abort())
    for ws in cut.sockets:
        ws.close()
    page.wait_for_selector('.conn[data-conn="offline"]', timeout=10_000)
    lost = page.locator('#connection[data-state="down"]').inner_text()
    assert "Failed to fetch" not in lost and "cannot be reached" in lost
    cut.down = False
    page.unroute("**/view")
    page.wait_for_selector('.conn[data-conn="live"]', timeout=15_000)
    page.wait_for_selector('#connection[data-state="back"]')
    page.wait_for_function("!document.querySelector('#messages .error')")
    assert shown_balance_is(page, OPENING, view)
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def shown_balance_is(page: Any, opening: int, view: dict[str, Any]) -> bool:
    paid = sum(s["returned"] + s["won"] for s in view["settlements"] if s["seat"] == 1)
    cents = page.locator("#balance").get_attribute("data-cents")
    return cents == str(opening - 2000 + paid)


def test_the_clock_of_whoever_must_act_and_what_its_timeout_did(
    browser: Any, server: Server
) -> None:
    """Item 5: at a Go Fore It table timed at 2 s for the betting and 2 s for a decision,
    the page says who acts now and counts the seconds down; the betting closes by itself
    (nobody sends "no more bets"); then the player's decision is timed, the page says
    beforehand that the timeout folds (676a.11(b)) and afterwards that it did, and the
    Front 9 Wager is lost as a fold loses it."""
    settings = {"betting_seconds": 2, "decision_seconds": 2, "optional_seconds": 1}
    rules = (EXAMPLES / "go-fore-it.toml").read_text()
    r = server.admin.post(
        "/tables", json={"id": "clock", "rules_toml": rules, "settings": settings}
    )
    assert r.status_code == 201, r.text
    context, page = sign_up(browser, server, "ann-clock")
    open_table(page, "clock", 1)
    # No round open: no countdown yet, the line says when the betting time starts.
    waiting = "Betting is open: the betting time (2 s) starts with the first wager."
    page.wait_for_function(
        f"document.querySelector('.turn .who-acts').textContent === {json.dumps(waiting)}"
    )
    assert page.locator(".turn .countdown").inner_text() == ""
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.turn[data-kind="betting"]')
    assert page.locator(".turn .who-acts").inner_text() == "Betting is open: place your wagers."
    assert int(page.locator(".turn .countdown").get_attribute("data-seconds") or 0) in (1, 2)
    assert (
        page.locator(".turn .on-timeout").inner_text()
        == "When the time runs out, the betting closes (no more bets)."
    )
    page.wait_for_selector('.turn[data-kind="decision"]', timeout=10_000)
    assert page.locator(".turn .who-acts").inner_text() == "Your turn: decide now."
    assert (
        page.locator(".turn .on-timeout").inner_text()
        == "When the time runs out, you fold (676a.11(b))."
    )
    shot(page, "countdown")
    finish(page, server, "clock", 1, 1000)
    message = page.locator("#messages .message")
    message.wait_for()
    assert message.inner_text() == "Time ran out: you folded (676a.11(b))."
    watcher = server.person("w-clock-2", "dealer")
    view = server.get("/rounds/clock-1/replay", watcher)["view"]
    assert view["decisions"] == {"1": "fold"}
    assert page.locator("#balance").get_attribute("data-cents") == str(OPENING - 1000)
    # The round over, the next one's betting time starts with its first wager again.
    page.wait_for_function(
        f"document.querySelector('.turn .who-acts').textContent === {json.dumps(waiting)}"
    )
    assert page.locator(".turn .countdown").inner_text() == ""
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


PAIR_NAMES = {
    frozenset(["2-4", "1-2"]): "Supreme Pair",
    frozenset(["6-6"]): "pair of Twelves (6-6)",
    frozenset(["1-1"]): "pair of Twos (1-1)",
    frozenset(["4-4"]): "pair of Eights (4-4)",
    frozenset(["1-3"]): "pair of Fours (1-3)",
    frozenset(["5-5"]): "pair of Tens (5-5)",
    frozenset(["3-3"]): "pair of Sixes (3-3)",
    frozenset(["2-2"]): "pair of Fours (2-2)",
    frozenset(["5-6"]): "pair of Elevens (5-6)",
    frozenset(["4-6"]): "pair of Tens (4-6)",
    frozenset(["1-6"]): "pair of Sevens (1-6)",
    frozenset(["1-5"]): "pair of Sixes (1-5)",
    frozenset(["3-6", "4-5"]): "mixed Nines (3-6 and 4-5)",
    frozenset(["3-5", "2-6"]): "mixed Eights (3-5 and 2-6)",
    frozenset(["3-4", "2-5"]): "mixed Sevens (3-4 and 2-5)",
    frozenset(["1-4", "2-3"]): "mixed Fives (1-4 and 2-3)",
    frozenset(["6-6", "4-5"]): "Wong (Twelve and Nine)",
    frozenset(["6-6", "3-6"]): "Wong (Twelve and Nine)",
    frozenset(["1-1", "4-5"]): "Wong (Two and Nine)",
    frozenset(["1-1", "3-6"]): "Wong (Two and Nine)",
    frozenset(["6-6", "2-6"]): "Gong (Twelve and Eight)",
    frozenset(["6-6", "3-5"]): "Gong (Twelve and Eight)",
    frozenset(["6-6", "4-4"]): "Gong (Twelve and Eight)",
    frozenset(["1-1", "2-6"]): "Gong (Two and Eight)",
    frozenset(["1-1", "3-5"]): "Gong (Two and Eight)",
    frozenset(["1-1", "4-4"]): "Gong (Two and Eight)",
}
"""The pairs, Wongs and Gongs of 621a.4(a), copied from the regulation."""


def rank_words(hand: list[str]) -> str:
    """A two-tile hand in words by 621a.4: its name in 621a.4(a), else its value (the
    last digit of the spots; a 1-2 or 2-4 with another tile counts three or six,
    whichever is higher, 621a.4(c)-(d))."""
    name = PAIR_NAMES.get(frozenset(hand))
    if name:
        return name
    spots = [sum(int(x) for x in t.split("-")) for t in hand]
    options = [[3, 6] if t in ("1-2", "2-4") else [p] for t, p in zip(hand, spots, strict=True)]
    best = max(((a + b) % 10, a, b) for a in options[0] for b in options[1])
    gee = [t for t in hand if t in ("1-2", "2-4")]
    if len(gee) == 1:
        used = best[1] if hand[0] in gee else best[2]
        return f"{best[0]} points, the Gee Joon tile counted as {used}"
    return f"{best[0]} points"


def test_pai_gow_house_way_hands_and_results_in_words(browser: Any, server: Server) -> None:
    """Item 4: "Request house way" shows the arrangement the server sent (621a.10(b)),
    each hand with its rank in the words of 621a.4 (a pair's name, else its value);
    the player sets it, and after the deal each hand says whether it beats the
    dealer's, and the result of the wager is said in words and agrees with the
    settlement the ledger paid."""
    assert server.table("gow-way", "pai-gow.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-way")
    open_table(page, "gow-way", 2)
    dealer_context, dealer = as_dealer(browser, server, "gow-way")
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.locator('[data-action="RequestHouseWay"]').click()
    way = page.locator('.seat.mine [data-house-way="2"]')
    way.wait_for()
    token = page.evaluate("localStorage.getItem('croupier.token')")
    shown = server.get("/tables/gow-way/view", token)["view"]["house_way_shown"]["2"]
    for which in ("high", "low"):
        hand = way.locator(f'[data-hand="{which}"]')
        labels = [hand.locator("svg").nth(i).get_attribute("aria-label") for i in range(2)]
        assert labels == [f"tile {t}" for t in shown[which]]
        assert hand.locator(".rank").inner_text() == rank_words(shown[which])
    shot(page, "pai-gow-house-way")
    # The house way's low hand is chosen in the tile picker already (a fresh player found
    # no one-click way to take the house way): Set hands sets it.
    pressed = page.locator('.tile-picker [data-tile-index][aria-pressed="true"]')
    codes = [
        (t or "").removeprefix("tile ")
        for t in pressed.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    ]
    assert sorted(codes) == sorted(shown["low"]), codes
    page.locator('[data-command="SetHands"] [data-action="SetHands"]').click()
    finish(page, server, "gow-way", 2, 1000)
    watcher = server.person("w-gow-way-2", "dealer")
    view = server.get("/rounds/gow-way-1/replay", watcher)["view"]
    (settled,) = [s for s in view["settlements"] if s["seat"] == 2]
    mine = page.locator(".seat.mine .pg-set")
    words = {w: mine.locator(f'[data-hand="{w}"] .rank').inner_text() for w in ("high", "low")}
    for which in ("high", "low"):
        assert words[which].startswith(rank_words(shown[which]) + ": ")
    wins = [w for w in words.values() if w.endswith("hand wins")]
    note = page.locator(".seat.mine .note").inner_text()
    if len(wins) == 2:
        assert settled["outcome"] == "win" and "both hands win: the wager wins" in note
    elif not wins:
        assert settled["outcome"] == "lose" and "the wager loses" in note
    else:
        assert settled["outcome"] == "push" and "the wager pushes" in note
    dealer_hands = page.locator(".centre .dealer-area .pg-set")
    assert dealer_hands.locator('[data-hand="high"] .rank').inner_text() == rank_words(
        view["dealer_hands"]["high"]
    )
    # The recall words every event in 621a's terms: the tiles delivered to positions
    # (621a.8(d)), what the table carries (621a.6(b)), the house way's rule by its section
    # (621a.10(d)); no JSON, no key of the house way ("rule seven eight nine").
    page.goto(server.url + "/play/recall.html?table=gow-way&seat=2")
    recalled = page.wait_for_selector('[data-round="gow-way-1"]').inner_text()
    assert "What the table carries into the round: " in recalled, recalled
    assert "the start of the game yes" in recalled and "the last round's bank none" in recalled
    assert "counted from the dealer; ending at " in recalled, recalled
    assert "Tiles delivered" in recalled and "to seat 2" in recalled and "to the dealer" in recalled
    assert "the house way (621a.10(d)" in recalled, recalled
    assert not re.search(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b|rule [a-z]", recalled), recalled
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def money(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    whole, cents = text.lstrip("-$").replace(",", "").split(".")
    return sign * (int(whole) * 100 + int(cents))


def test_high_roll_dice_keeps_the_dice_set_aside_and_counts_the_extra_roll(
    browser: Any, server: Server
) -> None:
    """Item 7: after an Extra Roll the tray still shows the first roll's matching dice
    set aside (675a.4(e), (g)) beside the Extra Roll's, so "six x 3" and the final count
    can be checked against the dice shown; and the $5 Extra Roll purchase is a row of
    the results, so the table adds up to what the round moved in the wallet."""
    assert server.table("extra", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-extra")
    open_table(page, "extra", 3)
    dealer_context, dealer = as_dealer(browser, server, "extra")
    page.locator('[data-chip="500"]').click()
    for spot in ("pip_street:ace", "like_kind:4", "extra_roll"):
        page.locator(f'.seat.mine [data-spot="{spot}"]').click()
        page.wait_for_selector(f'.seat.mine [data-spot="{spot}"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    finish(page, server, "extra", 3, 1500)
    watcher = server.person("w-extra-2", "dealer")
    view = server.get("/rounds/extra-1/replay", watcher)["view"]
    faces = ["ace", "two", "three", "four", "five", "six"]
    face = faces.index(view["first_roll"]["face"]) + 1
    aside = page.locator(".dice-tray [data-set-aside]").get_attribute("data-set-aside") or ""
    shown_aside = [int(d) for d in aside.split(",")]
    assert shown_aside == [face] * view["first_roll"]["count"]
    thrown = page.locator(".dice-tray [data-dice]").get_attribute("data-dice") or ""
    extra = [int(d) for d in thrown.split(",") if d]
    assert len(shown_aside) + len(extra) == 10
    assert len(shown_aside) + extra.count(face) == view["final_count"]
    call = page.locator(".dice-tray .call").inner_text()
    named = view["first_roll"]["face"]
    assert call.endswith(f"after the Extra Roll: {named} × {view['final_count']}")
    rows = page.locator("table.results tbody tr")
    net = 0
    wagers = []
    for i in range(rows.count()):
        cells = {
            label: rows.nth(i).locator(f'td[data-label="{label}"]').inner_text()
            for label in ("Wager", "Amount", "Returned", "Won")
        }
        wagers.append(cells["Wager"])
        net += money(cells["Returned"]) + money(cells["Won"]) - money(cells["Amount"])
    assert "Extra Roll purchase" in wagers
    # The label of the Extra Roll's dice, and the round's ten dice in the results strip:
    # those set aside and those thrown again (issue 34).
    assert "Extra Roll:" in page.locator(".dice-tray").inner_text()
    strip = page.locator(".last-results .strip li .strip-dice").first.inner_text()
    assert sorted(int(d) for d in strip.split()) == sorted(shown_aside + extra)
    balance = int(page.locator("#balance").get_attribute("data-cents") or 0)
    assert net == balance - OPENING
    summary = page.locator(".round-summary").inner_text()
    assert "paid $5.00 for the Extra Roll" in summary
    sign = "+" if net > 0 else "-" if net < 0 else ""
    assert summary.endswith(f"net {sign}{dollars(abs(net))}.")
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_high_roll_dice_without_an_extra_roll_shows_the_ten_dice_of_the_throw(
    browser: Any, server: Server
) -> None:
    """Issue 34: a round with no Extra Roll bought shows the ten dice thrown and the call,
    no "Set aside" and no "Extra Roll": the matching dice are set aside for an Extra Roll
    (675a.4(e)), though the server names them after every call; and the results strip
    counts ten dice for the round, not fourteen."""
    assert server.table("no-extra", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-no-extra")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_table(page, "no-extra", 2)
    dealer_context, dealer = as_dealer(browser, server, "no-extra")
    page.locator('[data-chip="500"]').click()
    page.locator('.seat.mine [data-spot="pip_street:six"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:six"].has-wager')
    caught_up(dealer, server, "no-extra")
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    finish(page, server, "no-extra", 2, 500)
    watcher = server.person("w-no-extra-2", "dealer")
    view = server.get("/rounds/no-extra-1/replay", watcher)["view"]
    assert view["phase"] == "completed"
    assert len(view["dice"]) == 10 and view["set_aside"]  # the server names the matching dice
    tray = page.locator(".dice-tray")
    thrown = tray.locator("[data-dice]").get_attribute("data-dice") or ""
    assert [int(d) for d in thrown.split(",")] == view["dice"]
    assert tray.locator("[data-set-aside]").count() == 0
    words = tray.inner_text()
    assert "Extra Roll" not in words and "Set aside" not in words
    first = view["first_roll"]
    assert f"Called: {first['face']} × {first['count']}" in words
    strip = page.locator(".last-results .strip li .strip-dice").first.inner_text()
    assert [int(d) for d in strip.split()] == view["dice"]
    assert view["extra_roll"] is None  # what the page goes by
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


CARD_NAMES = """(codes) => import('/play/js/svg.js').then(({ cardName }) => codes.map(cardName))"""


def test_the_history_says_when_what_was_staked_the_net_and_the_hand(
    browser: Any, server: Server
) -> None:
    """Item 8: each round of the history shows when it opened, the player's seat, what
    he staked, the net (the ledger's change of his wallet) and his hand; the replay
    shows the seats as they were in that round, not as they are now (Bob has left)."""
    assert server.table("past", "go-fore-it.toml").status_code == 201
    ann_context, ann = sign_up(browser, server, "ann-past")
    open_table(ann, "past", 2)
    bob_context, bob = sign_up(browser, server, "bob-past")
    open_table(bob, "past", 4)
    dealer_context, dealer = as_dealer(browser, server, "past")
    for page in (ann, bob):
        page.locator('[data-chip="1000"]').click()
        page.locator('.seat.mine [data-spot="front_9"]').click()
        page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(dealer, server, "past")  # a click from a stale view is refused
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    ann.locator('[data-action="Fold"]').click()
    bob.locator('[data-action="Fold"]').click()
    finish(ann, server, "past", 2, 1000)
    bob.get_by_role("button", name="Leave seat 4").click()
    unfold_others(ann)  # the other seats fold away (issue 34)
    ann.wait_for_selector('.seat[data-seat="4"].empty')
    token = ann.evaluate("localStorage.getItem('croupier.token')")
    (listed,) = server.get("/tables/past/rounds", token)["rounds"]
    watcher = server.person("w-past-2", "dealer")
    view = server.get("/rounds/past-1/replay", watcher)["view"]
    ann.get_by_role("link", name="Round history and replays").click()
    item = ann.locator('li[data-round="past-1"]')
    item.wait_for()
    assert item.locator("time").get_attribute("datetime") == listed["opened_at"]
    line = item.locator(".round-line").inner_text()
    assert " · completed · seat 2 · staked $10.00 · net -$10.00 · verify" in line
    balance = int(ann.locator("#balance").get_attribute("data-cents") or 0)
    assert int(item.locator("[data-net]").get_attribute("data-net") or 0) == balance - OPENING
    # His hand as he saw it at the end (a card he folded unseen stays face down).
    seen = server.get("/rounds/past-1/steps", token)["steps"][-1]["view"]["hands"]["2"]
    assert len(seen) == len(view["hands"]["2"])
    names = ann.evaluate(CARD_NAMES, seen)
    hand = item.locator(".round-hand svg")
    assert [hand.nth(i).get_attribute("aria-label") for i in range(hand.count())] == names
    shot(ann, "history")
    item.locator('a[href^="#/replay"]').click()
    ann.wait_for_selector(".replay-stage .felt")
    # The replay shows every seat of the round, none folded away.
    assert ann.locator(".replay-stage details.other-seats").count() == 0
    assert ann.locator('.replay-stage .seat[data-seat="4"] h3').inner_text() == "Seat 4 — bob-past"
    assert ann.locator('.replay-stage .seat[data-seat="2"] h3').inner_text() == "Seat 2 (you)"
    assert not ann.errors  # type: ignore[attr-defined]
    for context in (ann_context, bob_context, dealer_context):
        context.close()


IN_VIEW = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
}"""


def test_at_phone_width_your_seat_and_decisions_stay_in_view(browser: Any, server: Server) -> None:
    """Item 9: at 375 px a High Roll Dice table (six seats of sixteen areas each) put
    the chips and decisions below all six seats, 3,264 px down. Now the player's own
    seat comes first, the other seats are a line each, and the chips and decisions stay
    on screen while he looks at his seat; nothing scrolls sideways."""
    assert server.table("phone", "high-roll-dice-ten-dice.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-phone")
    page.set_viewport_size({"width": 375, "height": 740})
    open_table(page, "phone", 5)
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].legal')
    mine = page.locator(".seat.mine").bounding_box()
    # The other seats fold away under one disclosure below his own (issue 34).
    other = page.locator("details.other-seats").bounding_box()
    assert mine and other and mine["y"] < other["y"]
    page.locator('.seat.mine [data-spot="pip_street:ace"]').scroll_into_view_if_needed()
    assert page.evaluate(IN_VIEW, ".seat.mine [data-spot='pip_street:ace']")
    assert page.evaluate(IN_VIEW, ".rack")
    # The decisions' box, or where none is to be made and chips are shown, the chips
    # alone: the box's "choose a chip" hint gives way to the seat (issue 34).
    assert page.evaluate(IN_VIEW, ".controls")
    page.locator('[data-chip="500"]').click()
    page.locator('.seat.mine [data-spot="pip_street:ace"]').click()
    page.wait_for_selector('.seat.mine [data-spot="pip_street:ace"].has-wager')
    page.locator(".seat.mine").scroll_into_view_if_needed()
    shot(page, "high-roll-dice-phone", full_page=False)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 2000, height
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


SPLIT_AND_INSURANCE = """async () => {
  const { felt, gameOf, laterWagerButtons } = await import('/play/js/layouts.js');
  // The table as the server gives it: its spots and their names from the game's package.
  const headers = { Authorization: `Bearer ${localStorage.getItem('croupier.token')}` };
  const table = { ...(await (await fetch('/tables/split-ins', { headers })).json()), seats: [] };
  // A split hand settled: its wagers gone from `wagers`, each in `settlements`.
  const settled = (spot, outcome, returned, won) => ({ seat: 4, spot, amount: 1000,
    outcome, odds: null, returned, won, withheld: 0, cite: '673a.11' });
  const settlements = [
    settled('blackjack', 'win', 1000, 1000), settled('blackjack_2', 'lose', 0, 0),
  ];
  const view = { view: { phase: 'settled', wagers: {}, hands: {}, dealer: [], settlements } };
  const ctx = { mySeat: 4, legalSpots: new Set(), onSpot: () => {}, seatCount: 6 };
  const node = felt(table, view, ctx);
  const area = (spot) => node.querySelector(`.seat[data-seat="4"] [data-spot="${spot}"]`);
  const split = area('blackjack_2');
  const shown = {
    split: split ? split.className : null,
    splitChips: split ? split.querySelectorAll('.stack').length : -1,
    firstChips: area('blackjack').querySelectorAll('.stack').length,
  };
  // Insurance offered after the deal (as legal_commands lists it, 673a.8).
  const declined = [];
  const offer = [{ command: 'PlaceWager', spots: ['insurance'], min_amount: 1,
    max_amount: 500, cite: '673a.8' }];
  const decline = (spot, said) => declined.push([spot, said]);
  const buttons = laterWagerButtons(gameOf(table), offer, () => {}, new Set(), decline);
  shown.buttons = buttons.map((b) => b.textContent);
  buttons.find((b) => b.dataset.decline === 'insurance').click();
  shown.declined = declined;
  return shown;
}"""


def test_the_small_things_around_the_felt(browser: Any, server: Server) -> None:
    """Item 10: /favicon.ico is served (no 404 on any page load); the table is not
    framed by a focus ring though the page's main region takes the focus (a control
    focused from the keyboard still is); a losing wager's chip is gone after settlement;
    a split hand's area stays with its outcome; Insurance has a "No insurance" button;
    the Five Card Bonus area says why it is not open yet (and is not drawn where the
    Rules Submission does not offer it); and item 6, the replay of the round lost says
    each event in words (no JSON, no snake_case), money in dollars. (A betting time
    runs out though nobody watches: the next test.)"""
    icon = httpx.get(server.url + "/favicon.ico", timeout=10)
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
    rules = (EXAMPLES / "criss-cross-poker.toml").read_text()
    assert server.table("bonus", rules).status_code == 201
    plain = "\n".join(
        line.replace("true", "false") if line.startswith("five_card_bonus") else line
        for line in rules.splitlines()
        if not line.startswith(("bonus_minimum", "bonus_maximum"))
    )
    assert server.table("nobonus", plain).status_code == 201
    context, page = sign_up(browser, server, "ann-small")
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    open_table(page, "bonus", 1)
    page.reload()  # the route gives the page's main region the focus
    page.wait_for_selector(".seat.mine")
    assert page.evaluate("document.activeElement === document.getElementById('main')")
    assert page.evaluate("getComputedStyle(document.getElementById('main')).outlineStyle") == "none"
    page.keyboard.press("Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    bonus = page.locator('.seat.mine [data-spot="five_card_bonus"]')
    assert bonus.is_disabled()
    hint = "Five Card Bonus: place the Antes first: the Five Card Bonus Wager goes with them"
    assert page.locator(".seat.mine .hint").inner_text().startswith(hint)
    page.locator('[data-chip="1000"]').click()
    page.locator('[data-command="PlaceAntes"] [data-action="PlaceAntes"]').click()
    page.wait_for_selector('.seat.mine [data-spot="five_card_bonus"].legal')
    assert page.locator(".seat.mine .hint").count() == 0
    page.goto(f"{server.url}/play/#/table/nobonus")
    page.wait_for_selector('.table-head h2[data-table="nobonus"]')
    page.wait_for_selector(".felt")
    assert page.locator('[data-spot="five_card_bonus"]').count() == 0
    assert failed == [], failed
    # A losing wager's chip is collected: Go Fore It's Front 9 lost by a fold (676a.11(b)).
    assert server.table("lost", "go-fore-it.toml").status_code == 201
    page.goto(f"{server.url}/play/#/")
    page.wait_for_selector('.table-card[data-table="lost"]')
    open_table(page, "lost", 1)
    dealer_context, dealer = as_dealer(browser, server, "lost")
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"] .stack')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.locator('[data-action="Fold"]').click()
    finish(page, server, "lost", 1, 1000, OPENING - 2000)
    lost = page.locator('.seat.mine [data-spot="front_9"]')
    assert "outcome-lose" in (lost.get_attribute("class") or "")
    assert lost.locator(".stack").count() == 0
    assert server.table("split-ins", "double-back-jack.toml").status_code == 201
    shown = page.evaluate(SPLIT_AND_INSURANCE)
    assert shown["split"] is not None and "outcome-lose" in shown["split"]
    assert shown["splitChips"] == 0 and shown["firstChips"] == 1
    assert shown["buttons"] == [
        "Insurance $5.00",
        "Insurance, amount $0.01–$5.00Insurance for less",
        "No insurance",
    ]
    assert shown["declined"] == [
        [
            "insurance",
            "You take no Insurance. The dealer goes on when the time for Insurance is up.",
        ]
    ]
    # Item 6, the replay of the round lost above: each event's caption is words (no JSON, no
    # snake_case), money in dollars, and a value hidden from the player said to be so.
    page.goto(f"{server.url}/play/#/replay/lost-1")
    page.wait_for_selector(".replay-stage .felt")
    page.locator('[data-step="first"]').click()
    captions = []
    total = int(page.locator(".replay-controls input").get_attribute("max") or 0) + 1
    for _ in range(total):
        captions.append(page.locator(".replay-caption").inner_text())
        page.locator('[data-step="next"]').click()
    text = "\n".join(captions)
    assert "{" not in text and "[" not in text and not SNAKE.search(text), text
    placed = next(c for c in captions if ": Wager placed — " in c)
    assert "amount: $10.00" in placed and "betting area: Front 9" in placed
    assert not page.errors  # type: ignore[attr-defined]
    dealer_context.close()
    context.close()


def test_a_deadline_runs_out_though_nobody_watches(server: Server) -> None:
    """Item 10: a wager placed through the API at a table with a 1 s betting time, no
    page open and no view asked for: the server closes the betting by itself (its
    sweep), as the dealer's replay of the round shows, which applies no timeout."""
    rules = (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text()
    settings = {"betting_seconds": 1, "decision_seconds": None}
    body = {"id": "unwatched", "rules_toml": rules, "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    player = server.person("alone", "player")
    auth = {"Authorization": f"Bearer {player}"}
    server.deposit(player)
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/tables/unwatched/seats", json={"seat": 1}, headers=auth).is_success
        wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
        r = client.post(
            "/tables/unwatched/commands",
            json={"command": wager},
            headers={**auth, "Idempotency-Key": "unwatched-1"},
        )
        assert r.status_code == 200, r.text
    watcher = server.person("w-unwatched", "dealer")
    deadline = time.monotonic() + 10
    while True:
        replay = server.get("/rounds/unwatched-1/replay", watcher)
        if replay["status"] == "completed":
            break
        assert time.monotonic() < deadline, replay["view"]["phase"]
        time.sleep(0.3)
    assert replay["view"]["phase"] == "completed"
    assert any(e["type"] == "NoMoreBets" for e in replay["events"])


def test_a_refusal_is_shown_as_a_sentence(browser: Any, server: Server) -> None:
    """A fresh player typed unequal Criss-Cross Poker antes and read "the Ante Across and
    Ante Down Wagers must be equal: ..." starting lower-case: the server's refusal is shown
    as a sentence, its first letter a capital, its words and section as the server says."""
    assert server.table("unequal", "criss-cross-poker.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-unequal")
    open_table(page, "unequal", 2)
    form = page.locator('[data-command="PlaceAntes"] form')
    form.get_by_label("Ante Across").fill("10.00")
    form.get_by_label("Ante Down").fill("20.00")
    form.locator('[data-action="PlaceAntes"]').click()
    message = page.locator("#messages .message.error")
    message.wait_for()
    said = message.inner_text()
    assert said.startswith("The Ante Across and Ante Down Wagers must be equal"), said
    assert said.endswith("(674a.7(d))"), said
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
