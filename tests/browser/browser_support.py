"""Helpers of the browser tests: where things are, and the running server's admin side."""

from __future__ import annotations

import os
import re
import shutil
import socket
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples" / "rules"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """The running server: its URL, an admin client, and helpers to set tables up."""

    def __init__(self, url: str, admin_token: str, log: Path | None = None) -> None:
        self.url = url
        self.log = log
        """The server's log (stdout and stderr of ``croupier serve``)."""
        self.admin = httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {admin_token}"}, timeout=30
        )
        self._keys = 0

    @property
    def db(self) -> Path:
        """The server's SQLite database (conftest.py: beside its log)."""
        assert self.log is not None
        return self.log.parent / "croupier.sqlite"

    def key(self) -> dict[str, str]:
        self._keys += 1
        return {"Idempotency-Key": f"browser-test-{self._keys}"}

    def table(self, table_id: str, toml: str) -> httpx.Response:
        """A table under an example Rules Submission (or TOML text), with no betting or
        decision time limit (the test, not a clock, closes the betting) and a one-second
        wait for optional choices (Insurance, surrender)."""
        text = (EXAMPLES / toml).read_text() if toml.endswith(".toml") else toml
        settings = {"betting_seconds": None, "decision_seconds": None, "optional_seconds": 1}
        return self.admin.post(
            "/tables", json={"id": table_id, "rules_toml": text, "settings": settings}
        )

    def person(self, name: str, role: str) -> str:
        """A new account's token. Names are one to an account (``ledger/names.py``): a name
        another test of this server took already is numbered ("w-golf 2")."""
        said, n = name, 1
        while True:
            r = self.admin.post("/players", json={"name": said, "role": role})
            if r.status_code != 409 or r.json().get("cite") != "server:names":
                break
            n += 1
            said = f"{name} {n}"
        assert r.status_code == 201, r.text
        token: str = r.json()["token"]
        return token

    def wallet(self, player_id: str) -> int:
        ledger = self.admin.get("/ledger").json()
        (balance,) = [
            a["balance"]
            for a in ledger["accounts"]
            if a["kind"] == "wallet" and a["player_id"] == player_id
        ]
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
        return int(balance)

    def deposit(self, token: str, cents: int = 10_000) -> str:
        """Put ``cents`` of play money in the wallet of the player signed in with
        ``token``; his player id."""
        player_id: str = self.get("/players/me", token)["id"]
        paid = self.admin.post(
            f"/players/{player_id}/deposits", json={"amount": cents}, headers=self.key()
        )
        assert paid.status_code == 201, paid.text
        return player_id

    def send(self, table_id: str, token: str, command: dict[str, Any]) -> Any:
        """Send ``command`` to ``table_id`` as the account of ``token``, with an
        Idempotency-Key of its own; its answer (it must be accepted)."""
        r = self.admin.post(
            f"/tables/{table_id}/commands",
            json={"command": command},
            headers={"Authorization": f"Bearer {token}", **self.key()},
        )
        assert r.status_code == 200, r.text
        return r.json()

    def get(self, path: str, token: str) -> Any:
        r = httpx.get(self.url + path, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()


def missing() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    return None


SHOTS = SCREENSHOTS if os.environ.get("CROUPIER_SCREENSHOTS") else None
"""Where the tables' screenshots go: docs/screenshots with CROUPIER_SCREENSHOTS=1 set
(see docs/browser.md), else nowhere, so that a test run leaves the tree as it was."""


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """The page (``full_page``: all of it, else the screen as the player sees it, where
    something is held on screen) as docs/screenshots/NAME.png, when screenshots are on."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


OPENING = 100_000
"""The play-money opening balance (server:play-money): $1,000.00."""


def dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def shown_balance(page: Any) -> int:
    text = page.locator("#balance").inner_text()
    match = re.fullmatch(r"\$([\d,]+)\.(\d\d)", text)
    assert match, text
    return int(match.group(1).replace(",", "")) * 100 + int(match.group(2))


def sign_up(browser: Any, server: Server, name: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Get play money").click()
    page.wait_for_selector(".table-cards .table-card, .table-cards li")
    assert shown_balance(page) == OPENING
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def dealer_in_lobby(browser: Any, server: Server, table_id: str) -> tuple[Any, Any]:
    token = server.person(f"dealer-{table_id}", "dealer")
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/")
    page.get_by_role("textbox", name="Token").fill(token)
    page.get_by_role("button", name="Use token").click()
    page.wait_for_selector(".table-cards .table-card, .table-cards li")
    return context, page


def as_dealer(browser: Any, server: Server, table_id: str) -> tuple[Any, Any]:
    """A dealer's page at the table. The browser starts with his token stored, as after
    "Use token" in the lobby (:func:`dealer_in_lobby`, the way a person takes it there),
    so that each dealer's page costs one page load, the table's, not the lobby's too."""
    token = server.person(f"dealer-{table_id}", "dealer")
    stored = {"name": "croupier.token", "value": token}
    context = browser.new_context(
        viewport={"width": 1100, "height": 900},
        storage_state={"origins": [{"origin": server.url, "localStorage": [stored]}]},
    )
    page = context.new_page()
    page.goto(f"{server.url}/play/#/table/{table_id}")
    # The console shows once the dealer's view has arrived (hidden until then).
    page.wait_for_selector(".console:not([hidden])")
    return context, page


def caught_up(page: Any, server: Server, table_id: str | None = None) -> None:
    """Wait until ``page`` shows the table's round (``table_id``, by default the one in
    the page's address) at the server's latest version. A command carries the version
    its page shows, and the server refuses one sent from a view the table has moved past
    (optimistic concurrency; the page then refreshes quietly), so a test acts on a page
    only once it is current."""
    if table_id is None:
        table_id = page.url.split("#/table/", 1)[1].split("/")[0]
    token = page.evaluate("localStorage.getItem('croupier.token')")
    version = server.get(f"/tables/{table_id}/view", token)["round_version"] or 0
    page.wait_for_function(
        f"Number(document.querySelector('.round').dataset.version || 0) >= {version}"
    )


def open_table(page: Any, table_id: str, seat: int) -> None:
    page.locator(f'.table-card[data-table="{table_id}"] h4 a').click()
    page.wait_for_selector(".felt")
    page.locator(f'[data-sit="{seat}"]').click()
    page.wait_for_selector(f'.seat.mine[data-seat="{seat}"]')


def me(server: Server, page: Any) -> dict[str, Any]:
    token = page.evaluate("localStorage.getItem('croupier.token')")
    result: dict[str, Any] = server.get("/players/me", token)
    return result


def settled_total(view: dict[str, Any], seat: int) -> tuple[int, int]:
    """(wagered, paid back) over the seat's settled wagers, from the round's events."""
    staked = paid = 0
    for s in view["settlements"]:
        if s["seat"] == seat:
            staked += s["amount"]
            paid += s["returned"] + s["won"]
    return staked, paid


def finish(
    page: Any, server: Server, table_id: str, seat: int, wagered: int, before: int = OPENING
) -> None:
    """Wait for the round's payouts; the balance shown must be the ledger's wallet and
    the balance ``before`` the round less ``wagered`` plus what its settlements paid."""
    page.wait_for_selector("table.results", timeout=20_000)
    watcher = server.person(f"w-{table_id}", "dealer")
    # The round just ended: the newest one not open (a Pai Gow round that offers the bank
    # opens as soon as the last one ends).
    rounds = server.get(f"/tables/{table_id}/rounds", watcher)["rounds"]
    ended = next(r["round_id"] for r in rounds if r["status"] != "open")
    view = server.get(f"/rounds/{ended}/replay", watcher)
    _staked, paid = settled_total(view["view"], seat)
    expected = before - wagered + paid
    page.wait_for_function(f"document.querySelector('#balance').dataset.cents === '{expected}'")
    assert shown_balance(page) == server.wallet(me(server, page)["id"]) == expected


def unfold_others(page: Any) -> None:
    """Open the disclosure the other seats fold under at a seated player's table (issue
    34, one screen); it stays open through the table's redraws."""
    page.wait_for_selector("details.other-seats")
    if not page.locator("details.other-seats[open]").count():
        page.locator("details.other-seats > summary").first.click()
    page.wait_for_selector("details.other-seats[open]")


class SocketCut:
    """The page's table sockets routed through the test, so that it can cut them: with
    ``down`` set, a socket opened is closed at once (the server "gone" for sockets while
    its GETs still answer); ``sockets`` are those let through, to close by hand."""

    def __init__(self, page: Any) -> None:
        self.down = False
        self.sockets: list[Any] = []
        page.route_web_socket(re.compile(r".*/ws$"), self._route)

    def _route(self, ws: Any) -> None:
        if self.down:
            ws.close()
            return
        self.sockets.append(ws)
        ws.connect_to_server()


def pai_gow_dealt(browser: Any, server: Server, table_id: str, name: str) -> tuple[Any, Any]:
    """A Pai Gow table ``table_id`` whose clocks outlast the test, a player ``name`` at
    seat 5 with a $10 wager, and the dealer's "no more bets" sent: the page waits at his
    "Set hands" (621a.10(a))."""
    settings = {"betting_seconds": 600, "decision_seconds": 600, "optional_seconds": 600}
    body = {"id": table_id, "rules_toml": 'game = "pai-gow"\n', "settings": settings}
    assert server.admin.post("/tables", json=body).status_code == 201
    dealer = server.person(f"dealer-{table_id}", "dealer")
    context, page = sign_up(browser, server, name)
    open_table(page, table_id, 5)
    page.locator('[data-chip="1000"]').click()
    page.locator('.seat.mine [data-spot="pai_gow"].legal').click()
    page.wait_for_selector('.seat.mine [data-spot="pai_gow"].has-wager')
    caught_up(page, server)
    server.send(table_id, dealer, {"type": "AnnounceNoMoreBets"})
    page.locator('.decisions [data-action="SetHands"]').wait_for(timeout=15_000)
    return context, page
