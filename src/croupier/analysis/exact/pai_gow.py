"""Exact figures for Pai Gow (58 Pa. Code ch. 621a).

Every player hand is played against every dealer hand drawn from the 28 other tiles:
35,960 four-tile player hands times 20,475 dealer hands, 736,281,000 deals. Identical
tiles shrink the work: the 8,130 distinct hands (by kind of tile) are enumerated once on
each side, each weighted by the number of ways to draw it; a kind the player holds
changes the weight of a dealer hand by a factor (a double kind drawn once on each side
halves it; a kind drawn more often than the set holds makes it zero). The dealer sets by a
house way (621a.10(d)); a player hand is compared in each of its three settings
(621a.4, 621a.10(g)-(j)), with numpy. Weights are powers of two and every sum is below
2**53, so the floating-point sums are exact integers.

Wagers, every figure per unit wagered, the vigorish of 5% of the amount won deducted
from a win (621a.10(k), exact: no rounding to 25 cents):

- ``pai_gow:house_way``: a player who sets his hands by the dealer's house way.
- ``pai_gow:optimal``: a player who sets each hand to the greatest expected result
  against a dealer using that way, knowing only his own four tiles.
- ``pai_gow:player_bank``: a player bank setting by the house way against one player
  setting by it, per unit of that player's wager: the bank wins copies (621a.4(b)),
  pays the vigorish on its surplus (621a.11(o)) and is paid no vigorish by the winner,
  who pays it to the house (621a.11(q)).

:func:`par_sheet` gathers them; :func:`analyze` gives the raw counts and the optimal
setting of every hand (:func:`optimal_setting` for one hand, a lookup a player can
consult).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.analysis.par_sheet import (
    Enumeration,
    OutcomeFigures,
    ParSheet,
    WagerFigures,
    exact_text,
    percent,
)
from croupier.equipment.tiles import KINDS, Tile, parse_tile
from croupier.game import settled_wagers
from croupier.hands.paigow import HouseWay, Setting, distinct_hands, settings
from croupier.money import VIGORISH_RATE
from croupier.rules.pai_gow import PaiGowRules

GAME = "pai-gow"
HOUSE_WAY_WAGER = "pai_gow:house_way"
OPTIMAL_WAGER = "pai_gow:optimal"
PLAYER_BANK_WAGER = "pai_gow:player_bank"

PLAYER_HANDS = 35_960
"""C(32, 4): four-tile hands from a set, tiles told apart."""
DEALER_HANDS = 20_475
"""C(28, 4): the dealer's hands from the 28 tiles the player does not hold."""

Floats = npt.NDArray[np.float64]


# --- the hands as arrays ------------------------------------------------------------------
@dataclass(frozen=True)
class _Hands:
    """The 8,130 distinct hands with the number of ways to draw each from a set, and for
    every kind of tile and count the player holds, the factor by which that changes the
    number of ways to draw each dealer hand from the tiles left (1, 1/2 or 0: exact in
    binary floating point)."""

    hands: tuple[tuple[Tile, Tile, Tile, Tile], ...]
    ways: Floats
    factor: dict[tuple[Tile, int], Floats]


@cache
def _hands() -> _Hands:
    hands = tuple(hand for hand, _ in distinct_hands())
    ways = np.array([count for _, count in distinct_hands()], dtype=np.float64)
    counts = np.zeros((len(hands), len(KINDS)), dtype=np.int64)
    for i, hand in enumerate(hands):
        for tile in hand:
            counts[i, tile] += 1
    factor: dict[tuple[Tile, int], Floats] = {}
    for tile in KINDS:
        for held in range(1, tile.copies + 1):
            table = np.array(
                [
                    comb(tile.copies - held, d) / comb(tile.copies, d) if d <= tile.copies else 0.0
                    for d in range(5)
                ]
            )
            factor[(tile, held)] = table[counts[:, tile]]
    return _Hands(hands, ways, factor)


def _keys(setting: Setting) -> tuple[int, int]:
    return setting.high_rank.key, setting.low_rank.key


# --- the analysis ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SettingAdvice:
    """The three settings of one hand against a dealer using a house way, each with its
    expected result per unit wagered (5% vigorish), the best first found: ``best`` is the
    index of the optimal setting (the house way's where it is as good), ``house_way`` the
    index of the house way's setting."""

    tiles: tuple[Tile, Tile, Tile, Tile]
    settings: tuple[Setting, Setting, Setting]
    expected: tuple[Fraction, Fraction, Fraction]
    wins: tuple[int, int, int]
    losses: tuple[int, int, int]
    best: int
    house_way: int

    @property
    def setting(self) -> Setting:
        """The optimal setting."""
        return self.settings[self.best]


