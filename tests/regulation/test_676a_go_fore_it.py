"""58 Pa. Code ch. 676a, Go Fore It, proved against the text.

Every expected value is typed from ../shared/regulations/676a-go-fore-it.txt (the
definitions of 676a.1, the point values of 676a.6, the paytables of 676a.12 and the
procedures of 676a.5 and 676a.7 to 676a.13), never taken from croupier's own constants.
Wagers are in cents: 500 is $5, so "25 to 1" on $5 pays $125 (12500).

The chapter has no worked examples; each paytable row and each rule is a test here. The
deck is stacked (``card_table.StackedRng``) so that each hand is known in advance.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from card_table import (
    AUTOMATED,
    FIVE,
    bet,
    cut_round,
    deal,
    full_stack,
    in_stacks,
    of_type,
    one_at_a_time,
    open_round,
    play_out,
    refused,
    settled,
)

from croupier.engine import DEALER, Outcome, RoundCompleted, RoundVoided, WagerPlaced, WagerSettled
from croupier.equipment.cards import Card, deck, parse_cards
from croupier.errors import IllegalCommand, InvalidWager, RulesSubmissionError
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CardDealt,
    CardDiscarded,
    CountStub,
    CutCards,
    DealCards,
    DealerHandRevealed,
    DeckRemoved,
    DeckShuffled,
    DeclareIrregularity,
    DiscardStub,
    EquipmentOutOfOrder,
    Fold,
    Folded,
    GoForeItRound,
    GoForeItTable,
    HandCollected,
    HandTurnedUp,
    Irregularity,
    PlaceWager,
    RequireRecut,
    ResolveMiscount,
    RevealDealerHand,
    ShuffleCards,
    ShuffleFailed,
    StubCounted,
    StubDiscarded,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.registry import load_text
from croupier.rng import SeededRng
from croupier.rules.go_fore_it import Device, GoForeItRules

DEALER_39 = "Qh Jh Th 9h"
"""A dealer's hand of 39 points: no player's total can tie or beat it for Skins."""
DEALER_6 = "Ah Ad 2h 2d"
"""A dealer's hand of 6 points (two aces, two 2s)."""

TOTAL_HANDS = {
    8: "As Ac 3s 3c",
    9: "As 2s 3s 3c",
    13: "5s 4s 2s 2c",
    14: "5s 5c 2s 2c",
    18: "9s 5s 2s 2c",
    19: "9s 6s 2s 2c",
    24: "Ks 8s 3s 3c",
    25: "Ks 9s 3s 3c",
}
"""A four-card hand of each boundary total (676a.6 point values; the front two first)."""


# --- 676a.1 and 676a.12(a)-(b): the Front 9 and Back 9 paytable ------------------------------
@pytest.mark.parametrize(
    ("total", "back_9_odds"),
    [(8, 25), (9, 5), (13, 5), (14, 2), (18, 2), (19, 1), (24, 1)],
    ids=["albatross-8", "eagle-9", "eagle-13", "birdie-14", "birdie-18", "par-19", "par-24"],
)
def test_676a_12_b_back_9_paytable(total: int, back_9_odds: int) -> None:
    """676a.12(b): Albatross (8 or less) 25 to 1, Eagle (9-13) 5 to 1, Birdie (14-18) 2 to
    1, Par (19-24) 1 to 1; the Front 9 pays 1 to 1 (676a.12(a)) whenever the total is at
    most par (676a.11(d)(3)(i)). Each score's bounds are the definitions of 676a.1."""
    rnd = deal({1: TOTAL_HANDS[total], DEALER: DEALER_39}, {1: ["front_9"]})
    play_out(rnd, back_9=[1])
    result = settled(rnd)
    assert result["front_9"].outcome is Outcome.WIN
    assert result["front_9"].won == FIVE  # 1 to 1
    assert result["back_9"].outcome is Outcome.WIN
    assert result["back_9"].won == FIVE * back_9_odds
    assert result["back_9"].returned == FIVE
    turned = of_type(rnd.events, HandTurnedUp)[0]
    assert turned.total == total


def test_676a_11_d_3_ii_over_par_loses_both() -> None:
    """676a.11(d)(3)(ii): a total of 25, greater than par (24), loses the Front 9 and the
    Back 9 Wagers."""
    rnd = deal({1: TOTAL_HANDS[25], DEALER: DEALER_39}, {1: ["front_9"]})
    play_out(rnd, back_9=[1])
    result = settled(rnd)
    assert result["front_9"].outcome is Outcome.LOSE
    assert result["back_9"].outcome is Outcome.LOSE
    assert result["front_9"].returned == result["back_9"].returned == 0


@pytest.mark.parametrize(
    ("hand", "score"),
    [
        ("As Ac Ad Ah", "albatross"),
        (TOTAL_HANDS[8], "albatross"),
        (TOTAL_HANDS[9], "eagle"),
        (TOTAL_HANDS[13], "eagle"),
        (TOTAL_HANDS[14], "birdie"),
        (TOTAL_HANDS[18], "birdie"),
        (TOTAL_HANDS[19], "par"),
        (TOTAL_HANDS[24], "par"),
        (TOTAL_HANDS[25], "over_par"),
        ("Ks Qs Jc Tc", "over_par"),
    ],
)
def test_676a_1_definitions_of_the_scores(hand: str, score: str) -> None:
    """676a.1: Albatross is 8 or less, Eagle 9 to 13, Birdie 14 to 18, Par 19 to 24."""
    rnd = deal({1: hand, DEALER: DEALER_39}, {1: ["front_9"]})
    play_out(rnd, back_9=[1])
    assert of_type(rnd.events, HandTurnedUp)[0].score == score


