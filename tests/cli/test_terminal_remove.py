"""``remove`` naming no spot (issue #34, "never stuck"): where the player has exactly one
wager down that may be taken down now it is taken down, said in the words ``remove SPOT``
says it with; where two or more may be (or one now and another after it), he is asked
which, each named, and nothing moves; where none may be, he is told so and why.

The money is worked by hand from the $1,000 a session starts with: a $5 wager withdrawn
leaves $1,000; two wagers down and none withdrawn leave $1,000 less both.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from croupier.cli import app

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def play(game: str, script: str) -> str:
    result = CliRunner().invoke(app, ["play", game, "--seed", "1"], input=script, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def answer(output: str, line: str) -> str:
    """What the table printed to the first ``line`` typed, up to the next prompt."""
    return output.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0]


@pytest.mark.parametrize(
    ("game", "wager", "named", "said"),
    [
        # 676a.7(c): a wager may be withdrawn before "no more bets"
        ("go-fore-it", "bet front 9 5", "remove front 9", "$5 withdrawn from the Front 9"),
        # 621a.7(c): the same for the Pai Gow Wager
        ("pai-gow", "bet 10", "remove pai gow", "$10 withdrawn from the Pai Gow Wager"),
        # 623a: a Place 6 may be taken down before the roll
        ("craps", "bet place 6 6", "remove place 6", "Place 6 taken down: $6 back to you"),
        # 674a.7(c), (d): the antes ($5 each) before "no more bets", either name both
        (
            "criss-cross-poker",
            "bet antes 5",
            "remove across",
            "$5 from the Ante Across and $5 from the Ante Down withdrawn: $10 came back",
        ),
    ],
)
def test_remove_with_one_wager_down_takes_it_back(
    game: str, wager: str, named: str, said: str
) -> None:
    """One wager down that may be taken down: ``remove`` takes it back, said in the very
    words of ``remove SPOT``; no usage line, and the balance is the $1,000 it started at."""
    bare = play(game, f"{wager}\nremove\nquit\n")
    spotted = play(game, f"{wager}\n{named}\nquit\n")
    assert said in answer(bare, "remove"), bare
    assert answer(bare, "remove") == answer(spotted, named)
    assert "usage: remove SPOT" not in bare
    assert "Final balance: $1,000" in bare
    assert "Taken back as you leave" not in bare  # nothing was left to take back at quit


FRONT_9_LAST = (
    "; your Front 9 Wager may be taken down too, after the Skins and Gopher Wagers, which "
    "need it: it is required to take part in the round (676a.7(d)(1))"
)
"""676a.7(c) lets every Go Fore It wager down be withdrawn before "no more bets"; the
Front 9 goes last, for the Skins and Gopher need it (676a.7(d)(1))."""


@pytest.mark.parametrize(
    ("game", "wagers", "asked", "balance"),
    [
        # 676a.7(c): Skins and Gopher ($5 each) may be withdrawn; the Front 9 after them
        (
            "go-fore-it",
            "bet front 9 5\nbet skins 5\nbet gopher 5",
            f"remove SPOT, SPOT one of Skins, Gopher{FRONT_9_LAST}",
            "$985",
        ),
        # the fresh player's: a Front 9 and a Skins ($5 each): asked, the Skins not taken
        ("go-fore-it", "bet front 9 5\nbet skins 5", f"remove Skins{FRONT_9_LAST}", "$990"),
        # 623a: a Place 6 and a Place 8 ($6 each) may each be taken down before the roll
        (
            "craps",
            "bet place 6 6\nbet place 8 6",
            "remove SPOT, SPOT one of Place 6, Place 8",
            "$988",
        ),
    ],
)
def test_remove_with_several_wagers_down_asks_which(
    game: str, wagers: str, asked: str, balance: str
) -> None:
    """Two or more wagers that may be taken down: ``remove`` asks which, naming them, and
    takes nothing down (the balance is still $1,000 less every wager)."""
    out = play(game, f"{wagers}\nremove\nshow\nquit\n")
    said = answer(out, "remove")
    assert said == f"Name the wager to take down: {asked}.", out
    assert f"Balance {balance}." in answer(out, "show"), out


NONE_DOWN = (
    "You have no wager that may be taken down now: you have no wager on the layout; type "
    "show for what you may do now."
)


@pytest.mark.parametrize(
    ("game", "before", "said"),
    [
        ("go-fore-it", "", NONE_DOWN),
        ("pai-gow", "", NONE_DOWN),
        ("craps", "", NONE_DOWN),
        ("criss-cross-poker", "", NONE_DOWN),
        # 676a.7(c): no wager may be withdrawn after "no more bets"
        (
            "go-fore-it",
            "bet front 9 5\ndeal\n",
            "You have no wager that may be taken down now: your wagers in play (Front 9 $5) "
            "stay on the layout: a wager may not be withdrawn after the dealer has announced "
            '"no more bets" (676a.7(c)); type show for what you may do now.',
        ),
    ],
)
def test_remove_with_nothing_that_may_be_taken_down_says_so(
    game: str, before: str, said: str
) -> None:
    """A bare ``remove`` with no wager that may be taken down now is told so, and why,
    never only the usage line."""
    out = play(game, f"{before}remove\nquit\n")
    assert answer(out, "remove") == said, out
    assert "usage: remove SPOT" not in out


def test_criss_cross_remove_with_antes_and_bonus_down_asks_which() -> None:
    """674a.7(c): every wager may be withdrawn before "no more bets"; the Five Card Bonus
    is made only after the antes (674a.7(e)), so the antes go after it. With $10 antes and
    a $5 Five Card Bonus a bare ``remove`` asks, naming both, as Go Fore It asks for the
    Front 9 and the Skins; nothing moves: $1,000 - 2 x $10 - $5 = $975."""
    rules = "examples/rules/criss-cross-poker.toml"
    result = CliRunner().invoke(
        app,
        ["play", "criss-cross-poker", "--rules", rules, "--seed", "1"],
        input="bet antes 10\nbet bonus 5\nremove\nshow\nquit\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    said = answer(result.output, "remove")
    assert said.startswith("Name the wager to take down: remove Five Card Bonus; "), said
    assert "your antes (Ante Across $10, Ante Down $10) may be taken down too" in said
    assert "(674a.7(e))" in said
    assert "Balance $975." in answer(result.output, "show")
