"""Large wagers and large wins as significant events (GLI-19 2.8.8: "large wins and
large wagers, single and aggregate").

The thresholds are the operator's, set per table in its settings (``large_wager`` and
``large_win``, cents; ``None``: not watched; ``schemas.TableSettings``), fixed when the
table is created like its other settings and read once per process. As a command is
stored (:func:`croupier.ledger.commands.store_command`), :func:`watch`:

- records each **single** wager of at least ``large_wager`` cents as it is placed, and
  each wager settled with winnings (``won``) of at least ``large_win``;
- when the round ends, records each seat whose wagers in the round **together** reach
  ``large_wager``, or whose winnings together reach ``large_win``, where no single one
  did (the aggregate; docs/interpretations.md, "Large wins and wagers").

Each entry names the player, the table, the round, the amount and the threshold, in the
same transaction as the command (nothing is recorded for a command that is refused).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.engine import RoundOpened, WagerPlaced, WagerSettled
from croupier.ledger.cache import process_cache
from croupier.ledger.models import GameTable
from croupier.money import format_cents

CITE = "GLI-19 2.8.8"


@dataclass(frozen=True)
class Thresholds:
    """A table's thresholds in cents (``None``: not watched)."""

    wager: int | None = None
    win: int | None = None


NONE = Thresholds()


def thresholds(session: Session, table_id: str) -> Thresholds:
    """Table ``table_id``'s thresholds, read from its stored settings once per process
    (a table's settings never change)."""
    known = process_cache(session).large
    found = known.get(table_id)
    if found is None:
        stored = session.scalar(select(GameTable.settings_json).where(GameTable.id == table_id))
        settings: dict[str, Any] = json.loads(stored or "{}")
        found = known[table_id] = Thresholds(settings.get("large_wager"), settings.get("large_win"))
    return found


def watch(
    session: Session,
    table_id: str,
    round_id: str,
    events: list[Any],
    first_new: int,
    ended: bool,
    at: datetime,
) -> None:
    """Record the large wagers and wins among ``events[first_new:]`` (those a command
    added to round ``round_id``) and, where the round ``ended``, the seats' aggregates
    over all of ``events`` (the round's). Nothing is read or written for a table that
    sets no threshold."""
    limits = thresholds(session, table_id)
    if limits == NONE or not events:
        return
    opened = events[0]
    seats: dict[int, str] = opened.seats if isinstance(opened, RoundOpened) else {}
    where = f"at table {table_id} in round {round_id}"
    for event in events[first_new:]:
        player = seats.get(getattr(event, "seat", 0), "")
        if isinstance(event, WagerPlaced) and limits.wager and event.amount >= limits.wager:
            _record(session, "wager", player, event.seat, event.amount, limits.wager, where, at)
        if isinstance(event, WagerSettled) and limits.win and event.won >= limits.win:
            _record(session, "win", player, event.seat, event.won, limits.win, where, at)
    if not ended:
        return
    wagered: dict[int, list[int]] = defaultdict(list)
    won: dict[int, list[int]] = defaultdict(list)
    for event in events:
        if isinstance(event, WagerPlaced):
            wagered[event.seat].append(event.amount)
        elif isinstance(event, WagerSettled) and event.won > 0:
            won[event.seat].append(event.won)
    for what, amounts, limit in (("wager", wagered, limits.wager), ("win", won, limits.win)):
        for seat, each in sorted(amounts.items()):
            if limit and sum(each) >= limit and max(each) < limit:
                player = seats.get(seat, "")
                _record(session, what, player, seat, sum(each), limit, where, at, len(each))


def _record(
    session: Session,
    what: str,
    player: str,
    seat: int,
    amount: int,
    limit: int,
    where: str,
    at: datetime,
    together: int = 1,
) -> None:
    from croupier.ledger.significant_events import SYSTEM, Kind, record

    kind = Kind.LARGE_WAGER if what == "wager" else Kind.LARGE_WIN
    noun = ("wagers" if what == "wager" else "wins") if together > 1 else what
    shown = f"{together} {noun} together of" if together > 1 else f"a {noun} of"
    record(
        session,
        kind=kind,
        who=SYSTEM,
        subject=player or f"seat {seat}",
        before=None,
        after={
            "amount": amount,
            "threshold": limit,
            "seat": seat,
            "where": where,
            "aggregate": together > 1,
        },
        words=f"Seat {seat} ({player or 'no player'}) {where}: {shown} "
        f"{format_cents(amount)}, at or over the large-{what} threshold of "
        f"{format_cents(limit)} ({CITE}).",
        at=at,
    )
