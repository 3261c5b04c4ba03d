"""Criss-Cross Poker (58 Pa. Code ch. 674a): the cross, the paytables, the sections and
the Rules Submission.

The chapter has one rule set; what differs between tables is the operator's choice of
equipment (manual or automated shuffling, one or two decks, manual shoe, hand or
automated dealing shoe), whether the optional Five Card Bonus Wager is offered
(674a.7(e)) and whether an aggregate payout limit is set (674a.12(d)). Each step's
section is named in :data:`SECTIONS` and, for the three dealing procedures, in
:data:`PROCEDURE_SECTIONS`; the paytables are constants with their citations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pydantic import model_validator

from croupier.equipment.cards import (
    STUB_COUNT_EVERY,
    DealingProcedure,
    ProcedureSections,
    Rank,
    check_equipment,
)
from croupier.hands.poker import HandCategory, HandValue
from croupier.money import Cents, format_cents
from croupier.rules.base import OneOrTwo, RulesSubmission, WholeCents, WholeNumber, YesNo

DECK_SIZE = 52
PLAYER_CARDS = 2
"""Each player with both Ante Wagers receives two cards (674a.8(d))."""

MAX_BET_MULTIPLE = 3
"""The Across, Down and Middle Bets are one to three times the ante (674a.11(b), (d),
(f))."""

PAYOUT_LIMIT_FLOOR: Cents = 5_000_000
"""$50,000: the least aggregate payout limit (674a.12(d))."""


class CrossPosition(StrEnum):
    """The five community card boxes of the cross (674a.2(b)(3)), in the order they are
    dealt (674a.8(d)): the box furthest from the dealer, the three of the second row
    from the dealer's left, and the box closest to the dealer."""

    FAR = "far"
    LEFT = "left"
    MIDDLE = "middle"
    RIGHT = "right"
    NEAR = "near"


CROSS: tuple[CrossPosition, ...] = tuple(CrossPosition)
"""The community boxes in dealing order (674a.8(d), 674a.9(b), 674a.10(b))."""

HORIZONTAL: tuple[CrossPosition, ...] = (
    CrossPosition.LEFT,
    CrossPosition.MIDDLE,
    CrossPosition.RIGHT,
)
"""The horizontal line: with the player's two cards, the Across Hand (674a.1)."""
VERTICAL: tuple[CrossPosition, ...] = (CrossPosition.FAR, CrossPosition.MIDDLE, CrossPosition.NEAR)
"""The vertical line: with the player's two cards, the Down Hand (674a.1)."""

REVEALS: tuple[tuple[CrossPosition, ...], ...] = (
    (CrossPosition.LEFT, CrossPosition.RIGHT),
    (CrossPosition.FAR, CrossPosition.NEAR),
    (CrossPosition.MIDDLE,),
)
"""The community cards turned up after the Across, Down and Middle decisions
(674a.11(c), (e), (g))."""


class Spot(StrEnum):
    """The betting areas of each position (674a.2(b)(2), (4))."""

    ANTE_ACROSS = "ante_across"
    ANTE_DOWN = "ante_down"
    FIVE_CARD_BONUS = "five_card_bonus"
    ACROSS = "across"
    DOWN = "down"
    MIDDLE = "middle"


SPOT_LABELS: dict[Spot, str] = {
    Spot.ANTE_ACROSS: "Ante Across",
    Spot.ANTE_DOWN: "Ante Down",
    Spot.ACROSS: "Across",
    Spot.DOWN: "Down",
    Spot.MIDDLE: "Middle",
    Spot.FIVE_CARD_BONUS: "Five Card Bonus",
}
"""Each betting area as the layout names it (674a.2(b)(2), (4)), in the layout's order."""

ANTES: tuple[Spot, Spot] = (Spot.ANTE_ACROSS, Spot.ANTE_DOWN)
BETS: tuple[Spot, Spot, Spot] = (Spot.ACROSS, Spot.DOWN, Spot.MIDDLE)
"""The three bets in the order the dealer asks for them (674a.11(b), (d), (f))."""


