"""58 Pa. Code ch. 621a, Pai Gow, proved against the text.

Every expected value is typed from ../shared/regulations/621a-pai-gow.txt (the
tables of 621a.4, the worked examples of 621a.4(c) and 621a.8(c), the dealing styles of
621a.9) or worked out by hand from it in the comments, never read from croupier's own
constants. Wagers are in cents (1000 is $10).

Seats are numbered 1 (the dealer's left) to 6 (the dealer's right): counterclockwise
from the dealer the text's count runs dealer, 6, 5, 4, 3, 2, 1, Dead Hand, so its
"sixth wagering position" is seat 1.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from pai_gow_table import (
    TEN,
    deal,
    of_type,
    open_round,
    refused,
    set_hands,
    settled,
    stacks_from,
)

from croupier.engine import DEALER, Outcome, RoundCompleted, RoundVoided
from croupier.equipment.tiles import SET, parse_tile
from croupier.errors import IllegalCommand, InvalidAmount, RulesSubmissionError
from croupier.game import WALLET, event_moves, stakes_taken_back
from croupier.games._wagering import VoidRound, WagerWithdrawn, WithdrawWager
from croupier.games.pai_gow import (
    AnnounceNoMoreBets,
    BankNotTaken,
    BankOffered,
    BankPassed,
    BankSettled,
    ChooseDelivery,
    CutTiles,
    DealerHandsReset,
    DealerHandsSet,
    DealerWagerPlaced,
    DealerWagerSettled,
    DealTiles,
    DecideExposedHand,
    DeclareAbandoned,
    DeclareIrregularity,
    DeclineCut,
    DiceShaken,
    DirectDealerWager,
    DrawNumber,
    HandsExposed,
    HandsSet,
    HouseWayShown,
    Irregularity,
    MixTiles,
    NoRoll,
    PaiGowRound,
    PaiGowTable,
    PassBank,
    PlaceWager,
    RequestHouseWay,
    SetDealerHands,
    SetHands,
    SettleWagers,
    ShakeDice,
    ShakerCovered,
    StacksCollected,
    StartingPositionCounted,
    Surrender,
    TableContext,
    TakeBank,
    TilesDelivered,
    TilesDisplayed,
    TilesMixed,
    TilesRemixed,
    VigorishCollected,
    deliver,
)
from croupier.hands.paigow import (
    REGULATION,
    REGULATION_LOW_FIRST,
    Result,
    outcome,
    pair_rank,
    rank_hand,
    setting_with,
)
from croupier.money import vigorish
from croupier.registry import find
from croupier.rng import SeededRng
from croupier.rules.pai_gow import DeliveryStyle, PaiGowRules

BANKING = {"player_banking": True}


def tiles(*codes: str) -> list[str]:
    return list(codes)


def beats(a: tuple[str, str], b: tuple[str, str]) -> bool:
    return rank_hand(*a).beats(rank_hand(*b))


# --- 621a.1, 621a.2 ------------------------------------------------------------------------
def test_621a_1_high_hand_is_the_higher_ranking_two() -> None:
    """621a.1: the high hand is the two tiles that rank higher than the other two,
    whichever two the player names together."""
    # 5-6 with 1-6 is 18 -> 8; 1-1 with 3-3 is 8 too but with the higher tile (Two beats
    # Eleven, 621a.4(f)); so (1-1, 3-3) is the high hand either way.
    four = ["5-6", "1-6", "1-1", "3-3"]
    for together in (("5-6", "1-6"), ("1-1", "3-3")):
        setting = setting_with(four, together)
        assert sorted(t.code for t in setting.high) == ["1-1", "3-3"]
        assert sorted(t.code for t in setting.low) == ["1-6", "5-6"]


def test_621a_1_supreme_pair_is_the_six_and_three() -> None:
    """621a.1: the Supreme Pair is the Six (2-4) with the Three (1-2), the highest hand."""
    assert pair_rank(parse_tile("2-4"), parse_tile("1-2")) == 1
    assert beats(("2-4", "1-2"), ("6-6", "6-6"))


def test_621a_2_a_six_betting_positions() -> None:
    """621a.2(a): six betting positions; a seventh does not exist."""
    open_round(seats={s: f"p{s}" for s in range(1, 7)})
    with pytest.raises(RulesSubmissionError) as info:
        open_round(seats={7: "x"})
    assert info.value.cite == "621a.2(a)"


def test_621a_2_b_3_the_dead_hand_receives_tiles() -> None:
    """621a.2(b)(3): the Dead Hand, to the dealer's left, is a position that receives four
    tiles (and the stacks of positions without a wager)."""
    rnd = open_round()
    events = deal(rnd, {1: TEN})
    delivered = of_type(events, TilesDelivered)[0]
    assert [d.position for d in delivered.deliveries][-1] == "dead_hand"
    assert len(rnd.state.dead_hand) == 4 * 6  # its own stack and 2, 3, 4, 5, 6


# --- 621a.3 --------------------------------------------------------------------------------
def test_621a_3_c_the_set_of_32_tiles() -> None:
    """621a.3(c): 32 tiles with the spots of 621a.4 (the table of 621a.4(f), typed here)."""
    expected = {
        "6-6": 2, "1-1": 2, "4-4": 2, "1-3": 2, "5-5": 2, "3-3": 2, "2-2": 2, "5-6": 2,
        "4-6": 2, "1-6": 2, "1-5": 2, "3-6": 1, "4-5": 1, "2-6": 1, "3-5": 1, "2-5": 1,
        "3-4": 1, "2-4": 1, "1-4": 1, "2-3": 1, "1-2": 1,
    }  # fmt: skip
    counts: dict[str, int] = {}
    for tile in SET:
        counts[tile.code] = counts.get(tile.code, 0) + 1
    assert counts == expected
    assert len(SET) == 32


# --- 621a.4: ranking ----------------------------------------------------------------------
PAIR_TABLE = [
    (1, [("2-4", "1-2")]),
    (2, [("6-6", "6-6")]),
    (3, [("1-1", "1-1")]),
    (4, [("4-4", "4-4")]),
    (5, [("1-3", "1-3")]),
    (6, [("5-5", "5-5")]),
    (7, [("3-3", "3-3")]),
    (8, [("2-2", "2-2")]),
    (9, [("5-6", "5-6")]),
    (10, [("4-6", "4-6")]),
    (11, [("1-6", "1-6")]),
    (12, [("1-5", "1-5")]),
    (13, [("3-6", "4-5")]),
    (14, [("3-5", "2-6")]),
    (15, [("3-4", "2-5")]),
    (16, [("1-4", "2-3")]),
    (17, [("6-6", "4-5"), ("6-6", "3-6")]),
    (18, [("1-1", "4-5"), ("1-1", "3-6")]),
    (19, [("6-6", "2-6"), ("6-6", "3-5"), ("6-6", "4-4")]),
    (20, [("1-1", "2-6"), ("1-1", "3-5"), ("1-1", "4-4")]),
]
"""621a.4(a), typed from the text: rank, and the tiles of each pair, Wong and Gong."""


@pytest.mark.parametrize(("rank", "combinations"), PAIR_TABLE)
def test_621a_4_a_pairs_wongs_gongs(rank: int, combinations: list[tuple[str, str]]) -> None:
    """621a.4(a): the 20 ranked pairs, Wongs and Gongs; each beats the next and every hand
    without a pair (the best of which is a 9 with the Twelve, 6-6 with 3-4)."""
    for a, b in combinations:
        assert pair_rank(parse_tile(a), parse_tile(b)) == rank
        assert beats((a, b), ("6-6", "3-4"))
    if rank < 20:
        lower = PAIR_TABLE[rank][1][0]
        assert beats(combinations[0], lower)


def test_621a_4_b_identical_pair_rank_is_a_copy_for_the_dealer() -> None:
    """621a.4(b): hands of identical pair rank are copies; the dealer wins them."""
    dealer = setting_with(["6-6", "4-5", "1-1", "3-6"], ("6-6", "4-5"))  # two Wongs
    player = setting_with(["6-6", "3-6", "1-1", "4-5"], ("6-6", "3-6"))
    assert dealer.high_rank.pair == player.high_rank.pair == 17
    assert not player.high_rank.beats(dealer.high_rank)
    assert outcome(player, dealer) is Result.LOSE


def test_621a_4_c_1_two_and_six_make_eight() -> None:
    """621a.4(c)(1): a Two (1-1) and a Six (3-3) have a value of 8."""
    assert rank_hand("1-1", "3-3").value == 8


def test_621a_4_c_2_eleven_and_seven_make_eight() -> None:
    """621a.4(c)(2): an Eleven (5-6) and a Seven (1-6) total 18, a value of 8."""
    assert rank_hand("5-6", "1-6").value == 8


def test_621a_4_d_gee_joon_counts_three_or_six() -> None:
    """621a.4(d): used apart, the 1-2 and the 2-4 each count three or six."""
    # 1-2 with 6-6: 3 + 12 = 15 -> 5, or 6 + 12 = 18 -> 8: the hand is an 8.
    hand = rank_hand("1-2", "6-6")
    assert (hand.value, hand.gee_joon_as) == (8, 6)
    # 2-4 with 1-4: 6 + 5 = 11 -> 1, or 3 + 5 = 8: the hand is an 8, the 2-4 a three.
    hand = rank_hand("2-4", "1-4")
    assert (hand.value, hand.gee_joon_as) == (8, 3)
    # 1-2 with 5-6: 3 + 11 = 14 -> 4, or 6 + 11 = 17 -> 7.
    assert rank_hand("1-2", "5-6").value == 7


def test_621a_4_d_the_rank_moves_with_the_count() -> None:
    """621a.4(d): counted as three the 2-4 ranks seventeenth, not fifteenth."""
    # 2-4 + 1-4 is an 8 with the 2-4 as three: its highest tile is then the Five (1-4,
    # sixteenth), not the 2-4 (fifteenth). 1-2 + 2-3 is an 8 (the 1-2 as three) whose
    # highest tile is the Five (2-3, sixteenth). Equal value, equal top rank: a copy.
    assert rank_hand("2-4", "1-4").top == 16
    assert rank_hand("2-4", "1-4").key == rank_hand("1-2", "2-3").key
    assert not beats(("2-4", "1-4"), ("1-2", "2-3"))


def test_621a_4_e_equal_values_go_to_the_highest_tile() -> None:
    """621a.4(e): equal values: the hand with the highest-ranking tile is higher."""
    # 1-1 + 3-3 = 8 topped by the Two (second); 5-6 + 1-6 = 8 topped by the Eleven (8th).
    assert beats(("1-1", "3-3"), ("5-6", "1-6"))


def test_621a_4_e_zero_zero_goes_to_the_dealer() -> None:
    """621a.4(e): a zero-zero tie goes to the dealer whatever the tiles."""
    # 6-6 + 4-4 is a Gong; 5-5 + 4-6 = 20 -> 0 topped by the Ten (fifth); 1-4 + 2-3 is a
    # pair; 2-5 + 3-3 = 13 no; 4-6 + 5-5 = 0; 2-2 + 1-5 = 10 -> 0 topped by the Four.
    player = ("5-5", "4-6")
    dealer = ("2-2", "1-5")
    assert rank_hand(*player).value == rank_hand(*dealer).value == 0
    assert not beats(player, dealer) and not beats(dealer, player)


TILE_RANKS = [
    ("6-6", 1), ("1-1", 2), ("4-4", 3), ("1-3", 4), ("5-5", 5), ("3-3", 6), ("2-2", 7),
    ("5-6", 8), ("4-6", 9), ("1-6", 10), ("1-5", 11), ("3-6", 12), ("4-5", 12),
    ("2-6", 13), ("3-5", 13), ("2-5", 14), ("3-4", 14), ("2-4", 15), ("1-4", 16),
    ("2-3", 16), ("1-2", 17),
]  # fmt: skip
"""621a.4(f), typed from the text."""


@pytest.mark.parametrize(("code", "rank"), TILE_RANKS)
def test_621a_4_f_individual_ranks(code: str, rank: int) -> None:
    """621a.4(f): the individual ranking of each tile."""
    assert parse_tile(code).rank == rank


def test_621a_4_g_same_top_tile_is_a_copy() -> None:
    """621a.4(g): equal values and top tiles of identical rank: a copy for the dealer."""
    # 3-6 + 1-3 = 13 -> 3 and 4-5 + 1-3 = 13 -> 3, both topped by a Four (1-3).
    player = setting_with(["3-6", "1-3", "6-6", "6-6"], ("3-6", "1-3"))
    dealer = setting_with(["4-5", "1-3", "1-1", "1-1"], ("4-5", "1-3"))
    assert player.low_rank.key == dealer.low_rank.key
    assert not player.low_rank.beats(dealer.low_rank)


# --- 621a.5 --------------------------------------------------------------------------------
def test_621a_5_a_three_dice() -> None:
    """621a.5(a): three dice; a reading of two dice is refused."""
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, ShakeDice(faces=(3, 3)), DEALER)
    assert error.cite == "621a.5(a)"
    rnd.handle(ShakeDice(faces=(1, 2, 3)), DEALER)


@pytest.mark.parametrize(
    "faces",
    [(True, True, True), ("1", 1, 1), (1.0, 1, 1), (0, 1, 2), (1, 2, 7)],
    ids=["true", "text", "float", "zero", "seven"],
)
def test_621a_5_a_a_reading_is_three_faces_1_to_6(faces: tuple[object, ...]) -> None:
    """621a.5(a): three dice, each showing 1 to 6; [true, true, true] was read as 1-1-1
    (and "1", 1.0 as 1). Refused, the round unchanged, sent as a command or as JSON."""
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, ShakeDice(faces=faces), DEALER)
    assert error.cite == "621a.5(a)"
    assert str(error).startswith("a reading is three faces, each a whole number 1 to 6, not ")
    command = PaiGowRound.command_adapter.validate_json(
        json.dumps({"type": "ShakeDice", "faces": list(faces)}), strict=True
    )
    assert refused(rnd, command, DEALER).cite == "621a.5(a)"
    [shaken] = rnd.handle(ShakeDice(faces=(1, 1, 1)), DEALER)[:1]
    assert isinstance(shaken, DiceShaken) and shaken.faces == (1, 1, 1) and shaken.total == 3


# --- 621a.6 --------------------------------------------------------------------------------
def test_621a_6_b_the_opening_display() -> None:
    """621a.6(b): at the start of the game the tiles are shown face up in 16 pairs in rank
    order, the Supreme Pair first."""
    rnd = open_round()
    shown = of_type(rnd.events, TilesDisplayed)[0]
    expected = [combos[0] for _, combos in PAIR_TABLE[:16]]
    assert [(a.code, b.code) for a, b in shown.pairs] == expected
    assert rnd.view(None)["display"][0] == ["2-4", "1-2"]


def test_621a_6_c_then_face_down_and_mixed() -> None:
    """621a.6(c): after the display the tiles are turned face down and mixed."""
    rnd = open_round()
    event = rnd.handle(MixTiles(), DEALER)[0]
    assert isinstance(event, TilesMixed) and event.cite == "621a.6(d)"
    assert rnd.view(None)["display"] == []


def test_621a_6_d_eight_stacks_of_four() -> None:
    """621a.6(d): the mix forms eight stacks of four tiles; the order is the dealer's."""
    rnd = PaiGowRound.open(
        PaiGowRules(), table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(5)
    )
    mixed = rnd.handle(MixTiles(), DEALER)[0]
    assert isinstance(mixed, TilesMixed)
    assert [len(stack) for stack in mixed.stacks] == [4] * 8
    assert sorted(t for stack in mixed.stacks for t in stack) == sorted(SET)
    assert "stacks" not in rnd.view(1) and "stacks" not in rnd.view(None)
    assert rnd.view(DEALER)["stacks"] is not None


