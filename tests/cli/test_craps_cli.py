"""`croupier play craps`: its own terminal table (ch. 623a), driven with scripted input.
The money is worked here by hand from the dice the table prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.tables.craps import CrapsTable
from croupier.games.craps import Roll, RollCalled
from croupier.money import format_cents
from croupier.rng import SeededRng
from croupier.rules.craps import CrapsRules

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
ROLLED = re.compile(
    r"^(?:Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve)"
    r"(?: the hard way)? \((\d) and (\d)\)",
    re.M,
)


def play(seed: int, script: str) -> str:
    result = CliRunner().invoke(app, ["play", "craps", "--seed", str(seed)], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def totals(out: str) -> list[int]:
    return [int(a) + int(b) for a, b in ROLLED.findall(out)]


def pass_and_place_six(rolls: list[int]) -> int:
    """The balance after $10 on Pass and $6 on Place 6 (off on the come-out, 623a.4),
    rolled until Pass is decided and the next come-out finds no line wager (then quit:
    the Place 6 comes back), or a seven-out. Pass pays 1 to 1, Place 6 7 to 6: $7."""
    balance, point, place = 100_000 - 1_000 - 600, None, True
    for total in rolls:
        if point is None:
            if total in (7, 11):
                balance += 2_000
                break
            if total in (2, 3, 12):
                break
            point = total
            continue
        if total == 6:
            balance += 700  # paid; the Place 6 stays up
        if total == 7:
            place = False  # seven-out: Pass and Place 6 lose
            break
        if total == point:
            balance += 2_000
            break
    return balance + (600 if place else 0)


@pytest.mark.parametrize("seed", [1, 2, 5, 17, 22])
def test_pass_and_place_six_roll_after_roll(seed: int) -> None:
    """The rolls as printed, the money by hand; the table speaks the layout's words."""
    script = "bet pass 10\nbet place 6 6\n" + "roll\n" * 12 + "quit\n"
    out = play(seed, script)
    rolls = totals(out)
    assert rolls
    assert f"Final balance: {format_cents(pass_and_place_six(rolls))}" in out
    assert "Placed $10 on Pass. Balance: $990" in out
    assert "Placed $6 on Place 6. Balance: $984" in out
    assert "PlaceWager" not in out and "Roll called" not in out and "Wager placed" not in out
    for internal in ("dont_pass", "place:6", "big_6", "c_and_e", "make_em_all", "_odds"):
        assert internal not in out
    if rolls[0] in (4, 5, 6, 8, 9, 10):
        assert f"the point is {rolls[0]}" in out and f"Puck ON at {rolls[0]}" in out


def test_a_come_wager_travels_and_takes_odds() -> None:
    """Seed 17 rolls 9 (the point), 6, 5, 12, 11, 4, 3, 10, 7. $10 Pass and $6 Place 6;
    $5 Come after the 9 travels to the 6 (the Place 6 wins $7 and stays up); $10 odds
    behind the Come on 6; the seven-out loses them all: 1,000 - 10 - 6 + 7 - 5 - 10 =
    $976. The 6 on the Place 6 pays 7 to 6; the odds, 6 to 5."""
    script = (
        "bet pass 10\nbet place 6 6\nroll\nbet come 5\nroll\nbet odds come 6 10\n"
        + "roll\n" * 7
        + "quit\n"
    )
    out = play(17, script)
    assert totals(out) == [9, 6, 5, 12, 11, 4, 3, 10, 7]
    assert "Your Come wager travels to Come on 6." in out
    assert re.search(r"│ Come on 6 +│ \$5 +│ working", out)
    assert re.search(r"│ odds behind Come on 6 +│ \$10 +│ working", out)
    assert re.search(r"│ Place 6 +│ wins, stays up +│ 7 to 6 +│ \$6 +│ \+\$7 ", out)
    assert re.search(r"│ odds behind Come on 6 +│ loses +│ +│ \$10 +│ -\$10 ", out)
    assert "Nine (" in out and "the point is 9" in out
    assert "Seven (" in out and "seven-out: Pass loses, Don't Pass wins." in out
    assert "Final balance: $976" in out


