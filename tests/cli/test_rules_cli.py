"""`croupier rules check | show` on the example Rules Submissions and on bad ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.rules import load

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    return result.exit_code, result.output


def prose(output: str) -> str:
    """The output with every run of whitespace made one space (lines wrap at any width)."""
    return " ".join(output.split())


@pytest.mark.parametrize(
    ("file", "variant"),
    [
        ("high-roll-dice-ten-dice.toml", "ten_dice"),
        ("high-roll-dice-six-dice.toml", "six_dice"),
        ("high-roll-dice-2014.toml", "ten_dice_2014"),
    ],
)
def test_check_examples(file: str, variant: str) -> None:
    code, output = invoke("rules", "check", str(EXAMPLES / file))
    assert code == 0, output
    sha = load(EXAMPLES / file).sha256()
    assert output.strip() == f"ok: high-roll-dice {variant} sha256 {sha}"
    assert re.fullmatch(r"[0-9a-f]{64}", sha)


def test_an_example_sets_a_valid_payout_limit() -> None:
    limits = [getattr(load(path), "payout_limit", None) for path in EXAMPLES.glob("*.toml")]
    assert any(limit is not None and limit >= 5_000_000 for limit in limits)


def section(output: str, title: str) -> dict[str, str]:
    """The rows (label -> payout) of the paytable under ``title``."""
    lines = output.split(title, 1)[1].split("\n\n", 1)[0].splitlines()
    rows = [re.split(r"\s*│\s*", line.strip()) for line in lines if "│" in line]
    return dict(rows)


# The paytables as the regulation prints them (675a.5(a)-(d), 675a.6(j)-(k), 593.5(d)).
PIP_TEN = {
    "Two": "6 to 1",
    "Three": "6 to 1",
    "Four": "5 to 1",
    "Five": "4 to 1",
    "Six": "4 to 1",
    "One/ace": "3 to 1",
}
LIKE_TEN = {
    "Eight-of-a-kind": "5,000 to 1",
    "Seven-of-a-kind": "400 to 1",
    "Six-of-a-kind": "30 to 1",
    "Five-of-a-kind": "4 to 1",
    "Four-of-a-kind": "1 to 1",
    "Three-of-a-kind": "3 to 5",
    "Two-of-a-kind": "12 to 1",
}
EXTRA_2016 = {
    "Eight-of-a-kind": "50 to 1",
    "Seven-of-a-kind": "10 to 1",
    "Six-of-a-kind": "4 to 1",
    "Five-of-a-kind": "2 to 1",
    "Four-of-a-kind": "1 to 1",
    "Three-of-a-kind": "6 to 1",
}
MILLIONAIRE = {"Ten-of-a-kind": "$1,000,000 for $1", "Nine-of-a-kind": "$50,000 for $1"}


def test_show_ten_dice() -> None:
    code, output = invoke("rules", "show", str(EXAMPLES / "high-roll-dice-ten-dice.toml"))
    assert code == 0, output
    assert "PAYOUT ODDS (675a.1(b)(3))" in output
    assert section(output, "Pip Street Wager (675a.5(a))") == PIP_TEN
    assert section(output, "Like Kind Boulevard Wager (675a.5(b))") == LIKE_TEN
    assert section(output, "on the Extra Roll (675a.5(d))") == EXTRA_2016
    assert section(output, "First Roll Side Bet (675a.5(c))") == MILLIONAIRE
    assert (
        "All Pip Street and Like Kind Boulevard Wagers and the purchase of an Extra Roll "
        "must be of equal value. (675a.1(b)(2)(iv))"
    ) in prose(output)
    assert (
        "Payout limit: $100,000 per player per round of play, Millionaire Row Wagers "
        "excluded (675a.1(b)(4); 675a.5(e))"
    ) in prose(output)
    assert ("Table limits: $5 minimum, $500 maximum; Millionaire Row $1 (675a.2(e)(4))") in prose(
        output
    )


def test_show_six_dice() -> None:
    code, output = invoke("rules", "show", str(EXAMPLES / "high-roll-dice-six-dice.toml"))
    assert code == 0, output
    assert section(output, "Pip Street Wager (675a.6(j))") == {
        "Two": "8 to 1",
        "Three": "6 to 1",
        "Four": "5 to 1",
        "Five": "4 to 1",
        "Six": "3 to 1",
        "One/ace": "2 to 1",
    }
    assert section(output, "Like Kind Boulevard Wager (675a.6(k))") == {
        "Six-of-a-kind": "6,000 to 1",
        "Five-of-a-kind": "200 to 1",
        "Four-of-a-kind": "15 to 1",
        "Three-of-a-kind": "2 to 1",
        "Two-of-a-kind": "1 to 2",
        "No matches": "60 to 1",
    }
    assert "All wagers must be of equal value. (675a.6(b)(3))" in prose(output)
    for absent in ("Extra Roll", "Millionaire", "Payout limit"):
        assert absent not in output


def test_show_2014() -> None:
    code, output = invoke("rules", "show", str(EXAMPLES / "high-roll-dice-2014.toml"))
    assert code == 0, output
    assert "PAYOUT ODDS (593.1(b)(3))" in output
    assert section(output, "Pip Street Wager (593.5(a))") == PIP_TEN
    assert section(output, "Like Kind Boulevard Wager (593.5(b))") == LIKE_TEN
    assert section(output, "on the Extra Roll (593.5(d))") == {
        **EXTRA_2016,
        "Three-of-a-kind": "8 to 1",
    }
    assert section(output, "First Roll Side Bet (593.5(c))") == MILLIONAIRE
    assert "Extra Roll Wagers must be of equal value. (593.1(b)(2)(iv))" in prose(output)
    assert "Payout limit" not in output
    assert "Millionaire Row $0.25 to $1 (593.2(e)(4))" in prose(output)


GOPHER_B = {"Four aces": "1,000 to 1", "Three aces": "50 to 1", "Two aces": "6 to 1"}


def test_show_go_fore_it() -> None:
    """676a.2(b)(3): the payout odds of every wager with the Gopher paytable selected;
    676a.2(b)(4): the Skins tie inscription."""
    code, output = invoke("rules", "show", str(EXAMPLES / "go-fore-it.toml"))
    assert code == 0, output
    assert "Go Fore It (58 Pa. Code ch. 676a)" in output
    assert "PAYOUT ODDS (676a.2(b)(3))" in output
    assert section(output, "Front 9 Wager (676a.12(a))") == {"Total of 24 or less": "1 to 1"}
    assert section(output, "Back 9 Wager (676a.12(b))") == {
        "Albatross (8 or less)": "25 to 1",
        "Eagle (9 to 13)": "5 to 1",
        "Birdie (14 to 18)": "2 to 1",
        "Par (19 to 24)": "1 to 1",
    }
    assert section(output, "Skins Wager (676a.12(c))") == {"Total less than the dealer's": "1 to 1"}
    assert section(output, "Gopher Wager, paytable B (676a.12(d))") == {
        **GOPHER_B,
        "One ace": "2 to 1",
    }
    assert (
        "Skins Wager loses if the dealer's hand and the player's hand tie. "
        "(676a.2(b)(4); 676a.11(d)(4)(i))"
    ) in prose(output)
    assert (
        "Table limits: Front 9 and Back 9 $10 to $500; Skins $5 to $100; Gopher $1 to $25"
    ) in prose(output)


def test_show_go_fore_it_paytable_a(tmp_path: Path) -> None:
    rules = tmp_path / "a.toml"
    rules.write_text('game = "go-fore-it"\n')
    code, output = invoke("rules", "show", str(rules))
    assert code == 0, output
    assert section(output, "Gopher Wager, paytable A (676a.12(d))")["Two aces"] == "5 to 1"
    assert "Table limits: Front 9 and Back 9" in output


def test_show_pai_gow() -> None:
    """Ch. 621a asks no payout sign of the table (621a.2(b)); `show` says so and prints
    the payout: 1 to 1 less the 5% vigorish (621a.10(j)-(k))."""
    code, output = invoke("rules", "show", str(EXAMPLES / "pai-gow.toml"))
    assert code == 0, output
    text = prose(output)
    assert "Pai Gow (58 Pa. Code ch. 621a)" in output
    assert "Ch. 621a requires no payout sign or inscription at the table (621a.2(b))" in text
    rows = section(output, "Pai Gow Wager (621a.10(g); 621a.10(h); 621a.10(j); 621a.10(k))")
    assert rows == {
        "Both hands rank higher": "1 to 1 less 5% vigorish",
        "One hand higher, one not (a tie)": "Wager returned",
        "Neither hand higher": "Wager loses",
    }
    assert (
        "Vigorish: 5% of the amount won, rounded up to 25 cents or the next multiple of "
        "25 cents (621a.10(k))"
    ) in text
    assert "co-banking offered" in text and "(621a.11(q))" in text
    assert load(EXAMPLES / "pai-gow.toml").sha256() in output


def test_show_pai_gow_vigorish_to_the_cent(tmp_path: Path) -> None:
    rules = tmp_path / "p.toml"
    rules.write_text('game = "pai-gow"\n')
    code, output = invoke("rules", "show", str(rules))
    assert code == 0, output
    assert "5% of the amount won, to the cent (621a.10(k))" in prose(output)
    assert "Player bank" not in output


@pytest.mark.parametrize(
    ("text", "cite"),
    [
        ('game = "high-roll-dice"\npayout_limit = 4_999_999\n', "(675a.5(e))"),
        (
            'game = "high-roll-dice"\nvariant = "six_dice"\npayout_limit = 1_000_000\n',
            "(675a.6(l))",
        ),
        (
            'game = "high-roll-dice"\nvariant = "ten_dice_2014"\npayout_limit = 10_000_000\n',
            "593.5",
        ),
        ('game = "high-roll-dice"\nmillionaire_row_minimum = 101\n', "(675a.2(e)(4))"),
        ('game = "high-roll-dice"\nminimum_wager = 0\n', "(601a.2)"),
        ('game = "high-roll-dice"\nvariant = "four_dice"\n', "(601a.2)"),
        ('game = "high-roll-dice"\nsurprise = 1\n', "(601a.2)"),
        ('game = "baccarat"\n', "(601a.2)"),
        ("game = \n", "(601a.2)"),
    ],
)
@pytest.mark.parametrize("command", ["check", "show"])
def test_bad_submission_exits_2_with_its_citation(
    tmp_path: Path, command: str, text: str, cite: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    code, output = invoke("rules", command, str(bad))
    assert code == 2
    assert cite in prose(output)
    assert "ok:" not in output


def test_payout_limit_below_50000_message(tmp_path: Path) -> None:
    text = (EXAMPLES / "high-roll-dice-ten-dice.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(re.sub(r"(?m)^payout_limit = .*$", "payout_limit = 4_999_999", text))
    code, output = invoke("rules", "check", str(bad))
    assert code == 2
    assert "payout_limit $49,999.99 is below $50,000" in output
    assert output.rstrip().endswith("(675a.5(e))")


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    code, _ = invoke("rules", "check", str(tmp_path / "nope.toml"))
    assert code == 2
