"""Rate limits on commands: a token bucket per caller and table, kept in the process.

Each (caller, table) pair has a bucket of ``burst`` tokens that refills at
``per_second`` tokens a second; a command takes one token, and a command that finds the
bucket empty is refused with 429 (:class:`RateLimited`, rule ``server:rate-limit``) and a
``Retry-After`` header: the whole seconds until a token is back. The refusal happens
before the command is read, so it changes nothing. A table's settings may set its own
limit (``rate_limit_per_second``, ``rate_limit_burst``); otherwise the server's default
applies (``croupier serve --rate-limit``, ``--rate-burst``). Several server processes each keep
their own buckets (a caller spread over N processes gets up to N times the rate).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from croupier.errors import RateLimited as RateLimited

CITE = "server:rate-limit"


@dataclass(frozen=True)
class RateLimit:
    """``per_second`` commands a second sustained, up to ``burst`` at once."""

    per_second: float = 20.0
    burst: int = 40


DEFAULT = RateLimit()
"""No person sends 20 commands a second for long; a script hammering a table does."""


def rate(per_second: float) -> str:
    """``per_second`` in words, in the unit that gives a number of at least one.

    >>> rate(10), rate(1 / 60), rate(0.5), rate(1 / 7200)
    ('10 a second', '1 a minute', '30 a minute', '0.5 an hour')
    """
    if per_second >= 1:
        return f"{per_second:.3g} a second"
    if per_second * 60 >= 1:
        return f"{per_second * 60:.3g} a minute"
    return f"{per_second * 3600:.3g} an hour"


class Buckets:
    """The token buckets of one process (thread-safe). ``clock`` gives seconds
    (monotonic)."""

    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic) -> None:
        if limit.per_second <= 0 or limit.burst < 1:
            raise ValueError("a rate limit needs per_second > 0 and burst >= 1")
        self.limit = limit
        self.clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float, RateLimit]] = {}
        """(caller, table) -> (tokens, when they were counted, the bucket's limit)."""
        self._lock = threading.Lock()

    def take(
        self,
        caller: str,
        table_id: str,
        limit: RateLimit | None = None,
        *,
        what: str | None = None,
    ) -> None:
        """Take a token for a command of ``caller`` at ``table_id`` under ``limit`` (the
        table's own, :meth:`for_table`; ``None``: this process's default); raises
        :class:`RateLimited` when there is none. ``what`` names the requests counted
        in the refusal (default: "commands ... at table ``table_id``")."""
        now = self.clock()
        limit = limit or self.limit
        with self._lock:
            tokens, then, _ = self._buckets.get(
                (caller, table_id), (float(limit.burst), now, limit)
            )
            tokens = min(float(limit.burst), tokens + (now - then) * limit.per_second)
            if tokens < 1.0:
                self._buckets[(caller, table_id)] = (tokens, now, limit)
                wait = math.ceil((1.0 - tokens) / limit.per_second)
                counted = what or f"commands at table {table_id}"
                raise RateLimited(
                    f"more than {limit.burst} {counted} at once, or {rate(limit.per_second)} "
                    f"after that; send again in {wait} s",
                    CITE,
                    retry_after=max(1, wait),
                )
            self._buckets[(caller, table_id)] = (tokens - 1.0, now, limit)
            if len(self._buckets) > 100_000:  # forget full buckets: they hold nothing
                self._forget_full(now)

    def for_table(self, per_second: float | None, burst: int | None) -> RateLimit:
        """The limit of a table whose settings give ``per_second`` and ``burst`` (either
        ``None``: this process's default for it)."""
        if per_second is None and burst is None:
            return self.limit
        return RateLimit(
            per_second=self.limit.per_second if per_second is None else per_second,
            burst=self.limit.burst if burst is None else burst,
        )

    def _forget_full(self, now: float) -> None:
        for key, (tokens, then, limit) in list(self._buckets.items()):
            if tokens + (now - then) * limit.per_second >= limit.burst:
                del self._buckets[key]
