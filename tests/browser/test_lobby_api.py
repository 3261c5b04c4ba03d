"""The endpoints the browser tables use, through the API (no browser): the lobby's table
listing, play-money sign-up through the ledger, the table sign, the round history and the
round hand by hand, the command schemas and the static client."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.server import create_app

EXAMPLES = Path(__file__).parents[2] / "examples" / "rules"


class Scripted:
    """Dice the test chooses: each ``randbelow`` answers the next face less one; with no
    face scripted (a shuffle), a secure random draw."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def randbelow(self, n: int) -> int:
        if not self.faces:
            return secrets.randbelow(n)
        return self.faces.pop(0) - 1


@pytest.fixture
def dice() -> Scripted:
    return Scripted()


@pytest.fixture
def client(migrated_sqlite: Callable[[str], str], dice: Scripted) -> Iterator[TestClient]:
    # The dice are scripted: drawn from ``dice`` directly, not from a sealed seed.
    app = create_app(migrated_sqlite("lobby.sqlite"), rng=dice, sealed_draws=False)
    with Session(app.state.engine) as session:
        _, token = repo.create_player(session, "admin", "admin")
        session.commit()
    with TestClient(app) as c:
        c.headers["X-Admin"] = token  # kept for admin(); not sent as a bearer
        yield c
    app.state.engine.dispose()


