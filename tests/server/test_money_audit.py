"""The money audit (issue #31): `croupier verify` and `GET /tables/{id}/verify` check the
postings too. A testing lab raised one posting line by $1,000 in a copy of a database and
the chain still verified; here that forgery, a deleted posting, an edited balance, a
balanced forgery whose hashes were recomputed and a forged deposit are each caught, with
the posting or account named (SQLite and PostgreSQL).

The round: Ann wagers $5 on the Pip Street five and the first roll is 5 5 5 1 2 3 4 6 2 3
(three fives, the most matches): 675a.5(a) pays Five at 4 to 1, so her $5 comes back
with $20 won; the escrow gives up $5 and the inventory $20, Ann's wallet gets $25.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from alembic import command
from server_api import Api, ScriptedRng
from sqlalchemy import text
from typer.testing import CliRunner

from croupier.cli import app as cli
from croupier.ledger.db import alembic_config, upgrade

GENESIS = "0" * 64
"""The first ``prev_hash`` of a chain."""

WON = 2_000
"""675a.5(a): a $5 Pip Street Wager on the five, with the most matches, wins 4 to 1."""
FORGED = 100_000
"""$1,000, what the lab added to one posting line."""


def play(api: Api, scripted: ScriptedRng) -> str:
    """One High Roll Dice round (the module's notes); Ann's player id."""
    api.table()
    ann, auth = api.player("ann", deposit=5_000)
    _, dealer = api.player("dee", role="dealer")
    api.sit(auth, 2)
    assert api.wager(auth, 2, "pip_street:five", 500).status_code == 200
    scripted.dice(5, 5, 5, 1, 2, 3, 4, 6, 2, 3)
    assert api.send(dealer, {"type": "AnnounceNoMoreBets"}).status_code == 200
    return ann


def rows(api: Api, sql: str, **params: Any) -> list[Any]:
    with api.engine.connect() as connection:
        return list(connection.execute(text(sql), params).all())


def execute(api: Api, *statements: tuple[str, dict[str, Any]]) -> None:
    with api.engine.begin() as connection:
        for sql, params in statements:
            connection.execute(text(sql), params)


def settlement(api: Api) -> tuple[int, dict[str, tuple[int, int]]]:
    """The WagerSettled posting's id and its lines: account kind -> (account id, cents)."""
    found = rows(
        api,
        "SELECT p.id, a.kind, a.id, l.amount FROM postings p "
        "JOIN posting_lines l ON l.posting_id = p.id JOIN accounts a ON a.id = l.account_id "
        "WHERE p.kind = 'WagerSettled'",
    )
    [posting_id] = {row[0] for row in found}
    return posting_id, {kind: (account, amount) for _, kind, account, amount in found}


def verify(api: Api, db_url: str) -> tuple[dict[str, Any], Any]:
    """The API's report and the CLI's result."""
    report = api.client.get("/tables/hrd/verify", headers=api.admin)
    assert report.status_code == 200, report.text
    return report.json(), CliRunner().invoke(cli, ["verify", "hrd", "--db", db_url])


def test_a_sound_ledger_verifies(api: Api, scripted: ScriptedRng, db_url: str) -> None:
    """The round's postings are what 675a.5(a) pays, chained as the docs say (the hash
    computed here from the documented formula), and everything verifies (exit 0)."""
    play(api, scripted)
    posting_id, lines = settlement(api)
    assert {kind: amount for kind, (_, amount) in lines.items()} == {
        "escrow": -500,
        "wallet": 500 + WON,
        "inventory": -WON,
    }
    # The table's chain: WagerPlaced, then WagerSettled, from the genesis hash.
    chain = rows(
        api,
        "SELECT id, kind, round_id, event_index, cite, prev_hash, hash FROM postings "
        "WHERE table_id = 'hrd' ORDER BY id",
    )
    prev = GENESIS
    for posting_id, kind, round_id, event_index, cite, prev_hash, digest in chain:
        lines_of = rows(
            api,
            "SELECT account_id, amount FROM posting_lines WHERE posting_id = :p "
            "ORDER BY account_id",
            p=posting_id,
        )
        body = {
            "cite": cite,
            "event_index": event_index,
            "kind": kind,
            "lines": [[account, amount] for account, amount in lines_of],
            "round_id": round_id,
            "table_id": "hrd",
        }
        text_ = json.dumps(body, sort_keys=True, separators=(",", ":"))
        assert prev_hash == prev
        assert digest == hashlib.sha256((prev + text_).encode()).hexdigest()
        prev = digest
    assert [row[1] for row in chain] == ["WagerPlaced", "WagerSettled"]
    report, result = verify(api, db_url)
    assert report["ok"] and report["problems"] == [] and report["problem"] is None
    assert report["postings"] == 2 and report["postings_head"] == prev
    assert result.exit_code == 0, result.output
    assert "2 postings, money verifies" in result.output


def test_a_line_raised_by_1000_dollars_is_caught(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    """The lab's forgery: the settlement's wallet line raised by $1,000 (its balance left
    alone). The posting is named as altered, unbalanced and not what the replayed round
    pays; the wallet no longer equals its postings; the lines no longer sum to zero."""
    ann = play(api, scripted)
    posting_id, lines = settlement(api)
    wallet = lines["wallet"][0]
    execute(
        api,
        (
            "UPDATE posting_lines SET amount = amount + :x WHERE posting_id = :p "
            "AND account_id = :a",
            {"x": FORGED, "p": posting_id, "a": wallet},
        ),
    )
    report, result = verify(api, db_url)
    named = f"posting {posting_id} (round hrd-1, event 6, WagerSettled)"
    assert not report["ok"]
    problems = report["problems"]
    assert f"{named} was altered: its hash does not match the amounts and accounts it records" in (
        problems
    )
    assert f"{named} does not balance: its lines sum to $1,000, not zero" in problems
    ann_wallet = f"ann's wallet (player {ann})"
    assert (
        f"{named} moves {ann_wallet} +$1,025, table hrd's escrow -$5, table hrd's inventory "
        f"-$20; replaying the round moves {ann_wallet} +$25, table hrd's escrow -$5, "
        "table hrd's inventory -$20"
    ) in problems
    # Her balance: $50 deposited, $5 wagered, $25 paid = $70; her postings now say $1,070.
    assert f"{ann_wallet} holds $70, but its postings sum to $1,070" in " ".join(problems)
    assert "the ledger does not sum to zero: all posting lines sum to $1,000" in problems
    assert result.exit_code == 1
    assert "DOES NOT VERIFY" in result.output and named in result.output


@pytest.mark.parametrize("kind", ["WagerPlaced", "WagerSettled"])
def test_a_deleted_posting_is_caught(
    api: Api, scripted: ScriptedRng, db_url: str, kind: str
) -> None:
    """A round posting deleted with its lines (the first of the table's chain, or its
    last): the chain, the replayed round and the accounts each name what is missing."""
    play(api, scripted)
    [(posting_id, event_index)] = rows(
        api, "SELECT id, event_index FROM postings WHERE kind = :k", k=kind
    )
    execute(
        api,
        ("DELETE FROM posting_lines WHERE posting_id = :p", {"p": posting_id}),
        ("DELETE FROM postings WHERE id = :p", {"p": posting_id}),
    )
    report, result = verify(api, db_url)
    problems = report["problems"]
    assert not report["ok"]
    assert any(
        p.startswith(f"round hrd-1, event {event_index} ({kind}) moves ")
        and p.endswith("but no posting records it: it was deleted (or never written)")
        for p in problems
    ), problems
    if kind == "WagerPlaced":  # the settlement no longer follows the chain's start
        settled, _ = settlement(api)
        assert (
            f"posting {settled} (round hrd-1, event 6, WagerSettled) does not follow the start "
            "of the chain in table hrd's money chain: a posting between them was deleted or "
            "altered"
        ) in problems
    else:  # the chain ends one short of its head
        assert any(
            "table hrd's money chain ends at posting" in p
            and "its head names 2 postings (1 found)" in p
            for p in problems
        ), problems
    assert any("holds" in p and "but its postings sum to" in p for p in problems)
    assert result.exit_code == 1 and f"round hrd-1, event {event_index}" in result.output


def test_an_edited_balance_is_caught(api: Api, scripted: ScriptedRng, db_url: str) -> None:
    """Ann's wallet raised by $1,000 with no posting: the account is named, and the
    balances no longer sum to zero."""
    ann = play(api, scripted)
    execute(
        api,
        (
            "UPDATE accounts SET balance = balance + :x WHERE kind = 'wallet' AND player_id = :a",
            {"x": FORGED, "a": ann},
        ),
    )
    report, result = verify(api, db_url)
    assert report["problems"] == [
        f"ann's wallet (player {ann}) holds $1,070, but its postings sum to $70: its balance "
        "was altered or a posting of it is missing",
        "the ledger does not sum to zero: all balances sum to $1,000",
    ]
    assert result.exit_code == 1 and "ann's wallet" in result.output


def test_a_balanced_forgery_with_its_hashes_made_again_is_caught_by_replay(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    """Someone who knows the format moves $1,000 from the inventory to Ann's wallet in
    the settlement, edits both balances to match and chains the posting again (it is the
    table's last, so the head moves too): every sum and hash agrees, but replaying the
    round pays $25, not $1,025."""
    from croupier.ledger.posting_chain import posting_hash

    ann = play(api, scripted)
    posting_id, lines = settlement(api)
    wallet, inventory = lines["wallet"][0], lines["inventory"][0]
    [(prev, cite)] = rows(api, "SELECT prev_hash, cite FROM postings WHERE id = :p", p=posting_id)
    forged = dict(lines.values())
    forged[wallet] += FORGED
    forged[inventory] -= FORGED
    digest = posting_hash(
        prev,
        kind="WagerSettled",
        table_id="hrd",
        round_id="hrd-1",
        event_index=6,
        cite=cite,
        lines=forged,
    )
    execute(
        api,
        (
            "UPDATE posting_lines SET amount = amount + :x WHERE posting_id = :p "
            "AND account_id = :a",
            {"x": FORGED, "p": posting_id, "a": wallet},
        ),
        (
            "UPDATE posting_lines SET amount = amount - :x WHERE posting_id = :p "
            "AND account_id = :a",
            {"x": FORGED, "p": posting_id, "a": inventory},
        ),
        ("UPDATE accounts SET balance = balance + :x WHERE id = :a", {"x": FORGED, "a": wallet}),
        (
            "UPDATE accounts SET balance = balance - :x WHERE id = :a",
            {"x": FORGED, "a": inventory},
        ),
        ("UPDATE postings SET hash = :h WHERE id = :p", {"h": digest, "p": posting_id}),
        ("UPDATE tables SET posting_head = :h WHERE id = 'hrd'", {"h": digest}),
    )
    report, result = verify(api, db_url)
    ann_wallet = f"ann's wallet (player {ann})"
    assert report["problems"] == [
        f"posting {posting_id} (round hrd-1, event 6, WagerSettled) moves {ann_wallet} "
        "+$1,025, table hrd's escrow -$5, table hrd's inventory -$1,020; replaying the round "
        f"moves {ann_wallet} +$25, table hrd's escrow -$5, table hrd's inventory -$20"
    ]
    assert result.exit_code == 1


def test_a_forged_deposit_is_caught_by_the_house_chain(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    """Ann's $50 deposit made $1,050 on both of its lines and both balances: it still
    balances and every account equals its postings, but the house chain names it."""
    # GLI-19 2.8.8 balance adjustments: every deposit is a chained posting; a forged one is caught.
    ann = play(api, scripted)
    [(posting_id,)] = rows(
        api,
        "SELECT p.id FROM postings p JOIN posting_lines l ON l.posting_id = p.id "
        "JOIN accounts a ON a.id = l.account_id WHERE p.kind = 'deposit' AND a.player_id = :a",
        a=ann,
    )
    execute(
        api,
        (
            "UPDATE posting_lines SET amount = amount + :x WHERE posting_id = :p AND amount > 0",
            {"x": FORGED, "p": posting_id},
        ),
        (
            "UPDATE posting_lines SET amount = amount - :x WHERE posting_id = :p AND amount < 0",
            {"x": FORGED, "p": posting_id},
        ),
        (
            "UPDATE accounts SET balance = balance + :x WHERE kind = 'wallet' AND player_id = :a",
            {"x": FORGED, "a": ann},
        ),
        ("UPDATE accounts SET balance = balance - :x WHERE kind = 'cage'", {"x": FORGED}),
    )
    report, result = verify(api, db_url)
    assert report["problems"] == [
        f"posting {posting_id} (deposit) was altered: its hash does not match the amounts and "
        "accounts it records"
    ]
    assert result.exit_code == 1 and f"posting {posting_id} (deposit)" in result.output


def test_postings_written_before_the_chain_are_chained_by_the_migration(
    api: Api, scripted: ScriptedRng, db_url: str
) -> None:
    """A database taken back to revision 0007 (no posting hashes) and upgraded again: the
    migration chains the postings it finds, with the same hashes the server wrote (its
    own copy of the formula agrees with croupier.ledger.posting_chain), and the table
    verifies."""
    play(api, scripted)
    before = rows(api, "SELECT id, prev_hash, hash FROM postings ORDER BY id")
    heads = rows(api, "SELECT posting_count, posting_head FROM tables")
    config = alembic_config()
    with api.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0008")
    columns = rows(api, "SELECT * FROM postings")
    assert all(len(row) == 7 for row in columns)  # no hash columns at 0007
    upgrade(api.engine)
    assert rows(api, "SELECT id, prev_hash, hash FROM postings ORDER BY id") == before
    assert rows(api, "SELECT posting_count, posting_head FROM tables") == heads
    report, result = verify(api, db_url)
    assert report["ok"], report["problems"]
    assert result.exit_code == 0, result.output
