"""Stored card rounds must replay: the event JSON of the three card games stays byte for
byte what it was (``type`` strings, field names and order, citations).

The expected text below was captured from the code BEFORE the card events and the
shuffle / cut / deal / stub-count handling of Go Fore It (676a), Criss-Cross Poker (674a)
and Double Back Jack (673a) were moved into one module, and is not derived from the code
under test. ``RoundOpened`` (event 0) is left out: it stamps the croupier version and
carries the whole Rules Submission, neither of which is a card event.

- ``SCRIPTED``: a couple of short seeded rounds per game, the JSON of every event in full.
- ``SESSIONS``: seeded sessions of random legal play at a table (every rule set of
  shuffling and dealing procedure, irregularities, miscounts, recuts, voids), as the
  sha256 of the events' JSON, one line an event.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest

import dbj_driver
from croupier.engine import DEALER, Actor, Command, LegalCommand, Round
from croupier.games import cards, criss_cross_poker, double_back_jack, go_fore_it
from croupier.games.criss_cross_poker import CrissCrossPokerRound, CrissCrossPokerTable
from croupier.games.double_back_jack import DoubleBackJackTable
from croupier.games.go_fore_it import GoForeItRound, GoForeItTable
from croupier.rng import SeededRng
from croupier.rules.criss_cross_poker import CrissCrossPokerRules
from croupier.rules.double_back_jack import DoubleBackJackRules
from croupier.rules.go_fore_it import GoForeItRules

NOW = datetime(2026, 1, 1, 12)


def event_json(round_: Round[Any]) -> list[str]:
    """``[e.model_dump_json() for e in round.events]`` without ``RoundOpened``."""
    return [event.model_dump_json() for event in round_.events[1:]]


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


# --- scripted rounds ------------------------------------------------------------------
def gfi_manual() -> list[str]:
    """Go Fore It, one deck shuffled by hand and cut, manual shoe, stub counted."""
    rnd = GoForeItRound.open(
        GoForeItRules(), table_id="T", round_id="R1", seats={1: "ann", 3: "bo"}, rng=SeededRng(1)
    )
    c = GoForeItRound.command_adapter.validate_python
    for seat in (1, 3):
        rnd.handle(c({"type": "PlaceWager", "seat": seat, "spot": "front_9", "amount": 500}), seat)
    rnd.handle(c({"type": "PlaceWager", "seat": 3, "spot": "gopher", "amount": 500}), 3)
    for name in ("AnnounceNoMoreBets", "ShuffleCards"):
        rnd.handle(c({"type": name}), DEALER)
    rnd.handle(c({"type": "CutCards", "position": 20}), DEALER)
    rnd.handle(c({"type": "RequireRecut"}), DEALER)
    rnd.handle(c({"type": "CutCards", "position": 33}), DEALER)
    rnd.handle(c({"type": "DealCards"}), DEALER)
    rnd.handle(c({"type": "DealCards", "all_remaining": True}), DEALER)
    rnd.handle(c({"type": "CountStub"}), DEALER)
    rnd.handle(c({"type": "PlaceWager", "seat": 1, "spot": "back_9", "amount": 500}), 1)
    rnd.handle(c({"type": "Fold", "seat": 3}), 3)
    rnd.handle(c({"type": "RevealDealerHand"}), DEALER)
    assert rnd.finished
    return event_json(rnd)


def gfi_automated_miscount() -> list[str]:
    """Go Fore It, automated shuffler dealt from the hand; a face-up card; the stub
    miscounted and the deck found incomplete."""
    rules = GoForeItRules(shuffling="automated", dealing_procedure="hand")
    rnd = GoForeItRound.open(rules, table_id="T", round_id="R2", seats={2: "cy"}, rng=SeededRng(2))
    c = GoForeItRound.command_adapter.validate_python
    rnd.handle(c({"type": "PlaceWager", "seat": 2, "spot": "front_9", "amount": 1000}), 2)
    for name in ("AnnounceNoMoreBets", "ShuffleCards"):
        rnd.handle(c({"type": name}), DEALER)
    rnd.handle(c({"type": "DealCards"}), DEALER)
    rnd.handle(c({"type": "DeclareIrregularity", "irregularity": "face_up_card"}), DEALER)
    rnd.handle(c({"type": "DealCards", "all_remaining": True}), DEALER)
    rnd.handle(c({"type": "CountStub", "counted": 40}), DEALER)
    rnd.handle(c({"type": "ResolveMiscount", "misdealt": False}), DEALER)
    assert rnd.finished
    return event_json(rnd)


def ccp_manual() -> list[str]:
    """Criss-Cross Poker, shuffled by hand and cut, manual shoe; every bet and fold."""
    rules = CrissCrossPokerRules(five_card_bonus=True)
    rnd = CrissCrossPokerRound.open(
        rules, table_id="T", round_id="R1", seats={1: "ann", 2: "bo"}, rng=SeededRng(3)
    )
    c = CrissCrossPokerRound.command_adapter.validate_python
    for seat in (1, 2):
        antes = {"type": "PlaceAntes", "seat": seat, "ante_across": 500, "ante_down": 500}
        rnd.handle(c(antes), seat)
    bonus = {"type": "PlaceWager", "seat": 2, "spot": "five_card_bonus", "amount": 500}
    rnd.handle(c(bonus), 2)
    for name in ("AnnounceNoMoreBets", "ShuffleCards"):
        rnd.handle(c({"type": name}), DEALER)
    rnd.handle(c({"type": "CutCards", "position": 12}), DEALER)
    rnd.handle(c({"type": "DealCards", "all_remaining": True}), DEALER)
    rnd.handle(c({"type": "CountStub"}), DEALER)
    rnd.handle(c({"type": "PlaceWager", "seat": 1, "spot": "across", "amount": 1000}), 1)
    rnd.handle(c({"type": "Fold", "seat": 2}), 2)
    rnd.handle(c({"type": "RevealCommunityCards"}), DEALER)
    rnd.handle(c({"type": "PlaceWager", "seat": 1, "spot": "down", "amount": 500}), 1)
    rnd.handle(c({"type": "RevealCommunityCards"}), DEALER)
    rnd.handle(c({"type": "PlaceWager", "seat": 1, "spot": "middle", "amount": 1500}), 1)
    rnd.handle(c({"type": "RevealCommunityCards"}), DEALER)
    assert rnd.finished
    return event_json(rnd)


def ccp_automated_shoe() -> list[str]:
    """Criss-Cross Poker, counting automated shuffler and automated dealing shoe: a wrong
    device count removes the deck; the shuffler jams; then a misdeal on the stub count."""
    rules = CrissCrossPokerRules(
        shuffling="automated", shuffler_counts=True, dealing_procedure="automated_shoe"
    )
    rnd = CrissCrossPokerRound.open(
        rules, table_id="T", round_id="R2", seats={3: "cy"}, rng=SeededRng(4)
    )
    c = CrissCrossPokerRound.command_adapter.validate_python
    antes = {"type": "PlaceAntes", "seat": 3, "ante_across": 1000, "ante_down": 1000}
    rnd.handle(c(antes), 3)
    rnd.handle(c({"type": "AnnounceNoMoreBets"}), DEALER)
    rnd.handle(c({"type": "ShuffleCards", "device_count": 51}), DEALER)
    rnd.handle(c({"type": "ShuffleCards", "device_count": 52}), DEALER)
    rnd.handle(c({"type": "DeclareIrregularity", "irregularity": "shuffler_jam"}), DEALER)
    rnd.handle(c({"type": "ShuffleCards"}), DEALER)
    rnd.handle(c({"type": "DealCards"}), DEALER)
    rnd.handle(c({"type": "DealCards", "all_remaining": True}), DEALER)
    rnd.handle(c({"type": "CountStub", "counted": 44}), DEALER)
    rnd.handle(c({"type": "ResolveMiscount", "misdealt": True}), DEALER)
    assert rnd.finished
    return event_json(rnd)


def dbj_round(rules: DoubleBackJackRules, seed: int) -> list[str]:
    """Double Back Jack: the first round at a new table (shuffle, cut, burn, deal, play),
    driven by the shared random legal play (``tests/dbj_driver.py``)."""
    table = DoubleBackJackTable.start(rules, "T", NOW)
    rnd = table.open_round({1: "ann", 4: "bo"}, SeededRng(seed))
    dbj_driver.play(rnd, random.Random(seed))
    return event_json(rnd)


SCRIPTED: dict[str, Callable[[], list[str]]] = {
    "gfi_manual": gfi_manual,
    "gfi_automated_miscount": gfi_automated_miscount,
    "ccp_manual": ccp_manual,
    "ccp_automated_shoe": ccp_automated_shoe,
    "dbj_one_deck": lambda: dbj_round(DoubleBackJackRules(decks=1), 5),
    "dbj_two_batches": lambda: dbj_round(DoubleBackJackRules(decks=2, shuffling="automated"), 6),
}


# --- random sessions -------------------------------------------------------------------
def gfi_command(
    legal: LegalCommand | list[LegalCommand], actor: Actor, pick: random.Random
) -> dict[str, Any]:
    if isinstance(legal, list):  # the cards that may be declared exposed, hand by hand
        cards = [(o.values("hand")[0], card) for o in legal for card in o.values("card")]
        hand, card = pick.choice(cards)
        return {
            "type": "DeclareIrregularity",
            "irregularity": "card_exposed",
            "hand": hand,
            "card": card,
        }
    name = legal.command
    data: dict[str, Any] = {"type": name}
    if name in ("PlaceWager", "WithdrawWager", "Fold"):
        data["seat"] = actor
    if name == "PlaceWager":
        assert legal.min_amount is not None and legal.max_amount is not None
        data["spot"] = pick.choice(legal.spots)
        data["amount"] = pick.randint(
            legal.min_amount, max(legal.min_amount, min(legal.max_amount, 5_000))
        )
    elif name == "WithdrawWager":
        data["spot"] = pick.choice(legal.spots)
    elif name == "CutCards":
        position = legal.integers("position")
        data["position"] = pick.choice(range(position.low, position.high + 1))
    elif name == "DealCards":
        data["all_remaining"] = pick.random() < 0.5
    elif name == "CountStub":
        data["counted"] = pick.randint(0, 52) if pick.random() < 0.05 else None
    elif name == "ResolveMiscount":
        data["misdealt"] = pick.choice(legal.values("misdealt"))
    elif name == "VoidRound":
        data["reason"] = "table closed"
    elif name == "DeclareIrregularity":
        data["irregularity"] = pick.choice(legal.values("irregularity"))
    return data


def ccp_command(legal: LegalCommand, actor: Actor, pick: random.Random) -> dict[str, Any]:
    name = legal.command
    data: dict[str, Any] = {"type": name}
    if name in ("PlaceAntes", "PlaceWager", "WithdrawWager", "Fold"):
        data["seat"] = actor
    amount = None
    if legal.min_amount is not None and legal.max_amount is not None:
        amount = pick.randint(legal.min_amount, min(legal.max_amount, legal.min_amount + 2000))
    if name == "PlaceAntes":
        data["ante_across"] = data["ante_down"] = amount
    elif name == "PlaceWager":
        data["spot"] = legal.spots[0]
        data["amount"] = pick.choice([legal.min_amount, legal.max_amount, amount])
    elif name == "WithdrawWager":
        data["spot"] = pick.choice(legal.spots)
    elif name == "CutCards":
        position = legal.integers("position")
        data["position"] = pick.choice(range(position.low, position.high + 1))
    elif name == "DealCards":
        data["all_remaining"] = pick.random() < 0.5
    elif name == "CountStub":
        data["counted"] = pick.choice([None, None, None, None, 3])
    elif name == "ResolveMiscount":
        data["misdealt"] = pick.random() < 0.5
    elif name == "VoidRound":
        data["reason"] = "floor decision"
    elif name == "DeclareIrregularity":
        if "position" in legal.fields:
            data["irregularity"] = legal.values("irregularity")[0]
            data["position"] = pick.choice(legal.values("position"))
        else:
            data["irregularity"] = pick.choice(legal.values("irregularity"))
    return data


def _grouped(legal: list[LegalCommand]) -> list[LegalCommand | list[LegalCommand]]:
    """An actor's offers as these sessions were first played from: Go Fore It's exposed
    cards, offered hand by hand, as one choice."""
    out: list[LegalCommand | list[LegalCommand]] = []
    exposed: list[LegalCommand] = []
    for offer in legal:
        if offer.command == "DeclareIrregularity" and "hand" in offer.fields:
            if not exposed:
                out.append(exposed)
            exposed.append(offer)
        else:
            out.append(offer)
    return out


def random_play(
    rnd: Round[Any],
    build: Callable[[Any, Actor, random.Random], dict[str, Any]],
    pick: random.Random,
) -> None:
    """Random legal commands until the round is over; irregularities and voids rare."""
    adapter = type(rnd).command_adapter
    for _ in range(600):
        if rnd.finished:
            return
        actors: list[Actor] = [*sorted(rnd.state.seats), DEALER]
        offers = [
            (actor, legal) for actor in actors for legal in _grouped(rnd.legal_commands(actor))
        ]
        weights = [
            0.05
            if isinstance(legal, list) or legal.command in ("DeclareIrregularity", "VoidRound")
            else 1.0
            for _, legal in offers
        ]
        actor, legal = pick.choices(offers, weights)[0]
        closes = not isinstance(legal, list) and legal.command == "AnnounceNoMoreBets"
        if closes and pick.random() < 0.5:
            continue
        command: Command = adapter.validate_python(build(legal, actor, pick))
        rnd.handle(command, actor)
    raise AssertionError("the round did not finish")


GFI_RULES: list[dict[str, Any]] = [
    {},
    {"shuffling": "automated"},
    {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
    {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
]
CCP_RULES: list[dict[str, Any]] = [
    {"five_card_bonus": True},
    {"shuffling": "automated", "shuffler_counts": True, "dealing_procedure": "hand"},
    {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"},
]
DBJ_RULES: list[dict[str, Any]] = [{"decks": 1}, {"decks": 2, "shuffling": "automated"}]
ROUNDS = 25


def session(game: str, index: int) -> list[str]:
    """``ROUNDS`` rounds at one table under rule set ``index``; the JSON of every event
    but each round's ``RoundOpened``."""
    pick, rng = random.Random(100 + index), SeededRng(200 + index)
    lines: list[str] = []
    now = NOW
    if game == "dbj":
        dbj = DoubleBackJackTable.start(DoubleBackJackRules(**DBJ_RULES[index]), "T", now)
        for _ in range(ROUNDS):
            seats = {box: f"p{box}" for box in sorted(pick.sample(range(1, 7), 3))}
            dbj_round_ = dbj.open_round(seats, rng)
            dbj_driver.play(dbj_round_, pick)
            dbj.finish(dbj_round_, now)
            lines += event_json(dbj_round_)
        return lines
    table: GoForeItTable | CrissCrossPokerTable
    if game == "gfi":
        table = GoForeItTable.start(GoForeItRules(**GFI_RULES[index]), "T", now)
        build = gfi_command
    else:
        table = CrissCrossPokerTable.start(CrissCrossPokerRules(**CCP_RULES[index]), "T", now)
        build = ccp_command
    for number in range(ROUNDS):
        rnd = table.open_round({1: "ann", 2: "bo", 4: "cy"}, rng, round_id=f"R{number}")
        random_play(rnd, build, pick)
        now += timedelta(minutes=30)
        table.finish(rnd, now)
        lines += event_json(rnd)
    return lines


