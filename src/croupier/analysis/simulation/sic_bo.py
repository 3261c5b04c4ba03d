"""Sic Bo (58 Pa. Code ch. 625a) by simulation: three thrown dice a round, vectorized.

:func:`sample` shakes ``rounds`` times three dice and gives the net result per unit
staked of every wager of :func:`croupier.analysis.exact.sic_bo.par_sheet`, under the same
names, in the same order, settled by the same rule (:func:`croupier.games.sic_bo.odds_on`
at the paytable of the Rules Submission and its choice on Two of a Kind when all three
dice show the number): ``small``, ``big``, ``three_of_a_kind:N``,
``any_three_of_a_kind``, ``two_of_a_kind:N``, ``total:T``, ``combination:A-B`` and
``one_of_a_kind:N`` (paid at the odds for the number of dice showing ``N``). A winning
wager nets its odds, a losing one -1.

Every wager is in play every round: every array has ``rounds`` entries.

**The dice.** ``3 x rounds`` uniform faces from
``numpy.random.default_rng(seed).integers(0, 6)`` (the first die of every round, then
the second, then the third, so that each die is one contiguous row), exactly as the
engine's fair dice (:func:`croupier.rng.roll_dice`, three dice of 625a.2). A round's
outcome key is its ordered shake ``36 * (first - 1) + 6 * (second - 1) + (third - 1)``,
0 to 215, computed in ``uint8`` (it fits); each wager's net for each of the 216 shakes is
tabulated once per paytable, so a chunk is settled by one lookup (or, in the framework,
one :func:`numpy.bincount` of the keys).
Payout rounding to cents is not applied, as in the par sheet.
"""

from __future__ import annotations

from itertools import product
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.analysis.simulation.base import WagerInfo
from croupier.games.sic_bo import all_spots, odds_on
from croupier.money import format_odds
from croupier.rules.sic_bo import FACES, PAYOUTS, WAGERS, Paytable, SicBoRules, SicBoSpot

CHUNK_ROUNDS: Final = 1 << 20
"""Rounds per chunk: 3 MB of dice and 1 MB of outcome keys, which the framework counts
(:func:`sample_outcomes`); :func:`sample`'s arrays, when asked for, are 50 x 8 bytes a
round. Reducing a chunk costs about a millisecond whatever its size (50 wagers' tables
of 216 nets, :func:`~croupier.analysis.simulation.base.outcome_stats`), about a tenth of
drawing a chunk this large (docs/performance.md, Sic Bo)."""

DRAWS_PER_ROUND: Final = "3 dice"

DICE: Final = 3
KEYS: Final = 6**DICE
"""The outcome keys: the 216 ordered shakes."""

SHAKES: Final[tuple[tuple[int, int, int], ...]] = tuple(product(FACES, FACES, FACES))
"""The shake of each outcome key (``SHAKES[key]``, faces 1 to 6): the order of
:data:`croupier.analysis.exact.sic_bo.SHAKES`."""

Floats = npt.NDArray[np.float64]
Dice = npt.NDArray[np.uint8]
Keys = npt.NDArray[np.uint8]


def keys_of(dice: Dice) -> Keys:
    """The outcome key of each round of ``dice`` (``3 x rounds``: row ``i`` the die
    ``i + 1`` of every round, faces 0 to 5 for 1 to 6), 0 to 215."""
    keys: Keys = dice[0] * np.uint8(36)
    keys += dice[1] * np.uint8(6)
    keys += dice[2]
    return keys


def _tables(rules: SicBoRules) -> dict[str, Floats]:
    """Wager name (par-sheet order) -> its net per unit staked for each outcome key."""
    paytable: Paytable = rules.odds
    on_triple = rules.two_of_a_kind_on_triple
    tables: dict[str, Floats] = {}
    for spot in all_spots():
        table = np.empty(KEYS, dtype=np.float64)
        for key, faces in enumerate(SHAKES):
            odds = odds_on(spot, faces, paytable, on_triple)
            table[key] = -1.0 if odds is None else float(odds)
        table.flags.writeable = False
        tables[spot] = table
    return tables


_TABLES: dict[str, dict[str, Floats]] = {}


def _cached_tables(rules: SicBoRules) -> dict[str, Floats]:
    key = rules.sha256()
    if key not in _TABLES:
        _TABLES[key] = _tables(rules)
    return _TABLES[key]


def _draw(rounds: int, seed: int) -> Dice:
    return np.random.default_rng(seed).integers(0, 6, size=(DICE, rounds), dtype=np.uint8)


def draws(rules: SicBoRules, rounds: int, seed: int) -> None:
    """Draw, and discard, the dice of ``rounds`` rounds exactly as :func:`sample` does
    (the generator's ceiling for :func:`~croupier.analysis.simulation.throughput`)."""
    _draw(rounds, seed)


def sample_outcomes(rules: SicBoRules, rounds: int, seed: int) -> tuple[Keys, dict[str, Floats]]:
    """The outcome key of each of ``rounds`` rounds (the ordered shake, 0 to 215) and,
    per wager in par-sheet order, its net per unit staked for each key: what
    :func:`sample` gives, before the lookup."""
    tables = _cached_tables(rules)
    return keys_of(_draw(rounds, seed)), dict(tables)


def sample(rules: SicBoRules, rounds: int, seed: int) -> dict[str, Floats]:
    """Wager name -> net result per unit staked of each of ``rounds`` rounds (float64,
    ``rounds`` entries each), every wager of the par sheet in its order."""
    keys, nets = sample_outcomes(rules, rounds, seed)
    return {name: net[keys] for name, net in nets.items()}


def _description(spot: str, paytable: Paytable) -> str:
    typed = SicBoSpot.parse(spot)
    kind, what = typed.kind, "-".join(str(n) for n in typed.numbers)
    rows = paytable.rows()
    if kind == "one_of_a_kind":
        paid = ", ".join(format_odds(paytable.one_of_a_kind[c]) for c in (1, 2, 3))
        return f"One of a Kind {what}, {paid} for one, two, three dice ({WAGERS}; {PAYOUTS})"
    name = {
        "small": "Small",
        "big": "Big",
        "three_of_a_kind": f"Three of a Kind {what}",
        "any_three_of_a_kind": "Any Three of a Kind",
        "two_of_a_kind": f"Two of a Kind {what}",
        "total": f"Total Value {what}",
        "combination": f"Two Dice Combination {what}",
    }[kind]
    odds = rows[spot] if kind == "total" else rows[kind]
    return f"{name}, {format_odds(odds)} ({WAGERS}; {PAYOUTS})"


def describe(rules: SicBoRules) -> dict[str, WagerInfo]:
    """Each wager's description (its odds under the paytable); one unit staked each."""
    paytable = rules.odds
    return {spot: WagerInfo(_description(spot, paytable)) for spot in all_spots()}


__all__ = [
    "CHUNK_ROUNDS",
    "DRAWS_PER_ROUND",
    "KEYS",
    "SHAKES",
    "describe",
    "draws",
    "keys_of",
    "sample",
    "sample_outcomes",
]
