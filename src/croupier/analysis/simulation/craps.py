"""Craps (ch. 623a) by simulation: a numba kernel of whole shooters' hands.

A round here is a shooter's hand, from its come-out roll to its seven-out (the engine's
round, docs/architecture.md, Craps). The bettor's strategy: at the start of every hand he
makes one of every wager of :func:`croupier.analysis.exact.craps.par_sheet` (Pass with
the full odds of the table's limit behind its point, every Place, Buy and Lay number
working on every roll, the Field, the hardways, the propositions, the Fire Bet, Bonus
Craps, ...), each where the rules allow it first: a Come or Don't Come wager on the first
roll with a point on, odds ``odds:N`` and ``lay_odds:N`` once the hand's Pass point is N.
:func:`sample` gives, per wager and hand, the net result per unit staked of that wager's
first decision, under the par sheet's names; a wager no roll of the hand reached (odds on
a point the hand never had) is left out, so those arrays are shorter than ``rounds``.
The mean of each is therefore the par sheet's house edge per wager resolved.

Every wager the rolls alone decide is settled by a table of its net for each throw
(total and whether a pair), built from the engine's own rule
(:func:`croupier.games.craps.wagers.decide`) and the par sheet's commission
(:func:`croupier.analysis.exact.craps.wager_figures`); the line wagers follow the point,
the Fire Bet counts the shooter's distinct points made (paid at once on the sixth), and
Bonus Craps the numbers rolled before a 7.

**The dice.** ``numpy.random.default_rng(seed).integers(0, 6, dtype=uint8)``, exactly as
the engine's fair dice (:func:`croupier.rng.roll_dice`), two a roll, drawn in blocks: a
hand that runs past the end of a block is played again from its first roll once the next
block is appended, so the hands depend on the seed alone. Payout rounding and the payout
limit are not applied, as in the par sheet.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.exact.craps import odds_name
from croupier.analysis.exact.craps import spots as rolled_spots
from croupier.analysis.simulation.base import WagerInfo
from croupier.games.craps.wagers import (
    BONUS_SETS,
    Result,
    commission_base,
    decide,
    kind_of,
    spot_words,
)
from croupier.rules.craps import POINTS, Commission, CrapsRules, LayLimit, WagerKind, true_odds

CHUNK_ROUNDS: Final = 1 << 16
"""Hands per chunk: about 1.1 M dice; :func:`sample`'s arrays are 8 bytes a wager and
hand (62 wagers: 32 MB a chunk)."""
DRAWS_PER_ROUND: Final = "2 dice a roll, 1671/196 (8.5) rolls a hand"
ROLLS_PER_HAND: Final = Fraction(1671, 196)
MAX_ROLLS: Final = 4096
"""The longest hand the kernel plays; a longer one is refused (one of 4,096 rolls has
probability below 1e-220)."""

LINE, COME, STANDING, FIRE, BONUS = 0, 1, 2, 3, 4
"""The kernel's families of wagers."""

POINT_TOTALS: Final = (4, 5, 6, 8, 9, 10)
_NEXT_POINT: Final = np.array(
    [
        [(t if t in POINT_TOTALS else 0) if p == 0 else (0 if t == p else p) for t in range(13)]
        for p in range(13)
    ],
    dtype=np.int64,
)
"""The point after a roll: ``_NEXT_POINT[point, total]`` (0: off; a seven-out ends the
hand before it is read)."""

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Dice = npt.NDArray[np.uint8]
Steps = npt.NDArray[np.uint64]
Nexts = npt.NDArray[np.uint16]


