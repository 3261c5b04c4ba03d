"""DEFECTS FOUND in the review of sealed draws (#29, docs/architecture.md "Sealed before
the first wager"). Each test here is an attack that works today: it fails until the defect
it names is fixed. Reveals are forged as a cheating server would forge them
(tests/server/test_red_team.py ``reforged``: consistent hashes and seals).

- the check's notes contradict themselves for a seat that gave its seed;
- a dealer's cut is not checked in the rounds whose seed happens to cut where the check's
  "other seed" cuts (about 1 round in 42): the server may then cut anywhere, after the wagers;
- a round stripped of its seed (dealt unsealed) verifies even with the round before it,
  which announced its seal, and in the browser, which recorded the seal it saw;
- a round whose reveal says it has no previous round verifies with "announced with the
  table", though its chain does not start the table's;
- a seat's seed may stand anywhere in the round, not only right after its first wager;
- the draws are keyed by the event index, so a house seat's extra wagers before the throw
  choose among as many throws as it places wagers (plus one), every one verifying.
"""

from __future__ import annotations

import copy
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api
from test_red_team import reforged

from croupier.engine import DEALER
from croupier.registry import find, load_text
from croupier.rng import SealedDraws, SeededRng
from croupier.server.schemas import TableSettings
from croupier.verify_round import RoundCheck, _check_sealed, check_round, check_rounds, drawn_said
from node_support import NODE, imports, run_node

SIC_BO = EXAMPLES / "sic-bo.toml"