def test_the_roll_is_called_in_words() -> None:
    """A come-out 2: craps, Pass loses, Don't Pass wins (623a.9); a 6 as a pair on a
    point of 6: made the hard way."""
    table = CrapsTable(CrapsRules(), SeededRng(0), 100_000, Console())
    round_ = table.open_round()
    two = RollCalled(faces=(1, 1), total=2, roll=Roll.CRAPS, hard=True, cite="623a.9")
    assert table.called(round_, two, None) == ("Two (1 and 1), craps: Pass loses, Don't Pass wins.")
    six = RollCalled(faces=(3, 3), total=6, roll=Roll.POINT_MADE, hard=True, cite="623a.9")
    assert table.called(round_, six, 6) == (
        "Six the hard way (3 and 3), the point is made: Pass wins, Don't Pass loses."
    )


def test_no_line_wager_at_the_come_out_says_what_to_do() -> None:
    """A Place 6 up and no Pass or Don't Pass at the come-out: roll says a shooter needs a
    line wager (623a.10) and how to make one; quit takes the Place 6 down, no void code."""
    out = play(1, "bet place 6 6\nroll\nquit\n")
    assert (
        "To roll: a come-out roll needs a shooter holding a Pass or Don't Pass wager "
        "(623a.10 (inferred)): type bet pass AMOUNT or bet don't pass AMOUNT. Or take your wagers "
        "down (Place 6: remove SPOT), or quit."
    ) in out
    assert "Place 6 taken down: $6 back to you." in out
    assert "no one has wagered" not in out and "interpretations" not in out
    assert "void" not in out.lower()
    assert "Final balance: $1,000" in out


def test_each_wager_gives_its_own_limits_in_words() -> None:
    """Place 6 pays 7 to 6: its amounts are multiples of $0.06, $5.04 to $4,999.98;
    the Fire Bet is $1 to $10 (623a.11), not the table's $5 to $5,000."""
    out = play(1, "quit\n")
    flat = re.sub(r"\s*│\s*", " ", out)
    assert (
        "Place 6, Place 8 $5.04 to $4,999.98, in multiples of $0.06 so that 7 to 6 pays "
        "whole cents 623a.4"
    ) in re.sub(r" {2,}", " ", flat)
    assert "the Fire Bet $1 to $10 (623a.11 (inferred))" in out
    assert "Table limits: a wager $5 to $5,000 (623a.3 (inferred))" in out
    assert "│ Place 6 " in out and "│ 7 to 6 " in out  # the layout with its odds


def test_a_wager_taken_down_says_the_balance_after_it() -> None:
    """$6 on Place 6 and $6 on Place 8 from $1,000 leave $988; Place 6 taken down before
    the roll (623a.4) brings its $6 back, $994; the quit takes Place 8 down, $1,000."""
    out = play(1, "bet place 6 6\nbet place 8 6\nremove place 6\nquit\n")
    assert "Place 6 taken down: $6 back to you. Balance: $994\n" in out
    assert "Place 8 taken down: $6 back to you. Balance: $1,000\n" in out


def test_a_wager_name_that_begins_a_sentence_begins_with_a_capital() -> None:
    """A fresh player read "the Field taken down: ..." (623a.4): a sentence the name of
    a wager begins starts with a capital, "The Field taken down: $5 back to you", its $5
    back on $995 is $1,000; mid-sentence the name keeps its article lower-case ("Placed
    $5 on the Field.")."""
    out = play(1, "bet field 5\nremove field\nquit\n")
    assert "Placed $5 on the Field. Balance: $995\n" in out
    assert "The Field taken down: $5 back to you. Balance: $1,000\n" in out
    assert not re.search(r"^the ", out, re.M)


