"""Criss-Cross Poker (ch. 674a) by simulation: a numba kernel that deals and settles rounds.

:func:`sample` plays ``rounds`` rounds of one player with both antes (674a.7(d)) and the
Five Card Bonus (674a.7(e)) and gives, per wager of
:func:`croupier.analysis.exact.criss_cross_poker.par_sheet`, the net result of every
round per unit staked:

- ``antes``: the whole antes game (both antes and the Across, Down and Middle Bets),
  per unit of total antes (two units a round), as the par sheet quotes it; every round.
- ``five_card_bonus``: the Five Card Bonus on the five community cards (674a.12(c)),
  per unit; every round (the player always places it).

**The deal.** One deck; each round the seven cards dealt are drawn without replacement
(a partial Fisher-Yates shuffle, uniform as the engine's shuffle and cut are), in the
engine's order (:func:`croupier.games.criss_cross_poker.deal_plan`): the five community
cards in the cross's order far, left, middle, right, near, then the player's two cards.
The Across Hand is the player's cards with left, middle, right (674a.11(b)); the Down
Hand his cards with far, middle, near (674a.11(d)).

**The strategy** is the exact analysis's optimal one, ties to the smaller wager: the
Across and Down decisions are looked up in
:func:`~croupier.analysis.exact.criss_cross_poker.strategy_table` (the hand is taken to
its class's representative by a suit permutation, which changes no value); the Middle
decision (674a.11(f)), as the exact kernel makes it from the 46 cards that may be the
middle card, is read from a table by the six known cards' ranks
(:func:`_middle_table`) where no middle card can make either hand a flush, and summed
where one can (about 2% of the rounds that reach it; :func:`sample_counts` sets those
rounds aside and counts them after the others). The strategy table
costs the exact enumeration once a machine (about 25 s on two cores), the Middle
table under a second; both are kept in the analysis cache on disk
(:mod:`croupier.analysis.tables`) and shipped by a simulation run to its workers, so
only the first :func:`sample` ever is slow.

**Reproducibility.** A round's draws come from ``numpy.random.default_rng(seed)``
(53-bit uniforms, turned into exactly uniform integers by rejection: :func:`_below_py`),
consumed by the kernel in order: the same ``seed`` and ``rounds`` give the same arrays.
Every kernel makes those integers from the generator's raw outputs, without the float
(:func:`_below_raw_py`, the same integers draw for draw), and steps the seed's PCG64
generator in its own code (:mod:`croupier.analysis.simulation.pcg64`: numpy's outputs,
no call of the generator's C function). Payout limits (674a.12(d)) are ignored, as in
the par sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.exact.criss_cross_poker import (
    PAY_BY_RANK,
    line_of_rank,
    starting_classes,
    strategy_table,
)
from croupier.analysis.simulation.base import WagerInfo
from croupier.analysis.simulation.pcg64 import Words, generator_state, mix, output, step
from croupier.analysis.tables import shared
from croupier.hands.poker import FLUSH_RANKS, OFFSUIT_RANKS, RANK_CATEGORY, RANK_KEYS
from croupier.rules.criss_cross_poker import (
    BONUS_ODDS,
    MAX_BET_MULTIPLE,
    CrissCrossPokerRules,
)

ANTES: Final = "antes"
FIVE_CARD_BONUS: Final = "five_card_bonus"
WAGERS: Final = (ANTES, FIVE_CARD_BONUS)
"""The wagers :func:`sample` gives, named as in the par sheet."""
DRAWS_PER_ROUND: Final = "7 cards dealt from one deck (7 uniform integers, 52 down to 46)"

Floats = npt.NDArray[np.float64]

_BONUS_BY_RANK: Final = np.array(
    [0.0]
    + [float(BONUS_ODDS.get(line_of_rank(rank), -1)) for rank in range(1, len(RANK_CATEGORY))],
    dtype=np.float64,
)
"""The Five Card Bonus net per unit (674a.12(c); -1 a loss) of every rank; index 0 unused."""


_PAY_OFFSUIT: Final = PAY_BY_RANK[OFFSUIT_RANKS].astype(np.int8)
"""The bet pay (674a.12(b)) of a hand not all of one suit, by the sum of its cards' keys
(:data:`~croupier.hands.poker.RANK_KEYS`): the fast evaluator's table with the pay folded in."""
_PAY_FLUSH: Final = PAY_BY_RANK[FLUSH_RANKS].astype(np.int16)
"""The bet pay of a hand all of one suit, by the 13-bit mask of its ranks."""
_RANK_KEYS: Final = np.array(RANK_KEYS, dtype=np.int64)
_CARD_KEYS: Final = np.array([RANK_KEYS[card >> 2] for card in range(52)], dtype=np.int64)
_UNSEEN: Final = np.array([4 - bin(nibble).count("1") for nibble in range(16)], dtype=np.int64)
"""How many of a rank's four cards are unseen, by the nibble of its seen cards."""
if int(PAY_BY_RANK[OFFSUIT_RANKS].max()) > 127:  # pragma: no cover - the paytable's shape
    raise AssertionError("a hand not all of one suit pays more than an int8 holds")


def _pay_rows() -> npt.NDArray[np.int8]:
    """``rows[key, r]``: the bet pay of a hand not all of one suit whose four other cards'
    keys sum to ``key`` and whose fifth card has rank index ``r`` (0 where the five ranks
    cannot be dealt). The 1,820 rows a deal can reach are 16 bytes each (29 KB touched
    of the table), so a round's 26 lookups over the middle card stay in cache where
    :data:`_PAY_OFFSUIT`'s are scattered over 360 KB."""
    rows = np.zeros((4 * max(RANK_KEYS) + 1, 16), dtype=np.int8)
    for four in combinations_with_replacement(range(13), 4):
        key = sum(RANK_KEYS[r] for r in four)
        for r in range(13):
            if four.count(r) < 4:
                rows[key, r] = _PAY_OFFSUIT[key + RANK_KEYS[r]]
    return rows


