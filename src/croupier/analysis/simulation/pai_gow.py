"""Pai Gow (58 Pa. Code ch. 621a) by simulation: lookup tables and vectorized rounds.

:func:`sample` plays ``rounds`` deals of one player's four tiles against the dealer's
four and gives, per wager of :func:`croupier.analysis.exact.pai_gow.par_sheet`, the net
result of every round per unit wagered, a win paying 1 to 1 less the 5% vigorish
(621a.10(k), exact: 0.95; no rounding to 25 cents, as in the par sheet):

- ``pai_gow:house_way``: the player sets by the dealer's house way; every round.
- ``pai_gow:optimal``: the player sets each hand for the greatest expected result
  against that way (:func:`croupier.analysis.exact.pai_gow.analyze`'s choice, the house
  way's setting where it is as good); every round, on the same tiles.
- ``pai_gow:player_bank``: a player bank setting by the house way against the house-way
  player of the same round, per unit of that player's wager: +0.95 when the player
  loses, -1 when he wins, 0 on a tie (621a.4(b), 621a.11(o), (q)); every round.

The dealer sets by ``rules.dealer_way`` (621a.10(d)). A hand wins when both its hands
are higher in rank than the dealer's, loses when neither is (621a.10(g), (j)), and ties
otherwise (621a.10(h)); a copy or zero-zero is not higher (621a.4(b), (e), (g)): the
comparison keys of :class:`croupier.hands.paigow.HandRank`.

**Tables.** Every ordered quadruple of kinds ``(t0, t1, t2, t3)`` (21**4 codes) maps to
the high and low keys of the house way's setting and of the optimal setting of that
hand, built once a machine per house way from the exact module's analysis (seconds;
kept in the analysis cache, :mod:`croupier.analysis.tables`).

**The deal.** Each round the eight tiles dealt are drawn without replacement from the
32 by a partial Fisher-Yates shuffle (exactly uniform, as the engine's mix, dice and
delivery are for any one position): the first four the player's, the next four the
dealer's. The shuffle's positions are drawn with ``Generator.integers``, vectorized over
a block of rounds; the swaps, the table lookups and the settlement are one numba loop
over the block. The generator is ``numpy.random.default_rng(seed)``: the same ``seed``
and ``rounds`` give the same arrays.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations_with_replacement, permutations
from typing import Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.exact.pai_gow import (
    HOUSE_WAY_WAGER,
    OPTIMAL_WAGER,
    PLAYER_BANK_WAGER,
    analyze,
    wager_figures,
)
from croupier.analysis.simulation.base import WagerInfo
from croupier.analysis.tables import shared
from croupier.equipment.tiles import KINDS, SET
from croupier.hands.paigow import HouseWay
from croupier.money import VIGORISH_RATE
from croupier.rules.pai_gow import PaiGowRules

WAGERS: Final = (HOUSE_WAY_WAGER, OPTIMAL_WAGER, PLAYER_BANK_WAGER)
"""The wagers :func:`sample` gives, named as in the par sheet."""
DRAWS_PER_ROUND: Final = "8 tiles dealt from a set of 32 (8 uniform integers, 32 down to 25)"

Floats = npt.NDArray[np.float64]
Keys = npt.NDArray[np.int16]

KIND_COUNT: Final = len(KINDS)
TILES: Final = len(SET)
DEALT: Final = 8
"""Tiles one round needs: the player's four and the dealer's four."""
BLOCK: Final = 1 << 16
"""Rounds drawn and settled together (small enough to stay in cache)."""

_KIND_OF_TILE: Final = np.array([int(tile) for tile in SET], dtype=np.int32)
"""The kind (0..20) of each of the 32 tiles of a set."""

WIN_NET: Final = float(Fraction(1) - VIGORISH_RATE)
"""A win's net per unit wagered after the vigorish (621a.10(k)): 0.95."""


def _code(kinds: tuple[int, ...]) -> int:
    a, b, c, d = kinds
    return ((a * KIND_COUNT + b) * KIND_COUNT + c) * KIND_COUNT + d


