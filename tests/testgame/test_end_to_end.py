"""Odd or Even, a game only the tests know, played end to end: the round contract and
replay, the table server (HTTP API, ledger, hash chain, browser endpoints) and
``croupier play`` at the generic terminal table. No line of ``src/`` names it.

Every balance below is worked by hand: a winning wager pays 1 to 1 (its stake back and as
much again), a losing one is kept by the table. ``SeededRng(7)`` throws 3 and then 2 (its
first two ``randbelow(6)`` draws are 2 and 1), so odd wins the first round and even the
second.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import typer
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.cli.tables.generic import NoTimings, play_for
from croupier.engine import DEALER, Actor, Command, RoundCompleted, WagerPlaced, WagerSettled
from croupier.errors import IllegalCommand, NotYourTurn, ReplayError
from croupier.ledger import repository as repo
from croupier.registry import GAMES, find, load_text, register, unregister
from croupier.rng import ScriptedRng, SeededRng
from croupier.server import create_app
from testgame import (
    SPEC,
    AnnounceNoMoreBets,
    DieThrown,
    OneDieRound,
    OneDieRules,
    PlaceWager,
    ThrowDie,
    VoidRound,
)

SRC = Path(__file__).resolve().parents[2] / "src"
ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}
RULES = {"game": "one-die", "minimum_wager": 500, "maximum_wager": 10_000}


def open_round(rng: Any = None, seats: dict[int, str] | None = None) -> OneDieRound:
    return OneDieRound.open(
        OneDieRules.model_validate(RULES),
        table_id="t",
        round_id="t-1",
        seats=seats or {1: "ann", 3: "bob"},
        rng=rng or ScriptedRng([]),
    )


# --- the round contract --------------------------------------------------------------
def test_the_game_is_found_through_the_registry_only() -> None:
    spec = find("one-die")
    assert spec is SPEC and spec.name == "one-die" and spec.rules_type is OneDieRules
    assert (spec.sign, spec.analysis, spec.simulation, spec.terminal, spec.layout) == (
        None,
        None,
        None,
        None,
        "",
    )
    rules = load_text('game = "one-die"\nminimum_wager = 100\n')
    assert isinstance(rules, OneDieRules) and rules.seat_count() == 4
    with pytest.raises(ValueError, match="registered already"):
        register(dataclasses.replace(SPEC, title="another"))


def test_a_round_played_by_hand_and_replayed() -> None:
    round_ = open_round(ScriptedRng([2]))  # the die shows 3: odd
    assert [c.command for c in round_.legal_commands(DEALER)] == ["VoidRound"]
    (legal,) = round_.legal_commands(1)
    assert (legal.command, legal.spots, legal.min_amount, legal.max_amount) == (
        "PlaceWager",
        ("odd", "even"),
        500,
        10_000,
    )
    assert round_.legal_commands(2) == []  # nobody sits there
    round_.handle(PlaceWager(seat=1, spot="odd", amount=1_000), 1)
    round_.handle(PlaceWager(seat=3, spot="even", amount=500), 3)
    round_.handle(PlaceWager(seat=3, spot="odd", amount=2_000), 3)
    assert round_.legal_commands(3) == []  # both spots taken
    assert round_.legal_commands(1)[0].spots == ("even",)
    assert [c.command for c in round_.legal_commands(DEALER)] == ["AnnounceNoMoreBets", "VoidRound"]
    round_.handle(AnnounceNoMoreBets(), DEALER)
    assert round_.view(None)["phase"] == "throw" and round_.legal_commands(1) == []
    assert SPEC.policy.dealer_step(round_) == ThrowDie()
    events = SPEC.policy.run_dealer_steps(round_)
    assert round_.finished and round_.view(1)["phase"] == "settled"
    assert events[0] == DieThrown(face=3, cite="one-die:4")
    settlements = [e for e in events if isinstance(e, WagerSettled)]
    assert len(settlements) == len(events) - 2
    settled = {(e.seat, e.spot): (e.outcome, e.returned, e.won) for e in settlements}
    assert settled == {
        (1, "odd"): ("win", 1_000, 1_000),
        (3, "even"): ("lose", 0, 0),
        (3, "odd"): ("win", 2_000, 2_000),
    }
    assert isinstance(events[-1], RoundCompleted)
    view = round_.view(None)
    assert (view["face"], view["wagers"], len(view["settlements"])) == (3, {}, 3)
    # Replay re-derives every event with no random source, from the face recorded.
    stored = OneDieRound.events_from_json(OneDieRound.events_to_json(round_.events))
    again = OneDieRound.replay(stored)
    assert again.events == round_.events and again.view(DEALER) == round_.view(DEALER)
    # A face altered in storage does not follow from the rules.
    forged = [e.model_copy(update={"face": 4}) if isinstance(e, DieThrown) else e for e in stored]
    with pytest.raises(ReplayError, match="is not what the rules produce"):
        OneDieRound.replay(forged)


def test_refusals_change_nothing() -> None:
    round_ = open_round()
    cases: list[tuple[Command, Actor, str]] = [
        (PlaceWager(seat=3, spot="odd", amount=500), 1, "may not wager for seat 3"),
        (PlaceWager(seat=1, spot="seven", amount=500), 1, "no spot 'seven'"),
        (PlaceWager(seat=1, spot="odd", amount=499), 1, "$5 to $100, not $4.99"),
        (PlaceWager(seat=1, spot="odd", amount=0), 1, "more than zero"),
        (AnnounceNoMoreBets(), DEALER, "no player has wagered"),
        (AnnounceNoMoreBets(), 1, "only the dealer"),
        (ThrowDie(), DEALER, "after no more bets"),
    ]
    for command, actor, message in cases:
        with pytest.raises(IllegalCommand, match=re.escape(message)) as refused:
            round_.handle(command, actor)
        assert refused.value.cite.startswith("one-die:")
        assert len(round_.events) == 1
    round_.handle(PlaceWager(seat=1, spot="odd", amount=500), 1)
    with pytest.raises(IllegalCommand, match="already has a wager on Odd"):
        round_.handle(PlaceWager(seat=1, spot="odd", amount=500), 1)


def test_the_dealer_voids_a_round_and_every_wager_comes_back() -> None:
    round_ = open_round()
    round_.handle(PlaceWager(seat=1, spot="even", amount=700), 1)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    events = round_.handle(VoidRound(reason="the die is chipped"), DEALER)
    assert round_.finished and round_.view(None)["phase"] == "voided"
    returned = [
        (e.seat, e.outcome, e.returned, e.won) for e in events if isinstance(e, WagerSettled)
    ]
    assert returned == [(1, "void", 700, 0)] and len(events) == 2
    with pytest.raises(NotYourTurn, match="the round is over"):
        round_.handle(ThrowDie(), DEALER)
    assert OneDieRound.replay(round_.events).events == round_.events


# --- the table server ----------------------------------------------------------------
class Clock:
    """The server's clock, moved only by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Server:
    """The table server on a SQLite file, with an admin, players and a dealer."""

    def __init__(self, db_url: str, sealed_draws: bool = False) -> None:
        # Unsealed by default: the die is SeededRng(7)'s own, 3 then 2, worked by hand.
        self.clock = Clock()
        self.app = create_app(db_url, rng=SeededRng(7), clock=self.clock, sealed_draws=sealed_draws)
        with Session(self.app.state.engine) as session:
            _admin, token = repo.create_player(session, "admin", "admin")
            session.commit()
        self.admin = {"Authorization": f"Bearer {token}"}
        self.client = TestClient(self.app)
        self.keys = itertools.count()

    def key(self) -> dict[str, str]:
        return {"Idempotency-Key": f"key-{next(self.keys)}"}

    def player(self, name: str, role: str = "player", deposit: int = 0) -> tuple[str, Any]:
        r = self.client.post("/players", json={"name": name, "role": role}, headers=self.admin)
        assert r.status_code == 201, r.text
        pid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        if deposit:
            r = self.client.post(
                f"/players/{pid}/deposits",
                json={"amount": deposit},
                headers={**self.admin, **self.key()},
            )
            assert r.status_code == 201, r.text
        return pid, auth

    def send(self, auth: Any, command: dict[str, Any]) -> Any:
        return self.client.post(
            "/tables/t/commands", json={"command": command}, headers={**auth, **self.key()}
        )

    def wager(self, auth: Any, seat: int, spot: str, amount: int) -> Any:
        r = self.send(auth, {"type": "PlaceWager", "seat": seat, "spot": spot, "amount": amount})
        assert r.status_code == 200, r.text
        return r.json()

    def ledger(self) -> dict[str, Any]:
        body: dict[str, Any] = self.client.get("/ledger", headers=self.admin).json()
        return body

    def balances(self) -> dict[tuple[str, str | None], int]:
        return {(a["kind"], a["player_id"]): a["balance"] for a in self.ledger()["accounts"]}


