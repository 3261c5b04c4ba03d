"""Rules Submissions as versioned records through the table server (SQLite and
PostgreSQL): a new version, approved, with its effective moment and filer; the round in
progress ends under the version it opened with, the next opens under the new one;
superseded versions stay listed; a version approved for a later moment waits for it; what
the rules of versions refuse. (The workflow's every step: test_submission_states.py.)"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from server_api import EXAMPLES, Api, ScriptedRng
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.registry import load_text

SIC_BO = (EXAMPLES / "sic-bo.toml").read_text()
TEN_DOLLARS = SIC_BO.replace("minimum_wager = 500 ", "minimum_wager = 1_000 ")


def versions(api: Api, table: str = "sb") -> list[dict[str, Any]]:
    r = api.client.get(f"/tables/{table}/rules/versions", headers=api.admin)
    assert r.status_code == 200, r.text
    found: list[dict[str, Any]] = r.json()["versions"]
    return found


APPROVAL = {"approved_by": "a Board reviewer", "approval_reference": "BR-2026-117"}


def file(api: Api, toml: str, table: str = "sb", **extra: Any) -> Any:
    """Submit ``toml``, with the Board's approval, to be put in force (``extra``)."""
    body = {"rules_toml": toml, **APPROVAL, **extra}
    return api.client.post(f"/tables/{table}/rules/versions", json=body, headers=api.admin)


def opened_sha(api: Api, round_id: str) -> str:
    r = api.client.get(f"/rounds/{round_id}/replay", headers=api.admin)
    assert r.status_code == 200, r.text
    sha: str = r.json()["events"][0]["event"]["rules_sha256"]
    return sha


