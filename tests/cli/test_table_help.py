"""The terminal tables' help: amounts are dollars (cents may be typed, as in 12.50) and the
table's own limits are shown, not an example amount that reads like a legal wager.

Each Rules Submission below sets a $10 minimum and a $2,000 maximum (1,000 and 200,000
cents); the help must show those figures, as "$10 to $2,000".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
LIMITS = "minimum_wager = 1000\nmaximum_wager = 200000\n"


def run(game: str, rules: Path, script: str) -> str:
    result = CliRunner().invoke(
        app, ["play", game, "--seed", "1", "--rules", str(rules)], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def limits_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("Table limits:")]
    assert lines, output
    return lines[0]


@pytest.mark.parametrize(
    ("game", "extra", "expected"),
    [
        (
            "double-back-jack",
            "",
            "Table limits: a Blackjack Wager $10 to $2,000 (673a.6(d)).",
        ),
        ("pai-gow", "", "Table limits: a wager $10 to $2,000."),
        (
            "go-fore-it",
            "",
            "Table limits: Front 9 Wager $10 to $2,000 (the Back 9 Wager equals it); "
            "Skins Wager $10 to $2,000; Gopher Wager $10 to $2,000.",
        ),
        (
            "criss-cross-poker",
            "five_card_bonus = true\nbonus_minimum = 100\nbonus_maximum = 2500\n",
            "Table limits: each Ante Wager $10 to $2,000; Five Card Bonus Wager $1 to $25.",
        ),
        (
            "high-roll-dice",
            "millionaire_row_minimum = 25\n",
            "Table limits: a Pip Street Wager $10 to $2,000 (all Pip Street Wagers, Like Kind "
            "Boulevard Wagers and an Extra Roll of equal value, 675a.1(b)(2)(iv)); a "
            "Millionaire Row Wager $0.25 to $1.",
        ),
    ],
)
def test_help_shows_the_table_limits_and_no_amount_below_them(
    tmp_path: Path, game: str, extra: str, expected: str
) -> None:
    """At the start and on ``help`` the limits of the Rules Submission are printed, and the
    amount syntax is explained ("cents may be given: 12.50", an amount above the $10
    minimum) instead of "(2.50 allowed)"."""
    rules = tmp_path / "rules.toml"
    rules.write_text(f'game = "{game}"\n{LIMITS}{extra}')
    out = run(game, rules, "help\nquit\n")
    assert limits_line(out) == expected
    assert out.count(expected) == 2  # at the start and after "help"
    assert not re.search(r"(?<![\d.])2\.50", out)
    assert "2.50 allowed" not in out and "cents allowed" not in out
    assert "AMOUNT" in out and "(cents may be given: 12.50)" in " ".join(out.split())


def test_millionaire_row_of_exactly_one_dollar_shows_one_amount(tmp_path: Path) -> None:
    """675a.2(e)(4): a Millionaire Row Wager is at most $1; with the minimum also $1 (the
    default) the help says "$1", not "$1 to $1"."""
    rules = tmp_path / "rules.toml"
    rules.write_text(f'game = "high-roll-dice"\n{LIMITS}')
    assert limits_line(run("high-roll-dice", rules, "quit\n")).endswith(
        "; a Millionaire Row Wager $1."
    )


EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.toml"))
EXAMPLE = re.compile(
    r"bet ((?:[a-z_:0-9-]+ )*?[a-z_:0-9-]+) (\d+(?:\.\d\d)?)(?=,|:|\s\(|\s*$)", re.M
)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.stem for e in EXAMPLES])
def test_help_offers_only_wagers_this_table_takes(example: Path) -> None:
    """Each example wager the help gives (``bet pass 10``) names a spot of this table's
    layout at an amount its limits allow: typed in order at the first prompt, none is
    refused as off the layout or under the minimum (the six-dice table's help offered
    ``extra_roll``, Mini-Craps' the Fire Bet and All Small, Craps' ``bet horn 4`` under
    its $5 minimum)."""
    from croupier.registry import load

    game = load(example).game
    help_text = run(game, example, "quit\n").split("Table limits:")[0]
    wagers = [f"bet {m[1]} {m[2]}" for m in EXAMPLE.finditer(help_text)]
    if not wagers:
        pytest.skip("this table's help gives no example wager")
    out = run(game, example, "".join(f"{w}\n" for w in wagers) + "quit\n")
    refusals = [line for line in out.splitlines() if line.startswith("Refused:")]
    for refusal in refusals:
        assert "not a wager on the layout" not in refusal, refusal
        assert "not offered" not in refusal and "no such" not in refusal, refusal
        assert "less than" not in refusal and "minimum" not in refusal, refusal


def test_the_six_dice_help_has_no_extra_roll_and_mini_craps_no_fire_bet() -> None:
    six = next(e for e in EXAMPLES if e.stem == "high-roll-dice-six-dice")
    assert "extra_roll" not in run("high-roll-dice", six, "quit\n").split("Table limits:")[0]
    mini = next(e for e in EXAMPLES if e.stem == "mini-craps")
    mini_help = run("craps", mini, "quit\n").split("Table limits:")[0]
    assert "bet fire" not in mini_help and "bet all small" not in mini_help
    full = next(e for e in EXAMPLES if e.stem == "craps")
    craps_help = run("craps", full, "quit\n")
    assert "bet horn 8," in craps_help  # four units, at least the $5 minimum
