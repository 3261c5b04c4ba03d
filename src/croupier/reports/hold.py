"""The hold report: per table, game and gaming day, what the tables held against what the
par sheets say they should (``croupier report hold``, ``GET /reports/hold``).

For each table and gaming day (:mod:`croupier.ledger.gaming_day`: the casino's time zone
and start hour), then summed: each game's day, every table's day, each game over all the
report's days, and everything:

- **rounds**, **drop** (the stakes put in action, cents) and **win** (what the tables'
  inventories gained, cents), from the ledger's running totals
  (:mod:`croupier.ledger.hold`);
- **hold** = win / drop;
- **handle** per par-sheet wager, and the **theoretical win**: the sum over the wagers of
  the house edge of the par sheet of the Rules Submission each round was played under
  (by its sha256) times that wager's handle; the **theoretical hold** = theoretical win /
  drop;
- the **strategies** the theoretical win assumes: for each wager with decisions, the
  par sheet's strategy (the optimal or basic strategy, or the house way), so that a table
  of players who decide otherwise is seen to hold above it for that reason;
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
from croupier.ledger.gaming_day import UTC_DAY, GamingDay
from croupier.ledger.hold import TOTAL
from croupier.ledger.models import GameTable, HoldDay, ParFigure, RulesVersion
from croupier.money import format_cents
from croupier.registry import find
from croupier.rules.base import STORED, RulesSubmission

Figures = dict[str, tuple[Fraction, float, str | None]]
"""Par-sheet wager -> (house edge, standard deviation per unit staked, the strategy the
figures assume or ``None`` for a wager with no decisions)."""

LEVELS = {
    "table": "table",
    "game": "game",
    "day": "all games",
    "game_total": "game, all days",
    "total": "all games, all days",
}
"""A row's ``level`` -> the words the text and HTML reports show."""

ASSUMES = (
    "The theoretical win assumes the strategy the par sheet names for each wager with "
    "decisions (the Strategy column): a player who decides otherwise gives up more, so "
    "a table of such players holds above its theoretical win."
)


