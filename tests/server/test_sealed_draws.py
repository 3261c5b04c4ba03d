"""Sealed before the first wager (docs/architecture.md, "Sealed before the first wager";
issue #29): every random value of a round at the table server is drawn from a server seed
whose salted commitment was announced before the round opened, mixed with the seeds the
seats gave with their first wagers, and a player's check (``croupier verify-round``)
draws every value again from the revealed seed.

- every game: the round opens with its seed sealed (event 0, before the first wager), its
  commitment is the one the table announced (``GET /tables/{id}``' ``seal``) and the one
  the round before wrote (``RoundOpened.next_seal``), and the reveal verifies;
- the attack that worked: a server patched to deal other values than its seed gives (the
  pick it liked best among several, after seeing every wager) passed the check in every
  game; now its reveal does not verify, in every game;
- a seat's own seed: committed before the round, given with its first wager, mixed into
  every later draw (the dice drawn again here by hand from the documented procedure, with
  no croupier code), and each way a seat could cheat with it refused, changing nothing;
- a database written before sealed draws upgrades, its rounds in play finish, every chain
  verifies, and its next rounds are sealed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_api import EXAMPLES, Api
from sqlalchemy.orm import Session
from test_games import SETUPS, GameTable, player

from croupier.ledger import repository as repo
from croupier.rng import SealedDraws, SeededRng
from croupier.sealing import commit
from croupier.verify_round import check_round, check_rounds

TABLE_GAMES = tuple(SETUPS)  # dealt through GameTable (test_games.py)
SIC_BO = EXAMPLES / "sic-bo.toml"
OLD_DATABASE = Path(__file__).parent / "data" / "before-sealed-draws.db"


# --- the documented procedure, written again with no croupier code ----------------------
def stream(seed: bytes, purpose: str, round_id: str, count: int, seeds: dict[int, str]) -> Any:
    """The bytes of a sealed round's draws by the command that draws after ``count`` others
    (docs/architecture.md): ``HMAC-SHA256(seed, canonical JSON of {index: count, purpose,
    round_id, seeds})`` keys blocks ``HMAC-SHA256(key, counter as 8 bytes big-endian)``."""
    message = json.dumps(
        {
            "index": count,
            "purpose": purpose,
            "round_id": round_id,
            "seeds": {str(seat): s for seat, s in sorted(seeds.items())},
        },
        sort_keys=True,
        separators=(",", ":"),
    ).encode()
    key = hmac.new(seed, message, hashlib.sha256).digest()
    counter = 0
    while True:
        yield from hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1


def dice(source: Iterator[int], count: int) -> list[int]:
    """``count`` dice from the bytes: each die one byte's top three bits, 6 and 7 drawn
    again, plus one."""
    faces = []
    while len(faces) < count:
        value = next(source) >> 5
        if value < 6:
            faces.append(value + 1)
    return faces


# --- every game ---------------------------------------------------------------------------
def _reveal(api: Api, auth: dict[str, str], round_id: str) -> dict[str, Any]:
    answer = api.client.get(f"/rounds/{round_id}/reveal", headers=auth)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _play_table(tmp: Path, game: str) -> dict[str, Any]:
    """Two rounds of ``game`` (a one-deck Double Back Jack shoe played out, so that its
    rounds are revealed), with the table's announced seal read before each."""
    import test_games

    settings, closes, seed = SETUPS[game]
    with pytest.MonkeyPatch.context() as patch:
        if game == "double-back-jack":
            patch.setitem(
                test_games.RULES, "double-back-jack", {"rules": {"game": game, "decks": 1}}
            )
        table = GameTable(f"sqlite:///{tmp / 'sealed.sqlite'}", game, 2, seed, settings)
    client = table.api.client
    try:
        played, seals = [], []
        for _ in range(25):
            if played:  # a round opened ahead (a Pai Gow bank offer) is left to the clock
                table.clock.advance(3600)
                table.view(table.dealer)
            seals.append(client.get("/tables/t", headers=table.players[1]).json()["seal"])
            played.append(table.play(player(game), closes))
            if (
                len(played) >= 2
                and client.get(f"/rounds/{played[-1]}/reveal", headers=table.players[1]).status_code
                == 200
            ):
                break
        newer = _reveal(table.api, table.players[1], played[-1])
        # The round before it (a Pai Gow round opened ahead with a bank offer, voided when
        # nobody wagered, is one too).
        older = _reveal(table.api, table.players[1], newer["previous_round_id"])
        shoe = [newer, older]  # back to the round that shuffled
        while shoe[-1]["carried_on"]:
            shoe.append(_reveal(table.api, table.players[1], shoe[-1]["previous_round_id"]))
        return {"reveals": [older, newer], "seals": seals[-2:], "shoe": shoe}
    finally:
        table.close()


