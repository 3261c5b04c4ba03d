"""58 Pa. Code ch. 674a, Criss-Cross Poker, proved against the text.

Every expected value is typed from ../shared/regulations/674a-criss-cross-poker.txt
(the cross of 674a.2(b)(3) and 674a.8(d), the rankings of 674a.6, the paytables of
674a.12 and the procedures of 674a.7 to 674a.13), never taken from croupier's constants.
Wagers are in cents: 500 is $5, so "500 to 1" on a $15 Across Bet pays $7,500 (750000).

The deck is stacked (``card_table.StackedRng``) so that each hand is known in advance.
The order of the deal is written here from the text: the five community cards first,
one in the box furthest from the dealer, three in the second row (from the dealer's
left), one in the box closest to the dealer (674a.8(d)); then one card at a time to each
player clockwise from the dealer's left (the lowest seat first) until each has two.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from card_table import StackedRng, full_stack, of_type, refused

from croupier.engine import DEALER, Outcome, RoundCompleted, RoundVoided, WagerSettled
from croupier.equipment.cards import Card, deck, parse_cards
from croupier.errors import IllegalCommand, InvalidWager, RulesSubmissionError
from croupier.games.criss_cross_poker import (
    AnnounceNoMoreBets,
    CardDealt,
    CardDiscarded,
    CountStub,
    CrissCrossPokerRound,
    CutCards,
    DealCards,
    DeclareIrregularity,
    DiscardStub,
    Fold,
    HandCollected,
    HandsTurnedUp,
    Irregularity,
    PlaceAntes,
    PlaceWager,
    ResolveMiscount,
    RevealCommunityCards,
    ShuffleCards,
    WagerWithdrawn,
    WithdrawWager,
)
from croupier.hands.poker import (
    PAIR_OF_JACKS_RANK,
    PAIR_OF_SIXES_RANK,
    HandCategory,
    all_five_card_hands,
    categories_of_ranks,
    evaluate_many,
)
from croupier.registry import load_text
from croupier.rules.criss_cross_poker import CrissCrossPokerRules

FIVE = 500
AUTOMATED = {"shuffling": "automated"}


def cross_then_players(cross: str, players: dict[int, str], stacks: bool = False) -> list[Card]:
    """``cross`` is the five community cards far, left, middle, right, near; each
    player's two cards follow, one at a time clockwise (or a stack of two each from an
    automated shoe, 674a.10(b))."""
    seats = sorted(players)
    cards = {seat: parse_cards(players[seat]) for seat in seats}
    if stacks:
        order = [card for seat in seats for card in cards[seat]]
    else:
        order = [cards[seat][n] for n in range(2) for seat in seats]
    return [*parse_cards(cross), *order]


def open_round(
    seats: dict[int, str], stack: list[Card] | None = None, **rules: Any
) -> CrissCrossPokerRound:
    return CrissCrossPokerRound.open(
        CrissCrossPokerRules(**rules),
        table_id="T1",
        round_id="R1",
        seats=seats,
        rng=StackedRng(stack if stack is not None else deck()),
    )


def antes(rnd: CrissCrossPokerRound, seat: int, amount: int = FIVE) -> None:
    rnd.handle(PlaceAntes(seat=seat, ante_across=amount, ante_down=amount), seat)


def dealt(
    cross: str,
    players: dict[int, str],
    bonus: tuple[int, ...] = (),
    amount: int = FIVE,
    **rules: Any,
) -> CrissCrossPokerRound:
    """A round (automated shuffler) with ``players`` on equal antes of ``amount``, the
    seats in ``bonus`` adding a Five Card Bonus of ``amount``, dealt, the stub counted:
    the round waits for the Across Bets."""
    rules = {**AUTOMATED, **rules}
    if bonus:
        rules.setdefault("five_card_bonus", True)
    stacks = rules.get("dealing_procedure") == "automated_shoe"
    stack = full_stack(cross_then_players(cross, players, stacks))
    rnd = open_round({seat: f"p{seat}" for seat in players}, stack, **rules)
    for seat in players:
        antes(rnd, seat, amount)
        if seat in bonus:
            rnd.handle(PlaceWager(seat=seat, spot="five_card_bonus", amount=amount), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    rnd.handle(CountStub(), DEALER)
    return rnd


def decide(rnd: CrissCrossPokerRound, seat: int, multiple: int | None) -> None:
    """``seat`` bets ``multiple`` times its ante on the bet asked now, or folds (None)."""
    spot = str(rnd.state.phase)
    if multiple is None:
        rnd.handle(Fold(seat=seat), seat)
    else:
        ante = rnd.state.wagers[seat]["ante_across"]  # type: ignore[index]
        rnd.handle(PlaceWager(seat=seat, spot=spot, amount=multiple * ante), seat)


def play(rnd: CrissCrossPokerRound, plan: dict[int, tuple[int | None, ...]]) -> None:
    """Each seat follows its plan of Across, Down, Middle (a multiple or None to fold);
    the dealer turns the cards up in between and at the end settles."""
    for step in range(3):
        while (seat := rnd.state.to_act()) is not None:
            decide(rnd, seat, plan[seat][step])
        rnd.handle(RevealCommunityCards(), DEALER)


def settled(rnd: CrissCrossPokerRound, seat: int = 1) -> dict[str, WagerSettled]:
    out: dict[str, WagerSettled] = {}
    for event in of_type(rnd.events, WagerSettled):
        if event.seat == seat:
            assert event.spot not in out
            out[event.spot] = event
    return out


def net(settlement: WagerSettled) -> int:
    if settlement.outcome is Outcome.LOSE:
        return -settlement.amount
    return settlement.won


# --- 674a.2, 674a.3, 674a.5 -----------------------------------------------------------------
def test_six_seats() -> None:
    """674a.2(a): betting positions for no more than six players; a seventh is refused."""
    with pytest.raises(RulesSubmissionError) as info:
        open_round({7: "g"})
    assert "674a.2(a)" in str(info.value) or info.value.cite == "674a.2(a)"


def test_two_decks_need_shuffler_and_two_colours() -> None:
    """674a.3(b): two decks only with an automated shuffler; 674a.3(b)(1) of different
    back colours."""
    with pytest.raises(RulesSubmissionError, match=r"674a\.3\(b\)"):
        load_text('game = "criss-cross-poker"\ndecks = 2\n')
    with pytest.raises(RulesSubmissionError, match=r"674a\.3\(b\)\(1\)"):
        load_text(
            'game = "criss-cross-poker"\ndecks = 2\nshuffling = "automated"\n'
            'back_colors = ["red", "red"]\n'
        )


def test_cut_at_least_ten_cards_in() -> None:
    """674a.5(d): the cover card goes at least ten cards in from the top; the cards above
    it go to the bottom."""
    rnd = open_round({1: "a"})
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    error = refused(rnd, CutCards(position=9), DEALER)
    assert error.cite == "674a.5(d)"
    rnd.handle(CutCards(position=10), DEALER)
    assert rnd.state.stack[:3] == deck()[10:13]
    assert rnd.state.stack[-10:] == deck()[:10]


# --- 674a.7 wagers ---------------------------------------------------------------------------
def test_unequal_antes_refused() -> None:
    """674a.7(d): two equal but separate Ante Wagers; unequal antes are refused and
    nothing changes."""
    rnd = open_round({1: "a"})
    error = refused(rnd, PlaceAntes(seat=1, ante_across=500, ante_down=1000), 1)
    assert error.cite == "674a.7(d)"
    error = refused(rnd, PlaceWager(seat=1, spot="ante_across", amount=500), 1)
    assert error.cite == "674a.7(d)"
    antes(rnd, 1)
    assert rnd.state.wagers[1] == {"ante_across": 500, "ante_down": 500}


def test_five_card_bonus_only_where_offered() -> None:
    """674a.7(e): the Five Card Bonus only if the Rules Submission offers it, and after
    the Ante Wagers."""
    rnd = open_round({1: "a"})
    antes(rnd, 1)
    error = refused(rnd, PlaceWager(seat=1, spot="five_card_bonus", amount=500), 1)
    assert error.cite == "674a.7(e)"
    offered = open_round({1: "a"}, five_card_bonus=True)
    error = refused(offered, PlaceWager(seat=1, spot="five_card_bonus", amount=500), 1)
    assert error.cite == "674a.7(e)" and "after placing the Ante" in str(error)
    with pytest.raises(RulesSubmissionError, match=r"674a\.7\(e\)"):
        load_text('game = "criss-cross-poker"\nbonus_minimum = 100\n')


def test_no_wager_after_no_more_bets() -> None:
    """674a.7(c): no wager after "no more bets" except the Across, Down and Middle Bets."""
    rnd = open_round({1: "a", 2: "b"})
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, PlaceAntes(seat=2, ante_across=500, ante_down=500), 2)
    assert error.cite == "674a.7(c)"


def test_the_antes_are_withdrawn_together_and_offered_so() -> None:
    """674a.7(d): the Ante Across and Ante Down Wagers are equal, placed together and
    taken back together: the withdrawal's offer says so (``together``), so that a page
    says both and their $10 in all, and the withdrawal of either returns both."""
    rnd = open_round({1: "a"})
    antes(rnd, 1)  # $5 each
    (offered,) = [o for o in rnd.legal_commands(1) if o.command == "WithdrawWager"]
    assert offered.together == (("ante_across", "ante_down"),)
    events = rnd.handle(WithdrawWager(seat=1, spot="ante_down"), 1)
    back = {e.spot: e.amount for e in events if isinstance(e, WagerWithdrawn)}
    assert back == {"ante_across": FIVE, "ante_down": FIVE} and FIVE == 500


def test_one_position_per_player() -> None:
    """674a.7(g): a player may not wager on more than one player position; a wager for
    another player's position is refused as his (674a.7(b): only the seated player
    wagers), not as a second position of one's own."""
    with pytest.raises(InvalidWager) as info:
        open_round({1: "a", 2: "a"})
    assert info.value.cite == "674a.7(g)"
    rnd = open_round({1: "a", 2: "b"})
    error = refused(rnd, PlaceAntes(seat=2, ante_across=500, ante_down=500), 1)
    assert error.cite == "674a.7(b)"
    assert str(error).startswith("seat 2 is another player's")