# --- 676a.6: point values -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("A", 1),
        ("2", 2),
        ("3", 3),
        ("4", 4),
        ("5", 5),
        ("6", 6),
        ("7", 7),
        ("8", 8),
        ("9", 9),
        ("T", 10),
        ("J", 10),
        ("Q", 10),
        ("K", 10),
    ],
)
def test_676a_6_point_values(card: str, points: int) -> None:
    """676a.6: ace 1; jack, queen, king 10; 2 through 10 face value. The hand is the card
    and three 2s, so its total is the card's value plus 6."""
    hand = f"{card}s 2c 2d 2h"
    rnd = deal({1: hand, DEALER: DEALER_39}, {1: ["front_9"]})
    play_out(rnd, back_9=[1])
    assert of_type(rnd.events, HandTurnedUp)[0].total == points + 6


# --- 676a.12(c) and 676a.11(d)(4): Skins -------------------------------------------------------
def test_676a_11_d_4_ii_skins_wins_below_the_dealer() -> None:
    """676a.11(d)(4)(ii), 676a.12(c): the player's 19 is less than the dealer's 39: the
    Skins Wager wins 1 to 1."""
    rnd = deal({1: TOTAL_HANDS[19], DEALER: DEALER_39}, {1: ["front_9", "skins"]})
    play_out(rnd, back_9=[1])
    skins = settled(rnd)["skins"]
    assert skins.outcome is Outcome.WIN
    assert skins.won == FIVE
    assert skins.cite == "676a.12(c)"


def test_676a_11_d_4_i_skins_tie_loses() -> None:
    """676a.11(d)(4)(i): equal totals (19 and 19) lose the Skins Wager (676a.2(b)(4))."""
    rnd = deal({1: "9s 6s 2s 2c", DEALER: "9h 6h 2h 2d"}, {1: ["front_9", "skins"]})
    play_out(rnd, back_9=[1])
    assert settled(rnd)["skins"].outcome is Outcome.LOSE
    assert settled(rnd)["skins"].cite == "676a.11(d)(4)(i)"


def test_676a_11_d_4_i_skins_loses_above_the_dealer() -> None:
    """676a.11(d)(4)(i): the player's 19 is greater than the dealer's 6: Skins loses,
    while the Front 9 and Back 9 still win at par (they do not depend on the dealer)."""
    rnd = deal({1: TOTAL_HANDS[19], DEALER: DEALER_6}, {1: ["front_9", "skins"]})
    play_out(rnd, back_9=[1])
    result = settled(rnd)
    assert result["skins"].outcome is Outcome.LOSE
    assert result["front_9"].outcome is Outcome.WIN
    assert result["back_9"].outcome is Outcome.WIN


def test_676a_11_d_4_skins_counts_over_par_hands() -> None:
    """676a.11(d)(4)(ii): Skins compares totals only: 25 (over par) is less than 39."""
    rnd = deal({1: TOTAL_HANDS[25], DEALER: DEALER_39}, {1: ["front_9", "skins"]})
    play_out(rnd, back_9=[1])
    assert settled(rnd)["skins"].outcome is Outcome.WIN
    assert settled(rnd)["front_9"].outcome is Outcome.LOSE


# --- 676a.12(d) and 676a.11(d)(5): Gopher ------------------------------------------------------
GOPHER_HANDS = {
    4: "As Ac Ad Ah",
    3: "As Ac Ad 2h",
    2: "As Ac 2d 2h",
    1: "As 2c 2d 2h",
}


@pytest.mark.parametrize(
    ("paytable", "aces", "odds"),
    [
        ("a", 4, 1000),
        ("a", 3, 50),
        ("a", 2, 5),
        ("a", 1, 2),
        ("b", 4, 1000),
        ("b", 3, 50),
        ("b", 2, 6),
        ("b", 1, 2),
    ],
)
def test_676a_12_d_gopher_paytables(paytable: str, aces: int, odds: int) -> None:
    """676a.12(d): Paytable A pays 1,000, 50, 5 and 2 to 1 for 4, 3, 2 and 1 aces;
    Paytable B 1,000, 50, 6 and 2 to 1 (676a.11(d)(5)(ii))."""
    rnd = deal(
        {1: GOPHER_HANDS[aces], DEALER: "Kh Kd 9h 9d"},
        {1: ["front_9", "gopher"]},
        {"gopher_paytable": paytable},
    )
    play_out(rnd, fold=[1])
    gopher = settled(rnd)["gopher"]
    assert gopher.outcome is Outcome.WIN
    assert gopher.won == FIVE * odds
    assert gopher.cite == "676a.12(d)"


def test_676a_11_d_5_i_gopher_without_an_ace_loses() -> None:
    """676a.11(d)(5)(i): four cards without an ace lose the Gopher Wager."""
    rnd = deal({1: "2s 2c 3d 3h", DEALER: "As Ac Ad Ah"}, {1: ["front_9", "gopher"]})
    play_out(rnd, back_9=[1])
    assert settled(rnd)["gopher"].outcome is Outcome.LOSE
    assert settled(rnd)["gopher"].cite == "676a.11(d)(5)(i)"


def test_676a_12_d_rules_submission_selects_a_paytable() -> None:
    """676a.12(d): the paytable is selected in the Rules Submission; only A or B."""
    rules = load_text('game = "go-fore-it"\ngopher_paytable = "b"\n')
    assert isinstance(rules, GoForeItRules) and rules.gopher_paytable == "b"
    with pytest.raises(RulesSubmissionError):
        load_text('game = "go-fore-it"\ngopher_paytable = "c"\n')


# --- 676a.2(a): betting positions ------------------------------------------------------------
def test_676a_2_a_six_betting_positions() -> None:
    """676a.2(a): betting positions for no more than six players."""
    rnd = open_round({seat: f"p{seat}" for seat in range(1, 7)})
    bet(rnd, 6, "front_9")
    with pytest.raises(RulesSubmissionError) as info:
        open_round({7: "g"})
    assert info.value.cite == "676a.2(a)"


# --- 676a.3: decks ------------------------------------------------------------------------------
def test_676a_3_a_one_deck_of_52() -> None:
    """676a.3(a): one deck: the shuffled stack is the 52 cards, each once."""
    rnd = GoForeItRound.open(
        GoForeItRules(), table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(3)
    )
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    shuffled = rnd.handle(ShuffleCards(), DEALER)[0]
    assert isinstance(shuffled, DeckShuffled)
    assert sorted(shuffled.stack) == sorted(deck()) and len(set(shuffled.stack)) == 52