class Plan:
    """The wagers in par-sheet order and what the kernel needs of each: its family, where
    it starts (0: the hand's first roll; N: the first roll with the Pass point N), a net
    table by throw (``[pair, total]``, NaN: no decision), and for the line wagers the odds
    units and their pay by point."""

    def __init__(self, rules: CrapsRules) -> None:
        self.names: list[str] = []
        family: list[int] = []
        start: list[int] = []
        tables: list[Floats] = []
        dont: list[int] = []
        units: list[Floats] = []
        pays: list[Floats] = []
        masks: list[int] = []
        for spot in rolled_spots(rules):
            if kind_of(spot) in ("pass", "dont_pass", "come", "dont_come"):
                self._line(spot, rules, family, dont, units, pays)
                start.append(0)
                tables.append(np.full((2, 13), np.nan))
            else:
                family.append(STANDING)
                start.append(0)
                tables.append(_table(spot, rules))
                dont.append(0)
                units.append(np.zeros(13))
                pays.append(np.zeros(13))
            masks.append(0)
            self.names.append(spot)
        if rules.offers(WagerKind.ODDS):
            for laid in (False, True):
                for point in POINTS:
                    name = odds_name(point, laid)
                    table = np.full((2, 13), np.nan)
                    odds = float(1 / true_odds(point) if laid else true_odds(point))
                    table[:, point] = -1.0 if laid else odds
                    table[:, 7] = odds if laid else -1.0
                    self.names.append(name)
                    family.append(STANDING)
                    start.append(point)
                    tables.append(table)
                    dont.append(0)
                    units.append(np.zeros(13))
                    pays.append(np.zeros(13))
                    masks.append(0)
            for is_dont, offered in ((0, WagerKind.PASS), (1, WagerKind.DONT_PASS)):
                if not rules.offers(offered):
                    continue
                self.names.append("dont_pass_with_odds" if is_dont else "pass_with_odds")
                family.append(LINE)
                start.append(0)
                tables.append(np.full((2, 13), np.nan))
                dont.append(is_dont)
                line_units = np.zeros(13)
                line_pays = np.zeros(13)
                for point in POINTS:
                    multiple = rules.limit.multiple(point)
                    if is_dont:
                        lays = (
                            multiple * true_odds(point)
                            if rules.lay_limit is LayLimit.WIN
                            else Fraction(multiple)
                        )
                        line_units[point] = float(lays)
                        line_pays[point] = float(1 / true_odds(point))
                    else:
                        line_units[point] = multiple
                        line_pays[point] = float(true_odds(point))
                units.append(line_units)
                pays.append(line_pays)
                masks.append(0)
        if rules.offers(WagerKind.FIRE_BET):
            self.names.append("fire_bet")
            family.append(FIRE)
            start.append(0)
            fire = np.full((2, 13), -1.0)
            for count in range(7):
                reached = [o for tier, o in rules.fire_tiers.items() if count >= tier]
                fire[0, count] = float(max(reached)) if reached else -1.0
            tables.append(fire)
            dont.append(0)
            units.append(np.zeros(13))
            pays.append(np.zeros(13))
            masks.append(0)
        if rules.offers(WagerKind.BONUS_CRAPS):
            for spot, numbers in BONUS_SETS.items():
                self.names.append(spot)
                family.append(BONUS)
                start.append(0)
                table = np.full((2, 13), np.nan)
                table[0, 0] = float(rules.odds_of(spot))
                tables.append(table)
                dont.append(0)
                units.append(np.zeros(13))
                pays.append(np.zeros(13))
                masks.append(sum(1 << n for n in numbers))
        self.family = np.array(family, dtype=np.int64)
        self.start = np.array(start, dtype=np.int64)
        self.tables = np.array(tables, dtype=np.float64).reshape(len(tables), 26)
        """Each wager's net by throw, ``pair * 13 + total``."""
        self.dont = np.array(dont, dtype=np.int64)
        self.units = np.array(units, dtype=np.float64)
        self.pays = np.array(pays, dtype=np.float64)
        self.masks = np.array(masks, dtype=np.int64)
        self.bar = rules.dont_bar
        self.decisive = np.array(
            [sum(1 << c for c in range(26) if not math.isnan(row[c])) for row in self.tables],
            dtype=np.int64,
        )
        """Each wager's throws with a net, as bits ``1 << (pair * 13 + total)``."""
        values = self.tables.copy()
        for w, how in enumerate(family):
            if how in (LINE, COME):
                values[w] = _line_values(dont[w], self.units[w], self.pays[w])
            elif how == BONUS:
                values[w, 1] = -1.0
        self.values = values
        self.nets = _distinct_nets(values)
        """Each wager's net by the kernel's code of its decision: the throw (``pair * 13 +
        total``), the Fire Bet's points made, Bonus Craps 0 won 1 lost, a line wager's
        :func:`_line_code`; :attr:`nets`, the same by distinct net (:func:`_distinct_nets`)."""
        kinds = np.stack([self.family, self.start, self.decisive, self.masks], axis=1)
        deciders, group = np.unique(kinds, axis=0, return_inverse=True)
        self.deciders: Ints = np.ascontiguousarray(deciders.T)
        """The distinct ways of deciding a wager, as rows family, start, decisive, masks:
        the wagers that share one (a Place, Buy and Lay Bet and a Hardway on one number;
        Pass and Don't Pass) share its code, found once a hand."""
        self.group: Ints = group.reshape(-1).astype(np.int64)
        """Each wager's column of :attr:`deciders`."""
        hows = [_how(*column[:3]) for column in self.deciders.T.tolist()]
        self.how, self.number = np.array(hows, dtype=np.int64).T.copy()
        self.machine = _come_tables(self.bar)
        self.steps = _step_table(self.machine)
        self.nexts = _next_states(self.steps)
        self.arguments = _args(self)
        """What :func:`_hands` takes of the plan, in its order."""

    def _line(
        self,
        spot: str,
        rules: CrapsRules,
        family: list[int],
        dont: list[int],
        units: list[Floats],
        pays: list[Floats],
    ) -> None:
        kind = kind_of(spot)
        family.append(COME if kind in ("come", "dont_come") else LINE)
        dont.append(1 if kind.startswith("dont") else 0)
        units.append(np.zeros(13))
        pays.append(np.zeros(13))