# --- 674a.8-674a.10 the deal ------------------------------------------------------------------
def test_deal_cross_then_one_at_a_time() -> None:
    """674a.8(d): five community cards face down in the cross (far box, the second row,
    the near box), then one card at a time clockwise from the dealer's left."""
    rnd = dealt("2c 3c 4c 5c 6c", {1: "Ah Kh", 4: "Ad Kd"})
    hands = [(e.hand, e.position, str(e.card)) for e in of_type(rnd.events, CardDealt)]
    assert hands == [
        ("community", 0, "2c"),
        ("community", 1, "3c"),
        ("community", 2, "4c"),
        ("community", 3, "5c"),
        ("community", 4, "6c"),
        (1, 0, "Ah"),
        (4, 0, "Ad"),
        (1, 1, "Kh"),
        (4, 1, "Kd"),
    ]
    assert rnd.view(None)["cross"] == dict.fromkeys(["far", "left", "middle", "right", "near"])
    assert rnd.view(1)["hands"] == {"1": ["Ah", "Kh"], "4": [None, None]}


def test_automated_shoe_stacks() -> None:
    """674a.10(b): a stack of five for the cross, then a stack of two to each player."""
    rnd = dealt("2c 3c 4c 5c 6c", {1: "Ah Kh", 4: "Ad Kd"}, dealing_procedure="automated_shoe")
    assert [str(c) for c in rnd.state.hands[1]] == ["Ah", "Kh"]
    assert [str(c) for c in rnd.state.hands[4]] == ["Ad", "Kd"]


