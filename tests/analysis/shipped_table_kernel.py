"""A simulation kernel for tests/analysis/test_analysis_tables.py: its table records
the process that builds it, so a test sees which processes built it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from croupier.analysis.tables import shared


@dataclass(frozen=True)
class Rules:
    """Where the builders' process ids are written, and the table's name."""

    record: str
    name: str


def _table(rules: Rules) -> npt.NDArray[np.generic]:
    def build() -> dict[str, npt.ArrayLike]:
        with Path(rules.record).open("a") as out:
            out.write(f"{os.getpid()}\n")
        return {"net": np.array([1.0, -1.0])}

    return shared(rules.name, build, [__name__])["net"]


def prepare(rules: Rules) -> None:
    _table(rules)


def sample(rules: Rules, rounds: int, seed: int) -> dict[str, npt.NDArray[np.float64]]:
    net = _table(rules)
    picks = np.random.default_rng(seed).integers(0, 2, size=rounds)
    return {"even": np.asarray(net, dtype=np.float64)[picks]}