_ROWS: Final = _pay_rows()

_BONUS_NETS: Final = np.unique(_BONUS_BY_RANK[1:])
"""The distinct Five Card Bonus nets per unit, ascending; a bonus code indexes it."""
_BONUS_CODE: Final = np.searchsorted(_BONUS_NETS, _BONUS_BY_RANK).astype(np.int8)
"""The bonus code (index in :data:`_BONUS_NETS`) of every rank; index 0 unused."""
_BONUS_FLUSH: Final = _BONUS_CODE[FLUSH_RANKS]
"""The bonus code of five community cards all of one suit, by the 13-bit mask of their
ranks (8 kB)."""


def _bonus_rows() -> npt.NDArray[np.int8]:
    """``rows[key, r]``: the bonus code (:data:`_BONUS_CODE`) of five community cards not
    all of one suit whose four outer cards' keys sum to ``key`` and whose middle card has
    rank index ``r``: as :func:`_pay_rows`, one 16-byte row a round (29 KB touched) where
    :func:`~croupier.hands.poker.rank_five` reads a 720 KB table."""
    rows = np.zeros((4 * max(RANK_KEYS) + 1, 16), dtype=np.int8)
    for four in combinations_with_replacement(range(13), 4):
        key = sum(RANK_KEYS[r] for r in four)
        for r in range(13):
            if four.count(r) < 4:
                rows[key, r] = _BONUS_CODE[OFFSUIT_RANKS[key + RANK_KEYS[r]]]
    return rows


_BONUS_ROWS: Final = _bonus_rows()


def _class_table() -> npt.NDArray[np.int16]:
    """``[high rank, low rank, suited]`` -> index in :func:`starting_classes`."""
    table = np.full((13, 13, 2), -1, dtype=np.int16)
    for index, ((c0, c1), _, _) in enumerate(starting_classes()):
        table[c0 >> 2, c1 >> 2, int((c0 & 3) == (c1 & 3))] = index
    return table


_CLASS_OF: Final = _class_table()
_U: Final = 0xFFFFFFFF
"""A mask that keeps every index the kernel takes (all far below it) and shows numba
that none is negative, so that it leaves out its test for an index from the end."""
_REPRESENTATIVE: Final = np.array([rep for rep, _, _ in starting_classes()], dtype=np.int64)


# --- the kernel ----------------------------------------------------------------------------
_TWO_53: Final = 9007199254740992.0


def _below_py(rng: np.random.Generator, n: int) -> int:
    """An exactly uniform integer in ``0 .. n - 1`` from 53-bit uniforms (rejection of the
    top ``2**53 mod n`` values: probability below 1e-14). The definition of the draws;
    the kernels make the same integers by :func:`_below_raw_py`."""
    limit = 9007199254740992 - 9007199254740992 % n
    while True:
        x = int(rng.random() * _TWO_53)
        if x < limit:
            return x % n


_below: Final = numba.njit(cache=True, nogil=True)(_below_py)


def _below_raw_py(pcg: Words, n: int) -> int:
    """:func:`_below_py`'s integer from the same output of the seed's generator, whose
    state is ``pcg`` (:func:`~croupier.analysis.simulation.pcg64.generator_state`;
    stepped in the kernel's own code, :func:`~croupier.analysis.simulation.pcg64.output`),
    without the float: ``random()`` is the output's top 53 bits times ``2**-53`` (numpy's
    ``next_double`` for PCG64), so ``int(random() * 2**53)`` is exactly ``output >> 11``;
    compared and reduced as unsigned integers (``n`` a constant where this is inlined, its
    limit and remainder folded)."""
    limit = np.uint64(9007199254740992 - 9007199254740992 % n)
    while True:
        x = output(pcg) >> np.uint64(11)
        if x < limit:
            return int(x % np.uint64(n))


_below_raw: Final = numba.njit(cache=True, nogil=True, inline="always")(_below_raw_py)


def _pick_py(
    high: np.uint64, low: np.uint64, inc_high: np.uint64, inc_low: np.uint64, n: int
) -> tuple[np.uint64, np.uint64, int]:
    """:func:`_below_raw_py` with the generator's state in locals (``high, low``, the
    increment's halves ``inc_high, inc_low``): the stepped state and the integer."""
    limit = np.uint64(9007199254740992 - 9007199254740992 % n)
    while True:
        high, low = step(high, low, inc_high, inc_low)
        x = mix(high, low) >> np.uint64(11)
        if x < limit:
            return high, low, int(x % np.uint64(n))


_pick: Final = numba.njit(cache=True, nogil=True, inline="always")(_pick_py)


def _deal_py(pcg: Words, deck: npt.NDArray[np.int64]) -> tuple[int, int, int, int, int, int, int]:
    """The seven cards of a round (far, left, middle, right, near, the player's two),
    drawn from the front of ``deck`` by the partial Fisher-Yates shuffle from the raw
    outputs of the generator whose state is ``pcg`` (:func:`_below_raw_py`'s integers,
    :func:`_pick_py`), each swap unrolled so that every draw's limit and remainder are
    constants; the generator's state is read once and written once a round (kept in
    locals between the draws); the deck is written, for the next round's draws, and the
    cards dealt are returned (kept in registers: the round reads none back)."""
    high, low, inc_high, inc_low = pcg[0], pcg[1], pcg[2], pcg[3]
    high, low, j = _pick(high, low, inc_high, inc_low, 52)
    j &= _U
    far = deck[j]
    deck[j] = deck[0]
    deck[0] = far
    high, low, j = _pick(high, low, inc_high, inc_low, 51)
    j = (1 + j) & _U
    left = deck[j]
    deck[j] = deck[1]
    deck[1] = left
    high, low, j = _pick(high, low, inc_high, inc_low, 50)
    j = (2 + j) & _U
    middle = deck[j]
    deck[j] = deck[2]
    deck[2] = middle
    high, low, j = _pick(high, low, inc_high, inc_low, 49)
    j = (3 + j) & _U
    right = deck[j]
    deck[j] = deck[3]
    deck[3] = right
    high, low, j = _pick(high, low, inc_high, inc_low, 48)
    j = (4 + j) & _U
    near = deck[j]
    deck[j] = deck[4]
    deck[4] = near
    high, low, j = _pick(high, low, inc_high, inc_low, 47)
    j = (5 + j) & _U
    p0 = deck[j]
    deck[j] = deck[5]
    deck[5] = p0
    high, low, j = _pick(high, low, inc_high, inc_low, 46)
    j = (6 + j) & _U
    p1 = deck[j]
    deck[j] = deck[6]
    deck[6] = p1
    pcg[0], pcg[1] = high, low
    return far, left, middle, right, near, p0, p1


