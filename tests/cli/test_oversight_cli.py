"""`croupier report events`, `croupier disable | enable`, `croupier selfcheck` and
`croupier verify` on the significant-events log (issue #32), on SQLite and PostgreSQL:
every change recorded with its values before and after, in text, JSON and CSV; an entry
edited, forged or deleted in the database named by `croupier verify`."""

from __future__ import annotations

import csv
import io
import json
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.identity import CRITICAL, PACKAGE, write_manifest
from croupier.ledger.db import make_engine, upgrade
from croupier.rng import SecureRng
from croupier.server import schemas, service

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
HRD = (
    Path(__file__).parents[2] / "examples" / "rules" / "high-roll-dice-ten-dice.toml"
).read_text()
runner = CliRunner()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with the schema and one table, ``hrd``: a SQLite file or a PostgreSQL
    schema of its own (dropped afterwards)."""
    schema = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'croupier.sqlite'}"
    else:
        admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as connection:
                schema = f"croupier_test_{secrets.token_hex(6)}"
                connection.execute(text(f"CREATE SCHEMA {schema}"))
        except Exception as error:  # the suite's PostgreSQL is not running here
            pytest.skip(f"PostgreSQL at {POSTGRES} is unreachable: {error}")
        url = f"{POSTGRES}?options=-csearch_path%3D{schema}"
    engine = make_engine(url)
    upgrade(engine)
    with Session(engine) as session:
        body = schemas.TableCreate(id="hrd", rules_toml=HRD)
        service.create_table(session, body, SecureRng(), by="the pit boss")
        session.commit()
    engine.dispose()
    yield url
    if schema is not None:
        with admin.connect() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def built_copy(root: Path) -> None:
    """A copy of the critical files (no compiled caches) with its own manifest."""
    for name in CRITICAL:
        source = PACKAGE / name
        if source.is_file():
            shutil.copy2(source, root / name)
        else:
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    write_manifest(root, commit="a test build")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_disable_enable_and_the_events_report(db: str) -> None:
    # GLI-19 2.9.5: the significant-events report with before and after values.
    code, out, _ = run("players", "add", "dee", "--role", "dealer", "--db", db)
    assert code == 0
    dee = json.loads(out)["id"]
    code, out, _ = run(
        "disable", "table", "hrd", "--by", "Sam, floor", "--reason", "a chipped die", "--db", db
    )
    assert (code, out) == (0, "table hrd is disabled\n")
    code, _, err = run("disable", "table", "hrd", "--by", "Sam", "--reason", "x", "--db", db)
    assert code == 2 and "it is disabled already (GLI-19 2.4.1)" in err
    code, _, err = run("disable", "chair", "1", "--by", "Sam", "--reason", "x", "--db", db)
    assert code == 2 and "THING is table, game, paytable or player, not 'chair'" in err
    code, out, _ = run("enable", "table", "hrd", "--by", "Pat, shift manager", "--db", db)
    assert (code, out) == (0, "table hrd is enabled\n")
    code, _, err = run("enable", "player", dee, "--by", "Pat", "--db", db)
    assert code == 2 and f"player {dee} is not disabled" in err

    code, out, _ = run("report", "events", "--db", db, "--json")
    assert code == 0
    events = json.loads(out)["events"]
    assert [e["seq"] for e in events] == list(range(len(events)))
    # The table's setup: version 1's three steps, then the table opened.
    assert [(e["kind"], e["subject"]) for e in events] == [
        ("rules_submission_step", "hrd/1"),
        ("rules_submission_step", "hrd/1"),
        ("rules_submission_step", "hrd/1"),
        ("table_opened", "hrd"),
        ("role_granted", dee),
        ("table_disabled", "hrd"),
        ("table_enabled", "hrd"),
    ]
    steps = [e["after"]["state"] for e in events[:3]]
    assert steps == ["submitted", "approved", "in force"]
    assert [e["before"]["state"] for e in events[:3]] == [None, "submitted", "approved"]
    opened = events[3]
    assert opened["who"] == "the pit boss" and opened["before"] is None
    assert (opened["after"]["minimum_wager"], opened["after"]["maximum_wager"]) == (500, 50_000)
    assert events[4]["after"] == {"name": "dee", "role": "dealer"}
    assert events[4]["who"] == "the operator (command line)"
    assert events[5]["who"] == "Sam, floor"
    assert events[5]["after"] == {"disabled": True, "reason": "a chipped die"}
    assert events[6]["before"]["by"] == "Sam, floor"

    code, out, _ = run("report", "events", "--db", db, "--kind", "table_disabled")
    assert code == 0
    assert "table disabled: hrd" in out
    assert '  before: {"disabled": false}' in out
    assert '  after:  {"disabled": true, "reason": "a chipped die"}' in out
    assert "  Sam, floor disabled table hrd: a chipped die" in out
    assert "table enabled" not in out
    code, out, _ = run("report", "events", "--db", db, "--csv", "--subject", "hrd")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["seq", "at", "who", "kind", "subject", "before", "after", "words", "hash"]
    assert [row[3] for row in rows[1:]] == ["table_opened", "table_disabled", "table_enabled"]
    assert json.loads(rows[2][6]) == {"disabled": True, "reason": "a chipped die"}
    code, out, _ = run("report", "events", "--db", db, "--since", "2999-01-01T00:00:00+00:00")
    assert code == 0 and "No Activity" in out
    code, _, err = run("report", "events", "--db", db, "--since", "yesterday")
    assert code == 2 and "--since is a moment in ISO 8601" in err


def test_verify_names_an_entry_edited_deleted_or_forged(db: str) -> None:
    code, out, _ = run("verify", "--db", db)
    assert (code, out) == (0, "significant events: 4 entries, chain verifies\n")
    code, out, _ = run("verify", "hrd", "--db", db)
    assert code == 0 and "significant events: 4 entries, chain verifies" in out
    engine = make_engine(db)
    with engine.begin() as connection:
        connection.execute(text("UPDATE significant_events SET who = 'someone else' WHERE seq = 3"))
    code, _, err = run("verify", "--db", db)
    assert code == 1
    assert "significant event 3 (table_opened of hrd) was altered" in err
    code, _, err = run("verify", "hrd", "--db", db)
    assert code == 1 and "significant event 3 (table_opened of hrd) was altered" in err
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM significant_events WHERE seq = 1"))
    code, _, err = run("verify", "--db", db)
    assert code == 1 and "entry 1 of the log was deleted" in err
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO significant_events (seq, at, who, kind, subject, before_json, "
                "after_json, words, prev_hash, hash) SELECT 4, at, who, kind, subject, "
                "before_json, after_json, 'forged', hash, hash FROM significant_events "
                "WHERE seq = 3"
            )
        )
    code, _, err = run("verify", "--db", db)
    assert code == 1
    assert "significant event 4 (table_opened of hrd) was altered" in err
    assert "its head names 4 entries (5 found)" in err
    engine.dispose()


def test_selfcheck_from_the_command_line(db: str, tmp_path: Path) -> None:
    package = tmp_path / "croupier"
    package.mkdir()
    built_copy(package)
    code, out, _ = run("selfcheck", "--db", db, "--package", str(package), "--by", "Ray, IT")
    assert code == 0 and out.startswith("self-verification passed: all ")
    (package / "ledger" / "audit.py").write_text("# replaced\n")
    code, _, err = run("selfcheck", "--db", db, "--package", str(package))
    assert code == 1
    assert "  - ledger/audit.py: changed (sha256 " in err
    assert "no table deals a new round until a self-check passes (GLI-19 2.3.2)" in err
    code, out, _ = run("report", "events", "--db", db, "--json", "--kind", "selfcheck")
    checks = json.loads(out)["events"]
    assert [(c["who"], c["after"]["passed"]) for c in checks] == [
        ("Ray, IT", True),
        ("the operator (command line)", False),
    ]
    assert checks[1]["after"]["differences"][0].startswith("ledger/audit.py: changed")


def test_a_game_a_paytable_and_a_player_from_the_command_line(db: str) -> None:
    code, out, _ = run("players", "add", "ann", "--db", db)
    ann = json.loads(out)["id"]
    for thing, subject, words in (
        ("game", "high-roll-dice", "game high-roll-dice"),
        ("paytable", "hrd/1", "version 1 of table hrd's Rules Submission (its paytable)"),
        ("player", ann, f"player {ann}"),
    ):
        code, out, err = run(
            "disable", thing, subject, "--by", "Pat", "--reason", "a review", "--db", db
        )
        assert (code, out) == (0, f"{words} is disabled\n"), err
        code, out, err = run("enable", thing, subject, "--by", "Pat", "--db", db)
        assert (code, out) == (0, f"{words} is enabled\n"), err
    code, _, err = run("disable", "paytable", "hrd/7", "--by", "Pat", "--reason", "r", "--db", db)
    assert code == 2 and "no paytable 'hrd/7'" in err
    code, out, _ = run("report", "events", "--db", db, "--json", "--subject", ann)
    kinds = [e["kind"] for e in json.loads(out)["events"]]
    assert kinds == ["role_granted", "player_disabled", "player_enabled"]


def test_serve_checks_the_files_at_start(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`croupier serve` records a self-check (by the system) before its workers start;
    with --no-selfcheck it records none."""
    import uvicorn

    from croupier.cli.server import DB_VARIABLE, SELFCHECK_VARIABLE

    for variable in (DB_VARIABLE, SELFCHECK_VARIABLE):
        monkeypatch.setenv(variable, "")  # restored after the test
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    code, _, err = run("serve", "--db", db, "--no-starter-tables", "--no-selfcheck")
    assert code == 0, err
    code, out, _ = run("report", "events", "--db", db, "--json", "--kind", "selfcheck")
    assert json.loads(out)["events"] == []
    code, _, err = run("serve", "--db", db, "--no-starter-tables")
    assert code == 0, err
    code, out, _ = run("report", "events", "--db", db, "--json", "--kind", "selfcheck")
    [check] = json.loads(out)["events"]
    assert check["who"] == "system" and check["subject"] == "critical files"


def test_serve_without_the_check_says_a_failed_one_still_stops_the_tables(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed self-check stands through a restart with --no-selfcheck (not checking is
    not a pass, GLI-19 2.3.2): serve says so at start, and how to clear it."""
    import uvicorn

    from croupier.cli.server import DB_VARIABLE, SELFCHECK_VARIABLE

    for variable in (DB_VARIABLE, SELFCHECK_VARIABLE):
        monkeypatch.setenv(variable, "")
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    empty = tmp_path / "no-croupier"
    empty.mkdir()
    code, _, _ = run("selfcheck", "--db", db, "--by", "Pat", "--package", str(empty))
    assert code == 1
    code, _, err = run("serve", "--db", db, "--no-starter-tables", "--no-selfcheck")
    assert code == 0, err
    assert "warning: no round is dealt: the self-verification of" in err
    assert "--no-selfcheck does not clear it" in err and "croupier selfcheck" in err
    built = tmp_path / "croupier"
    built.mkdir()
    built_copy(built)
    code, _, err = run("selfcheck", "--db", db, "--by", "Pat", "--package", str(built))
    assert code == 0, err
    code, _, err = run("serve", "--db", db, "--no-starter-tables", "--no-selfcheck")
    assert code == 0 and "warning" not in err, err