def test_a_new_version_waits_for_the_round_in_progress(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    api.table("sb", EXAMPLES / "sic-bo.toml")
    [first] = versions(api)
    assert (first["version"], first["state"], first["filed_by"]) == (1, "in force", "table created")
    assert [(s["state"], s["by"]) for s in first["steps"]] == [
        ("submitted", "the operator, at table setup"),
        ("approved", "the operator, at table setup"),
        ("in force", "the operator, at table setup"),
    ]
    assert first["minimum_wager"] == 500 and first["rounds"] == 0
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "sb")
    # A round is in progress with a $5 wager when the $10 minimum is filed, in force now.
    assert api.wager(ann, 1, "small", 500, table_id="sb").status_code == 200
    r = file(api, TEN_DOLLARS, note="the minimum goes to $10")
    assert r.status_code == 201, r.text
    filed = r.json()
    assert filed["version"] == 2 and filed["state"] == "in force"
    assert filed["minimum_wager"] == 1_000 and filed["filed_by"].startswith("admin (")
    assert filed["rules_sha256"] == load_text(TEN_DOLLARS).sha256()
    assert [(s["state"], s["reference"]) for s in filed["steps"]] == [
        ("submitted", ""),
        ("approved", "BR-2026-117"),
        ("in force", ""),
    ]
    # The round in progress keeps its version: another $5 wager is still taken.
    assert api.wager(ann, 1, "big", 500, table_id="sb").status_code == 200
    scripted.dice(2, 3, 5)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    assert opened_sha(api, "sb-1") == first["rules_sha256"]
    # The next round opens under version 2: $5 is below its minimum, $10 is taken.
    r = api.wager(ann, 1, "small", 500, table_id="sb")
    assert r.status_code == 422 and "$10" in r.text
    assert api.wager(ann, 1, "small", 1_000, table_id="sb").status_code == 200
    assert opened_sha(api, "sb-2") == filed["rules_sha256"]
    table = api.client.get("/tables/sb", headers=api.admin).json()
    assert table["minimum_wager"] == 1_000 and table["rules_sha256"] == filed["rules_sha256"]
    listed = versions(api)
    assert [(v["version"], v["state"], v["rounds"]) for v in listed] == [
        (1, "superseded", 1),
        (2, "in force", 0),
    ]
    assert listed[1]["note"] == "the minimum goes to $10"
    # The command line lists the same versions.
    result = CliRunner().invoke(cli, ["rules", "history", "sb", "--db", db_url, "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(row["version"], row["state"], row["minimum_wager"]) for row in rows] == [
        (1, "superseded", 500),
        (2, "in force", 1_000),
    ]


def test_a_pending_version_and_what_is_refused(api: Api) -> None:
    api.table("sb", EXAMPLES / "sic-bo.toml")
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    r = file(api, TEN_DOLLARS, effective_at=tomorrow)
    assert r.status_code == 201, r.text
    assert r.json()["state"] == "approved"
    assert datetime.fromisoformat(r.json()["effective_at"]) == datetime.fromisoformat(tomorrow)
    assert api.client.get("/tables/sb", headers=api.admin).json()["minimum_wager"] == 500
    assert [v["state"] for v in versions(api)] == ["in force", "approved"]
    # Not before the version before it, not in the past, not another game, admins only.
    r = file(api, SIC_BO, effective_at=(datetime.now(UTC) + timedelta(hours=1)).isoformat())
    assert r.status_code == 409 and "before version 2" in r.text
    assert "server:rules-submission" in r.text
    r = file(api, SIC_BO, effective_at=(datetime.now(UTC) - timedelta(days=1)).isoformat())
    assert r.status_code == 409 and "not before" in r.text
    other = (EXAMPLES / "go-fore-it.toml").read_text()
    r = file(api, other)
    assert r.status_code == 409 and "deals sic-bo" in r.text
    r = file(api, SIC_BO, effective_at="2030-01-01T00:00:00")
    assert r.status_code == 422  # a moment without a zone
    # Put in force with no approval given: refused, naming the rule.
    r = api.client.post(
        "/tables/sb/rules/versions",
        json={"rules_toml": SIC_BO, "effective_at": tomorrow},
        headers=api.admin,
    )
    assert r.status_code == 409 and "only an approved Rules Submission" in r.text
    _, ann = api.player("ann")
    r = api.client.post("/tables/sb/rules/versions", json={"rules_toml": SIC_BO}, headers=ann)
    assert r.status_code == 403
    assert api.client.get("/tables/nope/rules/versions", headers=ann).status_code == 404
    assert len(versions(api)) == 2  # nothing refused was kept


def test_filing_from_the_command_line(api: Api, db_url: str, tmp_path: Any) -> None:
    api.table("sb", EXAMPLES / "sic-bo.toml")
    toml = tmp_path / "ten.toml"
    toml.write_text(TEN_DOLLARS)
    later = (datetime.now(UTC) + timedelta(hours=2)).isoformat()
    db = ["--db", db_url]
    run = CliRunner().invoke
    result = run(
        cli, ["rules", "submit", "sb", str(toml), "--by", "the floor", "--note", "tonight", *db]
    )
    assert result.exit_code == 0, result.output
    assert "version 2" in result.output and "is submitted" in result.output
    # Not in force before it is approved: refused by its file, naming the rule.
    args = ["rules", "file", "sb", str(toml), "--by", "the floor", *db]
    result = run(cli, [*args, "--effective", later])
    assert result.exit_code == 2
    assert "only an approved Rules Submission may be put in force" in result.output
    assert "version 2 is submitted" in result.output
    approve = ["rules", "approve", "sb", "2", "--by", "a Board reviewer", "--reference", "BR-9"]
    result = run(cli, [*approve, *db])
    assert result.exit_code == 0 and "is approved" in result.output, result.output
    result = run(cli, [*args, "--effective", later])
    assert result.exit_code == 0, result.output
    assert "version 2" in result.output
    [_, pending] = versions(api)
    assert (pending["state"], pending["filed_by"], pending["note"]) == (
        "approved",
        "the floor",
        "tonight",
    )
    assert datetime.fromisoformat(pending["effective_at"]) == datetime.fromisoformat(later)
    result = run(cli, [*args, "--effective", "2030-01-01T00:00"])
    assert result.exit_code == 2 and "needs a zone" in result.output
    result = run(cli, [*args[:2], "nope", *args[3:]])
    assert result.exit_code == 2 and "no table 'nope'" in result.output


def test_the_migration_makes_each_tables_first_version(tmp_path: Any) -> None:
    from sqlalchemy import text

    from croupier.ledger.db import make_engine, upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    upgrade(engine, "0006")
    rules = load_text(SIC_BO)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, rules_json, rules_sha256, minimum_wager, "
                "maximum_wager, event_count, head_hash, created_at, settings_json) VALUES "
                "('old', 'sic-bo', :json, :sha, 500, 100000, 0, :head, "
                "'2026-11-01 10:00:00.000000', '{}')"
            ),
            {"json": rules.canonical_json(), "sha": rules.sha256(), "head": "0" * 64},
        )
    upgrade(engine)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT version, rules_sha256, filed_by, effective_at FROM rules_versions")
        ).all()
    engine.dispose()
    assert [tuple(row[:3]) for row in rows] == [(1, rules.sha256(), "table created")]
    assert str(rows[0][3]).startswith("2026-11-01 10:00:00")


