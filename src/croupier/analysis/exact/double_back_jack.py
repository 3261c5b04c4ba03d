"""Exact figures for Double Back Jack (58 Pa. Code ch. 673a) from a finite shoe: the
dealer's results, the player's strategy, the game's expected return and its par sheet.

Only card values matter (673a.3(d)), so a shoe is a :data:`Shoe`: ten counts, index 0
for aces, 1 to 8 for the values 2 to 9, and 9 for the ten-value cards (tens, jacks,
queens and kings). Card values are 1 (ace) to 10 (ten-value card) throughout.

Exact :class:`~fractions.Fraction` figures (cheap):

- :func:`dealer_outcomes` is the probability of each final dealer result given the
  up card and the cards known to be out of the shoe, the dealer drawing to 16 and
  standing on all 17s (673a.7(o)): ``"blackjack"`` (673a.1), 17 to 21, ``22`` (which
  returns every remaining wager, 673a.7(q)(1)) and ``"bust"`` (23 or more). With
  ``no_blackjack`` the hole card is known, from the card reader, not to give a
  Blackjack (673a.7(h)).
- :func:`insurance_return` is the Insurance Wager's expected result per unit: it wins
  2 to 1 when the hole card is ten-value (673a.8(a), 673a.12(c)).

Float (``float64``, numba-compiled) figures, for speed:

- :func:`basic_strategy` is the player's strategy for a shoe of ``decks`` decks: a
  :class:`BasicStrategy` that answers :meth:`~BasicStrategy.decide` (stand, hit,
  double, split, surrender) and :meth:`~BasicStrategy.second_chance` (take the Second
  Chance Wager on a bust, 673a.7(l)) and gives a learnable :meth:`~BasicStrategy.chart`.
- :func:`analyze` is the expected return of the whole game per initial Blackjack Wager
  under that strategy, with the distribution of the round's net result;
  :func:`par_sheet` puts it, with the Insurance Wager, in a :class:`DoubleBackJackParSheet`.

The game the mathematics plays is the engine's (``croupier.games.double_back_jack``):

- A player Blackjack is paid 2 to 1 at once, before the card reader (673a.7(f)), so it
  wins even against a dealer Blackjack. On an ace or ten-value up card the card reader
  ends the round on a dealer Blackjack, every other Blackjack Wager lost (673a.7(h)).
- A hand that reaches 21 is paid 1 to 1 at once, on the double too (673a.7(m)): a dealer
  22 or 21 never touches it. An ace and a ten-value card after a split is such a 21
  (673a.11(b)).
- A hand left under 21 against the dealer: a dealer 22 returns it (673a.7(q)(1)), a
  dealer of 23 or more loses to it (673a.7(r)(1)(i)), otherwise the higher total wins.
- Surrender (673a.9) is taken after the card reader has found no dealer Blackjack (the
  engine also accepts it before, which only loses more), on the first two cards of an
  unsplit hand: half the wager.
- Double down (673a.10) for the full original wager (the result is linear in the amount,
  so doubling for less is never better), on any first two cards, also after a split; one
  card.
- Split (673a.11) once, into two hands, any two cards of equal value (a king and a 10);
  each split hand may hit (split aces too), stand or double down, never surrender.
- A bust (over 21, after hitting or a double down's card) may place a Second Chance
  Wager equal to the current Blackjack Wager, the double included (673a.7(l); the
  reading in docs/interpretations.md), or decline it and lose at once. The second chance
  card's value (an ace 1) is subtracted from the hard total: over 21 loses both wagers,
  21 returns the Blackjack Wager and pays the Second Chance Wager, under 21 stands
  against the dealer (nothing left to decide): a win returns the Blackjack Wager and
  pays the Second Chance Wager, a tie or a dealer 22 returns both, a loss loses both.
  Per unit of the hand's current wager the result is then +1, 0 or -2, against -1 for
  declining: the wager is worth taking when its expected result beats -1.

How the strategy is found (the standard approach): for each dealer up card and each of
the player's two-card starts, the shoe less those three cards gives the dealer's
results (conditioned on no dealer Blackjack where the card reader looks) and the
chance of each card the player draws; the values of every hard or soft total are then
found by recursion over totals with that shoe held fixed. The first decision (with
surrender and split) is composition dependent; later ones depend on the start and the
total. The strategy for a split hand is that of its pair start.

How the return is found: the strategy so fixed is played out for every start, weighted
by its chance from the full shoe: a player Blackjack nets +2, a dealer Blackjack (with
its chance from the shoe less the up card and the start) -1, and otherwise every card
sequence the player draws is followed with the shoe depleting card by card, each final
hand meeting the dealer's results of the shoe less the up card and the start. The
approximations, all standard: the dealer's results ignore the player's third and later
cards (and the Second Chance card), the player's draws ignore what the card reader
says of the hole card, and a split's two hands each draw from the shoe less the up card
and the pair, independent given the dealer's result (the par sheet's ``method`` names
them; :mod:`croupier.analysis.exact.double_back_jack_rounds` enumerates without them).
They matter: the card-by-card figures (:mod:`.double_back_jack_figures`) are 0.008 to
0.034 points below this one at 1 to 8 decks (one deck +0.288% for the best play against
+0.322% here); the par sheet uses this analysis only for a shoe with no card-by-card
figures kept. One player plays alone at the table (other
players' cards, unseen, change no expectation), from a full shoe (the first round after
a shuffle).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final, Literal, cast

import numba
import numpy as np
import numpy.typing as npt
from rich.table import Table

from croupier.analysis.par_sheet import OutcomeFigures, ParSheet, WagerFigures
from croupier.equipment.cards import Card
from croupier.hands.blackjack import card_value
from croupier.rules.double_back_jack import (
    BLACKJACK_ODDS,
    DEALER_STANDS_ON,
    INSURANCE_ODDS,
)

GAME: Final = "double-back-jack"
DECK_COUNTS: Final = (1, 2, 6, 8)
"""The shoes the documentation quotes (any 1 to 8 is computed, 673a.3(a))."""

Shoe = tuple[int, ...]
"""Ten counts: aces, 2, 3, ..., 9 and ten-value cards."""

DealerResult = int | str
"""17 to 22, ``"bust"`` (23 or more) or ``"blackjack"``."""

Action = Literal["stand", "hit", "double", "split", "surrender"]
ACTIONS: Final[tuple[Action, ...]] = ("stand", "hit", "double", "split", "surrender")
"""The engine's ``Decision`` values for a playing hand, in the index order of the
strategy tables (0 stand, 1 hit, 2 double, 3 split, 4 surrender)."""

STAND, HIT, DOUBLE, SPLIT, SURRENDER = range(5)
SURRENDER_NET: Final = -0.5
"""673a.9(a): half the wager is lost."""

_RESULTS: Final = 7
"""Dealer results in the float tables: 17, 18, 19, 20, 21, 22 and 23 or more."""
_BINS: Final = 26
"""Round nets in half units, -8 to +4.5: bin ``2 * net + 16``."""
_HAND_BINS: Final = 13
"""One split hand's net in half units, -4 to +2: bin ``2 * net + 8``."""
_TOP: Final = 32
"""Hard totals tabulated: 0 to 31 (a hit from hard 21 is never made)."""


