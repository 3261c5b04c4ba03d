"""The reveal of a round that is over: every event whole, with the salts that open the
commitments its players received while it was played (:mod:`croupier.sealing`).

A round is revealed once it is over, unless its game's policy keeps it sealed because a
later round still deals from what it sealed
(:meth:`~croupier.game.TablePolicy.sealed_until_later`: a shoe carried on); then it is
revealed with the first later round at the table that leaves nothing behind (the
shoe's last round before the reshuffle), or that was not dealt from what the round
before it left (the shoe ended early: its cards changed after their hours). Until then
:class:`NotRevealed` (409) says why.
"""

from __future__ import annotations

import json
from typing import cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.errors import NotRevealed
from croupier.ledger import repository as repo
from croupier.ledger.models import EventRow, Player, RoundRow
from croupier.registry import find
from croupier.sealing import element_commitments
from croupier.server import schemas
from croupier.server.privacy import replaced, stand_ins

CITE = "server:provably-fair"


def revealable(session: Session, row: RoundRow) -> None:
    """Raise :class:`NotRevealed` unless ``row``'s round may be revealed now."""
    if row.status == "open":
        raise NotRevealed(
            f"round {row.id} is still being played: its cards are revealed when it is over",
            CITE,
        )
    _, round_ = repo.load_round(session, row.id)
    policy = find(round_.game).policy
    if not policy.sealed_until_later(round_):
        return
    later = session.scalars(
        select(RoundRow)
        .where(RoundRow.table_id == row.table_id, RoundRow.number > row.number)
        .order_by(RoundRow.number)
    )
    for after in later:
        if after.status == "open":
            break
        _, next_round = repo.load_round(session, after.id)
        if not policy.carried_on(next_round) or not policy.sealed_until_later(next_round):
            return  # reshuffled after it, or the shoe ended early
    raise NotRevealed(
        f"the cards left in the shoe after round {row.id} are still being dealt: the round "
        "is revealed when the shoe is reshuffled",
        CITE,
    )


def reveal(session: Session, round_id: str, me: Player) -> schemas.RevealOut:
    """Round ``round_id`` whole, with its salts, as ``me`` may read it: a player or
    spectator reads every account id by its stand-in
    (:mod:`croupier.server.privacy`: such an event is marked ``ids_replaced``, its hash
    being over the ids), the staff every id. Raises ``NotFound`` for no such
    round and :class:`NotRevealed` while it is sealed."""
    row = session.get(RoundRow, round_id)
    if row is None:
        raise repo.NotFound(f"there is no round {round_id!r}", NOT_FOUND)
    revealable(session, row)
    table = repo.get_table(session, row.table_id)
    _, round_ = repo.load_round(session, round_id)
    names: dict[str, str] = {}
    if me.role not in ("dealer", "admin"):
        names = stand_ins(round_.events, find(table.game).policy)
    events = [_revealed(stored, names) for stored in repo.round_events(session, round_id)]
    before = session.scalars(
        select(RoundRow.id).where(
            RoundRow.table_id == row.table_id, RoundRow.number == row.number - 1
        )
    ).first()
    return schemas.RevealOut(
        round_id=row.id,
        table_id=row.table_id,
        game=table.game,
        status=cast(schemas.RevealStatus, row.status),
        events=events,
        previous_round_id=before,
        carried_on=find(table.game).policy.carried_on(round_),
        software=schemas.software(),
    )


def _revealed(stored: EventRow, names: dict[str, str]) -> schemas.RevealedEvent:
    """One stored event as the reveal shows it, account ids by their stand-ins ``names``."""
    body = json.loads(stored.body)
    shown = replaced(body, names)
    salts = json.loads(stored.salts) if stored.salts else {}
    elements = {
        name: element_commitments(body[name], salt)
        for name, salt in salts.items()
        if isinstance(salt, list)
    }
    return schemas.RevealedEvent(
        seq=stored.seq,
        index=stored.index,
        type=stored.type,
        prev_hash=stored.prev_hash,
        hash=stored.hash,
        sealed=json.loads(stored.sealed) if stored.sealed else {},
        event=shown,
        salts=salts,
        elements=elements,
        ids_replaced=shown != body,
    )
