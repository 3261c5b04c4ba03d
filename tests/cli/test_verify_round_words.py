"""`croupier verify-round` at a dice table says what the game draws, in the game's own
words (its policy's random draws), never another game's ("every card, tile and die").

Each reveal is made here as the server makes one (:func:`croupier.ledger.chain.seal_event`
seals what a spectator may not see, the events are chained by their public forms): one
round played from a sealed seed, wagered, closed and dealt by the dealer's steps."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.cli.tables.terminal import dealer_steps
from croupier.engine import DEALER
from croupier.ledger.chain import seal_event
from croupier.registry import find
from croupier.rng import SEED_BYTES, SealedDraws
from croupier.sealing import chain_hash, element_commitments


def reveal_of(
    game: str, wager: dict[str, Any], forged: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The reveal of one round of ``game`` (its default rules) with ``wager`` at seat 1,
    dealt from a sealed seed, as ``GET /rounds/{id}/reveal`` gives it; ``forged``: fields
    its WagerSettled event has instead of those the rules gave (a server that settles
    otherwise, its chain made over what it stored)."""
    spec = find(game)
    rng = SealedDraws(bytes(range(SEED_BYTES)))
    rules = spec.rules_type.model_validate({})
    round_ = spec.round_type.open(rules, table_id="t", round_id="t-1", seats={1: "p"}, rng=rng)
    round_.handle(round_.command_adapter.validate_python(wager), 1)
    closing = round_.command_adapter.validate_python({"type": "AnnounceNoMoreBets"})
    round_.handle(closing, DEALER)
    for step in dealer_steps(round_):
        round_.handle(step, DEALER)
    assert round_.finished
    if forged is not None:
        [at] = [n for n, e in enumerate(round_.events) if e.type == "WagerSettled"]
        round_.events[at] = round_.events[at].model_copy(update=forged)
    prev, events = "0" * 64, []
    for index, event in enumerate(round_.events):
        stored = seal_event(event, spec.policy, rng)
        body = json.loads(stored.body)
        salts = json.loads(stored.salts) if stored.salts else {}
        digest = chain_hash(prev, stored.public)
        events.append(
            {
                "seq": index,
                "index": index,
                "type": event.type,
                "prev_hash": prev,
                "hash": digest,
                "sealed": json.loads(stored.sealed) if stored.sealed else {},
                "event": body,
                "salts": salts,
                "elements": {
                    name: element_commitments(body[name], salt)
                    for name, salt in salts.items()
                    if isinstance(salt, list)
                },
                "ids_replaced": False,
            }
        )
        prev = digest
    return {
        "round_id": "t-1",
        "table_id": "t",
        "game": game,
        "status": "completed",
        "events": events,
        "previous_round_id": None,
        "carried_on": False,
    }


@pytest.mark.parametrize(
    ("game", "wager", "drawn"),
    [
        ("high-roll-dice", {"spot": "pip_street:ace"}, "the dice"),
        ("sic-bo", {"spot": "big"}, "the three dice"),
    ],
)
def test_a_dice_table_says_it_drew_dice(
    game: str, wager: dict[str, Any], drawn: str, tmp_path: Path
) -> None:
    """The round checks out in itself (exit 3: no ``--seen``), and the note on the sealed
    seed names what the game draws as the regulation names it (675a's "the dice", the
    three dice of 625a.2's shaker): no card or tile, which a dice game has none of."""
    path = tmp_path / "reveal.json"
    placed = {"type": "PlaceWager", "seat": 1, "amount": 500, **wager}
    path.write_text(json.dumps(reveal_of(game, placed)))
    result = CliRunner().invoke(app, ["verify-round", "t-1", "--reveal", str(path)])
    assert result.exit_code == 3, result.output
    said = " ".join(result.output.split())
    assert f"every value drawn ({drawn}) follows from the server seed sealed at event 0" in said
    assert "card" not in said and "tile" not in said


@pytest.mark.parametrize(
    ("game", "wager"),
    [("high-roll-dice", {"spot": "pip_street:ace"}), ("sic-bo", {"spot": "big"})],
)
def test_dice_the_seed_does_not_give_are_said_to_differ_from_the_seed(
    game: str, wager: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that throws other dice than its sealed seed draws (its round agrees with
    itself, so it replays under the rules): the dice are told against the server seed,
    which gives them ("the server seed gives 4 2 6"), never "the rules give"."""
    placed = {"type": "PlaceWager", "seat": 1, "amount": 500, **wager}
    honest = reveal_of(game, placed)
    steps = dealer_steps

    def other_seed(round_: Any) -> Any:
        kept, round_.rng = round_.rng, SealedDraws(bytes([7]) * SEED_BYTES)
        try:
            yield from steps(round_)
        finally:
            round_.rng = kept

    monkeypatch.setattr(sys.modules[__name__], "dealer_steps", other_seed)
    forged = reveal_of(game, placed)
    [at] = [e["index"] for e in forged["events"] if e["type"] == "DiceThrown"]
    thrown, seeded = (r["events"][at]["event"]["faces"] for r in (forged, honest))
    assert thrown != seeded
    path = tmp_path / "reveal.json"
    path.write_text(json.dumps(forged))
    result = CliRunner().invoke(app, ["verify-round", "t-1", "--reveal", str(path)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert (
        f"event {at} is not what the server seed draws: dice thrown: faces is "
        f"{' '.join(map(str, thrown))}, the server seed gives {' '.join(map(str, seeded))}"
    ) in said
    assert "the rules give" not in said


def test_a_settlement_the_rules_do_not_give_is_said_in_the_players_words(
    tmp_path: Path,
) -> None:
    """A fresh tester: a replay's differences showed the API's values ("spot is
    pip_street:two, the rules give pip_street:ace", "won is 2000"), where the rest of
    verify-round's words name a spot as the layout does and money in dollars."""
    placed = {"type": "PlaceWager", "seat": 1, "amount": 500, "spot": "pip_street:ace"}
    honest = reveal_of("high-roll-dice", placed)
    [settled] = [e["event"] for e in honest["events"] if e["type"] == "WagerSettled"]
    forged = reveal_of("high-roll-dice", placed, {"spot": "pip_street:two", "won": 2000})
    [at] = [e["index"] for e in forged["events"] if e["type"] == "WagerSettled"]
    path = tmp_path / "reveal.json"
    path.write_text(json.dumps(forged))
    result = CliRunner().invoke(app, ["verify-round", "t-1", "--reveal", str(path)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    rules_won = f"${settled['won'] // 100:,}" + (
        f".{settled['won'] % 100:02d}" if settled["won"] % 100 else ""
    )
    assert (
        f"event {at} is not what the rules produce: wager settled: spot is Pip Street "
        f"two, the rules give Pip Street ace; won is $20, the rules give {rules_won}"
    ) in said, said
    assert "pip_street" not in said and "2000" not in said