def _sic_bo_round(api: Api, ann: dict[str, str], dealer: dict[str, str], **extra: Any) -> str:
    r = api.wager(ann, 1, "small", 1_000, table_id="sb", **extra)
    assert r.status_code == 200, r.text
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb")
    assert r.status_code == 200, r.text
    return str(r.json()["round_id"])


def _play_sic_bo(tmp: Path) -> dict[str, Any]:
    api = Api(f"sqlite:///{tmp / 'sb.sqlite'}", rng=SeededRng(7))
    try:
        api.table("sb", SIC_BO)
        _, ann = api.player("ann", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "sb")
        seals, played = [], []
        for _ in range(2):
            seals.append(api.client.get("/tables/sb", headers=ann).json()["seal"])
            played.append(_sic_bo_round(api, ann, dealer))
        return {"reveals": [_reveal(api, ann, r) for r in played], "seals": seals}
    finally:
        api.close()


def _play_craps(tmp: Path) -> dict[str, Any]:
    """Two turns of the dice at an RNG Craps table (a Pass wager each come-out)."""
    api = Api(f"sqlite:///{tmp / 'cr.sqlite'}", rng=SeededRng(11))
    try:
        api.table("cr", EXAMPLES / "craps.toml")
        _, ann = api.player("ann", deposit=1_000_000)
        _, dealer = api.player("dee", role="dealer")
        api.sit(ann, 1, "cr")
        seals, played = [], []
        for _ in range(2):
            seals.append(api.client.get("/tables/cr", headers=ann).json()["seal"])
            r = api.wager(ann, 1, "pass", 1_000, table_id="cr")
            assert r.status_code == 200, r.text
            round_id = r.json()["round_id"]
            for _ in range(200):
                r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="cr")
                assert r.status_code == 200, r.text
                if r.json()["round_status"] != "open":
                    break
                view = api.client.get("/tables/cr/view", headers=ann).json()["view"]
                if view.get("point") is None and not (view.get("wagers") or {}).get("1"):
                    r = api.wager(ann, 1, "pass", 1_000, table_id="cr")
                    assert r.status_code == 200, r.text
            played.append(round_id)
        return {"reveals": [_reveal(api, ann, r) for r in played], "seals": seals}
    finally:
        api.close()


ALL_GAMES = (*TABLE_GAMES, "sic-bo", "craps")


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    out = {game: _play_table(tmp_path_factory.mktemp(game), game) for game in TABLE_GAMES}
    out["sic-bo"] = _play_sic_bo(tmp_path_factory.mktemp("sic-bo"))
    out["craps"] = _play_craps(tmp_path_factory.mktemp("craps"))
    return out