def test_stub_miscount_voids_and_removes_deck() -> None:
    """674a.8(h): a wrong stub count with no misdeal voids every hand, returns every wager
    and removes the deck."""
    stack = full_stack(cross_then_players("2c 3c 4c 5c 6c", {1: "Ah Kh"}))
    rnd = open_round({1: "a"}, stack, **AUTOMATED)
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    rnd.handle(DealCards(all_remaining=True), DEALER)
    assert refused(rnd, DiscardStub(), DEALER).cite == "674a.8(f)"
    rnd.handle(CountStub(counted=44), DEALER)
    events = rnd.handle(ResolveMiscount(misdealt=False), DEALER)
    assert {(s.spot, s.outcome, s.returned) for s in of_type(events, WagerSettled)} == {
        ("ante_across", Outcome.VOID, 500),
        ("ante_down", Outcome.VOID, 500),
    }
    assert rnd.state.decks_removed == 1 and events[-1].cite == "674a.8(h)"


# --- 674a.11 the bets -----------------------------------------------------------------------
CROSS = "2c 9d 7s 4h Kd"  # far, left, middle, right, near


def test_across_bet_one_to_three_times() -> None:
    """674a.11(b): an Across Bet of one to three times the Ante Across (674a.7(f)); out of
    turn, from the wrong seat or another bet refused, nothing changed."""
    rnd = dealt(CROSS, {1: "Ah Ac", 2: "3d 3s"})
    assert refused(rnd, PlaceWager(seat=1, spot="across", amount=499), 1).cite == "674a.11(b)"
    assert refused(rnd, PlaceWager(seat=1, spot="across", amount=1501), 1).cite == "674a.11(b)"
    assert refused(rnd, PlaceWager(seat=2, spot="across", amount=500), 2).cite == "674a.11(b)"
    assert refused(rnd, PlaceWager(seat=1, spot="across", amount=500), 2).cite == "674a.11(b)"
    assert refused(rnd, PlaceWager(seat=1, spot="down", amount=500), 1).cite == "674a.11(b)"
    assert refused(rnd, RevealCommunityCards(), DEALER).cite == "674a.11(b)"
    rnd.handle(PlaceWager(seat=1, spot="across", amount=1500), 1)
    assert rnd.state.to_act() == 2


def test_fold_at_across_forfeits_antes_bonus_stays() -> None:
    """674a.11(b): no Across Bet: both antes are collected and the cards go to the
    discard rack; a Five Card Bonus stays and is settled under 674a.11(h)(5)."""
    rnd = dealt("6c 6d Kh 9s 2c", {1: "3d 4h"}, bonus=(1,))
    events = rnd.handle(Fold(seat=1), 1)
    lost = {s.spot: s.cite for s in of_type(events, WagerSettled)}
    assert lost == {"ante_across": "674a.11(b)", "ante_down": "674a.11(b)"}
    assert of_type(events, HandCollected)[0].seat == 1
    assert rnd.state.wagers[1] == {"five_card_bonus": 500}
    rnd.handle(RevealCommunityCards(), DEALER)
    rnd.handle(RevealCommunityCards(), DEALER)
    rnd.handle(RevealCommunityCards(), DEALER)
    bonus = settled(rnd)["five_card_bonus"]
    assert (bonus.outcome, bonus.won, bonus.cite) == (Outcome.WIN, 500, "674a.11(h)(5); 674a.12(c)")


def test_reveals_in_order() -> None:
    """674a.11(c), (e), (g): the two outer horizontal cards, then the two outer vertical
    cards, then the middle card are turned up."""
    rnd = dealt(CROSS, {1: "Ah Ac"})
    decide(rnd, 1, 1)
    first = rnd.handle(RevealCommunityCards(), DEALER)[0]
    assert (first.cite, [str(c) for c in first.cards]) == ("674a.11(c)", ["9d", "4h"])
    assert rnd.view(None)["cross"] == {
        "far": None,
        "left": "9d",
        "middle": None,
        "right": "4h",
        "near": None,
    }
    decide(rnd, 1, 1)
    second = rnd.handle(RevealCommunityCards(), DEALER)[0]
    assert (second.cite, [str(c) for c in second.cards]) == ("674a.11(e)", ["2c", "Kd"])
    decide(rnd, 1, 1)
    third = rnd.handle(RevealCommunityCards(), DEALER)[0]
    assert (third.cite, [str(c) for c in third.cards]) == ("674a.11(g)", ["7s"])