def _distinct_nets(values: Floats) -> tuple[list[list[float]], Ints, list[int]]:
    """Each wager's distinct nets (a row of ``values``: its net by code; NaN, a code with
    none, one of them), each code's net as an index among all wagers' distinct nets, one
    after another, and where each wager's start (and, last, where they end): a chunk's
    counts by code are summed by net in one ``bincount`` (:func:`sample_counts`)."""
    nets: list[list[float]] = []
    index = np.empty(values.shape, dtype=np.int64)
    starts = [0]
    for w, row in enumerate(values):
        distinct, inverse = np.unique(row, return_inverse=True)
        index[w] = starts[-1] + inverse.reshape(-1)
        nets.append(distinct.tolist())
        starts.append(starts[-1] + distinct.size)
    return nets, index, starts


def _table(spot: str, rules: CrapsRules) -> Floats:
    """The net per unit of a first decision of ``spot`` on each throw (NaN: none), by the
    engine's rule, less the commission on a Buy or Lay as the par sheet charges it."""
    charge = float(commission_base(spot, 1, rules))
    when = {"buy": rules.buy_commission, "lay": rules.lay_commission}.get(kind_of(spot))
    up_front = when is Commission.UP_FRONT
    table = np.full((2, 13), np.nan)
    for pair in (0, 1):
        for total in range(2, 13):
            decision = decide(spot, total, bool(pair), None, rules)
            if decision.result in (Result.NONE, Result.MOVE):
                continue
            net = float(decision.net)
            if charge and (up_front or decision.result is Result.WIN):
                net -= charge
            table[pair, total] = net
    return table


def _line_values(dont: int, units: Floats, pays: Floats) -> Floats:
    """The net of a Pass (``dont`` 0) or Don't Pass wager by :func:`_line_code`, with
    ``units`` of odds behind its point paid at ``pays``."""
    row = np.full(26, np.nan)
    row[0] = -1.0 if dont else 1.0
    row[1] = 1.0 if dont else -1.0
    row[2] = 0.0 if dont else -1.0
    for p in POINT_TOTALS:
        won = 1.0 + units[p] * pays[p]
        lost = -1.0 - units[p]
        row[p] = lost if dont else won
        row[13 + p] = won if dont else lost
    return row


FIRST, NUMBER, ODDS, SCAN = 5, 6, 7, 8
"""How the kernel finds a standing decider's code: the hand's first throw (it decides on
every throw), the first roll of its number or a 7 (from the first roll: a Place Bet; from
the first roll with the Pass point its number: the odds), or a walk over the rolls."""

_THROWS: Final = sum(1 << t for t in range(2, 13)) | sum(1 << (13 + t) for t in range(2, 13, 2))
"""The throws two dice can roll, as bits (a pair's total is even)."""


def _how(family: int, start: int, decisive: int) -> tuple[int, int]:
    """How the kernel finds a decider's code, and its number (``NUMBER``, ``ODDS``)."""
    if family != STANDING:
        return family, 0
    mask = decisive & _THROWS
    numbers = [p for p in POINT_TOTALS if mask == ((1 << p) | (1 << (13 + p)) | 128) & _THROWS]
    if start == 0 and mask == _THROWS:
        return FIRST, 0
    if numbers and numbers[0] == (start or numbers[0]):
        return (ODDS if start else NUMBER), numbers[0]
    if start:
        raise ValueError(f"a wager from the point {start} that its number or 7 do not decide")
    return SCAN, 0


def _come_tables(bar: int) -> Ints:
    """A Pass or Come wager's machine, one roll at a time: ``[0, state, total]`` the next
    state and ``[1, state, total]`` its code (-1: none yet). States: 0 not made (no point
    on), 1 its come-out roll, 4 to 10 its point, 13 decided. Codes: 0 a natural, 1 craps
    other than ``bar``, 2 the ``bar`` total, the point ``p`` made, ``13 + p`` a seven
    before it (:func:`_line_values`)."""
    table = np.full((2, 14, 13), -1, dtype=np.int64)
    table[0] = 13
    table[0, 0] = 0
    for t in range(2, 13):
        if t in POINT_TOTALS:
            table[0, 1, t] = t
        else:
            table[1, 1, t] = 0 if t in (7, 11) else 1 + int(t == bar)
    for p in POINT_TOTALS:
        table[0, p] = p
        table[0, p, p] = table[0, p, 7] = 13
        table[1, p, p], table[1, p, 7] = p, 13 + p
    return table


