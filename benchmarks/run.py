"""Every benchmark in one run, printed and written to docs/performance.md.

    make bench                                   # or:
    .venv/bin/python -m benchmarks [--quick] [--no-write] [--only PART ...]
    .venv/bin/python benchmarks/run.py ...

The parts, in order (``--only`` takes their names):

- ``poker``: five-card evaluations per second, croupier against eval7, phevaluator,
  treys and pokerkit (``benchmarks/poker_evaluators.py``, the ``bench`` extras).
- ``simulation``: simulated rounds per second of each game's kernel against the random
  generator's own throughput (:func:`croupier.analysis.simulation.throughput`); "not
  available" where that function or a game's kernel is not there.
- ``exact``: the exact solvers' times against their targets: Pai Gow per house way
  (10 s, ``benchmarks/pai_gow_exact.py``), Criss-Cross Poker (60 s,
  ``benchmarks/criss_cross_poker_exact.py``), Double Back Jack with 6 decks (30 s, its
  ``par_sheet`` or ``analyze``, once the module has one). Each runs in a fresh process,
  so no cache of an earlier part helps it.
- ``server``: the table server's load figures (``benchmarks/server_load.py``, when it is
  there), SQLite only, 1 and 2 processes, 16 clients, for a few seconds.
- ``floor``: the baselines of those figures (``benchmarks/server_floor.py``): the same
  load against a bare Starlette app on uvicorn, and PostgreSQL alone under pgbench.
- ``craps``: Craps' kernel in rolls per second against the generator's ceiling and
  crapssim on the same strategy (``benchmarks/craps_simulation.py``).
- ``scaling``: ``simulate``'s rounds per second per worker for 1 to every core and on a
  local Dask cluster of one worker per core, with the setup apart and the scheduler's
  overhead per task (``benchmarks/simulation_scaling.py``).
- ``crisscross``: ``analyze criss-cross-poker`` (both passes) against the C reference
  ``benchmarks/crisscross.c`` in the same run (``benchmarks/criss_cross_poker_exact.py
  --against-c``; target 0.5x).
- ``lab``: the RNG battery on 10^7 outcomes of each game's draws
  (``benchmarks/rng_battery.py``, target one minute) and the hold report over a million
  rounds on SQLite and PostgreSQL (``benchmarks/hold_report.py``, target 5 s).
- ``sealing``: what sealing costs an event against its canonical JSON
  (``benchmarks/sealing.py``).
- ``rounds``: the card-by-card Double Back Jack enumeration (1 deck with the printed
  chart and the best play, 6 decks with the chart; targets 60 s and 30 s) against the
  previous analysis in the same process (``benchmarks/double_back_jack_rounds.py``).
- ``browser``: each game's table page loaded cold in headless Chromium: the first paint,
  the felt and the player's own seat drawn (``benchmarks/browser_paint.py``; target 1 s).

A part that fails prints its error and the run goes on. The figures replace the
"## Benchmarks" section of docs/performance.md and nothing else in the file (other
sections, such as "## Table server", are kept as they are); with ``--only``, just the
subsections of the parts run are replaced, the others kept; ``--no-write`` only prints.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import re
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PERFORMANCE = ROOT / "docs" / "performance.md"
HEADING = "## Benchmarks"

PAI_GOW_TARGET_S = 10.0
"""Per house way (benchmarks/pai_gow_exact.py)."""
CRISS_CROSS_POKER_TARGET_S = 60.0
"""The optimal strategy and return by enumeration (no second moments)."""
DOUBLE_BACK_JACK_TARGET_S = 30.0
"""The exact par sheet for a 6-deck shoe."""


@dataclass
class Part:
    """One part of the run: its Markdown lines, whether it worked, how long it took."""

    name: str
    title: str
    lines: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0


def script(args: Sequence[str], timeout: float) -> str:
    """Run ``python args`` from the repository root with this interpreter and return its
    output (progress lines drawn with carriage returns dropped); raises
    ``RuntimeError`` with the end of its error output if it fails or times out."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    try:
        done = subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(f"{' '.join(args)} ran past {timeout:.0f} s") from error
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: " + " | ".join(tail))
    return "\n".join(line.rsplit("\r", 1)[-1] for line in done.stdout.splitlines())


