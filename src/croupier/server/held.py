"""Why a seated player can open no round, in words (issue #34, "never stuck"): the
``betting_held`` of his view where no round is open (:func:`croupier.server.service.preview`),
which the page shows where it says who acts.

Each sentence says what happened, what he can do and the rule, in the regulation's words:

- the last self-check failed: :data:`croupier.server.selfcheck.CLOSED`;
- the table, its game or the paytable in force disabled by the operator
  (:func:`table_disabled`, with the operator's reason; GLI-19 2.4.1);
- no version of the table's Rules Submission in force (:data:`NO_RULES`);
- his account disabled (:func:`player_disabled`, in the refusal's own words: who, when
  and why), or his play suspended or self-excluded (:func:`play_stopped`, the refusal's
  words: until when; 814a.2).

A viewer with no seat is told the table's own reasons alone (:func:`table_words`), and
while the round under way is the last before the table closes (disabled, or a self-check
failed, after it opened: the round is played out, no new one dealt), every viewer is told
so (:func:`last_round`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy.orm import Session

from croupier.citations import shown
from croupier.errors import CroupierError
from croupier.ledger import disabling, versions
from croupier.server import selfcheck

NO_RULES = (
    "This table has no rules in force: no version of its Rules Submission is approved and "
    "in force, so no round can be dealt until the operator files them. Your balance is "
    f"untouched; play resumes here once they are in force ({shown(versions.SUBMISSION_CITE)})."
)
"""No version of the table's Rules Submission in force (none yet, or it was withdrawn)."""


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def _stopped(words: str) -> str:
    """The operator's words ending a sentence (a full stop added where they have none)."""
    words = words.strip()
    return words if words.endswith((".", "!", "?")) else f"{words}."


def table_disabled(reason: str) -> str:
    """A table (or its game, or the paytable in force) disabled by the operator for
    ``reason`` (his words as recorded: plain text, never markup)."""
    return (
        f"This table is closed for play by the operator: {_stopped(reason)} No new round is "
        "dealt here. Your balance is untouched; play resumes here when the operator enables "
        f"the table again ({shown(disabling.CITE)})."
    )


ClosedBy = Literal["", "operator", "self-check"]
SELFCHECK_REASON = (
    "play is stopped until the software's self-check passes: it found part of croupier "
    f"changed since it was built ({selfcheck.CITE})"
)
"""Why a table is closed for play while the last self-check failed (its ``closed_reason``)."""


@dataclass(frozen=True)
class Closing:
    """Why a table is closed for play (``reason``, ``""``: it is open) and by whom: the
    operator (``"operator"``: the table, its game or its paytable disabled) or the
    server's self-check (``"self-check"``), as the lobby, the table and a seat say it."""

    reason: str = ""
    by: ClosedBy = ""


def _version(session: Session, table_id: str) -> int | None:
    try:
        return versions.in_force(session, table_id).version
    except versions.NotInForce:
        return None


def closing(session: Session, table_id: str, game: str, version: int | None = -1) -> Closing:
    """Why table ``table_id`` (of ``game``; ``version`` of its Rules Submission in force,
    ``-1``: read it) is closed for play: the table, its game or the paytable in force
    disabled (the first, as a new round is refused:
    :func:`croupier.ledger.disabling.check_dealing`), else the last self-check failed."""
    found = disabling.closing(
        session, table_id, game, _version(session, table_id) if version == -1 else version
    )
    if found is not None:
        return Closing(found.reason, "operator")
    if selfcheck.failed(session):
        return Closing(SELFCHECK_REASON, "self-check")
    return Closing()


def closed_reason(session: Session, table_id: str, game: str) -> str:
    """Why table ``table_id`` (of ``game``) is closed for play (:func:`closing`), ``""``
    while it is open."""
    return closing(session, table_id, game).reason


def last_round(closed: Closing) -> str:
    """What the viewers of a round under way are told where the table was closed for
    play (``closed``) after it opened: the round is played out, no new one follows."""
    if not closed.reason:
        return ""
    if closed.by == "operator":
        why = f"the operator has closed the table for play: {_stopped(closed.reason)}"
        until = f"the operator enables the table again ({shown(disabling.CITE)})"
    else:
        why = "the software's self-check found part of croupier changed since it was built."
        until = f"a self-check passes ({selfcheck.CITE})"
    return (
        f"This round is the last before the table closes: {why} This round is played out as "
        f"usual and settled; no new round is dealt here until {until}."
    )


def table_words(session: Session, table_id: str, game: str) -> tuple[str, str]:
    """What table ``table_id`` (of ``game``) tells every viewer, seated or not: why no
    round may open (no rules in force, :data:`NO_RULES`; disabled by the operator; a
    self-check failed), and where a round is under way, :func:`last_round`'s words."""
    version = _version(session, table_id)
    closed = closing(session, table_id, game, version)
    if version is None:
        held = NO_RULES
    elif closed.by == "operator":
        held = table_disabled(closed.reason)
    else:
        held = selfcheck.CLOSED if closed.reason else ""
    return held, last_round(closed)


def player_disabled(refusal: disabling.PlayerDisabled) -> str:
    """His account disabled: who disabled it, when and why, as the refusal says it."""
    return (
        f"You may not wager here: {refusal.why}. Your balance is untouched; play resumes "
        f"when the operator enables your account again ({shown(refusal.cite)})."
    )


def play_stopped(refusal: CroupierError) -> str:
    """His play suspended or self-excluded (:func:`croupier.ledger.protection.stopped`):
    the refusal's words, which say until when."""
    return (
        f"{_sentence(refusal.reason)}. Your balance is untouched; only an admin may lift it "
        f"sooner ({shown(refusal.cite)})."
    )
