"""The shared wagering base (:mod:`croupier.games._wagering`): a wager is offered on a spot
exactly where the check that refuses it passes, for every seat and spot, in Sic Bo and
High Roll Dice, before and after wagers and "no more bets"."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.engine import DEALER
from croupier.errors import IllegalCommand
from croupier.games._common import passes
from croupier.games._wagering import AnnounceNoMoreBets, PlaceWager, WageringRound
from croupier.games.high_roll_dice import HighRollDiceRound
from croupier.games.sic_bo import SicBoRound
from croupier.rng import ScriptedRng
from croupier.rules.high_roll_dice import HighRollDiceRules
from croupier.rules.sic_bo import SicBoRules

SEATS = {1: "ann", 2: "bob", 3: "ann"}


def _open(round_type: type[WageringRound[Any]], rules: Any) -> WageringRound[Any]:
    return round_type.open(rules, table_id="T", round_id="R", seats=SEATS, rng=ScriptedRng([]))


def _agree(round_: WageringRound[Any]) -> None:
    """For every seat (and one empty) and every spot (and one not on the layout): offered
    on that spot, with that amount range, exactly where ``check_spot`` passes and bounds it
    so."""
    for seat in [*SEATS, 9]:
        offered = {
            spot: (legal.min_amount, legal.max_amount)
            for legal in round_.legal_commands(seat)
            if legal.command == "PlaceWager"
            for spot in legal.spots
        }
        for spot in [*round_.spots(), "nowhere"]:
            try:
                bound = round_.check_spot(seat, spot, seat)
            except IllegalCommand:
                assert spot not in offered, (seat, spot)
                continue
            if bound.high < bound.low:
                assert spot not in offered, (seat, spot)
            else:
                assert offered[spot] == (bound.low, bound.high), (seat, spot)


@pytest.mark.parametrize(
    ("round_type", "rules", "wagers"),
    [
        (
            HighRollDiceRound,
            HighRollDiceRules(),
            [(1, "pip_street:six", 500), (1, "like_kind:4", 500), (2, "pip_street:ace", 1000)],
        ),
        (
            SicBoRound,
            SicBoRules.model_validate({"game": "sic-bo", "maximum_per_round": 2_000}),
            [(1, "small", 1000), (3, "total:10", 500), (2, "big", 500)],
        ),
    ],
)
def test_a_wager_is_offered_exactly_where_its_check_passes(
    round_type: type[WageringRound[Any]], rules: Any, wagers: list[tuple[int, str, int]]
) -> None:
    round_ = _open(round_type, rules)
    _agree(round_)
    assert not passes(round_.check_no_more_bets, DEALER)
    for seat, spot, amount in wagers:
        round_.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)
        _agree(round_)
    assert passes(round_.check_no_more_bets, DEALER)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    _agree(round_)
    assert all(o.command != "PlaceWager" for s in SEATS for o in round_.legal_commands(s))


def test_high_roll_dice_bounds_every_later_wager_at_the_pip_street_wager() -> None:
    """675a.2(e): after $5 on Pip Street six, each further Pip Street and Like Kind wager
    of that seat is exactly $5; another seat still wagers $5 to $5,000 on Pip Street."""
    round_ = _open(HighRollDiceRound, HighRollDiceRules())
    round_.handle(PlaceWager(seat=1, spot="pip_street:six", amount=500), 1)
    assert round_.check_spot(1, "pip_street:ace", 1)[:2] == (500, 500)
    assert round_.check_spot(1, "like_kind:4", 1)[:2] == (500, 500)
    assert round_.check_spot(2, "pip_street:ace", 2)[:2] == (500, 500_000)
    with pytest.raises(IllegalCommand, match="already has a wager on Pip Street six"):
        round_.check_spot(1, "pip_street:six", 1)


def test_sic_bo_bounds_a_wager_by_what_the_player_has_left_this_round() -> None:
    """625a.3 (a $20 maximum per player per round, interpretations): ann holds seats 1 and
    3; after $10 on Small at seat 1 she has $10 left at either seat; bob at seat 2 has $20."""
    rules = SicBoRules.model_validate({"game": "sic-bo", "maximum_per_round": 2_000})
    round_ = _open(SicBoRound, rules)
    round_.handle(PlaceWager(seat=1, spot="small", amount=1000), 1)
    assert round_.check_spot(3, "big", 3)[:2] == (500, 1000)
    assert round_.check_spot(1, "small", 1)[:2] == (500, 1000)
    assert round_.check_spot(2, "small", 2)[:2] == (500, 2000)
