"""Pai Gow (58 Pa. Code ch. 621a): the constants of the text and the Rules Submission.

The regulation's fixed facts are typed constants with their citations (the table's
positions, the payout odds, the vigorish in :mod:`croupier.money`); :class:`Sections`
names the section behind each step; :class:`PaiGowRules` holds the operator's choices
under the chapter: how the starting position is drawn (621a.8(a)), the delivery styles
allowed (621a.9), the dealer's house way (621a.10(d), 621a.12(f)), the rounding of the
vigorish (621a.10(k)), player banking and co-banking (621a.11(a), (e)), the dealer's
wager against a bank (621a.11(h)) and the adjacent boxes a player may wager on
(621a.13(a)).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar, Literal

from pydantic import field_validator, model_validator

from croupier.errors import RulesSubmissionError
from croupier.hands.paigow import (
    REGULATION,
    REGULATION_LOW_FIRST,
    HouseWay,
    departures,
    house_way,
)
from croupier.money import format_cents
from croupier.rules.base import RulesSubmission, WholeCents, WholeNumber, YesNo

BETTING_POSITIONS = 6
"""Six betting positions on one side, the dealer on the other (621a.2(a))."""

POSITIONS_COUNTED = 8
"""The positions counted for the starting position: the dealer (or the bank), six
betting positions and the Dead Hand (621a.8(c), 621a.11(j))."""

STACKS = 8
"""Eight stacks of four tiles (621a.6(d))."""

PAYOUT_ODDS = Fraction(1)
"""A winning wager is paid at odds of 1 to 1, less the vigorish (621a.10(k))."""

RNG_NUMBERS = (1, 8)
"""The numbers a computerized random number generator displays (621a.8(a)(1)): one
count around the eight positions, each equally likely (docs/interpretations.md)."""


class StartingPosition(StrEnum):
    """How the starting position is determined (621a.8(a))."""

    DICE = "dice"
    """Three dice shaken in the Pai Gow shaker (621a.8(a)(2))."""
    RNG = "rng"
    """A computerized random number generator (621a.8(a)(1), 621a.2(e))."""


class DeliveryStyle(StrEnum):
    """The standard delivery of 621a.8(d) and the nine styles of 621a.9."""

    STANDARD = "standard"
    """621a.8(d): the stacks from the dealer's right, one to each position."""
    HOUSE_WAY_FROM_THE_LEFT = "house_way_from_the_left"
    """621a.9(1)."""
    CUP_SAY_FROM_THE_RIGHT = "cup_say_from_the_right"
    """621a.9(2)."""
    CUP_SAY_FROM_THE_LEFT = "cup_say_from_the_left"
    """621a.9(3)."""
    JUNG_QUAT = "jung_quat"
    """621a.9(4), take the heart."""
    CHEE_YEE = "chee_yee"
    """621a.9(5), chop the ears."""
    PIN_SAY_FROM_THE_RIGHT = "pin_say_from_the_right"
    """621a.9(6)."""
    PIN_SAY_FROM_THE_LEFT = "pin_say_from_the_left"
    """621a.9(7)."""
    DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_RIGHT = "dragon_head_phoenix_tail_from_the_right"
    """621a.9(8)."""
    DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_LEFT = "dragon_head_phoenix_tail_from_the_left"
    """621a.9(9)."""


STYLE_CITES: dict[DeliveryStyle, str] = {
    DeliveryStyle.STANDARD: "621a.8(d)",
    **{style: f"621a.9({number})" for number, style in enumerate(list(DeliveryStyle)[1:], start=1)},
}
"""The section that describes each delivery style."""

