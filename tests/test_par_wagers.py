"""Every wager a game's policy hands the hold report (``TablePolicy.par_wagers``) is one
its par sheet figures, and the drop covers them: random rounds of each game and Rules
Submission of the contract suite (the slow par sheets, Pai Gow's, Double Back Jack's and
Criss-Cross Poker's, under the ``slow`` mark)."""

from __future__ import annotations

import functools
import importlib

import pytest

from contract.play import random_rounds, variants
from croupier.registry import GAMES, rules_from_data

SLOW = {"pai-gow", "double-back-jack", "criss-cross-poker"}


@functools.cache
def par_names(game: str, index: int) -> frozenset[str]:
    rules = rules_from_data({"game": game, **variants(game)[index]})
    module = importlib.import_module(GAMES[game].analysis or "")
    return frozenset(w.wager for w in module.par_sheet(rules).wagers)


def _cases() -> list[object]:
    found = []
    for game, spec in GAMES.items():
        if spec.analysis is None:
            continue
        for index in range(len(variants(game))):
            marks = [pytest.mark.slow] if game in SLOW else []
            found.append(pytest.param(game, index, marks=marks, id=f"{game}-{index}"))
    return found


@pytest.mark.parametrize(("game", "index"), _cases())
def test_par_wagers_are_the_par_sheets(game: str, index: int) -> None:
    names = par_names(game, index)
    policy = GAMES[game].policy
    seen: set[str] = set()
    for round_ in random_rounds(game, variants(game)[index], rounds=25, seed=index + 3):
        wagers = policy.par_wagers(round_)
        seen |= {name for name, _ in wagers}
        assert all(stake > 0 for _, stake in wagers)
        assert sum(stake for _, stake in wagers) <= policy.drop(round_)
    assert seen, f"{game}: no wager settled in 25 rounds"
    assert seen <= names, f"{game}: {sorted(seen - names)} are not in the par sheet"


class _Turn:
    """A Craps turn of one shooter at seat 1, dice read by the dealer."""

    def __init__(self) -> None:
        from croupier.games.craps import CrapsRound
        from croupier.rng import SeededRng
        from croupier.rules.base import validate
        from croupier.rules.craps import CrapsRules

        self.round = CrapsRound.open(
            validate(CrapsRules, {"game": "craps"}),
            table_id="T1",
            round_id="R1",
            seats={1: "ann"},
            rng=SeededRng(0),
            physical_dice=True,
        )

    def bet(self, spot: str, amount: int) -> None:
        from croupier.games.craps import PlaceWager

        self.round.handle(PlaceWager(seat=1, spot=spot, amount=amount), 1)

    def roll(self, first: int, second: int) -> None:
        from croupier.engine import DEALER
        from croupier.games.craps import (
            AnnounceNoMoreBets,
            CallRoll,
            OfferDice,
            SelectDice,
            ThrowDice,
        )

        rnd = self.round
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        if not rnd.state.dice_ready:
            rnd.handle(OfferDice(), DEALER)
            rnd.handle(SelectDice(seat=1, first=1, second=2), 1)
        rnd.handle(ThrowDice(faces=(first, second)), DEALER)
        rnd.handle(CallRoll(), DEALER)


def test_a_craps_turn_counts_each_decision_by_its_par_sheet_name() -> None:
    """Worked by hand: Pass $10, the point 6 (3-3); $20 odds behind it, Place 8 $6 and Come
    $5; an 8 (5-3) pays the Place 8 (it stays up) and carries the Come to the 8, with $10
    odds behind it; 6-1 sevens out and every wager loses. Each decision with its stake, as
    the par sheet names it: Pass, the odds on the 6, the Place 8 twice (paid, then lost), the
    Come (on its number still the par sheet's Come) and the odds on the 8: $57 in all."""
    turn = _Turn()
    turn.bet("pass", 1000)
    turn.roll(3, 3)
    turn.bet("pass_odds", 2000)
    turn.bet("place:8", 600)
    turn.bet("come", 500)
    turn.roll(5, 3)
    turn.bet("come_odds:8", 1000)
    turn.roll(6, 1)
    assert turn.round.finished
    policy = GAMES["craps"].policy
    assert sorted(policy.par_wagers(turn.round)) == sorted(
        [
            ("pass", 1000),
            ("odds:6", 2000),
            ("place:8", 600),
            ("place:8", 600),
            ("come", 500),
            ("odds:8", 1000),
        ]
    )
    assert policy.drop(turn.round) == 5700
    assert {name for name, _ in policy.par_wagers(turn.round)} <= par_names("craps", 0)


def test_laid_odds_are_named_by_the_point_they_lay_against() -> None:
    """Don't Pass $10, the point 4 (1-3), $20 laid against it (to win $10, 2 to 1); the
    7 (4-3) wins both: Don't Pass and the laid odds on the 4."""
    turn = _Turn()
    turn.bet("dont_pass", 1000)
    turn.roll(1, 3)
    turn.bet("dont_pass_odds", 2000)
    turn.roll(4, 3)
    policy = GAMES["craps"].policy
    assert sorted(policy.par_wagers(turn.round)) == [("dont_pass", 1000), ("lay_odds:4", 2000)]
    assert {name for name, _ in policy.par_wagers(turn.round)} <= par_names("craps", 0)
