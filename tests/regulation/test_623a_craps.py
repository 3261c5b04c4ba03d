"""58 Pa. Code ch. 623a, Craps and Mini-Craps, worked by hand.

The chapter's text is not in the seeds: the sections are those the 2011 preamble describes
(623a.1 definitions, 623a.2 the tables, 623a.3 the wagers, 623a.4 making and removing
them, 623a.5 payout odds, 623a.6 odds, 623a.7 the dice, 623a.8 the throw, 623a.9
settlement, 623a.10 the shooter, 623a.11 the Fire Bet; 623a.12 Bonus Craps of the current
chapter; docs/interpretations.md, Craps). The odds are typed here from
../shared/games/craps-and-sic-bo.md, never taken from croupier's constants. Amounts are
in cents: 1_000 is $10.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from croupier.engine import DEALER, Event, Outcome, RoundCompleted, RoundVoided, WagerSettled
from croupier.errors import IllegalCommand, NotYourTurn, RulesSubmissionError
from croupier.game import WALLET, event_moves
from croupier.games.craps import (
    AnnounceNoMoreBets,
    CallRoll,
    CallWager,
    CommissionCollected,
    CrapsRound,
    DeclareIrregularity,
    DiceOffered,
    DiceSelected,
    DiceThrown,
    DiceToShooter,
    EndTurn,
    GiveUpDice,
    Irregularity,
    LeaveTable,
    NoRoll,
    OfferDice,
    Phase,
    PlaceWager,
    RemoveWager,
    Roll,
    RollCalled,
    SelectDice,
    ShooterDone,
    ThrowDice,
    VoidRound,
    WagerMoved,
    WagerPaid,
    WagerRemoved,
)
from croupier.games.craps.policy import SPEC
from croupier.registry import load, sign_for
from croupier.rng import SeededRng
from croupier.rules.base import validate
from croupier.rules.craps import CrapsRules, WagerKind, odds_limit
from croupier.signs import sign_text

EXAMPLES = Path(__file__).parents[2] / "examples" / "rules"


@dataclass(frozen=True)
class _Timings:
    betting_seconds: float | None = None
    decision_seconds: float | None = None
    optional_seconds: float | None = None
    physical_dice: bool = True
    offer_cut: bool = False


_TIMINGS = _Timings()


def rules(**fields: Any) -> CrapsRules:
    return validate(CrapsRules, {"game": "craps", **fields})


def refused_rules(cite: str, **fields: Any) -> str:
    with pytest.raises(RulesSubmissionError) as info:
        rules(**fields)
    assert info.value.cite == cite, str(info.value)
    return str(info.value)


# --- the Rules Submission ----------------------------------------------------------------
def test_623a_2_craps_and_mini_craps_tables() -> None:
    """A Craps table has 14 positions by default (at most 20), a Mini-Craps table 9 (at
    most 9); a tenth position at Mini-Craps is refused."""
    assert rules().seat_count() == 14
    assert rules(table="mini_craps").seat_count() == 9
    assert rules(positions=20).seat_count() == 20
    assert "1 to 9" in refused_rules("623a.2", table="mini_craps", positions=10)
    refused_rules("623a.2", positions=21)
    refused_rules("623a.2", positions=0)


def test_623a_3_wagers_offered_and_the_bar() -> None:
    """A table offers the wagers it lists, in one canonical order; it must offer Pass or
    Don't Pass (the shooter's wager on the come-out, 623a.10); the Don't bar is 12 or 2."""
    mini = rules(wagers=["field", "pass"])
    assert mini.wagers == (WagerKind.PASS, WagerKind.FIELD)
    assert mini.sha256() == rules(wagers=["pass", "field"]).sha256()
    assert not mini.offers(WagerKind.FIRE_BET)
    assert set(rules().wagers) == set(WagerKind)
    refused_rules("623a.10", wagers=["field"])
    refused_rules("623a.3", wagers=["pass", "pass"])
    assert rules(dont_bar=2).dont_bar == 2
    refused_rules("623a.3", dont_bar=3)
    refused_rules("601a.2", dont_bar=True)  # a whole number, not a yes/no


def test_623a_5_the_minimum_odds_and_paying_more() -> None:
    """The minimums of the common practice: Place 6 pays 7 to 6, the Field 2 to 1 on 2
    and 12. An operator may pay 3 to 1 on 12 (more), never 3 to 2 on Place 6 (less)."""
    default = rules()
    assert default.odds_of("place:6") == Fraction(7, 6)
    assert default.odds_of("place:4") == Fraction(9, 5)
    assert default.odds_of("place_to_lose:4") == Fraction(5, 11)
    assert default.odds_of("field:2") == default.odds_of("field:12") == 2
    assert default.odds_of("hard:8") == 9 and default.odds_of("hard:10") == 7
    richer = rules(payouts={"field:12": "3 to 1", "place:6": "7/5"})
    assert richer.odds_of("field:12") == 3 and richer.odds_of("place:6") == Fraction(7, 5)
    assert richer.payouts == {"field:12": "3 to 1", "place:6": "7 to 5"}
    message = refused_rules("623a.5", payouts={"place:6": "1 to 1"})
    assert "never less" in message and "7 to 6" in message
    refused_rules("623a.5", payouts={"pass": "2 to 1"})  # even money, not posted
    refused_rules("623a.5", payouts={"field:2": 3})
    refused_rules("623a.5", payouts={"field:2": "lots"})


