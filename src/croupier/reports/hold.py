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

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.ledger.hold import TOTAL
from croupier.ledger.models import GameTable, HoldDay, ParFigure, RulesVersion
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
    observed: Fraction | None = None
    """The theoretical win under the decisions the players took (cents, exact;
    :mod:`croupier.reports.observed`), where asked for (``observed_on``) and found."""
    observed_on: bool = False
    observed_missing: set[str] = field(default_factory=set)
    """Why the observed figure is missing (e.g. a game whose decisions are not replayed)."""

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
        if other.observed_on:
            if not self.observed_on:
                self.observed_on, self.observed = True, Fraction(0)
            if self.observed is None or other.observed is None:
                self.observed = None
            else:
                self.observed += other.observed
            self.observed_missing |= other.observed_missing

    @property
    def observed_hold(self) -> float | None:
        """The observed-decisions theoretical win / drop, ``None`` without either."""
        if not self.observed_on or self.observed is None or not self.drop:
            return None
        return float(self.observed / self.drop)

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
        } | self._observed_dict()

    def _observed_dict(self) -> dict[str, Any]:
        if not self.observed_on:
            return {}
        return {
            "observed_theoretical_win": None if self.observed is None else float(self.observed),
            "observed_theoretical_hold": self.observed_hold,
            "observed_not_computed": sorted(self.observed_missing),
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
    for game, sha in sorted((game, sha) for game, sha in session.execute(query.distinct())):
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
    observed: bool = False,
) -> list[HoldRow]:
    """The report's rows: each table's days (by day, then table), then the sums: each
    game's days, every table's days, each game over all the days, and everything (the
    last only where there is a row). ``since``: from that gaming day on. With
    ``compute``, the par sheets not kept are computed first by
    :func:`prepare_par_figures`, which commits the session's transaction and holds no
    connection while it computes. With ``observed``, every ended round is also replayed
    from its events for the theoretical win under the decisions the players took
    (:mod:`croupier.reports.observed`; :attr:`HoldRow.observed`)."""
    if compute:
        prepare_par_figures(session, table_id=table_id, since=since, computing=computing)
    games_of: dict[str, str] = {}
    for table_id_, game_ in session.execute(select(GameTable.id, GameTable.game)):
        games_of[table_id_] = game_
    tables: dict[tuple[str, str], HoldRow] = {}
    sheets: dict[str, dict[str, tuple[float, float, str | None]] | None] = {}
    for table, day, sha, wager, rounds, handle, squares, drop, win in session.execute(
        _hold_days(table_id, since)
    ):
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
    if observed:
        _add_observed(session, tables, table_id, since)
    return _with_sums(sorted(tables.values(), key=lambda r: (r.day or "", r.table_id or "")))


def _hold_days(
    table_id: str | None, since: date | None
) -> Select[str, str, str, str, int, int, float, int, int]:
    """The stored totals of each table, day, rules and wager (of ``table_id`` only, from
    the day ``since`` on, where given)."""
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
    return query


def _add_observed(
    session: Session,
    tables: dict[tuple[str, str], HoldRow],
    table_id: str | None,
    since: date | None,
) -> None:
    """Set each table-day row's observed-decisions theoretical win."""
    from croupier.reports.observed import observed_days

    kept: dict[str, Figures | None] = {}

    def figures_of(sha: str) -> Figures | None:
        if sha not in kept:
            kept[sha] = par_figures(session, sha)
        return kept[sha]

    found = observed_days(session, figures_of, table_id=table_id, since=since)
    for key, row in tables.items():
        day = found.get(key)
        row.observed_on = True
        row.observed = Fraction(0) if day is None else day.theoretical
        row.observed_missing = set() if day is None else day.missing


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
