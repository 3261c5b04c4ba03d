"""The exact Go Fore It figures, checked by methods independent of the module.

- The Front 9 game: a card-level enumeration of all 1,326 front pairs and, for each,
  all 1,225 pairs of hole cards (1.6 million hands), with the point values (676a.6) and
  the Back 9 paytable (676a.12(b)) typed in from the text here.
- Skins: a dynamic programme over point values that deals four cards to the player and
  four to the dealer at once and tracks the difference of their totals; and the symmetry
  P(player lower) = P(player higher).
- Gopher: the hypergeometric counts worked by hand.
"""

from __future__ import annotations

import json
import time
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from croupier.analysis.exact.go_fore_it import (
    GoForeItParSheet,
    decide,
    element_of_risk,
    front_9_outcomes,
    par_sheet,
    strategy,
    strategy_in_words,
)
from croupier.rules.go_fore_it import GoForeItRules

# 676a.6, typed from the text: ace 1, jack/queen/king 10, 2 through 10 face value.
POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}
CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
VALUE = {card: POINTS[card[0]] for card in CARDS}


def back_9_net(total: int) -> int:
    """Per Front 9 unit once the Back 9 is made: Front 9 1 to 1 (676a.12(a)) plus the Back
    9 odds (676a.12(b): 8 or less 25, 9-13 5, 14-18 2, 19-24 1) at par or less; else -2."""
    if total <= 8:
        return 1 + 25
    if total <= 13:
        return 1 + 5
    if total <= 18:
        return 1 + 2
    if total <= 24:
        return 1 + 1
    return -2


@pytest.fixture(scope="module")
def card_level() -> dict[str, object]:
    """Every front pair and every hole pair, card by card."""
    started = time.perf_counter()
    best = Fraction(0)
    played = 0
    by_start: dict[tuple[int, int], Fraction] = {}
    outcome = {"fold": 0, 26: 0, 6: 0, 3: 0, 2: 0, -2: 0}
    fronts = list(combinations(range(52), 2))
    for a, b in fronts:
        front = VALUE[CARDS[a]] + VALUE[CARDS[b]]
        rest = [VALUE[CARDS[i]] for i in range(52) if i not in (a, b)]
        nets = [back_9_net(front + x + y) for x, y in combinations(rest, 2)]
        play = Fraction(sum(nets), len(nets))
        key = tuple(sorted((VALUE[CARDS[a]], VALUE[CARDS[b]])))
        by_start[key] = play  # type: ignore[index]
        if play > -1:
            played += 1
            best += play
            for net in nets:
                outcome[net] += 1
        else:
            best += -1
            outcome["fold"] += len(nets)
    return {
        "return": best / len(fronts),
        "played": Fraction(played, len(fronts)),
        "by_start": by_start,
        "outcome": {k: Fraction(v, len(fronts) * 1225) for k, v in outcome.items()},
        "seconds": time.perf_counter() - started,
    }


def test_front_9_matches_a_card_level_enumeration(card_level: dict[str, object]) -> None:
    """676a.11(b), 676a.12(a)-(b): the optimal game's return per Front 9 unit, the Back
    9 rate and every start's return of playing on agree with 1.6 million hands."""
    sheet = par_sheet()
    front = sheet.wager("front_9")
    assert front.expected_return == card_level["return"]
    assert front.expected_return == Fraction(-7901, 270725)
    assert sheet.back_9_probability == card_level["played"] == Fraction(135, 221)
    by_start = card_level["by_start"]
    assert isinstance(by_start, dict)
    for row in strategy():
        assert row.play_return == by_start[(row.first, row.second)]


def test_front_9_outcome_probabilities(card_level: dict[str, object]) -> None:
    """The probability of folding and of each score of a played hand."""
    outcome = card_level["outcome"]
    assert isinstance(outcome, dict)
    expected = {
        "fold": outcome["fold"],
        "albatross": outcome[26],
        "eagle": outcome[6],
        "birdie": outcome[3],
        "par": outcome[2],
        "over_par": outcome[-2],
    }
    assert front_9_outcomes() == expected
    assert sum(expected.values()) == 1


def test_element_of_risk() -> None:
    """The expected loss per Front 9 unit over the expected amount wagered, 1 + P(Back 9)."""
    assert element_of_risk() == Fraction(7901, 270725) / (1 + Fraction(135, 221))
    assert element_of_risk() == Fraction(7901, 436100)


