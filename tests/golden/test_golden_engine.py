"""Golden files of every game's event JSON at the engine level: stored rounds must replay.

For each game in ``GAMES`` and each of its Rules Submissions (its default rules, a few
:data:`VARIANTS` and every ``examples/rules/*.toml`` of that game; High Roll Dice and Pai
Gow also with physical dice), :data:`ROUNDS` rounds are opened with ``Round.open`` and a
``SeededRng`` and played to their end by seeded random choices among ``legal_commands``
of every seat and the dealer (``golden_support.build`` turns an offer into a command).
Each round's ``Round.events_to_json`` is compared byte for byte with
``data/engine-<game>.jsonl`` (the croupier version in ``RoundOpened`` normalised), and
every stored round is replayed with ``GAMES[game].replay`` and must rebuild to the same
JSON.

Rewriting the golden files (``CROUPIER_GOLDEN_WRITE=1 pytest tests/golden``) is only for
a deliberate change of the event format, and must be noted in the commit: a stored
round that no longer replays, or replays to other events, breaks every stored table.
"""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path
from typing import Any

import golden_support as gs
import pytest

from croupier.engine import DEALER, Actor, Round
from croupier.games.pai_gow import PaiGowRound, TableContext
from croupier.registry import find, load
from croupier.rng import SeededRng
from croupier.rules import RulesSubmission

GAMES = {
    name: find(name).round_type
    for name in ("high-roll-dice", "go-fore-it", "pai-gow", "double-back-jack", "criss-cross-poker")
}
"""The games whose events are frozen here (the five built in, not a test's game)."""

EXAMPLES = Path(__file__).parents[2] / "examples" / "rules"
ROUNDS = 8
"""Rounds played under each Rules Submission."""
LIMIT = 600
"""The most commands a round may take."""
SEATS = {1: "ann", 2: "bo", 4: "cy"}
SHARED_SEATS = {1: "ann", 2: "bo", 3: "bo", 5: "cy"}
"""Where one player may hold two adjacent boxes (``adjacent_boxes`` of 2 or more)."""
BANK_CONTEXT = TableContext(
    start_of_game=False,
    bank_offer_from=6,
    last_dealer_round_wagers={"ann": 1000, "bo": 2000, "cy": 500},
    cite="621a.11(c)",
)
"""A Pai Gow table after its first round, handed to every other round (the bank offered
in rotation where the rules offer player banking)."""

AUTOMATED_SHOE = {"shuffling": "automated", "decks": 2, "dealing_procedure": "automated_shoe"}
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "go-fore-it": [("automated-shoe", AUTOMATED_SHOE)],
    "criss-cross-poker": [("automated-shoe", AUTOMATED_SHOE)],
    "double-back-jack": [("one-deck", {"decks": 1})],
    "pai-gow": [("rng-start", {"starting_position": "rng", "adjacent_boxes": 2})],
}
"""Rules beyond the defaults and the examples: other equipment and procedures."""

Setup = tuple[str, RulesSubmission, bool]
"""A name, the rules, and whether the dice are physical."""


def setups(game: str) -> list[Setup]:
    rules_type = GAMES[game].rules_type
    found: list[Setup] = [("default", rules_type(), False)]
    for name, choices in VARIANTS.get(game, []):
        found.append((name, rules_type.model_validate(choices), False))
    for path in sorted(EXAMPLES.glob("*.toml")):
        rules = load(path)
        if rules.game == game:
            found.append((path.stem, rules, False))
            if game in ("high-roll-dice", "pai-gow") and not any(p for _, _, p in found):
                found.append((f"{path.stem}+physical-dice", rules, True))
    return found


def seats_for(rules: RulesSubmission) -> dict[int, str]:
    return SHARED_SEATS if getattr(rules, "adjacent_boxes", 1) >= 2 else SEATS


