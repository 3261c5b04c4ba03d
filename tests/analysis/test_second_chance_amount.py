"""The Second Chance Wager's amount after a double down (673a.7(l), Rules Submission
``second_chance_amount``; docs/interpretations.md, "The Second Chance Wager"): the whole
current wager (the default) or the original Blackjack Wager alone.

- The round takes the amount the submission names
  (tests/regulation/test_673a_second_chance_amount.py).
- A submission that does not name the option has the canonical JSON (and sha256) it had
  before the option existed.
- The exact analysis handles the option: the value of doubling a hard 20, whose every
  card but an ace busts it, is worked here by hand from the dealer's results and the
  card chances under each amount (they differ). The par sheet's figure is the same for
  both amounts, by a hand argument checked on the strategy itself: the amount matters
  only to a doubled hand that busts, a one-card double busts only from a hard total of
  12 or more, and the strategy under either amount doubles none.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from croupier.analysis.exact.double_back_jack import (
    DOUBLE,
    analyze,
    basic_strategy,
)
from croupier.analysis.exact.double_back_jack_sheet import par_sheet
from croupier.rules.double_back_jack import DoubleBackJackRules

DECKS = 1


def test_the_default_submission_keeps_its_canonical_json() -> None:
    """The option is written into the canonical JSON only when it is not the default, so
    that every submission stored before it keeps its text and sha256."""
    default = DoubleBackJackRules()
    data = default.model_dump(mode="json")
    assert data.pop("second_chance_amount") == "current"
    before = json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert default.canonical_json() == before
    assert default.sha256() == hashlib.sha256(before.encode()).hexdigest()
    original = DoubleBackJackRules(second_chance_amount="original")
    assert original.canonical_dict()["second_chance_amount"] == "original"
    assert original.sha256() != default.sha256()


def _doubled_hard_20(original: bool, up: int) -> float:
    """The value per initial wager of doubling a hard 20 against ``up`` (fixed shoe), by
    hand: an ace makes 21, paid on both wagers (+2); any other card busts it, and the
    player then takes the Second Chance (worth, per card drawn: still over 21 loses
    every wager; 21 returns the others and pays the Second Chance; under 21 stands: a
    win returns them and pays it, a tie or a dealer 22 returns all, a loss collects
    all) or declines it (-2), whichever is worth more."""
    totals = basic_strategy(DECKS, original).table[up]
    p, results = totals.draw, totals.results
    extra = 1.0 if original else 2.0  # the Second Chance Wager, in initial wagers

    def stands(total: int) -> float:
        win = results[6] + sum(results[d] for d in range(5) if d + 17 < total)
        lose = sum(results[d] for d in range(5) if d + 17 > total)
        return float(win * extra - lose * (2.0 + extra))

    value = 2.0 * p[0]
    for v in range(2, 11):
        busted = 20 + v
        take = 0.0
        for w in range(1, 11):
            left = busted - w
            worth = -(2.0 + extra) if left > 21 else extra if left == 21 else stands(left)
            take += p[w - 1] * worth
        value += p[v - 1] * max(take, -2.0)
    return float(value)


@pytest.mark.parametrize("up", [10, 6])
def test_the_analysis_values_a_doubled_bust_by_the_amount(up: int) -> None:
    values = {}
    for original in (False, True):
        totals = basic_strategy(DECKS, original).table[up]
        values[original] = float(totals.double[20, 0])
        assert values[original] == pytest.approx(_doubled_hard_20(original, up), abs=1e-12)
    assert values[False] != pytest.approx(values[True], abs=1e-6)


def test_the_par_figure_is_the_same_for_either_amount() -> None:
    """No start the strategy plays doubles a hard total of 12 or more (a split hand
    neither), under either amount: a doubled hand never busts, so the amount never
    matters and the returns are equal; the par sheet for the option says so."""
    for original in (False, True):
        strategy = basic_strategy(DECKS, original)
        for (_, first, second), policy in strategy.policies.items():
            soft = 1 in (first, second)
            if np.all(np.isnan(policy.values)):  # a Blackjack: no decision
                continue
            if policy.action == DOUBLE:
                assert soft or first + second <= 11, (first, second, original)
            if first == second:
                for v in range(1, 11):
                    row = policy.split_values[v - 1]
                    if np.all(np.isnan(row)):
                        continue
                    if int(np.nanargmax(row)) == DOUBLE:
                        assert 1 in (first, v) or first + v <= 11, (first, v, original)
    current, original_ = analyze(DECKS), analyze(DECKS, True)
    assert np.allclose(current.nets, original_.nets, atol=1e-15)
    assert original_.average_wager == pytest.approx(current.average_wager, abs=1e-15)
    sheet = par_sheet(DoubleBackJackRules(decks=DECKS, second_chance_amount="original"))
    [blackjack] = [w for w in sheet.wagers if w.wager == "blackjack"]
    assert float(blackjack.expected_return) == pytest.approx(current.expected_return, abs=1e-12)
    assert "original Blackjack Wager" in sheet.notes[0]
