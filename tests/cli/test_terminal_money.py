"""Money at the terminal tables: every amount in dollars, and each confirmation says every
cent that left the balance (a Buy wager's commission, both Criss-Cross antes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
EXAMPLES = Path(__file__).parents[2] / "examples" / "rules"


def play(*args: str, script: str = "quit\n") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", *args], input=script, env=ENV)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("typed", "shown"), [("500", "$500"), ("500.00", "$500"), ("7.5", "$7.50")]
)
@pytest.mark.parametrize("game", ["high-roll-dice", "pai-gow", "double-back-jack"])
def test_the_balance_is_given_in_dollars(game: str, typed: str, shown: str) -> None:
    """``--balance 500`` is $500.00 (it was 500 cents, $5), at every table alike."""
    code, out = play(game, "--seed", "1", "--balance", typed)
    assert code == 0, out
    assert f"Started with {shown}, ended with {shown}" in out or (
        "below the table minimum" in out and typed == "7.5"
    )


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("five", "'five' is not an amount in dollars and cents such as 5 or 2.50"),
        ("abc", "'abc' is not an amount in dollars and cents such as 5 or 2.50"),
        ("1e3", "'1e3' is not an amount in dollars and cents such as 5 or 2.50"),
        ("1e9999", "'1e9999' is not an amount in dollars and cents such as 5 or 2.50"),
        ("5.001", "'5.001' is not an amount in whole cents: it has a fraction of a cent"),
        ("1234567890123", "'1234567890123' is too large: at most twelve digits of dollars"),
    ],
)
def test_a_balance_that_is_not_dollars_is_refused(typed: str, told: str) -> None:
    """Words, exponents (``1e9999`` is no float overflow), fractions of a cent and more
    than twelve digits of dollars exit with status 2 and say why, naming ``--balance``."""
    code, out = play("high-roll-dice", f"--balance={typed}")
    assert code == 2
    assert f"--balance is play money in dollars: {told}" in out
    assert "Traceback" not in out and "(--balance)" not in out


def test_a_negative_balance_is_refused() -> None:
    code, out = play("high-roll-dice", "--balance=-5")
    assert code == 2
    assert "--balance is play money of $0 or more, not -5" in out


def test_help_says_the_balance_is_in_dollars() -> None:
    code, out = play("high-roll-dice", "--help")
    assert code == 0
    assert "Starting play money in dollars, not cents: 500 or 500.00 is $500.00." in " ".join(
        out.replace("│", " ").split()
    )


def test_a_buy_wager_says_its_commission() -> None:
    """A $20 Buy on 4 with the commission charged when it is made (623a.5): 5% of $20 is
    $1, so $21 leave the balance, and the confirmation says both figures."""
    rules = str(EXAMPLES / "craps.toml")
    code, out = play(
        "craps", "--seed", "3", "--rules", rules, script="bet pass 10\nbet buy 4 20\nquit\n"
    )
    assert code == 0, out
    assert "Placed $10 on Pass. Balance: $990" in out  # nothing more moved
    assert (
        "Placed $20 on Buy 4. Commission of $1 taken now, when the wager is made, as this "
        "table's rules charge it (623a.5 (inferred)); it comes back if you take the wager "
        "down before it is decided. $21 left your balance. Balance: $969"
    ) in out


def test_the_antes_say_both_wagers() -> None:
    """``bet antes 5`` places the Ante Across and the Ante Down, $5 each (674a.7(d)): $10
    leave the balance, and the confirmation says so (it said "$5")."""
    code, out = play("criss-cross-poker", "--seed", "3", script="bet antes 5\nquit\n")
    assert code == 0, out
    assert "$5 on the Ante Across and $5 on the Ante Down: $10 left your balance. " in out
    assert "Balance: $990" in out