@dataclass(frozen=True)
class Analysis:
    """Counts over all 736,281,000 deals (a player hand and a dealer hand from the other
    28 tiles) for a house-way player and an optimal player; ``seconds`` the time taken."""

    way: HouseWay
    total: int
    house_way: tuple[int, int, int]
    """(wins, ties, losses) of a house-way player, in deals."""
    optimal: tuple[int, int, int]
    """(wins, ties, losses) of an optimal player, in deals."""
    advice: dict[tuple[Tile, ...], SettingAdvice]
    seconds: float

    def probabilities(self, which: str) -> tuple[Fraction, Fraction, Fraction]:
        """(win, tie, lose) probabilities of ``"house_way"`` or ``"optimal"``."""
        counts = self.house_way if which == "house_way" else self.optimal
        return tuple(Fraction(n, self.total) for n in counts)  # type: ignore[return-value]

    def expected(self, which: str, rate: Fraction = VIGORISH_RATE) -> Fraction:
        """Expected result per unit wagered: win ``1 - rate``, lose 1, tie 0."""
        win, _, lose = self.probabilities(which)
        return win * (1 - rate) - lose


def analyze(way: HouseWay, rate: Fraction = VIGORISH_RATE) -> Analysis:
    """Every player hand against every dealer hand with the dealer setting by ``way``
    (621a.10(d)); a house-way player and an optimal player (the setting of greatest
    expected result, win paying ``1 - rate``). Cached per way and rate."""
    return _analyze(way, rate)


@cache
def _analyze(way: HouseWay, rate: Fraction) -> Analysis:
    began = time.perf_counter()
    h = _hands()
    dealer = [_keys(way.set(hand)) for hand in h.hands]
    order = np.argsort(np.array([k[0] for k in dealer]), kind="stable")
    dh = np.array([dealer[i][0] for i in order], dtype=np.int64)
    dl = np.array([dealer[i][1] for i in order], dtype=np.int64)
    ways_d = h.ways[order]
    factor = {key: vector[order] for key, vector in h.factor.items()}
    options = [settings(hand) for hand in h.hands]
    below = {
        low: (dl < low).astype(np.float64)
        for low in {option.low_rank.key for three in options for option in three}
    }
    hw_counts = [0, 0, 0]
    opt_counts = [0, 0, 0]
    advice: dict[tuple[Tile, ...], SettingAdvice] = {}
    for p, hand in enumerate(h.hands):
        weight = ways_d.copy()
        for tile in set(hand):
            weight *= factor[(tile, hand.count(tile))]
        found, total = _advice(hand, options[p], way.set(hand), weight, dh, below, 1 - rate)
        ways = round(float(h.ways[p]))
        for counts, i in ((hw_counts, found.house_way), (opt_counts, found.best)):
            counts[0] += ways * found.wins[i]
            counts[2] += ways * found.losses[i]
            counts[1] += ways * (total - found.wins[i] - found.losses[i])
        advice[hand] = found
    grand = PLAYER_HANDS * DEALER_HANDS
    assert sum(hw_counts) == grand and sum(opt_counts) == grand
    return Analysis(
        way=way,
        total=grand,
        house_way=(hw_counts[0], hw_counts[1], hw_counts[2]),
        optimal=(opt_counts[0], opt_counts[1], opt_counts[2]),
        advice=advice,
        seconds=time.perf_counter() - began,
    )


def _advice(
    hand: tuple[Tile, Tile, Tile, Tile],
    options: tuple[Setting, Setting, Setting],
    chosen: Setting,
    weight: npt.NDArray[np.float64],
    dh: npt.NDArray[np.int64],
    below: dict[int, npt.NDArray[np.float64]],
    win_value: Fraction,
) -> tuple[SettingAdvice, int]:
    """The advice on ``hand`` (its settings ``options``, the house way's ``chosen``), a
    win paying ``win_value``, against the dealer's hands as :func:`_wins_and_losses`
    takes them; and how many dealer hands there are beside it."""
    running = np.cumsum(weight)
    total = round(float(running[-1]))
    wins, losses = _wins_and_losses(options, weight, running, dh, below)
    scale, win_num = win_value.denominator, win_value.numerator
    hw = next(i for i, option in enumerate(options) if option.same_as(chosen))
    score = [win_num * w - scale * lose for w, lose in zip(wins, losses, strict=True)]
    best_score = max(score)
    best = hw if score[hw] == best_score else score.index(best_score)
    expected = [Fraction(each, scale * total) for each in score]
    found = SettingAdvice(
        tiles=hand,
        settings=options,
        expected=(expected[0], expected[1], expected[2]),
        wins=(wins[0], wins[1], wins[2]),
        losses=(losses[0], losses[1], losses[2]),
        best=best,
        house_way=hw,
    )
    return found, total