class Shuffling(StrEnum):
    """How the cards are shuffled (674a.5(a))."""

    MANUAL = "manual"
    AUTOMATED = "automated"


class Device(StrEnum):
    """Automated equipment that can be put out of order (674a.13(g))."""

    SHUFFLER = "automated_shuffler"
    DEALING_SHOE = "automated_dealing_shoe"


# --- paytables ---------------------------------------------------------------------------
class Payline(StrEnum):
    """The hands the paytables of 674a.12 distinguish."""

    LESS_THAN_SIXES = "less_than_a_pair_of_6s"
    SIXES_TO_TENS = "pair_of_6s_through_10s"
    JACKS_OR_BETTER = "pair_of_jacks_or_better"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"


CATEGORY_LINE: dict[HandCategory, Payline] = {
    HandCategory.TWO_PAIRS: Payline.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND: Payline.THREE_OF_A_KIND,
    HandCategory.STRAIGHT: Payline.STRAIGHT,
    HandCategory.FLUSH: Payline.FLUSH,
    HandCategory.FULL_HOUSE: Payline.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND: Payline.FOUR_OF_A_KIND,
    HandCategory.STRAIGHT_FLUSH: Payline.STRAIGHT_FLUSH,
    HandCategory.ROYAL_FLUSH: Payline.ROYAL_FLUSH,
}
"""The paytable line of each category from two pair up (below it, the pair decides)."""


def payline(value: HandValue) -> Payline:
    """The paytable line of a five-card hand ``value`` (674a.6, 674a.12)."""
    if value.category is HandCategory.HIGH_CARD:
        return Payline.LESS_THAN_SIXES
    if value.category is HandCategory.PAIR:
        pair = value.ranks[0]
        if pair >= Rank.JACK:
            return Payline.JACKS_OR_BETTER
        return Payline.SIXES_TO_TENS if pair >= Rank.SIX else Payline.LESS_THAN_SIXES
    return CATEGORY_LINE[value.category]


PAYLINE_ORDER: tuple[Payline, ...] = tuple(Payline)
"""Lowest to highest: a later line is a higher ranking hand."""

ANTE_ODDS: dict[Payline, Fraction | None] = {
    line: (None if line is Payline.SIXES_TO_TENS else Fraction(1))
    for line in PAYLINE_ORDER
    if line is not Payline.LESS_THAN_SIXES
}
"""674a.12(a): a pair of jacks or better pays 1 to 1; a pair of 6s through 10s pushes
(``None``); less than a pair of 6s loses (674a.11(h)(1)(i))."""

BET_ODDS: dict[Payline, Fraction | None] = {
    Payline.ROYAL_FLUSH: Fraction(500),
    Payline.STRAIGHT_FLUSH: Fraction(100),
    Payline.FOUR_OF_A_KIND: Fraction(40),
    Payline.FULL_HOUSE: Fraction(12),
    Payline.FLUSH: Fraction(8),
    Payline.STRAIGHT: Fraction(5),
    Payline.THREE_OF_A_KIND: Fraction(3),
    Payline.TWO_PAIR: Fraction(2),
    Payline.JACKS_OR_BETTER: Fraction(1),
    Payline.SIXES_TO_TENS: None,
}
"""674a.12(b): the Across, Down and Middle Bets; ``None`` is a push."""

BONUS_ODDS: dict[Payline, Fraction] = {
    Payline.ROYAL_FLUSH: Fraction(250),
    Payline.STRAIGHT_FLUSH: Fraction(100),
    Payline.FOUR_OF_A_KIND: Fraction(40),
    Payline.FULL_HOUSE: Fraction(15),
    Payline.FLUSH: Fraction(10),
    Payline.STRAIGHT: Fraction(6),
    Payline.THREE_OF_A_KIND: Fraction(4),
    Payline.TWO_PAIR: Fraction(3),
    Payline.JACKS_OR_BETTER: Fraction(1),
    Payline.SIXES_TO_TENS: Fraction(1),
}
"""674a.12(c): the Five Card Bonus on the five community cards; "pair of 6s or better"
pays 1 to 1 for any pair of 6s through aces."""


