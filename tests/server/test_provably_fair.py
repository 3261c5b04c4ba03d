"""An attacker's tests of the event chain, and a player's check of a finished round.

Full rounds of every game with two seated players and a spectator; everything each of
them receives (views, command answers, ``GET /rounds/{id}/steps`` at every version,
WebSocket frames, the round history, the refused reveal) is captured, and every hex
digest in it is attacked: for every value the round hides from a spectator (read from the
dealer's stored events, not from the code under test), every candidate value is
substituted and hashed in every form the chain could have used (the old chain's
``sha256(prev + event JSON)``, with or without the other fields sealed, the bare value).
Before the round is revealed no candidate may match anything a player or the spectator
received. The same attack, run on a message that carries the old chain's hash, finds the
hidden card: the test has teeth.

When the round is over, each player fetches its reveal and checks it with
:func:`croupier.verify_round.check_round` against what he received; altered reveals and
altered receipts are caught.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_games import GAMES, SETUPS, GameTable, player
from test_websocket import Socket, token

from croupier.verify_round import check_round

HEX = re.compile(r"^[0-9a-f]{64}$")


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def digests(messages: list[Any]) -> set[str]:
    """Every 64-hex-digit string in ``messages``."""
    return {leaf for leaf in leaves(messages) if isinstance(leaf, str) and HEX.match(leaf)}


def candidates(events: list[dict[str, Any]]) -> list[Any]:
    """Every value a hidden scalar could hold: each string and small number the round's
    full events hold anywhere (all cards of the deck or shoe, all tiles of the stacks,
    every face), and ``None``."""
    found = {leaf for leaf in leaves([e["event"] for e in events]) if isinstance(leaf, str)}
    return [*sorted(found), *range(13), None]


def attack(
    events: list[dict[str, Any]], received: set[str], pool: list[Any]
) -> list[tuple[int, str, Any]]:
    """Each (event index, field, value) of a sealed field whose true value some candidate
    hash in ``received`` gives away."""
    recovered = []
    for stored in events:
        body = stored["event"]
        sealed: dict[str, str] = stored["sealed"]
        for name in sealed:
            truth = body[name]
            others = {k: v for k, v in sealed.items() if k != name}
            blanks = {k: ([] if isinstance(body[k], list) else None) for k in others}
            if isinstance(truth, list):
                # A sealed order: its elements, one at a time, bare or beside the rest.
                options = [[item] for item in pool] + [[c, *truth[1:]] for c in pool]
                options += [truth]  # the whole order as the old chain hashed it
            else:
                options = pool
            for option in options:
                forms = []
                for rest in (blanks, others, {}):
                    candidate = {**body, **rest, name: option}
                    forms += [canonical(candidate), stored["prev_hash"] + canonical(candidate)]
                forms += [canonical(option), json.dumps(option)]
                if any(sha(form) in received for form in forms) and option in (truth, [truth]):
                    recovered.append((stored["index"], name, option))
                    break
    return recovered


def capture(game: str, tmp_path: Path) -> dict[str, Any]:
    """Play one round of ``game`` with two players and a spectator; return what each
    received before the round was revealed, the dealer's stored events, the reveal and
    each one's steps after the round."""
    settings, dealer_closes, seed = SETUPS[game]
    table = GameTable(f"sqlite:///{tmp_path / 'fair.sqlite'}", game, 2, seed, settings)
    who: dict[Any, dict[str, str]] = {1: table.players[1], 2: table.players[2]}
    who[None] = table.spectator
    received: dict[Any, list[Any]] = {key: [] for key in who}
    sockets = {key: Socket(table.api.client, "t", token(auth)) for key, auth in who.items()}
    client = table.api.client
    try:

        def on_view(seat: int, view: dict[str, Any]) -> None:
            received[seat].append(view)
            if seat == 1:
                received[None].append(table.view(table.spectator))
            if view["round_id"] is not None:
                for key, auth in who.items():
                    steps = client.get(f"/rounds/{view['round_id']}/steps", headers=auth)
                    received[key].append(steps.json())
                    if view["round_status"] == "open":
                        early = client.get(f"/rounds/{view['round_id']}/reveal", headers=auth)
                        assert early.status_code == 409, early.text
                        received[key].append(early.json())

        round_id = table.play(player(game), dealer_closes, on_view)
        for key, auth in who.items():
            final = table.view(auth)
            sockets[key].wait(lambda m, f=final: m["data"] == f)
            received[key] += [m["data"] for m in sockets[key].messages]
            received[key].append(client.get("/tables/t/rounds", headers=auth).json())
        for seat in (1, 2):
            received[seat] += table.responses[seat]
        dealer = client.get(f"/rounds/{round_id}/steps", headers=table.dealer).json()
        events = [step["event"] for step in dealer["steps"]]
        reveal = client.get(f"/rounds/{round_id}/reveal", headers=table.players[1])
        steps = {
            key: client.get(f"/rounds/{round_id}/steps", headers=auth).json()
            for key, auth in who.items()
        }
        return {
            "round_id": round_id,
            "received": received,
            "events": events,
            "reveal": reveal,
            "steps": steps,
            "answers": table.responses,
        }
    finally:
        for socket in sockets.values():
            socket.close()
        table.close()


