"""A Double Back Jack table across rounds (58 Pa. Code ch. 673a): the shoe between
rounds, the batches and their 24 hours, the cut and the burn; the game's
:class:`~croupier.game.TableState`, kept by the table server, the terminal table and the
tests alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Self

from croupier.engine import DEALER, Round
from croupier.equipment.cards import Card, DeckInPlay, DeckRotation
from croupier.errors import NotYourTurn
from croupier.game import TableState, TableTimings
from croupier.games.double_back_jack.events import CoverCardReached, RoundSetup, ShoeLoaded
from croupier.games.double_back_jack.round import DoubleBackJackRound
from croupier.rng import Rng
from croupier.rules.double_back_jack import DECK_CHANGE, SECTIONS, DoubleBackJackRules, Shuffling

CUT_RULES = ("first", "box", "right")
"""Whose cut it is (673a.5(c)): the first player (1), the box where the cover card
appeared (2), from the dealer's right (3), (4)."""


@dataclass
class DoubleBackJackTable(TableState):
    """A Double Back Jack table across rounds (tables outlive rounds; no I/O, the clock is
    passed in): the game's :class:`~croupier.game.TableState`.

    It keeps the shoe between rounds (the cards left, top first, and the cover card), the
    batches (one, or two of different back colours alternating shoe by shoe with an
    automated shuffler, 673a.3(b)) and when each was opened (changed at least every 24
    hours, 673a.3(c)), whether a reshuffle is due (the cover card appeared, 673a.7(d); the
    floor's direction, 673a.5(f)), whether a new dealer must burn a card (673a.7(c)), the
    patrons who sat out since the shuffle (673a.6(b)) and to whom the cut is offered
    (673a.5(c)).

    Between rounds (:meth:`between`) a batch that has been in use 24 hours is changed
    for new decks (673a.3(c)): the batch in the shuffler at once; the batch in the shoe
    ends its shoe, as a reshuffle the floor directs after a round (673a.5(a), (f)), the
    cut then offered from the dealer's right (673a.5(c)(4)); never during a round
    (docs/interpretations.md, "A batch past its 24 hours ends its shoe").
    """

    sealed: ClassVar[frozenset[str]] = frozenset({"shoe"})

    rules: DoubleBackJackRules
    table_id: str
    rotation: DeckRotation
    shoe: list[Card] = field(default_factory=list)
    cover_at: int | None = None
    shuffle_due: str | None = "the game is beginning"
    cut_rule: str = "first"
    """Whose cut it is (673a.5(c)): ``"first"`` the first player (1), ``"box"`` the box
    where the cover card appeared (2), ``"right"`` from the dealer's right (3), (4)."""
    cover_box: int | None = None
    first_player: int | None = None
    burn_due: bool = False
    sat_out: set[int] = field(default_factory=set)
    shuffler_down: bool = False
    rounds: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def start(
        cls,
        rules: DoubleBackJackRules,
        table_id: str,
        now: datetime,
        first_player: int | None = None,
    ) -> Self:
        """A table opened ``now`` with fresh batches of the rules' back colours;
        ``first_player`` is the box of the first player to arrive (673a.5(c)(1))."""
        rotation = DeckRotation(
            decks=[DeckInPlay(color=color, opened_at=now) for color in rules.batch_colors],
            change_after=DECK_CHANGE,
            shuffler_counts=True,
        )
        return cls(rules=rules, table_id=table_id, rotation=rotation, first_player=first_player)

    @classmethod
    def begin(cls, rules: Any, table_id: str, now: datetime) -> Self:
        return cls.start(rules, table_id, now)

    @classmethod
    def restore(cls, rules: Any, table_id: str, data: Mapping[str, Any]) -> Self:
        """The table :meth:`to_data` wrote; ``ValueError`` where its batches are not the
        back colours of ``rules`` or its shoe not of their number of decks (a new Rules
        Submission: the table begins anew, with new decks)."""
        batches = [
            DeckInPlay(color=b["color"], opened_at=datetime.fromisoformat(b["opened_at"]))
            for b in data["batches"]
        ]
        colors = [b.color for b in batches]
        if colors != list(rules.batch_colors) and not (
            len(colors) == 1 and colors[0] in rules.batch_colors and data["shuffler_down"]
        ):
            raise ValueError("the batches kept are not of the Rules Submission's back colours")
        if int(data["decks"]) != rules.decks:
            raise ValueError("the shoe kept is not of the Rules Submission's number of decks")
        cut_rule = str(data["cut_rule"])
        if cut_rule not in CUT_RULES:
            raise ValueError(f"no such cut rule {cut_rule!r}")
        table = cls.start(rules, table_id, batches[0].opened_at, data["first_player"])
        table.rotation.decks = batches
        table.rotation.in_play = int(data["in_play"])
        table.shoe = [Card.parse(card) for card in data["shoe"]]
        table.cover_at = data["cover_at"]
        table.shuffle_due = data["shuffle_due"]
        table.cut_rule = cut_rule
        table.cover_box = data["cover_box"]
        table.burn_due = bool(data["burn_due"])
        table.sat_out = {int(box) for box in data["sat_out"]}
        table.shuffler_down = bool(data["shuffler_down"])
        table.rounds = int(data["rounds"])
        return table

    def to_data(self) -> dict[str, Any]:
        """The table as JSON data; ``shoe`` (the cards left in it, top first) is sealed
        (:attr:`sealed`): it is not shown until the shoe is reshuffled."""
        return {
            "batches": [
                {"color": d.color, "opened_at": d.opened_at.isoformat()}
                for d in self.rotation.decks
            ],
            "in_play": self.rotation.in_play,
            "decks": self.rules.decks,
            "shoe": [str(card) for card in self.shoe],
            "cover_at": self.cover_at,
            "shuffle_due": self.shuffle_due,
            "cut_rule": self.cut_rule,
            "cover_box": self.cover_box,
            "first_player": self.first_player,
            "burn_due": self.burn_due,
            "sat_out": sorted(self.sat_out),
            "shuffler_down": self.shuffler_down,
            "rounds": self.rounds,
        }

    @property
    def shuffling(self) -> Shuffling:
        return Shuffling.MANUAL if self.shuffler_down else self.rules.shuffling

    def cut_offer(self, seats: dict[int, str]) -> tuple[int, ...]:
        """The boxes offered the cut, in order (673a.5(c)); the dealer cuts if none
        accepts (673a.5(b))."""
        if self.cut_rule == "first":
            first = self.first_player if self.first_player in seats else min(seats, default=None)
            return () if first is None else (first,)
        if self.cut_rule == "box" and self.cover_box in seats:
            assert self.cover_box is not None
            return (self.cover_box,)
        return tuple(sorted(seats, reverse=True))

    def setup(self, seats: dict[int, str]) -> RoundSetup:
        """The shoe handed to the next round."""
        barred = tuple(sorted(seat for seat in self.sat_out if seat in seats))
        if self.shuffle_due is not None:
            return RoundSetup(
                batch=self.rotation.current.color,
                shuffling=self.shuffling,
                shuffle_due=self.shuffle_due,
                barred=barred,
                cut_offer=self.cut_offer(seats),
                cite=SECTIONS.shoe,
            )
        return RoundSetup(
            batch=self.rotation.current.color,
            shuffling=self.shuffling,
            shoe=tuple(self.shoe),
            cover_at=self.cover_at,
            burn_due=self.burn_due,
            barred=barred,
            cite=SECTIONS.shoe,
        )

    def opening(
        self, seats: Mapping[int, str], timings: TableTimings, *, ahead: bool = False
    ) -> dict[str, Any]:
        """The shoe the next round opens with (:meth:`setup`); empty for the table's first
        round (a fresh shuffle of the first batch). The cut is offered to a box only where
        the table offers it online (``offer_cut``) and the round opens ahead of the
        players (``ahead``): otherwise the dealer cuts (673a.5(b); interpretations.md,
        "Who cuts"); a round a player's command opens cannot wait for another's cut."""
        if not self.rounds:
            return {}
        setup = self.setup(dict(seats))
        if not (timings.offer_cut and ahead):
            setup = setup.model_copy(update={"cut_offer": ()})
        return {"setup": setup}

    def open_round(
        self, seats: dict[int, str], rng: Rng, round_id: str | None = None
    ) -> DoubleBackJackRound:
        """The next round with ``seats`` seated (see :meth:`DoubleBackJackRound.open`)."""
        return DoubleBackJackRound.open(
            self.rules,
            table_id=self.table_id,
            round_id=round_id or f"{self.table_id}-{self.rounds + 1:06d}",
            seats=seats,
            rng=rng,
            setup=self.setup(seats),
        )

    def take_in(self, round_: Round[Any], now: datetime) -> list[str]:
        """:meth:`handed`, then :meth:`finish`: the table as it was when it handed the
        round its shoe (the same, but for a round opened before its table kept a state),
        then the round taken in."""
        assert isinstance(round_, DoubleBackJackRound)
        setup = round_.events[1]
        assert isinstance(setup, RoundSetup)
        self.handed(setup)
        return self.finish(round_, now)

    def handed(self, setup: RoundSetup) -> None:
        """Take the table to be as it was when it handed a round ``setup``: the batch in
        the shoe, a shuffle due or the cards left (and the cover card), a card to burn,
        the boxes barred since the shuffle (673a.6(b)) and the shuffler out of order
        (673a.13(l)); the cut's order is the table's own."""
        colors = [d.color for d in self.rotation.decks]
        if setup.batch in colors:
            self.rotation.in_play = colors.index(setup.batch)
        if setup.shuffling is not self.rules.shuffling and not self.shuffler_down:
            self.shuffler_down = True
            self.rotation.single_deck()
        self.shuffle_due = setup.shuffle_due
        self.shoe, self.cover_at = list(setup.shoe), setup.cover_at
        self.burn_due = setup.burn_due
        self.sat_out = set(setup.barred)

    def finish(self, round_: DoubleBackJackRound, now: datetime) -> list[str]:
        """Take in a finished round: the shoe left, the cover card, sat-out boxes; a
        reshuffle is due once the cover card has appeared (673a.7(d)). Returns notices for
        the floor (batches past 24 hours)."""
        if not round_.finished:
            raise NotYourTurn("the round is not over", SECTIONS.discard_rack)
        state = round_.state
        notices: list[str] = []
        if state.shuffler_down and not self.shuffler_down:
            self.shuffler_down = True
            self.rotation.single_deck()
            notices.append(
                f"the automated shuffler is out of order ({SECTIONS.shuffler_out_of_order})"
            )
        loaded = any(isinstance(e, ShoeLoaded) for e in round_.events)
        if loaded:
            self.sat_out.clear()
        if self.rules.bar_sat_out and state.boxes:
            self.sat_out |= {seat for seat in state.seats if seat not in state.boxes}
        self.burn_due = state.burn_due and not loaded
        if state.cover_reached:
            reached = [e for e in round_.events if isinstance(e, CoverCardReached)]
            self.shuffle_due = None
            self._reshuffle("the cover card appeared")
            hand = reached[-1].hand if reached else DEALER
            if isinstance(hand, int):
                self.cut_rule, self.cover_box = "box", hand
            else:
                self.cut_rule = "right"
        elif loaded or self.shuffle_due is None:
            self.shoe = list(state.shoe)
            self.cover_at = state.cover_at
            self.shuffle_due = None
        self.rounds += 1
        notices += [
            f"the {color} batch has been in use 24 hours or more: change it "
            f"({SECTIONS.deck_change})"
            for color in self.rotation.changes_due(now)
        ]
        self.log += notices
        return notices

    def _reshuffle(self, reason: str) -> None:
        self.shoe, self.cover_at = [], None
        if self.shuffle_due is None and len(self.rotation.decks) == 2:
            self.rotation.in_play = 1 - self.rotation.in_play
        self.shuffle_due = reason

    def reshuffle_by_floor(self) -> None:
        """A floorperson directs a reshuffle after the round (673a.5(f)); the cut is
        offered from the dealer's right (673a.5(c)(4))."""
        self._reshuffle("directed by the floorperson")
        self.cut_rule = "right"

    def new_dealer(self) -> None:
        """A new dealer comes to the table and burns one card first (673a.7(c))."""
        self.burn_due = True

    def change_batch(self, color: str, now: datetime) -> str:
        """Replace the batch of back colour ``color`` with new decks opened ``now``
        (673a.3(c)): the batch in the shuffler (two batches) is replaced there; the batch
        in the shoe ends its shoe, its new decks shuffled when they next come into play,
        and the cut is offered from the dealer's right, as after a reshuffle the floor
        directs (673a.5(c)(4)). Returns what happened, in words, for the floor."""
        in_shoe = color == self.rotation.current.color
        self.rotation.change(color, now)
        said = f"new decks of {color} backs replace it before the next round"
        if not in_shoe:
            return f"{said}, shuffled and stored in the automated shuffler"
        if self.shuffle_due is not None:  # no shoe in progress: the new decks are shuffled
            self.shuffle_due = f"the {color} batch was changed"
            return f"{said}, shuffled for the next shoe"
        self._reshuffle(f"the {color} batch was changed")
        self.cut_rule = "right"
        shoe = (
            f"the {self.rotation.current.color} batch comes into play ({SECTIONS.alternate}) "
            "and the new decks go to the automated shuffler"
            if self.rotation.current.color != color
            else "the new decks are shuffled"
        )
        return (
            f"{said}: the shoe in progress ends, {shoe}, and the cut is offered from the "
            f"dealer's right ({SECTIONS.cut_order}(4))"
        )

    def between(self, now: datetime) -> list[str]:
        """Each batch in use 24 hours or more is changed before the next round (673a.3(c);
        :meth:`change_batch`); the floor is told."""
        notices = [
            f"the {color} batch had been in use 24 hours or more: "
            f"{self.change_batch(color, now)} ({SECTIONS.deck_change})"
            for color in self.rotation.changes_due(now)
        ]
        self.log += notices
        return notices

    def equipment_out_of_order(self) -> list[str]:
        """The automated shuffler, once out of order (673a.13(l))."""
        if not self.shuffler_down:
            return []
        return [
            "the automated card shuffling device: the cards are shuffled by hand, one batch "
            f"({SECTIONS.shuffler_out_of_order})"
        ]