@pytest.mark.parametrize(
    ("spot", "starts"),
    [
        ("field", "The Field"),
        ("horn", "The Horn"),
        ("pass_odds", "Odds behind Pass"),
        ("come_odds:9", "Odds behind Come on 9"),
        ("place:6", "Place 6"),
    ],
)
def test_the_wager_names_generator_capitalises_a_sentence_start(spot: str, starts: str) -> None:
    """The one generator of a Craps wager's name in words says it as it begins a
    sentence (``start``): the first letter a capital, the rest as the layout names it."""
    from croupier.games.craps.wagers import spot_words

    assert spot_words(spot, start=True) == starts
    assert spot_words(spot)[1:] == starts[1:]


def test_give_up_dice_cites_623a_10_marked_inferred_wherever_shown() -> None:
    """623a's text is not in croupier's copy (docs: craps-and-sic-bo; citations.py):
    every 623a section the terminal shows is marked "(inferred)". The shooter at a
    come-out (seed 1: Pass wins on the first roll, the dice stay with him) is offered
    ``give up dice``: its row in the "You may" table, the help paragraph and the
    ``odds`` and ``layout`` pages cite 623a.10 marked, and no 623a citation anywhere in
    the session is bare."""
    out = play(1, "bet pass 10\nroll\nhelp\nodds\nlayout\nquit\n")
    row = next(line for line in out.splitlines() if line.startswith("│ give up dice"))
    assert row.rstrip(" │").endswith("623a.10 (inferred)"), row
    assert "give up the dice (give up dice) (623a.10 (inferred))" in " ".join(out.split())
    cites = list(re.finditer(r"623a\.\d+(?:\([a-z0-9]+\))*", out))
    bare = [m[0] for m in cites if not out.startswith(" (inferred)", m.end())]
    assert cites and bare == [], bare


@pytest.mark.parametrize("columns", ["80", "60"])
def test_give_up_dice_row_keeps_its_inferred_mark_on_a_narrow_terminal(columns: str) -> None:
    """On an 80-column terminal the "You may" table wrapped its Rule cell: the ``give up
    dice`` row read "623a.10" and its "(inferred)" fell to the next line, under it, read
    as no mark. A citation and its mark stay on one line (the other cells wrap)."""
    result = CliRunner().invoke(
        app,
        ["play", "craps", "--seed", "1", "--rounds", "2"],
        input="bet pass 10\nroll\nhelp\nquit\n",
        env={**ENV, "COLUMNS": columns},
    )
    rows = [line for line in result.output.splitlines() if line.startswith("│ give up")]
    assert rows, result.output
    assert all(row.rstrip(" │").endswith("623a.10 (inferred)") for row in rows), rows


def test_two_wagers_taken_down_at_once_each_say_the_balance_after_it() -> None:
    """The quit takes down Place 6 and then Place 8 ($6 each, from $988): $994 after the
    first, $1,000 after the second, not the final balance twice."""
    out = play(1, "bet place 6 6\nbet place 8 6\nquit\n")
    assert "Place 6 taken down: $6 back to you. Balance: $994\n" in out
    assert "Place 8 taken down: $6 back to you. Balance: $1,000\n" in out


def test_a_fire_bet_over_its_maximum_is_told_plainly() -> None:
    out = play(1, "bet fire 11\nbet fire 4\nbet fire 7\nquit\n")
    assert "Refused: a Fire Bet may be at most $10, not $11 (623a.11 (inferred))" in out
    assert (
        "Refused: a Fire Bet may be at most $10; seat 1 has $4 on it already, so at most "
        "$6 more, not $7 (623a.11 (inferred))"
    ) in out
    assert "leaves room" not in out