@pytest.fixture(scope="module", params=GAMES)
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    game = request.param
    return game, capture(game, tmp_path_factory.mktemp(game))


def test_no_hash_gives_a_hidden_value_away(played: Any) -> None:
    game, round_ = played
    events = round_["events"]
    # Every round seals its server seed (a 256-bit secret: no pool of candidates for it).
    assert events[0]["type"] == "RoundOpened" and list(events[0]["sealed"]) == ["seed"]
    sealed = [e for e in events[1:] if e["sealed"]]
    if game == "high-roll-dice":
        assert not sealed  # the dice are public when thrown: nothing else is hidden
        return
    assert sealed, "the round hides something from a spectator"
    pool = candidates(events)
    for key, messages in round_["received"].items():
        found = digests(messages)
        assert found  # the hashes are there to attack
        assert not attack(events, found, pool), (game, key)
    # The same attack on a message carrying the old chain's hash of a face-down value
    # (sha256(prev + the whole event)) finds it.
    victim = next((e for e in sealed if len(e["sealed"]) == 1), sealed[0])
    name = next(iter(victim["sealed"]))
    others = {k: v for k, v in victim["event"].items() if k not in victim["sealed"] or k == name}
    blanks = {k: [] if isinstance(victim["event"][k], list) else None for k in victim["sealed"]}
    old = sha(victim["prev_hash"] + canonical({**victim["event"], **blanks, **others}))
    assert attack([victim], {old}, pool) == [(victim["index"], name, victim["event"][name])]


def test_a_player_verifies_the_round_when_it_is_over(played: Any) -> None:
    game, round_ = played
    reveal = round_["reveal"]
    if game == "double-back-jack":
        # A shoe game: the cards left in the shoe go on to the next round, so the round
        # stays sealed until the shoe is reshuffled.
        assert reveal.status_code == 409
        assert "reshuffled" in reveal.json()["detail"]
        return
    assert reveal.status_code == 200, reveal.text
    revealed = reveal.json()
    for key, steps in round_["steps"].items():
        seen = [step["event"] for step in steps["steps"]]
        check = check_round(revealed, seen)
        assert check.ok, (key, check.problems)
        assert any("replay" in note for note in check.notes)
    for answers in round_["answers"].values():
        seqs = {e["seq"] for e in revealed["events"]}
        mine = [e for answer in answers for e in answer["events"] if e["seq"] in seqs]
        assert mine
        check = check_round(revealed, mine)
        assert check.ok, check.problems


def _sealed_event(revealed: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in revealed["events"] if e["sealed"])


