"""The table policy shared by the single-deck card games (Go Fore It, ch. 676a;
Criss-Cross Poker, ch. 674a): the dealer's steps with no one's choice (the shuffle, the
dealer's cut at a position drawn from the round's random source, the deal, the stub
count and the reveals), a timed-out player folded, what a player may see of the cards
dealt; the money of a wager withdrawn is the shared :class:`WithdrawingPolicy`'s. What
the table keeps between rounds is the game's :class:`~croupier.games.card_table.CardTable`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from croupier.engine import Command, Event, Round
from croupier.equipment.cards import MIN_CUT_FROM_TOP, deck
from croupier.game import Viewer, draw_between, offered
from croupier.games._wagering_policy import WithdrawingPolicy
from croupier.games.cards import (
    DECK_SIZE,
    MANUAL,
    CardDealt,
    CardSections,
    DeckShuffled,
)
from croupier.rng import Draw, NumberDraw, ShuffleDraw
from croupier.rules.base import RulesSubmission

FRONT_CARDS = 2
"""The cards of a hand its player may look at: his first two (676a.11(a), 674a.11(a))."""


class CardTablePolicy(WithdrawingPolicy):
    """Subclasses name the phase enum's members and commands below; the steps are
    taken in that order of phases."""

    phases: ClassVar[dict[str, Any]]
    """Phase name (``shuffle``, ``cut``, ``deal``, ``stub``) -> the game's phase."""
    reveal_phases: ClassVar[tuple[Any, ...]]
    commands: ClassVar[dict[str, Callable[..., Command]]]
    """``shuffle``, ``cut``, ``deal``, ``stub`` (count), ``reveal``, ``fold`` -> command
    class."""
    sections: ClassVar[CardSections]
    """The chapter's sections (the game's ``SECTIONS``)."""

    def random_draws(self, rules: RulesSubmission) -> tuple[Draw, ...]:
        """The deck of 52 shuffled (674a.5(a), 676a.5(a)); with a manual shuffle, the
        dealer's cut at a position drawn from 10 cards in from the top to the last
        (674a.5(d), 676a.5(d))."""
        s = self.sections
        draws: list[Draw] = [ShuffleDraw("the deck", tuple(deck()), s.shuffle)]
        if getattr(rules, "shuffling", None) == MANUAL:
            draws.append(NumberDraw("the cut", MIN_CUT_FROM_TOP, DECK_SIZE - 1, s.cut))
        return tuple(draws)

    def dealer_step(self, round_: Round[Any], *, proceed: bool = False) -> Command | None:
        phase = round_.state.phase
        make = self.commands
        if phase is self.phases["shuffle"]:
            return make["shuffle"]()
        if phase is self.phases["cut"]:
            cut = offered(round_, "CutCards")
            if cut is None:
                return None
            bound = cut.integers("position")
            return make["cut"](
                position=draw_between(round_.step_draw("position"), bound.low, bound.high)
            )
        if phase is self.phases["deal"]:
            return make["deal"](all_remaining=True)
        if phase is self.phases["stub"]:
            # Counted every round: the rules ask for a count at least once every 5 rounds
            # without a counting shuffler (676a.8(d), 674a.8(f)) and allow it any round;
            # docs/interpretations.md, "The stub is counted every round".
            return make["stub"]()
        if phase in self.reveal_phases:
            return make["reveal"]()
        return None

    def timeout_action(self, round_: Round[Any], seat: int) -> Command | None:
        if offered(round_, "Fold", seat) is None:
            return None
        return self.commands["fold"](seat=seat)

    def hidden(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """The order of the shuffled deck; a card dealt to a hand, except a player's own
        first two cards (a Go Fore It hand's third and fourth cards, the community cards
        of the cross, stay face down until turned)."""
        if isinstance(event, DeckShuffled):
            return {"stack": []}
        if isinstance(event, CardDealt):
            if viewer.owns(event.hand) and event.position < FRONT_CARDS:
                return {}
            return {"card": None}
        return {}
