"""The round contract (engine.py), exercised on Go Fore It (ch. 676a).

The generic contract (random play from ``legal_commands``, replay from JSON, refused
commands change nothing, what the events and views show each viewer) is checked for every
game in tests/contract. Here, in random play and in full rounds at a table of six, no
view but the dealer's ever shows a card that is not face up or the viewer's own front
card, and every cent wagered is withdrawn or settled exactly once; and the replay of
rounds interrupted mid-deal, of a table's rounds and of tampered events.

The cards a viewer may see are worked out here from the events alone (676a.11(a): a
player examines his own two front cards once the deal and the stub are done; 676a.11(d):
the dealer's cards and each settled hand are turned face up; 676a.13(a): a card found
face up in the deck), independently of the engine's ``view``.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from typing import Any

import pytest

import croupier
from contract.play import random_rounds
from croupier.engine import (
    DEALER,
    Outcome,
    Round,
    RoundOpened,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.cards import deck
from croupier.errors import NoRandomSource, NotYourTurn, OtherSeat, ReplayError
from croupier.games.go_fore_it import (
    AnnounceNoMoreBets,
    CardDealt,
    CardDiscarded,
    CountStub,
    CutCards,
    DealCards,
    DealerHandRevealed,
    DeclareIrregularity,
    Fold,
    GoForeItRound,
    GoForeItTable,
    HandTurnedUp,
    Irregularity,
    PlaceWager,
    ResolveMiscount,
    RevealDealerHand,
    ShuffleCards,
    StubDiscarded,
    WagerWithdrawn,
)
from croupier.registry import GAMES
from croupier.rng import SeededRng
from croupier.rules.go_fore_it import GoForeItRules

SEATS = {1: "ann", 2: "bo", 4: "cy"}
RULE_SETS: list[dict[str, Any]] = [
    {},
    {"shuffling": "automated"},
    {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
    {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
    {"dealing_procedure": "automated_shoe", "gopher_paytable": "b"},
]
CARD_TEXTS = [str(card) for card in deck()]


def open_round(rules: dict[str, Any], seed: int) -> GoForeItRound:
    return GoForeItRound.open(
        GoForeItRules(**rules), table_id="T1", round_id="R1", seats=SEATS, rng=SeededRng(seed)
    )


def views(round_: Round[Any]) -> dict[Any, str]:
    return {
        actor: json.dumps(round_.view(actor), sort_keys=True)
        for actor in (None, DEALER, *round_.state.seats)
    }


def snapshot(round_: Round[Any]) -> tuple[str, dict[Any, str]]:
    return type(round_).events_to_json(round_.events), views(round_)


# --- what a viewer may see, from the events alone --------------------------------------------
def allowed_cards(round_: GoForeItRound, viewer: int | None) -> set[str]:
    """The cards ``viewer`` (a seat, or ``None`` for the public) may have seen."""
    allowed: set[str] = set()
    examined = any(isinstance(e, StubDiscarded) for e in round_.events)
    for e in round_.events:
        if isinstance(e, CardDiscarded):
            allowed.add(str(e.card))
        elif isinstance(e, DealerHandRevealed | HandTurnedUp):
            allowed.update(str(card) for card in e.cards)
        elif (
            isinstance(e, CardDealt)
            and examined
            and viewer is not None
            and e.hand == viewer
            and e.position < 2
        ):
            allowed.add(str(e.card))
    return allowed


def check_hidden(round_: GoForeItRound) -> None:
    """No player's view and not the public view shows a card it may not see."""
    for viewer in (None, *round_.state.seats):
        text = json.dumps(round_.view(viewer))
        shown = set(re.findall(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])", text))
        hidden = set(CARD_TEXTS) - allowed_cards(round_, viewer)
        assert not shown & hidden, f"view {viewer} shows hidden {sorted(shown & hidden)}"
        assert "stack" not in round_.view(viewer)


