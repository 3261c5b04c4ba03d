"""Authentication, roles, tables, views, the OpenAPI description and the migrations."""

from __future__ import annotations

import json

from alembic.script import ScriptDirectory
from server_api import EXAMPLES, Api
from sqlalchemy import inspect, text
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger.db import alembic_config, make_engine, upgrade


def test_tokens_and_roles(api: Api) -> None:
    table = api.table()
    pid, ann = api.player("ann", deposit=1_000)
    _, dealer = api.player("dee", role="dealer")
    before = api.snapshot()
    # No token, an unknown token: 401.
    for headers in ({}, {"Authorization": "Bearer forged"}):
        r = api.client.get("/players/me", headers=headers)
        assert r.status_code == 401
        assert r.json()["cite"] == "server:auth"
        assert r.headers["www-authenticate"] == "Bearer"
        # Who asks comes before what is asked: a malformed command (no Idempotency-Key,
        # no command) from nobody known is refused as unauthenticated, not as malformed.
        r = api.client.post("/tables/hrd/commands", json={}, headers=headers)
        assert r.status_code == 401 and r.json()["cite"] == "server:auth"
    # With a known token the same request is malformed: 422 names the missing parts.
    r = api.client.post("/tables/hrd/commands", json={}, headers=ann)
    assert r.status_code == 422
    missing = {tuple(item["loc"]) for item in r.json()["problems"]}
    assert ("header", "Idempotency-Key") in missing and ("body", "command") in missing
    # A player may not create players or tables, move money or replay rounds: 403.
    assert api.client.post("/players", json={"name": "x"}, headers=ann).status_code == 403
    r = api.client.post("/tables", json={"id": "t2", "rules_toml": "x"}, headers=ann)
    assert r.status_code == 403
    r = api.client.post(
        f"/players/{pid}/deposits", json={"amount": 5}, headers={**ann, **api.key()}
    )
    assert r.status_code == 403
    assert api.client.get("/tables/hrd/verify", headers=ann).status_code == 403
    # A player without a seat sends nothing; a dealer takes no seat.
    r = api.wager(ann, 1, "pip_street:ace", 500)
    assert r.status_code == 403 and "take a seat first" in r.json()["detail"]
    r = api.client.post("/tables/hrd/seats", json={"seat": 1}, headers=dealer)
    assert r.status_code == 403
    assert api.snapshot() == before
    # A seat the table does not have cites the rule that sets the seats.
    r = api.client.post("/tables/hrd/seats", json={"seat": 7}, headers=ann)
    assert r.status_code == 422 and "1 to 6" in r.json()["detail"]
    api.sit(ann, 4)
    r = api.client.post("/tables/hrd/seats", json={"seat": 5}, headers=ann)
    assert r.status_code == 409 and "seat 4" in r.json()["detail"]
    me = api.client.get("/players/me", headers=ann).json()
    assert me == {"id": pid, "name": "ann", "role": "player", "balance": 1_000}
    assert table["seats"] == []
    # The dealer may not wager for a seat: a permission, 403.
    r = api.wager(dealer, 4, "pip_street:ace", 500)
    assert r.status_code == 403 and r.json()["cite"] == "675a.2(c)"


