"""`croupier rng dump | test | evidence`: the random number generator's evidence for a
testing lab.

``rng dump GAME --count N [--raw | --scaled] --out FILE [--raw-out FILE] [--draw KEY]
[--rules FILE]`` makes N of each of the game's draws (its dice, shuffles and numbers,
``TablePolicy.random_draws``) exactly as a table makes them (each draw through its own
functions over ``SecureRng``, ``os.urandom`` read for every value) and writes either the
generator's raw bytes, in the order read, rejected ones included (``--raw``: binary), or
the scaled outcomes, one a line after a ``#`` header that says how each is scaled
(``--scaled``, the default: ``dice 3 5 1 ...``, ``deck Kd 4s ...``). ``--raw-out``
writes the raw bytes of the same draws beside a scaled dump, for a lab to check the
scaling.

``rng test [GAME] [--count N] [--alpha A] [--per-draw] [--html FILE] [--json] [--rules
FILE]`` runs the battery (:mod:`croupier.lab.battery`) on N values (faces, numbers, items
placed by shuffles) of each draw of GAME, or of every game that draws: each test's
p-value and verdict at significance A (default 0.01), a Rich progress bar, and an HTML
report with plots. By default the generator's bytes are read in blocks and scaled in bulk
as ``SecureRng`` scales them (byte for byte alike; tens of millions of values a second);
``--per-draw`` draws one value at a time through the game's own functions as a table
does (a few microseconds a value). Exit code 1 when a battery fails, 2 when the command
cannot run as asked.

``rng dump --format`` also writes the forms dieharder and ent read directly
(:mod:`croupier.lab.dumps`): ``raw``, ``dieharder`` (ASCII ``-g 202``), ``bits`` and
``bits-dieharder`` (the scaled outcomes as fair bits).

``rng evidence [--samples N] [--generator os|sealed|both] [--seed HEX] [--confidence C]
[--detail] [--json]`` runs the evidence pack (:mod:`croupier.lab.pack`): every GLI-19
3.2.2 family on the operating system's generator and the sealed draws, each family's
p-value and the collective verdict (:mod:`croupier.lab.verdict`); exit code 1 when the
verdict is fail.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from croupier import __version__
from croupier.cli.server import fail_error
from croupier.cli.wide import progress_bar
from croupier.errors import CroupierError
from croupier.lab.battery import ALPHA, FAIL, NOT_RUN
from croupier.lab.dumps import FORMATS, write_dieharder
from croupier.lab.evidence import (
    Battery,
    BytesGenerator,
    Generator,
    NoDraws,
    RngGenerator,
    draws_of,
    dump,
    key_of,
    run_battery,
)
from croupier.lab.pack import OsSource, Pack, PackSource, SealedSource, family_of, run_pack
from croupier.lab.verdict import CONFIDENCE
from croupier.registry import GAMES, find, load, rules_from_data
from croupier.rng import SEED_BYTES, SecureRng
from croupier.rules.base import RulesSubmission

FAILED = 1
MOST = 10**12
"""The most values of each draw a dump or a battery takes (``--count``)."""


def _rules(game: str | None, rules_file: Path | None) -> RulesSubmission:
    try:
        if rules_file is not None:
            rules = load(rules_file)
            if game is not None and rules.game != game:
                raise fail_error(f"the Rules Submission is for {rules.game!r}, not {game!r}")
            return rules
        assert game is not None
        find(game)
        return rules_from_data({"game": game})
    except CroupierError as error:
        raise fail_error(str(error)) from error
    except OSError as error:
        raise fail_error(
            f"cannot read the Rules Submission {str(rules_file)!r}: {error}"
        ) from error


def _open_dump(
    form: str, out: Path, raw_out: Path | None, handles: list[IO[Any]]
) -> dict[str, Any]:
    """The files a dump of ``form`` writes, opened (and kept in ``handles`` to close)."""

    def opened(path: Path, mode: str) -> IO[Any]:
        handle = path.open(mode, encoding="utf-8") if "b" not in mode else path.open(mode)
        handles.append(handle)
        return handle

    targets: dict[str, Any] = {"scaled": None, "raw": None, "bits": None}
    if form == "scaled":
        targets["scaled"] = opened(out, "w")
    elif form == "raw":
        targets["raw"] = opened(out, "wb")
    elif form == "bits":
        targets["bits"] = opened(out, "wb")
    else:  # dieharder's ASCII input: gathered, then written with its count
        targets["raw" if form == "dieharder" else "bits"] = io.BytesIO()
        targets["ascii"] = opened(out, "w")
    if raw_out is not None:
        targets["raw"] = opened(raw_out, "wb")
    return targets


Game = Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. pai-gow.")]
DumpCount = Annotated[int, typer.Option("--count", min=1, max=MOST, help="How many of each draw.")]
Out = Annotated[Path, typer.Option("--out", dir_okay=False, help="The file to write.")]
Raw = Annotated[bool, typer.Option("--raw/--scaled", help="Raw bytes (binary) or scaled outcomes.")]
Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        help=(
            "scaled (text), raw (bytes read: dieharder -g 201, ent), dieharder (the "
            "bytes as dieharder -g 202 ASCII), bits (the scaled outcomes as fair bits: "
            "dieharder -g 201, ent), bits-dieharder (those bits as -g 202 ASCII)."
        ),
    ),
]
RawOut = Annotated[
    Path | None,
    typer.Option("--raw-out", dir_okay=False, help="With scaled or bits: the same draws' bytes."),
]
Draw = Annotated[
    str | None, typer.Option("--draw", help="Only this draw (its key: dice, deck, ...).")
]
OfGame = Annotated[Path | None, typer.Option("--rules", help="A Rules Submission (TOML) of GAME.")]


def dump_command(
    game: Game,
    count: DumpCount,
    out: Out,
    raw: Raw = False,
    form: Format = None,
    raw_out: RawOut = None,
    draw: Draw = None,
    rules_file: OfGame = None,
) -> None:
    """Write N of each of GAME's draws, raw or scaled, exactly as a table draws them."""
    rules = _rules(game, rules_file)
    form = _dump_form(form, raw, out, raw_out)
    _check_draw(game, rules, draw)
    read = _write_dump(rules, game, count, form, out, raw_out, draw)
    typer.echo(
        f"{count:,} of each draw of {game}; {read:,} bytes read from os.urandom; {out} ({form})"
    )


