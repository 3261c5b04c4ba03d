"""The point throw and the settlement of every wager a roll decides (623a.9), the Fire
Bet at the end of a shooter's turn (623a.11) and Bonus Craps (623a.12).

**The order of settlement.** The stickperson calls the roll (:class:`RollCalled`); on a
seven-out the shooter is done (:class:`ShooterDone`). Then the dealers take the losing
wagers, then pay the winners (a wager settled, or paid while it stays up), then return the
pushes (a Don't bet on the barred number; the odds behind a Come wager that were off as
it was decided), each class in the layout's order and, within a spot, seat by seat from
seat 1; then Come and Don't Come wagers travel to their numbers. A payout limit applies
per player in that order. A seven-out ends the round: a wager still on the layout (one
that was off) is returned, and the round is complete.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from croupier.engine import Event, Outcome, RoundCompleted, WagerSettled
from croupier.games.craps.events import (
    Roll,
    RollCalled,
    ShooterDone,
    WagerMoved,
    WagerPaid,
    WagerRemoved,
)
from croupier.games.craps.state import Bet, CrapsState
from croupier.games.craps.wagers import (
    BONUS_SPOTS,
    ORDER,
    Decision,
    Result,
    bonus_complete,
    commission,
    commission_up_front,
    contract_of,
    decide,
    fire_odds,
    kind_of,
)
from croupier.money import Cents, PayoutLimit, payout
from croupier.rules.craps import (
    BONUS,
    CRAPS_NUMBERS,
    FIRE,
    NATURALS,
    PAYOUTS,
    SETTLEMENT,
    SHOOTER,
    CrapsRules,
)


def roll_of(total: int, point: int | None) -> tuple[Roll, int | None]:
    """What a roll of ``total`` is with ``point`` on (``None``: a come-out), and the
    point after it (623a.1, 623a.9)."""
    if point is None:
        if total in NATURALS:
            return Roll.NATURAL, None
        if total in CRAPS_NUMBERS:
            return Roll.CRAPS, None
        return Roll.POINT_SET, total
    if total == point:
        return Roll.POINT_MADE, None
    if total == 7:
        return Roll.SEVEN_OUT, None
    return Roll.NUMBER, point


@dataclass(frozen=True, slots=True)
class _Decided:
    seat: int
    spot: str
    bet: Bet
    decision: Decision
    cite: str


def _cite_of(spot: str) -> str:
    if spot == "fire_bet":
        return f"{FIRE}; {PAYOUTS}"
    if spot in BONUS_SPOTS:
        return f"{BONUS}; {PAYOUTS}"
    return f"{SETTLEMENT}; {PAYOUTS}"


def decisions(state: CrapsState, faces: tuple[int, ...]) -> list[_Decided]:
    """Every wager the roll ``faces`` decides, with its decision (see the module)."""
    rules, point = state.rules, state.point
    total, hard = sum(faces), faces[0] == faces[1]
    roll, _ = roll_of(total, point)
    found: list[_Decided] = []
    for seat, spot, bet in state.bets():
        kind = kind_of(spot)
        if spot == "fire_bet":
            decision = _fire(state, roll, point)
        elif spot in BONUS_SPOTS:
            decision = _bonus(state, spot, total)
        elif kind == "come_odds" and not state.working(spot, bet):
            # Off: returned as the Come wager it stands behind is decided.
            flat = decide(contract_of(spot), total, hard, point, rules)
            decided = flat.result in (Result.WIN, Result.LOSE)
            decision = Decision(Result.PUSH) if decided else Decision(Result.NONE)
        elif not state.working(spot, bet):
            decision = Decision(Result.NONE)
        else:
            decision = decide(spot, total, hard, point, rules)
        if decision.result is not Result.NONE:
            found.append(_Decided(seat, spot, bet, decision, _cite_of(spot)))
    return found


def _fire(state: CrapsState, roll: Roll, point: int | None) -> Decision:
    """The Fire Bet: paid at once when a sixth distinct point is made; at a seven-out, on
    the highest tier the shooter's distinct points reach, or lost (623a.11)."""
    made = set(state.shooter_points)
    if roll is Roll.POINT_MADE and point is not None:
        made.add(point)
        if len(made) == 6:
            odds = fire_odds(6, state.rules)
            assert odds is not None
            return Decision(Result.WIN, odds=odds)
        return Decision(Result.NONE)
    if roll is Roll.SEVEN_OUT:
        return fire_decision(len(made), state.rules)
    return Decision(Result.NONE)


def fire_decision(points: int, rules: CrapsRules) -> Decision:
    """A Fire Bet at the end of its shooter's turn with ``points`` distinct points made."""
    odds = fire_odds(points, rules)
    return Decision(Result.LOSE) if odds is None else Decision(Result.WIN, odds=odds)


def _bonus(state: CrapsState, spot: str, total: int) -> Decision:
    """All Small, All Tall, Make 'Em All: lost on a 7, won once its numbers are all
    rolled (623a.12)."""
    if total == 7:
        return Decision(Result.LOSE)
    if bonus_complete(spot, state.bonus_rolled | {total}):
        return Decision(Result.WIN, odds=state.rules.odds_of(spot))
    return Decision(Result.NONE)


def _order(item: _Decided) -> tuple[int, int]:
    return ORDER[item.spot], item.seat