# --- croupier analyze craps -------------------------------------------------------------------
def analyze_row(out: str, wager: str) -> list[str]:
    """The figures after the wager named ``wager`` (in words, as the table names it), from
    its row, or from its card where the table is printed a card per wager."""
    row = re.search(rf"^│ {re.escape(wager)} +│(.*)│$", out, re.M)
    if row:
        return [cell.strip() for cell in row[1].split("│")]
    card = re.search(rf"^Wager {{2,}}{re.escape(wager)} *\n((?:\S.*\n)+)", out, re.M)
    assert card, out
    return [re.split(r" {2,}", line.strip(), maxsplit=1)[1] for line in card[1].splitlines()]


def test_analyze_shows_the_per_roll_figures_the_note_names() -> None:
    """Pass: a come-out roll, then on a point N a further 36/(ways N + 6) rolls on
    average: 1 + 2 (3/36 36/9 + 4/36 36/10 + 5/36 36/11) = 557/165 = 3.3758 rolls; its
    edge 7/495 over them, 7/1671 = 0.4189% a roll."""
    result = CliRunner().invoke(app, ["analyze", "craps"], env=ENV)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Rolls to decision" in out and "House edge per roll" in out
    cells = analyze_row(out, "Pass Line")
    assert cells[1] == f"{7 / 495:.4%}"
    assert cells[-4:-1] == [f"{557 / 165:.4f}", f"{165 / 557:.4f}", f"{7 / 1671:.4%}"]
    assert cells[-1] == "exact"  # the method column: Craps' figures are exact fractions
    assert "Per roll (Rolls to decision, Decisions per roll and House edge per roll" in out


def test_pass_with_odds_is_told_per_unit_of_everything_wagered() -> None:
    """Pass with 3-4-5x odds: the odds pay true odds, so per unit of the Pass wager the
    edge is Pass's 7/495; staked in all 1 + 2 (3/36 3 + 4/36 4 + 5/36 5) = 34/9 units, the
    element of risk is 7/495 / (34/9) = 7/1870 = 0.3743%."""
    result = CliRunner().invoke(app, ["analyze", "craps"], env=ENV)
    out = result.output
    cells = analyze_row(out, "Pass with odds; playing full odds at 3-4-5x behind every point")
    assert cells[1] == f"{7 / 495:.4%}" and cells[4] == f"{7 / 1870:.4%}"
    assert "Element of risk" in out
    assert "its house edge is per unit of the Pass wager, the same as Pass alone" in out
    assert f"it is {7 / 1870:.4%} at 3-4-5x" in out
    assert "Don't Pass with full odds" in out and "Dont Pass" not in out


def test_the_net_of_a_roll_and_a_player_who_leaves_on_a_point() -> None:
    """Seed 1's come-out is a 7: the $10 Pass wins $10 (its stake comes back too). Seed
    17: Pass $10 and the Fire Bet $5, the point 9; the player leaves: the Fire Bet ends
    with the shooter's turn, no point made (623a.11: -$5); the Pass wager keeps working
    and the stickperson rolls 6, 5, 12, 11, 4, 3, 10, 7 for it: -$10 (623a.10). $985."""
    out = play(1, "bet pass 10\nroll\nquit\n")
    assert "Seven (" in out and "a natural: Pass wins, Don't Pass loses." in out
    assert "This roll: +$10 on your wagers. Balance: $1,010" in out
    out = play(17, "bet pass 10\nbet fire 5\nroll\nquit\n")
    assert totals(out) == [9, 6, 5, 12, 11, 4, 3, 10, 7]
    assert "You leave the table; the dice pass on." in out
    assert re.search(r"│ the Fire Bet +│ loses +│ +│ \$5 +│ -\$5 ", out)
    assert "Shooter: none: the stickperson rolls for the wagers standing." in out
    assert "seven-out: Pass loses" in out
    assert out.count("You may:") == 2  # before the come-out and on the point; not once gone
    assert "Final balance: $985" in out


