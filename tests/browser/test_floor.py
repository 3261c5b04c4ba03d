"""The floor page (/play/floor.html): the hold report as a dealer sees it in the browser,
the same figures as ``GET /reports/hold``; and game recall (/play/recall.html): a
player's last rounds at his seat, his cards drawn as dealt, the settlement, another
player's cards never in the page. (The session's server and browser: conftest.py.)"""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from browser_support import EXAMPLES, Server, missing, shot

MISSING = missing()

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def test_the_floor_page_shows_the_hold_report(browser: Any, server: Server) -> None:
    assert server.table("floor-sb", "sic-bo.toml").status_code == 201
    player = server.person("hold-report-player", "player")
    server.deposit(player)
    auth = {"Authorization": f"Bearer {player}"}
    dealer_token = server.person("floor-dealer", "dealer")
    dealer = {"Authorization": f"Bearer {dealer_token}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/tables/floor-sb/seats", json={"seat": 1}, headers=auth).is_success
        for n, (who, command) in enumerate(
            [
                (auth, {"type": "PlaceWager", "seat": 1, "spot": "small", "amount": 1000}),
                (dealer, {"type": "AnnounceNoMoreBets"}),
            ]
        ):
            r = client.post(
                "/tables/floor-sb/commands",
                json={"command": command},
                headers={**who, "Idempotency-Key": f"floor-{n}"},
            )
            assert r.status_code == 200, r.text
    [row] = [
        row
        for row in server.get("/reports/hold?table=floor-sb", dealer_token)["rows"]
        if row["level"] == "table"
    ]
    assert row["drop"] == 1000 and row["rounds"] == 1 and row["win"] in (1000, -1000)
    context = browser.new_context(viewport={"width": 1300, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/play/floor.html")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(dealer_token)})")
    page.fill("#table", "floor-sb")
    page.click("button[type=submit]")
    report = page.wait_for_selector("[data-testid=hold-report]")
    cells = [c.inner_text() for c in report.query_selector_all("tbody tr:first-child td")]
    assert cells[:7] == [
        "floor-sb",
        "sic-bo",
        row["day"],
        "1",
        "$10.00",
        "$10.00" if row["win"] > 0 else "-$10.00",
        "100.00%" if row["win"] > 0 else "-100.00%",
    ]
    assert cells[7] == f"${round(row['theoretical_win']) / 100:.2f}"  # $10 / 36, rounded
    assert cells[8] == "2.78%"  # the theoretical hold of Small, 1/36
    last = [c.inner_text() for c in report.query_selector_all("tbody tr:last-child td")]
    assert last[:4] == ["all tables", "all games", "all days", "1"]
    said = page.inner_text("[data-testid=gaming-day]")
    assert "Gaming day: from 00:00 to 00:00, UTC time." in said
    assert "assumes the strategy the par sheet names" in said
    assert page.query_selector("#chart svg rect") is not None
    assert not errors
    context.close()


def test_a_player_recalls_his_rounds(browser: Any, server: Server) -> None:
    assert server.table("recall-g", "go-fore-it.toml").status_code == 201
    tokens = {}
    for name in ("recall-ann", "recall-bob"):
        token = server.person(name, "player")
        server.deposit(token)
        tokens[name] = {"Authorization": f"Bearer {token}"}
    ann, bob = tokens["recall-ann"], tokens["recall-bob"]
    dealer = {"Authorization": f"Bearer {server.person('recall-dealer', 'dealer')}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for seat, who in ((1, ann), (2, bob)):
            r = client.post("/tables/recall-g/seats", json={"seat": seat}, headers=who)
            assert r.is_success, r.text
        commands = [
            (ann, {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}),
            (bob, {"type": "PlaceWager", "seat": 2, "spot": "front_9", "amount": 1000}),
            (dealer, {"type": "AnnounceNoMoreBets"}),
            (ann, {"type": "Fold", "seat": 1}),
            (bob, {"type": "Fold", "seat": 2}),
        ]
        for n, (who, command) in enumerate(commands):
            r = client.post(
                "/tables/recall-g/commands",
                json={"command": command},
                headers={**who, "Idempotency-Key": f"recall-{n}"},
            )
            assert r.status_code == 200, r.text
        round_id = r.json()["round_id"]
        full = client.get(f"/rounds/{round_id}/replay", headers=server.admin.headers).json()
    dealt = [e["event"] for e in full["events"] if e["type"] == "CardDealt"]
    hers = [d["card"] for d in dealt if d["hand"] == 1][:2]
    his = [d["card"] for d in dealt if d["hand"] == 2]
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    token = ann["Authorization"].split()[1]
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(token)})")
    page.goto(server.url + "/play/recall.html?table=recall-g&seat=1")
    section = page.wait_for_selector(f'[data-round="{round_id}"]')
    text = section.inner_text()
    assert "Round 1 (completed, Rules Submission version 1), seat 1" in text
    assert "Your wallet: -$10.00" in text
    assert "Front 9" in text and "lose" in text
    assert "not shown to you" in text  # the shuffle's order
    labels = [e.get_attribute("aria-label") for e in section.query_selector_all("svg")]
    from_cards = {label for label in labels if label and " of " in label}
    names = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    ranks = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine"}
    ranks |= {"8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four"}
    ranks |= {"3": "three", "2": "two"}

    def named(code: str) -> str:
        return f"{ranks[code[0]]} of {names[code[1]]}"

    assert {named(c) for c in hers} <= from_cards
    # Both folded: Bob's cards were collected face down (676a.11(b)), never shown to her.
    assert not {named(c) for c in his} & from_cards
    assert not errors
    context.close()