STYLE_NAMES: dict[DeliveryStyle, str] = {
    DeliveryStyle.STANDARD: "the standard delivery",
    DeliveryStyle.HOUSE_WAY_FROM_THE_LEFT: "House Way From the Left",
    DeliveryStyle.CUP_SAY_FROM_THE_RIGHT: "Cup Say From the Right",
    DeliveryStyle.CUP_SAY_FROM_THE_LEFT: "Cup Say From the Left",
    DeliveryStyle.JUNG_QUAT: "Jung Quat",
    DeliveryStyle.CHEE_YEE: "Chee Yee",
    DeliveryStyle.PIN_SAY_FROM_THE_RIGHT: "Pin Say From the Right",
    DeliveryStyle.PIN_SAY_FROM_THE_LEFT: "Pin Say From the Left",
    DeliveryStyle.DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_RIGHT: (
        "Dragon Head and Phoenix Tail From the Right"
    ),
    DeliveryStyle.DRAGON_HEAD_PHOENIX_TAIL_FROM_THE_LEFT: (
        "Dragon Head and Phoenix Tail From the Left"
    ),
}
"""Each delivery style by the name 621a.8(d) and 621a.9 give it."""

ALTERNATIVE_STYLES: tuple[DeliveryStyle, ...] = tuple(DeliveryStyle)[1:]
"""The nine styles of 621a.9."""


@dataclass(frozen=True, slots=True)
class Sections:
    """The section of ch. 621a behind each step of a round."""

    seats: str = "621a.2(a)"
    dead_hand: str = "621a.2(b)(3)"
    tiles: str = "621a.3(c)"
    three_dice: str = "621a.5(a)"
    display: str = "621a.6(b)"
    idle: str = "621a.6(g)"
    mix: str = "621a.6(d)"
    remix: str = "621a.6(e)"
    remix_each_round: str = "621a.6(f)"
    wagers: str = "621a.7(a)"
    seated_only: str = "621a.7(b)"
    no_more_bets: str = "621a.7(c)"
    rng: str = "621a.8(a)(1)"
    dice: str = "621a.8(a)(2)"
    announce: str = "621a.8(b)"
    count: str = "621a.8(c)"
    deal: str = "621a.8(d)"
    collect_empty: str = "621a.8(e)"
    shaker_after: str = "621a.8(f)"
    styles: str = "621a.9"
    set_hands: str = "621a.10(a)"
    assistance: str = "621a.10(b)"
    dealer_turns_over: str = "621a.10(c)"
    dealer_way: str = "621a.10(d)"
    surrender: str = "621a.10(e)"
    expose: str = "621a.10(f)"
    lose: str = "621a.10(g)"
    tie: str = "621a.10(h)"
    tie_returned: str = "621a.10(i)"
    win: str = "621a.10(j)"
    vigorish: str = "621a.10(k)"
    collect_tiles: str = "621a.10(l)"
    bank_offered: str = "621a.11(a)"
    no_bank_at_start: str = "621a.11(b)"
    bank_rotation: str = "621a.11(c)"
    bank_last_wager: str = "621a.11(d)(1)"
    bank_covers: str = "621a.11(d)(2)"
    co_bank: str = "621a.11(e)"
    bank_one_area: str = "621a.11(f)"
    cut: str = "621a.11(g)"
    dealer_wager: str = "621a.11(h)"
    bank_style: str = "621a.11(i)"
    bank_count: str = "621a.11(j)"
    bank_deal: str = "621a.11(k)"
    bank_collect_empty: str = "621a.11(l)"
    bank_shaker_after: str = "621a.11(m)"
    dealer_vs_bank: str = "621a.11(n)"
    bank_settle: str = "621a.11(o)"
    dealer_win_returned: str = "621a.11(p)"
    bank_vigorish: str = "621a.11(q)"
    co_bank_settle: str = "621a.11(r)"
    not_flat: str = "621a.12(a)"
    die_out: str = "621a.12(b)"
    wrong_count: str = "621a.12(c)"
    player_tile_exposed: str = "621a.12(d)"
    other_tile_exposed: str = "621a.12(e)"
    dealer_reset: str = "621a.12(f)"
    adjacent: str = "621a.13(a)"
    adjacent_order: str = "621a.13(b)"


SECTIONS = Sections()
"""The sections of ch. 621a, one name per step."""