def test_676a_3_b_two_decks_need_an_automated_shuffler() -> None:
    """676a.3(b): two decks only with an automated card shuffling device."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "go-fore-it"\ndecks = 2\n')
    assert info.value.cite == "676a.3(b)"
    load_text('game = "go-fore-it"\ndecks = 2\nshuffling = "automated"\n')


def test_676a_3_b_1_backs_of_different_colours() -> None:
    """676a.3(b)(1): the backs of one deck differ in colour from the other's."""
    text = 'game = "go-fore-it"\ndecks = 2\nshuffling = "automated"\nback_colors = ["red", "red"]\n'
    with pytest.raises(RulesSubmissionError) as info:
        load_text(text)
    assert info.value.cite == "676a.3(b)(1)"


def finish_round(table: GoForeItTable, now: datetime, seed: int = 0) -> GoForeItRound:
    """Play one round at ``table`` (seat 1 folds) and record it."""
    rnd = table.open_round({1: "a"}, SeededRng(seed))
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    if rnd.state.phase == "cut":
        rnd.handle(CutCards(position=26), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    if rnd.state.stub_count_due:
        rnd.handle(CountStub(), DEALER)
    else:
        rnd.handle(DiscardStub(), DEALER)
    rnd.handle(Fold(seat=1), 1)
    rnd.handle(RevealDealerHand(), DEALER)
    table.finish(rnd, now)
    return rnd


def test_676a_3_b_3_two_decks_alternate() -> None:
    """676a.3(b)(2), 676a.3(b)(3): the two decks alternate, each used every other round,
    while the other waits in the shuffler; 676a.3(b)(4): the discard rack holds one deck's
    cards."""
    rules = GoForeItRules(decks=2, shuffling="automated", back_colors=("red", "blue"))
    now = datetime(2026, 1, 1, 12)
    table = GoForeItTable.start(rules, "T", now)
    decks = []
    for seed in range(4):
        rnd = finish_round(table, now, seed)
        decks.append(rnd.state.deck)
        assert len(table.discard_rack) == 52
        assert sorted(c for _, cards in table.discard_rack for c in cards) == sorted(deck())
    assert decks == ["red", "blue", "red", "blue"]


def test_676a_3_c_decks_changed_after_their_time() -> None:
    """676a.3(c)(1): dealt by hand, the decks are changed at least every four hours;
    (c)(2): from a shoe, every eight hours. The table warns the floor."""
    start = datetime(2026, 1, 1, 12)
    hand = GoForeItRules(dealing_procedure="hand", shuffling="automated")
    table = GoForeItTable.start(hand, "T", start)
    assert table.deck_change_notices(start + timedelta(hours=3, minutes=59)) == []
    notices = table.deck_change_notices(start + timedelta(hours=4))
    assert len(notices) == 1 and "676a.3(c)(1)" in notices[0]
    shoe = GoForeItTable.start(GoForeItRules(), "T", start)
    assert shoe.deck_change_notices(start + timedelta(hours=7, minutes=59)) == []
    assert "676a.3(c)(2)" in shoe.deck_change_notices(start + timedelta(hours=8))[0]
    shoe.change_deck("red", start + timedelta(hours=8))
    assert shoe.deck_change_notices(start + timedelta(hours=9)) == []
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "go-fore-it"\ndeck_change_minutes = 481\n')
    assert info.value.cite == "676a.3(c)(2)"


# --- 676a.5: shuffle and cut ----------------------------------------------------------------
def test_676a_5_a_the_shuffle_comes_after_no_more_bets() -> None:
    """676a.5(a): the dealer shuffles the cards so they are randomly intermixed; croupier
    draws the order only once wagering is closed, and it is a permutation of the deck."""
    rnd = open_round({1: "a"})
    bet(rnd, 1, "front_9")
    error = refused(rnd, ShuffleCards(), DEALER)
    assert error.cite == "676a.5(a)"
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    events = rnd.handle(ShuffleCards(), DEALER)
    assert isinstance(events[0], DeckShuffled) and events[0].stack == tuple(deck())


def test_676a_5_b_shuffler_counts_the_wrong_number() -> None:
    """676a.5(b): a counting shuffler that finds other than 52 cards: the deck is removed
    from the table (the table replaces it; the round shuffles the new deck)."""
    rules = GoForeItRules(shuffling="automated", shuffler_counts=True)
    now = datetime(2026, 1, 1)
    table = GoForeItTable.start(rules, "T", now)
    rnd = table.open_round({1: "a"}, SeededRng(0))
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    removed = rnd.handle(ShuffleCards(device_count=51), DEALER)
    assert isinstance(removed[0], DeckRemoved) and removed[0].cite == "676a.5(b)"
    assert rnd.state.phase == "shuffle"
    rnd.handle(ShuffleCards(device_count=52), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(DiscardStub(), DEALER)  # the shuffler counts: no stub count due
    rnd.handle(Fold(seat=1), 1)
    rnd.handle(RevealDealerHand(), DEALER)
    later = now + timedelta(hours=1)
    notices = table.finish(rnd, later)
    assert any("676a.5(b)" in notice for notice in notices)
    assert table.rotation.current.opened_at == later


def test_676a_5_c_1_automated_shuffle_is_not_cut() -> None:
    """676a.5(c)(1), 676a.5(g): cards shuffled by an automated shuffler are dealt
    without a cut."""
    rnd = open_round({1: "a"}, **AUTOMATED)
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    assert rnd.state.phase == "deal"
    assert refused(rnd, CutCards(position=20), DEALER).cite == "676a.5(c)(1)"


def test_676a_5_c_2_manual_shuffle_is_cut_before_the_deal() -> None:
    """676a.5(c)(2): cards shuffled by hand are cut before they are dealt."""
    rnd = open_round({1: "a"})
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    assert refused(rnd, DealCards(), DEALER).cite == "676a.5(c)(2)"


def test_676a_5_d_the_cut_with_the_cover_card() -> None:
    """676a.5(d): the cover card at least ten cards in from the top; the cards above it
    and the cover card go to the bottom. Cut at 10, the first card dealt is the 11th card
    of the shuffled stack and the first ten follow the rest."""
    stack = deck()
    rnd = cut_round(10, stack)
    first = rnd.handle(DealCards(), DEALER)[0]
    assert isinstance(first, CardDealt) and first.card == stack[10]
    assert rnd.state.stack[-10:] == stack[:10]
    assert len(rnd.state.stack) == 51


def test_676a_5_d_the_cover_card_goes_at_least_ten_in() -> None:
    """676a.5(d): a cut nine cards from the top is refused."""
    rnd = open_round({1: "a"})
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    assert refused(rnd, CutCards(position=9), DEALER).cite == "676a.5(d)"
    assert refused(rnd, CutCards(position=52), DEALER).cite == "676a.5(d)"


def test_676a_5_e_floor_requires_a_recut() -> None:
    """676a.5(e): after the cut and before any card is dealt, a floorperson may require
    the cards to be recut; not after the first card."""
    stack = deck()
    rnd = cut_round(10, stack)
    rnd.handle(RequireRecut(), DEALER)
    rnd.handle(CutCards(position=12), DEALER)
    first = rnd.handle(DealCards(), DEALER)[0]
    # The recut stack was stack[10:] + stack[:10]; cut 12 in, its 13th card is stack[22].
    assert first.card == stack[22]
    assert refused(rnd, RequireRecut(), DEALER).cite == "676a.5(e)"


# --- 676a.7: wagers -------------------------------------------------------------------------------
def test_676a_7_b_only_seated_players_wager() -> None:
    """676a.7(b): only players seated at the table may wager."""
    rnd = open_round({1: "a"})
    assert refused(rnd, PlaceWager(seat=2, spot="front_9", amount=FIVE), 2).cite == "676a.7(b)"


def test_676a_7_c_no_wager_after_no_more_bets() -> None:
    """676a.7(c): no wager may be made, increased or withdrawn after "no more bets"."""
    rnd = open_round({1: "a", 2: "b"})
    bet(rnd, 1, "front_9")
    bet(rnd, 2, "front_9")
    bet(rnd, 2, "skins")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    for command, seat in [
        (PlaceWager(seat=1, spot="skins", amount=FIVE), 1),
        (PlaceWager(seat=2, spot="skins", amount=FIVE), 2),
        (WithdrawWager(seat=2, spot="skins"), 2),
    ]:
        assert refused(rnd, command, seat).cite == "676a.7(c)"


def test_676a_7_c_increase_or_withdraw_before_no_more_bets() -> None:
    """676a.7(c): before "no more bets" a wager may be increased or withdrawn."""
    rnd = open_round({1: "a"})
    bet(rnd, 1, "front_9", 500)
    bet(rnd, 1, "front_9", 250)
    bet(rnd, 1, "gopher", 500)
    assert rnd.state.wagers[1] == {"front_9": 750, "gopher": 500}
    # The Front 9 goes last: the Gopher Wager needs it (676a.7(d)(1)).
    assert refused(rnd, WithdrawWager(seat=1, spot="front_9"), 1).cite == "676a.7(d)(1)"
    events = rnd.handle(WithdrawWager(seat=1, spot="gopher"), 1)
    assert events == [WagerWithdrawn(seat=1, spot="gopher", amount=500, cite="676a.7(c)")]
    rnd.handle(WithdrawWager(seat=1, spot="front_9"), 1)
    assert rnd.state.wagers == {}
    assert refused(rnd, AnnounceNoMoreBets(), DEALER).cite == "676a.7(d)(1)"


def test_676a_7_c_back_9_only_when_asked() -> None:
    """676a.7(c), 676a.11(b): every wager except the Back 9 goes before "no more bets";
    the Back 9 is made only when the dealer asks."""
    rnd = open_round({1: "a"})
    bet(rnd, 1, "front_9")
    assert refused(rnd, PlaceWager(seat=1, spot="back_9", amount=FIVE), 1).cite == "676a.7(c)"


def test_676a_7_d_1_front_9_required() -> None:
    """676a.7(d)(1): the Front 9 Wager is required to participate: Skins or Gopher alone
    is refused, and only players with a Front 9 Wager are dealt cards (676a.8(b))."""
    rnd = open_round({1: "a", 2: "b"})
    assert refused(rnd, PlaceWager(seat=2, spot="skins", amount=FIVE), 2).cite == "676a.7(d)(1)"
    assert refused(rnd, PlaceWager(seat=2, spot="gopher", amount=FIVE), 2).cite == "676a.7(d)(1)"
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert rnd.state.players == (1,)


def test_676a_7_d_2_back_9_equals_front_9() -> None:
    """676a.7(d)(2): the Back 9 Wager equals the Front 9 Wager."""
    rnd = deal({1: TOTAL_HANDS[19], DEALER: DEALER_39}, {1: ["front_9"]})
    for amount in (FIVE - 1, FIVE + 1, 2 * FIVE):
        assert refused(rnd, PlaceWager(seat=1, spot="back_9", amount=amount), 1).cite == (
            "676a.7(d)(2)"
        )
    rnd.handle(PlaceWager(seat=1, spot="back_9", amount=FIVE), 1)


def test_676a_7_d_3_and_4_optional_side_wagers() -> None:
    """676a.7(d)(3), 676a.7(d)(4): the Skins and Gopher Wagers are optional, beside the
    Front 9."""
    rnd = open_round({1: "a", 2: "b"})
    bet(rnd, 1, "front_9")
    bet(rnd, 1, "skins")
    bet(rnd, 1, "gopher")
    bet(rnd, 2, "front_9")
    placed = of_type(rnd.events, WagerPlaced)
    assert [(e.seat, e.spot, e.cite) for e in placed] == [
        (1, "front_9", "676a.7(d)(1)"),
        (1, "skins", "676a.7(d)(3)"),
        (1, "gopher", "676a.7(d)(4)"),
        (2, "front_9", "676a.7(d)(1)"),
    ]


def test_676a_7_e_one_position_per_player() -> None:
    """676a.7(e): a player may not wager on more than one player position: one player
    at two seats is refused; a seat's wager for another player's position is refused as
    his (676a.7(b): only the seated player wagers), not as a second position."""
    with pytest.raises(InvalidWager) as info:
        open_round({1: "ann", 3: "ann"})
    assert info.value.cite == "676a.7(e)"
    rnd = open_round({1: "ann", 2: "bo"})
    error = refused(rnd, PlaceWager(seat=2, spot="front_9", amount=FIVE), 1)
    assert error.cite == "676a.7(b)"
    assert str(error).startswith("seat 2 is another player's")


# --- 676a.8-676a.10: dealing ----------------------------------------------------------------------
def dealt_cards(rnd: GoForeItRound) -> list[tuple[Any, int, Card]]:
    return [(e.hand, e.position, e.card) for e in of_type(rnd.events, CardDealt)]


@pytest.mark.parametrize("procedure", ["manual_shoe", "hand"])
def test_676a_8_b_one_card_at_a_time_clockwise(procedure: str) -> None:
    """676a.8(b), 676a.9(b): starting with the player farthest to the dealer's left and
    going clockwise, one card at a time to each player with a Front 9 Wager, then the
    dealer, until each has four; the first two in front, the last two the hole cards.
    Seat 2 (no Front 9) is skipped."""
    hands = {1: "As 2s 3s 4s", 3: "5s 6s 7s 8s", 5: "9s Ts Js Qs", DEALER: "Ks Ac 2c 3c"}
    rnd = deal(
        hands, {1: ["front_9"], 3: ["front_9"], 5: ["front_9"]}, {"dealing_procedure": procedure}
    )
    expected = []
    for n in range(4):
        for hand in (1, 3, 5, DEALER):
            expected.append((hand, n, parse_cards(hands[hand])[n]))
    assert dealt_cards(rnd) == expected
    assert rnd.state.hands[3] == list(parse_cards(hands[3]))


def test_676a_10_b_stacks_of_four_from_an_automated_shoe() -> None:
    """676a.10(a)(2), 676a.10(b): after "no more bets", a stack of four to each player
    clockwise from the dealer's left, then one to the dealer; the top two cards of a
    stack (the last two dispensed) are the hole cards."""
    hands = {2: "As 2s 3s 4s", 4: "5s 6s 7s 8s", DEALER: "9s Ts Js Qs"}
    rules = {"dealing_procedure": "automated_shoe"}
    rnd = deal(hands, {2: ["front_9"], 4: ["front_9"]}, rules)
    delivered = [e for e in rnd.events if isinstance(e, CardDealt)]
    assert [(e.hand, e.position) for e in delivered] == [
        (hand, n) for hand in (2, 4, DEALER) for n in range(4)
    ]
    assert {e.cite for e in delivered} == {"676a.10(b)"}
    # One DealCards delivers one stack of four.
    fresh = open_round(
        {1: "a"}, full_stack(in_stacks({1: hands[2], DEALER: hands[DEALER]})), **AUTOMATED, **rules
    )
    bet(fresh, 1, "front_9")
    no_more_bets = fresh.handle(AnnounceNoMoreBets(), DEALER)
    assert no_more_bets[0].cite == "676a.10(a)(2)"
    fresh.handle(ShuffleCards(), DEALER)
    assert len(fresh.handle(DealCards(), DEALER)) == 4


@pytest.mark.parametrize(
    ("procedure", "section"),
    [("manual_shoe", "676a.8"), ("hand", "676a.9"), ("automated_shoe", "676a.10")],
)
def test_676a_8_c_the_stub_goes_to_the_discard_rack(procedure: str, section: str) -> None:
    """676a.8(c), 676a.9(c), 676a.10(c): after the deal the stub goes to the discard rack
    without exposing it; counted (676a.8(d), 676a.9(d), 676a.10(d)) with 52 cards in all,
    likewise (676a.8(e), 676a.9(e), 676a.10(e)). 52 - 2 * 4 = 44 cards."""
    hands = {1: TOTAL_HANDS[19], DEALER: DEALER_39}
    stacked = in_stacks(hands) if procedure == "automated_shoe" else one_at_a_time(hands)
    rnd = open_round({1: "a"}, full_stack(stacked), **AUTOMATED, dealing_procedure=procedure)
    bet(rnd, 1, "front_9")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    events = rnd.handle(CountStub(), DEALER)
    assert events == [
        StubCounted(counted=44, expected=44, cite=f"{section}(d)"),
        StubDiscarded(cards=44, cite=f"{section}(e)"),
    ]
    assert rnd.state.discard_rack.batches[-1][0] == "stub"
    assert len(rnd.state.discard_rack) == 44
    assert "stack" not in json.dumps(rnd.view(1)) and "stub" not in rnd.view(None)


def test_676a_8_d_stub_counted_every_five_rounds() -> None:
    """676a.8(d): without a counting shuffler, the stub is counted at least once every 5
    rounds: the table makes the count due in the fifth round, when the stub may not be
    discarded uncounted."""
    table = GoForeItTable.start(GoForeItRules(), "T", datetime(2026, 1, 1))
    due = []
    for seed in range(10):
        rnd = table.open_round({1: "a"}, SeededRng(seed))
        due.append(rnd.state.stub_count_due)
        bet(rnd, 1, "front_9")
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        rnd.handle(ShuffleCards(), DEALER)
        rnd.handle(CutCards(position=20), DEALER)
        rnd.handle(DealCards(all_remaining=True), DEALER)
        if rnd.state.stub_count_due:
            assert refused(rnd, DiscardStub(), DEALER).cite == "676a.8(d)"
            rnd.handle(CountStub(), DEALER)
        else:
            rnd.handle(DiscardStub(), DEALER)
        rnd.handle(Fold(seat=1), 1)
        rnd.handle(RevealDealerHand(), DEALER)
        table.finish(rnd, datetime(2026, 1, 1))
    assert due == [False, False, False, False, True] * 2


def test_676a_9_d_counting_shuffler_spares_the_stub_count() -> None:
    """676a.9(d): when the automated shuffler counts the cards, the stub count is not
    required."""
    rules = GoForeItRules(dealing_procedure="hand", shuffling="automated", shuffler_counts=True)
    table = GoForeItTable.start(rules, "T", datetime(2026, 1, 1))
    for seed in range(6):
        rnd = finish_round(table, datetime(2026, 1, 1), seed)
        assert not rnd.state.stub_count_due and not rnd.state.stub_counted


@pytest.mark.parametrize("section", ["676a.8", "676a.9", "676a.10"])
def test_676a_8_f_miscount_and_misdeal(section: str) -> None:
    """676a.8(f), 676a.9(f), 676a.10(f): a wrong stub count: if misdealt with 52 cards in
    the deck, every hand is void and every wager returned; if not misdealt, also the deck
    is removed from the table."""
    procedure = {"676a.8": "manual_shoe", "676a.9": "hand", "676a.10": "automated_shoe"}[section]
    for misdealt in (True, False):
        hands = {1: TOTAL_HANDS[19], DEALER: DEALER_39}
        stacked = in_stacks(hands) if procedure == "automated_shoe" else one_at_a_time(hands)
        rnd = open_round({1: "a"}, full_stack(stacked), **AUTOMATED, dealing_procedure=procedure)
        bet(rnd, 1, "front_9")
        bet(rnd, 1, "skins")
        rnd.handle(AnnounceNoMoreBets(), DEALER)
        rnd.handle(ShuffleCards(), DEALER)
        rnd.handle(DealCards(all_remaining=True), DEALER)
        rnd.handle(CountStub(counted=43), DEALER)
        assert rnd.state.phase == "miscount"
        events = rnd.handle(ResolveMiscount(misdealt=misdealt), DEALER)
        assert isinstance(events[0], RoundVoided) and events[0].cite == f"{section}(f)"
        returned = settled(rnd)
        assert {spot: (s.outcome, s.returned) for spot, s in returned.items()} == {
            "front_9": (Outcome.VOID, FIVE),
            "skins": (Outcome.VOID, FIVE),
        }
        assert bool(of_type(events, DeckRemoved)) is not misdealt


def test_676a_9_a_1_hand_dealing_needs_an_automated_shuffler() -> None:
    """676a.9(a)(1): an automated shuffling device is used when cards are dealt from the
    hand."""
    with pytest.raises(RulesSubmissionError) as info:
        load_text('game = "go-fore-it"\ndealing_procedure = "hand"\n')
    assert info.value.cite == "676a.9(a)(1)"


# --- 676a.11: completion of the round -----------------------------------------------------------
def test_676a_11_a_each_player_sees_only_his_front_cards() -> None:
    """676a.11(a): after the deal each player examines his own closest two cards; nobody
    sees another player's cards, any hole card or the dealer's cards."""
    hands = {1: "As 2s 3s 4s", 2: "5s 6s 7s 8s", DEALER: "9s Ts Js Qs"}
    rnd = deal(hands, {1: ["front_9"], 2: ["front_9"]})
    assert rnd.view(1)["hands"] == {
        "1": ["As", "2s", None, None],
        "2": [None, None, None, None],
        "dealer": [None, None, None, None],
    }
    assert rnd.view(2)["hands"]["2"] == ["5s", "6s", None, None]
    assert all(card is None for hand in rnd.view(None)["hands"].values() for card in hand)


def test_676a_11_b_back_9_asked_clockwise() -> None:
    """676a.11(b): the dealer asks each player in turn, from the player farthest to the
    dealer's left clockwise: seat 3 may not decide before seat 1, nor for seat 1."""
    hands = {1: TOTAL_HANDS[19], 3: "5d 5h 2d 2h", DEALER: DEALER_39}
    rnd = deal(hands, {1: ["front_9"], 3: ["front_9"]})
    assert rnd.state.to_act() == 1
    assert refused(rnd, Fold(seat=3), 3).cite == "676a.11(b)"
    assert refused(rnd, PlaceWager(seat=3, spot="back_9", amount=FIVE), 3).cite == "676a.11(b)"
    assert refused(rnd, Fold(seat=1), 3).cite == "676a.11(b)"
    assert refused(rnd, Fold(seat=1), DEALER).cite == "676a.11(b)"
    rnd.handle(Fold(seat=1), 1)
    assert rnd.state.to_act() == 3


def test_676a_11_c_forfeits_collected_after_every_decision() -> None:
    """676a.11(c): only once every player has placed a Back 9 or forfeited does the
    dealer collect the forfeited Front 9 Wagers; (c)(1) a folded player without side
    wagers has his cards placed in the discard rack; (c)(2) with a Skins or Gopher
    Wager, his cards go under them until they are settled."""
    hands = {1: "Ks Qs 2s 2c", 2: "Kc Qc As 2d", 3: "5d 5h 3d 3h", DEALER: DEALER_39}
    rnd = deal(hands, {1: ["front_9"], 2: ["front_9", "skins", "gopher"], 3: ["front_9"]})
    assert [type(e) for e in rnd.handle(Fold(seat=1), 1)] == [Folded]
    assert [type(e) for e in rnd.handle(Fold(seat=2), 2)] == [Folded]
    events = rnd.handle(PlaceWager(seat=3, spot="back_9", amount=FIVE), 3)
    assert [(type(e).__name__, e.seat, e.cite) for e in events[1:]] == [
        ("WagerSettled", 1, "676a.11(c)"),
        ("HandCollected", 1, "676a.11(c)(1)"),
        ("WagerSettled", 2, "676a.11(c)"),
        ("HandCollected", 2, "676a.11(c)(2)"),
    ]
    assert [e.to for e in of_type(events, HandCollected)] == ["discard_rack", "under_wagers"]
    reveal = rnd.handle(RevealDealerHand(), DEALER)
    # Seat 2's Skins (23 < 39) and Gopher (one ace, 2 to 1) are settled; seat 1 is not turned up.
    assert [e.seat for e in of_type(reveal, HandTurnedUp)] == [3, 2]
    assert settled(rnd, 2)["skins"].outcome is Outcome.WIN
    assert settled(rnd, 2)["gopher"].won == 2 * FIVE
    assert settled(rnd, 2)["front_9"].outcome is Outcome.LOSE
    assert rnd.view(3)["hands"]["1"] == [None, None, None, None]


def test_676a_11_d_settlement_counterclockwise_in_order() -> None:
    """676a.11(d): the dealer's cards are turned up, then from the player farthest to the
    dealer's right counterclockwise, each hand is turned up (676a.11(d)(1)), totalled
    (676a.11(d)(2)) and its Front 9 and Back 9 (676a.11(d)(3)), Skins (676a.11(d)(4)) and
    Gopher (676a.11(d)(5)) settled in turn."""
    hands = {2: "As Ac 3s 3c", 4: "9d 6d 2d 2h", 6: "Kd 9c 3d 3h", DEALER: DEALER_39}
    spots = ["front_9", "skins", "gopher"]
    rnd = deal(hands, {2: spots, 4: spots, 6: spots})
    events = play_out(rnd, back_9=[2, 4, 6])
    assert isinstance(events[0], DealerHandRevealed) and events[0].total == 39
    order = [
        (type(e).__name__, e.seat, getattr(e, "spot", None))
        for e in events
        if isinstance(e, HandTurnedUp | WagerSettled)
    ]
    expected = []
    for seat in (6, 4, 2):
        expected.append(("HandTurnedUp", seat, None))
        for spot in ("front_9", "back_9", "skins", "gopher"):
            expected.append(("WagerSettled", seat, spot))
    assert order == expected
    turned = of_type(events, HandTurnedUp)
    assert [(e.total, e.cite) for e in turned] == [
        (25, "676a.11(d)(1); 676a.11(d)(2)"),
        (19, "676a.11(d)(1); 676a.11(d)(2)"),
        (8, "676a.11(d)(1); 676a.11(d)(2)"),
    ]
    assert isinstance(events[-1], RoundCompleted) and events[-1].cite == "676a.11(e)"
    # 8 (albatross, two aces), 19 (par, no ace), 25 (over par, no ace); all below 39.
    results = {
        seat: {spot: (s.outcome, s.won) for spot, s in settled(rnd, seat).items()}
        for seat in (2, 4, 6)
    }
    win, lose = Outcome.WIN, Outcome.LOSE
    assert results == {
        2: {
            "front_9": (win, FIVE),
            "back_9": (win, 25 * FIVE),
            "skins": (win, FIVE),
            "gopher": (win, 5 * FIVE),
        },
        4: {
            "front_9": (win, FIVE),
            "back_9": (win, FIVE),
            "skins": (win, FIVE),
            "gopher": (lose, 0),
        },
        6: {
            "front_9": (lose, 0),
            "back_9": (lose, 0),
            "skins": (win, FIVE),
            "gopher": (lose, 0),
        },
    }


def test_676a_11_d_1_reveal_waits_for_every_decision() -> None:
    """676a.11(d): the dealer reveals only after every player has decided (676a.11(c))."""
    hands = {1: TOTAL_HANDS[19], DEALER: DEALER_39}
    rnd = deal(hands, {1: ["front_9"]})
    assert refused(rnd, RevealDealerHand(), DEALER).cite == "676a.11(c)"


def test_676a_11_e_discard_rack_reconstructs_each_hand() -> None:
    """676a.11(e): after settlement every card goes to the discard rack so that each hand
    can be reconstructed."""
    hands = {1: "As Ac 3s 3c", 2: "Kd 8d 3d 3h", DEALER: DEALER_39}
    rnd = deal(hands, {1: ["front_9"], 2: ["front_9"]})
    play_out(rnd, back_9=[1], fold=[2])
    rack = dict(rnd.state.discard_rack.batches)
    assert rack["seat 1"] == parse_cards(hands[1])
    assert rack["seat 2"] == parse_cards(hands[2])
    assert rack[DEALER] == parse_cards(hands[DEALER])
    assert len(rnd.state.discard_rack) == 52


# --- 676a.13: irregularities --------------------------------------------------------------------
def dealing_round(seed: int | None = None, **rules: Any) -> GoForeItRound:
    """Seats 1 and 2 with Front 9 and Skins, shuffled and not yet dealt: the deck in its
    fresh order, or shuffled by ``SeededRng(seed)`` where the test shuffles again."""
    rules = {**AUTOMATED, **rules}
    if seed is None:
        rnd = open_round({1: "a", 2: "b"}, deck(), **rules)
    else:
        rnd = GoForeItRound.open(
            GoForeItRules(**rules),
            table_id="T1",
            round_id="R1",
            seats={1: "a", 2: "b"},
            rng=SeededRng(seed),
        )
    for seat in (1, 2):
        bet(rnd, seat, "front_9")
        bet(rnd, seat, "skins")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    return rnd


def assert_all_returned(rnd: GoForeItRound) -> None:
    assert rnd.state.phase == "voided"
    for seat in (1, 2):
        assert {spot: s.outcome for spot, s in settled(rnd, seat).items()} == {
            "front_9": Outcome.VOID,
            "skins": Outcome.VOID,
        }
        assert all(s.returned == s.amount == FIVE for s in settled(rnd, seat).values())


def test_676a_13_a_one_face_up_card_is_discarded() -> None:
    """676a.13(a): a card found face up in the deck while dealing is not used: it goes to
    the discard rack and the next card is dealt in its place."""
    rnd = dealing_round()
    stack = deck()
    rnd.handle(DealCards(), DEALER)  # 2c to seat 1
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.FACE_UP_CARD), DEALER)
    assert events[-1] == CardDiscarded(card=stack[1], cite="676a.13(a)")
    dealt = rnd.handle(DealCards(), DEALER)[0]
    assert (dealt.hand, dealt.position, dealt.card) == (2, 0, stack[2])
    assert rnd.view(None)["face_up_discards"] == [str(stack[1])]


