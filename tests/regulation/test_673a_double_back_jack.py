"""Double Back Jack (58 Pa. Code ch. 673a): every worked example, payout and refusal.

Each test's docstring starts with the section it checks. Expected amounts are worked out
by hand from the text (673a.12: a player Blackjack 2 to 1, a winning Blackjack Wager or
a player 21 1 to 1, Second Chance 1 to 1, Insurance 2 to 1), not taken from croupier.
The shoe is stacked (``dbj_table``) so that each hand is known in advance.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from dbj_table import (
    FILLER,
    FIVE,
    decide,
    finish,
    initial_deal,
    net,
    of_type,
    open_round,
    refused,
    settled,
    stacked_shoe,
)

from croupier.engine import DEALER, Outcome, RoundCompleted, WagerPlaced, WagerSettled
from croupier.equipment.cards import Card, parse_cards, shoe
from croupier.errors import InvalidWager, NotYourTurn, RulesSubmissionError
from croupier.games.double_back_jack import (
    AcceptCut,
    BurnCard,
    CardBurned,
    CardDealt,
    CardDiscarded,
    CoverCardReached,
    CutAccepted,
    CutCards,
    CutRefused,
    DealCards,
    DealerHandComplete,
    Decide,
    DeckCut,
    DeckShuffled,
    DeclareIrregularity,
    DoubleBackJackRound,
    DoubleBackJackTable,
    HoleCardRead,
    HoleCardTurned,
    IrregularityDeclared,
    LoadShoe,
    PlaceWager,
    PlayDealerHand,
    ReadHoleCard,
    RefuseCut,
    RequireRecut,
    RoundSetup,
    SettleWagers,
    ShoeExhausted,
    ShuffleCards,
    ShuffleFailed,
    ShufflerOutOfOrder,
    VoidRound,
)
from croupier.hands.blackjack import hand_value, is_blackjack
from croupier.offers import Choice, Integers, LegalCommand
from croupier.registry import load_text
from croupier.rng import SeededRng
from croupier.rules.base import STORED
from croupier.rules.double_back_jack import DoubleBackJackRules, insurance_limit

NOW = datetime(2026, 1, 1, 12)
NINE_EIGHT = "9h 8c"
"""A dealer 17 with a 9 up: no Insurance, no card reader, the dealer stands."""


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- values and totals ---------------------------------------------------------------
def _offered(legal: LegalCommand) -> dict[str, tuple[Any, ...]]:
    """What ``legal`` lets its actor choose besides the seat, the spot and amounts, read
    from its typed fields: each range as ``(low, high)``, each choice as its values
    (fields that may be left out are not counted)."""
    out: dict[str, tuple[Any, ...]] = {}
    for name, typed in legal.fields.items():
        if name in ("seat", "spot") or typed.optional:
            continue
        if isinstance(typed, Integers):
            out[name] = (typed.low, typed.high)
        elif isinstance(typed, Choice):
            out[name] = typed.values
    return out


def test_card_values_and_soft_totals() -> None:
    """673a.3(d): 2-10 face value, J Q K 10, an ace 11 unless that passes 21 (673a.1 hard
    and soft totals)."""
    assert hand_value(cards("Kd Qh")) == (20, False)
    assert hand_value(cards("As 6d")) == (17, True)
    assert hand_value(cards("As 6d Tc")) == (17, False)
    assert hand_value(cards("As Ad 9c")) == (21, True)
    assert hand_value(cards("As Ad Ac Ah")) == (14, True)
    assert is_blackjack(cards("Jd As")) and not is_blackjack(cards("As 5d 5c"))


# --- the Second Chance Wager -----------------------------------------------------------
def test_second_chance_25_minus_5_example() -> None:
    """673a.7(l): the text's example: a hand of 25 with a second chance card of 5 is 20;
    the round continues (673a.7(l)(3)) and the hand, beating the dealer's 17, returns the
    Blackjack Wager and pays the Second Chance Wager 1 to 1 (673a.7(s)(1)(i),
    673a.12(b))."""
    rnd = open_round({1: "Tc 5d", DEALER: NINE_EIGHT}, draws="Kh 5s")
    decide(rnd, 1, "hit")
    assert rnd.view(1)["hands"]["1.1"]["total"] == 25
    events = decide(rnd, 1, "second_chance")
    assert of_type(events, WagerPlaced)[0].amount == FIVE
    dealt = of_type(events, CardDealt)[0]
    assert str(dealt.card) == "5s" and dealt.sideways
    assert rnd.view(None)["hands"]["1.1"]["total"] == 20
    finish(rnd)
    result = settled(rnd)
    assert result["blackjack"].outcome is Outcome.PUSH and result["blackjack"].returned == FIVE
    assert result["second_chance"].outcome is Outcome.WIN and result["second_chance"].won == FIVE
    assert net(rnd) == FIVE


def test_second_chance_still_over_21_collects_both() -> None:
    """673a.7(l)(1): 25 less a 2 is 23: the Blackjack and Second Chance Wagers are
    collected at once; with no hand left the dealer draws nothing (673a.7(p))."""
    rnd = open_round({1: "Tc 5d", DEALER: "6h Tc"}, draws="Kh 2c Kd")
    decide(rnd, 1, "hit")
    decide(rnd, 1, "second_chance")
    assert {s: e.outcome for s, e in settled(rnd).items()} == {
        "blackjack": Outcome.LOSE,
        "second_chance": Outcome.LOSE,
    }
    events = rnd.handle(PlayDealerHand(), DEALER)
    assert not of_type(events, CardDealt)
    complete = of_type(events, DealerHandComplete)[0]
    assert complete.total == 16 and complete.cite == "673a.7(p)"
    assert net(rnd) == -2 * FIVE


def test_second_chance_21_pays_second_chance_and_returns_blackjack() -> None:
    """673a.7(l)(2): 25 less a 4 is 21: the Second Chance Wager wins 1 to 1 and the
    Blackjack Wager is returned, at once."""
    rnd = open_round({1: "Tc 5d", DEALER: NINE_EIGHT}, draws="Kh 4s")
    decide(rnd, 1, "hit")
    decide(rnd, 1, "second_chance")
    result = settled(rnd)
    assert result["second_chance"].won == FIVE and result["blackjack"].returned == FIVE
    assert result["blackjack"].won == 0
    assert not any(isinstance(e, HoleCardTurned) for e in rnd.events)


def test_second_chance_ace_counts_one() -> None:
    """673a.7(l): an ace drawn as the second chance card counts 1: 22 less 1 is 21."""
    rnd = open_round({1: "Tc 2d", DEALER: NINE_EIGHT}, draws="Kh As")
    decide(rnd, 1, "hit")
    decide(rnd, 1, "second_chance")
    assert settled(rnd)["second_chance"].won == FIVE


def test_second_chance_after_double_equals_current_wager() -> None:
    """673a.7(l): after a double down (673a.7(k)(2)) the bust may still take a Second
    Chance, for the current Blackjack Wager: the original and the double
    (interpretations: second-chance-amount)."""
    rnd = open_round({1: "8c 6d", DEALER: NINE_EIGHT}, draws="Kh 4h")
    decide(rnd, 1, "double", FIVE)
    events = decide(rnd, 1, "second_chance")
    assert of_type(events, WagerPlaced)[0].amount == 2 * FIVE
    finish(rnd)
    assert net(rnd) == 2 * FIVE  # 20 beats 17: both stakes returned, $10 Second Chance won


def test_bust_declining_second_chance_loses() -> None:
    """673a.7(l): a bust that declines the Second Chance Wager loses its Blackjack Wager
    (interpretations: bust-without-second-chance)."""
    rnd = open_round({1: "Tc 5d", DEALER: NINE_EIGHT}, draws="Kh")
    decide(rnd, 1, "hit")
    decide(rnd, 1, "decline_second_chance")
    assert settled(rnd)["blackjack"].outcome is Outcome.LOSE


# --- Blackjack, 21 and the card reader ---------------------------------------------------
def test_player_blackjack_paid_2_to_1_before_the_reader() -> None:
    """673a.7(f): a player Blackjack is paid 2 to 1 (673a.12(a)) immediately after the
    deal, counterclockwise from the dealer's right, before the card reader is used."""
    rnd = open_round({1: "As Kd", 2: "9c 9d", 3: "Qh Ac", DEALER: "Ah 7c"})
    paid = [e for e in rnd.events if isinstance(e, WagerSettled)]
    assert [(e.seat, e.odds, e.won) for e in paid] == [(3, 2, 2 * FIVE), (1, 2, 2 * FIVE)]
    rnd.handle(ReadHoleCard(), DEALER)
    first_read = next(i for i, e in enumerate(rnd.events) if isinstance(e, HoleCardRead))
    assert all(rnd.events.index(e) < first_read for e in paid)


