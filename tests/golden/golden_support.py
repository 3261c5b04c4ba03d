"""Shared by the golden-file tests: commands built from what ``legal_commands`` offers, and
the golden files themselves (written, read, compared byte for byte).

A golden file (``data/<layer>-<game>.jsonl``) has one line per round::

    {"round":"<label>","events":<the round's events as JSON, verbatim>}

The events' text is inserted as it was produced (``Round.events_to_json`` at the engine
level, the bodies the table server stores at the server level), so the file holds those
bytes exactly; only the croupier version stamped in ``RoundOpened`` (and at the server
level the random player ids) are normalised, see :func:`normalise_version`.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from croupier.engine import Actor, LegalCommand

SERVER_TESTS = str(Path(__file__).parents[1] / "server")
if SERVER_TESTS not in sys.path:  # the table server tests' helpers (server_api), which
    sys.path.insert(0, SERVER_TESTS)  # test_golden_server imports after this module

DATA = Path(__file__).parent / "data"
WRITE = os.environ.get("CROUPIER_GOLDEN_WRITE") == "1"
"""``CROUPIER_GOLDEN_WRITE=1 pytest tests/golden`` rewrites the golden files."""

VERSION = "golden"
"""What the croupier version stamped in ``RoundOpened`` is replaced with."""
_VERSION = re.compile(r'"croupier_version":"[^"]*"')


def normalise_version(text: str) -> str:
    """``text`` with the croupier version of every ``RoundOpened`` replaced by
    :data:`VERSION`: it comes from the installed package's metadata and changes with
    every release, and nothing is derived from it (replay does not check it)."""
    return _VERSION.sub(f'"croupier_version":"{VERSION}"', text)


# --- building commands ---------------------------------------------------------------------
@dataclass(frozen=True)
class Offer:
    """One legal command as this driver draws from it: its spots, the range of its first
    amount, its typed fields (their JSON) and, for offers merged into one (see
    :func:`offers`), the values merged, in the order the golden files were first played
    with, so that the same draws give the same commands; made by :func:`offers`."""

    command: str
    spots: tuple[Any, ...] = ()
    min_amount: int | None = None
    max_amount: int | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    merged: tuple[Any, ...] = ()

    def values(self, name: str) -> list[Any]:
        """The values field ``name`` is offered (a choice's, a fixed value)."""
        typed = self.fields[name]
        if typed["kind"] == "fixed":
            return [typed["value"]]
        assert typed["kind"] == "choice", typed
        return [option["value"] for option in typed["options"]]

    def range(self, name: str) -> tuple[int, int]:
        """The least and most of integer field ``name``."""
        typed = self.fields[name]
        assert typed["kind"] == "integers", typed
        return typed["low"], typed["high"]


def _one(data: dict[str, Any]) -> Offer:
    fields = data.get("fields") or {}
    spot = fields.get("spot")
    spots: tuple[Any, ...] = ()
    if spot is not None:
        spots = tuple(
            [o["value"] for o in spot["options"]] if spot["kind"] == "choice" else [spot["value"]]
        )
    amount = next((f for f in fields.values() if f["kind"] == "amount"), None)
    return Offer(
        command=data["command"],
        spots=spots,
        min_amount=None if amount is None else amount["low"],
        max_amount=None if amount is None else amount.get("high"),
        fields=fields,
    )


def _kinds(game: str) -> list[str]:
    """The game's irregularities in the order its rounds offered them."""
    module = {
        "high-roll-dice": "croupier.games.high_roll_dice",
        "pai-gow": "croupier.games.pai_gow.commands",
    }[game]
    return [kind.value for kind in importlib.import_module(module).Irregularity]


def offers(
    legal: Sequence[LegalCommand | dict[str, Any]], game: str, bank: int | None = None
) -> list[Offer]:
    """What one actor is offered, as this driver draws from it (:class:`Offer`): an exposed
    card of Go Fore It is one offer of ``"hand:card"`` choices, one of Criss-Cross Poker
    one offer of positions, and the irregularities of High Roll Dice and Pai Gow one offer
    of every kind, as when the golden files were played first. Likewise the house way a
    Pai Gow player bank (area ``bank``) may ask for his own hand, offered since those
    files were written (621a.10(b)), is left out: the same draws give the same commands."""
    out: list[Offer] = []
    merged: dict[str, int] = {}  # which merged offer -> its place in out
    for item in legal:
        data = item.model_dump(mode="json") if isinstance(item, LegalCommand) else item
        fields = data.get("fields") or {}
        if _added_later(data, game, bank):
            continue
        kind = fields.get("irregularity")
        if data["command"] != "DeclareIrregularity" or kind is None:
            out.append(_one(data))
            continue
        if kind["kind"] == "fixed" and game == "go-fore-it":
            hand = fields["hand"]["value"]
            cards = [(hand, o["value"]) for o in fields["card"]["options"]]
            key = "exposed"
            new = Offer(command="DeclareIrregularity", spots=(kind["value"],))
        elif "position" in fields and game == "criss-cross-poker":
            cards = [o["value"] for o in fields["position"]["options"]]
            key = "exposed"
            exposed = kind["options"][0]["value"]
            new = Offer(command="DeclareIrregularity", spots=(exposed,))
        elif game in ("high-roll-dice", "pai-gow"):
            key = "kinds"
            values = [o["value"] for o in kind["options"]] if kind["kind"] == "choice" else []
            cards = values if kind["kind"] == "choice" else [kind["value"]]
            new = Offer(command="DeclareIrregularity")
        else:
            out.append(_one(data))
            continue
        if key not in merged:
            merged[key] = len(out)
            out.append(new)
        at = merged[key]
        values = list(out[at].merged)
        values += [card for card in cards if card not in values]
        if key == "kinds":
            order = _kinds(game)
            values.sort(key=order.index)
        out[at] = Offer(command=out[at].command, spots=out[at].spots, merged=tuple(values))
    return out


def _added_later(data: dict[str, Any], game: str, bank: int | None) -> bool:
    """Whether offer ``data`` came after the golden files were first played: Pai Gow's
    house way for the player bank's own hand (until then offered for a wager only)."""
    if game != "pai-gow" or bank is None or data["command"] != "RequestHouseWay":
        return False
    return _one(data).values("seat") == [bank]


@dataclass
class Table:
    """What a command needs to know beyond its offer, as the sender can see it."""

    game: str
    physical_dice: bool = False
    co_banking: bool = False
    shuffler_counts: bool = False
    """Go Fore It, Criss-Cross Poker: a counting shuffler reports its count."""
    cap: int | None = None
    """The largest multiple of the least amount wagered (``None``: up to the most)."""
    tiles: Callable[[int], list[str]] = field(default=lambda area: [])
    """A Pai Gow area's four tiles (codes), as its player sees them."""
    exposable: Callable[[], dict[str, list[str]]] = field(default=dict)
    """Pai Gow: position -> tiles the dealer may declare exposed."""
    dice: Callable[[], list[int]] = field(default=list)
    """High Roll Dice: the dice on the table."""
    dice_to_throw: Callable[[], int] = field(default=lambda: 0)
    """High Roll Dice with physical dice: how many dice this throw reads."""
    boxes: Callable[[], list[int]] = field(default=list)
    """Double Back Jack: the boxes with a Blackjack Wager (for a misdeal)."""


PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _amount(offer: Offer, pick: random.Random, table: Table) -> int:
    low, high = offer.min_amount, offer.max_amount
    assert low is not None
    if high is None:
        high = low * 10
    top = high if table.cap is None else min(high, low * table.cap)
    return pick.choice([low, pick.randint(low, top), top])


def _option_seat(offer: Offer) -> int:
    (seat,) = offer.values("seat")
    return int(seat)


def build(offer: Offer, actor: Actor, pick: random.Random, table: Table) -> dict[str, Any]:
    """A command (its JSON) within ``offer``'s bounds, chosen with ``pick``."""
    name, game = offer.command, table.game
    data: dict[str, Any] = {"type": name}
    pai_gow = game == "pai-gow"
    if pai_gow and name in (
        "PlaceWager",
        "TakeBank",
        "PassBank",
        "CutTiles",
        "DeclineCut",
        "DirectDealerWager",
        "DecideExposedHand",
        "SetHands",
        "RequestHouseWay",
        "Surrender",
        "WithdrawWager",
    ):
        data["seat"] = _option_seat(offer)
    elif name in (
        "PlaceWager",
        "PlaceAntes",
        "WithdrawWager",
        "Fold",
        "Decide",
        "AcceptCut",
        "RefuseCut",
    ):
        data["seat"] = actor
    if name == "PlaceWager":
        data["amount"] = _amount(offer, pick, table)
        if not pai_gow:
            data["spot"] = pick.choice(offer.spots)
    elif name == "PlaceAntes":
        data["ante_across"] = data["ante_down"] = _amount(offer, pick, table)
    elif name == "WithdrawWager":
        data["spot"] = pick.choice(offer.spots)
    elif name == "Decide":
        decision = pick.choice(offer.values("decision"))
        data["decision"] = decision
        if decision == "double":
            assert offer.min_amount is not None and offer.max_amount is not None
            data["amount"] = pick.choice(
                [offer.max_amount, pick.randint(offer.min_amount, offer.max_amount)]
            )
    elif name == "AcceptCut":
        data["position"] = pick.randint(*offer.range("position"))
    elif name == "CutCards":
        if "cover_from_bottom" in offer.fields:  # Double Back Jack
            data["cutter"] = pick.choice(offer.values("cutter"))
            data["position"] = pick.randint(*offer.range("position"))
            data["cover_from_bottom"] = pick.randint(*offer.range("cover_from_bottom"))
        else:
            low, high = offer.range("position")
            data["position"] = pick.choice(range(low, high + 1))
    elif name == "ShuffleCards" and table.shuffler_counts:
        data["device_count"] = 51 if pick.random() < 0.15 else None
    elif name == "DealCards":
        if game == "double-back-jack":
            boxes = table.boxes()
            if boxes and pick.random() < 0.05:
                missed = pick.sample(boxes, pick.randint(1, len(boxes)))
                split = pick.randint(0, len(missed))
                data["dealer_missed_first_card"] = pick.random() < 0.3
                data["dealer_missed_second_card"] = pick.random() < 0.3
                data["no_cards"] = missed[:split]
                data["one_card"] = missed[split:]
        else:
            data["all_remaining"] = pick.random() < 0.5
    elif name == "CountStub":
        data["counted"] = pick.randint(0, 52) if pick.random() < 0.05 else None
    elif name == "ResolveMiscount":
        data["misdealt"] = pick.choice(offer.values("misdealt"))
    elif name == "VoidRound":
        data["reason"] = "a golden-file void"
    elif name == "DeclareIrregularity":
        data.update(_irregularity(offer, pick, table))
    elif name in ("ThrowDice", "ShakeDice") and table.physical_dice:
        count = table.dice_to_throw() if name == "ThrowDice" else 3
        data["faces"] = [pick.randint(1, 6) for _ in range(count)]
    elif name == "TakeBank":
        data["chips"] = _amount(offer, pick, table)
        data["co_bank"] = table.co_banking and pick.random() < 0.5
    elif name == "CutTiles":
        start = pick.randint(1, 7)
        length = pick.randint(1, 9 - start)
        block = list(range(start, start + length))
        split = pick.randint(0, length)
        data["right"], data["left"] = block[:split], block[split:]
    elif name == "DirectDealerWager":
        assert offer.max_amount is not None
        data["amount"] = pick.randint(0, offer.max_amount)
    elif name == "ChooseDelivery":
        data["style"] = pick.choice(offer.values("style"))
    elif name == "DecideExposedHand":
        data["void"] = pick.random() < 0.5
    elif name == "SetHands":
        tiles = table.tiles(data["seat"])
        i, j = pick.choice(PAIRS)
        data["together"] = [tiles[i], tiles[j]]
    elif name == "DeclareAbandoned":
        data["seat"] = pick.choice(offer.values("seat"))
    return data


def _irregularity(offer: Offer, pick: random.Random, table: Table) -> dict[str, Any]:
    game = table.game
    if game == "go-fore-it" and offer.spots == ("card_exposed",):
        hand, card = pick.choice(offer.merged)
        return {"irregularity": "card_exposed", "hand": hand, "card": card}
    if game == "criss-cross-poker" and offer.spots:
        return {"irregularity": offer.spots[0], "position": pick.choice(offer.merged)}
    kind = pick.choice(offer.merged or offer.values("irregularity"))
    if game == "high-roll-dice" and kind == "cocked_die":
        return {
            "irregularity": kind,
            "die": pick.randrange(len(table.dice())),
            "resting_face": pick.randint(1, 6),
        }
    if game == "pai-gow" and kind == "tile_exposed":
        exposable = table.exposable()
        position = pick.choice(sorted(exposable))
        return {
            "irregularity": kind,
            "position": position,
            "tile": pick.choice(exposable[position]),
        }
    return {"irregularity": kind}


RARE: dict[str, float] = {
    "VoidRound": 0.002,
    "DeclareIrregularity": 0.06,
    "DeclareAbandoned": 0.02,
    "RequireRecut": 0.4,
    "WithdrawWager": 0.15,
    "AnnounceNoMoreBets": 0.3,
    "Surrender": 0.3,
    "RequestHouseWay": 0.3,
}
"""Weights of the commands that end or undo much (a weight of 1 otherwise)."""


def weight(offer: Offer, game: str) -> float:
    if offer.command == "DeclareIrregularity":
        if game == "high-roll-dice":
            return 0.5  # physical dice: a cocked die corrected, a throw invalidated, rethrown
        if game == "criss-cross-poker":
            return 0.03  # most of its irregularities void the round
    return RARE.get(offer.command, 1.0)


# --- the golden files ---------------------------------------------------------------------
def split_events(text: str) -> list[str]:
    """The events of a JSON array (as written, compact) as their own texts, verbatim."""
    decoder = json.JSONDecoder()
    assert text.startswith("["), text[:40]
    out: list[str] = []
    index = 1
    while text[index] != "]":
        _, end = decoder.raw_decode(text, index)
        out.append(text[index:end])
        index = end + 1 if text[end] == "," else end
    return out


def line(label: str, events: str) -> str:
    return '{"round":' + json.dumps(label) + ',"events":' + events + "}\n"


def read(path: Path) -> list[tuple[str, str]]:
    """The rounds of a golden file: (label, the events' JSON text verbatim)."""
    rounds = []
    for text in path.read_text(encoding="utf-8").splitlines():
        prefix = '{"round":'
        assert text.startswith(prefix) and text.endswith("}"), text[:60]
        label, end = json.JSONDecoder().raw_decode(text, len(prefix))
        events = text[end:-1]
        assert events.startswith(',"events":'), text[:60]
        rounds.append((label, events[len(',"events":') :]))
    return rounds


def _first_difference(stored: str, now: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(stored, now, strict=False)) if a != b), None)
    if at is None:
        at = min(len(stored), len(now))
    return (
        f"  stored: ...{stored[max(0, at - 80) : at + 160]}\n"
        f"  now:    ...{now[max(0, at - 80) : at + 160]}"
    )


