"""Exact figures of Criss-Cross Poker (ch. 674a): the optimal strategy for the Across,
Down and Middle decisions, the return of the antes game, and the Five Card Bonus.

**The game in units of one ante.** Both antes are equal (674a.7(d)); take each as one
unit. The player decides three times, knowing more each time: his two cards (Across
Bet, 674a.11(b)), then the two outer horizontal cards (Down Bet, 674a.11(d)), then the
two outer vertical cards (Middle Bet, 674a.11(f)); the middle card settles everything.
Each bet is one to three units or a fold that forfeits what is on the table. A bet's
return is linear in its size, so an optimal bet is always fold, 1x or 3x.

Per unit, with a hand's *bet pay* ``p`` (674a.12(b): -1 below a pair of 6s, 0 for 6s
through 10s, 1 jacks or better, 2 two pair, 3, 5, 8, 12, 40, 100, 500) the ante pays
``min(p, 1)`` (674a.12(a)); the Middle Bet pays the bet pay of the higher hand, which
is ``max(pA, pD)`` because the bet pay never falls as the hand rises (674a.11(h)(4)).
A round with bets ``a, d, m`` nets ``min(pA,1) + min(pD,1) + a pA + d pD + m max(pA,pD)``;
folding at the Across, Down or Middle decision nets ``-2``, ``-(2+a)``, ``-(2+a+d)``.

**Enumeration.** Every player hand (1,326, reduced by suit symmetry to 169 classes
with their weights), every pair of horizontal outer cards (1,225), every pair of
vertical outer cards from the rest (1,128) and every middle card (46): 10.7 billion
(class, horizontal, vertical, middle) cases, each pair of five-card hands ranked by
:func:`croupier.hands.poker.rank_five` once per (class, pair, middle card) and looked
up after. The Middle decision's sums over the 46 middle cards are done with integer
vector arithmetic; the decisions compare exact integer sums (every pay is a whole
number), so the return is an exact :class:`~fractions.Fraction`. Ties are resolved to
the smaller wager (fold before 1x before 3x): the return is the same either way.

**Two passes.** The first pass values every decision (no moments) and keeps the optimal
Across and Down choices; the variance and the hit frequency need the square and the sign
of each round's net, which a second pass sums only along those choices: a hand that
folds its Across Bet walks no case, a horizontal pair that folds the Down Bet no
vertical pair, and each (horizontal, vertical) pair the one Across and Down Bet played
instead of all four (as the C reference, ``benchmarks/crisscross.c``, does).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.par_sheet import Enumeration, OutcomeFigures, ParSheet, WagerFigures
from croupier.analysis.tables import shared
from croupier.game import settled_wagers
from croupier.hands.poker import (
    PAIR_OF_JACKS_RANK,
    PAIR_OF_SIXES_RANK,
    RANK_CATEGORY,
    HandCategory,
    all_five_card_hands,
    evaluate_many,
    rank_five,
)
from croupier.rules.criss_cross_poker import (
    BET_ODDS,
    BETS,
    BONUS_ODDS,
    CATEGORY_LINE,
    CROSS,
    REVEALS,
    CrissCrossPokerRules,
    Payline,
    Spot,
)

GAME: Final = "criss-cross-poker"
MIDDLE_CARDS: Final = 46
VERTICAL_PAIRS: Final = 1128
HORIZONTAL_PAIRS: Final = 1225
PLAYER_HANDS: Final = 1326
NOT_OFFERED: Final = "(not offered under these rules)"
"""The start of the description of a wager the Rules Submission does not offer."""
OUT_CORE: Final = 137
"""The length of the kernel's per-class output before the Down choices."""
OUT_WIDE: Final = OUT_CORE + 2 * 1225
"""The length of the kernel's per-class output with the Down choices."""


def line_of_rank(rank: int) -> Payline:
    """The paytable line (674a.12) of a fast-evaluator ``rank`` (1 .. 7,462)."""
    category = HandCategory(int(RANK_CATEGORY[rank]))
    if category in CATEGORY_LINE:
        return CATEGORY_LINE[category]
    if rank >= PAIR_OF_JACKS_RANK:
        return Payline.JACKS_OR_BETTER
    return Payline.SIXES_TO_TENS if rank >= PAIR_OF_SIXES_RANK else Payline.LESS_THAN_SIXES


def bet_pay(line: Payline) -> int:
    """The bet pay of a line in units: -1 (loses), 0 (push) or the 674a.12(b) odds."""
    if line is Payline.LESS_THAN_SIXES:
        return -1
    odds = BET_ODDS[line]
    return 0 if odds is None else int(odds)


PAY_BY_RANK: Final = np.array(
    [0] + [bet_pay(line_of_rank(rank)) for rank in range(1, len(RANK_CATEGORY))],
    dtype=np.int16,
)
"""The bet pay (674a.12(b), units) of every rank; index 0 unused."""


