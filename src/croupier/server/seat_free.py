"""The floor frees a player's seat (``DELETE /tables/{id}/seats/{seat}`` by an admin for
a seat another player holds): a player whose browser closed keeps his seat until he
leaves it, and a newcomer finds the table full, so the floor clears it, as a pit's floor
supervisor clears the seat of a player who has left.

Only where the player loses nothing: the same rule as his own leaving, the seat free
between rounds or while it has no wager in the open round; a wager in play stays and is
settled as the game's rules say, and the floor frees the seat once it is. A reason is
required. Each freeing is a significant event (:data:`~croupier.ledger.significant_events.
Kind.SEAT_FREED`) naming who, the seat, the player and why, stored with the change in one
transaction (docs/interpretations.md, "The floor frees a seat").
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from croupier.errors import AccessDenied, LedgerError
from croupier.ledger.models import Player, Seat
from croupier.ledger.significant_events import Kind, record
from croupier.server.browser import SEATS_CITE as CITE
from croupier.server.schemas import Reason

FLOOR = ("admin",)
"""The roles that may free a seat another player holds."""


class SeatFreeIn(BaseModel):
    """Why the floor frees the seat (required of the floor; a player leaving his own seat
    sends no body); nothing else (a seat named in the body is refused, not ignored)."""

    model_config = ConfigDict(extra="forbid")

    reason: Reason = Field(default="", max_length=1000)


def check(me: Player, held: Seat, table_id: str, reason: str) -> None:
    """Refuse (403) a caller who may not free ``held``, a seat another player holds, and
    (409) the floor freeing it with no reason."""
    where = f"seat {held.seat} of table {table_id}"
    if me.role not in FLOOR:
        raise AccessDenied(
            f"you do not sit at {where}: only the floor (an admin) frees another player's seat",
            CITE,
        )
    if not reason.strip():
        raise LedgerError(f"freeing {where} for another player needs a reason", CITE)


def in_play(seat: int, table_id: str, round_id: str) -> LedgerError:
    """The refusal where the seat has a wager in the open round."""
    return LedgerError(
        f"seat {seat} of table {table_id} has a wager in round {round_id}, which is not over: "
        "a wager in play stays and is settled as the rules say; the floor frees the seat "
        "once the round is settled",
        CITE,
    )


def note(
    session: Session, me: Player, held: Seat, sitter: Player, reason: str, at: datetime
) -> str:
    """Record the freeing as a significant event; returns the sentence, which the
    removed player is told."""
    words = (
        f"The floor ({me.name}) freed seat {held.seat} of table {held.table_id}, "
        f"where {sitter.name} sat: {reason.strip()}"
    )
    record(
        session,
        kind=Kind.SEAT_FREED,
        who=f"{me.name} ({me.id})",
        subject=held.table_id,
        before={"seat": held.seat, "player_id": sitter.id, "name": sitter.name},
        after=None,
        words=words,
        at=at,
    )
    return words