def test_dealer_blackjack_collects_blackjack_wagers() -> None:
    """673a.7(h): on a ten-value up card the hole card goes into the card reader; a dealer
    Blackjack collects every Blackjack Wager and no more cards are dealt."""
    rnd = open_round({1: "9c 9d", DEALER: "Kd As"})
    refused(rnd, PlaceWager(seat=1, spot="insurance", amount=100), 1)
    events = rnd.handle(ReadHoleCard(), DEALER)
    assert of_type(events, HoleCardRead)[0].blackjack
    assert settled(rnd)["blackjack"].outcome is Outcome.LOSE
    assert rnd.finished and not of_type(events, CardDealt)


def test_player_21_paid_at_once() -> None:
    """673a.7(m): a player 21 after drawing is paid 1 to 1 (673a.12(a)) at once, before the
    hole card is turned; a player with 21 may not draw (673a.7(k)(1))."""
    rnd = open_round({1: "5c 6d", 2: "Tc 8d", DEALER: NINE_EIGHT}, draws="Th")
    decide(rnd, 1, "hit")
    assert settled(rnd)["blackjack"].won == FIVE
    assert not any(isinstance(e, HoleCardTurned) for e in rnd.events)
    error = refused(rnd, Decide(seat=1, decision="hit"), 1)
    assert error.cite == "673a.7(k)(1)"


# --- Insurance ---------------------------------------------------------------------------
def test_insurance_limit_rounds_up_to_the_next_chip() -> None:
    """673a.8(b): at most half the initial wager, or the next amount in chips when half
    cannot be bet: $5 with $1 chips allows $3; with 50-cent chips $2.50."""
    assert insurance_limit(500, 100) == 300
    assert insurance_limit(500, 50) == 250
    assert insurance_limit(1000, 100) == 500
    rnd = open_round({1: "9c 9d", DEALER: "Ah Kd"})
    error = refused(rnd, PlaceWager(seat=1, spot="insurance", amount=301), 1)
    assert isinstance(error, InvalidWager) and error.cite == "673a.8(b)"
    rnd.handle(PlaceWager(seat=1, spot="insurance", amount=300), 1)
    rnd_half = open_round({1: "9c 9d", DEALER: "Ah Kd"}, chip=50)
    refused(rnd_half, PlaceWager(seat=1, spot="insurance", amount=300), 1)


def test_insurance_pays_2_to_1_on_dealer_blackjack() -> None:
    """673a.8(a), 673a.8(c): offered on a dealer ace (673a.7(g)), Insurance wins 2 to 1
    (673a.12(c)) when the hole card is a ten-value card; the Blackjack Wager is collected
    (673a.7(h))."""
    rnd = open_round({1: "9c 9d", DEALER: "Ah Kd"})
    rnd.handle(PlaceWager(seat=1, spot="insurance", amount=300), 1)
    rnd.handle(ReadHoleCard(), DEALER)
    result = settled(rnd)
    assert result["insurance"].won == 600 and result["blackjack"].outcome is Outcome.LOSE
    assert net(rnd) == 600 - FIVE


def test_losing_insurance_collected_after_the_reader() -> None:
    """673a.8(d): without a dealer Blackjack the Insurance is collected right after the
    card reader, before any card is drawn; 18 ties the dealer's soft 18 (673a.7(r)(2))."""
    rnd = open_round({1: "9c 9d", DEALER: "Ah 7c"})
    rnd.handle(PlaceWager(seat=1, spot="insurance", amount=300), 1)
    events = rnd.handle(ReadHoleCard(), DEALER)
    assert [e.spot for e in of_type(events, WagerSettled)] == ["insurance"]
    decide(rnd, 1, "stand")
    finish(rnd)
    assert settled(rnd)["blackjack"].outcome is Outcome.PUSH
    assert net(rnd) == -300


# --- Surrender -----------------------------------------------------------------------------
def test_surrender_against_a_low_card_returns_half_at_once() -> None:
    """673a.9(a)(1): the dealer shows a 7: half the wager is collected, half returned."""
    rnd = open_round({1: "Tc 6d", DEALER: "7h Tc"})
    decide(rnd, 1, "surrender")
    result = settled(rnd)["blackjack"]
    assert result.outcome is Outcome.SURRENDER and result.returned == 250
    assert result.cite == "673a.9(a)(1)"


def test_surrender_on_an_ace_waits_for_the_reader() -> None:
    """673a.9(a)(2): on an ace the surrendered wager waits for the card reader: all of it
    is collected against a dealer Blackjack, half without one."""
    blackjack = open_round({1: "Tc 6d", DEALER: "As Kd"})
    decide(blackjack, 1, "surrender")
    assert not settled(blackjack)
    blackjack.handle(ReadHoleCard(), DEALER)
    assert settled(blackjack)["blackjack"].returned == 0
    no_blackjack = open_round({1: "Tc 6d", DEALER: "As 7d"})
    decide(no_blackjack, 1, "surrender")
    no_blackjack.handle(ReadHoleCard(), DEALER)
    assert settled(no_blackjack)["blackjack"].returned == 250


def test_insurance_and_surrender_settled_separately() -> None:
    """673a.9(b): Insurance (won 2 to 1) and the surrendered wager (all collected against
    the Blackjack) are settled each by its own rule."""
    rnd = open_round({1: "Tc 6d", DEALER: "As Kd"})
    rnd.handle(PlaceWager(seat=1, spot="insurance", amount=300), 1)
    decide(rnd, 1, "surrender")
    rnd.handle(ReadHoleCard(), DEALER)
    assert net(rnd) == 600 - FIVE


def test_no_surrender_after_another_decision() -> None:
    """673a.9(a): surrender comes before any other decision."""
    rnd = open_round({1: "2c 3d", DEALER: NINE_EIGHT}, draws="2h")
    decide(rnd, 1, "hit")
    assert refused(rnd, Decide(seat=1, decision="surrender"), 1).cite == "673a.9(a)"


# --- Double down -------------------------------------------------------------------------
def test_double_down_one_card_sideways() -> None:
    """673a.10(a), 673a.10(b): a double of up to the original wager gets one card, sideways; 21
    is paid at once on both wagers (673a.7(m))."""
    rnd = open_round({1: "5c 6d", DEALER: NINE_EIGHT}, draws="Kh")
    events = decide(rnd, 1, "double", FIVE)
    assert of_type(events, CardDealt)[0].sideways
    assert net(rnd) == 2 * FIVE


def test_double_for_less_then_no_more_cards() -> None:
    """673a.10(a), 673a.7(k)(2): a double for less than the wager; then the hand stands
    (12 loses to 17: both wagers collected, 673a.7(r)(3)(ii))."""
    rnd = open_round({1: "5c 5d", DEALER: NINE_EIGHT}, draws="2h")
    decide(rnd, 1, "double", 200)
    assert rnd.state.to_act() is None
    finish(rnd)
    assert net(rnd) == -FIVE - 200


def test_double_for_more_than_the_wager_refused() -> None:
    """673a.10(a): the double may not exceed the original Blackjack Wager."""
    rnd = open_round({1: "5c 6d", DEALER: NINE_EIGHT})
    error = refused(rnd, Decide(seat=1, decision="double", amount=FIVE + 1), 1)
    assert isinstance(error, InvalidWager) and error.cite == "673a.10(a)"
    refused(rnd, Decide(seat=1, decision="double", amount=0), 1)


# --- Splitting pairs ---------------------------------------------------------------------
def test_split_two_sevens_example() -> None:
    """673a.11(a): the text's example of two 7s; the first hand is completed (here a
    double down after the split, 673a.10(c)) before the second gets a card
    (673a.11(b)); each split hand then stands, draws or doubles (673a.11(c)), the
    dealer dealing each card the decision needs (673a.7(j))."""
    rnd = open_round({1: "7c 7d", DEALER: NINE_EIGHT}, draws="3h Th 9s")
    events = decide(rnd, 1, "split")
    assert of_type(events, WagerPlaced)[0].spot == "blackjack_2"
    assert [(e.split_hand, str(e.card)) for e in of_type(events, CardDealt)] == [(0, "3h")]
    events = decide(rnd, 1, "double", FIVE)
    assert [(e.split_hand, str(e.card)) for e in of_type(events, CardDealt)] == [
        (0, "Th"),
        (1, "9s"),
    ]
    decide(rnd, 1, "stand")
    finish(rnd)
    # hand 1: 20 beats 17, $5 + $5 double won; hand 2: 16 loses $5
    assert net(rnd) == FIVE


def test_split_king_and_ten_example_and_21_not_blackjack() -> None:
    """673a.11(a)-(b): a king and a 10 may be split; an ace on a split ten-value card is 21
    paid 1 to 1, not a Blackjack."""
    rnd = open_round({1: "Kc Td", DEALER: NINE_EIGHT}, draws="As 9d")
    decide(rnd, 1, "split")
    first = settled(rnd)["blackjack"]
    assert first.odds == 1 and first.won == FIVE and "673a.11(b)" in first.cite
    decide(rnd, 1, "stand")
    finish(rnd)
    assert settled(rnd)["blackjack_2"].won == FIVE