def _dump_form(form: str | None, raw: bool, out: Path, raw_out: Path | None) -> str:
    """The dump's form (``--format``, else ``raw`` or ``scaled`` as ``--raw/--scaled``
    says) once it, ``--raw`` and ``--raw-out`` are checked to agree; exit 2 otherwise."""
    if form is not None and form not in FORMATS:
        raise fail_error(f"--format {form!r} is not one of {', '.join(FORMATS)}")
    if form is not None and raw and form != "raw":
        raise fail_error(f"--raw and --format {form} disagree: give one")
    form = form or ("raw" if raw else "scaled")
    if form in ("raw", "dieharder") and raw_out is not None:
        raise fail_error(
            f"--raw-out goes with a dump of outcomes (the --format {form} dump is the bytes)"
        )
    if raw_out is not None and raw_out.resolve() == out.resolve():
        raise fail_error(f"--out and --raw-out are the same file ({out}): give each its own")
    return form


def _check_draw(game: str, rules: RulesSubmission, draw: str | None) -> None:
    """Exit 2 when ``game`` draws nothing, or has no draw keyed ``draw`` (``--draw``)."""
    try:
        keys = [key_of(d) for d in draws_of(rules)]
    except NoDraws as error:
        raise fail_error(str(error)) from error
    if draw is not None and draw not in keys:
        raise fail_error(f"{game} has no draw {draw!r}; its draws: {', '.join(keys)}")