def test_676a_13_a_two_face_up_cards_void_the_round() -> None:
    """676a.13(a): more than one card found face up: every hand void, every wager
    returned."""
    rnd = dealing_round()
    face_up = DeclareIrregularity(irregularity=Irregularity.FACE_UP_CARD)
    rnd.handle(face_up, DEALER)
    rnd.handle(DealCards(), DEALER)
    events = rnd.handle(face_up, DEALER)
    voided = of_type(events, RoundVoided)
    assert voided and voided[0].cite == "676a.13(a)"
    assert_all_returned(rnd)


def test_676a_13_b_card_drawn_in_error_is_the_next_card() -> None:
    """676a.13(b): a card drawn in error without its face exposed is used as the next
    card: the deal goes on unchanged."""
    rnd = dealing_round(dealing_procedure="hand")
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.CARD_DRAWN_IN_ERROR), DEALER)
    assert rnd.handle(DealCards(), DEALER)[0].card == deck()[0]
    assert [e.cite for e in rnd.events[-2:]] == ["676a.13(b)", "676a.9(b)"]


def test_676a_13_c_wrong_number_of_cards_voids() -> None:
    """676a.13(c): a player or the dealer dealt an incorrect number of cards: void,
    every wager returned, the cards reshuffled."""
    rnd = dealing_round()
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.WRONG_NUMBER_OF_CARDS), DEALER
    )
    assert of_type(events, RoundVoided)[0].cite == "676a.13(c)"
    assert_all_returned(rnd)


