"""The round contract (engine.py) on Pai Gow (ch. 621a).

The generic contract (random play from ``legal_commands``, replay from JSON, refused
commands change nothing, what the events and views show each viewer) is checked for every
game in tests/contract. Here, in random play (dealer banked, player banked, co-banked, by
RNG number, with adjacent boxes): no player's view shows the tile order or another
player's unexposed tiles, and every wager ends exactly once with the money accounted for;
and the replay of a player-banked round and of tampered events.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from contract.play import random_rounds
from croupier.engine import DEALER, Outcome, WagerPlaced, WagerSettled
from croupier.errors import ReplayError
from croupier.games.pai_gow import (
    AnnounceNoMoreBets,
    BankSettled,
    ChooseDelivery,
    CutTiles,
    DealTiles,
    DrawNumber,
    MixTiles,
    PaiGowRound,
    PassBank,
    PlaceWager,
    RequestHouseWay,
    SetDealerHands,
    SetHands,
    SettleWagers,
    ShakeDice,
    Surrender,
    TableContext,
    TakeBank,
    VigorishCollected,
    WagerWithdrawn,
)
from croupier.money import vigorish
from croupier.registry import GAMES
from croupier.rng import SeededRng
from croupier.rules.pai_gow import PaiGowRules

SEATS = {1: "ann", 2: "bo", 3: "bo", 6: "cy"}
CONFIGS: dict[str, dict[str, Any]] = {
    "dealer": {"adjacent_boxes": 2},
    "rng": {"adjacent_boxes": 2, "starting_position": "rng", "vigorish_to_quarter": True},
    "banked": {"adjacent_boxes": 2, "player_banking": True, "co_banking": True},
}
BANK_CONTEXT = TableContext(
    start_of_game=False,
    bank_offer_from=6,
    last_dealer_round_wagers={"ann": 1000, "bo": 2000, "cy": 500},
    cite="621a.11(c)",
)


def open_round(config: str, seed: int) -> PaiGowRound:
    context = BANK_CONTEXT if config == "banked" else None
    return PaiGowRound.open(
        PaiGowRules(**CONFIGS[config]),
        table_id="T1",
        round_id="R1",
        seats=SEATS,
        rng=SeededRng(seed),
        context=context,
    )


def snapshot(rnd: PaiGowRound) -> tuple[str, str]:
    views = {str(a): rnd.view(a) for a in (None, DEALER, 1, 2, 3, 6)}
    return PaiGowRound.events_to_json(rnd.events), json.dumps(views, sort_keys=True)


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_random_rounds_hide_tiles_and_settle_every_wager(config: str) -> None:
    """Random play from ``legal_commands`` (the contract suite's driver, at a table whose
    rounds carry the context over, so a player bank is offered; the generic contract is
    checked in tests/contract): after every command no player's view shows the tile order
    or tiles it may not see, and every wager ends exactly once with the money accounted
    for (a wager withdrawn before "no more bets" ends there, 621a.7(c))."""
    for rnd in random_rounds(
        "pai-gow", CONFIGS[config], rounds=40, seed=len(config), on_step=check_views
    ):
        assert isinstance(rnd, PaiGowRound)
        check_money(rnd)


def check_views(rnd: PaiGowRound) -> None:
    """No player's or public view has the tile order or tiles the viewer may not see."""
    state = rnd.state
    for viewer in (None, *rnd.opened.seats):
        view = rnd.view(viewer)
        assert not {"stacks", "tiles", "dead_hand", "settings"} & set(view)
        mine = {str(s) for s in state.boxes_of(viewer)} if viewer is not None else set()
        assert set(view.get("my_tiles", {})) <= mine
        for seat, hand in view["hands"].items():
            if int(seat) not in state.exposed:
                assert hand == "set"
        if state.phase.value in ("setting",):
            assert view["dealer_tiles"] is None


