"""The ledger: sums to zero, never negative, idempotent, refusals change nothing."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_api import Api, ScriptedRng
from sqlalchemy import text

from croupier.rng import SeededRng

HUNDRED = 10_000


def assert_sound(api: Api, deposits: dict[str, int]) -> None:
    """Zero-sum ledger, no negative wallet or escrow, and every wallet equal to what its
    owner deposited, less what they wagered, plus what came back: all from the events."""
    ledger = api.ledger()
    assert ledger["total"] == 0
    assert ledger["lines_total"] == 0
    for account in ledger["accounts"]:
        if account["kind"] in ("wallet", "escrow"):
            assert account["balance"] >= 0, account
    expected = dict(deposits)
    in_play = 0
    rounds = api.client.get("/tables/hrd", headers=api.admin).json()
    for number in range(1, rounds["events"] + 1):
        r = api.client.get(f"/rounds/hrd-{number}/replay", headers=api.admin)
        if r.status_code == 404:
            break
        events = [e["event"] for e in r.json()["events"]]
        seats = events[0]["seats"]
        for event in events:
            if event["type"] == "WagerPlaced":
                expected[seats[str(event["seat"])]] -= event["amount"]
                in_play += event["amount"]
            elif event["type"] == "WagerSettled":
                expected[seats[str(event["seat"])]] += event["returned"] + event["won"]
                in_play -= event["amount"]
            elif event["type"] == "ExtraRollCollected":
                in_play -= event["amount"]
    wallets = api.wallets()
    for player, balance in expected.items():
        assert wallets[player] == balance
    escrow = next(a for a in ledger["accounts"] if a["kind"] == "escrow")
    assert escrow["balance"] == in_play


def random_play(api: Api, rounds: int, seed: int) -> dict[str, int]:
    """``rounds`` rounds by three players choosing among their legal commands at random,
    some of them beyond their means; checks the ledger after every command."""
    api.table()
    choose = random.Random(seed)
    deposits: dict[str, int] = {}
    players = []
    for seat, name in [(1, "ann"), (2, "bob"), (5, "cy")]:
        amount = choose.choice([2_000, 6_000, 50_000])
        pid, auth = api.player(name, deposit=amount)
        deposits[pid] = amount
        api.sit(auth, seat)
        players.append((seat, auth))
    _, dealer = api.player("dee", role="dealer")
    refused = 0
    for _ in range(rounds):
        for seat, auth in players:
            for _ in range(choose.randint(0, 4)):
                legal = api.client.get("/tables/hrd/view", headers=auth).json()["legal_commands"]
                if not legal:
                    break
                option = choose.choice(legal)
                spot = choose.choice(option["fields"]["spot"]["options"])["value"]
                bounds = option["fields"]["amount"]
                amount = choose.randint(bounds["low"], min(bounds["high"], 3_000))
                r = api.wager(auth, seat, spot, amount)
                assert r.status_code in (200, 409), r.text
                if r.status_code == 409:
                    assert r.json()["cite"] == "ledger:no-negative-balance"
                    refused += 1
                assert_sound(api, deposits)
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
        if r.status_code == 409:  # nobody could wager
            continue
        assert r.status_code == 200, r.text
        assert r.json()["round_status"] == "completed"
        assert_sound(api, deposits)
    return {"refused": refused}


@pytest.fixture
def seeded(db_url: str) -> Any:
    client = Api(db_url, rng=SeededRng(7))
    yield client
    client.close()


def test_ledger_sums_to_zero_through_random_rounds(seeded: Api) -> None:
    random_play(seeded, rounds=4, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_ledger_sums_to_zero_through_many_random_rounds(seeded: Api, seed: int) -> None:
    random_play(seeded, rounds=25, seed=seed)


def test_a_wager_beyond_the_balance_is_refused_and_changes_nothing(api: Api) -> None:
    # GLI-19 4.3.3(b): no wager makes a balance negative.
    api.table()
    pid, auth = api.player("ann", deposit=700)
    api.sit(auth, 1)
    assert api.wager(auth, 1, "pip_street:ace", 500).status_code == 200
    before = api.snapshot()
    r = api.wager(auth, 1, "like_kind:3", 500)
    assert r.status_code == 409
    assert r.json() == {
        "detail": "$5 is more than the wallet balance of $2 (the operator's rules)",
        "cite": "ledger:no-negative-balance",
    }
    assert api.snapshot() == before
    assert api.wallets()[pid] == 200


def test_withdrawal_beyond_the_balance_is_refused(api: Api) -> None:
    # GLI-19 2.5.6(e): a withdrawal beyond the balance is refused whole, never paid in part.
    pid, _ = api.player("ann", deposit=500)
    before = api.snapshot()
    r = api.client.post(
        f"/players/{pid}/withdrawals", json={"amount": 501}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 409
    assert r.json()["cite"] == "ledger:no-negative-balance"
    assert api.snapshot() == before
    r = api.client.post(
        f"/players/{pid}/withdrawals", json={"amount": 500}, headers={**api.admin, **api.key()}
    )
    assert r.status_code == 201 and r.json()["balance"] == 0


def test_a_refused_command_changes_nothing(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=HUNDRED)
    _, bob = api.player("bob", deposit=HUNDRED)
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    before = api.snapshot()
    cases: list[tuple[dict[str, Any], int, str]] = [
        # Like Kind must equal the Pip Street wager.
        (
            {"type": "PlaceWager", "seat": 1, "spot": "like_kind:3", "amount": 600},
            422,
            "675a.2(e)(2)",
        ),
        # Seat 1 may not wager for seat 2: a permission, 403 (a second tester).
        (
            {"type": "PlaceWager", "seat": 2, "spot": "pip_street:ace", "amount": 500},
            403,
            "675a.2(c)",
        ),
        # Only the dealer announces "no more bets": a permission, 403.
        ({"type": "AnnounceNoMoreBets"}, 403, "675a.4(a)"),
        # Not a whole number of cents.
        (
            {"type": "PlaceWager", "seat": 1, "spot": "like_kind:3", "amount": 5.5},
            422,
            "",
        ),
    ]
    for command, code, cite in cases:
        r = api.send(ann, command)
        assert r.status_code == code, r.text
        if cite:
            assert r.json()["cite"] == cite
            assert r.json()["detail"].endswith(f"({cite})")
        assert api.snapshot() == before
    # A command that is not the game's: 422 naming the field.
    r = api.send(ann, {"type": "PlaceWager", "seat": 1, "spot": "like_kind:3"})
    assert r.status_code == 422
    assert r.json()["problems"][0]["loc"] == ["body", "command", "PlaceWager", "amount"]
    assert api.snapshot() == before


def test_a_retry_with_the_same_key_moves_no_money(api: Api) -> None:
    api.table()
    pid, auth = api.player("ann")
    deposit = {"amount": 2_500}
    headers = {**api.admin, "Idempotency-Key": "dep-1"}
    first = api.client.post(f"/players/{pid}/deposits", json=deposit, headers=headers)
    again = api.client.post(f"/players/{pid}/deposits", json=deposit, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert api.wallets()[pid] == 2_500
    api.sit(auth, 1)
    first = api.wager(auth, 1, "pip_street:ace", 500, key="w-1")
    before = api.snapshot()
    again = api.wager(auth, 1, "pip_street:ace", 500, key="w-1")
    assert again.status_code == 200 and again.json() == first.json()
    assert api.snapshot() == before
    assert api.wallets()[pid] == 2_000
    # The same key for another request is refused, naming the header's rule.
    r = api.wager(auth, 1, "like_kind:3", 500, key="w-1")
    assert r.status_code == 422
    assert r.json()["cite"] == "server:idempotency-key"
    assert api.snapshot() == before
    # No key at all: 422 naming the header.
    r = api.client.post(
        "/tables/hrd/commands",
        json={"command": {"type": "PlaceWager", "seat": 1, "spot": "like_kind:3", "amount": 500}},
        headers=auth,
    )
    assert r.status_code == 422
    assert r.json()["problems"][0]["loc"] == ["header", "Idempotency-Key"]


def test_a_stale_round_version_is_refused(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=HUNDRED)
    api.sit(ann, 1)
    before = api.snapshot()
    r = api.wager(ann, 1, "pip_street:ace", 500, round_version=4)  # no round is open yet
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith(
        "no round is open at table hrd; the table shows version 0, not 4"
    )
    assert api.snapshot() == before
    r = api.wager(ann, 1, "pip_street:ace", 500, round_version=0)
    assert r.status_code == 200 and r.json()["round_version"] == 2
    before = api.snapshot()
    r = api.wager(ann, 1, "like_kind:3", 500, round_version=1)
    assert r.status_code == 409
    assert r.json()["cite"] == "server:optimistic-concurrency"
    assert r.json()["detail"].startswith("round hrd-1 is at version 2, not 1")
    assert api.snapshot() == before
    r = api.wager(ann, 1, "like_kind:3", 500, round_version=2)
    assert r.status_code == 200 and r.json()["round_version"] == 3


def test_numbers_out_of_bounds_are_refused(api: Api) -> None:
    pid, _ = api.player("ann")
    before = api.snapshot()
    for amount in (0, -5, 10**30, "500", 5.0, None):
        r = api.client.post(
            f"/players/{pid}/deposits",
            json={"amount": amount},
            headers={**api.admin, **api.key()},
        )
        assert r.status_code == 422, (amount, r.text)
        assert r.json()["problems"][0]["loc"] == ["body", "amount"]
    assert api.snapshot() == before


def test_concurrent_commands_move_money_once(api: Api) -> None:
    """Eight clients at once: four send one wager under the same key, four send different
    wagers for the same spot. Exactly one wager is placed; the same-key senders all get
    the first answer; the others are refused (spot taken, or a stale round)."""
    api.table()
    pid, auth = api.player("ann", deposit=HUNDRED)
    api.sit(auth, 1)
    command = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}

    def send(i: int) -> tuple[int, Any]:
        # No `with`: leaving it would shut the app down (its writer) under the others.
        client = TestClient(api.app)
        key = "same" if i % 2 == 0 else f"other-{i}"
        r = client.post(
            "/tables/hrd/commands",
            json={"command": command},
            headers={**auth, "Idempotency-Key": key},
        )
        return r.status_code, r.json()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(send, range(8)))
    ok = [body for code, body in answers if code == 200]
    assert all(code in (200, 409, 422) for code, _ in answers), answers
    placed = {json.dumps(body, sort_keys=True) for body in ok}
    assert len(placed) == 1, answers  # one answer, repeated to every same-key sender
    assert api.wallets()[pid] == HUNDRED - 500
    assert api.ledger()["total"] == 0


def test_two_servers_share_one_database(db_url: str) -> None:
    """Two apps (two engines, as two server processes would have) on one database: the
    players of a table wager at once through either, retrying a stale answer with the same
    key; every wager is placed once and the ledger stays sound."""
    first = Api(db_url, rng=SeededRng(3))
    second = Api(db_url, rng=SeededRng(4))
    try:
        first.table()
        players = []
        deposits = {}
        for seat in (1, 2, 3, 4):
            pid, auth = first.player(f"p{seat}", deposit=HUNDRED)
            first.sit(auth, seat)
            players.append((seat, auth))
            deposits[pid] = HUNDRED
        _, dealer = first.player("dee", role="dealer")
        clients = [TestClient(first.app), TestClient(second.app)]

        def wager(job: tuple[int, int, dict[str, str]]) -> int:
            number, seat, auth = job
            command = {"type": "PlaceWager", "seat": seat, "spot": "pip_street:six", "amount": 500}
            headers = {**auth, "Idempotency-Key": f"r{number}-s{seat}"}
            for attempt in range(20):
                client = clients[(seat + attempt) % 2]
                r = client.post("/tables/hrd/commands", json={"command": command}, headers=headers)
                if r.status_code != 409:
                    return r.status_code
                assert r.json()["cite"] == "server:optimistic-concurrency", r.text
            return 409

        for number in range(3):
            jobs = [(number, seat, auth) for seat, auth in players]
            with ThreadPoolExecutor(len(jobs)) as pool:
                assert list(pool.map(wager, jobs)) == [200] * len(jobs)
            r = clients[number % 2].post(
                "/tables/hrd/commands",
                json={"command": {"type": "AnnounceNoMoreBets"}},
                headers={**dealer, "Idempotency-Key": f"nmb-{number}"},
            )
            assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
            placed = [e for e in r.json()["events"] if e["type"] == "WagerSettled"]
            assert len(placed) == len(players)
            assert_sound(first, deposits)
        assert second.client.get("/tables/hrd/verify", headers=first.admin).json()["ok"]
    finally:
        first.close()
        second.close()


def test_every_posting_sums_to_zero_and_every_balance_is_its_lines(seeded: Api) -> None:
    """Double entry, checked in the database after random rounds: the lines of each
    posting sum to zero, and each account's balance is the sum of its lines."""
    random_play(seeded, rounds=3, seed=5)
    with seeded.engine.connect() as connection:
        unbalanced = connection.execute(
            text("SELECT posting_id FROM posting_lines GROUP BY posting_id HAVING sum(amount) <> 0")
        ).all()
        drift = connection.execute(
            text(
                "SELECT a.id FROM accounts a LEFT JOIN posting_lines l ON l.account_id = a.id "
                "GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(l.amount), 0)"
            )
        ).all()
        postings = connection.execute(text("SELECT count(*) FROM postings")).scalar_one()
    assert unbalanced == [] and drift == []
    assert postings > 3