@pytest.mark.parametrize(("hand", "card"), [(DEALER, 0), (DEALER, 3), (1, 2), (2, 3)])
def test_676a_13_d_exposed_dealer_or_hole_card_voids(hand: Any, card: int) -> None:
    """676a.13(d): a dealer's card or a player's hole card exposed before every player
    has folded or made the Back 9: void, every wager returned."""
    rnd = dealing_round()
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    rnd.handle(Fold(seat=1), 1)
    exposed = DeclareIrregularity(irregularity=Irregularity.CARD_EXPOSED, hand=hand, card=card)
    events = rnd.handle(exposed, DEALER)
    assert of_type(events, RoundVoided)[0].cite == "676a.13(d)"
    assert_all_returned(rnd)


def test_676a_13_d_front_card_or_late_exposure_does_not_void() -> None:
    """676a.13(d): a player's front card is not a hole card; and once every player has
    decided, an exposure no longer voids the round."""
    rnd = dealing_round()
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    front = DeclareIrregularity(irregularity=Irregularity.CARD_EXPOSED, hand=1, card=0)
    assert refused(rnd, front, DEALER).cite == "676a.13(d)"
    rnd.handle(Fold(seat=1), 1)
    rnd.handle(Fold(seat=2), 2)
    late = DeclareIrregularity(irregularity=Irregularity.CARD_EXPOSED, hand=DEALER, card=0)
    assert refused(rnd, late, DEALER).cite == "676a.13(d)"


