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
"""

import json
import pathlib
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any, cast

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier import signs
from croupier.engine import DEALER, Actor, Event, Round, RoundOpened
from croupier.game import Viewer, event_moves
from croupier.ledger import repository as repo
from croupier.ledger import versions
from croupier.ledger.models import CAGE, WALLET, GameTable, Player, RoundRow, Seat
from croupier.registry import GAMES, find, sign_for, spec_of
from croupier.rules.base import RulesSubmission
from croupier.server import addresses, driver, legacy, reveal, schemas, seals, service
from croupier.server.ratelimit import Buckets, RateLimit

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


def table_summary(session: Session, table: GameTable) -> schemas.TableSummary:
    rules = service.table_rules(table)
    taken = sorted(session.scalars(select(Seat.seat).where(Seat.table_id == table.id)).all())
    spec = find(table.game)
    return schemas.TableSummary(
        id=table.id,
        game=table.game,
        title=spec.title,
        chapter=spec.chapter,
        layout=spec.layout,
        minimum_wager=rules.minimum_wager,
        maximum_wager=rules.maximum_wager,
        seat_count=rules.seat_count(),
        seats_taken=taken,
        free_seats=[n for n in range(1, rules.seat_count() + 1) if n not in taken],
    )


def register(
    app: FastAPI,
    session: Callable[[], Iterator[Session]],
    caller: Callable[..., Player],
    problems: dict[int | str, dict[str, Any]],
) -> None:
    """Add the browser's endpoints and the static client to ``app``; ``session`` and
    ``caller`` are the app's dependencies (a database session, the bearer's player)."""
    Db = Annotated[Session, Depends(session)]  # noqa: N806
    Caller = Annotated[Player, Depends(caller)]  # noqa: N806

    @app.get("/tables", response_model=schemas.TablesOut, responses=problems)
    def list_tables(db: Db, me: Caller) -> schemas.TablesOut:
        """Every table of a game this server deals: its game, limits (cents) and free
        seats."""
        tables = db.scalars(select(GameTable).order_by(GameTable.id))
        # A table of a game this process does not deal (a game registered elsewhere) is
        # left out of the lobby, not allowed to fail it.
        dealt = [table for table in tables if table.game in GAMES]
        return schemas.TablesOut(tables=[table_summary(db, table) for table in dealt])

    if not hasattr(app.state, "signup_limits"):
        app.state.signup_limits = Buckets(SIGNUP_LIMIT)

    @app.post(
        "/players/play-money",
        status_code=201,
        response_model=schemas.PlayerCreated,
        responses={
            **problems,
            429: {
                "model": schemas.Problem,
                "description": "Too many sign-ups from the client's address "
                "(server:rate-limit); the Retry-After header gives the seconds to wait.",
            },
        },
    )
    def play_money(body: schemas.PlayMoneyIn, request: Request, db: Db) -> schemas.PlayerCreated:
        """Anyone: a new player with a play-money opening balance of PLAY_MONEY_OPENING
        cents, moved from the cage to the wallet by one posting (``server:play-money``).
        The bearer token is returned once. Each client address may sign up
        ``SIGNUP_LIMIT.burst`` players at once and then one every
        ``1 / SIGNUP_LIMIT.per_second`` seconds (``app.state.signup_limits``; 429,
        :class:`RateLimited`, ``server:rate-limit``, with Retry-After), so that throwaway
        accounts cannot take every seat. The address is the peer's; ``X-Forwarded-For``
        counts only from a proxy the operator named (:mod:`croupier.server.addresses`)."""
        trusted = getattr(request.app.state, "trusted_proxies", addresses.NONE)
        address = addresses.client_address(request, trusted)
        request.app.state.signup_limits.take(
            address, SIGNUP_KEY, what="play-money sign-ups from one address"
        )
        player, token = repo.create_player(db, body.name, "player")
        wallet = repo.account(db, WALLET, player_id=player.id)
        cage = repo.account(db, CAGE)
        repo.post(
            db,
            "play-money",
            {cage.id: -PLAY_MONEY_OPENING, wallet.id: PLAY_MONEY_OPENING},
            cite=PLAY_MONEY_CITE,
        )
        db.commit()
        return schemas.PlayerCreated(
            id=player.id,
            name=player.name,
            role=player.role,
            balance=repo.balance(db, player.id),
            token=token,
        )

    @app.delete(
        "/tables/{table_id}/seats/{seat}", response_model=schemas.SeatOut, responses=problems
    )
    def leave(
        table_id: str,
        seat: Annotated[int, Path(ge=1, le=100)],
        request: Request,
        db: Db,
        me: Caller,
    ) -> schemas.SeatOut:
        """The player at ``seat`` leaves it (the seat is free at once). Refused with 403
        (``server:seats``) for a seat the caller does not hold, and with 409
        (``server:seats``) while the seat has a wager in the table's open round: he leaves
        once it is settled. A seat left during a round without a wager of its own is taken
        by nobody else until that round is over (:func:`service.join`). A box offered the
        Double Back Jack cut refuses it by leaving (:func:`driver.leave_actions`)."""
        repo.get_table(db, table_id)
        held = db.get(Seat, (table_id, seat))
        if held is None or held.player_id != me.id:
            raise service.AccessDenied(
                f"you do not sit at seat {seat} of table {table_id}", SEATS_CITE
            )
        open_round = db.scalars(
            select(RoundRow.id).where(RoundRow.table_id == table_id, RoundRow.status == "open")
        ).first()
        playing = repo.load_round(db, open_round)[1] if open_round is not None else None
        if playing is not None and spec_of(playing).policy.has_wager(playing, seat):
            raise repo.LedgerError(
                f"seat {seat} has a wager in round {open_round}, which is not over: "
                "leave once it is settled",
                SEATS_CITE,
            )
        # Leaving refuses a Double Back Jack cut offered to the box, at once and in this
        # transaction, through the command path as a timeout would (673a.5(b)-(c)).
        hub = request.app.state.hub
        driver.leave_actions(db, table_id, seat, hub.rng, hub.clock())
        db.delete(held)
        db.commit()
        request.app.state.hub.changed(table_id)
        return schemas.SeatOut(seat=seat, player_id=me.id)

    @app.get("/tables/{table_id}/sign", response_model=schemas.SignOut, responses=problems)
    def sign(table_id: str, db: Db, me: Caller) -> schemas.SignOut:
        """The payout-odds sign of the table's Rules Submission (plain text)."""
        table = repo.get_table(db, table_id)
        return schemas.SignOut(table_id=table_id, text=sign_text(service.table_rules(table)))

    @app.get("/tables/{table_id}/rounds", response_model=schemas.RoundsOut, responses=problems)
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
        hub = request.app.state.hub
        if driver.due(db, table_id, hub.clock()):  # as the view does: the timeout first
            db.commit()
            hub.expire(table_id)
        query = select(RoundRow).where(RoundRow.table_id == table_id)
        if before is not None:
            query = query.where(RoundRow.number < before)
        rows = list(db.scalars(query.order_by(RoundRow.number.desc()).limit(limit)))
        return schemas.RoundsOut(table_id=table_id, rounds=[_summary(db, row, me) for row in rows])

    @app.get("/rounds/{round_id}/steps", response_model=schemas.StepsOut, responses=problems)
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

        def shown(event: schemas.StoredEvent) -> schemas.StoredEvent:
            # A player or spectator sees each event as the command answers show it to him
            # (driver.redact): no shuffled order, no face-down card of another hand.
            if surveillance:
                return seals.seed_sealed(event, row.status == "open")
            return driver.redact(event, events[event.index], spec.policy, viewer)

        views = views_after_each(game, events, actor)
        sent = [shown(e) for e in service.stored(rows)]
        if not surveillance:  # no old, unsealed hash that gives a hidden card away
            sent = legacy.withhold(sent, legacy.exposed_from(db, row, verified))
        held = select(Player.id, Player.name).where(Player.id.in_(list(opened.seats.values())))
        names = {row.id: row.name for row in db.execute(held)}
        return schemas.StepsOut(
            seats=[
                schemas.SeatOut(seat=seat, player_id=pid, name=names.get(pid))
                for seat, pid in sorted(opened.seats.items())
            ],
            round_id=row.id,
            table_id=row.table_id,
            game=table.game,
            status=cast(service.Status, row.status),
            actor=actor,
            steps=[schemas.Step(event=e, view=view) for e, view in zip(sent, views, strict=True)],
        )

    @app.get("/rounds/{round_id}/reveal", response_model=schemas.RevealOut, responses=problems)
    def reveal_round(round_id: str, db: Db, _me: Caller) -> schemas.RevealOut:
        """A round that is over, for any player or spectator to check: every event whole
        with the salts that open the commitments received while it was played (the
        shuffled order, each card dealt face down), so that every card seen can be
        traced to the order committed when it was shuffled (``croupier verify-round``;
        docs/architecture.md, "Provably fair rounds"). 409 while the round is open, or
        while a later round still deals from its shoe."""
        return reveal.reveal(db, round_id)

    @app.get("/games/{game}/commands", response_model=schemas.CommandSchemaOut, responses=problems)
    def commands(game: str) -> schemas.CommandSchemaOut:
        """The JSON Schema of the game's commands (a union tagged by ``type``)."""
        if game not in GAMES:
            raise repo.NotFound(f"no game {game!r}; known: {', '.join(GAMES)}", "601a.2")
        return schemas.CommandSchemaOut(
            game=game, commands=find(game).round_type.command_adapter.json_schema()
        )

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/play/")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        """The tables' icon, where a browser asks for it before reading a page's link."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/play", StaticFiles(directory=STATIC, html=True), name="play")


def _summary(db: Session, row: RoundRow, me: Player) -> schemas.RoundSummary:
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
    return summary.model_copy(
        update={
            "seat": seat,
            "stake": -sum(m for m in moves if m < 0),
            "net": sum(moves),
            "view": view,
        }
    )
