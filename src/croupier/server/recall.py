"""Game recall: the last ten rounds of a seat, as labs ask of an online table game.

``GET /tables/{id}/seats/{seat}/recall`` (and the page ``/play/recall.html``): the seat's
last rounds that are over, newest first, each with every event as dealt (each card, die
and tile) and the seat's settlements, the money its player's wallet moved, the round's
final view for that seat and the version of the Rules Submission it was played under.

A player recalls only the rounds in which he held that seat, and sees each event as the
table showed it to him then (:func:`croupier.server.driver.redact` with the game's
``hidden`` for his positions: another hand's face-down cards, the shuffled order stay
blank) and the view of his seat (``Round.view``); a dealer or admin recalls any seat's
rounds whole (the surveillance view).
"""

from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier import citations
from croupier.engine import DEALER, Actor, RoundOpened, WagerSettled
from croupier.game import WALLET, Viewer, event_moves
from croupier.ledger import repository as repo
from croupier.ledger import versions
from croupier.ledger.models import EventRow, Player, RoundRow, RulesVersion
from croupier.registry import find
from croupier.rules.base import STORED
from croupier.server import driver, legacy, schemas, seals, service
from croupier.server.privacy import stand_ins

RECALLED = 10
"""How many rounds a recall shows."""
SCANNED = 2_000
"""How many of the table's latest rounds a recall looks through for the seat's."""


class SettlementOut(BaseModel):
    """One wager of the seat settled: cents staked, returned and won (``withheld`` by a
    payout limit), its outcome and odds."""

    spot: str
    amount: int
    outcome: str
    odds: str | None
    returned: int
    won: int
    withheld: int
    cite: str
    cite_shown: str = ""
    """:attr:`cite` as a reader is shown it (:func:`croupier.citations.shown`): never a
    code of croupier's own."""


class RecalledRound(BaseModel):
    round_id: str
    number: int
    status: Literal["completed", "voided"]
    opened_at: str
    seat: int
    player_id: str
    rules_version: int | None
    """The version of the table's Rules Submission the round was played under."""
    rules_sha256: str
    events: list[schemas.StoredEvent]
    """Every event of the round as the caller may see it."""
    settlements: list[SettlementOut]
    wallet_net: int
    """What the round moved into (positive) or out of the seat's player's wallet, cents."""
    view: dict[str, Any]
    """The caller's view of the round at its end."""


class RecallOut(BaseModel):
    table_id: str
    game: str
    seat: int
    rounds: list[RecalledRound]


def recall(session: Session, table_id: str, seat: int, me: Player) -> RecallOut:
    """The last :data:`RECALLED` rounds over of ``seat`` at ``table_id`` that ``me`` may
    recall (see the module docstring). Raises :class:`repo.NotFound`, and
    :class:`service.Unprocessable` (422) for a seat outside the positions any version of the
    table's Rules Submission has had."""
    table = repo.get_table(session, table_id)
    spec = find(table.game)
    game = spec.round_type
    most = max(
        spec.rules_type.model_validate_json(text, context=STORED).seat_count()
        for text in session.scalars(
            select(RulesVersion.rules_json).where(RulesVersion.table_id == table_id)
        )
    )
    if not 1 <= seat <= most:
        raise service.Unprocessable(
            f"seat {seat} does not exist at table {table_id}: its betting positions are "
            f"numbered 1 to {most}",
            "server:seats",
        )
    surveillance = me.role in ("dealer", "admin")
    candidates = session.execute(
        select(RoundRow.id, EventRow.body)
        .join(EventRow, (EventRow.round_id == RoundRow.id) & (EventRow.index == 0))
        .where(RoundRow.table_id == table_id, RoundRow.status != "open")
        .order_by(RoundRow.number.desc())
        .limit(SCANNED)
    ).all()
    found: list[RecalledRound] = []
    for round_id, first in candidates:
        opened = game.events_from_json(f"[{first}]")[0]
        assert isinstance(opened, RoundOpened)
        holder = opened.seats.get(seat)
        if holder is None or (not surveillance and holder != me.id):
            continue
        found.append(_recalled(session, round_id, seat, holder, me))
        if len(found) == RECALLED:
            break
    return RecallOut(table_id=table_id, game=table.game, seat=seat, rounds=found)


def _recalled(session: Session, round_id: str, seat: int, holder: str, me: Player) -> RecalledRound:
    surveillance = me.role in ("dealer", "admin")
    row, round_ = repo.load_round(session, round_id)  # verified by replay
    spec = find(round_.game)
    opened = round_.opened
    actor: Actor = DEALER if surveillance else seat
    viewer = Viewer.of(actor, opened.seats)
    names = stand_ins(round_.events, spec.policy)
    stored = service.stored(repo.round_events(session, round_id))
    events = [
        seals.seed_sealed(e, row.status == "open")
        if surveillance
        else driver.redact(e, round_.events[e.index], spec.policy, viewer, names)
        for e in stored
    ]
    if not surveillance:  # no old, unsealed hash that gives a hidden card away
        events = legacy.withhold(events, legacy.exposed_from(session, row, round_))
    settled = [
        _settlement(e) for e in round_.events if isinstance(e, WagerSettled) and e.seat == seat
    ]
    net = sum(
        amount
        for index in range(len(round_.events))
        for (kind, owner), amount in event_moves(spec.policy, round_.events, index, opened.seats)
        if kind == WALLET and owner == holder
    )
    status: Literal["completed", "voided"] = "voided" if row.status == "voided" else "completed"
    return RecalledRound(
        round_id=round_id,
        number=row.number,
        status=status,
        opened_at=row.opened_at.isoformat(),
        seat=seat,
        player_id=holder,
        rules_version=_version_in_force(session, row, opened.rules_sha256),
        rules_sha256=opened.rules_sha256,
        events=events,
        settlements=settled,
        wallet_net=net,
        view=round_.view(actor)
        if surveillance
        else service.shielded_view(
            round_.view(actor), me, service.seat_names(session, opened.seats)
        ),
    )


def _settlement(e: WagerSettled) -> SettlementOut:
    return SettlementOut(
        spot=e.spot,
        amount=e.amount,
        outcome=str(e.outcome),
        odds=None if e.odds is None else f"{e.odds.numerator}/{e.odds.denominator}",
        returned=e.returned,
        won=e.won,
        withheld=e.withheld,
        cite=e.cite,
        cite_shown=citations.shown(e.cite) if e.cite else "",
    )


def _version_in_force(session: Session, row: RoundRow, rules_sha256: str) -> int | None:
    """The version of the submission ``rules_sha256`` in force when the round ``row`` opened
    (the first one filed with it, where the clocks disagree)."""
    filed = list(
        session.scalars(
            select(RulesVersion)
            .where(RulesVersion.table_id == row.table_id, RulesVersion.rules_sha256 == rules_sha256)
            .order_by(RulesVersion.version)
        )
    )
    began = versions.utc(row.opened_at)
    before = [
        v.version
        for v in filed
        if v.effective_at is not None and versions.utc(v.effective_at) <= began
    ]
    return before[-1] if before else (filed[0].version if filed else None)
