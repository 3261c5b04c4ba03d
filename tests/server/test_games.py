"""A full round of every game through the HTTP API, the seated players sending only the
commands the regulation gives players; the server deals, closes the betting (dealer,
table setting or timer) and times decisions out (a fake clock).

Each round is checked three ways: the ledger (every wallet moved by exactly its wagers
and settlements, all balances summing to zero), a hand calculation from the dealt cards
(Go Fore It totals and scores, 676a.6 and 676a.12; Double Back Jack totals against the
dealer's, 673a.7(q)-(u)) written here from the regulation, and the round's replay.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from server_api import EXAMPLES, Api, Clock

from croupier.rng import Rng, SeededRng

BETTING_PHASES = {"betting", "mixing", "cut"}
RULES: dict[str, dict[str, Any]] = {
    "high-roll-dice": {"rules_toml": (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text()},
    "go-fore-it": {"rules_toml": (EXAMPLES / "go-fore-it.toml").read_text()},
    "criss-cross-poker": {"rules_toml": (EXAMPLES / "criss-cross-poker.toml").read_text()},
    "pai-gow": {"rules_toml": (EXAMPLES / "pai-gow.toml").read_text()},
    "double-back-jack": {"rules": {"game": "double-back-jack"}},
}
GAMES = tuple(RULES)
START = 1_000_000
"""Each player's deposit: $10,000."""


class ClockedApi(Api):
    """:class:`Api` with a fake clock."""

    clock: Clock

    def __init__(self, db_url: str, rng: Rng, clock: Clock) -> None:
        super().__init__(db_url, rng, clock)


Policy = Callable[[int, dict[str, Any]], dict[str, Any] | None]


class GameTable:
    """A table of ``game`` with ``seats`` seated players and a dealer, driven through HTTP."""

    def __init__(
        self,
        db_url: str,
        game: str,
        seats: int = 2,
        seed: int = 1,
        settings: dict[str, Any] | None = None,
        table_id: str = "t",
        rules: dict[str, Any] | None = None,
    ) -> None:
        self.game, self.table_id = game, table_id
        self.clock = Clock()
        self.api = ClockedApi(db_url, SeededRng(seed), self.clock)
        given = RULES[game] if rules is None else {"rules": {"game": game, **rules}}
        body = {"id": table_id, **given, "settings": settings or {}}
        r = self.api.client.post("/tables", json=body, headers=self.api.admin)
        assert r.status_code == 201, r.text
        self.settings = r.json()["settings"]
        self.players: dict[int, dict[str, str]] = {}
        self.ids: dict[int, str] = {}
        for seat in range(1, seats + 1):
            pid, auth = self.api.player(f"p{seat}", deposit=START)
            self.api.sit(auth, seat, table_id)
            self.players[seat], self.ids[seat] = auth, pid
        _, self.dealer = self.api.player("dee", role="dealer")
        _, self.spectator = self.api.player("sam", deposit=START)
        self.responses: dict[int, list[dict[str, Any]]] = {seat: [] for seat in self.players}

    def view(self, auth: dict[str, str]) -> dict[str, Any]:
        r = self.api.client.get(f"/tables/{self.table_id}/view", headers=auth)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def send(self, seat: int | None, command: dict[str, Any]) -> dict[str, Any]:
        auth = self.dealer if seat is None else self.players[seat]
        r = self.api.send(auth, command, table_id=self.table_id)
        assert r.status_code == 200, (command, r.text)
        body: dict[str, Any] = r.json()
        if seat is not None:
            self.responses[seat].append(body)
        return body

    def play(
        self,
        policy: Policy,
        dealer_closes: bool = False,
        on_view: Callable[[int, dict[str, Any]], None] | None = None,
    ) -> str:
        """Play one round to its end; returns its id. When no one has anything to send,
        the clock moves past the longest time limit (the server's timers act)."""
        round_id: str | None = None
        for _ in range(300):
            acted = False
            for seat in self.players:
                view = self.view(self.players[seat])
                if on_view is not None:
                    on_view(seat, view)
                if view["round_id"] == round_id is not None and view["round_status"] != "open":
                    return round_id
                if round_id is not None and view["round_id"] != round_id:
                    return round_id  # ended, and the next opened at once (a bank offer)
                command = policy(seat, view)
                if command is not None:
                    out = self.send(seat, command)
                    round_id = out["round_id"]
                    acted = True
            if round_id is None:
                continue
            dealer = self.view(self.dealer)
            if dealer["round_id"] == round_id and dealer["round_status"] != "open":
                return round_id
            closers = {c["command"] for c in dealer["legal_commands"]} & {
                "AnnounceNoMoreBets",
                "DealCards",
            }
            if dealer_closes and closers and dealer["view"]["phase"] == "betting" and not acted:
                self.send(None, {"type": closers.pop()})
                acted = True
            if not acted:
                longest = max(
                    v for k, v in self.settings.items() if k.endswith("_seconds") and v is not None
                )
                self.clock.advance(longest + 1)
        raise AssertionError("the round did not end")

    def replay(self, round_id: str) -> dict[str, Any]:
        r = self.api.client.get(f"/rounds/{round_id}/replay", headers=self.dealer)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def close(self) -> None:
        self.api.close()