def test_623a_6_odds_limits() -> None:
    """1x to 100x and 3-4-5x (3x on 4 and 10, 4x on 5 and 9, 5x on 6 and 8)."""
    assert odds_limit("3-4-5x").multiples == {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
    assert odds_limit("100x").multiple(6) == 100
    assert odds_limit("1x").multiple(4) == 1
    for bad in ("0x", "101x", "3-4-5", "2", "x"):
        refused_rules("623a.6", odds_limit=bad)


def test_623a_5_buy_and_lay_commission_choices() -> None:
    """5% (at most), charged up front or only on a win; 6% is refused."""
    assert rules().commission_rate == Fraction(1, 20)
    assert rules(buy_commission="on_win", lay_commission="up_front").buy_commission == "on_win"
    assert rules(commission_percent=0).commission_rate == 0
    refused_rules("623a.5", commission_percent=6)
    refused_rules("601a.2", buy_commission="sometimes")


def test_623a_11_fire_bet_tiers_and_limits() -> None:
    """Table a: 4, 5, 6 points pay 24, 249, 999 to 1; table b: 3, 4, 5, 6 points pay 6,
    29, 149, 299 to 1 (7, 30, 150, 300 "for 1"); a custom table rises with the points and
    pays for six; the Fire Bet's least and most amounts."""
    assert rules().fire_tiers == {4: 24, 5: 249, 6: 999}
    assert rules(fire_bet_paytable="b").fire_tiers == {3: 6, 4: 29, 5: 149, 6: 299}
    custom = rules(fire_bet_paytable="custom", custom_fire_bet={"6": "500 to 1", "4": "20/1"})
    assert custom.fire_tiers == {4: 20, 6: 500}
    refused_rules("623a.11", fire_bet_paytable="custom")
    refused_rules("623a.11", custom_fire_bet={"6": "500 to 1"})
    refused_rules(
        "623a.11", fire_bet_paytable="custom", custom_fire_bet={"4": "30 to 1", "6": "20 to 1"}
    )
    refused_rules("623a.11", fire_bet_paytable="custom", custom_fire_bet={"5": "30 to 1"})
    refused_rules(
        "623a.11", fire_bet_paytable="custom", custom_fire_bet={"7": "3 to 1", "6": "9 to 1"}
    )
    refused_rules("623a.11", fire_bet_minimum=2_000, fire_bet_maximum=1_000)
    refused_rules("623a.12", bonus_minimum=0)


def test_623a_4_limits_and_payout_limit() -> None:
    refused_rules("623a.4", minimum_wager=1_000, maximum_wager=500)
    refused_rules("623a.5", payout_limit=0)
    assert "at most $10,000 paid" in rules(payout_limit=1_000_000).describe_limits()


# --- the round -----------------------------------------------------------------------------
TEN = 1_000
"""$10, in cents."""


def open_round(
    seats: dict[int, str] | None = None,
    *,
    physical: bool = True,
    after: int | None = None,
    **fields: Any,
) -> CrapsRound:
    """A round whose dealer enters the reading of physical dice (unless ``physical`` is
    False: the RNG throws)."""
    return CrapsRound.open(
        rules(**fields),
        table_id="T1",
        round_id="R1",
        seats=seats or {1: "ann"},
        rng=SeededRng(0),
        physical_dice=physical,
        after=after,
    )


def bet(rnd: CrapsRound, spot: str, amount: Any = TEN, seat: int = 1) -> list[Event]:
    return rnd.handle(PlaceWager(seat=seat, spot=spot, amount=amount), seat)


def roll(rnd: CrapsRound, first: int, second: int) -> list[Event]:
    """No more bets, the dice (offered and selected where the shooter is new), the reading
    ``first``-``second`` and its call; the events from the call on. On a come-out roll
    where no player holds a Pass or Don't Pass wager, seat 1 first bets $10 on Pass (the
    shooter's line wager, 623a.10)."""
    state = rnd.state
    if state.come_out and not any(state.line_wager(s) for s in state.seats):
        bet(rnd, "pass", seat=min(state.seats))
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    if rnd.state.phase is Phase.THROW and not rnd.state.dice_ready:
        rnd.handle(OfferDice(), DEALER)
        shooter = rnd.state.shooter
        chooser: Any = shooter if shooter is not None else DEALER
        rnd.handle(SelectDice(seat=shooter, first=1, second=2), chooser)
    rnd.handle(ThrowDice(faces=(first, second)), DEALER)
    return rnd.handle(CallRoll(), DEALER)


def settled(events: list[Event]) -> dict[str, WagerSettled]:
    return {e.spot: e for e in events if isinstance(e, WagerSettled)}


def paid(events: list[Event]) -> dict[str, WagerPaid]:
    return {e.spot: e for e in events if isinstance(e, WagerPaid)}


def won(event: WagerSettled) -> int:
    assert event.outcome is Outcome.WIN and event.returned == event.amount
    return event.won


def lost(event: WagerSettled) -> bool:
    return event.outcome is Outcome.LOSE and event.returned == event.won == 0


def called(events: list[Event]) -> RollCalled:
    return next(e for e in events if isinstance(e, RollCalled))


def refused(rnd: CrapsRound, command: Any, actor: Any, cite: str) -> str:
    """Send a command that must be refused; prove the round did not change."""
    before, view = list(rnd.events), rnd.view(None)
    with pytest.raises(IllegalCommand) as info:
        rnd.handle(command, actor)
    assert rnd.events == before and rnd.view(None) == view
    assert info.value.cite == cite, str(info.value)
    assert str(info.value).endswith(f"({cite})")
    return str(info.value)


def replays(rnd: CrapsRound) -> None:
    again = CrapsRound.replay(CrapsRound.events_from_json(CrapsRound.events_to_json(rnd.events)))
    assert again.events == rnd.events and again.view(DEALER) == rnd.view(DEALER)


def wallet(rnd: CrapsRound, player: str = "ann") -> int:
    """What the round's events moved in ``player``'s wallet (the ledger's rule)."""
    total = 0
    for index in range(len(rnd.events)):
        for (kind, owner), cents in event_moves(SPEC.policy, rnd.events, index, rnd.opened.seats):
            if kind == WALLET and owner == player:
                total += cents
    return total


# 623a.9: the come-out roll and the point
def test_623a_9_a_come_out_natural_wins_pass_and_loses_dont_pass() -> None:
    """$10 Pass and $10 Don't Pass; 5-2 is a natural: Pass wins $10, Don't Pass loses;
    the puck stays off and the shooter keeps the dice."""
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, "dont_pass")
    events = roll(rnd, 5, 2)
    assert called(events).roll is Roll.NATURAL and called(events).point is None
    found = settled(events)
    assert won(found["pass"]) == TEN and lost(found["dont_pass"])
    assert not rnd.finished and rnd.state.shooter == 1 and rnd.view(None)["puck"] == "off"
    # Losers are taken before winners are paid (623a.9).
    order = [e.spot for e in events if isinstance(e, WagerSettled)]
    assert order == ["dont_pass", "pass"]
    replays(rnd)


@pytest.mark.parametrize(
    ("dice", "bar", "pass_", "dont"),
    [
        ((1, 1), 12, "lose", "win"),
        ((1, 2), 12, "lose", "win"),
        ((6, 6), 12, "lose", "push"),
        ((1, 1), 2, "lose", "push"),
        ((6, 6), 2, "lose", "win"),
        ((5, 6), 12, "win", "lose"),
    ],
)
def test_623a_9_come_out_craps_and_the_bar(
    dice: tuple[int, int], bar: int, pass_: str, dont: str
) -> None:
    """Craps 2, 3, 12 lose Pass; Don't Pass wins on them except the barred number, a push
    (returned): 12 barred by default, 2 where the submission bars it."""
    rnd = open_round(dont_bar=bar)
    bet(rnd, "pass")
    bet(rnd, "dont_pass")
    events = roll(rnd, *dice)
    found = settled(events)
    assert found["pass"].outcome == pass_ and found["dont_pass"].outcome == dont
    if dont == "push":
        assert found["dont_pass"].returned == TEN and found["dont_pass"].won == 0


