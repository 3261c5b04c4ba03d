"""What the strategy charts share: the pieces of a report after the wagers
(:class:`StrategyChart`, :class:`ReportSection`), the colours of the decision codes and
the drawing of a figure or a chart as inline SVG (matplotlib without pyplot: each figure
is a :class:`matplotlib.figure.Figure` saved as SVG, so no global backend is touched).
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import matplotlib
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

_SVG_START = re.compile(r"<svg\b")


@dataclass(frozen=True, slots=True)
class StrategyChart:
    """A strategy as a grid: ``cells[i][j]`` is the decision code for row ``rows[i]`` and
    column ``columns[j]`` (``""``: no such situation); ``legend`` maps each code to its
    meaning, in the order the colours are given."""

    title: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    legend: Mapping[str, str]
    row_heading: str = ""
    column_heading: str = ""
    caption: str = ""


@dataclass(frozen=True, slots=True)
class ReportSection:
    """A part of the report after the wagers: a title, an inline image (SVG text, may be
    empty), an optional preformatted text and a caption."""

    title: str
    svg: str = ""
    text: str = ""
    caption: str = ""
    extra: tuple[str, ...] = field(default_factory=tuple)


def svg(figure: Figure) -> str:
    """``figure`` as inline SVG text (the XML prologue removed; text kept as text)."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "croupier"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    start = _SVG_START.search(text)
    if start is None:  # pragma: no cover - matplotlib always writes an <svg> element
        raise ValueError("matplotlib wrote no <svg> element")
    return text[start.start() :]


PALETTE = ("#2e7d32", "#fff176", "#e57373", "#ffb74d", "#81c784", "#90caf9", "#ce93d8")
"""The colours taken in turn by decision codes that :data:`CODE_COLORS` does not know."""


CODE_COLORS: dict[str, str] = {
    "B": "#66bb6a",
    "F": "#e57373",
    "3x": "#66bb6a",
    "1x": "#fff176",
    "fold": "#e57373",
    "H": "#a5d6a7",
    "S": "#fff176",
    "D": "#64b5f6",
    "Ds": "#90caf9",
    "P": "#ce93d8",
    "Rh": "#e57373",
    "Rs": "#ef9a9a",
    "Rp": "#f48fb1",
    "T": "#80cbc4",
    "-": "#eeeeee",
}
"""The colour of each known decision code; other codes take :data:`PALETTE` in turn."""


def chart_svg(chart: StrategyChart) -> str:
    """``chart`` drawn as a coloured grid (inline SVG), each cell labelled with its code."""
    codes = list(chart.legend)
    index = {code: i for i, code in enumerate(codes)}
    grid = [[index.get(cell, math.nan) for cell in row] for row in chart.cells]
    spare = iter(PALETTE * (len(codes) // len(PALETTE) + 1))
    colors = [CODE_COLORS.get(code) or next(spare) for code in codes] or ["#ffffff"]
    width = 0.42 * len(chart.columns) + 2.5
    height = 0.36 * len(chart.rows) + 1.6
    figure = Figure(figsize=(width, height))
    axes = figure.add_subplot()
    axes.imshow(
        grid,
        cmap=ListedColormap(colors),
        vmin=-0.5,
        vmax=len(colors) - 0.5,
        aspect="auto",
    )
    for i, row in enumerate(chart.cells):
        for j, cell in enumerate(row):
            if cell:
                axes.text(j, i, cell, ha="center", va="center", fontsize=7)
    axes.set_xticks(range(len(chart.columns)), list(chart.columns), fontsize=8)
    axes.set_yticks(range(len(chart.rows)), list(chart.rows), fontsize=8)
    axes.xaxis.tick_top()
    axes.set_xlabel(chart.column_heading)
    axes.xaxis.set_label_position("top")
    axes.set_ylabel(chart.row_heading)
    axes.set_title(chart.title, fontsize=10, pad=24)
    return svg(figure)


__all__ = [
    "CODE_COLORS",
    "PALETTE",
    "ReportSection",
    "StrategyChart",
    "chart_svg",
    "svg",
]