_PACKED_TOTALS: Final = (4, 6, 8, 10, 2, 3, 5, 9, 11, 12)
"""The totals but 7 in the order of a record's bits (:func:`_roll`): those a pair makes
a point of first, so that a hand's first pairs on a point are its low four bits."""
_PACKED_POINTS: Final = (4, 6, 8, 10, 5, 9)
"""The points in the order of a record's bits from 16 (the points made)."""
_MADE_BIT: Final = np.array(
    [16 + _PACKED_POINTS.index(t) if t in _PACKED_POINTS else 30 for t in range(13)],
    dtype=np.int64,
)
"""The bit of a record's totals that says the total was made as a point (30: none is)."""
_WAITS: Final = (0, *POINT_TOTALS, 13)
"""The Come wager's states between rolls (:func:`_come_tables`: not made, its point,
decided)."""
_POINT_OF_STATE: Final = np.array(
    [p for p in (0, *POINT_TOTALS) for _ in range(2 * len(_WAITS))], dtype=np.int64
)
"""The point of each state of :func:`_step_table`."""


def _step_table(machine: Ints) -> Steps:
    """One roll of a hand as one look-up: ``table[(state << 4) + total - 2]``, for a
    state ``2 * (8 * the point's index (0: off, 1-6: POINT_TOTALS) + the Come wager's index
    in _WAITS) + whether a 7 was rolled`` and a total, as bits: the next state shifted by
    4 (0 after a seven-out) and from bit 32 the bits a hand's record gains
    (:func:`_roll`): a total but 7 before the first 7 as its bit of
    :data:`_PACKED_TOTALS`, a point made as 16 + its bit of :data:`_PACKED_POINTS`, the
    Come wager's code + 1 (0: none yet, or decided before) from bit 22, and the seven-out
    as bit 31 (bit 63 of the entry, read as its sign)."""
    table = np.zeros(len(_WAITS) * 7 * 2 * 16, dtype=np.uint64)
    points = (0, *POINT_TOTALS)
    for index, point in enumerate(points):
        for w, wait in enumerate(_WAITS):
            on = int(point != 0)
            come = wait + on * int(wait == 0)
            for sevened in (0, 1):
                for total in range(2, 13):
                    ended = on and total == 7
                    nxt = 0
                    if not ended:
                        nxt = len(_WAITS) * points.index(int(_NEXT_POINT[point, total]))
                        nxt += _WAITS.index(int(machine[0, come, total]))
                        nxt = 2 * nxt + (sevened | int(total == 7))
                    gained = 0
                    if not sevened and total != 7:
                        gained |= 1 << _PACKED_TOTALS.index(total)
                    if on and total == point:
                        gained |= 1 << (16 + _PACKED_POINTS.index(total))
                    gained |= (int(machine[1, come, total]) + 1) << 22 | int(ended) << 31
                    state = 2 * (index * len(_WAITS) + w) + sevened
                    entry = nxt << 4 | gained << 32
                    table[(state << 4) + total - 2] = entry
    return table


_PAIRS: Final = 0x800
"""Where the next states of two rolls start in :func:`_next_states`' table."""


def _next_states(steps: Steps) -> Nexts:
    """The next state of each entry of ``steps`` (:func:`_step_table`: its bits 4 to 10,
    the state shifted by 4), alone; then, from :data:`_PAIRS`, the state after two rolls
    of totals ``t1`` and ``t2`` (the dice's faces summed, 0 to 10) from state ``c``
    (unshifted), at ``(c << 7) + 11 * t1 + t2``, as the state shifted by 7 (a seven-out
    on the first roll starts the next hand, as one roll at a time)."""
    single = (steps & _STATES).astype(np.int64)
    states = single.size >> 4
    nexts: Nexts = np.zeros(_PAIRS + (states << 7), dtype=np.uint16)
    nexts[: single.size] = single
    totals = np.arange(11)
    for c in range(states):
        after = single[(c << 4) + totals]  # after the first roll, by its total
        both = single[after[:, None] + totals[None, :]] >> 4  # [t1, t2]
        nexts[_PAIRS + (c << 7) : _PAIRS + (c << 7) + 121] = (both << 7).reshape(-1)
    return nexts


BATCH: Final = 1024
"""Hands rolled before their codes are found (:func:`_roll`'s records stay in cache;
one more record's room, for the roll after the last hand of a pair of rolls)."""
ROLLED, HARD, STATE, END = range(4)
"""The columns of a hand's record (:func:`_roll`)."""
_U: Final = np.uint64
_0, _1, _2, _3, _4, _11, _32, _63 = (_U(n) for n in (0, 1, 2, 3, 4, 11, 32, 63))
_STATES: Final = _U(0x7F0)
"""The loop's constants as unsigned integers: an unsigned index needs no check for a
negative one, and numba makes a mix of signed and unsigned a float."""


@numba.njit(cache=True, inline="always")
def _record(
    records: Ints, step: Any, state: Any, at: Any, pair: Any, fields: tuple[Any, Any, Any]
) -> tuple[Any, Any, Any]:
    """A roll's entry of ``steps`` (:func:`_step_table`) added to the hand's record
    (:func:`_roll`): the state before it, the position after it, whether it was a pair
    (0 or 1); ``fields``: the hand's index and its totals and pairs rolled, after it."""
    h, rolled, hard = fields
    gained = step >> _32
    hard |= gained & ~rolled & (_0 - pair)
    rolled |= gained
    row = h << _2
    records[row] = rolled
    records[row + _1] = hard
    records[row + _2] = state
    records[row + _3] = at
    ended = step >> _63
    keep = ended - _1
    return h + ended, rolled & keep, hard & keep


