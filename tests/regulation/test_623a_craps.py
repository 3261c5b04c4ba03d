"""58 Pa. Code ch. 623a, Craps and Mini-Craps, worked by hand.

The chapter's text is not in the seeds: the sections are those the 2011 preamble describes
(623a.1 definitions, 623a.2 the tables, 623a.3 the wagers, 623a.4 making and removing
them, 623a.5 payout odds, 623a.6 odds, 623a.7 the dice, 623a.8 the throw, 623a.9
settlement, 623a.10 the shooter, 623a.11 the Fire Bet; 623a.12 Bonus Craps of the current
chapter; docs/interpretations.md, Craps). The odds are typed here from
../shared/games/craps-and-sic-bo.md, never taken from croupier's constants. Amounts are
in cents: 1_000 is $10.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import RulesSubmissionError
from croupier.rules.base import validate
from croupier.rules.craps import CrapsRules, WagerKind, odds_limit


def rules(**fields: Any) -> CrapsRules:
    return validate(CrapsRules, {"game": "craps", **fields})


def refused_rules(cite: str, **fields: Any) -> str:
    with pytest.raises(RulesSubmissionError) as info:
        rules(**fields)
    assert info.value.cite == cite, str(info.value)
    return str(info.value)


# --- the Rules Submission ----------------------------------------------------------------
def test_623a_2_craps_and_mini_craps_tables() -> None:
    """A Craps table has 14 positions by default (at most 20), a Mini-Craps table 9 (at
    most 9); a tenth position at Mini-Craps is refused."""
    assert rules().seat_count() == 14
    assert rules(table="mini_craps").seat_count() == 9
    assert rules(positions=20).seat_count() == 20
    assert "1 to 9" in refused_rules("623a.2", table="mini_craps", positions=10)
    refused_rules("623a.2", positions=21)
    refused_rules("623a.2", positions=0)


def test_623a_3_wagers_offered_and_the_bar() -> None:
    """A table offers the wagers it lists, in one canonical order; it must offer Pass or
    Don't Pass (the shooter's wager on the come-out, 623a.10); the Don't bar is 12 or 2."""
    mini = rules(wagers=["field", "pass"])
    assert mini.wagers == (WagerKind.PASS, WagerKind.FIELD)
    assert mini.sha256() == rules(wagers=["pass", "field"]).sha256()
    assert not mini.offers(WagerKind.FIRE_BET)
    assert set(rules().wagers) == set(WagerKind)
    refused_rules("623a.10", wagers=["field"])
    refused_rules("623a.3", wagers=["pass", "pass"])
    assert rules(dont_bar=2).dont_bar == 2
    refused_rules("623a.3", dont_bar=3)
    refused_rules("601a.2", dont_bar=True)  # a whole number, not a yes/no


def test_623a_5_the_minimum_odds_and_paying_more() -> None:
    """The minimums of the common practice: Place 6 pays 7 to 6, the Field 2 to 1 on 2
    and 12. An operator may pay 3 to 1 on 12 (more), never 3 to 2 on Place 6 (less)."""
    default = rules()
    assert default.odds_of("place:6") == Fraction(7, 6)
    assert default.odds_of("place:4") == Fraction(9, 5)
    assert default.odds_of("place_to_lose:4") == Fraction(5, 11)
    assert default.odds_of("field:2") == default.odds_of("field:12") == 2
    assert default.odds_of("hard:8") == 9 and default.odds_of("hard:10") == 7
    richer = rules(payouts={"field:12": "3 to 1", "place:6": "7/5"})
    assert richer.odds_of("field:12") == 3 and richer.odds_of("place:6") == Fraction(7, 5)
    assert richer.payouts == {"field:12": "3 to 1", "place:6": "7 to 5"}
    message = refused_rules("623a.5", payouts={"place:6": "1 to 1"})
    assert "never less" in message and "7 to 6" in message
    refused_rules("623a.5", payouts={"pass": "2 to 1"})  # even money, not posted
    refused_rules("623a.5", payouts={"field:2": 3})
    refused_rules("623a.5", payouts={"field:2": "lots"})


def test_623a_6_odds_limits() -> None:
    """1x to 100x and 3-4-5x (3x on 4 and 10, 4x on 5 and 9, 5x on 6 and 8)."""
    assert odds_limit("3-4-5x").multiples == {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
    assert odds_limit("100x").multiple(6) == 100
    assert odds_limit("1x").multiple(4) == 1
    for bad in ("0x", "101x", "3-4-5", "2", "x"):
        refused_rules("623a.6", odds_limit=bad)


def test_623a_5_buy_and_lay_commission_choices() -> None:
    """5% (at most), charged up front or only on a win; 6% is refused."""
    assert rules().commission_rate == Fraction(1, 20)
    assert rules(buy_commission="on_win", lay_commission="up_front").buy_commission == "on_win"
    assert rules(commission_percent=0).commission_rate == 0
    refused_rules("623a.5", commission_percent=6)
    refused_rules("601a.2", buy_commission="sometimes")


def test_623a_11_fire_bet_tiers_and_limits() -> None:
    """Table a: 4, 5, 6 points pay 24, 249, 999 to 1; table b: 3, 4, 5, 6 points pay 6,
    29, 149, 299 to 1 (7, 30, 150, 300 "for 1"); a custom table rises with the points and
    pays for six; the Fire Bet's least and most amounts."""
    assert rules().fire_tiers == {4: 24, 5: 249, 6: 999}
    assert rules(fire_bet_paytable="b").fire_tiers == {3: 6, 4: 29, 5: 149, 6: 299}
    custom = rules(fire_bet_paytable="custom", custom_fire_bet={"6": "500 to 1", "4": "20/1"})
    assert custom.fire_tiers == {4: 20, 6: 500}
    refused_rules("623a.11", fire_bet_paytable="custom")
    refused_rules("623a.11", custom_fire_bet={"6": "500 to 1"})
    refused_rules(
        "623a.11", fire_bet_paytable="custom", custom_fire_bet={"4": "30 to 1", "6": "20 to 1"}
    )
    refused_rules("623a.11", fire_bet_paytable="custom", custom_fire_bet={"5": "30 to 1"})
    refused_rules(
        "623a.11", fire_bet_paytable="custom", custom_fire_bet={"7": "3 to 1", "6": "9 to 1"}
    )
    refused_rules("623a.11", fire_bet_minimum=2_000, fire_bet_maximum=1_000)
    refused_rules("623a.12", bonus_minimum=0)


def test_623a_4_limits_and_payout_limit() -> None:
    refused_rules("623a.4", minimum_wager=1_000, maximum_wager=500)
    refused_rules("623a.5", payout_limit=0)
    assert "at most $10,000 paid" in rules(payout_limit=1_000_000).describe_limits()
