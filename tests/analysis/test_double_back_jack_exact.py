"""Exact Double Back Jack figures (analysis/exact/double_back_jack.py) against hand
calculations and against an independent enumeration of every order of a small shoe."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from croupier.analysis.exact.double_back_jack import (
    DECK_COUNTS,
    Shoe,
    _dealer,
    analyze,
    basic_strategy,
    dealer_outcomes,
    full_shoe,
    insurance_figures,
    insurance_return,
    remove,
)
from croupier.analysis.exact.double_back_jack_sheet import par_sheet
from croupier.rules.double_back_jack import DoubleBackJackRules


def by_permutation(up: int, cards: list[int], no_blackjack: bool = False) -> dict[object, Fraction]:
    """Deal the hole card and the dealer's draws from every order of ``cards`` (values 1
    to 10), applying 673a.7(o) directly: count an ace as 11 while that keeps 21 or less,
    draw below 17, stand on any 17."""
    tally: Counter[object] = Counter()
    orders = 0
    for order in permutations(cards):
        hand = [up, order[0]]
        if sorted(hand) == [1, 10]:
            if not no_blackjack:
                tally["blackjack"] += 1
                orders += 1
            continue
        rest = list(order[1:])
        while True:
            total = sum(hand)
            if 1 in hand and total + 10 <= 21:
                total += 10
            if total >= 17:
                break
            hand.append(rest.pop(0))
        tally[total if total <= 22 else "bust"] += 1
        orders += 1
    return {result: Fraction(n, orders) for result, n in tally.items()}


def shoe_of(cards: list[int]) -> Shoe:
    counts = [0] * 10
    for value in cards:
        counts[value - 1] += 1
    return tuple(counts)


@pytest.mark.parametrize(
    ("up", "cards"),
    [
        (6, [1, 2, 3, 5, 10, 10, 7, 9]),
        (1, [1, 6, 10, 10, 4, 5, 2, 8]),
        (10, [1, 1, 2, 3, 4, 5, 6, 10]),
        (2, [2, 3, 4, 4, 5, 6, 1, 1]),
    ],
)
def test_dealer_outcomes_match_every_order(up: int, cards: list[int]) -> None:
    """673a.7(o), 673a.7(q): the recursion equals the enumeration of all 8! orders."""
    for no_blackjack in (False, True):
        expected = by_permutation(up, cards, no_blackjack)
        assert dealer_outcomes(up, shoe_of(cards), no_blackjack=no_blackjack) == expected


def test_dealer_outcomes_by_hand() -> None:
    """673a.7(q)(1): an ace up over an ace and two tens: a Blackjack 2 times in 3, else
    A-A (soft 12) draws a ten (hard 12) and the other ten: 22; a ten up over nothing but
    7s stands on 17."""
    third = Fraction(1, 3)
    assert dealer_outcomes(1, shoe_of([1, 10, 10])) == {"blackjack": 2 * third, 22: third}
    assert dealer_outcomes(1, shoe_of([1, 10, 10]), no_blackjack=True) == {22: Fraction(1)}
    assert dealer_outcomes(10, shoe_of([7, 7, 7])) == {17: Fraction(1)}


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_full_shoe_probabilities_sum_to_one(decks: int) -> None:
    """Every up card of 1, 2, 6 and 8 decks: the results are a distribution."""
    for up in range(1, 11):
        outcomes = dealer_outcomes(up, remove(full_shoe(decks), [up]))
        assert sum(outcomes.values()) == 1
        assert ("blackjack" in outcomes) == (up in (1, 10))


def test_insurance_return_by_hand() -> None:
    """673a.8, 673a.12(c): 2 to 1 on a ten-value hole card: one deck less the dealer's ace,
    16 tens of 51: 3 * 16/51 - 1 = -1/17; six decks: 3 * 96/311 - 1 = -23/311; one deck
    with the player holding two tens: 3 * 14/49 - 1 = -1/7."""
    assert insurance_return(remove(full_shoe(1), [1])) == Fraction(-1, 17)
    assert insurance_return(remove(full_shoe(6), [1])) == Fraction(-23, 311)
    assert insurance_return(remove(full_shoe(1), [1, 10, 10])) == Fraction(-1, 7)


# --- the strategy and the expected return (issue 5) ----------------------------------
def float_dealer(up: int, cards: list[int]) -> tuple[float, list[float]]:
    """The numba kernel's dealer results (17..21, 22, 23+) given no Blackjack, and the
    chance of no Blackjack."""
    shoe = np.array(shoe_of(cards), dtype=np.int64)
    out = np.zeros(7)
    clear = _dealer(shoe, int(shoe.sum()), up, out)
    return clear, list(out)


def test_float_dealer_by_hand() -> None:
    """673a.7(o), 673a.7(q): a ten up over 5, 5, 7: hole 5 (2 in 3) makes 15, which draws
    the other 5 (20) or the 7 (22), half each; hole 7 (1 in 3) stands on 17: 17, 20 and
    22 a third each. An ace up over a 6 stands on soft 17; over a 10 and a 6 the hole
    card is a Blackjack 1 time in 2 (673a.7(h)) and otherwise the 6: soft 17."""
    clear, out = float_dealer(10, [5, 5, 7])
    assert clear == 1
    assert out == pytest.approx([1 / 3, 0, 0, 1 / 3, 0, 1 / 3, 0], abs=1e-15)
    assert float_dealer(1, [6]) == (1.0, [1.0, 0, 0, 0, 0, 0, 0])
    clear, out = float_dealer(1, [10, 6])
    assert clear == pytest.approx(0.5)
    assert out == pytest.approx([1.0, 0, 0, 0, 0, 0, 0])


@pytest.mark.parametrize("up", range(1, 11))
def test_float_dealer_matches_the_fractions_for_one_deck(up: int) -> None:
    """The float kernel equals the exact recursion (itself checked against every order
    of a small shoe above) for every up card of one deck, less the up card."""
    shoe = remove(full_shoe(1), [up])
    exact = dealer_outcomes(up, shoe, no_blackjack=True)
    cards = [v for v in range(1, 11) for _ in range(shoe[v - 1])]
    clear, out = float_dealer(up, cards)
    keys: list[object] = [17, 18, 19, 20, 21, 22, "bust"]
    assert out == pytest.approx([float(exact.get(k, 0)) for k in keys], abs=1e-13)
    blackjack = {1: Fraction(16, 51), 10: Fraction(4, 51)}.get(up, Fraction(0))
    assert clear == pytest.approx(float(1 - blackjack), abs=1e-15)


ALL_OPTIONS = {"can_double": True, "can_split": True, "can_surrender": True}


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_decisions_any_player_knows(decks: int) -> None:
    """Stand on 20 and on hard 18-19, split aces, double 11 against a 6, hit hard 5."""
    strategy = basic_strategy(decks)
    for up in range(1, 11):
        assert strategy.decide([10, 10], up, **ALL_OPTIONS) == "stand"
        assert strategy.decide([10, 8], up, **ALL_OPTIONS) == "stand"
        assert strategy.decide([10, 9], up, **ALL_OPTIONS) == "stand"
        assert strategy.decide([1, 1], up, **ALL_OPTIONS) == "split"
        assert strategy.decide([2, 3], up, **ALL_OPTIONS) == "hit"
    assert strategy.decide([5, 6], 6, **ALL_OPTIONS) == "double"
    assert strategy.decide([5, 6], 6, can_double=False, can_split=True, can_surrender=True) == "hit"


def test_stand_on_hard_17_with_six_decks() -> None:
    """Hard 17 stands against every up card but an ace, where surrender beats it, and
    stands against the ace when surrender is not allowed."""
    strategy = basic_strategy(6)
    for up in range(2, 11):
        assert strategy.decide([10, 7], up, **ALL_OPTIONS) == "stand"
    assert strategy.decide([10, 7], 1, **ALL_OPTIONS) == "surrender"
    no_surrender = {"can_double": True, "can_split": True, "can_surrender": False}
    assert strategy.decide([10, 7], 1, **no_surrender) == "stand"
    assert strategy.decide([10, 5, 2], 1, **no_surrender) == "stand"


def test_decide_refuses_bad_hands() -> None:
    strategy = basic_strategy(6)
    with pytest.raises(ValueError, match=r"673a\.3\(d\)"):
        strategy.decide([11, 5], 6, **ALL_OPTIONS)
    with pytest.raises(ValueError, match=r"673a\.3\(d\)"):
        strategy.decide([5], 6, **ALL_OPTIONS)
    with pytest.raises(ValueError, match=r"673a\.7\(l\)"):
        strategy.second_chance([10, 5], 6)
    with pytest.raises(ValueError, match=r"673a\.3\(a\)"):
        basic_strategy(9)


def second_chance_by_hand(hand: list[int], up: int, decks: int) -> Fraction:
    """673a.7(l): the Second Chance Wager's expected net per unit of the hand's wager on a
    busted ``hand``, from the exact dealer results of the shoe the strategy uses (less
    the up card and the first two cards): each next card ``v`` (an ace 1) leaves
    ``hard - v``; over 21 loses both wagers (-2), 21 pays the Second Chance Wager (+1),
    under 21 stands: a dealer 23+ or a lower dealer total wins +1, a tie or a dealer 22
    returns both (0), a higher dealer total loses both (-2)."""
    shoe = remove(full_shoe(decks), [up, *hand[:2]])
    dealer = dealer_outcomes(up, shoe, no_blackjack=True)
    cards = sum(shoe)
    value = Fraction(0)
    for v in range(1, 11):
        left = sum(hand) - v
        if left > 21:
            net = Fraction(-2)
        elif left == 21:
            net = Fraction(1)
        else:
            win = dealer.get("bust", Fraction(0)) + sum(
                (p for d, p in dealer.items() if isinstance(d, int) and d < left and d != 22),
                Fraction(0),
            )
            lose = sum(
                (p for d, p in dealer.items() if isinstance(d, int) and left < d <= 21),
                Fraction(0),
            )
            net = win - 2 * lose
        value += Fraction(shoe[v - 1], cards) * net
    return value


@pytest.mark.parametrize(
    ("hand", "up"),
    [([10, 6, 6], 10), ([10, 6, 10], 6), ([9, 9, 10], 10), ([8, 4, 10], 1), ([10, 2, 10], 2)],
)
def test_second_chance_by_hand(hand: list[int], up: int) -> None:
    """The strategy takes the Second Chance Wager exactly when its expected net beats the
    -1 of declining, worked from the exact dealer results (two decks)."""
    value = second_chance_by_hand(hand, up, 2)
    strategy = basic_strategy(2)
    assert strategy.second_chance(hand, up) == (value > -1)
    policy = strategy.policy(hand, up)
    assert policy.totals.second_chance[sum(hand)] == pytest.approx(float(value), abs=1e-12)


def test_second_chance_on_22_is_always_taken() -> None:
    """A hard 22 keeps 21 with an ace (paid), 20 or 12 otherwise: against a 6 (the
    dealer busts often) the wager is worth more than -1 for any shoe."""
    for decks in DECK_COUNTS:
        assert basic_strategy(decks).second_chance([10, 2, 10], 6)


@pytest.mark.parametrize("decks", [1, 6])
def test_insurance_par_sheet_from_counts(decks: int) -> None:
    """673a.8, 673a.12(c): the hole card is one of the 52d - 1 cards other than the ace,
    16d of them ten-value: return 3 * 16d / (52d - 1) - 1."""
    insurance = insurance_figures(decks)
    assert insurance.expected_return == Fraction(48 * decks, 52 * decks - 1) - 1
    assert {o.net for o in insurance.outcomes} == {Fraction(2), Fraction(-1)}


def test_par_sheet_shape() -> None:
    """The blackjack wager's outcomes are a distribution over the nets a round can have;
    the chart has every row; the JSON carries the strategy."""
    sheet = par_sheet(DoubleBackJackRules(decks=2))
    assert sheet.wager("insurance") == insurance_figures(2)
    blackjack = sheet.wager("blackjack")
    assert sum(o.probability for o in blackjack.outcomes) == 1
    nets = {o.net for o in blackjack.outcomes}
    assert {Fraction(2), Fraction(-1, 2), Fraction(-4), Fraction(4)} <= nets
    assert all(Fraction(-8) <= n <= Fraction(4) for n in nets)
    assert blackjack.max_win == 4
    assert abs(blackjack.expected_return) < Fraction(1, 100)
    assert 1.1 < blackjack.std_dev < 1.4
    assert 1 < sheet.average_wager < 1.5
    kinds = [row.kind for row in sheet.strategy]
    assert kinds.count("hard") == 16 and kinds.count("soft") == 8
    assert kinds.count("pair") == 10 and kinds.count("second_chance") == 9
    data = sheet.to_dict()
    assert data["decks"] == 2 and len(data["strategy"]) == 43


def test_player_blackjack_frequency() -> None:
    """673a.7(f), 673a.12(a): every Blackjack nets +2 whatever the dealer holds, and no
    other round can net +2 without a double or a split; one deck: 2 * 4/52 * 16/51 of
    the rounds are player Blackjacks."""
    game = analyze(1)
    blackjack = Fraction(2 * 4 * 16, 52 * 51)
    assert game.nets[2 * 2 + 16] >= float(blackjack)
    assert sum(game.nets) == pytest.approx(1, abs=1e-12)


def test_cli_analyze_with_decks() -> None:
    """`croupier analyze double-back-jack --decks 1 --json` is the one-deck par sheet with
    its chart; the table output prints the chart after the par sheet; 9 decks is refused
    citing 673a.3(a) (exit 2)."""
    from typer.testing import CliRunner

    from croupier.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["analyze", "double-back-jack", "--decks", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["decks"] == 1
    wagers = {w["wager"]: w for w in data["wagers"]}
    assert list(wagers) == [
        "blackjack",
        "blackjack:chart",
        "insurance",
        "insurance:tens_held_0",
        "insurance:tens_held_1",
        "insurance:tens_held_2",
    ]
    assert wagers["insurance"]["return_exact"] == "-1/17"
    assert data["strategy"][0]["cells"]["A"] in {"H", "S", "D", "Ds", "Rh", "Rs"}
    table = runner.invoke(app, ["analyze", "double-back-jack", "--decks", "1"])
    assert table.exit_code == 0, table.output
    assert table.output.index("Insurance Wager") < table.output.index("Double Back Jack printed")
    assert "tens_held" not in table.output  # each wager in words, not its key
    refused = runner.invoke(app, ["analyze", "double-back-jack", "--decks", "9"])
    assert refused.exit_code == 2
    assert "673a.3(a)" in refused.output
