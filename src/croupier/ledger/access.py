"""The user access report (GLI-19 2.8.9): every account, player or staff, with its role
and what the role may do, when it was created, its last access and from where, and, over
the interval asked, each session (its start, address and end), each failed sign-in (an id
that is no account's included) and each lock and unlock.

Read from what the ledger keeps: ``players`` (the accounts, their roles and creation),
``player_sessions`` (:mod:`croupier.ledger.sessions`), and the significant-events log's
failed logins and account locks (:mod:`croupier.ledger.significant_events`). A session
begun by an account's first request (no sign-in) has no address; a sign-in's has the
client's (``X-Forwarded-For`` only from a proxy the operator named).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.ledger.models import Player, PlayerSession
from croupier.ledger.significant_events import Kind, significant_events
from croupier.ledger.versions import utc

CITE = "GLI-19 2.8.9"

FUNCTIONS: dict[str, str] = {
    "player": "sits at tables and plays; sets his own limits, suspends or excludes himself; "
    "recalls his own rounds",
    "dealer": "deals and calls rounds; signs equipment out of order; disables a table; "
    "reads the hold report, the significant-events report and any seat's recall",
    "admin": "everything a dealer does; creates accounts and tables; deposits and "
    "withdraws; files Rules Submissions; disables and enables tables, games, paytables "
    "and players; unlocks accounts; runs the self-check; reads every report",
}
"""What each role may do (GLI-19 2.8.9's "function list per role"), as the server's
role checks allow it (:mod:`croupier.server.routes`)."""


@dataclass(frozen=True)
class Access:
    """One line of an account's access: ``what`` is ``session`` (from ``at`` to
    ``until``, ``None`` while open; ``why`` it ended), ``failed sign-in``, ``locked`` or
    ``unlocked``; ``address`` the client's where known ("" where not)."""

    at: datetime
    what: str
    address: str = ""
    until: datetime | None = None
    why: str = ""

    def to_dict(self) -> dict[str, Any]:
        found = asdict(self)
        found["at"] = self.at.isoformat()
        found["until"] = None if self.until is None else self.until.isoformat()
        return found


@dataclass(frozen=True)
class Account:
    """One account in the report: the id given (``name`` and ``role`` blank for an id that
    is no account's, which only failed sign-ins name), its creation, last access (the
    latest activity of any session) and its address, and its lines in the interval."""

    player_id: str
    name: str
    role: str
    functions: str
    created_at: datetime | None
    last_access: datetime | None
    last_address: str
    lines: list[Access] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "name": self.name,
            "role": self.role,
            "functions": self.functions,
            "created_at": None if self.created_at is None else self.created_at.isoformat(),
            "last_access": None if self.last_access is None else self.last_access.isoformat(),
            "last_address": self.last_address,
            "lines": [line.to_dict() for line in self.lines],
        }


def access_report(
    session: Session, *, since: datetime | None = None, player_id: str | None = None
) -> list[Account]:
    """Every account (or only ``player_id``'s), staff and players alike, by name, then the
    ids that are no account's which failed sign-ins named; each with its lines at or
    after ``since`` (default: all), oldest first."""
    query = select(Player).order_by(Player.name, Player.id)
    if player_id is not None:
        query = query.where(Player.id == player_id)
    accounts: dict[str, Account] = {}
    for player in session.scalars(query):
        accounts[player.id] = Account(
            player.id,
            player.name,
            player.role,
            FUNCTIONS.get(player.role, ""),
            utc(player.created_at),
            None,
            "",
        )
    rows = select(PlayerSession).order_by(PlayerSession.started_at, PlayerSession.id)
    if player_id is not None:
        rows = rows.where(PlayerSession.player_id == player_id)
    for row in session.scalars(rows):
        account = accounts.get(row.player_id)
        if account is None:
            continue
        seen = utc(row.last_seen_at)
        if account.last_access is None or seen >= account.last_access:
            address = row.address or account.last_address
            accounts[row.player_id] = account = _with(account, seen, address)
        if since is None or utc(row.started_at) >= since or _open_at(row, since):
            until = None if row.ended_at is None else utc(row.ended_at)
            line = Access(utc(row.started_at), "session", row.address, until, row.ended_why)
            account.lines.append(line)
    _add_sign_in_events(session, accounts, since, player_id)
    for account in accounts.values():
        account.lines.sort(key=lambda line: line.at)
    return list(accounts.values())


def _add_sign_in_events(
    session: Session, accounts: dict[str, Account], since: datetime | None, player_id: str | None
) -> None:
    """Add the failed sign-ins and the locks (of ``player_id`` only, where given) to their
    accounts, an id that is no account's getting one of its own."""
    watched = [Kind.LOGIN_FAILED, Kind.ACCOUNT_LOCKED]
    for entry in significant_events(session, kinds=watched, subject=player_id, since=since):
        account = accounts.get(entry.subject)
        if account is None:
            if player_id is not None and entry.subject != player_id:
                continue
            account = accounts[entry.subject] = Account(
                entry.subject, "", "", "(no such account)", None, None, ""
            )
        if entry.kind is Kind.LOGIN_FAILED:
            address = str((entry.after or {}).get("address", ""))
            account.lines.append(Access(entry.at, "failed sign-in", address))
        else:
            locked = (entry.after or {}).get("locked_until") is not None
            account.lines.append(
                Access(entry.at, "locked" if locked else "unlocked", why=entry.who)
            )


def _open_at(row: PlayerSession, moment: datetime) -> bool:
    return utc(row.started_at) < moment and (row.ended_at is None or utc(row.ended_at) > moment)


def _with(account: Account, seen: datetime, address: str) -> Account:
    return Account(
        account.player_id,
        account.name,
        account.role,
        account.functions,
        account.created_at,
        seen,
        address,
        account.lines,
    )


def words(account: Account) -> list[str]:
    """The account's part of the printed report, one line each."""
    who = f"{account.name} ({account.player_id})" if account.name else account.player_id
    head = f"{who}, {account.role}" if account.role else f"{who}: no such account"
    out = [head]
    if account.role:
        out.append(f"  may: {account.functions}")
        created = "unknown" if account.created_at is None else _when(account.created_at)
        out.append(f"  created: {created}")
        if account.last_access is None:
            out.append("  last access: never")
        else:
            where = account.last_address or "address not known"
            out.append(f"  last access: {_when(account.last_access)} from {where}")
    if not account.lines:
        out.append("  No Activity")
    for line in account.lines:
        where = f" from {line.address}" if line.address else ""
        if line.what == "session":
            end = "still open" if line.until is None else f"ended {_when(line.until)}"
            why = f" ({line.why})" if line.why and line.until is not None else ""
            out.append(f"  {_when(line.at)}  session{where}, {end}{why}")
        elif line.what == "failed sign-in":
            out.append(f"  {_when(line.at)}  failed sign-in{where}")
        else:
            out.append(f"  {_when(line.at)}  {line.what} by {line.why}")
    return out


def _when(moment: datetime) -> str:
    return f"{utc(moment):%Y-%m-%d %H:%M:%S} UTC"