def test_621a_6_e_tile_exposed_while_stacking_remix() -> None:
    """621a.6(e): a tile turned over while stacking: the whole set is remixed."""
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    events = rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.TILE_TURNED_OVER_WHILE_STACKING), DEALER
    )
    assert isinstance(events[0], TilesRemixed) and events[0].cite == "621a.6(e)"
    refused(rnd, AnnounceNoMoreBets(), DEALER)
    rnd.handle(MixTiles(), DEALER)


def _play_out(rnd: PaiGowRound, wagers: dict[int, int]) -> None:
    deal(rnd, wagers, faces=None)
    for seat in sorted(wagers, reverse=True):
        s = REGULATION.set(rnd.tiles_of(seat))
        set_hands(rnd, seat, s.high[0].code, s.high[1].code)
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)


def test_621a_6_f_mixed_after_every_round() -> None:
    """621a.6(f): after each round the tiles are mixed again; 621a.6(g): idle, they go
    back face up in pairs and the next round opens with the display."""
    table = PaiGowTable(PaiGowRules())
    first = table.open_round({1: "a"}, SeededRng(1))
    _play_out(first, {1: TEN})
    table.finish(first)
    second = table.open_round({1: "a"}, SeededRng(2))
    assert not of_type(second.events, TilesDisplayed)
    assert second.handle(MixTiles(), DEALER)[0].cite == "621a.6(f)"
    table.idle()
    third = table.open_round({1: "a"}, SeededRng(3))
    assert of_type(third.events, TilesDisplayed)


def test_621a_6_g_idle_table_displays_again() -> None:
    """621a.6(g): with no gaming activity the tiles are face up in pairs again."""
    table = PaiGowTable(PaiGowRules(), start_of_game=False)
    table.idle()
    assert table.context().start_of_game


# --- 621a.7 --------------------------------------------------------------------------------
def test_621a_7_a_one_wager_on_the_betting_area() -> None:
    """621a.7(a): a wager goes on the betting area; there is no other spot."""
    rnd = open_round()
    error = refused(rnd, PlaceWager(seat=1, amount=TEN, spot="side_bet"), 1)
    assert error.cite == "621a.7(a)"


def test_621a_7_b_only_seated_players_and_abandoned_wagers() -> None:
    """621a.7(b): only seated players wager; a player who leaves with tiles loses."""
    rnd = open_round({"1": ["6-6", "6-6", "1-1", "1-1"]})
    assert refused(rnd, PlaceWager(seat=2, amount=TEN), 2).cite == "621a.7(b)"
    assert refused(rnd, PlaceWager(seat=3, amount=TEN), 1).cite == "621a.7(b)"
    deal(rnd, {1: TEN, 3: TEN})
    events = rnd.handle(DeclareAbandoned(seat=1), DEALER)
    assert events[0].outcome is Outcome.LOSE and events[0].cite == "621a.7(b)"


def test_621a_7_c_no_wager_after_no_more_bets() -> None:
    """621a.7(c): a wager may not be made after "no more bets" (bad input, refused)."""
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, PlaceWager(seat=3, amount=TEN), 3)
    assert error.cite == "621a.7(c)"


# 621a.7(c): "A wager may not be made, increased or withdrawn after the dealer has
# announced 'no more bets'": before it, a wager placed may be withdrawn. The wallet is
# worked by hand from ann's $100.00 (10,000 cents): the $10 wager takes it to 9,000, the
# withdrawal brings it back to 10,000; a $20 wager then takes it to 8,000 and stays.
ANN_DEPOSIT = 10_000


def _wallet(rnd: PaiGowRound, player: str) -> int:
    """``player``'s wallet after ``rnd``'s events, from ANN_DEPOSIT, by the money each
    event moves at a Pai Gow table (the ledger's rule)."""
    policy, seats = find("pai-gow").policy, rnd.opened.seats
    moved = [
        cents
        for index in range(len(rnd.events))
        for (kind, who), cents in event_moves(policy, rnd.events, index, seats)
        if kind == WALLET and who == player
    ]
    return ANN_DEPOSIT + sum(moved)