def test_an_altered_reveal_or_receipt_does_not_verify(played: Any) -> None:
    game, round_ = played
    if round_["reveal"].status_code != 200 or game == "high-roll-dice":
        pytest.skip("nothing sealed to alter, or not revealed yet (a shoe game)")
    revealed = round_["reveal"].json()
    seen = [step["event"] for step in round_["steps"][1]["steps"]]

    # A card (tile) of the committed order swapped with another: its salt no longer opens.
    swapped = copy.deepcopy(revealed)
    target = _sealed_event(swapped)
    name = next(iter(target["sealed"]))
    value = target["event"][name]
    if isinstance(value, list) and len(value) > 1:
        value[0], value[1] = value[1], value[0]
    else:
        target["event"][name] = "Xx"
    assert not check_round(swapped, seen).ok

    # Another salt: the commitment does not open.
    salted = copy.deepcopy(revealed)
    target = _sealed_event(salted)
    salt = target["salts"][name]
    target["salts"][name] = ["00" * 16] * len(salt) if isinstance(salt, list) else "00" * 16
    assert not check_round(salted, seen).ok

    # A settlement changed after the fact: the chain breaks there.
    paid = copy.deepcopy(revealed)
    settled = next(e for e in paid["events"] if e["type"] == "WagerSettled")
    settled["event"]["won"] += 100
    assert not check_round(paid, seen).ok

    # What the player received differs from the reveal (a card shown to him changed).
    shown = copy.deepcopy(seen)
    public = next(e for e in shown if e["type"] == "WagerPlaced")
    public["event"]["amount"] += 1
    assert not check_round(revealed, shown).ok


def test_a_shoe_is_revealed_when_it_is_reshuffled(
    migrated_sqlite: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Double Back Jack from one deck: each round stays sealed while cards of its shoe
    are still to be dealt; the round in which the cover card comes out (673a.7(d)) ends
    the shoe, and then every round dealt from it is revealed and verifies."""
    import test_games

    monkeypatch.setitem(
        test_games.RULES, "double-back-jack", {"rules": {"game": "double-back-jack", "decks": 1}}
    )
    settings, dealer_closes, seed = SETUPS["double-back-jack"]
    table = GameTable(migrated_sqlite("shoe.sqlite"), "double-back-jack", 2, seed, settings)
    client = table.api.client
    try:
        played: list[str] = []
        for _ in range(40):
            round_id = table.play(player("double-back-jack"), dealer_closes)
            steps = client.get(f"/rounds/{round_id}/steps", headers=table.dealer).json()
            kinds = {s["event"]["type"] for s in steps["steps"]}
            played = [round_id] if "DeckShuffled" in kinds else [*played, round_id]
            if "CoverCardReached" in kinds:
                if len(played) > 1:  # a shoe of more than one round, over
                    break
                continue
            answer = client.get(f"/rounds/{played[0]}/reveal", headers=table.players[1])
            assert answer.status_code == 409, answer.text
        else:
            raise AssertionError("no shoe of one deck lasted more than one round in 40 rounds")
        for round_id in played:
            answer = client.get(f"/rounds/{round_id}/reveal", headers=table.spectator)
            assert answer.status_code == 200, answer.text
            seen = client.get(f"/rounds/{round_id}/steps", headers=table.players[2]).json()
            check = check_round(answer.json(), [s["event"] for s in seen["steps"]])
            assert check.ok, (round_id, check.problems)
    finally:
        table.close()


def test_verify_round_on_the_command_line(played: Any, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    _game, round_ = played
    if round_["reveal"].status_code != 200:
        pytest.skip("a shoe game: the round is revealed when the shoe is reshuffled")
    reveal, seen = tmp_path / "reveal.json", tmp_path / "seen.json"
    reveal.write_text(round_["reveal"].text)
    seen.write_text(json.dumps(round_["steps"][2]))
    args = ["verify-round", round_["round_id"], "--reveal", str(reveal), "--seen", str(seen)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert f"round {round_['round_id']} verifies" in result.output
    forged = round_["reveal"].json()
    settled = next(e for e in forged["events"] if e["type"] == "WagerSettled")
    settled["event"]["returned"] += 1
    reveal.write_text(json.dumps(forged))
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "DOES NOT VERIFY" in result.output