def test_split_unequal_or_third_hand_refused() -> None:
    """673a.11(a): only two cards of identical value, into at most two hands."""
    rnd = open_round({1: "Kc 9d", DEALER: NINE_EIGHT})
    assert refused(rnd, Decide(seat=1, decision="split"), 1).cite == "673a.11(a)"
    again = open_round({1: "7c 7d", DEALER: NINE_EIGHT}, draws="7h")
    decide(again, 1, "split")
    assert refused(again, Decide(seat=1, decision="split"), 1).cite == "673a.11(a)"


def test_an_unequal_pair_is_refused_in_a_players_words() -> None:
    """673a.11(a)'s refusal names the cards as a player does, not by their codes ("Kc and
    9d"): a fresh player read "4s and 2c are not identical in value"."""
    rnd = open_round({1: "Kc 9d", DEALER: NINE_EIGHT})
    said = str(refused(rnd, Decide(seat=1, decision="split"), 1))
    assert "a king and a 9 are not identical in value" in said, said
    eights = open_round({1: "8c Ad", DEALER: NINE_EIGHT})
    said = str(refused(eights, Decide(seat=1, decision="split"), 1))
    assert "an 8 and an ace are not identical in value" in said, said


# --- The dealer and settlement -------------------------------------------------------------
@pytest.mark.parametrize(
    ("dealer", "draws", "total"),
    [("6h Ac", "", 17), ("5h Tc", "2s", 17), ("6h Tc", "Kd", 26), ("2h 4c", "As", 17)],
)
def test_dealer_draws_to_16_and_stands_on_all_17s(dealer: str, draws: str, total: int) -> None:
    """673a.7(o): after the hole card is turned up (673a.7(n)) the dealer draws to 16 and
    stands on hard and soft 17 (a soft 17 of ace and 6 stands; 2, 4, ace is a soft
    17)."""
    rnd = open_round({1: "Tc 8d", DEALER: dealer}, draws=draws)
    decide(rnd, 1, "stand")
    events = finish(rnd)
    assert str(of_type(events, HoleCardTurned)[0].card) == dealer.split()[1]
    assert of_type(events, DealerHandComplete)[0].total == total
    assert settled(rnd)["blackjack"].outcome is Outcome.WIN  # 18 beats 17 and a bust


def test_dealer_22_returns_blackjack_and_second_chance_wagers() -> None:
    """673a.7(q)(1): a dealer 22 returns every remaining Blackjack and Second Chance
    Wager."""
    hands = {1: "Tc 8d", 2: "Td 5d", DEALER: "6h 6c"}
    rnd = open_round(hands, draws="Kh 5s Th")
    decide(rnd, 1, "stand")
    decide(rnd, 2, "hit")
    decide(rnd, 2, "second_chance")
    finish(rnd)
    for seat in (1, 2):
        assert all(e.outcome is Outcome.PUSH for e in settled(rnd, seat).values())
    assert set(settled(rnd, 2)) == {"blackjack", "second_chance"}


@pytest.mark.parametrize(
    ("player", "outcome", "gain"),
    [("Tc 9d", Outcome.WIN, FIVE), ("Tc 8d", Outcome.PUSH, 0), ("Tc 7d", Outcome.LOSE, -FIVE)],
)
def test_win_tie_lose(player: str, outcome: Outcome, gain: int) -> None:
    """673a.7(r): 19 beats the dealer's 18 (673a.7(r)(1)(ii), paid 1 to 1), 18 ties
    (673a.7(r)(2), returned, 673a.7(s)(2)), 17 loses (673a.7(r)(3)(ii), collected)."""
    rnd = open_round({1: player, DEALER: "9h 9c"})
    decide(rnd, 1, "stand")
    finish(rnd)
    assert settled(rnd)["blackjack"].outcome is outcome and net(rnd) == gain


@pytest.mark.parametrize(
    ("procedure", "order"),
    [("collect_then_pay", [3, 1, 2]), ("each_player", [3, 2, 1])],
)
def test_settlement_procedures(procedure: str, order: list[int]) -> None:
    """673a.7(t): (1) every losing wager collected counterclockwise from the dealer's
    right, then the winners paid; (2) each player in turn from the dealer's right."""
    hands = {1: "Tc 7d", 2: "Tc 9d", 3: "Tc 6d", DEALER: "9h 9c"}
    rnd = open_round(hands, settlement=procedure)
    for seat in (1, 2, 3):
        decide(rnd, seat, "stand")
    events = finish(rnd)
    assert [e.seat for e in of_type(events, WagerSettled)] == order


# --- Bad input ---------------------------------------------------------------------------
def test_out_of_turn_and_wrong_seat_refused() -> None:
    """673a.7(i): players decide in turn clockwise from the dealer's left, each for his
    own box."""
    rnd = open_round({1: "Tc 6d", 2: "Tc 5d", DEALER: NINE_EIGHT})
    error = refused(rnd, Decide(seat=2, decision="stand"), 2)
    assert isinstance(error, NotYourTurn) and error.cite == "673a.7(i)"
    assert refused(rnd, Decide(seat=1, decision="stand"), 2).cite == "673a.7(i)"
    assert refused(rnd, Decide(seat=1, decision="stand"), DEALER).cite == "673a.7(i)"


def test_blackjack_wager_required() -> None:
    """673a.6(d): only a box with a Blackjack Wager is dealt in; with none there is no deal;
    673a.6(a): wagers go on the layout's areas only."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(), "T", NOW)
    table.shoe, table.cover_at, table.shuffle_due = [*FILLER, *FILLER], 12, None
    rnd = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    assert refused(rnd, DealCards(), DEALER).cite == "673a.6(d)"
    assert refused(rnd, PlaceWager(seat=1, spot="side", amount=FIVE), 1).cite == "673a.6(a)"
    rnd.handle(PlaceWager(seat=2, spot="blackjack", amount=FIVE), 2)
    rnd.handle(DealCards(), DEALER)
    assert set(rnd.state.hands) == {(2, 0)}


def test_wager_after_the_deal_refused() -> None:
    """673a.6(c): the Blackjack Wager goes before the first card and may not be
    altered."""
    rnd = open_round({1: "Tc 6d", DEALER: NINE_EIGHT}, seats={1: "a", 2: "b"})
    assert refused(rnd, PlaceWager(seat=2, spot="blackjack", amount=FIVE), 2).cite == "673a.6(c)"


def test_rules_submission_checked() -> None:
    """673a.3(b)(2), 673a.6(e): two batches need two back colours; adjacent boxes 1-6."""
    with pytest.raises(RulesSubmissionError, match=r"673a\.3\(b\)\(2\)"):
        load_text(
            'game = "double-back-jack"\nshuffling = "automated"\nback_colors = ["red", "red"]'
        )
    with pytest.raises(RulesSubmissionError, match=r"673a\.6\(e\)"):
        load_text('game = "double-back-jack"\nadjacent_boxes = 7')


@pytest.mark.parametrize("colors", ['["red", "blue"]', '["red", "red"]'])
def test_673a_3_a_manual_shuffling_names_one_back_colour(colors: str) -> None:
    """673a.3(a): "Except as provided in subsections (b) and (c), Double Back Jack shall be
    played with at least one deck of cards that are identical in appearance"; only (b),
    with an automated card shuffling device, provides for two batches whose backs differ.
    A Rules Submission with manual shuffling and two back colours is refused, citing
    673a.3(a) and naming 673a.3(b)(2)."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text(f'game = "double-back-jack"\nshuffling = "manual"\nback_colors = {colors}')
    assert info.value.cite == "673a.3(a)"
    assert "manual shuffling names one back colour" in str(info.value)
    assert "673a.3(b)(2)" in str(info.value)


def test_673a_3_back_colours_accepted() -> None:
    """673a.3(a): manual shuffling with one back colour, or none named (one batch); 673a.3(b):
    an automated shuffler with two different colours, or none named (two batches)."""
    one = load_text('game = "double-back-jack"\nshuffling = "manual"\nback_colors = ["green"]')
    assert isinstance(one, DoubleBackJackRules) and one.batch_colors == ("green",)
    assert DoubleBackJackRules().batch_colors == ("red",)
    assert DoubleBackJackRules(shuffling="automated").batch_colors == ("red", "blue")
    two = load_text(
        'game = "double-back-jack"\nshuffling = "automated"\nback_colors = ["red", "blue"]'
    )
    assert isinstance(two, DoubleBackJackRules) and two.batch_colors == ("red", "blue")


def test_a_round_stored_before_the_back_colour_check_still_replays() -> None:
    """Rules accepted before the 673a.3(a) check (manual shuffling, two colours named, the
    first used alone) still replay when read back from storage: nothing stored becomes
    unreadable; a new submission with them is refused."""
    data = {**DoubleBackJackRules().canonical_dict(), "back_colors": ["red", "blue"]}
    with pytest.raises(ValueError, match="manual shuffling names one back colour"):
        DoubleBackJackRules.model_validate(data)
    old = DoubleBackJackRules.model_validate(data, context=STORED)
    assert old.batch_colors == ("red",)
    rnd = DoubleBackJackRound.open(
        old, table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(3)
    )
    replayed = DoubleBackJackRound.replay(rnd.events)
    assert replayed.events == rnd.events and replayed.rules.back_colors == ("red", "blue")


