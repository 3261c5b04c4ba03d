"""Suspension and self-exclusion (814a.2), the daily time limit, sessions and their
figures (814a.1, 812a.9), lockout after failed sign-ins (GLI-19 2.5.3(d)) and sign-in
again after 30 minutes idle (GLI-19 2.5.4), with the server's clock moved by the test.

The clock starts at noon UTC on Sunday 29 November 2026. Rounds are High Roll Dice with
the dice 6-6-6-6-6-2-3-4-5-1 (six wins with five; a Pip Street ace loses, 675a.5(a)).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from server_api import Api, Clock, ScriptedRng
from sqlalchemy.orm import Session

from croupier.ledger.significant_events import Kind, significant_events
from croupier.server.addresses import FORWARDED_FOR, TrustedProxies

MINUTE, HOUR = 60, 3600
LOSING = (6, 6, 6, 6, 6, 2, 3, 4, 5, 1)


@pytest.fixture
def table(db_url: str, scripted: ScriptedRng) -> Iterator[dict[str, Any]]:
    api = Api(db_url, rng=scripted, clock=Clock(), idle_timeout=timedelta(minutes=30))
    api.table()
    ann_id, ann = api.player("ann", deposit=100_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    yield {"api": api, "ann_id": ann_id, "ann": ann, "dealer": dealer, "dice": scripted}
    api.close()


def wager(t: dict[str, Any], spot: str = "pip_street:ace", amount: int = 500) -> Any:
    return t["api"].wager(t["ann"], 1, spot, amount)


def settle(t: dict[str, Any]) -> None:
    t["dice"].dice(*LOSING)
    r = t["api"].send(t["dealer"], {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200 and r.json()["round_status"] == "completed", r.text


def status(t: dict[str, Any], auth: dict[str, str], **body: Any) -> Any:
    return t["api"].client.post(f"/players/{t['ann_id']}/status", json=body, headers=auth)


def test_a_suspended_player_finishes_his_round_then_may_not_wager_or_sit(
    table: dict[str, Any],
) -> None:
    t, api = table, table["api"]
    assert wager(t).status_code == 200  # in the round in progress
    r = status(t, t["ann"], status="suspended", hours=24)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "suspended"
    assert wager(t, "like_kind:4").status_code == 200  # the round in progress finishes
    settle(t)
    before = api.snapshot()
    r = wager(t)
    assert r.status_code == 403
    assert r.json()["detail"] == (
        "your play is suspended until 12:00 on Monday 30 November 2026, UTC: no seat and "
        "no wager until then (814a.2)"
    )
    assert api.snapshot() == before
    api.client.delete("/tables/hrd/seats/1", headers=t["ann"])
    r = api.client.post("/tables/hrd/seats", json={"seat": 2}, headers=t["ann"])
    assert r.status_code == 403 and "suspended" in r.json()["detail"]
    api.clock.advance(24 * HOUR)  # the suspension is over
    sign_in(t)
    seat = api.client.post("/tables/hrd/seats", json={"seat": 2}, headers=t["ann"])
    assert seat.status_code == 201, seat.text
    assert api.wager(t["ann"], 2, "pip_street:ace", 500).status_code == 200


def test_a_self_exclusion_lasts_until_an_admin_lifts_it(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert status(t, t["ann"], status="self-excluded").status_code == 200
    r = wager(t)
    assert r.status_code == 403
    assert r.json()["detail"] == (
        "you have excluded yourself from play until an admin lifts it: no seat and no "
        "wager until then (814a.2)"
    )
    deposit = api.client.post(
        f"/players/{t['ann_id']}/deposits", json={"amount": 100}, headers={**api.admin, **api.key()}
    )
    assert deposit.status_code == 403  # no new deposits while excluded (GLI-19 2.5.5)
    lift = f"/players/{t['ann_id']}/status"
    assert api.client.delete(lift, headers=t["ann"]).status_code == 403
    api.clock.advance(400 * 24 * HOUR)
    sign_in(t)
    assert wager(t).status_code == 403  # no end of its own
    assert api.client.delete(lift, headers=api.admin).status_code == 200
    assert wager(t).status_code == 200
    with Session(api.engine) as session:
        found = significant_events(session, kinds=[Kind.PLAYER_STATUS_CHANGED])
    assert [(e.before["status"], e.after["status"]) for e in found] == [
        ("active", "self-excluded"),
        ("self-excluded", "active"),
    ]


def test_the_daily_time_limit_lets_the_round_in_progress_finish(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    r = api.client.put(f"/players/{t['ann_id']}/limits", json={"time_daily": 1}, headers=t["ann"])
    assert r.status_code == 200 and r.json()["words"]["time_daily"] == "1 minute"
    api.clock.advance(30)  # her session began at her first request, at noon
    assert wager(t).status_code == 200  # 30 s played; betting closes 60 s after it
    api.clock.advance(40)  # 70 s played: past the limit
    assert wager(t, "like_kind:4").status_code == 200  # in the round in progress
    settle(t)
    before = api.snapshot()
    r = wager(t)
    assert r.status_code == 409
    assert r.json()["detail"] == (
        "your daily time limit of 1 minute is reached: the round in progress may finish, "
        "and no new round until it resets at midnight on Monday 30 November 2026, UTC (814a.2)"
    )
    assert api.snapshot() == before
    api.clock.advance(12 * HOUR)  # the next gaming day; she signs in again (idle)
    sign_in(t)
    assert wager(t).status_code == 200


def sign_in(t: dict[str, Any]) -> None:
    r = t["api"].client.post("/sessions", json={"player_id": t["ann_id"], "token": token(t)})
    assert r.status_code == 201, r.text


def token(t: dict[str, Any]) -> str:
    value: str = t["ann"]["Authorization"].removeprefix("Bearer ")
    return value


def test_three_failed_sign_ins_lock_the_account_for_30_minutes(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    wrong = {"player_id": t["ann_id"], "token": "not-hers"}
    wrong_answer = (
        "that player id and token were not accepted: they do not match an account, or 3 "
        "failed sign-ins to the account from this address within 30 minutes have locked "
        "its sign-ins from this address for 30 minutes (GLI-19 2.5.3(d))"
    )
    first = api.client.post("/sessions", json=wrong)
    assert first.status_code == 401
    assert first.json()["detail"] == wrong_answer
    api.clock.advance(10 * MINUTE)
    second = api.client.post("/sessions", json=wrong)
    assert second.status_code == 401
    assert second.json()["detail"] == wrong_answer
    api.clock.advance(10 * MINUTE)
    # The third locks the account, yet a wrong token is answered as every wrong token is
    # (issue #32: the answer tells nobody which ids are accounts, or which are locked).
    third = api.client.post("/sessions", json=wrong)
    assert third.status_code == 401 and third.json()["detail"] == wrong_answer
    # The right token from the locked address is answered as a wrong one (issue #34: a
    # guesser there must not learn that a guess was right, and sign in from elsewhere).
    right = {"player_id": t["ann_id"], "token": token(t)}
    refused = api.client.post("/sessions", json=right)
    assert refused.status_code == 401 and refused.json()["detail"] == wrong_answer
    # Found by a hostile trial: anyone who knows her id could lock her out of the round she
    # was playing. The lock stops sign-ins; the session her own token carries goes on.
    assert api.client.get("/players/me", headers=t["ann"]).status_code == 200
    api.clock.advance(29 * MINUTE)  # the right token refused above did not lengthen it
    assert api.client.post("/sessions", json=right).status_code == 401
    api.clock.advance(MINUTE)  # 12:50
    assert api.client.post("/sessions", json=right).status_code == 201
    assert wager(t).status_code == 200
    with Session(api.engine) as session:
        kinds = [e.kind for e in significant_events(session, subject=t["ann_id"])]
        # The account was created with its role, then failed three times and was locked.
        assert kinds == [Kind.ROLE_GRANTED] + [Kind.LOGIN_FAILED] * 3 + [Kind.ACCOUNT_LOCKED]
        # GLI-19 2.8.8: each failed login is recorded with the address it came from (the
        # test client's own).
        failed = significant_events(session, subject=t["ann_id"], kinds=[Kind.LOGIN_FAILED])
        assert [e.after["address"] for e in failed] == ["testclient"] * 3


def test_a_stranger_locks_only_his_own_address(table: dict[str, Any]) -> None:
    """Issue #34: anyone who read an account's id could lock its owner out with three
    wrong tokens. The lock is kept per address (docs/interpretations.md, "A lockout locks
    the source"): three failures from one address lock that address, and the owner signs
    in from his own; the stranger's address stays locked, even with the right token."""
    t, api = table, table["api"]
    # The test client's peer is named a proxy, so X-Forwarded-For gives each source.
    api.client.app.state.trusted_proxies = TrustedProxies.of(["testclient"])
    stranger, owner = {FORWARDED_FOR: "203.0.113.9"}, {FORWARDED_FOR: "198.51.100.7"}
    wrong = {"player_id": t["ann_id"], "token": "not-hers"}
    right = {"player_id": t["ann_id"], "token": token(t)}
    for _ in range(3):
        assert api.client.post("/sessions", json=wrong, headers=stranger).status_code == 401
    assert api.client.post("/sessions", json=right, headers=owner).status_code == 201
    assert wager(t).status_code == 200
    refused = api.client.post("/sessions", json=right, headers=stranger)
    guessed = api.client.post("/sessions", json=wrong, headers=stranger)
    # No oracle: from the locked address a right guess reads as a wrong one.
    assert refused.status_code == guessed.status_code == 401, refused.text
    assert refused.json()["detail"] == guessed.json()["detail"]
    # The owner's own failures count apart: two from his address lock nothing.
    for _ in range(2):
        assert api.client.post("/sessions", json=wrong, headers=owner).status_code == 401
    assert api.client.post("/sessions", json=right, headers=owner).status_code == 201
    api.clock.advance(30 * MINUTE)  # 30 minutes after the stranger's third failure
    assert api.client.post("/sessions", json=right, headers=stranger).status_code == 201
    with Session(api.engine) as session:
        locks = significant_events(session, subject=t["ann_id"], kinds=[Kind.ACCOUNT_LOCKED])
        assert [e.after for e in locks] == [
            {"locked_until": "2026-11-29T12:30:00+00:00", "address": "203.0.113.9"}
        ]


def test_failed_sign_ins_30_minutes_apart_do_not_lock(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    wrong = {"player_id": t["ann_id"], "token": "not-hers"}
    for _ in range(2):
        assert api.client.post("/sessions", json=wrong).status_code == 401
    api.clock.advance(30 * MINUTE)
    assert api.client.post("/sessions", json=wrong).status_code == 401  # 1 within 30 minutes


def test_an_admin_unlocks_an_account(table: dict[str, Any]) -> None:
    # GLI-19 2.5.3(d): the admin's unlock stands in for the multi-factor unlock.
    t, api = table, table["api"]
    wrong = {"player_id": t["ann_id"], "token": "not-hers"}
    right = {"player_id": t["ann_id"], "token": token(t)}
    for _ in range(3):
        api.client.post("/sessions", json=wrong)
    assert api.client.post("/sessions", json=right).status_code == 401
    r = api.client.post(f"/players/{t['ann_id']}/unlock", headers=t["ann"])
    assert r.status_code == 403
    assert api.client.post(f"/players/{t['ann_id']}/unlock", headers=api.admin).status_code == 200
    assert api.client.post("/sessions", json=right).status_code == 201
    assert wager(t).status_code == 200
    # Found by one more wrong token just after the unlock: the three failures before it
    # still counted, so the fourth locked the account again at once. The count starts
    # again at the unlock.
    again = api.client.post("/sessions", json=wrong)
    assert again.status_code == 401
    assert again.json()["cite"] == "GLI-19 2.5.3(d)"
    assert api.client.post("/sessions", json=right).status_code == 201  # not locked


def test_after_30_minutes_idle_the_player_signs_in_again(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert wager(t).status_code == 200
    settle(t)
    api.clock.advance(30 * MINUTE)  # exactly 30 minutes: still live
    assert api.client.get("/players/me", headers=t["ann"]).status_code == 200
    api.clock.advance(30 * MINUTE + 1)
    before = api.snapshot()
    r = wager(t)
    assert r.status_code == 401
    assert r.json()["detail"] == (
        "no activity for 30 minutes since 12:30 on Sunday 29 November 2026, UTC: sign in "
        "again to go on playing (GLI-19 2.5.4)"
    )
    assert api.snapshot() == before
    r = api.client.post("/sessions", json={"player_id": t["ann_id"], "token": token(t)})
    assert r.status_code == 201, r.text
    body = r.json()
    # The previous session (812a.9): from her first request at noon to her last at 12:30.
    assert body["previous_started_at"] == "2026-11-29T12:00:00Z"
    assert body["previous_ended_at"] == "2026-11-29T12:30:00Z"
    assert wager(t).status_code == 200


def test_the_session_figures_count_from_the_sign_in(table: dict[str, Any]) -> None:
    t, api = table, table["api"]
    assert wager(t).status_code == 200
    settle(t)  # $5 wagered and lost before the sign-in
    api.clock.advance(MINUTE)
    r = api.client.post("/sessions", json={"player_id": t["ann_id"], "token": token(t)})
    assert r.status_code == 201
    assert wager(t, amount=700).status_code == 200
    assert wager(t, "like_kind:4", 700).status_code == 200  # equal to it (675a.2(e)(2))
    settle(t)
    api.clock.advance(20 * MINUTE)
    now = api.client.get("/sessions/current", headers=t["ann"]).json()
    assert now["elapsed_seconds"] == 20 * MINUTE
    assert now["wagered_since_login"] == 1_400
    assert now["reminder"] == (
        "Reminder: you have played for 20 minutes and wagered $14.00 since you signed in "
        "at 12:01 UTC."
    )
    assert now["reminder_minutes"] == 60
    r = api.client.put(f"/players/{t['ann_id']}/reminders", json={"minutes": 15}, headers=t["ann"])
    assert r.status_code == 200
    assert api.client.get("/sessions/current", headers=t["ann"]).json()["reminder_minutes"] == 15
    # Reading the figures is no activity: 31 minutes after her last request (the
    # reminders' change), the session has gone idle though she read them meanwhile.
    api.clock.advance(29 * MINUTE)
    assert api.client.get("/sessions/current", headers=t["ann"]).status_code == 200
    api.clock.advance(2 * MINUTE)
    assert api.client.get("/sessions/current", headers=t["ann"]).status_code == 401


def test_a_player_may_lengthen_but_never_shorten_his_own_exclusion(
    table: dict[str, Any],
) -> None:
    # 814a.2: only an admin lifts a self-exclusion or a suspension sooner. Found by
    # excluding oneself, then asking for a one-hour suspension and playing an hour later.
    t, api = table, table["api"]
    assert status(t, t["ann"], status="self-excluded").status_code == 200
    for shorter in ({"status": "self-excluded", "days": 1}, {"status": "suspended", "hours": 1}):
        r = status(t, t["ann"], **shorter)
        assert r.status_code == 409, r.text
        assert r.json()["detail"] == (
            "your self-exclusion runs until an admin lifts it: you may lengthen it, never "
            "shorten it; only an admin lifts it sooner (814a.2)"
        )
    api.clock.advance(2 * HOUR)
    sign_in(t)
    assert wager(t).status_code == 403
    lift = f"/players/{t['ann_id']}/status"
    assert api.client.delete(lift, headers=api.admin).status_code == 200
    # A two-day suspension (until 14:00 on Tuesday 1 December) may become three days or
    # a self-exclusion, never one day.
    assert status(t, t["ann"], status="suspended", days=2).status_code == 200
    r = status(t, t["ann"], status="suspended", days=1)
    assert r.status_code == 409
    assert r.json()["detail"].startswith("your suspension runs until 14:00 on Tuesday 1 Dec")
    assert status(t, t["ann"], status="suspended", days=3).status_code == 200
    assert status(t, t["ann"], status="self-excluded").status_code == 200
    with Session(api.engine) as session:
        found = significant_events(session, kinds=[Kind.PLAYER_STATUS_CHANGED])
    assert [e.after["status"] for e in found] == [
        "self-excluded",
        "active",
        "suspended",
        "suspended",
        "self-excluded",
    ]


@pytest.mark.parametrize(
    ("idle", "said"),
    [(timedelta(seconds=15), "15 seconds"), (timedelta(seconds=90), "1 minute 30 seconds")],
)
def test_an_idle_limit_under_a_minute_is_said_exactly(
    db_url: str, idle: timedelta, said: str
) -> None:
    """A hostile tester: ``--idle-minutes 0.25`` refused "no activity for 0 minutes". The
    refusal says the limit as set."""
    api = Api(db_url, clock=Clock(), idle_timeout=idle)
    try:
        _, ann = api.player("ann")
        assert api.client.get("/players/me", headers=ann).status_code == 200
        api.clock.advance(idle.total_seconds() + 1)  # type: ignore[union-attr]
        r = api.client.get("/players/me", headers=ann)
        assert r.status_code == 401
        assert r.json()["detail"].startswith(f"no activity for {said} since "), r.text
    finally:
        api.close()


def test_a_suspension_without_its_length_or_with_both_is_a_field_error(
    table: dict[str, Any],
) -> None:
    """A hostile tester: a suspension without its length, or with both hours and days,
    was refused 409 as if the account stood in the way. Each is the field's error: 422
    naming it, nothing changed."""
    t = table
    for body, name in (({}, "hours"), ({"hours": 2, "days": 1}, "days")):
        r = status(t, t["ann"], status="suspended", **body)
        assert r.status_code == 422, r.text
        assert r.json()["cite"] == "http:validation"
        assert [p["loc"] for p in r.json()["problems"]] == [["body", name]]
        assert r.json()["detail"].startswith(f"The field {name}: "), r.text
    assert wager(t).status_code == 200  # not suspended
