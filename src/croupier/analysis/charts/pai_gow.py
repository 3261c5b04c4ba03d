"""The Pai Gow report section: the house ways compared (621a.10(d))."""

from __future__ import annotations

from matplotlib.figure import Figure

from croupier.analysis.charts.base import ReportSection, StrategyChart, svg
from croupier.analysis.par_sheet import ParSheet
from croupier.rules.base import RulesSubmission


def strategy_chart(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> StrategyChart | ReportSection | None:
    """The house edge of a house-way player and of an optimal player against every
    shipped house way (621a.10(d)), as a bar chart; the sheet's own way (its
    ``variant``) is marked. ``rules`` is not needed."""
    from croupier.analysis.exact.pai_gow import analyze
    from croupier.hands.paigow import HOUSE_WAYS

    names = list(HOUSE_WAYS)
    house = [-float(analyze(HOUSE_WAYS[name]).expected("house_way")) for name in names]
    best = [-float(analyze(HOUSE_WAYS[name]).expected("optimal")) for name in names]
    figure = Figure(figsize=(6, 3))
    axes = figure.add_subplot()
    positions = range(len(names))
    axes.bar([p - 0.2 for p in positions], [h * 100 for h in house], 0.4, label="house-way player")
    axes.bar([p + 0.2 for p in positions], [b * 100 for b in best], 0.4, label="optimal player")
    axes.axhline(0, color="black", linewidth=0.8)
    axes.set_xticks(list(positions), names)
    axes.set_ylabel("house edge (%)")
    axes.set_xlabel("the dealer's house way")
    axes.legend(fontsize=8)
    axes.grid(axis="y", alpha=0.3)
    rows = [
        f"{name}: house-way player {h:.4%}, optimal player {b:.4%}"
        + (" (this table's way)" if name == sheet.variant else "")
        for name, h, b in zip(names, house, best, strict=True)
    ]
    return ReportSection(
        title="Pai Gow: the house ways compared",
        svg=svg(figure),
        caption="A negative house edge is the player's advantage. "
        "A Pennsylvania dealer sets by a way that splits no pair (621a.10(d)(2)).",
        extra=tuple(rows),
    )


__all__ = ["strategy_chart"]
