"""Views built from the tables kept in memory (issue #33, :mod:`croupier.server.live`).

- every game: a round's stored events applied one notice at a time to the table kept in
  memory give, at every step, views that show no player what is hidden from him (judged
  by :class:`test_hidden_information.Secrets`, from the stored events), and the table
  read whole gives each viewer the view the database gives (``GET /view``);
- two processes on PostgreSQL and NATS: a socket at B is sent A's commands' frames built
  from the notices, with no statement at B (a counter on its engine); a notice lost
  (B not listening while A commits) is a gap, which B catches up from the stored events
  by sequence (one read), nothing shown twice or out of order;
- the embedded server (SQLite, no bus) builds its sockets' frames from memory too.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from natsd import NatsServer
from sqlalchemy import event, select
from sqlalchemy.orm import Session
from test_games import GAMES, SETUPS, GameTable, events_of, player
from test_hidden_information import Secrets
from test_scaleout import Process, _frames_in_order, close_embedded, nats, postgres, wager
from test_websocket import Socket, token

from croupier.ledger import repository as repo
from croupier.ledger.models import EventRow, RoundRow
from croupier.rng import SeededRng
from croupier.server import create_app, service
from croupier.server.live import LiveTable, advanced, loaded, view_of
from croupier.server.scaleout import Scale

__all__ = ["nats", "postgres"]  # fixtures


def _statements(engine: Any, keep: Callable[[str], bool]) -> list[str]:
    """From now on, every statement ``engine`` runs that ``keep`` keeps."""
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if keep(statement):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    return seen


def _notice(rows: list[EventRow], status: str) -> dict[str, Any]:
    """The notice a command that wrote the events ``rows`` would publish."""
    bodies = [[row.seq, row.round_id, row.index, row.body] for row in rows]
    last = rows[-1]
    return {"events": bodies, "round": [last.round_id, last.index + 1, status], "seal": None}


@pytest.mark.parametrize("game", GAMES)
def test_views_built_from_notices_hide_what_is_hidden(
    game: str, migrated_sqlite: Callable[[str], str]
) -> None:
    settings, dealer_closes, seed = SETUPS[game]
    table = GameTable(migrated_sqlite("live.sqlite"), game, 3, seed, settings)
    round_id = table.play(player(game, passive=frozenset({3})), dealer_closes)
    events = events_of(table.replay(round_id))
    viewers = {**table.players, None: table.spectator}
    with Session(table.api.engine) as session:
        people = {who: repo.player_by_token(session, token(a)) for who, a in viewers.items()}
        rows = session.scalars(
            select(EventRow).where(EventRow.round_id == round_id).order_by(EventRow.index)
        ).all()
        final = loaded(session, "t", None)
        status = session.scalar(select(RoundRow.status).where(RoundRow.id == round_id))
    kept = LiveTable("t", game, rows[0].seq, final.seats, None, None)
    checked, waiting = 0, []
    for row in rows:  # one command's events at a time (a part of them does not replay)
        waiting.append(row)
        last = row.index == len(rows) - 1
        after = advanced(kept, _notice(waiting, str(status) if last else "open"))
        if after is None:
            continue
        assert after.seq == row.seq + 1
        kept, waiting = after, []
        for who, someone in people.items():
            assert someone is not None
            out = view_of(kept, someone, 0, service.Preview(), table.clock())
            seen = out.model_dump(mode="json")
            assert not Secrets(events, row.index + 1, who).leaks(seen), (who, row.index)
            checked += 1
    assert waiting == [] and checked >= 3 * len(people)
    assert kept.latest is not None and kept.latest.bodies == tuple(r.body for r in rows)
    assert advanced(kept, _notice(rows[-1:], str(status))) is None  # a notice heard twice
    # The table read whole: each viewer's view is the database's (GET /view).
    built: dict[int | None, dict[str, Any]] = {}
    with Session(table.api.engine) as session:
        for who, someone in people.items():
            assert someone is not None
            legal = service.Preview()
            if who is not None and (final.latest is None or final.latest.status != "open"):
                legal = service.preview(session, someone, who, "t", game)
            balance = service.balance_of(session, someone.id)
            view = view_of(final, someone, balance, legal, table.clock())
            built[who] = view.model_dump(mode="json")
    for who, auth in viewers.items():
        assert built[who] == table.view(auth), who
    table.api.close()


def test_a_socket_at_another_process_is_sent_frames_built_from_the_notices(
    postgres: str, nats: NatsServer
) -> None:
    """A deals the table, B's socket watches it. Once B has read the table at the
    socket's first frame, A's four wagers reach B's socket as four frames, each the
    database's view at that point, and B runs no statement for them but its leases' turn.
    Then B hears nothing while A commits a sixth wager (a notice lost): the dealer's
    closing of the betting is a gap at B, which reads the table once, from the sequence
    number it kept on, and sends the table as stored; no frame twice, none going back."""
    table = GameTable(postgres, "high-roll-dice", 1)
    a = Process(postgres, nats.url, "http://a.example:8000", clock=table.clock)
    b = Process(postgres, nats.url, "http://b.example:8000", clock=table.clock)
    socket = Socket(b.client, "t", token(table.players[1]))
    live = b.app.state.hub.live
    try:
        socket.wait(lambda m: m["data"]["round_id"] is None)
        loads, applied = live.loads, live.applied
        at_b = _statements(b.app.state.engine, lambda s: "lease_holders" not in s)
        for n in range(5):
            r = a.send(table.players[1], wager(n), f"w{n}")
            assert r.status_code == 200, r.text
            expected = table.view(table.players[1])
            socket.wait(lambda m, e=expected: m["data"] == e, timeout=5)
        assert at_b == []  # built from memory: nothing read at B
        assert (live.loads, live.applied - applied) == (loads, 5)
        bus = b.scaled.bus
        assert bus is not None
        hub, bus._hub = bus._hub, None  # B hears nothing: the sixth wager's notice is lost
        r = a.send(table.players[1], wager(5), "w5")
        assert r.status_code == 200, r.text
        time.sleep(0.5)
        assert len(socket.messages) == 6  # the empty table, five wagers
        bus._hub = hub
        r = a.client.post(  # the dealer closes the betting: the round is thrown and settled
            "/tables/t/commands",
            json={"command": {"type": "AnnounceNoMoreBets"}},
            headers={**table.dealer, "Idempotency-Key": "close"},
        )
        assert r.status_code == 200, r.text
        expected = table.view(table.players[1])
        assert expected["round_status"] == "completed"
        socket.wait(lambda m: m["data"] == expected, timeout=5)
        assert live.loads == loads + 1  # the gap: one catch-up
        assert any("events" in s and "seq >=" in s for s in at_b), at_b
        time.sleep(0.3)
        _frames_in_order(socket.messages)
        assert len(socket.messages) == 7  # the sixth wager's state never sent: it was skipped
    finally:
        socket.close()
        b.close()
        a.close()
        table.api.close()


def test_the_embedded_servers_sockets_are_sent_frames_built_from_memory(tmp_path: Path) -> None:
    """One process on SQLite, no bus: after a socket's first frame, each command's frame
    is built from what the command wrote: no statement outside the writer's thread."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "high-roll-dice", 1)
    app = create_app(url, migrate=False, rng=SeededRng(3), clock=table.clock, scale=Scale())
    from fastapi.testclient import TestClient

    client = TestClient(app)
    socket = Socket(client, "t", token(table.players[1]))
    try:
        socket.wait(lambda m: m["data"]["round_id"] is None)
        beside = _statements(
            app.state.engine,
            lambda _: not threading.current_thread().name.startswith("croupier-writer"),
        )
        for n in range(3):
            r = client.post(
                "/tables/t/commands",
                json={"command": wager(n)},
                headers={**table.players[1], "Idempotency-Key": f"e{n}"},
            )
            assert r.status_code == 200, r.text
            expected = table.view(table.players[1])
            socket.wait(lambda m, e=expected: m["data"] == e)
        assert beside == [], beside
        assert app.state.hub.live.applied == 3
        _frames_in_order(socket.messages)
    finally:
        close_embedded(table, app, socket)


