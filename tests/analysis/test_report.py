"""The HTML par-sheet report: one valid, self-contained file with every wager's figures,
its outcome plot and the game's strategy chart."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from math import comb
from pathlib import Path
from types import SimpleNamespace

import pytest

from croupier.analysis.charts import criss_cross_poker as criss_cross_poker_chart
from croupier.analysis.charts import double_back_jack as double_back_jack_chart
from croupier.analysis.charts import go_fore_it as go_fore_it_chart
from croupier.analysis.exact import go_fore_it
from croupier.analysis.par_sheet import OutcomeFigures, ParSheet, WagerFigures
from croupier.analysis.report import (
    StrategyChart,
    most_won_per_round,
    outcome_distribution,
    render_html,
    rules_stamping,
    strategy_charts,
    write_report,
)
from croupier.rules.criss_cross_poker import CrissCrossPokerRules
from croupier.rules.double_back_jack import DoubleBackJackRules
from croupier.rules.go_fore_it import GoForeItRules
from croupier.rules.high_roll_dice import HighRollDiceRules

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr"}


class Checker(HTMLParser):
    """Checks that every element is closed in order and collects what the test needs."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[str] = []
        self.external: list[str] = []
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if (
                name in {"src", "href", "xlink:href"}
                and value
                and not value.startswith(("#", "data:"))
            ):
                self.external.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if (
                name in {"src", "href", "xlink:href"}
                and value
                and not value.startswith(("#", "data:"))
            ):
                self.external.append(value)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


def check(text: str) -> Checker:
    checker = Checker()
    checker.feed(text)
    checker.close()
    assert checker.doctype.lower() == "doctype html"
    assert not checker.errors, checker.errors[:5]
    assert not checker.stack, checker.stack
    assert not checker.external, checker.external[:5]
    return checker


def roulette_sheet() -> ParSheet:
    """A made-up game whose figures are known by hand: an even-money bet on 18 of 37
    numbers (house edge 1/37), and a bet with two losing outcomes of equal net."""
    even = WagerFigures.from_outcomes(
        "red",
        [
            OutcomeFigures("red", Fraction(18, 37), Fraction(1), hit=True),
            OutcomeFigures("black", Fraction(18, 37), Fraction(-1), hit=False),
            OutcomeFigures("zero", Fraction(1, 37), Fraction(-1), hit=False),
        ],
    )
    straight = WagerFigures.from_outcomes(
        "straight_up",
        [
            OutcomeFigures("the number", Fraction(1, 37), Fraction(35), hit=True),
            OutcomeFigures("another number", Fraction(36, 37), Fraction(-1), hit=False),
        ],
    )
    return ParSheet(game="roulette", variant=None, wagers=(even, straight), notes=("a note",))


def test_a_made_up_sheet_gives_its_hand_derived_house_edge(tmp_path: Path) -> None:
    path = write_report(roulette_sheet(), tmp_path)
    assert path == tmp_path / "roulette.html"
    text = path.read_text(encoding="utf-8")
    checker = check(text)
    # 1/37 = 2.7027...%: both bets have it, as a percentage and exactly.
    assert text.count("2.7027%") >= 2
    assert "(1/37)" in text
    # red: 18/37 hit frequency; straight up wins 35 per unit.
    assert "(18/37)" in text
    assert "(35/1)" in text
    # one bar chart per wager, inline
    assert checker.tags.count("svg") == 2
    assert "a note" in text


def test_outcomes_of_equal_net_are_one_bar() -> None:
    red = roulette_sheet().wagers[0]
    assert outcome_distribution(red) == [
        (Fraction(-1), Fraction(19, 37)),
        (Fraction(1), Fraction(18, 37)),
    ]


def gopher_a_house_edge() -> Fraction:
    """676a.12(d) paytable A (4 aces 1,000, 3 aces 50, 2 aces 5, 1 ace 2 to 1) over the
    number of aces in four cards of one deck, counted by hand."""
    odds = {4: 1000, 3: 50, 2: 5, 1: 2, 0: -1}
    hands = comb(52, 4)
    value = sum(
        (Fraction(comb(4, k) * comb(48, 4 - k), hands) * net for k, net in odds.items()),
        Fraction(0),
    )
    return -value