def test_fold_at_down_and_middle() -> None:
    """674a.11(d): no Down Bet forfeits both antes and the Across Bet; 674a.11(f): no
    Middle Bet forfeits the antes, Across and Down Bets."""
    rnd = dealt(CROSS, {1: "Ah Ac", 2: "3d 5s"})
    play(rnd, {1: (1, 2, None), 2: (3, None, None)})
    one = {spot: (s.outcome, s.amount, s.cite) for spot, s in settled(rnd, 1).items()}
    assert one == {
        "ante_across": (Outcome.LOSE, 500, "674a.11(f)"),
        "ante_down": (Outcome.LOSE, 500, "674a.11(f)"),
        "across": (Outcome.LOSE, 500, "674a.11(f)"),
        "down": (Outcome.LOSE, 1000, "674a.11(f)"),
    }
    two = {spot: (s.outcome, s.amount, s.cite) for spot, s in settled(rnd, 2).items()}
    assert two == {
        "ante_across": (Outcome.LOSE, 500, "674a.11(d)"),
        "ante_down": (Outcome.LOSE, 500, "674a.11(d)"),
        "across": (Outcome.LOSE, 1500, "674a.11(d)"),
    }


def test_settled_counterclockwise_from_dealers_right() -> None:
    """674a.11(g): the players' cards are turned up beginning with the player farthest
    to the dealer's right, counterclockwise."""
    rnd = dealt(CROSS, {1: "Ah Ac", 3: "Qh Qc", 6: "Jh Jc"})
    play(rnd, {1: (1, 1, 1), 3: (1, 1, 1), 6: (1, 1, 1)})
    assert [e.seat for e in of_type(rnd.events, HandsTurnedUp)] == [6, 3, 1]
    assert isinstance(rnd.events[-1], RoundCompleted) and rnd.events[-1].cite == "674a.11(i)"


# --- 674a.11(h), 674a.12(a)-(b): every paytable row on the Across Hand ---------------------------
# (cross far, left, middle, right, near; player's cards; Across line; bet odds; ante)
# The Down Hand of each row is less than a pair of 6s, so the Middle Bet pays on the Across.
ACROSS_ROWS = [
    ("2c Qs Js Ts 7d", "As Ks", "royal flush", 500, 1),
    ("2c 7h 6h 5h Kd", "9h 8h", "straight flush", 100, 1),
    ("Kd 4h 2s 4s 9c", "4c 4d", "four-of-a-kind", 40, 1),
    ("Kd 3h 2s 2h 9c", "3c 3d", "full house", 12, 1),
    ("Jd 6c 4c 2c 8h", "Kc 9c", "flush", 8, 1),
    ("Kd 3h 4s 5c 9h", "Ac 2d", "straight", 5, 1),
    ("9s 5h Kd 2c 7h", "5c 5d", "three-of-a-kind", 3, 1),
    ("9d 4h 2s Kc 7h", "4c 2d", "two pairs", 2, 1),
    ("Kd Jh 9s 2c 7h", "Jc 3d", "pair of jacks", 1, 1),
    ("Kd Th 9s 2c 7h", "Tc 3d", "pair of 10s", None, None),
    ("Kd 6h 9s 2c 7h", "6c 3d", "pair of 6s", None, None),
    ("Kd 5h 9s 2c 7h", "5c 3d", "pair of 5s", -1, -1),
]


@pytest.mark.parametrize(("cross", "cards", "hand", "odds", "ante"), ACROSS_ROWS)
def test_across_paytable_rows(
    cross: str, cards: str, hand: str, odds: int | None, ante: int | None
) -> None:
    """674a.12(b): each row of the Across, Down and Middle Bet paytable, and 674a.12(a)
    for the Ante Across, on the Across Hand (674a.11(h)(1)); the Middle Bet on the higher
    hand (674a.11(h)(4)); a Down Hand under a pair of 6s loses (674a.11(h)(2)(i))."""
    rnd = dealt(cross, {1: cards})
    play(rnd, {1: (3, 1, 2)})
    turned = of_type(rnd.events, HandsTurnedUp)[0]
    assert turned.across.startswith(hand)
    got = {spot: net(s) for spot, s in settled(rnd).items()}
    expect_ante = 0 if ante is None else ante * 500
    expect_bet = 0 if odds is None else odds * 1500 if odds > 0 else -1500
    expect_middle = 0 if odds is None else odds * 1000 if odds > 0 else -1000
    assert got == {
        "ante_across": expect_ante,
        "across": expect_bet,
        "ante_down": -500,
        "down": -500,
        "middle": expect_middle,
    }
    cites = {spot: s.cite for spot, s in settled(rnd).items()}
    assert cites["ante_down"] == "674a.11(h)(2)(i)"
    if odds == -1:
        assert cites["ante_across"] == "674a.11(h)(1)(i)"
        assert cites["middle"] == "674a.11(h)(3)"
    else:
        assert cites["ante_across"] == "674a.11(h)(1)(ii); 674a.12(a)"
        assert cites["across"] == "674a.11(h)(1)(ii); 674a.12(b)"
        assert cites["middle"] == "674a.11(h)(4); 674a.12(b)"


def test_middle_on_the_higher_down_hand() -> None:
    """674a.11(h)(4): the Middle Bet is paid on the higher ranking of the Across and Down
    Hands: pair of kings across (1 to 1), kings full of 7s down (12 to 1). 674a.1: the
    Down Hand is the player's two cards and the vertical line (far, middle, near)."""
    rnd = dealt("Ks 2h 7s 4c 7d", {1: "Kc Kd"})
    play(rnd, {1: (1, 1, 1)})
    got = {spot: net(s) for spot, s in settled(rnd).items()}
    assert got == {
        "ante_across": 500,
        "across": 500,
        "ante_down": 500,
        "down": 6000,
        "middle": 6000,
    }


# --- 674a.12(c): every row of the Five Card Bonus ------------------------------------------------
BONUS_ROWS = [
    ("As Ks Qs Js Ts", 250),
    ("9h 8h 7h 6h 5h", 100),
    ("9c 9d 9h 9s 2c", 40),
    ("3c 3d 3h 2s 2h", 15),
    ("Kc 9c 6c 4c 2c", 10),
    ("Ac 2d 3h 4s 5c", 6),
    ("5c 5d 5h Kd 2c", 4),
    ("4c 4h 2s 2d Kc", 3),
    ("Ac Ad Kh 9s 2c", 1),
    ("6c 6d Kh 9s 2c", 1),
    ("5c 5d Kh 9s 2c", -1),
    ("Ac Kd Qh 9s 2c", -1),
]