def test_a_timeout_is_shown_from_what_it_wrote(tmp_path: Path) -> None:
    """The embedded server's timer closes the betting (a timeout through the command
    path): the socket is sent the cards dealt then, built from what the timeout wrote,
    with no catch-up read, and the frame is the player's view as stored."""
    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    table = GameTable(url, "criss-cross-poker", 1, 2, {"betting_seconds": 1})
    app = create_app(url, migrate=False, rng=SeededRng(3), scale=Scale())
    from fastapi.testclient import TestClient

    client = TestClient(app)
    socket = Socket(client, "t", token(table.players[1]))
    live = app.state.hub.live
    try:
        socket.wait(lambda m: m["data"]["round_id"] is None)
        command = player("criss-cross-poker")(1, table.view(table.players[1]))
        r = client.post(
            "/tables/t/commands",
            json={"command": command},
            headers={**table.players[1], "Idempotency-Key": "bet"},
        )
        assert r.status_code == 200, r.text
        socket.wait(lambda m: m["data"]["view"] is not None, timeout=2)
        loads = live.loads
        socket.wait(lambda m: m["data"]["view"]["phase"] == "across", timeout=5)
        assert app.state.scaled.deadlines.fired == 1
        assert live.loads == loads  # no read: the timeout's own writes
        shown = socket.messages[-1]["data"]
        stored = table.view(table.players[1])
        for field in ("round_id", "round_version", "view", "legal_commands", "balance", "seats"):
            assert shown[field] == stored[field], field
        _frames_in_order(socket.messages)
    finally:
        close_embedded(table, app, socket)
