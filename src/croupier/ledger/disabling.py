"""Disabling and enabling a table, a game, a paytable or a player (GLI-19 2.4.1, 4.15).

What is disabled is a row of ``disabled`` (:class:`~croupier.ledger.models.Disabled`):
the thing (:data:`THINGS`), its subject, by whom, when and why; enabling deletes the row.
Each step is a significant event with the values before and after
(:mod:`croupier.ledger.significant_events`), in the same transaction.

- a **table** disabled opens no new round; the round in progress finishes;
- a **game** disabled: no table of it opens a new round;
- a **paytable** is a version of a table's Rules Submission (subject
  ``<table>/<version>``): while it is disabled, the table opens no round under it (the
  round in progress finishes; another version put in force deals again);
- a **player** disabled takes no seat and places no wager in a round he has none in yet;
  he finishes the round in progress (GLI-19 4.15.1: the game in progress completes).

Who may do what is the server's (docs/interpretations.md, "Who disables"). Every
refusal is a :class:`DisabledError` (409; a disabled player's own seat or wager
:class:`PlayerDisabled`, 403: he is not allowed) naming what is disabled, by whom, when,
why and the rule; nothing is stored.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal, get_args

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import AccessDenied, LedgerError, NotFound
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import Disabled, GameTable, Player, RulesVersion, now, utc
from croupier.ledger.significant_events import Kind, record
from croupier.registry import GAMES

Thing = Literal["table", "game", "paytable", "player"]
THINGS: tuple[Thing, ...] = get_args(Thing)
CITE = "GLI-19 2.4.1"
"""Disabling on demand: all gaming, a game, a paytable or version, a player's login."""
PLAYER_CITE = "GLI-19 2.4.1; GLI-19 4.15.1"
"""A player disabled finishes the game in progress, then may play no more."""

_KINDS: dict[Thing, tuple[Kind, Kind]] = {
    "table": (Kind.TABLE_DISABLED, Kind.TABLE_ENABLED),
    "game": (Kind.GAME_DISABLED, Kind.GAME_ENABLED),
    "paytable": (Kind.PAYTABLE_DISABLED, Kind.PAYTABLE_ENABLED),
    "player": (Kind.PLAYER_DISABLED, Kind.PLAYER_ENABLED),
}


class DisabledError(LedgerError):
    """A request refused because what it needs is disabled (409); ``closed``: the
    operator's reason, as recorded, where a table is closed for play
    (:func:`check_dealing`)."""

    def __init__(self, message: str, cite: str, closed: str = "") -> None:
        super().__init__(message, cite)
        self.closed = closed


class PlayerDisabled(DisabledError, AccessDenied):
    """A seat or a wager refused to a disabled player: not allowed (403), as a
    suspended or self-excluded player's (:class:`~croupier.errors.PlayStopped`);
    ``why``: the refusal's words of who disabled his account, when and why."""

    def __init__(self, message: str, cite: str, why: str = "") -> None:
        super().__init__(message, cite)
        self.why = why


def paytable(table_id: str, version: int) -> str:
    """The subject of version ``version`` of table ``table_id``'s Rules Submission."""
    return f"{table_id}/{version}"


def named(thing: Thing, subject: str) -> str:
    """The thing in words: ``table sb``, ``game craps``, ``version 2 of table sb's Rules
    Submission``, ``player 1f2e``."""
    if thing == "paytable":
        table_id, _, version = subject.rpartition("/")
        return f"version {version} of table {table_id}'s Rules Submission (its paytable)"
    return f"{thing} {subject}"


def _check_subject(session: Session, thing: Thing, subject: str) -> None:
    """Raise :class:`NotFound` for a subject that does not exist."""
    if thing == "table":
        found = session.get(GameTable, subject) is not None
    elif thing == "player":
        found = session.get(Player, subject) is not None
    elif thing == "game":
        found = subject in GAMES
    else:
        table_id, _, number = subject.rpartition("/")
        # ASCII digits only, and few (a version number; str.isdigit also takes "²", and a
        # longer number overflows the database's integer).
        number_ok = number.isascii() and number.isdigit() and len(number) <= 9
        found = number_ok and session.get(RulesVersion, (table_id, int(number))) is not None
        if not found:
            raise NotFound(
                f"no paytable {subject!r}: a paytable is named <table>/<version> of a "
                "version of the table's Rules Submission",
                CITE,
            )
    if not found:
        known = f": the games are {', '.join(GAMES)}" if thing == "game" else ""
        raise NotFound(f"no {thing} {subject!r}{known}", CITE)


def _by(by: str) -> str:
    if not isinstance(by, str) or not by.strip():
        raise LedgerError("disabling or enabling names who does it: it may not be blank", CITE)
    return by.strip()


def disable(
    session: Session,
    thing: Thing,
    subject: str,
    *,
    by: str,
    reason: str,
    at: datetime | None = None,
) -> Disabled:
    """Disable ``thing`` ``subject`` (see the module's notes) by ``by`` for ``reason``,
    recorded as a significant event. Raises :class:`NotFound` (no such thing),
    :class:`LedgerError` (a blank name or reason) and :class:`DisabledError` (disabled
    already: by whom, when)."""
    if thing not in THINGS:
        raise ValueError(f"only a table, a game, a paytable or a player is disabled, not {thing!r}")
    who = _by(by)
    if not reason.strip():
        raise LedgerError(f"disabling {named(thing, subject)} gives its reason", CITE)
    _check_subject(session, thing, subject)
    moment = utc(at or now())
    held = session.get(Disabled, (thing, subject))
    if held is not None:
        raise DisabledError(f"{_since(held)}: it is disabled already", CITE)
    row = Disabled(thing=thing, subject=subject, by=who, at=moment, reason=reason.strip())
    session.add(row)
    record(
        session,
        kind=_KINDS[thing][0],
        who=who,
        subject=subject,
        before={"disabled": False},
        after={"disabled": True, "reason": row.reason},
        words=f"{who} disabled {named(thing, subject)}: {row.reason}",
        at=moment,
    )
    return row