def setting_tables(way: HouseWay) -> tuple[Keys, Keys, Keys, Keys]:
    """The lookup tables for a dealer using ``way``: (house-way high key, house-way low
    key, optimal high key, optimal low key), each an ``int16`` array of ``21**4``
    entries indexed by ``((t0 * 21 + t1) * 21 + t2) * 21 + t3`` for the kinds of the four
    tiles in any order (-1 where no hand has those kinds). Read-only; built once a
    machine per way (the analysis cache, :func:`croupier.analysis.tables.shared`)."""

    def build() -> dict[str, Keys]:
        size = KIND_COUNT**4
        tables = [np.full(size, -1, dtype=np.int16) for _ in range(4)]
        for hand, advice in analyze(way).advice.items():
            house = advice.settings[advice.house_way]
            best = advice.settings[advice.best]
            keys = (house.high_rank.key, house.low_rank.key, best.high_rank.key, best.low_rank.key)
            codes = [_code(order) for order in set(permutations(int(tile) for tile in hand))]
            for table, key in zip(tables, keys, strict=True):
                table[codes] = key
        return dict(zip(_SETTING_NAMES, tables, strict=True))

    stored = shared(f"pai-gow.settings.{way.name}", build, SETTING_SOURCES)
    a, b, c, d = (cast(Keys, stored[name]) for name in _SETTING_NAMES)
    return a, b, c, d


_SETTING_NAMES: Final = ("house_high", "house_low", "best_high", "best_low")
SETTING_SOURCES: Final = (
    __name__,
    "croupier.analysis.exact.pai_gow",
    "croupier.hands.paigow",
    "croupier.equipment.tiles",
    "croupier.rules.pai_gow",
)
"""The modules whose code computes :func:`setting_tables` (its cache key)."""


def _draw(rng: np.random.Generator, i: int, n: int) -> npt.NDArray[np.int64]:
    """Step ``i`` of the partial Fisher-Yates shuffle of ``n`` rounds: a uniform position
    ``i .. 31`` per round."""
    return rng.integers(i, TILES, size=n)


def _net_py(high: int, low: int, dealer_high: int, dealer_low: int, win: float) -> float:
    """``win`` where both hands are higher than the dealer's (621a.10(j)), -1 where
    neither is (621a.10(g)), 0 otherwise (621a.10(h))."""
    above_high = high > dealer_high
    above_low = low > dealer_low
    if above_high and above_low:
        return win
    if above_high or above_low:
        return 0.0
    return -1.0


_net: Final = numba.njit(cache=True, nogil=True, inline="always")(_net_py)


def _settle_py(
    player: npt.NDArray[np.int64],
    dealer: npt.NDArray[np.int64],
    hw_high: Keys,
    hw_low: Keys,
    opt_high: Keys,
    opt_low: Keys,
    win: float,
    house: Floats,
    optimal: Floats,
    bank: Floats,
) -> None:
    """Settle the hands of table codes ``player[k]`` against ``dealer[k]``: the house-way
    player's, the optimal player's and the bank's net per unit into ``house[k]``,
    ``optimal[k]`` and ``bank[k]``."""
    for k in range(player.shape[0]):
        p, d = player[k], dealer[k]
        dh, dl = hw_high[d], hw_low[d]
        net = _net(hw_high[p], hw_low[p], dh, dl, win)
        house[k] = net
        optimal[k] = _net(opt_high[p], opt_low[p], dh, dl, win)
        bank[k] = -1.0 if net > 0 else (win if net < 0 else 0.0)


_settle_codes: Final = cast(
    Callable[
        [
            npt.NDArray[np.int64],
            npt.NDArray[np.int64],
            Keys,
            Keys,
            Keys,
            Keys,
            float,
            Floats,
            Floats,
            Floats,
        ],
        None,
    ],
    numba.njit(cache=True, nogil=True)(_settle_py),
)


