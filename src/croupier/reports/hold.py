"""The hold report: per table, game and gaming day, what the tables held against what the
par sheets say they should (``croupier report hold``, ``GET /reports/hold``).

For each table and day (and each game and day, the tables summed):

- **rounds**, **drop** (the stakes put in action, cents) and **win** (what the tables'
  inventories gained, cents), from the ledger's running totals
  (:mod:`croupier.ledger.hold`);
- **hold** = win / drop;
- **handle** per par-sheet wager, and the **theoretical win**: the sum over the wagers of
  the house edge of the par sheet of the Rules Submission each round was played under
  (by its sha256) times that wager's handle;
- the **standard deviation** of the win, ``sqrt(sum over wagers of sd^2 x the sum of the
  stakes' squares)`` (each wager's net being its stake times the par sheet's per-unit
  result, the wagers taken as independent), and the **difference in standard
  deviations**, (win - theoretical) / standard deviation.

The par sheets are the games' exact analyses (``GameSpec.analysis``), computed once per
Rules Submission and kept in ``par_figures`` (a Criss-Cross Poker sheet takes a minute or
two the first time). A wager the par sheet does not name, or a game with no analysis,
has no theoretical win; the row lists what is missing.
"""

from __future__ import annotations

import csv
import html
import importlib
import io
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.identity import identity
from croupier.ledger.hold import TOTAL
from croupier.ledger.models import GameTable, HoldDay, ParFigure, RulesVersion
from croupier.money import format_cents
from croupier.registry import find
from croupier.rules.base import STORED, RulesSubmission

Figures = dict[str, tuple[Fraction, float]]
"""Par-sheet wager -> (house edge, standard deviation per unit staked)."""


@dataclass
class HoldRow:
    """One row of the report: a table's day (``table_id`` set) or a game's day (``None``).
    Amounts in cents; ``theoretical`` and ``std_dev`` are ``None`` where no par figure
    covers the handle."""

    game: str
    day: str
    table_id: str | None
    rounds: int = 0
    drop: int = 0
    win: int = 0
    handle: dict[str, int] = field(default_factory=dict)
    theoretical: float | None = 0.0
    variance: float = 0.0
    missing: set[str] = field(default_factory=set)
    rules: set[str] = field(default_factory=set)

    @property
    def hold(self) -> float | None:
        """Win / drop (0.05 is 5%), ``None`` with no drop."""
        return self.win / self.drop if self.drop else None

    @property
    def std_dev(self) -> float | None:
        return math.sqrt(self.variance) if self.theoretical is not None else None

    @property
    def deviations(self) -> float | None:
        """(win - theoretical) / standard deviation; ``None`` where either is missing or
        the standard deviation is zero."""
        sd = self.std_dev
        if self.theoretical is None or not sd:
            return None
        return (self.win - self.theoretical) / sd

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": "table" if self.table_id is not None else "game",
            "table_id": self.table_id,
            "game": self.game,
            "day": self.day,
            "rounds": self.rounds,
            "drop": self.drop,
            "win": self.win,
            "hold": self.hold,
            "handle": dict(sorted(self.handle.items())),
            "theoretical_win": self.theoretical,
            "std_dev": self.std_dev,
            "deviations": self.deviations,
            "rules_sha256": sorted(self.rules),
            "missing_par_figures": sorted(self.missing),
        }


# --- par figures ---------------------------------------------------------------------------
def _rules_for(session: Session, game: str, sha256: str) -> RulesSubmission | None:
    text = session.execute(
        select(RulesVersion.rules_json).where(RulesVersion.rules_sha256 == sha256).limit(1)
    ).scalar()
    if text is None:
        text = session.execute(
            select(GameTable.rules_json).where(GameTable.rules_sha256 == sha256).limit(1)
        ).scalar()
    if text is None:
        return None
    return find(game).rules_type.model_validate_json(text, context=STORED)


def par_figures(session: Session, sha256: str) -> Figures | None:
    """The par figures kept for the Rules Submission ``sha256`` (computed by
    :func:`prepare_par_figures`), or ``None`` where none are kept."""
    kept = session.execute(select(ParFigure).where(ParFigure.rules_sha256 == sha256)).scalars()
    found = {f.wager: (Fraction(f.house_edge), f.std_dev) for f in kept}
    return found or None