# --- the kernel --------------------------------------------------------------------------
def _pay_table_py(
    p0: int, p1: int, pay_by_rank: npt.NDArray[np.int16]
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
]:
    """The evaluation step for one player hand ``p0, p1``: for each of the 1,225 pairs of
    the other 50 cards (indices ``pi < pj`` into those cards) and each middle card ``m``,
    the bet pay ``pay[pair, m]`` of the player's cards + pair + ``m`` and its ante pay
    ``cap`` (``min(pay, 1)``); -2000 and 0 where ``m`` is in the pair or is padding (the
    rows are 64 wide for vector arithmetic), where ``ok`` is 0 (else 1); ``tot`` and
    ``tcap`` the row sums."""
    rest = np.empty(50, dtype=np.int64)
    k = 0
    for c in range(52):
        if c != p0 and c != p1:
            rest[k] = c
            k += 1
    n_pairs = 1225
    pi = np.empty(n_pairs, dtype=np.int64)
    pj = np.empty(n_pairs, dtype=np.int64)
    k = 0
    for i in range(50):
        for j in range(i + 1, 50):
            pi[k] = i
            pj[k] = j
            k += 1
    pay = np.empty((n_pairs, 64), dtype=np.int32)
    cap = np.empty((n_pairs, 64), dtype=np.int32)
    ok = np.zeros((n_pairs, 64), dtype=np.int32)
    tot = np.zeros(n_pairs, dtype=np.int64)
    tcap = np.zeros(n_pairs, dtype=np.int64)
    for q in range(n_pairs):
        a, b = rest[pi[q]], rest[pj[q]]
        for m in range(64):
            if m >= 50 or m == pi[q] or m == pj[q]:
                pay[q, m] = -2000
                cap[q, m] = 0
            else:
                v = pay_by_rank[rank_five(p0, p1, a, b, rest[m])]
                pay[q, m] = v
                cap[q, m] = min(v, 1)
                ok[q, m] = 1
                tot[q] += v
                tcap[q] += cap[q, m]
    return pi, pj, pay, cap, ok, tot, tcap


_pay_table: Final = numba.njit(cache=True, nogil=True)(_pay_table_py)


def _evaluate_all_py(hands: npt.NDArray[np.int64], pay_by_rank: npt.NDArray[np.int16]) -> int:
    """The evaluation step alone for every class (for timing): returns a checksum."""
    total = 0
    for k in numba.prange(hands.shape[0]):
        total += _pay_table(hands[k, 0], hands[k, 1], pay_by_rank)[5].sum()
    return total


_evaluate_all: Final = cast(
    Callable[[npt.NDArray[np.int64], npt.NDArray[np.int16]], int],
    numba.njit(cache=True, parallel=True)(_evaluate_all_py),
)


def _solve_class_py(
    p0: int,
    p1: int,
    pay_by_rank: npt.NDArray[np.int16],
    out: npt.NDArray[np.int64],
) -> None:
    """The value pass for one player hand ``p0, p1``. ``out`` (length :data:`OUT_WIDE`,
    137 + 2,450) receives: [0] the scaled optimal value; [1] the Across choice (0 fold, 1,
    3); [2..28] how many (horizontal, vertical, middle) cases follow each (across, down,
    middle) path (3x3x3, choice index 0 fold, 1 = 1x, 2 = 3x); [29..55] the sum of the
    net results (units) of those cases; [56..136] zeros (the moments of
    :func:`_path_moments`); at [137 + 1225 * i + h] the Down choice (0 fold, 1 = 1x,
    2 = 3x) after an Across Bet of 1 (i = 0) or 3 (i = 1) antes with the horizontal pair
    ``h``."""
    pi, pj, pay, cap, _, tot, tcap = _pay_table(p0, p1, pay_by_rank)
    n_pairs = 1225
    fold_across = -2 * 46 * 1128 * 1225
    downs = np.zeros((2, n_pairs), dtype=np.int64)
    across_sum = np.zeros(2, dtype=np.int64)  # a = 1, 3
    across_paths = np.zeros((2, 3, 3), dtype=np.int64)
    across_nets = np.zeros((2, 3, 3), dtype=np.int64)
    for h in range(n_pairs):
        h0, h1 = pi[h], pj[h]
        w = np.zeros((2, 2), dtype=np.int64)  # [a][d] sum over v of the middle value
        mid_paths = np.zeros((2, 2, 3), dtype=np.int64)
        mid_nets = np.zeros((2, 2, 3), dtype=np.int64)
        for v in range(n_pairs):
            v0, v1 = pi[v], pj[v]
            if v0 in (h0, h1) or v1 in (h0, h1):
                continue
            s = _middle_sum(pay, h, v, h0, h1, v0, v1)
            sa = tot[h] - pay[h, v0] - pay[h, v1]
            sd = tot[v] - pay[v, h0] - pay[v, h1]
            ante = tcap[h] - cap[h, v0] - cap[h, v1] + tcap[v] - cap[v, h0] - cap[v, h1]
            bet_m = 3 if s > 0 else 1
            mi = 2 if s > 0 else 1
            for ai in range(2):
                a_ = 1 + 2 * ai
                for di in range(2):
                    d_ = 1 + 2 * di
                    cont = ante + a_ * sa + d_ * sd + bet_m * s
                    fold = -(2 + a_ + d_) * 46
                    if cont > fold:
                        w[ai, di] += cont
                        mid_paths[ai, di, mi] += 46
                        mid_nets[ai, di, mi] += cont
                    else:
                        w[ai, di] += fold
                        mid_paths[ai, di, 0] += 46
                        mid_nets[ai, di, 0] += fold
        for ai in range(2):
            a_ = 1 + 2 * ai
            fold = -(2 + a_) * 46 * 1128
            best = fold
            choice = 0
            for di in range(2):
                if w[ai, di] > best:
                    best = w[ai, di]
                    choice = di + 1
            across_sum[ai] += best
            downs[ai, h] = choice
            if choice == 0:
                across_paths[ai, 0, 0] += 46 * 1128
                across_nets[ai, 0, 0] += fold
            else:
                for mi in range(3):
                    across_paths[ai, choice, mi] += mid_paths[ai, choice - 1, mi]
                    across_nets[ai, choice, mi] += mid_nets[ai, choice - 1, mi]
    best = fold_across
    choice = 0
    for ai in range(2):
        if across_sum[ai] > best:
            best = across_sum[ai]
            choice = ai + 1
    out[:] = 0
    out[0] = best
    out[1] = 0 if choice == 0 else 2 * choice - 1
    if choice == 0:
        out[2] = 46 * 1128 * 1225
        out[29] = fold_across
    else:
        for di in range(3):
            for mi in range(3):
                out[2 + 9 * choice + 3 * di + mi] = across_paths[choice - 1, di, mi]
                out[29 + 9 * choice + 3 * di + mi] = across_nets[choice - 1, di, mi]
    out[OUT_CORE : OUT_CORE + 2 * n_pairs] = downs.ravel()


