"""Go Fore It (ch. 676a) by simulation: a numba kernel that deals one deck per round.

:func:`sample` plays ``rounds`` rounds of one player against the dealer with every
wager of :func:`croupier.analysis.exact.go_fore_it.par_sheet` and gives, per wager, the
net result of every round per unit:

- ``front_9``: the Front 9 and Back 9 game per Front 9 unit (676a.11(b)-(d),
  676a.12(a)-(b)): the player sees his two front cards and makes the Back 9 Wager or
  folds by the exact optimal strategy
  (:func:`croupier.analysis.exact.go_fore_it.decide`); a fold loses the Front 9 (-1); a
  hand played on nets +1 plus the Back 9 odds of its score at par (24) or less, and -2
  over par;
- ``skins``: +1 if the player's four cards total less than the dealer's, else -1 (ties
  lose, 676a.11(d)(4), 676a.12(c));
- ``gopher:a`` and ``gopher:b``: the odds of paytable A or B by the number of aces among
  the player's four cards, -1 without an ace (676a.11(d)(5), 676a.12(d)); both settled
  on the same hand.

Every wager is in play every round: every array has ``rounds`` entries.

**The deal.** One 52-card deck, all of it, every round: the eight cards dealt are drawn
by a partial Fisher-Yates shuffle (position ``i`` swapped with a uniform position
``i..51``, for ``i = 0..7``), which makes every sequence of eight cards equally likely
whatever order the deck was left in, so every deal is equally likely and independent of
the others, as with the engine's shuffle and cut. The bounded integers are made from the
32-bit halves of ``numpy.random.default_rng(seed)``'s raw PCG64 outputs by Lemire's
multiply-and-shift with rejection (exactly uniform; a rejection, about one draw in
10^8, takes the next word). :func:`sample` reads them from an array of raw outputs;
:func:`sample_counts` (what a run's workers call) takes the same outputs one at a time in
its kernel and deals again from the array in the rare chunk where a word is rejected.
The cards go out in the Rules Submission's dealing order
(:func:`croupier.equipment.cards.deal_order`: one at a time, player then dealer, or
four-card stacks from an automated shoe); the player's cards 0 and 1 are his front
cards (676a.8(b)). Other players' hands are face down and unseen and change no
expectation, as the par sheet notes.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.exact.go_fore_it import FRONT_9, SKINS, decide
from croupier.analysis.simulation.base import WagerInfo
from croupier.analysis.simulation.pcg64 import generator_state, mix, step
from croupier.equipment.cards import DealingProcedure, deal_order
from croupier.rules.go_fore_it import (
    BACK_9_ODDS,
    CARDS_PER_HAND,
    DECK_SIZE,
    FRONT_9_ODDS,
    GOPHER_PAYTABLES,
    SKINS_ODDS,
    GoForeItRules,
    GopherPaytable,
    Score,
    score,
)

CHUNK_ROUNDS: Final = 1 << 18
"""Rounds per chunk: 17 MB of shuffle draws and 0.5 MB of outcome keys."""

DEALT: Final = 2 * CARDS_PER_HAND
"""Cards dealt per round: four to the player, four to the dealer."""

DRAWS_PER_ROUND: Final = (
    f"{DEALT} 32-bit words ({DEALT // 2} raw PCG64 outputs), made {DEALT} bounded integers "
    f"for a partial Fisher-Yates shuffle dealing {DEALT} of {DECK_SIZE} cards"
)

GOPHER_WAGERS: Final = tuple(f"gopher:{paytable.value}" for paytable in GopherPaytable)
WAGERS: Final = (FRONT_9, SKINS, *GOPHER_WAGERS)
"""The wagers :func:`sample` gives, named and ordered as in the par sheet."""

_TOTALS: Final = 41
_KEYS: Final = 2 * _TOTALS * (CARDS_PER_HAND + 1) * 2
"""An outcome's key: ``((played * 41 + total) * 5 + aces) * 2 + lower``."""

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Keys = npt.NDArray[np.int16]
Words = npt.NDArray[np.uint32]
State = npt.NDArray[np.uint64]