def test_view_says_what_is_legal(api: Api) -> None:
    api.table()
    _, ann = api.player("ann", deposit=1_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    view = api.client.get("/tables/hrd/view", headers=ann).json()
    assert view["round_id"] is None and view["actor"] == 1 and view["balance"] == 1_000
    [offer] = view["legal_commands"]
    assert offer["command"] == "PlaceWager"
    amount = offer["fields"]["amount"]
    assert (amount["low"], amount["high"]) == (500, 50_000)  # the TOML's limits
    assert api.wager(ann, 1, "pip_street:ace", 500).status_code == 200
    view = api.client.get("/tables/hrd/view", headers=ann).json()
    assert view["round_id"] == "hrd-1" and view["round_version"] == 2
    assert view["view"]["wagers"] == {"1": {"pip_street:ace": 500}}
    offers = {o["command"]: o for o in view["legal_commands"]}
    assert set(offers) == {"PlaceWager"}
    dealer_view = api.client.get("/tables/hrd/view", headers=dealer).json()
    assert dealer_view["actor"] == "dealer"
    assert {o["command"] for o in dealer_view["legal_commands"]} == {
        "AnnounceNoMoreBets",
        "VoidRound",
    }


def test_void_returns_every_wager(api: Api) -> None:
    api.table()
    pid, ann = api.player("ann", deposit=1_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(ann, 1)
    api.wager(ann, 1, "pip_street:ace", 500)
    r = api.send(dealer, {"type": "VoidRound", "reason": "the table's power failed"})
    assert r.status_code == 200 and r.json()["round_status"] == "voided"
    assert api.wallets()[pid] == 1_000
    assert api.ledger()["total"] == 0


def test_tables_take_json_or_toml_and_cite_bad_rules(api: Api) -> None:
    toml = (EXAMPLES / "high-roll-dice-six-dice.toml").read_text()
    r = api.client.post("/tables", json={"id": "six", "rules_toml": toml}, headers=api.admin)
    assert r.status_code == 201
    rules = r.json()["rules"]
    r = api.client.post("/tables", json={"id": "six2", "rules": rules}, headers=api.admin)
    assert (
        r.status_code == 201
        and r.json()["rules_sha256"]
        == api.client.get("/tables/six", headers=api.admin).json()["rules_sha256"]
    )
    before = api.snapshot()
    cases = [
        ({"id": "six", "rules": rules}, 409, "server:table-id"),
        ({"id": "bad", "rules": {**rules, "maximum_wager": -1}}, 422, None),
        ({"id": "bad", "rules": {"game": "roulette"}}, 422, "601a.2"),
        ({"id": "bad", "rules_toml": "game = "}, 422, "601a.2"),
        ({"id": "bad"}, 422, "601a.2"),
        ({"id": "bad id!", "rules": rules}, 422, None),
        (
            {"id": "bad", "rules": rules, "settings": {"betting_seconds": 0}},
            422,
            None,
        ),
    ]
    for body, code, cite in cases:
        r = api.client.post("/tables", json=body, headers=api.admin)
        assert r.status_code == code, (body, r.text)
        if cite:
            assert r.json()["cite"] == cite
    assert api.snapshot() == before
    assert api.client.get("/tables/nope", headers=api.admin).status_code == 404


def test_the_openapi_description_names_every_response(api: Api) -> None:
    spec = api.client.get("/openapi.json").json()
    paths = spec["paths"]
    assert set(paths) == {
        "/players",
        "/players/me",
        "/players/{player_id}/deposits",
        "/players/{player_id}/withdrawals",
        "/ledger",
        "/tables",
        "/tables/{table_id}",
        "/tables/{table_id}/seats",
        "/tables/{table_id}/commands",
        "/tables/{table_id}/view",
        "/tables/{table_id}/verify",
        "/rounds/{round_id}/replay",
        # the browser tables' endpoints (croupier.server.browser)
        "/players/play-money",
        "/tables/{table_id}/seats/{seat}",
        "/tables/{table_id}/sign",
        "/tables/{table_id}/rounds",
        "/rounds/{round_id}/steps",
        "/rounds/{round_id}/reveal",
        "/games/{game}/commands",
        # the floor's (croupier.server.floor)
        "/reports/hold",
        "/tables/{table_id}/rules/versions",
        "/tables/{table_id}/rules/versions/{number}/steps",
        "/tables/{table_id}/seats/{seat}/recall",
        # the table's state between rounds (croupier.server.routes.equipment)
        "/tables/{table_id}/state",
        "/tables/{table_id}/equipment",
        # the floor's and surveillance's oversight (croupier.server.routes.oversight)
        "/significant-events",
        "/disabled",
        "/selfcheck",
        "/reports/access",
        # player protection (croupier.server.routes.protection)
        "/players/{player_id}/limits",
        "/players/{player_id}/limits/confirm",
        "/players/{player_id}/reminders",
        "/players/{player_id}/status",
        "/players/{player_id}/unlock",
        "/sessions",
        "/sessions/current",
        # dealer training (croupier.server.routes.training)
        "/training/games",
        "/training/payouts/item",
        "/training/payouts/answer",
        "/training/house-way/item",
        "/training/house-way/answer",
        "/training/procedure/item",
        "/training/procedure/answer",
        "/training/rules",
        "/training/irregularities/item",
        "/training/irregularities/answer",
        # a table's help: how to play, its pays, limits and returns (croupier.server.routes.tables)
        "/tables/{table_id}/help",
    }
    schemas = spec["components"]["schemas"]
    for path, methods in paths.items():
        for method, operation in methods.items():
            ok = next(code for code in operation["responses"] if code.startswith("2"))
            ref = operation["responses"][ok]["content"]["application/json"]["schema"]
            assert "$ref" in ref or "anyOf" in ref, (path, method, ref)
            assert operation["responses"]["401"]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }
    command = paths["/tables/{table_id}/commands"]["post"]
    assert any(p["name"] == "Idempotency-Key" and p["required"] for p in command["parameters"])
    assert {"CommandOut", "ViewOut", "ReplayOut", "VerifyOut", "LedgerOut"} <= set(schemas)
    # A 422 is a Problem: fields that fail validation in sentences, or a rule cited (FastAPI's
    # own validation error, which echoed the input, is never sent: issue #32); a body is
    # refused as unreadable (400) only where there is one; play money documents its 429.
    either = {"$ref": "#/components/schemas/Problem"}
    assert "HTTPValidationError" not in schemas
    for path, methods in paths.items():
        for method, operation in methods.items():
            answers = operation["responses"]
            if "422" in answers:
                assert answers["422"]["content"]["application/json"]["schema"] == either
            assert ("400" in answers) == ("requestBody" in operation), (path, method)
    assert "429" in paths["/players/play-money"]["post"]["responses"]


def test_refusals_answer_as_the_description_says(api: Api) -> None:
    """The answers the description once left out: a rule's refusal as a 422 Problem, a
    body that is not UTF-8 as a 400 Problem."""
    r = api.client.post("/tables", json={"id": "t9"}, headers=api.admin)
    assert r.status_code == 422 and set(r.json()) == {"detail", "cite"}, r.text
    r = api.client.post(
        "/players",
        content=b"\xa9%G\xe8k",
        headers={**api.admin, "Content-Type": "application/json"},
    )
    assert r.status_code == 400, r.text
    assert r.json()["cite"] == "http:body" and "UTF-8" in r.json()["detail"]


def test_migrations_and_the_cli(empty_db_url: str) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["db", "upgrade", "--db", empty_db_url])
    assert result.exit_code == 0, result.output
    engine = make_engine(empty_db_url)
    upgrade(engine)  # again: nothing to do
    tables = set(inspect(engine).get_table_names())
    assert {"players", "accounts", "postings", "posting_lines", "tables", "rounds"} <= tables
    assert {"events", "seats", "idempotency_keys", "alembic_version"} <= tables
    # Migration 0005 dropped the events' index on round_id alone: the unique index on
    # (round_id, index) serves those lookups.
    indexes = {i["name"] for i in inspect(engine).get_indexes("events")}
    assert "ix_events_round" not in indexes
    with engine.connect() as connection:
        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [
            (head,)
        ]
    engine.dispose()
    result = runner.invoke(cli, ["players", "add", "root", "--role", "admin", "--db", empty_db_url])
    assert result.exit_code == 0, result.output
    created = json.loads(result.output)
    assert created["role"] == "admin" and len(created["token"]) >= 40
    assert (
        runner.invoke(
            cli, ["players", "add", "x", "--role", "king", "--db", empty_db_url]
        ).exit_code
        == 2
    )