def test_go_fore_it_report(tmp_path: Path) -> None:
    rules = GoForeItRules(
        maximum_wager=50_000, skins_maximum=10_000, gopher_maximum=2_500, gopher_paytable="a"
    )
    sheet = go_fore_it.par_sheet(rules)
    text = write_report(sheet, tmp_path, rules).read_text(encoding="utf-8")
    checker = check(text)
    for figures in sheet.wagers:
        assert f"{float(figures.house_edge) * 100:.4f}%" in text
        assert f"({figures.house_edge.numerator}/{figures.house_edge.denominator})" in text
    assert sheet.wager("gopher:a").house_edge == gopher_a_house_edge() == Fraction(11772, 270725)
    assert "4.3483%" in text
    # the element of risk of the Front 9 game differs from its house edge
    assert "Element of risk" in text
    # most won: Front 9 1 to 1 plus an albatross Back 9 25 to 1 on $500 each (676a.12(a),
    # (b)) is $13,000; Skins 1 to 1 on $100; Gopher 1,000 to 1 on $25 (676a.12(d)).
    assert "$13,000 ($500 staked)" in text
    assert "$100 ($100 staked)" in text
    assert "$25,000 ($25 staked)" in text
    # four outcome plots and the Back 9 chart, every one inline
    assert checker.tags.count("svg") == len(sheet.wagers) + 1
    assert "the Back 9 decision" in text


def test_go_fore_it_chart_follows_the_strategy() -> None:
    sheet = go_fore_it.par_sheet()
    chart = go_fore_it_chart.strategy_chart(sheet)
    assert isinstance(chart, StrategyChart)
    names = {1: "A", 10: "T"} | {v: str(v) for v in range(2, 10)}
    for row in go_fore_it.strategy():
        cell = chart.cells[chart.rows.index(names[row.first])][
            chart.columns.index(names[row.second])
        ]
        assert cell == ("B" if row.decision == "back_9" else "F")
    # below the diagonal there is no start (the lower card is the row)
    assert chart.cells[9][0] == ""


def test_criss_cross_poker_chart_reads_the_across_strategy() -> None:
    strategy = "Across 3x: AA, AKs; Across 1x: 72o; Across fold: none. Down and Middle: ..."
    antes = WagerFigures.from_outcomes(
        "antes",
        [OutcomeFigures("any", Fraction(1), Fraction(0), hit=False)],
        strategy=strategy,
    )
    sheet = ParSheet(game="criss-cross-poker", variant=None, wagers=(antes,))
    chart = criss_cross_poker_chart.strategy_chart(sheet)
    assert isinstance(chart, StrategyChart)
    ranks = "AKQJT98765432"
    assert chart.cells[0][0] == "3x"  # AA
    assert chart.cells[0][1] == "3x"  # AKs above the diagonal
    assert chart.cells[1][0] == ""  # AKo not listed
    assert chart.cells[ranks.index("2")][ranks.index("7")] == "1x"  # 72o below
    assert sum(cell != "" for row in chart.cells for cell in row) == 3


def test_double_back_jack_chart_when_its_analysis_provides_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import croupier.analysis.exact.double_back_jack as dbj

    asked: list[int] = []

    def basic_strategy(decks: int) -> SimpleNamespace:
        asked.append(decks)
        return SimpleNamespace(chart=lambda: {("16", "T"): "H", ("16", "6"): "S"})

    monkeypatch.setattr(dbj, "basic_strategy", basic_strategy, raising=False)
    sheet = ParSheet(game="double-back-jack", variant=None, wagers=roulette_sheet().wagers)
    chart = double_back_jack_chart.strategy_chart(sheet, DoubleBackJackRules(decks=2))
    assert asked == [2]
    assert isinstance(chart, StrategyChart)
    assert chart.rows == ("16",)
    assert chart.columns == ("T", "6")
    assert chart.cells == (("H", "S"),)


def test_a_chart_that_fails_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import croupier.analysis.exact.double_back_jack as dbj

    def broken(decks: int) -> None:
        raise RuntimeError("not solved yet")

    monkeypatch.setattr(dbj, "basic_strategy", broken, raising=False)
    sheet = ParSheet(game="double-back-jack", variant=None, wagers=roulette_sheet().wagers)
    parts = strategy_charts(sheet, DoubleBackJackRules())
    assert len(parts) == 1
    text = render_html(sheet, charts=parts)
    check(text)
    assert "not drawn" in text
    assert "not solved yet" in text


