"""The card-by-card enumeration of Double Back Jack
(analysis/exact/double_back_jack_rounds.py).

Its dealer (summed over the sets of cards the dealer can draw) equals the exact fractions
of :func:`~croupier.analysis.exact.double_back_jack.dealer_outcomes`, drawn sequence by
sequence, for shoes with cards removed; its chance of no dealer Blackjack is the hand
count. Under ``-m slow``: the whole one-deck round under the printed chart lies within the
99.9% interval of a fresh-shoe simulation playing the same chart (the simulation's own
reading of the chart, :func:`chart_strategy_tables`).
"""

from __future__ import annotations

import collections
import functools
import math

import numpy as np
import pytest

from croupier.analysis.exact import double_back_jack as dbj
from croupier.analysis.exact import double_back_jack_rounds as rounds
from croupier.analysis.simulation.double_back_jack import sample
from croupier.rules.double_back_jack import DoubleBackJackRules

RESULTS = (17, 18, 19, 20, 21, 22, "bust")


@pytest.mark.parametrize(
    ("up", "removed"), [(2, [10, 10, 5]), (1, [1, 10, 9]), (10, [10, 6, 1, 1]), (6, [])]
)
def test_dealer_sums_equal_exact_sequences(up: int, removed: list[int]) -> None:
    shoe = dbj.remove(dbj.full_shoe(1), [up, *removed])
    table = rounds.dealer_table(up)
    counts = np.array(shoe, dtype=np.int64)
    got = rounds._dealer(counts, int(counts.sum()), 1, table)
    exact = dbj.dealer_outcomes(up, shoe, no_blackjack=True)
    # no Blackjack: an ace up misses the ten-value cards, a ten up the aces
    blackjack_card = {1: 9, 10: 0}.get(up)
    clear = 1 - (shoe[blackjack_card] / sum(shoe) if blackjack_card is not None else 0)
    for k, name in enumerate(RESULTS):
        assert got[k] == pytest.approx(clear * float(exact.get(name, 0)), abs=1e-15)


@pytest.mark.slow
def test_one_deck_chart_within_simulation() -> None:
    figures = rounds.play(1, rounds.CHART)
    bins, staked = figures.nets, figures.average_wager
    assert bins.sum() == pytest.approx(1.0, abs=1e-12)
    value = figures.expected_return
    nets = sample(DoubleBackJackRules(decks=1), 4_000_000, 7, fresh_shoe=True, strategy="chart")
    x = nets["blackjack"]
    half = 3.29 * float(x.std()) / math.sqrt(len(x))
    assert abs(float(x.mean()) - value) < half, (value, float(x.mean()), half)
    assert 1.0 < staked < 1.5


