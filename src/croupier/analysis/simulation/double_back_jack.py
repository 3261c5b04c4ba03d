"""Double Back Jack (ch. 673a) by simulation: a numba kernel that deals a finite shoe as
the engine does and plays the strategy of the par sheet's ``blackjack`` figure (the best
play of the card-by-card analysis where its figures are kept), or another named one.

:func:`sample` plays ``rounds`` rounds of one player (one box) against the dealer and
gives, per wager named as in :func:`croupier.analysis.exact.double_back_jack_sheet.par_sheet`:

- ``blackjack``: one entry per round, the net result of the whole hand per initial
  Blackjack Wager: the Blackjack Wager and any split, double down and Second Chance
  Wagers (673a.6-673a.12), e.g. +2 for a Blackjack, -0.5 for a surrender, -4 for a
  doubled hand that lost its Second Chance card, up to +4 and down to -8 for a split.
- ``insurance``: one entry per round in which the dealer's up card is an ace, the other
  rounds excluded (shorter array): the result per unit of an Insurance Wager, +2 when
  the hole card is ten-value and -1 otherwise (673a.8, 673a.12(c)). As in the par
  sheet it is the wager's own result, whatever the player's cards (a player Blackjack,
  paid first under 673a.7(f), would in fact have nothing left to insure).

**The strategy** (``strategy``, :data:`STRATEGIES`) is by default the one the par sheet's
``blackjack`` figure plays:

- ``best``, where card-by-card figures are kept for the shoe: the best play of
  :mod:`croupier.analysis.exact.double_back_jack_rounds`, each start's first action as
  the enumeration chose it and every later decision looked up by the cards the hand has
  drawn (:func:`best_tables`), the same decisions the enumeration valued. Only the
  decisions are shared: the dealing, the dealer's hand and the settlement are this
  module's own.
- ``composition``, elsewhere: the previous analysis's tables
  (:class:`~croupier.analysis.exact.double_back_jack.StartPolicy` per up card and
  start): the first decision, the split hand's decision by its second card, hit or
  stand by hard total and ace, and the Second Chance decision by hard total.
- ``chart``: the printed chart exactly as printed (:func:`chart_strategy_tables`).

**The shoe** (``fresh_shoe`` false, the default): ``rules.decks`` decks, shuffled, the
first card burned (673a.7(c)), the cover card placed as deep as 673a.5(d) allows
(exactly a quarter of the stack, rounded up, below it: 78 of 312 cards); the round in
which the cover card appears is completed and the shoe reshuffled after it (673a.5(f),
673a.7(d)). If the shoe runs out mid-round the cards not on the layout are shuffled,
one burned, and the round completed (673a.13(f)). The dealer draws nothing when no hand
is left against him (673a.7(p)), as the engine deals. The shuffle is a lazy
Fisher-Yates: each card dealt is swapped in from a uniform position among the cards
left, the position ``i + floor(u * (n - i))`` from a float ``u`` of
``numpy.random.default_rng(seed).random`` (one float per card dealt; its bias is below
2**-40, far under any statistical test), the floats taken in the order drawn, none
skipped: the kernel steps the seed's PCG64 generator itself as it deals (the outputs numpy
gives, :func:`_output`; the same integer from the float's 53 bits, :func:`_card_py`),
so no buffer stands between them. A
reshuffle deals on from the full shoe's cards as the last deal left them (each card is
drawn uniformly from those left, whatever their order), so the shoe is rebuilt only
after a 673a.13(f) refill. Each call starts a new shoe.

**The cut-card effect.** The exact figures are for the first round of a full shoe; a
depleting shoe with a cover card returns slightly differently. ``fresh_shoe=True``
reshuffles the full shoe before every round (no burn card): the game the exact figure
describes, for comparing with it. Both are reproducible from the seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.typed import Dict, List

from croupier.analysis.exact.double_back_jack import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    BasicStrategy,
    basic_strategy,
    full_shoe,
)
from croupier.analysis.exact.double_back_jack_rounds import CARD_BITS, PAIR_SHIFT
from croupier.analysis.simulation.base import WagerInfo, counted
from croupier.analysis.simulation.pcg64 import Words, generator_state
from croupier.analysis.simulation.pcg64 import output as _output
from croupier.analysis.tables import shared
from croupier.equipment.cards import least_cover_from_bottom
from croupier.rules.double_back_jack import (
    COVER_FRACTION,
    DEALER_PUSH_TOTAL,
    DEALER_STANDS_ON,
    DECK_SIZE,
    DoubleBackJackRules,
)

STANDS_ON: Final = DEALER_STANDS_ON
PUSH_TOTAL: Final = DEALER_PUSH_TOTAL

CHUNK_ROUNDS: Final = 1 << 18
"""Rounds per chunk."""

WAGERS: Final = ("blackjack", "insurance")
DRAWS_PER_ROUND: Final = (
    "5.78 PCG64 outputs on average (one per card dealt, lazy Fisher-Yates; stepped in the kernel)"
)
_HALVES: Final = 64
"""The halves of a unit a round's net is counted by in the kernel's tally, from -16
units up (a round's net is between -8 and +4)."""
_TALLY: Final = _HALVES + 2
"""The kernel's tally: rounds by ``2 * net + 32`` for the whole hand, then the
insurance rounds lost and won."""

Floats = npt.NDArray[np.float64]
Tables = tuple[
    npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int8]
]


def strategy_tables(strategy: BasicStrategy) -> Tables:
    """The strategy as arrays indexed by value - 1: ``first[up, lo, hi]`` (the first
    decision, an index of ``ACTIONS``), ``split[up, pair, second]`` (0 stand, 1 hit,
    2 double on a split hand), ``hits[up, lo, hi, hard, ace]`` and
    ``takes[up, lo, hi, hard]`` (1: hit; 1: take the Second Chance Wager)."""
    first = np.zeros((10, 10, 10), dtype=np.int8)
    split = np.zeros((10, 10, 10), dtype=np.int8)
    hits = np.zeros((10, 10, 10, 32, 2), dtype=np.int8)
    takes = np.zeros((10, 10, 10, 32), dtype=np.int8)
    for (up, lo, hi), policy in strategy.policies.items():
        action = policy.action if not np.all(np.isnan(policy.values)) else STAND
        for a, b in ((lo, hi), (hi, lo)):
            first[up - 1, a - 1, b - 1] = action
            hits[up - 1, a - 1, b - 1] = policy.totals.hits
            takes[up - 1, a - 1, b - 1] = policy.totals.takes
        if lo == hi:
            for v in range(10):
                row = policy.split_values[v]
                split[up - 1, lo - 1, v] = int(np.argmax(row)) if not np.isnan(row[0]) else 0
    return first, split, hits, takes


