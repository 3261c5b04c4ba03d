"""Go Fore It (58 Pa. Code ch. 676a): point values, scores, paytables and the Rules
Submission.

The chapter has one rule set; what differs between tables is the operator's choice of
equipment (manual or automated shuffling, one or two decks, manual shoe, hand or
automated dealing shoe) and of the Gopher paytable A or B (676a.12(d)). Each step's
section is named in :data:`SECTIONS` and, for the three dealing procedures, in
:data:`PROCEDURE_SECTIONS`; the paytables below are constants with their citations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pydantic import model_validator

from croupier.equipment.cards import (
    STUB_COUNT_EVERY,
    Card,
    DealingProcedure,
    ProcedureSections,
    Rank,
    check_equipment,
)
from croupier.money import Cents
from croupier.rules.base import OneOrTwo, RulesSubmission, WholeCents, WholeNumber, YesNo

PAR = 24
"""The most a hand may total and still win the Front 9 and Back 9 Wagers (676a.1,
676a.11(d)(3))."""

CARDS_PER_HAND = 4
"""Each wagering player and the dealer receive four cards (676a.8(b), 676a.10(b))."""

FRONT_CARDS = 2
"""The first two cards of a hand are placed in front of the player; the last two are the
hole cards (676a.8(b), 676a.9(b); from an automated shoe the top two of the stack are
the hole cards, 676a.10(b))."""

DECK_SIZE = 52


class Spot(StrEnum):
    """The betting areas of each position (676a.2(b)(2), 676a.7(d))."""

    FRONT_9 = "front_9"
    """Required to take part in the round (676a.7(d)(1))."""
    BACK_9 = "back_9"
    """Equal to the Front 9, made after the player views his first two cards
    (676a.7(d)(2), 676a.11(b))."""
    SKINS = "skins"
    """Optional: the player's four cards total less than the dealer's (676a.7(d)(3))."""
    GOPHER = "gopher"
    """Optional: at least one ace among the player's four cards (676a.7(d)(4))."""


class Score(StrEnum):
    """The golf score of a four-card total (676a.1)."""

    ALBATROSS = "albatross"
    """8 or less."""
    EAGLE = "eagle"
    """9 to 13."""
    BIRDIE = "birdie"
    """14 to 18."""
    PAR = "par"
    """19 to 24."""
    OVER_PAR = "over_par"
    """25 or more: the Front 9 and Back 9 Wagers lose (676a.11(d)(3)(ii))."""


SCORE_BOUNDS: dict[Score, tuple[int, int]] = {
    Score.ALBATROSS: (4, 8),
    Score.EAGLE: (9, 13),
    Score.BIRDIE: (14, 18),
    Score.PAR: (19, PAR),
    Score.OVER_PAR: (PAR + 1, 40),
}
"""676a.1: the least and most four-card total of each score (four aces make 4, four
ten-count cards 40)."""


class GopherPaytable(StrEnum):
    """The Gopher paytable the certificate holder selects (676a.12(d))."""

    A = "a"
    B = "b"


class Shuffling(StrEnum):
    """How the cards are shuffled (676a.5(a))."""

    MANUAL = "manual"
    """By the dealer; the cards are then cut with the cover card (676a.5(c)(2), (d))."""
    AUTOMATED = "automated"
    """By an automated card shuffling device; no cut (676a.5(c)(1), 676a.5(g))."""


class Device(StrEnum):
    """Automated equipment that can be put out of order (676a.13(g))."""

    SHUFFLER = "automated_shuffler"
    DEALING_SHOE = "automated_dealing_shoe"


# --- point values and scores ---------------------------------------------------------
POINT_VALUES: dict[Rank, int] = {
    **{rank: int(rank) for rank in Rank if rank <= Rank.TEN},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 1,
}
"""676a.6: ace 1; jack, queen and king 10; 2 through 10 their face value."""


def point_value(card: Card) -> int:
    """The point value of ``card`` (676a.6): 1 to 10."""
    return POINT_VALUES[card.rank]


def hand_total(cards: Iterable[Card]) -> int:
    """The total point value of ``cards`` (676a.6, 676a.11(d)(2))."""
    return sum(POINT_VALUES[card.rank] for card in cards)


def score(total: int) -> Score:
    """The score of a four-card ``total`` (676a.1); raises ``ValueError`` outside 4..40."""
    for name, (low, high) in SCORE_BOUNDS.items():
        if low <= total <= high:
            return name
    raise ValueError(f"four cards total 4 to 40 points, not {total}")


def aces(cards: Iterable[Card]) -> int:
    """How many aces ``cards`` contain (the Gopher Wager, 676a.7(d)(4))."""
    return sum(1 for card in cards if card.rank is Rank.ACE)


# --- paytables (typed constants; each row is checked against the text in tests) -------
FRONT_9_ODDS = Fraction(1)
"""676a.12(a): a winning Front 9 Wager pays 1 to 1."""

