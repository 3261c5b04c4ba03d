"""Sic Bo at the command line: what a new user met at the generic table, in ``croupier
analyze`` and ``croupier simulate``. Figures worked by hand over the 216 shakes."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.tables.generic import GenericTable, spot_list
from croupier.games.sic_bo import all_spots
from croupier.money import format_cents
from croupier.registry import find
from croupier.rng import SeededRng
from croupier.rules.sic_bo import SicBoRules, SicBoSpot

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def invoke(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=script, env=ENV)
    return result.exit_code, result.output


# --- the generic table ----------------------------------------------------------------------
def test_the_layouts_fifty_spots_are_listed_short() -> None:
    """Every spot is still there, each family written once: 2 + 6 + 1 + 6 + 14 + 15 + 6;
    spots are read as the game's typed spots, never split (as text they stay as they are)."""
    assert spot_list(SicBoSpot.parse(spot) for spot in all_spots()) == (
        "small, big, three_of_a_kind:N (N 1 to 6), any_three_of_a_kind, "
        "two_of_a_kind:N (N 1 to 6), total:N (N 4 to 17), combination:X (X 1-2, 1-3, 1-4, "
        "1-5, 1-6, 2-3, 2-4, 2-5, 2-6, 3-4, 3-5, 3-6, 4-5, 4-6, 5-6), one_of_a_kind:N (N 1 to 6)"
    )
    # A gap shows: total:10 taken up to the table maximum.
    totals = ["total:4", "total:5", "total:6", "total:9", "total:11"]
    assert spot_list(map(SicBoSpot.parse, totals)) == ("total:N (N 4 to 6, 9, 11)")
    assert spot_list(["odd", "even"]) == "odd, even"
    assert spot_list(totals) == ", ".join(totals)


def generic_session(script: list[str]) -> str:
    """Seat 1 at the generic table of Sic Bo (as if its spec named no terminal table)."""
    spec = dataclasses.replace(find("sic-bo"), terminal=None)
    # Wide enough for the "You may:" table's spot list on one line beside its rule, marked
    # "625a.3 (inferred)" (issue #31).
    console = Console(width=220, record=True, no_color=True)
    table = GenericTable(spec, SicBoRules(), SeededRng(1), 100_000, console)
    round_ = table.open_round()
    table.begin(round_)
    for line in script:
        if not table.core(round_, line):  # the core grammar first, as the session reads it
            table.command(round_, line)
    return console.export_text()


def test_the_generic_table_refuses_a_bad_spot_with_its_rule() -> None:
    """total:3 is three of a kind, no Total Value (625a.3): the round's own reason and
    rule, in the one shape every game refuses a spot in (issue #34), the spots said as
    runs ("Total 4 to 17"), not a list of fifty; a negative amount is told in dollars."""
    out = " ".join(
        generic_session(["bet total:3 5", "bet big -5", "bet combination:3-3 5"]).split()
    )
    assert (
        'Refused: there is no spot Total Value "3" at this table: a Total Value wager names a '
        "total 4 to 17 (3 and 18 are three of a kind); the spots are Small, Big,"
    ) in out
    assert "Total 4 to 17," in out
    assert (
        "Refused: a wager must be more than zero, not -$5: an amount is a positive number of "
        "dollars (cents may be given, as in 12.50), e.g. bet Small 5 (625a.3 (inferred))"
    ) in out
    assert "-500" not in out
    assert 'Refused: there is no spot Two Dice Combination "3-3" at this table: a Two Dice' in out
    assert "total:N (N 4 to 17)" in out
    assert "total:4, total:5" not in out


# --- croupier analyze --variant ---------------------------------------------------------------
def test_analyze_variant_sets_the_paytable() -> None:
    """Three of a Kind on a number: 1 shake in 216. Paying 180 to 1 (``high``): return
    (180 - 215) / 216 = -35/216, a house edge of 16.2037%; 150 to 1 (``low``): -65/216,
    30.0926%. Small is 105 shakes in 216 at 1 to 1 in both: -6/216, 2.7778%."""
    code, out = invoke("analyze", "sic-bo", "--variant", "high", "--json")
    assert code == 0, out
    sheet = json.loads(out)
    assert sheet["variant"] == "high"
    edges = {w["wager"]: w["house_edge"] for w in sheet["wagers"]}
    assert abs(edges["three_of_a_kind:4"] - 35 / 216) < 1e-12
    assert abs(edges["small"] - 6 / 216) < 1e-12
    code, out = invoke("analyze", "sic-bo", "--variant", "low")
    assert code == 0 and "Sic Bo (low paytable)" in out and "30.0926%" in out