def test_676a_13_e_shuffler_jam_reshuffles() -> None:
    """676a.13(e): the automated shuffler jams or fails to complete a shuffle: the cards
    are reshuffled (the round goes on with a new shuffle)."""
    rnd = dealing_round(seed=1)
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.SHUFFLER_JAM), DEALER)
    assert isinstance(events[-1], ShuffleFailed) and events[-1].cite == "676a.13(e)"
    assert rnd.state.phase == "shuffle"
    assert not settled(rnd)
    rnd.handle(ShuffleCards(), DEALER)
    assert rnd.state.phase == "deal"


def test_676a_13_f_dealing_shoe_fault_voids() -> None:
    """676a.13(f): the automated dealing shoe jams or fails to deal during a round: void,
    every wager returned, the cards reshuffled with those already dealt."""
    rnd = dealing_round(dealing_procedure="automated_shoe")
    rnd.handle(DealCards(), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.DEALING_SHOE_FAULT), DEALER)
    assert of_type(events, RoundVoided)[0].cite == "676a.13(f)"
    assert_all_returned(rnd)


def test_676a_13_g_out_of_order_before_another_method() -> None:
    """676a.13(g): an automated shuffler or dealing shoe that cannot be used is covered or
    signed out of order before any other method is used: the round then shuffles by hand
    and cuts, or deals from a manual shoe; the table keeps the sign for later rounds; a
    table may not switch methods without it."""
    rnd = dealing_round(seed=2, dealing_procedure="automated_shoe")
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.SHUFFLER_OUT_OF_ORDER), DEALER
    )
    assert isinstance(events[-1], EquipmentOutOfOrder) and events[-1].cite == "676a.13(g)"
    rnd.handle(ShuffleCards(), DEALER)
    assert rnd.state.phase == "cut"  # a manual shuffle is cut (676a.5(c)(2))
    rnd.handle(CutCards(position=10), DEALER)
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.DEALING_SHOE_OUT_OF_ORDER), DEALER)
    dealt = rnd.handle(DealCards(), DEALER)
    assert len(dealt) == 1 and dealt[0].cite == "676a.8(b)"

    rules = GoForeItRules(dealing_procedure="automated_shoe", shuffling="automated")
    table = GoForeItTable.start(rules, "T", datetime(2026, 1, 1))
    table.sign_out(Device.SHUFFLER, datetime(2026, 1, 1))
    setup = table.setup()
    assert (setup.shuffling, setup.dealing_procedure) == ("manual", "automated_shoe")
    with pytest.raises(IllegalCommand) as info:
        GoForeItRound.open(
            rules,
            table_id="T",
            round_id="R",
            seats={1: "a"},
            rng=SeededRng(0),
            setup=setup.model_copy(update={"out_of_order": ()}),
        )
    assert info.value.cite == "676a.13(g)"