def house_way_once(events: str) -> str:
    """A stored Pai Gow round as the table server records it since issue 29: a house way
    shown again to an area that was shown it is answered from the player's view and not
    recorded again (621a.10(b); ``TablePolicy.answered_before``). The stored round itself,
    with the repeat, is untouched and still replays."""
    shown: set[int] = set()
    kept = []
    for event in split_events(events):
        data = json.loads(event)
        if data.get("type") == "HouseWayShown":
            if data["seat"] in shown:
                continue
            shown.add(data["seat"])
        kept.append(event)
    return "[" + ",".join(kept) + "]"


def compare(
    path: Path,
    produced: Sequence[tuple[str, str]],
    recorded_now: Callable[[str], str] | None = None,
) -> None:
    """Compare ``produced`` rounds with the golden file ``path`` byte for byte (or write it
    under ``CROUPIER_GOLDEN_WRITE=1``); fail naming the first round and event that differ.
    ``recorded_now``: what play records now of a stored round where a deliberate change of
    conduct (not of the event format) records less (:func:`house_way_once`)."""
    text = "".join(line(label, events) for label, events in produced)
    if WRITE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"{path} is missing: write it with CROUPIER_GOLDEN_WRITE=1 pytest tests/golden")
    stored = read(path)
    if recorded_now is not None:
        stored = [(label, recorded_now(events)) for label, events in stored]
    stored_text = "".join(line(label, events) for label, events in stored)
    if stored_text == text:
        return
    hint = (
        "\nThe event JSON must stay byte for byte the same (stored rounds must replay). "
        "Only for a deliberate change of the event format, rewrite the golden files with "
        "CROUPIER_GOLDEN_WRITE=1 pytest tests/golden and say so in the commit."
    )
    for number, ((label, events), (new_label, new_events)) in enumerate(
        zip(stored, produced, strict=False)
    ):
        if label != new_label:
            pytest.fail(
                f"{path.name}: round {number + 1} is {new_label!r} now, {label!r} stored" + hint
            )
        if events == new_events:
            continue
        old, new = split_events(events), split_events(new_events)
        for index, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                kind = json.loads(a).get("type")
                pytest.fail(
                    f"{path.name}: round {label!r}, event {index} ({kind}) differs:\n"
                    + _first_difference(a, b)
                    + hint
                )
        pytest.fail(
            f"{path.name}: round {label!r} has {len(new)} events now, {len(old)} stored "
            f"(the first {min(len(old), len(new))} are the same)" + hint
        )
    pytest.fail(
        f"{path.name}: {len(produced)} rounds now, {len(stored)} stored "
        f"(the first {min(len(stored), len(produced))} are the same)" + hint
    )