_solve_class: Final = cast(
    Callable[[int, int, npt.NDArray[np.int16], npt.NDArray[np.int64]], None],
    numba.njit(cache=True, nogil=True)(_solve_class_py),
)


def _middle_sum_py(
    pay: npt.NDArray[np.int32], h: int, v: int, h0: int, h1: int, v0: int, v1: int
) -> int:
    """The sum over the 46 middle cards of the Middle Bet's pay, the higher hand's bet pay
    ``max(pay[h, m], pay[v, m])``: the 64-wide row (vector arithmetic), less ``m`` in
    ``h`` (max took ``pay[v, m]``), ``m`` in ``v`` (max took ``pay[h, m]``) and the 14
    padding entries (-2000 both)."""
    s = 0
    for m in range(64):
        x = pay[h, m]
        y = pay[v, m]
        s += x if x > y else y
    return int(s - (pay[v, h0] + pay[v, h1] + pay[h, v0] + pay[h, v1] + 14 * -2000))


_middle_sum: Final = numba.njit(cache=True, nogil=True, inline="always")(_middle_sum_py)


def _path_moments_py(
    p0: int, p1: int, pay_by_rank: npt.NDArray[np.int16], out: npt.NDArray[np.int64]
) -> None:
    """The moments pass for one player hand, along the optimal decisions the value pass
    left in ``out`` (:func:`_solve_class`: the Across choice at [1], the Down choices
    from [137]): fills [2..28] and [29..55] again (the same counts and sums of nets, the
    cases that take each path) and [56..82] the sum of the squared nets, [83..109] how
    many cases net more than zero (the round is won), [110..136] the sum of those nets.
    Only the cases the optimal strategy plays are walked, and only the Across and Down
    Bets it makes: a hand that folds at once walks nothing, a horizontal pair that folds
    the Down Bet no vertical pair."""
    n_pairs = 1225
    out[2:OUT_CORE] = 0
    a_ = out[1]
    if a_ == 0:
        out[2] = 46 * 1128 * 1225
        out[29] = -2 * 46 * 1128 * 1225
        out[56] = 4 * 46 * 1128 * 1225
        return
    ai = 0 if a_ == 1 else 1
    base = 9 * (ai + 1)
    pi, pj, pay, cap, ok, tot, tcap = _pay_table(p0, p1, pay_by_rank)
    payf = pay.astype(np.float64)
    capf = cap.astype(np.float64)
    okf = ok.astype(np.float64)
    for h in range(n_pairs):
        dc = out[OUT_CORE + n_pairs * ai + h]
        if dc == 0:
            lost = 2 + a_
            out[2 + base] += 46 * 1128
            out[29 + base] -= lost * 46 * 1128
            out[56 + base] += lost * lost * 46 * 1128
            continue
        d_ = 2 * dc - 1
        h0, h1 = pi[h], pj[h]
        lost = 2 + a_ + d_
        for v in range(n_pairs):
            v0, v1 = pi[v], pj[v]
            if v0 in (h0, h1) or v1 in (h0, h1):
                continue
            s = _middle_sum(pay, h, v, h0, h1, v0, v1)
            sa = tot[h] - pay[h, v0] - pay[h, v1]
            sd = tot[v] - pay[v, h0] - pay[v, h1]
            ante = tcap[h] - cap[h, v0] - cap[h, v1] + tcap[v] - cap[v, h0] - cap[v, h1]
            bet_m = 3 if s > 0 else 1
            cont = ante + a_ * sa + d_ * sd + bet_m * s
            if cont <= -lost * 46:
                k = base + 3 * dc
                out[2 + k] += 46
                out[29 + k] -= lost * 46
                out[56 + k] += lost * lost * 46
                continue
            k = base + 3 * dc + (2 if s > 0 else 1)
            # in float64, whose vector multiply AVX2 has (int64's it lacks); every sum is
            # a whole number below 2**31, exact
            squares = 0.0
            wins = 0.0
            won = 0.0
            af, df, mf = float(a_), float(d_), float(bet_m)
            for m in range(50):  # not the 14 padding slots
                x = payf[h, m]
                y = payf[v, m]
                net = (
                    okf[h, m]
                    * okf[v, m]
                    * (capf[h, m] + capf[v, m] + af * x + df * y + mf * (x if x > y else y))
                )
                squares += net * net
                wins += 1.0 if net > 0 else 0.0
                won += net if net > 0 else 0.0
            out[2 + k] += 46
            out[29 + k] += cont
            out[56 + k] += int(squares)
            out[83 + k] += int(wins)
            out[110 + k] += int(won)


