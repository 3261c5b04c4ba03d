"""The round contract (engine.py), exercised on Double Back Jack (ch. 673a).

The generic contract (random play from ``legal_commands``, replay from JSON, refused
commands change nothing, what the events and views show each viewer) is checked for every
game in tests/contract. Here: every cent wagered in random play is settled exactly once;
no view but the dealer's shows the shoe, a burned card or the hole card before it is
turned up; tampered events are refused on replay; and random play across tables that keep
their shoe between rounds (``dbj_driver``) reaches the cut refused or accepted, late and
missed cards, and replays exactly.

The cards a viewer may see are worked out here from the events alone (every card dealt
face up, the hole card once turned, cards discarded face up), independently of
``view``.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from typing import Any

import pytest

import dbj_driver
from contract.play import random_rounds
from croupier.engine import (
    DEALER,
    Event,
    RoundVoided,
    WagerPlaced,
    WagerSettled,
)
from croupier.equipment.cards import shoe
from croupier.errors import ReplayError
from croupier.games.double_back_jack import (
    CardDealt,
    CardDiscarded,
    CutAccepted,
    DealStarted,
    DeckCut,
    DoubleBackJackRound,
    DoubleBackJackTable,
    HoleCardTurned,
    PlayerDecided,
)
from croupier.rng import SeededRng
from croupier.rules.double_back_jack import DoubleBackJackRules
from dbj_driver import build, play, step

NOW = datetime(2026, 1, 1, 12)
CONFIGS: list[dict[str, Any]] = [
    {"decks": 1},
    {"decks": 2, "shuffling": "automated"},
    {"decks": 6, "settlement": "each_player", "adjacent_boxes": 2, "bar_sat_out": True},
    {"decks": 8, "chip": 50},
]
CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


def rounds(config: dict[str, Any], count: int, seed: int) -> list[DoubleBackJackRound]:
    """``count`` rounds of random play at one table under ``config``."""
    rules = DoubleBackJackRules(**config)
    table = DoubleBackJackTable.start(rules, "T", NOW)
    choose, rng = random.Random(seed), SeededRng(seed + 1)
    out = []
    for _ in range(count):
        size = choose.randint(1, 6)
        boxes = sorted(choose.sample(range(1, 7), size))
        seats = {box: f"p{box}" for box in boxes}
        round_ = table.open_round(seats, rng)
        play(round_, choose)
        table.finish(round_, NOW)
        out.append(round_)
    return out


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items())
)
def test_random_rounds_settle_every_cent(config: dict[str, Any]) -> None:
    """Random play from ``legal_commands`` (the contract suite's driver; the generic
    contract, replay included, is checked in tests/contract): every wager settled exactly
    once, for its stake."""
    for round_ in random_rounds("double-back-jack", config, rounds=60, seed=len(str(config))):
        placed = {(e.seat, e.spot): e.amount for e in round_.events if isinstance(e, WagerPlaced)}
        settled = [(e.seat, e.spot) for e in round_.events if isinstance(e, WagerSettled)]
        assert sorted(settled) == sorted(placed), "every wager settled exactly once"
        for event in round_.events:
            if isinstance(event, WagerSettled):
                assert event.amount == placed[(event.seat, event.spot)]
                assert 0 <= event.returned <= event.amount
                assert event.cite


def visible_cards(events: list[Event]) -> set[str]:
    """Cards anyone at the table may see, from the events alone."""
    seen: set[str] = set()
    for event in events:
        if isinstance(event, CardDealt) and not event.face_up:
            continue
        if isinstance(event, (CardDealt, HoleCardTurned, CardDiscarded)):
            seen.add(str(event.card))
    return seen


def test_views_never_show_hidden_cards() -> None:
    """One deck, so each card is unique: every card in a player's or the public view is a
    face-up card; the shoe, burned cards and the hole card before it is turned never
    appear; the dealer's view shows the shoe."""
    rules = DoubleBackJackRules(decks=1)
    table = DoubleBackJackTable.start(rules, "T", NOW)
    choose, rng = random.Random(7), SeededRng(8)
    checked = 0
    for _ in range(60):
        seats = {box: f"p{box}" for box in range(1, 4)}
        round_ = table.open_round(seats, rng)
        while not round_.finished:
            seen = visible_cards(round_.events)
            for viewer in (None, *seats):
                text = json.dumps(round_.view(viewer))
                shown = set(CARD.findall(text))
                assert shown <= seen, f"{viewer} sees {shown - seen}"
                assert '"shoe"' not in text and '"burned"' not in text
                checked += 1
            if round_.state.shoe:
                assert round_.view(DEALER)["shoe"]
            command, actor = step(round_, choose)
            round_.handle(command, actor)
        table.finish(round_, NOW)
    assert checked > 1000