@numba.njit(cache=True, inline="always")
def _roll_two(
    dice: Dice, steps: Steps, nexts: Nexts, records: Ints, at: Any, pairs: Any, fields: Any
) -> tuple[Any, Any, Any]:
    """Two rolls of :func:`_roll` from ``dice[at]``, the state ``pairs`` (shifted by 7):
    ``at``, the state and the ``fields`` of :func:`_record` after them. The state after
    both is one look-up of the two totals (:func:`_next_states`), the loop's one chain of
    dependent operations; the state between them is read beside it."""
    a1, b1 = _U(dice[at]), _U(dice[at + _1])
    a2, b2 = _U(dice[at + _2]), _U(dice[at + _3])
    state = pairs >> _3
    first = state + (a1 + b1)
    between = _U(nexts[first])
    pairs = _U(nexts[_U(_PAIRS) + pairs + (a1 + b1) * _11 + (a2 + b2)])
    fields = _record(records, steps[first], state, at + _2, _U(a1 == b1), fields)
    fields = _record(records, steps[between + (a2 + b2)], between, at + _4, _U(a2 == b2), fields)
    return at + _4, pairs, fields


@numba.njit(cache=True)
def _roll(dice: Dice, position: int, limit: int, steps: Steps, nexts: Nexts, records: Ints) -> int:
    """Roll hands from ``dice[position]`` until ``limit`` have ended in a seven-out or the
    dice run out; returns the hands that ended. Hand ``h``'s record, ``records[4 * h +
    c]`` for each column ``c`` (:data:`ROLLED` and its fellows): the totals rolled before
    its first 7 as bits (:data:`_PACKED_TOTALS`; bits 16 on: the points made,
    :data:`_PACKED_POINTS`; bits 22 on: its Come wager's code + 1, 0: none; bit 31: it
    ended), those of them first rolled as a pair (bits 16 to 19: first made with a pair;
    higher bits not used), its last state of ``steps`` (:func:`_step_table`) shifted by
    4 and the position after its seven-out. ``records`` has room for ``limit + 1``
    hands.

    No branch depends on the dice: the point, the Come wager and the bits a roll adds
    come from one look-up a roll, and every roll writes the hand's record, whose index
    moves on at a seven-out, where the fields start again (a branch on the seven-out
    mispredicted once a hand). The state two rolls on comes from one look-up of
    ``nexts`` (:func:`_next_states`, :func:`_roll_two`), so that the loop's chain of
    dependent operations is a load and an add for two rolls (with the state masked out of
    each roll's step, 3.1-3.3 ns a roll; a look-up of ``nexts`` a roll, 2.0-2.1 ns alone).
    Two rolls a pass of the loop: a hand has two rolls at least, so one hand at most ends
    in a pass, and a roll after the last hand writes the
    spare record."""
    stop = _U(limit)
    at = _U(position)
    end = _U(max(dice.shape[0] - 1, 0))  # a roll needs two dice
    pairs_end = _U(max(dice.shape[0] - 3, 0))  # two rolls, four
    pairs = _U(0)
    fields = (_U(0), _U(0), _U(0))
    while fields[0] < stop and at < pairs_end:
        at, pairs, fields = _roll_two(dice, steps, nexts, records, at, pairs, fields)
    if fields[0] < stop and at < end:
        a, b, state = _U(dice[at]), _U(dice[at + _1]), pairs >> _3
        fields = _record(records, steps[state + a + b], state, at + _2, _U(a == b), fields)
    return int(min(fields[0], stop))


@numba.njit(cache=True, inline="always")
def _bit_codes(codes: Ints, numbers: Ints, odds: Ints, bits: Ints) -> None:
    """The codes of the ``NUMBER`` deciders (``numbers``: rows decider, number) and the
    ``ODDS`` deciders (``odds``) from a hand's ``bits`` (the totals rolled before the
    first 7, those first rolled as a pair, the points made, those first made with a pair,
    the last point)."""
    rolled, hard, made, made_hard, point = bits[0], bits[1], bits[2], bits[3], bits[4]
    for j in range(numbers.shape[1]):  # its number before the first 7, else the 7
        p = numbers[1, j]
        codes[numbers[0, j]] = 7 + ((rolled >> p) & 1) * (p - 7 + 13 * ((hard >> p) & 1))
    for j in range(odds.shape[1]):  # its point's first run ends in its number or a 7
        p = odds[1, j]
        won = (made >> p) & 1
        lost = (1 - won) * (8 * int(point == p) - 1)
        codes[odds[0, j]] = won * (p + 13 * ((made_hard >> p) & 1)) + lost