def test_adjacent_boxes() -> None:
    """673a.6(e): a player wagers on no more adjacent boxes than the Rules Submission
    allows; the table has six boxes (673a.2(a)); at least one deck (673a.3(a))."""
    with pytest.raises(RulesSubmissionError, match=r"673a\.2\(a\)"):
        DoubleBackJackRound.open(
            DoubleBackJackRules(), table_id="T", round_id="R", seats={7: "a"}, rng=SeededRng(0)
        )
    with pytest.raises(RulesSubmissionError, match=r"673a\.3\(a\)"):
        load_text('game = "double-back-jack"\ndecks = 0')
    rules = DoubleBackJackRules(adjacent_boxes=2)
    with pytest.raises(InvalidWager, match=r"673a\.6\(e\)"):
        DoubleBackJackRound.open(
            DoubleBackJackRules(),
            table_id="T",
            round_id="R",
            seats={1: "a", 2: "a"},
            rng=SeededRng(0),
        )
    with pytest.raises(InvalidWager, match=r"673a\.6\(e\)"):
        DoubleBackJackRound.open(
            rules, table_id="T", round_id="R", seats={1: "a", 3: "a"}, rng=SeededRng(0)
        )
    DoubleBackJackRound.open(
        rules, table_id="T", round_id="R", seats={1: "a", 2: "a"}, rng=SeededRng(0)
    )


# --- The shoe --------------------------------------------------------------------------
def test_cut_cover_card_and_burn() -> None:
    """673a.5(d), 673a.7(c): the shuffled stack of the whole shoe (673a.5(a)) is cut at
    least ten cards from the top or bottom by a player offered the cut or the dealer
    (673a.5(b)), the cover card reinserted at least 1/4 of the way in from the bottom
    (78 of 312 cards), a recut on the floor's word (673a.5(e)), and the first card
    burned."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(), "T", NOW, first_player=1)
    rnd = table.open_round({1: "a", 2: "b"}, SeededRng(3))
    assert rnd.state.cut_offer == (1,)  # 673a.5(c)(1): the first player to arrive
    rnd.handle(ShuffleCards(), DEALER)
    stack = list(rnd.state.stack)
    assert len(stack) == 312
    for position, cover in ((9, 100), (303, 100), (10, 77)):
        cutting = CutCards(position=position, cover_from_bottom=cover, cutter=1)
        assert refused(rnd, cutting, DEALER).cite == "673a.5(d)"
    assert sorted(stack) == sorted(shoe(6))
    stranger = CutCards(position=10, cover_from_bottom=78, cutter=5)
    assert refused(rnd, stranger, DEALER).cite == "673a.5(c)"
    rnd.handle(CutCards(position=30, cover_from_bottom=78, cutter=1), DEALER)
    rnd.handle(RequireRecut(), DEALER)
    rnd.handle(CutCards(position=10, cover_from_bottom=78), DEALER)
    events = rnd.handle(LoadShoe(), DEALER)
    burned = of_type(events, CardBurned)[0]
    recut = [*stack[30:], *stack[:30]]  # the stack as the first cut left it
    assert burned.card == recut[10]
    assert rnd.state.shoe == [*recut[11:], *recut[:10]] and rnd.state.cover_at == 78


def test_cover_card_reshuffle_and_cut_offer() -> None:
    """673a.7(d), 673a.5(c)(2): the cover card appears on box 2's card; the round is
    completed, then the cards are reshuffled and the cut is offered to box 2; a reshuffle
    the floor directs (673a.5(f)) offers it from the dealer's right (673a.5(c)(4))."""
    rules = DoubleBackJackRules()
    table = DoubleBackJackTable.start(rules, "T", NOW)
    dealt = initial_deal({1: "Tc 8d", 2: "Td 5d", DEALER: NINE_EIGHT})
    table.shoe, table.cover_at, table.shuffle_due = [*dealt, *cards("4h"), *FILLER], 13, None
    rnd = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    for seat in (1, 2):
        rnd.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    rnd.handle(DealCards(), DEALER)
    decide(rnd, 1, "stand")
    events = decide(rnd, 2, "hit")
    assert of_type(events, CoverCardReached)[0].hand == 2
    decide(rnd, 2, "stand")
    finish(rnd)
    table.finish(rnd, NOW)
    setup = table.setup({1: "a", 2: "b"})
    assert setup.shuffle_due and setup.cut_offer == (2,)
    table.reshuffle_by_floor()
    assert table.setup({1: "a", 2: "b", 4: "c"}).cut_offer == (4, 2, 1)


def _cut_round(offer: tuple[int, ...], seats: tuple[int, ...] = (1, 2, 4)) -> DoubleBackJackRound:
    """A round whose shoe is due for a shuffle, the cut offered to ``offer`` in turn;
    shuffled."""
    setup = RoundSetup(
        batch="red",
        shuffling="manual",
        shuffle_due="the cover card appeared",
        cut_offer=offer,
        cite="673a.7(a)",
    )
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(decks=1),
        table_id="T",
        round_id="R",
        seats={seat: f"p{seat}" for seat in seats},
        rng=SeededRng(4),
        setup=setup,
    )
    rnd.handle(ShuffleCards(), DEALER)
    return rnd


def test_cut_offered_in_turn_and_refused() -> None:
    """673a.5(b): "the dealer shall offer the stack of cards to be cut ... to the player
    determined under subsection (c). If no player accepts the cut, the dealer shall cut
    the cards." 673a.5(c)(3): "the player at the farthest position to the right of the
    dealer. If this player refuses, the offer to cut the cards shall rotate to each
    player in a counterclockwise manner." Boxes are numbered from the dealer's left, so
    with boxes 1, 2 and 4 the offer goes to 4, then 2, then 1, then the dealer."""
    rnd = _cut_round((4, 2, 1))
    cut = {"position": 20, "cover_from_bottom": 13}  # 13 = 52 / 4 (673a.5(d))
    assert rnd.view(None)["cut_offered_to"] == 4
    assert refused(rnd, CutCards(**cut), DEALER).cite == "673a.5(b)"
    assert refused(rnd, CutCards(**cut, cutter=2), DEALER).cite == "673a.5(c)"
    assert refused(rnd, RefuseCut(seat=2), 2).cite == "673a.5(c)"
    assert refused(rnd, RefuseCut(seat=4), 2).cite == "673a.5(c)"  # box 2 acting for 4
    assert [c.command for c in rnd.legal_commands(4)] == ["AcceptCut", "RefuseCut"]
    assert rnd.legal_commands(2) == []
    events = rnd.handle(RefuseCut(seat=4), 4)
    assert isinstance(events[0], CutRefused) and events[0].cite == "673a.5(b); 673a.5(c)"
    assert rnd.view(None)["cut_offered_to"] == 2
    assert refused(rnd, RefuseCut(seat=4), 4).cite == "673a.5(c)"  # once refused, passed on
    rnd.handle(RefuseCut(seat=2), 2)
    assert refused(rnd, CutCards(**cut, cutter=4), DEALER).cite == "673a.5(c)"
    rnd.handle(RefuseCut(seat=1), 1)
    assert rnd.view(None)["cut_refused"] == [4, 2, 1]
    assert rnd.view(None)["cut_offered_to"] is None
    assert refused(rnd, CutCards(**cut, cutter=1), DEALER).cite == "673a.5(c)"
    rnd.handle(CutCards(**cut), DEALER)  # no player accepted: the dealer cuts
    assert of_type(rnd.events, DeckCut)[-1].cutter == DEALER
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_cut_offered_to_one_player_then_the_dealer() -> None:
    """673a.5(c)(1)-(2) name one player (the first to arrive, or the box where the cover
    card appeared) and no rotation: when he refuses, no player has accepted and the
    dealer cuts (673a.5(b))."""
    rnd = _cut_round((2,))
    cut = {"position": 30, "cover_from_bottom": 20}
    assert refused(rnd, CutCards(**cut), DEALER).cite == "673a.5(b)"
    assert refused(rnd, RefuseCut(seat=1), 1).cite == "673a.5(c)"
    rnd.handle(RefuseCut(seat=2), 2)
    assert refused(rnd, CutCards(**cut, cutter=1), DEALER).cite == "673a.5(c)"
    rnd.handle(CutCards(**cut), DEALER)
    accepted = _cut_round((2,))
    accepted.handle(CutCards(**cut, cutter=2), DEALER)  # box 2 accepts and cuts
    assert of_type(accepted.events, DeckCut)[-1].cutter == 2


