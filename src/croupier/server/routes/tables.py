"""Tables: creating and listing them, their rules and sign, taking and leaving seats, the
caller's view (by request and pushed over a WebSocket) and the table's audit."""

import time
from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, WebSocket
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import select

from croupier.ledger import repository as repo
from croupier.ledger.models import GameTable, Player, RoundRow, Seat
from croupier.registry import GAMES, spec_of
from croupier.server import driver, fanout, schemas, seat_free, service
from croupier.server.browser import (
    RETURNS_WAIT,
    SEATS_CITE,
    sign_text,
    table_help,
    table_returns,
    table_summary,
)
from croupier.server.idempotency import idempotent
from croupier.server.routes.deps import (
    PROBLEMS,
    Admin,
    Caller,
    Db,
    OptionalKey,
    Staff,
    allowing,
    server_of,
)

router = APIRouter()

Seater = Annotated[Player, allowing(lambda player, _connection: service.may_take_seat(player))]
"""The caller, a player (a dealer or admin is refused 403 before the body is read)."""


@router.post("/tables", status_code=201, response_model=schemas.TableOut, responses=PROBLEMS)
def create_table(
    body: schemas.TableCreate, request: Request, db: Db, me: Admin
) -> schemas.TableOut:
    """Admin: a table for a game under a Rules Submission (JSON or TOML)."""
    out = service.create_table(db, body, server_of(request).rng, by=f"{me.name} ({me.id})")
    db.commit()
    return out


@router.get("/tables", response_model=schemas.TablesOut, responses=PROBLEMS)
def list_tables(
    db: Db,
    me: Caller,
    wait: Annotated[float, Query(ge=0, le=RETURNS_WAIT)] = 0.0,
) -> schemas.TablesOut:
    """Every table of a game this server deals: its game, limits (cents), free seats and
    the theoretical return of its main wager, waiting ``wait`` seconds at most in all
    (the lobby: 3) for returns still being worked out."""
    tables = db.scalars(select(GameTable).order_by(GameTable.id))
    # A table of a game this process does not deal (a game registered elsewhere) is
    # left out of the lobby, not allowed to fail it.
    dealt = [table for table in tables if table.game in GAMES]
    # Every table's returns asked for at once (each child started), then waited for
    # together: RETURNS_WAIT seconds in all at most.
    for table in dealt:
        table_returns(service.table_rules(table))
    until = time.monotonic() + wait
    return schemas.TablesOut(
        tables=[table_summary(db, table, max(0.0, until - time.monotonic())) for table in dealt]
    )


@router.get("/tables/{table_id}", response_model=schemas.TableOut, responses=PROBLEMS)
def get_table(table_id: str, db: Db, me: Caller) -> schemas.TableOut:
    """A table, its rules and its seats."""
    table = service.table_out(db, repo.get_table(db, table_id))
    return table.model_copy(update={"seats": service.shielded(table.seats, me)})


@router.get("/tables/{table_id}/help", response_model=schemas.HelpOut, responses=PROBLEMS)
def help_panel(table_id: str, db: Db, me: Caller) -> schemas.HelpOut:
    """How the table's game is played, every wager and what it pays under the Rules
    Submission in force, the limits and each wager's theoretical return (the help
    panel, readable before taking a seat)."""
    return table_help(repo.get_table(db, table_id))


@router.get("/tables/{table_id}/sign", response_model=schemas.SignOut, responses=PROBLEMS)
def sign(table_id: str, db: Db, me: Caller) -> schemas.SignOut:
    """The payout-odds sign of the table's Rules Submission (plain text)."""
    table = repo.get_table(db, table_id)
    return schemas.SignOut(table_id=table_id, text=sign_text(service.table_rules(table)))


@router.post(
    "/tables/{table_id}/seats",
    status_code=201,
    response_model=schemas.SeatTaken,
    responses=PROBLEMS,
)
def join(
    table_id: str,
    body: schemas.SeatIn,
    request: Request,
    db: Db,
    me: Seater,
    key: OptionalKey = None,
) -> Response | schemas.SeatOut:
    """A player takes a free seat; it plays from the next round that opens (the answer
    says where the table is closed for play, and why). Refused 403
    where he may not (a dealer or admin, before the body is read; a player suspended,
    self-excluded or disabled) and 409 where the table is in the way (the seat taken,
    a seat of his already, the seat still in a round). With an ``Idempotency-Key`` the
    request is answered once (:func:`~croupier.server.idempotency.idempotent`): sent
    again, it gets its first answer back (a refusal the rules decided too), and the key
    with another table or body is refused 422 with nothing taken."""

    def run() -> schemas.SeatTaken:
        return service.join(db, me, table_id, body.seat, body.seed_commitment)

    return _once(request, db, me, key, body, 201, table_id, run)