def test_621a_7_c_a_wager_is_withdrawn_before_no_more_bets_not_after() -> None:
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    assert _wallet(rnd, "ann") == 9_000
    events = rnd.handle(WithdrawWager(seat=1, spot="pai_gow"), 1)
    assert events == [WagerWithdrawn(seat=1, spot="pai_gow", amount=TEN, cite="621a.7(c)")]
    assert rnd.view(1)["wagers"] == {}
    assert _wallet(rnd, "ann") == ANN_DEPOSIT
    # Taken back unplayed: not counted as wagered (the ledger's spend), as a void's is not.
    policy = find("pai-gow").policy
    assert stakes_taken_back(policy, rnd.events, rnd.opened.seats) == {"ann": TEN}
    # Nothing left to withdraw; and bo (seat 3) has no wager of his own to withdraw.
    assert refused(rnd, WithdrawWager(seat=1, spot="pai_gow"), 1).cite == "621a.7(a)"
    assert refused(rnd, WithdrawWager(seat=1, spot="pai_gow"), 3).cite == "621a.7(b)"
    rnd.handle(PlaceWager(seat=1, amount=2000), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, WithdrawWager(seat=1, spot="pai_gow"), 1)
    assert error.cite == "621a.7(c)"
    assert 'may not be withdrawn after "no more bets"' in str(error)
    assert _wallet(rnd, "ann") == 8_000
    # The events replay to the same round: the withdrawal is the player's command.
    text = PaiGowRound.events_to_json(rnd.events)
    replayed = PaiGowRound.replay(PaiGowRound.events_from_json(text))
    assert PaiGowRound.events_to_json(replayed.events) == text
    assert replayed.view(DEALER) == rnd.view(DEALER)


def test_621a_7_c_the_withdraw_offer_is_made_exactly_where_its_check_passes() -> None:
    """The offer to withdraw appears for a seat exactly while its check accepts: from the
    wager placed to "no more bets", on the area's one spot, for its player alone."""

    def offered(rnd: PaiGowRound, actor: int) -> list[tuple[int, list[str]]]:
        return [
            (o.values("seat")[0], [str(v) for v in o.values("spot")])
            for o in rnd.legal_commands(actor)
            if o.command == "WithdrawWager"
        ]

    def accepted(rnd: PaiGowRound, actor: int) -> list[tuple[int, list[str]]]:
        out = []
        for seat in (1, 3, 6):
            try:
                rnd.check_withdraw(seat, "pai_gow", actor)
            except IllegalCommand:
                continue
            out.append((seat, ["pai_gow"]))
        return out

    rnd = open_round()
    steps = [
        (MixTiles(), DEALER),
        (PlaceWager(seat=1, amount=TEN), 1),
        (PlaceWager(seat=3, amount=TEN), 3),
        (WithdrawWager(seat=3, spot="pai_gow"), 3),
        (AnnounceNoMoreBets(), DEALER),
    ]
    seen = []
    for command, actor in [(None, None), *steps]:
        if command is not None:
            rnd.handle(command, actor)
        for seat in (1, 3, 6):
            assert offered(rnd, seat) == accepted(rnd, seat), (command, seat)
        seen.append([offered(rnd, seat) for seat in (1, 3, 6)])
    assert seen == [
        [[], [], []],  # no wager yet (the tiles not mixed)
        [[], [], []],  # mixed: no wager
        [[(1, ["pai_gow"])], [], []],
        [[(1, ["pai_gow"])], [(3, ["pai_gow"])], []],
        [[(1, ["pai_gow"])], [], []],  # seat 3 withdrew
        [[], [], []],  # "no more bets"
    ]


def test_621a_7_c_against_a_player_bank_a_withdrawal_frees_the_banks_cover() -> None:
    """621a.11(d)(2): the bank covers the wagers placed; one withdrawn before "no more
    bets" (621a.7(c)) needs no cover, so the bank's $25 covers $20 more again. The bank
    places no wager (621a.11(f) as croupier reads it): it has none to withdraw, and its
    chips stay on the table to the settlement (docs/interpretations.md)."""
    rnd = open_round(context=_context(), dealer_wager_against_bank=0, **BANKING)
    rnd.handle(TakeBank(seat=6, chips=2500), 6)
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(DeclineCut(seat=6), 6)
    rnd.handle(PlaceWager(seat=3, amount=2000), 3)
    assert refused(rnd, PlaceWager(seat=1, amount=1000), 1).cite == "621a.11(d)(2)"
    assert not [o for o in rnd.legal_commands(6) if o.command == "WithdrawWager"]
    assert refused(rnd, WithdrawWager(seat=6, spot="pai_gow"), 6).cite == "621a.7(a)"
    rnd.handle(WithdrawWager(seat=3, spot="pai_gow"), 3)
    rnd.handle(PlaceWager(seat=1, amount=2500), 1)  # $25 of chips cover $25 of wagers
    assert rnd.view(DEALER)["bank"]["chips"] == 2500


def test_621a_7_c_a_withdrawn_wager_was_no_wager_against_the_dealer() -> None:
    """621a.11(d)(1) and (h) read the wager a player placed against the dealer in the last
    round the dealer banked: a wager withdrawn before "no more bets" was not one (bo's $20
    is not remembered; ann's $10 is)."""
    table = PaiGowTable(PaiGowRules(), start_of_game=True)
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(PlaceWager(seat=3, amount=2000), 3)
    rnd.handle(WithdrawWager(seat=3, spot="pai_gow"), 3)
    rnd.handle(VoidRound(reason="the table closes"), DEALER)
    table.finish(rnd)
    assert table.last_dealer_round_wagers == {"ann": TEN}


# --- 621a.8 --------------------------------------------------------------------------------
def test_621a_8_a_1_random_number_generator() -> None:
    """621a.8(a)(1): with an RNG the dealer announces "no more bets" and the RNG shows a
    number (1 to 8, one count around the table); the dice are not used."""
    rnd = PaiGowRound.open(
        PaiGowRules(starting_position="rng"),
        table_id="T",
        round_id="R",
        seats={1: "a"},
        rng=SeededRng(3),
    )
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, ShakeDice(), DEALER).cite == "621a.8(a)(1)"
    number = rnd.handle(DrawNumber(), DEALER)[0]
    assert 1 <= number.number <= 8 and number.cite == "621a.8(a)(1)"
    counted = of_type(rnd.handle(DealTiles(), DEALER), StartingPositionCounted)[0]
    assert counted.total == number.number


def test_621a_8_a_2_no_more_bets_before_the_dice() -> None:
    """621a.8(a)(2): "no more bets" is announced before the dice are revealed; it follows
    the mixing and stacking."""
    rnd = open_round()
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    assert refused(rnd, AnnounceNoMoreBets(), DEALER).cite == "621a.8(a)(2)"
    rnd.handle(MixTiles(), DEALER)
    assert refused(rnd, ShakeDice(faces=(1, 1, 1)), DEALER).cite == "621a.8(a)(2)"


def test_621a_8_b_the_total_is_announced() -> None:
    """621a.8(b): the dealer announces the total of the dice."""
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    shaken = rnd.handle(ShakeDice(faces=(6, 5, 2)), DEALER)[0]
    assert shaken.total == 13
    assert rnd.view(3)["dice"] == [6, 5, 2]


def test_621a_8_c_1_nine_starts_at_the_dealer() -> None:
    """621a.8(c)(1): if the dice total nine, the dealer receives the first stack."""
    rnd = open_round({"dealer": ["6-6", "6-6", "1-1", "1-1"]})
    events = deal(rnd, {1: TEN}, faces=(2, 3, 4))
    counted = of_type(events, StartingPositionCounted)[0]
    assert (counted.total, counted.position) == (9, "dealer")
    delivered = of_type(events, TilesDelivered)[0].deliveries[0]
    assert delivered.position == "dealer"
    # The first stack from the dealer's right, which the rigged mix made 6-6 6-6 1-1 1-1.
    assert [t.code for t in delivered.tiles] == ["6-6", "6-6", "1-1", "1-1"]


def test_621a_8_c_2_fifteen_starts_at_the_sixth_position() -> None:
    """621a.8(c)(2): if the dice total 15, the sixth wagering position (counted
    counterclockwise from the dealer: seat 1, at the dealer's left) receives the first
    stack."""
    # The first stack from the right is 4-4 4-4 5-5 5-5 (it goes where the count ends).
    stacks = stacks_from({"dealer": ["4-4", "4-4", "5-5", "5-5"]})
    rnd = open_round(stacks=stacks)
    events = deal(rnd, {1: TEN}, faces=(6, 6, 3))
    counted = of_type(events, StartingPositionCounted)[0]
    assert (counted.total, counted.position) == (15, "1")
    assert [t.code for t in rnd.tiles_of(1)] == ["4-4", "4-4", "5-5", "5-5"]


def test_621a_8_d_stacks_from_the_right_counterclockwise() -> None:
    """621a.8(d): the first stack from the right of the eight goes to the starting
    position, the others counterclockwise to every position, wager or not."""
    stacks = stacks_from({})
    rnd = open_round(stacks=stacks)
    events = deal(rnd, {3: TEN}, faces=(1, 1, 1))  # 3: dealer 1, seat 6 is 2, seat 5 is 3
    deliveries = of_type(events, TilesDelivered)[0].deliveries
    assert [d.position for d in deliveries] == [
        "5", "4", "3", "2", "1", "dead_hand", "dealer", "6"
    ]  # fmt: skip
    for k, d in enumerate(deliveries):
        assert list(d.tiles) == list(stacks[4 * k : 4 * k + 4])


def test_621a_8_e_empty_positions_to_the_dead_hand_unseen() -> None:
    """621a.8(e): stacks of positions with no wager go to the Dead Hand unexposed."""
    rnd = open_round()
    events = deal(rnd, {3: TEN})
    collected = of_type(events, StacksCollected)[0]
    assert collected.positions == ("6", "5", "4", "2", "1")
    for viewer in (None, 1, 3, 6):
        view = rnd.view(viewer)
        assert "tiles" not in view and "dead_hand" not in view
        assert set(view.get("my_tiles", {})) <= {"3"}
    assert rnd.view(1)["my_tiles"] == {}


