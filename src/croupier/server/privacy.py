"""Seat privacy (docs/architecture.md, "Seat privacy"): no player or spectator reads
another player's account id, which would let him try its sign-in.

The stored events keep the ids they were stored with (``RoundOpened.seats``; what a game
carries over from rounds before, :meth:`~croupier.game.TablePolicy.players_named`), and
each event's hash is over them. What a player or spectator receives of an event (a
command's answer, a WebSocket frame, a step, a recall, the reveal) has every account id
replaced by a **stand-in** (his own too: one reveal serves every player; his views name
his seat "you", :func:`croupier.server.service.shielded_view`): ``"player at seat N"``
for a player seated in the round (his first seat), ``"player A"``, ``"player B"``... for
any other, in the order the round's events first name them; the same id gets the same
stand-in in every event of the round, so the round still replays from what he received.
Such an event is marked ``ids_replaced``: its hash cannot be worked out from it (only
the staff, who read the stored event, check it), and a player's check says so
(:mod:`croupier.verify_round`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_uppercase
from typing import Any

from croupier.engine import Event, RoundOpened
from croupier.game import TablePolicy

StandIns = Mapping[str, str]
"""Account id -> the words shown in its place."""


def stand_ins(events: Sequence[Event], policy: TablePolicy) -> dict[str, str]:
    """The stand-ins of a round (``events``, its opening event first): one for every
    account id its events name, the same for every player and spectator (so that the
    reveal each of them reads is one and the same)."""
    opened = events[0]
    assert isinstance(opened, RoundOpened)
    found: dict[str, str] = {}
    for seat, pid in sorted(opened.seats.items()):
        found.setdefault(pid, f"player at seat {seat}")
    unseated = 0
    for pid in (pid for event in events for pid in sorted(policy.players_named(event))):
        if pid not in found:
            found[pid] = f"player {_letters(unseated)}"
            unseated += 1
    return found


def _letters(n: int) -> str:
    """0 -> ``"A"``, 25 -> ``"Z"``, 26 -> ``"AA"``."""
    name = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        name = ascii_uppercase[rest] + name
    return name


def replaced(value: Any, names: StandIns) -> Any:
    """``value`` (an event's JSON form) with every account id of ``names`` replaced by its
    stand-in: a whole string, a key, or a part of a string (a reason naming a player)."""
    if isinstance(value, str):
        if value in names:
            return names[value]
        for pid, name in names.items():
            if pid in value:
                value = value.replace(pid, name)
        return value
    if isinstance(value, dict):
        return {replaced(key, names): replaced(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [replaced(item, names) for item in value]
    return value
