"""``odds`` at every terminal table: the paytable and the theoretical return of every
wager, from the exact par sheet of the table's own Rules Submission."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.registry import load

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}
EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.toml"))
SLOW = {"criss-cross-poker"}
"""Games whose exact par sheet takes minutes (Criss-Cross Poker's: every deal)."""


def odds(example: Path) -> str:
    game = load(example).game
    result = CliRunner().invoke(
        app,
        ["play", game, "--seed", "1", "--rules", str(example)],
        input="odds\nquit\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "example",
    [pytest.param(e, marks=pytest.mark.slow) if load(e).game in SLOW else e for e in EXAMPLES],
    ids=[e.stem for e in EXAMPLES],
)
def test_odds_at_every_table(example: Path) -> None:
    out = odds(example)
    assert "Unknown command" not in out
    assert "Theoretical return" in out
    rows = re.findall(r"^│ (\S[^│]*?)\s*│ (\d+\.\d\d)% +│ (-?\d+\.\d\d)% +│$", out, re.M)
    assert rows, out
    for _, back, edge in rows:  # the return and the edge make the whole stake
        assert abs(float(back) + float(edge) - 100) < 0.011
    # Every wager in words: no par sheet key ("like_kind_extra_roll:2", "blackjack:chart").
    codes = re.findall(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+:[a-z0-9_]+\b", out)
    assert not codes, codes


def test_a_house_edge_below_zero_is_said_as_the_players_edge() -> None:
    """Double Back Jack played best returns more than the stake: the terminal says "the
    player's edge", as the browser's help does, and names the two ways of playing."""
    out = odds(next(e for e in EXAMPLES if e.stem == "double-back-jack"))
    assert "the player's edge 0." in out
    assert "playing the printed chart" in out


def test_sic_bo_small_returns_210_of_216() -> None:
    """Small wins on a total of 4 to 10 but three of a kind: 108 - 3 = 105 of the 216
    throws, paid 1 to 1: a return of 210/216 = 97.22%, an edge of 2.78% (the paytable
    posts "1 to 1")."""
    out = odds(next(e for e in EXAMPLES if e.stem == "sic-bo"))
    assert re.search(r"^│ Small +│ 97\.22% +│ 2\.78% +│$", out, re.M), out
    assert re.search(r"Small[^\n]*1 to 1", out)


def test_craps_pass_line_edge_is_7_of_495() -> None:
    """The Pass Line wins 244 of 495 decisions at even money: an edge of 7/495 = 1.41%."""
    out = odds(next(e for e in EXAMPLES if e.stem == "craps"))
    assert re.search(r"^│ Pass Line +│ 98\.59% +│ 1\.41% +│$", out, re.M), out
