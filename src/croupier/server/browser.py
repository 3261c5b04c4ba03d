"""What the browser tables need beyond the table API (see docs/browser.md).

- ``GET /tables``: every table with its game, limits and free seats (the lobby).
- ``POST /players/play-money``: self-service sign-up with a play-money opening balance,
  moved from the house (the cage) to the new wallet through the ledger
  (rule ``server:play-money``).
- ``DELETE /tables/{id}/seats/{seat}``: the player leaves his seat (not while it has a
  wager in the open round).
- ``GET /tables/{id}/sign``: the payout-odds sign the regulation requires, as
  ``croupier rules show`` prints it.
- ``GET /tables/{id}/rounds``: the table's rounds, newest first (the history).
- ``GET /rounds/{id}/steps``: the round hand by hand: each stored event with the
  caller's view after it (a player sees what his seat could see, never more).
- ``GET /games/{game}/commands``: the JSON Schema of a game's commands, so that a client
  builds the form of any command ``legal_commands`` lists.
- the static client itself, under ``/play/`` (``/`` redirects there).

The endpoints themselves are in :mod:`croupier.server.routes` (by resource); this module
keeps what they share: the client's files, the play-money and seat rules' constants, a
table's lobby line, a round's history line and its views step by step.
"""

import json
import pathlib
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier import signs
from croupier.analysis import returns
from croupier.engine import Actor, Event, Round, RoundOpened
from croupier.game import event_moves
from croupier.ledger import repository as repo
from croupier.ledger import versions
from croupier.ledger.models import WALLET, GameTable, Player, RoundRow, Seat
from croupier.registry import find, sign_for
from croupier.rules.base import RulesSubmission
from croupier.server import schemas, service
from croupier.server.held import closing
from croupier.server.ratelimit import RateLimit

STATIC = pathlib.Path(__file__).parent / "static"
"""The browser client: static ES modules, CSS and SVG, no build step."""

PLAY_MONEY_OPENING = 100_000
"""The play-money opening balance of a self-service account, in cents ($1,000.00)."""

PLAY_MONEY_CITE = "server:play-money"
SEATS_CITE = "server:seats"

SIGNUP_LIMIT = RateLimit(per_second=1 / 60, burst=10)
"""Play-money sign-ups per client address: ten at once, then one a minute."""
SIGNUP_KEY = "play-money"
"""The bucket key (in place of a table) of the sign-up limit."""


def views_after_each(
    game: type[Round[Any]], events: Sequence[Event], actor: Actor | None
) -> list[dict[str, Any]]:
    """``actor`` 's view of the round after each of ``events`` (the first its
    ``RoundOpened``), folding the events once: one round advanced an event at a time
    (``evolve``), so that a round's steps cost time in proportion to its events, not to
    their square. Each view is copied as it is taken, the state being updated in place."""
    round_ = game(events[:1], None)
    views = [json.loads(json.dumps(round_.view(actor)))]
    for event in events[1:]:
        round_.apply(event)
        views.append(json.loads(json.dumps(round_.view(actor))))
    return views


def sign_text(rules: RulesSubmission, width: int = 72) -> str:
    """The table sign of ``rules`` as plain text, as ``croupier rules show`` prints it.

    Raises :class:`croupier.errors.NoSign` (``rules show``; answered 404 as a
    :class:`croupier.ledger.repository.NotFound` is) for a game whose sign is not drawn yet.
    """
    return signs.sign_text(sign_for(rules), width)


RETURNS_WAIT = 3.0
"""The seconds a help or lobby request waits for a table's returns being worked out
(:func:`croupier.analysis.returns.lookup`) before answering without them."""

WORKING = (
    "The theoretical return is being worked out from the par sheet (a game whose exact "
    "solve takes a while); it shows here once it is done."
)


def table_returns(
    rules: RulesSubmission, wait: float = 0.0
) -> tuple[list[schemas.WagerReturnOut] | None, str]:
    """The theoretical return of each wager ``rules`` offer, and why there is none (a
    sentence; ``""`` where there are): still being worked out after ``wait`` seconds,
    or the reason the analysis failed."""
    try:
        found = returns.lookup(rules, wait)
    except returns.Failed as error:
        return None, f"The theoretical return could not be worked out: {error}."
    if found is None:
        return None, WORKING
    return [schemas.WagerReturnOut(**wager) for wager in found], ""


