"""`croupier rules check | show` on the example Rules Submissions and on bad ones."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.rules import payout_limit_line
from croupier.errors import RulesSubmissionError
from croupier.registry import load
from croupier.rules.criss_cross_poker import CrissCrossPokerRules
from croupier.rules.high_roll_dice import HighRollDiceRules

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
    assert output.splitlines()[0] == f"ok: high-roll-dice {variant} sha256 {sha}"
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


# The paytables as ch. 674a prints them (674a.12(a)-(c)).
CRISS_CROSS_ANTES = {"Pair of jacks or better": "1 to 1", "Pair of 6s through 10s": "Push"}
CRISS_CROSS_BETS = {
    "Royal flush": "500 to 1",
    "Straight flush": "100 to 1",
    "Four-of-a-kind": "40 to 1",
    "Full house": "12 to 1",
    "Flush": "8 to 1",
    "Straight": "5 to 1",
    "Three-of-a-kind": "3 to 1",
    "Two pair": "2 to 1",
    "Pair of jacks, queens, kings or aces": "1 to 1",
    "Pair of 6s through 10s": "Push",
}
CRISS_CROSS_BONUS = {
    "Royal flush": "250 to 1",
    "Straight flush": "100 to 1",
    "Four-of-a-kind": "40 to 1",
    "Full house": "15 to 1",
    "Flush": "10 to 1",
    "Straight": "6 to 1",
    "Three-of-a-kind": "4 to 1",
    "Two pair": "3 to 1",
    "Pair of 6s or better": "1 to 1",
}


def test_show_criss_cross_poker() -> None:
    """674a.2(b)(5): the payout odds of every permissible wager, the antes (674a.12(a)),
    the Across, Down and Middle Bets (674a.12(b)) and the Five Card Bonus offered
    (674a.12(c)); 674a.2(b)(6): the payout limit set (674a.12(d))."""
    code, output = invoke("rules", "show", str(EXAMPLES / "criss-cross-poker.toml"))
    assert code == 0, output
    text = prose(output)
    assert "Criss-Cross Poker (58 Pa. Code ch. 674a)" in output
    assert load(EXAMPLES / "criss-cross-poker.toml").sha256() in output
    assert "PAYOUT ODDS (674a.2(b)(5))" in output
    assert section(output, "Ante Across and Ante Down Wagers (674a.12(a))") == (CRISS_CROSS_ANTES)
    assert section(output, "Across, Down and Middle Bets (674a.12(b))") == CRISS_CROSS_BETS
    assert section(output, "Five Card Bonus Wager (674a.12(c))") == CRISS_CROSS_BONUS
    assert "Payout limit: $50,000 per player per round of play (674a.2(b)(6); 674a.12(d))" in (text)
    assert (
        "Table limits: Ante Across and Ante Down $10 to $500 each; Across, Down and Middle "
        "Bets 1 to 3 times the ante (674a.11(b), 674a.11(d), 674a.11(f)); Five Card Bonus "
        "$5 to $100"
    ) in text


def test_show_criss_cross_poker_without_bonus_or_limit(tmp_path: Path) -> None:
    """674a.2(b)(4)-(6): no Five Card Bonus offered and no payout limit set, so the sign
    shows neither."""
    rules = tmp_path / "c.toml"
    rules.write_text('game = "criss-cross-poker"\n')
    code, output = invoke("rules", "show", str(rules))
    assert code == 0, output
    assert section(output, "Across, Down and Middle Bets (674a.12(b))") == CRISS_CROSS_BETS
    for absent in ("Five Card Bonus", "Payout limit"):
        assert absent not in output


def test_criss_cross_poker_payout_limit_below_the_most_won_is_refused(tmp_path: Path) -> None:
    """674a.12(d): at $20 antes and a $100 Five Card Bonus the least limit is
    3,026 x $20 + 100 x $100 = $70,520 (a straight flush in the cross, Across a royal
    flush, Down a flush); $70,519.99 is refused at `check` and `show`."""
    text = (
        'game = "criss-cross-poker"\nminimum_wager = 2000\nmaximum_wager = 50000\n'
        "five_card_bonus = true\nbonus_minimum = 10000\npayout_limit = "
    )
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(text + "7052000\n")
    bad.write_text(text + "7051999\n")
    for command in ("check", "show"):
        code, output = invoke("rules", command, str(bad))
        assert code == 2 and "at least $70,520, not $70,519.99" in prose(output)
        assert "(674a.12(d))" in output
        code, output = invoke("rules", command, str(good))
        assert code == 0, output


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


# --- the aggregate payout limit against the most one player can win ----------------------
def test_check_states_the_limit_of_the_ten_dice_example() -> None:
    """At the $5 minimum, ten dice (675a.5(a)-(d)): the Two or Three face pays 6 to 1 on
    Pip Street and eight of a kind 5,000 to 1 on Like Kind, no Extra Roll line beats eight;
    the next best throws, seven of a kind (6 + 400 + 50 on the Extra Roll) and two of a
    kind (6 + 12 + 50), pay less. 5,006 x $5 = $25,030, under the $50,000 floor."""
    code, output = invoke("rules", "check", str(EXAMPLES / "high-roll-dice-ten-dice.toml"))
    assert code == 0, output
    line = prose(output.splitlines()[1])
    assert line == (
        "payout limit $100,000 per player per round: at least $50,000, the greater of "
        "$50,000 and $25,030, the most one player can win in a round betting the minimum "
        "(675a.5(e))"
    )


def test_check_states_the_limit_of_the_criss_cross_poker_example() -> None:
    """Antes $10, Five Card Bonus $5 (examples/rules/criss-cross-poker.toml): 3,302 antes
    with the community cards a flush paying 10 to 1 on the bonus, 3,302 x $10 + 10 x $5 =
    $33,070 (674a.12(d))."""
    code, output = invoke("rules", "check", str(EXAMPLES / "criss-cross-poker.toml"))
    assert code == 0, output
    assert "$50,000 and $33,070" in prose(output)
    assert prose(output).endswith("(674a.12(d))")


@pytest.mark.parametrize(
    ("limit", "accepted"), [("6_008_000", True), ("6_007_999", False), ("5_000_000", False)]
)
def test_six_dice_limit_at_a_10_minimum(tmp_path: Path, limit: str, accepted: bool) -> None:
    """Six dice at a $10 minimum (675a.6(j)-(l)): the Two face pays 8 to 1 on Pip Street
    and six of a kind 6,000 to 1: 6,008 x $10 = $60,080 > $50,000; no match pays only
    2 + 60. So $60,080 is the least limit allowed."""
    rules = tmp_path / "six.toml"
    rules.write_text(
        f'game = "high-roll-dice"\nvariant = "six_dice"\nminimum_wager = 1000\n'
        f"payout_limit = {limit}\n"
    )
    code, output = invoke("rules", "check", str(rules))
    if accepted:
        assert code == 0, output
        assert "at least $60,080, the greater of $50,000 and $60,080" in prose(output)
    else:
        assert code == 2
        assert "(675a.6(l))" in prose(output)


def test_the_check_holds_a_limit_the_model_did_not_see() -> None:
    """:func:`payout_limit_line` refuses a limit under the least on its own (a model built
    without validation), citing the chapter's section."""
    low = HighRollDiceRules.model_construct(minimum_wager=2_000, payout_limit=10_000_000)
    # 5,006 x $20 = $100,120 (see the ten-dice example above)
    with pytest.raises(RulesSubmissionError, match=r"less than \$100,120") as error:
        payout_limit_line(low)
    assert error.value.cite == "675a.5(e)"
    ok = HighRollDiceRules.model_construct(minimum_wager=2_000, payout_limit=10_012_000)
    assert payout_limit_line(ok) is not None
    ccp = CrissCrossPokerRules.model_construct(minimum_wager=2_000, payout_limit=6_000_000)
    with pytest.raises(RulesSubmissionError) as ccp_error:
        payout_limit_line(ccp)  # 3,302 x $20 = $66,040
    assert ccp_error.value.cite == "674a.12(d)"
    assert "$66,040" in str(ccp_error.value)


