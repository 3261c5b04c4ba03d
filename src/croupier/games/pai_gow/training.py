"""Pai Gow drills (621a; :mod:`croupier.training`), each round dealt by the engine.

- **Payouts**: the player's two hands and the dealer's, exposed and compared; a winning
  wager is paid 1 to 1 less the vigorish (621a.10(k)), a push returned, a loss
  collected; what it pays is the round's :class:`~croupier.engine.WagerSettled`.
- **The house way**: the dealer's four tiles turned over; the trainee sets them (names
  the two tiles of the high hand), judged against the setting the round's house way
  gave (:class:`~croupier.games.pai_gow.events.DealerHandsSet`), the right setting shown
  with the rule of the Rules Submission's house way that makes it.

>>> from croupier.rng import SeededRng
>>> from croupier.rules.pai_gow import PaiGowRules
>>> item = house_way(None, PaiGowRules(), random.Random(1), SeededRng(5))
>>> item.pieces, item.first, item.cite
(('1-4', '1-1', '4-4', '6-6'), ('6-6', '4-4'), '621a.10(d)(2)')
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from croupier.engine import Event, RoundVoided
from croupier.game import GameSpec
from croupier.games.pai_gow.events import (
    DealerHandsSet,
    DealerTilesTurnedOver,
    HandsExposed,
    NoRoll,
    TileExposed,
    TilesRemixed,
)
from croupier.games.pai_gow.round import PaiGowRound
from croupier.hands.paigow import WAY_RULES
from croupier.money import format_cents
from croupier.offers import words
from croupier.rng import Rng
from croupier.rules.base import RulesSubmission
from croupier.training.irregularity import Handling, Incident, Remedy, incident, play_to, read_in
from croupier.training.setting import Arrangement
from croupier.training.situation import LOSING, Level, Situation
from croupier.training.table import Payout, Table

TRIES = 60
"""The most rounds played to find one in which the wager wins (most Pai Gow hands tie or
lose against the dealer's)."""
RESULTS = {"win": "wins", "lose": "loses", "tie": "pushes"}


def _spec() -> GameSpec:
    from croupier.games.pai_gow.policy import SPEC

    return SPEC


def _first(events: list[Event], kind: type[Any]) -> Any:
    return next(e for e in events if isinstance(e, kind))


def _hands(high: tuple[Any, ...], low: tuple[Any, ...]) -> str:
    return f"high {' '.join(map(str, high))}, low {' '.join(map(str, low))}"


def payout_round(rules: RulesSubmission, amount: int, rng: Rng) -> Situation:
    """One round: seat 1 wagers ``amount`` cents; its hands set by the house way (its
    time to set runs out), the dealer's too; what was settled."""
    spec = _spec()
    table = Table.open(spec, rules, rng)
    table.wager(1, "pai_gow", amount)
    table.finish()
    events = table.round.events
    mine = _first(events, HandsExposed)
    dealer = _first(events, DealerHandsSet)
    payouts: list[Payout] = []
    for found in table.payouts():
        note = ""
        if found.outcome == "win" and found.pays < found.amount:
            note = f"1 to 1 less the {format_cents(found.amount - found.pays)} vigorish"
        payouts.append(
            Payout(
                found.seat,
                found.spot,
                found.label,
                found.amount,
                found.outcome,
                found.pays,
                found.cite,
                found.odds,
                note,
            )
        )
    scene = (
        f"Seat 1: {table.label('pai_gow')}, {format_cents(amount)}.",
        f"Seat 1 sets {_hands(mine.high, mine.low)}.",
        f"The dealer sets {_hands(dealer.high, dealer.low)}.",
        f"Seat 1 {RESULTS.get(mine.result, mine.result)}.",
    )
    return Situation(table.round.game, scene, tuple(payouts))


def situation(
    spec: GameSpec, rules: RulesSubmission, level: Level, pick: random.Random, rng: Rng
) -> Situation:
    """A payout situation: mostly a winning wager (the vigorish to take), now and then a
    copy or a loss (:data:`~croupier.training.situation.LOSING`)."""
    amount = level.amount(pick)
    any_result = pick.random() < LOSING
    found = payout_round(rules, amount, rng)
    for _ in range(TRIES):
        if any_result or found.total:
            break
        found = payout_round(rules, amount, rng)
    return found


def house_way(
    spec: GameSpec | None, rules: RulesSubmission, pick: random.Random, rng: Rng
) -> Arrangement:
    """A house-way item: a round played until the dealer's tiles are set by the Rules
    Submission's house way; the four tiles, and the setting with its rule."""
    table = Table.open(_spec(), rules, rng)
    table.wager(1, "pai_gow", rules.minimum_wager)
    table.finish(until=lambda: any(isinstance(e, DealerHandsSet) for e in table.round.events))
    events = table.round.events
    tiles = tuple(map(str, _first(events, DealerTilesTurnedOver).tiles))
    setting = _first(events, DealerHandsSet)
    rule = WAY_RULES.get(setting.rule)
    words = rule.text if rule is not None else "the dealer's setting as entered"
    cite = rule.cite if rule is not None and rule.cite else setting.cite
    return Arrangement(
        game=table.round.game,
        scene=(f"The dealer's tiles: {' '.join(tiles)}.",),
        pieces=tuple(tiles),
        first=tuple(map(str, setting.high)),
        second=tuple(map(str, setting.low)),
        first_name="high hand",
        second_name="low hand",
        rule=words,
        cite=cite,
        noun="tiles",
    )


# -- irregularities (621a.6(e), 621a.12) -------------------------------------------------
QUOTES = {
    "621a.12(a)": (
        "If the dealer uncovers the Pai Gow shaker and all three dice have not landed flat on"
        " the bottom of the shaker, the dealer shall call a ''no roll'' and reshake the dice."
    ),
    "621a.12(b)": (
        "If the dealer uncovers the Pai Gow shaker and a die or dice fall out of the shaker, "
        "the dealer shall call a ''no roll'' and reshake the dice."
    ),
    "621a.12(c)": (
        "If the dealer incorrectly totals the dice and deals the tiles to the wrong "
        "positions, all hands shall be void, all wagers shall be returned to the players and "
        "the dealer shall reshuffle the tiles."
    ),
    "621a.12(d)": (
        "If the dealer exposes any of the tiles dealt to a player, the player shall have the "
        "option of voiding the hand. Without looking at his unexposed tiles, the player shall"
        " make the decision either to play out the hand or to void the hand. If the player "
        "elects to void his hand, any wagers placed by the player shall be returned to the "
        "player."
    ),
    "621a.12(e)": (
        "If a tile dealt to the dealer, the Dead Hand or any position where there is no wager"
        " is exposed, all hands shall be void, all wagers shall be returned to the players "
        "and the tiles shall be reshuffled."
    ),
    "621a.6(e)": (
        "If during the stacking process described in subsection (d), a tile is turned over "
        "and exposed to the players, the entire set of tiles shall be remixed."
    ),
}
"""The text of the sections of the irregularities drilled, as the regulation writes it."""

HANDLING = Handling(
    said={
        "tile_turned_over_while_stacking": (
            "While the tiles are being stacked, a tile is turned over and exposed to the players."
        ),
        "dice_not_flat": (
            "The dealer uncovers the shaker: the three dice have not all landed flat on its bottom."
        ),
        "die_fell_out": "The dealer uncovers the shaker and a die falls out of it.",
        "wrong_positions": (
            "The dealer totalled the dice incorrectly and dealt the tiles to the wrong positions."
        ),
        "tile_exposed": "The dealer exposes a tile of the hand dealt to {position}.",
    },
    events={
        TilesRemixed: Remedy.RESHUFFLE,
        NoRoll: Remedy.NO_ROLL,
        TileExposed: Remedy.PLAYER_CHOICE,
        RoundVoided: Remedy.VOID,
    },
    quotes=QUOTES,
    menu=(
        Remedy.VOID,
        Remedy.RESHUFFLE,
        Remedy.NO_ROLL,
        Remedy.AS_THEY_LIE,
        Remedy.PLAYER_CHOICE,
        Remedy.CARRY_ON,
    ),
)
"""How the engine's handling of the Pai Gow irregularities is read: a tile of a player's
hand exposed leaves him the choice (621a.12(d)); one of any other position voids the
round after it (621a.12(e), read last)."""


def irregularity(spec: GameSpec, rules: RulesSubmission, pick: random.Random, rng: Rng) -> Incident:
    """An irregularity drill item (:mod:`croupier.training.irregularity`): a round with
    the dice read in (only physical dice can land badly), played to a moment at which
    the round offers the dealer an irregularity; a tile exposed is one of a position
    drawn among those the round lets be exposed, its tile drawn among those still face
    down there."""
    left = list(HANDLING.said)
    for _ in range(20):
        table = Table.open(_spec(), rules, rng, physical_dice=True)
        table.wager(1, "pai_gow", rules.minimum_wager)
        aim = pick.choice(left)  # each kind as likely
        kind = play_to(table, {aim}, pick, stuck=read_in(rng))
        if kind is None:
            if len(left) > 1:
                left.remove(aim)
            continue
        extra: dict[str, Any] = {}
        said = HANDLING.said[kind]
        if kind == "tile_exposed":
            round_ = table.round
            assert isinstance(round_, PaiGowRound)
            dealt = round_.exposable_positions()
            position = pick.choice(sorted(dealt))
            extra = {"position": position, "tile": str(pick.choice(dealt[position]))}
            whose = f"seat {position}" if position.isdigit() else f"the {words(position).lower()}"
            said = said.format(position=whose)
        found = incident(table, kind, HANDLING, pick, **extra)
        return dataclasses.replace(found, what=said)
    raise RuntimeError("20 Pai Gow rounds offered no irregularity")