def _fill(shoe: npt.NDArray[np.int8], counts: npt.NDArray[np.int64]) -> int:
    k = 0
    for v in range(10):
        for _ in range(counts[v]):
            shoe[k] = v + 1
            k += 1
    return k


def _refill_py(
    shoe: npt.NDArray[np.int8], full: npt.NDArray[np.int64], layout: npt.NDArray[np.int64]
) -> int:
    """673a.13(f): the cards not on the layout, as the new shoe; returns how many."""
    return int(_fill_j(shoe, full - layout))


def _reshuffle_rest_py(
    shoe: npt.NDArray[np.int8],
    full: npt.NDArray[np.int64],
    layout: npt.NDArray[np.int64],
    begun: int,
    i: int,
    skip: int,
    pcg: Words,
    ahead: np.uint64,
) -> tuple[int, int, int, int, int, np.uint64]:
    """673a.13(f): the shoe is empty mid-round; the cards not on the layout (those
    counted in ``layout`` and the round's cards dealt since ``shoe[begun]``) become the new
    shoe, its first card is drawn (burned) from ``ahead``. Returns the next position (1),
    the cards in the new shoe, the new count offset and the next card's output
    (:func:`_play_py`). Kept out of :func:`_card_py`
    (each deal checks first in :func:`_play_py`): with this branch inside it, numba stops
    inlining the deal and the kernel runs about 20x slower."""
    for k in range(begun, i):
        layout[shoe[k] - 1] += 1
    n = _refill(shoe, full, layout)
    _, ahead = _card(shoe, pcg, ahead, 0, n)
    return 1, n, i + skip, 1, 1, ahead


_U: Final = 0xFFFFFFFF
"""A mask for the kernel's indices: it keeps every index (all are below 2**32) and tells
numba that none is negative, so that it does not test each for an index from the end."""


_HIGH53: Final = np.uint64(11)
"""The shift that keeps an output's top 53 bits, those numpy's ``random()`` makes its
float from (PCG64's ``next_double``: ``(output >> 11) * 2**-53``)."""
_BELOW53: Final = np.uint64(53)
_FRACTION: Final = np.uint64((1 << 53) - 1)
_NEAR: Final = np.uint64((1 << 53) - (1 << 20))
"""A product's fraction (of ``2**53``) above which the float product may round up to the
next integer: its rounding error is at most half a unit in the last place of a value below
``2**21``, ``2**-33`` (``2**20`` here); the offset is then taken from the float."""
_UNIT: Final = 1.0 / 9007199254740992.0


def _offset_py(x: np.uint64, m: int) -> int:
    """``floor(u * m)`` for numpy's float ``u = x * 2**-53`` (``x`` the top 53 bits of an
    output, ``m`` at most ``2**11``): the integer product shifted, the float's own floor
    but where the product lies within a rounding error below an integer (:data:`_NEAR`,
    one output in about 8.6 * 10**9), where the float product is floored as the float
    path did."""
    product = x * np.uint64(m)
    offset = np.int64(product >> _BELOW53)
    if (product & _FRACTION) > _NEAR:
        offset = np.int64(np.int64(x) * _UNIT * m)
    return int(offset)


def _card_py(
    shoe: npt.NDArray[np.int8], pcg: Words, ahead: np.uint64, i: int, n: int
) -> tuple[int, np.uint64]:
    """Deal the card at ``shoe[i]`` (lazy Fisher-Yates: swap in a uniform card among the
    ``n - i`` left, at ``i + floor(u * (n - i))`` for the float ``u`` numpy's
    ``random()`` makes from the output ``ahead``, :func:`_offset_py`); the caller then
    moves ``i`` on. Returns the card and the top 53 bits of the next output of the
    generator whose state is ``pcg`` (:func:`_output`), drawn here for the next card:
    the generator's step then runs while the round decides whether to draw again, not
    after. The shoe must not be empty: :func:`_play_py` calls :func:`_reshuffle_rest_py`
    first when it is (673a.13(f))."""
    j = (i + _offset(ahead, n - i)) & _U
    card = shoe[j]
    shoe[j] = shoe[i & _U]
    shoe[i & _U] = card
    return int(card), _output(pcg) >> _HIGH53