@pytest.mark.parametrize("file", ["go-fore-it.toml", "pai-gow.toml", "high-roll-dice-2014.toml"])
def test_no_limit_line_where_none_is_set(file: str) -> None:
    code, output = invoke("rules", "check", str(EXAMPLES / file))
    assert code == 0, output
    assert len(output.strip().splitlines()) == 1


# --- Double Back Jack ----------------------------------------------------------------------
REGULATIONS = Path(
    os.environ.get(
        "CROUPIER_REGULATIONS", Path(__file__).resolve().parents[3] / "shared" / "regulations"
    )
)


def chapter_673a() -> str:
    paths = sorted(REGULATIONS.glob("673a-*.txt"))
    if not paths:
        pytest.fail(f"the regulation texts are expected beside the clone, at {REGULATIONS}")
    return paths[0].read_text(encoding="utf-8")


def required_inscriptions() -> list[str]:
    """The three inscriptions of 673a.2(b)(4)(i)-(iii), read from the regulation."""
    text = chapter_673a()
    block = text.split("(4) The following inscriptions", 1)[1].split("\n(5)", 1)[0]
    found = re.findall(r"^\((i|ii|iii)\) (.+)$", block, flags=re.MULTILINE)
    assert [numeral for numeral, _ in found] == ["i", "ii", "iii"]
    return [line.strip() for _, line in found]