def test_623a_6_623a_9_point_made_with_odds_and_a_hardway() -> None:
    """$10 Pass; 4-2 sets the point 6. $25 odds (3-4-5x: at most 5 x $10 = $50) and $5 on
    hard 6 (off on the come-out, working now). 3-3: the point is made the hard way: Pass
    wins $10, the odds 6 to 5 win $30, hard 6 wins 9 to 1, $45, and stays up; the puck
    goes off."""
    rnd = open_round()
    bet(rnd, "pass")
    first = roll(rnd, 4, 2)
    assert called(first).roll is Roll.POINT_SET and rnd.state.point == 6
    assert rnd.view(None)["puck"] == "on"
    bet(rnd, "pass_odds", 2_500)
    bet(rnd, "hard:6", 500)
    events = roll(rnd, 3, 3)
    assert called(events).roll is Roll.POINT_MADE and rnd.state.point is None
    found = settled(events)
    assert won(found["pass"]) == TEN and won(found["pass_odds"]) == 3_000
    assert paid(events)["hard:6"].won == 4_500 and rnd.state.held(1, "hard:6") is not None
    assert wallet(rnd) == -TEN - 2_500 - 500 + 2 * TEN + 2_500 + 3_000 + 4_500
    replays(rnd)


def test_623a_10_seven_out_ends_the_round() -> None:
    """Point 4; $10 Don't Pass with $40 laid (1 to 2: wins $20; 3-4-5x lets it win 3 x $10,
    so $60 may be laid); $10 Place 6 (7 to 6 needs multiples of 6 cents: $12 wins $14).
    3-4 sevens out: Don't Pass wins $10 and the odds $20, Place 6 loses; the shooter is
    done and the round complete."""
    rnd = open_round()
    bet(rnd, "dont_pass")
    roll(rnd, 3, 1)
    assert rnd.state.point == 4
    limits = [c for c in rnd.legal_commands(1) if "dont_pass_odds" in c.spots]
    assert limits[0].max_amount == 6_000
    bet(rnd, "dont_pass_odds", 4_000)
    bet(rnd, "place:6", 1_200)
    events = roll(rnd, 3, 4)
    assert called(events).roll is Roll.SEVEN_OUT
    found = settled(events)
    assert won(found["dont_pass"]) == TEN and won(found["dont_pass_odds"]) == 2_000
    assert lost(found["place:6"])
    done = next(e for e in events if isinstance(e, ShooterDone))
    assert done.seat == 1 and done.reason == "seven_out"
    assert rnd.finished and isinstance(events[-1], RoundCompleted)
    replays(rnd)


def test_623a_9_a_come_wager_travels_and_takes_odds() -> None:
    """Point 6 set; $10 Come; 5-5 moves it to 10; $20 odds behind it (2 to 1: $40); 4-6:
    the Come on 10 wins $10 and its odds $40."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 2)
    bet(rnd, "come")
    events = roll(rnd, 5, 5)
    moved = [e for e in events if isinstance(e, WagerMoved)]
    assert [(e.spot, e.to, e.amount) for e in moved] == [("come", "come:10", TEN)]
    bet(rnd, "come_odds:10", 2_000)
    found = settled(roll(rnd, 4, 6))
    assert won(found["come:10"]) == TEN and won(found["come_odds:10"]) == 4_000
    replays(rnd)


def test_623a_4_come_odds_are_off_on_the_come_out() -> None:
    """A Come on 10 with $20 odds; the point 6 is made; on the come-out 6-4 the Come on 10
    wins $10 and its odds, off, are returned (a push); called working they win $40."""
    for call, odds in ((False, 0), (True, 4_000)):
        rnd = open_round()
        bet(rnd, "pass")
        roll(rnd, 4, 2)
        bet(rnd, "come")
        roll(rnd, 5, 5)
        bet(rnd, "come_odds:10", 2_000)
        roll(rnd, 5, 1)  # the point 6 is made: a come-out roll is next
        if call:
            rnd.handle(CallWager(seat=1, spot="come_odds:10", working=True), 1)
        found = settled(roll(rnd, 6, 4))
        assert won(found["come:10"]) == TEN
        if call:
            assert won(found["come_odds:10"]) == odds
        else:
            assert found["come_odds:10"].outcome is Outcome.PUSH
            assert found["come_odds:10"].returned == 2_000


def test_623a_9_dont_come() -> None:
    """Point 8: $10 Don't Come loses on 11, pushes on 12 (barred), wins on 3; on 4 it
    travels, and then wins on a 7 with its laid odds ($20 at 1 to 2 wins $10)."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 4)
    bet(rnd, "dont_come")
    assert lost(settled(roll(rnd, 5, 6))["dont_come"])
    bet(rnd, "dont_come")
    assert settled(roll(rnd, 6, 6))["dont_come"].outcome is Outcome.PUSH
    bet(rnd, "dont_come")
    assert won(settled(roll(rnd, 1, 2))["dont_come"]) == TEN
    bet(rnd, "dont_come")
    roll(rnd, 1, 3)
    bet(rnd, "dont_come_odds:4", 2_000)
    found = settled(roll(rnd, 1, 6))
    assert won(found["dont_come:4"]) == TEN and won(found["dont_come_odds:4"]) == TEN
    assert lost(found["pass"])


def test_623a_5_the_layout_posts_the_odds_each_area_pays() -> None:
    """The view's ``odds`` are what the layout prints on each area: Place 9 to 5, 7 to 5,
    7 to 6; Place to lose 5 to 11; Buy and Lay the true odds (2 to 1, 1 to 2); the Field
    even money, 2 to 1 on 2 and 3 to 1 on 12 at the example (its ``payouts``); hard 8 9 to
    1; Any Seven 4 to 1; Make 'Em All 175 to 1. Nothing is posted for a wager the table
    does not offer, nor for those whose odds follow the point or the parts."""
    craps = CrapsRound.open(
        load(EXAMPLES / "craps.toml"),
        table_id="T",
        round_id="R",
        seats={1: "ann"},
        rng=SeededRng(0),
    ).view(None)["odds"]
    assert (craps["place:4"], craps["place:5"], craps["place:6"]) == ("9/5", "7/5", "7/6")
    assert (craps["place_to_lose:4"], craps["buy:4"], craps["lay:4"]) == ("5/11", "2", "1/2")
    assert (craps["field"], craps["field:2"], craps["field:12"]) == ("1", "2", "3")
    assert (craps["hard:8"], craps["any_seven"], craps["make_em_all"]) == ("9", "4", "175")
    assert not {"pass", "come", "pass_odds", "horn", "c_and_e", "fire_bet"} & set(craps)
    mini = CrapsRound.open(
        load(EXAMPLES / "mini-craps.toml"),
        table_id="T",
        round_id="R",
        seats={1: "ann"},
        rng=SeededRng(0),
    ).view(None)["odds"]
    assert "buy:4" not in mini and "big_6" not in mini and mini["place:6"] == "7/6"