def test_wager_maximum_follows_each_wagers_own_limit() -> None:
    hrd = HighRollDiceRules(maximum_wager=50_000)
    assert hrd.wager_maximum("pip_street:2") == 50_000
    assert hrd.wager_maximum("millionaire_row:10") == 100  # at most $1 (675a.2(e)(4))
    ccp = CrissCrossPokerRules(maximum_wager=20_000, five_card_bonus=True, bonus_maximum=2_500)
    assert ccp.wager_maximum("antes") == 20_000
    assert ccp.wager_maximum("five_card_bonus") == 2_500
    dbj = DoubleBackJackRules(maximum_wager=100_000, chip=500)
    assert dbj.wager_maximum("blackjack") == 100_000
    assert dbj.wager_maximum("insurance") == 50_000  # half of $1,000 (673a.8(b))
    odd = DoubleBackJackRules(maximum_wager=100_100, chip=500)
    assert odd.wager_maximum("insurance") == 50_500  # $500.50 is not in $5 chips: $505
    gfi = GoForeItRules(maximum_wager=50_000, skins_maximum=10_000, gopher_maximum=2_500)
    assert gfi.wager_maximum("front_9") == 50_000
    assert gfi.wager_maximum("skins") == 10_000  # their own limits (676a.7(d))
    assert gfi.wager_maximum("gopher:b") == 2_500


def test_each_game_names_the_module_that_draws_its_chart() -> None:
    """Every :attr:`GameSpec.chart` names a module with ``strategy_chart``; High Roll Dice
    has no decisions and names none, so its report has no chart."""
    import importlib

    from croupier.registry import GAMES

    charted = {name for name, spec in GAMES.items() if spec.chart is not None}
    assert charted == {"go-fore-it", "criss-cross-poker", "pai-gow", "double-back-jack"}
    for name in charted:
        chart = GAMES[name].chart
        assert chart is not None
        assert callable(importlib.import_module(chart).strategy_chart)
    sheet = ParSheet(game="high-roll-dice", variant=None, wagers=roulette_sheet().wagers)
    assert strategy_charts(sheet) == []


def test_most_won_counts_every_unit_staked() -> None:
    # a Like Kind circle with its Extra Roll: 2 units; net per unit staked (5000 - 1) / 2
    # for eight of a kind on the first roll: 5,000 to 1 on one unit, the Extra Roll lost.
    figures = WagerFigures.from_outcomes(
        "like_kind_extra_roll:8",
        [
            OutcomeFigures("eight", Fraction(1, 1000), Fraction(4999, 2), hit=True),
            OutcomeFigures("else", Fraction(999, 1000), Fraction(-1), hit=False),
        ],
        units_staked=2,
    )
    assert most_won_per_round(figures, 500) == 4999 * 500


def test_rules_stamping_picks_the_submission_of_the_sheet() -> None:
    rules = GoForeItRules(gopher_paytable="b")
    sheet = go_fore_it.par_sheet(rules)
    assert rules_stamping(sheet, (None, GoForeItRules(), rules)) is rules
    assert rules_stamping(sheet, (GoForeItRules(),)) is None


def test_the_report_escapes_text() -> None:
    sheet = roulette_sheet()
    odd = ParSheet(game="roulette", variant="<b>&", wagers=sheet.wagers, notes=("<script>",))
    text = render_html(odd, charts=())
    check(text)
    assert "<script>" not in text
    assert "&lt;script&gt;" in text
    assert re.search(r"<title>Par sheet: roulette \(&lt;b&gt;&amp;\)</title>", text)


# --- the most one player can win, wager by wager, from the paytables typed in ----------------
PIP_TEN = {"two": 6, "three": 6, "four": 5, "five": 4, "six": 4, "ace": 3}  # 675a.5(a)
LIKE_TEN = {2: 12, 3: Fraction(3, 5), 4: 1, 5: 4, 6: 30, 7: 400, 8: 5000}  # 675a.5(b)
EXTRA_2016 = {3: 6, 4: 1, 5: 2, 6: 4, 7: 10, 8: 50}  # 675a.5(d)
PIP_SIX = {"two": 8, "three": 6, "four": 5, "five": 4, "six": 3, "ace": 2}  # 675a.6(j)
LIKE_SIX = {"no_match": 60, 2: Fraction(1, 2), 3: 2, 4: 15, 5: 200, 6: 6000}  # 675a.6(k)


