"""How a server process finds out about changes and keeps deadlines (issue #33):
assembled onto an app by :func:`install` from a :class:`Scale`.

- **Embedded** (``Scale()``, ``croupier serve`` with one worker and no ``--bus``): the
  process deals every table; its sockets are woken by the changes it commits
  (:meth:`~croupier.server.fanout.Hub.changed`), its deadlines are timers
  (:class:`~croupier.server.timers.Deadlines`), and so are the ends of the suspensions
  its sockets' views show and the moments their tables' versions of a Rules Submission
  put in force from later take effect (:class:`~croupier.server.timers.Expiries`, in
  every mode below too: each process times the tables its sockets watch). No bus, no
  lease, no poll.
- **Scale-out** (``Scale(bus="nats://...", address=...)``, ``croupier serve --db
  postgresql+psycopg://... --bus nats://...``, any number of processes on any number of
  machines): each table is dealt by one process at a time
  (:class:`~croupier.server.lease.Leases`; a command elsewhere is forwarded to its owner,
  :mod:`croupier.server.forward`), which keeps the table's deadlines as timers; every
  committed change is published on the bus (:class:`~croupier.server.bus.NatsBus`) and
  every process's sockets are fed from it. No poll.
- Without a :class:`Scale` (``create_app`` by default, ``croupier serve --workers N``
  without ``--bus``) the sockets poll their table every 0.25 s and a sweep applies the
  deadlines due, as before.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from dataclasses import dataclass, field

import httpx
from fastapi import FastAPI

from croupier.server.bus import NatsBus
from croupier.server.fanout import Hub
from croupier.server.forward import Forward
from croupier.server.lease import Leases
from croupier.server.timers import Deadlines, Expiries


@dataclass(frozen=True)
class Scale:
    """``bus``: the NATS server's URL (``None``: the embedded server, which owns every
    table); ``address``: where this process's commands are sent (named to clients sent
    here by another process; default ``http://HOSTNAME:8000``); ``lease_seconds``: how
    long a lease holds unless renewed (a dead owner's tables are taken over that long
    after its last renewal); ``owner``: this process's id in the leases (default: a fresh
    random one). A command reaching a process that does not deal its table is forwarded to
    the owner (:mod:`croupier.server.forward`)."""

    bus: str | None = None
    address: str = ""
    lease_seconds: float = 10.0
    owner: str = field(
        default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    )
    forward_transport: httpx.AsyncBaseTransport | None = field(default=None, compare=False)
    """What carries a command forwarded to its table's owner (default: HTTP; the tests:
    the other app in the same process)."""

    def __post_init__(self) -> None:
        if self.lease_seconds <= 0:
            raise ValueError(f"a lease lasts more than 0 seconds, not {self.lease_seconds}")
        if self.bus is not None and not self.bus.startswith(("nats://", "tls://")):
            raise ValueError(f"the bus is a NATS server's URL (nats://HOST:PORT), not {self.bus!r}")


class Scaled:
    """The parts :func:`install` added to an app (``app.state.scaled``): the bus, the
    leases and the deadline timers; :meth:`close` stops them (the app's lifespan does)."""

    def __init__(
        self, hub: Hub, deadlines: Deadlines, bus: NatsBus | None, leases: Leases | None
    ) -> None:
        self.hub = hub
        self.deadlines = deadlines
        self.bus = bus
        self.leases = leases
        self.expiries: Expiries | None = None
        """The timers of the players' suspensions' ends (:class:`Expiries`)."""
        self.turns: Expiries | None = None
        """The timers of the moments the watched tables' versions of their Rules
        Submissions in force change by themselves (:class:`Expiries` keyed by table)."""
        self._stop = threading.Event()
        self._turn = threading.Event()
        """Set to run the renewal and take-over turn now, not a third of a lease on."""
        self._renewer: threading.Thread | None = None
        if leases is not None and bus is not None:
            bus.released.append(self._released)
        if leases is not None:
            self._renewer = threading.Thread(
                target=self._renew, name="croupier-leases", daemon=True
            )
            self._renewer.start()

    def _renew(self) -> None:
        assert self.leases is not None
        leases = self.leases
        while True:
            self._turn.wait(leases.seconds / 3)
            self._turn.clear()
            if self._stop.is_set():
                return
            try:
                leases.renew()
                leases.take_over()  # the tables taken are armed (Leases.taken)
            except Exception:  # the database is away: tried again at the next turn
                logging.getLogger(__name__).exception("renewing the table leases failed")

    def _released(self, owner: str) -> None:
        """Another process gave its leases up: take its tables over now."""
        if self.leases is not None and owner != self.leases.owner:
            self._turn.set()

    def lapse(self) -> None:
        """Stop renewing the leases and stop the timers, without giving the leases up:
        what a process killed mid-round leaves (the tests' and benchmark's SIGKILL)."""
        self._stop.set()
        self._turn.set()
        self.deadlines.close()
        if self.bus is not None:
            self.bus.close()

    def close(self) -> None:
        """Stop renewing and give every lease up (a clean stop), then say so on the bus:
        the other processes take the tables with an open round over at once, not when
        the lease would have expired. Stops the timers and the bus."""
        self._stop.set()
        self._turn.set()
        self.deadlines.close()
        if self._renewer is not None:
            self._renewer.join(5)
        if self.leases is not None:
            try:
                self.leases.release()
            except Exception:  # the database is away: the leases lapse instead
                logging.getLogger(__name__).exception("giving the table leases up failed")
            else:
                if self.bus is not None:
                    self.bus.release(self.leases.owner)
        if self.bus is not None:
            self.bus.close()


def install(app: FastAPI, scale: Scale) -> Scaled:
    """Put ``scale`` onto ``app`` (made by :func:`croupier.server.create_app`): the
    sockets stop polling and the deadline sweep is off; with a bus, connect to it (raises
    :class:`~croupier.server.bus.BusUnavailable` if it cannot be reached) and answer the
    commands of tables another process deals by forwarding them there."""
    hub: Hub = app.state.hub
    hub.poll_seconds = None
    app.state.sweep_seconds = None
    server = app.state.server
    leases = None
    if scale.bus is not None:
        address = scale.address or f"http://{socket.gethostname()}:8000"
        leases = Leases(server.sessions, scale.owner, address, scale.lease_seconds)
        app.add_middleware(Forward, leases=leases, transport=scale.forward_transport)
    deadlines = Deadlines(
        server.sessions, hub.expire, hub.clock, None if leases is None else leases.deals
    )
    hub.listeners.append(deadlines.arm)
    expiries = Expiries(deadlines.loop, hub.clock, lambda player_id: hub.moved(player_id, False))
    hub.live.ends.append(expiries.at)  # a suspension's end: his views, with no change stored
    turns = Expiries(deadlines.loop, hub.clock, lambda table_id: hub.refreshed(table_id, False))
    hub.live.turns.append(turns.at)  # rules put in force from later: the table's views then
    if leases is not None:  # a table taken, by a command or a takeover: its deadline
        leases.taken.append(deadlines.arm)
    bus = None
    if scale.bus is not None:
        bus = NatsBus(scale.bus, hub.signature)
        bus.listeners.append(deadlines.arm)
        try:
            bus.attach(hub)
        except Exception:
            deadlines.close()
            raise
    scaled = Scaled(hub, deadlines, bus, leases)
    scaled.expiries, scaled.turns = expiries, turns
    if leases is None:
        deadlines.arm_all()  # the embedded server deals every table
    else:
        leases.renew()  # alive from the start, not from the first renewal turn
        leases.take_over(at_start=True)
    app.state.scaled = scaled
    return scaled