BACK_9_ODDS: dict[Score, Fraction] = {
    Score.ALBATROSS: Fraction(25),
    Score.EAGLE: Fraction(5),
    Score.BIRDIE: Fraction(2),
    Score.PAR: Fraction(1),
}
"""676a.12(b): a winning Back 9 Wager by the hand's score; over par loses."""

SKINS_ODDS = Fraction(1)
"""676a.12(c): a winning Skins Wager pays 1 to 1."""

GOPHER_PAYTABLES: dict[GopherPaytable, dict[int, Fraction]] = {
    GopherPaytable.A: {4: Fraction(1000), 3: Fraction(50), 2: Fraction(5), 1: Fraction(2)},
    GopherPaytable.B: {4: Fraction(1000), 3: Fraction(50), 2: Fraction(6), 1: Fraction(2)},
}
"""676a.12(d): Gopher odds by the number of aces in the player's four cards."""


# --- sections ------------------------------------------------------------------------
PROCEDURE_SECTIONS: dict[DealingProcedure, ProcedureSections] = {
    DealingProcedure.MANUAL_SHOE: ProcedureSections(
        no_more_bets="676a.8(b)",
        deal="676a.8(b)",
        stub="676a.8(c)",
        stub_count="676a.8(d)",
        stub_correct="676a.8(e)",
        miscount="676a.8(f)",
        deck_change="676a.3(c)(2)",
    ),
    DealingProcedure.HAND: ProcedureSections(
        no_more_bets="676a.9(b)",
        deal="676a.9(b)",
        stub="676a.9(c)",
        stub_count="676a.9(d)",
        stub_correct="676a.9(e)",
        miscount="676a.9(f)",
        deck_change="676a.3(c)(1)",
    ),
    DealingProcedure.AUTOMATED_SHOE: ProcedureSections(
        no_more_bets="676a.10(a)(2)",
        deal="676a.10(b)",
        stub="676a.10(c)",
        stub_count="676a.10(d)",
        stub_correct="676a.10(e)",
        miscount="676a.10(f)",
        deck_change="676a.3(c)(2)",
    ),
}


@dataclass(frozen=True, slots=True)
class Sections:
    """The section behind each step of Go Fore It that does not depend on the dealing
    procedure."""

    seats: str = "676a.2(a)"
    one_deck: str = "676a.3(a)"
    two_decks: str = "676a.3(b)"
    back_colors: str = "676a.3(b)(1)"
    alternate: str = "676a.3(b)(3)"
    one_deck_in_rack: str = "676a.3(b)(4)"
    deck_change: str = "676a.3(c)"
    shuffle: str = "676a.5(a)"
    shuffler_count: str = "676a.5(b)"
    no_cut: str = "676a.5(c)(1)"
    cut_required: str = "676a.5(c)(2)"
    cut: str = "676a.5(d)"
    recut: str = "676a.5(e)"
    point_values: str = "676a.6"
    chips_only: str = "676a.7(a)"
    seated_only: str = "676a.7(b)"
    before_no_more_bets: str = "676a.7(c)"
    wagers: str = "676a.7(d)"
    front_9: str = "676a.7(d)(1)"
    back_9: str = "676a.7(d)(2)"
    skins: str = "676a.7(d)(3)"
    gopher: str = "676a.7(d)(4)"
    one_position: str = "676a.7(e)"
    hand_needs_shuffler: str = "676a.9(a)(1)"
    examine: str = "676a.11(a)"
    decision: str = "676a.11(b)"
    collect: str = "676a.11(c)"
    rack_folded: str = "676a.11(c)(1)"
    hold_folded: str = "676a.11(c)(2)"
    reveal: str = "676a.11(d)"
    turn_up: str = "676a.11(d)(1)"
    total: str = "676a.11(d)(2)"
    win_front_back: str = "676a.11(d)(3)(i)"
    lose_front_back: str = "676a.11(d)(3)(ii)"
    lose_skins: str = "676a.11(d)(4)(i)"
    win_skins: str = "676a.11(d)(4)(ii)"
    lose_gopher: str = "676a.11(d)(5)(i)"
    win_gopher: str = "676a.11(d)(5)(ii)"
    discard_rack: str = "676a.11(e)"
    front_9_odds: str = "676a.12(a)"
    back_9_odds: str = "676a.12(b)"
    skins_odds: str = "676a.12(c)"
    gopher_odds: str = "676a.12(d)"
    face_up_card: str = "676a.13(a)"
    drawn_in_error: str = "676a.13(b)"
    wrong_number: str = "676a.13(c)"
    exposed: str = "676a.13(d)"
    shuffler_jam: str = "676a.13(e)"
    shoe_fault: str = "676a.13(f)"
    out_of_order: str = "676a.13(g)"


SECTIONS = Sections()