def won_per_ante(across: Payline, down: Payline) -> int:
    """What a round pays, in units of one ante, when the Across and Down Hands are
    ``across`` and ``down`` (both a pair of jacks or better) and every bet is 3x: each
    ante 1 to 1 (674a.12(a)), the Across and Down Bets on their own hands and the Middle
    Bet on the higher one (674a.12(b), 674a.11(h)(4))."""
    higher = max(across, down, key=PAYLINE_ORDER.index)
    antes = sum(int(ANTE_ODDS[line] or 0) for line in (across, down))
    bets = sum(int(BET_ODDS[line] or 0) for line in (across, down, higher))
    return antes + MAX_BET_MULTIPLE * bets


MOST_WON_PER_ANTE = won_per_ante(Payline.ROYAL_FLUSH, Payline.STRAIGHT_FLUSH)
"""The most one player can win per unit of each ante (both antes equal, every bet 3x):
3,302. Both antes win 1 to 1; the Across and Down Hands cannot both be royal flushes
(they share the player's two cards and the middle card, so both would be the royal flush
of one suit and the horizontal and vertical outer cards would be the same two cards), so
at most one bet and the Middle Bet pay 500 to 1 and the other bet at most 100 to 1
(straight flush). It is reached: player Qs Js, middle Ts, horizontal As Ks (royal
flush), vertical 9s 8s (queen-high straight flush); the five community cards are then a
flush (As Ks Ts 9s 8s), and they are always just a flush: a royal flush and a straight
flush in the Across and Down Hands are one suit, so all seven cards are; the straight
flush holds the two player cards and the middle card, three of T to A, so it is the 8
to Q (the 9 to K would need a fourth, which is in the royal flush's outer cards) and the
cross is A, K, one of T J Q, 8 and 9. 674a.12(d)."""

MOST_WON_WITH_BONUS: dict[Payline, int] = {
    Payline.FLUSH: MOST_WON_PER_ANTE,
    Payline.FULL_HOUSE: won_per_ante(Payline.FOUR_OF_A_KIND, Payline.FULL_HOUSE),
    Payline.FOUR_OF_A_KIND: won_per_ante(Payline.FULL_HOUSE, Payline.FULL_HOUSE),
    Payline.STRAIGHT_FLUSH: won_per_ante(Payline.ROYAL_FLUSH, Payline.FLUSH),
    Payline.ROYAL_FLUSH: won_per_ante(Payline.STRAIGHT_FLUSH, Payline.FLUSH),
}
"""For each line of the Five Card Bonus from a flush up, the most a round pays in ante
units (every bet 3x) when the five community cards are that hand: 3,302, 278, 110,
3,026 and 626. With ``a`` the ante and ``b`` the bonus wager, the most one round pays
is the greatest ``units * a + BONUS_ODDS[line] * b`` over these lines (674a.12(d),
:meth:`CrissCrossPokerRules.most_won_at_minimum`):

- *A flush or less* (bonus at most 10 to 1): the ante part is at most 3,302
  (:data:`MOST_WON_PER_ANTE`) and that deal's community cards are a flush, so
  ``3,302 a + 10 b`` bounds every such deal and is reached.
- *Full house* (trips ``t``, pair ``p``): three community cards in a hand hold two of a
  rank, so neither hand is a flush or straight; a hand is four of a kind only with all
  three community ``t`` and the fourth ``t`` in the player's hand, or both community
  ``p`` and two ``p`` in the player's hand; both hands cannot (they share one community
  card, and one player hand cannot hold a ``t`` and two ``p``). So at most four of a
  kind and a full house: 278, reached by player Tc 9c, horizontal Ts Td (middle Th),
  vertical 9s 9d: Across four tens, Down nines full of tens.
- *Four of a kind* (``q`` and a kicker ``k``): every ``q`` is in the cross and any
  three cross cards hold two of them, so neither hand is four of a kind, a flush or a
  straight: at best a full house each, reached together: 110, player Kc Kd, horizontal
  Qs Qd (middle Ks), vertical Qh Qc.
- *Straight flush* (not royal): a hand can be a royal flush only if the cross holds
  exactly three of its cards, the player the other two: the cross is the 8 to Q of a
  suit, the player holds its A and K and the Across is T J Q (or the Down); the other
  hand is then that suit's A, K, a card of T J Q and the 8 and 9, a flush. Without a
  royal flush each bet pays at most 100 to 1, 2 + 3 x 300 = 902 < 3,026. So 3,026:
  player As Ks, horizontal Ts Js (middle Qs), vertical 9s 8s.
- *Royal flush*: neither hand can be a royal flush (its five cards are all in the
  cross) nor a full house or four of a kind (the cross's ranks differ); the one straight
  flush a hand can make is the 8 to Q of the suit (player 8 and 9 with the cross's
  T J Q), and the other hand then holds the A K, a flush. So 626, player 9s 8s,
  horizontal Ts Js (middle Qs), vertical As Ks; without a straight flush, at most
  2 + 3 x 24 = 74.

tests/regulation/test_674a_criss_cross_poker.py checks every value by trying every
deal whose community cards are a full house or better, and plays the deals above."""