def test_the_lobby_links_the_recall_and_floor_pages(browser: Any, server: Server) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/play/")
        page.get_by_role("link", name="Your last ten rounds at a seat (game recall)").click()
        page.get_by_role("heading", name="Your last ten rounds").wait_for()
        page.go_back()
        page.get_by_role("link", name="The floor: hold report per table and day").click()
        page.wait_for_url("**/floor.html")
        assert page.title() != ""
    finally:
        page.close()


def test_the_floor_page_shows_each_tables_notices_and_equipment_out_of_order(
    browser: Any, server: Server
) -> None:
    """The floor page draws what ``GET /tables/{id}/state`` serves, in the server's words
    with each section: a Go Fore It table dealt from the hand whose shuffler the dealer
    signed out of order (676a.13(g): shuffled by hand; 676a.9(a)(1): dealt from a manual
    shoe; 676a.3(b): one deck), a Criss-Cross Poker table dealt from the hand likewise
    (674a.13(g), 674a.9(a)(1), 674a.3(b)), and a Double Back Jack table whose batches
    have been in use 24 hours (673a.3(c); the test ages them in the server's database,
    as its clock would, between two rounds): new decks before the next round."""
    hand_dealt = (EXAMPLES / "criss-cross-poker.toml").read_text()
    hand_dealt = hand_dealt.replace(
        'dealing_procedure = "manual_shoe"', 'dealing_procedure = "hand"'
    )
    assert server.table("fl-gfi", "go-fore-it.toml").status_code == 201
    assert server.table("fl-ccp", hand_dealt).status_code == 201
    assert server.table("fl-dbj", "double-back-jack.toml").status_code == 201
    dealer_token = server.person("fl-dealer", "dealer")
    dealer = {"Authorization": f"Bearer {dealer_token}"}
    player = server.person("fl-player", "player")
    server.deposit(player)
    auth = {"Authorization": f"Bearer {player}"}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for table_id in ("fl-gfi", "fl-ccp"):
            r = client.post(
                f"/tables/{table_id}/equipment",
                json={"device": "automated_shuffler", "out_of_order": True},
                headers=dealer,
            )
            assert r.status_code == 200, r.text
        assert client.post("/tables/fl-dbj/seats", json={"seat": 1}, headers=auth).is_success
        wager = {"type": "PlaceWager", "seat": 1, "spot": "blackjack", "amount": 1500}
        r = client.post(
            "/tables/fl-dbj/commands",
            json={"command": wager},
            headers={**auth, "Idempotency-Key": "fl-1"},
        )
        assert r.status_code == 200, r.text
        void = {"type": "VoidRound", "reason": "the test ends the round"}
        r = client.post(
            "/tables/fl-dbj/commands",
            json={"command": void},
            headers={**dealer, "Idempotency-Key": "fl-2"},
        )
        assert r.status_code == 200, r.text
        # A day passes: the batches opened with the table's first round are 25 hours old.
        # The server may still write the state it holds (under load, after the void's
        # answer), so the change is made again until it has stayed.
        for _ in range(20):
            _age_the_batches(server.db, "fl-dbj")
            time.sleep(0.5)
            if _age_the_batches(server.db, "fl-dbj", check=True):
                break
        r = client.post(
            "/tables/fl-dbj/commands",
            json={"command": wager},
            headers={**auth, "Idempotency-Key": "fl-3"},
        )
        assert r.status_code == 200, r.text
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/play/floor.html")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(dealer_token)})")
    page.click("button[type=submit]")  # every table
    # Every table's state is read after the hold report: slow on a loaded machine with
    # the many tables the other browser tests opened on this server.
    notices = page.wait_for_selector(
        "[data-testid=table-notices] section[data-table=fl-dbj]", timeout=120_000
    )
    dbj = notices.inner_text()
    assert "Table fl-dbj (Double Back Jack)" in dbj
    assert "round 2: The red batch had been in use 24 hours or more: new decks" in dbj
    assert "the shoe in progress ends" in dbj and "(673a.3(c))." in dbj
    assert "The blue batch had been in use 24 hours or more" in dbj
    for table_id, chapter in (("fl-gfi", "676a"), ("fl-ccp", "674a")):
        text = page.inner_text(f"[data-testid=table-notices] section[data-table={table_id}]")
        assert (
            "Out of order: The automated shuffler: the cards are shuffled by "
            "hand and dealt from a manual dealing shoe (dealing from the hand needs an "
            f"automated shuffler, {chapter}.9(a)(1)) ({chapter}.13(g))." in text
        )
        assert (
            "before the first round: One deck from now on" in text and f"({chapter}.3(b))." in text
        )
        assert "_" not in text  # plain English: no codes
    assert "_" not in dbj
    shot(page, "floor-notices")
    assert not errors
    context.close()