def _missing_sheets(
    session: Session, table_id: str | None, since: date | None
) -> list[tuple[str, str, RulesSubmission]]:
    """(game, sha256, submission) of each Rules Submission in the report's totals whose
    par figures are not kept and whose game has an exact analysis."""
    query = (
        select(GameTable.game, HoldDay.rules_sha256)
        .join(GameTable, GameTable.id == HoldDay.table_id)
        .where(HoldDay.wager != TOTAL)  # a par sheet only where a wager has handle
    )
    if table_id is not None:
        query = query.where(HoldDay.table_id == table_id)
    if since is not None:
        query = query.where(HoldDay.day >= since.isoformat())
    kept = set(session.execute(select(ParFigure.rules_sha256).distinct()).scalars())
    missing = []
    for game, sha in sorted(set(session.execute(query.distinct()).tuples())):
        if sha in kept or find(game).analysis is None:
            continue
        rules = _rules_for(session, game, sha)
        if rules is not None:
            missing.append((game, sha, rules))
    return missing


def prepare_par_figures(
    session: Session,
    *,
    table_id: str | None = None,
    since: date | None = None,
    computing: Callable[[str], None] | None = None,
) -> int:
    """Compute and keep the par figures the report of ``table_id`` / ``since`` needs and
    has not kept, **holding no database connection while computing** (a Criss-Cross
    Poker sheet takes a minute or two, and a SQLite server has one connection, which its
    tables need): the submissions are read, the session's transaction committed (so the
    connection goes back to the pool), each sheet computed by the game's exact analysis,
    then the figures kept in a transaction of their own (a report that kept them first
    meanwhile wins). Returns the sheets computed. ``computing(game)`` is called before
    each."""
    missing = _missing_sheets(session, table_id, since)
    session.commit()
    if not missing:
        return 0
    sheets = []
    for game, sha, rules in missing:
        if computing is not None:
            computing(game)
        spec = find(game)
        assert spec.analysis is not None
        sheets.append((sha, importlib.import_module(spec.analysis).par_sheet(rules)))
    try:
        for sha, sheet in sheets:
            for wager in sheet.wagers:
                session.merge(
                    ParFigure(
                        rules_sha256=sha,
                        wager=wager.wager,
                        house_edge=f"{wager.house_edge.numerator}/{wager.house_edge.denominator}",
                        std_dev=wager.std_dev,
                    )
                )
        session.commit()
    except IntegrityError:  # another report kept them meanwhile: the same figures
        session.rollback()
    return len(sheets)


# --- the report ----------------------------------------------------------------------------
def hold_report(
    session: Session,
    *,
    table_id: str | None = None,
    since: date | None = None,
    compute: bool = True,
    computing: Callable[[str], None] | None = None,
) -> list[HoldRow]:
    """The report's rows: each table's days, then each game's days (tables summed), by
    day then table. ``since``: from that gaming day on. With ``compute``, the par sheets
    not kept are computed first by :func:`prepare_par_figures`, which commits the
    session's transaction and holds no connection while it computes."""
    if compute:
        prepare_par_figures(session, table_id=table_id, since=since, computing=computing)
    games_of: dict[str, str] = {}
    for table_id_, game_ in session.execute(select(GameTable.id, GameTable.game)):
        games_of[table_id_] = game_
    columns = (
        HoldDay.table_id,
        HoldDay.day,
        HoldDay.rules_sha256,
        HoldDay.wager,
        HoldDay.rounds,
        HoldDay.handle,
        HoldDay.squares,
        HoldDay.drop_amount,
        HoldDay.win,
    )
    query = select(*columns)  # one row a key already: no grouping in the database
    if table_id is not None:
        query = query.where(HoldDay.table_id == table_id)
    if since is not None:
        query = query.where(HoldDay.day >= since.isoformat())
    tables: dict[tuple[str, str], HoldRow] = {}
    games: dict[tuple[str, str], HoldRow] = {}
    sheets: dict[str, dict[str, tuple[float, float]] | None] = {}
    for table, day, sha, wager, rounds, handle, squares, drop, win in session.execute(query):
        game = games_of[table]
        rows = (
            tables.get((day, table)) or tables.setdefault((day, table), HoldRow(game, day, table)),
            games.get((day, game)) or games.setdefault((day, game), HoldRow(game, day, None)),
        )
        if wager == TOTAL:
            for row in rows:
                row.rounds += rounds
                row.drop += drop
                row.win += win
                row.rules.add(sha)
            continue
        if sha not in sheets:
            found = par_figures(session, sha)
            sheets[sha] = (
                None
                if found is None
                else {w: (float(edge), sd * sd) for w, (edge, sd) in found.items()}
            )
        figures = sheets[sha]
        figure = None if figures is None else figures.get(wager)
        for row in rows:
            row.handle[wager] = row.handle.get(wager, 0) + handle
            if figure is None:
                row.missing.add(wager)
                row.theoretical = None
            elif row.theoretical is not None:
                row.theoretical += figure[0] * handle
                row.variance += figure[1] * squares
    ordered = sorted(tables.values(), key=lambda r: (r.day, r.table_id or ""))
    return ordered + sorted(games.values(), key=lambda r: (r.day, r.game))


