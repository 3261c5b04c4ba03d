"""Disabling and enabling a table, a game, a paytable (a Rules Submission version) and a
player (GLI-19 2.4.1, 4.15; issue #32), through the API, on SQLite and PostgreSQL: the
round in progress finishes; the next is refused in words naming what is disabled, by
whom and the rule, and nothing changes; each step is a significant event with the values
before and after; the floor (dealer) may disable a table, only an admin enables or
disables anything else (docs/interpretations.md, "Who disables")."""

from __future__ import annotations

from typing import Any

import pytest
from server_api import Api, ScriptedRng
from sqlalchemy.orm import Session

from croupier.ledger import disabling

HRD_DICE = (5, 5, 5, 1, 2, 3, 4, 6, 2, 3)
"""Ten dice that settle a High Roll Dice round (tests/server/test_money_audit.py)."""


def _setup(api: Api) -> tuple[str, dict[str, str], dict[str, str]]:
    api.table()
    ann, auth = api.player("ann", deposit=5_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(auth, 2)
    return ann, auth, dealer


def _finish(api: Api, scripted: ScriptedRng, dealer: dict[str, str]) -> Any:
    scripted.dice(*HRD_DICE)
    r = api.send(dealer, {"type": "AnnounceNoMoreBets"})
    assert r.status_code == 200, r.text
    return r.json()


def _set(
    api: Api, who: dict[str, str], thing: str, subject: str, disabled: bool, reason: str = ""
) -> Any:
    return api.client.post(
        "/disabled",
        json={"thing": thing, "subject": subject, "disabled": disabled, "reason": reason},
        headers=who,
    )


def _events(api: Api, **query: Any) -> list[dict[str, Any]]:
    r = api.client.get("/significant-events", params=query, headers=api.admin)
    assert r.status_code == 200, r.text
    events: list[dict[str, Any]] = r.json()["events"]
    return events


def test_a_disabled_table_finishes_its_round_then_deals_no_other(
    api: Api, scripted: ScriptedRng
) -> None:
    # GLI-19 2.8.8 unavailability: a table disabled and enabled is recorded with its time.
    _, ann, dealer = _setup(api)
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200  # round hrd-1
    r = _set(api, dealer, "table", "hrd", True, "a die found chipped")  # the floor may
    assert r.status_code == 200, r.text
    [held] = r.json()["disabled"]
    assert (held["thing"], held["subject"]) == ("table", "hrd")
    assert held["reason"] == "a die found chipped"
    assert held["by"].startswith("dee (")
    # The round in progress finishes.
    assert _finish(api, scripted, dealer)["round_status"] == "completed"
    before = api.snapshot()
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 409
    problem = r.json()
    assert problem["cite"] == "GLI-19 2.4.1"
    assert problem["detail"].startswith("table hrd was disabled by dee on ")
    assert (
        "(a die found chipped): table hrd opens no new round until it is enabled"
        in (problem["detail"])
    )
    assert api.snapshot() == before  # nothing changed
    view = api.client.get("/tables/hrd/view", headers=ann).json()
    assert view["legal_commands"] == []  # the table offers nothing to send
    # The floor disables, only an admin enables.
    r = _set(api, dealer, "table", "hrd", False)
    assert r.status_code == 403 and "needs the role admin, not dealer" in r.json()["detail"]
    assert _set(api, api.admin, "table", "hrd", False).status_code == 200
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
    disabled, enabled = _events(api, subject="hrd", kind=["table_disabled", "table_enabled"])
    assert disabled["before"] == {"disabled": False}
    assert disabled["after"] == {"disabled": True, "reason": "a die found chipped"}
    assert disabled["words"].endswith("disabled table hrd: a die found chipped")
    assert enabled["before"]["disabled"] is True
    assert enabled["before"]["reason"] == "a die found chipped"
    assert enabled["before"]["by"] == disabled["who"]
    assert enabled["after"] == {"disabled": False}
    assert enabled["who"].startswith("admin (")


def test_a_disabled_game_and_a_disabled_paytable(api: Api, scripted: ScriptedRng) -> None:
    _, ann, dealer = _setup(api)
    _, player = api.player("pat")
    assert _set(api, player, "game", "high-roll-dice", True, "x").status_code == 403
    assert _set(api, dealer, "game", "high-roll-dice", True, "x").status_code == 403
    r = _set(api, api.admin, "game", "high-roll-dice", True, "a paytable recall by the Board")
    assert r.status_code == 200, r.text
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 409
    assert r.json()["detail"].startswith("game high-roll-dice was disabled by admin on ")
    assert _set(api, api.admin, "game", "high-roll-dice", False).status_code == 200
    # A paytable: version 1 of the table's Rules Submission (the one in force).
    r = _set(api, api.admin, "paytable", "hrd/1", True, "to be replaced by version 2")
    assert r.status_code == 200, r.text
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 409
    assert r.json()["detail"].startswith(
        "version 1 of table hrd's Rules Submission (its paytable) was disabled by admin on "
    )
    r = _set(api, api.admin, "paytable", "hrd/9", True, "no such")
    assert r.status_code == 404 and "a paytable is named <table>/<version>" in r.json()["detail"]
    r = _set(api, api.admin, "paytable", "hrd/1", True, "again")
    assert r.status_code == 409 and "it is disabled already" in r.json()["detail"]
    assert _set(api, api.admin, "paytable", "hrd/1", False).status_code == 200
    r = _set(api, api.admin, "paytable", "hrd/1", False)
    assert r.status_code == 409 and "is not disabled" in r.json()["detail"]
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
    kinds = [e["kind"] for e in _events(api) if e["kind"].startswith(("game", "paytable"))]
    assert kinds == ["game_disabled", "game_enabled", "paytable_disabled", "paytable_enabled"]


def test_a_disabled_player_finishes_his_round_and_plays_no_other(
    api: Api, scripted: ScriptedRng
) -> None:
    # GLI-19 2.8.8 account deactivation: a player disabled is recorded.
    ann_id, ann, dealer = _setup(api)
    bob_id, bob = api.player("bob", deposit=5_000)
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200  # round hrd-1
    assert _set(api, dealer, "player", ann_id, True, "x").status_code == 403
    r = _set(api, api.admin, "player", ann_id, True, "asked by the player")
    assert r.status_code == 200, r.text
    assert _set(api, api.admin, "player", bob_id, True, "under review").status_code == 200
    # Ann has a wager in the round in progress: she may add to it and see it settled.
    assert api.wager(ann, 2, "pip_street:six", 500).status_code == 200
    assert _finish(api, scripted, dealer)["round_status"] == "completed"
    before = api.snapshot()
    r = api.wager(ann, 2, "pip_street:five", 500)  # a new round
    assert r.status_code == 403
    problem = r.json()
    assert problem["cite"] == "GLI-19 2.4.1; GLI-19 4.15.1"
    assert problem["detail"].startswith(
        "you may not wager in round hrd-2: your account was disabled by admin on "
    )
    assert "(asked by the player); a round you are playing finishes" in problem["detail"]
    assert api.snapshot() == before
    assert api.client.get("/tables/hrd/view", headers=ann).json()["legal_commands"] == []
    r = api.client.post("/tables/hrd/seats", json={"seat": 3}, headers=bob)
    assert r.status_code == 403
    assert r.json()["detail"].startswith("you may not take a seat at table hrd: your account")
    assert _set(api, api.admin, "player", ann_id, False).status_code == 200
    assert api.wager(ann, 2, "pip_street:five", 500).status_code == 200
    listed = api.client.get("/disabled", headers=dealer).json()["disabled"]
    assert [(d["thing"], d["subject"]) for d in listed] == [("player", bob_id)]
    assert api.client.get("/disabled", headers=ann).status_code == 403
    kinds = [e["kind"] for e in _events(api, subject=ann_id)]
    assert kinds == ["role_granted", "player_disabled", "player_enabled"]


def test_disabling_in_the_ledger_refuses_what_is_wrong(api: Api) -> None:
    api.table()
    with Session(api.engine) as session:
        for thing, subject, by, reason, message in (
            ("table", "nope", "a", "r", "no table 'nope'"),
            ("game", "chess", "a", "r", "no game 'chess': the games are high-roll-dice"),
            ("table", "hrd", " ", "r", "names who does it"),
            ("table", "hrd", "a", "", "disabling table hrd gives its reason"),
        ):
            with pytest.raises(disabling.LedgerError, match=message):
                disabling.disable(session, thing, subject, by=by, reason=reason)  # type: ignore[arg-type]
        session.rollback()
        assert disabling.listed(session) == []


@pytest.mark.parametrize("version", ["99999999999999999999999", "²", "1_0", " 1", "-1"])
def test_a_paytable_whose_version_is_not_a_number_is_not_found_never_a_500(
    api: Api, version: str
) -> None:
    # Found by disabling "hrd/99999999999999999999999" (an integer too large for the
    # database) and "hrd/²" (a digit to str.isdigit, not to int): both were a 500.
    api.table()
    before = api.snapshot()
    for disabled in (True, False):
        r = _set(api, api.admin, "paytable", f"hrd/{version}", disabled, "a reason")
        assert r.status_code == 404, r.text
        assert r.json()["detail"] == (
            f"no paytable 'hrd/{version}': a paytable is named <table>/<version> of a "
            "version of the table's Rules Submission (GLI-19 2.4.1)"
        )
    assert api.snapshot() == before
    assert _set(api, api.admin, "paytable", "hrd/1", True, "a reason").status_code == 200


def test_a_refusal_names_who_disabled_without_his_account_id(
    api: Api, scripted: ScriptedRng
) -> None:
    # Found by reading a refusal: "disabled by dee (3845b99f6bc11481)" gave a player the
    # floor's account id, an internal code with which three wrong sign-ins lock the
    # dealer's account (GLI-19 2.5.3(d)). The significant event keeps the id.
    ann_id, ann, dealer = _setup(api)
    dealer_id = api.client.get("/players/me", headers=dealer).json()["id"]
    admin_id = api.client.get("/players/me", headers=api.admin).json()["id"]
    assert _set(api, dealer, "table", "hrd", True, "a die found chipped").status_code == 200
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 409
    assert r.json()["detail"].startswith(
        "table hrd was disabled by dee on 2026-"  # the clock is the real one here
    )
    assert dealer_id not in r.text
    assert _set(api, api.admin, "table", "hrd", False).status_code == 200
    assert _set(api, api.admin, "player", ann_id, True, "asked by the player").status_code == 200
    r = api.wager(ann, 2, "pip_street:five", 500)
    assert r.status_code == 403
    assert "your account was disabled by admin on " in r.json()["detail"]
    assert admin_id not in r.text
    [disabled] = _events(api, kind="table_disabled")
    assert disabled["who"] == f"dee ({dealer_id})"
