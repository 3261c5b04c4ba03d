"""How a Sic Bo table conducts its rounds (the :class:`~croupier.game.TablePolicy` of
ch. 625a).

With the automated shaker (RNG dice), once "no more bets" is announced (625a.5) the table
shakes, shows the result with the winning areas lit (625a.5) and settles every wager
(625a.6): no one chooses, so the table takes those steps. With a manual shaker the dealer
enters the reading of the dice, shows the result and settles, and may declare a shake no
roll or correct a wrong result before settling (625a.7). Money moves only by wagers placed
and settled (the common rule); every event is public.
"""

from __future__ import annotations

from typing import Any, ClassVar

from croupier.engine import Command, Round
from croupier.game import GameSpec, TablePolicy
from croupier.games.sic_bo import (
    DICE,
    DICE_COUNT,
    ROUND,
    CallResult,
    Phase,
    SettleWagers,
    SicBoRound,
    ThrowDice,
    words,
)
from croupier.rng import DiceDraw, Draw
from croupier.rules.base import RulesSubmission
from croupier.rules.sic_bo import WAGERS, SicBoRules, SicBoSpot
from croupier.spots import SpotInfo


class SicBoPolicy(TablePolicy):
    physical_dice: ClassVar[bool] = True

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        assert isinstance(round_, SicBoRound)
        if round_.state.physical_dice:
            return None
        phase = round_.state.phase
        if phase is Phase.SHAKE:
            return ThrowDice()
        if phase is Phase.SHAKEN:
            return CallResult()
        if phase is Phase.SHOWN:
            return SettleWagers()
        return None

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The three dice of an automated shaker, drawn by the RNG (625a.5, 625a.2)."""
        return (DiceDraw("the three dice", DICE_COUNT, f"{ROUND}; {DICE}"),)


def layout_spots(rules: SicBoRules) -> list[SpotInfo]:
    """Every area of the layout (625a.3), named as the sign names it, grouped by wager,
    with the paytable rows that pay it (a total its own, One of a Kind one per count of
    dice showing the number, any other its wager's)."""
    return [
        SpotInfo(
            value=str(spot),
            label=spot.label,
            group=spot.kind,
            numbers=spot.numbers,
            pays=_pays(spot),
            cite=WAGERS,
        )
        for spot in SicBoSpot.every()
    ]


def _pays(spot: SicBoSpot) -> tuple[str, ...]:
    """The rows of the paytable (:meth:`~croupier.rules.sic_bo.Paytable.rows`) that pay
    ``spot``."""
    if spot.kind == "total":
        return (str(spot),)
    if spot.kind == "one_of_a_kind":
        return tuple(f"one_of_a_kind:{count}" for count in (1, 2, 3))
    return (spot.kind,)


SPEC = GameSpec(
    round_type=SicBoRound,
    policy=SicBoPolicy(),
    title="Sic Bo",
    chapter="625a",
    layout="sic-bo",
    layout_spots=layout_spots,
    spot_type=SicBoSpot,
    sign="croupier.games.sic_bo.sign",
    analysis="croupier.analysis.exact.sic_bo",
    simulation="croupier.analysis.simulation.sic_bo",
    terminal="croupier.cli.tables.sic_bo",
    training="croupier.games.sic_bo.training",
    how_to_play=words.HOW_TO_PLAY,
)