# --- random play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: json.dumps(r, sort_keys=True))
def test_random_rounds_show_only_visible_cards_and_settle_every_cent(
    rules: dict[str, Any],
) -> None:
    """Random play from ``legal_commands`` (the contract suite's driver; the generic
    contract is checked in tests/contract): after every command no view shows a card the
    rules above do not let it see, and every cent is withdrawn or settled once at its
    odds."""
    for round_ in random_rounds(
        "go-fore-it", rules, rounds=25, seed=len(rules), on_step=check_hidden
    ):
        assert isinstance(round_, GoForeItRound)
        check_money(round_)


def check_money(round_: GoForeItRound) -> None:
    """Every cent placed is withdrawn or settled exactly once, at the odds it names."""
    placed: dict[tuple[int, str], int] = {}
    for e in round_.events:
        if isinstance(e, WagerPlaced):
            placed[(e.seat, e.spot)] = placed.get((e.seat, e.spot), 0) + e.amount
        elif isinstance(e, WagerWithdrawn):
            assert placed.pop((e.seat, e.spot)) == e.amount
    settled: dict[tuple[int, str], WagerSettled] = {}
    for s in round_.state.settlements:
        key = (s.seat, s.spot)
        assert key not in settled, f"{key} settled twice"
        settled[key] = s
        if s.outcome is Outcome.LOSE:
            assert s.returned == s.won == 0
        elif s.outcome is Outcome.VOID:
            assert s.returned == s.amount and s.won == 0
        else:
            assert s.outcome is Outcome.WIN and s.odds is not None
            assert s.returned == s.amount and s.won == s.amount * s.odds
    assert {key: s.amount for key, s in settled.items()} == placed


# --- hidden cards through complete rounds ----------------------------------------------------
@pytest.mark.parametrize(
    "rules", RULE_SETS, ids=lambda r: r.get("dealing_procedure", "manual_shoe")
)
def test_no_hidden_card_in_any_view(rules: dict[str, Any]) -> None:
    """Full rounds at a table of six: after every command, no player's view and not the
    public view contains a card that is not face up or the viewer's own front card; the
    dealer's view holds all 52."""
    seats = {seat: f"p{seat}" for seat in range(1, 7)}
    table = GoForeItTable.start(GoForeItRules(**rules), "T", datetime(2026, 1, 1))
    for seed in range(6):
        round_ = table.open_round(seats, SeededRng(seed))
        for seat in seats:
            round_.handle(PlaceWager(seat=seat, spot="front_9", amount=500), seat)
            if seat % 2:
                round_.handle(PlaceWager(seat=seat, spot="skins", amount=500), seat)
            if seat % 3 == 0:
                round_.handle(PlaceWager(seat=seat, spot="gopher", amount=500), seat)
        for command in (AnnounceNoMoreBets(), ShuffleCards()):
            round_.handle(command, DEALER)
            check_hidden(round_)
        if round_.state.phase == "cut":
            round_.handle(CutCards(position=10 + seed), DEALER)
        while round_.state.phase == "deal":
            round_.handle(DealCards(), DEALER)
            check_hidden(round_)
        round_.handle(CountStub(), DEALER)
        check_hidden(round_)
        dealer_view = json.dumps(round_.view(DEALER))
        assert all(f'"{card}"' in dealer_view for card in CARD_TEXTS)
        while (seat := round_.state.to_act()) is not None:
            if (seat + seed) % 2:
                round_.handle(PlaceWager(seat=seat, spot="back_9", amount=500), seat)
            else:
                round_.handle(Fold(seat=seat), seat)
            check_hidden(round_)
        round_.handle(RevealDealerHand(), DEALER)
        check_hidden(round_)
        assert round_.finished
        table.finish(round_, datetime(2026, 1, 1))


# --- replay and the stamp -----------------------------------------------------------------------
def dealt_halfway(seed: int = 5) -> GoForeItRound:
    round_ = open_round({}, seed)
    for seat in SEATS:
        round_.handle(PlaceWager(seat=seat, spot="front_9", amount=500), seat)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    round_.handle(ShuffleCards(), DEALER)
    round_.handle(CutCards(position=17), DEALER)
    for _ in range(7):
        round_.handle(DealCards(), DEALER)
    return round_


