"""A hostile player's and a testing lab's attacks on the sealed event chain and on the
provably-fair check of a round (docs/architecture.md, "Hash chain" and "Provably fair
rounds").

Each test is an attack that worked, or a property a lab would require. A reveal is forged
here the way a cheating server would forge it: every event re-sealed and re-chained from
the round's first ``prev_hash`` (:func:`reforged`), so that its hashes and commitments are
consistent and only what the check itself looks at can catch it. The rounds are played
through the in-process server with two seated players (tests/server/test_games.py).
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api
from sqlalchemy import text
from test_chain import _guard
from test_games import SETUPS, GameTable, player

from croupier.rng import SeededRng
from croupier.sealing import canonical_json, chain_hash, element_commitments, public_form, seal
from croupier.verify_round import check_round, check_rounds, seen_note
from node_support import NODE, imports, needs_node, run_node

CARD_GAMES = ("go-fore-it", "criss-cross-poker", "pai-gow")


def reforged(
    revealed: dict[str, Any], token: Callable[[int], bytes] = secrets.token_bytes
) -> dict[str, Any]:
    """``revealed`` as a server would reveal it had it sealed every event with ``token``
    and sent these events all along: fresh commitments and salts, hashes chained again
    from the first event's ``prev_hash``."""
    out = copy.deepcopy(revealed)
    prev = out["events"][0]["prev_hash"]
    for event in out["events"]:
        names = list(event["sealed"])
        sealed = seal(event["event"], names, token) if names else None
        event["sealed"] = sealed.sealed if sealed else {}
        event["salts"] = sealed.salts if sealed else {}
        event["elements"] = {
            name: element_commitments(event["event"][name], salt)
            for name, salt in event["salts"].items()
            if isinstance(salt, list)
        }
        event["prev_hash"] = prev
        event["hash"] = prev = chain_hash(prev, public_form(event["event"], event["sealed"]))
    return out


def _sic_bo_round(tmp: Path) -> dict[str, Any]:
    api = Api(f"sqlite:///{tmp / 'sb.sqlite'}", rng=SeededRng(7))
    try:
        api.table("sb", EXAMPLES / "sic-bo.toml")
        _, ann = api.player("ann", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "sb")
        assert api.wager(ann, 1, "small", 1_000, table_id="sb").status_code == 200
        assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
        reveal = api.client.get("/rounds/sb-1/reveal", headers=ann)
        assert reveal.status_code == 200, reveal.text
        return {"reveal": reveal.json(), "seen": None}
    finally:
        api.close()


@pytest.fixture(scope="module")
def rounds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """One finished round of each game: its reveal and seat 1's steps."""
    played: dict[str, dict[str, Any]] = {}
    for game in (*CARD_GAMES, "high-roll-dice", "double-back-jack"):
        settings, closes, seed = SETUPS[game]
        url = f"sqlite:///{tmp_path_factory.mktemp(game) / 'x.sqlite'}"
        table = GameTable(url, game, 2, seed, settings)
        try:
            round_id = table.play(player(game), closes)
            client = table.api.client
            reveal = client.get(f"/rounds/{round_id}/reveal", headers=table.players[1])
            steps = client.get(f"/rounds/{round_id}/steps", headers=table.players[1]).json()
            dealer = client.get(f"/rounds/{round_id}/steps", headers=table.dealer).json()
            played[game] = {
                "reveal": reveal.json() if reveal.status_code == 200 else None,
                "seen": [step["event"] for step in steps["steps"]],
                "stored": [step["event"] for step in dealer["steps"]],
            }
        finally:
            table.close()
    played["sic-bo"] = _sic_bo_round(tmp_path_factory.mktemp("sic-bo"))
    return played


# --- forged reveals that verified ---------------------------------------------------------
@pytest.mark.parametrize("game", [*CARD_GAMES, "high-roll-dice"])
def test_a_reveal_cut_short_does_not_verify(rounds: dict[str, Any], game: str) -> None:
    """Attack: the server reveals the round only up to a point where it still replays
    (e.g. before the settlements that paid a player) and says it was completed. Every
    such prefix verified; the round must be over for the reveal to verify."""
    revealed, seen = rounds[game]["reveal"], rounds[game]["seen"]
    assert check_round(revealed, seen).ok
    for n in range(1, len(revealed["events"])):
        cut = {**revealed, "events": revealed["events"][:n]}
        check = check_round(cut, seen[:n])
        assert not check.ok, (game, n)
    last = revealed["events"][-1]
    assert last["type"] == "RoundCompleted"
    check = check_round({**revealed, "status": "voided"}, seen)
    assert any("completed" in p for p in check.problems), check.problems


