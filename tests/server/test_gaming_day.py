"""The casino's gaming day (issue #31): a time zone and a local start hour, set in the
database, applied where each round's totals are recorded and where they are rebuilt.

The hand-worked moments are in America/New_York, the gaming day from 6 a.m. to 6 a.m.:

- 2026-12-03 (EST, UTC-5): 6 a.m. local is 11:00 UTC, so 10:59 UTC belongs to
  2026-12-02 and 11:00 UTC to 2026-12-03.
- The spring change, Sunday 2026-03-08 (2 a.m. EST becomes 3 a.m. EDT, UTC-4): 6 a.m.
  that day is 10:00 UTC, so 09:59 UTC (05:59 EDT) is still 2026-03-07 and 10:00 UTC is
  2026-03-08. Gaming day 2026-03-07 ran from 11:00 UTC on the 7th to 10:00 UTC on the
  8th: 23 hours. A fixed offset of -5 hours would put 10:30 UTC on the 7th.
- The autumn change, Sunday 2026-11-01 (2 a.m. EDT becomes 1 a.m. EST): 6 a.m. that
  day is 11:00 UTC, so 10:59 UTC (05:59 EST) is still 2026-10-31. Gaming day 2026-10-31
  ran from 10:00 UTC on the 31st to 11:00 UTC on 1 November: 25 hours.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from server_api import Api, Clock, ScriptedRng
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session
from test_hold_report import SIC_BO
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger import commands
from croupier.ledger.gaming_day import GamingDay, GamingDayError, gaming_day_of, set_gaming_day
from croupier.ledger.models import HoldDay
from croupier.server.app import create_app

PIT = GamingDay("America/New_York", 6)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize(
    ("moment", "day"),
    [
        ("2026-12-03 10:59", "2026-12-02"),
        ("2026-12-03 11:00", "2026-12-03"),
        ("2026-03-07 10:59", "2026-03-06"),  # 05:59 EST
        ("2026-03-07 11:00", "2026-03-07"),  # 06:00 EST: the short day begins
        ("2026-03-08 09:59", "2026-03-07"),  # 05:59 EDT
        ("2026-03-08 10:00", "2026-03-08"),  # 06:00 EDT: 23 hours later
        ("2026-03-08 10:30", "2026-03-08"),
        ("2026-10-31 09:59", "2026-10-30"),  # 05:59 EDT
        ("2026-10-31 10:00", "2026-10-31"),  # 06:00 EDT: the long day begins
        ("2026-11-01 10:59", "2026-10-31"),  # 05:59 EST
        ("2026-11-01 11:00", "2026-11-01"),  # 06:00 EST: 25 hours later
    ],
)
def test_the_gaming_day_across_a_day_boundary_and_daylight_saving(moment: str, day: str) -> None:
    assert PIT.day_of(at(moment)) == day


def test_a_start_hour_the_clocks_skip_starts_the_day_at_the_first_local_time_after() -> None:
    two = GamingDay("America/New_York", 2)
    assert two.day_of(at("2026-03-08 06:59")) == "2026-03-07"  # 01:59 EST
    assert two.day_of(at("2026-03-08 07:00")) == "2026-03-08"  # 03:00 EDT
    one = GamingDay("America/New_York", 1)  # 1 a.m. comes twice on 1 November
    assert one.day_of(at("2026-11-01 05:00")) == "2026-11-01"  # 01:00 EDT
    assert one.day_of(at("2026-11-01 06:30")) == "2026-11-01"  # 01:30 EST, the repeat


def test_no_setting_is_the_utc_date() -> None:
    assert GamingDay().day_of(at("2026-12-03 23:59")) == "2026-12-03"
    assert GamingDay().day_of(datetime(2026, 12, 4, 0, 0)) == "2026-12-04"  # naive: UTC


@pytest.mark.parametrize(
    ("zone", "hour", "said"),
    [
        ("Mars/Olympus_Mons", 6, "not a time zone of the IANA database"),
        ("", 6, "not a time zone of the IANA database"),
        ("America/New_York", 24, "whole hour from 0 to 23, not 24"),
        ("America/New_York", -1, "whole hour from 0 to 23, not -1"),
        ("America/New_York", True, "whole hour from 0 to 23, not True"),
        ("America/New_York", 6.0, "whole hour from 0 to 23, not 6.0"),
    ],
)
def test_a_gaming_day_that_cannot_be_is_refused(zone: str, hour: int, said: str) -> None:
    with pytest.raises(GamingDayError, match=said):
        GamingDay(zone, hour)


def play_across_the_spring_change(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[Api, ScriptedRng]:
    """The two Sic Bo rounds of test_hold_report, ending at 09:30 and 10:30 UTC on
    2026-03-08 (the ledger's clock, which stamps the events, set to those moments)."""
    scripted, clock = ScriptedRng(), Clock()
    clock.now = at("2026-03-08 09:30")
    monkeypatch.setattr(commands, "now", clock)
    api = Api(db_url, rng=scripted, clock=clock)
    api.table("sb", SIC_BO)
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "sb")
    for spot in ("total:10", "small"):
        assert api.wager(ann, 1, spot, 1_000, table_id="sb").status_code == 200
    scripted.dice(2, 3, 5)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    clock.now = at("2026-03-08 10:30")
    assert api.wager(ann, 1, "big", 1_000, table_id="sb").status_code == 200
    scripted.dice(1, 1, 1)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    return api, scripted


