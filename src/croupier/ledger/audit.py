"""The money audit (``croupier verify``, ``GET /tables/{id}/verify``): every check of the
ledger that a testing lab asks for, each problem naming the posting or account.

:func:`verify_money` checks, for one table and the ledger as a whole:

1. **the chains**: the table's postings and the house postings (deposits, withdrawals,
   play money) each follow the one before along their hash chain, each hash is that of
   what the posting records now, and each chain ends at its stored head
   (:mod:`croupier.ledger.posting_chain`): a posting raised, lowered or deleted breaks it;
2. **each posting balances**: its lines sum to zero;
3. **the money follows the rounds**: every round of the table is rebuilt from its stored
   events by replay, the postings its events make are derived again by the game's
   policy (:func:`croupier.ledger.postings.round_postings`, the same derivation the
   command path stores) and compared, posting by posting and line by line, with the
   stored ones: a posting missing, added or moving other amounts is named;
4. **every account equals its postings**: each balance (every wallet, escrow,
   inventory and the cage) is the sum of its posting lines;
5. **the ledger sums to zero**: all balances, and all posting lines.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.ledger.accounts import ledger_total
from croupier.ledger.chain import load_round
from croupier.ledger.models import (
    CAGE,
    ESCROW,
    INVENTORY,
    WALLET,
    Account,
    LedgerHead,
    Player,
    Posting,
    PostingLine,
    RoundRow,
)
from croupier.ledger.posting_chain import GENESIS, HOUSE, posting_hash
from croupier.ledger.postings import round_postings
from croupier.ledger.tables import get_table
from croupier.money import Cents, format_cents
from croupier.registry import find

Lines = dict[int, Cents]
"""A posting's lines: account id -> signed cents."""


@dataclass(frozen=True)
class MoneyReport:
    """What :func:`verify_money` found: how many postings the table's chain holds, its
    head, and each problem in words (none: the money verifies)."""

    table_id: str
    postings: int
    head_hash: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Whether the money verifies (no problem found)."""
        return not self.problems


def verify_money(session: Session, table_id: str) -> MoneyReport:
    """Run every check of the module's notes for table ``table_id`` (the table's postings
    and rounds) and the ledger as a whole (the house chain, every account, the total).
    Raises :class:`NotFound` for an unknown table; every other finding is a problem in
    the report."""
    table = get_table(session, table_id)
    names = _account_names(session)
    lines = _lines(session, table_id)
    own = list(
        session.scalars(select(Posting).where(Posting.table_id == table_id).order_by(Posting.id))
    )
    house = list(
        session.scalars(select(Posting).where(Posting.table_id.is_(None)).order_by(Posting.id))
    )
    house_head = session.get(LedgerHead, HOUSE)
    problems = [
        *_chain(own, lines, (table.posting_count, table.posting_head), f"table {table_id}'s"),
        *_chain(
            house,
            lines,
            (house_head.postings, house_head.head) if house_head else (0, GENESIS),
            "the house",
        ),
        *_balanced([*own, *house], lines),
        *_replayed(session, table_id, own, lines, names),
        *_accounts(session, names),
        *_zero(session),
    ]
    return MoneyReport(table_id, len(own), table.posting_head, tuple(problems))


def _account_names(session: Session) -> dict[int, str]:
    """Account id -> the account in words (``ann's wallet``, ``table hrd's escrow``)."""
    players = {row[0]: row[1] for row in session.execute(select(Player.id, Player.name))}
    names: dict[int, str] = {}
    for account in session.scalars(select(Account)):
        if account.kind == WALLET:
            owner = players.get(account.player_id or "", account.player_id)
            names[account.id] = f"{owner}'s wallet (player {account.player_id})"
        elif account.kind in (ESCROW, INVENTORY):
            names[account.id] = f"table {account.table_id}'s {account.kind}"
        elif account.kind == CAGE:
            names[account.id] = "the cage"
        else:
            names[account.id] = f"account {account.id}"
    return names


def _lines(session: Session, table_id: str) -> dict[int, Lines]:
    """Posting id -> its lines, for the table's postings and the house's."""
    found: dict[int, Lines] = defaultdict(dict)
    rows = session.execute(
        select(PostingLine.posting_id, PostingLine.account_id, PostingLine.amount)
        .join(Posting, Posting.id == PostingLine.posting_id)
        .where(or_(Posting.table_id == table_id, Posting.table_id.is_(None)))
    )
    for posting_id, account_id, amount in rows:
        held = found[posting_id]
        held[account_id] = held.get(account_id, 0) + amount
    return found


def _named(posting: Posting) -> str:
    """``posting 12 (a deposit)``, ``posting 7 (round hrd-1, event 5, WagerSettled)``."""
    if posting.round_id is not None:
        where = f"round {posting.round_id}, event {posting.event_index}"
        return f"posting {posting.id} ({where}, {posting.kind})"
    return f"posting {posting.id} ({posting.kind})"


def _chain(
    postings: list[Posting], lines: dict[int, Lines], head: tuple[int, str], whose: str
) -> list[str]:
    """The hash chain of ``postings`` (in id order) against its stored ``head``."""
    problems: list[str] = []
    prev, before = GENESIS, "the start of the chain"
    for posting in postings:
        if posting.hash is None or posting.prev_hash is None:
            problems.append(f"{_named(posting)} has no place in {whose} money chain")
            continue
        if posting.prev_hash != prev:
            problems.append(
                f"{_named(posting)} does not follow {before} in {whose} money chain: "
                "a posting between them was deleted or altered"
            )
        recorded = posting_hash(
            posting.prev_hash,
            kind=posting.kind,
            table_id=posting.table_id,
            round_id=posting.round_id,
            event_index=posting.event_index,
            cite=posting.cite,
            lines=lines.get(posting.id, {}),
        )
        if recorded != posting.hash:
            problems.append(
                f"{_named(posting)} was altered: its hash does not match the amounts and "
                "accounts it records"
            )
        prev, before = posting.hash, f"posting {posting.id}"
    count, last = head
    if count != len(postings) or last != prev:
        problems.append(
            f"{whose} money chain ends at {before}, but its head names {count} postings "
            f"({len(postings)} found): a posting at its end was deleted or added"
        )
    return problems


def _balanced(postings: list[Posting], lines: dict[int, Lines]) -> list[str]:
    """Each posting's lines sum to zero."""
    problems = []
    for posting in postings:
        total = sum(lines.get(posting.id, {}).values())
        if total:
            problems.append(
                f"{_named(posting)} does not balance: its lines sum to {format_cents(total)}, "
                "not zero"
            )
    return problems


