"""`croupier play high-roll-dice`: scripted sessions through the command line.

The expected money is recomputed here from the printed dice, with the regulation's
die ranking and payout odds typed in from the text, not taken from croupier.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.play import TABLES
from croupier.cli.tables.terminal import Wallet
from croupier.engine import WagerSettled
from croupier.errors import InvalidAmount
from croupier.money import parse_dollars

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}

RANK = [2, 3, 4, 5, 6, 1]
"""675a.2(d): the ace is highest, then 6, 5, 4, 3; the 2 is lowest."""


@dataclass(frozen=True)
class Paytable:
    """One variant's odds as the text prints them."""

    file: str
    minimum: int
    dice: int
    pip: dict[int, Fraction]
    like: dict[int, Fraction]
    extra: dict[int, Fraction] | None
    millionaire: dict[int, int] | None
    """Winnings in cents of a $1 wager."""


TEN_DICE_PIP = {
    2: Fraction(6),
    3: Fraction(6),
    4: Fraction(5),
    5: Fraction(4),
    6: Fraction(4),
    1: Fraction(3),
}  # 675a.5(a)
TEN_DICE_LIKE = {
    8: Fraction(5000),
    7: Fraction(400),
    6: Fraction(30),
    5: Fraction(4),
    4: Fraction(1),
    3: Fraction(3, 5),
    2: Fraction(12),
}
MILLIONAIRE = {10: 100_000_000, 9: 5_000_000}  # 675a.5(c): $1,000,000 and $50,000

TEN_DICE = Paytable(
    "high-roll-dice-ten-dice.toml",
    500,
    10,
    TEN_DICE_PIP,
    TEN_DICE_LIKE,
    {
        8: Fraction(50),
        7: Fraction(10),
        6: Fraction(4),
        5: Fraction(2),
        4: Fraction(1),
        3: Fraction(6),
    },  # 675a.5(d)
    MILLIONAIRE,
)
TEN_DICE_2014 = Paytable(
    "high-roll-dice-2014.toml",
    1_000,
    10,
    TEN_DICE_PIP,
    TEN_DICE_LIKE,
    {
        8: Fraction(50),
        7: Fraction(10),
        6: Fraction(4),
        5: Fraction(2),
        4: Fraction(1),
        3: Fraction(8),
    },  # 593.5(d)
    MILLIONAIRE,
)
SIX_DICE = Paytable(
    "high-roll-dice-six-dice.toml",
    200,
    6,
    {
        2: Fraction(8),
        3: Fraction(6),
        4: Fraction(5),
        5: Fraction(4),
        6: Fraction(3),
        1: Fraction(2),
    },  # 675a.6(j)
    {
        6: Fraction(6000),
        5: Fraction(200),
        4: Fraction(15),
        3: Fraction(2),
        2: Fraction(1, 2),
        1: Fraction(60),
    },  # 675a.6(k)
    None,
    None,
)

DICE = re.compile(r"Dice \((first|extra) roll\): ([1-6 ]+)")
ROUND_BALANCE = re.compile(r"Balance: (\$[\d,.]+) \(this round")
FINAL = re.compile(r"Final balance: (\$[\d,.]+)")

PIP_NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def winner(dice: list[int]) -> tuple[int, int]:
    """The face thrown most, ties to the higher rank, and its count (675a.2(e)(1))."""
    count = max(dice.count(face) for face in RANK)
    face = max((f for f in RANK if dice.count(f) == count), key=RANK.index)
    return face, count


def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def to_cents(text: str) -> int:
    whole, _, frac = text.replace("$", "").replace(",", "").partition(".")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def all_bets(table: Paytable) -> dict[str, int]:
    """The table minimum on every spot, $1 on Millionaire Row (spot -> cents)."""
    bets = {f"pip_street:{PIP_NAMES[face]}": table.minimum for face in RANK}
    for count in table.like:
        bets[f"like_kind:{'no_match' if count == 1 else count}"] = table.minimum
    if table.extra is not None:
        bets["extra_roll"] = table.minimum
    if table.millionaire is not None:
        bets |= {"millionaire_row:9": 100, "millionaire_row:10": 100}
    return bets


def script(bets: dict[str, int], end: str = "roll") -> str:
    return "".join(f"bet {spot} {dollars(cents)}\n" for spot, cents in bets.items()) + end + "\n"


def pay(wager: int, odds: Fraction) -> int:
    """Winnings of ``wager`` cents at ``odds``, rounded down to the cent."""
    return wager * odds.numerator // odds.denominator