def test_the_floor_page_shows_the_significant_events(browser: Any, server: Server) -> None:
    """The floor page's significant events: a table disabled by the floor is listed with
    who, what and the values before and after in words, and named as disabled now."""
    assert server.table("floor-events", "sic-bo.toml").status_code == 201
    dealer_token = server.person("floor-sup", "dealer")
    r = httpx.post(
        server.url + "/disabled",
        json={"thing": "table", "subject": "floor-events", "disabled": True, "reason": "a spill"},
        headers={"Authorization": f"Bearer {dealer_token}"},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    [entry] = server.get(
        "/significant-events?kind=table_disabled&subject=floor-events", dealer_token
    )["events"]
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/play/floor.html")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(dealer_token)})")
    page.fill("#events-subject", "floor-events")
    page.click("#events-filters button[type=submit]")
    table = page.wait_for_selector("[data-testid=significant-events]")
    first = [c.inner_text() for c in table.query_selector_all("tbody tr:first-child td")]
    assert first == [
        f"{entry['at'][:10]} {entry['at'][11:19]} UTC",
        entry["who"],
        "table disabled",
        "floor-events",
        "disabled: no → disabled: yes, reason: a spill",
        f"{entry['who']} disabled table floor-events: a spill",
    ]
    assert entry["who"].startswith("floor-sup (")
    said = page.inner_text("[data-testid=disabled-now]")
    assert f"table floor-events, by {entry['who']} on" in said and "(a spill)" in said
    # The row below: the table opened (its Rules Submission's steps are "floor-events/1").
    kinds = [c.inner_text() for c in table.query_selector_all("tbody td:nth-child(3)")]
    assert kinds == ["table disabled", "table opened"]
    assert not errors, errors
    context.close()
    # The table deals again once an admin enables it (for the session's other tests).
    r = server.admin.post(
        "/disabled",
        json={"thing": "table", "subject": "floor-events", "disabled": False},
    )
    assert r.status_code == 200, r.text


def _age_the_batches(db: str, table_id: str, check: bool = False) -> bool:
    """Make the batches of ``table_id`` 25 hours older than the state the server kept
    (``check``: only say whether they are more than 24 hours old already)."""
    database = sqlite3.connect(db, timeout=30)
    try:
        with database:
            (kept,) = database.execute(
                "SELECT state_json FROM table_states WHERE table_id = ?", (table_id,)
            ).fetchone()
            state = json.loads(kept)
            now = datetime.now(UTC)
            opened = [datetime.fromisoformat(b["opened_at"]) for b in state["batches"]]
            if check:
                return all(now - at > timedelta(hours=24) for at in opened)
            for batch, at in zip(state["batches"], opened, strict=True):
                batch["opened_at"] = (at - timedelta(hours=25)).isoformat()
            database.execute(
                "UPDATE table_states SET state_json = ? WHERE table_id = ?",
                (json.dumps(state), table_id),
            )
        return True
    finally:
        database.close()