@numba.njit(cache=True, inline="always")
def _unpacked(rolled: int, hard: int) -> tuple[int, int, int, int]:
    """A record's bits (:func:`_roll`, :data:`_PACKED_TOTALS`) as bits by total: the
    totals rolled before the first 7, those first rolled as a pair, the points made and
    those first made with a pair."""
    by_total = pairs = made = made_pairs = 0
    for i in range(len(_PACKED_TOTALS)):
        total = _PACKED_TOTALS[i]
        by_total |= ((rolled >> i) & 1) << total
        pairs |= ((hard >> i) & 1) << total
    for i in range(len(_PACKED_POINTS)):
        point = _PACKED_POINTS[i]
        made |= ((rolled >> (16 + i)) & 1) << point
        made_pairs |= ((hard >> (16 + i)) & 1) << point
    return by_total, pairs, made, made_pairs


@numba.njit(cache=True, inline="always")
def _scan(dice: Dice, start: int, end: int, decisive: int) -> int:
    """The first throw of ``dice[start:end]`` among the bits ``decisive``, else -1."""
    for i in range(start, end, 2):
        throw = int(dice[i]) + int(dice[i + 1]) + 2 + 13 * int(dice[i] == dice[i + 1])
        if decisive & (1 << throw):
            return throw
    return -1


@numba.njit(cache=True)
def _count_keys(
    counts: Ints,
    by_rolled: Ints,
    by_made: Ints,
    by_first: Ints,
    numbers: Ints,
    odds: Ints,
    others: tuple[Ints, Ints, Ints, Ints],
    masks: Ints,
    machine: Ints,
) -> None:
    """Add to ``counts`` the codes of the hands counted by key (:func:`_hands`), then
    clear the keys: ``by_rolled`` by the totals rolled before the first 7 (bits 0 to 9,
    :data:`_PACKED_TOTALS`) and those of 4, 6, 8 and 10 first rolled as a pair (bits 10
    on), for the ``NUMBER`` and Bonus Craps deciders; ``by_made`` by the points made (bits
    0 to 5, :data:`_PACKED_POINTS`), those first made with a pair (bits 6 on) and the last
    point's index (bits 10 on), for the ``ODDS``
    deciders and the Fire Bet; ``by_first`` by the first throw (bits 6 on), whether the
    hand made its first total as a point (bit 5) and the Come wager's code + 1, for the
    line, the Come wager and the ``FIRST`` deciders."""
    bits = np.zeros(5, dtype=np.int64)
    codes = np.zeros(counts.shape[0] + 1, dtype=np.int64)
    none = counts.shape[1] - 1
    played = counts.shape[0]
    singles, firsts, bonuses, _ = others
    for key in range(by_rolled.shape[0]):
        hands = by_rolled[key]
        if hands:
            by_rolled[key] = 0
            rolled, hard, _, _ = _unpacked(key & 1023, key >> 10)
            bits[0], bits[1], bits[2], bits[3], bits[4] = rolled, hard, 0, 0, 0
            _bit_codes(codes, numbers, odds, bits)
            for j in range(numbers.shape[1]):
                code = codes[numbers[0, j]]
                counts[numbers[0, j], code + (none + 1) * int(code < 0)] += hands
            for j in range(bonuses.shape[0]):
                w = bonuses[j]
                counts[w, int(rolled & masks[w] != masks[w])] += hands
    for key in range(by_made.shape[0]):
        hands = by_made[key]
        if hands:
            by_made[key] = 0
            _, _, made, made_hard = _unpacked((key & 63) << 16, ((key >> 6) & 15) << 16)
            bits[0], bits[1], bits[2] = 0, 0, made
            bits[3], bits[4] = made_hard, POINT_TOTALS[key >> 10]
            _bit_codes(codes, numbers, odds, bits)
            for j in range(odds.shape[1]):
                code = codes[odds[0, j]]
                counts[odds[0, j], code + (none + 1) * int(code < 0)] += hands
            if singles[2] < played:  # the Fire Bet: the points made
                count = 0
                for p in POINT_TOTALS:
                    count += (made >> p) & 1
                counts[singles[2], count] += hands
    for key in range(by_first.shape[0]):
        hands = by_first[key]
        if hands:
            by_first[key] = 0
            first, come = key >> 6, (key & 31) - 1
            total = first - 13 * int(first >= 13)
            line = machine[1, 1, total]
            if line < 0:
                line = total + 13 * (1 - ((key >> 5) & 1))
            if singles[0] < played:
                counts[singles[0], line] += hands
            if singles[1] < played:
                counts[singles[1], come + (none + 1) * int(come < 0)] += hands
            for j in range(firsts.shape[0]):
                counts[firsts[j], first] += hands