_deal: Final = numba.njit(cache=True, nogil=True, inline="always")(_deal_py)


def _suit_map_py(p0: int, p1: int, sigma: npt.NDArray[np.int64]) -> int:
    """Fill ``sigma`` with a suit permutation taking the player's cards to their class's
    representative (:func:`starting_classes`): the high card's suit (either, for a pair) to
    0, the low card's to 1 unless suited, the other suits upward in order. Returns the
    class index (or -1 for a card pair not in the table)."""
    hi, lo = (p0, p1) if (p0 >> 2) >= (p1 >> 2) else (p1, p0)
    s_hi, s_lo = hi & 3, lo & 3
    for s in range(4):
        sigma[s] = -1
    sigma[s_hi] = 0
    following = 1
    if s_lo != s_hi:
        sigma[s_lo] = 1
        following = 2
    for s in range(4):
        if sigma[s] < 0:
            sigma[s] = following
            following += 1
    return int(_CLASS_OF[hi >> 2, lo >> 2, 1 if s_hi == s_lo else 0])


_suit_map: Final = numba.njit(cache=True, nogil=True)(_suit_map_py)


def _pair_map() -> npt.NDArray[np.int32]:
    """``[52 * p0 + p1]``: :func:`_suit_map_py` of every two player cards, read in one
    lookup (11 kB) where the round computed it: the class index in bits 0-7, suit ``s``'s
    image in bits ``8 + 2s`` and ``9 + 2s`` (0 where ``p0 == p1``)."""
    table = np.zeros(52 * 52, dtype=np.int32)
    sigma = np.empty(4, dtype=np.int64)
    for p0 in range(52):
        for p1 in range(52):
            if p0 != p1:
                packed = _suit_map_py(p0, p1, sigma)
                for suit in range(4):
                    packed |= int(sigma[suit]) << (8 + 2 * suit)
                table[52 * p0 + p1] = packed
    return table


_PAIR_MAP: Final = _pair_map()


def _four_py(c0: int, c1: int, c2: int, c3: int) -> tuple[int, int, int]:
    """Four known cards of a five-card hand, for :func:`_pay_with`: the sum of their
    keys, their suit if all four share one (else -1), the mask of their ranks."""
    key = _CARD_KEYS[c0 & _U] + _CARD_KEYS[c1 & _U] + _CARD_KEYS[c2 & _U] + _CARD_KEYS[c3 & _U]
    # one test of all four suits at once, not a branch per card (a suited pair of the
    # player's is as unpredictable as not)
    suit = c0 & 3 if ((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3)) & 3 == 0 else -1
    mask = (1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2)) | (1 << (c3 >> 2))
    return int(key), suit, mask


_four: Final = numba.njit(cache=True, nogil=True, inline="always")(_four_py)


def _pay_with_py(key: int, suit: int, mask: int, card: int) -> int:
    """The bet pay of the four cards summarized by :func:`_four` and ``card``: the fast
    evaluator's lookup (:func:`croupier.hands.poker.rank_five`) with four cards summed."""
    if (card & 3) == suit:
        return int(_PAY_FLUSH[mask | (1 << (card >> 2))])
    return int(_PAY_OFFSUIT[key + _CARD_KEYS[card]])


_pay_with: Final = numba.njit(cache=True, nogil=True, inline="always")(_pay_with_py)


def _bonus_of_py(
    far: int, left: int, middle: int, right: int, near: int, rows: npt.NDArray[np.int8]
) -> int:
    """The Five Card Bonus code of the five community cards (:data:`_BONUS_CODE` of their
    :func:`~croupier.hands.poker.rank_five`), the hands not all of one suit from ``rows``
    (:func:`_bonus_rows` by two pairs of ranks: :func:`_by_pairs`, the outer horizontal
    and outer vertical pairs)."""
    _, suit, mask = _four(far, left, right, near)
    if (middle & 3) == suit:
        return int(_BONUS_FLUSH[mask | (1 << (middle >> 2))])
    row = _two_pairs_nb(_pair_index_nb(left, right), _pair_index_nb(far, near))
    return int(rows[row, (middle >> 2) & _U])


_bonus_of: Final = numba.njit(cache=True, nogil=True, inline="always")(_bonus_of_py)


