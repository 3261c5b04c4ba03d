"""money.py: cents, odds, the rounding rule, fixed prizes and the payout limit."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import InvalidAmount
from croupier.money import (
    FixedPrize,
    PayoutLimit,
    Rounding,
    format_cents,
    format_odds,
    parse_dollars,
    parse_odds,
    payout,
    prize,
    require_cents,
)


@pytest.mark.parametrize(
    ("wager", "odds", "down", "up"),
    [
        (500, Fraction(3, 5), 300, 300),  # $5 at 3 to 5 is $3 exactly
        (700, Fraction(3, 5), 420, 420),
        (501, Fraction(3, 5), 300, 301),  # 300.6 cents
        (1, Fraction(1, 2), 0, 1),
        (500, Fraction(5000), 2_500_000, 2_500_000),
    ],
)
def test_payout_rounds_down_unless_chosen_up(
    wager: int, odds: Fraction, down: int, up: int
) -> None:
    assert payout(wager, odds) == down
    assert payout(wager, odds, Rounding.UP) == up


@given(st.integers(1, 10**9), st.integers(0, 10**4), st.integers(1, 10**3))
def test_payout_is_within_one_cent_of_exact(wager: int, num: int, den: int) -> None:
    odds = Fraction(num, den)
    exact = wager * odds
    assert 0 <= exact - payout(wager, odds) < 1
    assert 0 <= payout(wager, odds, Rounding.UP) - exact < 1


def test_fixed_prize_is_in_proportion_below_its_wager() -> None:
    million = FixedPrize(amount=100_000_000, for_wager=100)
    assert prize(100, million) == 100_000_000
    assert prize(50, million) == 50_000_000


@pytest.mark.parametrize("bad", [0, -1, 5.0, "500", True, None, 1.5])
def test_require_cents_refuses_what_is_not_positive_whole_cents(bad: object) -> None:
    with pytest.raises(InvalidAmount, match=r"\(675a\.2\(a\)\)$"):
        require_cents(bad, "a wager", "675a.2(a)")


def test_require_cents_refuses_more_than_the_largest_amount() -> None:
    # $1,000,000,000 is 10**11 cents: that much is taken, a cent more is not (a bank's
    # chips of 2**63 cents once reached the database and failed there).
    assert require_cents(10**11, "the bank's chips", "621a.11(d)(2)") == 10**11
    for too_much in (10**11 + 1, 2**63, 10**30):
        with pytest.raises(InvalidAmount, match=r"\$1,000,000,000 \(money:largest-amount\)$"):
            require_cents(too_much, "the bank's chips", "621a.11(d)(2)")


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ([1] * 50_000, "not a list of 50,000 items"),
        (10**5_000, "a wager of a number of about 5,000 digits is more than"),
        ([10**5_000], "not a list of 1 item"),
        (-(10**200), "not a number of 201 digits"),
    ],
    ids=["a long list", "an int too long to write", "one inside a list", "a long debt"],
)
def test_require_cents_quotes_a_long_amount_cut_short(bad: object, said: str) -> None:
    """Issue 34: the message quotes a long amount by its first 40 characters and its
    size, and never fails writing one (Python writes no int of over 4,300 digits)."""
    with pytest.raises(InvalidAmount) as refused:
        require_cents(bad, "a wager", "675a.2(a)")
    assert said in str(refused.value) and len(str(refused.value)) < 200


def test_payout_limit_caps_the_aggregate() -> None:
    limit = PayoutLimit(limit=5_000_000)
    assert limit.cap(4_000_000) == 4_000_000
    assert limit.cap(2_000_000) == 1_000_000
    assert limit.cap(10) == 0
    assert PayoutLimit(limit=None).cap(10**12) == 10**12


def test_formatting() -> None:
    assert format_cents(123456) == "$1,234.56"
    assert format_cents(500) == "$5"
    assert format_cents(-5) == "-$0.05"
    assert format_odds(Fraction(3, 5)) == "3 to 5"
    assert format_odds(Fraction(5000)) == "5,000 to 1"
    assert parse_odds("5,000 to 1") == 5000
    assert parse_odds("3 to 5") == Fraction(3, 5)


@pytest.mark.parametrize(
    "text",
    [
        "\uff15",  # full-width 5
        "\u0665",  # Arabic-Indic 5
        "\u0e55",  # Thai 5
        "1\uff10",  # 1 and a full-width 0
        "2.\uff15\uff10",  # full-width cents
        "\uff11,000",
        "\u00b2",  # superscript two: str.isdigit() is true, int() refuses it
        "\uff11" * 13,  # thirteen full-width ones: not "too large", not an amount at all
    ],
)
def test_parse_dollars_takes_only_ascii_digits(text: str) -> None:
    """Only the ASCII digits 0-9 are an amount: a full-width or Arabic-Indic five is not
    $5 (Python's ``int`` and ``\\d`` would read it as 5)."""
    with pytest.raises(InvalidAmount, match=r"is not an amount in dollars.*\(675a\.2\(b\)\)$"):
        parse_dollars(text, "675a.2(b)")


def test_parse_dollars_ascii() -> None:
    """$5 is 500 cents, $2.50 is 250, $1,000 is 100,000 (100 cents a dollar)."""
    assert parse_dollars("5", "c") == 500
    assert parse_dollars("2.50", "c") == 250
    assert parse_dollars("$1,000", "c") == 100_000


def test_a_rules_submission_takes_no_amount_above_the_largest() -> None:
    """A table maximum above $1,000,000,000 could never be wagered (every amount above it
    is refused, money:largest-amount): the Rules Submission is refused, naming the field."""
    from pathlib import Path

    from croupier.errors import RulesSubmissionError
    from croupier.registry import load_text

    example = Path(__file__).parents[1] / "examples" / "rules" / "high-roll-dice-ten-dice.toml"
    text = example.read_text()
    assert load_text(text + "\n").maximum_wager <= 10**11
    largest = text.replace("maximum_wager", "maximum_wager = 100000000000\n#", 1)
    assert load_text(largest).maximum_wager == 10**11
    above = text.replace("maximum_wager", "maximum_wager = 100000000001\n#", 1)
    with pytest.raises(RulesSubmissionError, match="maximum_wager"):
        load_text(above)
