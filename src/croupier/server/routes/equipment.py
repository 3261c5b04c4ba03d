"""The floor's view of what a table keeps between rounds, and its equipment signed out of
order and back in (:mod:`croupier.server.table_state`).

- ``GET /tables/{id}/state``: dealer or admin: the table's state as kept (its decks and
  when each was opened, the equipment out of order, Pai Gow's start of the game and bank
  rotation; not the cards left in a shoe, sealed until it is reshuffled), the equipment
  out of order in words, and the notices for the floor, newest last (a deck changed
  after its hours, an idle table back at the start of the game, equipment signed out or
  in). The floor page (``/play/floor.html``) shows the
  notices and the equipment out of order.
- ``POST /tables/{id}/equipment``: sign a device out of order (a dealer or an admin: the
  dealer covers it or places the sign, 674a.13(g), 676a.13(g)) or back into use (an
  admin only: the floor returns it to use, docs/interpretations.md); it takes effect
  from the table's next round and stays so until signed the other way.
"""

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field, StrictBool
from sqlalchemy.orm import Session

from croupier.ledger.significant_events import Kind, record
from croupier.ledger.versions import NotInForce
from croupier.server import service, table_state
from croupier.server.routes.deps import PROBLEMS, Db, Staff


class NoticeOut(BaseModel):
    """A notice for the floor: when (aware UTC), the round it came after or before, and
    what happened, in words ending with the section."""

    at: str
    round: int
    text: str


class TableStateOut(BaseModel):
    """What the table keeps between rounds (``game``: its name, ``title`` in words;
    ``state``: the game's, as JSON, less what is
    sealed, the cards left in a shoe; empty before its first round), the devices that may
    be signed out of order at its game, the equipment out of order now (``out_of_order``,
    each in words ending with its section) and the notices for the floor, newest last."""

    table_id: str
    game: str
    title: str
    state: dict[str, Any]
    devices: list[str]
    out_of_order: list[str]
    notices: list[NoticeOut]


class EquipmentIn(BaseModel):
    """A device (``automated_shuffler``, ``automated_dealing_shoe``) signed out of order
    (``out_of_order`` true) or back into use (false)."""

    device: str = Field(max_length=60)
    out_of_order: StrictBool


class EquipmentOut(BaseModel):
    """What signing the device did, in words (each notice ends with its section)."""

    table_id: str
    notices: list[str]


def _rules(db: Session, table_id: str, now: datetime) -> Any:
    """The Rules Submission in force at the table, ``None`` where none is."""
    try:
        return service.rules_of(db, table_id, now)
    except NotInForce:
        return None


def _state_out(db: Session, table_id: str, now: datetime) -> TableStateOut:
    spec = service.spec_of_table(db, table_id)
    state, notices = table_state.state_of(db, table_id)
    kind = spec.policy.state_type
    return TableStateOut(
        table_id=table_id,
        game=spec.name,
        title=spec.title,
        state={k: v for k, v in state.items() if kind is None or k not in kind.sealed},
        devices=list(kind.devices) if kind is not None else [],
        out_of_order=table_state.out_of_order(db, table_id, spec, _rules(db, table_id, now)),
        notices=[NoticeOut(**notice) for notice in notices],
    )


router = APIRouter()


@router.get("/tables/{table_id}/state", response_model=TableStateOut, responses=PROBLEMS)
def kept(table_id: str, request: Request, db: Db, me: Staff) -> TableStateOut:
    """Dealer or admin: what the table keeps between rounds, its equipment out of order
    and the floor's notices."""
    return _state_out(db, table_id, request.app.state.server.hub.clock())


@router.post("/tables/{table_id}/equipment", response_model=EquipmentOut, responses=PROBLEMS)
def equipment(
    table_id: str, body: EquipmentIn, request: Request, db: Db, me: Staff
) -> EquipmentOut:
    """Sign a device out of order (dealer or admin) or back into use (admin), from the
    table's next round on (674a.9(a)(1), 674a.13(g), 676a.9(a)(1), 676a.13(g)). A player
    is refused (403) before the body is read."""
    allowed = ("dealer", "admin") if body.out_of_order else ("admin",)
    if me.role not in allowed:
        what = "sign equipment out of order" if body.out_of_order else "sign it back in"
        raise service.AccessDenied(
            f"to {what} needs the role {' or '.join(allowed)}, not {me.role}",
            "server:roles",
        )
    server = request.app.state.server
    now = server.hub.clock()
    spec = service.spec_of_table(db, table_id)
    rules = service.rules_of(db, table_id, now)
    said = table_state.sign(db, table_id, spec, rules, body.device, body.out_of_order, now)
    who = f"{me.name} ({me.id})"
    record(
        db,
        kind=Kind.EQUIPMENT_SIGNED,
        who=who,
        subject=table_id,
        before={"device": body.device, "out_of_order": not body.out_of_order},
        after={"device": body.device, "out_of_order": body.out_of_order},
        words=f"{who} signed {body.device.replace('_', ' ')} at table {table_id} "
        f"{'out of order' if body.out_of_order else 'back into use'}: {' '.join(said)}",
        at=now,
    )
    db.commit()
    server.hub.changed(table_id)
    return EquipmentOut(table_id=table_id, notices=said)