def code_block(text: str) -> list[str]:
    return ["```text", *text.strip().splitlines(), "```"]


# --- the parts ---------------------------------------------------------------------------
def poker(quick: bool) -> list[str]:
    """Evaluations per second of every evaluator (benchmarks/poker_evaluators.py)."""
    sizes = (
        ["--hands", "300000", "--per-call-hands", "30000", "--pokerkit-hands", "3000"]
        if quick
        else ["--hands", "2000000", "--per-call-hands", "200000", "--pokerkit-hands", "20000"]
    )
    rounds = ["--rounds", "1" if quick else "3"]
    output = script(["benchmarks/poker_evaluators.py", *sizes, *rounds], timeout=900)
    rows = []
    pattern = re.compile(r"^(.+?)\s{2,}([\d,]+)\s+([\d,]+)\s*([\d,.]+x)?\s*(yes|NO)?\s*$")
    for line in output.splitlines():
        match = pattern.match(line)
        if match and not line.startswith("evaluator"):
            name, hands, rate, ratio, same = match.groups()
            rows.append(f"| {name} | {hands} | {rate} | {ratio or '1x'} | {same or ''} |")
    head = output.strip().splitlines()[0] if output.strip() else ""
    notes = [line for line in output.splitlines() if "not installed" in line or "ours =" in line]
    if not rows:
        return code_block(output)
    return [
        head,
        "",
        "| evaluator | hands | hands/s | batch / this | same order as croupier |",
        "|---|---:|---:|---:|---|",
        *rows,
        "",
        *notes,
    ]


