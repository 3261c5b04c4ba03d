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
    RollCalled,
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
    rolls = 0
    rows: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, RollCalled):
            rolls += 1
        elif isinstance(event, WagerSettled):
            rows.append({**event.model_dump(mode="json"), "roll": rolls, "stays": False})
        elif isinstance(event, WagerPaid):
            fields = event.model_dump(mode="json")
            rows.append({"outcome": "win", **fields, "returned": 0, "roll": rolls, "stays": True})
        elif isinstance(event, CommissionCollected | CommissionReturned):
            back = isinstance(event, CommissionReturned)
            name = layout_label(CrapsSpot.parse(event.spot), bar)
            rows.append(
                {
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
            )
    return rows


__all__ = ["round_settlements"]
