"""How a Go Fore It table conducts its rounds (the :class:`~croupier.game.TablePolicy` of
ch. 676a): the shuffle (676a.5(a)), the dealer's cut (676a.5(d)), the deal, the stub
count (676a.8(d)) and the dealer's reveal are the table's steps; a player out of time
folds (no Back 9 Wager, 676a.11(b)); where two decks alternate, each round is dealt from
the deck not dealt last (676a.3(b)(3)): the table's state, :class:`GoForeItTable`, keeps the
decks, their hours and the equipment out of order between rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from croupier.engine import Command, Round
from croupier.game import GameSpec, TableState, settled_wagers
from croupier.games.card_policy import CardTablePolicy
from croupier.games.cards import CardSections
from croupier.games.go_fore_it import (
    CountStub,
    CutCards,
    DealCards,
    Fold,
    GoForeItRound,
    GoForeItTable,
    Phase,
    RevealDealerHand,
    ShuffleCards,
    words,
)
from croupier.money import Cents
from croupier.rules.go_fore_it import SECTIONS, Spot
from croupier.spots import SpotInfo


class GoForeItPolicy(CardTablePolicy):
    timeout_cite: ClassVar[str] = "676a.11(b)"
    sections: ClassVar[CardSections] = SECTIONS
    state_type: ClassVar[type[TableState] | None] = GoForeItTable
    phases: ClassVar[dict[str, Any]] = {
        "shuffle": Phase.SHUFFLE,
        "cut": Phase.CUT,
        "deal": Phase.DEAL,
        "stub": Phase.STUB,
    }
    reveal_phases: ClassVar[tuple[Any, ...]] = (Phase.REVEAL,)
    commands: ClassVar[dict[str, Callable[..., Command]]] = {
        "shuffle": ShuffleCards,
        "cut": CutCards,
        "deal": DealCards,
        "stub": CountStub,
        "reveal": RevealDealerHand,
        "fold": Fold,
    }

    def par_wagers(self, round_: Round[Any]) -> list[tuple[str, Cents]]:
        """The Front 9 (its figures count the Back 9 decision, 676a.11(b)-(d), so a Back 9
        Wager adds no stake of its own), Skins, and the Gopher under the paytable chosen
        (676a.12(d))."""
        assert isinstance(round_, GoForeItRound)
        rules = round_.rules
        found: list[tuple[str, Cents]] = []
        for event in settled_wagers(round_.events):
            if event.spot == "back_9":
                continue
            spot = f"gopher:{rules.gopher_paytable}" if event.spot == "gopher" else event.spot
            found.append((spot, event.amount))
        return found


_SPOT_LABELS = {
    Spot.SKINS: ("Skins", "676a.7(d)(3)"),
    Spot.GOPHER: ("Gopher", "676a.7(d)(4)"),
    Spot.FRONT_9: ("Front 9", "676a.7(d)(1)"),
    Spot.BACK_9: ("Back 9", "676a.7(d)(2)"),
}


def layout_spots(rules: Any) -> list[SpotInfo]:
    """The betting areas of a position (676a.2(b)(2), 676a.7(d)), named as the layout
    names them."""
    return [
        SpotInfo(value=spot.value, label=label, cite=cite)
        for spot, (label, cite) in _SPOT_LABELS.items()
    ]


SPEC = GameSpec(
    round_type=GoForeItRound,
    policy=GoForeItPolicy(),
    title="Go Fore It",
    chapter="676a",
    layout="go-fore-it",
    layout_spots=layout_spots,
    sign="croupier.games.go_fore_it.sign",
    analysis="croupier.analysis.exact.go_fore_it",
    chart="croupier.analysis.charts.go_fore_it",
    simulation="croupier.analysis.simulation.go_fore_it",
    terminal="croupier.cli.tables.go_fore_it",
    training="croupier.games.go_fore_it.training",
    words=words.WORDS,
    how_to_play=words.HOW_TO_PLAY,
    timeouts=words.TIMEOUTS,
)
