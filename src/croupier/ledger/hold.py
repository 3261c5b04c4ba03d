"""The hold report's running totals (``hold_days``), kept as rounds end.

When a command ends a round (completed or voided), :func:`record_round` adds the round to
its table's totals for the gaming day it ended in (the casino's gaming day as set in the
database, :mod:`croupier.ledger.gaming_day`; the UTC date where none is set) and the
Rules Submission it was played under (its ``RoundOpened`` sha256), in the command's
transaction, with one ``INSERT ... ON CONFLICT DO UPDATE`` (SQLite and PostgreSQL alike):

- the row with ``wager`` empty: one more round, its **drop** (the stakes it put in
  action, ``TablePolicy.drop``) and its **win** (what the table's inventory gained by the
  round's money moves, ``croupier.game.event_moves``: the same moves as its postings);
- one row per wager of the game's par sheet (``TablePolicy.par_wagers``): how many such
  wagers, their handle and the sum of their squares (for the standard deviation of the
  win, each wager's net being its stake times the par sheet's per-unit result).

So a hold report reads a few rows a table and day whatever the rounds. Rounds that ended
before the totals were kept are added by :func:`rebuild`, which recomputes every table's
totals from the stored events.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from croupier.engine import Round, RoundOpened
from croupier.game import INVENTORY, event_moves
from croupier.ledger.db import Raw, Statement
from croupier.ledger.gaming_day import GamingDay, gaming_day_of, read_gaming_day
from croupier.ledger.models import HOLD_TOTAL, HoldDay, RoundRow
from croupier.money import Cents
from croupier.registry import spec_of

TOTAL = HOLD_TOTAL
"""The ``wager`` of a table-day's row of rounds, drop and win."""


@dataclass
class RoundHold:
    """What one finished round adds to its table's totals."""

    drop: Cents
    win: Cents
    wagers: dict[str, tuple[int, Cents, int]] = field(default_factory=dict)
    """Par-sheet wager -> (how many, handle in cents, sum of the stakes' squares in cents^2)."""


def round_hold(round_: Round[Any]) -> RoundHold:
    """The drop, win and par-sheet wagers of the finished ``round_``."""
    policy = spec_of(round_).policy
    events = round_.events
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    win = 0
    for index in range(len(events)):
        for (kind, _owner), amount in event_moves(policy, events, index, opened.seats):
            if kind == INVENTORY:
                win += amount
    wagers: dict[str, tuple[int, Cents, int]] = {}
    for wager, stake in policy.par_wagers(round_):
        count, handle, squares = wagers.get(wager, (0, 0, 0))
        wagers[wager] = (count + 1, handle + stake, squares + stake * stake)
    return RoundHold(policy.drop(round_), win, wagers)


_COLUMNS = (
    "table_id",
    "day",
    "rules_sha256",
    "wager",
    "rounds",
    "stakes",
    "handle",
    "squares",
    "drop_amount",
    "win",
)
_ADDED = ("rounds", "stakes", "handle", "squares", "drop_amount", "win")


@functools.lru_cache(maxsize=64)
def _upsert(count: int) -> Statement:
    """``count`` rows added to ``hold_days`` in one statement."""
    rows = ", ".join("(" + ", ".join(f":{c}{i}" for c in _COLUMNS) + ")" for i in range(count))
    added = ", ".join(f"{c} = hold_days.{c} + excluded.{c}" for c in _ADDED)
    return Statement.of(
        f"INSERT INTO hold_days ({', '.join(_COLUMNS)}) VALUES {rows} "
        f"ON CONFLICT (table_id, day, rules_sha256, wager) DO UPDATE SET {added}"
    )


def _rows(table_id: str, day: str, sha256: str, hold: RoundHold) -> list[dict[str, Any]]:
    base = {"table_id": table_id, "day": day, "rules_sha256": sha256}
    rows = [
        base
        | {"wager": TOTAL, "rounds": 1, "stakes": 0, "handle": 0, "squares": 0}
        | {"drop_amount": hold.drop, "win": hold.win}
    ]
    for wager, (count, handle, squares) in sorted(hold.wagers.items()):
        rows.append(
            base
            | {"wager": wager, "rounds": 0, "stakes": count, "handle": handle}
            | {"squares": squares, "drop_amount": 0, "win": 0}
        )
    return rows


def record_round(
    db: Raw, table_id: str, round_: Round[Any], ended: datetime, days: GamingDay | None = None
) -> None:
    """Add the finished ``round_`` to ``table_id``'s totals for the gaming day it
    ``ended`` in, by ``days`` (the setting as the command's transaction read it with its
    head, :class:`croupier.ledger.commands.CommandHead`; ``None``: read here)."""
    hold = round_hold(round_)
    day = (read_gaming_day(db) if days is None else days).day_of(ended)
    rows = _rows(table_id, day, round_.opened.rules_sha256, hold)
    params = {f"{key}{i}": value for i, row in enumerate(rows) for key, value in row.items()}
    db.execute(_upsert(len(rows)), params)


def rebuild(session: Session, table_id: str | None = None) -> int:
    """Recompute the totals of ``table_id`` (or every table) from the stored rounds that
    ended, replayed from their events; returns how many rounds were counted. Each round
    counts on the gaming day (as set in the database) of its last event."""
    from croupier.ledger.chain import load_round  # the chain replays the stored rounds

    query = select(RoundRow.id, RoundRow.table_id).where(RoundRow.status != "open")
    wipe = delete(HoldDay)
    if table_id is not None:
        query = query.where(RoundRow.table_id == table_id)
        wipe = wipe.where(HoldDay.table_id == table_id)
    session.execute(wipe)
    counted = 0
    days = gaming_day_of(session)
    totals: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for round_id, table in session.execute(query.order_by(RoundRow.table_id, RoundRow.number)):
        _row, round_ = load_round(session, round_id)
        ended = round_ended_at(session, round_id)
        hold = round_hold(round_)
        for row in _rows(table, days.day_of(ended), round_.opened.rules_sha256, hold):
            key = (row["table_id"], row["day"], row["rules_sha256"], row["wager"])
            held = totals.setdefault(
                key, {c: row[c] for c in _COLUMNS[:4]} | dict.fromkeys(_ADDED, 0)
            )
            for column in _ADDED:
                held[column] += row[column]
        counted += 1
    session.add_all(HoldDay(**values) for values in totals.values())
    session.flush()
    return counted


def round_ended_at(session: Session, round_id: str) -> datetime:
    """When round ``round_id`` ended: the time its last event was stored (UTC)."""
    from croupier.ledger.models import EventRow

    found = session.execute(
        select(EventRow.created_at)
        .where(EventRow.round_id == round_id)
        .order_by(EventRow.index.desc())
        .limit(1)
    ).scalar_one()
    assert isinstance(found, datetime)
    return found
