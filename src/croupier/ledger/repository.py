"""The ledger's repository: players, tables, money, rounds and the event chain.

Every function works inside the caller's session and transaction; the caller
commits (or rolls back) once, so a command's events, postings and round version
are stored together or not at all.

This module re-exports the operations from where they live:

- :mod:`croupier.ledger.accounts`: players and their tokens, accounts, balances and
  :func:`post` (money moves only through it, never below zero), deposits and
  withdrawals, the ledger's total, and the errors (:class:`LedgerError`,
  :class:`InsufficientFunds`, :class:`StaleVersion`, :class:`NotFound`);
- :mod:`croupier.ledger.tables`: creating and reading tables (:data:`GENESIS`, the
  head of a new table's chain);
- :mod:`croupier.ledger.chain`: the hash-chained events (canonical JSON,
  :func:`verify_chain`) and rounds rebuilt from them
  (:func:`load_round`);
- :mod:`croupier.ledger.postings`: the money a round's events move
  (:func:`round_postings`, as each game's table policy says);
- :mod:`croupier.ledger.audit`: the money audit (:func:`verify_money`: the posting
  chains, each posting balanced, the postings against the replayed rounds, every
  account against its postings, the ledger's total);
- :mod:`croupier.ledger.idempotency`: the answers stored for ``Idempotency-Key``
  requests;
- :mod:`croupier.ledger.cache`: the :class:`ProcessCache` and the rounds a transaction
  stages for it (with the session hooks that hand them over on commit);
- :mod:`croupier.ledger.sql`: the command path's prebuilt statements;
- :mod:`croupier.ledger.commands`: the command path (:func:`command_head`,
  :func:`live_round`, :func:`store_command`). See docs/performance.md, "Table server".
"""

from __future__ import annotations

from croupier.ledger.accounts import (
    InsufficientFunds,
    LedgerError,
    NotFound,
    StaleVersion,
    account,
    account_id,
    balance,
    create_player,
    deposit,
    ledger_total,
    player_by_token,
    post,
    token_hash,
    withdraw,
)
from croupier.ledger.audit import verify_money
from croupier.ledger.cache import (
    STAGED,
    ProcessCache,
    Written,
    drop_staged,
    process_cache,
    stage_round,
    staged_entry,
    staged_round,
    take_written,
    written,
)
from croupier.ledger.chain import (
    canonical,
    load_round,
    round_events,
    verify_chain,
)
from croupier.ledger.commands import (
    CommandHead,
    NewEvent,
    RoundLike,
    RoundRef,
    StoredCommand,
    command_head,
    live_round,
    store_command,
)
from croupier.ledger.idempotency import StoredAnswer, store_answer, stored_answer
from croupier.ledger.postings import RoundPosting, round_postings
from croupier.ledger.tables import GENESIS, create_table, get_table

__all__ = [
    "GENESIS",
    "STAGED",
    "CommandHead",
    "InsufficientFunds",
    "LedgerError",
    "NewEvent",
    "NotFound",
    "ProcessCache",
    "RoundLike",
    "RoundPosting",
    "RoundRef",
    "StaleVersion",
    "StoredAnswer",
    "StoredCommand",
    "Written",
    "account",
    "account_id",
    "balance",
    "canonical",
    "command_head",
    "create_player",
    "create_table",
    "deposit",
    "drop_staged",
    "get_table",
    "ledger_total",
    "live_round",
    "load_round",
    "player_by_token",
    "post",
    "process_cache",
    "round_events",
    "round_postings",
    "stage_round",
    "staged_entry",
    "staged_round",
    "store_answer",
    "store_command",
    "stored_answer",
    "take_written",
    "token_hash",
    "verify_chain",
    "verify_money",
    "withdraw",
    "written",
]