def simulation(quick: bool) -> list[str]:
    """Rounds per second of each simulation kernel against its generator's ceiling."""
    try:
        module = importlib.import_module("croupier.analysis.simulation")
        throughput: Callable[..., object] = module.throughput
        games: Sequence[str] = list(module.simulations())
    except (ImportError, AttributeError) as error:
        return [f"not available: croupier.analysis.simulation.throughput ({error})"]
    if not games:
        return ["not available: no game names a simulation kernel"]
    seconds = 1.0 if quick else 3.0
    rows = [
        "| game | rounds/s | generator ceiling, rounds/s | ceiling / rounds | PCG64 integers/s "
        "| draws per round |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for game in games:
        print(f"  {game} ...", flush=True)
        try:
            result = throughput(game, seconds=seconds)
        except Exception as error:
            rows.append(f"| {game} | not available: {type(error).__name__}: {error} | | | | |")
            continue
        data = result.to_dict()  # type: ignore[attr-defined]
        ceiling = data.get("ceiling_rounds_per_second")
        ratio = data.get("ratio")
        rows.append(
            f"| {game} | {data['rounds_per_second']:,.0f} | "
            + (f"{ceiling:,.0f}" if ceiling else "n/a")
            + " | "
            + (f"{ratio:,.1f}x" if ratio else "n/a")
            + f" | {data['generator_integers_per_second']:,.0f} | "
            + f"{data.get('draws_per_round', '')} |"
        )
    rows += [
        "",
        f"One process, one core, about {seconds:.0f} s per game; the ceiling is the rate at "
        "which the kernel's generator alone draws what one round needs.",
    ]
    return rows


def _verdict(seconds: float, target: float) -> str:
    return "ok" if seconds <= target else "OVER TARGET"


def exact(quick: bool) -> list[str]:
    """The exact solvers' times against their targets, each in a fresh process."""
    rows = ["| solver | time | target | verdict |", "|---|---:|---:|---|"]
    errors: list[str] = []
    try:
        output = script(["benchmarks/pai_gow_exact.py"], timeout=600)
        for match in re.finditer(r"^(\S+)\s+([\d.]+) s \(", output, flags=re.MULTILINE):
            name, seconds = match.group(1), float(match.group(2))
            rows.append(
                f"| Pai Gow, house way {name} | {seconds:.2f} s | {PAI_GOW_TARGET_S:.0f} s | "
                f"{_verdict(seconds, PAI_GOW_TARGET_S)} |"
            )
    except Exception as error:
        errors.append(f"Pai Gow: {error}")
    if quick:
        errors.append("Criss-Cross Poker and Double Back Jack: skipped with --quick")
        return [*rows, "", *errors]
    try:
        output = script(["benchmarks/criss_cross_poker_exact.py"], timeout=900)
        total = re.search(r"^\s*total:\s+([\d.]+) s", output, flags=re.MULTILINE)
        compiled = re.search(r"compile and first class:\s+([\d.]+) s", output)
        if total is None:
            raise RuntimeError("no total time in its output")
        seconds = float(total.group(1))
        extra = f" (compilation {float(compiled.group(1)):.1f} s)" if compiled else ""
        rows.append(
            f"| Criss-Cross Poker, optimal strategy{extra} | {seconds:.1f} s | "
            f"{CRISS_CROSS_POKER_TARGET_S:.0f} s | "
            f"{_verdict(seconds, CRISS_CROSS_POKER_TARGET_S)} |"
        )
    except Exception as error:
        errors.append(f"Criss-Cross Poker: {error}")
    try:
        seconds, what = double_back_jack_exact()
        rows.append(
            f"| Double Back Jack par sheet, 6 decks, reading the kept card-by-card figures "
            f"({what}; the enumeration itself is the rounds part) | {seconds:.1f} s | "
            f"{DOUBLE_BACK_JACK_TARGET_S:.0f} s | {_verdict(seconds, DOUBLE_BACK_JACK_TARGET_S)} |"
        )
    except Exception as error:
        errors.append(f"Double Back Jack: {error}")
    return rows + (["", *errors] if errors else [])


_DBJ_TIMER = """
import time
start = time.perf_counter()
import croupier.analysis.exact.double_back_jack as m
if hasattr(m, "par_sheet"):
    from croupier.rules.double_back_jack import DoubleBackJackRules
    m.par_sheet(DoubleBackJackRules(decks=6))
    what = "par_sheet"
elif hasattr(m, "analyze"):
    m.analyze(6)
    what = "analyze"
else:
    raise SystemExit("not available: no par_sheet or analyze in the module yet")
print(f"{what} {time.perf_counter() - start:.3f}")
"""


def double_back_jack_exact() -> tuple[float, str]:
    """(seconds, what was timed) of the Double Back Jack exact analysis for 6 decks in a
    fresh process: ``benchmarks/double_back_jack_exact.py`` if it exists (its last
    ``N s`` figure), else the module's ``par_sheet`` or ``analyze``."""
    own = ROOT / "benchmarks" / "double_back_jack_exact.py"
    if own.exists():
        output = script([str(own.relative_to(ROOT))], timeout=900)
        found = re.findall(r"([\d.]+) s\b", output)
        if not found:
            raise RuntimeError("no time in the output of benchmarks/double_back_jack_exact.py")
        return float(found[-1]), "benchmarks/double_back_jack_exact.py"
    output = script(["-c", _DBJ_TIMER], timeout=900)
    what, seconds = output.strip().splitlines()[-1].split()
    return float(seconds), what


def server(quick: bool) -> list[str]:
    """The table server's load figures (benchmarks/server_load.py), SQLite, briefly."""
    path = ROOT / "benchmarks" / "server_load.py"
    if not path.exists():
        return ["not available: benchmarks/server_load.py is not there yet"]
    usage = script(["benchmarks/server_load.py", "--help"], timeout=60)
    args = ["benchmarks/server_load.py"]
    if "--seconds" in usage:
        args += ["--seconds", "3" if quick else "5"]
    if "--db" in usage:
        args += ["--db", "sqlite"]
    if "--clients" in usage:
        args += ["--clients", "16"]
    output = script(args, timeout=600)
    return [f"`python {' '.join(args)}`", "", *code_block(output)]


def floor(quick: bool) -> list[str]:
    """What the machine allows any server (benchmarks/server_floor.py): the HTTP stack
    alone, and PostgreSQL alone (pgbench)."""
    args = ["benchmarks/server_floor.py", "--seconds", "3" if quick else "8"]
    output = script(args, timeout=600)
    return [f"`python {' '.join(args)}`", "", *code_block(output)]


def _block(args: list[str], timeout: float) -> list[str]:
    return [f"`python {' '.join(args)}`", "", *code_block(script(args, timeout=timeout))]


def craps(quick: bool) -> list[str]:
    """Craps' kernel in rolls per second against its generator and crapssim
    (benchmarks/craps_simulation.py)."""
    return _block(["benchmarks/craps_simulation.py", "--seconds", "1" if quick else "3"], 600)


def scaling(quick: bool) -> list[str]:
    """Rounds per second per worker for 1..cores local workers and on a local Dask
    cluster, the setup apart (benchmarks/simulation_scaling.py)."""
    args = ["benchmarks/simulation_scaling.py", "--passes", "1" if quick else "3"]
    return _block([*args, "--rounds", "4000000" if quick else "16000000"], 1800)


def criss_cross_c(quick: bool) -> list[str]:
    """The full Criss-Cross Poker analysis against the C reference
    (benchmarks/criss_cross_poker_exact.py --against-c)."""
    args = ["benchmarks/criss_cross_poker_exact.py", "--against-c"]
    return _block([*args, "--passes", "1" if quick else "3"], 1800)


def lab(quick: bool) -> list[str]:
    """The RNG battery on 10^7 outcomes a draw (benchmarks/rng_battery.py) and the hold
    report over a million rounds on SQLite and PostgreSQL (benchmarks/hold_report.py)."""
    count = ["--count", "1000000"] if quick else []
    rounds = ["--rounds", "100000"] if quick else []
    return [
        *_block(["benchmarks/rng_battery.py", *count], 1800),
        "",
        *_block(["benchmarks/hold_report.py", *rounds], 900),
    ]


def sealing(quick: bool) -> list[str]:
    """What sealing adds to storing an event (benchmarks/sealing.py)."""
    return _block(["benchmarks/sealing.py"], 300)


def rounds(quick: bool) -> list[str]:
    """The card-by-card Double Back Jack enumeration against the previous analysis, in
    one fresh process each, the first with an empty numba cache
    (benchmarks/double_back_jack_rounds.py)."""
    shoes = [("1", "chart", "--fresh-cache"), ("1", "chart")]
    if not quick:
        shoes += [("1", "optimal"), ("6", "chart"), ("6", "optimal")]
    lines: list[str] = []
    for args in shoes:
        lines += [*_block(["benchmarks/double_back_jack_rounds.py", *args], 1800), ""]
    return lines[:-1]


def browser(quick: bool) -> list[str]:
    """How fast a table page paints in headless Chromium (benchmarks/browser_paint.py)."""
    args = ["benchmarks/browser_paint.py", "--loads", "2" if quick else "5"]
    output = script(args, timeout=600)
    return [f"`python {' '.join(args)}`", "", *code_block(output)]


PARTS: dict[str, tuple[str, Callable[[bool], list[str]]]] = {
    "poker": ("Poker hand evaluators", poker),
    "simulation": ("Simulation kernels against the random generator", simulation),
    "craps": ("Craps: rolls per second against the generator and crapssim", craps),
    "scaling": ("Simulation on every core: local workers and a Dask cluster", scaling),
    "crisscross": ("Criss-Cross Poker's full analysis against the C reference", criss_cross_c),
    "exact": ("Exact solvers against their targets", exact),
    "server": ("Table server load", server),
    "floor": ("What this machine allows a table server", floor),
    "lab": ("The testing lab's battery and the hold report", lab),
    "sealing": ("Sealing events", sealing),
    "browser": ("Browser table pages: first paint", browser),
    "rounds": ("Double Back Jack card by card against the previous analysis", rounds),
}


# --- docs/performance.md -------------------------------------------------------------------
def replace_section(text: str, heading: str, body: str) -> str:
    """``text`` (Markdown) with the section under ``heading`` (a ``## `` line, up to the
    next ``## `` line or the end) replaced by ``heading`` and ``body``; appended at the
    end if there is none. Every other line is kept as it was.

    >>> replace_section("# P\\n\\n## A\\nold\\n\\n## B\\nb\\n", "## A", "new")
    '# P\\n\\n## A\\n\\nnew\\n\\n## B\\nb\\n'
    >>> replace_section("# P\\n", "## A", "new")
    '# P\\n\\n## A\\n\\nnew\\n'
    """
    lines = text.splitlines()
    section = [heading, "", *body.strip("\n").splitlines(), ""]
    if heading in lines:
        start = lines.index(heading)
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines)
        )
        new = lines[:start] + section + lines[end:]
    else:
        while lines and not lines[-1].strip():
            lines.pop()
        new = [*lines, "", *section] if lines else ["# Performance", "", *section]
    while new and not new[-1].strip():
        new.pop()
    return "\n".join(new) + "\n"