def expected_net(
    table: Paytable, bets: dict[str, int], first: list[int], extra: list[int] | None
) -> int:
    """What ``bets`` net in a round, from the dice alone."""
    face, count = winner(first)
    assert len(first) == table.dice
    bought = "extra_roll" in bets
    net, held = 0, {}
    for spot, wager in bets.items():
        kind, _, key = spot.partition(":")
        if kind == "pip_street":  # 675a.4(f)(1)
            named = next(f for f, name in PIP_NAMES.items() if name == key)
            net += pay(wager, table.pip[face]) if named == face else -wager
        elif kind == "like_kind":  # 675a.4(f)(2)
            circle = 1 if key == "no_match" else int(key)
            if circle == count:
                net += pay(wager, table.like[circle])
            elif bought and table.extra is not None and circle > count and circle in table.extra:
                held[circle] = wager
            else:
                net -= wager
        elif kind == "extra_roll":  # collected to the table inventory (675a.4(a))
            net -= wager
        else:  # 675a.4(f)(3), 675a.5(c): a wager under $1 wins in proportion
            assert table.millionaire is not None
            circle = int(key)
            net += (
                pay(wager, Fraction(table.millionaire[circle], 100)) if circle == count else -wager
            )
    if held:  # 675a.4(g)-(h)
        assert table.extra is not None
        assert extra is not None and len(extra) == table.dice - count
        total = count + extra.count(face)
        for circle, wager in held.items():
            net += pay(wager, table.extra[circle]) if circle == total else -wager
    return net


def round_dice(block: str) -> tuple[list[int], list[int] | None]:
    dice = {roll: [int(d) for d in faces.split()] for roll, faces in DICE.findall(block)}
    return dice["first"], dice.get("extra")