def test_a_version_filed_by_nobody_is_refused(migrated_sqlite: Callable[[str], str]) -> None:
    """`rules submit TABLE FILE --by ""` (or only spaces): the history must say who filed
    each version, so a blank name is refused and nothing is filed; the history, in 80
    columns, shows every field whole."""
    url = migrated_sqlite("rules.sqlite")
    api = Api(url)
    try:
        api.table("sb", EXAMPLES / "sic-bo.toml")
    finally:
        api.close()
    for by in ("", "   "):
        args = ["rules", "submit", "sb", str(EXAMPLES / "sic-bo.toml"), "--by", by, "--db", url]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, result.output
        assert "names who files it: the filer may not be left blank" in result.output
    result = CliRunner().invoke(cli, ["rules", "history", "sb", "--db", url, "--json"])
    [row] = json.loads(result.output)
    assert row["version"] == 1
    # In 80 columns the history is cut short nowhere.
    result = CliRunner().invoke(cli, ["rules", "history", "sb", "--db", url], env={"COLUMNS": "80"})
    assert "…" not in result.output
    assert row["effective_at"] in result.output and row["rules_sha256"][:16] in result.output


def test_a_new_tables_first_version_steps_are_written_without_reading_them(
    db_url: str,
) -> None:
    """A table made through the ledger: its version 1 has the three set-up steps, in
    order, each also a significant event naming the state before it; the steps of a
    version made in the same transaction are not read back (no statement reads
    ``rules_version_states`` while the table is made)."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    from croupier.ledger.db import make_engine, upgrade
    from croupier.ledger.significant_events import significant_events
    from croupier.ledger.tables import create_table
    from croupier.ledger.versions import OPERATOR_AT_SETUP, SETUP_REFERENCE, steps

    engine = make_engine(db_url)
    upgrade(engine)
    reads: list[str] = []

    def seen(conn: object, cursor: object, sql: str, *rest: object) -> None:
        if sql.lstrip().upper().startswith("SELECT") and "FROM rules_version_states" in sql:
            reads.append(sql)

    event.listen(engine, "before_cursor_execute", seen)
    with Session(engine) as session:
        create_table(session, "fresh", load_text(SIC_BO))
        session.commit()
    assert reads == []
    with Session(engine) as session:
        from croupier.ledger.models import RulesVersion

        row = session.get(RulesVersion, ("fresh", 1))
        assert row is not None
        assert [(s.seq, s.state, s.reference, s.actor) for s in steps(session, row)] == [
            (1, "submitted", "", OPERATOR_AT_SETUP),
            (2, "approved", SETUP_REFERENCE, OPERATOR_AT_SETUP),
            (3, "in force", "", OPERATOR_AT_SETUP),
        ]
        logged = [e for e in significant_events(session) if e.subject == "fresh/1"]
        assert [(e.before, e.after["state"]) for e in logged] == [
            ({"state": None}, "submitted"),
            ({"state": "submitted"}, "approved"),
            ({"state": "approved"}, "in force"),
        ]
    engine.dispose()
