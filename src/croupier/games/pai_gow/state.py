"""A Pai Gow round's state as its events have left it, and its phases."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from croupier.engine import WagerSettled
from croupier.equipment.tiles import Tile
from croupier.games.pai_gow.events import (
    BankSettled,
    DealerWagerSettled,
    TableContext,
    VigorishCollected,
)
from croupier.hands.paigow import Setting
from croupier.money import Cents
from croupier.rules.pai_gow import DeliveryStyle, PaiGowRules


class Phase(StrEnum):
    BANK_OFFER = "bank_offer"
    """The dealer offers the bank in rotation (621a.11(c))."""
    MIXING = "mixing"
    """The tiles are to be mixed and stacked (621a.6(c)-(f)); wagers are open."""
    CUT = "cut"
    """A player bank may cut the stacks (621a.11(g)); wagers are open."""
    BETTING = "betting"
    """Stacked; wagers are open until "no more bets" (621a.7(c))."""
    SHAKE = "shake"
    """No more bets: a delivery style may be chosen; the dice are shaken (621a.8(a))."""
    SHOWN = "shown"
    """The dice (or the number) are shown: the dealer deals, or calls a no roll."""
    SETTING = "setting"
    """The players (and a player bank) set their hands (621a.10(a))."""
    DEALER_SETTING = "dealer_setting"
    """The dealer turns over and sets (621a.10(c)-(d)), and sets a co-bank's hand."""
    SURRENDER = "surrender"
    """Players may surrender before exposure (621a.10(e)); the dealer settles."""
    COMPLETED = "completed"
    VOIDED = "voided"


WAGERING = (Phase.MIXING, Phase.CUT, Phase.BETTING)


@dataclass
class PaiGowState:
    """A round of Pai Gow as its events have left it."""

    rules: PaiGowRules
    seats: dict[int, str]
    physical_dice: bool
    phase: Phase = Phase.MIXING
    context: TableContext | None = None
    display: tuple[tuple[Tile, Tile], ...] = ()
    offered: int | None = None
    offers: list[int] = field(default_factory=list)
    """Seats the bank was offered to or skipped, in order."""
    bank: int | None = None
    bank_chips: Cents = 0
    co_bank: bool = False
    stacks: list[list[Tile]] | None = None
    mixes: int = 0
    cut: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    wagers: dict[int, Cents] = field(default_factory=dict)
    """Wagers in play by betting area (cents)."""
    placed: dict[int, Cents] = field(default_factory=dict)
    """Every wager placed this round by betting area (cents)."""
    dealer_wager: Cents = 0
    style: DeliveryStyle | None = None
    dice: tuple[int, ...] | None = None
    number: int | None = None
    start: str | None = None
    counted_from: str | None = None
    hands: dict[str, tuple[Tile, ...]] = field(default_factory=dict)
    """The four tiles each position received."""
    collected: tuple[str, ...] = ()
    dead_hand: list[Tile] = field(default_factory=list)
    exposed_tiles: dict[str, list[Tile]] = field(default_factory=dict)
    pending: set[int] = field(default_factory=set)
    """Seats whose player must decide on an exposed tile (621a.12(d))."""
    decided: set[int] = field(default_factory=set)
    settings: dict[int, Setting] = field(default_factory=dict)
    """The hands set by each betting area (and by the bank)."""
    shown: dict[int, Setting] = field(default_factory=dict)
    dealer_up: bool = False
    dealer_setting: Setting | None = None
    dealer_rule: str | None = None
    exposed: dict[int, Setting] = field(default_factory=dict)
    results: dict[int, str] = field(default_factory=dict)
    settlements: list[WagerSettled] = field(default_factory=list)
    dealer_result: DealerWagerSettled | None = None
    vigorish: list[VigorishCollected] = field(default_factory=list)
    bank_result: BankSettled | None = None

    def owner(self, seat: int) -> str | None:
        return self.seats.get(seat)

    def boxes_of(self, actor: int) -> list[int]:
        """Every betting area of the player seated at ``actor``."""
        player = self.seats.get(actor)
        return sorted(seat for seat, who in self.seats.items() if who == player)

    def dealer_plays(self) -> bool:
        """The dealer has a hand to set: he banks, or wagers against a player bank."""
        if self.bank is None:
            return True
        return self.dealer_wager > 0 and not self.co_bank

    def to_set(self) -> list[int]:
        """Seats whose hands must still be set: betting areas with a wager in play, and a
        player bank that sets its own hand."""
        seats = [seat for seat in self.wagers if seat not in self.settings]
        if self.bank is not None and not self.co_bank and self.bank not in self.settings:
            seats.append(self.bank)
        return sorted(seats, reverse=True)