def _sha(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def _api(path: Path) -> tuple[Api, dict[str, str], dict[str, str], dict[str, str]]:
    api = Api(f"sqlite:///{path}", rng=SeededRng(3))
    api.table("sb", SIC_BO)
    _, ann = api.player("ann", deposit=1_000_000)
    _, bob = api.player("bob", deposit=1_000_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "sb")
    api.sit(bob, 2, "sb")
    return api, ann, bob, dealer


def _reveal(api: Api, auth: dict[str, str], round_id: str) -> dict[str, Any]:
    r = api.client.get(f"/rounds/{round_id}/reveal", headers=auth)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _round(
    api: Api, ann: dict[str, str], bob: dict[str, str], dealer: dict[str, str], extra: int = 0
) -> dict[str, Any]:
    """A Sic Bo round: seat 1 wagers $10 on Small, seat 2 places ``extra`` $5 wagers on Big."""
    r = api.wager(ann, 1, "small", 1_000, table_id="sb")
    assert r.status_code == 200, r.text
    for _ in range(extra):
        r = api.wager(bob, 2, "big", 500, table_id="sb")
        assert r.status_code == 200, r.text
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
    assert r.status_code == 200, r.text
    return _reveal(api, ann, r.json()["round_id"])


def _forge(revealed: dict[str, Any], bodies: list[dict[str, Any]]) -> dict[str, Any]:
    """``revealed`` with these events (only a RoundOpened seed sealed), re-chained."""
    out = copy.deepcopy(revealed)
    first = out["events"][0]
    events = []
    for n, body in enumerate(bodies):
        event = copy.deepcopy(first)
        event.update(index=n, seq=first["seq"] + n, type=body["type"], event=body)
        sealed = body["type"] == "RoundOpened" and "seed" in body
        event["sealed"] = {"seed": ""} if sealed else {}
        events.append(event)
    out["events"] = events
    return reforged(out)


def _bodies(revealed: dict[str, Any]) -> list[dict[str, Any]]:
    return [copy.deepcopy(e["event"]) for e in revealed["events"]]


def test_a_seat_that_gave_its_seed_is_not_said_to_have_given_none(tmp_path: Path) -> None:
    """Found by review (fixed): ``_check_sealed`` compares ``seed_commitments``' keys (JSON text,
    "3") with ``ClientSeedGiven.seat`` (an int), so every seat that gave its seed is also noted
    as having "committed to a seed but gave none"."""
    api, _, _, dealer = _api(tmp_path / "sb.sqlite")
    try:
        seed = "carl-" + "c" * 30
        _, carl = api.player("carl", deposit=1_000_000)
        r = api.client.post(
            "/tables/sb/seats", json={"seat": 3, "seed_commitment": _sha(seed)}, headers=carl
        )
        assert r.status_code == 201, r.text
        r = api.wager(carl, 3, "small", 1_000, table_id="sb", client_seed=seed)
        assert r.status_code == 200, r.text
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
        check = check_round(_reveal(api, carl, r.json()["round_id"]))
    finally:
        api.close()
    assert check.ok, check.problems
    assert "seat 3's own seed entered every value drawn after it was given" in check.notes
    assert not any("gave none" in note for note in check.notes), check.notes


def _manual_go_fore_it() -> Any:
    text = (EXAMPLES / "go-fore-it.toml").read_text()
    text = text.replace('shuffling = "automated"', 'shuffling = "manual"')
    text = re.sub(r"shuffler_counts = \w+\n", "", text)
    text = text.replace('dealing_procedure = "hand"', 'dealing_procedure = "manual_shoe"')
    text = text.replace("decks = 2", "decks = 1")
    return load_text(text.replace('back_colors = ["red", "blue"]', 'back_colors = ["red"]'))


def _go_fore_it(seed: bytes, cut: int | None = None) -> tuple[Any, int]:
    """A one-seat Go Fore It round (manual shuffle: the dealer's cut is drawn after "no
    more bets"), its cut replaced by ``cut`` where given; with the cut this seed gives."""
    spec = find("go-fore-it")
    policy, game = spec.policy, spec.round_type
    rng = SealedDraws(seed)
    round_ = policy.open_round(
        game,
        _manual_go_fore_it(),
        TableSettings(),
        table_id="t",
        round_id="t-1",
        seats={1: "p1"},
        rng=rng,
    )
    wager = {"type": "PlaceWager", "seat": 1, "spot": "front_9", "amount": 1000}
    round_.handle(game.command_adapter.validate_python(wager), 1)
    round_.handle(policy.closing_step(round_), DEALER)
    drawn = -1
    while not round_.finished:
        step = policy.dealer_step(round_) or policy.dealer_step(round_, proceed=True)
        if step is None:
            round_.handle(policy.timeout_action(round_, 1), 1)
            continue
        if type(step).__name__ == "CutCards":
            drawn = step.position
            if cut is not None:
                step = step.model_copy(update={"position": cut})
        round_.handle(step, DEALER)
    return round_, drawn


def _sealed_check(round_: Any) -> RoundCheck:
    events = [
        {
            "index": n,
            "type": e.type,
            "event": e.model_dump(mode="json"),
            "sealed": {"seed": "(its commitment)"} if n == 0 else {},
        }
        for n, e in enumerate(round_.events)
    ]
    check = RoundCheck("t-1")
    _check_sealed(type(round_), events, list(round_.events), check, drawn_said(round_))
    return check


def test_a_dealers_cut_is_checked_whatever_the_seed() -> None:
    """Found by review (fixed): ``_check_sealed`` took a dealer's step to draw only where
    the step under the round's seed differed from the step under one fixed other seed;
    where the two cut at the same position (1 seed in 42), any cut passed, and the server,
    which knows its seed, could cut where it liked after seeing the wagers (here the cut
    comes after "no more bets"). Now a step the policy drew for (``Round.step_draw``) must
    be the seed's, whatever the seed."""
    for k in range(6):
        seed = bytes(SeededRng(k).randbelow(256) for _ in range(32))
        honest, cut = _go_fore_it(seed)
        assert _sealed_check(honest).ok
        kinds = [e.type for e in honest.events]
        assert kinds.index("DeckCut") > kinds.index("NoMoreBets")
        other = 10 if cut != 10 else 30
        forged, _ = _go_fore_it(seed, other)
        assert forged.finished
        check = _sealed_check(forged)
        assert not check.ok, f"a cut at {other}, not the seed's {cut}, passes: {check.notes}"


def _stripped(revealed: dict[str, Any]) -> dict[str, Any]:
    bodies = _bodies(revealed)
    for name in ("seed", "next_seal", "seed_commitments"):
        bodies[0].pop(name, None)
    return _forge(revealed, bodies)


def test_a_round_announced_sealed_cannot_be_revealed_unsealed(tmp_path: Path) -> None:
    """Found by review (fixed): the round before announced this round's seal (``next_seal``); the
    server deals this round unsealed (free to choose its dice after the wagers) and
    reveals it with no seed. ``check_rounds`` with its announcer passes (a note, "dealt
    before sealed draws"); ``croupier verify-round`` does not even fetch the announcer of
    a round with no seed."""
    api, ann, bob, dealer = _api(tmp_path / "sb.sqlite")
    try:
        older = _round(api, ann, bob, dealer)
        newer = _round(api, ann, bob, dealer)
    finally:
        api.close()
    assert older["events"][0]["event"]["next_seal"] == newer["events"][0]["sealed"]["seed"]
    stripped = _stripped(newer)
    check = check_rounds([stripped], announcer=older)
    assert not check.ok, check.notes


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_browser_refuses_an_unsealed_round_after_it_saw_a_seal(tmp_path: Path) -> None:
    """Found by review (fixed): verify.js returns "dealt before sealed draws" (a note) before it
    looks at the seal this browser recorded before its wager (``mine.seal``)."""
    api, ann, bob, dealer = _api(tmp_path / "sb.sqlite")
    try:
        seal = api.client.get("/tables/sb", headers=ann).json()["seal"]
        revealed = _round(api, ann, bob, dealer)
    finally:
        api.close()
    mine = {"seat": 1, "seed": None, "seal": seal}
    script = (
        imports("verify.js", "checkRound") + "const out = [];"
        "for (const r of input.reveals) out.push(await checkRound(r, [], r.round_id, input.mine));"
        "console.log(JSON.stringify(out));"
    )
    honest, stripped = run_node(script, {"reveals": [revealed, _stripped(revealed)], "mine": mine})
    assert honest["ok"], honest
    assert not stripped["ok"], stripped


def test_a_round_that_does_not_start_the_chain_is_not_the_tables_first(tmp_path: Path) -> None:
    """Found by review (fixed): ``previous_round_id`` is not in the chain. A server that nulls it
    (or a reveal saved without it) withholds the announcer: the check notes "its seed's
    commitment was announced with the table" and passes, though the round's first
    ``prev_hash`` is not the table's genesis hash (the round is not the table's first)."""
    api, ann, bob, dealer = _api(tmp_path / "sb.sqlite")
    try:
        _round(api, ann, bob, dealer)
        newer = _round(api, ann, bob, dealer)
    finally:
        api.close()
    assert newer["events"][0]["prev_hash"] != "0" * 64
    check = check_rounds([{**newer, "previous_round_id": None}])
    assert not check.ok, check.notes


def test_a_seats_seed_stands_right_after_its_first_wager(tmp_path: Path) -> None:
    """Found by review (fixed): the replay accepts a ClientSeedGiven anywhere (before the seat's
    wager here; in a round of several draws, after some of them, so that the seat's seed
    enters only the draws the server chose). The server writes it right after the wager
    (docs/architecture.md); the check should require that."""
    api, _, _, dealer = _api(tmp_path / "sb.sqlite")
    try:
        seed = "carl-" + "c" * 30
        _, carl = api.player("carl", deposit=1_000_000)
        r = api.client.post(
            "/tables/sb/seats", json={"seat": 3, "seed_commitment": _sha(seed)}, headers=carl
        )
        assert r.status_code == 201, r.text
        r = api.wager(carl, 3, "small", 1_000, table_id="sb", client_seed=seed)
        assert r.status_code == 200, r.text
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
        honest = _reveal(api, carl, r.json()["round_id"])
    finally:
        api.close()
    bodies = _bodies(honest)
    kinds = [b["type"] for b in bodies]
    assert kinds[1:3] == ["WagerPlaced", "ClientSeedGiven"]
    bodies[1], bodies[2] = bodies[2], bodies[1]  # the seed before the wager
    check = check_round(_forge(honest, bodies))
    assert not check.ok, check.notes


def test_a_house_seats_extra_wagers_do_not_choose_the_dice(tmp_path: Path) -> None:
    """Found by review (fixed; a design change): a draw's key holds the index of the event at which
    it is made, which any seat's extra wager (or the server's choice to take or refuse a late
    one) moves. With the sealed seed announced and known to the house, a house seat that
    places 0 to 5 extra wagers before "no more bets" chooses among six throws here, every
    round verifying. A key by the count of draws in the round (and the seats' seeds) would
    not move."""
    throws = []
    for extra in range(6):
        api, ann, bob, dealer = _api(tmp_path / f"sb{extra}.sqlite")
        try:
            seal = api.client.get("/tables/sb", headers=ann).json()["seal"]
            revealed = _round(api, ann, bob, dealer, extra)
        finally:
            api.close()
        assert revealed["events"][0]["sealed"]["seed"] == seal  # the same seed each time
        assert check_round(revealed).ok
        thrown = next(e for e in revealed["events"] if e["type"] == "DiceThrown")
        throws.append(tuple(thrown["event"]["faces"]))
    assert len(set(throws)) == 1, f"one sealed seed, {len(set(throws))} throws: {throws}"


def test_no_one_reads_the_dice_before_no_more_bets(tmp_path: Path) -> None:
    """Found by review (fixed): a dealer (or admin) reads an open round's server seed in
    ``GET /rounds/{id}/steps`` and ``GET /rounds/{id}/replay`` (surveillance sees the
    stored events whole), and the seed gives every value still to be drawn: here the Sic
    Bo throw, before "no more bets", which a dealer could pass to a player still free to
    wager. Surveillance of what was dealt is one thing; the seed is what will be dealt
    (GLI-19 4.4.4(a): values drawn ahead are kept sealed until used)."""
    api, ann, _, dealer = _api(tmp_path / "sb.sqlite")
    try:
        r = api.wager(ann, 1, "small", 1_000, table_id="sb")
        assert r.status_code == 200, r.text
        round_id, version = r.json()["round_id"], r.json()["round_version"]
        steps = api.client.get(f"/rounds/{round_id}/steps", headers=dealer).json()["steps"]
        replayed = api.client.get(f"/rounds/{round_id}/replay", headers=dealer).json()
        seeds = [steps[0]["event"]["event"].get("seed"), replayed["events"][0]["event"]["seed"]]
        assert seeds == [None, None]  # sealed for everyone while the round is open
        seed = next((s for s in seeds if s is not None), None)
        predicted = None
        if seed is not None:  # the throw: the round's first draw, with no seat's seed
            source = SealedDraws(bytes.fromhex(seed)).stream("command", round_id, 0, {})
            predicted = [source.randbelow(6) + 1 for _ in range(3)]
        assert version > 0
        r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
        thrown = next(e for e in r.json()["events"] if e["type"] == "DiceThrown")
    finally:
        api.close()
    assert predicted != thrown["event"]["faces"], f"the dealer knew the throw {predicted}"


def test_a_sealed_round_always_announces_the_next_seal(tmp_path: Path) -> None:
    """Found by review (fixed): the round before, itself sealed, forged without its ``next_seal``
    (and this round re-chained after it): the check notes "announced no seed: this round's
    seed was drawn when it opened" and passes, which is only true of a round dealt before
    sealed draws (a sealed round always announces the next seal)."""
    api, ann, bob, dealer = _api(tmp_path / "sb.sqlite")
    try:
        older = _round(api, ann, bob, dealer)
        newer = _round(api, ann, bob, dealer)
    finally:
        api.close()
    bodies = _bodies(older)
    assert "seed" in bodies[0]
    del bodies[0]["next_seal"]
    silent = _forge(older, bodies)
    relinked = copy.deepcopy(newer)
    relinked["events"][0]["prev_hash"] = silent["events"][-1]["hash"]
    check = check_rounds([reforged(relinked)], announcer=silent)
    assert not check.ok, check.notes
