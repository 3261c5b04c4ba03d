"""axe-core on every page (issue 34): the lobby, each game's table with the player
seated, the help panel open, the floor page, game recall and dealer training, at
1366x768 and at 390x844; no serious or critical violation.

axe-core comes from the npm registry (:data:`AXE_VERSION`, pinned), installed by the
fixture into a cache folder once (``$CROUPIER_CACHE/npm``, else
``~/.cache/croupier/npm``): where npm cannot install it the test fails, it is not
skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import Server, as_dealer, caught_up, missing, open_table, sign_up

MISSING = missing()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

AXE_VERSION = "4.10.2"
SIZES = ((1366, 768), (390, 844))
GAMES = (
    ("ax-hrd", "high-roll-dice-ten-dice.toml"),
    ("ax-gfi", "go-fore-it.toml"),
    ("ax-ccp", "criss-cross-poker.toml"),
    ("ax-dbj", "double-back-jack.toml"),
    ("ax-pg", "pai-gow.toml"),
    ("ax-sb", "sic-bo.toml"),
    ("ax-cr", "craps.toml"),
)
RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ` +
      v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(" | ") +
      (v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ""));
}"""


@pytest.fixture(scope="module")
def axe_script() -> Path:
    """axe.min.js of axe-core :data:`AXE_VERSION`, installed from npm once."""
    root = os.environ.get("CROUPIER_CACHE") or str(Path.home() / ".cache" / "croupier")
    folder = Path(root) / "npm" / f"axe-core-{AXE_VERSION}"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        assert npm is not None, "npm is needed to install axe-core (apt-get install npm)"
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                npm,
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(folder),
                f"axe-core@{AXE_VERSION}",
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0 and script.exists(), done.stderr[-2000:]
    return script


def violations(page: Any, script: Path, where: str) -> list[str]:
    page.add_script_tag(path=str(script))
    found: list[str] = page.evaluate(RUN)
    return [f"{where}: {v}" for v in found]


@pytest.fixture(scope="module")
def tables(server: Server) -> None:
    for table_id, toml in GAMES:
        assert server.table(table_id, toml).status_code == 201


def a_sic_bo_round_ended(server: Server, table_id: str) -> None:
    """A Sic Bo table with one round ended (a $10 Small wager, then no more bets), played
    through the API: a row of the floor's hold report."""
    assert server.table(table_id, "sic-bo.toml").status_code == 201
    player = server.person(f"{table_id}-player", "player")
    server.deposit(player)
    dealer = server.person(f"{table_id}-dealer", "dealer")
    with httpx.Client(base_url=server.url, timeout=30) as client:
        sat = client.post(f"/tables/{table_id}/seats", json={"seat": 1}, headers=bearer(player))
        assert sat.is_success, sat.text
        for n, (who, command) in enumerate(
            [
                (player, {"type": "PlaceWager", "seat": 1, "spot": "small", "amount": 1000}),
                (dealer, {"type": "AnnounceNoMoreBets"}),
            ]
        ):
            r = client.post(
                f"/tables/{table_id}/commands",
                json={"command": command},
                headers={**bearer(who), "Idempotency-Key": f"{table_id}-{n}"},
            )
            assert r.status_code == 200, r.text


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def floor_violations(
    browser: Any, server: Server, script: Path, size: tuple[int, int]
) -> list[str]:
    """The floor page, signed in as the admin in its form, showing the hold report of a
    table of its own with a round ended: the report's table, its chart and the notices
    drawn. (The report of every table of the session's server would first compute the
    par sheet of each game other tests ended rounds of, Criss-Cross Poker's a minute or
    more; the page is the same.)"""
    table_id = f"ax-hold-{size[0]}"
    a_sic_bo_round_ended(server, table_id)
    admin = browser.new_context()
    floor = admin.new_page()
    floor.set_viewport_size({"width": size[0], "height": size[1]})
    floor.goto(server.url + "/play/floor.html")
    token = server.admin.headers["Authorization"].removeprefix("Bearer ")
    floor.fill("#token", token)
    floor.fill("#table", table_id)
    floor.click("#filters button[type=submit]")
    floor.wait_for_selector("[data-testid=hold-report]")
    floor.wait_for_function("document.getElementById('messages').textContent === ''")
    assert table_id in floor.inner_text("[data-testid=hold-report]")
    found = violations(floor, script, f"floor.html {size[0]}x{size[1]}")
    admin.close()
    return found


