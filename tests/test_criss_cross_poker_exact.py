"""The exact mathematics of Criss-Cross Poker (ch. 674a), checked against values derived
independently: the counts of five-card Poker hands from combinatorics, the Five Card
Bonus return from those counts and the 674a.12(c) paytable typed from the text, the
advisor (numpy, readable) against the kernel (numba), and the whole game simulated
through the engine with the computed strategy (slow)."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis.exact.criss_cross_poker import (
    OUT_WIDE,
    PAY_BY_RANK,
    _solve_all,
    across_value,
    bonus_distribution,
    bonus_figures,
    down_value,
    middle_value,
    par_sheet,
    solve,
    solved,
    starting_classes,
)
from croupier.analysis.tables import CACHE_ENV, forget
from croupier.engine import DEALER, WagerSettled
from croupier.equipment.cards import Card, parse_cards
from croupier.games.criss_cross_poker import (
    AnnounceNoMoreBets,
    CountStub,
    CrissCrossPokerRound,
    CutCards,
    DealCards,
    Fold,
    PlaceAntes,
    PlaceWager,
    RevealCommunityCards,
    ShuffleCards,
)
from croupier.hands.poker import evaluate_many
from croupier.rng import SeededRng
from croupier.rules.criss_cross_poker import CrissCrossPokerRules

EXACT_VALUE = Fraction(-579091, 6689228)
"""The exact expected net per round in antes under optimal play (from :func:`solve`,
re-checked by the slow test and agreed with by simulation)."""


def c(text: str) -> int:
    return int(Card.parse(text))


def test_bonus_counts_are_the_poker_frequencies() -> None:
    """674a.12(c): the community cards fall on each line as often as combinatorics says:
    4 royal flushes, 36 straight flushes, 13 x 48 fours, 13 x 4 x 12 x 6 full houses,
    4 x (C(13,5) - 10) flushes, 10 x (4^5 - 4) straights, 13 x 4 x C(12,2) x 16 threes,
    C(13,2) x 6 x 6 x 44 two pairs, 13 x 6 x C(12,3) x 64 pairs (9 ranks of 13 are 6s or
    better)."""
    pair_each = 6 * math.comb(12, 3) * 64
    expected = {
        "royal_flush": 4,
        "straight_flush": 36,
        "four_of_a_kind": 13 * 48,
        "full_house": 13 * 4 * 12 * 6,
        "flush": 4 * (math.comb(13, 5) - 10),
        "straight": 10 * (4**5 - 4),
        "three_of_a_kind": 13 * 4 * math.comb(12, 2) * 16,
        "two_pair": math.comb(13, 2) * 36 * 44,
        "pair_of_jacks_or_better": 4 * pair_each,
        "pair_of_6s_through_10s": 5 * pair_each,
    }
    expected["less_than_a_pair_of_6s"] = math.comb(52, 5) - sum(expected.values())
    assert {str(k): v for k, v in bonus_distribution().items()} == expected


def test_bonus_house_edge_by_hand() -> None:
    """674a.12(c): 250, 100, 40, 15, 10, 6, 4, 3 and 1 to 1 on those counts."""
    pair_each = 6 * math.comb(12, 3) * 64
    wins = (
        4 * 250
        + 36 * 100
        + 624 * 40
        + 3744 * 15
        + 5108 * 10
        + 10200 * 6
        + 54912 * 4
        + 123552 * 3
        + 9 * pair_each
    )
    winners = 4 + 36 + 624 + 3744 + 5108 + 10200 + 54912 + 123552 + 9 * pair_each
    total = math.comb(52, 5)
    figures = bonus_figures()
    assert figures.expected_return == Fraction(wins - (total - winners), total)
    assert figures.hit_frequency == Fraction(winners, total)


def test_bet_pay_by_rank() -> None:
    """674a.12(b): royal 500, straight flush 100, ..., jacks 1, 6s-10s push, 5s lose."""
    hands = [
        ("As Ks Qs Js Ts", 500),
        ("9h 8h 7h 6h 5h", 100),
        ("9c 9d 9h 9s 2c", 40),
        ("3c 3d 3h 2s 2h", 12),
        ("Kc 9c 6c 4c 2c", 8),
        ("Ac 2d 3h 4s 5c", 5),
        ("5c 5d 5h Kd 2c", 3),
        ("4c 4h 2s 2d Kc", 2),
        ("Jc Jd Kh 9s 2c", 1),
        ("Tc Td Kh 9s 2c", 0),
        ("6c 6d Kh 9s 2c", 0),
        ("5c 5d Kh 9s 2c", -1),
        ("Ac Kd Qh 9s 2c", -1),
    ]
    ranks = evaluate_many([parse_cards(text) for text, _ in hands])
    assert [int(PAY_BY_RANK[r]) for r in ranks] == [pay for _, pay in hands]


def test_starting_classes() -> None:
    """Suit symmetry: 13 pairs x 6, 78 suited x 4, 78 offsuit x 12 = 1,326 hands."""
    classes = starting_classes()
    assert len(classes) == 169
    assert sum(weight for _, weight, _ in classes) == math.comb(52, 2)


def test_kernel_extremes_and_advisor() -> None:
    """A 3-2 offsuit folds at once (exactly -2 antes). A pair of aces bets 3x and is worth
    at least 11 antes (both antes 1 to 1 and three 3x bets at least 1 to 1 on a pair of
    aces in both hands). The numpy advisor's Middle decision agrees with a count by
    hand: ace-king with 2-7 across and 9-J down and no pair has 46 middle cards, of which
    the 3 aces and 3 kings make a pair in both hands."""
    assert across_value((c("3c"), c("2d"))) == (0, Fraction(-2))
    choice, value = across_value((c("Ah"), c("Ad")))
    assert choice == 3 and value >= 11
    # By hand, Across Ah Kd 2c 7s + M and Down Ah Kd 9c Js + M, bets 1x and 1x, a Middle
    # Bet of m: an ace or king (6 cards) nets 4 + m; a 2 (3) nets -4 - m; a 7 (3) pushes
    # the Ante Across and Across Bet and loses the rest: -2; a 9 (3) likewise -2; a jack
    # (3) wins the Down side and the Middle, loses the Across side: m; the other 28 cards
    # net -4 - m. In all -112 - 22m over 46 cards: 1x gives -134/46 = -67/23, 3x -178/46,
    # folding -4 = -184/46. So 1x.
    choice, value = middle_value((c("Ah"), c("Kd")), (c("2c"), c("7s")), (c("9c"), c("Js")), 1, 1)
    assert (choice, value) == (1, Fraction(-67, 23))
    d_choice, d_value = down_value((c("Ah"), c("Kd")), (c("2c"), c("7s")), 1)
    assert d_choice in (0, 1, 3) and d_value >= -3


ATS_ROW: dict[int, int] = {
    0: 40184706, 1: 1, 14: 282348, 15: 28345200, 16: 34935252, 41: -1129392, 42: -92822808,
    43: 134136906, 68: 4517568, 69: 589468776, 70: 28923237222, 96: 3806496, 97: 20833470,
    123: 13660272, 124: 174742350,
}  # fmt: skip
"""Every non-zero entry of the kernel's row for ace-ten suited (value, Across choice,
per path its cases, their nets, squared nets, wins and won nets), as the earlier one-pass
kernel computed it: moments summed for all four Across and Down Bets over all 64 card
slots before the decisions were known (croupier before the two-pass solve)."""
AA_ROW: dict[int, int] = {
    0: 1114690848, 1: 3, 28: 63562800, 55: 1114690848, 82: 43180241664, 109: 63562800,
    136: 1114690848,
}  # fmt: skip
"""The same for a pair of aces: always 3x, 3x, 3x; every case won."""


@pytest.mark.parametrize(("name", "row"), [("ATs", ATS_ROW), ("AA", AA_ROW)])
def test_moments_along_the_optimal_path_are_those_of_every_path(
    name: str, row: dict[int, int]
) -> None:
    """The two-pass kernel (value first, moments along the optimal decisions only) gives
    the row the one-pass kernel gave (every bet combination, every card slot) for the
    class's representative."""
    out = np.zeros((1, OUT_WIDE), dtype=np.int64)
    [hand] = [rep for rep, _, named in starting_classes() if named == name]
    cards = np.array([hand], dtype=np.int64)
    _solve_all(cards, PAY_BY_RANK, out, True)
    found = {int(k): int(out[0, k]) for k in np.flatnonzero(out[0, :137])}
    assert found == row


