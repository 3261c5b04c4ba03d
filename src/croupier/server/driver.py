"""Dealer steps the server takes where the regulation gives no human a choice."""

from __future__ import annotations

from typing import Any

from croupier.engine import Command, Round
from croupier.games.high_roll_dice import CallResult, HighRollDiceRound, Phase, ThrowDice

SERVED_GAMES = ("high-roll-dice",)
"""Games the table server deals today (the others need their table driver: issue 7)."""


def next_dealer_step(round_: Round[Any]) -> Command | None:
    """The dealer's next command when it involves no human choice, else ``None``.

    High Roll Dice, RNG dice: once "no more bets" is announced, the dealer throws
    (675a.4(b)), calls (675a.4(d)-(f)) and, where Extra Rolls were bought, throws and
    calls the Extra Roll (675a.4(g)-(h)). RNG dice cannot go off the table or come to
    rest cocked, so there is no irregularity to declare.
    """
    if round_.finished or not isinstance(round_, HighRollDiceRound):
        return None
    if round_.state.physical_dice:
        return None
    phase = round_.state.phase
    if phase in (Phase.FIRST_THROW, Phase.EXTRA_THROW):
        return ThrowDice()
    if phase in (Phase.FIRST_CALL, Phase.EXTRA_CALL):
        return CallResult()
    return None
