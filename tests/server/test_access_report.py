"""The user access report (GLI-19 2.8.9): who signed in, players and staff, when and from
where, each failed sign-in (an id that is no account's too) and each lock, through the
API (admin) and `croupier report access`."""

from __future__ import annotations

import json

from server_api import Api, Clock
from typer.testing import CliRunner

from croupier.cli import app as cli

MINUTE = 60


def test_gli_19_2_8_9_the_access_report(db_url: str) -> None:
    url = db_url
    api = Api(url, clock=Clock())  # noon UTC, Sunday 29 November 2026
    try:
        ann_id, ann = api.player("ann")
        dee_id, dee = api.player("dee", role="dealer")
        token = ann["Authorization"].removeprefix("Bearer ")
        right = {"player_id": ann_id, "token": token}
        wrong = {"player_id": ann_id, "token": "guess"}
        assert api.client.post("/sessions", json=right).status_code == 201  # 12:00
        assert api.clock is not None
        api.clock.advance(5 * MINUTE)
        for _ in range(3):  # 12:05: three failures lock the account
            assert api.client.post("/sessions", json=wrong).status_code == 401
        r = api.client.post("/sessions", json={"player_id": "nobody-at-all", "token": "x"})
        assert r.status_code == 401
        api.clock.advance(MINUTE)
        assert api.client.post(f"/players/{ann_id}/unlock", headers=api.admin).status_code == 200
        assert api.client.get("/players/me", headers=dee).status_code == 200  # 12:06

        r = api.client.get("/reports/access", headers=api.admin)
        assert r.status_code == 200, r.text
        accounts = {a["player_id"]: a for a in r.json()["accounts"]}
        ann_row = accounts[ann_id]
        assert (ann_row["name"], ann_row["role"]) == ("ann", "player")
        assert ann_row["created_at"] is not None
        assert ann_row["last_access"] == "2026-11-29T12:00:00+00:00"
        assert ann_row["last_address"] == "testclient"
        assert [(line["what"], line["at"], line["address"]) for line in ann_row["lines"]] == [
            ("session", "2026-11-29T12:00:00+00:00", "testclient"),
            ("failed sign-in", "2026-11-29T12:05:00+00:00", "testclient"),
            ("failed sign-in", "2026-11-29T12:05:00+00:00", "testclient"),
            ("failed sign-in", "2026-11-29T12:05:00+00:00", "testclient"),
            ("locked", "2026-11-29T12:05:00+00:00", ""),
            ("unlocked", "2026-11-29T12:06:00+00:00", ""),
        ]
        admin_id = api.client.get("/players/me", headers=api.admin).json()["id"]
        assert ann_row["lines"][-1]["why"] == admin_id  # who unlocked it
        # Staff are in it too, with what their role may do.
        assert accounts[dee_id]["role"] == "dealer"
        assert "disables a table" in accounts[dee_id]["functions"]
        assert accounts[dee_id]["last_access"] == "2026-11-29T12:06:00+00:00"
        # The id that is no account's, with its failed sign-in.
        nobody = accounts["nobody-at-all"]
        assert nobody["role"] == "" and [line["what"] for line in nobody["lines"]] == [
            "failed sign-in"
        ]
        # Only an admin reads it.
        assert api.client.get("/reports/access", headers=dee).status_code == 403
        r = api.client.get(
            "/reports/access",
            params={"player_id": ann_id, "since": "2026-11-29T12:05:30+00:00"},
            headers=api.admin,
        )
        [only] = r.json()["accounts"]
        # Her session began before the interval and was still open in it: it is listed.
        assert [line["what"] for line in only["lines"]] == ["session", "unlocked"]
    finally:
        api.close()

    result = CliRunner().invoke(cli, ["report", "access", "--db", url, "--player", ann_id])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "User access (GLI-19 2.8.9): 1 account"
    assert lines[3:] == [
        f"ann ({ann_id}), player",
        "  may: sits at tables and plays; sets his own limits, suspends or excludes himself; "
        "recalls his own rounds",
        lines[5],
        "  last access: 2026-11-29 12:00:00 UTC from testclient",
        "  2026-11-29 12:00:00 UTC  session from testclient, still open",
        "  2026-11-29 12:05:00 UTC  failed sign-in from testclient",
        "  2026-11-29 12:05:00 UTC  failed sign-in from testclient",
        "  2026-11-29 12:05:00 UTC  failed sign-in from testclient",
        "  2026-11-29 12:05:00 UTC  locked by system",
        lines[12],
    ]
    assert lines[5].startswith("  created: 2026-") and lines[12].endswith(f"unlocked by {admin_id}")
    result = CliRunner().invoke(cli, ["report", "access", "--db", url, "--json"])
    ids = [a["player_id"] for a in json.loads(result.output)["accounts"]]
    assert ann_id in ids and dee_id in ids and "nobody-at-all" in ids