@numba.njit(cache=True)
def _hands(
    dice: Dice,
    rounds: int,
    out: Floats,
    counts: Ints,
    done: int,
    values: Floats,
    group: Ints,
    how: Ints,
    numbers: Ints,
    odds: Ints,
    others: tuple[Ints, Ints, Ints, Ints],
    decisive: Ints,
    masks: Ints,
    machine: Ints,
    steps: Steps,
    nexts: Nexts,
) -> tuple[int, int]:
    """Play hands from the start of ``dice`` until ``rounds`` are done in all or the dice
    run out mid-hand; returns (hands done in all, dice used by the complete hands). Each
    hand's nets (``values`` at its codes, wager ``w``'s that of decider ``group[w]``) go
    to column ``done`` of ``out`` where it has ``rounds`` columns; else its codes are
    counted: ``counts[d, k]`` hands in which decider ``d`` gave code ``k`` (its last
    column: no code), each hand counted by three keys (:func:`_count_keys`) but for a
    ``SCAN`` decider's code. The hands are rolled a batch at a time (:func:`_roll`), then
    each one's deciders are coded from its record: the line from its first throw and
    points made, a ``SCAN`` decider by a walk over its dice. Raises ValueError for a hand
    longer than :data:`MAX_ROLLS` rolls."""
    wagers = group.shape[0]
    codes = np.empty(how.shape[0] + 1, dtype=np.int64)  # the last: a kind not played
    bits = np.zeros(5, dtype=np.int64)
    by_rolled = np.zeros(1 << 14, dtype=np.int64)
    by_made = np.zeros(6 << 10, dtype=np.int64)
    by_first = np.zeros(26 << 6, dtype=np.int64)
    records = np.empty((BATCH + 1) << 2, dtype=np.int64)
    record = out.shape[1] == rounds
    none = counts.shape[1] - 1
    singles, firsts, bonuses, scans = others
    used = 0
    while done < rounds:
        limit = min(BATCH, rounds - done)
        rolled_hands = _roll(dice, used, limit, steps, nexts, records)
        for h in range(rolled_hands):
            row = h << 2
            end = records[row + END]
            if end - used > 2 * MAX_ROLLS:
                raise ValueError("a hand longer than MAX_ROLLS rolls")
            rolled, hard = records[row + ROLLED], records[row + HARD]
            come = (rolled >> 22) & 63
            total = int(dice[used]) + int(dice[used + 1]) + 2
            first = total + 13 * int(dice[used] == dice[used + 1])
            if not record:
                point = (records[row + STATE] >> 8) - 1  # its index in POINT_TOTALS
                by_rolled[(rolled & 1023) | ((hard & 15) << 10)] += 1
                by_made[((rolled >> 16) & 63) | (((hard >> 16) & 15) << 6) | (point << 10)] += 1
                made_first = (rolled >> _MADE_BIT[total]) & 1
                by_first[(first << 6) | (made_first << 5) | come] += 1
                for j in range(scans.shape[0]):
                    w = scans[j]
                    code = _scan(dice, used, end, decisive[w])
                    counts[w, code + (none + 1) * int(code < 0)] += 1
                used = end
                done += 1
                continue
            rolled, hard, made, made_hard = _unpacked(rolled, hard)
            line = machine[1, 1, total]
            if line < 0:
                line = total + 13 * (1 - ((made >> total) & 1))
            bits[0], bits[1], bits[2] = rolled, hard, made
            bits[3], bits[4] = made_hard, _POINT_OF_STATE[records[row + STATE] >> 4]
            count = 0
            for p in POINT_TOTALS:
                count += (made >> p) & 1
            codes[singles[0]], codes[singles[1]], codes[singles[2]] = line, come - 1, count
            # By index: a loop over an array itself costs an iterator (0.5 ms a chunk).
            for j in range(firsts.shape[0]):
                codes[firsts[j]] = first
            for j in range(bonuses.shape[0]):
                w = bonuses[j]
                codes[w] = int(rolled & masks[w] != masks[w])
            for j in range(scans.shape[0]):
                w = scans[j]
                codes[w] = _scan(dice, used, end, decisive[w])
            _bit_codes(codes, numbers, odds, bits)
            for w in range(wagers):
                code = codes[group[w]]
                out[w, done] = values[w, code] if code >= 0 else math.nan
            used = end
            done += 1
        if rolled_hands < limit:  # the dice ran out mid-hand
            if (dice.shape[0] - used) // 2 >= MAX_ROLLS:
                raise ValueError("a hand longer than MAX_ROLLS rolls")
            break
    if not record:
        _count_keys(counts, by_rolled, by_made, by_first, numbers, odds, others, masks, machine)
    return done, used


BLOCK_ROLLS: Final = 8.75
"""Rolls drawn a hand in a block (:func:`_block`), over the 1671/196 (8.53) a hand needs:
a chunk's hands run past their block about once in 10^17 chunks (8.5 standard deviations
of 6.78 rolls a hand at 65,536 hands), a run of 4,096 hands once in 60."""


def _block(rng: np.random.Generator, hands: int) -> Dice:
    size = max(8 * MAX_ROLLS, int(hands * 2 * BLOCK_ROLLS))
    dice: Dice = rng.integers(0, 6, size=size, dtype=np.uint8)
    return dice


