"""Events stored before sealing (migration 0006): their hashes are withheld from players.

Before 0006 the chain hashed each event whole, ``sha256(prev_hash + canonical JSON)``,
face-down cards and all; those rows keep that hash (the chain is append-only). Sent to a
player with its ``prev_hash``, such a hash gives a hidden card away: the 52 cards tried
in the event find the one that hashes to it (issue #29). Every later hash of the table
chains from it, so it gives the card away as well: with the hash of the next event and
that event's public form, the 52 candidates are tried one step further along.

So a player or spectator is sent ``hash`` and ``prev_hash`` as ``null`` for every event
of a round from its first **exposing** event on (:func:`exposed_from`): one stored with
nothing sealed whose game hides a field of it from a spectator (the spectator's view:
what a player's own cards are hidden from is hidden from someone at the table). A round
dealt from what a round before it left (a Double Back Jack shoe) is withheld whole when
that round, not yet revealed, had an exposing event. The dealer, surveillance and the
reveal (once the round is over, every card is public anyway) get every hash. A round
whose events were all stored sealed (every round dealt since 0006) is untouched: its
players check the chain as before.

What a player can check of such an old round: while it is played, the values of the
events he received (the same ones the reveal will hold); once it is over, the reveal
(``croupier verify-round``): its chain, hashed the old way, whole events, as the reveal
carries them; the rules' replay; and that the values he was shown are the revealed ones.
Not that the order dealt from was committed before the deal: nothing was sealed then.
"""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.engine import Round
from croupier.errors import NotRevealed
from croupier.game import Viewer, concealed
from croupier.ledger import repository as repo
from croupier.ledger.models import EventRow, RoundRow
from croupier.registry import find
from croupier.server import reveal, schemas


def exposed_from(
    session: Session,
    row: RoundRow,
    round_: Round[Any],
    known: dict[str, int | None] | None = None,
) -> int | None:
    """The index of round ``row``'s (``round_``, rebuilt) first event whose hash is
    withheld from players (see the module docstring): 0 where the round is dealt on from
    what the round before it left (``TablePolicy.carried_on``) and that round, not yet
    revealed, needs hashes withheld; ``None`` when every hash may be sent. ``known``
    holds (and receives) the answers for rounds already looked at, by round id."""
    known = {} if known is None else known
    if row.id in known:
        return known[row.id]
    known[row.id] = start = _exposed_from(session, row, round_, known)
    return start


def _exposed_from(
    session: Session, row: RoundRow, round_: Round[Any], known: dict[str, int | None]
) -> int | None:
    policy = find(round_.game).policy
    if row.number > 1 and policy.carried_on(round_):
        previous = session.scalars(
            select(RoundRow).where(
                RoundRow.table_id == row.table_id, RoundRow.number == row.number - 1
            )
        ).first()
        if previous is not None:
            if previous.id in known:
                earlier = known[previous.id]
            else:  # folded from its stored events, not replayed: only read here
                rows = repo.round_events(session, previous.id)
                game = find(round_.game).round_type
                before = game(
                    game.events_from_json("[" + ",".join(r.body for r in rows) + "]"), None
                )
                earlier = exposed_from(session, previous, before, known)
            if earlier is not None and not _revealed(session, previous):
                return 0
    spectator = Viewer()
    for stored in repo.round_events(session, row.id):
        if not stored.sealed and concealed(policy, round_.events[stored.index], spectator):
            return stored.index
    return None


def _revealed(session: Session, row: RoundRow) -> bool:
    """Whether round ``row`` may be revealed now (so that nothing in it is secret)."""
    try:
        reveal.revealable(session, row)
    except NotRevealed:
        return False
    return True


def withhold(shown: list[schemas.StoredEvent], start: int | None) -> list[schemas.StoredEvent]:
    """``shown`` with ``hash`` and ``prev_hash`` set to ``None`` from the round's event
    ``start`` on (``None``: unchanged)."""
    if start is None:
        return shown
    return [
        e if e.index < start else e.model_copy(update={"hash": None, "prev_hash": None})
        for e in shown
    ]


class LegacyChains:
    """Which rounds' answers to players withhold hashes, for the command path: only a
    table that held events when the server started may hold any stored before sealing
    (``tables``); its rounds are looked at once each (one query of their events), and
    the table is forgotten once a round dealt from nothing earlier needs nothing
    withheld."""

    def __init__(self, tables: set[str]) -> None:
        self.tables = tables
        self._rounds: dict[str, int | None] = {}
        self._lock = threading.Lock()

    @classmethod
    def at_start(cls, session: Session) -> LegacyChains:
        """The tables of the database that hold an event stored with nothing sealed (an
        event that hides nothing is stored so as well: in practice every table with
        events); each is then looked at round by round until it is forgotten."""
        found = session.scalars(
            select(RoundRow.table_id)
            .join(EventRow, EventRow.round_id == RoundRow.id)
            .where(EventRow.sealed.is_(None))
            .distinct()
        )
        return cls(set(found))

    def exposed_from(self, session: Session, table_id: str, round_: Round[Any]) -> int | None:
        """:func:`exposed_from` of ``round_`` (at ``table_id``), remembered; ``None`` at
        once for a table with nothing stored before sealing."""
        round_id = round_.opened.round_id
        with self._lock:
            if table_id not in self.tables:
                return None
            if round_id in self._rounds:
                return self._rounds[round_id]
            known = dict(self._rounds)
        row = session.get(RoundRow, round_id)
        if row is None:
            return None
        start = exposed_from(session, row, round_, known)
        with self._lock:
            self._rounds.update(known)
            if start is None and not find(round_.game).policy.carried_on(round_):
                # Dealt from nothing earlier, with nothing exposed: every later round
                # chains from sealed events or from rounds whose cards are public.
                self.tables.discard(table_id)
        return start
