"""`croupier play pai-gow` and `croupier analyze pai-gow` through the command line."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.tables.pai_gow import PaiGowPlay
from croupier.rng import SeededRng
from croupier.rules.pai_gow import PaiGowRules

ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}


def test_analyze_json() -> None:
    result = CliRunner().invoke(app, ["analyze", "pai-gow", "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    names = [w["wager"] for w in sheet["wagers"]]
    assert names == ["pai_gow:house_way", "pai_gow:optimal", "pai_gow:player_bank"]
    for wager in sheet["wagers"]:
        assert abs(sum(o["probability"] for o in wager["outcomes"]) - 1) < 1e-12
    assert any("HAS THE ADVANTAGE" in note for note in sheet["notes"])


def test_play_a_round() -> None:
    """Bet $10, deal, ask for the house way, set by it, settle: the balance moves by the
    result the settlement line prints (1 to 1 less 5%: +$9.50, $0 or -$10)."""
    script = "bet 10\ndeal\nrequest house way\n"
    first = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "11", "--rounds", "1"], input=script, env=ENV
    )
    shown = re.search(r"The house would set high (\S+) (\S+)", first.output)
    assert shown, first.output
    script += f"set {shown[1]} {shown[2]}\ndeal\n"
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "11", "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    final = re.search(r"Final balance: \$([\d,.]+)", result.output)
    assert final, result.output
    balance = float(final[1].replace(",", ""))
    assert balance in (1009.5, 1000.0, 990.0)
    if balance == 1009.5:
        assert "wins +$9.50" in result.output


def test_play_refuses_a_setting_with_other_tiles() -> None:
    script = "bet 10\ndeal\nset 6-6 6-6\nset 1-2 1-2\n"
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "3", "--rounds", "1"], input=script, env=ENV
    )
    assert "Refused:" in result.output and "(621a.10(a))" in result.output


def play(script: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "1", "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_table_lists_what_to_type() -> None:
    """help lists what the player types, in order of the round: bet AMOUNT (621a.7(a));
    deal ("no more bets", 621a.7(c)); set T1 T2 (621a.10(a)) and request house way
    (621a.10(b)); surrender (621a.10(e)) and deal (621a.10(f)); never the round's command
    names. (Seed
    1 delivers 3-5 3-4 1-6 5-5; the player sets 3-5 with 5-5.)"""
    out = play("help\nbet 5\nhelp\ndeal\nhelp\nrequest house way\nset 3-5 5-5\nhelp\ndeal\n")
    rows = set(re.findall(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│ (\S[^│]*?)\s*│$", out, re.M))
    for row in [
        ("bet AMOUNT", "621a.7(a)"),
        ("deal", "621a.7(c)"),
        ("set T1 T2", "621a.10(a)"),
        ("request house way", "621a.10(b)"),
        ("surrender", "621a.10(e)"),
        ("deal", "621a.10(f)"),
    ]:
        assert row in rows
    for internal in ("PlaceWager", "SetHands", "RequestHouseWay", "Surrender ", "┃ Command"):
        assert internal not in out


@pytest.mark.parametrize(
    ("line", "usage"),
    [
        ("bet", "bet [SPOT] AMOUNT"),
        ("bet 5 6", "bet [SPOT] AMOUNT"),
        ("set 6-6", "set T1 T2"),
        ("show x", "show"),
    ],
)
def test_wrong_arguments_get_the_usage_line(line: str, usage: str) -> None:
    out = play(f"{line}\n")
    assert f"usage: {usage}\n" in out
    assert "Unknown command" not in out


def test_non_ascii_digits_are_not_an_amount() -> None:
    """An Arabic-Indic five is refused citing 621a.7(a); nothing is wagered."""
    out = play("bet \u0665\n")
    assert "Refused: '\u0665' is not an amount in dollars and cents such as 5 or 2.50" in out
    assert "(621a.7(a))" in out
    assert "Final balance: $1,000" in out


def test_621a_6_g_an_idle_terminal_table_returns_to_the_start_of_the_game() -> None:
    """621a.6(g): the terminal table keeps the table's state between rounds as the server
    does; idle 31 minutes (the submission's 30), its next round is the start of the game
    and the player is told, in the floor's words, why."""
    console = Console(record=True, width=200)
    terminal = PaiGowPlay(PaiGowRules(), SeededRng(1), 100_000, console)
    terminal.table.start_of_game = False
    terminal.table.active_at = datetime.now(UTC) - timedelta(minutes=29)
    terminal.open_round()
    assert "621a.6(g)" not in console.export_text()
    assert terminal.table.start_of_game is False
    terminal.table.active_at = datetime.now(UTC) - timedelta(minutes=31)
    terminal.open_round()
    told = console.export_text()
    assert "Floor: no gaming activity for 30 minutes" in told and "(621a.6(g))" in told
    assert terminal.table.start_of_game is True


# --- the bank offered (621a.11): the shipped submission banks by rotation ---------------
SHIPPED = ["--rules", "examples/rules/pai-gow.toml", "--seed", "1", "--rounds", "2"]
FIRST_ROUND = "bet 10\ndeal\nset 5-5 3-5\ndeal\n"
"""Seed 1 delivers 3-5 3-4 1-6 5-5; the player sets 5-5 with 3-5 (the house way)."""


def play_shipped(script: str) -> str:
    result = CliRunner().invoke(app, ["play", "pai-gow", *SHIPPED], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    assert "Unknown command" not in result.output, result.output
    return result.output


def test_the_bank_offered_at_round_two_may_be_passed() -> None:
    """With ``player_banking = true`` the bank is offered to the player at round 2
    (621a.11(c)); the table lists ``pass bank`` and ``take bank CHIPS`` and takes them
    (it refused every command but quit before), and the round is played on."""
    out = play_shipped(FIRST_ROUND + "pass bank\nbet 10\ndeal\nquit\n")
    second = out.split("Round r0002")[1]
    assert "│ pass bank " in second and "│ take bank CHIPS " in second
    assert "You pass the bank (621a.11(c))" in second  # in 621a's words, no event name
    assert "Bank passed" not in second
    assert "$10 wagered. Balance:" in second
    assert "Session over after 2 rounds." in out


def test_the_bank_taken_moves_its_chips_and_a_bank_no_one_plays_is_void() -> None:
    """The player takes the bank with $50 (621a.11(c)-(d)): "$50 left your balance";
    he makes no cut (621a.11(g)) and directs the dealer's wager to nothing (621a.11(h)):
    no wager is left, the round is void and the $50 come back."""
    out = play_shipped(FIRST_ROUND + "take bank 50\ndecline cut\ndirect dealer wager 0\n")
    second = out.split("Round r0002")[1]
    assert "$50 left your balance" in second
    assert "The bank does not cut the tiles (621a.11(g))" in second
    assert "the round is void" in second
    assert "(this round $0)" in second
    assert "Session over after 2 rounds." in out


def test_a_void_round_is_said_void_in_the_history_with_its_reason() -> None:
    """The bank taken and no wager left against it (the dealer's wager directed to
    nothing, 621a.11(h)): the round is void. ``history`` says so, and why (the void's
    reason, "no wager is in play and none can be made"), not a bare "$0" that reads as a
    round played to a tie; round 1, played, is said as before."""
    script = FIRST_ROUND + "take bank 50\ndecline cut\ndirect dealer wager 0\nhistory\n"
    three = [*SHIPPED[:-1], "3"]  # a third round opens: history is typed in it
    out = CliRunner().invoke(app, ["play", "pai-gow", *three], input=script, env=ENV).output
    history = out.split("> history\n")[1].splitlines()
    assert history[0] == "Round 1: -$10, balance $990"
    assert history[1] == (
        "Round 2: void (no wager is in play and none can be made), $0, balance $990"
    )


# --- a fresh-user trial at seed 3: the bank offer, the bank's wording -------------------
SEED_3 = ["--rules", "examples/rules/pai-gow.toml", "--seed", "3", "--rounds", "2"]
SEED_3_FIRST = "bet 10\ndeal\nset 3-3 1-2\ndeal\n"
"""Seed 3 delivers 1-5 1-2 1-6 3-3; the player sets 3-3 with 1-2 (the house way)."""


def second_round(script: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "pai-gow", *SEED_3], input=SEED_3_FIRST + script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output.split("Round r0002")[1]


def test_a_wager_while_the_bank_is_offered_is_refused_for_the_offer() -> None:
    """621a.11(c): the bank is offered before wagers; ``bet 5`` then is refused for the
    offer pending, not for a "no more bets" never announced this round."""
    second = second_round("bet 5\npass bank\nbet 5\n")
    refusal = second.split("> bet 5")[1].split("> pass bank")[0]
    assert "the offer must be answered first (take the bank or pass it)" in refusal
    assert "(621a.11(c))" in refusal
    assert "no more bets" not in refusal
    assert "$5 wagered. Balance: $995" in second  # once passed, the wager is taken


def test_the_bank_offer_and_the_banks_settlement_in_621a_words() -> None:
    """The offer says co-bank with the dealer yes or no (621a.11(e)); with the bank taken
    for $50 and no cut, the dealer's $10 wager loses to the bank's Gong (6-6 2-6 against
    7): "loses", and the bank's own exposed hands end with no bare colon."""
    second = second_round("take bank 50\ndecline cut\ndeal\n")
    said = " ".join(second.split())
    assert "co-bank with" in said and "the dealer: yes or no" in said  # wrapped in its cell
    assert "co bank: No, Yes" not in second
    assert "The dealer's wager of $10 against the bank loses (621a.11(n))" in second
    assert "(Gong (Twelve and Eight)), low 5-5 1-1 (value 2) (the bank's hands)" in second
    assert not re.search(r"^You: .*: $", second, re.M)
    assert "Your bank settles +$9.50, after $0.50 vigorish" in second


def test_help_says_when_surrender_and_deal_apply() -> None:
    out = play("help\n")
    help_text = " ".join(out.split())
    assert "surrender once your hands are set and the dealer's are set" in help_text
    assert "deal once the hands are set: expose them and settle (621a.10(f))" in help_text


def test_round_ids_are_of_one_form_at_every_terminal_table() -> None:
    """Pai Gow's rounds are numbered as every other terminal table's: r0001, r0002."""
    out = play_shipped(FIRST_ROUND + "pass bank\n")
    assert "Round r0001" in out and "Round r0002" in out
    assert "play-0" not in out


@pytest.mark.parametrize(
    ("total", "said"),
    [
        (9, "the dealer"),  # 621a.8(c)(1): nine, the dealer receives the first stack
        (15, "the betting position at seat 1"),  # (c)(2): the sixth wagering position
        (8, "the Dead Hand"),  # dealer, six betting positions, then the Dead Hand
    ],
)
def test_621a_8_c_the_first_stack_goes_to_a_position_named_in_the_regulations_words(
    total: int, said: str
) -> None:
    """621a.8(c) counts from the dealer (number one) counterclockwise through the six
    betting positions (seat 6 at the dealer's right .. seat 1 at his left) and the Dead
    Hand: the terminal names where the count ends with its noun, never a bare "1"."""
    from croupier.games.pai_gow import StartingPositionCounted, count_positions

    console = Console(record=True, width=200)
    terminal = PaiGowPlay(PaiGowRules(), SeededRng(1), 100_000, console)
    position = count_positions(total)[0]
    terminal.show(
        [
            StartingPositionCounted(
                total=total, counted_from="dealer", position=position, cite="621a.8(c)"
            )
        ]
    )
    told = console.export_text()
    assert f"The first stack of four tiles goes to {said} (621a.8(c))" in told


def test_quitting_with_the_tiles_dealt_asks_for_no_decision() -> None:
    """A player who quits with his tiles dealt has his hand set by the house way and
    settled for him (621a.7(b)): he is not asked to "Surrender, or deal", which he can no
    longer answer; a player who sets his own tiles still is."""
    quit_ = play("bet 10\ndeal\nquit\n")
    assert "your hand is set by the house way and played out" in quit_
    assert re.search(r"^Wager \$10 \w+", quit_, re.M)  # settled all the same
    assert "Surrender, or deal" not in quit_
    stays = play("bet 10\ndeal\nset 3-5 5-5\ndeal\n")
    assert "Surrender, or deal to expose and settle." in stays


def test_a_second_wager_is_refused_in_the_tables_words() -> None:
    """A fresh tester: a second ``bet 5`` printed the API's "seat 1 already has a wager";
    the table says the wager is already placed, that the area takes one (to change it, it
    is taken down: withdrawn before "no more bets", 621a.7(c)), and where to look
    (621a.7(a)); the balance moved once."""
    out = play("bet 5\nbet 5\n")
    assert (
        "Refused: your wager is already placed: the betting area takes one wager; to change "
        "it, take it down where the rules allow; type show for your wagers and what you may "
        "do now (621a.7(a))"
    ) in out
    assert "seat 1" not in out
    assert "$5 wagered. Balance: $995" in out


def test_a_piped_line_is_echoed_with_its_control_characters_escaped() -> None:
    """A fresh tester: a piped line holding an escape code (an arrow key's ESC [ A), a
    tab or a zero-width space was echoed raw, so the terminal moved its cursor. Each is
    echoed as its escape; the line is still read (and refused) as typed."""
    out = play("bet 5\x1b[A\nshow\tnow\nhelp\u200b\n")
    for shown in ("> bet 5\\x1b[A\n", "> show\\tnow\n", "> help\\u200b\n"):
        assert shown in out, out
    assert "\x1b" not in out and "\t" not in out and "\u200b" not in out


def test_quitting_after_setting_his_own_hand_says_it_is_played_as_set() -> None:
    """A fresh tester set his own hand and quit: the table said his hand was played out
    by the house way. It says the hand is played as he set it (seed 1 delivers 3-5 3-4
    1-6 5-5; he sets 3-5 with 5-5, not the house way's setting), and settles that hand."""
    out = play("bet 10\ndeal\nset 3-5 5-5\nquit\n")
    assert "your hand is played out as you set it." in out
    assert "house way" not in out.split("> quit")[1]
    assert "You: high 3-5 5-5" in out


def test_the_tiles_dealt_say_how_to_set_them_by_naming_two() -> None:
    """A fresh tester read "set T1 T2" and did not know the tiles were to be named. The
    tiles dealt (seed 1: 3-5 3-4 1-6 5-5) say to name two as shown, with two of his own
    as the example, and help says so too; the example, typed, sets the hand."""
    out = play("bet 5\ndeal\nhelp\nset 3-5 3-4\ndeal\n")
    assert (
        "Your tiles: 3-5 3-4 1-6 5-5. Set them by naming two as shown, e.g. set 3-5 3-4: "
        "those two make one hand, the other two the other."
    ) in out
    to_cells = re.findall(r"^│[^│]*│([^│]*)│", out, re.M)  # the "To" column, row by row
    said = " ".join(" ".join(to_cells).split())
    assert "set your tiles: name two of your tiles as they are shown (e.g. set 6-6 4-5)" in said
    assert re.search(r"You: high \S+ \S+ .*, low \S+ \S+", out)
    assert "Refused" not in out


def test_remove_takes_the_wager_back_before_no_more_bets_and_not_after() -> None:
    """``remove pai gow`` before "no more bets" withdraws the $10 wager (621a.7(c)): the
    balance is back at $1,000; a $20 wager then placed is dealt, and ``remove`` after "no
    more bets" is refused with the rule, the balance staying at $980 until settled."""
    out = play("bet 10\nremove pai gow\nbet 20\ndeal\nremove pai gow\n")
    before, after = out.split("> deal", 1)
    assert "Refused" not in before, before
    assert "$10 withdrawn from the Pai Gow Wager. Balance: $1,000" in before, before
    assert 'Refused: a wager may not be withdrawn after "no more bets" (621a.7(c))' in after
    assert "withdrawn from" not in after, after


def test_deal_before_the_hands_are_set_says_to_set_them() -> None:
    """Seed 3 delivers 1-5 1-2 1-6 3-3; ``deal`` before setting them is refused with
    621a.10(a) (each player sets his hands), saying how (``set T1 T2``, the house way's
    3-3 with 1-2, or ``request house way``), not that "no more bets" was announced."""
    script = "bet 15\ndeal\nrequest house way\ndeal\n"
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", "3", "--rounds", "1"], input=script, env=ENV
    )
    assert "Your tiles: 1-5 1-2 1-6 3-3" in result.output
    after = result.output.split("> deal")[2]
    refusal = after.splitlines()[1]
    assert refusal.startswith("Refused: each player sets his hands"), refusal
    assert "set T1 T2" in refusal and "set 3-3 1-2" in refusal
    assert "request house way" in refusal and refusal.endswith("(621a.10(a))")
    assert "no more bets" not in refusal


# --- the player-banker's round at seed 3 (621a.11): a fresh player's findings -----------
BANK_ROUND = "take bank 50\ndecline cut\ndeal\nshake dice\n"
"""Seed 3, round 2: the bank (seat 1, $50) shakes 5 2 3; its tiles are 6-6 2-6 5-5 1-1
(the Gong 6-6 2-6 with the pair-less 5-5 1-1, 2) and the dealer wagers $10 against it."""


def bank_round(script: str) -> str:
    result = CliRunner().invoke(
        app,
        ["play", "pai-gow", "--rules", "examples/rules/pai-gow.toml", "--seed", "3"],
        input="bet 10\ndeal\nset 1-5 1-2\ndeal\n" + script,
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    return result.output.split("Round r0002")[1]


def test_the_bank_sees_its_own_tiles_once_dealt_and_may_ask_for_help() -> None:
    """The bank's ``deal`` comes before its shake, so no tile line ("Your tiles: .");
    once the bank shakes, its four tiles are shown, and ``show`` shows them; it sets its
    own hands (621a.10(a)), so ``request house way`` (621a.10(b); once: the round offers it
    to the bank) and ``hint`` are in its list."""
    out = bank_round(BANK_ROUND + "show\n")
    before_shake = out.split("> shake dice")[0]
    assert "Your tiles" not in before_shake
    assert "│ shake dice" in before_shake.split("> deal")[1]  # what the bank does next
    shaken, shown_ = out.split("> shake dice")[1].split("> show")
    assert "Your tiles: 6-6 2-6 5-5 1-1" in shaken
    assert "Your tiles: 6-6 2-6 5-5 1-1" in shown_
    rows = re.findall(r"^│ (\S[^│]*?)\s*│", shown_, re.M)
    assert rows.count("request house way") == 1 and "hint" in rows


def test_the_banks_round_settles_each_wager_and_returns_the_banks_chips() -> None:
    """The bank sets 6-6 2-6 (Gong) with 5-5 1-1 (2) against the dealer's 4-6 3-4 (7) and
    1-5 2-3 (1): the dealer's $10 loses to the bank (621a.11(n)); the $10 surplus pays a
    5% vigorish of $0.50 (621a.11(o)); the bank's $50 come back with $9.50: $59.50, the
    balance from $940 to $999.50, the round's +$9.50 from $990. No surrender is offered
    to the bank (621a.10(e) is a wager's)."""
    out = bank_round(BANK_ROUND + "set 6-6 2-6\n")
    after = out.split("> set 6-6 2-6")[1]
    assert "Surrender" not in after
    assert "The dealer's wager of $10 against the bank loses (621a.11(n))" in after
    assert "Your bank settles +$9.50, after $0.50 vigorish" in after
    assert "$59.50 came back to your balance: it is $999.50." in after
    assert "Balance: $999.50 (this round +$9.50)" in after


def test_a_bank_played_out_as_the_player_leaves_says_its_chips_came_back() -> None:
    """End of input with the bank's hand dealt: the round is played out and the bank's
    $50 and its +$9.50 ($59.50) come back, said as they do."""
    out = bank_round(BANK_ROUND)
    assert "Your bank settles +$9.50, after $0.50 vigorish" in out
    assert "$59.50 came back to your balance: it is $999.50." in out


@pytest.mark.parametrize(
    "script",
    [
        BANK_ROUND + "set 6-6 2-6\n",  # the bank set and settled as the player plays
        BANK_ROUND,  # the bank played out as the player leaves (end of input)
        "pass bank\nbet 10\ndeal\nset 2-2 2-2\ndeal\n",  # the bank passed: played
        "pass bank\nbet 10\ndeal\n",  # the bank passed: played out as he leaves
    ],
)
def test_the_end_of_a_bank_round_is_said_the_same_way_on_every_path(script: str) -> None:
    """Seed 3, round 2 (621a.11): the bank taken or passed, the round played through or
    played out as the player leaves, its end is said one way: the round's balance line
    ("Balance: ... (this round ...)"), never a "Round completed" on one path only."""
    out = bank_round(script)
    assert not re.search(r"^Round completed", out, re.M), out
    assert "Refused" not in out
    assert re.search(r"^Balance: \$[\d,.]+ \(this round [^)]*\)$", out, re.M), out


def test_the_banks_chips_are_not_called_a_wager() -> None:
    """621a.11(d)(2): the bank's value chips cover the wagers; they are not a wager."""
    out = bank_round("take bank 10000\n")
    refusal = out.split("> take bank 10000")[1].splitlines()[1]
    assert "wager of" not in refusal
    assert refusal.startswith("Refused: $10,000 in value chips to cover the wagers")
    assert "more than your balance of $990" in refusal


def test_a_co_bank_voided_at_the_end_of_input_says_why_in_plain_words() -> None:
    """A co-bank (621a.11(e)) with no wager against it, left at the end of input: the
    round is void and its $50 come back, said in plain words, with no server words."""
    out = bank_round("take bank 50 co-bank=yes\n")
    assert "server" not in out and "betting-seconds" not in out and "reason" not in out
    assert "The round is void: no wager was placed while the betting was open" in out
    assert "$50 came back to your balance: it is $990." in out
    assert "Balance: $990 (this round $0)" in out


def test_a_hint_lists_each_distinct_setting_once() -> None:
    """Seed 5 delivers 1-5 5-5 1-6 5-5: two tiles alike, so of the three ways to put
    four tiles in two pairs, two are the same hands (5-5 with 1-6, 5-5 with 1-5); the
    hint lists two rows, each setting once."""
    out = play_one(5, "bet 10\ndeal\nhint\n")
    assert "Your tiles: 1-5 5-5 1-6 5-5" in out
    rows = re.findall(r"^│ (\S+ \S+) \(.*│ (\S+ \S+) \(.*│ ([+-]\d\.\d{4}) ", out, re.M)
    assert len(rows) == 2, out
    assert {frozenset((high, low)) for high, low, _ in rows} == {
        frozenset(("5-5 5-5", "1-6 1-5")),
        frozenset(("5-5 1-6", "5-5 1-5")),
    }


def play_one(seed: int, script: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "pai-gow", "--seed", str(seed), "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


# --- a fresh player's findings at seed 5 with the shipped rules (styles, the bank) ------
SEED_5 = ["--rules", "examples/rules/pai-gow.toml", "--seed", "5", "--rounds", "2"]
SEED_5_FIRST = "bet 12.15\ndeal\nset 5-5 5-5\ndeal\n"
"""Seed 5 delivers 1-5 5-5 1-6 5-5; the player sets the pair of Tens: a tie (push)."""
ALLOWED = (
    "the standard delivery, House Way From the Left, Cup Say From the Right, Jung Quat, Chee Yee"
)
"""The shipped rules' ``delivery_styles`` (house way from the left, cup say from the
right, jung quat, chee yee) and the standard delivery of 621a.8(d), in 621a.9's names."""


def seed_5(script: str, rounds: list[str] | None = None) -> str:
    args = SEED_5 if rounds is None else [*SEED_5[:-1], *rounds]
    result = CliRunner().invoke(app, ["play", "pai-gow", *args], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def after(out: str, typed: str, until: str = "\n> ") -> str:
    """What the table says to the line ``typed`` (up to the next prompt)."""
    return out.split(f"> {typed}\n")[1].split(until)[0]


def test_621a_9_a_style_the_table_does_not_allow_is_refused_at_once_in_words() -> None:
    """The shipped rules allow four styles of 621a.9: Pin Say From the Right is refused
    as it is typed, naming the styles this table allows in 621a.9's words with the rule;
    an unknown name likewise, listing only this table's styles; the deal then delivers
    in the standard way, with no refusal."""
    out = seed_5("bet 10\nstyle pin say from the right\nstyle foo\ndeal\n", ["1"])
    pin = " ".join(after(out, "style pin say from the right").split())
    assert pin == (
        "Refused: the Rules Submission does not allow Pin Say From the Right; allowed: "
        f"{ALLOWED} (621a.9)"
    )
    foo = " ".join(after(out, "style foo").split())
    assert foo == f"Refused: no style 'foo'; this table allows {ALLOWED} (621a.9)"
    dealt = after(out, "deal")
    assert "Refused" not in dealt and "Dice:" in dealt
    assert not re.search(r"[a-z]_[a-z]", out), out


def test_621a_11_i_the_banks_style_chosen_before_its_deal_is_the_one_delivered() -> None:
    """Round 2, the player the bank at seat 1 (621a.11(c)) with a cut: his ``style chee
    yee`` then ``deal``: "no more bets", the style chosen by the bank (621a.11(i)), his
    shake offered next; no refusal, and "deal" again is answered by the shake pending."""
    script = SEED_5_FIRST + "take bank 20\ncut tiles 1 2\nstyle chee yee\ndeal\n"
    out = seed_5(script).split("Round r0002")[1]
    dealt = after(out, "deal")
    assert "Refused" not in dealt
    assert "No more bets (621a.7(c))." in dealt  # the bank's deal says it, as every deal
    assert "The tiles will be delivered by Chee Yee (621a.9(5))" in dealt
    assert "│ shake dice" in dealt


def test_621a_11_c_deal_while_the_bank_is_offered_points_to_the_offer() -> None:
    """Round 2 offers the bank (621a.11(c)): ``deal`` and ``style`` are refused for the
    offer, naming take bank and pass bank, not a "no more bets" never announced; the
    style is not taken."""
    out = seed_5(SEED_5_FIRST + "deal\nstyle chee yee\n").split("Round r0002")[1]
    dealt = " ".join(after(out, "deal").split())
    assert "already" not in dealt and "(621a.11(c))" in dealt
    assert "take bank CHIPS" in dealt and "pass bank" in dealt
    style = after(out, "style chee yee")
    assert style.startswith("Refused:") and "take bank CHIPS or pass bank" in style
    assert "will be delivered" not in style


def test_621a_11_g_to_i_the_banks_decisions_are_said_in_words_and_in_help() -> None:
    """The bank's cut, the dealer's wager it directs and its shake (621a.11(g)-(i)) are
    each said by what they do, not by their own names; help tells of banking."""
    script = SEED_5_FIRST + "take bank 20\ncut tiles 1 2\nhelp\n"
    out = seed_5(script).split("Round r0002")[1]
    rows = dict(re.findall(r"^│ (\S[^│]*?)\s*│ (\S[^│]*?)\s*│", out, re.M))
    assert rows["cut tiles RIGHT LEFT"] != "cut tiles"
    assert rows["direct dealer wager [AMOUNT]"].startswith("as the bank, have the dealer")
    told = " ".join(after(out, "help").split())
    for words in ("take bank CHIPS", "pass bank", "direct dealer wager", "shake dice"):
        assert words in told
    assert "(621a.11(h))" in told and "(shake dice, 621a.11(i))" in told


def test_621a_11_e_co_bank_typed_in_words_and_said_in_show() -> None:
    """``take bank 50 cobank yes`` takes the bank with co-banking (621a.11(e)): the house
    covers half of the wagers, said as it is taken and by ``show``; a ``take bank`` the
    table cannot read gets its usage in words."""
    out = seed_5(SEED_5_FIRST + "take bank\ntake bank 50 cobank yes\nshow\n")
    second = out.split("Round r0002")[1]
    usage = " ".join(after(second, "take bank").split())
    assert usage.startswith("usage: take bank CHIPS") and "co-bank yes" in usage
    assert "co-bank=" not in usage
    taken = after(second, "take bank 50 cobank yes")
    assert "the house covering half of the wagers (co-banking)" in taken
    shown_ = " ".join(after(second, "show").split())
    assert shown_.startswith(
        "You are the bank, with $50 to cover the wagers, the house covering half"
    )


def test_621a_4_a_hand_says_its_tiles_once() -> None:
    """Seed 5's 5-5 5-5 is a pair of Tens (621a.4(a)); 1-5 with 1-6 has 13 spots, a value
    of 3 (621a.4(c)): each hand's tiles are named once, its rank after them."""
    out = seed_5(SEED_5_FIRST, ["1"])
    assert "You set your hands: high 5-5 5-5 (pair of Tens), low 1-5 1-6 (value 3)" in out
    assert not re.search(r"\(\d \(", out), out


def test_621a_8_d_the_standard_delivery_is_said_in_natural_words() -> None:
    """``style standard``: the standard delivery of 621a.8(d), said "in the standard way"."""
    out = seed_5("bet 10\nstyle standard\n", ["1"])
    assert (
        after(out, "style standard").strip() == "The tiles will be delivered in the standard way."
    )
