"""Double Back Jack rounds enumerated card by card (58 Pa. Code ch. 673a): every hand the
player can hold, with the dealer's results conditioned on every card out of the shoe and
on what the card reader revealed. Floats (``float64``, numba); no modelling shortcut.

The round is one player from a full shoe. For each up card and two-card start the kernel
follows every sequence of cards the player draws (hits, the double down's card, the
Second Chance card) to the hand's end, gathers the ends by the cards then out (the order
of the draws does not matter to what follows) and takes the dealer's final results from
the shoe less the up card and **all** the player's cards.

**Split hands** (673a.11) are both dealt from one shoe. One hand's ends are gathered by
the cards ``D`` it draws with their number of orders ``o``: its chance from a shoe is
``o * F(D)``, ``F(D) = prod_v (shoe_v)_(D_v) / (n)_(|D|)`` (falling factorials). The first
hand drawing ``D1`` and the second ``D2`` from what it leaves has chance
``o1 * o2 * F(D1 + D2)``, so every pair of ends is settled against the dealer's results
from the shoe less the union of the two hands' cards. The ends are grouped by their cards
other than aces and twos, so a union is found by one hashed look-up per pair of groups
and a direct index by its aces and twos. The dealer's results are found once for each
set of cards out over every pair split against the up card (the pair cards and a union
of draws: splitting 2s and drawing two 3s leaves what splitting 3s and drawing two 2s
leaves), summing the dealer's card sets as products of falling factorials, eight sets
at a time.

**The card reader** (673a.7(h)). On an ace or ten-value up card play goes on only when the
hole card gives no Blackjack. The hole card is one of the unseen cards and, the shoe being
shuffled, the player's later cards and the hole card are exchangeable: the joint chance
of a player sequence ``S`` and of no dealer Blackjack is ``P(S) * q(shoe - S)``, ``P(S)``
drawing from the shoe as if the hole card were not there and ``q`` the chance that a card
of the shoe left is not the Blackjack card. The kernel keeps every value in these joint
units (``dealer[r]`` is the chance of no Blackjack *and* the dealer's result ``r``), so
every figure is conditioned exactly and comparing actions at a state compares their
conditional values (all share the factor ``P(no Blackjack | S)``).

**Strategies** (:data:`CHART`, :data:`OPTIMAL`):

- ``CHART``: the total-dependent chart exactly as printed
  (:meth:`~croupier.analysis.exact.double_back_jack.BasicStrategy.chart`), cell by cell:
  a two-card start reads its pair, soft or hard row; ``D``/``Ds`` double (on a hand of
  three or more cards ``D`` hits and ``Ds`` stands), ``R*`` surrender on an unsplit
  two-card start (otherwise its letter after ``R``); a split hand (no surrender, double
  allowed, 673a.10(c)) reads its total's row, a pair formed after a split too (no second
  split, 673a.11(a)); soft 12 (an ace drawn to split aces) and hard 4 are not printed and
  hit; a bust reads its hard total's Second Chance row.
- ``OPTIMAL``: the best composition-dependent play: every decision from the exact state
  (the cards out of the shoe, the card reader's answer), found by recursion over the
  hand's composition; the Second Chance Wager taken where its exact value beats
  declining. A split hand plays the same way from its own cards alone, as if the other
  hand's cards were unseen (the shoe less the up card and both pair cards): the rule each
  hand follows is fixed and the split's value is then found exactly, both hands drawing
  from the same shoe and the dealer from what they leave. The choice to split compares
  that exact value with the other options.

**Settlement** as the engine: a player Blackjack +2 before the reader (673a.7(f)); a
dealer Blackjack -1 (673a.7(h)); a 21 +1 at once (673a.7(m)); surrender -1/2 after the
reader (673a.9); a bust declines the Second Chance Wager and loses, or takes it:
over 21 -2, 21 +1, under 21 stands with a win +1, tie or dealer 22 0, loss -2 per unit of
the hand's wager (673a.7(l), (s)); a dealer 22 returns a standing hand (673a.7(q)(1)).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.typed import Dict, List

CHART: Final = 0
OPTIMAL: Final = 1

BINS: Final = 26
"""Round nets in half units, -8 to +4.5: bin ``2 * net + 16``."""

# chart cell codes
S_, H_, D_, DS_, P_, RH_, RS_, RP_ = range(8)
CELL_CODES: Final = {"S": S_, "H": H_, "D": D_, "Ds": DS_, "P": P_, "Rh": RH_, "Rs": RS_, "Rp": RP_}

Counts = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


F = TypeVar("F", bound=Callable[..., Any])


def _cached(function: F) -> F:
    """``function`` compiled by numba and cached on disk. No kernel recurses: numba's
    cache of a recursive function crashes when loaded (numba issues 6061 and 6713)."""
    return cast(F, numba.njit(cache=True)(function))


def _jit(function: F) -> F:
    """``function`` compiled by numba in each process, not cached: :func:`_empty`, which
    only makes an empty typed dict (an earlier :func:`_up_card` that called the parallel
    kernels crashed when its cache was loaded in a later process; it no longer calls
    them and is cached)."""
    return cast(F, numba.njit(function))


# --- the dealer ------------------------------------------------------------------------
def dealer_compositions(up: int) -> tuple[npt.NDArray[np.int64], Floats, npt.NDArray[np.int64]]:
    """Every set of cards the dealer can draw to a final total from the up card ``up``
    (the hole card first; none that makes a Blackjack, 673a.7(h)), as ``(values, orders,
    results)``: ``values[c]`` the 10 counts (aces first) and the number of cards, ``orders[c]``
    how many orders of them the dealer's rule draws (673a.7(o)) and ``results[c]`` the
    final result (0..4: 17..21, 5: 22, 6: 23 or more). A draw sequence's chance depends
    only on its cards, so the dealer's results from a shoe sum over these sets."""
    found: dict[tuple[int, ...], list[int]] = {}
    counts = [0] * 10

    def follow(hard: int, ace: bool, cards: int) -> None:
        total = hard + 10 if ace and hard + 10 <= 21 else hard
        if total >= DEALER_STANDS:
            entry = found.setdefault(tuple(counts), [0, total - 17 if total <= 22 else 6])
            entry[0] += 1
            return
        for i in range(10):
            if cards == 0 and ((up == 1 and i == 9) or (up == 10 and i == 0)):
                continue
            counts[i] += 1
            follow(hard + i + 1, ace or i == 0, cards + 1)
            counts[i] -= 1

    follow(up, up == 1, 0)
    values = np.array([[*key, sum(key)] for key in found], dtype=np.int64)
    orders = np.array([entry[0] for entry in found.values()], dtype=np.float64)
    results = np.array([entry[1] for entry in found.values()], dtype=np.int64)
    return values, orders, results


DEALER_STANDS: Final = 17


def _parts(counts: npt.NDArray[np.int64], first: int) -> tuple[Any, Any]:
    """The distinct rows of ``counts`` (card values ``first`` on) as flat falling-factorial
    indices ``v * 24 + m`` padded with 0, and each composition's row number."""
    parts, which = np.unique(counts, axis=0, return_inverse=True)
    width = max(int((parts > 0).sum(axis=1).max()), 1)
    flat = np.zeros((len(parts), width), dtype=np.int64)
    for i, row in enumerate(parts):
        found = np.flatnonzero(row)
        flat[i, : len(found)] = (found + first) * 24 + row[found]
    return flat, which.reshape(-1)