def test_621a_8_f_shaker_covered_once_dealt() -> None:
    """621a.8(f): once the tiles are dealt the shaker is covered and shaken once."""
    rnd = open_round()
    events = deal(rnd, {1: TEN})
    assert isinstance(events[-1], ShakerCovered) and events[-1].cite == "621a.8(f)"


# --- 621a.9: the nine styles, from labelled stacks --------------------------------------------
LABELS = [[f"s{stack}l{level}" for level in range(1, 5)] for stack in range(1, 9)]
"""Stack 1 is the dealer's rightmost; level 1 the top tile."""


def _expect(*slots: str) -> list[list[str]]:
    return [s.split() for s in slots]


STYLES = {
    "house_way_from_the_left": _expect(
        *(" ".join(f"s{st}l{lv}" for lv in range(1, 5)) for st in range(8, 0, -1))
    ),
    "cup_say_from_the_right": _expect(
        "s1l1 s1l2 s2l1 s2l2", "s1l3 s1l4 s2l3 s2l4",
        "s3l1 s3l2 s4l1 s4l2", "s3l3 s3l4 s4l3 s4l4",
        "s5l1 s5l2 s6l1 s6l2", "s5l3 s5l4 s6l3 s6l4",
        "s7l1 s7l2 s8l1 s8l2", "s7l3 s7l4 s8l3 s8l4",
    ),
    "cup_say_from_the_left": _expect(
        "s8l1 s8l2 s7l1 s7l2", "s8l3 s8l4 s7l3 s7l4",
        "s6l1 s6l2 s5l1 s5l2", "s6l3 s6l4 s5l3 s5l4",
        "s4l1 s4l2 s3l1 s3l2", "s4l3 s4l4 s3l3 s3l4",
        "s2l1 s2l2 s1l1 s1l2", "s2l3 s2l4 s1l3 s1l4",
    ),
    "jung_quat": _expect(
        "s4l1 s4l2 s5l1 s5l2", "s4l3 s4l4 s5l3 s5l4",
        "s3l1 s3l2 s6l1 s6l2", "s3l3 s3l4 s6l3 s6l4",
        "s2l1 s2l2 s7l1 s7l2", "s2l3 s2l4 s7l3 s7l4",
        "s1l1 s1l2 s8l1 s8l2", "s1l3 s1l4 s8l3 s8l4",
    ),
    "chee_yee": _expect(
        "s1l1 s1l2 s8l1 s8l2", "s1l3 s1l4 s8l3 s8l4",
        "s2l1 s2l2 s7l1 s7l2", "s2l3 s2l4 s7l3 s7l4",
        "s3l1 s3l2 s6l1 s6l2", "s3l3 s3l4 s6l3 s6l4",
        "s4l1 s4l2 s5l1 s5l2", "s4l3 s4l4 s5l3 s5l4",
    ),
    "pin_say_from_the_right": _expect(
        "s1l1 s2l1 s3l1 s4l1", "s8l1 s7l1 s6l1 s5l1",
        "s1l2 s2l2 s3l2 s4l2", "s8l2 s7l2 s6l2 s5l2",
        "s1l3 s2l3 s3l3 s4l3", "s8l3 s7l3 s6l3 s5l3",
        "s1l4 s2l4 s3l4 s4l4", "s8l4 s7l4 s6l4 s5l4",
    ),
    "pin_say_from_the_left": _expect(
        "s8l1 s7l1 s6l1 s5l1", "s1l1 s2l1 s3l1 s4l1",
        "s8l2 s7l2 s6l2 s5l2", "s1l2 s2l2 s3l2 s4l2",
        "s8l3 s7l3 s6l3 s5l3", "s1l3 s2l3 s3l3 s4l3",
        "s8l4 s7l4 s6l4 s5l4", "s1l4 s2l4 s3l4 s4l4",
    ),
    # Stacks 1 and 2 are set on 3 and 4: the two eight-tile stacks are 1 over 3 and 2
    # over 4; their top two tiles each go to the starting position (the dragon head), the
    # top tile of each of stacks 5-8 to the next (the phoenix tail), and so on down.
    "dragon_head_phoenix_tail_from_the_right": _expect(
        "s1l1 s1l2 s2l1 s2l2", "s8l1 s7l1 s6l1 s5l1",
        "s1l3 s1l4 s2l3 s2l4", "s8l2 s7l2 s6l2 s5l2",
        "s3l1 s3l2 s4l1 s4l2", "s8l3 s7l3 s6l3 s5l3",
        "s3l3 s3l4 s4l3 s4l4", "s8l4 s7l4 s6l4 s5l4",
    ),
    "dragon_head_phoenix_tail_from_the_left": _expect(
        "s8l1 s8l2 s7l1 s7l2", "s1l1 s2l1 s3l1 s4l1",
        "s8l3 s8l4 s7l3 s7l4", "s1l2 s2l2 s3l2 s4l2",
        "s6l1 s6l2 s5l1 s5l2", "s1l3 s2l3 s3l3 s4l3",
        "s6l3 s6l4 s5l3 s5l4", "s1l4 s2l4 s3l4 s4l4",
    ),
}  # fmt: skip


def _style_test(style: str) -> None:
    delivered = deliver(LABELS, DeliveryStyle(style))  # type: ignore[arg-type]
    assert [sorted(hand) for hand in delivered] == [sorted(h) for h in STYLES[style]]


def test_621a_9_1_house_way_from_the_left() -> None:
    """621a.9(1): the first stack on the dealer's left to the starting position, then the
    others from left to right."""
    _style_test("house_way_from_the_left")


def test_621a_9_2_cup_say_from_the_right() -> None:
    """621a.9(2): the first two stacks on the right: the top two of each to the starting
    position, the four left to the next; then the next two stacks the same way."""
    _style_test("cup_say_from_the_right")


def test_621a_9_3_cup_say_from_the_left() -> None:
    """621a.9(3): as (2), from the dealer's left."""
    _style_test("cup_say_from_the_left")


def test_621a_9_4_jung_quat() -> None:
    """621a.9(4): the two centre stacks (fourth from each side) first, then the new centre
    stacks, until all eight are delivered."""
    _style_test("jung_quat")


def test_621a_9_5_chee_yee() -> None:
    """621a.9(5): the end stacks (first on the right and on the left), then the next ends."""
    _style_test("chee_yee")


def test_621a_9_6_pin_say_from_the_right() -> None:
    """621a.9(6): the top tile of each of the four stacks on the right (the diagonal tile
    and the three it covers) to the starting position, of the four on the left to the next,
    level by level."""
    _style_test("pin_say_from_the_right")


def test_621a_9_7_pin_say_from_the_left() -> None:
    """621a.9(7): as (6), from the left."""
    _style_test("pin_say_from_the_left")


def test_621a_9_8_dragon_head_phoenix_tail_from_the_right() -> None:
    """621a.9(8): dragon head from the right, phoenix tail from the left, alternately."""
    _style_test("dragon_head_phoenix_tail_from_the_right")


def test_621a_9_9_dragon_head_phoenix_tail_from_the_left() -> None:
    """621a.9(9): as (8), the head from the left."""
    _style_test("dragon_head_phoenix_tail_from_the_left")


def test_621a_9_the_style_delivers_at_the_table() -> None:
    """621a.9: a style chosen by the dealer delivers the round's tiles, and one the Rules
    Submission does not list is refused."""
    stacks = stacks_from({})
    rnd = open_round(stacks=stacks, delivery_styles=["jung_quat"])
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, ChooseDelivery(style="chee_yee"), DEALER).cite == "621a.9"
    chosen = rnd.handle(ChooseDelivery(style="jung_quat"), DEALER)[0]
    assert chosen.cite == "621a.9(4)"
    rnd.handle(ShakeDice(faces=(3, 3, 3)), DEALER)
    deliveries = of_type(rnd.handle(DealTiles(), DEALER), TilesDelivered)[0].deliveries
    # The dealer (count 9) takes the top two of stacks 4 and 5.
    expected = [*stacks[12:14], *stacks[16:18]]
    assert deliveries[0].position == "dealer"
    assert sorted(deliveries[0].tiles) == sorted(expected)


# --- 621a.10 -------------------------------------------------------------------------------
def _full_table() -> PaiGowRound:
    """The dealer: 1-3 2-2 4-6 1-4 (set high 1-3 1-4 = 9, low 2-2 4-6 = 4, below).
    Seat 6 wins, seat 4 ties (h)(2), seat 3 ties (h)(1), seat 1 loses."""
    hands = {
        "dealer": ["1-3", "2-2", "4-6", "1-4"],
        "6": ["5-5", "5-5", "1-6", "3-5"],
        "4": ["5-6", "4-6", "2-2", "1-5"],
        "3": ["6-6", "6-6", "2-3", "2-5"],
        "1": ["3-3", "1-5", "3-4", "2-6"],
    }
    rnd = open_round(hands, seats={1: "a", 3: "b", 4: "c", 6: "d"})
    deal(rnd, {1: TEN, 3: TEN, 4: TEN, 6: TEN})
    set_hands(rnd, 6, "5-5", "5-5")  # pair of Tens / 1-6 3-5 = 15 -> 5
    set_hands(rnd, 4, "5-6", "2-2")  # 5-6 2-2 = 15 -> 5 / 4-6 1-5 = 16 -> 6
    set_hands(rnd, 3, "6-6", "6-6")  # pair of Twelves / 2-3 2-5 = 12 -> 2
    set_hands(rnd, 1, "3-3", "3-4")  # 3-3 3-4 = 3 / 1-5 2-6 = 14 -> 4
    return rnd


def test_621a_10_a_setting_must_use_the_four_tiles_dealt() -> None:
    """621a.10(a): each player sets two of his four tiles together; a setting with other
    tiles is refused (bad input) and changes nothing."""
    rnd = open_round({"6": ["5-5", "5-5", "1-6", "3-5"]})
    deal(rnd, {6: TEN})
    error = refused(rnd, SetHands(seat=6, together=("6-6", "5-5")), 6)
    assert error.cite == "621a.10(a)"
    refused(rnd, SetHands(seat=6, together=("1-6", "1-6")), 6)
    refused(rnd, SetHands(seat=6, together=("5-5", "nine")), 6)
    refused(rnd, SetHands(seat=6, together=("5-5", "5-5")), 1)
    set_hands(rnd, 6, "1-6", "3-5")
    assert rnd.state.settings[6].high_rank.pair == 6  # the Tens are the high hand


