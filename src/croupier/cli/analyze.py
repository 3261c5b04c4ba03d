"""`croupier analyze GAME`: the exact par sheet of a game, as a table or as JSON.

``croupier analyze high-roll-dice [--rules FILE.toml] [--variant ten_dice|six_dice|
ten_dice_2014] [--json] [--html DIR] [--csv DIR] [--xlsx DIR] [--mix WAGER=WEIGHT,...]``;
``--html`` also writes a self-contained report (:mod:`croupier.analysis.report`) as
``DIR/GAME.html``; ``--csv`` and ``--xlsx`` the lab sheet (:mod:`croupier.analysis.lab_sheet`:
combination counts, "1 in N", the payout distribution) as ``DIR/GAME-TABLE.csv`` files and
``DIR/GAME.xlsx``; ``--mix`` adds the theoretical hold of a bet mix (weights per wager,
e.g. ``pass=0.6,come=0.2,field=0.2``) to the table, the JSON (``bet_mix``) and the
exports. A bad mix exits with code 2 naming what is wrong. A Rules Submission (TOML,
:func:`croupier.registry.load`) supplies the operator's choices; ``--variant`` overrides
the field that names its rule set (the game's
:attr:`~croupier.rules.base.RulesSubmission.variant_field`: High Roll Dice's ``variant``,
Sic Bo's ``paytable``, Pai Gow's ``house_way``; the result is validated again; a game with
one rule set refuses it). Errors (unknown game, bad submission)
print the cited message and exit with code 2. A wager whose house edge is negative gets a
``WARNING`` line under the table; a wager the Rules Submission does not offer is still
listed, labelled ``(not offered under these rules)`` (its description in ``--json`` and
``--html`` begins so).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from croupier.analysis.par_sheet import ParSheet, WagerFigures, percent
from croupier.cli.server import fail_error
from croupier.cli.wide import print_rows
from croupier.errors import RulesSubmissionError
from croupier.identity import identity
from croupier.registry import GAMES, load
from croupier.rules import RulesSubmission
from croupier.rules.base import validate

if TYPE_CHECKING:
    from croupier.analysis.lab_sheet import LabSheet, MixHold


NOT_OFFERED = "(not offered under these rules)"
"""How a par sheet's wager description begins when the Rules Submission does not offer
the wager (its figures are still shown, for comparison); the table labels its row so."""


def offered(figures: WagerFigures) -> bool:
    """Whether the Rules Submission the sheet was made under offers this wager."""
    return not figures.description.startswith(NOT_OFFERED)


def said(figures: WagerFigures, rules: RulesSubmission | None) -> str:
    """The wager of a par sheet's row as the player reads it under ``rules``
    (:func:`croupier.analysis.returns.wager_said`, as the terminal's ``odds`` says it);
    its key where no rules are given. The ``--json`` document keeps the keys."""
    if rules is None:
        return figures.wager
    from croupier.analysis.returns import wager_said

    words = figures.description.removeprefix(NOT_OFFERED).strip()
    return wager_said(rules, figures.wager, words, figures.strategy)


def warnings(sheet: ParSheet, rules: RulesSubmission | None = None) -> list[str]:
    """A warning line for every wager whose house edge is negative (the player has the
    advantage), whatever the game; each wager named as :func:`said` names it."""
    return [
        f"WARNING: {said(figures, rules)} has a negative house edge: the player has the "
        "advantage, "
        f"expected return {float(figures.expected_return) * 100:+.4f}% per unit staked"
        + ("" if offered(figures) else f" {NOT_OFFERED}")
        + "."
        for figures in sheet.wagers
        if figures.house_edge < 0
    ]


class AnalyzeError(Exception):
    """A request ``analyze`` cannot answer; the message says why."""


def analyses() -> dict[str, str]:
    """Game name -> the module whose ``par_sheet(rules) -> ParSheet`` makes its par sheet
    (every registered game that names one: :attr:`croupier.game.GameSpec.analysis`)."""
    return {name: spec.analysis for name, spec in GAMES.items() if spec.analysis}


def _par_sheet(game: str, submission: RulesSubmission | None, variant: str | None) -> ParSheet:
    """The par sheet of ``game`` under ``submission`` (``None``: the defaults), with its
    variant replaced by ``variant`` if given (the result is validated again)."""
    rules_type = GAMES[game].rules_type
    if submission is not None and not isinstance(submission, rules_type):
        raise AnalyzeError(f"the Rules Submission is for {submission.game!r}, not {game!r}")
    rules = _with_variant(game, submission, variant)
    module = importlib.import_module(analyses()[game])
    sheet: ParSheet = module.par_sheet(rules)
    return sheet


def _with_variant(game: str, submission: RulesSubmission | None, variant: str | None) -> Any:
    """The Rules Submission of ``game`` (``submission``, or the defaults) with the field
    that names its rule set (:attr:`~croupier.rules.base.RulesSubmission.variant_field`)
    set to ``variant`` if given, validated again. Raises :class:`AnalyzeError` for a game
    with one rule set, :class:`RulesSubmissionError` for a rule set it does not have."""
    rules_type = GAMES[game].rules_type
    data = submission.canonical_dict() if submission is not None else {"game": game}
    if variant is not None:
        field = rules_type.variant_field
        if field is None:
            raise AnalyzeError(f"{game} has one rule set: --variant does not apply to it")
        try:
            return validate(rules_type, data | {field: variant})
        except RulesSubmissionError as error:
            raise RulesSubmissionError(
                f"--variant {variant} sets {game}'s {field}: {error.reason}", error.cite
            ) from error
    return validate(rules_type, data)


def variant_help() -> str:
    """What ``--variant`` sets, game by game (every registered game with a rule-set field)."""
    fields = [
        f"{name}'s {spec.rules_type.variant_field}"
        for name, spec in GAMES.items()
        if spec.rules_type.variant_field is not None
    ]
    return (
        "The rule set the par sheet is for (overrides the submission's): "
        + ", ".join(fields)
        + "; e.g. six_dice, high."
    )


def _table(sheet: ParSheet, console: Console, rules: RulesSubmission | None = None) -> None:
    """Print the par sheet's figures, one row per wager named in words (:func:`said`
    under ``rules``; a card per wager where the columns do not fit the terminal,
    :func:`croupier.cli.wide.print_rows`): after the
    usual five columns, the element of risk where any wager has one and every further
    figure the sheet's wagers carry (:attr:`~croupier.analysis.par_sheet.WagerFigures.extra`,
    headed in words: the per-roll figures of Craps), blank for a wager without it."""
    from croupier.analysis.returns import game_said

    game = game_said(sheet.game, sheet.variant)
    headings = ["Wager", "Return", "House edge", "Hit frequency", "Std dev"]
    risk = any(figures.element_of_risk is not None for figures in sheet.wagers)
    if risk:
        headings.append("Element of risk")
    extras = list(dict.fromkeys(name for f in sheet.wagers for name, _ in f.extra))
    headings += [name.replace("_", " ").capitalize() for name in extras]
    headings.append("Method")
    rows = []
    for figures in sheet.wagers:
        row = [
            said(figures, rules) + ("" if offered(figures) else f" {NOT_OFFERED}"),
            f"{float(figures.expected_return):+.6f}",
            percent(figures.house_edge),
            f"{float(figures.hit_frequency):.6g}",
            f"{figures.std_dev:.4f}",
        ]
        if risk:
            row.append("" if figures.element_of_risk is None else percent(figures.element_of_risk))
        found = dict(figures.extra)
        for name in extras:
            value = found.get(name)
            text = "" if value is None else f"{float(value):.4f}"
            row.append(percent(value) if value is not None and "edge" in name else text)
        row.append(figures.method)
        rows.append(row)
    title = f"{game}: figures per unit staked"
    print_rows(console, title, headings, rows, right=headings[1:-1])


Game = Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. high-roll-dice.")]
"""The game a command is about (``analyze``, ``simulate``)."""
UnderRules = Annotated[
    Path | None,
    typer.Option("--rules", help="A Rules Submission (TOML) to analyze under."),
]
Variant = Annotated[str | None, typer.Option("--variant", help=variant_help())]
Decks = Annotated[
    int | None,
    typer.Option(
        "--decks",
        help="Decks in the shoe, e.g. 1, 2, 6, 8 (overrides the submission's; double-back-jack).",
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the par sheet as a JSON document.")]
HtmlDir = Annotated[
    Path | None,
    typer.Option(
        "--html",
        help="Also write a self-contained HTML report (tables, plots, strategy chart) "
        "as DIR/GAME.html.",
        metavar="DIR",
    ),
]
CsvDir = Annotated[
    Path | None,
    typer.Option(
        "--csv",
        help="Also write the lab sheet (combination counts, 1 in N, payout "
        "distribution, bet mix) as CSV files DIR/GAME-TABLE.csv.",
        metavar="DIR",
    ),
]
XlsxDir = Annotated[
    Path | None,
    typer.Option(
        "--xlsx", help="Also write the lab sheet as a workbook DIR/GAME.xlsx.", metavar="DIR"
    ),
]
Mix = Annotated[
    str | None,
    typer.Option(
        "--mix",
        help="A bet mix, weights per wager (e.g. pass=0.6,come=0.2,field=0.2): print its "
        "theoretical hold per unit initially wagered and per unit of total wagered.",
        metavar="WAGER=WEIGHT,...",
    ),
]


def analyze(
    game: Game,
    rules_file: UnderRules = None,
    variant: Variant = None,
    decks: Decks = None,
    as_json: AsJson = False,
    html_dir: HtmlDir = None,
    csv_dir: CsvDir = None,
    xlsx_dir: XlsxDir = None,
    mix_text: Mix = None,
) -> None:
    """Print the exact par sheet of GAME: return, house edge, hit frequency and standard
    deviation of every wager, per unit staked."""
    submission, sheet = _analyzed(game, rules_file, decks, variant)
    rules = _with_variant(game, submission, variant)
    if html_dir is not None:
        _write_html(sheet, html_dir, (submission, rules))
    wanted = mix_text is not None or csv_dir is not None or xlsx_dir is not None
    lab = _lab(sheet, rules, mix_text) if wanted else None
    if lab is not None and (csv_dir is not None or xlsx_dir is not None):
        _write_lab(lab, csv_dir, xlsx_dir)
    mix = None if lab is None else lab.mix
    if as_json:  # the par sheet's document, and the croupier that computed it
        document = sheet.to_dict() | {"software": identity().to_dict()}
        if mix is not None:
            from croupier.analysis.lab_sheet import mix_dict

            document["bet_mix"] = mix_dict(mix)
        typer.echo(json.dumps(document, indent=2))
        return
    _print_sheet(sheet, rules, mix)


def _analyzed(
    game: str, rules_file: Path | None, decks: int | None, variant: str | None
) -> tuple[RulesSubmission | None, ParSheet]:
    """The Rules Submission ``analyze`` was given (``rules_file`` with ``decks`` set, or
    ``None``) and the par sheet of ``game`` under it; exit 2 with the reason when either
    cannot be had."""
    known = analyses()
    if game not in known:
        named = f"{game!r} has no exact analysis" if game in GAMES else f"unknown game {game!r}"
        raise fail_error(f"{named}; games analyzed: {', '.join(sorted(known))}")
    submission: RulesSubmission | None = None
    try:
        if rules_file is not None:
            submission = load(rules_file)
        if decks is not None:
            if "decks" not in GAMES[game].rules_type.model_fields:
                raise AnalyzeError(
                    f"{game}'s Rules Submission sets no number of decks: --decks does not apply"
                )
            data = submission.canonical_dict() if submission else {"game": game}
            submission = validate(GAMES[game].rules_type, data | {"decks": decks})
        return submission, _par_sheet(game, submission, variant)
    except RulesSubmissionError as error:
        raise fail_error(error.told) from error
    except (OSError, UnicodeDecodeError) as error:
        raise fail_error(
            f"cannot read the Rules Submission {str(rules_file)!r}: {error}"
        ) from error
    except AnalyzeError as error:
        raise fail_error(str(error)) from error


def _print_sheet(sheet: ParSheet, rules: RulesSubmission, mix: MixHold | None) -> None:
    """Print the par sheet for the terminal: its table (:func:`_table`), the warnings, the
    strategy chart and notes it carries, the bet mix if any, and who computed it."""
    console = Console()
    _table(sheet, console, rules)
    for warning in warnings(sheet, rules):
        console.print(warning, style="bold red", highlight=False)
    if callable(chart := getattr(sheet, "chart_table", None)):
        console.print(chart())
    for note in sheet.notes:
        console.print(f"- {note}", highlight=False)
    if mix is not None:
        from croupier.analysis.lab_sheet import mix_lines

        console.print("\n".join(["Bet mix", *mix_lines(mix)]), highlight=False)
    console.print("\n".join(["Computed by", *identity().lines()]), highlight=False)


def _lab(sheet: ParSheet, rules: RulesSubmission, mix_text: str | None) -> LabSheet:
    """The lab sheet of ``sheet`` under ``rules``, with the bet mix ``mix_text`` if
    given; a bad mix exits with code 2."""
    from croupier.analysis.lab_sheet import MixError, lab_sheet, parse_mix

    try:
        mix = None if mix_text is None else parse_mix(mix_text)
        return lab_sheet(sheet, rules, mix)
    except MixError as error:
        raise fail_error(str(error)) from error


def _write_lab(lab: LabSheet, csv_dir: Path | None, xlsx_dir: Path | None) -> None:
    """Write the lab sheet as CSV files and/or a workbook (exit 2 if it cannot be)."""
    from croupier.analysis.lab_export import write_csv, write_xlsx

    try:
        paths = [] if csv_dir is None else write_csv(lab, csv_dir)
        if xlsx_dir is not None:
            paths.append(write_xlsx(lab, xlsx_dir))
    except OSError as error:
        raise fail_error(f"cannot write the lab sheet: {error}") from error
    for path in paths:
        typer.echo(f"wrote {path}", err=True)


def _write_html(
    sheet: ParSheet, folder: Path, candidates: tuple[RulesSubmission | None, RulesSubmission]
) -> None:
    """Write the HTML report of ``sheet`` into ``folder`` (exit 2 if it cannot be); the
    amounts in cents use the Rules Submission among ``candidates`` (the one given, the
    one analyzed under) the sheet is stamped with, if found."""
    from croupier.analysis.report import rules_stamping, write_report

    rules = rules_stamping(sheet, candidates)
    try:
        path = write_report(sheet, folder, rules)
    except OSError as error:
        raise fail_error(f"cannot write the report into {str(folder)!r}: {error}") from error
    typer.echo(f"wrote {path}", err=True)


ANALYZE_HELP = (
    "Print the exact par sheet of GAME: return, house edge, hit frequency and standard "
    "deviation of every wager, per unit staked."
)
"""The help text (one paragraph, so the terminal wraps it, not the docstring's lines)."""


def register(app: typer.Typer) -> None:
    """Add `analyze` to the command line."""
    app.command("analyze", help=ANALYZE_HELP)(analyze)
