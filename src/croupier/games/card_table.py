"""The card table across rounds, shared by Criss-Cross Poker (674a) and Go Fore It (676a):
the decks, their time in use, the stub count, equipment out of order and the discard rack
(see :class:`CardTable`); its rounds are :class:`~croupier.games.cards.CardRound`."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, ClassVar, Self

from croupier.engine import Round
from croupier.equipment.cards import (
    DealingProcedure,
    DeckInPlay,
    DeckRotation,
    DiscardRack,
    ProcedureSections,
    deck_change_after,
)
from croupier.errors import IllegalCommand, NotYourTurn
from croupier.game import TableState, TableTimings, no_device
from croupier.games.cards import AUTOMATED, DEALING_SHOE, SHUFFLER, CardRound, CardSections


@dataclass
class CardTable(TableState):
    """A card table across rounds (tables outlive rounds; no I/O, the clock is passed in):
    the :class:`~croupier.game.TableState` of Go Fore It and Criss-Cross Poker, kept by the
    table server and the terminal table alike.

    It keeps the decks (one, or two of different back colours alternating round by round
    with an automated shuffler, 674a.3(b), 676a.3(b)), when each was opened (changed at
    least every 4 hours dealt by hand, 8 from a shoe, 674a.3(c), 676a.3(c): taken by
    :meth:`between` once due), the stub count due at least once every 5 rounds when the
    shuffler does not count (674a.8(f), 676a.8(d)), the devices signed out of order
    (674a.13(g), 676a.13(g)), with the fallback dealing procedure while they are
    (674a.9(a)(1), 676a.9(a)(1)), and the discard rack, which holds one deck's cards at a
    time (674a.3(b)(4), 676a.3(b)(4)). A game sets :attr:`sections`,
    :attr:`inspection` and :attr:`device_type` and gives the shuffle in use, the round's
    setup, its default and its opening.
    """

    rules: Any
    table_id: str
    rotation: DeckRotation
    out_of_order: set[Any] = field(default_factory=set)
    rounds: int = 0
    discard_rack: DiscardRack = field(default_factory=DiscardRack)
    log: list[str] = field(default_factory=list)

    sections: ClassVar[CardSections]
    inspection: ClassVar[str]
    """The section on inspecting a new deck (674a.4, 676a.4)."""
    device_type: ClassVar[type[StrEnum]]
    """The chapter's ``Device`` (674a.13(g), 676a.13(g))."""
    devices: ClassVar[tuple[str, ...]] = (SHUFFLER, DEALING_SHOE)

    @classmethod
    def start(cls, rules: Any, table_id: str, now: datetime) -> Self:
        """A table opened ``now`` with fresh decks of the rules' back colours."""
        rotation = DeckRotation(
            decks=[DeckInPlay(color=color, opened_at=now) for color in rules.deck_colors],
            change_after=deck_change_after(rules),
            shuffler_counts=rules.shuffler_counts,
            count_every=rules.stub_count_every,
        )
        return cls(rules=rules, table_id=table_id, rotation=rotation)

    @classmethod
    def begin(cls, rules: Any, table_id: str, now: datetime) -> Self:
        return cls.start(rules, table_id, now)

    @classmethod
    def restore(cls, rules: Any, table_id: str, data: Mapping[str, Any]) -> Self:
        """The table :meth:`to_data` wrote; ``ValueError`` where its decks are not of the
        back colours of ``rules`` (a new Rules Submission: the table begins anew)."""
        decks = [
            DeckInPlay(
                color=d["color"],
                opened_at=datetime.fromisoformat(d["opened_at"]),
                rounds=d["rounds"],
            )
            for d in data["decks"]
        ]
        if not {d.color for d in decks} <= set(rules.deck_colors) or not decks:
            raise ValueError("the decks kept are not of the Rules Submission's back colours")
        table = cls.start(rules, table_id, decks[0].opened_at)
        table.rotation.decks = decks
        table.rotation.in_play = int(data["in_play"])
        table.rotation.rounds_since_stub_count = int(data["rounds_since_stub_count"])
        table.out_of_order = {cls.device_type(device) for device in data["out_of_order"]}
        table.rounds = int(data["rounds"])
        table.setup()  # the shuffler's count as the equipment in use has it
        return table

    def to_data(self) -> dict[str, Any]:
        return {
            "decks": [
                {"color": d.color, "opened_at": d.opened_at.isoformat(), "rounds": d.rounds}
                for d in self.rotation.decks
            ],
            "in_play": self.rotation.in_play,
            "rounds_since_stub_count": self.rotation.rounds_since_stub_count,
            "out_of_order": sorted(str(device) for device in self.out_of_order),
            "rounds": self.rounds,
        }

    @property
    @abstractmethod
    def shuffling(self) -> StrEnum:
        """The shuffle in use: the rules', or by hand once the shuffler is out of order."""

    @abstractmethod
    def setup(self) -> Any:
        """The equipment of the next round, the stub count due as the rounds require it."""

    @abstractmethod
    def default_setup(self) -> Any:
        """The equipment of a table's first round under its rules (every device in use)."""

    def carried_fields(self) -> dict[str, Any]:
        """What else of the setup changes after the first round (Go Fore It's citation of
        the decks alternating)."""
        return {}

    def opening(
        self, seats: Mapping[int, str], timings: TableTimings, *, ahead: bool = False
    ) -> dict[str, Any]:
        """The next round's setup: the deck in play, and while equipment is out of order
        the shuffle and dealing procedure that replace it, with the stub counted every
        round unless a counting shuffler is in use (docs/interpretations.md, "The stub is
        counted every round"). Empty for a first round with every device in use."""
        if not self.rounds and not self.out_of_order:
            return {}
        update: dict[str, Any] = {"deck": self.rotation.current.color, **self.carried_fields()}
        if self.out_of_order:
            now = self.setup()
            update |= {
                "shuffling": now.shuffling,
                "shuffler_counts": now.shuffler_counts,
                "dealing_procedure": now.dealing_procedure,
                "stub_count_due": not now.shuffler_counts,
                "out_of_order": now.out_of_order,
            }
        return {"setup": self.default_setup().model_copy(update=update)}

    @property
    def dealing_procedure(self) -> DealingProcedure:
        """The dealing procedure in use, falling back to a manual shoe when the automated
        shoe is out of order, or when hand dealing loses its shuffler (674a.9(a)(1),
        676a.9(a)(1), 674a.13(g), 676a.13(g))."""
        procedure: DealingProcedure = self.rules.dealing_procedure
        if procedure is DealingProcedure.AUTOMATED_SHOE and DEALING_SHOE in self.out_of_order:
            return DealingProcedure.MANUAL_SHOE
        if procedure is DealingProcedure.HAND and self.shuffling != AUTOMATED:
            return DealingProcedure.MANUAL_SHOE
        return procedure

    def _in_use(self) -> Any:
        """The rules with the dealing procedure in use (a fallback while equipment is out
        of order)."""
        return self.rules.model_copy(update={"dealing_procedure": self.dealing_procedure})

    def change_after(self) -> timedelta:
        """How long a deck may be used under the dealing procedure in use: 4 hours dealt by
        hand, 8 from a shoe (a hand-dealt table that lost its shuffler deals from a manual
        shoe), or the Rules Submission's shorter time (674a.3(c), 676a.3(c))."""
        return deck_change_after(self._in_use())

    def take_in(self, round_: Round[Any], now: datetime) -> list[str]:
        """:meth:`finish`, the deck the round was dealt with taken as the one in play (a
        round opened before its table kept a state, at the server)."""
        assert isinstance(round_, CardRound)
        colors = [d.color for d in self.rotation.decks]
        if round_.state.deck in colors:
            self.rotation.in_play = colors.index(round_.state.deck)
        return self.finish(round_, now)

    def finish(self, round_: CardRound[Any], now: datetime) -> list[str]:
        """Record a finished round: its deck dealt a round, the stub was counted or not,
        the discard rack now holds this deck's cards, the other deck comes into play (two
        decks), removed decks and out-of-order equipment are taken in. Returns notices for
        the floor (deck changes due, decks to replace)."""
        s = self.sections
        if not round_.finished:
            raise NotYourTurn("the round is not over", s.discard_rack)
        state = round_.state
        notices: list[str] = []
        for device in state.out_of_order - self.out_of_order:
            self.out_of_order.add(device)
            notices.append(
                f"the {str(device).replace('_', ' ')} is signed out of order ({s.out_of_order})"
            )
        color = self.rotation.current.color
        self.discard_rack = state.discard_rack
        self.rotation.finish_round(stub_counted=state.stub_counted)
        if SHUFFLER in self.out_of_order and len(self.rotation.decks) == 2:
            self.rotation.single_deck()
            notices.append(
                "one deck from now on: two decks alternate only with an automated shuffler "
                f"({s.two_decks})"
            )
        if state.decks_removed:
            self.rotation.change(color, now)
            notices.append(
                f"the {color} deck was removed from the table and replaced "
                f"({s.shuffler_count}; {round_.procedure_sections().miscount}); "
                f"inspect the new deck ({self.inspection})"
            )
        self.rounds += 1
        notices += self.deck_change_notices(now)
        self.log += notices
        return notices

    def deck_change_notices(self, now: datetime) -> list[str]:
        """A notice for each deck past its time in use (674a.3(c), 676a.3(c))."""
        self.rotation.change_after = self.change_after()
        hours = self.rotation.change_after.total_seconds() / 3600
        cite = self.procedure_sections().deck_change
        return [
            f"the {color} deck has been in use {hours:g} hours or more: change it ({cite})"
            for color in self.rotation.changes_due(now)
        ]

    def procedure_sections(self) -> ProcedureSections:
        """The sections of the dealing procedure in use."""
        sections: ProcedureSections = self._in_use().procedure_sections
        return sections

    def between(self, now: datetime) -> list[str]:
        """Each deck in use past its time (4 hours dealt by hand, 8 from a shoe: 674a.3(c),
        676a.3(c)) is changed before the next round: the floor is told, and the new deck
        is opened ``now`` (inspected, 674a.4, 676a.4)."""
        self.rotation.change_after = self.change_after()
        hours = self.rotation.change_after.total_seconds() / 3600
        cite = self.procedure_sections().deck_change
        notices = []
        for color in self.rotation.changes_due(now):
            self.rotation.change(color, now)
            notices.append(
                f"the {color} deck had been in use {hours:g} hours: it is changed for a new "
                f"deck before the next round ({cite}); inspect the new deck ({self.inspection})"
            )
        self.log += notices
        return notices

    def equipment_out_of_order(self) -> list[str]:
        """Each device signed out of order, with the shuffle or dealing procedure that
        replaces it (674a.13(g), 676a.13(g))."""
        return [
            f"the {str(device).replace('_', ' ')}: the cards are "
            f"{self.methods()} ({self.sections.out_of_order})"
            for device in sorted(self.out_of_order)
        ]

    def methods(self) -> str:
        """How the cards are shuffled and dealt now, in words."""
        shuffled = "by hand" if self.shuffling != AUTOMATED else "by the automated shuffler"
        dealt = {
            DealingProcedure.HAND: "from the dealer's hand",
            DealingProcedure.MANUAL_SHOE: "from a manual dealing shoe",
            DealingProcedure.AUTOMATED_SHOE: "from the automated dealing shoe",
        }[self.dealing_procedure]
        if self.rules.dealing_procedure is DealingProcedure.HAND and self.shuffling != AUTOMATED:
            needs = self.sections.hand_needs_shuffler
            dealt += f" (dealing from the hand needs an automated shuffler, {needs})"
        return f"shuffled {shuffled} and dealt {dealt}"

    def _device(self, device: str) -> Any:
        """The chapter's device named ``device``, if the table uses it."""
        try:
            found = self.device_type(device)
        except ValueError:
            raise no_device(device, self.devices) from None
        used = (
            self.rules.shuffling == AUTOMATED
            if found == SHUFFLER
            else self.rules.dealing_procedure is DealingProcedure.AUTOMATED_SHOE
        )
        if not used:
            raise IllegalCommand(
                f"the Rules Submission uses no {str(found).replace('_', ' ')} at this table",
                self.sections.out_of_order,
            )
        return found

    def sign_out(self, device: str, now: datetime) -> list[str]:
        """The device covered or signed out of order (674a.13(g), 676a.13(g)): from the next
        round the cards are shuffled by hand (the shuffler; one deck, 674a.3(b),
        676a.3(b)) or dealt from a manual shoe (the dealing shoe, or a hand-dealt table's
        shuffler: 674a.9(a)(1), 676a.9(a)(1)), until it is signed back in. Raises
        :class:`IllegalCommand` for a device the table does not use or already out of
        order."""
        s = self.sections
        found = self._device(device)
        words = str(found).replace("_", " ")
        if found in self.out_of_order:
            raise IllegalCommand(f"the {words} is already signed out of order", s.out_of_order)
        self.out_of_order.add(found)
        notices = [
            f"the {words} is signed out of order: the cards of the next rounds are "
            f"{self.methods()} ({s.out_of_order})"
        ]
        if found == SHUFFLER and len(self.rotation.decks) == 2:
            self.rotation.single_deck()
            notices.append(
                "one deck from now on: two decks alternate only with an automated shuffler "
                f"({s.two_decks})"
            )
        self.log += notices
        return notices

    def sign_in(self, device: str, now: datetime) -> list[str]:
        """The device signed back into use: the Rules Submission's shuffle and dealing
        procedure again, and two decks where it names two (the other deck a new one,
        opened ``now`` and inspected, 674a.4, 676a.4). Raises :class:`IllegalCommand`
        for a device not signed out of order."""
        s = self.sections
        found = self._device(device)
        if found not in self.out_of_order:
            raise IllegalCommand(
                f"the {str(found).replace('_', ' ')} is not signed out of order", s.out_of_order
            )
        self.out_of_order.discard(found)
        notices = [f"the {str(found).replace('_', ' ')} is back in use ({s.out_of_order})"]
        colors = list(self.rules.deck_colors)
        if found == SHUFFLER and len(colors) == 2 and len(self.rotation.decks) == 1:
            kept = self.rotation.current
            other = DeckInPlay(color=other_color(colors, kept.color), opened_at=now)
            self.rotation.decks = [kept, other] if colors[0] == kept.color else [other, kept]
            self.rotation.in_play = self.rotation.decks.index(kept)
            notices.append(
                f"two decks alternate again: the {other.color} deck is new "
                f"({s.two_decks}); inspect it ({self.inspection})"
            )
        self.log += notices
        return notices


def other_color(colors: list[str], color: str) -> str:
    """The back colour of two that is not ``color``."""
    return colors[1 - colors.index(color)] if color in colors else colors[0]


__all__ = ["CardTable", "other_color"]
