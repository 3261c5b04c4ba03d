"""A wager withdrawn before "no more bets" comes back to the wallet (676a.7(c), 674a.7(c)).

Worked by hand: a player deposits $100.00 (10,000 cents), wagers $10 (1,000) on Front 9 at
a Go Fore It table and withdraws it before the deal: the wallet is back at 10,000, the
table's escrow at 0, and the ledger still sums to zero.
"""

from __future__ import annotations

from server_api import EXAMPLES, Api, Clock

from croupier.rng import SeededRng


def _withdrawn_and_returned(db_url: str, rules: str, spot: str, *, leaves: bool) -> None:
    """ann deposits $100.00 (10,000 cents), wagers $10 (1,000) on ``spot`` at a table under
    the example ``rules``, 9,000 left, and withdraws it before "no more bets": 10,000 again,
    the escrow 0, the ledger summing to zero; where ``leaves``, she then leaves her seat."""
    api = Api(db_url, SeededRng(3))
    try:
        body = {"id": "t", "rules_toml": (EXAMPLES / rules).read_text()}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201, r.text
        pid, ann = api.player("ann", deposit=10_000)
        api.sit(ann, 1, "t")
        r = api.wager(ann, 1, spot, 1_000, table_id="t")
        assert r.status_code == 200, r.text
        assert r.json()["balance"] == 9_000
        withdraw = {"type": "WithdrawWager", "seat": 1, "spot": spot}
        r = api.send(ann, withdraw, table_id="t")
        assert r.status_code == 200, r.text
        assert r.json()["balance"] == 10_000
        assert api.wallets()[pid] == 10_000
        ledger = api.ledger()
        escrow = [a for a in ledger["accounts"] if a["kind"] == "escrow"]
        assert [a["balance"] for a in escrow] == [0]
        assert sum(a["balance"] for a in ledger["accounts"]) == 0
        if leaves:
            r = api.client.delete("/tables/t/seats/1", headers=ann)
            assert r.status_code == 200, r.text
    finally:
        api.close()


def test_a_withdrawn_wager_is_returned_to_the_wallet(db_url: str) -> None:
    """A Go Fore It Front 9 withdrawn before "no more bets" (676a.7(c))."""
    _withdrawn_and_returned(db_url, "go-fore-it.toml", "front_9", leaves=False)


SETTINGS = {"betting_seconds": 60, "decision_seconds": 30, "optional_seconds": 10}


def _withdrawn(db_url: str) -> tuple[Api, dict[str, str]]:
    """A Go Fore It table (betting closes 60 s after the first wager) at which ann, seat 1,
    wagered $10 on Front 9 and took it back; bob sits at seat 2 and has not wagered."""
    api = Api(db_url, SeededRng(3), Clock())
    body = {"id": "g", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()}
    r = api.client.post("/tables", json={**body, "settings": SETTINGS}, headers=api.admin)
    assert r.status_code == 201, r.text
    _, ann = api.player("ann", deposit=10_000)
    _, bob = api.player("bob", deposit=10_000)
    api.sit(ann, 1, "g")
    api.sit(bob, 2, "g")
    assert api.wager(ann, 1, "front_9", 1_000, table_id="g").status_code == 200
    withdraw = {"type": "WithdrawWager", "seat": 1, "spot": "front_9"}
    assert api.send(ann, withdraw, table_id="g").status_code == 200
    return api, ann


def test_a_seat_whose_wager_was_withdrawn_may_leave(db_url: str) -> None:
    api, ann = _withdrawn(db_url)
    try:
        r = api.client.delete("/tables/g/seats/1", headers=ann)
        assert r.status_code == 200, r.text
    finally:
        api.close()


def test_a_round_left_with_no_wager_in_play_is_voided_when_betting_time_runs_out(
    db_url: str,
) -> None:
    api, _ = _withdrawn(db_url)
    try:
        api.clock.advance(61)
        view = api.client.get("/tables/g/view", headers=api.admin).json()
        assert view["round_status"] == "voided", view
        assert sum(a["balance"] for a in api.ledger()["accounts"]) == 0
    finally:
        api.close()


def _gfi(db_url: str) -> tuple[Api, str, dict[str, str]]:
    """A Go Fore It table ``g`` (the shipped example) with ann at seat 1, $1,000 in her
    wallet."""
    api = Api(db_url, SeededRng(3))
    body = {"id": "g", "rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()}
    r = api.client.post("/tables", json=body, headers=api.admin)
    assert r.status_code == 201, r.text
    pid, ann = api.player("ann", deposit=100_000)
    api.sit(ann, 1, "g")
    return api, pid, ann


def test_a_withdrawn_wager_is_not_counted_as_wagered(db_url: str) -> None:
    # Front 9 $10 and Skins $15, then Skins taken back before the deal (676a.7(c)): she
    # has wagered $10, by hand, not $25 (a fresh player saw $25: docs/interpretations.md,
    # "What a loss, a spend and a deposit count").
    api, _, ann = _gfi(db_url)
    try:
        assert api.wager(ann, 1, "front_9", 1_000, table_id="g").status_code == 200
        assert api.wager(ann, 1, "skins", 1_500, table_id="g").status_code == 200
        withdraw = {"type": "WithdrawWager", "seat": 1, "spot": "skins"}
        assert api.send(ann, withdraw, table_id="g").status_code == 200
        now = api.client.get("/sessions/current", headers=ann).json()
        assert now["wagered_since_login"] == 1_000
    finally:
        api.close()


def test_placing_and_taking_back_does_not_use_up_a_spend_limit(db_url: str) -> None:
    # A daily spend limit of $30 (814a.2): Front 9 $10, then $15 on Skins taken back three
    # times is no more spend ($10 so far), so $20 on Skins is still within the limit ($30);
    # a $10 Gopher beside them is not ($40 in all).
    api, pid, ann = _gfi(db_url)
    try:
        r = api.client.put(f"/players/{pid}/limits", json={"spend_daily": 3_000}, headers=ann)
        assert r.status_code == 200, r.text
        assert api.wager(ann, 1, "front_9", 1_000, table_id="g").status_code == 200
        withdraw = {"type": "WithdrawWager", "seat": 1, "spot": "skins"}
        for _ in range(3):
            r = api.wager(ann, 1, "skins", 1_500, table_id="g")
            assert r.status_code == 200, r.text
            assert api.send(ann, withdraw, table_id="g").status_code == 200
        assert api.wager(ann, 1, "skins", 2_000, table_id="g").status_code == 200
        r = api.wager(ann, 1, "gopher", 1_000, table_id="g")
        assert r.status_code == 409 and "814a.2" in r.json()["detail"], r.text
    finally:
        api.close()


def test_a_pai_gow_wager_withdrawn_before_no_more_bets_returns_to_the_wallet(db_url: str) -> None:
    """621a.7(c), worked by hand: ann deposits $100.00 (10,000 cents), wagers $10 (1,000)
    on her betting area, 9,000 left, and withdraws it before "no more bets": 10,000 again,
    the escrow 0, the ledger summing to zero; she has no wager in the round and may leave."""
    _withdrawn_and_returned(db_url, "pai-gow.toml", "pai_gow", leaves=True)