def full_round() -> DoubleBackJackRound:
    """A round with a shuffle, several boxes and a final settlement."""
    for seed in range(200):
        table = DoubleBackJackTable.start(DoubleBackJackRules(decks=2), "T", NOW)
        round_ = table.open_round({1: "a", 3: "b", 5: "c"}, SeededRng(seed))
        play(round_, random.Random(seed))
        kinds = {type(e).__name__ for e in round_.events}
        losing = any(isinstance(e, WagerSettled) and e.outcome == "lose" for e in round_.events)
        wanted = {"SettlementBegun", "DeckShuffled", "PlayerDecided"} <= kinds
        if wanted and losing and "RoundVoided" not in kinds:
            return round_
    raise AssertionError("no full round found")


def _set(event: dict[str, Any], **changes: Any) -> None:
    event.update(changes)


def first(events: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind and all(e[k] == v for k, v in match.items()))


def _swap_cards(d: list[dict[str, Any]]) -> None:
    """Swap the burn card with a later card of another rank in the recorded stack."""
    shuffled = first(d, "DeckShuffled")
    stack = list(shuffled["stack"])
    burn = first(d, "DeckCut")["position"]
    other = next(i for i in range(burn + 1, len(stack)) if stack[i][0] != stack[burn][0])
    stack[burn], stack[other] = stack[other], stack[burn]
    shuffled["stack"] = stack


TAMPERING = {
    "winnings inflated": lambda d: _set(
        first(d, "WagerSettled", outcome="lose"), outcome="win", returned=500, won=99_999
    ),
    "card changed": lambda d: _set(
        first(d, "CardDealt"), card="Kd" if first(d, "CardDealt")["card"] != "Kd" else "As"
    ),
    "stack reordered": _swap_cards,
    "card from a third deck": lambda d: _set(
        first(d, "DeckShuffled"), stack=["As"] * len(first(d, "DeckShuffled")["stack"])
    ),
    "cut moved under a quarter": lambda d: _set(first(d, "DeckCut"), cover_from_bottom=5),
    "burn card skipped": lambda d: d.remove(first(d, "CardBurned")),
    "dealer total changed": lambda d: _set(first(d, "SettlementBegun"), dealer_total=22),
    "settlement deleted": lambda d: d.remove(first(d, "WagerSettled")),
    "citation changed": lambda d: _set(first(d, "WagerSettled"), cite="673a.12(c)"),
    "wager changed": lambda d: _set(first(d, "WagerPlaced"), amount=499_999),
    "seat changed": lambda d: _set(first(d, "WagerPlaced"), seat=2),
    "event after completion": lambda d: d.append(dict(first(d, "WagerPlaced"))),
    "rules changed, stamp kept": lambda d: _set(d[0], rules={**d[0]["rules"], "decks": 4}),
    "shoe handed over with a card too many": lambda d: _set(d[1], shuffle_due=None),
    "decision inserted": lambda d: d.insert(
        -2, {"type": "PlayerDecided", "seat": 1, "decision": "hit", "cite": "673a.7(k)"}
    ),
}


