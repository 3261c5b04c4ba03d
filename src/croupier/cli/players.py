"""`croupier player limits | suspend | exclude | lift | unlock`: a player's own limits and
status (58 Pa. Code 814a.2) and his account's lock (GLI-19 2.5.3(d)), at the cage, on
the server's database (``--db``), recorded as significant events by ``--by``.

- ``limits PLAYER``: the limits in force, the increases waiting, this period's totals;
  ``--set NAME=VALUE`` (cents; ``time_daily`` minutes; ``none`` removes it) changes them
  as the player asked: a decrease at once, an increase once its period ends and he
  confirms it (``--confirm``).
- ``suspend PLAYER --hours H | --days D``; ``exclude PLAYER [--days D]``; ``lift PLAYER``;
  each ``[--bus nats://HOST:PORT]``: the running servers' live views of the player show
  it at once (:mod:`croupier.cli.told`).
- ``unlock PLAYER``.

A refusal exits 2 with its sentence and rule.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import typer

from croupier.cli.server import Db, fail
from croupier.cli.told import Bus, told
from croupier.ledger.db import DEFAULT_URL
from croupier.ledger.protection import MOST_DAYS, MOST_HOURS
from croupier.money import format_dollars

Player = Annotated[str, typer.Argument(metavar="PLAYER", help="The player's id.")]
By = Annotated[str, typer.Option("--by", help="Who records it (a name), at the player's request.")]


def _run(db: str, step: Callable[[Any, datetime], Any]) -> None:
    """Run ``step(session, now)`` in one transaction; a refusal exits 2."""
    from sqlalchemy.orm import Session

    from croupier.cli.server import existing
    from croupier.errors import CroupierError

    engine = existing(db, migrate=True)
    try:
        with Session(engine) as session:
            step(session, datetime.now(UTC))
            session.commit()
    except CroupierError as error:
        raise fail(error.told) from error
    finally:
        engine.dispose()


def _show(session: Any, player_id: str, now: datetime) -> None:
    from croupier.ledger import protection
    from croupier.ledger.gaming_day import gaming_day_of

    row = protection.row_of(session, player_id)
    periods = protection.periods(gaming_day_of(session), now)
    typer.echo(f"player {player_id}: {protection.status_of(row, now)['status']}")
    for name, value in protection.in_force(row).items():
        typer.echo(f"  {protection.WORDS[name]}: {protection.shown(name, value)}")
    for name, wait in protection.pending(row).items():
        after = protection.when_words(datetime.fromisoformat(wait["after"]), periods.zone)
        raised = protection.shown(name, wait["value"])
        typer.echo(f"  waiting: {protection.WORDS[name]} to {raised}, to confirm after {after}")
    for what, by_period in protection.totals(row, periods).items():
        shown = ", ".join(f"{p} {format_dollars(v)}" for p, v in by_period.items())
        typer.echo(f"  {what}: {shown}")


def _value(name: str, given: str) -> int | None:
    if given.strip().lower() == "none":
        return None
    try:
        return int(given)
    except ValueError as error:
        raise fail(
            f"{name}: a whole number (cents; time_daily: minutes) or none, not {given!r}"
        ) from error


Sets = Annotated[
    list[str] | None,
    typer.Option("--set", help="NAME=VALUE (e.g. loss_daily=5000, time_daily=120)."),
]
Confirm = Annotated[bool, typer.Option(help="Confirm the raised limits whose period has ended.")]
Hours = Annotated[int, typer.Option(min=0, max=MOST_HOURS, help="Hours.")]
Days = Annotated[int, typer.Option(min=0, max=MOST_DAYS, help="Days.")]
DaysOrLifted = Annotated[int, typer.Option(min=0, max=MOST_DAYS, help="Days (0: until lifted).")]


def limits(
    player: Player,
    by: By = "the cage",
    set_: Sets = None,
    confirm: Confirm = False,
    db: Db = DEFAULT_URL,
) -> None:
    """Show or change a player's limits (814a.2)."""
    from croupier.ledger import protection

    asked = _asked(set_ or [])

    def step(session: Any, now: datetime) -> None:
        if asked:
            protection.set_limits(session, player, asked, now=now, by=by)
        if confirm:
            protection.confirm(session, player, now=now, by=by)
        _show(session, player, now)

    _run(db, step)


def _asked(sets: list[str]) -> dict[str, int | None]:
    """The limits asked for by ``--set NAME=VALUE`` (``None``: removed); exit 2 naming one
    that is not so."""
    asked: dict[str, int | None] = {}
    for item in sets:
        name, sep, given = item.partition("=")
        if not sep:
            raise fail(f"--set takes NAME=VALUE, not {item!r}")
        asked[name.strip()] = _value(name, given)
    return asked


def _status(
    player: str, state: str, length: timedelta | None, by: str, db: str, bus: str | None
) -> None:
    """Set the player's status to ``state`` for ``length`` (``None``: until changed); his
    live table views are told (:func:`croupier.cli.told.told`)."""
    from croupier.ledger import protection

    def step(session: Any, now: datetime) -> None:
        until = None if length is None else now + length
        protection.set_status(session, player, state, until, now=now, by=by)
        _show(session, player, now)

    _run(db, step)
    told(bus, ("wallet", player))


def suspend(
    player: Player,
    hours: Hours = 0,
    days: Days = 0,
    by: By = "the cage",
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Suspend a player's play for some hours or days: no seat, no wager."""
    if not (hours or days):
        raise fail("a suspension lasts some --hours or --days")
    _status(player, "suspended", timedelta(hours=hours, days=days), by, db, bus)


def exclude(
    player: Player,
    days: DaysOrLifted = 0,
    by: By = "the cage",
    db: Db = DEFAULT_URL,
    bus: Bus = None,
) -> None:
    """Record a player's self-exclusion: no seat, no wager, no deposit."""
    _status(player, "self-excluded", timedelta(days=days) if days else None, by, db, bus)


def lift(player: Player, by: By = "the operator", db: Db = DEFAULT_URL, bus: Bus = None) -> None:
    """Lift a suspension or a self-exclusion."""
    _status(player, "active", None, by, db, bus)


def unlock(player: Player, by: By = "the operator", db: Db = DEFAULT_URL) -> None:
    """Unlock an account locked after failed sign-ins (GLI-19 2.5.3(d))."""
    from croupier.ledger import sessions

    def step(session: Any, now: datetime) -> None:
        sessions.unlock(session, player, now=now, by=by)
        typer.echo(f"player {player}: unlocked")

    _run(db, step)


def register(app: typer.Typer) -> None:
    """Add `player limits | suspend | exclude | lift | unlock` to the command line."""
    player_app = typer.Typer(
        help="A player's limits, suspension, self-exclusion and lock (814a.2).",
        no_args_is_help=True,
    )
    for command in (limits, suspend, exclude, lift, unlock):
        player_app.command(command.__name__)(command)
    app.add_typer(player_app, name="player")
