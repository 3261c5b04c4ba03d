"""The checks and events the game rounds share (:mod:`croupier.games._common`): each
refusal reads and cites as the game's own helper did, with the cite the game passes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pytest

from croupier.engine import DEALER, Outcome, RoundVoided, WagerPlaced, WagerSettled
from croupier.errors import NotYourTurn, ReplayError
from croupier.games._common import dealer_only, expect_phase, require_phase, void_events
from croupier.games._wagering import WageringRound
from croupier.games.double_back_jack import DoubleBackJackRound
from croupier.games.high_roll_dice import HighRollDiceRound
from croupier.games.pai_gow import PaiGowRound
from croupier.rng import ScriptedRng
from croupier.rules.high_roll_dice import HighRollDiceRules


def _opened() -> HighRollDiceRound:
    return HighRollDiceRound.open(
        HighRollDiceRules(), table_id="T1", round_id="R1", seats={1: "ann"}, rng=ScriptedRng([])
    )


class Phase(StrEnum):
    BETTING = "betting"
    PLAY = "play"


@dataclass
class State:
    phase: Phase


def test_dealer_only() -> None:
    dealer_only(DEALER, "shuffle", "673a.5(a)")
    with pytest.raises(NotYourTurn) as info:
        dealer_only(1, "shuffle", "673a.5(a)")
    assert str(info.value) == "only the dealer may shuffle (673a.5(a))"
    assert info.value.cite == "673a.5(a)"


def test_require_phase() -> None:
    require_phase(State(Phase.BETTING), Phase.BETTING, "deal", "673a.7(e)")
    with pytest.raises(NotYourTurn) as info:
        require_phase(State(Phase.PLAY), Phase.BETTING, "deal", "673a.7(e)")
    assert str(info.value) == "the dealer cannot deal now (673a.7(e))"


def test_expect_phase() -> None:
    event = WagerPlaced(seat=1, spot="blackjack", amount=500, cite="673a.6(d)")
    expect_phase(State(Phase.PLAY), event, Phase.BETTING, Phase.PLAY)
    with pytest.raises(ReplayError) as info:
        expect_phase(State(Phase.PLAY), event, Phase.BETTING)
    assert info.value.cite == "engine:replay"
    assert str(info.value).startswith("WagerPlaced cannot follow phase play")


def test_void_events_returns_each_wager_in_the_order_given() -> None:
    events = list(void_events("dice left the table", "x:1", [(3, "a", 500), (1, "b", 250)]))
    assert events == [
        RoundVoided(reason="dice left the table", cite="x:1"),
        WagerSettled(seat=3, spot="a", amount=500, outcome=Outcome.VOID, returned=500, cite="x:1"),
        WagerSettled(seat=1, spot="b", amount=250, outcome=Outcome.VOID, returned=250, cite="x:1"),
    ]


@pytest.mark.parametrize("round_type", [DoubleBackJackRound, PaiGowRound])
def test_the_three_games_share_the_helpers(round_type: type) -> None:
    assert round_type._dealer_only is dealer_only
    assert round_type._expect is expect_phase


def test_high_roll_dice_shares_them_through_the_wagering_base() -> None:
    """High Roll Dice's dealer-only refusals and its void are the shared wagering base's,
    which calls :func:`dealer_only` and :func:`void_events` (croupier.games._wagering)."""
    assert issubclass(HighRollDiceRound, WageringRound)
    assert HighRollDiceRound._expect is expect_phase
    with pytest.raises(NotYourTurn) as info:
        HighRollDiceRound.check_void(_opened(), 1)
    assert str(info.value) == "only the dealer may void the round (interpretations:void-round)"