def test_621a_10_b_assistance_shows_the_house_way() -> None:
    """621a.10(b): a player who asks is told how the house sets the dealer's hands; only
    that player sees it."""
    rnd = open_round({"6": ["6-6", "6-6", "4-5", "2-3"]})
    deal(rnd, {6: TEN, 1: TEN})
    shown = rnd.handle(RequestHouseWay(seat=6), 6)[0]
    assert isinstance(shown, HouseWayShown) and shown.cite == "621a.10(b)"
    # 621a.10(d)(2): play the pair: the Twelves together.
    assert [t.code for t in shown.high] == ["6-6", "6-6"]
    assert rnd.view(6)["house_way_shown"]["6"]["high"] == ["6-6", "6-6"]
    assert "house_way_shown" not in rnd.view(1) or rnd.view(1)["house_way_shown"] == {}


def test_621a_10_c_dealer_sets_after_the_players() -> None:
    """621a.10(c): the dealer's tiles are turned over only after every player has set."""
    rnd = open_round({"dealer": ["1-3", "2-2", "4-6", "1-4"]})
    deal(rnd, {1: TEN, 3: TEN})
    assert rnd.view(1)["dealer_tiles"] is None
    assert refused(rnd, SetDealerHands(), DEALER).cite == "621a.10(c)"
    for seat in (3, 1):
        s = REGULATION.set(rnd.tiles_of(seat))
        set_hands(rnd, seat, s.high[0].code, s.high[1].code)
    rnd.handle(SetDealerHands(), DEALER)
    assert rnd.view(1)["dealer_tiles"] == ["1-3", "2-2", "4-6", "1-4"]


def test_621a_10_d_1_supreme_pair() -> None:
    """621a.10(d)(1): the Supreme Pair is played as the Supreme Pair."""
    # 2-4 1-2 6-6 5-5: the Supreme Pair and 6-6 5-5 = 22 -> 2 (splitting could make 8/6).
    s = REGULATION.set(["2-4", "6-6", "1-2", "5-5"])
    assert sorted(t.code for t in s.high) == ["1-2", "2-4"]


def test_621a_10_d_2_a_pair_wong_or_gong() -> None:
    """621a.10(d)(2): a pair, Wong or Gong is played if possible; where two are possible
    the text does not choose: the default keeps the higher high hand, the
    ``regulation_low_first`` way the higher low hand (docs/interpretations.md)."""
    # 6-6 6-6 4-5 2-3: the Twelves / 4-5 2-3 = 14 -> 4, or a Wong / 6-6 2-3 = 17 -> 7.
    s = REGULATION.set(["6-6", "6-6", "4-5", "2-3"])
    assert [t.code for t in s.high] == ["6-6", "6-6"]
    s = REGULATION_LOW_FIRST.set(["6-6", "6-6", "4-5", "2-3"])
    assert sorted(t.code for t in s.high) == ["4-5", "6-6"]
    assert rank_hand(*s.low).value == 7
    # 1-1 4-4 2-5 3-6: a Gong / 2-5 3-6 = 16 -> 6 or a Wong / 4-4 2-5 = 15 -> 5.
    s = REGULATION.set(["1-1", "4-4", "2-5", "3-6"])
    assert sorted(t.code for t in s.high) == ["1-1", "3-6"]  # the Wong ranks higher
    s = REGULATION_LOW_FIRST.set(["1-1", "4-4", "2-5", "3-6"])
    assert sorted(t.code for t in s.high) == ["1-1", "4-4"]  # the Gong, with a 6 low


def test_621a_10_d_3_nine_eight_or_seven() -> None:
    """621a.10(d)(3): with no pair, two tiles of value 9, 8 or 7 together; of several, the
    default the higher high hand, the other reading the higher low hand."""
    # 1-3 2-2 4-6 1-4: 1-3 2-2 = 8 / 4-6 1-4 = 5; 2-2 1-4 = 9 / 1-3 4-6 = 4;
    # 1-3 1-4 = 9 (topped by the Four 1-3, 4th) / 2-2 4-6 = 4 (topped by 2-2, 7th).
    s = REGULATION.set(["1-3", "2-2", "4-6", "1-4"])
    assert sorted(t.code for t in s.high) == ["1-3", "1-4"]
    s = REGULATION_LOW_FIRST.set(["1-3", "2-2", "4-6", "1-4"])
    assert sorted(t.code for t in s.high) == ["1-3", "2-2"]


def test_621a_10_d_4_highest_with_lowest() -> None:
    """621a.10(d)(4): otherwise the highest-ranking tile with the lowest-ranking tile."""
    # 6-6 1-1 1-3 5-5: 6-6 1-1 = 14 -> 4 / 1-3 5-5 = 14 -> 4; 6-6 1-3 = 6 / 1-1 5-5 = 2;
    # 6-6 5-5 = 2 / 1-1 1-3 = 6: no pair and no 7-9. Highest 6-6 (1st), lowest 5-5 (5th).
    s = REGULATION.set(["6-6", "1-1", "1-3", "5-5"])
    assert sorted(t.code for t in s.low) == ["5-5", "6-6"]
    assert sorted(t.code for t in s.high) == ["1-1", "1-3"]


def test_621a_10_e_surrender_before_exposure() -> None:
    """621a.10(e): after the dealer sets, a player may surrender before his hands are
    exposed: the wager is collected and the tiles are never shown."""
    rnd = _full_table()
    assert refused(rnd, Surrender(seat=1), 1).cite == "621a.10(e)"
    rnd.handle(SetDealerHands(), DEALER)
    given_up = rnd.handle(Surrender(seat=1), 1)[0]
    assert given_up.outcome is Outcome.SURRENDER and given_up.returned == 0
    events = rnd.handle(SettleWagers(), DEALER)
    assert 1 not in [e.seat for e in of_type(events, HandsExposed)]
    assert "1" not in rnd.view(3)["hands"] or rnd.view(3)["hands"]["1"] == "set"


def test_621a_10_f_exposed_from_the_dealers_right() -> None:
    """621a.10(f): hands are exposed from the dealer's right, counterclockwise, high to
    high and low to low."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    assert [e.seat for e in of_type(events, HandsExposed)] == [6, 4, 3, 1]


def test_621a_10_g_lose() -> None:
    """621a.10(g): neither hand higher: the wager loses."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    # Seat 1: 4 (1-5 2-6) against 9, 3 (3-3 3-4) against 4.
    assert settled(rnd)[1].outcome is Outcome.LOSE
    assert settled(rnd)[1].cite == "621a.10(g)"


def test_621a_10_h_1_high_higher_low_not() -> None:
    """621a.10(h)(1): high hand higher, low hand not: a tie."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    # Seat 3: pair of Twelves against 9; 2 against 4.
    assert settled(rnd)[3].outcome is Outcome.PUSH


def test_621a_10_h_2_low_higher_high_not() -> None:
    """621a.10(h)(2): high hand not higher, low hand higher: a tie."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    # Seat 4: 6 (4-6 1-5) against 9; 5 (5-6 2-2) against 4.
    assert settled(rnd)[4].outcome is Outcome.PUSH


def test_621a_10_i_tie_returned() -> None:
    """621a.10(i): a tied wager is returned."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    assert settled(rnd)[3].returned == TEN and settled(rnd)[3].won == 0


def test_621a_10_j_win_paid_after_exposure() -> None:
    """621a.10(j): both hands higher: the wager wins, paid after every hand is exposed."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    win = settled(rnd)[6]
    assert win.outcome is Outcome.WIN and win.odds == Fraction(1)
    last_exposure = max(i for i, e in enumerate(events) if isinstance(e, HandsExposed))
    assert events.index(win) > last_exposure
    assert isinstance(events[-1], RoundCompleted)


def test_621a_10_k_vigorish() -> None:
    """621a.10(k): 1 to 1 less 5% of the amount won, optionally rounded up to 25 cents."""
    assert vigorish(1000) == 50  # 5% of $10
    assert vigorish(510) == 26  # 25.5 cents: the net payout rounds down
    assert vigorish(510, to_quarter=True) == 50  # 25.5 cents up to 50
    assert vigorish(100, to_quarter=True) == 25  # 5 cents up to 25
    assert vigorish(500, to_quarter=True) == 25
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    assert settled(rnd)[6].won == 950
    vig = of_type(rnd.events, VigorishCollected)[0]
    assert (vig.seat, vig.won, vig.amount) == (6, 1000, 50)


def test_621a_10_k_quarter_rounding_at_the_table() -> None:
    """621a.10(k): with the rounding chosen, $7 wins $7 less 50 cents (35 cents up)."""
    hands = {"dealer": ["1-3", "2-2", "4-6", "1-4"], "6": ["5-5", "5-5", "1-6", "3-5"]}
    rnd = open_round(hands, vigorish_to_quarter=True)
    deal(rnd, {6: 700})
    set_hands(rnd, 6, "5-5", "5-5")
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    assert settled(rnd)[6].won == 650


def test_621a_10_l_every_hand_can_be_reconstructed() -> None:
    """621a.10(l): the tiles are kept so that each hand can be reconstructed: the events
    rebuild every position's tiles and settings."""
    rnd = _full_table()
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    again = PaiGowRound.replay(PaiGowRound.events_from_json(PaiGowRound.events_to_json(rnd.events)))
    assert again.view(DEALER) == rnd.view(DEALER)
    assert [t.code for t in again.tiles_of(4)] == ["5-6", "4-6", "2-2", "1-5"]


