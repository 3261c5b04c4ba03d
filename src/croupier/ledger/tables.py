"""Tables: created with their escrow and inventory accounts and an empty event chain
(its head :data:`GENESIS`), and read back."""

from __future__ import annotations

from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.ledger.accounts import NotFound
from croupier.ledger.models import ESCROW, INVENTORY, Account, GameTable, now
from croupier.ledger.posting_chain import GENESIS as GENESIS
from croupier.ledger.versions import first_version
from croupier.rules.base import RulesSubmission


def create_table(session: Session, table_id: str, rules: RulesSubmission) -> GameTable:
    table = GameTable(
        id=table_id,
        game=rules.game,
        rules_json=rules.canonical_json(),
        rules_sha256=rules.sha256(),
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        event_count=0,
        head_hash=GENESIS,
        posting_count=0,
        posting_head=GENESIS,
    )
    session.add(table)
    session.flush()
    first_version(session, table, rules, now())
    session.add_all(
        [
            Account(kind=ESCROW, table_id=table_id, balance=0),
            Account(kind=INVENTORY, table_id=table_id, balance=0),
        ]
    )
    session.flush()
    return table


def get_table(session: Session, table_id: str) -> GameTable:
    table = session.get(GameTable, table_id)
    if table is None:
        raise NotFound(f"there is no table {table_id!r}", NOT_FOUND)
    return table
