"""The one exception hierarchy of croupier.

Every error names the rule it enforces in ``cite`` (a section of 58 Pa. Code,
e.g. ``"675a.2(e)(4)"``, or ``"interpretations:<name>"`` for a reading recorded
in docs/interpretations.md) and ends its message with that citation. What a person
reads (a refusal over HTTP, in the terminal) is :attr:`CroupierError.told`: the message
ending with the citation as :func:`croupier.citations.shown` writes it, marked where it is
inferred (``"... (623a.6 (inferred))"``); ``cite`` and ``str(error)`` keep the bare
section::

    CroupierError
    ├── IllegalCommand          a command the rules refuse in the round as it stands
    │   ├── InvalidAmount       not a positive whole number of cents
    │   ├── InvalidWager        a wager the rules do not allow (spot, value, order)
    │   └── NotYourTurn         wrong phase, wrong seat, or a seat that may not act
    ├── ImpossibleEquipment     a card, die or tile (or a hand of them) no set or deck has
    ├── RulesSubmissionError    a Rules Submission the regulation does not allow
    │   └── UnknownGame         a game no registered GameSpec is named
    ├── NoSign                  a game that draws no table sign (404)
    ├── ReplayError             stored events that do not form a valid round
    │   └── NoRandomSource      a replayed round asked to draw (a game's programming error)
    ├── LedgerError             a request the ledger refuses; nothing is stored
    │   ├── InsufficientFunds   a wallet or escrow would go below zero (409)
    │   ├── StaleVersion        a round or table changed since it was read (409)
    │   ├── LimitReached        a wager or deposit over a player's limit (814a.2; 409)
    │   └── NotFound            no such player, table or round (404)
    ├── AccessDenied            the caller's role or seat does not allow it (403)
    │   └── PlayStopped         a suspended or self-excluded player may not sit or wager
    ├── Unauthorized            no bearer token, or one that belongs to nobody (401)
    ├── Unprocessable           a request that cannot be taken as sent (422)
    ├── DeadlinePassed          a timeout comes before the command (retried by the server)
    ├── RateLimited             too many commands from one caller at one table (429)
    ├── ShuttingDown            the server's writer has stopped; nothing was done (503)
    └── TryAgain                the database broke a deadlock by undoing the request, and
                                the server's own retries met one too; nothing was done (409)

A programming error (a wrong type passed by croupier's own code, an impossible state) is
not a :class:`CroupierError`: it raises :class:`TypeError`, :class:`ValueError` or
:class:`AssertionError` and is a 500, never an answer a player can act on.
"""

from __future__ import annotations

from datetime import datetime

from croupier.citations import shown


class CroupierError(Exception):
    """Base of every croupier error; ``cite`` is the rule the error enforces."""

    def __init__(self, message: str, cite: str) -> None:
        self.cite = cite
        self.reason = message
        super().__init__(f"{message} ({cite})")

    @property
    def told(self) -> str:
        """The message as a person is told it: ``reason`` ending with the citation as
        shown to a reader (:func:`croupier.citations.shown`), ``"a Fire Bet may be at
        most $10, not $11 (623a.11 (inferred))"``; the same as ``str(error)`` for a
        citation that is not inferred; the reason alone where the citation names no rule
        (:data:`croupier.citations.NOT_FOUND`: "there is no table 'nope'")."""
        rule = shown(self.cite)
        return f"{self.reason} ({rule})" if rule else self.reason


class IllegalCommand(CroupierError):
    """A command refused in the round as it stands; the round is unchanged."""


class InvalidAmount(IllegalCommand):
    """An amount that is not a positive whole number of cents."""


class InvalidWager(IllegalCommand):
    """A wager on a spot, of a value or in an order the rules do not allow."""


class NotYourTurn(IllegalCommand):
    """A command sent in the wrong phase of the round or by a seat that may not act."""