def _deal_py(
    positions: npt.NDArray[np.int64],
    kind_of_tile: npt.NDArray[np.int32],
    player: npt.NDArray[np.int64],
    dealer: npt.NDArray[np.int64],
) -> None:
    """The partial Fisher-Yates shuffle of each round (``positions[i, k]``: the position,
    ``i .. 31``, swapped into place ``i``), carried on from the previous round's order (a
    uniform shuffle of any order is uniform); the first four tiles the player's, the
    next four the dealer's, as table codes into ``player[k]`` and ``dealer[k]``."""
    deck = np.arange(32)
    for k in range(positions.shape[1]):
        for i in range(8):
            j = positions[i, k]
            deck[i], deck[j] = deck[j], deck[i]
        code_p = 0
        code_d = 0
        for i in range(4):
            code_p = code_p * 21 + kind_of_tile[deck[i]]
            code_d = code_d * 21 + kind_of_tile[deck[4 + i]]
        player[k] = code_p
        dealer[k] = code_d


_deal: Final = cast(
    Callable[
        [
            npt.NDArray[np.int64],
            npt.NDArray[np.int32],
            npt.NDArray[np.int64],
            npt.NDArray[np.int64],
        ],
        None,
    ],
    numba.njit(cache=True, nogil=True)(_deal_py),
)