SESSIONS: dict[tuple[str, int], str] = {
    ("gfi", 0): "65e7d8a4c47862f4414b27e15f6aae46166ab756e425576337671eabb7a07286",
    ("gfi", 1): "9d3d450f956353bc9380febc4bdadc71cefeb11406f982c62fbacc7bc9350d50",
    ("gfi", 2): "b652d400a5e8d2be0f6e58dfb91ada9f8371f420de584409544bc5e3c7cc4587",
    ("gfi", 3): "1c4e556589121aaa61b8e47ec3662b22eb084428160d26213088909c528de78c",
    ("ccp", 0): "ae429b1854cf23db9ebad1eba9d7942e6eb4f7821601fbbd148a9bf1a1e107a3",
    ("ccp", 1): "3f47edcb43fd3a1976f4291f8f002451ede33c1d639233719e2dc42cc42dcbc9",
    ("ccp", 2): "6cac48dfe5d451b1902351212c57c9c25088512bc44ea1541da87f1b0c799df1",
    ("dbj", 0): "524213af906669fe09e718e9c7ad83088c00895641d25eae0eba3376ad89b882",
    ("dbj", 1): "3b473f5eb8746b63af6d5ab03939f80fed598df81aae21f79f9fe4f0c5b92d5a",
}
"""sha256 of each session's events as JSON, one line an event; captured before the
change."""