def run(args: list[str], script: str) -> str:
    result = CliRunner().invoke(app, args, input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("table", [TEN_DICE, TEN_DICE_2014, SIX_DICE], ids=lambda t: t.file)
@pytest.mark.parametrize("seed", [1, 2024])
def test_scripted_session_balance_matches_the_dice(table: Paytable, seed: int) -> None:
    rounds, start, bets = 6, 500_000, all_bets(table)
    output = run(
        [
            "play",
            "high-roll-dice",
            "--rules",
            str(EXAMPLES / table.file),
            "--seed",
            str(seed),
            "--balance",
            f"{start // 100}",  # dollars
        ],
        script(bets) * rounds,  # then end of input
    )
    blocks = re.split(r"─+ Round r\d{4} ─+", output)[1:]
    assert len(blocks) == rounds + 1  # the last round opens, then input ends
    balance, extra_rolls = start, 0
    for block in blocks[:rounds]:
        first, extra = round_dice(block)
        extra_rolls += extra is not None
        balance += expected_net(table, bets, first, extra)
        (printed,) = ROUND_BALANCE.findall(block)
        assert to_cents(printed) == balance
    assert to_cents(FINAL.findall(output)[-1]) == balance
    assert f"Session over after {rounds} round{'' if rounds == 1 else 's'}." in output
    if table.extra is not None:
        assert extra_rolls > 0


def test_same_seed_same_session() -> None:
    session = script(all_bets(TEN_DICE)) * 3
    args = ["play", "high-roll-dice", "--seed", "7"]
    assert run(args, session) == run(args, session)


def test_rounds_option_stops_the_session() -> None:
    session = script(all_bets(TEN_DICE)) * 3
    output = run(["play", "high-roll-dice", "--seed", "3", "--rounds", "2"], session)
    assert "Session over after 2 rounds" in output
    assert "Round r0003" not in output


def test_default_rng_and_quit() -> None:
    output = run(["play", "high-roll-dice"], "help\nquit\n")
    assert "Balance $1,000. You may:" in output
    assert "Session over after 0 rounds" in output
    assert "Final balance: $1,000" in output


@pytest.mark.parametrize(
    ("line", "cite", "message"),
    [
        ("bet pip_street:six 10", "675a.1(b)(2)(iv)", "must equal $5"),
        ("bet like_kind:4 2.50", "675a.2(e)(2)", "must equal $5, not $2.50"),
        ("bet extra_roll 5", "675a.2(e)(3)", "Extra Roll"),
        ("bet millionaire_row:10 2", "675a.2(e)(4)", "must equal $1"),
        ("bet millionaire_row:10 1.01", "675a.2(e)(4)", "must equal $1"),
        ("bet pip_street:six five", "675a.2(e)", "not an amount"),
        ("bet pip_street:six 5.001", "675a.2(e)", "not an amount"),
        ("bet pip_street:six 1e3", "675a.2(e)", "not an amount"),
        ("bet pip_street:six nan", "675a.2(e)", "not an amount"),
        ("bet pip_street:six -5", "675a.2(e)", "more than zero"),
        ("bet pip_street:six 0", "675a.2(e)", "more than zero"),
        ("bet pip_street:six 995.01", "675a.2(e)", "more than your balance of $995"),
        ("bet like_kind:9 5", "675a.2(e)", "no spot"),
    ],
)
def test_refused_bet_names_the_section_and_moves_no_money(
    line: str, cite: str, message: str
) -> None:
    bets = {"pip_street:ace": 500}
    session = script(bets, end=f"{line}\nhelp\nroll")
    output = run(["play", "high-roll-dice", "--seed", "11"], session)
    (refused,) = [text for text in output.splitlines() if text.startswith("Refused:")]
    assert refused.endswith(f"({cite})")
    assert message in refused
    assert "Balance $995. You may:" in output  # help, after the refusal
    first, extra = round_dice(output)
    assert to_cents(FINAL.findall(output)[-1]) == 100_000 + expected_net(
        TEN_DICE, bets, first, extra
    )


def test_nothing_before_pip_street() -> None:
    session = "bet like_kind:4 5\nbet millionaire_row:9 1\nroll\nhelp\n"
    output = run(["play", "high-roll-dice", "--seed", "1"], session)
    refused = [text for text in output.splitlines() if text.startswith("Refused:")]
    assert [line.rsplit(" ", 1)[1] for line in refused] == [
        "(675a.2(e)(2))",  # Like Kind Boulevard only after a Pip Street wager
        "(675a.2(e)(1))",  # a player takes part by wagering on Pip Street
        "(675a.2(e)(1))",  # no wager: no round to roll
    ]
    assert "needs a Pip Street wager first" in refused[0]
    assert "Balance $1,000. You may:" in output
    assert "Final balance: $1,000" in output


def test_bet_larger_than_the_balance_is_refused() -> None:
    session = "bet pip_street:ace 5\nbet pip_street:two 5\n"  # then end of input
    output = run(["play", "high-roll-dice", "--seed", "1", "--balance", "7.00"], session)
    assert "Refused: a wager of $5 is more than your balance of $2 (675a.2(e))" in output
    # A player who has wagered stays until the round is completed (675a.2(c)).
    assert "stays seated until the round is completed (675a.2(c))" in output
    first, extra = round_dice(output)
    net = expected_net(TEN_DICE, {"pip_street:ace": 500}, first, extra)
    assert to_cents(FINAL.findall(output)[-1]) == 700 + net >= 0


def test_cents_are_exact(tmp_path: Path) -> None:
    rules = tmp_path / "low.toml"
    rules.write_text('game = "high-roll-dice"\nminimum_wager = 100\n')
    session = "bet pip_street:ace 2.50\nbet pip_street:six 2.5\nbet like_kind:3 $2.50\nquit\n"
    output = run(["play", "high-roll-dice", "--rules", str(rules), "--seed", "1"], session)
    assert "$2.50 on Pip Street ace. Balance: $997.50" in output
    assert "$2.50 on Like Kind 3. Balance: $992.50" in output
    bets = {"pip_street:ace": 250, "pip_street:six": 250, "like_kind:3": 250}
    first, extra = round_dice(output)
    net = expected_net(TEN_DICE, bets, first, extra)
    assert to_cents(FINAL.findall(output)[-1]) == 100_000 + net
    assert "Session over after 1 round." in output


def test_roll_without_wagers_is_refused() -> None:
    output = run(["play", "high-roll-dice", "--seed", "1"], "roll\nnonsense\n")
    assert "Refused: no player has wagered" in output
    assert "Unknown command 'nonsense'" in output
    assert "Final balance: $1,000" in output


def test_balance_below_the_minimum_ends_the_session() -> None:
    output = run(["play", "high-roll-dice", "--balance", "4.99"], "")
    assert "below the table minimum" in output
    assert "Session over after 0 rounds" in output


def test_play_refuses_a_bad_rules_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "high-roll-dice"\npayout_limit = 100\n')
    result = CliRunner().invoke(app, ["play", "high-roll-dice", "--rules", str(bad)], env=ENV)
    assert result.exit_code == 2
    assert "(675a.5(e))" in result.output


# --- the game-independent parts --------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("5", 500),
        ("2.50", 250),
        ("2.5", 250),
        (".75", 75),
        ("0.01", 1),
        ("$1,000", 100_000),
        ("1,234,567.89", 123_456_789),
        ("-5", -500),
        ("0", 0),
        ("999999999999.99", 99_999_999_999_999),
    ],
)
def test_parse_dollars(text: str, cents: int) -> None:
    assert parse_dollars(text, "x") == cents


