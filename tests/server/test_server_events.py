"""The significant events GLI-19 2.8.8 lists that the server records by itself: large
wagers and large wins over the table's thresholds, single and aggregate; steps of the
server's clock; the server's start and stop."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_api import TEN_DICE, Api, Clock, ScriptedRng
from sqlalchemy.orm import Session

from croupier.ledger.significant_events import Kind, significant_events
from croupier.server.uptime import ClockWatch, record_clock_change


def _events(api: Api, *kinds: Kind) -> list[Any]:
    with Session(api.engine) as session:
        return list(significant_events(session, kinds=kinds))


def test_gli_19_2_8_8_large_wagers_and_wins_single_and_aggregate(db_url: str) -> None:
    scripted = ScriptedRng()
    api = Api(db_url, rng=scripted, clock=Clock())
    try:
        settings = {"large_wager": 5_000, "large_win": 12_000}
        body = {"id": "hrd", "rules_toml": TEN_DICE.read_text(), "settings": settings}
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == 201 and r.json()["settings"]["large_wager"] == 5_000, r.text
        ann_id, ann = api.player("ann", deposit=100_000)
        bob_id, bob = api.player("bob", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1)
        api.sit(bob, 2)
        # Ann: one wager of $50, the threshold itself. Bob: $30 and $30, each under it,
        # together $60 over it.
        assert api.wager(ann, 1, "pip_street:ace", 5_000).status_code == 200
        assert api.wager(bob, 2, "pip_street:two", 3_000).status_code == 200
        assert api.wager(bob, 2, "like_kind:3", 3_000).status_code == 200
        [single] = _events(api, Kind.LARGE_WAGER)
        assert single.subject == ann_id and single.after["amount"] == 5_000
        assert single.words == (
            f"Seat 1 ({ann_id}) at table hrd in round hrd-1: a wager of $50, at or over "
            "the large-wager threshold of $50 (GLI-19 2.8.8)."
        )
        # Four aces among the ten dice: ace wins with a count of 4 (675a.4(d)); Pip Street
        # ace pays 3 to 1 (675a.5(a)): Ann wins $150, over the $120 threshold. Bob's Pip
        # Street two and Like Kind 3 (the most matching dice are four) lose.
        scripted.dice(1, 1, 1, 1, 2, 3, 4, 5, 6, 2)
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
        assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text
        wagers = _events(api, Kind.LARGE_WAGER)
        assert [(e.subject, e.after["amount"], e.after["aggregate"]) for e in wagers] == [
            (ann_id, 5_000, False),
            (bob_id, 6_000, True),
        ]
        assert wagers[1].words == (
            f"Seat 2 ({bob_id}) at table hrd in round hrd-1: 2 wagers together of $60, at "
            "or over the large-wager threshold of $50 (GLI-19 2.8.8)."
        )
        [win] = _events(api, Kind.LARGE_WIN)
        assert (win.subject, win.after["amount"], win.after["threshold"]) == (
            ann_id,
            15_000,
            12_000,
        )
        # The report and the API show them with every other significant event.
        r = api.client.get("/significant-events", params={"kind": "large_win"}, headers=dealer)
        assert [e["subject"] for e in r.json()["events"]] == [ann_id]
    finally:
        api.close()


def test_a_table_without_thresholds_records_no_large_amounts(
    migrated_sqlite: Callable[[str], str],
) -> None:
    scripted = ScriptedRng()
    api = Api(migrated_sqlite("none.sqlite"), rng=scripted, clock=Clock())
    try:
        api.table()
        _, ann = api.player("ann", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1)
        assert api.wager(ann, 1, "pip_street:ace", 50_000).status_code == 200
        scripted.dice(1, 1, 1, 1, 2, 3, 4, 5, 6, 2)
        assert api.send(dealer, {"type": "AnnounceNoMoreBets"}).status_code == 200
        assert _events(api, Kind.LARGE_WAGER, Kind.LARGE_WIN) == []
    finally:
        api.close()


class Clocks:
    """A wall clock and a monotonic clock the test moves."""

    def __init__(self) -> None:
        self.wall = datetime(2026, 12, 3, 12, 0, tzinfo=UTC).timestamp()
        self.mono = 1_000.0

    def run(self, seconds: float) -> None:
        self.wall += seconds
        self.mono += seconds


def test_gli_19_2_8_8_a_step_of_the_clock_is_recorded() -> None:
    clocks = Clocks()
    watch = ClockWatch(wall=lambda: clocks.wall, monotonic=lambda: clocks.mono)
    assert watch.step() is None  # the first look sets the base
    clocks.run(10)
    clocks.wall += 1.5  # a time service's correction within the tolerance (2 s)
    assert watch.step() is None
    clocks.run(10)
    clocks.wall += 3 * 3600 + 5  # someone sets the clock forward
    expected, read = watch.step() or (None, None)
    assert expected == datetime(2026, 12, 3, 12, 0, 21, 500000, tzinfo=UTC)
    assert read == datetime(2026, 12, 3, 15, 0, 26, 500000, tzinfo=UTC)
    clocks.run(10)
    assert watch.step() is None  # measured from the new time
    clocks.wall -= 60  # and back
    assert watch.step() is not None


def test_gli_19_2_8_8_the_servers_start_stop_and_clock_steps_are_in_the_log(
    migrated_sqlite: Callable[[str], str],
) -> None:
    clocks = Clocks()
    api = Api(migrated_sqlite("uptime.sqlite"), clock=Clock())
    try:
        api.app.state.clock_watch = ClockWatch(
            wall=lambda: clocks.wall, monotonic=lambda: clocks.mono, every=0.01
        )
        with TestClient(api.app) as client:
            assert client.get("/players/me", headers=api.admin).status_code == 200
            clocks.wall -= 7_200
            deadline = datetime.now(UTC) + timedelta(seconds=20)
            while not _events(api, Kind.CLOCK_CHANGED) and datetime.now(UTC) < deadline:
                client.get("/players/me", headers=api.admin)
        kinds = [e.kind for e in _events(api, Kind.SERVER_STARTED, Kind.SERVER_STOPPED)]
        assert kinds == [Kind.SERVER_STARTED, Kind.SERVER_STOPPED]
        [step] = _events(api, Kind.CLOCK_CHANGED)
        assert step.words.startswith("The server's clock stepped back by 2 hours:")
        assert step.after["seconds"] == -7_200
    finally:
        api.close()


def test_a_clock_change_names_both_times(migrated_sqlite: Callable[[str], str]) -> None:
    api = Api(migrated_sqlite("step.sqlite"))
    try:
        expected = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
        with Session(api.engine) as session:
            record_clock_change(session, expected, expected + timedelta(minutes=61, seconds=1))
            session.commit()
        [step] = _events(api, Kind.CLOCK_CHANGED)
        assert step.words == (
            "The server's clock stepped forward by 1 hour 1 minute 1 second: it read "
            "2026-12-03T13:01:01+00:00 where 2026-12-03T12:00:00+00:00 was due (GLI-19 2.8.8)."
        )
        assert step.before == {"expected": "2026-12-03T12:00:00+00:00"}
    finally:
        api.close()
