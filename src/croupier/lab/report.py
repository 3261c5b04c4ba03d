"""The RNG battery as one self-contained HTML report (``croupier rng test --html FILE``).

Per game: the verdict and the threshold each p-value was held to; per draw: every test
with its statistic, degrees of freedom, p-value and verdict, and its plots, inline SVG
drawn with matplotlib (no pyplot): the p-values on a log scale against the significance
and the Bonferroni threshold; the counts of the frequency test against what a fair draw
expects, with two standard deviations either side; for a shuffle, the heat map of every
item's standardized count at every position.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
from matplotlib.figure import Figure

from croupier import __version__
from croupier.analysis.charts.base import svg
from croupier.lab.battery import FAIL, NOT_RUN, TestResult
from croupier.lab.evidence import Battery, DrawReport

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { color: #2e7d32; font-weight: 600; } .fail { color: #c62828; font-weight: 700; }
.notrun { color: #757575; } figure { display: inline-block; margin: 0.4em; }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def p_value_plot(results: Sequence[TestResult], alpha: float, threshold: float) -> str:
    """Each test's p-value on a log scale, with the significance and the threshold."""
    run = [r for r in results if r.p_value is not None]
    figure = Figure(figsize=(7.5, 0.32 * len(run) + 1.2))
    axes = figure.add_subplot()
    values = [max(r.p_value or 0.0, 1e-300) for r in run]
    colors = ["#c62828" if r.verdict == FAIL else "#2e7d32" for r in run]
    axes.barh(range(len(run)), [-math.log10(v) for v in values], color=colors)
    axes.axvline(-math.log10(alpha), color="#ef6c00", linestyle="--", label=f"alpha {alpha:g}")
    axes.axvline(
        -math.log10(threshold), color="#6a1b9a", linestyle=":", label=f"Bonferroni {threshold:.2g}"
    )
    axes.set_yticks(range(len(run)), [r.test for r in run], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("-log10(p-value): longer is less likely under a fair generator")
    axes.legend(fontsize=8, loc="lower right")
    return svg(figure)


def frequency_plot(result: TestResult) -> str:
    """Observed counts against the expected count, two standard deviations either side."""
    observed = np.array(result.observed)
    expected = np.array(result.expected)
    figure = Figure(figsize=(min(9.0, 0.18 * len(observed) + 3), 2.6))
    axes = figure.add_subplot()
    cells = np.arange(len(observed))
    axes.bar(cells, observed, color="#90caf9", label="observed")
    spread = 2 * np.sqrt(expected)
    axes.fill_between(
        cells,
        expected - spread,
        expected + spread,
        color="#ffb74d",
        alpha=0.5,
        step="mid",
        label="expected ± 2 sd",
    )
    axes.plot(cells, expected, color="#ef6c00", drawstyle="steps-mid")
    low = float(min(observed.min(), (expected - spread).min()))
    high = float(max(observed.max(), (expected + spread).max()))
    axes.set_ylim(low - 0.2 * (high - low + 1), high + 0.2 * (high - low + 1))
    axes.set_title(result.test, fontsize=9)
    axes.set_xlabel("value (cell)")
    axes.legend(fontsize=7)
    return svg(figure)


def positions_plot(result: TestResult) -> str:
    """Every item's standardized count at every position (a fair shuffle: noise in ±3)."""
    residuals = np.asarray(result.residuals)
    figure = Figure(figsize=(5.5, 4.6))
    axes = figure.add_subplot()
    image = axes.imshow(residuals, cmap="coolwarm", vmin=-4, vmax=4, interpolation="nearest")
    axes.set_xlabel("position in the shuffled order (0: top)")
    axes.set_ylabel("item (its place before the shuffle)")
    axes.set_title("(count - expected) / sqrt(expected)", fontsize=9)
    figure.colorbar(image, ax=axes, shrink=0.8)
    return svg(figure)


def _row(result: TestResult) -> str:
    css = {FAIL: "fail", NOT_RUN: "notrun"}.get(result.verdict, "pass")
    statistic = "" if result.statistic is None else f"{result.statistic:,.4g}"
    kind = "" if result.statistic is None else ("z" if result.df is None else f"{result.df:,}")
    p = "" if result.p_value is None else f"{result.p_value:.4g}"
    return (
        f"<tr><td>{_e(result.test)}</td><td>{_e(result.what)}</td>"
        f'<td class="num">{statistic}</td><td class="num">{kind}</td>'
        f'<td class="num">{p}</td><td class="{css}">{_e(result.verdict)}</td>'
        f"<td>{_e(result.note)}</td></tr>"
    )


def _draw_html(report: DrawReport, battery: Battery) -> str:
    draw = report.draw
    rows = "".join(_row(r) for r in report.results)
    plots = [p_value_plot(report.results, battery.alpha, battery.threshold)]
    for result in report.results:
        if result.residuals is not None:
            plots.append(positions_plot(result))
        elif result.test.startswith("frequency") and result.observed:
            plots.append(frequency_plot(result))
    figures = "".join(f"<figure>{plot}</figure>" for plot in plots)
    return (
        f"<h3>{_e(draw.name)} ({_e(draw.cite)}): {report.count:,} values</h3>"
        "<table><tr><th>Test</th><th>What it checks</th><th>Statistic</th>"
        "<th>df (or z)</th><th>p-value</th><th>Verdict</th><th>Note</th></tr>"
        f"{rows}</table>{figures}"
    )


def render_html(batteries: Sequence[Battery]) -> str:
    """The report of ``batteries`` (one a game) as one HTML document."""
    created = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    summary = "".join(
        f"<tr><td>{_e(b.game)}</td><td><code>{_e(b.rules_sha256[:16])}</code></td>"
        f'<td class="num">{sum(r.p_value is not None for r in b.results)}</td>'
        f'<td class="num">{b.threshold:.3g}</td>'
        f'<td class="{"fail" if b.verdict == FAIL else "pass"}">{_e(b.verdict)}</td></tr>'
        for b in batteries
    )
    alpha = batteries[0].alpha if batteries else 0.0
    generator = batteries[0].generator if batteries else ""
    body = "".join(
        f"<section><h2>{_e(b.game)}: {_e(b.verdict)}</h2>"
        + "".join(_draw_html(report, b) for report in b.draws)
        + "</section>"
        for b in batteries
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8"><title>RNG evidence</title>'
        f"<style>{_STYLE}</style></head><body><h1>RNG evidence</h1>"
        f"<p>croupier {_e(__version__)}, {created}. Generator: {_e(generator)}.</p>"
        f"<p>Significance {alpha:g}: a test fails when its p-value is below {alpha:g}; a "
        "game's battery fails when any p-value is below the significance divided by the "
        "number of its tests run (Bonferroni), so that a fair generator fails it with a "
        f"probability of at most {alpha:g}.</p>"
        "<table><tr><th>Game</th><th>Rules Submission</th><th>Tests run</th>"
        f"<th>Threshold</th><th>Verdict</th></tr>{summary}</table>{body}</body></html>\n"
    )