def test_623a_5_place_bets_pay_and_stay_up() -> None:
    """Point 5. $12 Place 6 wins 7 to 6, $14, and stays up; again $14. $10 Place 4 wins 9
    to 5, $18; $10 Place 9 wins 7 to 5, $14. A Place bet is off on the come-out: after
    the point is made a come-out 6 pays nothing, unless it is called working."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 1)
    bet(rnd, "place:6", 1_200)
    bet(rnd, "place:4")
    bet(rnd, "place:9")
    assert paid(roll(rnd, 4, 2))["place:6"].won == 1_400
    assert paid(roll(rnd, 5, 1))["place:6"].won == 1_400
    assert paid(roll(rnd, 3, 1))["place:4"].won == 1_800
    assert paid(roll(rnd, 5, 4))["place:9"].won == 1_400
    roll(rnd, 3, 2)  # point made
    assert rnd.view(None)["off"] == {"1": ["place:6", "place:4", "place:9"]}
    assert rnd.view(None)["wagers"]["1"]["place:6"] == 1_200
    assert not paid(roll(rnd, 2, 4))  # a come-out 6 sets the point; Place 6 is off
    assert rnd.state.point == 6
    roll(rnd, 5, 1)  # made again
    rnd.handle(CallWager(seat=1, spot="place:6", working=True), 1)
    assert paid(roll(rnd, 2, 4))["place:6"].won == 1_400
    replays(rnd)


def test_623a_5_place_to_lose_lay_and_buy_with_commission() -> None:
    """Point 6. Buy 4 $20, 5% up front: $1 collected; 3-1 pays 2 to 1 = $40, less $1 to
    buy it again: $39. Lay 10 $40 with the commission on a win only (5% of the $20 it wins
    = $1); Place 4 to lose $22 (5 to 11: wins $10). 3-4 sevens out: the Lay wins $20 - $1
    = $19, Place to lose $10, the Buy loses."""
    rnd = open_round(lay_commission="on_win")
    bet(rnd, "pass")
    roll(rnd, 4, 2)
    placed = bet(rnd, "buy:4", 2_000)
    assert [e.amount for e in placed if isinstance(e, CommissionCollected)] == [100]
    bet(rnd, "lay:10", 4_000)
    bet(rnd, "place_to_lose:4", 2_200)
    events = roll(rnd, 3, 1)
    buy = paid(events)["buy:4"]
    assert (buy.won, buy.commission) == (3_900, 100)
    assert lost(settled(events)["place_to_lose:4"])
    bet(rnd, "place_to_lose:4", 2_200)
    found = settled(roll(rnd, 3, 4))
    assert won(found["lay:10"]) == 1_900 and won(found["place_to_lose:4"]) == TEN
    assert lost(found["buy:4"])
    # ann: -10 pass, -20 buy, -1 vig, -40 lay, -22 ptl, +39, -22 ptl, then +59 and +32.
    assert wallet(rnd) == -1_000 - 2_000 - 100 - 4_000 - 2_200 + 3_900 - 2_200 + 5_900 + 3_200


def test_623a_5_a_buy_taken_down_returns_its_commission() -> None:
    """$20 Buy 10 up front ($1); taken down before a roll decides it: $21 back."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 2)
    bet(rnd, "buy:10", 2_000)
    events = rnd.handle(RemoveWager(seat=1, spot="buy:10"), 1)
    assert [(e.amount, e.commission) for e in events if isinstance(e, WagerRemoved)] == [
        (2_000, 100)
    ]
    assert wallet(rnd) == -TEN


@pytest.mark.parametrize(
    ("dice", "won_"),
    [((1, 2), 1_000), ((2, 2), 1_000), ((5, 6), 1_000), ((1, 1), 2_000), ((6, 6), 3_000)],
)
def test_623a_5_the_field(dice: tuple[int, int], won_: int) -> None:
    """$10 on the Field: 3, 4, 9, 10, 11 pay 1 to 1; 2 pays 2 to 1; 12 pays 3 to 1 where
    the submission pays it (more than the minimum); 5, 6, 7, 8 lose."""
    rnd = open_round(payouts={"field:12": "3 to 1"})
    bet(rnd, "pass")
    bet(rnd, "field")
    assert won(settled(roll(rnd, *dice))["field"]) == won_


def test_623a_5_the_field_loses_on_seven() -> None:
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, "field")
    assert lost(settled(roll(rnd, 3, 4))["field"])