@pytest.mark.parametrize(
    "text", ["", ".", "five", "5.001", "1e3", "nan", "inf", "1,00", "5$", "--5", "1_000", "0x10"]
)
def test_parse_dollars_refuses(text: str) -> None:
    with pytest.raises(InvalidAmount, match=r"\(675a\.2\(b\)\)$"):
        parse_dollars(text, "675a.2(b)")


def test_wallet_moves_money_by_events_and_never_goes_negative() -> None:
    """The wallet moves by the round's events as the ledger posts them: seat 1's $6 wager
    leaves it, seat 2's does not touch it, a wager it cannot cover raises, and each
    settlement brings back ``returned + won``."""
    from croupier.games.high_roll_dice import AnnounceNoMoreBets, HighRollDiceRound, PlaceWager
    from croupier.rng import SeededRng
    from croupier.rules.high_roll_dice import HighRollDiceRules

    round_ = HighRollDiceRound.open(
        HighRollDiceRules(),
        table_id="t",
        round_id="t-1",
        seats={1: "you", 2: "bo"},
        rng=SeededRng(5),
    )
    wallet = Wallet(seat=1, balance=1_000)
    wallet.apply(round_, round_.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=600), 1))
    wallet.apply(round_, round_.handle(PlaceWager(seat=2, spot="pip_street:ace", amount=600), 2))
    assert wallet.balance == 400
    with pytest.raises(InvalidAmount):
        wallet.check(401, "c")
    second = round_.handle(PlaceWager(seat=1, spot="pip_street:two", amount=600), 1)
    with pytest.raises(ValueError, match="cannot cover"):
        wallet.apply(round_, second)
    assert wallet.balance == 400  # nothing moved
    round_.handle(AnnounceNoMoreBets(), "dealer")
    start = len(round_.events)
    while not round_.finished:
        command = next(c for c in round_.legal_commands("dealer") if c.command != "VoidRound")
        round_.handle(round_.command_adapter.validate_python({"type": command.command}), "dealer")
    settled = [e for e in round_.events[start:] if isinstance(e, WagerSettled) and e.seat == 1]
    assert len(settled) == 2
    wallet.apply(round_, round_.events[start:])
    assert wallet.balance == 400 + sum(e.returned + e.won for e in settled)


@pytest.mark.parametrize("line", ["bet", "bet pip_street:ace 5 6", "roll 2"])
def test_wrong_arguments_get_the_usage_line(line: str) -> None:
    """``bet SPOT AMOUNT`` (or ``roll``) typed with the wrong arguments gets its usage
    line, not "Unknown command", and wagers nothing."""
    output = run(["play", "high-roll-dice", "--seed", "1"], f"{line}\nquit\n")
    usage = "roll" if line.startswith("roll") else "bet SPOT AMOUNT"
    assert f"usage: {usage}\n" in output
    assert "Unknown command" not in output
    assert "Final balance: $1,000" in output


def test_a_spot_with_no_amount_asks_for_the_amount() -> None:
    """``bet pip_street:ace`` names a spot and no amount: refused as every spot with no
    amount is (``bet front 9`` at Go Fore It), with the Pip Street Wager's rule
    (675a.2(e)(1)) and an example at the least it takes ($5) typed as the layout names the
    spot (never its value ``pip_street:ace``), not a bare usage line; nothing is wagered."""
    output = run(["play", "high-roll-dice", "--seed", "1"], "bet pip_street:ace\nquit\n")
    assert (
        "Refused: a wager on Pip Street ace needs an amount: type bet Pip Street ace AMOUNT, "
        "AMOUNT in dollars (e.g. bet Pip Street ace 5) (675a.2(e)(1))\n"
    ) in output
    assert "pip_street:ace AMOUNT" not in output
    assert "usage:" not in output and "Unknown command" not in output
    assert "Final balance: $1,000" in output