def settle_roll(state: CrapsState, faces: tuple[int, ...]) -> Iterator[Event]:
    """The events of calling the roll ``faces`` and settling it (see the module)."""
    point = state.point
    total = sum(faces)
    roll, after = roll_of(total, point)
    # Everything is decided on the table as it stood when the dice came to rest; the
    # events below then move it on one by one.
    found = sorted(decisions(state, faces), key=_order)
    standing = list(state.bets())
    shooter, points = state.shooter, tuple(state.shooter_points)
    yield RollCalled(
        faces=faces,
        total=total,
        hard=faces[0] == faces[1],
        roll=roll,
        point=after,
        cite=SETTLEMENT,
    )
    seven_out = roll is Roll.SEVEN_OUT
    if seven_out and shooter is not None:
        yield ShooterDone(seat=shooter, reason="seven_out", points=points, cite=SHOOTER)
    yield from _settled(state, found, seven_out)
    if seven_out:
        yield from taken_down(standing, found)
        yield RoundCompleted(cite=SHOOTER)


def _settled(state: CrapsState, found: list[_Decided], seven_out: bool) -> Iterator[Event]:
    """The wagers the roll decided: the losses, the wins, the pushes, then those moved."""
    rules = state.rules
    limits: dict[str, PayoutLimit] = {}
    for item in found:
        if item.decision.result is Result.LOSE:
            yield WagerSettled(
                seat=item.seat,
                spot=item.spot,
                amount=item.bet.amount,
                outcome=Outcome.LOSE,
                cite=item.cite,
            )
    for item in found:
        if item.decision.result is Result.WIN:
            player = state.seats.get(item.seat, str(item.seat))
            limit = limits.setdefault(player, PayoutLimit(rules.payout_limit))
            yield _win(rules, item, limit, stays=item.decision.stays and not seven_out)
    for item in found:
        if item.decision.result is Result.PUSH:
            yield WagerSettled(
                seat=item.seat,
                spot=item.spot,
                amount=item.bet.amount,
                outcome=Outcome.PUSH,
                returned=item.bet.amount,
                cite=item.cite,
            )
    for item in found:
        if item.decision.result is Result.MOVE:
            yield WagerMoved(
                seat=item.seat,
                spot=item.spot,
                to=item.decision.to,
                amount=item.bet.amount,
                cite=SETTLEMENT,
            )


def taken_down(
    standing: list[tuple[int, str, Bet]], found: Sequence[_Decided] = ()
) -> Iterator[Event]:
    """At the end of the shooter's turn (a seven-out, or no line wager to shoot), every
    wager ``standing`` that the last roll did not decide (``found``) comes down."""
    decided = {(item.seat, item.spot) for item in found}
    for seat, spot, bet in standing:
        if (seat, spot) not in decided:
            yield WagerRemoved(
                seat=seat,
                spot=spot,
                amount=bet.amount,
                commission=bet.commission,
                reason="round_over",
                cite=SHOOTER,
            )


def _win(rules: CrapsRules, item: _Decided, limit: PayoutLimit, *, stays: bool) -> Event:
    """A winning wager: settled, or paid while it stays up (``stays``)."""
    amount, decision = item.bet.amount, item.decision
    staked = Fraction(amount) * decision.part
    assert staked.denominator == 1, f"{item.spot}: {amount} is not in equal parts"
    returned = int(staked)
    won = payout(returned, decision.odds, rules.payout_rounding)
    charged: Cents = 0
    if kind_of(item.spot) in ("buy", "lay") and (
        stays or not commission_up_front(rules, item.spot)
    ):
        # On a win only; or up front, the wager bought again for the next decision.
        charged = commission(item.spot, amount, rules)
        won -= charged
    paid = limit.cap(won)
    if stays:
        return WagerPaid(
            seat=item.seat,
            spot=item.spot,
            amount=amount,
            odds=decision.odds,
            won=paid,
            commission=charged,
            withheld=won - paid,
            cite=item.cite,
        )
    return WagerSettled(
        seat=item.seat,
        spot=item.spot,
        amount=amount,
        outcome=Outcome.WIN,
        odds=decision.odds,
        returned=returned,
        won=paid,
        withheld=won - paid,
        cite=item.cite,
    )


def fire_settlements(state: CrapsState, points: int) -> Iterator[WagerSettled]:
    """Every Fire Bet in play at the end of a shooter's turn with ``points`` distinct
    points made (623a.11): the shooter gave up the dice, or left."""
    rules = state.rules
    decision = fire_decision(points, rules)
    limits: dict[str, PayoutLimit] = {}
    for seat, spot, bet in list(state.bets()):
        if spot != "fire_bet":
            continue
        item = _Decided(seat, spot, bet, decision, _cite_of(spot))
        if decision.result is Result.LOSE:
            yield WagerSettled(
                seat=seat, spot=spot, amount=bet.amount, outcome=Outcome.LOSE, cite=item.cite
            )
        else:
            player = state.seats.get(seat, str(seat))
            limit = limits.setdefault(player, PayoutLimit(rules.payout_limit))
            event = _win(rules, item, limit, stays=False)
            assert isinstance(event, WagerSettled)
            yield event


__all__ = ["decisions", "fire_decision", "fire_settlements", "roll_of", "settle_roll"]