@router.delete(
    "/tables/{table_id}/seats/{seat}", response_model=schemas.SeatOut, responses=PROBLEMS
)
def leave(
    table_id: str,
    seat: Annotated[int, Path(ge=1, le=100)],
    request: Request,
    db: Db,
    me: Caller,
    key: OptionalKey = None,
    body: seat_free.SeatFreeIn | None = None,
) -> Response | schemas.SeatOut:
    """The player at ``seat`` leaves it (the seat is free at once). Refused with 403
    (``server:seats``) for a seat another player holds, 422 for a seat the table does
    not have (as sitting there is), and 409 (``server:seats``) for a seat nobody sits at,
    or while the seat has a wager in the table's open round: he leaves once it is
    settled. A seat left during a round without a wager of its own is taken
    by nobody else until that round is over (:func:`service.join`). A box offered the
    Double Back Jack cut refuses it by leaving (:func:`driver.leave_actions`). An
    ``Idempotency-Key`` is honoured as in :func:`join`. The floor (an admin) frees a seat
    another player holds on the same terms, giving ``{"reason": ...}``
    (:mod:`croupier.server.seat_free`): recorded as a significant event, and the player
    told."""
    hub = server_of(request).hub
    reason = body.reason if body is not None else ""
    freed: list[tuple[str, str]] = []  # the removed player and what he is told

    def run() -> schemas.SeatOut:
        held, sitter = _seat_of(db, table_id, seat)
        if held.player_id != me.id:
            seat_free.check(me, held, table_id, reason)
        _no_wager_in_play(db, table_id, seat, floor=held.player_id != me.id)
        # Leaving refuses a Double Back Jack cut offered to the box, at once and in this
        # transaction, through the command path as a timeout would (673a.5(b)-(c)).
        driver.leave_actions(db, table_id, seat, hub.rng, hub.clock())
        if held.player_id != me.id:
            freed.append((sitter.id, seat_free.note(db, me, held, sitter, reason, hub.clock())))
        db.delete(held)
        return schemas.SeatOut(seat=seat, player_id=sitter.id, name=sitter.name)

    out = _once(request, db, me, key, body, 200, table_id, run)
    for player_id, words in freed:  # the removed player: his sockets, at every table
        hub.tell(player_id, table_id, words)
        hub.moved(player_id)
    return out


def _no_wager_in_play(db: Db, table_id: str, seat: int, floor: bool) -> None:
    """Refuse (409) leaving ``seat``, or the floor freeing it, while it has a wager in the
    table's open round: he leaves once it is settled."""
    open_round = db.scalars(
        select(RoundRow.id).where(RoundRow.table_id == table_id, RoundRow.status == "open")
    ).first()
    playing = repo.load_round(db, open_round)[1] if open_round is not None else None
    if playing is None or not spec_of(playing).policy.has_wager(playing, seat):
        return
    if floor:
        raise seat_free.in_play(seat, table_id, open_round or "")
    raise repo.LedgerError(
        f"seat {seat} has a wager in round {open_round}, which is not over: "
        "leave once it is settled",
        SEATS_CITE,
    )


def _seat_of(db: Db, table_id: str, seat: int) -> tuple[Seat, Player]:
    """The seat held and its player; refused 422 for a seat the table does not have (its
    rule, as taking it is) and 409 for a seat nobody sits at."""
    table = repo.get_table(db, table_id)
    held = db.get(Seat, (table_id, seat))
    if held is None:
        service.table_rules(table).check_seat_exists(seat)
        raise repo.LedgerError(
            f"nobody sits at seat {seat} of table {table_id}: there is no one to leave it",
            SEATS_CITE,
        )
    sitter = db.get(Player, held.player_id)
    assert sitter is not None  # a seat's player is a foreign key
    return held, sitter


def _once(
    request: Request,
    db: Db,
    me: Player,
    key: str | None,
    body: BaseModel | None,
    code: int,
    table_id: str,
    run: Callable[[], schemas.SeatOut],
) -> Response | schemas.SeatOut:
    """``run`` committed, without a key as it is, with one at most once per key
    (:func:`~croupier.server.idempotency.idempotent`); the table's watchers told."""
    if key is None:
        out: Response | schemas.SeatOut = run()
        db.commit()
    else:
        out = idempotent(db, me, key, request, body, code, run)
    server_of(request).hub.changed(table_id)
    return out


@router.get("/tables/{table_id}/view", response_model=schemas.ViewOut, responses=PROBLEMS)
def view(table_id: str, request: Request, db: Db, me: Caller) -> schemas.ViewOut:
    """The caller's view of the table's round and what they may send now."""
    server = server_of(request)
    if driver.due(db, table_id, server.clock()):  # a deadline passed: its timeout comes first
        db.commit()  # end this read (SQLite: its lock) before the timeouts' writes
        server.hub.expire(table_id)
    return service.view(db, me, table_id, server.clock())


@router.websocket("/tables/{table_id}/ws")
async def watch(websocket: WebSocket, table_id: str, token: str = "") -> None:
    """The caller's view, pushed on connect and after every change at the table
    (``{"type": "view", "data": <GET /tables/{table_id}/view>}``). The bearer token
    goes as the subprotocols ``croupier.bearer, TOKEN`` (``new WebSocket(url,
    ["croupier.bearer", token])``; the server answers ``croupier.bearer``), which
    keeps it out of the URL and so out of any log, or as the ``token`` query
    parameter. A bad token is accepted and at once closed with code 4401 and a reason in
    words, an unknown table with 4404."""
    hub = server_of(websocket).hub
    offered = websocket.scope.get("subprotocols") or []
    if len(offered) == 2 and offered[0] == fanout.BEARER_PROTOCOL:
        await hub.serve(websocket, table_id, offered[1], fanout.BEARER_PROTOCOL)
    else:
        await hub.serve(websocket, table_id, token)


@router.get("/tables/{table_id}/verify", response_model=schemas.VerifyOut, responses=PROBLEMS)
def verify(table_id: str, db: Db, me: Staff) -> schemas.VerifyOut:
    """Dealer or admin: audit the table: recompute its event hash chain and check its
    money (the postings' hash chains, each posting balanced, each round's postings
    against what replaying the round pays, every account against its postings, the
    ledger summing to zero). ``problems`` names each event, posting or account that
    does not verify."""
    return service.verify(db, table_id)