def _middle_sums_py(
    p0: int,
    p1: int,
    far: int,
    left: int,
    right: int,
    near: int,
    rows: npt.NDArray[np.int8],
) -> tuple[int, int, int, int]:
    """Over the 46 cards that may be the middle card, with the player's cards and the four
    outer cards known: the sums of the two antes' pays, of the Across Hand's bet pay, of
    the Down Hand's and of the higher of the two (674a.11(f), 674a.12(a)-(b)).

    Every unseen card of a rank gives both hands the same pays unless its suit makes a
    flush, so the ranks are summed once each (times the unseen cards of the rank) and the
    cards of a suit four known cards of a hand share are corrected one by one. The pays
    not all of one suit come from ``rows`` (:func:`_pay_rows`), one row a hand."""
    key_a, suit_a, mask_a = _four(p0, p1, left, right)
    key_d, suit_d, mask_d = _four(p0, p1, far, near)
    row_a, row_d = rows[key_a], rows[key_d]
    one = np.uint64(1)
    seen = np.uint64(0)
    for c in (p0, p1, far, left, right, near):
        seen |= one << np.uint64(c)
    ante = 0
    sa = 0
    sd = 0
    s = 0
    for r in range(13):
        k = _UNSEEN[(seen >> np.uint64(4 * r)) & np.uint64(15)]
        if k == 0:
            continue
        x = int(row_a[r])
        y = int(row_d[r])
        ante += k * (min(x, 1) + min(y, 1))
        sa += k * x
        sd += k * y
        s += k * (x if x > y else y)
    for t in range(2):
        suit = suit_a if t == 0 else suit_d
        if suit < 0 or (t == 1 and suit_d == suit_a):
            continue
        for r in range(13):
            c = 4 * r + suit
            if (seen >> np.uint64(c)) & one:
                continue
            x0 = int(row_a[r])
            y0 = int(row_d[r])
            x = _pay_with(key_a, suit_a, mask_a, c)
            y = _pay_with(key_d, suit_d, mask_d, c)
            ante += min(x, 1) + min(y, 1) - min(x0, 1) - min(y0, 1)
            sa += x - x0
            sd += y - y0
            s += (x if x > y else y) - (x0 if x0 > y0 else y0)
    return ante, sa, sd, s


_middle_sums: Final = cast(
    Callable[[int, int, int, int, int, int, npt.NDArray[np.int8]], tuple[int, int, int, int]],
    numba.njit(cache=True, nogil=True)(_middle_sums_py),
)


def _middle_bet_py(ante: int, sa: int, sd: int, s: int, a: int, d: int) -> int:
    """The Middle decision (0 fold, 1 or 3 antes; 674a.11(f)) after Across and Down Bets
    of ``a`` and ``d`` antes, from :func:`_middle_sums_py`'s sums over the 46 cards that
    may be the middle card: the bet of 3 where the higher hand's pays sum above 0, else
    of 1, and a fold where the round's expected net is no better than losing the antes
    and both bets (ties to the smaller wager)."""
    m = 3 if s > 0 else 1
    if ante + a * sa + d * sd + m * s <= -(2 + a + d) * 46:
        return 0
    return m


_middle_bet: Final = numba.njit(cache=True, nogil=True, inline="always")(_middle_bet_py)

_PAIRS: Final = 91
"""Two ranks in either order: ``hi * (hi + 1) // 2 + lo`` for ``hi >= lo`` (13 * 14 / 2)."""
_PAIR_RANKS: Final = np.array(
    [(hi, lo) for hi in range(13) for lo in range(hi + 1)], dtype=np.int64
)
"""The two ranks (high, low) of every pair number of :data:`_PAIRS`."""
_OUTER: Final = _PAIRS * (_PAIRS + 1) // 2
"""The outer horizontal and outer vertical pairs in either order (4,186): ``v * (v + 1) //
2 + h`` for pair numbers ``h <= v``."""
_SITUATIONS: Final = _PAIRS * _OUTER
"""The Middle decision's situations by ranks: player's pair ``p``, outer pairs ``h <= v``;
entry ``p * _OUTER + v * (v + 1) // 2 + h`` (380,926)."""
_PLANE: Final = (_SITUATIONS + 3) // 4
"""Bytes of one Across and Down Bet combination's decisions, four situations a byte."""


def _middle_decisions_py(rows: npt.NDArray[np.int8], out: npt.NDArray[np.uint8]) -> None:
    """Fill ``out`` (:func:`_middle_table`) from the ranks alone: the sums of
    :func:`_middle_sums_py` where neither hand's four known cards share a suit (no
    middle card can make a flush), each rank counted by its unseen cards; the outer
    horizontal pair ``h`` makes the Across Hand, the outer vertical ``v`` the Down Hand."""
    counts = np.zeros(13, dtype=np.int64)
    for p in range(_PAIRS):
        for v in range(_PAIRS):
            for h in range(v + 1):
                ranks = (
                    _PAIR_RANKS[p, 0],
                    _PAIR_RANKS[p, 1],
                    _PAIR_RANKS[h, 0],
                    _PAIR_RANKS[h, 1],
                    _PAIR_RANKS[v, 0],
                    _PAIR_RANKS[v, 1],
                )
                counts[:] = 0
                for r in ranks:
                    counts[r] += 1
                if counts.max() > 4:
                    continue  # five cards of one rank: no deal has it
                mine = _RANK_KEYS[ranks[0]] + _RANK_KEYS[ranks[1]]
                key_a = mine + _RANK_KEYS[ranks[2]] + _RANK_KEYS[ranks[3]]
                key_d = mine + _RANK_KEYS[ranks[4]] + _RANK_KEYS[ranks[5]]
                ante = 0
                sa = 0
                sd = 0
                s = 0
                for r in range(13):
                    k = 4 - counts[r]
                    x = int(rows[key_a, r])
                    y = int(rows[key_d, r])
                    ante += k * (min(x, 1) + min(y, 1))
                    sa += k * x
                    sd += k * y
                    s += k * (x if x > y else y)
                situation = p * _OUTER + v * (v + 1) // 2 + h
                for combo in range(4):
                    m = _middle_bet(ante, sa, sd, s, 1 + 2 * (combo >> 1), 1 + 2 * (combo & 1))
                    code = m - (m >> 1)  # 0, 1, 3 -> 0, 1, 2
                    out[combo * _PLANE + (situation >> 2)] |= code << (2 * (situation & 3))


_middle_decisions: Final = cast(
    Callable[[npt.NDArray[np.int8], npt.NDArray[np.uint8]], None],
    numba.njit(cache=True, nogil=True)(_middle_decisions_py),
)

MIDDLE_SOURCES: Final = (
    __name__,
    "croupier.analysis.exact.criss_cross_poker",
    "croupier.hands.poker",
    "croupier.rules.criss_cross_poker",
)
"""The modules whose code computes :func:`_middle_table` (its cache key)."""


def _middle_arrays() -> dict[str, npt.NDArray[np.uint8]]:
    out = np.zeros(4 * _PLANE, dtype=np.uint8)
    _middle_decisions(_ROWS, out)
    return {"decisions": out}


