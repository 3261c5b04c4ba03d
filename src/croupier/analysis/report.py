"""A par sheet as one self-contained HTML report: tables, outcome plots, strategy charts.

:func:`render_html` turns a :class:`~croupier.analysis.par_sheet.ParSheet` into one HTML
document and :func:`write_report` writes it as ``<game>.html`` in a folder. The document
needs nothing else: the styles are inline and every image is an inline SVG drawn with
matplotlib (no pyplot, no display: each figure is a :class:`matplotlib.figure.Figure`
saved as SVG, so no global backend is touched).

Per wager it gives the par-sheet table (return, house edge, the element of risk where
it differs from the house edge, the hit frequency and the probability and net of every
outcome, the standard deviation, the most one player can win per round per unit staked
and, with the Rules Submission, in cents at the table maximum, and the strategy
assumed), and a bar chart of probability by net result. Where the game has one, a
strategy chart follows (:func:`strategy_charts`): the Go Fore It Back 9 decision, the
Criss-Cross Poker Across decision, the Pai Gow house ways compared, and the Double Back
Jack basic strategy where its analysis provides ``basic_strategy(decks).chart()``.

Every figure is per unit staked as the par sheet gives it (house edge 0.05 is 5%);
amounts are cents.
"""

from __future__ import annotations

import html
import importlib
import io
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from croupier import __version__
from croupier.analysis.par_sheet import ParSheet, WagerFigures, exact_text
from croupier.money import Cents, format_cents, payout
from croupier.rules.base import RulesSubmission

WIN_COLOR = "#2e7d32"
LOSS_COLOR = "#c62828"
PUSH_COLOR = "#757575"

_SVG_START = re.compile(r"<svg\b")


# --- the pieces of a report ------------------------------------------------------------------
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