def test_623a_5_big_six_and_hardways() -> None:
    """Point 9. Big 6 $10 wins $10 on 4-2 and stays up; hard 8 $5 wins 9 to 1 ($45) on 4-4
    and loses on an easy 8 (5-3); hard 10 $5 loses on 7."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 5)
    bet(rnd, "big_6")
    bet(rnd, "hard:8", 500)
    bet(rnd, "hard:10", 500)
    assert paid(roll(rnd, 4, 2))["big_6"].won == TEN
    assert paid(roll(rnd, 4, 4))["hard:8"].won == 4_500
    assert lost(settled(roll(rnd, 5, 3))["hard:8"])
    found = settled(roll(rnd, 1, 6))
    assert lost(found["hard:10"]) and lost(found["big_6"])


@pytest.mark.parametrize(
    ("spot", "amount", "dice", "returned", "won_"),
    [
        ("any_seven", 1_000, (3, 4), 1_000, 4_000),
        ("any_craps", 1_000, (1, 2), 1_000, 7_000),
        ("two", 500, (1, 1), 500, 15_000),
        ("three", 500, (1, 2), 500, 7_500),
        ("eleven", 1_000, (5, 6), 1_000, 15_000),
        ("twelve", 500, (6, 6), 500, 15_000),
        ("horn", 2_000, (1, 1), 500, 15_000),
        ("horn", 2_000, (2, 1), 500, 7_500),
        ("c_and_e", 1_000, (1, 2), 500, 3_500),
        ("c_and_e", 1_000, (5, 6), 500, 7_500),
    ],
)
def test_623a_5_one_roll_propositions(
    spot: str, amount: int, dice: tuple[int, int], returned: int, won_: int
) -> None:
    """Any Seven 4 to 1, Any Craps 7 to 1, 2 and 12 30 to 1, 3 and 11 15 to 1. The Horn
    $20 is four $5 parts: on 2 the $5 part wins 30 to 1, $150, and the other three ($15)
    lose; C&E $10 is two $5 parts: on 3 the craps part wins 7 to 1 ($35), on 11 the 11
    part 15 to 1 ($75)."""
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, spot, amount)
    found = settled(roll(rnd, *dice))[spot]
    assert found.outcome is Outcome.WIN
    assert (found.returned, found.won) == (returned, won_)


def test_623a_5_propositions_lose_otherwise() -> None:
    rnd = open_round()
    bet(rnd, "pass")
    for spot in ("any_craps", "two", "three", "eleven", "twelve", "horn", "c_and_e"):
        bet(rnd, spot, 2_000)
    bet(rnd, "any_seven", TEN)
    found = settled(roll(rnd, 4, 4))
    assert all(lost(found[s]) for s in found if s != "pass")
    assert len(found) == 8


# 623a.11: the Fire Bet
def make_point(rnd: CrapsRound, point: tuple[int, int]) -> None:
    """The come-out ``point`` (its dice), then the same total again: the point is made."""
    roll(rnd, *point)
    roll(rnd, *point)


def test_623a_11_the_fire_bet_pays_the_highest_tier_at_the_seven_out() -> None:
    """$5 Fire Bet; the shooter makes 4, 5, 6, 4 again (counted once) and 8: four distinct
    points; the seven-out pays tier 4 of table a, 24 to 1: $120."""
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, "fire_bet", 500)
    for dice in ((3, 1), (4, 1), (4, 2), (2, 2), (5, 3)):
        make_point(rnd, dice)
    assert rnd.view(None)["points_made"] == [4, 5, 6, 8]
    roll(rnd, 4, 5)
    found = settled(roll(rnd, 3, 4))
    assert won(found["fire_bet"]) == 12_000


def test_623a_11_three_points_lose_on_table_a_and_pay_on_table_b() -> None:
    """Points 4, 5, 6, then a seven-out: table a pays nothing for three; table b pays 6 to
    1 ($30 on $5)."""
    for table, outcome, won_ in (("a", Outcome.LOSE, 0), ("b", Outcome.WIN, 3_000)):
        rnd = open_round(fire_bet_paytable=table)
        bet(rnd, "pass")
        bet(rnd, "fire_bet", 500)
        for dice in ((3, 1), (4, 1), (4, 2)):
            make_point(rnd, dice)
        roll(rnd, 5, 5)
        fire = settled(roll(rnd, 1, 6))["fire_bet"]
        assert fire.outcome is outcome and fire.won == won_


def test_623a_11_all_six_points_pay_at_once() -> None:
    """The sixth distinct point pays the top tier at once, 999 to 1: $999 on $1."""
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, "fire_bet", 100)
    for dice in ((3, 1), (4, 1), (4, 2), (4, 4), (5, 4)):
        make_point(rnd, dice)
    roll(rnd, 5, 5)
    assert won(settled(roll(rnd, 6, 4))["fire_bet"]) == 99_900
    assert not rnd.finished


def test_623a_11_placement_and_amounts() -> None:
    """Before the shooter's first roll only (a Fire Bet after the first come-out is
    refused), $1 to $10; taken down only before that roll."""
    rnd = open_round()
    bet(rnd, "pass")
    refused(rnd, PlaceWager(seat=1, spot="fire_bet", amount=50), 1, "623a.11")
    refused(rnd, PlaceWager(seat=1, spot="fire_bet", amount=1_100), 1, "623a.11")
    bet(rnd, "fire_bet", 500)
    roll(rnd, 6, 5)  # a natural: still a come-out, but not the shooter's first roll
    message = refused(rnd, PlaceWager(seat=1, spot="fire_bet", amount=500), 1, "623a.11")
    assert "before the shooter's first roll" in message
    refused(rnd, RemoveWager(seat=1, spot="fire_bet"), 1, "623a.11")


# 623a.12: Bonus Craps
def test_623a_12_all_small_wins_before_a_seven() -> None:
    """$5 All Small: 2, 3, 4, 5 and 6 all rolled before a 7 win 34 to 1, $170; All Tall
    loses on the 7 that follows."""
    rnd = open_round()
    bet(rnd, "pass")
    bet(rnd, "all_small", 500)
    bet(rnd, "all_tall", 500)
    for dice in ((1, 1), (1, 2), (2, 2)):  # craps 2 and 3, then the point 4
        roll(rnd, *dice)
    roll(rnd, 4, 1)
    found = settled(roll(rnd, 5, 1))
    assert won(found["all_small"]) == 17_000
    assert lost(settled(roll(rnd, 3, 4))["all_tall"])


def test_623a_12_placed_only_before_the_first_roll_after_a_seven() -> None:
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 2, 2)
    refused(rnd, PlaceWager(seat=1, spot="make_em_all", amount=500), 1, "623a.12")


# 623a.4: making and removal of wagers
def test_623a_4_a_contract_wager_may_not_be_taken_down() -> None:
    """Pass with a point is a contract wager; Don't Pass may be taken down (with its laid
    odds); a Place bet may; a Pass on the come-out may, before its roll."""
    rnd = open_round()
    bet(rnd, "pass")
    rnd.handle(RemoveWager(seat=1, spot="pass"), 1)
    bet(rnd, "pass")
    bet(rnd, "dont_pass")
    roll(rnd, 5, 5)
    message = refused(rnd, RemoveWager(seat=1, spot="pass"), 1, "623a.4")
    assert "contract" in message
    bet(rnd, "dont_pass_odds", 2_000)
    events = rnd.handle(RemoveWager(seat=1, spot="dont_pass"), 1)
    assert [e.spot for e in events] == ["dont_pass", "dont_pass_odds"]
    refused(rnd, PlaceWager(seat=1, spot="dont_pass", amount=TEN), 1, "623a.4")
    refused(rnd, PlaceWager(seat=1, spot="pass", amount=TEN), 1, "623a.4")
    refused(rnd, PlaceWager(seat=1, spot="come:10", amount=TEN), 1, "623a.4")
    refused(rnd, RemoveWager(seat=1, spot="field"), 1, "623a.4")


def test_623a_4_come_bets_only_with_a_point_and_no_place_seven() -> None:
    rnd = open_round()
    refused(rnd, PlaceWager(seat=1, spot="come", amount=TEN), 1, "623a.4")
    message = refused(rnd, PlaceWager(seat=1, spot="place:7", amount=TEN), 1, "623a.3")
    assert "point number" in message
    refused(rnd, PlaceWager(seat=1, spot="hard:5", amount=TEN), 1, "623a.3")


def test_623a_3_a_wager_the_table_does_not_offer() -> None:
    rnd = open_round(wagers=["pass", "field"])
    message = refused(rnd, PlaceWager(seat=1, spot="any_seven", amount=TEN), 1, "623a.3")
    assert "does not offer Any Seven" in message
    assert {s for c in rnd.legal_commands(1) for s in c.spots} == {"pass", "field"}


def test_623a_4_table_limits() -> None:
    rnd = open_round(minimum_wager=500, maximum_wager=2_000)
    refused(rnd, PlaceWager(seat=1, spot="pass", amount=400), 1, "623a.4")
    bet(rnd, "pass", 1_500)
    refused(rnd, PlaceWager(seat=1, spot="pass", amount=600), 1, "623a.4")
    refused(rnd, PlaceWager(seat=1, spot="pass", amount=5.0), 1, "623a.4")
    refused(rnd, PlaceWager(seat=1, spot="pass", amount=True), 1, "623a.4")


def test_623a_6_odds_need_a_point_and_stay_within_the_limit() -> None:
    """No odds on the come-out; behind Pass on 6 at 3-4-5x at most 5 x $10 = $50: $55 is
    refused; at 100x $1,000 may be taken. Odds of $5.01 on 6 would win $6.012: refused."""
    rnd = open_round()
    bet(rnd, "pass")
    message = refused(rnd, PlaceWager(seat=1, spot="pass_odds", amount=TEN), 1, "623a.6")
    assert "with a point" in message
    roll(rnd, 5, 1)
    refused(rnd, PlaceWager(seat=1, spot="pass_odds", amount=5_500), 1, "623a.6")
    refused(rnd, PlaceWager(seat=1, spot="pass_odds", amount=501), 1, "623a.4")
    bet(rnd, "pass_odds", 5_000)
    refused(rnd, PlaceWager(seat=1, spot="pass_odds", amount=5), 1, "623a.6")
    wide = open_round(odds_limit="100x")
    bet(wide, "pass")
    roll(wide, 5, 1)
    bet(wide, "pass_odds", 100_000)
    lay = open_round(lay_limit="wager")
    bet(lay, "dont_pass")
    roll(lay, 3, 1)
    refused(lay, PlaceWager(seat=1, spot="dont_pass_odds", amount=3_200), 1, "623a.6")
    bet(lay, "dont_pass_odds", 3_000)


def test_623a_4_amounts_that_do_not_pay_whole_cents() -> None:
    """$5 on Place 6 would win $5.83 1/3: refused, and $5.04 taken (a multiple of 6
    cents); where broken payouts are rounded, $5 is taken and wins 583 cents (rounded
    down). A Horn of $5.01 is not four equal parts."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 1)
    message = refused(rnd, PlaceWager(seat=1, spot="place:6", amount=500), 1, "623a.4")
    assert "multiple of $0.06" in message
    bet(rnd, "place:6", 504)
    refused(rnd, PlaceWager(seat=1, spot="horn", amount=501), 1, "623a.4")
    loose = open_round(broken_payouts="round")
    bet(loose, "pass")
    roll(loose, 4, 1)
    bet(loose, "place:6", 500)
    assert paid(roll(loose, 3, 3))["place:6"].won == 583


