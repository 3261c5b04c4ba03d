"""Checks and events the game rounds share (Double Back Jack, High Roll Dice, Pai Gow, Sic Bo).

Each takes the section it cites from the game, so a refusal reads and cites exactly as
the game's own did: :func:`dealer_only` and :func:`require_phase` refuse a command,
:func:`expect_phase` refuses an event on replay, :func:`void_events` voids a round,
:func:`settled` settles a wager won or lost, and :func:`passes` asks whether a check passes
(so that a command is offered exactly where its check does not refuse it; :func:`checked`
gives what the check allows, where the offer needs it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from croupier.engine import DEALER, Actor, Event, Outcome, Round, RoundVoided, WagerSettled
from croupier.errors import DealerOnly, IllegalCommand, NotYourTurn, ReplayError
from croupier.money import Cents

T = TypeVar("T")


class Phased(Protocol):
    """A round's state, in one of its game's phases."""

    @property
    def phase(self) -> StrEnum: ...


SPOTS_SENT = "each sent as the round's offers name it (a wager's spot in the table's view)"
"""How a refusal of a spot the layout lacks says where the spots' names to send are: the
labels it lists are a reader's words ("Pip Street ace"), the offers (``legal_commands``
of ``GET /tables/{id}/view``) give each with the name a command sends
(``pip_street:ace``)."""


def dealer_only(actor: Actor, what: str, cite: str) -> None:
    """Refuse (:class:`~croupier.errors.DealerOnly`, citing ``cite``) unless ``actor`` is
    the dealer: "only the dealer may ``what``"."""
    if actor != DEALER:
        raise DealerOnly(f"only the dealer may {what}", cite)


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


def settled(
    seat: int,
    spot: str,
    amount: Cents,
    cite: str,
    odds: Fraction | None = None,
    won: Cents = 0,
    withheld: Cents = 0,
) -> WagerSettled:
    """The wager of ``amount`` cents by ``seat`` on ``spot`` settled under rule ``cite``: lost
    where ``odds`` is ``None``; else won at ``odds``, the stake returned with ``won`` cents
    (``withheld``: what a payout limit kept back of the winnings)."""
    if odds is None:
        return WagerSettled(seat=seat, spot=spot, amount=amount, outcome=Outcome.LOSE, cite=cite)
    return WagerSettled(
        seat=seat,
        spot=spot,
        amount=amount,
        outcome=Outcome.WIN,
        odds=odds,
        returned=amount,
        won=won,
        withheld=withheld,
        cite=cite,
    )


def checked(check: Callable[..., T], *args: Any) -> T | None:
    """What ``check(*args)`` returns (a wager's bounds, say), or ``None`` where it refuses
    (raises :class:`IllegalCommand`): an offer built from what its check allows."""
    try:
        return check(*args)
    except IllegalCommand:
        return None


def passes(check: Callable[..., object], *args: Any) -> bool:
    """Whether ``check(*args)`` passes (raises no :class:`IllegalCommand`)."""
    try:
        check(*args)
    except IllegalCommand:
        return False
    return True


def view_head(round_: Round[Any], actor: Actor | None) -> dict[str, Any]:
    """The first keys of a round's view, the same in every game that writes them in this
    order: the game, the table and round ids, the Rules Submission's digest, the phase
    (its value), who is looking (``actor``) and the seats (seat number as text -> player
    id). The round's state must have ``phase`` and ``seats``."""
    state, opened = round_.state, round_.opened
    return {
        "game": round_.game,
        "table_id": opened.table_id,
        "round_id": opened.round_id,
        "rules_sha256": opened.rules_sha256,
        "phase": str(state.phase),
        "viewer": actor,
        "seats": {str(k): v for k, v in state.seats.items()},
    }