@dataclass
class HoldRow:
    """One row of the report, by :attr:`level`: a table's gaming day (``table_id``,
    ``game`` and ``day`` set), a game's day (``table_id`` ``None``), every table's day
    (``game`` ``None`` too), a game over all the report's days (``day`` ``None``), or
    everything (all three ``None``). Amounts in cents; ``theoretical`` and ``std_dev``
    are ``None`` where no par figure covers the handle. ``strategies``: (game, par-sheet
    wager, the strategy its figures assume) of each wager with decisions."""

    game: str | None
    day: str | None
    table_id: str | None
    rounds: int = 0
    drop: int = 0
    win: int = 0
    handle: dict[str, int] = field(default_factory=dict)
    theoretical: float | None = 0.0
    variance: float = 0.0
    missing: set[str] = field(default_factory=set)
    rules: set[str] = field(default_factory=set)
    strategies: set[tuple[str, str, str]] = field(default_factory=set)

    @property
    def level(self) -> str:
        """``table``, ``game``, ``day``, ``game_total`` or ``total`` (:data:`LEVELS`)."""
        if self.table_id is not None:
            return "table"
        if self.game is not None:
            return "game" if self.day is not None else "game_total"
        return "day" if self.day is not None else "total"

    @property
    def hold(self) -> float | None:
        """Win / drop (0.05 is 5%), ``None`` with no drop."""
        return self.win / self.drop if self.drop else None

    @property
    def theoretical_hold(self) -> float | None:
        """Theoretical win / drop (0.05 is 5%), ``None`` with no drop or no theoretical
        win."""
        if self.theoretical is None or not self.drop:
            return None
        return self.theoretical / self.drop

    def add(self, other: HoldRow) -> None:
        """Sum ``other`` into this row (the wagers of different tables and days taken as
        independent for the standard deviation); one row missing a par figure leaves
        the sum with no theoretical win."""
        self.rounds += other.rounds
        self.drop += other.drop
        self.win += other.win
        for wager, cents in other.handle.items():
            self.handle[wager] = self.handle.get(wager, 0) + cents
        if self.theoretical is None or other.theoretical is None:
            self.theoretical = None
        else:
            self.theoretical += other.theoretical
        self.variance += other.variance
        self.missing |= other.missing
        self.rules |= other.rules
        self.strategies |= other.strategies

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
            "level": self.level,
            "table_id": self.table_id,
            "game": self.game,
            "day": self.day,
            "rounds": self.rounds,
            "drop": self.drop,
            "win": self.win,
            "hold": self.hold,
            "handle": dict(sorted(self.handle.items())),
            "theoretical_win": self.theoretical,
            "theoretical_hold": self.theoretical_hold,
            "std_dev": self.std_dev,
            "deviations": self.deviations,
            "rules_sha256": sorted(self.rules),
            "missing_par_figures": sorted(self.missing),
            "strategies": [
                {"game": game, "wager": wager, "strategy": strategy}
                for game, wager, strategy in sorted(self.strategies)
            ],
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
    found = {f.wager: (Fraction(f.house_edge), f.std_dev, f.strategy) for f in kept}
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
                        strategy=wager.strategy,
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
    """The report's rows: each table's days (by day, then table), then the sums: each
    game's days, every table's days, each game over all the days, and everything (the
    last only where there is a row). ``since``: from that gaming day on. With
    ``compute``, the par sheets not kept are computed first by
    :func:`prepare_par_figures`, which commits the session's transaction and holds no
    connection while it computes."""
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
    sheets: dict[str, dict[str, tuple[float, float, str | None]] | None] = {}
    for table, day, sha, wager, rounds, handle, squares, drop, win in session.execute(query):
        game = games_of[table]
        row = tables.get((day, table)) or tables.setdefault((day, table), HoldRow(game, day, table))
        if wager == TOTAL:
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
                else {w: (float(edge), sd * sd, how) for w, (edge, sd, how) in found.items()}
            )
        figures = sheets[sha]
        figure = None if figures is None else figures.get(wager)
        row.handle[wager] = row.handle.get(wager, 0) + handle
        if figure is None:
            row.missing.add(wager)
            row.theoretical = None
            continue
        if figure[2] is not None:
            row.strategies.add((game, wager, figure[2]))
        if row.theoretical is not None:
            row.theoretical += figure[0] * handle
            row.variance += figure[1] * squares
    return _with_sums(sorted(tables.values(), key=lambda r: (r.day or "", r.table_id or "")))


def _with_sums(table_rows: list[HoldRow]) -> list[HoldRow]:
    games: dict[tuple[str, str], HoldRow] = {}
    days: dict[str, HoldRow] = {}
    game_totals: dict[str, HoldRow] = {}
    total = HoldRow(None, None, None)
    for row in table_rows:
        assert row.game is not None and row.day is not None
        key = (row.day, row.game)
        games.setdefault(key, HoldRow(row.game, row.day, None)).add(row)
        days.setdefault(row.day, HoldRow(None, row.day, None)).add(row)
        game_totals.setdefault(row.game, HoldRow(row.game, None, None)).add(row)
        total.add(row)
    sums = [games[key] for key in sorted(games)] + [days[key] for key in sorted(days)]
    sums += [game_totals[key] for key in sorted(game_totals)]
    return [*table_rows, *sums, *([total] if table_rows else [])]


# --- formats -------------------------------------------------------------------------------
def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.2%}"


def _cents(value: float | None) -> str:
    return "" if value is None else format_cents(round(value))


def _sd(value: float | None) -> str:
    return "" if value is None else f"{value:+.2f}"


def strategy_text(row: HoldRow) -> str:
    """The strategies ``row``'s theoretical win assumes, ``wager: strategy; ...`` (the
    game named too where the row sums several games)."""
    several = len({game for game, _, _ in row.strategies}) > 1
    return "; ".join(
        f"{game} {wager}: {strategy}" if several else f"{wager}: {strategy}"
        for game, wager, strategy in sorted(row.strategies)
    )


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
    "Theoretical hold",
    "Std dev",
    "Difference (sd)",
    "Strategy assumed",
    "Missing par figures",
)
NUMERIC = HEADINGS[4:12]
"""The headings of the columns of figures (right-aligned)."""