def _middle_table() -> npt.NDArray[np.uint8]:
    """The Middle decision of every deal in which neither hand's four known cards share
    a suit, by ranks alone (read-only, 381 kB): four planes of :data:`_PLANE` bytes, one
    for each Across and Down Bet (``2 * (a == 3) + (d == 3)``), each with the decision of
    every situation (:data:`_SITUATIONS`) in two bits, coded 0 fold, 1 for 1 and 2 for 3
    antes. A deal whose outer horizontal pair numbers above its outer vertical is read
    with the two swapped, the Across and Down Bets too (the Across and Down Hands trade
    places, which changes no sum but swaps theirs). The plane of bets of 1 and 1, 87% of
    the rounds that reach the decision, is 95 kB. Built once a machine (well under a
    second) and kept in the analysis cache (:func:`croupier.analysis.tables.shared`), so
    a run ships it to its workers."""
    return cast(
        npt.NDArray[np.uint8],
        shared("criss-cross-poker.middle", _middle_arrays, MIDDLE_SOURCES)["decisions"],
    )


def _rest_index(card: int, r0: int, r1: int) -> int:
    """The index of ``card`` among the 50 cards other than ``r0 < r1``, ascending."""
    return card - (1 if card > r0 else 0) - (1 if card > r1 else 0)


_rest_index_nb: Final = numba.njit(cache=True, nogil=True, inline="always")(_rest_index)


def _pair_index(c0: int, c1: int) -> int:
    """The two cards' ranks in either order as :data:`_PAIRS` numbers them."""
    r0, r1 = c0 >> 2, c1 >> 2
    hi, lo = max(r0, r1), min(r0, r1)
    return ((hi * (hi + 1)) >> 1) + lo  # a shift: numba floors a signed // by tests


_pair_index_nb: Final = numba.njit(cache=True, nogil=True, inline="always")(_pair_index)


def _situation(far: int, left: int, right: int, near: int, p0: int, p1: int) -> int:
    """The deal's situation (:data:`_SITUATIONS`) in :func:`_middle_table`: the outer
    pairs in order, the lower number first."""
    h = _pair_index_nb(left, right)
    v = _pair_index_nb(far, near)
    lo, hi = min(h, v), max(h, v)
    return _pair_index_nb(p0, p1) * _OUTER + ((hi * (hi + 1)) >> 1) + lo


_situation_nb: Final = numba.njit(cache=True, nogil=True, inline="always")(_situation)


