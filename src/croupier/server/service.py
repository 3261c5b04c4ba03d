"""What the table server does with a request, inside one database transaction.

The caller opens a session, calls one of these functions and commits; any
exception rolls the whole transaction back, so a refused command stores no
event, no posting and no new round version.
"""

from __future__ import annotations

import json
from typing import Any, Literal, cast

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor, LegalCommand, Round, RoundVoided
from croupier.errors import CroupierError, RulesSubmissionError
from croupier.games import GAMES
from croupier.ledger import repository as repo
from croupier.ledger.models import EventRow, GameTable, Player, RoundRow, Seat
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission, load_text, validate
from croupier.server import schemas
from croupier.server.driver import SERVED_GAMES, next_dealer_step

Status = Literal["open", "completed", "voided"]


class AccessDenied(CroupierError):
    """The caller's role or seat does not allow the request (403)."""


class Unprocessable(CroupierError):
    """A request that cannot be taken as sent, whatever the state (422)."""


def rules_from(body: schemas.TableCreate) -> RulesSubmission:
    """The Rules Submission of a new table, from JSON or TOML; only games the server deals."""
    if (body.rules is None) == (body.rules_toml is None):
        raise RulesSubmissionError("give the Rules Submission as `rules` or `rules_toml`", "601a.2")
    if body.rules_toml is not None:
        rules = load_text(body.rules_toml)
    else:
        data = body.rules or {}
        game = data.get("game")
        if game not in GAMES:
            known = ", ".join(sorted(GAMES))
            raise RulesSubmissionError(f"unknown game {game!r}; known games: {known}", "601a.2")
        rules = validate(GAMES[game].rules_type, data)
    if rules.game not in SERVED_GAMES:
        raise RulesSubmissionError(
            f"the table server does not deal {rules.game} yet; it deals " + ", ".join(SERVED_GAMES),
            "server:served-games",
        )
    return rules


def table_rules(table: GameTable) -> RulesSubmission:
    return GAMES[table.game].rules_type.model_validate_json(table.rules_json)


def table_out(session: Session, table: GameTable) -> schemas.TableOut:
    seats = session.scalars(select(Seat).where(Seat.table_id == table.id).order_by(Seat.seat))
    return schemas.TableOut(
        id=table.id,
        game=table.game,
        rules=json.loads(table.rules_json),
        rules_sha256=table.rules_sha256,
        minimum_wager=table.minimum_wager,
        maximum_wager=table.maximum_wager,
        seats=[schemas.SeatOut(seat=s.seat, player_id=s.player_id) for s in seats],
        events=table.event_count,
        head_hash=table.head_hash,
    )


def create_table(session: Session, body: schemas.TableCreate) -> schemas.TableOut:
    rules = rules_from(body)
    if session.get(GameTable, body.id) is not None:
        raise repo.LedgerError(f"table {body.id!r} already exists", "server:table-id")
    try:
        table = repo.create_table(session, body.id, rules)
    except IntegrityError as error:
        raise repo.LedgerError(f"table {body.id!r} already exists", "server:table-id") from error
    return table_out(session, table)


def join(session: Session, player: Player, table_id: str, seat: int) -> schemas.SeatOut:
    table = repo.get_table(session, table_id)
    if player.role != "player":
        raise AccessDenied(f"a {player.role} does not take a seat", "server:roles")
    rules = table_rules(table)
    if not 1 <= seat <= rules.seat_count():
        raise RulesSubmissionError(
            f"seat {seat} does not exist: the table has betting positions "
            f"1 to {rules.seat_count()}",
            rules.seats_cite(),
        )
    taken = session.get(Seat, (table_id, seat))
    if taken is not None:
        raise repo.LedgerError(f"seat {seat} is taken", "server:seats")
    mine = session.scalars(
        select(Seat).where(Seat.table_id == table_id, Seat.player_id == player.id)
    ).first()
    if mine is not None:
        raise repo.LedgerError(f"you already sit at seat {mine.seat}", "server:seats")
    session.add(Seat(table_id=table_id, seat=seat, player_id=player.id))
    try:
        session.flush()
    except IntegrityError as error:
        raise repo.LedgerError(f"seat {seat} was just taken", "server:seats") from error
    return schemas.SeatOut(seat=seat, player_id=player.id)


def actor_of(session: Session, player: Player, table_id: str) -> Actor | None:
    """The caller's actor at the table: their seat, the dealer, or ``None`` (a spectator)."""
    if player.role == "dealer":
        return DEALER
    if player.role != "player":
        return None
    seat = session.scalars(
        select(Seat.seat).where(Seat.table_id == table_id, Seat.player_id == player.id)
    ).first()
    return seat


def _open_round(session: Session, table_id: str) -> RoundRow | None:
    return session.scalars(
        select(RoundRow).where(RoundRow.table_id == table_id, RoundRow.status == "open")
    ).first()


def _latest_round(session: Session, table_id: str) -> RoundRow | None:
    return session.scalars(
        select(RoundRow).where(RoundRow.table_id == table_id).order_by(RoundRow.number.desc())
    ).first()


def _seats(session: Session, table_id: str) -> dict[int, str]:
    rows = session.scalars(select(Seat).where(Seat.table_id == table_id))
    return {row.seat: row.player_id for row in rows}