def test_623a_4_a_broken_payout_is_said_in_dollars() -> None:
    """$5 on Place 6 at 7 to 6 would win 583 1/3 cents, by hand: said "$5.83 and 1/3 of a
    cent", not "583 1/3 cents" (a fresh player read "816 2/3 cents")."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 1)
    message = refused(rnd, PlaceWager(seat=1, spot="place:6", amount=500), 1, "623a.4")
    assert "$5 would win $5.83 and 1/3 of a cent, not whole cents" in message, message


# 623a.7, 623a.8: the dice
def test_623a_7_five_dice_offered_the_shooter_keeps_two() -> None:
    rnd = open_round({1: "ann", 2: "bo"})
    bet(rnd, "pass", seat=2)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert rnd.state.shooter == 2
    refused(rnd, ThrowDice(faces=(3, 4)), DEALER, "623a.7")
    assert rnd.legal_commands(DEALER)[0].command == "OfferDice"
    events = rnd.handle(OfferDice(), DEALER)
    assert isinstance(events[0], DiceOffered) and events[0].count == 5
    refused(rnd, SelectDice(seat=1, first=1, second=2), 1, "623a.7")
    refused(rnd, SelectDice(seat=2, first=3, second=3), 2, "623a.7")
    refused(rnd, SelectDice(seat=2, first=0, second=6), 2, "623a.7")
    [selected] = rnd.handle(SelectDice(seat=2, first=2, second=5), 2)
    assert isinstance(selected, DiceSelected) and selected.dice == (2, 5)


@pytest.mark.parametrize("faces", [(7, 1), (1,), (1, 2, 3), (True, 1), (0, 6), (2.0, 3)])
def test_623a_8_a_reading_is_two_faces(faces: tuple[Any, ...]) -> None:
    rnd = open_round()
    bet(rnd, "pass")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(OfferDice(), DEALER)
    rnd.handle(SelectDice(seat=1, first=1, second=2), 1)
    message = refused(rnd, ThrowDice(faces=faces), DEALER, "623a.8")
    assert "two faces" in message


def test_623a_8_invalid_rolls() -> None:
    """A die on the rail is no roll and the dice are thrown again; a die off the table is
    no roll and the dice are offered again (623a.7); the roll that counts is the one
    called."""
    rnd = open_round()
    bet(rnd, "pass")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(OfferDice(), DEALER)
    rnd.handle(SelectDice(seat=1, first=1, second=2), 1)
    rnd.handle(ThrowDice(faces=(6, 1)), DEALER)
    [no_roll] = rnd.handle(DeclareIrregularity(irregularity=Irregularity.DIE_ON_RAIL), DEALER)
    assert isinstance(no_roll, NoRoll)
    rnd.handle(ThrowDice(faces=(5, 6)), DEALER)
    rnd.handle(DeclareIrregularity(irregularity=Irregularity.DIE_OFF_TABLE), DEALER)
    refused(rnd, ThrowDice(faces=(2, 2)), DEALER, "623a.7")
    rnd.handle(OfferDice(), DEALER)
    rnd.handle(SelectDice(seat=1, first=4, second=5), 1)
    rnd.handle(ThrowDice(faces=(1, 1)), DEALER)
    found = settled(rnd.handle(CallRoll(), DEALER))
    assert lost(found["pass"]) and rnd.state.rolls == [(1, 1)]
    replays(rnd)


def test_623a_8_an_rng_table_throws_with_the_generator() -> None:
    """At an RNG table the dice are drawn (and replayed from what was drawn); nothing is
    read or called no roll."""
    rnd = open_round(physical=False)
    bet(rnd, "pass")
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    refused(rnd, ThrowDice(faces=(3, 4)), DEALER, "623a.8")
    [thrown] = rnd.handle(ThrowDice(), DEALER)
    assert isinstance(thrown, DiceThrown) and thrown.source == "rng"
    refused(rnd, DeclareIrregularity(irregularity=Irregularity.SHORT_THROW), DEALER, "623a.8")
    rnd.handle(CallRoll(), DEALER)
    replays(rnd)


# 623a.10: the shooter
def test_623a_10_the_dice_go_clockwise_to_a_player_with_a_line_wager() -> None:
    """Seats 2, 5 and 7, the last shooter seat 5: the dice go to 7, who bets no line
    wager, so on to 2 (clockwise, round the table) who holds Pass."""
    rnd = open_round({2: "ann", 5: "bo", 7: "cy"}, after=5)
    bet(rnd, "field", seat=7)
    bet(rnd, "pass", seat=2)
    events = rnd.handle(AnnounceNoMoreBets(), DEALER)
    assert [e.seat for e in events if isinstance(e, DiceToShooter)] == [2]


def test_623a_10_the_shooter_gives_up_the_dice_and_the_next_round_goes_on() -> None:
    """Seat 1 shoots a natural, then gives up the dice: seat 3 (with Don't Pass) shoots
    and sevens out; the next round's dice start after seat 3: at seat 1."""
    rnd = open_round({1: "ann", 3: "bo"})
    bet(rnd, "pass", seat=1)
    roll(rnd, 5, 6)
    assert rnd.state.shooter == 1
    refused(rnd, GiveUpDice(seat=3), 3, "623a.10")
    [done] = rnd.handle(GiveUpDice(seat=1), 1)
    assert isinstance(done, ShooterDone) and done.reason == "gave_up"
    bet(rnd, "dont_pass", seat=3)
    roll(rnd, 4, 5)
    assert rnd.state.shooter == 3
    roll(rnd, 1, 6)
    assert rnd.finished and rnd.state.last_shooter == 3
    after = SPEC.policy.carried_over(
        rnd.rules, lambda: rnd, {1: "ann", 3: "bo"}, _TIMINGS, ahead=False
    )
    assert after == {"after": 3}
    nxt = open_round({1: "ann", 3: "bo"}, after=3)
    bet(nxt, "pass", seat=3)
    bet(nxt, "pass", seat=1)
    events = nxt.handle(AnnounceNoMoreBets(), DEALER)
    assert [e.seat for e in events if isinstance(e, DiceToShooter)] == [1]


def test_623a_10_a_come_out_needs_a_shooter_with_a_line_wager() -> None:
    rnd = open_round()
    bet(rnd, "field")
    message = refused(rnd, AnnounceNoMoreBets(), DEALER, "623a.10")
    assert "Pass or Don't Pass" in message
    assert [c.command for c in rnd.legal_commands(DEALER)] == ["VoidRound"]


def test_623a_10_the_stickperson_throws_for_a_come_wager_left_on_its_number() -> None:
    """ann: $10 Pass; 4-2 sets the point 6; $10 Come; 5-3 takes it to 8; 3-3 makes the
    point (Pass wins $10). The next roll is a come-out, nobody bets the line, and her
    Come on 8 may not be taken down (a contract wager, 623a.4): "no more bets" may still
    be called, ann gives up the dice (no line wager) and the stickperson throws for the
    layout; 6-2 is 8: her Come wins $10. With nothing standing that may not be taken down
    (a Field wager only), the come-out still waits for a shooter."""
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 4, 2)
    bet(rnd, "come")
    roll(rnd, 5, 3)
    assert won(settled(roll(rnd, 3, 3))["pass"]) == TEN
    assert rnd.state.come_out and rnd.state.wagers == {1: {"come:8": rnd.state.wagers[1]["come:8"]}}
    assert "AnnounceNoMoreBets" in [c.command for c in rnd.legal_commands(DEALER)]
    closed = rnd.handle(AnnounceNoMoreBets(), DEALER)
    done = [e for e in closed if isinstance(e, ShooterDone)]
    assert [(e.seat, e.reason) for e in done] == [(1, "no_line_wager")]
    assert not any(isinstance(e, DiceToShooter) for e in closed)
    assert rnd.state.shooter is None
    rnd.handle(OfferDice(), DEALER)
    refused(rnd, SelectDice(seat=1, first=1, second=2), 1, "623a.7")
    rnd.handle(SelectDice(first=1, second=2), DEALER)  # the stickperson selects
    rnd.handle(ThrowDice(faces=(6, 2)), DEALER)
    events = rnd.handle(CallRoll(), DEALER)
    assert won(settled(events)["come:8"]) == TEN
    assert rnd.view(None)["history"][-1] == {
        "dice": [6, 2],
        "total": 8,
        "roll": "point_set",
        "point": 8,
        "shooter": None,
    }
    assert [r["shooter"] for r in rnd.view(None)["history"]] == [1, 1, 1, None]
    assert wallet(rnd) == -TEN + 2 * TEN - TEN + 2 * TEN  # Pass, then Come: each won $10
    replays(rnd)

    field_only = open_round()
    bet(field_only, "pass")
    roll(field_only, 4, 2)
    roll(field_only, 3, 3)
    bet(field_only, "field")
    refused(field_only, AnnounceNoMoreBets(), DEALER, "623a.10")


