"""Rounds interrupted by a server stop (a crash, a kill, a restart).

Every command is one transaction (:mod:`croupier.server.service`), so a stop loses
nothing that was answered: the round in play at a table is stored up to its last
command. What happens to it when the server is back is the table's setting
``interrupted_rounds`` (:class:`croupier.server.schemas.TableSettings`):

- ``resume`` (the default): the round plays on from its stored events; its wagers stay
  held, the wait in progress is timed again (a deadline that passed while the server was
  down is extended, :mod:`croupier.server.stall`), and its players complete it (GLI-19
  4.16: an interrupted game's wagers held until it is completed);
- ``void``: when the server starts, before it serves anyone, the round is voided through
  the command path by the server as dealer (the game's ``VoidRound``), every wager still
  in play returned (GLI-19 A.6.4: "return all wagers"). A round the floor may no longer
  void (Craps once a roll has settled wagers: the game offers no ``VoidRound``) resumes.

``croupier serve`` calls :func:`settle_interrupted` once, in its parent process, after
the migrations and before its workers start: every round open then was interrupted by
the stop before, except, with ``--bus``, at a table another live process deals
(:func:`croupier.server.lease.dealt`): its round is in play there. A table whose dead
owner's lease has not expired yet is left to the take-over, which resumes its round.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from croupier.engine import Command
from croupier.errors import CroupierError
from croupier.game import offered
from croupier.ledger import repository as repo
from croupier.ledger.models import RoundRow
from croupier.ledger.significant_events import SYSTEM, Kind, record
from croupier.rng import Rng, SecureRng
from croupier.server import driver
from croupier.server.service import SERVER, table_settings

CITE = "server:interrupted-rounds"
REASON = (
    "the server stopped while the round was in play, and this table voids an interrupted "
    f"round: every wager is returned ({CITE})"
)


def settle_interrupted(
    engine: Engine, rng: Rng | None = None, *, dealt: Collection[str] = ()
) -> list[str]:
    """Void every round open at a table whose ``interrupted_rounds`` is ``void``, each in
    its own transaction (a round another process moved on meanwhile is left as it is);
    returns the ids of the rounds voided. ``rng``: the random source of a round opened
    at once after one (a Pai Gow bank offer), default the secure generator. ``dealt``:
    tables another live process deals, whose open rounds are in play, not interrupted:
    neither voided nor recorded as resumed."""
    source = rng or SecureRng()
    sessions = sessionmaker(engine, expire_on_commit=False)
    with sessions() as session:
        found = session.execute(
            select(RoundRow.id, RoundRow.table_id, RoundRow.version).where(
                RoundRow.status == "open"
            )
        ).all()
    voided: list[str] = []
    for round_id, table_id, version in found:
        if table_id in dealt:
            continue
        with sessions() as session:
            if table_settings(session, table_id).interrupted_rounds != "void":
                _resumed(session, round_id, table_id, version, "this table resumes them")
                continue
            _, round_ = repo.load_round(session, round_id)
            if offered(round_, "VoidRound") is None:  # the floor may no longer void it
                _resumed(session, round_id, table_id, version, "it may no longer be voided")
                continue
            command: Command = round_.command_adapter.validate_python(
                {"type": "VoidRound", "reason": REASON}
            )
            try:
                out = driver.service_command(session, SERVER, table_id, command, source, version)
                driver.after_command(session, out, source, datetime.now(UTC))
                record(
                    session,
                    kind=Kind.ROUND_VOIDED_BY_SYSTEM,
                    who=SYSTEM,
                    subject=round_id,
                    before={"status": "open", "version": version},
                    after={"status": "voided", "version": out.round_version},
                    words=f"round {round_id} at table {table_id}, interrupted by the server's "
                    "stop, was voided by the system when it started again: every wager "
                    "returned",
                )
                session.commit()
            except (CroupierError, IntegrityError):  # another process moved it on first
                session.rollback()
                continue
            voided.append(round_id)
    return voided


def _resumed(session: Session, round_id: str, table_id: str, version: int, why: str) -> None:
    """Record that the system left interrupted round ``round_id`` open to be resumed."""
    try:
        record(
            session,
            kind=Kind.ROUND_RESUMED_BY_SYSTEM,
            who=SYSTEM,
            subject=round_id,
            before={"status": "open", "version": version},
            after={"status": "open", "version": version},
            words=f"round {round_id} at table {table_id}, interrupted by the server's stop, "
            f"resumes where it stopped ({why}): its wagers stay held until it is completed",
        )
        session.commit()
    except IntegrityError:  # another process recorded an entry at the same moment
        session.rollback()


__all__ = ["CITE", "REASON", "settle_interrupted"]