# --- a split, sequence by sequence (the reference) --------------------------------------
def _reference_split(decks: int, up: int, pair: int) -> tuple[dict[float, float], list[float]]:
    """Splitting ``pair`` against ``up`` played card by card in plain Python from the
    regulation's text: each hand by the printed chart (read as the module's docstring
    says), the second hand from the shoe the first leaves, the dealer from what both
    leave drawing to 17 (673a.7(o)) with no Blackjack under the card reader (673a.7(h));
    settlement by 673a.7(l), (m), (q) and (s). Returns the round nets (jointly with no
    dealer Blackjack) and the tally (``rounds.TALLIES``: the total wagered, hands offered
    and taking the Second Chance Wager, its net)."""
    chart = rounds.chart_tables(dbj.basic_strategy(decks).chart())[up - 1]
    shoe = tuple(dbj.remove(dbj.full_shoe(decks), [up, pair, pair]))

    def soft(hard: int, ace: bool) -> int:
        return hard + 10 if ace and hard + 10 <= 21 else hard

    def draws(rest: tuple[int, ...]):  # type: ignore[no-untyped-def]
        n = sum(rest)
        for v in range(1, 11):
            if rest[v - 1]:
                yield v, rest[v - 1] / n, (*rest[: v - 1], rest[v - 1] - 1, *rest[v:])

    blackjack = {1: 10, 10: 1}.get(up)  # the hole card that would make the dealer's

    @functools.cache
    def dealer(rest: tuple[int, ...]) -> dict[int, float]:
        out: dict[int, float] = collections.defaultdict(float)
        counts = list(rest)  # the cards left as the dealer draws (each put back after)

        def draw(n: int, hard: int, ace: bool, p: float, hole: bool) -> None:
            total = soft(hard, ace)
            if total >= 17:
                out[min(total, 23)] += p
                return
            for v in range(1, 11):
                c = counts[v - 1]
                if not c or (hole and v == blackjack):
                    continue
                counts[v - 1] = c - 1
                draw(n - 1, hard + v, ace or v == 1, p * (c / n), False)
                counts[v - 1] = c

        draw(sum(rest), up, up == 1, 1.0, True)
        return out

    def hand(rest, hard, ace, cards, w, doubled, p):  # type: ignore[no-untyped-def]
        """Yields (chance, shoe left, end): ("fixed", net, stake) or ("stand", total, w,
        second)."""
        total = soft(hard, ace)
        if total == 21:
            yield p, rest, ("fixed", w, w, 0)
        elif hard > 21:
            if chart[3, hard] != 1:
                yield p, rest, ("fixed", -w, w, 1)
                return
            for v, q, left in draws(rest):
                less = hard - v
                if less > 21:
                    yield p * q, left, ("fixed", -2 * w, 2 * w, 2)
                elif less == 21:
                    yield p * q, left, ("fixed", w, 2 * w, 2)
                else:
                    yield p * q, left, ("stand", less, w, True, 2)
        elif doubled:
            yield p, rest, ("stand", total, w, False, 0)
        else:
            is_soft = ace and hard + 10 <= 21
            cell = (
                (chart[1, total] if total >= 13 else rounds.H_)
                if is_soft
                else (chart[0, total] if total >= 5 else rounds.H_)
            )
            if cell in (rounds.D_, rounds.DS_) and cards == 2:
                action = "double"
            elif cell == rounds.D_ or cell in (rounds.H_, rounds.RH_):
                action = "hit"
            else:
                action = "stand"
            if action == "stand":
                yield p, rest, ("stand", total, w, False, 0)
                return
            for v, q, left in draws(rest):
                twice = action == "double"
                yield from hand(left, hard + v, ace or v == 1, cards + 1, 2 * w if twice
                                else w, twice, p * q)  # fmt: skip

    def net(end, result: int) -> float:  # type: ignore[no-untyped-def]
        if end[0] == "fixed":
            return float(end[1])
        _, total, w, second, _ = end
        if result == 22:
            return 0.0
        if result == 23 or total > result:
            return float(w)
        return 0.0 if total == result else -w * (2.0 if second else 1.0)

    def second_net(end, result: int) -> float:  # type: ignore[no-untyped-def]
        """The Second Chance Wager's own net: the hand's net less a declined bust's."""
        if end[-1] != 2:
            return 0.0
        return net(end, result) + (end[2] if end[0] == "stand" else end[2] / 2)

    def stake(end) -> float:  # type: ignore[no-untyped-def]
        return float(end[2]) if end[0] == "fixed" else end[2] * (2.0 if end[3] else 1.0)

    @functools.cache
    def nets(end) -> tuple[dict[int, float], dict[int, float]]:  # type: ignore[no-untyped-def]
        """``net`` and ``second_net`` of ``end`` for each dealer result (17 to 23)."""
        results = range(17, 24)
        return {r: net(end, r) for r in results}, {r: second_net(end, r) for r in results}

    @functools.cache
    def mass(rest: tuple[int, ...]) -> float:
        """The chance of no dealer Blackjack from ``rest`` (the sum of ``dealer(rest)``)."""
        return sum(dealer(rest).values())

    # Each (hand, hand, shoe left) adds p2 * pd for each dealer result pd: the tally's terms
    # that do not depend on the result are added once, times the results' sum (mass).
    bins: dict[float, float] = collections.defaultdict(float)
    tally = [0.0] * 4
    for v1, q1, rest1 in draws(shoe):
        for p1, left1, end1 in hand(rest1, pair + v1, pair == 1 or v1 == 1, 2, 1, False, q1):
            net1, second1 = nets(end1)
            for v2, q2, rest2 in draws(left1):
                for p2, left2, end2 in hand(rest2, pair + v2, pair == 1 or v2 == 1, 2, 1,
                                            False, p1 * q2):  # fmt: skip
                    net2, second2 = nets(end2)
                    weight = p2 * mass(left2)
                    tally[0] += weight * (stake(end1) + stake(end2))
                    tally[1] += weight * ((end1[-1] > 0) + (end2[-1] > 0))
                    tally[2] += weight * ((end1[-1] == 2) + (end2[-1] == 2))
                    second = tally[3]  # (the same sums in the same order, on a local)
                    for result, pd in dealer(left2).items():
                        both = p2 * pd
                        bins[net1[result] + net2[result]] += both
                        second += both * (second1[result] + second2[result])
                    tally[3] = second
    return bins, tally