def test_a_round_interrupted_mid_deal_resumes_from_its_events() -> None:
    """The stack is in the events: a round rebuilt from JSON in the middle of the deal
    deals on exactly as the original, with no random source."""
    original = dealt_halfway()
    resumed = GoForeItRound.replay(
        GoForeItRound.events_from_json(GoForeItRound.events_to_json(original.events))
    )
    assert resumed.rng is None
    a = original.handle(DealCards(all_remaining=True), DEALER)
    b = resumed.handle(DealCards(all_remaining=True), DEALER)
    assert a == b and resumed.view(DEALER) == original.view(DEALER)


def test_a_replayed_round_cannot_shuffle() -> None:
    round_ = open_round({}, 1)
    round_.handle(PlaceWager(seat=1, spot="front_9", amount=500), 1)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    replayed = GoForeItRound.replay(round_.events)
    with pytest.raises(NoRandomSource, match="no random source"):
        replayed.handle(ShuffleCards(), DEALER)
    assert replayed.events == round_.events


def test_replay_refuses_tampered_decks_and_foreign_events() -> None:
    round_ = dealt_halfway()
    dealt = [i for i, e in enumerate(round_.events) if isinstance(e, CardDealt)]
    swapped = round_.events[dealt[0]].model_copy(update={"card": round_.events[dealt[1]].card})
    with pytest.raises(ReplayError, match="is not what the rules produce: card dealt: card is"):
        GoForeItRound.replay([*round_.events[: dealt[0]], swapped])
    opened = round_.events[0]
    assert isinstance(opened, RoundOpened)
    tampered = opened.model_copy(update={"rules": {**opened.rules, "gopher_paytable": "b"}})
    with pytest.raises(ReplayError, match="sha256"):
        GoForeItRound.replay([tampered, *round_.events[1:]])
    with pytest.raises(ReplayError):
        GoForeItRound.replay(round_.events[1:])