class EmptySeat(NotYourTurn):
    """A command for a ``seat`` (a seat, a position, a box) where nobody sits: the table
    as it stands (409), not a permission."""

    def __init__(self, message: str, cite: str, seat: int) -> None:
        super().__init__(message, cite)
        self.seat = seat


class ImpossibleEquipment(CroupierError, ValueError):
    """A card, a die's face or a tile (or a hand of them) that the chapter's equipment
    cannot give: a card of rank 1, a die showing 7 or ``true``, eleven High Roll Dice, a
    third 1-1 tile. Raised by :mod:`croupier.equipment` and :mod:`croupier.hands` for
    what they are given; a ``ValueError`` too, as bad input to a function is."""


class RulesSubmissionError(CroupierError, ValueError):
    """A Rules Submission that breaks the regulation it is filed under."""


class UnknownGame(RulesSubmissionError):
    """A game name that no registered game has (:mod:`croupier.registry`)."""


class NoSign(CroupierError):
    """A game whose table sign is not drawn (yet): ``rules show`` and the table's sign
    page have nothing to show."""


class ReplayError(CroupierError):
    """Stored events that do not rebuild a valid round."""


class NoRandomSource(ReplayError):
    """A replayed round asked for a random draw: the game's ``command_for`` did not give
    the draws its events recorded (a programming error of the game, never a player's)."""


class LedgerError(CroupierError):
    """A request the ledger refuses; nothing is stored."""


class InsufficientFunds(LedgerError):
    """A movement that would take a wallet or escrow below zero."""


class StaleVersion(LedgerError):
    """A round or table changed since it was read (optimistic concurrency)."""


class NotFound(LedgerError):
    """No such player, table or round."""


class LimitReached(LedgerError):
    """A wager or deposit that a player's own limit refuses (58 Pa. Code 814a.2): the
    message names the limit and when it resets; nothing is stored."""


class AccessDenied(CroupierError):
    """The caller's role or seat does not allow the request (403)."""


class DealerOnly(NotYourTurn, AccessDenied):
    """A command only the dealer sends, sent by a player: refused 403 as any request the
    caller's role may not make (who may comes before the round's state), still a
    :class:`NotYourTurn` to the engine and the terminal tables."""


class OtherSeat(NotYourTurn, AccessDenied):
    """A command for a seat (a position, a box) sent by someone other than its player: refused
    403 as any request the caller may not make, whatever the round's state; still a
    :class:`NotYourTurn` to the engine and the terminal tables."""


class PlayStopped(AccessDenied):
    """A player whose play is suspended or who excluded himself (814a.2): he may not
    take a seat or wager (a round he is in finishes); ``until``, where set, when it ends
    by itself (aware UTC)."""

    def __init__(self, message: str, cite: str, until: datetime | None = None) -> None:
        super().__init__(message, cite)
        self.until = until


class Unauthorized(CroupierError):
    """No bearer token, or one that belongs to nobody (401)."""


class Unprocessable(CroupierError):
    """A request that cannot be taken as sent, whatever the state (422)."""


class DeadlinePassed(CroupierError):
    """The open round's deadline has passed: its timeout (croupier.server.driver.expire)
    comes before the command. The caller rolls back, applies the timeouts and sends the
    command again."""


class NotRevealed(CroupierError):
    """A round's sealed values are not revealed yet: the round is open, or a later round
    still deals from what it sealed (409)."""


class RateLimited(CroupierError):
    """Too many commands from one caller at one table (429)."""

    def __init__(self, message: str, cite: str, retry_after: int) -> None:
        super().__init__(message, cite)
        self.retry_after = retry_after


class ShuttingDown(CroupierError):
    """The process's writer has stopped (the server is shutting down): nothing was done."""


class TryAgain(CroupierError):
    """The database undid the request's transaction to break a deadlock (or a
    serialization failure) with another, every time the server ran it again: nothing was
    done, and the same request sent again (with the same ``Idempotency-Key``) is judged
    afresh (409)."""