def test_odds_over_the_limit_are_told_plainly() -> None:
    """Seed 17's point is 9: at 3-4-5x the odds behind a $10 Pass are at most 4 x $10 =
    $40 (623a.6); $40 pays 3 to 2, whole cents."""
    out = play(17, "bet pass 10\nroll\nbet odds 100\nbet odds 30\nbet odds 20\nquit\n")
    assert (
        "Refused: the odds behind Pass may be at most $40, at 3-4-5x odds on a $10 wager, "
        "not $100 (623a.6 (inferred))"
    ) in out
    assert "Placed $30 on odds behind Pass." in out
    assert (
        "Refused: the odds behind Pass may be at most $40, at 3-4-5x odds on a $10 wager; "
        "seat 1 has $30 on it already, so at most $10 more, not $20 (623a.6 (inferred))"
    ) in out


@pytest.mark.parametrize(("line", "typed"), [("bet pass", "pass"), ("bet 10", "10")])
def test_a_bet_missing_its_wager_or_amount_says_which(line: str, typed: str) -> None:
    """`bet pass` has no amount and `bet 10` no wager: the refusal says a bet needs both
    and echoes what was typed, not an empty wager name (623a.3)."""
    out = play(3, f"{line}\nquit\n")
    refusal = next(row for row in out.splitlines() if row.startswith("Refused:"))
    assert '""' not in refusal
    assert f'"{typed}"' in refusal
    assert "a wager and an amount" in refusal
    assert "(623a.3 (inferred))" in refusal


def test_a_wager_named_without_an_amount_asks_for_one() -> None:
    """``pass`` or ``hard 8`` alone names a wager: the table says the amount is missing
    (it was an unknown command, and ``hard 8`` was read as $8 on "hard"); ``bet pass 10``
    and ``bet place 6 6`` place their wagers, and nothing moves the balance."""
    out = play(3, "pass\nhard 8\nfoo\nbet pass 10\nbet place 6 6\nquit\n")
    assert "A wager needs an amount: type bet pass AMOUNT (in dollars" in out
    assert "A wager needs an amount: type bet hard 8 AMOUNT" in out
    assert "Unknown command 'foo'; type help." in out
    assert "Placed $10 on Pass. Balance: $990" in out
    assert "Placed $6 on Place 6. Balance: $984" in out


def test_what_to_type_is_said_in_the_shared_grammars_words() -> None:
    """The "You may" rows, the usage lines and the come-out advice say ``bet SPOT
    AMOUNT`` and ``remove SPOT``, as every table does, never WAGER (``remove`` typed with
    no wager down is told there is none to take down; with one, it is taken down,
    test_terminal_remove)."""
    out = play(1, "remove\nbet place 6 6\nhelp\nroll\nbet\nquit\n")
    assert "│ bet SPOT AMOUNT" in out and "│ remove SPOT" in out
    assert "usage: bet SPOT AMOUNT" in out
    assert "You have no wager that may be taken down now: you have no wager on the layout" in out
    assert "(Place 6: remove SPOT)" in out
    assert "WAGER" not in out


def test_steps_of_an_amount_are_said_in_dollars() -> None:
    """Every amount in dollars: the Horn is four equal parts, so $5.01 is refused as not
    a multiple of $0.04 (623a.4), never "4 cents" or a bare "4"."""
    out = play(1, "bet horn 5.01\nquit\n")
    assert "is not a multiple of $0.04" in out, out
    assert "multiple of 4 cents" not in out


def test_quitting_after_a_settled_turn_counts_it() -> None:
    """Seed 1: $10 on Pass, the come-out is a seven, a natural: Pass wins 1 to 1, +$10
    (623a.4). Quitting with nothing left on the layout while the turn goes on says the
    turn was settled as he left and counts it: the summary is not "0 rounds" with +$10."""
    out = play(1, "bet pass 10\nroll\nquit\n")
    assert totals(out) == [7]
    assert "The round in play was settled as you left: +$10. Balance: $1,010" in out
    assert "Session over after 1 round. Started with $1,000, ended with $1,010 (+$10)." in out
    assert "after 0 rounds" not in out


