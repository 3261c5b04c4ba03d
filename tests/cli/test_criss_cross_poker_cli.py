"""`croupier play criss-cross-poker` through the command line: the printed settlement of
each round agrees with the money the wallet moved, and the antes game folded at once
loses exactly both antes (674a.11(b))."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def run(lines: str, seed: int = 4) -> str:
    result = CliRunner().invoke(
        app,
        ["play", "criss-cross-poker", "--seed", str(seed), "--rounds", "1"],
        input=lines,
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_fold_at_across_loses_both_antes() -> None:
    """674a.11(b): no Across Bet: both antes are collected; the cross is still turned."""
    out = run("bet antes 5\ndeal\nfold\n")
    assert "this round -$10" in out
    assert "674a.11(c)" in out and "674a.11(g)" in out


def test_full_round_settles_every_wager() -> None:
    """674a.11(h): a round played at one times the ante throughout settles the five
    wagers, and the round's net printed equals the sum of the printed results."""
    out = run("bet antes 5\ndeal\nbet across 5\nbet down 5\nbet middle 5\n")
    rows = re.findall(
        r"│ (Ante Across|Across|Ante Down|Down|Middle)\s*│ (\w+)\s*│[^│]*│[^│]*│ (\S+)", out
    )
    spots = {spot for spot, _, _ in rows}
    assert spots == {"Ante Across", "Across", "Ante Down", "Down", "Middle"}
    total = 0
    for _, outcome, result in rows:
        if outcome in ("win", "lose"):
            sign = -1 if result.startswith("-") else 1
            total += sign * int(result.strip("+-$").replace(",", ""))
    net = re.search(r"this round ([+-]?\$[\d,]+)", out)
    assert net is not None
    printed = net.group(1)
    value = int(printed.strip("+-$").replace(",", "")) * (-1 if printed.startswith("-") else 1)
    assert value == total


def test_bonus_refused_where_not_offered() -> None:
    """674a.7(e): the default table does not offer the Five Card Bonus."""
    out = run("bet antes 5\nbet bonus 5\ndeal\nfold\n")
    assert "Refused" in out and "674a.7(e)" in out