def test_a_command_refused_after_the_rules_took_it_leaves_the_round_as_stored(
    api: Api, scripted: ScriptedRng
) -> None:
    """Ann's second wager passes the rules but not her balance: the engine had already
    added it to the round (a copy of the process's live round) when the ledger refused
    it. The next commands must start from the round as stored: Bob's wager is the only
    other one, and the settlement pays exactly the two stored wagers."""
    api.table()
    ann_id, ann = api.player("ann", deposit=700)
    bob_id, bob = api.player("bob", deposit=HUNDRED)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    before = api.snapshot()
    r = api.wager(ann, 1, "pip_street:six", 500)
    assert r.status_code == 409 and r.json()["cite"] == "ledger:no-negative-balance"
    assert api.snapshot() == before
    r = api.wager(bob, 2, "pip_street:two", 500)
    assert r.status_code == 200 and r.json()["round_version"] == 3, r.text
    # Four aces, the most matches: ace wins with a count of 4 (675a.4(d)); Pip Street
    # ace pays 3 to 1 (675a.5(a)), Pip Street two loses.
    scripted.dice(1, 1, 1, 1, 2, 3, 4, 5, 6, 2)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
    events = api.client.get("/rounds/hrd-1/replay", headers=api.admin).json()["events"]
    placed = [
        (e["event"]["seat"], e["event"]["spot"]) for e in events if e["type"] == "WagerPlaced"
    ]
    assert placed == [(1, "pip_street:ace"), (2, "pip_street:two")]
    # Ann: $7 - $5 + $5 back + $15 won = $22; Bob: $100 - $5 = $95.
    wallets = api.wallets()
    assert (wallets[ann_id], wallets[bob_id]) == (2_200, HUNDRED - 500)
    assert api.ledger()["total"] == 0