def _first_wager(revealed: dict[str, Any]) -> int:
    return next(e["index"] for e in revealed["events"] if e["type"] == "WagerPlaced")


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_seed_is_sealed_and_announced_before_the_first_wager(
    sealed: dict[str, Any], game: str
) -> None:
    # GLI-19 4.4.4(a): values drawn ahead are sealed before the first wager.
    older, newer = sealed[game]["reveals"]
    announced_before = sealed[game]["seals"][1]
    opened = newer["events"][0]
    assert opened["type"] == "RoundOpened" and opened["index"] == 0 < _first_wager(newer)
    # The seed opens to the commitment the table announced before the round...
    seed = opened["event"]["seed"]
    assert opened["sealed"]["seed"] == announced_before
    assert commit(opened["salts"]["seed"], seed) == announced_before
    # ... which the round before wrote in its own opening, before this round existed.
    assert older["events"][0]["event"]["next_seal"] == announced_before
    assert newer["previous_round_id"] == older["round_id"]
    shoe = game == "double-back-jack" and newer["carried_on"]  # checked with its shoe's
    check = check_rounds(sealed[game]["shoe"]) if shoe else check_rounds([newer], announcer=older)
    assert check.ok, check.problems
    assert any("follows from the server seed sealed at event 0" in n for n in check.notes)
    assert any(f"announced when round {older['round_id']} opened" in n for n in check.notes)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_seed_other_than_the_one_announced_does_not_verify(
    sealed: dict[str, Any], game: str
) -> None:
    """Attack: the server opens a round with a seed chosen after the announcement (the
    round before announced another): the seed's commitment differs from the announced one."""
    older, newer = sealed[game]["reveals"]
    forged = json.loads(json.dumps(older))
    forged["events"][0]["event"]["next_seal"] = "ab" * 32
    check = check_rounds([newer, forged] if newer["carried_on"] else [newer], announcer=forged)
    assert any("is not the one announced" in p for p in check.problems), check.problems


def _cheating(honest: Any) -> Any:
    """The patched server: a round's draws are taken from another key than its sealed
    seed, as a server would deal the pick it liked best among several draws after seeing
    the wagers."""

    def stream(self: SealedDraws, purpose: str, round_id: str, count: int, seeds: Any) -> Any:
        other = SealedDraws(hashlib.sha256(b"the house's pick" + self.seed).digest())
        return honest(other, purpose, round_id, count, seeds)

    return stream


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_server_dealing_other_draws_than_its_seed_does_not_verify(
    game: str, tmp_path: Path
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SealedDraws, "stream", _cheating(SealedDraws.stream))
        if game == "sic-bo":
            played = _play_sic_bo(tmp_path)
        elif game == "craps":
            played = _play_craps(tmp_path)
        else:
            played = _play_table(tmp_path, game)
    # The player's check runs the honest code, not the server's.
    # (A Double Back Jack round dealt on from the shoe draws nothing of its own: the one
    # that shuffled is caught.)
    drawn = [r for r in played.get("shoe", played["reveals"]) if not r["carried_on"]]
    assert drawn
    for revealed in drawn:
        check = check_round(revealed)
        assert not check.ok, (game, check.notes)
        assert any("not those its sealed seed draws" in p for p in check.problems), check.problems