def _relabelled(revealed: dict[str, Any]) -> dict[str, Any]:
    """The reveal with one event's label (the ``type`` beside its hash, outside it) changed."""
    events = copy.deepcopy(revealed["events"])
    events[3]["type"] = "Nope"
    return {**revealed, "events": events}


def test_an_event_labelled_as_another_does_not_verify(rounds: dict[str, Any]) -> None:
    """A new user's find: an event's label changed to "Nope" verified, the label not being
    in the hash. The label must be the type of the event it holds."""
    revealed = rounds["high-roll-dice"]["reveal"]
    check = check_round(_relabelled(revealed))
    assert any("is labelled 'Nope', not as the event it holds" in p for p in check.problems)


def test_a_reveal_of_another_round_does_not_verify(rounds: dict[str, Any], tmp_path: Path) -> None:
    """Attack: asked for one round, the server answers with another (a round that went
    the house's way), or relabels one. The events name their round (RoundOpened)."""
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    revealed = rounds["go-fore-it"]["reveal"]
    relabelled = {**revealed, "round_id": "t-2"}
    assert not check_round(relabelled).ok
    assert check_round(revealed, round_id=revealed["round_id"]).ok
    check = check_round(revealed, round_id="t-2")
    assert any("t-2 was asked for" in p for p in check.problems), check.problems
    path = tmp_path / "reveal.json"
    path.write_text(json.dumps(revealed))
    result = CliRunner().invoke(cli, ["verify-round", "t-2", "--reveal", str(path)])
    assert result.exit_code == 1, result.output
    assert "DOES NOT VERIFY" in result.output


@pytest.mark.parametrize("game", CARD_GAMES)
def test_short_or_repeated_salts_do_not_verify(rounds: dict[str, Any], game: str) -> None:
    """A server that sealed with no salt, or one salt for everything, let every player
    try the 52 cards (32 tiles) against each commitment while the round was played; its
    reveal verified. Each salt must be 128 bits and used once."""
    revealed = rounds[game]["reveal"]
    assert check_round(reforged(revealed)).ok  # the forger itself is consistent
    for token in (lambda n: b"", lambda n: b"\x01" * 4, lambda n: b"\x00" * n):
        check = check_round(reforged(revealed, token))
        assert not check.ok
        assert any("salt" in p for p in check.problems), check.problems


# --- what a lab found the design did not prove ---------------------------------------------
RANDOM = {"DeckShuffled": "stack", "TilesMixed": "stacks", "DiceThrown": "faces"}
RANDOM |= {"DiceShaken": "faces", "ResultShown": "faces", "RoundSetup": "shoe"}


def _committed_before_wagers(revealed: dict[str, Any]) -> list[str]:
    """Each random outcome of the round (a shuffle, a mixing, a throw) that no commitment
    published before the first wager opens to: what the server could still have chosen
    knowing the wagers."""
    events = revealed["events"]
    first = next(e["index"] for e in events if e["type"] == "WagerPlaced")
    committed = [
        e["event"][name] for e in events[:first] for name in e["sealed"] if e["salts"].get(name)
    ]
    unbound = []
    for event in events:
        field = RANDOM.get(event["type"])
        value = event["event"].get(field) if field else None
        if value and value not in committed:
            unbound.append(f"{event['type']} (event {event['index']}, first wager {first})")
    return unbound


def test_the_double_back_jack_shoe_is_committed_before_the_wagers(rounds: dict[str, Any]) -> None:
    events = rounds["double-back-jack"]["stored"]
    first = next(e["index"] for e in events if e["type"] == "WagerPlaced")
    shuffle = next(e for e in events if e["type"] == "DeckShuffled")
    assert shuffle["index"] < first and shuffle["sealed"]


