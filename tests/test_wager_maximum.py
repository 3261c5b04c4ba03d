"""Each wager's largest unit under the shipped Rules Submissions (examples/rules/), read
by hand from the files: one hook (``RulesSubmission.own_maximums``) for every game, the
par-sheet name parsed once (``ParWager``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.registry import load, load_text
from croupier.rules.base import ParWager

EXAMPLES = Path(__file__).parents[1] / "examples" / "rules"

# (file, par-sheet wager name, cents): the figures are the TOML files' own numbers.
LIMITS = [
    # go-fore-it.toml: maximum_wager 50_000, skins_maximum 10_000, gopher_maximum 2_500
    ("go-fore-it", "front_9", 50_000),
    ("go-fore-it", "back_9", 50_000),
    ("go-fore-it", "skins", 10_000),
    ("go-fore-it", "gopher:b", 2_500),
    # criss-cross-poker.toml: maximum_wager 50000, bonus_maximum 10000
    ("criss-cross-poker", "antes", 50_000),
    ("criss-cross-poker", "five_card_bonus", 10_000),
    # double-back-jack.toml: maximum_wager 100_000, chip 100: Insurance half of $1,000,
    # $500 is whole $1 chips (673a.8(b))
    ("double-back-jack", "blackjack", 100_000),
    ("double-back-jack", "insurance", 50_000),
    # high-roll-dice-ten-dice.toml: maximum_wager 50_000; Millionaire Row at most $1
    ("high-roll-dice-ten-dice", "pip_street:2", 50_000),
    ("high-roll-dice-ten-dice", "like_kind", 50_000),
    ("high-roll-dice-ten-dice", "millionaire_row:10", 100),
    # high-roll-dice-2014.toml: maximum_wager 100_000
    ("high-roll-dice-2014", "pip_street:6", 100_000),
    ("high-roll-dice-2014", "millionaire_row:9", 100),
]


@pytest.mark.parametrize(("example", "wager", "cents"), LIMITS)
def test_each_example_wager_keeps_its_limit(example: str, wager: str, cents: int) -> None:
    rules = load(EXAMPLES / f"{example}.toml")
    assert rules.wager_maximum(wager) == cents


def test_an_odd_insurance_limit_rounds_up_to_a_whole_chip() -> None:
    """$1,001 maximum in $5 chips: half is $500.50, not in $5 chips; $505 is (673a.8(b))."""
    text = (EXAMPLES / "double-back-jack.toml").read_text(encoding="utf-8")
    text = text.replace("maximum_wager = 100_000", "maximum_wager = 100_100")
    text = text.replace("chip = 100", "chip = 500")
    rules = load_text(text)
    assert rules.wager_maximum("insurance") == 50_500
    assert rules.wager_maximum("blackjack") == 100_100


def test_a_par_wager_name_is_split_once_into_its_parts() -> None:
    assert ParWager.parse("pip_street:2") == ParWager("pip_street", "2")
    assert ParWager.parse("antes") == ParWager("antes", None)
    assert ParWager.parse("come:6:odds") == ParWager("come", "6:odds")