def _by_pairs(rows: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """``rows`` (:func:`_pay_rows` or :func:`_bonus_rows`, by the sum of four cards' keys)
    by the four cards' two pairs of ranks instead: row ``q * (q + 1) // 2 + p`` for pair
    numbers (:data:`_PAIRS`) ``p <= q``, 4,186 rows of 16 bytes (67 kB, contiguous) where
    the 1,820 rows by keys lie scattered over 5 MB (a page, most often not in the TLB, a
    lookup); the round has the pair numbers already (:func:`_situation`)."""
    out = np.zeros((_OUTER, 16), dtype=np.int8)
    for q in range(_PAIRS):
        for p in range(q + 1):
            ranks = (*_PAIR_RANKS[p], *_PAIR_RANKS[q])
            out[q * (q + 1) // 2 + p] = rows[sum(int(_RANK_KEYS[r]) for r in ranks)]
    return out


_PAIR_ROWS: Final = _by_pairs(_ROWS)
_PAIR_BONUS_ROWS: Final = _by_pairs(_BONUS_ROWS)


def _two_pairs(p: int, q: int) -> int:
    """The row of pair numbers ``p`` and ``q`` in either order in :func:`_by_pairs`."""
    hi, lo = max(p, q), min(p, q)
    return (((hi * (hi + 1)) >> 1) + lo) & _U


_two_pairs_nb: Final = numba.njit(cache=True, nogil=True, inline="always")(_two_pairs)


_OTHER_TWO: Final = 50 * 49 // 2
"""Two of the 50 cards other than the player's, the Down decision's last index."""


def _packed_py(across: npt.NDArray[np.int8], representative: npt.NDArray[np.int64]) -> Any:
    """:data:`_PAIR_MAP` with, for every two player cards, their class's representative
    (bits 16-21 and 22-27) and Across decision (bits 28-29, 0 a fold, 1 or 3 antes)
    packed in: the round reads its class, suit permutation, representative and Across
    Bet in one lookup instead of three dependent ones."""
    packed = _PAIR_MAP.copy()
    for i in range(packed.size):
        cls = packed[i] & 255
        if i // 52 != i % 52:
            r0, r1 = representative[cls, 0], representative[cls, 1]
            packed[i] |= (r0 << 16) | (r1 << 22) | (np.int32(across[cls]) << 28)
    return packed


_packed: Final = numba.njit(cache=True, nogil=True)(_packed_py)


def _round_py(
    far: int,
    left: int,
    middle: int,
    right: int,
    near: int,
    p0: int,
    p1: int,
    packed: npt.NDArray[np.int32],
    down: npt.NDArray[np.int8],
    decisions: npt.NDArray[np.uint8],
    rows: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int8],
    ahead: int,
    defer: bool,
) -> tuple[int, int, int, int]:
    """One round of the antes game on the cards far, left, middle, right, near and the
    player's two: (the net in half antes, that is per unit of total antes times 2; the
    Across, Down and Middle Bets in antes, 0 a fold and 0 for a bet not reached).
    ``packed`` is :func:`_packed_py`'s map, ``down`` the Down table of
    :func:`strategy_table` flat, ``decisions`` :func:`_middle_table`, ``pairs`` the pays
    by two pairs of ranks (:func:`_by_pairs`); where a hand's four known cards share a
    suit the Middle decision is summed over the middle cards (:func:`_middle_sums_py`,
    from ``rows``), or, with ``defer``, left to the caller: the net is then
    :data:`_DEFERRED`. ``ahead`` is the byte of the deal's situation in the plane of
    Across and Down Bets of 1 and 1, read by the caller before the round (so that the
    load, most often a cache miss, runs while the Across and Down decisions are looked
    up), or -1 (read here)."""
    mapped = packed[(52 * p0 + p1) & _U]  # class, suit permutation, ... (_packed_py)
    cls = mapped & 255
    a = (mapped >> 28) & 3
    if a == 0:
        return -2, 0, 0, 0  # both antes lost
    r0, r1 = (mapped >> 16) & 63, (mapped >> 22) & 63
    h0 = _rest_index_nb(4 * (left >> 2) + ((mapped >> (8 + 2 * (left & 3))) & 3), r0, r1)
    h1 = _rest_index_nb(4 * (right >> 2) + ((mapped >> (8 + 2 * (right & 3))) & 3), r0, r1)
    h0, h1 = min(h0, h1), max(h0, h1)
    outer = ((h0 * (99 - h0)) >> 1) + h1 - h0 - 1  # the two among the 50 other cards
    d = int(down[(cls * 2 * _OTHER_TWO + (a >> 1) * _OTHER_TWO + outer) & _U])
    if d == 0:
        return -(2 + a), a, 0, 0
    _, suit_a, mask_a = _four(p0, p1, left, right)
    _, suit_d, mask_d = _four(p0, p1, far, near)
    mine, h, v = _pair_index_nb(p0, p1), _pair_index_nb(left, right), _pair_index_nb(far, near)
    row_a, row_d = _two_pairs_nb(mine, h), _two_pairs_nb(mine, v)
    if suit_a < 0 and suit_d < 0:
        combo = 2 * (a >> 1) + (d >> 1)
        if h > v:  # the Across and Down Hands traded (_middle_table)
            h, v = v, h
            combo = 2 * (d >> 1) + (a >> 1)
        situation = mine * _OUTER + ((v * (v + 1)) >> 1) + h
        if combo == 0 and ahead >= 0:
            byte = ahead
        else:
            byte = int(decisions[(combo * _PLANE + (situation >> 2)) & _U])
        code = (byte >> (2 * (situation & 3))) & 3
        m = code + (code >> 1)
    elif defer:  # a middle card may make a flush: left to the caller (_count_deferred_py)
        return _DEFERRED, a, d, 0
    else:  # a middle card may make a flush: summed card by card
        ante, sa, sd, s = _middle_sums(p0, p1, far, left, right, near, rows)
        m = _middle_bet(ante, sa, sd, s, a, d)
    if m == 0:
        return -(2 + a + d), a, d, 0
    r = (middle >> 2) & _U
    x = int(_PAY_FLUSH[mask_a | (1 << r)]) if (middle & 3) == suit_a else int(pairs[row_a, r])
    y = int(_PAY_FLUSH[mask_d | (1 << r)]) if (middle & 3) == suit_d else int(pairs[row_d, r])
    return min(x, 1) + min(y, 1) + a * x + d * y + m * (x if x > y else y), a, d, m


_round: Final = numba.njit(cache=True, nogil=True, inline="always")(_round_py)


def _play_py(
    pcg: Words,
    rounds: int,
    across: npt.NDArray[np.int8],
    down: npt.NDArray[np.int8],
    representative: npt.NDArray[np.int64],
    decisions: npt.NDArray[np.uint8],
    bonus_nets: Floats,
    antes_out: Floats,
    bonus_out: Floats,
    rows: npt.NDArray[np.int8],
    bonus_rows: npt.NDArray[np.int8],
) -> None:
    """Deal and settle ``rounds`` rounds (see the module text): ``antes_out[k]`` the
    antes game's net per unit of total antes, ``bonus_out[k]`` the bonus's per unit
    (``bonus_nets`` by code, :data:`_BONUS_NETS`); ``rows`` :data:`_ROWS`, ``bonus_rows``
    :data:`_PAIR_BONUS_ROWS`."""
    deck = np.arange(52)
    packed, flat = _packed(across, representative), down.reshape(-1)
    for k in range(rounds):
        far, left, middle, right, near, p0, p1 = _deal(pcg, deck)
        bonus_out[k] = bonus_nets[_bonus_of(far, left, middle, right, near, bonus_rows)]
        halves = _round(
            far,
            left,
            middle,
            right,
            near,
            p0,
            p1,
            packed,
            flat,
            decisions,
            rows,
            _PAIR_ROWS,
            -1,
            False,
        )[0]
        antes_out[k] = halves / 2.0


_play: Final = cast(
    Callable[
        [
            Words,
            int,
            npt.NDArray[np.int8],
            npt.NDArray[np.int8],
            npt.NDArray[np.int64],
            npt.NDArray[np.uint8],
            Floats,
            Floats,
            Floats,
            npt.NDArray[np.int8],
            npt.NDArray[np.int8],
        ],
        None,
    ],
    numba.njit(cache=True, nogil=True)(_play_py),
)


_MOST_HALVES: Final = 2 + 3 * MAX_BET_MULTIPLE * int(PAY_BY_RANK.max())
"""The most half units a round's antes net can be, either way: both antes and three bets
of the most multiple won at the highest pay (a loss is at most 2 + 3 * 3 halves)."""
_HALVES: Final = 2 * _MOST_HALVES + 1
"""The half units of an antes net :func:`_count_py` counts, from ``-_MOST_HALVES`` up."""


_DEFERRED: Final = 1 << 20
"""What :func:`_round_py`, asked to ``defer``, returns for a round whose Middle decision it
leaves to the caller: beyond any net."""
_DEFER: Final = 256
"""The rounds :func:`_count_py` sets aside at most before it counts them."""


def _keep_py(
    row: npt.NDArray[np.int64], c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, c6: int
) -> None:
    """The seven cards of a round into ``row``, in the order dealt."""
    row[0], row[1], row[2], row[3], row[4], row[5], row[6] = c0, c1, c2, c3, c4, c5, c6


_keep: Final = numba.njit(cache=True, nogil=True, inline="always")(_keep_py)


def _count_deferred_py(
    deferred: npt.NDArray[np.int64],
    waiting: int,
    packed: npt.NDArray[np.int32],
    flat: npt.NDArray[np.int8],
    decisions: npt.NDArray[np.uint8],
    rows: npt.NDArray[np.int8],
    antes_counts: npt.NDArray[np.int64],
) -> bool:
    """Settle and count the first ``waiting`` rounds of ``deferred`` (a row the seven
    cards, in the order dealt), their Middle decisions summed (:func:`_middle_sums_py`):
    the rounds in which a middle card may make a flush (about 2%), set aside by
    :func:`_count_py` so that the summing, a call, stays out of its loop (the counts do
    not depend on the order in which rounds are counted). True (counts incomplete) at
    a net beyond :data:`_MOST_HALVES` half units."""
    for k in range(waiting):
        c = deferred[k]
        index = (
            _round(
                c[0], c[1], c[2], c[3], c[4], c[5], c[6],
                packed, flat, decisions, rows, _PAIR_ROWS, -1, False,
            )[0]
            + _MOST_HALVES
        )  # fmt: skip
        if index < 0 or index >= _HALVES:
            return True
        antes_counts[index] += 1
    return False


_count_deferred: Final = numba.njit(cache=True, nogil=True)(_count_deferred_py)


def _count_py(
    pcg: Words,
    rounds: int,
    across: npt.NDArray[np.int8],
    down: npt.NDArray[np.int8],
    representative: npt.NDArray[np.int64],
    decisions: npt.NDArray[np.uint8],
    antes_counts: npt.NDArray[np.int64],
    bonus_counts: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int8],
    bonus_rows: npt.NDArray[np.int8],
) -> bool:
    """:func:`_play_py`'s rounds (the same draws) counted instead of kept: the antes net
    by ``2 * net + _MOST_HALVES`` in ``antes_counts``, the bonus by code in
    ``bonus_counts``. False (counts incomplete) where a net is out of range.

    The seven cards dealt are kept in registers as they are swapped in (the deck is
    still written, for the next round's draws), so the round reads none back."""
    deck = np.arange(52)
    packed, flat = _packed(across, representative), down.reshape(-1)
    deferred = np.empty((_DEFER, 7), dtype=np.int64)
    waiting = 0
    for _ in range(rounds):
        far, left, middle, right, near, p0, p1 = _deal(pcg, deck)
        # read before the count's store, which keeps the load here (see _round_py)
        ahead = int(decisions[(_situation_nb(far, left, right, near, p0, p1) >> 2) & _U])
        bonus_counts[_bonus_of(far, left, middle, right, near, bonus_rows) & _U] += 1
        index = (
            _round(
                far,
                left,
                middle,
                right,
                near,
                p0,
                p1,
                packed,
                flat,
                decisions,
                rows,
                _PAIR_ROWS,
                ahead,
                True,
            )[0]
            + _MOST_HALVES
        )
        if index == _DEFERRED + _MOST_HALVES:  # the Middle decision summed after (2%)
            _keep(deferred[waiting], far, left, middle, right, near, p0, p1)
            waiting += 1
            if waiting == _DEFER:
                if _count_deferred(deferred, waiting, packed, flat, decisions, rows, antes_counts):
                    return False
                waiting = 0
            continue
        if index < 0 or index >= _HALVES:
            return False
        antes_counts[index] += 1
    return not _count_deferred(deferred, waiting, packed, flat, decisions, rows, antes_counts)


