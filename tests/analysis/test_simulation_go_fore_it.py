"""The vectorized Go Fore It simulation against the exact par sheet and the engine.

- **the engine's settlement**: hands dealt by the engine (six seats, seeded shuffles and
  cuts, each seat playing the optimal strategy from its own view, as in
  test_go_fore_it_simulation) are put through the kernel's deal (the partial shuffle
  draws that deal those very cards) and settlement: each seat's front_9 (Front 9 and
  Back 9 together, per Front 9 unit), skins and Gopher nets equal the engine's
  ``WagerSettled`` results;
- **sampling**: a simulated run's mean lies within ``z`` exact standard errors of the
  exact return, its hit frequency likewise, and the frequency of every distinct net
  (for front_9: fold, over par, par, birdie, eagle, albatross) within ``z`` standard
  errors of its exact probability; ``z`` is the 99.9% two-sided normal quantile
  Bonferroni-corrected for the number of figures checked.

The engine test (test_go_fore_it_simulation) checks the engine against the same exact
figures: exact, engine and vectorized simulation agree three ways.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from statistics import NormalDist

import numpy as np
import pytest
from test_go_fore_it_simulation import SEATS, UNIT, play_round

from croupier.analysis.exact.go_fore_it import par_sheet
from croupier.analysis.simulation import go_fore_it as kernel
from croupier.analysis.simulation import run
from croupier.analysis.simulation.base import WagerStats, outcome_stats
from croupier.analysis.simulation.pcg64 import generator_state
from croupier.engine import Outcome, WagerSettled
from croupier.equipment.cards import Card, DealingProcedure, deck
from croupier.rng import SeededRng
from croupier.rules.go_fore_it import GoForeItRules, point_value

GAME = "go-fore-it"


def bonferroni_z(checks: int, level: float = 0.999) -> float:
    """The two-sided normal quantile keeping ``checks`` comparisons at ``level`` together."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * checks))


# --- the engine's deals, settled by the kernel ------------------------------------------
INDEX = {str(card): i for i, card in enumerate(sorted(deck(), key=point_value))}
"""Each card -> a kernel card index of the same point value (the kernel's deck is ordered
by point value: four aces, four of each of 2..9, sixteen ten-count cards)."""


def _draws_for(cards: list[int], order: list[int]) -> list[int]:
    """The partial Fisher-Yates draws (``draws[k]`` in ``0 .. 51 - k``) that deal
    ``cards`` (kernel indices) in this order from a deck in ``order``, which they leave
    as the kernel leaves its deck for the next round."""
    draws = []
    for k, card in enumerate(cards):
        j = order.index(card)
        draws.append(j - k)
        order[k], order[j] = order[j], order[k]
    return draws


