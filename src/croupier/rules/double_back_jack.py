"""Double Back Jack (58 Pa. Code ch. 673a): payout odds, the sections behind each step
and the Rules Submission.

What the chapter leaves to the certificate holder is in :class:`DoubleBackJackRules`:
the number of decks in the dealing shoe (673a.3(a)), manual shuffling or two batches
alternating with an automated shuffler (673a.3(b)), the number of adjacent boxes a
player may wager on (673a.6(e)), whether a player who sat out a round may wager again
before the next shuffle (673a.6(b)), the smallest chip for the Insurance limit
(673a.8(b)), the settlement procedure (673a.7(t)(1) or (2)) and to whom the cut is
offered when the discard rack is shuffled mid-round (673a.13(f)). Card values and hand
totals are in :mod:`croupier.hands.blackjack`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, Literal

from pydantic import ValidationInfo, model_validator

from croupier.money import Cents
from croupier.rules.base import (
    RulesSubmission,
    WholeCents,
    WholeNumber,
    YesNo,
    stored_context,
)
from croupier.spots import Spot as TypedSpot

BLACKJACK_ODDS = Fraction(2)
"""673a.12(a): a player Blackjack pays 2 to 1."""

WIN_ODDS = Fraction(1)
"""673a.12(a): every other winning Blackjack Wager (a player 21 included) pays 1 to 1."""

SECOND_CHANCE_ODDS = Fraction(1)
"""673a.12(b): a winning Second Chance Wager pays 1 to 1."""

INSURANCE_ODDS = Fraction(2)
"""673a.12(c): a winning Insurance Wager pays 2 to 1."""

DEALER_PUSH_TOTAL = 22
"""673a.7(q)(1): a dealer total of 22 returns every remaining Blackjack and Second
Chance Wager."""

DEALER_STANDS_ON = 17
"""673a.7(o): the dealer draws to 16 and stands on every hard or soft 17 to 21."""

MAX_HANDS = 2
"""673a.11(a): a split makes at most two hands."""

DECK_SIZE = 52

MAX_DECKS = 8
"""The most decks croupier takes in a shoe: 673a.3(a) requires at least one deck and sets
no maximum; this cap is croupier's own, the range its strategy and return analysis
supports."""

DECK_CHANGE = timedelta(hours=24)
"""673a.3(c): the decks are changed at least once every 24 hours."""

MIN_CUT = 10
"""673a.5(d): the cutter's cover card goes at least ten cards from the top or bottom."""

COVER_FRACTION = Fraction(1, 4)
"""673a.5(d): the dealer reinserts the cover card at least 1/4 of the way in from the
bottom."""


class Shuffling(StrEnum):
    """How the shoe is shuffled (673a.3(b), 673a.5(a))."""

    MANUAL = "manual"
    """By the dealer, one batch of :attr:`DoubleBackJackRules.decks` decks."""
    AUTOMATED = "automated"
    """Two batches of :attr:`DoubleBackJackRules.decks` decks each, of different back
    colours, alternating: one shuffled in the automated shuffler while the other is
    dealt (673a.3(b)). Not a continuous shuffler (673a.5(h))."""


DEFAULT_BACK_COLORS = ("red", "blue")
"""The back colours a Rules Submission that names none gets: the first alone with manual
shuffling (673a.3(a)), both with an automated shuffler (673a.3(b)(2))."""


class Settlement(StrEnum):
    """The settlement procedure of the Rules Submission (673a.7(t))."""

    COLLECT_THEN_PAY = "collect_then_pay"
    """673a.7(t)(1): collect every losing wager counterclockwise from the dealer's right,
    then pay every winning wager."""
    EACH_PLAYER = "each_player"
    """673a.7(t)(2): each player's losing wagers collected and winning wagers paid in
    turn, counterclockwise from the dealer's right."""