def outcome_key(played: bool, total: int, aces: int, lower: bool) -> int:
    """The key of a round: whether the player made the Back 9 Wager, his four-card total
    (4..40), his aces (0..4) and whether his total is less than the dealer's."""
    return ((int(played) * _TOTALS + total) * (CARDS_PER_HAND + 1) + aces) * 2 + int(lower)


def net(wager: str, played: bool, total: int, aces: int, lower: bool) -> Fraction:
    """The net per unit of ``wager`` in a round with that outcome (676a.11(d), 676a.12)."""
    if wager == FRONT_9:
        if not played:
            return Fraction(-1)
        name = score(total)
        return Fraction(-2) if name is Score.OVER_PAR else FRONT_9_ODDS + BACK_9_ODDS[name]
    if wager == SKINS:
        return SKINS_ODDS if lower else Fraction(-1)
    odds = GOPHER_PAYTABLES[GopherPaytable(wager.removeprefix("gopher:"))]
    return odds[aces] if aces else Fraction(-1)


@cache
def _tables() -> Floats:
    """``(4, keys)``: each wager's net per outcome key (NaN for impossible keys)."""
    table = np.full((len(WAGERS), _KEYS), np.nan)
    for played in (False, True):
        for total in range(CARDS_PER_HAND, 10 * CARDS_PER_HAND + 1):
            for aces in range(CARDS_PER_HAND + 1):
                for lower in (False, True):
                    key = outcome_key(played, total, aces, lower)
                    for w, wager in enumerate(WAGERS):
                        table[w, key] = float(net(wager, played, total, aces, lower))
    return table


@cache
def _net_codes() -> tuple[list[list[float]], Ints]:
    """Each wager's distinct nets (:data:`WAGERS` order) and ``codes[w, key]``, the index
    of wager ``w``'s net for each outcome key among them (``codes[w, _KEYS]`` and those of
    keys that cannot occur: one past the last)."""
    nets = []
    codes = np.empty((len(WAGERS), _KEYS + 1), dtype=np.int64)
    for w, row in enumerate(_tables()):
        possible = ~np.isnan(row)
        distinct, inverse = np.unique(row[possible], return_inverse=True)
        codes[w] = distinct.size
        codes[w, :_KEYS][possible] = inverse
        nets.append(distinct.tolist())
    return nets, codes


def _by_net_py(counts: Ints, codes: Ints, out: Ints) -> None:
    """Add the rounds counted by key in ``counts`` to ``out[w, code]`` by their keys'
    codes (:func:`_net_codes`, one row a wager)."""
    for key in range(counts.size):
        rounds = counts[key]
        if rounds:
            for w in range(codes.shape[0]):
                out[w, codes[w, key]] += rounds


_by_net: Final = cast(Callable[[Ints, Ints, Ints], None], numba.njit(cache=True)(_by_net_py))


@cache
def _plays() -> npt.NDArray[np.bool_]:
    """``plays[a, b]``: the optimal strategy makes the Back 9 Wager with front cards of
    point values ``a`` and ``b`` (1..10)."""
    plays = np.zeros((11, 11), dtype=np.bool_)
    for a in range(1, 11):
        for b in range(1, 11):
            plays[a, b] = decide((a, b)) == "back_9"
    return plays


def _positions(rules: GoForeItRules) -> Ints:
    """Where each card of the deal goes: ``positions[hand * 4 + n]`` is the index in the
    dealt cards of card ``n`` of the player (hand 0) or the dealer (hand 1)."""
    return _dealt_positions(rules.dealing_procedure)


def _dealt_positions(procedure: DealingProcedure) -> Ints:
    """:func:`_positions` for the dealing ``procedure``."""
    order = deal_order(procedure, ["player", "dealer"], CARDS_PER_HAND)
    positions = np.empty(DEALT, dtype=np.int64)
    for index, (hand, n) in enumerate(order):
        positions[(0 if hand == "player" else 1) * CARDS_PER_HAND + n] = index
    return positions


