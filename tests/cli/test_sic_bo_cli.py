"""Sic Bo at the command line: what a new user met at the generic table, in ``croupier
analyze`` and ``croupier simulate``. Figures worked by hand over the 216 shakes."""

from __future__ import annotations

import dataclasses
import json

from rich.console import Console
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.tables.generic import GenericTable, spot_list
from croupier.games.sic_bo import all_spots
from croupier.registry import find
from croupier.rng import SeededRng
from croupier.rules.sic_bo import SicBoRules

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


def invoke(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=script, env=ENV)
    return result.exit_code, result.output


# --- the generic table ----------------------------------------------------------------------
def test_the_layouts_fifty_spots_are_listed_short() -> None:
    """Every spot is still there, each family written once: 2 + 6 + 1 + 6 + 14 + 15 + 6."""
    assert spot_list(all_spots()) == (
        "small, big, three_of_a_kind:N (N 1 to 6), any_three_of_a_kind, "
        "two_of_a_kind:N (N 1 to 6), total:N (N 4 to 17), combination:X (X 1-2, 1-3, 1-4, "
        "1-5, 1-6, 2-3, 2-4, 2-5, 2-6, 3-4, 3-5, 3-6, 4-5, 4-6, 5-6), one_of_a_kind:N (N 1 to 6)"
    )
    # A gap shows: total:10 taken up to the table maximum.
    assert spot_list(["total:4", "total:5", "total:6", "total:9", "total:11"]) == (
        "total:N (N 4 to 6, 9, 11)"
    )
    assert spot_list(["odd", "even"]) == "odd, even"


def generic_session(script: list[str]) -> str:
    """Seat 1 at the generic table of Sic Bo (as if its spec named no terminal table)."""
    spec = dataclasses.replace(find("sic-bo"), terminal=None)
    console = Console(width=200, record=True, no_color=True)
    table = GenericTable(spec, SicBoRules(), SeededRng(1), 100_000, console)
    round_ = table.open_round()
    table.begin(round_)
    for line in script:
        table.command(round_, line)
    return console.export_text()


def test_the_generic_table_refuses_a_bad_spot_with_its_rule() -> None:
    """total:3 is three of a kind, no Total Value (625a.3): the round's own reason and
    rule, and no list of fifty spots; a negative amount is told in dollars."""
    out = generic_session(["bet total:3 5", "bet big -5", "bet combination:3-3 5"])
    assert (
        'Refused: there is no spot "total:3": a Total Value wager names a total 4 to 17 '
        "(3 and 18 are three of a kind) (625a.3)"
    ) in out
    assert "Refused: a wager must be more than zero, not -$5 (625a.3)" in out
    assert "-500" not in out
    assert 'Refused: there is no spot "combination:3-3"' in out
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
    assert code == 0 and "sic-bo (low)" in out and "30.0926%" in out


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
    ``low`` paytable; the games with one rule set name none."""
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
    }