# --- figures -----------------------------------------------------------------------------------
def _svg(figure: Figure) -> str:
    """``figure`` as inline SVG text (the XML prologue removed; text kept as text)."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "croupier"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    start = _SVG_START.search(text)
    if start is None:  # pragma: no cover - matplotlib always writes an <svg> element
        raise ValueError("matplotlib wrote no <svg> element")
    return text[start.start() :]


def _net_text(net: Fraction) -> str:
    """A net per unit staked as a short label: ``+5000``, ``-1``, ``+0.95``, ``0``."""
    if net == 0:
        return "0"
    if net.denominator == 1:
        return f"{int(net):+d}"
    return f"{float(net):+.4g}"


def outcome_distribution(figures: WagerFigures) -> list[tuple[Fraction, Fraction]]:
    """(net per unit staked, probability) of ``figures``, outcomes of equal net summed,
    lowest net first; the probabilities sum to one."""
    by_net: dict[Fraction, Fraction] = {}
    for outcome in figures.outcomes:
        by_net[outcome.net] = by_net.get(outcome.net, Fraction(0)) + outcome.probability
    return sorted(by_net.items())


def outcome_plot(figures: WagerFigures) -> str:
    """A bar chart (inline SVG) of the probability of each net result per unit staked;
    a logarithmic axis where the probabilities span more than three decades."""
    distribution = outcome_distribution(figures)
    labels = [_net_text(net) for net, _ in distribution]
    heights = [float(p) for _, p in distribution]
    colors = [
        WIN_COLOR if net > 0 else LOSS_COLOR if net < 0 else PUSH_COLOR for net, _ in distribution
    ]
    figure = Figure(figsize=(max(3.5, 0.55 * len(labels) + 1.5), 2.8))
    axes = figure.add_subplot()
    axes.bar(range(len(labels)), heights, color=colors)
    axes.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0)
    axes.set_xlabel("net result per unit staked")
    axes.set_ylabel("probability")
    if min(heights) > 0 and max(heights) / min(heights) > 1e3:
        axes.set_yscale("log")
    axes.set_title(figures.wager, fontsize=10)
    axes.grid(axis="y", alpha=0.3)
    return _svg(figure)


_PALETTE = ("#2e7d32", "#fff176", "#e57373", "#ffb74d", "#81c784", "#90caf9", "#ce93d8")


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
"""The colour of each known decision code; other codes take :data:`_PALETTE` in turn."""


def chart_svg(chart: StrategyChart) -> str:
    """``chart`` drawn as a coloured grid (inline SVG), each cell labelled with its code."""
    codes = list(chart.legend)
    index = {code: i for i, code in enumerate(codes)}
    grid = [[index.get(cell, math.nan) for cell in row] for row in chart.cells]
    spare = iter(_PALETTE * (len(codes) // len(_PALETTE) + 1))
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
    return _svg(figure)


# --- strategy charts, game by game -----------------------------------------------------------
_CARD_NAMES = {1: "A", 10: "T"} | {value: str(value) for value in range(2, 10)}


def go_fore_it_chart(sheet: ParSheet) -> StrategyChart | None:
    """The Back 9 decision by the two front cards (676a.11(b)), from the par sheet's
    ``strategy`` rows (:class:`~croupier.analysis.exact.go_fore_it.GoForeItParSheet`)."""
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
        rows=tuple(_CARD_NAMES[v] for v in values),
        columns=tuple(_CARD_NAMES[v] for v in values),
        cells=cells,
        legend={"B": "make the Back 9 Wager", "F": "fold (the Front 9 Wager is forfeited)"},
        row_heading="lower front card",
        column_heading="higher front card",
        caption="Point values: aces 1, picture cards 10 (676a.11(b)).",
    )


_POKER_RANKS = "AKQJT98765432"
_ACROSS = re.compile(r"Across (3x|1x|fold): ([^;.]*)")


def criss_cross_poker_chart(sheet: ParSheet) -> StrategyChart | None:
    """The Across decision (674a.11(b)) by starting hand, from the ``antes`` wager's
    strategy text: pairs on the diagonal, suited hands above it, offsuit below."""
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
    for i, first in enumerate(_POKER_RANKS):
        row = []
        for j, second in enumerate(_POKER_RANKS):
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
        rows=tuple(_POKER_RANKS),
        columns=tuple(_POKER_RANKS),
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


def pai_gow_ways_section(sheet: ParSheet) -> ReportSection:
    """The house edge of a house-way player and of an optimal player against every
    shipped house way (621a.10(d)), as a bar chart."""
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
        svg=_svg(figure),
        caption="A negative house edge is the player's advantage. "
        "A Pennsylvania dealer sets by a way that splits no pair (621a.10(d)(2)).",
        extra=tuple(rows),
    )


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


def _legend(codes: Iterable[str]) -> dict[str, str]:
    return {code: BLACKJACK_CODES.get(code, code) for code in codes}


def _grid_from(
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
        cells = tuple(tuple(str(cell) for cell in r.cells) for r in value)
        width = max(len(row) for row in cells)
        heads = tuple(columns) if len(columns) == width else tuple(str(i) for i in range(width))
        labels = tuple(
            f"{getattr(r, 'kind', '')} {r.label}".replace("_", " ").strip() for r in value
        )
        seen = dict.fromkeys(cell for row in cells for cell in row if cell)
        return StrategyChart(
            title,
            labels,
            heads,
            cells,
            _legend(seen),
            row_heading="player's hand",
            column_heading="dealer's up card",
        )
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


def double_back_jack_chart(rules: RulesSubmission | None) -> StrategyChart | ReportSection | None:
    """The basic strategy chart, where :mod:`croupier.analysis.exact.double_back_jack`
    provides ``basic_strategy(decks).chart()``; ``None`` until it does."""
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
    return _grid_from(chart(), title, columns)


def strategy_charts(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> list[StrategyChart | ReportSection]:
    """The strategy charts of ``sheet``'s game (empty for a game with no decisions).
    A chart that cannot be drawn is replaced by a section saying why."""
    makers: dict[str, Callable[[], StrategyChart | ReportSection | None]] = {
        "go-fore-it": lambda: go_fore_it_chart(sheet),
        "criss-cross-poker": lambda: criss_cross_poker_chart(sheet),
        "pai-gow": lambda: pai_gow_ways_section(sheet),
        "double-back-jack": lambda: double_back_jack_chart(rules),
    }
    maker = makers.get(sheet.game)
    if maker is None:
        return []
    try:
        chart = maker()
    except Exception as error:  # a chart must not cost the rest of the report
        return [ReportSection(title="Strategy chart", text=f"not drawn: {error!r}")]
    return [] if chart is None else [chart]


# --- the most one player can win -----------------------------------------------------------
def wager_maximum(rules: RulesSubmission, wager: str) -> Cents:
    """The largest amount (cents) one unit of ``wager`` may be under ``rules``: the table
    maximum, except a Millionaire Row wager (at most $1, 675a.2(e)(4)), a Five Card Bonus
    (its own limits, 674a.7(e)), the Go Fore It Skins and Gopher Wagers (their own
    limits, 676a.7(d)) and the Double Back Jack Insurance Wager (half the largest
    Blackjack Wager, or the next amount in chips, 673a.8(b))."""
    name = wager.split(":", 1)[0]
    if name == "millionaire_row":
        from croupier.rules.high_roll_dice import MILLIONAIRE_ROW_MAXIMUM

        return MILLIONAIRE_ROW_MAXIMUM
    bonus_limits = getattr(rules, "bonus_limits", None)
    if name == "five_card_bonus" and bonus_limits is not None:
        return int(bonus_limits()[1])
    chip = getattr(rules, "chip", None)
    if name == "insurance" and isinstance(chip, int):
        from croupier.rules.double_back_jack import insurance_limit

        return insurance_limit(rules.maximum_wager, chip)
    limits = getattr(rules, "limits", None)
    if rules.game == "go-fore-it" and limits is not None:
        from croupier.rules.go_fore_it import Spot

        spot = {"skins": Spot.SKINS, "gopher": Spot.GOPHER}.get(name, Spot.FRONT_9)
        return int(limits(spot)[1])
    return rules.maximum_wager


def most_won_per_round(figures: WagerFigures, stake: Cents) -> Cents:
    """The most one player can win (cents) in a round on ``figures`` with ``stake`` cents
    on each unit: ``max_win`` per unit staked times the units staked, rounded down to the
    cent."""
    return payout(stake * figures.units_staked, figures.max_win)


def rules_stamping(
    sheet: ParSheet, candidates: Iterable[RulesSubmission | None]
) -> RulesSubmission | None:
    """The first of ``candidates`` whose sha256 is the sheet's ``rules_sha256`` (the
    Rules Submission the figures were computed under), ``None`` if none is."""
    for rules in candidates:
        if rules is not None and rules.sha256() == sheet.rules_sha256:
            return rules
    return None


# --- HTML ------------------------------------------------------------------------------------
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.exact { color: #666; font-size: 0.85em; }
.figure svg { max-width: 100%; height: auto; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.4f}%"


def _fraction_cell(text: str, value: Fraction) -> str:
    return f'<td class="num">{_e(text)} <span class="exact">({_e(exact_text(value))})</span></td>'


def element_of_risk(sheet: ParSheet, figures: WagerFigures) -> Fraction | None:
    """The element of risk of ``figures`` (house edge per total amount wagered) where the
    par sheet gives one that differs from the house edge: the wager's
    :attr:`~croupier.analysis.par_sheet.WagerFigures.element_of_risk`, or an
    ``element_of_risk`` of the sheet for its one wager with a strategy (the Go Fore It
    Front 9 game); ``None`` otherwise."""
    own = figures.element_of_risk
    if own is not None:
        return None if own == figures.house_edge else own
    shared = getattr(sheet, "element_of_risk", None)
    with_strategy = [w for w in sheet.wagers if w.strategy]
    if isinstance(shared, Fraction) and with_strategy == [figures] and shared != figures.house_edge:
        return shared
    return None


def wager_html(sheet: ParSheet, figures: WagerFigures, rules: RulesSubmission | None) -> str:
    """The section of one wager: its figures, its outcomes and its outcome plot."""

    def row(heading: str, text: str, value: Fraction | None = None) -> str:
        cell = f'<td class="num">{_e(text)}</td>' if value is None else _fraction_cell(text, value)
        return f"<tr><th>{_e(heading)}</th>{cell}</tr>"

    rows = [
        row(
            "Return per unit staked",
            f"{float(figures.expected_return):+.6f}",
            figures.expected_return,
        ),
        row("House edge", _pct(figures.house_edge), figures.house_edge),
    ]
    risk = element_of_risk(sheet, figures)
    if risk is not None:
        rows.append(row("Element of risk (per total wagered)", _pct(risk), risk))
    rows += [
        row("Hit frequency", f"{float(figures.hit_frequency):.6g}", figures.hit_frequency),
        row("Standard deviation per unit staked", f"{figures.std_dev:.4f}"),
        row(
            "Most one player can win per round (net, per unit staked)",
            f"{float(figures.max_win):,.6g}",
            figures.max_win,
        ),
    ]
    if rules is not None:
        stake = wager_maximum(rules, figures.wager)
        most = most_won_per_round(figures, stake)
        units = f"{figures.units_staked} x " if figures.units_staked != 1 else ""
        rows.append(
            row(
                "Most one player can win per round at the table maximum (net)",
                f"{format_cents(most)} ({units}{format_cents(stake)} staked)",
            )
        )
    rows += [
        f'<tr><th>Units staked</th><td class="num">{figures.units_staked}</td></tr>',
        f"<tr><th>Method</th><td>{_e(figures.method)}</td></tr>",
        f"<tr><th>Strategy</th><td>{_e(figures.strategy or 'no decisions')}</td></tr>",
    ]
    outcomes = [
        "<tr><th>Outcome</th><th>Net per unit staked</th><th>Probability</th><th>Hit</th></tr>"
    ]
    for outcome in figures.outcomes:
        outcomes.append(
            f"<tr><td>{_e(outcome.label)}</td>"
            + _fraction_cell(_net_text(outcome.net), outcome.net)
            + _fraction_cell(f"{float(outcome.probability):.6g}", outcome.probability)
            + f"<td>{'yes' if outcome.hit else 'no'}</td></tr>"
        )
    description = f"<p>{_e(figures.description)}</p>" if figures.description else ""
    if figures.house_edge < 0:
        description += (
            '<p class="warning"><strong>WARNING: negative house edge: the player has the '
            f"advantage</strong> (return {_e(_pct(figures.expected_return))} per unit "
            "staked).</p>"
        )
    return (
        f'<section class="wager" id="{_e(figures.wager)}">'
        f"<h2>{_e(figures.wager)}</h2>{description}"
        f'<table class="figures">{"".join(rows)}</table>'
        f'<table class="outcomes">{"".join(outcomes)}</table>'
        f'<div class="figure">{outcome_plot(figures)}</div></section>'
    )


def _section_html(part: StrategyChart | ReportSection) -> str:
    if isinstance(part, StrategyChart):
        legend = "".join(
            f"<li><b>{_e(code)}</b>: {_e(text)}</li>" for code, text in part.legend.items()
        )
        caption = f"<p>{_e(part.caption)}</p>" if part.caption else ""
        return (
            f'<section class="chart"><h2>{_e(part.title)}</h2>'
            f'<div class="figure">{chart_svg(part)}</div><ul>{legend}</ul>{caption}</section>'
        )
    body = f'<div class="figure">{part.svg}</div>' if part.svg else ""
    if part.text:
        body += f"<pre>{_e(part.text)}</pre>"
    if part.extra:
        body += "<ul>" + "".join(f"<li>{_e(line)}</li>" for line in part.extra) + "</ul>"
    if part.caption:
        body += f"<p>{_e(part.caption)}</p>"
    return f'<section class="chart"><h2>{_e(part.title)}</h2>{body}</section>'


def render_html(
    sheet: ParSheet,
    rules: RulesSubmission | None = None,
    *,
    charts: Iterable[StrategyChart | ReportSection] | None = None,
) -> str:
    """The report of ``sheet`` as one HTML document (UTF-8 text, every image an inline
    SVG). ``rules`` adds the most one player can win in cents at the table maximum;
    ``charts`` defaults to :func:`strategy_charts`."""
    game = sheet.game if sheet.variant is None else f"{sheet.game} ({sheet.variant})"
    parts = list(strategy_charts(sheet, rules) if charts is None else charts)
    summary = "".join(
        f'<tr><td><a href="#{_e(w.wager)}">{_e(w.wager)}</a></td>'
        f'<td class="num">{_e(_pct(w.house_edge))}</td>'
        f'<td class="num">{float(w.hit_frequency):.6g}</td>'
        f'<td class="num">{w.std_dev:.4f}</td>'
        f'<td class="num">{float(w.max_win):,.6g}</td></tr>'
        for w in sheet.wagers
    )
    stamp = (
        f"<p>Rules Submission sha256 <code>{_e(sheet.rules_sha256)}</code></p>"
        if sheet.rules_sha256
        else ""
    )
    notes = "".join(
        f"<li><pre>{_e(note)}</pre></li>" if "\n" in note else f"<li>{_e(note)}</li>"
        for note in sheet.notes
    )
    created = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>Par sheet: {_e(game)}</title>'
        f"<style>{_STYLE}</style></head><body>"
        f"<h1>Par sheet: {_e(game)}</h1>{stamp}"
        f"<p>Figures per unit staked; house edge as a percentage with its exact fraction. "
        f"croupier {_e(__version__)}, {created}.</p>"
        '<table class="summary"><tr><th>Wager</th><th>House edge</th><th>Hit frequency</th>'
        "<th>Std dev</th><th>Most won per unit</th></tr>"
        f"{summary}</table>"
        + "".join(wager_html(sheet, figures, rules) for figures in sheet.wagers)
        + "".join(_section_html(part) for part in parts)
        + (f"<section><h2>Notes</h2><ul>{notes}</ul></section>" if notes else "")
        + "</body></html>\n"
    )


def write_report(
    sheet: ParSheet,
    directory: str | Path,
    rules: RulesSubmission | None = None,
    *,
    charts: Iterable[StrategyChart | ReportSection] | None = None,
) -> Path:
    """Write :func:`render_html` of ``sheet`` as ``<directory>/<game>.html`` (the folder
    is created if needed) and return the file's path. Raises ``OSError`` if it cannot be
    written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{sheet.game}.html"
    path.write_text(render_html(sheet, rules, charts=charts), encoding="utf-8")
    return path


__all__ = [
    "BLACKJACK_CODES",
    "CODE_COLORS",
    "ReportSection",
    "StrategyChart",
    "chart_svg",
    "criss_cross_poker_chart",
    "double_back_jack_chart",
    "element_of_risk",
    "go_fore_it_chart",
    "most_won_per_round",
    "outcome_distribution",
    "outcome_plot",
    "pai_gow_ways_section",
    "render_html",
    "rules_stamping",
    "strategy_charts",
    "wager_html",
    "wager_maximum",
    "write_report",
]