_path_moments: Final = cast(
    Callable[[int, int, npt.NDArray[np.int16], npt.NDArray[np.int64]], None],
    numba.njit(cache=True, nogil=True)(_path_moments_py),
)


def _solve_all_py(
    hands: npt.NDArray[np.int64],
    pay_by_rank: npt.NDArray[np.int16],
    out: npt.NDArray[np.int64],
    moments: bool,
) -> None:
    """The value pass for every hand of ``hands`` (rows of ``out``, :data:`OUT_WIDE`
    wide), then with ``moments`` the moments pass along the decisions it found."""
    for k in numba.prange(hands.shape[0]):
        _solve_class(hands[k, 0], hands[k, 1], pay_by_rank, out[k])
        if moments:
            _path_moments(hands[k, 0], hands[k, 1], pay_by_rank, out[k])


_solve_all: Final = cast(
    Callable[[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int64], bool], None],
    numba.njit(cache=True, parallel=True)(_solve_all_py),
)


# --- the classes of player hands -----------------------------------------------------------
def starting_classes() -> list[tuple[tuple[int, int], int, str]]:
    """The 169 classes of two-card hands under suit symmetry: (a representative (card,
    card), how many of the 1,326 hands it stands for, its name such as ``"AKs"``)."""
    names = "23456789TJQKA"
    classes = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                classes.append(((4 * high, 4 * high + 1), 6, names[high] * 2))
            else:
                classes.append(((4 * high, 4 * low), 4, f"{names[high]}{names[low]}s"))
                classes.append(((4 * high, 4 * low + 1), 12, f"{names[high]}{names[low]}o"))
    assert sum(weight for _, weight, _ in classes) == PLAYER_HANDS
    return classes


PATHS: Final = tuple(
    (a, d, m)
    for a in ("fold", "1x", "3x")
    for d in ("fold", "1x", "3x")
    for m in ("fold", "1x", "3x")
)
"""The 27 (Across, Down, Middle) decision paths in the order of the kernel's output
(only 7 can occur: a fold ends the decisions)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact solution of the antes game.

    ``value`` is the expected net result per round in units of one ante (negative: the
    house's edge); ``across`` maps each starting class to its Across choice (``"fold"``,
    ``"1x"``, ``"3x"``) and its exact value; ``paths`` the probability of each decision
    path; ``seconds`` how the time split.
    """

    value: Fraction
    across: dict[str, tuple[str, Fraction]]
    paths: dict[tuple[str, str, str], Fraction]
    path_nets: dict[tuple[str, str, str], Fraction]
    """The expected net (units of one ante) of a round given its decision path."""
    second_moment: Fraction | None
    """The expected square of a round's net (antes squared); ``None`` unless solved with
    ``moments``."""
    path_wins: dict[tuple[str, str, str], tuple[Fraction, Fraction]] | None = None
    """Per decision path, the probability that a round follows it *and* nets more than
    zero, and the expected net of those rounds (antes); ``None`` unless solved with
    ``moments``."""
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def win_probability(self) -> Fraction | None:
        """The exact probability that a round's net is positive (``None`` without
        ``moments``)."""
        if self.path_wins is None:
            return None
        return sum((p for p, _ in self.path_wins.values()), Fraction(0))

    @property
    def variance(self) -> Fraction | None:
        """The exact variance of a round's net, antes squared (``None`` without
        ``moments``)."""
        if self.second_moment is None:
            return None
        return self.second_moment - self.value * self.value

    @property
    def average_wager(self) -> Fraction:
        """The expected total wagered per round, units of one ante (antes included)."""
        size = {"fold": 0, "1x": 1, "3x": 3}
        return 2 + sum(
            (p * (size[a] + size[d] + size[m]) for (a, d, m), p in self.paths.items()),
            Fraction(0),
        )

    @property
    def house_edge_per_total_ante(self) -> Fraction:
        """The expected loss per unit of total antes (both antes: two units)."""
        return -self.value / 2

    @property
    def house_edge_per_ante_across(self) -> Fraction:
        """The expected loss per unit of the Ante Across Wager."""
        return -self.value

    @property
    def element_of_risk(self) -> Fraction:
        """The expected loss per unit of the total wagered."""
        return -self.value / self.average_wager