class InsufficientCardsCut(StrEnum):
    """To whom the cut is offered when the shoe runs out mid-round and the discard rack is
    shuffled and cut "according to the procedures in § 673a.5" (673a.13(f)): the cover
    card has necessarily appeared in that round, so the order of 673a.5(c) is read with
    "the last round of play" as the round in progress
    (``interpretations:insufficient-cards-cut``). In either order the dealer cuts when
    no player accepts (673a.5(b))."""

    COVER_CARD = "cover_card"
    """673a.5(c)(2)-(3): to the player on whose betting area the cover card appeared in
    the round; if it appeared on the dealer's hand (or at a burn or a discard), from the
    player farthest to the dealer's right, counterclockwise. The default."""
    RIGHT = "right"
    """673a.5(c)(3)-(4): from the player farthest to the dealer's right, counterclockwise,
    wherever the cover card appeared."""


class SecondChanceAmount(StrEnum):
    """The amount of a Second Chance Wager, "the amount of the player's current Blackjack
    Wager" (673a.7(l)), where a double down has added to the hand's wager
    (``interpretations:second-chance-amount``)."""

    CURRENT = "current"
    """The Blackjack Wager on the hand as it stands: after a double down, the original
    and the double together. The default."""
    ORIGINAL = "original"
    """The original Blackjack Wager alone, a double down's added wager not counted."""


class Spot(StrEnum):
    """The wagers of a box (673a.2(b)(2)-(3), 673a.8, 673a.10, 673a.11). The wagers of
    the second hand of a split carry the suffix ``_2`` (``blackjack_2``)."""

    BLACKJACK = "blackjack"
    """Required to take part (673a.6(d))."""
    INSURANCE = "insurance"
    """At most half the initial Blackjack Wager, on a dealer ace (673a.8)."""
    DOUBLE = "double"
    """At most the original Blackjack Wager, one card only (673a.10)."""
    SECOND_CHANCE = "second_chance"
    """Equal to the current Blackjack Wager, on a bust (673a.7(l))."""


def spot_name(spot: Spot, hand: int) -> str:
    """The spot of ``spot`` on hand ``hand`` (0 the first, 1 the second of a split):
    ``"blackjack"``, ``"blackjack_2"``."""
    return spot.value if hand == 0 else f"{spot.value}_{hand + 1}"


SPOT_WORDS = {
    Spot.BLACKJACK: "Blackjack",
    Spot.SECOND_CHANCE: "Second Chance",
    Spot.INSURANCE: "Insurance",
    Spot.DOUBLE: "Double",
}
"""Each wager as 673a names it."""


@dataclass(frozen=True)
class HandSpot(TypedSpot):
    """A wager of one hand (673a): its ``kind`` and the ``hand`` it is on (0 the first, 1
    the second of a split; Insurance only on the first). ``str()``: the spot as commands
    and events write it (:func:`spot_name`: ``"blackjack"``, ``"blackjack_2"``), parsed
    back by lookup (:meth:`~croupier.spots.Spot.parse`), never split.

    >>> spot = HandSpot.parse("blackjack_2")
    >>> spot.kind, spot.hand, spot.label
    (<Spot.BLACKJACK: 'blackjack'>, 1, 'Blackjack (hand 2)')
    >>> str(HandSpot(Spot.SECOND_CHANCE))
    'second_chance'
    """

    kind: Spot
    hand: int = 0

    def __str__(self) -> str:
        return spot_name(self.kind, self.hand)

    @property
    def label(self) -> str:
        """The wager as 673a names it, with its hand after a split."""
        said = SPOT_WORDS[self.kind]
        return said if self.hand == 0 else f"{said} (hand {self.hand + 1})"

    @classmethod
    def every(cls) -> tuple[HandSpot, ...]:
        return tuple(
            cls(kind, hand)
            for hand in range(MAX_HANDS)
            for kind in Spot
            if hand == 0 or kind is not Spot.INSURANCE
        )