def full_shoe(decks: int) -> Shoe:
    """The counts of ``decks`` full decks: 4 of each value and 16 ten-value cards each."""
    return (4 * decks,) * 9 + (16 * decks,)


def remove(shoe: Shoe, cards: Iterable[Card | int]) -> Shoe:
    """``shoe`` less ``cards`` (cards, or values 1 to 10); raises ``ValueError`` for a
    card the shoe does not hold."""
    counts = list(shoe)
    for card in cards:
        value = card_value(card) if isinstance(card, Card) else card
        counts[value - 1] -= 1
        if counts[value - 1] < 0:
            raise ValueError(f"the shoe holds no more cards of value {value}")
    return tuple(counts)


def _total(hard: int, soft: bool) -> int:
    return hard + 10 if soft and hard + 10 <= 21 else hard


@cache
def _draw(shoe: Shoe, hard: int, ace: bool) -> dict[DealerResult, Fraction]:
    """The dealer's final results from a hand of ``hard`` points (``ace``: it holds an
    ace) with ``shoe`` left, drawing to 16 and standing on all 17s."""
    total = _total(hard, ace)
    if total >= DEALER_STANDS_ON:
        return {total if total <= 22 else "bust": Fraction(1)}
    cards = sum(shoe)
    if not cards:
        raise ValueError("the shoe runs out before the dealer's hand is complete")
    out: dict[DealerResult, Fraction] = {}
    for index, count in enumerate(shoe):
        if not count:
            continue
        value = index + 1
        rest = list(shoe)
        rest[index] -= 1
        chance = Fraction(count, cards)
        for result, p in _draw(tuple(rest), hard + value, ace or value == 1).items():
            out[result] = out.get(result, Fraction(0)) + chance * p
    return out


def dealer_outcomes(
    up: int, shoe: Shoe, *, no_blackjack: bool = False
) -> dict[DealerResult, Fraction]:
    """The probability of each final dealer result (673a.7(o), 673a.7(q)) with the up card
    of value ``up`` (1 for an ace, 10 for a ten-value card) and ``shoe`` the cards the
    dealer may still receive (the up card and every known card removed). With
    ``no_blackjack`` the hole card is conditioned not to give a Blackjack. Exact
    fractions. Raises ``ValueError`` if the shoe can run out before the dealer stands."""
    cards = sum(shoe)
    out: dict[DealerResult, Fraction] = {}
    for index, count in enumerate(shoe):
        if not count:
            continue
        hole = index + 1
        if {up, hole} == {1, 10}:
            if not no_blackjack:
                out["blackjack"] = out.get("blackjack", Fraction(0)) + Fraction(count, cards)
            continue
        rest = list(shoe)
        rest[index] -= 1
        for result, p in _draw(tuple(rest), up + hole, 1 in (up, hole)).items():
            out[result] = out.get(result, Fraction(0)) + Fraction(count, cards) * p
    weight = sum(out.values())
    return {result: p / weight for result, p in out.items()}


def insurance_return(shoe: Shoe) -> Fraction:
    """The Insurance Wager's expected result per unit when the dealer shows an ace and
    ``shoe`` holds the unseen cards: 2 to 1 on a ten-value hole card (673a.12(c)), the
    wager lost otherwise. Exact."""
    tens = Fraction(shoe[9], sum(shoe))
    return tens * INSURANCE_ODDS - (1 - tens)


# --- float kernels (numba) ------------------------------------------------------------
Counts = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


def _dealer_draw_py(shoe: Counts, n: int, hard: int, ace: bool, prob: float, out: Floats) -> int:
    """Add ``prob`` times the dealer's final results from ``hard`` points (``ace``: an ace
    held) with ``shoe`` (``n`` cards) left to ``out`` (17..21, 22, 23+)."""
    total = hard + 10 if ace and hard + 10 <= 21 else hard
    if total >= 17:
        if total <= 22:
            out[total - 17] += prob
        else:
            out[6] += prob
        return 0
    for i in range(10):
        count = shoe[i]
        if count > 0:
            shoe[i] = count - 1
            _dealer_draw(shoe, n - 1, hard + i + 1, ace or i == 0, prob * count / n, out)
            shoe[i] = count
    return 0


