"""Double Back Jack (58 Pa. Code ch. 673a): every worked example, payout and refusal.

Each test's docstring starts with the section it checks. Expected amounts are worked out
by hand from the text (673a.12: a player Blackjack 2 to 1, a winning Blackjack Wager or
a player 21 1 to 1, Second Chance 1 to 1, Insurance 2 to 1), not taken from croupier.
The shoe is stacked (``dbj_table``) so that each hand is known in advance.
"""

from __future__ import annotations

from datetime import datetime, timedelta

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
    BurnCard,
    CardBurned,
    CardDealt,
    CardDiscarded,
    CoverCardReached,
    CutCards,
    DealCards,
    DealerHandComplete,
    Decide,
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
from croupier.rng import SeededRng
from croupier.rules import load_text
from croupier.rules.double_back_jack import DoubleBackJackRules, insurance_limit

NOW = datetime(2026, 1, 1, 12)
NINE_EIGHT = "9h 8c"
"""A dealer 17 with a 9 up: no Insurance, no card reader, the dealer stands."""


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- values and totals ---------------------------------------------------------------
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
        assert refused(rnd, CutCards(position=position, cover_from_bottom=cover), DEALER).cite == (
            "673a.5(d)"
        )
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


def test_insufficient_cards_reshuffles_the_discard_rack() -> None:
    """673a.13(f): the shoe runs out mid-round: the discard rack (every card not on the
    layout) is shuffled and cut, a card burned face down, and the round completed."""
    dealt = initial_deal({1: "Tc 2d", DEALER: NINE_EIGHT})
    setup = RoundSetup(
        batch="red", shuffling="manual", shoe=tuple(dealt), cover_at=1, cite="673a.7(a)"
    )
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a"},
        rng=SeededRng(1),
        setup=setup,
    )
    rnd.handle(PlaceWager(seat=1, spot="blackjack", amount=FIVE), 1)
    rnd.handle(DealCards(), DEALER)
    events = decide(rnd, 1, "hit")
    assert of_type(events, ShoeExhausted)
    shuffled = rnd.handle(ShuffleCards(), DEALER)[0]
    assert isinstance(shuffled, DeckShuffled) and len(shuffled.stack) == 312 - 4
    rnd.handle(CutCards(position=20, cover_from_bottom=100), DEALER)
    events = rnd.handle(LoadShoe(), DEALER)
    assert isinstance(events[1], CardBurned) and events[1].cite == "673a.13(f)"
    assert of_type(events, CardDealt)[0].hand == 1
    assert DoubleBackJackRound.replay(rnd.events).events == rnd.events


def test_sat_out_barred_until_reshuffle() -> None:
    """673a.6(b): with the Rules Submission's choice, a box that made no wager may not
    wager again until a reshuffle."""
    table = DoubleBackJackTable.start(DoubleBackJackRules(bar_sat_out=True), "T", NOW)
    rnd = table.open_round({1: "a", 2: "b"}, SeededRng(0))
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(CutCards(position=50, cover_from_bottom=100), DEALER)
    rnd.handle(LoadShoe(), DEALER)
    rnd.handle(PlaceWager(seat=1, spot="blackjack", amount=FIVE), 1)
    rnd.handle(DealCards(), DEALER)
    while not rnd.finished:
        hand = rnd.state.to_act()
        if hand is not None:
            options = rnd.legal_commands(hand.seat)[0].options
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
    after.handle(CutCards(position=50, cover_from_bottom=100), DEALER)
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


def test_no_cards_and_one_card() -> None:
    """673a.13(g): a box dealt no cards is dead, its wager returned; a box dealt one card
    gets its second after every other player's second card."""
    # order: box 2 first card, dealer up, box 3 second, box 2 second, dealer hole
    shoe = cards("Tc Jd 9h 8s 7d 8c")
    setup = stacked_shoe(shoe)
    rnd = DoubleBackJackRound.open(
        DoubleBackJackRules(),
        table_id="T",
        round_id="R",
        seats={1: "a", 2: "b", 3: "c"},
        rng=SeededRng(0),
        setup=setup,
    )
    for seat in (1, 2, 3):
        rnd.handle(PlaceWager(seat=seat, spot="blackjack", amount=FIVE), seat)
    rnd.handle(DealCards(no_cards=(1,), one_card=(2,)), DEALER)
    assert settled(rnd, 1)["blackjack"].outcome is Outcome.VOID
    assert [str(c) for c in rnd.state.hands[(2, 0)].cards] == ["Tc", "7d"]
    assert [str(c) for c in rnd.state.hands[(3, 0)].cards] == ["Jd", "8s"]


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
