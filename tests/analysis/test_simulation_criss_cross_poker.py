"""The Criss-Cross Poker simulation kernel (croupier.analysis.simulation.criss_cross_poker)
against values derived without it.

Quick: the kernel's four-card evaluation against the fast evaluator on all 2,598,960
hands; the suit permutation taking every two-card hand to its class's representative;
a round settled by hand (674a.11, 674a.12); the Five Card Bonus of 200,000 dealt rounds
within the 99.9% interval of its exact return (with a stand-in strategy that folds every
hand at the Across decision, so every antes result is exactly -2 antes).

Slow (the strategy table is the exact enumeration, about 25 s, and the par sheet's
exact variance a minute or two more): :func:`sample`'s mean of each wager within the
99.9% confidence interval (z = 3.29, the par sheet's exact standard deviation) of the
par sheet's exact return; and rounds played through the engine with the exact module's
advisor (Across, Down and Middle decisions computed per situation) settle, deal by deal,
exactly as the kernel settles the same cards, with the same bets.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numba
import numpy as np
import numpy.typing as npt
import pytest

from croupier.analysis.exact.criss_cross_poker import (
    PAY_BY_RANK,
    across_value,
    bonus_figures,
    down_value,
    middle_value,
    par_sheet,
    starting_classes,
)
from croupier.analysis.simulation import criss_cross_poker as sim
from croupier.analysis.simulation.pcg64 import generator_state
from croupier.engine import DEALER, WagerSettled
from croupier.equipment.cards import Card
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
from croupier.hands.poker import all_five_card_hands, evaluate_many
from croupier.rng import SeededRng
from croupier.rules.criss_cross_poker import CrissCrossPokerRules

Z = 3.29
"""Two-sided 99.9% normal quantile."""


def c(text: str) -> int:
    return int(Card.parse(text))


@numba.njit(cache=False)
def _pays_by_four(hands: npt.NDArray[np.int8], out: npt.NDArray[np.int64]) -> None:
    for i in range(hands.shape[0]):
        key, suit, mask = sim._four(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3])
        out[i] = sim._pay_with(key, suit, mask, hands[i, 4])


@numba.njit(cache=False)
def _pays_by_pairs(hands: npt.NDArray[np.int8], out: npt.NDArray[np.int64]) -> None:
    """The settlement's pay of a hand not all of one suit: its row by the two pairs of
    ranks of its first four cards, the fifth card's rank."""
    for i in range(hands.shape[0]):
        first = sim._pair_index_nb(hands[i, 0], hands[i, 1])
        second = sim._pair_index_nb(hands[i, 2], hands[i, 3])
        out[i] = sim._PAIR_ROWS[sim._two_pairs_nb(first, second), hands[i, 4] >> 2]


def test_four_card_evaluation_is_the_fast_evaluator() -> None:
    """Four cards summed and a fifth added give the bet pay of the evaluated hand, on
    every five-card hand (flushes and royal flushes included); the rows by two pairs of
    ranks give it on every hand not all of one suit."""
    hands = all_five_card_hands()
    expected = PAY_BY_RANK[evaluate_many(hands)].astype(np.int64)
    for order in ((0, 1, 2, 3, 4), (4, 2, 0, 3, 1)):
        got = np.empty(len(hands), dtype=np.int64)
        _pays_by_four(np.ascontiguousarray(hands[:, order]), got)
        assert np.array_equal(got, expected)
    assert (expected == 500).sum() == 4  # the four royal flushes pay 500 to 1
    offsuit = np.flatnonzero((hands & 3).min(axis=1) != (hands & 3).max(axis=1))
    for order in ((0, 1, 2, 3, 4), (3, 4, 2, 1, 0)):
        got = np.empty(offsuit.size, dtype=np.int64)
        _pays_by_pairs(np.ascontiguousarray(hands[offsuit][:, order]), got)
        assert np.array_equal(got, expected[offsuit])