def test_the_box_offered_the_cut_accepts_and_places_the_cover_card() -> None:
    """673a.5(b): the stack is offered "to be cut ... to the player determined under
    subsection (c)"; 673a.5(d): "The player or dealer making the cut shall place the cover
    card in the stack at least ten cards from the top or bottom of the stack. Once the
    cover card has been inserted, the dealer shall take all cards on top of the cover
    card and place them on the bottom of the stack. The dealer shall then insert the
    cover card ..." Box 4, offered the cut, accepts it at 20 cards (``AcceptCut``); the
    dealer records that cut, by box 4 at 20, choosing only where the cover card goes back
    in (at least 13 of 52 below it)."""
    rnd = _cut_round((4, 2, 1))
    accept, refuse = rnd.legal_commands(4)
    assert accept.command == "AcceptCut" and _offered(accept) == {"position": (10, 42)}
    assert accept.cite == "673a.5(b); 673a.5(c); 673a.5(d)"
    assert refuse.command == "RefuseCut"
    stack = list(rnd.state.stack)
    events = rnd.handle(AcceptCut(seat=4, position=20), 4)
    assert events == [CutAccepted(seat=4, position=20, cite="673a.5(b); 673a.5(c); 673a.5(d)")]
    assert rnd.state.stack == stack  # the dealer has not yet moved the cards
    view = rnd.view(None)
    assert view["cut_accepted"] == {"seat": 4, "position": 20}
    assert view["cut_offered_to"] is None and view["phase"] == "cut"
    assert all(rnd.legal_commands(seat) == [] for seat in (1, 2, 4))
    dealer = next(c for c in rnd.legal_commands(DEALER) if c.command == "CutCards")
    assert _offered(dealer) == {
        "position": (20, 20),
        "cover_from_bottom": (13, 51),
        "cutter": (4,),
    }
    events = rnd.handle(CutCards(position=20, cover_from_bottom=13, cutter=4), DEALER)
    assert events[0] == DeckCut(position=20, cover_from_bottom=13, cutter=4, cite="673a.5(d)")
    assert rnd.view(None)["cut_accepted"] is None and rnd.state.last_cutter == 4
    moved = [*stack[20:], *stack[:20]]  # the cards above the cover card go to the bottom
    assert rnd.state.stack == moved
    replayed = DoubleBackJackRound.replay(rnd.events)
    assert replayed.events == rnd.events
    assert replayed.state.stack == rnd.state.stack and replayed.state.last_cutter == 4
    assert replayed.view(DEALER) == rnd.view(DEALER)


def test_only_the_box_offered_the_cut_accepts_it_within_the_bounds() -> None:
    """673a.5(c): the cut is offered to one player at a time, box 4 first; box 2 or the
    dealer cannot accept it for him, and box 4's cover card goes at least ten cards from
    the top or bottom of the 52 (673a.5(d)). Once box 4 has accepted, the offer has
    ended: he cannot refuse it, and no one else may be offered it."""
    rnd = _cut_round((4, 2, 1))
    error = refused(rnd, AcceptCut(seat=2, position=20), 2)
    assert isinstance(error, NotYourTurn) and error.cite == "673a.5(c)"
    assert "offered now to box 4, not to box 2" in str(error)
    assert isinstance(refused(rnd, AcceptCut(seat=4, position=20), 2), NotYourTurn)
    assert isinstance(refused(rnd, AcceptCut(seat=4, position=20), DEALER), NotYourTurn)
    for position in (0, 9, 43, 52):
        assert refused(rnd, AcceptCut(seat=4, position=position), 4).cite == "673a.5(d)"
    rnd.handle(RefuseCut(seat=4), 4)
    assert refused(rnd, AcceptCut(seat=4, position=20), 4).cite == "673a.5(c)"
    rnd.handle(AcceptCut(seat=2, position=42), 2)  # the offer passed on to box 2
    error = refused(rnd, RefuseCut(seat=2), 2)
    assert "offered now to no player" in str(error)
    assert refused(rnd, AcceptCut(seat=1, position=20), 1).cite == "673a.5(c)"
    rnd.handle(CutCards(position=42, cover_from_bottom=51, cutter=2), DEALER)
    assert [type(e).__name__ for e in rnd.events[-3:]] == ["CutRefused", "CutAccepted", "DeckCut"]
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_the_dealer_records_the_cut_the_box_made() -> None:
    """673a.5(d): the cover card's place in the cut is the player's; the dealer moves the
    cards and reinserts it. After box 2 accepts at 30, the dealer's cut at another
    position, or by the dealer or another box, is refused; so is a reinsertion under a
    quarter of the stack. A replay of the stored events stops with the offer accepted and
    the cut not yet recorded, as the round was."""
    rnd = _cut_round((2,))
    rnd.handle(AcceptCut(seat=2, position=30), 2)
    wrong_position = refused(rnd, CutCards(position=31, cover_from_bottom=20, cutter=2), DEALER)
    assert wrong_position.cite == "673a.5(d)" and "box 2 placed the cover card 30" in str(
        wrong_position
    )
    by_dealer = refused(rnd, CutCards(position=30, cover_from_bottom=20), DEALER)
    assert by_dealer.cite == "673a.5(b); 673a.5(c)"
    assert "box 2 accepted the cut" in str(by_dealer)
    assert refused(rnd, CutCards(position=30, cover_from_bottom=20, cutter=1), DEALER).cite == (
        "673a.5(b); 673a.5(c)"
    )
    assert refused(rnd, CutCards(position=30, cover_from_bottom=12, cutter=2), DEALER).cite == (
        "673a.5(d)"
    )
    replayed = DoubleBackJackRound.replay(rnd.events)
    assert replayed.events == rnd.events
    assert replayed.state.cut_accepted == (2, 30)
    assert {who: replayed.view(who) for who in (None, DEALER, 1, 2, 4)} == {
        who: rnd.view(who) for who in (None, DEALER, 1, 2, 4)
    }
    rnd.handle(CutCards(position=30, cover_from_bottom=20, cutter=2), DEALER)
    rnd.handle(RequireRecut(), DEALER)  # 673a.5(e): box 2, who last cut, or the dealer
    assert rnd.view(None)["cut_accepted"] is None
    assert rnd.legal_commands(2) == []  # the offer of (c) was box 2's alone, and was taken
    rnd.handle(CutCards(position=15, cover_from_bottom=20, cutter=2), DEALER)
    assert [e.cutter for e in of_type(rnd.events, DeckCut)] == [2, 2]
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_recut_by_the_last_cutter_or_the_next_entitled() -> None:
    """673a.5(e): "the cards shall be recut either by the player who last cut the cards
    or by the next person entitled to cut the cards, as determined under subsection
    (c)." Box 4 cut; the recut is box 4's or box 2's, not box 1's nor the dealer's while
    box 2 has not refused it; after box 2 refuses, box 4 or box 1."""
    rnd = _cut_round((4, 2, 1))
    cut = {"position": 25, "cover_from_bottom": 13}
    rnd.handle(CutCards(**cut, cutter=4), DEALER)
    rnd.handle(RequireRecut(), DEALER)
    assert refused(rnd, CutCards(**cut, cutter=1), DEALER).cite == "673a.5(e)"
    assert refused(rnd, CutCards(**cut), DEALER).cite == "673a.5(e)"
    rnd.handle(RefuseCut(seat=2), 2)
    assert refused(rnd, CutCards(**cut), DEALER).cite == "673a.5(e)"
    rnd.handle(CutCards(**cut, cutter=1), DEALER)
    rnd.handle(RequireRecut(), DEALER)  # box 1 last cut; after him only the dealer
    assert refused(rnd, CutCards(**cut, cutter=4), DEALER).cite == "673a.5(e)"
    rnd.handle(CutCards(**cut), DEALER)
    assert [e.cutter for e in of_type(rnd.events, DeckCut)] == [4, 1, DEALER]
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_cover_card_on_the_dealer_offers_the_cut_from_the_right() -> None:
    """673a.5(c)(3): the cover card appeared on the dealer's hand: the cut is offered from
    the player farthest to the dealer's right (the highest box), counterclockwise."""
    rules = DoubleBackJackRules()
    table = DoubleBackJackTable.start(rules, "T", NOW)
    dealt = initial_deal({1: "Tc 8d", 3: "Td 9d", DEALER: "9h 6c"})
    # 13 cards below the cover card: it lies just above the 4h, the first card drawn
    table.shoe, table.cover_at, table.shuffle_due = [*dealt, *cards("4h"), *FILLER], 13, None
    rnd = table.open_round({1: "a", 3: "b"}, SeededRng(0))
    for seat in (1, 3):
        rnd.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    rnd.handle(DealCards(), DEALER)
    decide(rnd, 1, "stand")
    decide(rnd, 3, "stand")
    events = finish(rnd)  # the dealer's 15 draws the 4h: the cover card comes first
    assert of_type(events, CoverCardReached)[0].hand == DEALER
    table.finish(rnd, NOW)
    assert table.setup({1: "a", 3: "b", 6: "c"}).cut_offer == (6, 3, 1)


