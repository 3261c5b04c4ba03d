"""The Pai Gow bank at the table server (58 Pa. Code 621a.11), through the HTTP API.

Three rounds at a table whose Rules Submission offers player banking and co-banking
(examples/rules/pai-gow.toml): the dealer banks the first (621a.11(b)); the second
opens at once with the bank offered from the dealer's right (621a.11(c)): seat 3 passes,
seat 2 takes it; the bank's cut times out (no cut, 621a.11(g)); the dealer wagers the
player's last wager against the dealer and the bank lowers it (621a.11(h)); the bank's
shake times out (621a.11(i)). In the third the first offer has moved on, the seat offered
lets the time run out (passed), the last bank is passed over (621a.11(c)), and seat 1
co-banks (621a.11(e), (r)) and cuts.

Every wallet is checked against a hand calculation from each hand's result, with the
vigorish of 621a.10(k) (5%, here rounded up to 25 cents) and the bank's account of
621a.11(o)-(r) written out here; the ledger sums to zero.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server_api import EXAMPLES, Api, Clock

from croupier.engine import RoundVoided
from croupier.games.pai_gow import BankSettled, BankTaken, PaiGowTable
from croupier.games.pai_gow.policy import bank_moves
from croupier.rng import SeededRng
from croupier.rules.pai_gow import PaiGowRules

START = 1_000_000
SETTINGS = {"betting_seconds": 30, "decision_seconds": 20, "optional_seconds": 5}


class Table(Api):
    clock: Clock

    """A Pai Gow table with three seated players and a dealer, a fake clock."""

    def __init__(self, db_url: str) -> None:
        super().__init__(db_url, SeededRng(4), Clock())
        body = {
            "id": "pg",
            "rules_toml": (EXAMPLES / "pai-gow.toml").read_text(),
            "settings": SETTINGS,
        }
        r = self.client.post("/tables", json=body, headers=self.admin)
        assert r.status_code == 201, r.text
        self.auth: dict[int, dict[str, str]] = {}
        self.ids: dict[int, str] = {}
        for seat in (1, 2, 3):
            pid, auth = self.player(f"p{seat}", deposit=START)
            self.sit(auth, seat, "pg")
            self.auth[seat], self.ids[seat] = auth, pid
        _, self.dealer = self.player("dee", role="dealer")

    def view(self, seat: int | None) -> dict[str, Any]:
        auth = self.dealer if seat is None else self.auth[seat]
        r = self.client.get("/tables/pg/view", headers=auth)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def do(self, seat: int | None, command: dict[str, Any], ok: bool = True) -> Any:
        auth = self.dealer if seat is None else self.auth[seat]
        r = self.send(auth, command, table_id="pg")
        assert (r.status_code == 200) is ok, (command, r.text)
        return r.json()

    def legal(self, seat: int) -> set[str]:
        return {c["command"] for c in self.view(seat)["legal_commands"]}

    def run_out(self, round_id: str) -> None:
        """Let the clock decide everything left in ``round_id``."""
        for _ in range(20):
            dealer = self.view(None)
            if dealer["round_id"] != round_id or dealer["round_status"] != "open":
                return
            self.clock.advance(21)
        raise AssertionError(f"round {round_id} did not end")

    def dealer_banked_round(self) -> None:
        """Round pg-1, the start of the game: the dealer banks (621a.11(b)); seats 1-3
        wager $10, $20 and $30 against the dealer; the clock plays it out."""
        for seat, amount in ((1, 1000), (2, 2000), (3, 3000)):
            self.do(seat, {"type": "PlaceWager", "seat": seat, "amount": amount})
        self.do(None, {"type": "AnnounceNoMoreBets"})
        self.run_out("pg-1")

    def events(self, round_id: str) -> list[dict[str, Any]]:
        r = self.client.get(f"/rounds/{round_id}/replay", headers=self.dealer)
        assert r.status_code == 200, r.text
        return [stored["event"] for stored in r.json()["events"]]


# --- the hand calculation (621a.10(f)-(k), 621a.11(n)-(r)) ---------------------------------
def vig(won: int) -> int:
    """5% of ``won`` cents, rounded up to 25 cents (621a.10(k); vigorish_to_quarter)."""
    return -(-won // 500) * 25


def player_result(settled: dict[str, Any]) -> int:
    """A player's wallet change on one wager: a loss loses it, a tie returns it, a win is
    paid 1 to 1 less the vigorish (621a.10(h)-(k), 621a.11(q))."""
    amount = settled["amount"]
    return {"lose": -amount, "push": 0, "win": amount - vig(amount)}[settled["outcome"]]


def bank_result(events: list[dict[str, Any]]) -> int:
    """The bank's wallet change: the centre (losing wagers, a losing dealer's wager) pays
    the winning wagers (a winning dealer's wager too); a shortfall comes from the bank
    (half of it under co-banking, the house paying the other half); a surplus goes to the
    bank less 5% (under co-banking half of it goes to the house first) (621a.11(o), (r))."""
    settled = [e for e in events if e["type"] == "WagerSettled"]
    centre = sum(e["amount"] for e in settled if e["outcome"] == "lose")
    paid = sum(e["amount"] for e in settled if e["outcome"] == "win")
    for e in events:
        if e["type"] == "DealerWagerSettled":
            centre += e["amount"] if e["outcome"] == "lose" else 0
            paid += e["amount"] if e["outcome"] == "win" else 0
    co_bank = next(e for e in events if e["type"] == "BankTaken")["co_bank"]
    if paid > centre:
        return -((paid - centre) // 2 if co_bank else paid - centre)
    share = (centre - paid) // 2 if co_bank else centre - paid
    return share - vig(share)


def expected_wallets(table: Table, rounds: list[list[dict[str, Any]]]) -> dict[str, int]:
    wallets = dict.fromkeys(table.ids.values(), START)
    for events in rounds:
        seats = events[0]["seats"]
        for e in events:
            if e["type"] == "WagerSettled":
                wallets[seats[str(e["seat"])]] += player_result(e)
        taken = [e for e in events if e["type"] == "BankTaken"]
        if taken:
            wallets[seats[str(taken[0]["seat"])]] += bank_result(events)
    return wallets


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# --- the rounds ---------------------------------------------------------------------------
def play_three_rounds(db_url: str) -> tuple[Table, list[list[dict[str, Any]]]]:
    table = Table(db_url)
    # Round 1: the start of the game; the dealer banks (621a.11(b)).
    assert "TakeBank" not in table.legal(3)
    table.dealer_banked_round()
    first = table.events("pg-1")
    assert "BankOffered" not in types(first) and first[-1]["type"] == "RoundCompleted"

    # Round 2 is open at once: the bank offered from the dealer's right, to seat 3
    # (seats 6-4 are empty).
    dealer = table.view(None)
    assert (dealer["round_id"], dealer["view"]["phase"]) == ("pg-2", "bank_offer")
    assert dealer["view"]["bank_offered_to"] == 3
    assert table.legal(3) == {"TakeBank", "PassBank"}
    assert table.legal(2) == set()
    table.do(2, {"type": "TakeBank", "seat": 2, "chips": 20000}, ok=False)  # not his turn
    table.do(1, {"type": "PlaceWager", "seat": 1, "amount": 1000}, ok=False)  # no wagers yet
    table.do(3, {"type": "PassBank", "seat": 3})
    assert table.legal(2) == {"TakeBank", "PassBank"}
    table.do(2, {"type": "TakeBank", "seat": 2, "chips": 20000})
    assert table.view(2)["view"]["phase"] == "cut"
    assert {"CutTiles", "DeclineCut"} <= table.legal(2)
    table.clock.advance(21)  # the bank does not cut: there is no cut (621a.11(g))
    view = table.view(2)
    assert view["view"]["phase"] == "betting"
    assert view["view"]["dealer_wager"] == 2000  # seat 2's wager against the dealer
    table.do(2, {"type": "DirectDealerWager", "seat": 2, "amount": 1000})
    table.do(1, {"type": "PlaceWager", "seat": 1, "amount": 19500}, ok=False)  # uncovered
    table.do(1, {"type": "PlaceWager", "seat": 1, "amount": 1000})
    table.do(3, {"type": "PlaceWager", "seat": 3, "amount": 3000})
    table.do(None, {"type": "AnnounceNoMoreBets"})
    assert {"ShakeDice", "ChooseDelivery"} <= table.legal(2)  # the bank shakes (621a.11(i))
    table.run_out("pg-2")
    second = table.events("pg-2")
    assert [e["seat"] for e in second if e["type"] in ("BankPassed", "BankTaken")] == [3, 2]
    assert "CutDeclined" in types(second)
    assert [e["amount"] for e in second if e["type"] == "DealerWagerPlaced"] == [2000, 1000]
    shaken = next(e for e in second if e["type"] == "DiceShaken")
    assert shaken["by"] == "bank"
    assert next(e for e in second if e["type"] == "StartingPositionCounted")["counted_from"] == "2"

    # Round 3: the first offer has moved one seat on (to 5: seat 3 again); it runs out;
    # seat 2 banked the last round and is passed over; seat 1 co-banks and cuts.
    dealer = table.view(None)
    assert (dealer["round_id"], dealer["view"]["bank_offered_to"]) == ("pg-3", 3)
    # Issue #34: seat 2's refusal says "you", never his account id.
    refused = table.do(2, {"type": "TakeBank", "seat": 2, "chips": 20000}, ok=False)
    assert refused["detail"] == (
        "you banked the last round: a player may not bank two consecutive rounds (621a.11(c))"
    ), refused
    table.clock.advance(21)
    assert table.legal(1) == {"TakeBank", "PassBank"}
    table.do(1, {"type": "TakeBank", "seat": 1, "chips": 10000, "co_bank": True})
    table.do(1, {"type": "CutTiles", "seat": 1, "right": [3, 4]})
    assert table.view(1)["view"]["dealer_wager"] == 0  # no dealer wager when co-banking
    table.do(2, {"type": "PlaceWager", "seat": 2, "amount": 1000})
    table.do(3, {"type": "PlaceWager", "seat": 3, "amount": 3000})
    table.do(None, {"type": "AnnounceNoMoreBets"})
    table.do(1, {"type": "ShakeDice"})
    table.run_out("pg-3")
    third = table.events("pg-3")
    passed = [(e["seat"], bool(e["reason"])) for e in third if e["type"] == "BankPassed"]
    assert passed == [(3, False), (2, True)]
    # Seat 1 reads seat 2's reason with a stand-in for seat 2's account id (issue #34).
    steps = table.client.get("/rounds/pg-3/steps", headers=table.auth[1]).json()["steps"]
    [shown] = [
        s["event"]
        for s in steps
        if s["event"]["type"] == "BankPassed" and s["event"]["event"]["reason"]
    ]
    assert shown["event"]["reason"] == (
        "player 'player at seat 2' banked the last round: a player may not bank two "
        "consecutive rounds"
    )
    assert shown["ids_replaced"] is True
    assert next(e for e in third if e["type"] == "TilesCut")["right"] == [3, 4]
    assert "DealerWagerPlaced" not in types(third)
    return table, [first, second, third]


def test_bank_rotation_and_timeouts_online(db_url: str) -> None:
    table, rounds = play_three_rounds(db_url)
    try:
        for events in rounds[1:]:
            [settled] = [e for e in events if e["type"] == "BankSettled"]
            assert settled["net"] == bank_result(events)  # the engine's account, by hand
        ledger = table.ledger()
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
        verify = table.client.get("/tables/pg/verify", headers=table.dealer).json()
        assert verify["ok"]
    finally:
        table.close()


def test_a_bank_or_a_player_offered_it_who_leaves_holds_up_nothing(db_url: str) -> None:
    """A player may leave his seat while he holds no wager; the timeouts then act for his
    seat of the round as for a player who stayed: the bank's cut declined (621a.11(g)),
    the bank offered to a player who left passed (621a.11(c)). The round goes on and the
    bank's chips come back with its result."""
    table = Table(db_url)
    try:
        table.dealer_banked_round()
        table.do(3, {"type": "PassBank", "seat": 3})
        table.do(2, {"type": "TakeBank", "seat": 2, "chips": 20000})
        r = table.client.delete("/tables/pg/seats/2", headers=table.auth[2])
        assert r.status_code == 200, r.text
        table.clock.advance(21)  # the cut's time runs out for the bank, who left
        assert table.view(None)["view"]["phase"] == "betting"
        table.do(1, {"type": "PlaceWager", "seat": 1, "amount": 1000})
        table.do(3, {"type": "PlaceWager", "seat": 3, "amount": 3000})
        table.do(None, {"type": "AnnounceNoMoreBets"})
        table.run_out("pg-2")
        second = table.events("pg-2")
        assert "CutDeclined" in types(second) and second[-1]["type"] == "RoundCompleted"
        [settled] = [e for e in second if e["type"] == "BankSettled"]
        assert settled["net"] == bank_result(second)
        # Round 3: the player offered the bank leaves; his offer times out as passed.
        dealer = table.view(None)
        offered = dealer["view"]["bank_offered_to"]
        assert dealer["round_id"] == "pg-3" and offered in (1, 3)
        r = table.client.delete(f"/tables/pg/seats/{offered}", headers=table.auth[offered])
        assert r.status_code == 200, r.text
        table.clock.advance(21)
        third_view = table.view(None)["view"]
        assert third_view["bank_offered_to"] != offered
        assert any(e["type"] == "BankPassed" and e["seat"] == offered for e in table.events("pg-3"))
        ledger = table.ledger()
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
    finally:
        table.close()


def test_every_balance_after_player_bank_rounds(migrated_sqlite: Callable[[str], str]) -> None:
    table, rounds = play_three_rounds(migrated_sqlite("money.sqlite"))
    try:
        wallets = table.wallets()
        expected = expected_wallets(table, rounds)
        assert {pid: wallets[pid] for pid in expected} == expected
        accounts = table.ledger()["accounts"]
        escrow = sum(a["balance"] for a in accounts if a["kind"] == "escrow")
        inventory = sum(a["balance"] for a in accounts if a["kind"] == "inventory")
        assert escrow == 0  # every wager and the bank's chips settled
        assert inventory == -sum(value - START for value in expected.values())
        assert table.ledger()["total"] == 0
        # The bank's chips must be on the table (621a.11(d)(2)): not more than its wallet.
        offered = table.view(None)["view"]["bank_offered_to"]
        if offered is not None:
            too_much = wallets[table.ids[offered]] + 500
            table.do(offered, {"type": "TakeBank", "seat": offered, "chips": too_much}, ok=False)
            # More than any amount croupier takes ($1,000,000,000): refused by the rules,
            # before the database (a bigint) could overflow.
            for chips in (10**11 + 1, 2**63):
                answer = table.do(
                    offered, {"type": "TakeBank", "seat": offered, "chips": chips}, ok=False
                )
                assert answer["cite"] == "money:largest-amount", answer
            # A yes/no is JSON true or false: "yes" is refused naming the field.
            command = {"type": "TakeBank", "seat": offered, "chips": 500, "co_bank": "yes"}
            answer = table.do(offered, command, ok=False)
            assert answer["problems"][0]["loc"] == ["body", "command", "TakeBank", "co_bank"]
            assert table.ledger()["total"] == 0
    finally:
        table.close()


def test_the_banks_postings() -> None:
    """The bank's chips go to escrow when it takes the bank (621a.11(d)(2)) and come back
    with its result: a shortfall of $30 paid from $200 of chips leaves it $170; a void
    returns the chips whole."""
    round_ = PaiGowTable(PaiGowRules(player_banking=True)).open_round(
        {1: "ann", 2: "bob"}, SeededRng(0)
    )
    opened = round_.events[0]
    taken = BankTaken(seat=2, chips=20000, cite="621a.11(c)")
    settled = BankSettled(
        seat=2,
        centre=1000,
        paid=4000,
        from_bank=3000,
        house_share=0,
        vigorish=0,
        net=-3000,
        cite="621a.11(o)",
    )
    seats = {1: "ann", 2: "bob"}
    events = [opened, taken, settled]
    assert bank_moves(events, 1, seats) == [(("wallet", "bob"), -20000), (("escrow", None), 20000)]
    assert dict(bank_moves(events, 2, seats)) == {
        ("escrow", None): -20000,
        ("wallet", "bob"): 17000,
        ("inventory", None): 3000,
    }
    voided = [opened, taken, RoundVoided(reason="tiles exposed", cite="621a.12(e)")]
    assert dict(bank_moves(voided, 2, seats)) == {
        ("escrow", None): -20000,
        ("wallet", "bob"): 20000,
    }
    assert bank_moves([*events, RoundVoided(reason="late", cite="x")], 3, seats) == []
    assert bank_moves([opened, RoundVoided(reason="no bank", cite="x")], 1, seats) == []


def test_a_round_opened_ahead_that_nobody_wagers_in_is_voided(db_url: str) -> None:
    """The server opens the next round at once to offer the bank; if every offer runs out
    and no one wagers within ``betting_seconds``, the round is voided (nothing was at
    risk), so that a player who sat down since plays in the next round instead of being
    told to wait for a round that never ends."""
    table = Table(db_url)
    try:
        table.dealer_banked_round()
        for _ in range(6):  # every bank offer runs out
            if table.view(None)["view"]["phase"] == "betting":
                break
            table.clock.advance(21)
        assert table.view(None)["view"]["phase"] == "betting"
        _, newcomer = table.player("newcomer", deposit=START)
        table.sit(newcomer, 4, "pg")
        r = table.send(newcomer, {"type": "PlaceWager", "seat": 4, "amount": 1000}, "pg")
        assert r.status_code == 409 and r.json()["cite"] == "server:seats"
        table.clock.advance(SETTINGS["betting_seconds"] + 1)
        table.view(None)
        second = table.events("pg-2")
        assert [e["type"] for e in second if e["type"] in ("RoundVoided", "WagerPlaced")] == [
            "RoundVoided"
        ]
        assert "server:betting-seconds" in next(
            e["reason"] for e in second if e["type"] == "RoundVoided"
        )
        # Nobody wagered against the dealer in the voided round, so no one may bank the
        # next (621a.11(d)(1)): the newcomer's wager opens it and is taken.
        r = table.send(newcomer, {"type": "PlaceWager", "seat": 4, "amount": 1000}, "pg")
        assert r.status_code == 200, r.text
        assert r.json()["round_id"] == "pg-3" and "BankNotTaken" in {
            e["type"] for e in r.json()["events"]
        }
        ledger = table.ledger()
        assert ledger["total"] == 0 and ledger["lines_total"] == 0
    finally:
        table.close()


def test_sat_in_round_when_the_next_round_is_opened_ahead(db_url: str) -> None:
    """Issue #34: the server opens pg-2 the moment pg-1 ends, to offer the bank
    (621a.11(c)), so the view shows pg-2 while the page still shows pg-1's result. Seats 1
    and 2 sat in pg-1 and are seated as pg-2 opens: each view says he sat in the round
    (his result is his), before and after a wager is placed in pg-2. A newcomer who takes
    seat 4 once pg-2 is open did not sit in it (nor in pg-1): no result is his. (Seat 3,
    left, may not be taken until pg-2 is over: it still plays in it.)"""
    table = Table(db_url)
    try:
        table.dealer_banked_round()
        ahead = table.view(1)
        assert (ahead["round_id"], ahead["round_status"]) == ("pg-2", "open")
        assert ahead["view"]["phase"] == "bank_offer" and ahead["sat_in_round"] is True
        assert table.view(2)["sat_in_round"] is True
        _, newcomer = table.player("newcomer", deposit=START)
        table.sit(newcomer, 4, "pg")
        seen = table.client.get("/tables/pg/view", headers=newcomer).json()
        assert seen["round_id"] == "pg-2" and seen["actor"] == 4
        assert seen["sat_in_round"] is False, seen
        r = table.client.delete("/tables/pg/seats/3", headers=table.auth[3])
        assert r.status_code == 200, r.text
        r = table.client.post("/tables/pg/seats", json={"seat": 3}, headers=newcomer)
        assert r.status_code == 409 and "still plays in round pg-2" in r.text, r.text
        for _ in range(6):  # every bank offer runs out: the betting of pg-2
            if table.view(None)["view"]["phase"] == "betting":
                break
            table.clock.advance(21)
        assert table.view(None)["view"]["phase"] == "betting"
        table.do(2, {"type": "PlaceWager", "seat": 2, "amount": 1000})
        assert table.view(1)["sat_in_round"] is True and table.view(2)["sat_in_round"] is True
        seen = table.client.get("/tables/pg/view", headers=newcomer).json()
        assert seen["sat_in_round"] is False
    finally:
        table.close()