@cache
def _values() -> Ints:
    """The point value of card ``c`` (0..51, rank ``c // 4`` from the ace): ace 1, 2..9
    their face, ten and the picture cards 10 (676a.6). Read-only (built once a process;
    the kernels deal from a copy)."""
    values = np.array([min(c // 4 + 1, 10) for c in range(DECK_SIZE)], dtype=np.int64)
    values.flags.writeable = False
    return values


def _deal_py(
    words: Words, used: int, deck: Ints, positions: Ints, plays: npt.NDArray[np.bool_]
) -> tuple[int, int]:
    """Deal and settle one round from ``words[used:]`` (at least :data:`DEALT` of them)
    with ``deck``; return its key and the next word, -1 if a rejection ran out of words.

    The deck holds the point values of the 52 cards (``values``; cards of one value are
    interchangeable for every wager). Card ``k`` (0..7) of a round swaps deck position
    ``k`` with ``k + d``, ``d`` uniform in ``0 .. 51 - k``: a partial Fisher-Yates
    shuffle, which deals a uniformly random sequence of eight cards whatever order the
    deck is in, so the deck is left as it is for the next round and the rounds stay
    independent; the round's cards are then ``deck[0:8]`` in the order dealt. ``d`` comes
    from the next 32-bit word ``w`` by Lemire's multiply-and-shift: ``d = (w * b) >> 32``
    with ``b = 52 - k``, rejecting ``w`` while the low half of ``w * b`` is below
    ``2**32 mod b`` (exactly uniform). The round's key is :func:`outcome_key` of the
    player's decision (from his cards 0 and 1), total, aces and whether his total is
    below the dealer's."""
    low_mask = np.uint64(0xFFFFFFFF)
    for k in range(DEALT):
        bound = np.uint64(DECK_SIZE - k)
        product = np.uint64(words[used]) * bound
        used += 1
        if (product & low_mask) < bound:
            threshold = (np.uint64(1 << 32) - bound) % bound
            while (product & low_mask) < threshold:
                if used >= words.size:
                    return 0, -1
                product = np.uint64(words[used]) * bound
                used += 1
        j = k + np.int64(product >> np.uint64(32))
        value = deck[j]
        deck[j] = deck[k]
        deck[k] = value
    total = 0
    aces = 0
    for n in range(CARDS_PER_HAND):
        value = deck[positions[n]]
        total += value
        aces += value == 1
    dealer = 0
    for n in range(CARDS_PER_HAND, DEALT):
        dealer += deck[positions[n]]
    played = 1 if plays[deck[positions[0]], deck[positions[1]]] else 0
    lower = 1 if total < dealer else 0
    return ((played * 41 + total) * 5 + aces) * 2 + lower, used


_deal: Final = numba.njit(cache=True, nogil=True, inline="always")(_deal_py)


def _play_py(
    words: Words,
    positions: Ints,
    values: Ints,
    plays: npt.NDArray[np.bool_],
    keys: Keys,
) -> int:
    """Deal, settle and key every round of ``keys`` (:func:`_deal_py`, one deck ``values``
    for all); return the words used, or -1 if ``words`` ran out."""
    deck = values.copy()
    used = 0
    for i in range(keys.size):
        if used + DEALT > words.size:  # a word a card; a rejection's extra ones checked
            return -1
        keys[i], used = _deal(words, used, deck, positions, plays)
        if used < 0:
            return -1
    return used


_play: Final = cast(
    Callable[[Words, Ints, Ints, npt.NDArray[np.bool_], Keys], int],
    numba.njit(cache=True, nogil=True)(_play_py),
)


def _count_py(
    words: Words,
    positions: Ints,
    values: Ints,
    plays: npt.NDArray[np.bool_],
    rounds: int,
    counts: Ints,
) -> int:
    """:func:`_play_py` for ``rounds`` rounds, each round's key counted in ``counts``
    (:data:`_KEYS` entries) instead of kept."""
    deck = values.copy()
    used = 0
    for _ in range(rounds):
        if used + DEALT > words.size:
            return -1
        key, used = _deal(words, used, deck, positions, plays)
        if used < 0:
            return -1
        counts[key] += 1
    return used


_count: Final = cast(
    Callable[[Words, Ints, Ints, npt.NDArray[np.bool_], int, Ints], int],
    numba.njit(cache=True, nogil=True)(_count_py),
)

_LOW: Final = np.uint64(0xFFFFFFFF)
_HIGH: Final = np.uint64(32)
_TOP: Final = np.uint64(63)


def _card_from_py(word: np.uint64, deck: Ints, k: int) -> tuple[int, np.uint64]:
    """Card ``k`` of a round (:func:`_deal_py`) from the 32-bit ``word`` (the low half of
    its argument): the deck's value swapped in, and a word whose top bit says whether
    Lemire's method rejects the word (the low half of the product below ``2**32 mod (52 -
    k)``: their difference wraps), which the caller must check (the round's words or-ed
    together, one test): a rejected word deals no card, and this one is then wrong. Only half of
    the swap is done: the card's value is left for the caller to write to ``deck[k]``,
    which no later card of the round reads (each reads its own position and one after
    it), so the round writes its eight cards at its end, after its loads."""
    bound = np.uint64(DECK_SIZE - k)
    product = (word & _LOW) * bound
    j = k + np.int64(product >> _HIGH)
    value = deck[j]
    deck[j] = deck[k]
    return value, (product & _LOW) - (np.uint64(1 << 32) - bound) % bound


_card_from: Final = numba.njit(cache=True, nogil=True, inline="always")(_card_from_py)

_ACE_MARK: Final = 64
"""Added to an ace's value in :func:`_count_drawn_py`'s deck: four cards' sum is their
total (at most 40) plus 64 an ace."""
_DRAWN_KEYS: Final = 2048
"""Keys of :func:`_count_drawn_py`'s counts: ``played << 10 | marked total << 1 | lower``."""


@cache
def _marked_values() -> Ints:
    """:func:`_values` with :data:`_ACE_MARK` added to each ace (read-only)."""
    values: Ints = _values() + _ACE_MARK * (_values() == 1)
    values.flags.writeable = False
    return values


@cache
def _marked_plays() -> Ints:
    """:func:`_plays` by marked front cards (:func:`_marked_values`): ``plays[a * 66 + b]``."""
    plays = np.zeros(66 * 66, dtype=np.int64)
    for a in range(1, 11):
        for b in range(1, 11):
            marked_a, marked_b = a + _ACE_MARK * (a == 1), b + _ACE_MARK * (b == 1)
            plays[marked_a * 66 + marked_b] = _plays()[a, b]
    return plays


@cache
def _drawn_keys() -> Ints:
    """For each of :func:`_count_drawn_py`'s keys, its :func:`outcome_key` (:data:`_KEYS`
    for a key no round can have)."""
    keys = np.full(_DRAWN_KEYS, _KEYS, dtype=np.int64)
    for played in (0, 1):
        for total in range(CARDS_PER_HAND, 10 * CARDS_PER_HAND + 1):
            for aces in range(CARDS_PER_HAND + 1):
                for lower in (0, 1):
                    drawn = played << 10 | (total + _ACE_MARK * aces) << 1 | lower
                    keys[drawn] = outcome_key(bool(played), total, aces, bool(lower))
    return keys


@cache
def _drawn_codes() -> Ints:
    """:func:`_net_codes` by :func:`_count_drawn_py`'s keys."""
    return _net_codes()[1][:, _drawn_keys()]


@cache
def _stacks(procedure: DealingProcedure) -> bool | None:
    """Whether the player's cards are the deal's first four (four-card stacks), not every
    other one (one at a time); None for any other order (:func:`_positions`)."""
    layout = tuple(_dealt_positions(procedure).tolist())
    return True if layout == _STACKS else False if layout == _ONE_AT_A_TIME else None


_STACKS: Final = tuple(range(DEALT))
_ONE_AT_A_TIME: Final = (0, 2, 4, 6, 1, 3, 5, 7)
""":func:`_positions` for four-card stacks and for one card at a time."""


def _count_drawn_py(
    pcg: State,
    stacks: bool,
    values: Ints,
    plays: Ints,
    rounds: int,
    counts: Ints,
) -> int:
    """:func:`_count_py` drawing its own words, one raw PCG64 output for two cards (low
    half, then high: the words :func:`_raw_words` gives, in the same order), four a
    round, held in registers: no array of words is written and read back, and the
    generator's next outputs are computed while the cards are swapped in. The generator
    (its state ``pcg``, :func:`~croupier.analysis.simulation.pcg64.generator_state`) is
    stepped in the kernel's own code, its state kept in locals for the whole call and
    written back at its end (no call of the generator's C function, which clobbered the
    round's registers four times a round).
    The deck is :func:`_marked_values` (an ace 65: the sum of four cards is their
    total plus 64 an ace), the player's cards the deal's first four (``stacks``) or
    every other one from the first (:func:`_positions`), their front cards
    ``plays[a * 66 + b]`` (:func:`_marked_plays`); each round is counted in ``counts``
    (:data:`_DRAWN_KEYS` entries) at ``played << 10 | (total + 64 * aces) << 1 | lower``
    (:func:`_drawn_keys` maps it to :func:`outcome_key`). Returns ``rounds``, or -1 at the
    first round with a rejected word (about one round in 18 million): the words after
    it shift by one, so the caller deals the whole call again from an array of words
    (:func:`_count_py`)."""
    deck = values.copy()
    high, low, inc_high, inc_low = pcg[0], pcg[1], pcg[2], pcg[3]
    for _ in range(rounds):
        high, low = step(high, low, inc_high, inc_low)
        x0 = mix(high, low)
        high, low = step(high, low, inc_high, inc_low)
        x1 = mix(high, low)
        high, low = step(high, low, inc_high, inc_low)
        x2 = mix(high, low)
        high, low = step(high, low, inc_high, inc_low)
        x3 = mix(high, low)
        v0, r0 = _card_from(x0, deck, 0)
        v1, r1 = _card_from(x0 >> _HIGH, deck, 1)
        v2, r2 = _card_from(x1, deck, 2)
        v3, r3 = _card_from(x1 >> _HIGH, deck, 3)
        v4, r4 = _card_from(x2, deck, 4)
        v5, r5 = _card_from(x2 >> _HIGH, deck, 5)
        v6, r6 = _card_from(x3, deck, 6)
        v7, r7 = _card_from(x3 >> _HIGH, deck, 7)
        if (r0 | r1 | r2 | r3 | r4 | r5 | r6 | r7) >> _TOP:
            pcg[0], pcg[1] = high, low
            return -1
        deck[0], deck[1], deck[2], deck[3] = v0, v1, v2, v3
        deck[4], deck[5], deck[6], deck[7] = v4, v5, v6, v7
        if stacks:
            a, b, player, dealer = v0, v1, v0 + v1 + v2 + v3, v4 + v5 + v6 + v7
        else:
            a, b, player, dealer = v0, v2, v0 + v2 + v4 + v6, v1 + v3 + v5 + v7
        lower = (player & 63) < (dealer & 63)
        # the masks change no index (each is within them) but tell numba none is negative:
        # without them each lookup also tested for an index from the end
        played = plays[(a * 66 + b) & 8191]
        counts[((played << 10) | (player << 1) | lower) & (_DRAWN_KEYS - 1)] += 1
    pcg[0], pcg[1] = high, low
    return rounds


_count_drawn: Final = cast(
    Callable[[State, bool, Ints, Ints, int, Ints], int],
    numba.njit(cache=True, nogil=True)(_count_drawn_py),
)

_SPARE_WORDS: Final = 256
"""32-bit words drawn beyond one a card, for the rare rejections (about one in 10^8)."""


def _raw_words(generator: np.random.Generator, rounds: int, spare: int) -> Words:
    """One 32-bit word a card dealt and ``spare`` more: the halves of the generator's raw
    64-bit PCG64 outputs."""
    raw = generator.bit_generator.random_raw((rounds * DEALT + spare + 1) // 2)
    words: Words = np.asarray(raw, dtype=np.uint64).view(np.uint32)
    return words


def _draws_py(pcg: State, rounds: int) -> int:
    high, low, inc_high, inc_low = pcg[0], pcg[1], pcg[2], pcg[3]
    kept = np.uint64(0)
    for _ in range(rounds):
        for _ in range(4):
            high, low = step(high, low, inc_high, inc_low)
            kept ^= mix(high, low)
    pcg[0], pcg[1] = high, low
    return int(kept & _LOW)


_draws: Final = cast(Callable[[State, int], int], numba.njit(cache=True, nogil=True)(_draws_py))


def draws(rules: GoForeItRules, rounds: int, seed: int) -> None:
    """Draw, and discard, the raw outputs of ``rounds`` rounds as :func:`sample_counts`
    draws them (the generator's ceiling for :func:`throughput`): four PCG64 outputs a
    round (one 32-bit word a card), the generator stepped in numba's code with its state
    in locals, as the kernel steps it (:func:`_count_drawn_py`)."""
    _draws(generator_state(np.random.default_rng(seed)), rounds)


def sample_outcomes(rules: GoForeItRules, rounds: int, seed: int) -> tuple[Keys, dict[str, Floats]]:
    """The outcome key of each of ``rounds`` rounds (:func:`outcome_key`) and, per wager in
    par-sheet order, its net per unit for each key (NaN for a key that cannot occur)."""
    generator = np.random.default_rng(seed)
    keys = np.empty(rounds, dtype=np.int16)
    words = _raw_words(generator, rounds, _SPARE_WORDS)
    positions, values, plays = _positions(rules), _values(), _plays()
    while _play(words, positions, values, plays, keys) < 0:  # out of words: more, again
        words = np.concatenate([words, _raw_words(generator, 0, 8 * _SPARE_WORDS)])
    table = _tables()
    return keys, {wager: table[w] for w, wager in enumerate(WAGERS)}


def sample_counts(rules: GoForeItRules, rounds: int, seed: int) -> dict[str, dict[float, int]]:
    """The rounds of :func:`sample` (same seed, same words, same deals) counted in the
    kernel: wager name -> {distinct net: rounds}, without the arrays (the framework's
    fast path)."""
    stacks = _stacks(rules.dealing_procedure)
    nets, codes = _net_codes()
    by_net = np.zeros((len(WAGERS), max(len(n) for n in nets) + 1), dtype=np.int64)
    drawn = np.zeros(_DRAWN_KEYS, dtype=np.int64)
    pcg = generator_state(np.random.default_rng(seed))
    if stacks is not None and _count_drawn(
        pcg, stacks, _marked_values(), _marked_plays(), rounds, drawn
    ) >= 0:  # fmt: skip
        _by_net(drawn, _drawn_codes(), by_net)
    else:  # a rejected word: the same words, from an array
        positions, values, plays = _positions(rules), _values(), _plays()
        generator = np.random.default_rng(seed)
        words = _raw_words(generator, rounds, _SPARE_WORDS)
        counts = np.zeros(_KEYS + 1, dtype=np.int64)
        while _count(words, positions, values, plays, rounds, counts) < 0:  # as sample_outcomes
            words = np.concatenate([words, _raw_words(generator, 0, 8 * _SPARE_WORDS)])
            counts[:] = 0
        _by_net(counts, codes, by_net)
    found: dict[str, dict[float, int]] = {}
    for wager, distinct, row in zip(WAGERS, nets, by_net.tolist(), strict=True):
        found[wager] = {net: n for net, n in zip(distinct, row, strict=False) if n}
    return found


def sample(rules: GoForeItRules, rounds: int, seed: int) -> dict[str, Floats]:
    """Wager name -> net result per unit of each of ``rounds`` rounds (float64, ``rounds``
    entries each): ``front_9`` (per Front 9 unit), ``skins``, ``gopher:a``, ``gopher:b``."""
    keys, nets = sample_outcomes(rules, rounds, seed)
    return {wager: table[keys] for wager, table in nets.items()}


def describe(rules: GoForeItRules) -> dict[str, WagerInfo]:
    """Each wager's description and, for ``front_9``, the strategy played."""
    return {
        FRONT_9: WagerInfo(
            "Front 9 Wager with the Back 9 decision, per Front 9 unit (676a.11(b)-(d), "
            "676a.12(a)-(b))",
            strategy="optimal Back 9 (croupier.analysis.exact.go_fore_it.decide)",
        ),
        SKINS: WagerInfo("Skins Wager 1 to 1, ties lose (676a.11(d)(4), 676a.12(c))"),
        **{
            f"gopher:{p.value}": WagerInfo(f"Gopher Wager, paytable {p.name} (676a.12(d))")
            for p in GopherPaytable
        },
    }


__all__ = [
    "CHUNK_ROUNDS",
    "DRAWS_PER_ROUND",
    "WAGERS",
    "describe",
    "draws",
    "net",
    "outcome_key",
    "sample",
    "sample_counts",
    "sample_outcomes",
]