def test_strategy_by_hand() -> None:
    """676a.12(b) by hand. Two tens: the hole cards (two of the other 50, which hold four
    aces, four 2s, four 3s) must total 4 or less to stay at par: A-A 6, A-2 16, A-3 16, 2-2
    6 ways, 44 of 1,225, each at par (+2); the rest over par (-2): (88 - 2,362)/1,225. A
    pair of aces can never go over par (1 + 1 + 10 + 10 = 22)."""
    rows = {(row.first, row.second): row for row in strategy()}
    assert rows[(10, 10)].play_return == Fraction(2 * 44 - 2 * (1225 - 44), 1225)
    assert rows[(10, 10)].decision == "fold"
    assert rows[(1, 1)].scores["over_par"] == 0
    assert rows[(1, 1)].decision == "back_9"
    assert len(rows) == 55
    assert strategy_in_words().startswith("Make the Back 9 Wager when the two front cards total 14")
    for (low, high), row in rows.items():
        assert row.decision == ("back_9" if low + high <= 14 else "fold")
        assert decide((high, low)) == row.decision


def skins_by_difference() -> dict[str, Fraction]:
    """Deal four cards to the player and four to the dealer from one deck, value by value,
    tracking (player cards, dealer cards, player total - dealer total)."""
    counts = {value: list(VALUE.values()).count(value) for value in range(1, 11)}
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for value, n in counts.items():
        nxt: dict[tuple[int, int, int], int] = {}
        for (p, d, diff), ways in states.items():
            for a in range(0, min(4 - p, n) + 1):
                for b in range(0, min(4 - d, n - a) + 1):
                    key = (p + a, d + b, diff + value * (a - b))
                    nxt[key] = nxt.get(key, 0) + ways * comb(n, a) * comb(n - a, b)
        states = nxt
    total = comb(52, 4) * comb(48, 4)
    final = {diff: ways for (p, d, diff), ways in states.items() if p == d == 4}
    assert sum(final.values()) == total
    return {
        "lower": Fraction(sum(w for diff, w in final.items() if diff < 0), total),
        "tie": Fraction(final.get(0, 0), total),
        "higher": Fraction(sum(w for diff, w in final.items() if diff > 0), total),
    }


def test_skins_house_edge() -> None:
    """676a.11(d)(4), 676a.12(c): the Skins Wager wins even money only below the dealer;
    ties lose, so its house edge is exactly the probability of a tie (the player is as
    likely to be below the dealer as above)."""
    dist = skins_by_difference()
    skins = par_sheet().wager("skins")
    assert dist["lower"] == dist["higher"]
    assert skins.house_edge == dist["tie"] == Fraction(113638853, 2633883525)
    assert skins.hit_frequency == dist["lower"]


def test_gopher_house_edges_by_hand() -> None:
    """676a.12(d): four cards of 52 hold k of the 4 aces in C(4,k) C(48,4-k) of C(52,4) =
    270,725 ways: 194,580 none, 69,184 one, 6,768 two, 192 three, 1 four. Paytable A:
    (2*69,184 + 5*6,768 + 50*192 + 1,000 - 194,580)/270,725 = -11,772/270,725; B pays 6
    for two aces: -5,004/270,725."""
    assert [comb(4, k) * comb(48, 4 - k) for k in range(5)] == [194580, 69184, 6768, 192, 1]
    sheet = par_sheet()
    assert sheet.wager("gopher:a").expected_return == Fraction(-11772, 270725)
    assert sheet.wager("gopher:b").expected_return == Fraction(-5004, 270725)
    assert sheet.wager("gopher:a").hit_frequency == Fraction(69184 + 6768 + 192 + 1, 270725)


def test_par_sheet_shape_and_json() -> None:
    """The shared par-sheet shape with the strategy table and the element of risk."""
    sheet = par_sheet(GoForeItRules(gopher_paytable="b"))
    assert isinstance(sheet, GoForeItParSheet)
    assert [w.wager for w in sheet.wagers] == ["front_9", "skins", "gopher:a", "gopher:b"]
    data = json.loads(sheet.to_json())
    assert data["game"] == "go-fore-it"
    assert data["element_of_risk_exact"] == "7901/436100"
    assert len(data["strategy"]) == 55
    assert {row["decision"] for row in data["strategy"]} == {"back_9", "fold"}
    assert data["wagers"][0]["house_edge_exact"] == "7901/270725"
    assert data["rules_sha256"] == GoForeItRules(gopher_paytable="b").sha256()
    assert any("paytable B" in note for note in sheet.notes)


def test_the_exact_analysis_is_fast() -> None:
    """Rank-count symmetry keeps the whole par sheet to seconds."""
    from croupier.analysis.exact import go_fore_it

    for function in (
        go_fore_it.strategy,
        go_fore_it._front_9_outcomes,
        go_fore_it.front_9_figures,
        go_fore_it.skins_distribution,
        go_fore_it.skins_figures,
        go_fore_it.gopher_figures,
    ):
        function.cache_clear()
    started = time.perf_counter()
    par_sheet()
    assert time.perf_counter() - started < 20