# --- a seat's own seed ----------------------------------------------------------------------
def _sha(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


@pytest.fixture
def sic_bo(
    migrated_sqlite: Callable[[str], str],
) -> Iterator[tuple[Api, dict[str, str], dict[str, str]]]:
    api = Api(migrated_sqlite("sb.sqlite"), rng=SeededRng(3))
    api.table("sb", SIC_BO)
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    try:
        yield api, ann, dealer
    finally:
        api.close()


def test_a_seats_seed_enters_the_dice_and_the_player_can_draw_them_again(
    sic_bo: tuple[Api, dict[str, str], dict[str, str]],
) -> None:
    api, ann, dealer = sic_bo
    first, second = "ann-" + "a" * 40, "ann-" + "b" * 40
    r = api.client.post(
        "/tables/sb/seats", json={"seat": 1, "seed_commitment": _sha(first)}, headers=ann
    )
    assert r.status_code == 201, r.text
    round_id = _sic_bo_round(api, ann, dealer, client_seed=first, next_seed_commitment=_sha(second))
    revealed = _reveal(api, ann, round_id)
    events = revealed["events"]
    opened = events[0]["event"]
    assert opened["seed_commitments"] == {"1": _sha(first)}
    given = next(e for e in events if e["type"] == "ClientSeedGiven")
    assert given["event"]["seat"] == 1 and given["event"]["seed"] == first
    assert given["index"] == _first_wager(revealed) + 1  # given with the first wager
    thrown = next(e for e in events if e["type"] == "DiceThrown")
    seed = bytes.fromhex(opened["seed"])
    # The throw is the round's first draw (no other command drew before it).
    assert dice(stream(seed, "command", round_id, 0, {1: first}), 3) == thrown["event"]["faces"]
    others = [dice(stream(seed, "command", round_id, 0, s), 3) for s in ({}, {1: second})]
    assert thrown["event"]["faces"] not in others  # her seed counts: without it, other dice
    check = check_round(revealed)
    assert check.ok, check.problems
    assert "seat 1's own seed entered every value drawn after it was given" in check.notes
    # The next round: the commitment given with the last wager serves it.
    round_id = _sic_bo_round(api, ann, dealer, client_seed=second)
    assert check_round(_reveal(api, ann, round_id)).ok


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("another seed", "is not the one seat 1 committed to"),
        ("no commitment", "committed to no seed before the round opened"),
        ("not with the first wager", "with your first wager of the round"),
        ("twice", "with your first wager of the round"),
        ("a short seed", "16 to 64 letters"),
    ],
)
def test_what_a_seat_cannot_do_with_its_seed(
    sic_bo: tuple[Api, dict[str, str], dict[str, str]], case: str, why: str
) -> None:
    """A colluding seat (one that knows the server's seed) cannot choose its seed after
    seeing the others: it is bound by the commitment it gave before the round opened, it
    is given with its first wager or not at all, and once. Each refusal changes nothing."""
    api, ann, _ = sic_bo
    seed = "s" * 20
    commitment = None if case == "no commitment" else _sha(seed)
    body: dict[str, Any] = {"seat": 1}
    if commitment is not None:
        body["seed_commitment"] = commitment
    assert api.client.post("/tables/sb/seats", json=body, headers=ann).status_code == 201
    if case in ("not with the first wager", "twice"):
        extra = {"client_seed": seed} if case == "twice" else {}
        assert api.wager(ann, 1, "big", 1_000, table_id="sb", **extra).status_code == 200
    given = {"another seed": "t" * 20, "a short seed": "short"}.get(case, seed)
    if case == "a short seed":
        api.client.post("/tables/sb/seats", json={"seat": 1}, headers=ann)
    before = api.snapshot()
    r = api.wager(ann, 1, "small", 1_000, table_id="sb", client_seed=given)
    assert r.status_code == 422, r.text
    assert why in r.json()["detail"] and "GLI-19 4.4.4(a)" in r.text
    assert api.snapshot() == before


def test_a_commitment_serves_one_round(
    sic_bo: tuple[Api, dict[str, str], dict[str, str]],
) -> None:
    """A seed given is public: the commitment to it is not used again (the server would
    know the seat's part of the next round before announcing its own seed)."""
    api, ann, dealer = sic_bo
    seed = "once-" + "c" * 30
    r = api.client.post(
        "/tables/sb/seats", json={"seat": 1, "seed_commitment": _sha(seed)}, headers=ann
    )
    assert r.status_code == 201
    _sic_bo_round(api, ann, dealer, client_seed=seed)
    r = api.wager(ann, 1, "small", 1_000, table_id="sb", client_seed=seed)
    assert r.status_code == 422 and "committed to no seed" in r.json()["detail"]


def test_a_malformed_commitment_is_refused(
    sic_bo: tuple[Api, dict[str, str], dict[str, str]],
) -> None:
    api, ann, _ = sic_bo
    for bad in ("abc", "A" * 64, "g" * 64):
        r = api.client.post(
            "/tables/sb/seats", json={"seat": 1, "seed_commitment": bad}, headers=ann
        )
        assert r.status_code == 422 and "64 lowercase hexadecimal digits" in r.text, r.text
    r = api.client.get("/tables/sb", headers=ann)
    assert r.json()["seats"] == []  # nothing was taken


def test_a_seat_that_withholds_its_seed_only_leaves_it_out(
    sic_bo: tuple[Api, dict[str, str], dict[str, str]],
) -> None:
    """What a colluding seat can do: commit, then choose not to give its seed (wager
    without it): the round is drawn without it, and the check says so."""
    api, ann, dealer = sic_bo
    r = api.client.post(
        "/tables/sb/seats", json={"seat": 1, "seed_commitment": _sha("w" * 20)}, headers=ann
    )
    assert r.status_code == 201
    round_id = _sic_bo_round(api, ann, dealer)
    check = check_round(_reveal(api, ann, round_id))
    assert check.ok, check.problems
    assert "seat 1 committed to a seed but gave none (it entered nothing)" in check.notes


