"""No player learns what is hidden: full rounds of every game through the API with three
seated players, a dealer socket and a spectator socket; every WebSocket message and every
HTTP response each player (and the spectator) receives is searched for what they may not
see at that moment.

What is hidden is derived here from the stored events, not from the views under test:
the cards of a shuffled deck (``DeckShuffled``) that the recipient has not been shown by
then (a card dealt face down to another hand, the dealer's hole card before
``HoleCardTurned``, community cards before ``CommunityCardsTurned``, the stub, burned
cards), a Go Fore It player's own hole cards (676a.8(b)), the tiles of the mixed stacks
(``TilesMixed``) not yet delivered to the recipient or turned over, the order of the deck,
shoe or stacks (a run of six of its cards), and the dice before they are thrown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_games import GAMES, SETUPS, GameTable, events_of, player
from test_websocket import Socket, token

Recipient = int | None
"""A seat, or ``None`` for the spectator."""


def leaves(value: Any) -> Iterator[Any]:
    """Every string and every list in a JSON value."""
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from leaves(item)
    elif isinstance(value, str):
        yield value


class Secrets:
    """What a recipient may and may not see after the first ``version`` events."""

    def __init__(self, events: list[dict[str, Any]], version: int, who: Recipient) -> None:
        self.in_play: set[str] = set()
        self.shown: set[str] = set()
        self.orders: list[list[str]] = []
        self.dice: list[list[int]] = []
        seats: dict[str, str] = events[0]["seats"]
        mine = {s for s, p in seats.items() if who is not None and p == seats.get(str(who))}
        for event in events[:version]:
            self._see(event, who, mine)
        thrown = [e["faces"] for e in events if e["type"] in ("DiceThrown", "DiceShaken")]
        seen = sum(e["type"] in ("DiceThrown", "DiceShaken") for e in events[:version])
        self.dice = thrown[seen:]  # dice not yet thrown

    def _see(self, e: dict[str, Any], who: Recipient, mine: set[str]) -> None:
        kind = e["type"]
        if kind == "DeckShuffled":
            self.in_play |= set(e["stack"])
            self.orders.append(list(e["stack"]))
        elif kind == "TilesMixed":
            stacks = [tile for stack in e["stacks"] for tile in stack]
            self.in_play |= set(stacks)
            self.orders.append(stacks)
            self.shown = set()  # the display is mixed face down
        elif kind == "TilesDisplayed":
            self.shown |= {tile for pair in e["pairs"] for tile in pair}
        elif kind == "CardDealt":
            hand, card = str(e["hand"]), e["card"]
            if e.get("face_up") is True:  # Double Back Jack: face up unless the hole card
                self.shown.add(card)
            elif "face_up" not in e and hand in mine and e["position"] < 2:
                self.shown.add(card)  # his own two (front) cards (676a.11(a), 674a.11(a))
        elif kind in ("HoleCardTurned", "CardDiscarded"):
            self.shown.add(e["card"])
        elif (
            kind in ("DealerHandRevealed", "HandTurnedUp", "HandsTurnedUp")
            or kind == "CommunityCardsTurned"
        ):
            self.shown |= set(e["cards"])
        elif kind == "TilesDelivered":
            for delivery in e["deliveries"]:
                if delivery["position"] in mine:
                    self.shown |= set(delivery["tiles"])
        elif kind in ("DealerTilesTurnedOver",):
            self.shown |= set(e["tiles"])
        elif kind in ("HandsExposed", "DealerHandsSet") or (
            kind in ("HandsSet", "HouseWayShown") and str(e["seat"]) in mine
        ):
            self.shown |= set(e["high"]) | set(e["low"])
        elif kind == "TileExposed":
            self.shown.add(e["tile"])

    def leaks(self, message: Any) -> list[str]:
        """What in ``message`` the recipient may not see."""
        hidden = self.in_play - self.shown
        found: list[str] = []
        for leaf in leaves(message):
            if isinstance(leaf, str):
                if leaf in hidden:
                    found.append(f"hidden card or tile {leaf}")
            elif leaf in self.dice:
                found.append(f"dice not yet thrown {leaf}")
            elif len(leaf) >= 6 and all(isinstance(x, str) for x in leaf):
                for order in self.orders:
                    if _run(leaf, order, 6):
                        found.append(f"a run of the deck's order: {leaf[:8]}")
        return found


def _run(items: list[str], order: list[str], length: int) -> bool:
    """``items`` holds ``length`` consecutive cards of ``order`` in that order."""
    text = "\x00".join(order)
    return any("\x00".join(items[i : i + length]) in text for i in range(len(items) - length + 1))


def _version_of(message: dict[str, Any]) -> tuple[str | None, int]:
    return message.get("round_id"), message.get("round_version") or 0


@pytest.mark.parametrize("game", GAMES)
def test_no_player_sees_what_is_hidden(game: str, migrated_sqlite: Callable[[str], str]) -> None:
    settings, dealer_closes, seed = SETUPS[game]
    table = GameTable(migrated_sqlite("hidden.sqlite"), game, 3, seed, settings)
    received: dict[Recipient, list[dict[str, Any]]] = {1: [], 2: [], 3: [], None: []}
    watchers: dict[Recipient | str, dict[str, str]] = {
        **table.players,
        None: table.spectator,
        "dealer": table.dealer,
    }
    sockets = {who: Socket(table.api.client, "t", token(auth)) for who, auth in watchers.items()}
    try:
        stepped: dict[Recipient, list[dict[str, Any]]] = {1: [], 2: [], 3: [], None: []}
        looked: dict[Recipient, object] = {}

        def look_back(who: Recipient, view: dict[str, Any]) -> None:
            """The round so far as ``who`` replays it (``GET /rounds/{id}/steps``), while
            it is open, once for each version he sees."""
            if view["round_id"] is None or looked.get(who) == view["round_version"]:
                return
            looked[who] = view["round_version"]
            auth = table.spectator if who is None else table.players[who]
            r = table.api.client.get(f"/rounds/{view['round_id']}/steps", headers=auth)
            assert r.status_code == 200, r.text
            stepped[who].append(r.json())

        def on_view(seat: int, view: dict[str, Any]) -> None:
            received[seat].append(view)
            look_back(seat, view)
            if seat == 1:  # the spectator looks too
                public = table.view(table.spectator)
                received[None].append(public)
                look_back(None, public)

        round_id = table.play(player(game, passive=frozenset({3})), dealer_closes, on_view)
        for who, auth in watchers.items():
            final = table.view(auth)
            sockets[who].wait(lambda m, f=final: m["data"] == f)
        events = events_of(table.replay(round_id))
        # Every HTTP response a player received: views and their commands' answers.
        for seat, answers in table.responses.items():
            received[seat] += answers
        for who in received:
            received[who] += [m["data"] for m in sockets[who].messages]
        checked = 0
        for who, messages in received.items():
            for message in messages:
                rid, version = _version_of(message)
                if rid != round_id:
                    continue  # before the round opened: nothing was dealt
                # A command's answer lists the events it caused: each is judged as of
                # when it happened (the Pai Gow display is public until mixed).
                for stored in message.get("events", []):
                    found = Secrets(events, stored["index"] + 1, who).leaks(stored)
                    assert not found, (who, stored["index"], found)
                rest = {k: v for k, v in message.items() if k != "events"}
                found = Secrets(events, version, who).leaks(rest)
                assert not found, (who, version, found)
                checked += 1
        assert checked > 20
        # The history and the replay of the round, once it is over: the table's rounds for
        # everyone, the replay for the dealer only, the steps as each one's seat saw them.
        client = table.api.client
        for who in received:
            auth = table.spectator if who is None else table.players[who]
            r = client.get(f"/tables/{table.table_id}/rounds", headers=auth)
            assert r.status_code == 200, r.text
            assert not Secrets(events, len(events), who).leaks(r.json())
            r = client.get(f"/rounds/{round_id}/replay", headers=auth)
            assert r.status_code == 403, r.text
            r = client.get(f"/rounds/{round_id}/steps", headers=auth)
            assert r.status_code == 200, r.text
            stepped[who].append(r.json())
        open_steps = 0
        for who, answers in stepped.items():
            for answer in answers:
                if answer["round_id"] != round_id:
                    continue  # the next round, opened at once with a Pai Gow bank offer
                open_steps += answer["status"] == "open"
                assert len(answer["steps"]) <= len(events)
                for step in answer["steps"]:
                    index = step["event"]["index"]
                    assert step["event"]["type"] == events[index]["type"]
                    found = Secrets(events, index + 1, who).leaks(step)
                    assert not found, ("steps", who, answer["status"], index, found)
        assert open_steps >= 4  # each recipient replayed the round while it was open
        # The search finds hidden cards where they are: in the dealer's messages (the
        # surveillance view holds the stack), read as if seat 1 had received them.
        if game != "high-roll-dice":
            dealer = [m["data"] for m in sockets["dealer"].messages]
            assert any(
                Secrets(events, _version_of(m)[1], 1).leaks(m)
                for m in dealer
                if _version_of(m)[0] == round_id
            )
            # The dealer's replay keeps everything: read as seat 1's, the search finds it.
            r = client.get(f"/rounds/{round_id}/steps", headers=table.dealer)
            assert r.status_code == 200, r.text
            assert any(
                Secrets(events, step["event"]["index"] + 1, 1).leaks(step["event"])
                for step in r.json()["steps"]
            )
    finally:
        for socket in sockets.values():
            socket.close()
        table.close()