@pytest.mark.parametrize(("cross", "odds"), BONUS_ROWS)
def test_five_card_bonus_rows(cross: str, odds: int) -> None:
    """674a.12(c): each row of the Five Card Bonus paytable on the five community cards
    (674a.11(h)(5)); a pair of 5s or no pair loses. The player folds at once: the bonus
    stays and is settled (674a.11(b))."""
    spare = [c for c in deck() if c not in parse_cards(cross)][:2]
    rnd = dealt(cross, {1: " ".join(str(c) for c in spare)}, bonus=(1,))
    play(rnd, {1: (None, None, None)})
    bonus = settled(rnd)["five_card_bonus"]
    assert net(bonus) == odds * 500
    assert bonus.cite == ("674a.11(h)(5)" if odds < 0 else "674a.11(h)(5); 674a.12(c)")


# --- 674a.12(d) the payout limit ---------------------------------------------------------------
def test_payout_limit_least_value() -> None:
    """674a.12(d): the limit may not be less than $50,000 or the most one patron could win
    at the minimum wager: at a $20 minimum, 3,302 x $20 = $66,040."""
    with pytest.raises(RulesSubmissionError, match=r"674a\.12\(d\)"):
        load_text('game = "criss-cross-poker"\npayout_limit = 4999999\n')
    with pytest.raises(RulesSubmissionError, match=r"674a\.12\(d\)"):
        load_text('game = "criss-cross-poker"\nminimum_wager = 2000\npayout_limit = 6603999\n')
    rules = load_text('game = "criss-cross-poker"\nminimum_wager = 2000\npayout_limit = 6604000\n')
    assert isinstance(rules, CrissCrossPokerRules) and rules.payout_limit == 6604000


# Per unit of each ante, every bet 3x, both hands a pair of jacks or better: two antes at
# 1 to 1 (674a.12(a)) and the Across, Down and Middle (the higher hand) at 674a.12(b).
SF_AND_ROYAL = 2 + 3 * (500 + 100 + 500)  # 3,302; community a flush, bonus 10 to 1
ROYAL_AND_FLUSH = 2 + 3 * (500 + 8 + 500)  # 3,026; community a straight flush, 100 to 1
SF_AND_FLUSH = 2 + 3 * (100 + 8 + 100)  # 626; community a royal flush, 250 to 1
QUADS_AND_FULL = 2 + 3 * (40 + 12 + 40)  # 278; community a full house, 15 to 1
TWO_FULL_HOUSES = 2 + 3 * (12 + 12 + 12)  # 110; community four of a kind, 40 to 1


@pytest.mark.parametrize(
    ("bonus_minimum", "least"),
    [
        # $20 antes, $5 bonus: 3,302 x $20 + 10 x $5 (the flush in the cross).
        (500, 3302 * 2000 + 10 * 500),
        # $20 antes, $100 bonus: 3,026 x $20 + 100 x $100 (a straight flush in the cross)
        # beats 3,302 x $20 + 10 x $100 = $67,040 and 626 x $20 + 250 x $100 = $37,520.
        (10_000, 3026 * 2000 + 100 * 10_000),
        # $20 antes, $1,000 bonus: 626 x $20 + 250 x $1,000 (a royal flush in the cross).
        (100_000, 626 * 2000 + 250 * 100_000),
    ],
)
def test_payout_limit_least_value_with_the_bonus(bonus_minimum: int, least: int) -> None:
    """674a.12(d) with the Five Card Bonus offered: the least limit is the most one round
    can pay at the minimum antes (every bet 3x) and the minimum bonus together."""
    text = (
        'game = "criss-cross-poker"\nminimum_wager = 2000\nmaximum_wager = 200000\n'
        f"five_card_bonus = true\nbonus_minimum = {bonus_minimum}\n"
        f"bonus_maximum = {bonus_minimum}\npayout_limit = "
    )
    assert least > 5_000_000
    with pytest.raises(RulesSubmissionError, match=r"674a\.12\(d\)"):
        load_text(f"{text}{least - 1}\n")
    rules = load_text(f"{text}{least}\n")
    assert isinstance(rules, CrissCrossPokerRules)
    assert rules.least_payout_limit() == rules.most_won_at_minimum() == least


@pytest.mark.parametrize(
    ("cross", "player", "units", "bonus_odds"),
    [
        ("9s As Ts Ks 8s", "Qs Js", SF_AND_ROYAL, 10),
        ("9s Ts Qs Js 8s", "As Ks", ROYAL_AND_FLUSH, 100),
        ("As Ts Qs Js Ks", "9s 8s", SF_AND_FLUSH, 250),
        ("9s Ts Th Td 9d", "Tc 9c", QUADS_AND_FULL, 15),
        ("Qh Qs Ks Qd Qc", "Kc Kd", TWO_FULL_HOUSES, 40),
    ],
)
def test_most_won_with_the_bonus_is_reached(
    cross: str, player: str, units: int, bonus_odds: int
) -> None:
    """674a.12(d): the deals behind the least payout limit with the Five Card Bonus, each
    the most a round pays when the cross is that bonus hand (every bet 3x, $5 antes and a
    $5 bonus): every wager wins."""
    rnd = dealt(cross, {1: player}, bonus=(1,))
    play(rnd, {1: (3, 3, 3)})
    assert all(s.outcome == "win" for s in settled(rnd).values())
    assert sum(s.won for s in settled(rnd).values()) == units * FIVE + bonus_odds * FIVE


