"""A player's own limits and status (58 Pa. Code 814a.2), kept per player in
:class:`~croupier.ledger.models.PlayerProtection`, and enforced where money moves.

**Limits** (:data:`LIMITS`; cents, ``time_daily`` in seconds; ``None``: no limit):
deposit, loss and spend (wagered) limits for the day, the week and the month; the most
one wager may be; the time the player may play in a day.

**Periods** are the casino's gaming day (:mod:`croupier.ledger.gaming_day`): a day is a
gaming day, a week the seven gaming days from a Monday's, a month the gaming days whose
date falls in the calendar month (docs/interpretations.md, "Player limits' periods").

**Timing** (814a.2): a lower limit (or one where none was) is in force at once; a
higher one (or a limit removed) waits until the current period of that limit ends, then
needs the player's confirmation (:func:`confirm`).

**Totals**: the row keeps the wagered, lost (net: wagers less what came back) and
deposited cents of the current day, week and month, moved in the same transaction as the
money (:func:`add_totals` for a command's postings, :func:`take_deposit`), so that a
check is one indexed read (on the command path, the command head's own query:
:func:`guard_of`) and never a scan of postings.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from croupier.citations import NOT_FOUND
from croupier.errors import CroupierError, LimitReached, PlayStopped
from croupier.ledger.accounts import LedgerError, NotFound
from croupier.ledger.db import Raw, Statement
from croupier.ledger.gaming_day import GamingDay, gaming_day_of
from croupier.ledger.models import Player, PlayerProtection
from croupier.ledger.versions import utc
from croupier.money import MAX_CENTS, Cents, format_dollars

CITE = "814a.2"
"""The section that gives a player his own limits."""

MONEY_LIMITS = tuple(
    f"{what}_{period}"
    for what in ("deposit", "loss", "spend")
    for period in ("daily", "weekly", "monthly")
)
LIMITS = (*MONEY_LIMITS, "single_wager", "time_daily")
"""Every limit a player may set, as the API and the database name it."""

PERIOD_OF = {name: name.rsplit("_", 1)[1] for name in MONEY_LIMITS} | {
    "single_wager": "daily",
    "time_daily": "daily",
}
"""The period whose end lets an increase of the limit be confirmed (a maximum single
wager's: the gaming day)."""

WORDS = {name: f"{name.rsplit('_', 1)[1]} {name.split('_')[0]} limit" for name in MONEY_LIMITS} | {
    "single_wager": "maximum single wager",
    "time_daily": "daily time limit",
}
"""Each limit as a player reads it: "daily loss limit", "maximum single wager"."""

STATUSES = ("active", "suspended", "self-excluded")


MOST_HOURS = 24 * 366
"""The longest suspension given in hours (a year, leap day included)."""
MOST_DAYS = 3660
"""The longest suspension or self-exclusion given in days (ten years)."""


def shown(name: str, value: int | None) -> str:
    """A limit's value in words: ``$50.00``, ``2 hours 30 minutes``, ``no limit``."""
    if value is None:
        return "no limit"
    if name == "time_daily":
        hours, minutes = divmod(value // 60, 60)
        parts = [f"{hours} hour{'s' * (hours != 1)}"] if hours else []
        if minutes or not parts:
            parts.append(f"{minutes} minute{'s' * (minutes != 1)}")
        return " ".join(parts)
    return format_dollars(value)


# --- periods ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Periods:
    """The gaming day, week and month a moment falls in: their keys (the day's date, the
    date of the week's Monday, ``YYYY-MM``) and when each ends (aware UTC)."""

    day: str
    week: str
    month: str
    day_start: datetime
    day_end: datetime
    week_end: datetime
    month_end: datetime
    zone: str

    def key(self, period: str) -> str:
        return {"daily": self.day, "weekly": self.week, "monthly": self.month}[period]

    def end(self, period: str) -> datetime:
        return {"daily": self.day_end, "weekly": self.week_end, "monthly": self.month_end}[period]


def periods(gaming_day: GamingDay, moment: datetime) -> Periods:
    """The periods ``moment`` (aware) falls in under ``gaming_day``."""
    return _periods(gaming_day, gaming_day.day_of(moment))


@functools.lru_cache(maxsize=256)
def _periods(gaming_day: GamingDay, day_key: str) -> Periods:
    zone = ZoneInfo(gaming_day.zone)
    day = date.fromisoformat(day_key)
    monday = day - timedelta(days=day.weekday())
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)

    def starts(when: date) -> datetime:
        local = datetime(when.year, when.month, when.day, gaming_day.start_hour, tzinfo=zone)
        return local.astimezone(UTC)

    return Periods(
        day=day.isoformat(),
        week=monday.isoformat(),
        month=day.strftime("%Y-%m"),
        day_start=starts(day),
        day_end=starts(day + timedelta(days=1)),
        week_end=starts(monday + timedelta(days=7)),
        month_end=starts(following),
        zone=gaming_day.zone,
    )


def when_words(moment: datetime, zone: str) -> str:
    """A moment as a player reads it: ``midnight on Monday 30 November 2026, UTC``,
    ``06:00 on Tuesday 1 December 2026, America/New_York``."""
    local = utc(moment).astimezone(ZoneInfo(zone))
    hour = "midnight" if (local.hour, local.minute) == (0, 0) else local.strftime("%H:%M")
    return f"{hour} on {local.strftime('%A')} {local.day} {local.strftime('%B %Y')}, {zone}"


# --- the command path's read -----------------------------------------------------------

GUARD_COLUMNS = (
    "status",
    "status_until",
    "locked_until",
    *LIMITS,
    "day_key",
    "week_key",
    "month_key",
    "wagered_day",
    "wagered_week",
    "wagered_month",
    "lost_day",
    "lost_week",
    "lost_month",
)
"""The columns of a player's row the command path reads (in the command head's query)."""


@dataclass(frozen=True)
class Guard:
    """What a wager is checked against: the player's status, limits in force and the
    totals of the periods stored (``day_key``...)."""

    status: str = "active"
    status_until: datetime | None = None
    locked_until: datetime | None = None
    limits: Mapping[str, int | None] = None  # type: ignore[assignment]
    keys: tuple[str, str, str] = ("", "", "")
    wagered: tuple[int, int, int] = (0, 0, 0)
    lost: tuple[int, int, int] = (0, 0, 0)

    def total(self, what: str, period: str, now: Periods) -> int:
        """The stored total of ``what`` (``wagered``, ``lost``) for ``period`` if it is
        the current one, else 0 (a new period starts from nothing)."""
        index = ("daily", "weekly", "monthly").index(period)
        if self.keys[index] != now.key(period):
            return 0
        return (self.wagered if what == "wagered" else self.lost)[index]


def guard_of(found: Sequence[Any] | None) -> Guard | None:
    """The :class:`Guard` of a row of :data:`GUARD_COLUMNS` (``None``: the player has no
    row, so no limit)."""
    if found is None or found[0] is None:
        return None
    if len(found) != len(GUARD_COLUMNS):
        raise ValueError(f"a player's guard is {len(GUARD_COLUMNS)} columns, not {len(found)}")
    # By position (GUARD_COLUMNS' order), once a command: no dict of the columns.
    status, status_until, locked_until = found[:3]
    end = 3 + len(LIMITS)
    totals = found[end:]
    return Guard(
        status=status,
        status_until=None if status_until is None else _moment(status_until),
        locked_until=None if locked_until is None else _moment(locked_until),
        limits=dict(zip(LIMITS, found[3:end], strict=True)),
        keys=(totals[0], totals[1], totals[2]),
        wagered=(totals[3], totals[4], totals[5]),
        lost=(totals[6], totals[7], totals[8]),
    )


def _moment(value: Any) -> datetime:
    """A stored moment (SQLite: text) as an aware UTC datetime."""
    return utc(datetime.fromisoformat(value) if isinstance(value, str) else value)


def stopped(guard: Guard | None, now: datetime) -> PlayStopped | None:
    """The refusal of a player whose play is suspended or who excluded himself, as of
    ``now`` (``None``: he may play)."""
    if guard is None or guard.status == "active":
        return None
    until = guard.status_until
    if until is not None and until <= now:
        return None
    end = "until an admin lifts it" if until is None else f"until {when_words(until, 'UTC')}"
    if guard.status == "suspended":
        said = f"your play is suspended {end}: no seat and no wager until then"
    else:
        said = f"you have excluded yourself from play {end}: no seat and no wager until then"
    return PlayStopped(said, CITE, until)


def may_sit(session: Session, player_id: str, now: datetime) -> None:
    """Refuse (:class:`PlayStopped`) a seat to a suspended or self-excluded player."""
    row = row_of(session, player_id)
    refusal = stopped(guard_of([getattr(row, c) for c in GUARD_COLUMNS]), now)
    if refusal is not None:
        raise refusal


def check_play(session: Session, player_id: str, now: datetime) -> None:
    """Raise the refusal (:class:`PlayStopped`) a wager of a suspended or self-excluded
    player would meet at ``now``; nothing is stored (a player with no row plays)."""
    row = session.get(PlayerProtection, player_id)
    refusal = (
        None if row is None else stopped(guard_of([getattr(row, c) for c in GUARD_COLUMNS]), now)
    )
    if refusal is not None:
        raise refusal


def check_wager(
    guard: Guard | None,
    stakes: Sequence[Cents],
    *,
    now: datetime,
    gaming_day: GamingDay,
    in_round: Callable[[], bool],
    played_today: Callable[[Periods], float],
) -> None:
    """Refuse (:class:`LimitReached`, :class:`PlayStopped`; nothing is stored) the wagers
    of ``stakes`` (cents each, the player's wallet debits of one command) where the
    player's status or a limit forbids them (814a.2). ``in_round()`` tells whether the
    player already has a wager in the round in progress: a suspended or self-excluded
    player, or one past his daily time, may still finish that round. ``played_today``
    gives the seconds played in the gaming day (read only where a time limit is set)."""
    if guard is None or not stakes:
        return
    limits = guard.limits
    no_limit = all(value is None for value in limits.values())
    if guard.status == "active" and guard.locked_until is None and no_limit:
        return
    now_periods = periods(gaming_day, now)
    refusal: CroupierError | None = stopped(guard, now)
    time_limit = limits["time_daily"]
    if refusal is None and time_limit is not None and played_today(now_periods) >= time_limit:
        refusal = LimitReached(
            f"your daily time limit of {shown('time_daily', time_limit)} is reached: the "
            "round in progress may finish, and no new round until it resets at "
            f"{when_words(now_periods.day_end, now_periods.zone)}",
            CITE,
        )
    if refusal is not None and not in_round():
        raise refusal
    single = limits["single_wager"]
    if single is not None and max(stakes) > single:
        raise LimitReached(
            f"a wager of {format_dollars(max(stakes))} is more than your maximum single wager "
            f"of {format_dollars(single)}",
            CITE,
        )
    staked = sum(stakes)
    for what, total in (("spend", "wagered"), ("loss", "lost")):
        for period in ("daily", "weekly", "monthly"):
            limit = limits[f"{what}_{period}"]
            if limit is None:
                continue
            so_far = guard.total(total, period, now_periods)
            if so_far + staked > limit:
                raise LimitReached(_over(what, period, limit, so_far, staked, now_periods), CITE)


def _over(what: str, period: str, limit: int, so_far: int, amount: int, now: Periods) -> str:
    name = WORDS[f"{what}_{period}"]
    resets = when_words(now.end(period), now.zone)
    if so_far >= limit:
        return f"your {name} of {format_dollars(limit)} is reached; it resets at {resets}"
    doing = {"spend": "wager", "loss": "risk", "deposit": "deposit"}[what]
    return (
        f"you may {doing} {format_dollars(limit - so_far)} more under your {name} of "
        f"{format_dollars(limit)}, not {format_dollars(amount)}; it resets at {resets}"
    )


# --- the command path's write ----------------------------------------------------------


def _total(column: str, key: str, amount: str) -> str:
    return (
        f"{column} = CASE WHEN {key} = :total_{key.split('_')[0]} THEN {column} ELSE 0 END{amount}"
    )


@functools.lru_cache(maxsize=64)
def totals_sql(count: int) -> str:
    """The ``UPDATE`` that adds ``count`` players' wagered and lost cents to their totals
    (parameters: :func:`totals_params`); a period whose stored key is not the current one
    starts again from nothing (deposits included). A player with no row is left alone.
    Written for both databases; on PostgreSQL it is a part of the command's one statement
    (:func:`croupier.ledger.sql._write_command`)."""
    values = ", ".join(
        f"(CAST(:total_player{i} AS VARCHAR(32)), CAST(:total_wagered{i} AS BIGINT), "
        f"CAST(:total_lost{i} AS BIGINT))"
        for i in range(count)
    )
    sets = []
    for period, key in (("day", "day_key"), ("week", "week_key"), ("month", "month_key")):
        sets.append(_total(f"wagered_{period}", key, " + v.column2"))
        sets.append(_total(f"lost_{period}", key, " + v.column3"))
        sets.append(_total(f"deposited_{period}", key, ""))
    sets += [
        "wagered_total = wagered_total + v.column2",
        "lost_total = lost_total + v.column3",
        "day_key = :total_day",
        "week_key = :total_week",
        "month_key = :total_month",
    ]
    return (
        f"UPDATE player_protection SET {', '.join(sets)} FROM (VALUES {values}) AS v "
        "WHERE player_protection.player_id = v.column1"
    )


def totals_params(moves: Mapping[str, tuple[Cents, Cents]], now: Periods) -> dict[str, Any]:
    """The parameters of :func:`totals_sql`: player id -> (wagered, lost) cents (lost is
    net: wagers less what came back) in the periods ``now``."""
    params: dict[str, Any] = {"total_day": now.day, "total_week": now.week}
    params["total_month"] = now.month
    for i, (player_id, (wagered, lost)) in enumerate(moves.items()):
        params |= {f"total_player{i}": player_id, f"total_wagered{i}": wagered}
        params[f"total_lost{i}"] = lost
    return params


@functools.lru_cache(maxsize=64)
def _totals_statement(count: int) -> Statement:
    """:func:`totals_sql` for each driver, made once per count (a regular expression
    rewrites it for PostgreSQL: 2% of the server's CPU under load when made per command)."""
    return Statement.of(totals_sql(count))


def add_totals(db: Raw, moves: Mapping[str, tuple[Cents, Cents]], now: Periods) -> None:
    """Add to each player's totals (see :func:`totals_sql`), in one statement."""
    if moves:
        db.execute(_totals_statement(len(moves)), totals_params(moves, now))


def wallet_moves(lines: Sequence[Mapping[tuple[str, str | None], Cents]]) -> dict[str, list[int]]:
    """Player id -> the signed cents of each posting's wallet line (from
    :attr:`croupier.ledger.postings.RoundPosting.lines`)."""
    found: dict[str, list[int]] = {}
    for posting in lines:
        for (kind, player_id), amount in posting.items():
            if kind == "wallet" and player_id is not None:
                found.setdefault(player_id, []).append(amount)
    return found


# --- reading and changing a player's limits -------------------------------------------


def row_of(session: Session, player_id: str, *, lock: bool = False) -> PlayerProtection:
    """The player's row (made, empty, where a player was stored without one). Raises
    :class:`NotFound` for no such player."""
    row = session.get(PlayerProtection, player_id, with_for_update=lock)
    if row is None:
        if session.get(Player, player_id) is None:
            raise NotFound(f"there is no player {player_id!r}", NOT_FOUND)
        row = PlayerProtection(player_id=player_id, status="active", pending_json="{}")
        row.reminder_minutes = 60
        for name in ("day_key", "week_key", "month_key", "status_by"):
            setattr(row, name, "")
        for name in (
            "wagered_day",
            "wagered_week",
            "wagered_month",
            "lost_day",
            "lost_week",
            "lost_month",
            "deposited_day",
            "deposited_week",
            "deposited_month",
            "wagered_total",
            "lost_total",
        ):
            setattr(row, name, 0)
        session.add(row)
        session.flush()
    return row


def in_force(row: PlayerProtection) -> dict[str, int | None]:
    return {name: getattr(row, name) for name in LIMITS}


def pending(row: PlayerProtection) -> dict[str, dict[str, Any]]:
    """Name -> ``{"value": cents or None, "after": ISO moment}`` of each increase waiting
    for its period's end and the player's confirmation."""
    found: dict[str, dict[str, Any]] = json.loads(row.pending_json or "{}")
    return found


def totals(row: PlayerProtection, now: Periods) -> dict[str, dict[str, int]]:
    """``{"wagered"|"lost"|"deposited": {"daily": ..., "weekly": ..., "monthly": ...}}``
    for the periods ``now`` (0 for a period that has not been played in)."""
    keys = {"daily": row.day_key, "weekly": row.week_key, "monthly": row.month_key}
    suffix = {"daily": "day", "weekly": "week", "monthly": "month"}
    return {
        what: {
            period: getattr(row, f"{what}_{suffix[period]}")
            if keys[period] == now.key(period)
            else 0
            for period in suffix
        }
        for what in ("wagered", "lost", "deposited")
    }


def check_value(name: str, value: Any) -> int | None:
    """A limit's value as given: ``None`` (no limit) or a whole number of cents from 1 to
    :data:`MAX_CENTS` (``time_daily``: minutes, 1 to 1440, stored in seconds). Raises
    :class:`LedgerError` naming the limit."""
    if name not in LIMITS:
        raise LedgerError(f"{name!r} is not a limit: the limits are {', '.join(LIMITS)}", CITE)
    if value is None:
        return None
    top = 1440 if name == "time_daily" else MAX_CENTS
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
        unit = "minutes from 1 to 1440" if name == "time_daily" else f"cents from 1 to {top}"
        raise LedgerError(
            f"the {WORDS[name]} is a whole number of {unit}, or none (null in JSON) for no "
            f"limit, not {value!r}",
            CITE,
        )
    return value * 60 if name == "time_daily" else value


@dataclass(frozen=True)
class Change:
    """What :func:`set_limits` did: the limits in force at once (decreases) and the
    increases left waiting (name -> when they may be confirmed)."""

    applied: dict[str, int | None]
    waiting: dict[str, datetime]
    before: dict[str, int | None]


def _lower(new: int | None, old: int | None) -> bool:
    return new is not None and (old is None or new < old)


def _change_words(
    applied: dict[str, int | None],
    waiting: dict[str, datetime],
    values: dict[str, int | None],
    zone: str,
) -> list[str]:
    """The limits lowered at once and those to rise once confirmed, in words."""
    words = [f"{WORDS[n]} lowered to {shown(n, v)} at once" for n, v in applied.items()]
    words += [
        f"{WORDS[n]} to rise to {shown(n, values[n])} once confirmed after {when_words(at, zone)}"
        for n, at in waiting.items()
    ]
    return words


def set_limits(
    session: Session,
    player_id: str,
    asked: Mapping[str, int | None],
    *,
    now: datetime,
    by: str,
    may_raise: bool = True,
) -> Change:
    """Change the player's limits as asked (name -> value as :func:`check_value` takes
    it): a decrease, or a limit where none was, in force at once; an increase or a limit
    removed waits for the end of the limit's current period and the player's
    confirmation (:func:`confirm`). ``may_raise`` false (an admin) refuses an increase.
    Records a significant event. Raises :class:`LedgerError`, :class:`NotFound`."""
    from croupier.ledger.significant_events import Kind, record

    values = {name: check_value(name, value) for name, value in asked.items()}
    row = row_of(session, player_id, lock=True)
    before = in_force(row)
    waiting_before = pending(row)
    now_periods = periods(gaming_day_of(session), now)
    applied: dict[str, int | None] = {}
    waiting: dict[str, datetime] = {}
    waits = dict(waiting_before)
    for name, value in values.items():
        old = before[name]
        if value == old:
            waits.pop(name, None)
            continue
        if _lower(value, old):
            setattr(row, name, value)
            applied[name] = value
            waits.pop(name, None)
            continue
        if not may_raise:
            raise LedgerError(
                f"only the player may raise his {WORDS[name]} (from {shown(name, old)} to "
                f"{shown(name, value)})",
                CITE,
            )
        after = now_periods.end(PERIOD_OF[name])
        waits[name] = {"value": value, "after": after.isoformat()}
        waiting[name] = after
    row.pending_json = json.dumps(waits, sort_keys=True)
    session.flush()
    if applied or waiting:
        words = _change_words(applied, waiting, values, now_periods.zone)
        record(
            session,
            kind=Kind.PLAYER_LIMITS_CHANGED,
            who=by,
            subject=player_id,
            before={"limits": before, "pending": waiting_before},
            after={"limits": in_force(row), "pending": waits},
            words=f"Player {player_id}: " + "; ".join(words) + f" ({CITE}).",
            at=now,
        )
    return Change(applied, waiting, before)


def confirm(session: Session, player_id: str, *, now: datetime, by: str) -> dict[str, int | None]:
    """Put in force each waiting increase whose period has ended (814a.2: the player
    reaffirms it then); returns what came into force. Raises :class:`LedgerError` when
    none may be confirmed yet (naming when the first may)."""
    from croupier.ledger.significant_events import Kind, record

    row = row_of(session, player_id, lock=True)
    waits = pending(row)
    if not waits:
        raise LedgerError("no raised limit is waiting for your confirmation", CITE)
    zone = gaming_day_of(session).zone
    due = {n: w for n, w in waits.items() if datetime.fromisoformat(w["after"]) <= now}
    if not due:
        first = min(datetime.fromisoformat(w["after"]) for w in waits.values())
        raise LedgerError(
            "a raised limit takes effect only after its current period ends: confirm it "
            f"after {when_words(first, zone)}",
            CITE,
        )
    before = in_force(row)
    for name, wait in due.items():
        setattr(row, name, wait["value"])
        del waits[name]
    row.pending_json = json.dumps(waits, sort_keys=True)
    session.flush()
    came = {name: getattr(row, name) for name in due}
    record(
        session,
        kind=Kind.PLAYER_LIMITS_CHANGED,
        who=by,
        subject=player_id,
        before={"limits": before, "pending": {**waits, **due}},
        after={"limits": in_force(row), "pending": waits},
        words=f"Player {player_id} confirmed: "
        + "; ".join(f"{WORDS[n]} now {shown(n, v)}" for n, v in came.items())
        + f" ({CITE}).",
        at=now,
    )
    return came


# --- deposits ----------------------------------------------------------------------------


def take_deposit(session: Session, player_id: str, amount: Cents, now: datetime) -> None:
    """Refuse (:class:`LimitReached`, :class:`PlayStopped`) a deposit over the player's
    deposit limits, or while he is excluded or suspended (814a.2; GLI-19 2.5.5: no new
    deposits), then add it to his totals."""
    row = row_of(session, player_id, lock=True)
    refusal = stopped(guard_of([getattr(row, c) for c in GUARD_COLUMNS]), now)
    if refusal is not None:
        raise refusal
    now_periods = periods(gaming_day_of(session), now)
    done = totals(row, now_periods)["deposited"]
    for period in ("daily", "weekly", "monthly"):
        limit = getattr(row, f"deposit_{period}")
        if limit is not None and done[period] + amount > limit:
            raise LimitReached(
                _over("deposit", period, limit, done[period], amount, now_periods), CITE
            )
    suffix = {"daily": "day", "weekly": "week", "monthly": "month"}
    fresh = totals(row, now_periods)
    for what in ("wagered", "lost", "deposited"):
        for period, name in suffix.items():
            setattr(
                row, f"{what}_{name}", fresh[what][period] + (amount if what == "deposited" else 0)
            )
    row.day_key, row.week_key, row.month_key = now_periods.day, now_periods.week, now_periods.month
    session.flush()


# --- status --------------------------------------------------------------------------------


def set_status(
    session: Session,
    player_id: str,
    status: str,
    until: datetime | None,
    *,
    now: datetime,
    by: str,
    may_shorten: bool = True,
) -> PlayerProtection:
    """Suspend the player's play (until ``until``), exclude him (until ``until``, or
    until an admin lifts it where ``None``) or make him active again; records a
    significant event. With ``may_shorten`` false (the player himself), a suspension or
    self-exclusion in force may only be lengthened or made a self-exclusion, never ended
    sooner (814a.2: only an admin lifts it). Raises :class:`LedgerError` for an unknown
    status, an end in the past or a shortening refused, :class:`NotFound`."""
    from croupier.ledger.significant_events import Kind, record

    if status not in STATUSES:
        raise LedgerError(
            f"a player's status is one of {', '.join(STATUSES)}, not {status!r}", CITE
        )
    if until is not None and utc(until) <= now:
        raise LedgerError(f"a suspension ends after now, not at {until.isoformat()}", CITE)
    row = row_of(session, player_id, lock=True)
    before = status_of(row, now)
    if not may_shorten:
        _refuse_shortening(before, status, until)
    row.status, row.status_until, row.status_by = status, until, by
    session.flush()
    after = status_of(row, now)
    end = "" if until is None else f" until {when_words(until, 'UTC')}"
    said = {
        "active": "may play again",
        "suspended": f"suspended his play{end}",
        "self-excluded": f"excluded himself from play{end or ' until an admin lifts it'}",
    }[status]
    record(
        session,
        kind=Kind.PLAYER_STATUS_CHANGED,
        who=by,
        subject=player_id,
        before=before,
        after=after,
        words=f"Player {player_id} {said} (set by {by}; {CITE}).",
        at=now,
    )
    return row


def _refuse_shortening(before: Mapping[str, Any], status: str, until: datetime | None) -> None:
    """Refuse (:class:`LedgerError`) a player's own change that would end his suspension
    or self-exclusion in force (``before``, as :func:`status_of` gives it) sooner, or turn
    a self-exclusion into a suspension."""
    if before["status"] == "active":
        return
    old_end = None if before["until"] is None else datetime.fromisoformat(before["until"])
    sooner = until is not None and (old_end is None or utc(until) < old_end)
    if sooner or (before["status"] == "self-excluded" and status != "self-excluded"):
        name = "suspension" if before["status"] == "suspended" else "self-exclusion"
        end = (
            "until an admin lifts it" if old_end is None else f"until {when_words(old_end, 'UTC')}"
        )
        raise LedgerError(
            f"your {name} runs {end}: you may lengthen it, never shorten it; only an admin "
            "lifts it sooner",
            CITE,
        )


def status_of(row: PlayerProtection, now: datetime) -> dict[str, Any]:
    """``{"status", "until", "by"}`` as of ``now`` (a suspension past its end is
    ``active``)."""
    until = None if row.status_until is None else utc(row.status_until)
    if row.status != "active" and until is not None and until <= now:
        return {"status": "active", "until": None, "by": ""}
    return {
        "status": row.status,
        "until": None if until is None else until.isoformat(),
        "by": row.status_by,
    }