# --- the players ----------------------------------------------------------------------
def _legal(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["command"]: c for c in view["legal_commands"]}


def _has_wagered(seat: int, view: dict[str, Any]) -> bool:
    """The seat already wagered in the round now taking wagers."""
    if view["round_status"] != "open":
        return False
    wagers = (view["view"] or {}).get("wagers") or {}
    return bool(wagers.get(str(seat)))


def player(game: str, passive: frozenset[int] = frozenset()) -> Policy:
    """How the seated players play: the least wager on the main spot, then seat 1 plays
    on (Back 9, every Criss-Cross bet, stands, sets its tiles) and seat 2 takes the other
    way (folds, hits to 17, sets its tiles in another way); seats in ``passive`` wager and
    then leave every decision to the clock."""

    def choose(seat: int, view: dict[str, Any]) -> dict[str, Any] | None:
        legal = _legal(view)
        phase = (view["view"] or {}).get("phase") if view["round_status"] == "open" else None
        betting = phase is None or phase in BETTING_PHASES
        if betting:
            if _has_wagered(seat, view):
                return None
            if "PlaceAntes" in legal:
                low = legal["PlaceAntes"]["fields"]["ante_across"]["low"]
                return {"type": "PlaceAntes", "seat": seat, "ante_across": low, "ante_down": low}
            if "PlaceWager" in legal:
                offer = legal["PlaceWager"]
                spot = {"high-roll-dice": "pip_street:six"}.get(game, _first(offer, "spot"))
                return {
                    "type": "PlaceWager",
                    "seat": seat,
                    "spot": spot,
                    "amount": offer["fields"]["amount"]["low"],
                }
            return None
        if seat in passive:
            return None
        return _decide(game, seat, view, legal)

    return choose