# --- the Rules Submission --------------------------------------------------------------
class GoForeItRules(RulesSubmission):
    """The Rules Submission of a Go Fore It table (ch. 676a).

    Amounts are cents. Raises :class:`~croupier.errors.RulesSubmissionError` (through
    :func:`croupier.registry.load`) for a choice the chapter does not allow: dealing from
    the hand without an automated shuffler (676a.9(a)(1)), two decks without one
    (676a.3(b)), two decks with backs of one colour (676a.3(b)(1)), a stub count less
    often than every 5 rounds (676a.8(d)), decks kept longer than 676a.3(c) allows.
    """

    game: Literal["go-fore-it"] = "go-fore-it"
    gopher_paytable: GopherPaytable = GopherPaytable.A
    """Paytable A or B of 676a.12(d): two aces pay 5 to 1 (A) or 6 to 1 (B)."""
    dealing_procedure: DealingProcedure = DealingProcedure.MANUAL_SHOE
    """Manual dealing shoe (676a.8), the dealer's hand (676a.9) or an automated dealing
    shoe delivering stacks of four (676a.10)."""
    shuffling: Shuffling = Shuffling.MANUAL
    """Manual shuffle and cut, or an automated card shuffling device (676a.5)."""
    shuffler_counts: YesNo = False
    """The automated shuffler counts the cards after each shuffle and shows whether 52
    are present (676a.5(b)); the stub then need not be counted (676a.8(d))."""
    decks: OneOrTwo = 1
    """One deck (676a.3(a)), or two alternating decks with an automated shuffler
    (676a.3(b))."""
    back_colors: tuple[str, ...] = ("red", "blue")
    """The back colour of each deck, the first :attr:`decks` of them used; two decks
    must differ (676a.3(b)(1))."""
    stub_count_every: WholeNumber = STUB_COUNT_EVERY
    """Count the stub at least once every this many rounds, 1 to 5 (676a.8(d),
    676a.9(d), 676a.10(d)); ignored when the shuffler counts."""
    deck_change_minutes: WholeNumber | None = None
    """Change the decks after this many minutes in use; at most 240 dealt by hand and
    480 from a shoe (676a.3(c)). ``None``: the most the text allows."""
    skins_minimum: WholeCents | None = None
    """The least Skins Wager, cents (``None``: the table minimum)."""
    skins_maximum: WholeCents | None = None
    """The largest Skins Wager, cents (``None``: the table maximum)."""
    gopher_minimum: WholeCents | None = None
    """The least Gopher Wager, cents (``None``: the table minimum)."""
    gopher_maximum: WholeCents | None = None
    """The largest Gopher Wager, cents (``None``: the table maximum)."""

    # -- derived -----------------------------------------------------------------------
    @property
    def sections(self) -> Sections:
        return SECTIONS

    @property
    def procedure_sections(self) -> ProcedureSections:
        return PROCEDURE_SECTIONS[self.dealing_procedure]

    @property
    def gopher_odds(self) -> dict[int, Fraction]:
        """Aces -> odds of the selected Gopher paytable (676a.12(d))."""
        return GOPHER_PAYTABLES[self.gopher_paytable]

    @property
    def deck_colors(self) -> tuple[str, ...]:
        """The back colours of the decks in use (one or two)."""
        return self.back_colors[: self.decks]

    def limits(self, spot: Spot) -> tuple[Cents, Cents]:
        """(least, most) cents of a wager on ``spot``; the Back 9 equals the Front 9."""
        if spot is Spot.SKINS:
            return (
                self.minimum_wager if self.skins_minimum is None else self.skins_minimum,
                self.maximum_wager if self.skins_maximum is None else self.skins_maximum,
            )
        if spot is Spot.GOPHER:
            return (
                self.minimum_wager if self.gopher_minimum is None else self.gopher_minimum,
                self.maximum_wager if self.gopher_maximum is None else self.gopher_maximum,
            )
        return self.minimum_wager, self.maximum_wager

    def own_maximums(self) -> dict[str, Cents]:
        """The Skins and Gopher Wagers their own maximums; the Front 9 and Back 9 the
        table maximum (:meth:`limits`, 676a.7(d))."""
        return {spot: self.limits(spot)[1] for spot in (Spot.SKINS, Spot.GOPHER)}

    def seat_count(self) -> int:
        """Six betting positions at most (676a.2(a))."""
        return 6

    def seats_cite(self) -> str:
        return SECTIONS.seats

    # -- validation --------------------------------------------------------------------
    @model_validator(mode="after")
    def _check(self) -> GoForeItRules:
        s = SECTIONS
        for spot in Spot:
            low, high = self.limits(spot)
            if low <= 0 or high < low:
                raise ValueError(
                    f"the {spot} limits must satisfy 0 < minimum ({low}) <= maximum ({high}) "
                    "cents (601a.2)"
                )
        check_equipment(self, s)
        return self


__all__ = [
    "BACK_9_ODDS",
    "CARDS_PER_HAND",
    "DECK_SIZE",
    "FRONT_9_ODDS",
    "FRONT_CARDS",
    "GOPHER_PAYTABLES",
    "PAR",
    "POINT_VALUES",
    "PROCEDURE_SECTIONS",
    "SCORE_BOUNDS",
    "SECTIONS",
    "SKINS_ODDS",
    "Device",
    "GoForeItRules",
    "GopherPaytable",
    "ProcedureSections",
    "Score",
    "Sections",
    "Shuffling",
    "Spot",
    "aces",
    "hand_total",
    "point_value",
    "score",
]
