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
from croupier.errors import DealerOnly, EmptySeat, IllegalCommand, NotYourTurn, ReplayError
from croupier.money import Cents
from croupier.offers import SPOT_SENT, SPOTS_SENT, the

T = TypeVar("T")


class Phased(Protocol):
    """A round's state, in one of its game's phases."""

    @property
    def phase(self) -> StrEnum: ...


def no_spot(
    spot: str,
    labels: Iterable[str],
    why: str = "",
    named: str = "",
    sent: Iterable[str] | None = None,
) -> str:
    """The refusal of a wager on ``spot``, which the layout lacks, in one shape in every
    game: "there is no spot 'X' at this table[: why]; the spots are A (a), B (b), each
    sent as the round's offers name it (...)" (a layout of one spot: "the only spot is
    the A (a), sent as ..."). ``labels`` are the layout's spots in a
    reader's words, ``sent`` (optional, in the same order) the names a command sends,
    given in brackets after each where they differ from its words (a run of numbered
    spots once: ``Like Kind 2 to 8 (like_kind:2…like_kind:8)``), ``why`` (optional) what
    the game can say of this one (a hardway's numbers), ``named`` (optional) the spot in
    the game's words where it can say it (Sic Bo's ``Total Value "3"``: a terminal table
    writes the spot for its player), else it is quoted as sent.

    >>> no_spot("nowhere", ["Front 9", "Back 9"]).split(", each")[0]
    "there is no spot 'nowhere' at this table; the spots are Front 9, Back 9"
    >>> no_spot("x", ["Small", "Like Kind 2", "Like Kind 3", "Like Kind 4"],
    ...         sent=["small", "like_kind:2", "like_kind:3", "like_kind:4"]).split("are ")[1]
    "Small, Like Kind 2 to 4 (like_kind:2…like_kind:4), each sent as the round's offers ...
    """
    said = f": {why}" if why else ""
    shown = list(labels)
    names = list(sent) if sent is not None else shown
    known = ", ".join(_runs(shown, names))
    listed = (  # a layout of one spot says it as one, not as a list of one
        f"the only spot is {the(known)}, {SPOT_SENT}"
        if len(shown) == 1
        else f"the spots are {known}, {SPOTS_SENT}"
    )
    what = named or repr(spot)
    return f"there is no spot {what} at this table{said}; {listed}"


def _runs(labels: list[str], sent: list[str] | None = None) -> Iterator[str]:
    """``labels`` with each run of three or more that differ only in a closing number
    written once: ``Total 4 to 17`` (numbers one apart), ``Place 4/5/6/8/9/10``; each
    followed by its names in ``sent`` (same order) in brackets where they are not its
    words (the first and last of a run: ``(total:4…total:17)``).

    >>> list(_runs(["Small", "Total 4", "Total 5", "Total 6", "Come on 4", "Come on 5",
    ...             "Come on 6", "Come on 8", "Hard 4", "Hard 6"]))
    ['Small', 'Total 4 to 6', 'Come on 4/5/6/8', 'Hard 4', 'Hard 6']
    >>> list(_runs(["Place 4", "Place 5", "Place 6", "Place 8"], ["p:4", "p:5", "p:6", "p:8"]))
    ['Place 4/5/6/8 (p:4/p:5/p:6/p:8)']
    """
    names = sent if sent is not None else labels
    at = 0
    while at < len(labels):
        head, _, number = labels[at].rpartition(" ")
        end = at + 1
        while number.isdigit() and end < len(labels):
            other, _, last = labels[end].rpartition(" ")
            if other != head or not last.isdigit():
                break
            end += 1
        if end - at < 3:
            yield labels[at] + _sent_as([labels[at]], names[at : at + 1])
            at += 1
            continue
        numbers = [int(label.rpartition(" ")[2]) for label in labels[at:end]]
        run = numbers == list(range(numbers[0], numbers[-1] + 1))
        if run:
            said = f"{head} {numbers[0]} to {numbers[-1]}"
        else:
            said = f"{head} {'/'.join(map(str, numbers))}"
        yield said + _sent_as(labels[at:end], names[at:end], run)
        at = end


def _sent_as(labels: list[str], names: list[str], run: bool = False) -> str:
    """`` (name)``, `` (first…last)`` (a ``run`` of numbers one apart) or `` (a/b/c)`` for
    spots sent as ``names``, nothing where each is sent as its words (``small``)."""
    if all(n.casefold() == w.casefold() for n, w in zip(names, labels, strict=True)):
        return ""
    if len(names) == 1:
        return f" ({names[0]})"
    return f" ({names[0]}…{names[-1]})" if run else f" ({'/'.join(names)})"


def empty_seat(seat: int, cite: str, place: str = "seat") -> EmptySeat:
    """The refusal of a command for ``seat`` (a ``place``: a seat, a position, a box)
    where nobody sits, in every game: the table as it stands (409), not a permission: the
    other-seat refusal (403) is for a seat another player holds.

    >>> str(empty_seat(2, "625a.3")).split(":")[0], empty_seat(2, "625a.3").cite
    ('nobody sits at seat 2', '625a.3')
    """
    return EmptySeat(
        f"nobody sits at {place} {seat}: take a seat first (a player wagers and acts only "
        f"for the {place} he sits at)",
        cite,
        seat,
    )


def dealer_for(seat: int, place: str = "seat", what: str = "wager") -> str:
    """The refusal of the dealer's command for ``seat`` (a ``place``: a seat, a position,
    a box), in one sentence in every game (a permission, 403: a player wagers for his own
    seat).

    >>> dealer_for(2), dealer_for(3, "box", "act")
    ('the dealer may not wager for seat 2', 'the dealer may not act for box 3')
    """
    return f"the dealer may not {what} for {place} {seat}"


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