def _short_shoe(
    hands: dict[Any, str], draws: str, cover_at: int, **rules: Any
) -> DoubleBackJackRound:
    """A round whose shoe holds only the cards of ``hands`` and ``draws`` (in the order
    of 673a.7(e)), ``cover_at`` of them below the cover card; every box wagers $5."""
    boxes = sorted(k for k in hands if isinstance(k, int))
    shoe = (*initial_deal(hands), *cards(draws))
    setup = RoundSetup(
        batch="red", shuffling="manual", shoe=shoe, cover_at=cover_at, cite="673a.7(a)"
    )
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(**rules),
        table_id="T",
        round_id="R",
        seats={box: f"p{box}" for box in boxes},
        rng=SeededRng(1),
        setup=setup,
    )
    for box in boxes:
        rnd.handle(PlaceWager(seat=box, spot="blackjack", amount=FIVE), box)
    rnd.handle(DealCards(), DEALER)
    return rnd


def test_insufficient_cards_reshuffles_the_discard_rack() -> None:
    """673a.13(f): "If there are insufficient cards remaining in the shoe to complete a
    round of play, all of the cards in the discard rack shall be shuffled and cut
    according to the procedures in § 673a.5 (relating to shuffle and cut of the cards).
    The first card shall be drawn face down and placed in the discard rack and the dealer
    shall complete the round of play." The shoe holds the four cards of the deal, the
    cover card above the last (the dealer's hole card), so it appeared on the dealer's
    hand: 673a.5(c)(3) offers the cut to the player farthest to the dealer's right (box 1,
    the only one), and the dealer may cut only once he refuses (673a.5(b)). The cards
    shuffled are the 312 of six decks less the four on the layout."""
    rnd = _short_shoe({1: "Tc 2d", DEALER: NINE_EIGHT}, "", cover_at=1)
    assert of_type(rnd.events, CoverCardReached)[0].hand == DEALER
    events = decide(rnd, 1, "hit")
    assert of_type(events, ShoeExhausted)
    shuffled = rnd.handle(ShuffleCards(), DEALER)[0]
    assert isinstance(shuffled, DeckShuffled) and len(shuffled.stack) == 312 - 4
    assert shuffled.cite == "673a.13(f)"
    assert rnd.view(None)["cut_offered_to"] == 1
    cut = CutCards(position=20, cover_from_bottom=100)
    assert refused(rnd, cut, DEALER).cite == "673a.5(b)"
    refusal = rnd.handle(RefuseCut(seat=1), 1)[0]
    assert refusal.cite == "673a.5(b); 673a.5(c); 673a.13(f)"
    assert rnd.handle(cut, DEALER)[0].cite == "673a.5(d); 673a.13(f)"
    events = rnd.handle(LoadShoe(), DEALER)
    assert isinstance(events[1], CardBurned) and events[1].cite == "673a.13(f)"
    assert of_type(events, CardDealt)[0].hand == 1
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


@pytest.mark.parametrize(
    ("reading", "offer"), [("cover_card", [2]), ("right", [3, 2, 1])], ids=["default", "right"]
)
def test_insufficient_cards_cut_offered_as_673a_5_c(reading: str, offer: list[int]) -> None:
    """673a.13(f) shuffles and cuts the discard rack "according to the procedures in
    § 673a.5", and 673a.5(b) has the dealer "offer the stack of cards to be cut". The
    cover card, at least a quarter from the bottom, has appeared in this very round,
    here on box 2's first hit: by default the cut goes as 673a.5(c)(2) orders, "to the
    player on whose betting area the cover card appeared"; a Rules Submission may offer
    it from the dealer's right in every case (673a.5(c)(3)-(4): boxes 3, 2, 1). Box 2
    accepts and cuts. A submission cannot leave the cut to the dealer alone."""
    with pytest.raises(RulesSubmissionError, match="insufficient_cards_cut"):
        load_text('game = "double-back-jack"\ninsufficient_cards_cut = "dealer"')
    hands = {1: "Tc 8d", 2: "5c 4d", 3: "Td 9c", DEALER: NINE_EIGHT}
    # the ninth card, box 2's first hit, lies just below the cover card and is the last
    rnd = _short_shoe(hands, "2h", cover_at=1, insufficient_cards_cut=reading)
    decide(rnd, 1, "stand")
    events = decide(rnd, 2, "hit")
    assert of_type(events, CoverCardReached)[0].hand == 2
    assert [str(c) for c in rnd.state.hands[(2, 0)].cards] == ["5c", "4d", "2h"]
    events = decide(rnd, 2, "hit")
    assert of_type(events, ShoeExhausted)
    shuffled = rnd.handle(ShuffleCards(), DEALER)[0]
    assert len(shuffled.stack) == 312 - 9  # 2 + 3 + 2 cards of the boxes, 2 of the dealer
    assert rnd.view(None)["cut_offer"] == offer
    assert rnd.view(None)["cut_offered_to"] == offer[0]
    if reading == "right":
        rnd.handle(RefuseCut(seat=3), 3)
    rnd.handle(CutCards(position=20, cover_from_bottom=100, cutter=2), DEALER)
    events = rnd.handle(LoadShoe(), DEALER)
    assert of_type(events, CardDealt)[0].hand == 2
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_sat_out_barred_until_reshuffle() -> None:
    """673a.6(b): with the Rules Submission's choice, a box that made no wager may not
    wager again until a reshuffle."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(bar_sat_out=True), "T", NOW)
    rnd = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(CutCards(position=50, cover_from_bottom=100, cutter=1), DEALER)
    rnd.handle(LoadShoe(), DEALER)
    rnd.handle(PlaceWager(seat=1, spot="blackjack", amount=FIVE), 1)
    rnd.handle(DealCards(), DEALER)
    while not rnd.finished:
        hand = rnd.state.to_act()
        if hand is not None:
            options = rnd.legal_commands(hand.seat)[0].values("decision")
            choice = "stand" if "stand" in options else options[0]
            rnd.handle(Decide(seat=hand.seat, decision=choice), hand.seat)
        elif rnd.state.phase == "reader":
            rnd.handle(ReadHoleCard(), DEALER)
        elif rnd.state.phase == "settle":
            rnd.handle(SettleWagers(), DEALER)
        else:
            rnd.handle(PlayDealerHand(), DEALER)
    table.finish(rnd, NOW)
    nxt = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    assert refused(nxt, PlaceWager(seat=2, spot="blackjack", amount=FIVE), 2).cite == "673a.6(b)"
    table.reshuffle_by_floor()
    after = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    assert after.state.barred == (2,)
    after.handle(ShuffleCards(), DEALER)
    after.handle(CutCards(position=50, cover_from_bottom=100, cutter=2), DEALER)
    after.handle(LoadShoe(), DEALER)
    after.handle(PlaceWager(seat=2, spot="blackjack", amount=FIVE), 2)


# --- Irregularities ------------------------------------------------------------------------
def test_face_up_card_discarded() -> None:
    """673a.13(a): a card found face up in the shoe goes to the discard rack unused."""
    rnd = open_round({1: "Tc 2d", DEALER: NINE_EIGHT}, draws="5h 6h")
    events = rnd.handle(DeclareIrregularity(irregularity="face_up_card"), DEALER)
    assert str(of_type(events, CardDiscarded)[0].card) == "5h"
    events = decide(rnd, 1, "hit")
    assert str(of_type(events, CardDealt)[0].card) == "6h"


def test_card_drawn_in_error_unexposed_is_the_next_card() -> None:
    """673a.13(b): a card drawn in error, unexposed, is used as the next card."""
    rnd = open_round({1: "Tc 2d", DEALER: NINE_EIGHT}, draws="5h")
    rnd.handle(DeclareIrregularity(irregularity="card_drawn_in_error"), DEALER)
    events = decide(rnd, 1, "hit")
    assert str(of_type(events, CardDealt)[0].card) == "5h"


def test_decks_changed_every_24_hours() -> None:
    """673a.3(c): the table tells the floor when a batch has been in use 24 hours."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(), "T", NOW)
    rnd = open_round({1: "Tc 8d", DEALER: NINE_EIGHT})
    rnd.handle(VoidRound(reason="test"), DEALER)
    assert table.finish(rnd, NOW + timedelta(hours=23)) == []
    assert "673a.3(c)" in table.finish(rnd, NOW + timedelta(hours=24))[0]


def test_exposed_card_refused() -> None:
    """673a.13(c): an exposed card drawn in error is the next card; a player who refuses
    it gets no more cards, and the next player may take it."""
    rnd = open_round({1: "Tc 2d", 2: "Tc 3d", DEALER: NINE_EIGHT}, draws="5h")
    rnd.handle(DeclareIrregularity(irregularity="exposed_card_drawn_in_error"), DEALER)
    decide(rnd, 1, "refuse_card")
    events = decide(rnd, 2, "hit")
    assert str(of_type(events, CardDealt)[0].card) == "5h"