def test_the_fire_bet_is_never_offered_to_take_down() -> None:
    """623a.11: the Fire Bet stands from the shooter's first roll to his last, so the
    come-out prompt never offers to take it down; seed 1's first roll is a seven, which
    leaves the Fire Bet alone on the layout. A Place 6 then made is offered."""
    out = play(1, "bet pass 10\nbet fire 5\nroll\nbet place 6 6\nshow\n")
    prompts = [line for line in out.splitlines() if line.startswith("To roll:")]
    assert prompts and not any("Fire Bet" in line for line in prompts)
    assert prompts[0].endswith("type bet pass AMOUNT or bet don't pass AMOUNT.")
    assert prompts[-1].endswith("Or take your wagers down (Place 6: remove SPOT), or quit.")


def test_mini_craps_odds_limit_in_plain_words() -> None:
    """The example mini-craps table takes 2x odds (its odds_limit): behind a $10 Pass the
    odds may be at most 2 x $10 = $20 (623a.6); seed 4 rolls a point."""
    path = Path(__file__).resolve().parents[2] / "examples" / "rules" / "mini-craps.toml"
    result = CliRunner().invoke(
        app,
        ["play", "craps", "--rules", str(path), "--seed", "4", "--rounds", "1"],
        input="bet pass 10\nroll\nbet odds 500\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    assert (
        "Refused: the odds behind Pass may be at most $20, at 2x odds on a $10 wager, not "
        "$500 (623a.6 (inferred))"
    ) in result.output


def test_mini_craps_help_names_mini_craps() -> None:
    """A mini-craps table (623a.2, the example Rules Submission's ``table``) is named so
    in its help: "How Mini-Craps plays", not "How Craps plays"."""
    path = Path(__file__).resolve().parents[2] / "examples" / "rules" / "mini-craps.toml"
    result = CliRunner().invoke(
        app, ["play", "craps", "--rules", str(path), "--seed", "4"], input="quit\n", env=ENV
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("How Mini-Craps plays"), result.output[:80]
    assert "How Craps plays" not in result.output


def test_a_turn_with_no_roll_is_not_counted_as_a_round() -> None:
    """Seed 4: the $10 Pass sevens out, ending the first turn (one round, -$10); the next
    turn gets only a Hard 8 before the input ends, so it is taken back unrolled: no
    round, said so, and the session is one round, $1,000 - $10 = $990."""
    script = "bet pass 10\n" + "roll\n" * 10 + "bet hard 8 5\n"
    out = play(4, script)
    assert "The dice were not rolled this turn: it does not count as a round" in out
    assert "this round $0" not in out
    assert "Session over after 1 round. Started with $1,000, ended with $990 (-$10)." in out


def test_show_and_remove_name_each_wager_as_the_layout_does() -> None:
    """One name per wager, the layout's (``layout``: "Pass", "Don't Pass", "the Field"):
    show and the bare remove's question say them so, never "Pass Line" or "Don't Pass Bar
    12"; $1,000 - $10 - $5 - $5 = $980."""
    out = play(1, "layout\nbet pass 10\nbet dont pass 5\nbet field 5\nshow\nremove\nquit\n")
    shown = out.split("> show\n", 1)[1].splitlines()[0]
    assert shown == "Your wagers in play: Pass $10, Don't Pass $5, the Field $5. Balance $980."
    asked = out.split("> remove\n", 1)[1].splitlines()[0]
    assert asked.endswith("SPOT one of Pass, Don't Pass, the Field.")
    assert "Pass Line" not in out and "Pass Bar" not in out
    layout = out.split("> layout\n", 1)[1].split("\n> ", 1)[0]
    for name in ("│ Pass ", "│ Don't Pass ", "│ the Field "):
        assert name in layout