def _play_py(
    rounds: int,
    fresh: bool,
    full: npt.NDArray[np.int64],
    below: int,
    first: npt.NDArray[np.int8],
    split: npt.NDArray[np.int8],
    hits: npt.NDArray[np.int8],
    takes: npt.NDArray[np.int8],
    best: bool,
    classes: npt.NDArray[np.int8],
    exceptions: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    pcg: Words,
    state: npt.NDArray[np.int64],
    shoe: npt.NDArray[np.int8],
    record: bool,
    blackjack: Floats,
    insurance: Floats,
    tally: npt.NDArray[np.int64],
) -> int:
    """Play rounds ``state[3]`` onward until ``rounds`` are done, dealing from
    the generator whose state is ``pcg`` (:func:`generator_state`; each card from its
    next output, :func:`_card_py`);
    returns the rounds done. The tables are in the kernel's layout (:func:`_tables`):
    ``first`` by :func:`flat_first`, ``classes`` flattened. ``state``: 0 next card, 1
    cards in the shoe, 2 reshuffle due, 3 rounds done, 4 floats drawn (one a card dealt),
    5 decisions the best play's tables lacked (``best``: every decision after the first
    is read from ``classes``, ``exceptions`` and ``bounds``, :func:`compact_decisions`,
    by the hand's class and
    cards; otherwise from ``split``, ``hits``, ``takes``), 6 insurance rounds recorded.
    Each round's net is counted in ``tally`` (:data:`_TALLY`) and, where ``record``,
    written to ``blackjack[r]`` and, with an ace up, ``insurance[state[6]]``. The shoe's
    position ``i``, its size ``n`` and ``skip`` (``i + skip`` floats drawn) are kept in
    locals (registers) while it plays; the round's cards on the layout are
    ``shoe[begun:i]`` (the deal leaves them there), counted only when the shoe runs out
    (673a.13(f))."""
    ahead = _output(pcg) >> _HIGH53  # the next card's output (:func:`_card_py`)
    layout = np.zeros(10, dtype=np.int64)
    t0 = t1 = 0  # the standing hands' totals, what each wins and what each loses (halves)
    w0 = w1 = l0 = l1 = 0
    i, n, due, r = state[0], state[1], state[2], state[3]
    skip = state[4] - i
    insured = state[6]
    whole = full.sum()
    while r < rounds:
        if fresh or due == 1:
            skip += i
            if n != whole:  # a full shoe in any order needs no refill: the deal shuffles it
                n = _fill_j(shoe, full)
            i = 0
            due = 0
            for v in range(10):
                layout[v] = 0  # only a reshuffle (due) leaves cards counted in it
        if i == 0 and not fresh:
            i += 1  # 673a.7(c): the burn card (the full shoe is never empty)
            _, ahead = _card(shoe, pcg, ahead, 0, n)
        begun = i
        # 673a.7(e): player, dealer up, player, dealer hole
        if i >= n:  # 673a.13(f)
            i, n, skip, begun, due, ahead = _rest(shoe, full, layout, begun, i, skip, pcg, ahead)
        a, ahead = _card(shoe, pcg, ahead, i, n)
        i += 1
        if i >= n:  # 673a.13(f)
            i, n, skip, begun, due, ahead = _rest(shoe, full, layout, begun, i, skip, pcg, ahead)
        up, ahead = _card(shoe, pcg, ahead, i, n)
        i += 1
        if i >= n:  # 673a.13(f)
            i, n, skip, begun, due, ahead = _rest(shoe, full, layout, begun, i, skip, pcg, ahead)
        b, ahead = _card(shoe, pcg, ahead, i, n)
        i += 1
        if i >= n:  # 673a.13(f)
            i, n, skip, begun, due, ahead = _rest(shoe, full, layout, begun, i, skip, pcg, ahead)
        hole, ahead = _card(shoe, pcg, ahead, i, n)
        i += 1
        if up == 1:
            tally[_HALVES + (hole == 10)] += 1
            if record:
                insurance[insured] = 2.0 if hole == 10 else -1.0
                insured += 1
        lo, hi = min(a, b), max(a, b)
        net = 0  # in halves of the initial wager
        standing = 0
        action = first[((up << 8) | (a << 4) | b) & _U]  # :func:`flat_first`
        if lo == 1 and hi == 10:
            net = 4  # 673a.7(f): paid before the card reader
        elif (up == 1 and hole == 10) or (up == 10 and hole == 1):
            net = -2  # 673a.7(h)
        elif action == SURRENDER:
            net = -1
        else:
            for _ in range(2 if action == SPLIT else 1):
                stake = 2
                if action == SPLIT:
                    if i >= n:  # 673a.13(f)
                        i, n, skip, begun, due, ahead = _rest(
                            shoe, full, layout, begun, i, skip, pcg, ahead
                        )
                    second, ahead = _card(shoe, pcg, ahead, i, n)
                    i += 1
                    hard, ace = a + second, a == 1 or second == 1
                    t_lo, t_hi = a, a
                    pair = a
                    key = _bit(up) + 2 * _bit(a) + _bit(second)
                    if best:
                        choice = STAND  # a split hand of 21 has no decision (673a.7(m))
                        if (hard + 10 if ace and hard + 10 <= 21 else hard) < 21:
                            choice = _decide(classes, exceptions, bounds, up, pair, hard,
                                             ace, 1, key, state)  # fmt: skip
                    else:
                        choice = split[(up - 1) & _U, (a - 1) & _U, (second - 1) & _U]
                else:
                    hard, ace = a + b, a == 1 or b == 1
                    choice = action
                    t_lo, t_hi = lo, hi
                    pair = 0
                    key = _bit(up) + _bit(a) + _bit(b)
                total = hard + 10 if ace and hard + 10 <= 21 else hard
                if total < 21 and choice == DOUBLE:
                    stake = 4
                    if i >= n:  # 673a.13(f)
                        i, n, skip, begun, due, ahead = _rest(
                            shoe, full, layout, begun, i, skip, pcg, ahead
                        )
                    card, ahead = _card(shoe, pcg, ahead, i, n)
                    i += 1
                    hard += card
                    ace = ace or card == 1
                    key += _bit(card)
                elif total < 21 and choice == HIT:
                    while True:
                        if i >= n:  # 673a.13(f)
                            i, n, skip, begun, due, ahead = _rest(
                                shoe, full, layout, begun, i, skip, pcg, ahead
                            )
                        card, ahead = _card(shoe, pcg, ahead, i, n)
                        i += 1
                        hard += card
                        ace = ace or card == 1
                        key += _bit(card)
                        total = hard + 10 if ace and hard + 10 <= 21 else hard
                        if total >= 21:
                            break
                        if best:
                            if _decide(classes, exceptions, bounds, up, pair, hard, ace, 0,
                                       key, state) == 0:  # fmt: skip
                                break
                        elif (
                            hits[
                                (up - 1) & _U, (t_lo - 1) & _U, (t_hi - 1) & _U, hard & _U, int(ace)
                            ]
                            == 0
                        ):
                            break
                total = hard + 10 if ace and hard + 10 <= 21 else hard
                if total == 21:
                    net += stake  # 673a.7(m)
                elif hard > 21:
                    if best:
                        take = _decide(classes, exceptions, bounds, up, pair, hard, ace, 0,
                                       key, state)  # fmt: skip
                    else:
                        take = takes[(up - 1) & _U, (t_lo - 1) & _U, (t_hi - 1) & _U, hard & _U]
                    if take == 0:
                        net -= stake
                    else:  # 673a.7(l)
                        if i >= n:  # 673a.13(f)
                            i, n, skip, begun, due, ahead = _rest(
                                shoe, full, layout, begun, i, skip, pcg, ahead
                            )
                        card, ahead = _card(shoe, pcg, ahead, i, n)
                        left = hard - card
                        i += 1
                        if left > 21:
                            net -= 2 * stake
                        elif left == 21:
                            net += stake
                        else:
                            if standing == 0:
                                t0, w0, l0 = left, stake, 2 * stake
                            else:
                                t1, w1, l1 = left, stake, 2 * stake
                            standing += 1
                else:
                    if standing == 0:
                        t0, w0, l0 = total, stake, stake
                    else:
                        t1, w1, l1 = total, stake, stake
                    standing += 1
        if standing > 0:  # 673a.7(o), (p)
            dhard = up + hole
            dace = up == 1 or hole == 1
            dtotal = dhard + 10 if dace and dhard + 10 <= 21 else dhard
            while dtotal < STANDS_ON:
                if i >= n:  # 673a.13(f)
                    i, n, skip, begun, due, ahead = _rest(
                        shoe, full, layout, begun, i, skip, pcg, ahead
                    )
                card, ahead = _card(shoe, pcg, ahead, i, n)
                i += 1
                dhard += card
                dace = dace or card == 1
                dtotal = dhard + 10 if dace and dhard + 10 <= 21 else dhard
            # settled by arithmetic, not branches (each outcome is unpredictable): a hand
            # pushes at the dealer's 22 or its own total, wins past 22 or above it
            live = int(dtotal != PUSH_TOTAL)
            won = int(dtotal > PUSH_TOTAL) | int(t0 > dtotal)
            net += live * int(t0 != dtotal) * (won * (w0 + l0) - l0)
            won = int(dtotal > PUSH_TOTAL) | int(t1 > dtotal)
            net += live * int(standing == 2) * int(t1 != dtotal) * (won * (w1 + l1) - l1)
        tally[(net + _HALVES // 2) & _U] += 1
        if record:
            blackjack[r] = 0.5 * net
        if i >= n - below:
            due = 1  # 673a.7(d): the cover card appeared
        r += 1
    state[0], state[1], state[2], state[3], state[4], state[6] = i, n, due, r, i + skip, insured
    return int(r)


def _bit_py(card: int) -> int:
    """A card's unit in a decision key (:func:`best_decisions`)."""
    return 1 << (CARD_BITS * (card - 1))


_HAS_EXCEPTIONS: Final = 4
"""Added to a class's action (:func:`compact_decisions`) where some of its hands decide
otherwise."""


def _slot_py(key: int, mask: int) -> int:
    """The bucket of ``key`` in a table of ``mask + 1`` buckets: the key's pcg mixed
    (MurmurHash3's 64-bit finalizer), then masked. The keys are counts of cards in
    fields of :data:`CARD_BITS` pcg; a multiplicative hash alone left most of them in a
    few buckets."""
    h = np.uint64(key)
    h = (h ^ (h >> np.uint64(33))) * np.uint64(0xFF51AFD7ED558CCD)
    h = (h ^ (h >> np.uint64(33))) * np.uint64(0xC4CEB9FE1A85EC53)
    h = h ^ (h >> np.uint64(33))
    return np.int64(h & np.uint64(mask))  # type: ignore[return-value]


def _decide_py(
    classes: npt.NDArray[np.int8],
    exceptions: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    up: int,
    pair: int,
    hard: int,
    ace: bool,
    two: int,
    key: int,
    state: npt.NDArray[np.int64],
) -> int:
    """The best play's decision for a hand (:func:`compact_decisions`): its class's
    entry ``classes[up - 1, pair, hard, ace, two]`` in ``classes`` flattened (its
    :data:`CLASSES_SHAPE` constant strides, not the array's: the index is shifts and adds
    of the hand's total, no multiply by a stride read from the array), ``pair`` the split
    pair's value or 0,
    ``two`` 1 for a split hand's two-card decision), and where the class has exceptions
    the hand's cards ``key`` (:func:`_bit_py`, the up card's included) looked for in its
    bucket of the up card's ``exceptions`` (:func:`_hash_py`). A class without decisions
    is counted in ``state[5]`` and read as 0.

    The bucket's slots are compared without a branch (the loop unrolled): with a probing
    loop here (or a call), even one reached in a few rounds in a hundred, the whole
    kernel ran about 25% slower."""
    entry = classes[((((up - 1) * _PAIRS + pair) * _HARDS + hard) * 4 + 2 * int(ace) + two) & _U]
    if entry < _HAS_EXCEPTIONS:
        if entry < 0:
            state[5] += 1
            return 0
        return int(entry)
    wanted = key | (pair << PAIR_SHIFT)
    at = bounds[(up - 1) & _U, 0] + _BUCKET * _slot(wanted, bounds[(up - 1) & _U, 1])
    found = int(entry - _HAS_EXCEPTIONS)
    for k in range(_BUCKET):  # unrolled: the bucket's slots compared without a branch
        slot = exceptions[(at + k) & _U]
        found = slot & 3 if slot >> 2 == wanted else found
    return found


_BUCKET: Final = 8
"""Slots a bucket of the exceptions' table (:func:`_hash_py`): 64 bytes, a cache line."""


def _hash_py(entries: npt.NDArray[np.int64], table: npt.NDArray[np.int64]) -> bool:
    """Put each entry (``key << 2 | action``, 0 or more) in the first free slot of its
    bucket in ``table`` (-1 where empty): bucket :func:`_slot_py` of its key, slots
    ``_BUCKET * bucket`` on. False where a bucket overflows (the caller tries a table
    twice as large)."""
    mask = table.shape[0] // _BUCKET - 1
    for i in range(entries.shape[0]):
        at = _BUCKET * _slot(entries[i] >> 2, mask)
        end = at + _BUCKET
        while at < end and table[at] >= 0:
            at += 1
        if at == end:
            return False
        table[at] = entries[i]
    return True


_slot: Final = cast(Callable[..., int], numba.njit(cache=True)(_slot_py))
_hash: Final = cast(Callable[..., bool], numba.njit(cache=True)(_hash_py))
_bit: Final = cast(Callable[..., int], numba.njit(cache=True)(_bit_py))
_decide: Final = cast(
    Callable[..., int], numba.njit(cache=True, inline="always")(_decide_py)
)  # inlined in numba's IR: LLVM kept it a call, each passing the three arrays' fields
_fill_j: Final = cast(Callable[..., Any], numba.njit(cache=True)(_fill))
_refill: Final = cast(Callable[..., Any], numba.njit(cache=True)(_refill_py))
_rest: Final = cast(Callable[..., Any], numba.njit(cache=True, inline="never")(_reshuffle_rest_py))
_offset: Final = cast(Callable[..., int], numba.njit(cache=True, inline="always")(_offset_py))
_card: Final = cast(Callable[..., Any], numba.njit(cache=True)(_card_py))
_play: Final = cast(Callable[..., int], numba.njit(cache=True)(_play_py))


def chart_strategy_tables(strategy: BasicStrategy) -> Tables:
    """The printed chart (:meth:`BasicStrategy.chart`) as the kernel's tables, read as
    ``croupier.analysis.exact.double_back_jack_rounds`` reads it (docs/interpretations.md,
    "The printed chart, read cell by cell"): the first decision from the start's pair,
    soft or hard row (``D``/``Ds`` double, ``R*`` surrender); a split hand's two cards
    from its total's row (double allowed, no surrender, no second split); three or more
    cards hit on ``H``, ``D``, ``Rh``; soft 12 and hard 4 hit; the Second Chance rows."""
    from croupier.analysis.exact.double_back_jack_rounds import (
        D_,
        DS_,
        H_,
        P_,
        RH_,
        S_,
        chart_tables,
    )  # fmt: skip

    chart = chart_tables(strategy.chart())
    first = np.zeros((10, 10, 10), dtype=np.int8)
    split = np.zeros((10, 10, 10), dtype=np.int8)
    hits = np.zeros((10, 10, 10, 32, 2), dtype=np.int8)
    takes = np.zeros((10, 10, 10, 32), dtype=np.int8)

    def cell(up: int, hard: int, ace: bool) -> int:
        if ace and hard + 10 <= 21:
            return int(chart[up - 1, 1, hard + 10]) if hard + 10 >= 13 else H_
        return int(chart[up - 1, 0, hard]) if hard >= 5 else H_

    for up in range(1, 11):
        hit_row = np.zeros((32, 2), dtype=np.int8)
        for hard in range(2, 22):
            for ace in (0, 1):
                hit_row[hard, ace] = cell(up, hard, bool(ace)) in (H_, D_, RH_)
        take_row = chart[up - 1, 3].astype(np.int8)
        for lo in range(1, 11):
            for hi in range(1, 11):
                hard, ace = lo + hi, 1 in (lo, hi)
                code = int(chart[up - 1, 2, lo]) if lo == hi else cell(up, hard, ace)
                action = {S_: STAND, H_: HIT, D_: DOUBLE, DS_: DOUBLE, P_: SPLIT}.get(
                    code, SURRENDER
                )
                first[up - 1, lo - 1, hi - 1] = action
                hits[up - 1, lo - 1, hi - 1] = hit_row
                takes[up - 1, lo - 1, hi - 1] = take_row
                two = cell(up, lo + hi, ace)
                split[up - 1, lo - 1, hi - 1] = (
                    2 if two in (D_, DS_) else (1 if two in (H_, RH_) else 0)
                )
    return first, split, hits, takes


STRATEGIES: Final = ("best", "chart", "composition")
"""What :func:`sample` can play: ``best`` the card-by-card analysis's best play (the par
sheet's ``blackjack`` figure where its figures are kept), ``chart`` the printed chart
exactly as printed (``blackjack:chart``), ``composition`` :func:`basic_strategy`'s
tables (the previous analysis's, the par sheet's ``blackjack`` where no card-by-card
figures are kept)."""


@cache
def _best_first(decks: int) -> npt.NDArray[np.int8]:
    """The best play's first decision ``first[up, lo, hi]`` (:func:`best_tables`)."""
    from croupier.analysis.exact.double_back_jack_figures import stored

    kept = stored(decks, "optimal")
    if kept is None:
        raise ValueError(
            f"no current best-play figures are kept for {counted(decks, 'deck')} (python -m "
            f"croupier.analysis.exact.double_back_jack_figures --decks {decks} computes them)"
        )
    first = np.full((10, 10, 10), STAND, dtype=np.int8)
    for up in range(1, 11):
        for lo in range(1, 11):
            for hi in range(lo, 11):
                action = kept.actions[up - 1, lo, hi]
                if action >= 0:
                    first[up - 1, lo - 1, hi - 1] = first[up - 1, hi - 1, lo - 1] = action
    return first


CLASSES_SHAPE: Final = (10, 11, 32, 2, 2)
"""The classes of a best-play decision (:func:`compact_decisions`): up card - 1, split
pair (0: none), hard total, ace held, a split hand's two-card decision."""
_PAIRS: Final = CLASSES_SHAPE[1]
_HARDS: Final = CLASSES_SHAPE[2]


def flat_first(first: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """The first decisions ``first[up - 1, lo - 1, hi - 1]`` as the kernel reads them,
    ``flat[up << 8 | a << 4 | b]`` by the values of the up card and the player's two
    cards in either order: the index is shifts of the cards as dealt (no ``min`` and
    ``max`` of the two, no multiply by a stride read from the array). Raises
    ``ValueError`` if ``first`` differs between the two cards' orders."""
    if not np.array_equal(first, first.transpose(0, 2, 1)):
        raise ValueError("the first decisions must not depend on the order of the two cards")
    padded = np.zeros((11, 16, 16), dtype=np.int8)
    padded[1:, 1:11, 1:11] = first
    return padded.ravel()


def decision_classes(up: int, keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], ...]:
    """The class (:data:`CLASSES_SHAPE`, less the up card) of each decision key of up card
    ``up`` (:func:`decision_arrays`): ``pair, hard, ace, two`` as arrays."""
    pair = keys >> PAIR_SHIFT
    cards = keys & ((1 << PAIR_SHIFT) - 1)
    counts = (cards[:, None] >> (CARD_BITS * np.arange(10))) & ((1 << CARD_BITS) - 1)
    counts[:, up - 1] -= 1
    split = np.flatnonzero(pair > 0)
    counts[split, pair[split] - 1] -= 1
    hard = counts @ np.arange(1, 11)
    ace = (counts[:, 0] > 0).astype(np.int64)
    two = ((pair > 0) & (counts.sum(axis=1) == 2)).astype(np.int64)
    return pair, hard, ace, two


@cache
def compact_decisions(
    decks: int,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The best play's decisions after the first (:func:`decision_arrays`, 517,010 keys
    for 6 decks, 20 MB as a hash table) as the kernel reads them from cache, ``classes,
    exceptions, bounds``: ``classes[up - 1, pair, hard, ace, two]`` (int8, 14 kB) is the
    action most of the class's hands take (:data:`CLASSES_SHAPE`; ties to the lower
    action), plus :data:`_HAS_EXCEPTIONS` where some of them take another, -1 where the
    class has no decisions; ``exceptions`` holds those other hands, ``key << 2 |
    action`` (``key`` with its pair above :data:`PAIR_SHIFT`), up card ``u``'s in a
    table at most half full from ``bounds[u - 1, 0]``, ``bounds[u - 1, 1] + 1`` buckets of
    :data:`_BUCKET` slots (-1 empty; 9,394 hands for 6 decks, 443 kB; :func:`_hash_py`).
    Built once a process from the analysis cache; raises ``RuntimeError`` if the tables
    do not give back every kept decision."""
    arrays = decision_arrays(decks)
    starts = arrays["starts"]
    classes = np.full(CLASSES_SHAPE, -1, dtype=np.int8)
    tables: list[npt.NDArray[np.int64]] = []
    bounds = np.zeros((10, 2), dtype=np.int64)
    for up in range(1, 11):
        keys = arrays["keys"][starts[up - 1] : starts[up]]
        actions = arrays["actions"][starts[up - 1] : starts[up]]
        pair, hard, ace, two = decision_classes(up, keys)
        flat = np.ravel_multi_index((pair, hard, ace, two), CLASSES_SHAPE[1:])
        tally = np.zeros((int(np.prod(CLASSES_SHAPE[1:])), 4), dtype=np.int64)
        np.add.at(tally, (flat, actions), 1)
        common = np.argmax(tally, axis=1)
        odd = common[flat] != actions
        row = np.where(tally.sum(axis=1) > 0, common, -1)
        row[np.unique(flat[odd])] += _HAS_EXCEPTIONS
        classes[up - 1] = row.reshape(CLASSES_SHAPE[1:])
        size = max(_BUCKET, 1 << max(0, (int(odd.sum()) - 1).bit_length()))
        while True:  # at most half full, in buckets none of which overflows
            size *= 2
            table = np.full(size, -1, dtype=np.int64)
            if _hash((keys[odd] << 2) | actions[odd], table):
                break
        bounds[up - 1] = sum(t.shape[0] for t in tables), size // _BUCKET - 1
        tables.append(table)
    exceptions = np.concatenate(tables)
    state = np.zeros(6, dtype=np.int64)
    for up in range(1, 11):
        keys = arrays["keys"][starts[up - 1] : starts[up]]
        pair, hard, ace, two = decision_classes(up, keys)
        cards = keys & ((1 << PAIR_SHIFT) - 1)
        got = _decide_all(
            classes.ravel(), exceptions, bounds, up, pair, hard, ace, two, cards, state
        )
        wrong = int(np.count_nonzero(got != arrays["actions"][starts[up - 1] : starts[up]]))
        if wrong or state[5]:
            raise RuntimeError(
                f"{counted(decks, 'deck')}, up card {up}: the compact tables give "
                f"{counted(wrong + int(state[5]), 'decision')} other than the kept ones"
            )
    return classes, exceptions, bounds


def _decide_all_py(
    classes: npt.NDArray[np.int8],
    exceptions: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    up: int,
    pair: npt.NDArray[np.int64],
    hard: npt.NDArray[np.int64],
    ace: npt.NDArray[np.int64],
    two: npt.NDArray[np.int64],
    cards: npt.NDArray[np.int64],
    state: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """:func:`_decide_py` for each hand of one up card."""
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        out[i] = _decide(
            classes, exceptions, bounds, up, pair[i], hard[i], ace[i] == 1, two[i], cards[i],
            state,
        )  # fmt: skip
    return out


_decide_all: Final = cast(Callable[..., Any], numba.njit(cache=True)(_decide_all_py))


@cache
def best_tables(decks: int) -> tuple[npt.NDArray[np.int8], Any]:
    """The best play (:data:`~croupier.analysis.exact.double_back_jack_rounds.OPTIMAL`) as
    the kernel plays it: ``first[up, lo, hi]`` (an index of ``ACTIONS``, by value - 1),
    read from the kept figures' first actions, and every later decision by the hand's
    cards (:func:`~croupier.analysis.exact.double_back_jack_rounds.best_decisions`).
    The decisions cost an enumeration (up to a minute) once a machine: they are kept in
    the analysis cache as arrays (:func:`decision_arrays`); here they are typed dicts, one
    per up card (the kernel reads the same decisions from :func:`compact_decisions`).
    Raises ``ValueError`` where no current best-play figures are kept for ``decks``."""
    first = _best_first(decks)
    arrays = decision_arrays(decks)
    decisions = List()
    for up in range(10):
        begin, end = int(arrays["starts"][up]), int(arrays["starts"][up + 1])
        decisions.append(_as_dict(arrays["keys"][begin:end], arrays["actions"][begin:end]))
    return first, decisions


DECISION_SOURCES: Final = (
    "croupier.analysis.exact.double_back_jack_rounds",
    "croupier.analysis.exact.double_back_jack",
    "croupier.rules.double_back_jack",
    "croupier.hands.blackjack",
)
"""The modules whose code computes :func:`decision_arrays` (its cache key)."""


def decision_arrays(decks: int) -> dict[str, npt.NDArray[np.int64]]:
    """The best play's decisions after a start's first action
    (:func:`~croupier.analysis.exact.double_back_jack_rounds.best_decisions`) as arrays:
    up card ``u`` (1..10) has keys ``keys[starts[u - 1]:starts[u]]`` (ascending) and their
    actions in ``actions``, ``int64``. Built once a machine (the analysis cache,
    :func:`croupier.analysis.tables.shared`)."""
    from croupier.analysis.exact.double_back_jack_rounds import best_decisions

    def build() -> dict[str, npt.NDArray[np.int64]]:
        keys: list[int] = []
        actions: list[int] = []
        starts = [0]
        for table in best_decisions(decks):
            pairs = sorted((int(k), int(v)) for k, v in table.items())
            keys.extend(k for k, _ in pairs)
            actions.extend(v for _, v in pairs)
            starts.append(len(keys))
        return {
            "keys": np.array(keys, dtype=np.int64),
            "actions": np.array(actions, dtype=np.int64),
            "starts": np.array(starts, dtype=np.int64),
        }

    name = f"double-back-jack.best-decisions.{decks}-decks"
    return cast(dict[str, npt.NDArray[np.int64]], shared(name, build, DECISION_SOURCES))


def _as_dict_py(keys: npt.NDArray[np.int64], actions: npt.NDArray[np.int64]) -> Any:
    out = Dict.empty(key_type=types.int64, value_type=types.int64)
    for i in range(keys.shape[0]):
        out[keys[i]] = actions[i]
    return out


_as_dict: Final = cast(
    Callable[[npt.NDArray[np.int64], npt.NDArray[np.int64]], Any],
    numba.njit(cache=True)(_as_dict_py),
)


def default_strategy(decks: int) -> str:
    """The strategy of the par sheet's ``blackjack`` figure for ``decks`` decks: ``best``
    where card-by-card figures are kept, otherwise ``composition``."""
    from croupier.analysis.exact.double_back_jack_figures import stored

    return "best" if stored(decks, "optimal") is not None else "composition"


@cache
def _tables(decks: int, strategy: str) -> tuple[npt.NDArray[Any], ...]:
    """The kernel's tables for ``strategy`` (:data:`STRATEGIES`), built once a process
    (the kernel only reads them), in the kernel's layout: ``first`` (:func:`flat_first`),
    ``split, hits, takes`` and the best play's decisions ``classes`` (flattened),
    ``exceptions, bounds`` (:func:`compact_decisions`; empty tables for the other
    strategies)."""
    if strategy == "best":
        empty = np.zeros((1, 1, 1, 1, 1), dtype=np.int8)
        first = flat_first(_best_first(decks))
        classes, exceptions, bounds = compact_decisions(decks)
        return first, empty[0, 0], empty, empty[0], classes.ravel(), exceptions, bounds
    none = np.full(np.prod(CLASSES_SHAPE), -1, dtype=np.int8)
    chosen = basic_strategy(decks)
    tables = chart_strategy_tables(chosen) if strategy == "chart" else strategy_tables(chosen)
    empty_exceptions, empty_bounds = np.full(1, -1, dtype=np.int64), np.zeros((10, 2), np.int64)
    return flat_first(tables[0]), *tables[1:], none, empty_exceptions, empty_bounds


def prepare(rules: DoubleBackJackRules) -> None:
    """Build the decisions of the par sheet's strategy (:func:`default_strategy`) for the
    shoe of ``rules`` in this process (the best play's from the analysis cache, else its
    enumeration), for a run to ship to its workers."""
    if default_strategy(rules.decks) == "best":
        decision_arrays(rules.decks)


def _run(
    rules: DoubleBackJackRules,
    rounds: int,
    seed: int,
    fresh_shoe: bool,
    strategy: str | None,
    record: bool,
) -> tuple[npt.NDArray[np.int64], Floats, Floats]:
    """Play ``rounds`` rounds (:func:`sample`): the tally of their nets
    (:data:`_TALLY`) and, where ``record``, the ``blackjack`` and ``insurance`` arrays
    (empty otherwise). The kernel draws from the seed's generator as it deals."""
    if rounds < 0:
        raise ValueError(f"rounds must be 0 or more, not {rounds}")
    strategy = default_strategy(rules.decks) if strategy is None else strategy
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
    first, split, hits, takes, classes, exceptions, bounds = _tables(rules.decks, strategy)
    full = np.array(full_shoe(rules.decks), dtype=np.int64)
    below = least_cover_from_bottom(rules.decks * DECK_SIZE, COVER_FRACTION)
    shoe = np.zeros(rules.decks * DECK_SIZE, dtype=np.int8)
    state = np.array([0, 0, 1, 0, 0, 0, 0], dtype=np.int64)
    blackjack = np.empty(rounds if record else 0)
    insurance = np.empty(rounds if record else 0)
    tally = np.zeros(_TALLY, dtype=np.int64)
    _play(
        rounds, fresh_shoe, full, below, first, split, hits, takes, strategy == "best",
        classes, exceptions, bounds, generator_state(np.random.default_rng(seed)), state,
        shoe, record, blackjack, insurance, tally,
    )  # fmt: skip
    if state[5]:
        raise RuntimeError(f"the best play's tables lacked {state[5]} decisions")
    return tally, blackjack, insurance[: state[6]]


def sample(
    rules: DoubleBackJackRules,
    rounds: int,
    seed: int,
    *,
    fresh_shoe: bool = False,
    strategy: str | None = None,
) -> dict[str, Floats]:
    """Simulate ``rounds`` rounds under ``rules`` (``decks``) from
    ``numpy.random.default_rng(seed)``: ``{"blackjack": nets per initial wager, one per
    round, "insurance": nets per unit insured, one per round with an ace up}`` (see the
    module docstring). ``fresh_shoe``: reshuffle the full shoe before every round;
    ``strategy``: one of :data:`STRATEGIES`, by default the par sheet's
    (:func:`default_strategy`). Raises ``ValueError`` for a negative number of rounds, an
    unknown strategy or ``best`` where its figures are not kept (:func:`best_tables`),
    and ``RuntimeError`` if the best play's tables lack a decision a round needed."""
    _, blackjack, insurance = _run(rules, rounds, seed, fresh_shoe, strategy, True)
    return {"blackjack": blackjack, "insurance": insurance}


def sample_counts(
    rules: DoubleBackJackRules, rounds: int, seed: int
) -> dict[str, dict[float, int]]:
    """The rounds of :func:`sample` (same seed, same floats, the par sheet's strategy)
    counted by the kernel as it plays them: wager -> {distinct net: rounds}."""
    tally, _, _ = _run(rules, rounds, seed, False, None, False)
    halves = np.flatnonzero(tally[:_HALVES])
    insured = np.flatnonzero(tally[_HALVES:])
    return {
        "blackjack": dict(
            zip(((halves - _HALVES // 2) / 2).tolist(), tally[halves].tolist(), strict=True)
        ),
        "insurance": dict(
            zip((3.0 * insured - 1.0).tolist(), tally[_HALVES + insured].tolist(), strict=True)
        ),
    }


FLOATS_PER_ROUND: Final = 5.78
"""The uniforms :func:`sample` draws per round, one per card dealt (players' and dealer's
cards, burns and reshuffles included), each from one output of the generator, measured
over 1,000,000 rounds of 6 decks: 5.778 with the previous analysis's tables, 5.783 with
the best play (5.778-5.782 in one chunk, :data:`CHUNK_ROUNDS`, three seeds)."""


def _draws_py(pcg: Words, outputs: int) -> int:
    kept = np.uint64(0)
    for _ in range(outputs):
        kept ^= _output(pcg) >> _HIGH53
    return int(kept)


_draws: Final = cast(Callable[[Words, int], int], numba.njit(cache=True, nogil=True)(_draws_py))


def draws(rules: DoubleBackJackRules | None, rounds: int, seed: int) -> None:
    """Draw, and discard, the generator's outputs of ``rounds`` rounds as :func:`sample`
    draws them (the generator's ceiling for
    :func:`~croupier.analysis.simulation.base.throughput`): PCG64 stepped in numba's code
    from the seed's state (:func:`_output`, the kernel's own step, no call, no buffer,
    no float), :data:`FLOATS_PER_ROUND` outputs a round (one a card dealt, what the kernel
    consumes on average) and the one the kernel draws ahead (:func:`_card_py`). The cards'
    offsets and swaps are the round's, not the generator's, and are left out."""
    _draws(generator_state(np.random.default_rng(seed)), int(rounds * FLOATS_PER_ROUND) + 1)


def describe(rules: DoubleBackJackRules) -> dict[str, WagerInfo]:
    """Each wager's description, and for ``blackjack`` the strategy played (that of the
    par sheet's ``blackjack`` figure, :func:`default_strategy`)."""
    shoe = counted(rules.decks, "deck")
    if default_strategy(rules.decks) == "best":
        played = (
            f"the best composition-dependent play of the card-by-card analysis, {shoe} "
            "(croupier.analysis.exact.double_back_jack_rounds.best_decisions)"
        )
    else:
        played = (
            f"composition-dependent basic strategy, {shoe} "
            "(croupier.analysis.exact.double_back_jack.basic_strategy)"
        )
    return {
        "blackjack": WagerInfo(
            "The whole game per initial Blackjack Wager (673a.6-673a.12)",
            strategy=played,
            hit_above=0.0,
        ),
        "insurance": WagerInfo("Insurance Wager on a dealer ace, per unit (673a.8)"),
    }


__all__ = [
    "CHUNK_ROUNDS",
    "CLASSES_SHAPE",
    "DRAWS_PER_ROUND",
    "FLOATS_PER_ROUND",
    "STRATEGIES",
    "WAGERS",
    "best_tables",
    "chart_strategy_tables",
    "compact_decisions",
    "decision_arrays",
    "decision_classes",
    "default_strategy",
    "describe",
    "draws",
    "flat_first",
    "generator_state",
    "mean_net",
    "prepare",
    "sample",
    "sample_counts",
    "strategy_tables",
]


def mean_net(
    rules: DoubleBackJackRules,
    rounds: int,
    seed: int,
    *,
    fresh_shoe: bool = False,
    strategy: str | None = None,
) -> tuple[float, float]:
    """The mean round net per initial wager of ``rounds`` rounds of :func:`sample` and
    its standard error, in chunks of 10**7 rounds (chunk ``k`` a new shoe from seed
    ``seed + k``), so that memory stays flat whatever ``rounds``. Raises ``ValueError``
    for fewer than 2 rounds (no standard error)."""
    if rounds < 2:
        raise ValueError(f"rounds must be 2 or more for a standard error, not {rounds}")
    total = squares = 0.0
    for k, begin in enumerate(range(0, rounds, 10**7)):
        count = min(10**7, rounds - begin)
        nets = sample(rules, count, seed + k, fresh_shoe=fresh_shoe, strategy=strategy)
        total += float(nets["blackjack"].sum())
        squares += float(np.dot(nets["blackjack"], nets["blackjack"]))
    mean = total / rounds
    return mean, float(np.sqrt((squares / rounds - mean * mean) / rounds))


def _shoe_game(args: tuple[int, str, int, int]) -> tuple[float, float]:
    decks, strategy, rounds, seed = args
    return mean_net(DoubleBackJackRules(decks=decks), rounds, seed * 1000, strategy=strategy)


def shoe_game_table(rounds: int, seed: int, decks: tuple[int, ...] = (1, 2, 6, 8)) -> str:
    """A Markdown table: for each shoe of ``decks`` and each kept strategy (the best play,
    the printed chart), the fresh-shoe figure (enumerated card by card, kept) and the shoe game's
    (simulated, ``rounds`` rounds from ``seed``, cover card a quarter from the bottom)
    with its 99.9% half-interval, and their difference (the cut-card effect; the
    interval is the simulation's alone, the fresh-shoe figure being enumerated). The
    simulations run on a pool of processes."""
    from concurrent.futures import ProcessPoolExecutor

    from croupier.analysis.exact.double_back_jack_figures import stored

    z = 3.2905
    jobs = [
        (d, s, rounds, seed + 10 * d + i) for d in decks for i, s in enumerate(("best", "chart"))
    ]
    with ProcessPoolExecutor() as pool:
        results = dict(zip(jobs, pool.map(_shoe_game, jobs), strict=True))
    lines = [
        "| Decks | Strategy | Fresh shoe (card by card) | Shoe game (simulated, ± 99.9%) "
        "| Shoe game less fresh shoe |",
        "|---|---|---|---|---|",
    ]
    for job, (mean, error) in results.items():
        d, s = job[0], job[1]
        kept = stored(d, "optimal" if s == "best" else "chart")
        assert kept is not None, f"no current figures for {d} decks"
        exact = kept.expected_return
        lines.append(
            f"| {d} | {'best play' if s == 'best' else 'printed chart'} | {exact * 100:+.4f}% "
            f"| {mean * 100:+.4f}% ± {z * error * 100:.4f}% "
            f"| {(mean - exact) * 100:+.4f} ± {z * error * 100:.4f} points |"
        )
    return "\n".join(lines)


def compile_kernels() -> float:
    """Compile and cache on disk (numba) every kernel the enumeration and the simulator
    run, by one small run of each path: one deck against a ten, both strategies, and a
    few simulated rounds of each strategy (the best play's building its decision
    tables). Returns the seconds taken (30 to 60 s with an empty cache, a few seconds
    once it is filled)."""
    from croupier.analysis.exact import double_back_jack_rounds as rounds
    from croupier.analysis.exact.double_back_jack_figures import STRATEGIES as KEPT
    from croupier.analysis.exact.double_back_jack_figures import stored

    began = time.perf_counter()
    chart = rounds.chart_tables(basic_strategy(1).chart())
    full = np.array(full_shoe(1), dtype=np.int64)
    for kind in KEPT.values():
        rounds.play_up_card(kind, chart, full, 10)
    kept = stored(1, "optimal") is not None
    for strategy in STRATEGIES if kept else ("chart", "composition"):
        sample(DoubleBackJackRules(decks=1), 100, 1, strategy=strategy)
    return time.perf_counter() - began


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m croupier.analysis.simulation.double_back_jack",
        description="The shoe game (cover card a quarter from the bottom, 673a.5(d)) against "
        "the fresh-shoe figures, as a Markdown table of the player's return per initial "
        "Blackjack Wager (docs/games/double-back-jack.md).",
    )
    parser.add_argument("--rounds", type=int, default=10**8, help="rounds a shoe and strategy")
    parser.add_argument("--seed", type=int, default=673, help="a seed, 0 or more")
    parser.add_argument(
        "--compile",
        action="store_true",
        help="only compile and cache the enumeration's and the simulator's numba kernels "
        "(make does this once at setup)",
    )
    options = parser.parse_args()
    if options.rounds < 2 or options.seed < 0:
        parser.error(f"--rounds must be 2 or more and --seed 0 or more, not {options.rounds}, "
                     f"{options.seed}")  # fmt: skip
    if options.compile:
        print(f"Double Back Jack kernels compiled and cached in {compile_kernels():.0f} s")
    else:
        print(shoe_game_table(options.rounds, options.seed))