def test_every_wager_gives_the_most_one_player_can_win() -> None:
    """``max_win`` (net per unit staked) of every wager of High Roll Dice, Go Fore It and
    Pai Gow, from the regulation's paytables: a Like Kind circle with its Extra Roll
    stakes 2 units and loses the Extra Roll unit, so it nets (best odds - 1) / 2, the
    best of the first-roll and the Extra Roll odds (circle 2 cannot be held, 4 nets 0);
    Millionaire Row pays $1,000,000 or $50,000 for $1 (675a.5(c)); Go Fore It's Front 9
    game 1 + 25 (albatross) per Front 9 unit (676a.12(a)-(b)), Skins 1, Gopher 1,000
    (676a.12(c)-(d)); Pai Gow 1 to 1 less 5% (621a.10(k))."""
    from croupier.analysis.exact import high_roll_dice

    expected: dict[str, Fraction] = {f"pip_street:{k}": Fraction(v) for k, v in PIP_TEN.items()}
    expected |= {f"like_kind:{k}": Fraction(v) for k, v in LIKE_TEN.items()}
    expected |= {
        f"like_kind_extra_roll:{k}": (max(Fraction(v), Fraction(EXTRA_2016.get(k, 0))) - 1) / 2
        for k, v in LIKE_TEN.items()
    }
    expected |= {"millionaire_row:10": Fraction(1_000_000), "millionaire_row:9": Fraction(50_000)}
    ten = high_roll_dice.par_sheet(HighRollDiceRules())
    assert {w.wager: w.max_win for w in ten.wagers} == expected
    six = high_roll_dice.par_sheet(HighRollDiceRules(variant="six_dice"))
    expected_six = {f"pip_street:{k}": Fraction(v) for k, v in PIP_SIX.items()}
    expected_six |= {f"like_kind:{k}": Fraction(v) for k, v in LIKE_SIX.items()}
    assert {w.wager: w.max_win for w in six.wagers} == expected_six
    golf = go_fore_it.par_sheet()
    assert {w.wager: w.max_win for w in golf.wagers} == {
        "front_9": 26,
        "skins": 1,
        "gopher:a": 1000,
        "gopher:b": 1000,
    }


def test_pai_gow_wagers_win_at_most_1_to_1_less_the_vigorish() -> None:
    """1 to 1 less 5% of the amount won (621a.10(k)): 19/20 per unit."""
    from croupier.analysis.exact import pai_gow

    tiles = pai_gow.par_sheet()
    assert {w.max_win for w in tiles.wagers} == {Fraction(19, 20)}


def test_a_double_back_jack_chart_of_rows() -> None:
    """The shape ``basic_strategy(decks).chart()`` returns: rows with kind, label and one
    cell per up card."""
    rows = (
        SimpleNamespace(kind="hard", label="16", cells=("S", "Rh")),
        SimpleNamespace(kind="second_chance", label="22", cells=("T", "-")),
    )
    chart = double_back_jack_chart.grid_from(rows, "basic strategy", ("10", "A"))
    assert isinstance(chart, StrategyChart)
    assert chart.rows == ("hard 16", "second chance 22")
    assert chart.columns == ("10", "A")
    assert chart.legend["Rh"] == "surrender, else hit"
    assert chart.legend["T"] == "take the Second Chance Wager"
    text = render_html(roulette_sheet(), charts=[chart])
    assert check(text).tags.count("svg") == 3


def test_a_wagers_own_element_of_risk_is_shown() -> None:
    """A wager that stakes 1 unit and doubles to 2 half the time: house edge 3/100 per
    initial unit, 3/100 / (3/2) = 2/100 per unit wagered (made-up figures)."""
    figures = WagerFigures.from_outcomes(
        "doubling",
        [
            OutcomeFigures("win", Fraction(1, 2), Fraction(47, 50), hit=True),
            OutcomeFigures("lose", Fraction(1, 2), Fraction(-1), hit=False),
        ],
        element_of_risk=Fraction(1, 50),
    )
    assert figures.house_edge == Fraction(3, 100)
    assert figures.to_dict()["element_of_risk_exact"] == "1/50"
    sheet = ParSheet(game="made-up", variant=None, wagers=(figures,))
    text = render_html(sheet, charts=())
    assert "Element of risk" in text
    assert "2.0000% <span" in text and "(1/50)" in text
    plain = roulette_sheet()
    assert "Element of risk" not in render_html(plain, charts=())
    assert "element_of_risk" not in plain.wagers[0].to_dict()
