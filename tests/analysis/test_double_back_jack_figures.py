"""The kept card-by-card Double Back Jack figures (analysis/exact/double_back_jack_figures.py)
against what produced them and against an independent simulation.

The default run checks that each kept entry is current (its digest is that of today's
enumeration and chart), that it is a distribution, and that the printed chart's figure
lies inside the 99.9% interval of 2 * 10**7 fresh-shoe rounds of the simulator
(analysis/simulation/double_back_jack.py, its own reading of the chart). Under ``-m
slow``: 5 * 10**8 rounds for one deck and 10**9 for six, and the one-deck entries
enumerated again and compared bin by bin.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.analysis.exact import double_back_jack as dbj
from croupier.analysis.exact import double_back_jack_figures as kept
from croupier.analysis.exact import double_back_jack_rounds as rounds
from croupier.analysis.exact import double_back_jack_sheet as sheet_module
from croupier.analysis.simulation.double_back_jack import best_tables, mean_net
from croupier.rules.double_back_jack import DoubleBackJackRules

KEPT_DECKS = (1, 2, 6, 8)
Z_999 = 3.2905  # two-sided 99.9%


@pytest.mark.parametrize("decks", KEPT_DECKS)
@pytest.mark.parametrize("strategy", ["chart", "optimal"])
def test_entry_is_current_and_a_distribution(decks: int, strategy: str) -> None:
    figures = kept.stored(decks, strategy)
    assert figures is not None, f"{decks} decks {strategy}: missing or stale; see the module"
    assert figures.nets.sum() == pytest.approx(1.0, abs=1e-12)
    assert (figures.nets >= 0).all()
    average, offered, taken, _ = figures.tally
    assert 1.0 < average < 1.5
    assert 0 < taken <= offered < 1


@pytest.mark.parametrize("decks", KEPT_DECKS)
def test_best_play_is_no_worse_than_the_chart(decks: int) -> None:
    best, chart = kept.stored(decks, "optimal"), kept.stored(decks, "chart")
    assert best is not None and chart is not None
    assert best.expected_return >= chart.expected_return


def test_a_changed_chart_makes_the_entry_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    current = kept.digest(1)
    source = kept.Path(rounds.__file__).read_bytes()
    monkeypatch.setattr(kept.Path, "read_bytes", lambda self: source + b"# changed")
    assert kept.digest(1) != current


SIMULATED = {"chart": "chart", "optimal": "best"}
"""A kept strategy -> the simulator's name for it."""


def _simulated(decks: int, strategy: str, rounds_wanted: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of the round net of ``strategy`` (a kept strategy's name)
    over fresh shoes, in chunks."""
    rules = DoubleBackJackRules(decks=decks)
    return mean_net(rules, rounds_wanted, seed, fresh_shoe=True, strategy=SIMULATED[strategy])


@pytest.mark.parametrize("strategy", ["chart", "optimal"])
@pytest.mark.parametrize("decks", [1, 6])
def test_figure_within_quick_simulation(decks: int, strategy: str) -> None:
    """Each kept figure against 10**7 rounds of the simulator playing the same strategy
    (the best play: its first actions and every later decision read from the tables
    the enumeration decided by, the simulator dealing and settling on its own)."""
    figures = kept.stored(decks, strategy)
    assert figures is not None
    mean, error = _simulated(decks, strategy, 10**7, 19)
    assert abs(mean - figures.expected_return) < Z_999 * error, (mean, error)


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["chart", "optimal"])
@pytest.mark.parametrize(("decks", "wanted"), [(1, 5 * 10**8), (6, 10**9)])
def test_figure_within_long_simulation(decks: int, wanted: int, strategy: str) -> None:
    figures = kept.stored(decks, strategy)
    assert figures is not None
    mean, error = _simulated(decks, strategy, wanted, 1900)
    assert abs(mean - figures.expected_return) < Z_999 * error, (mean, error)


@pytest.mark.parametrize("decks", [1, 6])
def test_best_play_hits_every_hard_eleven_or_less(decks: int) -> None:
    """A hard total of 11 or less can only gain by a card: drawn and stood on, the hand
    totals more and the dealer's cards, exchangeable with the one drawn, are dealt as
    before. The best play's tables hit every such hand of three or more cards."""
    tables = best_tables(decks)[1]
    seen = 0
    for up, table in enumerate(tables, start=1):
        for key, action in table.items():
            pair, cards = key >> rounds.PAIR_SHIFT, key & ((1 << rounds.PAIR_SHIFT) - 1)
            counts = [(cards >> (rounds.CARD_BITS * v)) & 63 for v in range(10)]
            counts[up - 1] -= 1
            if pair:
                counts[pair - 1] -= 1
            hard = sum(count * (v + 1) for v, count in enumerate(counts))
            if sum(counts) >= 3 and hard <= 11 and counts[0] == 0:
                assert action == 1, (up, pair, counts)
                seen += 1
    assert seen > 100


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["chart", "optimal"])
def test_one_deck_entry_enumerated_again(strategy: str) -> None:
    figures = kept.stored(1, strategy)
    assert figures is not None
    again = rounds.play(1, kept.STRATEGIES[strategy])
    assert again.nets == pytest.approx(figures.nets, abs=1e-14)
    assert again.tally == pytest.approx(figures.tally, abs=1e-14)


def test_par_sheet_names_each_strategy() -> None:
    sheet = sheet_module.par_sheet(DoubleBackJackRules(decks=6))
    names = {w.wager: w for w in sheet.wagers}
    assert names["blackjack"].method == dbj.CARD_BY_CARD
    assert names["blackjack:chart"].method == dbj.CARD_BY_CARD
    assert "exactly as printed" in (names["blackjack:chart"].strategy or "")
    best = kept.stored(6, "optimal")
    assert best is not None
    assert float(names["blackjack"].expected_return) == pytest.approx(
        best.expected_return, abs=1e-12
    )
    assert sheet.average_wager == pytest.approx(best.average_wager)
    assert {"insurance", "insurance:tens_held_0", "insurance:tens_held_2"} <= set(names)


def test_unkept_shoe_falls_back_to_the_approximate_analysis() -> None:
    sheet = sheet_module.par_sheet(DoubleBackJackRules(decks=3))
    names = {w.wager: w for w in sheet.wagers}
    assert names["blackjack"].method == dbj.METHOD
    assert "blackjack:chart" not in names
    assert "No current card-by-card figures are kept for 3 decks" in sheet.notes[0]


@pytest.mark.parametrize(
    ("decks", "tens", "want"), [(1, 0, (16, 49)), (1, 2, (14, 49)), (6, 1, (95, 309))]
)
def test_insurance_by_tens_held_by_hand(decks: int, tens: int, want: tuple[int, int]) -> None:
    # a dealer ace and two player cards out: 52 * decks - 3 unseen, 16 * decks - tens of
    # them ten-value; 2 to 1 on a ten-value hole card, -1 otherwise
    tens_left, unseen = want
    expected = Fraction(2 * tens_left - (unseen - tens_left), unseen)
    assert dbj.insurance_by_tens(decks, tens).expected_return == expected