@pytest.mark.parametrize("name", sorted(SCRIPTED))
def test_scripted_round_json_unchanged(name: str) -> None:
    """A short seeded round's events serialize exactly as before."""
    assert "".join(line + "\n" for line in SCRIPTED[name]()) == EXPECTED[name]


@pytest.mark.parametrize("key", sorted(SESSIONS), ids=lambda key: f"{key[0]}-{key[1]}")
def test_session_json_unchanged(key: tuple[str, int]) -> None:
    """Seeded sessions of random legal play serialize exactly as before."""
    assert digest(session(*key)) == SESSIONS[key]


PUBLIC_BEFORE: dict[str, tuple[str, ...]] = {
    "go_fore_it": (
        "AnnounceNoMoreBets",
        "CardDealt",
        "CardDiscarded",
        "CountStub",
        "CutCards",
        "DealCards",
        "DealerHandRevealed",
        "DeckCut",
        "DeckRemoved",
        "DeckShuffled",
        "DeclareIrregularity",
        "DiscardStub",
        "EquipmentOutOfOrder",
        "Fold",
        "Folded",
        "GoForeItCommand",
        "GoForeItEvent",
        "GoForeItRound",
        "GoForeItState",
        "GoForeItTable",
        "HandCollected",
        "HandId",
        "HandTurnedUp",
        "Irregularity",
        "IrregularityDeclared",
        "NoMoreBets",
        "Phase",
        "PlaceWager",
        "RecutRequired",
        "RequireRecut",
        "ResolveMiscount",
        "RevealDealerHand",
        "RoundSetup",
        "ShuffleCards",
        "ShuffleFailed",
        "StubCounted",
        "StubDiscarded",
        "VoidRound",
        "WagerWithdrawn",
        "WithdrawWager",
        "deal_plan",
        "default_setup",
    ),
    "criss_cross_poker": (
        "AnnounceNoMoreBets",
        "COMMUNITY",
        "CardDealt",
        "CardDiscarded",
        "CommunityCardsTurned",
        "CountStub",
        "CrissCrossPokerCommand",
        "CrissCrossPokerEvent",
        "CrissCrossPokerRound",
        "CrissCrossPokerState",
        "CrissCrossPokerTable",
        "CutCards",
        "DealCards",
        "DeckCut",
        "DeckRemoved",
        "DeckShuffled",
        "DeclareIrregularity",
        "DiscardStub",
        "EquipmentOutOfOrder",
        "Fold",
        "Folded",
        "HandCollected",
        "HandsTurnedUp",
        "Irregularity",
        "IrregularityDeclared",
        "MisdealDetermined",
        "NoMoreBets",
        "PAYLINE_ORDER",
        "Phase",
        "PlaceAntes",
        "PlaceWager",
        "RecutRequired",
        "RequireRecut",
        "ResolveMiscount",
        "RevealCommunityCards",
        "RoundSetup",
        "SetUpRound",
        "ShuffleCards",
        "ShuffleFailed",
        "StubCounted",
        "StubDiscarded",
        "VoidRound",
        "WagerWithdrawn",
        "WithdrawWager",
        "deal_plan",
        "default_setup",
        "higher_line",
    ),
    "double_back_jack": (
        "BurnCard",
        "CardBurned",
        "CardDealt",
        "CardDiscarded",
        "CoverCardReached",
        "CutCards",
        "CutRefused",
        "DealCards",
        "DealStarted",
        "DealerHandComplete",
        "DealerTotalAnnounced",
        "Decide",
        "Decision",
        "DeckCut",
        "DeckShuffled",
        "DeclareIrregularity",
        "DoubleBackJackCommand",
        "DoubleBackJackEvent",
        "DoubleBackJackRound",
        "DoubleBackJackState",
        "DoubleBackJackTable",
        "Hand",
        "HandDiscarded",
        "HandStatus",
        "HoleCardRead",
        "HoleCardTurned",
        "Irregularity",
        "IrregularityDeclared",
        "LoadShoe",
        "Phase",
        "PlaceWager",
        "PlayDealerHand",
        "PlayerDecided",
        "ReadHoleCard",
        "RecutRequired",
        "RefuseCut",
        "RequestedCardMissed",
        "RequireRecut",
        "RoundSetup",
        "SettleWagers",
        "SettlementBegun",
        "ShoeExhausted",
        "ShoeLoaded",
        "ShuffleCards",
        "ShuffleFailed",
        "ShufflerOutOfOrder",
        "VoidRound",
        "check_boxes",
        "check_setup",
        "deal_plan",
        "new_shoe_setup",
    ),
}
"""Each game module's ``__all__`` before the card procedure was shared."""