def solve(progress: Callable[[int, int], None] | None = None, *, moments: bool = False) -> Solution:
    """The exact optimal strategy and return of the antes game (see the module text).
    ``progress(done, total)`` is called as classes finish (in batches). About 25 s on two
    cores. With ``moments`` a second pass walks the cases again along the optimal
    decisions the first found (only the bets the strategy makes, only the cases it
    plays), summing the square of each round's net and its wins (the exact variance and
    hit frequency); without, :attr:`Solution.second_moment` is ``None``."""
    start = time.perf_counter()
    classes = starting_classes()
    hands = np.array([rep for rep, _, _ in classes], dtype=np.int64)
    out = np.zeros((len(classes), OUT_WIDE), dtype=np.int64)
    # compile on a one-class batch, so that the timing below is the enumeration
    _solve_all(hands[:1], PAY_BY_RANK, out[:1], moments)
    _evaluate_all(hands[:1], PAY_BY_RANK)
    compiled = time.perf_counter()
    _evaluate_all(hands, PAY_BY_RANK)
    evaluated = time.perf_counter()
    batch = 8
    for begin in range(0, len(classes), batch):
        _solve_all(hands[begin : begin + batch], PAY_BY_RANK, out[begin : begin + batch], moments)
        if progress is not None:
            progress(min(begin + batch, len(classes)), len(classes))
    enumerated = time.perf_counter()
    solution = _reduced(classes, out, moments)
    solution.seconds.update(
        {
            "compile and first class": compiled - start,
            "evaluation (alone)": evaluated - compiled,
            "enumeration": max(0.0, enumerated - evaluated - (evaluated - compiled)),
            "evaluation + enumeration": enumerated - evaluated,
            "reduction": time.perf_counter() - enumerated,
        }
    )
    return solution


def _reduced(
    classes: list[tuple[tuple[int, int], int, str]], out: npt.NDArray[np.int64], moments: bool
) -> Solution:
    """The solution from the kernel's rows ``out``, one a starting class (its times not
    yet in)."""
    cases = MIDDLE_CARDS * VERTICAL_PAIRS * HORIZONTAL_PAIRS
    total = Fraction(0)
    across: dict[str, tuple[str, Fraction]] = {}
    paths: dict[tuple[str, str, str], Fraction] = {}
    nets: dict[tuple[str, str, str], Fraction] = {}
    second = Fraction(0)
    wins: dict[tuple[str, str, str], tuple[int, int]] = {}
    names = {0: "fold", 1: "1x", 3: "3x"}
    for (_, weight, name), row in zip(classes, out, strict=True):
        value = Fraction(int(row[0]), cases)
        total += weight * value
        across[name] = (names[int(row[1])], value)
        for index, path in enumerate(PATHS):
            count = int(row[2 + index])
            if count:
                paths[path] = paths.get(path, Fraction(0)) + Fraction(weight * count, cases)
                net = Fraction(weight * int(row[29 + index]), cases)
                nets[path] = nets.get(path, Fraction(0)) + net
                second += Fraction(weight * int(row[56 + index]), cases)
                count_won, net_won = wins.get(path, (0, 0))
                wins[path] = (
                    count_won + weight * int(row[83 + index]),
                    net_won + weight * int(row[110 + index]),
                )
    return Solution(
        value=total / PLAYER_HANDS,
        across=across,
        paths={path: p / PLAYER_HANDS for path, p in paths.items()},
        path_nets={path: nets[path] / paths[path] for path in paths},
        second_moment=second / PLAYER_HANDS if moments else None,
        path_wins={
            path: (
                Fraction(won, cases * PLAYER_HANDS),
                Fraction(net, won) if won else Fraction(0),
            )
            for path, (won, net) in wins.items()
        }
        if moments
        else None,
    )


def strategy_table() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The optimal Across and Down decisions of :func:`solve`, as arrays (read-only).

    ``across[k]`` is the Across choice (0 fold, 1 or 3 antes) of class ``k`` of
    :func:`starting_classes`; ``down[k, i, h]`` the Down choice (0, 1 or 3) of its
    representative after an Across Bet of 1 (``i = 0``) or 3 (``i = 1``) antes when the
    two outer horizontal cards are pair ``h`` of the 50 other cards: those cards in
    ascending order numbered 0..49, pair ``(i, j)``, ``i < j``, is
    ``h = i * (99 - i) // 2 + j - i - 1``. Shapes (169,) and (169, 2, 1225), int8.
    Any hand of the class plays the same after a suit permutation taking it to the
    representative. Runs the enumeration once a machine (about 25 s on two cores), kept
    in the analysis cache (:func:`croupier.analysis.tables.shared`)."""
    table = shared("criss-cross-poker.strategy", _strategy_arrays, STRATEGY_SOURCES)
    return cast(npt.NDArray[np.int8], table["across"]), cast(npt.NDArray[np.int8], table["down"])


STRATEGY_SOURCES: Final = (
    __name__,
    "croupier.hands.poker",
    "croupier.rules.criss_cross_poker",
)
"""The modules whose code computes :func:`strategy_table` (its cache key)."""


def solved() -> Solution:
    """:func:`solve` with ``moments``, its kernel's rows (exact integers, one row a
    starting class) computed once a machine and kept in the analysis cache
    (:func:`croupier.analysis.tables.shared`), then reduced exactly as :func:`solve`
    reduces them (:attr:`Solution.seconds` is empty): the par sheet's solve, which a
    table's hold report and help panel wait for, in well under a second once cached."""
    rows = shared("criss-cross-poker.moments", _moment_rows, STRATEGY_SOURCES)["rows"]
    return _reduced(starting_classes(), np.asarray(rows, dtype=np.int64), True)


