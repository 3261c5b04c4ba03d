"""The casino's gaming day: the 24 hours (23 or 25 on a daylight-saving change) that the
hold report counts as one day, set by the operator as a time zone (IANA name, e.g.
``America/New_York``) and the local hour the day starts (e.g. 6 for 6 a.m. to 6 a.m.).

The setting is kept in the database (``gaming_day``, one row; none means UTC from
midnight, the report's reading before it could be set), so that the table server that
records each round's day and ``croupier report hold --rebuild`` that recomputes the days
read the same one. ``croupier report hold --gaming-day-zone Z --gaming-day-start H``
changes it and recomputes every table's totals in the same transaction.

A moment belongs to the gaming day named by the local date on which the day began: a
moment before the start hour, local time, belongs to the day before. On the spring
change a start hour the clocks skip starts the day at the first local time after it;
on the autumn change the repeated hour stays in the day it began in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from croupier.ledger.db import Raw, Statement
from croupier.ledger.models import GamingDaySetting


class GamingDayError(ValueError):
    """A gaming day that cannot be: a time zone not in the IANA database, or a start
    hour that is not a whole hour 0 to 23."""


@dataclass(frozen=True)
class GamingDay:
    """A time zone (IANA name) and the local hour (0-23) each gaming day starts.

    Raises :class:`GamingDayError` for an unknown zone or an hour outside 0-23 (a bool
    or a float is not an hour)."""

    zone: str = "UTC"
    start_hour: int = 0

    def __post_init__(self) -> None:
        hour = self.start_hour
        if isinstance(hour, bool) or not isinstance(hour, int) or not 0 <= hour <= 23:
            raise GamingDayError(
                f"the gaming day's start hour is a whole hour from 0 to 23, not {hour!r}"
            )
        try:
            ZoneInfo(self.zone)
        except (ZoneInfoNotFoundError, ValueError, TypeError) as error:
            raise GamingDayError(
                f"{self.zone!r} is not a time zone of the IANA database (e.g. America/New_York)"
            ) from error

    def day_of(self, when: datetime) -> str:
        """The gaming day ``when`` falls in, ``YYYY-MM-DD`` (the local date the day
        began). A naive ``when`` is taken as UTC."""
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        local = when.astimezone(ZoneInfo(self.zone))
        day = local.date()
        if local.hour < self.start_hour:
            day -= timedelta(days=1)
        return day.isoformat()

    def text(self) -> str:
        """In words, e.g. ``from 06:00 to 06:00, America/New_York time``."""
        return f"from {self.start_hour:02d}:00 to {self.start_hour:02d}:00, {self.zone} time"

    def to_dict(self) -> dict[str, object]:
        """``{"zone": ..., "start_hour": ...}``."""
        return {"zone": self.zone, "start_hour": self.start_hour}


UTC_DAY = GamingDay()
"""The UTC date: the gaming day where none is set."""

_READ = Statement.of("SELECT zone, start_hour FROM gaming_day WHERE id = 1")


def read_gaming_day(db: Raw) -> GamingDay:
    """The gaming day set in the database (:data:`UTC_DAY` where none is), on the
    command path's connection."""
    found = db.execute(_READ).fetchone()
    return UTC_DAY if found is None else GamingDay(found[0], int(found[1]))


def gaming_day_of(session: Session) -> GamingDay:
    """The gaming day set in the database (:data:`UTC_DAY` where none is)."""
    row = session.get(GamingDaySetting, 1)
    return UTC_DAY if row is None else GamingDay(row.zone, row.start_hour)


def set_gaming_day(session: Session, gaming_day: GamingDay) -> None:
    """Keep ``gaming_day`` as the setting (in ``session``'s transaction; the caller
    recomputes the totals, :func:`croupier.ledger.hold.rebuild`, in the same one)."""
    session.merge(GamingDaySetting(id=1, zone=gaming_day.zone, start_hour=gaming_day.start_hour))
    session.flush()