def table_of(round_: Round[Any], game: str, rules: RulesSubmission, physical: bool) -> gs.Table:
    def dice_to_throw() -> int:
        view = round_.view(None)
        dice = 6 if view["variant"] == "six_dice" else 10
        first = view["first_roll"]
        return dice if view["phase"] == "first_throw" or first is None else dice - first["count"]

    def boxes() -> list[int]:
        wagers = round_.view(None)["wagers"]
        return sorted(int(box) for box, spots in wagers.items() if "blackjack" in spots)

    def tiles(area: int) -> list[str]:
        assert isinstance(round_, PaiGowRound)
        return [tile.code for tile in round_.tiles_of(area)]

    def exposable() -> dict[str, list[str]]:
        assert isinstance(round_, PaiGowRound)
        found = round_.exposable_positions()
        return {position: [tile.code for tile in found[position]] for position in found}

    return gs.Table(
        game=game,
        physical_dice=physical,
        co_banking=bool(getattr(rules, "co_banking", False)),
        shuffler_counts=bool(getattr(rules, "shuffler_counts", False)),
        tiles=tiles,
        exposable=exposable,
        dice=lambda: list(round_.view(None)["dice"]),
        dice_to_throw=dice_to_throw,
        boxes=boxes,
    )


def play(round_: Round[Any], pick: random.Random, table: gs.Table) -> None:
    """Seeded random legal commands of every seat and the dealer until the round ends."""
    adapter = type(round_).command_adapter
    actors: list[Actor] = [*sorted(round_.opened.seats), DEALER]
    for _ in range(LIMIT):
        if round_.finished:
            return
        bank = round_.state.bank if isinstance(round_, PaiGowRound) else None
        offers = [
            (actor, offer)
            for actor in actors
            for offer in gs.offers(round_.legal_commands(actor), table.game, bank)
        ]
        assert offers, "nobody may send anything in a round that is not over"
        actor, offer = pick.choices(offers, weights=[gs.weight(o, table.game) for _, o in offers])[
            0
        ]
        data = gs.build(offer, actor, pick, table)
        round_.handle(adapter.validate_python(data), actor)
    raise AssertionError(f"the round did not end in {LIMIT} commands")


def rounds_of(game: str) -> list[tuple[str, str]]:
    """Every round of ``game`` (label, its events' JSON), as this code plays it."""
    cls = GAMES[game]
    out = []
    for name, rules, physical in setups(game):
        for index in range(ROUNDS):
            label = f"{name}/{index + 1}"
            # Seeded by its label: a new Rules Submission adds rounds, changes none.
            seed = zlib.crc32(f"{game}/{label}".encode())
            extra: dict[str, Any] = {}
            if game == "pai-gow" and index % 2:
                extra["context"] = BANK_CONTEXT
            round_ = cls.open(
                rules,
                table_id="T",
                round_id=f"R{index + 1}",
                seats=seats_for(rules),
                rng=SeededRng(seed),
                physical_dice=physical,
                **extra,
            )
            play(round_, random.Random(seed), table_of(round_, game, rules, physical))
            out.append((label, gs.normalise_version(cls.events_to_json(round_.events))))
    return out


def path_of(game: str) -> Path:
    return gs.DATA / f"engine-{game}.jsonl"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_engine_events_are_byte_for_byte_the_golden_file(game: str) -> None:
    gs.compare(path_of(game), rounds_of(game))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_stored_engine_round_replays_to_the_same_events(game: str) -> None:
    cls = GAMES[game]
    stored = gs.read(path_of(game))
    assert stored, "an empty golden file"
    for label, text in stored:
        try:
            replayed = cls.replay(cls.events_from_json(text))
        except Exception as error:
            pytest.fail(f"{path_of(game).name}: round {label!r} does not replay: {error}")
        assert cls.events_to_json(replayed.events) == text, f"round {label} replays otherwise"
        assert json.loads(text)[0]["croupier_version"] == gs.VERSION
