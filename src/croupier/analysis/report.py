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
strategy chart follows (:func:`strategy_charts`), drawn by the module the game names
(:attr:`croupier.game.GameSpec.chart`, in :mod:`croupier.analysis.charts`): the Go Fore
It Back 9 decision, the Criss-Cross Poker Across decision, the Pai Gow house ways
compared, the Double Back Jack basic strategy. The stake behind the most won at the
table maximum is the wager's own limit (:meth:`RulesSubmission.wager_maximum
<croupier.rules.base.RulesSubmission.wager_maximum>`).

Every figure is per unit staked as the par sheet gives it (house edge 0.05 is 5%);
amounts are cents.
"""

from __future__ import annotations

import functools
import html
import importlib
from collections.abc import Iterable
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from matplotlib.figure import Figure

from croupier.analysis.charts.base import ReportSection, StrategyChart, chart_svg, svg
from croupier.analysis.par_sheet import (
    ParSheet,
    WagerFigures,
    element_of_risk,
    exact_text,
    outcome_distribution,
    percent,
)
from croupier.errors import UnknownGame
from croupier.identity import identity
from croupier.money import Cents, format_cents, payout
from croupier.registry import find
from croupier.rules.base import RulesSubmission

WIN_COLOR = "#2e7d32"
LOSS_COLOR = "#c62828"
PUSH_COLOR = "#757575"


# --- figures -----------------------------------------------------------------------------------
def _net_text(net: Fraction) -> str:
    """A net per unit staked as a short label: ``+5000``, ``-1``, ``+0.95``, ``0``."""
    if net == 0:
        return "0"
    if net.denominator == 1:
        return f"{int(net):+d}"
    return f"{float(net):+.4g}"


def outcome_plot(figures: WagerFigures) -> str:
    """A bar chart (inline SVG) of the probability of each net result per unit staked;
    a logarithmic axis where the probabilities span more than three decades."""
    return _outcome_plot(figures.wager, tuple(outcome_distribution(figures)))


@functools.lru_cache(maxsize=512)
def _outcome_plot(wager: str, distribution: tuple[tuple[Fraction, Fraction], ...]) -> str:
    """:func:`outcome_plot` of the wager named ``wager`` with ``distribution``: drawn
    once per process (the same SVG each time, its metadata dated when first drawn), as a
    game's wagers come again in each report, filing and variant of the same rules."""
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
    axes.set_title(wager, fontsize=10)
    axes.grid(axis="y", alpha=0.3)
    return svg(figure)


# --- strategy charts ---------------------------------------------------------------------------
def strategy_charts(
    sheet: ParSheet, rules: RulesSubmission | None = None
) -> list[StrategyChart | ReportSection]:
    """The strategy charts of ``sheet``'s game, drawn by the ``strategy_chart(sheet,
    rules)`` of the module its spec names (:attr:`~croupier.game.GameSpec.chart`); empty
    for a game that names none (no decisions) or a game not registered. A chart that
    cannot be drawn is replaced by a section saying why."""
    try:
        spec = find(sheet.game)
    except UnknownGame:
        return []
    if spec.chart is None:
        return []
    try:
        drawn: StrategyChart | ReportSection | None = importlib.import_module(
            spec.chart
        ).strategy_chart(sheet, rules)
    except Exception as error:  # a chart must not cost the rest of the report
        return [ReportSection(title="Strategy chart", text=f"not drawn: {error!r}")]
    return [] if drawn is None else [drawn]


# --- the most one player can win -----------------------------------------------------------
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
REPORT_STYLE = """
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


def _fraction_cell(text: str, value: Fraction, exact: bool = True) -> str:
    """A number cell, with its exact ``p/q`` only where the figure is ``exact``."""
    if not exact:
        return f'<td class="num">{_e(text)}</td>'
    return f'<td class="num">{_e(text)} <span class="exact">({_e(exact_text(value))})</span></td>'


def _figure_rows(
    sheet: ParSheet, figures: WagerFigures, rules: RulesSubmission | None
) -> list[str]:
    """The rows of one wager's table of figures."""

    def row(heading: str, text: str, value: Fraction | None = None) -> str:
        cell = (
            f'<td class="num">{_e(text)}</td>'
            if value is None
            else _fraction_cell(text, value, figures.exact)
        )
        return f"<tr><th>{_e(heading)}</th>{cell}</tr>"

    rows = [
        row(
            "Return per unit staked",
            f"{float(figures.expected_return):+.6f}",
            figures.expected_return,
        ),
        row("House edge", percent(figures.house_edge), figures.house_edge),
    ]
    risk = element_of_risk(sheet, figures)
    if risk is not None:
        rows.append(row("Element of risk (per total wagered)", percent(risk), risk))
    for name, value in figures.extra:
        rows.append(row(name.replace("_", " ").capitalize(), f"{float(value):.6g}", value))
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
        stake = rules.wager_maximum(figures.wager)
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
    return rows


def wager_html(
    sheet: ParSheet, figures: WagerFigures, rules: RulesSubmission | None, *, plot: bool = True
) -> str:
    """The section of one wager: its figures, its outcomes and (``plot``) its outcome
    plot."""
    rows = _figure_rows(sheet, figures, rules)
    outcomes = [
        "<tr><th>Outcome</th><th>Net per unit staked</th><th>Probability</th><th>Hit</th></tr>"
    ]
    for outcome in figures.outcomes:
        outcomes.append(
            f"<tr><td>{_e(outcome.label)}</td>"
            + _fraction_cell(_net_text(outcome.net), outcome.net)
            + _fraction_cell(
                f"{float(outcome.probability):.6g}", outcome.probability, figures.exact
            )
            + f"<td>{'yes' if outcome.hit else 'no'}</td></tr>"
        )
    description = f"<p>{_e(figures.description)}</p>" if figures.description else ""
    if figures.house_edge < 0:
        description += (
            '<p class="warning"><strong>WARNING: negative house edge: the player has the '
            f"advantage</strong> (return {_e(percent(figures.expected_return))} per unit "
            "staked).</p>"
        )
    return (
        f'<section class="wager" id="{_e(figures.wager)}">'
        f"<h2>{_e(figures.wager)}</h2>{description}"
        f'<table class="figures">{"".join(rows)}</table>'
        f'<table class="outcomes">{"".join(outcomes)}</table>'
        + (f'<div class="figure">{outcome_plot(figures)}</div>' if plot else "")
        + "</section>"
    )


def section_html(part: StrategyChart | ReportSection) -> str:
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
    ``charts`` defaults to :func:`strategy_charts`. The page names the croupier that made
    it (:func:`croupier.identity.identity`)."""
    game = sheet.game if sheet.variant is None else f"{sheet.game} ({sheet.variant})"
    parts = list(strategy_charts(sheet, rules) if charts is None else charts)
    summary = "".join(
        f'<tr><td><a href="#{_e(w.wager)}">{_e(w.wager)}</a></td>'
        f'<td class="num">{_e(percent(w.house_edge))}</td>'
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
        f"<style>{REPORT_STYLE}</style></head><body>"
        f"<h1>Par sheet: {_e(game)}</h1>{stamp}"
        "<p>Figures per unit staked; house edge as a percentage, with its exact fraction "
        "where the figures are exact (each wager's method says how they were found). "
        f"Made by {_e(identity().text())}, {created}.</p>"
        '<table class="summary"><tr><th>Wager</th><th>House edge</th><th>Hit frequency</th>'
        "<th>Std dev</th><th>Most won per unit</th></tr>"
        f"{summary}</table>"
        + "".join(wager_html(sheet, figures, rules) for figures in sheet.wagers)
        + "".join(section_html(part) for part in parts)
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
    "ReportSection",
    "StrategyChart",
    "chart_svg",
    "element_of_risk",
    "most_won_per_round",
    "outcome_distribution",
    "outcome_plot",
    "render_html",
    "rules_stamping",
    "strategy_charts",
    "wager_html",
    "write_report",
]