def payout_odds_673a12() -> dict[str, str]:
    """673a.12(a)-(c) as odds text, read from the regulation."""
    text = chapter_673a().split("§ 673a.12. Payout odds.", 2)[-1].split("§ 673a.13", 1)[0]
    win, blackjack = re.search(
        r"\(a\).*?odds of (\d+ to \d+) with the exception of a player Blackjack which "
        r"shall be paid at odds of (\d+ to \d+)",
        text,
    ).groups()  # type: ignore[union-attr]
    second = re.search(r"\(b\).*?Second Chance Wagers at odds of (\d+ to \d+)", text)
    insurance = re.search(r"\(c\).*?Insurance Wagers at odds of (\d+ to \d+)", text)
    assert second is not None and insurance is not None
    return {
        "win": win,
        "blackjack": blackjack,
        "second_chance": second.group(1),
        "insurance": insurance.group(1),
    }


def dbj_rules(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "dbj.toml"
    path.write_text(
        'game = "double-back-jack"\ndecks = 6\nminimum_wager = 1000\nmaximum_wager = 100000\n'
        + extra
    )
    return path


def test_show_double_back_jack_carries_the_required_inscriptions(tmp_path: Path) -> None:
    code, output = invoke("rules", "show", str(dbj_rules(tmp_path)))
    assert code == 0, output
    text = prose(output)
    inscriptions = required_inscriptions()
    assert inscriptions[0] == "Blackjack and Insurance pays 2 to 1."
    for numeral, inscription in zip(("i", "ii", "iii"), inscriptions, strict=True):
        assert f"{inscription} (673a.2(b)(4)({numeral}))" in text


def test_show_double_back_jack_payout_odds_are_the_regulations(tmp_path: Path) -> None:
    rules = dbj_rules(tmp_path)
    code, output = invoke("rules", "show", str(rules))
    assert code == 0, output
    odds = payout_odds_673a12()
    assert odds == {
        "win": "1 to 1",
        "blackjack": "2 to 1",
        "second_chance": "1 to 1",
        "insurance": "2 to 1",
    }
    assert "PAYOUT ODDS (673a.2(b)(5))" in output
    blackjack = section(output, "Blackjack Wager (673a.12(a))")
    assert blackjack["Player Blackjack (first two cards, not after a split)"] == odds["blackjack"]
    assert blackjack["Player 21, paid right away"] == odds["win"]
    assert blackjack["Any other hand higher than the dealer's, or the dealer busts"] == odds["win"]
    assert blackjack["Dealer's hand totals 22"] == "Push"  # 673a.7(q)(1)
    second = section(output, "Second Chance Wager (673a.12(b)")
    assert second["Hand wins or totals 21 after the second chance card"] == odds["second_chance"]
    assert second["Blackjack Wager on that hand"] == "Returned"  # 673a.7(l)(2), (s)(1)(i)
    insurance = section(output, "Insurance Wager (673a.12(c))")
    assert insurance["Dealer's hole card is a king, queen, jack or 10"] == odds["insurance"]
    text = prose(output)
    assert load(rules).sha256() in text
    assert "Table limits: Blackjack Wager $10 to $1,000; 6 decks (673a.3(a))" in text
    assert "(673a.10(a))" in text and "(673a.11(a); 673a.11(b))" in text
    assert "(673a.9(a))" in text
    # 673a.8(b): at most half the initial wager, or the next amount in the smallest chip
    assert "next amount in $1 chips (673a.8(b))" in text


def test_show_double_back_jack_names_the_chip(tmp_path: Path) -> None:
    code, output = invoke("rules", "show", str(dbj_rules(tmp_path, "chip = 500\n")))
    assert code == 0, output
    assert "next amount in $5 chips (673a.8(b))" in prose(output)


def test_check_double_back_jack(tmp_path: Path) -> None:
    rules = dbj_rules(tmp_path)
    code, output = invoke("rules", "check", str(rules))
    assert code == 0, output
    assert output.strip() == f"ok: double-back-jack sha256 {load(rules).sha256()}"
    code, output = invoke("rules", "check", str(dbj_rules(tmp_path, "adjacent_boxes = 7\n")))
    assert code == 2
    assert "(673a.6(e))" in prose(output)


# --- every example, strict types, messages, help -------------------------------------------
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_passes_check(path: Path) -> None:
    """Every file in examples/rules/ is accepted (their enums are written as text)."""
    code, output = invoke("rules", "check", str(path))
    assert code == 0, output
    assert output.startswith(f"ok: {load(path).game}")


def test_the_examples_cover_every_game() -> None:
    from croupier.registry import GAMES

    assert {load(path).game for path in EXAMPLES.glob("*.toml")} == set(GAMES)


def test_every_game_draws_its_sign_in_its_own_package() -> None:
    """Each game's sign is ``croupier.games.<game>.sign.sign`` (its spec's ``sign``)."""
    import importlib

    from croupier.registry import GAMES

    for game, spec in GAMES.items():
        assert spec.sign == f"croupier.games.{game.replace('-', '_')}.sign"
        assert callable(importlib.import_module(spec.sign).sign)


def test_show_a_game_without_a_sign_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from croupier.registry import GAMES

    monkeypatch.setitem(GAMES, "pai-gow", dataclasses.replace(GAMES["pai-gow"], sign=None))
    code, output = invoke("rules", "show", str(EXAMPLES / "pai-gow.toml"))
    assert (code, output) == (2, "no table sign is drawn for pai-gow yet\n")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('game = "go-fore-it"\ndecks = true', "decks"),
        ('game = "criss-cross-poker"\ndecks = true', "decks"),
        ('game = "criss-cross-poker"\ndecks = 1.0', "decks"),
        ('game = "criss-cross-poker"\nshuffler_counts = "yes"', "shuffler_counts"),
        ('game = "criss-cross-poker"\nfive_card_bonus = "no"', "five_card_bonus"),
        ('game = "criss-cross-poker"\nfive_card_bonus = 0', "five_card_bonus"),
        ('game = "double-back-jack"\ndecks = 6.0', "decks"),
        ('game = "double-back-jack"\nadjacent_boxes = "2"', "adjacent_boxes"),
        ('game = "double-back-jack"\nbar_sat_out = 1', "bar_sat_out"),
        ('game = "go-fore-it"\nstub_count_every = 5.0', "stub_count_every"),
        ('game = "go-fore-it"\nskins_minimum = 500.0', "skins_minimum"),
        ('game = "pai-gow"\nco_banking = "true"', "co_banking"),
        ('game = "pai-gow"\nadjacent_boxes = true', "adjacent_boxes"),
        ('game = "high-roll-dice"\nminimum_wager = 1000.0', "minimum_wager"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_the_field(
    tmp_path: Path, text: str, field: str
) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(text + "\n")
    code, output = invoke("rules", "check", str(path))
    assert code == 2, output
    assert f"{field}:" in output


def test_enumerations_are_still_read_from_text(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(
        'game = "double-back-jack"\nshuffling = "automated"\nsettlement = "each_player"\n'
        'insufficient_cards_cut = "right"\n'
    )
    rules = load(path)
    assert str(getattr(rules, "shuffling", "")) == "automated"
    assert str(getattr(rules, "settlement", "")) == "each_player"


@pytest.mark.parametrize(("decks", "words"), [(0, "at least 1"), (-1, "at least 1")])
def test_too_few_decks_cite_673a_3_a(tmp_path: Path, decks: int, words: str) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(f'game = "double-back-jack"\ndecks = {decks}\n')
    code, output = invoke("rules", "check", str(path))
    assert code == 2 and words in prose(output) and "(673a.3(a))" in output


def test_too_many_decks_say_the_cap_is_croupiers(tmp_path: Path) -> None:
    """673a.3(a) sets a minimum of one deck and no maximum: the cap of 8 is croupier's."""
    path = tmp_path / "rules.toml"
    path.write_text('game = "double-back-jack"\ndecks = 100\n')
    code, output = invoke("rules", "check", str(path))
    text = prose(output)
    assert code == 2
    assert "at most 8" in text and "sets no maximum" in text and "croupier's" in text
    assert "1 to 8 (673a.3(a))" not in text


def test_help_texts_are_plain_and_wrap_by_the_terminal() -> None:
    result = CliRunner().invoke(app, ["rules", "--help"], env=ENV | {"COLUMNS": "200"})
    assert ":func:" not in result.output and "``" not in result.output
    result = CliRunner().invoke(app, ["--help"], env=ENV | {"COLUMNS": "200"})
    lines = result.output.splitlines()
    assert any("hit frequency and standard deviation of every wager" in line for line in lines)
    assert any("99.9% confidence interval, hit frequency and standard" in line for line in lines)
