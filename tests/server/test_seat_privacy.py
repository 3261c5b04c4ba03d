"""Issue #34: another player never reads a seat owner's account id, in GET /tables/{id},
in the table view (the same view the WebSocket sends) or in the round's view: he sees
the seat by its player's name, or "Seat N"; the seat's own player sees his seat as "you",
in the seat lists too (a fresh tester found his hex id in the round's view, and then in
GET /tables/{id}'s seats)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from server_api import EXAMPLES, Api, ScriptedRng
from test_games import GAMES, SETUPS, GameTable, player
from test_websocket import Socket, token

from croupier.verify_round import check_round
from node_support import NODE, imports, run_node

Recipient = int | None
"""A seat, or ``None`` for the spectator."""


def _paths(value: Any, ids: list[str], at: str = "") -> Iterator[str]:
    """Where in a JSON value any of ``ids`` occurs (``"steps/0/event/event/seats/1"``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if any(pid in str(key) for pid in ids):
                yield f"{at}/{key} (key)"
            yield from _paths(item, ids, f"{at}/{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from _paths(item, ids, f"{at}/{n}")
    elif any(pid in str(value) for pid in ids):
        yield f"{at}: {value}"


def test_a_second_player_reads_no_account_id_of_another_seat(
    migrated_sqlite: Callable[[str], str],
) -> None:
    api = Api(migrated_sqlite("privacy.sqlite"))
    api.table()
    ann_id, ann = api.player("ann", deposit=1_000)
    bob_id, bob = api.player("bob", deposit=1_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    for path in ("/tables/hrd", "/tables/hrd/view", "/tables"):
        answer = api.client.get(path, headers=bob)
        assert answer.status_code == 200 and ann_id not in answer.text, (path, answer.text)
    table = api.client.get("/tables/hrd", headers=bob).json()
    assert table["seats"] == [  # GET /tables/{id} names each seat as the view does
        {"seat": 1, "player_id": None, "name": "ann"},
        {"seat": 2, "player_id": None, "name": "you"},
    ]
    assert bob_id not in api.client.get("/tables/hrd", headers=bob).text
    view = api.client.get("/tables/hrd/view", headers=bob).json()
    assert view["seats"] == table["seats"]
    assert view["view"]["seats"] == {"1": "ann", "2": "you"}
    # The seat's own player: his seat is "you" in the round's view and in the seat
    # lists, no id anywhere; the staff see every id.
    mine = api.client.get("/tables/hrd/view", headers=ann).json()
    assert mine["view"]["seats"] == {"1": "you", "2": "bob"}
    assert ann_id not in json.dumps(mine)
    assert mine["seats"] == [
        {"seat": 1, "player_id": None, "name": "you"},
        {"seat": 2, "player_id": None, "name": "bob"},
    ]
    assert ann_id not in api.client.get("/tables/hrd", headers=ann).text
    staff = api.client.get("/tables/hrd", headers=api.admin).json()
    assert [s["player_id"] for s in staff["seats"]] == [ann_id, bob_id]


def test_a_rounds_steps_show_another_seat_by_name(migrated_sqlite: Callable[[str], str]) -> None:
    """GET /rounds/{id}/steps: the seats and every step's view name another player's seat,
    never its account id (the round's opening event keeps the seats it was dealt to: it
    is what the round's hashes are worked out over)."""
    api = Api(migrated_sqlite("privacy.sqlite"))
    api.table()
    ann_id, ann = api.player("ann", deposit=1_000)
    bob_id, bob = api.player("bob", deposit=1_000)
    api.sit(ann, 1)
    api.sit(bob, 2)
    wager = api.wager(ann, 1, "pip_street:ace", 500).json()
    steps = api.client.get(f"/rounds/{wager['round_id']}/steps", headers=bob).json()
    assert steps["seats"] == [
        {"seat": 1, "player_id": None, "name": "ann"},
        {"seat": 2, "player_id": None, "name": "you"},
    ]
    assert all(step["view"]["seats"] == {"1": "ann", "2": "you"} for step in steps["steps"])
    staff = api.client.get(f"/rounds/{wager['round_id']}/steps", headers=api.admin).json()
    assert [s["player_id"] for s in staff["seats"]] == [ann_id, bob_id]


@pytest.mark.parametrize("game", GAMES)
def test_no_one_receives_another_players_account_id(
    game: str, migrated_sqlite: Callable[[str], str]
) -> None:
    """A full round of every game with three seated players, a spectator and the
    dealer: every command answer, table view, WebSocket frame, step (``GET
    /rounds/{id}/steps`` while the round is open and once it is over), the table's
    history and the round's reveal that a player or the spectator receives is searched,
    as JSON text, for the account id of any player but himself: none is there (the
    round's opening event names another seat's player "player at seat N"). The dealer's
    own replay keeps every id (the stored events are unchanged)."""
    settings, dealer_closes, seed = SETUPS[game]
    table = GameTable(migrated_sqlite("privacy.sqlite"), game, 3, seed, settings)
    received: dict[Recipient, list[Any]] = {1: [], 2: [], 3: [], None: []}
    watchers: dict[Recipient | str, dict[str, str]] = {
        **table.players,
        None: table.spectator,
        "dealer": table.dealer,
    }
    sockets = {who: Socket(table.api.client, "t", token(auth)) for who, auth in watchers.items()}
    client = table.api.client

    def auth_of(who: Recipient) -> dict[str, str]:
        return table.spectator if who is None else table.players[who]

    def steps(who: Recipient, round_id: str | None) -> None:
        if round_id is not None:
            r = client.get(f"/rounds/{round_id}/steps", headers=auth_of(who))
            assert r.status_code == 200, r.text
            received[who].append(r.json())

    try:

        def on_view(seat: int, view: dict[str, Any]) -> None:
            received[seat].append(view)
            steps(seat, view["round_id"])
            if seat == 1:
                public = table.view(table.spectator)
                received[None].append(public)
                steps(None, public["round_id"])

        round_id = table.play(player(game, passive=frozenset({3})), dealer_closes, on_view)
        for who, auth in watchers.items():
            final = table.view(auth)
            sockets[who].wait(lambda m, f=final: m["data"] == f)
        for seat, answers in table.responses.items():
            received[seat] += answers
        for who in received:
            received[who] += list(sockets[who].messages)
            for path in (
                f"/tables/{table.table_id}",
                f"/tables/{table.table_id}/view",
                f"/tables/{table.table_id}/rounds",
                f"/rounds/{round_id}/steps",
                f"/rounds/{round_id}/reveal",
            ):
                r = client.get(path, headers=auth_of(who))
                # A Double Back Jack round is revealed once its shoe is reshuffled.
                assert r.status_code in ((200, 409) if "reveal" in path else (200,)), r.text
                received[who].append(r.json())
        _assert_no_other_id(received, table.ids)
        # The stored opening event keeps every seat's id: the dealer reads them.
        staff = client.get(f"/rounds/{round_id}/steps", headers=table.dealer).json()
        opened = staff["steps"][0]["event"]["event"]
        assert opened["seats"] == {str(seat): pid for seat, pid in table.ids.items()}
        # A player reads each seat of the opening event by its stand-in (his own too: one
        # reveal serves every player; his view names his seat "you").
        mine = client.get(f"/rounds/{round_id}/steps", headers=table.players[2]).json()
        first = mine["steps"][0]["event"]
        assert first["event"]["seats"] == {
            "1": "player at seat 1",
            "2": "player at seat 2",
            "3": "player at seat 3",
        }
        assert mine["steps"][0]["view"]["seats"]["2"] == "you"
        assert table.ids[2] not in json.dumps([step["view"] for step in mine["steps"]])
        assert first["ids_replaced"] is True  # its hash is over the stored ids
        assert first["hash"] == staff["steps"][0]["event"]["hash"]
    finally:
        for socket in sockets.values():
            socket.close()
        table.close()


DICE_ROUNDS: dict[str, tuple[str, list[tuple[int, str]], list[tuple[int, ...]]]] = {
    # game: (example Rules Submission, (seat, spot) wagered by each, the dice thrown)
    "sic-bo": ("sic-bo.toml", [(1, "small"), (2, "big")], [(2, 3, 5)]),
    # The point is 6; 3-4 sevens out and ends the turn of the dice (623a.10).
    "craps": ("craps.toml", [(1, "pass"), (2, "dont_pass")], [(4, 2), (3, 4)]),
}


@pytest.mark.parametrize("game", sorted(DICE_ROUNDS))
def test_no_one_receives_another_players_account_id_at_a_dice_table(
    game: str, migrated_sqlite: Callable[[str], str]
) -> None:
    """The sweep above at the dice tables the HTTP rounds of tests/server/test_games.py do
    not play (Sic Bo, Craps): two players wager, the dealer closes the betting for each
    throw of scripted dice, to the round's end; every answer, frame, view, step, the
    history and the reveal either player or the spectator receives is searched."""
    rules, wagers, throws = DICE_ROUNDS[game]
    scripted = ScriptedRng()
    api = Api(migrated_sqlite("dice.sqlite"), rng=scripted)
    sockets: dict[Recipient, Socket] = {}
    try:
        api.table("t", EXAMPLES / rules)
        ids, auths = {}, {}
        for seat, name in ((1, "ann"), (2, "bo")):
            ids[seat], auths[seat] = api.player(name, deposit=100_000)
            api.sit(auths[seat], seat, "t")
        _, spectator = api.player("sam", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        who_auth: dict[Recipient, dict[str, str]] = {**auths, None: spectator}
        sockets = {who: Socket(api.client, "t", token(auth)) for who, auth in who_auth.items()}
        received: dict[Recipient, list[Any]] = {who: [] for who in who_auth}
        for seat, spot in wagers:
            r = api.wager(auths[seat], seat, spot, 1_000, table_id="t")
            assert r.status_code == 200, r.text
            received[seat].append(r.json())
        round_id = received[1][0]["round_id"]
        for faces in throws:
            for who, auth in who_auth.items():  # the round so far, while it is open
                r = api.client.get(f"/rounds/{round_id}/steps", headers=auth)
                received[who].append(r.json())
            scripted.dice(*faces)
            r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="t")
            assert r.status_code == 200, r.text
        assert r.json()["round_status"] == "completed", r.text
        for who, auth in who_auth.items():
            final = api.client.get("/tables/t/view", headers=auth).json()
            sockets[who].wait(lambda m, f=final: m["data"] == f)
            received[who] += sockets[who].messages
            for path in (
                "/tables/t",
                "/tables/t/view",
                "/tables/t/rounds",
                f"/rounds/{round_id}/steps",
                f"/rounds/{round_id}/reveal",
            ):
                r = api.client.get(path, headers=auth)
                assert r.status_code == 200, (path, r.text)
                received[who].append(r.json())
        _assert_no_other_id(received, ids)
        staff = api.client.get(f"/rounds/{round_id}/steps", headers=api.admin).json()
        assert staff["steps"][0]["event"]["event"]["seats"] == {"1": ids[1], "2": ids[2]}
    finally:
        for socket in sockets.values():
            socket.close()
        api.close()


def _assert_no_other_id(received: dict[Recipient, list[Any]], ids: dict[int, str]) -> None:
    """No body ``received`` by a seat's player or the spectator (``None``) holds the account
    id of any other seat's player, anywhere in its JSON."""
    for who, bodies in received.items():
        others = [pid for seat, pid in ids.items() if seat != who]
        assert len(bodies) > 5
        for body in bodies:
            found = [pid for pid in others if pid in json.dumps(body)]
            assert not found, (who, list(_paths(body, found)))


def test_a_player_still_verifies_a_round_whose_events_name_players_by_stand_ins(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """The opening event a player receives names the seats by stand-ins, so its hash
    (over the stored ids) cannot be worked out from it: his check (``croupier
    verify-round``, and the verify page's verify.js where node is installed) passes, says
    which event it could not hash, and still catches a stand-in changed on the way or an
    event marked as naming players that names none (a mark that would hide its hash)."""
    scripted = ScriptedRng()
    api = Api(migrated_sqlite("verify.sqlite"), rng=scripted)
    try:
        api.table()
        _, ann = api.player("ann", deposit=10_000)
        _, bob = api.player("bob", deposit=10_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1)
        api.sit(bob, 2)
        assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
        assert api.wager(bob, 2, "pip_street:six", 500).status_code == 200
        scripted.dice(6, 6, 6, 6, 6, 2, 3, 4, 5, 1)
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
        assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
        round_id = r.json()["round_id"]
        seen = [
            s["event"]
            for s in api.client.get(f"/rounds/{round_id}/steps", headers=bob).json()["steps"]
        ]
        revealed = api.client.get(f"/rounds/{round_id}/reveal", headers=bob).json()
        assert [e["index"] for e in seen if e.get("ids_replaced")] == [0]
        check = check_round(revealed, seen, round_id)
        assert check.ok, check.problems
        (note,) = [n for n in check.notes if "stand-ins" in n]
        assert note.startswith(  # one event: "names", "its own hash ... was"
            "event 0 (round opened) names other players by stand-ins for their account ids, "
            "which only the operator's staff read: its own hash (over the ids) was not worked "
            "out here, its values were compared and the chain runs on from it"
        ), note
        changed = copy.deepcopy(seen)
        changed[0]["event"]["seats"]["1"] = "player at seat 2"
        assert not check_round(revealed, changed, round_id).ok
        marked = copy.deepcopy(revealed)
        marked["events"][1]["ids_replaced"] = True  # a wager: it names no player
        found = check_round(marked, seen, round_id).problems
        assert any("is marked as naming players, but names none" in p for p in found), found
        if NODE is not None:
            script = (
                imports("verify.js", "checkRound") + "const out = [];"
                "for (const [r, s] of input) out.push(await checkRound(r, s, r.round_id));"
                "console.log(JSON.stringify(out));"
            )
            honest, forged = run_node(script, [(revealed, seen), (marked, seen)])
            assert honest["ok"], honest["problems"]
            assert any("stand-ins for their account ids" in n for n in honest["notes"])
            assert not forged["ok"]
    finally:
        api.close()
