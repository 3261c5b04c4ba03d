"""A Double Back Jack table across rounds (58 Pa. Code ch. 673a): the shoe between
rounds, the batches, the cut and the burn."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from croupier.engine import DEALER
from croupier.equipment.cards import Card, DeckInPlay, DeckRotation
from croupier.errors import NotYourTurn
from croupier.games.double_back_jack.events import CoverCardReached, RoundSetup, ShoeLoaded
from croupier.games.double_back_jack.round import DoubleBackJackRound
from croupier.rng import Rng
from croupier.rules.double_back_jack import DECK_CHANGE, SECTIONS, DoubleBackJackRules, Shuffling


@dataclass
class DoubleBackJackTable:
    """A Double Back Jack table across rounds (tables outlive rounds; no I/O, the clock is
    passed in).

    It keeps the shoe between rounds (the cards left, top first, and the cover card), the
    batches (one, or two of different back colours alternating shoe by shoe with an
    automated shuffler, 673a.3(b)) and when each was opened (changed at least every 24
    hours, 673a.3(c)), whether a reshuffle is due (the cover card appeared, 673a.7(d); the
    floor's direction, 673a.5(f)), whether a new dealer must burn a card (673a.7(c)), the
    patrons who sat out since the shuffle (673a.6(b)) and to whom the cut is offered
    (673a.5(c)).
    """

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
    ) -> DoubleBackJackTable:
        """A table opened ``now`` with fresh batches of the rules' back colours;
        ``first_player`` is the box of the first player to arrive (673a.5(c)(1))."""
        rotation = DeckRotation(
            decks=[DeckInPlay(color=color, opened_at=now) for color in rules.batch_colors],
            change_after=DECK_CHANGE,
            shuffler_counts=True,
        )
        return cls(rules=rules, table_id=table_id, rotation=rotation, first_player=first_player)

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

    def change_batch(self, color: str, now: datetime) -> None:
        """Replace the batch of back colour ``color`` (673a.3(c)); the shoe is reshuffled."""
        self.rotation.change(color, now)
        self._reshuffle(f"the {color} batch was changed")