_count: Final = cast(Callable[..., bool], numba.njit(cache=True, nogil=True)(_count_py))


def _settle_py(
    cards: npt.NDArray[np.int64],
    across: npt.NDArray[np.int8],
    down: npt.NDArray[np.int8],
    representative: npt.NDArray[np.int64],
    decisions: npt.NDArray[np.uint8],
    bonus_nets: Floats,
    antes_out: Floats,
    bonus_out: Floats,
    bets_out: npt.NDArray[np.int8],
    rows: npt.NDArray[np.int8],
    bonus_rows: npt.NDArray[np.int8],
) -> None:
    """:func:`_play_py` on given deals ``cards`` (one row a round), the bets kept in
    ``bets_out``."""
    packed, flat = _packed(across, representative), down.reshape(-1)
    for k in range(cards.shape[0]):
        far, left, middle, right, near = (
            cards[k, 0],
            cards[k, 1],
            cards[k, 2],
            cards[k, 3],
            cards[k, 4],
        )
        bonus_out[k] = bonus_nets[_bonus_of(far, left, middle, right, near, bonus_rows)]
        halves, a, d, m = _round(
            far,
            left,
            middle,
            right,
            near,
            cards[k, 5],
            cards[k, 6],
            packed,
            flat,
            decisions,
            rows,
            _PAIR_ROWS,
            -1,
            False,
        )
        antes_out[k] = halves / 2.0
        bets_out[k, 0], bets_out[k, 1], bets_out[k, 2] = a, d, m


_settle: Final = cast(
    Callable[
        [
            npt.NDArray[np.int64],
            npt.NDArray[np.int8],
            npt.NDArray[np.int8],
            npt.NDArray[np.int64],
            npt.NDArray[np.uint8],
            Floats,
            Floats,
            Floats,
            npt.NDArray[np.int8],
            npt.NDArray[np.int8],
            npt.NDArray[np.int8],
        ],
        None,
    ],
    numba.njit(cache=True, nogil=True)(_settle_py),
)


def _strategy() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    across, down = strategy_table()
    return np.ascontiguousarray(across), np.ascontiguousarray(down)


def prepare(rules: CrissCrossPokerRules | None) -> None:
    """Build the strategy table (:func:`strategy_table`: the analysis cache, else the
    exact enumeration) in this process, for a run to ship to its workers."""
    strategy_table()
    _middle_table()