@pytest.mark.parametrize("game", [*CARD_GAMES, "high-roll-dice", "sic-bo"])
def test_every_random_outcome_is_committed_before_the_first_wager(
    rounds: dict[str, Any], game: str
) -> None:
    """Found by a lab: Go Fore It and Criss-Cross Poker shuffle after "no more bets", Pai
    Gow shakes the dice that decide which stack each position receives after it, High Roll
    Dice and Sic Bo throw after it: the server could choose the order or the dice knowing
    every wager. Now every one of them is drawn from the seed sealed at the round's opening
    (tests/server/test_sealed_draws.py: also announced before the round, and a server that
    deals otherwise does not verify)."""
    revealed = rounds[game]["reveal"]
    opened, first = revealed["events"][0], _first_wager(revealed)
    assert opened["type"] == "RoundOpened" and "seed" in opened["sealed"] and first > 0
    check = check_round(revealed)  # each outcome follows from the seed sealed before them
    assert check.ok, check.problems
    assert any(
        f"follows from the server seed sealed at event 0 (round opened), before the first "
        f"wager (event {first})" in note
        for note in check.notes
    ), check.notes


def _first_wager(revealed: dict[str, Any]) -> int:
    return next(e["index"] for e in revealed["events"] if e["type"] == "WagerPlaced")


def one_shoe(table: GameTable, closes: bool) -> list[str]:
    """Double Back Jack rounds played until one shoe has been dealt whole over more than
    one round, from its shuffle to the round in which the cover card came out (673a.7(d));
    that shoe's rounds."""
    played: list[str] = []
    for _ in range(40):
        round_id = table.play(player("double-back-jack"), closes)
        steps = table.api.client.get(f"/rounds/{round_id}/steps", headers=table.dealer).json()
        kinds = {step["event"]["type"] for step in steps["steps"]}
        played = [round_id] if "DeckShuffled" in kinds else [*played, round_id]
        if "CoverCardReached" in kinds and len(played) > 1:
            return played
    raise AssertionError("no shoe of one deck lasted more than one round in 40 rounds")