def _write_dump(
    rules: RulesSubmission,
    game: str,
    count: int,
    form: str,
    out: Path,
    raw_out: Path | None,
    draw: str | None,
) -> int:
    """Write the dump of ``form`` to ``out`` (and the bytes to ``raw_out``) under a
    progress bar; the number of bytes read. Exit 2 when a file cannot be written."""
    handles: list[IO[Any]] = []
    try:
        targets = _open_dump(form, out, raw_out, handles)
        with progress_bar(False) as bar:
            task = bar.add_task(f"{game}: dump", total=count)
            read = dump(
                rules,
                count,
                scaled=targets["scaled"],
                raw=targets["raw"],
                bits=targets["bits"],
                only=draw,
                progress=lambda done: bar.update(task, completed=done),
            )
        if "ascii" in targets:
            _write_ascii(targets, form, game, rules)
    except (NoDraws, ValueError) as error:
        raise fail_error(str(error)) from error
    except OSError as error:
        raise fail_error(f"cannot write {error.filename!r}: {error.strerror}") from error
    finally:
        for handle in handles:
            handle.close()
    return read


def _write_ascii(targets: dict[str, Any], form: str, game: str, rules: RulesSubmission) -> None:
    """Write the gathered bytes (``dieharder``) or bits (``bits-dieharder``) as
    dieharder's ASCII input, headed by the version, the game and the rules' digest."""
    gathered = targets["raw" if form == "dieharder" else "bits"]
    what = "the bytes read" if form == "dieharder" else "the scaled outcomes as bits"
    write_dieharder(
        gathered.getvalue(),
        targets["ascii"],
        f"croupier {__version__} rng dump: {game}, {what}\n"
        f"Rules Submission sha256 {rules.sha256()}",
    )


def _table(battery: Battery) -> Table:
    skipped = sum(result.verdict == NOT_RUN for result in battery.results)
    run = len(battery.results) - skipped
    scope = f" on the {run} tests run, {skipped} not run" if skipped else ""
    table = Table(
        title=f"{battery.game}: {battery.verdict}{scope} (each p-value held to "
        f"{battery.threshold:.3g})"
    )
    for column in ("Draw", "Test", "Statistic", "df", "p-value", "Verdict"):
        table.add_column(
            column, justify="right" if column in ("Statistic", "df", "p-value") else "left"
        )
    for result in battery.results:
        style = {FAIL: "bold red", NOT_RUN: "dim"}.get(result.verdict, "green")
        table.add_row(
            result.draw,
            result.test,
            "" if result.statistic is None else f"{result.statistic:,.4g}",
            "" if result.statistic is None else ("z" if result.df is None else f"{result.df:,}"),
            "" if result.p_value is None else f"{result.p_value:.4g}",
            f"[{style}]{result.verdict}[/]"
            + (f" ({result.note})" if result.verdict == NOT_RUN else ""),
        )
    return table


