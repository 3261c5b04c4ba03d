"""High Roll Dice (ch. 675a, 675a.6, ch. 593) by simulation: a numba kernel over thrown dice.

:func:`sample` throws ``rounds`` first rolls of ten dice (six under 675a.6(e)) and, where
the variant has one, the Extra Roll, and gives the net result per unit staked of every
wager of :func:`croupier.analysis.exact.high_roll_dice.par_sheet`, under the same names
and the same settlement:

- ``pip_street:<face>`` (675a.4(f)(1), 675a.5(a), 675a.6(j), 593.5(a)): the odds if
  ``face`` is the winning face (most dice, ties to the higher rank of 675a.2(d): ace
  highest, then 6 to 2), else -1;
- ``like_kind:<t>`` (675a.4(f)(2)(i), 675a.5(b), 675a.6(k)): the odds if the first roll's
  count is ``t`` (``like_kind:no_match``: six different faces on six dice), else -1;
- ``like_kind_extra_roll:<t>`` (ten dice): one unit on circle ``t`` and an Extra Roll
  bought for one unit, per unit of the two staked: ``(odds - 1) / 2`` if the first roll
  makes ``t``; -1 if it makes more; otherwise the circle is held (675a.4(f)(2)(ii)) and
  pays ``(extra odds - 1) / 2`` if the Extra Roll's final count is ``t`` (675a.4(h),
  675a.5(d), 593.5(d)), else -1;
- ``millionaire_row:<9|10>`` (ten dice; 675a.4(f)(3), 675a.5(c)): the fixed prize of
  $50,000 ($1,000,000) for a $1 wager, 50,000 (1,000,000) per unit, if the first roll
  makes exactly nine (ten) of a kind, else -1.

Every wager is in play every round: every array has ``rounds`` entries.

**The dice.** The first roll is ``rounds x dice`` uniform faces from
``numpy.random.default_rng(seed).integers(0, 6)``, exactly as the engine's fair dice
(:func:`croupier.rng.roll_dice`). The Extra Roll (675a.4(g)) throws again the ``dice -
count`` dice not showing the winning face; how many of them show it is
Binomial(``dice - count``, 1/6), drawn by inverting its cumulative distribution at one
uniform per round (``Generator.random``; its 53-bit resolution is the only difference from
throwing those dice one by one). The uniform is drawn for every round, used where the
first roll's count is below 8 (a circle is held, as for a player betting every circle
with the Extra Roll: one Extra Roll serves every circle). Payout rounding and the payout
limit are not applied, as in the par sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.simulation.base import WagerInfo
from croupier.equipment.dice import FACE_NAMES, FACES
from croupier.games.high_roll_dice import like_kind_spot, millionaire_row_spot, pip_street_spot
from croupier.money import format_cents, format_odds
from croupier.rules.high_roll_dice import HighRollDiceRules

CHUNK_ROUNDS: Final = 1 << 18
"""Rounds per chunk: 2.6 MB of dice and 0.5 MB of outcome keys (:func:`sample`'s arrays,
when asked for, are 22 x 8 bytes a round: 46 MB)."""

DRAWS_PER_ROUND: Final = "10 dice and one uniform (ten dice); 6 dice (six dice)"

EXTRA_ROLL_WAGER: Final = "like_kind_extra_roll"

_KEY_FACE: Final = 121
_KEY_COUNT: Final = 11
_KEYS: Final = 7 * 121
"""An outcome's key: ``face * 121 + count * 11 + final`` (face 1..6, counts 0..10)."""

Floats = npt.NDArray[np.float64]
Dice = npt.NDArray[np.uint8]
Keys = npt.NDArray[np.int16]


