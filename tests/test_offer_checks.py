"""One check per command, used twice (issue 30): in the card games, Pai Gow and Craps, each
command is offered exactly where the check that refuses it in ``decide`` passes, with the
values that check allows, for every actor (each seat, an empty seat, the dealer), at every
step of rounds played at random from the offers (:func:`contract.play.session`); what is
not offered (another seat, a spot, a style, a call) is refused by the same check.

What a round offers is read from its typed offers alone (:func:`_offered`); what its checks
allow is asked of the checks alone (each game's ``_allowed``), so the two are compared, not
one derived from the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from contract.play import session, variants
from croupier.engine import DEALER, Actor, Round
from croupier.games._common import checked, passes
from croupier.games.craps import CrapsRound
from croupier.games.criss_cross_poker import COMMUNITY, CROSS, CrissCrossPokerRound
from croupier.games.double_back_jack import DoubleBackJackRound
from croupier.games.go_fore_it import GoForeItRound
from croupier.games.pai_gow import PaiGowRound
from croupier.offers import Amount, Choice, Fixed, Integers
from croupier.rules.double_back_jack import spot_name

Item = tuple[Any, ...]
EMPTY_SEAT = 99

CARD_CHECKS = {
    "ShuffleCards": "check_shuffle",
    "CutCards": "check_cut",
    "RequireRecut": "check_recut",
    "DealCards": "check_deal",
    "CountStub": "check_count_stub",
    "DiscardStub": "check_discard_stub",
    "ResolveMiscount": "check_resolve_miscount",
}
"""The card commands shared by Go Fore It and Criss-Cross Poker, and their checks (their
fields' ranges are fixed: a cut 10 to 51, a count 0 to 52)."""


def _value(typed: Any) -> list[Any]:
    if isinstance(typed, Choice):
        return [str(value) for value in typed.values]
    if isinstance(typed, Fixed):
        return [str(typed.value)]
    if isinstance(typed, Amount | Integers):
        return [(typed.low, typed.high)]
    raise AssertionError(f"no values in {typed!r}")


def _offered(round_: Round[Any], actor: Actor, keyed: tuple[str, ...]) -> list[Item]:
    """Every (command, value of each ``keyed`` field it has, in that order) ``actor`` is
    offered: a choice gives one item per value, an amount or a range its (least, most);
    a card command is its name alone."""
    items: list[Item] = []
    for legal in round_.legal_commands(actor):
        if "seat" in legal.fields and keyed and "seat" not in keyed:  # a seat acts for itself
            assert legal.values("seat") == (actor,), (legal.command, actor)
        rows: list[Item] = [(legal.command,)]
        for name in () if legal.command in CARD_CHECKS else keyed:
            if name in legal.fields:
                rows = [(*row, value) for row in rows for value in _value(legal.fields[name])]
        items += rows
    return sorted(items, key=repr)


def _dealer_checks(round_: Any, actor: Actor, checks: dict[str, str]) -> list[Item]:
    return [(name,) for name, check in checks.items() if passes(getattr(round_, check), actor)]


def _go_fore_it(round_: GoForeItRound, actor: Actor) -> list[Item]:
    from croupier.games.go_fore_it import Irregularity, Spot

    state = round_.state
    items = _dealer_checks(
        round_,
        actor,
        {
            **CARD_CHECKS,
            "AnnounceNoMoreBets": "check_no_more_bets",
            "RevealDealerHand": "check_reveal",
            "VoidRound": "check_void",
        },
    )
    if isinstance(actor, int):
        for spot in (Spot.FRONT_9, Spot.SKINS, Spot.GOPHER):
            bound = checked(round_.check_spot, actor, spot, actor)
            if bound is not None and bound.high >= bound.low:
                items.append(("PlaceWager", str(spot), (bound.low, bound.high)))
        if passes(round_.check_decision, actor, actor):
            front = state.wagers[actor][Spot.FRONT_9]
            items += [("PlaceWager", "back_9", (front, front)), ("Fold",)]
        items += [
            ("WithdrawWager", str(spot))
            for spot in Spot
            if passes(round_.check_withdraw, actor, spot, actor)
        ]
    for kind in Irregularity:
        if not passes(round_.check_irregularity, kind, actor):
            continue
        if kind is not Irregularity.CARD_EXPOSED:
            items.append(("DeclareIrregularity", str(kind)))
            continue
        items += [
            ("DeclareIrregularity", str(kind), str(hand), str(card))
            for hand in state.hands
            for card in range(6)
            if round_._why_not_exposed(hand, card) is None
        ]
    return items


def _criss_cross_poker(round_: CrissCrossPokerRound, actor: Actor) -> list[Item]:
    from croupier.games.criss_cross_poker import MAX_BET_MULTIPLE, Irregularity, Spot

    state = round_.state
    items = _dealer_checks(
        round_,
        actor,
        {**CARD_CHECKS, "AnnounceNoMoreBets": "check_no_more_bets", "VoidRound": "check_void"},
    )
    if checked(round_.check_reveal, actor) is not None:
        items.append(("RevealCommunityCards",))
    if isinstance(actor, int):
        antes = checked(round_.check_antes, actor, actor)
        if antes is not None and antes.high >= antes.low:
            items.append(("PlaceAntes", (antes.low, antes.high)))
        bonus = checked(round_.check_spot, actor, Spot.FIVE_CARD_BONUS, actor)
        if bonus is not None and bonus.high >= bonus.low:
            items.append(("PlaceWager", str(Spot.FIVE_CARD_BONUS), (bonus.low, bonus.high)))
        bet = checked(round_.check_decision, actor, actor)
        if bet is not None:
            ante = state.wagers[actor][Spot.ANTE_ACROSS]
            items += [("PlaceWager", str(bet), (ante, MAX_BET_MULTIPLE * ante)), ("Fold",)]
        items += [
            ("WithdrawWager", str(spot))
            for spot in Spot
            if passes(round_.check_withdraw, actor, spot, actor)
        ]
    for kind in Irregularity:
        if not passes(round_.check_irregularity, kind, actor):
            continue
        if kind is not Irregularity.COMMUNITY_CARD_EXPOSED:
            items.append(("DeclareIrregularity", str(kind)))
            continue
        dealt = len(state.hands.get(COMMUNITY, []))
        items += [
            ("DeclareIrregularity", str(kind), str(position))
            for position in CROSS[:dealt]
            if position not in state.turned
        ]
    return items


def _double_back_jack(round_: DoubleBackJackRound, actor: Actor) -> list[Item]:
    from croupier.games.double_back_jack.commands import Decision, Irregularity
    from croupier.rules.double_back_jack import Spot

    state, rules = round_.state, round_.rules
    items = _dealer_checks(
        round_,
        actor,
        {
            "ShuffleCards": "check_shuffle",
            "CutCards": "check_cut",
            "LoadShoe": "check_load",
            "RequireRecut": "check_recut",
            "BurnCard": "check_burn",
            "DealCards": "check_deal",
            "ReadHoleCard": "check_read",
            "PlayDealerHand": "check_play_dealer",
            "SettleWagers": "check_settle",
            "VoidRound": "check_void",
        },
    )
    items += [
        ("DeclareIrregularity", str(kind))
        for kind in Irregularity
        if passes(round_.check_irregularity, kind, actor)
    ]
    if not isinstance(actor, int):
        return items
    if passes(round_._check_offered, actor, actor):
        items += [("AcceptCut",), ("RefuseCut",)]
    if passes(round_.check_spot, actor, Spot.BLACKJACK, actor):
        items.append(("PlaceWager", "blackjack", (rules.minimum_wager, rules.maximum_wager)))
    limit = checked(round_.check_insurance, actor, actor)
    if limit is not None:
        items.append(("PlaceWager", "insurance", (1, limit)))
    for decision in Decision:
        if decision is not Decision.DOUBLE:
            if passes(round_.check_decide, actor, decision, actor):
                items.append(("Decide", str(decision)))
        elif passes(round_.check_decide, actor, decision, actor, 1):
            hand = state.to_act()
            assert hand is not None
            wager = state.wagers[actor][spot_name(Spot.BLACKJACK, hand.index)]
            items.append(("Decide", (1, wager), str(decision)))
    return items


PAI_GOW_CHECKS = {
    "MixTiles": "check_mix",
    "AnnounceNoMoreBets": "check_no_more_bets",
    "DrawNumber": "check_draw",
    "DealTiles": "check_deal",
    "SettleWagers": "check_settle",
    "VoidRound": "check_void",
}
"""Pai Gow's commands whose check takes the actor alone."""
AREAS = range(1, 9)
"""Every betting area of Pai Gow (1 to 7) and one more: each is asked of every check."""


def _pai_gow(round_: PaiGowRound, actor: Actor) -> list[Item]:
    from croupier.games.pai_gow.commands import SPOT, Irregularity
    from croupier.rules.pai_gow import DeliveryStyle

    state, rules = round_.state, round_.rules
    items = _dealer_checks(round_, actor, PAI_GOW_CHECKS)
    items += [
        ("ChooseDelivery", str(style))
        for style in DeliveryStyle
        if passes(round_.check_delivery, actor, style)
    ]
    if passes(round_.check_shake, actor, False):
        items.append(("ShakeDice",))
    if passes(round_.check_set_dealer, actor):
        items.append(("SetDealerHands",))
    for kind in Irregularity:
        if not passes(round_.check_irregularity, kind, actor):
            continue
        if kind is not Irregularity.TILE_EXPOSED:
            items.append(("DeclareIrregularity", str(kind)))
            continue
        # Each tile dealt that the declaration's check passes, at the positions offered
        # (exposable_positions: no set hand, not even the bank's).
        exposable = round_.exposable_positions()
        for position, dealt in state.hands.items():
            items += [
                ("DeclareIrregularity", str(kind), position, code)
                for code in {tile.code for tile in dealt}
                if position in exposable and passes(round_.check_exposed, position, code)
            ]
    for seat in AREAS:
        where = str(seat)
        if passes(round_.check_abandoned, seat, actor):
            items.append(("DeclareAbandoned", where))
        if passes(round_.check_bank_answer, seat, actor, True):
            items += [("TakeBank", where, (rules.minimum_wager, None)), ("PassBank", where)]
        bound = checked(round_.check_spot, seat, SPOT, actor)
        if bound is not None and bound.high >= bound.low:
            items.append(("PlaceWager", where, SPOT, (bound.low, bound.high)))
        if passes(round_.check_withdraw, seat, SPOT, actor):
            items.append(("WithdrawWager", where, SPOT))
        if passes(round_.check_cut, seat, actor):
            items += [("CutTiles", where), ("DeclineCut", where)]
        most = checked(round_.check_direct_seat, seat, actor)
        if most is not None and state.dealer_wager:  # with no wager, none to lower
            items.append(("DirectDealerWager", where, (0, most)))
        if passes(round_.check_decide_exposed, seat, actor):
            items += [("DecideExposedHand", where, str(void)) for void in (True, False)]
        if passes(round_.check_set, seat, actor):
            items.append(("SetHands", where))
            # The house way: asked for the area set next, a player bank's own included.
            if passes(round_.check_house_way, seat, actor):
                items.append(("RequestHouseWay", where))
        if passes(round_.check_surrender, seat, actor):
            items.append(("Surrender", where))
    return items


CRAPS_CHECKS = {
    "EndTurn": "check_end_turn",
    "AnnounceNoMoreBets": "check_no_more_bets",
    "OfferDice": "check_offer_dice",
    "CallRoll": "check_call_roll",
    "VoidRound": "check_void",
}
"""Craps' dealer commands whose check takes the actor alone."""


def _craps(round_: CrapsRound, actor: Actor) -> list[Item]:
    from croupier.games.craps import Irregularity, all_spots

    items = _dealer_checks(round_, actor, CRAPS_CHECKS)
    items += [
        ("ThrowDice",) for reading in (False, True) if passes(round_.check_throw, actor, reading)
    ]
    if passes(round_.check_no_roll, actor):
        items += [("DeclareIrregularity", str(kind)) for kind in Irregularity]
    if passes(round_.check_select, None if actor == DEALER else actor, actor):
        items.append(("SelectDice", (1, 5), (1, 5)))
    if not isinstance(actor, int):
        return items
    for spot in all_spots():
        limits = checked(round_.check_spot, actor, spot, actor)
        if limits is not None:
            items.append(("PlaceWager", spot, (limits.low, limits.high)))
        if passes(round_.check_remove, actor, spot, actor):
            items.append(("RemoveWager", spot))
        items += [
            ("CallWager", spot, str(working))
            for working in (True, False)
            if passes(round_.check_call, actor, spot, working, actor)
        ]
    if passes(round_.check_give_up, actor, actor):
        items.append(("GiveUpDice",))
    return items


GAMES: dict[str, tuple[type[Round[Any]], Callable[[Any, Actor], list[Item]], tuple[str, ...]]] = {
    "go-fore-it": (GoForeItRound, _go_fore_it, ("spot", "amount", "irregularity", "hand", "card")),
    "criss-cross-poker": (
        CrissCrossPokerRound,
        _criss_cross_poker,
        ("spot", "amount", "ante_across", "irregularity", "position"),
    ),
    "pai-gow": (
        PaiGowRound,
        _pai_gow,
        ("seat", "spot", "amount", "style", "void", "irregularity", "position", "tile"),
    ),
    "craps": (
        CrapsRound,
        _craps,
        ("spot", "amount", "working", "irregularity", "first", "second"),
    ),
    "double-back-jack": (
        DoubleBackJackRound,
        _double_back_jack,
        ("spot", "amount", "decision", "irregularity"),
    ),
}


def _agree(round_: Round[Any], game: str) -> None:
    _, allowed, keyed = GAMES[game]
    actors: Iterable[Actor] = [*sorted(round_.opened.seats), EMPTY_SEAT, DEALER]
    for actor in actors:
        expected = [] if round_.finished else sorted(allowed(round_, actor), key=repr)
        offered = _offered(round_, actor, keyed)
        assert offered == expected, (game, actor, round_.state.phase)


ROUNDS = {"double-back-jack": 30, "craps": 3}
"""Rounds per variant (6 unless named): Double Back Jack needs more to reach a cut, a
late card and a refused card; a Craps round is a whole turn of the dice."""

SEEN = {
    "go-fore-it": {"PlaceWager", "WithdrawWager", "Fold", "AnnounceNoMoreBets", "DealCards"},
    "criss-cross-poker": {"PlaceAntes", "PlaceWager", "WithdrawWager", "Fold", "DiscardStub"},
    "double-back-jack": {"PlaceWager", "Decide", "AcceptCut", "RefuseCut", "CutCards", "LoadShoe"},
    "pai-gow": {
        "PlaceWager",
        "WithdrawWager",
        "SetHands",
        "RequestHouseWay",
        "CutTiles",
        "ShakeDice",
    },
    "craps": {"PlaceWager", "RemoveWager", "CallWager", "GiveUpDice", "ThrowDice", "CallRoll"},
}
"""Commands each game's rounds must have offered at least once, so that the comparison
covered them."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_command_is_offered_exactly_where_its_check_passes(game: str) -> None:
    seen: set[str] = set()

    def on_step(round_: Round[Any]) -> None:
        _agree(round_, game)
        seen.update(legal.command for legal in round_.legal_commands(DEALER))
        for seat in round_.opened.seats:
            seen.update(legal.command for legal in round_.legal_commands(seat))

    rounds = ROUNDS.get(game, 6)
    for index, variant in enumerate(variants(game)):
        for played in session(game, variant, rounds=rounds, seed=index, on_step=on_step):
            assert isinstance(played.round, GAMES[game][0])
    assert SEEN[game] <= seen, SEEN[game] - seen
