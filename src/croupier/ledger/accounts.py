"""Players, their bearer tokens, accounts and balances, and the ledger's errors.

**Money** moves only through :func:`post`: the lines of a posting sum to zero and
each line is one conditional ``UPDATE`` that refuses to take a wallet or escrow below
zero (:class:`InsufficientFunds`), so two transactions can never both spend the same
cents; each posting joins its hash chain (:mod:`croupier.ledger.posting_chain`).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, cast

from sqlalchemy import CursorResult, func, select, true, update
from sqlalchemy.orm import Session, make_transient_to_detached

from croupier.citations import NOT_FOUND
from croupier.errors import InsufficientFunds as InsufficientFunds
from croupier.errors import LedgerError as LedgerError
from croupier.errors import NotFound as NotFound
from croupier.errors import StaleVersion as StaleVersion
from croupier.ledger import names
from croupier.ledger.cache import process_cache
from croupier.ledger.models import (
    CAGE,
    NON_NEGATIVE,
    WALLET,
    Account,
    Player,
    PlayerProtection,
    Posting,
    PostingLine,
)
from croupier.ledger.posting_chain import Head, advance, posting_hash, store_head
from croupier.money import Cents, format_cents


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_player(session: Session, name: str, role: str) -> tuple[Player, str]:
    """A new player with a wallet and the row of his limits and totals
    (:mod:`croupier.ledger.protection`: none set); returns the bearer token (stored only
    as its hash). He holds his name's key where no other account does
    (:func:`croupier.ledger.names.hold`, which raises :class:`LedgerError` for one taken
    meanwhile); the endpoints then refuse a name held already
    (:func:`croupier.ledger.names.claim`)."""
    token = secrets.token_urlsafe(32)
    player = Player(id=secrets.token_hex(8), name=name, role=role, token_hash=token_hash(token))
    session.add(player)
    names.hold(session, player)
    session.add(Account(kind=WALLET, player_id=player.id, balance=0))
    session.add(PlayerProtection(player_id=player.id))
    session.flush()
    return player, token


def player_by_token(session: Session, token: str) -> Player | None:
    """The holder of a bearer token, or ``None``. A process remembers the tokens it has
    seen (a player's id, name, role and token never change), so a known token costs no
    query: the player comes back as stored, one object per token shared by the process's
    requests, detached from any session (only read; the models have no relationships
    that could attach it to one)."""
    digest = token_hash(token)
    cache = process_cache(session)
    known = cache.players.get(digest)
    if known is not None:
        return known
    player = session.scalars(select(Player).where(Player.token_hash == digest)).first()
    if player is not None:
        stored = Player(
            id=player.id,
            name=player.name,
            role=player.role,
            token_hash=digest,
            created_at=player.created_at,
        )
        make_transient_to_detached(stored)
        cache.players[digest] = stored
    return player


def account(
    session: Session, kind: str, *, player_id: str | None = None, table_id: str | None = None
) -> Account:
    found = session.scalars(
        select(Account).where(
            Account.kind == kind,
            Account.player_id.is_(None) if player_id is None else Account.player_id == player_id,
            Account.table_id.is_(None) if table_id is None else Account.table_id == table_id,
        )
    ).first()
    if found is None:
        who = player_id or table_id or "the house"
        raise NotFound(f"there is no {kind} account for {who}", NOT_FOUND)
    return found


def balance(session: Session, player_id: str) -> Cents:
    return account(session, WALLET, player_id=player_id).balance


def post(
    session: Session,
    kind: str,
    lines: dict[int, Cents],
    *,
    table_id: str | None = None,
    round_id: str | None = None,
    event_index: int | None = None,
    cite: str = "",
) -> Posting | None:
    """Move money between accounts (account id -> signed cents); the lines must sum to zero.

    The posting joins the hash chain of ``table_id`` (none: the house chain), whose head
    is locked first (:func:`croupier.ledger.posting_chain.advance`).

    Raises :class:`InsufficientFunds` if a wallet or escrow would go below zero.
    Returns ``None`` when every line is zero (nothing moves).
    """
    lines = {acc: amount for acc, amount in lines.items() if amount}
    if sum(lines.values()) != 0:
        raise LedgerError(f"a posting must sum to zero, not {sum(lines.values())}", "ledger")
    if not lines:
        return None
    head, head_row = advance(session, table_id)
    for account_id, amount in sorted(lines.items()):
        row = session.get(Account, account_id)
        assert row is not None
        guard = Account.balance + amount >= 0 if row.kind in NON_NEGATIVE else true()
        result = cast(
            CursorResult[Any],
            session.execute(
                update(Account)
                .where(Account.id == account_id, guard)
                .values(balance=Account.balance + amount, moves=Account.moves + 1)
                .execution_options(synchronize_session=False)
            ),
        )
        if result.rowcount != 1:
            session.refresh(row)
            whose = "the wallet balance" if row.kind == WALLET else f"the {row.kind}"
            raise InsufficientFunds(
                f"{format_cents(-amount)} is more than {whose} of {format_cents(row.balance)}",
                "ledger:no-negative-balance",
            )
        session.expire(row)
    entry: dict[str, Any] = {
        "kind": kind,
        "table_id": table_id,
        "round_id": round_id,
        "event_index": event_index,
        "cite": cite,
    }
    digest = posting_hash(head.hash, **entry, lines=lines)
    posting = Posting(**entry, prev_hash=head.hash, hash=digest)
    store_head(head_row, Head(head.postings + 1, digest))
    session.add(posting)
    session.flush()
    session.add_all(
        PostingLine(posting_id=posting.id, account_id=acc, amount=amount)
        for acc, amount in lines.items()
    )
    return posting


def deposit(session: Session, player_id: str, amount: Cents) -> Posting:
    wallet = account(session, WALLET, player_id=player_id)
    cage = account(session, CAGE)
    posting = post(session, "deposit", {cage.id: -amount, wallet.id: amount})
    assert posting is not None
    return posting


def withdraw(session: Session, player_id: str, amount: Cents) -> Posting:
    wallet = account(session, WALLET, player_id=player_id)
    cage = account(session, CAGE)
    posting = post(session, "withdrawal", {wallet.id: -amount, cage.id: amount})
    assert posting is not None
    return posting


def ledger_total(session: Session) -> tuple[Cents, Cents]:
    """(sum of all balances, sum of all posting lines): both zero in a sound ledger."""
    balances = session.scalar(select(func.coalesce(func.sum(Account.balance), 0)))
    lines = session.scalar(select(func.coalesce(func.sum(PostingLine.amount), 0)))
    return int(balances or 0), int(lines or 0)


def account_id(
    session: Session, kind: str, *, player_id: str | None = None, table_id: str | None = None
) -> int:
    """The id of an account (cached per process: accounts never change owner)."""
    cache = process_cache(session)
    key = (kind, player_id, table_id)
    found = cache._accounts.get(key)
    if found is None:
        found = cache._accounts[key] = account(
            session, kind, player_id=player_id, table_id=table_id
        ).id
    return found
