"""The card-by-card Double Back Jack figures (:mod:`.double_back_jack_rounds`), computed
once per shoe and strategy and kept in ``double_back_jack_figures.json`` beside this
module, so that a par sheet is read in milliseconds rather than enumerated in minutes.

Each entry is stamped with the digest of what produced it: the enumeration's source and
the printed chart it plays (:func:`digest`). An entry whose digest no longer matches is
not used (:func:`stored` returns ``None``) and the default test suite fails until it is
computed again::

    python -m croupier.analysis.exact.double_back_jack_figures --decks 1 2 6 8

The slow suite recomputes the one-deck entries and compares them bin by bin.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from functools import cache
from pathlib import Path
from typing import Any, Final

import numpy as np

from croupier.analysis.exact import double_back_jack_rounds as rounds

PATH: Final = Path(__file__).with_name("double_back_jack_figures.json")
STRATEGIES: Final = {"chart": rounds.CHART, "optimal": rounds.OPTIMAL}
"""Strategy name -> the enumeration's strategy code."""


def digest(decks: int) -> str:
    """SHA-256 (hex) of the enumeration's source and of the printed chart for ``decks``
    decks (the rows as JSON): what an entry's figures depend on."""
    from croupier.analysis.exact.double_back_jack import basic_strategy

    chart = [row.to_dict() for row in basic_strategy(decks).chart()]
    source = Path(rounds.__file__).read_bytes()
    return hashlib.sha256(source + json.dumps(chart, sort_keys=True).encode()).hexdigest()


def _load() -> dict[str, Any]:
    if not PATH.exists():
        return {}
    data: dict[str, Any] = json.loads(PATH.read_text())
    return data


@cache
def stored(decks: int, strategy: str) -> rounds.RoundFigures | None:
    """The kept figures of ``strategy`` (``"chart"`` or ``"optimal"``) for ``decks``
    decks, or ``None`` where none are kept or they are stale (their digest differs)."""
    entry = _load().get(str(decks), {}).get(strategy)
    if entry is None or entry["digest"] != digest(decks):
        return None
    return rounds.RoundFigures(
        decks,
        strategy,
        np.array(entry["nets"], dtype=np.float64),
        np.array(entry["tally"]),
        np.array(entry["actions"], dtype=np.int64),
    )


def compute(decks: int, strategy: str, *, progress: Any = None) -> dict[str, Any]:
    """Enumerate ``strategy`` for ``decks`` decks: the JSON entry (nets, tally, first
    actions, digest, seconds taken)."""
    began = time.perf_counter()
    figures = rounds.play(decks, STRATEGIES[strategy], progress=progress)
    return {
        "nets": [float(p) for p in figures.nets],
        "tally": [float(t) for t in figures.tally],
        "actions": figures.actions.tolist(),
        "digest": digest(decks),
        "seconds": round(time.perf_counter() - began, 1),
    }


def main(argv: list[str] | None = None) -> None:
    """Compute and keep the figures for the decks and strategies asked (each written as
    soon as it is found), with a progress bar per enumeration."""
    from rich.progress import Progress

    parser = argparse.ArgumentParser(
        prog="python -m croupier.analysis.exact.double_back_jack_figures",
        description=(
            "Enumerate Double Back Jack card by card and keep the figures the par sheet "
            "reads (double_back_jack_figures.json beside this module, overwritten entry by "
            "entry). Each shoe and strategy takes under half a minute on two cores (about "
            "8 s for one deck with the chart, 12 s for six decks with the chart and 21 to "
            "26 s with the best play), and about 35 s more the first time, while numba "
            "compiles and caches its kernels."
        ),
    )
    parser.add_argument(
        "--decks", type=int, nargs="+", default=[1, 2, 6, 8], help="shoes (default 1 2 6 8)"
    )
    parser.add_argument(
        "--strategy",
        nargs="+",
        choices=sorted(STRATEGIES),
        default=["chart", "optimal"],
        help="chart: the printed chart as printed; optimal: the best play (default both)",
    )
    args = parser.parse_args(argv)
    for decks in args.decks:
        if not 1 <= decks <= 8:
            parser.error(
                f"--decks {decks}: croupier's analysis takes 1 to 8 decks "
                "(673a.3(a) asks at least one)"
            )
    for decks in args.decks:
        for strategy in args.strategy:
            with Progress() as bar:
                task = bar.add_task(f"{decks} deck{'s' * (decks != 1)}, {strategy}", total=10)
                entry = compute(decks, strategy, progress=lambda _up, t=task: bar.advance(t))
            data = _load()
            data.setdefault(str(decks), {})[strategy] = entry
            PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            print(f"{decks} decks {strategy}: {entry['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