# --- sections ----------------------------------------------------------------------------
PROCEDURE_SECTIONS: dict[DealingProcedure, ProcedureSections] = {
    DealingProcedure.MANUAL_SHOE: ProcedureSections(
        no_more_bets="674a.8(b)",
        deal="674a.8(d)",
        stub="674a.8(e)",
        stub_count="674a.8(f)",
        stub_correct="674a.8(g)",
        miscount="674a.8(h)",
        deck_change="674a.3(c)(2)",
    ),
    DealingProcedure.HAND: ProcedureSections(
        no_more_bets="674a.9(a)(3)",
        deal="674a.9(b)",
        stub="674a.9(c)",
        stub_count="674a.9(d)",
        stub_correct="674a.9(e)",
        miscount="674a.9(f)",
        deck_change="674a.3(c)(1)",
    ),
    DealingProcedure.AUTOMATED_SHOE: ProcedureSections(
        no_more_bets="674a.10(a)(2)",
        deal="674a.10(b)",
        stub="674a.10(c)",
        stub_count="674a.10(d)",
        stub_correct="674a.10(e)",
        miscount="674a.10(f)",
        deck_change="674a.3(c)(2)",
    ),
}


@dataclass(frozen=True, slots=True)
class Sections:
    """The section behind each step of Criss-Cross Poker that does not depend on the
    dealing procedure."""

    seats: str = "674a.2(a)"
    one_deck: str = "674a.3(a)"
    two_decks: str = "674a.3(b)"
    back_colors: str = "674a.3(b)(1)"
    alternate: str = "674a.3(b)(3)"
    one_deck_in_rack: str = "674a.3(b)(4)"
    deck_change: str = "674a.3(c)"
    shuffle: str = "674a.5(a)"
    shuffler_count: str = "674a.5(b)"
    no_cut: str = "674a.5(c)(1)"
    cut_required: str = "674a.5(c)(2)"
    cut: str = "674a.5(d)"
    recut: str = "674a.5(e)"
    rankings: str = "674a.6"
    chips_only: str = "674a.7(a)"
    seated_only: str = "674a.7(b)"
    before_no_more_bets: str = "674a.7(c)"
    antes: str = "674a.7(d)"
    five_card_bonus: str = "674a.7(e)"
    bets: str = "674a.7(f)"
    one_position: str = "674a.7(g)"
    hand_needs_shuffler: str = "674a.9(a)(1)"
    examine: str = "674a.11(a)"
    across: str = "674a.11(b)"
    reveal_across: str = "674a.11(c)"
    down: str = "674a.11(d)"
    reveal_down: str = "674a.11(e)"
    middle: str = "674a.11(f)"
    reveal_middle: str = "674a.11(g)"
    settle: str = "674a.11(h)"
    across_loses: str = "674a.11(h)(1)(i)"
    across_qualifies: str = "674a.11(h)(1)(ii)"
    down_loses: str = "674a.11(h)(2)(i)"
    down_qualifies: str = "674a.11(h)(2)(ii)"
    middle_loses: str = "674a.11(h)(3)"
    middle_qualifies: str = "674a.11(h)(4)"
    bonus_settled: str = "674a.11(h)(5)"
    discard_rack: str = "674a.11(i)"
    ante_odds: str = "674a.12(a)"
    bet_odds: str = "674a.12(b)"
    bonus_odds: str = "674a.12(c)"
    payout_limit: str = "674a.12(d)"
    face_up_card: str = "674a.13(a)"
    drawn_in_error: str = "674a.13(b)"
    wrong_number: str = "674a.13(c)"
    exposed: str = "674a.13(d)"
    shuffler_jam: str = "674a.13(e)"
    shoe_fault: str = "674a.13(f)"
    out_of_order: str = "674a.13(g)"


