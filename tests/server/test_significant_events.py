"""The significant-events log (GLI-19 2.8.8, 2.9.5; issue #32): typed, append-only,
hash-chained; an entry edited, forged or deleted in the database is named by
:func:`verify_significant_events`, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from server_api import TEN_DICE, Api
from sqlalchemy import Engine, event, text
from sqlalchemy.orm import Session

from croupier.ledger.db import make_engine, upgrade
from croupier.ledger.significant_events import (
    Kind,
    record,
    significant_events,
    verify_significant_events,
)

T0 = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    made = make_engine(db_url)
    upgrade(made)
    yield made
    made.dispose()


def _three(engine: Engine) -> None:
    with Session(engine) as session:
        record(
            session,
            kind=Kind.TABLE_DISABLED,
            who="admin-1",
            subject="sb",
            before={"disabled": False},
            after={"disabled": True},
            words="admin-1 disabled table sb",
            at=T0,
        )
        record(
            session,
            kind=Kind.ROLE_GRANTED,
            who="admin-1",
            subject="p-2",
            before=None,
            after="dealer",
            words="admin-1 granted p-2 the role dealer",
            at=T0 + timedelta(minutes=1),
        )
        session.commit()
    with Session(engine) as session:
        record(
            session,
            kind=Kind.SELFCHECK,
            who="system",
            subject="croupier",
            before=None,
            after={"passed": True},
            words="every critical file matches the manifest",
            at=T0 + timedelta(minutes=2),
        )
        session.commit()


def test_entries_are_read_back_in_order_with_their_values(engine: Engine) -> None:
    _three(engine)
    with Session(engine) as session:
        found = significant_events(session)
        assert [e.seq for e in found] == [0, 1, 2]
        assert [e.kind for e in found] == [Kind.TABLE_DISABLED, Kind.ROLE_GRANTED, Kind.SELFCHECK]
        assert found[0].before == {"disabled": False} and found[0].after == {"disabled": True}
        assert found[1].before is None and found[1].after == "dealer"
        assert found[1].at == T0 + timedelta(minutes=1)
        # The first entry's hash, computed here from the rule the module's notes state.
        body = {
            "after": '{"disabled":true}',
            "at": "2026-12-03T18:00:00.000000+00:00",
            "before": '{"disabled":false}',
            "kind": "table_disabled",
            "seq": 0,
            "subject": "sb",
            "who": "admin-1",
            "words": "admin-1 disabled table sb",
        }
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
        assert found[0].hash == hashlib.sha256(("0" * 64 + canonical).encode()).hexdigest()
        assert [e.seq for e in significant_events(session, kinds=[Kind.ROLE_GRANTED])] == [1]
        assert [e.seq for e in significant_events(session, subject="sb")] == [0]
        since = significant_events(session, since=T0 + timedelta(seconds=90))
        assert [e.seq for e in since] == [2]
        assert verify_significant_events(session) == []


def test_a_rolled_back_change_leaves_no_entry(engine: Engine) -> None:
    with Session(engine) as session:
        record(
            session,
            kind=Kind.TABLE_OPENED,
            who="admin-1",
            subject="sb",
            before=None,
            after="open",
            words="opened",
        )
        session.rollback()
    with Session(engine) as session:
        assert significant_events(session) == []
        assert verify_significant_events(session) == []


def _entry(session: Session, n: int) -> None:
    record(
        session,
        kind=Kind.TABLE_DISABLED,
        who="admin-1",
        subject=f"t{n}",
        before=None,
        after=n,
        words=f"admin-1 disabled table t{n}",
    )


def _head_reads(engine: Engine) -> list[str]:
    """Each statement that reads the log's head (its locking read) from now on."""
    reads: list[str] = []

    def seen(conn: object, cursor: object, sql: str, *rest: object) -> None:
        if sql.lstrip().upper().startswith("SELECT") and "FROM ledger_heads" in sql:
            reads.append(sql)

    event.listen(engine, "before_cursor_execute", seen)
    return reads


def test_the_head_is_locked_once_a_transaction(engine: Engine) -> None:
    """Three entries in one transaction: one locking read of the head (the other two take
    the row the previous entry left); a second transaction reads it again. The entries
    are numbered 0-4 in order and the chain verifies."""
    reads = _head_reads(engine)
    with Session(engine) as session:
        for n in range(3):
            _entry(session, n)
        session.commit()
    assert len(reads) == 1
    with Session(engine) as session:
        _entry(session, 3)
        _entry(session, 4)
        session.commit()
    assert len(reads) == 2
    if engine.dialect.name == "postgresql":
        assert all("FOR UPDATE" in sql for sql in reads)
    with Session(engine) as session:
        assert [(e.seq, e.subject) for e in significant_events(session)] == [
            (n, f"t{n}") for n in range(5)
        ]
        assert verify_significant_events(session) == []


def test_a_savepoint_rolled_back_reads_the_head_again(engine: Engine) -> None:
    """An entry in a savepoint that is rolled back leaves no trace: the next entry reads
    the head again (the savepoint's lock and changes are gone) and takes its number."""
    reads = _head_reads(engine)
    with Session(engine) as session:
        _entry(session, 0)
        nested = session.begin_nested()
        _entry(session, 1)  # a new savepoint: locked and read again
        nested.rollback()
        _entry(session, 2)
        session.commit()
    assert len(reads) == 3
    with Session(engine) as session:
        assert [(e.seq, e.subject) for e in significant_events(session)] == [
            (0, "t0"),
            (1, "t2"),
        ]
        assert verify_significant_events(session) == []