def admin(client: TestClient) -> dict[str, str]:
    return {"Authorization": f"Bearer {client.headers['X-Admin']}"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def signup(client: TestClient, name: str) -> dict[str, str]:
    r = client.post("/players/play-money", json={"name": name})
    assert r.status_code == 201, r.text
    return bearer(r.json()["token"])


def make_table(client: TestClient, table_id: str, toml: str) -> None:
    body = {"id": table_id, "rules_toml": (EXAMPLES / toml).read_text()}
    r = client.post("/tables", json=body, headers=admin(client))
    assert r.status_code == 201, r.text


def test_play_money_signup_moves_the_opening_balance_from_the_cage(client: TestClient) -> None:
    r = client.post("/players/play-money", json={"name": "ann"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["role"] == "player" and body["balance"] == 100_000  # $1,000.00
    me = client.get("/players/me", headers=bearer(body["token"])).json()
    assert me["balance"] == 100_000
    ledger = client.get("/ledger", headers=admin(client)).json()
    cage = [a for a in ledger["accounts"] if a["kind"] == "cage"]
    assert [a["balance"] for a in cage] == [-100_000]
    assert ledger["total"] == 0 and ledger["lines_total"] == 0
    # A name is required; a refused sign-up moves nothing.
    for name in ("", "   ", " ann", "ann\t"):
        assert client.post("/players/play-money", json={"name": name}).status_code == 422
    assert client.get("/ledger", headers=admin(client)).json()["accounts"] == ledger["accounts"]


def test_tables_lists_game_limits_and_free_seats(client: TestClient) -> None:
    ann = signup(client, "ann")
    assert client.get("/tables").status_code == 401
    make_table(client, "dice", "high-roll-dice-ten-dice.toml")
    assert client.post("/tables/dice/seats", json={"seat": 2}, headers=ann).status_code == 201
    tables = client.get("/tables", headers=ann).json()["tables"]
    # The main wager's return (the first on the par sheet, Pip Street), or a sentence
    # saying it is being worked out (test_the_help_of_a_table_from_its_rules_and_par_sheet).
    main, note = tables[0].pop("main_return"), tables[0].pop("returns_note")
    assert (main is None and note.startswith("The theoretical return is being worked out")) or (
        main["words"].startswith("Pip Street") and note == ""
    ), (main, note)
    # The example's limits are $5 to $500; a ten-dice table has six positions (675a.1(a)).
    assert tables == [
        {
            "id": "dice",
            "game": "high-roll-dice",
            "title": "High Roll Dice",
            "chapter": "675a",
            "layout": "high-roll-dice",
            "minimum_wager": 500,
            "maximum_wager": 50_000,
            "seat_count": 6,
            "seats_taken": [2],
            "free_seats": [1, 3, 4, 5, 6],
            "closed": False,
            "closed_reason": "",
            "closed_by": "",
        }
    ]


def test_sign_shows_the_regulation_payout_odds(client: TestClient) -> None:
    ann = signup(client, "ann")
    make_table(client, "dice", "high-roll-dice-ten-dice.toml")
    text = client.get("/tables/dice/sign", headers=ann).json()["text"]
    # 675a.5(a): Pip Street pays 3 to 1 on aces, 6 to 1 on twos; 675a.5(b): Like Kind
    # eight-of-a-kind 5,000 to 1 (the example's paytable).
    assert "Pip Street" in text and "3 to 1" in text and "6 to 1" in text
    assert "5,000 to 1" in text
    assert client.get("/tables/nope/sign", headers=ann).status_code == 404


@pytest.mark.parametrize(
    ("rules", "heading"),
    [
        ("go-fore-it.toml", "Go Fore It (58 Pa. Code ch. 676a)"),
        ("pai-gow.toml", "Pai Gow (58 Pa. Code ch. 621a)"),
        ("criss-cross-poker.toml", "Criss-Cross Poker (58 Pa. Code ch. 674a)"),
        ('game = "double-back-jack"\n', "Double Back Jack (58 Pa. Code ch. 673a)"),
    ],
)
def test_every_game_has_its_sign(client: TestClient, rules: str, heading: str) -> None:
    text = (EXAMPLES / rules).read_text() if rules.endswith(".toml") else rules
    r = client.post("/tables", json={"id": "t", "rules_toml": text}, headers=admin(client))
    assert r.status_code == 201, r.text
    sign = client.get("/tables/t/sign", headers=signup(client, "ann")).json()["text"]
    assert sign.splitlines()[0] == heading
    assert r.json()["rules_sha256"] in sign


def test_a_game_without_a_sign_answers_404(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    from croupier.registry import GAMES

    make_table(client, "t", "pai-gow.toml")
    monkeypatch.setitem(GAMES, "pai-gow", dataclasses.replace(GAMES["pai-gow"], sign=None))
    r = client.get("/tables/t/sign", headers=signup(client, "ann"))
    assert r.status_code == 404
    assert r.json() == {
        "detail": "no table sign is drawn for pai-gow yet (rules show)",
        "cite": "rules show",
    }


def test_history_and_steps_replay_a_round_hand_by_hand(client: TestClient, dice: Scripted) -> None:
    ann = signup(client, "ann")
    r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin(client))
    dealer = bearer(r.json()["token"])
    make_table(client, "dice", "high-roll-dice-ten-dice.toml")
    assert client.post("/tables/dice/seats", json={"seat": 1}, headers=ann).status_code == 201
    command = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:two", "amount": 500}
    r = client.post(
        "/tables/dice/commands",
        json={"command": command},
        headers={**ann, "Idempotency-Key": "w1"},
    )
    assert r.status_code == 200, r.text
    # Five twos: two wins the Pip Street count (675a.4(d)); it pays 6 to 1 (675a.5(a)).
    dice.faces = [2, 2, 2, 2, 2, 1, 3, 4, 5, 6]
    r = client.post(
        "/tables/dice/commands",
        json={"command": {"type": "AnnounceNoMoreBets"}},
        headers={**dealer, "Idempotency-Key": "d1"},
    )
    assert r.status_code == 200, r.text
    assert r.json()["round_status"] == "completed"
    assert client.get("/players/me", headers=ann).json()["balance"] == 100_000 + 6 * 500
    history = client.get("/tables/dice/rounds", headers=ann).json()["rounds"]
    assert [(h["round_id"], h["status"]) for h in history] == [("dice-1", "completed")]
    steps = client.get("/rounds/dice-1/steps", headers=ann).json()
    assert steps["actor"] == 1 and steps["game"] == "high-roll-dice"
    types = [s["event"]["type"] for s in steps["steps"]]
    assert types[0] == "RoundOpened" and types[-1] == "RoundCompleted"
    assert "DiceThrown" in types
    # Before the throw no dice show; after it the ten scripted dice do.
    thrown = types.index("DiceThrown")
    assert steps["steps"][thrown - 1]["view"]["dice"] == []
    assert sorted(steps["steps"][thrown]["view"]["dice"]) == sorted([2, 2, 2, 2, 2, 1, 3, 4, 5, 6])
    # The last step is the round as the stored view shows it.
    view = client.get("/tables/dice/view", headers=ann).json()["view"]
    assert steps["steps"][-1]["view"] == view
    assert client.get("/rounds/none-1/steps", headers=ann).status_code == 404


def test_command_schema_and_static_client(client: TestClient) -> None:
    schema = client.get("/games/high-roll-dice/commands").json()["commands"]
    names = {
        d["properties"]["type"]["const"]
        for d in schema["$defs"].values()
        if "type" in d.get("properties", {})
    }
    assert {"PlaceWager", "AnnounceNoMoreBets", "VoidRound"} <= names
    assert client.get("/games/nope/commands").status_code == 404
    r = client.get("/", follow_redirects=False)
    assert r.status_code in (302, 307) and r.headers["location"] == "/play/"
    page = client.get("/play/")
    assert page.status_code == 200 and "<html" in page.text.lower()


def test_steps_show_each_caller_only_what_his_seat_could_see(client: TestClient) -> None:
    ann = signup(client, "ann")
    bob = signup(client, "bob")  # not seated: a spectator
    r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin(client))
    dealer = bearer(r.json()["token"])
    toml = (EXAMPLES / "go-fore-it.toml").read_text()
    settings = {"betting_seconds": None, "decision_seconds": None}
    r = client.post(
        "/tables",
        json={"id": "golf", "rules_toml": toml, "settings": settings},
        headers=admin(client),
    )
    assert r.status_code == 201, r.text
    assert client.post("/tables/golf/seats", json={"seat": 1}, headers=ann).status_code == 201
    for who, command in [
        (ann, {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}),
        (dealer, {"type": "AnnounceNoMoreBets"}),
    ]:
        r = client.post(
            "/tables/golf/commands",
            json={"command": command},
            headers={**who, "Idempotency-Key": str(command)},
        )
        assert r.status_code == 200, r.text
    # Dealt: four cards each, two of the player's face up to him only (676a.8, 676a.11).
    mine = client.get("/rounds/golf-1/steps", headers=ann).json()
    public = client.get("/rounds/golf-1/steps", headers=bob).json()
    surveillance = client.get("/rounds/golf-1/steps", headers=dealer).json()
    assert (mine["actor"], public["actor"], surveillance["actor"]) == (1, None, "dealer")
    hand = {
        who: steps["steps"][-1]["view"]["hands"]["1"]
        for who, steps in [("ann", mine), ("public", public), ("dealer", surveillance)]
    }
    assert len(hand["ann"]) == 4 and sum(card is not None for card in hand["ann"]) == 2
    assert hand["public"] == [None, None, None, None]
    assert None not in hand["dealer"]
    # What Ann sees of her hand is what the surveillance view has at the same places.
    assert all(c is None or c == d for c, d in zip(hand["ann"], hand["dealer"], strict=True))


def test_the_server_log_never_shows_a_bearer_token() -> None:
    """``croupier serve`` installs TokenRedactor on uvicorn's handlers: a WebSocket connect
    as uvicorn logs it (``uvicorn.error``, the path with its query string as an argument)
    and an access-log line keep the path but not the token."""
    import logging

    from croupier.cli.server import TokenRedactor, log_config

    secret = "s3cr3t-Bearer_token"
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5000", f"/tables/t/ws?token={secret}&x=1"),
        None,
    )
    assert TokenRedactor().filter(record)
    assert (
        record.getMessage() == '127.0.0.1:5000 - "WebSocket /tables/t/ws?token=***&x=1" [accepted]'
    )
    access = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", f"/tables/t/view?a=1&token={secret}", "1.1", 200),
        None,
    )
    TokenRedactor().filter(access)
    assert secret not in access.getMessage() and "view?a=1&token=***" in access.getMessage()
    # Every handler uvicorn logs through carries the filter.
    config = log_config()
    assert config["handlers"] and all(
        "redact_tokens" in handler["filters"] for handler in config["handlers"].values()
    )


