"""The one exception hierarchy of croupier.

Every error names the rule it enforces in ``cite`` (a section of 58 Pa. Code,
e.g. ``"675a.2(e)(4)"``, or ``"interpretations:<name>"`` for a reading recorded
in docs/interpretations.md) and ends its message with that citation::

    CroupierError
    ├── IllegalCommand          a command the rules refuse in the round as it stands
    │   ├── InvalidAmount       not a positive whole number of cents
    │   ├── InvalidWager        a wager the rules do not allow (spot, value, order)
    │   └── NotYourTurn         wrong phase, wrong seat, or a seat that may not act
    ├── RulesSubmissionError    a Rules Submission the regulation does not allow
    │   └── UnknownGame         a game no registered GameSpec is named
    ├── NoSign                  a game that draws no table sign
    └── ReplayError             stored events that do not form a valid round
"""

from __future__ import annotations


class CroupierError(Exception):
    """Base of every croupier error; ``cite`` is the rule the error enforces."""

    def __init__(self, message: str, cite: str) -> None:
        self.cite = cite
        self.reason = message
        super().__init__(f"{message} ({cite})")


class IllegalCommand(CroupierError):
    """A command refused in the round as it stands; the round is unchanged."""


class InvalidAmount(IllegalCommand):
    """An amount that is not a positive whole number of cents."""


class InvalidWager(IllegalCommand):
    """A wager on a spot, of a value or in an order the rules do not allow."""


class NotYourTurn(IllegalCommand):
    """A command sent in the wrong phase of the round or by a seat that may not act."""


class RulesSubmissionError(CroupierError, ValueError):
    """A Rules Submission that breaks the regulation it is filed under."""


class UnknownGame(RulesSubmissionError):
    """A game name that no registered game has (:mod:`croupier.registry`)."""


class NoSign(CroupierError):
    """A game whose table sign is not drawn (yet): ``rules show`` and the table's sign
    page have nothing to show."""


class ReplayError(CroupierError):
    """Stored events that do not rebuild a valid round."""