def enable(
    session: Session, thing: Thing, subject: str, *, by: str, at: datetime | None = None
) -> None:
    """Enable ``thing`` ``subject`` again, recorded as a significant event (before: who
    disabled it, when and why). Raises :class:`NotFound` (no such thing),
    :class:`LedgerError` (a blank name, or it is not disabled)."""
    if thing not in THINGS:
        raise ValueError(f"only a table, a game, a paytable or a player is enabled, not {thing!r}")
    who = _by(by)
    _check_subject(session, thing, subject)
    held = session.get(Disabled, (thing, subject))
    if held is None:
        raise LedgerError(
            f"{named(thing, subject)} is not disabled: there is nothing to enable", CITE
        )
    before = {
        "disabled": True,
        "by": held.by,
        "at": utc(held.at).isoformat(),
        "reason": held.reason,
    }
    session.delete(held)
    record(
        session,
        kind=_KINDS[thing][1],
        who=who,
        subject=subject,
        before=before,
        after={"disabled": False},
        words=f"{who} enabled {named(thing, subject)} again",
        at=at,
    )
    session.flush()


def listed(session: Session) -> list[Disabled]:
    """Everything disabled now, by thing and subject."""
    return list(session.scalars(select(Disabled).order_by(Disabled.thing, Disabled.subject)))


_ACCOUNT = re.compile(r" \([0-9a-f]{16}\)$")


def shown_by(by: str) -> str:
    """Who disabled a thing as a refusal shows him: the name recorded without the account
    id the server adds to it (``"dee (3845b99f6bc11481)"`` -> ``"dee"``). An account id
    is an internal code, and with it anyone could lock that account by failed sign-ins
    (GLI-19 2.5.3(d)); the significant event keeps the whole."""
    return _ACCOUNT.sub("", by)


def _since(row: Disabled) -> str:
    why = f" ({row.reason})" if row.reason else ""
    return (
        f"{named(row.thing, row.subject)} was disabled by {shown_by(row.by)} on "  # type: ignore[arg-type]
        f"{utc(row.at):%Y-%m-%d %H:%M} UTC{why}"
    )


def stored_moment(value: datetime | str) -> datetime:
    """A moment as the driver gives it back: PostgreSQL a datetime, SQLite the UTC text
    SQLAlchemy wrote (:meth:`croupier.ledger.db.Raw.when`)."""
    return utc(datetime.fromisoformat(value) if isinstance(value, str) else value)


# On the command path: one statement on the DB-API connection (docs/performance.md).
_DEALING = Statement.of(
    'SELECT thing, subject, "by", at, reason FROM disabled WHERE '
    "(thing = 'table' AND subject = :table) OR (thing = 'game' AND subject = :game) "
    "OR (thing = 'paytable' AND subject = :paytable)"
)
_PLAYER = Statement.of(
    "SELECT \"by\", at, reason FROM disabled WHERE thing = 'player' AND subject = :p"
)


def closing(session: Session, table_id: str, game: str, version: int | None) -> Disabled | None:
    """What closes table ``table_id`` (of ``game``) for play: the table, the game or
    version ``version`` of its Rules Submission (``None``: none in force) disabled, the
    first found in that order; ``None`` where nothing does."""
    subject = paytable(table_id, version) if version is not None else ""
    found = (
        raw(session)
        .execute(_DEALING, {"table": table_id, "game": game, "paytable": subject})
        .fetchall()
    )
    if not found:
        return None
    order = ("table", "game", "paytable")
    thing, subject, by, at, reason = min(found, key=lambda r: order.index(r[0]))
    return Disabled(thing=thing, subject=subject, by=by, at=stored_moment(at), reason=reason)


def check_dealing(session: Session, table_id: str, game: str, version: int) -> None:
    """Refuse (:class:`DisabledError`, its ``closed`` the operator's reason) a new round at
    table ``table_id`` (of ``game``, under version ``version`` of its Rules Submission)
    where the table, the game or that paytable is disabled; the first found is named."""
    first = closing(session, table_id, game, version)
    if first is not None:
        raise DisabledError(
            f"{_since(first)}: table {table_id} opens no new round until it is enabled "
            "(the round in progress was allowed to finish)",
            CITE,
            first.reason,
        )


def check_player(session: Session, player_id: str, doing: str) -> None:
    """Refuse (:class:`PlayerDisabled`, 403) ``doing`` (``take a seat``, ``wager in a new
    round``) to a disabled player."""
    row = raw(session).execute(_PLAYER, {"p": player_id}).fetchone()
    if row is not None:
        by, at, reason = row
        why = (
            f"your account was disabled by {shown_by(by)} on "
            f"{stored_moment(at):%Y-%m-%d %H:%M} UTC{f' ({reason})' if reason else ''}"
        )
        raise PlayerDisabled(
            f"you may not {doing}: {why}; a round you are playing finishes", PLAYER_CITE, why
        )
