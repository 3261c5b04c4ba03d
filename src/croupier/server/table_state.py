"""What the table server keeps of a table between its rounds: the game's
:class:`~croupier.game.TableState` (the same class the terminal table and the tests keep),
stored as JSON in ``table_states`` (migration 0011) in the transaction of the command
that ends a round or opens the next.

- A round that ends is taken in at once (:func:`round_ended`, from
  :func:`croupier.server.service.handle_command`), timed by the server's clock.
- Before the next round opens (:func:`for_next_round`), the text's rules between rounds
  are applied by the clock (:meth:`~croupier.game.TableState.between`: a Go Fore It or
  Criss-Cross Poker deck past its hours changed, 674a.3(c), 676a.3(c); an idle Pai Gow
  table back at the start of the game, 621a.6(g)) and the round opens with what the
  state hands it (:meth:`~croupier.game.TableState.opening`).
- Equipment is signed out of order and back in between rounds (:func:`sign`): it stays
  out of order, whatever rounds are played, until signed back in.

Each change the floor must know of is kept as a notice (:func:`notices`), newest last,
with the time and the round it came before or after.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.engine import Round
from croupier.game import GameSpec, TableState, no_device
from croupier.ledger import repository as repo
from croupier.ledger.models import TableStateRow
from croupier.registry import spec_of
from croupier.server.stall import STALLS, Stalls

NOTICES_KEPT = 500
"""How many of a table's notices are kept (the oldest go first)."""


def clock(session: Session, now: datetime | None = None) -> datetime:
    """``now``, else the server's clock (the one its deadlines are measured by), else the
    time of day (aware UTC)."""
    if now is not None:
        return now
    stalls = session.info.get(STALLS)
    return stalls.clock() if isinstance(stalls, Stalls) else datetime.now(UTC)


def _row(session: Session, table_id: str) -> TableStateRow | None:
    """The table's row, locked for this transaction (PostgreSQL: ``FOR UPDATE``), so that
    a command and a signing at the same table take turns."""
    return session.get(TableStateRow, table_id, with_for_update=True, populate_existing=True)


def _restored(
    kind: type[TableState], rules: Any, table_id: str, row: TableStateRow, now: datetime
) -> TableState:
    """The state kept in ``row``, or one begun ``now`` where the rules in force no longer
    fit it (a new Rules Submission with other equipment: new decks)."""
    try:
        return kind.restore(rules, table_id, json.loads(row.state_json))
    except (KeyError, ValueError, TypeError):
        return kind.begin(rules, table_id, now)


def _held(
    session: Session, kind: type[TableState], rules: Any, table_id: str, now: datetime
) -> tuple[TableStateRow, TableState]:
    """The table's row, locked (:func:`_row`; added where the table has none, its state
    begun ``now``), and its state (:func:`_restored`)."""
    row = _row(session, table_id)
    if row is None:  # a new table, or one from before the states were kept
        row = TableStateRow(table_id=table_id, state_json="{}", rounds_taken=0, notices_json="[]")
        session.add(row)
        return row, kind.begin(rules, table_id, now)
    return row, _restored(kind, rules, table_id, row, now)


def _save(
    row: TableStateRow, state: TableState, said: list[str], now: datetime, number: int
) -> None:
    row.state_json = json.dumps(state.to_data(), sort_keys=True)
    if said:
        kept = json.loads(row.notices_json or "[]")
        kept += [{"at": now.isoformat(), "round": number, "text": text} for text in said]
        row.notices_json = json.dumps(kept[-NOTICES_KEPT:])


def _number(round_id: str) -> int:
    """The round's number at its table (its id is ``TABLE-N``)."""
    return int(round_id.rsplit("-", 1)[1])


def round_ended(
    session: Session, table_id: str, round_: Round[Any], rules: Any, now: datetime
) -> None:
    """In the transaction that ended ``round_``: the table's state (under ``rules``, those
    in force) takes it in (its deck dealt, equipment found out of order, the bank's
    rotation, the time of the last gaming activity), unless the game keeps none."""
    kind = spec_of(round_).policy.state_type
    if kind is None:
        return
    number = _number(round_.opened.round_id)
    row, state = _held(session, kind, rules, table_id, now)
    if row.rounds_taken >= number:
        return
    said = state.take_in(round_, now)
    row.rounds_taken = number
    _save(row, state, said, now, number)


def for_next_round(
    session: Session, table_id: str, spec: GameSpec, rules: Any, number: int, now: datetime
) -> TableState | None:
    """Before round ``number`` opens under ``rules``: the table's state (begun now at a
    table that has none; a round before it not yet taken in is taken in first), with what
    the text does between rounds done by ``now`` and saved; ``None`` where the game keeps
    no state."""
    kind = spec.policy.state_type
    if kind is None:
        return None
    row, state = _held(session, kind, rules, table_id, now)
    if row.rounds_taken < number - 1:  # the last round, where it was not taken in
        _, last = repo.load_round(session, f"{table_id}-{number - 1}")
        if last.finished:
            _save(row, state, state.take_in(last, now), now, number - 1)
        row.rounds_taken = number - 1
    _save(row, state, state.between(now), now, number)
    return state


def sign(
    session: Session,
    table_id: str,
    spec: GameSpec,
    rules: Any,
    device: str,
    out_of_order: bool,
    now: datetime,
) -> list[str]:
    """Sign ``device`` out of order (``out_of_order``) or back into use at the table, from
    its next round on; the notices. Raises
    :class:`~croupier.errors.IllegalCommand` where the game or the table has no such
    device, or it is already as asked."""
    kind = spec.policy.state_type
    if kind is None:
        raise no_device(device, ())
    row, state = _held(session, kind, rules, table_id, now)
    said = state.sign_out(device, now) if out_of_order else state.sign_in(device, now)
    _save(row, state, said, now, row.rounds_taken)
    return said


def out_of_order(session: Session, table_id: str, spec: GameSpec, rules: Any) -> list[str]:
    """The table's equipment out of order, in words each ending with its section, as its
    state is read under ``rules`` (those in force; ``None``: none is); none before its
    first round, or where the rules no longer fit what it keeps."""
    kind = spec.policy.state_type
    row = session.get(TableStateRow, table_id)
    if kind is None or row is None or rules is None:
        return []
    try:
        state = kind.restore(rules, table_id, json.loads(row.state_json))
    except (KeyError, ValueError, TypeError):
        return []
    return state.equipment_out_of_order()


def state_of(session: Session, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The table's state as kept (``{}`` before its first round) and its notices."""
    row = session.get(TableStateRow, table_id)
    if row is None:
        repo.get_table(session, table_id)  # NotFound for no such table
        return {}, []
    return json.loads(row.state_json), json.loads(row.notices_json or "[]")


__all__ = ["clock", "for_next_round", "out_of_order", "round_ended", "sign", "state_of"]
