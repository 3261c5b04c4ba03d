"""Time the hold report (``croupier report hold``) over a million rounds, on SQLite and on
PostgreSQL.

The rounds are real: a few hundred High Roll Dice and Sic Bo rounds played by the engine
(seeded dice, wagers from ``legal_commands``), each counted by the ledger's own
``croupier.ledger.hold.round_hold``, then dealt out over 40 tables and 90 gaming days
until a million rounds are counted; their totals are written to ``hold_days`` as the
rounds' own upserts would leave them (summed: an upsert adds). Timed:

- the report itself (``croupier.reports.hold.hold_report``, best of three; the par
  sheets already kept);
- the baseline, in the same run and database: the same drop and win summed by table and
  day from one row a round (a million rows, ``GROUP BY``), the design the running totals
  replace;
- what a finished round costs the command path: ``record_round``'s statement, in the
  command's transaction (2,000 in one, per round).

    .venv/bin/python benchmarks/hold_report.py [--rounds N] [--only sqlite|postgresql]

PostgreSQL at 127.0.0.1:5432 (trust auth, database ``test``), in a schema of its own,
dropped afterwards.
"""

from __future__ import annotations

import argparse
import random
import secrets
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Round
from croupier.ledger import repository as repo
from croupier.ledger.db import make_engine, raw, upgrade
from croupier.ledger.hold import TOTAL, RoundHold, gaming_day, record_round, round_hold
from croupier.ledger.models import HoldDay
from croupier.registry import find, rules_from_data
from croupier.reports.hold import hold_report, par_figures
from croupier.rng import SeededRng

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TARGET_SECONDS = 5.0
GAMES = ("high-roll-dice", "sic-bo")
TABLES_PER_GAME = 20
DAYS = 90


def play(game: str, count: int, seed: int) -> list[Round[Any]]:
    """``count`` finished rounds of ``game``: two seats wager the least on random spots,
    the dealer closes the betting and the table takes its steps."""
    spec = find(game)
    rules = rules_from_data({"game": game})
    pick, rng = random.Random(seed), SeededRng(seed)
    rounds = []
    for number in range(count):
        round_ = spec.round_type.open(
            rules, table_id="T", round_id=f"R{number}", seats={1: "a", 2: "b"}, rng=rng
        )
        for seat in (1, 2):
            for _ in range(pick.randint(1, 3)):
                legal = [c for c in round_.legal_commands(seat) if c.command == "PlaceWager"]
                if not legal or not legal[0].spots:
                    break
                offer = legal[0]
                command = spec.round_type.command_adapter.validate_python(
                    {
                        "type": "PlaceWager",
                        "seat": seat,
                        "spot": pick.choice(offer.spots),
                        "amount": offer.min_amount,
                    }
                )
                round_.handle(command, seat)
        close = spec.round_type.command_adapter.validate_python({"type": "AnnounceNoMoreBets"})
        round_.handle(close, DEALER)
        spec.policy.run_dealer_steps(round_)
        assert round_.finished, f"{game} round {number} did not finish"
        rounds.append(round_)
    return rounds


@contextmanager
def database(kind: str) -> Iterator[Engine]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            engine = make_engine(f"sqlite:///{Path(folder) / 'hold.sqlite'}")
            upgrade(engine)
            yield engine
            engine.dispose()
        return
    schema = f"croupier_bench_{secrets.token_hex(4)}"
    admin = make_engine(POSTGRES)
    with admin.connect() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
        connection.commit()
    engine = make_engine(f"{POSTGRES}?options=-csearch_path%3D{schema}")
    try:
        upgrade(engine)
        yield engine
    finally:
        engine.dispose()
        with admin.connect() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            connection.commit()
        admin.dispose()