def _wagers(rules: HighRollDiceRules) -> list[tuple[str, str, int]]:
    """Every wager in par-sheet order: ``(name, kind, face or circle or count)``."""
    wagers = [(pip_street_spot(face), "pip_street", face) for face in FACES]
    wagers += [(like_kind_spot(t), "like_kind", t) for t in sorted(rules.like_kind_odds)]
    if rules.extra_roll_odds is not None:
        wagers += [
            (f"{EXTRA_ROLL_WAGER}:{t}", EXTRA_ROLL_WAGER, t) for t in sorted(rules.like_kind_odds)
        ]
    prizes = rules.millionaire_row_prizes or {}
    wagers += [(millionaire_row_spot(c), "millionaire_row", c) for c in sorted(prizes)]
    return wagers


def net(
    rules: HighRollDiceRules, kind: str, spot: int, face: int, count: int, final: int
) -> Fraction:
    """The net per unit staked of a wager of ``kind`` on ``spot`` (a face, a circle, or a
    Millionaire Row count) when the first roll's winning face is ``face`` with ``count``
    dice and the Extra Roll (if any) ends on ``final``."""
    lose = Fraction(-1)
    if kind == "pip_street":
        return rules.pip_street_odds[spot] if face == spot else lose
    if kind == "like_kind":
        return rules.like_kind_odds[spot] if count == spot else lose
    if kind == EXTRA_ROLL_WAGER:
        extra = rules.extra_roll_odds or {}
        if count == spot:
            return (rules.like_kind_odds[spot] - 1) / 2
        if count < spot and spot in extra and final == spot:
            return (extra[spot] - 1) / 2
        return lose
    prize = (rules.millionaire_row_prizes or {})[spot]
    return Fraction(prize.amount, prize.for_wager) if count == spot else lose


def _tables(rules: HighRollDiceRules) -> tuple[list[str], Floats]:
    """The wager names and the net of each wager for each outcome key (``(W, 847)``)."""
    wagers = _wagers(rules)
    table = np.full((len(wagers), _KEYS), np.nan)
    dice = rules.dice
    for face in range(1, 7):
        for count in range(1, dice + 1):
            for final in range(count, dice + 1):
                key = face * _KEY_FACE + count * _KEY_COUNT + final
                for w, (_, kind, spot) in enumerate(wagers):
                    table[w, key] = float(net(rules, kind, spot, face, count, final))
    return [name for name, _, _ in wagers], table


def _binomial_cdf(dice: int) -> Floats:
    """``cdf[m, k]``: P(Binomial(m, 1/6) <= k) for m, k in 0..dice (1 for k >= m)."""
    cdf = np.ones((dice + 1, dice + 1))
    for m in range(dice + 1):
        running = Fraction(0)
        for k in range(m + 1):
            running += Fraction(comb(m, k) * 5 ** (m - k), 6**m)
            cdf[m, k] = float(running)
        cdf[m, m:] = 1.0
    return cdf


def _play_py(dice: Dice, uniforms: Floats, cdf: Floats, extra_below: int, keys: Keys) -> None:
    """The outcome key of every round into ``keys``: the winning face and count of each
    row of ``dice`` (faces 0..5 for 1..6) and the Extra Roll's final count where the count
    is below ``extra_below`` (else the count).

    The face counts are packed four bits a face in one integer; the Extra Roll's count of
    matches is the number of ``cdf`` steps the round's uniform reaches (no branch)."""
    rounds, per_round = dice.shape
    for i in range(rounds):
        packed = 0
        for j in range(per_round):
            packed += 1 << (4 * int(dice[i, j]))
        face = 2
        count = (packed >> 4) & 15
        for f in (3, 4, 5, 6, 1):  # rising rank (675a.2(d)): a tie goes to the higher
            c = (packed >> (4 * (f - 1))) & 15
            if c >= count:
                face = f
                count = c
        final = count
        if count < extra_below:
            u = uniforms[i]
            row = cdf[per_round - count]
            matches = 0
            for j in range(per_round):  # row[j] is 1 from j = per_round - count on
                matches += u >= row[j]
            final = count + matches
        keys[i] = face * 121 + count * 11 + final


_play: Final = cast(
    Callable[[Dice, Floats, Floats, int, Keys], None],
    numba.njit(cache=True, nogil=True)(_play_py),
)


