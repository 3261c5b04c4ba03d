"""The browser's "verify" link: a player checks a finished round in the page (verify.js),
and a reveal altered on its way to him is caught."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from browser_support import EXAMPLES, Server, missing

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]


def _a_go_fore_it_round(at: Server, table: str = "fair") -> tuple[str, str]:
    """A round at a new Go Fore It table, played through the API: a Front 9 Wager, the
    dealer's "no more bets", a fold (676a.11(b)). Returns the player's token and the
    round's id."""
    rules = (EXAMPLES / "go-fore-it.toml").read_text()
    settings = {"betting_seconds": None, "decision_seconds": None}
    body = {"id": table, "rules_toml": rules, "settings": settings}
    assert at.admin.post("/tables", json=body).status_code == 201
    player = at.person(f"{table}-player", "player")
    at.deposit(player)
    auth = {"Authorization": f"Bearer {player}"}
    dealer = {"Authorization": f"Bearer {at.person(f'{table}-dealer', 'dealer')}"}
    commands = [
        (auth, {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}),
        (dealer, {"type": "AnnounceNoMoreBets"}),
        (auth, {"type": "Fold", "seat": 1}),
    ]
    with httpx.Client(base_url=at.url, timeout=30) as client:
        assert client.post(f"/tables/{table}/seats", json={"seat": 1}, headers=auth).is_success
        for n, (who, command) in enumerate(commands):
            r = client.post(
                f"/tables/{table}/commands",
                json={"command": command},
                headers={**who, "Idempotency-Key": f"{table}-{n}"},
            )
            assert r.status_code == 200, r.text
        assert r.json()["round_status"] == "completed"
    return player, r.json()["round_id"]


def test_a_player_verifies_a_round_in_the_browser(browser: Any, server: Server) -> None:
    player, round_id = _a_go_fore_it_round(server)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('croupier.token', {json.dumps(player)})")
    page.goto(server.url + "/play/#/history/fair")
    page.locator(f'[data-verify="{round_id}"]').click()
    verdict = page.wait_for_selector(".verify .verdict")
    text = page.locator(".verify").inner_text()
    # Played through the API, not in this browser: it kept nothing of what was shown, so
    # the round agrees with itself but is tied to nothing the player saw (as
    # croupier verify-round says without --seen); never "verified".
    assert verdict.get_attribute("data-ok") == "unanchored", text
    assert "consistent, but not verified against what you were shown" in text
    assert "sealed values open to the commitments" in text
    assert " 0 sealed values" not in text  # the shuffle and the face-down cards were sealed
    # What it compared, in words: none kept, the player's steps fetched now (it said "N
    # events you received agree", counting what it fetched).
    assert "No event kept as you were shown it was compared with the revealed round." in text
    assert re.search(r"\d+ events fetched from the server now agree with the revealed", text)
    assert "you received" not in text

    # A reveal altered on its way (one card of the committed deck changed): caught.
    def forged(route: Any) -> None:
        answer = route.fetch()
        revealed = answer.json()
        shuffled = next(e for e in revealed["events"] if e["type"] == "DeckShuffled")
        stack = shuffled["event"]["stack"]
        stack[0], stack[1] = stack[1], stack[0]
        route.fulfill(response=answer, body=json.dumps(revealed))

    page.route("**/reveal", forged)
    page.reload()
    verdict = page.wait_for_selector(".verify .verdict")
    assert verdict.get_attribute("data-ok") == "false"
    assert "does not open to its commitment" in page.locator(".verify").inner_text()
    assert not errors
    context.close()


def test_verify_round_asks_the_server(server: Server) -> None:
    """``croupier verify-round`` against the running server, with the player's token: it
    fetches the reveal and the player's steps and checks both, and says that steps
    fetched now tie nothing to what was shown (exit 3); an open round cannot be checked
    yet (exit 2, saying why)."""
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    player, round_id = _a_go_fore_it_round(server, "fair-cli")
    args = ["verify-round", round_id, "--server", server.url, "--token", player]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 3, result.output  # steps fetched now: consistent, unanchored
    assert "NOT VERIFIED against what you were shown" in result.output
    assert "replay under the game's rules" in result.output
    # Said as what it is: steps fetched now, not events the player kept as he saw them.
    assert "events fetched from the server now agree with the revealed round" in result.output
    assert "you received" not in result.output
    auth = {"Authorization": f"Bearer {player}"}
    wager = {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}
    opened = httpx.post(
        f"{server.url}/tables/fair-cli/commands",
        json={"command": wager},
        headers={**auth, "Idempotency-Key": "fair-cli-open"},
        timeout=30,
    )
    assert opened.status_code == 200, opened.text
    args[1] = opened.json()["round_id"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "still being played" in result.output


def test_a_players_own_seed_enters_the_round_and_the_page_checks_it(
    browser: Any, server: Server
) -> None:
    """The page commits to a seed of its own when it sits and gives it with its first
    wager (docs/architecture.md, "Sealed before the first wager"); the verify link finds
    it in the round, and the round's seed to be the one announced before that wager."""
    from browser_support import open_table, sign_up
    from test_sic_bo import bet

    assert server.table("seeded", "sic-bo.toml").status_code == 201
    context, page = sign_up(browser, server, "ann-seeded")
    open_table(page, "seeded", 1)
    token = page.evaluate("localStorage.getItem('croupier.token')")
    announced = server.get("/tables/seeded", token)["seal"]
    bet(page, 500, "small", 500)  # the first wager of the round: with the seed
    bet(page, 500, "big", 500)  # a later one: without
    round_id = server.get("/tables/seeded/view", token)["round_id"]
    dealer = {"Authorization": f"Bearer {server.person('dealer-seeded', 'dealer')}"}
    r = httpx.post(
        f"{server.url}/tables/seeded/commands",
        json={"command": {"type": "AnnounceNoMoreBets"}},
        headers={**dealer, "Idempotency-Key": "seeded-close"},
        timeout=30,
    )
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
    events = [s["event"] for s in server.get(f"/rounds/{round_id}/steps", token)["steps"]]
    given = [e for e in events if e["type"] == "ClientSeedGiven"]
    assert [e["event"]["seat"] for e in given] == [1]
    assert events[0]["sealed"]["seed"] == announced
    page.goto(server.url + "/play/#/history/seeded")
    page.locator(f'[data-verify="{round_id}"]').click()
    verdict = page.wait_for_selector(".verify .verdict")
    text = page.locator(".verify").inner_text()
    # Its wagers were answered to this browser, which kept them: the check is anchored.
    assert verdict.get_attribute("data-ok") == "true", text
    assert "kept as it was answered" in text
    assert "Your own seed entered every value drawn after your first wager." in text
    assert "The round's seed is the one announced before your wager." in text
    assert "drawn from the server seed sealed when the round opened (event 1)" in text
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
