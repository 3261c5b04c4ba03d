"""What the table server does with a request, inside one database transaction.

The caller opens a session, calls one of these functions and commits; any
exception rolls the whole transaction back, so a refused command stores no
event, no posting and no new round version.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, cast

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session

from croupier import citations
from croupier.citations import NOT_FOUND, shown
from croupier.engine import DEALER, Actor, Command, LegalCommand, Round, RoundVoided
from croupier.errors import AccessDenied as AccessDenied
from croupier.errors import DeadlinePassed as DeadlinePassed
from croupier.errors import (
    DealerOnly,
    IllegalCommand,
    NotYourTurn,
    PlayStopped,
    RulesSubmissionError,
)
from croupier.errors import Unprocessable as Unprocessable
from croupier.game import GameSpec, WaitKey
from croupier.ledger import disabling, protection, versions
from croupier.ledger import repository as repo
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import WALLET, EventRow, GameTable, Player, RoundRow, Seat
from croupier.ledger.significant_events import (
    Kind,
    record,
    significant_events_count,
    verify_significant_events,
)
from croupier.money import format_cents
from croupier.registry import find, load_text, rules_from_data, spec_of
from croupier.rng import Rng, SeededRng
from croupier.rules.base import STORED, RulesSubmission
from croupier.server import schemas, seals, selfcheck, table_state
from croupier.server.held import (
    NO_RULES,
    closing,
    play_stopped,
    player_disabled,
    table_disabled,
    table_words,
)

Status = Literal["open", "completed", "voided"]
NOT_DEALING = (versions.NotInForce, disabling.DisabledError, selfcheck.SelfCheckFailed)
"""Why a table opens no new round: no version in force; the table, its game or paytable
disabled; the last self-check failed."""


SERVER = Player(id="server", name="server", role="dealer", token_hash="")
"""The dealer the server acts as for its own steps (never stored)."""

VOID_CITE = "server:void-round"
"""A round is voided only while it is open: a void with none open would open an empty
round only to void it, and move the table on (e.g. the decks' alternation, 676a.3(b)(3))."""


def _article(role: str) -> str:
    """``role`` with its article: "a dealer", "an admin"."""
    return f"{'an' if role[:1] in 'aeiou' else 'a'} {role}"


def rules_from(body: schemas.TableCreate) -> RulesSubmission:
    """The Rules Submission of a new table, from JSON or TOML (any registered game)."""
    if (body.rules is None) == (body.rules_toml is None):
        raise RulesSubmissionError("give the Rules Submission as `rules` or `rules_toml`", "601a.2")
    if body.rules_toml is not None:
        return load_text(body.rules_toml)
    return rules_from_data(body.rules or {})


def table_rules(table: GameTable, at: datetime | None = None) -> RulesSubmission:
    """The table's Rules Submission shown at ``at`` (default now; the version in force,
    else the last that was: :func:`croupier.ledger.versions.shown`), parsed once per
    process for each stored text (a Rules Submission is frozen, so the parsed object is
    shared)."""
    session = object_session(table)
    assert session is not None, "a table read from a session"
    return _parsed_rules(table.game, versions.shown(session, table.id, at).rules_json)


@functools.lru_cache(maxsize=1024)
def _parsed_rules(game: str, rules_json: str) -> RulesSubmission:
    return find(game).rules_type.model_validate_json(rules_json, context=STORED)


def spec_of_table(session: Session, table_id: str) -> GameSpec:
    """The game dealt at table ``table_id`` (read once per process: a table's game never
    changes)."""
    known = repo.process_cache(session).rules
    found = known.get(table_id)
    if found is None:
        found = known[table_id] = _parsed_rules(*_first(repo.get_table(session, table_id)))
    return find(found.game)


def _first(table: GameTable) -> tuple[str, str]:
    return table.game, table.rules_json


def settings_of(table: GameTable) -> schemas.TableSettings:
    """The table's online settings (defaults where none were stored)."""
    return _parsed_settings(table.settings_json or "{}")


@functools.lru_cache(maxsize=1024)
def _parsed_settings(stored: str) -> schemas.TableSettings:
    """The settings stored as ``stored`` (parsed once per process; callers only read them)."""
    return schemas.TableSettings.model_validate_json(stored)


def table_settings(session: Session, table_id: str) -> schemas.TableSettings:
    """The settings of table ``table_id``, read once per process and database (a table's
    settings are stored when it is created and never change). Raises
    :class:`repo.NotFound`."""
    known = repo.process_cache(session).settings
    found = known.get(table_id)
    if found is None:
        found = known[table_id] = settings_of(repo.get_table(session, table_id))
    return cast(schemas.TableSettings, found)


def settings_json(settings: schemas.TableSettings) -> str:
    return json.dumps(settings.model_dump(mode="json"), sort_keys=True)


def round_seats(session: Session, round_id: str) -> dict[int, str]:
    """Who was seated when round ``round_id`` opened (its first event's seats)."""
    first = session.scalars(
        select(EventRow.body).where(EventRow.round_id == round_id, EventRow.index == 0)
    ).first()
    if first is None:
        return {}
    return {int(seat): player for seat, player in json.loads(first)["seats"].items()}


def rules_of(session: Session, table_id: str, at: datetime | None = None) -> RulesSubmission:
    """The Rules Submission in force at table ``table_id`` at ``at`` (default now): its
    version approved and in force then (one query; the parsed submission shared). Raises
    :class:`repo.NotFound` and :class:`versions.NotInForce` (none is: the table deals no
    round, ``server:rules-submission``)."""
    game = spec_of_table(session, table_id).name
    return _parsed_rules(game, versions.in_force(session, table_id, at).rules_json)


def one_wager_words(round_type: type[Any], rules: RulesSubmission) -> str:
    """The rule allowing one wager per spot, in words with its section as a page shows
    it ("one wager per spot (621a.7(a))"); ``""`` where wagers on a spot add up."""
    rule = getattr(round_type, "one_wager_rule", None)
    cite = rule(rules) if rule is not None else None
    return f"one wager per spot ({shown(cite)})" if cite else ""


def table_out(session: Session, table: GameTable) -> schemas.TableOut:
    spec = find(table.game)
    version = versions.shown(session, table.id)
    rules = _parsed_rules(table.game, version.rules_json)
    title, chapter = spec.named(rules)
    closed = closing(session, table.id, table.game)
    return schemas.TableOut(
        id=table.id,
        game=table.game,
        title=title,
        chapter=chapter,
        layout=spec.layout,
        spots=spec.spots_of(rules),
        cites=spec.cites_shown(),
        words=dict(spec.words),
        one_wager=one_wager_words(spec.round_type, rules),
        timeouts=dict(spec.timeouts),
        rules=json.loads(version.rules_json),
        rules_sha256=version.rules_sha256,
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        seats=seated(session, table.id),  # with their names, as a view shows them
        events=table.event_count,
        head_hash=table.head_hash,
        settings=settings_of(table),
        seal=seals.seal_of(session, table.id),
        closed=bool(closed.reason),
        closed_reason=closed.reason,
        closed_by=closed.by,
    )


def create_table(
    session: Session, body: schemas.TableCreate, rng: Rng, *, by: str
) -> schemas.TableOut:
    """Open a new table (its version 1 in force, its first seed sealed), recorded as a
    significant event by ``by``. Raises :class:`repo.LedgerError` (the id is taken) and
    what the Rules Submission's checks raise."""
    rules = rules_from(body)
    if session.get(GameTable, body.id) is not None:
        raise repo.LedgerError(f"table {body.id!r} already exists", "server:table-id")
    try:
        table = repo.create_table(session, body.id, rules)
        table.settings_json = settings_json(body.settings)
        session.flush()
    except IntegrityError as error:
        raise repo.LedgerError(f"table {body.id!r} already exists", "server:table-id") from error
    seals.announce(session, table.id, rng)  # the first round's seed, sealed before its wagers
    record(
        session,
        kind=Kind.TABLE_OPENED,
        who=by,
        subject=table.id,
        before=None,
        after={
            "game": table.game,
            "rules_sha256": table.rules_sha256,
            "minimum_wager": table.minimum_wager,
            "maximum_wager": table.maximum_wager,
            "settings": json.loads(table.settings_json),
        },
        words=f"{by} opened table {table.id} ({table.game}, minimum "
        f"{format_cents(table.minimum_wager)}, maximum {format_cents(table.maximum_wager)})",
    )
    return table_out(session, table)


def may_take_seat(player: Player) -> None:
    """Refuse (:class:`AccessDenied`, 403, ``server:roles``) a seat to a dealer or an
    admin: only a player sits (checked before a seat request's body is read)."""
    if player.role != "player":
        raise AccessDenied(f"{_article(player.role)} does not take a seat", "server:roles")


def join(
    session: Session, player: Player, table_id: str, seat: int, seed_commitment: str | None = None
) -> schemas.SeatTaken:
    table = repo.get_table(session, table_id)
    may_take_seat(player)
    disabling.check_player(session, player.id, f"take a seat at table {table_id}")
    protection.may_sit(session, player.id, table_state.clock(session))
    rules = table_rules(table)
    rules.check_seat_exists(seat)
    taken = session.get(Seat, (table_id, seat))
    if taken is not None and taken.player_id == player.id:
        raise repo.LedgerError(
            f"you already sit at seat {seat} of table {table_id}", "server:seats"
        )
    if taken is not None:
        raise repo.LedgerError(f"seat {seat} is taken", "server:seats")
    playing = _open_round(session, table_id)
    held = round_seats(session, playing.id) if playing is not None else {}
    if held.get(seat, player.id) != player.id:  # left during the round (browser.leave)
        raise repo.LedgerError(
            f"seat {seat} still plays in round {playing.id if playing else ''}: "
            "take it once the round is over",
            "server:seats",
        )
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
    if seed_commitment is not None:
        _commit_seed(session, table_id, player.id, seed_commitment)
    closed = closing(session, table_id, table.game)
    return schemas.SeatTaken(
        seat=seat,
        player_id=player.id,
        name=player.name,
        closed=bool(closed.reason),
        closed_reason=closed.reason,
        closed_by=closed.by,
    )


def _commit_seed(session: Session, table_id: str, player_id: str, commitment: str) -> None:
    if not table_settings(session, table_id).client_seeds:
        raise seals.SeedError(
            f"table {table_id} takes no seed of a player's: its operator's certified "
            "generator alone draws (its seed still sealed before the wagers)",
            seals.SEED_CITE,
        )
    seals.commit_seed(session, table_id, player_id, commitment)


def actor_of(session: Session, player: Player, table_id: str) -> Actor | None:
    """The caller's actor at the table: their seat, the dealer, or ``None`` (a spectator)."""
    if player.role == "dealer":
        return DEALER
    if player.role != "player":
        return None
    known: dict[tuple[str, str], int | None] = session.info.get(SEATS_READ, {})
    if (table_id, player.id) in known:  # read by this transaction's command head
        return known[(table_id, player.id)]
    found = raw(session).execute(_SEAT_OF, {"table": table_id, "player": player.id}).fetchone()
    return None if found is None else int(found[0])


SEATS_READ = "croupier.seats_read"
"""``Session.info`` key: (table, player) -> the seat a command's head read in this
transaction (seats change only by requests of their own, never inside a command)."""


_SEAT_OF = Statement.of("SELECT seat FROM seats WHERE table_id = :table AND player_id = :player")
_SEATED = Statement.of(
    "SELECT seats.seat, seats.player_id, players.name FROM seats "
    "JOIN players ON players.id = seats.player_id WHERE seats.table_id = :table "
    "ORDER BY seats.seat"
)


def seated(session: Session, table_id: str) -> list[schemas.SeatOut]:
    """Who sits at table ``table_id`` now, by seat, with their names."""
    rows = raw(session).execute(_SEATED, {"table": table_id}).fetchall()
    return [schemas.SeatOut(seat=int(seat), player_id=pid, name=name) for seat, pid, name in rows]


def shielded(seats: list[schemas.SeatOut], viewer: Player) -> list[schemas.SeatOut]:
    """``seats`` as ``viewer`` may read them: a player sees no account id, his own seat
    as ``"you"`` (as a round's view names it) and any other by its player's name, or
    ``"Seat N"`` (issue #34: a list a client passes around or shows need hold no id); the
    staff see every id."""
    if viewer.role != "player":
        return seats
    return [
        schemas.SeatOut(
            seat=s.seat,
            player_id=None,
            name=YOU if s.player_id == viewer.id else s.name or f"Seat {s.seat}",
        )
        for s in seats
    ]


YOU = "you"
"""The caller's own seat in a seat list he reads, as a round's view names it."""


def shielded_view(seen: dict[str, Any] | None, viewer: Player, names: dict[int, str]) -> Any:
    """A round's view with its ``seats`` (seat -> account id) as a player reads them:
    another player's seat by name or ``"Seat N"`` (as :func:`shielded` shows it), his own
    ``"you"`` (no account id in a view, his own neither: the events he receives name him
    by his stand-in, :mod:`croupier.server.privacy`); the staff's as stored."""
    if seen is None or viewer.role != "player" or not isinstance(seen.get("seats"), dict):
        return seen
    seats = {
        key: YOU if pid == viewer.id else names.get(int(key), f"Seat {key}")
        for key, pid in seen["seats"].items()
    }
    return {**seen, "seats": seats}


def seat_names(session: Session, seats: Mapping[int, str]) -> dict[int, str]:
    """Seat -> its player's name (``"Seat N"`` where he has none) for a round's ``seats``
    (seat -> account id), as :func:`shielded_view` shows another player's seat."""
    held = select(Player.id, Player.name).where(Player.id.in_(list(seats.values())))
    names: dict[str, str] = dict(session.execute(held).all())
    return {seat: names.get(pid) or f"Seat {seat}" for seat, pid in seats.items()}


_BALANCE = Statement.of(
    "SELECT balance, moves FROM accounts WHERE kind = 'wallet' AND player_id = :p"
)


def balance_of(session: Session, player_id: str) -> int:
    """The player's wallet balance (cents), by one prebuilt statement (a view's read);
    raises :class:`NotFound` where he has no wallet."""
    return wallet_of(session, player_id)[0]


def wallet_of(session: Session, player_id: str) -> tuple[int, int]:
    """The player's wallet balance (cents) and its count of moves (``accounts.moves``,
    which orders two balances of the wallet), by one prebuilt statement; raises
    :class:`NotFound` where he has no wallet."""
    found = raw(session).execute(_BALANCE, {"p": player_id}).fetchone()
    if found is None:
        raise repo.NotFound(f"there is no {WALLET} account for {player_id}", NOT_FOUND)
    return int(found[0]), int(found[1])


def _open_round(session: Session, table_id: str) -> RoundRow | None:
    return session.scalars(
        select(RoundRow).where(RoundRow.table_id == table_id, RoundRow.status == "open")
    ).first()


def latest_round(session: Session, table_id: str) -> RoundRow | None:
    return session.scalars(
        select(RoundRow).where(RoundRow.table_id == table_id).order_by(RoundRow.number.desc())
    ).first()


_SEATS = Statement.of("SELECT seat, player_id FROM seats WHERE table_id = :table")
_LAST_NUMBER = Statement.of("SELECT max(number) FROM rounds WHERE table_id = :table")


def _seats(session: Session, table_id: str) -> dict[int, str]:
    rows = raw(session).execute(_SEATS, {"table": table_id}).fetchall()
    return {int(seat): player_id for seat, player_id in rows}


def new_round(
    session: Session,
    table_id: str,
    game_name: str,
    rng: Rng,
    preview: bool = False,
    head: repo.CommandHead | None = None,
    *,
    ahead: bool = False,
    now: datetime | None = None,
    trial: bool = False,
) -> tuple[repo.RoundRef, Round[Any]]:
    """The table's next round, opened (not stored) by the game's policy
    (:meth:`~croupier.game.TablePolicy.open_round`) under the Rules Submission in force at
    ``now``; the last round's number and the seats come from ``head`` when it read them
    (no round open), else from the database. ``preview``: opened as a first round would
    be (nothing carried over); ``ahead``: the server opens it before any player's command
    (``croupier.server.driver.open_ahead``); ``trial``: a throwaway opening from ``rng``
    (what it would offer). Any other round draws from the table's seal, announced before it
    opened (:func:`croupier.server.seals.sealed_draws`), and announces the next."""
    if head is not None and head.seats is not None:  # read by the head: no round was open
        last, seats = head.last_number, head.seats
    else:
        last = raw(session).execute(_LAST_NUMBER, {"table": table_id}).fetchone()[0]
        seats = _seats(session, table_id)
    number = (last or 0) + 1
    round_id = f"{table_id}-{number}"
    spec = find(game_name)

    def previous() -> Round[Any] | None:  # what the table carries over (the policy's)
        return repo.load_round(session, f"{table_id}-{number - 1}")[1] if number > 1 else None

    settings = table_settings(session, table_id)
    steps = None if head is None else head.rules_steps  # read with the head: no query
    in_force = versions.in_force(session, table_id, now, steps=steps)
    # A table, game or paytable disabled, or a failed self-check: no round (nor a preview).
    disabling.check_dealing(session, table_id, game_name, in_force.version)
    selfcheck.check_dealing(session)
    if not (preview or trial):
        rng = seals.sealed_draws(session, table_id, rng, seats, client_seeds=settings.client_seeds)
    rules = _parsed_rules(game_name, in_force.rules_json)
    state = None
    if not preview:  # what the table keeps, the text's rules between rounds applied
        moment = table_state.clock(session, now)
        state = table_state.for_next_round(session, table_id, spec, rules, number, moment)
    round_ = spec.policy.open_round(
        spec.round_type,
        rules,
        settings,
        table_id=table_id,
        round_id=round_id,
        seats=seats,
        rng=rng,
        previous=None if preview else previous,
        ahead=ahead,
        state=state,
    )
    return repo.RoundRef(round_id, table_id, number, 0), round_


def _status(round_: Round[Any]) -> Status:
    if not round_.finished:
        return "open"
    return "voided" if any(isinstance(e, RoundVoided) for e in round_.events) else "completed"


def stored(rows: Sequence[EventRow | repo.NewEvent]) -> list[schemas.StoredEvent]:
    return [
        schemas.StoredEvent(
            seq=row.seq,
            index=row.index,
            type=row.type,
            prev_hash=row.prev_hash,
            hash=row.hash,
            sealed=json.loads(row.sealed) if row.sealed else {},
            event=json.loads(row.body),
        )
        for row in rows
    ]


def handle_command(
    session: Session,
    player: Player,
    table_id: str,
    body: schemas.CommandIn,
    rng: Rng,
    now: datetime | None = None,
    *,
    for_seat: int | None = None,
    head: repo.CommandHead | None = None,
) -> schemas.CommandOut:
    """Run one command: take the open round (or open the next), handle, let the dealer
    steps follow, then store events, postings and the round's new version.

    The open round comes from this process's cache when the stored version matches, else
    from its stored events, verified by replay (:func:`repo.live_round`); the table and the
    caller's seat are read in one query (:func:`repo.command_head`, which on PostgreSQL
    queues concurrent commands at one table on its row lock) and everything the command
    did is written in a handful of statements (:func:`repo.store_command`).

    ``head`` is the command head when the caller read it already (with the request's
    ``Idempotency-Key``). With ``now``, raises :class:`DeadlinePassed` (before anything
    is changed) when the open round's deadline has passed by then; the same query tells.
    With ``for_seat``, the server acts for that seat of the open round (a timeout's
    default action, see :func:`croupier.server.driver.expire`), whether or not its player
    still sits there."""
    head = _read_head(session, player, table_id, now, head)
    actor = _actor(player, head, table_id, for_seat)
    spec = find(head.game)
    command = _strict_command(spec.round_type, body, actor)
    row, round_, first_new, old_version, current = _take_round(
        session, table_id, head, command, rng, now
    )
    if body.round_version is not None and body.round_version != current:
        _check_version(session, table_id, row, old_version, current, body.round_version)
    named = _named_seat(command, round_)
    late = None
    if isinstance(actor, int) and actor not in round_.opened.seats:
        late = _seated_since(actor, row.id)
    elif (
        isinstance(actor, int)
        and for_seat is None
        and (old_version is None or not spec.policy.has_wager(round_, actor))
    ):  # a disabled player finishes the round he has wagers in, and plays no other
        disabling.check_player(session, player.id, f"wager in round {row.id}")
    if (
        late is None
        and old_version is not None
        and spec.policy.answered_before(round_, command, actor)
    ):
        # Asked again for what the round has shown him (in his view): answered with no
        # event, so that repeating it neither grows the round nor restarts a wait.
        return _answered_before(session, player, table_id, row, current)
    placed = len(round_.events)
    round_.handle(command, actor, *_changed(session, table_id, round_, actor, named), late=late)
    if body.client_seed is not None or body.next_seed_commitment is not None:
        _seeds(session, player, table_id, body, round_, actor, placed)
    spec.policy.run_dealer_steps(round_)
    version, status = len(round_.events), _status(round_)
    written = repo.store_command(
        session,
        head,
        row,
        old_version,
        round_,
        first_new,
        status,
        player_id=player.id if player.role == "player" and for_seat is None else None,
        at=table_state.clock(session, now),
    )
    return _command_out(session, player, table_id, row, round_, version, status, written, now)


def _strict_command(game: type[Round[Any]], body: schemas.CommandIn, actor: Actor) -> Command:
    """``body``'s command, read strictly as JSON: a seat is a JSON integer ("3", true, 3.0
    are refused), a yes/no is true or false ("yes", 1 are refused); pydantic's lax mode
    would take them. A dealer's command from a player that fails is refused for his role
    (:class:`DealerOnly`, 403: who may comes first), not for its fields; a type the game
    has not is refused to a player naming the types a player may send, not the dealer's
    (:func:`_players_types`)."""
    try:
        command: Command = game.command_adapter.validate_json(json.dumps(body.command), strict=True)
    except ValidationError as error:
        if not isinstance(actor, int):
            raise
        sent = body.command.get("type")
        dealers = game.dealer_commands()
        if isinstance(sent, str) and sent in dealers:  # a type sent as an object: 422
            raise DealerOnly(
                f"{sent} is the dealer's command: a player may not send it", "server:roles"
            ) from None
        raise _players_types(error, dealers) from None
    return command


def _players_types(error: ValidationError, dealers: frozenset[str]) -> ValidationError:
    """``error`` as a player is told it: where it lists the command types the game takes
    (a type it has not), only those a player may send, not the ``dealers``' (pydantic
    quotes each: ``'PlaceWager', 'ThrowDice'``)."""
    errors: list[Any] = []
    for item in error.errors(include_url=False):
        context = item.get("ctx")
        if item["type"] == "union_tag_invalid" and context is not None:
            tags = [t.strip() for t in str(context["expected_tags"]).split(",")]
            mine = ", ".join(t for t in tags if t.strip("'") not in dealers)
            item = {**item, "ctx": {**context, "expected_tags": mine}}
        errors.append(item)
    return ValidationError.from_exception_data(error.title, errors)


def _named_seat(command: Command, round_: Round[Any]) -> object:
    """The seat ``command`` names, if any, refused where the table has no such seat (as
    taking that seat is refused)."""
    named = getattr(command, "seat", None)
    if isinstance(named, int) and not isinstance(named, bool):
        round_.submission.check_seat_exists(named)
    return named


def _seated_since(actor: int, round_id: str) -> NotYourTurn:
    """The refusal of a player who sat down at ``actor`` after the round opened."""
    return NotYourTurn(
        f"you sat down at seat {actor} after round {round_id} opened: you play from the next round",
        "server:seats",
    )


def _read_head(
    session: Session,
    player: Player,
    table_id: str,
    now: datetime | None,
    head: repo.CommandHead | None,
) -> repo.CommandHead:
    """The command head (read now where ``head`` is ``None``), the caller's seat noted in
    the session; :class:`DeadlinePassed` where the open round's deadline passed by ``now``."""
    if head is None:
        head = repo.command_head(session, table_id, player.id, now)
    if head.deadline_passed:
        raise DeadlinePassed(
            f"a deadline at table {table_id} has passed: its timeout comes first",
            "server:deadlines",
        )
    session.info.setdefault(SEATS_READ, {})[(table_id, player.id)] = head.seat
    return head


def _changed(
    session: Session, table_id: str, round_: Round[Any], actor: Actor, named: object
) -> tuple[frozenset[int], frozenset[int]]:
    """The seats changed since the round opened, read where a player's command names a
    seat not his own: those of the round whose player has left (a command for one is
    refused as for a seat nobody holds, :attr:`~croupier.engine.Round.vacated`) and
    those another player has taken (refused as another player's,
    :attr:`~croupier.engine.Round.joined`); else none."""
    if not isinstance(actor, int) or not isinstance(named, int) or named == actor:
        return frozenset(), frozenset()
    rows = session.execute(select(Seat.seat, Seat.player_id).where(Seat.table_id == table_id))
    held = {row.seat: row.player_id for row in rows}
    opened = round_.opened.seats
    vacated = frozenset(seat for seat, player in opened.items() if held.get(seat) != player)
    joined = frozenset(seat for seat in held if seat not in opened or seat in vacated)
    return vacated, joined


def _answered_before(
    session: Session, player: Player, table_id: str, row: repo.RoundRef, current: int
) -> schemas.CommandOut:
    """The answer to a command the round answered already: no event, the round unchanged."""
    return schemas.CommandOut(
        table_id=table_id,
        round_id=row.id,
        round_version=current,
        round_status="open",
        events=[],
        balance=repo.balance(session, player.id) if player.role == "player" else None,
    )


def _actor(player: Player, head: repo.CommandHead, table_id: str, for_seat: int | None) -> Actor:
    """Who ``player`` acts as at the table: the dealer, or his seat (``for_seat`` when the
    server acts for one). Raises :class:`AccessDenied` when he has none."""
    actor: Actor | None = None
    if player.role == "dealer":
        actor = DEALER
    elif player.role == "player":
        actor = head.seat if for_seat is None else for_seat
    if actor is None:
        why = "take a seat first"
        if player.role != "player":
            why = f"{_article(player.role)} does not play"
        raise AccessDenied(f"you have no seat at table {table_id}: {why}", "server:roles")
    return actor


def _take_round(
    session: Session,
    table_id: str,
    head: repo.CommandHead,
    command: Any,
    rng: Rng,
    now: datetime | None,
) -> tuple[repo.RoundRef, Round[Any], int, int | None, int]:
    """The round ``command`` goes to: the open one (:func:`repo.live_round`), or the next,
    opened now. Returns (its row, the round, its first new event, its stored version or
    ``None`` when new, the version the client must have seen). Raises
    :class:`IllegalCommand` for a void with no round open."""
    if head.round_id is None or head.round_version is None:
        if getattr(command, "type", None) == "VoidRound":  # it would open a round to void
            raise IllegalCommand(
                f"no round is open at table {table_id}: there is nothing to void",
                VOID_CITE,
            )
        row, round_ = new_round(session, table_id, head.game, rng, head=head, now=now)
        return row, round_, 0, None, 0
    round_ = repo.live_round(session, head.round_id, head.round_version)
    round_.rng = seals.draws_of(round_, rng)
    row = repo.RoundRef(head.round_id, table_id, version=head.round_version)
    return row, round_, len(round_.events), head.round_version, head.round_version


def _check_version(
    session: Session,
    table_id: str,
    row: repo.RoundRef,
    old_version: int | None,
    current: int,
    sent: int,
) -> None:
    """Refuse (:func:`_version_moved`) a command decided on round version ``sent`` when
    the round is at ``current``; where no round is open, the last round's final version
    is what the table shows (``GET /tables/{table_id}/view``), as good as 0."""
    shown = current
    if old_version is None:
        latest = latest_round(session, table_id)
        if latest is not None and latest.status != "open":
            if latest.version == sent:
                return
            shown = latest.version
    raise _version_moved(table_id, row, old_version, shown, sent)


def _version_moved(
    table_id: str, row: repo.RoundRef, old_version: int | None, shown: int, sent: int
) -> repo.StaleVersion:
    """The error for a command sent for round version ``sent`` where the table shows
    ``shown`` (between rounds, the last round's final version, or 0 before the first)."""
    where = f"round {row.id} is at version {shown}"
    if old_version is None:
        where = f"no round is open at table {table_id}; the table shows version {shown}"
    return repo.StaleVersion(
        f"{where}, not {sent}: look at the table again",
        "server:optimistic-concurrency",
    )


def _seeds(
    session: Session,
    player: Player,
    table_id: str,
    body: schemas.CommandIn,
    round_: Round[Any],
    actor: Actor,
    placed: int,
) -> None:
    """Record the seed and the next seed's commitment sent with a command (its events from
    ``placed``). Raises :class:`seals.SeedError`."""
    if body.client_seed is not None:
        _give_seed(round_, actor, placed, body.client_seed)
    if body.next_seed_commitment is not None:
        if player.role != "player":
            raise seals.SeedError(
                "only a seated player commits to a seed of his own", seals.SEED_CITE
            )
        _commit_seed(session, table_id, player.id, body.next_seed_commitment)


def _command_out(
    session: Session,
    player: Player,
    table_id: str,
    row: repo.RoundRef,
    round_: Round[Any],
    version: int,
    status: str,
    written: repo.StoredCommand,
    now: datetime | None,
) -> schemas.CommandOut:
    """The answer to a stored command: the round's new ``version`` and events and the
    player's balance; a round that ended goes into the table's state first."""
    if status != "open":  # the table's state takes the round in (its decks, the bank),
        # under the rules the round was dealt by (its version may have left force since)
        moment = table_state.clock(session, now)
        table_state.round_ended(session, table_id, round_, round_.submission, moment)
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


def _give_seed(round_: Round[Any], actor: Actor, placed: int, seed: str) -> None:
    """Record ``actor``'s seed with the command just handled (its events from ``placed``:
    :meth:`~croupier.engine.Round.give_seed`). Raises :class:`seals.SeedError`."""
    try:
        if not isinstance(actor, int):
            raise IllegalCommand("only a seat gives a seed of its own", seals.SEED_CITE)
        round_.give_seed(actor, seed, placed)
    except IllegalCommand as error:
        raise seals.SeedError(error.reason, error.cite) from None


def deadline_of(row: Any, round_: Round[Any], now: datetime) -> schemas.Deadline | None:
    """The wait ``row`` times (its stored deadline), with what its timeout sends."""
    if row.deadline is None or row.deadline_kind is None or round_.finished:
        return None
    at = row.deadline if row.deadline.tzinfo is not None else row.deadline.replace(tzinfo=UTC)
    policy = spec_of(round_).policy
    steps = [
        schemas.TimeoutStep(
            seat=actor if isinstance(actor, int) else None,
            command=command.type,  # type: ignore[attr-defined]
            decision=str(decision) if (decision := getattr(command, "decision", None)) else None,
        )
        for actor, command in policy.timeout_steps(round_)
    ]
    kind = WaitKey.parse(row.deadline_kind).kind
    cite = policy.timeout_cite if kind == "decision" else ""
    return schemas.Deadline(
        kind=kind,
        seconds_left=max(0.0, (at - now).total_seconds()),
        timeout=steps,
        cite=cite,
        cite_shown=citations.shown(cite) if cite else "",
    )


@dataclass(frozen=True)
class RoundParts:
    """What a viewer's view takes from the round shown (:func:`round_parts`), built from
    the database by :func:`view` and from memory by ``live.view_of`` alike; ``legal`` is
    ``None`` where the round is over or the viewer has no seat or role."""

    seen: dict[str, Any] | None = None
    waiting: list[int] = field(default_factory=list)
    deadline: schemas.Deadline | None = None
    held: str = ""
    sat: bool = False
    legal: list[LegalCommand] | None = None


def round_parts(
    row: Any, round_: Round[Any], actor: Actor | None, player_id: str, now: datetime
) -> RoundParts:
    """The round ``round_`` (stored as ``row``) as ``actor`` sees it: his view of it,
    whether player ``player_id`` held the seat when it opened, and while it is open who
    it waits for, its deadline (``now``: aware UTC), why the betting is held and what he
    may send."""
    seen = round_.view(actor)
    sat = isinstance(actor, int) and round_.opened.seats.get(actor) == player_id
    if round_.finished:
        return RoundParts(seen=seen, sat=sat)
    policy = spec_of(round_).policy
    return RoundParts(
        seen,
        sorted(policy.players_waiting(round_)),
        deadline_of(row, round_, now),
        policy.betting_held(round_),
        sat,
        round_.legal_commands(actor) if actor is not None else None,
    )


def view(
    session: Session, player: Player, table_id: str, now: datetime | None = None
) -> schemas.ViewOut:
    """The caller's view of the table (:class:`schemas.ViewOut`); ``now`` (aware UTC,
    default the clock) measures the time left of the wait in progress."""
    table = repo.get_table(session, table_id)
    actor = actor_of(session, player, table_id)
    balance = balance_of(session, player.id)
    latest = latest_round(session, table_id)
    parts = RoundParts()
    if latest is not None:
        latest, round_ = repo.load_round(session, latest.id)
        parts = round_parts(latest, round_, actor, player.id, now or datetime.now(UTC))
    legal, seen, sat = parts.legal or [], parts.seen, parts.sat
    waiting, deadline, held = parts.waiting, parts.deadline, parts.held
    if actor is not None and (latest is None or latest.status != "open"):
        upcoming = preview(session, player, actor, table.id, table.game)
        legal, held = upcoming.legal, held or upcoming.held
    status = latest.status if latest else None
    words = table_words(session, table_id, table.game) if told(actor, status) else ("", "")
    shut, last = said_to(actor, status, words)
    seats = seated(session, table_id)
    names = {s.seat: s.name for s in seats if s.name}
    return schemas.ViewOut(
        table_id=table_id,
        actor=actor,
        round_id=latest.id if latest else None,
        round_version=latest.version if latest else None,
        round_status=cast(Status, latest.status) if latest else None,
        view=shielded_view(seen, player, names),
        legal_commands=legal,
        balance=balance,
        seats=shielded(seats, player),
        waiting_for=waiting,
        deadline=deadline,
        betting_held=held or shut,
        last_round=last,
        seal=seals.seal_of(session, table_id),
        sat_in_round=sat,
    )


def told(actor: Actor | None, status: str | None) -> bool:
    """Whether a viewer (``actor``; the latest round's ``status``) is told what the table
    says to all (:func:`said_to`): one with no seat or role where no round is open, and
    any while a round is."""
    return status == "open" or actor is None


def said_to(actor: Actor | None, status: str | None, words: tuple[str, str]) -> tuple[str, str]:
    """What the table says (``words``: :func:`croupier.server.held.table_words`) to a
    viewer (``actor``, the latest round's ``status``), beyond his seat's own: with no seat
    or role and no round open, why none may open (what a seat's preview says to a seated
    player); to any while a round is open, that it is the last before the table closes."""
    if status == "open":
        return "", words[1]
    return (words[0] if actor is None else ""), ""


@dataclass(frozen=True)
class Preview:
    """What a viewer may send where no round is open (:func:`preview`), and where no round
    may be opened for a reason the view says, that reason in words (``""``: none said)."""

    legal: list[LegalCommand] = field(default_factory=list)
    held: str = ""
    until: datetime | None = None
    """When ``held`` runs out by itself (a suspension's or a self-exclusion's end, aware
    UTC; ``None``: not by itself): what it offers then differs with no change stored."""


def preview(session: Session, player: Player, actor: Actor, table_id: str, game: str) -> Preview:
    """What ``actor`` may send when no round is open: what would open the next one, with
    the seats as they are now (a preview: its opening dealer steps, e.g. a shuffle, draw
    from a throwaway source). A table with no version in force, or disabled, or after a
    failed self-check offers nothing, nor does it to a player disabled, suspended or
    self-excluded; the view says why (:mod:`croupier.server.held`)."""
    try:
        if isinstance(actor, int):
            disabling.check_player(session, player.id, "wager")
            protection.check_play(session, player.id, table_state.clock(session))
        _, upcoming = new_round(session, table_id, game, rng=SeededRng(0), preview=True)
    except selfcheck.SelfCheckFailed:
        return Preview(held=selfcheck.CLOSED)
    except disabling.PlayerDisabled as refusal:
        return Preview(held=player_disabled(refusal))
    except PlayStopped as refusal:
        return Preview(held=play_stopped(refusal), until=refusal.until)
    except disabling.DisabledError as refusal:
        return Preview(held=table_disabled(refusal.closed))
    except versions.NotInForce:
        return Preview(held=NO_RULES)
    return Preview([c for c in upcoming.legal_commands(actor) if c.command != "VoidRound"])


def replay(session: Session, round_id: str) -> schemas.ReplayOut:
    row, round_ = repo.load_round(session, round_id)
    table = repo.get_table(session, row.table_id)
    return schemas.ReplayOut(
        round_id=row.id,
        table_id=row.table_id,
        game=table.game,
        status=cast(Status, row.status),
        version=row.version,
        events=[
            seals.seed_sealed(e, row.status == "open")
            for e in stored(repo.round_events(session, round_id))
        ],
        view=round_.view(DEALER),
    )


def verify(session: Session, table_id: str) -> schemas.VerifyOut:
    """The table's event chain (:func:`~croupier.ledger.chain.verify_chain`) and its money
    (:func:`~croupier.ledger.audit.verify_money`). Raises ``NotFound``."""
    report = repo.verify_chain(session, table_id)
    money = repo.verify_money(session, table_id)
    logged = verify_significant_events(session)
    problems = ([report.problem] if report.problem else []) + list(money.problems) + logged
    return schemas.VerifyOut(
        table_id=report.table_id,
        ok=report.ok and money.ok and not logged,
        events=report.events,
        head_hash=report.head_hash,
        problem=problems[0] if problems else None,
        first_bad_seq=report.first_bad_seq,
        postings=money.postings,
        postings_head=money.head_hash,
        problems=problems,
        significant_events=significant_events_count(session),
    )