def _situations(rng: np.random.Generator, count: int, suited: bool) -> list[list[int]]:
    """``count`` sets of six distinct cards (player's two, far, left, right, near); with
    ``suited`` the player's cards and two of the outer cards of one suit, the outer
    cards in random boxes (a third of the time both in one hand's boxes: a four-flush)."""
    rows = []
    for _ in range(count):
        if not suited:
            rows.append([int(c) for c in rng.permutation(52)[:6]])
            continue
        picks = [int(c) for c in rng.choice(range(int(rng.integers(4)), 52, 4), 4, replace=False)]
        rest = [int(c) for c in rng.permutation(52) if c not in picks][:2]
        outer = [int(c) for c in rng.permutation([picks[2], picks[3], *rest])]
        rows.append([picks[0], picks[1], *outer])
    return rows


def test_middle_sums_are_the_sums_over_every_middle_card() -> None:
    """The kernel's sums for the Middle decision (by rank, with flush corrections) equal
    the sums over the 46 possible middle cards, each Across and Down Hand evaluated by the
    fast evaluator: 2,000 random situations and 1,000 with four cards of one suit in a
    hand (where a flush can come)."""
    rng = np.random.default_rng(674)
    for situations in (_situations(rng, 2000, False), _situations(rng, 1000, True)):
        for p0, p1, far, left, right, near in situations:
            middles = [m for m in range(52) if m not in (p0, p1, far, left, right, near)]
            across = np.array([[p0, p1, left, right, m] for m in middles], dtype=np.int8)
            down = np.array([[p0, p1, far, near, m] for m in middles], dtype=np.int8)
            x = PAY_BY_RANK[evaluate_many(across)].astype(np.int64)
            y = PAY_BY_RANK[evaluate_many(down)].astype(np.int64)
            expected = (
                int((np.minimum(x, 1) + np.minimum(y, 1)).sum()),
                int(x.sum()),
                int(y.sum()),
                int(np.maximum(x, y).sum()),
            )
            assert sim._middle_sums(p0, p1, far, left, right, near, sim._ROWS) == expected


def test_middle_decisions_are_the_exact_analysis_decisions() -> None:
    """The Middle decision the kernel plays (from the table by ranks, or summed where a
    hand's four known cards share a suit) is the exact analysis's
    (:func:`middle_value`, every middle card evaluated) after Across and Down Bets of 1
    or 3 antes each: 400 random situations and 200 with a four-card suit in play, with
    stand-in strategies that make every bet."""
    rng = np.random.default_rng(6741)
    situations = _situations(rng, 400, False) + _situations(rng, 200, True)
    deals = []
    for p0, p1, far, left, right, near in situations:
        middle = next(m for m in range(52) if m not in (p0, p1, far, left, right, near))
        deals.append([far, left, middle, right, near, p0, p1])
    for a in (1, 3):
        for d in (1, 3):
            _, _, bets = _settle_with(
                np.full(169, a, dtype=np.int8), np.full((169, 2, 1225), d, dtype=np.int8), deals
            )
            assert (bets[:, 0] == a).all() and (bets[:, 1] == d).all()
            for (p0, p1, far, left, right, near), bet in zip(situations, bets[:, 2], strict=True):
                assert bet == middle_value((p0, p1), (left, right), (far, near), a, d)[0]


def test_middle_table_is_the_rule_on_the_sums() -> None:
    """Every deal whose Middle decision comes from the table by ranks (no four known cards
    of one suit in a hand), 100,000 random ones for each Across and Down Bet: the decision
    is that of the kernel's sums over the 46 middle cards (checked against every middle
    card in ``test_middle_sums_are_the_sums_over_every_middle_card``) by 674a.11(f): a
    bet of 3 antes where the higher hand's pays sum above 0, else of 1, and a fold where
    the round's expected net is no better than losing the antes and both bets."""
    rng = np.random.default_rng(6742)
    deals = np.array([rng.permutation(52)[:7] for _ in range(100_000)], dtype=np.int64)
    suits = deals & 3
    across_four = (suits[:, [1, 3, 6]] == suits[:, [5]]).all(axis=1)
    down_four = (suits[:, [0, 4, 6]] == suits[:, [5]]).all(axis=1)
    deals = deals[~across_four & ~down_four]
    for a in (1, 3):
        for d in (1, 3):
            _, _, bets = _settle_with(
                np.full(169, a, dtype=np.int8),
                np.full((169, 2, 1225), d, dtype=np.int8),
                deals.tolist(),
            )
            for (far, left, _, right, near, p0, p1), bet in zip(
                deals.tolist(), bets[:, 2].tolist(), strict=True
            ):
                ante, sa, sd, s = sim._middle_sums(p0, p1, far, left, right, near, sim._ROWS)
                m = 3 if s > 0 else 1
                fold = ante + a * sa + d * sd + m * s <= -(2 + a + d) * 46
                assert bet == (0 if fold else m)


