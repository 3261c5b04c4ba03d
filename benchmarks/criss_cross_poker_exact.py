"""Time the exact solution of Criss-Cross Poker (ch. 674a) and show how it splits.

Run: ``.venv/bin/python benchmarks/criss_cross_poker_exact.py``. Prints a progress bar
while the 169 starting classes are enumerated, then the time of compilation (numba,
cached on disk after the first run), of evaluation and enumeration (each class ranks its
61,250 five-card hands, then walks its 1,225 x 1,128 x 46 cases), and of the exact
reduction to fractions, with the figures. With ``--moments`` it then solves again
summing the second moments too (the exact variance the par sheet reports).

With ``--against-c`` it instead times the full analysis (``par_sheet()``, what
``croupier analyze criss-cross-poker`` computes: both passes, the antes figures and the
Five Card Bonus)
against the C reference ``benchmarks/crisscross.c`` (built here with ``cc -O2
-fopenmp``, every core), alternately, ``--passes`` times each, checks that both found
the same sums (value, squares, wins, won nets over every case) and prints the ratio of
the medians and the load average.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from croupier.analysis.exact.criss_cross_poker import (
    HORIZONTAL_PAIRS,
    MIDDLE_CARDS,
    PLAYER_HANDS,
    VERTICAL_PAIRS,
    Solution,
    antes_figures,
    bonus_figures,
    par_sheet,
    solve,
)

C_SOURCE = Path(__file__).with_name("crisscross.c")


def bar(done: int, total: int) -> None:
    width = 40
    filled = width * done // total
    sys.stdout.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} classes")
    sys.stdout.flush()
    if done == total:
        sys.stdout.write("\n")


def cpu_seconds(who: int) -> float:
    """User and system CPU seconds of this process or of its finished children."""
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


def sums(solution: Solution) -> dict[str, int]:
    """The C reference's four sums from a solution with moments."""
    assert solution.second_moment is not None and solution.path_wins is not None
    scale = PLAYER_HANDS * MIDDLE_CARDS * VERTICAL_PAIRS * HORIZONTAL_PAIRS
    won = sum((p * net for p, net in solution.path_wins.values()), Fraction(0))
    wins = solution.win_probability
    assert wins is not None
    found = {
        "value": solution.value * scale,
        "second": solution.second_moment * scale,
        "wins": wins * scale,
        "wonnet": won * scale,
    }
    assert all(x.denominator == 1 for x in found.values())
    return {name: int(x) for name, x in found.items()}


def against_c(passes: int) -> None:
    print(f"{os.cpu_count()} CPUs; load average {os.getloadavg()} before")
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "crisscross"
        subprocess.run(["cc", "-O2", "-fopenmp", "-o", str(program), str(C_SOURCE)], check=True)
        par_sheet()  # numba's cache loaded (or compiled) before timing
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for p in range(passes):
            for side in ("c", "croupier") if p % 2 == 0 else ("croupier", "c"):
                began = time.perf_counter()
                if side == "c":
                    cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
                    out = subprocess.run([str(program)], capture_output=True, text=True, check=True)
                    cpu = cpu_seconds(resource.RUSAGE_CHILDREN) - cpu
                    theirs.append((time.perf_counter() - began, cpu))
                    words = out.stdout.split()
                    c_sums = {words[i]: int(words[i + 1]) for i in range(0, len(words), 2)}
                else:
                    cpu = cpu_seconds(resource.RUSAGE_SELF)
                    solution = solve(moments=True)  # what par_sheet() computes
                    antes_figures(solution)
                    bonus_figures()
                    cpu = cpu_seconds(resource.RUSAGE_SELF) - cpu
                    ours.append((time.perf_counter() - began, cpu))
                    croupier_sums = sums(solution)
    mine = [statistics.median(x[i] for x in ours) for i in range(2)]
    reference = [statistics.median(x[i] for x in theirs) for i in range(2)]
    for name, (wall, cpu) in (
        ("croupier analyze criss-cross-poker (par sheet)", mine),
        ("C reference, cc -O2 -fopenmp", reference),
    ):
        print(f"{name:<48} {wall:8.2f} s wall {cpu:8.2f} s CPU (median of {passes})")
    print(
        f"croupier / C: {mine[0] / reference[0]:.2f}x wall, {mine[1] / reference[1]:.2f}x CPU "
        "(target 0.5x or less; CPU time is what a loaded machine disturbs least)"
    )
    same = croupier_sums == c_sums
    print(f"same value, squares, wins and won nets: {'yes' if same else 'NO'} {croupier_sums}")
    print(f"load average {os.getloadavg()} after")


def main() -> None:
    if "--against-c" in sys.argv:
        passes = int(sys.argv[sys.argv.index("--passes") + 1]) if "--passes" in sys.argv else 3
        against_c(passes)
        return
    start = time.perf_counter()
    solution = solve(progress=bar)
    total = time.perf_counter() - start
    for part, seconds in solution.seconds.items():
        print(f"{part:>28}: {seconds:7.2f} s")
    print(f"{'total':>28}: {total:7.2f} s")
    print(f"return per round (antes)    : {solution.value} = {float(solution.value):.6f}")
    print(f"house edge per total ante   : {float(solution.house_edge_per_total_ante):.6%}")
    print(f"house edge per Ante Across  : {float(solution.house_edge_per_ante_across):.6%}")
    print(f"element of risk             : {float(solution.element_of_risk):.6%}")
    if "--moments" in sys.argv:
        start = time.perf_counter()
        moments = solve(progress=bar, moments=True)
        print(f"{'with second moments':>28}: {time.perf_counter() - start:7.2f} s")
        assert moments.variance is not None
        print(f"variance of a round (antes^2): {moments.variance} = {float(moments.variance):.6f}")
    bonus = bonus_figures()
    print(f"Five Card Bonus house edge  : {float(bonus.house_edge):.6%} ({bonus.house_edge})")


if __name__ == "__main__":
    main()
