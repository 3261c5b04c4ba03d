"""Rounds: a table's history, a round hand by hand as the caller may see it, a finished
round revealed for anyone to check, and the dealer's replay for a dispute."""

from typing import Annotated, cast

from fastapi import APIRouter, Query, Request
from sqlalchemy import select

from croupier.engine import DEALER, Actor, RoundOpened
from croupier.game import Viewer
from croupier.ledger import repository as repo
from croupier.ledger.models import Player, RoundRow
from croupier.registry import find
from croupier.server import driver, legacy, reveal, schemas, seals, service
from croupier.server.browser import round_summary, views_after_each
from croupier.server.privacy import stand_ins
from croupier.server.routes.deps import PROBLEMS, Caller, Db, Staff, server_of

router = APIRouter()


@router.get("/tables/{table_id}/rounds", response_model=schemas.RoundsOut, responses=PROBLEMS)
def rounds(
    request: Request,
    table_id: str,
    db: Db,
    me: Caller,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> schemas.RoundsOut:
    """The table's rounds, newest first (at most ``limit``; with ``before``, only
    those numbered below it: the next page starts before the last number shown). A
    round whose deadline has passed is shown after its timeout."""
    repo.get_table(db, table_id)
    hub = server_of(request).hub
    if driver.due(db, table_id, hub.clock()):  # as the view does: the timeout first
        db.commit()
        hub.expire(table_id)
    query = select(RoundRow).where(RoundRow.table_id == table_id)
    if before is not None:
        query = query.where(RoundRow.number < before)
    rows = list(db.scalars(query.order_by(RoundRow.number.desc()).limit(limit)))
    return schemas.RoundsOut(table_id=table_id, rounds=[round_summary(db, row, me) for row in rows])


@router.get("/rounds/{round_id}/replay", response_model=schemas.ReplayOut, responses=PROBLEMS)
def replay(round_id: str, db: Db, me: Staff) -> schemas.ReplayOut:
    """Dealer or admin: the round rebuilt from its stored events, for a dispute."""
    return service.replay(db, round_id)


@router.get("/rounds/{round_id}/steps", response_model=schemas.StepsOut, responses=PROBLEMS)
def steps(round_id: str, db: Db, me: Caller) -> schemas.StepsOut:
    """The round hand by hand: each stored event and the caller's view after it (the
    dealer's view for a dealer or admin, the view of the seat the caller held when the
    round opened, the public view for anyone else). A player or spectator gets each
    event as :func:`croupier.server.driver.redact` shows it to that seat (the shuffled
    order, face-down cards and tiles of other hands and the dealer's hole card
    blanked), the same for an open round as for a finished one, and no hash from the
    first event stored before sealing that hides something
    (:mod:`croupier.server.legacy`). The stored events are
    verified by replay first (:class:`croupier.engine.ReplayError` if they do not
    replay)."""
    row, verified = repo.load_round(db, round_id)
    table = repo.get_table(db, row.table_id)
    spec = find(table.game)
    game = spec.round_type
    rows = repo.round_events(db, round_id)
    events = game.events_from_json("[" + ",".join(r.body for r in rows) + "]")
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    actor: Actor | None = None
    surveillance = me.role in ("dealer", "admin")
    if surveillance:
        actor = DEALER
    else:  # the seat the caller held in that round, not the one held now
        actor = next((s for s, pid in opened.seats.items() if pid == me.id), None)
    viewer = Viewer.of(actor, opened.seats)
    names = stand_ins(events, spec.policy)

    def shown(event: schemas.StoredEvent) -> schemas.StoredEvent:
        # A player or spectator sees each event as the command answers show it to him
        # (driver.redact): no shuffled order, no face-down card of another hand.
        if surveillance:
            return seals.seed_sealed(event, row.status == "open")
        return driver.redact(event, events[event.index], spec.policy, viewer, names)

    views = views_after_each(game, events, actor)
    sent = [shown(e) for e in service.stored(rows)]
    if not surveillance:  # no old, unsealed hash that gives a hidden card away
        sent = legacy.withhold(sent, legacy.exposed_from(db, row, verified))
    held = select(Player.id, Player.name).where(Player.id.in_(list(opened.seats.values())))
    names = {row.id: row.name for row in db.execute(held)}
    seats = [
        schemas.SeatOut(seat=seat, player_id=pid, name=names.get(pid))
        for seat, pid in sorted(opened.seats.items())
    ]
    by_seat = {s.seat: s.name or f"Seat {s.seat}" for s in seats}
    views = [service.shielded_view(view, me, by_seat) for view in views]
    return schemas.StepsOut(
        seats=service.shielded(seats, me),
        round_id=row.id,
        table_id=row.table_id,
        game=table.game,
        status=cast(service.Status, row.status),
        actor=actor,
        steps=[schemas.Step(event=e, view=view) for e, view in zip(sent, views, strict=True)],
    )


@router.get("/rounds/{round_id}/reveal", response_model=schemas.RevealOut, responses=PROBLEMS)
def reveal_round(round_id: str, db: Db, me: Caller) -> schemas.RevealOut:
    """A round that is over, for any player or spectator to check: every event whole
    with the salts that open the commitments received while it was played (the
    shuffled order, each card dealt face down), so that every card seen can be
    traced to the order committed when it was shuffled (``croupier verify-round``;
    docs/architecture.md, "Provably fair rounds"), but for other players' account ids
    (their stand-ins: "Seat privacy"). 409 while the round is open, or
    while a later round still deals from its shoe."""
    return reveal.reveal(db, round_id, me)
