"""`croupier play go-fore-it`, `croupier analyze go-fore-it` and the example Rules
Submission, through the command line.

The money of each round is recomputed from the printed cards with the point values
(676a.6) and the paytables (676a.12) typed in from the text, not taken from croupier.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"
ENV = {"COLUMNS": "120", "FORCE_COLOR": None, "NO_COLOR": "1"}

POINTS = {"A": 1, "10": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}
"""Each card's points by its rank as printed on it (the table shows ``10\u2660``)."""
BACK_9 = [(8, 25), (13, 5), (18, 2), (24, 1)]  # 676a.12(b): most total -> odds
GOPHER = {"a": {4: 1000, 3: 50, 2: 5, 1: 2}, "b": {4: 1000, 3: 50, 2: 6, 1: 2}}  # 676a.12(d)

CARD = r"(?:[2-9]|10|[JQKA])[\u2663\u2666\u2665\u2660]"
"""A card as the table shows it: its rank as printed, its suit's symbol (never ``Ts``)."""
YOU = re.compile(rf"^You: ((?:{CARD} ){{3}}{CARD}) \(total (\d+)", re.M)
DEALER_LINE = re.compile(rf"^Dealer: (?:{CARD} ){{3}}{CARD} \(total (\d+)\)", re.M)
FRONT = re.compile(rf"^Your front cards: ({CARD}) ({CARD})", re.M)
BALANCE = re.compile(r"Balance: (\$[\d,.]+) \(this round")


def to_cents(text: str) -> int:
    whole, _, frac = text.replace("$", "").replace(",", "").partition(".")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def expected_net(
    block: str, decision: str, front: int, skins: int, gopher: int, paytable: str
) -> int:
    """The round's net from the printed cards alone."""
    dealer = int(DEALER_LINE.search(block).group(1))  # type: ignore[union-attr]
    you = YOU.search(block)
    net = 0
    if decision == "fold":
        net -= front  # 676a.11(b)-(c): the Front 9 is forfeited
    if you is None:
        assert decision == "fold" and not skins and not gopher  # 676a.11(c)(1)
        return net
    cards = you.group(1).split()
    total = sum(POINTS[card[:-1]] for card in cards)
    assert total == int(you.group(2))
    if decision == "back 9":
        odds = next((o for most, o in BACK_9 if total <= most), None)
        net += front + front * odds if odds is not None else -2 * front  # 676a.11(d)(3)
    if skins:
        net += skins if total < dealer else -skins  # 676a.11(d)(4)
    if gopher:
        aces = sum(card[:-1] == "A" for card in cards)
        net += gopher * GOPHER[paytable][aces] if aces else -gopher  # 676a.11(d)(5)
    return net


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_play_sessions_move_the_right_money(seed: int) -> None:
    """Eight rounds: $5 Front 9 every round, Skins and Gopher on some, Back 9 or fold in
    turn; each round's balance change equals the one worked from the printed cards."""
    plan = []
    script = ""
    for n in range(8):
        skins, gopher = 500 * (n % 2), 500 * (n % 3 == 0)
        decision = "back 9" if n % 4 < 2 else "fold"
        plan.append((decision, 500, skins, gopher))
        script += "bet front_9 5\n"
        script += "bet skins 5\n" * bool(skins) + "bet gopher 5\n" * bool(gopher)
        script += f"deal\n{decision}\n"
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["play", "go-fore-it", "--seed", str(seed), "--rounds", "8"],
        input=script,
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    blocks = re.split(r"─+ Round ", result.output)[1:]
    assert len(blocks) == 8
    balance = 100_000
    for block, (decision, front, skins, gopher) in zip(blocks, plan, strict=True):
        assert FRONT.search(block)
        net = expected_net(block, decision, front, skins, gopher, "a")
        printed = to_cents(BALANCE.search(block).group(1))  # type: ignore[union-attr]
        assert printed - balance == net, block
        balance = printed
    assert f"Final balance: ${balance // 100:,}" in result.output


