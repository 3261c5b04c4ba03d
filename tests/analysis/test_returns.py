"""The returns the help panel and the lobby show (croupier.analysis.returns): percentages
rounded from the par sheet's fractions, only the wagers a submission offers."""

from __future__ import annotations

from fractions import Fraction

from croupier.analysis import returns
from croupier.registry import load_text


def test_percentages_from_the_fraction_itself() -> None:
    assert returns.percent(Fraction(1, 36)) == "2.78%"  # 2.7777...
    assert returns.percent(Fraction(-7, 495)) == "-1.41%"  # 1.4141...
    assert returns.percent(1 - Fraction(7, 495)) == "98.59%"
    assert returns.percent(Fraction(1, 3)) == "33.33%"
    assert returns.percent(Fraction(1, 8)) == "12.50%"  # 12.5 exactly: the zero kept
    assert returns.percent(Fraction(1, 800)) == "0.12%"  # 0.125: a tie, to even


def test_only_the_wagers_the_submission_offers() -> None:
    """Go Fore It's par sheet has both Gopher paytables (676a.12(d)); the help shows the
    one the table's submission selects."""
    rules = load_text('game = "go-fore-it"\ngopher_paytable = "b"\n')
    shown = {w["wager"]: w for w in returns.figures(rules)}
    assert "gopher:b" in shown and "gopher:a" not in shown
    assert shown["front_9"]["strategy"]  # a figure for a stated strategy says which
    assert shown["skins"]["strategy"] is None
    assert shown["front_9"]["method"] == "exact: every outcome counted"
    assert shown["front_9"]["exact"] == "7901/270725"


def test_an_approximate_method_in_words() -> None:
    assert returns.method_words("simulation") == "estimated by simulation"
    said = returns.method_words("combinatorial (approximate: floating point only)")
    assert said == "counted, approximately (floating point only)"