def _wins_and_losses(
    options: Sequence[Setting],
    weight: npt.NDArray[np.float64],
    running: npt.NDArray[np.float64],
    dh: npt.NDArray[np.int64],
    below: dict[int, npt.NDArray[np.float64]],
) -> tuple[list[int], list[int]]:
    """How many dealer hands each of the player's settings ``options`` wins and loses
    against: the dealer's hands (``dh``, their high hands' keys, sorted) ``weight``-ed by
    how many ways each is dealt beside the player's tiles (``running``: their cumulative
    sum), ``below[low]`` 1 where the dealer's low hand is below ``low``."""
    wins: list[int] = []
    losses: list[int] = []
    for option in options:
        high, low = _keys(option)
        k = int(np.searchsorted(dh, high, side="left"))
        lower = below[low]
        win = float(weight[:k] @ lower[:k])
        above = float(running[-1]) - (float(running[k - 1]) if k else 0.0)
        lose = above - float(weight[k:] @ lower[k:])
        wins.append(round(win))
        losses.append(round(lose))
    return wins, losses


def optimal_setting(tiles: Sequence[Tile | str], way: HouseWay) -> SettingAdvice:
    """The optimal setting of four ``tiles`` against a dealer using ``way``, with the
    expected result of each setting (the lookup a player may consult)."""
    hand = tuple(sorted(parse_tile(t) for t in tiles))
    return analyze(way).advice[hand]


# --- the par sheet ---------------------------------------------------------------------------
PLAYER_LABELS = (
    "win: both hands higher",
    "tie: one hand higher",
    "lose: neither hand higher (copies to the dealer)",
)
BANK_LABELS = (
    "the bank wins: neither of the player's hands higher",
    "tie: one hand higher",
    "the bank loses: both of the player's hands higher",
)


def _figures(
    wager: str,
    probabilities: tuple[Fraction, Fraction, Fraction],
    nets: tuple[Fraction, Fraction, Fraction],
    labels: tuple[str, str, str],
    *,
    strategy: str,
    description: str,
) -> WagerFigures:
    hits = (True, False, False)
    return WagerFigures.from_outcomes(
        wager,
        [
            OutcomeFigures(label, p, net, hit)
            for label, p, net, hit in zip(labels, probabilities, nets, hits, strict=True)
        ],
        strategy=strategy,
        description=description,
    )


def wager_figures(rules: PaiGowRules) -> list[WagerFigures]:
    """``pai_gow:house_way``, ``pai_gow:optimal`` and ``pai_gow:player_bank`` under the
    dealer's house way of ``rules``; per unit wagered, the 5% vigorish exact."""
    way = rules.dealer_way
    result = analyze(way)
    win = 1 - VIGORISH_RATE
    nets = (win, Fraction(0), Fraction(-1))
    hw = result.probabilities("house_way")
    opt = result.probabilities("optimal")
    bank = (hw[2], hw[1], hw[0])
    return [
        _figures(
            HOUSE_WAY_WAGER,
            hw,
            nets,
            PLAYER_LABELS,
            strategy=f"house way {way.name}",
            description=f"a player setting by the dealer's house way ({way.title})",
        ),
        _figures(
            OPTIMAL_WAGER,
            opt,
            nets,
            PLAYER_LABELS,
            strategy=f"optimal against house way {way.name}",
            description="a player setting each hand for the greatest expected result",
        ),
        _figures(
            PLAYER_BANK_WAGER,
            bank,
            nets,
            BANK_LABELS,
            strategy=f"house way {way.name} on both sides",
            description=(
                "a player bank against one house-way player, per unit of that player's "
                "wager; the bank pays the vigorish on its surplus (621a.11(o))"
            ),
        ),
    ]