def _moment_rows() -> dict[str, npt.NDArray[np.int64]]:
    hands = np.array([rep for rep, _, _ in starting_classes()], dtype=np.int64)
    out = np.zeros((len(hands), OUT_WIDE), dtype=np.int64)
    _solve_all(hands, PAY_BY_RANK, out, True)
    return {"rows": out}


def _strategy_arrays() -> dict[str, npt.NDArray[np.int8]]:
    classes = starting_classes()
    hands = np.array([rep for rep, _, _ in classes], dtype=np.int64)
    out = np.zeros((len(classes), OUT_WIDE), dtype=np.int64)
    _solve_all(hands, PAY_BY_RANK, out, False)
    across = out[:, 1].astype(np.int8)
    down = (2 * out[:, OUT_CORE:] - (out[:, OUT_CORE:] > 0)).astype(np.int8)
    return {"across": across, "down": down.reshape(len(classes), 2, HORIZONTAL_PAIRS)}


# --- the strategy for one situation (the advisor) ---------------------------------------------
def middle_value(
    player: tuple[int, int], horizontal: tuple[int, int], vertical: tuple[int, int], a: int, d: int
) -> tuple[int, Fraction]:
    """The Middle decision (674a.11(f)) with the player's cards, the two outer horizontal
    and the two outer vertical cards known and Across and Down Bets of ``a`` and ``d``
    antes: (0 fold, 1 or 3 antes, the expected net of the round in antes)."""
    seen = {*player, *horizontal, *vertical}
    middles = [c for c in range(52) if c not in seen]
    across = np.array([[*player, *horizontal, m] for m in middles], dtype=np.int8)
    down = np.array([[*player, *vertical, m] for m in middles], dtype=np.int8)
    pa = PAY_BY_RANK[evaluate_many(across)].astype(np.int64)
    pd = PAY_BY_RANK[evaluate_many(down)].astype(np.int64)
    base = np.minimum(pa, 1) + np.minimum(pd, 1) + a * pa + d * pd
    middle = np.maximum(pa, pd)
    fold = Fraction(-(2 + a + d))
    best, choice = fold, 0
    for m in (1, 3):
        value = Fraction(int((base + m * middle).sum()), len(middles))
        if value > best:
            best, choice = value, m
    return choice, best


def down_value(
    player: tuple[int, int], horizontal: tuple[int, int], a: int
) -> tuple[int, Fraction]:
    """The Down decision (674a.11(d)) with the player's cards and the two outer
    horizontal cards known and an Across Bet of ``a`` antes: (0 fold, 1 or 3, the
    expected net in antes with the Middle decision played optimally)."""
    seen = {*player, *horizontal}
    rest = np.array([c for c in range(52) if c not in seen], dtype=np.int8)
    n = len(rest)
    across = np.empty((n, 5), dtype=np.int8)
    across[:, :4] = [*player, *horizontal]
    across[:, 4] = rest
    pay_a = PAY_BY_RANK[evaluate_many(across)].astype(np.int64)
    first, second = np.triu_indices(n, 1)
    count = len(first)
    down = np.empty((count, n, 5), dtype=np.int8)
    down[:, :, 0] = player[0]
    down[:, :, 1] = player[1]
    down[:, :, 2] = rest[first][:, None]
    down[:, :, 3] = rest[second][:, None]
    down[:, :, 4] = rest[None, :]
    live = np.ones((count, n), dtype=bool)
    live[np.arange(count), first] = False
    live[np.arange(count), second] = False
    rows = down[live]
    pay_d = np.zeros((count, n), dtype=np.int64)
    pay_d[live] = PAY_BY_RANK[evaluate_many(rows)]
    pa = np.broadcast_to(pay_a, (count, n))
    ante = np.where(live, np.minimum(pa, 1) + np.minimum(pay_d, 1), 0).sum(axis=1)
    sa = np.where(live, pa, 0).sum(axis=1)
    sd = np.where(live, pay_d, 0).sum(axis=1)
    sm = np.where(live, np.maximum(pa, pay_d), 0).sum(axis=1)
    middles = n - 2
    fold = Fraction(-(2 + a))
    best, choice = fold, 0
    for d in (1, 3):
        cont = ante + a * sa + d * sd + np.where(sm > 0, 3, 1) * sm
        value = np.maximum(cont, -(2 + a + d) * middles)
        total = Fraction(int(value.sum()), count * middles)
        if total > best:
            best, choice = total, d
    return choice, best


def across_value(player: tuple[int, int]) -> tuple[int, Fraction]:
    """The Across decision (674a.11(b)) for two cards: (0 fold, 1 or 3, the expected net
    in antes with the later decisions played optimally), from the kernel."""
    out = np.zeros((1, OUT_WIDE), dtype=np.int64)
    _solve_all(np.array([player], dtype=np.int64), PAY_BY_RANK, out, False)
    return int(out[0, 1]), Fraction(
        int(out[0, 0]), MIDDLE_CARDS * VERTICAL_PAIRS * HORIZONTAL_PAIRS
    )


# --- the Five Card Bonus -------------------------------------------------------------------
def bonus_distribution() -> dict[Payline, int]:
    """How many of the 2,598,960 sets of five community cards fall on each line."""
    ranks = evaluate_many(all_five_card_hands())
    counts = np.bincount(ranks, minlength=len(RANK_CATEGORY))
    found: dict[Payline, int] = {}
    for rank in range(1, len(RANK_CATEGORY)):
        line = line_of_rank(rank)
        found[line] = found.get(line, 0) + int(counts[rank])
    return found