def test_bad_entries_are_refused(engine: Engine) -> None:
    with Session(engine) as session:
        with pytest.raises(TypeError):
            record(
                session,
                kind="table_opened",  # type: ignore[arg-type]
                who="a",
                subject="sb",
                before=None,
                after=None,
                words="w",
            )
        with pytest.raises(ValueError, match="names its who"):
            record(
                session,
                kind=Kind.TABLE_OPENED,
                who=" ",
                subject="sb",
                before=None,
                after=None,
                words="w",
            )


def _tamper(engine: Engine, sql: str) -> list[str]:
    with engine.begin() as connection:
        connection.execute(text(sql))
    with Session(engine) as session:
        return verify_significant_events(session)


def test_an_edited_entry_is_named(engine: Engine) -> None:
    # GLI-19 2.8.8: live data changed outside normal execution is named by the check.
    _three(engine)
    problems = _tamper(
        engine, "UPDATE significant_events SET after_json = '\"admin\"' WHERE seq = 1"
    )
    assert problems == [
        "significant event 1 (role_granted of p-2) was altered: its hash does not match "
        "what it records"
    ]


def test_a_deleted_entry_is_named(engine: Engine) -> None:
    _three(engine)
    problems = _tamper(engine, "DELETE FROM significant_events WHERE seq = 1")
    assert any("entry 1 of the log was deleted" in p for p in problems), problems
    assert any("significant event 2 does not follow" in p for p in problems), problems


def test_the_last_entry_deleted_is_named(engine: Engine) -> None:
    _three(engine)
    problems = _tamper(engine, "DELETE FROM significant_events WHERE seq = 2")
    assert problems == [
        "the significant-events log ends at significant event 1, but its head names 3 "
        "entries (2 found): an entry at its end was deleted or forged"
    ]


def test_a_forged_entry_is_named(engine: Engine) -> None:
    _three(engine)
    # A forger who recomputes the hash of his own row still breaks the chain after it
    # (entry 2 no longer follows it) and the head's count.
    with Session(engine) as session:
        last = significant_events(session)[-1]
    problems = _tamper(
        engine,
        "INSERT INTO significant_events (seq, at, who, kind, subject, before_json, "
        "after_json, words, prev_hash, hash) VALUES (3, '2026-12-03 18:05:00', 'admin-1', "
        f"'role_granted', 'p-9', 'null', '\"admin\"', 'forged', '{last.hash}', "
        f"'{'ab' * 32}')",
    )
    assert problems == [
        "significant event 3 (role_granted of p-9) was altered: its hash does not match "
        "what it records",
        "the significant-events log ends at significant event 3, but its head names 3 "
        "entries (4 found): an entry at its end was deleted or forged",
    ]


def test_the_api_records_and_serves_the_log(api: Api) -> None:
    """Over HTTP: a table opened, accounts created with their roles, a Rules Submission's
    steps, each with before and after; the floor (dealer) and an admin read the log, a
    player may not; filters by kind, subject and moment."""
    # GLI-19 2.8.8: changes to game parameters or paytables (Rules Submission steps), roles, tables.
    api.table()
    ann, ann_auth = api.player("ann")
    _, dealer = api.player("dee", role="dealer")
    toml = TEN_DICE.read_text()
    r = api.client.post("/tables/hrd/rules/versions", json={"rules_toml": toml}, headers=api.admin)
    assert r.status_code == 201, r.text
    approval = {"state": "approved", "by": "a Board reviewer", "reference": "BR-7"}
    r = api.client.post("/tables/hrd/rules/versions/2/steps", json=approval, headers=api.admin)
    assert r.status_code == 201, r.text
    assert api.client.get("/significant-events", headers=ann_auth).status_code == 403
    r = api.client.get("/significant-events", headers=dealer)
    assert r.status_code == 200
    events = r.json()["events"]
    assert [(e["kind"], e["subject"]) for e in events] == [
        ("rules_submission_step", "hrd/1"),
        ("rules_submission_step", "hrd/1"),
        ("rules_submission_step", "hrd/1"),
        ("table_opened", "hrd"),
        ("role_granted", ann),
        ("role_granted", events[5]["subject"]),
        ("rules_submission_step", "hrd/2"),
        ("rules_submission_step", "hrd/2"),
    ]
    assert events[3]["who"].startswith("admin (") and events[3]["kind_words"] == "table opened"
    assert events[3]["after"]["game"] == "high-roll-dice"
    assert events[4]["after"] == {"name": "ann", "role": "player"}
    assert events[5]["after"] == {"name": "dee", "role": "dealer"}
    assert events[6]["before"] == {"state": None}
    assert events[6]["after"] == {"state": "submitted", "reference": "", "reason": ""}
    assert events[7]["who"] == "a Board reviewer"
    assert events[7]["before"] == {"state": "submitted"}
    assert events[7]["after"] == {"state": "approved", "reference": "BR-7", "reason": ""}
    assert "went from submitted to approved" in events[7]["words"]
    assert "(reference: BR-7)" in events[7]["words"]
    r = api.client.get(
        "/significant-events",
        params={"kind": ["role_granted", "table_opened"], "subject": ann},
        headers=dealer,
    )
    assert [e["seq"] for e in r.json()["events"]] == [4]
    later = datetime.now(UTC) + timedelta(hours=1)
    r = api.client.get("/significant-events", params={"since": later.isoformat()}, headers=dealer)
    assert r.json()["events"] == []
    r = api.client.get("/significant-events", params={"kind": "table_burnt"}, headers=dealer)
    assert r.status_code == 422
    r = api.client.get("/tables/hrd/verify", headers=dealer)
    assert r.json()["ok"] is True and r.json()["significant_events"] == 8