def test_every_hand_goes_to_its_class_representative() -> None:
    """The suit permutation takes each of the 1,326 two-card hands to the representative
    of its class, and each class holds as many hands as starting_classes says."""
    classes = starting_classes()
    sigma = np.empty(4, dtype=np.int64)
    seen = np.zeros(len(classes), dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            index = sim._suit_map(a, b, sigma)
            assert sorted(sigma) == [0, 1, 2, 3]
            mapped = {4 * (x >> 2) + int(sigma[x & 3]) for x in (a, b)}
            assert mapped == set(classes[index][0]), (a, b, index)
            seen[index] += 1
    assert list(seen) == [weight for _, weight, _ in classes]


def test_the_kernels_tables_are_the_evaluators() -> None:
    """The kernel's own tables give what the hand evaluator and the suit map give: the
    Five Card Bonus of 20,000 random community cards and 5,000 all of one suit (its code
    rows against the bonus of ``evaluate_many``'s rank), and the class and suit
    permutation of every two player cards (the packed table against ``_suit_map``)."""
    rng = np.random.default_rng(6741)
    communities = [rng.permutation(52)[:5] for _ in range(20_000)]
    communities += [4 * rng.permutation(13)[:5] + s for s in rng.integers(0, 4, 5_000)]
    for cards in communities:
        far, left, middle, right, near = (int(x) for x in cards)
        code = sim._bonus_of(far, left, middle, right, near, sim._PAIR_BONUS_ROWS)
        rank = evaluate_many(np.array([cards], dtype=np.int8))[0]
        assert sim._BONUS_NETS[code] == sim._BONUS_BY_RANK[rank]
    sigma = np.empty(4, dtype=np.int64)
    for p0 in range(52):
        for p1 in range(52):
            if p0 != p1:
                packed = int(sim._PAIR_MAP[52 * p0 + p1])
                assert packed & 255 == sim._suit_map(p0, p1, sigma)
                assert [(packed >> (8 + 2 * s)) & 3 for s in range(4)] == sigma.tolist()


def _settle_with(
    across: npt.NDArray[np.int8], down: npt.NDArray[np.int8], deals: list[list[int]]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.int8]]:
    n = len(deals)
    antes, bonus = np.empty(n), np.empty(n)
    bets = np.zeros((n, 3), dtype=np.int8)
    sim._settle(
        np.array(deals, dtype=np.int64),
        across,
        down,
        sim._REPRESENTATIVE,
        sim._middle_table(),
        sim._BONUS_NETS,
        antes,
        bonus,
        bets,
        sim._ROWS,
        sim._PAIR_BONUS_ROWS,
    )
    return antes, bonus, bets


def test_a_round_settled_by_hand() -> None:
    """Ah Kd, Across 2c 7s, Down 9c Js, bets 1x and 1x (a stand-in table): the Middle
    decision is 1x (counted by hand in tests/test_criss_cross_poker_exact.py: -67/23 for
    1x against -4 for a fold). Middle card Ac: Across Ah Kd 2c Ac 7s and Down Ah Kd 9c Ac
    Js are both a pair of aces: the antes win 1 to 1, the three 1x bets 1 to 1 (674a.12):
    5 antes, 2.5 per unit of total antes. Middle card 2d: Across a pair of 2s loses its
    ante and bet, Down ace high likewise, the Middle Bet loses: -5 antes. The community
    cards 9c 2c Ac 7s Js are ace high: the bonus loses; with 2d a pair of 2s: loses."""
    ones = np.ones(169, dtype=np.int8)
    down = np.ones((169, 2, 1225), dtype=np.int8)
    deals = [
        [c("9c"), c("2c"), c("Ac"), c("7s"), c("Js"), c("Ah"), c("Kd")],
        [c("9c"), c("2c"), c("2d"), c("7s"), c("Js"), c("Ah"), c("Kd")],
    ]
    antes, bonus, bets = _settle_with(ones, down, deals)
    assert bets.tolist() == [[1, 1, 1], [1, 1, 1]]
    assert antes.tolist() == [2.5, -2.5]
    assert bonus.tolist() == [-1.0, -1.0]
    # the same cards folded at the Down decision: both antes and the Across Bet lost
    antes, _, bets = _settle_with(ones, np.zeros_like(down), deals[:1])
    assert bets.tolist() == [[1, 0, 0]] and antes.tolist() == [-1.5]