_dealer_draw: Final = cast(Callable[..., Any], numba.njit(_dealer_draw_py))


def _blackjack_card(up: int) -> int:
    """The hole card value that gives the dealer a Blackjack, 0 for none."""
    return 10 if up == 1 else (1 if up == 10 else 0)


_bj_card: Final = cast(Callable[..., Any], numba.njit(cache=True)(_blackjack_card))


def _dealer_py(shoe: Counts, n: int, up: int, out: Floats) -> float:
    """The dealer's results with up card ``up`` and ``shoe`` (``n`` cards) unseen, into
    ``out`` (conditioned on no Blackjack where the card reader looks, 673a.7(h));
    returns the chance of no dealer Blackjack."""
    for k in range(7):
        out[k] = 0.0
    x = _bj_card(up)
    blackjack = 0.0
    for i in range(10):
        count = shoe[i]
        if count == 0:
            continue
        p = count / n
        if i + 1 == x:
            blackjack += p
            continue
        shoe[i] = count - 1
        _dealer_draw(shoe, n - 1, up + i + 1, up == 1 or i == 0, p, out)
        shoe[i] = count
    clear = 1.0 - blackjack
    for k in range(7):
        out[k] /= clear
    return clear


_dealer: Final = cast(Callable[..., Any], numba.njit(cache=True)(_dealer_py))


def _net_py(total: int, result: int, second_chance: bool) -> float:
    """The net per unit of a hand's wager standing on ``total`` (under 21) against the
    dealer's ``result`` (0..4: 17..21, 5: 22, 6: 23+), 673a.7(q)-(s)."""
    if result == 5:
        return 0.0
    if result == 6 or total > result + 17:
        return 1.0
    if total == result + 17:
        return 0.0
    return -2.0 if second_chance else -1.0


_net: Final = cast(Callable[..., Any], numba.njit(cache=True)(_net_py))


def _hand_py(
    shoe: Counts,
    n: int,
    hard: int,
    ace: bool,
    stake: float,
    doubled: bool,
    hits: npt.NDArray[np.int8],
    takes: npt.NDArray[np.int8],
    prob: float,
    cond: Floats,
    staked: Floats,
    takes_doubled: npt.NDArray[np.int8],
    original: bool,
) -> int:
    """Play out a hand of ``hard`` points (``ace`` held) that has just received a card,
    with ``shoe`` (``n`` cards) left and the strategy ``hits[hard, ace]`` (1: hit) and
    ``takes[hard]`` (1: take the Second Chance Wager), ``doubled``: no more cards. Adds
    ``prob`` times the chance of each net (per initial wager, ``stake`` on the hand) to
    ``cond[result, 2 * net + 8]`` for each dealer result (0..4: 17..21, 5: 22, 6: 23+)
    and the stake to ``staked[0]``: every card the player draws depletes the shoe. The
    Second Chance Wager is the hand's whole stake, or one unit (``original``: the
    original Blackjack Wager, 673a.7(l)), taken on a doubled hand's bust by
    ``takes_doubled``."""
    total = hard + 10 if ace and hard + 10 <= 21 else hard
    extra = 1.0 if original else stake
    take = takes[hard] if extra == stake else takes_doubled[hard]
    if total == 21 or (hard > 21 and take == 0):
        net = stake if total == 21 else -stake
        for r in range(7):
            cond[r, int(2 * net) + 8] += prob
        staked[0] += prob * stake
        return 0
    if hard > 21:
        for i in range(10):
            count = shoe[i]
            if count == 0:
                continue
            p = prob * count / n
            left = hard - i - 1
            for r in range(7):
                if left > 21:
                    net = -(stake + extra)
                elif left == 21:
                    net = extra
                else:
                    result = _net(left, r, False)
                    net = extra if result > 0 else (0.0 if result == 0 else -(stake + extra))
                cond[r, int(2 * net) + 8] += p
            staked[0] += p * (stake + extra)
        return 0
    if doubled or hits[hard, 1 if ace else 0] == 0:
        for r in range(7):
            cond[r, int(2 * stake * _net(total, r, False)) + 8] += prob
        staked[0] += prob * stake
        return 0
    for i in range(10):
        count = shoe[i]
        if count == 0:
            continue
        shoe[i] = count - 1
        _hand(
            shoe,
            n - 1,
            hard + i + 1,
            ace or i == 0,
            stake,
            False,
            hits,
            takes,
            prob * count / n,
            cond,
            staked,
            takes_doubled,
            original,
        )
        shoe[i] = count
    return 0


_hand: Final = cast(Callable[..., Any], numba.njit(_hand_py))