def fill(engine: Engine, samples: dict[str, list[Round[Any]]], rounds: int) -> list[dict[str, Any]]:
    """The tables, their par figures and a million rounds' totals; returns one row a
    round (table, day, drop, win) for the baseline."""
    holds: dict[str, list[tuple[str, RoundHold]]] = {
        game: [(r.opened.rules_sha256, round_hold(r)) for r in found]
        for game, found in samples.items()
    }
    tables = [(f"{game}-{i}", game) for game in GAMES for i in range(TABLES_PER_GAME)]
    first = date(2026, 1, 1)
    per_day = max(1, rounds // (len(tables) * DAYS))
    totals: dict[tuple[str, str, str, str], list[float]] = {}
    per_round: list[dict[str, Any]] = []
    with Session(engine) as session:
        for table_id, game in tables:
            repo.create_table(session, table_id, rules_from_data({"game": game}))
        for i in range(rounds):
            table_id, game = tables[i % len(tables)]
            day = (first + timedelta(days=(i // len(tables) // per_day) % DAYS)).isoformat()
            sha, hold = holds[game][i % len(holds[game])]
            total = totals.setdefault((table_id, day, sha, TOTAL), [0, 0, 0, 0.0, 0, 0])
            total[0] += 1
            total[4] += hold.drop
            total[5] += hold.win
            for wager, (count, handle, squares) in hold.wagers.items():
                row = totals.setdefault((table_id, day, sha, wager), [0, 0, 0, 0.0, 0, 0])
                row[1] += count
                row[2] += handle
                row[3] += squares
            per_round.append({"table_id": table_id, "day": day, "drop": hold.drop, "win": hold.win})
        session.execute(
            HoldDay.__table__.insert(),
            [
                dict(zip(("table_id", "day", "rules_sha256", "wager"), key, strict=True))
                | dict(
                    zip(
                        ("rounds", "stakes", "handle", "squares", "drop_amount", "win"),
                        v,
                        strict=True,
                    )
                )
                for key, v in totals.items()
            ],
        )
        for game in GAMES:
            par_figures(session, game, samples[game][0].opened.rules_sha256)
        session.commit()
    return per_round


def best(runs: int, action: Any) -> tuple[float, Any]:
    times, found = [], None
    for _ in range(runs):
        began = time.perf_counter()
        found = action()
        times.append(time.perf_counter() - began)
    return min(times), found


def measure(kind: str, samples: dict[str, list[Round[Any]]], rounds: int) -> None:
    with database(kind) as engine:
        began = time.perf_counter()
        per_round = fill(engine, samples, rounds)
        loaded = time.perf_counter() - began

        def report() -> Any:
            with Session(engine) as session:
                return hold_report(session, compute=False)

        seconds, rows = best(3, report)
        with engine.begin() as connection:
            connection.execute(
                text(
                    "CREATE TABLE bench_rounds (table_id VARCHAR(64), day VARCHAR(10), "
                    "drop_amount BIGINT, win BIGINT)"
                )
            )
            connection.execute(
                text("INSERT INTO bench_rounds VALUES (:table_id, :day, :drop, :win)"), per_round
            )

        def baseline() -> Any:
            with engine.connect() as connection:
                return connection.execute(
                    text(
                        "SELECT table_id, day, count(*), sum(drop_amount), sum(win) "
                        "FROM bench_rounds GROUP BY table_id, day"
                    )
                ).fetchall()

        base_seconds, grouped = best(3, baseline)
        ended = datetime.now(UTC)
        sample = samples[GAMES[1]][:2_000]
        with Session(engine) as session:
            repo.create_table(session, "write-cost", rules_from_data({"game": GAMES[1]}))
            session.commit()
        with Session(engine) as session:  # the statement's cost, the commit apart
            began = time.perf_counter()
            for round_ in sample:
                record_round(raw(session), "write-cost", round_, ended)
            per_write = (time.perf_counter() - began) / len(sample)
            session.commit()
        day_rows = sum(1 for r in rows if r.table_id is not None)
        verdict = "ok" if seconds < TARGET_SECONDS else "OVER TARGET"
        counted = sum(r.rounds for r in rows if r.table_id is not None)
        assert counted == rounds and len(grouped) == day_rows
        print(
            f"{kind:10s} report over {counted:,} rounds ({day_rows:,} table-days, "
            f"{len(rows):,} rows) in {seconds * 1000:8.1f} ms ({verdict}, target "
            f"{TARGET_SECONDS:.0f} s); baseline GROUP BY over one row a round "
            f"{base_seconds * 1000:8.1f} ms ({base_seconds / seconds:6.1f}x the report); "
            f"a finished round's record_round {per_write * 1e6:6.0f} us (its statement, "
            f"in the command's transaction) (loading took {loaded:.0f} s; day {gaming_day(ended)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--only", choices=("sqlite", "postgresql"), default=None)
    args = parser.parse_args()
    samples = {game: play(game, 400, seed) for seed, game in enumerate(GAMES)}
    for kind in ("sqlite", "postgresql"):
        if args.only in (None, kind):
            measure(kind, samples, args.rounds)


if __name__ == "__main__":
    main()