def check_money(rnd: PaiGowRound) -> None:
    """Each wager ends once: withdrawn whole before "no more bets" (621a.7(c)), or
    settled."""
    placed: dict[int, int] = {}
    for e in rnd.events:
        if isinstance(e, WagerPlaced):
            assert e.seat not in placed, f"seat {e.seat} wagered twice"
            placed[e.seat] = e.amount
        elif isinstance(e, WagerWithdrawn):
            assert placed.pop(e.seat) == e.amount, f"seat {e.seat} withdrew another amount"
    settled: dict[int, WagerSettled] = {}
    for e in rnd.events:
        if isinstance(e, WagerSettled):
            assert e.seat not in settled, f"seat {e.seat} settled twice"
            settled[e.seat] = e
    assert set(settled) == set(placed)
    vig = {e.seat: e for e in rnd.events if isinstance(e, VigorishCollected) and e.seat}
    rules = rnd.rules
    for seat, s in settled.items():
        assert s.amount == placed[seat]
        if s.outcome in (Outcome.LOSE, Outcome.SURRENDER):
            assert s.returned == s.won == 0
        elif s.outcome in (Outcome.PUSH, Outcome.VOID):
            assert (s.returned, s.won) == (s.amount, 0)
        else:
            expected = vigorish(
                s.amount, to_quarter=rules.vigorish_to_quarter, rounding=rules.payout_rounding
            )
            assert vig[seat].amount == expected
            assert (s.returned, s.won) == (s.amount, s.amount - expected)
    banks = [e for e in rnd.events if isinstance(e, BankSettled)]
    for bank in banks:
        if bank.co_bank:
            shortfall = max(0, bank.paid - bank.centre)
            surplus = max(0, bank.centre - bank.paid)
            if shortfall:
                assert bank.from_bank + bank.house_share == shortfall
                assert bank.net == -bank.from_bank
            else:
                assert bank.house_share + bank.net + bank.vigorish == surplus
        else:
            assert bank.net == bank.centre - bank.paid - bank.vigorish
            assert bank.from_bank == max(0, bank.paid - bank.centre)


def test_commands_parse_from_json() -> None:
    command = PaiGowRound.command_adapter.validate_json(
        '{"type": "SetHands", "seat": 2, "together": ["6-6", "4-5"]}'
    )
    assert command == SetHands(seat=2, together=("6-6", "4-5"))


def test_game_registry() -> None:
    assert GAMES["pai-gow"].round_type is PaiGowRound


def test_tile_order_is_dealer_only() -> None:
    """The mix is recorded (replay needs no Rng) in a dealer-only event."""
    rnd = open_round("dealer", 7)
    rnd.handle(MixTiles(), DEALER)
    order = rnd.view(DEALER)["stacks"]
    assert order is not None
    for viewer in (None, 1, 2, 6):
        text = json.dumps(rnd.view(viewer))
        assert "stacks" not in text
    replayed = PaiGowRound.replay(rnd.events)
    assert replayed.rng is None and replayed.view(DEALER)["stacks"] == order


# --- verified replay: finished rounds and tampered events ----------------------------------------
def full_round(config: str, seed: int, surrender: bool = True) -> PaiGowRound:
    """A finished dealer-banked round: four wagers (one player with two areas), help from
    the dealer, a dealer's setting entered against the house way and reset, and a
    surrender."""
    rnd = open_round(config, seed)
    rnd.handle(MixTiles(), DEALER)
    for seat, amount in ((1, 1000), (2, 2000), (3, 1000), (6, 500)):
        rnd.handle(PlaceWager(seat=seat, amount=amount), seat)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    if rnd.rules.starting_position == "rng":
        rnd.handle(DrawNumber(), DEALER)
    else:
        rnd.handle(ChooseDelivery(style="jung_quat"), DEALER)
        rnd.handle(ShakeDice(), DEALER)
    rnd.handle(DealTiles(), DEALER)
    for actor in (6, 2, 2, 1):
        seat = rnd.next_to_set(actor)
        assert seat is not None
        shown = rnd.handle(RequestHouseWay(seat=seat), actor)[0]
        low = shown.low  # type: ignore[attr-defined]
        rnd.handle(SetHands(seat=seat, together=(low[0].code, low[1].code)), actor)
    tiles = [t.code for t in rnd.state.hands["dealer"]]
    house = rnd.rules.dealer_way.choose(rnd.state.hands["dealer"]).setting
    for j in (1, 2, 3):
        entered = (tiles[0], tiles[j])
        if not {entered} & {
            tuple(t.code for t in house.high),
            tuple(t.code for t in house.low),
        }:
            break
    rnd.handle(SetDealerHands(together=entered), DEALER)
    if surrender:
        rnd.handle(Surrender(seat=6), 6)
    rnd.handle(SettleWagers(), DEALER)
    assert rnd.finished
    return rnd


