"""The event chain: append-only, verified, tamper evident; concurrent writers refused."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from server_api import Api, ScriptedRng
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from typer.testing import CliRunner

from croupier.cli import app as cli


def play_a_round(api: Api, scripted: ScriptedRng) -> None:
    api.table()
    _, ann = api.player("ann", deposit=5_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 2)
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
    scripted.dice(5, 5, 5, 1, 2, 3, 4, 6, 2, 3)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}).status_code == 200


def test_the_chain_verifies_and_reveals_tampering(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    play_a_round(api, scripted)
    r = api.client.get("/tables/hrd/verify", headers=api.admin)
    assert r.status_code == 200
    report = r.json()
    assert report["ok"] and report["problem"] is None
    # Recompute the chain here, independently of the server's code.
    with api.engine.connect() as connection:
        rows = connection.execute(text("SELECT body, hash FROM events ORDER BY seq")).all()
    head = "0" * 64
    for body, digest in rows:
        head = hashlib.sha256((head + body).encode()).hexdigest()
        assert head == digest
    assert report["head_hash"] == head and report["events"] == len(rows)
    assert CliRunner().invoke(cli, ["verify", "hrd", "--db", db_url]).exit_code == 0
    # The database itself refuses to change an event.
    with pytest.raises(DBAPIError, match="append-only"), api.engine.begin() as connection:
        connection.execute(text("UPDATE events SET body = 'x' WHERE seq = 1"))
    # Someone with the keys disables the guard and edits a wager: the chain shows it.
    disable, enable = _guard(api.engine.dialect.name)
    with api.engine.begin() as connection:
        for statement in disable:
            connection.execute(text(statement))
        body = connection.execute(text("SELECT body FROM events WHERE seq = 1")).scalar_one()
        forged = json.loads(body)
        forged["amount"] = 50_000
        connection.execute(
            text("UPDATE events SET body = :body WHERE seq = 1"), {"body": json.dumps(forged)}
        )
        for statement in enable:
            connection.execute(text(statement))
    report = api.client.get("/tables/hrd/verify", headers=api.admin).json()
    assert not report["ok"] and report["first_bad_seq"] == 1
    assert "altered" in report["problem"]
    result = CliRunner().invoke(cli, ["verify", "hrd", "--db", db_url])
    assert result.exit_code == 1
    assert "DOES NOT VERIFY" in result.output


def _guard(dialect: str) -> tuple[list[str], list[str]]:
    if dialect == "sqlite":
        return ["DROP TRIGGER events_no_update"], []
    return (
        ["ALTER TABLE events DISABLE TRIGGER events_append_only"],
        ["ALTER TABLE events ENABLE TRIGGER events_append_only"],
    )


def test_cli_replay_prints_the_stored_round(api: Api, scripted: ScriptedRng, db_url: str) -> None:
    play_a_round(api, scripted)
    result = CliRunner().invoke(cli, ["replay", "hrd-1", "--db", db_url])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    served = api.client.get("/rounds/hrd-1/replay", headers=api.admin).json()
    assert printed == served
    assert printed["view"]["first_roll"] == {"face": "five", "count": 3}
    assert CliRunner().invoke(cli, ["replay", "nope", "--db", db_url]).exit_code == 2


def test_verify_and_replay_without_a_database_create_none(tmp_path: Path) -> None:
    """Run where there is no database: verify and replay say so and exit 2, and no empty
    database file is left behind (it once was, with a traceback)."""
    missing = tmp_path / "croupier.sqlite"
    for args in (["verify", "hrd"], ["replay", "hrd-1"]):
        result = CliRunner().invoke(cli, [*args, "--db", f"sqlite:///{missing}"])
        assert result.exit_code == 2, result.output
        assert f"no database at {missing}: give the server's --db" in result.output
    assert not missing.exists()
    result = CliRunner().invoke(cli, ["verify", "hrd", "--db", "postgres://nowhere"])
    assert result.exit_code == 2 and "cannot open the database" in result.output


@pytest.mark.parametrize("url", ["sqlite:///:memory:", "sqlite://"])
def test_serve_refuses_an_in_memory_database(url: str) -> None:
    """Each of the server's connections would get an empty database of its own (every
    request once failed with a 500, "no such table")."""
    result = CliRunner().invoke(cli, ["serve", "--db", url])
    assert result.exit_code == 2, result.output
    assert "an in-memory database lives and dies with one connection" in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["players", "add", ""], "name: String should have at least 1 character"),
        (["players", "add", " bad"], "name: a name may not begin or end with a blank"),
        (["players", "add", "a\x1b[31mb"], "may not hold a control character"),
        (["players", "add", "ok", "--role", "boss"], "role: Input should be 'player'"),
        (["players", "add", "ok", "--db", "bogus://x"], "cannot open the database bogus://x"),
        (["db", "upgrade", "--db", "sqlite:////no/such/folder/x.sqlite"], "cannot open"),
        (["serve", "--db", "bogus://x"], "cannot open the database bogus://x"),
    ],
)
def test_the_cli_refuses_bad_input_with_a_message(
    args: list[str], said: str, tmp_path: Path
) -> None:
    """The API's rules for a player's name and role hold on the command line too, and a
    database that cannot be opened is said so: exit 2, no traceback, nothing created."""
    if "--db" not in args:
        args = [*args, "--db", f"sqlite:///{tmp_path / 'c.sqlite'}"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert said in result.output and "Traceback" not in result.output
    assert not (tmp_path / "c.sqlite").exists()


def _commit(salt: str, value: object) -> str:
    text_ = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(bytes.fromhex(salt) + text_.encode()).hexdigest()


def test_sealed_values_are_chained_by_their_commitments(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Go Fore It deals face down: the chain runs over each event with its hidden fields
    replaced by salted commitments, recomputed here from the stored salts; a card changed
    in the record, or its salt, no longer opens its commitment."""
    from test_games import SETUPS, GameTable, player

    settings, closes, seed = SETUPS["go-fore-it"]
    url = migrated_sqlite("sealed.sqlite")
    table = GameTable(url, "go-fore-it", 2, seed, settings)
    try:
        table.play(player("go-fore-it"), closes)
        engine = table.api.engine
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT seq, body, sealed, salts, prev_hash, hash FROM events ORDER BY seq")
            ).all()
        head, sealed_rows = "0" * 64, 0
        for seq, body, sealed, salts, prev, digest in rows:
            event = json.loads(body)
            public = dict(event)
            if sealed is not None:
                sealed_rows += 1
                for name, salt in json.loads(salts).items():
                    value = event[name]
                    if isinstance(value, list):
                        parts = b"".join(
                            bytes.fromhex(_commit(s, v)) for s, v in zip(salt, value, strict=True)
                        )
                        public[name] = hashlib.sha256(parts).hexdigest()
                    else:
                        public[name] = _commit(salt, value)
                assert public == {**event, **json.loads(sealed)}
                assert len(set(json.loads(salts))) == len(json.loads(sealed))
            assert prev == head
            form = json.dumps(public, sort_keys=True, separators=(",", ":"))
            head = hashlib.sha256((head + form).encode()).hexdigest()
            assert head == digest, seq
        assert sealed_rows >= 9  # the shuffle and every card dealt face down
        assert table.api.client.get("/tables/t/verify", headers=table.api.admin).json()["ok"]
        disable, enable = _guard(engine.dialect.name)
        face_down = next(r for r in rows if r.sealed is not None and '"card"' in r.body)
        with engine.begin() as connection:
            for statement in disable:
                connection.execute(text(statement))
        for column, forged in (
            ("body", face_down.body.replace(json.loads(face_down.body)["card"], "Xx", 1)),
            ("salts", json.dumps({"card": "11" * 16})),
        ):
            with engine.begin() as connection:
                connection.execute(
                    text(f"UPDATE events SET {column} = :v WHERE seq = :seq"),
                    {"v": forged, "seq": face_down.seq},
                )
            report = table.api.client.get("/tables/t/verify", headers=table.api.admin).json()
            assert not report["ok"] and report["first_bad_seq"] == face_down.seq, column
            assert "does not open" in report["problem"]
            with engine.begin() as connection:
                connection.execute(
                    text(f"UPDATE events SET {column} = :v WHERE seq = :seq"),
                    {"v": getattr(face_down, column), "seq": face_down.seq},
                )
        assert table.api.client.get("/tables/t/verify", headers=table.api.admin).json()["ok"]
        with engine.begin() as connection:
            for statement in enable:
                connection.execute(text(statement))
    finally:
        table.close()


def test_an_event_overwritten_with_something_not_json_is_reported(
    migrated_sqlite: Callable[[str], str], scripted: ScriptedRng
) -> None:
    """Someone with the keys overwrites an event's body with text that is not JSON: verify
    says which event was altered and exits 1 (it once stopped on a traceback)."""
    url = migrated_sqlite("forged.sqlite")
    api = Api(url, rng=scripted)
    try:
        play_a_round(api, scripted)
        with api.engine.begin() as connection:
            connection.execute(text("DROP TRIGGER events_no_update"))
            connection.execute(text("UPDATE events SET body = 'not json' WHERE seq = 2"))
    finally:
        api.close()
    result = CliRunner().invoke(cli, ["verify", "hrd", "--db", url])
    assert result.exit_code == 1, result.output
    assert "event 2 was altered: what is stored of it is not JSON" in result.output
