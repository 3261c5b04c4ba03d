"""Checks and events the game rounds share (Double Back Jack, High Roll Dice, Pai Gow).

Each takes the section it cites from the game, so a refusal reads and cites exactly as
the game's own did: :func:`dealer_only` and :func:`require_phase` refuse a command,
:func:`expect_phase` refuses an event on replay, :func:`void_events` voids a round.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import Protocol

from croupier.engine import DEALER, Actor, Event, Outcome, RoundVoided, WagerSettled
from croupier.errors import NotYourTurn, ReplayError
from croupier.money import Cents


class Phased(Protocol):
    """A round's state, in one of its game's phases."""

    @property
    def phase(self) -> StrEnum: ...


def dealer_only(actor: Actor, what: str, cite: str) -> None:
    """Refuse (citing ``cite``) unless ``actor`` is the dealer: "only the dealer may
    ``what``"."""
    if actor != DEALER:
        raise NotYourTurn(f"only the dealer may {what}", cite)


def require_phase(state: Phased, phase: StrEnum, what: str, cite: str) -> None:
    """Refuse (citing ``cite``) unless ``state`` is in ``phase``: "the dealer cannot
    ``what`` now"."""
    if state.phase is not phase:
        raise NotYourTurn(f"the dealer cannot {what} now", cite)


def expect_phase(state: Phased, event: Event, *phases: StrEnum) -> None:
    """On replay: raise :class:`ReplayError` unless ``state`` is in one of ``phases``,
    where ``event`` may follow."""
    if state.phase not in phases:
        raise ReplayError(
            f"{type(event).__name__} cannot follow phase {state.phase}", "engine:replay"
        )


def void_events(
    reason: str, cite: str, in_play: Iterable[tuple[int, str, Cents]]
) -> Iterator[Event]:
    """Void the round for ``reason``: :class:`RoundVoided`, then each wager in play
    (seat, spot, amount), in the order given, returned as void; every event cites
    ``cite``. ``in_play`` is read in full first, so settling one wager cannot change
    which follow."""
    wagers = list(in_play)
    yield RoundVoided(reason=reason, cite=cite)
    for seat, spot, amount in wagers:
        yield WagerSettled(
            seat=seat,
            spot=spot,
            amount=amount,
            outcome=Outcome.VOID,
            returned=amount,
            cite=cite,
        )