# 674a.12(b) by hand category; 674a.12(c) for the community hands above a flush.
_BET_PAY = {
    HandCategory.ROYAL_FLUSH: 500,
    HandCategory.STRAIGHT_FLUSH: 100,
    HandCategory.FOUR_OF_A_KIND: 40,
    HandCategory.FULL_HOUSE: 12,
    HandCategory.FLUSH: 8,
    HandCategory.STRAIGHT: 5,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.TWO_PAIRS: 2,
}
_BONUS_ABOVE_FLUSH = {
    HandCategory.ROYAL_FLUSH: 250,
    HandCategory.STRAIGHT_FLUSH: 100,
    HandCategory.FOUR_OF_A_KIND: 40,
    HandCategory.FULL_HOUSE: 15,
}


MOST_WON = {
    HandCategory.FULL_HOUSE: QUADS_AND_FULL,
    HandCategory.FOUR_OF_A_KIND: TWO_FULL_HOUSES,
    HandCategory.STRAIGHT_FLUSH: ROYAL_AND_FLUSH,
    HandCategory.ROYAL_FLUSH: SF_AND_FLUSH,
}
"""The most a deal pays in ante units (every bet 3x) for each bonus hand in the cross, by
hand above (``QUADS_AND_FULL`` and the rest)."""


def most_won_over_every_deal(bonuses: set[HandCategory]) -> dict[HandCategory, int]:
    """674a.12(d), exhaustively for the community hands of ``bonuses``: each set of five
    community cards of those categories, in the 15 crosses that differ for the Across and
    Down Hands, with each of the 1,081 player hands from the other 47 cards; the most
    any deal pays, in ante units, by category."""
    hands = all_five_card_hands()
    categories = categories_of_ranks(evaluate_many(hands))
    chosen = np.flatnonzero(np.isin(categories, [int(c) for c in bonuses]))
    first, second = np.triu_indices(47, k=1)
    crosses = []  # (horizontal outer, middle, vertical outer) positions in the five
    for middle in range(5):
        rest = [i for i in range(5) if i != middle]
        for other in rest[1:]:  # the horizontal pair holds rest[0]: across/down symmetric
            vertical = [i for i in rest if i not in (rest[0], other)]
            crosses.append(((rest[0], other), middle, tuple(vertical)))
    assert len(crosses) == 15
    category = np.array([_category_pay(c) for c in range(10)], dtype=np.int64)
    most: dict[HandCategory, int] = {}
    for row in chosen:
        community = hands[row].astype(np.int64)
        rest = np.setdiff1d(np.arange(52), community)
        players = np.stack([rest[first], rest[second]], axis=1)
        across, down = [], []
        for (h0, h1), m, (v0, v1) in crosses:
            line = community[[h0, m, h1]]
            column = community[[v0, m, v1]]
            across.append(np.hstack([players, np.broadcast_to(line, (len(players), 3))]))
            down.append(np.hstack([players, np.broadcast_to(column, (len(players), 3))]))
        pay_a = _bet_pays(np.vstack(across), category)
        pay_d = _bet_pays(np.vstack(down), category)
        units = (
            (pay_a >= 1).astype(np.int64)
            + (pay_d >= 1)
            + 3
            * (
                np.maximum(pay_a, 0)
                + np.maximum(pay_d, 0)
                + np.maximum(np.maximum(pay_a, pay_d), 0)
            )
        )
        bonus = HandCategory(int(categories[row]))
        most[bonus] = max(most.get(bonus, 0), int(units.max()))
    return most


def test_most_won_over_every_deal_with_four_of_a_kind_or_better_in_the_cross() -> None:
    """674a.12(d), exhaustively: every deal whose five community cards are four of a kind
    or better (624 + 36 + 4 sets of five cards, 10.8 million deals). The most each pays
    in ante units (every bet 3x) is 110, 3,026 and 626 for four of a kind, a straight
    flush and a royal flush; with a full house's 278 (the slow test below counts its
    deals too) and the deals of a flush or less (bonus at most 10 to 1, at most 3,302
    units), the least payout limit is the greatest of these lines."""
    above = {HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH}
    assert most_won_over_every_deal(above) == {c: MOST_WON[c] for c in above}
    # The least limit at $5 antes for each bonus minimum is the greatest line.
    for bonus_minimum in (100, 500, 1_000, 2_500, 10_000, 100_000):
        lines = [SF_AND_ROYAL * FIVE + 10 * bonus_minimum] + [
            MOST_WON[c] * FIVE + _BONUS_ABOVE_FLUSH[c] * bonus_minimum for c in MOST_WON
        ]
        rules = CrissCrossPokerRules(
            minimum_wager=FIVE,
            maximum_wager=100_000,
            five_card_bonus=True,
            bonus_minimum=bonus_minimum,
            bonus_maximum=100_000,
        )
        assert rules.most_won_at_minimum() == max(lines)


@pytest.mark.slow
def test_most_won_over_every_deal_with_a_full_house_in_the_cross() -> None:
    """674a.12(d), exhaustively: the 3,744 sets of five community cards that are a full
    house, each in its 15 crosses with the 1,081 player hands (60.7 million deals), pay
    at most 278 ante units (a player's four of a kind both ways)."""
    assert most_won_over_every_deal({HandCategory.FULL_HOUSE}) == {
        HandCategory.FULL_HOUSE: QUADS_AND_FULL
    }


def _category_pay(category: int) -> int:
    return _BET_PAY.get(HandCategory(category), 0)