def headline(found: list[schemas.WagerReturnOut], main: str) -> schemas.WagerReturnOut:
    """The lobby card's return among ``found`` (non-empty): the best-returning wager
    named ``main`` or ``main:...`` (:attr:`~croupier.game.GameSpec.main_wager`); the
    first of ``found`` where ``main`` is empty or names none of them."""
    mine = [w for w in found if main and (w.wager == main or w.wager.startswith(main + ":"))]
    if not mine:
        return found[0]
    return max(mine, key=lambda w: float(w.to_player.rstrip("%")))


def table_help(table: GameTable) -> schemas.HelpOut:
    """The help panel of ``table`` (docs/browser.md, "The game explained"): its game's
    :attr:`~croupier.game.GameSpec.how_to_play`, the sign of its Rules Submission in
    force as blocks (:func:`croupier.signs.sign_blocks`), its limits and the returns
    (:func:`table_returns`, waiting :data:`RETURNS_WAIT` seconds at most)."""
    rules = service.table_rules(table)
    spec = find(table.game)
    drawn = spec.draw_sign(rules)
    found, note = table_returns(rules, RETURNS_WAIT)
    title, chapter = spec.named(rules)
    return schemas.HelpOut(
        table_id=table.id,
        title=title,
        chapter=chapter,
        how_to_play=list(spec.how_to_play),
        sign=[] if drawn is None else signs.sign_blocks(drawn),
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        returns=found,
        returns_note=note,
    )


def table_summary(session: Session, table: GameTable, wait: float = 0.0) -> schemas.TableSummary:
    """``table`` 's line in the lobby: game, limits, seats and the theoretical return of
    its main wager (:func:`table_returns`, waiting ``wait`` seconds at most)."""
    rules = service.table_rules(table)
    found, note = table_returns(rules, wait)
    taken = sorted(session.scalars(select(Seat.seat).where(Seat.table_id == table.id)).all())
    spec = find(table.game)
    title, chapter = spec.named(rules)
    closed = closing(session, table.id, table.game)
    return schemas.TableSummary(
        id=table.id,
        game=table.game,
        title=title,
        chapter=chapter,
        layout=spec.layout,
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        seat_count=rules.seat_count(),
        seats_taken=taken,
        free_seats=[n for n in range(1, rules.seat_count() + 1) if n not in taken],
        main_return=headline(found, spec.main_wager) if found else None,
        returns_note=note or ("" if found else "No wager has figures in the par sheet."),
        closed=bool(closed.reason),
        closed_reason=closed.reason,
        closed_by=closed.by,
    )


def round_summary(db: Session, row: RoundRow, me: Player) -> schemas.RoundSummary:
    """A round of the history: when it opened and, for a player who played it and once
    it is over, his seat, what it took from his wallet, its net and his view at its end
    (the events replayed, as his recall does)."""
    summary = schemas.RoundSummary(
        round_id=row.id,
        number=row.number,
        status=cast(service.Status, row.status),
        version=row.version,
        opened_at=versions.utc(row.opened_at).isoformat(),
    )
    if me.role != "player" or row.status == "open":
        return summary
    spec = find(repo.get_table(db, row.table_id).game)
    bodies = repo.round_events(db, row.id)
    events = spec.round_type.events_from_json("[" + ",".join(r.body for r in bodies) + "]")
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    seat = next((s for s, pid in opened.seats.items() if pid == me.id), None)
    if seat is None:
        return summary
    moves = [
        amount
        for index in range(len(events))
        for (kind, owner), amount in event_moves(spec.policy, events, index, opened.seats)
        if kind == WALLET and owner == me.id
    ]
    view = spec.round_type(events, None).view(seat)
    view = service.shielded_view(view, me, service.seat_names(db, opened.seats))
    return summary.model_copy(
        update={
            "seat": seat,
            "stake": -sum(m for m in moves if m < 0),
            "net": sum(moves),
            "view": view,
        }
    )
