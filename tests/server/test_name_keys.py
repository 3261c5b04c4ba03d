"""Display names' keys stored under a unique index (migration 0019,
:mod:`croupier.ledger.names`): a database with players opened before it, two of them of
one name, is upgraded; the oldest of the two holds the name, the other keeps his account
and holds nothing, and the name is refused to a new account by the stored key. Two
accounts holding one key are refused by the database itself."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from croupier.ledger.db import make_engine, upgrade
from croupier.server import create_app

OLD = (  # id, name, opened: "Zoë Ōkubo" twice (another case), opened before the rule
    ("p1", "ZOË ŌKUBO", "2026-11-02 10:00:00"),
    ("p2", "Zoë  Ōkubo", "2026-11-01 10:00:00"),
    ("p3", "Ｂｏｂ", "2026-11-03 10:00:00"),
    ("p4", "Pop", "2026-11-04 10:00:00"),  # Latin
    ("p5", "\u0440\u043e\u0440", "2026-11-05 10:00:00"),  # Cyrillic, looks like p4's
)


def _keys(engine: Any, column: str = "name_key") -> dict[str, str | None]:
    with engine.connect() as connection:
        rows = connection.execute(text(f"SELECT id, {column} FROM players"))
        return {str(player_id): key for player_id, key in rows}


def _store_accounts(engine: Any, stored: tuple[tuple[str, str, str, str], ...]) -> None:
    """Insert each (id, name, opened, look as an earlier migration stored it) account."""
    with engine.begin() as connection:
        for player_id, name, opened, seen in stored:
            connection.execute(
                text(
                    "INSERT INTO players (id, name, role, token_hash, created_at, name_key, "
                    "name_look) VALUES (:id, :name, 'player', :hash, :opened, :key, :look)"
                ),
                {
                    "id": player_id,
                    "name": name,
                    "hash": player_id * 16,
                    "opened": opened,
                    "key": name.casefold(),
                    "look": seen,
                },
            )


def test_the_names_of_players_opened_before_are_keyed(empty_db_url: str) -> None:
    engine = make_engine(empty_db_url)
    upgrade(engine, "0018")
    with engine.begin() as connection:
        for player_id, name, opened in OLD:
            connection.execute(
                text(
                    "INSERT INTO players (id, name, role, token_hash, created_at) "
                    "VALUES (:id, :name, 'player', :hash, :opened)"
                ),
                {"id": player_id, "name": name, "hash": player_id * 8, "opened": opened},
            )
    upgrade(engine)
    # NFKC, case-folded, runs of blanks as one: p2, opened first, holds "zoë ōkubo".
    assert _keys(engine) == {
        "p1": None,
        "p2": "zoë ōkubo",
        "p3": "bob",
        "p4": "pop",
        "p5": "\u0440\u043e\u0440",
    }
    # The look: p1 (p2's name) and p5 (p4's, in Cyrillic look-alikes) hold none.
    looks = _keys(engine, "name_look")
    assert {player for player, look in looks.items() if look is None} == {"p1", "p5"}
    assert looks["p4"] != looks["p3"]
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(text("UPDATE players SET name_key = 'bob' WHERE id = 'p1'"))
    engine.dispose()
    app = create_app(empty_db_url)
    try:
        client = TestClient(app)
        for same in ("zoe\u0308 ōkubo", "BOB", "\u0420\u043e\u0440", "P0P"):
            r = client.post("/players/play-money", json={"name": same})
            assert r.status_code == 409 and r.json()["cite"] == "server:names", r.text
        r = client.post("/players/play-money", json={"name": "Zoë Ōkubo Jr."})
        assert r.status_code == 201, r.text
        assert _keys(app.state.engine)[r.json()["id"]] == "zoë ōkubo jr."
    finally:
        app.state.writer.close()
        app.state.engine.dispose()


def test_two_accounts_of_one_name_made_at_once_are_told_apart_by_the_database(
    db_url: str,
) -> None:
    """A's "Ann" is written, not committed, when B's "ANN" looks for the name (and finds
    nothing: A's is not committed) and writes its key: the unique index makes B wait for
    A (PostgreSQL; on SQLite B waits for the one writer before it reads), and once A
    commits B is refused, nothing of it stored."""
    import threading

    from sqlalchemy.orm import Session

    from croupier.errors import LedgerError
    from croupier.ledger import names
    from croupier.ledger import repository as repo

    engine = make_engine(db_url)
    upgrade(engine)
    outcome: list[BaseException | None] = []

    def second() -> None:
        with Session(engine) as session:
            try:
                player, _token = repo.create_player(session, "ANN", "player")
                names.claim(player)  # as the endpoints do
                session.commit()
                outcome.append(None)
            except LedgerError as error:
                outcome.append(error)

    try:
        with Session(engine) as first:
            repo.create_player(first, "Ann", "player")
            thread = threading.Thread(target=second)
            thread.start()
            if engine.dialect.name == "postgresql":  # B is waiting on A's key
                for _ in range(1000):
                    with engine.connect() as connection:
                        waiting = connection.execute(
                            text(
                                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type "
                                "= 'Lock' AND datname = current_database()"
                            )
                        ).scalar()
                    if waiting:
                        break
                    threading.Event().wait(0.01)
                assert waiting, "B never waited on A's key"
            first.commit()
        thread.join(30)
        [error] = outcome
        assert isinstance(error, LedgerError) and error.cite == "server:names"
        with engine.connect() as connection:
            stored = connection.execute(text("SELECT name, name_key FROM players")).all()
        assert [tuple(row) for row in stored] == [("Ann", "ann")]
    finally:
        engine.dispose()


def test_the_looks_are_stored_again_when_look_changes(empty_db_url: str) -> None:
    """Migration 0020: ``look`` now takes ``Ɗ`` as ``D``, ``cl`` as ``d`` and ``vv`` as
    ``w`` (issue #34). Accounts stored under 0019's look (written here as that look
    stored them) are looked at again: of two names that now look alike the oldest holds
    the look, the other none, and a new look-alike is refused."""
    engine = make_engine(empty_db_url)
    upgrade(engine, "0019")
    stored = (  # id, name, opened, its look as 0019 stored it
        ("w1", "Will", "2026-11-01 10:00:00", "wlll"),
        ("w2", "VVill", "2026-11-02 10:00:00", "vvlll"),
        ("d1", "\u018aan", "2026-11-03 10:00:00", "'dan"),  # Ɗ: its skeleton's
        ("d2", "Dan", "2026-11-04 10:00:00", "dan"),
        ("c1", "Cora", "2026-11-05 10:00:00", "cora"),
    )
    _store_accounts(engine, stored)
    upgrade(engine)
    assert _keys(engine, "name_look") == {
        "w1": "wlll",
        "w2": None,  # VVill looks as Will, opened first
        "d1": "dan",  # Ɗan, opened before Dan, holds the look
        "d2": None,
        "c1": "cora",
    }
    engine.dispose()
    app = create_app(empty_db_url)
    try:
        client = TestClient(app)
        for alike in ("clan", "VVILL", "\u0110an"):  # cl for d; VV for W; Đ for D
            r = client.post("/players/play-money", json={"name": alike})
            assert r.status_code == 409 and r.json()["cite"] == "server:names", r.text
        assert client.post("/players/play-money", json={"name": "Clara"}).status_code == 201
    finally:
        app.state.writer.close()
        app.state.engine.dispose()


def test_the_looks_are_stored_again_for_digits_cherokee_and_tone_letters(empty_db_url: str) -> None:
    """Migration 0021: ``look`` now takes ``5`` and ``$`` as ``s``, ``ƅ`` as ``b`` and
    leaves out an overlay drawn through a letter (Cherokee ``ᏴᎾᏴ`` as ``BOB``; a fresh
    tester, issue #34). Accounts stored under 0020's look (written here as that look
    stored them) are looked at again: of two names that now look alike the oldest holds
    the look, the others none, and a new look-alike is refused."""
    engine = make_engine(empty_db_url)
    upgrade(engine, "0020")
    stored = (  # id, name, opened, its look as 0020 stored it
        ("s1", "5am", "2026-11-01 10:00:00", "5arn"),
        ("s2", "Sam", "2026-11-02 10:00:00", "sarn"),
        ("b1", "Bob", "2026-11-03 10:00:00", "bob"),
        ("b2", "\u13f4\u13be\u13f4", "2026-11-04 10:00:00", "bo\u0335b"),  # Cherokee ᏴᎾᏴ
        ("b3", "\u0185ob", "2026-11-05 10:00:00", "\u0185ob"),  # ƅob
        ("c1", "Cora", "2026-11-06 10:00:00", "cora"),
    )
    _store_accounts(engine, stored)
    upgrade(engine)
    assert _keys(engine, "name_look") == {
        "s1": "sarn",  # 5am, opened before Sam, holds the look (rn: the skeleton's m)
        "s2": None,
        "b1": "bob",
        "b2": None,  # looks as Bob, opened first
        "b3": None,
        "c1": "cora",
    }
    engine.dispose()
    app = create_app(empty_db_url)
    try:
        client = TestClient(app)
        for alike in ("$am", "B0B", "\u0184OB"):  # $ for S; 0 for o; capital tone six
            r = client.post("/players/play-money", json={"name": alike})
            assert r.status_code == 409 and r.json()["cite"] == "server:names", r.text
        assert client.post("/players/play-money", json={"name": "Sal"}).status_code == 201
    finally:
        app.state.writer.close()
        app.state.engine.dispose()