def par_sheet(rules: PaiGowRules | None = None) -> ParSheet:
    """The exact par sheet of Pai Gow under ``rules`` (default: the defaults)."""
    rules = rules if rules is not None else PaiGowRules()
    figures = wager_figures(rules)
    way = rules.dealer_way
    result = analyze(way)
    hw, opt = figures[0], figures[1]
    changed = sum(1 for a in result.advice.values() if a.best != a.house_way)
    if opt.expected_return > 0:
        verdict = (
            f"WARNING: a player who sets optimally HAS THE ADVANTAGE against house way "
            f"{way.name}: expected return {percent(opt.expected_return)} per unit wagered."
        )
    else:
        verdict = (
            f"An optimal player does not have the advantage against house way {way.name}: "
            f"house edge {percent(opt.house_edge)} (exact {exact_text(opt.house_edge)}), "
            f"against {percent(hw.house_edge)} for a house-way player."
        )
    notes = [
        "Exact: every player hand against every dealer hand from the other 28 tiles "
        f"({result.total:,} deals); figures per unit wagered, a win paying 1 to 1 less the "
        "5% vigorish (621a.10(k)).",
        verdict,
        f"The optimal player sets {changed:,} of the 8,130 distinct hands differently from "
        "the house way.",
        "pai_gow:player_bank is the bank's result per unit of one house-way player's wager; "
        "with several players the vigorish is taken on the bank's net surplus only "
        "(621a.11(o)), which favours the bank a little more.",
    ]
    if rules.vigorish_to_quarter:
        notes.append(
            "The vigorish is rounded up to 25 cents (621a.10(k)): on a wager that is a "
            "multiple of $5 it is exactly 5%; on others it is more than these figures assume."
        )
    return ParSheet(
        game=GAME,
        variant=way.name,
        wagers=tuple(figures),
        notes=tuple(notes),
        rules_sha256=rules.sha256(),
    )


def _same(one: Setting, other: Setting) -> bool:
    """Whether two settings put the same tiles (by kind and copy) in each hand."""
    return sorted(one.high) == sorted(other.high) and sorted(one.low) == sorted(other.low)


def expected_given_decisions(round_: Any) -> dict[str, Fraction]:
    """The house's expected win (cents, exact) on ``pai_gow:house_way`` in the settled
    ``round_`` (a Pai Gow round replayed from its events) given how each player set his
    tiles (the hold report's observed-decisions theoretical win,
    :mod:`croupier.reports.observed`): each wager's stake times minus the exact expected
    result of the setting played against every dealer hand of the other 28 tiles set by
    the dealer's house way (:func:`optimal_setting`, 621a.10(d), (g)-(k)). Where a player
    banks, none (the wagers are against the bank, as the policy's ``par_wagers`` counts
    them). Raises ``ValueError`` for a settled wager whose seat set no hands."""
    state = round_.state
    if state.bank is not None:
        return {}
    way = state.rules.dealer_way
    total = Fraction(0)
    for event in settled_wagers(round_.events):
        played: Setting | None = state.settings.get(event.seat)
        if played is None:
            raise ValueError(f"seat {event.seat}'s wager is settled but it set no hands")
        advice = optimal_setting(played.tiles, way)
        index = next(
            (i for i, setting in enumerate(advice.settings) if _same(setting, played)),
            advice.house_way,
        )
        total -= event.amount * advice.expected[index]
    return {HOUSE_WAY_WAGER: total}


def enumeration(figures: WagerFigures, rules: PaiGowRules) -> Enumeration:
    """Every wager's counts are out of the 736,281,000 deals (the lab sheet,
    :mod:`croupier.analysis.lab_sheet`): four of the 32 tiles to the player, four of the
    other 28 to the dealer, tiles told apart, each deal set by the wager's way."""
    return Enumeration(
        PLAYER_HANDS * DEALER_HANDS,
        "deals of four of the 32 tiles to the player and four of the other 28 to the dealer, "
        "C(32, 4) x C(28, 4), tiles told apart, equally likely",
    )


__all__ = [
    "DEALER_HANDS",
    "HOUSE_WAY_WAGER",
    "OPTIMAL_WAGER",
    "PLAYER_BANK_WAGER",
    "PLAYER_HANDS",
    "Analysis",
    "SettingAdvice",
    "analyze",
    "enumeration",
    "expected_given_decisions",
    "optimal_setting",
    "par_sheet",
    "wager_figures",
]