# --- the strategy ----------------------------------------------------------------------
@dataclass(frozen=True)
class Totals:
    """The values of every hard and soft total against one up card with a shoe held fixed
    (floats): the standard total-dependent recursion.

    ``results`` are the dealer's results 17..21, 22, 23+ given no Blackjack and
    ``no_blackjack`` its chance; ``draw`` the chance of each card value; ``stand[t]``
    the value of standing on ``t``; ``hit[h, ace]`` and ``double[h, ace]`` (per initial
    wager) of hitting and doubling a hand of hard total ``h`` (``ace``: one held);
    ``hits[h, ace]`` 1 where hitting beats standing; ``takes[h]`` 1 where the Second
    Chance Wager beats declining on a bust of hard ``h``, worth ``second_chance[h]`` per
    unit of the hand's wager (declining: -1); ``takes_doubled[h]`` the same for a doubled
    hand's bust (the same as ``takes`` unless ``original``: a Second Chance Wager of the
    original Blackjack Wager alone, 673a.7(l))."""

    up: int
    results: Floats
    no_blackjack: float
    draw: Floats
    stand: Floats
    hit: Floats
    double: Floats
    hits: npt.NDArray[np.int8]
    takes: npt.NDArray[np.int8]
    second_chance: Floats
    takes_doubled: npt.NDArray[np.int8]
    original: bool

    def start(self, first: int, second: int) -> tuple[Floats, Floats]:
        """The values of each action (:data:`ACTIONS` order; ``nan`` where not allowed)
        on the two-card start ``first``, ``second`` given no dealer Blackjack, and for a
        pair the stand/hit/double values of a split hand by its second card (rows by
        value - 1)."""
        p = self.draw
        h0, ace0 = first + second, int(1 in (first, second))
        total0 = _total(h0, bool(ace0))
        values = np.full(5, np.nan)
        split_values = np.full((10, 3), np.nan)
        if total0 < 21:
            values[STAND] = self.stand[total0]
            values[HIT] = self.hit[h0, ace0]
            values[DOUBLE] = self.double[h0, ace0]
            values[SURRENDER] = SURRENDER_NET
        if first == second:
            split = 0.0
            for v in range(1, 11):
                h, ace = first + v, int(first == 1 or v == 1)
                total = _total(h, bool(ace))
                if total == 21:
                    split_values[v - 1] = 1.0
                    split += p[v - 1]
                    continue
                row = (self.stand[total], self.hit[h, ace], self.double[h, ace])
                split_values[v - 1] = row
                split += p[v - 1] * max(row)
            values[SPLIT] = 2 * split
        return values, split_values


def _recursion_py(
    p: Floats,
    results: Floats,
    stand: Floats,
    sc_values: Floats,
    takes: npt.NDArray[np.int8],
    hit: Floats,
    double: Floats,
    hits: npt.NDArray[np.int8],
    takes_doubled: npt.NDArray[np.int8],
    original: bool,
) -> int:
    """Fill the :class:`Totals` arrays from the card chances ``p`` and the dealer's
    ``results`` (the recursion over totals, highest hard total first)."""
    stand_sc = np.zeros(22)
    stand_doubled = np.zeros(22)
    for t in range(22):
        win = results[6]
        lose = 0.0
        for d in range(5):
            if d + 17 < t:
                win += results[d]
            elif d + 17 > t:
                lose += results[d]
        stand[t] = win - lose
        stand_sc[t] = win - 2 * lose
        stand_doubled[t] = win - 3 * lose  # a doubled hand and one unit of Second Chance
    bust = np.full(_TOP + 10, -1.0)
    for h in range(22, _TOP):
        value = 0.0
        for v in range(1, 11):
            left = h - v
            value += p[v - 1] * (-2.0 if left > 21 else 1.0 if left == 21 else stand_sc[left])
        sc_values[h] = value
        if value > -1.0:
            takes[h] = 1
            bust[h] = value
    # A doubled hand's bust, per initial wager (declining loses both units).
    bust_doubled = np.full(_TOP + 10, -2.0)
    for h in range(22, _TOP):
        if not original:
            takes_doubled[h] = takes[h]
            bust_doubled[h] = 2.0 * bust[h]
            continue
        value = 0.0
        for v in range(1, 11):
            left = h - v
            worth = -3.0 if left > 21 else 1.0 if left == 21 else stand_doubled[left]
            value += p[v - 1] * worth
        if value > -2.0:
            takes_doubled[h] = 1
            bust_doubled[h] = value
    best = np.zeros((_TOP + 10, 2))
    for h in range(21, 1, -1):
        for ace in (1, 0):
            total = h + 10 if ace == 1 and h + 10 <= 21 else h
            if total >= 21:
                best[h, ace] = 1.0
                continue
            hit_value = 0.0
            double_value = 0.0
            for v in range(1, 11):
                h2 = h + v
                ace2 = 1 if ace == 1 or v == 1 else 0
                total2 = h2 + 10 if ace2 == 1 and h2 + 10 <= 21 else h2
                if total2 == 21:
                    hit_value += p[v - 1]
                    double_value += p[v - 1]
                elif h2 > 21:
                    hit_value += p[v - 1] * bust[h2]
                    double_value += p[v - 1] * bust_doubled[h2] / 2
                else:
                    hit_value += p[v - 1] * best[h2, ace2]
                    double_value += p[v - 1] * stand[total2]
            hit[h, ace] = hit_value
            double[h, ace] = 2 * double_value
            hits[h, ace] = 1 if hit_value > stand[total] else 0
            best[h, ace] = max(hit_value, stand[total])
    return 0


_recursion: Final = cast(Callable[..., Any], numba.njit(cache=True)(_recursion_py))


def _solve(shoe: Counts, up: int, original: bool = False) -> Totals:
    """The fixed-shoe recursion over totals against ``up`` (floats, numba); ``original``:
    a Second Chance Wager of the original Blackjack Wager alone."""
    n = int(shoe.sum())
    results = np.zeros(_RESULTS)
    clear = float(_dealer(shoe.copy(), n, up, results))
    p = shoe / n
    stand = np.zeros(22)
    sc_values = np.full(_TOP, -1.0)
    takes = np.zeros(_TOP, dtype=np.int8)
    hit = np.zeros((22, 2))
    double = np.zeros((22, 2))
    hits = np.zeros((_TOP, 2), dtype=np.int8)
    takes_doubled = np.zeros(_TOP, dtype=np.int8)
    _recursion(p, results, stand, sc_values, takes, hit, double, hits, takes_doubled, original)
    return Totals(
        up, results, clear, p, stand, hit, double, hits, takes, sc_values, takes_doubled, original
    )


