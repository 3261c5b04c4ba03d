"""How a Criss-Cross Poker table conducts its rounds (the
:class:`~croupier.game.TablePolicy` of ch. 674a): the shuffle (674a.5(a)), the dealer's
cut (674a.5(d)), the deal, the stub count (674a.8(f)) and the turning of the community
cards are the table's steps; a player out of time folds (no Across, Down or Middle Bet,
674a.11(b), (d), (f)); where two decks alternate, each round is dealt from the deck not
dealt last (674a.3(b)): the table's state, :class:`CrissCrossPokerTable`, keeps the decks,
their hours and the equipment out of order between rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from croupier.engine import Command, Round
from croupier.game import GameSpec, TableState, settled_wagers
from croupier.games.card_policy import CardTablePolicy
from croupier.games.cards import CardSections
from croupier.games.criss_cross_poker import (
    REVEAL_PHASES,
    CountStub,
    CrissCrossPokerRound,
    CrissCrossPokerTable,
    CutCards,
    DealCards,
    Fold,
    Phase,
    RevealCommunityCards,
    ShuffleCards,
    words,
)
from croupier.money import Cents
from croupier.rules.criss_cross_poker import SECTIONS, SPOT_LABELS, Spot
from croupier.spots import SpotInfo


class CrissCrossPokerPolicy(CardTablePolicy):
    timeout_cite: ClassVar[str] = "674a.11(b), (d), (f)"
    sections: ClassVar[CardSections] = SECTIONS
    state_type: ClassVar[type[TableState] | None] = CrissCrossPokerTable
    phases: ClassVar[dict[str, Any]] = {
        "shuffle": Phase.SHUFFLE,
        "cut": Phase.CUT,
        "deal": Phase.DEAL,
        "stub": Phase.STUB,
    }
    reveal_phases: ClassVar[tuple[Any, ...]] = REVEAL_PHASES
    commands: ClassVar[dict[str, Callable[..., Command]]] = {
        "shuffle": ShuffleCards,
        "cut": CutCards,
        "deal": DealCards,
        "stub": CountStub,
        "reveal": RevealCommunityCards,
        "fold": Fold,
    }

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """A seat's Ante Across and Ante Down Wagers together as the par sheet's
        ``antes`` (two units; its figures count the Across, Down and Middle Bets the
        decisions add, 674a.11), and the Five Card Bonus Wager."""
        antes: dict[int, Cents] = {}
        found: list[tuple[str, Cents]] = []
        for event in settled_wagers(round_.events):
            if event.spot in ("ante_across", "ante_down"):
                antes[event.seat] = antes.get(event.seat, 0) + event.amount
            elif event.spot == "five_card_bonus":
                found.append((event.spot, event.amount))
        return [("antes", amount) for _, amount in sorted(antes.items())] + found


def layout_spots(rules: Any) -> list[SpotInfo]:
    """The betting areas of a position (674a.2(b)(2), (4)), named as the layout names
    them; the Five Card Bonus area only where the Rules Submission offers it
    (674a.7(e))."""
    return [
        SpotInfo(value=spot.value, label=label)
        for spot, label in SPOT_LABELS.items()
        if spot is not Spot.FIVE_CARD_BONUS or rules.five_card_bonus
    ]


SPEC = GameSpec(
    round_type=CrissCrossPokerRound,
    policy=CrissCrossPokerPolicy(),
    title="Criss-Cross Poker",
    chapter="674a",
    layout="criss-cross-poker",
    layout_spots=layout_spots,
    sign="croupier.games.criss_cross_poker.sign",
    analysis="croupier.analysis.exact.criss_cross_poker",
    chart="croupier.analysis.charts.criss_cross_poker",
    simulation="croupier.analysis.simulation.criss_cross_poker",
    terminal="croupier.cli.tables.criss_cross_poker",
    training="croupier.games.criss_cross_poker.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
)
