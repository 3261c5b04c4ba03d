"""The command path's prebuilt statements, on the DB-API connection
(:class:`croupier.ledger.db.Raw`): the command head's query, the chain head's and the
round's compare-and-sets, and the multi-row ``INSERT`` and ``UPDATE`` statements for
events, balances, postings and lines (on PostgreSQL all in one, :func:`_write_command`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

from croupier.ledger.db import Statement
from croupier.ledger.protection import GUARD_COLUMNS, totals_sql

# The command path's statements, on the DB-API connection (croupier.ledger.db.Raw).
_MOVE_HEAD = Statement.of(
    "UPDATE tables SET event_count = :count, head_hash = :head, "
    "posting_count = :posting_count, posting_head = :posting_head "
    "WHERE id = :id AND event_count = :old"
)
_MOVE_ROUND = Statement.of(
    "UPDATE rounds SET version = :version, status = :status WHERE id = :id AND version = :old"
)
_BALANCE = Statement.of("SELECT kind, balance FROM accounts WHERE id = :id")
_INSERT_ROUND = Statement.of(
    "INSERT INTO rounds (id, table_id, number, version, status, opened_at) "
    "VALUES (:id, :table_id, :number, :version, :status, :opened_at)"
)
_EVENT_COLUMNS = (
    "table_id",
    "seq",
    "round_id",
    "index",
    "type",
    "body",
    "sealed",
    "salts",
    "prev_hash",
    "hash",
)


def _rows(count: int, columns: Sequence[str], casts: dict[str, str] | None = None) -> str:
    """``VALUES`` rows of named parameters ``:column0, ...`` (cast where ``casts`` says, so
    that PostgreSQL knows a bare parameter's type)."""
    casts = casts or {}

    def one(i: int) -> str:
        return ", ".join(
            f"CAST(:{c}{i} AS {casts[c]})" if c in casts else f":{c}{i}" for c in columns
        )

    return ", ".join(f"({one(i)})" for i in range(count))


def _numbered(rows: Sequence[dict[str, Any]], prefix: str = "") -> dict[str, Any]:
    """The parameters of :func:`_rows`: row ``i``'s ``column`` as ``{prefix}column{i}``.
    Every row has the first row's columns in its order, as :func:`_rows` writes them (the
    names are made once for each columns and count, :func:`_names`)."""
    if not rows:
        return {}
    names = _names(prefix, tuple(rows[0]), len(rows))
    return dict(zip(names, chain.from_iterable(row.values() for row in rows), strict=True))


def _numbered_attributes(rows: Sequence[Any], columns: tuple[str, ...]) -> dict[str, Any]:
    """:func:`_numbered` of objects' attributes ``columns``, without a dict a row."""
    values = chain.from_iterable(map(attrgetter(*columns), rows))
    return dict(zip(_names("", columns, len(rows)), values, strict=True))


@functools.lru_cache(maxsize=1024)
def _names(prefix: str, columns: tuple[str, ...], count: int) -> tuple[str, ...]:
    """The parameter names of :func:`_numbered`'s ``count`` rows, row by row."""
    return tuple(f"{prefix}{column}{i}" for i in range(count) for column in columns)


@functools.lru_cache(maxsize=64)
def _insert_events(count: int) -> Statement:
    """``count`` events in one ``INSERT`` (one round trip, where ``executemany`` costs
    more)."""
    columns = ", ".join(f'"{c}"' if c == "index" else c for c in _EVENT_COLUMNS)
    rows = ", ".join(
        "(" + ", ".join(f":{c}{i}" for c in _EVENT_COLUMNS) + ", :created_at)" for i in range(count)
    )
    return Statement.of(f"INSERT INTO events ({columns}, created_at) VALUES {rows}")


@functools.lru_cache(maxsize=64)
def _move_balances(count: int) -> Statement:
    """``count`` accounts' balances moved in one ``UPDATE``, returning each moved account's
    id, new balance and count of moves (raised by one: ``accounts.moves``); an account
    where a wallet or escrow would go below zero is not moved (and not returned)."""
    values = _rows(count, ("id", "amount"), {"id": "INTEGER", "amount": "BIGINT"})
    return Statement.of(
        "UPDATE accounts SET balance = accounts.balance + v.column2, moves = accounts.moves + 1 "
        f"FROM (VALUES {values}) AS v WHERE accounts.id = v.column1 "
        "AND (accounts.kind NOT IN ('wallet', 'escrow') OR accounts.balance + v.column2 >= 0) "
        "RETURNING accounts.id, accounts.balance, accounts.moves"
    )


@functools.lru_cache(maxsize=64)
def _insert_lines(count: int) -> Statement:
    values = _rows(count, ("posting_id", "account_id", "amount"))
    return Statement.of(
        f"INSERT INTO posting_lines (posting_id, account_id, amount) VALUES {values}"
    )


@functools.lru_cache(maxsize=64)
def _insert_postings(count: int) -> Statement:
    """``count`` postings of one round in one ``INSERT``, each with its place in the
    table's posting chain (``prev_hash``, ``hash``), returning each id with its event
    index and kind (together unique in a command's postings), so that no order of the
    returned rows is assumed."""
    rows = ", ".join(
        f"(:kind{i}, :table_id, :round_id, :event_index{i}, :cite{i}, :created_at, "
        f":posting_prev{i}, :posting_hash{i})"
        for i in range(count)
    )
    return Statement.of(
        "INSERT INTO postings (kind, table_id, round_id, event_index, cite, created_at, "
        f"prev_hash, hash) VALUES {rows} RETURNING id, event_index, kind"
    )


@functools.lru_cache(maxsize=512)
def _write_command(
    events: int, *, new_round: bool, moves: int, postings: int, lines: int, totals: int = 0
) -> Statement:
    """PostgreSQL: everything a command writes, in one statement (one round trip; a data-
    modifying ``WITH``): the chain head's compare-and-set; the round's (an ``INSERT`` when
    new, else a compare-and-set on its version); ``events`` events; ``moves`` balances
    (:func:`_move_balances`); ``postings`` postings and their ``lines`` lines, each line
    joined to its posting by (event index, kind); ``totals`` players' running totals
    (:func:`croupier.ledger.protection.totals_sql`). Returns one row per balance moved (at
    least one row): how many table rows, round rows and lines it wrote, and the account's
    id, new balance and count of moves (``NULL`` where none moved). Table rows or round
    rows other than 1 mean the command is stale; fewer balances than ``moves``, that a
    guard refused."""
    if new_round:
        round_ = (
            "INSERT INTO rounds (id, table_id, number, version, status, opened_at) "
            "VALUES (:round_id, :id, :number, :version, :status, :created_at)"
        )
    else:
        round_ = (
            "UPDATE rounds SET version = :version, status = :status "
            "WHERE id = :round_id AND version = :round_old"
        )
    parts = [
        f"h AS ({_MOVE_HEAD.sqlite} RETURNING 1)",
        f"r AS ({round_} RETURNING 1)",
        f"e AS ({_insert_events(events).sqlite} RETURNING 1)",
    ]
    counted = "0"
    if totals:
        parts.append(f"u AS ({totals_sql(totals)} RETURNING 1)")
    if moves:
        parts.append(f"b AS ({_move_balances(moves).sqlite})")
    if postings:
        values = _rows(
            lines,
            ("line_event_index", "line_kind", "line_account_id", "line_amount"),
            {
                "line_event_index": "INTEGER",
                "line_kind": "VARCHAR",
                "line_account_id": "INTEGER",
                "line_amount": "BIGINT",
            },
        )
        parts += [
            f"p AS ({_insert_postings(postings).sqlite})",
            "l AS (INSERT INTO posting_lines (posting_id, account_id, amount) "
            f"SELECT p.id, v.column3, v.column4 FROM p JOIN (VALUES {values}) AS v "
            "ON p.event_index = v.column1 AND p.kind = v.column2 RETURNING 1)",
        ]
        counted = "(SELECT count(*) FROM l)"
    counts = f"SELECT (SELECT count(*) FROM h) AS h, (SELECT count(*) FROM r) AS r, {counted} AS l"
    balances = (
        "LEFT JOIN b ON true" if moves else "LEFT JOIN (SELECT NULL, NULL, NULL) AS b ON false"
    )
    return Statement.of(f"WITH {', '.join(parts)} SELECT c.*, b.* FROM ({counts}) AS c {balances}")


def _head_sql(aggregate: str) -> str:
    """The command head's query; ``aggregate`` is the dialect's string aggregate."""
    return (
        "SELECT t.game, t.event_count, t.head_hash, t.posting_count, t.posting_head, "
        "(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.player_id = :player), "
        "r.id, r.version, "
        "CASE WHEN r.deadline IS NOT NULL AND r.deadline <= :now THEN 1 ELSE 0 END, "
        "r.deadline, r.deadline_kind, "
        # What opening the next round needs, read only when none is open:
        "CASE WHEN r.id IS NULL THEN "
        "(SELECT max(x.number) FROM rounds x WHERE x.table_id = t.id) END, "
        f"CASE WHEN r.id IS NULL THEN (SELECT {aggregate}(s.seat || '=' || s.player_id, ',') "
        "FROM seats s WHERE s.table_id = t.id) END, "
        "k.request_sha256, k.status_code, k.response_json, "
        # The gaming day and the caller's limits and totals (croupier.ledger.protection):
        "(SELECT g.zone || '|' || g.start_hour FROM gaming_day g WHERE g.id = 1), "
        # The version of the table's cached Rules Submissions in force
        # (croupier.ledger.versions.in_force): its count of workflow steps.
        "(SELECT count(*) FROM rules_version_states v WHERE v.table_id = t.id), "
        + ", ".join(f"p.{column}" for column in GUARD_COLUMNS)
        + " FROM tables t LEFT JOIN rounds r ON r.table_id = t.id AND r.status = 'open' "
        "LEFT JOIN idempotency_keys k ON k.player_id = :player AND k.key = :key "
        "LEFT JOIN player_protection p ON p.player_id = :player "
        "WHERE t.id = :table"
    )


_HEAD = Statement(
    Statement.of(_head_sql("group_concat")).sqlite,
    # PostgreSQL: the table's row locked in the same statement, so that commands at one
    # table queue instead of racing (SQLite's BEGIN IMMEDIATE already serializes writers).
    Statement.of(_head_sql("string_agg") + " FOR UPDATE OF t").postgresql,
)