def winning_round() -> PaiGowRound:
    for seed in range(300):
        rnd = full_round("dealer", seed)
        outcomes = {e.outcome for e in rnd.state.settlements}
        reset = any(e.type == "DealerHandsReset" for e in rnd.events)  # type: ignore[attr-defined]
        if {Outcome.WIN, Outcome.LOSE} <= outcomes and reset:
            return rnd
    raise AssertionError("no seed gave a win, a loss and a reset")


def test_replay_of_a_player_banked_round_equals_the_live_round() -> None:
    """The bank offered (the opening re-derived from the TableContext), taken, the cut,
    the dealer's wager against the bank, the bank's shake and settlement."""
    rnd = open_round("banked", 4)
    while rnd.state.phase == "bank_offer":
        seat = rnd.state.offered
        assert seat is not None
        if seat == 6:
            rnd.handle(TakeBank(seat=seat, chips=50_000), seat)
        else:
            rnd.handle(PassBank(seat=seat), seat)
    assert rnd.state.bank == 6
    rnd.handle(MixTiles(), DEALER)
    rnd.handle(CutTiles(seat=6, right=(2, 3)), 6)
    rnd.handle(PlaceWager(seat=1, amount=1000), 1)
    rnd.handle(PlaceWager(seat=2, amount=2000), 2)
    rnd.handle(AnnounceNoMoreBets(), DEALER)
    rnd.handle(ShakeDice(), 6)
    rnd.handle(DealTiles(), DEALER)
    for actor in (2, 1, 6):
        seat = rnd.next_to_set(actor)
        assert seat is not None
        tiles = [t.code for t in rnd.tiles_of(seat)]
        rnd.handle(SetHands(seat=seat, together=(tiles[0], tiles[1])), actor)
    if rnd.state.phase == "dealer_setting":
        rnd.handle(SetDealerHands(), DEALER)
    rnd.handle(SettleWagers(), DEALER)
    assert rnd.finished and any(isinstance(e, BankSettled) for e in rnd.events)
    replayed = PaiGowRound.replay(PaiGowRound.events_from_json(snapshot(rnd)[0]))
    assert snapshot(replayed) == snapshot(rnd)


def pg_tampered(rnd: PaiGowRound, change: Any) -> list[Any]:
    data = json.loads(PaiGowRound.events_to_json(rnd.events))
    change(data)
    return PaiGowRound.events_from_json(json.dumps(data))