def _word_for(draw: int, bound: int) -> int:
    """A 32-bit word that Lemire's method turns into ``draw`` below ``bound``: the least
    ``w`` with ``w * bound >= draw * 2**32 + 64``, so the low half of the product is at
    least 64, above every rejection threshold (``2**32 mod bound`` < ``bound`` <= 52)."""
    return -(-(draw * 2**32 + 64) // bound)


def _kernel_keys(rules: GoForeItRules, hands: list[tuple[list[Card], list[Card]]]) -> list[int]:
    """Deal each (player's four cards, dealer's four cards) through the kernel."""
    positions = kernel._positions(rules)
    words = []
    order = list(range(52))  # the kernel's deck: card i has point value values[i]
    for player, dealer in hands:
        dealt = [0] * kernel.DEALT
        for n, card in enumerate([*player, *dealer]):
            dealt[positions[n]] = INDEX[str(card)]
        words += [_word_for(d, 52 - k) for k, d in enumerate(_draws_for(dealt, order))]
    keys = np.empty(len(hands), dtype=np.int16)
    used = kernel._play(
        np.array(words, dtype=np.uint32), positions, kernel._values(), kernel._plays(), keys
    )
    assert used == len(words)
    return [int(k) for k in keys]


@pytest.mark.parametrize(
    "procedure", [DealingProcedure.MANUAL_SHOE, DealingProcedure.AUTOMATED_SHOE]
)
def test_the_kernel_settles_the_engines_deals_as_the_engine_does(
    procedure: DealingProcedure,
) -> None:
    tables = [
        GoForeItRules(gopher_paytable="a", dealing_procedure=procedure),
        GoForeItRules(gopher_paytable="b", dealing_procedure=procedure),
    ]
    rng = SeededRng(676_2026)
    checked = 0
    for number in range(60):
        rules = tables[number % 2]
        rnd = play_round(rules, rng, number)
        dealer = rnd.state.hands["dealer"]
        engine: dict[tuple[int, str], float] = defaultdict(float)
        for event in rnd.events:
            if isinstance(event, WagerSettled):
                result = event.won if event.outcome is Outcome.WIN else -event.amount
                wager = {"back_9": "front_9"}.get(event.spot, event.spot)
                if wager == "gopher":
                    wager = f"gopher:{rules.gopher_paytable.value}"
                engine[event.seat, wager] += result / UNIT
        keys = _kernel_keys(rules, [(rnd.state.hands[seat], dealer) for seat in SEATS])
        _, nets = kernel.sample_outcomes(rules, 1, 0)
        for seat, key in zip(SEATS, keys, strict=True):
            for wager in ("front_9", "skins", f"gopher:{rules.gopher_paytable.value}"):
                assert nets[wager][key] == engine[seat, wager], (seat, wager, rnd.state.hands)
                checked += 1
    assert checked == 60 * len(SEATS) * 3


def test_the_partial_shuffle_draws_deal_the_cards_asked_for() -> None:
    rng = np.random.default_rng(3)
    tracked = list(range(52))
    deck = list(range(52))
    for _ in range(20):  # the deck is carried from round to round, as the kernel does
        cards = [int(c) for c in rng.permutation(52)[:8]]
        draws = _draws_for(cards, tracked)
        assert all(0 <= d < 52 - k for k, d in enumerate(draws))
        for k, d in enumerate(draws):
            deck[k], deck[k + d] = deck[k + d], deck[k]
        assert deck[:8] == cards
        assert deck == tracked


def test_lemire_draws_reject_the_words_that_would_bias_them() -> None:
    """Bound 52: 2**32 = 52 * 82,595,524 + 48, so a word whose product with 52 has a low
    half under 48 is rejected; word 0 (product 0) is. Deal four aces (cards 0..3 of the
    kernel's deck) to the player and four ten-count cards to the dealer, the first card
    after a rejected word: nine words used, and the key says Back 9 played (an ace pair
    plays on), total 4, four aces, lower than the dealer's 40."""
    rules = GoForeItRules()
    positions = kernel._positions(rules)
    dealt = [0] * kernel.DEALT
    for n, card in enumerate([0, 1, 2, 3, 48, 49, 50, 51]):
        dealt[positions[n]] = card
    draws = _draws_for(dealt, list(range(52)))
    words = [0] + [_word_for(d, 52 - k) for k, d in enumerate(draws)]
    keys = np.empty(1, dtype=np.int16)
    values, plays = kernel._values(), kernel._plays()
    used = kernel._play(np.array(words, dtype=np.uint32), positions, values, plays, keys)
    assert used == 9
    assert keys[0] == kernel.outcome_key(True, 4, 4, True)
    out_of_words = kernel._play(
        np.array(words[:5], dtype=np.uint32), positions, values, plays, keys
    )
    assert out_of_words == -1


def test_sample_is_the_lookup_of_the_outcomes() -> None:
    rules = GoForeItRules()
    keys, nets = kernel.sample_outcomes(rules, 5_000, 17)
    arrays = kernel.sample(rules, 5_000, 17)
    assert list(arrays) == [w.wager for w in par_sheet(rules).wagers]
    for wager, array in arrays.items():
        assert array.shape == (5_000,)
        assert np.array_equal(array, nets[wager][keys])
    assert outcome_stats(keys, nets) == {w: WagerStats.of(a) for w, a in arrays.items()}


def test_counts_are_the_sample_counted() -> None:
    """``sample_counts`` (what a run reduces) counts, per wager, each distinct net of
    ``sample``'s arrays for the same seed, once per round that had it."""
    rules = GoForeItRules()
    arrays = kernel.sample(rules, 20_000, 23)
    counts = kernel.sample_counts(rules, 20_000, 23)
    assert list(counts) == list(arrays)
    for wager, array in arrays.items():
        values, rounds = np.unique(array, return_counts=True)
        assert counts[wager] == dict(zip(values.tolist(), rounds.tolist(), strict=True))


def test_counts_draw_the_same_words_and_deal_again_after_a_rejection() -> None:
    """``sample_counts`` draws its words in the kernel (``_count_drawn``) and counts the
    rounds ``sample`` deals from an array of the same words, for both dealing procedures;
    seed 1824's words hold a rejected one within 20,000 rounds (found by dealing seeds
    0.. from the array until a deal used a ninth word), where the kernel gives up
    (-1) and the call deals every round again from the array."""
    for procedure in (DealingProcedure.MANUAL_SHOE, DealingProcedure.AUTOMATED_SHOE):
        rules = GoForeItRules(dealing_procedure=procedure)
        for seed, rounds in ((5, 30_000), (1824, 20_000)):
            arrays = kernel.sample(rules, rounds, seed)
            counts = kernel.sample_counts(rules, rounds, seed)
            for wager, array in arrays.items():
                values, seen = np.unique(array, return_counts=True)
                assert counts[wager] == dict(zip(values.tolist(), seen.tolist(), strict=True))
    words = kernel._raw_words(np.random.default_rng(1824), 20_000, 0)
    keys = np.empty(20_000, dtype=np.int16)
    rules = GoForeItRules()
    used = kernel._play(words, kernel._positions(rules), kernel._values(), kernel._plays(), keys)
    assert used == -1 or used > kernel.DEALT * 20_000  # a rejection: more words than cards
    values, plays = kernel._marked_values(), kernel._marked_plays()
    tally = np.zeros(kernel._DRAWN_KEYS, dtype=np.int64)
    assert (
        kernel._count_drawn(
            generator_state(np.random.default_rng(1824)), False, values, plays, 20_000, tally
        )
        == -1
    )
    assert (
        kernel._count_drawn(
            generator_state(np.random.default_rng(5)), False, values, plays, 30_000, tally
        )
        > 0
    )


# --- sampling against the exact figures --------------------------------------------------------
def _check_run(rounds: int, seed: int, *, workers: int | None = None) -> None:
    rules = GoForeItRules()
    result = run(GAME, rules, rounds, seed, workers)
    sheet = par_sheet(rules)
    assert [e.wager for e in result.estimates()] == [w.wager for w in sheet.wagers]
    checks = 2 * len(sheet.wagers) + sum(len({o.net for o in w.outcomes}) for w in sheet.wagers)
    z = bonferroni_z(checks)
    failures = []
    for figures in sheet.wagers:
        estimate = result.estimate(figures.wager)
        assert estimate.rounds == rounds
        exact = float(figures.expected_return)
        if abs(estimate.mean - exact) > z * figures.std_dev / math.sqrt(rounds):
            failures.append(f"{figures.wager}: mean {estimate.mean:.6f}, exact {exact:.6f}")
        p = float(figures.hit_frequency)
        if abs(estimate.hit_frequency - p) > z * math.sqrt(p * (1 - p) / rounds):
            failures.append(f"{figures.wager}: hits {estimate.hit_frequency:.6f}, exact {p:.6f}")
        by_net: dict[float, Fraction] = defaultdict(Fraction)
        for outcome in figures.outcomes:
            by_net[float(outcome.net)] += outcome.probability
        assert set(estimate.frequencies) <= set(by_net)
        for value, probability in by_net.items():
            q = float(probability)
            seen = estimate.frequencies.get(value, 0.0)
            if abs(seen - q) > z * math.sqrt(q * (1 - q) / rounds) + 1 / rounds:
                failures.append(f"{figures.wager} net {value}: {seen:.6g}, exact {q:.6g}")
    assert not failures, "\n".join(failures)


def test_the_ceiling_draws_four_raw_outputs_a_round() -> None:
    """The generator's ceiling (``draws``, what the benchmark divides by) takes four raw
    outputs a round, the ones ``random_raw`` gives for the same seed, and no more."""
    for rounds in (1, 3, 1000):
        pcg, twin = generator_state(np.random.default_rng(rounds)), np.random.default_rng(rounds)
        kept = 0
        for output in twin.bit_generator.random_raw(4 * rounds).tolist():
            kept ^= output
        assert kernel._draws(pcg, rounds) == kept & 0xFFFFFFFF
        assert pcg.tolist() == generator_state(twin).tolist()


def test_the_simulation_reproduces_the_exact_figures() -> None:
    """One million rounds in this process: every mean, hit frequency and outcome."""
    _check_run(1_000_000, seed=676, workers=1)


@pytest.mark.slow
def test_the_simulation_reproduces_the_exact_figures_long_run() -> None:
    """100 million rounds on every core."""
    _check_run(100_000_000, seed=20_676)