@pytest.mark.parametrize(
    "line",
    ["bet pip_street:ace \uff15", "bet like_kind:3 \u0665", "bet pip_street:two \uff11\uff10"],
)
def test_non_ascii_digits_are_not_an_amount(line: str) -> None:
    """Full-width and Arabic-Indic digits are refused citing 675a.2(e); no wager is
    placed (roll then has no one to roll for)."""
    output = run(["play", "high-roll-dice", "--seed", "1"], f"{line}\nroll\nquit\n")
    refused = [text for text in output.splitlines() if text.startswith("Refused:")]
    assert "is not an amount in dollars and cents" in refused[0]
    assert refused[0].endswith("(675a.2(e))")
    assert "no player has wagered" in refused[1]
    assert "Final balance: $1,000" in output


def test_the_table_lists_what_to_type() -> None:
    """The "You may:" table gives ``bet SPOT AMOUNT`` with the wagers of the layout
    (675a.2(e)(1): Pip Street first; then Like Kind Boulevard, 675a.2(e)(2)) and, once a
    wager is down, ``roll``; never the round's command names."""
    output = run(["play", "high-roll-dice", "--seed", "1"], "bet pip_street:ace 5\nhelp\nquit\n")
    rows = re.findall(r"^│ (\S[^│]*?)\s*│ ([^│]*?)\s*│[^│]*│ (\S[^│]*?)\s*│$", output, re.M)
    listed = {(typed, what.split(" (")[0], cite) for typed, what, cite in rows}
    assert ("bet SPOT AMOUNT", "a Pip Street Wager", "675a.2(e)(1)") in listed
    assert ("bet SPOT AMOUNT", "a Like Kind Boulevard Wager", "675a.2(e)(2)") in listed
    assert any(typed == "roll" for typed, _, _ in rows)
    assert "PlaceWager" not in output and "AnnounceNoMoreBets" not in output


VOCABULARY = {
    "high-roll-dice": ["bet pip_street:ace 5", "bet like_kind:3 5", "bet extra_roll 5", "roll"],
    "go-fore-it": [
        "bet front_9 5",
        "bet skins 5",
        "bet gopher 5",
        "remove skins",
        "deal",
        "back 9",
        "fold",
    ],
    "criss-cross-poker": [
        "bet antes 5",
        "bet bonus 5",
        "remove ante_across",
        "deal",
        "bet across 5",
        "bet down 15",
        "fold",
    ],
    "pai-gow": ["bet 5", "deal", "set 6-6 4-5", "request house way", "surrender"],
    "craps": [
        "bet pass 10",
        "bet dont pass 10",
        "bet place 6 6",
        "bet come 5",
        "bet odds 10",
        "bet field 5",
        "remove place 6",
        "working place 6",
        "off place 6",
        "give up dice",
        "roll",
        "roll",
    ],
    "double-back-jack": [
        "cut 50",
        "refuse cut",
        "bet 5",
        "deal",
        "bet insurance 5",
        "hit",
        "stand",
        "double",
        "split",
        "surrender",
        "second chance",
        "decline second chance",
    ],
}
"""Lines a player might type at each table, typed in random order by the test below."""

INTERNAL = re.compile(r"\(phase |\b(?:[A-Z][a-z]+){2,}\b")
"""An internal phase or a command's class name (``PlaceWager``, ``RefuseCut``)."""


@pytest.mark.parametrize("game", sorted(VOCABULARY))
@pytest.mark.parametrize("seed", range(4))
def test_no_internal_names_and_every_listed_word_is_taken(game: str, seed: int) -> None:
    """Random lines at every table, with help after each: no refusal or "You may:" table
    shows an internal phase or command name, and every word a "You may:" table lists is
    one the table takes (typed, it never gives "Unknown command")."""
    import random

    from croupier.cli.tables.base import Terminal, usages

    rnd = random.Random(seed)
    lines = [rnd.choice(VOCABULARY[game]) for _ in range(30)]
    output = run(
        ["play", game, "--seed", str(seed), "--rounds", "2"],
        "".join(f"{line}\nhelp\n" for line in lines),
    )
    assert not INTERNAL.search(output), INTERNAL.search(output)
    module = importlib.import_module(TABLES[game])
    known = set(usages(module.GRAMMAR))
    for table in vars(module).values():  # and the table's own commands (a hint)
        if isinstance(table, type) and issubclass(table, Terminal):
            known |= {word for word, _ in table.own}
    listed = re.findall(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│[^│]*│$", output, re.M)
    assert listed
    for typed in listed:
        for word in typed.split(", "):
            assert word.split()[0] in known, typed
    assert "Unknown command" not in output