def test_dealer_drew_on_17() -> None:
    """673a.13(d): a card the dealer draws on 17 by accident goes to the discard rack."""
    rnd = open_round({1: "Tc 8d", DEALER: NINE_EIGHT}, draws="5h")
    decide(rnd, 1, "stand")
    rnd.handle(PlayDealerHand(), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity="dealer_drew_on_17"), DEALER)
    assert str(of_type(events, CardDiscarded)[0].card) == "5h"
    rnd.handle(SettleWagers(), DEALER)
    assert settled(rnd)["blackjack"].outcome is Outcome.WIN


def test_dealer_missed_first_card() -> None:
    """673a.13(e): the dealer finishes the players' two cards, then deals his own two."""
    shoe = cards("Tc 8d 9h 8c")  # box 1's two cards, then the dealer's
    setup = stacked_shoe(shoe)
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a"},
        rng=SeededRng(0),
        setup=setup,
    )
    rnd.handle(PlaceWager(seat=1, spot="blackjack", amount=FIVE), 1)
    rnd.handle(DealCards(dealer_missed_first_card=True), DEALER)
    assert [str(c) for c in rnd.state.hands[(1, 0)].cards] == ["Tc", "8d"]
    assert [str(c) for c in rnd.state.dealer] == ["9h", "8c"]


def _one_card_round() -> DoubleBackJackRound:
    """Boxes 1-3 wager $5; the dealer misses box 1 entirely and deals box 2 one card."""
    # 673a.7(e) with box 1 missed and box 2's second card late (673a.13(g)): box 2's
    # first card, box 3's first, the dealer's up card, box 3's second, then box 2's late
    # second card, then the dealer's hole card.
    shoe = cards("Tc Jd 9h 8s 7d 8c")
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a", 2: "b", 3: "c"},
        rng=SeededRng(0),
        setup=stacked_shoe(shoe),
    )
    for seat in (1, 2, 3):
        rnd.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    rnd.handle(DealCards(no_cards=(1,), one_card=(2,)), DEALER)
    return rnd


def test_no_cards_and_one_card_taken() -> None:
    """673a.13(g): "If no cards are dealt to a player's hand, the hand is dead and the
    player shall be included in the next deal. If only one card is dealt to a player's
    hand, at the player's option, the dealer shall deal the second card to the player
    after all other players have received a second card." Box 1 is dead, its wager
    returned; box 2 is asked, takes the card, and it comes after box 3's second card."""
    rnd = _one_card_round()
    assert settled(rnd, 1)["blackjack"].outcome is Outcome.VOID
    assert settled(rnd, 1)["blackjack"].returned == FIVE
    # the deal stops before box 2's late card: box 3 has two cards, the hole card waits
    assert [str(c) for c in rnd.state.hands[(3, 0)].cards] == ["Jd", "8s"]
    assert [str(c) for c in rnd.state.hands[(2, 0)].cards] == ["Tc"]
    assert [str(c) for c in rnd.state.dealer] == ["9h"]
    assert rnd.view(2)["late_card_due"] == 2
    (legal,) = rnd.legal_commands(2)
    assert _offered(legal) == {"decision": ("take_late_card", "decline_late_card")}
    assert legal.cite == "673a.13(g)"
    assert rnd.legal_commands(3) == []
    assert refused(rnd, Decide(seat=3, decision="take_late_card"), 3).cite == "673a.13(g)"
    assert refused(rnd, Decide(seat=2, decision="stand"), 2).cite == "673a.7(i)"
    decide(rnd, 2, "take_late_card")
    assert [str(c) for c in rnd.state.hands[(2, 0)].cards] == ["Tc", "7d"]
    assert [str(c) for c in rnd.state.dealer] == ["9h", "8c"]
    # box 2 (17) and box 3 (18) stand against the dealer's 17: a tie and a win
    decide(rnd, 2, "stand")
    decide(rnd, 3, "stand")
    finish(rnd)
    assert net(rnd, 2) == 0 and net(rnd, 3) == FIVE and net(rnd, 1) == 0
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_one_card_declined_is_dead() -> None:
    """673a.13(g): the late second card is "at the player's option"; a player who
    declines it has a dead hand (as the box dealt no cards) and his Blackjack Wager is
    returned (interpretations: late-card-declined). The card he declined is the next
    card: the dealer's hole card."""
    rnd = _one_card_round()
    events = decide(rnd, 2, "decline_late_card")
    returned = settled(rnd, 2)["blackjack"]
    assert returned.outcome is Outcome.VOID and returned.returned == FIVE and returned.won == 0
    assert "673a.13(g)" in returned.cite
    assert [str(c) for c in rnd.state.dealer] == ["9h", "7d"]  # 9 + 7: the dealer has 16
    assert of_type(events, CardDealt)[-1].hand == DEALER
    assert refused(rnd, Decide(seat=2, decision="take_late_card"), 2).cite == "673a.13(g)"
    decide(rnd, 3, "stand")  # 18
    finish(rnd)  # the dealer draws the 8c to 16: 24, over 21
    assert net(rnd, 3) == FIVE and net(rnd, 2) == 0
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_missed_requested_card_dealt_after_the_others() -> None:
    """673a.13(h): "If after receiving the first two cards, the dealer fails to deal an
    additional card to a player who has requested a card, then, at the player's option,
    the dealer shall either deal the additional card after all other players have
    received their additional cards but prior to the dealer revealing his hole card or
    call the player's hand dead and return the player's original Blackjack Wager."
    The card taken: box 1 (12) asks for a card and the dealer moves on
    without dealing it. Box 2 draws its card (the 3h: 18) and stands; only then is box 1
    asked, and before the hole card is turned. He takes the card, the 7s (19), the next
    in the shoe, and stands (his hand plays on, but three cards may not double down,
    673a.10(a)). Against the dealer's 17 both win 1 to 1 (673a.7(r)(1)(ii))."""
    rnd = open_round({1: "Tc 2d", 2: "Tc 5d", DEALER: NINE_EIGHT}, draws="3h 7s")
    events = rnd.handle(DeclareIrregularity(irregularity="missed_requested_card"), DEALER)
    assert [type(e).__name__ for e in events] == ["IrregularityDeclared", "RequestedCardMissed"]
    assert all(e.cite == "673a.13(h)" for e in events)
    assert rnd.view(None)["hands"]["1.1"]["status"] == "missed_card"
    assert rnd.view(None)["to_act"] == "2.1" and rnd.view(None)["late_card_due"] is None
    assert refused(rnd, Decide(seat=1, decision="take_late_card"), 1).cite == "673a.13(h)"
    assert refused(rnd, Decide(seat=1, decision="hit"), 1).cite == "673a.7(i)"
    events = decide(rnd, 2, "hit")
    assert [str(e.card) for e in of_type(events, CardDealt)] == ["3h"]
    decide(rnd, 2, "stand")
    assert rnd.view(None)["late_card_due"] == 1 and rnd.view(None)["to_act"] is None
    (legal,) = rnd.legal_commands(1)
    assert _offered(legal) == {"decision": ("take_late_card", "decline_late_card")}
    assert legal.cite == "673a.13(h)"
    assert refused(rnd, PlayDealerHand(), DEALER).cite == "673a.13(h)"
    assert refused(rnd, Decide(seat=2, decision="take_late_card"), 2).cite == "673a.13(h)"
    assert refused(rnd, Decide(seat=1, decision="stand"), 1).cite == "673a.13(h)"
    events = decide(rnd, 1, "take_late_card")
    (card,) = of_type(events, CardDealt)
    assert (card.hand, str(card.card), card.cite) == (1, "7s", "673a.13(h)")
    assert rnd.view(None)["hands"]["1.1"]["total"] == 19
    options = rnd.legal_commands(1)[0].values("decision")
    assert "stand" in options and "hit" in options and "double" not in options
    decide(rnd, 1, "stand")
    finish(rnd)
    turned = next(i for i, e in enumerate(rnd.events) if isinstance(e, HoleCardTurned))
    assert rnd.events.index(card) < turned
    assert net(rnd, 1) == FIVE and net(rnd, 2) == FIVE
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_missed_requested_card_declined_hand_dead_on_a_split() -> None:
    """673a.13(h), the hand called dead: box 1 splits two 8s (673a.11(a)); the first hand
    draws the 3h (11) and asks for a card the dealer misses. The dealer goes on to the
    second hand (the Ts: 18, stands, 673a.11(b)-(c)); then box 1 declines the missed
    card: the first hand is dead and its wager, the original Blackjack Wager of $5, is
    returned, nothing won. The card he did not take (5s) stays next in the shoe; the
    dealer stands on 17 and the second hand's 18 wins $5 (673a.7(r)(1)(ii))."""
    rnd = open_round({1: "8c 8d", DEALER: NINE_EIGHT}, draws="3h Ts 5s")
    decide(rnd, 1, "split")
    rnd.handle(DeclareIrregularity(irregularity="missed_requested_card"), DEALER)
    assert [str(c) for c in rnd.state.hands[(1, 1)].cards] == ["8d", "Ts"]
    assert rnd.view(None)["to_act"] == "1.2"
    decide(rnd, 1, "stand")
    events = decide(rnd, 1, "decline_late_card")
    (dead,) = of_type(events, WagerSettled)
    assert (dead.spot, dead.outcome, dead.returned, dead.won) == (
        "blackjack",
        Outcome.VOID,
        FIVE,
        0,
    )
    assert dead.cite == "673a.13(h)"
    assert rnd.view(DEALER)["shoe"][0] == "5s"
    finish(rnd)
    assert settled(rnd)["blackjack_2"].won == FIVE and net(rnd) == FIVE
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_missed_requested_card_refused_when_no_card_can_be_requested() -> None:
    """673a.13(h) applies to "a player who has requested a card" "after receiving the
    first two cards": not before the card reader, not by a player, not on a bust (the
    Second Chance card goes with its wager, 673a.7(l)), not once every hand is done."""
    reader = open_round({1: "Tc 2d", DEALER: "Ah 7c"})
    missed = DeclareIrregularity(irregularity="missed_requested_card")
    assert refused(reader, missed, DEALER).cite == "673a.13(h)"
    rnd = open_round({1: "Tc 5d", DEALER: NINE_EIGHT}, draws="Kh")
    assert refused(rnd, missed, 1).cite == "673a.13(h)"
    decide(rnd, 1, "hit")  # 25: the Second Chance Wager is offered
    assert refused(rnd, missed, DEALER).cite == "673a.13(h)"
    decide(rnd, 1, "decline_second_chance")
    assert refused(rnd, missed, DEALER).cite == "673a.13(h)"


