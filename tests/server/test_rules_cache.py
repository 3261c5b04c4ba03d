"""The Rules Submission in force, cached per process and table
(:func:`croupier.ledger.versions.in_force`), is current across processes: a version filed,
put in force or withdrawn through one server instance is what the next command at another
instance on the same database (SQLite file, PostgreSQL) deals under. The two instances are
two apps with engines and process caches of their own, as two ``croupier serve``
processes have."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_api import EXAMPLES, Api, ScriptedRng
from sqlalchemy.orm import Session

from croupier.ledger import repository as repo
from croupier.ledger import submissions, versions
from croupier.registry import load_text

SIC_BO = (EXAMPLES / "sic-bo.toml").read_text()
TEN_DOLLARS = SIC_BO.replace("minimum_wager = 500 ", "minimum_wager = 1_000 ")
APPROVAL = {"approved_by": "a Board reviewer", "approval_reference": "BR-2026-117"}


@pytest.fixture
def other(db_url: str, api: Api) -> Iterator[Api]:
    """A second server instance on ``api``'s database (its own engine and caches)."""
    second = Api(db_url, rng=ScriptedRng())
    yield second
    second.close()


def test_a_filing_at_one_instance_is_dealt_by_the_next_command_at_another(
    api: Api, other: Api, scripted: ScriptedRng
) -> None:
    api.table("sb", EXAMPLES / "sic-bo.toml")
    _, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1, "sb")
    # Round 1 at the first instance, under version 1 ($5 minimum): its cache holds it.
    assert api.wager(ann, 1, "small", 500, table_id="sb").status_code == 200
    scripted.dice(2, 3, 5)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    with Session(api.engine) as session:  # the first instance's cache: version 1, 3 steps
        assert repo.process_cache(session).versions["sb"][0] == 3
    # The second instance files a $10 minimum, in force now: submitted, approved and in
    # force, version 1 superseded (4 steps more).
    body = {"rules_toml": TEN_DOLLARS, **APPROVAL}
    r = other.client.post("/tables/sb/rules/versions", json=body, headers=other.admin)
    assert r.status_code == 201 and r.json()["state"] == "in force", r.text
    # The next command at the first instance opens round 2 under version 2: $5 is refused.
    r = api.wager(ann, 1, "small", 500, table_id="sb")
    assert r.status_code == 422 and "$10" in r.text, r.text
    assert api.wager(ann, 1, "small", 1_000, table_id="sb").status_code == 200
    with Session(api.engine) as session:  # version 1 superseded, version 2 in force
        assert repo.process_cache(session).versions["sb"][0] == 7
    scripted.dice(1, 1, 4)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}, table_id="sb").status_code == 200
    # The second instance withdraws version 2: the first deals no round at its next command.
    steps = "/tables/sb/rules/versions/2/steps"
    withdrawal = {"state": "withdrawn", "reason": "the Board ordered the game closed"}
    r = other.client.post(steps, json=withdrawal, headers=other.admin)
    assert r.status_code == 201 and r.json()["state"] == "withdrawn", r.text
    r = api.wager(ann, 1, "small", 1_000, table_id="sb")
    assert r.status_code == 409 and "version 2 was withdrawn" in r.text, r.text
    assert "the Board ordered the game closed" in r.text


def test_what_a_transaction_that_rolls_back_read_stays_out_of_the_cache(api: Api) -> None:
    """Versions read inside a transaction that is then rolled back (its own filing undone)
    never enter the process's cache: the count of steps it saw is not the database's."""
    api.table("sb", EXAMPLES / "sic-bo.toml")
    with Session(api.engine) as session:
        before = repo.process_cache(session).versions.get("sb")
        submissions.submit(session, "sb", load_text(TEN_DOLLARS), by="the floor")
        submissions.approve(session, "sb", 2, by="a reviewer", reference="BR-1")
        submissions.put_in_force(session, "sb", 2, by="the floor")
        assert versions.in_force(session, "sb").version == 2  # this transaction's view
        session.rollback()
    with Session(api.engine) as session:
        assert repo.process_cache(session).versions.get("sb") == before
        assert versions.in_force(session, "sb").version == 1
        session.commit()
        assert repo.process_cache(session).versions["sb"][0] == 3