def text_cells(row: HoldRow) -> list[str]:
    """A row as the text of :data:`HEADINGS` (amounts in dollars)."""
    return [
        LEVELS[row.level],
        row.table_id or ("" if row.level == "table" else "all tables"),
        row.game or "all games",
        row.day or "all days",
        f"{row.rounds:,}",
        format_cents(row.drop),
        format_cents(row.win),
        _percent(row.hold),
        _cents(row.theoretical),
        _percent(row.theoretical_hold),
        _cents(row.std_dev),
        _sd(row.deviations),
        strategy_text(row),
        ", ".join(sorted(row.missing)),
    ]


def to_json(rows: Iterable[HoldRow], gaming_day: GamingDay = UTC_DAY) -> str:
    """``{"software": the croupier that made it (croupier.identity), "gaming_day": {"zone",
    "start_hour", "text"}, "theoretical_assumes": a sentence, "rows": [...]}``, the shape
    of ``GET /reports/hold``."""
    data = {
        "software": identity().to_dict(),
        "gaming_day": gaming_day.to_dict() | {"text": gaming_day.text()},
        "theoretical_assumes": ASSUMES,
        "rows": [row.to_dict() for row in rows],
    }
    return json.dumps(data, indent=2)


def to_csv(rows: Iterable[HoldRow], gaming_day: GamingDay = UTC_DAY) -> str:
    """One line a row; amounts in cents, hold and theoretical hold fractions, the handle
    as ``wager=cents``, the strategies as ``game wager: strategy; ...``; the gaming day in
    words, then the croupier that made the report (croupier.identity) in the last two
    columns."""
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
            "theoretical_hold",
            "std_dev_cents",
            "deviations",
            "handle",
            "strategies",
            "missing_par_figures",
            "gaming_day",
            "software",
        ]
    )
    software = identity().text()
    for row in rows:
        writer.writerow(
            [
                row.level,
                row.table_id or "",
                row.game or "",
                row.day or "",
                row.rounds,
                row.drop,
                row.win,
                "" if row.hold is None else f"{row.hold:.6f}",
                "" if row.theoretical is None else f"{row.theoretical:.2f}",
                "" if row.theoretical_hold is None else f"{row.theoretical_hold:.6f}",
                "" if row.std_dev is None else f"{row.std_dev:.2f}",
                "" if row.deviations is None else f"{row.deviations:.4f}",
                " ".join(f"{w}={c}" for w, c in sorted(row.handle.items())),
                "; ".join(f"{g} {w}: {how}" for g, w, how in sorted(row.strategies)),
                " ".join(sorted(row.missing)),
                gaming_day.text(),
                software,
            ]
        )
    return out.getvalue()


def to_html(rows: Iterable[HoldRow], gaming_day: GamingDay = UTC_DAY) -> str:
    """One self-contained HTML page with the report's table."""
    body = "".join(
        f'<tr class="{row.level}">'
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in text_cells(row))
        + "</tr>"
        for row in rows
    )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADINGS)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Hold report'
        "</title><style>body{font-family:system-ui,sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.25em .6em}"
        "td:nth-child(n+5):nth-child(-n+12){text-align:right}"
        "tr:not(.table){font-weight:bold}</style></head><body><h1>Hold report</h1>"
        "<p>Drop: the stakes put in action; win: what the table's inventory gained; hold: "
        "win / drop; theoretical win: each par-sheet wager's handle times its house edge "
        "under the Rules Submission the rounds were played under; theoretical hold: "
        "theoretical win / drop; difference: (win - theoretical) in standard deviations "
        f"of the win. Gaming day: {html.escape(gaming_day.text())}; a round counts on the "
        f"gaming day it ended in.</p><p>{html.escape(ASSUMES)}</p>"
        f"<table><tr>{head}</tr>{body}</table>"
        f"<p>Made by {html.escape(identity().text())}.</p></body></html>\n"
    )