@pytest.mark.parametrize(
    ("up", "pair"),
    [
        (10, 9),
        pytest.param(6, 8, marks=pytest.mark.slow),
        pytest.param(1, 10, marks=pytest.mark.slow),
    ],
)
def test_split_equals_card_by_card_reference(up: int, pair: int) -> None:
    chart = rounds.chart_tables(dbj.basic_strategy(1).chart())
    got, tally = rounds.play_split(rounds.CHART, chart, np.array(dbj.full_shoe(1)), up, pair)
    want, want_tally = _reference_split(1, up, pair)
    for k in range(rounds.BINS):
        assert got[k] == pytest.approx(want.get((k - 16) / 2, 0.0), rel=1e-11, abs=1e-15), k
    assert list(tally) == pytest.approx(want_tally, rel=1e-11, abs=1e-15)
    if up == 10:
        assert want_tally[1] > 0.1  # busts were offered the Second Chance Wager


def test_an_unknown_strategy_code_is_refused() -> None:
    with pytest.raises(ValueError, match="strategy must be CHART"):
        rounds.play(1, 7)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"kind": 7}, "strategy must be CHART"),
        ({"up": 0}, "up must be a card value 1 to 10"),
        ({"pair": 11}, "pair must be a card value 1 to 10"),
        ({"up": True}, "up must be a card value"),
        ({"full": (4,) * 9 + (16,)}, None),
        ({"full": np.array([4] * 9)}, "1 to 8 whole decks"),
        ({"full": np.array([4.0] * 9 + [16.0])}, "1 to 8 whole decks"),
        ({"full": np.array([1] + [4] * 8 + [16]), "pair": 1}, "1 to 8 whole decks"),
        ({"full": np.array([0] * 8 + [2, 2])}, "1 to 8 whole decks"),
        ({"full": np.array([2**63] * 10, dtype=np.uint64)}, "1 to 8 whole decks"),
        ({"full": np.array([36] * 9 + [144])}, "1 to 8 whole decks"),
        ({"chart": np.zeros((10, 4))}, "chart must be chart_tables'"),
        ({"chart": np.zeros((10, 4, 32)).tolist()}, "chart must be chart_tables'"),
        ({"chart": np.full((10, 4, 32), 99)}, "cell codes"),
        ({"chart": np.full((10, 4, 32), 0.5)}, "cell codes"),
        ({"kind": False}, "strategy must be CHART"),
        ({"kind": 1.0}, "strategy must be CHART"),
        ({"pair": np.int32(9)}, None),
    ],
)
def test_play_split_refuses_what_it_cannot_play(args: dict, message: str | None) -> None:
    """Bad input names what is wrong; a tuple of counts is a shoe like any other."""
    given = {
        "kind": rounds.CHART,
        "chart": rounds.chart_tables(dbj.basic_strategy(1).chart()),
        "full": np.array(dbj.full_shoe(1)),
        "up": 10,
        "pair": 9,
    } | args
    if message is None:
        bins, _ = rounds.play_split(**given)
        assert 0.9 < bins.sum() <= 1.0
        return
    with pytest.raises(ValueError, match=message):
        rounds.play_split(**given)


def test_the_best_play_splits_as_play_up_card_decided() -> None:
    """play_split(OPTIMAL) values each split as play_up_card did when it chose: against a
    10 from one deck, a pair it splits beats surrendering (-1/2 per wager of every round
    the card reader lets go on, the split bins' total) and a pair it surrenders does not
    split for more."""
    chart = rounds.chart_tables(dbj.basic_strategy(1).chart())
    full = np.array(dbj.full_shoe(1))
    _, _, actions = rounds.play_up_card(rounds.OPTIMAL, chart, full, 10)
    chosen = set()
    for pair in range(1, 11):
        split, _ = rounds.play_split(rounds.OPTIMAL, chart, full, 10, pair)
        value = float(np.dot(split, (np.arange(rounds.BINS) - 16) / 2))
        surrender = -0.5 * float(split.sum())
        if actions[pair, pair] == 3:
            assert value > surrender, pair
        if actions[pair, pair] == 4:
            assert value <= surrender, pair
        chosen.add(int(actions[pair, pair]))
    assert {3, 4} <= chosen