def _bet_pays(
    five: npt.NDArray[np.int64], category: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """674a.12(b) per hand: the category's odds, 1 for a pair of jacks or better, 0 for a
    pair of 6s through 10s, -1 below (674a.11(h)(1)(i))."""
    ranks = evaluate_many(five)
    kind = categories_of_ranks(ranks)
    pays = category[kind]
    pair = kind == HandCategory.PAIR
    pays = np.where(pair & (ranks >= PAIR_OF_JACKS_RANK), 1, pays)
    pays = np.where(pair & (ranks < PAIR_OF_SIXES_RANK), -1, pays)
    return np.where(kind == HandCategory.HIGH_CARD, -1, pays)


def test_payout_limit_withholds() -> None:
    """674a.12(d): the aggregate payout to one player in a round stops at the limit."""
    rnd = dealt("2c Qs Js Ts 7d", {1: "As Ks"}, amount=100_000, payout_limit=5_000_000)
    play(rnd, {1: (3, 1, 1)})
    got = {spot: (s.won, s.withheld) for spot, s in settled(rnd).items() if s.outcome == "win"}
    assert got == {
        "ante_across": (100_000, 0),
        "across": (4_900_000, 150_000_000 - 4_900_000),
        "middle": (0, 50_000_000),
    }
    assert settled(rnd)["across"].cite.endswith("674a.12(d)")


# --- 674a.13 irregularities -----------------------------------------------------------------------
def started(**rules: Any) -> CrissCrossPokerRound:
    rnd = open_round({1: "a"}, deck(), **{**AUTOMATED, **rules})
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    return rnd


def test_face_up_card() -> None:
    """674a.13(a): a card found face up is discarded unused; a second voids the round."""
    rnd = started()
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.FACE_UP_CARD), DEALER)
    assert str(of_type(events, CardDiscarded)[0].card) == str(deck()[0])
    rnd.handle(DealCards(), DEALER)
    assert rnd.state.hands["community"] == [deck()[1]]
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.FACE_UP_CARD), DEALER)
    assert of_type(events, RoundVoided)[0].cite == "674a.13(a)"
    assert all(s.outcome == "void" for s in of_type(events, WagerSettled))


def test_card_drawn_in_error() -> None:
    """674a.13(b): a card drawn in error unexposed is used as the next card."""
    rnd = started()
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.CARD_DRAWN_IN_ERROR), DEALER)
    rnd.handle(DealCards(), DEALER)
    assert rnd.state.hands["community"] == [deck()[0]]


def test_wrong_number_voids() -> None:
    """674a.13(c): an incorrect number of cards voids the round; wagers returned."""
    rnd = started()
    rnd.handle(DealCards(), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.WRONG_NUMBER_OF_CARDS), DEALER
    )
    assert [(s.spot, s.returned) for s in of_type(events, WagerSettled)] == [
        ("ante_across", 500),
        ("ante_down", 500),
    ]


def test_community_card_exposed() -> None:
    """674a.13(d): a community card exposed before the dealer reveals it voids the
    round; a card already turned up cannot be exposed."""
    rnd = dealt(CROSS, {1: "Ah Ac"})
    decide(rnd, 1, 1)
    rnd.handle(RevealCommunityCards(), DEALER)
    error = refused(
        rnd, DeclareIrregularity(irregularity="community_card_exposed", position="left"), DEALER
    )
    assert error.cite == "674a.13(d)"
    events = rnd.handle(
        DeclareIrregularity(irregularity="community_card_exposed", position="middle"), DEALER
    )
    voided = {s.spot: s.returned for s in of_type(events, WagerSettled)}
    assert voided == {"ante_across": 500, "ante_down": 500, "across": 500}


def test_shuffler_jam_and_shoe_fault() -> None:
    """674a.13(e): a jammed shuffler reshuffles; 674a.13(f): a failed automated dealing
    shoe voids the round."""
    rnd = started()
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.SHUFFLER_JAM), DEALER)
    assert rnd.state.phase == "shuffle"
    shoe = started(dealing_procedure="automated_shoe")
    shoe.handle(DealCards(), DEALER)
    events = shoe.handle(DeclareIrregularity(irregularity=Irregularity.DEALING_SHOE_FAULT), DEALER)
    assert of_type(events, RoundVoided)[0].cite == "674a.13(f)"


def test_out_of_order_shuffler() -> None:
    """674a.13(g): a shuffler out of order is signed; the cards are shuffled by hand and
    cut."""
    rnd = started()
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.SHUFFLER_OUT_OF_ORDER), DEALER)
    assert rnd.state.phase == "shuffle" and rnd.state.shuffling == "manual"


def test_refusals_cite() -> None:
    """674a.11(b): a dealer cannot bet for a player, and nothing is decided before the
    deal."""
    rnd = open_round({1: "a"})
    antes(rnd, 1)
    with pytest.raises(IllegalCommand):
        rnd.handle(Fold(seat=1), 1)
    assert refused(rnd, RevealCommunityCards(), DEALER).cite == "674a.11(c)"


# --- the procedures, section by section --------------------------------------------------------
PROCEDURES = [
    (
        "manual_shoe",
        {},
        "674a.8(b)",
        "674a.8(d)",
        "674a.8(e)",
        "674a.8(f)",
        "674a.8(g)",
        "674a.8(h)",
    ),
    (
        "hand",
        AUTOMATED,
        "674a.9(a)(3)",
        "674a.9(b)",
        "674a.9(c)",
        "674a.9(d)",
        "674a.9(e)",
        "674a.9(f)",
    ),
    (
        "automated_shoe",
        {},
        "674a.10(a)(2)",
        "674a.10(b)",
        "674a.10(c)",
        "674a.10(d)",
        "674a.10(e)",
        "674a.10(f)",
    ),
]


