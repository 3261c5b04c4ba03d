"""The table server's conduct of a round between requests: the dealer's steps, the
deadlines of the waits, the timeouts and the rounds opened ahead of the players.

What a table does is the game's :class:`~croupier.game.TablePolicy` (found through
:mod:`croupier.registry`); this module only stores and enforces it, in the same
one-transaction command path as a request (:func:`croupier.server.service.handle_command`):

- **Dealer steps** with no human choice are taken by the service after every command
  (:meth:`~croupier.game.TablePolicy.run_dealer_steps`).
- **Closing the betting**: a dealer may send "no more bets" (or the deal); otherwise the
  server sends it when the betting time runs out or, where the table says so
  (``close_when_all_wagered``), once every seated player has wagered
  (:func:`after_command`).
- **Deadlines** (:func:`schedule`): the wait in progress
  (:meth:`~croupier.game.TablePolicy.wait`) is stored with the round
  (``rounds.deadline``/``deadline_kind``); :func:`expire` applies each timeout due, the
  safest action the rules allow for each waiting seat
  (:meth:`~croupier.game.TablePolicy.timeout_steps`, with the policy's citation).
- **Rounds opened ahead** (:func:`open_ahead`): a round that begins with a player's
  decision (a Pai Gow bank offer; a Double Back Jack cut offered where the table's
  ``offer_cut`` is on) opens as soon as the round before it ends, so that the offer is
  shown and timed; every other round opens with the first command sent to it.
- **Leaving** (:func:`leave_actions`): what a player's leaving does at once to an offer
  made to the seat (:meth:`~croupier.game.TablePolicy.leaving_action`).
- **What a player sees** of the events a command caused (:func:`redact`): the fields the
  policy hides from that viewer (:meth:`~croupier.game.TablePolicy.hidden`) blanked.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.engine import DEALER, Actor, Command, Event, Round
from croupier.errors import CroupierError
from croupier.game import TablePolicy, Viewer, WaitKey, concealed
from croupier.ledger import repository as repo
from croupier.ledger.db import Statement, raw
from croupier.ledger.models import Player, RoundRow
from croupier.ledger.versions import NotInForce
from croupier.registry import spec_of
from croupier.rng import Rng, SeededRng
from croupier.server import schemas, seals, service
from croupier.server.legacy import LegacyChains, withhold
from croupier.server.privacy import StandIns, replaced, stand_ins
from croupier.server.service import SERVER, table_settings
from croupier.server.stall import STALLS, Stalls


# --- opening a round ---------------------------------------------------------------------
def open_ahead(session: Session, table_id: str, rng: Rng, now: datetime) -> bool:
    """After a round ends, in its transaction: open the next round at once where the game
    says it may open ahead (:meth:`~croupier.game.TablePolicy.opens_ahead`: a Pai Gow bank
    offer, 621a.11(c); a Double Back Jack cut offered to a box, 673a.5(b)-(c), where the
    table's ``offer_cut`` is on) and it begins with a player's decision, so that the offer
    is shown and timed (``decision_seconds``; the timeout passes the bank or refuses the
    cut). Any other round is left to open with the next command. Returns whether a round
    was opened. A game that never opens ahead reads nothing for it."""
    policy = service.spec_of_table(session, table_id).policy
    if not policy.may_open_ahead():
        return False
    try:
        rules = service.rules_of(session, table_id, now)
    except NotInForce:  # the table deals nothing: the next command is told why
        return False
    settings = table_settings(session, table_id)
    if not policy.opens_ahead(rules, settings):
        return False
    session.flush()
    head = repo.command_head(session, table_id, SERVER.id)
    if head.round_id is not None:
        return False
    # A trial first, from a throwaway source: a round that waits for no one is not
    # opened, and must not spend the table's random draws (a shuffle) on nothing.
    try:
        _, trial = service.new_round(
            session, table_id, head.game, SeededRng(0), head=head, ahead=True, now=now, trial=True
        )
    except service.NOT_DEALING:  # disabled, or a self-check failed: the next command is told
        return False
    if not policy.decision_pending(trial):
        return False
    row, round_ = service.new_round(
        session, table_id, head.game, rng, head=head, ahead=True, now=now
    )
    if not policy.decision_pending(round_):
        return False
    repo.store_command(session, head, row, None, round_, 0, "open")
    schedule(session, row, round_, settings, now)
    return True


# --- deadlines ---------------------------------------------------------------------------
def _current(session: Session, round_id: str, version: int) -> tuple[repo.RoundLike, Round[Any]]:
    """The round as this transaction left it at ``version`` (its row's version was moved
    by an UPDATE that the session's copy of the row does not know about): the round this
    transaction staged (read only), else read back and replayed."""
    session.flush()
    staged = repo.staged_entry(session, round_id, version)
    if staged is None:
        row = session.get(RoundRow, round_id)
        if row is not None:
            session.expire(row)
        return repo.load_round(session, round_id)
    # The columns schedule() reads (the deadline as stored, only compared with None), in a
    # plain object the session does not track.
    table_id, kind = staged.round.opened.table_id, staged.deadline_kind
    ref = repo.RoundRef(round_id, table_id, deadline=staged.deadline, deadline_kind=kind)
    return ref, staged.round


def schedule(
    session: Session,
    row: repo.RoundLike,
    round_: Round[Any],
    settings: schemas.TableSettings,
    now: datetime,
) -> None:
    """Store the deadline of the round's current wait (kept while the same wait goes on:
    the betting time runs from the first wager, a decision's from when it became due; a
    command that answers no decision, an aside or another seat's answer, does not move it:
    :meth:`~croupier.game.Wait.continues`)."""
    wait = spec_of(round_).policy.wait(round_, settings)
    db = raw(session)
    deadline: Any = None
    noted = repo.written(session, round_.opened.table_id)  # the owner's timer takes it
    if wait is None:
        noted.time(None)
        if row.deadline_kind is None and row.deadline is None:
            return
        db.execute(_SET_DEADLINE, {"round_id": row.id, "deadline": None, "deadline_kind": None})
    elif row.deadline is not None and wait.continues(row.deadline_kind):
        noted.time(row.deadline, wait.key)
        if row.deadline_kind == wait.key:
            return
        # The same deadline: only the seats still waiting are named.
        deadline = row.deadline
        db.execute(_SET_DEADLINE_KIND, {"round_id": row.id, "deadline_kind": wait.key})
    else:
        moment = now + timedelta(seconds=wait.seconds)
        noted.time(moment, wait.key)
        deadline = db.when(moment)
        values = {"round_id": row.id, "deadline": deadline, "deadline_kind": wait.key}
        db.execute(_SET_DEADLINE, values)
    if isinstance(row, RoundRow) and sa_inspect(row).persistent:
        session.expire(row)
    staged = repo.staged_entry(session, row.id, len(round_.events))
    if staged is not None:  # what the next step of this transaction reads (_current)
        kind = None if wait is None else wait.key
        repo.stage_round(session, row.id, staged.version, staged.round, deadline, kind)


_SET_DEADLINE = Statement.of(
    "UPDATE rounds SET deadline = :deadline, deadline_kind = :deadline_kind WHERE id = :round_id"
)
_SET_DEADLINE_KIND = Statement.of(
    "UPDATE rounds SET deadline_kind = :deadline_kind WHERE id = :round_id"
)


def _merge(first: schemas.CommandOut, then: schemas.CommandOut) -> schemas.CommandOut:
    return first.model_copy(
        update={
            "round_version": then.round_version,
            "round_status": then.round_status,
            "events": [*first.events, *then.events],
        }
    )


def _run(
    session: Session, player: Player, table_id: str, round_id: str, command: Command, rng: Rng
) -> schemas.CommandOut:
    session.flush()
    row = session.get(RoundRow, round_id)
    if row is not None:
        session.expire(row)
    return service_command(session, player, table_id, command, rng)


def after_command(
    session: Session,
    out: schemas.CommandOut,
    rng: Rng,
    now: datetime,
    caller: Player | None = None,
    chains: LegacyChains | None = None,
) -> schemas.CommandOut:
    """After a command, in its transaction: close the betting once every seated player has
    wagered where the table says so (``close_when_all_wagered``), then store the deadline
    of the wait that follows. Returns ``out`` with any events this added, each shown as
    ``caller`` may see it (:func:`redact`; ``None``: the server itself, which sees all),
    with no hash ``chains`` says to withhold (:mod:`croupier.server.legacy`). A command
    answered with no event (asked again, :meth:`TablePolicy.answered_before`) changed
    nothing: it closes nothing and moves no deadline. The table's deadline as this leaves
    it is noted (:func:`croupier.ledger.repository.written`) for the owner's timer."""
    if not out.events:
        return out
    noted = repo.written(session, out.table_id)
    noted.timed = False  # timed anew below, always: by schedule(), or none is open
    out = _close_and_schedule(session, out, rng, now)
    if out.round_status != "open" and not noted.timed:  # no round open now (one at most)
        noted.time(None)
    if caller is None:
        return out
    return shown_to(session, out, service.actor_of(session, caller, out.table_id), chains)


def shown_to(
    session: Session,
    out: schemas.CommandOut,
    actor: Actor | None,
    chains: LegacyChains | None = None,
    round_: Round[Any] | None = None,
) -> schemas.CommandOut:
    """``out`` with its events as ``actor`` (a seat, the dealer, ``None``: a spectator)
    may see them (:func:`redact`; the dealer sees all, a seed sealed while the round is
    open), with no hash ``chains`` says to withhold. ``round_``: the round the events are
    of, where the caller has it (else the one this transaction staged, else read)."""
    if actor == DEALER:
        shown_whole = [seals.seed_sealed(e, out.round_status == "open") for e in out.events]
        return out.model_copy(update={"events": shown_whole})
    staged = round_ or repo.staged_round(session, out.round_id, out.round_version, copy=False)
    if staged is None:
        _, staged = repo.load_round(session, out.round_id)
    viewer = Viewer.of(actor, staged.opened.seats)
    policy = spec_of(staged).policy
    names = stand_ins(staged.events, policy)
    shown = [redact(e, staged.events[e.index], policy, viewer, names) for e in out.events]
    if chains is not None:  # no old, unsealed hash that gives a hidden card away
        shown = withhold(shown, chains.exposed_from(session, out.table_id, staged))
    return out.model_copy(update={"events": shown})


def _close_and_schedule(
    session: Session, out: schemas.CommandOut, rng: Rng, now: datetime
) -> schemas.CommandOut:
    if out.round_status != "open":
        open_ahead(session, out.table_id, rng, now)  # a bank offer or a cut to time
        return out
    row, round_ = _current(session, out.round_id, out.round_version)
    settings = table_settings(session, out.table_id)
    policy = spec_of(round_).policy
    if settings.close_when_all_wagered and policy.all_wagered(round_):
        close = policy.closing_step(round_)
        if close is not None:
            closed = _run(session, SERVER, out.table_id, out.round_id, close, rng)
            out = _merge(out, closed)
            if out.round_status != "open":
                return out
            row, round_ = _current(session, out.round_id, out.round_version)
    while (absent := _absent_leaver(session, out.table_id, round_)) is not None:
        # An offer made to a seat whose player has left (a Double Back Jack cut): its
        # leaving takes effect at once (docs/interpretations.md, "Leaving refuses the cut").
        seat, command = absent
        player = _player_for(round_, seat)
        refused = service_command(
            session, player, out.table_id, command, rng, out.round_version, seat
        )
        out = _merge(out, refused)
        if out.round_status != "open":
            return out
        row, round_ = _current(session, out.round_id, out.round_version)
    schedule(session, row, round_, settings, now)
    return out


_SEATED = Statement.of("SELECT player_id FROM seats WHERE table_id = :table_id AND seat = :seat")


def _absent_leaver(
    session: Session, table_id: str, round_: Round[Any]
) -> tuple[int, Command] | None:
    """A seat of the round whose leaving would do something now
    (:meth:`~croupier.game.TablePolicy.leaving_action`) and whose player has left it,
    with that command; else ``None``."""
    policy = spec_of(round_).policy
    for seat, player_id in round_.opened.seats.items():
        command = policy.leaving_action(round_, seat)
        if command is None:
            continue
        found = raw(session).execute(_SEATED, {"table_id": table_id, "seat": seat}).fetchone()
        if found is None or found[0] != player_id:
            return seat, command
    return None


def _player_for(round_: Round[Any], actor: Actor) -> Player:
    if actor == DEALER:
        return SERVER
    return Player(id=round_.opened.seats[actor], name="", role="player", token_hash="")


def expire(
    sessions: Callable[[], Session],
    table_id: str,
    rng: Rng,
    now: datetime,
    notes: list[repo.Written] | None = None,
) -> list[schemas.CommandOut]:
    """Apply the timeouts due at ``table_id`` by ``now`` (the policy's
    :meth:`~croupier.game.TablePolicy.timeout_steps`), each
    in its own transaction through the command path; returns what each did. Every player
    who was waiting when the deadline passed gets the default action now, one after the
    other (each action starts a new wait, which must not give the others a new clock);
    a player who left his seat meanwhile gets it too. A timeout that another process
    applied first is skipped (its stale version is refused). ``notes`` is given what each
    committed timeout wrote (:func:`croupier.ledger.repository.written`)."""
    done: list[schemas.CommandOut] = []
    moment = now
    overdue: set[int] = set()
    """Seats that were waiting when the deadline passed and have not been acted for."""
    for _ in range(64):  # each pass starts a new wait, so this ends at once in practice
        with sessions() as session:
            due, continuing = _due(session, table_id, now, overdue)
            if due is None:
                return done
            if not continuing:  # the timeout took effect when the deadline passed ...
                took = _stalled(session, table_id, due, now)
                if took is None:  # ... or later: it passed while the server was not serving
                    session.commit()
                    return done
                moment = took
            _, round_ = repo.load_round(session, due.id)
            if len(round_.events) != due.version:
                continue  # the round moved on since the deadline was read: look again
            steps = spec_of(round_).policy.timeout_steps(round_)
            if continuing:
                steps = [(actor, command) for actor, command in steps if actor in overdue]
                if not steps:
                    return done
            else:
                overdue = {actor for actor, _ in steps if isinstance(actor, int)}
            if not steps:  # nothing the server may do for them: the wait is not timed
                _set_deadline(session, due, deadline=None, deadline_kind=None)
                session.commit()
                continue
            actor, command = steps[0]
            if isinstance(actor, int):
                overdue.discard(actor)
            step = (actor, command)
            out = _time_out(session, table_id, round_, step, rng, (due.version, moment), notes)
            if out is None:  # another process was first
                return done
            done.append(out)
    return done


def _time_out(
    session: Session,
    table_id: str,
    round_: Round[Any],
    step: tuple[Actor, Command],
    rng: Rng,
    at: tuple[int, datetime],
    notes: list[repo.Written] | None = None,
) -> schemas.CommandOut | None:
    """Apply one timeout's ``step`` (the actor, the command) to the round at ``at`` (its
    version, the moment the timeout took effect) through the command path and commit,
    what it wrote given to ``notes``; ``None`` (rolled back) where another process
    applied it first."""
    actor, command = step
    seat = actor if isinstance(actor, int) else None
    version, moment = at
    try:
        out = service_command(
            session, _player_for(round_, actor), table_id, command, rng, version, seat
        )
        # The wait that follows is timed from then, so a deadline that has passed
        # since is applied in this call too, whenever the server looks.
        out = after_command(session, out, rng, moment)
        noted = repo.take_written(session, table_id)
        session.commit()
    except (CroupierError, IntegrityError):
        session.rollback()
        return None
    if notes is not None:
        notes.append(noted or repo.Written())
    return out


def _stalled(session: Session, table_id: str, due: Any, now: datetime) -> datetime | None:
    """When the ``due`` round's deadline took effect: as stored, or later by the time the
    server was not serving when it passed (:meth:`Stalls.extended`; docs/interpretations.md,
    "A deadline passed while the server was not serving"). ``None`` where that is after
    ``now``: the later deadline is stored (if the round is still as read) and nothing is
    timed out yet."""
    deadline = _utc(due.deadline)
    stalls = session.info.get(STALLS)
    if not isinstance(stalls, Stalls) or due.deadline_kind is None:
        return deadline
    settings = table_settings(session, table_id)
    kind = WaitKey.parse(due.deadline_kind).kind
    seconds = getattr(settings, f"{kind}_seconds", None) or 0.0
    later = stalls.extended(deadline, seconds)
    if later <= now:
        return later
    _set_deadline(session, due, deadline=later)
    return None


def _due(session: Session, table_id: str, now: datetime, overdue: set[int]) -> tuple[Any, bool]:
    """The open round of ``table_id`` whose deadline passed by ``now`` (``None``: none), and
    whether, none being due, it is the open round where seats ``overdue`` (waiting when
    the deadline passed) are still to be acted for."""
    columns = (RoundRow.id, RoundRow.version, RoundRow.deadline, RoundRow.deadline_kind)
    at_table = (RoundRow.table_id == table_id, RoundRow.status == "open")
    passed = (RoundRow.deadline.is_not(None), RoundRow.deadline <= now)
    due = session.execute(select(*columns).where(*at_table, *passed)).first()
    if due is not None or not overdue:
        return due, False
    return session.execute(select(*columns).where(*at_table)).first(), True


def _set_deadline(session: Session, due: Any, **values: Any) -> None:
    """Store the deadline's ``values`` for the ``due`` round, if it is still as read."""
    session.execute(
        update(RoundRow)
        .where(RoundRow.id == due.id, RoundRow.version == due.version)
        .values(**values)
        .execution_options(synchronize_session=False)
    )


def _utc(moment: datetime) -> datetime:
    """A stored time as aware UTC (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def service_command(
    session: Session,
    player: Player,
    table_id: str,
    command: Command,
    rng: Rng,
    round_version: int | None = None,
    for_seat: int | None = None,
) -> schemas.CommandOut:
    """Run ``command`` for ``player`` (``for_seat``: as that seat of the open round, even if
    the player has left it) through :func:`service.handle_command`, refused
    (StaleVersion) unless the open round is still at ``round_version`` when given."""
    body = schemas.CommandIn(command=command.model_dump(mode="json"), round_version=round_version)
    return service.handle_command(session, player, table_id, body, rng, for_seat=for_seat)


def leave_actions(
    session: Session, table_id: str, seat: int, rng: Rng, now: datetime
) -> schemas.CommandOut | None:
    """Before the player at ``seat`` leaves it, in the same transaction: what leaving does
    at once in the open round (:meth:`~croupier.game.TablePolicy.leaving_action`; at
    Double Back Jack, a cut offered to that box is refused for it, as its timeout would
    refuse it, 673a.5(b)-(c), docs/interpretations.md, "Leaving refuses the cut"),
    through the command path (:func:`service_command`, at the round's version, for the
    seat); :func:`after_command` then does the same for each seat the offer reaches whose
    player has left already, and times the next wait. Returns what was done, or ``None``
    where leaving does nothing now."""
    found = session.execute(
        select(RoundRow.id, RoundRow.version).where(
            RoundRow.table_id == table_id, RoundRow.status == "open"
        )
    ).first()
    if found is None:
        return None
    _, round_ = repo.load_round(session, found.id)
    command = spec_of(round_).policy.leaving_action(round_, seat)
    if command is None:
        return None
    player = _player_for(round_, seat)
    out = service_command(session, player, table_id, command, rng, found.version, seat)
    return after_command(session, out, rng, now)


_DUE = Statement.of(
    "SELECT id FROM rounds WHERE table_id = :table_id AND status = 'open' "
    "AND deadline IS NOT NULL AND deadline <= :now"
)


def due(session: Session, table_id: str, now: datetime) -> bool:
    """Whether the open round at ``table_id`` has a deadline that has passed."""
    db = raw(session)
    found = db.execute(_DUE, {"table_id": table_id, "now": db.when(now)}).fetchone()
    return found is not None


_ALL_DUE = Statement.of(
    "SELECT DISTINCT table_id FROM rounds WHERE status = 'open' "
    "AND deadline IS NOT NULL AND deadline <= :now"
)


def due_tables(session: Session, now: datetime) -> list[str]:
    """The tables whose open round has a deadline that has passed by ``now``."""
    db = raw(session)
    return [row[0] for row in db.execute(_ALL_DUE, {"now": db.when(now)}).fetchall()]


# --- what a player may see of the events a command caused --------------------------------
def redact(
    stored: schemas.StoredEvent,
    event: Event,
    policy: TablePolicy,
    viewer: Viewer,
    names: StandIns,
) -> schemas.StoredEvent:
    """``stored`` (``event`` as stored, of a game conducted by ``policy``) as ``viewer`` (a
    seat's positions, or none for a spectator) may see it: the fields the game hides from
    that viewer (:meth:`~croupier.game.TablePolicy.hidden`: the order of a shuffled deck, shoe or
    stacks, face-down cards and tiles of other players, the dealer's hole card, burned
    cards, hands set face down) are blanked (``null``, or an empty list for an order);
    the event's type, index and hash stay, so the client sees that it happened.
    Everything else is public at the table (face-up cards, dice, wagers, settlements),
    but for the account ids of other players: each is shown by its stand-in of ``names``
    (:func:`croupier.server.privacy.stand_ins`) and the event marked ``ids_replaced``."""
    blank = concealed(policy, event, viewer)
    body = {**stored.event, **blank}
    private = replaced(body, names)
    if private != body:
        return stored.model_copy(update={"event": private, "ids_replaced": True})
    if not blank:
        return stored
    return stored.model_copy(update={"event": body})