def part_markdown(part: Part, started: datetime, quick: bool) -> list[str]:
    """One part's subsection, ``### title`` first, with when and how it was measured."""
    load = os.getloadavg()
    lines = [
        f"### {part.title}",
        "",
        f"Measured {started:%Y-%m-%d %H:%M} UTC (`python -m benchmarks --only {part.name}"
        f"{' --quick' if quick else ''}`), load average {load[0]:.2f} after it.",
        "",
    ]
    if part.error is not None:
        lines.append(f"failed: {part.error}")
    lines += part.lines
    lines.append(f"\n({part.seconds:.0f} s)")
    return lines


def markdown(parts: Sequence[Part], started: datetime, quick: bool, old: str = "") -> str:
    """The body of the Benchmarks section: each part's subsection, and, from ``old`` (the
    section's body as it was), the subsections of the parts not run, in the parts'
    order."""
    kept = _subsections(old)
    ran = {part.title: part for part in parts}
    lines = [
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs. Figures vary with the "
        "machine and its load; rerun to compare (`make bench`, or `python -m benchmarks "
        "--only PART`).",
    ]
    for title, _ in PARTS.values():
        if title in ran:
            lines += ["", *part_markdown(ran[title], started, quick)]
        elif title in kept:
            lines += ["", *kept[title]]
    return "\n".join(lines)


