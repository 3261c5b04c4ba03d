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
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from croupier.citations import shown
from croupier.errors import CroupierError
from croupier.ledger import disabling, versions

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


def closed_reason(session: Session, table_id: str, game: str) -> str:
    """The operator's reason table ``table_id`` (of ``game``) is closed for play: the
    table, its game or the paytable in force disabled (the first, as a new round is
    refused: :func:`croupier.ledger.disabling.check_dealing`); ``""`` while it is open."""
    try:
        version: int | None = versions.in_force(session, table_id).version
    except versions.NotInForce:
        version = None
    found = disabling.closing(session, table_id, game, version)
    return found.reason if found is not None else ""


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