# --- 621a.11: player banking ------------------------------------------------------------------
def _context(**kw: object) -> TableContext:
    base: dict[str, object] = {
        "start_of_game": False,
        "bank_offer_from": 6,
        "last_dealer_round_wagers": {"ann": TEN, "bo": 2000, "cy": TEN},
        "cite": "621a.11(c)",
    }
    base.update(kw)
    return TableContext(**base)  # type: ignore[arg-type]


def test_621a_11_a_only_when_offered() -> None:
    """621a.11(a): players may bank only where the Rules Submission offers it."""
    rnd = open_round(context=_context())
    assert refused(rnd, TakeBank(seat=6, chips=10_000), 6).cite == "621a.11(a)"


def test_621a_11_b_no_bank_at_the_start_of_the_game() -> None:
    """621a.11(b): a player may not be the bank at the start of the game."""
    rnd = open_round(**BANKING)
    assert rnd.state.phase.value == "mixing"
    assert refused(rnd, TakeBank(seat=6, chips=10_000), 6).cite == "621a.11(b)"


@pytest.mark.parametrize("chips", [0, -500, 25.5, "100"])
def test_621a_11_d_2_a_malformed_bank_is_refused_as_such_in_any_phase(chips: object) -> None:
    """621a.11(d)(2): the bank must have "sufficient value chips on the table to cover"
    the wagers, a positive number of cents. Chips that are no amount at all are refused
    as such, citing (d)(2), even in a round where no bank is offered (621a.11(b))."""
    rnd = open_round(**BANKING)
    assert rnd.state.phase.value == "mixing"  # the start of the game: no bank offered
    error = refused(rnd, TakeBank(seat=6, chips=chips), 6)
    assert isinstance(error, InvalidAmount)
    assert error.cite == "621a.11(d)(2)"
    assert "the bank's chips" in str(error)


def test_621a_11_c_offered_in_rotation_and_not_twice_running() -> None:
    """621a.11(c): the bank is offered counterclockwise from the first position; a player
    may not bank two consecutive rounds (refused, cited)."""
    rnd = open_round(context=_context(previous_bank="cy"), **BANKING)
    # Seat 6 (cy) banked last round: passed over; the offer goes to seat 3 (bo).
    passed = of_type(rnd.events, BankPassed)[0]
    assert (passed.seat, passed.cite) == (6, "621a.11(c)")
    assert of_type(rnd.events, BankOffered)[0].seat == 3
    assert refused(rnd, TakeBank(seat=6, chips=10_000), 6).cite == "621a.11(c)"
    rnd.handle(PassBank(seat=3), 3)
    assert rnd.state.offered == 1
    events = rnd.handle(PassBank(seat=1), 1)
    assert isinstance(events[-1], BankNotTaken)


def test_621a_11_c_the_first_offer_rotates() -> None:
    """621a.11(c): the first offer moves one position counterclockwise each round, back to
    the dealer after the last position; the start of the game offers none."""
    table = PaiGowTable(PaiGowRules(**BANKING))
    seats = {1: "ann", 3: "bo", 6: "cy"}
    first = table.open_round(seats, SeededRng(1))
    assert first.state.phase.value == "mixing"  # 621a.11(b)
    _play_out(first, {1: TEN, 3: TEN, 6: TEN})
    table.finish(first)
    offers = []
    for k in range(8):
        rnd = table.open_round(seats, SeededRng(10 + k))
        assert rnd.state.context is not None
        offers.append(rnd.state.context.bank_offer_from)
        if rnd.state.phase.value == "bank_offer":
            while rnd.state.phase.value == "bank_offer":
                seat = rnd.state.offered
                assert seat is not None
                rnd.handle(PassBank(seat=seat), seat)
        _play_out(rnd, {1: TEN, 3: TEN, 6: TEN})
        table.finish(rnd)
    assert offers == [6, 5, 4, 3, 2, 1, None, 6]


def test_621a_11_d_1_must_have_wagered_against_the_dealer() -> None:
    """621a.11(d)(1): only a player who wagered against the dealer in the last round
    without a player bank may bank."""
    rnd = open_round(context=_context(last_dealer_round_wagers={"bo": TEN}), **BANKING)
    passed = of_type(rnd.events, BankPassed)
    assert [(p.seat, p.cite) for p in passed] == [(6, "621a.11(d)(1)")]
    assert rnd.state.offered == 3


def test_621a_11_d_2_bank_must_cover() -> None:
    """621a.11(d)(2): the bank must cover every wager: one it cannot cover is refused."""
    rnd = open_round(context=_context(), dealer_wager_against_bank=0, **BANKING)
    rnd.handle(TakeBank(seat=6, chips=2500), 6)
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(DeclineCut(seat=6), 6)
    rnd.handle(PlaceWager(seat=3, amount=2000), 3)
    error = refused(rnd, PlaceWager(seat=1, amount=1000), 1)
    assert error.cite == "621a.11(d)(2)"
    # $25 of chips less the $20 wagered covers $5 more: $5 of the $10 would be uncovered.
    assert "it covers $5 more, so $5 of the $10 would be uncovered" in str(error)
    rnd.handle(PlaceWager(seat=1, amount=500), 1)


def test_621a_11_e_co_banking() -> None:
    """621a.11(e): co-banking: the dealer sets the bank's hand by the Rules Submission's
    way and places no wager against the bank."""
    hands = {
        "dealer": ["5-5", "5-5", "1-6", "3-5"],
        "6": ["6-6", "6-6", "4-5", "2-3"],
        "3": ["1-3", "2-2", "4-6", "1-4"],
    }
    # The bank is seat 6; nine counted from it ends at seat 6 itself.
    order = ("6", "5", "4", "3", "2", "1", "dead_hand", "dealer")
    rnd = open_round(
        stacks=stacks_from(hands, order),
        context=_context(),
        co_banking=True,
        co_bank_way="casino",
        **BANKING,
    )
    rnd.handle(TakeBank(seat=6, chips=50_000, co_bank=True), 6)
    rnd.handle(MixTiles(), DEALER)
    cut = rnd.handle(DeclineCut(seat=6), 6)
    assert not of_type(cut, DealerWagerPlaced)
    rnd.handle(PlaceWager(seat=3, amount=TEN), 3)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(3, 3, 3)), 6)
    events = rnd.handle(DealTiles(), DEALER)
    assert "dealer" in of_type(events, StacksCollected)[0].positions
    set_hands(rnd, 3, "1-3", "1-4")
    set_by_dealer = of_type(rnd.handle(SetDealerHands(), DEALER), HandsSet)[0]
    assert set_by_dealer.by_dealer and set_by_dealer.cite == "621a.11(e)"
    # The casino way splits the Twelves: 6-6 4-5 (a Wong) / 6-6 2-3 (17 -> 7) reaches
    # 6/8 or better, and the pair kept (Twelves / 4-5 2-3 = 4) is not higher in both.
    assert sorted(t.code for t in set_by_dealer.high) == ["4-5", "6-6"]
    assert sorted(t.code for t in set_by_dealer.low) == ["2-3", "6-6"]


def test_621a_11_f_bank_on_one_area_only() -> None:
    """621a.11(f): a player on two betting areas may not bank."""
    rnd = open_round(
        seats={5: "bo", 6: "bo", 1: "ann"},
        context=_context(),
        adjacent_boxes=2,
        **BANKING,
    )
    passed = of_type(rnd.events, BankPassed)[0]
    assert (passed.seat, passed.cite) == (6, "621a.11(f)")


def test_621a_11_g_the_cut() -> None:
    """621a.11(g): the bank may cut once: adjacent stacks to one end, or split between the
    two ends; other moves are refused."""
    stacks = stacks_from({})
    rnd = open_round(stacks=stacks, context=_context(), **BANKING)
    rnd.handle(TakeBank(seat=6, chips=50_000), 6)
    rnd.handle(MixTiles(), DEALER)
    assert refused(rnd, CutTiles(seat=6, right=(2, 4)), 6).cite == "621a.11(g)"
    assert refused(rnd, CutTiles(seat=3, right=(7, 8)), 3).cite == "621a.11(g)"
    rnd.handle(CutTiles(seat=6, right=(7,), left=(6,)), 6)
    # Stack 7 to the right end, 6 to the left: 7, 1, 2, 3, 4, 5, 8, 6.
    order = [7, 1, 2, 3, 4, 5, 8, 6]
    assert rnd.view(DEALER)["stacks"] == [
        [t.code for t in stacks[4 * (s - 1) : 4 * s]] for s in order
    ]
    assert refused(rnd, DeclineCut(seat=6), 6).cite == "621a.11(g)"


def test_621a_11_h_the_dealers_wager_against_the_bank() -> None:
    """621a.11(h): the dealer wagers the bank's last wager against the dealer; the bank may
    direct less or none."""
    rnd = open_round(context=_context(bank_offer_from=3), **BANKING)
    rnd.handle(TakeBank(seat=3, chips=50_000), 3)  # seat 3 (bo) last wagered $20
    rnd.handle(MixTiles(), DEALER)
    placed = of_type(rnd.handle(DeclineCut(seat=3), 3), DealerWagerPlaced)[0]
    assert (placed.amount, placed.cite) == (2000, "621a.11(h)")
    assert refused(rnd, DirectDealerWager(seat=3, amount=3000), 3).cite == "621a.11(h)"
    rnd.handle(DirectDealerWager(seat=3, amount=500), 3)
    assert rnd.state.dealer_wager == 500


@pytest.mark.parametrize("amount", [-1, 2.5, "500", None, True])
def test_621a_11_h_a_malformed_dealers_wager_is_refused_as_such_in_any_phase(
    amount: object,
) -> None:
    """621a.11(h): the wager the bank directs is whole cents, zero or more. One that is
    no amount at all is refused as such, citing (h), even where no bank may direct one
    (the start of the game), as the bank's chips are (621a.11(d)(2)); a fresh tester
    found -1 refused for the phase."""
    rnd = open_round(**BANKING)
    assert rnd.state.phase.value == "mixing"  # no bank, no dealer's wager yet
    error = refused(rnd, DirectDealerWager(seat=6, amount=amount), 6)
    assert error.cite == "621a.11(h)"
    assert "the dealer's wager must be a whole number of cents, zero or more" in str(error)