def _subsections(body: str) -> dict[str, list[str]]:
    """The ``### `` subsections of ``body``: title -> its lines, heading included."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.splitlines():
        if line.startswith("### "):
            current = found.setdefault(line[4:].strip(), [])
        if current is not None:
            current.append(line)
    for lines in found.values():
        while lines and not lines[-1].strip():
            lines.pop()
    return found


def section_body(text: str, heading: str) -> str:
    """The body of the section under ``heading`` in ``text`` (empty if none)."""
    lines = text.splitlines()
    if heading not in lines:
        return ""
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs, a minute or two")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--only", nargs="+", choices=list(PARTS), default=list(PARTS))
    parser.add_argument("--output", type=Path, default=PERFORMANCE, help="the Markdown file")
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    parts: list[Part] = []
    for name in args.only:
        title, run = PARTS[name]
        print(f"== {title}", flush=True)
        part = Part(name, title)
        began = time.perf_counter()
        try:
            part.lines = run(args.quick)
        except Exception as error:
            part.error = f"{type(error).__name__}: {error}"
            traceback.print_exc()
        part.seconds = time.perf_counter() - began
        print("\n".join(([f"failed: {part.error}"] if part.error else []) + part.lines))
        print(f"({part.seconds:.0f} s)\n", flush=True)
        parts.append(part)
    if not args.no_write:
        path: Path = args.output
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        body = markdown(parts, started, args.quick, section_body(old, HEADING))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(replace_section(old, HEADING, body), encoding="utf-8")
        print(f"wrote the {HEADING!r} section of {path}")
    return 1 if all(part.error for part in parts) else 0


if __name__ == "__main__":
    sys.exit(main())
