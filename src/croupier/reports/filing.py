"""The filing: one printable HTML document a Board reviewer reads top to bottom (issue #31).

:func:`build` gathers, for one Rules Submission, every part of the filing through the
functions that make each today (so that their improvements flow in), and
:func:`render_html` writes them as one self-contained HTML document with print styles (a
browser prints it to PDF: ``@page``, no part split across pages where it fits):

1. the Rules Submission in words: every option, its value (amounts in dollars, from
   cents) and what it means (the option's own documentation in the Rules Submission's
   model, :mod:`croupier.rules`), with its sha256;
2. the table sign (:func:`croupier.registry.sign_for`; a game that draws none says why);
3. the par sheet with each wager's method and strategy, and the strategy charts
   (:func:`croupier.analysis.report.wager_html`, its ``strategy_charts``; the figures
   from the game's exact analysis, which keeps its slow solves cached);
4. the simulation cross-check: ``rounds`` simulated rounds
   (:func:`croupier.analysis.simulation.run`), each wager's simulated house edge with
   its 99.9% interval beside the exact figure;
5. the RNG evidence: the game's random draws, how each scales the generator, and the
   statistical battery on ``rng_count`` values of each (:func:`croupier.lab.evidence.run_battery`);
6. the traceability of the chapter (its part of ``docs/traceability.md``, as written);
7. the software identity (:func:`croupier.identity.identity`);
8. the approval state and history: every table version of this submission (by sha256) in
   the database given, with each step of its workflow (:mod:`croupier.ledger.submissions`).
"""

from __future__ import annotations

import ast
import html
import inspect
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from croupier.analysis.par_sheet import ParSheet, exact_text, percent
from croupier.analysis.report import REPORT_STYLE, strategy_charts, wager_html
from croupier.analysis.report import section_html as chart_html
from croupier.analysis.simulation import CONFIDENCE, SimulationResult, run
from croupier.citations import is_inferred, shown
from croupier.errors import NoSign
from croupier.identity import Identity, identity
from croupier.lab.evidence import Battery, BytesGenerator, NoDraws, draws_of, run_battery
from croupier.lab.evidence import scaling_text as scaling
from croupier.money import format_cents
from croupier.registry import find, sign_for
from croupier.rules.base import RulesSubmission
from croupier.signs import sign_text

TRACEABILITY = Path(__file__).resolve().parents[3] / "docs" / "traceability.md"
"""``docs/traceability.md`` of the checkout croupier runs from (absent from an installed
wheel: the filing then says so)."""

PRINT_STYLE = """
@page { size: letter; margin: 1.8cm 1.5cm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  h1 { page-break-before: avoid; } h2 { page-break-after: avoid; }
  section.part { page-break-before: always; }
  table, .figure, pre { page-break-inside: avoid; }
  nav { display: none; }
}
section.part > h2 { font-size: 1.45em; border-bottom: 2px solid #333; }
.verdict-fail, .outside { color: #c62828; font-weight: bold; }
"""


# --- the options in words ------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One option of a Rules Submission: its field, heading, value in words and meaning."""

    field: str
    heading: str
    value: str
    meaning: str


def _documented(cls: type) -> dict[str, tuple[str, str]]:
    """Field -> (annotation as written, its docstring) for ``cls`` and its bases."""
    found: dict[str, tuple[str, str]] = {}
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, RulesSubmission)):
            continue
        try:
            tree = ast.parse(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node, after in zip(body, [*body[1:], None], strict=True):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                doc = ""
                if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    doc = " ".join(str(after.value.value).split())
                found[node.target.id] = (ast.unparse(node.annotation), doc)
    return found


def _value_text(value: Any, money: bool) -> str:
    if value is None:
        return "not set (the default the meaning names)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if money and isinstance(value, int):
        return f"{format_cents(value)} ({value:,} cents)"
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(item, money) for item in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_value_text(item, money)}" for key, item in value.items())
    return str(value)


def options(rules: RulesSubmission) -> list[Option]:
    """Every option of ``rules`` (its model's fields in order) with its value in words:
    amounts (fields typed in cents) in dollars and cents, yes/no, lists joined."""
    documented = _documented(type(rules))
    data = rules.canonical_dict()
    listed = []
    for name in type(rules).model_fields:
        annotation, meaning = documented.get(name, ("", ""))
        value = data.get(name, getattr(rules, name))
        heading = name.replace("_", " ").capitalize()
        money = "Cents" in annotation
        listed.append(Option(name, heading, _value_text(value, money), meaning))
    return listed


# --- the parts -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One step of a version's workflow as the filing shows it."""

    table_id: str
    version: int
    state: str
    at: datetime
    by: str
    reference: str
    reason: str