SECTIONS = Sections()

BET_SECTIONS: dict[Spot, str] = {
    Spot.ACROSS: SECTIONS.across,
    Spot.DOWN: SECTIONS.down,
    Spot.MIDDLE: SECTIONS.middle,
}


# --- the Rules Submission ------------------------------------------------------------------
class CrissCrossPokerRules(RulesSubmission):
    """The Rules Submission of a Criss-Cross Poker table (ch. 674a).

    Amounts are cents; ``minimum_wager`` and ``maximum_wager`` bound each Ante Wager.
    Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow: dealing from
    the hand without an automated shuffler (674a.9(a)(1)), two decks without one
    (674a.3(b)) or with backs of one colour (674a.3(b)(1)), a stub count less often than
    every 5 rounds (674a.8(f)), decks kept longer than 674a.3(c) allows, Five Card Bonus
    limits where it is not offered (674a.7(e)), a payout limit under the least
    674a.12(d) allows (:meth:`least_payout_limit`).
    """

    game: Literal["criss-cross-poker"] = "criss-cross-poker"
    five_card_bonus: YesNo = False
    """The optional Five Card Bonus Wager is offered (674a.7(e))."""
    bonus_minimum: WholeCents | None = None
    """The least Five Card Bonus Wager, cents (``None``: the table minimum)."""
    bonus_maximum: WholeCents | None = None
    """The largest Five Card Bonus Wager, cents (``None``: the table maximum)."""
    payout_limit: WholeCents | None = None
    """The aggregate payout limit per player per round, cents (674a.12(d)); ``None``: no
    limit."""
    dealing_procedure: DealingProcedure = DealingProcedure.MANUAL_SHOE
    shuffling: Shuffling = Shuffling.MANUAL
    shuffler_counts: YesNo = False
    """The automated shuffler counts the cards after each shuffle (674a.5(b)); the stub
    then need not be counted (674a.8(f))."""
    decks: OneOrTwo = 1
    back_colors: tuple[str, ...] = ("red", "blue")
    stub_count_every: WholeNumber = STUB_COUNT_EVERY
    deck_change_minutes: WholeNumber | None = None

    @property
    def sections(self) -> Sections:
        return SECTIONS

    @property
    def procedure_sections(self) -> ProcedureSections:
        return PROCEDURE_SECTIONS[self.dealing_procedure]

    @property
    def deck_colors(self) -> tuple[str, ...]:
        return self.back_colors[: self.decks]

    def bonus_limits(self) -> tuple[Cents, Cents]:
        """(least, most) cents of a Five Card Bonus Wager."""
        return (
            self.minimum_wager if self.bonus_minimum is None else self.bonus_minimum,
            self.maximum_wager if self.bonus_maximum is None else self.bonus_maximum,
        )

    def own_maximums(self) -> dict[str, Cents]:
        """A Five Card Bonus Wager its own maximum (:meth:`bonus_limits`, 674a.7(e))."""
        return {"five_card_bonus": self.bonus_limits()[1]}

    def most_won_at_minimum(self) -> Cents:
        """The most one patron could win in a round betting the minimum (cents), exactly:
        both antes at the table minimum with every bet at 3x and, where offered, the
        Five Card Bonus at its minimum, over every deal. Without the bonus that is
        :data:`MOST_WON_PER_ANTE` antes; with it, the greatest of
        ``units x ante + odds x bonus`` over the community lines of
        :data:`MOST_WON_WITH_BONUS` (interpretations: 674a.12(d)).
        """
        ante = self.minimum_wager
        if not self.five_card_bonus:
            return MOST_WON_PER_ANTE * ante
        bonus = self.bonus_limits()[0]
        return max(
            units * ante + int(BONUS_ODDS[line]) * bonus
            for line, units in MOST_WON_WITH_BONUS.items()
        )

    def least_payout_limit(self) -> Cents:
        """The least aggregate payout limit 674a.12(d) allows (cents): the greater of
        $50,000 and :meth:`most_won_at_minimum`."""
        return max(PAYOUT_LIMIT_FLOOR, self.most_won_at_minimum())

    def payout_limit_cite(self) -> str:
        """674a.12(d)."""
        return SECTIONS.payout_limit

    def seat_count(self) -> int:
        """Six betting positions at most (674a.2(a))."""
        return 6

    def seats_cite(self) -> str:
        return SECTIONS.seats

    @model_validator(mode="after")
    def _check(self) -> CrissCrossPokerRules:
        s = SECTIONS
        if self.minimum_wager <= 0 or self.maximum_wager < self.minimum_wager:
            raise ValueError(
                f"the ante limits must satisfy 0 < minimum ({self.minimum_wager}) <= maximum "
                f"({self.maximum_wager}) cents (601a.2)"
            )
        if not self.five_card_bonus and (
            self.bonus_minimum is not None or self.bonus_maximum is not None
        ):
            raise ValueError(
                "Five Card Bonus limits are set but the Five Card Bonus Wager is not "
                f"offered: set five_card_bonus = true ({s.five_card_bonus})"
            )
        low, high = self.bonus_limits()
        if low <= 0 or high < low:
            raise ValueError(
                f"the Five Card Bonus limits must satisfy 0 < minimum ({low}) <= maximum "
                f"({high}) cents (601a.2)"
            )
        check_equipment(self, s)
        if self.payout_limit is not None and self.payout_limit < self.least_payout_limit():
            least = self.least_payout_limit()
            raise ValueError(
                f"the aggregate payout limit may not be less than $50,000 or the most one "
                f"patron could win per round betting the minimum, whichever is greater: at "
                f"least {format_cents(least)}, not {format_cents(self.payout_limit)} "
                f"({s.payout_limit})"
            )
        return self


__all__ = [
    "ANTES",
    "ANTE_ODDS",
    "BETS",
    "BET_ODDS",
    "BET_SECTIONS",
    "BONUS_ODDS",
    "CATEGORY_LINE",
    "CROSS",
    "DECK_SIZE",
    "HORIZONTAL",
    "MAX_BET_MULTIPLE",
    "MOST_WON_PER_ANTE",
    "MOST_WON_WITH_BONUS",
    "PAYLINE_ORDER",
    "PAYOUT_LIMIT_FLOOR",
    "PLAYER_CARDS",
    "PROCEDURE_SECTIONS",
    "REVEALS",
    "SECTIONS",
    "SPOT_LABELS",
    "VERTICAL",
    "CrissCrossPokerRules",
    "CrossPosition",
    "Device",
    "Payline",
    "ProcedureSections",
    "Sections",
    "Shuffling",
    "Spot",
    "payline",
    "won_per_ante",
]
