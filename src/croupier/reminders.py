"""The responsible-gaming reminder's words (58 Pa. Code 814a.1), shared by the table
server (``GET /sessions/current``'s ``reminder``), the browser (``js/session.js`` writes
the same sentence) and the terminal table (:class:`SessionClock`).

814a.1: the current local time and the session's elapsed time shown; a reminder at least
every hour (or every 15 or 30 minutes, the player's choice) with the time played and the
amount wagered since the session began. Imports nothing of croupier's but the money.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from croupier.money import Cents, format_cents, format_dollars

INTERVALS = (15, 30, 60)
"""The reminder's intervals in minutes a player may choose (60 unless he does)."""


def played_words(seconds: float) -> str:
    """``15 minutes``, ``1 hour``, ``2 hours 5 minutes`` (whole minutes, rounded down)."""
    minutes = int(seconds // 60)
    hours, rest = divmod(minutes, 60)
    parts = [f"{hours} hour{'s' * (hours != 1)}"] if hours else []
    if rest or not hours:
        parts.append(f"{rest} minute{'s' * (rest != 1)}")
    return " ".join(parts)


def reminder_words(seconds: float, wagered: Cents, since: str) -> str:
    """The reminder: ``Reminder: you have played for 15 minutes and wagered $10.00 since
    you signed in at 12:00.`` (``since``: the session's start as the reader's clock
    shows it)."""
    return (
        f"Reminder: you have played for {played_words(seconds)} and wagered "
        f"{format_dollars(wagered)} since you signed in at {since}."
    )


class SessionClock:
    """A terminal session's clocks: it began when made; :meth:`due` gives the reminder
    once every ``minutes`` (15, 30 or 60) of play, :meth:`line` the clocks in a line.
    ``clock`` gives aware datetimes (default the time of day). Raises ``ValueError`` for
    an interval not in :data:`INTERVALS`."""

    def __init__(self, minutes: int = 60, clock: Callable[[], datetime] | None = None) -> None:
        if minutes not in INTERVALS:
            raise ValueError(f"the reminder comes every 15, 30 or 60 minutes, not {minutes}")
        self.clock = clock or (lambda: datetime.now(UTC))
        self.every = timedelta(minutes=minutes)
        self.started = self.clock()
        self.next = self.started + self.every

    def elapsed(self) -> float:
        return (self.clock() - self.started).total_seconds()

    def _local(self, moment: datetime) -> datetime:
        return moment.astimezone()

    def due(self, wagered: Cents) -> str | None:
        """The reminder if one is due now (then the next is an interval later)."""
        now = self.clock()
        if now < self.next:
            return None
        while self.next <= now:
            self.next += self.every
        since = self._local(self.started).strftime("%H:%M")
        return reminder_words(self.elapsed(), wagered, since)

    def line(self, wagered: Cents) -> str:
        """``Local time 14:03:21 · session 0:12:05 · wagered since you sat down $12``: the
        amount as the table writes every other (``$12``, ``$7.50``, ``$0``)."""
        seconds = int(self.elapsed())
        hours, rest = divmod(seconds, 3600)
        session = f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
        local = self._local(self.clock()).strftime("%H:%M:%S")
        spent = format_cents(wagered)
        return f"Local time {local} · session {session} · wagered since you sat down {spent}"