def test_setting_the_gaming_day_recomputes_the_days(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 1 ($10 total:10 and $10 small, dice 2-3-5: the table pays $70) ends at 09:30
    UTC on 2026-03-08, 05:30 EDT: gaming day 2026-03-07. Round 2 ($10 big, dice 1-1-1:
    the table wins $10) ends at 10:30 UTC, 06:30 EDT: gaming day 2026-03-08. As UTC
    dates both are 2026-03-08."""
    api, _ = play_across_the_spring_change(db_url, monkeypatch)
    engine = api.engine

    def days(*args: str) -> list[tuple[str, int, int, int]]:
        result = CliRunner().invoke(
            cli, ["report", "hold", "--db", db_url, "--json", "--table", "sb", *args]
        )
        assert result.exit_code == 0, result.output
        rows = json.loads(result.stdout)["rows"]
        return [(r["day"], r["rounds"], r["drop"], r["win"]) for r in rows if r["level"] == "table"]

    assert days("--rebuild") == [("2026-03-08", 2, 3_000, -6_000)]
    pit = ["--gaming-day-zone", "America/New_York", "--gaming-day-start", "6"]
    assert days(*pit) == [("2026-03-07", 1, 2_000, -7_000), ("2026-03-08", 1, 1_000, 1_000)]
    with Session(engine) as session:
        assert gaming_day_of(session) == PIT
    assert days() == [("2026-03-07", 1, 2_000, -7_000), ("2026-03-08", 1, 1_000, 1_000)]
    assert days("--rebuild") == days()
    # A refused setting changes nothing.
    result = CliRunner().invoke(cli, ["report", "hold", "--db", db_url, "--gaming-day-start", "24"])
    assert result.exit_code == 2 and "whole hour from 0 to 23, not 24" in result.output
    with Session(engine) as session:
        assert gaming_day_of(session) == PIT
    assert days() == [("2026-03-07", 1, 2_000, -7_000), ("2026-03-08", 1, 1_000, 1_000)]
    api.close()


def test_a_round_that_ends_is_recorded_on_the_gaming_day_set(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rounds end at 09:30 and 10:30 UTC on 2026-03-08; in Etc/GMT-14 (UTC+14 all
    year) from midnight those are 23:30 on the 8th and 00:30 on the 9th: the round is
    recorded on the day set when it ends, with no rebuild."""
    probe = Api(db_url)
    with Session(probe.engine) as session:
        set_gaming_day(session, GamingDay("Etc/GMT-14", 0))
        session.commit()
    probe.close()
    api, _ = play_across_the_spring_change(db_url, monkeypatch)
    with Session(api.engine) as session:
        recorded = session.execute(
            select(HoldDay.day, HoldDay.rounds).where(HoldDay.wager == "")
        ).all()
    assert sorted(recorded) == [("2026-03-08", 1), ("2026-03-09", 1)]
    api.close()


def test_a_server_whose_host_cannot_read_the_zone_set_does_not_start(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """A zone kept in the database that this host's time-zone database lacks (written
    here directly, as a CLI on another host could) stops the server at its start, naming
    the zone, rather than failing every command that ends a round."""
    url = migrated_sqlite("floor.sqlite")
    Api(url).close()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO gaming_day (id, zone, start_hour) VALUES (1, 'Mars/Olympus', 6)")
        )
    engine.dispose()
    with pytest.raises(GamingDayError, match="'Mars/Olympus' is not a time zone of the IANA"):
        create_app(url)