def test_dealer_missed_second_card() -> None:
    """673a.13(e): "If the dealer misses dealing his first or second card to himself, the
    dealer shall continue dealing the first two cards to each player and then deal the
    appropriate number of cards to himself." Missing the second card: the dealer deals
    the second card of boxes 1 and 2, then his own: the order of 673a.7(e), recorded
    with the cite. Missing both is missing the first."""
    shoe = cards("Tc 9d 9h 8s 7d 8c")  # box 1, box 2, dealer, box 1, box 2, dealer
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a", 2: "b"},
        rng=SeededRng(0),
        setup=stacked_shoe(shoe),
    )
    for seat in (1, 2):
        rnd.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    events = rnd.handle(DealCards(dealer_missed_second_card=True), DEALER)
    assert events[0].cite == "673a.7(e); 673a.13(e)"
    assert [str(c) for c in rnd.state.hands[(1, 0)].cards] == ["Tc", "8s"]
    assert [str(c) for c in rnd.state.hands[(2, 0)].cards] == ["9d", "7d"]
    assert [str(c) for c in rnd.state.dealer] == ["9h", "8c"]
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events
    both = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a", 2: "b"},
        rng=SeededRng(0),
        setup=stacked_shoe(shoe),
    )
    for seat in (1, 2):
        both.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    both.handle(DealCards(dealer_missed_first_card=True, dealer_missed_second_card=True), DEALER)
    # box 1 Tc then 9h, box 2 9d then 8s; the dealer 7d and 8c
    assert [str(c) for c in both.state.hands[(1, 0)].cards] == ["Tc", "9h"]
    assert [str(c) for c in both.state.dealer] == ["7d", "8c"]


def test_reader_malfunction_stops_the_dealing() -> None:
    """673a.13(j): "the dealer may not continue dealing the game of Blackjack at that
    table until the card reader device is repaired or replaced": no card is drawn for a
    player (nor a decision taken) while it is out of order; once repaired play goes on."""
    rnd = open_round({1: "Tc 2d", DEALER: NINE_EIGHT}, draws="5h")
    rnd.handle(DeclareIrregularity(irregularity="reader_malfunction"), DEALER)
    assert refused(rnd, Decide(seat=1, decision="hit"), 1).cite == "673a.13(j)"
    assert refused(rnd, Decide(seat=1, decision="stand"), 1).cite == "673a.13(j)"
    assert rnd.legal_commands(1) == []
    assert refused(rnd, PlayDealerHand(), DEALER).cite == "673a.13(j)"
    rnd.handle(DeclareIrregularity(irregularity="reader_repaired"), DEALER)
    events = decide(rnd, 1, "hit")
    assert [str(e.card) for e in of_type(events, CardDealt)] == ["5h"]


def test_exposed_card_unused_after_dealer_blackjack_discarded() -> None:
    """673a.13(c): "After the initial two cards have been dealt to each player and a card
    is drawn in error and exposed": here while Insurance is offered on a dealer ace. The
    dealer has a Blackjack (673a.7(h)), no more cards are dealt, so nobody can use the
    5h: "the card shall be placed in the discard rack." Without a Blackjack it is the
    next card, box 1's hit."""
    rnd = open_round({1: "9c 2d", DEALER: "As Kd"}, draws="5h")
    exposed = DeclareIrregularity(irregularity="exposed_card_drawn_in_error")
    rnd.handle(exposed, DEALER)
    events = rnd.handle(ReadHoleCard(), DEALER)
    (discarded,) = of_type(events, CardDiscarded)
    assert str(discarded.card) == "5h" and discarded.cite == "673a.13(c)"
    assert rnd.finished and rnd.view(None)["discards"] == ["5h"]
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events
    used = open_round({1: "9c 2d", DEALER: "As 7d"}, draws="5h")
    used.handle(exposed, DEALER)
    used.handle(ReadHoleCard(), DEALER)
    events = decide(used, 1, "hit")
    assert [str(e.card) for e in of_type(events, CardDealt)] == ["5h"]


def test_dealer_drew_on_17_only_once_his_hand_is_complete() -> None:
    """673a.13(d): "If the dealer has 17 and accidentally draws a card for himself": not
    while the players are still deciding."""
    rnd = open_round({1: "Tc 8d", DEALER: NINE_EIGHT}, draws="5h")
    drew = DeclareIrregularity(irregularity="dealer_drew_on_17")
    assert refused(rnd, drew, DEALER).cite == "673a.13(d)"


def test_card_reader_misuse_and_malfunction() -> None:
    """673a.13(i): the reader used under a 9 is declared and play continues;
    673a.13(j): a malfunctioning reader stops the game until repaired."""
    rnd = open_round({1: "Tc 8d", DEALER: NINE_EIGHT})
    rnd.handle(DeclareIrregularity(irregularity="reader_misused"), DEALER)
    assert rnd.state.phase == "play"
    ace = open_round({1: "Tc 8d", DEALER: "Ah 7c"})
    ace.handle(DeclareIrregularity(irregularity="reader_malfunction"), DEALER)
    assert refused(ace, ReadHoleCard(), DEALER).cite == "673a.13(j)"
    ace.handle(DeclareIrregularity(irregularity="reader_repaired"), DEALER)
    ace.handle(ReadHoleCard(), DEALER)


def test_shuffler_jam_and_out_of_order() -> None:
    """673a.13(k): a jammed automated shuffle is reshuffled; 673a.13(l): a shuffler out of
    order is signed so and the cards are shuffled by hand."""
    rules = DoubleBackJackRules(shuffling="automated", decks=2)
    rnd = DoubleBackJackRound.open(
        rules, table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(0)
    )
    rnd.handle(ShuffleCards(), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity="shuffler_jam"), DEALER)
    assert of_type(events, ShuffleFailed) and rnd.state.phase == "shuffle"
    events = rnd.handle(DeclareIrregularity(irregularity="shuffler_out_of_order"), DEALER)
    assert of_type(events, ShufflerOutOfOrder) and rnd.state.shuffling == "manual"
    assert of_type(events, IrregularityDeclared)[0].cite == "673a.13(l)"


def test_batches_alternate_with_a_shuffler() -> None:
    """673a.3(b)(4): with an automated shuffler the two batches alternate shoe by shoe."""
    rules = DoubleBackJackRules(shuffling="automated", decks=2)
    table = DoubleBackJackTable.start(rules, "T", NOW)
    assert table.setup({1: "a"}).batch == "red"
    table.shuffle_due = None
    table.reshuffle_by_floor()
    assert table.setup({1: "a"}).batch == "blue"


def test_round_completed_once() -> None:
    """673a.7(u): every remaining card goes to the discard rack once all is settled."""
    rnd = open_round({1: "Tc 8d", DEALER: NINE_EIGHT})
    decide(rnd, 1, "stand")
    finish(rnd)
    assert len(of_type(rnd.events, RoundCompleted)) == 1
    assert len(rnd.state.discard_rack) == 4


def test_new_dealer_burns_a_card() -> None:
    """673a.7(c): each new dealer places one card in the discard rack before dealing."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(), "T", NOW)
    table.shoe, table.cover_at, table.shuffle_due = [*cards("Kd"), *FILLER], 12, None
    table.new_dealer()
    rnd = table.open_round({1: "a"}, SeededRng(0))
    assert refused(rnd, DealCards(), DEALER).cite == "673a.7(c)"
    events = rnd.handle(BurnCard(), DEALER)
    assert str(of_type(events, CardBurned)[0].card) == "Kd"
    assert "Kd" not in str(rnd.view(1)) and rnd.view(DEALER)["burned"] == ["Kd"]