def test_623a_10_a_player_who_leaves_keeps_his_contract_wagers_working() -> None:
    """Seat 1 (the shooter) has Pass on 8 with $20 odds and $12 Place 6; seat 2 bo has
    Pass. Seat 1 leaves: his odds and Place 6 are returned, his Pass stays; bo finishes
    the point and makes it: ann's Pass is paid $10 though she has left."""
    rnd = open_round({1: "ann", 2: "bo"})
    bet(rnd, "pass", seat=1)
    bet(rnd, "pass", seat=2)
    roll(rnd, 5, 3)
    bet(rnd, "pass_odds", 2_000)
    bet(rnd, "place:6", 1_200)
    events = rnd.handle(LeaveTable(seat=1), 1)
    returned = {e.spot for e in events if isinstance(e, WagerRemoved)}
    assert returned == {"pass_odds", "place:6"}
    assert [e.seat for e in events if isinstance(e, DiceToShooter)] == [2]
    assert rnd.legal_commands(1) == []
    refused(rnd, PlaceWager(seat=1, spot="field", amount=TEN), 1, "623a.4")
    found = settled(roll(rnd, 6, 2))
    assert {(e.seat, e.won) for e in roll_events(rnd) if isinstance(e, WagerSettled)} == {
        (1, TEN),
        (2, TEN),
    }
    assert found["pass"].won == TEN
    assert wallet(rnd, "ann") == TEN
    replays(rnd)


def roll_events(rnd: CrapsRound) -> list[Event]:
    """The events of the last roll (from its call on)."""
    last = max(i for i, e in enumerate(rnd.events) if isinstance(e, RollCalled))
    return rnd.events[last:]


def test_623a_5_the_payout_limit() -> None:
    """A $100 limit per player per roll: $20 on hard 8 wins 9 to 1, $180: $100 is paid and
    $80 withheld."""
    rnd = open_round(payout_limit=10_000)
    bet(rnd, "pass")
    roll(rnd, 5, 4)
    bet(rnd, "hard:8", 2_000)
    win = paid(roll(rnd, 4, 4))["hard:8"]
    assert (win.won, win.withheld) == (10_000, 8_000)


def test_a_void_returns_every_wager_and_commission() -> None:
    rnd = open_round()
    bet(rnd, "pass")
    roll(rnd, 5, 4)
    bet(rnd, "buy:4", 2_000)
    events = rnd.handle(VoidRound(reason="the table closes"), DEALER)
    assert rnd.finished and isinstance(events[0], RoundVoided)
    assert {e.spot for e in events if isinstance(e, WagerSettled)} == {"pass", "buy:4"}
    assert wallet(rnd) == 0


