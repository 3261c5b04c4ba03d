"""The round contract (engine.py) on Pai Gow (ch. 621a).

Random play driven by ``legal_commands`` (dealer banked, player banked, co-banked, by RNG
number, with adjacent boxes) checks that what is offered is accepted, that commands not
offered are refused with a citation and change nothing, that the state is a fold
(``replay`` of the JSON events rebuilds it), that no player's view shows the tile order
or another player's unexposed tiles, and that every wager ends exactly once with the
money accounted for.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from croupier.engine import DEALER, Actor, Command, Outcome, WagerPlaced, WagerSettled
from croupier.errors import IllegalCommand
from croupier.games import GAMES
from croupier.games.pai_gow import (
    AnnounceNoMoreBets,
    BankSettled,
    ChooseDelivery,
    CutTiles,
    DealTiles,
    DecideExposedHand,
    DeclareAbandoned,
    DeclareIrregularity,
    DeclineCut,
    DirectDealerWager,
    DrawNumber,
    Irregularity,
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
    VoidRound,
)
from croupier.money import vigorish
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


def command_for(rnd: PaiGowRound, legal: Any, actor: Actor, data: st.DataObject) -> Command:
    name = legal.command
    seat = int(legal.options[0]) if legal.options and legal.options[0].isdigit() else 0
    draw = data.draw
    if name == "PlaceWager":
        return PlaceWager(seat=seat, amount=draw(st.integers(legal.min_amount, legal.max_amount)))
    if name == "TakeBank":
        chips = draw(st.integers(legal.min_amount, 60_000))
        return TakeBank(seat=seat, chips=chips, co_bank=draw(st.booleans()))
    if name == "PassBank":
        return PassBank(seat=seat)
    if name == "CutTiles":
        start = draw(st.integers(1, 7))
        length = draw(st.integers(1, 9 - start))
        block = list(range(start, start + length))
        split = draw(st.integers(0, length))
        return CutTiles(seat=seat, right=tuple(block[:split]), left=tuple(block[split:]))
    if name == "DeclineCut":
        return DeclineCut(seat=seat)
    if name == "DirectDealerWager":
        return DirectDealerWager(seat=seat, amount=draw(st.integers(0, legal.max_amount)))
    if name == "ChooseDelivery":
        return ChooseDelivery(style=draw(st.sampled_from(legal.options)))
    if name == "DeclareIrregularity":
        kind = Irregularity(draw(st.sampled_from(legal.options)))
        if kind is not Irregularity.TILE_EXPOSED:
            return DeclareIrregularity(irregularity=kind)
        exposable = rnd.exposable_positions()
        position = draw(st.sampled_from(sorted(exposable)))
        tile = draw(st.sampled_from([t.code for t in exposable[position]]))
        return DeclareIrregularity(irregularity=kind, position=position, tile=tile)
    if name == "DecideExposedHand":
        return DecideExposedHand(seat=seat, void=draw(st.booleans()))
    if name == "SetHands":
        tiles = [t.code for t in rnd.tiles_of(seat)]
        i, j = draw(st.sampled_from([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]))
        return SetHands(seat=seat, together=(tiles[i], tiles[j]))
    if name == "RequestHouseWay":
        return RequestHouseWay(seat=seat)
    if name == "SetDealerHands":
        tiles = [t.code for t in rnd.state.hands.get("dealer", ())]
        if rnd.state.dealer_plays() and draw(st.booleans()):
            return SetDealerHands(together=(tiles[0], tiles[draw(st.integers(1, 3))]))
        return SetDealerHands()
    if name == "Surrender":
        return Surrender(seat=seat)
    if name == "DeclareAbandoned":
        return DeclareAbandoned(seat=int(draw(st.sampled_from(legal.options))))
    simple: dict[str, Command] = {
        "MixTiles": MixTiles(),
        "AnnounceNoMoreBets": AnnounceNoMoreBets(),
        "ShakeDice": ShakeDice(),
        "DrawNumber": DrawNumber(),
        "DealTiles": DealTiles(),
        "SettleWagers": SettleWagers(),
        "VoidRound": VoidRound(reason="table closed"),
    }
    return simple[name]


BAD: list[Command] = [
    PlaceWager(seat=1, amount=1000),
    PlaceWager(seat=4, amount=1000),
    PlaceWager(seat=2, amount=-5),
    PlaceWager(seat=6, amount=10.5),
    TakeBank(seat=1, chips=100_000),
    PassBank(seat=2),
    MixTiles(),
    CutTiles(seat=1, right=(1, 3)),
    AnnounceNoMoreBets(),
    ShakeDice(),
    DrawNumber(),
    DealTiles(),
    SetHands(seat=1, together=("6-6", "6-6")),
    SetHands(seat=3, together=("1-2", "2-4")),
    SetDealerHands(),
    Surrender(seat=6),
    SettleWagers(),
    DecideExposedHand(seat=1, void=True),
    DeclareIrregularity(irregularity=Irregularity.DIE_FELL_OUT),
    DeclareIrregularity(irregularity=Irregularity.TILE_EXPOSED, position="dealer", tile="0-0"),
]


def offered(rnd: PaiGowRound, command: Command, actor: Actor) -> bool:
    name = type(command).__name__
    return any(legal.command == name for legal in rnd.legal_commands(actor))


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=st.data(), config=st.sampled_from(sorted(CONFIGS)), seed=st.integers(0, 2**32))
def test_random_play_keeps_the_contract(data: st.DataObject, config: str, seed: int) -> None:
    rnd = open_round(config, seed)
    for _ in range(80):
        if rnd.finished:
            break
        if data.draw(st.integers(0, 4), label="bad command") == 0:
            command = data.draw(st.sampled_from(BAD))
            actor: Actor = data.draw(st.sampled_from([1, 2, 3, 4, 6, DEALER]))
            if not offered(rnd, command, actor):
                before = snapshot(rnd)
                with pytest.raises(IllegalCommand) as refused:
                    rnd.handle(command, actor)
                assert refused.value.cite
                assert str(refused.value).endswith(f"({refused.value.cite})")
                assert snapshot(rnd) == before, "a refused command changes nothing"
            continue
        actors: list[Actor] = [a for a in (1, 2, 3, 6, DEALER) if rnd.legal_commands(a)]
        actor = data.draw(st.sampled_from(actors))
        legal_list = rnd.legal_commands(actor)
        if data.draw(st.integers(0, 30), label="void now") > 0:
            legal_list = [lg for lg in legal_list if lg.command != "VoidRound"] or legal_list
        legal = data.draw(st.sampled_from(legal_list))
        command = command_for(rnd, legal, actor, data)
        events = rnd.handle(command, actor)
        assert events and all(e.cite for e in events)
        check_views(rnd)
        rebuilt = PaiGowRound.replay(PaiGowRound.events_from_json(snapshot(rnd)[0]))
        assert snapshot(rebuilt) == snapshot(rnd)
    event("finished" if rnd.finished else "unfinished")
    if rnd.finished:
        check_money(rnd)


def check_views(rnd: PaiGowRound) -> None:
    """No player's or public view has the tile order or tiles the viewer may not see."""
    state = rnd.state
    for viewer in (None, 1, 2, 3, 6):
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
    placed = {e.seat: e.amount for e in rnd.events if isinstance(e, WagerPlaced)}
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
    assert GAMES["pai-gow"] is PaiGowRound


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
