"""A player's own limits (58 Pa. Code 814a.2) through the API, on SQLite and PostgreSQL,
with the server's clock moved by the test: each limit across its reset, a decrease at
once, an increase only after its period ends and the player confirms it.

The test clock starts at noon UTC on Sunday 29 November 2026 (the gaming day is the UTC
date: no gaming day is set), so the next day is Monday 30 November, which also starts a
new week (weeks start on Monday), and 1 December starts a new month.

Every round here is High Roll Dice (ten dice) with a $5 Pip Street wager on the ace and
the dice 6-6-6-6-6-2-3-4-5-1: six is the winning pip with five, so the ace loses
(675a.5(a)) and the player's loss is the $5 staked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_api import Api, Clock, ScriptedRng

HOUR = 3600
LOSING = (6, 6, 6, 6, 6, 2, 3, 4, 5, 1)


@pytest.fixture
def table(db_url: str, scripted: ScriptedRng) -> Iterator[dict[str, Any]]:
    api = Api(db_url, rng=scripted, clock=Clock())
    api.table()
    ann_id, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    yield {"api": api, "ann_id": ann_id, "ann": ann, "dealer": dealer, "dice": scripted}
    api.close()


def lose_a_round(t: dict[str, Any], amount: int = 500) -> None:
    api = t["api"]
    r = api.wager(t["ann"], 1, "pip_street:ace", amount)
    assert r.status_code == 200, r.text
    t["dice"].dice(*LOSING)
    r = api.send(t["dealer"], {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text


def put(t: dict[str, Any], who: str = "ann", **limits: Any) -> Any:
    api = t["api"]
    auth = t[who] if who == "ann" else api.admin
    return api.client.put(f"/players/{t['ann_id']}/limits", json=limits, headers=auth)


def limits(t: dict[str, Any]) -> dict[str, Any]:
    r = t["api"].client.get(f"/players/{t['ann_id']}/limits", headers=t["ann"])
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def refused(t: dict[str, Any], amount: int, spot: str = "pip_street:ace") -> str:
    """A wager refused: 409 citing 814a.2, and nothing stored or moved."""
    api = t["api"]
    before = api.snapshot()
    r = api.wager(t["ann"], 1, spot, amount)
    assert r.status_code == 409, r.text
    assert r.json()["cite"] == "814a.2"
    assert api.snapshot() == before
    detail: str = r.json()["detail"]
    return detail


def test_a_daily_loss_limit_is_reached_and_resets_at_midnight(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert put(t, loss_daily=1_000).status_code == 200  # none before: in force at once
    lose_a_round(t)
    lose_a_round(t)  # $10 lost today: the limit
    assert refused(t, 500) == (
        "your daily loss limit of $10.00 is reached; it resets at midnight on Monday "
        "30 November 2026, UTC (814a.2)"
    )
    assert limits(t)["totals"]["lost"] == {"daily": 1_000, "weekly": 1_000, "monthly": 1_000}
    api.clock.advance(12 * HOUR)  # midnight: a new gaming day
    assert api.wager(t["ann"], 1, "pip_street:ace", 500).status_code == 200
    assert limits(t)["totals"]["lost"]["daily"] == 500  # the open wager counts until settled


def test_a_weekly_spend_limit_resets_on_monday(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert put(t, spend_weekly=1_500).status_code == 200
    for _ in range(3):
        lose_a_round(t)
    assert refused(t, 500) == (
        "your weekly spend limit of $15.00 is reached; it resets at midnight on Monday "
        "30 November 2026, UTC (814a.2)"
    )
    api.clock.advance(11 * HOUR + 59 * 60)  # 23:59 Sunday: still the same week
    refused(t, 500)
    api.clock.advance(60)  # Monday 00:00
    assert api.wager(t["ann"], 1, "pip_street:ace", 500).status_code == 200


def test_a_monthly_spend_limit_resets_on_the_first(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    api.clock.advance(12 * HOUR)  # Monday 30 November, 00:00
    assert put(t, spend_monthly=1_000).status_code == 200
    lose_a_round(t)
    # $10 more would take the month's wagers to $15.
    assert refused(t, 1_000) == (
        "you may wager $5.00 more under your monthly spend limit of $10.00, not $10.00; "
        "it resets at midnight on Tuesday 1 December 2026, UTC (814a.2)"
    )
    api.clock.advance(24 * HOUR)  # 1 December
    assert api.wager(t["ann"], 1, "pip_street:ace", 1_000).status_code == 200


def test_a_maximum_single_wager(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert put(t, single_wager=500).status_code == 200
    assert refused(t, 1_000) == (
        "a wager of $10.00 is more than your maximum single wager of $5.00 (814a.2)"
    )
    assert api.wager(t["ann"], 1, "pip_street:ace", 500).status_code == 200


def test_a_daily_deposit_limit(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert put(t, deposit_daily=20_000).status_code == 200
    url = f"/players/{t['ann_id']}/deposits"

    def deposit(amount: int) -> Any:
        return api.client.post(url, json={"amount": amount}, headers={**api.admin, **api.key()})

    # The $1,000 deposited at noon counts: the limit is lower than today's deposits.
    before = api.wallets()[t["ann_id"]]
    r = deposit(100)
    assert r.status_code == 409, r.text
    assert r.json()["detail"] == (
        "your daily deposit limit of $200.00 is reached; it resets at midnight on Monday "
        "30 November 2026, UTC (814a.2)"
    )
    assert api.wallets()[t["ann_id"]] == before
    api.clock.advance(12 * HOUR)
    assert deposit(20_000).status_code == 201
    r = deposit(1)
    assert r.status_code == 409 and "$200.00 is reached" in r.json()["detail"]


def test_a_decrease_counts_what_was_lost_before_it(table: dict[str, Any]) -> None:
    t = table
    lose_a_round(t)  # $5 lost with no limit set
    assert put(t, loss_daily=500).status_code == 200
    assert refused(t, 500).startswith("your daily loss limit of $5.00 is reached")


def test_an_increase_waits_for_the_period_end_and_the_players_confirmation(
    table: dict[str, Any],
) -> None:
    # GLI-19 2.5.5: relaxing a self-limit waits (here past the period's end and a confirmation).
    t, api = table, table["api"]
    assert put(t, loss_daily=500).status_code == 200
    lose_a_round(t)
    body = put(t, loss_daily=5_000).json()
    assert body["limits"]["loss_daily"] == 500  # still in force
    assert body["pending"]["loss_daily"] == {
        "value": 5_000,
        "after": "2026-11-30T00:00:00Z",
        "confirmable": False,
    }
    refused(t, 500)
    url = f"/players/{t['ann_id']}/limits/confirm"
    early = api.client.post(url, headers=t["ann"])
    assert early.status_code == 409
    assert early.json()["detail"] == (
        "a raised limit takes effect only after its current period ends: confirm it after "
        "midnight on Monday 30 November 2026, UTC (814a.2)"
    )
    api.clock.advance(12 * HOUR)
    assert limits(t)["limits"]["loss_daily"] == 500  # not without the confirmation
    lose_a_round(t)  # the new day's $5 still fits the old $5 limit
    refused(t, 500)
    r = api.client.post(url, headers=t["ann"])
    assert r.status_code == 200, r.text
    assert r.json()["limits"]["loss_daily"] == 5_000 and r.json()["pending"] == {}
    assert api.wager(t["ann"], 1, "pip_street:ace", 500).status_code == 200


def test_an_admin_lowers_a_limit_but_never_raises_one(table: dict[str, Any]) -> None:
    t = table
    assert put(t, "admin", loss_daily=2_000).status_code == 200
    r = put(t, "admin", loss_daily=3_000)
    assert r.status_code == 409
    assert r.json()["detail"] == (
        "only the player may raise his daily loss limit (from $20.00 to $30.00) (814a.2)"
    )
    assert limits(t)["limits"]["loss_daily"] == 2_000


def test_a_limit_change_is_a_significant_event_with_before_and_after(
    table: dict[str, Any],
) -> None:
    # GLI-19 B.3.2: a change logged with who, what, before, after and when.
    from sqlalchemy.orm import Session

    from croupier.ledger.significant_events import Kind, significant_events

    t, api = table, table["api"]
    put(t, loss_daily=500)
    put(t, loss_daily=800)
    with Session(api.engine) as session:
        found = significant_events(session, kinds=[Kind.PLAYER_LIMITS_CHANGED])
    assert [e.after["limits"]["loss_daily"] for e in found] == [500, 500]
    assert found[0].before["limits"]["loss_daily"] is None
    assert found[1].after["pending"]["loss_daily"]["value"] == 800
    assert "daily loss limit lowered to $5.00 at once" in found[0].words


def test_a_limit_that_is_not_one_is_refused_in_words(table: dict[str, Any]) -> None:
    t = table
    r = put(t, loss_daily=0)
    assert r.status_code == 422
    r = put(t, lose_daily=500)
    assert r.status_code == 422
    assert limits(t)["limits"]["loss_daily"] is None


def test_limits_offered_at_registration(db_url: str) -> None:
    api = Api(db_url, clock=Clock())
    try:
        r = api.client.post(
            "/players/play-money", json={"name": "cy", "limits": {"loss_daily": 2_500}}
        )
        assert r.status_code == 201, r.text
        auth = {"Authorization": f"Bearer {r.json()['token']}"}
        got = api.client.get(f"/players/{r.json()['id']}/limits", headers=auth).json()
        assert got["limits"]["loss_daily"] == 2_500
    finally:
        api.close()