EveryGame = Annotated[
    str | None, typer.Argument(metavar="[GAME]", help="The game (default: every game).")
]
Values = Annotated[
    int,
    typer.Option(
        "--count", min=1, max=MOST, help="Values of each draw (faces, cards placed, ...)."
    ),
]
Alpha = Annotated[
    float,
    typer.Option("--alpha", help="The significance, between 0 and 1 (0.01: 1%)."),
]
PerDraw = Annotated[
    bool, typer.Option("--per-draw", help="One value at a time through the game's functions.")
]
HtmlReport = Annotated[
    Path | None, typer.Option("--html", dir_okay=False, help="Write the report with plots.")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the results as JSON.")]


def battery_command(
    game: EveryGame = None,
    count: Values = 1_000_000,
    alpha: Alpha = ALPHA,
    per_draw: PerDraw = False,
    html: HtmlReport = None,
    as_json: AsJson = False,
    rules_file: OfGame = None,
) -> None:
    """Run the statistical battery on N values of each of GAME's draws."""
    if not 0 < alpha < 1:
        raise fail_error(f"the significance is a probability between 0 and 1, not {alpha}")
    if html is not None and not html.resolve().parent.is_dir():
        raise fail_error(f"cannot write --html {html}: there is no folder {html.resolve().parent}")
    submissions = _submissions(game, rules_file)
    generator: Generator = (
        RngGenerator(SecureRng(), "SecureRng (os.urandom for every value), one value at a time")
        if per_draw
        else BytesGenerator()
    )
    batteries = _run_batteries(submissions, count, generator, alpha, as_json)
    if html is not None:
        _write_report(html, batteries)
    if as_json:
        typer.echo(json.dumps([b.to_dict() for b in batteries], indent=2))
    else:
        _print_batteries(batteries, generator, alpha, html)
    if any(battery.verdict == FAIL for battery in batteries):
        raise typer.Exit(code=FAILED)


def _submissions(game: str | None, rules_file: Path | None) -> list[RulesSubmission]:
    """The Rules Submissions to test: GAME's (or ``--rules``' game's), else every game's
    that draws."""
    if game is None and rules_file is not None:
        game = _rules(None, rules_file).game
    names = [game] if game is not None else list(GAMES)
    submissions = [_rules(name, rules_file) for name in names]
    if game is None:
        submissions = [r for r in submissions if find(r.game).policy.random_draws(r)]
    return submissions


def _run_batteries(
    submissions: list[RulesSubmission],
    count: int,
    generator: Generator,
    alpha: float,
    as_json: bool,
) -> list[Battery]:
    """Each submission's battery on ``count`` values of each draw, a progress bar a stage;
    exit 2 when one cannot run or the values do not fit in memory."""
    batteries: list[Battery] = []
    try:
        with progress_bar(as_json) as bar:

            def stage(description: str, total: int) -> Any:
                task = bar.add_task(description, total=total)
                return lambda done: bar.update(task, completed=min(done, total))

            for rules in submissions:
                batteries.append(
                    run_battery(
                        rules, count, generator, alpha=alpha, stage=stage, keep_outcomes=False
                    )
                )
    except (NoDraws, ValueError) as error:
        raise fail_error(str(error)) from error
    except MemoryError as error:
        raise fail_error(
            f"--count {count:,}: the values do not fit in this machine's memory at once; "
            "give a smaller --count (10^7 values take about 600 MB)"
        ) from error
    return batteries


def _write_report(html: Path, batteries: list[Battery]) -> None:
    """Write the HTML report with plots (``--html``); exit 2 when it cannot be written."""
    from croupier.lab.report import render_html

    try:
        html.write_text(render_html(batteries), encoding="utf-8")
    except OSError as error:
        raise fail_error(f"cannot write {str(html)!r}: {error.strerror}") from error


def _print_batteries(
    batteries: list[Battery], generator: Generator, alpha: float, html: Path | None
) -> None:
    """Print each battery's table, the generator, what the significance means and where
    the report is."""
    console = Console()
    for battery in batteries:
        console.print(_table(battery))
    console.print(
        f"Generator: {generator.description}. Significance {alpha:g}: a test fails at a "
        f"p-value below {alpha:g}; a game's battery fails when any p-value is below "
        f"{alpha:g} divided by its number of tests (Bonferroni).",
        highlight=False,
    )
    if html is not None:
        console.print(f"Report: {html}", highlight=False)


def _pack_tables(pack: Pack, detail: bool) -> list[Table]:
    families = Table(
        title=f"GLI-19 3.2.2 families on {pack.samples:,} values a part",
        caption="A family's p-value: its smallest p-value times its number of tests "
        f"(Bonferroni); it fails below {pack.alpha:g}.",
    )
    for column in ("Family", "Tests", "p-value", "Verdict"):
        families.add_column(column, justify="right" if column in ("Tests", "p-value") else "left")
    for family in pack.families():
        style = {FAIL: "bold red", NOT_RUN: "dim"}.get(family.verdict, "green")
        families.add_row(
            family.name,
            str(family.tests),
            "" if family.p_value is None else f"{family.p_value:.4g}",
            f"[{style}]{family.verdict}[/]",
        )
    tables = [families]
    if detail:
        tests = Table(title="Every test")
        for column in ("Generator", "Part", "Test", "Family", "p-value", "Verdict", "Note"):
            tests.add_column(column, justify="right" if column == "p-value" else "left")
        for part in pack.parts:
            for result in part.results:
                tests.add_row(
                    part.source.split(" (")[0],
                    part.name,
                    result.test,
                    family_of(result.test),
                    "" if result.p_value is None else f"{result.p_value:.4g}",
                    result.verdict,
                    result.note,
                )
        tables.append(tests)
    return tables


def _pack_sources(generator: str, seed: str | None) -> list[PackSource]:
    """The generators ``--generator`` names, the sealed draws' from ``--seed`` if given."""
    server_seed: bytes | None = None
    if seed is not None and generator == "os":
        raise fail_error("--seed is the sealed draws' server seed: give --generator sealed or both")
    if seed is not None:
        try:
            server_seed = bytes.fromhex(seed)
        except ValueError:
            server_seed = b""
        if len(server_seed) != SEED_BYTES:
            raise fail_error(f"--seed is {SEED_BYTES} bytes written as {2 * SEED_BYTES} hex digits")
    sources: list[PackSource] = []
    if generator in ("os", "both"):
        sources.append(OsSource())
    if generator in ("sealed", "both"):
        sources.append(SealedSource(server_seed))
    return sources


def evidence_command(
    samples: Annotated[
        int,
        typer.Option("--samples", min=1000, max=MOST, help="Values of each part (faces, cards)."),
    ] = 1_000_000,
    generator: Annotated[
        str,
        typer.Option("--generator", help="os (os.urandom), sealed (SealedDraws) or both."),
    ] = "both",
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", help="The sealed draws' server seed (64 hex digits; default fresh)."
        ),
    ] = None,
    confidence: Annotated[
        float,
        typer.Option("--confidence", help="The collective verdict's confidence (0.99: 99%)."),
    ] = CONFIDENCE,
    detail: Annotated[bool, typer.Option("--detail", help="Also print every test.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the pack as JSON.")] = False,
) -> None:
    """Run the RNG evidence pack: every GLI-19 3.2.2 family, the collective verdict."""
    if generator not in ("os", "sealed", "both"):
        raise fail_error(f"--generator {generator!r} is not one of os, sealed, both")
    if not 0 < confidence < 1:
        raise fail_error(f"the confidence is a probability between 0 and 1, not {confidence}")
    sources = _pack_sources(generator, seed)
    console = Console(stderr=True)
    try:
        with console.status("RNG evidence pack") as status:
            pack = run_pack(
                sources,
                samples,
                confidence=confidence,
                progress=lambda what: status.update(f"RNG evidence pack: {what}"),
            )
    except MemoryError as error:
        raise fail_error(
            f"--samples {samples:,}: the values do not fit in memory at once"
        ) from error
    if as_json:
        typer.echo(json.dumps(pack.to_dict(), indent=2))
    else:
        out = Console()
        for source in sources:
            out.print(f"Generator: {source.description}", highlight=False)
        for table in _pack_tables(pack, detail):
            out.print(table)
        style = "bold red" if pack.verdict == FAIL else "bold green"
        out.print(f"[{style}]{pack.collective.reasoning}[/]", highlight=False)
    if pack.verdict == FAIL:
        raise typer.Exit(code=FAILED)


