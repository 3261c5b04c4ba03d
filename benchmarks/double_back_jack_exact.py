"""Time the Double Back Jack par sheet (analysis/exact/double_back_jack_sheet.py).

For each shoe: the composition-dependent strategy and its chart (every up card and
two-card start), the kept card-by-card figures read and checked against their digest
(analysis/exact/double_back_jack_figures.py; the enumeration that makes them is timed by
benchmarks/double_back_jack_rounds.py), and the par sheet. The target is under 30
seconds for 6 decks. The 6-deck shoe is timed first, in
this fresh process, so its figure includes importing and compiling the numba kernels;
the others reuse them. The last line is the 6-deck time (``benchmarks/run.py`` reads it).

    .venv/bin/python benchmarks/double_back_jack_exact.py
"""

from __future__ import annotations

import time

TARGET_SECONDS = 30.0


def main() -> None:
    began = time.perf_counter()
    from croupier.analysis.exact.double_back_jack_sheet import par_sheet
    from croupier.rules.double_back_jack import DoubleBackJackRules

    cold = 0.0
    for decks in (6, 1, 2, 8):
        start = began if decks == 6 else time.perf_counter()
        sheet = par_sheet(DoubleBackJackRules(decks=decks))
        seconds = time.perf_counter() - start
        cold = seconds if decks == 6 else cold
        edge = float(sheet.wager("blackjack").house_edge)
        verdict = "ok" if seconds < TARGET_SECONDS else "OVER TARGET"
        print(
            f"{decks} deck{'s' if decks > 1 else ''}: {seconds:6.2f} s ({verdict}), house edge "
            f"{edge * 100:+.4f}% per initial wager, element of risk "
            f"{-sheet.element_of_risk * 100:+.4f}%"
        )
    print(f"6 decks from a fresh process (imports and compilation included): {cold:.2f} s")


if __name__ == "__main__":
    main()