def test_analyze_variant_that_is_not_a_paytable_names_them() -> None:
    code, out = invoke("analyze", "sic-bo", "--variant", "bogus")
    assert code == 2
    assert "--variant bogus sets sic-bo's paytable" in out
    assert "'low', 'middle', 'high' or 'custom'" in out
    assert "Extra inputs" not in out
    code, out = invoke("analyze", "go-fore-it", "--variant", "x")
    assert code == 2 and "go-fore-it has one rule set: --variant does not apply to it" in out


def test_every_game_names_its_rule_set_one_way() -> None:
    """The par sheet and the simulation both take ``variant`` from ``variant_name``:
    the defaults are High Roll Dice's ten dice, Pai Gow's regulation house way, Sic Bo's
    ``low`` paytable, Craps' full table (not Mini-Craps); the games with one rule set name
    none."""
    from croupier.registry import GAMES

    named = {
        name: spec.rules_type.model_validate({}).variant_name() for name, spec in GAMES.items()
    }
    assert named == {
        "high-roll-dice": "ten_dice",
        "go-fore-it": None,
        "criss-cross-poker": None,
        "double-back-jack": None,
        "pai-gow": "regulation",
        "sic-bo": "low",
        "craps": "craps",
    }


# --- croupier play sic-bo: its own table ------------------------------------------------------
LOW_TOTALS = {4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6}
LOW_TOTALS |= {21 - total: odds for total, odds in LOW_TOTALS.items()}


def low_odds(spot: str, dice: list[int]) -> int | None:
    """Winnings per unit of ``spot`` on ``dice`` under ``low`` (typed from
    ../shared/games/craps-and-sic-bo.md; Two of a Kind wins on a triple), ``None``: loses."""
    total, triple = sum(dice), len(set(dice)) == 1
    kind, _, what = spot.partition(":")
    if kind == "small":
        return 1 if 4 <= total <= 10 and not triple else None
    if kind == "big":
        return 1 if 11 <= total <= 17 and not triple else None
    if kind == "any_three_of_a_kind":
        return 24 if triple else None
    if kind == "total":
        return LOW_TOTALS[total] if total == int(what) else None
    if kind == "combination":
        a, b = (int(n) for n in what.split("-"))
        return 5 if a in dice and b in dice else None
    count = dice.count(int(what))
    return {
        "three_of_a_kind": 150 if count == 3 else None,
        "two_of_a_kind": 8 if count >= 2 else None,
    }.get(kind, count or None)


LINE = (
    "bet big 10, bet total 10 5, bet three of a kind 4 5, bet any three of a kind 5, "
    "bet two of a kind 6 5, bet two dice combination 2 and 5 5, bet one of a kind 3 10"
)
WAGERS = {
    "big": 1_000,
    "total:10": 500,
    "three_of_a_kind:4": 500,
    "any_three_of_a_kind": 500,
    "two_of_a_kind:6": 500,
    "combination:2-5": 500,
    "one_of_a_kind:3": 1_000,
}


def test_several_wagers_on_one_line_settle_by_the_dice() -> None:
    """Seven wagers typed on one line ($45), shaken, four rounds: each round's money is
    worked here from the printed dice, and the balance follows."""
    code, out = invoke("play", "sic-bo", "--seed", "11", script=f"{LINE}\nroll\n" * 4 + "quit\n")
    assert code == 0, out
    rolls = [[int(d) for d in m.split()] for m in re.findall(r"^The dice: (\d \d \d)$", out, re.M)]
    assert len(rolls) == 4
    balance = 100_000
    for dice in rolls:
        balance -= sum(WAGERS.values())
        for spot, amount in WAGERS.items():
            odds = low_odds(spot, dice)
            if odds is not None:
                balance += amount + amount * odds
    assert out.count("Placed $10 on Big, $5 on Total 10, $5 on Three of a Kind 4") == 4
    assert f"Final balance: {format_cents(balance)}" in out
    assert (
        "Lit: " in out
        and "PlaceWager" not in out
        and "_of_a_kind" not in out.split("Round r0001")[1]
    )