def register(app: typer.Typer) -> None:
    """Add `rng dump` and `rng test` to the command line."""
    group = typer.Typer(
        help="The random number generator's evidence for a testing lab.", no_args_is_help=True
    )
    group.command(
        "dump",
        help=(
            "Write N of each of GAME's draws exactly as a table draws them: the generator's "
            "raw bytes (--raw, binary) or the scaled outcomes, one a line (--scaled)."
        ),
    )(dump_command)
    group.command(
        "test",
        help=(
            "Run the statistical battery (chi-square on faces and positions, serial pairs, "
            "runs, gap, coupon collector, poker, a small deck's permutations, overlapping "
            "tuples, serial correlation, collisions, birthday spacings, repeated shuffles) on "
            "N values of each of GAME's draws, or every game's: p-values and verdicts at the "
            "significance."
        ),
    )(battery_command)
    group.command(
        "evidence",
        help=(
            "Run the RNG evidence pack on the operating system's generator and the sealed "
            "draws: every GLI-19 3.2.2 family (chi-square, overlaps, coupon collector, runs, "
            "interplay correlation, serial correlation, duplicates), each family's p-value "
            "and the collective verdict at 99% (exit 1 when it fails)."
        ),
    )(evidence_command)
    app.add_typer(group, name="rng")