def test_a_table_without_seats_seeds_refuses_them(migrated_sqlite: Callable[[str], str]) -> None:
    """Regulated operation: the operator's certified generator alone (``client_seeds``
    off); the server seed is still sealed and announced before the wagers."""
    api = Api(migrated_sqlite("sb.sqlite"), rng=SeededRng(3))
    try:
        body = {"id": "sb", "rules_toml": SIC_BO.read_text(), "settings": {"client_seeds": False}}
        assert api.client.post("/tables", json=body, headers=api.admin).status_code == 201
        _, ann = api.player("ann", deposit=100_000)
        _, dealer = api.player("dee", role="dealer")
        r = api.client.post(
            "/tables/sb/seats", json={"seat": 1, "seed_commitment": _sha("x" * 20)}, headers=ann
        )
        assert r.status_code == 422 and "takes no seed" in r.text
        api.sit(ann, 1, "sb")
        round_id = _sic_bo_round(api, ann, dealer)
        revealed = _reveal(api, ann, round_id)
        assert "seed_commitments" not in revealed["events"][0]["event"]
        assert check_round(revealed).ok
    finally:
        api.close()


# --- a database written before sealed draws --------------------------------------------------
def test_a_database_written_before_sealed_draws_upgrades_and_verifies(tmp_path: Path) -> None:
    """``before-sealed-draws.db`` (written by the code before this change, see
    ``data/make_old_database.py``): upgraded, every table's chain verifies, the rounds left
    in play finish as they began (no seed), and the next rounds are sealed."""
    copy = tmp_path / "old.db"
    shutil.copy(OLD_DATABASE, copy)
    api = Api(f"sqlite:///{copy}", rng=SeededRng(5))
    try:
        with Session(api.engine) as session:
            _, token = repo.create_player(session, "dee", "dealer")
            session.commit()
        dealer = {"Authorization": f"Bearer {token}"}
        for table_id in TABLE_GAMES:
            report = api.client.get(f"/tables/{table_id}/verify", headers=dealer).json()
            assert report["ok"], report
        # The High Roll Dice round left open (its wagers placed) finishes, unsealed: its
        # betting time ran out long ago, and a look at the table applies the timeout.
        r = api.client.get("/tables/high-roll-dice/view", headers=dealer)
        assert r.status_code == 200, r.text
        finished = _reveal(api, api.admin, "high-roll-dice-2")
        assert finished["status"] == "completed" and "seed" not in finished["events"][0]["event"]
        check = check_round(finished)
        assert check.ok, check.problems
        assert any("dealt before sealed draws" in note for note in check.notes)
        # The next rounds are sealed: the first with a seed drawn when it opened (none was
        # announced before the upgrade), the second with the seed the first announced.
        _, new = api.player("new", deposit=100_000)
        api.sit(new, 3, "high-roll-dice")
        reveals = []
        for _ in range(2):
            view = api.client.get("/tables/high-roll-dice/view", headers=new).json()
            command = player("high-roll-dice")(3, view)
            assert command is not None
            r = api.send(new, command, table_id="high-roll-dice")
            assert r.status_code == 200, r.text
            round_id = r.json()["round_id"]
            r = api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="high-roll-dice")
            assert r.status_code == 200, r.text
            reveals.append(_reveal(api, new, round_id))
        third, fourth = reveals
        check = check_rounds([third], announcer=finished)
        assert check.ok, check.problems
        assert any("announced no seed" in note for note in check.notes)
        check = check_rounds([fourth], announcer=third)
        assert check.ok, check.problems
        assert any("announced when round high-roll-dice-3 opened" in n for n in check.notes)
        for table_id in TABLE_GAMES:
            report = api.client.get(f"/tables/{table_id}/verify", headers=dealer).json()
            assert report["ok"], report
    finally:
        api.close()
    # croupier verify, on the upgraded database, table by table.
    from typer.testing import CliRunner

    from croupier.cli import app as cli

    for table_id in TABLE_GAMES:
        result = CliRunner().invoke(cli, ["verify", table_id, "--db", f"sqlite:///{copy}"])
        assert result.exit_code == 0, result.output
        assert "chain verifies" in result.output