def send(client: TestClient, who: dict[str, str], command: dict[str, object], key: str) -> Any:
    return client.post(
        "/tables/dice/commands", json={"command": command}, headers={**who, "Idempotency-Key": key}
    )


def test_a_player_leaves_his_seat_but_not_with_a_wager_in_play(
    client: TestClient, dice: Scripted
) -> None:
    ann, bob, cat = signup(client, "ann"), signup(client, "bob"), signup(client, "cat")
    r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin(client))
    dealer = bearer(r.json()["token"])
    make_table(client, "dice", "high-roll-dice-ten-dice.toml")
    for who, seat in [(ann, 1), (bob, 2)]:
        assert (
            client.post("/tables/dice/seats", json={"seat": seat}, headers=who).status_code == 201
        )
    # Only the seat's own player may free it.
    r = client.delete("/tables/dice/seats/1", headers=bob)
    assert r.status_code == 403 and r.json()["cite"] == "server:seats"
    wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:two", "amount": 500}
    assert send(client, ann, wager, "w1").status_code == 200
    # Ann's wager is in the open round: she stays until it is settled; nothing changes.
    r = client.delete("/tables/dice/seats/1", headers=ann)
    assert r.status_code == 409 and r.json()["cite"] == "server:seats"
    assert client.get("/tables/dice/view", headers=ann).json()["actor"] == 1
    # Bob has no wager: he leaves at once, but his seat plays on in this round, so nobody
    # else takes it before the round is over.
    assert client.delete("/tables/dice/seats/2", headers=bob).status_code == 200
    assert client.get("/tables/dice/view", headers=bob).json()["actor"] is None
    r = client.post("/tables/dice/seats", json={"seat": 2}, headers=cat)
    assert r.status_code == 409 and r.json()["cite"] == "server:seats"
    # Cat sits at seat 3 mid-round: she plays from the next round (the round opened with
    # seats 1 and 2), and is told so.
    assert client.post("/tables/dice/seats", json={"seat": 3}, headers=cat).status_code == 201
    late = {"type": "PlaceWager", "seat": 3, "spot": "pip_street:two", "amount": 500}
    r = send(client, cat, late, "w3")
    assert r.status_code == 409 and "play from the next round" in r.json()["detail"]
    assert client.get("/players/me", headers=cat).json()["balance"] == 100_000
    dice.faces = [1, 1, 1, 1, 1, 3, 3, 4, 5, 6]
    r = send(client, dealer, {"type": "AnnounceNoMoreBets"}, "d1")
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
    # Settled (five aces: Pip Street on twos loses, 675a.4(d)): Ann may leave now, and
    # seat 2 is free again.
    assert client.get("/players/me", headers=ann).json()["balance"] == 100_000 - 500
    assert client.delete("/tables/dice/seats/1", headers=ann).status_code == 200
    tables = client.get("/tables", headers=cat).json()["tables"]
    assert tables[0]["seats_taken"] == [3]
    assert client.post("/tables/dice/seats", json={"seat": 2}, headers=bob).status_code == 201