def test_a_shoe_restacked_between_rounds_does_not_verify(
    migrated_sqlite: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (a cheating server): between two rounds of one shoe, the cards left are
    put in another order (reversed); the rounds are then dealt from it consistently."""
    import test_games

    from croupier.games.double_back_jack.table import DoubleBackJackTable

    honest = DoubleBackJackTable.setup

    def restacked(self: DoubleBackJackTable, seats: dict[int, str]) -> Any:
        setup = honest(self, seats)
        return setup.model_copy(update={"shoe": tuple(reversed(setup.shoe))})

    monkeypatch.setattr(DoubleBackJackTable, "setup", restacked)
    monkeypatch.setitem(
        test_games.RULES, "double-back-jack", {"rules": {"game": "double-back-jack", "decks": 1}}
    )
    settings, closes, seed = SETUPS["double-back-jack"]
    table = GameTable(migrated_sqlite("shoe.sqlite"), "double-back-jack", 2, seed, settings)
    client = table.api.client
    try:
        played = one_shoe(table, closes)
        reveals = []
        for round_id in played:
            answer = client.get(f"/rounds/{round_id}/reveal", headers=table.players[1])
            assert answer.status_code == 200, answer.text
            reveals.append(answer.json())
        monkeypatch.undo()  # the player's check runs the honest code, not the server's
        # Each round alone verifies: the restacked shoe is dealt from consistently.
        assert all(check_round(revealed).ok for revealed in reveals)
        # The shoe's rounds together do not: the second was not handed what the first left.
        check = check_rounds(list(reversed(reveals)))
        assert not check.ok
        assert any("was not handed the shoe" in problem for problem in check.problems)
        # Nor does a round checked without the rounds its shoe comes from.
        short = check_rounds([reveals[-1]])
        assert any("whose reveal is not given" in problem for problem in short.problems)
    finally:
        table.close()


def test_an_honest_shoe_verifies_round_after_round(
    tmp_path: Path, migrated_sqlite: Callable[[str], str]
) -> None:
    """The same rounds of one shoe, dealt honestly: checked together they verify."""
    import test_games

    settings, closes, seed = SETUPS["double-back-jack"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(
            test_games.RULES,
            "double-back-jack",
            {"rules": {"game": "double-back-jack", "decks": 1}},
        )
        table = GameTable(migrated_sqlite("shoe.sqlite"), "double-back-jack", 2, seed, settings)
    client = table.api.client
    try:
        played = one_shoe(table, closes)
        reveals = []
        for round_id in played:
            answer = client.get(f"/rounds/{round_id}/reveal", headers=table.players[1])
            assert answer.status_code == 200, answer.text
            reveals.append(answer.json())
        check = check_rounds(list(reversed(reveals)))
        assert check.ok, check.problems
        # The newest round numbered further along the chain (seq is not in the hash):
        # consistent in itself, but not the table's next event after the round before.
        moved = [_moved(reveals[-1], by=5), *reversed(reveals[:-1])]
        assert (
            f"round {played[-1]} does not begin with the table's next event after round "
            f"{played[-2]}" in check_rounds(moved).problems
        )
        assert [r["previous_round_id"] for r in reveals][1:] == played[:-1]
        assert [r["carried_on"] for r in reveals] == [False] + [True] * (len(reveals) - 1)
        if NODE is not None:  # the browser's link checks the round alone, and says so
            script = (
                imports("verify.js", "checkRound")
                + "console.log(JSON.stringify(await checkRound(input, [], input.round_id)));"
            )
            result = run_node(script, reveals[-1])
            assert result["ok"], result["problems"]
            assert any("back to the shuffle" in note for note in result["notes"])
        # croupier verify-round: the reveals back to the shuffle in one file, newest first;
        # the newest round's reveal alone does not verify.
        from typer.testing import CliRunner

        from croupier.cli import app as cli

        saved = tmp_path / "shoe.json"
        saved.write_text(json.dumps(list(reversed(reveals))))
        args = ["verify-round", played[-1], "--reveal", str(saved)]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 3, result.output  # consistent; no --seen to anchor it
        assert "each carry on exactly what the one before left" in result.output
        saved.write_text(json.dumps(reveals[-1]))
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1
        assert "whose reveal is not given" in result.output
        # From the server: each reveal fetched, back to the shuffle, by previous_round_id.
        import croupier.cli.verify as verify_cli

        by_url = {f"http://t/rounds/{r['round_id']}/reveal": r for r in reveals}
        fetched: list[str] = []

        def get(url: str, token: str | None) -> Any:
            fetched.append(url)
            return by_url[url]

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(verify_cli, "_get", get)
            result = CliRunner().invoke(cli, ["verify-round", played[-1], "--server", "http://t"])
        assert result.exit_code == 3, result.output
        assert fetched == [f"http://t/rounds/{r}/reveal" for r in reversed(played)]
        # A server that says the newest round does not carry on (to stop the walk back)
        # is caught by the check's own replay.
        newest = f"http://t/rounds/{played[-1]}/reveal"
        by_url[newest] = {**by_url[newest], "carried_on": False}
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(verify_cli, "_get", get)
            result = CliRunner().invoke(cli, ["verify-round", played[-1], "--server", "http://t"])
        assert result.exit_code == 1
        assert "whose reveal is not given" in result.output
    finally:
        table.close()


def _as_stored_before_sealing(table: GameTable) -> list[tuple[int, str]]:
    """Rewrite the table's events as migration 0005 stored them (no seals, the old hash
    over the whole event, chained from 64 zeros); returns their (seq, body)."""
    engine = table.api.engine
    disable, _ = _guard(engine.dialect.name)
    with engine.begin() as connection:
        for statement in disable:
            connection.execute(text(statement))
        rows = [
            (int(seq), str(body))
            for seq, body in connection.execute(text("SELECT seq, body FROM events ORDER BY seq"))
        ]
        head = "0" * 64
        for seq, body in rows:
            digest = hashlib.sha256((head + body).encode()).hexdigest()
            connection.execute(
                text(
                    "UPDATE events SET sealed = NULL, salts = NULL, prev_hash = :p, "
                    "hash = :h WHERE seq = :s"
                ),
                {"p": head, "h": digest, "s": seq},
            )
            head = digest
        connection.execute(text("UPDATE tables SET head_hash = :h"), {"h": head})
    return rows


def _dealt_to_hand_2(table: GameTable) -> GameTable:
    """A Go Fore It round dealt and waiting for the Back 9 decisions, its events stored
    as before sealing, and the server restarted on it (the upgrade). Dealt by a server
    without sealed draws, as every round stored before sealing was."""
    table = _restarted(table, sealed_draws=False)
    for seat in (1, 2):
        table.send(seat, {"type": "PlaceWager", "seat": seat, "spot": "front_9", "amount": 1000})
    _as_stored_before_sealing(table)
    return _restarted(table, 2)


def _restarted(table: GameTable, seed: int = 1, *, sealed_draws: bool = True) -> GameTable:
    """``table`` served by a new app on the same database (a server restarted), with
    sealed draws or (a server from before them) without."""
    url = str(table.api.engine.url.render_as_string(hide_password=False))
    table.api.close()
    table.api = Api(url, SeededRng(seed), table.clock, sealed_draws=sealed_draws)
    table.api._keys = itertools.count(1_000_000 * seed)  # not the keys used before
    return table


def test_events_stored_before_sealing_give_no_hidden_card_away(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """A Go Fore It round dealt and waiting for the Back 9 decisions when the server is
    upgraded: its events, as 0005 stored them (no seals, the old hash), are read back.
    GET /rounds/{id}/steps sent their hashes and prev_hashes to players (issue #29): seat
    2's face-down card was found by trying the 52 cards. The hashes are withheld from a
    player from the first such event that hides something on."""
    settings, _, seed = SETUPS["go-fore-it"]
    table = GameTable(migrated_sqlite("old.sqlite"), "go-fore-it", 2, seed, settings)
    try:
        table = _dealt_to_hand_2(table)
        report = table.api.client.get("/tables/t/verify", headers=table.dealer).json()
        assert report["ok"], report  # the old chain, as stored before 0006, verifies
        steps = table.api.client.get("/rounds/t-1/steps", headers=table.players[1]).json()
        received = {
            digest
            for step in steps["steps"]
            for digest in (step["event"]["hash"], step["event"]["prev_hash"])
        }
        rows = _bodies(table)
        stored = [json.loads(body) for _, body in rows]
        other = next(e for e in stored if e["type"] == "CardDealt" and e["hand"] == 2)
        index = stored.index(other)
        prev = "0" * 64
        for _, body in rows[:index]:
            prev = hashlib.sha256((prev + body).encode()).hexdigest()
        deck = sorted({e["card"] for e in stored if e["type"] == "CardDealt"})
        found = [
            card
            for card in deck
            if hashlib.sha256((prev + canonical_json({**other, "card": card})).encode()).hexdigest()
            in received
        ]
        assert found == [], f"seat 2's card {other['card']} found by seat 1: {found}"
        dealer = table.api.client.get("/rounds/t-1/steps", headers=table.dealer).json()
        assert all(step["event"]["hash"] for step in dealer["steps"])  # surveillance: all
    finally:
        table.close()


def _bodies(table: GameTable) -> list[tuple[int, str]]:
    with table.api.engine.connect() as connection:
        return [
            (int(seq), str(body))
            for seq, body in connection.execute(text("SELECT seq, body FROM events ORDER BY seq"))
        ]


def test_no_hash_sent_after_the_upgrade_chains_to_a_hidden_card(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Every later hash of the chain is computed from the old one: with the next event's
    public form, each of the 52 candidates is carried one step further. Seat 1 folds after
    the upgrade; nothing he receives (the fold's answer, the steps, his socket's views)
    holds any hash of the chain carried forward from any candidate for seat 2's card, even
    by an attacker who knows every other event whole."""
    settings, _, seed = SETUPS["go-fore-it"]
    table = GameTable(migrated_sqlite("old.sqlite"), "go-fore-it", 2, seed, settings)
    try:
        table = _dealt_to_hand_2(table)
        answer = table.send(1, {"type": "Fold", "seat": 1})
        steps = table.api.client.get("/rounds/t-1/steps", headers=table.players[1]).json()
        text_received = json.dumps(answer) + json.dumps(steps)
        with table.api.engine.connect() as connection:
            rows = connection.execute(text("SELECT body, sealed FROM events ORDER BY seq")).all()
        forms = [
            public_form(json.loads(body), json.loads(sealed)) if sealed else body
            for body, sealed in rows
        ]
        stored = [json.loads(body) for body, _ in rows]
        other = next(e for e in stored if e["type"] == "CardDealt" and e["hand"] == 2)
        index = stored.index(other)
        prev = "0" * 64
        for form in forms[:index]:
            prev = chain_hash(prev, form)
        derived: set[str] = set()
        for card in sorted({e["card"] for e in stored if e["type"] == "CardDealt"}):
            head = chain_hash(prev, canonical_json({**other, "card": card}))
            derived.add(head)
            for form in forms[index + 1 :]:
                head = chain_hash(head, form)
                derived.add(head)
        leaked = sorted(digest for digest in derived if digest in text_received)
        assert leaked == [], f"{len(leaked)} hashes carried from seat 2's card reached seat 1"
        assert answer["events"] and all(e["hash"] is None for e in answer["events"])
    finally:
        table.close()


def test_a_round_stored_before_sealing_is_checked_by_its_values_once_over(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """What a player can check of such a round: once it is over, its reveal (the old
    chain, whole events, as stored) and that every value he was shown is the revealed
    one; his steps came without hashes, which the check says. A round whose events are
    all sealed still gets, and checks, every hash (the other tests of this file)."""
    settings, _, seed = SETUPS["go-fore-it"]
    table = GameTable(migrated_sqlite("old.sqlite"), "go-fore-it", 2, seed, settings)
    try:
        table = _dealt_to_hand_2(table)
        table.send(1, {"type": "Fold", "seat": 1})
        table.send(2, {"type": "Fold", "seat": 2})
        client = table.api.client
        status = client.get("/tables/t/view", headers=table.dealer).json()["round_status"]
        if status == "open":
            table.send(None, {"type": "RevealDealerHand"})
        reveal = client.get("/rounds/t-1/reveal", headers=table.players[1])
        assert reveal.status_code == 200, reveal.text
        steps = client.get("/rounds/t-1/steps", headers=table.players[1]).json()
        seen = [step["event"] for step in steps["steps"]]
        withheld = [e for e in seen if e["hash"] is None]
        assert withheld and all(e["prev_hash"] is None for e in withheld)
        check = check_round(reveal.json(), seen, "t-1")
        assert check.ok, check.problems
        assert (
            f"{len(withheld)} of them came without their hashes (stored before the events were "
            "sealed): their values and places were compared, not their hashes" in check.notes
        )
        lied = copy.deepcopy(reveal.json())
        other = next(
            e for e in lied["events"] if e["type"] == "CardDealt" and e["event"]["hand"] == 1
        )
        mine = next(e for e in seen if e["index"] == other["index"])
        assert mine["event"]["card"] == other["event"]["card"]  # seat 1's own card, shown
        other["event"]["card"] = "2c" if other["event"]["card"] != "2c" else "3c"
        assert not check_round(reforged(lied), seen, "t-1").ok  # a value he saw, changed
        if NODE is not None:
            script = (
                imports("verify.js", "checkRound") + "const [r, s] = input;"
                "console.log(JSON.stringify(await checkRound(r, s, 't-1')));"
            )
            result = run_node(script, [reveal.json(), seen])
            assert result["ok"], result["problems"]
            assert any("came without their hashes" in note for note in result["notes"])
    finally:
        table.close()


def test_a_shoe_dealt_on_after_the_upgrade_sends_no_hash_chained_from_it(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """A Double Back Jack shoe in play across the upgrade: its earlier rounds, stored
    before sealing, are not revealed until the shoe ends, and every hash of the rounds
    dealt on from it chains from their hidden cards (the shoe's order, the burned card).
    After a plain restart every hash is sent; after the upgrade, the next round's
    hashes are withheld from the players (answers and steps), not from the dealer."""
    import test_games

    settings, closes, seed = SETUPS["double-back-jack"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(
            test_games.RULES,
            "double-back-jack",
            {"rules": {"game": "double-back-jack", "decks": 2}},
        )
        table = GameTable(migrated_sqlite("shoe.sqlite"), "double-back-jack", 2, seed, settings)
    try:
        table = _restarted(table, seed, sealed_draws=False)  # dealt before sealed draws
        table.play(player("double-back-jack"), closes)
        table = _restarted(table, seed + 1)  # nothing stored before sealing: all sent
        second = table.play(player("double-back-jack"), closes)
        answers = [e for body in table.responses[1] for e in body["events"]]
        steps = table.api.client.get(f"/rounds/{second}/steps", headers=table.players[1])
        assert all(e["hash"] for e in answers)
        assert all(step["event"]["hash"] for step in steps.json()["steps"])
        _as_stored_before_sealing(table)
        table = _restarted(table, seed + 2)
        table.responses[1].clear()
        third = table.play(player("double-back-jack"), closes)
        client = table.api.client
        dealer = client.get(f"/rounds/{third}/steps", headers=table.dealer).json()["steps"]
        setup = dealer[1]["event"]
        assert setup["type"] == "RoundSetup" and setup["event"]["shoe"]  # the shoe's rest
        assert all(step["event"]["hash"] for step in dealer)
        answers = [e for body in table.responses[1] for e in body["events"]]
        seen = client.get(f"/rounds/{third}/steps", headers=table.players[1]).json()["steps"]
        assert answers and all(e["hash"] is None and e["prev_hash"] is None for e in answers)
        assert all(step["event"]["hash"] is None for step in seen)
    finally:
        table.close()


# --- issue #38: what a check without the events seen proves ------------------------------
def _moved(revealed: dict[str, Any], table_id: str | None = None, by: int = 0) -> dict[str, Any]:
    """The reveal said to be of table ``table_id`` (only the label beside the events), or
    with every event numbered ``by`` further along the table's chain (``seq`` is not in
    the hash)."""
    out = copy.deepcopy(revealed)
    if table_id is not None:
        out["table_id"] = table_id
    for event in out["events"]:
        event["seq"] += by
    return out


def _elsewhere(revealed: dict[str, Any]) -> dict[str, Any]:
    """The round as a cheating server would forge it at another table: its RoundOpened
    and the label both say table u, everything re-sealed and re-chained."""
    out = copy.deepcopy(revealed)
    out["events"][0]["event"]["table_id"] = out["table_id"] = "u"
    return reforged(out)


def test_a_reveal_of_another_table_or_place_in_the_chain_does_not_verify(
    rounds: dict[str, Any],
) -> None:
    """The reveal's table_id was not checked against its RoundOpened, nor the ``seq`` of
    the events the player received against the revealed ones: a round labelled as
    another table's, or moved along the table's chain, verified."""
    revealed, seen = rounds["go-fore-it"]["reveal"], rounds["go-fore-it"]["seen"]
    assert check_round(revealed, seen).ok
    labelled = check_round(_moved(revealed, table_id="u"))
    assert labelled.problems == ["the reveal says table u, but its round was opened at table t"], (
        labelled.problems
    )
    shifted = _moved(revealed, by=7)
    assert check_round(shifted).ok  # consistent in itself: only the events seen tell
    check = check_round(shifted, seen)
    first = seen[0]["seq"]
    assert (
        f"event 0 (round opened) as you received it came as event {first} of the table, "
        f"revealed as event {first + 7}" in check.problems
    ), check.problems


@pytest.mark.parametrize("forgery", ["moved", "resealed", "elsewhere"])
def test_a_consistent_forgery_is_unanchored_without_seen_and_refused_with_it(
    rounds: dict[str, Any], tmp_path: Path, forgery: str
) -> None:
    """croupier verify-round without --seen printed "verifies" for forged reveals that
    agree with themselves (6 of 75 in issue #38): nothing tied them to what the player
    was shown. Without --seen it now says so and exits 3; with the events saved during
    the round, each forgery exits 1; the honest reveal exits 0 with them."""
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    revealed, seen = rounds["go-fore-it"]["reveal"], rounds["go-fore-it"]["seen"]
    forged = {
        "moved": _moved(revealed, by=3),
        "resealed": reforged(revealed),
        "elsewhere": _elsewhere(revealed),
    }[forgery]
    saved = tmp_path / "seen.json"
    saved.write_text(json.dumps(seen))
    for reveal, with_seen, code in (
        (revealed, True, 0),
        (revealed, False, 3),
        (forged, False, 3),
        (forged, True, 1),
    ):
        path = tmp_path / "reveal.json"
        path.write_text(json.dumps(reveal))
        args = ["verify-round", revealed["round_id"], "--reveal", str(path)]
        result = CliRunner().invoke(cli, args + (["--seen", str(saved)] if with_seen else []))
        assert result.exit_code == code, (forgery, with_seen, result.output)
        if code == 3:
            assert "NOT VERIFIED against what you were shown" in result.output
            assert "verifies" not in result.output
        if code == 0:
            assert "verifies against the events you saved" in result.output
    if forgery == "moved":  # a second tester: a --seen file of no event said "verifies"
        saved.write_text(json.dumps({"round_id": revealed["round_id"], "steps": []}))
        path.write_text(json.dumps(revealed))
        args = ["verify-round", revealed["round_id"], "--reveal", str(path), "--seen", str(saved)]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 3, result.output
        assert "the --seen file holds no event, so everything checked came" in result.output
        assert "verifies" not in result.output


# --- the browser's check ------------------------------------------------------------------
@needs_node
def test_the_browser_canonical_json_is_pythons() -> None:
    """verify.js writes the canonical JSON of croupier.sealing for non-ASCII text and
    nested objects; its keys were sorted by UTF-16 unit, not code point, so a key beyond
    U+FFFF beside one from U+E000 up hashed differently."""
    values = [
        {"reason": 'Tisch verschüttet — €5 ☕ 😀 \u2028 \x7f \x01 \t "q" \\ /'},
        {"b": {"z": [1, {"y": None, "x": True}], "a": "é"}, "a": []},
        {"\U0001f600": 1, "\uff01": 2, "é": 3, "e": 4, "E": 5, "10": 6, "2": 7},
    ]
    script = (
        imports("verify.js", "canonical") + "console.log(JSON.stringify(input.map(canonical)));"
    )
    assert run_node(script, values) == [canonical_json(v) for v in values]


@needs_node
def test_the_browser_check_refuses_the_forged_reveals(rounds: dict[str, Any]) -> None:
    """verify.js, as the browser's verify link runs it, on the honest reveal and on the
    forgeries above (cut short, another round's, short salts)."""
    revealed, seen = rounds["go-fore-it"]["reveal"], rounds["go-fore-it"]["seen"]
    round_id = revealed["round_id"]
    cases = [
        (revealed, seen, round_id),
        ({**revealed, "events": revealed["events"][:20]}, seen[:20], round_id),
        (revealed, seen, "t-2"),
        ({**revealed, "round_id": "t-2"}, seen, "t-2"),
        (reforged(revealed, lambda n: b""), [], round_id),
        ({**revealed, "status": "voided"}, seen, round_id),
        (_relabelled(revealed), seen, round_id),
        (_moved(revealed, table_id="u"), seen, round_id),
        (_moved(revealed, by=7), seen, round_id),
    ]
    script = (
        imports("verify.js", "checkRound") + "const out = [];"
        "for (const [r, s, id] of input) out.push(await checkRound(r, s, id));"
        "console.log(JSON.stringify(out));"
    )
    results = run_node(script, cases)
    assert results[0]["ok"], results[0]["problems"]
    assert [r["ok"] for r in results[1:]] == [False] * (len(cases) - 1), results


@needs_node
def test_the_browser_and_the_terminal_say_what_they_compared_alike(
    rounds: dict[str, Any],
) -> None:
    """verify.js and croupier.verify_round say the same of the player's events compared,
    kept as he was shown them or fetched now, for none, one and many (the page counted
    the steps it fetched as "events you received" when it had kept none)."""
    cases = [[n, kept] for n in (0, 1, 2) for kept in (True, False)]
    script = (
        imports("verify.js", "seenNote")
        + "console.log(JSON.stringify(input.map(([n, kept]) => seenNote(n, kept))));"
    )
    browser = run_node(script, cases)
    terminal = [seen_note(n, kept) for n, kept in cases]
    assert [b[0].lower() + b[1:].rstrip(".") for b in browser] == terminal
    assert terminal[:2] == [
        "no event kept as you were shown it was compared with the revealed round",
        "no event fetched from the server now was compared with the revealed round",
    ]
    assert terminal[2] == "1 event kept as you were shown it agrees with the revealed round"
    # A check given none kept says so; one given them counts them.
    revealed, seen = rounds["go-fore-it"]["reveal"], rounds["go-fore-it"]["seen"]
    assert terminal[0] in check_round(revealed, [], revealed["round_id"]).notes
    fetched = check_round(revealed, seen, revealed["round_id"], kept=False)
    assert seen_note(len(seen), kept=False) in fetched.notes, fetched.notes
