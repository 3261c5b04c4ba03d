"""The Go Fore It strategy chart: the Back 9 decision by the two front cards (676a.11(b))."""

from __future__ import annotations

from croupier.analysis.charts.base import ReportSection, StrategyChart
from croupier.analysis.par_sheet import ParSheet
from croupier.rules.base import RulesSubmission

CARD_NAMES = {1: "A", 10: "T"} | {value: str(value) for value in range(2, 10)}
"""The label of each point value (aces 1, tens and picture cards 10)."""


def strategy_chart(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> StrategyChart | ReportSection | None:
    """The Back 9 decision by the two front cards (676a.11(b)), from the par sheet's
    ``strategy`` rows (:class:`~croupier.analysis.exact.go_fore_it.GoForeItParSheet`);
    ``None`` for a sheet without them. ``rules`` is not needed: the sheet was computed
    under them."""
    rows = getattr(sheet, "strategy", ())
    if not rows:
        return None
    decision = {(row.first, row.second): row.decision for row in rows}
    values = range(1, 11)
    cells = tuple(
        tuple(
            ""
            if high < low or (low, high) not in decision
            else ("B" if decision[(low, high)] == "back_9" else "F")
            for high in values
        )
        for low in values
    )
    return StrategyChart(
        title="Go Fore It: the Back 9 decision",
        rows=tuple(CARD_NAMES[v] for v in values),
        columns=tuple(CARD_NAMES[v] for v in values),
        cells=cells,
        legend={"B": "make the Back 9 Wager", "F": "fold (the Front 9 Wager is forfeited)"},
        row_heading="lower front card",
        column_heading="higher front card",
        caption="Point values: aces 1, picture cards 10 (676a.11(b)).",
    )


__all__ = ["CARD_NAMES", "strategy_chart"]
