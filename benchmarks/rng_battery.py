"""Time the RNG battery (``croupier rng test``) on 10^7 values of each draw of each game.

The target: the battery on 10^7 outcomes in under a minute. For each game, every draw is
made 10^7 times from os.urandom (read in blocks, scaled as SecureRng scales it) and
tested; the time is the whole of it, drawing and tests. The baseline, in the same run:
the same draws one value at a time through the game's own functions and SecureRng, as a
table draws them (timed on 10^5 values and given per value), so the ratio says what the
bulk scaling buys.

    .venv/bin/python benchmarks/rng_battery.py [--count N] [--game GAME ...]
"""

from __future__ import annotations

import argparse
import time

from croupier.lab.evidence import BytesGenerator, RngGenerator, draws_of, run_battery
from croupier.lab.sources import rows_for
from croupier.registry import GAMES, rules_from_data
from croupier.rng import SecureRng

TARGET_SECONDS = 60.0
BASELINE_VALUES = 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000_000)
    parser.add_argument("--game", action="append", default=None)
    args = parser.parse_args()
    games = args.game or list(GAMES)
    # Compile the scaling loops and the tests once (numba caches them on disk).
    run_battery(rules_from_data({"game": "go-fore-it"}), 10_000, BytesGenerator())
    print(f"battery on {args.count:,} values of each draw; target {TARGET_SECONDS:.0f} s a game")
    for game in games:
        rules = rules_from_data({"game": game})
        began = time.perf_counter()
        battery = run_battery(rules, args.count, BytesGenerator())
        seconds = time.perf_counter() - began
        values = sum(report.count for report in battery.draws)
        base_began = time.perf_counter()
        generator = RngGenerator(SecureRng())
        base_values = 0
        for draw in draws_of(rules):
            outcomes = generator.outcomes(draw, rows_for(draw, BASELINE_VALUES), None)
            base_values += outcomes.count
        base_rate = base_values / (time.perf_counter() - base_began)
        rate = values / seconds
        verdict = "ok" if seconds < TARGET_SECONDS else "OVER TARGET"
        print(
            f"{game:18s} {len(battery.draws)} draws, {values:,} values in {seconds:6.2f} s "
            f"({seconds / len(battery.draws):5.2f} s a draw, {verdict}): {rate / 1e6:6.2f} M "
            f"values/s against {base_rate / 1e6:5.3f} M/s one at a time through SecureRng "
            f"({rate / base_rate:5.1f}x); battery {battery.verdict}"
        )


if __name__ == "__main__":
    main()
