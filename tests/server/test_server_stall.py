"""A player is never timed out while the server could not answer him (issue 29: a report
held the database for 60 s, a player's Back 9 decision got a 500 and his time ran out).
The test holds the app's only SQLite connection, as the report did, while a player's
command waits for it; the fake clock moves 60 s; nothing sleeps."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import sessionmaker
from test_griefing_waits import DECISION, _setting, _view

from croupier.server.stall import Stalls

T0 = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_how_far_a_deadline_moves() -> None:
    """By hand: a 30 s wait due at 100 s loses, in a stall from 80 s to 140 s, the 20 s it
    had left at 80 s: it ends 20 s after the stall, at 160 s (100 + 60). A stall that ends
    before the deadline (80-90 s) leaves it where it was: it did not pass unserved. A wait
    begun at 45 s inside a stall from 0 to 80 s loses 35 s: 75 becomes 110. A moved
    deadline lies after its stall, so it does not move again."""
    stalls = Stalls(lambda: T0)
    stalls.waited(at(80), at(140))
    stalls.waited(at(150), at(151))  # one second: a wait, not a stall
    assert stalls.spans == [(at(80), at(140))]
    assert stalls.extended(at(100), 30) == at(160)
    assert stalls.extended(at(160), 30) == at(160)
    assert stalls.extended(at(141), 30) == at(141)  # passed after the stall: served
    other = Stalls(lambda: T0)
    other.waited(at(80), at(90))
    assert other.extended(at(100), 30) == at(100)
    early = Stalls(lambda: T0)
    early.waited(at(0), at(80))
    assert early.extended(at(75), 30) == at(110)


def test_a_deadline_passed_while_the_server_stalled_is_extended(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Bob's hands, sent 1 s into the 3 s decision, wait 60 s for the database: they are
    taken as sent. Ann, who sent nothing, is not timed out when the server answers again:
    she keeps the 2 s she had left when it stalled (before: the house way set her hands)."""
    # GLI-19 4.5.2(f): the server's own delay does not decide a player's deadline.
    api, clock, ann, bob = _setting(
        migrated_sqlite("gow.sqlite")
    )  # both to set their hands by now + 3 s
    stalls = api.app.state.stalls
    tiles = _view(api, bob)["view"]["my_tiles"]["4"]
    clock.advance(1)  # 2 s left to each when the server stalls
    held = api.engine.connect()  # the only connection of the process, as the report held it
    answers: list[Any] = []
    setting = {"type": "SetHands", "seat": 4, "together": tiles[:2]}
    sender = threading.Thread(target=lambda: answers.append(api.send(bob, setting, "gow")))
    try:
        sender.start()
        assert stalls.until_waiting(1, 30), "bob's command never asked for the database"
        clock.advance(60)  # the stall: bob's deadline passes while nothing is served
    finally:
        held.close()
        sender.join(60)
    [answer] = answers
    assert answer.status_code == 200, answer.text
    [event] = [e["event"] for e in answer.json()["events"]]
    # His own setting, not the house way of a timeout (621a.10(b)).
    assert event["type"] == "HandsSet" and event["seat"] == 4 and event["by_dealer"] is False
    assert sorted(event["high"] + event["low"]) == sorted(tiles)
    # Ann, who sent nothing, has the 2 s she had left when the server stalled.
    mine = _view(api, ann)
    assert mine["waiting_for"] == [2]
    assert mine["deadline"]["seconds_left"] == DECISION - 1
    clock.advance(2)  # then her time is up, the server serving: the house way
    assert _view(api, ann)["view"]["phase"] == "surrender"
    api.close()


def test_a_wait_for_the_database_is_a_stall_even_when_it_fails(tmp_path: Path) -> None:
    """A request that never got the database (the pool's timeout: answered 500) marks
    the span it waited, as one that got it late does. The clock moves 5 s each time it is
    read: asked at one reading, given up at the next."""
    readings = iter(range(0, 1_000, 5))
    stalls = Stalls(lambda: at(next(readings)))
    engine = create_engine(
        f"sqlite:///{tmp_path / 'pool.sqlite'}", pool_size=1, max_overflow=0, pool_timeout=0.1
    )
    sessions = sessionmaker(engine)
    stalls.watch(sessions)
    with engine.connect() as held:  # the only connection, taken
        held.execute(text("SELECT 1"))
        with sessions() as session:
            try:
                session.execute(text("SELECT 1"))
            except PoolTimeout:
                pass
            else:
                raise AssertionError("the pool gave a second connection")
    assert stalls.spans == [(at(0), at(5))]
    assert stalls.waiting == 0
    engine.dispose()
