"""A Pai Gow table across rounds (621a.6(b), (g), 621a.11(b)-(d), (h))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Self

from croupier.engine import Round, WagerPlaced
from croupier.errors import NotYourTurn
from croupier.game import TableState, TableTimings
from croupier.games.pai_gow.events import TableContext
from croupier.games.pai_gow.round import PaiGowRound
from croupier.money import Cents
from croupier.rng import Rng
from croupier.rules.pai_gow import SECTIONS, PaiGowRules

S = SECTIONS


@dataclass
class PaiGowTable(TableState):
    """A Pai Gow table across rounds (the game's :class:`~croupier.game.TableState`, kept
    by the table server and the terminal table alike): the start of the game (621a.6(b),
    (g), 621a.11(b)), the rotation of the first offer of the bank (621a.11(c)), the player
    who banked the last round, each player's wager against the dealer in the last round
    with no player bank (621a.11(d)(1), (h)), and when the last round with a wager ended
    (``active_at``), from which an idle table returns to the start of the game.

    ``offer_cursor`` is the seat first offered the bank next round (6, the dealer's
    right, to 1), or 0 when the offer is with the dealer.
    """

    rules: PaiGowRules
    table_id: str = "T1"
    start_of_game: bool = True
    previous_bank: str | None = None
    offer_cursor: int = 6
    last_dealer_round_wagers: dict[str, Cents] = field(default_factory=dict)
    rounds: int = 0
    active_at: datetime | None = None

    @classmethod
    def begin(cls, rules: Any, table_id: str, now: datetime) -> Self:
        return cls(rules=rules, table_id=table_id)

    @classmethod
    def restore(cls, rules: Any, table_id: str, data: Mapping[str, Any]) -> Self:
        active = data["active_at"]
        return cls(
            rules=rules,
            table_id=table_id,
            start_of_game=bool(data["start_of_game"]),
            previous_bank=data["previous_bank"],
            offer_cursor=int(data["offer_cursor"]),
            last_dealer_round_wagers={
                player: int(amount) for player, amount in data["last_dealer_round_wagers"].items()
            },
            rounds=int(data["rounds"]),
            active_at=None if active is None else datetime.fromisoformat(active),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "start_of_game": self.start_of_game,
            "previous_bank": self.previous_bank,
            "offer_cursor": self.offer_cursor,
            "last_dealer_round_wagers": dict(self.last_dealer_round_wagers),
            "rounds": self.rounds,
            "active_at": None if self.active_at is None else self.active_at.isoformat(),
        }

    def opening(
        self, seats: Mapping[int, str], timings: TableTimings, *, ahead: bool = False
    ) -> dict[str, Any]:
        """The context the next round opens with (none for the table's first round: the
        start of the game)."""
        return {"context": self.context()} if self.rounds else {}

    def take_in(self, round_: Round[Any], now: datetime) -> list[str]:
        """:meth:`finish`; a round in which a wager was placed is gaming activity, timed
        from ``now``."""
        assert isinstance(round_, PaiGowRound)
        self.handed(round_.state.context)
        self.finish(round_)
        if self.active_at is None or any(isinstance(e, WagerPlaced) for e in round_.events):
            self.active_at = now
        return []

    def handed(self, context: TableContext | None) -> None:
        """Take the table to be as it was when it handed a round ``context`` (the same,
        but for a round opened before its table kept a state): the start of the game or
        not, the last bank, where the first offer of the bank stands (621a.11(c)) and
        the wagers against the dealer (621a.11(d)(1), (h))."""
        if context is None:
            return
        cursor = context.bank_offer_from
        if cursor is None:
            # No offer: the start of the game (the first offer then goes to seat 6), or
            # the round in which the offer "returns to the dealer" (cursor 0).
            cursor = 6 if context.start_of_game or not self.rules.player_banking else 0
        self.start_of_game = context.start_of_game
        self.previous_bank = context.previous_bank
        self.offer_cursor = cursor
        self.last_dealer_round_wagers = dict(context.last_dealer_round_wagers)

    def between(self, now: datetime) -> list[str]:
        """A table with no gaming activity for the Rules Submission's ``idle_minutes``
        returns to the start of the game before its next round (621a.6(g))."""
        if self.start_of_game or self.active_at is None:
            return []
        if now - self.active_at < timedelta(minutes=self.rules.idle_minutes):
            return []
        self.idle()
        return [
            f"no gaming activity for {self.rules.idle_minutes} minutes: the tiles are turned "
            f"face up in 16 pairs and the next round is the start of the game ({S.idle})"
        ]

    def context(self) -> TableContext:
        """What the next round inherits."""
        offer = None
        if self.rules.player_banking and not self.start_of_game and self.offer_cursor:
            offer = self.offer_cursor
        return TableContext(
            start_of_game=self.start_of_game,
            previous_bank=self.previous_bank,
            bank_offer_from=offer,
            last_dealer_round_wagers=dict(self.last_dealer_round_wagers),
            cite=S.display if self.start_of_game else S.bank_rotation,
        )

    def open_round(
        self,
        seats: dict[int, str],
        rng: Rng,
        round_id: str | None = None,
        physical_dice: bool = False,
    ) -> PaiGowRound:
        """The next round with ``seats`` seated (see :meth:`PaiGowRound.open`)."""
        return PaiGowRound.open(
            self.rules,
            table_id=self.table_id,
            round_id=round_id or f"{self.table_id}-{self.rounds + 1:06d}",
            seats=seats,
            rng=rng,
            physical_dice=physical_dice,
            context=self.context(),
        )

    def finish(self, round_: PaiGowRound) -> None:
        """Record a finished round: the next is not the start of the game; the bank's
        player may not bank the next; the first offer moves one position counterclockwise
        (to the dealer after seat 1, 621a.11(c)); after a round the dealer banked, each
        player's wager against the dealer is remembered (621a.11(d)(1), (h))."""
        if not round_.finished:
            raise NotYourTurn("the round is not over", S.collect_tiles)
        state = round_.state
        context = state.context
        offered = context is not None and context.bank_offer_from is not None
        self.previous_bank = None if state.bank is None else state.seats[state.bank]
        if state.bank is None:
            wagers: dict[str, Cents] = {}
            for seat, amount in sorted(state.placed.items()):
                player = state.seats[seat]
                wagers[player] = wagers.get(player, 0) + amount
            self.last_dealer_round_wagers = wagers
        if (
            self.rules.player_banking
            and not self.start_of_game
            and (offered or self.offer_cursor == 0)
        ):
            self.offer_cursor = 6 if self.offer_cursor == 0 else self.offer_cursor - 1
        self.start_of_game = False
        self.rounds += 1

    def idle(self) -> None:
        """No gaming activity: the tiles go face up in pairs again; the next round is the
        start of the game (621a.6(g), 621a.11(b))."""
        self.start_of_game = True
        self.offer_cursor = 6
