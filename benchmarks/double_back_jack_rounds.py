"""Time the card-by-card Double Back Jack enumeration (analysis/exact/
double_back_jack_rounds.py) against the previous analysis (analysis/exact/
double_back_jack.py, ``analyze``) in the same process, for one shoe.

The targets are 30 s for 6 decks and 60 s for one deck from a fresh process. The
kernels are cached on disk by numba: a fresh process loads them in under a second,
while the first run after a clean checkout compiles them (about 30 to 40 s, in the first up
card). ``--fresh-cache`` measures that first run: it points numba at an empty cache
directory. Each up card's time is printed as it ends; the par sheet reads the kept
figures (analysis/exact/double_back_jack_figures.py) rather than enumerating.

    .venv/bin/python benchmarks/double_back_jack_rounds.py [DECKS] [chart|optimal] [--fresh-cache]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time


def main() -> None:
    args = [arg for arg in sys.argv[1:] if arg != "--fresh-cache"]
    fresh = len(args) < len(sys.argv) - 1
    decks = int(args[0]) if args else 6
    kind_name = args[1] if len(args) > 1 else "chart"
    if fresh:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-")
    began = time.perf_counter()
    from croupier.analysis.exact import double_back_jack_rounds as rounds
    from croupier.analysis.exact.double_back_jack import analyze

    game = analyze(decks)
    previous = time.perf_counter() - began
    print(f"previous analysis: {previous:.2f} s, return {game.expected_return * 100:+.4f}%")
    kind = rounds.CHART if kind_name == "chart" else rounds.OPTIMAL
    start = time.perf_counter()

    def progress(up: int) -> None:
        print(f"  up card {up}: {time.perf_counter() - start:.1f} s", flush=True)

    figures = rounds.play(decks, kind, progress=progress)
    value, staked = figures.expected_return, figures.average_wager
    seconds = time.perf_counter() - start
    target = 60.0 if decks == 1 else 30.0
    cache = "an empty numba cache (compiling)" if fresh else "numba's cache as found"
    print(
        f"enumeration ({kind_name}, {cache}): {seconds:.2f} s, return {value * 100:+.4f}%, "
        f"average wager {staked:.4f}; {seconds / previous:.0f}x the previous analysis, "
        f"{seconds / target:.1f}x the {target:.0f} s target"
    )


if __name__ == "__main__":
    main()