BANK_ORDER = ("4", "3", "2", "1", "dead_hand", "dealer", "6", "5")
"""Eight counted from the bank at seat 3 (621a.11(j)): 3, 2, 1, Dead Hand, dealer, 6, 5,
4: seat 4 receives the first stack."""


def _banked(hands: dict[str, list[str]], **rules: object) -> PaiGowRound:
    stacks = stacks_from(hands, BANK_ORDER)
    rnd = open_round(stacks=stacks, context=_context(bank_offer_from=3), **BANKING, **rules)  # type: ignore[arg-type]
    rnd.handle(TakeBank(seat=3, chips=50_000), 3)
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(DeclineCut(seat=3), 3)
    return rnd


def test_621a_11_i_the_bank_chooses_the_style_and_shakes() -> None:
    """621a.11(i): after "no more bets" the bank may choose the style and shakes; the dealer
    may not shake for it; a lid removed by the bank means a reshake."""
    rnd = _banked({})
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert refused(rnd, ShakeDice(faces=(3, 3, 3)), DEALER).cite == "621a.11(i)"
    chosen = rnd.handle(ChooseDelivery(style="chee_yee"), 3)[0]
    assert chosen.by == "bank"
    rnd.handle(ShakeDice(faces=(1, 2, 3)), 3)
    lid = rnd.handle(DeclareIrregularity(irregularity=Irregularity.BANK_REMOVED_LID), DEALER)
    assert isinstance(lid[0], NoRoll) and lid[0].cite == "621a.11(i)"
    rnd.handle(ShakeDice(faces=(1, 2, 3)), 3)


def test_621a_11_j_counted_from_the_bank() -> None:
    """621a.11(j): the count starts at the bank as number one."""
    rnd = _banked({})
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(1, 1, 1)), 3)
    counted = of_type(rnd.handle(DealTiles(), DEALER), StartingPositionCounted)[0]
    # Bank at seat 3 is 1, seat 2 is 2, seat 1 is 3.
    assert (counted.counted_from, counted.position, counted.cite) == ("3", "1", "621a.11(j)")


def test_621a_11_k_dealt_in_the_chosen_style_from_the_start() -> None:
    """621a.11(k): the first four tiles, in the selected style, go to the starting position,
    then counterclockwise."""
    stacks = stacks_from({})
    rnd = open_round(stacks=stacks, context=_context(bank_offer_from=3), **BANKING)
    rnd.handle(TakeBank(seat=3, chips=50_000), 3)
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(DeclineCut(seat=3), 3)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ChooseDelivery(style="house_way_from_the_left"), 3)
    rnd.handle(ShakeDice(faces=(1, 1, 1)), 3)
    deliveries = of_type(rnd.handle(DealTiles(), DEALER), TilesDelivered)[0].deliveries
    assert deliveries[0].position == "1"
    assert list(deliveries[0].tiles) == list(stacks[28:32])  # stack 8, the dealer's left


def test_621a_11_l_empty_positions_collected() -> None:
    """621a.11(l): stacks of positions with no wager (the dealer's, if he has none) go to
    the Dead Hand unseen."""
    rnd = _banked({})
    rnd.handle(DirectDealerWager(seat=3, amount=0), 3)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(1, 1, 1)), 3)
    collected = of_type(rnd.handle(DealTiles(), DEALER), StacksCollected)[0]
    assert collected.positions == ("dealer", "6", "5", "4", "2")
    assert collected.cite == "621a.11(l)"


def test_621a_11_m_shaker_covered() -> None:
    """621a.11(m): once dealt, the shaker is covered and shaken once."""
    rnd = _banked({})
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(1, 1, 1)), 3)
    assert rnd.handle(DealTiles(), DEALER)[-1].cite == "621a.11(m)"


BANK_HANDS = {
    "dealer": ["1-3", "2-2", "4-6", "1-4"],  # house way: 1-3 1-4 = 9 / 2-2 4-6 = 4
    "3": ["3-3", "1-5", "3-4", "2-6"],  # the bank: 1-5 2-6 = 4 / 3-3 3-4 = 3
    "6": ["5-5", "5-5", "1-6", "3-5"],  # pair of Tens / 5: beats the bank
    "1": ["6-6", "1-1", "1-3", "4-6"],  # 1-1 1-3 = 6 / 6-6 4-6 = 2: ties the bank
}


def test_621a_11_n_dealer_against_the_bank() -> None:
    """621a.11(n): the dealer sets, the bank's hands are exposed and the dealer's wager is
    settled against them first."""
    rnd = _banked(BANK_HANDS)  # the dealer wagers $20 (bo's last wager) against the bank
    rnd.handle(PlaceWager(seat=6, amount=4000), 6)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    rnd.handle(DealTiles(), DEALER)
    assert [t.code for t in rnd.tiles_of(3)] == BANK_HANDS["3"]
    set_hands(rnd, 6, "5-5", "5-5")
    set_hands(rnd, 3, "1-5", "2-6")
    set_hands(rnd, 1, "1-1", "1-3")
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    # Dealer 9 / 4 against the bank's 4 / 3: both higher: the dealer wins $20.
    dealer = of_type(events, DealerWagerSettled)[0]
    assert (dealer.outcome, dealer.won) == (Outcome.WIN, 2000)
    assert events.index(dealer) < events.index(of_type(events, HandsExposed)[1])
    # 621a.11(o): seat 6 wins $40 (vigorish $2), seat 1 ties. The centre holds nothing:
    # the bank pays $40 + $20 = $60; no surplus, no vigorish on it.
    bank = of_type(events, BankSettled)[0]
    assert (bank.centre, bank.paid, bank.from_bank, bank.vigorish, bank.net) == (
        0, 6000, 6000, 0, -6000
    )  # fmt: skip
    assert settled(rnd)[6].won == 3800
    assert settled(rnd)[1].outcome is Outcome.PUSH


def test_621a_10_b_the_player_bank_is_offered_the_house_way_for_its_own_hand() -> None:
    """621a.10(b): "each player" sets his own hands and "a player" who asks is told the
    house way; a player bank sets his own (621a.11(n): the bank's hands are his), so the
    bank is offered the request while his hand is to be set, it is answered, and the
    offer goes once he has set. His tiles 3-3 1-5 3-4 2-6 hold no Supreme Pair, pair,
    Wong or Gong and no two make 9, 8 or 7 (621a.10(d)(1)-(3)): the highest ranking,
    3-3 (sixth, 621a.4(f)), goes with the lowest, 3-4 (fourteenth): 3-3 3-4 = 3 low,
    1-5 2-6 = 4 high (621a.10(d)(4))."""

    def offered(rnd: PaiGowRound, actor: int) -> list[int]:
        commands = rnd.legal_commands(actor)
        return [o.values("seat")[0] for o in commands if o.command == "RequestHouseWay"]

    rnd = _banked(BANK_HANDS)
    rnd.handle(PlaceWager(seat=6, amount=4000), 6)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    assert offered(rnd, 3) == []  # no tiles yet
    rnd.handle(DealTiles(), DEALER)
    assert (offered(rnd, 3), offered(rnd, 6)) == ([3], [6])
    shown = rnd.handle(RequestHouseWay(seat=3), 3)
    assert len(shown) == 1 and isinstance(shown[0], HouseWayShown)
    assert shown[0].cite == "621a.10(b)"
    assert sorted(t.code for t in shown[0].high) == ["1-5", "2-6"]
    assert sorted(t.code for t in shown[0].low) == ["3-3", "3-4"]
    assert rnd.view(3)["house_way_shown"]["3"]["low"] == ["3-3", "3-4"]
    set_hands(rnd, 3, "3-3", "3-4")
    assert offered(rnd, 3) == [] and offered(rnd, 6) == [6]
    assert refused(rnd, RequestHouseWay(seat=3), 3).cite == "621a.10(b)"


def test_621a_11_o_surplus_pays_the_vigorish() -> None:
    """621a.11(o): losing wagers go to the centre, winners are paid from it, and the
    bank's surplus is charged 5%."""
    hands = {
        "dealer": ["1-3", "2-2", "4-6", "1-4"],  # 9 / 4
        "3": ["2-4", "1-2", "4-4", "4-4"],  # the bank: Supreme Pair / Eights
        "6": ["5-5", "5-5", "1-6", "3-5"],  # Tens / 5
        "1": ["3-3", "1-5", "3-4", "2-6"],  # 4 / 3
    }
    rnd = _banked(hands)
    rnd.handle(PlaceWager(seat=6, amount=4000), 6)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    rnd.handle(DealTiles(), DEALER)
    set_hands(rnd, 6, "5-5", "5-5")
    set_hands(rnd, 3, "2-4", "1-2")
    set_hands(rnd, 1, "1-5", "2-6")
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    # The bank's Supreme Pair and Eights beat everyone: $20 (dealer) + $40 + $10 = $70
    # to the centre, nothing to pay: a surplus of $70, 5% is $3.50; the bank gets $66.50.
    bank = of_type(events, BankSettled)[0]
    assert (bank.centre, bank.paid, bank.vigorish, bank.net) == (7000, 0, 350, 6650)
    assert of_type(events, DealerWagerSettled)[0].outcome is Outcome.LOSE


def test_621a_11_p_dealers_win_returned_to_the_inventory() -> None:
    """621a.11(p): a winning dealer's wager is paid and returned to the table inventory
    (no vigorish is charged on it)."""
    rnd = _banked(BANK_HANDS)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    rnd.handle(DealTiles(), DEALER)
    set_hands(rnd, 3, "1-5", "2-6")
    set_hands(rnd, 1, "1-1", "1-3")
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    dealer = of_type(events, DealerWagerSettled)[0]
    assert (dealer.outcome, dealer.amount, dealer.won) == (Outcome.WIN, 2000, 2000)
    assert "621a.11(p)" in dealer.cite
    assert [v.seat for v in of_type(events, VigorishCollected)] == []