def test_a_line_is_placed_whole_or_not_at_all() -> None:
    """One wager of the line off the layout (Total 3), or more than the balance: nothing
    of the line is placed, the refusal cites its rule."""
    code, out = invoke(
        "play",
        "sic-bo",
        "--seed",
        "1",
        "--balance",
        "20",
        script=(
            "bet big 10, bet total 3 5\nbet small 10, bet big 15\nbet three of a kind 7 5\n"
            "foo 5\nbet big ten\nroll\nquit\n"
        ),
    )
    assert code == 0, out
    assert (
        'Refused: there is no spot Total Value "3" at this table: a Total Value wager names a '
        "total 4 to 17"
    ) in " ".join(out.split())
    assert "Refused: a wager of $25 is more than your balance of $20 (625a.3 (inferred))" in out
    assert out.count("Nothing on that line was placed.") == 2
    assert (
        'there is no spot Three of a Kind "7" at this table: a Three of a Kind wager names a number'
    ) in " ".join(out.split())
    assert "three_of_a_kind:7" not in out and "total:3" not in out
    assert "Unknown command 'foo 5'; type help." in out
    assert "Refused: 'ten' is not an amount in dollars" in out
    assert "no player has wagered" in out
    assert "Final balance: $20" in out


def test_every_word_the_table_lists_is_taken() -> None:
    """What "You may:" lists is in the help and typed as listed is taken; the limits line
    gives the per-round maximum and the payout limit where the submission sets them."""
    from croupier.cli.tables import sic_bo
    from croupier.cli.tables.base import usages

    code, out = invoke("play", "sic-bo", "--seed", "2", script="bet big 5\nhelp\nquit\n")
    assert code == 0
    known = usages(sic_bo.GRAMMAR)
    listed = re.findall(r"^│ (\S[^│]*?)\s*│[^│]*│[^│]*│[^│]*│$", out, re.M)
    assert set(listed) == {
        "bet Small AMOUNT",
        "bet Big AMOUNT",
        "bet Total T AMOUNT",
        "bet Three of a Kind N AMOUNT",
        "bet Any Three of a Kind AMOUNT",
        "bet Two of a Kind N AMOUNT",
        "bet Two Dice Combination A and B AMOUNT",
        "bet One of a Kind N AMOUNT",
        "roll",
    }
    assert all(typed.split()[0] in known for typed in listed)
    typed = (
        "bet small 5, bet total 4 5, bet three of a kind 1 5, bet any three of a kind 5, "
        "bet two of a kind 2 5, bet two dice combination 1 and 3 5, bet one of a kind 6 5"
    )
    code, out = invoke("play", "sic-bo", "--seed", "2", "--rounds", "1", script=f"{typed}\nroll\n")
    assert code == 0 and "Refused" not in out and "Placed $5 on Small" in out
    rules = SicBoRules(maximum_per_round=10_000, payout_limit=5_000_000)
    line = sic_bo.SicBoTable(rules, SeededRng(0), 100_000, Console()).limits()
    assert line == (
        "Table limits: $5 minimum, $5,000 maximum per wager, $100 in all per player per "
        "round (625a.3 (inferred)); payout limit $50,000 per player per round "
        "(625a.6 (inferred))."
    )


# --- croupier analyze sic-bo --html -------------------------------------------------------------
def test_the_html_report(tmp_path: Path) -> None:
    """The example (figures of the low table, $1,000 maximum): Small's house edge 6/216 =
    1/36, a specific triple's (215 - 150)/216 = 65/216; a $1,000 triple wins $150,000.
    One outcome chart per wager. With --variant high the triple's is 35/216."""
    example = str(Path(__file__).resolve().parents[2] / "examples" / "rules" / "sic-bo.toml")
    code, out = invoke("analyze", "sic-bo", "--rules", example, "--html", str(tmp_path / "a"))
    assert code == 0, out
    text = (tmp_path / "a" / "sic-bo.html").read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Par sheet: sic-bo (custom)" in text
    assert "(1/36)" in text and "(65/216)" in text
    assert "$150,000 ($1,000 staked)" in text
    assert text.count("<svg") == 50
    code, out = invoke(
        "analyze", "sic-bo", "--variant", "high", "--html", str(tmp_path / "b"), "--json"
    )
    assert code == 0, out
    text = (tmp_path / "b" / "sic-bo.html").read_text(encoding="utf-8")
    assert "Par sheet: sic-bo (high)" in text and "(35/216)" in text