def _decide(
    game: str, seat: int, view: dict[str, Any], legal: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    table = view["view"]
    if game in ("go-fore-it", "criss-cross-poker") and "PlaceWager" in legal:
        offer = legal["PlaceWager"]
        if seat == 2 and (game == "go-fore-it" or _first(offer, "spot") == "down"):
            return {"type": "Fold", "seat": seat}
        return {
            "type": "PlaceWager",
            "seat": seat,
            "spot": _first(offer, "spot"),
            "amount": offer["fields"]["amount"]["low"],
        }
    if game == "double-back-jack" and "Decide" in legal:
        options = [
            o["value"]
            for c in view["legal_commands"]
            if c["command"] == "Decide"
            for o in c["fields"]["decision"]["options"]
        ]
        if "decline_second_chance" in options:
            return {"type": "Decide", "seat": seat, "decision": "decline_second_chance"}
        total = table["hands"][f"{seat}.1"]["total"]
        wants = "hit" if seat == 2 and total < 17 else "stand"
        if wants in options:
            return {"type": "Decide", "seat": seat, "decision": wants}
        return None  # Insurance or surrender before the reader: declined by waiting
    if game == "pai-gow" and "SetHands" in legal:
        area = legal["SetHands"]["fields"]["seat"]["value"]
        tiles = table["my_tiles"][str(area)]
        together = tiles[:2] if seat == 1 else [tiles[0], tiles[3]]
        return {"type": "SetHands", "seat": area, "together": together}
    return None


def _first(offer: dict[str, Any], field: str) -> Any:
    """The first value an offer's field takes (a choice's first, a fixed value)."""
    typed = offer["fields"][field]
    return typed["options"][0]["value"] if typed["kind"] == "choice" else typed["value"]


# --- independent calculations ------------------------------------------------------------
RANKS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def point(card: str) -> int:
    """A card's point value: ace 1, 2-10 their face, jack, queen, king 10 (676a.6)."""
    rank = card[:-1]
    return RANKS.get(rank, 10 if rank == "10" else int(rank) if rank.isdigit() else 0)


def blackjack_total(cards: list[str]) -> int:
    """The best total of a blackjack hand: an ace counts 11 where that stays 21 or less
    (673a.3(d))."""
    total = sum(point(card) for card in cards)
    aces = sum(card[:-1] == "A" for card in cards)
    return total + 10 if aces and total + 10 <= 21 else total


def go_fore_it_back_9_odds(total: int) -> int:
    """The Back 9 payout by score (676a.12): Albatross 25, Eagle 5, Birdie 2, Par 1."""
    if total <= 8:
        return 25
    if total <= 13:
        return 5
    if total <= 18:
        return 2
    return 1


def events_of(replay: dict[str, Any]) -> list[dict[str, Any]]:
    return [stored["event"] for stored in replay["events"]]


def check_ledger(table: GameTable, events: list[dict[str, Any]]) -> None:
    """Every wallet moved by exactly its wagers and settlements; balances sum to zero."""
    ledger = table.api.ledger()
    assert ledger["total"] == 0 and ledger["lines_total"] == 0
    wallets = table.api.wallets()
    seats = events[0]["seats"]
    for seat, pid in table.ids.items():
        placed = sum(
            e["amount"] for e in events if e["type"] == "WagerPlaced" and e["seat"] == seat
        )
        paid = sum(
            e["returned"] + e["won"]
            for e in events
            if e["type"] == "WagerSettled" and e["seat"] == seat
        )
        assert seats[str(seat)] == pid
        assert wallets[pid] == START - placed + paid, (seat, placed, paid)
        assert paid or placed  # everyone played
    assert wallets[table.api.client.get("/players/me", headers=table.spectator).json()["id"]] == (
        START
    )


def check_go_fore_it(events: list[dict[str, Any]]) -> None:
    """Totals and scores from the dealt cards (676a.6, 676a.12)."""
    hands: dict[str, list[str]] = {}
    for e in events:
        if e["type"] == "CardDealt":
            hands.setdefault(str(e["hand"]), []).append(e["card"])
    dealer = sum(point(c) for c in hands["dealer"])
    settled = [e for e in events if e["type"] == "WagerSettled"]
    checked = 0
    for e in settled:
        total = sum(point(c) for c in hands[str(e["seat"])])
        if e["spot"] == "front_9" and any(
            x["spot"] == "back_9" and x["seat"] == e["seat"] for x in settled
        ):
            assert e["won"] == (e["amount"] if total <= 24 else 0), (e, total)
            checked += 1
        if e["spot"] == "back_9":
            expected = e["amount"] * go_fore_it_back_9_odds(total) if total <= 24 else 0
            assert e["won"] == expected, (e, total)
            checked += 1
        if e["spot"] == "skins":
            assert e["won"] == (e["amount"] if total < dealer else 0)
    assert checked, "no Back 9 was played"


def check_double_back_jack(events: list[dict[str, Any]]) -> None:
    """Standing hands against the dealer's total (673a.7(q)-(u)): a dealer 22 returns the
    wager, a dealer bust or a lower total pays 1 to 1, equal totals push."""
    player: dict[int, list[str]] = {}
    dealer: list[str] = []
    for e in events:
        if e["type"] == "CardDealt":
            if e["hand"] == "dealer":
                dealer.append(e["card"])
            else:
                player.setdefault(e["hand"], []).append(e["card"])
        if e["type"] == "HoleCardTurned":
            assert e["card"] in dealer
    decided = {(e["seat"], e["decision"]) for e in events if e["type"] == "PlayerDecided"}
    dealer_total = blackjack_total(dealer)
    checked = 0
    for e in events:
        if e["type"] != "WagerSettled" or e["spot"] != "blackjack":
            continue
        cards = player[e["seat"]]
        total = blackjack_total(cards)
        if (e["seat"], "surrender") in decided:
            assert e["returned"] == e["amount"] // 2 or e["outcome"] == "surrender"
            continue
        if total >= 21 or (len(cards) == 2 and total == 21):
            continue  # 21s and busts are settled at once (other tests)
        if dealer_total == 22:
            outcome = "push"
        elif dealer_total > 21 or total > dealer_total:
            outcome = "win"
        elif total == dealer_total:
            outcome = "push"
        else:
            outcome = "lose"
        assert e["outcome"] == outcome, (e, cards, dealer)
        assert e["returned"] + e["won"] == {"win": 2, "push": 1, "lose": 0}[outcome] * e["amount"]
        checked += 1
    assert checked, "no standing hand was settled against the dealer"


RANK_ORDER = "23456789TJQKA"
BET_ODDS = {
    "royal_flush": 500,
    "straight_flush": 100,
    "four": 40,
    "full_house": 12,
    "flush": 8,
    "straight": 5,
    "three": 3,
    "two_pair": 2,
}
"""674a.12: the Across, Down and Middle Bets; a pair of jacks or better 1 to 1, of 6s to
10s a push."""


def poker(cards: list[str]) -> tuple[str, int]:
    """A five-card Poker hand's category and, for one pair, the pair's rank (2-14)
    (674a.6: ace high, and low in 5-4-3-2-A)."""
    ranks = sorted((RANK_ORDER.index(c[:-1].replace("10", "T")) + 2 for c in cards), reverse=True)
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    flush = len({c[-1] for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (
        distinct[-1] - distinct[0] == 4 or distinct == [2, 3, 4, 5, 14]
    )
    if straight and flush:
        return ("royal_flush" if distinct[0] == 10 else "straight_flush"), 0
    if counts[0][0] == 4:
        return "four", 0
    if counts[0][0] == 3 and counts[1][0] == 2:
        return "full_house", 0
    if flush:
        return "flush", 0
    if straight:
        return "straight", 0
    if counts[0][0] == 3:
        return "three", 0
    if counts[0][0] == 2 and counts[1][0] == 2:
        return "two_pair", 0
    if counts[0][0] == 2:
        return "pair", counts[0][1]
    return "high_card", 0


def bet_multiple(cards: list[str]) -> int:
    """What a Criss-Cross Poker bet returns per unit wagered, stake included."""
    category, pair = poker(cards)
    if category in BET_ODDS:
        return BET_ODDS[category] + 1
    if category == "pair":
        return 2 if pair >= 11 else 1 if pair >= 6 else 0
    return 0


def ante_multiple(cards: list[str]) -> int:
    """An ante: jacks or better 1 to 1, a pair of 6s to 10s a push (674a.12)."""
    category, pair = poker(cards)
    if category == "pair":
        return 2 if pair >= 11 else 1 if pair >= 6 else 0
    return 0 if category == "high_card" else 2


def check_criss_cross_poker(events: list[dict[str, Any]]) -> None:
    """The Across Hand (two cards and the row: the first two cards turned, 674a.11(c),
    and the middle one) settles the Ante Across and the Across Bet, the Down Hand (the
    column) the Ante Down and the Down Bet, the better of the two the Middle Bet."""
    turned = [e["cards"] for e in events if e["type"] == "CommunityCardsTurned"]
    assert [len(t) for t in turned] == [2, 2, 1]
    row, column = [*turned[0], *turned[2]], [*turned[1], *turned[2]]
    mine: dict[int, list[str]] = {}
    for e in events:
        if e["type"] == "CardDealt" and e["hand"] != "community":
            mine.setdefault(e["hand"], []).append(e["card"])
    checked = 0
    for e in events:
        if e["type"] != "WagerSettled" or e["withheld"] or e["spot"] == "five_card_bonus":
            continue
        across, down = mine[e["seat"]] + row, mine[e["seat"]] + column
        folded = any(x["type"] == "Folded" and x["seat"] == e["seat"] for x in events)
        if folded:
            assert e["returned"] + e["won"] == 0
            continue
        multiple = {
            "ante_across": ante_multiple(across),
            "ante_down": ante_multiple(down),
            "across": bet_multiple(across),
            "down": bet_multiple(down),
            "middle": max(bet_multiple(across), bet_multiple(down)),
        }[e["spot"]]
        assert e["returned"] + e["won"] == multiple * e["amount"], (e, across, down)
        checked += 1
    assert checked >= 5


def check_high_roll_dice(events: list[dict[str, Any]]) -> None:
    """The Pip Street Wager on six wins when six occurs the greatest number of times in
    the first roll (675a.2(e)(1), 675a.4(f)(1)); checked where one face leads alone."""
    first = next(e["faces"] for e in events if e["type"] == "DiceThrown")
    counts = {face: first.count(face) for face in set(first)}
    top = max(counts.values())
    leaders = [face for face, count in counts.items() if count == top]
    if len(leaders) > 1:
        return  # a tie goes on to the rules for ties (other tests)
    for e in events:
        if e["type"] == "WagerSettled" and e["spot"] == "pip_street:six":
            assert e["outcome"] == ("win" if leaders == [6] else "lose"), (e, first)


# --- the tests -----------------------------------------------------------------------
SETUPS: dict[str, tuple[dict[str, Any], bool, int]] = {
    # game: (table settings, the dealer closes the betting, seed)
    "high-roll-dice": ({}, True, 3),
    "go-fore-it": ({"close_when_all_wagered": True}, False, 1),
    "criss-cross-poker": ({"betting_seconds": 20}, False, 2),
    "pai-gow": ({"close_when_all_wagered": True, "optional_seconds": 5}, False, 4),
    "double-back-jack": ({"betting_seconds": 15}, True, 5),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_round_of_each_game(game: str, migrated_sqlite: Callable[[str], str]) -> None:
    settings, dealer_closes, seed = SETUPS[game]
    table = GameTable(migrated_sqlite("games.sqlite"), game, 2, seed, settings)
    try:
        round_id = table.play(player(game), dealer_closes=dealer_closes)
        replay = table.replay(round_id)
        assert replay["status"] == "completed"
        events = events_of(replay)
        check_ledger(table, events)
        if game == "go-fore-it":
            check_go_fore_it(events)
        if game == "double-back-jack":
            check_double_back_jack(events)
        if game == "criss-cross-poker":
            check_criss_cross_poker(events)
        if game == "high-roll-dice":
            check_high_roll_dice(events)
        # The stored chain verifies; the replay re-derived every event (Round.replay).
        verify = table.api.client.get("/tables/t/verify", headers=table.dealer).json()
        upcoming = table.view(table.dealer)  # Pai Gow: the next round opens with a bank offer
        ahead = upcoming["round_version"] if upcoming["round_id"] != round_id else 0
        assert verify["ok"] and verify["events"] == len(events) + ahead
        # Only player commands came from the players: every dealer step was the server's.
        sent = [r for rs in table.responses.values() for r in rs]
        assert sent and all(r["round_id"] == round_id for r in sent)
    finally:
        table.close()


def test_a_second_round_opens_with_the_next_wager(migrated_sqlite: Callable[[str], str]) -> None:
    table = GameTable(
        migrated_sqlite("two.sqlite"), "go-fore-it", 2, 7, {"close_when_all_wagered": True}
    )
    try:
        first = table.play(player("go-fore-it"))
        second = table.play(player("go-fore-it"))
        assert (first, second) == ("t-1", "t-2")
        assert table.api.ledger()["total"] == 0
    finally:
        table.close()


def test_timeouts_take_the_safest_action(migrated_sqlite: Callable[[str], str]) -> None:
    """Seat 2 never decides: after ``decision_seconds`` the server folds for it
    (676a.11(b)); the betting closed by the timer, not before."""
    table = GameTable(
        migrated_sqlite("timers.sqlite"),
        "go-fore-it",
        2,
        11,
        {"betting_seconds": 30, "decision_seconds": 20},
    )
    try:
        choose = player("go-fore-it", passive=frozenset({2}))
        for seat in (1, 2):
            command = choose(seat, table.view(table.players[seat]))
            assert command is not None
            table.send(seat, command)
        table.clock.advance(29)
        assert table.view(table.dealer)["view"]["phase"] == "betting"  # not yet
        table.clock.advance(2)
        assert table.view(table.dealer)["view"]["phase"] == "decisions"
        back_9 = choose(1, table.view(table.players[1]))
        assert back_9 is not None and back_9["spot"] == "back_9"
        table.send(1, back_9)
        table.clock.advance(19)
        assert table.view(table.dealer)["view"]["to_act"] == 2
        table.clock.advance(2)
        done = table.view(table.dealer)
        assert done["round_status"] == "completed"
        events = events_of(table.replay("t-1"))
        assert {
            k: v for k, v in next(e for e in events if e["type"] == "Folded").items() if k != "cite"
        } == {"type": "Folded", "seat": 2}
        check_ledger(table, events)
    finally:
        table.close()


def test_the_round_history_pages_and_shows_a_timed_out_round_ended(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """GET /tables/{id}/rounds: newest first, ``before`` gives the next page; a round
    whose last decision timed out is listed as completed without anyone viewing it."""
    table = GameTable(
        migrated_sqlite("history.sqlite"),
        "go-fore-it",
        1,
        5,
        {"close_when_all_wagered": True, "decision_seconds": 20},
    )
    try:
        for _ in range(3):
            table.play(player("go-fore-it"))
        choose = player("go-fore-it", passive=frozenset({1}))
        command = choose(1, table.view(table.players[1]))
        assert command is not None
        table.send(1, command)  # round 4 waits for seat 1's decision

        def listed(**query: int) -> list[tuple[int, str]]:
            r = table.api.client.get("/tables/t/rounds", params=query, headers=table.players[1])
            assert r.status_code == 200, r.text
            return [(x["number"], x["status"]) for x in r.json()["rounds"]]

        assert listed(limit=2) == [(4, "open"), (3, "completed")]
        assert listed(limit=2, before=3) == [(2, "completed"), (1, "completed")]
        assert listed(before=1) == []
        # A round number is a 32-bit column: a larger "before" is refused, not a 500.
        assert listed(before=2**31 - 1)[0] == (4, "open")
        r = table.api.client.get(
            "/tables/t/rounds", params={"before": 2**63}, headers=table.players[1]
        )
        assert r.status_code == 422 and r.json()["problems"][0]["loc"] == ["query", "before"]
        table.clock.advance(21)
        assert listed(limit=1) == [(4, "completed")]
    finally:
        table.close()


def test_physical_dice_are_entered_by_the_dealer(migrated_sqlite: Callable[[str], str]) -> None:
    """A physical-dice High Roll Dice table: the dealer sends the dice read off the table
    and calls; the server throws nothing (675a.4(b), (d))."""
    table = GameTable(
        migrated_sqlite("dice.sqlite"), "high-roll-dice", 1, 1, {"physical_dice": True}
    )
    try:
        table.send(1, {"type": "PlaceWager", "seat": 1, "spot": "pip_street:six", "amount": 500})
        table.send(None, {"type": "AnnounceNoMoreBets"})
        assert table.view(table.dealer)["view"]["phase"] == "first_throw"
        faces = [6, 6, 6, 6, 6, 1, 2, 3, 4, 5]
        thrown = table.send(None, {"type": "ThrowDice", "faces": faces})
        assert [e["type"] for e in thrown["events"]] == ["DiceThrown"]
        called = table.send(None, {"type": "CallResult"})
        assert called["round_status"] == "completed"
        events = events_of(table.replay("t-1"))
        # Five sixes: six occurs the greatest number of times, so the Pip Street Wager on
        # six wins (675a.2(e)(1), 675a.4(f)(1)).
        [settled] = [e for e in events if e["type"] == "WagerSettled"]
        assert settled["outcome"] == "win" and settled["won"] > 0
        check_ledger(table, events)
    finally:
        table.close()


def test_a_round_on_postgresql(db_url: str) -> None:
    if db_url.startswith("sqlite"):
        pytest.skip("the SQLite run is test_a_round_of_each_game")
    table = GameTable(db_url, "double-back-jack", 2, 5, {"betting_seconds": 15})
    try:
        round_id = table.play(player("double-back-jack"), dealer_closes=True)
        events = events_of(table.replay(round_id))
        check_ledger(table, events)
        check_double_back_jack(events)
    finally:
        table.close()


def test_the_table_carries_over_between_rounds(migrated_sqlite: Callable[[str], str]) -> None:
    """Double Back Jack keeps its shoe between rounds (673a.7(d): the next shuffle comes
    when the cover card appears); Go Fore It's two decks alternate (676a.3(b)(3))."""
    table = GameTable(migrated_sqlite("dbj.sqlite"), "double-back-jack", 2, 5, {})
    try:
        first = events_of(table.replay(table.play(player("double-back-jack"), True)))
        second = events_of(table.replay(table.play(player("double-back-jack"), True)))
        [shuffled] = [e for e in first if e["type"] == "DeckShuffled"]
        [cut] = [e for e in first if e["type"] == "DeckCut"]
        stack = shuffled["stack"][cut["position"] :] + shuffled["stack"][: cut["position"]]
        drawn = sum(e["type"] in ("CardBurned", "CardDealt", "CardDiscarded") for e in first)
        handed = second[1]
        assert handed["type"] == "RoundSetup" and handed["shuffle_due"] is None
        assert handed["shoe"] == stack[drawn:]  # the cards below those drawn, in order
        assert not any(e["type"] == "DeckShuffled" for e in second)
        assert table.api.ledger()["total"] == 0
    finally:
        table.close()
    table = GameTable(
        migrated_sqlite("gfi.sqlite"), "go-fore-it", 1, 2, {"close_when_all_wagered": True}
    )
    try:
        decks = [events_of(table.replay(table.play(player("go-fore-it"))))[1] for _ in range(3)]
        assert [d["deck"] for d in decks] == ["red", "blue", "red"]
    finally:
        table.close()


def test_two_processes_apply_a_timeout_once(db_url: str) -> None:
    """Both server processes find the deadline passed; the second finds the round moved
    on and sends nothing (the round's version is checked)."""
    table = GameTable(db_url, "go-fore-it", 1, 4, {"betting_seconds": 5})
    other = ClockedApi(db_url, SeededRng(8), table.clock)
    try:
        command = player("go-fore-it")(1, table.view(table.players[1]))
        assert command is not None
        table.send(1, command)
        table.clock.advance(6)
        hubs = [table.api.app.state.hub, other.app.state.hub]
        threads = [threading.Thread(target=hub.expire, args=("t",)) for hub in hubs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        events = events_of(table.replay("t-1"))
        assert [e["type"] for e in events].count("NoMoreBets") == 1
        assert [e["type"] for e in events].count("DeckShuffled") == 1
        assert table.view(table.dealer)["view"]["phase"] == "decisions"
    finally:
        other.close()
        table.close()
