"""The Criss-Cross Poker strategy chart: the Across decision by the player's two cards
(674a.11(b))."""

from __future__ import annotations

import re

from croupier.analysis.charts.base import ReportSection, StrategyChart
from croupier.analysis.par_sheet import ParSheet
from croupier.rules.base import RulesSubmission

RANKS = "AKQJT98765432"
"""The ranks from the highest, the chart's rows and columns."""
_ACROSS = re.compile(r"Across (3x|1x|fold): ([^;.]*)")


def strategy_chart(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> StrategyChart | ReportSection | None:
    """The Across decision (674a.11(b)) by starting hand, from the ``antes`` wager's
    strategy text: pairs on the diagonal, suited hands above it, offsuit below; ``None``
    where the sheet states no Across decision. ``rules`` is not needed: the sheet was
    computed under them."""
    strategy = next((w.strategy for w in sheet.wagers if w.strategy), None)
    if strategy is None:
        return None
    choice: dict[str, str] = {}
    for decision, names in _ACROSS.findall(strategy):
        for name in names.split(","):
            name = name.strip()
            if name and name != "none":
                choice[name] = decision
    if not choice:
        return None
    cells = []
    for i, first in enumerate(RANKS):
        row = []
        for j, second in enumerate(RANKS):
            if i == j:
                name = first * 2
            elif i < j:
                name = f"{first}{second}s"
            else:
                name = f"{second}{first}o"
            row.append(choice.get(name, ""))
        cells.append(tuple(row))
    return StrategyChart(
        title="Criss-Cross Poker: the Across Bet by the player's two cards",
        rows=tuple(RANKS),
        columns=tuple(RANKS),
        cells=tuple(cells),
        legend={
            "3x": "Across Bet three times the ante",
            "1x": "Across Bet equal to the ante",
            "fold": "fold",
        },
        row_heading="first card",
        column_heading="second card (suited above the diagonal, offsuit below)",
        caption="Down and Middle decisions depend on the cards turned up; see the strategy "
        "text (674a.11(b), (d), (f)).",
    )


__all__ = ["RANKS", "strategy_chart"]