def test_every_round_is_stamped() -> None:
    rules = GoForeItRules(gopher_paytable="b", shuffling="automated", decks=2)
    round_ = GoForeItRound.open(
        rules, table_id="T9", round_id="R77", seats={3: "x"}, rng=SeededRng(1)
    )
    opened = round_.events[0]
    assert isinstance(opened, RoundOpened)
    assert opened.croupier_version == croupier.__version__
    assert (opened.table_id, opened.round_id, opened.game) == ("T9", "R77", "go-fore-it")
    canonical = json.dumps(rules.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    assert opened.rules_sha256 == hashlib.sha256(canonical.encode()).hexdigest()
    assert GoForeItRules.model_validate(opened.rules) == rules


def test_commands_parse_from_json() -> None:
    command = GoForeItRound.command_adapter.validate_json(
        '{"type": "DeclareIrregularity", "irregularity": "card_exposed", '
        '"hand": "dealer", "card": 2}'
    )
    assert command == DeclareIrregularity(
        irregularity=Irregularity.CARD_EXPOSED, hand=DEALER, card=2
    )
    assert GoForeItRound.command_adapter.validate_json('{"type": "Fold", "seat": 3}') == Fold(
        seat=3
    )


def test_game_registry() -> None:
    assert GAMES["go-fore-it"].round_type is GoForeItRound


# --- verified replay: finished rounds and tampered events ----------------------------------------
def full_round(rules: dict[str, Any], seed: int) -> GoForeItRound:
    """A finished round: every kind of wager, a Back 9, a fold with a Skins Wager left
    in play, and (for the seed found) a winning and a losing settlement."""
    round_ = open_round(rules, seed)
    for seat in SEATS:
        round_.handle(PlaceWager(seat=seat, spot="front_9", amount=500), seat)
        round_.handle(PlaceWager(seat=seat, spot="skins", amount=600), seat)
    round_.handle(PlaceWager(seat=4, spot="gopher", amount=500), 4)
    round_.handle(AnnounceNoMoreBets(), DEALER)
    round_.handle(ShuffleCards(device_count=52 if rules.get("shuffler_counts") else None), DEALER)
    if round_.state.phase == "cut":
        round_.handle(CutCards(position=17), DEALER)
    round_.handle(DealCards(all_remaining=True), DEALER)
    round_.handle(CountStub(), DEALER)
    while (seat := round_.state.to_act()) is not None:
        if seat == 2:
            round_.handle(Fold(seat=seat), seat)
        else:
            round_.handle(PlaceWager(seat=seat, spot="back_9", amount=500), seat)
    round_.handle(RevealDealerHand(), DEALER)
    assert round_.finished
    return round_


def winning_round() -> GoForeItRound:
    for seed in range(200):
        round_ = full_round({}, seed)
        outcomes = {s.outcome for s in round_.state.settlements}
        if Outcome.WIN in outcomes and Outcome.LOSE in outcomes:
            return round_
    raise AssertionError("no seed gave a win and a loss")


def test_replay_of_a_table_round_equals_the_live_round() -> None:
    """A round opened by a table (its deck, its stub count, equipment out of order)."""
    table = GoForeItTable.start(
        GoForeItRules(shuffling="automated", decks=2, dealing_procedure="automated_shoe"),
        "T",
        datetime(2026, 1, 1),
    )
    for seed in range(3):
        round_ = table.open_round(SEATS, SeededRng(seed))
        round_.handle(PlaceWager(seat=1, spot="front_9", amount=500), 1)
        round_.handle(AnnounceNoMoreBets(), DEALER)
        if seed == 0:  # later rounds deal from a manual shoe (676a.13(g))
            round_.handle(
                DeclareIrregularity(irregularity=Irregularity.DEALING_SHOE_OUT_OF_ORDER), DEALER
            )
        round_.handle(ShuffleCards(), DEALER)
        round_.handle(DealCards(all_remaining=True), DEALER)
        round_.handle(CountStub(counted=40 + seed), DEALER)
        round_.handle(ResolveMiscount(misdealt=seed % 2 == 0), DEALER)
        assert round_.finished
        assert snapshot(GoForeItRound.replay(round_.events)) == snapshot(round_)
        table.finish(round_, datetime(2026, 1, 1))


def gfi_tampered(round_: GoForeItRound, change: Any) -> list[Any]:
    data = json.loads(GoForeItRound.events_to_json(round_.events))
    change(data)
    return GoForeItRound.events_from_json(json.dumps(data))


def first(data: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    return next(
        e for e in data if e["type"] == kind and all(e.get(k) == v for k, v in match.items())
    )


def _set(event: dict[str, Any], **values: Any) -> None:
    event.update(values)


def _swap_folded_for_back_9(data: list[dict[str, Any]]) -> None:
    folded = first(data, "Folded")
    index = data.index(folded)
    data[index] = {
        "type": "WagerPlaced",
        "seat": folded["seat"],
        "spot": "back_9",
        "amount": 500,
        "cite": "676a.11(b)",
    }


def _duplicate_card(data: list[dict[str, Any]]) -> None:
    shuffled = first(data, "DeckShuffled")
    shuffled["stack"] = [shuffled["stack"][1], *shuffled["stack"][1:]]


GO_FORE_IT_TAMPERING = {
    "payout inflated": lambda d: _set(
        first(d, "WagerSettled", outcome="win"),
        won=first(d, "WagerSettled", outcome="win")["won"] + 100,
    ),
    "losing wager paid": lambda d: _set(
        first(d, "WagerSettled", outcome="lose"), outcome="win", odds="1", returned=500, won=500
    ),
    "card dealt changed": lambda d: _set(
        first(d, "CardDealt"), card=first(d, "CardDealt", hand="dealer")["card"]
    ),
    "stack reordered": lambda d: _set(
        first(d, "DeckShuffled"), stack=first(d, "DeckShuffled")["stack"][::-1]
    ),
    "stack with a card twice": _duplicate_card,
    "cut moved": lambda d: _set(first(d, "DeckCut"), position=18),
    "dealer's hand changed": lambda d: _set(
        first(d, "DealerHandRevealed"),
        cards=[*first(d, "DealerHandRevealed")["cards"][:3], "As"],
    ),
    "hand total changed": lambda d: _set(first(d, "HandTurnedUp"), total=4, score="albatross"),
    "fold made a Back 9": _swap_folded_for_back_9,
    "Back 9 made a fold": lambda d: d.__setitem__(
        d.index(first(d, "WagerPlaced", spot="back_9")),
        {
            "type": "Folded",
            "seat": first(d, "WagerPlaced", spot="back_9")["seat"],
            "cite": "676a.11(b)",
        },
    ),
    "Back 9 unequal": lambda d: _set(first(d, "WagerPlaced", spot="back_9"), amount=700),
    "stub miscounted": lambda d: _set(first(d, "StubCounted"), counted=51),
    "settlement deleted": lambda d: d.remove(first(d, "WagerSettled")),
    "settlement duplicated": lambda d: d.insert(-1, dict(first(d, "WagerSettled"))),
    "event after completion": lambda d: d.append(dict(first(d, "WagerPlaced"))),
    "completion repeated": lambda d: d.append(dict(d[-1])),
    "citation changed": lambda d: _set(first(d, "WagerSettled"), cite="676a.12(a)"),
    "one player at two positions": lambda d: _set(d[0], seats={"1": "ann", "2": "ann", "4": "cy"}),
    "seven seats": lambda d: _set(d[0], seats={str(n): f"p{n}" for n in range(1, 8)}),
    "rules changed, stamp kept": lambda d: _set(
        d[0], rules={**d[0]["rules"], "gopher_paytable": "b"}
    ),
    "setup against the rules": lambda d: _set(first(d, "RoundSetup"), shuffling="automated"),
    "setup cited wrongly": lambda d: _set(first(d, "RoundSetup"), cite="676a.3(b)"),
    "setup removed": lambda d: d.remove(first(d, "RoundSetup")),
    "void inserted before completion": lambda d: d.insert(
        len(d) - 1, {"type": "RoundVoided", "reason": "x", "cite": "676a.8(f)"}
    ),
}


@pytest.mark.parametrize("name", sorted(GO_FORE_IT_TAMPERING))
def test_replay_refuses_tampered_events(name: str) -> None:
    round_ = winning_round()
    assert snapshot(GoForeItRound.replay(round_.events)) == snapshot(round_)
    with pytest.raises(ReplayError):
        GoForeItRound.replay(gfi_tampered(round_, GO_FORE_IT_TAMPERING[name]))


def test_a_decision_for_a_position_left_or_taken_during_the_round() -> None:
    """A tester's finding: ann's fold for bo's position, bo having left it during the
    round, was refused as another player's (403): nobody sits there (409), as for a
    wager; the dealer's decision for a position is a permission (403); and once another
    player has taken the position it is his (403)."""
    round_ = dealt_halfway()
    round_.handle(DealCards(all_remaining=True), DEALER)
    round_.handle(CountStub(), DEALER)
    events = len(round_.events)
    with pytest.raises(NotYourTurn) as left:
        round_.handle(Fold(seat=2), 1, vacated={2})
    assert not isinstance(left.value, OtherSeat)
    assert str(left.value).startswith("nobody sits at seat 2: take a seat first")
    with pytest.raises(OtherSeat, match="only the player at seat 2 decides"):
        round_.handle(Fold(seat=2), DEALER)
    with pytest.raises(OtherSeat, match="seat 1 may not decide for seat 2"):
        round_.handle(Fold(seat=2), 1, vacated={2}, joined={2})
    assert len(round_.events) == events
