"""Time the exact Pai Gow analysis (analysis/exact/pai_gow.py).

For each shipped house way: every player hand against every dealer hand from the other
28 tiles (736,281,000 deals), for a house-way player and an optimal player, and the
optimal setting of every hand. The target is under 10 seconds per house way.

    .venv/bin/python benchmarks/pai_gow_exact.py
"""

from __future__ import annotations

import time

from croupier.analysis.exact.pai_gow import analyze
from croupier.hands.paigow import HOUSE_WAYS, distinct_hands

TARGET_SECONDS = 10.0


def main() -> None:
    began = time.perf_counter()
    list(distinct_hands())
    print(f"distinct hands enumerated in {time.perf_counter() - began:.2f} s")
    for name, way in HOUSE_WAYS.items():
        began = time.perf_counter()
        result = analyze(way)
        seconds = time.perf_counter() - began
        hw, opt = result.expected("house_way"), result.expected("optimal")
        verdict = "ok" if seconds < TARGET_SECONDS else "OVER TARGET"
        print(
            f"{name:22s} {seconds:6.2f} s ({verdict}): house-way player {float(hw):+.6f}, "
            f"optimal player {float(opt):+.6f} per unit wagered"
        )


if __name__ == "__main__":
    main()
