"""What the table server does with a request, inside one database transaction.

The caller opens a session, calls one of these functions and commits; any
exception rolls the whole transaction back, so a refused command stores no
event, no posting and no new round version.
"""

from __future__ import annotations

import json
from typing import Any, Literal, cast

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor, LegalCommand, Round, RoundVoided
from croupier.errors import CroupierError, RulesSubmissionError
from croupier.games import GAMES
from croupier.ledger import repository as repo
from croupier.ledger.models import WALLET, EventRow, GameTable, Player, RoundRow, Seat
from croupier.rng import Rng, SeededRng
from croupier.rules.base import RulesSubmission, load_text, validate
from croupier.server import driver, schemas
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
        settings=driver.settings_of(table),
    )


def create_table(session: Session, body: schemas.TableCreate) -> schemas.TableOut:
    rules = rules_from(body)
    if session.get(GameTable, body.id) is not None:
        raise repo.LedgerError(f"table {body.id!r} already exists", "server:table-id")
    try:
        table = repo.create_table(session, body.id, rules)
        table.settings_json = driver.settings_json(body.settings)
        session.flush()
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


def _new_round(
    session: Session, table: GameTable, rng: Rng, preview: bool = False
) -> tuple[RoundRow, Round[Any]]:
    number = (
        session.scalar(select(func.max(RoundRow.number)).where(RoundRow.table_id == table.id)) or 0
    ) + 1
    round_id = f"{table.id}-{number}"
    game = GAMES[table.game]

    def previous() -> Round[Any] | None:  # what the table carries over (driver.open_round)
        return repo.load_round(session, f"{table.id}-{number - 1}")[1] if number > 1 else None

    round_ = driver.open_round(
        game,
        table_rules(table),
        driver.settings_of(table),
        table_id=table.id,
        round_id=round_id,
        seats=_seats(session, table.id),
        rng=rng,
        previous=None if preview else previous,
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
    """Run one command: take the open round (or open the next), handle, let the dealer
    steps follow, then store events, postings and the round's new version.

    The open round comes from this process's cache when the stored version matches, else
    from its stored events, verified by replay (:func:`repo.live_round`); the table and the
    caller's seat are read in one query (:func:`repo.command_head`, which on PostgreSQL
    queues concurrent commands at one table on its row lock) and everything the command
    did is written in a handful of statements (:func:`repo.store_command`)."""
    head = repo.command_head(session, table_id, player.id)
    actor: Actor | None = None
    if player.role == "dealer":
        actor = DEALER
    elif player.role == "player":
        actor = head.seat
    if actor is None:
        why = "take a seat first" if player.role == "player" else f"a {player.role} does not play"
        raise AccessDenied(f"you have no seat at table {table_id}: {why}", "server:roles")
    game = GAMES[head.game]
    command = game.command_adapter.validate_python(body.command)
    old_version: int | None
    if head.round_id is None or head.round_version is None:
        row, round_ = _new_round(session, repo.get_table(session, table_id), rng)
        first_new, old_version, current = 0, None, 0
    else:
        round_ = repo.live_round(session, head.round_id, head.round_version)
        round_.rng = rng
        row = RoundRow(id=head.round_id, table_id=table_id, version=head.round_version)
        first_new, old_version, current = len(round_.events), head.round_version, head.round_version
    if body.round_version is not None and body.round_version != current:
        raise repo.StaleVersion(
            f"round {row.id} is at version {current}, not {body.round_version}: "
            "look at the table again",
            "server:optimistic-concurrency",
        )
    round_.handle(command, actor)
    while (step := next_dealer_step(round_)) is not None:
        round_.handle(step, DEALER)
    version, status = len(round_.events), _status(round_)
    written = repo.store_command(session, head, row, old_version, round_, first_new, status)
    balance = None
    if player.role == "player":
        wallet = repo.account_id(session, WALLET, player_id=player.id)
        balance = written.balances.get(wallet)
        if balance is None:
            balance = repo.balance(session, player.id)
    return schemas.CommandOut(
        table_id=table_id,
        round_id=row.id,
        round_version=version,
        round_status=status,
        events=stored(written.events),
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
        # No round is open: what would open the next one, with the seats as they are now
        # (a preview: its opening dealer steps, e.g. a shuffle, draw from a throwaway source).
        _, upcoming = _new_round(session, table, rng=SeededRng(0), preview=True)
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