def _at(how: Ints, kind: int) -> int:
    """The decider of ``kind`` (one at most), else ``len(how)``, a code not counted."""
    found = np.flatnonzero(how == kind)
    return int(found[0]) if found.size else len(how)


def _args(plan: Plan) -> tuple[Any, ...]:
    _, _, decisive, masks = plan.deciders
    how, number = plan.how, plan.number
    numbers, odds = (np.stack([np.flatnonzero(how == k), number[how == k]]) for k in (NUMBER, ODDS))
    singles = np.array([_at(how, k) for k in (LINE, COME, FIRE)], dtype=np.int64)
    others = (singles, *(np.flatnonzero(how == k) for k in (FIRST, BONUS, SCAN)))
    kinds = (how, numbers, odds, others)
    return (plan.values, plan.group, *kinds, decisive, masks, plan.machine, plan.steps, plan.nexts)


_NO_COUNTS: Final = np.zeros((0, 0), dtype=np.int64)


def play(plan: Plan, dice: Dice, rounds: int) -> tuple[Floats, int]:
    """The nets of ``rounds`` hands played from ``dice`` (faces 0 to 5), and the dice
    they used; fewer hands where the dice run out."""
    out = np.full((len(plan.names), rounds), np.nan)
    done, used = _hands(dice, rounds, out, _NO_COUNTS, 0, *plan.arguments)
    return out[:, :done], used


_PLANS: dict[str, Plan] = {}


def plan_for(rules: CrapsRules) -> Plan:
    key = rules.sha256()
    if key not in _PLANS:
        _PLANS[key] = Plan(rules)
    return _PLANS[key]


def _play_seeded(plan: Plan, rounds: int, seed: int, out: Floats, counts: Ints) -> None:
    rng = np.random.default_rng(seed)
    done = 0
    dice = _block(rng, rounds)
    while True:
        done, used = _hands(dice, rounds, out, counts, done, *plan.arguments)
        if done == rounds:
            return
        dice = np.concatenate([dice[used:], _block(rng, rounds - done)])


def sample(rules: CrapsRules, rounds: int, seed: int) -> dict[str, Floats]:
    """Wager name -> net per unit staked of its first decision in each of ``rounds``
    hands (float64), in par-sheet order (see the module docstring)."""
    plan = plan_for(rules)
    out = np.full((len(plan.names), rounds), np.nan)
    _play_seeded(plan, rounds, seed, out, _NO_COUNTS)
    return {name: row[~np.isnan(row)] for name, row in zip(plan.names, out, strict=True)}


def sample_counts(rules: CrapsRules, rounds: int, seed: int) -> dict[str, dict[float, int]]:
    """The hands of :func:`sample` (same seed, same dice) counted in the kernel: wager
    name -> {distinct net: hands}, without the arrays (the framework's fast path)."""
    plan = plan_for(rules)
    counts = np.zeros((plan.deciders.shape[1], plan.values.shape[1] + 1), dtype=np.int64)
    _play_seeded(plan, rounds, seed, np.zeros((0, 0)), counts)
    nets, index, starts = plan.nets
    by_code = counts[plan.group, :-1]
    by_net = np.bincount(index.ravel(), weights=by_code.ravel(), minlength=starts[-1]).tolist()
    found: dict[str, dict[float, int]] = {}
    for name, distinct, start, end in zip(plan.names, nets, starts, starts[1:], strict=False):
        found[name] = {net: int(n) for net, n in zip(distinct, by_net[start:end], strict=True) if n}
    return found


def draws(rules: CrapsRules, rounds: int, seed: int) -> None:
    """Draw, and discard, the dice of ``rounds`` hands as :func:`sample` draws its first
    block (the hands' expected 1671/196 rolls need fewer: the generator's ceiling)."""
    _block(np.random.default_rng(seed), int(rounds * float(ROLLS_PER_HAND) / BLOCK_ROLLS))


def describe(rules: CrapsRules) -> dict[str, WagerInfo]:
    """Each wager's description and the strategy the bettor plays."""
    plan = plan_for(rules)
    found: dict[str, WagerInfo] = {}
    for name in plan.names:
        if name.endswith("_with_odds"):
            line = spot_words(name.removesuffix("_with_odds"))
            what = f"{line} with full odds at {rules.odds_limit}"
            found[name] = WagerInfo(what, strategy=f"full odds at {rules.odds_limit}")
        elif name.startswith(("odds:", "lay_odds:")):
            found[name] = WagerInfo(f"odds {name}, the first time the hand's point is its number")
        else:
            found[name] = WagerInfo(f"{spot_words(name)}: its first decision in the hand")
    return found


__all__ = [
    "CHUNK_ROUNDS",
    "DRAWS_PER_ROUND",
    "Plan",
    "describe",
    "draws",
    "plan_for",
    "play",
    "sample",
    "sample_counts",
]
