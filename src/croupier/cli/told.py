"""``--bus`` of the commands that change what a running server's live table views show
without an event at a table (issue #33): a Rules Submission's step (`croupier rules`), a
table, game, paytable or player disabled or enabled (`croupier disable | enable`), a
player suspended, self-excluded or let play again (`croupier player`), a self-check
(`croupier selfcheck`).

With ``--bus nats://HOST:PORT`` (the NATS server ``croupier serve --bus`` takes), once
the change is committed the command says it on the bus as a server process would
(:func:`croupier.server.bus.tell`: subject ``croupier.refreshed``), and every server
process on it sends its open views of the player or the table at once. Without it (the
embedded server on SQLite has no bus, and no other way to hear of a change another
process made: it does not poll) the command says, on standard error, when a running
server shows it.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

import typer

from croupier.cli.server import fail

NO_BUS = (
    "A server already running on this database shows this in the live table views it "
    "has open only at their next catch-up (a view opened again, a seat taken or left at "
    "the table), not at once; where it runs with --bus, give the same --bus here."
)
"""What a command given no ``--bus`` says after its change."""


def _url(given: str | None) -> str | None:
    """``given`` where it is a NATS server's URL (``nats://`` or ``tls://``, a host, a
    port 1-65535 if any), checked before anything changes; else the command stops (2)."""
    if given is None:
        return None
    try:
        parts = urlsplit(given)
        port = parts.port  # ValueError: not a number, or outside 0-65535
    except ValueError:
        parts, port = None, 0
    if parts is None or parts.scheme not in ("nats", "tls") or not parts.hostname or port == 0:
        raise fail(f"--bus: a NATS server's URL, nats://HOST:PORT, not {given!r}")
    return given


Bus = Annotated[
    str | None,
    typer.Option(
        "--bus",
        help="The NATS server the running `croupier serve --bus` processes share "
        "(nats://HOST:PORT): once the change is recorded it is told to them, and the "
        "live table views they have open show it at once. Without it, a running server "
        "shows it at its views' next catch-up.",
        callback=_url,
    ),
]


def told(bus: str | None, *changes: tuple[str, str]) -> None:
    """After the commit: tell ``changes`` (``("wallet", PLAYER)``, ``("table", TABLE)``
    or ``("all", "")``) to the server processes on ``bus``, or say :data:`NO_BUS` on
    standard error. A bus that cannot be reached is said on standard error; the change
    stands (exit 0: a script must not record it twice)."""
    if bus is None:
        typer.echo(NO_BUS, err=True)  # beside what the command prints, which stays as it was
        return
    from croupier.server.bus import BusUnavailable, tell

    try:
        tell(bus, changes)
    except BusUnavailable as error:
        typer.echo(
            f"{error}. The change is recorded; the live table views show it at their next "
            "catch-up.",
            err=True,
        )
