"""What a round costs the database on the command path (issue #33: server CPU per
command): statements counted at the driver's connection (:class:`croupier.ledger.db.Raw`,
where the command path runs them, below SQLAlchemy's events), on SQLite and PostgreSQL.

A round at a High Roll Dice table is two commands, a player's wager (which opens the
round) and the dealer's "no more bets" (the server throws, calls and settles: the round
ends). The command that ends it adds the round to the hold report's totals of its
gaming day, taken from the command's head query; and since High Roll Dice never opens
a round ahead, nothing is read to ask whether it does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session
from test_games import GameTable

from croupier.ledger import db as ledger_db
from croupier.ledger.db import Raw, Statement
from croupier.ledger.gaming_day import GamingDay, set_gaming_day

WAGER = {"type": "PlaceWager", "seat": 1, "spot": "pip_street:ace", "amount": 500}
NO_MORE_BETS = {"type": "AnnounceNoMoreBets"}


def _count(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each statement the command path runs on its driver connection, from now on."""
    seen: list[str] = []
    execute = Raw.execute

    def counted(self: Raw, statement: Statement, params: dict[str, Any] | None = None) -> Any:
        seen.append(" ".join(statement.sqlite.split()))
        return execute(self, statement, params)

    monkeypatch.setattr(ledger_db.Raw, "execute", counted)
    return seen


def test_a_round_that_ends_reads_no_gaming_day_and_no_rules_again(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = GameTable(db_url, "high-roll-dice", 1)
    days = GamingDay("Etc/GMT-14", 6)  # 06:00 at UTC+14: another date than UTC's, often
    with Session(table.api.engine) as session:
        set_gaming_day(session, days)
        session.commit()
    try:
        seen = _count(monkeypatch)
        for auth, command, key in (
            (table.players[1], WAGER, "w"),
            (table.dealer, NO_MORE_BETS, "n"),
        ):
            r = table.api.send(auth, command, table_id="t", key=key)
            assert r.status_code == 200, r.text
        assert r.json()["round_status"] == "completed"
        heads = [s for s in seen if s.startswith("SELECT t.game, t.event_count")]
        assert len(heads) == 2  # the head query, once a command, reads the gaming day
        assert [s for s in seen if "FROM gaming_day" in s and s not in heads] == []
        assert [s for s in seen if "rules_version_states" in s and s not in heads] == []
        with table.api.engine.connect() as connection:
            ended = connection.execute(
                text("SELECT max(created_at) FROM events WHERE table_id = 't'")
            ).scalar()
            recorded = connection.execute(
                text("SELECT DISTINCT day FROM hold_days WHERE table_id = 't'")
            ).all()
        if isinstance(ended, str):  # SQLite's text
            ended = datetime.fromisoformat(ended)
        local = ended.replace(tzinfo=ended.tzinfo or UTC) + timedelta(hours=14)
        expected = (local - timedelta(hours=6)).date().isoformat()  # the day began at 06:00
        assert [row[0] for row in recorded] == [expected]
    finally:
        table.api.close()