# --- the sign and the examples ---------------------------------------------------------------
def test_623a_5_the_sign_posts_the_odds_and_the_examples_load() -> None:
    """The filed example pays 3 to 1 on a Field 12 and charges the Lay commission on a win
    only; its sign says so. The Mini-Craps example: nine positions, one dealer, no Fire
    Bet on the sign."""
    craps = load(EXAMPLES / "craps.toml")
    assert isinstance(craps, CrapsRules) and craps.odds_of("field:12") == 3
    text = sign_text(sign_for(craps), width=100)
    assert "Field 12" in text and "3 to 1" in text and "7 to 6" in text
    assert "for a Lay, charged on a win only" in text
    assert "4 distinct points" in text and "24 to 1" in text
    mini = load(EXAMPLES / "mini-craps.toml")
    text = sign_text(sign_for(mini), width=100)
    assert isinstance(mini, CrapsRules) and mini.seat_count() == 9
    assert "Mini-Craps" in text and "one dealer" in text and "Fire Bet" not in text


def test_623a_10_a_turn_with_nothing_on_the_layout_ends_not_voided() -> None:
    """Pass $10; 3-3 sets the point 6; 4-2 makes it (Pass wins $10). At the next come-out
    nobody wagers: when the betting time runs out the turn of the dice ends (the shooter
    done, no line wager) and the round is over, completed: the Pass it decided stays
    decided. Before its first roll an empty round is voided as at any table; a turn with a
    wager on the layout does not end so."""
    rnd = open_round()
    bet(rnd, "pass", 1000)
    roll(rnd, 3, 3)
    made = roll(rnd, 4, 2)
    assert won(settled(made)["pass"]) == 1000
    assert rnd.state.come_out and not list(rnd.state.bets())
    assert SPEC.policy.empty_void(rnd) == EndTurn()
    with pytest.raises(NotYourTurn):
        rnd.handle(EndTurn(), 1)
    ended = rnd.handle(EndTurn(), DEALER)
    assert [type(e).__name__ for e in ended] == ["ShooterDone", "RoundCompleted"]
    done = ended[0]
    assert isinstance(done, ShooterDone) and done.seat == 1 and done.reason == "no_line_wager"
    assert done.points == (6,)
    assert rnd.finished and not any(isinstance(e, RoundVoided) for e in rnd.events)
    assert CrapsRound.replay(rnd.events).events == rnd.events

    fresh = open_round()
    assert isinstance(SPEC.policy.empty_void(fresh), VoidRound)
    with pytest.raises(NotYourTurn):
        fresh.handle(EndTurn(), DEALER)
    shooting = open_round()
    bet(shooting, "pass", 1000)
    roll(shooting, 3, 3)
    roll(shooting, 4, 2)
    bet(shooting, "pass", 500, seat=1)
    assert SPEC.policy.empty_void(shooting) is None
    with pytest.raises(NotYourTurn):
        shooting.handle(EndTurn(), DEALER)


def test_623a_10_a_come_out_nobody_can_shoot_ends_the_turn_and_returns_the_layout() -> None:
    """The fresh player's Field report, after rolls: ann's $10 Pass, 3-3 sets the point 6,
    4-2 makes it (+$10). At the next come-out she bets only $5 on the Field: nobody holds a
    line wager and nothing stands for the stickperson, so "no more bets" is refused and,
    when the betting time runs out, the turn of the dice ends: her Field comes back
    unplayed, the round is completed (docs/interpretations.md, "A come-out nobody can
    shoot is voided when the betting time runs out"). ann: +$10."""
    rnd = open_round()
    bet(rnd, "pass", 1000)
    roll(rnd, 3, 3)
    roll(rnd, 4, 2)
    bet(rnd, "field", 500)
    refused(rnd, AnnounceNoMoreBets(), DEALER, "623a.10")
    assert SPEC.policy.empty_void(rnd) == EndTurn()
    ended = rnd.handle(EndTurn(), DEALER)
    assert [type(e).__name__ for e in ended] == ["ShooterDone", "WagerRemoved", "RoundCompleted"]
    back = ended[1]
    assert isinstance(back, WagerRemoved)
    assert (back.seat, back.spot, back.amount, back.reason) == (1, "field", 500, "round_over")
    assert rnd.finished and wallet(rnd) == 1000
    assert CrapsRound.replay(rnd.events).events == rnd.events


def test_623a_10_a_first_come_out_nobody_can_shoot_is_voided() -> None:
    """A Field wager alone ($10, seat 1) on a round's first come-out, another player
    seated: nobody holds a Pass or Don't Pass wager, so when the betting time runs out the
    table voids the round and the $10 comes back (docs/interpretations.md, "A come-out
    nobody can shoot is voided when the betting time runs out"); a Pass wager instead
    makes a shooter and nothing is voided."""
    rnd = open_round({1: "ann", 3: "bo"})
    bet(rnd, "field")
    void = SPEC.policy.empty_void(rnd)
    assert isinstance(void, VoidRound) and "Pass or Don't Pass" in void.reason
    events = rnd.handle(void, DEALER)
    assert isinstance(events[0], RoundVoided) and rnd.finished
    assert [(e.spot, e.returned) for e in events if isinstance(e, WagerSettled)] == [("field", TEN)]
    assert wallet(rnd) == 0
    shot = open_round({1: "ann", 3: "bo"})
    bet(shot, "field")
    bet(shot, "pass", seat=3)
    assert SPEC.policy.empty_void(shot) is None


def test_an_opening_the_rules_do_not_give_is_said_in_words_on_replay() -> None:
    """Events stored at a round's opening that the rules do not produce again (here the
    ShooterRotation's rule, changed) are told field by field in words, as every other
    replay difference is, not as the Python reprs of two events."""
    import json

    from croupier.errors import ReplayError

    rnd = open_round()
    stored = json.loads(CrapsRound.events_to_json(rnd.events))
    assert stored[1]["type"] == "ShooterRotation"
    given = stored[1]["cite"]
    stored[1]["cite"] = "623a.99"
    with pytest.raises(ReplayError) as info:
        CrapsRound.replay(CrapsRound.events_from_json(json.dumps(stored)))
    assert info.value.reason == (
        "event 1 is not what the rules produce when the round opens: shooter rotation: "
        f"cite is 623a.99, the rules give {given}"
    )
    assert "ShooterRotation(" not in str(info.value)


def test_the_betting_held_says_why_the_come_out_waits_for_a_shooter() -> None:
    """A come-out with a Field wager alone: "no more bets" cannot be called, and the
    table's policy says why in the refusal's words with 623a.10, marked as croupier's
    reading of it (the browser's status shows it: issue 34); with a Pass Line wager
    nothing holds the betting."""
    rnd = open_round()
    bet(rnd, "field")
    held = SPEC.policy.betting_held(rnd)
    assert held == (
        "The dice wait: a come-out roll needs a shooter holding a Pass or Don't Pass "
        "wager, and no player at the table holds one (623a.10 (inferred))."
    )
    bet(rnd, "pass")
    assert SPEC.policy.betting_held(rnd) == ""