def test_play_refuses_with_the_rule_and_keeps_the_money() -> None:
    """676a.7(c), 676a.7(d)(1), 676a.7(d)(2): refusals print their section; nothing moves."""
    script = "bet skins 5\nbet back_9 5\nbet front_9 5\nremove front_9\nquit\n"
    result = CliRunner().invoke(app, ["play", "go-fore-it", "--seed", "1"], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    assert "(676a.7(d)(1))" in result.output
    assert "(676a.7(c))" in result.output
    assert "$5 withdrawn from the Front 9" in result.output
    assert "Final balance: $1,000" in result.output


def test_leaving_mid_round_plays_the_hand_out() -> None:
    """676a.7(b): a player who has wagered stays until the round is over: leaving after
    the deal folds the hand and the round is settled."""
    script = "bet front_9 5\nbet gopher 5\ndeal\n"
    result = CliRunner().invoke(app, ["play", "go-fore-it", "--seed", "9"], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    assert "(676a.7(b))" in result.output
    assert "Dealer:" in result.output and "Session over after 1 round." in result.output


def test_analyze_go_fore_it_json() -> None:
    """`croupier analyze go-fore-it --json`: the par sheet with the strategy table."""
    result = CliRunner().invoke(app, ["analyze", "go-fore-it", "--json"], env=ENV)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [w["wager"] for w in data["wagers"]] == ["front_9", "skins", "gopher:a", "gopher:b"]
    assert data["wagers"][0]["house_edge_exact"] == "7901/270725"
    assert len(data["strategy"]) == 55
    table = CliRunner().invoke(app, ["analyze", "go-fore-it"], env=ENV)
    assert table.exit_code == 0 and "Strategy table" in table.output
    # A game without variants is titled by its name alone, not "go-fore-it (None)".
    assert "Go Fore It: figures per unit staked" in table.output
    assert "(None)" not in table.output


def test_example_rules_submission() -> None:
    """examples/rules/go-fore-it.toml is a valid submission and analyzes under its rules."""
    path = EXAMPLES / "go-fore-it.toml"
    result = CliRunner().invoke(app, ["rules", "check", str(path)], env=ENV)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: go-fore-it")
    sheet = CliRunner().invoke(app, ["analyze", "go-fore-it", "--rules", str(path), "--json"])
    assert sheet.exit_code == 0
    script = "bet front_9 10\ndeal\nfold\n"
    played = CliRunner().invoke(
        app,
        ["play", "go-fore-it", "--rules", str(path), "--seed", "5", "--rounds", "1"],
        input=script,
        env=ENV,
    )
    assert played.exit_code == 0, played.output


def play(script: str, seed: int = 1) -> str:
    result = CliRunner().invoke(
        app, ["play", "go-fore-it", "--seed", str(seed), "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_table_lists_what_to_type() -> None:
    """The "You may:" table gives what the player types: bet front_9 AMOUNT (676a.7(d)(1))
    before any wager; Skins (676a.7(d)(3)), Gopher (676a.7(d)(4)), remove and deal
    once the Front 9 is down; after the deal back 9 (676a.7(d)(2)) and fold (676a.11(b)).
    The listed words are taken: a fold loses the $5 Front 9 (676a.11(b)-(c))."""
    out = play("bet front_9 5\nhelp\ndeal\nhelp\nfold\n")
    rows = set(re.findall(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│ (\S[^│]*?)\s*│$", out, re.M))
    for row in [
        ("bet Front 9 AMOUNT", "676a.7(d)(1)"),
        ("bet Skins AMOUNT", "676a.7(d)(3)"),
        ("bet Gopher AMOUNT", "676a.7(d)(4)"),
        ("remove SPOT", "676a.7(c)"),
        ("back 9", "676a.7(d)(2)"),
        ("fold", "676a.11(b)"),
    ]:
        assert row in rows
    assert "PlaceWager" not in out and "WithdrawWager" not in out and "┃ Command" not in out
    assert "Unknown command" not in out and "Refused" not in out
    assert "Balance: $995 (this round -$5)" in out


@pytest.mark.parametrize(
    ("line", "usage"),
    [
        ("bet", "bet SPOT AMOUNT"),
        ("bet front_9 5 6", "bet SPOT AMOUNT"),
        ("back 9 5", "back 9"),
    ],
)
def test_wrong_arguments_get_the_usage_line(line: str, usage: str) -> None:
    """The usage line, not "Unknown command"; nothing is wagered by it (the $5 Front 9
    folded is the round's only loss, 676a.11(b))."""
    out = play(f"{line}\nbet front_9 5\ndeal\nfold\n")
    assert f"usage: {usage}\n" in out
    assert "Unknown command" not in out
    assert "Balance: $995 (this round -$5)" in out


@pytest.mark.parametrize("spot", ["front_9", "front 9", "Front 9"])
def test_a_spot_with_no_amount_asks_for_the_amount(spot: str) -> None:
    """``bet front 9`` is the Front 9 with no amount (not $9 on a spot "front"): said
    so, with an example at the least it takes ($5, 676a.7(d)(1)); nothing is wagered by it."""
    out = play(f"bet {spot}\nbet front_9 5\ndeal\nfold\n")
    typed = "Front 9" if spot == "front_9" else spot  # as the layout names it, not its value
    assert (
        f"Refused: a wager on Front 9 needs an amount: type bet {typed} AMOUNT, AMOUNT in "
        f"dollars (e.g. bet {typed} 5) (676a.7(d)(1))\n"
    ) in out
    assert "no spot" not in out and "Unknown command" not in out
    assert "Balance: $995 (this round -$5)" in out


@pytest.mark.parametrize("amount", ["\uff15", "\u0665", "\u0967"])
def test_non_ascii_digits_are_not_an_amount(amount: str) -> None:
    """A full-width, Arabic-Indic or Devanagari five is refused as every amount that is
    none is, citing the Front 9 Wager's rule (676a.7(d)(1)); no Front 9 Wager is placed,
    so deal has no one to deal to (676a.7(d)(1))."""
    out = play(f"bet front_9 {amount}\ndeal\n")
    assert f"Refused: '{amount}' is not an amount in dollars and cents" in out
    assert (
        "an amount is a positive number of dollars (cents may be given, as in 12.50), e.g. "
        "bet 5 (676a.7(d)(1))" in out
    )
    assert "no player has placed a Front 9 Wager" in out
    assert "Final balance: $1,000" in out


def test_the_back_9_is_typed_by_its_one_word() -> None:
    """The Back 9 Wager is a decision, typed ``back 9`` (the one rule for decisions):
    ``bet back 9 5`` after the deal is refused saying so, citing 676a.7(d)(2), and nothing
    moves; the player who then leaves has his hand folded and the round settled (it was
    placed without the dealer going on, and the table waited for ever)."""
    out = play("bet front 9 5\ndeal\nbet back 9 5\nquit\n")
    assert (
        "Refused: the Back 9 Wager is the decision to play on, equal to your Front 9 Wager: "
        "type back 9 when it is offered (676a.7(d)(2))"
    ) in out
    assert "Balance: $995 (this round -$5)" in out
    assert "Session over after 1 round." in out


def test_a_quit_the_tables_own_leave_does_not_finish_is_played_out_not_looped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fresh player's quit after a Back 9 the table had not moved on from repeated "your
    # hand is played out as a fold" 880,000 times. Whatever a table's own leaving leaves
    # waiting, the quit plays the round out as the server's timeout would (the Back 9
    # decision folded, 676a.11(b)), once, and the session ends: $5 Front 9 lost, by hand.
    import io
    import sys

    from rich.console import Console

    from croupier.cli.tables.go_fore_it import GoForeItTerminal
    from croupier.rng import SeededRng
    from croupier.rules.go_fore_it import GoForeItRules

    out = io.StringIO()
    table = GoForeItTerminal(
        GoForeItRules.model_validate({}),
        SeededRng(9),
        100_000,
        Console(file=out, width=200, highlight=False),
    )
    monkeypatch.setattr(GoForeItTerminal, "abandon", lambda self, round_: None)
    lines = iter(["bet front 9 5", "deal"])
    reads = []

    def read(_console: Console) -> str | None:
        reads.append(1)
        assert len(reads) < 20, out.getvalue()[-2000:]
        return next(lines, None)

    monkeypatch.setattr("croupier.cli.tables.base.read_line", read)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert table.play_round() is False
    assert table.current is not None and table.current.finished
    assert table.wallet.balance == 100_000 - 500


def test_back_9_is_confirmed_with_the_balance() -> None:
    """Issue #34: the Back 9 Wager moves money and says so: $10 Front 9, then Back 9 equal
    to it (676a.11(b)): $10 on Back 9, the balance $1,000 - $10 - $10 = $980, said before
    the dealer's hand is shown."""
    script = "bet front 9 10\ndeal\nback 9\n"
    result = CliRunner().invoke(
        app, ["play", "go-fore-it", "--seed", "1", "--rounds", "1"], input=script, env=ENV
    )
    assert result.exit_code == 0, result.output
    after = result.output.split("> back 9\n", 1)[1]
    assert after.startswith("$10 on Back 9 (676a.11(b)). Balance: $980\nDealer:")


def test_a_front_9_the_balance_cannot_match_says_so() -> None:
    """The Back 9 Wager must equal the Front 9 (676a.7(d)(2)): with $15, a $10 Front 9
    leaves $15 - $10 = $5, short of the $10 Back 9, so the confirmation says that after
    the deal only a fold remains; a $5 Front 9 leaves $10, enough, and says nothing."""
    args = ["play", "go-fore-it", "--seed", "7", "--balance", "15", "--rounds", "1"]
    result = CliRunner().invoke(app, args, input="bet front 9 10\nquit\n", env=ENV)
    assert result.exit_code == 0, result.output
    after = result.output.split("> bet front 9 10\n", 1)[1]
    assert after.startswith(
        "$10 on Front 9. Balance: $5\nNote: a Back 9 Wager must equal your Front 9 ($10); "
        "your balance of $5 cannot cover it, so after the deal you could only fold "
        "(676a.7(d)(2)).\n"
    ), after
    enough = CliRunner().invoke(app, args, input="bet front 9 5\nquit\n", env=ENV)
    assert enough.exit_code == 0, enough.output
    assert "Note: a Back 9" not in enough.output


def test_back_9_not_asked_for_is_refused_with_its_rule() -> None:
    """676a.7(c), 676a.11(b): the Back 9 Wager is made only when the dealer asks, after
    the first two cards are viewed; ``back 9`` before the deal says so with the rule, not
    a bare "not offered", and wagers nothing."""
    out = play("bet front_9 5\nback 9\ndeal\nfold\n")
    told = out.split("> back 9\n", 1)[1].split("\n> ", 1)[0]
    assert "is not offered now" not in told
    assert told.startswith("Refused: the Back 9 Wager is made only after"), told
    assert told.endswith("(676a.7(c))")
    assert "Balance: $995 (this round -$5)" in out


def test_a_bare_bet_says_in_words_what_a_wager_is_typed_as() -> None:
    """``bet`` alone: the usage line, then in words what goes after it, with an example
    this table takes now."""
    out = play("bet\nbet front_9 5\ndeal\nfold\n")
    told = out.split("> bet\n", 1)[1].split("\n> ", 1)[0]
    assert told.startswith("usage: bet SPOT AMOUNT\nA wager is typed bet, then its spot")
    assert "amount in dollars, e.g. bet " in told