def test_621a_11_q_players_pay_vigorish_on_wins_against_the_bank() -> None:
    """621a.11(q): a player who beats the bank pays 5% of the win to the dealer."""
    rnd = _banked(BANK_HANDS)
    rnd.handle(PlaceWager(seat=6, amount=4000), 6)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    rnd.handle(DealTiles(), DEALER)
    for seat in (6, 3):
        s = REGULATION.set(rnd.tiles_of(seat))
        set_hands(rnd, seat, s.high[0].code, s.high[1].code)
    rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    vig = [v for v in of_type(rnd.events, VigorishCollected) if v.seat is not None]
    for v in vig:
        assert v.amount == v.won * 5 // 100 and v.cite == "621a.11(q)"


def test_621a_11_r_co_bank_halves() -> None:
    """621a.11(r): under co-banking a shortfall is paid half by the co-bank and half by
    the house; a surplus is halved, the co-bank's half charged 5%."""
    hands = {
        "3": ["3-3", "1-5", "3-4", "2-6"],  # the co-bank: house way 1-5 2-6 = 4 / 3
        "6": ["5-5", "5-5", "1-6", "3-5"],  # wins
        "1": ["2-4", "1-2", "4-4", "4-4"],  # wins
    }
    rnd = open_round(
        stacks=stacks_from(hands, BANK_ORDER),
        context=_context(bank_offer_from=3),
        co_banking=True,
        **BANKING,
    )
    rnd.handle(TakeBank(seat=3, chips=50_000, co_bank=True), 3)
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(DeclineCut(seat=3), 3)
    rnd.handle(PlaceWager(seat=6, amount=4000), 6)
    rnd.handle(PlaceWager(seat=1, amount=1010), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(2, 3, 3)), 3)
    rnd.handle(DealTiles(), DEALER)
    set_hands(rnd, 6, "5-5", "5-5")
    set_hands(rnd, 1, "2-4", "1-2")
    rnd.handle(SetDealerHands(), DEALER)
    events = rnd.handle(SettleWagers(), DEALER)
    # Both win: $50.10 to pay, nothing in the centre: the co-bank pays $25.05 and the
    # house $25.05.
    bank = of_type(events, BankSettled)[0]
    assert (bank.paid, bank.from_bank, bank.house_share, bank.net) == (5010, 2505, 2505, -2505)


# --- 621a.12 ---------------------------------------------------------------------------------
def _shaken() -> PaiGowRound:
    rnd = open_round()
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(faces=(1, 2, 3)), DEALER)
    return rnd


def test_621a_12_a_dice_not_flat_no_roll() -> None:
    """621a.12(a): dice not all flat: "no roll", shaken again."""
    rnd = _shaken()
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.DICE_NOT_FLAT), DEALER)
    assert events[0].cite == "621a.12(a)"
    assert refused(rnd, DealTiles(), DEALER).cite == "621a.8(d)"
    rnd.handle(ShakeDice(faces=(4, 4, 4)), DEALER)


def test_621a_12_b_die_fell_out_no_roll() -> None:
    """621a.12(b): a die out of the shaker: "no roll", shaken again."""
    rnd = _shaken()
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.DIE_FELL_OUT), DEALER)
    assert isinstance(events[0], NoRoll) and events[0].cite == "621a.12(b)"


def test_621a_12_c_wrong_positions_void() -> None:
    """621a.12(c): tiles dealt to the wrong positions: every hand void, wagers returned."""
    rnd = _shaken()
    rnd.handle(DealTiles(), DEALER)
    events = rnd.handle(DeclareIrregularity(irregularity=Irregularity.WRONG_POSITIONS), DEALER)
    assert isinstance(events[0], RoundVoided) and events[0].cite == "621a.12(c)"
    assert settled(rnd)[1].outcome is Outcome.VOID and settled(rnd)[1].returned == TEN


def test_621a_12_d_exposed_player_tile_player_decides() -> None:
    """621a.12(d): a player's tile exposed: he decides, without seeing his other tiles,
    to void (wager returned) or play."""
    rnd = open_round({"1": ["6-6", "6-6", "1-1", "1-1"], "3": ["1-3", "2-2", "4-6", "1-4"]})
    deal(rnd, {1: TEN, 3: TEN})
    rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.TILE_EXPOSED, position="1", tile="1-1"),
        DEALER,
    )
    assert "1" not in rnd.view(1)["my_tiles"]
    assert rnd.view(3)["exposed_tiles"] == {"1": ["1-1"]}
    assert refused(rnd, SetHands(seat=1, together=("6-6", "6-6")), 1).cite == "621a.12(d)"
    events = rnd.handle(DecideExposedHand(seat=1, void=True), 1)
    assert events[-1].outcome is Outcome.VOID and events[-1].returned == TEN
    rnd.handle(
        DeclareIrregularity(irregularity=Irregularity.TILE_EXPOSED, position="3", tile="2-2"),
        DEALER,
    )
    rnd.handle(DecideExposedHand(seat=3, void=False), 3)
    set_hands(rnd, 3, "1-3", "1-4")
    assert rnd.state.phase.value == "dealer_setting"


def test_621a_12_e_exposed_dealer_or_dead_hand_tile_voids() -> None:
    """621a.12(e): a tile of the dealer, the Dead Hand or a position without a wager
    exposed: every hand is void."""
    for position in ("dealer", "dead_hand", "4"):
        rnd = open_round(
            {
                "dealer": ["6-6", "6-6", "1-1", "1-1"],
                "dead_hand": ["5-5", "5-5", "4-4", "4-4"],
                "4": ["3-3", "3-3", "2-2", "2-2"],
            }
        )
        deal(rnd, {1: TEN})
        tile = rnd.state.hands[position][0].code
        events = rnd.handle(
            DeclareIrregularity(
                irregularity=Irregularity.TILE_EXPOSED, position=position, tile=tile
            ),
            DEALER,
        )
        assert isinstance(events[1], RoundVoided) and events[1].cite == "621a.12(e)"
        assert settled(rnd)[1].returned == TEN


def test_621a_12_f_dealer_setting_reset_to_the_house_way() -> None:
    """621a.12(f): a dealer's setting that departs from the house way is reset by it."""
    rnd = open_round({"dealer": ["6-6", "6-6", "4-5", "2-3"]})
    deal(rnd, {1: TEN})
    s = REGULATION.set(rnd.tiles_of(1))
    set_hands(rnd, 1, s.high[0].code, s.high[1].code)
    events = rnd.handle(SetDealerHands(together=("6-6", "4-5")), DEALER)
    entered = of_type(events, DealerHandsSet)[0]
    reset = of_type(events, DealerHandsReset)[0]
    assert entered.rule == "entered" and reset.cite == "621a.12(f)"
    assert [t.code for t in reset.high] == ["6-6", "6-6"]
    assert rnd.view(None)["dealer_hands"]["high"] == ["6-6", "6-6"]


# --- 621a.13 ---------------------------------------------------------------------------------
def test_621a_13_a_adjacent_boxes_as_submitted() -> None:
    """621a.13(a): the Rules Submission sets how many adjacent boxes a player may hold."""
    with pytest.raises(RulesSubmissionError) as info:
        open_round(seats={2: "ann", 3: "ann"})
    assert info.value.cite == "621a.13(a)"
    with pytest.raises(RulesSubmissionError):
        open_round(seats={2: "ann", 4: "ann"}, adjacent_boxes=2)
    open_round(seats={2: "ann", 3: "ann"}, adjacent_boxes=2)


def test_621a_13_b_larger_wager_set_first() -> None:
    """621a.13(b): the hand with the larger wager is set first; equal wagers
    counterclockwise; a set hand may not be changed."""
    rnd = open_round(seats={2: "ann", 3: "ann", 6: "bo"}, adjacent_boxes=2)
    deal(rnd, {2: 2000, 3: TEN, 6: TEN})
    s3 = REGULATION.set(rnd.tiles_of(3))
    error = refused(rnd, SetHands(seat=3, together=(s3.high[0].code, s3.high[1].code)), 3)
    assert error.cite == "621a.13(b)"
    s2 = REGULATION.set(rnd.tiles_of(2))
    set_hands(rnd, 2, s2.high[0].code, s2.high[1].code)
    again = refused(rnd, SetHands(seat=2, together=(s2.low[0].code, s2.low[1].code)), 2)
    assert again.cite == "621a.13(b)"
    set_hands(rnd, 3, s3.high[0].code, s3.high[1].code)
    # Equal wagers: counterclockwise, the higher seat first.
    rnd2 = open_round(seats={2: "ann", 3: "ann"}, adjacent_boxes=2)
    deal(rnd2, {2: TEN, 3: TEN})
    s2 = REGULATION.set(rnd2.tiles_of(2))
    refused(rnd2, SetHands(seat=2, together=(s2.high[0].code, s2.high[1].code)), 2)


def test_621a_9_a_style_not_allowed_is_refused_in_the_regulations_names() -> None:
    """621a.9: the refusal of a style the Rules Submission does not list names it and the
    styles allowed as 621a.8(d) and 621a.9 name them (the standard delivery always), in
    words the browser and the API show as they are: no internal names."""
    rnd = open_round(stacks=stacks_from({}), delivery_styles=["jung_quat", "chee_yee"])
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(PlaceWager(seat=1, amount=TEN), 1)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    error = refused(rnd, ChooseDelivery(style="pin_say_from_the_right"), DEALER)
    assert error.cite == "621a.9"
    assert str(error.reason) == (
        "the Rules Submission does not allow Pin Say From the Right; allowed: the "
        "standard delivery, Jung Quat, Chee Yee"
    )


def test_621a_11_c_no_more_bets_waits_for_the_bank_offer_to_be_answered() -> None:
    """621a.11(c): while the bank is offered, "no more bets" is refused for the offer
    pending, not as announced already (it has not been)."""
    rnd = open_round(stacks=stacks_from({}), context=_context(bank_offer_from=3), **BANKING)  # type: ignore[arg-type]
    error = refused(rnd, AnnounceNoMoreBets(), DEALER)
    assert error.cite == "621a.11(c)"
    assert "already" not in str(error.reason)
    assert "the bank is being offered to seat 3" in str(error.reason)
