"""What a Craps round (a shooter's turn of the dice, 623a.10) did to each seat's money,
roll by roll, as the browser's results show it: every wager settled, every payment to a
wager that stays up (623a.9), every commission charged when a Buy or Lay was made and any
returned (623a.5), each with the number of the roll that decided it (``0``: before the
first roll). Summed, the rows are the round's net for the seat: what it moved in the
wallet.

>>> from croupier.engine import WagerSettled
>>> from croupier.games.craps.events import WagerPaid
>>> rows = round_settlements([
...     WagerPaid(seat=1, spot="place:6", amount=1200, odds="7/6", won=1400, cite="623a.9"),
...     WagerSettled(seat=1, spot="place:6", amount=1200, outcome="lose", cite="623a.9"),
... ])
>>> [(r["spot"], r["outcome"], r["won"], r["stays"]) for r in rows]
[('place:6', 'win', 1400, True), ('place:6', 'lose', 0, False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.citations import shown
from croupier.engine import Event, WagerSettled
from croupier.games.craps.events import (
    CommissionCollected,
    CommissionReturned,
    DiceToShooter,
    Roll,
    RollCalled,
    ShooterDone,
    WagerPaid,
)
from croupier.games.craps.layout import layout_label
from croupier.games.craps.spots import CrapsSpot
from croupier.rules.craps import PAYOUTS


def round_settlements(events: Sequence[Event], bar: int = 12) -> list[dict[str, Any]]:
    """Each money row of the round, in order: a settlement's fields (``seat``, ``spot``,
    ``amount``, ``outcome``, ``odds``, ``returned``, ``won`` in cents) with ``roll`` (the
    roll that decided it), ``stays`` (paid while the wager stays up: only ``won`` moved)
    and ``paid`` (a commission: ``amount`` from the wallet to the table, ``said`` in
    words; one returned has it back as ``returned``)."""
    return Tally(bar).rows(events)


class Tally:
    """A round's money rows (:func:`round_settlements`) and its rolls (:meth:`history`),
    kept as its events grow: a view at every step reads only the events since the last
    (a long turn of the dice has hundreds), and works them out afresh when the events are
    not those it read before (a round replayed, a list cut back)."""

    def __init__(self, bar: int = 12) -> None:
        self.bar = bar
        self._reset()

    def _reset(self) -> None:
        self._read: list[Event] = []
        self._rows: list[dict[str, Any]] = []
        self._rolls: list[dict[str, Any]] = []
        self._shooter: int | None = None

    def _catch_up(self, events: Sequence[Event]) -> None:
        read = len(self._read)
        if read and (read > len(events) or events[read - 1] is not self._read[-1]):
            self._reset()
            read = 0
        for event in events[read:]:
            self._read.append(event)
            self._step(event)

    def _step(self, event: Event) -> None:
        match event:
            case DiceToShooter(seat=seat):
                self._shooter = seat
            case ShooterDone(seat=seat) if seat == self._shooter:
                self._shooter = None
            case RollCalled(faces=faces, total=total, roll=roll, point=point):
                self._rolls.append(
                    {
                        "dice": list(faces),
                        "total": total,
                        "roll": str(roll),
                        "point": point,
                        "shooter": self._shooter,
                    }
                )
                if roll is Roll.SEVEN_OUT:
                    self._shooter = None
            case _:
                row = _row(event, len(self._rolls), self.bar)
                if row is not None:
                    self._rows.append(row)

    def rows(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """:func:`round_settlements` of ``events`` (new dicts: the caller may change them)."""
        self._catch_up(events)
        return [dict(row) for row in self._rows]

    def history(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """Every roll of ``events`` as called: the dice, the total, what the roll was
        (:class:`Roll`), the point after it and the seat that threw it (``None``: the
        stickperson, 623a.10)."""
        self._catch_up(events)
        return [{**roll, "dice": list(roll["dice"])} for roll in self._rolls]


def _row(event: Event, rolls: int, bar: int) -> dict[str, Any] | None:
    """``event``'s money row after ``rolls`` rolls (:func:`round_settlements`), or
    ``None`` where it moved no money."""
    if isinstance(event, WagerSettled):
        return {**event.model_dump(mode="json"), "roll": rolls, "stays": False}
    if isinstance(event, WagerPaid):
        fields = event.model_dump(mode="json")
        return {"outcome": "win", **fields, "returned": 0, "roll": rolls, "stays": True}
    if isinstance(event, CommissionCollected | CommissionReturned):
        back = isinstance(event, CommissionReturned)
        name = layout_label(CrapsSpot.parse(event.spot), bar)
        return {
            "seat": event.seat,
            "spot": event.spot,
            "amount": 0 if back else event.amount,
            "outcome": "commission returned" if back else "commission",
            "odds": None,
            "returned": event.amount if back else 0,
            "won": 0,
            "roll": rolls,
            "stays": False,
            "paid": not back,
            "said": f"the commission on {name} ({shown(PAYOUTS)})",
        }
    return None


__all__ = ["Tally", "round_settlements"]