@pytest.mark.slow
def test_full_solution() -> None:
    """The whole game: the exact value, path probabilities summing to one, and the
    return equal to the sum over paths of probability x expected net."""
    solution = solve()
    assert solution.value == EXACT_VALUE
    assert sum(solution.paths.values()) == 1
    assert sum(p * solution.path_nets[k] for k, p in solution.paths.items()) == EXACT_VALUE
    assert solution.across["32o"][0] == "fold" and solution.across["AA"][0] == "3x"
    assert solution.second_moment is None
    sheet = par_sheet()
    antes = sheet.wager("antes")
    assert antes.house_edge == -EXACT_VALUE / 2
    assert sum(o.probability for o in antes.outcomes) == 1
    # the variance of a round is at least the variance of the path means
    between = sum(
        (p * (solution.path_nets[k] - EXACT_VALUE) ** 2 for k, p in solution.paths.items()),
        Fraction(0),
    )
    assert (2 * antes.std_dev) ** 2 >= float(between)


@pytest.mark.slow
def test_simulation_through_the_engine_agrees() -> None:
    """Rounds played through the engine with the advisor's decisions (Across from the
    kernel, Down and Middle from the numpy advisor) net on average the exact value,
    within 3.29 standard errors."""
    rules = CrissCrossPokerRules()
    nets = []
    across_cache: dict[tuple[int, int], int] = {}
    for seed in range(600):
        rnd = CrissCrossPokerRound.open(
            rules, table_id="S", round_id=str(seed), seats={1: "p"}, rng=SeededRng(seed)
        )
        rnd.handle(PlaceAntes(seat=1, ante_across=500, ante_down=500), 1)
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        rnd.handle(ShuffleCards(), DEALER)
        rnd.handle(CutCards(position=20), DEALER)
        rnd.handle(DealCards(all_remaining=True), DEALER)
        rnd.handle(CountStub(), DEALER)
        state = rnd.state
        player = (int(state.hands[1][0]), int(state.hands[1][1]))
        cross = [int(x) for x in state.hands["community"]]
        far, left, _, right, near = cross
        key = tuple(sorted(player))
        if key not in across_cache:
            across_cache[key] = across_value(player)[0]  # type: ignore[arg-type]
        a = across_cache[key]
        bets = [a]
        if a:
            d = down_value(player, (left, right), a)[0]
            bets.append(d)
            if d:
                bets.append(middle_value(player, (left, right), (far, near), a, d)[0])
        for spot, multiple in zip(("across", "down", "middle"), bets, strict=False):
            if multiple:
                rnd.handle(PlaceWager(seat=1, spot=spot, amount=500 * multiple), 1)
            else:
                rnd.handle(Fold(seat=1), 1)
            rnd.handle(RevealCommunityCards(), DEALER)
        while not rnd.finished:
            rnd.handle(RevealCommunityCards(), DEALER)
        total = 0
        for event in rnd.events:
            if isinstance(event, WagerSettled):
                total += event.won if event.outcome != "lose" else -event.amount
        nets.append(Fraction(total, 500))
    n = len(nets)
    mean = sum(nets, Fraction(0)) / n
    variance = sum(((x - mean) ** 2 for x in nets), Fraction(0)) / (n - 1)
    assert abs(float(mean - EXACT_VALUE)) <= 3.29 * math.sqrt(float(variance) / n)


@pytest.mark.slow
def test_the_cached_solve_is_the_solve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The par sheet's solve (:func:`solved`: the kernel's rows kept in the analysis cache
    on disk) is :func:`solve` with moments, exactly, when built and when read back from
    the disk by a process that holds nothing."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    forget()
    try:
        fresh = solve(moments=True)
        built = solved()
        assert list(tmp_path.glob("criss-cross-poker.moments*"))
        forget()
        read = solved()
    finally:
        forget()
    for found in (built, read):
        assert found.value == fresh.value == EXACT_VALUE
        assert found.second_moment == fresh.second_moment is not None
        assert (found.across, found.paths) == (fresh.across, fresh.paths)
        assert (found.path_nets, found.path_wins) == (fresh.path_nets, fresh.path_wins)