def sample(rules: CrissCrossPokerRules | None, rounds: int, seed: int) -> dict[str, Floats]:
    """``rounds`` rounds from ``seed``: wager name (:data:`WAGERS`) -> float64 array of
    shape ``(rounds,)``, the net result of each round per unit staked (``antes`` per unit
    of total antes, ``five_card_bonus`` per unit; see the module text). ``rules`` (default
    :class:`CrissCrossPokerRules`) changes no figure: the par sheet's paytables are the
    chapter's. The first call computes the strategy table (about 25 s, then cached).

    Raises ``ValueError`` for a negative ``rounds``.
    """
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    across, down = _strategy()
    antes = np.empty(rounds, dtype=np.float64)
    bonus = np.empty(rounds, dtype=np.float64)
    _play(
        generator_state(np.random.default_rng(seed)),
        rounds,
        across,
        down,
        _REPRESENTATIVE,
        _middle_table(),
        _BONUS_NETS,
        antes,
        bonus,
        _ROWS,
        _PAIR_BONUS_ROWS,
    )
    return {ANTES: antes, FIVE_CARD_BONUS: bonus}


def sample_counts(
    rules: CrissCrossPokerRules | None, rounds: int, seed: int
) -> dict[str, dict[float, int]]:
    """The rounds of :func:`sample` (same seed, same draws, same nets) counted in the
    kernel: wager name -> {distinct net: rounds}, without the arrays (the framework's
    fast path). Raises ``ValueError`` for a negative ``rounds``, ``RuntimeError`` for
    an antes net beyond :data:`_MOST_HALVES` half units (none can be)."""
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, not {rounds}")
    across, down = _strategy()
    antes = np.zeros(_HALVES, dtype=np.int64)
    bonus = np.zeros(_BONUS_NETS.size, dtype=np.int64)
    if not _count(
        generator_state(np.random.default_rng(seed)),
        rounds,
        across,
        down,
        _REPRESENTATIVE,
        _middle_table(),
        antes,
        bonus,
        _ROWS,
        _PAIR_BONUS_ROWS,
    ):  # pragma: no cover - every net is within _MOST_HALVES half units
        raise RuntimeError("an antes net was beyond the most half units a round can net")
    halves = np.flatnonzero(antes)
    codes = np.flatnonzero(bonus)
    return {
        ANTES: dict(
            zip(((halves - _MOST_HALVES) / 2).tolist(), antes[halves].tolist(), strict=True)
        ),
        FIVE_CARD_BONUS: dict(zip(_BONUS_NETS[codes].tolist(), bonus[codes].tolist(), strict=True)),
    }


def _draws_py(pcg: Words, rounds: int) -> int:
    deck = np.arange(52)
    for _ in range(rounds):
        _deal(pcg, deck)
    return int(deck[0])


_draws: Final = cast(Callable[[Words, int], int], numba.njit(cache=True, nogil=True)(_draws_py))


def draws(rules: CrissCrossPokerRules | None, rounds: int, seed: int) -> None:
    """Draw, and discard, the cards of ``rounds`` rounds exactly as :func:`sample_counts`
    deals them (:func:`_deal`: the seven integers from the generator's raw outputs,
    PCG64 stepped in numba's code with its state in locals, and the seven swaps): the
    generator's ceiling for :func:`~croupier.analysis.simulation.base.throughput`."""
    _draws(generator_state(np.random.default_rng(seed)), rounds)


def describe(rules: CrissCrossPokerRules | None) -> dict[str, WagerInfo]:
    """Each wager's description, units staked and strategy (as the par sheet's)."""
    return {
        ANTES: WagerInfo(
            "Ante Across and Ante Down with the Across, Down and Middle Bets played "
            "optimally; per unit of total antes (674a.7(d), 674a.11, 674a.12(a)-(b))",
            units_staked=2,
            strategy="optimal (exact analysis): Across and Down decisions from its table, "
            "the Middle decision computed per situation; ties to the smaller wager",
        ),
        FIVE_CARD_BONUS: WagerInfo(
            "Five Card Bonus: the five community cards form a pair of 6s or better "
            "(674a.7(e), 674a.12(c))"
        ),
    }


def settle_deals(cards: npt.ArrayLike) -> tuple[dict[str, Floats], npt.NDArray[np.int8]]:
    """The rounds :func:`sample` would play on given deals: ``cards`` of shape ``(n, 7)``,
    card indices 0..51 in the order dealt (far, left, middle, right, near, then the
    player's two), seven distinct cards a row. Returns (wager name -> float64 array of
    shape ``(n,)`` as :func:`sample` gives, the bets of shape ``(n, 3)``: Across, Down
    and Middle in antes, 0 for a fold or a bet not reached). Computes the strategy table
    on first use. Raises ``ValueError`` for rows that are not seven distinct cards.
    """
    deals = np.asarray(cards, dtype=np.int64)
    if deals.ndim != 2 or deals.shape[1] != 7:
        raise ValueError(f"deals have shape (n, 7), not {deals.shape}")
    ordered = np.sort(deals, axis=1)
    if deals.size and (
        deals.min() < 0 or deals.max() > 51 or (np.diff(ordered, axis=1) == 0).any()
    ):
        raise ValueError("each deal is seven distinct cards 0..51")
    across, down = _strategy()
    n = deals.shape[0]
    antes = np.empty(n, dtype=np.float64)
    bonus = np.empty(n, dtype=np.float64)
    bets = np.zeros((n, 3), dtype=np.int8)
    _settle(
        deals,
        across,
        down,
        _REPRESENTATIVE,
        _middle_table(),
        _BONUS_NETS,
        antes,
        bonus,
        bets,
        _ROWS,
        _PAIR_BONUS_ROWS,
    )
    return {ANTES: antes, FIVE_CARD_BONUS: bonus}, bets


__all__ = [
    "ANTES",
    "DRAWS_PER_ROUND",
    "FIVE_CARD_BONUS",
    "WAGERS",
    "describe",
    "draws",
    "prepare",
    "sample",
    "sample_counts",
    "settle_deals",
]
