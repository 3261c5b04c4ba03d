"""Craps payout drills (623a; :mod:`croupier.training`): situations played through the
engine, judged by its own settlement.

A situation is one roll at a table with a point on: the shooter's Pass wager, then the
trainee's wagers (Place, Buy and Lay with the commission as the Rules Submission files
it, odds behind the line on odd amounts, the Field, Big 6 and 8, hardways, propositions)
and the roll that decides them; or a shooter's turn that makes several points and
sevens out, deciding a Fire Bet (623a.11). The dice are chosen for the drill (a roll that
decides a wager on the layout, mostly) and thrown through the round's random source, so
the round is dealt exactly as a table deals it; what each wager pays is what the round's
:class:`~croupier.games.craps.events.WagerPaid` (a win that stays up) or
:class:`~croupier.engine.WagerSettled` says.

>>> from croupier.rules.craps import CrapsRules
>>> found = play(CrapsRules(), [("place:6", 1200)], point=(2, 2), roll=(3, 3))
>>> [(p.label, p.pays, p.cite) for p in found.payouts]
[('Place 6', 1400, '623a.9; 623a.5')]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from croupier.engine import DEALER, Event, WagerSettled
from croupier.game import GameSpec
from croupier.games.craps.events import CommissionCollected, NoRoll, RollCalled, WagerPaid
from croupier.games.craps.spots import CrapsSpot
from croupier.money import Cents, format_cents
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.rules.craps import CrapsRules
from croupier.training.irregularity import Handling, Incident, Remedy, incident, play_to, read_in
from croupier.training.situation import Level, Situation
from croupier.training.table import Payout, Table, settled

NUMBERS = (4, 5, 6, 8, 9, 10)
"""The point numbers."""
KINDS = (
    "place",
    "buy",
    "lay",
    "pass_odds",
    "field",
    "big",
    "hard",
    "proposition",
)
"""The kinds of wager a roll drill deals, each as likely."""
PROPOSITIONS = ("any_seven", "any_craps", "two", "three", "eleven", "twelve", "horn", "c_and_e")


class Dice:
    """A random source that throws the faces queued (:meth:`queue`) and draws from
    ``rng`` when none is queued."""

    def __init__(self, rng: Rng | None = None) -> None:
        self.rng = rng
        self.faces: list[int] = []

    def queue(self, *faces: int) -> None:
        self.faces.extend(faces)

    def randbelow(self, n: int) -> int:
        if self.faces:
            return self.faces.pop(0) - 1
        if self.rng is None:
            raise ValueError("no dice are queued")
        return self.rng.randbelow(n)


def _roll(table: Table, dice: Dice, faces: tuple[int, int]) -> list[Event]:
    """Close the betting and throw ``faces``: the events of the throw and its call."""
    dice.queue(*faces)
    before = len(table.round.events)
    table.command(DEALER, "AnnounceNoMoreBets")
    table.spec.policy.run_dealer_steps(table.round)
    return table.round.events[before:]


def _said(call: RollCalled) -> str:
    hard = ", the hard way" if call.hard and call.total in (4, 6, 8, 10) else ""
    dice = " and ".join(map(str, call.faces))
    return f"The roll: {dice}, {call.total}{hard}."


def payouts(table: Table, events: Sequence[Event]) -> list[Payout]:
    """What a roll's ``events`` decided: each win paid with the wager left up
    (:class:`WagerPaid`, after any commission) and each wager settled; the commission of
    a Buy or Lay wager said in its note."""
    charged: dict[tuple[int, str], Cents] = {}
    for event in table.round.events:
        if isinstance(event, CommissionCollected):
            charged[(event.seat, event.spot)] = event.amount
    found: list[Payout] = []
    for event in events:
        up_front = charged.get((getattr(event, "seat", 0), getattr(event, "spot", "")))
        notes = (
            [f"its {format_cents(up_front)} commission was collected when it was made"]
            if up_front
            else []
        )
        if isinstance(event, WagerPaid):
            if event.commission:
                notes.append(f"less the {format_cents(event.commission)} commission")
            notes.append("the wager stays up")
            found.append(
                Payout(
                    event.seat,
                    event.spot,
                    table.label(event.spot),
                    event.amount,
                    "win",
                    event.won,
                    event.cite,
                    event.odds,
                    "; ".join(notes),
                )
            )
        elif isinstance(event, WagerSettled) and event.outcome.value != "void":
            note = "; ".join(notes) if event.outcome.value == "win" else ""
            found.append(settled(event, table.label(event.spot), note))
    return found


def _placed(table: Table, start: int) -> list[str]:
    from croupier.engine import WagerPlaced

    return [
        f"{table.label(e.spot)}: {format_cents(e.amount)}"
        for e in table.round.events[start:]
        if isinstance(e, WagerPlaced)
    ]


def play(
    rules: CrapsRules,
    wagers: Sequence[tuple[str, Cents]],
    *,
    point: tuple[int, int],
    roll: tuple[int, int],
    line: Cents = 1000,
    rng: Rng | None = None,
) -> Situation:
    """A roll drill, played: seat 1's Pass wager of ``line`` cents, the come-out
    ``point``'s dice, then ``wagers`` (spot, cents: moved to what the offer allows) and
    the ``roll`` that decides them."""
    dice = Dice(rng)
    table = Table.open(_spec(), rules, dice)
    table.wager(1, "pass", line)
    come_out = [e for e in _roll(table, dice, point) if isinstance(e, RollCalled)]
    if not come_out or come_out[-1].point is None:
        raise ValueError(f"the come-out {point} sets no point")
    start = len(table.round.events)
    for spot, cents in wagers:
        table.wager(1, spot, cents)
    shown = [f"Pass line: {format_cents(line)}", *_placed(table, start)]
    events = _roll(table, dice, roll)
    call = next(e for e in events if isinstance(e, RollCalled))
    return Situation(
        table.round.game,
        (f"The point is {come_out[-1].point}.", *shown, _said(call)),
        tuple(payouts(table, events)),
    )


def _spec() -> GameSpec:
    from croupier.games.craps.policy import SPEC

    return SPEC


def _wager_for(kind: str, point: int, pick: random.Random) -> str:
    """A spot of ``kind`` (see :data:`KINDS`) with the point ``point`` on."""
    others = [n for n in NUMBERS if n != point]
    if kind in ("place", "buy", "lay"):
        return f"{kind}:{pick.choice(others)}"
    if kind == "pass_odds":
        return "pass_odds"
    if kind == "big":
        return pick.choice(("big_6", "big_8"))
    if kind == "hard":
        return f"hard:{pick.choice((4, 6, 8, 10))}"
    if kind == "proposition":
        return pick.choice(PROPOSITIONS)
    return "field"


def _number_of(spot: str, point: int) -> int | None:
    """The total that decides ``spot`` for the trainee to see paid (mostly a win)."""
    typed = CrapsSpot.parse(spot)
    if typed.number is not None:
        return 7 if typed.kind == "lay" else typed.number
    return {
        "pass_odds": point,
        "field": 11,
        "big_6": 6,
        "big_8": 8,
        "any_seven": 7,
        "any_craps": 3,
        "two": 2,
        "three": 3,
        "eleven": 11,
        "twelve": 12,
        "horn": 12,
        "c_and_e": 11,
    }.get(spot)


def _faces(total: int, pick: random.Random, *, hard: bool | None = None) -> tuple[int, int]:
    pairs = [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6]
    if hard is not None:
        pairs = [p for p in pairs if (p[0] == p[1]) is hard] or pairs
    return pick.choice(pairs)


def roll_situation(rules: CrapsRules, level: Level, pick: random.Random, rng: Rng) -> Situation:
    """A roll drill at ``level``: a point, up to ``level.wagers`` wagers, and a roll that
    decides one of them mostly (else a roll thrown by ``rng``)."""
    while True:
        point = pick.choice(NUMBERS)
        kinds = pick.sample(KINDS, pick.randint(1, level.wagers))
        spots = list(dict.fromkeys(_wager_for(kind, point, pick) for kind in kinds))
        wagers = [(spot, level.amount(pick)) for spot in spots]
        target = _number_of(pick.choice(spots), point)
        if target is None or pick.random() < 0.15:
            roll = (1 + rng.randbelow(6), 1 + rng.randbelow(6))
        else:
            roll = _faces(target, pick, hard=True if pick.random() < 0.5 else None)
        found = play(rules, wagers, point=_faces(point, pick), roll=roll)
        if found.payouts:
            return found


def fire_situation(
    rules: CrapsRules, points: Sequence[int], pick: random.Random, *, amount: Cents
) -> Situation:
    """A Fire Bet of ``amount`` cents, decided: the shooter makes each of ``points`` in
    turn (a Pass wager of the table minimum each come-out), then sevens out; the Fire
    Bet's settlement (623a.11)."""
    dice = Dice()
    table = Table.open(_spec(), rules, dice)
    table.wager(1, "fire_bet", amount)
    for point in points:
        table.wager(1, "pass", rules.minimum_wager)
        _roll(table, dice, _faces(point, pick))
        _roll(table, dice, _faces(point, pick))
    table.wager(1, "pass", rules.minimum_wager)
    last = pick.choice([n for n in NUMBERS if n not in points] or list(NUMBERS))
    _roll(table, dice, _faces(last, pick))
    _roll(table, dice, _faces(7, pick))
    fire = [p for p in payouts(table, table.round.events) if p.spot == "fire_bet"]
    made = ", ".join(map(str, points)) or "none"
    scene = (
        f"Fire Bet: {format_cents(amount)}.",
        f"The shooter made the points {made}, then set {last} and rolled a seven.",
    )
    return Situation(table.round.game, scene, tuple(fire))


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A Craps situation (:mod:`croupier.training`): a Fire Bet one time in six, else a
    roll drill."""
    assert isinstance(rules, CrapsRules)
    if pick.random() < 1 / 6:
        count = pick.randint(0, 6)
        points = pick.sample(NUMBERS, count)
        minimum = rules.fire_bet_minimum
        amount = max(minimum, min(rules.fire_bet_maximum, level.amount(pick) // 5 // 100 * 100))
        return fire_situation(rules, points, pick, amount=amount)
    return roll_situation(rules, level, pick, rng)


# -- irregularities (623a.7-623a.8, inferred: the chapter's text is not at hand) -------------
IRREGULARITY_QUOTES = {
    "623a.8": (
        "(the text of 623a is not at hand; croupier's reading, docs/interpretations.md) a "
        "throw with a die off the table, a die at rest on the rail or a chip rack or on the "
        "other die, or dice that did not hit the far wall, is no roll: the dice are thrown "
        "again (a die off the table: the dice are offered again, 623a.7)"
    ),
}
"""croupier's reading of 623a.8 (its text is not at hand)."""

HANDLING = Handling(
    said={
        "die_off_table": "On the throw, a die leaves the table.",
        "die_on_rail": "On the throw, a die comes to rest on the rail.",
        "die_on_die": "On the throw, a die comes to rest leaning against the other die.",
        "short_throw": "The dice do not hit the far wall of the table.",
    },
    events={NoRoll: Remedy.NO_ROLL},
    quotes=IRREGULARITY_QUOTES,
    menu=(Remedy.NO_ROLL, Remedy.AS_THEY_LIE, Remedy.VOID, Remedy.CARRY_ON),
)
"""How the engine's handling of 623a.8 is read."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`): the shooter's
    Pass wager, the dice thrown and read in (only physical dice can leave the table), one
    of the irregularities the round offers declared."""
    for _ in range(20):
        table = Table.open(_spec(), rules, rng, physical_dice=True)
        table.wager(1, "pass", rules.minimum_wager)
        kind = play_to(table, HANDLING.said, pick, stay=1.0, stuck=read_in(rng))
        if kind is not None:
            return incident(table, kind, HANDLING, pick)
    raise RuntimeError("20 Craps rounds offered no irregularity")