@pytest.fixture
def server(migrated_sqlite: Callable[[str], str]) -> Any:
    server = Server(migrated_sqlite("one-die.sqlite"))
    yield server
    server.client.close()
    server.app.state.engine.dispose()


def test_two_players_at_the_table_server(server: Server, tmp_path: Path) -> None:
    s = server
    r = s.client.post(
        "/tables",
        json={"id": "t", "rules": RULES, "settings": {"betting_seconds": 30}},
        headers=s.admin,
    )
    assert r.status_code == 201, r.text
    assert r.json()["game"] == "one-die"
    ann, ann_auth = s.player("ann", deposit=10_000)  # $100
    bob, bob_auth = s.player("bob", deposit=5_000)  # $50
    _, dealer = s.player("dee", role="dealer")
    for auth, seat in ((ann_auth, 1), (bob_auth, 3)):
        r = s.client.post("/tables/t/seats", json={"seat": seat}, headers=auth)
        assert r.status_code == 201, r.text
    r = s.client.post("/tables/t/seats", json={"seat": 5}, headers=bob_auth)
    assert r.status_code == 422 and r.json()["cite"] == "one-die:1"  # seats 1 to 4

    # The lobby lists the table; the commands' schema and the absent sign answer.
    (summary,) = s.client.get("/tables", headers=ann_auth).json()["tables"]
    assert summary == {
        "id": "t",
        "game": "one-die",
        "title": "Odd or Even",
        "chapter": "test",
        "layout": "",  # the browser's generic felt
        "minimum_wager": 500,
        "maximum_wager": 10_000,
        "seat_count": 4,
        "seats_taken": [1, 3],
        "free_seats": [2, 4],
        "closed": False,
        "closed_reason": "",
        "closed_by": "",
        # No analysis module, no par sheet: the lobby says so (croupier.analysis.returns).
        "main_return": None,
        "returns_note": "The theoretical return could not be worked out: no par sheet is "
        "computed for Odd or Even.",
    }
    schema = s.client.get("/games/one-die/commands").json()
    assert schema["game"] == "one-die"
    assert set(schema["commands"]["discriminator"]["mapping"]) == {
        "PlaceWager",
        "AnnounceNoMoreBets",
        "ThrowDie",
        "VoidRound",
    }
    r = s.client.get("/tables/t/sign", headers=ann_auth)
    assert r.status_code == 404
    assert r.json() == {
        "detail": "no table sign is drawn for one-die yet (rules show)",
        "cite": "rules show",
    }
    view = s.client.get("/tables/t/view", headers=ann_auth).json()
    assert [c["command"] for c in view["legal_commands"]] == ["PlaceWager"]

    # Round 1: ann $10 on odd; bob $5 on even and $20 on odd; the dealer closes the
    # betting; the server throws 3 (odd) and settles.
    assert s.wager(ann_auth, 1, "odd", 1_000)["balance"] == 9_000
    assert s.wager(bob_auth, 3, "even", 500)["balance"] == 4_500
    assert s.wager(bob_auth, 3, "odd", 2_000)["balance"] == 2_500
    r = s.send(ann_auth, {"type": "PlaceWager", "seat": 1, "spot": "even", "amount": 10_001})
    assert r.status_code == 422 and r.json()["cite"] == "one-die:2"  # over the maximum
    r = s.send(dealer, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["round_id"] == "t-1" and done["round_status"] == "completed"
    thrown = [e["event"] for e in done["events"] if e["type"] == "DieThrown"]
    assert [e["face"] for e in thrown] == [3]
    assert [e["type"] for e in done["events"]] == [
        "NoMoreBets",
        "DieThrown",
        "WagerSettled",
        "WagerSettled",
        "WagerSettled",
        "RoundCompleted",
    ]
    # ann: 100 - 10 + 20 = $110; bob: 50 - 5 - 20 + 40 = $65; the table: +5 - 10 - 20.
    balances = s.balances()
    assert balances[("wallet", ann)] == 11_000
    assert balances[("wallet", bob)] == 6_500
    assert balances[("escrow", None)] == 0
    assert balances[("inventory", None)] == -2_500

    # Round 2: ann $10 on odd, bob $15 on even; nobody closes, the betting time (30 s)
    # runs out; the server throws 2 (even).
    s.wager(ann_auth, 1, "odd", 1_000)
    s.wager(bob_auth, 3, "even", 1_500)
    s.clock.now += timedelta(seconds=29)
    assert s.client.get("/tables/t/view", headers=dealer).json()["view"]["phase"] == "betting"
    s.clock.now += timedelta(seconds=2)
    view = s.client.get("/tables/t/view", headers=dealer).json()
    assert (view["round_id"], view["round_status"], view["view"]["face"]) == ("t-2", "completed", 2)
    # ann: 110 - 10 = $100; bob: 65 - 15 + 30 = $80; the table: -25 + 10 - 15.
    balances = s.balances()
    assert balances[("wallet", ann)] == 10_000
    assert balances[("wallet", bob)] == 8_000
    assert balances[("inventory", None)] == -3_000

    # Round 3: ann $7 on even, then the dealer voids the round: her $7 comes back.
    s.wager(ann_auth, 1, "even", 700)
    r = s.send(dealer, {"type": "VoidRound", "reason": "the die left the table"})
    assert r.status_code == 200 and r.json()["round_status"] == "voided"
    assert s.balances()[("wallet", ann)] == 10_000

    # No cent created or lost: the $150 deposited is in the wallets and the table's
    # inventory, nothing is left in escrow, and every posting sums to zero.
    ledger = s.ledger()
    assert (ledger["total"], ledger["lines_total"]) == (0, 0)
    balances = s.balances()
    assert balances[("cage", None)] == -15_000
    assert sum(v for (kind, _), v in balances.items() if kind != "cage") == 15_000
    assert balances[("escrow", None)] == 0

    # Each stored round replays (the endpoint and Round.replay) and steps hand by hand.
    for number, status in ((1, "completed"), (2, "completed"), (3, "voided")):
        replayed = s.client.get(f"/rounds/t-{number}/replay", headers=s.admin).json()
        assert (replayed["game"], replayed["status"]) == ("one-die", status)
        events = OneDieRound.events_from_json(json.dumps([e["event"] for e in replayed["events"]]))
        round_ = SPEC.round_type.replay(events)
        assert round_.events == events and round_.finished
        assert round_.view(DEALER) == replayed["view"]
        steps = s.client.get(f"/rounds/t-{number}/steps", headers=bob_auth).json()
        assert steps["actor"] == 3 and len(steps["steps"]) == len(events)
        seen = round_.view(3)  # another player's seat by name, his own as "you", no id
        seen["seats"] = {k: "you" if k == "3" else "ann" for k in seen["seats"]}
        assert steps["steps"][-1]["view"] == seen
    wagered = [e for e in events if isinstance(e, WagerPlaced | WagerSettled)]
    assert [(e.type, e.amount) for e in wagered] == [("WagerPlaced", 700), ("WagerSettled", 700)]

    # The hash chain verifies, through the API and `croupier verify`.
    verify = s.client.get("/tables/t/verify", headers=s.admin).json()
    assert verify["ok"] and verify["problem"] is None
    db = f"sqlite:///{tmp_path / 'one-die.sqlite'}"
    result = CliRunner().invoke(cli, ["verify", "t", "--db", db], env=ENV)
    assert result.exit_code == 0, result.output
    assert f"table t: {verify['events']} events, chain verifies" in result.output


# --- croupier play -------------------------------------------------------------------
def play(*args: str, script: str) -> str:
    result = CliRunner().invoke(cli, ["play", "one-die", *args], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def test_croupier_play_at_the_generic_table() -> None:
    """Seed 7 throws 3, then 2. Round 1: $10 on odd (bet), $5 on even (by name): +10 - 5.
    Round 2: $5 on even (by number), then quit: the round is played out, even wins, +5."""
    out = play(
        "--seed",
        "7",
        "--balance",
        "100",  # dollars
        script="deal\nbet odd 10\nPlaceWager spot=even amount=5\nbet odd 5\ndeal\n"
        "bet even 2.50\n1 spot=even amount=5\nhelp\nquit\n",
    )
    assert "bet SPOT AMOUNT" in out and "COMMAND [FIELD=VALUE ...]" in out  # the help
    assert "Table limits: a wager $5 to $5,000." in out
    assert "PlaceWager spot=SPOT amount=AMOUNT" in out
    assert "place wager; SPOT: odd, even" in out
    assert "The dealer cannot close the betting now: no one has wagered." in out
    assert "Wager placed: seat 1, betting area odd, amount $10 (one-die:2)" in out
    assert "Wager placed: seat 1, betting area even, amount $5 (one-die:2)" in out
    assert (  # the round's reason, said to the player at the terminal
        "Refused: your wager on Odd is already placed: the spot takes one wager; to change "
        "it, take it down where the rules allow; type show for your wagers and what you may "
        "do now (one-die:2)"
    ) in out
    assert "seat 1 already has a wager" not in out
    assert "Die thrown: face 3 (one-die:4)" in out
    assert (
        "Wager settled: seat 1, betting area odd, amount $10, outcome win, odds 1 to 1, "
        "returned $10, won $10 (one-die:5)"
    ) in out
    assert "Wager settled: seat 1, betting area even, amount $5, outcome lose (one-die:5)" in out
    assert "Balance: $105 (this round +$5)" in out
    assert "Refused: a wager on Even must be $5 to $5,000, not $2.50 (one-die:2)" in out
    assert "the round is played out before you leave" in out
    assert "Die thrown: face 2 (one-die:4)" in out
    assert "Balance: $110 (this round +$5)" in out
    assert "Session over after 2 rounds. Started with $100, ended with $110 (+$10)." in out


def test_croupier_play_refuses_what_the_wallet_or_the_line_cannot_take(tmp_path: Path) -> None:
    rules = tmp_path / "one-die.toml"
    rules.write_text('game = "one-die"\nminimum_wager = 100\nmaximum_wager = 900\n')
    out = play(
        "--rules",
        str(rules),
        "--seed",
        "7",
        "--balance",
        "3",  # dollars
        "--rounds",
        "1",
        script="bet odd 4\nbet\nPlaceWager spot\nPlaceWager spot=odd amount=x\nnonsense\n"
        "bet odd 3\ndeal\n",
    )
    assert "Table limits: a wager $1 to $9." in out
    assert "Refused: a wager of $4 is more than your balance of $3" in out
    assert "usage: bet SPOT AMOUNT" in out
    assert "usage: COMMAND [FIELD=VALUE ...]" in out
    assert "Refused: 'x' is not an amount in dollars" in out
    assert "Unknown command 'nonsense'; type help." in out
    assert "Balance: $6 (this round +$3)" in out  # 3 - 3 + 6: odd wins
    assert "Session over after 1 round." in out


def test_croupier_play_lists_a_game_registered_after_the_command_line() -> None:
    listed = CliRunner().invoke(cli, ["play", "--help"], env=ENV).output
    assert "one-die" in listed and "Play Odd or Even at seat 1" in listed
    assert "high-roll-dice" in listed
    unregister("one-die")
    try:
        result = CliRunner().invoke(cli, ["play", "one-die"], env=ENV)
        assert result.exit_code == 2 and "No such command 'one-die'" in result.output
        assert "one-die" not in CliRunner().invoke(cli, ["play", "--help"], env=ENV).output
    finally:
        register(SPEC)
    assert "one-die" in GAMES


def test_no_line_of_src_knows_the_game() -> None:
    names = ("one-die", "one_die", "odd or even", "onedie", "testgame")
    for path in SRC.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".js", ".html", ".css", ".md", ".toml"):
            text = path.read_text(encoding="utf-8").lower()
            assert not any(name in text for name in names), path


@pytest.mark.parametrize("game", [name for name in GAMES if name != "one-die"])
def test_the_generic_table_plays_out_any_registered_game(game: str) -> None:
    """The generic table knows no game: given each built-in game's spec without its own
    terminal, it takes a first wager at the table minimum on the first spot listed, asks
    the dealer to deal, and on quit plays the round out by the game's policy (the
    safest action for each decision left), to the session's summary."""
    spec = dataclasses.replace(find(game), terminal=None)
    preview = spec.policy.open_round(
        spec.round_type,
        spec.rules_type.model_validate({}),
        NoTimings(),
        table_id="p",
        round_id="p-1",
        seats={1: "you"},
        rng=SeededRng(0),
    )
    legal = next(c for c in preview.legal_commands(1) if c.min_amount is not None)
    assert legal.min_amount is not None
    # The first spot offered, or where the wager has none the first field in cents (a
    # Criss-Cross Poker Ante): the generic table refuses what it cannot place.
    spot = legal.spots[0] if legal.spots else next(n for n in legal.fields if n != "seat")
    bet = f"bet {spot} {legal.min_amount / 100:.2f}"
    single = typer.Typer()
    single.command(game)(play_for(spec))
    single.command("other")(lambda: None)  # two commands: `game` stays a subcommand
    result = CliRunner().invoke(
        single, [game, "--seed", "1", "--rounds", "1"], input=f"{bet}\ndeal\nquit\n", env=ENV
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "Session over after" in result.output
    assert "Final balance:" in result.output


def test_analyze_and_simulate_say_the_game_has_no_figures() -> None:
    """A registered game whose spec names no exact analysis or simulation kernel: the
    commands say so (not "unknown game") and exit 2."""
    runs = ((["analyze", "one-die"], "has no exact analysis"),)
    runs += ((["simulate", "one-die", "--rounds", "10"], "has no simulation kernel"),)
    for arguments, says in runs:
        result = CliRunner().invoke(cli, arguments)
        assert result.exit_code == 2, result.output
        assert f"'one-die' {says}" in result.output, result.output


def test_a_game_defined_only_here_deals_sealed_rounds(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Sealed draws need nothing of a game (docs/architecture.md, "Sealed before the first
    wager"): Odd or Even's die comes from the seed the table announced before the round,
    and the player's check draws it again."""
    from croupier.sealing import commit
    from croupier.verify_round import check_round

    s = Server(migrated_sqlite("sealed.sqlite"), sealed_draws=True)
    try:
        r = s.client.post("/tables", json={"id": "t", "rules": RULES}, headers=s.admin)
        assert r.status_code == 201, r.text
        announced = r.json()["seal"]
        _, ann = s.player("ann", deposit=10_000)
        _, dealer = s.player("dee", role="dealer")
        assert s.client.post("/tables/t/seats", json={"seat": 1}, headers=ann).status_code == 201
        s.wager(ann, 1, "odd", 1_000)
        assert s.send(dealer, {"type": "AnnounceNoMoreBets"}).status_code == 200
        revealed = s.client.get("/rounds/t-1/reveal", headers=ann).json()
        opened = revealed["events"][0]
        assert opened["sealed"]["seed"] == announced
        assert commit(opened["salts"]["seed"], opened["event"]["seed"]) == announced
        check = check_round(revealed)
        assert check.ok, check.problems
        assert any("follows from the server seed sealed at event 0" in n for n in check.notes)
    finally:
        s.client.close()
        s.app.state.engine.dispose()