def tampered(round_: DoubleBackJackRound, change: Any) -> list[Event]:
    data = json.loads(DoubleBackJackRound.events_to_json(round_.events))
    change(data)
    return DoubleBackJackRound.events_from_json(json.dumps(data))


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_replay_refuses_tampered_events(name: str) -> None:
    round_ = full_round()
    assert DoubleBackJackRound.replay(round_.events).events == round_.events
    with pytest.raises(ReplayError):
        DoubleBackJackRound.replay(tampered(round_, TAMPERING[name]))


def test_build_covers_every_command() -> None:
    """The random driver can build each command the dealer is offered."""
    round_ = DoubleBackJackRound.open(
        DoubleBackJackRules(), table_id="T", round_id="R", seats={1: "a"}, rng=SeededRng(0)
    )
    for legal in round_.legal_commands(DEALER):
        assert build(legal, random.Random(0)).type == legal.command


def test_random_play_reaches_cut_refusals_and_late_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random driver exercises the cut refused in turn (673a.5(b)-(c)) and the late
    second card taken or declined (673a.13(g)); those rounds replay exactly."""
    monkeypatch.setattr(dbj_driver, "MISDEAL", 0.5)
    seen: set[str] = set()
    for round_ in rounds({"decks": 1}, 40, seed=11):
        assert DoubleBackJackRound.replay(round_.events).events == round_.events
        for event in round_.events:
            name = type(event).__name__
            if isinstance(event, PlayerDecided):
                name = str(event.decision)
            seen.add(name)
    assert {"CutRefused", "take_late_card", "decline_late_card"} <= seen


def test_random_play_accepts_cuts_and_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    """With boxes accepting the cut (``AcceptCut``, 673a.5(b)-(d)) among the random
    commands, each accepted cut is recorded by the dealer at the box's position and by the
    box, a recut included (673a.5(e)); the rounds replay exactly and settle every wager
    once."""
    monkeypatch.setattr(dbj_driver, "RARE", {**dbj_driver.RARE, "AcceptCut": 1.0})
    accepted = 0
    for round_ in rounds({"decks": 1}, 40, seed=2):
        assert DoubleBackJackRound.replay(round_.events).events == round_.events
        placed = sorted((e.seat, e.spot) for e in round_.events if isinstance(e, WagerPlaced))
        settled = sorted((e.seat, e.spot) for e in round_.events if isinstance(e, WagerSettled))
        assert settled == placed
        for at, event in enumerate(round_.events):
            if isinstance(event, CutAccepted):
                accepted += 1
                cut = next(
                    e for e in round_.events[at + 1 :] if isinstance(e, DeckCut | RoundVoided)
                )
                if isinstance(cut, DeckCut):
                    assert (cut.cutter, cut.position) == (event.seat, event.position)
    assert accepted >= 3


def test_random_play_reaches_missed_requested_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random driver declares a requested card the dealer missed (673a.13(h)) and
    the player then takes it or has the hand called dead; the dealer's own missed cards
    (673a.13(e)) are dealt too; tables handed a short shoe run out mid-round and the
    discard rack's cut is offered and refused in turn (673a.13(f), 673a.5(b)-(c)). Those
    rounds replay exactly and settle every wager once."""
    monkeypatch.setattr(dbj_driver, "MISDEAL", 0.3)
    monkeypatch.setattr(dbj_driver, "RARE", {**dbj_driver.RARE, "DeclareIrregularity": 0.4})
    seen: set[str] = set()
    short: list[DoubleBackJackRound] = []
    for seed in range(20):
        table = DoubleBackJackTable.start(DoubleBackJackRules(decks=1), "T", NOW)
        table.shoe, table.cover_at, table.shuffle_due = list(shoe(1)[:10]), 2, None
        choose = random.Random(seed)
        round_ = table.open_round({box: f"p{box}" for box in range(1, 7)}, SeededRng(seed))
        play(round_, choose)
        short.append(round_)
    for round_ in [*rounds({"decks": 1}, 60, seed=5), *short]:
        assert DoubleBackJackRound.replay(round_.events).events == round_.events
        placed = sorted((e.seat, e.spot) for e in round_.events if isinstance(e, WagerPlaced))
        settled = sorted((e.seat, e.spot) for e in round_.events if isinstance(e, WagerSettled))
        assert settled == placed
        for event in round_.events:
            seen.add(type(event).__name__)
            if "673a.13(f)" in event.cite:
                seen.add(f"673a.13(f):{type(event).__name__}")
            if isinstance(event, PlayerDecided):
                seen.add(f"{event.decision}:{event.cite}")
            if isinstance(event, DealStarted) and event.dealer_missed_second_card:
                seen.add("dealer_missed_second_card")
    wanted = {
        "RequestedCardMissed",
        "take_late_card:673a.13(h)",
        "decline_late_card:673a.13(h)",
        "dealer_missed_second_card",
        "ShoeExhausted",
        "673a.13(f):CutRefused",
        "673a.13(f):DeckCut",
    }
    assert wanted <= seen, wanted - seen