@dataclass(frozen=True)
class Filing:
    """Everything a filing shows, gathered by :func:`build`."""

    rules: RulesSubmission
    title: str
    chapter: str
    options: list[Option]
    sign: str | None
    no_sign: str | None
    sheet: ParSheet
    simulation: SimulationResult
    battery: Battery | None
    draws: list[tuple[str, str, str]]
    traceability: str | None
    software: Identity
    approval: list[Step] | None
    made_at: datetime
    plots: bool = True
    """Whether each wager's outcome plot is drawn (a draft without them is written in
    seconds; the tables, figures and strategy charts are all there)."""


def traceability_of(chapter: str, path: Path = TRACEABILITY) -> str | None:
    """The part of ``docs/traceability.md`` whose heading names ``chapter`` (its ``## ``
    heading through the line before the next), as written; ``None`` where the file is
    not at hand or has no such part."""
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(?=## )", text)
    named = re.compile(rf"(?<![\w.]){re.escape(chapter)}(?![\w.])")
    for part in parts:
        if part.startswith("## ") and named.search(part.splitlines()[0]):
            return part.strip()
    return None


def approval_of(url: str, rules: RulesSubmission) -> list[Step]:
    """Every step of every table version holding ``rules`` (by sha256) in the database at
    ``url``, table by table, version by version."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from croupier.ledger import versions
    from croupier.ledger.db import make_engine
    from croupier.ledger.models import RulesVersion

    engine = make_engine(url)
    try:
        with Session(engine) as session:
            rows = session.scalars(
                select(RulesVersion)
                .where(RulesVersion.rules_sha256 == rules.sha256())
                .order_by(RulesVersion.table_id, RulesVersion.version)
            ).all()
            return [
                Step(
                    row.table_id,
                    row.version,
                    step.state,
                    versions.utc(step.at),
                    step.actor,
                    step.reference,
                    step.reason,
                )
                for row in rows
                for step in versions.steps(session, row)
            ]
    finally:
        engine.dispose()


def build(
    rules: RulesSubmission,
    sheet: ParSheet,
    *,
    rounds: int,
    seed: int = 1,
    rng_count: int = 10_000,
    db: str | None = None,
    workers: int | None = 1,
    plots: bool = True,
) -> Filing:
    """Gather the filing of ``rules`` and its exact par sheet ``sheet``: simulate
    ``rounds`` rounds from ``seed`` (on ``workers`` processes), run the RNG battery on
    ``rng_count`` values of each draw (0: not run), read the approval history from the
    database at ``db`` (``None``: none given); ``plots=False`` leaves out each wager's
    outcome plot. Raises ``ValueError`` for a sheet of
    another game or submission, and what the simulation raises."""
    if sheet.game != rules.game or sheet.rules_sha256 not in (None, rules.sha256()):
        raise ValueError(f"the par sheet is of {sheet.game} {sheet.rules_sha256}, not these rules")
    spec = find(rules.game)
    try:
        sign, no_sign = sign_text(sign_for(rules)), None
    except NoSign as error:
        sign, no_sign = None, error.reason
    try:
        drawn = draws_of(rules)
    except NoDraws:
        drawn = ()
    draws = [(draw.name, shown(draw.cite), scaling(draw)) for draw in drawn]
    battery = run_battery(rules, rng_count, BytesGenerator()) if rng_count > 0 and drawn else None
    return Filing(
        rules=rules,
        title=spec.title,
        chapter=spec.chapter,
        options=options(rules),
        sign=sign,
        no_sign=no_sign,
        sheet=sheet,
        simulation=run(rules.game, rules, rounds=rounds, seed=seed, workers=workers),
        battery=battery,
        draws=draws,
        traceability=traceability_of(spec.chapter),
        software=identity(),
        approval=None if db is None else approval_of(db, rules),
        made_at=datetime.now(UTC),
        plots=plots,
    )


# --- HTML ----------------------------------------------------------------------------------
def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _part(anchor: str, title: str, body: str) -> str:
    return f'<section class="part" id="{anchor}"><h2>{_e(title)}</h2>{body}</section>'


def _rules_html(filing: Filing) -> str:
    rows = "".join(
        f"<tr><th>{_e(o.heading)}</th><td>{_e(o.value)}</td><td>{_e(o.meaning)}</td></tr>"
        for o in filing.options
    )
    return (
        f"<p>Rules Submission sha256 <code>{_e(filing.rules.sha256())}</code>; "
        f"{len(filing.options)} options, each with the value chosen.</p>"
        f'<table class="options"><tr><th>Option</th><th>Value</th><th>Meaning</th></tr>'
        f"{rows}</table><p>As submitted (canonical JSON):</p>"
        f"<pre>{_e(filing.rules.canonical_json())}</pre>"
    )


def _sign_html(filing: Filing) -> str:
    if filing.sign is not None:
        return f'<pre class="sign">{_e(filing.sign)}</pre>'
    return f"<p>No table sign: {_e(filing.no_sign)}</p>"


def _par_html(filing: Filing) -> str:
    sheet = filing.sheet
    summary = "".join(
        f"<tr><td>{_e(w.wager)}</td><td class='num'>{_e(percent(w.house_edge))}</td>"
        f"<td>{_e(w.method)}</td><td>{_e(w.strategy or 'no decisions')}</td></tr>"
        for w in sheet.wagers
    )
    notes = "".join(f"<li>{_e(note)}</li>" for note in sheet.notes)
    left_out = "" if filing.plots else "<p>Outcome plots left out of this draft.</p>"
    return (
        '<table class="summary"><tr><th>Wager</th><th>House edge</th><th>Method</th>'
        f"<th>Strategy</th></tr>{summary}</table>{left_out}"
        + "".join(
            wager_html(sheet, figures, filing.rules, plot=filing.plots) for figures in sheet.wagers
        )
        + "".join(chart_html(part) for part in strategy_charts(sheet, filing.rules))
        + (f"<h3>Notes</h3><ul>{notes}</ul>" if notes else "")
    )


def _simulation_html(filing: Filing) -> str:
    result = filing.simulation
    exact = {w.wager: w for w in filing.sheet.wagers}
    rows = []
    for estimate in result.estimates(CONFIDENCE):
        figures = exact.get(estimate.wager)
        low, high = -estimate.ci_high, -estimate.ci_low
        if figures is None:
            inside, edge = "no exact figure", ""
        else:
            edge = f"{percent(figures.house_edge)} ({exact_text(figures.house_edge)})"
            within = low <= float(figures.house_edge) <= high
            inside = "yes" if within else '<span class="outside">no</span>'
        rows.append(
            f"<tr><td>{_e(estimate.wager)}</td><td class='num'>{estimate.rounds:,}</td>"
            f"<td class='num'>{_e(percent(-estimate.mean))}</td>"
            f"<td class='num'>{_e(percent(low))} to {_e(percent(high))}</td>"
            f"<td class='num'>{_e(edge)}</td><td>{inside}</td></tr>"
        )
    return (
        f"<p>{result.rounds:,} rounds simulated (seed {result.seed}), independently of the "
        "exact analysis: each wager's house edge from the rounds it was in play, with its "
        f"{CONFIDENCE:.1%} confidence interval ({_e('normal, or Clopper-Pearson where few')} "
        "rounds won), beside the exact figure.</p>"
        "<table><tr><th>Wager</th><th>Rounds in play</th><th>Simulated house edge</th>"
        f"<th>{CONFIDENCE:.1%} interval</th><th>Exact house edge</th>"
        f"<th>Exact within the interval</th></tr>{''.join(rows)}</table>"
    )


def _rng_html(filing: Filing) -> str:
    if not filing.draws:
        return "<p>The game draws nothing at random.</p>"
    draws = "".join(
        f"<tr><td>{_e(name)}</td><td>{_e(cite)}</td><td>{_e(how)}</td></tr>"
        for name, cite, how in filing.draws
    )
    text = (
        "<p>Every random value comes from the operating system's generator "
        "(<code>os.urandom</code>, croupier's <code>SecureRng</code>), scaled without bias "
        "by rejection; each round's values are sealed before its first wager and can be "
        "drawn again from the revealed seeds (<code>croupier verify-round</code>). "
        "<code>croupier rng dump</code> writes a lab's dump, <code>croupier rng test</code> "
        "the full battery.</p>"
        f"<table><tr><th>Draw</th><th>Rule</th><th>Scaling</th></tr>{draws}</table>"
    )
    battery = filing.battery
    if battery is None:
        return text + "<p>The statistical battery was not run for this filing.</p>"
    rows = "".join(
        f"<tr><td>{_e(r.draw)}</td><td>{_e(r.test)}</td>"
        f"<td class='num'>{'' if r.p_value is None else f'{r.p_value:.4f}'}</td>"
        f"<td class='verdict-{_e(r.verdict)}'>{_e(r.verdict)}</td></tr>"
        for r in battery.results
    )
    counts = ", ".join(f"{report.draw.name}: {report.count:,}" for report in battery.draws)
    return text + (
        f"<p>Battery on {_e(battery.generator)}, values per draw ({_e(counts)}), at "
        f"significance {battery.alpha}: verdict <strong class='verdict-{_e(battery.verdict)}'>"
        f"{_e(battery.verdict)}</strong> (each p-value against {battery.threshold:.3g}).</p>"
        f"<table><tr><th>Draw</th><th>Test</th><th>p-value</th><th>Verdict</th></tr>"
        f"{rows}</table>"
    )


def _markdown_table(text: str) -> str:
    """A part of docs/traceability.md as HTML: its tables as tables, other lines as text."""
    out: list[str] = []
    rows: list[list[str]] = []

    def flush() -> None:
        if rows:
            head, *body = rows
            cells = "".join(f"<th>{_e(c)}</th>" for c in head)
            lines = "".join(
                "<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in body
            )
            out.append(f'<table class="trace"><tr>{cells}</tr>{lines}</table>')
            rows.clear()

    for line in text.splitlines()[1:]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                rows.append(cells)
            continue
        flush()
        if line.strip():
            out.append(f"<p>{_e(line)}</p>")
    flush()
    return "".join(out)


def _trace_html(filing: Filing) -> str:
    if filing.traceability is None:
        return (
            f"<p>docs/traceability.md is not at hand in this installation: the part of ch. "
            f"{_e(filing.chapter)} is in the source's docs/traceability.md.</p>"
        )
    heading = filing.traceability.splitlines()[0].removeprefix("## ")
    return f"<p>{_e(heading)} (docs/traceability.md)</p>" + _markdown_table(filing.traceability)


def _software_html(filing: Filing) -> str:
    software = filing.software
    return (
        "<table>"
        f"<tr><th>Software</th><td>croupier {_e(software.version)}</td></tr>"
        f"<tr><th>Commit</th><td><code>{_e(software.commit)}</code></td></tr>"
        f"<tr><th>Critical files sha256</th><td><code>{_e(software.files_sha256)}</code>"
        "</td></tr></table><p><code>croupier identity</code> checks the installed files "
        "against the manifest written when this croupier was built.</p>"
    )


def _approval_html(filing: Filing) -> str:
    if filing.approval is None:
        return (
            "<p>No database was given (<code>--db</code>): no step of this submission's "
            "workflow is recorded here; it is filed as drafted.</p>"
        )
    if not filing.approval:
        return (
            "<p>No table of the database holds this Rules Submission: it has not been "
            "submitted there (<code>croupier rules submit</code>).</p>"
        )
    rows = "".join(
        f"<tr><td>{_e(s.table_id)}</td><td class='num'>{s.version}</td><td>{_e(s.state)}</td>"
        f"<td>{_e(s.at.isoformat())}</td><td>{_e(s.by)}</td><td>{_e(s.reference)}</td>"
        f"<td>{_e(s.reason)}</td></tr>"
        for s in filing.approval
    )
    return (
        "<table><tr><th>Table</th><th>Version</th><th>State</th><th>When</th><th>By</th>"
        f"<th>Reference</th><th>Reason</th></tr>{rows}</table>"
    )


PARTS = (
    ("rules", "1. The Rules Submission", _rules_html),
    ("sign", "2. The table sign", _sign_html),
    ("par-sheet", "3. The par sheet", _par_html),
    ("simulation", "4. The simulation cross-check", _simulation_html),
    ("rng", "5. The RNG evidence", _rng_html),
    ("traceability", "6. The traceability of the chapter", _trace_html),
    ("software", "7. The software identity", _software_html),
    ("approval", "8. The approval state and history", _approval_html),
)
"""The filing's parts, in reading order: (anchor, heading, how it is drawn)."""


def render_html(filing: Filing) -> str:
    """The filing as one self-contained HTML document (inline styles and SVG figures,
    print styles for a browser's print to PDF)."""
    rules = filing.rules
    variant = getattr(rules, "variant_name", None)
    named = variant() if callable(variant) else None
    title = f"{filing.title}{f' ({named})' if named else ''}: filing of a Rules Submission"
    inferred = (
        " (its text not at hand: sections as the 2011 preamble describes them, inferred)"
        if is_inferred(f"{filing.chapter}.1")
        else ""
    )
    nav = "".join(f'<li><a href="#{anchor}">{_e(head)}</a></li>' for anchor, head, _ in PARTS)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
        f"<style>{REPORT_STYLE}{PRINT_STYLE}</style></head><body>"
        f"<h1>{_e(title)}</h1>"
        f"<p>58 Pa. Code ch. {_e(filing.chapter)}{inferred}; "
        f"Rules Submission sha256 <code>{_e(rules.sha256())}</code>; made "
        f"{filing.made_at:%Y-%m-%d %H:%M} UTC by {_e(filing.software.text())}.</p>"
        f"<nav><ol>{nav}</ol></nav>"
        + "".join(_part(anchor, head, draw(filing)) for anchor, head, draw in PARTS)
        + "</body></html>\n"
    )


def write(filing: Filing, folder: str | Path) -> Path:
    """Write :func:`render_html` as ``<folder>/<game>-filing.html`` (the folder made if
    need be); returns its path. Raises ``OSError``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{filing.rules.game}-filing.html"
    path.write_text(render_html(filing), encoding="utf-8")
    return path