def _replayed(
    session: Session,
    table_id: str,
    postings: list[Posting],
    lines: dict[int, Lines],
    names: dict[int, str],
) -> list[str]:
    """Every round of the table replayed, its postings derived again and compared with
    the stored ones."""
    policy = find(get_table(session, table_id).game).policy
    accounts = _account_ids(session, table_id)
    stored: dict[str, dict[tuple[int | None, str], Posting]] = defaultdict(dict)
    for each in postings:
        if each.round_id is not None:
            stored[each.round_id][(each.event_index, each.kind)] = each
    problems: list[str] = []
    rounds = session.scalars(
        select(RoundRow.id).where(RoundRow.table_id == table_id).order_by(RoundRow.number)
    )
    for round_id in rounds:
        try:
            _, round_ = load_round(session, round_id)
        except (CroupierError, ValueError) as error:
            problems.append(
                f"round {round_id} does not replay, so its money cannot be checked: {error}"
            )
            continue
        kept = stored.pop(round_id, {})
        for derived in round_postings(round_.events, 0, policy):
            expected = _account_lines(derived.lines, accounts, names, table_id)
            slot = (derived.event_index, derived.kind)
            posting = kept.pop(slot) if slot in kept else None
            if posting is None:
                problems.append(
                    f"round {round_id}, event {derived.event_index} ({derived.kind}) moves "
                    f"{_describe(expected, names)}, but no posting records it: it was deleted "
                    "(or never written)"
                )
                continue
            held = {key: amount for key, amount in lines.get(posting.id, {}).items() if amount}
            if held != expected:
                problems.append(
                    f"{_named(posting)} moves {_describe(held, names)}; replaying the round "
                    f"moves {_describe(expected, names)}"
                )
        for posting in kept.values():
            problems.append(
                f"{_named(posting)} moves {_describe(lines.get(posting.id, {}), names)}, "
                "which no event of the replayed round moves"
            )
    for round_id, kept in stored.items():  # a posting naming a round the table lacks
        for posting in kept.values():
            problems.append(f"{_named(posting)} names round {round_id}, which is not this table's")
    return problems


def _account_ids(session: Session, table_id: str) -> dict[tuple[str, str | None], int]:
    """The table's accounts and every wallet, by (kind, player id for a wallet)."""
    return {
        (account.kind, account.player_id if account.kind == WALLET else None): account.id
        for account in session.scalars(
            select(Account).where(or_(Account.table_id == table_id, Account.kind == WALLET))
        )
    }


def _account_lines(
    derived: dict[tuple[str, str | None], Cents],
    accounts: dict[tuple[str, str | None], int],
    names: dict[int, str],
    table_id: str,
) -> Lines:
    """A derived posting's lines by account id, those netting to zero left out; an
    account that does not exist is ``-1``, named so in ``names``."""
    expected: Lines = {}
    for (kind, player_id), amount in derived.items():
        key = accounts.get((kind, player_id), -1)
        if key == -1:
            names[key] = f"a {kind} of {player_id or table_id} that does not exist"
        expected[key] = expected.get(key, 0) + amount
    return {key: amount for key, amount in expected.items() if amount}


def _describe(lines: Lines, names: dict[int, str]) -> str:
    """Each line as the account in words and its signed amount, in the accounts' names'
    order: ``ann's wallet (player 1f..) +$25, table hrd's escrow -$5``."""
    if not lines:
        return "nothing"
    named = sorted((names.get(key, f"account {key}"), amount) for key, amount in lines.items())
    return ", ".join(
        f"{name} {'+' if amount > 0 else ''}{format_cents(amount)}" for name, amount in named
    )


def _accounts(session: Session, names: dict[int, str]) -> list[str]:
    """Every account's balance against the sum of its posting lines."""
    totals = select(PostingLine.account_id, func.sum(PostingLine.amount))
    sums: dict[int, Any] = {
        row[0]: row[1] for row in session.execute(totals.group_by(PostingLine.account_id))
    }
    problems = []
    for account_id, balance in session.execute(
        select(Account.id, Account.balance).order_by(Account.id)
    ):
        posted = int(sums.get(account_id) or 0)
        if balance != posted:
            problems.append(
                f"{names.get(account_id, f'account {account_id}')} holds {format_cents(balance)}, "
                f"but its postings sum to {format_cents(posted)}: its balance was altered or a "
                "posting of it is missing"
            )
    return problems


def _zero(session: Session) -> list[str]:
    """The sum of all balances and of all posting lines, both zero in a sound ledger."""
    balances, lines = ledger_total(session)
    problems = []
    if balances:
        problems.append(
            f"the ledger does not sum to zero: all balances sum to {format_cents(balances)}"
        )
    if lines:
        problems.append(
            f"the ledger does not sum to zero: all posting lines sum to {format_cents(lines)}"
        )
    return problems