@pytest.mark.parametrize("module", sorted(PUBLIC_BEFORE))
def test_public_names_still_importable(module: str) -> None:
    """Every name a game module exported before is still importable from it, and the
    card events it shares are one class (``isinstance`` works across the re-exports)."""
    game = importlib.import_module(f"croupier.games.{module}")
    missing = [name for name in PUBLIC_BEFORE[module] if not hasattr(game, name)]
    assert missing == []
    assert set(PUBLIC_BEFORE[module]) <= set(game.__all__)


def test_shared_events_are_one_class() -> None:
    """The events that are the same in every chapter are one class, re-exported."""
    for name in ("StubCounted", "StubDiscarded", "DeckCut", "RecutRequired", "ShuffleFailed"):
        assert getattr(go_fore_it, name) is getattr(criss_cross_poker, name), name
    for name in ("RecutRequired", "CardDiscarded", "ShuffleFailed", "DeckShuffled"):
        assert getattr(double_back_jack, name) is getattr(cards, name), name
    for game in (go_fore_it, criss_cross_poker):
        assert issubclass(game.DeckShuffled, cards.DeckShuffled)
        assert issubclass(game.CardDealt, cards.CardDealt)


EXPECTED: dict[str, str] = {
    "ccp_automated_shoe": """\
{"cite":"674a.3(a)","type":"RoundSetup","deck":"red","shuffling":"automated","shuffler_c\
ounts":true,"dealing_procedure":"automated_shoe","stub_count_due":false,"out_of_order":[\
]}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":3,"spot":"ante_across","amount":1000}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":3,"spot":"ante_down","amount":1000}
{"cite":"674a.10(a)(2)","type":"NoMoreBets","players":[3]}
{"cite":"674a.5(b)","type":"DeckRemoved","reason":"the automated shuffler counted 51 car\
ds, not 52","counted":51}
{"cite":"674a.5(a); 674a.5(c)(1)","type":"DeckShuffled","stack":["Kh","Jd","2s","Td","5d\
","As","4h","Ks","5s","6s","9c","2d","Qh","Ah","3s","Ac","Qc","4c","8h","3h","8s","7s","\
5h","Kd","Js","4s","9d","2h","2c","7h","Tc","Qs","Kc","6d","Qd","Th","9h","3d","5c","7d"\
,"Jh","Ts","3c","6c","7c","Jc","6h","Ad","9s","8c","8d","4d"],"shuffling":"automated","d\
evice_count":52}
{"cite":"674a.13(e)","type":"IrregularityDeclared","irregularity":"shuffler_jam","positi\
on":null}
{"cite":"674a.13(e)","type":"ShuffleFailed"}
{"cite":"674a.5(a); 674a.5(c)(1)","type":"DeckShuffled","stack":["Qd","5s","Ad","Kd","As\
","9c","Jh","3c","7h","8h","6c","4d","Jd","2c","Qh","5c","6s","9s","Kh","8s","Js","Qs","\
Kc","3s","Tc","7s","Ts","9d","8c","2d","2s","Ac","Jc","Td","6h","Th","9h","6d","5h","4s"\
,"7c","4c","5d","8d","3d","Qc","4h","Ks","7d","Ah","3h","2h"],"shuffling":"automated","d\
evice_count":null}
{"cite":"674a.10(b)","type":"CardDealt","hand":"community","position":0,"card":"Qd"}
{"cite":"674a.10(b)","type":"CardDealt","hand":"community","position":1,"card":"5s"}
{"cite":"674a.10(b)","type":"CardDealt","hand":"community","position":2,"card":"Ad"}
{"cite":"674a.10(b)","type":"CardDealt","hand":"community","position":3,"card":"Kd"}
{"cite":"674a.10(b)","type":"CardDealt","hand":"community","position":4,"card":"As"}
{"cite":"674a.10(b)","type":"CardDealt","hand":3,"position":0,"card":"9c"}
{"cite":"674a.10(b)","type":"CardDealt","hand":3,"position":1,"card":"Jh"}
{"cite":"674a.10(d)","type":"StubCounted","counted":44,"expected":45}
{"cite":"674a.10(f)","type":"MisdealDetermined","misdealt":true}
{"cite":"674a.10(f)","type":"RoundVoided","reason":"misdeal found by the stub count; 52 \
cards remain"}
{"cite":"674a.10(f)","type":"WagerSettled","seat":3,"spot":"ante_across","amount":1000,"\
outcome":"void","odds":null,"returned":1000,"won":0,"withheld":0}
{"cite":"674a.10(f)","type":"WagerSettled","seat":3,"spot":"ante_down","amount":1000,"ou\
tcome":"void","odds":null,"returned":1000,"won":0,"withheld":0}
""",
    "ccp_manual": """\
{"cite":"674a.3(a)","type":"RoundSetup","deck":"red","shuffling":"manual","shuffler_coun\
ts":false,"dealing_procedure":"manual_shoe","stub_count_due":true,"out_of_order":[]}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":1,"spot":"ante_across","amount":500}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":1,"spot":"ante_down","amount":500}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":2,"spot":"ante_across","amount":500}
{"cite":"674a.7(d)","type":"WagerPlaced","seat":2,"spot":"ante_down","amount":500}
{"cite":"674a.7(e)","type":"WagerPlaced","seat":2,"spot":"five_card_bonus","amount":500}
{"cite":"674a.8(b)","type":"NoMoreBets","players":[1,2]}
{"cite":"674a.5(a)","type":"DeckShuffled","stack":["2d","4h","5c","8d","5h","2h","As","J\
d","Qh","Qc","8h","8c","Kc","6d","9h","Js","Kd","7h","3c","7d","7c","4c","Td","7s","Ts",\
"6s","4s","3h","5s","9d","9c","Jc","Ad","Qs","2s","Ac","3d","Jh","5d","8s","2c","9s","6c\
","Ks","3s","6h","Ah","Qd","Tc","Th","Kh","4d"],"shuffling":"manual","device_count":null\
}
{"cite":"674a.5(d)","type":"DeckCut","position":12}
{"cite":"674a.8(d)","type":"CardDealt","hand":"community","position":0,"card":"Kc"}
{"cite":"674a.8(d)","type":"CardDealt","hand":"community","position":1,"card":"6d"}
{"cite":"674a.8(d)","type":"CardDealt","hand":"community","position":2,"card":"9h"}
{"cite":"674a.8(d)","type":"CardDealt","hand":"community","position":3,"card":"Js"}
{"cite":"674a.8(d)","type":"CardDealt","hand":"community","position":4,"card":"Kd"}
{"cite":"674a.8(d)","type":"CardDealt","hand":1,"position":0,"card":"7h"}
{"cite":"674a.8(d)","type":"CardDealt","hand":2,"position":0,"card":"3c"}
{"cite":"674a.8(d)","type":"CardDealt","hand":1,"position":1,"card":"7d"}
{"cite":"674a.8(d)","type":"CardDealt","hand":2,"position":1,"card":"7c"}
{"cite":"674a.8(f)","type":"StubCounted","counted":43,"expected":43}
{"cite":"674a.8(g)","type":"StubDiscarded","cards":43}
{"cite":"674a.11(b)","type":"WagerPlaced","seat":1,"spot":"across","amount":1000}
{"cite":"674a.11(b)","type":"Folded","seat":2,"spot":"across"}
{"cite":"674a.11(b)","type":"WagerSettled","seat":2,"spot":"ante_across","amount":500,"o\
utcome":"lose","odds":null,"returned":0,"won":0,"withheld":0}
{"cite":"674a.11(b)","type":"WagerSettled","seat":2,"spot":"ante_down","amount":500,"out\
come":"lose","odds":null,"returned":0,"won":0,"withheld":0}
{"cite":"674a.11(b)","type":"HandCollected","seat":2}
{"cite":"674a.11(c)","type":"CommunityCardsTurned","positions":["left","right"],"cards":\
["6d","Js"]}
{"cite":"674a.11(d)","type":"WagerPlaced","seat":1,"spot":"down","amount":500}
{"cite":"674a.11(e)","type":"CommunityCardsTurned","positions":["far","near"],"cards":["\
Kc","Kd"]}
{"cite":"674a.11(f)","type":"WagerPlaced","seat":1,"spot":"middle","amount":1500}
{"cite":"674a.11(g)","type":"CommunityCardsTurned","positions":["middle"],"cards":["9h"]\
}
{"cite":"674a.11(h)(5); 674a.12(c)","type":"WagerSettled","seat":2,"spot":"five_card_bon\
us","amount":500,"outcome":"win","odds":"1","returned":500,"won":500,"withheld":0}
{"cite":"674a.11(g)","type":"HandsTurnedUp","seat":1,"cards":["7h","7d"],"across":"pair \
of 7s, kickers jack-9-6","across_line":"pair_of_6s_through_10s","down":"two pairs, kings\
 and 7s, kicker 9","down_line":"two_pair"}
{"cite":"674a.11(h)(1)(ii); 674a.12(a)","type":"WagerSettled","seat":1,"spot":"ante_acro\
ss","amount":500,"outcome":"push","odds":null,"returned":500,"won":0,"withheld":0}
{"cite":"674a.11(h)(1)(ii); 674a.12(b)","type":"WagerSettled","seat":1,"spot":"across","\
amount":1000,"outcome":"push","odds":null,"returned":1000,"won":0,"withheld":0}
{"cite":"674a.11(h)(2)(ii); 674a.12(a)","type":"WagerSettled","seat":1,"spot":"ante_down\
","amount":500,"outcome":"win","odds":"1","returned":500,"won":500,"withheld":0}
{"cite":"674a.11(h)(2)(ii); 674a.12(b)","type":"WagerSettled","seat":1,"spot":"down","am\
ount":500,"outcome":"win","odds":"2","returned":500,"won":1000,"withheld":0}
{"cite":"674a.11(h)(4); 674a.12(b)","type":"WagerSettled","seat":1,"spot":"middle","amou\
nt":1500,"outcome":"win","odds":"2","returned":1500,"won":3000,"withheld":0}
{"cite":"674a.11(i)","type":"RoundCompleted"}
""",
    "dbj_one_deck": """\
{"cite":"673a.7(a)","type":"RoundSetup","batch":"red","shuffling":"manual","shoe":[],"co\
ver_at":null,"shuffle_due":"the game is beginning","burn_due":false,"barred":[],"cut_off\
er":[1]}
{"cite":"673a.5(a)","type":"DeckShuffled","stack":["Kc","7d","Jc","Ah","6s","3h","Qs","Q\
h","Ks","As","Js","Ad","3s","8h","4h","7h","6d","Td","3d","9d","8d","6c","4c","2h","Ac",\
"Th","7c","Tc","2d","8s","Kh","2c","Jh","8c","Kd","5s","6h","Qd","9c","Qc","5c","9s","4d\
","5h","3c","9h","4s","7s","Jd","Ts","5d","2s"]}
{"cite":"673a.5(b); 673a.5(c)","type":"CutRefused","seat":1}
{"cite":"673a.5(d)","type":"DeckCut","position":39,"cover_from_bottom":28,"cutter":"deal\
er"}
{"cite":"673a.7(a)","type":"ShoeLoaded","cards":52}
{"cite":"673a.7(c)","type":"CardBurned","card":"Qc"}
{"cite":"673a.6(d)","type":"WagerPlaced","seat":4,"spot":"blackjack","amount":731}
{"cite":"673a.6(d)","type":"WagerPlaced","seat":1,"spot":"blackjack","amount":1004}
{"cite":"673a.7(e)","type":"DealStarted","boxes":[1,4],"dealer_missed_first_card":false,\
"dealer_missed_second_card":false,"no_cards":[],"one_card":[]}
{"cite":"673a.7(e)","type":"CardDealt","hand":1,"split_hand":0,"card":"5c","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":4,"split_hand":0,"card":"9s","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":"dealer","split_hand":0,"card":"4d","face_\
up":true,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":1,"split_hand":0,"card":"5h","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":4,"split_hand":0,"card":"3c","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":"dealer","split_hand":0,"card":"9h","face_\
up":false,"sideways":false}
{"cite":"673a.13(b)","type":"IrregularityDeclared","irregularity":"card_drawn_in_error"}
{"cite":"673a.7(i)","type":"PlayerDecided","seat":1,"split_hand":0,"decision":"stand","a\
mount":null}
{"cite":"673a.10(a)","type":"PlayerDecided","seat":4,"split_hand":0,"decision":"double",\
"amount":731}
{"cite":"673a.10(a)","type":"WagerPlaced","seat":4,"spot":"double","amount":731}
{"cite":"673a.10(b)","type":"CardDealt","hand":4,"split_hand":0,"card":"4s","face_up":tr\
ue,"sideways":true}
{"cite":"673a.7(n)","type":"HoleCardTurned","card":"9h"}
{"cite":"673a.7(o)","type":"CardDealt","hand":"dealer","split_hand":0,"card":"7s","face_\
up":true,"sideways":false}
{"cite":"673a.7(o)","type":"DealerTotalAnnounced","total":20,"soft":false}
{"cite":"673a.7(o)","type":"DealerHandComplete","total":20}
{"cite":"673a.7(q)(2)","type":"SettlementBegun","dealer_total":20}
{"cite":"673a.7(r)(3)(ii); 673a.7(s)(3); 673a.7(t)(1)","type":"WagerSettled","seat":4,"s\
pot":"blackjack","amount":731,"outcome":"lose","odds":null,"returned":0,"won":0,"withhel\
d":0}
{"cite":"673a.7(r)(3)(ii); 673a.7(s)(3); 673a.7(t)(1)","type":"WagerSettled","seat":4,"s\
pot":"double","amount":731,"outcome":"lose","odds":null,"returned":0,"won":0,"withheld":\
0}
{"cite":"673a.7(r)(3)(ii); 673a.7(s)(3); 673a.7(t)(1)","type":"WagerSettled","seat":1,"s\
pot":"blackjack","amount":1004,"outcome":"lose","odds":null,"returned":0,"won":0,"withhe\
ld":0}
{"cite":"673a.7(u)","type":"RoundCompleted"}
""",
    "dbj_two_batches": """\
{"cite":"673a.7(a)","type":"RoundSetup","batch":"red","shuffling":"automated","shoe":[],\
"cover_at":null,"shuffle_due":"the game is beginning","burn_due":false,"barred":[],"cut_\
offer":[1]}
{"cite":"673a.5(a)","type":"DeckShuffled","stack":["6s","Kc","3s","Jh","2d","Js","5c","A\
c","Td","6s","5h","Kh","Ks","Qs","Tc","Qh","Jd","Jc","3h","As","9d","2s","5c","4h","7s",\
"5d","Kd","2h","8c","Jh","Ts","3d","6h","5h","2s","8s","6d","4s","Jc","2h","4h","2d","9c\
","4d","Jd","8d","3h","Ah","4d","Qd","Ah","3c","7c","As","7s","4s","Qh","8d","3d","8c","\
3c","9c","7h","Ks","5s","7c","7h","Kh","Th","6h","6c","8h","9h","9s","Ad","5s","4c","Kc"\
,"9s","7d","9d","Kd","Ac","6d","5d","2c","Ad","Js","Th","4c","3s","Ts","Tc","Qd","8h","7\
d","2c","6c","9h","8s","Qc","Qc","Td","Qs"]}
{"cite":"673a.5(b); 673a.5(c)","type":"CutRefused","seat":1}
{"cite":"673a.5(d)","type":"DeckCut","position":14,"cover_from_bottom":26,"cutter":"deal\
er"}
{"cite":"673a.7(a)","type":"ShoeLoaded","cards":104}
{"cite":"673a.7(c)","type":"CardBurned","card":"Tc"}
{"cite":"673a.6(d)","type":"WagerPlaced","seat":4,"spot":"blackjack","amount":1264}
{"cite":"673a.6(d)","type":"WagerPlaced","seat":1,"spot":"blackjack","amount":1058}
{"cite":"673a.7(e)","type":"DealStarted","boxes":[1,4],"dealer_missed_first_card":false,\
"dealer_missed_second_card":false,"no_cards":[],"one_card":[]}
{"cite":"673a.7(e)","type":"CardDealt","hand":1,"split_hand":0,"card":"Qh","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":4,"split_hand":0,"card":"Jd","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":"dealer","split_hand":0,"card":"Jc","face_\
up":true,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":1,"split_hand":0,"card":"3h","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":4,"split_hand":0,"card":"As","face_up":tru\
e,"sideways":false}
{"cite":"673a.7(e)","type":"CardDealt","hand":"dealer","split_hand":0,"card":"9d","face_\
up":false,"sideways":false}
{"cite":"673a.7(f); 673a.12(a)","type":"WagerSettled","seat":4,"spot":"blackjack","amoun\
t":1264,"outcome":"win","odds":"2","returned":1264,"won":2528,"withheld":0}
{"cite":"673a.7(f)","type":"HandDiscarded","seat":4,"split_hand":0}
{"cite":"673a.7(h)","type":"HoleCardRead","blackjack":false}
{"cite":"673a.10(a)","type":"PlayerDecided","seat":1,"split_hand":0,"decision":"double",\
"amount":396}
{"cite":"673a.10(a)","type":"WagerPlaced","seat":1,"spot":"double","amount":396}
{"cite":"673a.10(b)","type":"CardDealt","hand":1,"split_hand":0,"card":"2s","face_up":tr\
ue,"sideways":true}
{"cite":"673a.7(n)","type":"HoleCardTurned","card":"9d"}
{"cite":"673a.7(o)","type":"DealerHandComplete","total":19}
{"cite":"673a.7(q)(2)","type":"SettlementBegun","dealer_total":19}
{"cite":"673a.7(r)(3)(ii); 673a.7(s)(3); 673a.7(t)(1)","type":"WagerSettled","seat":1,"s\
pot":"blackjack","amount":1058,"outcome":"lose","odds":null,"returned":0,"won":0,"withhe\
ld":0}
{"cite":"673a.7(r)(3)(ii); 673a.7(s)(3); 673a.7(t)(1)","type":"WagerSettled","seat":1,"s\
pot":"double","amount":396,"outcome":"lose","odds":null,"returned":0,"won":0,"withheld":\
0}
{"cite":"673a.7(u)","type":"RoundCompleted"}
""",
    "gfi_automated_miscount": """\
{"cite":"676a.3(a)","type":"RoundSetup","deck":"red","shuffling":"automated","shuffler_c\
ounts":false,"dealing_procedure":"hand","stub_count_due":true,"out_of_order":[]}
{"cite":"676a.7(d)(1)","type":"WagerPlaced","seat":2,"spot":"front_9","amount":1000}
{"cite":"676a.9(b)","type":"NoMoreBets","players":[2]}
{"cite":"676a.5(a); 676a.5(c)(1)","type":"DeckShuffled","stack":["4d","5h","Jc","Td","6c\
","8c","As","2h","Jd","Kd","Tc","Th","Qh","7d","3s","6h","8s","9c","9d","7h","Qs","7s","\
9s","Ac","4s","3d","Kc","2c","2s","3c","9h","6d","Jh","4h","Js","8h","Ad","3h","Ts","Kh"\
,"4c","6s","2d","Ah","5d","8d","5s","Qc","Qd","Ks","7c","5c"],"shuffling":"automated","d\
evice_count":null}
{"cite":"676a.9(b)","type":"CardDealt","hand":2,"position":0,"card":"4d"}
{"cite":"676a.13(a)","type":"IrregularityDeclared","irregularity":"face_up_card","hand":\
null,"card":null}
{"cite":"676a.13(a)","type":"CardDiscarded","card":"5h"}
{"cite":"676a.9(b)","type":"CardDealt","hand":"dealer","position":0,"card":"Jc"}
{"cite":"676a.9(b)","type":"CardDealt","hand":2,"position":1,"card":"Td"}
{"cite":"676a.9(b)","type":"CardDealt","hand":"dealer","position":1,"card":"6c"}
{"cite":"676a.9(b)","type":"CardDealt","hand":2,"position":2,"card":"8c"}
{"cite":"676a.9(b)","type":"CardDealt","hand":"dealer","position":2,"card":"As"}
{"cite":"676a.9(b)","type":"CardDealt","hand":2,"position":3,"card":"2h"}
{"cite":"676a.9(b)","type":"CardDealt","hand":"dealer","position":3,"card":"Jd"}
{"cite":"676a.9(d)","type":"StubCounted","counted":40,"expected":43}
{"cite":"676a.9(f)","type":"RoundVoided","reason":"the stub count shows the deck is not \
52 cards"}
{"cite":"676a.9(f)","type":"WagerSettled","seat":2,"spot":"front_9","amount":1000,"outco\
me":"void","odds":null,"returned":1000,"won":0,"withheld":0}
{"cite":"676a.9(f)","type":"DeckRemoved","reason":"the stub count shows the deck is inco\
mplete","counted":null}
""",
    "gfi_manual": """\
{"cite":"676a.3(a)","type":"RoundSetup","deck":"red","shuffling":"manual","shuffler_coun\
ts":false,"dealing_procedure":"manual_shoe","stub_count_due":true,"out_of_order":[]}
{"cite":"676a.7(d)(1)","type":"WagerPlaced","seat":1,"spot":"front_9","amount":500}
{"cite":"676a.7(d)(1)","type":"WagerPlaced","seat":3,"spot":"front_9","amount":500}
{"cite":"676a.7(d)(4)","type":"WagerPlaced","seat":3,"spot":"gopher","amount":500}
{"cite":"676a.8(b)","type":"NoMoreBets","players":[1,3]}
{"cite":"676a.5(a)","type":"DeckShuffled","stack":["Qs","Jc","Kh","Jd","4c","Ah","8d","K\
c","Jh","7c","5h","As","6s","4d","Qd","9s","Ts","Td","3s","2s","Ac","Ks","8h","9d","Ad",\
"2h","Th","Qc","9h","5c","7d","3d","6d","7s","2c","3h","5s","3c","8s","8c","2d","Kd","4s\
","6h","4h","7h","9c","5d","6c","Js","Qh","Tc"],"shuffling":"manual","device_count":null\
}
{"cite":"676a.5(d)","type":"DeckCut","position":20}
{"cite":"676a.5(e)","type":"RecutRequired"}
{"cite":"676a.5(d)","type":"DeckCut","position":33}
{"cite":"676a.8(b)","type":"CardDealt","hand":1,"position":0,"card":"Jc"}
{"cite":"676a.8(b)","type":"CardDealt","hand":3,"position":0,"card":"Kh"}
{"cite":"676a.8(b)","type":"CardDealt","hand":"dealer","position":0,"card":"Jd"}
{"cite":"676a.8(b)","type":"CardDealt","hand":1,"position":1,"card":"4c"}
{"cite":"676a.8(b)","type":"CardDealt","hand":3,"position":1,"card":"Ah"}
{"cite":"676a.8(b)","type":"CardDealt","hand":"dealer","position":1,"card":"8d"}
{"cite":"676a.8(b)","type":"CardDealt","hand":1,"position":2,"card":"Kc"}
{"cite":"676a.8(b)","type":"CardDealt","hand":3,"position":2,"card":"Jh"}
{"cite":"676a.8(b)","type":"CardDealt","hand":"dealer","position":2,"card":"7c"}
{"cite":"676a.8(b)","type":"CardDealt","hand":1,"position":3,"card":"5h"}
{"cite":"676a.8(b)","type":"CardDealt","hand":3,"position":3,"card":"As"}
{"cite":"676a.8(b)","type":"CardDealt","hand":"dealer","position":3,"card":"6s"}
{"cite":"676a.8(d)","type":"StubCounted","counted":40,"expected":40}
{"cite":"676a.8(e)","type":"StubDiscarded","cards":40}
{"cite":"676a.11(b)","type":"WagerPlaced","seat":1,"spot":"back_9","amount":500}
{"cite":"676a.11(b)","type":"Folded","seat":3}
{"cite":"676a.11(c)","type":"WagerSettled","seat":3,"spot":"front_9","amount":500,"outco\
me":"lose","odds":null,"returned":0,"won":0,"withheld":0}
{"cite":"676a.11(c)(2)","type":"HandCollected","seat":3,"to":"under_wagers"}
{"cite":"676a.11(d)","type":"DealerHandRevealed","cards":["Jd","8d","7c","6s"],"total":3\
1}
{"cite":"676a.11(d)(1); 676a.11(d)(2)","type":"HandTurnedUp","seat":3,"cards":["Kh","Ah"\
,"Jh","As"],"total":22,"score":"par"}
{"cite":"676a.12(d)","type":"WagerSettled","seat":3,"spot":"gopher","amount":500,"outcom\
e":"win","odds":"5","returned":500,"won":2500,"withheld":0}
{"cite":"676a.11(d)(1); 676a.11(d)(2)","type":"HandTurnedUp","seat":1,"cards":["Jc","4c"\
,"Kc","5h"],"total":29,"score":"over_par"}
{"cite":"676a.11(d)(3)(ii)","type":"WagerSettled","seat":1,"spot":"front_9","amount":500\
,"outcome":"lose","odds":null,"returned":0,"won":0,"withheld":0}
{"cite":"676a.11(d)(3)(ii)","type":"WagerSettled","seat":1,"spot":"back_9","amount":500,\
"outcome":"lose","odds":null,"returned":0,"won":0,"withheld":0}
{"cite":"676a.11(e)","type":"RoundCompleted"}
""",
}
"""Each scripted round's events as JSON, one an event (a backslash at the end of a
line continues it); captured before the change."""
