"""The hold report's forms (``croupier report hold``): text cells, JSON (the shape of
``GET /reports/hold``), CSV and a self-contained HTML page, each naming the casino's
gaming day, the strategy the theoretical win assumes (:data:`~croupier.reports.hold.ASSUMES`)
and the croupier that made it (:mod:`croupier.identity`). Amounts in cents in JSON and
CSV, in dollars in the text and HTML.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Iterable

from croupier.identity import identity
from croupier.ledger.gaming_day import UTC_DAY, GamingDay
from croupier.money import format_cents
from croupier.reports.hold import ASSUMES, LEVELS, HoldRow


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


def observed_lines(rows: Iterable[HoldRow]) -> list[str]:
    """The observed-decisions theoretical win of each row, in words, beside the optimal
    figure (the text report's lines under its table)."""
    lines = [
        "Theoretical win under the decisions the players made (observed) and under the "
        "par sheet's strategy (optimal):"
    ]
    for row in rows:
        where = " ".join(
            part
            for part in (
                LEVELS[row.level],
                row.table_id,
                row.game or "all games",
                row.day or "all days",
            )
            if part
        )
        if row.observed is None:
            seen = "not computed (" + "; ".join(sorted(row.observed_missing)) + ")"
        else:
            seen = f"{_cents(float(row.observed))} ({_percent(row.observed_hold)})"
        optimal = f"{_cents(row.theoretical)} ({_percent(row.theoretical_hold)})"
        lines.append(f"  {where}: observed {seen}, optimal {optimal}")
    return lines


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


_CSV_COLUMNS = (
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
)
"""The columns of :func:`to_csv` before the observed figures, the gaming day and the
software."""


def _csv_cells(row: HoldRow) -> list[object]:
    """The cells of ``row`` under :data:`_CSV_COLUMNS`."""
    return [
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
    ]


def to_csv(rows: Iterable[HoldRow], gaming_day: GamingDay = UTC_DAY) -> str:
    """One line a row; amounts in cents, hold and theoretical hold fractions, the handle
    as ``wager=cents``, the strategies as ``game wager: strategy; ...``; the gaming day in
    words, then the croupier that made the report (croupier.identity) in the last two
    columns (after them, with the observed-decisions figure,
    ``observed_theoretical_win_cents`` and ``observed_theoretical_hold``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    rows = list(rows)
    observed = any(row.observed_on for row in rows)
    extra = ["observed_theoretical_win_cents", "observed_theoretical_hold"] if observed else []
    writer.writerow([*_CSV_COLUMNS, *extra, "gaming_day", "software"])
    software = identity().text()
    for row in rows:
        seen = [
            "" if row.observed is None else f"{float(row.observed):.2f}",
            "" if row.observed_hold is None else f"{row.observed_hold:.6f}",
        ]
        writer.writerow(
            [*_csv_cells(row), *(seen if observed else []), gaming_day.text(), software]
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