def dealer_table(up: int) -> tuple[Any, ...]:
    """The dealer's draws from the up card ``up`` as the kernels read them: an empty memo
    (the dealer's results by the key of the cards out), then for each of
    :func:`dealer_compositions`' sets its nonzero counts as flat indices ``v * 24 + m``
    into a table of falling factorials (padded with 0), how many there are, its number
    of cards, its number of orders and its result (0..6); then the same sets for
    :func:`_unions`: each set's counts split into aces and twos (``lows``) and threes to
    tens (``highs``), the sets gathered by result and number of cards (``groups``: result,
    cards), within a group by their ``lows`` row (``rows``: group, lows row, first entry),
    each entry a ``highs`` row and its number of orders."""
    values, orders, results = dealer_compositions(up)
    counts = values[:, :10]
    assert counts.max() <= _MOST
    sizes = values[:, 10].copy()
    width = int((counts > 0).sum(axis=1).max())
    terms = np.zeros((len(orders), width), dtype=np.int64)
    lengths = np.zeros(len(orders), dtype=np.int64)
    for c, row in enumerate(counts):
        found = np.flatnonzero(row)
        terms[c, : len(found)] = found * 24 + row[found]
        lengths[c] = len(found)
    lows, low = _parts(counts[:, :_LOW], 0)
    highs, high = _parts(counts[:, _LOW:], _LOW)
    group_keys, group = np.unique(results * 24 + sizes, return_inverse=True)
    groups = np.stack([group_keys // 24, group_keys % 24], axis=1).astype(np.int64)
    order = np.lexsort((high, low, group))
    rows: list[list[int]] = []
    for e, c in enumerate(order):
        if not rows or rows[-1][:2] != [group[c], low[c]]:
            rows.append([int(group[c]), int(low[c]), e])
    rows.append([0, 0, len(order)])
    memo = Dict.empty(key_type=types.int64, value_type=types.float64[:])
    return (memo, terms, lengths, sizes, orders, results, lows, highs, groups,
            np.array(rows, dtype=np.int64), high[order].astype(np.int64),
            orders[order].copy())  # fmt: skip


_LOW: Final = 2
""":func:`dealer_table` splits a set's counts into aces and twos, and threes to tens (the
split with the fewest products to form)."""
_MOST: Final = 10
"""No dealer set holds more than 10 cards of one value (ten aces to an ace up)."""


def _dealer_of_py(
    shoe: Counts, n: int, terms: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64],
    sizes: npt.NDArray[np.int64], orders: Floats, results: npt.NDArray[np.int64],
) -> Floats:  # fmt: skip
    """The dealer's results 17..21, 22, 23+ jointly with no Blackjack (673a.7(h)) with
    ``shoe`` (``n`` cards) unseen, summed over the up card's compositions as
    :func:`dealer_table` gives them: each set's chance is its number of orders times
    ``prod_v (shoe_v)_(m_v) / (n)_k`` (falling factorials; ``k`` its number of cards)."""
    falling = np.ones(240)
    for v in range(10):
        for m in range(1, 24):
            falling[v * 24 + m] = falling[v * 24 + m - 1] * (shoe[v] - m + 1)
    by_size = np.zeros((7, 24))
    for c in range(orders.shape[0]):
        p = orders[c]
        for j in range(lengths[c]):
            p *= falling[terms[c, j]]
        by_size[results[c], sizes[c]] += p
    out = np.zeros(7)
    total = 1.0
    for k in range(1, 24):
        total *= n - k + 1
        if total <= 0.0:
            break
        for r in range(7):
            out[r] += by_size[r, k] / total
    return out


_dealer_of: Final = _cached(_dealer_of_py)


def _dealer_py(shoe: Counts, n: int, key: int, dealer: Any) -> Floats:
    """:func:`_dealer_of` memoized by ``key`` (the cards out); ``dealer`` is
    :func:`dealer_table`'s tuple."""
    memo = dealer[0]
    if key in memo:
        found: Floats = memo[key]
        return found
    out = _dealer_of(shoe, n, dealer[1], dealer[2], dealer[3], dealer[4], dealer[5])
    memo[key] = out
    return out


_dealer: Final = _cached(_dealer_py)


def _clear_py(shoe: Counts, n: int, up: int) -> float:
    """The chance that the hole card, one of ``shoe``, gives no Blackjack."""
    if up == 1:
        return 1.0 - float(shoe[9]) / n
    if up == 10:
        return 1.0 - float(shoe[0]) / n
    return 1.0


_clear: Final = _cached(_clear_py)


def _net_py(total: int, r: int, sc: bool) -> float:
    """Net per unit standing on ``total`` (< 21) against dealer result ``r``."""
    if r == 5:
        return 0.0
    if r == 6 or total > r + 17:
        return 1.0
    if total == r + 17:
        return 0.0
    return -2.0 if sc else -1.0


_net: Final = _cached(_net_py)

CARD_BITS: Final = 6
"""Bits per card value in a key (the count of that value out of the shoe), aces lowest."""
_SHIFT: Final = CARD_BITS


# --- values (the optimal strategy) ------------------------------------------------------
def _stand_py(shoe: Counts, n: int, up: int, key: int, total: int, sc: bool, dm: Any) -> float:
    d = _dealer(shoe, n, key, dm)
    value = 0.0
    for r in range(7):
        value += d[r] * _net(total, r, sc)
    return value


_stand: Final = _cached(_stand_py)


def _take_py(shoe: Counts, n: int, up: int, key: int, hard: int, dm: Any) -> float:
    """Per unit of the hand's wager: the Second Chance Wager on a bust of ``hard``."""
    value = 0.0
    for i in range(10):
        count = shoe[i]
        if count == 0:
            continue
        shoe[i] = count - 1
        left = hard - i - 1
        k = key + (1 << (_SHIFT * i))
        if left > 21:
            v = -2.0 * _clear(shoe, n - 1, up)
        elif left == 21:
            v = _clear(shoe, n - 1, up)
        else:
            v = _stand(shoe, n - 1, up, k, left, True, dm)
        shoe[i] = count
        value += count / n * v
    return value


_take: Final = _cached(_take_py)


def _bust_py(shoe: Counts, n: int, up: int, key: int, hard: int, dm: Any, sc: Any) -> float:
    """Per unit: the better of declining and taking the Second Chance Wager (``sc``
    records taking's value less declining's, by key)."""
    decline = -_clear(shoe, n, up)
    if key in sc:
        take = sc[key] + decline
    else:
        take = _take(shoe, n, up, key, hard, dm)
        sc[key] = take - decline
    return take if take > decline else decline


_bust: Final = _cached(_bust_py)


def _hit_py(
    shoe: Counts, n: int, up: int, key: int, hard: int, ace: bool, dm: Any, hits: Any, sc: Any
) -> float:
    """The value of hitting a hand (``key`` its cards and the up card), each later
    decision the better of hitting and standing: ``hits`` records, by key, the value of
    hitting less standing; ``sc`` the Second Chance Wager's (:func:`_bust`). Depth first
    over the cards drawn, from a stack of hands whose hitting value is still being
    summed."""
    keys = np.empty(_DEPTH, dtype=np.int64)
    state = np.empty((_DEPTH, 4), dtype=np.int64)  # hard, ace, cards left, next card
    sums = np.zeros((_DEPTH, 2))  # value so far, the pending card's standing value
    keys[0] = key
    state[0, 0], state[0, 1], state[0, 2], state[0, 3] = hard, ace, n, 0
    depth = 1
    returned = -1.0
    back = False
    while True:
        f = depth - 1
        if back:
            i = state[f, 3]
            s = sums[f, 1]
            d = returned - s
            hits[keys[f] + (1 << (_SHIFT * i))] = d
            shoe[i] += 1
            sums[f, 0] += shoe[i] / state[f, 2] * (s + d if d > 0 else s)
            state[f, 3] = i + 1
            back = False
        down = False
        while state[f, 3] < 10:
            i = state[f, 3]
            count = shoe[i]
            if count == 0:
                state[f, 3] = i + 1
                continue
            shoe[i] = count - 1
            k = keys[f] + (1 << (_SHIFT * i))
            h = state[f, 0] + i + 1
            a = state[f, 1] == 1 or i == 0
            t = h + 10 if a and h + 10 <= 21 else h
            left = state[f, 2] - 1
            if t == 21:
                v = _clear(shoe, left, up)
            elif h > 21:
                v = _bust(shoe, left, up, k, h, dm, sc)
            else:
                s = _stand(shoe, left, up, k, t, False, dm)
                if k not in hits:
                    sums[f, 1] = s
                    keys[depth] = k
                    state[depth, 0], state[depth, 1], state[depth, 2] = h, a, left
                    state[depth, 3] = 0
                    sums[depth, 0] = 0.0
                    depth += 1
                    down = True
                    break
                d = hits[k]
                v = s + d if d > 0 else s
            shoe[i] = count
            sums[f, 0] += count / state[f, 2] * v
            state[f, 3] = i + 1
        if down:
            continue
        returned = sums[f, 0]
        depth -= 1
        if depth == 0:
            return float(returned)
        back = True


_DEPTH: Final = 64
"""Cards a hand may hit, at most (a hand of 21 aces and twos needs fewer)."""
_hit: Final = _cached(_hit_py)


def _double_py(
    shoe: Counts, n: int, up: int, key: int, hard: int, ace: bool, dm: Any, sc: Any
) -> float:
    value = 0.0
    for i in range(10):
        count = shoe[i]
        if count == 0:
            continue
        shoe[i] = count - 1
        k = key + (1 << (_SHIFT * i))
        h = hard + i + 1
        a = ace or i == 0
        t = h + 10 if a and h + 10 <= 21 else h
        if t == 21:
            v = _clear(shoe, n - 1, up)
        elif h > 21:
            v = _bust(shoe, n - 1, up, k, h, dm, sc)
        else:
            v = _stand(shoe, n - 1, up, k, t, False, dm)
        shoe[i] = count
        value += count / n * 2.0 * v
    return value


_double: Final = _cached(_double_py)


def _two_py(
    shoe: Counts, n: int, up: int, key: int, hard: int, ace: bool, dm: Any, hits: Any, sc: Any
) -> npt.NDArray[np.float64]:
    """Stand, hit and double values of a two-card hand (joint units)."""
    total = hard + 10 if ace and hard + 10 <= 21 else hard
    out = np.empty(3)
    out[0] = _stand(shoe, n, up, key, total, False, dm)
    out[1] = _hit(shoe, n, up, key, hard, ace, dm, hits, sc)
    out[2] = _double(shoe, n, up, key, hard, ace, dm, sc)
    return out


_two: Final = _cached(_two_py)


# --- one hand followed to its ends under a fixed strategy -------------------------------
# A hand's end is a code ``(slot * 2 + doubled) * 2 + second``: ``slot`` a standing total
# (4..20), or 32 (+1 per unit of its Blackjack Wager: a 21, or a Second Chance card to
# 21), 33 (-1: a declined bust) or 34 (-2: a Second Chance card over 21); ``doubled`` its
# Blackjack Wager is two units; ``second`` a Second Chance Wager was made (673a.7(l), (s)).
CODES: Final = 140


def _code_table() -> Floats:
    """Per end code: columns 0..6 the hand's net against dealer result ``r`` (0..4:
    17..21, 5: 22, 6: 23 or more), 7..13 its Second Chance Wager's own net (the hand's
    net less the -1 per unit a declined bust loses; 0 without one), then its total
    wagered, whether a Second Chance Wager was offered and whether taken, in initial
    units."""
    table = np.zeros((CODES, 17))
    for code in range(CODES):
        second, rest = code % 2, code // 2
        w = 2.0 if rest % 2 else 1.0
        slot = rest // 2
        table[code, 14] = w * (2 if second else 1)
        table[code, 15] = 1.0 if second or slot == 33 else 0.0
        table[code, 16] = float(second)
        for r in range(7):
            if slot == 32:
                net = w
            elif slot == 33:
                net = -w
            elif slot == 34:
                net = -2 * w
            else:
                net = w * _net_py(slot, r, bool(second)) if slot < 32 else 0.0
            table[code, r] = net
            table[code, 7 + r] = net + w if second else 0.0
    return table


def _end_py(slot: int, w: float, second: bool) -> int:
    return (slot * 2 + (1 if w > 1.5 else 0)) * 2 + (1 if second else 0)


_end: Final = _cached(_end_py)


def _decide_py(
    kind: int, chart: npt.NDArray[np.int64], own: int, hard: int, ace: bool, cards: int,
    split: bool, hits: Any, firsts: Any,
) -> int:  # fmt: skip
    """The action (0 stand, 1 hit, 2 double) of a hand past its first decision, or of a
    split hand."""
    if kind == OPTIMAL:
        if cards == 2 and split:
            return int(firsts[own])
        return 1 if hits[own] > 0 else 0
    total = hard + 10 if ace and hard + 10 <= 21 else hard
    if ace and hard + 10 <= 21:
        cell = chart[1, total] if total >= 13 else H_
    else:
        cell = chart[0, total] if total >= 5 else H_
    if cell == D_ or cell == DS_:  # noqa: SIM109 (numba)
        if cards == 2:
            return 2
        return 1 if cell == D_ else 0
    return 1 if cell == H_ or cell == RH_ else 0  # noqa: SIM109 (numba)


_decide: Final = _cached(_decide_py)


def _put_py(ends: Any, own: int, code: int, prob: float) -> None:
    if own not in ends:
        ends[own] = np.zeros(CODES)
    ends[own][code] += prob


_put: Final = _cached(_put_py)


def _walk_py(
    kind: int, chart: npt.NDArray[np.int64], shoe: Counts, n: int, own: int, hard: int,
    ace: bool, cards: int, w: float, doubled: bool, split: bool, prob: float, hits: Any,
    sc: Any, firsts: Any, ends: Any, forced: int,
) -> int:  # fmt: skip
    """Follow a hand (``cards`` cards, ``hard`` points, ``ace``; ``own`` the key of its
    cards and the up card) to each of its ends under strategy ``kind``, each card drawn
    from ``shoe`` (``n`` cards) with chance ``prob`` so far; ``ends[key][code]`` gathers
    the chance of each end by the cards then out (its order of draws does not matter to
    the dealer or to another hand). ``forced`` (0 stand, 1 hit, 2 double; -1 none) is the
    hand's next action when already decided: a start's first action, a split hand's
    second card. Depth first, from a stack of hands still to follow."""
    keys = np.empty(_STACK, dtype=np.int64)
    state = np.empty((_STACK, 4), dtype=np.int64)  # hard, ace, doubled, action
    chances = np.empty((_STACK, 2))  # prob, wager
    keys[0], chances[0, 0], chances[0, 1] = own, prob, w
    state[0, 0], state[0, 1], state[0, 2], state[0, 3] = hard, ace, doubled, forced
    top = 1
    while top > 0:
        top -= 1
        key, p, wager = keys[top], chances[top, 0], chances[top, 1]
        h, a, double, action = state[top, 0], state[top, 1] == 1, state[top, 2] == 1, state[top, 3]
        held = cards
        left = n
        for v in range(10):
            c = ((key - own) >> (_SHIFT * v)) & 63
            held += c
            left -= c
        t = h + 10 if a and h + 10 <= 21 else h
        if t == 21:
            _put(ends, key, _end(32, wager, False), p)
            continue
        if h > 21:
            take = sc[key] > 0 if kind == OPTIMAL else chart[3, h] == 1
            if not take:
                _put(ends, key, _end(33, wager, False), p)
                continue
            for i in range(10):
                count = shoe[i] - (((key - own) >> (_SHIFT * i)) & 63)
                if count == 0:
                    continue
                rest = h - i - 1
                slot = 34 if rest > 21 else (32 if rest == 21 else rest)
                _put(ends, key + (1 << (_SHIFT * i)), _end(slot, wager, True), p * count / left)
            continue
        if action < 0:
            action = 0 if double else _decide(kind, chart, key, h, a, held, split, hits, firsts)
        if action == 0:
            _put(ends, key, _end(t, wager, False), p)
            continue
        for i in range(10):
            count = shoe[i] - (((key - own) >> (_SHIFT * i)) & 63)
            if count == 0:
                continue
            keys[top] = key + (1 << (_SHIFT * i))
            chances[top, 0] = p * count / left
            chances[top, 1] = 2.0 * wager if action == 2 else wager
            state[top, 0], state[top, 1] = h + i + 1, a or i == 0
            state[top, 2], state[top, 3] = action == 2, -1
            top += 1
    return 0


_STACK: Final = 512
"""Hands a walk may hold still to follow: at most nine more per card drawn."""
_walk: Final = _cached(_walk_py)


def _empty_ends() -> Any:
    return Dict.empty(key_type=types.int64, value_type=types.float64[:])


_empty: Final = _jit(_empty_ends)


def _settle_py(
    table: Floats, c1: int, c2: int, weight: float, d: Floats, bins: Floats, tally: Floats
) -> None:
    """Add the ends ``c1`` and ``c2`` (-1: no second hand) with chance ``weight`` times the
    dealer's results ``d`` (jointly with no Blackjack) to ``bins`` (round nets) and
    ``tally``: the total wagered, Second Chance Wagers offered and taken (per hand), and
    the Second Chance Wagers' net, in initial units."""
    clear = d[0] + d[1] + d[2] + d[3] + d[4] + d[5] + d[6]
    for k in range(3):
        tally[k] += weight * clear * (table[c1, 14 + k] + (table[c2, 14 + k] if c2 >= 0 else 0))
    for r in range(7):
        net = table[c1, r] + (table[c2, r] if c2 >= 0 else 0.0)
        bins[int(round(2 * net)) + 16] += weight * d[r]  # noqa: RUF046
        sc = table[c1, 7 + r] + (table[c2, 7 + r] if c2 >= 0 else 0.0)
        tally[3] += weight * d[r] * sc


_settle: Final = _cached(_settle_py)


def _unsplit_py(
    kind: int, chart: npt.NDArray[np.int64], shoe: Counts, n: int, up: int, key: int,
    hard: int, ace: bool, action: int, dm: Any, hits: Any, sc: Any, firsts: Any,
    table: Floats, bins: Floats, tally: Floats,
) -> int:  # fmt: skip
    """A two-card start (``key`` its cards and the up card) played on from ``action``
    (0 stand, 1 hit, 2 double), settled against the dealer's results from the shoe less
    every card out; adds to ``bins`` (round nets) and ``tally`` (:func:`_settle`)."""
    ends = _empty()
    _walk(kind, chart, shoe, n, key, hard, ace, 2, 1.0, False, False, 1.0, hits, sc, firsts,
          ends, action)  # fmt: skip
    rest = shoe.copy()
    for out, found in ends.items():
        drawn = out - key
        left = n
        for v in range(10):
            taken = (drawn >> (_SHIFT * v)) & 63
            rest[v] = shoe[v] - taken
            left -= taken
        d = _dealer(rest, left, out, dm)
        for code in range(CODES):
            p = found[code]
            if p == 0:
                continue
            _settle(table, code, -1, p, d, bins, tally)
    return 0


_unsplit: Final = _cached(_unsplit_py)


_LANES: Final = 8
"""Unions computed together, lane by lane (the inner loops vectorize)."""


def _unions_py(
    keys: npt.NDArray[np.int64], runs: npt.NDArray[np.int64], shoe: Counts, n: int,
    falling: Floats, total: Floats, dealer: Any,
) -> Floats:  # fmt: skip
    """For each union of both split hands' draws (``keys``, in runs ``runs[r]:runs[r +
    1]`` that share their cards other than aces and twos): ``F(union)`` times the
    dealer's results from the shoe it leaves (columns 0..6; ``dealer`` as
    :func:`dealer_table` gives it) and their sum (column 7), in parallel over the runs.

    A dealer set's chance is its number of orders times ``L * H / (left)_k``, ``L`` the
    product of the falling factorials of its aces and twos and ``H`` of its other cards;
    the sets are summed as ``sum_L L * sum_H orders * H`` within each result and number
    of cards. The inner sums depend only on a union's other cards, so they are found
    once per run; the outer ones :data:`_LANES` unions at a time."""
    lows, highs, groups, rows, cols, weights = dealer[6:12]
    count = keys.shape[0]
    out = np.zeros((count, 8))
    for run in numba.prange(runs.shape[0] - 1):
        first, last = runs[run], runs[run + 1]
        fall = np.ones(240)
        for v in range(_LOW, 10):
            rest = shoe[v] - ((keys[first] >> (_SHIFT * v)) & 63)
            for m in range(1, _MOST + 1):
                fall[v * 24 + m] = fall[v * 24 + m - 1] * (rest - m + 1)
        high = np.ones(highs.shape[0])
        for j in range(highs.shape[0]):
            for t in range(highs.shape[1]):
                high[j] *= fall[highs[j, t]]
        part = np.zeros(rows.shape[0] - 1)
        for row in range(rows.shape[0] - 1):
            inner = 0.0
            for e in range(rows[row, 2], rows[row + 1, 2]):
                inner += weights[e] * high[cols[e]]
            part[row] = inner
        small = np.ones((24 * _LOW, _LANES))
        low = np.empty((lows.shape[0], _LANES))
        acc = np.empty((groups.shape[0], _LANES))
        left = np.empty(_LANES, dtype=np.int64)
        f = np.empty(_LANES)
        for begin in range(first, last, _LANES):
            for lane in range(_LANES):
                u = keys[min(begin + lane, last - 1)]
                left[lane], f[lane] = n, 1.0
                for v in range(10):
                    c = (u >> (_SHIFT * v)) & 63
                    left[lane] -= c
                    f[lane] *= falling[v, c]
                    if v < _LOW:
                        for m in range(1, _MOST + 1):
                            small[v * 24 + m, lane] = small[v * 24 + m - 1, lane] * (
                                shoe[v] - c - m + 1
                            )
            low[:, :] = 1.0
            for i in range(lows.shape[0]):
                for t in range(lows.shape[1]):
                    for lane in range(_LANES):
                        low[i, lane] *= small[lows[i, t], lane]
            acc[:, :] = 0.0
            for row in range(rows.shape[0] - 1):
                g, i, p = rows[row, 0], rows[row, 1], part[row]
                for lane in range(_LANES):
                    acc[g, lane] += low[i, lane] * p
            for lane in range(_LANES):
                index = begin + lane
                if index >= last or f[lane] == 0.0:
                    continue
                scale = f[lane] / total[n - left[lane]]
                for g in range(groups.shape[0]):
                    below = 1.0
                    for m in range(groups[g, 1]):
                        below *= left[lane] - m
                    y = scale * acc[g, lane] / below
                    out[index, groups[g, 0]] += y
                    out[index, 7] += y
    return out


_unions: Final = cast(Any, numba.njit(parallel=True, cache=True)(_unions_py))


def _slot_py(table: npt.NDArray[np.int64], u: int, bits: int) -> np.int64:
    """The slot of the key ``u`` in the open-addressed ``table`` (``2 << bits`` entries:
    key, index), or the empty slot where it goes (linear probing, Fibonacci hashing)."""
    mask = (1 << bits) - 1
    s = np.int64((np.uint64(u) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))
    while table[2 * s] != 0 and table[2 * s] != u:
        s = (s + 1) & mask
    return s


_slot: Final = _cached(_slot_py)


_LOW_BITS: Final = 2 * _SHIFT
"""Split-hand ends are grouped by their cards other than aces and twos (a key's bits from
``_LOW_BITS`` up): a union is then a group pair's sum of those cards and a sum of aces and
twos, looked up directly in that sum's block."""


def _sum_highs_py(drawn: npt.NDArray[np.int64], groups: npt.NDArray[np.int64]) -> tuple[Any, Any]:
    """For split-hand ends sorted by key and grouped by their cards other than aces and
    twos (group ``g`` the ends ``groups[g]:groups[g + 1]``): each distinct sum of two
    groups' other cards (plus 1, never 0) and, for each group pair (``ga <= gb``, in that
    order), the number of its sum, found by hashing once per group pair."""
    count = groups.shape[0] - 1
    bits = 10
    table = np.zeros(2 << bits, dtype=np.int64)
    highs = np.empty(1 << (bits - 1), dtype=np.int64)
    found = 0
    sums = np.empty(count * (count + 1) // 2, dtype=np.int64)
    x = 0
    for ga in range(count):
        high = drawn[groups[ga]] >> _LOW_BITS
        for gb in range(ga, count):
            h = high + (drawn[groups[gb]] >> _LOW_BITS) + 1  # never 0, the empty slot
            s = _slot(table, h, bits)
            if table[2 * s] == 0:
                if 2 * (found + 1) > (1 << bits):
                    bits += 1
                    table = np.zeros(2 << bits, dtype=np.int64)
                    grown = np.empty(1 << (bits - 1), dtype=np.int64)
                    grown[:found] = highs[:found]
                    highs = grown
                    for i in range(found):
                        t = _slot(table, highs[i], bits)
                        table[2 * t], table[2 * t + 1] = highs[i], i
                    s = _slot(table, h, bits)
                table[2 * s], table[2 * s + 1] = h, found
                highs[found] = h
                found += 1
            sums[x] = table[2 * s + 1]
            x += 1
    return highs[:found], sums


def _mark_py(
    groups: npt.NDArray[np.int64], lows: npt.NDArray[np.int64], sums: npt.NDArray[np.int64],
    present: npt.NDArray[np.int32], block: int,
) -> None:  # fmt: skip
    """``present[sums[x] * block + lows[a] + lows[b]] = 1`` for every pair of ends
    ``a <= b`` (group pair ``x``), in parallel over the first group (several may write
    the same 1)."""
    count = groups.shape[0] - 1
    for ga in numba.prange(count):
        x = ga * count - ga * (ga - 1) // 2
        for gb in range(ga, count):
            base = sums[x] * block
            x += 1
            for a in range(groups[ga], groups[ga + 1]):
                for b in range(max(a, groups[gb]), groups[gb + 1]):
                    present[base + lows[a] + lows[b]] = 1


def _number_py(
    highs: npt.NDArray[np.int64], present: npt.NDArray[np.int32], width: int, block: int
) -> npt.NDArray[np.int64]:
    """The keys of the unions ``present`` marks (per distinct sum of other cards,
    ``highs``, a block of ``block`` entries by the sum of the aces-and-twos numbers),
    sorted; each marked entry of ``present`` becomes its union's number (the others are
    left 0 and never read)."""
    unions = 0
    for e in range(present.shape[0]):
        unions += present[e]
    keys = np.empty(unions, dtype=np.int64)
    u = 0
    for h in np.argsort(highs):  # the keys in order
        for twos in range(width):
            for e in range(h * block + twos, (h + 1) * block, width):
                if present[e]:
                    keys[u] = ((highs[h] - 1) << _LOW_BITS) + (e - h * block) // width
                    keys[u] += twos << _SHIFT
                    present[e] = u
                    u += 1
    return keys


_sum_highs: Final = _cached(_sum_highs_py)
_mark: Final = cast(Any, numba.njit(parallel=True, cache=True)(_mark_py))
_number: Final = _cached(_number_py)


def _index_unions(
    drawn: npt.NDArray[np.int64],
    groups: npt.NDArray[np.int64],
    lows: npt.NDArray[np.int64],
    width: int,
    block: int,
) -> tuple[Any, Any, Any]:
    """Number every union ``drawn[a] + drawn[b]`` (``a <= b``) of split-hand ends sorted by
    key and grouped by their cards other than aces and twos (group ``g`` the ends
    ``groups[g]:groups[g + 1]``; ``lows[a]`` its aces times ``width`` plus its twos).

    Returns the unions' keys (sorted), for each group pair (``ga <= gb``, in that order)
    the number of its sum of other cards (:func:`_sum_highs`), and, per such sum, a block
    of ``block`` entries by the sum of ``lows``: the union's number where there is one."""
    highs, sums = _sum_highs(drawn, groups)
    present = np.zeros(highs.shape[0] * block, dtype=np.int32)
    _mark(groups, lows, sums, present, block)
    keys = _number(highs, present, width, block)
    return keys, sums, present


def _unique_py(keys: npt.NDArray[np.int64], runs: npt.NDArray[np.int64]) -> tuple[Any, Any]:
    """The distinct ``keys``, sorted, and each key's number among them, ``keys`` being
    sorted runs ``runs[r]:runs[r + 1]`` of distinct keys (merged, smallest head first)."""
    count = runs.shape[0] - 1
    head = runs[:-1].copy()
    distinct = np.empty(keys.shape[0], dtype=np.int64)
    number = np.empty(keys.shape[0], dtype=np.int32)
    found = 0
    while True:
        least = -1
        for r in range(count):
            if head[r] < runs[r + 1] and (least < 0 or keys[head[r]] < keys[head[least]]):
                least = r
        if least < 0:
            return distinct[:found], number
        u = keys[head[least]]
        if found == 0 or distinct[found - 1] != u:
            distinct[found] = u
            found += 1
        number[head[least]] = found - 1
        head[least] += 1


_unique: Final = _cached(_unique_py)

CHUNKS: Final = 16
"""The pairs of split-hand ends are settled in this many interleaved chunks of groups (in
parallel), their sums added in a fixed order: the figures do not depend on the number of
threads."""


def _pairs_py(
    groups: npt.NDArray[np.int64], lows: npt.NDArray[np.int64], start: npt.NDArray[np.int64],
    codes: npt.NDArray[np.int64], orders: Floats, sums: npt.NDArray[np.int64],
    index: npt.NDArray[np.int32], number: npt.NDArray[np.int32], block: int,
    results: Floats, table: Floats,
) -> tuple[Floats, Floats]:  # fmt: skip
    """Settle every pair of split-hand ends ``a <= b`` (end ``j``'s codes and orders
    ``codes, orders[start[j]:start[j + 1]]``, grouped as :func:`_index_unions` says)
    against its union's row of ``results`` (row ``number[u]`` for the union numbered
    ``u`` in ``index``): the round-net bins and the tally (:func:`_settle`). For each
    ``a`` the second hand's orders times the union's row are summed by the second
    hand's code, then settled with each of ``a``'s codes."""
    count = groups.shape[0] - 1
    most = 1
    for g in range(count):
        most = max(most, groups[g + 1] - groups[g])
    bins = np.zeros((CHUNKS, BINS))
    tally = np.zeros((CHUNKS, 4))
    for t in numba.prange(CHUNKS):
        acc = np.zeros((most, CODES, 8))  # the row's 8 columns: vectorizes
        seen = np.zeros((most, CODES), dtype=np.bool_)
        listed = np.empty((most, CODES), dtype=np.int64)
        listed_count = np.zeros(most, dtype=np.int64)
        for ga in range(t, count, CHUNKS):
            first, last = groups[ga], groups[ga + 1]
            x = ga * count - ga * (ga - 1) // 2
            for gb in range(ga, count):
                base = sums[x] * block
                x += 1
                for a in range(first, last):
                    here = a - first
                    for b in range(max(a, groups[gb]), groups[gb + 1]):
                        row = results[number[index[base + lows[a] + lows[b]]]]
                        if row[7] == 0.0:
                            continue
                        twice = 1.0 if a == b else 2.0
                        for j in range(start[b], start[b + 1]):
                            cb = codes[j]
                            if not seen[here, cb]:
                                seen[here, cb] = True
                                listed[here, listed_count[here]] = cb
                                listed_count[here] += 1
                            w = twice * orders[j]
                            for r in range(8):
                                acc[here, cb, r] += w * row[r]
            for a in range(first, last):
                here = a - first
                for q in range(listed_count[here]):
                    cb = listed[here, q]
                    for i in range(start[a], start[a + 1]):
                        _settle(table, codes[i], cb, orders[i], acc[here, cb], bins[t], tally[t])
                    acc[here, cb, :] = 0.0
                    seen[here, cb] = False
                listed_count[here] = 0
    return bins.sum(axis=0), tally.sum(axis=0)


_pairs: Final = cast(Any, numba.njit(parallel=True, cache=True)(_pairs_py))


def _runs_py(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Where each run of equal ``values`` (sorted) starts, and then their number."""
    edges = np.flatnonzero(np.diff(values)) + 1
    starts = np.empty(edges.shape[0] + 2, dtype=np.int64)
    starts[0], starts[1:-1], starts[-1] = 0, edges, values.shape[0]
    return starts


_runs: Final = _cached(_runs_py)


def _split_ends_py(
    kind: int, chart: npt.NDArray[np.int64], shoe: Counts, n: int, key: int, pair: int,
    hits: Any, sc: Any, firsts: Any,
) -> tuple[Any, ...]:  # fmt: skip
    """One split hand of ``pair`` (``shoe``, ``n`` cards, less the up card and both pair
    cards; ``key`` those three) followed to its ends: ``drawn`` the ends' draws ``D``
    (keys, sorted), ``groups`` their runs by the cards other than aces and twos, ``lows``
    each end's aces times ``width`` plus its twos, ``start`` each end's first entry in
    ``codes`` (its end codes) and ``orders`` (the chance of each over ``F(D)``, its number
    of orders), ``width`` and ``block`` (the aces-and-twos sums a union can have)."""
    ends = _empty()
    _walk(kind, chart, shoe, n, key, pair, pair == 1, 1, 1.0, False, True, 1.0, hits, sc,
          firsts, ends, 1)  # fmt: skip
    falling = _falling(shoe)
    total = _total(n)
    m = len(ends)
    drawn = np.empty(m, dtype=np.int64)
    for j, out in enumerate(ends.keys()):
        drawn[j] = out - key
    drawn.sort()
    start = np.zeros(m + 1, dtype=np.int64)
    codes = np.empty(m * CODES, dtype=np.int64)
    orders = np.empty(m * CODES)
    e = 0
    for j in range(m):
        d = drawn[j]
        found = ends[d + key]
        f = 1.0
        size = 0
        for v in range(10):
            c = (d >> (_SHIFT * v)) & 63
            f *= falling[v, c]
            size += c
        f /= total[size]
        for code in range(CODES):
            if found[code] > 0:
                codes[e] = code
                orders[e] = found[code] / f
                e += 1
        start[j + 1] = e
    aces = drawn & 63
    twos = (drawn >> _SHIFT) & 63
    width = 2 * twos.max() + 1
    block = (2 * aces.max() + 1) * width
    lows = aces * width + twos
    groups = _runs(drawn >> _LOW_BITS)
    return drawn, groups, lows, start, codes[:e], orders[:e], width, block


_split_ends: Final = _cached(_split_ends_py)


def _falling_py(shoe: Counts) -> Floats:
    """``[v, m]``: the falling factorial ``(shoe[v])_m``, for every count a key's 6-bit
    field holds (a union of two split-ace hands can hold more aces than a small shoe)."""
    falling = np.ones((10, 64))
    for v in range(10):
        for m in range(1, 64):
            falling[v, m] = falling[v, m - 1] * max(shoe[v] - m + 1, 0)
    return falling


def _total_py(n: int) -> Floats:
    """``[m]``: the falling factorial ``(n)_m``."""
    total = np.ones(64)
    for m in range(1, 64):
        total[m] = total[m - 1] * (n - m + 1)
    return total


_falling: Final = _cached(_falling_py)
_total: Final = _cached(_total_py)


def split_values(
    kind: int, chart: npt.NDArray[np.int64], full: Counts, up: int, pairs: list[int],
    dm: Any, table: Floats,
) -> tuple[Floats, Floats]:  # fmt: skip
    """Splitting each of ``pairs`` against the up card ``up`` (``chart`` the up card's
    cells, ``dm`` :func:`dealer_table`, ``table`` :func:`_code_table`), both hands from
    one shoe, each played by its own cards under ``kind`` (:data:`OPTIMAL`: the best play
    of :func:`_split_firsts`), the second from the shoe the first leaves and the dealer
    from what both leave: per pair (rows by value, others zero) the round-net bins
    jointly with no dealer Blackjack, given the up card and the pair, and the tally
    (:data:`TALLIES`).

    One hand's ends are gathered by the cards it draws ``D`` with their number of orders
    ``o(D, end)`` (the chance over ``F(D) = prod_v (shoe_v)_(D_v) / (n)_|D|``, a product
    of falling factorials, :func:`_split_ends`). Both hands drawing ``D1`` then ``D2``
    has chance ``o1 * o2 * F(D1 + D2)``, so the pairs of ends are settled by the union of
    their cards (:func:`_index_unions`, :func:`_pairs`). The dealer's results are found
    once for each set of cards out, the pair cards included, over every pair at once
    (:func:`_unions`, from the shoe less the up card: the same cards out are reached by
    splitting different pairs), and scaled back to each pair's shoe by the chance of its
    two pair cards."""
    shoe = full.astype(np.int64).copy()
    shoe[up - 1] -= 1
    n = int(shoe.sum())
    bins = np.zeros((11, BINS))
    tally = np.zeros((11, 4))
    found = []
    for pair in pairs:
        rest = shoe.copy()
        rest[pair - 1] -= 2
        key = (1 << (_SHIFT * (up - 1))) + 2 * (1 << (_SHIFT * (pair - 1)))
        hits = Dict.empty(key_type=types.int64, value_type=types.float64)
        sc = Dict.empty(key_type=types.int64, value_type=types.float64)
        firsts = Dict.empty(key_type=types.int64, value_type=types.float64)
        if kind == OPTIMAL:
            _split_firsts(rest, n - 2, up, key, pair, dm, hits, sc, firsts)
        ends = _split_ends(kind, chart, rest, n - 2, key, pair, hits, sc, firsts)
        drawn, groups, lows, _, _, _, width, block = ends
        keys, sums, index = _index_unions(drawn, groups, lows, width, block)
        found.append((pair, ends, sums, index, keys + 2 * (1 << (_SHIFT * (pair - 1)))))
    if not found:
        return bins, tally
    runs = np.cumsum([0] + [f[4].shape[0] for f in found])
    unique, inverse = _unique(np.concatenate([f[4] for f in found]), runs)
    results = _unions(unique, _runs(unique >> _LOW_BITS), shoe, n, _falling(shoe),
                      _total(n), dm)  # fmt: skip
    offset = 0
    for pair, (_, groups, lows, start, codes, orders, _, block), sums, index, keys in found:
        number = inverse[offset : offset + keys.shape[0]]
        offset += keys.shape[0]
        part, counted = _pairs(groups, lows, start, codes, orders, sums, index, number, block,
                               results, table)  # fmt: skip
        scale = n * (n - 1) / (shoe[pair - 1] * (shoe[pair - 1] - 1))
        bins[pair] = part * scale
        tally[pair] = counted * scale
    return bins, tally


# --- a dealer up card, every start ------------------------------------------------------
def _split_firsts_py(
    shoe: Counts, n: int, up: int, key: int, pair: int, dm: Any, hits: Any, sc: Any,
    firsts: Any,
) -> int:  # fmt: skip
    """The best play's split hands of ``pair`` (``shoe``, ``n`` cards, less the up card
    and both pair cards; ``key`` those three): ``firsts[k]`` the action (0 stand, 1 hit,
    2 double) of each two-card hand (``k`` its key with the other pair card), ``hits``
    and ``sc`` every later decision (:func:`_hit`, :func:`_bust`)."""
    for i in range(10):
        if shoe[i] == 0:
            continue
        shoe[i] -= 1
        hard, ace = pair + i + 1, pair == 1 or i == 0
        k = key + (1 << (_SHIFT * i))
        if (hard + 10 if ace and hard + 10 <= 21 else hard) != 21:
            two = _two(shoe, n - 1, up, k, hard, ace, dm, hits, sc)
            firsts[k] = float(np.argmax(two))
        shoe[i] += 1
    return 0


_split_firsts: Final = _cached(_split_firsts_py)


def _first_chart_py(chart: npt.NDArray[np.int64], c1: int, c2: int) -> int:
    """The printed chart's first action on ``c1 <= c2``: 0 stand, 1 hit, 2 double,
    3 split, 4 surrender."""
    hard = c1 + c2
    if c1 == c2:
        cell = chart[2, c1]
    elif c1 == 1:
        cell = chart[1, hard + 10]
    else:
        cell = chart[0, hard]
    if cell == S_:
        return 0
    if cell == H_:
        return 1
    if cell == D_ or cell == DS_:  # noqa: SIM109 (numba)
        return 2
    if cell == P_:
        return 3
    return 4


_first_chart: Final = _cached(_first_chart_py)


def _value_of(bins: Floats) -> float:
    value = 0.0
    for k in range(BINS):
        value += bins[k] * (k - 16) / 2.0
    return value


_value: Final = _cached(_value_of)


def _up_card_py(
    kind: int, chart: npt.NDArray[np.int64], full: Counts, up: int, bins: Floats,
    tally: Floats, actions: npt.NDArray[np.int64], dm: Any, table: Floats,
    split_bins: Floats, split_tally: Floats,
) -> int:  # fmt: skip
    """Add every start against the up card ``up`` (its chance included) to ``bins`` (round
    nets) and ``tally`` (:func:`_settle`); ``actions[c1, c2]`` gets the first action
    played (0 stand, 1 hit, 2 double, 3 split, 4 surrender); ``dm`` is
    :func:`dealer_table`'s tuple; ``split_bins[pair]`` and ``split_tally[pair]`` are
    :func:`split_values` for each pair that may be split (under :data:`CHART` those the
    chart splits, under :data:`OPTIMAL` every pair)."""
    total_cards = full.sum()
    shoe = full.copy()
    shoe[up - 1] -= 1
    base = 1 << (_SHIFT * (up - 1))
    for c1 in range(1, 11):
        for c2 in range(c1, 11):
            if shoe[c1 - 1] < 1 or shoe[c2 - 1] < 1 + (c1 == c2):
                continue
            weight = full[up - 1] / total_cards
            weight *= shoe[c1 - 1] / (total_cards - 1)
            weight *= (shoe[c2 - 1] - (c1 == c2)) / (total_cards - 2)
            if c1 != c2:
                weight *= 2.0
            if (c1 == 1 and c2 == 10) or (c1 == 10 and c2 == 1):
                bins[2 * 2 + 16] += weight
                tally[0] += weight
                continue
            shoe[c1 - 1] -= 1
            shoe[c2 - 1] -= 1
            n = total_cards - 3
            key = base + (1 << (_SHIFT * (c1 - 1))) + (1 << (_SHIFT * (c2 - 1)))
            clear = _clear(shoe, n, up)
            bins[-1 * 2 + 16] += weight * (1.0 - clear)
            tally[0] += weight * (1.0 - clear)
            hits = Dict.empty(key_type=types.int64, value_type=types.float64)
            sc = Dict.empty(key_type=types.int64, value_type=types.float64)
            firsts = Dict.empty(key_type=types.int64, value_type=types.float64)
            hard, ace = c1 + c2, c1 == 1
            local = np.zeros(BINS)
            put = np.zeros(4)
            if kind == CHART:
                action = _first_chart(chart, c1, c2)
            else:
                start = _two(shoe, n, up, key, hard, ace, dm, hits, sc)
                action = int(np.argmax(start))
                best = start[action]
                if -0.5 * clear > best:
                    action, best = 4, -0.5 * clear
                if c1 == c2 and _value(split_bins[c1]) > best:
                    action = 3
            if action == 4:
                local[-1 + 16] += clear
                put[0] += clear
            elif action == 3:
                local, put = split_bins[c1], split_tally[c1]
            else:
                _unsplit(kind, chart, shoe, n, up, key, hard, ace, action, dm, hits, sc,
                         firsts, table, local, put)  # fmt: skip
            actions[c1, c2] = action
            for k in range(BINS):
                bins[k] += weight * local[k]
            for k in range(4):
                tally[k] += weight * put[k]
            shoe[c1 - 1] += 1
            shoe[c2 - 1] += 1
    return 0


_up_card: Final = _cached(_up_card_py)

PAIR_SHIFT: Final = 57
"""A best-play decision's key (:func:`best_decisions`): the cards' key, as the enumeration
keys a hand (:data:`_SHIFT` bits a value, the up card's included, a split hand's with
both pair cards), and from this bit up the split pair (0: not a split hand). A decision's
cards key is below ``2**57``: its ten-value field counts at most five (three in a hand
of 30 or less, the up card and the other pair card)."""


def _record_py(out: Any, cards: int, pair: int, action: int) -> int:
    """``out[cards | pair << PAIR_SHIFT] = action``; 1 where that key held another action
    or ``cards`` does not fit below the pair's bits."""
    if cards >> PAIR_SHIFT != 0:
        return 1
    key = cards | (pair << PAIR_SHIFT)
    if key in out:
        return 1 if out[key] != action else 0
    out[key] = action
    return 0


_record: Final = _cached(_record_py)


def _decisions_py(full: Counts, up: int, dm: Any, out: Any) -> int:
    """:func:`best_decisions` for the up card ``up``: every start's later decisions,
    found as the enumeration finds them (:func:`_two` with a fresh memo per start, as
    :func:`_up_card`; :func:`_split_firsts` with one per pair, as :func:`split_values`);
    returns how many keys had two different actions or did not fit (0 expected)."""
    total_cards = full.sum()
    shoe = full.copy()
    shoe[up - 1] -= 1
    base = 1 << (_SHIFT * (up - 1))
    differ = 0
    for c1 in range(1, 11):
        for c2 in range(c1, 11):
            if shoe[c1 - 1] < 1 or shoe[c2 - 1] < 1 + (c1 == c2) or (c1 == 1 and c2 == 10):
                continue
            shoe[c1 - 1] -= 1
            shoe[c2 - 1] -= 1
            n = total_cards - 3
            key = base + (1 << (_SHIFT * (c1 - 1))) + (1 << (_SHIFT * (c2 - 1)))
            hits = Dict.empty(key_type=types.int64, value_type=types.float64)
            sc = Dict.empty(key_type=types.int64, value_type=types.float64)
            _two(shoe, n, up, key, c1 + c2, c1 == 1, dm, hits, sc)
            tag = 0
            if c1 == c2:
                firsts = Dict.empty(key_type=types.int64, value_type=types.float64)
                for k, d in hits.items():
                    differ += _record(out, k, 0, 1 if d > 0 else 0)
                for k, d in sc.items():
                    differ += _record(out, k, 0, 1 if d > 0 else 0)
                hits = Dict.empty(key_type=types.int64, value_type=types.float64)
                sc = Dict.empty(key_type=types.int64, value_type=types.float64)
                _split_firsts(shoe, n, up, key, c1, dm, hits, sc, firsts)
                tag = c1
                for k, a in firsts.items():
                    differ += _record(out, k, tag, int(a))
            for k, d in hits.items():
                differ += _record(out, k, tag, 1 if d > 0 else 0)
            for k, d in sc.items():
                differ += _record(out, k, tag, 1 if d > 0 else 0)
            shoe[c1 - 1] += 1
            shoe[c2 - 1] += 1
    return differ


_decisions: Final = _cached(_decisions_py)


# --- Python side ------------------------------------------------------------------------
def chart_tables(rows: Any) -> npt.NDArray[np.int64]:
    """The printed chart (:class:`~croupier.analysis.exact.double_back_jack.ChartRow`
    rows) as cell codes ``[up - 1, row, index]``: row 0 hard totals, 1 soft totals, 2 pairs
    by card value, 3 the Second Chance rows by busted hard total (1 take)."""
    from croupier.analysis.exact.double_back_jack import CHART_UP_NAMES

    out = np.full((10, 4, 32), H_, dtype=np.int64)
    out[:, 3, :] = 0
    for row in rows:
        for name, cell in (
            row.cells.items()
            if isinstance(row.cells, dict)
            else zip(CHART_UP_NAMES, row.cells, strict=True)
        ):
            up = 1 if name == "A" else int(name)
            if row.kind == "hard":
                out[up - 1, 0, int(row.label)] = CELL_CODES[cell]
            elif row.kind == "soft":
                out[up - 1, 1, 11 + int(row.label.split(",")[1])] = CELL_CODES[cell]
            elif row.kind == "pair":
                card = row.label.split(",")[0]
                out[up - 1, 2, 1 if card == "A" else int(card)] = CELL_CODES[cell]
            else:
                out[up - 1, 3, int(row.label)] = 1 if cell == "T" else 0
    return out


TALLIES: Final = ("average_wager", "second_chance_offered", "second_chance_taken",
                   "second_chance_net")  # fmt: skip
"""What a round's ``tally`` holds, per initial Blackjack Wager: the expected total
wagered, the expected number of hands offered and taking the Second Chance Wager
(673a.7(l)) and the Second Chance Wagers' expected net."""


@dataclass(frozen=True)
class RoundFigures:
    """The whole round per initial Blackjack Wager from a full shoe of ``decks`` decks
    under ``strategy`` (``"chart"`` or ``"optimal"``): ``nets[k]`` the chance of a round
    net of ``(k - 16) / 2`` units and ``tally`` (:data:`TALLIES`), floats; ``actions[up -
    1, c1, c2]`` the first action of each start ``c1 <= c2`` (:func:`play_up_card`)."""

    decks: int
    strategy: str
    nets: Floats
    tally: Floats
    actions: npt.NDArray[np.int64]

    @property
    def expected_return(self) -> float:
        return float(np.dot(self.nets, (np.arange(BINS) - 16) / 2))

    @property
    def average_wager(self) -> float:
        return float(self.tally[0])


def play_up_card(
    kind: int, chart: npt.NDArray[np.int64], full: Counts, up: int
) -> tuple[Floats, Floats, npt.NDArray[np.int64]]:
    """One up card's share of the round: the round-net bins (half units, -8 to +4.5,
    each with the chance of this up card and its outcome), the tally (:data:`TALLIES`,
    with the same weight) and the first action per start (``[c1, c2]``, ``c1 <= c2``; -1
    where none; 0 stand, 1 hit, 2 double, 3 split, 4 surrender). Raises ``ValueError``
    as :func:`play_split` does."""
    full = _checked(kind, chart, full, {"up": up})
    up = int(up)
    bins = np.zeros(BINS)
    tally = np.zeros(4)
    actions = np.full((11, 11), -1, dtype=np.int64)
    cells = chart[up - 1]
    dm = dealer_table(up)
    table = _code_table()
    held = full - (np.arange(1, 11) == up)
    pairs = [
        pair
        for pair in range(1, 11)
        if held[pair - 1] >= 2 and (kind == OPTIMAL or _first_chart(cells, pair, pair) == 3)
    ]
    split_bins, split_tally = split_values(kind, cells, full, up, pairs, dm, table)
    _up_card(kind, cells, full, up, bins, tally, actions, dm, table, split_bins,
             split_tally)  # fmt: skip
    return bins, tally, actions


def _whole(value: Any) -> bool:
    """Whether ``value`` is an integer (Python or numpy), not a bool."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _checked(kind: Any, chart: Any, full: Any, cards: dict[str, Any]) -> Counts:
    """``full`` as 10 counts (int64) once ``kind``, ``chart`` (:func:`chart_tables`' cells)
    and the named cards (values 1 to 10, ace 1) are checked, the shoe being 1 to 8 whole
    decks (673a.3(a)): the shoes this enumeration models. Raises ``ValueError`` naming
    what is wrong."""
    if not _whole(kind) or kind not in (CHART, OPTIMAL):
        raise ValueError(f"strategy must be CHART ({CHART}) or OPTIMAL ({OPTIMAL}), not {kind!r}")
    if not isinstance(chart, np.ndarray) or chart.shape != (10, 4, 32):
        raise ValueError(f"chart must be chart_tables' (10, 4, 32) array, not {np.shape(chart)}")
    if chart.dtype != np.int64 or chart.min() < 0 or chart.max() >= len(CELL_CODES):
        raise ValueError("chart must hold chart_tables' cell codes (int64, 0 to 7)")
    shoe = np.asarray(full)
    decks = shoe[0] // 4 if shoe.shape == (10,) and shoe.dtype.kind in "iu" else 0
    if not 1 <= decks <= 8 or shoe.tolist() != [4 * decks] * 9 + [16 * decks]:
        raise ValueError(
            f"the shoe must be 1 to 8 whole decks as 10 counts, aces first (673a.3(a)), "
            f"not {full!r}"
        )
    for name, card in cards.items():
        if not _whole(card) or not 1 <= card <= 10:
            raise ValueError(f"{name} must be a card value 1 to 10 (ace 1), not {card!r}")
    return shoe.astype(np.int64)


def play_split(
    kind: int, chart: npt.NDArray[np.int64], full: Counts, up: int, pair: int
) -> tuple[Floats, Floats]:
    """Splitting ``pair`` against the up card ``up`` from the shoe ``full`` (10 counts,
    aces first), both hands played by ``kind`` (:data:`CHART`: the printed chart as
    ``chart``, :func:`chart_tables`, gives it; :data:`OPTIMAL`: the best play, as
    :func:`play_up_card` values its split): the round-net bins jointly with no dealer
    Blackjack (half units, -8 to +4.5, given the up card and the pair) and the tally
    (:data:`TALLIES`), in initial units. Raises ``ValueError`` for another ``kind``, a
    chart that is not :func:`chart_tables`' cells, a card value outside 1 to 10 or a
    shoe that is not 1 to 8 whole decks."""
    full = _checked(kind, chart, full, {"up": up, "pair": pair})
    up, pair = int(up), int(pair)
    bins, tally = split_values(kind, chart[up - 1], full, up, [pair], dealer_table(up),
                               _code_table())  # fmt: skip
    return bins[pair], tally[pair]


def best_decisions(decks: int) -> Any:
    """Every decision of the best play (:data:`OPTIMAL`) after a start's first action, as
    :func:`play` makes them, for a simulator to play: a numba typed list, by up card
    (``up - 1``), of typed dicts (``int64`` to ``int64``) from ``key | pair <<
    PAIR_SHIFT`` to an action. ``key`` is the cards the decision sees (:data:`CARD_BITS`
    a card value, aces lowest: the up card, the hand's cards and, for a split hand, the
    other pair card); ``pair`` that pair's value, 0 for a hand not split. The action: 0
    stand, 1 hit for a hand of three or more cards; 0 stand, 1 hit, 2 double for a split
    hand of two cards; 0 decline, 1 take the Second Chance Wager for a bust (hard total
    over 21). The first action of each start is :attr:`RoundFigures.actions`. Raises
    ``ValueError`` for a deck count outside 1 to 8 (673a.3(a)), or if two starts found
    different decisions for the same cards (the table would then need one per start)."""
    from croupier.analysis.exact.double_back_jack import full_shoe

    if not 1 <= decks <= 8:
        raise ValueError(f"decks must be 1 to 8 (673a.3(a)), not {decks}")
    full = np.array(full_shoe(decks), dtype=np.int64)
    tables = List()
    for up in range(1, 11):
        out = Dict.empty(key_type=types.int64, value_type=types.int64)
        if _decisions(full, up, dealer_table(up), out):
            raise ValueError(
                f"{decks} decks, up card {up}: two starts found different decisions for the "
                "same cards, or a key does not fit below PAIR_SHIFT"
            )
        tables.append(out)
    return tables


def play(decks: int, kind: int, *, progress: Callable[[int], None] | None = None) -> RoundFigures:
    """The whole round per initial Blackjack Wager from a full shoe of ``decks`` decks
    under strategy ``kind`` (:data:`CHART` or :data:`OPTIMAL`). ``progress(up)`` is called
    after each up card. Raises ``ValueError`` for a deck count outside 1 to 8
    (673a.3(a)) or another strategy code."""
    from croupier.analysis.exact.double_back_jack import basic_strategy, full_shoe

    chart = chart_tables(basic_strategy(decks).chart())
    _checked(kind, chart, full_shoe(decks), {})
    full = np.array(full_shoe(decks), dtype=np.int64)
    bins = np.zeros(BINS)
    tally = np.zeros(4)
    actions = np.empty((10, 11, 11), dtype=np.int64)
    for up in range(1, 11):
        part, counted, actions[up - 1] = play_up_card(kind, chart, full, up)
        bins += part
        tally += counted
        if progress is not None:
            progress(up)
    return RoundFigures(decks, "chart" if kind == CHART else "optimal", bins, tally, actions)


__all__ = [
    "BINS",
    "CARD_BITS",
    "CHART",
    "OPTIMAL",
    "PAIR_SHIFT",
    "TALLIES",
    "RoundFigures",
    "best_decisions",
    "chart_tables",
    "dealer_compositions",
    "play",
    "play_split",
    "play_up_card",
]