def test_the_table_state_keeps_the_shoe_and_changes_a_batch_after_24_hours() -> None:
    """The table's state (what the server stores between rounds) holds the shoe whole:
    restored from its JSON it hands the next round the same shoe. 673a.3(c): at 23 hours
    59 minutes nothing is changed; at 24 hours a batch waiting in the shuffler (two
    batches, 673a.3(b)(3)) is replaced there and the shoe in play deals on, the floor told;
    a batch in the shoe, mid-shoe, ends its shoe: the other batch comes into play
    (673a.3(b)(4)) and the cut is offered from the dealer's right (673a.5(c)(4))."""
    from datetime import timedelta

    rules = DoubleBackJackRules(decks=2, shuffling="automated")
    seats = {1: "a", 3: "b"}
    table = DoubleBackJackTable.start(rules, "T", NOW)
    choose = random.Random(4)
    for _ in range(3):  # a shoe shuffled, cut and loaded, then dealt from
        round_ = table.open_round(seats, SeededRng(4))
        play(round_, choose)
        table.take_in(round_, NOW)
        if table.shuffle_due is None:
            break
    handed = table.setup(seats)
    assert handed.batch == "red" and handed.shuffle_due is None and handed.shoe
    data = json.loads(json.dumps(table.to_data()))
    again = DoubleBackJackTable.restore(rules, "T", data)
    assert again.setup(seats) == handed
    # Only the blue batch, in the shuffler, is a day old.
    again.rotation.decks[1].opened_at = NOW - timedelta(hours=24)
    assert again.between(NOW - timedelta(minutes=1)) == []
    [notice] = again.between(NOW)
    assert "blue batch" in notice and "automated shuffler" in notice
    assert notice.endswith("(673a.3(c))")
    assert again.setup(seats) == handed  # the shoe in play deals on
    assert again.rotation.decks[1].opened_at == NOW
    # The red batch, in the shoe, opened an hour before: a day later the shoe ends and
    # blue (new, 23 hours in use) comes into play.
    again.rotation.decks[0].opened_at = NOW - timedelta(hours=1)
    [notice] = again.between(NOW + timedelta(hours=23))
    assert "the shoe in progress ends" in notice and "673a.5(c)(4)" in notice
    following = again.setup(seats)
    assert following.batch == "blue" and following.shoe == ()
    assert following.shuffle_due == "the red batch was changed"
    assert following.cut_offer == (3, 1)  # from the dealer's right (673a.5(c)(4))
    with pytest.raises(ValueError, match="number of decks"):
        DoubleBackJackTable.restore(DoubleBackJackRules(decks=6, shuffling="automated"), "T", data)
