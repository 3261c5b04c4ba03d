"""The table server's load against a named earlier revision, side by side in one run.

    .venv/bin/python benchmarks/compare_revisions.py --base 84253ff
    .venv/bin/python benchmarks/compare_revisions.py --base 84253ff --runs 3 --seconds 10 \\
        --clients 16 --db sqlite --workers 2

Checks the base revision out in a temporary git worktree and runs
``benchmarks/server_load.py`` (this checkout's load generator, so both sides get the same
load) alternately on the base code and on this checkout's code (``PYTHONPATH``: the
server subprocess imports the same code as the client), ``--runs`` times each, so that
a change in the machine's speed falls on both. Prints every run, then each side's median
rounds per second and p99, and the ratio of this checkout to the base. The base needs
nothing installed but this checkout's virtual environment (the same dependencies).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOAD = ROOT / "benchmarks" / "server_load.py"
FIGURES = re.compile(r"([\d.]+) rounds/s .*?p99 ([\d.]+) ms.*?server CPU ([\d.]+) ms a command")


def run_load(src: Path, args: argparse.Namespace) -> tuple[float, float, float]:
    """One run of the load benchmark on the code under ``src``: (rounds/s, p99 ms, the
    server's CPU ms a command)."""
    command = [sys.executable, str(LOAD), "--db", args.db, "--workers", str(args.workers)]
    command += ["--seconds", str(args.seconds), "--clients", str(args.clients)]
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = FIGURES.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"the load benchmark failed on {src}:\n{done.stdout}\n{done.stderr}")
    return float(found[1]), float(found[2]), float(found[3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the revision to compare against")
    parser.add_argument("--runs", type=int, default=3, help="runs of each side")
    parser.add_argument("--db", default="sqlite", choices=["sqlite", "postgresql"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="croupier-base-") as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), args.base],
            check=True,
        )
        try:
            sides = {f"base {args.base}": tree / "src", f"this checkout ({head})": ROOT / "src"}
            figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in sides}
            print(
                f"{args.db}, {args.workers} server process(es), {args.clients} clients, "
                f"{args.seconds:g} s a run, {args.runs} runs each, alternating",
                flush=True,
            )
            for run in range(1, args.runs + 1):
                for name, src in sides.items():
                    rounds, p99, cpu = run_load(src, args)
                    figures[name].append((rounds, p99, cpu))
                    print(
                        f"run {run} {name:<28} {rounds:7.1f} rounds/s, p99 {p99:.1f} ms, "
                        f"server CPU {cpu:.2f} ms a command",
                        flush=True,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    medians = {
        name: tuple(statistics.median(run[i] for run in runs) for i in range(3))
        for name, runs in figures.items()
    }
    for name, (rounds, p99, cpu) in medians.items():
        print(
            f"median {name:<28} {rounds:7.1f} rounds/s, p99 {p99:.1f} ms, "
            f"server CPU {cpu:.2f} ms a command"
        )
    base, head_ = medians.values()
    print(
        f"ratio this checkout / base: rounds/s {head_[0] / base[0]:.3f}, "
        f"server CPU a command {head_[2] / base[2]:.3f}"
    )


if __name__ == "__main__":
    main()