@pytest.mark.parametrize(
    ("procedure", "extra", "no_more", "deal", "stub", "count", "correct", "miscount"), PROCEDURES
)
def test_each_dealing_procedure_cites_its_own_text(
    procedure: str,
    extra: dict[str, Any],
    no_more: str,
    deal: str,
    stub: str,
    count: str,
    correct: str,
    miscount: str,
) -> None:
    """674a.8(b)-(h), 674a.9(a)-(f), 674a.10(a)-(f): "no more bets", the deal, the stub
    to the rack uncounted (counting shuffler) or counted (52 correct), and a miscount,
    each under its own procedure's section. 674a.9(a)(1): hand dealing needs an automated
    shuffler. 674a.3(a): one deck of 52 cards."""
    if procedure == "hand":
        with pytest.raises(RulesSubmissionError, match=r"674a\.9\(a\)\(1\)"):
            load_text('game = "criss-cross-poker"\ndealing_procedure = "hand"\n')
    rules = {"dealing_procedure": procedure, **extra}
    for counted in (None, 52 - 5 - 2 + 1, "uncounted"):
        settings = dict(rules)
        if counted == "uncounted":
            settings.update(shuffling="automated", shuffler_counts=True)
        rnd = open_round({2: "b"}, deck(), **settings)
        antes(rnd, 2)
        assert rnd.handle(AnnounceNoMoreBets(), DEALER)[0].cite == no_more
        shuffled = rnd.handle(ShuffleCards(), DEALER)[0]
        assert sorted(shuffled.stack) == sorted(deck())  # type: ignore[attr-defined]
        if rnd.state.phase == "cut":
            rnd.handle(CutCards(position=10), DEALER)
        dealt_events = rnd.handle(DealCards(all_remaining=True), DEALER)
        assert {e.cite for e in dealt_events} == {deal}
        if counted == "uncounted":
            assert rnd.handle(DiscardStub(), DEALER)[0].cite == stub
        elif counted is None:
            events = rnd.handle(CountStub(), DEALER)
            assert [e.cite for e in events] == [count, correct]
        else:
            rnd.handle(CountStub(counted=counted), DEALER)
            events = rnd.handle(ResolveMiscount(misdealt=True), DEALER)
            assert {e.cite for e in events} == {miscount}


def test_shuffle_after_no_more_bets_and_cut() -> None:
    """674a.5(a): the dealer shuffles after "no more bets"; 674a.5(c)(1): an automated
    shuffle is not cut; 674a.5(c)(2): a manual shuffle is cut before the deal; 674a.5(e):
    a recut before the first card; 674a.7(b): only seated players wager."""
    rnd = open_round({1: "a"})
    assert refused(rnd, ShuffleCards(), DEALER).cite == "674a.5(a)"
    assert refused(rnd, PlaceAntes(seat=3, ante_across=500, ante_down=500), 3).cite == "674a.7(b)"
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShuffleCards(), DEALER)
    assert refused(rnd, DealCards(), DEALER).cite == "674a.5(c)(2)"
    rnd.handle(CutCards(position=12), DEALER)
    from croupier.games.criss_cross_poker import RequireRecut

    rnd.handle(RequireRecut(), DEALER)
    assert rnd.state.phase == "cut"
    auto = started()
    assert refused(auto, CutCards(position=12), DEALER).cite == "674a.5(c)(1)"


def test_counting_shuffler_wrong_count_removes_deck() -> None:
    """674a.5(b): a counting shuffler that shows other than 52 cards: the deck is
    removed."""
    rnd = open_round({1: "a"}, deck(), shuffling="automated", shuffler_counts=True)
    antes(rnd, 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    event = rnd.handle(ShuffleCards(device_count=51), DEALER)[0]
    assert event.cite == "674a.5(b)" and rnd.state.decks_removed == 1


def test_deck_change_notice() -> None:
    """674a.3(c): decks dealt from a shoe are changed at least every eight hours; the
    table tells the floor."""
    from datetime import datetime, timedelta

    from croupier.games.criss_cross_poker import CrissCrossPokerTable, VoidRound

    start = datetime(2026, 1, 1, 12, 0)
    table = CrissCrossPokerTable.start(CrissCrossPokerRules(), "T", start)
    rnd = table.open_round({1: "a"}, StackedRng(deck()))
    antes(rnd, 1)
    rnd.handle(VoidRound(reason="test"), DEALER)
    assert table.finish(rnd, start + timedelta(hours=7)) == []
    rnd = table.open_round({1: "a"}, StackedRng(deck()))
    rnd.handle(VoidRound(reason="test"), DEALER)
    notices = table.finish(rnd, start + timedelta(hours=8))
    assert notices and notices[0].endswith("(674a.3(c)(2))")


def test_most_one_patron_can_win_is_reached() -> None:
    """674a.12(d): the deal behind the least payout limit. Player Qs Js; horizontal As,
    Ts, Ks (Across: royal flush, 500 to 1); vertical 9s, Ts, 8s (Down: queen-high
    straight flush, 100 to 1); Middle on the royal flush. At $5 antes and $15 bets:
    $5 + $7,500 + $5 + $1,500 + $7,500 = $16,510 = 3,302 x $5."""
    rnd = dealt("9s As Ts Ks 8s", {1: "Qs Js"})
    play(rnd, {1: (3, 3, 3)})
    won = sum(s.won for s in settled(rnd).values())
    assert won == 3302 * 500 == CrissCrossPokerRules().most_won_at_minimum()