@dataclass(frozen=True)
class StartPolicy:
    """The strategy for one two-card start (``first <= second``) against the up card
    ``up``, found with the shoe less those three cards held fixed (floats).

    ``values``: the expected net per initial wager of each action (:data:`ACTIONS`
    order) given no dealer Blackjack, ``nan`` where not allowed; ``split_values[v - 1]``:
    for a pair, the stand/hit/double values of a split hand whose second card is ``v``;
    ``totals``: the :class:`Totals` of that shoe (its ``hits`` and ``takes`` play every
    later decision of the hand, split hands included)."""

    up: int
    first: int
    second: int
    values: Floats
    split_values: Floats
    totals: Totals

    @property
    def action(self) -> int:
        """The first decision with every option open (an index into :data:`ACTIONS`)."""
        return int(np.nanargmax(self.values))


def _check_values(cards: Sequence[int], up: int) -> None:
    if len(cards) < 2 or any(not 1 <= c <= 10 for c in cards) or not 1 <= up <= 10:
        raise ValueError(
            f"a hand is two or more card values 1 to 10 and an up card 1 to 10, not "
            f"{list(cards)} against {up} (673a.3(d))"
        )


@dataclass(frozen=True)
class ChartRow:
    """One row of the learnable chart: ``kind`` (``"hard"``, ``"soft"``, ``"pair"``,
    ``"second_chance"``), ``label`` (the total, pair or busted hard total) and one cell
    per dealer up card 2, 3, ..., 10, A (:data:`CHART_UPS`).

    Cells: ``S`` stand, ``H`` hit, ``D`` double (else hit), ``Ds`` double (else stand),
    ``P`` split, ``Rh``/``Rs``/``Rp`` surrender (else hit/stand/split); second chance
    rows: ``T`` take the Second Chance Wager, ``-`` decline it."""

    kind: Literal["hard", "soft", "pair", "second_chance"]
    label: str
    cells: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON data: kind, label and the cells by up card."""
        return {
            "kind": self.kind,
            "label": self.label,
            "cells": dict(zip(CHART_UP_NAMES, self.cells, strict=True)),
        }


CHART_UPS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
CHART_UP_NAMES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")


@dataclass(frozen=True)
class BasicStrategy:
    """The player's strategy for a shoe of ``decks`` decks (floats).

    ``policies[(up, first, second)]`` (``first <= second``) is the
    :class:`StartPolicy` of every start (composition dependent: what :meth:`decide`,
    :meth:`second_chance`, the par sheet and the simulation play); ``table[up]`` is the
    total-dependent :class:`Totals` with the shoe less only the up card (what
    :meth:`chart` prints)."""

    decks: int
    policies: dict[tuple[int, int, int], StartPolicy]
    table: dict[int, Totals]

    def policy(self, cards: Sequence[int], up: int, *, after_split: bool = False) -> StartPolicy:
        """The :class:`StartPolicy` that governs a hand: its first two cards, or the pair
        it was split from (``after_split``: ``cards[0]`` is the pair card)."""
        _check_values(cards, up)
        first, second = (cards[0], cards[0]) if after_split else sorted(cards[:2])
        return self.policies[(up, first, second)]

    def decide(
        self,
        cards: Sequence[int],
        up: int,
        *,
        can_double: bool,
        can_split: bool,
        can_surrender: bool,
        after_split: bool = False,
    ) -> str:
        """The decision on a hand of card values ``cards`` (1 ace .. 10 ten-value, in the
        order received; a split hand starts with its pair card) against the up card
        ``up``: an engine ``Decision`` value, ``"hit"``, ``"stand"``, ``"double"``,
        ``"split"`` or ``"surrender"``, the best of those allowed. A hand of 21 or more
        stands (a bust is for :meth:`second_chance`). Raises ``ValueError`` for values
        outside 1 to 10 or fewer than two cards."""
        policy = self.policy(cards, up, after_split=after_split)
        hard = sum(cards)
        ace = 1 in cards
        if _total(hard, ace) >= 21:
            return "stand"
        if len(cards) == 2 and after_split:
            row = policy.split_values[cards[1] - 1]
            options = [STAND, HIT] + ([DOUBLE] if can_double else [])
            return ACTIONS[max(options, key=lambda a: row[a])]
        if len(cards) == 2:
            options = [STAND, HIT]
            if can_double:
                options.append(DOUBLE)
            if can_split and cards[0] == cards[1]:
                options.append(SPLIT)
            if can_surrender:
                options.append(SURRENDER)
            return ACTIONS[max(options, key=lambda a: policy.values[a])]
        return "hit" if policy.totals.hits[hard, int(ace)] else "stand"

    def second_chance(
        self, cards: Sequence[int], up: int, *, after_split: bool = False, doubled: bool = False
    ) -> bool:
        """True to place the Second Chance Wager on a busted hand of card values ``cards``
        (a hard total over 21; ``doubled``: after a double down) against ``up``
        (673a.7(l)). Raises ``ValueError`` unless the hand is over 21."""
        policy = self.policy(cards, up, after_split=after_split)
        hard = sum(cards)
        if hard <= 21:
            raise ValueError(f"{list(cards)} totals {hard}, not over 21 (673a.7(l))")
        totals = policy.totals
        return bool((totals.takes_doubled if doubled else totals.takes)[hard])

    def chart(self) -> tuple[ChartRow, ...]:
        """The learnable, total-dependent chart: for hard totals 5 to 20 and soft totals
        13 to 20 on two cards, the action whose value, averaged over the two-card
        compositions of that total (weighted by their chance, pairs left to the pair
        rows unless they are the only composition, as 10,10 for hard 20), is highest;
        each pair's own decision; and the Second Chance decision for each busted hard
        total 22 to 30 (from :attr:`table`). A hand of three or more cards hits or
        stands as the fallback of its total (``D``: hit, ``Ds``: stand, ``Rh``: hit,
        ``Rs``: stand)."""
        rows: list[ChartRow] = []
        hard = {t: [(a, t - a) for a in range(2, 11) if a < t - a <= 10] for t in range(5, 21)}
        hard[20] = [(10, 10)]
        for total, starts in hard.items():
            cells = tuple(self._cell(up, starts) for up in CHART_UPS)
            rows.append(ChartRow("hard", str(total), cells))
        for total in range(13, 21):
            cells = tuple(self._cell(up, [(1, total - 11)]) for up in CHART_UPS)
            rows.append(ChartRow("soft", f"A,{total - 11}", cells))
        for v in (1, 10, 9, 8, 7, 6, 5, 4, 3, 2):
            cells = tuple(self._cell(up, [(v, v)], pair=True) for up in CHART_UPS)
            name = "A" if v == 1 else str(v)
            rows.append(ChartRow("pair", f"{name},{name}", cells))
        for h in range(22, 31):
            cells = tuple("T" if self.table[up].takes[h] else "-" for up in CHART_UPS)
            rows.append(ChartRow("second_chance", str(h), cells))
        return tuple(rows)

    def _cell(self, up: int, starts: list[tuple[int, int]], *, pair: bool = False) -> str:
        """A chart cell: the best action over ``starts`` weighted by their chance."""
        counts = full_shoe(self.decks)
        values = np.zeros(5)
        for first, second in starts:
            weight = counts[first - 1] * (counts[second - 1] - (first == second))
            values += weight * self.policies[(up, first, second)].values
        options = [STAND, HIT, DOUBLE, SURRENDER] + ([SPLIT] if pair else [])
        best = max(options, key=lambda a: values[a])
        fallback = "H" if values[HIT] > values[STAND] else "S"
        if best == SPLIT:
            return "P"
        if best == DOUBLE:
            return "D" if fallback == "H" else "Ds"
        if best == SURRENDER:
            rest = max([STAND, HIT] + ([SPLIT] if pair else []), key=lambda a: values[a])
            return "R" + {STAND: "s", HIT: "h", SPLIT: "p"}[rest]
        return fallback


@cache
def basic_strategy(decks: int, original: bool = False) -> BasicStrategy:
    """The strategy for a shoe of ``decks`` decks (1 to 8, 673a.3(a)), cached: a
    :class:`StartPolicy` for every up card and two-card start (composition dependent),
    and a total-dependent table for :meth:`BasicStrategy.chart`; ``original``: the
    Second Chance Wager is the original Blackjack Wager alone (Rules Submission
    ``second_chance_amount``, 673a.7(l)). Floats. Raises ``ValueError`` for a deck count
    outside 1 to 8."""
    if not 1 <= decks <= 8:
        raise ValueError(f"decks must be 1 to 8, not {decks} (673a.3(a))")
    full = np.array(full_shoe(decks), dtype=np.int64)
    policies: dict[tuple[int, int, int], StartPolicy] = {}
    table: dict[int, Totals] = {}
    for up in range(1, 11):
        less_up = full.copy()
        less_up[up - 1] -= 1
        table[up] = _solve(less_up, up, original)
        for first in range(1, 11):
            for second in range(first, 11):
                shoe = less_up.copy()
                shoe[first - 1] -= 1
                shoe[second - 1] -= 1
                if shoe.min() < 0:
                    continue
                totals = _solve(shoe, up, original)
                values, split_values = totals.start(first, second)
                policies[(up, first, second)] = StartPolicy(
                    up, first, second, values, split_values, totals
                )
    return BasicStrategy(decks=decks, policies=policies, table=table)


# --- the expected return -------------------------------------------------------------
@dataclass(frozen=True)
class GameFigures:
    """The whole game per initial Blackjack Wager under :func:`basic_strategy` (floats).

    ``nets[k]`` is the probability of a round net of ``(k - 16) / 2`` units (-8 to
    +4.5 in half units); ``expected_return`` their mean; ``average_wager`` the expected
    total staked per round in initial units (Blackjack, split, double down and Second
    Chance Wagers); ``element_of_risk`` the expected net per unit staked."""

    decks: int
    nets: Floats
    average_wager: float

    @property
    def expected_return(self) -> float:
        return float(np.dot(self.nets, (np.arange(_BINS) - 16) / 2))

    @property
    def std_dev(self) -> float:
        values = (np.arange(_BINS) - 16) / 2
        mean = self.expected_return
        return math.sqrt(float(np.dot(self.nets, (values - mean) ** 2)))

    @property
    def element_of_risk(self) -> float:
        return self.expected_return / self.average_wager


def _start_probability(shoe: Counts, up: int, first: int, second: int) -> float:
    """The chance that the up card is ``up`` and the player's two cards ``first`` and
    ``second`` (either order) from the full ``shoe``."""
    n = int(shoe.sum())
    rest = shoe.astype(np.float64)
    p = rest[up - 1] / n
    rest[up - 1] -= 1
    p *= rest[first - 1] / (n - 1)
    rest[first - 1] -= 1
    p *= rest[second - 1] / (n - 2)
    return float(p) * (1 if first == second else 2)


def _split_doubled(
    totals: Totals,
    shoe: Counts,
    n: int,
    hard: int,
    ace: bool,
    p: float,
    hand: Floats,
    staked: Floats,
) -> None:
    """Add to ``hand`` and ``staked`` a split hand (``hard``, ``ace``: its two cards, with
    probability ``p``) doubled down: its one more card from ``shoe`` (``n`` cards before
    the split hand's second card came out; restored on return)."""
    for w in range(1, 11):
        more = int(shoe[w - 1])
        if more == 0:
            continue
        shoe[w - 1] -= 1
        _hand(shoe, n - 2, hard + w, ace or w == 1, 2.0, True, totals.hits,
              totals.takes, p * more / (n - 1), hand, staked,
              totals.takes_doubled, totals.original)  # fmt: skip
        shoe[w - 1] += 1


def _hand_nets(policy: StartPolicy, shoe: Counts) -> tuple[Floats, float]:
    """The round-net distribution (round bins) of a start given no dealer Blackjack, and
    the expected stake, playing ``policy``; ``shoe`` holds the cards left after the up
    card and the start (restored on return)."""
    totals = policy.totals
    hand = np.zeros((_RESULTS, _HAND_BINS))
    staked = np.zeros(1)
    n = int(shoe.sum())
    first, second, action = policy.first, policy.second, policy.action
    nets = np.zeros(_BINS)
    if action == SURRENDER:
        nets[int(2 * SURRENDER_NET) + 16] = 1.0
        return nets, 1.0
    if action == STAND:
        _hand(shoe, n, first + second, first == 1, 1.0, True, totals.hits, totals.takes,
              1.0, hand, staked, totals.takes_doubled, totals.original)  # fmt: skip
    for v in range(1, 11) if action != STAND else ():
        count = int(shoe[v - 1])
        if count == 0:
            continue
        p = count / n
        shoe[v - 1] -= 1
        if action == SPLIT:
            hard, ace = first + v, first == 1 or v == 1
            choice = int(np.argmax(policy.split_values[v - 1]))
            if choice == DOUBLE and _total(hard, ace) < 21:
                _split_doubled(totals, shoe, n, hard, ace, p, hand, staked)
                shoe[v - 1] += 1
                continue
            stake, doubled = 1.0, choice == STAND
        else:
            hard, ace = first + second + v, 1 in (first, second, v)
            stake, doubled = (2.0, True) if action == DOUBLE else (1.0, False)
        _hand(shoe, n - 1, hard, ace, stake, doubled, totals.hits, totals.takes, p, hand,
              staked, totals.takes_doubled, totals.original)  # fmt: skip
        shoe[v - 1] += 1
    for r in range(_RESULTS):
        if action == SPLIT:
            nets[: 2 * _HAND_BINS - 1] += totals.results[r] * np.convolve(hand[r], hand[r])
        else:
            nets[8 : 8 + _HAND_BINS] += totals.results[r] * hand[r]
    return nets, float(staked[0]) * (2 if action == SPLIT else 1)


@cache
def analyze(decks: int, original: bool = False) -> GameFigures:
    """The expected return of Double Back Jack per initial Blackjack Wager from a full
    shoe of ``decks`` decks under :func:`basic_strategy`, one player at the table
    (floats, cached). For each up card and start: the dealer's results and Blackjack
    chance from the shoe less those three cards, the player's draws depleting the shoe
    card by card, a split's two hands independent given the dealer's result. Raises
    ``ValueError`` for a deck count outside 1 to 8. ``original``: a Second Chance Wager of
    the original Blackjack Wager alone (673a.7(l))."""
    strategy = basic_strategy(decks, original)
    full = np.array(full_shoe(decks), dtype=np.int64)
    nets = np.zeros(_BINS)
    staked = 0.0
    for (up, first, second), policy in strategy.policies.items():
        weight = _start_probability(full, up, first, second)
        if weight == 0:
            continue
        if {first, second} == {1, 10}:
            nets[int(2 * BLACKJACK_ODDS) + 16] += weight
            staked += weight
            continue
        blackjack = 1 - policy.totals.no_blackjack
        nets[-2 + 16] += weight * blackjack
        shoe = full.copy()
        for v in (up, first, second):
            shoe[v - 1] -= 1
        hand, stake = _hand_nets(policy, shoe)
        nets += weight * (1 - blackjack) * hand
        staked += weight * (blackjack + (1 - blackjack) * stake)
    return GameFigures(decks=decks, nets=nets, average_wager=staked)


# --- the par sheet -------------------------------------------------------------------
METHOD: Final = (
    "combinatorial (approximate: floating point; the dealer's results ignore the player's "
    "third and later cards, the player's draws ignore the card reader, split hands drawn "
    "independently)"
)
"""How :func:`blackjack_figures` is found (:data:`croupier.analysis.par_sheet.Method`)."""


def _approximate(value: float) -> Fraction:
    """A float held as a fraction of 10**15 (not an exact figure: its wager's method says
    so)."""
    return Fraction(round(value * 10**15), 10**15)


def _fractions(probabilities: Sequence[float]) -> list[Fraction]:
    """Floats held as fractions of 10**15 that sum to exactly one (the largest absorbs
    the rounding), for :class:`~croupier.analysis.par_sheet.WagerFigures`; they are not
    exact figures, and the wager's method says so (no ``*_exact`` field in its JSON)."""
    out = [_approximate(p) for p in probabilities]
    largest = max(range(len(out)), key=lambda k: out[k])
    out[largest] += 1 - sum(out)
    return out


def insurance_figures(decks: int) -> WagerFigures:
    """The Insurance Wager per unit when the dealer shows an ace, the hole card one of the
    other cards of a full shoe (the player's own cards not removed): 2 to 1 on a
    ten-value hole card (673a.8, 673a.12(c)). Exact."""
    shoe = remove(full_shoe(decks), [1])
    tens = Fraction(shoe[9], sum(shoe))
    outcomes = (
        OutcomeFigures("ten-value hole card", tens, INSURANCE_ODDS, True),
        OutcomeFigures("any other hole card", 1 - tens, Fraction(-1), False),
    )
    return WagerFigures.from_outcomes(
        "insurance",
        outcomes,
        description="Insurance Wager on a dealer ace, per unit insured (673a.8, 673a.12(c))",
    )


def _net_label(net: Fraction) -> str:
    return f"{'+' if net > 0 else ''}{float(net):g}"


CARD_BY_CARD: Final = (
    "combinatorial (approximate: floating point only; every card out of the shoe and the "
    "card reader's answer condition the dealer and every decision, both split hands drawn "
    "from one shoe)"
)
"""How the kept card-by-card figures are found
(:mod:`croupier.analysis.exact.double_back_jack_rounds`)."""

DESCRIPTION: Final = (
    "The whole game per initial Blackjack Wager: Blackjack, double down, split and Second "
    "Chance Wagers (673a.6-673a.12)"
)


def round_wager(
    name: str,
    nets: Floats,
    average: float,
    strategy: str,
    method: str,
    extra: tuple[tuple[str, float], ...],
) -> WagerFigures:
    """A whole-game wager from its round-net bins and its average total wager in initial
    units (floats held as fractions of 10**15); its element of risk is the expected loss
    per unit of the total wagered."""
    kept = [(k, p) for k, p in enumerate(nets) if p > 1e-15]
    probabilities = _fractions([p for _, p in kept])
    outcomes = [
        OutcomeFigures(
            f"net {_net_label(Fraction(k - 16, 2))}", probability, Fraction(k - 16, 2), k > 16
        )
        for (k, _), probability in zip(kept, probabilities, strict=True)
    ]
    return WagerFigures.from_outcomes(
        name,
        outcomes,
        strategy=strategy,
        method=method,
        description=DESCRIPTION,
        element_of_risk=_approximate(-float(np.dot(nets, (np.arange(_BINS) - 16) / 2)) / average),
        extra=tuple((key, _approximate(value)) for key, value in extra),
    )


def second_chance_extra(tally: Floats) -> tuple[tuple[str, float], ...]:
    """The Second Chance Wager's figures (673a.7(l)): hands offered it per round, hands
    taking it per round, and what taking it gains per hand that takes it, in initial
    units (the hand's net with it less the -1 per unit a declined bust loses;
    docs/interpretations.md)."""
    offered, taken, gain = float(tally[1]), float(tally[2]), float(tally[3])
    return (
        ("second_chance_offered_per_round", offered),
        ("second_chance_taken_per_round", taken),
        ("second_chance_gain_per_take", gain / taken if taken else 0.0),
    )


def insurance_by_tens(decks: int, tens: int) -> WagerFigures:
    """The Insurance Wager per unit when the dealer shows an ace and the player holds
    ``tens`` (0, 1 or 2) ten-value cards among the two dealt: the hole card is one of the
    other cards of the shoe (673a.8, 673a.12(c)). Exact."""
    shoe = remove(full_shoe(decks), [1])
    left = Fraction(shoe[9] - tens, sum(shoe) - 2)
    outcomes = (
        OutcomeFigures("ten-value hole card", left, INSURANCE_ODDS, True),
        OutcomeFigures("any other hole card", 1 - left, Fraction(-1), False),
    )
    return WagerFigures.from_outcomes(
        f"insurance:tens_held_{tens}",
        outcomes,
        description=(
            f"Insurance Wager on a dealer ace with {tens} ten-value card"
            f"{'s' * (tens != 1)} among the player's two, per unit insured (673a.8)"
        ),
    )


@dataclass(frozen=True, slots=True)
class DoubleBackJackParSheet(ParSheet):
    """The par sheet with the deck count, the strategy chart, the element of risk (the
    expected loss per unit of the total amount wagered, the house's sign as each wager's)
    and the average total wager of the whole game."""

    decks: int = 6
    strategy: tuple[ChartRow, ...] = ()
    element_of_risk: float = 0.0
    average_wager: float = 1.0

    def to_dict(self) -> dict[str, Any]:
        """The shared par-sheet JSON plus ``decks``, ``element_of_risk``,
        ``average_wager`` and ``strategy`` (the chart rows)."""
        data = ParSheet.to_dict(self)
        data["decks"] = self.decks
        data["element_of_risk"] = self.element_of_risk
        data["average_wager"] = self.average_wager
        data["strategy"] = [row.to_dict() for row in self.strategy]
        return data

    def chart_table(self) -> Table:
        """The strategy chart as a Rich table (``croupier analyze`` prints it)."""
        decks = f"{self.decks} deck{'s' * (self.decks != 1)}"
        table = Table(title=f"Double Back Jack printed chart, {decks}")
        table.add_column("Hand")
        for name in CHART_UP_NAMES:
            table.add_column(name, justify="center")
        for row in self.strategy:
            kind = "bust" if row.kind == "second_chance" else row.kind
            table.add_row(f"{kind} {row.label}", *row.cells)
        table.caption = (
            "S stand, H hit, D double (else hit), Ds double (else stand), P split, "
            "Rh/Rs/Rp surrender (else hit/stand/split); bust rows: T take the Second "
            "Chance Wager, - decline"
        )
        return table


__all__ = [
    "ACTIONS",
    "CARD_BY_CARD",
    "CHART_UPS",
    "CHART_UP_NAMES",
    "DECK_COUNTS",
    "GAME",
    "METHOD",
    "BasicStrategy",
    "ChartRow",
    "DealerResult",
    "DoubleBackJackParSheet",
    "GameFigures",
    "Shoe",
    "StartPolicy",
    "Totals",
    "analyze",
    "basic_strategy",
    "dealer_outcomes",
    "full_shoe",
    "insurance_by_tens",
    "insurance_figures",
    "insurance_return",
    "remove",
    "round_wager",
    "second_chance_extra",
]
