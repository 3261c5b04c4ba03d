"""How a Go Fore It table conducts its rounds (the :class:`~croupier.game.TablePolicy` of
ch. 676a): the shuffle (676a.5(a)), the dealer's cut (676a.5(d)), the deal, the stub
count (676a.8(d)) and the dealer's reveal are the table's steps; a player out of time
folds (no Back 9 Wager, 676a.11(b)); where two decks alternate, each round is dealt from
the deck not dealt last (676a.3(b)(3)).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from croupier.engine import Command, Round
from croupier.game import GameSpec, Previous, TableTimings, settled_wagers
from croupier.games.card_policy import CardTablePolicy, other_deck
from croupier.games.cards import CardSections
from croupier.games.go_fore_it import (
    CountStub,
    CutCards,
    DealCards,
    Fold,
    GoForeItRound,
    Phase,
    RevealDealerHand,
    RoundSetup,
    ShuffleCards,
    default_setup,
)
from croupier.money import Cents
from croupier.rules.base import RulesSubmission
from croupier.rules.go_fore_it import SECTIONS, GoForeItRules


class GoForeItPolicy(CardTablePolicy):
    timeout_cite: ClassVar[str] = "676a.11(b)"
    sections: ClassVar[CardSections] = SECTIONS
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

    def carried_over(
        self,
        rules: RulesSubmission,
        previous: Previous,
        seats: dict[int, str],
        timings: TableTimings,
        *,
        ahead: bool,
    ) -> dict[str, Any]:
        """The deck not dealt last round, where two alternate (676a.3(b)(3))."""
        assert isinstance(rules, GoForeItRules)
        last = previous() if len(rules.deck_colors) == 2 else None
        if last is None or not isinstance(last.events[1], RoundSetup):
            return {}
        deck = other_deck(rules.deck_colors, last.events[1].deck)
        setup = default_setup(rules).model_copy(update={"deck": deck, "cite": SECTIONS.alternate})
        return {"setup": setup}


SPEC = GameSpec(
    round_type=GoForeItRound,
    policy=GoForeItPolicy(),
    title="Go Fore It",
    chapter="676a",
    layout="go-fore-it",
    sign="croupier.games.go_fore_it.sign",
    analysis="croupier.analysis.exact.go_fore_it",
    chart="croupier.analysis.charts.go_fore_it",
    simulation="croupier.analysis.simulation.go_fore_it",
    terminal="croupier.cli.tables.go_fore_it",
)
