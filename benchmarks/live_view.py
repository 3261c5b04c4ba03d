"""A viewer's view built from the database against built from memory (issue #33).

One High Roll Dice table with ``--seats`` players, a round open with a wager a seat; in
process, on a fresh SQLite file, or with ``--db postgresql`` a fresh schema of
``--postgres`` (dropped afterwards): the median and p90 over ``--times``
of ``service.view`` (what a socket read before: the database, one snapshot) and of
``live.view_of`` on the table kept in memory, plus ``live.advanced`` (applying one
command's notice: the round replayed from its events)::

    PYTHONPATH=src .venv/bin/python benchmarks/live_view.py [--db postgresql]
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from test_games import GameTable
from test_websocket import token

from croupier.ledger import repository as repo
from croupier.ledger.models import EventRow
from croupier.server import service
from croupier.server.live import LiveTable, advanced, loaded, view_of

SPOTS = ["pip_street:ace", "pip_street:two", "pip_street:three", "pip_street:four"]


def timed(work: Callable[[], Any], times: int) -> tuple[float, float]:
    """Median and p90 of ``work``'s wall time, in ms."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        spent.append((time.perf_counter() - start) * 1000)
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.9)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--times", type=int, default=200)
    args = parser.parse_args()
    if args.db == "sqlite":
        measure(f"sqlite:///{tempfile.mkdtemp()}/live.sqlite", args.seats, args.times)
        return
    schema = f"croupier_live_view_{secrets.token_hex(4)}"
    admin = create_engine(args.postgres)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        measure(f"{args.postgres}?options=-csearch_path%3D{schema}", args.seats, args.times)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def measure(url: str, seats: int, times: int) -> None:
    """Print the three timings at a fresh table at ``url``."""
    table = GameTable(url, "high-roll-dice", seats)
    for seat in table.players:
        table.send(seat, {"type": "PlaceWager", "seat": seat, "spot": SPOTS[0], "amount": 500})
    engine = table.api.engine
    with Session(engine) as session:
        someone = repo.player_by_token(session, token(table.players[1]))
        assert someone is not None
        kept = loaded(session, "t", None)
        balance = service.balance_of(session, someone.id)
        rows = session.scalars(select(EventRow).order_by(EventRow.seq)).all()
    assert kept.latest is not None
    last = rows[-1]
    notice = {
        "events": [
            [r.seq, r.round_id, r.index, r.body] for r in rows if r.round_id == last.round_id
        ],
        "round": [last.round_id, last.index + 1, "open"],
    }
    before = LiveTable("t", "high-roll-dice", notice["events"][0][0], kept.seats, kept.seal, None)

    def from_database() -> None:
        with Session(engine) as session:
            service.view(session, someone, "t", table.clock()).model_dump(mode="json")

    def from_memory() -> None:
        view_of(kept, someone, balance, [], table.clock()).model_dump(mode="json")

    def applying() -> None:
        assert advanced(before, notice) is not None

    print(f"{url.split(':')[0]}, {seats} seats, a round of {len(notice['events'])} events")
    for name, work in (("database", from_database), ("memory", from_memory), ("apply", applying)):
        p50, p90 = timed(work, times)
        print(f"  {name:<9} p50 {p50:.2f} ms, p90 {p90:.2f} ms")
    table.api.close()


if __name__ == "__main__":
    main()