def _hand_codes(kinds: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The table codes of the four-tile hands in ``kinds`` (shape ``(n, 4)``)."""
    return ((kinds[:, 0] * KIND_COUNT + kinds[:, 1]) * KIND_COUNT + kinds[:, 2]) * KIND_COUNT + (
        kinds[:, 3]
    )


def _settle(
    player: npt.NDArray[np.int64],
    dealer: npt.NDArray[np.int64],
    tables: tuple[Keys, Keys, Keys, Keys],
    out: dict[str, Floats],
    begin: int,
) -> None:
    """Settle hands given by table code into ``out[wager][begin : begin + n]``."""
    n = len(player)
    _settle_codes(
        player,
        dealer,
        *tables,
        WIN_NET,
        out[HOUSE_WAY_WAGER][begin : begin + n],
        out[OPTIMAL_WAGER][begin : begin + n],
        out[PLAYER_BANK_WAGER][begin : begin + n],
    )


def prepare(rules: PaiGowRules | None) -> None:
    """Build the dealer's house way tables (:func:`setting_tables`) in this process, for
    a run to ship to its workers."""
    setting_tables((rules if rules is not None else PaiGowRules()).dealer_way)


def sample(rules: PaiGowRules | None, rounds: int, seed: int) -> dict[str, Floats]:
    """``rounds`` rounds from ``seed``: wager name (:data:`WAGERS`) -> float64 array of
    shape ``(rounds,)``, each round's net result per unit wagered (see the module text).
    ``rules`` (default :class:`PaiGowRules`) gives the dealer's house way; its rounding of
    the vigorish to 25 cents is not applied (the par sheet's exact 5%).

    Raises ``ValueError`` for a negative ``rounds``.
    """
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    rules = rules if rules is not None else PaiGowRules()
    tables = setting_tables(rules.dealer_way)
    rng = np.random.default_rng(seed)
    out = {name: np.empty(rounds, dtype=np.float64) for name in WAGERS}
    player = np.empty(min(rounds, BLOCK), dtype=np.int64)
    dealer = np.empty_like(player)
    positions = np.empty((DEALT, min(rounds, BLOCK)), dtype=np.int64)
    for begin in range(0, rounds, BLOCK):
        n = min(BLOCK, rounds - begin)
        for i in range(DEALT):
            positions[i, :n] = _draw(rng, i, n)
        _deal(positions[:, :n], _KIND_OF_TILE, player[:n], dealer[:n])
        _settle(player[:n], dealer[:n], tables, out, begin)
    return out


MULTISETS: Final = math.comb(KIND_COUNT + 3, 4)
"""The multisets of four kinds (10,626), each one row of :func:`_side_by_side`."""
_BINOMIAL: Final = np.array(
    [[math.comb(x, k) for x in range(KIND_COUNT + 3)] for k in range(5)], dtype=np.int64
)
_RANKS: Final = tuple(_BINOMIAL[k, k - 1 : k - 1 + KIND_COUNT].copy() for k in range(1, 5))
""":func:`_multiset_py`'s terms by kind: ``_RANKS[k - 1][x]`` is ``C(x + k - 1, k)``."""
_U: Final = np.uint64
_U1, _U2, _U3 = _U(1), _U(2), _U(3)
"""Unsigned integers, for indices with no check for a negative one (numba makes a mix
of signed and unsigned a float)."""


def _multiset_py(a: int, b: int, c: int, d: int) -> int:
    """The index (0 .. :data:`MULTISETS` - 1) of the multiset of kinds ``a, b, c, d`` in
    any order: sorted to ``a <= b <= c <= d``, its rank in the combinatorial number
    system of the strictly increasing ``a < b + 1 < c + 2 < d + 3``."""
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    first, second, third, fourth = _RANKS
    return int(first[_U(a)] + second[_U(b)] + third[_U(c)] + fourth[_U(d)])


_multiset: Final = numba.njit(cache=True, nogil=True, inline="always")(_multiset_py)


def _count_py(
    positions: tuple[npt.NDArray[np.int64], ...],
    settings: npt.NDArray[np.int16],
    kinds: npt.NDArray[np.int32],
    counts: npt.NDArray[np.int64],
) -> None:
    """The deal of :func:`_deal` and the settlement of :func:`_settle_py` in one pass,
    counted: ``counts[h, o]`` gains the rounds whose house-way player has outcome ``h``
    and optimal player ``o`` (0 a win, 1 a tie, 2 a loss, :func:`_net`'s cases).
    ``positions`` are the eight draws of :func:`_draw` as drawn (no copy into one
    array). ``settings`` holds the four keys of :func:`setting_tables` side by side,
    row :func:`_multiset` of the kinds, flat (85 KB in all, so the lookups stay in cache).
    ``kinds`` is the kind of each tile of the block's starting order
    (:data:`_KIND_OF_TILE`), shuffled in place: the swaps of :func:`_deal` on the kinds
    rather than the tiles, so the same tiles are dealt. The indices are unsigned."""
    p0, p1, p2, p3, p4, p5, p6, p7 = positions
    for k in range(p0.shape[0]):
        for i, j in enumerate((p0[k], p1[k], p2[k], p3[k], p4[k], p5[k], p6[k], p7[k])):
            kind = kinds[i]
            kinds[i] = kinds[_U(j)]
            kinds[_U(j)] = kind
        player = _U(_multiset(kinds[0], kinds[1], kinds[2], kinds[3])) << _U2
        dealer = _U(_multiset(kinds[4], kinds[5], kinds[6], kinds[7])) << _U2
        high, low = settings[dealer], settings[dealer + _U1]
        house = int(settings[player] <= high) + int(settings[player + _U1] <= low)
        best = int(settings[player + _U2] <= high) + int(settings[player + _U3] <= low)
        counts[house, best] += 1


_count: Final = cast(
    Callable[
        [
            tuple[npt.NDArray[np.int64], ...],
            npt.NDArray[np.int16],
            npt.NDArray[np.int32],
            npt.NDArray[np.int64],
        ],
        None,
    ],
    numba.njit(cache=True, nogil=True)(_count_py),
)

_SIDE_BY_SIDE: dict[HouseWay, npt.NDArray[np.int16]] = {}


def _side_by_side(way: HouseWay) -> npt.NDArray[np.int16]:
    """The four keys of :func:`setting_tables` by multiset of kinds: a
    ``(MULTISETS, 4)`` array, row :func:`_multiset_py` of the kinds."""
    if way not in _SIDE_BY_SIDE:
        tables = np.stack(setting_tables(way), axis=1)
        rows = np.empty((MULTISETS, 4), dtype=np.int16)
        for kinds in combinations_with_replacement(range(KIND_COUNT), 4):
            rows[_multiset_py(*kinds)] = tables[_code(kinds)]
        _SIDE_BY_SIDE[way] = rows
    return _SIDE_BY_SIDE[way]


def sample_counts(rules: PaiGowRules | None, rounds: int, seed: int) -> dict[str, dict[float, int]]:
    """The rounds of :func:`sample` (same seed, same tiles, same nets) counted in the
    kernel: wager name -> {distinct net: rounds}, without the arrays (the framework's
    fast path). Raises ``ValueError`` for a negative ``rounds``."""
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    rules = rules if rules is not None else PaiGowRules()
    settings = _side_by_side(rules.dealer_way)
    rng = np.random.default_rng(seed)
    counts = np.zeros((3, 3), dtype=np.int64)
    flat = settings.reshape(-1)
    for begin in range(0, rounds, BLOCK):
        n = min(BLOCK, rounds - begin)
        _count(tuple(_draw(rng, i, n) for i in range(DEALT)), flat, _KIND_OF_TILE.copy(), counts)
    player_net = (WIN_NET, 0.0, -1.0)  # by outcome: win, tie, loss
    bank_net = (-1.0, 0.0, WIN_NET)  # the bank against the house-way player
    found: dict[str, dict[float, int]] = {wager: {} for wager in WAGERS}
    for h in range(3):
        for o in range(3):
            if counts[h, o]:
                for wager, net in (
                    (HOUSE_WAY_WAGER, player_net[h]),
                    (OPTIMAL_WAGER, player_net[o]),
                    (PLAYER_BANK_WAGER, bank_net[h]),
                ):
                    found[wager][net] = found[wager].get(net, 0) + int(counts[h, o])
    return found


def draws(rules: PaiGowRules | None, rounds: int, seed: int) -> None:
    """Draw, and discard, the random numbers of ``rounds`` rounds exactly as
    :func:`sample` draws them (the generator's ceiling for
    :func:`~croupier.analysis.simulation.base.throughput`)."""
    rng = np.random.default_rng(seed)
    for begin in range(0, rounds, BLOCK):
        n = min(BLOCK, rounds - begin)
        for i in range(DEALT):
            _draw(rng, i, n)


def describe(rules: PaiGowRules | None) -> dict[str, WagerInfo]:
    """Each wager's description, units staked and strategy, as the par sheet gives them."""
    rules = rules if rules is not None else PaiGowRules()
    return {
        figures.wager: WagerInfo(figures.description, figures.units_staked, figures.strategy)
        for figures in wager_figures(rules)
    }


def settle_hands(
    rules: PaiGowRules | None, player: npt.ArrayLike, dealer: npt.ArrayLike
) -> dict[str, Floats]:
    """The rounds :func:`sample` would play on given tiles: ``player`` and ``dealer`` of
    shape ``(n, 4)``, tile kinds 0..20 (``int(tile)``), the eight of a row drawable from
    one set. Returns wager name -> float64 array of shape ``(n,)`` as :func:`sample`
    gives. Raises ``ValueError`` for another shape, or for tiles one set does not hold
    (621a.3(c)).
    """
    rules = rules if rules is not None else PaiGowRules()
    mine = np.asarray(player, dtype=np.int64)
    theirs = np.asarray(dealer, dtype=np.int64)
    if mine.ndim != 2 or mine.shape[1] != 4 or theirs.shape != mine.shape:
        raise ValueError(f"hands have shape (n, 4), not {mine.shape} and {theirs.shape}")
    both = np.concatenate([mine, theirs], axis=1)
    if both.size and (both.min() < 0 or both.max() >= KIND_COUNT):
        raise ValueError(f"tile kinds are 0..{KIND_COUNT - 1}")
    copies = np.array([tile.copies for tile in KINDS])
    held = np.apply_along_axis(np.bincount, 1, both, minlength=KIND_COUNT)
    if both.size and (held > copies).any():
        raise ValueError("a set holds one or two tiles of each kind (621a.3(c))")
    tables = setting_tables(rules.dealer_way)
    out = {name: np.empty(len(mine), dtype=np.float64) for name in WAGERS}
    _settle(_hand_codes(mine), _hand_codes(theirs), tables, out, 0)
    return out


__all__ = [
    "DEALT",
    "DRAWS_PER_ROUND",
    "KIND_COUNT",
    "WAGERS",
    "WIN_NET",
    "describe",
    "draws",
    "prepare",
    "sample",
    "sample_counts",
    "setting_tables",
    "settle_hands",
]
