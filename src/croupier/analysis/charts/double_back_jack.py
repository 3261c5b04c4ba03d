"""The Double Back Jack strategy chart: the basic strategy by the player's hand and the
dealer's up card, from :mod:`croupier.analysis.exact.double_back_jack`."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from croupier.analysis.charts.base import ReportSection, StrategyChart
from croupier.analysis.par_sheet import ParSheet
from croupier.rules.base import RulesSubmission

BLACKJACK_CODES: dict[str, str] = {
    "S": "stand",
    "H": "hit",
    "D": "double down, else hit",
    "Ds": "double down, else stand",
    "P": "split",
    "Rh": "surrender, else hit",
    "Rs": "surrender, else stand",
    "Rp": "surrender, else split",
    "T": "take the Second Chance Wager",
    "-": "decline the Second Chance Wager",
}
"""What the codes of a blackjack strategy chart mean (673a.7(k)-(l), 673a.9-673a.11)."""


def legend(codes: Iterable[str]) -> dict[str, str]:
    """Each of ``codes`` with its meaning (:data:`BLACKJACK_CODES`; an unknown code stands
    for itself)."""
    return {code: BLACKJACK_CODES.get(code, code) for code in codes}


def _from_row_objects(rows: Sequence[Any], title: str, columns: Sequence[str]) -> StrategyChart:
    """:func:`grid_from` for row objects with ``label``, ``cells`` and maybe ``kind``."""
    cells = tuple(tuple(str(cell) for cell in r.cells) for r in rows)
    width = max(len(row) for row in cells)
    heads = tuple(columns) if len(columns) == width else tuple(str(i) for i in range(width))
    labels = tuple(f"{getattr(r, 'kind', '')} {r.label}".replace("_", " ").strip() for r in rows)
    seen = dict.fromkeys(cell for row in cells for cell in row if cell)
    return StrategyChart(
        title,
        labels,
        heads,
        cells,
        legend(seen),
        row_heading="player's hand",
        column_heading="dealer's up card",
    )


def grid_from(
    value: object, title: str, columns: Sequence[str] = ()
) -> StrategyChart | ReportSection | None:
    """A chart from whatever a ``chart()`` method returns: a :class:`StrategyChart`; a
    sequence of row objects with ``label``, ``cells`` and optionally ``kind`` (the cells
    under ``columns``); a mapping ``(row, column) -> code``; a sequence of rows whose
    first row is the column headings and whose first cell is the row label; or text."""
    if isinstance(value, StrategyChart):
        return value
    if (
        isinstance(value, Sequence)
        and value
        and all(hasattr(r, "cells") and hasattr(r, "label") for r in value)
    ):
        return _from_row_objects(value, title, columns)
    if isinstance(value, str):
        return ReportSection(title=title, text=value)
    if isinstance(value, Mapping):
        keys = [key for key in value if isinstance(key, tuple) and len(key) == 2]
        if not keys:
            return None
        rows = list(dict.fromkeys(str(r) for r, _ in keys))
        columns = list(dict.fromkeys(str(c) for _, c in keys))
        lookup = {(str(r), str(c)): str(value[(r, c)]) for r, c in keys}
        cells = tuple(tuple(lookup.get((r, c), "") for c in columns) for r in rows)
        codes = sorted({cell for row in cells for cell in row if cell})
        return StrategyChart(title, tuple(rows), tuple(columns), cells, {c: c for c in codes})
    if isinstance(value, Sequence) and value and all(isinstance(r, Sequence) for r in value):
        header = [str(cell) for cell in value[0]][1:]
        body = [[str(cell) for cell in row] for row in value[1:]]
        cells = tuple(tuple(row[1:]) for row in body)
        codes = sorted({cell for row in cells for cell in row if cell})
        return StrategyChart(
            title,
            tuple(row[0] for row in body),
            tuple(header),
            cells,
            {c: c for c in codes},
        )
    return ReportSection(title=title, text=str(value))


def strategy_chart(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> StrategyChart | ReportSection | None:
    """The basic strategy chart for the decks of ``rules`` (six without them), where
    :mod:`croupier.analysis.exact.double_back_jack` provides
    ``basic_strategy(decks).chart()``; ``None`` where it does not."""
    module = importlib.import_module("croupier.analysis.exact.double_back_jack")
    basic_strategy: Callable[[int], Any] | None = getattr(module, "basic_strategy", None)
    if basic_strategy is None:
        return None
    decks = int(getattr(rules, "decks", 6))
    strategy = basic_strategy(decks)
    chart = getattr(strategy, "chart", None)
    if chart is None:
        return None
    columns = tuple(str(name) for name in getattr(module, "CHART_UP_NAMES", ()))
    title = f"Double Back Jack: basic strategy, {decks} deck{'s' * (decks != 1)}"
    return grid_from(chart(), title, columns)


__all__ = ["BLACKJACK_CODES", "grid_from", "legend", "strategy_chart"]