def test_play_money_signups_are_rate_limited_per_address(client: TestClient) -> None:
    from croupier.server.browser import SIGNUP_LIMIT

    made = [
        client.post("/players/play-money", json={"name": f"p{n}"}).status_code
        for n in range(SIGNUP_LIMIT.burst + 1)
    ]
    assert made == [201] * SIGNUP_LIMIT.burst + [429]
    r = client.post("/players/play-money", json={"name": "more"})
    assert r.status_code == 429 and r.json()["cite"] == "server:rate-limit"
    assert "play-money sign-ups from one address" in r.json()["detail"]
    assert 1 <= int(r.headers["Retry-After"]) <= 60  # one sign-up a minute after the burst
    ledger = client.get("/ledger", headers=admin(client)).json()
    funded = [a for a in ledger["accounts"] if a["kind"] == "wallet" and a["balance"]]
    assert len(funded) == SIGNUP_LIMIT.burst  # a refused sign-up moved nothing


def test_a_forwarded_address_is_ignored_unless_its_proxy_is_named(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Issue #38: 14 of 14 sign-ups from one address were accepted, each with a new
    X-Forwarded-For (uvicorn believed it from 127.0.0.1), against 10 and then 429
    without it. By default the header is ignored; from a proxy the operator named, the
    address it forwarded is the one counted, and one its client wrote to its left is not."""
    from croupier.server.browser import SIGNUP_LIMIT

    def signups(app: Any, forwarded: list[str]) -> list[int]:
        with TestClient(app) as c:  # the test client's peer address is "testclient"
            return [
                c.post(
                    "/players/play-money",
                    json={"name": f"p{len(forwarded)}-{forwarded[0]}-{n}"},  # one to an account
                    headers={"X-Forwarded-For": f"{forged}, {address}"},
                ).status_code
                for n, (forged, address) in enumerate(
                    (f"198.51.100.{n}", address) for n, address in enumerate(forwarded)
                )
            ]

    burst = SIGNUP_LIMIT.burst
    fresh = [f"203.0.113.{n}" for n in range(burst + 4)]  # a new address each time
    plain = create_app(migrated_sqlite("plain.sqlite"))
    assert signups(plain, fresh) == [201] * burst + [429] * 4
    plain.state.engine.dispose()
    proxied = create_app(migrated_sqlite("proxied.sqlite"), forwarded_allow_ips=["testclient"])
    assert signups(proxied, fresh) == [201] * (burst + 4)  # each client its own limit
    one = ["192.0.2.1"] * (burst + 1)  # one client behind the proxy, forging the left
    assert signups(proxied, one) == [201] * burst + [429]
    proxied.state.engine.dispose()


def test_no_void_without_an_open_round(client: TestClient) -> None:
    """A void with no round open would open an empty round only to void it (and move the
    table on: 676a.3(b)(3), the decks' alternation); the console is not offered it."""
    r = client.post("/players", json={"name": "dee", "role": "dealer"}, headers=admin(client))
    dealer = bearer(r.json()["token"])
    ann = signup(client, "ann")
    make_table(client, "dice", "high-roll-dice-ten-dice.toml")
    assert client.post("/tables/dice/seats", json={"seat": 1}, headers=ann).status_code == 201
    view = client.get("/tables/dice/view", headers=dealer).json()
    assert view["round_id"] is None
    assert "VoidRound" not in {c["command"] for c in view["legal_commands"]}
    r = send(client, dealer, {"type": "VoidRound", "reason": "nothing"}, "v1")
    assert r.status_code == 422 and r.json()["cite"] == "server:void-round"
    assert client.get("/tables/dice/rounds", headers=dealer).json()["rounds"] == []
    # Once a round is open the void is offered and taken.
    wager = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:two", "amount": 500}
    assert send(client, ann, wager, "w1").status_code == 200
    view = client.get("/tables/dice/view", headers=dealer).json()
    assert "VoidRound" in {c["command"] for c in view["legal_commands"]}
    r = send(client, dealer, {"type": "VoidRound", "reason": "power failed"}, "v2")
    assert r.status_code == 200 and r.json()["round_status"] == "voided"
    assert client.get("/players/me", headers=ann).json()["balance"] == 100_000


def test_the_help_of_a_table_from_its_rules_and_par_sheet(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``GET /tables/{id}/help``: how to play from the game's package, the sign of the
    table's own Rules Submission as blocks, its limits, and each wager's return: Sic Bo's
    Small and Big keep 1/36 (105 shakes of 216 win, 111 lose, at 1 to 1), the Two of a
    Kind offered at 8 to 1 keeps 1 - 36/216 * 9 = 1/3 where it wins on a triple too (the
    example submission: 16 shakes of 216 show a chosen number on two dice and 1 on three)."""
    monkeypatch.setenv("CROUPIER_CACHE", str(tmp_path / "cache"))
    make_table(client, "help-sb", "sic-bo.toml")
    me = signup(client, "ann-help")
    for _ in range(40):  # worked out once, in a child process (a few seconds)
        r = client.get("/tables/help-sb/help", headers=me)
        assert r.status_code == 200, r.text
        body = r.json()
        if body["returns"] is not None:
            break
    assert body["title"] == "Sic Bo" and body["chapter"] == "625a"
    assert body["how_to_play"] and all(
        p.endswith(")") or p.endswith(".") for p in body["how_to_play"]
    )
    assert (body["minimum_wager"], body["maximum_wager"]) == (500, 100_000)
    rows = [row for block in body["sign"] if "rows" in block for row in block["rows"]]
    assert ["Big (total 11 to 17, not a triple)", "1 to 1"] in rows
    assert body["returns"] is not None, body["returns_note"]
    by = {w["wager"]: w for w in body["returns"]}
    assert by["small"]["exact"] == by["big"]["exact"] == "1/36"
    assert by["big"]["house_edge"] == "2.78%" and by["big"]["to_player"] == "97.22%"
    assert by["two_of_a_kind:1"]["exact"] == "1/3"
    lobby = client.get("/tables?wait=3", headers=me).json()["tables"]
    (card,) = [t for t in lobby if t["id"] == "help-sb"]
    assert card["main_return"]["exact"] == "1/36" and card["returns_note"] == ""