def test_the_last_rounds_version_opens_the_next_round(api: Api) -> None:
    """A fresh tester's finding: between rounds the view shows the last round (voided or
    completed) with its final version; sent back as the version decided on, it was
    refused 409 ("no round is open (version 0)") however often the table was looked at
    again. What the table shows is as good as 0; any other version is still stale."""
    api.table()
    _, ann = api.player("ann", deposit=HUNDRED)
    _, dan = api.player("dan", role="dealer")
    api.sit(ann, 1)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    void = {"type": "VoidRound", "reason": "a test"}
    assert api.send(dan, void).status_code == 200
    shown = api.client.get("/tables/hrd/view", headers=ann).json()
    assert shown["round_status"] == "voided" and shown["round_version"] > 1, shown
    before = api.snapshot()
    r = api.wager(ann, 1, "pip_street:ace", 500, round_version=shown["round_version"] - 1)
    assert r.status_code == 409, r.text
    # The refusal names the version the view shows, not 0 (a fresh user's finding).
    stale = shown["round_version"] - 1
    assert r.json()["detail"].startswith(
        f"no round is open at table hrd; the table shows version {shown['round_version']}, "
        f"not {stale}"
    ), r.text
    assert api.snapshot() == before
    r = api.wager(ann, 1, "pip_street:ace", 500, round_version=shown["round_version"])
    assert r.status_code == 200, r.text
    assert r.json()["round_id"] != shown["round_id"]