# --- formats -------------------------------------------------------------------------------
def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.2%}"


def _cents(value: float | None) -> str:
    return "" if value is None else format_cents(round(value))


def _sd(value: float | None) -> str:
    return "" if value is None else f"{value:+.2f}"


HEADINGS = (
    "Level",
    "Table",
    "Game",
    "Day",
    "Rounds",
    "Drop",
    "Win",
    "Hold",
    "Theoretical win",
    "Std dev",
    "Difference (sd)",
    "Missing par figures",
)


def text_cells(row: HoldRow) -> list[str]:
    """A row as the text of :data:`HEADINGS` (amounts in dollars)."""
    return [
        "table" if row.table_id else "game",
        row.table_id or "",
        row.game,
        row.day,
        f"{row.rounds:,}",
        format_cents(row.drop),
        format_cents(row.win),
        _percent(row.hold),
        _cents(row.theoretical),
        _cents(row.std_dev),
        _sd(row.deviations),
        ", ".join(sorted(row.missing)),
    ]


def to_json(rows: Iterable[HoldRow]) -> str:
    """``{"software": the croupier that made it (croupier.identity), "rows": [...]}``, the
    shape of ``GET /reports/hold``."""
    data = {"software": identity().to_dict(), "rows": [row.to_dict() for row in rows]}
    return json.dumps(data, indent=2)


def to_csv(rows: Iterable[HoldRow]) -> str:
    """One line a row; amounts in cents, hold a fraction, the handle as ``wager=cents``;
    the last column names the croupier that made the report (croupier.identity)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "level",
            "table_id",
            "game",
            "day",
            "rounds",
            "drop_cents",
            "win_cents",
            "hold",
            "theoretical_win_cents",
            "std_dev_cents",
            "deviations",
            "handle",
            "missing_par_figures",
            "software",
        ]
    )
    software = identity().text()
    for row in rows:
        data = row.to_dict()
        writer.writerow(
            [
                data["level"],
                row.table_id or "",
                row.game,
                row.day,
                row.rounds,
                row.drop,
                row.win,
                "" if row.hold is None else f"{row.hold:.6f}",
                "" if row.theoretical is None else f"{row.theoretical:.2f}",
                "" if row.std_dev is None else f"{row.std_dev:.2f}",
                "" if row.deviations is None else f"{row.deviations:.4f}",
                " ".join(f"{w}={c}" for w, c in sorted(row.handle.items())),
                " ".join(sorted(row.missing)),
                software,
            ]
        )
    return out.getvalue()


def to_html(rows: Iterable[HoldRow]) -> str:
    """One self-contained HTML page with the report's table."""
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in text_cells(row)) + "</tr>"
        for row in rows
    )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADINGS)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Hold report'
        "</title><style>body{font-family:system-ui,sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.25em .6em}"
        "td:nth-child(n+5){text-align:right}</style></head><body><h1>Hold report</h1>"
        "<p>Drop: the stakes put in action; win: what the table's inventory gained; hold: "
        "win / drop; theoretical win: each par-sheet wager's handle times its house edge "
        "under the Rules Submission the rounds were played under; difference: (win - "
        "theoretical) in standard deviations of the win. Gaming day: the UTC date a round "
        f"ended.</p><table><tr>{head}</tr>{body}</table>"
        f"<p>Made by {html.escape(identity().text())}.</p></body></html>\n"
    )