def bonus_figures() -> WagerFigures:
    """The Five Card Bonus Wager (674a.7(e), 674a.12(c)), exact per unit."""
    counts = bonus_distribution()
    total = sum(counts.values())
    outcomes = []
    for line, count in counts.items():
        odds = BONUS_ODDS.get(line)
        net = Fraction(-1) if odds is None else odds
        outcomes.append(
            OutcomeFigures(str(line), Fraction(count, total), net, hit=odds is not None)
        )
    return WagerFigures.from_outcomes(
        "five_card_bonus",
        outcomes,
        description="Five Card Bonus: the five community cards form a pair of 6s or better "
        "(674a.7(e), 674a.12(c))",
    )


def strategy_text(solution: Solution) -> str:
    """The Across decision by starting class, in words a player can learn."""
    groups: dict[str, list[str]] = {"3x": [], "1x": [], "fold": []}
    for name, (choice, _) in solution.across.items():
        groups[choice].append(name)
    return "; ".join(
        f"Across {choice}: {', '.join(names) if names else 'none'}"
        for choice, names in groups.items()
    ) + (
        ". Down and Middle: bet 3x when the expected pay of that bet is positive, 1x when "
        "betting beats folding, otherwise fold (computed exactly per situation)."
    )


ANTES_WORDS = (
    "Ante Across and Ante Down, with each Across, Down and Middle Bet made (one to three "
    "times the ante) or the hand folded as best play says; the return is per dollar of the "
    "two antes together (674a.7(d), 674a.11, 674a.12(a)-(b))"
)
"""The antes' figures as a player reads them (the lobby's and the help's return): what
is wagered and how it is played, no word of how the par sheet counts its outcomes (its
note says that)."""


def antes_figures(solution: Solution) -> WagerFigures:
    """The antes game with the optimal strategy, per unit of total antes (two units a
    round). The outcomes are the decision paths, each split into the rounds that net more
    than zero (``hit``) and the others, with their exact probabilities and exact expected
    nets (per unit of total antes), so the return is exact and ``hit_frequency`` is the
    exact probability that a round's net is positive; ``std_dev`` is that of a single
    round's net from the exact variance, and ``max_win`` is the most a round can net
    (3,302 antes, 1,651 per unit of total antes). Raises ``ValueError`` for a solution
    computed without ``moments`` (it has no win counts)."""
    if solution.path_wins is None or solution.variance is None:
        raise ValueError("the antes figures need a solution computed with moments=True")
    outcomes: list[OutcomeFigures] = []
    for (a, d, m), p in sorted(solution.paths.items()):
        label = f"Across {a}, Down {d}, Middle {m}"
        won, won_net = solution.path_wins.get((a, d, m), (Fraction(0), Fraction(0)))
        if won:
            outcomes.append(OutcomeFigures(f"{label}: won", won, won_net / 2, hit=True))
        if p != won:
            rest_net = (p * solution.path_nets[(a, d, m)] - won * won_net) / (p - won)
            outcomes.append(OutcomeFigures(f"{label}: not won", p - won, rest_net / 2, hit=False))
    value = solution.value / 2
    return WagerFigures(
        wager="antes",
        expected_return=value,
        house_edge=-value,
        hit_frequency=sum((o.probability for o in outcomes if o.hit), Fraction(0)),
        std_dev=math.sqrt(solution.variance) / 2,
        outcomes=tuple(outcomes),
        max_win=Fraction(3302, 2),
        units_staked=2,
        strategy=strategy_text(solution),
        description=ANTES_WORDS,
    )


def par_sheet(rules: CrissCrossPokerRules | None = None) -> ParSheet:
    """The par sheet of Criss-Cross Poker under ``rules`` (default
    :class:`CrissCrossPokerRules`): ``antes`` (the whole game with the optimal strategy,
    house edge per total ante) and ``five_card_bonus``, whose description begins with
    :data:`NOT_OFFERED` (and a note says so) where the Rules Submission does not offer
    it (674a.7(e)): a designer compares it either way.
    Takes :func:`solve` with ``moments`` (for the exact standard deviation) from
    :func:`solved`."""
    rules = rules if rules is not None else CrissCrossPokerRules()
    solution = solved()
    bonus = bonus_figures()
    offered = rules.five_card_bonus
    if not offered:
        bonus = replace(bonus, description=f"{NOT_OFFERED} {bonus.description}")
    notes = (
        f"house edge per total ante {float(solution.house_edge_per_total_ante):.6%}; per "
        f"Ante Across unit {float(solution.house_edge_per_ante_across):.6%}; element of risk "
        f"{float(solution.element_of_risk):.6%}; average total wager "
        f"{float(solution.average_wager):.6f} antes",
        "antes: the outcomes are the decision paths, each split into the rounds whose net "
        "is positive (hit) and the others, with exact probabilities and expected nets; the "
        "hit frequency is the exact probability that a round's net is positive; the "
        "standard deviation is that of a single round's net, from the exact variance",
        "a payout limit (674a.12(d)) and payout rounding are ignored: every odds is whole",
    ) + (
        ()
        if offered
        else (
            "five_card_bonus: not offered under these rules (five_card_bonus = false, "
            "674a.7(e)); its figures are shown for comparison",
        )
    )
    return ParSheet(
        game=GAME,
        variant=None,
        wagers=(antes_figures(solution), bonus),
        notes=notes,
        rules_sha256=rules.sha256(),
    )


