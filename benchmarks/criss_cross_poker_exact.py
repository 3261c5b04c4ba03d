"""Time the exact solution of Criss-Cross Poker (ch. 674a) and show how it splits.

Run: ``.venv/bin/python benchmarks/criss_cross_poker_exact.py``. Prints a progress bar
while the 169 starting classes are enumerated, then the time of compilation (numba,
cached on disk after the first run), of evaluation and enumeration (each class ranks its
61,250 five-card hands, then walks its 1,225 x 1,128 x 46 cases), and of the exact
reduction to fractions, with the figures. With ``--moments`` it then solves again
summing the second moments too (the exact variance the par sheet reports).
"""

from __future__ import annotations

import sys
import time

from croupier.analysis.exact.criss_cross_poker import bonus_figures, solve


def bar(done: int, total: int) -> None:
    width = 40
    filled = width * done // total
    sys.stdout.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} classes")
    sys.stdout.flush()
    if done == total:
        sys.stdout.write("\n")


def main() -> None:
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
