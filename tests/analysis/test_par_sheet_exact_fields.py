"""Every ``*_exact`` field of every game's par sheet is a fraction found in exact
arithmetic: it equals its float, it is not a float turned into a fraction (a denominator
that is a large power of two, what ``Fraction(float)`` gives, or of ten, what rounding a
decimal gives), and it sits only on a wager whose method is ``"exact"``. Where a small
case can be worked by hand, the figure is that hand calculation."""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any

import pytest

from croupier.analysis.exact import double_back_jack_sheet as sheet_module
from croupier.analysis.par_sheet import is_method
from croupier.cli.analyze import analyses
from croupier.rules.double_back_jack import DoubleBackJackRules

SLOW_GAMES = {"criss-cross-poker"}
"""Games whose par sheet takes minutes (the test of theirs is marked slow)."""


def _float_made(value: Fraction) -> bool:
    """Whether ``value`` looks built from a float: its denominator above 10**6 and made
    of twos and fives alone, a divisor of a power of two or ten (``Fraction(float)`` or a
    rounded decimal); no card or dice game's chances have one."""
    q = value.denominator
    for prime in (2, 5):
        while q % prime == 0:
            q //= prime
    return q == 1 and value.denominator > 10**6


def _exact_fields(data: Any, path: str = "") -> list[tuple[str, Fraction, float]]:
    """Every ``NAME_exact`` text in the JSON ``data`` with its path, fraction and the
    float of ``NAME`` beside it."""
    out: list[tuple[str, Fraction, float]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_exact") and isinstance(value, str):
                base = key.removesuffix("_exact")
                assert base in data, f"{path}.{key} has no float {base!r} beside it"
                out.append((f"{path}.{key}", Fraction(value), float(data[base])))
            else:
                out += _exact_fields(value, f"{path}.{key}")
    elif isinstance(data, list):
        for k, item in enumerate(data):
            out += _exact_fields(item, f"{path}[{k}]")
    return out


def _check(game: str) -> None:
    sheet = importlib.import_module(analyses()[game]).par_sheet(None)
    data = sheet.to_dict()
    for figures, wager in zip(sheet.wagers, data["wagers"], strict=True):
        assert is_method(wager["method"]), wager["method"]
        fields = _exact_fields(wager, f"{game}.{figures.wager}")
        if wager["method"] != "exact":
            assert fields == [], f"{figures.wager} ({wager['method']}) carries exact fields"
            continue
        assert fields, f"{figures.wager} is exact but shows no exact figure"
    for path, value, number in _exact_fields(data, game):
        assert float(value) == pytest.approx(number, rel=1e-12, abs=1e-15), path
        assert not _float_made(value), f"{path} = {value} looks made from a float"


@pytest.mark.parametrize("game", sorted(set(analyses()) - SLOW_GAMES))
def test_exact_fields_are_exact(game: str) -> None:
    _check(game)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SLOW_GAMES))
def test_exact_fields_are_exact_slow(game: str) -> None:
    _check(game)


def test_float_made_fractions_are_caught() -> None:
    assert _float_made(Fraction(0.1))
    assert _float_made(Fraction(9261964289, 16000000000000))
    assert _float_made(Fraction(round(0.0032212345678 * 10**15), 10**15))
    assert not _float_made(Fraction(-1, 17))
    assert not _float_made(Fraction(3, 2**10))


@pytest.mark.parametrize(("decks", "expected"), [(1, Fraction(-1, 17)), (2, Fraction(-7, 103))])
def test_insurance_by_hand(decks: int, expected: Fraction) -> None:
    # A dealer ace: 16 ten-value cards a deck among the other 52 * decks - 1 cards, paid
    # 2 to 1 (673a.8, 673a.12(c)): one deck 2 * 16/51 - 35/51 = -3/51 = -1/17, two
    # decks 2 * 32/103 - 71/103 = -7/103.
    insurance = sheet_module.par_sheet(DoubleBackJackRules(decks=decks)).wager("insurance")
    assert insurance.method == "exact"
    assert insurance.expected_return == expected