def spot_words(spot: str) -> str:
    """A spot (:class:`HandSpot`) as 673a names its wager: ``"second_chance"`` is "Second
    Chance", ``"blackjack_2"`` "Blackjack (hand 2)"; any other text as it was sent."""
    return HandSpot.parse(spot).label if HandSpot.is_spot(spot) else spot


def insurance_limit(initial: Cents, chip: Cents) -> Cents:
    """The largest Insurance Wager (cents) on an initial Blackjack Wager of ``initial``
    cents: half of it, or the next amount that can be wagered in chips of ``chip`` cents
    when half cannot be (673a.8(b)).

    >>> insurance_limit(1000, 100), insurance_limit(500, 100), insurance_limit(500, 50)
    (500, 300, 250)
    """
    units = -(-initial // (2 * chip))
    return units * chip


@dataclass(frozen=True, slots=True)
class Sections:
    """The section behind each step of a round."""

    seats: str = "673a.2(a)"
    reader: str = "673a.2(d)"
    discard_rack_height: str = "673a.2(e)"
    decks: str = "673a.3(a)"
    batches: str = "673a.3(b)"
    batches_equal: str = "673a.3(b)(1)"
    back_colors: str = "673a.3(b)(2)"
    batch_shuffled: str = "673a.3(b)(3)"
    alternate: str = "673a.3(b)(4)"
    one_batch_in_rack: str = "673a.3(b)(5)"
    deck_change: str = "673a.3(c)"
    values: str = "673a.3(d)"
    shuffle: str = "673a.5(a)"
    cut_offered: str = "673a.5(b)"
    cut_order: str = "673a.5(c)"
    cut: str = "673a.5(d)"
    recut: str = "673a.5(e)"
    reshuffle: str = "673a.5(f)"
    wagers: str = "673a.6(a)"
    sat_out: str = "673a.6(b)"
    before_deal: str = "673a.6(c)"
    blackjack_wager: str = "673a.6(d)"
    adjacent_boxes: str = "673a.6(e)"
    shoe: str = "673a.7(a)"
    burn: str = "673a.7(c)"
    cover_card: str = "673a.7(d)"
    deal: str = "673a.7(e)"
    player_blackjack: str = "673a.7(f)"
    offer_insurance: str = "673a.7(g)"
    card_reader: str = "673a.7(h)"
    decisions: str = "673a.7(i)"
    draw: str = "673a.7(j)"
    hit: str = "673a.7(k)"
    no_hit_on_21: str = "673a.7(k)(1)"
    one_card_on_double: str = "673a.7(k)(2)"
    second_chance: str = "673a.7(l)"
    second_chance_bust: str = "673a.7(l)(1)"
    second_chance_21: str = "673a.7(l)(2)"
    second_chance_continue: str = "673a.7(l)(3)"
    player_21: str = "673a.7(m)"
    hole_card: str = "673a.7(n)"
    dealer_draws: str = "673a.7(o)"
    dealer_no_draw: str = "673a.7(p)"
    dealer_22: str = "673a.7(q)(1)"
    settle: str = "673a.7(q)(2)"
    win_dealer_bust: str = "673a.7(r)(1)(i)"
    win_higher: str = "673a.7(r)(1)(ii)"
    tie: str = "673a.7(r)(2)"
    lose_bust: str = "673a.7(r)(3)(i)"
    lose_lower: str = "673a.7(r)(3)(ii)"
    win_with_second_chance: str = "673a.7(s)(1)(i)"
    win_without_second_chance: str = "673a.7(s)(1)(ii)"
    push: str = "673a.7(s)(2)"
    lose: str = "673a.7(s)(3)"
    collect_then_pay: str = "673a.7(t)(1)"
    each_player: str = "673a.7(t)(2)"
    discard_rack: str = "673a.7(u)"
    insurance: str = "673a.8(a)"
    insurance_limit: str = "673a.8(b)"
    insurance_paid: str = "673a.8(c)"
    insurance_collected: str = "673a.8(d)"
    surrender: str = "673a.9(a)"
    surrender_now: str = "673a.9(a)(1)"
    surrender_after_reader: str = "673a.9(a)(2)"
    surrender_and_insurance: str = "673a.9(b)"
    double: str = "673a.10(a)"
    double_card: str = "673a.10(b)"
    double_after_split: str = "673a.10(c)"
    split: str = "673a.11(a)"
    split_order: str = "673a.11(b)"
    split_decisions: str = "673a.11(c)"
    blackjack_odds: str = "673a.12(a)"
    second_chance_odds: str = "673a.12(b)"
    insurance_odds: str = "673a.12(c)"
    face_up_card: str = "673a.13(a)"
    drawn_in_error: str = "673a.13(b)"
    exposed_in_error: str = "673a.13(c)"
    dealer_drew_on_17: str = "673a.13(d)"
    dealer_missed_card: str = "673a.13(e)"
    insufficient_cards: str = "673a.13(f)"
    no_cards: str = "673a.13(g)"
    missed_draw: str = "673a.13(h)"
    reader_misused: str = "673a.13(i)"
    reader_malfunction: str = "673a.13(j)"
    shuffler_jam: str = "673a.13(k)"
    shuffler_out_of_order: str = "673a.13(l)"


SECTIONS = Sections()


class DoubleBackJackRules(RulesSubmission):
    """The Rules Submission of a Double Back Jack table (ch. 673a).

    Amounts are cents. Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow: no decks
    (673a.3(a)), two batches of one back colour (673a.3(b)(2)), adjacent boxes outside
    1 to 6 (673a.2(a), 673a.6(e)), a chip that is not a whole positive number of cents
    (673a.8(b)).
    """

    game: Literal["double-back-jack"] = "double-back-jack"
    decks: WholeNumber = 6
    """Decks in the dealing shoe: at least one (673a.3(a)), at most :data:`MAX_DECKS`
    (8, croupier's own cap, not the chapter's); with an automated shuffler each
    of the two batches holds this many (673a.3(b)(1))."""
    shuffling: Shuffling = Shuffling.MANUAL
    """Manual shuffling, or two batches alternating with an automated shuffler
    (673a.3(b))."""
    back_colors: tuple[str, ...] = DEFAULT_BACK_COLORS[:1]
    """The back colour of each batch: one with manual shuffling, whose cards are all
    identical in appearance (673a.3(a)); two that differ with an automated shuffler
    (673a.3(b)(2)). Where none is named: ``("red",)``, or ``("red", "blue")`` with an
    automated shuffler (``interpretations:dbj-back-colours``)."""
    adjacent_boxes: WholeNumber = 1
    """How many adjacent boxes one player may place Blackjack Wagers on (673a.6(e))."""
    bar_sat_out: YesNo = False
    """A patron who makes no wager on a round may not wager again until the next shuffle
    (673a.6(b))."""
    chip: WholeCents = 100
    """The smallest chip, cents: the Insurance limit rounds up to it (673a.8(b))."""
    settlement: Settlement = Settlement.COLLECT_THEN_PAY
    """673a.7(t)(1) or (2)."""
    insufficient_cards_cut: InsufficientCardsCut = InsufficientCardsCut.COVER_CARD
    """To whom the cut of the discard rack is offered when the shoe runs out mid-round
    (673a.13(f), 673a.5(b)-(c))."""
    second_chance_amount: SecondChanceAmount = SecondChanceAmount.CURRENT
    """The Second Chance Wager on a hand whose wager a double down added to: the whole
    current wager, or the original Blackjack Wager alone (673a.7(l))."""

    later_options: ClassVar[frozenset[str]] = frozenset({"second_chance_amount"})

    @property
    def sections(self) -> Sections:
        return SECTIONS

    @property
    def batch_colors(self) -> tuple[str, ...]:
        """The back colour of each batch in use (one, or two with a shuffler)."""
        return self.back_colors[: 2 if self.shuffling is Shuffling.AUTOMATED else 1]

    def own_maximums(self) -> dict[str, Cents]:
        """An Insurance Wager half the largest Blackjack Wager, or the next amount that can
        be wagered in chips of :attr:`chip` cents (:func:`insurance_limit`, 673a.8(b))."""
        return {"insurance": insurance_limit(self.maximum_wager, self.chip)}

    def seat_count(self) -> int:
        """Six betting positions at most (673a.2(a))."""
        return 6

    def seats_cite(self) -> str:
        return SECTIONS.seats

    @model_validator(mode="before")
    @classmethod
    def _default_back_colors(cls, data: Any) -> Any:
        """Name the default back colours for the shuffling chosen where none are given."""
        if isinstance(data, dict) and "back_colors" not in data:
            automated = str(data.get("shuffling", Shuffling.MANUAL)) == Shuffling.AUTOMATED
            return {**data, "back_colors": DEFAULT_BACK_COLORS[: 2 if automated else 1]}
        return data

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> DoubleBackJackRules:
        s = SECTIONS
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the limits must satisfy 0 < minimum ({self.minimum_wager}) <= maximum "
                f"({self.maximum_wager}) cents (601a.2)"
            )
        if self.decks < 1:
            raise ValueError(
                f"decks must be at least 1, not {self.decks}: the chapter requires at least "
                f"one deck ({s.decks})"
            )
        if self.decks > MAX_DECKS:
            raise ValueError(
                f"decks must be at most {MAX_DECKS}, not {self.decks}: 673a.3(a) requires at "
                f"least one deck and sets no maximum; croupier's analysis and simulation "
                f"support up to {MAX_DECKS} (601a.2)"
            )
        self._check_colors(info)
        if not 1 <= self.adjacent_boxes <= 6:
            raise ValueError(
                f"adjacent_boxes must be 1 to 6, not {self.adjacent_boxes} ({s.adjacent_boxes})"
            )
        if self.chip <= 0:
            raise ValueError(
                f"the smallest chip must be positive, not {self.chip} ({s.insurance_limit})"
            )
        return self

    def _check_colors(self, info: ValidationInfo) -> None:
        """A back colour named for each batch: one for manual shuffling, two different ones
        for an automated shuffler."""
        s = SECTIONS
        colors = self.batch_colors
        if len(colors) < len(self.batch_colors) or any(not c.strip() for c in colors):
            raise ValueError(f"name a back colour for each batch ({s.back_colors})")
        if (
            self.shuffling is Shuffling.MANUAL
            and len(self.back_colors) > 1
            and not stored_context(info)  # accepted before this check: the first is used
        ):
            raise ValueError(
                f"manual shuffling names one back colour, not {list(self.back_colors)!r}: "
                "without an automated card shuffling device the game is played with one "
                "batch of cards identical in appearance; two batches of different back "
                f"colours go with an automated shuffler ({s.back_colors}), so write one "
                f'back colour or shuffling = "automated" ({s.decks})'
            )
        if self.shuffling is Shuffling.AUTOMATED and (len(colors) < 2 or colors[0] == colors[1]):
            raise ValueError(
                "the two batches must have backs of different colours, e.g. "
                f"('red', 'blue'), not {self.back_colors!r} ({s.back_colors})"
            )


__all__ = [
    "BLACKJACK_ODDS",
    "COVER_FRACTION",
    "DEALER_PUSH_TOTAL",
    "DEALER_STANDS_ON",
    "DECK_CHANGE",
    "DECK_SIZE",
    "INSURANCE_ODDS",
    "MAX_HANDS",
    "MIN_CUT",
    "SECOND_CHANCE_ODDS",
    "SECTIONS",
    "WIN_ODDS",
    "DoubleBackJackRules",
    "HandSpot",
    "InsufficientCardsCut",
    "SecondChanceAmount",
    "Sections",
    "Settlement",
    "Shuffling",
    "Spot",
    "insurance_limit",
    "spot_name",
]