def _draw(rules: HighRollDiceRules, rounds: int, seed: int) -> tuple[Dice, Floats]:
    generator = np.random.default_rng(seed)
    dice = generator.integers(0, 6, size=(rounds, rules.dice), dtype=np.uint8)
    uniforms = generator.random(rounds) if rules.extra_roll_odds is not None else np.zeros(0)
    return dice, uniforms


def draws(rules: HighRollDiceRules, rounds: int, seed: int) -> None:
    """Draw, and discard, the random numbers of ``rounds`` rounds exactly as
    :func:`sample` does (the generator's ceiling for :func:`throughput`)."""
    _draw(rules, rounds, seed)


def sample_outcomes(
    rules: HighRollDiceRules, rounds: int, seed: int
) -> tuple[Keys, dict[str, Floats]]:
    """The outcome key of each of ``rounds`` rounds (``face * 121 + count * 11 + final``)
    and, per wager in par-sheet order, its net per unit staked for each key (NaN for a key
    that cannot occur): what :func:`sample` gives, before the lookup."""
    names, table = _cached_tables(rules)
    dice, uniforms = _draw(rules, rounds, seed)
    extra = rules.extra_roll_odds
    extra_below = max(extra) if extra is not None else 0
    keys = np.empty(rounds, dtype=np.int16)
    _play(dice, uniforms, _binomial_cdf_cached(rules.dice), extra_below, keys)
    return keys, {name: table[w] for w, name in enumerate(names)}


def sample(rules: HighRollDiceRules, rounds: int, seed: int) -> dict[str, Floats]:
    """Wager name -> net result per unit staked of each of ``rounds`` rounds (float64,
    ``rounds`` entries each), every wager of the variant's par sheet in its order."""
    keys, nets = sample_outcomes(rules, rounds, seed)
    return {name: net[keys] for name, net in nets.items()}


_TABLES: dict[str, tuple[list[str], Floats]] = {}
_CDFS: dict[int, Floats] = {}


def _cached_tables(rules: HighRollDiceRules) -> tuple[list[str], Floats]:
    key = rules.sha256()
    if key not in _TABLES:
        _TABLES[key] = _tables(rules)
    return _TABLES[key]


def _binomial_cdf_cached(dice: int) -> Floats:
    if dice not in _CDFS:
        _CDFS[dice] = _binomial_cdf(dice)
    return _CDFS[dice]


def describe(rules: HighRollDiceRules) -> dict[str, WagerInfo]:
    """Each wager's description and units staked (2 for a circle with its Extra Roll)."""
    s = rules.sections
    info = {
        pip_street_spot(face): WagerInfo(
            f"Pip Street {FACE_NAMES[face]}, {format_odds(rules.pip_street_odds[face])} "
            f"({s.pip_street_odds})"
        )
        for face in FACES
    }
    for circle, odds in sorted(rules.like_kind_odds.items()):
        info[like_kind_spot(circle)] = WagerInfo(
            f"Like Kind {circle}, {format_odds(odds)} ({s.like_kind_odds})"
        )
        if rules.extra_roll_odds is not None:
            info[f"{EXTRA_ROLL_WAGER}:{circle}"] = WagerInfo(
                f"Like Kind {circle} with an Extra Roll bought for it ({s.extra_roll}; "
                f"{s.extra_roll_odds})",
                units_staked=2,
                hit_above=-1.0,
            )
    for count, prize in sorted((rules.millionaire_row_prizes or {}).items()):
        info[millionaire_row_spot(count)] = WagerInfo(
            f"Millionaire Row {count} of a kind, {format_cents(prize.amount)} for "
            f"{format_cents(prize.for_wager)} ({s.millionaire_row_prizes})"
        )
    return info


__all__ = [
    "CHUNK_ROUNDS",
    "DRAWS_PER_ROUND",
    "describe",
    "draws",
    "net",
    "sample",
    "sample_outcomes",
]