def test_five_card_bonus_within_the_exact_interval() -> None:
    """200,000 rounds dealt by the kernel with a stand-in strategy that folds at once:
    every antes result is -2 antes (-1 per unit); the bonus's mean lies within 3.29
    standard errors of the exact return (the exact standard deviation)."""
    n = 200_000
    antes, bonus = np.empty(n), np.empty(n)
    sim._play(
        generator_state(np.random.default_rng(20261129)),
        n,
        np.zeros(169, dtype=np.int8),
        np.zeros((169, 2, 1225), dtype=np.int8),
        sim._REPRESENTATIVE,
        sim._middle_table(),
        sim._BONUS_NETS,
        antes,
        bonus,
        sim._ROWS,
        sim._PAIR_BONUS_ROWS,
    )
    assert (antes == -1.0).all()
    exact = bonus_figures()
    assert abs(bonus.mean() - float(exact.expected_return)) <= Z * exact.std_dev / math.sqrt(n)
    hits = {float(o.net) for o in exact.outcomes}
    assert set(np.unique(bonus).tolist()) <= hits


def test_counts_are_the_sample_counted() -> None:
    """``sample_counts`` (what a run reduces) counts each distinct net of ``sample``'s
    arrays for the same seed, once per round that had it; its rounds whose Middle
    decision is summed (about 2%: some 400 here, more than one batch of ``_DEFER``) are
    counted after the others."""
    arrays = sim.sample(None, 20_000, 31)
    counts = sim.sample_counts(None, 20_000, 31)
    assert list(counts) == list(arrays)
    for wager, array in arrays.items():
        values, rounds = np.unique(array, return_counts=True)
        assert counts[wager] == dict(zip(values.tolist(), rounds.tolist(), strict=True))


@numba.njit(cache=True)
def _raw_and_float(pcg: np.ndarray, twin: np.random.Generator, n: int) -> int:
    """How many of 10,000 draws differ between the two ways."""
    differ = 0
    for _ in range(10_000):
        differ += sim._below_raw(pcg, n) != sim._below(twin, n)
    return differ


def test_raw_draws_are_the_float_draws() -> None:
    """The counting kernel's integer from the generator's raw output (no float) is the
    one ``_below`` makes from ``random()``, draw for draw, for every deck size dealt
    from and a few others."""
    for n in (*range(46, 53), 2, 3, 1000, 2**40 + 7):
        pcg = generator_state(np.random.default_rng(n))
        assert _raw_and_float(pcg, np.random.default_rng(n), n) == 0, n


def test_the_ceiling_deals_what_a_round_needs() -> None:
    """The generator's ceiling (``draws``, what the benchmark divides by) deals seven
    cards a round as the float path does (``_below`` from ``random()``, swapped into the
    front of the deck) and draws no more: after ``rounds`` rounds its deck's first card
    is the last round's far card and its generator is where the float path leaves one."""
    for rounds in (1, 7, 500):
        pcg, twin = generator_state(np.random.default_rng(rounds)), np.random.default_rng(rounds)
        deck = list(range(52))
        for _ in range(rounds):
            for i in range(7):
                j = i + sim._below_py(twin, 52 - i)
                deck[i], deck[j] = deck[j], deck[i]
        assert sim._draws(pcg, rounds) == deck[0]
        assert pcg.tolist() == generator_state(twin).tolist()


def test_rounds_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        sim.sample(None, -1, 0)
    with pytest.raises(ValueError, match="at least 0"):
        sim.sample_counts(None, -1, 0)
    with pytest.raises(ValueError, match="seven distinct cards"):
        sim.settle_deals([[0, 1, 2, 3, 4, 5, 5]])