def offered(figures: WagerFigures, rules: CrissCrossPokerRules) -> bool:
    """Whether the wager of ``figures`` is offered under ``rules``: the antes always, the
    Five Card Bonus Wager where the submission offers it (674a.7(e))."""
    return figures.wager != "five_card_bonus" or rules.five_card_bonus


def middle_return(
    player: tuple[int, int],
    horizontal: tuple[int, int],
    vertical: tuple[int, int],
    bets: tuple[Fraction, Fraction, Fraction],
) -> Fraction:
    """The exact expected net of a round, in antes, with the player's cards and the four
    outer community cards known and the Across, Down and Middle Bets ``bets`` made (in
    antes): the middle card one of the 46 unseen, the net ``min(pA,1) + min(pD,1) + a pA
    + d pD + m max(pA,pD)`` (674a.11(h), 674a.12)."""
    seen = {*player, *horizontal, *vertical}
    middles = [c for c in range(52) if c not in seen]
    across = np.array([[*player, *horizontal, m] for m in middles], dtype=np.int8)
    down = np.array([[*player, *vertical, m] for m in middles], dtype=np.int8)
    pa = PAY_BY_RANK[evaluate_many(across)].astype(np.int64)
    pd = PAY_BY_RANK[evaluate_many(down)].astype(np.int64)
    n = len(middles)
    a, d, m = bets
    return (
        Fraction(int((np.minimum(pa, 1) + np.minimum(pd, 1)).sum()), n)
        + a * Fraction(int(pa.sum()), n)
        + d * Fraction(int(pd.sum()), n)
        + m * Fraction(int(np.maximum(pa, pd).sum()), n)
    )


def expected_given_decisions(round_: Any) -> dict[str, Fraction]:
    """The house's expected win (cents, exact) on the par sheet's ``antes`` in the settled
    ``round_`` (a Criss-Cross Poker round replayed from its events) given each player's
    decisions, taken at the last one he made (the hold report's observed-decisions
    theoretical win, :mod:`croupier.reports.observed`): a player who folded lost his
    antes and the bets he had made (674a.11(b), (d), (f)); one who made all three bets is
    worth :func:`middle_return` of his two cards and the four outer community cards with
    his bets, the middle card unseen. The Five Card Bonus has no decision (left to the
    par figure)."""
    dealt: dict[Any, dict[int, int]] = {}
    folded: set[int] = set()
    for event in round_.events:
        if getattr(event, "type", None) == "CardDealt":
            dealt.setdefault(event.hand, {})[event.position] = int(event.card)
        elif getattr(event, "type", None) == "Folded":
            folded.add(event.seat)
    staked: dict[int, dict[str, Fraction]] = {}
    for event in settled_wagers(round_.events):
        if event.spot != Spot.FIVE_CARD_BONUS:
            spots = staked.setdefault(event.seat, {})
            spots[event.spot] = spots.get(event.spot, Fraction(0)) + event.amount
    community = dealt.get("community", {})
    total = Fraction(0)
    for seat, wagers in sorted(staked.items()):
        if seat in folded or any(spot not in wagers for spot in BETS):
            total += sum(wagers.values(), Fraction(0))
            continue
        ante = wagers[Spot.ANTE_ACROSS]
        mine = dealt[seat]
        horizontal = (community[CROSS.index(REVEALS[0][0])], community[CROSS.index(REVEALS[0][1])])
        vertical = (community[CROSS.index(REVEALS[1][0])], community[CROSS.index(REVEALS[1][1])])
        bets = (wagers[Spot.ACROSS] / ante, wagers[Spot.DOWN] / ante, wagers[Spot.MIDDLE] / ante)
        total -= ante * middle_return((mine[0], mine[1]), horizontal, vertical, bets)
    return {"antes": total}


def enumeration(figures: WagerFigures, rules: CrissCrossPokerRules) -> Enumeration | None:
    """The Five Card Bonus's counts are out of the C(52, 5) sets of five community cards
    (the lab sheet, :mod:`croupier.analysis.lab_sheet`); the Ante Wagers, played with
    the strategy over an enumeration of partial deals, have none (their counts are
    weights)."""
    if figures.wager == "five_card_bonus":
        return Enumeration(
            math.comb(52, 5), "sets of five community cards, C(52, 5), equally likely"
        )
    return None


__all__ = [
    "ANTES_WORDS",
    "NOT_OFFERED",
    "OUT_CORE",
    "OUT_WIDE",
    "PATHS",
    "PAY_BY_RANK",
    "Solution",
    "across_value",
    "antes_figures",
    "bet_pay",
    "bonus_distribution",
    "bonus_figures",
    "down_value",
    "enumeration",
    "expected_given_decisions",
    "line_of_rank",
    "middle_return",
    "middle_value",
    "offered",
    "par_sheet",
    "solve",
    "solved",
    "starting_classes",
    "strategy_table",
    "strategy_text",
]
