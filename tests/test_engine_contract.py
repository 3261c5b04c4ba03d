"""The round contract (engine.py), exercised on High Roll Dice.

The generic contract (random play from ``legal_commands``, replay, refused commands,
views) is checked for every game in tests/contract. Here: every cent wagered in random
play is returned, paid, collected or lost exactly once; the round's stamp; replay of
tampered rules, older stored rules and tampered events; the views' shared layout.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import croupier
from contract.play import random_rounds
from croupier.engine import DEALER, Outcome, Round, RoundOpened, WagerPlaced
from croupier.errors import NoRandomSource, ReplayError
from croupier.games.high_roll_dice import (
    EXTRA_ROLL,
    AnnounceNoMoreBets,
    CallResult,
    ExtraRollCollected,
    HighRollDiceRound,
    PlaceWager,
    ThrowDice,
)
from croupier.registry import GAMES
from croupier.rng import SeededRng
from croupier.rules.high_roll_dice import HighRollDiceRules, Variant


def open_round(variant: Variant = Variant.TEN_DICE, seed: int = 0) -> HighRollDiceRound:
    seats = {1: "ann", 2: "bo", 4: "cy"}
    return HighRollDiceRound.open(
        HighRollDiceRules(variant=variant),
        table_id="T1",
        round_id="R1",
        seats=seats,
        rng=SeededRng(seed),
    )


def snapshot(round_: Round[Any]) -> tuple[str, str]:
    return (
        type(round_).events_to_json(round_.events),
        json.dumps(round_.view(None), sort_keys=True),
    )


def test_random_rounds_settle_every_wager_once() -> None:
    """Random play from ``legal_commands`` (the contract suite's driver, which also checks
    the generic contract: tests/contract) under each variant: every wager ends once."""
    for seed, variant in enumerate(Variant):
        for round_ in random_rounds(
            "high-roll-dice", {"variant": variant.value}, rounds=40, seed=seed
        ):
            check_money(round_)


def check_money(round_: HighRollDiceRound) -> None:
    """Every wager placed ends exactly once: settled, or (an Extra Roll) collected."""
    placed = {(e.seat, e.spot): e.amount for e in round_.events if isinstance(e, WagerPlaced)}
    settled: dict[tuple[int, str], int] = {}
    for settlement in round_.state.settlements:
        key = (settlement.seat, settlement.spot)
        assert key not in settled, f"{key} settled twice"
        settled[key] = settlement.amount
        assert settlement.returned in (0, settlement.amount)
        if settlement.outcome is Outcome.LOSE:
            assert settlement.returned == settlement.won == 0
        if settlement.outcome is Outcome.VOID:
            assert settlement.returned == settlement.amount and settlement.won == 0
    collected = {(e.seat, EXTRA_ROLL) for e in round_.events if isinstance(e, ExtraRollCollected)}
    for key, amount in placed.items():
        assert key in settled or key in collected, f"{key} neither settled nor collected"
        if key in settled:
            assert settled[key] == amount
    assert set(settled) <= set(placed)


def test_every_round_is_stamped() -> None:
    rules = HighRollDiceRules(variant=Variant.SIX_DICE, payout_limit=6_000_000)
    round_ = HighRollDiceRound.open(
        rules, table_id="T9", round_id="R77", seats={3: "x"}, rng=SeededRng(1)
    )
    opened = round_.events[0]
    assert isinstance(opened, RoundOpened)
    assert opened.croupier_version == croupier.__version__
    assert (opened.table_id, opened.round_id, opened.game) == ("T9", "R77", "high-roll-dice")
    canonical = json.dumps(rules.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    assert opened.rules_sha256 == hashlib.sha256(canonical.encode()).hexdigest()
    assert HighRollDiceRules.model_validate(opened.rules) == rules


def test_replay_refuses_tampered_rules_and_foreign_events() -> None:
    round_ = open_round()
    round_.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=500), 1)
    opened = round_.events[0]
    assert isinstance(opened, RoundOpened)
    tampered = opened.model_copy(update={"rules": {**opened.rules, "payout_rounding": "up"}})
    with pytest.raises(ReplayError, match="sha256"):
        HighRollDiceRound.replay([tampered, *round_.events[1:]])
    with pytest.raises(ReplayError):
        HighRollDiceRound.replay(round_.events[1:])
    # A throw recorded before "no more bets" cannot be a High Roll Dice round.
    out_of_order = [*round_.events, *open_round().events[1:]]
    thrown = open_round()
    thrown.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=500), 1)
    thrown.handle(AnnounceNoMoreBets(), DEALER)
    dice = thrown.handle(ThrowDice(), DEALER)
    with pytest.raises(ReplayError, match="not allowed"):
        HighRollDiceRound.replay([*out_of_order, *dice])


def test_a_round_stored_before_a_rule_was_added_still_replays() -> None:
    """A rule added to the Rules Submission later is absent from an older round's stored
    rules; replay gives it its default, and every rule that was stored still counts."""
    round_ = open_round()
    round_.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=500), 1)
    opened = round_.events[0]
    assert isinstance(opened, RoundOpened)
    assert opened.rules["payout_rounding"] == HighRollDiceRules().payout_rounding
    older = {key: value for key, value in opened.rules.items() if key != "payout_rounding"}
    text = json.dumps(older, sort_keys=True, separators=(",", ":"))
    stamped = opened.model_copy(
        update={"rules": older, "rules_sha256": hashlib.sha256(text.encode()).hexdigest()}
    )
    replayed = HighRollDiceRound.replay([stamped, *round_.events[1:]])
    assert replayed.events[1:] == round_.events[1:]
    # A stored rule must still be in canonical form: the minimum as a float is refused.
    loose = {**older, "minimum_wager": float(older["minimum_wager"])}
    text = json.dumps(loose, sort_keys=True, separators=(",", ":"))
    forged = opened.model_copy(
        update={"rules": loose, "rules_sha256": hashlib.sha256(text.encode()).hexdigest()}
    )
    with pytest.raises(ReplayError):
        HighRollDiceRound.replay([forged, *round_.events[1:]])


def test_a_replayed_round_has_no_random_source() -> None:
    round_ = open_round()
    round_.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=500), 1)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    replayed = HighRollDiceRound.replay(round_.events)
    with pytest.raises(NoRandomSource, match="no random source"):
        replayed.handle(ThrowDice(), DEALER)
    assert replayed.events == round_.events


def test_views_show_the_same_layout_to_everyone() -> None:
    round_ = open_round()
    round_.handle(PlaceWager(seat=1, spot="pip_street:ace", amount=500), 1)
    public = round_.view(None)
    for actor in (1, 2, DEALER):
        view = round_.view(actor)
        assert {**view, "viewer": None} == public
    assert public["wagers"] == {"1": {"pip_street:ace": 500}}
    json.dumps(public)


def test_commands_parse_from_json() -> None:
    command = HighRollDiceRound.command_adapter.validate_json(
        '{"type": "PlaceWager", "seat": 2, "spot": "like_kind:4", "amount": 500}'
    )
    assert command == PlaceWager(seat=2, spot="like_kind:4", amount=500)


def test_game_registry() -> None:
    assert GAMES["high-roll-dice"].round_type is HighRollDiceRound


def full_round() -> HighRollDiceRound:
    """A finished ten-dice round with an Extra Roll and wagers of every kind."""
    for seed in range(100):
        round_ = open_round(seed=seed)
        for spot in [
            "pip_street:ace",
            "pip_street:six",
            "like_kind:3",
            "like_kind:5",
            "like_kind:6",
            "like_kind:7",
            "extra_roll",
            "millionaire_row:10",
        ]:
            amount = 100 if spot.startswith("millionaire") else 500
            round_.handle(PlaceWager(seat=1, spot=spot, amount=amount), 1)
        round_.handle(PlaceWager(seat=2, spot="pip_street:two", amount=700), 2)
        round_.handle(AnnounceNoMoreBets(), DEALER)
        round_.handle(ThrowDice(), DEALER)
        round_.handle(CallResult(), DEALER)
        if any(e.type == "WagerHeld" for e in round_.events):  # type: ignore[attr-defined]
            round_.handle(ThrowDice(), DEALER)
            round_.handle(CallResult(), DEALER)
            return round_
    raise AssertionError("no seed gave an Extra Roll")


def tampered(round_: HighRollDiceRound, change: Any) -> list[Any]:
    data = json.loads(HighRollDiceRound.events_to_json(round_.events))
    change(data)
    return HighRollDiceRound.events_from_json(json.dumps(data))


def first(data: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    return next(
        e for e in data if e["type"] == kind and all(e.get(k) == v for k, v in match.items())
    )


def _set(event: dict[str, Any], **values: Any) -> None:
    event.update(values)


TAMPERING = {
    "winnings inflated": lambda d: _set(
        first(d, "WagerSettled", outcome="lose"), outcome="win", returned=500, won=99_999
    ),
    "first-roll dice changed": lambda d: _set(first(d, "DiceThrown", roll="first"), faces=[1] * 10),
    "impossible faces": lambda d: _set(first(d, "DiceThrown", roll="first"), faces=[7, 7, 7]),
    "call changed": lambda d: _set(first(d, "ResultCalled"), face=1, count=10),
    "extra roll total changed": lambda d: _set(first(d, "ExtraRollCalled"), total=8),
    "unequal wager": lambda d: _set(first(d, "WagerPlaced", spot="pip_street:six"), amount=900),
    "millionaire row over $1": lambda d: _set(
        first(d, "WagerPlaced", spot="millionaire_row:10"), amount=50_000
    ),
    "seven seats": lambda d: _set(d[0], seats={str(n): f"p{n}" for n in range(1, 8)}),
    "rules changed, stamp kept": lambda d: _set(d[0], rules={**d[0]["rules"], "variant": "x"}),
    "settlement deleted": lambda d: d.remove(first(d, "WagerSettled")),
    "extra roll not collected": lambda d: d.remove(first(d, "ExtraRollCollected")),
    "die corrected inserted": lambda d: d.insert(
        4, {"type": "DieCorrected", "die": 0, "resting_face": 6, "face": 1, "cite": "x"}
    ),
    "event after completion": lambda d: d.append(dict(first(d, "WagerPlaced"))),
    "wager by an unseated seat": lambda d: _set(first(d, "WagerPlaced"), seat=5),
    "unknown spot": lambda d: _set(first(d, "WagerPlaced"), spot="pip_street:seven"),
    "settlement duplicated": lambda d: d.insert(-1, dict(first(d, "WagerSettled"))),
    "citation changed": lambda d: _set(first(d, "WagerSettled"), cite="675a.5(a)"),
}


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_replay_refuses_tampered_events(name: str) -> None:
    round_ = full_round()
    assert snapshot(HighRollDiceRound.replay(round_.events)) == snapshot(round_)
    with pytest.raises(ReplayError):
        HighRollDiceRound.replay(tampered(round_, TAMPERING[name]))