def first(data: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    return next(
        e for e in data if e["type"] == kind and all(e.get(k) == v for k, v in match.items())
    )


def _set(event: dict[str, Any], **values: Any) -> None:
    event.update(values)


def _other_dice(data: list[dict[str, Any]]) -> None:
    shaken = first(data, "DiceShaken")
    faces = [1, 1, 1] if shaken["total"] != 3 else [6, 6, 6]
    _set(shaken, faces=faces, total=sum(faces))


def _tile_changed(data: list[dict[str, Any]]) -> None:
    delivered = first(data, "TilesDelivered")
    tiles = delivered["deliveries"][0]["tiles"]
    tiles[0] = "6-6" if tiles[0] != "6-6" else "1-1"


def _tile_twice(data: list[dict[str, Any]]) -> None:
    stacks = first(data, "TilesMixed")["stacks"]
    stacks[0][0] = stacks[0][1] if stacks[0][1] != stacks[0][0] else stacks[0][2]
    if stacks[0][0] == stacks[0][1] == stacks[0][2]:  # pragma: no cover - three alike
        stacks[0][0] = "6-6"


def _stacks_swapped(data: list[dict[str, Any]]) -> None:
    stacks = first(data, "TilesMixed")["stacks"]
    stacks[0], stacks[7] = stacks[7], stacks[0]


def _hands_swapped(data: list[dict[str, Any]]) -> None:
    hands = first(data, "HandsSet")
    hands["high"], hands["low"] = (
        [hands["high"][0], hands["low"][0]],
        [
            hands["high"][1],
            hands["low"][1],
        ],
    )


PAI_GOW_TAMPERING = {
    "payout inflated": lambda d: _set(
        first(d, "WagerSettled", outcome="win"),
        won=first(d, "WagerSettled", outcome="win")["won"] + 100,
    ),
    "vigorish lowered": lambda d: _set(
        first(d, "VigorishCollected"), amount=first(d, "VigorishCollected")["amount"] - 5
    ),
    "losing wager paid": lambda d: _set(
        first(d, "WagerSettled", outcome="lose"), outcome="win", odds="1", returned=1, won=1
    ),
    "surrender made a loss": lambda d: _set(
        first(d, "WagerSettled", outcome="surrender"), outcome="lose"
    ),
    "tile delivered changed": _tile_changed,
    "mix with a tile twice": _tile_twice,
    "stacks swapped": _stacks_swapped,
    "dice changed": _other_dice,
    "dice total changed": lambda d: _set(
        first(d, "DiceShaken"), total=first(d, "DiceShaken")["total"] + 1
    ),
    "impossible dice": lambda d: _set(first(d, "DiceShaken"), faces=[7, 7, 7], total=21),
    "delivery style changed": lambda d: _set(
        first(d, "DeliveryChosen"), style="chee_yee", cite="621a.9(5)"
    ),
    "player's setting changed": _hands_swapped,
    "house way shown changed": lambda d: _set(first(d, "HouseWayShown"), rule="x"),
    "dealer's setting changed": lambda d: _set(first(d, "DealerHandsReset"), rule="entered"),
    "dealer's reset removed": lambda d: d.remove(first(d, "DealerHandsReset")),
    "settlement deleted": lambda d: d.remove(first(d, "WagerSettled", outcome="lose")),
    "settlement duplicated": lambda d: d.insert(-1, dict(first(d, "WagerSettled"))),
    "event after completion": lambda d: d.append(dict(first(d, "WagerPlaced"))),
    "completion repeated": lambda d: d.append(dict(d[-1])),
    "citation changed": lambda d: _set(first(d, "WagerSettled", outcome="lose"), cite="621a.10(h)"),
    "seat 7": lambda d: _set(d[0], seats={**d[0]["seats"], "7": "dee"}),
    "three areas for one player": lambda d: _set(d[0], seats={"1": "bo", "2": "bo", "3": "bo"}),
    "rules changed, stamp kept": lambda d: _set(
        d[0], rules={**d[0]["rules"], "vigorish_to_quarter": True}
    ),
    "opening display removed": lambda d: d.remove(first(d, "TilesDisplayed")),
    "context changed": lambda d: _set(first(d, "TableContext"), start_of_game=False),
    "context removed": lambda d: d.remove(first(d, "TableContext")),
}


@pytest.mark.parametrize("name", sorted(PAI_GOW_TAMPERING))
def test_replay_refuses_tampered_events(name: str) -> None:
    rnd = winning_round()
    assert snapshot(PaiGowRound.replay(rnd.events)) == snapshot(rnd)
    with pytest.raises(ReplayError):
        PaiGowRound.replay(pg_tampered(rnd, PAI_GOW_TAMPERING[name]))