def test_example_rules_submission() -> None:
    """674a.12(d): the example's $50,000 limit is at least the greater of $50,000 and
    3,302 x $10 (antes at the minimum, every bet 3x: Across a royal flush, Down a
    straight flush) + 10 x $5 (the bonus at its minimum on the flush those leave in the
    cross) = $33,070; it plays at the command line."""
    from pathlib import Path

    from croupier.registry import load
    from croupier.rules.criss_cross_poker import CrissCrossPokerRules

    path = Path(__file__).resolve().parents[2] / "examples" / "rules" / "criss-cross-poker.toml"
    rules = load(path)
    assert isinstance(rules, CrissCrossPokerRules)
    assert rules.most_won_at_minimum() == 3302 * 1000 + 10 * 500
    assert rules.least_payout_limit() == 5_000_000
    result = CliRunner().invoke(
        app,
        ["play", "criss-cross-poker", "--rules", str(path), "--seed", "1", "--rounds", "1"],
        input="bet antes 10\nbet bonus 5\ndeal\nfold\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    assert "Five Card Bonus" in result.output


@pytest.mark.slow
def test_analyze_json() -> None:
    """`croupier analyze criss-cross-poker --json`: wagers `antes` and `five_card_bonus`,
    the bonus edge 7,653/216,580 (by hand in tests/test_criss_cross_poker_exact.py)."""
    import json

    result = CliRunner().invoke(app, ["analyze", "criss-cross-poker", "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    wagers = {w["wager"]: w for w in sheet["wagers"]}
    assert set(wagers) == {"antes", "five_card_bonus"}
    assert wagers["five_card_bonus"]["house_edge_exact"] == "7653/216580"
    assert wagers["antes"]["house_edge_exact"] == "579091/13378456"
    assert "Across 3x" in wagers["antes"]["strategy"]
    assert 0 < wagers["antes"]["std_dev"] < 100  # exact, from the second moments


def test_a_bet_before_the_deal_is_not_asked_for() -> None:
    """674a.11(b): the dealer asks for the Across Bet after the cards are dealt and each
    player has examined them. A bet across at one, two or three times the ante, or fold,
    typed before the deal (with or without antes) is refused as not asked for yet,
    citing 674a.11(b), never naming an internal phase as a spot; nothing moves: the round
    then folded at the Across Bet loses just the two $5 antes (674a.11(b))."""
    out = run(
        "bet across 5\nbet across 10\nbet across 15\nfold\nbet antes 5\nbet across 5\nfold\n"
        "deal\nfold\n"
    )
    refusals = [line for line in out.splitlines() if line.startswith("Refused:")]
    assert len(refusals) == 6
    for line in refusals:
        assert "no Across Bet is being asked for yet" in line
        assert line.endswith("(674a.11(b))")
    assert "betting" not in out and "(phase" not in out
    assert "this round -$10" in out


def test_the_table_lists_what_to_type() -> None:
    """The "You may:" table gives the words the player types, not the round's command
    names: antes before the deal (674a.7(d)), the withdrawal (674a.7(c)) and deal once
    antes are down, then bet across AMOUNT and fold for the Across Bet (674a.11(b)); each
    listed word is then taken."""
    out = run("help\nbet antes 5\nhelp\ndeal\nhelp\nbet across 5\nhelp\nfold\n")
    for internal in ("PlaceAntes", "PlaceWager", "WithdrawWager", "Fold ", "┃ Command"):
        assert internal not in out
    rows = re.findall(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│ (\S*)\s*│$", out, re.M)
    typed = {(word, cite) for word, cite in rows if word}
    assert ("bet antes AMOUNT", "674a.7(d)") in typed
    assert ("remove SPOT", "674a.7(c)") in typed
    assert ("deal", "674a.8(b)") in typed  # 674a.8(b): "no more bets" before dealing
    assert ("bet Across AMOUNT", "674a.11(b)") in typed
    assert ("fold", "674a.11(b)") in typed
    assert ("bet Down AMOUNT", "674a.11(d)") in typed  # the Down Bet, after the Across Bet
    assert "Unknown command" not in out and "Refused" not in out


@pytest.mark.parametrize(
    ("line", "usage"),
    [
        ("bet", "bet [SPOT] AMOUNT"),
        ("bet antes 5 5", "bet [SPOT] AMOUNT"),
        ("deal now", "deal"),
        ("fold please", "fold"),
    ],
)
def test_wrong_arguments_get_the_usage_line(line: str, usage: str) -> None:
    """A command typed with the wrong number of arguments gets its usage line, not
    "Unknown command", and changes nothing (the antes folded lose $10, 674a.11(b))."""
    out = run(f"{line}\nbet antes 5\ndeal\nfold\n")
    assert f"usage: {usage}\n" in out
    assert "Unknown command" not in out
    assert "this round -$10" in out


@pytest.mark.parametrize("amount", ["\uff15", "\u0665", "\uff11\uff10"])
def test_antes_in_non_ascii_digits_are_refused(amount: str) -> None:
    """Only ASCII digits are an amount: a full-width or Arabic-Indic five is refused
    citing the antes' section (674a.7(d)); no wager is placed, so deal has no one to
    deal to."""
    out = run(f"bet antes {amount}\ndeal\nbet antes 5\ndeal\nfold\n")
    refused = [line for line in out.splitlines() if line.startswith("Refused:")]
    assert refused[0] == (
        f"Refused: '{amount}' is not an amount in dollars and cents such as 5 or 2.50: an "
        "amount is a positive number of dollars (cents may be given, as in 12.50), e.g. bet "
        "antes 5 (674a.7(d))"
    )
    assert "there is no one to deal to" in refused[1]
    assert "this round -$10" in out


def test_cards_are_shown_as_printed_on_them() -> None:
    """The player's two cards and the five of the cross are shown by their rank as printed
    on the card and their suit's symbol (as at every card table: ``10\u2660``), never as
    codes (``Ts``); seed 2 deals 10\u2660 K\u2665 and turns up J\u2660 A\u2666 (674a.11(c))."""
    out = (
        CliRunner()
        .invoke(
            app,
            ["play", "criss-cross-poker", "--seed", "2", "--rounds", "1"],
            input="bet 10\ndeal\nbet across 10\nbet down 10\nbet middle 10\n",
            env=ENV,
        )
        .output
    )
    assert "Your cards: 10\u2660 K\u2665. Across Bet" in out
    assert "Turned up left: J\u2660, right: A\u2666 (674a.11(c))" in out
    card = r"(?:[2-9]|10|[JQKA])[\u2663\u2666\u2665\u2660]"
    turned = re.findall(rf"^Turned up (?:\w+: {card}(?:, |)){{1,2}} \(674a", out, re.M)
    assert len(turned) == 3
    assert not re.search(r"\b[2-9TJQKA][cdhs]\b", out)  # no card code anywhere


def test_each_bet_is_confirmed_with_the_balance() -> None:
    """Issue #34: the Across, Down and Middle Bets each say the money that moved: antes
    $10 each ($980 left), then Across $20 ($960), Down $10 ($950), Middle $10 ($940), each
    with its section (674a.11(b), (d), (f))."""
    out = run("bet antes 10\ndeal\nbet across 20\nbet down 10\nbet middle 10\n", seed=1)
    assert "> bet across 20\n$20 on Across (674a.11(b)). Balance: $960\n" in out
    assert "> bet down 10\n$10 on Down (674a.11(d)). Balance: $950\n" in out
    assert "> bet middle 10\n$10 on Middle (674a.11(f)). Balance: $940\n" in out


@pytest.mark.parametrize("named", ["across", "down", "ante across", "ante down", "antes"])
def test_the_antes_are_withdrawn_by_either_name(named: str) -> None:
    """674a.7(c): before the deal the antes may be withdrawn; while they are the only
    wagers that may be, ``across`` and ``down`` name them too, and both come back:
    $10 + $10 = $20, the balance $1,000 again."""
    out = run(f"bet antes 10\nremove {named}\nquit\n")
    said = out.split(f"> remove {named}\n", 1)[1].splitlines()[0]
    assert said == (
        "$10 from the Ante Across and $10 from the Ante Down withdrawn: $20 came back to "
        "your balance. Balance: $1,000"
    )


def test_antes_added_to_say_the_new_total() -> None:
    """674a.7(d): a second bet antes adds to each ante: $10 then $4 is $14 on each, and
    $8 more left the balance ($1,000 - $20 - $8 = $972)."""
    out = run("bet antes 10\nbet antes 4\nquit\n")
    said = out.split("> bet antes 4\n", 1)[1].splitlines()[0]
    assert said == (
        "$4 on the Ante Across and $4 on the Ante Down, $14 on each ante now: $8 left your "
        "balance. Balance: $972"
    )


def test_bet_refusals_in_plain_english_with_the_real_command() -> None:
    """674a.11(b): an Across Bet is one to three times the ante ($10 to $30 on $10 antes),
    said with its article; a refused amount's example is the command this table reads
    now, its spot named (bet antes 5 at the $5 minimum, 674a.7(d); bet across 10, the
    least Across Bet on $10 antes)."""
    out = run("bet antes 0\nbet antes 10\ndeal\nbet across 100\nbet across 0\nfold\n", seed=1)
    assert "e.g. bet antes 5 (674a.7(d))" in out
    assert (
        "Refused: an Across Bet is one to three times the ante of $10: $10 to $30, not $100 "
        "(674a.11(b))"
    ) in out
    assert "e.g. bet across 10 (674a.11(b))" in out


EXAMPLE = ["--rules", "examples/rules/criss-cross-poker.toml"]


def said_to(line: str, script: str, rules: list[str] | None = None) -> str:
    """What the table printed to the first ``line`` of ``script``, up to the next prompt."""
    args = ["play", "criss-cross-poker", "--seed", "1", *(rules or [])]
    result = CliRunner().invoke(app, args, input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]


@pytest.mark.parametrize("typed", ["remove five card bonus", "remove bonus"])
def test_five_card_bonus_taken_back_by_its_name(typed: str) -> None:
    """674a.7(c): the Five Card Bonus may be withdrawn before "no more bets", named as the
    layout names it or as ``bonus``: $1,000 less $10 + $10 antes less the $5 bonus, the
    $5 back, is $980."""
    script = f"bet antes 10\nbet bonus 5\n{typed}\nquit\n"
    said = said_to(typed, script, EXAMPLE)
    assert said == (
        "$5 from the Five Card Bonus withdrawn: $5 came back to your balance. Balance: $980"
    )


def test_five_card_bonus_named_where_not_offered() -> None:
    """674a.7(e): at the default table (no Five Card Bonus) ``remove five card bonus`` is
    refused as the bonus it names, not as a spot the table lacks; a spot no table has is
    refused with the spots this table offers named as the layout names them (674a.2(b)):
    the Five Card Bonus, which this table does not offer (674a.7(e)), is not among them."""
    script = "bet antes 5\nremove five card bonus\nremove nowhere\nquit\n"
    named = said_to("remove five card bonus", script)
    assert "there is no spot" not in named
    assert "no Five Card Bonus wager" in named
    spots = "Ante Across, Ante Down, Across, Down, Middle"
    listed = said_to("remove nowhere", script)
    assert f"the spots are {spots}," in listed
    assert "Five Card Bonus" not in listed


def test_a_table_offering_the_five_card_bonus_lists_it_among_its_spots() -> None:
    """674a.7(e): where the Rules Submission offers the Five Card Bonus (the example),
    a spot off the layout is refused with the bonus among the spots listed."""
    script = "bet antes 10\nremove nowhere\nquit\n"
    spots = "Ante Across, Ante Down, Five Card Bonus, Across, Down, Middle"
    assert f"the spots are {spots}," in said_to("remove nowhere", script, EXAMPLE)


def test_a_bet_asked_for_with_its_amount_left_out_is_the_most() -> None:
    """README: an amount the rules bound, left out, is the most allowed. 674a.11(b), (d),
    (f): each bet is one to three times the ante, so on $5 antes ``bet across``, ``bet
    down`` and ``bet middle`` are $15 each: 2 x $5 + 3 x $15 = $55 left the $1,000."""
    out = run("bet antes 5\ndeal\nbet across\nbet down\nbet middle\n")
    for bet in ("across", "down", "middle"):
        told = out.split(f"> bet {bet}\n", 1)[1].split("\n> ", 1)[0]
        assert "needs an amount" not in told
        assert "$15" in told
    assert "Balance: $945" in out


@pytest.mark.parametrize(
    ("typed", "bet", "when", "cite"),
    [
        # 674a.11(f): asked for after the third and fourth community cards are exposed
        ("bet middle 12.5", "Middle", "after the third and fourth community cards", "674a.11(f)"),
        # 674a.11(d): asked for after the first two community cards are exposed
        ("bet down 10", "Down", "after the first two community cards", "674a.11(d)"),
    ],
)
def test_a_later_bet_before_the_deal_names_itself_and_when_it_is_asked(
    typed: str, bet: str, when: str, cite: str
) -> None:
    """A Middle or Down Bet typed before the deal is refused as that bet, not yet asked
    for, saying when the dealer asks for it and citing its own subsection."""
    out = run(f"bet antes 5\n{typed}\nfold\n")
    told = out.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]
    assert told.startswith(f"Refused: no {bet} Bet is being asked for yet"), told
    assert when in told and told.endswith(f"({cite})")
    assert "no Across Bet" not in told