HouseWaySpec = str | tuple[str, ...]
"""A shipped house way by name, or an ordered list of named rules."""


class PaiGowRules(RulesSubmission):
    """The Rules Submission of a Pai Gow table (ch. 621a).

    Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow, naming the
    section.
    """

    game: Literal["pai-gow"] = "pai-gow"
    starting_position: StartingPosition = StartingPosition.DICE
    """Three dice in the shaker, or a computerized random number generator (621a.8(a));
    a player bank always shakes the dice (621a.11(i))."""
    delivery_styles: tuple[DeliveryStyle, ...] = ALTERNATIVE_STYLES
    """The styles of 621a.9 the dealer or the bank may choose; the standard delivery of
    621a.8(d) is always allowed."""
    house_way: HouseWaySpec = "regulation"
    """How the dealer sets (621a.10(d), 621a.12(f)): a shipped way
    (:data:`~croupier.hands.paigow.HOUSE_WAYS`) or an ordered list of named rules of
    :data:`~croupier.hands.paigow.WAY_RULES`. It must comply with 621a.10(d) in every
    hand."""
    vigorish_to_quarter: YesNo = False
    """Round the 5% vigorish up to 25 cents or the next multiple of 25 cents (621a.10(k))."""
    player_banking: YesNo = False
    """Offer the players the bank (621a.11(a))."""
    co_banking: YesNo = False
    """Offer a player bank co-banking with the certificate holder (621a.11(e))."""
    co_bank_way: HouseWaySpec = "regulation"
    """How the dealer sets a co-bank's hand (621a.11(e)): any house way."""
    dealer_wager_against_bank: WholeCents | None = None
    """The dealer's wager against a player bank (cents), or ``None`` for the bank's last
    wager against the dealer (621a.11(h))."""
    adjacent_boxes: WholeNumber = 1
    """How many adjacent betting areas one player may wager on in a round (621a.13(a))."""
    idle_minutes: WholeNumber = 30
    """After this many minutes with no gaming activity (no round with a wager ended) the
    table returns to the start of the game: the tiles are displayed again and no bank is
    offered in its first round (621a.6(g), 621a.11(b)). The text names no time: the
    operator does, here (docs/interpretations.md)."""

    seats: ClassVar[int] = BETTING_POSITIONS
    later_options: ClassVar[frozenset[str]] = frozenset({"idle_minutes"})
    variant_field: ClassVar[str | None] = "house_way"

    @property
    def sections(self) -> Sections:
        return SECTIONS

    @property
    def dealer_way(self) -> HouseWay:
        """The dealer's house way (621a.10(d))."""
        return house_way(self.house_way)

    def variant_name(self) -> str:
        """The dealer's house way by name (a list of named rules has one too)."""
        return self.dealer_way.name

    @property
    def co_bank_house_way(self) -> HouseWay:
        """The way the dealer sets a co-bank's hand (621a.11(e))."""
        return house_way(self.co_bank_way)

    def seats_cite(self) -> str:
        return SECTIONS.seats

    def check_seats(self, seats: dict[int, str]) -> None:
        """Raise :class:`RulesSubmissionError` for a seat that does not exist (621a.2(a))
        or a player at more boxes, or boxes less adjacent, than the submission allows
        (621a.13(a))."""
        super().check_seats(seats)
        boxes: dict[str, list[int]] = {}
        for seat, player in sorted(seats.items()):
            boxes.setdefault(player, []).append(seat)
        for player, held in boxes.items():
            if len(held) > self.adjacent_boxes:
                raise RulesSubmissionError(
                    f"player {player!r} is at {len(held)} betting areas {held}; this table "
                    f"allows {self.adjacent_boxes}",
                    SECTIONS.adjacent,
                )
            if held != list(range(held[0], held[0] + len(held))):
                raise RulesSubmissionError(
                    f"player {player!r} may wager only on adjacent betting areas, not {held}",
                    SECTIONS.adjacent,
                )

    # -- validation --------------------------------------------------------------------
    @field_validator("house_way", "co_bank_way", mode="before")
    @classmethod
    def _way_spec(cls, value: object) -> object:
        if isinstance(value, list):
            return tuple(value)
        return value

    @model_validator(mode="after")
    def _check(self) -> PaiGowRules:
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the table limits must satisfy 0 < minimum ({self.minimum_wager}) <= "
                f"maximum ({self.maximum_wager}) cents (601a.2)"
            )
        if self.idle_minutes < 1:
            raise ValueError(
                f"idle_minutes must be at least 1, not {self.idle_minutes} ({SECTIONS.idle})"
            )
        if len(set(self.delivery_styles)) != len(self.delivery_styles):
            raise ValueError("delivery_styles lists a style twice (621a.9)")
        if DeliveryStyle.STANDARD in self.delivery_styles:
            raise ValueError(
                "delivery_styles lists the alternatives of 621a.9; the standard delivery of "
                "621a.8(d) is always allowed (621a.9)"
            )
        self._check_ways()
        if self.co_banking and not self.player_banking:
            raise ValueError(
                "co_banking is offered only to a player bank: set player_banking (621a.11(e))"
            )
        if self.dealer_wager_against_bank is not None and self.dealer_wager_against_bank < 0:
            raise ValueError(
                "dealer_wager_against_bank must be zero or more cents, not "
                f"{self.dealer_wager_against_bank} (621a.11(h))"
            )
        if not 1 <= self.adjacent_boxes <= BETTING_POSITIONS:
            raise ValueError(
                f"adjacent_boxes must be 1 to {BETTING_POSITIONS}, not {self.adjacent_boxes} "
                "(621a.13(a))"
            )
        return self

    def _check_ways(self) -> None:
        """Each house way is one, and the dealer's sets every hand as 621a.10(d) says."""
        for field, spec, cite in (
            ("house_way", self.house_way, "621a.10(d)"),
            ("co_bank_way", self.co_bank_way, "621a.11(e)"),
        ):
            try:
                house_way(spec)
            except ValueError as error:
                raise ValueError(f"{field}: {error} ({cite})") from error
        way = self.dealer_way
        if way not in (REGULATION, REGULATION_LOW_FIRST):
            try:
                wrong = departures(way)
            except ValueError as error:
                raise ValueError(f"house_way: {error} (621a.10(d))") from error
            if wrong:
                hand, setting = wrong[0]
                tiles = " ".join(t.code for t in hand)
                raise ValueError(
                    f"the house way {way.name!r} sets {len(wrong)} hands as the dealer may "
                    f"not, e.g. {tiles} as {setting}; the dealer's way must follow the four "
                    "steps of 621a.10(d) (621a.10(d))"
                )

    @property
    def allowed_styles(self) -> tuple[DeliveryStyle, ...]:
        """The styles this table delivers by: the standard delivery of 621a.8(d), always,
        and the styles of 621a.9 its Rules Submission lists."""
        return (DeliveryStyle.STANDARD, *self.delivery_styles)

    def style_refusal(self, style: DeliveryStyle) -> str | None:
        """Why ``style`` may not be chosen at this table, in the regulation's names
        (621a.9); ``None`` where it may."""
        if style in self.allowed_styles:
            return None
        allowed = ", ".join(STYLE_NAMES[s] for s in self.allowed_styles)
        return f"the Rules Submission does not allow {STYLE_NAMES[style]}; allowed: {allowed}"

    def describe_limits(self) -> str:
        """``"$5 to $5,000"``: the table limits."""
        return f"{format_cents(self.minimum_wager)} to {format_cents(self.maximum_wager)}"


__all__ = [
    "ALTERNATIVE_STYLES",
    "BETTING_POSITIONS",
    "PAYOUT_ODDS",
    "POSITIONS_COUNTED",
    "RNG_NUMBERS",
    "SECTIONS",
    "STACKS",
    "STYLE_CITES",
    "STYLE_NAMES",
    "DeliveryStyle",
    "PaiGowRules",
    "Sections",
    "StartingPosition",
]