def _new_round(session: Session, table: GameTable, rng: Rng) -> tuple[RoundRow, Round[Any]]:
    number = (
        session.scalar(select(func.max(RoundRow.number)).where(RoundRow.table_id == table.id)) or 0
    ) + 1
    round_id = f"{table.id}-{number}"
    game = GAMES[table.game]
    round_ = game.open(
        table_rules(table),
        table_id=table.id,
        round_id=round_id,
        seats=_seats(session, table.id),
        rng=rng,
    )
    row = RoundRow(id=round_id, table_id=table.id, number=number, version=0, status="open")
    return row, round_


def _status(round_: Round[Any]) -> Status:
    if not round_.finished:
        return "open"
    return "voided" if any(isinstance(e, RoundVoided) for e in round_.events) else "completed"


def stored(rows: list[EventRow]) -> list[schemas.StoredEvent]:
    return [
        schemas.StoredEvent(
            seq=row.seq, index=row.index, type=row.type, hash=row.hash, event=json.loads(row.body)
        )
        for row in rows
    ]


def handle_command(
    session: Session, player: Player, table_id: str, body: schemas.CommandIn, rng: Rng
) -> schemas.CommandOut:
    """Run one command: rebuild the open round (or open the next), handle, let the dealer
    steps follow, then store events, postings and the round's new version."""
    table = repo.get_table(session, table_id)
    actor = actor_of(session, player, table_id)
    if actor is None:
        why = "take a seat first" if player.role == "player" else f"a {player.role} does not play"
        raise AccessDenied(f"you have no seat at table {table_id}: {why}", "server:roles")
    game = GAMES[table.game]
    command = game.command_adapter.validate_python(body.command)
    row = _open_round(session, table_id)
    if row is None:
        row, round_ = _new_round(session, table, rng)
        first_new, new = 0, True
    else:
        row, round_ = repo.load_round(session, row.id)
        round_.rng = rng
        first_new, new = len(round_.events), False
    if body.round_version is not None and body.round_version != row.version:
        raise repo.StaleVersion(
            f"round {row.id} is at version {row.version}, not {body.round_version}: "
            "look at the table again",
            "server:optimistic-concurrency",
        )
    round_.handle(command, actor)
    while (step := next_dealer_step(round_)) is not None:
        round_.handle(step, DEALER)
    old_version, version, status = row.version, len(round_.events), _status(round_)
    if new:
        row.version, row.status = version, status
        session.add(row)
        try:
            session.flush()
        except IntegrityError as error:
            raise repo.StaleVersion(
                f"another round opened at table {table_id}; send the command again",
                "server:optimistic-concurrency",
            ) from error
    rows = repo.append_events(session, table, row.id, first_new, round_.events[first_new:])
    repo.post_round_events(session, table_id, row.id, round_.events, first_new)
    if not new:
        moved = session.execute(
            update(RoundRow)
            .where(RoundRow.id == row.id, RoundRow.version == old_version)
            .values(version=version, status=status)
            .execution_options(synchronize_session=False)
        )
        if cast(Any, moved).rowcount != 1:
            raise repo.StaleVersion(
                f"round {row.id} changed while this command was handled; send it again",
                "server:optimistic-concurrency",
            )
    balance = repo.balance(session, player.id) if player.role == "player" else None
    return schemas.CommandOut(
        table_id=table_id,
        round_id=row.id,
        round_version=version,
        round_status=status,
        events=stored(rows),
        balance=balance,
    )


def view(session: Session, player: Player, table_id: str) -> schemas.ViewOut:
    table = repo.get_table(session, table_id)
    actor = actor_of(session, player, table_id)
    balance = repo.balance(session, player.id)
    latest = _latest_round(session, table_id)
    legal: list[LegalCommand] = []
    seen: dict[str, Any] | None = None
    if latest is not None:
        latest, round_ = repo.load_round(session, latest.id)
        seen = round_.view(actor)
        if actor is not None and not round_.finished:
            legal = round_.legal_commands(actor)
    if actor is not None and (latest is None or latest.status != "open"):
        # No round is open: what would open the next one, with the seats as they are now.
        _, upcoming = _new_round(session, table, rng=_NoDraw())
        legal = upcoming.legal_commands(actor)
    return schemas.ViewOut(
        table_id=table_id,
        actor=actor,
        round_id=latest.id if latest else None,
        round_version=latest.version if latest else None,
        round_status=cast(Status, latest.status) if latest else None,
        view=seen,
        legal_commands=legal,
        balance=balance,
    )


class _NoDraw:
    """A random source for a round that is only asked what is legal: it never draws."""

    def randbelow(self, n: int) -> int:
        raise AssertionError("a preview round must not draw")


def replay(session: Session, round_id: str) -> schemas.ReplayOut:
    row, round_ = repo.load_round(session, round_id)
    table = repo.get_table(session, row.table_id)
    return schemas.ReplayOut(
        round_id=row.id,
        table_id=row.table_id,
        game=table.game,
        status=cast(Status, row.status),
        version=row.version,
        events=stored(repo.round_events(session, round_id)),
        view=round_.view(DEALER),
    )


def verify(session: Session, table_id: str) -> schemas.VerifyOut:
    report = repo.verify_chain(session, table_id)
    return schemas.VerifyOut(
        table_id=report.table_id,
        ok=report.ok,
        events=report.events,
        head_hash=report.head_hash,
        problem=report.problem,
        first_bad_seq=report.first_bad_seq,
    )