@pytest.mark.slow
def test_sample_agrees_with_the_par_sheet() -> None:
    """4,000,000 rounds: each wager's mean within 3.29 exact standard errors of the par
    sheet's exact return, and its share of rounds with a positive net within 3.29 binomial
    standard errors of the par sheet's hit frequency; the same seed gives the same arrays,
    another seed others."""
    sheet = par_sheet()
    n = 4_000_000
    result = sim.sample(None, n, 674)
    assert list(result) == [figures.wager for figures in sheet.wagers]
    for figures in sheet.wagers:
        values = result[figures.wager]
        assert values.shape == (n,)
        bound = Z * figures.std_dev / math.sqrt(n)
        assert abs(values.mean() - float(figures.expected_return)) <= bound, figures.wager
        # the hit frequency is the chance that the net is positive: the share of simulated
        # rounds that net more than zero lies within 3.29 binomial standard errors of it
        p = float(figures.hit_frequency)
        won = float((values > 0).mean())
        assert abs(won - p) <= Z * math.sqrt(p * (1 - p) / n), figures.wager
    again = sim.sample(None, 1000, 674)
    other = sim.sample(None, 1000, 675)
    for name, values in again.items():
        assert np.array_equal(values, result[name][:1000])
        assert not np.array_equal(values, other[name])


@pytest.mark.slow
def test_engine_rounds_settle_as_the_kernel_settles_them() -> None:
    """300 rounds through the engine, the decisions from the exact module's advisor
    (computed per situation, not from the table): the kernel, given each round's cards
    in the order dealt, makes the same bets and nets the same, per unit of total antes,
    as the engine's settlement; and the engine's mean lies within the 99.9% interval of
    the kernel's mean over 1,000,000 rounds (two samples)."""
    rules = CrissCrossPokerRules(five_card_bonus=True)
    nets: list[float] = []
    bonus_nets: list[float] = []
    deals: list[list[int]] = []
    advised: list[list[int]] = []
    for seed in range(300):
        rnd = CrissCrossPokerRound.open(
            rules, table_id="S", round_id=str(seed), seats={1: "p"}, rng=SeededRng(seed)
        )
        rnd.handle(PlaceAntes(seat=1, ante_across=500, ante_down=500), 1)
        rnd.handle(PlaceWager(seat=1, spot="five_card_bonus", amount=500), 1)
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        rnd.handle(ShuffleCards(), DEALER)
        rnd.handle(CutCards(position=20), DEALER)
        rnd.handle(DealCards(all_remaining=True), DEALER)
        rnd.handle(CountStub(), DEALER)
        state = rnd.state
        player = (int(state.hands[1][0]), int(state.hands[1][1]))
        cross = [int(x) for x in state.hands["community"]]
        far, left, _, right, near = cross
        deals.append([*cross, *player])
        a = across_value(player)[0]
        bets = [a, 0, 0]
        if a:
            bets[1] = down_value(player, (left, right), a)[0]
            if bets[1]:
                bets[2] = middle_value(player, (left, right), (far, near), a, bets[1])[0]
        advised.append(bets)
        for spot, multiple in zip(("across", "down", "middle"), bets, strict=True):
            if multiple:
                rnd.handle(PlaceWager(seat=1, spot=spot, amount=500 * multiple), 1)
            else:
                rnd.handle(Fold(seat=1), 1)
                break
            rnd.handle(RevealCommunityCards(), DEALER)
        while not rnd.finished:
            rnd.handle(RevealCommunityCards(), DEALER)
        total = bonus = 0
        for event in rnd.events:
            if isinstance(event, WagerSettled):
                net = event.returned + event.won - event.amount
                if "bonus" in str(event.spot):
                    bonus += net
                else:
                    total += net
        nets.append(float(Fraction(total, 1000)))
        bonus_nets.append(float(Fraction(bonus, 500)))
    result, kernel_bets = sim.settle_deals(deals)
    assert kernel_bets.tolist() == advised
    assert result["antes"].tolist() == nets
    assert result["five_card_bonus"].tolist() == bonus_nets
    kernel = sim.sample(None, 1_000_000, 301)["antes"]
    engine = np.array(nets)
    spread = math.sqrt(engine.var(ddof=1) / len(engine) + kernel.var(ddof=1) / len(kernel))
    assert abs(engine.mean() - kernel.mean()) <= Z * spread