@pytest.mark.parametrize(
    "size",
    [
        pytest.param(SIZES[0], id="desktop"),
        # The phone width's pass is as long again: in the long run (make slow).
        pytest.param(SIZES[1], id="phone", marks=pytest.mark.slow),
    ],
)
def test_axe_finds_nothing_serious_on_any_page(
    browser: Any, server: Server, axe_script: Path, tables: None, size: tuple[int, int]
) -> None:
    found: list[str] = []
    context, page = sign_up(browser, server, f"ann-axe-{size[0]}")
    width, height = size
    shown = f"{width}x{height}"
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.url + "/play/#/")
    page.wait_for_selector(".table-card")
    found += violations(page, axe_script, f"lobby {shown}")
    page.locator('.table-card[data-table="ax-sb"] [data-help-table]').click()
    page.locator('dialog.help[open] [data-help="sign"]').wait_for()
    found += violations(page, axe_script, f"help panel {shown}")
    page.keyboard.press("Escape")
    for table_id, _ in GAMES:
        page.goto(f"{server.url}/play/#/table/{table_id}")
        page.wait_for_selector(f'#table-heading[data-table="{table_id}"]')
        page.wait_for_selector(".felt")
        page.wait_for_selector("[data-sit], [data-leave]")
        if page.locator("[data-leave]").count() == 0:
            page.locator("[data-sit]:visible").first.click()
            page.wait_for_selector("[data-leave], .message.error")
            assert page.locator("[data-leave]").count(), page.inner_text("#messages")
        found += violations(page, axe_script, f"table {table_id} seated {shown}")
    page.goto(server.url + "/play/recall.html?table=ax-sb&seat=1")
    page.wait_for_load_state("networkidle", timeout=120_000)
    found += violations(page, axe_script, f"recall.html {shown}")
    page.goto(server.url + "/play/training.html?game=sic-bo&level=1&seed=7")
    page.wait_for_load_state("networkidle", timeout=120_000)
    found += violations(page, axe_script, f"training.html {shown}")
    found += floor_violations(browser, server, axe_script, size)
    # The check checks: a button with no name is a critical violation axe reports.
    page.evaluate("document.getElementById('main').append(document.createElement('button'))")
    planted = violations(page, axe_script, "planted")
    assert any("button-name (critical)" in v for v in planted), planted
    context.close()
    assert not found, "\n".join(found)


def test_axe_finds_nothing_serious_in_play(browser: Any, server: Server, axe_script: Path) -> None:
    """The same in the states a round passes through: a Go Fore It player deciding (the
    Back 9 or fold, the countdown, the dealer's console on the dealer's page), and a Sic Bo
    round over (the dice, the areas lit, the results and the round's sentence)."""
    assert server.table("ax-play-gfi", "go-fore-it.toml").status_code == 201
    assert server.table("ax-play-sb", "sic-bo.toml").status_code == 201
    found: list[str] = []
    context, page = sign_up(browser, server, "ann-axe-play")
    dealer_context, dealer = as_dealer(browser, server, "ax-play-gfi")
    open_table(page, "ax-play-gfi", 1)
    page.locator('.seat.mine [data-spot="front_9"]').click()
    page.wait_for_selector('.seat.mine [data-spot="front_9"].has-wager')
    caught_up(dealer, server)
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector('.decisions [data-wager-spot="back_9"]')
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        found += violations(page, axe_script, f"Go Fore It deciding {width}x{height}")
    found += violations(dealer, axe_script, "the dealer's console")
    page.goto(server.url + "/play/#/")
    page.wait_for_selector('.table-card[data-table="ax-play-sb"]')
    open_table(page, "ax-play-sb", 1)
    page.locator('[data-spot="big"]').first.click()
    page.wait_for_selector('[data-spot="big"].has-wager, [data-spot="big"] .stack')
    dealer.goto(f"{server.url}/play/#/table/ax-play-sb")
    dealer.wait_for_selector('#table-heading[data-table="ax-play-sb"]')
    dealer.wait_for_selector(".console:not([hidden])")
    caught_up(dealer, server, "ax-play-sb")
    dealer.locator('[data-action="AnnounceNoMoreBets"]').click()
    page.wait_for_selector("table.results", timeout=20_000)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        found += violations(page, axe_script, f"Sic Bo round over {width}x{height}")
    dealer_context.close()
    context.close()
    assert not found, "\n".join(found)
